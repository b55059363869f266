//! Elliptic arcs as Chromium builds them for the canvas's `ellipse()` and
//! `arc()`, which p5 1.x's `ellipse`, `arc` and `point` call.
//!
//! Blink canonicalises the angles in f32 (`CanvasPath::ellipse`), then Skia's
//! `SkPath::arcTo` turns the arc into conics: one per quarter turn from the
//! start angle, then one for what is left (`SkConic::BuildUnitArc`); a whole
//! ellipse is two half-turn arcs. tiny-skia has no conics, so each becomes
//! 2^n quadratics, n chosen as Skia's edge builder chooses it, in device
//! pixels at a tolerance of a quarter pixel (`computeQuadPOW2`): conic
//! subdivision commutes with the affine transform, so the quadratics are cut
//! in canvas units but land where Skia's do.

use std::f32::consts::{FRAC_PI_2, PI};

use tiny_skia::{PathBuilder, Point, Transform};

/// Skia's `SK_ScalarNearlyZero`.
const NEARLY_ZERO: f32 = 1.0 / 4096.0;
const TWO_PI: f32 = 2.0 * PI;

/// A rational quadratic: `p[1]` pulls the curve by `w`.
#[derive(Debug, Clone, Copy)]
struct Conic {
    p: [Point; 3],
    w: f32,
}

impl Conic {
    /// `SkConic::chop`: the halves at t = 0.5.
    fn chop(&self) -> (Conic, Conic) {
        let [p0, p1, p2] = self.p;
        let scale = 1.0 / (1.0 + self.w);
        let w = (0.5 + self.w * 0.5).sqrt();
        let wp1 = (p1.x * self.w, p1.y * self.w);
        let at = |x: f32, y: f32| Point::from_xy(x, y);
        let m = at(
            (p0.x + 2.0 * wp1.0 + p2.x) * scale * 0.5,
            (p0.y + 2.0 * wp1.1 + p2.y) * scale * 0.5,
        );
        let a = at((p0.x + wp1.0) * scale, (p0.y + wp1.1) * scale);
        let b = at((wp1.0 + p2.x) * scale, (wp1.1 + p2.y) * scale);
        (Conic { p: [p0, a, m], w }, Conic { p: [m, b, p2], w })
    }

    /// `SkConic::computeQuadPOW2` for the conic mapped by `ts`.
    fn quad_pow2(&self, ts: &Transform) -> u32 {
        let map = |p: Point| {
            (
                p.x * ts.sx + p.y * ts.kx + ts.tx,
                p.x * ts.ky + p.y * ts.sy + ts.ty,
            )
        };
        let [p0, p1, p2] = self.p.map(map);
        let a = self.w - 1.0;
        let k = a / (4.0 * (2.0 + a));
        let x = k * (p0.0 - 2.0 * p1.0 + p2.0);
        let y = k * (p0.1 - 2.0 * p1.1 + p2.1);
        let mut error = (x * x + y * y).sqrt();
        let mut pow2 = 0;
        // Skia's kMaxConicToQuadPOW2 is 5; a NaN error cuts all 5 times.
        for _ in 0..5 {
            if error <= 0.25 {
                break;
            }
            error *= 0.25;
            pow2 += 1;
        }
        pow2
    }

    /// Skia's `extend_pts` for one end of the conic: that end, and the
    /// control points that coincide with it, moved `outset` pixels under
    /// `ts` away from the next distinct point (alone, and to the right, or
    /// for the end to the left, when all three coincide).
    fn push_out(&mut self, end: Outward, outset: f32, ts: &Transform, inverse: &Transform) {
        let mut p = self.p;
        ts.map_points(&mut p);
        if let Outward::End = end {
            p.reverse();
        }
        let (tangent, count) = match (p[1..].iter().position(|q| *q != p[0]), end) {
            (Some(i), _) => {
                let mut tangent = p[0] - p[i + 1];
                tangent.normalize();
                (tangent, i + 1)
            }
            (None, Outward::Start) => (Point::from_xy(1.0, 0.0), 1),
            (None, Outward::End) => (Point::from_xy(-1.0, 0.0), 1),
        };
        for q in &mut p[..count] {
            *q = Point::from_xy(q.x + tangent.x * outset, q.y + tangent.y * outset);
        }
        if let Outward::End = end {
            p.reverse();
        }
        inverse.map_points(&mut p);
        self.p = p;
    }

