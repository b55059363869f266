//! A p5.js-like drawing layer over tiny-skia.
//!
//! It speaks p5.js 1.x: radians, diameters, `fill`/`stroke` state, `push`/`pop`,
//! and p5's defaults (white fill, black stroke, weight 1, round caps, miter
//! joins, miter limit 10). Conversions to tiny-skia happen here only.
//!
//! One room per concept, one concept per file: the canvas and the state
//! `push` saves (state/), geometry and the rasterisers that match Chromium's
//! Skia (raster/), colours and paint (colour/), how drawing combines with the
//! canvas (compositing/), images, pixels and `filter()` (images/), and text
//! (typeset/). The runtime's own maths (random, noise, JavaScript's numbers)
//! lives beside the runtime, in src/js/maths/.

pub(crate) mod colour;
pub(crate) mod compositing;
pub(crate) mod images;
pub(crate) mod raster;
pub(crate) mod state;
pub(crate) mod typeset;

pub use colour::color::Rgba;
pub use raster::damage::Damage;
pub use raster::shape::{Kind, ShapeEnd};
pub use raster::shapes::ArcMode;
pub use state::drawing::Drawing;
pub use state::style::{Cap, Join, Mode};

use tiny_skia::{FillRule, LineCap, Paint, Path, PathBuilder, PathStroker, Stroke, Transform};

use colour::paint::{Brush, Effects};
use compositing::blend::Solid;
use compositing::blending;
use compositing::composite::Composite;
use raster::shape::Shape;
use raster::{fatrect, fill, hairline, stroked};
use state::context::Role;
use state::style::Style;

/// The farthest a shape may reach from the origin, in pixels, for the
/// analytic fill: its fixed-point edges overflow a little past 32,768.
/// Beyond, tiny-skia fills it (it clips to the canvas first).
const MAX_ANALYTIC_REACH: f32 = 16_384.0;

/// How a path is filled.
#[derive(Debug, Clone, Copy)]
enum Fill {
    /// As Chromium's Skia does (src/p5/raster/fill.rs).
    Analytic,
    /// By tiny-skia. Kept for circles: their 1-px stroke, drawn over the
    /// fill, hides the fill's edge, and the analytic fill measured no gain on
    /// the chain references.
    Supersampled,
    /// As Skia draws a glyph mask: the analytic coverage, through a gamma
    /// table (src/p5/typeset/text.rs).
    Glyphs(&'static [u8; 256]),
}

/// The canvas before a sketch's `setup` chooses one, in canvas units: p5's.
const DEFAULT_SIDE: u32 = 100;

/// A p5 canvas: its pixels and p5's drawing state. Angles are in radians,
/// sizes in canvas units (a unit is `density` pixels), circles take
/// diameters, colours are straight RGBA; the defaults are p5's: white fill,
/// black stroke of weight 1, round caps, miter joins.
pub struct P5 {
    drawing: Drawing,
    /// The canvas's width and height in canvas units.
    units: (u32, u32),
    density: f64,
    transparent: bool,
    style: Style,
    stack: Vec<Style>,
    shape: Shape,
    /// While erasing, the colours `noErase` restores.
    erasing: Option<blending::Erased>,
    /// The blend mode `noErase` returns to: the last `blend_mode`.
    blend_cached: Composite,
    /// p5's `curveTightness`: the renderer's own, which `push` does not
    /// save.
    curve_tightness: f64,
    /// Between `beginClip` and `endClip`, the clip gathered so far, in
    /// pixels (src/p5/raster/clip.rs).
    clipping: Option<PathBuilder>,
    /// Where shadows and gradients draw first.
    effects: Effects,
    /// The analytic fill's buffers, reused from path to path.
    raster: fill::Scratch,
    /// The last strokes' outlines, for the next strokes like them.
    outline: stroked::LastOutlines,
}

impl P5 {
    /// When set, `background` clears the canvas to transparent instead of
    /// painting it, so that only what is drawn over it shows (`--transparent`).
    /// Off by default.
    pub fn set_transparent(&mut self, transparent: bool) {
        self.transparent = transparent;
    }

