//! A flow field: particles drift along the angles of a Perlin noise field
//! that changes and comes back once per loop, leaving trails that a
//! translucent background fades.
//! Written only against whalegen's public API, the noise included.
//!
//! `cargo run --release --example flow_field` writes `out/flow_field.gif`.
//!
//! Each frame draws over the one before, so this is a sequential sketch:
//! `repaints` keeps its default, `false`, and every frame is drawn in turn
//! on one thread.

use std::f64::consts::TAU;

use libm::{cos, sin};
use whalegen::{Error, Rgba, Sketch, P5};

mod common;
#[cfg(test)]
mod support;

use common::Rng;

const OUTPUT: &str = "out/flow_field.gif";
/// Frames written: 5 seconds at 30 fps, one loop of the field.
const FRAMES: u32 = 150;
/// Frames stepped (and drawn) before the first one written, so that the GIF
/// opens on trails rather than on an empty canvas.
const WARM_UP: u32 = 60;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    common::write_gif(FlowField::new(480, 360, 3), OUTPUT, FRAMES, WARM_UP)
}

/// Ken Perlin's improved gradient noise in 3D, on a permutation table
/// shuffled by the seed. Values lie in about [-1, 1] and are 0 at every
/// integer lattice point.
#[derive(Clone)]
struct Perlin {
    /// A permutation of 0..=255, twice over, so that `perm[i + 1]` needs no
    /// wrapping.
    perm: [u8; 512],
}

impl Perlin {
    fn new(rng: &mut Rng) -> Self {
        let mut table: [u8; 256] = std::array::from_fn(|i| i as u8);
        for i in (1..table.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            table.swap(i, j);
        }
        Perlin {
            perm: std::array::from_fn(|i| table[i % 256]),
        }
    }

    fn noise(&self, x: f64, y: f64, z: f64) -> f64 {
        let cell = |v: f64| (v.floor() as i64 & 255) as usize;
        let (xi, yi, zi) = (cell(x), cell(y), cell(z));
        let (x, y, z) = (x - x.floor(), y - y.floor(), z - z.floor());
        let (u, v, w) = (fade(x), fade(y), fade(z));
        let p = &self.perm;
        let hash = |i: usize, j: usize, k: usize| {
            p[usize::from(p[usize::from(p[xi + i]) + yi + j]) + zi + k]
        };
        let corner = |i: usize, j: usize, k: usize| {
            let (dx, dy, dz) = (x - i as f64, y - j as f64, z - k as f64);
            grad(hash(i, j, k), dx, dy, dz)
        };
        let face = |k: usize| {
            let bottom = lerp(u, corner(0, 0, k), corner(1, 0, k));
            let top = lerp(u, corner(0, 1, k), corner(1, 1, k));
            lerp(v, bottom, top)
        };
        lerp(w, face(0), face(1))
    }
}

/// Perlin's quintic ease, 6t^5 - 15t^4 + 10t^3: smooth to the second
/// derivative at the lattice, so the field has no creases.
fn fade(t: f64) -> f64 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

fn lerp(t: f64, a: f64, b: f64) -> f64 {
    a + t * (b - a)
}

/// The dot product of (x, y, z) with one of the 12 edge directions of a
/// cube, picked by the low 4 bits of `hash`.
fn grad(hash: u8, x: f64, y: f64, z: f64) -> f64 {
    let h = hash & 15;
    let u = if h < 8 { x } else { y };
    let v = match h {
        0..=3 => y,
        12 | 14 => x,
        _ => z,
    };
    let u = if h & 1 == 0 { u } else { -u };
    let v = if h & 2 == 0 { v } else { -v };
    u + v
}

/// One particle; positions in canvas units.
#[derive(Clone, Copy)]
struct Particle {
    x: f64,
    y: f64,
    /// Where it was a frame ago: its trail's newest segment ends there.
    /// Equal to (x, y) just after it is born, so no segment is drawn.
    px: f64,
    py: f64,
    /// The angle of the field it last followed, in radians: its colour.
    heading: f64,
    age: u32,
    life: u32,
}

/// The sketch: the noise field and the particles that follow it.
#[derive(Clone)]
struct FlowField {
    width: f64,
    height: f64,
    rng: Rng,
    noise: Perlin,
    particles: Vec<Particle>,
}

/// Canvas units per noise lattice cell.
const CELL: f64 = 220.0;
/// How far the field drifts along the noise's third axis in one loop.
const DRIFT: f64 = 1.0;
/// Turns of the field per unit of noise.
const TWIST: f64 = 2.2;
/// Canvas units a particle moves per frame.
const SPEED: f64 = 1.6;
/// Particles per 10,000 square units.
const DENSITY: f64 = 60.0;
/// The translucent background laid over each frame: it fades the trails.
const FADE: Rgba = Rgba::new(10, 12, 28, 10);
const BACKGROUND: Rgba = Rgba::new(10, 12, 28, 255);

