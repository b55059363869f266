//! PNG output: one still, or one file per frame.

use std::io::Write;
use std::path::{Path, PathBuf};

use std::sync::Arc;

use super::{straight_rgba, AtomicFile, Sink};
use crate::error::Error;
use crate::frame::Frame;
use crate::plan::FramePattern;

enum Target {
    Single(Option<AtomicFile>),
    Numbered { pattern: FramePattern, next: u32 },
}

pub struct PngSink {
    target: Target,
    rgba: Vec<u8>,
}

impl PngSink {
    /// One PNG at `path`; the render must be one frame long.
    pub fn single(path: &Path) -> Result<Self, Error> {
        let file = AtomicFile::create(path)?;
        Ok(PngSink {
            target: Target::Single(Some(file)),
            rgba: Vec::new(),
        })
    }

    /// One PNG per frame; the folder is made if missing.
    pub fn numbered(pattern: &FramePattern) -> Result<Self, Error> {
        let dir = pattern.dir();
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
                path: dir.clone(),
                source,
            })?;
        }
        Ok(PngSink {
            target: Target::Numbered {
                pattern: pattern.clone(),
                next: 0,
            },
            rgba: Vec::new(),
        })
    }
}

impl Sink for PngSink {
    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        straight_rgba(frame, &mut self.rgba);
        let (w, h) = (frame.width(), frame.height());
        match &mut self.target {
            Target::Single(file) => {
                let mut file = file.take().expect("the plan allows one frame for a .png");
                encode(&mut file, w, h, &self.rgba)?;
                file.commit()
            }
            Target::Numbered { pattern, next } => {
                let path: PathBuf = pattern.path(*next);
                *next += 1;
                let mut file = AtomicFile::create(&path)?;
                encode(&mut file, w, h, &self.rgba)?;
                file.commit()
            }
        }
    }

    fn finish(self: Box<Self>) -> Result<(), Error> {
        Ok(())
    }
}

/// An encoder of 8-bit RGBA images of `width` x `height` into `w`.
pub fn encoder<W: Write>(w: W, width: u32, height: u32) -> png::Encoder<'static, W> {
    let mut encoder = png::Encoder::new(w, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder
}

/// Writes one RGBA PNG to `file`.
pub fn encode(file: &mut AtomicFile, width: u32, height: u32, rgba: &[u8]) -> Result<(), Error> {
    let path = file.path().to_path_buf();
    let png_error = |source| Error::Png {
        path: path.clone(),
        source,
    };
    let encoder = encoder(&mut *file, width, height);
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer.write_image_data(rgba).map_err(png_error)?;
    writer.finish().map_err(png_error)?;
    file.flush().map_err(|source| Error::Write {
        path: path.clone(),
        source,
    })
}