    /// Paints the whole canvas, whatever the transform, blending source-over
    /// (or with the blend mode, below);
    /// clears it instead when the canvas is transparent (see `set_transparent`).
    /// p5's `background()`: a `fillRect` over the whole canvas.
    ///
    /// A translucent background is blended as Chromium's Skia blends a solid
    /// colour over a whole row (`SkBlitRow::Color32`), in premultiplied 8 bits:
    /// `dst = src + (dst * (256 - src.a)) >> 8`, which truncates. Repeated every
    /// frame (the "trails" idiom), that truncation decides the colour the
    /// canvas settles at (for `[8, 18, 38, 60]`: (5, 13, 35) and alpha 252, not
    /// the exact (8, 18, 38)); tiny-skia's rounded blending would settle
    /// several levels brighter.
    ///
    /// With a blend mode other than source-over, the colour is blended into
    /// every pixel with it (see `blend_mode`); under a `globalAlpha` below 1
    /// it is that much more transparent, as p5's `fillRect` is.
    ///
    /// Under a clip (`endClip`), only the clip is painted, as the canvas's
    /// `fillRect` is clipped.
    pub fn background(&mut self, color: Rgba) {
        let color = self.style.context.faded(color);
        let (mode, transparent) = (self.background_mode(), self.transparent);
        self.whole_canvas(|drawing| {
            if transparent {
                drawing.paint([0; 4]);
            } else if mode != Composite::SourceOver {
                drawing.blend_everywhere(color, mode);
            } else if color.a == 255 {
                let c = color.to_skia().premultiply().to_color_u8();
                drawing.paint([c.red(), c.green(), c.blue(), c.alpha()]);
            } else if color.a > 0 {
                let solid = Solid::new(color);
                for px in drawing.everywhere().data_mut().chunks_exact_mut(4) {
                    solid.blend(px, 255);
                }
            }
        });
    }

    /// Fills, then strokes, the path, as p5's 2D renderer.
    fn draw(&mut self, pb: PathBuilder, fill: Fill) {
        self.draw_stroked_as(pb, fill, &StrokeAs::PATH);
    }

    /// `draw`, the stroke drawn as `stroke_path_like` with `like`.
    fn draw_stroked_as(&mut self, pb: PathBuilder, fill: Fill, like: &StrokeAs) {
        let Some(path) = pb.finish() else { return };
        if let Some(color) = self.style.fill {
            self.fill_path(&path, fill, color);
        }
        if let Some(color) = self.style.stroke {
            self.stroke_path_like(&path, color, Fill::Analytic, like);
        }
    }

    /// Fills the path, non-zero winding. Does nothing while the matrix has
    /// no inverse, as Chromium.
    /// While a clip is gathered, the path joins it instead (text's glyphs
    /// do not: p5 draws them in a transparent colour).
    fn fill_path(&mut self, path: &Path, fill: Fill, color: Rgba) {
        self.paint_path(path, fill, &self.brush(color, Role::Fill));
    }

    /// `fill_path` with `brush`.
    fn paint_path(&mut self, path: &Path, fill: Fill, brush: &Brush) {
        if !self.style.matrix.invertible() {
            return;
        }
        if self.gathering_clip() {
            if !matches!(fill, Fill::Glyphs(_)) {
                self.gather_clip(path);
            }
            return;
        }
        let ts = self.transform();
        let b = path.bounds();
        let near = b.transform(ts).is_some_and(|r| {
            [r.left(), r.top(), r.right(), r.bottom()]
                .iter()
                .all(|v| v.abs() <= MAX_ANALYTIC_REACH)
        });
        let fill = if near { fill } else { Fill::Supersampled };
        let ltrb = [b.left(), b.top(), b.right(), b.bottom()];
        self.effects.marked(
            &mut self.drawing,
            brush,
            ltrb,
            ts,
            |pixmap, color| match fill {
                Fill::Analytic => {
                    if !fatrect::fill_fat_rect(pixmap, path, ts, color) {
                        fill::fill_path(&mut self.raster, pixmap, path, ts, color);
                    }
                }
                Fill::Supersampled => {
                    pixmap.fill_path(path, &paint(color), FillRule::Winding, ts, None)
                }
                Fill::Glyphs(gamma) => {
                    fill::fill_glyphs(&mut self.raster, pixmap, path, ts, color, gamma)
                }
            },
        );
    }

    /// Strokes the path with the style's weight, cap and join. Does nothing
    /// for a weight of 0 or less, or while the matrix has no inverse.
    ///
    /// As Skia: a stroke at most a pixel wide along both axes is a hairline
    /// (tiny-skia draws it as Skia does); a wider one becomes its outline
    /// (tiny-skia's port of Skia's stroker, at Skia's resolution scale),
    /// filled like any path. Filled by the analytic fill, the outlines of
    /// bezier(), curve(), arcs and thick lines measured closer to Chromium
    /// than tiny-skia's supersampled fill of them (stroke-weight diff8 2.8 %
    /// before).
    fn stroke_path(&mut self, path: &Path, color: Rgba) {
        self.stroke_path_as(path, color, Fill::Analytic);
    }

    /// `stroke_path`, a stroke wider than a hairline filled as `fill` says.
    /// While a clip is gathered, an unfilled shape's path joins it (a
    /// filled one's joined it with its fill).
    fn stroke_path_as(&mut self, path: &Path, color: Rgba, fill: Fill) {
        self.stroke_path_like(path, color, fill, &StrokeAs::PATH);
    }

