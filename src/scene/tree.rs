//! `tree`: an L-system plant drawn by a turtle (SCENES.md).

use super::lsystem::LSystem;
pub use super::tree_params::{TreeParams, MAX_STROKES};
use super::{Scene, V2};
use crate::p5::{Rgba, P5};

/// Where and how big generation `generation` is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Placement {
    pub(super) origin: V2,
    pub(super) len: f64,
}

/// The tree scene's state: the generation on show.
#[derive(Debug, Clone)]
pub struct Tree {
    params: TreeParams,
    system: LSystem,
    width: f64,
    height: f64,
    generation: u32,
    placement: Placement,
    /// How far the generation has faded into generation 0, in `hold`ths.
    fade: u32,
    /// Generation 0's placement, drawn as the last one fades.
    first: Placement,
}

impl Tree {
    /// The tree of `params` and its compiled `system` on a `width` x
    /// `height` canvas; the parameters must be checked.
    pub fn new(params: TreeParams, system: LSystem, width: u32, height: u32) -> Self {
        let mut tree = Tree {
            params,
            system,
            width: f64::from(width),
            height: f64::from(height),
            generation: 0,
            placement: Placement {
                origin: V2::new(0.0, 0.0),
                len: 0.0,
            },
            fade: 0,
            first: Placement {
                origin: V2::new(0.0, 0.0),
                len: 0.0,
            },
        };
        tree.first = tree.place(0);
        tree.placement = tree.first;
        tree
    }

    /// The generation drawn now, from 0.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Where generation `generation` starts and how long its lines are: as
    /// SCENES.md, or with `fit`, measured first and scaled to the canvas.
    fn place(&self, generation: u32) -> Placement {
        let p = &self.params;
        let sketch = p.sketch_placement(self.width, self.height, generation);
        if !p.fit {
            return sketch;
        }
        let Some(bounds) = p.measure(&self.system, generation) else {
            return sketch;
        };
        let room = |side: f64| (side - 2.0 * p.margin).max(0.0);
        let size = bounds.size();
        let scale = [(room(self.width), size.x), (room(self.height), size.y)]
            .into_iter()
            .filter(|&(_, extent)| extent > 1e-9)
            .map(|(room, extent)| room / extent)
            .fold(f64::INFINITY, f64::min);
        let scale = if scale.is_finite() { scale } else { 1.0 };
        let centre = V2::new(self.width / 2.0, self.height / 2.0);
        Placement {
            origin: centre - bounds.centre() * scale,
            len: scale,
        }
    }

    /// Draws `generation` at `placement`, its stroke's alpha times `opacity`.
    fn draw_generation(&self, p5: &mut P5, generation: u32, placement: Placement, opacity: f64) {
        let p = &self.params;
        let alpha = (f64::from(p.stroke.a) * opacity).round() as u8;
        p5.stroke(Rgba {
            a: alpha,
            ..p.stroke
        });
        p5.reset_matrix();
        let Placement { origin, len } = placement;
        p5.translate(origin.x, origin.y);
        // The sketch draws up with no rotation: keep its transform exact.
        if p.turn() != 0.0 {
            p5.rotate(p.turn());
        }
        p.turtle(len).run(&self.system, generation, p5);
    }
}

impl Scene for Tree {
    fn repaints(&self) -> bool {
        self.params.background.a == 255
    }

    fn snapshot(&self) -> Box<dyn Scene> {
        Box::new(self.clone())
    }

    /// The picture changes only with the generation and the fade.
    fn look(&self) -> Option<u64> {
        Some(u64::from(self.generation) | u64::from(self.fade) << 32)
    }

    fn step(&mut self, frame: u32) {
        let (generation, fade) = self.params.shown(frame);
        if generation != self.generation {
            self.generation = generation;
            self.placement = self.place(generation);
        }
        self.fade = fade;
    }

    fn draw(&self, p5: &mut P5) {
        let p = &self.params;
        p5.background(p.background);
        p5.stroke_weight(p.stroke_weight);
        if self.fade == 0 {
            self.draw_generation(p5, self.generation, self.placement, 1.0);
        } else {
            let faded = f64::from(self.fade) / f64::from(p.hold);
            self.draw_generation(p5, 0, self.first, faded);
            self.draw_generation(p5, self.generation, self.placement, 1.0 - faded);
        }
    }
}
