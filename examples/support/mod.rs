//! What the examples' tests share: a short render into a temporary folder,
//! decoded as a viewer shows it.

use std::collections::HashMap;
use std::path::Path;

use whalegen::{render, Frames, Plan, RenderOptions, Silent, Source};

/// The frames of a GIF as a viewer shows them, one RGB image each.
pub struct Shown {
    pub width: usize,
    pub height: usize,
    pub frames: Vec<Vec<[u8; 3]>>,
}

/// Renders `frames` frames of `source`, after stepping `start` frames, to a
/// GIF in a temporary folder and decodes it.
pub fn render_gif(source: Box<dyn Source>, start: u32, frames: u32) -> Shown {
    let options = RenderOptions {
        frames: Frames::Count(frames),
        start,
        ..RenderOptions::default()
    };
    render_gif_with(source, options)
}

/// Renders `source` as `options` ask, to a GIF in a temporary folder (the
/// options' output is replaced), and decodes it.
pub fn render_gif_with(source: Box<dyn Source>, options: RenderOptions) -> Shown {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sketch.gif");
    let options = RenderOptions {
        output: Some(path.clone()),
        ..options
    };
    render(Plan::new(source, &options).unwrap(), &mut Silent).unwrap();
    decode(&path)
}

/// Composes each GIF frame over the ones before it, as a viewer does for
/// the `Keep` disposal whalegen writes (a frame stores only what changed).
fn decode(path: &Path) -> Shown {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(std::fs::File::open(path).unwrap())
        .unwrap();
    let (width, height) = (usize::from(decoder.width()), usize::from(decoder.height()));
    let mut canvas = vec![[0u8; 3]; width * height];
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        let (left, top) = (usize::from(frame.left), usize::from(frame.top));
        let stride = usize::from(frame.width);
        for (i, p) in frame.buffer.chunks_exact(4).enumerate() {
            if p[3] != 0 {
                canvas[(top + i / stride) * width + left + i % stride] = [p[0], p[1], p[2]];
            }
        }
        frames.push(canvas.clone());
    }
    Shown {
        width,
        height,
        frames,
    }
}

/// Asserts that the GIF shows `frames` frames (whalegen merges a frame
/// identical to the one before into one longer frame), each unlike the one
/// before and none blank: at least `min_drawn` of its pixels (a fraction)
/// differ from its commonest colour, the background.
pub fn assert_animated(shown: &Shown, frames: usize, min_drawn: f64) {
    assert_eq!(shown.frames.len(), frames, "frames shown");
    let pixels = shown.width * shown.height;
    for (n, frame) in shown.frames.iter().enumerate() {
        let drawn = pixels - commonest(frame);
        assert!(
            drawn as f64 >= min_drawn * pixels as f64,
            "frame {n}: only {drawn} of {pixels} pixels are not the background"
        );
        if n > 0 {
            assert_ne!(
                frame,
                &shown.frames[n - 1],
                "frame {n} repeats frame {}",
                n - 1
            );
        }
    }
}

/// How many pixels of `frame` have its commonest colour.
fn commonest(frame: &[[u8; 3]]) -> usize {
    let mut counts = HashMap::new();
    for &p in frame {
        *counts.entry(p).or_insert(0usize) += 1;
    }
    counts.into_values().max().unwrap_or(0)
}

/// The README shows `examples/readme.rs` whole, so that the code a reader
/// copies is the code `cargo test` compiles. (This module is in every
/// example's tests, so the check runs once per example.)
#[test]
fn the_readme_shows_examples_readme_rs_whole() {
    let readme = include_str!("../../README.md");
    let code = include_str!("../readme.rs");
    assert!(
        readme.contains(&format!("```rust\n{code}```\n")),
        "README.md's \"Your own sketch in Rust\" must show examples/readme.rs unchanged"
    );
}
