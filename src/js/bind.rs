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
use rquickjs::function::IntoJsFunc;
use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Exception, Function, Object, Value};

use super::colour;
use super::filter;
use super::look::{install_look, Looks};
use super::maths::noise::Noise;
use super::maths::random::{Lcg, Random};
use super::natives::{self, Call};
use super::numbers;
use super::pixels;
use super::record::{flush, Op, CALL_WORK, MAX_PENDING};
use super::surfaces::{Surfaces, CANVAS};
use crate::clock;
use crate::p5::colour::colorspace::Color;
use crate::p5::raster::path::Segment;
use crate::p5::{ArcMode, Cap, Join, Kind, Mode, Rgba, ShapeEnd, P5};

/// The most lines `print()` writes; a sketch that prints every frame
/// should not flood the terminal or a CI log.
const MAX_PRINTED: usize = 200;

/// The most characters of a line `print()` writes, the rest counted: more
/// than the longest line a reference prints (19,527 characters of
/// `textToPoints`), far less than a flood of 100 MB.
const MAX_PRINT_LINE: usize = 65_536;

/// The most bytes of clips one surface keeps at once: each `endClip()` on
/// a `push()` level of its own keeps a mask of a byte per pixel until its
/// `pop()` (as the images' budget, 256 MiB).
const MAX_CLIP_BYTES: u64 = 256 << 20;

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
    /// How many more calls the recording may hold: past them it stops.
    record_room: usize,
    /// The kind of the last `beginShape`, as the canvas has it once
    /// `pending` is drawn up to the first call still pending.
    kind: Kind,
    /// The target's look and its `push()` stack (src/js/look.rs).
    pub(super) look: Looks,
    /// `Math.random`: p5's generator, seeded with `--seed`.
    pub(super) math: Lcg,
    /// `random()` and friends: `randomSeed()`'s generator once called,
    /// else `Math.random`.
    pub(super) random: Random,
    pub(super) noise: Noise,
    /// `frameRate(f)` as the sketch asked.
    pub(super) fps: Option<f64>,
    /// The rate the sketch's clock runs at, in frames per second: what
    /// `frameRate()` and `getTargetFrameRate()` return and `deltaTime`
    /// follows. p5's 60 until the source sets its own.
    pub(super) clock: f64,
    /// `noLoop()` was called last (not `loop()`).
    pub(super) no_loop: bool,
    /// Lines `print()` was given in this run.
    printed: usize,
    /// Lines printed by every run of the sketch so far: each pass runs the
    /// same code and prints the same lines, which are shown once.
    shown: Arc<AtomicUsize>,
    /// The images and graphics, but the target (see `Stage::target`).
    pub(super) surfaces: Surfaces,
    /// The number of the surface drawing calls go to: `p5` above is it
    /// (`CANVAS`, the sketch's own canvas, unless a graphics draws).
    pub(super) target: u32,
}

impl Stage {
    /// Runs `f` on p5's random state with `Math.random`'s generator, the
    /// one it draws from until `randomSeed()`.
    pub(super) fn random<R>(&self, f: impl FnOnce(&mut Random, &mut Lcg) -> R) -> R {
        let mut state = self.state();
        let State { random, math, .. } = &mut *state;
        f(random, math)
    }

    /// Runs `f` on p5's noise with `Math.random`'s generator, which fills
    /// its table until `noiseSeed()`.
    pub(super) fn noise<R>(&self, f: impl FnOnce(&mut Noise, &mut Lcg) -> R) -> R {
        let mut state = self.state();
        let State { noise, math, .. } = &mut *state;
        f(noise, math)
    }

    pub(super) fn new(seed: u32, shown: Arc<AtomicUsize>) -> Stage {
        Stage(Rc::new(RefCell::new(State {
            p5: None,
            live: false,
            defer: false,
            pending: Vec::new(),
            record: None,
            record_room: 0,
            kind: Kind::Polygon,
            look: Looks::default(),
            math: Lcg::new(f64::from(seed)),
            random: Random::new(),
            noise: Noise::new(),
            fps: None,
            clock: super::P5_FPS,
            no_loop: false,
            printed: 0,
            shown,
            surfaces: Surfaces::default(),
            target: CANVAS,
        })))
    }

