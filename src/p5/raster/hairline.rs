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
//!
//! Near the canvas's left and top edges tiny-skia's hairline blitters clamp
//! a pixel left of (above) the canvas onto its first column (row)
//! (`x.max(1) - 1`, `fx.max(0)`), where Skia clips it away: a 1-px `rect`
//! at x = 0, its left side at -pi/8, read 25 on column 0 where Chromium
//! reads 227 (black on white). A hairline within reach of those edges is
//! drawn into a copy of the pixels it reaches, with a margin on the left and
//! the top that takes what is clamped, and copied back.
//!
//! A contour of many segments is stroked in pieces, the running thread's
//! deadline read between them (src/clock.rs): one hairline of a million
//! segments across the canvas takes a minute. The segments of a hairline
//! are drawn one by one, so the pieces draw the same pixels, but where
//! they meet tiny-skia would push the ends out as caps: they are stroked
//! with butt caps, the contour's own ends pushed out here as for a closed
//! contour's closing line.

use tiny_skia::{
    IntRect, LineCap, Paint, Path, PathBuilder, PathSegment, Pixmap, Point, Stroke, Transform,
};

use crate::clock;

/// How far, in pixels, a hairline can reach from its path's bounds: half
/// its width, a cap's push (at most 1/2) and the neighbouring pixel its
/// coverage is shared with.
const REACH: f32 = 2.0;

/// The margin, in pixels, left of and above the copy a hairline near the
/// canvas's edges is drawn into: where tiny-skia clamps what lies one or
/// two pixels off the canvas (a line one pixel off has its far side shifted
/// onto the near one).
const MARGIN: u32 = 2;

/// The most segments of a contour stroked at once (see the module's
/// comment).
const PIECE: usize = 4096;

/// Strokes `path`, a hairline under `ts`, as Skia does.
pub fn stroke(pixmap: &mut Pixmap, path: &Path, paint: &Paint, stroke: &Stroke, ts: Transform) {
    match near_edge(pixmap, path, ts) {
        None => stroke_in(pixmap, path, paint, stroke, ts),
        Some(window) => {
            let mut copy = Copy::of(pixmap, window);
            let (dx, dy) = copy.offset();
            stroke_in(
                &mut copy.pixels,
                path,
                paint,
                stroke,
                ts.post_translate(dx, dy),
            );
            copy.put_back(pixmap);
        }
    }
}

/// The pixels `path`'s hairline under `ts` can reach, when they come
/// within reach of the canvas's left or top edge; `None` otherwise (and for
/// a path off the canvas or too far out to say).
fn near_edge(pixmap: &Pixmap, path: &Path, ts: Transform) -> Option<IntRect> {
    let b = path.bounds().transform(ts)?;
    if b.left() >= REACH && b.top() >= REACH {
        return None;
    }
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let l = (b.left() - REACH).floor().max(0.0);
    let t = (b.top() - REACH).floor().max(0.0);
    let r = (b.right() + REACH).ceil().min(w);
    let bottom = (b.bottom() + REACH).ceil().min(h);
    if !(l < r && t < bottom) {
        return None;
    }
    IntRect::from_ltrb(l as i32, t as i32, r as i32, bottom as i32)
}

/// A window of the canvas's pixels with `MARGIN` more on the left and top.
struct Copy {
    pixels: Pixmap,
    window: IntRect,
}

impl Copy {
    fn of(canvas: &Pixmap, window: IntRect) -> Copy {
        let pixels = Pixmap::new(window.width() + MARGIN, window.height() + MARGIN)
            .expect("a window of the canvas, and a margin");
        let mut copy = Copy { pixels, window };
        let width = copy.pixels.width() as usize;
        for (y, range) in copy.rows(canvas.width()) {
            let at = ((y + MARGIN as usize) * width + MARGIN as usize) * 4;
            copy.pixels.data_mut()[at..at + range.len()].copy_from_slice(&canvas.data()[range]);
        }
        copy
    }

    /// Where the canvas's origin lies in the copy, in pixels.
    fn offset(&self) -> (f32, f32) {
        (
            (MARGIN as i32 - self.window.x()) as f32,
            (MARGIN as i32 - self.window.y()) as f32,
        )
    }

    /// Writes the window back into `canvas`, leaving the margin out.
    fn put_back(self, canvas: &mut Pixmap) {
        let width = self.pixels.width() as usize;
        for (y, range) in self.rows(canvas.width()) {
            let at = ((y + MARGIN as usize) * width + MARGIN as usize) * 4;
            let len = range.len();
            canvas.data_mut()[range].copy_from_slice(&self.pixels.data()[at..at + len]);
        }
    }

    /// Each row of the window: its index in the window and its bytes'
    /// range in a canvas `canvas_width` pixels wide.
    fn rows(&self, canvas_width: u32) -> impl Iterator<Item = (usize, std::ops::Range<usize>)> {
        let (x, y) = (self.window.x() as usize, self.window.y() as usize);
        let (w, stride) = (self.window.width() as usize, canvas_width as usize);
        (0..self.window.height() as usize).map(move |i| {
            let start = ((y + i) * stride + x) * 4;
            (i, start..start + w * 4)
        })
    }
}

/// How far, in pixels, Skia pushes a hairline's open ends out along their
/// tangents under `cap` (`extend_pts`); `None` for butt caps.
pub fn cap_outset(cap: LineCap) -> Option<f32> {
    match cap {
        LineCap::Butt => None,
        LineCap::Round => Some(std::f32::consts::PI / 8.0),
        LineCap::Square => Some(0.5),
    }
}

