//! `beginShape` ... `endShape` as p5.js 1.x draws them in 2D: the vertex
//! list with its flags (`isCurve`, `isBezier`, `isQuadratic`, `isContour`,
//! which only `endShape` resets), contours, and each kind of shape.

use tiny_skia::PathBuilder;

use super::curve;
use crate::p5::colour::color::Rgba;
use crate::p5::{Fill, P5};

/// How `end_shape` ends a shape, as p5's `endShape()` and `endShape(CLOSE)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeEnd {
    /// `endShape()`: the outline stays open (the fill still closes it).
    Open,
    /// `endShape(CLOSE)`: the last vertex joins the first.
    Close,
}

/// What `begin_shape_kind` makes of the vertices: p5's `beginShape` kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kind {
    /// One outline through every vertex (`beginShape()`), curves allowed.
    #[default]
    Polygon,
    /// A point at each vertex.
    Points,
    /// A line for each pair of vertices.
    Lines,
    /// A triangle for each three vertices.
    Triangles,
    /// Triangles sharing the first vertex.
    TriangleFan,
    /// A triangle for each vertex after the second, with the two before it.
    TriangleStrip,
    /// A quadrilateral for each four vertices.
    Quads,
    /// A quadrilateral for each pair of vertices after the first pair.
    QuadStrip,
}

/// An entry of p5's vertex list.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::p5) enum Vertex {
    /// `vertex` or `curveVertex`, with the fill and stroke colours set when
    /// it was added (kinds other than `Polygon` draw with them);
    /// `move_to` starts a contour.
    Corner {
        x: f64,
        y: f64,
        move_to: bool,
        fill: Rgba,
        stroke: Rgba,
    },
    /// `bezierVertex`: two control points, then the end.
    Bezier([f64; 6]),
    /// `quadraticVertex`: a control point, then the end.
    Quadratic([f64; 4]),
}

impl Vertex {
    /// The first two numbers, which p5 reads as the point.
    fn xy(&self) -> (f64, f64) {
        match *self {
            Vertex::Corner { x, y, .. } => (x, y),
            Vertex::Bezier([x, y, ..]) | Vertex::Quadratic([x, y, ..]) => (x, y),
        }
    }

    fn colors(&self) -> Option<(Rgba, Rgba)> {
        match *self {
            Vertex::Corner { fill, stroke, .. } => Some((fill, stroke)),
            _ => None,
        }
    }
}

/// The shape being built, with p5's module-level flags.
#[derive(Debug)]
pub(in crate::p5) struct Shape {
    kind: Kind,
    vertices: Vec<Vertex>,
    contour: Vec<Vertex>,
    curve: bool,
    bezier: bool,
    quadratic: bool,
    in_contour: bool,
    first_contour: bool,
}

impl Default for Shape {
    fn default() -> Self {
        Shape {
            kind: Kind::Polygon,
            vertices: Vec::new(),
            contour: Vec::new(),
            curve: false,
            bezier: false,
            quadratic: false,
            in_contour: false,
            first_contour: true,
        }
    }
}

impl P5 {
    /// p5's `beginShape()`: starts a polygon of `vertex`, `curve_vertex`,
    /// `bezier_vertex` and `quadratic_vertex` points.
    pub fn begin_shape(&mut self) {
        self.begin_shape_kind(Kind::Polygon);
    }

    /// p5's `beginShape(kind)`: starts a shape of that kind, forgetting the
    /// vertices of the last one.
    pub fn begin_shape_kind(&mut self, kind: Kind) {
        self.shape.kind = kind;
        self.shape.vertices.clear();
        self.shape.contour.clear();
    }

    /// p5's `vertex`: a corner of the shape, in canvas units. The first
    /// vertex after `begin_contour` starts the contour.
    pub fn vertex(&mut self, x: f64, y: f64) {
        let shape = &mut self.shape;
        let move_to = shape.in_contour && shape.contour.is_empty();
        let v = Vertex::Corner {
            x,
            y,
            move_to,
            fill: self.style.fill_style,
            stroke: self.style.stroke_style,
        };
        shape.push(v);
    }

    /// A vertex of a Catmull-Rom curve (p5 1.x's `curveVertex`): a polygon
    /// with any curve vertex is drawn as a curve through all its vertices,
    /// the first and last only steering.
    pub fn curve_vertex(&mut self, x: f64, y: f64) {
        self.shape.curve = true;
        self.vertex(x, y);
    }

