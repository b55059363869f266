//! p5.js 1.11's shader filters (`filter(X)` without `false`), computed as
//! its fragment shaders compute them: in `f32`, on premultiplied texels in
//! 0..1, each pass written back to 8 bits, rounded. p5 copies a 2D canvas
//! into a WebGL layer, filters it there and draws it back; for the canvas's
//! premultiplied bytes that round trip changes nothing, so the shaders run
//! here on a pixmap's bytes directly.

use super::blur_gl::blur;
use super::filter::Filter;

/// A texel's channel in 0..1.
pub(super) fn unit(c: u8) -> f32 {
    f32::from(c) / 255.0
}

/// A shader's output channel to 8 bits: clamped, rounded; NaN as 0.
pub(super) fn byte(v: f32) -> u8 {
    if v.is_nan() {
        0
    } else {
        (v.clamp(0.0, 1.0) * 255.0).round() as u8
    }
}

/// The luminance weights of GRAY and THRESHOLD (Rec. 709).
const LUMA: [f32; 3] = [0.2126, 0.7152, 0.0722];

/// ERODE and DILATE's weights, 77, 151 and 28 over 256 as p5 writes them.
const LUMA_8: [f32; 3] = [0.300781, 0.589844, 0.109375];

fn dot(c: [f32; 3], w: [f32; 3]) -> f32 {
    c[0] * w[0] + c[1] * w[1] + c[2] * w[2]
}

/// p5's shader filter `filter` on `data`, premultiplied RGBA rows `width`
/// pixels wide, drawn at `density` pixels per canvas unit (BLUR's radius is
/// in canvas units). `param` is the filter's parameter, `None` for p5's
/// default (THRESHOLD 0.5, POSTERIZE 4, BLUR 3). BLUR costs the same
/// whatever its radius (src/p5/images/blur_gl.rs).
pub fn shader(data: &mut [u8], width: usize, density: f64, filter: Filter, param: Option<f64>) {
    if width == 0 {
        return;
    }
    match filter {
        Filter::Blur => blur(data, width, param.unwrap_or(3.0).max(1.0) as f32, density),
        Filter::Erode => neighbours(data, width, |a, b| a < b),
        Filter::Dilate => neighbours(data, width, |a, b| a > b),
        _ => {
            let param = param.map(|p| p as f32);
            for p in data.chunks_exact_mut(4) {
                let out = point(
                    filter,
                    param,
                    [unit(p[0]), unit(p[1]), unit(p[2]), unit(p[3])],
                );
                let a = byte(out[3]);
                for (c, v) in p.iter_mut().zip(out) {
                    // Premultiplied: no channel above alpha, as reading
                    // the canvas back would clamp it.
                    *c = byte(v).min(a);
                }
                p[3] = a;
            }
        }
    }
}

/// The shaders that read one texel: GRAY, THRESHOLD, INVERT, POSTERIZE and
/// OPAQUE, from the premultiplied `texel`.
fn point(filter: Filter, param: Option<f32>, [r, g, b, a]: [f32; 4]) -> [f32; 4] {
    let straight = [r / a, g / a, b / a];
    match filter {
        Filter::Gray => {
            let v = dot([r, g, b], LUMA);
            [v, v, v, a]
        }
        Filter::Threshold => {
            let threshold = (param.unwrap_or(0.5) * 255.0).floor() / 255.0;
            let v = if dot(straight, LUMA) >= threshold {
                a
            } else {
                0.0
            };
            [v, v, v, a]
        }
        Filter::Invert => {
            let [r, g, b] = straight.map(|c| (1.0 - c) * a);
            [r, g, b, a]
        }
        Filter::Posterize => {
            let n = param.unwrap_or(4.0);
            let [r, g, b] = straight.map(|c| (c * n).floor() / (n - 1.0) * a);
            [r, g, b, a]
        }
        Filter::Opaque => {
            let [r, g, b] = straight;
            [r, g, b, 1.0]
        }
        Filter::Erode | Filter::Dilate | Filter::Blur => unreachable!("not one texel"),
    }
}

/// ERODE and DILATE's shader: the first of the texels right, left, below
/// and above (the texture's +y is the canvas's down) whose luminance
/// `wins`; a texel past a side is the side's (clamped to the edge).
fn neighbours(data: &mut [u8], width: usize, wins: impl Fn(f32, f32) -> bool) {
    let source = data.to_vec();
    let height = source.len() / 4 / width;
    let luma = |i: usize| {
        let p = &source[4 * i..4 * i + 3];
        dot([unit(p[0]), unit(p[1]), unit(p[2])], LUMA_8)
    };
    for y in 0..height {
        for x in 0..width {
            let i = y * width + x;
            let right = y * width + (x + 1).min(width - 1);
            let left = y * width + x.saturating_sub(1);
            let below = (y + 1).min(height - 1) * width + x;
            let above = y.saturating_sub(1) * width + x;
            let (mut best, mut lum) = (i, luma(i));
            for n in [right, left, below, above] {
                let l = luma(n);
                if wins(l, lum) {
                    (best, lum) = (n, l);
                }
            }
            data[4 * i..4 * i + 4].copy_from_slice(&source[4 * best..4 * best + 4]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gray_weights_the_premultiplied_channels() {
        let mut px = [200, 30, 60, 255];
        shader(&mut px, 1, 1.0, Filter::Gray, None);
        // 0.2126 * 200 + 0.7152 * 30 + 0.0722 * 60 = 68.3.
        assert_eq!(px, [68, 68, 68, 255]);
    }

    #[test]
    fn a_blur_of_a_flat_canvas_is_flat_and_bounded_for_any_radius() {
        for radius in [1.0, 3.0, 20.0, 1e9] {
            let mut px = [90, 60, 30, 200].repeat(40);
            shader(&mut px, 8, 1.0, Filter::Blur, Some(radius));
            assert!(
                px.chunks(4).all(|p| p == [90, 60, 30, 200]),
                "radius {radius}"
            );
        }
    }
}
