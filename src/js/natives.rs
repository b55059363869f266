//! The drawing natives that take only numbers, in one table. Each line of
//! `natives!` names the function on `__native`, the recorded call with its
//! numbers, and how a replay draws it on the canvas; the macro makes all
//! three, so adding such a native is one line here and one method on `P5`.
//! Arguments are converted as JavaScript would: a missing one, or
//! `undefined`, is NaN (which p5's drawing layer draws as nothing).

use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Function, Object};

use super::bind::{numbers, Stage, N};
use super::record::Op;
use crate::p5::{Kind, P5};

/// The table: `"name" => Call(numbers) => |p5| drawing;`, or
/// `|p5, kind|` for a call that changes the kind of shape being built.
/// The numbers are the native's parameters; after `list`, they are read
/// from its arguments list instead (for more numbers than a Rust closure
/// takes as parameters: seven, with the context).
macro_rules! natives {
    ($($name:literal => $call:ident($($a:ident),*) $($list:ident)? =>
        |$p5:ident $(, $kind:ident)?| $draw:expr;)*) => {
        /// A recorded call of a native of the table, with its numbers.
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub(crate) enum Call {
            $($call { $($a: f64),* },)*
        }

        impl Call {
            /// Draws the call on `p5`; `kind` follows the shape being built.
            pub(super) fn apply(self, target: &mut P5, shape_kind: &mut Kind) {
                let _ = &shape_kind;
                match self {
                    $(Call::$call { $($a),* } => {
                        let $p5 = target;
                        $(let $kind = &mut *shape_kind;)?
                        $draw;
                    })*
                }
            }
        }

        /// Sets each native of the table on `native`, drawing through `stage`.
        pub(super) fn install<'js>(
            ctx: &Ctx<'js>,
            native: &Object<'js>,
            stage: &Stage,
        ) -> rquickjs::Result<()> {
            $(natives!(@register ctx native stage $name $call ($($a),*) $($list)?);)*
            Ok(())
        }
    };
    (@register $ctx:ident $native:ident $stage:ident $name:literal $call:ident ($($a:ident),*)) => {
        let s = $stage.clone();
        $native.set(
            $name,
            Function::new($ctx.clone(), move |ctx: Ctx<'js>, $($a: N),*| {
                s.draw(&ctx, Op::Call(Call::$call { $($a: $a.0),* }))
            })?,
        )?;
    };
    (@register $ctx:ident $native:ident $stage:ident $name:literal $call:ident ($($a:ident),*) list) => {
        let s = $stage.clone();
        $native.set(
            $name,
            Function::new($ctx.clone(), move |ctx: Ctx<'js>, v: Rest<N>| {
                let [$($a),*] = numbers(&v.0);
                s.draw(&ctx, Op::Call(Call::$call { $($a),* }))
            })?,
        )?;
    };
}

natives! {
    "noFill" => NoFill() => |p5| p5.no_fill();
    "noStroke" => NoStroke() => |p5| p5.no_stroke();
    "clear" => Clear() => |p5| p5.clear();
    "strokeWeight" => StrokeWeight(w) => |p5| p5.stroke_weight(w);
    "curveTightness" => CurveTightness(t) => |p5| p5.curve_tightness(t);
    "translate" => Translate(x, y) => |p5| p5.translate(x, y);
    "rotate" => Rotate(a) => |p5| p5.rotate(a);
    "scale" => Scale(x, y) => |p5| p5.scale(x, y);
    "shearX" => ShearX(a) => |p5| p5.shear_x(a);
    "shearY" => ShearY(a) => |p5| p5.shear_y(a);
    "applyMatrix" => ApplyMatrix(a, b, c, d, e, f) => |p5| p5.apply_matrix(a, b, c, d, e, f);
    "resetMatrix" => ResetMatrix() => |p5| p5.reset_matrix();
    // What `createCanvas` resets (see `P5::canvas_defaults`).
    "canvasDefaults" => CanvasDefaults() => |p5| p5.canvas_defaults();
    "point" => Point(x, y) => |p5| p5.point(x, y);
    "circle" => Circle(x, y, d) => |p5| p5.circle(x, y, d);
    "ellipse" => Ellipse(x, y, w, h) => |p5| p5.ellipse(x, y, w, h);
    "line" => Line(x1, y1, x2, y2) => |p5| p5.line(x1, y1, x2, y2);
    "triangle" => Triangle(x1, y1, x2, y2, x3, y3) => |p5| p5.triangle(x1, y1, x2, y2, x3, y3);
    "vertex" => Vertex(x, y) => |p5| p5.vertex(x, y);
    "curveVertex" => CurveVertex(x, y) => |p5| p5.curve_vertex(x, y);
    "bezierVertex" => BezierVertex(x2, y2, x3, y3, x4, y4) =>
        |p5| p5.bezier_vertex(x2, y2, x3, y3, x4, y4);
    "quadraticVertex" => QuadraticVertex(cx, cy, x, y) => |p5| p5.quadratic_vertex(cx, cy, x, y);
    "beginContour" => BeginContour() => |p5| p5.begin_contour();
    "endContour" => EndContour() => |p5| p5.end_contour();
    "rect" => Rect(x, y, w, h, tl, tr, br, bl) list => |p5| p5.rect(x, y, w, h, [tl, tr, br, bl]);
    "quad" => Quad(x1, y1, x2, y2, x3, y3, x4, y4) list =>
        |p5| p5.quad(x1, y1, x2, y2, x3, y3, x4, y4);
    // bezier and curve build their own shape, a polygon, as p5's do.
    "bezier" => Bezier(x1, y1, x2, y2, x3, y3, x4, y4) list => |p5, kind| {
        p5.bezier(x1, y1, x2, y2, x3, y3, x4, y4);
        *kind = Kind::Polygon;
    };
    "curve" => Curve(x1, y1, x2, y2, x3, y3, x4, y4) list => |p5, kind| {
        p5.curve(x1, y1, x2, y2, x3, y3, x4, y4);
        *kind = Kind::Polygon;
    };
}

impl Call {
    /// Whether the call only paints pixels, changing nothing else of the
    /// canvas (its style, transform, shape being built).
    pub(super) fn paints_only(&self) -> bool {
        matches!(
            self,
            Call::Point { .. }
                | Call::Circle { .. }
                | Call::Ellipse { .. }
                | Call::Line { .. }
                | Call::Triangle { .. }
                | Call::Rect { .. }
                | Call::Quad { .. }
                | Call::Clear {}
        )
    }
}
