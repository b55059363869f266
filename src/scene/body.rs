//! The whale's body as drawn: the pose of its joints (with the tail beat),
//! body coordinates, and the curve shapes both styles are made of.

use super::whale::WhaleParams;
use super::V2;
use crate::p5::{ShapeEnd, P5};

/// A body joint: its position and the direction from its leader back to it.
#[derive(Debug, Clone)]
pub struct Joint {
    /// Where it is, in canvas units.
    pub pos: V2,
    /// From its leader back to it, in radians.
    pub angle: f64,
}

/// The joints as drawn when the beat's phase at the head is `beat` radians:
/// the simulated joints, each turned by the tail beat around its leader. The
/// beat grows from nothing at the head to `tail_beat` at the tail, so the head
/// swims straight while the tail sweeps; the simulation itself never sees it.
pub(super) fn pose(head: V2, joints: &[Joint], p: &WhaleParams, beat: f64) -> Vec<Joint> {
    if p.tail_beat == 0.0 {
        return joints.to_vec();
    }
    let last = joints.len().saturating_sub(1).max(1) as f64;
    let (mut leader, mut posed) = (head, head);
    joints
        .iter()
        .enumerate()
        .map(|(i, joint)| {
            let reach = libm::pow(i as f64 / last, 1.5);
            let wave = beat - i as f64 * p.tail_beat_phase;
            let angle = joint.angle + p.tail_beat * reach * libm::sin(wave);
            let spacing = (joint.pos - leader).length();
            leader = joint.pos;
            posed = posed + V2::new(libm::cos(angle), libm::sin(angle)) * spacing;
            Joint { pos: posed, angle }
        })
        .collect()
}

/// A joint's axes: `u` from its leader back to it, `n` a quarter turn from
/// `u` (p5's clockwise, so `n` is the whale's left when `u` points right).
pub(super) fn axes(joint: &Joint) -> (V2, V2) {
    let u = V2::new(libm::cos(joint.angle), libm::sin(joint.angle));
    (u, V2::new(-u.y, u.x))
}

/// The body as SCENES.md draws it: a rounded trapezoid per body segment,
/// then the tail's triangle.
pub(super) fn draw_sketch(p5: &mut P5, joints: &[Joint], p: &WhaleParams) {
    p5.fill(p.body_color);
    p5.curve_tightness(p.curve_tightness);
    let (body, tail) = joints.split_at(joints.len() - 1);
    for (i, joint) in body.iter().enumerate() {
        let (b, a) = (p.profile[i], p.profile[i + 1]);
        let [c1, c2, c3, c4] = corners(joint, p.margin, p.length, a, b);
        curve_shape(p5, &[c1, c2, c3, c4, c1, c2]);
    }
    let [c1, c2, c3, _] = corners(&tail[0], p.margin, p.tail_length, p.tail_fin, 0.0);
    curve_shape(p5, &[c1, c2, c3, c1, c2]);
}

/// The corners of a segment at `joint`: width `a` at the joint, `b` at the
/// leader's end, `length` long, overlapping its neighbours by `margin`.
fn corners(joint: &Joint, margin: f64, length: f64, a: f64, b: f64) -> [V2; 4] {
    let (u, n) = axes(joint);
    let front = joint.pos + u * margin;
    let back = joint.pos - u * (length + margin);
    [
        front + n * (a / 2.0),
        front - n * (a / 2.0),
        back - n * (b / 2.0),
        back + n * (b / 2.0),
    ]
}

/// `curveVertex` for each point, then `endShape(CLOSE)`, as the sketch draws.
fn curve_shape(p5: &mut P5, points: &[V2]) {
    p5.begin_shape();
    for v in points {
        p5.curve_vertex(v.x, v.y);
    }
    p5.end_shape(ShapeEnd::Close);
}

/// A smooth closed loop through every point (fewer than three draw nothing),
/// without p5 1.x's `endShape(CLOSE)` quirk: the loop is open-ended and
/// wraps its own control points.
pub(super) fn smooth_loop(p5: &mut P5, points: &[V2]) {
    if points.len() < 3 {
        return;
    }
    let n = points.len();
    let wrapped = std::iter::once(points[n - 1])
        .chain(points.iter().copied())
        .chain(points.iter().copied().take(2));
    smooth_curve(p5, wrapped);
}

/// An open `curveVertex` run: the first and last points only steer.
pub(super) fn smooth_curve(p5: &mut P5, points: impl IntoIterator<Item = V2>) {
    p5.begin_shape();
    for v in points {
        p5.curve_vertex(v.x, v.y);
    }
    p5.end_shape(ShapeEnd::Open);
}

/// Body coordinates: a point on body segment `segment` (0 behind the head),
/// `along` from its joint (0) to its leader (1, `spacing` ahead), `across` the half
/// width from the midline (-1 right, 1 left). Indices past the body clamp to
/// its last segment, so a short body still places everything.
#[derive(Debug, Clone, Copy)]
pub(super) struct BodyMap<'a> {
    joints: &'a [Joint],
    profile: &'a [f64],
    spacing: f64,
}

impl<'a> BodyMap<'a> {
    pub(super) fn new(joints: &'a [Joint], p: &'a WhaleParams) -> Self {
        BodyMap {
            joints,
            profile: &p.profile,
            spacing: p.spacing,
        }
    }

    /// The number of body segments (every joint but the tail; at least 1).
    pub fn segments(&self) -> usize {
        self.joints.len().saturating_sub(1).max(1)
    }

    fn clamp(&self, segment: usize) -> usize {
        segment.min(self.segments() - 1).min(self.joints.len() - 1)
    }

    /// The width of the body at `along` on `segment`.
    pub fn width(&self, segment: usize, along: f64) -> f64 {
        let s = self.clamp(segment);
        let last = self.profile.len() - 1;
        let (a, b) = (self.profile[(s + 1).min(last)], self.profile[s.min(last)]);
        a + (b - a) * along
    }

    /// The point at (`along`, `across`) of `segment`; `across` in half widths.
    pub fn point(&self, segment: usize, along: f64, across: f64) -> V2 {
        let width = self.width(segment, along);
        self.offset(segment, along, across * width / 2.0)
    }

    /// The point at `along` of `segment`, `side` canvas units off the midline.
    pub fn offset(&self, segment: usize, along: f64, side: f64) -> V2 {
        let joint = &self.joints[self.clamp(segment)];
        let (u, n) = axes(joint);
        joint.pos - u * (along * self.spacing) + n * side
    }
}
