//! p5.js 1.11's colours, as `p5.Color` computes them: `colorMode` with its
//! maxes, `color()` from numbers or a CSS string, the getters (`red` ...
//! `lightness`), `lerpColor`, and the 8-bit colour the canvas gets.
//!
//! A colour is p5's normalised RGBA (`_array`, 0..1 except from some CSS
//! strings) and its `levels` (`Math.round(v * 255)`). p5 1.11 does not keep
//! the HSB or HSL numbers a colour was made with: `hue()` and friends are
//! recomputed from the RGBA (and cached on the colour, as here).
//!
//! p5 quirks kept on purpose: a colour reads its channels with the maxes of
//! now, not those of its making (p5 shares one maxes object); `lerpColor`
//! in HSB or HSL mode shifts a colour's cached hue by 1 when it wraps
//! around red (so a later `hue()` of that colour can exceed its max); a
//! grey level is scaled by the third max (`color(50)` in HSB is 50% grey).

use std::cell::Cell;

use super::color::Rgba;
use super::css;
use crate::jsnum::{self, max, min};

/// p5's colour modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorMode {
    /// Red, green, blue, alpha (p5's default; maxes 255).
    Rgb,
    /// Hue, saturation, brightness, alpha (maxes 360, 100, 100, 1).
    Hsb,
    /// Hue, saturation, lightness, alpha (maxes 360, 100, 100, 1).
    Hsl,
}

/// Why a colour cannot be made, where p5 throws.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ColorError {
    /// `color()` with no values.
    #[error("color() needs 1 to 4 numbers or a CSS colour string, not nothing")]
    NoValues,
    /// A string that makes p5 throw (`constructor`, `__proto__`).
    #[error("\"{0}\" is not a colour: use a CSS colour name, #rrggbb, rgb() or hsl()")]
    NotAColor(String),
}

/// The state p5's `colorMode` sets: the mode and each mode's maxes.
#[derive(Debug, Clone, PartialEq)]
pub struct ColorState {
    /// The mode new colours and `lerpColor` use.
    pub mode: ColorMode,
    /// The maxes of [RGB, HSB, HSL], in [`ColorMode`] order, each [c0, c1,
    /// c2, alpha].
    pub maxes: [[f64; 4]; 3],
}

impl Default for ColorState {
    /// RGB; maxes 255 for RGB, (360, 100, 100, 1) for HSB and HSL.
    fn default() -> Self {
        ColorState {
            mode: ColorMode::Rgb,
            maxes: [
                [255.0; 4],
                [360.0, 100.0, 100.0, 1.0],
                [360.0, 100.0, 100.0, 1.0],
            ],
        }
    }
}

/// A p5.Color: its normalised RGBA, its levels, the mode it was made in, and
/// its cached HSB and HSL (computed on first use, as p5).
#[derive(Debug, Clone)]
pub struct Color {
    mode: ColorMode,
    array: [f64; 4],
    levels: [f64; 4],
    hsba: Cell<Option<[f64; 4]>>,
    hsla: Cell<Option<[f64; 4]>>,
}

impl ColorState {
    /// The maxes of `mode`.
    pub fn maxes_of(&self, mode: ColorMode) -> [f64; 4] {
        self.maxes[mode as usize]
    }

    /// p5's `colorMode(mode, ...maxes)`: sets the mode, and with one max all
    /// four of the mode's maxes, with three the first three, with four all
    /// four; other counts (0, 2) leave the maxes alone.
    pub fn color_mode(&mut self, mode: ColorMode, maxes: &[f64]) {
        self.mode = mode;
        let m = &mut self.maxes[mode as usize];
        match *maxes {
            [all] => *m = [all; 4],
            [a, b, c] => m[..3].copy_from_slice(&[a, b, c]),
            [a, b, c, alpha] => *m = [a, b, c, alpha],
            _ => {}
        }
    }

