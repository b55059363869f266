//! What p5's `push()` saves besides the drawing layer's style (which the
//! drawing calls change, in order, as they are drawn): the colour mode,
//! whether the level made a clip, `imageMode`, `tint` and smoothing, the
//! text state (src/js/text_state.rs), and the rect mode a text box reads. It
//! is set and read at once by the natives, ahead of the drawing calls
//! still pending. Each surface has its own, with its own stack; `push()`
//! and `pop()` save and restore it and the drawing style in one call.

use rquickjs::prelude::Rest;
use rquickjs::{Ctx, Exception, Object};

use super::bind::{set, Stage, N};
use super::record::Op;
use super::surfaces::CANVAS;
use super::text_state::TextState;
use crate::p5::colour::colorspace::ColorState;
use crate::p5::Mode;

/// The most states `push()` keeps unrestored on one surface: past them a
/// sketch is pushing without popping (p5 would grow without end).
const MAX_SAVED: usize = 100_000;

/// A surface's state that the natives keep (see the module's doc).
#[derive(Clone)]
pub(super) struct Look {
    pub(super) colors: ColorState,
    /// This `push()` level made a clip of its own (a mask the canvas's
    /// size, which the level keeps until its `pop()`).
    pub(super) clipped: bool,
    /// `imageMode`: `Corner`, `Corners` or `Center` (default `Corner`).
    pub(super) image_mode: Mode,
    /// `tint`'s straight 8-bit RGBA; `None` (the default) draws images as
    /// they are.
    pub(super) tint: Option<[u8; 4]>,
    /// `smooth()` (the default) or `noSmooth()`: how images are scaled.
    pub(super) smooth: bool,
    pub(super) text: TextState,
    /// The drawing style's `rectMode`, known at once: a text box reads it.
    pub(super) rect_mode: Mode,
}

impl Default for Look {
    fn default() -> Self {
        Look {
            colors: ColorState::default(),
            clipped: false,
            image_mode: Mode::Corner,
            tint: None,
            smooth: true,
            text: TextState::default(),
            rect_mode: Mode::Corner,
        }
    }
}

/// A surface's `Look` and the ones `push()` saved of it.
#[derive(Default)]
pub(super) struct Looks {
    pub(super) now: Look,
    saved: Vec<Look>,
}

impl Looks {
    /// Saves the look, for `pop`: the new level has made no clip yet.
    /// `Err` past `MAX_SAVED` levels.
    fn push(&mut self) -> Result<(), String> {
        if self.saved.len() >= MAX_SAVED {
            return Err(format!(
                "push(): {MAX_SAVED} states saved and not restored, the most kept (a pop() missing?)"
            ));
        }
        self.saved.push(self.now.clone());
        self.now.clipped = false;
        Ok(())
    }

    /// Restores the look the matching `push` saved; nothing when none
    /// did. The text's ascent and descent measured stay, as p5's do.
    fn pop(&mut self) {
        if let Some(look) = self.saved.pop() {
            let metrics = self.now.text.metrics;
            self.now = look;
            self.now.text.metrics = metrics;
        }
    }

    /// How many clips the levels hold, this one's to come included.
    pub(super) fn clips_with_one_more(&self) -> u64 {
        1 + self.saved.iter().filter(|l| l.clipped).count() as u64
    }
}

impl Stage {
    /// Runs `f` on the target's text state.
    pub(super) fn text<R>(&self, f: impl FnOnce(&mut TextState) -> R) -> R {
        f(&mut self.state().look.now.text)
    }

    /// Runs `f` on the target's look, or with `canvas` on the sketch's
    /// canvas's (the target or not).
    pub(super) fn look_of<R>(&self, canvas: bool, f: impl FnOnce(&Look) -> R) -> R {
        let state = self.state();
        if canvas && state.target != CANVAS {
            if let Some(looks) = state.surfaces.looks(CANVAS) {
                return f(&looks.now);
            }
        }
        f(&state.look.now)
    }
}

/// The box an image is drawn in for `image()`'s (x, y, w, h) read in
/// `mode`, as p5's `modeAdjust`: sizes made positive, (x, y) the corner
/// (`Corner`), the centre (`Center`), or (w, h) the other corner
/// (`Corners`).
pub(super) fn placed([x, y, w, h]: [f64; 4], mode: Mode) -> [f64; 4] {
    match mode {
        Mode::Corners => [x.min(w), y.min(h), (w - x).abs(), (h - y).abs()],
        Mode::Center => {
            let (w, h) = (w.abs(), h.abs());
            [x - w * 0.5, y - h * 0.5, w, h]
        }
        Mode::Corner | Mode::Radius => [x, y, w.abs(), h.abs()],
    }
}

/// Installs `push`, `pop` and the image look's setters on `native`.
pub(super) fn install_look<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
) -> rquickjs::Result<()> {
    let s = stage.clone();
    set(ctx, native, "push", move |ctx: Ctx<'js>| {
        s.state()
            .look
            .push()
            .map_err(|why| Exception::throw_message(&ctx, &why))?;
        let drawn = s.draw(&ctx, Op::Push);
        if drawn.is_err() {
            s.state().look.pop();
        }
        drawn
    })?;
    let s = stage.clone();
    set(ctx, native, "pop", move |ctx: Ctx<'js>| {
        s.draw(&ctx, Op::Pop)?;
        s.state().look.pop();
        Ok::<_, rquickjs::Error>(())
    })?;
    // p5 ignores a mode that is not CORNER, CORNERS or CENTER.
    let s = stage.clone();
    set(ctx, native, "imageMode", move |m: String| {
        let mode = match m.as_str() {
            "corner" => Mode::Corner,
            "corners" => Mode::Corners,
            "center" => Mode::Center,
            _ => return,
        };
        s.state().look.now.image_mode = mode;
    })?;
    let s = stage.clone();
    set(ctx, native, "tint", move |v: Rest<N>| {
        let level = |i: usize| v.0.get(i).map_or(0.0, |n| n.0).clamp(0.0, 255.0) as u8;
        s.state().look.now.tint = Some([0, 1, 2, 3].map(level));
    })?;
    let s = stage.clone();
    set(ctx, native, "noTint", move || {
        s.state().look.now.tint = None
    })?;
    let s = stage.clone();
    set(ctx, native, "smooth", move |on: bool| {
        s.state().look.now.smooth = on
    })?;
    let s = stage.clone();
    set(ctx, native, "isSmooth", move || s.state().look.now.smooth)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pop_restores_the_look_and_the_level_clips_afresh() {
        let mut looks = Looks::default();
        looks.now.clipped = true;
        looks.push().unwrap();
        assert!(!looks.now.clipped);
        looks.now.image_mode = Mode::Center;
        looks.now.tint = Some([1, 2, 3, 4]);
        looks.now.smooth = false;
        assert_eq!(looks.clips_with_one_more(), 2);
        looks.pop();
        assert!(looks.now.clipped && looks.now.smooth);
        assert_eq!((looks.now.image_mode, looks.now.tint), (Mode::Corner, None));
        looks.pop();
        assert!(looks.now.clipped);
    }

    #[test]
    fn images_are_placed_as_p5_reads_each_mode() {
        let b = [10.0, 20.0, -4.0, 6.0];
        assert_eq!(placed(b, Mode::Corner), [10.0, 20.0, 4.0, 6.0]);
        assert_eq!(placed(b, Mode::Center), [8.0, 17.0, 4.0, 6.0]);
        assert_eq!(placed(b, Mode::Corners), [-4.0, 6.0, 14.0, 14.0]);
    }
}
