//! `whalegen batch`, run as a user would in a temporary folder.

mod common;

use std::path::Path;

use common::{stderr, whalegen};
use sha2::{Digest, Sha256};

/// A small chain preset, quick to render: as SCENES.md starts it (no
/// warm-up), so that its circles are on this small canvas.
const CHAIN: &str = "scene = \"chain\"\nwidth = 60\nheight = 40\nframes = 4\nseamless = false\n";

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn manifest(dir: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("out/manifest.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["outputs"].as_array().unwrap().clone()
}

fn sha256(path: &Path) -> String {
    let digest = Sha256::digest(std::fs::read(path).unwrap());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn a_failing_job_is_named_and_the_others_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "small.toml", CHAIN);
    write(
        d,
        "jobs.toml",
        r#"
[[job]]
preset = "small.toml"

[[job]]
preset = "small.toml"
set = { stiffness = 3 }
outputs = [{ path = "stiff.gif" }]

[[job]]
preset = "no-such-preset"

[[job]]
preset = "small.toml"
outputs = ["png"]
"#,
    );
    let out = whalegen(d, &["batch", "jobs.toml", "-o", "out"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("failed: stiff.gif") && err.contains("`stiffness` = 3"),
        "{err}"
    );
    assert!(err.contains("no-such-preset"), "{err}");
    assert!(err.contains("2 of the batch's renders failed"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // Not on a terminal: a line per finished render.
    assert!(err.lines().any(|l| l.starts_with("small.gif: ")), "{err}");
    assert!(d.join("out/small.gif").is_file() && d.join("out/small.png").is_file());
    assert!(!d.join("out/stiff.gif").exists());
    let paths: Vec<_> = manifest(d).iter().map(|e| e["path"].clone()).collect();
    assert_eq!(paths, ["small.gif", "small.png"]);
}

#[test]
fn the_manifest_lists_each_file_with_its_hash_and_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "small.toml", CHAIN);
    write(
        d,
        "jobs.toml",
        r#"
[[job]]
preset = "small.toml"
seeds = [1, 2, 3]
set = { width = 50 }
outputs = ["gif", { path = "stills/{scene}-{seed}.png", frame = 2, scale = 2 }]
"#,
    );
    let out = whalegen(d, &["batch", "jobs.toml", "-o", "out", "--jobs", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let entries = manifest(d);
    let paths: Vec<&str> = entries
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "small-1.gif",
            "small-2.gif",
            "small-3.gif",
            "stills/chain-1.png",
            "stills/chain-2.png",
            "stills/chain-3.png",
        ]
    );
    for entry in &entries {
        let file = d.join("out").join(entry["path"].as_str().unwrap());
        assert_eq!(entry["sha256"], sha256(&file));
        assert_eq!(entry["bytes"], std::fs::metadata(&file).unwrap().len());
        assert_eq!(entry["preset"], "small");
        assert_eq!(entry["scene"], "chain");
        // No timings: an unchanged batch writes the same manifest again.
        assert!(entry.get("seconds").is_none(), "{entry}");
    }
    let (gif, still) = (&entries[1], &entries[4]);
    assert_eq!((&gif["seed"], &gif["frames"]), (&2.into(), &4.into()));
    assert_eq!((&gif["width"], &gif["height"]), (&50.into(), &40.into()));
    assert_eq!(
        (&still["frames"], &still["width"]),
        (&1.into(), &100.into())
    );
}

#[test]
fn seeds_give_one_output_each() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "seeds.toml",
        "[[job]]\npreset = \"whale\"\nset = { width = 80, height = 60 }\nseeds = [1, 2, 7]\n\
         outputs = [\"png\"]\n",
    );
    let out = whalegen(d, &["batch", "seeds.toml", "-o", "out", "--quiet"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let hashes: Vec<String> = [1, 2, 7]
        .iter()
        .map(|seed| sha256(&d.join(format!("out/whale-{seed}.png"))))
        .collect();
    assert!(
        hashes[0] != hashes[1] && hashes[1] != hashes[2],
        "{hashes:?}"
    );
    let seeds: Vec<_> = manifest(d).iter().map(|e| e["seed"].clone()).collect();
    assert_eq!(seeds, [1, 2, 7]);
}

#[test]
fn check_passes_untouched_and_names_what_a_preset_edit_changed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "small.toml", CHAIN);
    write(d, "other.toml", CHAIN);
    write(
        d,
        "jobs.toml",
        "[[job]]\npreset = \"small.toml\"\noutputs = [\"png\"]\n\
         [[job]]\npreset = \"other.toml\"\noutputs = [\"png\"]\n",
    );
    let out = whalegen(d, &["batch", "jobs.toml", "-o", "out"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listing = || {
        let mut names: Vec<_> = std::fs::read_dir(d.join("out"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    let (before, manifest_before) = (listing(), manifest(d));

    let out = whalegen(d, &["batch", "--check", "jobs.toml", "-o", "out"]);
    assert!(out.status.success(), "{}", stderr(&out));

    write(d, "small.toml", &format!("{CHAIN}stiffness = 1\n"));
    let out = whalegen(d, &["batch", "--check", "jobs.toml", "-o", "out"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let old = manifest_before[1]["sha256"].as_str().unwrap();
    assert!(
        err.contains("changed: small.png: sha256 ") && err.contains(old),
        "{err}"
    );
    assert!(!err.contains("changed: other.png"), "{err}");
    assert!(err.contains("1 file differs"), "{err}");
    assert_eq!(listing(), before);
    assert_eq!(manifest(d), manifest_before);
}

#[test]
fn check_names_files_changed_or_gone_on_disk_and_a_rerun_changes_no_byte() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "small.toml", CHAIN);
    write(
        d,
        "jobs.toml",
        "[[job]]\npreset = \"small.toml\"\noutputs = [\"png\", \"gif\"]\n",
    );
    let run = |args: &[&str]| {
        let out = whalegen(d, &[&["batch", "jobs.toml", "-o", "out"], args].concat());
        (out.status.code(), stderr(&out))
    };
    assert_eq!(run(&[]).0, Some(0));
    let first = std::fs::read(d.join("out/manifest.json")).unwrap();
    assert_eq!(run(&[]).0, Some(0));
    assert_eq!(std::fs::read(d.join("out/manifest.json")).unwrap(), first);

    let png = std::fs::read(d.join("out/small.png")).unwrap();
    write(&d.join("out"), "small.png", "x");
    std::fs::remove_file(d.join("out/small.gif")).unwrap();
    let (code, err) = run(&["--check"]);
    assert_eq!(code, Some(1), "{err}");
    let old = manifest(d)[1]["sha256"].as_str().unwrap().to_string();
    assert!(
        err.contains(&format!(
            "changed on disk: small.png: sha256 {old} in the manifest, 2d711642"
        )),
        "{err}"
    );
    assert!(
        err.contains("missing on disk: small.gif: in the manifest, but no such file"),
        "{err}"
    );
    assert!(err.contains("2 files differ"), "{err}");
    std::fs::write(d.join("out/small.png"), png).unwrap();
    let (code, err) = run(&["--check"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("1 file differs"), "{err}");

    // A manifest is read as untrusted: its paths stay in its folder.
    for path in ["../small.toml", "/etc/passwd", "./small.png", "a//b.png"] {
        let text = format!(
            "{{ \"outputs\": [{{ \"path\": {path:?}, \"preset\": \"p\", \
             \"scene\": \"chain\", \"seed\": 1, \"frames\": 1, \"width\": 1, \
             \"height\": 1, \"bytes\": 1, \"sha256\": \"00\" }}] }}"
        );
        write(&d.join("out"), "manifest.json", &text);
        let (code, err) = run(&["--check"]);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains("out/manifest.json") && err.contains("`path`"),
            "{path}: {err}"
        );
    }
}

#[test]
fn check_without_a_manifest_says_how_to_make_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = whalegen(dir.path(), &["batch", "--check", "chain", "-o", "out"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("out/manifest.json") && err.contains("without --check"),
        "{err}"
    );
    assert!(!dir.path().join("out").exists());
}

/// Runs `args` in `dir`, killed after `limit`: `None` when it had to be.
fn within(
    dir: &Path,
    args: &[&str],
    limit: std::time::Duration,
    wrap: &[&str],
) -> Option<std::process::Output> {
    let mut command = match wrap.split_first() {
        Some((program, rest)) => {
            let mut c = std::process::Command::new(program);
            c.args(rest).arg(env!("CARGO_BIN_EXE_whalegen")).args(args);
            c.current_dir(dir);
            c
        }
        None => common::command(dir, args),
    };
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while started.elapsed() < limit {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    None
}

#[test]
fn frame_outputs_never_deadlock_on_one_thread_or_one_core() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "small.toml", CHAIN);
    let mut jobs = String::new();
    for seed in 1..=3 {
        jobs += &format!(
            "[[job]]\npreset = \"small.toml\"\nseeds = [{seed}]\n\
             outputs = [{{ path = \"fr{{seed}}/\" }}, {{ path = \"f{{seed}}-%02d.png\" }}]\n"
        );
    }
    write(d, "jobs.toml", &jobs);
    let limit = std::time::Duration::from_secs(60);
    let mut runs: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (vec!["--jobs", "1"], vec![]),
        (vec!["--jobs", "1", "--threads", "1"], vec![]),
        (vec!["--jobs", "3"], vec![]),
    ];
    if std::process::Command::new("taskset")
        .arg("-V")
        .output()
        .is_ok()
    {
        runs.push((vec![], vec!["taskset", "-c", "0"]));
        runs.push((vec!["--jobs", "4"], vec!["taskset", "-c", "0"]));
    }
    for (flags, wrap) in runs {
        let args = [&["batch", "jobs.toml", "-o", "out"][..], &flags].concat();
        let out = within(d, &args, limit, &wrap)
            .unwrap_or_else(|| panic!("{wrap:?} {args:?} hung for a minute"));
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(manifest(d).len(), 3 * 4 * 2, "{args:?}");
    }
}

/// Asserts that `batch jobs.toml` in `d` is refused before rendering
/// anything, naming `needle`, and that nothing appears outside `d`'s
/// `inside` folder.
fn refused_up_front(d: &Path, extra: &[&str], needle: &str) -> String {
    let args = [&["batch", "jobs.toml", "-o", "box/out"][..], extra].concat();
    let out = whalegen(d, &args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(needle), "{needle}: {err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let written: Vec<_> = walk(&d.join("box"));
    assert!(
        written
            .iter()
            .all(|p| ["out", "out/link", "out/manifest.json"]
                .iter()
                .any(|ok| p.ends_with(Path::new("box").join(ok)))),
        "{needle}: {written:?}"
    );
    err
}

/// Every file and folder under `dir`.
fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        found.push(path.clone());
        if path.is_dir() && !path.is_symlink() {
            found.extend(walk(&path));
        }
    }
    found
}

#[test]
fn a_batch_file_stays_in_its_box() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("box/out")).unwrap();
    write(d, "small.toml", CHAIN);
    let job = |outputs: &str| {
        format!(
            "[[job]]\npreset = \"small.toml\"\noutputs = [{{ path = \"ok.gif\" }}]\n\n\
             [[job]]\npreset = \"small.toml\"\noutputs = [{outputs}]\n"
        )
    };
    let escapes = [
        (r#"{ path = "../escaped.gif" }"#, "`..` is not allowed"),
        (r#"{ path = "a/../../escaped.gif" }"#, "`..` is not allowed"),
        (r#"{ path = "/tmp/whalegen-escaped.gif" }"#, "absolute"),
        (r#"{ path = "../fr/" }"#, "`..` is not allowed"),
        (r#"{ path = "link/escaped.gif" }"#, "symbolic link"),
    ];
    std::os::unix::fs::symlink(d, d.join("box/out/link")).unwrap();
    // For --check, which compares with it.
    std::fs::write(d.join("box/out/manifest.json"), "{ \"outputs\": [] }").unwrap();
    for (outputs, needle) in escapes {
        write(d, "jobs.toml", &job(outputs));
        refused_up_front(d, &[], needle);
        // --check renders into a private folder, where no link leads out.
        if needle != "symbolic link" {
            refused_up_front(d, &["--check"], needle);
        }
    }
    assert!(!d.join("escaped.gif").exists() && !d.join("fr").exists());
    assert!(!Path::new("/tmp/whalegen-escaped.gif").exists());
    // Two spellings of one file: neither render runs.
    write(
        d,
        "jobs.toml",
        &job(r#"{ path = "ok.gif", frame = 1 }, { path = "./sub/../ok.gif" }"#)
            .replace("./sub/../ok.gif", "./ok.gif"),
    );
    refused_up_front(d, &[], "another render of the batch writes it too");
    // A batch file's bad GIF sizes fail their job, naming the key (the job
    // before still renders: jobs are read one by one).
    for (outputs, needle) in [
        (r#"{ path = "q.gif", quality = 0 }"#, "`quality` = 0"),
        (
            r#"{ path = "q.gif", max_size = "huge" }"#,
            "`max_size` = huge",
        ),
        // A number is bytes, not a type error (issue 30): 1000 bytes is too
        // few for the whale.
        (
            r#"{ path = "q.gif", frame = 1, max_size = 1000 }"#,
            "`max_size` 1000 bytes: the smallest GIF reached is",
        ),
        (
            r#"{ path = "q.png", frame = 1, quality = 50 }"#,
            "GIF output only",
        ),
    ] {
        write(d, "jobs.toml", &job(outputs));
        let out = whalegen(d, &["batch", "jobs.toml", "-o", "box/out"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(needle), "{needle}: {err}");
        assert!(!d.join("box/out/q.gif").exists() && !d.join("box/out/q.png").exists());
    }
}

#[test]
fn a_batch_file_reads_presets_only_from_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("box/out")).unwrap();
    std::fs::write(
        d.join("secret.toml"),
        "scene = \"chain\"\npassword = \"hunter2\"\n",
    )
    .unwrap();
    for preset in ["/etc/passwd", "../secret.toml", "box/../../secret.toml"] {
        std::fs::write(
            d.join("box/jobs.toml"),
            format!("[[job]]\npreset = {preset:?}\n"),
        )
        .unwrap();
        let out = whalegen(d, &["batch", "box/jobs.toml", "-o", "box/out"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("expected a path inside"), "{preset}: {err}");
        assert!(!err.contains("root:") && !err.contains("hunter2"), "{err}");
        assert_eq!(walk(&d.join("box/out")), Vec::<std::path::PathBuf>::new());
    }
}

#[test]
fn a_manifest_path_in_the_way_is_refused_before_rendering() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "small.toml", CHAIN);
    std::fs::create_dir_all(d.join("out/manifest.json")).unwrap();
    let out = whalegen(d, &["batch", "small.toml", "-o", "out"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("manifest.json") && err.contains("is not a file"),
        "{err}"
    );
    assert!(
        !d.join("out/small.gif").exists(),
        "rendered before refusing"
    );
}

#[test]
fn a_batch_job_renders_a_sketch_from_its_folder_with_parameters_and_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("box/sketches")).unwrap();
    // The size comes from `set`, the colour from Math.random (the seed).
    write(
        &d.join("box/sketches"),
        "dot.js",
        "function setup() { createCanvas(int(getURLParams().size), 20); noLoop(); }\n\
         function draw() { background(random(255)); }\n",
    );
    write(
        &d.join("box"),
        "jobs.toml",
        "[[job]]\nsketch = \"sketches/dot.js\"\np5 = 1\nseeds = [1, 2]\nset = { size = 30 }\noutputs = [\"png\"]\n",
    );
    let out = whalegen(d, &["batch", "box/jobs.toml", "-o", "box/out"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let entries = manifest(&d.join("box"));
    let names: Vec<&str> = entries
        .iter()
        .map(|e| e["path"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["dot-1.png", "dot-2.png"]);
    assert!(entries
        .iter()
        .all(|e| e["width"] == 30 && e["scene"] == "sketch"));
    assert_ne!(
        entries[0]["sha256"], entries[1]["sha256"],
        "the seed changes the picture"
    );
    // A sketch outside the batch file's folder is refused before anything
    // renders; so is a job that names both a preset and a sketch.
    for (job, needle) in [
        ("sketch = \"../dot.js\"", "expected a path inside"),
        ("sketch = \"/etc/passwd\"", "expected a path inside"),
        (
            "sketch = \"sketches/dot.js\"\npreset = \"chain\"",
            "one of preset or sketch",
        ),
    ] {
        write(&d.join("box"), "bad.toml", &format!("[[job]]\n{job}\n"));
        let out = whalegen(d, &["batch", "box/bad.toml", "-o", "box/out2"]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains(needle) && !err.contains("root:"),
            "{job}: {err}"
        );
        assert!(!d.join("box/out2").join("manifest.json").exists());
    }
}
