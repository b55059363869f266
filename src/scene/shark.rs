//! `style = "shark"`: the whale drawn as a whale shark seen from above, on
//! the same joints as the sketch. Every part is placed in body coordinates
//! (see [`BodyMap`]), so fins, spots and stripes swim with the body.

use super::body::Joint;
use super::body::{axes, smooth_curve, smooth_loop, BodyMap};
use super::whale::WhaleParams;
use super::{shade, V2};
use crate::p5::{Rgba, P5};
use crate::rng::SplitMix64;

/// Mixed into the seed so the spots are a stream of their own: the stars of
/// a seed stay where the sketch puts them.
const PATTERN_STREAM: u64 = 0x5348_4152_4B53_504F;

/// How far the dorsal fin's shadow falls from it, in canvas units.
const SHADOW: V2 = V2::new(4.0, 6.0);

/// The most spots on the head, and in each row on a body segment: more
/// than a whale 500 or 320 units wide would get, which bounds the pattern
/// (and the work of each frame) whatever the widths.
const MAX_HEAD_SPOTS: usize = 256;
const MAX_ROW_SPOTS: usize = 32;

/// A pale spot, in body coordinates: on body segment `segment`, `along` from
/// its joint (0) to its leader (1), `across` in half widths (-1 to 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The body segment, counted from the head.
    pub segment: usize,
    /// From the segment's joint (0) to its leader (1).
    pub along: f64,
    /// Across the body, in half widths (-1 to 1).
    pub across: f64,
    /// In canvas units.
    pub diameter: f64,
}

/// The whale shark's spots, drawn once from the seed and kept for the run.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    spots: Vec<Spot>,
    /// On each pectoral fin: (fraction of the way from root to tip, towards
    /// the leading edge in canvas units, diameter).
    fin_spots: Vec<(f64, f64, f64)>,
}

impl Pattern {
    /// Small scattered spots on the head, then on each body segment two rows
    /// of larger spots between the stripes, jittered and a few left out.
    pub fn new(p: &WhaleParams, seed: u64) -> Self {
        let mut rng = SplitMix64::new(seed ^ PATTERN_STREAM);
        let mut u = move || rng.next_f64();
        let segments = p.profile.len().saturating_sub(1).max(1);
        let mut spots = Vec::new();
        let head_spots = ((p.profile[0] / 2.0).round() as usize).min(MAX_HEAD_SPOTS);
        for _ in 0..head_spots {
            spots.push(Spot {
                segment: 0,
                along: 0.1 + u() * 1.0,
                across: u() * 1.6 - 0.8,
                diameter: 1.2 + u() * 1.4,
            });
        }
        for segment in 1..segments {
            let width = p.profile[segment].max(p.profile[(segment + 1).min(segments)]);
            let per_row = ((width / 10.0).round() as usize).clamp(1, MAX_ROW_SPOTS);
            for along in [0.3, 0.68] {
                for k in 0..per_row {
                    let across = -0.78 + 1.56 * (k as f64 + 0.5) / per_row as f64;
                    let spot = Spot {
                        segment,
                        along: along + (u() - 0.5) * 0.12,
                        across: across + (u() - 0.5) * 0.5 / per_row as f64,
                        diameter: (2.0 + u() * 2.4) * (width / 40.0).clamp(0.5, 1.0),
                    };
                    if u() > 0.12 {
                        spots.push(spot);
                    }
                }
            }
        }
        let fin_spots = (0..6)
            .map(|k| (0.15 + 0.1 * k as f64 + u() * 0.05, u() * 7.0, 1.4 + u()))
            .collect();
        Pattern { spots, fin_spots }
    }

    /// Every spot, in body coordinates.
    pub fn spots(&self) -> &[Spot] {
        &self.spots
    }
}

/// A pectoral fin: its root on the body's side and the tip it sweeps to.
#[derive(Debug, Clone)]
pub struct Fin {
    /// Where it leaves the body, in canvas units.
    pub root: V2,
    /// Its tip, in canvas units.
    pub tip: V2,
    /// Across the fin, towards its leading edge (unit length).
    lead: V2,
    outline: Vec<V2>,
}

/// Everything the shark draws this frame, in canvas coordinates.
#[derive(Debug, Clone)]
pub struct Shape {
    /// Left, then right (the whale's own sides).
    pub pectorals: [Fin; 2],
    /// Each spot's centre and diameter, in the order of [`Pattern::spots`],
    /// then a few on each pectoral fin.
    pub spots: Vec<(V2, f64)>,
    /// The front of the dorsal fin's root, on the midline a third of the way
    /// down the body.
    pub dorsal_root: V2,
    /// The middle of the caudal fin's root.
    pub caudal_root: V2,
    dorsal: Vec<V2>,
    caudal: Vec<V2>,
    outline: Vec<V2>,
    mouth: Vec<V2>,
    eyes: [V2; 2],
    stripes: Vec<[V2; 3]>,
}

