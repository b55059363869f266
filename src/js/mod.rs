//! Users' own p5.js sketches, run in an embedded JavaScript engine
//! (QuickJS-NG) and drawn by whalegen's p5 layer: the third implementation
//! of the frame-source seam, after the built-in scenes and Rust sketches.

mod bind;
mod colour;
mod engine;
mod load;

use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;

use engine::Engine;
pub use engine::Limits;
use load::Script;

use crate::check;
use crate::error::Error;
use crate::options::SketchOptions;
use crate::p5::{Drawing, P5};
use crate::params::parse_set;
use crate::pointer::Pointer;
use crate::sketch::{Sketch, Source};

/// p5's frame rate when the sketch does not call `frameRate()`.
const P5_FPS: f64 = 60.0;

/// Seconds of animation rendered when `--frames` is not given.
const DEFAULT_SECONDS: f64 = 2.0;

/// A p5.js sketch, loaded and tried once: its scripts, what they asked
/// for in `setup()`, and how to run them again for each pass.
#[derive(Debug, Clone)]
pub struct JsSource {
    name: String,
    scripts: Vec<Script>,
    seed: u32,
    /// `getURLParams()` as JSON.
    params: String,
    limits: Limits,
    pointer: Pointer,
    fps: f64,
    /// `setup()` called `noLoop()`, or there is no `draw()`: one frame.
    still: bool,
    size: (u32, u32),
    /// Lines `print()` has shown, over every run (see `bind::State`).
    shown: Arc<AtomicUsize>,
}

impl JsSource {
    /// Loads the sketch of `options` and runs its `setup()` once, to learn
    /// its canvas size, frame rate and whether it loops. `fps` is the
    /// rate asked for on the command line, if any: the sketch's clock
    /// (`millis()`, `deltaTime`) follows it. Fails on a file that can't be
    /// read, a syntax error, or an error in `setup()`.
    pub fn load(options: &SketchOptions, fps: Option<f64>) -> Result<JsSource, Error> {
        let (name, scripts) = load::scripts(&options.path)?;
        let mut params = serde_json::Map::new();
        for set in &options.set {
            let (key, value) = parse_set(set)?;
            let text = match value {
                toml::Value::String(s) => s,
                other => other.to_string(),
            };
            params.insert(key, serde_json::Value::String(text));
        }
        check::in_range("time-limit", options.time_limit, 0.001, 86_400.0)?;
        check::in_range("heap", options.heap as f64, 16.0, 65_536.0)?;
        let limits = Limits {
            time: Duration::from_secs_f64(options.time_limit),
            heap: (options.heap as usize) << 20,
        };
        let mut source = JsSource {
            name,
            scripts,
            // p5's generator takes the seed modulo 2^32.
            seed: options.seed.unwrap_or(0) as u32,
            params: serde_json::Value::Object(params).to_string(),
            limits,
            pointer: options.pointer.clone(),
            fps: fps.unwrap_or(P5_FPS),
            still: false,
            size: (100, 100),
            shown: Arc::default(),
        };
        let mut probe = source.start()?;
        let mut p5 = P5::before_setup(1, false);
        probe.setup(&mut p5).map_err(|error| Error::InSketch {
            frame: None,
            error: Box::new(error),
        })?;
        source.size = (p5.width(), p5.height());
        if fps.is_none() {
            if let Some(asked) = probe.engine.stage.state().fps {
                source.fps = asked;
            }
        }
        source.still = probe.engine.stage.state().no_loop || !probe.engine.ask("hasDraw")?;
        Ok(source)
    }

    fn start(&self) -> Result<JsSketch, Error> {
        let engine = Engine::new(self.limits, self.seed, self.shown.clone())?;
        engine.call("params", (self.params.as_str(),), "getURLParams")?;
        engine.call("frameRate", (self.fps,), "frameRate")?;
        for script in &self.scripts {
            engine.eval(&script.name, &script.code)?;
        }
        Ok(JsSketch::new(engine, self.pointer.clone()))
    }
}

