//! PNG output: one still, or one file per frame, encoded on the thread pool
//! a few at a time.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;

use super::FramePattern;
use super::{straight_rgba, AtomicFile, Finished, Sink};
use crate::error::Error;
use crate::frame::Frame;

/// Frames being encoded at once: enough to keep every core busy, few
/// enough that memory holds only a few frames.
const IN_FLIGHT: usize = 4;

enum Target {
    Single(Option<AtomicFile>),
    Numbered {
        pattern: FramePattern,
        next: u32,
        /// How the files being encoded on the pool turned out.
        done: Sender<Result<(), Error>>,
        finished: Receiver<Result<(), Error>>,
        in_flight: usize,
    },
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
        let (done, finished) = channel();
        Ok(PngSink {
            target: Target::Numbered {
                pattern: pattern.clone(),
                next: 0,
                done,
                finished,
                in_flight: 0,
            },
            rgba: Vec::new(),
        })
    }
}

impl Sink for PngSink {
    fn encodes(&self) -> bool {
        true
    }

    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        match &mut self.target {
            Target::Single(file) => {
                let file = file.take().expect("the plan allows one frame for a .png");
                write_file(file, frame, &mut self.rgba)
            }
            Target::Numbered {
                pattern,
                next,
                done,
                finished,
                in_flight,
            } => {
                let path: PathBuf = pattern.path(*next);
                *next += 1;
                let file = AtomicFile::create(&path)?;
                let (frame, done) = (Arc::clone(frame), done.clone());
                rayon::spawn(move || {
                    // Only fails once the render has failed already.
                    let _ = done.send(write_file(file, &frame, &mut Vec::new()));
                });
                *in_flight += 1;
                if *in_flight < IN_FLIGHT {
                    return Ok(());
                }
                *in_flight -= 1;
                finished.recv().expect("every file sent is written")
            }
        }
    }

    fn finish(mut self: Box<Self>) -> Result<Finished, Error> {
        self.drain().map(|()| Finished::default())
    }
}

impl PngSink {
    /// Waits for the files still being written; the first error, if any.
    fn drain(&mut self) -> Result<(), Error> {
        match &mut self.target {
            Target::Single(_) => Ok(()),
            Target::Numbered {
                finished,
                in_flight,
                ..
            } => finished.iter().take(std::mem::take(in_flight)).collect(),
        }
    }
}

impl Drop for PngSink {
    /// A render that stopped early still waits for the files in flight, so
    /// that none is left half-written under its temporary name.
    fn drop(&mut self) {
        let _ = self.drain();
    }
}

/// Encodes `frame` into `file` and puts the file in place.
fn write_file(mut file: AtomicFile, frame: &Frame, rgba: &mut Vec<u8>) -> Result<(), Error> {
    let rgba = straight_rgba(frame, rgba);
    encode(&mut file, frame.width(), frame.height(), rgba)?;
    file.commit()
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