impl Shape {
    /// The shark's outline and markings for the body at `joints`.
    pub fn new(pattern: &Pattern, joints: &[Joint], p: &WhaleParams) -> Self {
        let body = BodyMap::new(joints, p);
        let pectorals = [1.0, -1.0].map(|side| pectoral(&body, joints, side));
        let on_fins = pectorals.iter().flat_map(|fin| {
            pattern.fin_spots.iter().map(|&(t, lead, d)| {
                let at = fin.root + (fin.tip - fin.root) * t + fin.lead * lead;
                (at, d)
            })
        });
        let spots = pattern
            .spots
            .iter()
            .map(|s| (body.point(s.segment, s.along, s.across), s.diameter))
            .chain(on_fins)
            .collect();
        let tail = &joints[joints.len() - 1];
        let stripes = (1..body.segments().saturating_sub(1))
            .map(|i| [-0.8, 0.0, 0.8f64].map(|across| body.point(i, across.abs() * -0.08, across)))
            .collect();
        let dorsal_segment = (body.segments() as f64 * 0.35) as usize;
        let dorsal = [(1.0, 0.0), (0.3, 0.12), (-0.6, 0.0), (0.3, -0.12)]
            .map(|(along, across)| body.point(dorsal_segment, along, across))
            .to_vec();
        let (head, mouth, eyes) = head(&joints[0], p);
        let caudal = caudal(tail, p);
        Shape {
            pectorals,
            spots,
            dorsal_root: dorsal[0],
            caudal_root: tail.pos,
            dorsal,
            caudal,
            outline: outline(&body, head, tail),
            mouth,
            eyes,
            stripes,
        }
    }

    /// The smallest box holding every point the silhouette's curves pass
    /// through (fins, tail, body, the dorsal fin's shadow), as its top-left
    /// and bottom-right corners in canvas units.
    pub fn extent(&self) -> (V2, V2) {
        let [left, right] = &self.pectorals;
        let shadow = self.dorsal.iter().map(|&v| v + SHADOW);
        let points = [&left.outline, &right.outline, &self.caudal, &self.outline]
            .into_iter()
            .flatten()
            .copied()
            .chain(shadow);
        let far = V2::new(f64::INFINITY, f64::INFINITY);
        points.fold((far, far * -1.0), |(lo, hi), v| {
            (
                V2::new(lo.x.min(v.x), lo.y.min(v.y)),
                V2::new(hi.x.max(v.x), hi.y.max(v.y)),
            )
        })
    }

    /// The silhouette (pectoral fins, tail and body as one shape with a pale
    /// rim), its spots, stripes and mouth, then the dorsal fin and its shadow.
    pub fn draw(&self, p5: &mut P5, p: &WhaleParams) {
        let [left, right] = &self.pectorals;
        let silhouette = [&left.outline, &right.outline, &self.caudal, &self.outline];
        p5.curve_tightness(0.0);
        p5.fill(p.back_color);
        // A pale rim round the whole silhouette, then the fills again on
        // top, so no rim shows where a fin meets the body.
        p5.stroke(shade(p.back_color, 1.4));
        p5.stroke_weight(2.5);
        for part in silhouette {
            smooth_loop(p5, part);
        }
        p5.no_stroke();
        for part in silhouette {
            smooth_loop(p5, part);
        }
        p5.fill(p.spot_color);
        for &(at, d) in &self.spots {
            p5.circle(at.x, at.y, d);
        }
        p5.no_fill();
        p5.stroke(p.spot_color);
        p5.stroke_weight(1.5);
        for &[a, b, c] in &self.stripes {
            smooth_curve(p5, [a, a, b, c, c]);
        }
        p5.stroke(shade(p.back_color, 0.35));
        p5.stroke_weight(2.0);
        smooth_curve(p5, self.mouth.iter().copied());
        p5.no_stroke();
        // The dorsal fin stands up from the back: its shadow falls the same
        // way whichever way the whale swims, as under a light from the top left.
        let shadow: Vec<V2> = self.dorsal.iter().map(|&v| v + SHADOW).collect();
        p5.fill(Rgba::new(0, 0, 0, 120));
        smooth_loop(p5, &shadow);
        p5.fill(shade(p.back_color, 1.6));
        smooth_loop(p5, &self.dorsal);
        p5.fill(shade(p.back_color, 0.3));
        for eye in self.eyes {
            p5.circle(eye.x, eye.y, 3.5);
        }
    }
}

