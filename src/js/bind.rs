//! The native half of the p5 API: functions on the `__native` object that
//! the prelude calls, bound to the drawing layer, p5's colours, random
//! numbers and noise. Arguments are converted as JavaScript would
//! (`undefined` is NaN), so a sketch's slip draws nothing instead of
//! stopping.

use std::cell::{RefCell, RefMut};
use std::io::Write as _;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rquickjs::convert::Coerced;
use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Exception, Function, Object, Value};

use super::colour;
use crate::p5::colorspace::{Color, ColorMode, ColorState};
use crate::p5::maths;
use crate::p5::noise::Noise;
use crate::p5::random::{Lcg, Random};
use crate::p5::{ArcMode, Cap, Join, Kind, Mode, Rgba, ShapeEnd, P5};

/// The most lines `print()` writes; a sketch that prints every frame
/// should not flood the terminal or a CI log.
const MAX_PRINTED: usize = 200;

/// The longest JavaScript array: 2^32 - 1 elements.
const MAX_ARRAY: f64 = 4_294_967_295.0;

/// The longest array `shuffle` takes: its order is built in Rust, outside
/// the JavaScript heap's limit.
const MAX_SHUFFLE: f64 = 16_777_216.0;

/// The most octaves `noiseDetail` is given.
const MAX_OCTAVES: f64 = 64.0;

/// What the native functions share: the canvas while the sketch draws,
/// and p5's state that lives outside the drawing layer.
#[derive(Clone)]
pub(super) struct Stage(Rc<RefCell<State>>);

pub(super) struct State {
    /// The canvas: lent to the sketch during `setup()`, then kept by it
    /// (see `JsSketch`).
    pub(super) p5: Option<P5>,
    /// Drawing calls are allowed: inside `setup()` and `draw()`.
    pub(super) live: bool,
    /// Drawing calls are recorded in `pending` rather than drawn at once.
    pub(super) defer: bool,
    /// Drawing calls not drawn yet, in order (see `Stage::flush`).
    pending: Vec<Op>,
    /// Every drawing call, when recorded for a later pass (see `JsSource`).
    record: Option<Vec<Op>>,
    /// The kind of the last `beginShape`, as the canvas has it once
    /// `pending` is drawn up to the first call still pending.
    kind: Kind,
    colors: ColorState,
    colors_saved: Vec<ColorState>,
    /// `Math.random`: p5's generator, seeded with `--seed`.
    math: Lcg,
    /// `random()` and friends: `randomSeed()`'s generator once called,
    /// else `Math.random`.
    random: Random,
    noise: Noise,
    /// `frameRate(f)` as the sketch asked.
    pub(super) fps: Option<f64>,
    /// `noLoop()` was called last (not `loop()`).
    pub(super) no_loop: bool,
    /// Lines `print()` was given in this run.
    printed: usize,
    /// Lines printed by every run of the sketch so far: each pass runs the
    /// same code and prints the same lines, which are shown once.
    shown: Arc<AtomicUsize>,
}

impl Stage {
    pub(super) fn new(seed: u32, shown: Arc<AtomicUsize>) -> Stage {
        Stage(Rc::new(RefCell::new(State {
            p5: None,
            live: false,
            defer: false,
            pending: Vec::new(),
            record: None,
            kind: Kind::Polygon,
            colors: ColorState::default(),
            colors_saved: Vec::new(),
            math: Lcg::new(f64::from(seed)),
            random: Random::new(),
            noise: Noise::new(),
            fps: None,
            no_loop: false,
            printed: 0,
            shown,
        })))
    }

