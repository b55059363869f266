//! Animated GIF output: one global palette (exact when the animation has at
//! most 255 colours), then per frame only the rectangle that changed, with
//! unchanged pixels transparent. Frames are mapped and compressed in parallel
//! on a worker while the next ones render; memory holds a few frames, never
//! the animation.

mod codes;
mod frame;
mod lossy;
mod lzw;
mod palette;

use std::collections::{BTreeMap, VecDeque};
use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use ::gif::{Encoder, Repeat};

use self::frame::Picture;
use self::lossy::Tolerance;
use self::palette::{ColourCounts, Palette, Table};
use super::{AtomicFile, Finished, Sink};
use crate::error::Error;
use crate::frame::Frame;
use crate::limits::GIF_FPS_HONOURED;
use crate::p5::Drawing;

/// Frames queued and not yet written beyond which the thread that hands
/// frames in compresses the oldest waiting itself: enough to keep the
/// writer busy, few enough that memory holds only a few frames.
const IN_FLIGHT: u32 = 4;
/// The preview draws every this many frames (and the last) to build the
/// palette, a tenth of the drawing. On the whale it also looks better than
/// previewing every frame (98.6 against 84.0 dB, BENCHMARKS.md): its sampled
/// colours fit the palette exactly and the rest map to their nearest.
const PREVIEW_EVERY: u32 = 10;
/// Where the global colour table starts: after the header and the logical
/// screen descriptor.
const COLOUR_TABLE_AT: u64 = 13;

/// How colours the palette lacks are approximated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Dither {
    /// The nearest palette colour.
    #[default]
    None,
    /// An 8 x 8 Bayer pattern.
    Ordered,
    /// Floyd-Steinberg error diffusion.
    Diffusion,
}

/// The best quality: the palette's colours exactly, nothing lost but what
/// the palette itself loses.
pub const LOSSLESS: u8 = 100;

/// The qualities `max_size` tries, best first, in one pass (each encodes
/// every frame, so the work is bounded by their count): the best of them,
/// at most the quality asked for, whose file fits is kept.
pub const QUALITY_TRIES: [u8; 8] = [100, 90, 75, 60, 45, 30, 15, 1];

/// How far each step of quality below 100 lets a pixel's colour stray, as
/// a squared distance in RGB (the sum over the channels of the squared
/// difference in 8-bit levels): quality 90 allows 120 (a difference of
/// about 6 levels in each channel), quality 1 about 1,200 (20 levels).
const STRAY_PER_STEP: u32 = 12;

/// The choices a GIF offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GifOptions {
    /// How colours the palette lacks are approximated.
    pub dither: Dither,
    /// How many times the animation plays; 0 for forever.
    pub plays: u16,
    /// From 1 to 100 (lossless, the default): below 100 a pixel may be
    /// written as a nearby palette colour (within `(100 - quality) * 12`,
    /// squared RGB distance) where that continues the compressed string,
    /// as gifsicle's `--lossy` does.
    pub quality: u8,
    /// The most bytes the file may take: the best of `quality` and the
    /// lower qualities of 90, 75, 60, 45, 30, 15 and 1 whose file fits is written;
    /// the lowest is always written to its end, so that when none fits the
    /// error says its size. Default: `None`, no limit.
    pub max_size: Option<u64>,
}

impl Default for GifOptions {
    fn default() -> Self {
        GifOptions {
            dither: Dither::None,
            plays: 0,
            quality: LOSSLESS,
            max_size: None,
        }
    }
}

/// Writes one GIF: `finish` commits it; dropped before, it leaves nothing.
pub struct GifSink {
    preview: ColourCounts,
    width: usize,
    path: PathBuf,
    tries: Tries,
}

/// One encoding straight into the target, or several (qualities) into
/// temporary files, the best that fits the budget copied into it.
enum Tries {
    One(Box<Try<AtomicFile>>),
    Budget {
        target: AtomicFile,
        budget: u64,
        tries: Vec<Try<BufWriter<File>>>,
    },
}

