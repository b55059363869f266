//! Colour arguments of the p5 API, from JavaScript values into p5's
//! colours (src/p5/colour/colorspace.rs).

use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Object, Value};

use super::bind::{set, Stage, N};

use crate::p5::colour::colorspace::{Color, ColorMode, ColorState};

/// A colour object's channels as the prelude passes them: `'#'`, then its
/// normalised RGBA and the mode it was made in.
const OBJECT: &str = "#";

/// `colorMode(mode, ...maxes)`: `mode` as p5's constant (`"rgb"`, `"hsb"`,
/// `"hsl"`).
pub(super) fn set_mode(state: &mut ColorState, mode: &str, maxes: &[f64]) -> Result<(), String> {
    let mode = mode_of(mode).ok_or_else(|| format!("{mode:?} is not a mode: RGB, HSB or HSL"))?;
    state.color_mode(mode, maxes);
    Ok(())
}

fn mode_of(name: &str) -> Option<ColorMode> {
    match name {
        "rgb" => Some(ColorMode::Rgb),
        "hsb" => Some(ColorMode::Hsb),
        "hsl" => Some(ColorMode::Hsl),
        _ => None,
    }
}

/// A colour from p5's argument forms: 1 to 4 numbers in the current mode,
/// a CSS string, or a colour object.
pub(super) fn from_args(state: &ColorState, args: &[Value]) -> Result<Color, String> {
    let text = |v: &Value| v.as_string().and_then(|s| s.to_string().ok());
    if let Some(first) = args.first().and_then(text) {
        if first == OBJECT {
            let n = |i: usize| args.get(i).and_then(Value::as_number).unwrap_or(f64::NAN);
            let mode = MODES.get(n(5) as usize).copied().unwrap_or(ColorMode::Rgb);
            return Ok(Color::new(mode, [n(1), n(2), n(3), n(4)]));
        }
        return state.color_css(&first).map_err(|e| e.to_string());
    }
    let numbers: Vec<f64> = args
        .iter()
        .map(|v| v.as_number().unwrap_or(f64::NAN))
        .collect();
    state.color(&numbers).map_err(|e| e.to_string())
}

/// The modes by their number in the prelude's colour objects.
const MODES: [ColorMode; 3] = [ColorMode::Rgb, ColorMode::Hsb, ColorMode::Hsl];

/// The number of a colour's mode, for the prelude's colour objects.
pub(super) fn mode_number(color: &Color) -> f64 {
    MODES.iter().position(|&m| m == color.mode()).unwrap_or(0) as f64
}

/// A colour as the prelude's colour objects take it: normalised RGBA,
/// then the mode it was made in (see `colour::mode_number`).
pub(super) fn to_js(color: &Color) -> Vec<f64> {
    let mut v = color.array().to_vec();
    v.push(mode_number(color));
    v
}

/// color's getters, lerpColor, colour strings.
pub(super) fn install_colours<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
) -> rquickjs::Result<()> {
    let s = stage.clone();
    set(
        ctx,
        native,
        "channel",
        move |ctx: Ctx<'js>, name: String, args: Rest<Value<'js>>| {
            let c = s.color(&ctx, &name, &args.0)?;
            let state = s.state();
            let colors = &state.look.now.colors;
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
    )?;
    let s = stage.clone();
    set(
        ctx,
        native,
        "lerpColor",
        move |ctx: Ctx<'js>, amt: N, args: Rest<Value<'js>>| {
            let half = args.0.len() / 2;
            let from = s.color(&ctx, "lerpColor", &args.0[..half])?;
            let to = s.color(&ctx, "lerpColor", &args.0[half..])?;
            Ok::<_, rquickjs::Error>(to_js(
                &s.state().look.now.colors.lerp_color(&from, &to, amt.0),
            ))
        },
    )?;
    let s = stage.clone();
    set(
        ctx,
        native,
        "colorString",
        move |ctx: Ctx<'js>, args: Rest<Value<'js>>| {
            s.color(&ctx, "toString", &args.0).map(|c| c.to_css())
        },
    )?;
    let s = stage.clone();
    set(ctx, native, "rgbMax", move |i: usize| {
        s.state()
            .look
            .now
            .colors
            .maxes_of(ColorMode::Rgb)
            .get(i)
            .copied()
            .unwrap_or(255.0)
    })?;
    Ok(())
}