    pub(super) fn state(&self) -> RefMut<'_, State> {
        self.0.borrow_mut()
    }

    /// Runs `f` on the canvas, or throws when there is none (a drawing
    /// call outside `setup()` and `draw()`). Calls pending are drawn first.
    fn canvas<'js, R>(&self, ctx: &Ctx<'js>, f: impl FnOnce(&mut P5) -> R) -> rquickjs::Result<R> {
        let mut state = self.0.borrow_mut();
        let state = &mut *state;
        match state.p5.as_mut() {
            Some(p5) if state.live => {
                flush(p5, &mut state.kind, &mut state.pending);
                Ok(f(p5))
            }
            _ => Err(outside(ctx)),
        }
    }

    /// Reads the canvas (what pending calls do not change), or throws as
    /// `canvas`.
    fn read<'js, R>(&self, ctx: &Ctx<'js>, f: impl FnOnce(&P5) -> R) -> rquickjs::Result<R> {
        let state = self.0.borrow();
        match state.p5.as_ref() {
            Some(p5) if state.live => Ok(f(p5)),
            _ => Err(outside(ctx)),
        }
    }

    /// A drawing call: drawn at once, or recorded while drawing is deferred.
    fn draw<'js>(&self, ctx: &Ctx<'js>, op: Op) -> rquickjs::Result<()> {
        let mut state = self.0.borrow_mut();
        let state = &mut *state;
        match state.p5.as_mut() {
            Some(_) if state.live && matches!(op, Op::Nothing) => Ok(()),
            Some(_) if state.live => {
                if let Some(record) = &mut state.record {
                    record.push(op);
                }
                state.play(op);
                Ok(())
            }
            _ => Err(outside(ctx)),
        }
    }

    /// p5's `createCanvas`, recorded.
    fn create_canvas<'js>(&self, ctx: &Ctx<'js>, w: u32, h: u32) -> rquickjs::Result<()> {
        let result = self.canvas(ctx, |p5| p5.create_canvas(w, h))?;
        if let Some(record) = &mut self.0.borrow_mut().record {
            record.push(Op::CreateCanvas(w, h));
        }
        result.map_err(|e| Exception::throw_message(ctx, &e.to_string()))
    }

    /// Draws `ops` as if the sketch had called them (a recorded pass).
    pub(super) fn replay(&self, ops: &[Op]) {
        let mut state = self.0.borrow_mut();
        for &op in ops {
            state.play(op);
        }
    }

    /// Records every drawing call from now on.
    pub(super) fn start_record(&self) {
        self.0.borrow_mut().record = Some(Vec::new());
    }

    /// The drawing calls recorded since `start_record` or the last call,
    /// and records on.
    pub(super) fn take_record(&self) -> Option<Vec<Op>> {
        self.0.borrow_mut().record.as_mut().map(std::mem::take)
    }

    /// Stops recording.
    pub(super) fn stop_record(&self) {
        self.0.borrow_mut().record = None;
    }

    /// Forgets the calls pending, undrawn.
    pub(super) fn discard(&self) {
        self.0.borrow_mut().pending.clear();
    }

    /// Hands the canvas, and the calls pending on it, to `other`.
    pub(super) fn hand_over(&self, other: &Stage) {
        let mut from = self.0.borrow_mut();
        let mut to = other.0.borrow_mut();
        to.p5 = from.p5.take();
        to.kind = from.kind;
        to.pending = std::mem::take(&mut from.pending);
    }

    /// Resets the transform, after the calls pending.
    pub(super) fn reset_matrix(&self) {
        let mut state = self.0.borrow_mut();
        if state.p5.is_some() {
            state.pending.push(Op::ResetMatrix);
        }
    }

    /// Draws the calls pending on the canvas.
    pub(super) fn flush(&self) {
        let mut state = self.0.borrow_mut();
        let state = &mut *state;
        if let Some(p5) = state.p5.as_mut() {
            flush(p5, &mut state.kind, &mut state.pending);
        }
    }

    /// A colour from a call's arguments, or a thrown error naming the call.
    fn color<'js>(
        &self,
        ctx: &Ctx<'js>,
        call: &str,
        args: &[Value<'js>],
    ) -> rquickjs::Result<Color> {
        let state = self.0.borrow();
        colour::from_args(&state.colors, args)
            .map_err(|why| Exception::throw_message(ctx, &format!("{call}(): {why}")))
    }
}

