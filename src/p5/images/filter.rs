//! p5's `filter()` as functions over an RGBA buffer, so that a canvas, a
//! p5.Image or a p5.Graphics can share them.
//!
//! p5.js 1.11 has two sets of filters. `filter(X, v, false)` runs its CPU
//! filters (`Filters` in src/image/filters.js) on the straight RGBA bytes
//! that `getImageData` gives: [`cpu`] here, bit for bit. Without `false`,
//! p5 copies a 2D canvas into a hidden WebGL layer, runs a fragment shader
//! per filter on the premultiplied texels, and draws the result back
//! (headless Chromium has WebGL through SwiftShader): [`shader`] in
//! filter_gl.rs, in `f32` as the shaders compute.

pub use super::filter_gl::shader;
use crate::clock;
use crate::jsnum::to_int32;
use crate::p5::P5;

/// One of p5's filter constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    /// White where the luminance is at least the level (default 0.5), else
    /// black; alpha kept.
    Threshold,
    /// Luminance in each channel; alpha kept.
    Gray,
    /// Alpha 255.
    Opaque,
    /// Each colour channel `255 - c`; alpha kept.
    Invert,
    /// Each colour channel to one of `level` values (2 to 255, default 4).
    Posterize,
    /// Each pixel the darkest of itself and its four neighbours (luminance).
    Erode,
    /// The brightest of the same.
    Dilate,
    /// A blur whose kernel reaches `3.5 * radius` pixels (the CPU filter's
    /// radius defaults to 0: no change; the shader's to 3).
    Blur,
}

impl Filter {
    /// The filter named by p5's constant (`'threshold'`, `'gray'`, ...).
    pub fn from_name(name: &str) -> Option<Filter> {
        Some(match name {
            "threshold" => Filter::Threshold,
            "gray" => Filter::Gray,
            "opaque" => Filter::Opaque,
            "invert" => Filter::Invert,
            "posterize" => Filter::Posterize,
            "erode" => Filter::Erode,
            "dilate" => Filter::Dilate,
            "blur" => Filter::Blur,
            _ => return None,
        })
    }
}

/// A filter's parameter that p5 refuses: POSTERIZE's level outside 2..=255.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BadLevel(pub f64);

impl std::fmt::Display for BadLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "POSTERIZE's level is {}; it must be from 2 to 255",
            self.0
        )
    }
}

impl P5 {
    /// p5's `filter(filter, param, webgl)` on the whole canvas: the shader
    /// filters when `webgl` (p5's default), which also reset the transform
    /// as p5's do; the CPU filters otherwise. `param` `None` is p5's
    /// default. Fails, changing nothing, on a POSTERIZE level the CPU
    /// filter refuses (see `check`).
    pub fn filter(
        &mut self,
        filter: Filter,
        param: Option<f64>,
        webgl: bool,
    ) -> Result<(), BadLevel> {
        let (w, h) = self.drawing.size();
        // Past the running thread's deadline (src/clock.rs) the run is
        // stopped by the time limit: the pixels do not matter.
        if clock::spend(u64::from(w) * u64::from(h)) {
            return Ok(());
        }
        let width = w as usize;
        if webgl {
            let density = self.density;
            shader(
                self.drawing.everywhere().data_mut(),
                width,
                density,
                filter,
                param,
            );
            self.reset_matrix();
            return Ok(());
        }
        let mut data = self.read_pixels();
        cpu(&mut data, width, filter, param)?;
        self.write_pixels(&data, [0.0, 0.0, f64::from(w), f64::from(h)]);
        Ok(())
    }
}

/// Whether p5 takes `param` for `filter`: the CPU POSTERIZE refuses a
/// level outside 2..=255 (NaN passes, as in p5, and gives black); the
/// shaders take anything.
pub fn check(filter: Filter, param: Option<f64>, webgl: bool) -> Result<(), BadLevel> {
    let level = param.unwrap_or(4.0);
    // NaN fails both of p5's comparisons, so it passes.
    let refused = !level.is_nan() && !(2.0..=255.0).contains(&level);
    if filter == Filter::Posterize && !webgl && refused {
        return Err(BadLevel(level));
    }
    Ok(())
}

/// A JavaScript number stored into a `Uint8ClampedArray`: clamped to
/// 0..=255, rounded half to even, NaN as 0.
fn clamped(v: f64) -> u8 {
    if v.is_nan() {
        0
    } else {
        v.clamp(0.0, 255.0).round_ties_even() as u8
    }
}

/// p5's luminance of the CPU filters' THRESHOLD and GRAY, in its order.
fn luminance(p: &[u8]) -> f64 {
    0.2126 * f64::from(p[0]) + 0.7152 * f64::from(p[1]) + 0.0722 * f64::from(p[2])
}

