//! A fountain of sparks: a nozzle at the foot of the canvas throws sparks
//! that fly under gravity, skid along the floor and cool from white to red
//! as they fade. Written only against whalegen's public API.
//!
//! `cargo run --release --example particles` writes `out/particles.gif`.
//!
//! Every frame paints the whole canvas, so the sketch says it `repaints`
//! and hands out snapshots of its sparks: frames are drawn on several
//! threads while this one steps the physics on.

use std::f64::consts::{FRAC_PI_2, TAU};

use libm::{cos, pow, sin};
use whalegen::{Error, Rgba, Sketch, Snapshot, P5};

mod common;
#[cfg(test)]
mod support;

use common::Rng;

const OUTPUT: &str = "out/particles.gif";
/// Frames written: 5 seconds at 30 fps, one sway of the nozzle.
const FRAMES: u32 = 150;
/// Frames stepped before the first one written, so that the GIF opens on a
/// fountain in full flow.
const WARM_UP: u32 = 90;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    common::write_gif(Fountain::new(480, 360, 7), OUTPUT, FRAMES, WARM_UP)
}

/// The sketch: the generator that launches sparks, and the sparks.
#[derive(Clone)]
struct Fountain {
    rng: Rng,
    sparks: Sparks,
}

/// Everything a frame shows. A clone of it is the snapshot drawn on
/// another thread.
#[derive(Clone)]
struct Sparks {
    width: f64,
    height: f64,
    live: Vec<Spark>,
}

/// One spark; positions in canvas units, velocities in units per frame.
#[derive(Clone, Copy)]
struct Spark {
    x: f64,
    y: f64,
    vx: f64,
    vy: f64,
    age: f64,
    life: f64,
}

/// Sparks launched per frame.
const RATE: usize = 11;
/// Downward acceleration, in design units per frame per frame.
const GRAVITY: f64 = 0.14;
/// Velocity kept per frame, against air drag.
const DRAG: f64 = 0.995;
/// Vertical velocity kept, reversed, when a spark hits the floor.
const BOUNCE: f64 = 0.35;
/// Horizontal velocity kept when it hits the floor.
const SKID: f64 = 0.8;
/// Frames of motion a spark's streak shows.
const STREAK: f64 = 1.6;

impl Fountain {
    /// A fountain on a canvas of `width` x `height` units; its speeds scale
    /// with the height, so a smaller canvas shows the same fountain.
    fn new(width: u32, height: u32, seed: u64) -> Self {
        Fountain {
            rng: Rng(seed),
            sparks: Sparks {
                width: f64::from(width),
                height: f64::from(height),
                live: Vec::new(),
            },
        }
    }
}

impl Sparks {
    /// Units per design unit: the fountain was designed 360 units tall.
    fn unit(&self) -> f64 {
        self.height / 360.0
    }

    fn floor(&self) -> f64 {
        self.height * 0.86
    }

    fn nozzle(&self) -> (f64, f64) {
        (self.width / 2.0, self.floor())
    }

    fn paint(&self, p5: &mut P5) {
        let unit = self.unit();
        let (nx, ny) = self.nozzle();
        p5.background(Rgba::new(14, 11, 24, 255));
        p5.stroke(Rgba::new(70, 50, 70, 255));
        p5.stroke_weight(unit);
        p5.line(0.0, ny + 1.5 * unit, self.width, ny + 1.5 * unit);
        p5.no_stroke();
        for (d, alpha) in [(60.0, 10), (34.0, 22), (16.0, 60)] {
            p5.fill(Rgba::new(255, 140, 50, alpha));
            p5.circle(nx, ny, d * unit);
        }
        // Oldest first, so that the hottest sparks are drawn on top.
        for spark in &self.live {
            let heat = 1.0 - spark.age / spark.life;
            p5.stroke(glow(heat));
            p5.stroke_weight((0.6 + 2.4 * heat) * unit);
            let (tail_x, tail_y) = (spark.x - STREAK * spark.vx, spark.y - STREAK * spark.vy);
            p5.line(spark.x, spark.y, tail_x, tail_y);
        }
    }
}

