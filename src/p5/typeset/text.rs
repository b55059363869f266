//! Text: fonts (the bundled DejaVu faces of `fonts/`, and those a sketch
//! loads), lines shaped as Chromium shapes them (rustybuzz, a port of the
//! HarfBuzz that Blink uses: the same advances and kerning), and glyph
//! outlines (ttf-parser) filled and stroked by the layer's own path filler.

use std::sync::{Arc, OnceLock};

use rustybuzz::ttf_parser::{self, GlyphId, OutlineBuilder};
use tiny_skia::PathBuilder;

use crate::p5::{Fill, Rgba, P5};

/// The bundled faces, each a family's regular, bold, italic (oblique) and
/// bold italic, in that order: sans-serif, serif, monospace.
const BUNDLED: [&[u8]; 12] = [
    include_bytes!("../../../fonts/DejaVuSans.ttf"),
    include_bytes!("../../../fonts/DejaVuSans-Bold.ttf"),
    include_bytes!("../../../fonts/DejaVuSans-Oblique.ttf"),
    include_bytes!("../../../fonts/DejaVuSans-BoldOblique.ttf"),
    include_bytes!("../../../fonts/DejaVuSerif.ttf"),
    include_bytes!("../../../fonts/DejaVuSerif-Bold.ttf"),
    include_bytes!("../../../fonts/DejaVuSerif-Italic.ttf"),
    include_bytes!("../../../fonts/DejaVuSerif-BoldItalic.ttf"),
    include_bytes!("../../../fonts/DejaVuSansMono.ttf"),
    include_bytes!("../../../fonts/DejaVuSansMono-Bold.ttf"),
    include_bytes!("../../../fonts/DejaVuSansMono-Oblique.ttf"),
    include_bytes!("../../../fonts/DejaVuSansMono-BoldOblique.ttf"),
];

/// How many faces are bundled: font numbers below this are theirs.
pub const BUNDLED_FACES: usize = BUNDLED.len();

/// A font's vertical metrics, in font units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Metrics {
    /// Font units in an em (the font size).
    pub units_per_em: f64,
    /// The `hhea` ascender, up from the baseline (positive).
    pub ascender: f64,
    /// The `hhea` descender, down from the baseline (positive).
    pub descender: f64,
    /// The OS/2 typographic ascender (positive), else `ascender`.
    pub typo_ascender: f64,
    /// The OS/2 typographic descender (positive), else `descender`.
    pub typo_descender: f64,
    /// The OS/2 capital height, 0 when the font has none.
    pub cap_height: f64,
}

/// A TrueType or OpenType font, checked once: it parses, has glyphs and
/// outlines, and a size of em.
#[derive(Debug)]
pub struct Font {
    data: Box<[u8]>,
    metrics: Metrics,
    layout: Layout,
}

/// Who lays out a font's lines in p5.js: the browser for a font of the page
/// (HarfBuzz, which rustybuzz ports), opentype.js for a font loaded with
/// `loadFont` (see `super::opentype`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    Browser,
    OpenTypeJs,
}

impl Font {
    /// The font in `data` (a .ttf or .otf file's bytes), laid out as a
    /// loaded font, or why it is not one, in a few words.
    pub fn parse(data: Vec<u8>) -> Result<Font, String> {
        super::font_bounds::check_cff(&data)?;
        let face = ttf_parser::Face::parse(&data, 0)
            .map_err(|e| format!("not a TrueType or OpenType font ({e})"))?;
        if face.number_of_glyphs() == 0 || face.tables().cmap.is_none() {
            return Err("a font without glyphs for characters".into());
        }
        super::font_bounds::check(&face)?;
        let units_per_em = f64::from(face.units_per_em());
        let ascender = f64::from(face.ascender());
        let descender = -f64::from(face.descender());
        let (typo_ascender, typo_descender) =
            match (face.typographic_ascender(), face.typographic_descender()) {
                (Some(a), Some(d)) if a > 0 && i32::from(a) - i32::from(d) > 0 => {
                    (f64::from(a), -f64::from(d))
                }
                _ => (ascender, descender),
            };
        let cap_height = face.capital_height().map_or(0.0, f64::from);
        rustybuzz::Face::from_slice(&data, 0).ok_or("a font HarfBuzz can't shape")?;
        Ok(Font {
            data: data.into_boxed_slice(),
            metrics: Metrics {
                units_per_em,
                ascender,
                descender,
                typo_ascender,
                typo_descender,
                cap_height,
            },
            layout: Layout::OpenTypeJs,
        })
    }

