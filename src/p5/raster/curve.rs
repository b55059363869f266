//! p5.js 1.x `curveVertex` shapes as cubic Béziers (SCENES.md, "Curves").

use tiny_skia::PathBuilder;

/// A point in canvas units.
pub type Point = (f64, f64);

/// Adds p5.js 1.x's Catmull-Rom curve through `points` to `pb`.
///
/// `tightness` is p5's `curveTightness` (0 is Catmull-Rom). `points` is p5's
/// vertex list as its renderer sees it: for `endShape(CLOSE)` the first
/// vertex is already there twice more at the end (once from `endShape`, once
/// from the 2D renderer), and `close` adds a straight line to the last point
/// and closes the contour. Returns false and adds nothing when p5 draws
/// nothing: fewer than four points.
pub fn push_curve(pb: &mut PathBuilder, points: &[Point], tightness: f64, close: bool) -> bool {
    if points.len() < 4 {
        return false;
    }
    let s = 1.0 - tightness;
    let at = |p: Point| (p.0 as f32, p.1 as f32);
    let (x, y) = at(points[1]);
    pb.move_to(x, y);
    for w in points.windows(4) {
        let [before, from, to, after] = [w[0], w[1], w[2], w[3]];
        let c1 = (
            from.0 + s * (to.0 - before.0) / 6.0,
            from.1 + s * (to.1 - before.1) / 6.0,
        );
        let c2 = (
            to.0 + s * (from.0 - after.0) / 6.0,
            to.1 + s * (from.1 - after.1) / 6.0,
        );
        let ((x1, y1), (x2, y2), (x, y)) = (at(c1), at(c2), at(to));
        pb.cubic_to(x1, y1, x2, y2, x, y);
    }
    if close {
        let (x, y) = at(points[points.len() - 1]);
        pb.line_to(x, y);
        pb.close();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::PathSegment;

    fn segments(vertices: &[Point], tightness: f64, close: bool) -> Vec<PathSegment> {
        let mut pb = PathBuilder::new();
        assert!(push_curve(&mut pb, vertices, tightness, close));
        pb.finish().unwrap().segments().collect()
    }

    #[test]
    fn open_curve_runs_from_the_second_to_the_second_last_vertex() {
        let v = [(0.0, 0.0), (10.0, 0.0), (20.0, 10.0), (30.0, 10.0)];
        let segs = segments(&v, 0.0, false);
        assert_eq!(segs.len(), 2, "{segs:?}");
        let PathSegment::MoveTo(p) = segs[0] else {
            panic!("{segs:?}")
        };
        assert_eq!((p.x, p.y), (10.0, 0.0));
        let PathSegment::CubicTo(c1, c2, end) = segs[1] else {
            panic!("{segs:?}")
        };
        // Catmull-Rom: c1 = P1 + (P2 - P0)/6, c2 = P2 - (P3 - P1)/6.
        assert_eq!((c1.x, c1.y), (10.0 + 20.0 / 6.0, 10.0 / 6.0));
        assert_eq!((c2.x, c2.y), (20.0 - 20.0 / 6.0, 10.0 - 10.0 / 6.0));
        assert_eq!((end.x, end.y), (20.0, 10.0));
    }

    #[test]
    fn tightness_one_gives_straight_controls() {
        let v = [(0.0, 0.0), (10.0, 0.0), (20.0, 10.0), (30.0, 10.0)];
        let PathSegment::CubicTo(c1, c2, _) = segments(&v, 1.0, false)[1] else {
            panic!()
        };
        assert_eq!((c1.x, c1.y, c2.x, c2.y), (10.0, 0.0, 20.0, 10.0));
    }

    #[test]
    fn close_curves_through_the_copies_then_lines_to_the_last() {
        // The whale's body: c1, c2, c3, c4, c1, c2 and CLOSE, as end_shape hands it on.
        let (c1, c2, c3, c4) = ((0.0, 0.0), (0.0, 10.0), (-30.0, 12.0), (-30.0, -2.0));
        let segs = segments(&[c1, c2, c3, c4, c1, c2, c1, c1], 0.5, true);
        // move to c2; curves c2-c3, c3-c4, c4-c1, c1-c2, c2-c1; line to c1; close.
        let curves = segs
            .iter()
            .filter(|s| matches!(s, PathSegment::CubicTo(..)))
            .count();
        assert_eq!(curves, 5, "{segs:?}");
        assert!(matches!(segs[segs.len() - 2], PathSegment::LineTo(p) if (p.x, p.y) == (0.0, 0.0)));
        assert!(matches!(segs[segs.len() - 1], PathSegment::Close));
    }

    #[test]
    fn too_few_vertices_draw_nothing() {
        let mut pb = PathBuilder::new();
        assert!(!push_curve(
            &mut pb,
            &[(0.0, 0.0), (1.0, 1.0), (2.0, 0.0)],
            0.0,
            false
        ));

        assert!(pb.finish().is_none());
    }
}
