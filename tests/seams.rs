//! Every shipped preset's default render loops without a visible seam
//! (issue 16): the frame that would follow the loop's last one (what
//! `--start 1` ends on) differs from the loop's first frame by at most half
//! the loop's median frame-to-frame change, in the share of pixels whose RGB
//! differs by more than 8.
//!
//! `cargo test --release --test seams -- --nocapture` prints the figures.

mod common;

use common::diff;
use tiny_skia::Pixmap;
use whalegen::internals::{checked_settings, Animation, Preset, Settings, SHIPPED};
use whalegen::{Canvas, Selection};

/// A loop's seam and its median step, in % of pixels.
#[derive(Debug)]
struct Seam {
    frames: u32,
    seam: f64,
    median_step: f64,
}

impl Seam {
    fn visible(&self) -> bool {
        self.seam > self.median_step / 2.0
    }
}

/// Renders frames 0 to `frames` (one past the loop's last, as `--start 1`
/// would end on) of `settings` and measures the seam.
fn measure(settings: &Settings) -> Seam {
    let frames = settings.frames();
    let selection = Selection::every(0, frames + 1);
    let mut animation = Animation::with(settings, selection, Canvas::default()).unwrap();
    let first: Pixmap = animation.next_frame().unwrap().unwrap().clone();
    let mut previous = first.clone();
    let mut steps = Vec::new();
    let mut seam = 0.0;
    for frame in 1..=frames {
        let pixmap = animation.next_frame().unwrap().unwrap();
        if frame == frames {
            seam = diff(&first, pixmap).diff8;
        } else {
            steps.push(diff(&previous, pixmap).diff8);
            previous = pixmap.clone();
        }
    }
    steps.sort_by(f64::total_cmp);
    let median_step = steps.get(steps.len() / 2).copied().unwrap_or(0.0);
    Seam {
        frames,
        seam,
        median_step,
    }
}

fn preset_settings(name: &str) -> Settings {
    checked_settings(&Preset::load(name).unwrap(), &[]).unwrap()
}

#[test]
fn every_shipped_preset_loops_without_a_seam() {
    let mut visible = Vec::new();
    println!("preset            frames  seam %  median step %");
    for (name, _) in SHIPPED {
        let seam = measure(&preset_settings(name));
        println!(
            "{name:<17} {:>6}  {:>6.3}  {:>6.3}",
            seam.frames, seam.seam, seam.median_step
        );
        if seam.visible() {
            visible.push(format!("{name}: {seam:?}"));
        }
    }
    assert!(visible.is_empty(), "seams show:\n{}", visible.join("\n"));
}