impl State {
    /// Draws `op` at once, or keeps it pending while drawing is deferred.
    fn play(&mut self, op: Op) {
        let Some(p5) = self.p5.as_mut() else { return };
        if !self.defer {
            op.apply(p5, &mut self.kind);
        } else {
            self.pending.push(op);
            if self.pending.len() >= MAX_PENDING {
                flush(p5, &mut self.kind, &mut self.pending);
            }
        }
    }
}

/// The most drawing calls kept pending: past them, they are drawn.
const MAX_PENDING: usize = 1 << 16;

fn outside(ctx: &Ctx<'_>) -> rquickjs::Error {
    Exception::throw_message(
        ctx,
        "p5's drawing functions work inside setup() and draw(), not at the top of a script",
    )
}

/// One drawing call, with its arguments converted.
#[derive(Debug, Clone, Copy)]
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
    Fill(Rgba),
    Stroke(Rgba),
    Background(Rgba),
    /// Replayed only: `createCanvas`, its error already thrown.
    CreateCanvas(u32, u32),
}

impl Op {
    /// Draws the call on `p5`; `kind` follows `beginShape`.
    fn apply(self, p5: &mut P5, kind: &mut Kind) {
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
            Op::Fill(c) => p5.fill(c),
            Op::Stroke(c) => p5.stroke(c),
            Op::Background(c) => p5.background(c),
            Op::CreateCanvas(w, h) => {
                let _ = p5.create_canvas(w, h);
            }
        }
    }

    /// Whether the call paints every pixel of the canvas, whatever was
    /// there: a background, opaque or on a transparent canvas, or `clear()`.
    pub(super) fn covers(self, transparent: bool) -> bool {
        match self {
            Op::Clear => true,
            Op::Background(c) => transparent || c.a == 255,
            _ => false,
        }
    }

    /// Whether the call only paints pixels, changing nothing else of the
    /// canvas (its style, transform, shape being built).
    fn paints_only(self) -> bool {
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
        )
    }
}