    /// Adds the conic, which starts at the builder's last point, as quads.
    fn push(&self, pb: &mut PathBuilder, level: u32) {
        if level == 0 {
            pb.quad_to(self.p[1].x, self.p[1].y, self.p[2].x, self.p[2].y);
        } else {
            let (a, b) = self.chop();
            a.push(pb, level - 1);
            b.push(pb, level - 1);
        }
    }
}

/// Adds to `pb` the arc of the ellipse centred on `c` with radii `r` (not
/// negative), clockwise on screen from `start` to `end` radians, as the
/// canvas's `ellipse(cx, cy, rx, ry, 0, start, end)`: joined to the path by
/// a line, or begun as a new subpath when the path is empty. `ts` is the
/// canvas-to-pixel transform. Adds nothing when a number is not finite.
pub fn push_ellipse_arc(
    pb: &mut PathBuilder,
    c: (f64, f64),
    r: (f64, f64),
    start: f64,
    end: f64,
    ts: &Transform,
) {
    ellipse_arc(pb, c, r, [start, end], ts, None);
}

/// `push_ellipse_arc` into an empty `pb` for a hairline whose caps push
/// the ends of its contour out by `outset` pixels (pi / 8 round, 1/2
/// square), as Skia's `hair_path` pushes them (`extend_pts`): the first
/// conic's start and the last one's end, along their tangents, before each
/// conic is cut into quads. Pushing the first and last quads instead, as a
/// hairline of the cut path does, bends a circle's quarter on either side
/// of its start: 8-px circles of weight 1 measured mae 0.74 on their cell.
/// Stroke the result with butt caps. False, with `pb` left as it was, when
/// the arc does not begin and end with a conic (a flat or empty ellipse).
pub fn push_hairline_ellipse_arc(
    pb: &mut PathBuilder,
    c: (f64, f64),
    r: (f64, f64),
    [start, end]: [f64; 2],
    ts: &Transform,
    outset: f32,
) -> bool {
    ellipse_arc(pb, c, r, [start, end], ts, Some(outset))
}

/// `push_ellipse_arc`, its conic ends pushed out by `outset` pixels when
/// given; false when they are not conics (nothing added then).
fn ellipse_arc(
    pb: &mut PathBuilder,
    c: (f64, f64),
    r: (f64, f64),
    [start, end]: [f64; 2],
    ts: &Transform,
    outset: Option<f32>,
) -> bool {
    let [cx, cy, rx, ry, start, end] = [c.0, c.1, r.0, r.1, start, end].map(|v| v as f32);
    if ![cx, cy, rx, ry, start, end].iter().all(|v| v.is_finite()) || rx < 0.0 || ry < 0.0 {
        return outset.is_none();
    }
    // `CanonicalizeAngle`: 0 <= start < 2 pi, the sweep kept.
    let mut s = start % TWO_PI;
    if s < 0.0 {
        s += TWO_PI;
        if s >= TWO_PI {
            s -= TWO_PI;
        }
    }
    let end = end + (s - start);
    let start = s;
    // `AdjustEndAngle`, clockwise: at most one turn.
    let end = if end - start >= TWO_PI {
        start + TWO_PI
    } else if start > end {
        start + (TWO_PI - (start - end) % TWO_PI)
    } else {
        end
    };
    if rx == 0.0 || ry == 0.0 || start == end {
        if outset.is_some() {
            return false;
        }
        degenerate(pb, (cx, cy), (rx, ry), start, end);
        return true;
    }
    // `Path::AddEllipse`.
    let oval = [cx - rx, cy - ry, cx + rx, cy + ry];
    let start_deg = start * 180.0 / PI;
    let sweep_deg = (end - start) * 180.0 / PI;
    let mut pieces = if (sweep_deg - 360.0).abs() <= NEARLY_ZERO {
        vec![
            arc_to(oval, start_deg, 180.0),
            arc_to(oval, start_deg + 180.0, 180.0),
        ]
    } else {
        vec![arc_to(oval, start_deg, sweep_deg)]
    };
    if let Some(outset) = outset {
        let (Some(Piece::Conics(first)), Some(inverse)) = (pieces.first_mut(), ts.invert()) else {
            return false;
        };
        first[0].push_out(Outward::Start, outset, ts, &inverse);
        let Some(Piece::Conics(last)) = pieces.last_mut() else {
            return false;
        };
        let n = last.len();
        last[n - 1].push_out(Outward::End, outset, ts, &inverse);
    }
    for piece in pieces {
        match piece {
            Piece::Point(p) => add_point(pb, p),
            Piece::Conics(conics) => {
                add_point(pb, conics[0].p[0]);
                for conic in conics {
                    conic.push(pb, conic.quad_pow2(ts));
                }
            }
        }
    }
    true
}

