//! Shared by the integration tests: the p5.js reference folders and image
//! measures.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tiny_skia::Pixmap;
use toml::Value;
use whalegen::internals::SceneKind;
use whalegen::internals::Settings;

pub fn reference_dir(folder: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/reference")
        .join(folder)
}

/// One `render*.json` of a reference folder: what p5.js rendered.
pub struct Reference {
    pub scene: SceneKind,
    pub overrides: Vec<(String, Value)>,
    pub frames: u32,
    pub written: Vec<u32>,
}

impl Reference {
    pub fn load(folder: &str, file: &str) -> Reference {
        let text = std::fs::read_to_string(reference_dir(folder).join(file)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let scene = match json["scene"].as_str().unwrap() {
            "whale" => SceneKind::Whale,
            "chain" => SceneKind::Chain,
            "tree" => SceneKind::Tree,
            other => panic!("unknown scene {other}"),
        };
        // whalegen's defaults loop and draw the whale shark: the references
        // are SCENES.md's sketch, set explicitly before the reference's own.
        let mut overrides = literal_sketch(scene);
        overrides.extend(
            json["set"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(k, v)| (k.clone(), to_toml(v))),
        );
        let frames = json["frames"].as_u64().unwrap() as u32;
        overrides.push(("frames".into(), Value::Integer(frames.into())));
        let written = json["written"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        Reference {
            scene,
            overrides,
            frames,
            written,
        }
    }

    pub fn settings(&self) -> Settings {
        Settings::resolve(self.scene, &self.overrides).unwrap()
    }
}

/// The settings that make `scene` SCENES.md's sketch exactly: no loop, and
/// the whale's and the chain's plain looks.
pub fn literal_sketch(scene: SceneKind) -> Vec<(String, Value)> {
    let mut set = vec![("seamless".to_string(), Value::Boolean(false))];
    let style = match scene {
        SceneKind::Whale => Some("sketch"),
        SceneKind::Chain => Some("circles"),
        SceneKind::Tree => None,
    };
    set.extend(style.map(|s| ("style".to_string(), Value::String(s.into()))));
    set
}

fn to_toml(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Bool(b) => Value::Boolean(*b),
        serde_json::Value::Number(n) => n
            .as_i64()
            .map_or_else(|| Value::Float(n.as_f64().unwrap()), Value::Integer),
        serde_json::Value::String(s) => Value::String(s.clone()),
        serde_json::Value::Array(a) => Value::Array(a.iter().map(to_toml).collect()),
        serde_json::Value::Object(o) => {
            Value::Table(o.iter().map(|(k, v)| (k.clone(), to_toml(v))).collect())
        }
        serde_json::Value::Null => panic!("null in a reference"),
    }
}

/// Straight RGB of an opaque image, as `compare.py` reads it.
pub fn rgb(pixmap: &Pixmap) -> Vec<[u8; 3]> {
    pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            let a = u32::from(c.alpha());
            let over_black = |v: u8| ((u32::from(v) * a + 127) / 255) as u8;
            [
                over_black(c.red()),
                over_black(c.green()),
                over_black(c.blue()),
            ]
        })
        .collect()
}

/// The two figures of the issues: mean absolute error over RGB in grey
/// levels, and the share (%) of pixels whose largest channel differs by more
/// than 8 (shared/tools/compare.py).
#[derive(Debug, Clone, Copy)]
pub struct Diff {
    pub mae: f64,
    pub diff8: f64,
}

pub fn diff(a: &Pixmap, b: &Pixmap) -> Diff {
    assert_eq!(
        (a.width(), a.height()),
        (b.width(), b.height()),
        "sizes differ"
    );
    let (a, b) = (rgb(a), rgb(b));
    figures(a.iter().zip(&b))
}

/// The mean absolute error and the share over 8 of pairs of pixels.
fn figures<'a>(pairs: impl Iterator<Item = (&'a [u8; 3], &'a [u8; 3])>) -> Diff {
    let (mut sum, mut over8, mut n) = (0u64, 0u64, 0u64);
    for (p, q) in pairs {
        let d = [0, 1, 2].map(|i| p[i].abs_diff(q[i]));
        sum += d.iter().map(|&v| u64::from(v)).sum::<u64>();
        over8 += u64::from(d.into_iter().max().unwrap() > 8);
        n += 1;
    }
    let n = n.max(1) as f64;
    Diff {
        mae: sum as f64 / (3.0 * n),
        diff8: 100.0 * over8 as f64 / n,
    }
}

