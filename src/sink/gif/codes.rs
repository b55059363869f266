//! The code stream of GIF's LZW, whichever way its strings are chosen: the
//! codes packed into bits, the code size growing with the dictionary, and
//! when a full dictionary is cleared. The codes are those giflib writes (a
//! clear code when the table would reach 4095 entries), which every decoder
//! reads.

/// The most codes a GIF stream has: 12-bit codes.
pub const CODE_BITS: u32 = 12;
/// giflib clears the table one entry before it is full, so that a decoder's
/// table (one entry behind the encoder's) never needs a 13th bit.
const LAST_CODE: u16 = (1 << CODE_BITS) - 1;

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
    #[inline]
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

/// The codes of one image of `len` pixels, written into `out` after its
/// minimum code size. A string's code is written with [`Codes::write`];
/// the next string then gets a code of its own with [`Codes::grow`] unless
/// the dictionary was cleared or is full.
pub struct Codes<'a> {
    bits: Bits<'a>,
    clear_code: u16,
    first_size: u32,
    /// The size of the next code written, in bits.
    size: u32,
    /// The next code a new string takes.
    free: u16,
    full: Full,
    len: usize,
}

impl<'a> Codes<'a> {
    /// Starts the stream of an image of `len` pixels whose indices hold in
    /// `min` bits (2 to 8): its minimum code size, then a clear code.
    pub fn start(out: &'a mut Vec<u8>, min: u8, len: usize) -> Self {
        out.push(min);
        let clear_code = 1u16 << min;
        let first_size = u32::from(min) + 1;
        let mut bits = Bits {
            out,
            buffer: 0,
            count: 0,
        };
        bits.push(clear_code, first_size);
        Codes {
            bits,
            clear_code,
            first_size,
            size: first_size,
            free: clear_code + 2,
            full: Full::since(0),
            len,
        }
    }

    /// The codes of single indices: `0..clear_code()`.
    #[inline]
    pub fn clear_code(&self) -> u16 {
        self.clear_code
    }

    /// Writes `code`, the string that ended before pixel `at`. True when the
    /// dictionary wore out and a clear code followed: the caller empties
    /// its dictionary and gives the next string no code.
    #[inline]
    pub fn write(&mut self, code: u16, at: usize) -> bool {
        self.bits.push(code, self.size);
        if !self
            .full
            .worn(at, self.len, self.size, self.free > LAST_CODE)
        {
            return false;
        }
        self.bits.push(self.clear_code, self.size);
        (self.size, self.free) = (self.first_size, self.clear_code + 2);
        self.full = Full::since(at);
        true
    }

    /// The code of a new string, `None` while the dictionary is full.
    #[inline]
    pub fn grow(&mut self) -> Option<u16> {
        if self.free > LAST_CODE {
            return None;
        }
        if u32::from(self.free) == 1 << self.size {
            self.size += 1;
        }
        self.free += 1;
        Some(self.free - 1)
    }

    /// Writes `last`, the string that ends the image, and the end code.
    pub fn finish(mut self, last: Option<u16>) {
        if let Some(last) = last {
            self.bits.push(last, self.size);
            if u32::from(self.free) == 1 << self.size && self.size < CODE_BITS {
                self.size += 1;
            }
        }
        self.bits.push(self.clear_code + 1, self.size);
        self.bits.finish();
    }
}
