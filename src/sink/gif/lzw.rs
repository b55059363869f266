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
/// Slots of the hash table: twice the codes, so probes stay short.
const SLOTS: usize = 1 << (CODE_BITS + 1);

/// The dictionary: strings as (code of the string without its last byte,
/// last byte) -> code. Extensions by one chosen byte, the transparent index
/// that fills most of a cropped frame, are looked up directly by code; the
/// rest in a hash table whose slot holds `key << 12 | code`, 0 when free (no
/// string made here has code 0: codes from 0 are single bytes).
struct Dictionary {
    often: u8,
    /// By code: the code of the string extended by `often`, or 0.
    by_often: Box<[u16; 1 << CODE_BITS]>,
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
        let mut slot = ((key >> CODE_BITS) ^ key) as usize % SLOTS;
        loop {
            match self.hashed[slot] {
                0 => return Err(Slot::Hashed(slot)),
                entry if entry >> CODE_BITS == key => return Ok((entry & 0xfff) as u16),
                _ => slot = (slot + 1) % SLOTS,
            }
        }
    }

    fn insert(&mut self, slot: Slot, prefix: u16, byte: u8, code: u16) {
        match slot {
            Slot::Often => self.by_often[usize::from(prefix)] = code,
            Slot::Hashed(slot) => {
                let key = u32::from(prefix) << 8 | u32::from(byte);
                self.hashed[slot] = key << CODE_BITS | u32::from(code);
            }
        }
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

/// `indices` compressed for a GIF image block: the minimum code size, then
/// the LZW codes (not yet cut into sub-blocks), as the gif crate's
/// `write_lzw_pre_encoded_frame` takes them. Fastest when `often` is the
/// most frequent index.
pub fn encode(indices: &[u8], often: u8) -> Vec<u8> {
    let min = min_code_size(indices);
    let mut out = Vec::with_capacity(indices.len() / 4 + 16);
    out.push(min);
    compress(indices, min, Dictionary::new(often), &mut out);
    out
}

fn compress(indices: &[u8], min: u8, mut dictionary: Dictionary, out: &mut Vec<u8>) {
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
    for &byte in rest {
        let slot = match dictionary.find(prefix, byte) {
            Ok(code) => {
                prefix = code;
                continue;
            }
            Err(slot) => slot,
        };
        bits.push(prefix, size);
        if free == LAST_CODE {
            bits.push(clear_code, size);
            dictionary.clear();
            (size, free) = (first_size, end_code + 1);
        } else {
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
                let encoded = encode(&input, below / 2);
                assert_eq!(decode(&encoded), input, "{len} bytes below {below}");
            }
        }
    }

    #[test]
    fn code_size_follows_the_largest_index() {
        assert_eq!(min_code_size(&[0, 1]), 2);
        assert_eq!(min_code_size(&[4]), 3);
        assert_eq!(min_code_size(&[255, 3]), 8);
    }

    #[test]
    fn compresses_runs() {
        let encoded = encode(&[255; 100_000], 255);
        assert!(encoded.len() < 1000, "{} bytes", encoded.len());
    }
}
