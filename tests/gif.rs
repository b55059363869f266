//! The GIF writer, judged by what a viewer shows: every GIF is decoded and
//! composed frame by frame, and each source frame compared with the PNG
//! render of the same frame. GIF bytes are never compared.

mod common;

use std::process::Command;

use tiny_skia::Pixmap;
use toml::Value;
use whalegen::internals::frame_delays;
use whalegen::internals::parse_set;
use whalegen::internals::Animation;
use whalegen::internals::SceneKind;
use whalegen::internals::Settings;

use common::{decode, Decoded};

/// Renders with the binary into a temporary folder and decodes the GIF.
fn render_gif(scene: &str, frames: u32, extra: &[&str]) -> Decoded {
    let dir = tempfile::tempdir().unwrap();
    let frames = frames.to_string();
    let args = [
        &["render", "--quiet", "--scene", scene, "--frames", &frames][..],
        extra,
        &["-o", "a.gif"],
    ]
    .concat();
    let out = Command::new(env!("CARGO_BIN_EXE_whalegen"))
        .args(&args)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    decode(&dir.path().join("a.gif"))
}

/// The frames of `scene` as whalegen renders them to PNG, with their GIF
/// delays at 30 fps.
fn rendered(scene: SceneKind, frames: u32, sets: &[&str]) -> Vec<(Pixmap, u16)> {
    let mut overrides = vec![("frames".to_string(), Value::Integer(frames.into()))];
    overrides.extend(sets.iter().map(|set| parse_set(set).unwrap()));
    let mut animation = Animation::new(&Settings::resolve(scene, &overrides).unwrap()).unwrap();
    (0..frames)
        .map(|i| {
            (
                animation.next_frame().unwrap().unwrap().clone(),
                frame_delays(30.0, i),
            )
        })
        .collect()
}

/// Pairs every source frame with the GIF frame on screen when it starts.
/// Merged frames must cover whole source frames, so the total duration is
/// kept exactly.
fn on_screen<'a>(
    gif: &'a Decoded,
    source: &'a [(Pixmap, u16)],
) -> Vec<(&'a [[u8; 3]], &'a Pixmap)> {
    let mut shown = gif.shown.iter();
    let mut left = 0u32;
    let mut current: &[[u8; 3]] = &[];
    let mut pairs = Vec::new();
    for (pixmap, delay) in source {
        if left == 0 {
            let (image, d) = shown.next().expect("the GIF ends early");
            (current, left) = (image, u32::from(*d));
        }
        left = left
            .checked_sub(u32::from(*delay))
            .expect("a GIF frame ends within a source frame");
        pairs.push((current, pixmap));
    }
    assert!(shown.next().is_none() && left == 0, "the GIF runs longer");
    pairs
}

/// Worst mean squared error over the frames, and the largest channel error.
fn errors(pairs: &[(&[[u8; 3]], &Pixmap)]) -> (f64, u8) {
    let (mut worst_mse, mut worst) = (0f64, 0u8);
    for (shown, pixmap) in pairs {
        let want = common::rgb(pixmap);
        let mut sum = 0u64;
        for (p, q) in shown.iter().zip(&want) {
            for k in 0..3 {
                let d = p[k].abs_diff(q[k]);
                sum += u64::from(d) * u64::from(d);
                worst = worst.max(d);
            }
        }
        worst_mse = worst_mse.max(sum as f64 / (3 * want.len()) as f64);
    }
    (worst_mse, worst)
}

fn psnr(mse: f64) -> f64 {
    10.0 * (255.0f64 * 255.0 / mse).log10()
}

#[test]
fn the_tree_has_few_colours_and_round_trips_exactly() {
    let gif = render_gif("tree", 150, &[]);
    let source = rendered(SceneKind::Tree, 150, &[]);
    // It grows one generation every 30 frames and holds still between: the
    // held frames are merged into longer delays, the total kept (5 s).
    assert!(gif.shown.len() < 150 / 2, "{} frames", gif.shown.len());
    let total: u32 = gif.shown.iter().map(|(_, d)| u32::from(*d)).sum();
    assert_eq!(total, 500);
    assert_eq!(errors(&on_screen(&gif, &source)), (0.0, 0));
}

