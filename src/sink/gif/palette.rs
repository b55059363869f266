//! The global palette. It is built from preview frames: their colours exactly
//! when there are at most 255 of them, else 255 colours fitted to them by Wu's
//! method in Oklab. A colour first met later takes a free entry while one is
//! left, so an animation of at most 255 colours is always exact, and otherwise
//! maps to its nearest entry in Oklab.

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, OnceLock};

use quantette::color_space::{oklab_to_srgb8, srgb8_to_oklab};
use quantette::deps::palette::{Oklab, Srgb};
use quantette::wu::{BinnerF32x3, WuF32x3};
use quantette::{PaletteCounts, PaletteSize};
use rustc_hash::FxHashMap;

use crate::p5::raster::damage::{covered, Damage};

/// The palette index kept for transparent pixels: the last of 256.
pub const TRANSPARENT: u8 = 255;
/// Entries for colours: all but the transparent one.
const SLOTS: usize = TRANSPARENT as usize;
/// In a table entry: the colour is in the palette as it is.
const EXACT: u16 = 0x100;

/// A colour packed as `r | g << 8 | b << 16`.
pub type Rgb = u32;

/// The colour of a premultiplied RGBA pixel over black, which is what a GIF
/// can show of it.
#[inline]
pub fn rgb(pixel: [u8; 4]) -> Rgb {
    u32::from_le_bytes([pixel[0], pixel[1], pixel[2], 0])
}

pub fn unpack(c: Rgb) -> [u8; 3] {
    let [r, g, b, _] = c.to_le_bytes();
    [r, g, b]
}

fn oklab(c: Rgb) -> [f32; 3] {
    let [r, g, b] = unpack(c);
    let o = srgb8_to_oklab(&[Srgb::new(r, g, b)])[0];
    [o.l, o.a, o.b]
}

/// How often each colour appears in the preview frames.
#[derive(Default)]
pub struct ColourCounts(FxHashMap<Rgb, u64>);

impl ColourCounts {
    /// Counts premultiplied RGBA `pixels`, rows of `width`: one by one
    /// inside the boxes of `damage`, at once for the flat colour outside.
    pub fn add(&mut self, pixels: &[[u8; 4]], width: usize, damage: &Damage) {
        let Some(flat) = damage.flat() else {
            return self.add_runs(pixels);
        };
        let mut outside = 0;
        let rows = covered(damage.boxes(), pixels.len() / width);
        for (row, ranges) in pixels.chunks_exact(width).zip(rows) {
            outside += width;
            for range in ranges {
                outside -= range.len();
                self.add_runs(&row[range]);
            }
        }
        *self.0.entry(rgb(flat)).or_default() += outside as u64;
    }

    fn add_runs(&mut self, pixels: &[[u8; 4]]) {
        // Backgrounds come in long runs: count a run with one hash look-up.
        for run in pixels.chunk_by(|a, b| rgb(*a) == rgb(*b)) {
            *self.0.entry(rgb(run[0])).or_default() += run.len() as u64;
        }
    }
}

/// Colours per page of the table.
const PAGE_BITS: u32 = 12;

/// Where each colour met so far maps. Per 24-bit colour: 0 when not met
/// yet, else `index + 1`, with `EXACT` set when the entry is the colour
/// itself. Pages are made when first written, so colours never met cost no
/// memory. Frames are mapped on other threads while later frames' colours
/// are admitted: an entry is written once, before any frame with its
/// colour is handed to a mapping thread, so relaxed atomics suffice.
pub struct Table {
    pages: Box<[OnceLock<Box<[AtomicU16; 1 << PAGE_BITS]>>]>,
}

impl Table {
    fn new() -> Self {
        Table {
            pages: (0..1 << (24 - PAGE_BITS))
                .map(|_| OnceLock::new())
                .collect(),
        }
    }

    /// The page of `c` and its place in the page.
    #[inline]
    fn locate(c: Rgb) -> (usize, usize) {
        let page = (c >> PAGE_BITS) as usize;
        (page, c as usize - (page << PAGE_BITS))
    }

    #[inline]
    fn entry(&self, c: Rgb) -> u16 {
        let (page, at) = Self::locate(c);
        self.pages[page]
            .get()
            .map_or(0, |page| page[at].load(Ordering::Relaxed))
    }

    fn set(&self, c: Rgb, entry: u16) {
        let (page, at) = Self::locate(c);
        let page = self.pages[page]
            .get_or_init(|| Box::new([const { AtomicU16::new(0) }; 1 << PAGE_BITS]));
        page[at].store(entry, Ordering::Relaxed);
    }

