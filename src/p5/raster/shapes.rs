//! p5's 2D primitives, each as p5.js 1.11's `Renderer2D` draws it on the
//! canvas: `circle`, `ellipse`, `arc`, `rect`, `triangle`, `quad`, `line`,
//! `point`, `bezier`, `curve` and `clear`.

use std::f64::consts::{FRAC_PI_2, PI, TAU};

use tiny_skia::{Path, PathBuilder, Transform};

use super::arc::{push_conic, push_ellipse_arc, push_hairline_ellipse_arc};
use super::shape::ShapeEnd;
use crate::p5::state::style::{mode_adjust, Mode};
use crate::p5::{no_path, Fill, StrokeAs, P5};

/// How `arc` closes its outline and its fill: p5's arc modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArcMode {
    /// `arc(...)` without a mode: p5 1.11 fills a pie and strokes only the
    /// curve.
    Default,
    /// `OPEN`: the fill is closed by a straight line (a chord, in p5 1.11),
    /// the stroke is only the curve.
    Open,
    /// `CHORD`: fill and stroke closed by a straight line.
    Chord,
    /// `PIE`: fill and stroke closed through the centre.
    Pie,
}

impl P5 {
    /// A circle of diameter `d` at (x, y), read as `ellipse(x, y, d, d)` in
    /// the ellipse mode (by default (x, y) is the centre).
    pub fn circle(&mut self, x: f64, y: f64, d: f64) {
        self.ellipse(x, y, d, d);
    }

    /// p5's `ellipse`: an ellipse `w` wide and `h` high, placed by the
    /// ellipse mode (by default centred on (x, y)); negative sizes count as
    /// positive. Does nothing with neither fill nor stroke.
    pub fn ellipse(&mut self, x: f64, y: f64, w: f64, h: f64) {
        if self.style.fill.is_none() && self.style.stroke.is_none() {
            return;
        }
        let [x, y, w, h] = mode_adjust(x, y, w, h, self.style.ellipse_mode);
        self.oval(x + w / 2.0, y + h / 2.0, w, h);
    }

    /// The canvas's `ellipse(cx, cy, w / 2, h / 2, 0, 0, 2 pi)`, closed,
    /// filled, stroked, its fill covered analytically as Skia covers it,
    /// small ones too (an octagon fast path for discs under 4 px measured
    /// further from Chromium: 1-8 px discs at random positions diff8 3-22 %,
    /// 0.03-3.7 % this way). (Circles were
    /// tiny-skia's supersampled oval: 10-px discs at fractional positions
    /// measured mae 1.25, diff8 4.7 % against Chromium; 0.46 and 1.0 % now.)
    ///
    /// A hairline circle keeps tiny-skia's caps (the first and last quads
    /// pushed out), not Skia's pushed conics as an arc's: the built-in
    /// scenes must not change, and with Skia's the chain's contract frames
    /// (tests/reference/chain-bg-alpha) measure mae 0.16, over their limit
    /// of 0.1 (the Chromium of today draws Skia's: circles-small-stroked
    /// mae 0.065 with them).
    fn oval(&mut self, cx: f64, cy: f64, w: f64, h: f64) {
        let ts = self.transform();
        let (c, r) = ((cx, cy), (w / 2.0, h / 2.0));
        let mut pb = PathBuilder::new();
        push_ellipse_arc(&mut pb, c, r, 0.0, TAU, &ts);
        pb.close();
        let ring = |width: f32| (w == h).then(|| ring(c, w / 2.0, width, ts)).flatten();
        let like = StrokeAs {
            hairline: &no_path,
            outline: &ring,
        };
        self.draw_stroked_as(pb, Fill::Analytic, &like);
    }

