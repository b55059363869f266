//! `style = "shark"`: the fins stay on their joints, the spots stay on the
//! body and come from the seed, the sketch is left alone, and odd bodies
//! still draw.

use toml::Value;
use whalegen::internals::checked_settings;
use whalegen::internals::Animation;
use whalegen::internals::Preset;
use whalegen::internals::Settings;
use whalegen::internals::SHIPPED;
use whalegen::internals::{
    Joint, Pattern, Scene, SceneKind, SceneParams, SharkShape, Whale, WhaleParams, WhaleStyle, V2,
};

/// The look of presets/whale-shark.toml, through the preset loader.
fn shark_params() -> WhaleParams {
    let preset = Preset::load("whale-shark").unwrap();
    match checked_settings(&preset, &[]).unwrap().scene {
        SceneParams::Whale(params) => params,
        other => panic!("whale-shark is not a whale: {other:?}"),
    }
}

/// Runs `frames` frames and hands each frame's pose and shark to `check`.
fn swim(
    params: WhaleParams,
    seed: u64,
    frames: u32,
    mut check: impl FnMut(u32, &[Joint], &SharkShape),
) {
    let mut whale = Whale::new(params, 800, 600, seed, frames);
    for frame in 0..frames {
        whale.step(frame);
        let shape = whale.shark().expect("style = shark");
        check(frame, whale.pose(), &shape);
    }
}

fn dot(a: V2, b: V2) -> f64 {
    a.x * b.x + a.y * b.y
}

/// `joint`'s axes: `u` from its leader back to it, `n` its left.
fn axes(joint: &Joint) -> (V2, V2) {
    let u = V2::new(joint.angle.cos(), joint.angle.sin());
    (u, V2::new(-u.y, u.x))
}

#[test]
fn fins_stay_on_their_joints_and_pectorals_sweep_back_on_their_own_side() {
    let params = shark_params();
    let reach = params.spacing;
    swim(params, 1, 300, |frame, pose, shape| {
        let (u, n) = axes(&pose[0]);
        for (fin, side) in shape.pectorals.iter().zip([1.0, -1.0]) {
            let from_joint = fin.root - pose[0].pos;
            assert!(
                from_joint.length() < 1.5 * reach,
                "frame {frame}: root {:.1} from joint 0",
                from_joint.length()
            );
            assert!(
                (fin.root - pose[1].pos).length() < 2.0 * reach,
                "frame {frame}: root far from joint 1"
            );
            assert!(
                dot(from_joint, n) * side > 5.0,
                "frame {frame}: root on the wrong side"
            );
            let sweep = fin.tip - fin.root;
            assert!(dot(sweep, u) > 0.0, "frame {frame}: fin points forward");
            assert!(
                dot(sweep, n) * side > 0.0,
                "frame {frame}: fin crosses the body"
            );
        }
        // Eight segments: the dorsal fin rises from joint 1, on the midline.
        let dorsal = (shape.dorsal_root - pose[1].pos).length();
        assert!(
            dorsal < 1e-6,
            "frame {frame}: dorsal fin {dorsal} off joint 1"
        );
        let tail = pose.last().unwrap();
        assert_eq!(
            shape.caudal_root, tail.pos,
            "frame {frame}: caudal fin off the tail"
        );
    });
}