impl Source for JsSource {
    fn build(&self) -> Result<Box<dyn Sketch>, Error> {
        Ok(Box::new(self.start()?))
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn frames(&self) -> u32 {
        if self.still {
            1
        } else {
            (self.fps * DEFAULT_SECONDS).round().max(1.0) as u32
        }
    }

    fn fps(&self) -> f64 {
        self.fps
    }

    fn placeholders(&self) -> Vec<(&'static str, String)> {
        vec![
            ("sketch", self.name.clone()),
            ("seed", self.seed.to_string()),
        ]
    }

    fn size_hint(&self) -> Option<(u32, u32)> {
        Some(self.size)
    }
}

/// A running sketch: one engine, set up once, drawn frame after frame.
///
/// The canvas is the sketch's own once `setup()` has run: each frame's
/// `draw()` runs when the frame is stepped to (`update`), its drawing calls
/// recorded, and they are drawn only when a frame is shown (`draw`), then
/// the canvas is copied into the frame. Calls whose pixels a later
/// background covers are never drawn (see `bind::flush`), so frames that
/// are not shown (a GIF's preview, `--frame`, `--start`) cost their
/// JavaScript only; the pictures are those of drawing every call.
struct JsSketch {
    engine: Engine,
    pointer: Pointer,
    /// The frame being stepped to, from 0.
    frame: u32,
    /// The canvas's size in pixels, as `setup()` chose it.
    size: (u32, u32),
    /// A drawing of that size to copy the next frame into.
    spare: Option<Drawing>,
}

impl JsSketch {
    fn new(engine: Engine, pointer: Pointer) -> JsSketch {
        JsSketch {
            engine,
            pointer,
            frame: 0,
            size: (0, 0),
            spare: None,
        }
    }

    /// Runs `f` with drawing calls allowed, drawn at once or `deferred`.
    fn live<T>(&self, deferred: bool, f: impl FnOnce(&Engine) -> T) -> T {
        {
            let mut state = self.engine.stage.state();
            state.live = true;
            state.defer = deferred;
        }
        let result = f(&self.engine);
        self.engine.stage.state().live = false;
        result
    }
}

impl Sketch for JsSketch {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        let placeholder = P5::new(1, 1, 1).expect("a 1 x 1 canvas");
        self.engine.stage.state().p5 = Some(std::mem::replace(p5, placeholder));
        let result = self.live(false, |engine| engine.call("setup", (), "setup()"));
        // The canvas stays here; the caller's is a blank one like it.
        let state = self.engine.stage.state();
        let canvas = state.p5.as_ref().expect("the canvas stays");
        *p5 = canvas.sibling(canvas.blank_drawing());
        self.size = canvas.drawing().size();
        result
    }

    fn update(&mut self, frame: u32) -> Result<(), Error> {
        self.frame = frame;
        let n = frame + 1;
        let (width, height) = {
            let state = self.engine.stage.state();
            let canvas = state.p5.as_ref().expect("set up");
            (f64::from(canvas.width()), f64::from(canvas.height()))
        };
        let (x, y, pressed) = self.pointer.at(frame, width, height);
        self.live(true, |engine| {
            // As the transform is reset before each draw().
            engine.stage.reset_matrix();
            engine.call("draw", (n, x, y, pressed), "draw()")
        })?;
        let state = self.engine.stage.state();
        let size = state.p5.as_ref().expect("set up").drawing().size();
        if size != self.size {
            return Err(Error::sketch(format!(
                "createCanvas changed the canvas from {} x {} to {} x {} pixels; \
                 choose its size in setup",
                self.size.0, self.size.1, size.0, size.1
            )));
        }
        Ok(())
    }

    fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
        self.engine.stage.flush();
        let state = self.engine.stage.state();
        let canvas = state.p5.as_ref().expect("set up");
        let mut drawing = match self.spare.take() {
            Some(d) if d.size() == self.size => d,
            _ => canvas.blank_drawing(),
        };
        drawing.copy_from(canvas.drawing());
        drop(state);
        p5.swap_drawing(&mut drawing);
        self.spare = Some(drawing);
        Ok(())
    }

    /// Every frame is drawn whole from the sketch's own canvas.
    fn repaints(&self) -> bool {
        true
    }
}
