//! Chromium's Skia blending of a solid colour, in premultiplied 8 bits (its
//! "legacy" blitter, `SkARGB32_Blitter`): shared by everything drawn here
//! rather than through tiny-skia, whose blending rounds where Skia truncates.

use crate::p5::colour::color::Rgba;

/// Each channel of the packed premultiplied pixel `c` times `scale` / 256,
/// truncated, two channels at a time (`SkAlphaMulQ`).
#[inline]
pub(in crate::p5) fn alpha_mul(c: u32, scale: u32) -> u32 {
    const MASK: u32 = 0x00FF_00FF;
    let rb = ((c & MASK) * scale) >> 8;
    let ga = ((c >> 8) & MASK) * scale;
    (rb & MASK) | (ga & !MASK)
}

/// A solid colour, premultiplied as Skia does (`SkPremultiplyARGBInline`:
/// `SkMulDiv255Round` per channel), packed as an RGBA pixel in memory order.
#[derive(Debug, Clone, Copy)]
pub struct Solid {
    pm: u32,
}

impl Solid {
    pub fn new(color: Rgba) -> Self {
        let a = u32::from(color.a);
        let premul = |c: u8| {
            let prod = u32::from(c) * a + 128;
            ((prod + (prod >> 8)) >> 8) as u8
        };
        let bytes = [premul(color.r), premul(color.g), premul(color.b), color.a];
        Solid {
            pm: u32::from_le_bytes(bytes),
        }
    }

    /// Blends the colour at coverage `aa` (0..=255) over the premultiplied
    /// RGBA pixel `dst`, source-over: `SkAlphaMulQ(color, aa + 1)`, then
    /// `SkBlitRow::Color32`: `dst = src + (dst * (256 - src.a)) >> 8`, which
    /// truncates.
    #[inline]
    pub fn blend(&self, dst: &mut [u8], aa: u32) {
        if aa == 0 {
            return;
        }
        let sc = if aa == 255 {
            self.pm
        } else {
            alpha_mul(self.pm, aa + 1)
        };
        let scale = 256 - (sc >> 24);
        let px: &mut [u8; 4] = dst.try_into().expect("a pixel is 4 bytes");
        *px = (sc + alpha_mul(u32::from_le_bytes(*px), scale)).to_le_bytes();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_coverage_of_a_translucent_colour_truncates() {
        // premultiplied (8, 18, 38, 60) is (2, 4, 9, 60); over opaque black.
        let solid = Solid::new(Rgba::new(8, 18, 38, 60));
        let mut px = [0, 0, 0, 255];
        solid.blend(&mut px, 255);
        // alpha: 60 + (255 * 196) >> 8.
        assert_eq!(px, [2, 4, 9, 255]);
    }

    #[test]
    fn no_coverage_leaves_the_pixel() {
        let mut px = [1, 2, 3, 4];
        Solid::new(Rgba::grey(255)).blend(&mut px, 0);
        assert_eq!(px, [1, 2, 3, 4]);
    }
}
