//! p5.js 1.11's `random`, `randomSeed`, `randomGaussian` and `shuffle`, bit
//! for bit.
//!
//! p5's generator is a linear congruential one (m = 2^32, a = 1664525,
//! c = 1013904223, Numerical Recipes'), exact in 32-bit wrapping integers.
//! Until `randomSeed` is called p5 draws from `Math.random`; here that
//! fallback is any [`Uniform`] the caller passes (the sketch runner's seeded
//! `Math.random`, itself an [`Lcg`]), so nothing depends on the clock.

use super::math;
use crate::jsnum;

/// A source of uniform draws in [0, 1), as JavaScript's `Math.random`.
pub trait Uniform {
    /// The next draw, in [0, 1).
    fn uniform(&mut self) -> f64;
}

impl<F: FnMut() -> f64> Uniform for F {
    fn uniform(&mut self) -> f64 {
        self()
    }
}

/// p5's linear congruential generator: 32 bits of state, each draw
/// `state / 2^32` in [0, 1) after `state = 1664525 * state + 1013904223`
/// (mod 2^32). p5 computes it in doubles, exactly, as here in integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lcg {
    state: u32,
}

impl Lcg {
    /// As p5's `setSeed(seed)`: the state is `seed >>> 0` (truncated and
    /// wrapped modulo 2^32; NaN and infinities give 0).
    pub fn new(seed: f64) -> Self {
        Lcg {
            state: jsnum::to_uint32(seed),
        }
    }

    /// As p5's `setSeed()` without a seed: `Math.random() * 2^32 >>> 0`,
    /// drawn from `fallback`.
    pub fn from_fallback(fallback: &mut impl Uniform) -> Self {
        Lcg::new(fallback.uniform() * 4_294_967_296.0)
    }

    /// Advances the state and returns `state / 2^32`, in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        self.state = self
            .state
            .wrapping_mul(1_664_525)
            .wrapping_add(1_013_904_223);
        f64::from(self.state) / 4_294_967_296.0
    }
}

impl Uniform for Lcg {
    fn uniform(&mut self) -> f64 {
        self.next_f64()
    }
}

/// p5's random state for one sketch: unseeded (drawing from the fallback)
/// until [`Random::seed`], and the second value `randomGaussian` keeps for
/// its next call.
///
/// Every draw takes the fallback, used only while unseeded: p5 reads
/// `Math.random` then, so the runner passes its `Math.random` generator.
#[derive(Debug, Clone, Default)]
pub struct Random {
    lcg: Option<Lcg>,
    /// The second value of the last Marsaglia pair, when unused.
    gaussian: Option<f64>,
}

impl Random {
    /// An unseeded state: draws come from the fallback, as p5 before any
    /// `randomSeed`.
    pub fn new() -> Self {
        Random::default()
    }

    /// p5's `randomSeed(seed)`: from now on draws come from the LCG seeded
    /// with `seed >>> 0`; forgets the cached Gaussian value.
    pub fn seed(&mut self, seed: f64) {
        self.lcg = Some(Lcg::new(seed));
        self.gaussian = None;
    }

    /// p5's `randomSeed()` without a seed: seeds with a draw from the
    /// fallback (`Math.random() * 2^32`).
    pub fn seed_from(&mut self, fallback: &mut impl Uniform) {
        self.lcg = Some(Lcg::from_fallback(fallback));
        self.gaussian = None;
    }

    /// The next raw draw in [0, 1): the LCG once seeded, else the fallback.
    fn draw(&mut self, fallback: &mut impl Uniform) -> f64 {
        match &mut self.lcg {
            Some(lcg) => lcg.next_f64(),
            None => fallback.uniform(),
        }
    }

    /// p5's `random()`: in [0, 1).
    pub fn random(&mut self, fallback: &mut impl Uniform) -> f64 {
        self.draw(fallback)
    }

    /// p5's `random(max)` for a number: `draw * max`, in [0, max) (or
    /// (max, 0] for a negative max).
    pub fn random_max(&mut self, max: f64, fallback: &mut impl Uniform) -> f64 {
        self.draw(fallback) * max
    }