/// `stroke` without regard to the canvas's edges.
fn stroke_in(pixmap: &mut Pixmap, path: &Path, paint: &Paint, stroke: &Stroke, ts: Transform) {
    let outset = cap_outset(stroke.line_cap);
    let closed = path.segments().any(|s| s == PathSegment::Close);
    let long = path.len() > PIECE;
    let (Some(outset), true, Some(inverse)) = (outset, closed || long, ts.invert()) else {
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

    /// Strokes the contour, open, with `stroke`'s caps; a long one in
    /// pieces (see the module's comment).
    fn draw(self, pixmap: &mut Pixmap, paint: &Paint, stroke: &Stroke, ts: Transform) {
        let ends = cap_outset(stroke.line_cap).and_then(|outset| {
            let lines = self.first.len() == 2 && self.end.len() == 2;
            lines.then(|| self.pushed_ends(outset)).flatten()
        });
        let Some(path) = self.open.finish() else {
            return;
        };
        let inverse = ts.invert();
        match (path.len() > PIECE, ends, inverse) {
            (true, Some(ends), Some(inverse)) => pieces(pixmap, &path, paint, stroke, ts, {
                let mut ends = [ends.0, ends.1];
                inverse.map_points(&mut ends);
                ends
            }),
            _ => pixmap.stroke_path(&path, paint, stroke, ts, None),
        }
    }
}

/// Strokes `path`, one open contour whose first and last segments are
/// lines, in pieces of [`PIECE`] segments with butt caps, its start and
/// end moved to `ends` (where `stroke`'s caps push them), while the running
/// thread's deadline has not passed.
fn pieces(
    pixmap: &mut Pixmap,
    path: &Path,
    paint: &Paint,
    stroke: &Stroke,
    ts: Transform,
    [start, end]: [Point; 2],
) {
    let butt = Stroke {
        line_cap: LineCap::Butt,
        ..stroke.clone()
    };
    let last = path.len() - 1;
    let mut piece = PathBuilder::new();
    for (i, segment) in path.segments().enumerate() {
        match segment {
            PathSegment::MoveTo(_) => piece.move_to(start.x, start.y),
            PathSegment::LineTo(_) if i == last => piece.line_to(end.x, end.y),
            PathSegment::LineTo(p) => piece.line_to(p.x, p.y),
            PathSegment::QuadTo(c, p) => piece.quad_to(c.x, c.y, p.x, p.y),
            PathSegment::CubicTo(c1, c2, p) => piece.cubic_to(c1.x, c1.y, c2.x, c2.y, p.x, p.y),
            PathSegment::Close => piece.close(),
        }
        if piece.len() > PIECE || i == last {
            let at = piece.last_point();
            if let Some(done) = std::mem::take(&mut piece).finish() {
                pixmap.stroke_path(&done, paint, &butt, ts, None);
            }
            if clock::passed() {
                return;
            }
            if let Some(at) = at {
                piece.move_to(at.x, at.y);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square_outline(l: f32, t: f32, side: f32) -> Path {
        let mut pb = PathBuilder::new();
        pb.move_to(l, t);
        pb.line_to(l + side, t);
        pb.line_to(l + side, t + side);
        pb.line_to(l, t + side);
        pb.close();
        pb.finish().unwrap()
    }

    fn black_hairline(pixmap: &mut Pixmap, path: &Path) {
        let mut paint = Paint::default();
        paint.set_color(tiny_skia::Color::BLACK);
        paint.anti_alias = true;
        let round = Stroke {
            width: 1.0,
            line_cap: LineCap::Round,
            ..Stroke::default()
        };
        stroke(pixmap, path, &paint, &round, Transform::identity());
    }

    #[test]
    fn a_side_on_the_canvas_edge_loses_what_lies_off_it() {
        // p5.js 1.11.13 in Chromium: noFill(), rect(0, 0, 20, 20) in black
        // over white reads 227 down column 0 (the left side at -pi/8 px);
        // drawn straight by tiny-skia, 25: the share of column -1 too.
        let mut pixmap = Pixmap::new(30, 30).unwrap();
        pixmap.fill(tiny_skia::Color::WHITE);
        black_hairline(&mut pixmap, &square_outline(0.0, 0.0, 20.0));
        let red = |x, y| pixmap.pixel(x, y).unwrap().red();
        assert!((224..=234).contains(&red(0, 10)), "{}", red(0, 10));
        // The right side, at x = 20, half on each column, as Chromium.
        assert_eq!([red(19, 10), red(20, 10)], [128, 127]);
    }

    #[test]
    fn the_copy_near_the_edge_draws_what_the_canvas_would_inside() {
        // A square near the top-left corner and its twin further in agree
        // pixel for pixel once moved, wherever the edge does not cut.
        let mut near = Pixmap::new(40, 40).unwrap();
        let mut far = Pixmap::new(40, 40).unwrap();
        black_hairline(&mut near, &square_outline(2.3, 1.6, 9.0));
        black_hairline(&mut far, &square_outline(22.3, 21.6, 9.0));
        for y in 0..16 {
            for x in 0..16 {
                assert_eq!(near.pixel(x, y), far.pixel(x + 20, y + 20), "({x}, {y})");
            }
        }
    }
}
