//! The natives of `drawingContext` (context.js calls them): assignments
//! recorded as drawing calls, so that a replay draws the same, and the
//! context's state read back from the target canvas.

use std::sync::Arc;

use rquickjs::{Array, Ctx, Exception, Object, Value};

use super::bind::{set, Stage, N};
use super::record::Op;
use crate::p5::colour::gradient::{Gradient, Shape as GradientShape};
use crate::p5::compositing::composite::Composite;
use crate::p5::state::context::{css_color, css_string, Role, Setting};
use crate::p5::{Cap, Join, Rgba, P5};

/// The composite operations whalegen draws, by the canvas's names.
const COMPOSITES: [&str; 15] = [
    "source-over",
    "lighter",
    "multiply",
    "screen",
    "darken",
    "lighten",
    "difference",
    "exclusion",
    "overlay",
    "hard-light",
    "soft-light",
    "color-dodge",
    "color-burn",
    "destination-out",
    "copy",
];

/// Installs the context's natives on `__native`.
pub(super) fn install_context<'js>(ctx: &Ctx<'js>, stage: &Stage) -> rquickjs::Result<()> {
    let native: Object = ctx.globals().get("__native")?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "contextNumber",
        move |ctx: Ctx<'js>, name: String, v: N| {
            let setting = match name.as_str() {
                "shadowBlur" => Setting::ShadowBlur(v.0),
                "shadowOffsetX" => Setting::ShadowOffsetX(v.0),
                "shadowOffsetY" => Setting::ShadowOffsetY(v.0),
                "lineDashOffset" => Setting::LineDashOffset(v.0),
                "globalAlpha" => Setting::GlobalAlpha(v.0),
                _ => return Err(not_a_member(&ctx, &name)),
            };
            s.draw(&ctx, Op::Context(setting))
        },
    )?;
    // A colour string; false when it is not one (the canvas ignores it).
    let s = stage.clone();
    set(
        ctx,
        &native,
        "contextColor",
        move |ctx: Ctx<'js>, name: String, css: String| {
            let Some(c) = css_color(&css) else {
                return Ok(false);
            };
            let setting = match name.as_str() {
                "shadowColor" => Setting::ShadowColor(c),
                "fillStyle" => Setting::Color(Role::Fill, c),
                "strokeStyle" => Setting::Color(Role::Stroke, c),
                _ => return Err(not_a_member(&ctx, &name)),
            };
            s.draw(&ctx, Op::Context(setting)).map(|()| true)
        },
    )?;
    set(ctx, &native, "cssColor", move |css: String| {
        css_color(&css).map(|c| vec![c.r, c.g, c.b, c.a])
    })?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "contextDash",
        move |ctx: Ctx<'js>, list: Vec<N>| {
            let list: Arc<[f64]> = list.iter().map(|v| v.0).collect();
            s.draw(&ctx, Op::Context(Setting::LineDash(list)))
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "contextGradient",
        move |ctx: Ctx<'js>,
              style: String,
              id: u32,
              kind: String,
              at: Vec<f64>,
              stops: Vec<f64>| {
            let role = match style.as_str() {
                "fillStyle" => Role::Fill,
                _ => Role::Stroke,
            };
            let arg = |i: usize| at.get(i).copied().unwrap_or(f64::NAN);
            let shape = match kind.as_str() {
                "linear" => GradientShape::Linear(std::array::from_fn(arg)),
                "radial" => GradientShape::Radial(std::array::from_fn(arg)),
                _ => GradientShape::Conic {
                    start: arg(0),
                    x: arg(1),
                    y: arg(2),
                },
            };
            let stops = stops
                .chunks_exact(5)
                .map(|s| {
                    let level = |v: f64| v.clamp(0.0, 255.0) as u8;
                    let c = Rgba::new(level(s[1]), level(s[2]), level(s[3]), level(s[4]));
                    (s[0], c)
                })
                .collect();
            let Some(gradient) = Gradient::new(id, shape, stops) else {
                let why = format!("drawingContext.{style}: a gradient's stops are offsets 0 to 1");
                return Err(Exception::throw_message(&ctx, &why));
            };
            s.draw(
                &ctx,
                Op::Context(Setting::Gradient(role, Arc::new(gradient))),
            )
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        &native,
        "contextGet",
        move |ctx: Ctx<'js>, name: String| {
            let value = s.canvas(&ctx, |p5| read(p5, &name))?;
            value
                .ok_or_else(|| not_a_member(&ctx, &name))?
                .into_js(&ctx)
        },
    )?;
    // Whether what the context adds changes nothing image() draws.
    let s = stage.clone();
    set(ctx, &native, "contextPlain", move |ctx: Ctx<'js>| {
        s.canvas(&ctx, |p5| {
            let context = p5.context();
            context.alpha == 1.0 && !context.shadow.casts()
        })
    })?;
    Ok(())
}

