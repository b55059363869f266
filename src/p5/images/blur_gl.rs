//! p5.js 1.11's BLUR shader (`filter(BLUR)` without `false`), in time
//! independent of its radius.
//!
//! The shader (blur.frag) blurs along rows, then along columns, each pass
//! written back to 8 bits: a pixel becomes the weighted mean of `samples`
//! texels `spacing` canvas units apart, weights `(reach - |offset|)^2`,
//! sampled between texels linearly, the canvas's edges clamped. Up to 64
//! samples (a radius up to 9.14 units) at a whole pixel density they sit on
//! whole texels, so a pass is a sum over one quadratic kernel: computed
//! here, as the CPU blur is (src/p5/images/filter.rs), from running sums of `v`,
//! `q v` and `q^2 v` along the line, the texels past its ends taken in one
//! step each, whatever the reach. Past 64 samples (or at a fractional
//! density) the shader takes 64 samples spaced more than a texel apart and
//! jittered by a hash of the pixel: that noise is in p5's picture, so those
//! samples are taken one by one as the shader takes them, 64 a pixel
//! whatever the radius, from the line converted to `f32` once.

use super::filter_gl::{byte, unit};
use crate::clock;

/// The most samples the shader takes per pixel and pass.
const MAX_SAMPLES: f32 = 64.0;

/// BLUR's shader with p5's `radius` (canvas units, at least 1) on `data`,
/// premultiplied RGBA rows `width` pixels wide at `density` pixels per
/// canvas unit. Gives up, the blur half done, past the running thread's
/// deadline (src/clock.rs).
pub fn blur(data: &mut [u8], width: usize, radius: f32, density: f64) {
    let height = data.len() / 4 / width;
    let kernel = Kernel::new(radius, density);
    let mut pass = Pass::default();
    for y in 0..height {
        if clock::spend(kernel.work(width)) {
            return;
        }
        let row = &mut data[4 * y * width..4 * (y + 1) * width];
        pass.line.clear();
        pass.line
            .extend(row.chunks_exact(4).map(|p| [p[0], p[1], p[2], p[3]]));
        pass.blur(&kernel, |k| (k, y));
        for (px, out) in row.chunks_exact_mut(4).zip(&pass.out) {
            px.copy_from_slice(out);
        }
    }
    for x in 0..width {
        if clock::spend(kernel.work(height)) {
            return;
        }
        let at = |y: usize| 4 * (y * width + x);
        pass.line.clear();
        pass.line.extend((0..height).map(|y| {
            let p = &data[at(y)..at(y) + 4];
            [p[0], p[1], p[2], p[3]]
        }));
        pass.blur(&kernel, |k| (x, k));
        for (y, out) in pass.out.iter().enumerate() {
            data[at(y)..at(y) + 4].copy_from_slice(out);
        }
    }
}

/// How a pass samples the line.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kernel {
    /// Tap `j` (`|j| <= taps`) is `j * stride` texels from the pixel and
    /// weighs `(taps - |j|)^2`.
    Whole { stride: usize, taps: usize },
    /// The shader's own: `samples` (at most 64) `spacing` units apart,
    /// jittered, reaching `reach` units, at `density` texels a unit.
    Jittered {
        samples: usize,
        spacing: f32,
        reach: f32,
        density: f32,
    },
}

impl Kernel {
    /// The shader's kernel for `radius` at `density`.
    fn new(radius: f32, density: f64) -> Kernel {
        let mut samples = (7.0 * radius).floor();
        if (samples / 2.0).fract() == 0.0 {
            samples += 1.0;
        }
        if samples <= MAX_SAMPLES && density.fract() == 0.0 {
            // An odd number of samples a whole unit apart: a whole reach.
            return Kernel::Whole {
                stride: density as usize,
                taps: ((samples - 1.0) / 2.0) as usize,
            };
        }
        let mut spacing = 1.0f32;
        if samples > MAX_SAMPLES {
            spacing = samples / MAX_SAMPLES;
            samples = MAX_SAMPLES;
        }
        Kernel::Jittered {
            samples: samples as usize,
            spacing,
            reach: (samples - 1.0) * 0.5 * spacing,
            density: density as f32,
        }
    }

    /// The work of a pass along a line of `texels`, for the time limit's
    /// count (src/clock.rs): a unit a texel, or a sample.
    fn work(&self, texels: usize) -> u64 {
        let each = match self {
            Kernel::Whole { .. } => 1,
            Kernel::Jittered { samples, .. } => *samples,
        };
        (texels * each) as u64
    }
}

/// The sum of `(reach - j)^2` over the taps `j` in `from..=to` (0 <=
/// `from`).
fn weights(reach: usize, from: usize, to: usize) -> f64 {
    if from > to {
        return 0.0;
    }
    let (a, b, r) = (from as f64, to as f64, reach as f64);
    let count = b - a + 1.0;
    let sum_j = (a + b) * count / 2.0;
    let squares = |n: f64| n * (n + 1.0) * (2.0 * n + 1.0) / 6.0;
    let sum_jj = squares(b) - squares(a - 1.0);
    r * r * count - 2.0 * r * sum_j + sum_jj
}

