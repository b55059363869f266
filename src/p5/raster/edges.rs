//! A path as Skia's analytic rasterizer sees it: line edges whose ends sit on
//! the quarter-pixel grid in y (`SkAnalyticEdge`, accuracy 2).
//!
//! Lines keep x to 1/256 px and round y to the nearest quarter (`SnapY`).
//! Quadratics (arcs' conics, stroke outlines) are cut at their y extremum
//! and flattened as `SkAnalyticQuadraticEdge` does. Cubics are cut at their y extrema (`SkChopCubicAtYExtrema`), then each
//! piece is flattened by forward differencing, in Skia's 16.16 fixed point,
//! into 2^n lines with n from the curve's size (`SkAnalyticCubicEdge`:
//! `cubic_delta_from_line`, `diff_to_shift`); each line end's y is snapped.

use tiny_skia::{Path, PathSegment, Point, Transform};

/// Skia's 16.16 fixed point.
type Fixed = i32;

/// A line edge, top to bottom, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Edge {
    pub x0: f64,
    pub y0: f64,
    pub y1: f64,
    /// dx / dy.
    pub slope: f64,
    /// +1 when the path runs down the edge, -1 when it runs up.
    pub winding: f64,
}

impl Edge {
    /// The edge from (x0, y0) to (x1, y1), if it is not horizontal.
    pub fn new((x0, y0): (f64, f64), (x1, y1): (f64, f64)) -> Option<Edge> {
        let ((x0, y0), (x1, y1), winding) = match y0.total_cmp(&y1) {
            std::cmp::Ordering::Less => ((x0, y0), (x1, y1), 1.0),
            std::cmp::Ordering::Greater => ((x1, y1), (x0, y0), -1.0),
            std::cmp::Ordering::Equal => return None,
        };
        Some(Edge {
            x0,
            y0,
            y1,
            slope: (x1 - x0) / (y1 - y0),
            winding,
        })
    }

    /// x where the edge (extended) crosses height `y`.
    pub fn x_at(&self, y: f64) -> f64 {
        self.x0 + (y - self.y0) * self.slope
    }
}

/// Skia's `SnapY`: a fixed-point y rounded to the nearest quarter pixel.
fn snap_y(y: Fixed) -> Fixed {
    (y.wrapping_add(1 << 13) >> 14) << 14
}

fn to_f64(v: Fixed) -> f64 {
    f64::from(v) / 65536.0
}

/// A coordinate in FDot6 at four times the scale, truncated, as Skia reads
/// path points (`int(x * (1 << (2 + 6)))`).
fn fdot6_x4(v: f32) -> i32 {
    (v * 256.0) as i32
}

/// The edges of `path` under `ts`, as Skia's edge builder makes them, in
/// `edges` (emptied first: a buffer reused from path to path).
pub fn path_edges(path: &Path, ts: Transform, edges: &mut Vec<Edge>) {
    edges.clear();
    let map = |p: Point| {
        Point::from_xy(
            p.x * ts.sx + p.y * ts.kx + ts.tx,
            p.x * ts.ky + p.y * ts.sy + ts.ty,
        )
    };
    let (mut start, mut last) = (Point::zero(), Point::zero());
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                line(edges, last, start);
                start = map(p);
                last = start;
            }
            PathSegment::LineTo(p) => {
                let p = map(p);
                line(edges, last, p);
                last = p;
            }
            PathSegment::QuadTo(c, p) => {
                let p = map(p);
                quad(edges, [last, map(c), p]);
                last = p;
            }
            PathSegment::CubicTo(c1, c2, p) => {
                let p = map(p);
                cubic(edges, [last, map(c1), map(c2), p]);
                last = p;
            }
            PathSegment::Close => {
                line(edges, last, start);
                last = start;
            }
        }
    }
    line(edges, last, start);
}

/// `SkAnalyticEdge::setLine`.
fn line(edges: &mut Vec<Edge>, a: Point, b: Point) {
    let fixed = |v: f32| fdot6_x4(v).wrapping_shl(8);
    let end = |p: Point| (to_f64(fixed(p.x)), to_f64(snap_y(fixed(p.y))));
    edges.extend(Edge::new(end(a), end(b)));
}