/// Draws `pending` on `p5`, in order, and empties it. Pixels painted before
/// the last call that covers the whole canvas would not show: those calls
/// are left out, and the shapes among them (which change the shape being
/// built, as p5's) are built with a transform that draws nothing, inside
/// push() and pop(). The canvas ends as if every call had been drawn: the
/// same pixels, style, transform, shape and what is known of the pixels.
fn flush(p5: &mut P5, kind: &mut Kind, pending: &mut Vec<Op>) {
    let transparent = p5.is_transparent();
    let covered = pending
        .iter()
        .rposition(|op| op.covers(transparent))
        .unwrap_or(0);
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

/// A colour as the prelude's colour objects take it: normalised RGBA,
/// then the mode it was made in (see `colour::mode_number`).
fn to_js(color: &Color) -> Vec<f64> {
    let mut v = color.array().to_vec();
    v.push(colour::mode_number(color));
    v
}

type N = Coerced<f64>;

/// Installs `__native` and `Math.random`, and routes `Math`'s functions
/// through correctly rounded maths: the same bits on every machine.
pub(super) fn install<'js>(ctx: &Ctx<'js>, stage: &Stage) -> rquickjs::Result<()> {
    let native = Object::new(ctx.clone())?;
    macro_rules! ops {
        ($($name:literal => |$($a:ident),*| $op:expr;)*) => {$(
            let s = stage.clone();
            native.set($name, Function::new(ctx.clone(), move |ctx: Ctx<'js>, $($a: N),*| {
                $(let $a = $a.0;)*
                s.draw(&ctx, $op)
            })?)?;
        )*};
    }
    ops! {
        "noFill" => | | Op::NoFill;
        "noStroke" => | | Op::NoStroke;
        "clear" => | | Op::Clear;
        "strokeWeight" => |w| Op::StrokeWeight(w);
        "curveTightness" => |t| Op::CurveTightness(t);
        "translate" => |x, y| Op::Translate(x, y);
        "rotate" => |a| Op::Rotate(a);
        "scale" => |x, y| Op::Scale(x, y);
        "shearX" => |a| Op::ShearX(a);
        "shearY" => |a| Op::ShearY(a);
        "applyMatrix" => |a, b, c, d, e, f| Op::ApplyMatrix([a, b, c, d, e, f]);
        "resetMatrix" => | | Op::ResetMatrix;
        "point" => |x, y| Op::Point(x, y);
        "circle" => |x, y, d| Op::Circle(x, y, d);
        "ellipse" => |x, y, w, h| Op::Ellipse([x, y, w, h]);
        "line" => |x1, y1, x2, y2| Op::Line([x1, y1, x2, y2]);
        "triangle" => |x1, y1, x2, y2, x3, y3| Op::Triangle([x1, y1, x2, y2, x3, y3]);
        "vertex" => |x, y| Op::Vertex(x, y);
        "curveVertex" => |x, y| Op::CurveVertex(x, y);
        "bezierVertex" => |x2, y2, x3, y3, x4, y4| Op::BezierVertex([x2, y2, x3, y3, x4, y4]);
        "quadraticVertex" => |cx, cy, x, y| Op::QuadraticVertex([cx, cy, x, y]);
        "beginContour" => | | Op::BeginContour;
        "endContour" => | | Op::EndContour;
    }
    let s = stage.clone();
    native.set(
        "rect",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, v: Rest<N>| {
            s.draw(&ctx, Op::Rect(numbers::<8>(&v.0)))
        })?,
    )?;
    // Eight numbers: more than a closure's parameters.
    for (name, op) in [
        ("quad", Op::Quad as fn([f64; 8]) -> Op),
        ("bezier", Op::Bezier),
        ("curve", Op::Curve),
    ] {
        let s = stage.clone();
        native.set(
            name,
            Function::new(ctx.clone(), move |ctx: Ctx<'js>, v: Rest<N>| {
                s.draw(&ctx, op(numbers::<8>(&v.0)))
            })?,
        )?;
    }
    // p5's constants, as strings and numbers, into the layer's enums.
    macro_rules! named {
        ($($name:literal => |$v:ident| $body:expr;)*) => {$(
            let s = stage.clone();
            native.set($name, Function::new(ctx.clone(), move |ctx: Ctx<'js>, $v: String| {
                let op: Result<Op, String> = $body;
                match op {
                    Ok(op) => s.draw(&ctx, op),
                    Err(v) => Err(Exception::throw_message(&ctx, &format!("{}(): {v:?} is not one of its constants", $name))),
                }
            })?)?;
        )*};
    }
    named! {
        "strokeCap" => |v| match v.as_str() {
            "round" => Ok(Cap::Round), "butt" => Ok(Cap::Square), "square" => Ok(Cap::Project), _ => Err(v),
        }.map(Op::StrokeCap);
        "strokeJoin" => |v| match v.as_str() {
            "miter" => Ok(Join::Miter), "bevel" => Ok(Join::Bevel), "round" => Ok(Join::Round), _ => Err(v),
        }.map(Op::StrokeJoin);
        "rectMode" => |v| mode(&v).map(Op::RectMode).ok_or(v);
        "ellipseMode" => |v| mode(&v).map(Op::EllipseMode).ok_or(v);
        "beginShape" => |v| match v.as_str() {
            "polygon" | "tess" => Ok(Kind::Polygon), "0" => Ok(Kind::Points), "1" => Ok(Kind::Lines),
            "4" => Ok(Kind::Triangles), "6" => Ok(Kind::TriangleFan), "5" => Ok(Kind::TriangleStrip),
            "quads" => Ok(Kind::Quads), "quad_strip" => Ok(Kind::QuadStrip), _ => Err(v),
        }.map(Op::BeginShape);
    }
    let s = stage.clone();
    native.set(
        "arc",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, m: String, v: Rest<N>| {
            let mode = match m.as_str() {
                "default" => ArcMode::Default,
                "open" => ArcMode::Open,
                "chord" => ArcMode::Chord,
                "pie" => ArcMode::Pie,
                _ => {
                    let why = format!("arc(): {m:?} is not OPEN, CHORD or PIE");
                    return Err(Exception::throw_message(&ctx, &why));
                }
            };
            s.draw(&ctx, Op::Arc(numbers::<6>(&v.0), mode))
        })?,
    )?;
    // push() and pop() save the colour mode too, as p5's do.
    let s = stage.clone();
    native.set(
        "push",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            s.draw(&ctx, Op::Push)?;
            let mut state = s.state();
            let colors = state.colors.clone();
            state.colors_saved.push(colors);
            Ok::<_, rquickjs::Error>(())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "pop",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            s.draw(&ctx, Op::Pop)?;
            let mut state = s.state();
            if let Some(colors) = state.colors_saved.pop() {
                state.colors = colors;
            }
            Ok::<_, rquickjs::Error>(())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "endShape",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, close: bool| {
            let end = if close {
                ShapeEnd::Close
            } else {
                ShapeEnd::Open
            };
            s.draw(&ctx, Op::EndShape(end))
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "createCanvas",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, w: N, h: N| {
            let side = |v: f64| {
                if v.is_finite() && v >= 0.0 {
                    v.min(f64::from(u32::MAX)) as u32
                } else {
                    0
                }
            };
            s.create_canvas(&ctx, side(w.0), side(h.0))
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "density",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            s.read(&ctx, |p5| p5.density())
        })?,
    )?;
    for (name, paint) in [
        ("fill", Op::Fill as fn(Rgba) -> Op),
        ("stroke", Op::Stroke),
        ("background", Op::Background),
    ] {
        let s = stage.clone();
        native.set(
            name,
            Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
                let c = s.color(&ctx, name, &args.0)?;
                // The canvas ignores a colour it can't parse (NaN), as here.
                match c.to_rgba() {
                    Some(c) => s.draw(&ctx, paint(c)),
                    None => s.draw(&ctx, Op::Nothing),
                }
            })?,
        )?;
    }
    let s = stage.clone();
    native.set(
        "color",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
            s.color(&ctx, "color", &args.0).map(|c| to_js(&c))
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "colorMode",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, mode: String, maxes: Rest<N>| {
                let maxes: Vec<f64> = maxes.0.iter().map(|m| m.0).collect();
                let mut state = s.state();
                colour::set_mode(&mut state.colors, &mode, &maxes)
                    .map_err(|why| Exception::throw_message(&ctx, &format!("colorMode(): {why}")))
            },
        )?,
    )?;
    install_numbers(ctx, &native, stage)?;
    install_colours(ctx, &native, stage)?;
    let s = stage.clone();
    native.set(
        "frameRate",
        Function::new(ctx.clone(), move |fps: f64| s.state().fps = Some(fps))?,
    )?;
    let s = stage.clone();
    native.set(
        "noLoop",
        Function::new(ctx.clone(), move || s.state().no_loop = true)?,
    )?;
    let s = stage.clone();
    native.set(
        "loop",
        Function::new(ctx.clone(), move || s.state().no_loop = false)?,
    )?;
    let s = stage.clone();
    native.set(
        "print",
        Function::new(ctx.clone(), move |text: String| {
            let mut state = s.state();
            state.printed += 1;
            let n = state.printed;
            if state.shown.fetch_max(n, Ordering::Relaxed) >= n {
                return;
            }
            let mut err = std::io::stderr().lock();
            if n <= MAX_PRINTED {
                let _ = writeln!(err, "{text}");
            } else if n == MAX_PRINTED + 1 {
                let _ = writeln!(err, "(print: {MAX_PRINTED} lines shown, the rest are not)");
            }
        })?,
    )?;
    ctx.globals().set("__native", native)?;

    install_maths(ctx, stage)
}