/// [`diff`] over the inked pixels only: those where either frame differs
/// from `expected`'s most common colour (its background, for a frame of
/// text). A frame's share of glyph edges then does not move the figures:
/// the same glyphs, drawn as closely, give the same figures whether they
/// cover a tenth of the frame or half of it.
pub fn ink_diff(expected: &Pixmap, actual: &Pixmap) -> Diff {
    assert_eq!(
        (expected.width(), expected.height()),
        (actual.width(), actual.height()),
        "sizes differ"
    );
    let key = |p: &tiny_skia::PremultipliedColorU8| [p.red(), p.green(), p.blue(), p.alpha()];
    let mut counts = std::collections::HashMap::new();
    for p in expected.pixels() {
        *counts.entry(key(p)).or_insert(0u32) += 1;
    }
    let background = counts
        .into_iter()
        .max_by_key(|&(p, n)| (n, p))
        .map(|(p, _)| p);
    let inked = expected
        .pixels()
        .iter()
        .zip(actual.pixels())
        .map(|(e, a)| Some(key(e)) != background || Some(key(a)) != background);
    let (e, a) = (rgb(expected), rgb(actual));
    figures(
        e.iter()
            .zip(&a)
            .zip(inked)
            .filter_map(|(pair, ink)| ink.then_some(pair)),
    )
}

/// Writes expected | diff | actual side by side to the git-ignored
/// tests/diffs/, for a person to look at.
pub fn save_diff_strip(name: &str, expected: &Pixmap, actual: &Pixmap) -> PathBuf {
    let (w, h) = (expected.width(), expected.height());
    let mut strip = Pixmap::new(w * 3, h).unwrap();
    let (e, a) = (rgb(expected), rgb(actual));
    for y in 0..h {
        for x in 0..w {
            let i = (y * w + x) as usize;
            let d = (0..3)
                .map(|c| e[i][c].abs_diff(a[i][c]))
                .max()
                .unwrap()
                .saturating_mul(8);
            for (k, px) in [e[i], [d, d, d], a[i]].into_iter().enumerate() {
                let at = (y * w * 3 + k as u32 * w + x) as usize;
                strip.pixels_mut()[at] =
                    tiny_skia::ColorU8::from_rgba(px[0], px[1], px[2], 255).premultiply();
            }
        }
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diffs");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.png"));
    strip.save_png(&path).unwrap();
    path
}

/// The real binary, to run in `dir` as a user would.
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_whalegen"));
    command.args(args).current_dir(dir);
    command
}

pub fn whalegen(dir: &Path, args: &[&str]) -> Output {
    command(dir, args).output().unwrap()
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts a clean refusal: exit 1, one line naming `needle`.
pub fn assert_refused(out: &Output, args: &[&str], needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("whalegen: ") && err.contains(needle),
        "{args:?}: {err}"
    );
}

/// Asserts a clean refusal that writes nothing in the empty folder `dir`.
pub fn refused(dir: &Path, args: &[&str], needle: &str) {
    assert_refused(&whalegen(dir, args), args, needle);
    assert_eq!(
        std::fs::read_dir(dir).unwrap().count(),
        0,
        "{args:?} left files behind"
    );
}

/// What a viewer shows: one composed RGB image per GIF frame, its delay and
/// the loop setting.
pub struct Decoded {
    pub shown: Vec<(Vec<[u8; 3]>, u16)>,
    pub repeat: gif::Repeat,
}

/// Composes each frame over the ones before it, as a viewer does for the
/// `Keep` disposal whalegen writes.
pub fn decode(path: &Path) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(path).unwrap())
        .unwrap();
    let width = usize::from(decoder.width());
    let mut canvas = vec![[0u8; 3]; width * usize::from(decoder.height())];
    let mut shown = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        for (i, p) in frame.buffer.chunks_exact(4).enumerate() {
            if p[3] != 0 {
                let (x, y) = (i % usize::from(frame.width), i / usize::from(frame.width));
                canvas[(top + y) * width + left + x] = [p[0], p[1], p[2]];
            }
        }
        shown.push((canvas.clone(), frame.delay));
    }
    Decoded {
        shown,
        repeat: decoder.repeat(),
    }
}