    /// Where `c` maps, once it has been admitted; `None` before.
    #[inline]
    pub fn get(&self, c: Rgb) -> Option<u8> {
        match self.entry(c) {
            0 => None,
            e => Some(((e & 0xff) - 1) as u8),
        }
    }
}

/// The palette, and where each colour met so far maps.
pub struct Palette {
    colours: Vec<Rgb>,
    oklab: Vec<[f32; 3]>,
    table: Arc<Table>,
}

impl Palette {
    pub fn new(counts: &ColourCounts) -> Palette {
        let mut palette = Palette {
            colours: Vec::with_capacity(SLOTS),
            oklab: Vec::with_capacity(SLOTS),
            table: Arc::new(Table::new()),
        };
        let mut seen: Vec<(Rgb, u64)> = counts.0.iter().map(|(&c, &n)| (c, n)).collect();
        // Most frequent first, so that entries do not depend on hash order.
        seen.sort_unstable_by_key(|&(c, n)| (std::cmp::Reverse(n), c));
        if seen.len() <= SLOTS {
            seen.iter().for_each(|&(c, _)| palette.push(c));
        } else {
            wu(&seen).into_iter().for_each(|c| palette.push(c));
            // Past the palette's slots, each maps to its nearest entry on
            // this thread: the whale's 4,400 such searches take 15 ms of
            // its 1.5 s render.
            seen.iter().for_each(|&(c, _)| palette.admit(c));
        }
        palette
    }

    fn push(&mut self, c: Rgb) {
        if !self.is_exact(c) {
            self.table.set(c, (self.colours.len() as u16 + 1) | EXACT);
            self.colours.push(c);
            self.oklab.push(oklab(c));
        }
    }

    /// Where `c` maps, once it has been admitted; `None` before.
    #[inline]
    pub fn get(&self, c: Rgb) -> Option<u8> {
        self.table.get(c)
    }

    /// Where colours map, to share with the threads that map frames.
    pub fn table(&self) -> Arc<Table> {
        Arc::clone(&self.table)
    }

    /// Whether `c` is in the palette as it is.
    #[inline]
    pub fn is_exact(&self, c: Rgb) -> bool {
        self.table.entry(c) & EXACT != 0
    }

    /// Gives `c` an entry of its own while one is free, else maps it to the
    /// nearest entry. Admitting in a fixed order gives the same file each run.
    pub fn admit(&mut self, c: Rgb) {
        if self.table.entry(c) != 0 {
            return;
        }
        if self.colours.len() < SLOTS {
            self.push(c);
        } else {
            self.table.set(c, u16::from(self.nearest(c)) + 1);
        }
    }

    /// The entry nearest to `c` in Oklab.
    pub fn nearest(&self, c: Rgb) -> u8 {
        let o = oklab(c);
        let distance = |p: &[f32; 3]| (0..3).map(|i| (p[i] - o[i]) * (p[i] - o[i])).sum::<f32>();
        self.oklab
            .iter()
            .enumerate()
            .min_by(|(_, p), (_, q)| distance(p).total_cmp(&distance(q)))
            .map_or(0, |(i, _)| i as u8)
    }

    pub fn colour(&self, index: u8) -> [u8; 3] {
        unpack(self.colours[usize::from(index)])
    }

    /// The colours by index, unused entries black.
    pub fn colours(&self) -> [[u8; 3]; 256] {
        let mut colours = [[0; 3]; 256];
        for (slot, &c) in colours.iter_mut().zip(&self.colours) {
            *slot = unpack(c);
        }
        colours
    }

    /// The 256-entry colour table of the file; unused entries are black.
    pub fn table_bytes(&self) -> Vec<u8> {
        self.colours().concat()
    }
}

