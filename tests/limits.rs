//! Hostile parameters: the same picture whatever the run, and limits that
//! `--set` cannot walk around, each refused by name before any work.

use std::sync::Arc;

use toml::Value;
use whalegen::frame::Frame;
use whalegen::params::Settings;
use whalegen::render::{Animation, Canvas, Selection};
use whalegen::scene::SceneKind;

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