    /// The bundled face `n` (see `BUNDLED_FACES`), parsed once.
    pub fn bundled(n: usize) -> Arc<Font> {
        static FACES: OnceLock<Vec<Arc<Font>>> = OnceLock::new();
        let faces = FACES.get_or_init(|| {
            BUNDLED
                .iter()
                .map(|data| {
                    let font = Font::parse(data.to_vec()).expect("a bundled font");
                    Arc::new(Font {
                        layout: Layout::Browser,
                        ..font
                    })
                })
                .collect()
        });
        faces[n].clone()
    }

    /// The font's tables, parsed again (cheap: `parse` checked them).
    pub(in crate::p5) fn face(&self) -> ttf_parser::Face<'_> {
        ttf_parser::Face::parse(&self.data, 0).expect("checked by parse")
    }

    /// The font's vertical metrics.
    pub fn metrics(&self) -> Metrics {
        self.metrics
    }

    /// `text` shaped as one line, left to right from the origin: its glyphs
    /// and its advance, in font units, as p5 draws and measures it: a page
    /// font as the browser lays it out, a loaded font as opentype.js does,
    /// drawn unkerned and measured kerned (see `super::opentype`).
    pub fn shape(&self, text: &str) -> Shaped {
        if self.layout == Layout::OpenTypeJs {
            let face = self.face();
            let mut pen = 0.0;
            let glyphs = super::opentype::layout(&face, text, false)
                .iter()
                .map(|g| {
                    let at = pen;
                    pen += g.advance;
                    Glyph {
                        id: g.id,
                        x: at as f32,
                        y: 0.0,
                    }
                })
                .collect();
            let advance = super::opentype::layout(&face, text, true)
                .iter()
                .fold(0.0, |width, g| width + g.advance + g.kerning);
            return Shaped { glyphs, advance };
        }
        self.shape_browser(text)
    }

    /// `text` shaped as the browser shapes it (HarfBuzz), whoever lays the
    /// font out in p5.js 1.x: p5.js 2 draws and measures a loaded font as
    /// a font of the page.
    pub fn shape_browser(&self, text: &str) -> Shaped {
        let face = rustybuzz::Face::from_slice(&self.data, 0).expect("checked by parse");
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let mut glyphs = Vec::with_capacity(shaped.len());
        let mut pen = (0i64, 0i64);
        for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
            glyphs.push(Glyph {
                id: info.glyph_id as u16,
                x: (pen.0 + i64::from(pos.x_offset)) as f32,
                y: (pen.1 + i64::from(pos.y_offset)) as f32,
            });
            pen.0 += i64::from(pos.x_advance);
            pen.1 += i64::from(pos.y_advance);
        }
        Shaped {
            glyphs,
            advance: pen.0 as f64,
        }
    }

    /// The outlines of `glyphs` as one path, each glyph's origin where
    /// `place` puts it in user space and each point of its outline (font
    /// units, y up) where `offset` puts it from there (user units, y down);
    /// `None` when no glyph has an outline (spaces).
    fn outlines(
        &self,
        glyphs: &[Glyph],
        offset: &dyn Fn(f32, f32) -> (f64, f64),
        place: impl Fn(&Glyph) -> (f64, f64),
    ) -> Option<tiny_skia::Path> {
        let face = self.face();
        let mut pb = PathBuilder::new();
        for glyph in glyphs {
            let (x, y) = place(glyph);
            let mut pen = Pen {
                pb: &mut pb,
                x,
                y,
                offset,
            };
            face.outline_glyph(GlyphId(glyph.id), &mut pen);
        }
        pb.finish()
    }
}

/// One glyph of a shaped line: its origin, in font units, y up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glyph {
    /// The glyph's number in the font.
    pub id: u16,
    /// Right of the line's origin.
    pub x: f32,
    /// Up from the baseline.
    pub y: f32,
}

/// A line shaped: its glyphs and its width as p5 measures it (the advance
/// from its first glyph's origin to the end but for a loaded font, whose
/// kerning p5 measures and does not draw), in font units.
#[derive(Debug, Clone)]
pub struct Shaped {
    /// The glyphs, in order.
    pub glyphs: Vec<Glyph>,
    /// The line's width, in font units.
    pub advance: f64,
}

/// How a line of text is drawn: which canvas call p5 makes for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextDraw {
    /// A font of the page (`textFont('serif')`): the canvas's `fillText`,
    /// whose glyph origins Skia puts on a quarter pixel across and a whole
    /// pixel down when the transform keeps the text upright.
    Canvas,
    /// A font loaded with `loadFont`: p5 fills its outline as a path.
    Outline,
}

