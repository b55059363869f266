//! Colour arguments of the p5 API, from JavaScript values into p5's
//! normalised RGBA (each channel 0 to 1).

use rquickjs::Value;

use crate::p5::Rgba;

/// `colorMode()`: the mode and the maximum of each channel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ColorState {
    maxes: [f64; 4],
}

impl Default for ColorState {
    fn default() -> Self {
        ColorState { maxes: [255.0; 4] }
    }
}

/// Sets the mode and its maxima as `colorMode(mode, ...maxes)`.
pub(super) fn set_mode(state: &mut ColorState, mode: &str, maxes: &[f64]) -> Result<(), String> {
    if mode != "rgb" {
        return Err(format!("mode {mode:?} is not drawn yet"));
    }
    match *maxes {
        [] => {}
        [m] => state.maxes = [m; 4],
        [r, g, b] => state.maxes = [r, g, b, state.maxes[3]],
        [r, g, b, a] => state.maxes = [r, g, b, a],
        _ => return Err("1, 3 or 4 maxima".into()),
    }
    Ok(())
}

/// A colour from p5's argument forms.
pub(super) fn from_args(state: &ColorState, args: &[Value]) -> Result<[f64; 4], String> {
    // A colour object's channels, as the prelude passes them.
    if let [marker, r, g, b, a] = args {
        if marker
            .as_string()
            .is_some_and(|s| s.to_string().is_ok_and(|s| s == "#"))
        {
            let c = |v: &Value| v.as_number().unwrap_or(0.0);
            return Ok([c(r), c(g), c(b), c(a)]);
        }
    }
    let numbers: Vec<f64> = args
        .iter()
        .map(|v| v.as_number().unwrap_or(f64::NAN))
        .collect();
    let m = state.maxes;
    let n = |v: f64, max: f64| (v / max).clamp(0.0, 1.0);
    Ok(match *numbers.as_slice() {
        [g] => [n(g, m[0]), n(g, m[0]), n(g, m[0]), 1.0],
        [g, a] => [n(g, m[0]), n(g, m[0]), n(g, m[0]), n(a, m[3])],
        [r, g, b] => [n(r, m[0]), n(g, m[1]), n(b, m[2]), 1.0],
        [r, g, b, a] => [n(r, m[0]), n(g, m[1]), n(b, m[2]), n(a, m[3])],
        _ => return Err(format!("{} values are not a colour", numbers.len())),
    })
}

/// The 8-bit colour the canvas is given.
pub(super) fn to_rgba(c: [f64; 4]) -> Rgba {
    let [r, g, b, a] = c.map(|v| (v * 255.0).round() as u8);
    Rgba::new(r, g, b, a)
}
