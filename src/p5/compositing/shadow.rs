//! The canvas's shadows (`shadowBlur`, `shadowColor`, `shadowOffsetX`,
//! `shadowOffsetY`): what a shape covers, blurred, moved and tinted, drawn
//! under it. As Chromium: the blur is a Gaussian of standard deviation
//! `shadowBlur / 2` pixels, the offsets are pixels that the transform does
//! not turn or scale, and a shadow is drawn only when its colour is not
//! transparent and it is blurred or moved.

use crate::p5::colour::color::Rgba;

/// The widest blur, as a standard deviation in pixels: past it a hostile
/// `shadowBlur` would cost time for a shadow too faint to see.
pub const MAX_SIGMA: f64 = 100.0;

/// The standard deviation below which the blur is a true Gaussian kernel;
/// at and past it, three box blurs approximate it (SVG's feGaussianBlur
/// recipe, which Skia's raster blur follows), whose cost does not grow
/// with the blur. Measured on tests/sketches/context-shadow.js: mae 0.09
/// against Chromium; a true Gaussian at every sigma, 0.46.
const BOX_SIGMA: f64 = 2.0;

/// A shadow as the context holds it; the default is the canvas's, none.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shadow {
    /// `shadowBlur`, in pixels (0 or more).
    pub blur: f64,
    pub color: Rgba,
    /// `shadowOffsetX`, `shadowOffsetY`, in pixels.
    pub offset: (f64, f64),
}

impl Default for Shadow {
    fn default() -> Self {
        Shadow {
            blur: 0.0,
            color: Rgba::new(0, 0, 0, 0),
            offset: (0.0, 0.0),
        }
    }
}

impl Shadow {
    /// Whether shapes cast this shadow.
    pub fn casts(&self) -> bool {
        self.color.a > 0 && (self.blur > 0.0 || self.offset != (0.0, 0.0))
    }

    /// The blur's standard deviation in pixels, capped at [`MAX_SIGMA`].
    pub fn sigma(&self) -> f64 {
        (self.blur / 2.0).min(MAX_SIGMA)
    }

    /// How far past a shape its blurred shadow reaches, in whole pixels.
    pub fn reach(&self) -> usize {
        (3.0 * self.sigma()).ceil() as usize + 2
    }

    /// The offset in whole pixels (Chromium moves the blurred layer by
    /// the offset; fractions are rounded here), within a billion either
    /// way: farther, the shadow is off any canvas all the same.
    pub fn shift(&self) -> (i64, i64) {
        let whole = |v: f64| v.round().clamp(-1e9, 1e9) as i64;
        (whole(self.offset.0), whole(self.offset.1))
    }
}

/// Blurs `values`, `width` x `height` row by row, with a Gaussian of
/// standard deviation `sigma` pixels; what lies outside counts as 0.
pub fn blur(values: &mut [f32], width: usize, height: usize, sigma: f64) {
    if sigma <= 0.0 || width == 0 || height == 0 {
        return;
    }
    let mut line = Vec::new();
    let mut out = Vec::new();
    for row in values.chunks_exact_mut(width) {
        line.clear();
        line.extend_from_slice(row);
        blur_line(&mut line, &mut out, sigma);
        row.copy_from_slice(&line);
    }
    for x in 0..width {
        line.clear();
        line.extend((0..height).map(|y| values[y * width + x]));
        blur_line(&mut line, &mut out, sigma);
        for (y, v) in line.iter().enumerate() {
            values[y * width + x] = *v;
        }
    }
}

/// Blurs one line in place; `out` is room to work in.
fn blur_line(line: &mut Vec<f32>, out: &mut Vec<f32>, sigma: f64) {
    if sigma < BOX_SIGMA {
        gaussian(line, out, sigma);
        std::mem::swap(line, out);
        return;
    }
    // feGaussianBlur: d = floor(sigma * 3 sqrt(2 pi) / 4 + 0.5); three
    // boxes of d when d is odd, else two of d set half a pixel either
    // side and one of d + 1.
    let d = (sigma * 3.0 * (2.0 * std::f64::consts::PI).sqrt() / 4.0 + 0.5).floor() as usize;
    let passes = if d % 2 == 1 {
        [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)]
    } else {
        [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
    };
    for (before, after) in passes {
        box_line(line, out, before, after);
        std::mem::swap(line, out);
    }
}