/// The first `N` numbers of a call, NaN for those missing.
fn numbers<const N: usize>(v: &[N]) -> [f64; N] {
    std::array::from_fn(|i| v.get(i).map_or(f64::NAN, |n| n.0))
}

/// `rectMode` and `ellipseMode`'s constants.
fn mode(name: &str) -> Option<Mode> {
    match name {
        "corner" => Some(Mode::Corner),
        "corners" => Some(Mode::Corners),
        "center" => Some(Mode::Center),
        "radius" => Some(Mode::Radius),
        _ => None,
    }
}

/// random, randomSeed, randomGaussian, noise, noiseSeed, noiseDetail.
fn install_numbers<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
) -> rquickjs::Result<()> {
    let s = stage.clone();
    native.set(
        "random",
        Function::new(ctx.clone(), move || {
            let mut state = s.state();
            let State { math, random, .. } = &mut *state;
            random.random(&mut || math.next_f64())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "randomMax",
        Function::new(ctx.clone(), move |max: N| {
            let mut state = s.state();
            let State { math, random, .. } = &mut *state;
            random.random_max(max.0, &mut || math.next_f64())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "randomRange",
        Function::new(ctx.clone(), move |min: N, max: N| {
            let mut state = s.state();
            let State { math, random, .. } = &mut *state;
            random.random_range(min.0, max.0, &mut || math.next_f64())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "randomIndex",
        Function::new(ctx.clone(), move |len: f64| {
            let mut state = s.state();
            let State { math, random, .. } = &mut *state;
            // An index past the array reads `undefined`, as p5's pick of
            // an empty array.
            let len = len.clamp(0.0, MAX_ARRAY) as usize;
            random
                .random_index(len, &mut || math.next_f64())
                .unwrap_or(len) as f64
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "shuffle",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, len: f64| {
            if !(0.0..=MAX_SHUFFLE).contains(&len) {
                let why = format!("shuffle(): at most {MAX_SHUFFLE} elements, not {len}");
                return Err(Exception::throw_message(&ctx, &why));
            }
            let mut order: Vec<f64> = (0..len as usize).map(|i| i as f64).collect();
            let mut state = s.state();
            let State { math, random, .. } = &mut *state;
            random.shuffle(&mut order, &mut || math.next_f64());
            Ok(order)
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "randomGaussian",
        Function::new(ctx.clone(), move |mean: N, sd: N| {
            let mut state = s.state();
            let State { math, random, .. } = &mut *state;
            random.random_gaussian(mean.0, sd.0, &mut || math.next_f64())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "randomSeed",
        Function::new(ctx.clone(), move |seed: N| {
            let mut state = s.state();
            let State { math, random, .. } = &mut *state;
            // p5: `(seed == null ? Math.random() * m : seed) >>> 0`.
            if seed.0.is_nan() {
                random.seed_from(&mut || math.next_f64());
            } else {
                random.seed(seed.0);
            }
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "noise",
        Function::new(ctx.clone(), move |x: N, y: N, z: N| {
            let mut state = s.state();
            let State { math, noise, .. } = &mut *state;
            noise.noise(x.0, y.0, z.0, &mut || math.next_f64())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "noiseSeed",
        Function::new(ctx.clone(), move |seed: N| {
            let mut state = s.state();
            let State { math, noise, .. } = &mut *state;
            if seed.0.is_nan() {
                noise.seed_from(&mut || math.next_f64());
            } else {
                noise.seed(seed.0);
            }
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "noiseDetail",
        Function::new(ctx.clone(), move |lod: N, falloff: N| {
            // Octaves past 64 add nothing a double can hold, and would let
            // one call run for ever (no JavaScript to interrupt).
            s.state().noise.detail(lod.0.min(MAX_OCTAVES), falloff.0)
        })?,
    )?;
    Ok(())
}

/// color's getters, lerpColor, colour strings.
fn install_colours<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
) -> rquickjs::Result<()> {
    let s = stage.clone();
    native.set(
        "channel",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, name: String, args: Rest<Value<'js>>| {
                let c = s.color(&ctx, &name, &args.0)?;
                let state = s.state();
                let colors = &state.colors;
                Ok::<_, rquickjs::Error>(match name.as_str() {
                    "red" => colors.red(&c),
                    "green" => colors.green(&c),
                    "blue" => colors.blue(&c),
                    "alpha" => colors.alpha(&c),
                    "hue" => colors.hue(&c),
                    "saturation" => colors.saturation(&c),
                    "brightness" => colors.brightness(&c),
                    _ => colors.lightness(&c),
                })
            },
        )?,
    )?;
    let s = stage.clone();
    native.set(
        "lerpColor",
        Function::new(
            ctx.clone(),
            move |ctx: Ctx<'js>, amt: N, args: Rest<Value<'js>>| {
                let half = args.0.len() / 2;
                let from = s.color(&ctx, "lerpColor", &args.0[..half])?;
                let to = s.color(&ctx, "lerpColor", &args.0[half..])?;
                Ok::<_, rquickjs::Error>(to_js(&s.state().colors.lerp_color(&from, &to, amt.0)))
            },
        )?,
    )?;
    let s = stage.clone();
    native.set(
        "colorString",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
            s.color(&ctx, "toString", &args.0).map(|c| c.to_css())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "rgbMax",
        Function::new(ctx.clone(), move |i: usize| {
            s.state()
                .colors
                .maxes_of(ColorMode::Rgb)
                .get(i)
                .copied()
                .unwrap_or(255.0)
        })?,
    )?;
    Ok(())
}

/// `Math.random` as p5's generator seeded with `--seed`, and `Math`'s
/// functions through the same maths on every machine (src/p5/maths.rs).
fn install_maths<'js>(ctx: &Ctx<'js>, stage: &Stage) -> rquickjs::Result<()> {
    let math: Object = ctx.globals().get("Math")?;
    let s = stage.clone();
    math.set(
        "random",
        Function::new(ctx.clone(), move || s.state().math.next_f64())?,
    )?;
    for (name, f) in [
        ("sin", maths::sin as fn(f64) -> f64),
        ("cos", maths::cos),
        ("tan", maths::tan),
        ("asin", maths::asin),
        ("acos", maths::acos),
        ("atan", maths::atan),
        ("exp", maths::exp),
        ("log", maths::log),
        ("log2", maths::log2),
        ("log10", maths::log10),
        ("cbrt", maths::cbrt),
        ("expm1", maths::expm1),
        ("log1p", maths::log1p),
        ("sinh", maths::sinh),
        ("cosh", maths::cosh),
        ("tanh", maths::tanh),
    ] {
        math.set(name, Function::new(ctx.clone(), move |x: N| f(x.0))?)?;
    }
    for (name, f) in [
        ("atan2", maths::atan2 as fn(f64, f64) -> f64),
        ("pow", maths::pow),
    ] {
        math.set(
            name,
            Function::new(ctx.clone(), move |a: N, b: N| f(a.0, b.0))?,
        )?;
    }
    math.set(
        "hypot",
        Function::new(ctx.clone(), move |v: Rest<N>| {
            maths::hypot(&v.0.iter().map(|n| n.0).collect::<Vec<_>>())
        })?,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_name_modes() {
        assert_eq!(mode("radius"), Some(Mode::Radius));
        assert_eq!(mode("middle"), None);
    }
}
