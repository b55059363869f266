//! `whale`: a whale shark swimming over a star field (SCENES.md).

use serde::{Deserialize, Serialize};

use super::body::{self, Joint};
use super::lap::Lap;
use super::shark::{self, Pattern};
use super::stars::StarField;
use super::{whole_turns, Scene, V2};
use crate::check;
use crate::error::Error;
use crate::p5::{Rgba, P5};
use crate::rng::SplitMix64;

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
/// rasteriser's fixed point (src/p5/edges.rs) overflows on curves about
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

/// The whale scene's state.
#[derive(Debug, Clone)]
pub struct Whale {
    params: WhaleParams,
    width: f64,
    height: f64,
    stars: StarField,
    head: V2,
    velocity: V2,
    top_speed: f64,
    joints: Vec<Joint>,
    /// The joints as drawn: `joints` with the tail beat.
    pose: Vec<Joint>,
    /// `style = "shark"`: the spots, in body coordinates.
    pattern: Option<Pattern>,
    /// `seamless`: the head's closed path.
    lap: Option<Lap>,
    /// The tail beat's speed in radians per frame: `tail_beat_speed`, or
    /// with `seamless` the nearest that beats a whole number of times a loop.
    beat_speed: f64,
}

impl Whale {
    /// The whale of `params` on a `width` x `height` canvas, its stars
    /// placed by `seed`, looping in `frames` frames when `seamless` (it is
    /// then stepped one loop ahead here); the parameters must be checked.
    pub fn new(params: WhaleParams, width: u32, height: u32, seed: u64, frames: u32) -> Self {
        let (width, height) = (f64::from(width), f64::from(height));
        let mut rng = SplitMix64::new(seed);
        let stars = StarField::new(params.stars, width, height, &mut rng);
        let lap = params
            .seamless
            .then(|| Lap::new(&params, width, height, frames));
        let head = V2::new(width / 2.0, height / 2.0);
        let mut velocity = V2::new(params.speed_x, params.speed_y);
        let top_speed = velocity.length();
        let beat_speed = match &lap {
            Some(lap) => whole_turns(params.tail_beat_speed, lap.frames()),
            None => params.tail_beat_speed,
        };
        if let Some(lap) = &lap {
            velocity = lap.at(1) - lap.at(0);
        }
        // The joints start on a line behind the head, opposite to the velocity.
        let back = if velocity.length() > 0.0 {
            velocity.with_length(-1.0)
        } else {
            V2::new(-1.0, 0.0)
        };
        let angle = libm::atan2(back.y, back.x);
        let mut at = head;
        let joints = (0..params.segments as usize)
            .map(|i| {
                at = at + back * spacing(&params, i);
                Joint { pos: at, angle }
            })
            .collect::<Vec<_>>();
        let pattern = (params.style == WhaleStyle::Shark).then(|| Pattern::new(&params, seed));
        let warmup = lap.as_ref().map_or(0, Lap::frames);
        let mut whale = Whale {
            params,
            width,
            height,
            stars,
            head,
            velocity,
            top_speed,
            pose: joints.clone(),
            joints,
            pattern,
            lap,
            beat_speed,
        };
        // One lap: the body and the stars settle into the loop.
        for frame in 0..warmup {
            whale.step(frame);
        }
        whale
    }

    /// The head's position, in canvas units.
    pub fn head(&self) -> V2 {
        self.head
    }

    /// The head's velocity, in canvas units per frame.
    pub fn velocity(&self) -> V2 {
        self.velocity
    }

    /// The body's joints, head first, as the simulation leaves them.
    pub fn joints(&self) -> &[Joint] {
        &self.joints
    }

    /// The joints as drawn this frame: [`Whale::joints`] with the tail beat.
    pub fn pose(&self) -> &[Joint] {
        &self.pose
    }

    /// `style = "shark"`: the shark's spots and fins this frame.
    pub fn shark(&self) -> Option<shark::Shape> {
        let pattern = self.pattern.as_ref()?;
        Some(shark::Shape::new(pattern, &self.pose, &self.params))
    }

