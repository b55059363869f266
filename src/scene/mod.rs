//! The scenes of SCENES.md: each is built once from its typed parameters,
//! then `step` advances one p5 `draw()` tick and `draw` only reads the state.

mod body;
mod caterpillar;
mod chain;
mod lap;
mod lsystem;
mod shark;
mod stars;
mod tree;
mod tree_params;
mod turtle;
mod whale;
mod whale_params;

pub use body::Joint;
pub use chain::{Chain, ChainParams, ChainStyle, PointerPath};
pub use lsystem::{LSystem, Size};
pub use shark::{Fin, Pattern, Shape as SharkShape, Spot};
pub use tree::{Tree, TreeParams, MAX_STROKES};
pub use whale::{Turn, Whale, WhaleParams, WhaleStyle};

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::p5::{Rgba, P5};

/// One animated scene.
pub trait Scene: Send {
    /// Advances one p5 `draw()` tick; `frame` counts from 0.
    fn step(&mut self, frame: u32);
    /// Draws the current state; changes nothing.
    fn draw(&self, p5: &mut P5);
    /// Whether `draw` first paints the whole canvas opaque, so that a frame
    /// does not depend on the one before. A translucent background leaves
    /// trails: every frame must then be drawn, in order, on one canvas.
    fn repaints(&self) -> bool;
    /// A copy of the current state, to be drawn on another thread.
    fn snapshot(&self) -> Box<dyn Scene>;
    /// What `draw` would show, when the scene can tell cheaply: two states
    /// with the same `Some` value draw the same picture, so the frame can be
    /// reused. `None`, the default, draws every frame.
    fn look(&self) -> Option<u64> {
        None
    }
}

/// The scenes whalegen knows, by the one word used everywhere.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum SceneKind {
    /// A whale shark over a star field.
    #[default]
    Whale,
    /// A chain of circles chasing a pointer.
    Chain,
    /// An L-system plant.
    Tree,
}

impl SceneKind {
    /// Every scene, in the order `whalegen list` shows them.
    pub const ALL: [SceneKind; 3] = [SceneKind::Whale, SceneKind::Chain, SceneKind::Tree];

    /// The one word used for the scene everywhere.
    pub fn name(self) -> &'static str {
        match self {
            SceneKind::Whale => "whale",
            SceneKind::Chain => "chain",
            SceneKind::Tree => "tree",
        }
    }

    /// What the scene draws, in a line.
    pub fn description(self) -> &'static str {
        match self {
            SceneKind::Whale => "a whale shark swimming over a star field that shies away from it",
            SceneKind::Chain => "a follow-through chain of circles chasing a pointer",
            SceneKind::Tree => "an L-system plant drawn by a turtle, one generation at a time",
        }
    }

    /// The canvas size of the original sketch.
    pub fn default_size(self) -> (u32, u32) {
        match self {
            SceneKind::Whale => (800, 600),
            SceneKind::Chain => (670, 240),
            SceneKind::Tree => (400, 400),
        }
    }
}

/// A scene's parameters, typed.
#[derive(Debug, Clone, PartialEq)]
pub enum SceneParams {
    /// The whale's.
    Whale(WhaleParams),
    /// The chain's.
    Chain(ChainParams),
    /// The tree's.
    Tree(TreeParams),
}

impl SceneParams {
    /// Which scene these are the parameters of.
    pub fn kind(&self) -> SceneKind {
        match self {
            SceneParams::Whale(_) => SceneKind::Whale,
            SceneParams::Chain(_) => SceneKind::Chain,
            SceneParams::Tree(_) => SceneKind::Tree,
        }
    }

    /// The parameters as TOML, by their SCENES.md names, in their order.
    pub fn to_toml(&self) -> String {
        match self {
            SceneParams::Whale(p) => toml::to_string(p),
            SceneParams::Chain(p) => toml::to_string(p),
            SceneParams::Tree(p) => toml::to_string(p),
        }
        .expect("parameters serialise to TOML")
    }

    /// A good number of frames on a `width` x `height` canvas: one loop of
    /// the animation.
    pub fn default_frames(&self, width: u32, height: u32) -> u32 {
        match self {
            SceneParams::Whale(p) => p.default_frames(width, height),
            SceneParams::Chain(p) => p.loop_frames(),
            SceneParams::Tree(p) => p.loop_frames(),
        }
    }

