//! The canvas state that only a sketch's `drawingContext` reaches, beside
//! what p5's own functions set: shadows, line dashes, `globalAlpha`, and
//! gradients as `fillStyle` and `strokeStyle`. It is part of the style
//! `push()` saves, as p5's `push()` saves the context; `createCanvas`
//! resets it, as sizing a canvas resets its context.
//!
//! Values the canvas would ignore (a negative blur, a NaN offset, an alpha
//! past 0..1, a dash with a negative entry) are ignored here, so a replay
//! ignores them too.

use std::sync::Arc;

use tiny_skia::StrokeDash;

use super::style::{Cap, Join};
use crate::p5::colour::color::Rgba;
use crate::p5::colour::gradient::Gradient;
use crate::p5::compositing::composite::Composite;
use crate::p5::compositing::shadow::Shadow;
use crate::p5::P5;

/// The most entries `setLineDash` takes (after an odd list is doubled):
/// past it the sketch is told, rather than a stroke cut into millions of
/// pieces.
pub const MAX_DASH: usize = 1024;

/// The context's own state. The default is the canvas's: no shadow, solid
/// lines, `globalAlpha` 1, the fill and stroke colours p5 sets.
#[derive(Debug, Clone)]
pub struct Context {
    pub shadow: Shadow,
    /// The dash pattern in user units, an even number of entries; empty
    /// draws solid lines.
    pub dash: Arc<[f64]>,
    pub dash_offset: f64,
    /// `globalAlpha`, 0..=1: every colour drawn is this much as opaque.
    pub alpha: f64,
    /// A gradient as `fillStyle`, until `fill()` sets a colour.
    pub fill: Option<Arc<Gradient>>,
    /// A gradient as `strokeStyle`, until `stroke()` sets a colour.
    pub stroke: Option<Arc<Gradient>>,
    /// The colour p5's `fill()` last gave `fillStyle`, while p5 holds it
    /// as its cache: `fill()` of the same colour again leaves `fillStyle`
    /// as it is. `None` after `createCanvas` and `pop()`.
    pub p5_fill: Option<Rgba>,
    /// The same for `stroke()` and `strokeStyle`.
    pub p5_stroke: Option<Rgba>,
}

impl Default for Context {
    fn default() -> Self {
        Context {
            shadow: Shadow::default(),
            dash: Arc::from([]),
            dash_offset: 0.0,
            alpha: 1.0,
            fill: None,
            stroke: None,
            p5_fill: None,
            p5_stroke: None,
        }
    }
}

/// The context's members that p5's functions set: `lineWidth`
/// (`strokeWeight`), `lineCap`, `lineJoin`, `globalCompositeOperation`
/// (`blendMode`), and the colours of `fillStyle` and `strokeStyle`.
#[derive(Debug, Clone, Copy)]
pub struct Styles {
    pub weight: f64,
    pub cap: Cap,
    pub join: Join,
    pub blend: Composite,
    pub fill: Rgba,
    pub stroke: Rgba,
}

/// Whether a shape is being filled or stroked: which of `fillStyle` and
/// `strokeStyle` paints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Fill,
    Stroke,
}

/// One assignment to the context, as the sketch made it.
#[derive(Debug, Clone)]
pub enum Setting {
    /// `shadowBlur`, in pixels; ignored when negative or not finite.
    ShadowBlur(f64),
    /// `shadowColor`, parsed.
    ShadowColor(Rgba),
    /// `shadowOffsetX`, in pixels; ignored when not finite.
    ShadowOffsetX(f64),
    /// `shadowOffsetY`, in pixels; ignored when not finite.
    ShadowOffsetY(f64),
    /// `setLineDash(list)`; ignored when an entry is negative or not
    /// finite, or there are more than [`MAX_DASH`].
    LineDash(Arc<[f64]>),
    /// `lineDashOffset`, in user units; ignored when not finite.
    LineDashOffset(f64),
    /// `globalAlpha`; ignored outside 0..=1.
    GlobalAlpha(f64),
    /// `fillStyle` or `strokeStyle` set to a CSS colour: the colour p5
    /// fills or strokes with, while it does.
    Color(Role, Rgba),
    /// `fillStyle` or `strokeStyle` set to a gradient.
    Gradient(Role, Arc<Gradient>),
}

impl Context {
    /// The dash to stroke with, or `None` for a solid line (no dash, or
    /// one of zeros only).
    pub fn stroke_dash(&self) -> Option<StrokeDash> {
        if self.dash.is_empty() {
            return None;
        }
        let intervals = self.dash.iter().map(|&v| v as f32).collect();
        StrokeDash::new(intervals, self.dash_offset as f32)
    }

    /// `color` as `globalAlpha` draws it.
    pub fn faded(&self, color: Rgba) -> Rgba {
        if self.alpha == 1.0 {
            return color;
        }
        let a = (f64::from(color.a) * self.alpha).round() as u8;
        Rgba { a, ..color }
    }

