//! The drawing state that `push()` saves and `pop()` restores: colours,
//! stroke weight, caps and joins, rect and ellipse modes, the transform.

use std::sync::Arc;

use tiny_skia::{LineCap, LineJoin, Mask};

use super::context::Context;
use super::matrix::Matrix;
use crate::p5::colour::color::Rgba;
use crate::p5::compositing::composite::Composite;
use crate::p5::P5;

/// How `rect`, `ellipse`, `circle` and `arc` read their first four numbers:
/// p5's `rectMode` / `ellipseMode` constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// (x, y) is the top-left corner, then width and height (`rect`'s default).
    Corner,
    /// (x, y) and (w, h) are two opposite corners.
    Corners,
    /// (x, y) is the centre, then width and height (`ellipse`'s default).
    Center,
    /// (x, y) is the centre, then half the width and half the height.
    Radius,
}

/// The ends of open lines: p5's `strokeCap` constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// Half a disc past each end (the default).
    Round,
    /// Flat at the end points (the canvas's `butt`).
    Square,
    /// Flat, half the weight past each end (the canvas's `square`).
    Project,
}

/// The corners where segments meet: p5's `strokeJoin` constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Join {
    /// Pointed, cut to a bevel past a miter limit of 10 (the default).
    Miter,
    /// Cut flat.
    Bevel,
    /// Rounded.
    Round,
}

/// The state `push()` saves and `pop()` restores.
#[derive(Debug, Clone)]
pub(in crate::p5) struct Style {
    pub fill: Option<Rgba>,
    pub stroke: Option<Rgba>,
    /// The last colour given to `fill`, kept under `noFill` as the canvas
    /// keeps its `fillStyle`: what a vertex records (p5's `vert[5]`).
    pub fill_style: Rgba,
    /// The same for `stroke` (p5's `vert[6]`).
    pub stroke_style: Rgba,
    pub stroke_weight: f64,
    pub cap: Cap,
    pub join: Join,
    pub rect_mode: Mode,
    pub ellipse_mode: Mode,
    pub matrix: Matrix,
    /// The canvas's composite operation (`blendMode`, or `erase`'s).
    pub blend: Composite,
    /// The clip `endClip` made (src/p5/raster/clip.rs): how much of each pixel
    /// drawing may change.
    pub clip: Option<Arc<Mask>>,
    /// What only `drawingContext` sets (src/p5/state/context.rs).
    pub context: Context,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            fill: Some(Rgba::grey(255)),
            stroke: Some(Rgba::grey(0)),
            fill_style: Rgba::grey(255),
            stroke_style: Rgba::grey(0),
            stroke_weight: 1.0,
            cap: Cap::Round,
            join: Join::Miter,
            rect_mode: Mode::Corner,
            ellipse_mode: Mode::Center,
            matrix: Matrix::IDENTITY,
            blend: Composite::SourceOver,
            clip: None,
            context: Context::default(),
        }
    }
}

impl Style {
    pub fn line_cap(&self) -> LineCap {
        match self.cap {
            Cap::Round => LineCap::Round,
            Cap::Square => LineCap::Butt,
            Cap::Project => LineCap::Square,
        }
    }

    pub fn line_join(&self) -> LineJoin {
        match self.join {
            Join::Miter => LineJoin::Miter,
            Join::Bevel => LineJoin::Bevel,
            Join::Round => LineJoin::Round,
        }
    }
}

/// A box read in `mode`: (left, top, width, height) with a width and height
/// that are never negative, as p5's `modeAdjust`. In `Corner` mode a negative
/// size keeps (x, y) as the corner and only loses its sign.
pub(in crate::p5) fn mode_adjust(x: f64, y: f64, w: f64, h: f64, mode: Mode) -> [f64; 4] {
    match mode {
        Mode::Corner => [x, y, w.abs(), h.abs()],
        Mode::Corners => [x.min(w), y.min(h), (w - x).abs(), (h - y).abs()],
        Mode::Radius => {
            let (w, h) = (w.abs(), h.abs());
            [x - w, y - h, 2.0 * w, 2.0 * h]
        }
        Mode::Center => {
            let (w, h) = (w.abs(), h.abs());
            [x - w * 0.5, y - h * 0.5, w, h]
        }
    }
}

impl P5 {
    /// p5's `fill`: the colour inside shapes drawn from now on.
    /// While erasing, it is also the colour `noErase` goes back to, as in
    /// p5 (whose `fill` sets the colour `erase` kept).
    ///
    /// As p5.js 1.11, the canvas's `fillStyle` is set only when `color`
    /// is not the one p5 last gave it (its `_cachedFillStyle`): a gradient
    /// or colour assigned to `drawingContext.fillStyle` since stays.
    pub fn fill(&mut self, color: Rgba) {
        if self.style.context.p5_fill.replace(color) == Some(color) && self.erasing.is_none() {
            self.style.fill = Some(self.style.fill_style);
            return;
        }
        self.style.fill = Some(color);
        self.style.fill_style = color;
        self.style.context.fill = None;
        self.erased(|erased| erased.fill = color);
    }

