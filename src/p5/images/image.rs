//! Images drawn on a canvas, as Chromium's 2D canvas draws them
//! (`drawImage` with a source rectangle), and the pixel operations of
//! p5.Image built on it: `tint`, `resize` and `mask`.

use tiny_skia::{
    BlendMode, FilterQuality, Paint, Pattern, Pixmap, PixmapRef, PremultipliedColorU8, Rect,
    SpreadMode, Transform,
};

use crate::p5::compositing::blend::alpha_mul;
use crate::p5::compositing::composite::Composite;
use crate::p5::compositing::composite::{blend, Ink, Source};
use crate::p5::{Rgba, P5};

/// A rectangle: left, top, width, height.
pub type Area = [f64; 4];

impl P5 {
    /// Chromium's `drawImage(source, sx, sy, sw, sh, dx, dy, dw, dh)`: the
    /// part `src` of `source` (in its pixels) drawn into `dst` (in canvas
    /// units, under the transform), blending source-over. `smooth` samples
    /// it bilinearly when scaled (the canvas's `imageSmoothingEnabled`,
    /// p5's `smooth()`, the default), else takes the nearest pixel
    /// (`noSmooth()`).
    ///
    /// As the canvas: a negative width or height counts back from its
    /// corner (the picture is not mirrored), the source rectangle is cut
    /// to the image and the destination with it, in proportion. Does
    /// nothing for an empty or non-finite rectangle, or while the matrix
    /// has no inverse.
    pub fn draw_image(&mut self, source: PixmapRef, src: Area, dst: Area, smooth: bool) {
        let Some((src, dst)) = clipped(source, src, dst) else {
            return;
        };
        if !self.style.matrix.invertible() {
            return;
        }
        let [sx, sy, sw, sh] = src;
        let [dx, dy, dw, dh] = dst;
        let Some(rect) = Rect::from_xywh(dx as f32, dy as f32, dw as f32, dh as f32) else {
            return;
        };
        let (kx, ky) = (dw / sw, dh / sh);
        let quality = if smooth {
            FilterQuality::Bilinear
        } else {
            FilterQuality::Nearest
        };
        // Source pixels to user space: the source rectangle onto `dst`.
        let place = Transform::from_row(
            kx as f32,
            0.0,
            0.0,
            ky as f32,
            (dx - sx * kx) as f32,
            (dy - sy * ky) as f32,
        );
        let ts = self.transform();
        let ltrb = [rect.left(), rect.top(), rect.right(), rect.bottom()];
        let upright = (ts.kx == 0.0 && ts.ky == 0.0) || (ts.sx == 0.0 && ts.sy == 0.0);
        // Chromium smooths an image's edges only when the transform turns
        // it. Upright, a pixel is drawn whole when its centre is inside
        // (measured), as Skia rounds a rectangle's edges (`x + 0.5`,
        // floored), which tiny-skia's own rounding does not at halves.
        let (rect, shader_ts, fill_ts) = if upright {
            let Some(device) = rect.transform(ts) else {
                return;
            };
            let round = |v: f32| (v + 0.5).floor();
            let snapped = Rect::from_ltrb(
                round(device.left()),
                round(device.top()),
                round(device.right()),
                round(device.bottom()),
            );
            let Some(snapped) = snapped else { return };
            (snapped, ts.pre_concat(place), Transform::identity())
        } else {
            (rect, place, ts)
        };
        // The blend mode is applied here, pixel by pixel of the image; the
        // canvas's `copy` clears what the image does not cover.
        let mode = self.style.blend;
        if mode == Composite::Copy {
            self.whole_canvas(|drawing| drawing.paint([0; 4]));
        }
        let ink = Ink {
            color: Rgba::grey(255),
            mode: Composite::SourceOver,
            clip: self.clip(),
        };
        self.drawing.marked(ltrb, ts, ink, |pixmap, _| {
            let Some(bounds) = rect.transform(fill_ts) else {
                return;
            };
            let (width, height) = (pixmap.width() as f32, pixmap.height() as f32);
            let x0 = bounds.left().floor().clamp(0.0, width);
            let y0 = bounds.top().floor().clamp(0.0, height);
            let x1 = bounds.right().ceil().clamp(0.0, width);
            let y1 = bounds.bottom().ceil().clamp(0.0, height);
            // The image is sampled onto a layer, then blended as Chromium does.
            let Some(mut layer) = Pixmap::new((x1 - x0) as u32, (y1 - y0) as u32) else {
                return;
            };
            let paint = Paint {
                shader: Pattern::new(source, SpreadMode::Pad, quality, 1.0, shader_ts),
                anti_alias: !upright,
                blend_mode: BlendMode::Source,
                ..Paint::default()
            };
            let shift = Transform::from_translate(-x0, -y0);
            layer.fill_rect(rect, &paint, shift.pre_concat(fill_ts), None);
            let at = (x0 as usize, y0 as usize);
            match mode {
                Composite::SourceOver => over(pixmap, &layer, at),
                _ => blended(pixmap, &layer, at, mode),
            }
        });
    }
}

