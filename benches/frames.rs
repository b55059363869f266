//! One frame of each scene, and tree generations 5 to 8: `cargo bench`.

use criterion::{criterion_group, criterion_main, Criterion};
use toml::Value;
use whalegen::params::Settings;
use whalegen::render::Animation;
use whalegen::scene::SceneKind;

/// An endless animation of `kind`, advanced `warm_up` frames.
fn animation(kind: SceneKind, overrides: &[(&str, Value)], warm_up: u32) -> Animation {
    let mut overrides: Vec<(String, Value)> = overrides
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    overrides.push(("frames".into(), Value::Integer(1_000_000)));
    let mut animation = Animation::new(&Settings::resolve(kind, &overrides).unwrap()).unwrap();
    for _ in 0..warm_up {
        animation.next_frame();
    }
    animation
}

fn scenes(c: &mut Criterion) {
    for kind in SceneKind::ALL {
        let mut anim = animation(kind, &[], 60);
        c.bench_function(&format!("{} frame (step + draw)", kind.name()), |b| {
            b.iter(|| anim.next_frame().map(|p| p.width()))
        });
    }
}

fn tree_generations(c: &mut Criterion) {
    let mut group = c.benchmark_group("tree generation");
    group.sample_size(10);
    for generation in 5..=8 {
        let overrides = [
            ("generations", Value::Integer(generation)),
            ("hold", Value::Integer(1)),
        ];
        let mut anim = animation(SceneKind::Tree, &overrides, generation as u32);
        group.bench_function(generation.to_string(), |b| {
            b.iter(|| anim.next_frame().map(|p| p.width()))
        });
    }
    group.finish();
}

criterion_group!(benches, scenes, tree_generations);
criterion_main!(benches);
