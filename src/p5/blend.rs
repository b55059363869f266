//! Chromium's Skia blending of a solid colour, in premultiplied 8 bits (its
//! "legacy" blitter, `SkARGB32_Blitter`): shared by everything drawn here
//! rather than through tiny-skia, whose blending rounds where Skia truncates.

use super::color::Rgba;

/// A solid colour, premultiplied as Skia does (`SkPremultiplyARGBInline`:
/// `SkMulDiv255Round` per channel).
#[derive(Debug, Clone, Copy)]
pub struct Solid {
    pm: [u32; 4],
}

impl Solid {
    pub fn new(color: Rgba) -> Self {
        let a = u32::from(color.a);
        let premul = |c: u8| {
            let prod = u32::from(c) * a + 128;
            (prod + (prod >> 8)) >> 8
        };
        Solid {
            pm: [premul(color.r), premul(color.g), premul(color.b), a],
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
        if aa == 255 && self.pm[3] == 255 {
            for (d, s) in dst.iter_mut().zip(self.pm) {
                *d = s as u8;
            }
            return;
        }
        let sc = self.pm.map(|c| (c * (aa + 1)) >> 8);
        let scale = 256 - sc[3];
        for (d, s) in dst.iter_mut().zip(sc) {
            *d = (s + ((u32::from(*d) * scale) >> 8)).min(255) as u8;
        }
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
