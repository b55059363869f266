//! Small filled circles as Chromium's Skia draws them (the whale's stars).
//!
//! Chromium draws `ellipse()` as four quarter conics. Below a radius of about
//! 4 px, Skia turns each into one quadratic whose control point is the
//! quarter's corner, and flattens each quadratic into two lines: the circle
//! becomes an octagon with vertices (±r, 0), (0, ±r) and (±0.75r, ±0.75r).
//! Skia then covers it analytically (exact area per pixel) and blends with its
//! 8-bit legacy blitter. tiny-skia's path would be a similar polygon, but its
//! 4x4 supersampled coverage and rounded blending differ enough that a dense
//! star field (a small canvas, or many stars) goes over the fidelity limits.

use rustc_hash::FxHashMap;
use tiny_skia::Pixmap;

use super::blend::Solid;
use super::color::Rgba;

/// The largest radius drawn here: Skia's conic-to-quad tolerance (0.25 px)
/// keeps one quad per quarter up to r = 0.25 / 0.0607, and its quad
/// flattening keeps two lines per quad up to r = 5.17.
pub const MAX_RADIUS: f64 = 4.0;

/// The octagon Skia fills for a circle of radius `r` at (x, y), clockwise on
/// screen from (x + r, y).
///
/// Skia's analytic coverage then snaps each vertex's y to a quarter pixel
/// (`SkAnalyticEdge`, accuracy 2); x keeps its precision.
fn octagon(x: f64, y: f64, r: f64) -> [(f64, f64); 8] {
    let k = 0.75 * r;
    let snap = |(x, y): (f64, f64)| (x, (y * 4.0 + 0.5).floor() / 4.0);
    [
        (x + r, y),
        (x + k, y + k),
        (x, y + r),
        (x - k, y + k),
        (x - r, y),
        (x - k, y - k),
        (x, y - r),
        (x + k, y - k),
    ]
    .map(snap)
}

/// The most vertices a clipped octagon can have: one more per side clipped.
const MAX_CLIPPED: usize = 12;

/// A convex polygon on the stack: clipping runs for every pixel of every
/// star, so it must not allocate.
#[derive(Clone, Copy)]
struct Polygon {
    points: [(f64, f64); MAX_CLIPPED],
    len: usize,
}

impl Polygon {
    fn push(&mut self, p: (f64, f64)) {
        self.points[self.len] = p;
        self.len += 1;
    }

    /// The part on the side of `axis` = `at` that `inside` keeps
    /// (Sutherland-Hodgman, one side).
    fn clip(&self, axis: usize, at: f64, keep_above: bool) -> Polygon {
        let coord = |p: (f64, f64)| if axis == 0 { p.0 } else { p.1 };
        let inside = |p: (f64, f64)| (coord(p) >= at) == keep_above || coord(p) == at;
        let mut out = Polygon {
            points: [(0.0, 0.0); MAX_CLIPPED],
            len: 0,
        };
        for i in 0..self.len {
            let (a, b) = (self.points[i], self.points[(i + 1) % self.len]);
            let (ia, ib) = (inside(a), inside(b));
            if ia {
                out.push(a);
            }
            if ia != ib {
                let t = (at - coord(a)) / (coord(b) - coord(a));
                out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
            }
        }
        out
    }

    fn area(&self) -> f64 {
        let twice: f64 = (0..self.len)
            .map(|i| {
                let (a, b) = (self.points[i], self.points[(i + 1) % self.len]);
                a.0 * b.1 - b.0 * a.1
            })
            .sum();
        (twice / 2.0).abs()
    }
}

/// The widest box a circle of at most `MAX_RADIUS` covers, in pixels.
const MAX_SIDE: usize = 2 * MAX_RADIUS as usize + 1;

/// A circle's coverage (0..=255) over the pixel box at (`left`, `top`),
/// `side` pixels wide, rows of `MAX_SIDE`.
#[derive(Clone)]
struct Stamp {
    left: i64,
    top: i64,
    side: (usize, usize),
    cover: [u8; MAX_SIDE * MAX_SIDE],
}

/// The area of convex polygon `poly` (at most 8 vertices) inside each unit
/// pixel of the box of `side` pixels at (`left`, `top`), rows of `MAX_SIDE`.
/// Clipped to each column once, then to each pixel of the column.
fn areas(
    poly: &[(f64, f64)],
    (left, top): (i64, i64),
    side: (usize, usize),
) -> [f64; MAX_SIDE * MAX_SIDE] {
    let mut whole = Polygon {
        points: [(0.0, 0.0); MAX_CLIPPED],
        len: 0,
    };
    poly.iter().for_each(|&p| whole.push(p));
    let mut areas = [0.0; MAX_SIDE * MAX_SIDE];
    for column in 0..side.0 {
        let px = (left + column as i64) as f64;
        let strip = whole.clip(0, px, true).clip(0, px + 1.0, false);
        if strip.len == 0 {
            continue;
        }
        for row in 0..side.1 {
            let py = (top + row as i64) as f64;
            let pixel = strip.clip(1, py, true).clip(1, py + 1.0, false);
            areas[row * MAX_SIDE + column] = pixel.area();
        }
    }
    areas
}

