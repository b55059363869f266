//! One frame of each scene, and tree generations 5 to 8: `cargo bench`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use toml::Value;
use whalegen::internals::Animation;
use whalegen::internals::SceneKind;
use whalegen::internals::Settings;
use whalegen::{Canvas, Selection};

fn settings(kind: SceneKind, overrides: &[(&str, Value)]) -> Settings {
    let mut overrides: Vec<(String, Value)> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    overrides.push(("frames".into(), Value::Integer(1_000_000)));
    Settings::resolve(kind, &overrides).unwrap()
}

/// Whale and chain frames, one after the other after 60 frames of warm-up:
/// each is stepped and drawn.
fn scenes(c: &mut Criterion) {
    for kind in [SceneKind::Whale, SceneKind::Chain] {
        let mut anim = Animation::new(&settings(kind, &[])).unwrap();
        for _ in 0..60 {
            anim.next_frame().unwrap();
        }
        c.bench_function(&format!("{} frame (step + draw)", kind.name()), |b| {
            b.iter(|| anim.next_frame().unwrap().map(|p| p.width()))
        });
    }
}

/// Tree generation `g` (one generation per frame), drawn once per
/// iteration on a fresh canvas: a tree frame that looks as the one before is
/// not drawn again, so frames of one animation would measure nothing. The
/// frames before `g` are stepped, not drawn, in the iteration too (walking
/// the rules costs little beside the strokes).
fn tree_generations(c: &mut Criterion) {
    let mut group = c.benchmark_group("tree generation");
    group.sample_size(10);
    for generation in 5..=8 {
        let settings = settings(
            SceneKind::Tree,
            &[
                ("generations", Value::Integer(generation)),
                ("hold", Value::Integer(1)),
            ],
        );
        let frame = Selection {
            first: generation as u32,
            span: 1,
            count: 1,
        };
        group.bench_function(generation.to_string(), |b| {
            b.iter_batched(
                || Animation::with(&settings, frame, Canvas::default()).unwrap(),
                |mut anim| anim.next_frame().unwrap().map(|p| p.width()),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, scenes, tree_generations);
criterion_main!(benches);
