//! One frame: colours -> palette indices (dithered or not), then only what
//! changed since the previous frame, cropped.

use std::collections::{HashMap, HashSet};

use gif::{DisposalMethod, Frame};

use super::palette::{unpack, Palette, Rgb, TRANSPARENT};
use super::Dither;

/// The colours of `pixels` that `palette` has not met yet, each once, in the
/// order they first appear.
pub fn unmet(palette: &Palette, pixels: &[Rgb]) -> Vec<Rgb> {
    let (mut unmet, mut listed) = (Vec::new(), HashSet::new());
    for run in pixels.chunk_by(|a, b| a == b) {
        if palette.get(run[0]).is_none() && listed.insert(run[0]) {
            unmet.push(run[0]);
        }
    }
    unmet
}

/// The palette indices of `pixels`, rows of `width`; every colour must have
/// been admitted. Only colours the palette lacks are dithered, so flat areas
/// and exact palettes stay as they are.
pub fn indices(palette: &Palette, pixels: &[Rgb], width: usize, dither: Dither) -> Vec<u8> {
    let index = |c| palette.get(c).expect("admitted before mapping");
    match dither {
        Dither::None => pixels.iter().map(|&c| index(c)).collect(),
        Dither::Ordered => {
            let mut nearest = Nearest::new(palette);
            pixels
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    if palette.is_exact(c) {
                        return index(c);
                    }
                    let t = BAYER[(i / width) % 8][(i % width) % 8];
                    let offset =
                        (f32::from(t) + 0.5) / 64.0 * ORDERED_SPREAD - ORDERED_SPREAD / 2.0;
                    nearest.of(unpack(c).map(|v| f32::from(v) + offset))
                })
                .collect()
        }
        Dither::Diffusion => floyd_steinberg(palette, pixels, width),
    }
}

/// The peak-to-peak amplitude of ordered dithering, in 8-bit levels: about
/// the spacing of a 255-colour palette fitted to these scenes.
const ORDERED_SPREAD: f32 = 12.0;

/// The 8 x 8 Bayer threshold matrix, 0..64.
const BAYER: [[u8; 8]; 8] = [
    [0, 32, 8, 40, 2, 34, 10, 42],
    [48, 16, 56, 24, 50, 18, 58, 26],
    [12, 44, 4, 36, 14, 46, 6, 38],
    [60, 28, 52, 20, 62, 30, 54, 22],
    [3, 35, 11, 43, 1, 33, 9, 41],
    [51, 19, 59, 27, 49, 17, 57, 25],
    [15, 47, 7, 39, 13, 45, 5, 37],
    [63, 31, 55, 23, 61, 29, 53, 21],
];

/// Error diffusion with Floyd and Steinberg's weights, row by row.
fn floyd_steinberg(palette: &Palette, pixels: &[Rgb], width: usize) -> Vec<u8> {
    let mut nearest = Nearest::new(palette);
    // The error carried into this row and the next, with a pixel of margin
    // either side.
    let mut here = vec![[0f32; 3]; width + 2];
    let mut below = vec![[0f32; 3]; width + 2];
    let mut out = Vec::with_capacity(pixels.len());
    for row in pixels.chunks_exact(width) {
        for (x, &c) in row.iter().enumerate() {
            if palette.is_exact(c) {
                out.push(palette.get(c).expect("exact colours are admitted"));
                continue;
            }
            let want = std::array::from_fn(|k| f32::from(unpack(c)[k]) + here[x + 1][k]);
            let index = nearest.of(want);
            out.push(index);
            let got = palette.colour(index);
            for (k, &w) in want.iter().enumerate() {
                let err = w - f32::from(got[k]);
                here[x + 2][k] += err * 7.0 / 16.0;
                below[x][k] += err * 3.0 / 16.0;
                below[x + 1][k] += err * 5.0 / 16.0;
                below[x + 2][k] += err / 16.0;
            }
        }
        std::mem::swap(&mut here, &mut below);
        below.iter_mut().for_each(|e| *e = [0.0; 3]);
    }
    out
}

/// Nearest palette entries of arbitrary colours, remembered for one frame.
struct Nearest<'a> {
    palette: &'a Palette,
    memo: HashMap<Rgb, u8>,
}

impl<'a> Nearest<'a> {
    fn new(palette: &'a Palette) -> Self {
        Nearest {
            palette,
            memo: HashMap::new(),
        }
    }

    fn of(&mut self, want: [f32; 3]) -> u8 {
        let [r, g, b] = want.map(|v| v.round().clamp(0.0, 255.0) as u8);
        let c = u32::from_le_bytes([r, g, b, 0]);
        let palette = self.palette;
        *self.memo.entry(c).or_insert_with(|| palette.nearest(c))
    }
}

/// What of `current` (indices, `width` x `height`) must be drawn over
/// `previous`: the rectangle around the changed pixels, unchanged ones inside
/// it transparent. The whole frame when there is no previous one; `None` when
/// nothing changed.
pub fn changes(
    previous: Option<&[u8]>,
    current: &[u8],
    width: usize,
    height: usize,
) -> Option<Frame<'static>> {
    let (left, top, right, bottom, buffer) = match previous {
        None => (0, 0, width, height, current.to_vec()),
        Some(previous) => {
            let changed = |y: usize| {
                let (a, b) = (row(previous, y, width), row(current, y, width));
                let first = a.iter().zip(b).position(|(p, q)| p != q)?;
                let last = a.iter().zip(b).rposition(|(p, q)| p != q)?;
                Some((first, last))
            };
            let mut rows = (0..height).filter_map(|y| Some((y, changed(y)?)));
            let (top, (mut left, mut right)) = rows.next()?;
            let mut bottom = top;
            for (y, (first, last)) in rows {
                (left, right, bottom) = (left.min(first), right.max(last), y);
            }
            let buffer = (top..=bottom)
                .flat_map(|y| {
                    let (a, b) = (row(previous, y, width), row(current, y, width));
                    a[left..=right]
                        .iter()
                        .zip(&b[left..=right])
                        .map(|(&p, &q)| if p == q { TRANSPARENT } else { q })
                })
                .collect();
            (left, top, right + 1, bottom + 1, buffer)
        }
    };
    let side = |v: usize| u16::try_from(v).expect("GIF sides fit in u16");
    Some(Frame {
        left: side(left),
        top: side(top),
        width: side(right - left),
        height: side(bottom - top),
        buffer: buffer.into(),
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        ..Frame::default()
    })
}

/// A frame that changes nothing, to carry a delay too long for one frame.
pub fn unchanged() -> Frame<'static> {
    Frame {
        width: 1,
        height: 1,
        buffer: vec![TRANSPARENT].into(),
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        ..Frame::default()
    }
}

fn row(indices: &[u8], y: usize, width: usize) -> &[u8] {
    &indices[y * width..(y + 1) * width]
}