    pub(super) fn state(&self) -> RefMut<'_, State> {
        self.0.borrow_mut()
    }

    /// Runs `f` on the canvas, or throws when there is none (a drawing
    /// call outside `setup()` and `draw()`). Calls pending are drawn first.
    pub(super) fn canvas<'js, R>(
        &self,
        ctx: &Ctx<'js>,
        f: impl FnOnce(&mut P5) -> R,
    ) -> rquickjs::Result<R> {
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
    pub(super) fn draw<'js>(&self, ctx: &Ctx<'js>, op: Op) -> rquickjs::Result<()> {
        let mut state = self.0.borrow_mut();
        let state = &mut *state;
        match state.p5.as_mut() {
            Some(_) if state.live && matches!(op, Op::Nothing) => Ok(()),
            Some(_) if state.live => {
                state.keep(op.clone());
                state.play(op);
                Ok(())
            }
            _ => Err(outside(ctx)),
        }
    }

    /// p5's `createCanvas`, recorded.
    fn create_canvas<'js>(&self, ctx: &Ctx<'js>, w: u32, h: u32) -> rquickjs::Result<()> {
        let result = self.canvas(ctx, |p5| p5.create_canvas(w, h))?;
        self.0.borrow_mut().keep(Op::CreateCanvas(w, h));
        result.map_err(|e| Exception::throw_message(ctx, &e.to_string()))
    }

    /// Draws `ops` as if the sketch had called them (a recorded pass).
    pub(super) fn replay(&self, ops: &[Op]) {
        let mut state = self.0.borrow_mut();
        for op in ops {
            state.play(op.clone());
        }
    }

    /// Records every drawing call from now on.
    /// Records the drawing calls from now on, at most `room` of them.
    pub(super) fn start_record(&self, room: usize) {
        let mut state = self.0.borrow_mut();
        state.record = Some(Vec::new());
        state.record_room = room;
    }

    /// The drawing calls recorded since `start_record` or the last call,
    /// and records on; `None` when not recording, or when the calls
    /// outgrew the room `start_record` gave.
    pub(super) fn take_record(&self) -> Option<Vec<Op>> {
        self.0.borrow_mut().record.as_mut().map(std::mem::take)
    }

    /// Stops recording.
    pub(super) fn stop_record(&self) {
        self.0.borrow_mut().record = None;
    }

    /// Runs `f` on the canvas's pixels, the calls pending drawn first. A
    /// run that reads or writes pixels stops recording: a recording holds
    /// drawing calls only, so the next pass runs the JavaScript again.
    pub(super) fn pixels<'js, R>(
        &self,
        ctx: &Ctx<'js>,
        f: impl FnOnce(&mut P5) -> R,
    ) -> rquickjs::Result<R> {
        self.0.borrow_mut().record = None;
        self.canvas(ctx, f)
    }

    /// Makes surface `id` the target of the drawing calls, with its own
    /// style and colour mode, the calls pending on the last target drawn
    /// first; `false` when there is no such surface (it was removed).
    pub(super) fn target(&self, id: u32) -> bool {
        let mut state = self.0.borrow_mut();
        let state = &mut *state;
        if state.target == id {
            return true;
        }
        let (Some(p5), Some(mut incoming)) = (state.p5.as_mut(), state.surfaces.take(id)) else {
            return false;
        };
        flush(p5, &mut state.kind, &mut state.pending);
        std::mem::swap(p5, &mut incoming.p5);
        std::mem::swap(&mut state.kind, &mut incoming.kind);
        std::mem::swap(&mut state.look, &mut incoming.look);
        state.surfaces.put(state.target, incoming);
        state.target = id;
        true
    }

    /// Runs `f` on the target (the calls pending drawn first), the other
    /// surfaces and the target's number, or throws as `canvas`. A run
    /// that makes or draws images stops recording, as `pixels` does.
    pub(super) fn surfaces<'js, R>(
        &self,
        ctx: &Ctx<'js>,
        f: impl FnOnce(&mut P5, &mut Surfaces, u32) -> R,
    ) -> rquickjs::Result<R> {
        let mut state = self.0.borrow_mut();
        let state = &mut *state;
        state.record = None;
        match state.p5.as_mut() {
            Some(p5) if state.live => {
                flush(p5, &mut state.kind, &mut state.pending);
                Ok(f(p5, &mut state.surfaces, state.target))
            }
            _ => Err(outside(ctx)),
        }
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
            state.pending.push(Op::Call(Call::ResetMatrix {}));
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
    pub(super) fn color<'js>(
        &self,
        ctx: &Ctx<'js>,
        call: &str,
        args: &[Value<'js>],
    ) -> rquickjs::Result<Color> {
        let state = self.0.borrow();
        colour::from_args(&state.look.now.colors, args)
            .map_err(|why| Exception::throw_message(ctx, &format!("{call}(): {why}")))
    }
}

