//! The shipped presets: each loads, renders, fits its canvas, and comes back
//! the same through `show`; flags beat `--set`, which beats the preset.

use std::path::Path;

use tiny_skia::Pixmap;
use toml::Value;
use whalegen::internals::Animation;
use whalegen::internals::Settings;
use whalegen::internals::{checked_settings, scene_settings};
use whalegen::internals::{to_toml, Preset, SHIPPED};
use whalegen::internals::{LSystem, SceneKind, SceneParams};
use whalegen::{RenderOptions, SceneOptions};

fn settings(name: &str, overrides: &[(&str, Value)]) -> Settings {
    let overrides: Vec<_> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    checked_settings(&Preset::load(name).unwrap(), &overrides).unwrap()
}

fn frames(settings: &Settings, count: u32) -> Vec<Pixmap> {
    let mut animation = Animation::new(settings).unwrap();
    (0..count)
        .map(|_| animation.next_frame().unwrap().unwrap().clone())
        .collect()
}

#[test]
fn every_file_in_presets_is_shipped_in_the_binary() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into()
        })
        .collect();
    files.sort();
    let mut shipped: Vec<String> = SHIPPED.iter().map(|(n, _)| n.to_string()).collect();
    shipped.sort();
    assert_eq!(files, shipped);
}

#[test]
fn every_preset_builds_and_renders_a_frame() {
    for (name, _) in SHIPPED {
        let s = settings(name, &[]);
        let frame = &frames(&s, 1)[0];
        assert_eq!((frame.width(), frame.height()), (s.run.width, s.run.height));
    }
}

#[test]
fn show_gives_a_preset_that_renders_the_same_frames() {
    for (name, _) in SHIPPED {
        let preset = Preset::load(name).unwrap();
        let shown = settings(name, &[]);
        let text = to_toml(&preset, &shown);
        let again = Preset::parse(name, "shown.toml", &text).unwrap();
        let loaded = checked_settings(&again, &[]).unwrap();
        let mut resolved = shown.clone();
        resolved.run.frames = Some(shown.frames());
        assert_eq!(loaded, resolved, "{name}:\n{text}");
        assert_eq!(to_toml(&again, &loaded), text, "{name}");
        assert!(frames(&loaded, 2) == frames(&shown, 2), "{name}");
    }
}

/// Every L-system preset's generation 1 is its axiom rewritten once.
#[test]
fn generation_one_is_the_axiom_rewritten() {
    for (name, _) in SHIPPED {
        let SceneParams::Tree(p) = settings(name, &[]).scene else {
            continue;
        };
        let system = LSystem::new(&p.axiom, &p.rules).unwrap();
        let mut walked = String::new();
        system.walk(1, &mut |s| walked.push(char::from(s)));
        let rewritten: String = p
            .axiom
            .chars()
            .map(|c| {
                p.rules
                    .get(&c.to_string())
                    .cloned()
                    .unwrap_or(c.to_string())
            })
            .collect();
        assert_eq!(walked, rewritten, "{name}");
    }
}

/// The box of the pixels that differ from the top-left one (the background).
fn ink_box(frame: &Pixmap) -> Option<[u32; 4]> {
    let w = frame.width();
    let background = frame.pixels()[0];
    let inked = frame
        .pixels()
        .iter()
        .enumerate()
        .filter(|(_, p)| **p != background)
        .map(|(i, _)| (i as u32 % w, i as u32 / w));
    inked.fold(None, |b, (x, y)| {
        let [x0, y0, x1, y1] = b.unwrap_or([x, y, x, y]);
        Some([x0.min(x), y0.min(y), x1.max(x), y1.max(y)])
    })
}

#[test]
fn fit_presets_fill_the_canvas_without_clipping_at_their_last_generation() {
    let mut fitted = 0;
    for (name, _) in SHIPPED {
        let s = settings(name, &[]);
        let SceneParams::Tree(p) = &s.scene else {
            continue;
        };
        if !p.fit {
            continue;
        }
        fitted += 1;
        // One frame per generation: the last frame shows the last one.
        let last = p.generations + 1;
        let hold_one = [("hold", Value::Integer(1)), ("frames", last.into())];
        let frame = frames(&settings(name, &hold_one), last).pop().unwrap();
        let (w, h) = (frame.width(), frame.height());
        let [x0, y0, x1, y1] = ink_box(&frame).expect("something is drawn");
        assert!(
            x0 > 1 && y0 > 1 && x1 < w - 2 && y1 < h - 2,
            "{name} touches the edge: {x0},{y0} - {x1},{y1} in {w} x {h}"
        );
        let fill = f64::max(
            f64::from(x1 - x0) / f64::from(w),
            f64::from(y1 - y0) / f64::from(h),
        );
        assert!(fill > 0.85, "{name} fills only {fill:.2} of its canvas");
    }
    assert!(fitted >= 12, "{fitted} fit presets");
}

#[test]
fn flags_beat_set_which_beats_the_preset() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.toml");
    std::fs::write(
        &path,
        "scene = \"chain\"\nwidth = 300\nheight = 200\nseed = 4\nstiffness = 0.5\nwiggle = 0.2\n",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let plan = |args: &[&str]| {
        let scene = SceneOptions {
            preset: Some(path.into()),
            set: args.iter().map(|s| s.to_string()).collect(),
            width: Some(200),
            ..SceneOptions::default()
        };
        let options = RenderOptions {
            output: Some("x.gif".into()),
            ..RenderOptions::default()
        };
        scene_settings(&scene, &options).unwrap().0
    };
    let s = plan(&["width=250", "stiffness=0.7"]);
    assert_eq!((s.run.width, s.run.height, s.run.seed), (200, 200, 4));
    let SceneParams::Chain(p) = s.scene else {
        panic!()
    };
    assert_eq!((p.stiffness, p.wiggle, p.segments), (0.7, 0.2, 12));
    let s = plan(&["seed=9"]);
    assert_eq!(s.run.seed, 9);
    let scene = SceneOptions {
        preset: Some(path.into()),
        set: vec!["seed=9".into()],
        seed: Some(2),
        ..SceneOptions::default()
    };
    let (s, preset) = scene_settings(&scene, &RenderOptions::default()).unwrap();
    assert_eq!((s.run.seed, preset.name.as_str()), (2, "p"));
}

#[test]
fn the_default_presets_are_the_scenes_defaults() {
    for kind in SceneKind::ALL {
        let defaults = Settings::resolve(kind, &[]).unwrap();
        assert_eq!(settings(kind.name(), &[]), defaults, "{}", kind.name());
    }
}