impl FlowField {
    /// A field on a canvas of `width` x `height` units, seeded by `seed`.
    fn new(width: u32, height: u32, seed: u64) -> Self {
        let mut rng = Rng(seed);
        let noise = Perlin::new(&mut rng);
        let (width, height) = (f64::from(width), f64::from(height));
        let count = (width * height / 10_000.0 * DENSITY).round() as usize;
        let mut field = FlowField {
            width,
            height,
            rng,
            noise,
            particles: Vec::with_capacity(count),
        };
        for _ in 0..count {
            let particle = field.spawn();
            field.particles.push(particle);
        }
        field
    }

    /// A particle at a random place, with a random lifetime: particles that
    /// die at different times keep the field evenly covered instead of
    /// gathering in the field's sinks.
    fn spawn(&mut self) -> Particle {
        let x = self.rng.range(0.0, self.width);
        let y = self.rng.range(0.0, self.height);
        Particle {
            x,
            y,
            px: x,
            py: y,
            heading: 0.0,
            age: 0,
            life: self.rng.range(60.0, 240.0) as u32,
        }
    }

    /// The field's angle at (x, y) on `frame`, in radians. The noise
    /// drifts along its third axis and is cross-faded with itself one loop
    /// of `FRAMES` earlier, so that the field comes back to where it
    /// started and the GIF loops without a jump.
    fn angle(&self, x: f64, y: f64, frame: u32) -> f64 {
        let t = f64::from(frame % FRAMES) / f64::from(FRAMES);
        let (x, y, z) = (x / CELL, y / CELL, t * DRIFT);
        let now = self.noise.noise(x, y, z);
        let a_loop_ago = self.noise.noise(x, y, z - DRIFT);
        TAU * TWIST * ((1.0 - t) * now + t * a_loop_ago)
    }
}

/// The trail colour of a particle heading at `angle`: a loop through teal,
/// violet, coral and gold as the heading turns.
fn hue(angle: f64) -> Rgba {
    const LOOP: [[f64; 3]; 4] = [
        [70.0, 200.0, 200.0],
        [150.0, 100.0, 230.0],
        [250.0, 110.0, 120.0],
        [250.0, 205.0, 110.0],
    ];
    let turn = angle.rem_euclid(TAU) / TAU * LOOP.len() as f64;
    let i = (turn as usize).min(LOOP.len() - 1);
    let (from, to, t) = (LOOP[i], LOOP[(i + 1) % LOOP.len()], turn - i as f64);
    let [r, g, b] = std::array::from_fn(|k| (from[k] + t * (to[k] - from[k])).round() as u8);
    Rgba::new(r, g, b, 70)
}

impl Sketch for FlowField {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.create_canvas(self.width as u32, self.height as u32)?;
        p5.background(BACKGROUND);
        p5.stroke_weight(1.2);
        Ok(())
    }

    fn update(&mut self, frame: u32) -> Result<(), Error> {
        for i in 0..self.particles.len() {
            let Particle { x, y, .. } = self.particles[i];
            let heading = self.angle(x, y, frame);
            let p = &mut self.particles[i];
            (p.px, p.py) = (x, y);
            p.x += SPEED * cos(heading);
            p.y += SPEED * sin(heading);
            p.heading = heading;
            p.age += 1;
            let outside = p.x < 0.0 || p.x > self.width || p.y < 0.0 || p.y > self.height;
            if outside || p.age > p.life {
                self.particles[i] = self.spawn();
            }
        }
        Ok(())
    }

    fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
        p5.background(FADE);
        for p in &self.particles {
            if (p.px, p.py) != (p.x, p.y) {
                p5.stroke(hue(p.heading));
                p5.line(p.px, p.py, p.x, p.y);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_field_shows_six_distinct_frames_of_trails() {
        let shown = support::render_gif(Box::new(FlowField::new(160, 120, 3)), 20, 6);
        support::assert_animated(&shown, 6, 0.1);
    }

    #[test]
    fn noise_is_smooth_and_seeded() {
        let noise = Perlin::new(&mut Rng(3));
        assert_eq!(noise.noise(2.0, 5.0, 1.0), 0.0, "0 on the lattice");
        let (a, b) = (noise.noise(0.31, 0.52, 0.4), noise.noise(0.311, 0.52, 0.4));
        assert!(a != 0.0 && (a - b).abs() < 0.01, "{a} then {b}");
        let other = Perlin::new(&mut Rng(4));
        assert_ne!(noise.noise(0.31, 0.52, 0.4), other.noise(0.31, 0.52, 0.4));
        let extreme = (0..10_000)
            .map(|i| noise.noise(i as f64 * 0.0137, i as f64 * 0.0291, 0.5).abs())
            .fold(0.0, f64::max);
        assert!(extreme > 0.3 && extreme <= 1.0, "largest |noise| {extreme}");
    }
}
