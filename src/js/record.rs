//! Drawing calls recorded: kept pending until a frame is shown, so that
//! frames nobody sees cost only their JavaScript, and replayed by a later
//! pass (a GIF's frames after its preview) without running the sketch.

use std::sync::Arc;

use crate::p5::compositing::composite::Composite;
use crate::p5::images::filter::Filter;
use crate::p5::raster::path::Segment;
use crate::p5::state::context::Setting;
use crate::p5::typeset::text::TextRun;
use crate::p5::{ArcMode, Cap, Join, Kind, Mode, Rgba, ShapeEnd, P5};

/// The most drawing calls kept pending: past them, they are drawn.
pub(super) const MAX_PENDING: usize = 1 << 16;

/// One drawing call, with its arguments converted. Cheap to clone: a line
/// of text is shared.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// A colour that could not be parsed: nothing is drawn.
    Nothing,
    NoFill,
    NoStroke,
    Clear,
    StrokeWeight(f64),
    CurveTightness(f64),
    Translate(f64, f64),
    Rotate(f64),
    Scale(f64, f64),
    ShearX(f64),
    ShearY(f64),
    ApplyMatrix([f64; 6]),
    ResetMatrix,
    Point(f64, f64),
    Circle(f64, f64, f64),
    Ellipse([f64; 4]),
    Line([f64; 4]),
    Triangle([f64; 6]),
    Vertex(f64, f64),
    CurveVertex(f64, f64),
    BezierVertex([f64; 6]),
    QuadraticVertex([f64; 4]),
    BeginContour,
    EndContour,
    Rect([f64; 8]),
    Quad([f64; 8]),
    Bezier([f64; 8]),
    Curve([f64; 8]),
    StrokeCap(Cap),
    StrokeJoin(Join),
    RectMode(Mode),
    EllipseMode(Mode),
    BeginShape(Kind),
    Arc([f64; 6], ArcMode),
    Push,
    Pop,
    EndShape(ShapeEnd),
    /// A p5.js 2 shape, as the path its 2D renderer builds.
    Path(Arc<[Segment]>),
    Fill(Rgba),
    Stroke(Rgba),
    Background(Rgba),
    /// Replayed only: `createCanvas`, its error already thrown.
    CreateCanvas(u32, u32),
    /// What `createCanvas` resets (see `P5::canvas_defaults`).
    CanvasDefaults,
    BlendMode(Composite),
    /// The canvas's composite operation alone, as `blend()` sets it for
    /// its copy: not the mode `noErase` returns to.
    Composite(Composite),
    /// `erase`'s fill and stroke colours.
    Erase(Rgba, Rgba),
    NoErase,
    /// `filter(filter, param, webgl)`, its parameter checked: it reads
    /// only the canvas, so a replay filters the same pixels.
    Filter(Filter, Option<f64>, bool),
    /// A line of `text()`, shaped and placed.
    Text(Arc<TextRun>),
    /// `beginClip({ invert })`.
    BeginClip(bool),
    EndClip,
    /// An assignment to `drawingContext` (src/js/context.rs).
    Context(Setting),
}