    /// p5's `bezierVertex`: a cubic Bézier from the last vertex through the
    /// controls (x2, y2) and (x3, y3) to (x4, y4). Does nothing before the
    /// shape's first `vertex`, as p5 (which warns).
    pub fn bezier_vertex(&mut self, x2: f64, y2: f64, x3: f64, y3: f64, x4: f64, y4: f64) {
        if !self.shape.vertices.is_empty() {
            self.shape.bezier = true;
            self.shape.push(Vertex::Bezier([x2, y2, x3, y3, x4, y4]));
        }
    }

    /// p5's `quadraticVertex`: a quadratic Bézier from the last vertex
    /// through the control (cx, cy) to (x, y). Does nothing before the
    /// shape's first `vertex`; p5 1.x drops it from a shape that also has a
    /// `bezier_vertex` (its canvas call gets undefined numbers).
    pub fn quadratic_vertex(&mut self, cx: f64, cy: f64, x: f64, y: f64) {
        if !self.shape.vertices.is_empty() {
            self.shape.quadratic = true;
            self.shape.push(Vertex::Quadratic([cx, cy, x, y]));
        }
    }

    /// p5's `beginContour`: the vertices up to `end_contour` make another
    /// outline of the same polygon, filled with the non-zero rule: wind it
    /// the other way round to cut a hole.
    pub fn begin_contour(&mut self) {
        self.shape.contour.clear();
        self.shape.in_contour = true;
    }

    /// p5's `endContour`: closes the contour back to its first vertex (and,
    /// after the first contour, the outer outline to its own). Does nothing
    /// for a contour without vertices (p5 throws).
    pub fn end_contour(&mut self) {
        let shape = &mut self.shape;
        let Some(mut first) = shape.contour.first().copied() else {
            return;
        };
        if let Vertex::Corner { move_to, .. } = &mut first {
            *move_to = false;
        }
        shape.contour.push(first);
        if shape.first_contour {
            if let Some(&outer) = shape.vertices.first() {
                shape.vertices.push(outer);
            }
            shape.first_contour = false;
        }
        shape.vertices.extend_from_slice(&shape.contour);
    }

    /// p5's `endShape`: draws the shape. A polygon is filled, then stroked,
    /// as one path; other kinds draw each point, line, triangle or quad on
    /// its own, in the colours its last vertex was given (p5 leaves the fill
    /// and stroke at those colours afterwards). Does nothing without vertices,
    /// or with neither fill nor stroke.
    pub fn end_shape(&mut self, end: ShapeEnd) {
        if self.shape.vertices.is_empty()
            || (self.style.fill.is_none() && self.style.stroke.is_none())
        {
            return;
        }
        let close = end == ShapeEnd::Close;
        let mut v = std::mem::take(&mut self.shape.vertices);
        let kept = v.len();
        if close && !self.shape.in_contour {
            // Once by p5's endShape, once by its 2D renderer.
            v.extend([v[0], v[0]]);
        }
        let s = &self.shape;
        match s.kind {
            Kind::Polygon if s.curve => {
                let points: Vec<_> = v.iter().map(Vertex::xy).collect();
                let mut pb = PathBuilder::new();
                curve::push_curve(&mut pb, &points, self.curve_tightness, close);
                self.draw(pb, Fill::Analytic);
            }
            Kind::Polygon => {
                let pb = polygon(&v, close, s.bezier, s.quadratic);
                self.draw(pb, Fill::Analytic);
            }
            kind => self.draw_kind(kind, &v, close),
        }
        v.truncate(kept);
        self.shape.vertices = v;
        let s = &mut self.shape;
        (s.curve, s.bezier, s.quadratic, s.in_contour) = (false, false, false, false);
        s.first_contour = true;
    }

