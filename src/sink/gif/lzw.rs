//! GIF's LZW compression. The dictionary is a small open-addressing hash
//! table (32 KB, so that it stays in the first-level cache: with a flat 2 MB
//! table indexed by code and byte, nearly all the time went in cache misses).
//! The codes are those giflib writes (a clear code when the table would reach
//! 4095 entries), which every decoder reads.

/// The most codes a GIF stream has: 12-bit codes.
const CODE_BITS: u32 = 12;
/// giflib clears the table one entry before it is full, so that a decoder's
/// table (one entry behind the encoder's) never needs a 13th bit.
const LAST_CODE: u16 = (1 << CODE_BITS) - 1;
/// Bits of a slot of the hash table: twice as many slots as codes, so
/// that probes stay short.
const SLOT_BITS: u32 = CODE_BITS + 1;
const SLOTS: usize = 1 << SLOT_BITS;

/// The dictionary: strings as (code of the string without its last byte,
/// last byte) -> code. Extensions by one chosen byte, the transparent index
/// that fills most of a cropped frame, are looked up directly by code; the
/// rest in a hash table whose slot holds `key << 12 | code`, 0 when free (no
/// string made here has code 0: codes from 0 are single bytes).
struct Dictionary {
    often: u8,
    /// By code: the code of the string extended by `often`, or 0.
    by_often: Box<[u16; 1 << CODE_BITS]>,
    /// By code: the last byte of its string.
    ends: Box<[u8; 1 << CODE_BITS]>,

    hashed: Box<[u32; SLOTS]>,
}

/// Where a string not in the dictionary goes.
#[derive(Clone, Copy)]
enum Slot {
    Often,
    Hashed(usize),
}

impl Dictionary {
    fn new(often: u8) -> Self {
        Dictionary {
            often,
            by_often: Box::new([0; 1 << CODE_BITS]),
            ends: Box::new(std::array::from_fn(|code| code as u8)),

            hashed: Box::new([0; SLOTS]),
        }
    }

    fn clear(&mut self) {
        self.by_often.fill(0);

        self.hashed.fill(0);
    }

    /// The code of `prefix` + `byte`, or where to insert it.
    #[inline]
    fn find(&self, prefix: u16, byte: u8) -> Result<u16, Slot> {
        if byte == self.often {
            return match self.by_often[usize::from(prefix)] {
                0 => Err(Slot::Often),
                code => Ok(code),
            };
        }
        let key = u32::from(prefix) << 8 | u32::from(byte);
        // giflib's hash: one shift and one xor, short on the critical path.
        let mut slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOT_BITS)) as usize;
        loop {
            match self.hashed[slot] {
                0 => return Err(Slot::Hashed(slot)),
                entry if entry >> CODE_BITS == key => return Ok((entry & 0xfff) as u16),
                _ => slot = (slot + 1) % SLOTS,
            }
        }
    }

    /// The last byte of the string of `code`.
    #[inline]
    fn last(&self, code: u16) -> u8 {
        self.ends[usize::from(code)]
    }

    fn insert(&mut self, slot: Slot, prefix: u16, byte: u8, code: u16) {
        self.ends[usize::from(code)] = byte;
        match slot {
            Slot::Often => self.by_often[usize::from(prefix)] = code,
            Slot::Hashed(slot) => {
                let key = u32::from(prefix) << 8 | u32::from(byte);
                self.hashed[slot] = key << CODE_BITS | u32::from(code);
            }
        }
    }
}

/// When to clear a full dictionary. A full one is kept, without new
/// strings, while its codes cost fewer bits per pixel than filling it did:
/// the strings of a frame's start often serve to its end (on the whale,
/// clearing as soon as the table fills made the file 3 % larger than
/// gifsicle -O3's).
struct Full {
    /// Where the dictionary was cleared, in pixels.
    cleared: usize,
    /// Bits written since the clear.
    bits: usize,
    /// Bits per pixel while it filled, times 2^16; 0 while it fills.
    filling: usize,
    /// Pixels it took to fill.
    filled: usize,
    /// Where the current window of codes began, and its codes so far.
    window: (usize, usize),
}

/// Codes over which a full dictionary's cost is measured.
const WINDOW: usize = 512;

impl Full {
    fn since(at: usize) -> Self {
        Full {
            cleared: at,
            bits: 0,
            filling: 0,
            filled: 0,
            window: (at, 0),
        }
    }

    /// A code of `size` bits was written, the pixel before `at` its last,
    /// of `len`. Whether the full dictionary has worn out: its last window
    /// of codes cost more bits per pixel than filling it did, and what is
    /// left would fill a new one twice over.
    fn worn(&mut self, at: usize, len: usize, size: u32, full: bool) -> bool {
        if !full {
            self.bits += size as usize;
            return false;
        }
        if self.filling == 0 {
            self.filled = (at - self.cleared).max(1);
            self.filling = (self.bits << 16) / self.filled;
            self.window = (at, 0);
            return false;
        }
        self.window.1 += 1;
        if self.window.1 < WINDOW {
            return false;
        }
        let covered = at - self.window.0;
        self.window = (at, 0);
        (WINDOW * CODE_BITS as usize) << 16 > self.filling * covered && len - at > 2 * self.filled
    }
}