    /// p5's `arc`: the part of `ellipse(x, y, w, h)` clockwise on screen from
    /// `start` to `stop` radians, closed as `mode` says. Angles are
    /// normalised as p5 does, stretched to the ellipse's proportions (an
    /// angle lands where it would on the circle); an arc whose ends meet
    /// (within 0.00001 radians) is a whole ellipse. Does nothing when
    /// `start == stop`, or with neither fill nor stroke.
    #[allow(clippy::too_many_arguments)]
    pub fn arc(&mut self, x: f64, y: f64, w: f64, h: f64, start: f64, stop: f64, mode: ArcMode) {
        if (self.style.fill.is_none() && self.style.stroke.is_none()) || start == stop {
            return;
        }
        let [x, y, w, h] = mode_adjust(x, y, w, h, self.style.ellipse_mode);
        let (start, stop, whole) = normalize_arc_angles(start, stop, w, h);
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        if whole {
            return self.oval(cx, cy, w, h);
        }
        let pie = !(mode == ArcMode::Chord || mode == ArcMode::Open || (stop - start) % TAU == 0.0);
        let ts = self.transform();
        let outline = |through_centre: bool, close: bool| {
            let mut pb = PathBuilder::new();
            push_ellipse_arc(&mut pb, (cx, cy), (w / 2.0, h / 2.0), start, stop, &ts);
            if through_centre {
                pb.line_to(cx as f32, cy as f32);
            }
            if close {
                pb.close();
            }
            pb.finish()
        };
        if let Some(color) = self.style.fill {
            if let Some(path) = outline(pie, true) {
                self.fill_path(&path, Fill::Analytic, color);
            }
        }
        if let Some(color) = self.style.stroke {
            let closed = matches!(mode, ArcMode::Pie | ArcMode::Chord);
            let through_centre = mode == ArcMode::Pie && pie;
            // A pie's contour ends with the line from the centre, not a conic.
            let pushed = pushed_arc((cx, cy), (w / 2.0, h / 2.0), [start, stop], ts, closed);
            let like = if through_centre {
                StrokeAs::PATH
            } else {
                StrokeAs {
                    hairline: &pushed,
                    ..StrokeAs::PATH
                }
            };
            if let Some(path) = outline(through_centre, closed) {
                self.stroke_path_like(&path, color, Fill::Analytic, &like);
            }
        }
    }

    /// p5's `rect`: `w` by `h` placed by the rect mode (by default (x, y) is
    /// the top-left corner, and a negative size draws the other way from
    /// it), with corners rounded by `radii` (top-left, top-right,
    /// bottom-right, bottom-left; p5's `rect(x, y, w, h, tl)` is
    /// `[tl, tl, tl, tl]`, and all 0 is square). A radius past half a side
    /// is cut as p5 cuts it. Does nothing when a radius is negative (p5's
    /// canvas throws), or with neither fill nor stroke.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, radii: [f64; 4]) {
        let nothing = self.style.fill.is_none() && self.style.stroke.is_none();
        if nothing || radii.iter().any(|r| *r < 0.0) {
            return;
        }
        let mode = self.style.rect_mode;
        let [x, y, aw, ah] = mode_adjust(x, y, w, h, mode);
        // In CORNER mode p5 gives back the signs modeAdjust took.
        let (w, h) = if mode == Mode::Corner {
            (w, h)
        } else {
            (aw, ah)
        };
        let radii = clamp_radii(radii, w.abs(), h.abs());
        let mut pb = PathBuilder::new();
        if radii == [0.0; 4] {
            // The canvas's `rect`, in f32 as Blink adds it.
            let (l, t) = (x as f32, y as f32);
            let (r, b) = (l + w as f32, t + h as f32);
            pb.move_to(l, t);
            pb.line_to(r, t);
            pb.line_to(r, b);
            pb.line_to(l, b);
            pb.close();
        } else {
            push_round_rect(&mut pb, [x, y, w, h], radii, &self.transform());
        }
        self.draw(pb, Fill::Analytic);
    }

    /// p5's `triangle`: filled, then its closed outline stroked.
    pub fn triangle(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, x3: f64, y3: f64) {
        self.draw(closed(&[(x1, y1), (x2, y2), (x3, y3)]), Fill::Analytic);
    }

    /// p5's `quad`: the four corners in order, filled, then its closed
    /// outline stroked.
    #[allow(clippy::too_many_arguments)]
    pub fn quad(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, x3: f64, y3: f64, x4: f64, y4: f64) {
        let corners = [(x1, y1), (x2, y2), (x3, y3), (x4, y4)];
        self.draw(closed(&corners), Fill::Analytic);
    }

    /// A straight line, stroked only (with the stroke cap at both ends).
    /// Does nothing without a stroke.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64) {
        let Some(color) = self.style.stroke else {
            return;
        };
        let mut pb = PathBuilder::new();
        pb.move_to(x1 as f32, y1 as f32);
        pb.line_to(x2 as f32, y2 as f32);
        if let Some(path) = pb.finish() {
            self.stroke_path(&path, color);
        }
    }

    /// p5 1.x's `point`: a disc as wide as the stroke weight, filled with the
    /// stroke colour, whatever the stroke cap. Does nothing without a stroke
    /// or with a weight of 0 or less.
    pub fn point(&mut self, x: f64, y: f64) {
        let Some(color) = self.style.stroke else {
            return;
        };
        if self.style.stroke_weight <= 0.0 {
            return;
        }
        let kept = (self.style.fill, self.style.stroke);
        (self.style.fill, self.style.stroke) = (Some(color), None);
        let d = self.style.stroke_weight;
        self.oval(x, y, d, d);
        (self.style.fill, self.style.stroke) = kept;
    }

    /// p5's `bezier`: a cubic Bézier from (x1, y1) to (x4, y4) pulled by
    /// (x2, y2) and (x3, y3), filled and stroked as an open shape. Like p5 it
    /// is a `beginShape` shape: it replaces a shape being built.
    #[allow(clippy::too_many_arguments)]
    pub fn bezier(
        &mut self,
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        x3: f64,
        y3: f64,
        x4: f64,
        y4: f64,
    ) {
        if self.style.fill.is_none() && self.style.stroke.is_none() {
            return;
        }
        self.begin_shape();
        self.vertex(x1, y1);
        self.bezier_vertex(x2, y2, x3, y3, x4, y4);
        self.end_shape(ShapeEnd::Open);
    }

    /// p5's `curve`: the Catmull-Rom segment from (x2, y2) to (x3, y3),
    /// steered by (x1, y1) and (x4, y4) and by `curve_tightness`; filled too
    /// when there is a fill. Does nothing without a stroke, as p5 1.x. Like
    /// p5 it replaces a shape being built.
    #[allow(clippy::too_many_arguments)]
    pub fn curve(
        &mut self,
        x1: f64,
        y1: f64,
        x2: f64,
        y2: f64,
        x3: f64,
        y3: f64,
        x4: f64,
        y4: f64,
    ) {
        if self.style.stroke.is_none() {
            return;
        }
        self.begin_shape();
        for (x, y) in [(x1, y1), (x2, y2), (x3, y3), (x4, y4)] {
            self.curve_vertex(x, y);
        }
        self.end_shape(ShapeEnd::Open);
    }

    /// p5's `clear`: every pixel transparent, whatever the transform
    /// (inside the clip, under one).
    pub fn clear(&mut self) {
        self.whole_canvas(|drawing| drawing.paint([0; 4]));
    }
}

