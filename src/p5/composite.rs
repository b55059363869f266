//! How what is drawn combines with the canvas: p5's blend modes, which are
//! the canvas's `globalCompositeOperation`s, computed as Skia's formulas on
//! premultiplied colours in 0..1, the shape's coverage applied by linear
//! interpolation from the canvas's pixel to the blended one (as Skia's
//! raster pipeline does for every mode but source-over).

use super::color::Rgba;

/// One of p5's blend modes (`blendMode()`), named as the canvas's
/// composite operations it sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Composite {
    /// `BLEND`: source-over, the default.
    SourceOver,
    /// `ADD`: lighter, the sum.
    Lighter,
    /// `MULTIPLY`.
    Multiply,
    /// `SCREEN`.
    Screen,
    /// `DARKEST`: darken.
    Darken,
    /// `LIGHTEST`: lighten.
    Lighten,
    /// `DIFFERENCE`.
    Difference,
    /// `EXCLUSION`.
    Exclusion,
    /// `OVERLAY`.
    Overlay,
    /// `HARD_LIGHT`.
    HardLight,
    /// `SOFT_LIGHT`.
    SoftLight,
    /// `DODGE`: color-dodge.
    ColorDodge,
    /// `BURN`: color-burn.
    ColorBurn,
    /// `REMOVE`: destination-out, what `erase()` draws with.
    DestinationOut,
    /// `REPLACE`: copy; the canvas outside the shape is cleared.
    Copy,
}

impl Composite {
    /// The mode named by p5's constant (the canvas's name: `'multiply'`,
    /// `'lighter'`, `'destination-out'`, ...).
    pub fn from_name(name: &str) -> Option<Composite> {
        Some(match name {
            "source-over" => Composite::SourceOver,
            "lighter" => Composite::Lighter,
            "multiply" => Composite::Multiply,
            "screen" => Composite::Screen,
            "darken" => Composite::Darken,
            "lighten" => Composite::Lighten,
            "difference" => Composite::Difference,
            "exclusion" => Composite::Exclusion,
            "overlay" => Composite::Overlay,
            "hard-light" => Composite::HardLight,
            "soft-light" => Composite::SoftLight,
            "color-dodge" => Composite::ColorDodge,
            "color-burn" => Composite::ColorBurn,
            "destination-out" => Composite::DestinationOut,
            "copy" => Composite::Copy,
            _ => return None,
        })
    }
}

/// What a drawing call paints with: its colour and its blend mode.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Ink {
    pub color: Rgba,
    pub mode: Composite,
}

/// A premultiplied pixel in 0..1.
type Unit = [f32; 4];

fn unit(p: &[u8]) -> Unit {
    [0, 1, 2, 3].map(|i| f32::from(p[i]) / 255.0)
}

/// The colour premultiplied, in 0..1.
pub(super) fn premultiplied(color: Rgba) -> Unit {
    let a = f32::from(color.a) / 255.0;
    let c = |v: u8| f32::from(v) / 255.0 * a;
    [c(color.r), c(color.g), c(color.b), a]
}

