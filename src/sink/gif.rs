//! Animated GIF output.

use std::path::Path;

use gif::{Encoder, Frame, Repeat};
use rayon::prelude::*;
use tiny_skia::Pixmap;

use super::{straight_rgba, AtomicFile, Sink};
use crate::error::Error;

/// Frames quantised together, in parallel; memory holds this many frames.
const BATCH: usize = 16;

pub struct GifSink {
    encoder: Encoder<AtomicFile>,
    width: u16,
    height: u16,
    fps: f64,
    written: u32,
    batch: Vec<Vec<u8>>,
}

impl GifSink {
    pub fn create(path: &Path, width: u32, height: u32, fps: f64) -> Result<Self, Error> {
        let size = |v: u32| u16::try_from(v).expect("the plan keeps sizes within 65535");
        let (width, height) = (size(width), size(height));
        let file = AtomicFile::create(path)?;
        let gif_error = |source| Error::Gif {
            path: path.to_path_buf(),
            source,
        };
        let mut encoder = Encoder::new(file, width, height, &[]).map_err(gif_error)?;
        encoder.set_repeat(Repeat::Infinite).map_err(gif_error)?;
        Ok(GifSink {
            encoder,
            width,
            height,
            fps,
            written: 0,
            batch: Vec::with_capacity(BATCH),
        })
    }

    fn flush_batch(&mut self) -> Result<(), Error> {
        let (w, h) = (self.width, self.height);
        let frames: Vec<Frame<'static>> = self
            .batch
            .par_iter_mut()
            .map(|rgba| Frame::from_rgba_speed(w, h, rgba, 10))
            .collect();
        let path = self.encoder.get_ref().path().to_path_buf();
        for mut frame in frames {
            frame.delay = frame_delays(self.fps, self.written);
            self.written += 1;
            self.encoder
                .write_frame(&frame)
                .map_err(|source| Error::Gif {
                    path: path.clone(),
                    source,
                })?;
        }
        self.batch.clear();
        Ok(())
    }
}

impl Sink for GifSink {
    fn write(&mut self, frame: &Pixmap) -> Result<(), Error> {
        let mut rgba = Vec::new();
        straight_rgba(frame, &mut rgba);
        self.batch.push(rgba);
        if self.batch.len() == BATCH {
            self.flush_batch()?;
        }
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<(), Error> {
        self.flush_batch()?;
        let path = self.encoder.get_ref().path().to_path_buf();
        let file = self
            .encoder
            .into_inner()
            .map_err(|source| Error::Gif { path, source })?;
        file.commit()
    }
}

/// The delay of frame `index` in centiseconds, from the accumulated time so
/// that the animation does not drift: 30 fps gives 3, 3, 4, 3, 3, 4, ...
pub fn frame_delays(fps: f64, index: u32) -> u16 {
    let at = |i: u32| (f64::from(i) * 100.0 / fps + 1e-9).floor();
    (at(index + 1) - at(index)).clamp(0.0, f64::from(u16::MAX)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_accumulate_without_drift() {
        let delays: Vec<u16> = (0..6).map(|i| frame_delays(30.0, i)).collect();
        assert_eq!(delays, [3, 3, 4, 3, 3, 4]);
        let total: u32 = (0..300).map(|i| u32::from(frame_delays(30.0, i))).sum();
        assert_eq!(total, 1000);
        assert_eq!(frame_delays(25.0, 7), 4);
    }
}