    /// The gradient that paints shapes in `role`, if any.
    pub fn gradient(&self, role: Role) -> Option<&Arc<Gradient>> {
        match role {
            Role::Fill => self.fill.as_ref(),
            Role::Stroke => self.stroke.as_ref(),
        }
    }
}

/// The colour a CSS string assigned to the context gives (`shadowColor`,
/// `fillStyle`, a gradient's stop): each level clamped to 0..=255, the
/// alpha rounded to 8 bits; `None` when it is not a colour, which the
/// canvas ignores.
pub fn css_color(css: &str) -> Option<Rgba> {
    let known = crate::p5::colour::css::recognise(css)?;
    let [r, g, b, a] = known
        .rgba
        .map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8);
    Some(Rgba::new(r, g, b, a))
}

/// A colour as the canvas gives it back: `#rrggbb` when opaque, else
/// `rgba(r, g, b, a)`.
pub fn css_string(c: Rgba) -> String {
    if c.a == 255 {
        return format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b);
    }
    let a = (f64::from(c.a) / 255.0 * 1000.0).round() / 1000.0;
    format!("rgba({}, {}, {}, {a})", c.r, c.g, c.b)
}

/// The dash `setLineDash(list)` sets, or `None` when the canvas ignores
/// the call: an odd list is repeated to make it even.
fn line_dash(list: &[f64]) -> Option<Arc<[f64]>> {
    if list.iter().any(|v| !v.is_finite() || *v < 0.0) {
        return None;
    }
    let copies = if list.len() % 2 == 1 { 2 } else { 1 };
    if list.len() * copies > MAX_DASH {
        return None;
    }
    Some(
        list.iter()
            .copied()
            .cycle()
            .take(list.len() * copies)
            .collect(),
    )
}

impl P5 {
    /// Applies one assignment to the `drawingContext`, as the canvas does
    /// (see `Setting` for what is ignored).
    pub fn set_context(&mut self, setting: Setting) {
        let style = &mut self.style;
        let context = &mut style.context;
        match setting {
            Setting::ShadowBlur(v) if v.is_finite() && v >= 0.0 => context.shadow.blur = v,
            Setting::ShadowColor(c) => context.shadow.color = c,
            Setting::ShadowOffsetX(v) if v.is_finite() => context.shadow.offset.0 = v,
            Setting::ShadowOffsetY(v) if v.is_finite() => context.shadow.offset.1 = v,
            Setting::LineDash(list) => {
                if let Some(dash) = line_dash(&list) {
                    context.dash = dash;
                }
            }
            Setting::LineDashOffset(v) if v.is_finite() => context.dash_offset = v,
            Setting::GlobalAlpha(v) if (0.0..=1.0).contains(&v) => context.alpha = v,
            Setting::Color(Role::Fill, c) => {
                context.fill = None;
                style.fill_style = c;
                style.fill = style.fill.map(|_| c);
            }
            Setting::Color(Role::Stroke, c) => {
                context.stroke = None;
                style.stroke_style = c;
                style.stroke = style.stroke.map(|_| c);
            }
            Setting::Gradient(Role::Fill, g) => context.fill = Some(g),
            Setting::Gradient(Role::Stroke, g) => context.stroke = Some(g),
            _ => {}
        }
    }

    /// The context's state, to read back.
    pub(crate) fn context(&self) -> &Context {
        &self.style.context
    }

    /// What p5's own functions set that the context reads back too.
    pub(crate) fn style_read(&self) -> Styles {
        let style = &self.style;
        Styles {
            weight: style.stroke_weight,
            cap: style.cap,
            join: style.join,
            blend: style.blend,
            fill: style.fill_style,
            stroke: style.stroke_style,
        }
    }

    /// Whether `globalAlpha` is 1 now and after any `pop`: a background
    /// then covers what was under it.
    pub(crate) fn opaque_alpha(&self) -> bool {
        self.style.context.alpha == 1.0 && self.stack.iter().all(|s| s.context.alpha == 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_odd_dash_is_doubled_and_a_negative_one_ignored() {
        assert_eq!(
            &*line_dash(&[1.0, 2.0, 3.0]).unwrap(),
            &[1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
        );
        assert_eq!(line_dash(&[1.0, -2.0]), None);
        assert_eq!(line_dash(&[f64::NAN]), None);
        assert_eq!(line_dash(&vec![1.0; MAX_DASH + 1]), None);
        assert!(line_dash(&[]).unwrap().is_empty());
    }

    #[test]
    fn zeros_only_draw_a_solid_line() {
        let context = Context {
            dash: Arc::from([0.0, 0.0]),
            ..Context::default()
        };
        assert!(context.stroke_dash().is_none());
    }

    #[test]
    fn global_alpha_outside_the_unit_range_is_ignored() {
        let mut p5 = P5::new(4, 4, 1.0).unwrap();
        p5.set_context(Setting::GlobalAlpha(0.5));
        p5.set_context(Setting::GlobalAlpha(1.5));
        p5.set_context(Setting::GlobalAlpha(f64::NAN));
        assert_eq!(p5.context().alpha, 0.5);
        assert_eq!(p5.context().faded(Rgba::grey(0)).a, 128);
    }
}