impl State {
    /// Records `op` for a later pass, if recording and there is room;
    /// stops recording when there is none.
    fn keep(&mut self, op: Op) {
        if let Some(record) = &mut self.record {
            let room = op.room();
            if self.record_room < room {
                self.record = None;
            } else {
                record.push(op);
                self.record_room -= room;
            }
        }
    }

    /// Draws `op` at once, or keeps it pending while drawing is deferred.
    fn play(&mut self, op: Op) {
        let Some(p5) = self.p5.as_mut() else { return };
        if !self.defer {
            // Past the deadline, the run is stopped by the time limit.
            if !clock::spend(CALL_WORK) {
                op.apply(p5, &mut self.kind);
            }
        } else {
            self.pending.push(op);
            if self.pending.len() >= MAX_PENDING {
                flush(p5, &mut self.kind, &mut self.pending);
            }
        }
    }
}

pub(super) fn outside(ctx: &Ctx<'_>) -> rquickjs::Error {
    Exception::throw_message(
        ctx,
        "p5's drawing functions work inside setup() and draw(), not at the top of a script",
    )
}

pub(super) type N = Coerced<f64>;

/// Sets `native[name]` to the Rust function `f`.
pub(super) fn set<'js, P>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    name: &str,
    f: impl IntoJsFunc<'js, P> + 'js,
) -> rquickjs::Result<()> {
    native.set(name, Function::new(ctx.clone(), f)?)
}