/// A spark's colour at `heat` (1 when launched, 0 when it dies): white-hot,
/// gold, orange, then a dull red, fading out.
fn glow(heat: f64) -> Rgba {
    const STOPS: [(f64, [f64; 3]); 4] = [
        (0.0, [120.0, 20.0, 30.0]),
        (0.3, [240.0, 90.0, 30.0]),
        (0.7, [255.0, 190.0, 70.0]),
        (1.0, [255.0, 250.0, 225.0]),
    ];
    let heat = heat.clamp(0.0, 1.0);
    let (lo, hi) = STOPS
        .windows(2)
        .map(|pair| (pair[0], pair[1]))
        .find(|(_, hi)| heat <= hi.0)
        .expect("the last stop is at 1");
    let t = (heat - lo.0) / (hi.0 - lo.0);
    let [r, g, b] = std::array::from_fn(|k| (lo.1[k] + t * (hi.1[k] - lo.1[k])).round() as u8);
    Rgba::new(r, g, b, (255.0 * pow(heat, 0.7)).round() as u8)
}

impl Sketch for Fountain {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.create_canvas(self.sparks.width as u32, self.sparks.height as u32)
    }

    fn update(&mut self, frame: u32) -> Result<(), Error> {
        let sparks = &mut self.sparks;
        let unit = sparks.unit();
        let floor = sparks.floor();
        let gravity = GRAVITY * unit;
        for spark in &mut sparks.live {
            spark.vx *= DRAG;
            spark.vy = spark.vy * DRAG + gravity;
            spark.x += spark.vx;
            spark.y += spark.vy;
            if spark.y > floor && spark.vy > 0.0 {
                spark.y = floor - (spark.y - floor) * BOUNCE;
                spark.vy *= -BOUNCE;
                spark.vx *= SKID;
            }
            spark.age += 1.0;
        }
        let margin = 20.0 * unit;
        let width = sparks.width;
        sparks
            .live
            .retain(|s| s.age < s.life && s.x > -margin && s.x < width + margin);

        // The nozzle sways once every FRAMES frames, so the GIF loops.
        let aim = -FRAC_PI_2 + 0.16 * sin(f64::from(frame) * TAU / f64::from(FRAMES));
        let (nx, ny) = sparks.nozzle();
        for _ in 0..RATE {
            let angle = aim + self.rng.range(-0.32, 0.32);
            let speed = self.rng.range(5.0, 9.0) * unit;
            let life = self.rng.range(70.0, 150.0);
            sparks.live.push(Spark {
                x: nx,
                y: ny,
                vx: speed * cos(angle),
                vy: speed * sin(angle),
                age: 0.0,
                life,
            });
        }
        Ok(())
    }

    fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
        self.sparks.paint(p5);
        Ok(())
    }

    fn repaints(&self) -> bool {
        true
    }

    fn snapshot(&self) -> Option<Box<dyn Snapshot>> {
        Some(Box::new(self.sparks.clone()))
    }
}

impl Snapshot for Sparks {
    fn draw(&self, p5: &mut P5) -> Result<(), Error> {
        self.paint(p5);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;

    use super::*;
    use whalegen::{Frames, RenderOptions};

    #[test]
    fn a_small_fountain_shows_six_distinct_frames() {
        let shown = support::render_gif(Box::new(Fountain::new(160, 120, 7)), 30, 6);
        // The floor and the nozzle's glow alone cover about 3%, the sparks
        // as much again.
        support::assert_animated(&shown, 6, 0.05);
    }

    #[test]
    fn snapshots_on_other_threads_draw_what_draw_draws() {
        let render = |threads| {
            let options = RenderOptions {
                frames: Frames::Count(8),
                start: 30,
                threads: NonZeroUsize::new(threads),
                ..RenderOptions::default()
            };
            support::render_gif_with(Box::new(Fountain::new(160, 120, 7)), options)
        };
        assert!(render(1).frames == render(3).frames);
    }

    #[test]
    fn the_seed_decides_the_sparks() {
        let render = |seed| support::render_gif(Box::new(Fountain::new(160, 120, seed)), 30, 3);
        assert!(render(7).frames == render(7).frames);
        assert!(render(7).frames != render(8).frames);
    }
}
