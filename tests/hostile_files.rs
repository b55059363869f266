//! Preset files are untrusted input: bounded in size, refused when they are
//! not text, and never echoed back when they are not presets.

mod common;

use std::fs::File;
use std::path::Path;

use common::whalegen;
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
