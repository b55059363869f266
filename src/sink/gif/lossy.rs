//! Lossy LZW: each string written is the longest one in the dictionary
//! whose colours stay within a tolerance of the pixels they stand for. The
//! dictionary is a trie searched depth first from every nearby colour of
//! the string's first pixel; the error of each pixel written is carried in
//! part to the next one of the string, so that a long string over a
//! gradient does not drift to one side of it.

use super::codes::{Codes, CODE_BITS};
use super::palette::TRANSPARENT;

/// How far a pixel's colour may stray, and the colours it may stray to.
pub struct Tolerance {
    /// By index: its colour, in 8-bit levels.
    colours: [[i32; 3]; 256],
    /// The largest squared distance in RGB (the sum over the channels of
    /// the squared difference in 8-bit levels) between the colour a pixel
    /// should show, its error carried in, and the colour written.
    limit: i32,
    /// By index: the indices within `limit` of its colour, nearest first
    /// (itself first), at most [`STARTS`]; never the transparent index.
    near: Box<[Vec<u8>; 256]>,
}

/// How many first colours a string is searched from, at most.
const STARTS: usize = 8;

/// Of a pixel's error, the share carried to the next pixel of its string,
/// in quarters. None: on SCENES.md's whale at quality 90, carrying 3/4
/// made the file larger and the PSNR no better (944,705 B at 56.8 dB
/// against 942,950 B at 57.1 dB); with unchanged pixels kept exact, 2/4
/// and 3/4 gave 903,628 and 903,926 B at 59.5 dB against 902,995 B at 59.6.
const CARRY_QUARTERS: i32 = 0;

/// Strings a search follows before it settles for the longest found; bounds
/// the time a search takes where many colours are near each other. On
/// SCENES.md's whale at quality 90, 256 gave 942,950 B, 2,000 891,376 B
/// and 20,000 no smaller.
const VISITS: u32 = 2000;

impl Tolerance {
    /// A tolerance of `limit` (squared RGB distance, see
    /// [`Tolerance::limit`]) over `colours`, by index.
    pub fn new(colours: &[[u8; 3]; 256], limit: u32) -> Self {
        let colours = colours.map(|c| c.map(i32::from));
        let limit = i32::try_from(limit).unwrap_or(i32::MAX);
        let near = Box::new(std::array::from_fn(|own| {
            let mut found: Vec<(i32, u8)> = (0..TRANSPARENT)
                .map(|other| (distance(colours[own], colours[usize::from(other)]), other))
                .filter(|&(d, _)| d <= limit)
                .collect();
            found.sort_unstable();
            found.iter().take(STARTS).map(|&(_, other)| other).collect()
        }));
        Tolerance {
            colours,
            limit,
            near,
        }
    }
}

fn distance(a: [i32; 3], b: [i32; 3]) -> i32 {
    (0..3).map(|k| (a[k] - b[k]).pow(2)).sum()
}

/// The dictionary as a trie: each string's children in a list.
struct Trie {
    /// By code: its first child, 0 for none (codes from 0 are single
    /// indices, never a child).
    first: Box<[u16; 1 << CODE_BITS]>,
    /// By code: the next child of its parent.
    next: Box<[u16; 1 << CODE_BITS]>,
    /// By code: the last index of its string.
    last: Box<[u8; 1 << CODE_BITS]>,
}

impl Trie {
    fn new() -> Self {
        Trie {
            first: Box::new([0; 1 << CODE_BITS]),
            next: Box::new([0; 1 << CODE_BITS]),
            last: Box::new(std::array::from_fn(|code| code as u8)),
        }
    }

    fn clear(&mut self) {
        self.first.fill(0);
    }

    fn insert(&mut self, prefix: u16, index: u8, code: u16) {
        let (prefix, at) = (usize::from(prefix), usize::from(code));
        self.last[at] = index;
        self.next[at] = self.first[prefix];
        self.first[prefix] = code;
    }

    fn children(&self, code: u16) -> impl Iterator<Item = u16> + '_ {
        let first = self.first[usize::from(code)];
        std::iter::successors((first != 0).then_some(first), |&c| {
            let next = self.next[usize::from(c)];
            (next != 0).then_some(next)
        })
    }
}

/// The longest string found so far from one place, and its squared error.
#[derive(Clone, Copy)]
struct Found {
    code: u16,
    /// Its first index.
    first: u8,
    end: usize,
    error: i32,
}

/// One search for the string to write from a place.
struct Search<'a> {
    trie: &'a Trie,
    tolerance: &'a Tolerance,
    indices: &'a [u8],
    shown: &'a [u8],
    best: Found,
    visits: u32,
    /// The first index of the strings followed now.
    first: u8,
}

