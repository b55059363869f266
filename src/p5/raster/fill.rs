//! Filled paths as Chromium's Skia covers them: analytic anti-aliasing
//! (`SkScan_AAAPath.cpp`), not tiny-skia's 4x4 supersampling.
//!
//! Skia turns the path into line edges (src/p5/raster/edges.rs) whose ends sit on
//! the quarter-pixel grid in y, so the path is made of trapezoids between
//! consecutive quarter rows. Within each quarter row Skia walks the edges
//! left to right, keeps the spans where the winding number is not zero and
//! adds their exact area to each pixel's coverage: self-overlapping contours
//! (p5's `endShape(CLOSE)` retraces part of a curve shape) count once, not
//! twice. The coverage becomes an 8-bit alpha, which Skia's run-based blitter
//! snaps to 0 below 8 and to 255 above 247, and the colour is blended with
//! Skia's 8-bit blitter (src/p5/compositing/blend.rs).

use tiny_skia::{Path, Pixmap, Transform};

use super::edges::{path_edges, Edge};
use crate::clock;
use crate::p5::colour::color::Rgba;
use crate::p5::compositing::blend::Solid;

/// The height of the strips between the edges' ends.
const STRIP: f64 = 0.25;

/// The fill's working buffers, kept from one path to the next: a canvas
/// of many small paths (the tree's 262,144 lines at generation 6) then
/// allocates nothing per path.
#[derive(Debug, Default)]
pub struct Scratch {
    edges: Vec<Edge>,
    /// See `rasterize`: all zeros between paths.
    acc: Vec<f32>,
    coverage: Vec<f32>,
    active: Vec<Edge>,
    crossings: Vec<(f64, f64, f64)>,
}

/// Fills `path` under `ts` with `color`, non-zero winding, source-over, as
/// Skia does.
pub fn fill_path(
    scratch: &mut Scratch,
    pixmap: &mut Pixmap,
    path: &Path,
    ts: Transform,
    color: Rgba,
) {
    fill_with(scratch, pixmap, path, ts, color, alpha);
}

/// Fills `path` as Skia draws a glyph mask: the coverage in 8 bits, not
/// snapped, through `gamma` (see `crate::p5::typeset::text`), then blended.
pub fn fill_glyphs(
    scratch: &mut Scratch,
    pixmap: &mut Pixmap,
    path: &Path,
    ts: Transform,
    color: Rgba,
    gamma: &[u8; 256],
) {
    fill_with(scratch, pixmap, path, ts, color, |c| {
        u32::from(gamma[(c * 255.0 + 0.5).clamp(0.0, 255.0) as usize])
    });
}

/// Fills `path` with `color` at the alpha `alpha` gives each coverage.
fn fill_with(
    scratch: &mut Scratch,
    pixmap: &mut Pixmap,
    path: &Path,
    ts: Transform,
    color: Rgba,
    alpha: impl Fn(f32) -> u32,
) {
    path_edges(path, ts, &mut scratch.edges);
    let solid = Solid::new(color);
    let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
    let data = pixmap.data_mut();
    rasterize(scratch, width, height, |y, x0, coverage| {
        let row = &mut data[(y * width + x0) * 4..];
        for (px, &c) in row.chunks_exact_mut(4).zip(coverage) {
            solid.blend(px, alpha(c));
        }
    });
}

/// Skia's alpha for a coverage in 0..=1: 8 bits, snapped at the ends
/// (`SafeRLEAdditiveBlitter`'s `snapAlpha`).
fn alpha(coverage: f32) -> u32 {
    // `as` saturates: below 0 gives 0, above 1 more than 247.
    match (coverage * 255.0 + 0.5) as u32 {
        a if a > 247 => 255,
        a if a < 8 => 0,
        a => a,
    }
}

