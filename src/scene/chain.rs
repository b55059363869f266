//! `chain`: a follow-through chain of circles chasing a pointer (SCENES.md).

use serde::{Deserialize, Serialize};

use super::caterpillar;
use super::{whole_turns, Scene, V2};
use crate::check;
use crate::error::Error;
use crate::p5::{Rgba, P5};
use crate::pointer::PathRef;
pub use crate::pointer::PointerPath;

/// How the chain is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChainStyle {
    /// SCENES.md exactly: white circles outlined in black on `background`
    /// (255 unless set).
    Circles,
    /// A caterpillar on the same circles: shaded segments with a rim, a
    /// highlight, spots and legs, a face on the head, a shadow under it,
    /// on a pale leaf green.
    #[default]
    Caterpillar,
}

/// Every parameter of the chain scene, by its SCENES.md name: docs/SCENES.md
/// gives each one's meaning, units, default and range (`whalegen show
/// --scene chain` prints the defaults).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[allow(missing_docs)] // documented in SCENES.md, the contract
pub struct ChainParams {
    pub background: Rgba,
    pub segments: u32,
    pub head_ease: f64,
    pub spacing: f64,
    pub stiffness: f64,
    pub head_size: f64,
    pub taper: f64,
    pub wiggle: f64,
    pub wiggle_speed: f64,
    pub wiggle_phase: f64,
    pub path: PointerPath,
    pub keyframes: Vec<[f64; 3]>,
    pub period: f64,
    pub ax: f64,
    pub ay: f64,
    pub px: f64,
    pub py: f64,
    /// Not in SCENES.md (whalegen's own). `true`, the default: the chain is
    /// stepped one `period` before frame 0 and the wiggle's speed is rounded
    /// to a whole number of waves a `period`, so the default render (one
    /// `period`) loops; `false`: SCENES.md's start, every circle at the centre.
    pub seamless: bool,
    /// `"caterpillar"`, the default, draws the circles as a caterpillar in
    /// `body_color` and `spot_color`; `"circles"` draws SCENES.md's chain,
    /// and its `background` defaults to SCENES.md's white.
    pub style: ChainStyle,
    /// `style = "caterpillar"`: the colour of the body segments.
    pub body_color: Rgba,
    /// `style = "caterpillar"`: the colour of the spots and the antennae's tips.
    pub spot_color: Rgba,
}

/// The most circles in the chain.
pub const MAX_SEGMENTS: u32 = 100_000;

impl Default for ChainParams {
    /// The default look, `style = "caterpillar"`.
    fn default() -> Self {
        ChainParams::of_style(ChainStyle::default())
    }
}

impl ChainParams {
    /// The defaults of `style`: SCENES.md's for `Circles`, the same with
    /// a background that suits the caterpillar for `Caterpillar`.
    pub fn of_style(style: ChainStyle) -> Self {
        let background = match style {
            ChainStyle::Circles => Rgba::grey(255),
            ChainStyle::Caterpillar => caterpillar::BACKGROUND,
        };
        ChainParams {
            background,
            segments: 12,
            head_ease: 0.1,
            spacing: 16.0,
            stiffness: 0.3,
            head_size: 30.0,
            taper: 2.0,
            wiggle: 0.0,
            wiggle_speed: 0.1,
            wiggle_phase: 0.6,
            path: PointerPath::Keyframes,
            keyframes: vec![
                [0.0, 60.0, 60.0],
                [45.0, 610.0, 180.0],
                [75.0, 610.0, 180.0],
                [110.0, 335.0, 40.0],
                [140.0, 335.0, 40.0],
                [185.0, 60.0, 200.0],
                [215.0, 60.0, 200.0],
                [250.0, 60.0, 60.0],
            ],
            period: 250.0,
            ax: 280.0,
            ay: 80.0,
            px: 200.0,
            py: 130.0,
            seamless: true,
            style,
            body_color: Rgba::new(122, 186, 58, 255),
            spot_color: Rgba::new(255, 200, 40, 255),
        }
    }

    /// Refuses, by name, any parameter out of its range; sizes and
    /// positions within `check::MAX_SIZE`, so is every circle's diameter.
    pub(crate) fn check(&self) -> Result<(), Error> {
        check::count("segments", self.segments, 1, MAX_SEGMENTS)?;
        check::in_range("head_ease", self.head_ease, 0.0, 1.0)?;
        check::in_range("stiffness", self.stiffness, 0.0, 1.0)?;
        check::size("spacing", self.spacing)?;
        check::size("head_size", self.head_size)?;
        for (key, v) in [
            ("wiggle", self.wiggle),
            ("wiggle_speed", self.wiggle_speed),
            ("wiggle_phase", self.wiggle_phase),
        ] {
            check::finite(key, v)?;
        }
        // The diameters run from head_size to the last circle's, linearly.
        let last = self.head_size - f64::from(self.segments - 1) * self.taper;
        if !(self.taper.is_finite() && last.abs() <= check::MAX_SIZE) {
            return Err(check::refuse(
                "taper",
                self.taper,
                format!(
                    "a number that keeps the last circle's diameter (head_size - (segments - 1) \
                     x taper) within -{0} to {0}",
                    check::MAX_SIZE
                ),
            ));
        }
        self.path_ref().check("keyframes")
    }