impl GifSink {
    /// A GIF at `path`, encoded on a budget of `threads` threads, the one
    /// that hands frames in among them.
    pub fn create(
        path: &Path,
        width: u32,
        height: u32,
        fps: f64,
        options: GifOptions,
        threads: usize,
    ) -> Result<Self, Error> {
        if is_stream(path) {
            return Err(Error::Output {
                path: path.to_path_buf(),
                reason: "is a pipe: a GIF's palette is written once every frame is in, \
                         so it can't stream; write it to a file, or write .apng there"
                    .into(),
            });
        }
        let target = AtomicFile::create(path)?;
        let raster = (width, height);
        let tries = match options.max_size {
            None => {
                let one = Try::open(target, path, raster, fps, options, options.quality, threads)?;
                Tries::One(Box::new(one))
            }
            Some(budget) => {
                let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
                let lower = QUALITY_TRIES.into_iter().filter(|&q| q < options.quality);
                let qualities: Vec<u8> = std::iter::once(options.quality).chain(lower).collect();
                let lowest = qualities.len() - 1;
                let tries = qualities
                    .into_iter()
                    .enumerate()
                    .map(|(n, quality)| {
                        // The lowest quality is written to its end whatever
                        // its size, so that when nothing fits the error can
                        // say the smallest size reached.
                        let options = GifOptions {
                            max_size: options.max_size.filter(|_| n < lowest),
                            ..options
                        };
                        let file = tempfile::tempfile_in(dir.unwrap_or(Path::new("."))).map_err(
                            |source| Error::Write {
                                path: path.to_path_buf(),
                                source,
                            },
                        )?;
                        let file = BufWriter::new(file);
                        Try::open(file, path, raster, fps, options, quality, threads)
                    })
                    .collect::<Result<_, _>>()?;
                Tries::Budget {
                    target,
                    budget,
                    tries,
                }
            }
        };
        Ok(GifSink {
            preview: ColourCounts::default(),
            width: width as usize,
            path: path.to_path_buf(),
            tries,
        })
    }
}

impl Sink for GifSink {
    fn encodes(&self) -> bool {
        true
    }

    fn preview_every(&self) -> Option<u32> {
        Some(PREVIEW_EVERY)
    }

    fn preview(&mut self, frame: &Drawing) {
        let pixels = bytemuck::cast_slice(frame.pixmap().data());
        self.preview.add(pixels, self.width, frame.damage());
    }

    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        let preview = &self.preview;
        match &mut self.tries {
            Tries::One(one) => one.write(preview, frame),
            Tries::Budget { tries, .. } => tries
                .iter_mut()
                .try_for_each(|one| one.write(preview, frame)),
        }
    }

    fn finish(self: Box<Self>) -> Result<Finished, Error> {
        match self.tries {
            Tries::One(one) => {
                one.finish()?.expect("no budget").commit()?;
                Ok(Finished::default())
            }
            Tries::Budget {
                mut target,
                budget,
                tries,
            } => {
                let mut smallest = None;
                for one in tries {
                    let quality = one.quality;
                    let Some(file) = one.finish()? else { continue };
                    let mut file = file.into_inner().map_err(|e| Error::Write {
                        path: self.path.clone(),
                        source: e.into_error(),
                    })?;
                    let write_error = |source| Error::Write {
                        path: self.path.clone(),
                        source,
                    };
                    let size = file.seek(SeekFrom::End(0)).map_err(write_error)?;
                    if size > budget {
                        smallest = Some((quality, size));
                        continue;
                    }
                    file.seek(SeekFrom::Start(0)).map_err(write_error)?;
                    std::io::copy(&mut file, &mut target).map_err(write_error)?;
                    target.commit()?;
                    return Ok(Finished {
                        quality: Some(quality),
                    });
                }
                let (quality, size) = smallest.expect("the lowest quality is always finished");
                Err(Error::Output {
                    path: self.path,
                    reason: over_budget(quality, size, budget),
                })
            }
        }
    }
}

/// Why nothing fits the budget: the smallest GIF made, `size` bytes at
/// the lowest quality tried, is larger than `budget`.
fn over_budget(quality: u8, size: u64, budget: u64) -> String {
    format!(
        "`max_size` {budget} bytes: the smallest GIF reached is {size} bytes, at `quality` \
         {quality}; allow more bytes, or fewer frames (`frames`) or a smaller `scale`"
    )
}

