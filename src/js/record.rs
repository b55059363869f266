//! Drawing calls recorded: kept pending until a frame is shown, so that
//! frames nobody sees cost only their JavaScript, and replayed by a later
//! pass (a GIF's frames after its preview) without running the sketch.

use std::sync::Arc;

use super::natives::Call;
use crate::clock;

use crate::p5::compositing::composite::Composite;
use crate::p5::images::filter::Filter;
use crate::p5::raster::path::Segment;
use crate::p5::state::context::Setting;
use crate::p5::typeset::text::TextRun;
use crate::p5::{ArcMode, Cap, Join, Kind, Mode, Rgba, ShapeEnd, P5};

/// The most drawing calls kept pending: past them, they are drawn.
pub(super) const MAX_PENDING: usize = 1 << 16;

/// What a drawing call counts toward the time limit's reading of the
/// clock (src/clock.rs), besides the pixels and edges the raster and
/// the filters count: about the work of 64 pixels.
pub(super) const CALL_WORK: u64 = 64;

/// One drawing call, with its arguments converted. Cheap to clone: a line
/// of text is shared.
#[derive(Debug, Clone)]
pub(crate) enum Op {
    /// A colour that could not be parsed: nothing is drawn.
    Nothing,
    /// A native of the table in src/js/natives.rs.
    Call(Call),
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
            Op::Call(call) => call.apply(p5, kind),
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
            Op::Call(Call::Clear {}) => true,
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
        match self {
            Op::Call(call) => call.paints_only(),
            Op::Arc(..) | Op::Background(..) | Op::Text(..) => true,
            _ => false,
        }
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
///
/// Past the running thread's deadline (src/clock.rs) the calls left are
/// dropped undrawn: the sketch's run is then stopped by the time limit.
pub(super) fn flush(p5: &mut P5, kind: &mut Kind, pending: &mut Vec<Op>) {
    let covered = covering(pending, p5).unwrap_or(0);
    for (i, op) in pending.drain(..).enumerate() {
        if clock::spend(CALL_WORK) {
            break;
        }
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
            Op::Call(Call::Bezier { .. } | Call::Curve { .. }) => true,
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