    /// p5's `random(min, max)`: the bounds swapped when `min > max`, then
    /// `draw * (max - min) + min`.
    pub fn random_range(&mut self, min: f64, max: f64, fallback: &mut impl Uniform) -> f64 {
        let (min, max) = if min > max { (max, min) } else { (min, max) };
        self.draw(fallback) * (max - min) + min
    }

    /// p5's `random(array)`: the index of the element it picks,
    /// `floor(draw * len)`. `None` (p5's `undefined`) for an empty array,
    /// which still takes a draw, as p5.
    pub fn random_index(&mut self, len: usize, fallback: &mut impl Uniform) -> Option<usize> {
        let i = (self.draw(fallback) * len as f64).floor();
        (len > 0).then_some(i as usize)
    }

    /// p5's `randomGaussian(mean, sd)` (p5's defaults: mean 0, sd 1): the
    /// polar Marsaglia method, two draws a try, the second value of a pair
    /// kept for the next call. As p5, a mean of NaN counts as 0
    /// (`mean || 0`).
    pub fn random_gaussian(&mut self, mean: f64, sd: f64, fallback: &mut impl Uniform) -> f64 {
        let y1 = match self.gaussian.take() {
            Some(y2) => y2,
            None => {
                let (x1, x2, w) = loop {
                    let x1 = self.random_max(2.0, fallback) - 1.0;
                    let x2 = self.random_max(2.0, fallback) - 1.0;
                    let w = x1 * x1 + x2 * x2;
                    if w < 1.0 {
                        break (x1, x2, w);
                    }
                };
                let w = (-2.0 * math::log(w) / w).sqrt();
                self.gaussian = Some(x2 * w);
                x1 * w
            }
        };
        let mean = if mean.is_nan() { 0.0 } else { mean };
        y1 * sd + mean
    }

    /// p5's `shuffle(array)`, in place: Fisher-Yates from the end, one draw
    /// per element but the first, as p5 orders them.
    pub fn shuffle<T>(&mut self, items: &mut [T], fallback: &mut impl Uniform) {
        let mut idx = items.len();
        while idx > 1 {
            // p5: `random(0, 1) * idx | 0`; random(0, 1) is the draw itself.
            let rnd = self.random_range(0.0, 1.0, fallback) * idx as f64;
            let rnd = jsnum::to_int32(rnd) as usize;
            idx -= 1;
            items.swap(idx, rnd);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fallback that must not be used: the state is seeded.
    fn unused() -> f64 {
        panic!("a seeded draw read the fallback")
    }

    fn bits(hex: &str) -> f64 {
        f64::from_bits(u64::from_str_radix(hex, 16).unwrap())
    }

    #[test]
    #[allow(clippy::excessive_precision, reason = "the digits p5 prints")]
    fn seed_42_gives_p5s_first_draw() {
        let mut r = Random::new();
        r.seed(42.0);
        assert_eq!(r.random(&mut unused), 0.252_345_174_783_840_8);
    }

    #[test]
    fn seeds_are_cast_as_p5_does() {
        // p5.js 1.11.13 in Chromium: randomSeed(s); random() (first draw).
        for (seed, first) in [
            (0.0, "3fce3779af800000"),
            (1.0, "3fce442cb6000000"),
            (-1.0, "3fce2ac6a9000000"),
            (4_294_967_301.0, "3fce76f8d0000000"),
            (3.7, "3fce5d92c3000000"),
            (-3.7, "3fce11609c000000"),
            (1e20, "3fe487de6be00000"),
            (f64::NAN, "3fce3779af800000"),
            (2_147_483_648.5, "3fe78dde6be00000"),
            (-2_147_483_649.0, "3fe78ab1aa400000"),
            (f64::INFINITY, "3fce3779af800000"),
            (1e10 + 0.5, "3fe03c30ebe00000"),
        ] {
            let mut r = Random::new();
            r.seed(seed);
            assert_eq!(
                r.random(&mut unused).to_bits(),
                bits(first).to_bits(),
                "{seed}"
            );
        }
    }

    #[test]
    fn a_sequence_of_calls_matches_p5() {
        // p5.js 1.11.13 in Chromium: randomSeed(42), then the calls below.
        let mut r = Random::new();
        let f = &mut unused;
        r.seed(42.0);
        let mut got = vec![
            r.random(f),
            r.random_max(10.0, f),
            r.random_range(3.0, 7.0, f),
            r.random_range(7.0, 3.0, f),
            r.random_range(-5.5, 2.25, f),
            r.random_max(0.0, f),
            r.random_max(-3.0, f),
        ];
        for _ in 0..10 {
            got.push(r.random_index(7, f).unwrap() as f64);
        }
        assert_eq!(r.random_index(0, f), None);
        got.push(-1.0);
        for _ in 0..5 {
            got.push(r.random_gaussian(0.0, 1.0, f));
        }
        for _ in 0..3 {
            got.push(r.random_gaussian(10.0, 2.0, f));
        }
        got.push(r.random_gaussian(f64::NAN, 3.0, f));
        r.seed(7.0);
        got.push(r.random_gaussian(0.0, 1.0, f));
        got.push(r.random_gaussian(0.0, 1.0, f));
        got.push(r.random_gaussian(-1.0, 0.5, f));
        r.seed(7.0);
        got.push(r.random_gaussian(0.0, 1.0, f));
        let want = RANDOM_SEQ.split_whitespace().map(bits).collect::<Vec<_>>();
        assert_eq!(got.len(), want.len());
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g.to_bits(), w.to_bits(), "call {i}: {g} != {w}");
        }
    }