/// Cuts the cubic at its y extrema and adds each monotonic piece.
fn cubic(edges: &mut Vec<Edge>, pts: [Point; 4]) {
    let v = pts.map(|p| f64::from(p.y));
    // dy/dt / 3 = a t² + 2 b t + c (`SkFindCubicExtrema`).
    let a = v[3] - v[0] + 3.0 * (v[1] - v[2]);
    let b = v[0] - 2.0 * v[1] + v[2];
    let c = v[1] - v[0];
    let mut ts: Vec<f64> = if a.abs() < 1e-12 {
        vec![-c / (2.0 * b)]
    } else {
        let disc = b * b - a * c;
        if disc < 0.0 {
            vec![]
        } else {
            let r = disc.sqrt();
            vec![(-b - r) / a, (-b + r) / a]
        }
    };
    ts.retain(|t| t.is_finite() && *t > 0.0 && *t < 1.0);
    ts.sort_by(f64::total_cmp);
    ts.dedup();
    let mut rest = pts;
    let mut done = 0.0;
    for t in ts {
        let (head, tail) = chop(rest, ((t - done) / (1.0 - done)) as f32);
        mono_cubic(edges, head);
        rest = tail;
        done = t;
    }
    mono_cubic(edges, rest);
}

/// Cuts the quadratic at its y extremum (`SkChopQuadAtYExtrema`) and adds
/// each monotonic piece.
fn quad(edges: &mut Vec<Edge>, [p0, p1, p2]: [Point; 3]) {
    let (a, b, c) = (p0.y, p1.y, p2.y);
    let (ab, mut bc) = (a - b, b - c);
    if ab < 0.0 {
        bc = -bc;
    }
    if !(ab == 0.0 || bc < 0.0) {
        return mono_quad(edges, [p0, p1, p2]);
    }
    // `valid_unit_divide(a - b, a - 2b + c)`.
    let (mut numer, mut denom) = (a - b, a - b - b + c);
    if numer < 0.0 {
        (numer, denom) = (-numer, -denom);
    }
    let t = numer / denom;
    if denom != 0.0 && numer != 0.0 && numer < denom && t > 0.0 && t.is_finite() {
        let (p01, p12) = (lerp(p0, p1, t), lerp(p1, p2, t));
        let mid = lerp(p01, p12, t);
        // `flatten_double_quad_extrema`.
        let flat = |p: Point| Point::from_xy(p.x, mid.y);
        mono_quad(edges, [p0, flat(p01), mid]);
        mono_quad(edges, [mid, flat(p12), p2]);
    } else {
        // Forced monotonic, as Skia when the division underflows.
        let b = if (a - b).abs() < (b - c).abs() { a } else { c };
        mono_quad(edges, [p0, Point::from_xy(p1.x, b), p2]);
    }
}

/// The control points of a curve monotonic in y in fixed point, ordered
/// top to bottom, and its winding (-1 when they were reversed); `None` for
/// a curve that rounds to zero height, which Skia drops (`SkFDot6Round`).
fn downward<const N: usize>(pts: [Point; N]) -> Option<([i32; N], [i32; N], f64)> {
    let mut xs = pts.map(|p| fdot6_x4(p.x));
    let mut ys = pts.map(|p| fdot6_x4(p.y));
    let reversed = ys[0] > ys[N - 1];
    if reversed {
        xs.reverse();
        ys.reverse();
    }
    let rounded = |y: i32| (y + 32) >> 6;
    (rounded(ys[0]) != rounded(ys[N - 1])).then_some((xs, ys, if reversed { -1.0 } else { 1.0 }))
}

