//! A shape handed over segment by segment, as p5.js 2's 2D renderer hands
//! its shapes to the canvas: one path of moves, lines, quadratic and cubic
//! Béziers and closes, filled once and stroked once.

use tiny_skia::PathBuilder;

use crate::p5::{Fill, P5};

/// One call a canvas path is built with, in canvas units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Segment {
    /// `moveTo(x, y)`: starts a subpath.
    MoveTo([f64; 2]),
    /// `lineTo(x, y)`.
    LineTo([f64; 2]),
    /// `quadraticCurveTo(cx, cy, x, y)`.
    QuadTo([f64; 4]),
    /// `bezierCurveTo(x1, y1, x2, y2, x, y)`.
    CubicTo([f64; 6]),
    /// `closePath()`: a line back to the subpath's start, joined there.
    Close,
}

impl Segment {
    /// Reads segments from `flat`, each a code and its numbers: 0 move
    /// (x, y), 1 line (x, y), 2 quadratic (4 numbers), 3 cubic (6), 4
    /// close. Returns None for an unknown code or numbers missing.
    pub fn parse(flat: &[f64]) -> Option<Vec<Segment>> {
        let mut out = Vec::new();
        let mut rest = flat;
        while let Some((&code, tail)) = rest.split_first() {
            if !(code >= 0.0 && code.fract() == 0.0) {
                return None;
            }
            let take = [2, 2, 4, 6, 0].get(code as usize).copied()?;
            if tail.len() < take {
                return None;
            }
            let (v, tail) = tail.split_at(take);
            out.push(match code as usize {
                0 => Segment::MoveTo([v[0], v[1]]),
                1 => Segment::LineTo([v[0], v[1]]),
                2 => Segment::QuadTo([v[0], v[1], v[2], v[3]]),
                3 => Segment::CubicTo([v[0], v[1], v[2], v[3], v[4], v[5]]),
                _ => Segment::Close,
            });
            rest = tail;
        }
        Some(out)
    }

    fn numbers(&self) -> &[f64] {
        match self {
            Segment::MoveTo(v) | Segment::LineTo(v) => v,
            Segment::QuadTo(v) => v,
            Segment::CubicTo(v) => v,
            Segment::Close => &[],
        }
    }
}

impl P5 {
    /// Fills, then strokes, the path of `segments` (non-zero winding), in
    /// the current style and transform, as p5.js 2's `endShape` draws every
    /// kind of shape. As a canvas: a segment with a number that is not
    /// finite is skipped, and a line or curve with no subpath before it
    /// starts one at its first point.
    pub fn path(&mut self, segments: &[Segment]) {
        let f = |v: f64| v as f32;
        let mut pb = PathBuilder::new();
        let mut open = false;
        for s in segments {
            if !s.numbers().iter().all(|v| v.is_finite()) {
                continue;
            }
            let starts = !open && !matches!(s, Segment::MoveTo(_));
            if let (true, &[x, y, ..]) = (starts, s.numbers()) {
                pb.move_to(f(x), f(y));
            }
            match *s {
                Segment::MoveTo([x, y]) => pb.move_to(f(x), f(y)),
                Segment::LineTo([x, y]) => pb.line_to(f(x), f(y)),
                Segment::QuadTo([cx, cy, x, y]) => pb.quad_to(f(cx), f(cy), f(x), f(y)),
                Segment::CubicTo([x1, y1, x2, y2, x, y]) => {
                    pb.cubic_to(f(x1), f(y1), f(x2), f(y2), f(x), f(y))
                }
                Segment::Close => pb.close(),
            }
            open = open || !s.numbers().is_empty();
        }
        self.draw(pb, Fill::Analytic);
    }
}

#[cfg(test)]
mod tests {
    use super::Segment;

    #[test]
    fn parses_each_code_with_its_numbers() {
        let flat = [
            0., 1., 2., 1., 3., 4., 2., 1., 2., 3., 4., 3., 1., 2., 3., 4., 5., 6., 4.,
        ];
        assert_eq!(
            Segment::parse(&flat),
            Some(vec![
                Segment::MoveTo([1., 2.]),
                Segment::LineTo([3., 4.]),
                Segment::QuadTo([1., 2., 3., 4.]),
                Segment::CubicTo([1., 2., 3., 4., 5., 6.]),
                Segment::Close,
            ])
        );
    }

    #[test]
    fn refuses_unknown_codes_and_missing_numbers() {
        assert_eq!(Segment::parse(&[5.]), None);
        assert_eq!(Segment::parse(&[0.5, 1., 2.]), None);
        assert_eq!(Segment::parse(&[3., 1., 2.]), None);
        assert_eq!(Segment::parse(&[-1.]), None);
    }
}
