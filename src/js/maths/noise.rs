//! p5.js 1.11's `noise`, `noiseDetail` and `noiseSeed`, bit for bit.
//!
//! p5's "Perlin" noise is value noise over a table of 4,096 uniform draws,
//! summed over octaves (4 by default, each at twice the frequency and
//! `falloff` (0.5) times the amplitude of the one before), interpolated
//! with `0.5 * (1 - cos(t * PI))`. The order of the float operations and
//! the 32-bit integer wrapping of the lattice coordinates are p5's; the
//! cosine is [`math::cos`], correctly rounded, the same on every machine.
//! Chromium's cosine is glibc's, which misrounds now and then: on 100,000
//! `cos(t * PI)` for t in [0, 1) the two agreed on 99,879, and on 20,000
//! noise values at random points (seed 99) 19,992 were bit-identical, the
//! other 8 within 1.2e-16.

use super::math;
use super::random::{Lcg, Uniform};
use crate::jsnum::to_int32;

/// The table's index mask: 4,096 entries.
const SIZE: i32 = 4095;
/// log2 of the step between lattice rows (y), and between planes (z).
const YWRAPB: u32 = 4;
const ZWRAPB: u32 = 8;
const YWRAP: f64 = (1 << YWRAPB) as f64;
const ZWRAP: f64 = (1 << ZWRAPB) as f64;

/// p5's noise state: the table (filled on first use), octaves and falloff.
#[derive(Debug, Clone)]
pub struct Noise {
    table: Option<Box<[f64; 4096]>>,
    octaves: u32,
    falloff: f64,
}

impl Default for Noise {
    fn default() -> Self {
        Noise {
            table: None,
            octaves: 4,
            falloff: 0.5,
        }
    }
}

fn fill(source: &mut impl Uniform) -> Box<[f64; 4096]> {
    let mut table = Box::new([0.0; 4096]);
    for v in table.iter_mut() {
        *v = source.uniform();
    }
    table
}

fn scaled_cosine(t: f64) -> f64 {
    0.5 * (1.0 - math::cos(t * std::f64::consts::PI))
}

/// The table entry at JavaScript's `table[i & 4095]`, `i` a double.
fn at(table: &[f64; 4096], i: f64) -> f64 {
    table[(to_int32(i) & SIZE) as usize]
}

impl Noise {
    /// No table yet (the first `noise` call fills it, unless `seed` does),
    /// 4 octaves, falloff 0.5: p5's start.
    pub fn new() -> Self {
        Noise::default()
    }

    /// p5's `noiseDetail(lod, falloff)`: the number of octaves becomes
    /// `lod` rounded up when `lod > 0`, the falloff `falloff` when
    /// `falloff > 0`; other values (0, negatives, NaN) leave each unchanged.
    /// As p5, nothing bounds either: each octave costs a lookup of 8 table
    /// entries, so a runner should refuse a huge `lod` (p5 would hang).
    pub fn detail(&mut self, lod: f64, falloff: f64) {
        if lod > 0.0 {
            // p5 loops while `octave < lod`.
            self.octaves = lod.ceil().min(f64::from(u32::MAX)) as u32;
        }
        if falloff > 0.0 {
            self.falloff = falloff;
        }
    }

    /// p5's `noiseSeed(seed)`: refills the table from p5's LCG seeded with
    /// `seed >>> 0`. It leaves `random`'s state alone, as p5.
    pub fn seed(&mut self, seed: f64) {
        self.table = Some(fill(&mut Lcg::new(seed)));
    }

    /// p5's `noiseSeed()` without a seed: seeds the LCG with a draw from the
    /// fallback (`Math.random() * 2^32`).
    pub fn seed_from(&mut self, fallback: &mut impl Uniform) {
        self.table = Some(fill(&mut Lcg::from_fallback(fallback)));
    }

