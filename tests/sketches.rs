//! `whalegen render SKETCH.js` against p5.js: every folder of
//! tests/reference/sketches holds frames of one sketch of tests/sketches,
//! rendered by p5.js 1.11.13 in Chromium under the determinism contract of
//! tools/p5ref/README.md (seeded `Math.random`, the frame clock, pixel
//! density 1). The real binary renders the same sketch with the same seed and
//! frame count, and each reference frame is compared.
//!
//! The limits are the tree's of tests/fidelity.rs: loose enough for Skia's
//! anti-aliasing against ours on thin strokes and curves, tight enough to
//! catch a wrong colour, a frame off or a wrong random number.

mod common;

use std::path::{Path, PathBuf};

use common::{diff, ink_diff, save_diff_strip, stderr, whalegen};
use tiny_skia::Pixmap;

/// Largest mean absolute error (grey levels) of a frame.
const MAE: f64 = 1.0;
/// Largest share (%) of pixels whose largest channel differs by more than 8.
const DIFF8: f64 = 2.5;

/// The limits of text sketches (named `text-*`), over their inked pixels
/// (`common::ink_diff`: where either frame is not the background), so that
/// they hold for a frame of a few labels and for one half covered in
/// them alike. What is left is the glyphs' edges, Chromium's FreeType
/// coverage against the analytic fill's through Skia's mask gamma: on
/// average about 1 % of a pixel's coverage. Measured worst: mae 2.70
/// (text-transform) and diff8 8.2 % (text-box, where rect outlines add a
/// hairline difference); text-labels, its frame half ink, 1.82 and 3.8 %.
/// Every line a pixel lower, or a pixel to the right, measures mae 37 to
/// 85 and diff8 52 to 91 % on them.
const TEXT_INK_MAE: f64 = 3.0;
const TEXT_INK_DIFF8: f64 = 9.0;

/// Sketches held to limits tighter than `MAE` and `DIFF8`, (name, mae,
/// diff8 %): their strokes are drawn as Chromium's Skia draws them, so a
/// defect that the battery's limits would let through shows here.
/// `stroke-grid` measures mae 0.084, diff8 0.02 % (what is left: the ends of
/// 2-px round-capped walls); before the hairlines near the canvas's left and
/// top edges were drawn as Skia clips them, 0.38 and 0.33 % (column 0 of a
/// grid read 25 where Chromium reads 227). `circles-small-stroked`
/// measures mae 0.126, diff8 0.39 %: its wider strokes are outlined from
/// the conics (0.215 and 0.74 % before); its hairlines keep tiny-skia's
/// caps, which the chain scene's contract frames hold them to (Skia's
/// pushed conics measured 0.065 and 0.05 %; see `P5::oval`).
///
/// One is looser: `text-default` (p5.js 2), measured over its inked pixels
/// mae 2.96, diff8 11.5 %, 426 of its 510 pixels off by more than 8 in its
/// stroked line, whose edges 2.3.4 draws lighter than 1.11 does (not yet
/// explained; 4.77 and 23 % before 2.x's type).
const TIGHT: [(&str, f64, f64); 3] = [
    ("stroke-grid", 0.2, 0.1),
    ("circles-small-stroked", 0.15, 0.5),
    ("text-default", 3.0, 12.0),
];

/// Sketches that draw only with pixels, whole-pixel rectangles and
/// unscaled images at whole pixels: their frames must be p5.js's bit for
/// bit. The CPU filters and the blend modes
/// on whole-pixel rectangles are (Skia's integer blending, getImageData's
/// demultiply); the shader filters, in `f32` as SwiftShader, are not
/// (filter-webgl: 23 pixels 1 level apart in a blur).
const EXACT: [&str; 6] = [
    "pixels",
    "image-exact",
    "filter-cpu",
    "filter-cpu-alpha",
    "blend-modes-alpha",
    "reaction-diffusion",
];