    /// What `createCanvas` resets, as p5.js 1.11 does: it sizes the canvas
    /// afresh (the context's state goes) and applies the renderer's
    /// defaults, a white fill, a black stroke, one unit wide, round caps,
    /// miter joins, no transform, BLEND. What p5 keeps on the renderer
    /// stays: whether shapes are filled or stroked at all (`noFill()`
    /// before `createCanvas()` still holds), the rect and ellipse modes,
    /// the curve tightness.
    pub fn canvas_defaults(&mut self) {
        let fresh = Style::default();
        let style = &mut self.style;
        style.fill = style.fill.and(fresh.fill);
        style.fill_style = fresh.fill_style;
        style.stroke = style.stroke.and(fresh.stroke);
        style.stroke_style = fresh.stroke_style;
        style.stroke_weight = fresh.stroke_weight;
        style.cap = fresh.cap;
        style.join = fresh.join;
        style.matrix = fresh.matrix;
        style.blend = fresh.blend;
        style.clip = fresh.clip;
        self.clipping = None;
        style.context = fresh.context;
    }

    /// p5's `noFill`: shapes drawn from now on are not filled.
    pub fn no_fill(&mut self) {
        self.style.fill = None;
    }

    /// p5's `stroke`: the colour of outlines, lines and points drawn from now
    /// on.
    /// While erasing, it is also the colour `noErase` goes back to.
    /// Set only when not the colour p5 last gave `strokeStyle`, as `fill`.
    pub fn stroke(&mut self, color: Rgba) {
        if self.style.context.p5_stroke.replace(color) == Some(color) && self.erasing.is_none() {
            self.style.stroke = Some(self.style.stroke_style);
            return;
        }
        self.style.stroke = Some(color);
        self.style.stroke_style = color;
        self.style.context.stroke = None;
        self.erased(|erased| erased.stroke = color);
    }

    /// p5's `noStroke`: no outlines, lines or points from now on.
    pub fn no_stroke(&mut self) {
        self.style.stroke = None;
    }

    /// Line width in canvas units; the default is 1. At 0 or below nothing
    /// is stroked (p5's canvas then strokes 0.0001 units wide: invisible).
    pub fn stroke_weight(&mut self, weight: f64) {
        self.style.stroke_weight = weight;
    }

    /// p5's `strokeCap`: the ends of open lines and outlines (default
    /// `Cap::Round`).
    pub fn stroke_cap(&mut self, cap: Cap) {
        self.style.cap = cap;
    }

    /// p5's `strokeJoin`: the corners of outlines (default `Join::Miter`,
    /// miter limit 10).
    pub fn stroke_join(&mut self, join: Join) {
        self.style.join = join;
    }

    /// p5's `curveTightness`: 0 (the default) is Catmull-Rom, 1 straight lines.
    pub fn curve_tightness(&mut self, tightness: f64) {
        self.curve_tightness = tightness;
    }

    /// p5's `rectMode`: how `rect` reads its numbers (default `Mode::Corner`).
    pub fn rect_mode(&mut self, mode: Mode) {
        self.style.rect_mode = mode;
    }

    /// p5's `ellipseMode`: how `ellipse`, `circle` and `arc` read their
    /// numbers (default `Mode::Center`).
    pub fn ellipse_mode(&mut self, mode: Mode) {
        self.style.ellipse_mode = mode;
    }

    /// p5's `push`: saves the style, the modes and the transform, for `pop`.
    pub fn push(&mut self) {
        self.stack.push(self.style.clone());
    }

    /// Restores the style saved by the matching `push`. Does nothing when
    /// there is none, as p5. Then, as p5 reads back the context's styles
    /// (which no `fill()` colour matches), the next `fill()` and
    /// `stroke()` set them.
    pub fn pop(&mut self) {
        if let Some(style) = self.stack.pop() {
            self.style = style;
            self.style.context.p5_fill = None;
            self.style.context.p5_stroke = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mode_adjust_reads_each_mode_as_p5() {
        assert_eq!(
            mode_adjust(10.0, 20.0, -4.0, 6.0, Mode::Corner),
            [10.0, 20.0, 4.0, 6.0]
        );
        assert_eq!(
            mode_adjust(10.0, 20.0, 4.0, 6.0, Mode::Corners),
            [4.0, 6.0, 6.0, 14.0]
        );
        assert_eq!(
            mode_adjust(10.0, 20.0, -4.0, 6.0, Mode::Center),
            [8.0, 17.0, 4.0, 6.0]
        );
        assert_eq!(
            mode_adjust(10.0, 20.0, 4.0, -6.0, Mode::Radius),
            [6.0, 14.0, 8.0, 12.0]
        );
    }

    #[test]
    fn push_and_pop_restore_modes_caps_and_joins() {
        let mut p5 = P5::new(4, 4, 1.0).unwrap();
        p5.push();
        p5.rect_mode(Mode::Center);
        p5.ellipse_mode(Mode::Corner);
        p5.stroke_cap(Cap::Square);
        p5.stroke_join(Join::Round);
        p5.pop();
        assert_eq!(p5.style.rect_mode, Mode::Corner);
        assert_eq!(p5.style.ellipse_mode, Mode::Center);
        assert_eq!(p5.style.cap, Cap::Round);
        assert_eq!(p5.style.join, Join::Miter);
    }
}
