//! Hostile parameters: the same picture whatever the run, and limits that
//! `--set` cannot walk around, each refused by name before any work.

use std::sync::Arc;

use toml::Value;
use whalegen::internals::checked_settings;
use whalegen::internals::Animation;
use whalegen::internals::Preset;
use whalegen::internals::Settings;
use whalegen::internals::{SceneKind, SceneParams, Whale};
use whalegen::Error;
use whalegen::Frame;
use whalegen::{Canvas, Selection};

fn int(v: i64) -> Value {
    Value::Integer(v)
}

fn text(s: &str) -> Value {
    Value::String(s.into())
}

fn set(pairs: &[(&str, Value)]) -> Vec<(String, Value)> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect()
}

/// The L-system of issue 18: a `]` in every rewrite, a `[` never closed.
fn unbalanced_tree() -> Settings {
    let rules: toml::Table = [("F".to_string(), text("]F"))].into_iter().collect();
    Settings::resolve(
        SceneKind::Tree,
        &set(&[
            ("axiom", text("F[+++++")),
            ("rules", Value::Table(rules)),
            ("generations", int(5)),
            ("hold", int(1)),
            ("frames", int(6)),
            ("length", Value::Float(12.0)),
            ("width", int(48)),
            ("height", int(40)),
        ]),
    )
    .unwrap()
}

/// Every frame's pixels, drawn on `threads` threads.
fn pixels(settings: &Settings, threads: usize) -> Vec<Vec<[u8; 4]>> {
    let mut frames = Vec::new();
    Animation::new(settings)
        .unwrap()
        .run(threads, |frame: &Arc<Frame>| {
            frames.push(frame.quads().to_vec());
            Ok(())
        })
        .unwrap();
    frames
}

#[test]
fn unbalanced_brackets_draw_the_same_pixels_on_any_thread_in_any_run() {
    let settings = unbalanced_tree();
    // Each frame drawn on its own, by a fresh canvas: what it must show.
    let alone: Vec<Vec<[u8; 4]>> = (0..6)
        .map(|n| {
            let selection = Selection::every(n, 1);
            let mut frames = Vec::new();
            Animation::with(&settings, selection, Canvas::default())
                .unwrap()
                .run(1, |frame| {
                    frames.push(frame.quads().to_vec());
                    Ok(())
                })
                .unwrap();
            frames.pop().unwrap()
        })
        .collect();
    for run in 0..4 {
        for threads in [1, 2] {
            let frames = pixels(&settings, threads);
            for (n, (ours, expected)) in frames.iter().zip(&alone).enumerate() {
                assert!(
                    ours == expected,
                    "run {run}, {threads} threads: frame {n} differs from the frame drawn alone"
                );
            }
        }
    }
}

/// `overrides` on `kind`'s defaults, checked as a render would check them.
fn refusal(kind: SceneKind, overrides: &[(&str, Value)]) -> Error {
    let preset = Preset::of_scene(kind);
    match checked_settings(&preset, &set(overrides)) {
        Ok(_) => panic!("{kind:?} with {:?} was not refused", overrides[0].0),
        Err(err) => err,
    }
}

fn float(v: f64) -> Value {
    Value::Float(v)
}

fn floats(v: f64, n: usize) -> Value {
    Value::Array(vec![float(v); n])
}

/// Each input is refused in one line that starts with its key.
fn refused_by_key(kind: SceneKind, key: &str, overrides: &[(&str, Value)]) {
    let err = refusal(kind, overrides);
    let message = err.to_string();
    assert_eq!(err.key(), Some(key), "{message}");
    assert!(message.starts_with(&format!("`{key}` = ")), "{message}");
    assert!(!message.contains('\n') && message.len() < 400, "{message}");
}

#[test]
fn an_empty_axiom_is_refused() {
    refused_by_key(SceneKind::Tree, "axiom", &[("axiom", text(""))]);
}

#[test]
fn max_symbols_has_a_ceiling_that_set_cannot_raise() {
    for v in [i64::MAX, 1 << 40, 1_000_000_001, 0] {
        refused_by_key(SceneKind::Tree, "max_symbols", &[("max_symbols", int(v))]);
    }
    assert!(checked_settings(
        &Preset::of_scene(SceneKind::Tree),
        &set(&[("max_symbols", int(1_000_000_000))])
    )
    .is_ok());
}

