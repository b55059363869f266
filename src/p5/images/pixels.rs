//! A canvas's pixels as a sketch reads and writes them (p5's `loadPixels`,
//! `pixels[]`, `updatePixels`, `get` and `set`): straight, not
//! premultiplied, RGBA bytes, rows from the top, as a browser canvas's
//! `getImageData` gives them and `putImageData` takes them.

use tiny_skia::{ColorU8, PremultipliedColorU8};

use crate::p5::P5;

impl P5 {
    /// Every pixel, 4 bytes each.
    pub fn read_pixels(&self) -> Vec<u8> {
        let pixels = self.drawing().pixmap().pixels();
        pixels.iter().flat_map(|&p| straight(p)).collect()
    }

    /// The pixel at (`x`, `y`) in pixels; transparent black outside the
    /// canvas.
    pub fn pixel(&self, x: f64, y: f64) -> [u8; 4] {
        let pixmap = self.drawing().pixmap();
        // As a canvas takes them: whole numbers, towards zero.
        let (x, y) = (x.trunc(), y.trunc());
        if !(0.0..f64::from(pixmap.width())).contains(&x)
            || !(0.0..f64::from(pixmap.height())).contains(&y)
        {
            return [0; 4];
        }
        pixmap.pixel(x as u32, y as u32).map_or([0; 4], straight)
    }

    /// Writes the pixels of `data` (the whole canvas, 4 bytes each) inside
    /// the box `x`, `y`, `w`, `h` in pixels over the canvas, replacing
    /// what is there, not blending. A negative size extends the box the
    /// other way; the box is clipped to the canvas. `data` of another size
    /// writes nothing and returns `false`.
    pub fn write_pixels(&mut self, data: &[u8], [x, y, w, h]: [f64; 4]) -> bool {
        let (width, height) = self.drawing().size();
        if data.len() != width as usize * height as usize * 4 {
            return false;
        }
        let span = |start: f64, size: f64, limit: u32| {
            let (a, b) = if size < 0.0 {
                (start + size, start)
            } else {
                (start, start + size)
            };
            let clamp = |v: f64| v.trunc().clamp(0.0, f64::from(limit)) as usize;
            clamp(a)..clamp(b)
        };
        let (columns, rows) = (span(x, w, width), span(y, h, height));
        let width = width as usize;
        let pixels = self.drawing.everywhere().pixels_mut();
        for row in rows {
            for column in columns.clone() {
                let at = row * width + column;
                let p = &data[4 * at..4 * at + 4];
                pixels[at] = ColorU8::from_rgba(p[0], p[1], p[2], p[3]).premultiply();
            }
        }
        true
    }
}

/// A premultiplied pixel as Chromium's `getImageData` gives it: Skia's
/// raster pipeline in `f32` (channels times 1/255, times the reciprocal of
/// alpha, times 255, rounded half to even), which rounds some pixels
/// differently from an exact division (premultiplied 35 at alpha 70 is
/// 128, not 127).
pub fn straight(p: PremultipliedColorU8) -> [u8; 4] {
    let a = p.alpha();
    if a == 255 || a == 0 {
        return [p.red(), p.green(), p.blue(), a];
    }
    let scale = 1.0 / (f32::from(a) * (1.0 / 255.0));
    let c =
        |v: u8| ((f32::from(v) * (1.0 / 255.0) * scale).min(1.0) * 255.0).round_ties_even() as u8;
    [c(p.red()), c(p.green()), c(p.blue()), a]
}

#[cfg(test)]
mod tests {
    use crate::p5::{Rgba, P5};

    #[test]
    fn pixels_read_back_what_was_written() {
        let mut p5 = P5::new(4, 3, 1.0).unwrap();
        p5.background(Rgba::grey(10));
        let mut data = p5.read_pixels();
        assert_eq!(data.len(), 4 * 3 * 4);
        assert_eq!(&data[..4], &[10, 10, 10, 255]);
        // Every opaque value, and transparent ones, round-trip exactly.
        for (i, p) in data.chunks_exact_mut(4).enumerate() {
            p.copy_from_slice(&[i as u8 * 21, 255 - i as u8, 7, 255]);
        }
        data[4 * 11..].copy_from_slice(&[0, 0, 0, 0]);
        assert!(p5.write_pixels(&data, [0.0, 0.0, 4.0, 3.0]));
        assert_eq!(p5.read_pixels(), data);
        assert_eq!(p5.pixel(1.9, 0.0), [21, 254, 7, 255]);
        assert_eq!(p5.pixel(-1.0, 0.0), [0; 4]);
        assert_eq!(p5.pixel(4.0, 0.0), [0; 4]);
        // A box: only its pixels change, a negative size counts back.
        let mut other = data.clone();
        other.iter_mut().for_each(|v| *v = 200);
        assert!(p5.write_pixels(&other, [2.0, 1.0, -1.0, 1.0]));
        let now = p5.read_pixels();
        let changed: Vec<usize> = (0..12).filter(|&i| now[4 * i] != data[4 * i]).collect();
        assert_eq!(changed, [5]);
        assert!(!p5.write_pixels(&data[4..], [0.0, 0.0, 4.0, 3.0]));
    }
}
