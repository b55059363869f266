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

use super::colour::{self, ColorState};
use crate::p5::{Rgba, ShapeEnd, P5};

/// The most lines `print()` writes; a sketch that prints every frame
/// should not flood the terminal or a CI log.
const MAX_PRINTED: usize = 200;

/// What the native functions share: the canvas while the sketch draws,
/// and p5's state that lives outside the drawing layer.
#[derive(Clone)]
pub(super) struct Stage(Rc<RefCell<State>>);

pub(super) struct State {
    /// The canvas, lent to the sketch during `setup()` and `draw()`.
    pub(super) p5: Option<P5>,
    colors: ColorState,
    colors_saved: Vec<ColorState>,
    /// `Math.random`: p5's generator, seeded with `--seed`.
    math: u32,
    /// `randomSeed()`'s generator, once called.
    seeded: Option<u32>,
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
            colors: ColorState::default(),
            colors_saved: Vec::new(),
            math: seed,
            seeded: None,
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
    /// call outside `setup()` and `draw()`).
    fn canvas<'js, R>(&self, ctx: &Ctx<'js>, f: impl FnOnce(&mut P5) -> R) -> rquickjs::Result<R> {
        let mut state = self.0.borrow_mut();
        match state.p5.as_mut() {
            Some(p5) => Ok(f(p5)),
            None => Err(Exception::throw_message(
                ctx,
                "p5's drawing functions work inside setup() and draw(), not at the top of a script",
            )),
        }
    }

    /// A colour from a drawing call's arguments, or a thrown error naming
    /// the call.
    fn color<'js>(
        &self,
        ctx: &Ctx<'js>,
        call: &str,
        args: &[Value<'js>],
    ) -> rquickjs::Result<[f64; 4]> {
        let state = self.0.borrow();
        colour::from_args(&state.colors, args)
            .map_err(|why| Exception::throw_message(ctx, &format!("{call}(): {why}")))
    }
}

/// p5's linear congruential generator: the next value of `state`, in
/// [0, 1). Exact in 32-bit wrapping integers, as p5's in doubles.
fn lcg(state: &mut u32) -> f64 {
    *state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
    f64::from(*state) / 4_294_967_296.0
}

type N = Coerced<f64>;

/// Installs `__native` and `Math.random`, and routes `Math`'s functions
/// through correctly rounded maths: the same bits on every machine.
pub(super) fn install<'js>(ctx: &Ctx<'js>, stage: &Stage) -> rquickjs::Result<()> {
    let native = Object::new(ctx.clone())?;
    macro_rules! canvas {
        ($($name:literal => |$p5:ident $(, $a:ident)*| $body:expr;)*) => {$(
            let s = stage.clone();
            native.set($name, Function::new(ctx.clone(), move |ctx: Ctx<'js>, $($a: N),*| {
                $(let $a = $a.0;)*
                s.canvas(&ctx, |$p5| { $body; })
            })?)?;
        )*};
    }
    canvas! {
        "noFill" => |p5| p5.no_fill();
        "noStroke" => |p5| p5.no_stroke();
        "strokeWeight" => |p5, w| p5.stroke_weight(w);
        "curveTightness" => |p5, t| p5.curve_tightness(t);
        "translate" => |p5, x, y| p5.translate(x, y);
        "rotate" => |p5, a| p5.rotate(a);
        "resetMatrix" => |p5| p5.reset_matrix();
        "circle" => |p5, x, y, d| p5.circle(x, y, d);
        "line" => |p5, x1, y1, x2, y2| p5.line(x1, y1, x2, y2);
        "vertex" => |p5, x, y| p5.vertex(x, y);
        "curveVertex" => |p5, x, y| p5.curve_vertex(x, y);
    }
    // push() and pop() save the colour mode too, as p5's do.
    let s = stage.clone();
    native.set(
        "push",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            s.canvas(&ctx, P5::push)?;
            let mut state = s.state();
            let colors = state.colors;
            state.colors_saved.push(colors);
            Ok::<_, rquickjs::Error>(())
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "pop",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            s.canvas(&ctx, P5::pop)?;
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
            s.canvas(&ctx, |p5| p5.end_shape(end))
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "beginShape",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, _kind: String| {
            s.canvas(&ctx, |p5| p5.begin_shape())
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
            s.canvas(&ctx, |p5| p5.create_canvas(side(w.0), side(h.0)))?
                .map_err(|e| Exception::throw_message(&ctx, &e.to_string()))
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "density",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>| {
            s.canvas(&ctx, |p5| p5.density())
        })?,
    )?;
    for (name, paint) in [
        ("fill", P5::fill as fn(&mut P5, Rgba)),
        ("stroke", P5::stroke),
        ("background", P5::background),
    ] {
        let s = stage.clone();
        native.set(
            name,
            Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
                let c = s.color(&ctx, name, &args.0)?;
                s.canvas(&ctx, |p5| paint(p5, colour::to_rgba(c)))
            })?,
        )?;
    }
    let s = stage.clone();
    native.set(
        "color",
        Function::new(ctx.clone(), move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
            s.color(&ctx, "color", &args.0).map(|c| c.to_vec())
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
    let s = stage.clone();
    native.set(
        "random",
        Function::new(ctx.clone(), move || {
            let mut state = s.state();
            let state = &mut *state;
            match &mut state.seeded {
                Some(seeded) => lcg(seeded),
                None => lcg(&mut state.math),
            }
        })?,
    )?;
    let s = stage.clone();
    native.set(
        "randomSeed",
        Function::new(ctx.clone(), move |seed: N| {
            let mut state = s.state();
            // p5: `(seed == null ? Math.random() * m : seed) >>> 0`.
            let seed = if seed.0.is_nan() {
                lcg(&mut state.math) * 4_294_967_296.0
            } else {
                seed.0
            };
            state.seeded = Some(to_uint32(seed));
        })?,
    )?;
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

    let math: Object = ctx.globals().get("Math")?;
    let s = stage.clone();
    math.set(
        "random",
        Function::new(ctx.clone(), move || lcg(&mut s.state().math))?,
    )?;
    Ok(())
}

/// JavaScript's `ToUint32` of a finite number (`x >>> 0`).
fn to_uint32(x: f64) -> u32 {
    if !x.is_finite() {
        return 0;
    }
    x.trunc().rem_euclid(4_294_967_296.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p5s_generator_seeded_with_42_starts_as_in_the_browser() {
        let mut state = to_uint32(42.0);
        // The figure, printed by p5.js 1.11 as 0.25234517478384078.
        assert_eq!(lcg(&mut state), 0.252_345_174_783_840_8);
    }

    #[test]
    fn to_uint32_wraps_as_javascript() {
        assert_eq!(to_uint32(-1.0), u32::MAX);
        assert_eq!(to_uint32(4_294_967_298.7), 2);
        assert_eq!(to_uint32(f64::NAN), 0);
    }
}
