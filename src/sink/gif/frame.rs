//! One frame: colours -> palette indices (dithered or not), then only what
//! changed since the previous frame, cropped and compressed.

use std::ops::Range;
use std::sync::Arc;

use gif::{DisposalMethod, Frame};
use rustc_hash::{FxHashMap, FxHashSet};

use super::lossy::{self, Tolerance};
use super::lzw;
use super::palette::{rgb, unpack, Palette, Rgb, Table, TRANSPARENT};
use super::Dither;
use crate::frame::Frame as Drawn;

/// A pixel as drawn: premultiplied RGBA.
type Pixel = [u8; 4];

/// Per row, the columns from the first to the last pixel that differ from
/// the frame before; every column of every row for a first frame.
pub type Spans = Vec<Option<Range<usize>>>;

/// Where `now` (rows of `width`) differs from `before`.
pub fn spans<T: PartialEq>(before: Option<&[T]>, now: &[T], width: usize) -> Spans {
    let Some(before) = before else {
        return vec![Some(0..width); now.len() / width];
    };
    before
        .chunks_exact(width)
        .zip(now.chunks_exact(width))
        .map(|(before, now)| differ(before, now))
        .collect()
}

/// Where drawn frame `now` differs from `before`: over the same flat
/// background, only inside the boxes drawn on either is compared.
pub fn frame_spans(before: Option<&Drawn>, now: &Drawn, width: usize) -> Spans {
    let quads = now.quads();
    let Some(boxes) = before.and_then(|before| before.damage().differ_within(now.damage())) else {
        return spans(before.map(|b| b.quads()), quads, width);
    };
    let before = before.expect("boxes come from a frame before").quads();
    let mut spans: Spans = vec![None; quads.len() / width];
    for b in boxes {
        for (y, span) in spans.iter_mut().enumerate().take(b.y1).skip(b.y0) {
            let columns = y * width + b.x0..y * width + b.x1;
            let Some(found) = differ(&before[columns.clone()], &quads[columns]) else {
                continue;
            };
            let found = b.x0 + found.start..b.x0 + found.end;
            *span = Some(match span.take() {
                Some(s) => s.start.min(found.start)..s.end.max(found.end),
                None => found,
            });
        }
    }
    spans
}

/// From the first to the last index where `a` and `b` differ.
fn differ<T: PartialEq>(a: &[T], b: &[T]) -> Option<Range<usize>> {
    if a == b {
        return None;
    }
    let unequal = |(p, q): (&T, &T)| p != q;
    let first = a.iter().zip(b).position(unequal)?;
    let last = a.iter().zip(b).rposition(unequal)?;
    Some(first..last + 1)
}

/// The colours of `pixels` (rows of `width`) that `palette` has not met yet,
/// each once, in the order they first appear. Only the `spans` that changed
/// are searched: the rest was met with the frame before.
pub fn unmet(
    palette: &Palette,
    pixels: &[Pixel],
    spans: &[Option<Range<usize>>],
    width: usize,
) -> Vec<Rgb> {
    let (mut unmet, mut listed) = (Vec::new(), FxHashSet::default());
    for (y, span) in spans.iter().enumerate() {
        let Some(span) = span else { continue };
        for run in row(pixels, y, width)[span.clone()].chunk_by(|a, b| a == b) {
            let c = rgb(run[0]);
            if palette.get(c).is_none() && listed.insert(c) {
                unmet.push(c);
            }
        }
    }
    unmet
}

