//! `whale`: a whale shark swimming over a star field (SCENES.md).

use super::body::{self, Joint};
use super::lap::Lap;
use super::shark::{self, Pattern};
use super::stars::StarField;
pub use super::whale_params::{Turn, WhaleParams, WhaleStyle};
use super::{whole_turns, Scene, V2};
use crate::p5::P5;
use crate::rng::SplitMix64;

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