#[test]
fn every_generation_drawn_is_within_the_limits_not_only_the_last() {
    // Generation 1 has 2^20 lines; generation 2 deletes them all.
    let rules: toml::Table = [
        ("X".to_string(), text(&"F".repeat(1 << 20))),
        ("F".to_string(), text("")),
    ]
    .into_iter()
    .collect();
    refused_by_key(
        SceneKind::Tree,
        "generations",
        &[
            ("axiom", text("X")),
            ("rules", Value::Table(rules)),
            ("generations", int(2)),
            ("hold", int(1)),
            ("frames", int(3)),
            ("max_symbols", int(1000)),
        ],
    );
}

#[test]
fn bracket_nesting_has_a_ceiling() {
    let rules: toml::Table = [("F".to_string(), text(&format!("{}F", "[".repeat(1000))))]
        .into_iter()
        .collect();
    refused_by_key(
        SceneKind::Tree,
        "generations",
        &[
            ("rules", Value::Table(rules)),
            ("generations", int(20)),
            ("hold", int(1)),
            ("frames", int(21)),
        ],
    );
    refused_by_key(
        SceneKind::Tree,
        "axiom",
        &[("axiom", text(&"[".repeat(20_000)))],
    );
}

#[test]
fn tree_sizes_are_bounded() {
    for key in ["stroke_weight", "length", "margin"] {
        refused_by_key(SceneKind::Tree, key, &[(key, float(1e12))]);
    }
}

#[test]
fn whale_parameters_that_size_memory_or_shapes_are_bounded() {
    let whale = SceneKind::Whale;
    refused_by_key(whale, "profile", &[("profile", floats(1e12, 8))]);
    refused_by_key(
        whale,
        "profile",
        &[("style", text("shark")), ("profile", floats(1e5, 8))],
    );
    refused_by_key(whale, "segments", &[("segments", int(1_000_000))]);
    refused_by_key(whale, "stars", &[("stars", int(4_000_000_000))]);
    for key in [
        "spacing",
        "tail_spacing",
        "length",
        "margin",
        "tail_length",
        "tail_fin",
    ] {
        refused_by_key(whale, key, &[(key, float(1e5))]);
    }
    for key in ["shield_radius", "push", "boundary", "max_force"] {
        refused_by_key(whale, key, &[(key, float(1e12))]);
    }
    for key in ["speed_x", "speed_y"] {
        refused_by_key(whale, key, &[(key, float(-1e6))]);
    }
    refused_by_key(
        whale,
        "curve_tightness",
        &[("curve_tightness", float(-1e5))],
    );
}

#[test]
fn the_largest_shark_has_a_bounded_pattern() {
    let settings = Settings::resolve(
        SceneKind::Whale,
        &set(&[
            ("style", text("shark")),
            ("segments", int(1000)),
            ("profile", floats(2000.0, 1000)),
            ("width", int(64)),
            ("height", int(64)),
        ]),
    )
    .unwrap();
    let SceneParams::Whale(params) = settings.scene.clone() else {
        panic!("a whale")
    };
    settings.scene.build(64, 64, 1, 1, 1).unwrap();
    let whale = Whale::new(params, 64, 64, 1, 1);
    let spots = whale.shark().unwrap().spots.len();
    // 256 on the head, 2 rows of at most 32 on 998 segments, 12 on the fins.
    assert!(spots <= 256 + 2 * 32 * 998 + 12, "{spots} spots");
}

#[test]
fn chain_parameters_that_size_memory_or_shapes_are_bounded() {
    let chain = SceneKind::Chain;
    refused_by_key(chain, "segments", &[("segments", int(10_000_000))]);
    refused_by_key(chain, "head_size", &[("head_size", float(1e12))]);
    refused_by_key(chain, "spacing", &[("spacing", float(1e12))]);
    refused_by_key(chain, "taper", &[("taper", float(1e12))]);
    refused_by_key(chain, "ax", &[("ax", float(-1e12))]);
    let far = Value::Array(vec![Value::Array(vec![
        float(0.0),
        float(1e12),
        float(0.0),
    ])]);
    refused_by_key(chain, "keyframes", &[("keyframes", far)]);
    let many = (0..10_001)
        .map(|f| Value::Array(vec![float(f64::from(f)), float(1.0), float(1.0)]))
        .collect();
    refused_by_key(chain, "keyframes", &[("keyframes", Value::Array(many))]);
}
