//! A pixmap and what is known of its pixels, together: the only way to
//! write a canvas's pixels is through [`Drawing::marked`] (or a background),
//! which records the box first, so a new primitive cannot forget to.

use tiny_skia::{Pixmap, Transform};

use super::damage::Damage;

/// Pixels (premultiplied RGBA) and where they may differ from the last
/// background. Handed between canvases and to sinks without copying.
#[derive(Debug, Clone)]
pub struct Drawing {
    pixmap: Pixmap,
    damage: Damage,
}

impl Drawing {
    /// A transparent drawing of `width` x `height` pixels, nothing known of
    /// it; `None` when empty or too large for tiny-skia.
    pub(crate) fn blank(width: u32, height: u32) -> Option<Drawing> {
        Some(Drawing {
            pixmap: Pixmap::new(width, height)?,
            damage: Damage::default(),
        })
    }

    /// The pixels.
    pub fn pixmap(&self) -> &Pixmap {
        &self.pixmap
    }

    /// Where the pixels may differ from a flat background.
    pub fn damage(&self) -> &Damage {
        &self.damage
    }

    /// The pixels, nothing more to be known of them.
    pub(crate) fn into_pixmap(self) -> Pixmap {
        self.pixmap
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.pixmap.width(), self.pixmap.height())
    }

    /// The pixmap to draw on inside the box `ltrb` (left, top, right,
    /// bottom) in user space under `ts`, once that box is recorded.
    pub(super) fn marked(&mut self, ltrb: [f32; 4], ts: Transform) -> &mut Pixmap {
        let size = self.size();
        self.damage.mark(ltrb, ts, size);
        &mut self.pixmap
    }

    /// Paints every pixel with the premultiplied `pixel`: only the boxes
    /// drawn since, when the rest is that colour already.
    pub(super) fn paint(&mut self, pixel: [u8; 4]) {
        self.damage.paint(&mut self.pixmap, pixel);
    }

    /// The pixmap to change everywhere: nothing is known of it afterwards.
    pub(super) fn everywhere(&mut self) -> &mut Pixmap {
        self.damage.forget();
        &mut self.pixmap
    }

    /// Makes this drawing a copy of `other`, of the same size.
    pub(crate) fn copy_from(&mut self, other: &Drawing) {
        self.pixmap.data_mut().copy_from_slice(other.pixmap.data());
        self.damage.clone_from(&other.damage);
    }

    /// Forgets what is known of the pixels: the next background paints all
    /// of them.
    #[cfg(test)]
    pub(crate) fn forget_damage(&mut self) {
        self.damage.forget();
    }
}