    /// The frame (from 0) a still of `frames` frames shows: the scene at its
    /// fullest, the tree's last generation; the last frame of the others.
    pub fn still_frame(&self, frames: u32) -> u32 {
        match self {
            SceneParams::Tree(p) => p.fullest_frame(frames),
            SceneParams::Whale(_) | SceneParams::Chain(_) => frames.saturating_sub(1),
        }
    }

    /// Checks every parameter without building the scene. `frames` bounds
    /// the work (the tree's largest generation).
    pub fn check(&self, frames: u32) -> Result<(), Error> {
        match self {
            SceneParams::Whale(p) => p.check(),
            SceneParams::Chain(p) => p.check(),
            SceneParams::Tree(p) => p.check(frames).map(drop),
        }
    }

    /// What is worth saying before a render of `frames` frames on a
    /// `width` x `height` canvas that does not stop it. The parameters must
    /// be checked.
    pub fn warnings(&self, width: u32, height: u32, frames: u32) -> Vec<String> {
        match self {
            SceneParams::Tree(p) => p.off_canvas(width, height, frames).into_iter().collect(),
            SceneParams::Whale(_) | SceneParams::Chain(_) => Vec::new(),
        }
    }

    /// Checks every parameter, then builds the scene: the only step that may
    /// fail. `frames` is the render's length (the whale's loop), `steps`
    /// bounds the work (the tree's largest generation).
    pub fn build(
        &self,
        width: u32,
        height: u32,
        seed: u64,
        frames: u32,
        steps: u32,
    ) -> Result<Box<dyn Scene>, Error> {
        Ok(match self {
            SceneParams::Whale(p) => {
                p.check()?;
                Box::new(Whale::new(p.clone(), width, height, seed, frames))
            }
            SceneParams::Chain(p) => {
                p.check()?;
                Box::new(Chain::new(p.clone(), width, height))
            }
            SceneParams::Tree(p) => {
                let system = p.check(steps)?;
                Box::new(Tree::new(p.clone(), system, width, height))
            }
        })
    }
}

/// `seamless`: `speed` (radians a frame) rounded to the nearest that turns
/// a whole number of times in `frames` frames, so a wave loops with them.
fn whole_turns(speed: f64, frames: u32) -> f64 {
    let tau = std::f64::consts::TAU;
    let frames = f64::from(frames);
    tau * (speed * frames / tau).round() / frames
}

/// A colour with its red, green and blue scaled by `k`, alpha kept.
fn shade(c: Rgba, k: f64) -> Rgba {
    let s = |v: u8| (f64::from(v) * k).round().clamp(0.0, 255.0) as u8;
    Rgba::new(s(c.r), s(c.g), s(c.b), c.a)
}

/// A 2D vector in canvas units, with p5.Vector's arithmetic.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct V2 {
    /// Rightwards, in canvas units.
    pub x: f64,
    /// Downwards, in canvas units.
    pub y: f64,
}

impl V2 {
    /// The vector (`x`, `y`).
    pub const fn new(x: f64, y: f64) -> Self {
        V2 { x, y }
    }

    /// p5's `mag`.
    pub fn length(self) -> f64 {
        (self.x * self.x + self.y * self.y).sqrt()
    }

    /// p5's `setMag`: normalise (times 1/length), then scale. The zero
    /// vector stays zero.
    pub fn with_length(self, len: f64) -> V2 {
        let l = self.length();
        let unit = if l == 0.0 { self } else { self * (1.0 / l) };
        unit * len
    }

    /// p5's `limit`: scales down to `max` when longer.
    pub fn limit(self, max: f64) -> V2 {
        let sq = self.x * self.x + self.y * self.y;
        if sq > max * max {
            let l = sq.sqrt();
            V2::new(self.x / l, self.y / l) * max
        } else {
            self
        }
    }
}

impl std::ops::Add for V2 {
    type Output = V2;
    fn add(self, o: V2) -> V2 {
        V2::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for V2 {
    type Output = V2;
    fn sub(self, o: V2) -> V2 {
        V2::new(self.x - o.x, self.y - o.y)
    }
}

impl std::ops::Mul<f64> for V2 {
    type Output = V2;
    fn mul(self, k: f64) -> V2 {
        V2::new(self.x * k, self.y * k)
    }
}
