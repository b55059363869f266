//! The whale's star field: stars near the head are pushed away and drift
//! back to where they were created once it has passed (SCENES.md).

use super::V2;
use crate::p5::{Rgba, P5};
use crate::rng::SplitMix64;

#[derive(Debug, Clone)]
struct Star {
    pos: V2,
    origin: V2,
    diameter: f64,
}

/// The stars, in the order they were created.
#[derive(Debug, Clone)]
pub(super) struct StarField {
    stars: Vec<Star>,
}

impl StarField {
    /// `count` stars over `width` x `height`, drawn from `rng` in SCENES.md's
    /// order: x, y, then diameter, for each star.
    pub(super) fn new(count: u32, width: f64, height: f64, rng: &mut SplitMix64) -> Self {
        let stars = (0..count)
            .map(|_| {
                let x = rng.next_f64() * width;
                let y = rng.next_f64() * height;
                let diameter = 1.0 + rng.next_f64() * 3.0;
                let pos = V2::new(x, y);
                Star {
                    pos,
                    origin: pos,
                    diameter,
                }
            })
            .collect();
        StarField { stars }
    }

    pub(super) fn positions(&self) -> impl Iterator<Item = V2> + '_ {
        self.stars.iter().map(|s| s.pos)
    }

    /// Within `shield_radius` of `head` a star is pushed `push` away from
    /// it; farther out it eases back to its origin.
    pub(super) fn shy(&mut self, head: V2, shield_radius: f64, push: f64, ease: f64) {
        for star in &mut self.stars {
            let d = head - star.pos;
            let dist = d.length();
            if dist > 0.0 && dist < shield_radius {
                star.pos = star.pos - d * (push / dist);
            } else if dist >= shield_radius {
                star.pos = star.pos + (star.origin - star.pos) * ease;
            }
        }
    }

    pub(super) fn draw(&self, p5: &mut P5, color: Rgba) {
        p5.no_stroke();
        p5.fill(color);
        for star in &self.stars {
            p5.circle(star.pos.x, star.pos.y, star.diameter);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_near_the_head_are_pushed_away() {
        let mut field = StarField::new(2000, 800.0, 600.0, &mut SplitMix64::new(1));
        let head = V2::new(402.4, 301.6);
        field.shy(head, 90.0, 2.0, 0.05);
        let near: Vec<_> = field
            .stars
            .iter()
            .filter(|s| (s.origin - head).length() < 80.0)
            .collect();
        assert!(!near.is_empty());
        for s in near {
            let moved = (s.pos - head).length() - (s.origin - head).length();
            assert!((moved - 2.0).abs() < 1e-9, "moved {moved}");
        }
    }
}
