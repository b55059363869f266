//! Messages that must not mislead (issue 27, item 7): each refusal names
//! what is wrong and what to do, in one line, and writes nothing.

mod common;

use std::path::Path;

use common::{refused, stderr, whalegen};

/// A folder holding `sketch.js` with `code`, and an empty `run` folder in it
/// to render from.
fn sketch(code: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sketch.js"), code).unwrap();
    std::fs::create_dir(dir.path().join("run")).unwrap();
    dir
}

/// Asserts that rendering the sketch of `dir` as p5.js 1 and as 2 with
/// `args` is refused with `needle`, writing nothing.
fn both_refuse(dir: &Path, args: &[&str], needle: &str) {
    let path = dir.join("sketch.js");
    for p5 in ["1", "2"] {
        let mut all = vec!["render", path.to_str().unwrap(), "--p5", p5];
        all.extend_from_slice(args);
        refused(&dir.join("run"), &all, needle);
    }
}

#[test]
fn sound_and_video_are_said_unsupported_not_outside_the_folder() {
    for call in [
        "loadSound('a.mp3')",
        "createCapture(VIDEO)",
        "createVideo('a.mp4')",
        "createAudio('a.mp3')",
    ] {
        let name = &call[..call.find('(').unwrap()];
        let dir = sketch(&format!("function setup() {{\n  {call};\n}}\n"));
        let needle = format!(
            "{name}() is not supported: whalegen renders pictures, without sound (p5.sound), \
             video or a camera"
        );
        both_refuse(dir.path(), &["-o", "x.png"], &needle);
    }
}

#[test]
fn an_es_module_is_said_unsupported_with_its_line() {
    let says = "`import` and `export` are not supported: whalegen runs a sketch as a classic \
                script, in p5's global mode";
    let import = "// flow field\nimport { noise2 } from './noise.js';\nfunction setup() {}\n";
    let dir = sketch(import);
    both_refuse(
        dir.path(),
        &["-o", "x.png"],
        &format!("sketch.js:2: {says}"),
    );
    let export = "export function setup() {\n  createCanvas(10, 10);\n}\n";
    let dir = sketch(export);
    both_refuse(
        dir.path(),
        &["-o", "x.png"],
        &format!("sketch.js:1: {says}"),
    );
}

#[test]
fn too_many_frames_are_blamed_on_frames() {
    let dir = sketch("function draw() {}\n");
    let needle = "`frames` = 2000000: expected a number from 1 to 1000000";
    both_refuse(dir.path(), &["--frames", "2000000"], needle);
    let run = tempfile::tempdir().unwrap();
    refused(run.path(), &["render", "--frames", "2000000"], needle);
}

#[test]
fn the_output_is_checked_before_setup_runs() {
    // setup() prints: a refused output must stop before it.
    let dir = sketch("function setup() {\n  print('setup ran');\n}\n");
    let path = dir.path().join("sketch.js");
    let run = dir.path().join("run");
    for (output, needle) in [
        ("x.txt", "output `x.txt`: expected a .gif, .png"),
        ("{nope}.gif", "unknown placeholder `{nope}`"),
    ] {
        let args = ["render", path.to_str().unwrap(), "-o", output];
        let out = whalegen(&run, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("setup ran"), "{args:?}: setup() ran: {err}");
    }
    // {sketch} is a sketch's placeholder.
    let out = whalegen(
        &run,
        &["render", path.to_str().unwrap(), "-q", "-o", "{sketch}.png"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(run.join("sketch.png").is_file());
}

#[test]
fn render_help_gives_each_default_seed_and_every_placeholder() {
    let run = tempfile::tempdir().unwrap();
    let out = whalegen(run.path(), &["render", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        help.contains("Random seed [default: the preset's, else 1; a sketch's Math.random: 0]"),
        "{help}"
    );
    for placeholder in ["{preset}", "{scene}", "{sketch}", "{seed}", "{frames}"] {
        assert!(help.contains(placeholder), "{placeholder} missing: {help}");
    }
    // The seed a sketch gets by default is 0: p5's generator seeded with 0.
    let dir = sketch("function setup() {\n  print(random());\n  noLoop();\n}\n");
    let path = dir.path().join("sketch.js");
    let printed = |args: &[&str]| {
        let mut all = vec![
            "render",
            path.to_str().unwrap(),
            "--p5",
            "2",
            "-q",
            "-o",
            "x.png",
        ];
        all.extend_from_slice(args);
        let out = whalegen(&dir.path().join("run"), &all);
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    assert_eq!(printed(&[]), printed(&["--seed", "0"]));
    assert_ne!(printed(&[]), printed(&["--seed", "1"]));
}