/// The body's silhouette, head to tail on the left side and back on the
/// right: the front of the head, then each joint's width.
fn outline(body: &BodyMap, head: Vec<V2>, tail: &Joint) -> Vec<V2> {
    let (_, n) = axes(tail);
    let peduncle = body.width(body.segments(), 0.0) * 0.35;
    let left = (0..body.segments()).map(|i| body.point(i, 0.0, 1.0));
    let right = (0..body.segments()).rev().map(|i| body.point(i, 0.0, -1.0));
    // The head runs right to left round the front: start at its tip.
    let (right_front, left_front) = head.split_at(head.len() / 2);
    left_front
        .iter()
        .copied()
        .chain(left)
        .chain([tail.pos + n * peduncle, tail.pos - n * peduncle])
        .chain(right)
        .chain(right_front.iter().copied())
        .collect()
}

/// The broad, blunt head ahead of joint 0 (its outline from the right side
/// round the front to the left), its mouth line across the front and its
/// eyes on the sides.
fn head(joint: &Joint, p: &WhaleParams) -> (Vec<V2>, Vec<V2>, [V2; 2]) {
    let (u, n) = axes(joint);
    let reach = p.length + p.margin;
    let shoulders = p.profile.iter().take(3).copied().fold(0.0, f64::max);
    let half = shoulders / 2.0;
    let at = |forward: f64, side: f64| joint.pos - u * (forward * reach) + n * side;
    let outline = [
        (0.45, -half),
        (0.88, -half * 0.95),
        (1.0, -half * 0.7),
        (1.03, 0.0),
        (1.0, half * 0.7),
        (0.88, half * 0.95),
        (0.45, half),
    ]
    .map(|(f, s)| at(f, s))
    .to_vec();
    let mouth = [
        (0.85, 1.0),
        (0.92, 0.75),
        (0.97, 0.0),
        (0.92, -0.75),
        (0.85, -1.0),
    ]
    .map(|(f, s)| at(f, s * half))
    .to_vec();
    let eyes = [1.0, -1.0].map(|s| at(0.8, s * half * 0.9));
    (outline, mouth, eyes)
}

/// A long pectoral fin on `side` (1 left, -1 right): its root spans joint 0,
/// and it sweeps back and out at the same angle to the body beside its tip
/// (joint 3) however the body bends, so that on the inside of a tight turn
/// it opens instead of folding under the body.
fn pectoral(body: &BodyMap, joints: &[Joint], side: f64) -> Fin {
    let front = body.point(0, 0.5, side * 0.9);
    let back = body.point(1, 0.2, side * 0.9);
    let root = (front + back) * 0.5;
    let rear = &joints[joints.len().min(4) - 1];
    let bend = wrap(rear.angle - joints[0].angle);
    let sweep = (0.75 + side * bend).clamp(0.3, 1.5);
    let (u, n) = axes(&joints[0]);
    let dir = u * libm::cos(sweep) + n * (side * libm::sin(sweep));
    let length = 1.5 * body.width(0, 0.5);
    let tip = root + dir * length;
    // Towards the head, across the fin: the leading edge bulges that way.
    let lead = V2::new(-dir.y, dir.x) * side;
    let outline = vec![
        back,
        front,
        root + dir * (length * 0.35) + lead * (length * 0.2),
        tip,
        root + dir * (length * 0.55) + lead * (length * 0.04),
    ];
    Fin {
        root,
        tip,
        lead,
        outline,
    }
}

/// A tall crescent caudal fin behind the tail joint, its horns swept back.
fn caudal(tail: &Joint, p: &WhaleParams) -> Vec<V2> {
    let (u, n) = axes(tail);
    let half = p.tail_fin * 0.85;
    let sweep = p.tail_length * 2.0;
    let at = |back: f64, side: f64| tail.pos + u * (back * sweep) + n * (side * half);
    [
        (-0.6, 0.12),
        (0.3, 0.65),
        (1.0, 1.0),
        (0.75, 0.45),
        (0.5, 0.0),
        (0.75, -0.45),
        (1.0, -1.0),
        (0.3, -0.65),
        (-0.6, -0.12),
    ]
    .map(|(b, s)| at(b, s))
    .to_vec()
}

/// An angle in (-π, π].
fn wrap(a: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    a - tau * libm::round(a / tau)
}
