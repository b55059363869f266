//! `style = "caterpillar"`: the chain's circles drawn as a caterpillar seen
//! from above, lit from the top left, on a pale leaf green (flat: soft
//! backdrop discs made the README's lossy GIF smear the body's trail). Every part is
//! placed from the circles' centres and diameters alone, so any chain the
//! parameters allow draws (stacked circles, a rigid body, 100,000 segments).

use super::chain::ChainParams;
use super::{shade, V2};
use crate::p5::{Rgba, P5};

/// The default `background` of the caterpillar: a pale leaf green.
pub const BACKGROUND: Rgba = Rgba::new(228, 238, 206, 255);

/// The skin between two segments, as wide as this share of the smaller one.
const NECK: f64 = 0.85;

/// How far the shadow falls from the body, in diameters of each circle.
const SHADOW: V2 = V2::new(0.1, 0.16);

/// The caterpillar of the circles at `centres` (head first): the shadow, the legs, the segments from the tail forward, then the head
/// with its antennae and face. `background` is already painted.
pub(super) fn draw(p5: &mut P5, centres: &[V2], p: &ChainParams) {
    let diameter = |i: usize| p.diameter(i).abs();
    let ground = shade(p.background, 0.84);
    p5.stroke(ground);
    for i in (1..centres.len()).rev() {
        let d = diameter(i);
        p5.stroke_weight(d * NECK);
        let (a, b) = (centres[i] + SHADOW * d, centres[i - 1] + SHADOW * d);
        p5.line(a.x, a.y, b.x, b.y);
    }
    p5.no_stroke();
    p5.fill(ground);
    for (i, c) in centres.iter().enumerate().rev() {
        let d = diameter(i);
        let at = *c + SHADOW * d;
        p5.circle(at.x, at.y, d);
    }
    let rim = shade(p.body_color, 0.55);
    p5.fill(rim);
    for i in (1..centres.len()).rev() {
        let (u, n) = heading(centres, i);
        let d = diameter(i);
        // Alternate pairs step forward and back: a crawl frozen mid-step.
        let step = if i % 2 == 0 { 0.12 } else { -0.12 };
        for side in [1.0, -1.0] {
            let foot = centres[i] + n * (side * d * 0.48) + u * (step * d);
            p5.circle(foot.x, foot.y, d * 0.3);
        }
    }
    // The skin between segments, which stretches as the body does: a rim,
    // then the fill inside it.
    for (color, rim_width) in [(rim, 2.0), (shade(p.body_color, 0.8), 0.0)] {
        p5.stroke(color);
        for i in (1..centres.len()).rev() {
            let d = diameter(i);
            p5.stroke_weight(d * NECK + rim_width * rim_weight(d));
            let (a, b) = (centres[i], centres[i - 1]);
            p5.line(a.x, a.y, b.x, b.y);
        }
    }
    for i in (1..centres.len()).rev() {
        let tone = if i % 2 == 0 { 1.0 } else { 0.9 };
        segment(p5, centres[i], diameter(i), shade(p.body_color, tone), rim);
        let (_, n) = heading(centres, i);
        p5.no_stroke();
        p5.fill(p.spot_color);
        for side in [1.0, -1.0] {
            let spot = centres[i] + n * (side * diameter(i) * 0.3);
            p5.circle(spot.x, spot.y, diameter(i) * 0.14);
        }
    }
    head(p5, centres, p.head_size.abs(), p, rim);
}

/// One body segment: a disc in `color` with a `rim`, a lighter crescent
/// towards the light and a small gloss.
fn segment(p5: &mut P5, at: V2, d: f64, color: Rgba, rim: Rgba) {
    p5.stroke(rim);
    p5.stroke_weight(rim_weight(d));
    p5.fill(color);
    p5.circle(at.x, at.y, d);
    p5.no_stroke();
    p5.fill(shade(color, 1.18));
    let light = at + V2::new(-0.1, -0.12) * d;
    p5.circle(light.x, light.y, d * 0.62);
    p5.fill(Rgba::new(255, 255, 255, 150));
    let gloss = at + V2::new(-0.2, -0.22) * d;
    p5.circle(gloss.x, gloss.y, d * 0.18);
}

/// The rim's stroke weight round a disc `d` across.
fn rim_weight(d: f64) -> f64 {
    (d * 0.06).clamp(0.5, 2.0)
}

/// Circle `i`'s axes: `u` towards its leader (the head's: away from circle
/// 1), `n` a quarter turn from it. Circles at the same place face right.
fn heading(centres: &[V2], i: usize) -> (V2, V2) {
    let ahead = match i {
        0 => centres
            .get(1)
            .map_or(V2::new(0.0, 0.0), |&c| centres[0] - c),
        _ => centres[i - 1] - centres[i],
    };
    let u = if ahead.length() > 1e-9 {
        ahead.with_length(1.0)
    } else {
        V2::new(1.0, 0.0)
    };
    (u, V2::new(-u.y, u.x))
}

/// The head, `d` across: antennae reaching forward, the segment's disc in a
/// deeper tone, eyes looking the way it goes and rosy cheeks.
fn head(p5: &mut P5, centres: &[V2], d: f64, p: &ChainParams, rim: Rgba) {
    let at = centres[0];
    let (u, n) = heading(centres, 0);
    p5.stroke(rim);
    p5.stroke_weight(rim_weight(d));
    p5.no_fill();
    let mut tips = Vec::with_capacity(2);
    for side in [1.0, -1.0] {
        let base = at + n * (side * d * 0.2);
        let bend = base + u * (d * 0.55) + n * (side * d * 0.3);
        let tip = base + u * (d * 0.75) + n * (side * d * 0.5);
        p5.bezier(base.x, base.y, bend.x, bend.y, bend.x, bend.y, tip.x, tip.y);
        tips.push(tip);
    }
    p5.fill(p.spot_color);
    for tip in tips {
        p5.circle(tip.x, tip.y, d * 0.16);
    }
    segment(p5, at, d, shade(p.body_color, 0.82), rim);
    p5.no_stroke();
    p5.fill(Rgba::new(255, 120, 120, 110));
    for side in [1.0, -1.0] {
        let cheek = at + n * (side * d * 0.33) - u * (d * 0.05);
        p5.circle(cheek.x, cheek.y, d * 0.2);
    }
    for side in [1.0, -1.0] {
        let eye = at + u * (d * 0.16) + n * (side * d * 0.19);
        p5.fill(Rgba::new(255, 255, 255, 255));
        p5.circle(eye.x, eye.y, d * 0.3);
        let pupil = eye + u * (d * 0.06);
        p5.fill(Rgba::new(30, 30, 30, 255));
        p5.circle(pupil.x, pupil.y, d * 0.16);
    }
}
