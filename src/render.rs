//! The frame loop: step, draw, hand the frame to a sink, report progress.

use std::collections::BTreeMap;
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};

use tiny_skia::Pixmap;

use crate::error::Error;
use crate::frame::Frame;
use crate::p5::{Damage, Drawing, P5};
use crate::params::Settings;
use crate::plan::Plan;
use crate::progress::Progress;
use crate::scene::Scene;
use crate::sink;

/// Which frames of the simulation are written: `count` frames spread evenly
/// over the `span` frames that begin at frame `first` (frames count from 0,
/// one per p5 `draw()` tick). Every frame before the last one written is
/// simulated, written or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection {
    pub first: u32,
    pub span: u32,
    pub count: u32,
}

impl Selection {
    /// Every frame of `first..first + span`.
    pub fn every(first: u32, span: u32) -> Self {
        Selection {
            first,
            span,
            count: span,
        }
    }

    /// The frame written `n`th, counting from 0; `None` past the last.
    pub fn frame(&self, n: u32) -> Option<u32> {
        (n < self.count).then(|| {
            let offset = u64::from(n) * u64::from(self.span) / u64::from(self.count);
            self.first + u32::try_from(offset).expect("offset < span")
        })
    }

    /// How many frames are simulated: up to the last one written.
    pub fn steps(&self) -> u32 {
        self.count
            .checked_sub(1)
            .and_then(|last| self.frame(last))
            .map_or(0, |frame| frame + 1)
    }
}

/// How the canvas is rastered; the simulation does not depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canvas {
    /// Pixels per canvas unit (p5's `pixelDensity`), at least 1.
    pub scale: u32,
    /// `background()` leaves the canvas transparent.
    pub transparent: bool,
}

impl Default for Canvas {
    fn default() -> Self {
        Canvas {
            scale: 1,
            transparent: false,
        }
    }
}

/// A scene and its canvas, producing the selected frames of an animation in
/// order.
pub struct Animation {
    scene: Box<dyn Scene>,
    p5: P5,
    selection: Selection,
    canvas: Canvas,
    /// Frames simulated so far.
    stepped: u32,
    /// Frames handed out so far.
    written: u32,
    /// The scene's `look` when the canvas was last drawn.
    drawn: Option<u64>,
    /// Each frame paints the whole canvas (see `Scene::repaints`): frames
    /// can be skipped, reused and drawn apart.
    independent: bool,
    pool: Pool,
}

/// Spare drawings, shared by every pass over one animation (its preview and
/// its frames) and by its drawing threads: a pixmap is allocated once and
/// drawn on again, where a new one costs a page fault for every 4 KB.
#[derive(Clone)]
struct Pool {
    home: Sender<Drawing>,
    spare: Arc<Mutex<Receiver<Drawing>>>,
}

impl Pool {
    fn new() -> Self {
        let (home, spare) = channel();
        Pool {
            home,
            spare: Arc::new(Mutex::new(spare)),
        }
    }

    /// A spare drawing, or a new one the size of `p5`.
    fn take(&self, p5: &P5) -> Drawing {
        self.spare
            .lock()
            .expect("no thread panics holding the spares")
            .try_recv()
            .unwrap_or_else(|_| p5.blank_drawing())
    }

    /// A frame of `drawing`, which comes back here when the frame is dropped.
    fn frame(&self, drawing: Drawing) -> Arc<Frame> {
        Arc::new(Frame::new(drawing, self.home.clone()))
    }
}

impl Animation {
    /// Every frame of `settings`, at 1 pixel per unit; see [`Animation::with`].
    pub fn new(settings: &Settings) -> Result<Self, Error> {
        Self::with(
            settings,
            Selection::every(0, settings.frames()),
            Canvas::default(),
        )
    }

    /// Checks the scene's parameters and builds it; the only step that may
    /// fail. The raster size must already be checked (see `plan`).
    pub fn with(settings: &Settings, selection: Selection, canvas: Canvas) -> Result<Self, Error> {
        let run = &settings.run;
        let scene = settings
            .scene
            .build(run.width, run.height, run.seed, selection.steps())?;
        let mut p5 =
            P5::new(run.width, run.height, canvas.scale).ok_or_else(|| Error::BadValue {
                key: "width x height".into(),
                value: format!("{} x {}", run.width, run.height),
                reason: "expected a canvas of at least 1 x 1 that fits in memory".into(),
            })?;
        p5.set_transparent(canvas.transparent);
        let independent = canvas.transparent || scene.repaints();
        Ok(Animation {
            scene,
            p5,
            selection,
            canvas,
            stepped: 0,
            written: 0,
            drawn: None,
            independent,
            pool: Pool::new(),
        })
    }

    /// The same animation of `settings` from its start, for a second pass,
    /// sharing this one's spare pixmaps.
    pub fn restart(&self, settings: &Settings) -> Result<Self, Error> {
        let mut again = Self::with(settings, self.selection, self.canvas)?;
        again.pool = self.pool.clone();
        Ok(again)
    }

