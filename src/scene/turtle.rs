//! The tree scene's turtle: reads an L-system's symbols as moves. The same
//! reading drives the p5 canvas and a measuring pass that draws nothing, so
//! that `fit` knows the drawing's extent before the first line.

use super::lsystem::LSystem;
use super::V2;
use crate::p5::P5;

/// Where a turtle's moves go.
pub(super) trait Pen {
    /// Moves `len` along the heading, drawing a line when `draw`.
    fn forward(&mut self, len: f64, draw: bool);
    /// Turns by `angle` radians; a positive angle turns clockwise on screen.
    fn turn(&mut self, angle: f64);
    fn push(&mut self);
    fn pop(&mut self);
}

/// How the turtle reads symbols: those in `draws` move `len` and draw a line,
/// `f` moves without drawing, `+` turns by `angle` (radians), `-` by
/// `-angle`, `[` and `]` save and restore the turtle; the others do nothing.
/// A `]` with no `[` open does nothing (as p5's `pop()` with no `push()`),
/// and the `[` left open at the end are closed, so that a pen is handed
/// back as balanced as it came: one run never sees another's saved states.
pub(super) struct Turtle<'a> {
    pub draws: &'a [u8],
    pub len: f64,
    pub angle: f64,
}

impl Turtle<'_> {
    /// Moves `pen` through every symbol of `generation` of `system`. The
    /// system's depth (`LSystem::depth`) bounds the `[` open at once.
    pub fn run(&self, system: &LSystem, generation: u32, pen: &mut impl Pen) {
        let mut draws = [false; 256];
        for &symbol in self.draws {
            draws[usize::from(symbol)] = true;
        }
        let mut open = 0u64;
        system.walk(generation, &mut |symbol| match symbol {
            s if draws[usize::from(s)] => pen.forward(self.len, true),
            b'f' => pen.forward(self.len, false),
            b'+' => pen.turn(self.angle),
            b'-' => pen.turn(-self.angle),
            b'[' => {
                open += 1;
                pen.push();
            }
            b']' if open > 0 => {
                open -= 1;
                pen.pop();
            }
            _ => {}
        });
        for _ in 0..open {
            pen.pop();
        }
    }
}

/// The p5 sketch's turtle: the turtle's frame is the transform, and it heads
/// up (-y) in that frame.
impl Pen for P5 {
    fn forward(&mut self, len: f64, draw: bool) {
        if draw {
            self.line(0.0, 0.0, 0.0, -len);
        }
        self.translate(0.0, -len);
    }

    fn turn(&mut self, angle: f64) {
        self.rotate(angle);
    }

    fn push(&mut self) {
        P5::push(self);
    }

    fn pop(&mut self) {
        P5::pop(self);
    }
}

/// The smallest box holding every line drawn, in canvas units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Bounds {
    pub min: V2,
    pub max: V2,
}

impl Bounds {
    fn point(p: V2) -> Bounds {
        Bounds { min: p, max: p }
    }

    fn with(self, p: V2) -> Bounds {
        Bounds {
            min: V2::new(self.min.x.min(p.x), self.min.y.min(p.y)),
            max: V2::new(self.max.x.max(p.x), self.max.y.max(p.y)),
        }
    }

    pub fn size(&self) -> V2 {
        self.max - self.min
    }

    pub fn centre(&self) -> V2 {
        (self.min + self.max) * 0.5
    }
}

/// A pen that only records where lines would go. Its turtle starts at the
/// origin with the p5 turtle's heading after a `rotate(turn)`.
pub(super) struct Measure {
    position: V2,
    turn: f64,
    saved: Vec<(V2, f64)>,
    bounds: Option<Bounds>,
}

impl Measure {
    pub fn new(turn: f64) -> Self {
        Measure {
            position: V2::new(0.0, 0.0),
            turn,
            saved: Vec::new(),
            bounds: None,
        }
    }

    /// The box of the lines drawn; `None` when there were none.
    pub fn bounds(&self) -> Option<Bounds> {
        self.bounds
    }
}

