//! The canvases a sketch makes besides its own: p5.Image (`loadImage`,
//! `createImage`, `get()` of an area) and p5.Graphics (`createGraphics`),
//! each a whole canvas of the drawing layer with its own style, known by
//! a number. The drawing calls of a graphics go to the same natives as
//! the canvas's, once it is made their target (see `bind::Stage::target`).
//!
//! Their pixels are bounded all together, and released when the
//! JavaScript object is collected (or at `remove()`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::look::Looks;
use crate::limits::{scaled, MAX_SIDE};
use crate::p5::{Kind, P5};

/// The most pixels a sketch's images and graphics may hold together:
/// 67,108,864 (256 MiB).
pub(super) const MAX_PIXELS: u64 = 1 << 26;

/// The raster, in pixels, of one image or graphics of `width` x `height`
/// canvas units at `density` pixels per unit (rounded down, as a canvas
/// is sized); `Err` with that raster when a side is 0 or passes
/// `MAX_SIDE`, or the whole passes `MAX_PIXELS`. Checked before a surface
/// is made: making one allocates its pixels.
pub(super) fn raster(width: u32, height: u32, density: f64) -> Result<(u32, u32), (u64, u64)> {
    let (w, h) = (scaled(width, density), scaled(height, density));
    let fits = w > 0 && h > 0 && w.max(h) <= u64::from(MAX_SIDE) && w * h <= MAX_PIXELS;
    if fits {
        Ok((w as u32, h as u32))
    } else {
        Err((w, h))
    }
}

/// The main canvas's number: the target when no other is.
pub(super) const CANVAS: u32 = 0;

/// A canvas and the state of the natives that goes with it: what the
/// main canvas has in `bind::State` while it is the target.
pub(super) struct Surface {
    pub(super) p5: P5,
    pub(super) kind: Kind,
    pub(super) look: Looks,
}

impl Surface {
    pub(super) fn new(p5: P5) -> Surface {
        Surface {
            p5,
            kind: Kind::Polygon,
            look: Looks::default(),
        }
    }
}

/// The pixels of `p5`'s raster.
fn pixels_of(p5: &P5) -> u64 {
    let (w, h) = p5.drawing().size();
    u64::from(w) * u64::from(h)
}

/// Every surface but the target, by number; the main canvas among them
/// while another is the target.
#[derive(Default)]
pub(super) struct Surfaces {
    map: HashMap<u32, Surface>,
    /// The last number given.
    last: u32,
    /// Numbers whose JavaScript objects were collected: released at the
    /// next `make`.
    dropped: Rc<RefCell<Vec<u32>>>,
}

/// Kept by the JavaScript object of a surface (in a function it holds):
/// when the object is collected, so is this, and the surface is released.
pub(super) struct Guard {
    pub(super) id: u32,
    dropped: Rc<RefCell<Vec<u32>>>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        // The collector may run while anything else is borrowed; this is
        // borrowed for a push only.
        if let Ok(mut dropped) = self.dropped.try_borrow_mut() {
            dropped.push(self.id);
        }
    }
}

impl Surfaces {
    /// Whether `extra` pixels more fit under `MAX_PIXELS` with those
    /// held (after releasing what was collected); `Err` with the total
    /// they would make.
    pub(super) fn room(&mut self, extra: u64) -> Result<(), u64> {
        self.release_dropped();
        let held: u64 = self
            .map
            .iter()
            .filter(|(&id, _)| id != CANVAS)
            .map(|(_, s)| pixels_of(&s.p5))
            .sum();
        let total = held + extra;
        if total > MAX_PIXELS {
            Err(total)
        } else {
            Ok(())
        }
    }

    /// Keeps `p5` as a new surface, with its number in a guard.
    pub(super) fn make(&mut self, p5: P5) -> Guard {
        self.last += 1;
        self.map.insert(self.last, Surface::new(p5));
        Guard {
            id: self.last,
            dropped: self.dropped.clone(),
        }
    }

    /// Releases the surfaces whose objects were collected.
    fn release_dropped(&mut self) {
        let ids = std::mem::take(&mut *self.dropped.borrow_mut());
        for id in ids {
            self.remove(id);
        }
    }

    /// Releases surface `id` (p5's `remove()`); nothing when it is gone.
    pub(super) fn remove(&mut self, id: u32) {
        if id != CANVAS {
            self.map.remove(&id);
        }
    }

    /// Surface `id`, taken out to become the target.
    pub(super) fn take(&mut self, id: u32) -> Option<Surface> {
        self.map.remove(&id)
    }

    /// Puts back surface `id`, no longer the target.
    pub(super) fn put(&mut self, id: u32, surface: Surface) {
        self.map.insert(id, surface);
    }

    /// The canvas of surface `id`, when it exists and is not the target.
    pub(super) fn get(&self, id: u32) -> Option<&P5> {
        self.map.get(&id).map(|s| &s.p5)
    }

    /// The look of surface `id`, when it exists and is not the target.
    pub(super) fn looks(&self, id: u32) -> Option<&Looks> {
        self.map.get(&id).map(|s| &s.look)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_guard_releases_its_surface_at_the_next_count() {
        let mut surfaces = Surfaces::default();
        let a = surfaces.make(P5::new(100, 100, 1.0).unwrap());
        let b = surfaces.make(P5::new(10, 10, 2.0).unwrap());
        assert_ne!(a.id, b.id);
        assert_eq!(surfaces.room(MAX_PIXELS - 10_400), Ok(()));
        assert_eq!(surfaces.room(MAX_PIXELS), Err(MAX_PIXELS + 10_400));
        let id = a.id;
        drop(a);
        assert!(surfaces.get(id).is_some(), "released at the next count");
        assert_eq!(surfaces.room(MAX_PIXELS - 400), Ok(()));
        assert!(surfaces.get(id).is_none());
        // remove() releases at once; the canvas is never released.
        surfaces.remove(b.id);
        assert!(surfaces.get(b.id).is_none());
        surfaces.put(CANVAS, Surface::new(P5::new(1000, 1000, 1.0).unwrap()));
        surfaces.remove(CANVAS);
        assert_eq!(
            surfaces.room(MAX_PIXELS),
            Ok(()),
            "the canvas is not counted"
        );
        assert!(surfaces.take(CANVAS).is_some());
    }
}
