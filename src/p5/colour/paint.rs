//! What a shape is painted with once the context has a say: its colour at
//! `globalAlpha`, or a gradient, and the shadow it casts. Every primitive
//! hands its drawing to [`Effects::marked`], which goes straight to
//! [`Drawing::marked`] unless there is a shadow or a gradient; then the
//! shape is first drawn as coverage on a scratch canvas, its shadow
//! blurred from that and drawn under it, and a gradient shaded pixel by
//! pixel through that coverage.

use std::sync::Arc;

use tiny_skia::{Pixmap, Transform};

use super::color::Rgba;
use super::gradient::Gradient;
use crate::p5::compositing::blend::Solid;
use crate::p5::compositing::composite::{blend, Composite, Ink, Source};
use crate::p5::compositing::shadow::{blur, Shadow};
use crate::p5::raster::damage::{pixel_box, Box};
use crate::p5::state::context::Role;
use crate::p5::state::drawing::Drawing;
use crate::p5::P5;

/// What a shape is painted with.
#[derive(Debug, Clone)]
pub(in crate::p5) struct Brush {
    /// The colour at `globalAlpha` and the blend mode.
    pub ink: Ink,
    /// A gradient that paints instead of the colour.
    gradient: Option<Arc<Gradient>>,
    /// The transform from user space to pixels, where the gradient lies.
    user: Transform,
    /// `globalAlpha`, for the gradient's colours.
    alpha: f64,
    shadow: Shadow,
}

/// Room a canvas's shadows and gradients draw in: a transparent pixmap of
/// the canvas's size, made at the first shape that needs it.
#[derive(Debug, Default)]
pub(in crate::p5) struct Effects {
    scratch: Option<Pixmap>,
}

impl P5 {
    /// The brush a shape in `color` is painted with, filled or stroked.
    pub(in crate::p5) fn brush(&self, color: Rgba, role: Role) -> Brush {
        let context = &self.style.context;
        Brush {
            ink: Ink {
                color: context.faded(color),
                mode: self.style.blend,
                clip: self.clip(),
            },
            gradient: context.gradient(role).cloned(),
            user: self.transform(),
            alpha: context.alpha,
            shadow: context.shadow,
        }
    }
}

impl Effects {
    /// [`Drawing::marked`] with `brush`: `draw` paints the pixmap it is
    /// given in the colour it is given, inside `ltrb` under `ts`, and may
    /// be called twice (for the coverage, then the shape).
    pub(in crate::p5) fn marked(
        &mut self,
        drawing: &mut Drawing,
        brush: &Brush,
        ltrb: [f32; 4],
        ts: Transform,
        mut draw: impl FnMut(&mut Pixmap, Rgba),
    ) {
        if !brush.shadow.casts() && brush.gradient.is_none() {
            return drawing.marked(ltrb, ts, brush.ink.clone(), draw);
        }
        let size = drawing.size();
        let Some(b) = pixel_box(ltrb, ts, size) else {
            return;
        };
        let scratch = match &mut self.scratch {
            Some(s) if (s.width(), s.height()) == size => s,
            room => room.insert(Pixmap::new(size.0, size.1).expect("the canvas's size")),
        };
        draw(scratch, Rgba::grey(255));
        let cover = Coverage {
            pixmap: scratch,
            b,
            inverse: brush.user.invert(),
        };
        if brush.shadow.casts() {
            cast(drawing, brush, &cover);
        }
        match &brush.gradient {
            None => drawing.marked(ltrb, ts, brush.ink.clone(), draw),
            Some(gradient) => shade(drawing, brush, gradient, &cover, ltrb, ts),
        }
        let width = size.0 as usize;
        let data = scratch.data_mut();
        for y in b.y0..b.y1 {
            data[4 * (y * width + b.x0)..4 * (y * width + b.x1)].fill(0);
        }
    }
}

/// A shape drawn in white on the scratch canvas: its coverage inside `b`.
struct Coverage<'a> {
    pixmap: &'a Pixmap,
    b: Box,
    /// From pixels back to user space, where a gradient is; `None` when
    /// the transform has no inverse (then nothing was drawn).
    inverse: Option<Transform>,
}

impl Coverage<'_> {
    /// The coverage (0..=255) of pixel (x, y).
    fn at(&self, x: usize, y: usize) -> u8 {
        self.pixmap.data()[4 * (y * self.pixmap.width() as usize + x) + 3]
    }

    /// The colour of `gradient` at the centre of pixel (x, y), at
    /// `alpha`.
    fn gradient_at(&self, gradient: &Gradient, alpha: f64, x: usize, y: usize) -> Rgba {
        let Some(inverse) = self.inverse else {
            return Rgba::new(0, 0, 0, 0);
        };
        let mut p = [tiny_skia::Point::from_xy(x as f32 + 0.5, y as f32 + 0.5)];
        inverse.map_points(&mut p);
        let c = gradient.at(f64::from(p[0].x), f64::from(p[0].y));
        Rgba {
            a: (f64::from(c.a) * alpha).round() as u8,
            ..c
        }
    }
}

