//! `whalegen batch`, run as a user would in a temporary folder.

mod common;

use std::path::Path;

use common::{stderr, whalegen};
use sha2::{Digest, Sha256};

/// A small chain preset, quick to render.
const CHAIN: &str = "scene = \"chain\"\nwidth = 60\nheight = 40\nframes = 4\n";

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
        assert!(entry["seconds"].as_f64().unwrap() >= 0.0);
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