/// `SkAnalyticQuadraticEdge` for a quadratic monotonic in y: 2^n lines by
/// forward differencing in fixed point (`setQuadraticWithoutUpdate` at
/// accuracy 2, then `updateQuadratic`), each end snapped to the quarter
/// grid, or to whole pixels along the line when a step is 2 px or more.
fn mono_quad(edges: &mut Vec<Edge>, pts: [Point; 3]) {
    let Some((xs, ys, winding)) = downward(pts) else {
        return;
    };
    let shift = |[v0, v1, v2]: [i32; 3]| ((v1 << 1) - v0 - v2) >> 2;
    let shift = diff_to_shift(shift(xs), shift(ys)).clamp(1, 6);
    // (start, first step, second difference, end), each shifted down by 2.
    let axis = |[v0, v1, v2]: [i32; 3]| {
        let a = (v0 - v1 - v1 + v2) << 9;
        let b = (v1 - v0) << 10;
        (
            (v0 << 10) >> 2,
            (b + (a >> shift)) >> 2,
            (a >> (shift - 1)) >> 2,
            (v2 << 10) >> 2,
        )
    };
    let (x0, mut dx, ddx, last_x) = axis(xs);
    let (y0, mut dy, ddy, last_y) = axis(ys);
    let last_y = snap_y(last_y);
    let curve_shift = shift - 1;
    let (mut old_x, mut old_y) = (x0, snap_y(y0));
    let mut polyline = Polyline::new(edges, (old_x, old_y), winding);
    let (mut snapped_x, mut snapped_y) = (old_x, old_y);
    for i in 1..=(1u32 << shift) {
        let (new_x, new_y, sx, sy) = if i < 1 << shift {
            let (new_x, new_y) = (
                old_x.wrapping_add(dx >> curve_shift),
                old_y.wrapping_add(dy >> curve_shift),
            );
            let (sx, sy) = if (dy >> curve_shift).abs() >= 2 << 16 {
                // Snapped to a whole pixel, x moved back along the line.
                let sy = ((new_y + 0x8000) & !0xFFFF).min(last_y);
                let rise = f64::from(new_y - snapped_y);
                let slope = f64::from(new_x - snapped_x) / rise;
                let back = if rise == 0.0 {
                    0.0
                } else {
                    slope * f64::from(new_y - sy)
                };
                (new_x - back as Fixed, sy)
            } else {
                (new_x, snap_y(new_y).min(last_y))
            };
            dx = dx.wrapping_add(ddx);
            dy = dy.wrapping_add(ddy);
            (new_x, new_y, sx, sy)
        } else {
            (last_x, last_y, last_x, last_y)
        };
        let sy = sy.max(snapped_y);
        polyline.to((sx, sy));
        (snapped_x, snapped_y) = (sx, sy);
        (old_x, old_y) = (new_x, new_y);
    }
}

/// The edges between consecutive points of a curve's flattening, top to
/// bottom in fixed point, each with the curve's winding.
struct Polyline<'a> {
    edges: &'a mut Vec<Edge>,
    last: (Fixed, Fixed),
    winding: f64,
}

impl<'a> Polyline<'a> {
    fn new(edges: &'a mut Vec<Edge>, start: (Fixed, Fixed), winding: f64) -> Self {
        Polyline {
            edges,
            last: start,
            winding,
        }
    }

    /// Adds the edge from the last point to `p` (none if it is flat).
    fn to(&mut self, p: (Fixed, Fixed)) {
        let at = |(x, y): (Fixed, Fixed)| (to_f64(x), to_f64(y));
        if let Some(mut e) = Edge::new(at(self.last), at(p)) {
            e.winding = self.winding;
            self.edges.push(e);
        }
        self.last = p;
    }
}