/// Calls `row(y, x0, coverage)` for each pixel row `y` of a `width` x
/// `height` raster that the edges of `scratch` cover (non-zero winding),
/// with `coverage[i]` the covered share of pixel (x0 + i, y). Gives up,
/// the rows left undrawn, past the running thread's deadline
/// (src/clock.rs): one path of a million edges crossing every row
/// takes minutes.
fn rasterize(
    scratch: &mut Scratch,
    width: usize,
    height: usize,
    mut row: impl FnMut(usize, usize, &[f32]),
) {
    let Scratch {
        edges,
        acc,
        coverage,
        active,
        crossings,
    } = scratch;
    if edges.is_empty() || width == 0 {
        return;
    }
    edges.sort_unstable_by(|a, b| a.y0.total_cmp(&b.y0));
    let bottom = edges.iter().map(|e| e.y1).fold(f64::MIN, f64::max);
    let bottom = bottom.ceil().min(height as f64);
    // acc[x]: the coverage of pixel x minus that of pixel x - 1. Each row
    // zeroes what it touched, so it is all zeros from path to path.
    acc.resize(width + 2, 0.0);
    coverage.resize(width, 0.0);
    active.clear();
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
            if clock::spend(crossings.len() as u64) {
                acc.fill(0.0);
                return;
            }
            crossings.sort_unstable_by(|a, b| (a.0 + a.1).total_cmp(&(b.0 + b.1)));
            let mut winding = 0.0;
            let mut start = (0.0, 0.0);
            for &(xt, xb, w) in crossings.iter() {
                if winding == 0.0 {
                    start = (xt, xb);
                }
                winding += w;
                if winding == 0.0 {
                    for (side, d) in [(start, STRIP), ((xt, xb), -STRIP)] {
                        let (l, h) = accumulate(acc, side, d as f32);
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
            if clock::spend((hi - lo) as u64) {
                return;
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
    // x0 and x1 are not negative: `as` floors them.
    let first = x0 as usize;
    let whole = x1 as usize;
    let last = (whole + usize::from((whole as f64) < x1)).max(first + 1);
    let mut before = 0.0;
    for (x, a) in acc[first..last].iter_mut().enumerate() {
        let u = (first + x) as f64;
        let covered = area(u + 1.0) - area(u);
        *a += d * (covered - before) as f32;
        before = covered;
    }
    acc[last] += d * (1.0 - before) as f32;
    (first, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed polygon through `points`, whose y must be on the quarter grid.
    fn polygon(points: &[(f64, f64)]) -> Vec<Edge> {
        let next = points.iter().cycle().skip(1);
        points
            .iter()
            .zip(next)
            .filter_map(|(&a, &b)| Edge::new(a, b))
            .collect()
    }

    /// The coverage of every pixel of a `size` x `size` raster.
    fn coverage(edges: Vec<Edge>, size: usize) -> Vec<Vec<f32>> {
        let mut grid = vec![vec![0f32; size]; size];
        let mut scratch = Scratch {
            edges,
            ..Scratch::default()
        };
        rasterize(&mut scratch, size, size, |y, x0, row| {
            grid[y][x0..x0 + row.len()].copy_from_slice(row);
        });
        grid
    }

    fn total(grid: &[Vec<f32>]) -> f64 {
        grid.iter().flatten().map(|&c| f64::from(c)).sum()
    }

    const SQUARE: [(f64, f64); 4] = [(2.0, 3.0), (6.0, 3.0), (6.0, 7.0), (2.0, 7.0)];

    #[test]
    fn a_pixel_aligned_square_is_exact() {
        let grid = coverage(polygon(&SQUARE), 10);
        for (y, row) in grid.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let inside = (2..6).contains(&x) && (3..7).contains(&y);
                assert_eq!(c, if inside { 1.0 } else { 0.0 }, "({x}, {y})");
            }
        }
    }

    #[test]
    fn coverage_adds_up_to_the_area() {
        let triangle = [(1.3, 0.5), (9.7, 2.25), (4.1, 8.75), (0.2, 5.0)];
        let twice: f64 = (0..4)
            .map(|i| {
                let ((ax, ay), (bx, by)) = (triangle[i], triangle[(i + 1) % 4]);
                ax * by - bx * ay
            })
            .sum();
        let grid = coverage(polygon(&triangle), 12);
        assert!(
            (total(&grid) - twice.abs() / 2.0).abs() < 1e-4,
            "{}",
            total(&grid)
        );
        assert!(grid
            .iter()
            .flatten()
            .all(|c| (-1e-6..=1.0 + 1e-6).contains(c)));
        // Both orientations cover alike.
        let mut reversed = triangle;
        reversed.reverse();
        let other = coverage(polygon(&reversed), 12);
        let most = (grid.iter().flatten().zip(other.iter().flatten()))
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f32::max);
        assert!(most < 1e-6, "{most}");
    }

    #[test]
    fn overlaps_count_once_and_opposite_windings_cancel() {
        let shifted = SQUARE.map(|(x, y)| (x + 1.5, y + 1.25));
        let mut both = polygon(&SQUARE);
        both.extend(polygon(&shifted));
        // Non-zero: the union, 16 + 16 - 2.5 * 2.75, every pixel at most 1.
        let grid = coverage(both, 10);
        assert!((total(&grid) - (32.0 - 2.5 * 2.75)).abs() < 1e-4);
        assert_eq!(grid[5][4], 1.0);

        // A square inside a larger one, run the other way round: a hole.
        let mut inner = [(3.0, 4.0), (5.0, 4.0), (5.0, 6.0), (3.0, 6.0)];
        inner.reverse();
        let mut holed = polygon(&SQUARE);
        holed.extend(polygon(&inner));
        let grid = coverage(holed, 10);
        assert!((total(&grid) - 12.0).abs() < 1e-4);
        assert_eq!((grid[4][3], grid[3][2]), (0.0, 1.0));
    }

    #[test]
    fn alpha_snaps_near_the_ends() {
        assert_eq!(alpha(0.02), 0);
        assert_eq!(alpha(0.5), 128);
        assert_eq!(alpha(0.98), 255);
        assert_eq!(alpha(1.3), 255);
    }
}
