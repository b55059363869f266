//! A p5.js-like drawing layer over tiny-skia.
//!
//! It speaks p5.js 1.x: radians, diameters, `fill`/`stroke` state, `push`/`pop`,
//! and p5's defaults (white fill, black stroke, weight 1, round caps, miter
//! joins, miter limit 10). Conversions to tiny-skia happen here only.

mod blend;
mod canvas;
mod color;
pub mod colorspace;
mod css;
mod curve;
mod damage;
mod drawing;
mod edges;
mod fill;
pub mod jsnum;
pub mod maths;
mod matrix;
pub mod noise;
pub mod random;
mod small;
mod thin;

pub use color::Rgba;
pub use curve::Vertex;
pub use drawing::Drawing;

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, PathBuilder, Stroke, Transform};

use blend::Solid;
pub use damage::{covered, Damage};
use matrix::Matrix;
use small::Stamps;
use thin::{Capsule, ThinStroker};

/// The widest stroke, in pixels, drawn by the analytic thin stroker.
const MAX_THIN_WIDTH: f64 = 4.0;

/// The farthest a shape may reach from the origin, in pixels, for the
/// analytic fill: its fixed-point edges overflow a little past 32,768.
/// Beyond, tiny-skia fills it (it clips to the canvas first).
const MAX_ANALYTIC_REACH: f32 = 16_384.0;

/// How `end_shape` ends a shape, as p5's `endShape()` and `endShape(CLOSE)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeEnd {
    /// `endShape()`: the outline stays open (the fill still closes it).
    Open,
    /// `endShape(CLOSE)`: the last vertex joins the first.
    Close,
}

/// How a path is filled.
#[derive(Debug, Clone, Copy)]
enum Fill {
    /// As Chromium's Skia does (src/p5/fill.rs).
    Analytic,
    /// By tiny-skia. Kept for circles: their 1-px stroke, drawn over the
    /// fill, hides the fill's edge, and the analytic fill measured no gain on
    /// the chain references.
    Supersampled,
}

/// The state `push()` saves and `pop()` restores.
#[derive(Debug, Clone)]
struct Style {
    fill: Option<Rgba>,
    stroke: Option<Rgba>,
    stroke_weight: f64,
    curve_tightness: f64,
    matrix: Matrix,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            fill: Some(Rgba::grey(255)),
            stroke: Some(Rgba::grey(0)),
            stroke_weight: 1.0,
            curve_tightness: 0.0,
            matrix: Matrix::IDENTITY,
        }
    }
}

/// The vertices of the shape between `begin_shape` and `end_shape`.
#[derive(Debug, Default)]
struct Shape {
    vertices: Vec<Vertex>,
    curve: bool,
}

/// The canvas before a sketch's `setup` chooses one, in canvas units: p5's.
const DEFAULT_SIDE: u32 = 100;

/// A p5 canvas: its pixels and p5's drawing state. Angles are in radians,
/// sizes in canvas units (a unit is `density` pixels), circles take
/// diameters, colours are straight RGBA; the defaults are p5's: white fill,
/// black stroke of weight 1, round caps, miter joins.
pub struct P5 {
    drawing: Drawing,
    density: f64,
    transparent: bool,
    style: Style,
    stack: Vec<Style>,
    shape: Shape,
    thin: ThinStroker,
    stamps: Stamps,
}

impl P5 {
    /// When set, `background` clears the canvas to transparent instead of
    /// painting it, so that only what is drawn over it shows (`--transparent`).
    /// Off by default.
    pub fn set_transparent(&mut self, transparent: bool) {
        self.transparent = transparent;
    }

    /// Paints the whole canvas, whatever the transform, blending source-over;
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
    pub fn background(&mut self, color: Rgba) {
        if self.transparent {
            self.drawing.paint([0; 4]);
        } else if color.a == 255 {
            let c = color.to_skia().premultiply().to_color_u8();
            let pixel = [c.red(), c.green(), c.blue(), c.alpha()];
            self.drawing.paint(pixel);
        } else if color.a > 0 {
            let solid = Solid::new(color);
            for px in self.drawing.everywhere().data_mut().chunks_exact_mut(4) {
                solid.blend(px, 255);
            }
        }
    }

    /// p5's `fill`: the colour inside shapes drawn from now on.
    pub fn fill(&mut self, color: Rgba) {
        self.style.fill = Some(color);
    }

    /// p5's `noFill`: shapes drawn from now on are not filled.
    pub fn no_fill(&mut self) {
        self.style.fill = None;
    }

    /// p5's `stroke`: the colour of outlines and lines drawn from now on.
    pub fn stroke(&mut self, color: Rgba) {
        self.style.stroke = Some(color);
    }