/// One line of text, shaped and placed: what p5's `text()` draws for a line.
#[derive(Debug, Clone)]
pub struct TextRun {
    /// The font.
    pub font: Arc<Font>,
    /// The font size, in canvas units.
    pub size: f64,
    /// The line's glyphs.
    pub shaped: Shaped,
    /// Where the line's baseline starts, in canvas units, aligned already.
    pub origin: (f64, f64),
    /// Which canvas call draws it.
    pub draw: TextDraw,
    /// `fill()` was called (p5's `_fillSet`): else text is filled black.
    pub fill_set: bool,
    /// `stroke()` was called (p5's `_strokeSet`): else text is not stroked.
    pub stroke_set: bool,
}

/// p5's fill for text when the sketch never called `fill()`.
const DEFAULT_TEXT_FILL: Rgba = Rgba::grey(0);

/// The largest glyph, in pixels of font size, that Skia draws from a mask;
/// larger text it fills as paths (`kSkSideTooBigForAtlas`).
const MAX_MASKED_SIZE: f64 = 256.0;

/// Chromium's Skia on Linux: the gamma and contrast its glyph masks are
/// corrected by (`SK_GAMMA_EXPONENT`, `SK_GAMMA_CONTRAST`).
const GAMMA: f32 = 1.2;
const CONTRAST: f32 = 0.2;

/// The table Skia maps a glyph mask's coverage through before blending
/// `color` (`SkTMaskGamma<3, 3, 3>`, as Chromium builds it): darker text
/// gets a little more coverage, lighter text a little less, chosen by the
/// colour's luminance in 3 bits. Measured on text-sizes.js, black on white:
/// p5.js's edge coverage is ours mapped through this table.
fn mask_gamma(color: Rgba) -> &'static [u8; 256] {
    static TABLES: OnceLock<[[u8; 256]; 8]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| std::array::from_fn(|i| gamma_table(scale255(i as u8))));
    let luma = |c: u8| (f32::from(c) / 255.0).powf(GAMMA);
    let linear = luma(color.r) * 0.2126 + luma(color.g) * 0.7152 + luma(color.b) * 0.0722;
    let luminance = (linear.powf(1.0 / GAMMA) * 255.0).round() as u8;
    &tables[usize::from(luminance >> 5)]
}

/// A 3-bit level as 8 bits, its bits repeated (`sk_t_scale255<3>`).
fn scale255(level: u8) -> u8 {
    (level << 5) | (level << 2) | (level >> 1)
}

/// Skia's `SkTMaskGamma_build_correcting_lut` for a text colour of
/// luminance `src` (0..=255) over the luminance it guesses behind it.
fn gamma_table(src: u8) -> [u8; 256] {
    let src = f32::from(src) / 255.0;
    let dst = 1.0 - src;
    let (lin_src, lin_dst) = (src.powf(GAMMA), dst.powf(GAMMA));
    let contrast = CONTRAST * lin_dst;
    std::array::from_fn(|i| {
        let raw = i as f32 / 255.0;
        let a = raw + (1.0 - raw) * contrast * raw;
        let corrected = if (src - dst).abs() < 1.0 / 256.0 {
            a
        } else {
            let out = (lin_src * a + (1.0 - a) * lin_dst).powf(1.0 / GAMMA);
            (out - dst) / (src - dst)
        };
        (255.0 * corrected).round() as u8
    })
}

impl P5 {
    /// Draws a line of text as p5 does: its outline stroked (only when
    /// `stroke()` was called), then filled (black when `fill()` never was),
    /// under the transform. Does nothing for a size that is not positive.
    pub fn text(&mut self, run: &TextRun) {
        let fill = match self.style.fill {
            Some(_) if !run.fill_set => Some(DEFAULT_TEXT_FILL),
            fill => fill,
        };
        let stroke = self.style.stroke.filter(|_| run.stroke_set);
        if (fill.is_none() && stroke.is_none()) || run.size.is_nan() || run.size <= 0.0 {
            return;
        }
        let metrics = run.font.metrics();
        let scale = run.size / metrics.units_per_em;
        let m = &self.style.matrix;
        let stretch = m.a.hypot(m.b).max(m.c.hypot(m.d));
        let masked =
            run.draw == TextDraw::Canvas && run.size * stretch * self.density <= MAX_MASKED_SIZE;
        let exact = |x: f32, y: f32| (f64::from(x) * scale, -f64::from(y) * scale);
        let scaler = masked.then(|| FreeType::new(m, self.density, run.size, metrics.units_per_em));
        let offset: &dyn Fn(f32, f32) -> (f64, f64) = match &scaler {
            Some(Some(ft)) => &|x, y| ft.offset(x, y),
            _ => &exact,
        };
        let snap = self.glyph_snap(run.draw);
        let path = run.font.outlines(&run.shaped.glyphs, offset, |glyph| {
            snap((
                run.origin.0 + f64::from(glyph.x) * scale,
                run.origin.1 - f64::from(glyph.y) * scale,
            ))
        });
        let Some(path) = path else { return };
        let fill_as = |color| {
            if masked {
                Fill::Glyphs(mask_gamma(color))
            } else {
                Fill::Analytic
            }
        };
        if let Some(color) = stroke {
            self.stroke_path_as(&path, color, fill_as(color));
        }
        if let Some(color) = fill {
            self.fill_path(&path, fill_as(color), color);
        }
    }

