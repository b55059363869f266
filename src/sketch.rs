//! The frame-source seam: anything that can set up a canvas, step and draw
//! is rendered the same way, to every output. The built-in scenes, a Rust
//! user's sketch and (later) a JavaScript sketch are three implementations.

use crate::error::Error;
use crate::p5::P5;

/// Frames rendered when neither the options nor the source say: two
/// seconds at [`DEFAULT_FPS`].
pub const DEFAULT_FRAMES: u32 = 60;
/// Frames per second when neither the options nor the source say.
pub const DEFAULT_FPS: f64 = 30.0;

/// One animation, as a p5.js sketch is: `setup` once, then `update` and
/// `draw` once per frame, in order, on one thread. Nothing here needs to be
/// `Send`: a sketch that cannot be copied to another thread is drawn on the
/// thread that steps it.
///
/// Every method that may fail returns [`Error`]; the render stops at the
/// first error and reports it with the frame it happened at. Wrap an error
/// of your own with [`Error::sketch`].
pub trait Sketch {
    /// Called once, before the first frame, on a canvas of 100 x 100 units
    /// (p5's default). Choose the size with [`P5::create_canvas`]; style set
    /// here (fill, stroke, stroke weight) stays for every frame, as in p5.
    /// The default does nothing.
    fn setup(&mut self, _p5: &mut P5) -> Result<(), Error> {
        Ok(())
    }

    /// Advances the state by one frame; `frame` counts from 0. Frames before
    /// the first one written (`--start`, `--frame`) are stepped too. The
    /// default does nothing: a sketch may change its state in `draw`.
    fn update(&mut self, _frame: u32) -> Result<(), Error> {
        Ok(())
    }

    /// Draws the current frame. The transform is reset before each call
    /// (as p5 resets it before `draw()`); the pixels and the style are the
    /// ones the previous frame left.
    fn draw(&mut self, p5: &mut P5) -> Result<(), Error>;

    /// Whether `draw` first paints the whole canvas opaque, so that a frame
    /// does not depend on the one before. Only then are frames that are not
    /// written left undrawn, and snapshots drawn on other threads. Default:
    /// `false`.
    fn repaints(&self) -> bool {
        false
    }

    /// A copy of the state, to be drawn on another thread while this one
    /// steps on. `None` (the default) draws every frame on the stepping
    /// thread. Used only when [`Sketch::repaints`] is true; a snapshot is
    /// drawn on a canvas that has the style `setup` left, not the one the
    /// previous frame left.
    fn snapshot(&self) -> Option<Box<dyn Snapshot>> {
        None
    }

    /// What `draw` would show, when the sketch can tell cheaply: two states
    /// with the same `Some` value draw the same picture, which is then not
    /// drawn again. Used only when [`Sketch::repaints`] is true. Default:
    /// `None`, every frame is drawn.
    fn look(&self) -> Option<u64> {
        None
    }
}

/// A frozen state of a [`Sketch`], drawn on another thread.
pub trait Snapshot: Send {
    /// Draws the state, as [`Sketch::draw`] would have.
    fn draw(&self, p5: &mut P5) -> Result<(), Error>;
}

/// What a render draws: a recipe that builds a fresh sketch for each pass
/// over the animation (a GIF's palette is previewed in a pass of its own).
/// Any `Sketch` that is `Clone` and `Send` is a source of copies of itself.
pub trait Source: Send {
    /// A new sketch, before its `setup`.
    fn build(&self) -> Result<Box<dyn Sketch>, Error>;

    /// The name of outputs and progress bars (`out/NAME.gif`, `{preset}`).
    /// Default: `"sketch"`.
    fn name(&self) -> String {
        "sketch".into()
    }

    /// Frames rendered unless the options say. Default: [`DEFAULT_FRAMES`].
    fn frames(&self) -> u32 {
        DEFAULT_FRAMES
    }

    /// Frames per second unless the options say. Default: [`DEFAULT_FPS`].
    fn fps(&self) -> f64 {
        DEFAULT_FPS
    }

    /// The frame (from 0) a still of an animation of `frames` frames shows
    /// (one `.png` asked for without `--frame`): where the source is at its
    /// fullest. Default: the last frame.
    fn still_frame(&self, frames: u32) -> u32 {
        frames.saturating_sub(1)
    }

    /// Output-name placeholders beyond `{preset}` and `{frames}`, such as
    /// `("seed", "7")` for `{seed}`. Default: none.
    fn placeholders(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// The canvas size `setup` will choose, in canvas units, when known
    /// without building: a batch starts its costliest renders first.
    /// Default: `None`.
    fn size_hint(&self) -> Option<(u32, u32)> {
        None
    }

    /// How the source was understood, worth a word in the summary line,
    /// such as which p5.js a sketch was run as and why. Default: `None`.
    fn about(&self) -> Option<String> {
        None
    }
}

impl<S: Sketch + Clone + Send + 'static> Source for S {
    fn build(&self) -> Result<Box<dyn Sketch>, Error> {
        Ok(Box::new(self.clone()))
    }
}