/// Bits packed least significant first, as GIF wants them.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    buffer: u64,
    count: u32,
}

impl Bits<'_> {
    #[inline]
    fn push(&mut self, code: u16, size: u32) {
        self.buffer |= u64::from(code) << self.count;
        self.count += size;
        if self.count >= 32 {
            self.out
                .extend_from_slice(&(self.buffer as u32).to_le_bytes());
            self.buffer >>= 32;
            self.count -= 32;
        }
    }

    fn finish(self) {
        let bytes = self.count.div_ceil(8) as usize;
        self.out
            .extend_from_slice(&self.buffer.to_le_bytes()[..bytes]);
    }
}

/// The smallest code size (2 to 8 bits) that holds every value of `indices`,
/// as the first byte of a GIF image's data.
fn min_code_size(indices: &[u8]) -> u8 {
    let max = indices.iter().copied().max().unwrap_or(0);
    let values = (u32::from(max) + 1).max(4);
    values.next_power_of_two().trailing_zeros() as u8
}

/// How far a lossy encoding may stray: a pixel may be written as any of
/// the [`NEAR`] palette colours nearest its own within a limit, when that
/// continues the current string. Never as the transparent index: what it
/// shows is not known here.
pub struct Leeway {
    /// By index: the nearest other indices within the limit, nearest first,
    /// padded with the index itself.
    near: Box<[[u8; NEAR]; 256]>,
}

/// How many nearby colours a lossy search tries for a pixel.
pub const NEAR: usize = 16;

impl Leeway {
    /// A leeway over `colours` (by index; `transparent` never matches):
    /// `limit` is the largest squared distance in RGB (the sum over the
    /// channels of the squared difference in 8-bit levels) between a
    /// pixel's colour and one written instead.
    pub fn new(colours: &[[u8; 3]; 256], limit: u32, transparent: u8) -> Self {
        let mut near = Box::new([[0u8; NEAR]; 256]);
        let distance = |a: [u8; 3], b: [u8; 3]| -> u32 {
            (0..3).map(|k| u32::from(a[k].abs_diff(b[k])).pow(2)).sum()
        };
        for (own, list) in (0..=255u8).zip(near.iter_mut()) {
            let mut found: Vec<(u32, u8)> = (0..=255u8)
                .filter(|&other| other != own && other != transparent && own != transparent)
                .map(|other| {
                    (
                        distance(colours[usize::from(own)], colours[usize::from(other)]),
                        other,
                    )
                })
                .filter(|&(d, _)| d <= limit)
                .collect();
            found.sort_unstable();
            *list = [own; NEAR];
            for (slot, (_, other)) in list.iter_mut().zip(found) {
                *slot = other;
            }
        }
        Leeway { near }
    }
}

/// `indices` compressed for a GIF image block: the minimum code size, then
/// the LZW codes (not yet cut into sub-blocks), as the gif crate's
/// `write_lzw_pre_encoded_frame` takes them. A pixel `often` (the
/// transparent index, which shows the frame before) may be written as
/// `other` of its place instead (the index the frame before shows there):
/// it is, when that continues the current string and `often` does not.
/// With a `leeway`, any pixel may also be written as a colour near its own
/// (its other's, for an `often` pixel) that continues the string. Fastest
/// when `often` is the most frequent index.
pub fn encode(
    indices: &[u8],
    often: u8,
    other: impl Fn(usize) -> u8,
    leeway: Option<&Leeway>,
) -> Vec<u8> {
    // A leeway may write any index: the code size must hold them all.
    let min = match leeway {
        Some(_) => 8,
        None => min_code_size(indices),
    };
    let mut out = Vec::with_capacity(indices.len() / 4 + 16);
    out.push(min);
    compress(
        indices,
        min,
        Dictionary::new(often),
        (other, leeway),
        &mut out,
    );
    out
}