/// Blends `layer` over `pixmap` with its top left at `at` (in pixels), as
/// Chromium's Skia blends an image (`SkPMSrcOver`: the destination times
/// `256 - src.a`, shifted right by 8, added to the source, truncated;
/// measured bit for bit on translucent PNG pixels, where tiny-skia's
/// rounding is a level off).
fn over(pixmap: &mut Pixmap, layer: &Pixmap, (x, y): (usize, usize)) {
    let width = pixmap.width() as usize;
    let across = layer.width() as usize;
    let dst: &mut [u32] = bytemuck::cast_slice_mut(pixmap.data_mut());
    let src: &[u32] = bytemuck::cast_slice(layer.data());
    for (row, line) in src.chunks_exact(across).enumerate() {
        let start = (y + row) * width + x;
        for (d, &s) in dst[start..start + across].iter_mut().zip(line) {
            let alpha = s >> 24;
            *d = match alpha {
                255 => s,
                0 => *d,
                _ => s + alpha_mul(*d, 256 - alpha),
            };
        }
    }
}

/// Blends `layer` into `pixmap` with its top left at `at` (in pixels),
/// each of its pixels a source of its own, with `mode`, as Chromium's Skia
/// blends an image drawn under a composite operation.
fn blended(pixmap: &mut Pixmap, layer: &Pixmap, (x, y): (usize, usize), mode: Composite) {
    let width = pixmap.width() as usize;
    let across = layer.width() as usize;
    let dst = pixmap.data_mut();
    for (row, line) in layer.data().chunks_exact(4 * across).enumerate() {
        let start = 4 * ((y + row) * width + x);
        let pixels = dst[start..start + 4 * across].chunks_exact_mut(4);
        for (d, s) in pixels.zip(line.chunks_exact(4)) {
            let s: [u8; 4] = s.try_into().expect("a pixel is 4 bytes");
            blend(d, Source::premultiplied(s), 255, mode);
        }
    }
}

/// The source and destination rectangles, each made positive, the source
/// cut to the image and the destination in proportion; `None` when
/// nothing would be drawn.
fn clipped(source: PixmapRef, src: Area, dst: Area) -> Option<(Area, Area)> {
    let positive = |[x, y, w, h]: Area| {
        let (x, w) = if w < 0.0 { (x + w, -w) } else { (x, w) };
        let (y, h) = if h < 0.0 { (y + h, -h) } else { (y, h) };
        [x, y, w, h]
    };
    let ([sx, sy, sw, sh], [dx, dy, dw, dh]) = (positive(src), positive(dst));
    if ![sx, sy, sw, sh, dx, dy, dw, dh]
        .iter()
        .all(|v| v.is_finite())
        || sw == 0.0
        || sh == 0.0
        || dw == 0.0
        || dh == 0.0
    {
        return None;
    }
    let (kx, ky) = (dw / sw, dh / sh);
    let (width, height) = (f64::from(source.width()), f64::from(source.height()));
    let (x0, y0) = (sx.max(0.0), sy.max(0.0));
    let (x1, y1) = ((sx + sw).min(width), (sy + sh).min(height));
    if x0 >= x1 || y0 >= y1 {
        return None;
    }
    let src = [x0, y0, x1 - x0, y1 - y0];
    let dst = [
        dx + (x0 - sx) * kx,
        dy + (y0 - sy) * ky,
        (x1 - x0) * kx,
        (y1 - y0) * ky,
    ];
    Some((src, dst))
}

