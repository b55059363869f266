//! The limits every render obeys, whatever asks for it: a flag, a preset, a
//! batch file or a sketch, and the checks that apply them.

use crate::check;
use crate::error::Error;

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
/// The lowest pixel density (`--scale`): a quarter of a pixel per unit.
pub const MIN_SCALE: f64 = 0.25;
/// The highest pixel density (`--scale`).
pub const MAX_SCALE: f64 = 64.0;
/// The most pixels a render may draw in all, frames stepped times pixels
/// per frame: a minute of 4K at 60 fps is 3e10; 1e11 keeps a typo from
/// asking for weeks of work.
pub const MAX_WORK: u64 = 100_000_000_000;

/// Refuses a render of `steps` frames of `raster` pixels (width, height)
/// past [`MAX_WORK`], naming the options that change it.
pub(crate) fn check_work(steps: u32, (width, height): (u32, u32)) -> Result<(), Error> {
    let work = u64::from(steps) * u64::from(width) * u64::from(height);
    if work > MAX_WORK {
        return Err(check::refuse(
            "frames x width x height x scale^2",
            format!("{steps} x {width} x {height} = {work} pixels"),
            format!(
                "at most {MAX_WORK} pixels in all: fewer `frames` or `start`, or a smaller \
                 `width`, `height` or `scale`"
            ),
        ));
    }
    Ok(())
}

/// Refuses a frame rate a GIF or a video can't hold.
pub(crate) fn check_fps(fps: f64) -> Result<(), Error> {
    if !(MIN_FPS..=MAX_FPS).contains(&fps) {
        return Err(check::refuse(
            "fps",
            fps,
            format!("a number from {MIN_FPS:.5} (a frame of 655.35 s, the longest a GIF holds) to {MAX_FPS}"),
        ));
    }
    Ok(())
}

/// Refuses a pixel density (`--scale`) outside [`MIN_SCALE`]..=[`MAX_SCALE`],
/// NaN included.
pub(crate) fn check_scale(scale: f64) -> Result<(), Error> {
    check::in_range("scale", scale, MIN_SCALE, MAX_SCALE)
}

/// Pixels across `units` canvas units at `scale` pixels per unit: the
/// product rounded down, as p5 sizes a canvas of fractional density.
/// `scale` is checked (see [`check_scale`]).
pub(crate) fn scaled(units: u32, scale: f64) -> u64 {
    (f64::from(units) * scale).floor() as u64
}

/// The raster, in pixels, of a canvas of `width` x `height` units at
/// `scale` (`--scale`): the canvas times `scale`, rounded down. The size
/// limits apply to it, and it must hold a pixel.
pub(crate) fn check_raster(width: u32, height: u32, scale: f64) -> Result<(u32, u32), Error> {
    check_scale(scale)?;
    let (width, height) = (scaled(width, scale), scaled(height, scale));
    let pixels = width * height;
    if pixels == 0 || width.max(height) > u64::from(MAX_SIDE) || pixels > MAX_PIXELS {
        return Err(check::refuse(
            "width x height x scale",
            format!("{width} x {height} = {pixels} pixels"),
            format!(
                "sides of at least 1 and at most {MAX_SIDE} pixels, at most {MAX_PIXELS} pixels"
            ),
        ));
    }
    Ok((width as u32, height as u32))
}

/// The most shares `whalegen batch --shard I/N` splits a batch into.
pub const MAX_SHARDS: u32 = 1000;