#[test]
fn spots_keep_their_place_on_the_body_from_frame_to_frame() {
    let params = shark_params();
    let pattern = Pattern::new(&params, 1);
    let mut first: Option<Vec<(f64, f64)>> = None;
    swim(params, 1, 240, |frame, pose, shape| {
        // Each spot in its segment's own axes: the same in every frame.
        let local: Vec<(f64, f64)> = pattern
            .spots()
            .iter()
            .zip(&shape.spots)
            .map(|(spot, &(at, _))| {
                let joint = &pose[spot.segment];
                let (u, n) = axes(joint);
                (dot(at - joint.pos, u), dot(at - joint.pos, n))
            })
            .collect();
        let first = first.get_or_insert_with(|| local.clone());
        for (k, (a, b)) in first.iter().zip(&local).enumerate() {
            assert!(
                (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6,
                "frame {frame}: spot {k} slid from {a:?} to {b:?}"
            );
        }
    });
}

#[test]
fn the_pattern_comes_from_the_seed_and_leaves_the_stars_alone() {
    let params = shark_params();
    let pattern = Pattern::new(&params, 7);
    assert!(
        pattern.spots().len() > 40,
        "{} spots",
        pattern.spots().len()
    );
    assert_eq!(pattern, Pattern::new(&params, 7));
    assert_ne!(pattern, Pattern::new(&params, 8));

    let sketch = WhaleParams {
        style: WhaleStyle::Sketch,
        seamless: false,
        ..Default::default()
    };
    let sketch = Whale::new(sketch, 800, 600, 7, 300);
    let shark = Whale::new(
        WhaleParams {
            seamless: false,
            ..params
        },
        800,
        600,
        7,
        300,
    );
    assert!(sketch.star_positions().eq(shark.star_positions()));
}

#[test]
fn the_sketch_style_draws_no_shark_and_does_not_beat() {
    assert_eq!(WhaleParams::default().style, WhaleStyle::Shark);
    let sketch = WhaleParams {
        style: WhaleStyle::Sketch,
        ..Default::default()
    };
    let mut whale = Whale::new(sketch, 800, 600, 1, 300);
    for frame in 0..50 {
        whale.step(frame);
        assert!(whale.shark().is_none());
        for (posed, joint) in whale.pose().iter().zip(whale.joints()) {
            assert_eq!((posed.pos, posed.angle), (joint.pos, joint.angle));
        }
    }
}

#[test]
fn the_tail_beats_and_the_head_does_not() {
    let mut whale = Whale::new(shark_params(), 800, 600, 1, 300);
    let mut tail_swing: f64 = 0.0;
    for frame in 0..120 {
        whale.step(frame);
        let (pose, joints) = (whale.pose(), whale.joints());
        assert!((pose[0].angle - joints[0].angle).abs() < 1e-12);
        let last = pose.len() - 1;
        tail_swing = tail_swing.max((pose[last].angle - joints[last].angle).abs());
    }
    assert!(tail_swing > 0.25, "the tail swung {tail_swing} rad at most");
}

/// Renders `frames` frames of the shark with `sets` over the defaults.
fn render(sets: &[(&str, Value)], frames: u32) -> Result<(), whalegen::Error> {
    let mut overrides = vec![
        ("style".to_string(), Value::String("shark".into())),
        ("frames".to_string(), Value::Integer(frames.into())),
    ];
    overrides.extend(sets.iter().map(|(k, v)| (k.to_string(), v.clone())));
    let settings = Settings::resolve(SceneKind::Whale, &overrides)?;
    let mut animation = Animation::new(&settings)?;
    while animation.next_frame()?.is_some() {}
    Ok(())
}

fn widths(n: usize, w: f64) -> Value {
    Value::Array(
        (0..n)
            .map(|i| Value::Float(w * (1.0 - i as f64 / n as f64)))
            .collect(),
    )
}

#[test]
fn odd_bodies_still_draw() {
    for n in [1, 2, 3, 300] {
        let sets = [
            ("segments", Value::Integer(n as i64)),
            ("profile", widths(n, 50.0)),
            ("tail_beat", Value::Float(1.5)),
        ];
        render(&sets, 40).unwrap_or_else(|e| panic!("segments = {n}: {e}"));
    }
    let flat = [
        ("profile", widths(8, 0.0)),
        ("spacing", Value::Float(0.0)),
        ("speed_x", Value::Float(0.0)),
        ("speed_y", Value::Float(0.0)),
        ("tail_fin", Value::Float(0.0)),
        ("tail_beat_speed", Value::Float(1e9)),
    ];
    render(&flat, 10).unwrap();
}

#[test]
fn bad_shark_values_are_refused_by_name() {
    for (key, value) in [
        ("tail_beat", Value::Float(-0.1)),
        ("tail_beat", Value::Float(2.0)),
        ("tail_beat_speed", Value::Float(f64::NAN)),
        ("tail_beat_phase", Value::Float(f64::INFINITY)),
        ("style", Value::String("octopus".into())),
    ] {
        let err = render(&[(key, value)], 1).unwrap_err().to_string();
        assert!(err.contains(key), "{err}");
    }
}

/// How far `p` is outside the whale's body: its distance from the midline
/// (the polyline from the head through every joint) less the body's half
/// width there (`profile`, head first).
fn outside_body(p: V2, head: V2, pose: &[Joint], profile: &[f64]) -> f64 {
    let points: Vec<V2> = std::iter::once(head)
        .chain(pose.iter().map(|j| j.pos))
        .collect();
    points
        .windows(2)
        .zip(profile)
        .map(|(w, width)| {
            let (a, b) = (w[0], w[1]);
            let ab = b - a;
            let t = if dot(ab, ab) > 0.0 {
                (dot(p - a, ab) / dot(ab, ab)).clamp(0.0, 1.0)
            } else {
                0.0
            };
            (p - (a + ab * t)).length() - width / 2.0
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn pectoral_fins_stay_clear_of_the_body_in_tight_turns() {
    // The preset's loop, and the same on a low canvas, whose figure of
    // eight turns in a radius of 160 units, less than the whale's length. (The
    // sketch's steering, `seamless = false`, can whip the head round past a
    // corner faster than the body follows: no fin clears such a kink.)
    for (width, height) in [(800, 600), (800, 400)] {
        let params = shark_params();
        let profile = params.profile.clone();
        let mut whale = Whale::new(params, width, height, 1, 600);
        for frame in 0..600 {
            whale.step(frame);
            let shape = whale.shark().unwrap();
            for fin in &shape.pectorals {
                let gap = outside_body(fin.tip, whale.head(), whale.pose(), &profile);
                assert!(
                    gap > 5.0,
                    "{width} x {height}, frame {frame}: a fin tip {gap:.1} outside the body"
                );
            }
        }
    }
}

#[test]
fn every_whale_preset_stays_inside_the_canvas() {
    for (name, _) in SHIPPED {
        let settings = checked_settings(&Preset::load(name).unwrap(), &[]).unwrap();
        let frames = settings.frames();
        let SceneParams::Whale(params) = settings.scene else {
            continue;
        };
        let (w, h) = (settings.run.width, settings.run.height);
        let mut whale = Whale::new(params, w, h, settings.run.seed, frames);
        for frame in 0..frames {
            whale.step(frame);
            // The sketch's look is inside its joints' reach: check the shark.
            let Some(shape) = whale.shark() else { break };
            let (lo, hi) = shape.extent();
            assert!(
                lo.x > 0.0 && lo.y > 0.0 && hi.x < f64::from(w) && hi.y < f64::from(h),
                "{name}, frame {frame}: the whale spans {lo:?} to {hi:?}"
            );
        }
    }
}
