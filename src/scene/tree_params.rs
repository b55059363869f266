//! The tree scene's parameters (SCENES.md), their defaults, their limits
//! and the timeline of generations they give.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::lsystem::{LSystem, Size};
use super::tree::Placement;
use super::turtle::{Bounds, Measure, Turtle};
use super::V2;
use crate::check;
use crate::error::Error;
use crate::p5::Rgba;

/// The most lines one frame may draw: generation 8 of the default tree
/// (16,777,216 lines) renders, generation 9 is refused.
pub const MAX_STROKES: u128 = 50_000_000;

/// The highest `max_symbols` may be set: ten times the default. Walking a
/// billion symbols takes seconds a frame; `--set` cannot raise it.
pub const MAX_SYMBOLS: u64 = 1_000_000_000;

/// The most `[` a generation may hold open at once. Each open `[` keeps a
/// saved turtle (about 80 bytes on a p5 canvas, one canvas per drawing
/// thread), so the saved states stay under a megabyte; plants nest a few
/// levels a generation, and 64 generations of one `[` each are 64 levels.
pub const MAX_DEPTH: u128 = 10_000;

/// Every parameter of the tree scene, by its SCENES.md name: docs/SCENES.md
/// gives each one's meaning, units, default and range (`whalegen show
/// --scene tree` prints the defaults).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[allow(missing_docs)] // documented in SCENES.md, the contract
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
    /// The most symbols a generation may have before the render is
    /// refused; 1 to `MAX_SYMBOLS`.
    pub max_symbols: u64,
    /// Where the turtle starts, as fractions of the width and the height:
    /// `[0.5, 1.0]` is the middle of the bottom edge.
    pub start: [f64; 2],
    /// The direction of the first line, in degrees clockwise from +x (p5's
    /// y-down convention): -90 draws up.
    pub heading: f64,
    /// Scale and centre each generation to the canvas, `margin` pixels from
    /// its edges; `start`, `length` and `length_scale` then do nothing.
    /// Positions scale, stroke weights stay in pixels.
    pub fit: bool,
    /// The gap `fit` leaves at the edges, in pixels.
    pub margin: f64,
    /// The symbols that draw a line; `f` moves without drawing.
    pub draw: String,
    /// `true`, the default: after the last generation's `hold`, it fades
    /// out over `hold` more frames while generation 0 fades in, and the
    /// animation repeats, so the default render loops; `false`: SCENES.md's
    /// timeline, the last generation held for any remaining frames.
    pub seamless: bool,
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
            start: [0.5, 1.0],
            heading: -90.0,
            fit: false,
            margin: 20.0,
            draw: "F".into(),
            seamless: true,
        }
    }
}

impl TreeParams {
    /// Checks the parameters, and that every generation shown or measured
    /// in `frames` frames stays within the limits, before any memory is spent.
    pub(crate) fn check(&self, frames: u32) -> Result<LSystem, Error> {
        check::size("stroke_weight", self.stroke_weight)?;
        check::finite("angle", self.angle)?;
        check::size("length", self.length)?;
        check::non_negative("length_scale", self.length_scale)?;
        check::count("generations", self.generations, 0, 64)?;
        check::count("hold", self.hold, 1, u32::MAX)?;
        // u64 to f64 rounds, but not across the limit.
        check::in_range(
            "max_symbols",
            self.max_symbols as f64,
            1.0,
            MAX_SYMBOLS as f64,
        )?;
        check::finite("start", self.start[0])?;
        check::finite("start", self.start[1])?;
        check::finite("heading", self.heading)?;
        check::size("margin", self.margin)?;
        if !self
            .draw
            .bytes()
            .all(|b| b.is_ascii_graphic() && !b"+-[]".contains(&b))
        {
            return Err(check::refuse(
                "draw",
                format!("{:?}", self.draw),
                "ASCII symbols other than + - [ ], such as \"FG\"",
            ));
        }
        let system = LSystem::new(&self.axiom, &self.rules)?;
        // Every generation up to the last is walked (`fit` measures each),
        // and one in the middle can be the largest: rules may delete. Each
        // is reached by frame hold x generations, fading or not.
        let grown = self.hold.saturating_mul(self.generations);
        let last = self.generation(frames.saturating_sub(1).min(grown));
        let sizes = system.sizes(last, self.draw.as_bytes());
        for (generation, size) in sizes.into_iter().enumerate() {
            self.check_size(generation, size)?;
        }
        Ok(system)
    }