    /// The positions of the first stars, for checks against p5's state.
    pub fn star_positions(&self) -> impl Iterator<Item = V2> + '_ {
        self.stars.positions()
    }

    fn turn_and_move(&mut self) {
        let p = &self.params;
        let (pos, v, top) = (self.head, self.velocity, self.top_speed);
        match p.turn {
            Turn::Steer => {
                let mut desired = None;
                if pos.x < p.boundary {
                    desired = Some(V2::new(top, v.y));
                } else if pos.x > self.width - p.boundary {
                    desired = Some(V2::new(-top, v.y));
                }
                if pos.y < p.boundary {
                    desired = Some(V2::new(v.x, top));
                } else if pos.y > self.height - p.boundary {
                    desired = Some(V2::new(v.x, -top));
                }
                if let Some(desired) = desired {
                    let steer = (desired.with_length(top) - v).limit(p.max_force);
                    self.velocity = (v + steer).limit(top);
                }
                self.head = self.head + self.velocity;
            }
            Turn::Bounce => {
                self.head = pos + v;
                let outside = |x: f64, size: f64| x < p.boundary || x > size - p.boundary;
                if outside(self.head.x, self.width) {
                    self.velocity.x = -self.velocity.x;
                }
                if outside(self.head.y, self.height) {
                    self.velocity.y = -self.velocity.y;
                }
            }
        }
    }

    fn follow(&mut self) {
        let mut leader = self.head;
        for i in 0..self.joints.len() {
            let spacing = spacing(&self.params, i);
            let joint = &mut self.joints[i];
            let d = joint.pos - leader;
            if d.length() > 0.0 {
                let d = d.with_length(spacing);
                joint.pos = leader + d;
                joint.angle = libm::atan2(d.y, d.x);
            }
            leader = joint.pos;
        }
    }
}

/// The distance from joint `i` to its leader.
fn spacing(params: &WhaleParams, i: usize) -> f64 {
    if i + 1 == params.segments as usize {
        params.tail_spacing
    } else {
        params.spacing
    }
}

impl Scene for Whale {
    fn repaints(&self) -> bool {
        self.params.background.a == 255
    }

    fn snapshot(&self) -> Box<dyn Scene> {
        Box::new(self.clone())
    }

    fn step(&mut self, frame: u32) {
        match &self.lap {
            Some(lap) => {
                let next = lap.at(frame + 1);
                self.velocity = next - self.head;
                self.head = next;
            }
            None => self.turn_and_move(),
        }
        self.follow();
        let p = &self.params;
        self.stars.shy(self.head, p.shield_radius, p.push, p.ease);
        // p5's frameCount is frame + 1; a loop counts round to its start.
        let count = match &self.lap {
            Some(lap) => (frame + 1) % lap.frames(),
            None => frame + 1,
        };
        let beat = f64::from(count) * self.beat_speed;
        self.pose = body::pose(self.head, &self.joints, &self.params, beat);
    }

    fn draw(&self, p5: &mut P5) {
        let p = &self.params;
        p5.background(p.background);
        self.stars.draw(p5, p.star_color);
        match self.shark() {
            Some(shape) => shape.draw(p5, p),
            None => body::draw_sketch(p5, &self.pose, p),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn whale(params: WhaleParams) -> Whale {
        Whale::new(params, 800, 600, 1, 300)
    }

    /// SCENES.md's motion, turned by `turn`.
    fn sketch() -> WhaleParams {
        WhaleParams {
            seamless: false,
            ..Default::default()
        }
    }

    #[test]
    fn joints_keep_their_spacing_from_the_leader() {
        let mut w = whale(WhaleParams::default());
        for frame in 0..200 {
            w.step(frame);
        }
        let mut leader = w.head();
        for (i, j) in w.joints().iter().enumerate() {
            let expected = if i == 7 { 7.0 } else { 26.0 };
            let d = (j.pos - leader).length();
            assert!((d - expected).abs() < 1e-9, "joint {i} at {d}");
            leader = j.pos;
        }
    }

    #[test]
    fn bounce_flips_the_velocity_past_the_boundary() {
        let params = WhaleParams {
            turn: Turn::Bounce,
            speed_x: 10.0,
            speed_y: 0.0,
            ..sketch()
        };
        let mut w = whale(params);
        // From x = 400, ten steps of 10 reach 500; the 26th step reaches 660 > 650.
        for frame in 0..25 {
            w.step(frame);
        }
        assert_eq!(w.velocity().x, 10.0);
        w.step(25);
        assert_eq!(w.head().x, 660.0);
        assert_eq!(w.velocity().x, -10.0);
        w.step(26);
        assert_eq!(w.head().x, 650.0);
    }

    #[test]
    fn steering_keeps_the_speed_and_the_whale_on_the_canvas() {
        let mut w = whale(sketch());
        let top = w.velocity().length();
        for frame in 0..3000 {
            w.step(frame);
            let h = w.head();
            assert!(
                h.x > 0.0 && h.x < 800.0 && h.y > 0.0 && h.y < 600.0,
                "frame {frame}: {h:?}"
            );
            assert!(w.velocity().length() <= top + 1e-9);
        }
    }
}