impl Pen for Measure {
    fn forward(&mut self, len: f64, draw: bool) {
        // (0, -len) rotated by `turn`, as p5's rotate maps it.
        let step = V2::new(libm::sin(self.turn), -libm::cos(self.turn)) * len;
        let next = self.position + step;
        if draw {
            let bounds = self.bounds.unwrap_or(Bounds::point(self.position));
            self.bounds = Some(bounds.with(self.position).with(next));
        }
        self.position = next;
    }

    fn turn(&mut self, angle: f64) {
        self.turn += angle;
    }

    fn push(&mut self) {
        self.saved.push((self.position, self.turn));
    }

    fn pop(&mut self) {
        if let Some((position, turn)) = self.saved.pop() {
            self.position = position;
            self.turn = turn;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn measure(axiom: &str, rules: &[(&str, &str)], draws: &[u8], generation: u32) -> Bounds {
        let rules = rules
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>();
        let system = LSystem::new(axiom, &rules).unwrap();
        let turtle = Turtle {
            draws,
            len: 1.0,
            angle: std::f64::consts::FRAC_PI_2,
        };
        let mut pen = Measure::new(0.0);
        turtle.run(&system, generation, &mut pen);
        pen.bounds().unwrap()
    }

    fn close(a: V2, b: V2) -> bool {
        (a - b).length() < 1e-9
    }

    #[test]
    fn the_turtle_heads_up_and_plus_turns_clockwise() {
        // Up one, then right one (clockwise from up is right on screen).
        let b = measure("F+F", &[], b"F", 0);
        assert!(close(b.min, V2::new(0.0, -1.0)), "{b:?}");
        assert!(close(b.max, V2::new(1.0, 0.0)), "{b:?}");
    }

    #[test]
    fn moves_and_brackets_do_not_draw_but_draw_symbols_do() {
        // f moves up two without drawing; G draws when listed.
        let b = measure("ffG[+G]", &[], b"G", 0);
        assert!(close(b.min, V2::new(0.0, -3.0)), "{b:?}");
        assert!(close(b.max, V2::new(1.0, -2.0)), "{b:?}");
        let b = measure("FfG", &[], b"F", 0);
        assert!(close(b.size(), V2::new(0.0, 1.0)), "{b:?}");
    }

    /// Counts what the turtle asks of a pen that keeps its saved states
    /// from one run to the next, as a p5 canvas does.
    #[derive(Default)]
    struct Log {
        depth: i64,
        lowest: i64,
    }

    impl Pen for Log {
        fn forward(&mut self, _: f64, _: bool) {}
        fn turn(&mut self, _: f64) {}
        fn push(&mut self) {
            self.depth += 1;
        }
        fn pop(&mut self) {
            self.depth -= 1;
            self.lowest = self.lowest.min(self.depth);
        }
    }

    #[test]
    fn unbalanced_brackets_leave_the_pen_as_it_came() {
        let rules = BTreeMap::from([("F".to_string(), "]F".to_string())]);
        let system = LSystem::new("F[+++++", &rules).unwrap();
        let turtle = Turtle {
            draws: b"F",
            len: 1.0,
            angle: 1.0,
        };
        let mut pen = Log::default();
        for generation in 0..4 {
            turtle.run(&system, generation, &mut pen);
            assert_eq!(pen.depth, 0, "generation {generation}");
        }
        assert_eq!(pen.lowest, 0, "a `]` popped a state it had not pushed");
        // A lone `]` leaves the turtle where it is.
        let b = measure("F]F", &[], b"F", 0);
        assert!(close(b.size(), V2::new(0.0, 2.0)), "{b:?}");
    }

    #[test]
    fn a_quadratic_koch_island_is_square() {
        let b = measure("F-F-F-F", &[("F", "F-F+F+FF-F-F+F")], b"F", 2);
        assert!((b.size().x - b.size().y).abs() < 1e-9, "{b:?}");
    }
}