    /// The bits of the values in `a_sequence_of_calls_matches_p5`.
    const RANDOM_SEQ: &str = "
        3fd0266c60400000 3fec333427000000 40153c8b35b00000 400f1f2a1fc00000 c004b585774a0000
        0000000000000000 bff5783143d00000 0000000000000000 4018000000000000 4018000000000000
        4014000000000000 4008000000000000 4010000000000000 4018000000000000 4010000000000000
        0000000000000000 0000000000000000 bff0000000000000 3fca61f3f6571f88 bff4dc2523b7cc4b
        3fd5eb99e593d12b bffa5f5ea7a01a0d bfd42da81ebb792a 4025348348801230 4023c948ae93065d
        4021295505289302 bff3d37435729473 bfc44e235dffe8f9 3fd01229184b444c bfed20268672cd29
        bfc44e235dffe8f9";

    #[test]
    fn shuffle_matches_p5() {
        let mut r = Random::new();
        r.seed(5.0);
        let mut v: Vec<u32> = (0..20).collect();
        r.shuffle(&mut v, &mut unused);
        assert_eq!(
            v,
            [16, 12, 7, 8, 18, 10, 17, 3, 1, 15, 9, 0, 2, 6, 5, 11, 14, 19, 13, 4]
        );
        let mut one = [1];
        r.shuffle(&mut one, &mut unused);
        r.shuffle(&mut [0u8; 0], &mut unused);
        let mut three = [0, 1, 2];
        r.shuffle(&mut three, &mut unused);
        assert_eq!(three, [2, 1, 0]);
    }

    #[test]
    fn unseeded_draws_come_from_the_fallback() {
        // p5.js 1.11.13 with Math.random replaced by the LCG seeded 12345.
        let mut fallback = Lcg::new(12345.0);
        let mut r = Random::new();
        let got = [
            r.random(&mut fallback),
            r.random_max(5.0, &mut fallback),
            r.random_range(2.0, 3.0, &mut fallback),
            r.random_gaussian(0.0, 1.0, &mut fallback),
            r.random_gaussian(0.0, 1.0, &mut fallback),
            r.random_gaussian(1.0, 2.0, &mut fallback),
        ];
        let want = [
            "3f94e47110000000",
            "3fb52e661f000000",
            "4004586210b00000",
            "3fceac996290d365",
            "3fe74ed4125e5607",
            "bff04cc876de1200",
        ];
        for (g, w) in got.iter().zip(want) {
            assert_eq!(g.to_bits(), bits(w).to_bits());
        }
    }
}