    /// p5's `color(...values)` from numbers in the current mode: one value
    /// is a grey (over the third max), two a grey and alpha, three or more
    /// the mode's channels and alpha (a fifth and later are ignored). Each
    /// is divided by its max and clamped to 0..1 (NaN stays NaN), then
    /// converted to RGBA. Fails for no values, as p5 throws.
    pub fn color(&self, values: &[f64]) -> Result<Color, ColorError> {
        let m = self.maxes_of(self.mode);
        let array = match *values {
            [] => return Err(ColorError::NoValues),
            [grey] | [grey, _] => {
                let v = grey / m[2];
                let alpha = values.get(1).map_or(1.0, |a| a / m[3]);
                [v, v, v, alpha].map(|c| max(min(c, 1.0), 0.0))
            }
            [c0, c1, c2, ref rest @ ..] => {
                let alpha = rest.first().map_or(1.0, |a| a / m[3]);
                // As p5's `if (c < 0) 0 else if (c > 1) 1`: NaN and -0 stay.
                let hsxa = [c0 / m[0], c1 / m[1], c2 / m[2], alpha].map(|c| c.clamp(0.0, 1.0));
                match self.mode {
                    ColorMode::Rgb => hsxa,
                    ColorMode::Hsb => hsba_to_rgba(hsxa),
                    ColorMode::Hsl => hsla_to_rgba(hsxa),
                }
            }
        };
        Ok(Color::new(self.mode, array))
    }

    /// p5's `color(string)`: a CSS colour (see the `css` module); strings p5
    /// does not recognise give white, as in p5. The mode only matters to
    /// the colour's later `alpha()`, `hue()` and `saturation()`.
    pub fn color_css(&self, css: &str) -> Result<Color, ColorError> {
        Ok(Color::new(self.mode, css::parse(css)?))
    }

    /// p5's `red(c)`, over the current RGB max.
    pub fn red(&self, c: &Color) -> f64 {
        c.array[0] * self.maxes[0][0]
    }

    /// p5's `green(c)`, over the current RGB max.
    pub fn green(&self, c: &Color) -> f64 {
        c.array[1] * self.maxes[0][1]
    }

    /// p5's `blue(c)`, over the current RGB max.
    pub fn blue(&self, c: &Color) -> f64 {
        c.array[2] * self.maxes[0][2]
    }

    /// p5's `alpha(c)`, over the current alpha max of the mode `c` was made
    /// in.
    pub fn alpha(&self, c: &Color) -> f64 {
        c.array[3] * self.maxes_of(c.mode)[3]
    }

    /// p5's `hue(c)`: HSB's hue for a colour made in HSB mode, else HSL's,
    /// over the current hue max.
    pub fn hue(&self, c: &Color) -> f64 {
        match c.mode {
            ColorMode::Hsb => c.hsba()[0] * self.maxes[1][0],
            _ => c.hsla()[0] * self.maxes[2][0],
        }
    }

    /// p5's `saturation(c)`: HSB's for a colour made in HSB mode, else
    /// HSL's, over the current max.
    pub fn saturation(&self, c: &Color) -> f64 {
        match c.mode {
            ColorMode::Hsb => c.hsba()[1] * self.maxes[1][1],
            _ => c.hsla()[1] * self.maxes[2][1],
        }
    }

    /// p5's `brightness(c)`, over the current HSB max.
    pub fn brightness(&self, c: &Color) -> f64 {
        c.hsba()[2] * self.maxes[1][2]
    }

    /// p5's `lightness(c)`, over the current HSL max.
    pub fn lightness(&self, c: &Color) -> f64 {
        c.hsla()[2] * self.maxes[2][2]
    }

