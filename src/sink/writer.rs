//! An output encoded into a writer of the caller's (a `Vec<u8>`, a socket)
//! instead of its file, and the frames handed to a [`FrameSink`] of the
//! caller's.
//!
//! The writer gets the output's bytes once it is complete: a GIF's colour
//! table is written after its last frame (the encoder seeks back), so the
//! encoders write into a private temporary folder as they do for a file,
//! and `finish` copies the file into the writer. Nothing of a render that
//! fails reaches the writer.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use tempfile::TempDir;

use super::{Finished, GifOptions, Output, Sink};
use crate::error::Error;
use crate::frame::Frame;
use crate::p5::Drawing;

/// Takes the frames of a render, in order, as they are drawn: the seam for
/// an output of your own (see [`render_frames`](crate::render_frames)).
pub trait FrameSink {
    /// One frame, the next in order. An error stops the render.
    fn frame(&mut self, frame: &Frame) -> Result<(), Error>;
}

/// The output of `output` encoded into `writer` (see the module's notes).
pub(crate) struct WriterSink<'a> {
    encoder: Box<dyn Sink>,
    file: PathBuf,
    writer: &'a mut dyn Write,
    // Removed, with the file, when the sink is dropped.
    _folder: TempDir,
}

impl<'a> WriterSink<'a> {
    /// Opens the encoder of `output` on a file in a temporary folder; an
    /// output that is not one file (numbered frames, a video, none) is
    /// refused.
    pub(crate) fn open(
        output: &Output,
        raster: (u32, u32),
        fps: f64,
        gif: GifOptions,
        threads: usize,
        writer: &'a mut dyn Write,
    ) -> Result<Self, Error> {
        let refuse = |path: PathBuf, reason: &str| Error::Output {
            path,
            reason: reason.into(),
        };
        let folder = tempfile::tempdir().map_err(|source| Error::Write {
            path: std::env::temp_dir(),
            source,
        })?;
        let inside = |path: &PathBuf| folder.path().join(path.file_name().unwrap_or_default());
        let (file, output) = match output {
            Output::Gif(path) => (inside(path), Output::Gif(inside(path))),
            Output::Png(path) => (inside(path), Output::Png(inside(path))),
            Output::Apng {
                path,
                frames,
                loops,
            } => (
                inside(path),
                Output::Apng {
                    path: inside(path),
                    frames: *frames,
                    loops: *loops,
                },
            ),
            Output::Sheet { path, grid } => (
                inside(path),
                Output::Sheet {
                    path: inside(path),
                    grid: *grid,
                },
            ),
            Output::Frames(pattern) => {
                return Err(refuse(
                    pattern.path(0),
                    "a writer takes one file: a .gif, a .png or a .apng",
                ))
            }
            Output::Video { path, .. } => {
                return Err(refuse(
                    path.clone(),
                    "a writer takes a .gif, a .png or a .apng, not a video",
                ))
            }
            Output::Discard => {
                return Err(refuse(PathBuf::new(), "a writer takes an output, not none"))
            }
        };
        Ok(WriterSink {
            encoder: super::open(&output, raster, fps, gif, threads)?,
            file,
            writer,
            _folder: folder,
        })
    }
}

impl Sink for WriterSink<'_> {
    fn preview_every(&self) -> Option<u32> {
        self.encoder.preview_every()
    }

    fn preview(&mut self, frame: &Drawing) {
        self.encoder.preview(frame);
    }

    fn encodes(&self) -> bool {
        self.encoder.encodes()
    }

    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        self.encoder.write(frame)
    }

    fn finish(self: Box<Self>) -> Result<Finished, Error> {
        let WriterSink {
            encoder,
            file,
            writer,
            _folder,
        } = *self;
        let finished = encoder.finish()?;
        let copied = std::fs::File::open(&file)
            .and_then(|mut encoded| std::io::copy(&mut encoded, writer))
            .and_then(|_| writer.flush());
        copied.map_err(|source| Error::Write { path: file, source })?;
        Ok(finished)
    }
}

/// A [`FrameSink`] as a render's sink.
pub(crate) struct Consumer<'a>(pub(crate) &'a mut dyn FrameSink);

impl Sink for Consumer<'_> {
    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        self.0.frame(frame)
    }

    fn finish(self: Box<Self>) -> Result<Finished, Error> {
        Ok(Finished::default())
    }
}