/// Installs `__native` and `Math.random`, and routes `Math`'s functions
/// through correctly rounded maths: the same bits on every machine.
pub(super) fn install<'js>(ctx: &Ctx<'js>, stage: &Stage) -> rquickjs::Result<()> {
    let native = Object::new(ctx.clone())?;
    natives::install(ctx, &native, stage)?;
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
        "ellipseMode" => |v| mode(&v).map(Op::EllipseMode).ok_or(v);
        "beginShape" => |v| match v.as_str() {
            "polygon" | "tess" => Ok(Kind::Polygon), "0" => Ok(Kind::Points), "1" => Ok(Kind::Lines),
            "4" => Ok(Kind::Triangles), "6" => Ok(Kind::TriangleFan), "5" => Ok(Kind::TriangleStrip),
            "quads" => Ok(Kind::Quads), "quad_strip" => Ok(Kind::QuadStrip), _ => Err(v),
        }.map(Op::BeginShape);
    }
    let s = stage.clone();
    set(
        ctx,
        &native,
        "arc",
        move |ctx: Ctx<'js>, m: String, v: Rest<N>| {
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
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "beginClip",
        move |ctx: Ctx<'js>, invert: bool| s.draw(&ctx, Op::BeginClip(invert)),
    )?;
    // A clip's mask is kept by its push() level: refused past the budget.
    let s = stage.clone();
    set(ctx, &native, "endClip", move |ctx: Ctx<'js>| {
        {
            let mut state = s.state();
            let held = state.look.clips_with_one_more();
            let (w, h) = state.p5.as_ref().map_or((0, 0), |p5| p5.drawing().size());
            let bytes = held * u64::from(w) * u64::from(h);
            if bytes > MAX_CLIP_BYTES {
                let why = format!(
                    "endClip(): {held} clips kept at once, one for each push() level, would take \
                     {:.1} MiB; at most {} MiB (a pop() missing?)",
                    bytes as f64 / f64::from(1 << 20),
                    MAX_CLIP_BYTES >> 20
                );
                return Err(Exception::throw_message(&ctx, &why));
            }
            state.look.now.clipped = true;
        }
        s.draw(&ctx, Op::EndClip)
    })?;
    install_look(ctx, &native, stage)?;
    // The rect mode is the look's too: a text box reads it at once.
    let s = stage.clone();
    set(ctx, &native, "rectMode", move |ctx: Ctx<'js>, v: String| {
        let Some(m) = mode(&v) else {
            let why = format!("rectMode(): {v:?} is not one of its constants");
            return Err(Exception::throw_message(&ctx, &why));
        };
        s.draw(&ctx, Op::RectMode(m))?;
        s.state().look.now.rect_mode = m;
        Ok(())
    })?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "endShape",
        move |ctx: Ctx<'js>, close: bool| {
            let end = if close {
                ShapeEnd::Close
            } else {
                ShapeEnd::Open
            };
            s.draw(&ctx, Op::EndShape(end))
        },
    )?;
    // p5.js 2's shapes: the path its front-end built, as flat numbers.
    let s = stage.clone();
    set(
        ctx,
        &native,
        "path",
        move |ctx: Ctx<'js>, flat: Vec<f64>| {
            let Some(segments) = Segment::parse(&flat) else {
                let why = "path(): the segments are codes 0 to 4, each with its numbers";
                return Err(Exception::throw_message(&ctx, why));
            };
            s.draw(&ctx, Op::Path(segments.into()))
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "createCanvas",
        move |ctx: Ctx<'js>, w: N, h: N| {
            let side = |v: f64| {
                if v.is_finite() && v >= 0.0 {
                    v.min(f64::from(u32::MAX)) as u32
                } else {
                    0
                }
            };
            s.create_canvas(&ctx, side(w.0), side(h.0))
        },
    )?;
    let s = stage.clone();
    set(ctx, &native, "density", move |ctx: Ctx<'js>| {
        s.read(&ctx, |p5| p5.density())
    })?;
    for (name, paint) in [
        ("fill", Op::Fill as fn(Rgba) -> Op),
        ("stroke", Op::Stroke),
        ("background", Op::Background),
    ] {
        let s = stage.clone();
        native.set(
            name,
            Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
                // p5 remembers that fill() or stroke() was called (text
                // is black and unstroked until then), even with a colour
                // it can't read.
                match name {
                    "fill" => s.text(|t| t.fill_set = true),
                    "stroke" => s.text(|t| t.stroke_set = true),
                    _ => {}
                }
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
    set(
        ctx,
        &native,
        "color",
        move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
            s.color(&ctx, "color", &args.0).map(|c| colour::to_js(&c))
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "colorMode",
        move |ctx: Ctx<'js>, mode: String, maxes: Rest<N>| {
            let maxes: Vec<f64> = maxes.0.iter().map(|m| m.0).collect();
            let mut state = s.state();
            colour::set_mode(&mut state.look.now.colors, &mode, &maxes)
                .map_err(|why| Exception::throw_message(&ctx, &format!("colorMode(): {why}")))
        },
    )?;
    numbers::install_numbers(ctx, &native, stage)?;
    colour::install_colours(ctx, &native, stage)?;
    pixels::install_pixels(ctx, &native, stage)?;
    filter::install_filters(ctx, &native, stage)?;
    let s = stage.clone();
    set(ctx, &native, "frameRate", move |fps: f64| {
        s.state().fps = Some(fps)
    })?;
    let s = stage.clone();
    set(ctx, &native, "noLoop", move || s.state().no_loop = true)?;
    let s = stage.clone();
    set(ctx, &native, "loop", move || s.state().no_loop = false)?;
    let s = stage.clone();
    set(ctx, &native, "isLooping", move || !s.state().no_loop)?;
    let s = stage.clone();
    set(ctx, &native, "targetFrameRate", move || s.state().clock)?;
    let s = stage.clone();
    set(ctx, &native, "print", move |text: String| {
        let mut state = s.state();
        state.printed += 1;
        let n = state.printed;
        if state.shown.fetch_max(n, Ordering::Relaxed) >= n {
            return;
        }
        let mut err = std::io::stderr().lock();
        if n <= MAX_PRINTED {
            let _ = writeln!(err, "{}", super::engine::bounded(&text, MAX_PRINT_LINE));
        } else if n == MAX_PRINTED + 1 {
            let _ = writeln!(err, "(print: {MAX_PRINTED} lines shown, the rest are not)");
        }
    })?;
    ctx.globals().set("__native", native)?;

    numbers::install_maths(ctx, stage)
}

/// The first `N` numbers of a call, NaN for those missing.
pub(super) fn numbers<const N: usize>(v: &[N]) -> [f64; N] {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_name_modes() {
        assert_eq!(mode("radius"), Some(Mode::Radius));
        assert_eq!(mode("middle"), None);
    }
}