    /// Refuses generation `generation` when it is over a limit: by the
    /// axiom for generation 0, else by `generations`.
    fn check_size(&self, generation: usize, size: Size) -> Result<(), Error> {
        let Size {
            symbols,
            strokes,
            depth,
        } = size;
        let reason = if symbols > u128::from(self.max_symbols) || strokes > MAX_STROKES {
            format!(
                "generation {generation} would have {symbols} symbols and draw {strokes} lines; \
                 the limits are max_symbols = {} and {MAX_STROKES} lines",
                self.max_symbols
            )
        } else if depth > MAX_DEPTH {
            format!(
                "generation {generation} would hold {depth} `[` open at once; the limit is \
                 {MAX_DEPTH}: close each `[` with a `]`"
            )
        } else {
            return Ok(());
        };
        let (key, value, fix) = match generation {
            0 => ("axiom", format!("{:?}", self.axiom), "use a shorter axiom"),
            _ => (
                "generations",
                self.generations.to_string(),
                "use fewer generations or frames",
            ),
        };
        Err(Error::BadValue {
            key: key.into(),
            value: check::shown(&value),
            reason: format!("{reason}: {fix}"),
        })
    }

    /// A good number of frames: one loop, each generation held `hold`
    /// frames, and with `seamless` the fade back to the first.
    pub(crate) fn loop_frames(&self) -> u32 {
        let shown = self
            .generations
            .saturating_add(1 + u32::from(self.seamless));
        self.hold.saturating_mul(shown)
    }

    /// The first frame (from 0) of the last generation, which a still shows
    /// (with `seamless`, the frames after its hold fade it out); the last of
    /// `frames` when they end sooner.
    pub(crate) fn fullest_frame(&self, frames: u32) -> u32 {
        self.hold
            .saturating_mul(self.generations)
            .min(frames.saturating_sub(1))
    }

    /// Says so when, without `fit`, a generation shown in `frames` frames
    /// draws outside the `width` x `height` canvas: rules of one's own
    /// easily grow off it. The parameters must be checked.
    pub(crate) fn off_canvas(&self, width: u32, height: u32, frames: u32) -> Option<String> {
        if self.fit {
            return None;
        }
        let system = LSystem::new(&self.axiom, &self.rules).ok()?;
        let (w, h) = (f64::from(width), f64::from(height));
        // Line ends a pixel out are a rounding, not a plant off the canvas.
        let inside = |v: f64, side: f64| (-1.0..=side + 1.0).contains(&v);
        (0..=self.generation(frames.saturating_sub(1))).find_map(|generation| {
            let bounds = self.measure(&system, generation)?;
            let Placement { origin, len } = self.sketch_placement(w, h, generation);
            let (min, max) = (origin + bounds.min * len, origin + bounds.max * len);
            let fits = [min.x, max.x].iter().all(|&x| inside(x, w))
                && [min.y, max.y].iter().all(|&y| inside(y, h));
            (!fits).then(|| {
                format!(
                    "generation {generation} of the L-system reaches outside the {width} x \
                     {height} canvas (x {:.0} to {:.0}, y {:.0} to {:.0}): --set fit=true \
                     scales each generation to the canvas, or change length, length_scale or \
                     start",
                    min.x, max.x, min.y, max.y
                )
            })
        })
    }

    /// Where generation `generation` starts and how long its lines are on a
    /// `width` x `height` canvas without `fit`, as SCENES.md.
    pub(super) fn sketch_placement(&self, width: f64, height: f64, generation: u32) -> Placement {
        Placement {
            origin: V2::new(self.start[0] * width, self.start[1] * height),
            len: self.length * libm::pow(self.length_scale, f64::from(generation)),
        }
    }

    /// The box of generation `generation`'s lines, 1 unit long each, from
    /// the origin; `None` when it draws none.
    pub(super) fn measure(&self, system: &LSystem, generation: u32) -> Option<Bounds> {
        let mut measure = Measure::new(self.turn());
        self.turtle(1.0).run(system, generation, &mut measure);
        measure.bounds()
    }

    /// The generation shown at frame `frame`, ignoring the fade.
    fn generation(&self, frame: u32) -> u32 {
        (frame / self.hold).min(self.generations)
    }