/// A PNG's pixels as straight RGBA bytes, as `getImageData` gives them:
/// a translucent pixel's colour, which premultiplying would round away,
/// compared too.
fn straight(path: &Path) -> Vec<u8> {
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().unwrap();
    let mut data = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut data).unwrap();
    data.truncate(info.buffer_size());
    data
}

/// One reference folder's render.json, as tools/p5ref/sketchmode.js writes it.
struct SketchReference {
    name: String,
    /// Its folder of reference frames.
    folder: PathBuf,
    sketch: String,
    seed: u64,
    frames: u32,
    written: Vec<u32>,
    fps: Option<f64>,
    /// The browser window, width and height (`--window WxH` of render.js,
    /// else 800 x 600): whalegen's `--width` and `--height`.
    window: Option<(String, String)>,
    /// The p5.js that rendered it, `1.11.13` or `2.3.4`: whalegen runs the
    /// sketch as that one (`--p5`).
    p5: String,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The references of p5.js 1.11.13 (tests/reference/sketches) and of
/// p5.js 2 (tests/reference/sketches2).
fn references() -> Vec<SketchReference> {
    let mut folders: Vec<PathBuf> = ["sketches", "sketches2"]
        .iter()
        .map(|dir| root().join("tests/reference").join(dir))
        .filter(|dir| dir.is_dir())
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("render.json").is_file())
        .collect();
    folders.sort();
    folders
        .iter()
        .map(|folder| {
            let text = std::fs::read_to_string(folder.join("render.json")).unwrap();
            let json: serde_json::Value = serde_json::from_str(&text).unwrap();
            SketchReference {
                name: folder.file_name().unwrap().to_string_lossy().into_owned(),
                folder: folder.clone(),
                sketch: json["sketch"].as_str().unwrap().to_owned(),
                seed: json["seed"].as_u64().unwrap(),
                frames: json["frames"].as_u64().unwrap() as u32,
                written: json["written"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap() as u32)
                    .collect(),
                fps: json["fps_option"].as_f64(),
                window: json["window"]
                    .as_array()
                    .map(|side| (side[0].to_string(), side[1].to_string())),
                p5: json["p5"].as_str().unwrap().to_owned(),
            }
        })
        .collect()
}

/// What one sketch gave: the worst frame's figures, and what went wrong.
struct Outcome {
    worst_mae: f64,
    worst_diff8: f64,
    problems: Vec<String>,
}

fn check(reference: &SketchReference, work: &Path) -> Outcome {
    let mut outcome = Outcome {
        worst_mae: f64::NAN,
        worst_diff8: f64::NAN,
        problems: Vec::new(),
    };
    let out_dir = work.join(&reference.name).join("frames");
    std::fs::create_dir_all(out_dir.parent().unwrap()).unwrap();
    let (seed, frames) = (reference.seed.to_string(), reference.frames.to_string());
    let fps = reference.fps.map(|f| f.to_string());
    let out_arg = format!("{}/", out_dir.display());
    let mut args = vec![
        "render",
        reference.sketch.as_str(),
        "--p5",
        reference.p5.as_str(),
        "--seed",
        seed.as_str(),
        "--frames",
        frames.as_str(),
        "-o",
        out_arg.as_str(),
    ];
    if let Some(fps) = &fps {
        args.extend(["--fps", fps.as_str()]);
    }
    if let Some((width, height)) = &reference.window {
        args.extend(["--width", width.as_str(), "--height", height.as_str()]);
    }
    // From the repository root, so that the sketch's path is the one
    // render.json gives (tests/sketches/NAME.js).
    let run = whalegen(root(), &args);
    if !run.status.success() {
        let err = stderr(&run);
        outcome.problems.push(format!(
            "whalegen {} failed ({}): {}",
            args.join(" "),
            run.status,
            err.lines().next().unwrap_or("").trim()
        ));
        return outcome;
    }
    let reference_dir = &reference.folder;
    for &frame in &reference.written {
        let file = format!("frame_{frame:04}.png");
        let expected = Pixmap::load_png(reference_dir.join(&file)).unwrap();
        let Ok(actual) = Pixmap::load_png(out_dir.join(&file)) else {
            outcome.problems.push(format!("{file} was not written"));
            continue;
        };
        if (actual.width(), actual.height()) != (expected.width(), expected.height()) {
            outcome.problems.push(format!(
                "{file} is {} x {}, p5.js's is {} x {}",
                actual.width(),
                actual.height(),
                expected.width(),
                expected.height()
            ));
            continue;
        }
        let exact = EXACT.contains(&reference.name.as_str());
        if exact && straight(&reference_dir.join(&file)) != straight(&out_dir.join(&file)) {
            outcome
                .problems
                .push(format!("frame {frame}: not p5.js's bit for bit"));
        }
        let tight = TIGHT.iter().find(|(name, _, _)| *name == reference.name);
        let (d, (mae, diff8)) = if reference.name.starts_with("text-") {
            let limits = tight.map_or((TEXT_INK_MAE, TEXT_INK_DIFF8), |&(_, m, d)| (m, d));
            (ink_diff(&expected, &actual), limits)
        } else {
            let limits = tight.map_or((MAE, DIFF8), |&(_, m, d)| (m, d));
            (diff(&expected, &actual), limits)
        };
        outcome.worst_mae = outcome.worst_mae.max(d.mae);
        outcome.worst_diff8 = outcome.worst_diff8.max(d.diff8);
        if d.mae > mae || d.diff8 > diff8 {
            let strip = save_diff_strip(
                &format!("sketch_{}_{frame:04}", reference.name),
                &expected,
                &actual,
            );
            outcome.problems.push(format!(
                "frame {frame}: mae {:.3}, diff8 {:.2} %, see {}",
                d.mae,
                d.diff8,
                strip.display()
            ));
        }
    }
    outcome
}