    /// The kinds other than `Polygon`, as p5 1.x's `Renderer2D.endShape`.
    fn draw_kind(&mut self, kind: Kind, v: &[Vertex], close: bool) {
        let n = v.len();
        let at = |i: usize| {
            let (x, y) = v[i].xy();
            (x as f32, y as f32)
        };
        let path = |points: &[usize], close: bool| {
            let mut pb = PathBuilder::new();
            for (k, &i) in points.iter().enumerate() {
                let (x, y) = at(i);
                if k == 0 {
                    pb.move_to(x, y);
                } else {
                    pb.line_to(x, y);
                }
            }
            if close {
                pb.close();
            }
            pb
        };
        match kind {
            Kind::Polygon => unreachable!("drawn as one path"),
            Kind::Points => {
                for vertex in v {
                    self.take_colors(vertex, false, true);
                    let (x, y) = vertex.xy();
                    self.point(x, y);
                }
            }
            Kind::Lines => {
                for i in (0..n.saturating_sub(1)).step_by(2) {
                    self.take_colors(&v[i + 1], false, true);
                    let ((x1, y1), (x2, y2)) = (v[i].xy(), v[i + 1].xy());
                    self.line(x1, y1, x2, y2);
                }
            }
            Kind::Triangles => {
                for i in (0..n.saturating_sub(2)).step_by(3) {
                    self.take_colors(&v[i + 2], true, true);
                    self.draw(path(&[i, i + 1, i + 2], true), Fill::Analytic);
                }
            }
            Kind::TriangleStrip => {
                for i in 0..n - 1 {
                    let last = if i + 2 < n { i + 2 } else { i + 1 };
                    self.take_colors(&v[last], true, true);
                    let points: &[usize] = if i + 2 < n {
                        &[i + 1, i, i + 2]
                    } else {
                        &[i + 1, i]
                    };
                    self.draw(path(points, close), Fill::Analytic);
                }
            }
            Kind::TriangleFan if n > 2 => {
                let mut pb = PathBuilder::new();
                for i in 2..n {
                    for (k, j) in [0, i - 1, i, 0].into_iter().enumerate() {
                        let (x, y) = at(j);
                        if k == 0 {
                            pb.move_to(x, y);
                        } else {
                            pb.line_to(x, y);
                        }
                    }
                    // A change of colour ends the batch drawn so far.
                    let changes = i + 1 < n
                        && match (v[i].colors(), v[i + 1].colors()) {
                            (Some((f0, s0)), Some((f1, s1))) => {
                                (self.style.fill.is_some() && f0 != f1)
                                    || (self.style.stroke.is_some() && s0 != s1)
                            }
                            _ => false,
                        };
                    if changes {
                        self.take_colors(&v[i], true, true);
                        self.draw(std::mem::take(&mut pb), Fill::Analytic);
                        self.take_colors(&v[i + 1], true, true);
                    }
                }
                if close {
                    pb.close();
                }
                self.draw(pb, Fill::Analytic);
            }
            Kind::TriangleFan => {}
            Kind::Quads => {
                for i in (0..n.saturating_sub(3)).step_by(4) {
                    self.take_colors(&v[i + 3], true, true);
                    self.draw(path(&[i, i + 1, i + 2, i + 3, i], close), Fill::Analytic);
                }
            }
            Kind::QuadStrip if n > 3 => {
                for i in (0..n - 1).step_by(2) {
                    let points: &[usize] = if i + 3 < n {
                        self.take_colors(&v[i + 3], true, true);
                        &[i + 2, i, i + 1, i + 3]
                    } else {
                        &[i, i + 1]
                    };
                    self.draw(path(points, close), Fill::Analytic);
                }
            }
            Kind::QuadStrip => {}
        }
    }

    /// p5's `fill(v[5])` / `stroke(v[6])` between the sub-shapes of a kind:
    /// only for what is on.
    fn take_colors(&mut self, vertex: &Vertex, fill: bool, stroke: bool) {
        let Some((f, s)) = vertex.colors() else {
            return;
        };
        if fill && self.style.fill.is_some() {
            self.fill(f);
        }
        if stroke && self.style.stroke.is_some() {
            self.stroke(s);
        }
    }
}

impl Shape {
    fn push(&mut self, v: Vertex) {
        if self.in_contour {
            self.contour.push(v);
        } else {
            self.vertices.push(v);
        }
    }
}

/// A polygon's path, as p5 1.x's renderer walks the list: corners move or
/// line to their point; Bézier and quadratic entries curve when the shape
/// has them (a Bézier shape skips quadratic entries, whose canvas call gets
/// undefined numbers).
fn polygon(v: &[Vertex], close: bool, bezier: bool, quadratic: bool) -> PathBuilder {
    let mut pb = PathBuilder::new();
    let f = |v: f64| v as f32;
    let curves = bezier || quadratic;
    for (i, vertex) in v.iter().enumerate() {
        match *vertex {
            Vertex::Corner { x, y, move_to, .. } => {
                if i == 0 || pb.is_empty() {
                    pb.move_to(f(x), f(y));
                } else if move_to {
                    // The outline before a contour is closed only when the
                    // shape is, and only in a polygon without curves.
                    if close && !curves {
                        pb.close();
                    }
                    pb.move_to(f(x), f(y));
                } else {
                    pb.line_to(f(x), f(y));
                }
            }
            Vertex::Bezier([x2, y2, x3, y3, x4, y4]) if bezier => {
                pb.cubic_to(f(x2), f(y2), f(x3), f(y3), f(x4), f(y4));
            }
            Vertex::Quadratic([cx, cy, x, y]) if !bezier => {
                pb.quad_to(f(cx), f(cy), f(x), f(y));
            }
            _ => {}
        }
    }
    if close {
        pb.close();
    }
    pb
}

#[cfg(test)]
mod tests;