    /// Where Skia puts a glyph of the canvas's text whose origin is at a
    /// point of user space: on the nearest quarter pixel (its glyph cache
    /// holds 4 positions across a pixel), and under a transform that keeps
    /// the text's baseline level, on the nearest pixel down. A loaded
    /// font's outline, or a transform without an inverse, stays as it is.
    fn glyph_snap(&self, draw: TextDraw) -> impl Fn((f64, f64)) -> (f64, f64) {
        let m = self.style.matrix;
        let density = self.density;
        let det = m.a * m.d - m.b * m.c;
        let snaps = draw == TextDraw::Canvas && det != 0.0 && det.is_finite();
        let level = m.b == 0.0 && m.c == 0.0;
        move |(x, y)| {
            if !snaps {
                return (x, y);
            }
            let (dx, dy) = m.apply(x, y);
            let quarter = |v: f64| (v * density * 4.0 + 0.5).floor() / (4.0 * density);
            let whole = |v: f64| (v * density + 0.5).floor() / density;
            let (sx, sy) = (quarter(dx), if level { whole(dy) } else { quarter(dy) });
            let (ex, ey) = (sx - m.e, sy - m.f);
            ((m.d * ex - m.c * ey) / det, (m.a * ey - m.b * ex) / det)
        }
    }
}

/// How Chromium's glyph masks place a glyph's outline: Skia splits the
/// device transform of the em into a scale, the font size FreeType is set
/// to (in 64ths of a pixel, truncated), and what remains (rotation, skew).
/// FreeType scales the outline to that size, every point on a 64th of a
/// pixel (implied points half-way between two scaled ones, truncated), and
/// the rest of the transform is applied to it as it is. Measured against
/// p5.js: text-labels' 80 rotated labels from mae 1.10 to 1.03, the same
/// labels upright from 0.95 to 0.69, every text sketch of the battery
/// closer; FreeType applying the rest too (`FT_Set_Transform`, 16.16)
/// measured worse than none of this (1.23 rotated), and exact outlines
/// rasterized exactly, as FreeType's own renderer would, far worse (2.9).
struct FreeType {
    /// 16.16 scales from font units to 26.6 pixels, across and up.
    scale: (i64, i64),
    /// 64ths of a pixel (y up) to user units (y down): what remains of the
    /// transform, then the inverse of the whole.
    back: [f64; 4],
}

/// FreeType's `FT_MulFix`: a * b / 65536, rounded half away from zero.
fn mul_fix(a: i64, b: i64) -> i64 {
    let p = a * b;
    let r = (p.abs() + 0x8000) >> 16;
    if p < 0 {
        -r
    } else {
        r
    }
}

/// FreeType's `FT_DivFix` of positive numbers: a * 65536 / b, rounded.
fn div_fix(a: i64, b: i64) -> i64 {
    ((a << 16) + (b >> 1)) / b
}

impl FreeType {
    /// The scaler for text `size` under the canvas transform `m` at
    /// `density`, for a font of `em` units; `None` when the transform
    /// flattens the text.
    fn new(
        m: &crate::p5::state::matrix::Matrix,
        density: f64,
        size: f64,
        em: f64,
    ) -> Option<FreeType> {
        let (a, b, c, d) = (m.a * density, m.b * density, m.c * density, m.d * density);
        let det = a * d - b * c;
        let h = a.hypot(b);
        if det == 0.0 || !det.is_finite() || h == 0.0 || size <= 0.0 {
            return None;
        }
        // Skia's computeMatrices: a rotation takes the em's x axis onto x;
        // the scales are what is left on the diagonal.
        let (sx, sy) = (h * size, det.abs() / h * size);
        let em = em as i64;
        let to26 = |s: f64| div_fix((s as f32 * 64.0) as i64, em);
        // From 64ths up to device pixels down, the rest of the transform:
        // (x, y) -> ((a x - c y) / sx, (b x - d y) / sy) * size / 64...
        let rest = [a * size / sx, b * size / sx, -c * size / sy, -d * size / sy];
        // ... then back to user units.
        let inverse = [d / det, -b / det, -c / det, a / det];
        let mul = |p: [f64; 4], q: [f64; 4]| {
            [
                p[0] * q[0] + p[2] * q[1],
                p[1] * q[0] + p[3] * q[1],
                p[0] * q[2] + p[2] * q[3],
                p[1] * q[2] + p[3] * q[3],
            ]
        };
        let back = mul(inverse, rest).map(|v| v / 64.0);
        Some(FreeType {
            scale: (to26(sx), to26(sy)),
            back,
        })
    }

