//! Animated PNG output, streamed: each frame is compressed and written as it
//! comes, so memory holds one frame.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::png::encoder;
use super::{frame_delays, straight_rgba, AtomicFile, Finished, Sink};
use crate::error::Error;
use crate::frame::Frame;

pub struct ApngSink {
    writer: png::Writer<BufWriter<File>>,
    file: AtomicFile,
    fps: f64,
    written: u32,
    rgba: Vec<u8>,
}

impl ApngSink {
    /// An APNG of exactly `frames` frames (APNG states the count up front),
    /// played `loops` times, 0 for ever.
    pub fn create(
        path: &Path,
        (width, height): (u32, u32),
        fps: f64,
        frames: u32,
        loops: u32,
    ) -> Result<Self, Error> {
        let file = AtomicFile::create(path)?;
        let mut encoder = encoder(BufWriter::new(file.handle()?), width, height);
        let png_error = png_error(path);
        encoder.set_animated(frames, loops).map_err(&png_error)?;
        // Each frame replaces the last one whole, transparent pixels included.
        encoder
            .set_blend_op(png::BlendOp::Source)
            .map_err(&png_error)?;
        let writer = encoder.write_header().map_err(&png_error)?;
        Ok(ApngSink {
            writer,
            file,
            fps,
            written: 0,
            rgba: Vec::new(),
        })
    }
}

impl Sink for ApngSink {
    fn encodes(&self) -> bool {
        true
    }

    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        let png_error = png_error(self.file.path());
        let (num, den) = delay(self.fps, self.written);
        self.writer.set_frame_delay(num, den).map_err(&png_error)?;
        let rgba = straight_rgba(frame, &mut self.rgba);
        self.writer.write_image_data(rgba).map_err(&png_error)?;
        self.written += 1;
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<Finished, Error> {
        let ApngSink { writer, file, .. } = *self;
        writer.finish().map_err(png_error(file.path()))?;
        file.commit()?;
        Ok(Finished::default())
    }
}

fn png_error(path: &Path) -> impl Fn(png::EncodingError) -> Error {
    let path: PathBuf = path.to_path_buf();
    move |source| Error::Png {
        path: path.clone(),
        source,
    }
}

/// The delay of frame `index`, as a fraction of a second. A whole number of
/// frames per second gives exactly 1/fps to every frame, which cannot drift
/// and is smoother than any rounding; another rate (29.97) takes the GIF's
/// centiseconds, accumulated so that they do not drift either.
fn delay(fps: f64, index: u32) -> (u16, u16) {
    match u16::try_from(fps as u64) {
        Ok(whole) if fps.fract() == 0.0 && whole > 0 => (1, whole),
        _ => (frame_delays(fps, index), 100),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_are_exact_for_whole_rates_and_never_drift() {
        assert_eq!(delay(30.0, 7), (1, 30));
        let cs: Vec<(u16, u16)> = (0..3).map(|i| delay(7.5, i)).collect();
        assert_eq!(cs, [(13, 100), (13, 100), (14, 100)]);
    }
}
