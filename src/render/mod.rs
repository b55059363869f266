//! The frame loop: build the source, set it up, step and draw each frame,
//! hand it to a sink, report progress.

mod animation;
mod parallel;
mod pool;

pub use animation::Animation;
pub use parallel::DRAWING_THREAD;

use std::io::Write;
use std::time::Instant;

use crate::error::Error;
use crate::limits::check_work;
use crate::plan::Plan;
use crate::progress::Progress;
use crate::sink::{self, Consumer, FrameSink, GifOptions, Output, Sink, WriterSink};
use pool::Pool;

/// What a render wrote.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rendered {
    /// Frames written.
    pub frames: u32,
    /// One frame's raster in pixels: the canvas times the scale.
    pub size: (u32, u32),
    /// Wall-clock time, in seconds.
    pub seconds: f64,
    /// The GIF quality chosen to fit `--max-size`, from 1 to 100; `None`
    /// without a budget.
    pub quality: Option<u8>,
}

/// Renders `plan` to its output, reporting each frame to `progress`. The
/// source is built once per pass: once, or twice for a GIF (a preview of
/// its colours, then the frames). The output appears only when complete:
/// whatever stops the render, nothing half-written is left at its path.
pub fn render(plan: Plan, progress: &mut dyn Progress) -> Result<Rendered, Error> {
    run(plan, progress, sink::open)
}

/// Renders `plan` as [`render`] does, but into `writer` instead of a file:
/// the GIF, PNG or APNG its output names (a `.gif`, a `.png` or a `.apng`;
/// nothing is written at that path, which names the format only). The
/// writer gets the whole output once it is complete, nothing if the
/// render fails; numbered frames, videos and dry runs are refused.
///
/// ```no_run
/// # fn gif(plan: whalegen::Plan) -> Result<(), whalegen::Error> {
/// let mut bytes = Vec::new();
/// whalegen::render_to(plan, &mut bytes, &mut whalegen::Silent)?;
/// # Ok(())
/// # }
/// ```
pub fn render_to(
    plan: Plan,
    writer: &mut dyn Write,
    progress: &mut dyn Progress,
) -> Result<Rendered, Error> {
    run(plan, progress, |output, size, fps, gif, threads| {
        Ok(Box::new(WriterSink::open(
            output, size, fps, gif, threads, writer,
        )?))
    })
}

/// Renders `plan`, handing each frame it would write to `frames` instead
/// of its output (which is not opened: make the plan with `dry_run`).
pub fn render_frames(
    plan: Plan,
    frames: &mut dyn FrameSink,
    progress: &mut dyn Progress,
) -> Result<Rendered, Error> {
    run(plan, progress, |_, _, _, _, _| {
        Ok(Box::new(Consumer(frames)))
    })
}

/// The render of `plan` into the sink `open` makes for its output, raster,
/// frame rate, GIF options and threads.
fn run<'a>(
    plan: Plan,
    progress: &mut dyn Progress,
    open: impl FnOnce(&Output, (u32, u32), f64, GifOptions, usize) -> Result<Box<dyn Sink + 'a>, Error>,
) -> Result<Rendered, Error> {
    let started = Instant::now();
    let Plan {
        source,
        output,
        gif,
        fps,
        selection,
        canvas,
        threads,
        ..
    } = plan;
    let pool = Pool::new();
    let first = Animation::start(&*source, selection, canvas, pool.clone())?;
    let size = first.size();
    check_work(selection.steps(), size)?;
    output.check_size(size)?;
    let mut sink = open(&output, size, fps, gif, threads.get())?;
    // The bar counts the frames written and the steps before the first of
    // them (once more for a GIF's preview pass): `--start 200000` is long.
    let passes = if sink.preview_every().is_some() { 2 } else { 1 };
    let frames = first.frames();
    progress.start(u64::from(selection.first) * passes + u64::from(frames));
    let threads = threads.get();
    let drawing = if sink.encodes() { threads - 1 } else { threads };
    let write_frames = || {
        let mut animation = match sink.preview_every() {
            Some(every) => {
                first.sample(every, || progress.advance(), |frame| sink.preview(frame))?;
                let again = Animation::start(&*source, selection, canvas, pool)?;
                if again.size() != size {
                    return Err(Error::InSketch {
                        frame: None,
                        error: Box::new(Error::sketch(format!(
                            "setup chose a {} x {} canvas, then {} x {} on the second pass",
                            size.0,
                            size.1,
                            again.size().0,
                            again.size().1
                        ))),
                    });
                }
                again
            }
            None => first,
        };
        animation.warm_up(|| progress.advance())?;
        animation.run(drawing.max(1), |frame| {
            sink.write(frame)?;
            progress.advance();
            Ok(())
        })
    };
    let result = write_frames();
    progress.finish();
    result?;
    let finished = sink.finish()?;
    Ok(Rendered {
        frames,
        size,
        seconds: started.elapsed().as_secs_f64(),
        quality: finished.quality,
    })
}