/// What `SkPath::arcTo` adds: a point (joined by a line), or conics, the
/// first from its first point.
enum Piece {
    Point(Point),
    Conics(Vec<Conic>),
}

/// Which end of a conic `Conic::push_out` moves.
#[derive(Clone, Copy)]
enum Outward {
    Start,
    End,
}

/// `SkPath::arcTo`'s way of adding a point: a move on an empty path, else
/// a line unless the point is the last one (within `NEARLY_ZERO`).
fn add_point(pb: &mut PathBuilder, p: Point) {
    match pb.last_point() {
        None => pb.move_to(p.x, p.y),
        Some(last)
            if (last.x - p.x).abs() <= NEARLY_ZERO && (last.y - p.y).abs() <= NEARLY_ZERO => {}
        Some(_) => pb.line_to(p.x, p.y),
    }
}

/// Adds the conic from the builder's last point through `p1` (weight `w`)
/// to `p2`, as the quadratics Skia would cut it into under `ts`.
pub fn push_conic(pb: &mut PathBuilder, p1: (f32, f32), p2: (f32, f32), w: f32, ts: &Transform) {
    let Some(p0) = pb.last_point() else { return };
    let conic = Conic {
        p: [p0, Point::from_xy(p1.0, p1.1), Point::from_xy(p2.0, p2.1)],
        w,
    };
    conic.push(pb, conic.quad_pow2(ts));
}

/// Blink's `DegenerateEllipse`, clockwise: lines through the ellipse's
/// points at the start, at each quarter turn crossed, and at the end.
fn degenerate(pb: &mut PathBuilder, c: (f32, f32), r: (f32, f32), start: f32, end: f32) {
    let at = |a: f32| (c.0 + r.0 * libm::cosf(a), c.1 + r.1 * libm::sinf(a));
    line_to(pb, at(start));
    if (r.0 == 0.0 && r.1 == 0.0) || start == end {
        return;
    }
    let mut angle = start - start % FRAC_PI_2 + FRAC_PI_2;
    while angle < end {
        line_to(pb, at(angle));
        angle += FRAC_PI_2;
    }
    line_to(pb, at(end));
}

/// The canvas's `lineTo`: a `moveTo` on an empty path.
fn line_to(pb: &mut PathBuilder, (x, y): (f32, f32)) {
    if pb.is_empty() {
        pb.move_to(x, y);
    } else {
        pb.line_to(x, y);
    }
}

