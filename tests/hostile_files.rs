//! Preset files and sketch folders are untrusted input: bounded in size,
//! refused when they are not text, never echoed back when they are not
//! presets, and never a way to read outside their folder.

mod common;

use std::fs::File;
use std::path::Path;

use common::{stderr, whalegen};
use whalegen::internals::Preset;

/// `Preset::load` of `path`, which must be refused: the whole message.
fn refusal(path: &Path) -> String {
    match Preset::load(path.to_str().unwrap()) {
        Ok(_) => panic!("{} was loaded", path.display()),
        Err(err) => err.chain(),
    }
}

/// A valid preset of exactly `size` bytes: a scene, then comment lines.
fn preset_of(size: usize) -> String {
    let mut text = String::from("scene = \"tree\"\n");
    while text.len() < size {
        let line = "# padding\n";
        text += &line[..line.len().min(size - text.len())];
    }
    text
}

#[test]
fn a_preset_over_1_mib_is_refused_and_1_mib_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.toml");
    std::fs::write(&big, preset_of((1 << 20) + 1)).unwrap();
    let err = refusal(&big);
    assert!(err.contains("big.toml") && err.contains("1 MiB"), "{err}");
    let fits = dir.path().join("fits.toml");
    std::fs::write(&fits, preset_of(1 << 20)).unwrap();
    Preset::load(fits.to_str().unwrap()).unwrap();
}

/// Without the limit these read until memory runs out: leave this test out
/// (`--skip unbounded`) to see the others fail without it.
#[test]
fn unbounded_files_are_refused_before_they_are_read() {
    let err = refusal(Path::new("/dev/zero"));
    assert!(
        err.contains("/dev/zero") && err.contains("not a regular file"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let sparse = dir.path().join("sparse.toml");
    File::create(&sparse).unwrap().set_len(1 << 30).unwrap();
    let err = refusal(&sparse);
    assert!(
        err.contains("sparse.toml") && err.contains("1 MiB"),
        "{err}"
    );
}

#[test]
fn text_that_is_not_utf8_is_refused_by_file_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.toml");
    std::fs::write(&path, b"scene = \"tree\"\ndescription = \"caf\xe9\"\n").unwrap();
    let err = refusal(&path);
    assert!(
        err.contains("latin1.toml") && err.contains("UTF-8"),
        "{err}"
    );
}

#[test]
fn a_file_that_is_not_a_preset_is_never_echoed() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("passwd.toml", "root:secret-hash:0:0:root:/root:/bin/bash\n"),
        ("env.toml", "password = \"hunter2-secret\"\nkey = 3\n"),
        ("dup.toml", "secret_one = 1\nsecret_one = 2\n"),
        ("outputs.toml", "outputs = \"secret.gif\"\n"),
        ("description.toml", "description = [\"secret\"]\n"),
        ("string.toml", "a = \"secret\\q\"\n"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let err = refusal(&path);
        assert!(err.contains(name), "{err}");
        assert!(
            !err.contains("secret") && !err.contains("hunter2"),
            "{name}: {err}"
        );
    }
}

#[test]
fn values_echoed_from_a_preset_are_short_and_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(300);
    for text in [
        format!("scene = \"chain\"\nwidth = \"{long}\\u001b[31m\"\n"),
        format!("scene = \"chain\"\n\"{long}\\u001b[31m\" = 1\n"),
        format!("scene = \"tree\"\naxiom = \"{}\"\n", "[".repeat(20_000)),
        format!("scene = \"{long}\\u001b[31m\"\n"),
    ] {
        let path = dir.path().join("odd.toml");
        std::fs::write(&path, &text).unwrap();
        let err = match Preset::load(path.to_str().unwrap())
            .and_then(|p| whalegen::internals::checked_settings(&p, &[]))
        {
            Ok(_) => panic!("{text:.40} was accepted"),
            Err(err) => err.chain(),
        };
        assert!(
            err.contains("odd.toml line 2") || err.contains("odd.toml line 1"),
            "{err}"
        );
        assert!(!err.chars().any(char::is_control), "{err}");
        assert!(err.len() < 400, "{} characters: {err}", err.len());
    }
}

#[test]
fn list_escapes_descriptions_and_lists_only_names_that_load() {
    let dir = tempfile::tempdir().unwrap();
    let presets = dir.path().join("presets");
    std::fs::create_dir(&presets).unwrap();
    let text = "scene = \"tree\"\ndescription = \"red \\u001b[31mtext\\nsecond line\"\n";
    std::fs::write(presets.join("escape.toml"), text).unwrap();
    std::fs::write(presets.join("double.toml.toml"), "scene = \"tree\"\n").unwrap();
    let out = whalegen(dir.path(), &["list"]);
    assert!(out.status.success());
    let listing = String::from_utf8(out.stdout).unwrap();
    assert!(!listing.contains('\u{1b}'), "{listing}");
    let escape = listing.lines().find(|l| l.starts_with("escape ")).unwrap();
    assert!(escape.contains("second line"), "one line: {listing}");
    for line in listing.lines() {
        let name = line.split_whitespace().next().unwrap();
        let out = whalegen(dir.path(), &["show", name]);
        assert!(
            out.status.success(),
            "`list` shows {name}, which does not load"
        );
    }
}