    /// Where a point of the outline (font units, y up) lands from the
    /// glyph's origin, in user units (y down).
    fn offset(&self, x: f32, y: f32) -> (f64, f64) {
        // ttf-parser's implied points are half-way in font units: FreeType
        // finds them half-way between the two points it scaled.
        let scaled = |v: f32, s: i64| {
            let twice = (f64::from(v) * 2.0).round() as i64;
            if twice % 2 == 0 {
                mul_fix(twice / 2, s)
            } else {
                mul_fix(twice, s) / 2
            }
        };
        let (x, y) = (
            scaled(x, self.scale.0) as f64,
            scaled(y, self.scale.1) as f64,
        );
        let [a, b, c, d] = self.back;
        (a * x + c * y, b * x + d * y)
    }
}

/// Builds a glyph's outline into a path, from font units (y up) to user
/// space (y down).
struct Pen<'a> {
    pb: &'a mut PathBuilder,
    x: f64,
    y: f64,
    offset: &'a dyn Fn(f32, f32) -> (f64, f64),
}

impl Pen<'_> {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        let (dx, dy) = (self.offset)(x, y);
        ((self.x + dx) as f32, (self.y + dy) as f32)
    }
}

impl OutlineBuilder for Pen<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.pb.move_to(x, y);
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.pb.line_to(x, y);
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x, y) = self.at(x, y);
        self.pb.quad_to(x1, y1, x, y);
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x2, y2) = self.at(x2, y2);
        let (x, y) = self.at(x, y);
        self.pb.cubic_to(x1, y1, x2, y2, x, y);
    }

    fn close(&mut self) {
        self.pb.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_shaped_with_kerning() {
        // Chromium: measureText('Hello, World') at 12px DejaVu Sans is
        // 72.43359375, 12362 font units (kerned: the advances add to 12482).
        let font = Font::bundled(0);
        assert_eq!(font.shape("Hello, World").advance, 12362.0);
        let m = font.metrics();
        assert_eq!(
            (m.units_per_em, m.ascender, m.descender),
            (2048.0, 1901.0, 483.0)
        );
        assert_eq!((m.typo_ascender, m.typo_descender), (1556.0, 492.0));
    }

    #[test]
    fn mask_outlines_sit_on_freetypes_64ths() {
        // 27 px of 2048 units: FreeType's scale is 55296 / 65536 of a 64th
        // per unit; 100 units are 84.375 64ths, rounded to 84.
        let m = crate::p5::state::matrix::Matrix::IDENTITY;
        let ft = FreeType::new(&m, 1.0, 27.0, 2048.0).unwrap();
        assert_eq!(ft.offset(100.0, 0.0), (84.0 / 64.0, 0.0));
        assert_eq!(ft.offset(0.0, 100.0), (0.0, -84.0 / 64.0));
        // An implied point half-way: (84.375 + 85.22) 64ths halved, 85.
        assert_eq!(ft.offset(100.5, 0.0).0, 85.0 / 64.0);
        assert_eq!(mul_fix(-100, 55296), -84);
        // Rotated a quarter turn: scaled upright, then turned (x onto y).
        let mut turned = m;
        turned.rotate(std::f64::consts::FRAC_PI_2);
        let ft = FreeType::new(&turned, 1.0, 27.0, 2048.0).unwrap();
        let (x, y) = ft.offset(100.0, 0.0);
        assert!(
            (x - 84.0 / 64.0).abs() < 1e-12 && y.abs() < 1e-12,
            "{x} {y}"
        );
        let mut flat = m;
        flat.scale(1.0, 0.0);
        assert!(FreeType::new(&flat, 1.0, 27.0, 2048.0).is_none());
    }

    #[test]
    fn a_broken_font_is_refused() {
        let err = Font::parse(b"not a font".to_vec()).unwrap_err();
        assert!(err.contains("not a TrueType or OpenType font"), "{err}");
    }
}
