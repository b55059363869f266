//! Where frames go: one file per output format. Every file is written to a
//! temporary name beside its target and renamed into place when complete.

mod apng;
mod atomic;
mod gif;
mod output;
mod png;
mod sheet;
mod table;
mod video;
mod writer;

pub use self::gif::{frame_delays, Dither, GifOptions};
pub use atomic::{committed, remove_temp_files, AtomicFile};
pub use output::{is_one_png, Codec, Format, FramePattern, Grid, Output, OutputFlags};
pub(crate) use table::{outputs, spec, OutputSpec};
pub use writer::FrameSink;
pub(crate) use writer::{Consumer, WriterSink};

use std::sync::Arc;
use std::thread::JoinHandle;

use tiny_skia::Pixmap;

use crate::error::Error;
use crate::frame::Frame;
use crate::p5::Drawing;

/// Receives the frames of one render, in order. One lifecycle for every
/// output: `finish` commits it; dropping the sink before then abandons it,
/// and nothing, not even part of a file, is left at its path.
pub trait Sink {
    /// Every how many frames the sink wants to see the animation once before
    /// its frames proper (a palette needs the colours first); `None`, the
    /// default, for no preview.
    fn preview_every(&self) -> Option<u32> {
        None
    }
    /// One frame of the preview: every `preview_every`-th and the last, in
    /// order.
    fn preview(&mut self, _frame: &Drawing) {}
    /// Whether encoding the frames keeps a core busy beside the drawing (a
    /// GIF's writer and compressors, PNG encoders, ffmpeg); the render then
    /// draws on one thread fewer than its budget, so that drawing and
    /// encoding together fit it. Default: `false`.
    fn encodes(&self) -> bool {
        false
    }
    /// A sink that needs the frame after it returns keeps the `Arc`.
    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error>;
    /// Completes the output; until then nothing is at the target path.
    fn finish(self: Box<Self>) -> Result<Finished, Error>;
}

/// The name of the thread that encodes a GIF or PNG frames beside the
/// drawing ones, on a budget of two threads or more, as
/// /proc/PID/task/*/comm shows it.
pub const ENCODING_THREAD: &str = "whalegen-encode";

/// Runs `work` on an encoding thread.
fn encoding_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<JoinHandle<T>, Error> {
    std::thread::Builder::new()
        .name(ENCODING_THREAD.into())
        .spawn(work)
        .map_err(|err| Error::Threads {
            threads: 1,
            reason: err.to_string(),
        })
}

/// What a finished output chose on its own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Finished {
    /// The quality, from 1 to 100, of a GIF written within a byte budget
    /// (`--max-size`); `None` for any other output.
    pub quality: Option<u8>,
}

/// Opens the sink for `output`, which encodes within a budget of `threads`
/// threads (the one that hands it frames among them). Fails before any
/// rendering when the output cannot be written.
pub fn open(
    output: &Output,
    (width, height): (u32, u32),
    fps: f64,
    gif: GifOptions,
    threads: usize,
) -> Result<Box<dyn Sink>, Error> {
    Ok(match output {
        Output::Gif(path) => Box::new(gif::GifSink::create(
            path, width, height, fps, gif, threads,
        )?),
        Output::Png(path) => Box::new(png::PngSink::single(path)?),
        Output::Frames(pattern) => Box::new(png::PngSink::numbered(pattern, threads)?),
        Output::Apng {
            path,
            frames,
            loops,
        } => Box::new(apng::ApngSink::create(
            path,
            (width, height),
            fps,
            *frames,
            *loops,
        )?),
        Output::Sheet { path, grid } => {
            Box::new(sheet::SheetSink::create(path, *grid, (width, height))?)
        }
        Output::Discard => Box::new(Discard),
        Output::Video { path, codec } => Box::new(video::VideoSink::create(
            path,
            *codec,
            (width, height),
            fps,
        )?),
    })
}

/// Straight (not premultiplied) RGBA bytes of `pixmap`: its own bytes when
/// it is opaque, the usual frame; else demultiplied into `out`, as a
/// browser's `getImageData` demultiplies (see `p5::straight`).
pub fn straight_rgba<'a>(pixmap: &'a Pixmap, out: &'a mut Vec<u8>) -> &'a [u8] {
    if pixmap.pixels().iter().all(|p| p.alpha() == 255) {
        return pixmap.data();
    }
    out.clear();
    out.reserve(pixmap.data().len());
    for &p in pixmap.pixels() {
        out.extend_from_slice(&crate::p5::images::pixels::straight(p));
    }
    out
}

/// Drops every frame (`--dry-run`).
struct Discard;

impl Sink for Discard {
    fn write(&mut self, _frame: &Arc<Frame>) -> Result<(), Error> {
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<Finished, Error> {
        Ok(Finished::default())
    }
}