impl Search<'_> {
    /// Follows the string `code`, which covers the pixels before `at` with
    /// a squared error of `error`, `carry` the error carried to `at`.
    fn follow(&mut self, code: u16, at: usize, carry: [i32; 3], error: i32) {
        let best = &mut self.best;
        if at > best.end || (at == best.end && error < best.error) {
            *best = Found {
                code,
                first: self.first,
                end: at,
                error,
            };
        }
        if at == self.indices.len() || self.visits == 0 {
            return;
        }
        self.visits -= 1;
        for child in self.trie.children(code) {
            if let Some((carry, more)) = self.fits(self.trie.last[usize::from(child)], at, carry) {
                self.follow(child, at + 1, carry, error + more);
            }
        }
    }

    /// Whether `index` may be written for pixel `at`, whose error carried in
    /// is `carry`: the error carried on and the pixel's squared error.
    #[inline]
    fn fits(&self, index: u8, at: usize, carry: [i32; 3]) -> Option<([i32; 3], i32)> {
        if self.indices[at] == TRANSPARENT {
            // Unchanged: left as the frame before shows it, or written as
            // the index that shows, never as another colour. A pixel that
            // stays on screen keeps its error for many frames: letting
            // unchanged pixels stray made the error grow through the
            // animation (SCENES.md's sketch whale at quality 90, mean
            // squared error 0.044 in frame 0 and 0.220 in frame 299;
            // 891,376 B at 56.9 dB against 902,995 B at 59.6 dB this way).
            return (index == TRANSPARENT || index == self.shown[at]).then_some(([0; 3], 0));
        }
        if index == TRANSPARENT {
            // What the frame before left is not known here.
            return None;
        }
        let colours = &self.tolerance.colours;
        let own = colours[usize::from(self.shown[at])];
        let written = colours[usize::from(index)];
        let wanted: [i32; 3] = std::array::from_fn(|k| own[k] + carry[k]);
        if distance(wanted, written) > self.tolerance.limit {
            return None;
        }
        let carry = std::array::from_fn(|k| (wanted[k] - written[k]) * CARRY_QUARTERS / 4);
        Some((carry, distance(own, written)))
    }
}

/// `indices` compressed for a GIF image block as [`super::lzw::encode`]
/// does, but each changed pixel may be written as a colour within
/// `tolerance` of its own. A transparent pixel (unchanged) stays
/// transparent or is written as `shown`'s index, the one the frame before
/// shows there. A changed pixel is never written as transparent: what that
/// shows is not known here.
pub fn encode(indices: &[u8], shown: &[u8], tolerance: &Tolerance) -> Vec<u8> {
    let len = indices.len();
    let mut out = Vec::with_capacity(len / 4 + 16);
    // Any index may be written: the code size must hold them all.
    let mut codes = Codes::start(&mut out, 8, len);
    let mut trie = Trie::new();
    // The string written last, whose code is made once the next string's
    // first index is known.
    let mut pending = None;
    let mut at = 0;
    while at < len {
        let found = longest(&trie, tolerance, indices, shown, at);
        if let Some(prefix) = pending.take() {
            if let Some(code) = codes.grow() {
                trie.insert(prefix, found.first, code);
            }
        }
        at = found.end;
        if at == len {
            codes.finish(Some(found.code));
            return out;
        }
        if codes.write(found.code, at) {
            trie.clear();
        } else {
            pending = Some(found.code);
        }
    }
    codes.finish(None);
    out
}

/// The longest string that may be written from pixel `at`.
fn longest(trie: &Trie, tolerance: &Tolerance, indices: &[u8], shown: &[u8], at: usize) -> Found {
    let own = shown[at];
    let mut search = Search {
        trie,
        tolerance,
        indices,
        shown,
        best: Found {
            code: u16::from(own),
            first: own,
            end: at + 1,
            error: i32::MAX,
        },
        visits: VISITS,
        first: own,
    };
    let transparent = (indices[at] == TRANSPARENT).then_some(TRANSPARENT);
    for &start in transparent.iter().chain(&tolerance.near[usize::from(own)]) {
        if let Some((carry, error)) = search.fits(start, at, [0; 3]) {
            search.first = start;
            search.follow(u16::from(start), at + 1, carry, error);
        }
    }
    search.best
}

#[cfg(test)]
mod tests {
    use super::super::lzw::tests::{bytes, decode};
    use super::*;

    /// Only colours within the limit are written, and a noisy gradient
    /// shrinks against the lossless encoding.
    #[test]
    fn strays_within_its_limit_only_and_shrinks_noise() {
        let colours: [[u8; 3]; 256] = std::array::from_fn(|i| [i as u8; 3]);
        let limit = 3 * 4 * 4;
        let tolerance = Tolerance::new(&colours, limit);
        let noisy = bytes(200_000, 254, 3, 9);
        let lossy = encode(&noisy, &noisy, &tolerance);
        let decoded = decode(&lossy);
        assert_eq!(decoded.len(), noisy.len());
        for (&got, &asked) in decoded.iter().zip(&noisy) {
            assert!(
                3 * u32::from(got.abs_diff(asked)).pow(2) <= limit,
                "{got} {asked}"
            );
        }
        let lossless = super::super::lzw::encode(&noisy, 255, |_| 255);
        assert!(
            lossy.len() < lossless.len(),
            "{} {}",
            lossy.len(),
            lossless.len()
        );
    }

    /// A transparent pixel decodes to transparent or exactly what it shows;
    /// others never to transparent.
    #[test]
    fn transparent_only_where_it_was() {
        let colours: [[u8; 3]; 256] = std::array::from_fn(|i| [i as u8; 3]);
        let tolerance = Tolerance::new(&colours, 12);
        let shown = bytes(50_000, 200, 20, 3);
        let indices: Vec<u8> = shown
            .iter()
            .enumerate()
            .map(|(i, &s)| if i % 7 < 4 { 255 } else { s })
            .collect();
        let decoded = decode(&encode(&indices, &shown, &tolerance));
        for ((&got, &asked), &near) in decoded.iter().zip(&indices).zip(&shown) {
            if asked == 255 {
                assert!(got == 255 || got == near, "{got} for {near}");
            } else {
                assert!(got != 255 && 3 * u32::from(got.abs_diff(near)).pow(2) <= 12);
            }
        }
    }
}
