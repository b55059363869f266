//! `whalegen batch --shard I/N` and `--merge`, run as a user would in a
//! temporary folder.

mod common;

use std::path::{Path, PathBuf};

use common::{stderr, whalegen};

/// A small chain preset, quick to render.
const CHAIN: &str = "scene = \"chain\"\nwidth = 60\nheight = 40\nframes = 4\n";

/// Eight renders of three jobs: seeds, several outputs, a folder of
/// frames, two scenes.
const JOBS: &str = r#"
[[job]]
preset = "small.toml"
seeds = [1, 2, 3]
outputs = ["gif", { path = "stills/{preset}-{seed}.png", frame = 2 }]

[[job]]
preset = "small.toml"
set = { stiffness = 1 }
outputs = [{ path = "rigid/", frames = 3 }]

[[job]]
preset = "whale"
set = { width = 60, height = 40 }
outputs = [{ path = "whale.png", frame = 3 }]
"#;

fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("small.toml"), CHAIN).unwrap();
    std::fs::write(dir.path().join("jobs.toml"), JOBS).unwrap();
    dir
}

/// Runs whalegen in `d`, expecting `code`; its stderr.
fn run(d: &Path, args: &[&str], code: i32) -> String {
    let out = whalegen(d, args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// Renders share `i` of `n` of jobs.toml into `s{n}-{i}`.
fn shard(d: &Path, i: u32, n: u32) -> String {
    let dir = format!("s{n}-{i}");
    let share = format!("{i}/{n}");
    run(d, &["batch", "jobs.toml", "--shard", &share, "-o", &dir], 0);
    dir
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn a_batch_split_1_2_3_and_7_ways_merges_into_the_unsharded_manifest_byte_for_byte() {
    let dir = setup();
    let d = dir.path();
    run(d, &["batch", "jobs.toml", "-o", "whole"], 0);
    let whole = read(&d.join("whole/manifest.json"));
    for n in [1, 2, 3, 7] {
        let shards: Vec<String> = (1..=n).map(|i| shard(d, i, n)).collect();
        let merged = format!("m{n}");
        let args = [
            &["batch", "--merge"][..],
            &shards.iter().map(String::as_str).collect::<Vec<_>>(),
            &["-o", &merged],
        ]
        .concat();
        let err = run(d, &args, 0);
        assert!(err.contains("10 files of"), "{err}");
        assert_eq!(
            String::from_utf8(read(&d.join(&merged).join("manifest.json"))).unwrap(),
            String::from_utf8(whole.clone()).unwrap(),
            "{n} ways"
        );
        // Every share is checked alone, and the merged folder as a whole.
        for (i, shard) in shards.iter().enumerate() {
            let share = format!("{}/{n}", i + 1);
            run(
                d,
                &[
                    "batch",
                    "--check",
                    "jobs.toml",
                    "--shard",
                    &share,
                    "-o",
                    shard,
                ],
                0,
            );
        }
        run(d, &["batch", "--check", "jobs.toml", "-o", &merged], 0);
    }
    // Each share holds a part, and the list of its files.
    let text = String::from_utf8(read(&d.join("s3-2/manifest.json"))).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["shard"]["index"], 2);
    assert_eq!(json["shard"]["count"], 3);
    let files = json["shard"]["files"].as_array().unwrap();
    assert!(!files.is_empty() && files.len() < 10, "{files:?}");
}

#[test]
fn a_share_is_checked_as_a_share() {
    let dir = setup();
    let d = dir.path();
    let s = shard(d, 2, 3);
    let err = run(d, &["batch", "--check", "jobs.toml", "-o", &s], 1);
    assert!(
        err.contains("holds share 2 of 3") && err.contains("--shard"),
        "{err}"
    );
    let err = run(
        d,
        &["batch", "--check", "jobs.toml", "--shard", "1/3", "-o", &s],
        1,
    );
    assert!(err.contains("this run renders share 1 of 3"), "{err}");
    let err = run(d, &["batch", "jobs.toml", "--shard", "4/3", "-o", &s], 2);
    assert!(err.contains("expected I/N"), "{err}");
}

/// Copies the folder `from` to `to`, as an artifact would be.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}

/// Asserts that merging `shards` in `d` is refused, naming `needle` in a
/// line of its own, and writes nothing.
fn refused(d: &Path, shards: &[&str], needle: &str) -> String {
    let args = [&["batch", "--merge"][..], shards, &["-o", "merged"]].concat();
    let err = run(d, &args, 1);
    assert!(
        err.lines()
            .any(|l| l.starts_with("whalegen: refused: ") && l.contains(needle)),
        "{needle}: {err}"
    );
    assert!(err.contains("nothing was written"), "{err}");
    assert!(!d.join("merged").exists(), "{needle}: merged anyway");
    err
}

#[test]
fn merge_refuses_gaps_overlaps_conflicts_and_unlisted_files() {
    let dir = setup();
    let d = dir.path();
    let [a, b, c] = [1, 2, 3].map(|i| shard(d, i, 3));
    let (a, b, c) = (a.as_str(), b.as_str(), c.as_str());
    refused(d, &[a, b], "gap: share 3 of 3 of job list ");
    copy_dir(&d.join(b), &d.join("b2"));
    refused(d, &[a, b, c, "b2"], "overlap: share 2 of 3 of job list ");
    // A share of another batch: one job differs.
    std::fs::write(
        d.join("other.toml"),
        JOBS.replace("preset = \"whale\"", "preset = \"chain\""),
    )
    .unwrap();
    run(
        d,
        &["batch", "other.toml", "--shard", "3/3", "-o", "other"],
        0,
    );
    refused(d, &[a, b, "other"], "shares of two different batches");
    // A share's folder that is not what its manifest says.
    let manifest = |dir: &str| d.join(dir).join("manifest.json");
    let text = String::from_utf8(read(&manifest(b))).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first = json["outputs"][0]["path"].as_str().unwrap().to_string();
    let file = d.join(b).join(&first);
    let bytes = read(&file);
    std::fs::write(&file, b"x").unwrap();
    refused(d, &[a, b, c], &format!("conflict: {b}/{first}: sha256 "));
    std::fs::remove_file(&file).unwrap();
    refused(
        d,
        &[a, b, c],
        &format!("gap: {b}/{first}: in its manifest, but "),
    );
    std::fs::write(&file, &bytes).unwrap();
    std::fs::write(d.join(b).join("extra.txt"), "hi").unwrap();
    refused(
        d,
        &[a, b, c],
        &format!("unlisted: {b}/extra.txt: not in its manifest"),
    );
    std::fs::remove_file(d.join(b).join("extra.txt")).unwrap();
    std::os::unix::fs::symlink("/etc", d.join(b).join("etc")).unwrap();
    refused(d, &[a, b, c], "a symbolic link");
    std::fs::remove_file(d.join(b).join("etc")).unwrap();
    // A file of the share not made (its render failed), or made by another.
    let mut dropped = json.clone();
    dropped["outputs"].as_array_mut().unwrap().remove(0);
    std::fs::write(manifest(b), dropped.to_string()).unwrap();
    std::fs::remove_file(&file).unwrap();
    refused(
        d,
        &[a, b, c],
        &format!("gap: {first}: in share 2 of 3 of job list "),
    );
    let mut claimed = json.clone();
    let theirs = String::from_utf8(read(&manifest(c))).unwrap();
    let theirs: serde_json::Value = serde_json::from_str(&theirs).unwrap();
    claimed["shard"]["files"] = theirs["shard"]["files"].clone();
    std::fs::write(manifest(b), claimed.to_string()).unwrap();
    std::fs::write(&file, &bytes).unwrap();
    let err = refused(d, &[a, b, c], "overlap: ");
    assert!(
        err.contains(&format!(
            "conflict: {b}/{first}: in its manifest, but not in its share 2 of 3"
        )),
        "{err}"
    );
    // A share that cannot be, which would list four billion gaps.
    let mut huge = json.clone();
    huge["shard"]["count"] = u32::MAX.into();
    std::fs::write(manifest(b), huge.to_string()).unwrap();
    refused(d, &[a, b, c], "expected I of N, N from 1 to 1000");
    // A manifest that leads out of its folder.
    let mut escaping = json.clone();
    escaping["outputs"][0]["path"] = "../small.toml".into();
    std::fs::write(manifest(b), escaping.to_string()).unwrap();
    refused(d, &[a, b, c], "`..` is not allowed");
    // Whole again: merged.
    std::fs::write(manifest(b), text).unwrap();
    run(d, &["batch", "--merge", a, b, c, "-o", "merged"], 0);
}

/// Runs `whalegen batch --merge ARGS` in `d`, killed after 20 s (a FIFO
/// manifest used to block forever): its exit code and stderr.
fn merge_within_20s(d: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = common::command(d, &[&["batch", "--merge"][..], args].concat())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed().as_secs() > 20 {
            child.kill().unwrap();
            panic!("merge {args:?} still ran after 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), stderr(&out))
}

/// A shard's manifest.json and its text.
fn manifest_of(shard: &Path) -> (PathBuf, String) {
    let manifest = shard.join("manifest.json");
    let text = String::from_utf8(read(&manifest)).unwrap();
    (manifest, text)
}

#[test]
fn a_manifest_that_is_a_link_a_pipe_or_a_device_is_refused_unread_and_never_quoted() {
    let dir = setup();
    let d = dir.path();
    let [a, b, c] = [1, 2, 3].map(|i| shard(d, i, 3));
    let (a, b, c) = (a.as_str(), b.as_str(), c.as_str());
    let (manifest, text) = manifest_of(&d.join(b));
    let secret = text.replace("\"shard\"", "\"ghp_secret1\": \"ghp_secret2\", \"shard\"");
    std::fs::write(d.join("elsewhere.json"), &secret).unwrap();
    std::fs::remove_file(&manifest).unwrap();
    std::os::unix::fs::symlink(d.join("elsewhere.json"), &manifest).unwrap();
    let err = refused(d, &[a, b, c], "symbolic link");
    assert!(!err.contains("ghp_"), "{err}");
    std::fs::remove_file(&manifest).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &manifest).unwrap();
    refused(d, &[a, b, c], "symbolic link");
    std::fs::remove_file(&manifest).unwrap();
    rustix::fs::mkfifoat(rustix::fs::CWD, &manifest, rustix::fs::Mode::RWXU).unwrap();
    let (code, err) = merge_within_20s(d, &[a, b, c, "-o", "merged"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    // A manifest of the wrong shape: which key, not its value.
    std::fs::remove_file(&manifest).unwrap();
    std::fs::write(&manifest, &secret).unwrap();
    let err = refused(d, &[a, b, c], "unknown field `…`");
    assert!(!err.contains("ghp_"), "{err}");
    let wrong = text.replacen("\"index\": 2", "\"index\": \"ghp_secret\"", 1);
    std::fs::write(&manifest, wrong).unwrap();
    let err = refused(d, &[a, b, c], "invalid type: string \"…\", expected u32");
    assert!(!err.contains("ghp_"), "{err}");
}

#[test]
fn a_forged_manifest_says_its_first_problems_escaped_and_how_many_more() {
    let dir = setup();
    let d = dir.path();
    let [a, b, c] = [1, 2, 3].map(|i| shard(d, i, 3));
    let (a, b, c) = (a.as_str(), b.as_str(), c.as_str());
    let (manifest, text) = manifest_of(&d.join(b));
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let names: Vec<String> = (0..1_000_000).map(|i| format!("f{i}.png")).collect();
    json["shard"]["files"] = names.into();
    json["shard"]["files"][0] = "\u{1b}]0;title\u{7}.png".into();
    std::fs::write(&manifest, json.to_string()).unwrap();
    let err = refused(d, &[a, b, c], "gap: ");
    assert!(err.lines().count() < 30, "{} lines", err.lines().count());
    let more = err
        .lines()
        .find_map(|l| l.strip_prefix("whalegen: ... and "));
    let more: usize = more.unwrap().trim_end_matches(" more").parse().unwrap();
    assert!(more > 999_000, "{err}");
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
    assert!(err.contains("\\u{1b}]0;title\\u{7}.png"), "{err}");
}

#[test]
fn a_merge_into_a_shard_it_merges_is_refused() {
    let dir = setup();
    let d = dir.path();
    let [a, b, c] = [1, 2, 3].map(|i| shard(d, i, 3));
    let (a, b, c) = (a.as_str(), b.as_str(), c.as_str());
    for output in [a.to_string(), format!("{a}/merged"), format!("{b}/x/../y")] {
        let err = run(d, &["batch", "--merge", a, b, c, "-o", &output], 1);
        assert!(
            err.contains("the output folder is a shard's"),
            "{output}: {err}"
        );
        assert!(!d.join(a).join("merged").exists() && !d.join(b).join("y").exists());
    }
}