    /// How many frames `next_frame` hands out.
    pub fn frames(&self) -> u32 {
        self.selection.count
    }

    /// The raster size in pixels: the canvas times its scale.
    pub fn size(&self) -> (u32, u32) {
        (self.p5.pixmap().width(), self.p5.pixmap().height())
    }

    /// Steps the simulation up to the next selected frame, as p5's `draw()`,
    /// and draws it; `None` after the last one. When every frame paints the
    /// whole canvas, frames in between are stepped but not drawn, and a
    /// frame that looks as the last one drawn (`Scene::look`) is not drawn
    /// again; otherwise every frame is drawn, over the one before.
    pub fn next_frame(&mut self) -> Option<&Pixmap> {
        self.advance(true)?;
        Some(self.p5.pixmap())
    }

    /// Steps to the next selected frame, drawing what must be drawn (all of
    /// it when `show`); `None` after the last one, else whether the canvas
    /// was drawn anew.
    fn advance(&mut self, show: bool) -> Option<bool> {
        let frame = self.selection.frame(self.written)?;
        self.written += 1;
        while self.stepped <= frame {
            self.scene.step(self.stepped);
            self.stepped += 1;
            if !self.independent {
                self.draw();
            }
        }
        if !self.independent {
            return Some(true);
        }
        let look = self.scene.look();
        let anew = show && (look.is_none() || look != self.drawn);
        if anew {
            self.draw();
            self.drawn = look;
        }
        Some(anew)
    }

    /// The canvas as a frame, in a spare pixmap. The canvas itself is
    /// handed on when every frame paints all of it, else copied, since the
    /// next frame draws over it.
    fn take_frame(&mut self) -> Arc<Frame> {
        let mut drawing = self.pool.take(&self.p5);
        if self.independent {
            self.p5.swap_pixmap(&mut drawing);
        } else {
            self.p5.copy_to(&mut drawing);
        }
        self.pool.frame(drawing)
    }

    fn draw(&mut self) {
        self.p5.reset_matrix();
        self.scene.draw(&mut self.p5);
    }

    /// Runs through the animation but draws, for `look`, only every
    /// `every`-th frame and the last: a cheap preview of its colours. Drawn
    /// on `threads` threads as `run` does.
    pub fn sample(
        mut self,
        every: u32,
        threads: usize,
        mut look: impl FnMut(&Pixmap, &Damage),
    ) -> Result<(), Error> {
        let count = self.frames();
        let wanted = move |n: u32| n.is_multiple_of(every) || n + 1 == count;
        if threads > 1 && self.independent {
            return self.in_parallel(threads, wanted, |frame| {
                look(frame, frame.damage());
                Ok(())
            });
        }
        for n in 0..count {
            let show = wanted(n);
            self.advance(show);
            if show {
                look(self.p5.pixmap(), self.p5.damage());
            }
        }
        Ok(())
    }