/// The palette indices of `pixels`, rows of `width`, when dithered (`None`
/// without dithering); every colour must have been admitted. Only colours
/// the palette lacks are dithered, so flat areas and exact palettes stay as
/// they are.
pub fn dithered(
    palette: &Palette,
    pixels: &[Pixel],
    width: usize,
    dither: Dither,
) -> Option<Vec<u8>> {
    match dither {
        Dither::None => None,
        Dither::Ordered => {
            let mut nearest = Nearest::new(palette);
            let indices = pixels
                .iter()
                .enumerate()
                .map(|(i, &p)| {
                    let c = rgb(p);
                    if palette.is_exact(c) {
                        return palette.get(c).expect("exact colours are admitted");
                    }
                    let t = BAYER[(i / width) % 8][(i % width) % 8];
                    let offset =
                        (f32::from(t) + 0.5) / 64.0 * ORDERED_SPREAD - ORDERED_SPREAD / 2.0;
                    nearest.of(unpack(c).map(|v| f32::from(v) + offset))
                })
                .collect();
            Some(indices)
        }
        Dither::Diffusion => Some(floyd_steinberg(palette, pixels, width)),
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
fn floyd_steinberg(palette: &Palette, pixels: &[Pixel], width: usize) -> Vec<u8> {
    let mut nearest = Nearest::new(palette);
    // The error carried into this row and the next, with a pixel of margin
    // either side.
    let mut here = vec![[0f32; 3]; width + 2];
    let mut below = vec![[0f32; 3]; width + 2];
    let mut out = Vec::with_capacity(pixels.len());
    for row in pixels.chunks_exact(width) {
        for (x, &p) in row.iter().enumerate() {
            let c = rgb(p);
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
    memo: FxHashMap<Rgb, u8>,
}

impl<'a> Nearest<'a> {
    fn new(palette: &'a Palette) -> Self {
        Nearest {
            palette,
            memo: FxHashMap::default(),
        }
    }

    fn of(&mut self, want: [f32; 3]) -> u8 {
        let [r, g, b] = want.map(|v| v.round().clamp(0.0, 255.0) as u8);
        let c = u32::from_le_bytes([r, g, b, 0]);
        let palette = self.palette;
        *self.memo.entry(c).or_insert_with(|| palette.nearest(c))
    }
}

/// A frame as the encoder compares it with the one before.
pub struct Picture {
    pub frame: Arc<Drawn>,
    /// Where the colours changed since the frame before.
    pub spans: Spans,
    /// The indices of the whole frame when dithered: a dithered pixel's
    /// index depends on its neighbours, so an unchanged colour may take
    /// another. Without dithering, colours are mapped only where they
    /// changed: a colour's index never changes once admitted.
    pub dithered: Option<Vec<u8>>,
}

/// What of `current` (rows of `width`) must be drawn over `previous`: the
/// rectangle around the pixels whose index changed, compressed; each
/// unchanged one inside it transparent, or the index it shows where that
/// continues the compressed string. The whole frame when there is no
/// previous one; `None` when nothing changed.
pub fn changes(
    table: &Table,
    previous: Option<&Picture>,
    current: &Picture,
    width: usize,
    tolerance: Option<&Tolerance>,
) -> Option<Frame<'static>> {
    let now = current.frame.quads();
    match (previous, &current.dithered) {
        // A first frame has no transparent pixels: `shown` is not asked.
        (None, None) => crop(
            &current.spans,
            width,
            |i| Some(index(table, rgb(now[i]))),
            |_| TRANSPARENT,
            tolerance,
        ),
        (None, Some(now)) => crop(
            &current.spans,
            width,
            |i| Some(now[i]),
            |_| TRANSPARENT,
            tolerance,
        ),
        (Some(previous), None) => {
            let before = previous.frame.quads();
            crop(
                &current.spans,
                width,
                |i| {
                    let (a, b) = (rgb(before[i]), rgb(now[i]));
                    if a == b {
                        return None;
                    }
                    let index = index(table, b);
                    (table.get(a) != Some(index)).then_some(index)
                },
                |i| index(table, rgb(before[i])),
                tolerance,
            )
        }
        (Some(previous), Some(now)) => {
            let before = previous
                .dithered
                .as_deref()
                .expect("an animation is dithered throughout or not at all");
            let spans = spans(Some(before), now, width);
            crop(
                &spans,
                width,
                |i| (before[i] != now[i]).then_some(now[i]),
                |i| before[i],
                tolerance,
            )
        }
    }
}

fn index(table: &Table, c: Rgb) -> u8 {
    table.get(c).expect("admitted before mapping")
}

/// The frame around the pixels for which `changed` gives a new index, the
/// rest transparent, or the index `shown` gives where that compresses
/// better; pixels outside `spans` (rows of `width`) are unchanged.
fn crop(
    spans: &[Option<Range<usize>>],
    width: usize,
    changed: impl Fn(usize) -> Option<u8>,
    shown: impl Fn(usize) -> u8,
    tolerance: Option<&Tolerance>,
) -> Option<Frame<'static>> {
    let ends = |y: usize, span: &Range<usize>| {
        let at = y * width;
        let first = span.clone().find(|&x| changed(at + x).is_some())?;
        let last = (first..span.end).rfind(|&x| changed(at + x).is_some())?;
        Some((first, last + 1))
    };
    let mut rows = spans
        .iter()
        .enumerate()
        .filter_map(|(y, span)| Some((y, ends(y, span.as_ref()?)?)));
    let (top, (mut left, mut right)) = rows.next()?;
    let mut bottom = top;
    for (y, (first, end)) in rows {
        (left, right, bottom) = (left.min(first), right.max(end), y);
    }
    let mut buffer = Vec::with_capacity((right - left) * (bottom + 1 - top));
    for (y, span) in spans.iter().enumerate().take(bottom + 1).skip(top) {
        let (start, end) = span.as_ref().map_or((right, right), |s| {
            (s.start.clamp(left, right), s.end.clamp(left, right))
        });
        let at = y * width;
        buffer.resize(buffer.len() + start - left, TRANSPARENT);
        buffer.extend((start..end).map(|x| changed(at + x).unwrap_or(TRANSPARENT)));
        buffer.resize(buffer.len() + right - end, TRANSPARENT);
    }
    let side = |v: usize| u16::try_from(v).expect("GIF sides fit in u16");
    let across = right - left;
    let shown = |i: usize| shown((top + i / across) * width + left + i % across);
    let data = match tolerance {
        Some(tolerance) => lossy::encode(&buffer, &literal(&buffer, shown), tolerance),
        None => lossless(&buffer, shown),
    };
    Some(Frame {
        left: side(left),
        top: side(top),
        width: side(right - left),
        height: side(bottom + 1 - top),
        buffer: data.into(),
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        ..Frame::default()
    })
}

/// `buffer` compressed without loss, its transparent pixels written as
/// the index `shown` gives where that continues a string.
fn lossless(buffer: &[u8], shown: impl Fn(usize) -> u8) -> Vec<u8> {
    let data = lzw::encode(buffer, TRANSPARENT, &shown);
    // A small frame is also tried with every unchanged pixel written as
    // the index it shows, and the shorter kept: on the chain (frames of
    // about 20,000 pixels) that is 13 % smaller, on the whale (250,000)
    // larger, where a second encoding would cost 4 % of the render.
    if buffer.len() > SMALL_FRAME {
        return data;
    }
    let other = lzw::encode(&literal(buffer, shown), TRANSPARENT, |_| TRANSPARENT);
    if other.len() < data.len() {
        other
    } else {
        data
    }
}

/// `buffer` with every transparent pixel as the index `shown` gives.
fn literal(buffer: &[u8], shown: impl Fn(usize) -> u8) -> Vec<u8> {
    let index = |(i, &index)| match index {
        TRANSPARENT => shown(i),
        index => index,
    };
    buffer.iter().enumerate().map(index).collect()
}

/// The most pixels of a frame encoded twice (see `lossless`).
const SMALL_FRAME: usize = 1 << 16;

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

fn row<T>(pixels: &[T], y: usize, width: usize) -> &[T] {
    &pixels[y * width..(y + 1) * width]
}