fn lerp(a: Point, b: Point, t: f32) -> Point {
    Point::from_xy(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

/// De Casteljau at `t`.
fn chop(p: [Point; 4], t: f32) -> ([Point; 4], [Point; 4]) {
    let (ab, bc, cd) = (
        lerp(p[0], p[1], t),
        lerp(p[1], p[2], t),
        lerp(p[2], p[3], t),
    );
    let (abc, bcd) = (lerp(ab, bc, t), lerp(bc, cd, t));
    let mid = lerp(abc, bcd, t);
    // The cut is a y extremum: flatten it (`flatten_double_cubic_extrema`).
    let (mut abc, mut bcd) = (abc, bcd);
    abc.y = mid.y;
    bcd.y = mid.y;
    ([p[0], ab, abc, mid], [mid, bcd, cd, p[3]])
}

/// `cubic_delta_from_line`: how far the control points stray from the chord.
fn delta_from_line(a: i32, b: i32, c: i32, d: i32) -> i32 {
    let one_third = ((a * 8 - b * 15 + 6 * c + d) * 19) >> 9;
    let two_thirds = ((a + 6 * b - c * 15 + d * 8) * 19) >> 9;
    one_third.abs().max(two_thirds.abs())
}

/// `diff_to_shift` with accuracy 2: log4 of the curve's size.
fn diff_to_shift(dx: i32, dy: i32) -> u32 {
    let (dx, dy) = (dx.abs(), dy.abs());
    let dist = if dx > dy {
        dx + (dy >> 1)
    } else {
        dy + (dx >> 1)
    };
    let dist = (dist + (1 << 4)) >> 5;
    (32 - (dist as u32).leading_zeros()) >> 1
}

/// One axis of a cubic's forward differences (`setCubicWithoutUpdate`, then
/// the shift down by 2 of `SkAnalyticCubicEdge::setCubic`).
#[derive(Debug, Clone, Copy)]
struct Axis {
    v: Fixed,
    d: Fixed,
    dd: Fixed,
    ddd: Fixed,
    last: Fixed,
}

impl Axis {
    fn new([v0, v1, v2, v3]: [i32; 4], shift: u32, up_shift: u32) -> Axis {
        let b = (3 * (v1 - v0)) << up_shift;
        let c = (3 * (v0 - 2 * v1 + v2)) << up_shift;
        let d = (v3 + 3 * (v1 - v2) - v0) << up_shift;
        Axis {
            v: (v0 << 10) >> 2,
            d: (b + (c >> shift) + (d >> (2 * shift))) >> 2,
            dd: (2 * c + ((3 * d) >> (shift - 1))) >> 2,
            ddd: ((3 * d) >> (shift - 1)) >> 2,
            last: (v3 << 10) >> 2,
        }
    }

    /// The step to the next point; advances the differences (`updateCubic`).
    fn step(&mut self, dshift: u32, ddshift: u32) -> Fixed {
        let step = self.d >> dshift;
        self.d = self.d.wrapping_add(self.dd >> ddshift);
        self.dd = self.dd.wrapping_add(self.ddd);
        step
    }
}

/// `SkAnalyticCubicEdge` for a cubic monotonic in y.
fn mono_cubic(edges: &mut Vec<Edge>, pts: [Point; 4]) {
    let Some((xs, ys, winding)) = downward(pts) else {
        return;
    };
    let [x0, x1, x2, x3] = xs;
    let [y0, y1, y2, y3] = ys;
    let dx = delta_from_line(x0, x1, x2, x3);
    let dy = delta_from_line(y0, y1, y2, y3);
    let shift = (diff_to_shift(dx, dy) + 1).min(6);
    let (up_shift, down_shift) = if shift + 6 >= 10 {
        (6, shift + 6 - 10)
    } else {
        (10 - shift, 0)
    };
    let mut x = Axis::new(xs, shift, up_shift);
    let mut y = Axis::new(ys, shift, up_shift);
    let last_y = snap_y(y.last);
    // Skia snaps the start, then steps from there.
    let (mut old_x, mut old_y) = (x.v, snap_y(y.v));
    let mut polyline = Polyline::new(edges, (old_x, old_y), winding);
    let count = 1u32 << shift;
    for i in 1..=count {
        let (new_x, new_y) = if i < count {
            let (dx, dy) = (x.step(down_shift, shift), y.step(down_shift, shift));
            (old_x.wrapping_add(dx), old_y.wrapping_add(dy).max(old_y))
        } else {
            (x.last, y.last.max(old_y))
        };
        let snapped = snap_y(new_y);
        polyline.to((new_x, snapped.min(last_y)));
        if snapped > last_y {
            break;
        }
        (old_x, old_y) = (new_x, new_y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::PathBuilder;

    fn on_quarter_grid(y: f64) -> bool {
        (y * 4.0).fract() == 0.0
    }

    #[test]
    fn lines_keep_x_to_a_256th_and_snap_y_to_a_quarter() {
        let mut edges = Vec::new();
        line(
            &mut edges,
            Point::from_xy(3.0, 5.9),
            Point::from_xy(1.1, 2.13),
        );
        let e = edges[0];
        assert_eq!((e.y0, e.y1, e.winding), (2.25, 6.0, -1.0));
        assert_eq!(e.x0, (1.1f32 * 256.0).floor() as f64 / 256.0);
        // Too flat to span a quarter row: no edge.
        line(
            &mut edges,
            Point::from_xy(0.0, 1.0),
            Point::from_xy(9.0, 1.1),
        );
        assert_eq!(edges.len(), 1);
    }

    #[test]
    fn a_cubic_becomes_a_few_lines_on_the_quarter_grid() {
        // An arch: up to y = 30 at t = 1/2, then back down.
        let pts = [(0.0, 0.0), (0.0, 40.0), (40.0, 40.0), (40.0, 0.0)];
        let mut edges = Vec::new();
        cubic(&mut edges, pts.map(|(x, y)| Point::from_xy(x, y)));
        assert!(edges
            .iter()
            .all(|e| on_quarter_grid(e.y0) && on_quarter_grid(e.y1)));
        let (down, up): (Vec<Edge>, Vec<Edge>) = edges.iter().partition(|e| e.winding > 0.0);
        // Each half is flattened into 2^4 lines, less one too flat to keep.
        assert_eq!((down.len(), up.len()), (15, 15), "{edges:?}");
        let bottom = edges.iter().map(|e| e.y1).fold(0.0, f64::max);
        assert_eq!(bottom, 30.0);
        assert!(edges.iter().all(|e| e.y0 >= 0.0));
    }

    #[test]
    fn a_quadratic_is_cut_at_its_extremum_and_flattened() {
        // An arch from (0, 0) down to y = 20 at x = 20 and back up.
        let pts = [(0.0, 0.0), (20.0, 40.0), (40.0, 0.0)];
        let mut edges = Vec::new();
        quad(&mut edges, pts.map(|(x, y)| Point::from_xy(x, y)));
        let (down, up): (Vec<Edge>, Vec<Edge>) = edges.iter().partition(|e| e.winding > 0.0);
        assert_eq!(down.len(), up.len(), "{edges:?}");
        assert!(down.len() >= 4, "{edges:?}");
        let bottom = edges.iter().map(|e| e.y1).fold(0.0, f64::max);
        assert_eq!(bottom, 20.0);
        // Ends on the quarter grid; each flattened point on or inside the
        // curve's hull, and the pieces joined end to end.
        assert!(edges
            .iter()
            .all(|e| on_quarter_grid(e.y0) && on_quarter_grid(e.y1)));
        let mut down = down;
        down.sort_by(|a, b| a.y0.total_cmp(&b.y0));
        for w in down.windows(2) {
            assert_eq!(w[0].y1, w[1].y0);
            assert!((w[0].x_at(w[0].y1) - w[1].x0).abs() < 1e-3, "{w:?}");
        }
    }

    #[test]
    fn a_closed_path_goes_down_as_far_as_up() {
        let mut pb = PathBuilder::new();
        pb.move_to(10.0, 10.0);
        pb.cubic_to(30.0, 0.0, 50.0, 40.0, 20.0, 35.5);
        pb.line_to(5.0, 20.3);
        pb.close();
        let mut edges = Vec::new();
        path_edges(
            &pb.finish().unwrap(),
            Transform::from_translate(0.5, 0.25),
            &mut edges,
        );
        let net: f64 = edges.iter().map(|e| e.winding * (e.y1 - e.y0)).sum();
        assert_eq!(net, 0.0, "{edges:?}");
        assert!(edges
            .iter()
            .all(|e| on_quarter_grid(e.y0) && on_quarter_grid(e.y1)));
    }
}