fn compress(
    indices: &[u8],
    min: u8,
    mut dictionary: Dictionary,
    (other, leeway): (impl Fn(usize) -> u8, Option<&Leeway>),
    out: &mut Vec<u8>,
) {
    let clear_code = 1u16 << min;
    let end_code = clear_code + 1;
    let first_size = u32::from(min) + 1;
    let mut bits = Bits {
        out,
        buffer: 0,
        count: 0,
    };
    bits.push(clear_code, first_size);
    let Some((&first, rest)) = indices.split_first() else {
        bits.push(end_code, first_size);
        bits.finish();
        return;
    };
    let (mut size, mut free) = (first_size, end_code + 1);
    let mut prefix = u16::from(first);
    let mut full = Full::since(0);
    for (at, &byte) in (1..).zip(rest) {
        let slot = match dictionary.find(prefix, byte) {
            Ok(code) => {
                prefix = code;
                continue;
            }
            Err(slot) => slot,
        };
        // Once per code written, not per pixel: the string breaks here
        // unless the pixel's other index, or with a leeway a colour near
        // its own, continues it.
        let mut own = byte;
        // Where the string ends transparent, it is seldom continued by the
        // index shown: not worth looking the index up (a cache miss, most
        // of the cost of this).
        if byte == dictionary.often && (leeway.is_some() || dictionary.last(prefix) != byte) {
            own = other(at);
            if u16::from(own) < clear_code {
                if let Ok(code) = dictionary.find(prefix, own) {
                    prefix = code;
                    continue;
                }
            }
        }
        if let Some(leeway) = leeway {
            let found = leeway.near[usize::from(own)]
                .iter()
                .take_while(|&&near| near != own)
                .find_map(|&near| dictionary.find(prefix, near).ok());
            if let Some(code) = found {
                prefix = code;
                continue;
            }
        }
        bits.push(prefix, size);
        if full.worn(at, indices.len(), size, free > LAST_CODE) {
            bits.push(clear_code, size);
            dictionary.clear();
            (size, free) = (first_size, end_code + 1);
            full = Full::since(at);
        } else if free <= LAST_CODE {
            if u32::from(free) == 1 << size {
                size += 1;
            }
            dictionary.insert(slot, prefix, byte, free);
            free += 1;
        }
        prefix = u16::from(byte);
    }
    bits.push(prefix, size);
    if u32::from(free) == 1 << size && size < CODE_BITS {
        size += 1;
    }
    bits.push(end_code, size);
    bits.finish();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(data: &[u8]) -> Vec<u8> {
        let (&min, codes) = data.split_first().unwrap();
        let mut decoder = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, min);
        decoder.decode(codes).expect("a valid LZW stream")
    }

    /// A reproducible stream of bytes below `below`, in runs up to `run`.
    fn bytes(len: usize, below: u8, run: usize, seed: u64) -> Vec<u8> {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize
        };
        let mut out = Vec::with_capacity(len);
        while out.len() < len {
            let (value, count) = ((next() % usize::from(below)) as u8, 1 + next() % run);
            out.extend(std::iter::repeat_n(value, count.min(len - out.len())));
        }
        out
    }

    #[test]
    fn round_trips_through_a_decoder() {
        for (len, below, run) in [
            (0, 1, 1),
            (1, 1, 1),
            (2, 4, 1),
            (1000, 2, 3),
            (5000, 16, 1),
            (100_000, 255, 1),
            (100_000, 200, 40),
            (300_000, 4, 1000),
        ] {
            for seed in 0..3 {
                let input = bytes(len, below, run, seed);
                let encoded = encode(&input, below / 2, |i| input[i], None);
                assert_eq!(decode(&encoded), input, "{len} bytes below {below}");
            }
        }
    }

    /// Rows of a shape over a background, the pixels the frame before shows
    /// transparent (255): written as the background where that continues
    /// the string, each decodes to transparent or the index shown, and the
    /// stream is shorter than with every such pixel transparent.
    #[test]
    fn shown_pixels_continue_strings_and_decode_to_what_shows() {
        let (width, rows) = (300, 200);
        let shown = |i: usize| if (i % width) % 50 < 20 { 7 } else { 3 };
        // The shape moved: the first columns of each band are new.
        let indices: Vec<u8> = (0..width * rows)
            .map(|i| if (i % width) % 50 < 2 { shown(i) } else { 255 })
            .collect();
        let flexible = encode(&indices, 255, shown, None);
        let decoded = decode(&flexible);
        for (i, (&got, &asked)) in decoded.iter().zip(&indices).enumerate() {
            assert!(got == asked || (asked == 255 && got == shown(i)), "{i}");
        }
        assert!(decoded.iter().any(|&p| p != 255));
        let plain = encode(&indices, 255, |_| 255, None);
        assert_eq!(decode(&plain), indices);
        assert!(
            flexible.len() < plain.len(),
            "{} {}",
            flexible.len(),
            plain.len()
        );
    }

    /// A leeway writes only colours within its limit, and shrinks a noisy
    /// gradient.
    #[test]
    fn a_leeway_strays_within_its_limit_only() {
        let colours: [[u8; 3]; 256] = std::array::from_fn(|i| [i as u8; 3]);
        let limit = 3 * 4 * 4;
        let leeway = Leeway::new(&colours, limit, 255);
        let noisy = bytes(200_000, 254, 3, 9);
        let lossy = encode(&noisy, 255, |_| 255, Some(&leeway));
        let decoded = decode(&lossy);
        for (&got, &asked) in decoded.iter().zip(&noisy) {
            assert!(
                3 * u32::from(got.abs_diff(asked)).pow(2) <= limit,
                "{got} {asked}"
            );
        }
        assert!(lossy.len() < encode(&noisy, 255, |_| 255, None).len());
    }

    #[test]
    fn code_size_follows_the_largest_index() {
        assert_eq!(min_code_size(&[0, 1]), 2);
        assert_eq!(min_code_size(&[4]), 3);
        assert_eq!(min_code_size(&[255, 3]), 8);
    }

    #[test]
    fn compresses_runs() {
        let encoded = encode(&[255; 100_000], 255, |_| 255, None);
        assert!(encoded.len() < 1000, "{} bytes", encoded.len());
    }
}