/// One encoding of the GIF. The thread that hands frames in finds what
/// changed and admits new colours (in frame order, so that the same
/// animation gives the same file) and queues each frame's compression; a
/// writer thread compresses and writes them in order, and the thread that
/// hands frames in compresses the oldest waiting whenever too many are in
/// flight, so that the two share the work. On a budget of one thread there
/// is no writer thread: every frame is compressed and written as it comes.
struct Try<W: Output> {
    quality: u8,
    width: usize,
    dither: Dither,
    /// The palette and the frame before, from the first frame on.
    mapper: Option<Mapper>,
    /// Here until the first frame, when it moves to the worker; here
    /// throughout without one.
    writer: Option<Writer<W>>,
    /// Whether the writer gets a thread of its own.
    worker_thread: bool,
    shared: Arc<Shared>,
    /// Hands the writer back once the queue closes and every frame is
    /// written, for `finish`; `None` once it has gone over its budget.
    worker: Option<JoinHandle<Result<Option<Writer<W>>, Error>>>,
    /// Over its budget: given no more frames.
    over: bool,
}

impl<W: Output> Try<W> {
    /// An encoding at `quality` into `file` (see [`Writer::create`]), with
    /// a writer thread when `threads` is more than one.
    fn open(
        file: W,
        path: &Path,
        raster: (u32, u32),
        fps: f64,
        options: GifOptions,
        quality: u8,
        threads: usize,
    ) -> Result<Self, Error> {
        Ok(Try {
            quality,
            width: raster.0 as usize,
            dither: options.dither,
            mapper: None,
            writer: Some(Writer::create(file, path, raster, fps, options)?),
            worker_thread: threads > 1,
            shared: Arc::default(),
            worker: None,
            over: false,
        })
    }

    fn write(&mut self, preview: &ColourCounts, frame: &Arc<Frame>) -> Result<(), Error> {
        if self.over {
            return Ok(());
        }
        let mapper = self.mapper.get_or_insert_with(|| Mapper {
            palette: Palette::new(preview),
            width: self.width,
            dither: self.dither,
            quality: self.quality,
            previous: None,
            sent: 0,
        });
        let job = mapper.job(Arc::clone(frame));
        if self.worker_thread && self.worker.is_none() {
            let mut writer = self.writer.take().expect("not yet moved");
            let shared = Arc::clone(&self.shared);
            self.worker = Some(super::encoding_thread(move || {
                let _stops = Stops(&shared);
                writer.work(&shared, Until::Closed)?;
                Ok((!writer.over()).then_some(writer))
            })?);
        }
        let mut queue = self.shared.lock();
        if queue.stopped {
            drop(queue);
            return self.stopped();
        }
        queue.jobs.push_back(job);
        queue.sent += 1;
        self.shared.changed.notify_all();
        if let Some(writer) = &mut self.writer {
            drop(queue);
            writer.work(&self.shared, Until::Idle)?;
            self.over = writer.over();
            return Ok(());
        }
        while !queue.stopped && queue.sent - queue.written > IN_FLIGHT {
            let compressed;
            (queue, compressed) = self.shared.compress_oldest(queue);
            if !compressed {
                queue = self.shared.wait(queue);
            }
        }
        if queue.stopped {
            drop(queue);
            return self.stopped();
        }
        Ok(())
    }

    /// The worker stopped early: over its budget, or it failed and says
    /// why.
    fn stopped(&mut self) -> Result<(), Error> {
        if self.join()?.is_none() {
            self.over = true;
            return Ok(());
        }
        Err(Error::Panic("the GIF writer stopped early".into()))
    }

    /// Closes the queue and waits for the writer: the writer, every frame
    /// written; `None` over its budget; or the worker's error.
    fn join(&mut self) -> Result<Option<Writer<W>>, Error> {
        self.shared.lock().closed = true;
        self.shared.changed.notify_all();
        match self.worker.take() {
            Some(worker) => worker
                .join()
                .unwrap_or_else(|_| Err(Error::Panic("the GIF writer panicked".into()))),
            None => match self.writer.take() {
                Some(mut writer) => {
                    writer.work(&self.shared, Until::Closed)?;
                    Ok((!writer.over()).then_some(writer))
                }
                None => Ok(None),
            },
        }
    }

