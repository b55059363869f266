//! PNG output: one still, or one file per frame, encoded on a thread of its
//! own (within a budget of two threads or more) a few frames behind.

use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;

use super::FramePattern;
use super::{encoding_thread, straight_rgba, AtomicFile, Finished, Sink};
use crate::error::Error;
use crate::frame::Frame;

/// Frames handed to the encoder and not yet written: enough to keep it
/// busy, few enough that memory holds only a few frames.
const IN_FLIGHT: usize = 4;

/// A frame to encode, the file it goes to, and its number.
type Job = (u32, AtomicFile, Arc<Frame>);

enum Target {
    Single(Option<AtomicFile>),
    Numbered {
        pattern: FramePattern,
        next: u32,
        /// The encoding thread and where it takes its jobs; `None` on a
        /// budget of one thread, which encodes as it is handed frames.
        encoder: Option<(Sender<Job>, JoinHandle<()>)>,
        /// How the files being encoded turned out, by frame.
        done: Sender<(u32, Result<(), Error>)>,
        finished: Receiver<(u32, Result<(), Error>)>,
        in_flight: usize,
        /// The frames put in place so far.
        written: Vec<u32>,
        /// The first file that failed, if any.
        failed: Option<Error>,
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

    /// One PNG per frame, encoded on a thread of its own when `threads` is
    /// more than one; the folder is made if missing.
    pub fn numbered(pattern: &FramePattern, threads: usize) -> Result<Self, Error> {
        let dir = pattern.dir();
        if !dir.as_os_str().is_empty() {
            std::fs::create_dir_all(&dir).map_err(|source| Error::Write {
                path: dir.clone(),
                source,
            })?;
        }
        let (done, finished) = channel();
        let encoder = if threads > 1 {
            let (jobs, queue) = channel::<Job>();
            let done = done.clone();
            let thread = encoding_thread(move || {
                let mut rgba = Vec::new();
                for (frame_number, file, frame) in queue {
                    // Every job sent is answered, even by a panic, so that
                    // the sink's wait for it ends.
                    let written = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        write_file(file, &frame, &mut rgba)
                    }))
                    .unwrap_or_else(|_| Err(Error::Panic("the PNG encoder panicked".into())));
                    // Only fails once the sink is gone, which waits for this.
                    let _ = done.send((frame_number, written));
                }
            })?;
            Some((jobs, thread))
        } else {
            None
        };
        Ok(PngSink {
            target: Target::Numbered {
                pattern: pattern.clone(),
                next: 0,
                encoder,
                done,
                finished,
                in_flight: 0,
                written: Vec::new(),
                failed: None,
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
                encoder,
                done,
                in_flight,
                ..
            } => {
                let frame_number = *next;
                let path: PathBuf = pattern.path(frame_number);
                *next += 1;
                let file = AtomicFile::create(&path)?;
                *in_flight += 1;
                match encoder {
                    Some((jobs, _)) => {
                        jobs.send((frame_number, file, Arc::clone(frame)))
                            .map_err(|_| Error::Panic("the PNG encoder stopped".into()))?;
                        if *in_flight < IN_FLIGHT {
                            return Ok(());
                        }
                    }
                    None => {
                        let written = write_file(file, frame, &mut self.rgba);
                        let _ = done.send((frame_number, written));
                    }
                }
                self.wait(1)
            }
        }
    }

    fn finish(mut self: Box<Self>) -> Result<Finished, Error> {
        self.drain().map(|()| Finished::default())
    }
}

impl PngSink {
    /// Waits for `count` of the files in flight. After a failure it waits
    /// for every one, so that none is left under its temporary name, and
    /// the error says which frames were written.
    fn wait(&mut self, count: usize) -> Result<(), Error> {
        let Target::Numbered {
            pattern,
            finished,
            in_flight,
            written,
            failed,
            ..
        } = &mut self.target
        else {
            return Ok(());
        };
        let mut left = count;
        while left > 0 || (failed.is_some() && *in_flight > 0) {
            let (frame, result) = finished.recv().expect("every file sent is written");
            *in_flight -= 1;
            left = left.saturating_sub(1);
            match result {
                Ok(()) => written.push(frame),
                Err(error) => {
                    failed.get_or_insert(error);
                }
            }
        }
        match failed.take() {
            Some(error) => Err(Error::FramesStopped {
                written: written_frames(pattern, written),
                error: Box::new(error),
            }),
            None => Ok(()),
        }
    }

    /// Waits for the files still being written; the first error, if any.
    fn drain(&mut self) -> Result<(), Error> {
        match &self.target {
            Target::Single(_) => Ok(()),
            Target::Numbered { in_flight, .. } => self.wait(*in_flight),
        }
    }
}

/// The frames of `written` as a line says them: `frames 0 to 4 (f/0000.png
/// to f/0004.png) were written`, or `no frame was written`.
fn written_frames(pattern: &FramePattern, written: &mut [u32]) -> String {
    written.sort_unstable();
    let ranges = written.chunk_by(|a, b| b - a == 1);
    let said: Vec<String> = ranges
        .map(|run| match run {
            [one] => format!("{one} ({})", pattern.path(*one).display()),
            [first, .., last] => format!(
                "{first} to {last} ({} to {})",
                pattern.path(*first).display(),
                pattern.path(*last).display()
            ),
            [] => unreachable!("chunks are never empty"),
        })
        .collect();
    match written.len() {
        0 => "no frame was written".into(),
        1 => format!("frame {} was written", said.join(", ")),
        _ => format!("frames {} were written", said.join(", ")),
    }
}

impl Drop for PngSink {
    /// A render that stopped early still waits for the files in flight, so
    /// that none is left half-written under its temporary name.
    fn drop(&mut self) {
        let _ = self.drain();
        if let Target::Numbered { encoder, .. } = &mut self.target {
            if let Some((jobs, thread)) = encoder.take() {
                drop(jobs);
                let _ = thread.join();
            }
        }
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