/// The shader's hash of a fragment's centre (`random` in p5's blur.frag),
/// 0..1: the jitter of its samples.
fn hash(x: f32, y: f32) -> f32 {
    let fract = |v: f32| v - v.floor();
    let p3 = [x, y, x].map(|v| fract(v * 0.1031));
    let d = p3[0] * (p3[1] + 33.33) + p3[1] * (p3[2] + 33.33) + p3[2] * (p3[0] + 33.33);
    let p3 = p3.map(|v| v + d);
    fract((p3[0] + p3[1]) * p3[2])
}

/// `v.floor()`, bit for bit, without the library call that baseline x86-64
/// makes of it (no SSE4.1): two thirds of the jittered pass's time.
fn floor(v: f32) -> f32 {
    // From 2^23 up every f32 is whole; NaN and the infinities pass too.
    if v.abs() < 8_388_608.0 {
        let whole = v as i32 as f32;
        // The sign kept: -0 floors to -0.
        (if whole > v { whole - 1.0 } else { whole }).copysign(v)
    } else {
        v
    }
}

/// One line's buffers, kept from line to line.
#[derive(Debug, Default)]
struct Pass {
    line: Vec<[u8; 4]>,
    /// Whole taps: `prefix[p][m][c]`, the sum of `q^m * line[p'][c]` over
    /// the texels `p' <= p` of `p`'s class modulo the stride, `q = p' /
    /// stride`.
    prefix: Vec<[[f64; 4]; 3]>,
    /// Jittered taps: the line's channels in 0..1.
    units: Vec<[f32; 4]>,
    out: Vec<[u8; 4]>,
}

impl Pass {
    /// `out`: `line` blurred by `kernel`, the ends clamped, in 8 bits;
    /// `pixel(k)` is the canvas pixel of the line's texel `k`.
    fn blur(&mut self, kernel: &Kernel, pixel: impl Fn(usize) -> (usize, usize)) {
        self.out.clear();
        if self.line.is_empty() {
            return;
        }
        match *kernel {
            Kernel::Whole { stride, taps } => self.whole(stride, taps),
            Kernel::Jittered {
                samples,
                spacing,
                reach,
                density,
            } => {
                let jitter = |k| {
                    let (x, y) = pixel(k);
                    (spacing - 1.0) * (-0.5 + hash(x as f32 + 0.5, y as f32 + 0.5))
                };
                self.jittered(samples, spacing, reach, density, jitter);
            }
        }
    }

    /// The whole taps `stride` texels apart, tap `j` (`|j| <= taps`)
    /// weighing `(taps - |j|)^2`, from running sums.
    fn whole(&mut self, s: usize, taps: usize) {
        let Pass {
            line, prefix, out, ..
        } = self;
        let n = line.len();
        prefix.clear();
        for (p, texel) in line.iter().enumerate() {
            let mut sums = if p >= s { prefix[p - s] } else { [[0.0; 4]; 3] };
            let q = (p / s) as f64;
            for c in 0..4 {
                let v = f64::from(texel[c]);
                sums[0][c] += v;
                sums[1][c] += q * v;
                sums[2][c] += q * q * v;
            }
            prefix.push(sums);
        }
        // The sums over the texels from..=to of one class.
        let range = |from: usize, to: usize| {
            let mut sums = prefix[to];
            if from >= s {
                let below = prefix[from - s];
                for (m, row) in sums.iter_mut().enumerate() {
                    for (c, v) in row.iter_mut().enumerate() {
                        *v -= below[m][c];
                    }
                }
            }
            sums
        };
        let r = taps as f64;
        let total = r * r + 2.0 * weights(taps, 1, taps);
        for k in 0..n {
            let qk = (k / s) as f64;
            // The taps on the line: j from -left to right.
            let left = taps.min(k / s);
            let right = taps.min((n - 1 - k) / s);
            // At and right of k, tap j weighs (r + qk - q)^2; left of it,
            // (r - qk + q)^2. All integers, exact in f64.
            let [v, qv, qqv] = range(k, k + right * s);
            let (cr, cl) = (r + qk, r - qk);
            let mut sum: [f64; 4] =
                std::array::from_fn(|c| cr * cr * v[c] - 2.0 * cr * qv[c] + qqv[c]);
            if left > 0 {
                let [v, qv, qqv] = range(k - left * s, k - s);
                for (c, total) in sum.iter_mut().enumerate() {
                    *total += cl * cl * v[c] + 2.0 * cl * qv[c] + qqv[c];
                }
            }
            // The taps past the ends read the end texels.
            let (before, after) = (
                weights(taps, left + 1, taps),
                weights(taps, right + 1, taps),
            );
            for (c, total) in sum.iter_mut().enumerate() {
                *total += before * f64::from(line[0][c]) + after * f64::from(line[n - 1][c]);
            }
            let byte = |v: f64| (v / total).clamp(0.0, 255.0).round() as u8;
            let alpha = byte(sum[3]);
            // Premultiplied: no channel above alpha.
            out.push([0, 1, 2, 3].map(|c| byte(sum[c]).min(alpha)));
        }
    }