/// A closed polygon through `points`.
fn closed(points: &[(f64, f64)]) -> PathBuilder {
    let mut pb = PathBuilder::new();
    for (i, &(x, y)) in points.iter().enumerate() {
        if i == 0 {
            pb.move_to(x as f32, y as f32);
        } else {
            pb.line_to(x as f32, y as f32);
        }
    }
    pb.close();
    pb
}

/// p5's `Renderer2D.rect` cut of the corner radii, each in turn against half
/// the width, then half the height (`w` and `h` not negative).
fn clamp_radii(radii: [f64; 4], w: f64, h: f64) -> [f64; 4] {
    radii.map(|mut r| {
        if w < 2.0 * r {
            r = w / 2.0;
        }
        if h < 2.0 * r {
            r = h / 2.0;
        }
        r
    })
}

/// The widest circle, in pixels, whose stroke `ring` outlines. The rings
/// measured as close as tiny-skia's stroker from 12 to 20 px
/// (circles-small-stroked) and further at 30 px (erase: a 5-px stroke read
/// 137 on its edge, Chromium 145, tiny-skia's stroker 146).
const MAX_RING_DIAMETER: f64 = 12.0;

/// For `StrokeAs::outline`: the outline of the stroke `width` wide (canvas
/// units) of the circle centred on `c` with radius `radius`, as Skia's
/// stroker makes it from the circle's conics: the circles `width / 2`
/// outside and inside it, the inner one reversed (none when the stroke
/// covers the centre). `None` unless `ts` keeps circles round (turns,
/// uniform scales, mirrors), and for circles wider than
/// `MAX_RING_DIAMETER`. tiny-skia's stroker, given the conics cut into
/// quads, offsets each quad: 1.5- to 3-px strokes of 7- to 10-px circles
/// measured cell mae 0.4-1.5 against Chromium; 0.0-0.1 this way.
fn ring(c: (f64, f64), radius: f64, width: f32, ts: Transform) -> Option<Path> {
    let (col_x, col_y) = ((ts.sx, ts.ky), (ts.kx, ts.sy));
    let (len_x, len_y) = (col_x.0.hypot(col_x.1), col_y.0.hypot(col_y.1));
    let dot = col_x.0 * col_y.0 + col_x.1 * col_y.1;
    let scale = len_x.max(len_y);
    if (len_x - len_y).abs() > scale * 1e-5 || dot.abs() > scale * scale * 1e-5 {
        return None;
    }
    if 2.0 * radius * f64::from(scale) > MAX_RING_DIAMETER {
        return None;
    }
    let half = f64::from(width) / 2.0;
    let mut pb = PathBuilder::new();
    push_ellipse_arc(&mut pb, c, (radius + half, radius + half), 0.0, TAU, &ts);
    pb.close();
    if radius > half {
        let inner = radius - half;
        let mut ib = PathBuilder::new();
        push_ellipse_arc(&mut ib, c, (inner, inner), 0.0, TAU, &ts);
        ib.close();
        // Mirrored across the centre's row: the same circle, reversed.
        let mirror = Transform::from_row(1.0, 0.0, 0.0, -1.0, 0.0, 2.0 * c.1 as f32);
        pb.push_path(&ib.finish()?.transform(mirror)?);
    }
    pb.finish()
}