/// A sketch folder `sk` beside a folder `outside` that holds a secret.
fn sketch_beside_a_secret(d: &Path, sketch: &str) {
    std::fs::create_dir_all(d.join("sk")).unwrap();
    std::fs::create_dir_all(d.join("outside")).unwrap();
    std::fs::write(d.join("outside/secret.txt"), "TOPSECRET").unwrap();
    std::fs::write(d.join("sk/sketch.js"), sketch).unwrap();
    std::fs::write(d.join("sk/data.txt"), "harmless").unwrap();
}

/// A sketch reads `data.txt` 2,000 times while another thread swaps it,
/// as fast as it can, between a file and a link to a file outside: the
/// check of the path and the open are one step, so no read ever follows
/// the link. (Before, 3 test runs of 3 read the secret.)
#[test]
fn a_file_swapped_with_a_link_while_the_sketch_reads_it_never_leads_outside() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let sketch = "function setup() {\n  createCanvas(10, 10);\n  let read = 0;\n  \
                  for (let i = 0; i < 2000; i++) {\n    let lines = null;\n    \
                  try { lines = loadStrings('data.txt'); } catch (e) {}\n    \
                  if (lines && lines.join('').includes('TOPSECRET')) throw new Error('LEAKED');\n    \
                  if (lines) read++;\n  }\n  print('read ' + read);\n}\n";
    sketch_beside_a_secret(d, sketch);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // `other` is a link out; each swap exchanges it with data.txt in one
    // step (renameat2's RENAME_EXCHANGE), so data.txt is a file half the
    // time and a link the other half.
    std::os::unix::fs::symlink("../outside/secret.txt", d.join("sk/other")).unwrap();
    let swapper = {
        let (stop, sk) = (stop.clone(), d.join("sk"));
        std::thread::spawn(move || {
            use rustix::fs::{renameat_with, RenameFlags, CWD};
            let (a, b) = (sk.join("data.txt"), sk.join("other"));
            let mut swaps = 0u64;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                renameat_with(CWD, &a, CWD, &b, RenameFlags::EXCHANGE).unwrap();
                swaps += 1;
            }
            swaps
        })
    };
    let mut reads = 0;
    for _ in 0..6 {
        let out = whalegen(d, &["render", "sk/sketch.js", "--dry-run", "-q"]);
        let err = stderr(&out);
        assert!(!err.contains("LEAKED"), "the secret was read: {err}");
        assert!(out.status.success(), "{err}");
        reads += err
            .lines()
            .filter_map(|l| l.strip_prefix("read "))
            .map(|n| n.trim().parse::<u32>().unwrap())
            .sum::<u32>();
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    // The race was run: the file was read, and swapped under the reads.
    assert!(reads > 1000 && swaps > 1000, "{reads} reads, {swaps} swaps");
}

#[test]
fn a_sketch_folder_whose_index_or_script_is_a_link_out_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    sketch_beside_a_secret(d, "function setup() { createCanvas(10, 10); }");
    let index = "<script src=\"sketch.js\"></script>";
    std::fs::write(d.join("outside/index.html"), index).unwrap();
    std::os::unix::fs::symlink("../outside/index.html", d.join("sk/index.html")).unwrap();
    let jobs = "[[job]]\nsketch = \"sk\"\noutputs = [\"png\"]\n";
    std::fs::write(d.join("jobs.toml"), jobs).unwrap();
    let out = whalegen(d, &["batch", "jobs.toml", "-o", "out"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("index.html") && err.contains("symbolic link"),
        "{err}"
    );
    assert!(!d.join("out/sk.png").exists(), "{err}");
    // A script listed by a real index.html, a link out: refused too.
    std::fs::remove_file(d.join("sk/index.html")).unwrap();
    std::fs::write(
        d.join("sk/index.html"),
        "<script src=\"lib/x.js\"></script>",
    )
    .unwrap();
    std::os::unix::fs::symlink("../outside", d.join("sk/lib")).unwrap();
    std::fs::write(d.join("outside/x.js"), "function setup() {}").unwrap();
    let out = whalegen(d, &["render", "sk", "--dry-run", "-q"]);
    common::assert_refused(&out, &["render", "sk"], "symbolic link");
}

/// An index.html of 38,000 script tags was read script by script until
/// memory ran out: at most 256 scripts, 16 MiB of them together. (30,000
/// tags: the index itself is at most 1 MiB.)
#[test]
fn an_index_of_too_many_or_too_large_scripts_is_refused_in_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("many")).unwrap();
    std::fs::write(d.join("many/a.js"), "var a = 1;\n").unwrap();
    let tags = "<script src=a.js></script>\n".repeat(30_000);
    std::fs::write(d.join("many/index.html"), tags).unwrap();
    let out = whalegen(d, &["render", "many", "--dry-run", "-q"]);
    common::assert_refused(&out, &["render", "many"], "over 256 scripts");
    std::fs::create_dir(d.join("large")).unwrap();
    std::fs::write(
        d.join("large/a.js"),
        format!("// {}\n", "x".repeat(1_000_000)),
    )
    .unwrap();
    let tags = "<script src=\"a.js\"></script>\n".repeat(20);
    std::fs::write(d.join("large/index.html"), tags).unwrap();
    let out = whalegen(d, &["render", "large", "--dry-run", "-q"]);
    common::assert_refused(&out, &["render", "large"], "over 16 MiB together");
}
