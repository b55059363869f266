//! One pass over a sketch: it is built and set up, then each selected frame
//! is stepped to and drawn, on this thread or on drawing threads.

use std::sync::Arc;

use tiny_skia::Pixmap;

use super::parallel;
use super::pool::Pool;
use crate::error::Error;
use crate::frame::Frame;
use crate::options::{Canvas, Selection};
use crate::p5::{Drawing, P5};
use crate::params::Settings;
use crate::plan::SceneSource;
use crate::sketch::{Sketch, Source};

/// A sketch and its canvas, producing the selected frames of an animation
/// in order.
pub struct Animation {
    pub(super) sketch: Box<dyn Sketch>,
    pub(super) p5: P5,
    pub(super) selection: Selection,
    /// Frames stepped so far.
    stepped: u32,
    /// Frames handed out so far.
    pub(super) written: u32,
    /// The sketch's `look` when the canvas was last drawn.
    pub(super) drawn: Option<u64>,
    /// Each frame paints the whole canvas (see `Sketch::repaints`): frames
    /// can be skipped, reused and drawn apart.
    independent: bool,
    pub(super) pool: Pool,
}

impl Animation {
    /// Every frame of the scene of `settings`, at 1 pixel per unit; see
    /// [`Animation::with`].
    pub fn new(settings: &Settings) -> Result<Self, Error> {
        Self::with(
            settings,
            Selection::every(0, settings.frames()),
            Canvas::default(),
        )
    }

    /// The `selection` of the scene of `settings` on `canvas`, its
    /// parameters checked. The raster size must already be checked (see
    /// `plan`).
    pub fn with(settings: &Settings, selection: Selection, canvas: Canvas) -> Result<Self, Error> {
        let source = SceneSource::new(settings.clone(), "", selection.steps());
        Self::start(&source, selection, canvas, Pool::new())
    }

    /// Builds a sketch from `source` and sets it up on `canvas`: the first
    /// step of a pass.
    pub(crate) fn start(
        source: &dyn Source,
        selection: Selection,
        canvas: Canvas,
        pool: Pool,
    ) -> Result<Self, Error> {
        let mut sketch = source.build()?;
        let mut p5 = P5::before_setup(canvas.scale, canvas.transparent);
        sketch.setup(&mut p5).map_err(|err| at(None, err))?;
        let independent = sketch.repaints();
        Ok(Animation {
            sketch,
            p5,
            selection,
            stepped: 0,
            written: 0,
            drawn: None,
            independent,
            pool,
        })
    }

    /// How many frames `next_frame` hands out.
    pub fn frames(&self) -> u32 {
        self.selection.count
    }

    /// The raster size in pixels: the canvas times its scale.
    pub fn size(&self) -> (u32, u32) {
        self.p5.drawing().size()
    }

    /// Steps the sketch up to the next selected frame and draws it; `None`
    /// after the last one. When every frame paints the whole canvas, frames
    /// in between are stepped but not drawn, and a frame that looks as the
    /// last one drawn (`Sketch::look`) is not drawn again; otherwise every
    /// frame is drawn, over the one before.
    pub fn next_frame(&mut self) -> Result<Option<&Pixmap>, Error> {
        Ok(self.advance(true)?.map(|_| self.p5.pixmap()))
    }

    /// Steps to the next selected frame, drawing what must be drawn (all of
    /// it when `show`); `None` after the last one, else whether the canvas
    /// was drawn anew.
    pub(super) fn advance(&mut self, show: bool) -> Result<Option<bool>, Error> {
        let Some(frame) = self.selection.frame(self.written) else {
            return Ok(None);
        };
        self.written += 1;
        while self.stepped <= frame {
            self.step()?;
        }
        if !self.independent {
            return Ok(Some(true));
        }
        let look = self.sketch.look();
        let anew = show && (look.is_none() || look != self.drawn);
        if anew {
            self.draw(frame)?;
            self.drawn = look;
        }
        Ok(Some(anew))
    }

