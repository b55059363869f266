//! p5's `beginClip()` / `endClip()` on the 2D canvas: the shapes drawn
//! between them are not drawn but gathered into one path, in pixels, and
//! `endClip()` makes it the canvas's clip, intersected with any clip before
//! it, until the `pop()` that undoes it (or a new canvas). As Chromium's
//! canvas: the path is filled non-zero, anti-aliased, and what is drawn
//! afterwards changes a pixel in proportion to the clip's cover of it.
//!
//! p5.js 1.11 gathers the shapes into the context's current path, so that
//! only their geometry counts: a stroke adds its path, not its outline,
//! and text adds nothing. `beginClip({ invert: true })` starts the path
//! with a rectangle twice the canvas's size about its origin, wound the
//! other way from p5's shapes: a shape cancels it where it lies, and two
//! overlapping shapes cancel it only once, as in p5.

use std::sync::Arc;

use tiny_skia::{FillRule, Mask, Path, PathBuilder, Transform};

use super::damage::Box;
use crate::p5::{Drawing, P5};

impl P5 {
    /// p5's `beginClip(options)`: the shapes drawn from now on make the
    /// clip, `invert` keeping what lies outside them instead.
    pub fn begin_clip(&mut self, invert: bool) {
        let mut pb = PathBuilder::new();
        if invert {
            let (w, h) = (self.width() as f32, self.height() as f32);
            let mut rect = PathBuilder::new();
            rect.move_to(-2.0 * w, -2.0 * h);
            rect.line_to(-2.0 * w, 2.0 * h);
            rect.line_to(2.0 * w, 2.0 * h);
            rect.line_to(2.0 * w, -2.0 * h);
            rect.close();
            if let Some(rect) = rect.finish().and_then(|r| r.transform(self.transform())) {
                pb.push_path(&rect);
            }
        }
        self.clipping = Some(pb);
    }

    /// p5's `endClip()`: the shapes since `beginClip` become the clip,
    /// within the clip there was. Nothing is drawn at all after a clip
    /// that gathered nothing.
    pub fn end_clip(&mut self) {
        let Some(pb) = self.clipping.take() else {
            return;
        };
        let (w, h) = self.drawing.size();
        let mut mask = match &self.style.clip {
            Some(clip) if (clip.width(), clip.height()) == (w, h) => Mask::clone(clip),
            _ => {
                let mut all = Mask::new(w, h).expect("the canvas's size");
                all.data_mut().fill(255);
                all
            }
        };
        match pb.finish() {
            Some(path) => {
                mask.intersect_path(&path, FillRule::Winding, true, Transform::identity())
            }
            None => mask.clear(),
        }
        self.style.clip = Some(Arc::new(mask));
    }

    /// While a clip is being gathered (see `gathering_clip`), adds `path`
    /// (in user space, under the current transform) to it.
    pub(in crate::p5) fn gather_clip(&mut self, path: &Path) {
        let ts = self.transform();
        if let (Some(pb), Some(path)) = (&mut self.clipping, path.clone().transform(ts)) {
            pb.push_path(&path);
        }
    }

    /// Whether a clip is being gathered (between `beginClip` and `endClip`).
    pub(in crate::p5) fn gathering_clip(&self) -> bool {
        self.clipping.is_some()
    }

    /// Whether a clip holds what is drawn: drawing covers less than its
    /// shapes.
    pub(crate) fn is_clipped(&self) -> bool {
        self.style.clip.is_some()
    }

    /// Runs `paint`, which may change any pixel, held by the clip if there
    /// is one (nothing is known of the pixels after a clipped paint).
    pub(in crate::p5) fn whole_canvas(&mut self, paint: impl FnOnce(&mut Drawing)) {
        let Some(clip) = self.clip() else {
            return paint(&mut self.drawing);
        };
        let whole = Box::whole(self.drawing.size());
        self.drawing.clipped(&clip, whole, paint);
        self.drawing.everywhere();
    }

    /// The clip, when there is one of the canvas's size.
    pub(in crate::p5) fn clip(&self) -> Option<Arc<Mask>> {
        let size = self.drawing.size();
        self.style
            .clip
            .clone()
            .filter(|m| (m.width(), m.height()) == size)
    }
}