    fn path_ref(&self) -> PathRef<'_> {
        PathRef {
            path: self.path,
            keyframes: &self.keyframes,
            period: self.period,
            amplitude: (self.ax, self.ay),
            periods: (self.px, self.py),
        }
    }

    /// The diameter of circle `i` (0 the head): `head_size - i * taper`,
    /// which p5 draws at its size whatever its sign.
    pub(crate) fn diameter(&self, i: usize) -> f64 {
        self.head_size - i as f64 * self.taper
    }

    /// A good number of frames: one `period` of the pointer's path.
    pub(crate) fn loop_frames(&self) -> u32 {
        self.period.round().clamp(1.0, 100_000.0) as u32
    }

    /// The pointer position of frame `f` (0-based).
    pub fn pointer(&self, f: u32, width: f64, height: f64) -> V2 {
        let (x, y) = self.path_ref().at(f, width, height);
        V2::new(x, y)
    }
}

/// The chain scene's state: circle centres, the head first.
#[derive(Debug, Clone)]
pub struct Chain {
    params: ChainParams,
    width: f64,
    height: f64,
    centres: Vec<V2>,
    /// The wiggle's speed in radians per frame: `wiggle_speed`, or with
    /// `seamless` the nearest that waves a whole number of times a loop.
    wiggle_speed: f64,
}

impl Chain {
    /// The chain of `params` on a `width` x `height` canvas, every circle
    /// at the centre, stepped one loop ahead when `seamless`; the
    /// parameters must be checked.
    pub fn new(params: ChainParams, width: u32, height: u32) -> Self {
        let (width, height) = (f64::from(width), f64::from(height));
        let centres = vec![V2::new(width / 2.0, height / 2.0); params.segments as usize];
        let warmup = if params.seamless {
            params.loop_frames()
        } else {
            0
        };
        let wiggle_speed = match warmup {
            0 => params.wiggle_speed,
            frames => whole_turns(params.wiggle_speed, frames),
        };
        let mut chain = Chain {
            params,
            width,
            height,
            centres,
            wiggle_speed,
        };
        for frame in 0..warmup {
            chain.step(frame);
        }
        chain
    }

    /// The circles' centres, head first.
    pub fn centres(&self) -> &[V2] {
        &self.centres
    }
}

/// p5's `lerp`.
fn lerp(start: f64, stop: f64, amt: f64) -> f64 {
    amt * (stop - start) + start
}

impl Scene for Chain {
    fn repaints(&self) -> bool {
        self.params.background.a == 255
    }

    fn snapshot(&self) -> Box<dyn Scene> {
        Box::new(self.clone())
    }

    fn step(&mut self, frame: u32) {
        let p = &self.params;
        let pointer = p.pointer(frame, self.width, self.height);
        let c = &mut self.centres;
        c[0] = V2::new(
            lerp(c[0].x, pointer.x, p.head_ease),
            lerp(c[0].y, pointer.y, p.head_ease),
        );
        let frame_count = f64::from(frame) + 1.0;
        for i in (1..c.len()).rev() {
            let (leader, me) = (c[i - 1], c[i]);
            let sway =
                p.wiggle * libm::sin(frame_count * self.wiggle_speed - i as f64 * p.wiggle_phase);
            let a = libm::atan2(me.y - leader.y, me.x - leader.x) + sway;
            c[i] = V2::new(
                lerp(me.x, leader.x + libm::cos(a) * p.spacing, p.stiffness),
                lerp(me.y, leader.y + libm::sin(a) * p.spacing, p.stiffness),
            );
        }
    }

    fn draw(&self, p5: &mut P5) {
        let p = &self.params;
        p5.background(p.background);
        if p.style == ChainStyle::Caterpillar {
            caterpillar::draw(p5, &self.centres, p);
            return;
        }
        for (i, c) in self.centres.iter().enumerate().skip(1).rev() {
            p5.circle(c.x, c.y, p.diameter(i));
        }
        p5.circle(self.centres[0].x, self.centres[0].y, p.head_size);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyframes_hold_and_interpolate() {
        let p = ChainParams::default();
        let at = |f| p.pointer(f, 670.0, 240.0);
        assert_eq!(at(0), V2::new(60.0, 60.0));
        let mid = at(5);
        assert!((mid.x - (60.0 + 550.0 * 5.0 / 45.0)).abs() < 1e-12);
        assert_eq!(at(50), V2::new(610.0, 180.0));
        assert_eq!(at(250), V2::new(60.0, 60.0), "the path repeats");
    }

    #[test]
    fn a_rigid_chain_keeps_every_circle_at_spacing_from_its_leader() {
        let params = ChainParams {
            stiffness: 1.0,
            ..Default::default()
        };
        let mut chain = Chain::new(params, 670, 240);
        for f in 0..400 {
            let before = chain.centres().to_vec();
            chain.step(f);
            let c = chain.centres();
            // Circle 1 follows the head as moved this frame; the others follow
            // where their leader was before this frame (the tail moves first).
            assert!(((c[1] - c[0]).length() - 16.0).abs() < 1e-9, "frame {f}");
            for i in 2..c.len() {
                let d = (c[i] - before[i - 1]).length();
                assert!(
                    f == 0 || (d - 16.0).abs() < 1e-9,
                    "frame {f}, circle {i}: {d}"
                );
            }
        }
    }

    #[test]
    fn a_loose_chain_keeps_moving_after_the_head_stops() {
        let mut chain = Chain::new(ChainParams::default(), 670, 240);
        // The pointer holds still at (610, 180) from frame 45 to 75.
        for f in 0..=60 {
            chain.step(f);
        }
        let before = chain.centres()[11];
        chain.step(61);
        assert!((chain.centres()[11] - before).length() > 0.01);
    }

    #[test]
    fn lissajous_path_centres_on_the_canvas() {
        let p = ChainParams {
            path: PointerPath::Lissajous,
            ..Default::default()
        };
        assert_eq!(p.pointer(0, 670.0, 240.0), V2::new(335.0, 120.0));
        let quarter = p.pointer(50, 670.0, 240.0);
        assert!((quarter.x - (335.0 + 280.0)).abs() < 1e-9);
    }
}