/// 255 colours for `seen` by Wu's method in Oklab, on a histogram fitted to
/// the colours' bounding box: these scenes sit on a few thin lines of colour
/// space, which the default fixed grid resolves into a few dozen colours only.
/// 128 x 16 x 16 bins: on the whale as good as 128 x 32 x 32 (76.9 dB, the
/// same size to 0.01 %) and 4 times fewer, which took Wu from 13 to 1-3 ms.
fn wu(seen: &[(Rgb, u64)]) -> Vec<Rgb> {
    let srgb: Vec<Srgb<u8>> = seen
        .iter()
        .map(|&(c, _)| {
            let [r, g, b] = unpack(c);
            Srgb::new(r, g, b)
        })
        .collect();
    let lab = srgb8_to_oklab(&srgb);
    let total: u64 = seen.iter().map(|&(_, n)| n).sum();
    // Wu's counts are u32: scale down the counts of very long previews.
    let shift = (64 - total.leading_zeros()).saturating_sub(31);
    let counts = seen.iter().map(|&(_, n)| (n >> shift).max(1) as u32);
    let mut ranges = [(f32::MAX, f32::MIN); 3];
    for o in &lab {
        for (range, v) in ranges.iter_mut().zip([o.l, o.a, o.b]) {
            *range = (range.0.min(v), range.1.max(v));
        }
    }
    let ranges = ranges.map(|(lo, hi)| (lo, hi + 1e-4 + 1e-3 * (hi - lo)));
    let counts = PaletteCounts::<Oklab>::new(lab, counts.collect()).expect("counts fit in u32");
    let binner = BinnerF32x3::<128, 16, 16>::new(ranges);
    let fitted = WuF32x3::run_palette_counts(&counts, binner)
        .expect("more than 255 colours")
        .palette(PaletteSize::from_u8_clamped(TRANSPARENT));
    oklab_to_srgb8(&fitted)
        .into_iter()
        .map(|c| u32::from_le_bytes([c.red, c.green, c.blue, 0]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(colours: impl IntoIterator<Item = Rgb>) -> ColourCounts {
        let mut counts = ColourCounts::default();
        let pixels: Vec<[u8; 4]> = colours.into_iter().map(|c| c.to_le_bytes()).collect();
        counts.add_runs(&pixels);
        counts
    }

    /// Counting only inside the drawn boxes, and the flat colour at once,
    /// gives the counts of every pixel one by one: stars (some overlapping,
    /// some cut by the edge) and a shape over a background.
    #[test]
    fn counts_inside_the_boxes_equal_counts_of_every_pixel() {
        use crate::p5::{Rgba, ShapeEnd, P5};
        let mut p5 = P5::new(60, 40, 1.0).unwrap();
        p5.background(Rgba::new(8, 18, 38, 255));
        p5.no_stroke();
        p5.fill(Rgba::new(255, 255, 255, 220));
        for (x, y, d) in [
            (3.3, 4.1, 3.0),
            (4.2, 5.0, 2.5),
            (59.5, 20.2, 4.0),
            (30.0, 0.4, 2.0),
        ] {
            p5.circle(x, y, d);
        }
        p5.fill(Rgba::new(120, 130, 150, 255));
        p5.begin_shape();
        for (x, y) in [(10.0, 12.5), (40.3, 15.0), (35.0, 33.7), (12.0, 30.0)] {
            p5.vertex(x, y);
        }
        p5.end_shape(ShapeEnd::Close);
        let pixels: &[[u8; 4]] = bytemuck::cast_slice(p5.pixmap().data());
        assert!(p5.drawing().damage().boxes().len() > 1);
        let (mut boxed, mut all) = (ColourCounts::default(), ColourCounts::default());
        boxed.add(pixels, 60, p5.drawing().damage());
        all.add_runs(pixels);
        assert_eq!(boxed.0, all.0);
    }

    #[test]
    fn few_colours_are_kept_exactly_and_late_ones_take_free_entries() {
        let mut palette = Palette::new(&counts([7, 7, 9, 0x00ff_ffff]));
        assert_eq!(palette.get(7), Some(0));
        assert!(palette.is_exact(0x00ff_ffff) && palette.get(42).is_none());
        palette.admit(42);
        assert!(palette.is_exact(42));
        assert_eq!(palette.colour(palette.get(42).unwrap()), [42, 0, 0]);
    }

    #[test]
    fn many_colours_are_fitted_and_every_one_maps_close() {
        // A navy-to-white ramp of 1000 colours, like the whale's.
        let ramp = |i: u32| {
            let t = |from: u32| from + (255 - from) * i / 999;
            t(12) | t(20) << 8 | t(40) << 16
        };
        let palette = Palette::new(&counts((0..1000).map(ramp)));
        for i in 0..1000 {
            let c = ramp(i);
            let got = palette.colour(palette.get(c).unwrap());
            let err = (0..3).map(|k| got[k].abs_diff(unpack(c)[k])).max().unwrap();
            assert!(err <= 2, "{:?} -> {got:?}", unpack(c));
        }
        let mut full = palette;
        full.admit(0x0000_ff00);
        assert!(!full.is_exact(0x0000_ff00));
    }
}