/// p5's CPU filter `filter` on `data`, straight RGBA rows `width` pixels
/// wide (what `getImageData` gives), with p5's parameter `param` (`None`:
/// the default). Fails, changing nothing, on a POSTERIZE level outside
/// 2..=255 (NaN passes, as in p5, and gives black).
pub fn cpu(
    data: &mut [u8],
    width: usize,
    filter: Filter,
    param: Option<f64>,
) -> Result<(), BadLevel> {
    if width == 0 {
        return Ok(());
    }
    match filter {
        Filter::Threshold => {
            let level = (param.unwrap_or(0.5) * 255.0).floor();
            for p in data.chunks_exact_mut(4) {
                let v = if luminance(p) >= level { 255 } else { 0 };
                p[..3].fill(v);
            }
        }
        Filter::Gray => {
            for p in data.chunks_exact_mut(4) {
                let v = clamped(luminance(p));
                p[..3].fill(v);
            }
        }
        Filter::Opaque => data.chunks_exact_mut(4).for_each(|p| p[3] = 255),
        Filter::Invert => {
            for p in data.chunks_exact_mut(4) {
                p[..3].iter_mut().for_each(|c| *c = 255 - *c);
            }
        }
        Filter::Posterize => {
            check(filter, param, false)?;
            let level = param.unwrap_or(4.0);
            let step = |c: u8| {
                let bin = to_int32(f64::from(c) * level) >> 8;
                clamped(f64::from(bin) * 255.0 / (level - 1.0))
            };
            for p in data.chunks_exact_mut(4) {
                p[..3].iter_mut().for_each(|c| *c = step(*c));
            }
        }
        Filter::Erode => neighbours(data, width, |a, b| a < b),
        Filter::Dilate => neighbours(data, width, |a, b| a > b),
        Filter::Blur => blur(data, width, blur_reach(param.unwrap_or(f64::NAN))),
    }
    Ok(())
}

/// ERODE and DILATE: each pixel becomes the first of its left, right, up
/// and down neighbours whose luminance (77 r + 151 g + 28 b) `wins` over
/// the best so far. As p5's: a pixel past a side is the pixel itself,
/// except above the top row, where it is the canvas's first pixel.
fn neighbours(data: &mut [u8], width: usize, wins: impl Fn(u32, u32) -> bool) {
    let source = data.to_vec();
    let count = source.len() / 4;
    let pixel = |i: usize| &source[4 * i..4 * i + 4];
    let luma = |i: usize| {
        let p = pixel(i);
        77 * u32::from(p[0]) + 151 * u32::from(p[1]) + 28 * u32::from(p[2])
    };
    for i in 0..count {
        let column = i % width;
        let left = if column == 0 { i } else { i - 1 };
        let right = if column + 1 == width { i } else { i + 1 };
        // Above the top row: pixel 0, as p5's `idxUp = 0`.
        let up = i.saturating_sub(width);
        let down = if i + width >= count { i } else { i + width };
        let (mut best, mut lum) = (i, luma(i));
        for n in [left, right, up, down] {
            let l = luma(n);
            if wins(l, lum) {
                (best, lum) = (n, l);
            }
        }
        data[4 * i..4 * i + 4].copy_from_slice(pixel(best));
    }
}

/// How far the CPU blur's kernel reaches for p5's `radius`, in pixels:
/// `radius * 3.5` as a 32-bit integer, from 1 to 248 (p5's cap, which
/// bounds the work whatever the radius).
fn blur_reach(radius: f64) -> usize {
    to_int32(radius * 3.5).clamp(1, 248) as usize
}

/// p5's CPU blur (Processing's `blurARGB`): each channel, along rows then
/// along columns, is the mean of the pixels within `reach` weighted by
/// `(reach - distance)^2`, the weights of the pixels past a side left
/// out, truncated to an integer after each pass. Gives up, the blur half
/// done, past the running thread's deadline (src/clock.rs).
fn blur(data: &mut [u8], width: usize, reach: usize) {
    let height = data.len() / 4 / width;
    let mut line = Vec::new();
    let mut out = Vec::new();
    for channel in 0..4 {
        for y in 0..height {
            if clock::spend(width as u64) {
                return;
            }
            line.clear();
            line.extend((0..width).map(|x| data[4 * (y * width + x) + channel]));
            weighted_means(&line, reach, &mut out);
            for (x, &v) in out.iter().enumerate() {
                data[4 * (y * width + x) + channel] = v;
            }
        }
        for x in 0..width {
            if clock::spend(height as u64) {
                return;
            }
            line.clear();
            line.extend((0..height).map(|y| data[4 * (y * width + x) + channel]));
            weighted_means(&line, reach, &mut out);
            for (y, &v) in out.iter().enumerate() {
                data[4 * (y * width + x) + channel] = v;
            }
        }
    }
}