/// `SkPath::arcTo(oval, startAngle, sweepAngle, forceMoveTo = false)` for a
/// clockwise sweep (degrees, 0 < sweep <= 360) over a non-empty oval.
fn arc_to(oval: [f32; 4], start_deg: f32, sweep_deg: f32) -> Piece {
    let [l, t, r, b] = oval;
    let (hw, hh) = ((r - l) * 0.5, (b - t) * 0.5);
    let (cx, cy) = (
        ((f64::from(l) + f64::from(r)) * 0.5) as f32,
        ((f64::from(t) + f64::from(b)) * 0.5) as f32,
    );
    let unit = |rad: f32| {
        let snap = |v: f32| if v.abs() <= NEARLY_ZERO { 0.0 } else { v };
        (snap(libm::cosf(rad)), snap(libm::sinf(rad)))
    };
    // `angles_to_unit_vectors`.
    let start_v = unit(start_deg.to_radians());
    let mut stop_rad = (start_deg + sweep_deg).to_radians();
    let mut stop_v = unit(stop_rad);
    if start_v == stop_v && sweep_deg < 360.0 && sweep_deg > 359.0 {
        while start_v == stop_v {
            stop_rad -= 1.0 / 512.0;
            stop_v = unit(stop_rad);
        }
    }
    let map = |(x, y): (f32, f32)| {
        // The unit circle turned to the start, then scaled and moved.
        let (cos, sin) = start_v;
        let m = [hw * cos, -(hw * sin), hh * sin, hh * cos];
        Point::from_xy(x * m[0] + y * m[1] + cx, x * m[2] + y * m[3] + cy)
    };
    if start_v == stop_v {
        let end = (start_deg + sweep_deg).to_radians();
        return Piece::Point(Point::from_xy(
            cx + hw * libm::cosf(end),
            cy + hh * libm::sinf(end),
        ));
    }
    let conics = unit_arc(start_v, stop_v);
    if conics.is_empty() {
        return Piece::Point(Point::from_xy(cx + hw * stop_v.0, cy + hh * stop_v.1));
    }
    Piece::Conics(
        conics
            .into_iter()
            .map(|(p, w)| Conic { p: p.map(map), w })
            .collect(),
    )
}