/// SCENES.md's whale (the figures below were measured on it; the whale
/// shark's spots and rim have more colours).
const SKETCH: &str = "style=sketch";

/// The whale has 436 colours over its 300 frames, so its palette is fitted
/// (Wu) and colours met after the preview map to their nearest entry. It
/// measures a worst frame of 93 dB and no channel more than 3 levels off;
/// the limits leave room for a different but sound palette, while a frame
/// shown one step late (about 35 dB, see fidelity.rs) or a wrong palette
/// entry (tens of levels) fails.
#[test]
fn whale_frames_match_their_render_closely() {
    let frames = 300;
    let gif = render_gif("whale", frames, &["--set", SKETCH]);
    assert_eq!(gif.repeat, gif::Repeat::Infinite);
    let source = rendered(SceneKind::Whale, frames, &[SKETCH]);
    let (mse, worst) = errors(&on_screen(&gif, &source));
    println!(
        "whale: worst frame {:.1} dB, worst channel {worst}",
        psnr(mse)
    );
    assert!(
        psnr(mse) >= 70.0 && worst <= 12,
        "{:.1} dB, {worst}",
        psnr(mse)
    );
}

/// Dithering trades a little error for smoother gradients (ordered: 79 dB,
/// 10 levels, from its 12-level pattern; diffusion: 93 dB, 3 levels); it must
/// stay close to the source, and loop as asked.
#[test]
fn dithered_and_finite_gifs_stay_close() {
    for (dither, plays, repeat) in [
        ("ordered", "1", gif::Repeat::Finite(0)),
        ("diffusion", "3", gif::Repeat::Finite(2)),
    ] {
        let extra = ["--dither", dither, "--loop", plays, "--set", SKETCH];
        let gif = render_gif("whale", 300, &extra);
        assert_eq!(gif.repeat, repeat, "{dither}");
        let source = rendered(SceneKind::Whale, 300, &[SKETCH]);
        let (mse, worst) = errors(&on_screen(&gif, &source));
        println!(
            "{dither}: worst frame {:.1} dB, worst channel {worst}",
            psnr(mse)
        );
        assert!(
            psnr(mse) >= 60.0 && worst <= 16,
            "{dither}: {:.1} dB, {worst}",
            psnr(mse)
        );
    }
}

#[test]
fn every_chain_frame_is_shown_for_its_own_delay() {
    let gif = render_gif("chain", 40, &[]);
    let delays: Vec<u16> = gif.shown.iter().map(|(_, d)| *d).collect();
    let expected: Vec<u16> = (0..40).map(|i| frame_delays(30.0, i)).collect();
    // The chain moves every frame, so none is merged.
    assert_eq!(delays, expected);
    let (mse, _) = errors(&on_screen(&gif, &rendered(SceneKind::Chain, 40, &[])));
    assert!(psnr(mse) >= 50.0, "{:.1} dB", psnr(mse));
}

/// Renders with the binary into `dir` and decodes the GIF: the decoded
/// frames, the file's size and the summary line.
fn render_in(dir: &std::path::Path, name: &str, args: &[&str]) -> (Decoded, u64, String) {
    let base = ["render", "--scene", "whale", "--frames", "40", "-o", name];
    let out = common::whalegen(dir, &[&base[..], args].concat());
    let said = common::stderr(&out);
    assert!(out.status.success(), "{args:?}: {said}");
    let path = dir.join(name);
    (decode(&path), std::fs::metadata(&path).unwrap().len(), said)
}