/// A value read back from the context.
enum Read {
    Number(f64),
    Text(String),
    Numbers(Vec<f64>),
}

impl Read {
    fn into_js<'js>(self, ctx: &Ctx<'js>) -> rquickjs::Result<Value<'js>> {
        Ok(match self {
            Read::Number(v) => Value::new_float(ctx.clone(), v),
            Read::Text(t) => rquickjs::String::from_str(ctx.clone(), &t)?.into_value(),
            Read::Numbers(list) => {
                let array = Array::new(ctx.clone())?;
                for (i, v) in list.into_iter().enumerate() {
                    array.set(i, v)?;
                }
                array.into_value()
            }
        })
    }
}

/// The context's member `name` as the canvas gives it back; a gradient
/// style is its number. `None` for a name the context does not read.
fn read(p5: &P5, name: &str) -> Option<Read> {
    let (context, style) = (p5.context(), p5.style_read());
    Some(match name {
        "shadowBlur" => Read::Number(context.shadow.blur),
        "shadowOffsetX" => Read::Number(context.shadow.offset.0),
        "shadowOffsetY" => Read::Number(context.shadow.offset.1),
        "shadowColor" => Read::Text(css_string(context.shadow.color)),
        "lineDashOffset" => Read::Number(context.dash_offset),
        "lineDash" => Read::Numbers(context.dash.to_vec()),
        "globalAlpha" => Read::Number(context.alpha),
        "lineWidth" => Read::Number(style.weight),
        "lineCap" => Read::Text(
            match style.cap {
                Cap::Round => "round",
                Cap::Square => "butt",
                Cap::Project => "square",
            }
            .into(),
        ),
        "lineJoin" => Read::Text(
            match style.join {
                Join::Miter => "miter",
                Join::Bevel => "bevel",
                Join::Round => "round",
            }
            .into(),
        ),
        "globalCompositeOperation" => Read::Text(composite_name(style.blend).into()),
        "fillStyle" => match &context.fill {
            Some(g) => Read::Number(f64::from(g.id)),
            None => Read::Text(css_string(style.fill)),
        },
        "strokeStyle" => match &context.stroke {
            Some(g) => Read::Number(f64::from(g.id)),
            None => Read::Text(css_string(style.stroke)),
        },
        _ => return None,
    })
}

/// The canvas's name of `mode`.
fn composite_name(mode: Composite) -> &'static str {
    COMPOSITES
        .into_iter()
        .find(|n| Composite::from_name(n) == Some(mode))
        .unwrap_or("source-over")
}

fn not_a_member(ctx: &Ctx<'_>, name: &str) -> rquickjs::Error {
    Exception::throw_message(ctx, &format!("drawingContext has no member {name:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_composite_has_its_name() {
        for name in COMPOSITES {
            let mode = Composite::from_name(name).unwrap();
            assert_eq!(composite_name(mode), name);
        }
    }
}
