//! `tree`: an L-system plant drawn by a turtle (SCENES.md).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::lsystem::{LSystem, Size};
use super::Scene;
use crate::check;
use crate::error::Error;
use crate::p5::{Rgba, P5};

/// The symbols that draw a line.
const DRAWS: &[u8] = b"F";
/// The most lines one frame may draw: generation 8 of the default tree
/// (16,777,216 lines) renders, generation 9 is refused.
pub const MAX_STROKES: u128 = 50_000_000;

/// Every parameter of the tree scene, by its SCENES.md name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TreeParams {
    pub background: Rgba,
    pub stroke: Rgba,
    pub stroke_weight: f64,
    pub axiom: String,
    pub rules: BTreeMap<String, String>,
    /// Turn of `+` and `-`, in degrees.
    pub angle: f64,
    pub length: f64,
    pub length_scale: f64,
    pub generations: u32,
    pub hold: u32,
    /// The most symbols a generation may have before the render is refused.
    pub max_symbols: u64,
}

impl Default for TreeParams {
    fn default() -> Self {
        TreeParams {
            background: Rgba::grey(52),
            stroke: Rgba::new(255, 255, 255, 100),
            stroke_weight: 1.0,
            axiom: "F".into(),
            rules: BTreeMap::from([("F".into(), "FF+[+F-F-F]-[-F+F+F]".into())]),
            angle: 25.0,
            length: 100.0,
            length_scale: 0.5,
            generations: 4,
            hold: 30,
            max_symbols: 100_000_000,
        }
    }
}

impl TreeParams {
    /// Checks the parameters, and that the largest generation shown in
    /// `frames` frames stays within the limits, before any memory is spent.
    pub(crate) fn check(&self, frames: u32) -> Result<LSystem, Error> {
        check::non_negative("stroke_weight", self.stroke_weight)?;
        check::finite("angle", self.angle)?;
        check::non_negative("length", self.length)?;
        check::non_negative("length_scale", self.length_scale)?;
        check::in_range("generations", f64::from(self.generations), 0.0, 64.0)?;
        check::in_range("hold", f64::from(self.hold), 1.0, f64::from(u32::MAX))?;
        let system = LSystem::new(&self.axiom, &self.rules)?;
        let last = self.generation(frames.saturating_sub(1));
        let Size { symbols, strokes } = system.size(last, DRAWS);
        if symbols > u128::from(self.max_symbols) || strokes > MAX_STROKES {
            let reason = format!(
                "generation {last} would have {symbols} symbols and draw {strokes} lines; the limits \
                 are max_symbols = {} and {MAX_STROKES} lines: use fewer generations or frames",
                self.max_symbols
            );
            return Err(Error::BadValue {
                key: "generations".into(),
                value: self.generations.to_string(),
                reason,
            });
        }
        Ok(system)
    }

    /// The generation shown at frame `frame`.
    fn generation(&self, frame: u32) -> u32 {
        (frame / self.hold).min(self.generations)
    }
}

/// The tree scene's state: the generation on show.
#[derive(Debug, Clone)]
pub struct Tree {
    params: TreeParams,
    system: LSystem,
    width: f64,
    height: f64,
    generation: u32,
}

impl Tree {
    pub fn new(params: TreeParams, system: LSystem, width: u32, height: u32) -> Self {
        Tree {
            params,
            system,
            width: f64::from(width),
            height: f64::from(height),
            generation: 0,
        }
    }

    pub fn generation(&self) -> u32 {
        self.generation
    }
}

impl Scene for Tree {
    fn step(&mut self, frame: u32) {
        self.generation = self.params.generation(frame);
    }

    fn draw(&self, p5: &mut P5) {
        let p = &self.params;
        p5.background(p.background);
        p5.stroke(p.stroke);
        p5.stroke_weight(p.stroke_weight);
        p5.reset_matrix();
        p5.translate(self.width / 2.0, self.height);
        let len = p.length * libm::pow(p.length_scale, f64::from(self.generation));
        let angle = p.angle.to_radians();
        self.system
            .walk(self.generation, &mut |symbol| match symbol {
                b'F' => {
                    p5.line(0.0, 0.0, 0.0, -len);
                    p5.translate(0.0, -len);
                }
                b'+' => p5.rotate(angle),
                b'-' => p5.rotate(-angle),
                b'[' => p5.push(),
                b']' => p5.pop(),
                _ => {}
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_generation_holds_for_hold_frames() {
        let p = TreeParams::default();
        let shown: Vec<u32> = [0, 29, 30, 59, 60, 120, 149, 500]
            .map(|f| p.generation(f))
            .to_vec();
        assert_eq!(shown, [0, 0, 1, 1, 2, 4, 4, 4]);
    }

    #[test]
    fn an_exploding_rule_is_refused_before_expanding() {
        let p = TreeParams {
            generations: 9,
            ..Default::default()
        };
        let err = p.check(300).unwrap_err().to_string();
        assert!(err.contains("134217728 lines"), "{err}");
        // Generation 9 is only reached at frame 270: 270 frames are fine.
        assert!(p.check(270).is_ok());
    }
}
