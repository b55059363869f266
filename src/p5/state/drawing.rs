//! A pixmap and what is known of its pixels, together: the only way to
//! write a canvas's pixels is through [`Drawing::marked`] (or a background),
//! which records the box first, so a new primitive cannot forget to.

use tiny_skia::{Mask, Pixmap, Transform};

use crate::p5::colour::color::Rgba;
use crate::p5::compositing::composite::{blend, Composite, Ink, Source};
use crate::p5::raster::damage::{pixel_box, Box, Damage};

/// Pixels (premultiplied RGBA) and where they may differ from the last
/// background. Handed between canvases and to sinks without copying.
#[derive(Debug, Clone)]
pub struct Drawing {
    pixmap: Pixmap,
    damage: Damage,
    /// Where a shape drawn with a blend mode other than source-over is
    /// drawn first, in white: its coverage. Transparent between shapes;
    /// made at the first such shape.
    layer: Option<Pixmap>,
}

impl Drawing {
    /// A transparent drawing of `width` x `height` pixels, nothing known of
    /// it; `None` when empty or too large for tiny-skia.
    pub(crate) fn blank(width: u32, height: u32) -> Option<Drawing> {
        Some(Drawing {
            pixmap: Pixmap::new(width, height)?,
            damage: Damage::default(),
            layer: None,
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

    /// Draws with `ink` inside the box `ltrb` (left, top, right, bottom)
    /// in user space under `ts`, once that box is recorded: `draw` paints
    /// the pixmap it is given with the colour it is given. With a blend mode
    /// other than source-over, `draw` paints a layer in opaque white, and
    /// the ink is blended into the canvas at that coverage; for `Copy`
    /// every pixel outside the shape is cleared, as the canvas does.
    pub(in crate::p5) fn marked(
        &mut self,
        ltrb: [f32; 4],
        ts: Transform,
        mut ink: Ink,
        draw: impl FnOnce(&mut Pixmap, Rgba),
    ) {
        let size = self.size();
        if let Some(clip) = ink.clip.take() {
            // `Copy` clears the canvas outside the shape: all of it may change.
            let b = match ink.mode {
                Composite::Copy => Some(Box::whole(size)),
                _ => pixel_box(ltrb, ts, size),
            };
            if let Some(b) = b {
                self.clipped(&clip, b, |d| d.marked(ltrb, ts, ink, draw));
            }
            return;
        }
        if ink.mode == Composite::SourceOver {
            self.damage.mark(ltrb, ts, size);
            return draw(&mut self.pixmap, ink.color);
        }
        let Some(b) = pixel_box(ltrb, ts, size) else {
            if ink.mode == Composite::Copy {
                self.paint([0; 4]);
            }
            return;
        };
        let layer = match &mut self.layer {
            Some(layer) => layer,
            empty => empty.insert(Pixmap::new(size.0, size.1).expect("the canvas's size")),
        };
        draw(layer, Rgba::grey(255));
        if ink.mode == Composite::Copy {
            self.damage.paint(&mut self.pixmap, [0; 4]);
        }
        self.damage.mark(ltrb, ts, size);
        let source = Source::new(ink.color);
        let width = size.0 as usize;
        let covered = layer.data_mut();
        let pixels = self.pixmap.data_mut();
        for y in b.y0..b.y1 {
            let row = 4 * (y * width + b.x0)..4 * (y * width + b.x1);
            let coverage = &mut covered[row.clone()];
            for (px, cover) in pixels[row]
                .chunks_exact_mut(4)
                .zip(coverage.chunks_exact_mut(4))
            {
                if cover[3] > 0 {
                    blend(px, source, cover[3], ink.mode);
                }
            }
            coverage.fill(0);
        }
    }

    /// Runs `draw`, which changes pixels only inside `b`, then keeps of
    /// each pixel's change the share `clip` covers: `old + (new - old) * m`,
    /// premultiplied, rounded.
    pub(in crate::p5) fn clipped(&mut self, clip: &Mask, b: Box, draw: impl FnOnce(&mut Drawing)) {
        let width = self.size().0 as usize;
        let rows =
            |b: Box| (b.y0..b.y1).map(move |y| 4 * (y * width + b.x0)..4 * (y * width + b.x1));
        let mut before = Vec::with_capacity(4 * (b.x1 - b.x0) * (b.y1 - b.y0));
        for row in rows(b) {
            before.extend_from_slice(&self.pixmap.data()[row]);
        }
        draw(self);
        let cover = clip.data();
        let pixels = self.pixmap.data_mut();
        let mut old = before.chunks_exact(4);
        for (y, row) in (b.y0..b.y1).zip(rows(b)) {
            let covers = &cover[y * width + b.x0..y * width + b.x1];
            for (px, &m) in pixels[row].chunks_exact_mut(4).zip(covers) {
                let was = old.next().expect("a pixel kept for each");
                if m == 255 {
                    continue;
                }
                let m = u32::from(m);
                for (new, &old) in px.iter_mut().zip(was) {
                    let mixed = u32::from(*new) * m + u32::from(old) * (255 - m);
                    *new = ((mixed + 127) / 255) as u8;
                }
            }
        }
    }

    /// Blends `color` into every pixel with `mode` (a background drawn
    /// with a blend mode other than source-over): nothing is known of the
    /// pixels afterwards.
    pub(in crate::p5) fn blend_everywhere(&mut self, color: Rgba, mode: Composite) {
        let source = Source::new(color);
        for px in self.everywhere().data_mut().chunks_exact_mut(4) {
            blend(px, source, 255, mode);
        }
    }

    /// Paints every pixel with the premultiplied `pixel`: only the boxes
    /// drawn since, when the rest is that colour already.
    pub(in crate::p5) fn paint(&mut self, pixel: [u8; 4]) {
        self.damage.paint(&mut self.pixmap, pixel);
    }

    /// The pixmap to change everywhere: nothing is known of it afterwards.
    pub(in crate::p5) fn everywhere(&mut self) -> &mut Pixmap {
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