    /// The finished file; `None` when it went over its budget.
    fn finish(mut self) -> Result<Option<W>, Error> {
        if self.over {
            return Ok(None);
        }
        let palette = match self.mapper.take() {
            Some(mapper) => mapper.palette,
            None => Palette::new(&ColourCounts::default()),
        };
        match self.join()? {
            Some(writer) => writer.finish(&palette.table_bytes()).map(Some),
            None => Ok(None),
        }
    }
}

impl<W: Output> Drop for Try<W> {
    /// Not finished: the worker stops, and the file goes with the writer.
    fn drop(&mut self) {
        self.shared.lock().stopped = true;
        let _ = self.join();
    }
}

/// What a GIF is written to: the target, or a temporary file.
trait Output: Write + Seek + Send + 'static {}

impl<T: Write + Seek + Send + 'static> Output for T {}

/// The part of the encoding that goes in frame order, on the thread that
/// hands frames in: new colours admitted, what changed found.
struct Mapper {
    palette: Palette,
    width: usize,
    dither: Dither,
    /// From 1 to 100 (lossless).
    quality: u8,
    /// The last frame, which is what the canvas shows.
    previous: Option<Arc<Picture>>,
    /// Frames queued so far.
    sent: u32,
}

impl Mapper {
    /// The compression of `frame`, its new colours admitted.
    fn job(&mut self, frame: Arc<Frame>) -> Job {
        let picture = Arc::new(self.picture(frame));
        let previous = self.previous.replace(Arc::clone(&picture));
        // The first frame is written without loss: what it draws stays on
        // screen, with its error, until a later frame changes it. On
        // SCENES.md's sketch whale at quality 90, 904,736 B at 60.7 dB
        // against 902,995 B at 59.6 dB.
        let tolerance = (self.quality < LOSSLESS && previous.is_some()).then(|| {
            let limit = STRAY_PER_STEP * u32::from(LOSSLESS - self.quality);
            Tolerance::new(&self.palette.colours(), limit)
        });
        self.sent += 1;
        Job {
            place: self.sent - 1,
            table: self.palette.table(),
            previous,
            picture,
            width: self.width,
            tolerance,
        }
    }

    /// A frame as the encoder compares it, its new colours admitted.
    fn picture(&mut self, frame: Arc<Frame>) -> Picture {
        let width = self.width;
        let before = self.previous.as_ref().map(|p| &*p.frame);
        let spans = frame::frame_spans(before, &frame, width);
        for c in frame::unmet(&self.palette, frame.quads(), &spans, width) {
            self.palette.admit(c);
        }
        Picture {
            dithered: frame::dithered(&self.palette, frame.quads(), width, self.dither),
            frame,
            spans,
        }
    }
}

/// One frame's compression: what changed since the frame before, cropped
/// and compressed (`frame::changes`).
struct Job {
    /// The frame's place in the animation.
    place: u32,
    table: Arc<Table>,
    previous: Option<Arc<Picture>>,
    picture: Arc<Picture>,
    width: usize,
    tolerance: Option<Tolerance>,
}

/// A compressed frame: `None` when nothing changed.
type Compressed = Option<::gif::Frame<'static>>;

impl Job {
    fn run(self) -> (u32, Compressed) {
        let frame = frame::changes(
            &self.table,
            self.previous.as_deref(),
            &self.picture,
            self.width,
            self.tolerance.as_ref(),
        );
        (self.place, frame)
    }
}

/// Between the thread that hands frames in and the writer: compressions
/// waiting, oldest first, and compressed frames waiting their turn.
#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    done: BTreeMap<u32, Compressed>,
    /// Frames queued, and written.
    sent: u32,
    written: u32,
    /// No more frames come.
    closed: bool,
    /// The writer stopped (over its budget, failed, or abandoned): it takes
    /// no more frames.
    stopped: bool,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    /// Signalled whenever the queue changes.
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, queue: MutexGuard<'a, Queue>) -> MutexGuard<'a, Queue> {
        self.changed
            .wait(queue)
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Compresses the oldest frame waiting, the lock released meanwhile;
    /// whether there was one.
    fn compress_oldest<'a>(
        &'a self,
        mut queue: MutexGuard<'a, Queue>,
    ) -> (MutexGuard<'a, Queue>, bool) {
        let Some(job) = queue.jobs.pop_front() else {
            return (queue, false);
        };
        drop(queue);
        let (place, frame) = job.run();
        let mut queue = self.lock();
        queue.done.insert(place, frame);
        self.changed.notify_all();
        (queue, true)
    }
}

