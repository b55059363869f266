//! `seamless = true`: the whale's head swims a closed figure of eight whose
//! period is the loop's frame count, so that after one lap of warm-up the
//! body and the stars repeat with it and the last frame leads into the first.

use super::whale::{Turn, WhaleParams};
use super::V2;

/// Points measured along the figure to find its length.
const SAMPLES: u32 = 1024;

/// The head's closed path: `x = cx ± ax w(t)`, `y = cy ± ay w(2t)` for `t`
/// in turns, with `w` a sine (`turn = "steer"`: smooth arcs) or a triangle
/// wave (`turn = "bounce"`: straight lines off the edges of the boundary
/// box). Both pass through the centre of the canvas at `t = 0`, heading as
/// the sketch's starting velocity (the signs of `speed_x` and `speed_y`).
#[derive(Debug, Clone)]
pub(super) struct Lap {
    centre: V2,
    /// The half-width and half-height, signed by the heading at `t = 0`.
    amplitude: V2,
    wave: Turn,
    /// Frames in the loop.
    frames: u32,
    /// Times round the figure in one loop: 0 keeps the head still.
    laps: u32,
}

impl Lap {
    /// The figure for `params` on a `width` x `height` canvas, gone round
    /// in `frames` frames as many times as keeps the head nearest its top
    /// speed (once at least). It spans the canvas up to `boundary` from its
    /// edges, and at least half of it.
    pub(super) fn new(params: &WhaleParams, width: f64, height: f64, frames: u32) -> Self {
        let reach = |half: f64| (half - params.boundary).max(half / 2.0);
        let sign = |v: f64| if v < 0.0 { -1.0 } else { 1.0 };
        let mut lap = Lap {
            centre: V2::new(width / 2.0, height / 2.0),
            amplitude: V2::new(
                sign(params.speed_x) * reach(width / 2.0),
                sign(params.speed_y) * reach(height / 2.0),
            ),
            wave: params.turn,
            frames: frames.max(1),
            laps: 1,
        };
        let top_speed = V2::new(params.speed_x, params.speed_y).length();
        let laps = f64::from(lap.frames) * top_speed / lap.length();
        lap.laps = if top_speed > 0.0 {
            laps.round().clamp(1.0, f64::from(u32::MAX)) as u32
        } else {
            0
        };
        lap
    }

    /// The frames one lap takes at `top_speed` canvas units a frame: the
    /// loop's natural length (at least 1).
    pub(super) fn natural_frames(&self, top_speed: f64) -> u32 {
        if top_speed > 0.0 {
            (self.length() / top_speed).round().clamp(1.0, 100_000.0) as u32
        } else {
            1
        }
    }

    /// The frames in the loop.
    pub(super) fn frames(&self) -> u32 {
        self.frames
    }

    /// The length of one lap, in canvas units.
    fn length(&self) -> f64 {
        let point = |k: u32| self.at_turns(f64::from(k) / f64::from(SAMPLES));
        (1..=SAMPLES)
            .map(|k| (point(k) - point(k - 1)).length())
            .sum()
    }

    /// Where the head is `frame` frames into the loop (any frame: the path
    /// repeats every `frames`).
    pub(super) fn at(&self, frame: u32) -> V2 {
        let k = u64::from(frame) * u64::from(self.laps) % u64::from(self.frames);
        self.at_turns(k as f64 / f64::from(self.frames))
    }

    /// The point `t` turns round the figure.
    fn at_turns(&self, t: f64) -> V2 {
        let w = |t: f64| match self.wave {
            Turn::Steer => libm::sin(std::f64::consts::TAU * t),
            // 0 at t = 0, rising to 1 at a quarter turn, -1 at three quarters.
            Turn::Bounce => 1.0 - 4.0 * (fract(t + 0.25) - 0.5).abs(),
        };
        V2::new(
            self.centre.x + self.amplitude.x * w(t),
            self.centre.y + self.amplitude.y * w(2.0 * t),
        )
    }
}

fn fract(t: f64) -> f64 {
    t - libm::floor(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lap(turn: Turn, frames: u32) -> Lap {
        let params = WhaleParams {
            turn,
            ..Default::default()
        };
        Lap::new(&params, 800.0, 600.0, frames)
    }

    #[test]
    fn the_figure_starts_at_the_centre_and_closes() {
        for turn in [Turn::Steer, Turn::Bounce] {
            let lap = lap(turn, 300);
            assert_eq!(lap.at(0), V2::new(400.0, 300.0));
            assert_eq!(lap.at(300), lap.at(0));
            assert_eq!(lap.at(301), lap.at(1));
            let first = lap.at(1) - lap.at(0);
            assert!(first.x > 0.0 && first.y > 0.0, "{turn:?}: {first:?}");
        }
    }

    #[test]
    fn the_figure_keeps_boundary_from_the_edges() {
        let lap = lap(Turn::Bounce, 400);
        let points: Vec<V2> = (0..400).map(|f| lap.at(f)).collect();
        let min_x = points.iter().map(|p| p.x).fold(f64::INFINITY, f64::min);
        let max_y = points.iter().map(|p| p.y).fold(0.0, f64::max);
        assert!((min_x - 150.0).abs() < 1e-9 && (max_y - 450.0).abs() < 1e-9);
    }

    #[test]
    fn longer_loops_go_round_more_often_at_about_the_top_speed() {
        let one = lap(Turn::Steer, 300);
        let natural = one.natural_frames(V2::new(2.4, 1.6).length());
        assert!((550..620).contains(&natural), "{natural}");
        assert_eq!(one.laps, 1);
        assert_eq!(lap(Turn::Steer, natural * 3).laps, 3);
    }
}