    /// What frame `frame` shows: the generation, and how far it has faded
    /// into generation 0, in `hold`ths (0 for not at all).
    pub(super) fn shown(&self, frame: u32) -> (u32, u32) {
        let grown = self.hold.saturating_mul(self.generations.saturating_add(1));
        if !self.seamless {
            return (self.generation(frame), 0);
        }
        let frame = frame % self.loop_frames();
        match frame.checked_sub(grown) {
            Some(fading) => (self.generations, fading + 1),
            None => (self.generation(frame), 0),
        }
    }

    /// The turn from the p5 sketch's heading (up) to `heading`, in radians.
    pub(super) fn turn(&self) -> f64 {
        (self.heading + 90.0).to_radians()
    }

    pub(super) fn turtle(&self, len: f64) -> Turtle<'_> {
        Turtle {
            draws: self.draw.as_bytes(),
            len,
            angle: self.angle.to_radians(),
        }
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
    fn a_seamless_tree_fades_back_and_repeats() {
        let p = TreeParams::default();
        assert_eq!(p.loop_frames(), 180);
        let shown = [0, 149, 150, 179, 180, 210].map(|f| p.shown(f));
        assert_eq!(shown, [(0, 0), (4, 0), (4, 1), (4, 30), (0, 0), (1, 0)]);
        let sketch = TreeParams {
            seamless: false,
            ..p
        };
        assert_eq!(sketch.loop_frames(), 150);
        assert_eq!(sketch.shown(179), (4, 0));
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

    #[test]
    fn the_line_limit_counts_the_symbols_that_draw() {
        let p = TreeParams {
            axiom: "L".into(),
            rules: BTreeMap::from([("L".into(), "LL".into())]),
            generations: 29,
            max_symbols: MAX_SYMBOLS,
            draw: "LR".into(),
            ..Default::default()
        };
        let err = p.check(u32::MAX).unwrap_err().to_string();
        assert!(err.contains("67108864 lines"), "{err}");
        let moves_only = TreeParams {
            draw: "F".into(),
            ..p
        };
        assert!(moves_only.check(u32::MAX).is_ok());
    }

    #[test]
    fn a_generation_larger_than_the_last_is_refused() {
        // Generation 1 is ten symbols, generation 2 none: Y deletes itself.
        let p = TreeParams {
            axiom: "X".into(),
            rules: BTreeMap::from([("X".into(), "YYYYYYYYYY".into()), ("Y".into(), "".into())]),
            generations: 2,
            hold: 1,
            max_symbols: 5,
            ..Default::default()
        };
        let err = p.check(3).unwrap_err().to_string();
        assert!(
            err.starts_with("`generations` = 2: generation 1 would have 10 symbols"),
            "{err}"
        );
        assert!(p.check(1).is_ok(), "generation 0 alone is one symbol");
    }

    #[test]
    fn nesting_deeper_than_the_limit_is_refused() {
        let p = TreeParams {
            rules: BTreeMap::from([("F".into(), format!("{}F", "[".repeat(200)))]),
            generations: 60,
            hold: 1,
            ..Default::default()
        };
        let err = p.check(61).unwrap_err().to_string();
        assert!(
            err.contains("generation 51 would hold 10200 `[` open"),
            "{err}"
        );
        assert!(p.check(51).is_ok(), "generation 50 holds 10000");
        let axiom = TreeParams {
            axiom: "[".repeat(10_001),
            ..Default::default()
        };
        let err = axiom.check(1).unwrap_err().to_string();
        assert!(err.starts_with("`axiom` = \"[[[["), "{err}");
        assert!(err.len() < 300, "the axiom is shortened: {err}");
    }

    #[test]
    fn max_symbols_cannot_be_raised_past_its_ceiling() {
        for max_symbols in [0, MAX_SYMBOLS + 1, 1 << 63] {
            let p = TreeParams {
                max_symbols,
                ..Default::default()
            };
            let err = p.check(1).unwrap_err().to_string();
            assert!(err.starts_with("`max_symbols` = "), "{err}");
            assert!(err.contains("from 1 to 1000000000"), "{err}");
        }
    }

    #[test]
    fn draw_refuses_the_turtle_commands() {
        let p = TreeParams {
            draw: "F+".into(),
            ..Default::default()
        };
        assert!(p.check(1).unwrap_err().to_string().contains("draw"));
    }
}