/// The largest squared RGB distance (summed over the channels) between two
/// decodings of the same animation, frame by frame.
fn worst_stray(a: &Decoded, b: &Decoded) -> u32 {
    assert_eq!(a.shown.len(), b.shown.len());
    let distance = |p: &[u8; 3], q: &[u8; 3]| -> u32 {
        (0..3).map(|k| u32::from(p[k].abs_diff(q[k])).pow(2)).sum()
    };
    a.shown
        .iter()
        .zip(&b.shown)
        .flat_map(|((x, dx), (y, dy))| {
            assert_eq!(dx, dy);
            x.iter().zip(y).map(|(p, q)| distance(p, q))
        })
        .max()
        .unwrap_or(0)
}

/// `--quality 60` lets a pixel stray from the lossless GIF's colour by a
/// squared RGB distance of (100 - 60) * 12 = 480 (an error of about 12
/// levels in each channel, a floor of 24 dB for any pixel), no more: every
/// pixel of every frame is checked. It must also stray somewhere and make a
/// smaller file; and the lower the quality, the smaller.
#[test]
fn lower_quality_strays_within_its_limit_and_shrinks_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (lossless, lossless_size, _) = render_in(dir.path(), "q100.gif", &[]);
    let (q60, q60_size, _) = render_in(dir.path(), "q60.gif", &["--quality", "60"]);
    let (_, q20_size, _) = render_in(dir.path(), "q20.gif", &["--quality", "20"]);
    let stray = worst_stray(&lossless, &q60);
    println!("sizes {lossless_size} {q60_size} {q20_size}, worst stray {stray}");
    assert!(stray > 0 && stray <= 480, "{stray}");
    assert!(
        q60_size * 100 < lossless_size * 95,
        "{q60_size} {lossless_size}"
    );
    assert!(q20_size < q60_size, "{q20_size} {q60_size}");
}

/// `--max-size` writes the best quality tried that fits, says which, and
/// writes exactly what `--quality` of that value writes; a budget the
/// lossless GIF fits keeps it lossless.
#[test]
fn a_byte_budget_keeps_the_best_quality_that_fits() {
    let dir = tempfile::tempdir().unwrap();
    let (lossless, size, _) = render_in(dir.path(), "full.gif", &[]);
    let fits = size.to_string();
    let (kept, _, said) = render_in(dir.path(), "fits.gif", &["--max-size", &fits]);
    assert!(said.contains("quality 100 (the best"), "{said}");
    assert_eq!(worst_stray(&lossless, &kept), 0);
    let budget = (size - 1).to_string();
    let (chosen, chosen_size, said) = render_in(dir.path(), "under.gif", &["--max-size", &budget]);
    assert!(chosen_size < size, "{chosen_size} {size}");
    let quality = said
        .split("quality ")
        .nth(1)
        .and_then(|q| q.split(' ').next())
        .unwrap_or_else(|| panic!("no quality said: {said}"));
    assert_ne!(quality, "100", "{said}");
    let (same, _, _) = render_in(dir.path(), "same.gif", &["--quality", quality]);
    assert_eq!(worst_stray(&same, &chosen), 0, "{said}");
}

/// When no quality fits, the error gives the smallest size reached and its
/// quality: the size of the GIF `--quality 1` writes, which is smaller than
/// the lossless one.
#[test]
fn a_budget_nothing_fits_says_the_smallest_size_reached() {
    let dir = tempfile::tempdir().unwrap();
    let (_, lossless, _) = render_in(dir.path(), "full.gif", &[]);
    let (_, lowest, _) = render_in(dir.path(), "q1.gif", &["--quality", "1"]);
    assert!(lowest < lossless, "{lowest} {lossless}");
    let budget = (lowest - 1).to_string();
    let base = [
        "render", "--scene", "whale", "--frames", "40", "-o", "a.gif",
    ];
    let said = format!(
        "--max-size {budget} bytes: the smallest GIF reached is {lowest} bytes, at --quality 1;"
    );
    let empty = tempfile::tempdir().unwrap();
    common::refused(
        empty.path(),
        &[&base[..], &["--max-size", &budget]].concat(),
        &said,
    );
}