    /// The shader's samples, one by one, in its order and in `f32`;
    /// `jitter(k)` is the offset of texel `k`'s samples, in units.
    fn jittered(
        &mut self,
        samples: usize,
        spacing: f32,
        reach: f32,
        density: f32,
        jitter: impl Fn(usize) -> f32,
    ) {
        let Pass {
            line, units, out, ..
        } = self;
        units.clear();
        units.extend(line.iter().map(|p| p.map(unit)));
        let last = units.len() - 1;
        for k in 0..units.len() {
            let offset = jitter(k);
            let mut sum = [0.0f32; 4];
            let mut total = 0.0f32;
            for i in 0..samples {
                let sample = i as f32 * spacing - reach + offset;
                let weight = (reach - sample.abs()).powi(2);
                let t = k as f32 + sample * density;
                let i0 = floor(t);
                let f = t - i0;
                let clamp = |v: f32| (v.max(0.0) as usize).min(last);
                let (a, b) = (units[clamp(i0)], units[clamp(i0 + 1.0)]);
                for c in 0..4 {
                    sum[c] += weight * (a[c] * (1.0 - f) + b[c] * f);
                }
                total += weight;
            }
            let alpha = byte(sum[3] / total);
            out.push(sum.map(|s| byte(s / total).min(alpha)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shader's whole taps over one line of one channel, one by one.
    fn direct(line: &[u8], stride: usize, taps: usize) -> Vec<u8> {
        let (n, taps) = (line.len() as i64, taps as i64);
        (0..n)
            .map(|k| {
                let (mut v, mut w) = (0.0, 0.0);
                for j in -taps..=taps {
                    let p = (k + j * stride as i64).clamp(0, n - 1);
                    let weight = ((taps - j.abs()) as f64).powi(2);
                    v += weight * f64::from(line[p as usize]);
                    w += weight;
                }
                (v / w).round() as u8
            })
            .collect()
    }

    #[test]
    fn running_sums_give_the_taps_one_by_one() {
        let line: Vec<u8> = (0..37u32).map(|i| (i * 97 % 256) as u8).collect();
        for (radius, density) in [(1.0, 1.0), (3.0, 1.0), (3.0, 2.0), (6.0, 3.0), (9.0, 1.0)] {
            let Kernel::Whole { stride, taps } = Kernel::new(radius, density) else {
                panic!("radius {radius}: whole taps expected");
            };
            let mut pass = Pass {
                line: line.iter().map(|&v| [v, v, v, 255]).collect(),
                ..Pass::default()
            };
            pass.blur(&Kernel::Whole { stride, taps }, |k| (k, 0));
            let got: Vec<u8> = pass.out.iter().map(|p| p[0]).collect();
            assert_eq!(
                got,
                direct(&line, stride, taps),
                "radius {radius}, density {density}"
            );
        }
    }

    #[test]
    fn floor_is_the_library_s() {
        for v in [
            0.0f32,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            2.75,
            -2.75,
            1e-30,
            -1e-30,
            8_388_607.5,
            -8_388_607.5,
            8_388_608.0,
            3e9,
            -3e9,
            f32::INFINITY,
            f32::NEG_INFINITY,
        ] {
            assert_eq!(floor(v).to_bits(), v.floor().to_bits(), "{v}");
        }
        assert!(floor(f32::NAN).is_nan());
    }

    #[test]
    fn kernels_follow_the_shader() {
        // 3: 21 samples a unit apart; 6: 42, made odd, at density 2 two
        // texels apart.
        assert_eq!(
            Kernel::new(3.0, 1.0),
            Kernel::Whole {
                stride: 1,
                taps: 10
            }
        );
        assert_eq!(
            Kernel::new(6.0, 2.0),
            Kernel::Whole {
                stride: 2,
                taps: 21
            }
        );
        // 12: 84 samples, made 85: 64 of them 85 / 64 units apart; at a
        // fractional density, the shader's samples too.
        assert_eq!(
            Kernel::new(12.0, 1.0),
            Kernel::Jittered {
                samples: 64,
                spacing: 85.0 / 64.0,
                reach: 31.5 * 85.0 / 64.0,
                density: 1.0
            }
        );
        assert!(matches!(
            Kernel::new(3.0, 1.5),
            Kernel::Jittered { samples: 21, .. }
        ));
    }
}