/// Draws the shadow of the shape `cover` holds: its alpha as painted,
/// blurred, moved by the offset, in the shadow's colour.
fn cast(drawing: &mut Drawing, brush: &Brush, cover: &Coverage) {
    let shadow = &brush.shadow;
    let (b, reach) = (cover.b, shadow.reach());
    let (w, h) = (b.x1 - b.x0 + 2 * reach, b.y1 - b.y0 + 2 * reach);
    let mut alpha = vec![0.0f32; w * h];
    for y in b.y0..b.y1 {
        for x in b.x0..b.x1 {
            let c = cover.at(x, y);
            if c == 0 {
                continue;
            }
            let paint = match &brush.gradient {
                Some(g) => cover.gradient_at(g, brush.alpha, x, y).a,
                None => brush.ink.color.a,
            };
            let i = (y - b.y0 + reach) * w + (x - b.x0 + reach);
            alpha[i] = f32::from(c) * f32::from(paint) / (255.0 * 255.0);
        }
    }
    blur(&mut alpha, w, h, shadow.sigma());
    // Where the blurred box lands, clipped to the canvas.
    let (dx, dy) = shadow.shift();
    let (ox, oy) = (
        b.x0 as i64 - reach as i64 + dx,
        b.y0 as i64 - reach as i64 + dy,
    );
    let (width, height) = drawing.size();
    let clip = |v: i64, most: u32| v.clamp(0, i64::from(most));
    let (x0, x1) = (clip(ox, width), clip(ox + w as i64, width));
    let (y0, y1) = (clip(oy, height), clip(oy + h as i64, height));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let ltrb = [x0, y0, x1, y1].map(|v| v as f32);
    let ink = Ink {
        color: shadow.color,
        ..brush.ink.clone()
    };
    drawing.marked(ltrb, Transform::identity(), ink, |pixmap, color| {
        let solid = Solid::new(color);
        let across = pixmap.width() as usize;
        let data = pixmap.data_mut();
        for y in y0..y1 {
            let row = (y - oy) as usize * w;
            for x in x0..x1 {
                let v = alpha[row + (x - ox) as usize];
                let aa = (v * 255.0 + 0.5).min(255.0) as u32;
                let at = 4 * (y as usize * across + x as usize);
                solid.blend(&mut data[at..at + 4], aa);
            }
        }
    });
}

/// Paints each pixel the shape covers with `gradient`'s colour there, in
/// the brush's blend mode.
fn shade(
    drawing: &mut Drawing,
    brush: &Brush,
    gradient: &Gradient,
    cover: &Coverage,
    ltrb: [f32; 4],
    ts: Transform,
) {
    let b = cover.b;
    // Source-over hands over the canvas's own pixels, to blend here.
    let ink = Ink {
        color: Rgba::grey(255),
        mode: Composite::SourceOver,
        clip: brush.ink.clip.clone(),
    };
    drawing.marked(ltrb, ts, ink, |pixmap, _| {
        let across = pixmap.width() as usize;
        let data = pixmap.data_mut();
        for y in b.y0..b.y1 {
            for x in b.x0..b.x1 {
                let c = cover.at(x, y);
                if c == 0 {
                    continue;
                }
                let color = cover.gradient_at(gradient, brush.alpha, x, y);
                let px = &mut data[4 * (y * across + x)..4 * (y * across + x) + 4];
                match brush.ink.mode {
                    Composite::SourceOver => Solid::new(color).blend(px, u32::from(c)),
                    mode => blend(px, Source::new(color), c, mode),
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::super::gradient::Shape;
    use super::*;
    use crate::p5::state::context::Setting;
    use crate::p5::tests::pixel;

    #[test]
    fn a_moved_shadow_lands_beside_the_shape_and_under_it() {
        let mut p5 = P5::new(30, 30, 1.0).unwrap();
        p5.background(Rgba::grey(255));
        p5.no_stroke();
        p5.fill(Rgba::new(0, 0, 255, 255));
        p5.set_context(Setting::ShadowColor(Rgba::new(255, 0, 0, 255)));
        p5.set_context(Setting::ShadowOffsetX(10.0));
        // The transform does not turn the offset.
        p5.rotate(std::f64::consts::FRAC_PI_2);
        p5.rect(2.0, -12.0, 10.0, 10.0, [0.0; 4]);
        assert_eq!(pixel(&p5, 7, 7), [0, 0, 255, 255], "the shape over it");
        assert_eq!(
            pixel(&p5, 17, 7),
            [255, 0, 0, 255],
            "the shadow, 10 px right"
        );
        assert_eq!(pixel(&p5, 7, 17), [255, 255, 255, 255]);
    }

    #[test]
    fn a_gradient_fills_in_user_space_until_fill_sets_a_colour() {
        let mut p5 = P5::new(20, 10, 1.0).unwrap();
        p5.no_stroke();
        let stops = vec![(0.0, Rgba::grey(0)), (1.0, Rgba::grey(250))];
        let shape = Shape::Linear([0.0, 0.0, 10.0, 0.0]);
        let g = Arc::new(Gradient::new(1, shape, stops).unwrap());
        p5.set_context(Setting::Gradient(Role::Fill, g));
        p5.translate(10.0, 0.0);
        p5.rect(0.0, 0.0, 10.0, 10.0, [0.0; 4]);
        // Pixel 14's centre is 4.5 units along the moved gradient.
        assert_eq!(pixel(&p5, 14, 5), [113, 113, 113, 255]);
        p5.fill(Rgba::grey(9));
        p5.rect(-10.0, 0.0, 10.0, 10.0, [0.0; 4]);
        assert_eq!(pixel(&p5, 4, 5), [9, 9, 9, 255]);
    }
}