/// For `StrokeAs::hairline`: the arc of the ellipse centred on `c` with
/// radii `r` from `angles[0]` to `angles[1]` radians, closed when `close`,
/// its conic ends pushed out by the hairline's cap outset; `None` when they
/// are not conics.
fn pushed_arc(
    c: (f64, f64),
    r: (f64, f64),
    angles: [f64; 2],
    ts: Transform,
    close: bool,
) -> impl Fn(f32) -> Option<Path> {
    move |outset| {
        let mut pb = PathBuilder::new();
        if !push_hairline_ellipse_arc(&mut pb, c, r, angles, &ts, outset) {
            return None;
        }
        if close {
            pb.close();
        }
        pb.finish()
    }
}

/// The canvas's `roundRect(x, y, w, h, radii)` with radii that fit: a
/// negative side swaps the corners across it, then Skia's `addRRect`, clockwise
/// from the end of the top-left corner, each corner a quarter conic.
fn push_round_rect(pb: &mut PathBuilder, [x, y, w, h]: [f64; 4], radii: [f64; 4], ts: &Transform) {
    let [mut tl, mut tr, mut br, mut bl] = radii.map(|r| r as f32);
    let (mut x, mut y, mut w, mut h) = (x as f32, y as f32, w as f32, h as f32);
    if w < 0.0 {
        (x, w) = (x + w, -w);
        (tl, tr, br, bl) = (tr, tl, bl, br);
    }
    if h < 0.0 {
        (y, h) = (y + h, -h);
        (tl, tr, br, bl) = (bl, br, tr, tl);
    }
    let (l, t, r, b) = (x, y, x + w, y + h);
    let corner = |pb: &mut PathBuilder, radius: f32, c: (f32, f32), end: (f32, f32)| {
        if radius > 0.0 {
            push_conic(pb, c, end, std::f32::consts::FRAC_1_SQRT_2, ts);
        }
    };
    pb.move_to(l + tl, t);
    pb.line_to(r - tr, t);
    corner(pb, tr, (r, t), (r, t + tr));
    pb.line_to(r, b - br);
    corner(pb, br, (r, b), (r - br, b));
    pb.line_to(l + bl, b);
    corner(pb, bl, (l, b), (l, b - bl));
    pb.line_to(l, t + tl);
    corner(pb, tl, (l, t), (l + tl, t));
    pb.close();
}

/// p5's `_normalizeArcAngles` with its correction for the ellipse's
/// proportions: (start, stop, whether the ends meet), 0 <= start < 2 pi and
/// start <= stop < start + 2 pi.
fn normalize_arc_angles(start: f64, stop: f64, w: f64, h: f64) -> (f64, f64, bool) {
    let start = start - TAU * libm::floor(start / TAU);
    let stop = stop - TAU * libm::floor(stop / TAU);
    let separation = (start - stop).abs().min(TAU - (start - stop).abs());
    let stretch = |a: f64| {
        let turned = libm::atan(w / h * libm::tan(a));
        if a <= FRAC_PI_2 {
            turned
        } else if a <= 3.0 * FRAC_PI_2 {
            turned + PI
        } else {
            turned + TAU
        }
    };
    let (start, mut stop) = (stretch(start), stretch(stop));
    if start > stop {
        stop += TAU;
    }
    (start, stop, separation < 0.00001)
}

#[cfg(test)]
mod tests;
