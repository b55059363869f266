//! The whale scene's parameters (SCENES.md), their defaults and limits.

use serde::{Deserialize, Serialize};

use super::lap::Lap;
use super::V2;
use crate::check;
use crate::error::Error;
use crate::p5::Rgba;

/// How the head turns away from the canvas edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Turn {
    /// The Nature of Code's "stay within walls" steering: smooth arcs.
    Steer,
    /// The original sketch: a velocity component flips at the boundary.
    Bounce,
}

/// How the whale is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WhaleStyle {
    /// SCENES.md exactly: pale rounded segments and a small tail fin.
    Sketch,
    /// A whale shark on the same joints: broad head, pectoral, dorsal and
    /// crescent tail fins, pale spots and stripes on a dark back.
    Shark,
}

/// Every parameter of the whale scene, by its SCENES.md name: docs/SCENES.md
/// gives each one's meaning, units, default and range (`whalegen show
/// --scene whale` prints the defaults).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[allow(missing_docs)] // documented in SCENES.md, the contract
pub struct WhaleParams {
    pub background: Rgba,
    pub stars: u32,
    pub star_color: Rgba,
    pub shield_radius: f64,
    pub push: f64,
    pub ease: f64,
    pub speed_x: f64,
    pub speed_y: f64,
    pub boundary: f64,
    pub turn: Turn,
    pub max_force: f64,
    pub segments: u32,
    pub spacing: f64,
    pub tail_spacing: f64,
    pub length: f64,
    pub margin: f64,
    pub tail_length: f64,
    pub tail_fin: f64,
    pub profile: Vec<f64>,
    pub body_color: Rgba,
    pub curve_tightness: f64,
    /// Not in SCENES.md, nor the keys below (whalegen's own). `true`, the
    /// default: the head swims a closed figure of eight once round in the
    /// render's frames, after a lap of warm-up (see `Lap`), so the animation
    /// loops; `false`: SCENES.md's motion, turned by `turn`.
    pub seamless: bool,
    /// `"shark"`, the default, leaves `body_color` and the tail triangle's
    /// shape to the sketch and uses `back_color` and `spot_color`;
    /// `"sketch"` draws SCENES.md's whale.
    pub style: WhaleStyle,
    /// The tail beat: the largest turn of a joint, in radians, at the tail.
    pub tail_beat: f64,
    /// The tail beat's speed, in radians per frame.
    pub tail_beat_speed: f64,
    /// How far behind its leader each joint beats, in radians.
    pub tail_beat_phase: f64,
    /// `style = "shark"`: the colour of the back.
    pub back_color: Rgba,
    /// `style = "shark"`: the colour of the spots, stripes and mouth line.
    pub spot_color: Rgba,
}

impl Default for WhaleParams {
    fn default() -> Self {
        WhaleParams {
            background: Rgba::new(8, 18, 38, 255),
            stars: 220,
            star_color: Rgba::new(255, 255, 255, 220),
            shield_radius: 90.0,
            push: 2.0,
            ease: 0.05,
            speed_x: 2.4,
            speed_y: 1.6,
            boundary: 150.0,
            turn: Turn::Steer,
            max_force: 0.05,
            segments: 8,
            spacing: 26.0,
            tail_spacing: 7.0,
            length: 32.0,
            margin: 3.0,
            tail_length: 16.0,
            tail_fin: 52.0,
            profile: vec![36.0, 46.0, 50.0, 47.0, 40.0, 30.0, 20.0, 11.0],
            body_color: Rgba::new(255, 255, 255, 200),
            curve_tightness: 0.5,
            seamless: true,
            style: WhaleStyle::Shark,
            tail_beat: 0.0,
            tail_beat_speed: 0.12,
            tail_beat_phase: 0.5,
            back_color: Rgba::new(62, 84, 110, 255),
            spot_color: Rgba::new(226, 234, 240, 230),
        }
    }
}

/// The most stars: each is drawn every frame.
pub const MAX_STARS: u32 = 1_000_000;

/// The most body segments (joints).
pub const MAX_SEGMENTS: u32 = 1000;

/// The largest body part, speed or curve overshoot, in canvas units: the
/// widths of `profile`, the lengths and spacings, the speeds. The curve
/// rasteriser's fixed point (src/p5/raster/edges.rs) overflows on curves about
/// 40,000 pixels across; parts of 2,000 units at `curve_tightness` -5 (its
/// widest) measured well within it.
pub const MAX_BODY: f64 = 2_000.0;

impl WhaleParams {
    /// Refuses, by name, any parameter out of its range; every count that
    /// sizes an allocation (`stars`, `segments`, `profile`) is bounded.
    pub(crate) fn check(&self) -> Result<(), Error> {
        check::count("stars", self.stars, 0, MAX_STARS)?;
        for (key, v) in [
            ("shield_radius", self.shield_radius),
            ("push", self.push),
            ("boundary", self.boundary),
            ("max_force", self.max_force),
        ] {
            check::size(key, v)?;
        }
        for (key, v) in [
            ("spacing", self.spacing),
            ("tail_spacing", self.tail_spacing),
            ("length", self.length),
            ("margin", self.margin),
            ("tail_length", self.tail_length),
            ("tail_fin", self.tail_fin),
        ] {
            check::in_range(key, v, 0.0, MAX_BODY)?;
        }
        check::in_range("ease", self.ease, 0.0, 1.0)?;
        check::in_range("speed_x", self.speed_x, -MAX_BODY, MAX_BODY)?;
        check::in_range("speed_y", self.speed_y, -MAX_BODY, MAX_BODY)?;
        check::in_range("curve_tightness", self.curve_tightness, -5.0, 5.0)?;
        check::in_range("tail_beat", self.tail_beat, 0.0, 1.5)?;
        check::finite("tail_beat_speed", self.tail_beat_speed)?;
        check::finite("tail_beat_phase", self.tail_beat_phase)?;
        check::count("segments", self.segments, 1, MAX_SEGMENTS)?;
        if self.profile.len() != self.segments as usize {
            return Err(check::refuse(
                "profile",
                format!("a list of {} widths", self.profile.len()),
                format!(
                    "one width per segment ({} with segments = {0})",
                    self.segments
                ),
            ));
        }
        self.profile
            .iter()
            .try_for_each(|&w| check::in_range("profile", w, 0.0, MAX_BODY))
    }
}

impl WhaleParams {
    /// A good number of frames on a `width` x `height` canvas: with
    /// `seamless`, one lap of the head's path at the top speed; else 300.
    pub(crate) fn default_frames(&self, width: u32, height: u32) -> u32 {
        if !self.seamless {
            return 300;
        }
        let lap = Lap::new(self, f64::from(width), f64::from(height), 1);
        lap.natural_frames(V2::new(self.speed_x, self.speed_y).length())
    }
}
