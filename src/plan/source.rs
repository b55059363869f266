//! The built-in scenes as a [`Source`]: each pass builds the scene from its
//! settings, and the scene's canvas is the one its settings give.

use crate::error::Error;
use crate::p5::P5;
use crate::params::Settings;
use crate::scene::Scene;
use crate::sketch::{Sketch, Snapshot, Source};

/// A scene with its settings, checked: what `--scene` and `--preset`
/// render.
#[derive(Debug, Clone)]
pub struct SceneSource {
    settings: Settings,
    name: String,
    /// Frames stepped, which bounds the tree's largest generation.
    steps: u32,
}

impl SceneSource {
    /// The scene of `settings`, named `name` (the preset's, or the scene's),
    /// of which `steps` frames are stepped. The settings must be checked
    /// (see `preset::checked_settings`).
    pub fn new(settings: Settings, name: &str, steps: u32) -> Self {
        SceneSource {
            settings,
            name: name.into(),
            steps,
        }
    }
}

impl Source for SceneSource {
    fn build(&self) -> Result<Box<dyn Sketch>, Error> {
        let run = &self.settings.run;
        let scene = self.settings.scene.build(
            run.width,
            run.height,
            run.seed,
            self.settings.frames(),
            self.steps,
        )?;
        Ok(Box::new(Builtin {
            scene,
            size: (run.width, run.height),
            transparent: false,
        }))
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn frames(&self) -> u32 {
        self.settings.frames()
    }

    fn fps(&self) -> f64 {
        self.settings.run.fps
    }

    fn still_frame(&self, frames: u32) -> u32 {
        self.settings.scene.still_frame(frames)
    }

    fn placeholders(&self) -> Vec<(&'static str, String)> {
        vec![
            ("scene", self.settings.scene.kind().name().into()),
            ("seed", self.settings.run.seed.to_string()),
        ]
    }

    fn size_hint(&self) -> Option<(u32, u32)> {
        Some((self.settings.run.width, self.settings.run.height))
    }
}

/// A scene as a sketch.
struct Builtin {
    scene: Box<dyn Scene>,
    size: (u32, u32),
    /// `background()` clears the canvas, so every frame starts afresh.
    transparent: bool,
}

impl Sketch for Builtin {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        self.transparent = p5.is_transparent();
        p5.create_canvas(self.size.0, self.size.1)
    }

    fn update(&mut self, frame: u32) -> Result<(), Error> {
        self.scene.step(frame);
        Ok(())
    }

    fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
        self.scene.draw(p5);
        Ok(())
    }

    fn repaints(&self) -> bool {
        self.transparent || self.scene.repaints()
    }

    fn snapshot(&self) -> Option<Box<dyn Snapshot>> {
        Some(Box::new(Frozen(self.scene.snapshot())))
    }

    fn look(&self) -> Option<u64> {
        self.scene.look()
    }
}

/// A scene's state, drawn on another thread.
struct Frozen(Box<dyn Scene>);

impl Snapshot for Frozen {
    fn draw(&self, p5: &mut P5) -> Result<(), Error> {
        self.0.draw(p5);
        Ok(())
    }
}
