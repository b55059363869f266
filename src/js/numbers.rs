//! p5's random numbers and noise, and JavaScript's `Math`, bound to the
//! exact implementations in src/js/maths/ (random.rs, noise.rs, math.rs).

use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Exception, Function, Object};

use super::bind::{set, Stage, N};
use super::maths::math;

/// The longest JavaScript array: 2^32 - 1 elements.
const MAX_ARRAY: f64 = 4_294_967_295.0;

/// The longest array `shuffle` takes: its order is built in Rust, outside
/// the JavaScript heap's limit.
const MAX_SHUFFLE: f64 = 16_777_216.0;

/// The most octaves `noiseDetail` is given.
const MAX_OCTAVES: f64 = 64.0;

/// random, randomSeed, randomGaussian, shuffle, noise, noiseSeed,
/// noiseDetail: unseeded, each draws from `Math.random`'s generator, as p5.
pub(super) fn install_numbers<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
) -> rquickjs::Result<()> {
    let s = stage.clone();
    set(ctx, native, "random", move || {
        s.random(|r, math| r.random(math))
    })?;
    let s = stage.clone();
    set(ctx, native, "randomMax", move |max: N| {
        s.random(|r, math| r.random_max(max.0, math))
    })?;
    let s = stage.clone();
    set(ctx, native, "randomRange", move |min: N, max: N| {
        s.random(|r, math| r.random_range(min.0, max.0, math))
    })?;
    let s = stage.clone();
    set(ctx, native, "randomIndex", move |len: f64| {
        // An index past the array reads `undefined`, as p5's pick of an
        // empty array.
        let len = len.clamp(0.0, MAX_ARRAY) as usize;
        s.random(|r, math| r.random_index(len, math).unwrap_or(len) as f64)
    })?;
    let s = stage.clone();
    set(ctx, native, "shuffle", move |ctx: Ctx<'js>, len: f64| {
        if !(0.0..=MAX_SHUFFLE).contains(&len) {
            let why = format!("shuffle(): at most {MAX_SHUFFLE} elements, not {len}");
            return Err(Exception::throw_message(&ctx, &why));
        }
        let mut order: Vec<f64> = (0..len as usize).map(|i| i as f64).collect();
        s.random(|r, math| r.shuffle(&mut order, math));
        Ok(order)
    })?;
    let s = stage.clone();
    set(ctx, native, "randomGaussian", move |mean: N, sd: N| {
        s.random(|r, math| r.random_gaussian(mean.0, sd.0, math))
    })?;
    // p5: `(seed == null ? Math.random() * m : seed) >>> 0`, for both.
    let s = stage.clone();
    set(ctx, native, "randomSeed", move |seed: N| {
        s.random(|r, math| match seed.0.is_nan() {
            true => r.seed_from(math),
            false => r.seed(seed.0),
        })
    })?;
    let s = stage.clone();
    set(ctx, native, "noiseSeed", move |seed: N| {
        s.noise(|n, math| match seed.0.is_nan() {
            true => n.seed_from(math),
            false => n.seed(seed.0),
        })
    })?;
    let s = stage.clone();
    set(ctx, native, "noise", move |x: N, y: N, z: N| {
        s.noise(|n, math| n.noise(x.0, y.0, z.0, math))
    })?;
    let s = stage.clone();
    set(ctx, native, "noiseDetail", move |lod: N, falloff: N| {
        // Octaves past 64 add nothing a double can hold, and would let one
        // call run for ever (no JavaScript to interrupt).
        s.noise(|n, _| n.detail(lod.0.min(MAX_OCTAVES), falloff.0))
    })
}

/// `Math.random` as p5's generator seeded with `--seed`, and `Math`'s
/// functions through the same maths on every machine (src/js/maths/math.rs).
pub(super) fn install_maths<'js>(ctx: &Ctx<'js>, stage: &Stage) -> rquickjs::Result<()> {
    let math: Object = ctx.globals().get("Math")?;
    let s = stage.clone();
    math.set(
        "random",
        Function::new(ctx.clone(), move || s.state().math.next_f64())?,
    )?;
    for (name, f) in [
        ("sin", math::sin as fn(f64) -> f64),
        ("cos", math::cos),
        ("tan", math::tan),
        ("asin", math::asin),
        ("acos", math::acos),
        ("atan", math::atan),
        ("exp", math::exp),
        ("log", math::log),
        ("log2", math::log2),
        ("log10", math::log10),
        ("cbrt", math::cbrt),
        ("expm1", math::expm1),
        ("log1p", math::log1p),
        ("sinh", math::sinh),
        ("cosh", math::cosh),
        ("tanh", math::tanh),
    ] {
        math.set(name, Function::new(ctx.clone(), move |x: N| f(x.0))?)?;
    }
    for (name, f) in [
        ("atan2", math::atan2 as fn(f64, f64) -> f64),
        ("pow", math::pow),
    ] {
        math.set(
            name,
            Function::new(ctx.clone(), move |a: N, b: N| f(a.0, b.0))?,
        )?;
    }
    math.set(
        "hypot",
        Function::new(ctx.clone(), move |v: Rest<N>| {
            math::hypot(&v.0.iter().map(|n| n.0).collect::<Vec<_>>())
        })?,
    )?;
    Ok(())
}