/// `source` tinted by p5's `tint(r, g, b, a)` (straight 8-bit channels),
/// as p5 1.x makes its tinted copy on a canvas: with only alpha below 255,
/// the image drawn at that global alpha; else each colour channel
/// multiplied by the tint's (`multiply`), and alpha by the tint's alpha
/// (`destination-in`). Each step rounds to 8 bits as the canvas does.
pub fn tinted(source: PixmapRef, [r, g, b, a]: [u8; 4]) -> Pixmap {
    let mut out = source.to_owned();
    let times = |v: u8, by: u8| ((u32::from(v) * u32::from(by) + 127) / 255) as u8;
    let colour = r < 255 || g < 255 || b < 255;
    for px in out.pixels_mut() {
        let alpha = times(px.alpha(), a);
        let [pr, pg, pb] = if colour {
            // On the straight colour, then premultiplied by the new alpha.
            let c = px.demultiply();
            [
                times(times(c.red(), r), alpha),
                times(times(c.green(), g), alpha),
                times(times(c.blue(), b), alpha),
            ]
        } else {
            [
                times(px.red(), a),
                times(px.green(), a),
                times(px.blue(), a),
            ]
        };
        *px = PremultipliedColorU8::from_rgba(pr, pg, pb, alpha).unwrap_or(*px);
    }
    out
}

/// `source` drawn scaled onto a transparent pixmap of `width` x `height`
/// pixels, bilinearly (p5's `resize()`: the canvas's `drawImage` with
/// smoothing on). `None` when that size is empty or too large.
pub fn scaled(source: PixmapRef, width: u32, height: u32) -> Option<Pixmap> {
    let mut p5 = P5::new(width, height, 1.0)?;
    let whole = [
        0.0,
        0.0,
        f64::from(source.width()),
        f64::from(source.height()),
    ];
    p5.draw_image(
        source,
        whole,
        [0.0, 0.0, f64::from(width), f64::from(height)],
        true,
    );
    Some(p5.into_drawing().into_pixmap())
}

impl P5 {
    /// p5.Image's `mask()`: keeps each pixel in proportion to the alpha of
    /// `mask`, scaled (bilinearly) to the canvas's pixels, as the canvas's
    /// `destination-in`.
    pub fn mask_with(&mut self, mask: PixmapRef) {
        let (width, height) = self.drawing.size();
        let Some(fitted) = scaled(mask, width, height) else {
            return;
        };
        let times = |v: u8, by: u8| ((u32::from(v) * u32::from(by) + 127) / 255) as u8;
        let pixels = self.drawing.everywhere().pixels_mut();
        for (px, m) in pixels.iter_mut().zip(fitted.pixels()) {
            let a = m.alpha();
            *px = PremultipliedColorU8::from_rgba(
                times(px.red(), a),
                times(px.green(), a),
                times(px.blue(), a),
                times(px.alpha(), a),
            )
            .unwrap_or(*px);
        }
    }

    /// A transparent canvas of the same size in units and style, at
    /// `density` pixels per unit (p5.Graphics' `pixelDensity(d)`, which
    /// clears it); `None` when the raster would be empty or too large.
    pub fn with_density(&self, density: f64) -> Option<P5> {
        let mut p5 = P5::new(self.units.0, self.units.1, density)?;
        p5.style = self.style.clone();
        Some(p5)
    }

