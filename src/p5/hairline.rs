//! Hairlines of closed contours as Skia closes them.
//!
//! A hairline (a stroke at most a pixel wide) with round or square caps has
//! its open ends pushed out along their tangents (a round cap by pi / 8, a
//! square one by 1/2). For a closed contour Skia's `hair_path` pushes out
//! the first segment's start (it follows a move) and the last segment's end
//! (it precedes the close), then draws the closing line between the two
//! pushed points. tiny-skia's port closes from the last segment's end as
//! the path has it, so the closing edge leans: a 1-px `rect()` has its left
//! side drawn from (x, y + h) to (x - pi / 8, y), where Chromium draws it
//! straight at x - pi / 8. Here each closed contour is stroked open (tiny-skia
//! then pushes out its ends as Skia does) and its closing line is stroked on
//! its own with butt caps between the pushed ends, in Skia's order.

use tiny_skia::{LineCap, Paint, Path, PathBuilder, PathSegment, Pixmap, Point, Stroke, Transform};

/// Strokes `path`, a hairline under `ts`, as Skia does.
pub fn stroke(pixmap: &mut Pixmap, path: &Path, paint: &Paint, stroke: &Stroke, ts: Transform) {
    let outset = match stroke.line_cap {
        LineCap::Butt => None,
        LineCap::Round => Some(std::f32::consts::PI / 8.0),
        LineCap::Square => Some(0.5),
    };
    let closed = path.segments().any(|s| s == PathSegment::Close);
    let (Some(outset), true, Some(inverse)) = (outset, closed, ts.invert()) else {
        pixmap.stroke_path(path, paint, stroke, ts, None);
        return;
    };
    let butt = Stroke {
        line_cap: LineCap::Butt,
        ..stroke.clone()
    };
    let mut contour = Contour::default();
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                contour.draw(pixmap, paint, stroke, ts);
                contour = Contour::default();
                contour.open.move_to(p.x, p.y);
                contour.last = p;
            }
            PathSegment::LineTo(p) => {
                contour.open.line_to(p.x, p.y);
                contour.segment(&[p], ts);
            }
            PathSegment::QuadTo(c, p) => {
                contour.open.quad_to(c.x, c.y, p.x, p.y);
                contour.segment(&[c, p], ts);
            }
            PathSegment::CubicTo(c1, c2, p) => {
                contour.open.cubic_to(c1.x, c1.y, c2.x, c2.y, p.x, p.y);
                contour.segment(&[c1, c2, p], ts);
            }
            PathSegment::Close => match contour.pushed_ends(outset) {
                Some((start, end)) => {
                    std::mem::take(&mut contour).draw(pixmap, paint, stroke, ts);
                    let mut ends = [end, start];
                    inverse.map_points(&mut ends);
                    let mut line = PathBuilder::new();
                    line.move_to(ends[0].x, ends[0].y);
                    line.line_to(ends[1].x, ends[1].y);
                    if let Some(line) = line.finish() {
                        pixmap.stroke_path(&line, paint, &butt, ts, None);
                    }
                }
                // A contour without a length to push along: tiny-skia
                // closes it as Skia does.
                None => contour.open.close(),
            },
        }
    }
    contour.draw(pixmap, paint, stroke, ts);
}

/// One contour of the path: its segments without the close, and the ends
/// of its first and last segments in pixels (each from its start point).
#[derive(Default)]
struct Contour {
    open: PathBuilder,
    /// The last point, in canvas units.
    last: Point,
    first: Vec<Point>,
    end: Vec<Point>,
}

impl Contour {
    /// Adds a segment from the last point through `points`.
    fn segment(&mut self, points: &[Point], ts: Transform) {
        let mut mapped = Vec::with_capacity(points.len() + 1);
        mapped.push(self.last);
        mapped.extend_from_slice(points);
        ts.map_points(&mut mapped);
        if self.first.is_empty() {
            self.first = mapped.clone();
        }
        self.end = mapped;
        self.last = *points.last().expect("a segment has a point");
    }

    /// The first segment's start pushed back along its tangent and the
    /// last segment's end pushed on along its own, by `outset` pixels, as
    /// Skia's `extend_pts`; none without a segment of some length.
    fn pushed_ends(&self, outset: f32) -> Option<(Point, Point)> {
        fn push<'a>(
            end: Point,
            mut others: impl Iterator<Item = &'a Point>,
            outset: f32,
        ) -> Option<Point> {
            let mut tangent = end - *others.find(|p| **p != end)?;
            tangent.normalize();
            Some(Point::from_xy(
                end.x + tangent.x * outset,
                end.y + tangent.y * outset,
            ))
        }
        let (first, last) = (self.first.first()?, self.end.last()?);
        let start = push(*first, self.first.iter().skip(1), outset)?;
        let end = push(*last, self.end.iter().rev().skip(1), outset)?;
        Some((start, end))
    }

    /// Strokes the contour, open, with `stroke`'s caps.
    fn draw(self, pixmap: &mut Pixmap, paint: &Paint, stroke: &Stroke, ts: Transform) {
        if let Some(path) = self.open.finish() {
            pixmap.stroke_path(&path, paint, stroke, ts, None);
        }
    }
}
