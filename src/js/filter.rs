//! The natives of `filter()`, `blendMode()` and `erase()`/`noErase()`
//! (their argument handling lives in filter.js; `smooth()`/`noSmooth()`
//! are image.js's, since they only choose how images are scaled).

use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Exception, Object};

use super::bind::{set, Stage, N};
use super::record::Op;
use crate::p5::compositing::composite::Composite;
use crate::p5::images::filter::{check, Filter};
use crate::p5::Rgba;

/// An `Op` setting a blend mode: `blendMode()`'s or `blend()`'s.
type ModeOp = fn(Composite) -> Op;

/// Installs the natives on `native`.
pub(super) fn install_filters<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
) -> rquickjs::Result<()> {
    // A filter reads only the canvas: it is a drawing call like others,
    // recorded and replayed, its parameter checked here.
    let s = stage.clone();
    set(
        ctx,
        native,
        "filter",
        move |ctx: Ctx<'js>, name: String, param: Option<f64>, webgl: bool| {
            let Some(filter) = Filter::from_name(&name) else {
                let why = format!(
                    "filter(): {name:?} is not one of THRESHOLD, GRAY, OPAQUE, INVERT, \
                     POSTERIZE, BLUR, ERODE, DILATE"
                );
                return Err(Exception::throw_message(&ctx, &why));
            };
            check(filter, param, webgl)
                .map_err(|e| Exception::throw_message(&ctx, &format!("filter(): {e}")))?;
            s.draw(&ctx, Op::Filter(filter, param, webgl))
        },
    )?;
    // blendMode(), and blend()'s composite operation for one copy.
    let modes: [(&str, ModeOp); 2] = [("blendMode", Op::BlendMode), ("blend", Op::Composite)];
    for (call, op) in modes {
        let s = stage.clone();
        set(
            ctx,
            native,
            call,
            move |ctx: Ctx<'js>, name: String| match Composite::from_name(&name) {
                Some(mode) => s.draw(&ctx, op(mode)),
                None => Err(Exception::throw_message(
                    &ctx,
                    &format!("{call}(): mode {name:?} not recognized"),
                )),
            },
        )?;
    }
    let s = stage.clone();
    set(
        ctx,
        native,
        "erase",
        move |ctx: Ctx<'js>, levels: Rest<N>| {
            // The levels of p5's color(255, strength) for the fill, then the
            // stroke, as filter.js makes them.
            let level = |i: usize| levels.0.get(i).map_or(0, |n| n.0.clamp(0.0, 255.0) as u8);
            let color =
                |at: usize| Rgba::new(level(at), level(at + 1), level(at + 2), level(at + 3));
            s.draw(&ctx, Op::Erase(color(0), color(4)))
        },
    )?;
    let s = stage.clone();
    set(ctx, native, "noErase", move |ctx: Ctx<'js>| {
        s.draw(&ctx, Op::NoErase)
    })
}