/// Each refusal is one line naming the flag, exit 1, nothing written.
#[test]
fn bad_qualities_and_budgets_are_refused_and_write_nothing() {
    let base = [
        "render", "--scene", "whale", "--frames", "20", "-o", "a.gif",
    ];
    for (flag, value, needle) in [
        (
            "--quality",
            "0",
            "`quality` = 0: expected a whole number from 1",
        ),
        ("--quality", "101", "`quality` = 101"),
        ("--quality", "NaN", "`quality` = NaN"),
        ("--quality", "50.5", "`quality` = 50.5"),
        (
            "--max-size",
            "lots",
            "`max-size` = lots: expected a size such as 2MB",
        ),
        ("--max-size", "2XB", "`max-size` = 2XB"),
        ("--max-size", "999", "at least 1000 bytes"),
        (
            "--max-size",
            "1000",
            "--max-size 1000 bytes: the smallest GIF reached is ",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        common::refused(dir.path(), &[&base[..], &[flag, value]].concat(), needle);
    }
    let dir = tempfile::tempdir().unwrap();
    let png = ["render", "--frame", "3", "--quality", "50", "-o", "a.png"];
    common::refused(dir.path(), &png, "apply to GIF output only");
}

/// A sketch without `frameRate()` runs at 60 fps, faster than the 50 a GIF
/// plays: its GIF keeps every second frame, each shown 3 or 4 centiseconds
/// (30 fps), their delays adding up to the animation's duration, without
/// a warning. Each kept frame is the sketch's frame 2n, as its PNG frames
/// show it.
#[test]
fn a_60_fps_sketch_plays_at_its_true_speed() {
    let dir = tempfile::tempdir().unwrap();
    let sketch = dir.path().join("bar.js");
    std::fs::write(
        &sketch,
        "function setup() { createCanvas(64, 32); noStroke(); }\n\
         function draw() { background(0); rect(frameCount % 60, 8, 4, 16); }\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        let all = [&["render", sketch.to_str().unwrap(), "--p5", "1"][..], args].concat();
        let out = common::whalegen(dir.path(), &all);
        let err = common::stderr(&out);
        assert!(out.status.success(), "{all:?}: {err}");
        assert!(!err.contains("warning"), "{all:?}: {err}");
    };
    // frames, fps asked, the delays' sum in centiseconds: the duration,
    // frames / fps, to the centisecond below.
    for (frames, fps, duration) in [
        ("120", None, 200),
        ("121", None, 201),
        ("7", Some("100"), 7),
    ] {
        let mut args = vec!["-q", "--frames", frames, "-o", "a.gif"];
        args.extend(fps.map(|fps| ["--fps", fps]).into_iter().flatten());
        run(&args);
        let gif = decode(&dir.path().join("a.gif"));
        let delays: Vec<u16> = gif.shown.iter().map(|(_, delay)| *delay).collect();
        let sum: u32 = delays.iter().map(|&d| u32::from(d)).sum();
        assert_eq!(sum, duration, "--frames {frames} --fps {fps:?}: {delays:?}");
        assert!(delays.iter().all(|&d| d >= 2), "{delays:?}");
    }
    run(&["-q", "--frames", "120", "-o", "a.gif"]);
    run(&["-q", "--frames", "120", "-o", "frames/"]);
    let gif = decode(&dir.path().join("a.gif"));
    assert_eq!(gif.shown.len(), 60);
    for (n, (shown, delay)) in gif.shown.iter().enumerate() {
        assert_eq!(*delay, frame_delays(30.0, n as u32), "frame {n}");
        let png = dir.path().join(format!("frames/frame_{:04}.png", 2 * n));
        let expected = common::rgb(&Pixmap::load_png(png).unwrap());
        assert!(
            *shown == expected,
            "GIF frame {n} is not the sketch's frame {}",
            2 * n
        );
    }
}