    /// `stroke_path_as`, undashed strokes drawn from the paths `like`
    /// offers where it offers them.
    fn stroke_path_like(&mut self, path: &Path, color: Rgba, fill: Fill, like: &StrokeAs) {
        if self.gathering_clip() {
            if self.style.fill.is_none() && !matches!(fill, Fill::Glyphs(_)) {
                self.gather_clip(path);
            }
            return;
        }
        if self.style.stroke_weight <= 0.0 || !self.style.matrix.invertible() {
            return;
        }
        let stroke = Stroke {
            width: self.style.stroke_weight as f32,
            miter_limit: 10.0,
            line_cap: self.style.line_cap(),
            line_join: self.style.line_join(),
            dash: None,
        };
        let ts = self.transform();
        let res_scale = PathStroker::compute_resolution_scale(&ts);
        // The canvas dashes in user space, before the stroke is outlined.
        let dashed;
        let path = match self.style.context.stroke_dash() {
            Some(dash) => match path.dash(&dash, res_scale) {
                Some(d) => {
                    dashed = d;
                    &dashed
                }
                None => return,
            },
            None => path,
        };
        let brush = self.brush(color, Role::Stroke);
        let undashed = self.style.context.stroke_dash().is_none();
        if !hairline(&ts, stroke.width) {
            if let Some(outline) = undashed.then(|| (like.outline)(stroke.width)).flatten() {
                self.paint_path(&outline, fill, &brush);
            } else {
                let mut memo = std::mem::take(&mut self.outline);
                if let Some(outline) = memo.stroke(path, &stroke, res_scale) {
                    self.paint_path(outline, fill, &brush);
                }
                self.outline = memo;
            }
            return;
        }
        let pushed_path = hairline::cap_outset(stroke.line_cap)
            .filter(|_| undashed)
            .and_then(like.hairline);
        let (path, stroke) = match &pushed_path {
            Some(pushed) => (
                pushed,
                Stroke {
                    line_cap: LineCap::Butt,
                    ..stroke
                },
            ),
            None => (path, stroke),
        };
        // Miter joins reach out to half the miter limit times the width,
        // farther than square caps (half the width times the root of 2).
        let (b, reach) = (path.bounds(), stroke.miter_limit * stroke.width / 2.0);
        let ltrb = [
            b.left() - reach,
            b.top() - reach,
            b.right() + reach,
            b.bottom() + reach,
        ];
        self.effects
            .marked(&mut self.drawing, &brush, ltrb, ts, |pixmap, color| {
                hairline::stroke(pixmap, path, &paint(color), &stroke, ts);
            });
    }

    fn transform(&self) -> Transform {
        self.style.matrix.to_skia(self.density)
    }
}

/// Paths a shape offers for its stroke in place of what Skia would make of
/// its path, where they measure closer to Chromium; `None` where the
/// path's own serve.
struct StrokeAs<'a> {
    /// The hairline under round or square caps: the path with its contours'
    /// ends already pushed out by the given outset (pixels) as Skia pushes
    /// them (src/p5/raster/arc.rs), to be stroked with butt caps.
    hairline: &'a dyn Fn(f32) -> Option<Path>,
    /// The outline of a stroke the given width (canvas units), to be filled.
    outline: &'a dyn Fn(f32) -> Option<Path>,
}

impl StrokeAs<'_> {
    /// The path's own, for both.
    const PATH: StrokeAs<'static> = StrokeAs {
        hairline: &no_path,
        outline: &no_path,
    };
}

fn no_path(_: f32) -> Option<Path> {
    None
}

/// Whether Skia draws a stroke `width` wide under `ts` as a hairline
/// (`SkDrawTreatAsHairline`): its width, mapped along each axis, is at most
/// a pixel by Skia's fast length (the longer side plus half the shorter).
fn hairline(ts: &Transform, width: f32) -> bool {
    let fast_len = |x: f32, y: f32| {
        let (x, y) = (x.abs(), y.abs());
        x.max(y) + x.min(y) / 2.0
    };
    width == 0.0
        || (fast_len(ts.sx * width, ts.ky * width) <= 1.0
            && fast_len(ts.kx * width, ts.sy * width) <= 1.0)
}

fn paint(color: Rgba) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color.to_skia());
    paint.anti_alias = true;
    paint
}

#[cfg(test)]
mod tests {
    use super::state::matrix::Matrix;
    use super::*;