/// Blends the premultiplied `s` into the premultiplied RGBA pixel `dst`
/// with `mode`, at coverage `coverage` (0..=255).
pub(super) fn blend(dst: &mut [u8], s: Unit, coverage: u8, mode: Composite) {
    let d = unit(dst);
    let full = mixed(s, d, mode);
    let t = f32::from(coverage) / 255.0;
    for (i, out) in dst.iter_mut().take(4).enumerate() {
        let v = d[i] + (full[i] - d[i]) * t;
        *out = (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    }
    // Premultiplied: no colour channel above alpha.
    let a = dst[3];
    dst[..3].iter_mut().for_each(|c| *c = (*c).min(a));
}

/// Skia's blend of `s` over `d`, premultiplied.
fn mixed(s: Unit, d: Unit, mode: Composite) -> Unit {
    let (sa, da) = (s[3], d[3]);
    let over = sa + da - sa * da;
    let separable = |f: fn(f32, f32, f32, f32) -> f32| {
        [f(s[0], d[0], sa, da), f(s[1], d[1], sa, da), f(s[2], d[2], sa, da), over]
    };
    match mode {
        Composite::SourceOver => [0, 1, 2, 3].map(|i| s[i] + d[i] * (1.0 - sa)),
        Composite::Lighter => [0, 1, 2, 3].map(|i| (s[i] + d[i]).min(1.0)),
        Composite::DestinationOut => [0, 1, 2, 3].map(|i| d[i] * (1.0 - sa)),
        Composite::Copy => s,
        Composite::Multiply => separable(|s, d, sa, da| s * (1.0 - da) + d * (1.0 - sa) + s * d),
        Composite::Screen => separable(|s, d, _, _| s + d - s * d),
        Composite::Darken => separable(|s, d, sa, da| s + d - (s * da).max(d * sa)),
        Composite::Lighten => separable(|s, d, sa, da| s + d - (s * da).min(d * sa)),
        Composite::Difference => separable(|s, d, sa, da| s + d - 2.0 * (s * da).min(d * sa)),
        Composite::Exclusion => separable(|s, d, _, _| s + d - 2.0 * s * d),
        Composite::HardLight => separable(hard_light),
        Composite::Overlay => separable(|s, d, sa, da| hard_light(d, s, da, sa)),
        Composite::SoftLight => separable(soft_light),
        Composite::ColorDodge => separable(color_dodge),
        Composite::ColorBurn => separable(color_burn),
    }
}

fn hard_light(s: f32, d: f32, sa: f32, da: f32) -> f32 {
    let rest = s * (1.0 - da) + d * (1.0 - sa);
    if 2.0 * s <= sa {
        rest + 2.0 * s * d
    } else {
        rest + sa * da - 2.0 * (da - d) * (sa - s)
    }
}

/// Skia's soft light (its W3C formula on premultiplied colours).
fn soft_light(s: f32, d: f32, sa: f32, da: f32) -> f32 {
    let m = if da > 0.0 { d / da } else { 0.0 };
    let s2 = 2.0 * s;
    let m4 = 4.0 * m;
    let dark_src = d * (sa + (s2 - sa) * (1.0 - m));
    let dark_dst = (m4 * m4 + m4) * (m - 1.0) + 7.0 * m;
    let lite_dst = m.sqrt() - m;
    let lite_src = d * sa + da * (s2 - sa) * if 4.0 * d <= da { dark_dst } else { lite_dst };
    let blended = if s2 <= sa { dark_src } else { lite_src };
    s * (1.0 - da) + d * (1.0 - sa) + blended
}

/// Skia's color dodge.
fn color_dodge(s: f32, d: f32, sa: f32, da: f32) -> f32 {
    if d == 0.0 {
        s * (1.0 - da)
    } else if s == sa {
        s + d * (1.0 - sa)
    } else {
        let lit = sa * da.min(d * sa / (sa - s));
        lit + s * (1.0 - da) + d * (1.0 - sa)
    }
}

/// Skia's color burn.
fn color_burn(s: f32, d: f32, sa: f32, da: f32) -> f32 {
    if d == da {
        d + s * (1.0 - da)
    } else if s == 0.0 {
        d * (1.0 - sa)
    } else {
        let dark = sa * (da - da.min((da - d) * sa / s));
        dark + s * (1.0 - da) + d * (1.0 - sa)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blended(dst: [u8; 4], color: Rgba, mode: Composite) -> [u8; 4] {
        let mut px = dst;
        blend(&mut px, premultiplied(color), 255, mode);
        px
    }

    #[test]
    fn modes_follow_their_formulas_on_opaque_pixels() {
        let dst = [200, 100, 50, 255];
        let red = Rgba::new(255, 0, 0, 255);
        assert_eq!(blended(dst, red, Composite::Multiply), [200, 0, 0, 255]);
        assert_eq!(blended(dst, red, Composite::Screen), [255, 100, 50, 255]);
        assert_eq!(blended(dst, red, Composite::Difference), [55, 100, 50, 255]);
        assert_eq!(blended(dst, red, Composite::Lighter), [255, 100, 50, 255]);
        assert_eq!(blended(dst, red, Composite::Darken), [200, 0, 0, 255]);
        assert_eq!(blended(dst, red, Composite::DestinationOut), [0; 4]);
        let half = Rgba::new(255, 255, 255, 128);
        assert_eq!(blended(dst, half, Composite::Copy), [128, 128, 128, 128]);
    }

    #[test]
    fn no_coverage_leaves_the_pixel_and_names_round_trip() {
        let mut px = [1, 2, 3, 4];
        blend(&mut px, [1.0; 4], 0, Composite::Lighter);
        assert_eq!(px, [1, 2, 3, 4]);
        assert_eq!(Composite::from_name("color-burn"), Some(Composite::ColorBurn));
        assert_eq!(Composite::from_name("subtract"), None);
    }
}
