//! What the examples share: their seeded random numbers, and writing a GIF
//! with a line that says what was written.

use std::time::Instant;

use whalegen::{render, Frames, Plan, RenderOptions, Silent, Source};

/// SplitMix64: the same seed gives the same picture on every machine.
#[derive(Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in [lo, hi), from the top 53 bits.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit
    }
}

/// Renders `frames` frames of `source` to the GIF `output` (its folder made
/// if missing), after stepping `warm_up` frames, and says what it wrote.
pub fn write_gif(
    source: impl Source + 'static,
    output: &str,
    frames: u32,
    warm_up: u32,
) -> Result<(), Box<dyn std::error::Error>> {
    if let Some(dir) = std::path::Path::new(output).parent() {
        std::fs::create_dir_all(dir)?;
    }
    let options = RenderOptions {
        output: Some(output.into()),
        frames: Frames::Count(frames),
        start: warm_up,
        ..RenderOptions::default()
    };
    let started = Instant::now();
    let rendered = render(Plan::new(Box::new(source), &options)?, &mut Silent)?;
    let bytes = std::fs::metadata(output)?.len();
    let (width, height) = rendered.size;
    println!(
        "wrote {output}: {} frames of {width} x {height}, {bytes} bytes, in {:.2} s",
        rendered.frames,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
