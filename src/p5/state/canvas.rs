//! A canvas's life: made, sized by `createCanvas`, copied for drawing
//! threads, and its drawing handed on.

use tiny_skia::Pixmap;

use crate::check;
use crate::error::Error;
use crate::limits::{scaled, MAX_PIXELS, MAX_SCALE, MAX_SIDE, MIN_SCALE};
use crate::p5::compositing::composite::Composite;
use crate::p5::{Drawing, Shape, Style, DEFAULT_SIDE, P5};

impl P5 {
    /// A canvas of `width` x `height` canvas units, drawn at `density` pixels
    /// per unit (p5's `pixelDensity`, fractions allowed): the raster is
    /// each side times `density`, rounded down. Returns `None` when the
    /// pixmap would be empty or too large for tiny-skia.
    pub fn new(width: u32, height: u32, density: f64) -> Option<Self> {
        let side = |units| u32::try_from(scaled(units, density)).ok();
        let drawing = Drawing::blank(side(width)?, side(height)?)?;
        Some(P5::on(drawing, (width, height), density))
    }

    /// p5's default canvas, 100 x 100 units, at `density` pixels per unit
    /// (from 0.25 to 64, clamped there): what a sketch's `setup` starts with.
    pub(crate) fn before_setup(density: f64, transparent: bool) -> P5 {
        let density = density.clamp(MIN_SCALE, MAX_SCALE);
        let mut p5 =
            P5::new(DEFAULT_SIDE, DEFAULT_SIDE, density).expect("at most 6400 x 6400 pixels");
        p5.transparent = transparent;
        p5
    }

    /// p5's `createCanvas`: a new, transparent canvas of `width` x `height`
    /// canvas units, at the same density. Fails, drawing nothing, when a
    /// side is 0 or the raster would pass the limits (sides of 65,535 pixels,
    /// 100,000,000 pixels).
    pub fn create_canvas(&mut self, width: u32, height: u32) -> Result<(), Error> {
        let density = self.density;
        let (w, h) = (scaled(width, density), scaled(height, density));
        if w == 0 || h == 0 || w.max(h) > u64::from(MAX_SIDE) || w * h > MAX_PIXELS {
            return Err(check::refuse(
                "createCanvas",
                format!("{width} x {height} at pixel density {density}"),
                format!(
                    "sides of at least 1 and at most {MAX_SIDE} pixels, at most {MAX_PIXELS} pixels"
                ),
            ));
        }
        let (w, h) = (w as u32, h as u32);
        if self.drawing.size() != (w, h) {
            self.drawing = Drawing::blank(w, h).expect("within the limits");
        }
        self.units = (width, height);
        Ok(())
    }

    /// The canvas's width in canvas units (p5's `width`).
    pub fn width(&self) -> u32 {
        self.units.0
    }

    /// The canvas's height in canvas units (p5's `height`).
    pub fn height(&self) -> u32 {
        self.units.1
    }

    /// Pixels per canvas unit (p5's `pixelDensity()`).
    pub fn density(&self) -> f64 {
        self.density
    }

    /// Whether `background` clears instead of painting (see
    /// `set_transparent`).
    pub fn is_transparent(&self) -> bool {
        self.transparent
    }

    fn on(drawing: Drawing, units: (u32, u32), density: f64) -> Self {
        P5 {
            drawing,
            units,
            density,
            transparent: false,
            style: Style::default(),
            stack: Vec::new(),
            shape: Shape::default(),
            erasing: None,
            blend_cached: Composite::SourceOver,
            curve_tightness: 0.0,
            clipping: None,
            effects: Default::default(),
            raster: Default::default(),
            outline: Default::default(),
        }
    }

    /// A canvas of the same density, transparency and style, drawing on
    /// `drawing` (from `blank_drawing`, or a frame handed on before).
    pub(crate) fn sibling(&self, drawing: Drawing) -> P5 {
        let mut p5 = P5::on(drawing, self.units, self.density);
        p5.transparent = self.transparent;
        p5.style = self.style.clone();
        p5.curve_tightness = self.curve_tightness;
        p5
    }

    /// What the canvas has drawn on, to be drawn on again.
    pub(crate) fn into_drawing(self) -> Drawing {
        self.drawing
    }

    /// A transparent drawing the size of the canvas, nothing known of it.
    pub(crate) fn blank_drawing(&self) -> Drawing {
        let (width, height) = self.drawing.size();
        Drawing::blank(width, height).expect("the size was valid")
    }

    /// Exchanges the pixels drawn, and what is known of them, with `other`,
    /// a drawing of the same size: hands a frame on without copying it.
    /// Only for sketches that paint their whole canvas each frame, so that
    /// what `other` held does not show in the next frame.
    pub(crate) fn swap_drawing(&mut self, other: &mut Drawing) {
        assert_eq!(other.size(), self.drawing.size());
        std::mem::swap(&mut self.drawing, other);
    }

    /// The pixels drawn so far and what is known of them.
    pub fn drawing(&self) -> &Drawing {
        &self.drawing
    }

    /// The pixels drawn so far (premultiplied RGBA).
    pub fn pixmap(&self) -> &Pixmap {
        self.drawing.pixmap()
    }

    /// Forgets what is known of the pixels: the next background paints all
    /// of them, as a reference for the repainting of only what was drawn.
    #[cfg(test)]
    pub(crate) fn forget_damage(&mut self) {
        self.drawing.forget_damage();
    }
}
