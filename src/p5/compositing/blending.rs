//! p5's blend state on a 2D canvas: `blendMode`, `erase`/`noErase` and
//! `smooth`/`noSmooth`, with p5.js 1.11's bookkeeping. The composite
//! operation, the fill and stroke colours and image smoothing are the
//! canvas's state, which `push`/`pop` save (`Style`); whether p5 is erasing
//! and the blend mode it returns to are p5's own, which they do not.

use super::composite::Composite;
use crate::p5::colour::color::Rgba;
use crate::p5::P5;

/// What `noErase` restores: the fill and stroke colours before `erase`.
#[derive(Debug, Clone, Copy)]
pub(in crate::p5) struct Erased {
    pub fill: Rgba,
    pub stroke: Rgba,
}

impl P5 {
    /// p5's `blendMode`: how shapes and backgrounds drawn from now on
    /// combine with the canvas (default `Composite::SourceOver`, p5's
    /// `BLEND`). While erasing, it replaces erasing's mode, as p5's does.
    pub fn blend_mode(&mut self, mode: Composite) {
        self.style.blend = mode;
        self.blend_cached = mode;
    }

    /// The canvas's composite operation alone: p5's `blend()` sets it
    /// for one copy, between a `push` and a `pop`, leaving the blend mode
    /// `noErase` returns to as it was.
    pub fn composite(&mut self, mode: Composite) {
        self.style.blend = mode;
    }

    /// p5's `erase(fill, stroke)`: shapes drawn from now on remove the
    /// canvas's alpha (`Composite::DestinationOut`) by the alpha of
    /// `fill` inside and of `stroke` along outlines (p5's `color(255,
    /// strength)`, default 255). Does nothing while already erasing.
    pub fn erase(&mut self, fill: Rgba, stroke: Rgba) {
        if self.erasing.is_some() {
            return;
        }
        let style = &mut self.style;
        self.erasing = Some(Erased {
            fill: style.fill_style,
            stroke: style.stroke_style,
        });
        (style.fill_style, style.stroke_style) = (fill, stroke);
        style.fill = style.fill.map(|_| fill);
        style.stroke = style.stroke.map(|_| stroke);
        style.blend = Composite::DestinationOut;
    }

    /// p5's `noErase`: back to the fill and stroke colours before `erase`
    /// and to the last `blend_mode`. Does nothing when not erasing.
    pub fn no_erase(&mut self) {
        let Some(Erased { fill, stroke }) = self.erasing.take() else {
            return;
        };
        let style = &mut self.style;
        (style.fill_style, style.stroke_style) = (fill, stroke);
        style.fill = style.fill.map(|_| fill);
        style.stroke = style.stroke.map(|_| stroke);
        style.blend = self.blend_cached;
    }

    /// Runs `f` on what `noErase` restores, while erasing.
    pub(in crate::p5) fn erased(&mut self, f: impl FnOnce(&mut Erased)) {
        if let Some(erased) = &mut self.erasing {
            f(erased);
        }
    }

    /// The blend mode `background` paints with: the current one, or while
    /// erasing the one `noErase` returns to, as p5's `background` does.
    pub(in crate::p5) fn background_mode(&self) -> Composite {
        if self.erasing.is_some() {
            self.blend_cached
        } else {
            self.style.blend
        }
    }

    /// Whether everything is drawn source-over, now and after any `pop`:
    /// then an opaque background covers the canvas whatever was there.
    pub(crate) fn blends_over(&self) -> bool {
        self.erasing.is_none()
            && self.style.blend == Composite::SourceOver
            && self.stack.iter().all(|s| s.blend == Composite::SourceOver)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erase_keeps_the_colours_for_no_erase_and_pop_keeps_erasing() {
        let mut p5 = P5::new(4, 4, 1.0).unwrap();
        let red = Rgba::new(255, 0, 0, 255);
        p5.fill(red);
        p5.no_stroke();
        p5.blend_mode(Composite::Multiply);
        p5.erase(Rgba::new(255, 255, 255, 100), Rgba::grey(255));
        assert_eq!(p5.style.fill, Some(Rgba::new(255, 255, 255, 100)));
        assert_eq!(p5.style.stroke, None);
        assert_eq!(p5.style.blend, Composite::DestinationOut);
        assert_eq!(p5.background_mode(), Composite::Multiply);
        p5.no_erase();
        assert_eq!(p5.style.fill, Some(red));
        assert_eq!(p5.style.blend, Composite::Multiply);
        assert!(!p5.blends_over());
        p5.push();
        p5.blend_mode(Composite::SourceOver);
        assert!(!p5.blends_over(), "pop would go back to multiply");
        p5.pop();
        p5.blend_mode(Composite::SourceOver);
        assert!(p5.blends_over());
    }

    fn alpha(p5: &P5, x: u32, y: u32) -> u8 {
        p5.pixmap().pixel(x, y).unwrap().alpha()
    }

    #[test]
    fn replace_clears_outside_the_shape_and_says_so() {
        let mut p5 = P5::new(20, 10, 1.0).unwrap();
        p5.background(Rgba::grey(200));
        p5.no_stroke();
        p5.fill(Rgba::new(255, 0, 0, 128));
        p5.blend_mode(Composite::Copy);
        p5.rect(2.0, 2.0, 4.0, 4.0, [0.0; 4]);
        assert_eq!(alpha(&p5, 3, 3), 128, "the shape replaces the canvas");
        assert_eq!(alpha(&p5, 15, 8), 0, "outside it, nothing is left");
        // What is known of the pixels: transparent but for the shape's box.
        let damage = p5.drawing().damage();
        assert_eq!(damage.flat(), Some([0; 4]));
        assert!(damage.boxes().iter().all(|b| b.x1 <= 8 && b.y1 <= 8));
        p5.fill(Rgba::grey(255));
        p5.erase(Rgba::grey(255), Rgba::grey(255));
        p5.rect(2.0, 2.0, 2.0, 2.0, [0.0; 4]);
        assert_eq!(alpha(&p5, 2, 2), 0, "erased");
        assert_eq!(alpha(&p5, 5, 5), 128, "outside the erased square");
    }
}