    /// Replaces every pixel by `pixmap`'s, of the same size; `false`
    /// (nothing changed) for another size.
    pub fn replace_pixels(&mut self, pixmap: &Pixmap) -> bool {
        if (pixmap.width(), pixmap.height()) != self.drawing.size() {
            return false;
        }
        self.drawing
            .everywhere()
            .data_mut()
            .copy_from_slice(pixmap.data());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::p5::Rgba;

    fn image(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 4]) -> Pixmap {
        let mut pixmap = Pixmap::new(width, height).unwrap();
        for y in 0..height {
            for x in 0..width {
                let [r, g, b, a] = pixel(x, y);
                pixmap.pixels_mut()[(y * width + x) as usize] =
                    tiny_skia::ColorU8::from_rgba(r, g, b, a).premultiply();
            }
        }
        pixmap
    }

    fn at(p5: &P5, x: u32, y: u32) -> [u8; 4] {
        let c = p5.pixmap().pixel(x, y).unwrap();
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    #[test]
    fn an_unscaled_image_is_copied_exactly_where_it_is_placed() {
        let src = image(3, 2, |x, y| [x as u8 * 50, y as u8 * 100, 7, 255]);
        let mut p5 = P5::new(10, 10, 1.0).unwrap();
        p5.background(Rgba::grey(0));
        p5.draw_image(
            src.as_ref(),
            [0.0, 0.0, 3.0, 2.0],
            [4.0, 5.0, 3.0, 2.0],
            true,
        );
        assert_eq!(at(&p5, 4, 5), [0, 0, 7, 255]);
        assert_eq!(at(&p5, 6, 6), [100, 100, 7, 255]);
        assert_eq!(at(&p5, 7, 5), [0, 0, 0, 255]);
        assert_eq!(at(&p5, 3, 5), [0, 0, 0, 255]);
    }

    #[test]
    fn a_source_rectangle_past_the_image_is_cut_with_its_destination() {
        let src = image(4, 4, |_, _| [255, 0, 0, 255]);
        // Half the source lies left of the image: half the destination.
        let (s, d) = clipped(src.as_ref(), [-4.0, 0.0, 8.0, 4.0], [0.0, 0.0, 16.0, 8.0]).unwrap();
        assert_eq!((s, d), ([0.0, 0.0, 4.0, 4.0], [8.0, 0.0, 8.0, 8.0]));
        // Negative sizes count back; an empty one draws nothing.
        let (_, d) = clipped(src.as_ref(), [0.0, 0.0, 4.0, 4.0], [10.0, 10.0, -5.0, 5.0]).unwrap();
        assert_eq!(d, [5.0, 10.0, 5.0, 5.0]);
        assert!(clipped(src.as_ref(), [0.0, 0.0, 0.0, 4.0], [0.0, 0.0, 4.0, 4.0]).is_none());
        assert!(clipped(src.as_ref(), [5.0, 0.0, 2.0, 4.0], [0.0, 0.0, 4.0, 4.0]).is_none());
    }

    #[test]
    fn tint_multiplies_colour_and_alpha() {
        let src = image(1, 1, |_, _| [200, 100, 50, 255]);
        let t = tinted(src.as_ref(), [255, 128, 0, 255]);
        let c = t.pixel(0, 0).unwrap();
        assert_eq!([c.red(), c.green(), c.blue(), c.alpha()], [200, 50, 0, 255]);
        let t = tinted(src.as_ref(), [255, 255, 255, 51]);
        assert_eq!(t.pixel(0, 0).unwrap().alpha(), 51);
    }

    #[test]
    fn a_mask_keeps_pixels_by_its_alpha() {
        let mut p5 = P5::new(2, 1, 1.0).unwrap();
        p5.background(Rgba::grey(255));
        let mask = image(2, 1, |x, _| [0, 0, 0, if x == 0 { 255 } else { 0 }]);
        p5.mask_with(mask.as_ref());
        assert_eq!(at(&p5, 0, 0), [255, 255, 255, 255]);
        assert_eq!(at(&p5, 1, 0), [0, 0, 0, 0]);
    }
}