/// `out[i]`: the mean of `line[i - before ..= i + after]`, outside 0.
fn box_line(line: &[f32], out: &mut Vec<f32>, before: usize, after: usize) {
    let n = line.len();
    let scale = 1.0 / (before + after + 1) as f32;
    out.clear();
    out.resize(n, 0.0);
    // The running sum of line[i - before ..= i + after], in f64 so that
    // a long line does not drift.
    let mut sum: f64 = line.iter().take(after).map(|&v| f64::from(v)).sum();
    for i in 0..n {
        if let Some(v) = line.get(i + after) {
            sum += f64::from(*v);
        }
        if i > before {
            sum -= f64::from(line[i - before - 1]);
        }
        out[i] = sum as f32 * scale;
    }
}

/// A true Gaussian kernel of `sigma`, three deviations wide each side.
fn gaussian(line: &[f32], out: &mut Vec<f32>, sigma: f64) {
    let reach = (3.0 * sigma).ceil() as usize;
    let weights: Vec<f32> = (0..=reach)
        .map(|i| (-((i * i) as f64) / (2.0 * sigma * sigma)).exp())
        .map(|w| w as f32)
        .collect();
    let total: f32 = weights[0] + 2.0 * weights[1..].iter().sum::<f32>();
    let n = line.len();
    out.clear();
    out.extend((0..n).map(|i| {
        let mut v = line[i] * weights[0];
        for (k, w) in weights.iter().enumerate().skip(1) {
            if i >= k {
                v += line[i - k] * w;
            }
            if let Some(x) = line.get(i + k) {
                v += x * w;
            }
        }
        v / total
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shadow_needs_a_colour_and_a_blur_or_an_offset() {
        let mut s = Shadow {
            blur: 10.0,
            ..Shadow::default()
        };
        assert!(!s.casts(), "transparent black by default");
        s.color = Rgba::grey(0);
        assert!(s.casts());
        s.blur = 0.0;
        assert!(!s.casts());
        s.offset = (0.0, 3.0);
        assert!(s.casts());
    }

    #[test]
    fn blurring_keeps_the_total_and_spreads_it_as_its_kernels() {
        // A Gaussian's variance is sigma squared; three boxes of d = 9
        // (sigma 5) spread by 3 (d^2 - 1) / 12 = 20.
        for (sigma, want) in [(1.0f64, 1.0f32), (5.0, 20.0)] {
            let (w, h) = (81, 81);
            let mut v = vec![0.0; w * h];
            v[40 * w + 40] = 1.0;
            blur(&mut v, w, h, sigma);
            let total: f32 = v.iter().sum();
            assert!((total - 1.0).abs() < 1e-3, "sigma {sigma}: total {total}");
            // The spread along a row: the variance is sigma squared.
            let row: Vec<f32> = (0..w).map(|x| (0..h).map(|y| v[y * w + x]).sum()).collect();
            let var: f32 = row
                .iter()
                .enumerate()
                .map(|(x, p)| p * (x as f32 - 40.0).powi(2))
                .sum();
            assert!(
                (var - want).abs() < 0.05 * want,
                "sigma {sigma}: variance {var}"
            );
        }
    }

    #[test]
    fn a_hostile_blur_or_offset_is_capped() {
        let s = Shadow {
            blur: 1e300,
            offset: (1e300, -1e300),
            ..Shadow::default()
        };
        assert_eq!(s.sigma(), MAX_SIGMA);
        assert_eq!(s.shift(), (1_000_000_000, -1_000_000_000));
    }
}
