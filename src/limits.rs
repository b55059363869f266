//! The limits every render obeys, whatever asks for it: a flag, a preset, a
//! batch file or a sketch.

/// The longest side of a canvas or an output, in pixels: GIF stores sizes
/// as 16-bit numbers.
pub const MAX_SIDE: u32 = 65_535;
/// The most pixels in one frame or contact sheet, so that a typo cannot ask
/// for 100 GB.
pub const MAX_PIXELS: u64 = 100_000_000;
/// The most frames a render simulates (`--start` and `--frames` together).
pub const MAX_FRAMES: u32 = 1_000_000;
/// The highest frame rate: GIF delays are in centiseconds, and above 100 fps
/// a frame would last 0.
pub const MAX_FPS: f64 = 100.0;
/// The lowest frame rate: a GIF frame lasts at most 655.35 s.
pub const MIN_FPS: f64 = 100.0 / 65_535.0;
/// The highest frame rate browsers honour in a GIF.
pub const GIF_FPS_HONOURED: f64 = 50.0;
/// The highest pixel density (`--scale`).
pub const MAX_SCALE: u32 = 64;