impl Stamp {
    fn new(x: f64, y: f64, r: f64) -> Self {
        let poly = octagon(x, y, r);
        let (left, top) = ((x - r).floor() as i64, (y - r).floor() as i64);
        let side = |lo: i64, hi: f64| (hi.ceil() as i64 - lo) as usize;
        let mut stamp = Stamp {
            left,
            top,
            side: (side(left, x + r), side(top, y + r)),
            cover: [0; MAX_SIDE * MAX_SIDE],
        };
        let areas = areas(&poly, (left, top), stamp.side);
        for (cover, area) in stamp.cover.iter_mut().zip(areas) {
            *cover = (area * 255.0).round().clamp(0.0, 255.0) as u8;
        }
        stamp
    }
}

/// Stamps of the circles drawn lately, by position and radius: a star at
/// rest is the same stamp frame after frame, and computing one costs a
/// polygon clip per pixel. Two generations, so that memory stays bounded:
/// when the recent one fills, it becomes the older one and the oldest go.
#[derive(Default)]
pub struct Stamps {
    recent: FxHashMap<[u64; 3], Stamp>,
    older: FxHashMap<[u64; 3], Stamp>,
}

/// Stamps kept in one generation: a few frames of a dense star field.
const GENERATION: usize = 4096;

impl Stamps {
    fn get(&mut self, x: f64, y: f64, r: f64) -> &Stamp {
        let key = [x.to_bits(), y.to_bits(), r.to_bits()];
        // Only a full generation costs a second look-up.
        if self.recent.len() >= GENERATION && !self.recent.contains_key(&key) {
            self.older = std::mem::take(&mut self.recent);
        }
        let older = &mut self.older;
        self.recent
            .entry(key)
            .or_insert_with(|| older.remove(&key).unwrap_or_else(|| Stamp::new(x, y, r)))
    }
}

/// Fills a circle of radius `r` (0 < r <= MAX_RADIUS) at device position
/// (x, y) with `color`, source-over, as Skia does.
pub fn fill_circle(
    pixmap: &mut Pixmap,
    stamps: &mut Stamps,
    (x, y): (f64, f64),
    r: f64,
    color: Rgba,
) {
    let stamp = stamps.get(x, y, r);
    let (w, h) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    let solid = Solid::new(color);
    let stride = w as usize * 4;
    let data = pixmap.data_mut();
    for row in 0..stamp.side.1 {
        let py = stamp.top + row as i64;
        if !(0..h).contains(&py) {
            continue;
        }
        for column in 0..stamp.side.0 {
            let px = stamp.left + column as i64;
            if (0..w).contains(&px) {
                let at = py as usize * stride + px as usize * 4;
                let aa = u32::from(stamp.cover[row * MAX_SIDE + column]);
                solid.blend(&mut data[at..at + 4], aa);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_adds_up_to_the_octagon() {
        let poly = octagon(10.3, 7.5, 2.0);
        let total: f64 = areas(&poly, (8, 5), (5, 5)).iter().sum();
        // 4 triangles r * 0.75r * sin 45° ... the octagon's area is 3r².
        assert!((total - 12.0).abs() < 1e-9, "{total}");
    }

    #[test]
    fn stamps_are_kept_for_two_generations_at_most() {
        let mut stamps = Stamps::default();
        let at = |i: usize| (i as f64 * 0.01, 3.0);
        stamps.get(at(0).0, at(0).1, 1.5);
        for i in 1..3 * GENERATION {
            stamps.get(at(i).0, at(i).1, 1.5);
            assert!(stamps.recent.len() + stamps.older.len() <= 2 * GENERATION);
        }
        // A stamp brought back is the stamp computed afresh.
        let again = stamps.get(at(0).0, at(0).1, 1.5).cover;
        assert_eq!(again, Stamp::new(at(0).0, at(0).1, 1.5).cover);
        assert!(stamps
            .recent
            .contains_key(&[at(0).0.to_bits(), 3f64.to_bits(), 1.5f64.to_bits()]));
    }

    #[test]
    fn an_opaque_star_covers_its_centre() {
        let mut pixmap = Pixmap::new(8, 8).unwrap();
        fill_circle(
            &mut pixmap,
            &mut Stamps::default(),
            (4.0, 4.0),
            2.0,
            Rgba::grey(255),
        );
        let c = pixmap.pixel(3, 3).unwrap();
        assert_eq!((c.red(), c.alpha()), (255, 255));
        assert_eq!(pixmap.pixel(0, 0).unwrap().alpha(), 0);
    }
}
