//! The canvas's gradients (`createLinearGradient`, `createRadialGradient`,
//! `createConicGradient` with `addColorStop`), as a colour at each point
//! of user space. The shape is drawn first as coverage; each pixel it
//! covers then takes the gradient's colour at its centre, mapped back
//! through the transform of the draw, as the canvas maps a gradient.
//!
//! Colours are interpolated unpremultiplied, as Skia's canvas gradients
//! are; past the first and last stops the end colours extend (the
//! canvas's only spread); a gradient without stops paints nothing.

use std::f64::consts::TAU;

use super::color::Rgba;

/// The most colour stops a gradient keeps: the sketch is told past it.
pub const MAX_STOPS: usize = 1024;

/// Where a gradient runs, in user units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// From (x0, y0) to (x1, y1).
    Linear([f64; 4]),
    /// Between the circles (x0, y0, r0) and (x1, y1, r1).
    Radial([f64; 6]),
    /// Clockwise round (x, y), from `start` radians off the x axis.
    Conic { start: f64, x: f64, y: f64 },
}

/// A gradient as assigned: its shape and its stops, sorted by offset
/// (stops at the same offset kept in the order added).
#[derive(Debug, Clone, PartialEq)]
pub struct Gradient {
    /// The number the sketch's gradient object is known by.
    pub id: u32,
    pub shape: Shape,
    stops: Vec<(f64, Rgba)>,
}

impl Gradient {
    /// A gradient of `shape` with `stops` (offset 0..=1, colour), in the
    /// order the sketch added them; `None` past [`MAX_STOPS`] or with an
    /// offset outside 0..=1 (the canvas throws for it when added).
    pub fn new(id: u32, shape: Shape, mut stops: Vec<(f64, Rgba)>) -> Option<Gradient> {
        if stops.len() > MAX_STOPS || stops.iter().any(|(t, _)| !(0.0..=1.0).contains(t)) {
            return None;
        }
        stops.sort_by(|a, b| a.0.total_cmp(&b.0));
        Some(Gradient { id, shape, stops })
    }

    /// The colour at (x, y) in user units; transparent where the
    /// gradient does not reach (outside both circles of a radial one that
    /// do not contain each other) or without stops.
    pub fn at(&self, x: f64, y: f64) -> Rgba {
        match self.offset(x, y) {
            Some(t) if !self.stops.is_empty() => self.color(t),
            _ => Rgba::new(0, 0, 0, 0),
        }
    }

    /// Where (x, y) falls along the gradient: 0 at its start, 1 at its end.
    fn offset(&self, x: f64, y: f64) -> Option<f64> {
        match self.shape {
            Shape::Linear([x0, y0, x1, y1]) => {
                let (dx, dy) = (x1 - x0, y1 - y0);
                let len = dx * dx + dy * dy;
                // A gradient of no length paints nothing, as the canvas.
                (len > 0.0).then(|| ((x - x0) * dx + (y - y0) * dy) / len)
            }
            Shape::Radial(circles) => radial(circles, x, y),
            Shape::Conic {
                start,
                x: cx,
                y: cy,
            } => {
                let angle = (y - cy).atan2(x - cx) - start;
                Some((angle / TAU).rem_euclid(1.0))
            }
        }
    }

    /// The colour at offset `t`, the stops around it interpolated.
    fn color(&self, t: f64) -> Rgba {
        let (first, last) = (self.stops[0], self.stops[self.stops.len() - 1]);
        if t <= first.0 {
            return first.1;
        }
        if t >= last.0 {
            return last.1;
        }
        let after = self.stops.iter().position(|s| s.0 > t).unwrap_or(0);
        let ((t0, c0), (t1, c1)) = (self.stops[after - 1], self.stops[after]);
        let f = (t - t0) / (t1 - t0);
        let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
        Rgba::new(
            mix(c0.r, c1.r),
            mix(c0.g, c1.g),
            mix(c0.b, c1.b),
            mix(c0.a, c1.a),
        )
    }
}

/// The canvas's two-circle gradient at (x, y): the largest `w` for which
/// (x, y) lies on the circle between the two, `w` of the way, whose radius
/// `r0 + w (r1 - r0)` is not negative; `None` where there is none.
fn radial([x0, y0, r0, x1, y1, r1]: [f64; 6], x: f64, y: f64) -> Option<f64> {
    let (cx, cy, dr) = (x1 - x0, y1 - y0, r1 - r0);
    let (px, py) = (x - x0, y - y0);
    // |p - w c| = r0 + w dr, squared: a w^2 - 2 b w + c = 0.
    let a = cx * cx + cy * cy - dr * dr;
    let b = px * cx + py * cy + r0 * dr;
    let c = px * px + py * py - r0 * r0;
    let fits = |w: f64| r0 + w * dr >= 0.0;
    if a.abs() < 1e-12 {
        let w = c / (2.0 * b);
        return (b != 0.0 && fits(w)).then_some(w);
    }
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let root = disc.sqrt();
    let (hi, lo) = ((b + root) / a, (b - root) / a);
    let (hi, lo) = (hi.max(lo), hi.min(lo));
    [hi, lo].into_iter().find(|&w| fits(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_stops(shape: Shape) -> Gradient {
        let stops = vec![(1.0, Rgba::grey(255)), (0.0, Rgba::grey(0))];
        Gradient::new(1, shape, stops).unwrap()
    }

    #[test]
    fn a_linear_gradient_runs_along_its_line_and_extends_its_ends() {
        let g = two_stops(Shape::Linear([10.0, 0.0, 20.0, 0.0]));
        assert_eq!(g.at(15.0, 99.0), Rgba::grey(128));
        assert_eq!(g.at(0.0, 0.0), Rgba::grey(0));
        assert_eq!(g.at(30.0, 0.0), Rgba::grey(255));
    }

    #[test]
    fn a_radial_gradient_between_concentric_circles_is_by_distance() {
        let g = two_stops(Shape::Radial([0.0, 0.0, 10.0, 0.0, 0.0, 20.0]));
        assert_eq!(g.at(15.0, 0.0), Rgba::grey(128));
        assert_eq!(g.at(0.0, 5.0), Rgba::grey(0));
        assert_eq!(g.at(0.0, 25.0), Rgba::grey(255));
    }

    #[test]
    fn a_conic_gradient_turns_clockwise_from_its_start() {
        let g = two_stops(Shape::Conic {
            start: 0.0,
            x: 0.0,
            y: 0.0,
        });
        // A quarter turn clockwise on screen is +y.
        assert_eq!(g.at(0.0, 10.0), Rgba::grey(64));
    }

    #[test]
    fn stops_out_of_range_or_too_many_are_refused() {
        let shape = Shape::Linear([0.0, 0.0, 1.0, 0.0]);
        assert!(Gradient::new(1, shape, vec![(1.5, Rgba::grey(0))]).is_none());
        assert!(Gradient::new(1, shape, vec![(0.5, Rgba::grey(0)); MAX_STOPS + 1]).is_none());
        assert_eq!(Gradient::new(1, shape, vec![]).unwrap().at(0.0, 0.0).a, 0);
    }
}