    /// The premultiplied RGBA of pixel (x, y), for the drawing layer's tests.
    pub(super) fn pixel(p5: &P5, x: u32, y: u32) -> [u8; 4] {
        let c = p5.pixmap().pixel(x, y).unwrap();
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    #[test]
    fn rotate_turns_clockwise_on_screen() {
        let mut m = Matrix::IDENTITY;
        m.rotate(std::f64::consts::FRAC_PI_2);
        // The x axis now points down the screen.
        let (x, y) = (m.a * 10.0 + m.e, m.b * 10.0 + m.f);
        assert!(x.abs() < 1e-12 && (y - 10.0).abs() < 1e-12, "({x}, {y})");
    }

    #[test]
    fn push_and_pop_restore_style_and_transform() {
        let mut p5 = P5::new(20, 20, 1.0).unwrap();
        p5.push();
        p5.no_fill();
        p5.translate(5.0, 5.0);
        p5.pop();
        assert_eq!(p5.style.fill, Some(Rgba::grey(255)));
        assert_eq!(p5.style.matrix, Matrix::IDENTITY);
    }

    #[test]
    fn alpha_fill_blends_over_the_background() {
        let mut p5 = P5::new(20, 20, 1.0).unwrap();
        p5.background(Rgba::grey(0));
        p5.no_stroke();
        p5.fill(Rgba::new(255, 255, 255, 100));
        p5.circle(10.0, 10.0, 16.0);
        p5.circle(10.0, 10.0, 16.0);
        // Two shapes of alpha 100 over black: 100, then 100 + 155 * 100/255.
        let [r, _, _, a] = pixel(&p5, 10, 10);
        assert!((r as i32 - 161).abs() <= 1, "r = {r}");
        assert_eq!(a, 255);
        assert_eq!(pixel(&p5, 0, 0), [0, 0, 0, 255]);
    }

    #[test]
    fn a_transparent_background_clears_and_keeps_the_drawing() {
        let mut p5 = P5::new(20, 20, 1.0).unwrap();
        p5.set_transparent(true);
        p5.background(Rgba::grey(255));
        p5.no_stroke();
        p5.fill(Rgba::new(255, 0, 0, 255));
        p5.circle(10.0, 10.0, 10.0);
        p5.background(Rgba::new(0, 0, 255, 100));
        assert_eq!(
            pixel(&p5, 10, 10),
            [0, 0, 0, 0],
            "a later background clears"
        );
        p5.circle(10.0, 10.0, 10.0);
        assert_eq!(pixel(&p5, 10, 10), [255, 0, 0, 255]);
        assert_eq!(pixel(&p5, 0, 0), [0, 0, 0, 0]);
    }

    #[test]
    fn translucent_background_settles_where_chromium_does() {
        // p5.js 1.11.13 in Chromium: background(8, 18, 38, 60) every frame
        // reads back (straight RGBA) as (8, 17, 38, 60), then (7, 17, 36, 105),
        // and from frame 30 on (5, 13, 35, 252).
        let mut p5 = P5::new(4, 4, 1.0).unwrap();
        let bg = Rgba::new(8, 18, 38, 60);
        p5.background(bg);
        assert_eq!(premultiplied(&p5), [2, 4, 9, 60]);
        p5.background(bg);
        assert_eq!(premultiplied(&p5), [3, 7, 15, 105]);
        for _ in 0..40 {
            p5.background(bg);
        }
        // Premultiplied (5, 13, 35) at alpha 252: straight (5, 13, 35) too.
        assert_eq!(premultiplied(&p5), [5, 13, 35, 252]);
    }

    fn premultiplied(p5: &P5) -> [u8; 4] {
        let c = p5.pixmap().pixels()[0];
        [c.red(), c.green(), c.blue(), c.alpha()]
    }

    #[test]
    fn a_shape_far_past_the_canvas_is_filled_without_overflow() {
        // 3,000 units at 64 pixels per unit: 192,000 pixels across.
        let mut p5 = P5::new(20, 20, 64.0).unwrap();
        p5.background(Rgba::grey(0));
        p5.no_stroke();
        p5.begin_shape();
        for (x, y) in [(-3000.0, -3000.0), (3000.0, -2900.0), (10.0, 3000.0)] {
            p5.curve_vertex(x, y);
        }
        p5.end_shape(ShapeEnd::Close);
        assert_eq!(pixel(&p5, 640, 640), [255, 255, 255, 255]);
    }

    #[test]
    fn density_scales_the_raster_not_the_drawing() {
        let mut p5 = P5::new(10, 10, 2.0).unwrap();
        p5.background(Rgba::grey(0));
        p5.no_stroke();
        p5.circle(5.0, 5.0, 4.0);
        assert_eq!(p5.pixmap().width(), 20);
        assert_eq!(pixel(&p5, 10, 10), [255, 255, 255, 255]);
        assert_eq!(pixel(&p5, 10, 14), [0, 0, 0, 255]);
    }
}
