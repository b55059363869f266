//! A line's ink as Chromium's `measureText()` reports it, which p5.js 2
//! reads for `textWidth()` and `textBounds()`: the union of the glyphs'
//! boxes, each glyph's box (its outline's control box at the text size)
//! rounded out to whole pixels around the glyph's origin, as Skia keeps a
//! glyph's bounds, and then moved to where the line puts that origin.

use rustybuzz::ttf_parser::GlyphId;

use super::text::Font;

/// A line's advance and its ink around its origin, in pixels: `left` and
/// `right` of the origin (p5's `actualBoundingBoxLeft` is `-left`),
/// `ascent` above the baseline and `descent` below it. A line without ink
/// (empty, or spaces) has its ink all 0.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ink {
    /// The line's advance (`measureText().width`).
    pub advance: f64,
    /// The ink's left edge, right of the origin.
    pub left: f64,
    /// The ink's right edge, right of the origin.
    pub right: f64,
    /// How far the ink rises above the baseline.
    pub ascent: f64,
    /// How far the ink falls below the baseline.
    pub descent: f64,
}

impl Font {
    /// The ink of `text` at `size` pixels, shaped as the browser shapes it.
    pub fn ink(&self, text: &str, size: f64) -> Ink {
        let shaped = self.shape_browser(text);
        let scale = size / self.metrics().units_per_em;
        let face = self.face();
        let mut ink: Option<[f64; 4]> = None;
        for glyph in &shaped.glyphs {
            let Some(b) = face.glyph_bounding_box(GlyphId(glyph.id)) else {
                continue;
            };
            let x = f64::from(glyph.x) * scale;
            let y = f64::from(glyph.y) * scale;
            let left = x + (f64::from(b.x_min) * scale).floor();
            let right = x + (f64::from(b.x_max) * scale).ceil();
            let ascent = (f64::from(b.y_max) * scale).ceil() + y;
            let descent = (-f64::from(b.y_min) * scale).ceil() - y;
            ink = Some(match ink {
                None => [left, right, ascent, descent],
                Some([l, r, a, d]) => [l.min(left), r.max(right), a.max(ascent), d.max(descent)],
            });
        }
        let [left, right, ascent, descent] = ink.unwrap_or([0.0; 4]);
        Ink {
            advance: shaped.advance * scale,
            left,
            right,
            ascent,
            descent,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Chromium measured for DejaVu Sans at 20 px (tests/printed/type-2x).
    #[test]
    fn ink_is_whole_pixels_around_each_origin() {
        let sans = Font::bundled(0);
        let width = sans.ink("width", 20.0);
        assert_eq!(width.advance, 55.126953125);
        assert_eq!(width.right - width.left, 53.451171875);
        assert_eq!(
            sans.ink(" a ", 20.0).right - sans.ink(" a ", 20.0).left,
            10.0
        );
        let hello = sans.ink("Hello", 20.0);
        assert_eq!([hello.left, hello.ascent, hello.descent], [1.0, 16.0, 1.0]);
        assert_eq!(sans.ink("  ", 20.0).right, 0.0);
    }
}
