//! A loaded font's glyph paths as p5.js 2 reads them through Typr.js: a
//! TrueType contour starts at its first point when that and the last are
//! on the curve too (then a line to it), the point between two points off
//! the curve is rounded down to whole font units, and each contour closes.
//! `font.textToPaths()` and the points sampled along them start there.

use super::outline::{quad_through, Cmd, Point};
use super::text::Font;

impl Font {
    /// Glyph `id`'s path as Typr.js makes it, in font units, y up; empty
    /// for a glyph without outline.
    pub fn typr_glyph_path(&self, id: u16) -> Vec<Cmd> {
        self.glyph_path_by(id, path_of)
    }
}

/// Typr's path of TrueType points, contour by contour.
fn path_of(points: &[Point]) -> Vec<Cmd> {
    let mid = |a: &Point, b: &Point| (((a.x + b.x) * 0.5).floor(), ((a.y + b.y) * 0.5).floor());
    let mut path = Vec::new();
    let contours = points.split_inclusive(|p| p.last_of_contour);
    for contour in contours.filter(|c| c.last().is_some_and(|p| p.last_of_contour)) {
        let n = contour.len();
        for (i, p) in contour.iter().enumerate() {
            let prev = &contour[(i + n - 1) % n];
            let next = &contour[(i + 1) % n];
            if i == 0 {
                if p.on_curve && !prev.on_curve {
                    // The quadratic through the last point comes back here.
                    path.push(Cmd::Move(p.x, p.y));
                    continue;
                }
                let (x, y) = if prev.on_curve {
                    (prev.x, prev.y)
                } else {
                    mid(prev, p)
                };
                path.push(Cmd::Move(x, y));
            }
            if p.on_curve {
                if prev.on_curve {
                    path.push(Cmd::Line(p.x, p.y));
                }
            } else {
                path.push(quad_through(p, next, mid));
            }
        }
        path.push(Cmd::Close);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: f64, y: f64, on_curve: bool, last_of_contour: bool) -> Point {
        Point {
            x,
            y,
            on_curve,
            last_of_contour,
        }
    }

    #[test]
    fn a_polygon_starts_at_its_last_point() {
        let square = [
            pt(0.0, 0.0, true, false),
            pt(10.0, 0.0, true, false),
            pt(10.0, 10.0, true, true),
        ];
        assert_eq!(
            path_of(&square),
            [
                Cmd::Move(10.0, 10.0),
                Cmd::Line(0.0, 0.0),
                Cmd::Line(10.0, 0.0),
                Cmd::Line(10.0, 10.0),
                Cmd::Close
            ]
        );
    }

    #[test]
    fn points_off_the_curve_meet_at_whole_units() {
        let round = [
            pt(0.0, 0.0, false, false),
            pt(5.0, 9.0, false, false),
            pt(10.0, 0.0, true, true),
        ];
        assert_eq!(
            path_of(&round),
            [
                Cmd::Move(10.0, 0.0),
                Cmd::Quad(0.0, 0.0, 2.0, 4.0),
                Cmd::Quad(5.0, 9.0, 10.0, 0.0),
                Cmd::Close
            ]
        );
    }
}
