//! The frame loop: step, draw, hand the frame to a sink, report progress.

use tiny_skia::Pixmap;

use crate::error::Error;
use crate::p5::P5;
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
    /// Frames simulated so far.
    stepped: u32,
    /// Frames handed out so far.
    written: u32,
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
        Ok(Animation {
            scene,
            p5,
            selection,
            stepped: 0,
            written: 0,
        })
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
    /// and draws it; `None` after the last one. Frames in between are stepped
    /// but not drawn: every scene paints its whole canvas each frame, so no
    /// drawing carries over from one frame to the next.
    pub fn next_frame(&mut self) -> Option<&Pixmap> {
        let frame = self.selection.frame(self.written)?;
        while self.stepped <= frame {
            self.scene.step(self.stepped);
            self.stepped += 1;
        }
        self.written += 1;
        self.p5.reset_matrix();
        self.scene.draw(&mut self.p5);
        Some(self.p5.pixmap())
    }
}

/// Renders `plan` to its output. The output appears only when complete.
pub fn render(plan: Plan, progress: &mut dyn Progress) -> Result<(), Error> {
    let Plan {
        settings,
        mut animation,
        output,
        ..
    } = plan;
    let (width, height) = animation.size();
    let mut sink = sink::open(&output, width, height, settings.run.fps)?;
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
