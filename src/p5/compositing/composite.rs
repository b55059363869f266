//! How what is drawn combines with the canvas: p5's blend modes, which are
//! the canvas's `globalCompositeOperation`s, computed as Skia's formulas on
//! premultiplied colours, the shape's coverage applied by linear
//! interpolation from the canvas's pixel to the blended one, or for
//! lighter and destination-out folded into the source's alpha, as Skia's
//! raster pipeline does.

use std::sync::Arc;

use tiny_skia::Mask;

use crate::p5::colour::color::Rgba;

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

/// What a drawing call paints with: its colour, its blend mode, and the
/// clip that holds it (`beginClip`), if any.
#[derive(Debug, Clone)]
pub(crate) struct Ink {
    pub color: Rgba,
    pub mode: Composite,
    pub clip: Option<Arc<Mask>>,
}

/// A premultiplied pixel in 0..1.
type Unit = [f32; 4];

/// A colour to blend, premultiplied: in 0..1 for Skia's `f32` pipeline,
/// and in 0..=255 for its 16-bit one.
#[derive(Debug, Clone, Copy)]
pub(in crate::p5) struct Source {
    unit: Unit,
    low: [u16; 4],
}

impl Source {
    /// `color` premultiplied as Skia's pipelines take a paint's colour.
    pub(in crate::p5) fn new(color: Rgba) -> Source {
        let a = f32::from(color.a) / 255.0;
        let c = |v: u8| f32::from(v) / 255.0 * a;
        let unit = [c(color.r), c(color.g), c(color.b), a];
        Source {
            unit,
            low: unit.map(|v| (v * 255.0 + 0.5) as u16),
        }
    }

    /// A pixel already premultiplied (an image's), in 0..=255.
    pub(in crate::p5) fn premultiplied(pixel: [u8; 4]) -> Source {
        Source {
            unit: pixel.map(|v| f32::from(v) / 255.0),
            low: pixel.map(u16::from),
        }
    }
}

/// Blends `source` into the premultiplied RGBA pixel `dst` with `mode`,
/// at coverage `coverage` (0..=255), as Chromium's Skia does on x86: in
/// 16-bit integers for the modes its raster pipeline has there, in `f32`
/// for soft light, color dodge and color burn. Measured against Chromium
/// (tests/sketches/blend-modes*.js): screen and destination-out round
/// their products exactly there, the others divide by 255 as `(v + 255)
/// >> 8`.
pub(in crate::p5) fn blend(dst: &mut [u8], source: Source, coverage: u8, mode: Composite) {
    let px: &mut [u8; 4] = (&mut dst[..4]).try_into().expect("a pixel is 4 bytes");
    match mode {
        Composite::SoftLight | Composite::ColorDodge | Composite::ColorBurn => {
            high(px, source.unit, coverage, mode)
        }
        // Skia folds the coverage into the source for these (its
        // "coverage as alpha" modes) rather than interpolating after.
        Composite::Lighter | Composite::DestinationOut if coverage < 255 => {
            let c = u32::from(coverage);
            let scaled = source.low.map(|v| div255(u32::from(v) * c) as u16);
            low(px, scaled, 255, mode)
        }
        _ => low(px, source.low, coverage, mode),
    }
}

/// Skia's 16-bit division by 255 (x86: `(v + 255) >> 8`).
fn div255(v: u32) -> u32 {
    (v + 255) >> 8
}

/// Skia's 16-bit blend ("lowp"): channels and alphas in 0..=255.
fn low(px: &mut [u8; 4], s: [u16; 4], coverage: u8, mode: Composite) {
    let d = px.map(u32::from);
    let s = s.map(u32::from);
    let (sa, da) = (s[3], d[3]);
    let inv = |v: u32| 255 - v;
    let channel = |s: u32, d: u32, sa: u32, da: u32| -> u32 {
        match mode {
            Composite::SourceOver => s + div255(d * inv(sa)),
            Composite::Lighter => (s + d).min(255),
            Composite::DestinationOut => (d * inv(sa) + 127) / 255,
            Composite::Copy => s,
            Composite::Multiply => div255(s * inv(da) + d * inv(sa) + s * d),
            Composite::Screen => s + d - (s * d + 127) / 255,
            Composite::Darken => s + d - div255((s * da).max(d * sa)),
            Composite::Lighten => s + d - div255((s * da).min(d * sa)),
            Composite::Difference => s + d - 2 * div255((s * da).min(d * sa)),
            Composite::Exclusion => s + d - 2 * div255(s * d),
            Composite::HardLight | Composite::Overlay => {
                let light = if mode == Composite::HardLight {
                    2 * s <= sa
                } else {
                    2 * d <= da
                };
                let mixed = if light {
                    2 * s * d
                } else {
                    (sa * da).saturating_sub(2 * (sa - s.min(sa)) * (da - d.min(da)))
                };
                div255(s * inv(da) + d * inv(sa) + mixed)
            }
            _ => unreachable!("blended in f32"),
        }
    };
    let alpha = match mode {
        // These apply their formula to alpha too; the rest source-over.
        Composite::SourceOver
        | Composite::Lighter
        | Composite::DestinationOut
        | Composite::Copy
        | Composite::Multiply
        | Composite::Screen => channel(sa, da, sa, da),
        _ => sa + div255(da * inv(sa)),
    };
    let full = [
        channel(s[0], d[0], sa, da),
        channel(s[1], d[1], sa, da),
        channel(s[2], d[2], sa, da),
        alpha,
    ];
    let c = u32::from(coverage);
    for (out, (&f, &d)) in px.iter_mut().zip(full.iter().zip(&d)) {
        let f = f.min(255);
        *out = if c == 255 {
            f
        } else {
            div255(d * inv(c) + f * c)
        } as u8;
    }
}

/// Skia's `f32` blend ("highp"): in 0..1, rounded half to even at the end.
fn high(px: &mut [u8; 4], s: Unit, coverage: u8, mode: Composite) {
    let d = px.map(|v| f32::from(v) * (1.0 / 255.0));
    let (sa, da) = (s[3], d[3]);
    let f = match mode {
        Composite::SoftLight => soft_light,
        Composite::ColorDodge => color_dodge,
        _ => color_burn,
    };
    let full = [
        f(s[0], d[0], sa, da),
        f(s[1], d[1], sa, da),
        f(s[2], d[2], sa, da),
        sa + da * (1.0 - sa),
    ];
    let t = f32::from(coverage) * (1.0 / 255.0);
    for (out, (&f, &d)) in px.iter_mut().zip(full.iter().zip(&d)) {
        let v = d + (f - d) * t;
        *out = (v.clamp(0.0, 1.0) * 255.0).round_ties_even() as u8;
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
        blend(&mut px, Source::new(color), 255, mode);
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
        blend(&mut px, Source::new(Rgba::grey(255)), 0, Composite::Lighter);
        assert_eq!(px, [1, 2, 3, 4]);
        assert_eq!(
            Composite::from_name("color-burn"),
            Some(Composite::ColorBurn)
        );
        assert_eq!(Composite::from_name("subtract"), None);
    }
}