    /// p5's `noise(x, y, z)`, in [0, 1) for the default detail (a falloff
    /// above 0.5 can reach past 1); pass 0 for the coordinates p5's call
    /// leaves out. Negative coordinates are mirrored (p5 takes |x|). The
    /// first call without a seeded table fills it with 4,096 draws from
    /// `fallback`, as p5 from `Math.random`; later calls do not touch it.
    /// NaN coordinates give NaN.
    pub fn noise(&mut self, x: f64, y: f64, z: f64, fallback: &mut impl Uniform) -> f64 {
        let table = self.table.get_or_insert_with(|| fill(fallback));
        // p5: `if (x < 0) x = -x;` (so -0 stays -0).
        let abs = |v: f64| if v < 0.0 { -v } else { v };
        let (x, y, z) = (abs(x), abs(y), abs(z));
        // The lattice coordinates are doubles in p5, made 32-bit integers by
        // each `<<` and `&`: kept as doubles here, converted where p5 does.
        let (mut xi, mut yi, mut zi) = (x.floor(), y.floor(), z.floor());
        let (mut xf, mut yf, mut zf) = (x - xi, y - yi, z - zi);
        let mut r = 0.0;
        let mut ampl = 0.5;
        for _ in 0..self.octaves {
            let mut of = xi
                + f64::from(to_int32(yi).wrapping_shl(YWRAPB))
                + f64::from(to_int32(zi).wrapping_shl(ZWRAPB));
            let rxf = scaled_cosine(xf);
            let ryf = scaled_cosine(yf);
            let mut n1 = at(table, of);
            n1 += rxf * (at(table, of + 1.0) - n1);
            let mut n2 = at(table, of + YWRAP);
            n2 += rxf * (at(table, of + YWRAP + 1.0) - n2);
            n1 += ryf * (n2 - n1);
            of += ZWRAP;
            n2 = at(table, of);
            n2 += rxf * (at(table, of + 1.0) - n2);
            let mut n3 = at(table, of + YWRAP);
            n3 += rxf * (at(table, of + YWRAP + 1.0) - n3);
            n2 += ryf * (n3 - n2);
            n1 += scaled_cosine(zf) * (n2 - n1);
            r += n1 * ampl;
            ampl *= self.falloff;
            for (i, f) in [(&mut xi, &mut xf), (&mut yi, &mut yf), (&mut zi, &mut zf)] {
                *i = f64::from(to_int32(*i).wrapping_shl(1));
                *f *= 2.0;
                if *f >= 1.0 {
                    *i += 1.0;
                    *f -= 1.0;
                }
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::super::random::Random;
    use super::*;

    fn unused() -> f64 {
        panic!("a seeded table read the fallback")
    }

    fn bits(hex: &str) -> f64 {
        f64::from_bits(u64::from_str_radix(hex, 16).unwrap())
    }

    #[test]
    #[allow(clippy::excessive_precision, reason = "the digits p5 prints")]
    fn seed_99_gives_p5s_value() {
        let mut n = Noise::new();
        n.seed(99.0);
        // p5.js prints it as 0.42985457615610217.
        assert_eq!(
            n.noise(1.25, 2.5, 0.0, &mut unused),
            0.429_854_576_156_102_2
        );
    }

    /// The values p5.js 1.11.13 gives in Chromium for the calls of
    /// `matches_p5_on_hundreds_of_values`, generated with:
    ///
    /// ```js
    /// p.noiseSeed(99);
    /// const edge = [1e10, -1e10, 2147483648, 2147483647.5, 1e300, Infinity, NaN, -0,
    ///   0.9999999999999999, 4095.5, 65536.25, -1e-300, 268435455.75, 1e16];
    /// for (const [lod, falloff] of [[4, 0.5], [2, 0.65], [8, 0.3], [3.5, 0.5], [1, 2]]) {
    ///   p.noiseDetail(lod, falloff);
    ///   for (let i = 0; i < (lod === 4 ? 300 : 40); i++) {
    ///     const x = i * 0.731 - 50, y = i * 0.173 - 7, z = (i % 7) * 1.37 - 3;
    ///     out.push(i % 3 === 0 ? p.noise(x) : i % 3 === 1 ? p.noise(x, y) : p.noise(x, y, z));
    ///   }
    ///   for (let i = 0; i < edge.length; i++) out.push(p.noise(edge[i], 0.5 * i, edge[(i + 3) % 14]));
    /// }
    /// p.noiseDetail(0, 0); out.push(p.noise(3.5, 1.25, 7.75));
    /// p.noiseDetail(4, 0.5); p.noiseSeed(-7.5); out.push(p.noise(3.5, 1.25, 7.75));
    /// ```
    ///
    /// hashed as FNV-1a 64 over each value's bits, little-endian bytes.
    const P5_NOISE_HASH: u64 = 0xa69c_d618_2260_2da5;
    const P5_NOISE_COUNT: usize = 532;

    #[test]
    fn matches_p5_on_hundreds_of_values() {
        let edge = [
            1e10,
            -1e10,
            2147483648.0,
            2147483647.5,
            1e300,
            f64::INFINITY,
            f64::NAN,
            -0.0,
            0.9999999999999999,
            4095.5,
            65536.25,
            -1e-300,
            268435455.75,
            1e16,
        ];
        let f = &mut unused;
        let mut n = Noise::new();
        n.seed(99.0);
        let mut out = Vec::new();
        for (lod, falloff) in [(4.0, 0.5), (2.0, 0.65), (8.0, 0.3), (3.5, 0.5), (1.0, 2.0)] {
            n.detail(lod, falloff);
            for i in 0..(if lod == 4.0 { 300 } else { 40 }) {
                let i_f = f64::from(i);
                let (x, y, z) = (
                    i_f * 0.731 - 50.0,
                    i_f * 0.173 - 7.0,
                    f64::from(i % 7) * 1.37 - 3.0,
                );
                out.push(match i % 3 {
                    0 => n.noise(x, 0.0, 0.0, f),
                    1 => n.noise(x, y, 0.0, f),
                    _ => n.noise(x, y, z, f),
                });
            }
            for (i, &e) in edge.iter().enumerate() {
                out.push(n.noise(e, 0.5 * i as f64, edge[(i + 3) % edge.len()], f));
            }
        }
        n.detail(0.0, 0.0);
        out.push(n.noise(3.5, 1.25, 7.75, f));
        n.detail(4.0, 0.5);
        n.seed(-7.5);
        out.push(n.noise(3.5, 1.25, 7.75, f));
        assert_eq!(out.len(), P5_NOISE_COUNT);
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for v in &out {
            for byte in v.to_bits().to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        if hash != P5_NOISE_HASH {
            let hex: Vec<String> = out
                .iter()
                .map(|v| format!("{:016x}", v.to_bits()))
                .collect();
            panic!(
                "noise differs from p5's (hash {hash:#x}):\n{}",
                hex.join(" ")
            );
        }
    }

    #[test]
    fn an_unseeded_table_comes_from_the_fallback() {
        // p5.js 1.11.13 with Math.random replaced by the LCG seeded 12345:
        // six draws by random() and randomGaussian() first, then noise.
        let mut fallback = Lcg::new(12345.0);
        let mut r = Random::new();
        r.random(&mut fallback);
        r.random_max(5.0, &mut fallback);
        r.random_range(2.0, 3.0, &mut fallback);
        r.random_gaussian(0.0, 1.0, &mut fallback);
        r.random_gaussian(0.0, 1.0, &mut fallback);
        r.random_gaussian(1.0, 2.0, &mut fallback);
        let mut n = Noise::new();
        let got = [
            n.noise(0.5, 0.0, 0.0, &mut fallback),
            n.noise(1.5, 2.5, 0.0, &mut fallback),
            n.noise(3.3, 4.4, 5.5, &mut fallback),
        ];
        for (g, w) in got
            .iter()
            .zip(["3fe28bb955be0000", "3fe0f3a38c3e0000", "3fdb84bc6de48f01"])
        {
            assert_eq!(g.to_bits(), bits(w).to_bits());
        }
        // Then p5's randomSeed() draws from Math.random after the 4,096.
        r.seed_from(&mut fallback);
        assert_eq!(
            r.random(&mut unused).to_bits(),
            bits("3fe991ea8d800000").to_bits()
        );
    }
}