/// The blur of one line: `out[x]` is the sum over `j` within `reach` of
/// `x` of `(reach - |j - x|)^2 * line[j]`, divided by the sum of those
/// weights, truncated. Computed from running sums of `v`, `j v` and
/// `j^2 v`, so each pixel costs the same whatever the reach: the weights
/// left and right of `x` are quadratics in `j`. Exact in integers.
fn weighted_means(line: &[u8], reach: usize, out: &mut Vec<u8>) {
    let n = line.len();
    // prefix[k] = the sums over j < k of (v, j v, j^2 v).
    let mut prefix = Vec::with_capacity(n + 1);
    prefix.push([0i64; 3]);
    for (j, &v) in line.iter().enumerate() {
        let (j, v) = (j as i64, i64::from(v));
        let [a, b, c] = prefix[j as usize];
        prefix.push([a + v, b + j * v, c + j * j * v]);
    }
    let sums = |from: usize, to: usize| {
        let (hi, lo) = (prefix[to], prefix[from]);
        [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]]
    };
    // The sums of (c + j)^2 v and of (c + j)^2 over j in from..to.
    let quadratic = |from: usize, to: usize, c: i64| {
        let [v, jv, jjv] = sums(from, to);
        let weighted = c * c * v + 2 * c * jv + jjv;
        let (f, t) = (from as i64, to as i64);
        let count = t - f;
        let sum_j = (t * (t - 1) - f * (f - 1)) / 2;
        let sum_jj = (t * (t - 1) * (2 * t - 1) - f * (f - 1) * (2 * f - 1)) / 6;
        (weighted, c * c * count + 2 * c * sum_j + sum_jj)
    };
    let r = reach as i64;
    out.clear();
    for x in 0..n {
        let from = x.saturating_sub(reach);
        let to = (x + reach + 1).min(n);
        let xi = x as i64;
        // Left of x and at x: (r - x + j)^2; right of x: (r + x - j)^2.
        let (lv, lw) = quadratic(from, x + 1, r - xi);
        let (rv, rw) = quadratic(x + 1, to, -(r + xi));
        out.push(((lv + rv) / (lw + rw)) as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// p5's blur of one line, tap by tap, as blurARGB sums it.
    fn direct(line: &[u8], reach: usize) -> Vec<u8> {
        let r = reach as i64;
        (0..line.len() as i64)
            .map(|x| {
                let (mut v, mut w) = (0i64, 0i64);
                for j in (x - r).max(0)..(x + r + 1).min(line.len() as i64) {
                    let k = (r - (j - x).abs()).pow(2);
                    v += k * i64::from(line[j as usize]);
                    w += k;
                }
                (v / w) as u8
            })
            .collect()
    }

    #[test]
    fn running_sums_give_the_blur_tap_by_tap() {
        let line: Vec<u8> = (0..97u32).map(|i| (i * 37 % 256) as u8).collect();
        let mut out = Vec::new();
        for reach in [1, 2, 3, 10, 50, 96, 248] {
            weighted_means(&line, reach, &mut out);
            assert_eq!(out, direct(&line, reach), "reach {reach}");
        }
    }

    #[test]
    fn blur_reach_follows_p5() {
        assert_eq!(blur_reach(f64::NAN), 1);
        assert_eq!(blur_reach(3.0), 10);
        assert_eq!(blur_reach(100.0), 248);
        // p5's `radius * 3.5 | 0` wraps past 2^31: no blur at all.
        assert_eq!(blur_reach(1e9), 1);
        assert_eq!(blur_reach(-4.0), 1);
    }

    #[test]
    fn point_filters_follow_p5s_arithmetic() {
        let mut px = [200, 30, 60, 128, 10, 250, 0, 255];
        cpu(&mut px, 2, Filter::Gray, None).unwrap();
        // 0.2126 * 200 + 0.7152 * 30 + 0.0722 * 60 = 68.308.
        assert_eq!(px[..4], [68, 68, 68, 128]);
        let mut px = [255, 128, 0, 9];
        cpu(&mut px, 1, Filter::Posterize, Some(3.0)).unwrap();
        assert_eq!(px, [255, 128, 0, 9]);
        assert_eq!(
            cpu(&mut px, 1, Filter::Posterize, Some(1.0)),
            Err(BadLevel(1.0))
        );
        let mut px = [100, 100, 100, 7];
        cpu(&mut px, 1, Filter::Threshold, Some(0.4)).unwrap();
        assert_eq!(px, [0, 0, 0, 7]);
    }

    #[test]
    fn erode_takes_the_first_darkest_neighbour_and_pixel_0_above() {
        // 2 x 2: the top row's "up" is pixel 0.
        let mut px = [
            50, 50, 50, 255, 90, 90, 90, 255, 10, 10, 10, 255, 70, 70, 70, 255,
        ];
        cpu(&mut px, 2, Filter::Erode, None).unwrap();
        assert_eq!(px[..4], [10, 10, 10, 255]);
        assert_eq!(px[4..8], [50, 50, 50, 255]);
    }
}
