//! What a newcomer meets on the command line (issue 16): colours in p5's
//! forms, `--set` text, `show` with render's flags, `--duration`, warnings,
//! help and completions. The real binary, in a temporary folder.

mod common;

use common::{refused, stderr, whalegen};
use std::path::Path;
use tiny_skia::Pixmap;
use toml::{Table, Value};

/// `whalegen show ARGS`, parsed.
fn show(dir: &Path, args: &[&str]) -> Table {
    let out = whalegen(dir, &[&["show"], args].concat());
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap().parse().unwrap()
}

/// A colour as `show` prints it, as `[r, g, b, a]`, each 0-255.
fn channels(value: &Value) -> [i64; 4] {
    let list: Vec<i64> = match value {
        Value::Float(grey) => vec![*grey as i64],
        Value::Array(list) => list.iter().map(|v| v.as_float().unwrap() as i64).collect(),
        other => panic!("{other}"),
    };
    match list[..] {
        [grey] => [grey, grey, grey, 255],
        [grey, a] => [grey, grey, grey, a],
        [r, g, b] => [r, g, b, 255],
        [r, g, b, a] => [r, g, b, a],
        _ => panic!("{value}"),
    }
}

#[test]
fn colours_take_p5s_forms_and_a_bad_one_lists_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (i, colour) in ["#102030", "\"#102030\"", "rgb(16, 32, 48)", "'#102030ff'"]
        .iter()
        .enumerate()
    {
        let name = format!("{i}.png");
        let set = format!("background={colour}");
        let args = ["render", "--frame", "0", "--set", &set, "-o", &name];
        let out = whalegen(d, &args);
        assert!(out.status.success(), "{colour}: {}", stderr(&out));
        let pixel = Pixmap::load_png(d.join(&name))
            .unwrap()
            .pixel(0, 0)
            .unwrap();
        let rgb = (pixel.red(), pixel.green(), pixel.blue());
        assert_eq!(rgb, (16, 32, 48), "{colour}");
    }
    let teal = show(d, &["--scene", "chain", "--set", "background=teal"]);
    assert_eq!(channels(&teal["background"]), [0, 128, 128, 255]);
    let empty = tempfile::tempdir().unwrap();
    for bad in ["background=#10203", "background=tael", "background=true"] {
        let args = ["render", "--set", bad];
        refused(empty.path(), &args, "'#rrggbb'");
    }
}

#[test]
fn a_set_colour_without_alpha_keeps_the_alpha_it_replaces() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let defaults = show(d, &["--scene", "whale"]);
    let alpha = channels(&defaults["body_color"])[3];
    assert!(alpha < 255, "the whale's body lines are translucent");
    for colour in ["[200,220,255]", "#c8dcff", "rgb(200,220,255)"] {
        let set = format!("body_color={colour}");
        let shown = show(d, &["--scene", "whale", "--set", &set]);
        assert_eq!(
            channels(&shown["body_color"]),
            [200, 220, 255, alpha],
            "{colour}"
        );
    }
    let opaque = show(d, &["--scene", "whale", "--set", "body_color=#c8dcffff"]);
    assert_eq!(channels(&opaque["body_color"]), [200, 220, 255, 255]);
}

#[test]
fn set_text_that_is_not_toml_is_a_string_and_a_dotted_key_sets_one_rule() {
    let dir = tempfile::tempdir().unwrap();
    let shown = show(
        dir.path(),
        &[
            "--scene",
            "tree",
            "--set",
            "axiom=F+X",
            "--set",
            "rules.X=F+[X]-X",
        ],
    );
    assert_eq!(shown["axiom"].as_str(), Some("F+X"));
    let rules = shown["rules"].as_table().unwrap();
    assert_eq!(rules["X"].as_str(), Some("F+[X]-X"));
    assert!(rules.contains_key("F"), "the other rules stay");
    let empty = tempfile::tempdir().unwrap();
    let args = ["render", "--scene", "tree", "--set", "axiom.F=FF"];
    refused(empty.path(), &args, "`axiom` is not a table");
}

#[test]
fn an_lsystem_off_the_canvas_is_a_warning_that_names_fit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rules = "rules.F=FFF[+F][-F]";
    let run = |extra: &[&str]| {
        let args = [
            &["render", "--scene", "tree", "--set", rules, "--dry-run"],
            extra,
        ]
        .concat();
        let out = whalegen(d, &args);
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    let err = run(&[]);
    assert!(
        err.contains("warning: generation") && err.contains("--set fit=true"),
        "{err}"
    );
    let err = run(&["--set", "fit=true"]);
    assert!(!err.contains("warning"), "{err}");
    let err = run(&["--set", "rules.F=FF"]);
    assert!(!err.contains("warning"), "the default look fits: {err}");
}

#[test]
fn show_takes_renders_scene_flags() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "dragon",
        "--width",
        "300",
        "--seed",
        "4",
        "--fps",
        "12",
        "--duration",
        "2",
    ];
    let shown = show(dir.path(), &args);
    assert_eq!(shown["width"].as_integer(), Some(300));
    assert_eq!(shown["seed"].as_integer(), Some(4));
    assert_eq!(shown["frames"].as_integer(), Some(24));
}

#[test]
fn duration_counts_frames_at_the_rate_for_scenes_and_sketches() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = whalegen(
        d,
        &["render", "--duration", "0.5", "--fps", "10", "-o", "w/"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(std::fs::read_dir(d.join("w")).unwrap().count(), 5);
    let sketch = "function setup() { createCanvas(8, 8); frameRate(4); }\n\
                  function draw() { background(frameCount); }\n";
    std::fs::write(d.join("s.js"), sketch).unwrap();
    let out = whalegen(d, &["render", "s.js", "--duration", "2", "-o", "s/"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_dir(d.join("s")).unwrap().count(),
        8,
        "2 s at the sketch's frameRate(4)"
    );
    let out = whalegen(d, &["render", "--duration", "1", "--frames", "3"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let empty = tempfile::tempdir().unwrap();
    refused(
        empty.path(),
        &["render", "--duration", "0.001"],
        "`duration`",
    );
}

#[test]
fn a_one_frame_render_says_one_frame() {
    let dir = tempfile::tempdir().unwrap();
    let out = whalegen(dir.path(), &["render", "--frame", "3", "-o", "a.png"]);
    let err = stderr(&out);
    assert!(
        err.starts_with("whalegen: wrote a.png: 1 frame of "),
        "{err}"
    );
}

#[test]
fn render_help_has_examples_and_completions_are_printed() {
    let dir = tempfile::tempdir().unwrap();
    let out = whalegen(dir.path(), &["render", "--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(
        help.contains("Examples:") && help.contains("whalegen show --scene"),
        "{help}"
    );
    assert!(!help.contains("SCENES.md"), "the binary does not carry it");
    for shell in ["bash", "zsh", "fish"] {
        let out = whalegen(dir.path(), &["completions", shell]);
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(
            out.status.success() && script.contains("duration"),
            "{shell}"
        );
    }
}