/// `SkConic::BuildUnitArc`, clockwise, before its rotation to `start`: the
/// unit circle's conics from (1, 0) to the angle between `start` and `stop`.
fn unit_arc(start: (f32, f32), stop: (f32, f32)) -> Vec<([(f32, f32); 3], f32)> {
    let x = start.0 * stop.0 + start.1 * stop.1;
    let y = start.0 * stop.1 - start.1 * stop.0;
    if y.abs() <= NEARLY_ZERO && x > 0.0 && y >= 0.0 {
        return Vec::new();
    }
    let quadrant = if y == 0.0 {
        2
    } else if x == 0.0 {
        if y > 0.0 {
            1
        } else {
            3
        }
    } else {
        usize::from(y < 0.0) * 2 + usize::from((x < 0.0) != (y < 0.0))
    };
    const Q: [(f32, f32); 9] = [
        (1.0, 0.0),
        (1.0, 1.0),
        (0.0, 1.0),
        (-1.0, 1.0),
        (-1.0, 0.0),
        (-1.0, -1.0),
        (0.0, -1.0),
        (1.0, -1.0),
        (1.0, 0.0),
    ];
    let mut conics: Vec<_> = (0..quadrant)
        .map(|i| {
            (
                [Q[2 * i], Q[2 * i + 1], Q[2 * i + 2]],
                std::f32::consts::FRAC_1_SQRT_2,
            )
        })
        .collect();
    let last = Q[quadrant * 2];
    let dot = last.0 * x + last.1 * y;
    if dot < 1.0 {
        let (ox, oy) = (last.0 + x, last.1 + y);
        let cos_half = ((1.0 + dot) / 2.0).sqrt();
        let (dx, dy) = (f64::from(ox), f64::from(oy));
        let scale = f64::from(1.0 / cos_half) / (dx * dx + dy * dy).sqrt();
        let off = ((dx * scale) as f32, (dy * scale) as f32);
        if (last.0 - off.0).abs() > NEARLY_ZERO || (last.1 - off.1).abs() > NEARLY_ZERO {
            conics.push(([last, off, (x, y)], cos_half));
        }
    }
    conics
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::PathSegment;

    fn arc(start: f64, end: f64, r: f64, ts: Transform) -> Vec<PathSegment> {
        let mut pb = PathBuilder::new();
        push_ellipse_arc(&mut pb, (0.0, 0.0), (r, r), start, end, &ts);
        pb.finish().unwrap().segments().collect()
    }

    fn ends(segs: &[PathSegment]) -> Vec<(f32, f32)> {
        segs.iter()
            .filter_map(|s| match *s {
                PathSegment::MoveTo(p) | PathSegment::LineTo(p) | PathSegment::QuadTo(_, p) => {
                    Some((p.x, p.y))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_whole_circle_is_four_quarters_from_the_start_angle() {
        let segs = arc(0.0, std::f64::consts::TAU, 10.0, Transform::identity());
        let quads = segs.iter().filter(|s| matches!(s, PathSegment::QuadTo(..)));
        // Each quarter of a radius-10 circle needs two quads at 0.25 px.
        assert_eq!(quads.count(), 8, "{segs:?}");
        let e = ends(&segs);
        let close =
            |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).abs() < 1e-4 && (a.1 - b.1).abs() < 1e-4;
        assert!(
            close(e[0], (10.0, 0.0)) && close(e[2], (0.0, 10.0)),
            "{e:?}"
        );
        assert!(close(*e.last().unwrap(), (10.0, 0.0)), "{e:?}");
    }

    #[test]
    fn the_device_scale_chooses_the_number_of_quads() {
        let tau = std::f64::consts::TAU;
        let count = |ts| arc(0.0, tau, 10.0, ts).len();
        assert!(count(Transform::from_scale(8.0, 8.0)) > count(Transform::identity()));
    }

    #[test]
    fn a_partial_arc_ends_at_its_stop_angle() {
        let segs = arc(0.25, 2.0, 10.0, Transform::identity());
        let e = ends(&segs);
        let (x, y) = *e.last().unwrap();
        assert!((x - 10.0 * 2f32.cos()).abs() < 1e-4 && (y - 10.0 * 2f32.sin()).abs() < 1e-4);
        let (x, y) = e[0];
        assert!((x - 10.0 * 0.25f32.cos()).abs() < 1e-4 && (y - 10.0 * 0.25f32.sin()).abs() < 1e-4);
    }

    #[test]
    fn a_hairline_circle_has_its_ends_pushed_along_their_tangents() {
        // Skia's hair_path pushes a round-capped contour's first conic's
        // start back along its tangent by pi / 8 px and its last conic's end
        // on along its own: a circle starting at (10, 0), going clockwise on
        // screen (down), starts pi / 8 above and ends pi / 8 below.
        let out = std::f32::consts::PI / 8.0;
        let ts = Transform::from_scale(2.0, 2.0);
        let mut pb = PathBuilder::new();
        let tau = std::f64::consts::TAU;
        assert!(push_hairline_ellipse_arc(
            &mut pb,
            (0.0, 0.0),
            (10.0, 10.0),
            [0.0, tau],
            &ts,
            out
        ));
        let segs: Vec<_> = pb.finish().unwrap().segments().collect();
        let e = ends(&segs);
        // In canvas units, the pixels' outset over the scale of 2.
        let (first, last) = (e[0], *e.last().unwrap());
        assert!((first.0 - 10.0).abs() < 1e-4 && (first.1 + out / 2.0).abs() < 1e-4);
        assert!((last.0 - 10.0).abs() < 1e-4 && (last.1 - out / 2.0).abs() < 1e-4);
        // The quarter's end stays on the circle.
        assert!(e
            .iter()
            .any(|p| p.0.abs() < 1e-4 && (p.1 - 10.0).abs() < 1e-4));
        // A flat ellipse has no conic to push.
        let mut flat = PathBuilder::new();
        assert!(!push_hairline_ellipse_arc(
            &mut flat,
            (0.0, 0.0),
            (0.0, 3.0),
            [0.0, tau],
            &ts,
            out
        ));
        assert!(flat.is_empty());
    }

    #[test]
    fn a_flat_ellipse_is_a_line() {
        let mut pb = PathBuilder::new();
        let ts = Transform::identity();
        push_ellipse_arc(
            &mut pb,
            (5.0, 5.0),
            (0.0, 3.0),
            0.0,
            std::f64::consts::TAU,
            &ts,
        );
        let segs: Vec<_> = pb.finish().unwrap().segments().collect();
        assert!(segs
            .iter()
            .all(|s| matches!(s, PathSegment::MoveTo(_) | PathSegment::LineTo(_))));
        let e = ends(&segs);
        assert!(
            e.iter().any(|p| (p.1 - 8.0).abs() < 1e-5)
                && e.iter().any(|p| (p.1 - 2.0).abs() < 1e-5)
        );
    }
}