    /// Steps the sketch on to the frame before the first selected one,
    /// calling `tick` after each step: the warm-up of a render that starts
    /// late (`--start`), which `advance` would otherwise do unseen.
    pub(super) fn warm_up(&mut self, mut tick: impl FnMut()) -> Result<(), Error> {
        while self.written == 0 && self.stepped < self.selection.first {
            self.step()?;
            tick();
        }
        Ok(())
    }

    /// One step of the sketch, drawn when frames build on the one before.
    fn step(&mut self) -> Result<(), Error> {
        let n = self.stepped;
        self.sketch.update(n).map_err(|err| at(Some(n), err))?;
        self.stepped += 1;
        if !self.independent {
            self.draw(n)?;
        }
        Ok(())
    }

    /// Whether frames can be drawn from snapshots on other threads.
    fn parallel(&self, threads: usize) -> bool {
        threads > 1 && self.independent && self.sketch.snapshot().is_some()
    }

    /// The canvas as a frame, in a spare drawing. The canvas itself is
    /// handed on when every frame paints all of it, else copied, since the
    /// next frame draws over it.
    fn take_frame(&mut self) -> Arc<Frame> {
        let mut drawing = self.pool.take(&self.p5);
        if self.independent {
            self.p5.swap_drawing(&mut drawing);
        } else {
            drawing.copy_from(self.p5.drawing());
        }
        self.pool.frame(drawing)
    }

    fn draw(&mut self, frame: u32) -> Result<(), Error> {
        let size = self.size();
        self.p5.reset_matrix();
        self.sketch
            .draw(&mut self.p5)
            .map_err(|err| at(Some(frame), err))?;
        if self.size() != size {
            let changed = format!(
                "createCanvas changed the canvas from {} x {} to {} x {} pixels; \
                 choose its size in setup",
                size.0,
                size.1,
                self.size().0,
                self.size().1
            );
            return Err(at(Some(frame), Error::sketch(changed)));
        }
        Ok(())
    }

    /// Runs through the animation but draws, for `look`, only every
    /// `every`-th frame and the last: a cheap preview of its colours. Drawn
    /// on this thread: for the GIF's preview of every 10th frame, drawing
    /// threads cost more than they save (their first frames draw without
    /// the cached star stamps, on new pixmaps): 30 against 20 ms for the
    /// whale on two cores.
    pub fn sample(
        mut self,
        every: u32,
        tick: impl FnMut(),
        mut look: impl FnMut(&Drawing),
    ) -> Result<(), Error> {
        self.warm_up(tick)?;
        let count = self.frames();
        for n in 0..count {
            let show = n.is_multiple_of(every) || n + 1 == count;
            self.advance(show)?;
            if show {
                look(self.p5.drawing());
            }
        }
        Ok(())
    }

    /// Hands every remaining frame to `each`, in order. With `threads` > 1,
    /// a sketch that paints its whole canvas and offers snapshots is stepped
    /// on this thread while `threads` others draw (the pictures do not
    /// depend on the number of threads); a few frames are in flight at most.
    /// Stops at the first error.
    pub fn run(
        mut self,
        threads: usize,
        mut each: impl FnMut(&Arc<Frame>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        if self.parallel(threads) {
            return parallel::run(self, threads, each);
        }
        let mut shown = None;
        while let Some(anew) = self.advance(true)? {
            if anew || shown.is_none() {
                shown = Some(self.take_frame());
            }
            each(shown.as_ref().expect("taken above"))?;
        }
        Ok(())
    }
}

/// `err`, said to have happened in setup (`None`) or at `frame`.
pub(super) fn at(frame: Option<u32>, err: Error) -> Error {
    match err {
        // Already placed by a nested call.
        Error::InSketch { .. } => err,
        err => Error::InSketch {
            frame,
            error: Box::new(err),
        },
    }
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
                let Some(frame) = whole.next_frame().unwrap() else {
                    break;
                };
                expected.push(frame.data().to_vec());
            }
            let mut reused = Animation::new(&settings).unwrap();
            for (n, want) in expected.iter().enumerate() {
                let got = reused.next_frame().unwrap().unwrap().data();
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