    /// p5's `lerpColor(from, to, amt)`: `amt` clamped to 0..1, then each
    /// channel `amt * (b - a) + a` in the current mode: in RGB over the
    /// levels / 255; in HSB and HSL over the cached HSB/HSL, the hue the
    /// short way round the wheel (p5 adds 1 to the smaller hue in the
    /// colour's cache itself, which later `hue()` calls see). The result is
    /// made by `color()` in the current mode.
    pub fn lerp_color(&self, from: &Color, to: &Color, amt: f64) -> Color {
        let (mut a, mut b) = match self.mode {
            ColorMode::Rgb => (from.levels.map(|l| l / 255.0), to.levels.map(|l| l / 255.0)),
            ColorMode::Hsb => (from.hsba(), to.hsba()),
            ColorMode::Hsl => (from.hsla(), to.hsla()),
        };
        let amt = max(min(amt, 1.0), 0.0);
        let lerp = |a: f64, b: f64| amt * (b - a) + a;
        let mut l0 = lerp(a[0], b[0]);
        if self.mode != ColorMode::Rgb {
            if (a[0] - b[0]).abs() > 0.5 {
                // p5 changes the arrays it got from the colours' caches.
                let cache = |c: &Color, v: [f64; 4]| match self.mode {
                    ColorMode::Hsb => c.hsba.set(Some(v)),
                    _ => c.hsla.set(Some(v)),
                };
                if a[0] > b[0] {
                    b[0] += 1.0;
                    cache(to, b);
                } else {
                    a[0] += 1.0;
                    cache(from, a);
                }
            }
            l0 = lerp(a[0], b[0]);
            if l0 >= 1.0 {
                l0 -= 1.0;
            }
        }
        let m = self.maxes_of(self.mode);
        let values = [
            l0 * m[0],
            lerp(a[1], b[1]) * m[1],
            lerp(a[2], b[2]) * m[2],
            lerp(a[3], b[3]) * m[3],
        ];
        self.color(&values).expect("four values make a colour")
    }
}

impl Color {
    /// A colour from its normalised RGBA (p5's `_array`), made in `mode`.
    pub(crate) fn new(mode: ColorMode, array: [f64; 4]) -> Self {
        Color {
            mode,
            array,
            levels: array.map(|v| jsnum::round(v * 255.0)),
            hsba: Cell::new(None),
            hsla: Cell::new(None),
        }
    }

    /// The mode the colour was made in.
    pub fn mode(&self) -> ColorMode {
        self.mode
    }

    /// p5's `_array`: normalised RGBA, 0..1 (a CSS `rgb()` or `rgba()` can
    /// go past 1; NaN where a NaN went in).
    pub fn array(&self) -> [f64; 4] {
        self.array
    }

    /// p5's `levels`: `Math.round(channel * 255)` of each, alpha included.
    #[cfg(test)]
    pub fn levels(&self) -> [f64; 4] {
        self.levels
    }

    /// p5's `toString()`, also the string p5 hands the canvas as its fill
    /// or stroke style: `rgba(r,g,b,a)`, the levels then the normalised
    /// alpha, printed as JavaScript prints numbers.
    pub fn to_css(&self) -> String {
        let [r, g, b, _] = self.levels.map(jsnum::to_string);
        format!("rgba({r},{g},{b},{})", jsnum::to_string(self.array[3]))
    }

    /// The colour the 2D canvas paints with for [`Color::to_css`], as
    /// Chromium parses it: each level clamped to 0..=255, the alpha clamped
    /// to 0..1 and rounded to 8 bits (`round(a * 255)`, measured on 1,257
    /// alphas). `None` when a number is NaN or infinite: the canvas then
    /// ignores the style and keeps its previous one.
    pub fn to_rgba(&self) -> Option<Rgba> {
        let a = self.array[3];
        if !(self.levels.iter().all(|l| l.is_finite()) && a.is_finite()) {
            return None;
        }
        let [r, g, b, _] = self.levels.map(|l| l.clamp(0.0, 255.0) as u8);
        let a = jsnum::round(a.clamp(0.0, 1.0) * 255.0) as u8;
        Some(Rgba::new(r, g, b, a))
    }

    fn hsba(&self) -> [f64; 4] {
        let v = self.hsba.get().unwrap_or_else(|| rgba_to_hsba(self.array));
        self.hsba.set(Some(v));
        v
    }

    fn hsla(&self) -> [f64; 4] {
        let v = self.hsla.get().unwrap_or_else(|| rgba_to_hsla(self.array));
        self.hsla.set(Some(v));
        v
    }
}

