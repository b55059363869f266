//! GIF's LZW compression, lossless. The dictionary is a small
//! open-addressing hash table (32 KB, so that it stays in the first-level
//! cache: with a flat 2 MB table indexed by code and byte, nearly all the
//! time went in cache misses).

use super::codes::{Codes, CODE_BITS};
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

/// The smallest code size (2 to 8 bits) that holds every value of `indices`,
/// as the first byte of a GIF image's data.
fn min_code_size(indices: &[u8]) -> u8 {
    let max = indices.iter().copied().max().unwrap_or(0);
    let values = (u32::from(max) + 1).max(4);
    values.next_power_of_two().trailing_zeros() as u8
}

/// `indices` compressed for a GIF image block: the minimum code size, then
/// the LZW codes (not yet cut into sub-blocks), as the gif crate's
/// `write_lzw_pre_encoded_frame` takes them. A pixel `often` (the
/// transparent index, which shows the frame before) may be written as
/// `other` of its place instead (the index the frame before shows there):
/// it is, when that continues the current string and `often` does not.
/// Fastest when `often` is the most frequent index.
pub fn encode(indices: &[u8], often: u8, other: impl Fn(usize) -> u8) -> Vec<u8> {
    let mut out = Vec::with_capacity(indices.len() / 4 + 16);
    let mut codes = Codes::start(&mut out, min_code_size(indices), indices.len());
    let Some((&first, rest)) = indices.split_first() else {
        codes.finish(None);
        return out;
    };
    let mut dictionary = Dictionary::new(often);
    let mut prefix = u16::from(first);
    // The loop kept small, so that its state stays in registers: once per
    // pixel a look-up, once per code the rest (`miss`).
    for (at, &byte) in (1..).zip(rest) {
        prefix = match dictionary.find(prefix, byte) {
            Ok(code) => code,
            Err(slot) => miss(
                &mut dictionary,
                &mut codes,
                &other,
                (prefix, byte, slot),
                at,
            ),
        };
    }
    codes.finish(Some(prefix));
    out
}

/// `prefix` + `byte`, pixel `at`, is not in `dictionary` (it would go at
/// `slot`): the string breaks here unless the pixel's other index continues
/// it. Writes the string's code if it breaks; the new prefix.
#[inline(never)]
fn miss(
    dictionary: &mut Dictionary,
    codes: &mut Codes<'_>,
    other: impl Fn(usize) -> u8,
    (prefix, byte, slot): (u16, u8, Slot),
    at: usize,
) -> u16 {
    // Where the string ends transparent, it is seldom continued by the
    // index shown: not worth looking the index up (a cache miss, most of
    // the cost of this).
    if byte == dictionary.often && dictionary.last(prefix) != byte {
        let own = other(at);
        if u16::from(own) < codes.clear_code() {
            if let Ok(code) = dictionary.find(prefix, own) {
                return code;
            }
        }
    }
    if codes.write(prefix, at) {
        dictionary.clear();
    } else if let Some(code) = codes.grow() {
        dictionary.insert(slot, prefix, byte, code);
    }
    u16::from(byte)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The indices of an image block's data.
    pub fn decode(data: &[u8]) -> Vec<u8> {
        let (&min, codes) = data.split_first().unwrap();
        let mut decoder = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, min);
        decoder.decode(codes).expect("a valid LZW stream")
    }

    /// A reproducible stream of bytes below `below`, in runs up to `run`.
    pub fn bytes(len: usize, below: u8, run: usize, seed: u64) -> Vec<u8> {
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
                let encoded = encode(&input, below / 2, |i| input[i]);
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
        let flexible = encode(&indices, 255, shown);
        let decoded = decode(&flexible);
        for (i, (&got, &asked)) in decoded.iter().zip(&indices).enumerate() {
            assert!(got == asked || (asked == 255 && got == shown(i)), "{i}");
        }
        assert!(decoded.iter().any(|&p| p != 255));
        let plain = encode(&indices, 255, |_| 255);
        assert_eq!(decode(&plain), indices);
        assert!(
            flexible.len() < plain.len(),
            "{} {}",
            flexible.len(),
            plain.len()
        );
    }

    #[test]
    fn code_size_follows_the_largest_index() {
        assert_eq!(min_code_size(&[0, 1]), 2);
        assert_eq!(min_code_size(&[4]), 3);
        assert_eq!(min_code_size(&[255, 3]), 8);
    }

    #[test]
    fn compresses_runs() {
        let encoded = encode(&[255; 100_000], 255, |_| 255);
        assert!(encoded.len() < 1000, "{} bytes", encoded.len());
    }
}
