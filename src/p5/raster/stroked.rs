//! The last stroke outlines made, kept for the next stroke of the same
//! path in the same style: an L-system's lines are one `line(0, 0, 0, -len)`
//! under a new transform each (262,144 of them at the tree's generation 6),
//! and the outline, made in user space, is the same for all of them.

use tiny_skia::{Path, Stroke};

/// How many outlines are kept: the tree's rotations give its transforms a
/// few resolution scales a bit apart (1 and its neighbours in f32).
const KEPT: usize = 4;

/// A memo of `Path::stroke` for the last few strokes. Default: empty.
#[derive(Debug, Default)]
pub struct LastOutlines {
    kept: Vec<Outline>,
    /// The entry the next new outline replaces, once `KEPT` are kept.
    next: usize,
}

/// A path, its style and resolution scale (its bits), and the outline
/// they make (`None`: the stroke has no outline).
#[derive(Debug)]
struct Outline {
    path: Path,
    stroke: Stroke,
    res_scale: u32,
    outline: Option<Path>,
}

impl Outline {
    fn made_by(&self, path: &Path, stroke: &Stroke, res_scale: f32) -> bool {
        let bits = |p: &tiny_skia::Point| (p.x.to_bits(), p.y.to_bits());
        self.res_scale == res_scale.to_bits()
            && self.stroke == *stroke
            && self.path.verbs() == path.verbs()
            && self.path.points().len() == path.points().len()
            && (self.path.points().iter().zip(path.points())).all(|(a, b)| bits(a) == bits(b))
    }
}

impl LastOutlines {
    /// `path.stroke(stroke, res_scale)`: the same outline, to the bit,
    /// made again only when no kept one had the same path (its verbs and
    /// the bits of its points), stroke and scale.
    pub fn stroke(&mut self, path: &Path, stroke: &Stroke, res_scale: f32) -> Option<&Path> {
        let found = self
            .kept
            .iter()
            .position(|o| o.made_by(path, stroke, res_scale));
        let at = found.unwrap_or_else(|| {
            let made = Outline {
                path: path.clone(),
                stroke: stroke.clone(),
                res_scale: res_scale.to_bits(),
                outline: path.stroke(stroke, res_scale),
            };
            if self.kept.len() < KEPT {
                self.kept.push(made);
                self.kept.len() - 1
            } else {
                let at = self.next;
                self.kept[at] = made;
                self.next = (at + 1) % KEPT;
                at
            }
        });
        self.kept[at].outline.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{LineCap, PathBuilder};

    fn line(x: f32) -> Path {
        let mut pb = PathBuilder::new();
        pb.move_to(x, 0.0);
        pb.line_to(0.0, -1.5);
        pb.finish().unwrap()
    }

    #[test]
    fn a_different_path_style_or_scale_makes_a_new_outline() {
        let mut memo = LastOutlines::default();
        let round = Stroke {
            width: 1.0,
            line_cap: LineCap::Round,
            ..Stroke::default()
        };
        let butt = Stroke {
            line_cap: LineCap::Butt,
            ..round.clone()
        };
        for (path, stroke, scale) in [
            (line(0.0), &round, 1.0),
            (line(0.0), &round, 1.0),
            (line(0.25), &round, 1.0),
            (line(0.25), &butt, 1.0),
            (line(0.25), &butt, 3.0),
            (line(-0.0), &butt, 3.0),
            (line(0.0), &butt, 3.0),
            (line(0.0), &butt, 2.0),
            (line(0.0), &round, 2.0),
            (line(0.25), &round, 1.0),
        ] {
            let made = path.stroke(stroke, scale);
            assert_eq!(memo.stroke(&path, stroke, scale), made.as_ref());
        }
    }
}