/// Marks the queue stopped when the writer thread ends, however it ends, so
/// that the thread handing frames in never waits for it in vain.
struct Stops<'a>(&'a Shared);

impl Drop for Stops<'_> {
    fn drop(&mut self) {
        self.0.lock().stopped = true;
        self.0.changed.notify_all();
    }
}

/// How long [`Writer::work`] goes on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Until {
    /// Until the queue closes and every frame is written.
    Closed,
    /// Until nothing is left to do now.
    Idle,
}

/// The file being written.
struct Writer<W: Output> {
    encoder: Encoder<W>,
    path: PathBuf,
    fps: f64,
    /// Stop once the frames written pass it, in bytes.
    budget: Option<u64>,
    /// Bytes of compressed frames written so far.
    bytes: u64,
    /// The last frame, held back while identical frames lengthen its delay.
    pending: Option<::gif::Frame<'static>>,
    /// Frames written so far (the pending one too).
    received: u32,
}

impl<W: Output> Writer<W> {
    fn create(
        file: W,
        path: &Path,
        (width, height): (u32, u32),
        fps: f64,
        options: GifOptions,
    ) -> Result<Self, Error> {
        let size = |v: u32| u16::try_from(v).expect("the plan keeps sizes within 65535");
        let gif_error = |source| Error::Gif {
            path: path.to_path_buf(),
            source,
        };
        // The colour table is written again, complete, by `finish`.
        let mut encoder =
            Encoder::new(file, size(width), size(height), &[0; 3 * 256]).map_err(gif_error)?;
        let repeat = match options.plays {
            0 => Repeat::Infinite,
            n => Repeat::Finite(n - 1),
        };
        encoder.set_repeat(repeat).map_err(gif_error)?;
        Ok(Writer {
            encoder,
            path: path.to_path_buf(),
            fps,
            budget: options.max_size,
            bytes: 0,
            pending: None,
            received: 0,
        })
    }

    /// Writes the frames of `shared` in order as they are compressed,
    /// compressing those waiting meanwhile, `until` the queue closes or
    /// nothing is left to do now; stops the queue as soon as the frames
    /// written pass the budget.
    fn work(&mut self, shared: &Shared, until: Until) -> Result<(), Error> {
        let mut queue = shared.lock();
        loop {
            if queue.stopped || (queue.closed && queue.written == queue.sent) {
                return Ok(());
            }
            let next = queue.written;
            if let Some(frame) = queue.done.remove(&next) {
                drop(queue);
                // Browsers play a frame shorter than 2 centiseconds at 10:
                // faster animations get the shortest delay they honour.
                let delay = super::frame_delays(self.fps.min(GIF_FPS_HONOURED), next);
                self.received += 1;
                self.add(frame, delay)?;
                queue = shared.lock();
                queue.written += 1;
                queue.stopped |= self.over();
                shared.changed.notify_all();
                continue;
            }
            let compressed;
            (queue, compressed) = shared.compress_oldest(queue);
            if compressed {
                continue;
            }
            match until {
                Until::Idle => return Ok(()),
                Until::Closed => queue = shared.wait(queue),
            }
        }
    }

    /// Whether the frames written so far pass the budget.
    fn over(&self) -> bool {
        self.budget.is_some_and(|b| self.bytes > b)
    }