/// JavaScript's `Math.max(a, b, c)` and `Math.min(a, b, c)`.
fn max3(a: f64, b: f64, c: f64) -> f64 {
    max(max(a, b), c)
}

fn min3(a: f64, b: f64, c: f64) -> f64 {
    min(min(a, b), c)
}

/// p5's `_hsbaToRGBA`, all channels normalised.
pub(crate) fn hsba_to_rgba([h, sat, val, a]: [f64; 4]) -> [f64; 4] {
    let hue = h * 6.0;
    if sat == 0.0 {
        return [val, val, val, a];
    }
    let sector = hue.floor();
    let tint1 = val * (1.0 - sat);
    let tint2 = val * (1.0 - sat * (hue - sector));
    let tint3 = val * (1.0 - sat * (1.0 + sector - hue));
    // NaN and huge sectors fall to the last arm, as p5's `else`.
    let [r, g, b] = match sector as i64 {
        1 => [tint2, val, tint1],
        2 => [tint1, val, tint3],
        3 => [tint1, tint2, val],
        4 => [tint3, tint1, val],
        5 => [val, tint1, tint2],
        // 0 and 6 (a hue of 1).
        _ => [val, tint3, tint1],
    };
    [r, g, b, a]
}

/// p5's `_hslaToRGBA`, all channels normalised.
pub(crate) fn hsla_to_rgba([h, sat, li, a]: [f64; 4]) -> [f64; 4] {
    let hue = h * 6.0;
    if sat == 0.0 {
        return [li, li, li, a];
    }
    let val = if li < 0.5 {
        (1.0 + sat) * li
    } else {
        li + sat - li * sat
    };
    let zest = 2.0 * li - val;
    let project = |hue: f64| {
        let hue = if hue < 0.0 {
            hue + 6.0
        } else if hue >= 6.0 {
            hue - 6.0
        } else {
            hue
        };
        if hue < 1.0 {
            zest + (val - zest) * hue
        } else if hue < 3.0 {
            val
        } else if hue < 4.0 {
            zest + (val - zest) * (4.0 - hue)
        } else {
            zest
        }
    };
    [project(hue + 2.0), project(hue), project(hue - 2.0), a]
}

/// The hue sector of p5's `_rgbaToHSBA` and `_rgbaToHSLA`, over 6, in [0,
/// 1); NaN when no channel equals the largest (a NaN channel).
fn hue_of(r: f64, g: f64, b: f64, val: f64, chroma: f64) -> f64 {
    let hue = if r == val {
        (g - b) / chroma
    } else if g == val {
        2.0 + (b - r) / chroma
    } else if b == val {
        4.0 + (r - g) / chroma
    } else {
        f64::NAN
    };
    let hue = if hue < 0.0 {
        hue + 6.0
    } else if hue >= 6.0 {
        hue - 6.0
    } else {
        hue
    };
    hue / 6.0
}

/// p5's `_rgbaToHSBA`.
fn rgba_to_hsba([r, g, b, a]: [f64; 4]) -> [f64; 4] {
    let val = max3(r, g, b);
    let chroma = val - min3(r, g, b);
    if chroma == 0.0 {
        return [0.0, 0.0, val, a];
    }
    [hue_of(r, g, b, val, chroma), chroma / val, val, a]
}

/// p5's `_rgbaToHSLA`.
fn rgba_to_hsla([r, g, b, a]: [f64; 4]) -> [f64; 4] {
    let val = max3(r, g, b);
    let min = min3(r, g, b);
    let li = val + min;
    let chroma = val - min;
    if chroma == 0.0 {
        return [0.0, 0.0, li / 2.0, a];
    }
    let sat = if li < 1.0 {
        chroma / li
    } else {
        chroma / (2.0 - li)
    };
    [hue_of(r, g, b, val, chroma), sat, li / 2.0, a]
}

#[cfg(test)]
#[path = "colorspace_tests.rs"]
mod tests;