    /// p5's `noStroke`: no outlines or lines from now on.
    pub fn no_stroke(&mut self) {
        self.style.stroke = None;
    }

    /// Line width in canvas units; the default is 1.
    pub fn stroke_weight(&mut self, weight: f64) {
        self.style.stroke_weight = weight;
    }

    /// p5's `curveTightness`: 0 (the default) is Catmull-Rom, 1 straight lines.
    pub fn curve_tightness(&mut self, tightness: f64) {
        self.style.curve_tightness = tightness;
    }

    /// p5's `push`: saves the style and the transform, for `pop`.
    pub fn push(&mut self) {
        self.stack.push(self.style.clone());
    }

    /// Restores the style saved by the matching `push`. Does nothing when
    /// there is none, as p5.
    pub fn pop(&mut self) {
        if let Some(style) = self.stack.pop() {
            self.style = style;
        }
    }

    /// Moves the origin by (`x`, `y`) canvas units.
    pub fn translate(&mut self, x: f64, y: f64) {
        self.style.matrix.translate(x, y);
    }

    /// Rotates by `angle` radians; a positive angle turns clockwise on screen.
    pub fn rotate(&mut self, angle: f64) {
        self.style.matrix.rotate(angle);
    }

    /// Undoes every `translate` and `rotate`; done before each frame.
    pub fn reset_matrix(&mut self) {
        self.style.matrix = Matrix::IDENTITY;
    }

    /// A circle of diameter `d` centred on (x, y). Does nothing when d is 0.
    pub fn circle(&mut self, x: f64, y: f64, d: f64) {
        let r = d.abs() / 2.0;
        let m = self.style.matrix;
        if let (Some(color), None) = (self.style.fill, self.style.stroke) {
            // A small filled circle without a transform other than a
            // translation: Skia's octagon, covered and blended as Skia does.
            if r > 0.0
                && r <= small::MAX_RADIUS
                && (m.a, m.b, m.c, m.d) == (1.0, 0.0, 0.0, 1.0)
                && self.density == 1.0
            {
                let (x, y) = (x + m.e, y + m.f);
                let ltrb = [x - r, y - r, x + r, y + r].map(|v| v as f32);
                let pixmap = self.drawing.marked(ltrb, Transform::identity());
                small::fill_circle(pixmap, &mut self.stamps, (x, y), r, color);
                return;
            }
        }
        let mut pb = PathBuilder::new();
        pb.push_circle(x as f32, y as f32, (d.abs() / 2.0) as f32);
        self.draw(pb, Fill::Supersampled);
    }