    /// Hands every remaining frame to `each`, in order. The simulation steps
    /// on one thread while `threads` others draw (each frame is drawn from a
    /// snapshot of the scene, so the pictures do not depend on the number of
    /// threads); a few frames are in flight at most. Stops at the first error.
    pub fn run(
        mut self,
        threads: usize,
        mut each: impl FnMut(&Arc<Frame>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        if threads > 1 && self.independent {
            return self.in_parallel(threads, |_| true, each);
        }
        let mut shown = None;
        while let Some(anew) = self.advance(true) {
            if anew || shown.is_none() {
                shown = Some(self.take_frame());
            }
            each(shown.as_ref().expect("taken above"))?;
        }
        Ok(())
    }

    /// Hands the remaining frames whose numbers are `wanted` to `each`, in
    /// order, drawn on `threads` threads while this one steps (see `run`).
    fn in_parallel(
        mut self,
        threads: usize,
        wanted: impl Fn(u32) -> bool + Send,
        mut each: impl FnMut(&Arc<Frame>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let in_flight = threads;
        let (jobs, job_queue) = sync_channel::<(u32, Box<dyn Scene>)>(in_flight);
        let (done, finished) = sync_channel::<(u32, Option<Arc<Frame>>)>(in_flight);
        // Shared so that the queue closes when the last drawer stops.
        let job_queue = Arc::new(Mutex::new(job_queue));
        let first = self.written;
        std::thread::scope(move |s| {
            for _ in 0..threads {
                let (job_queue, done, pool) =
                    (Arc::clone(&job_queue), done.clone(), self.pool.clone());
                let p5 = self.p5.sibling(pool.take(&self.p5));
                s.spawn(move || draw_jobs(&job_queue, &pool, &done, p5));
            }
            drop(job_queue);
            let stepper_done = done.clone();
            drop(done);
            s.spawn(move || {
                // Frames sent are numbered from 0; `None` for a frame that
                // looks as the last one sent.
                let mut k = 0;
                for n in first..self.selection.count {
                    self.advance(false);
                    if !wanted(n) {
                        continue;
                    }
                    let look = self.scene.look();
                    let sent = if look.is_some() && look == self.drawn {
                        stepper_done.send((k, None)).is_ok()
                    } else {
                        self.drawn = look;
                        jobs.send((k, self.scene.snapshot())).is_ok()
                    };
                    k += 1;
                    if !sent {
                        break;
                    }
                }
            });
            let result = in_order(&finished, |frame| each(frame));
            // Closing the queue stops the other threads if `each` failed.
            drop(finished);
            result
        })
    }
}

/// A drawing thread: draws each scene it is sent, and hands it on in
/// exchange for a spare pixmap from `pool`, where its own goes at the end.
fn draw_jobs(
    jobs: &Mutex<Receiver<(u32, Box<dyn Scene>)>>,
    pool: &Pool,
    done: &SyncSender<(u32, Option<Arc<Frame>>)>,
    mut p5: P5,
) {
    loop {
        let job = jobs
            .lock()
            .expect("no drawer panics holding the queue")
            .recv();
        let Ok((n, scene)) = job else { break };
        p5.reset_matrix();
        scene.draw(&mut p5);
        let mut drawing = pool.take(&p5);
        p5.swap_pixmap(&mut drawing);
        if done.send((n, Some(pool.frame(drawing)))).is_err() {
            break;
        }
    }
    // Only fails when every pass is over.
    let _ = pool.home.send(p5.into_drawing());
}

/// Receives frames numbered from 0 in any order and hands them to `each`
/// in order; `None` repeats the frame before.
fn in_order(
    finished: &Receiver<(u32, Option<Arc<Frame>>)>,
    mut each: impl FnMut(&Arc<Frame>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut pending = BTreeMap::new();
    let mut next = 0;
    let mut shown = None;
    for (n, frame) in finished {
        pending.insert(n, frame);
        while let Some(frame) = pending.remove(&next) {
            if frame.is_some() {
                shown = frame;
            }
            each(
                shown
                    .as_ref()
                    .expect("a repeated frame follows a drawn one"),
            )?;
            next += 1;
        }
    }
    Ok(())
}

/// Renders `plan` to its output. The output appears only when complete.
pub fn render(plan: Plan, progress: &mut dyn Progress) -> Result<(), Error> {
    let Plan {
        settings,
        animation,
        output,
        gif,
        ..
    } = plan;
    let (width, height) = animation.size();
    let mut sink = sink::open(&output, width, height, settings.run.fps, gif)?;
    if let Some(every) = sink.preview_every() {
        animation.restart(&settings)?.sample(
            every,
            rayon::current_num_threads(),
            |frame, damage| sink.preview(frame, damage),
        )?;
    }
    progress.start(u64::from(animation.frames()));
    let result = animation.run(rayon::current_num_threads(), |frame| {
        sink.write(frame)?;
        progress.advance();
        Ok(())
    });
    progress.finish();
    result?;
    sink.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preset::{Preset, SHIPPED};

    fn frames(s: Selection) -> Vec<u32> {
        (0..=s.count).map_while(|n| s.frame(n)).collect()
    }

    #[test]
    fn selections_spread_frames_evenly() {
        assert_eq!(frames(Selection::every(0, 3)), [0, 1, 2]);
        assert_eq!(Selection::every(0, 3).steps(), 3);
        assert_eq!(frames(Selection::every(5, 2)), [5, 6]);
        assert_eq!(Selection::every(5, 2).steps(), 7);
        let sheet = Selection {
            first: 10,
            span: 100,
            count: 3,
        };
        assert_eq!(frames(sheet), [10, 43, 76]);
        assert_eq!(sheet.steps(), 77);
    }

    /// Every shipped preset, its first `frames` frames drawn as usual: the
    /// canvas reused, or passed between two drawing threads, and repainted
    /// only where the frame before drew (`p5::Damage`); each must equal the
    /// frame drawn with the whole background painted.
    #[test]
    fn repainting_only_what_was_drawn_gives_the_same_frames() {
        let frames = 40;
        for (name, _) in SHIPPED {
            let mut settings = Preset::load(name).unwrap().resolve(&[]).unwrap();
            settings.run.frames = Some(frames.min(settings.frames()));
            let mut whole = Animation::new(&settings).unwrap();
            let mut expected = Vec::new();
            loop {
                whole.p5.forget_damage();
                let Some(frame) = whole.next_frame() else {
                    break;
                };
                expected.push(frame.data().to_vec());
            }
            let mut reused = Animation::new(&settings).unwrap();
            for (n, want) in expected.iter().enumerate() {
                let got = reused.next_frame().unwrap().data();
                assert!(got == &want[..], "{name}: frame {n} drawn on one canvas");
            }
            let mut n = 0;
            Animation::new(&settings)
                .unwrap()
                .run(2, |frame| {
                    assert!(
                        frame.data() == &expected[n][..],
                        "{name}: frame {n} on threads"
                    );
                    n += 1;
                    Ok(())
                })
                .unwrap();
            assert_eq!(n, expected.len(), "{name}");
        }
    }
}