    /// Queues `frame` to last `delay`; an unchanged frame (`None`) lengthens
    /// the one before it instead.
    fn add(&mut self, frame: Option<::gif::Frame<'static>>, delay: u16) -> Result<(), Error> {
        let longer = self
            .pending
            .as_ref()
            .and_then(|p| p.delay.checked_add(delay));
        match (frame, longer) {
            (None, Some(longer)) => {
                self.pending.as_mut().expect("a frame before").delay = longer;
                return Ok(());
            }
            (frame, _) => {
                self.flush()?;
                let mut frame = frame.unwrap_or_else(frame::unchanged);
                frame.delay = delay;
                self.pending = Some(frame);
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Error> {
        let Some(frame) = self.pending.take() else {
            return Ok(());
        };
        self.bytes += frame.buffer.len() as u64;
        self.encoder
            .write_lzw_pre_encoded_frame(&frame)
            .map_err(|source| Error::Gif {
                path: self.path.clone(),
                source,
            })
    }

    /// Writes the last frame and the trailer, then `colour_table`, now
    /// that every colour has its entry; hands back the file.
    fn finish(mut self, colour_table: &[u8]) -> Result<W, Error> {
        self.flush()?;
        let gif_error = |source| Error::Gif {
            path: self.path.clone(),
            source,
        };
        let mut file = self.encoder.into_inner().map_err(gif_error)?;
        let write_error = |source| Error::Write {
            path: self.path.clone(),
            source,
        };
        file.seek(SeekFrom::Start(COLOUR_TABLE_AT))
            .map_err(write_error)?;
        file.write_all(colour_table).map_err(write_error)?;
        Ok(file)
    }
}

/// Whether `path` is a pipe or a socket, which can't go back to the start.
fn is_stream(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo() || m.file_type().is_socket())
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
    use crate::p5::{Rgba, P5};
    use std::sync::mpsc::channel;

    /// A GIF sink at `target` on `threads` threads given `frames` frames (a
    /// square moving over grey), then finished or dropped.
    fn frames(target: &Path, frames: u32, threads: usize, finish: bool) -> Result<(), Error> {
        let options = GifOptions::default();
        let mut sink = Box::new(GifSink::create(target, 16, 8, 30.0, options, threads)?);
        let (home, _spare) = channel();
        for n in 0..frames {
            let mut p5 = P5::new(16, 8, 1.0).unwrap();
            p5.background(Rgba::grey((n * 50 % 256) as u8));
            p5.rect(f64::from(n % 12), 2.0, 3.0, 3.0, [0.0; 4]);
            sink.write(&Arc::new(Frame::new(p5.into_drawing(), home.clone())))?;
        }
        if finish {
            sink.finish()?;
        }
        Ok(())
    }

    #[test]
    fn a_gif_is_not_written_to_a_pipe() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.gif");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("no mkfifo: skipped");
            return;
        }
        let err = GifSink::create(&fifo, 4, 4, 30.0, GifOptions::default(), 1)
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("is a pipe"), "{err}");
    }

    #[test]
    fn a_dropped_gif_sink_leaves_nothing_and_a_finished_one_commits() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.gif");
        frames(&target, 5, 2, false).unwrap();
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "{left:?}");
        frames(&target, 5, 2, true).unwrap();
        let mut decoder = ::gif::DecodeOptions::new()
            .read_info(std::fs::File::open(&target).unwrap())
            .unwrap();
        let mut frames = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        assert_eq!(frames, 5);
    }

    /// Frames compressed on the writer's thread and on the one handing them
    /// in, in whatever order, are written in order: the file does not
    /// depend on the thread budget.
    #[test]
    fn the_file_does_not_depend_on_the_threads() {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<Vec<u8>> = [1, 2, 3]
            .into_iter()
            .map(|threads| {
                let target = dir.path().join(format!("{threads}.gif"));
                frames(&target, 40, threads, true).unwrap();
                std::fs::read(&target).unwrap()
            })
            .collect();
        assert_eq!(files[0], files[1]);
        assert_eq!(files[0], files[2]);
    }

    #[test]
    fn delays_accumulate_without_drift() {
        let delays: Vec<u16> = (0..6).map(|i| frame_delays(30.0, i)).collect();
        assert_eq!(delays, [3, 3, 4, 3, 3, 4]);
        let total: u32 = (0..300).map(|i| u32::from(frame_delays(30.0, i))).sum();
        assert_eq!(total, 1000);
        assert_eq!(frame_delays(25.0, 7), 4);
    }
}
