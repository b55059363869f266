//! The frame loop: step, draw, hand the frame to a sink, report progress.

use tiny_skia::Pixmap;

use crate::error::Error;
use crate::p5::P5;
use crate::params::Settings;
use crate::plan::Plan;
use crate::progress::Progress;
use crate::scene::Scene;
use crate::sink;

/// A scene and its canvas, producing the frames of an animation in order.
pub struct Animation {
    scene: Box<dyn Scene>,
    p5: P5,
    next: u32,
    frames: u32,
}

impl Animation {
    /// Checks the scene's parameters and builds it; the only step that may
    /// fail. The canvas size must already be checked (see `plan`).
    pub fn new(settings: &Settings) -> Result<Self, Error> {
        let (run, frames) = (&settings.run, settings.frames());
        let scene = settings
            .scene
            .build(run.width, run.height, run.seed, frames)?;
        let p5 = P5::new(run.width, run.height, 1).ok_or_else(|| Error::BadValue {
            key: "width x height".into(),
            value: format!("{} x {}", run.width, run.height),
            reason: "expected a canvas of at least 1 x 1 that fits in memory".into(),
        })?;
        Ok(Animation {
            scene,
            p5,
            next: 0,
            frames,
        })
    }

    pub fn frames(&self) -> u32 {
        self.frames
    }

    /// Steps the simulation once and draws the next frame, as p5's `draw()`;
    /// `None` after the last frame.
    pub fn next_frame(&mut self) -> Option<&Pixmap> {
        if self.next == self.frames {
            return None;
        }
        self.scene.step(self.next);
        self.next += 1;
        Some(self.draw())
    }

    /// Steps through the whole animation but draws, for `look`, only every
    /// `every`-th frame and the last: a cheap preview of its colours.
    pub fn sample(&mut self, every: u32, mut look: impl FnMut(&Pixmap)) {
        while self.next < self.frames {
            let frame = self.next;
            self.scene.step(frame);
            self.next += 1;
            if frame.is_multiple_of(every) || self.next == self.frames {
                look(self.draw());
            }
        }
    }

    fn draw(&mut self) -> &Pixmap {
        self.p5.reset_matrix();
        self.scene.draw(&mut self.p5);
        self.p5.pixmap()
    }
}

/// Renders `plan` to its output. The output appears only when complete.
pub fn render(plan: Plan, progress: &mut dyn Progress) -> Result<(), Error> {
    let Plan {
        settings,
        mut animation,
        output,
        gif,
        ..
    } = plan;
    let run = &settings.run;
    let mut sink = sink::open(&output, run.width, run.height, run.fps, gif)?;
    if let Some(every) = sink.preview_every() {
        Animation::new(&settings)?.sample(every, |frame| sink.preview(frame));
    }
    progress.start(u64::from(animation.frames()));
    let mut result = Ok(());
    while let Some(frame) = animation.next_frame() {
        result = sink.write(frame);
        if result.is_err() {
            break;
        }
        progress.advance();
    }
    progress.finish();
    result?;
    sink.finish()
}
