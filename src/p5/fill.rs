//! Filled paths as Chromium's Skia covers them: analytic anti-aliasing
//! (`SkScan_AAAPath.cpp`), not tiny-skia's 4x4 supersampling.
//!
//! Skia turns the path into line edges (src/p5/edges.rs) whose ends sit on
//! the quarter-pixel grid in y, so the path is made of trapezoids between
//! consecutive quarter rows. Within each quarter row Skia walks the edges
//! left to right, keeps the spans where the winding number is not zero and
//! adds their exact area to each pixel's coverage: self-overlapping contours
//! (p5's `endShape(CLOSE)` retraces part of a curve shape) count once, not
//! twice. The coverage becomes an 8-bit alpha, which Skia's run-based blitter
//! snaps to 0 below 8 and to 255 above 247, and the colour is blended with
//! Skia's 8-bit blitter (src/p5/blend.rs).

use tiny_skia::{Path, Pixmap, Transform};

use super::blend::Solid;
use super::color::Rgba;
use super::edges::{path_edges, Edge};

/// The height of the strips between the edges' ends.
const STRIP: f64 = 0.25;

/// Fills `path` under `ts` with `color`, non-zero winding, source-over, as
/// Skia does.
pub fn fill_path(pixmap: &mut Pixmap, path: &Path, ts: Transform, color: Rgba) {
    let mut edges = path_edges(path, ts);
    let solid = Solid::new(color);
    let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
    let data = pixmap.data_mut();
    rasterize(&mut edges, width, height, |y, x0, coverage| {
        let row = &mut data[(y * width + x0) * 4..];
        for (px, &c) in row.chunks_exact_mut(4).zip(coverage) {
            solid.blend(px, alpha(c));
        }
    });
}

/// Skia's alpha for a coverage in 0..=1: 8 bits, snapped at the ends
/// (`SafeRLEAdditiveBlitter`'s `snapAlpha`).
fn alpha(coverage: f32) -> u32 {
    match (coverage.clamp(0.0, 1.0) * 255.0).round() as u32 {
        a if a > 247 => 255,
        a if a < 8 => 0,
        a => a,
    }
}

/// Calls `row(y, x0, coverage)` for each pixel row `y` of a `width` x
/// `height` raster that the edges cover (non-zero winding), with
/// `coverage[i]` the covered share of pixel (x0 + i, y).
fn rasterize(
    edges: &mut [Edge],
    width: usize,
    height: usize,
    mut row: impl FnMut(usize, usize, &[f32]),
) {
    if edges.is_empty() || width == 0 {
        return;
    }
    edges.sort_unstable_by(|a, b| a.y0.total_cmp(&b.y0));
    let bottom = edges.iter().map(|e| e.y1).fold(f64::MIN, f64::max);
    let bottom = bottom.ceil().min(height as f64);
    // acc[x]: the coverage of pixel x minus that of pixel x - 1.
    let mut acc = vec![0f32; width + 2];
    let mut coverage = vec![0f32; width];
    let mut active: Vec<Edge> = Vec::new();
    let mut crossings: Vec<(f64, f64, f64)> = Vec::new();
    let mut next = 0;
    let mut y = edges[0].y0.floor().max(0.0);
    while y < bottom {
        let (mut lo, mut hi) = (width + 1, 0);
        for quarter in 0..4 {
            let top = y + f64::from(quarter) * STRIP;
            active.retain(|e| e.y1 > top);
            while next < edges.len() && edges[next].y0 <= top {
                if edges[next].y1 > top {
                    active.push(edges[next]);
                }
                next += 1;
            }
            crossings.clear();
            crossings.extend(
                active
                    .iter()
                    .map(|e| (e.x_at(top), e.x_at(top + STRIP), e.winding)),
            );
            crossings.sort_unstable_by(|a, b| (a.0 + a.1).total_cmp(&(b.0 + b.1)));
            let mut winding = 0.0;
            let mut start = (0.0, 0.0);
            for &(xt, xb, w) in &crossings {
                if winding == 0.0 {
                    start = (xt, xb);
                }
                winding += w;
                if winding == 0.0 {
                    for (side, d) in [(start, STRIP), ((xt, xb), -STRIP)] {
                        let (l, h) = accumulate(&mut acc, side, d as f32);
                        (lo, hi) = (lo.min(l), hi.max(h));
                    }
                }
            }
        }
        if lo <= hi {
            let end = hi.min(width - 1);
            let mut sum = 0f32;
            for x in lo..=end {
                sum += acc[x];
                coverage[x] = sum;
            }
            acc[lo..=hi].fill(0.0);
            if lo <= end {
                row(y as usize, lo, &coverage[lo..=end]);
            }
        }
        y += 1.0;
    }
}

/// Adds to `acc` (see `rasterize`) the coverage, times `d`, of the part of a
/// strip right of the edge from x = `top` at its top to `bottom` at its
/// bottom. Returns the first and last entries changed.
fn accumulate(acc: &mut [f32], (top, bottom): (f64, f64), d: f32) -> (usize, usize) {
    let w = (acc.len() - 2) as f64;
    let (x0, x1) = (top.min(bottom).clamp(0.0, w), top.max(bottom).clamp(0.0, w));
    // area(u): the area left of u and right of the edge, for a unit strip.
    let area = |u: f64| {
        if u <= x0 {
            0.0
        } else if u >= x1 {
            u - (x0 + x1) / 2.0
        } else {
            (u - x0) * (u - x0) / (2.0 * (x1 - x0))
        }
    };
    let first = x0.floor() as usize;
    let last = (x1.ceil() as usize).max(first + 1);
    let mut before = 0.0;
    for x in first..last {
        let u = x as f64;
        let covered = area(u + 1.0) - area(u);
        acc[x] += d * (covered - before) as f32;
        before = covered;
    }
    acc[last] += d * (1.0 - before) as f32;
    (first, last)
}