/// Sketches whose pictures are known to differ from p5.js's beyond the
/// limits, with what differs. Each must still run, and must still fail the
/// limits: when one passes, the test says so, to take it off this list.
const PENDING: [(&str, &str); 0] = [];

/// The whole battery in one test, so that one run reports every sketch.
#[test]
fn sketches_match_p5() {
    let references = references();
    assert!(
        references.len() >= 32,
        "only {} sketch references",
        references.len()
    );
    let work = tempfile::tempdir().unwrap();
    println!(
        "{:<26} {:>6} {:>8} {:>9}  (limits mae {MAE}, diff8 {DIFF8} %; text-*, over inked pixels: {TEXT_INK_MAE}, {TEXT_INK_DIFF8} %)",
        "sketch", "frames", "mae", "diff8 %"
    );
    let mut failures = Vec::new();
    for reference in &references {
        let outcome = check(reference, work.path());
        // "-" when no frame could be compared.
        let figure = |v: f64, width: usize| {
            if v.is_nan() {
                format!("{:>width$}", "-")
            } else {
                format!("{v:>width$.4}")
            }
        };
        let pending = PENDING.iter().find(|(name, _)| *name == reference.name);
        let ran = outcome.worst_mae.is_finite();
        let verdict = match (outcome.problems.is_empty(), pending) {
            (true, None) => "ok",
            (false, None) => "FAIL",
            (false, Some(_)) if ran => "pending",
            (false, Some(_)) => "FAIL (did not run)",
            (true, Some(_)) => "passes: take it off PENDING",
        };
        println!(
            "{:<26} {:>6} {} {}  {verdict}",
            reference.name,
            reference.written.len(),
            figure(outcome.worst_mae, 8),
            figure(outcome.worst_diff8, 9),
        );
        match pending {
            None => {
                for problem in outcome.problems {
                    failures.push(format!("{}: {problem}", reference.name));
                }
            }
            Some((_, why)) if ran && !outcome.problems.is_empty() => {
                println!("    pending: {why}");
            }
            Some(_) if outcome.problems.is_empty() => {
                failures.push(format!(
                    "{}: passes now; take it off PENDING",
                    reference.name
                ));
            }
            Some(_) => failures.extend(outcome.problems),
        }
    }
    assert!(
        failures.is_empty(),
        "{} problem(s) against p5.js:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