    /// A straight line, stroked only.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64) {
        let Some(color) = self.style.stroke else {
            return;
        };
        if let Some(radius) = self.thin_radius() {
            let m = &self.style.matrix;
            let to_pixels = |(x, y): (f64, f64)| (x * self.density, y * self.density);
            let capsule = Capsule {
                a: to_pixels(m.apply(x1, y1)),
                b: to_pixels(m.apply(x2, y2)),
                radius,
            };
            let c = color.to_skia().premultiply().to_color_u8();
            let rgba = [c.red(), c.green(), c.blue(), c.alpha()];
            let ((ax, ay), (bx, by)) = (capsule.a, capsule.b);
            let ltrb = [
                ax.min(bx) - radius,
                ay.min(by) - radius,
                ax.max(bx) + radius,
                ay.max(by) + radius,
            ];
            let pixmap = self
                .drawing
                .marked(ltrb.map(|v| v as f32), Transform::identity());
            self.thin.stroke(pixmap, capsule, rgba);
            return;
        }
        let mut pb = PathBuilder::new();
        pb.move_to(x1 as f32, y1 as f32);
        pb.line_to(x2 as f32, y2 as f32);
        if let Some(path) = pb.finish() {
            self.stroke_path(&path, color);
        }
    }

    /// p5's `beginShape`: starts a shape of `vertex` or `curve_vertex`
    /// points.
    pub fn begin_shape(&mut self) {
        self.shape.vertices.clear();
        self.shape.curve = false;
    }

    /// A corner of the shape, in canvas units.
    pub fn vertex(&mut self, x: f64, y: f64) {
        self.shape.vertices.push((x, y));
    }

    /// A vertex of a Catmull-Rom curve (p5 1.x's `curveVertex`): a shape with
    /// any curve vertex is drawn as a curve.
    pub fn curve_vertex(&mut self, x: f64, y: f64) {
        self.shape.vertices.push((x, y));
        self.shape.curve = true;
    }

    /// p5's `endShape`: fills, then strokes, the shape's vertices. Does
    /// nothing for a shape without vertices.
    pub fn end_shape(&mut self, end: ShapeEnd) {
        let close = end == ShapeEnd::Close;
        let vertices = std::mem::take(&mut self.shape.vertices);
        let mut pb = PathBuilder::new();
        if self.shape.curve {
            curve::push_curve(&mut pb, &vertices, self.style.curve_tightness, close);
        } else if let Some((&(x, y), rest)) = vertices.split_first() {
            pb.move_to(x as f32, y as f32);
            for &(x, y) in rest {
                pb.line_to(x as f32, y as f32);
            }
            if close {
                pb.close();
            }
        }
        self.shape.vertices = vertices;
        self.draw(pb, Fill::Analytic);
    }

    /// Fills, then strokes, the path, as p5's 2D renderer.
    fn draw(&mut self, pb: PathBuilder, fill: Fill) {
        let Some(path) = pb.finish() else { return };
        if let Some(color) = self.style.fill {
            let ts = self.transform();
            let b = path.bounds();
            let near = b.transform(ts).is_some_and(|r| {
                [r.left(), r.top(), r.right(), r.bottom()]
                    .iter()
                    .all(|v| v.abs() <= MAX_ANALYTIC_REACH)
            });
            let fill = if near { fill } else { Fill::Supersampled };
            let pixmap = self
                .drawing
                .marked([b.left(), b.top(), b.right(), b.bottom()], ts);
            match fill {
                Fill::Analytic => fill::fill_path(pixmap, &path, ts, color),
                Fill::Supersampled => {
                    pixmap.fill_path(&path, &paint(color), FillRule::Winding, ts, None)
                }
            }
        }
        if let Some(color) = self.style.stroke {
            self.stroke_path(&path, color);
        }
    }

    fn stroke_path(&mut self, path: &tiny_skia::Path, color: Rgba) {
        if self.style.stroke_weight <= 0.0 {
            return;
        }
        let stroke = Stroke {
            width: self.style.stroke_weight as f32,
            miter_limit: 10.0,
            line_cap: LineCap::Round,
            line_join: LineJoin::Miter,
            dash: None,
        };
        let ts = self.transform();
        // Miter joins reach out to half the miter limit times the width.
        let (b, reach) = (path.bounds(), stroke.miter_limit * stroke.width / 2.0);
        let ltrb = [
            b.left() - reach,
            b.top() - reach,
            b.right() + reach,
            b.bottom() + reach,
        ];
        self.drawing
            .marked(ltrb, ts)
            .stroke_path(path, &paint(color), &stroke, ts, None);
    }

    /// The radius in pixels when a line is drawn by the analytic thin
    /// stroker: a thin round-capped stroke that Skia would not draw as a
    /// hairline (it does for strokes of at most one pixel along both axes,
    /// that is, axis-aligned ones), under a matrix that keeps it round.
    fn thin_radius(&self) -> Option<f64> {
        let width = self.style.stroke_weight * self.style.matrix.uniform_scale()? * self.density;
        let m = &self.style.matrix;
        let w = self.style.stroke_weight * self.density;
        // Skia's fast length: the longer side plus half the shorter.
        let fast_len = |x: f64, y: f64| {
            let (x, y) = (x.abs(), y.abs());
            x.max(y) + x.min(y) / 2.0
        };
        let hairline = fast_len(m.a * w, m.b * w) <= 1.0 && fast_len(m.c * w, m.d * w) <= 1.0;
        (width > 0.0 && width <= MAX_THIN_WIDTH && !hairline).then_some(width / 2.0)
    }

    fn transform(&self) -> Transform {
        self.style.matrix.to_skia(self.density)
    }
}

fn paint(color: Rgba) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color.to_skia());
    paint.anti_alias = true;
    paint
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(p5: &P5, x: u32, y: u32) -> [u8; 4] {
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
        let mut p5 = P5::new(20, 20, 1).unwrap();
        p5.push();
        p5.no_fill();
        p5.translate(5.0, 5.0);
        p5.pop();
        assert_eq!(p5.style.fill, Some(Rgba::grey(255)));
        assert_eq!(p5.style.matrix, Matrix::IDENTITY);
    }

    #[test]
    fn alpha_fill_blends_over_the_background() {
        let mut p5 = P5::new(20, 20, 1).unwrap();
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
        let mut p5 = P5::new(20, 20, 1).unwrap();
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
        let mut p5 = P5::new(4, 4, 1).unwrap();
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
        let mut p5 = P5::new(20, 20, 64).unwrap();
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
        let mut p5 = P5::new(10, 10, 2).unwrap();
        p5.background(Rgba::grey(0));
        p5.no_stroke();
        p5.circle(5.0, 5.0, 4.0);
        assert_eq!(p5.pixmap().width(), 20);
        assert_eq!(pixel(&p5, 10, 10), [255, 255, 255, 255]);
        assert_eq!(pixel(&p5, 10, 14), [0, 0, 0, 255]);
    }
}