impl Op {
    /// Draws the call on `p5`; `kind` follows `beginShape`.
    pub(super) fn apply(self, p5: &mut P5, kind: &mut Kind) {
        match self {
            Op::Nothing => {}
            Op::NoFill => p5.no_fill(),
            Op::NoStroke => p5.no_stroke(),
            Op::Clear => p5.clear(),
            Op::StrokeWeight(w) => p5.stroke_weight(w),
            Op::CurveTightness(t) => p5.curve_tightness(t),
            Op::Translate(x, y) => p5.translate(x, y),
            Op::Rotate(a) => p5.rotate(a),
            Op::Scale(x, y) => p5.scale(x, y),
            Op::ShearX(a) => p5.shear_x(a),
            Op::ShearY(a) => p5.shear_y(a),
            Op::ApplyMatrix([a, b, c, d, e, f]) => p5.apply_matrix(a, b, c, d, e, f),
            Op::ResetMatrix => p5.reset_matrix(),
            Op::Point(x, y) => p5.point(x, y),
            Op::Circle(x, y, d) => p5.circle(x, y, d),
            Op::Ellipse([x, y, w, h]) => p5.ellipse(x, y, w, h),
            Op::Line([x1, y1, x2, y2]) => p5.line(x1, y1, x2, y2),
            Op::Triangle([x1, y1, x2, y2, x3, y3]) => p5.triangle(x1, y1, x2, y2, x3, y3),
            Op::Vertex(x, y) => p5.vertex(x, y),
            Op::CurveVertex(x, y) => p5.curve_vertex(x, y),
            Op::BezierVertex([x2, y2, x3, y3, x4, y4]) => p5.bezier_vertex(x2, y2, x3, y3, x4, y4),
            Op::QuadraticVertex([cx, cy, x, y]) => p5.quadratic_vertex(cx, cy, x, y),
            Op::BeginContour => p5.begin_contour(),
            Op::EndContour => p5.end_contour(),
            Op::Rect([x, y, w, h, tl, tr, br, bl]) => p5.rect(x, y, w, h, [tl, tr, br, bl]),
            Op::Quad(v) => p5.quad(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]),
            Op::Bezier(v) => {
                p5.bezier(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
                *kind = Kind::Polygon;
            }
            Op::Curve(v) => {
                p5.curve(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
                *kind = Kind::Polygon;
            }
            Op::StrokeCap(cap) => p5.stroke_cap(cap),
            Op::StrokeJoin(join) => p5.stroke_join(join),
            Op::RectMode(m) => p5.rect_mode(m),
            Op::EllipseMode(m) => p5.ellipse_mode(m),
            Op::BeginShape(k) => {
                p5.begin_shape_kind(k);
                *kind = k;
            }
            Op::Arc([x, y, w, h, start, stop], mode) => p5.arc(x, y, w, h, start, stop, mode),
            Op::Push => p5.push(),
            Op::Pop => p5.pop(),
            Op::EndShape(end) => p5.end_shape(end),
            Op::Path(segments) => p5.path(&segments),
            Op::Fill(c) => p5.fill(c),
            Op::Stroke(c) => p5.stroke(c),
            Op::Background(c) => p5.background(c),
            Op::CreateCanvas(w, h) => {
                let _ = p5.create_canvas(w, h);
            }
            Op::CanvasDefaults => p5.canvas_defaults(),
            Op::BlendMode(mode) => p5.blend_mode(mode),
            Op::Composite(mode) => p5.composite(mode),
            Op::Erase(fill, stroke) => p5.erase(fill, stroke),
            Op::NoErase => p5.no_erase(),
            Op::Filter(filter, param, webgl) => {
                // Checked when called (see `filter::check`).
                let _ = p5.filter(filter, param, webgl);
            }
            Op::Text(run) => p5.text(&run),
            Op::BeginClip(invert) => p5.begin_clip(invert),
            Op::EndClip => p5.end_clip(),
            Op::Context(setting) => p5.set_context(setting),
        }
    }

    /// Whether the call paints every pixel of the canvas, whatever was
    /// there, when drawn source-over: a background, opaque or on a
    /// transparent canvas, or `clear()`.
    pub(super) fn covers(&self, transparent: bool) -> bool {
        match self {
            Op::Clear => true,
            Op::Background(c) => transparent || c.a == 255,
            _ => false,
        }
    }

    /// Whether the call may change the blend mode, `globalAlpha` (under
    /// which a background lets through what was under it), or the clip:
    /// after it a background may keep some of what was under it.
    fn keeps_under(&self) -> bool {
        matches!(
            self,
            Op::BlendMode(_)
                | Op::Composite(_)
                | Op::Erase(..)
                | Op::NoErase
                | Op::BeginClip(_)
                | Op::EndClip
                | Op::Context(Setting::GlobalAlpha(_))
        )
    }

    /// How much of a recording's room the call takes, in calls: a line of
    /// text also takes what its glyphs hold.
    pub(super) fn room(&self) -> usize {
        match self {
            Op::Text(run) => {
                1 + std::mem::size_of_val(&run.shaped.glyphs[..]) / std::mem::size_of::<Op>()
            }
            _ => 1,
        }
    }

    /// Whether the call only paints pixels, changing nothing else of the
    /// canvas (its style, transform, shape being built).
    fn paints_only(&self) -> bool {
        matches!(
            self,
            Op::Point(..)
                | Op::Circle(..)
                | Op::Ellipse(..)
                | Op::Line(..)
                | Op::Triangle(..)
                | Op::Rect(..)
                | Op::Quad(..)
                | Op::Arc(..)
                | Op::Clear
                | Op::Background(..)
                | Op::Text(..)
        )
    }
}

/// The last of `ops`, drawn next on `p5`, that paints every pixel of the
/// canvas whatever was there, if any. None does while a blend mode other
/// than source-over or a clip may be in use (a multiplied or clipped
/// background keeps what was under it), so a sketch with blend modes or
/// clips is drawn call by call.
pub(super) fn covering(ops: &[Op], p5: &P5) -> Option<usize> {
    if !p5.blends_over()
        || !p5.opaque_alpha()
        || p5.is_clipped()
        || ops.iter().any(|op| op.keeps_under())
    {
        return None;
    }
    let transparent = p5.is_transparent();
    ops.iter().rposition(|op| op.covers(transparent))
}

/// Draws `pending` on `p5`, in order, and empties it. Pixels painted before
/// the last call that covers the whole canvas would not show: those calls
/// are left out, and the shapes among them (which change the shape being
/// built, as p5's) are built with a transform that draws nothing, inside
/// push() and pop(). The canvas ends as if every call had been drawn: the
/// same pixels, style, transform, shape and what is known of the pixels.
pub(super) fn flush(p5: &mut P5, kind: &mut Kind, pending: &mut Vec<Op>) {
    let covered = covering(pending, p5).unwrap_or(0);
    for (i, op) in pending.drain(..).enumerate() {
        if i >= covered {
            op.apply(p5, kind);
            continue;
        }
        if op.paints_only() {
            continue;
        }
        // A polygon (bezier and curve are polygons) is built and drawn
        // without changing the style; other kinds take their vertices'
        // colours, which pop() would undo.
        let unseen = match op {
            Op::EndShape(_) => *kind == Kind::Polygon,
            Op::Bezier(_) | Op::Curve(_) => true,
            _ => false,
        };
        if unseen {
            p5.push();
            // No inverse: nothing is filled or stroked, nothing marked.
            p5.scale(0.0, 0.0);
            op.apply(p5, kind);
            p5.pop();
        } else {
            op.apply(p5, kind);
        }
    }
}
