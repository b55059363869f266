//! Users' own p5.js sketches, run in an embedded JavaScript engine
//! (QuickJS-NG) and drawn by whalegen's p5 layer: the third implementation
//! of the frame-source seam, after the built-in scenes and Rust sketches.

mod bind;
mod colour;
mod context;
mod engine;
mod files;
mod filter;
mod image;
mod load;
mod look;
pub(crate) mod maths;
mod natives;
mod numbers;
mod pixels;
mod record;
mod surfaces;
mod text;
mod text_state;
mod version;
mod xml;

use std::path::Path;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bind::Stage;
use engine::Engine;
pub use engine::Limits;
use load::Script;
use record::Op;
use version::Chosen;
pub(crate) use xml::parse as parse_xml;

use crate::check;
use crate::error::Error;
use crate::folder::Folder;
use crate::limits::{MAX_FPS, MAX_SIDE, MIN_FPS};
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
    /// The name outputs take: the preset's, else `stem`.
    name: String,
    /// The sketch's file (or folder) name without `.js`.
    stem: String,
    /// The folder its data files are read from: the sketch's own.
    folder: Arc<Folder>,
    scripts: Vec<Script>,
    /// The p5.js it was written for, and why that one.
    p5: Chosen,
    seed: u32,
    /// The browser window, in CSS pixels (`windowWidth`, `windowHeight`).
    window: (u32, u32),
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
    /// The drawing calls of the longest run so far (see `Recording`).
    recorded: Arc<Mutex<Option<Arc<Recording>>>>,
}

/// The drawing calls of one run of the sketch, in `setup()` and in each
/// frame's `draw()`. A run is the same calls each time (the seed, the
/// clock, the pointer and the parameters are the same), so the next pass
/// over the same canvas (a GIF's frames after its preview) draws them
/// again without running the JavaScript.
#[derive(Debug)]
struct Recording {
    /// The canvas's density and transparency: what the sketch may read.
    canvas: (u64, bool),
    setup: Vec<Op>,
    frames: Vec<Vec<Op>>,
}

/// The most drawing calls recorded in a run, 32 MiB of them: the next
/// pass replays those and runs the JavaScript for the frames past them,
/// so memory stops growing with the frame count there.
const MAX_RECORDED: usize = (32 << 20) / std::mem::size_of::<Op>();

impl JsSource {
    /// The names of a sketch's own output placeholders: `{sketch}`, its
    /// file name without `.js`, and `{seed}`.
    pub const PLACEHOLDERS: [&'static str; 2] = ["sketch", "seed"];

    /// Loads the sketch of `options` and runs its `setup()` once, to learn
    /// its canvas size, frame rate and whether it loops. `fps` is the
    /// rate asked for on the command line, if any: the sketch's clock
    /// (`millis()`, `deltaTime`) follows it. Fails on a file that can't be
    /// read, a syntax error, or an error in `setup()`.
    pub fn load(options: &SketchOptions, fps: Option<f64>) -> Result<JsSource, Error> {
        let folder = Arc::new(Folder::open(match &options.path {
            dir if dir.is_dir() => dir,
            file => match file.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            },
        })?);
        let page = load::scripts(&options.path, &folder)?;
        let (stem, scripts) = (page.name, page.scripts);
        let name = options.name.clone().unwrap_or_else(|| stem.clone());
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
        let (width, height) = options.window;
        check::in_range("width", f64::from(width), 1.0, f64::from(MAX_SIDE))?;
        check::in_range("height", f64::from(height), 1.0, f64::from(MAX_SIDE))?;
        let limits = Limits {
            time: Duration::from_secs_f64(options.time_limit),
            heap: (options.heap as usize) << 20,
        };
        let p5 = version::choose(options.p5, &page.p5_tags, &folder, &scripts);
        let mut source = JsSource {
            name,
            stem,
            folder,
            scripts,
            p5,
            // p5's generator takes the seed modulo 2^32.
            seed: options.seed.unwrap_or(0) as u32,
            window: options.window,
            params: serde_json::Value::Object(params).to_string(),
            limits,
            pointer: options.pointer.clone(),
            fps: fps.unwrap_or(P5_FPS),
            still: false,
            size: (100, 100),
            shown: Arc::default(),
            recorded: Arc::default(),
        };
        let mut probe = source.start(false)?;
        let mut p5 = P5::before_setup(1.0, false);
        probe.setup(&mut p5).map_err(|error| Error::InSketch {
            frame: None,
            error: Box::new(error),
        })?;
        source.size = (p5.width(), p5.height());
        if fps.is_none() {
            if let Some(asked) = probe.stage.state().fps {
                source.fps = asked;
            }
        }
        let Run::Live(engine) = &probe.run else {
            unreachable!("started live")
        };
        source.still = probe.stage.state().no_loop || !engine.ask("hasDraw")?;
        Ok(source)
    }

    /// A sketch that runs the JavaScript (`record`: and records its
    /// drawing calls for the next pass).
    fn start(&self, record: bool) -> Result<JsSketch, Error> {
        let mut sketch = JsSketch::new(self, Run::Live(self.engine()?));
        if record {
            sketch.recording = Some(Recording {
                canvas: (0, false),
                setup: Vec::new(),
                frames: Vec::new(),
            });
        }
        Ok(sketch)
    }

    /// An engine with the sketch's scripts evaluated, before `setup()`.
    fn engine(&self) -> Result<Engine, Error> {
        let engine = Engine::new(
            self.limits,
            self.p5.version,
            self.seed,
            self.shown.clone(),
            self.folder.clone(),
        )?;
        engine.call("params", (self.params.as_str(),), "getURLParams")?;
        engine.call("window", self.window, "windowWidth")?;
        engine.stage.state().clock = self.fps;
        for script in &self.scripts {
            engine
                .eval(&script.name, &script.code)
                .map_err(|error| script.explain(error))?;
        }
        Ok(engine)
    }
}

impl Source for JsSource {
    fn build(&self) -> Result<Box<dyn Sketch>, Error> {
        let recorded = self
            .recorded
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone();
        match recorded {
            Some(recording) => Ok(Box::new(JsSketch::new(self, Run::Replay(recording)))),
            None => Ok(Box::new(self.start(true)?)),
        }
    }

    fn name(&self) -> String {
        self.name.clone()
    }

    fn frames(&self) -> u32 {
        if self.still {
            1
        } else {
            (self.fps() * DEFAULT_SECONDS).round().max(1.0) as u32
        }
    }

    /// The rate the output plays at: the sketch's, within what a GIF or a
    /// video holds. A sketch's `frameRate(500)` runs its clock at 500 fps
    /// (`millis()`, `deltaTime`, as p5's harness does) and plays at
    /// `MAX_FPS`, as a browser shows it no faster than its screen; only
    /// `--fps` past the limits is refused.
    fn fps(&self) -> f64 {
        self.fps.clamp(MIN_FPS, MAX_FPS)
    }

    fn placeholders(&self) -> Vec<(&'static str, String)> {
        let [sketch, seed] = JsSource::PLACEHOLDERS;
        vec![(sketch, self.stem.clone()), (seed, self.seed.to_string())]
    }

    fn size_hint(&self) -> Option<(u32, u32)> {
        Some(self.size)
    }

    fn about(&self) -> Option<String> {
        Some(self.p5.about())
    }
}

/// A running sketch: one engine, set up once, drawn frame after frame, or
/// the drawing calls a run recorded.
///
/// The canvas is the sketch's own once `setup()` has run: each frame's
/// `draw()` runs when the frame is stepped to (`update`), its drawing calls
/// recorded, and they are drawn only when a frame is shown (`draw`), then
/// the canvas is copied into the frame. Calls whose pixels a later
/// background covers are never drawn (see `bind::flush`), so frames that
/// are not shown (a GIF's preview, `--frame`, `--start`) cost their
/// JavaScript only; the pictures are those of drawing every call.
struct JsSketch {
    source: JsSource,
    run: Run,
    /// Where the canvas and the drawing calls are.
    stage: Stage,
    /// The calls of this run, recorded for the next pass.
    recording: Option<Recording>,
    pointer: Pointer,
    /// The canvas's size in pixels, as `setup()` chose it.
    size: (u32, u32),
    /// A drawing of that size to copy the next frame into.
    spare: Option<Drawing>,
    /// The frame stepped to last.
    frame: u32,
}

enum Run {
    Live(Engine),
    Replay(Arc<Recording>),
}

impl JsSketch {
    fn new(source: &JsSource, run: Run) -> JsSketch {
        let stage = match &run {
            Run::Live(engine) => engine.stage.clone(),
            Run::Replay(_) => Stage::new(source.seed, source.shown.clone()),
        };
        JsSketch {
            source: source.clone(),
            run,
            stage,
            recording: None,
            pointer: source.pointer.clone(),
            size: (0, 0),
            spare: None,
            frame: 0,
        }
    }

    /// Runs `f` with drawing calls allowed, drawn at once or `deferred`.
    fn live<T>(stage: &Stage, deferred: bool, f: impl FnOnce() -> T) -> T {
        {
            let mut state = stage.state();
            state.live = true;
            state.defer = deferred;
        }
        let result = f();
        stage.state().live = false;
        result
    }

    /// Runs `f`, which draws the calls recorded or queued by the sketch's
    /// `what` (`setup()`, `draw()`), under the time limit of its
    /// JavaScript (src/clock.rs): past it, the drawing gives up and the
    /// run is stopped as a JavaScript that runs on would be.
    fn drawn(&self, what: &str, f: impl FnOnce()) -> Result<(), Error> {
        let limits = &self.source.limits;
        crate::clock::within(limits.time, || {
            f();
            match crate::clock::expired() {
                true => Err(limits.time_up(what)),
                false => Ok(()),
            }
        })
    }

    /// Runs frame `frame`'s `draw()` in `engine`.
    fn draw_js(&self, engine: &Engine, frame: u32) -> Result<(), Error> {
        let (width, height) = {
            let state = engine.stage.state();
            let canvas = state.p5.as_ref().expect("set up");
            (f64::from(canvas.width()), f64::from(canvas.height()))
        };
        let (x, y, pressed) = self.pointer.at(frame, width, height);
        Self::live(&engine.stage, true, || {
            // As the transform is reset before each draw().
            engine.stage.reset_matrix();
            engine.call("draw", (frame + 1, x, y, pressed), "draw()")
        })
    }

    /// Replaces a recording that ends before `frame` by the JavaScript,
    /// run up to there on a canvas of its own, then handed this one.
    fn catch_up(&mut self, frame: u32) -> Result<(), Error> {
        let engine = self.source.engine()?;
        let (density, transparent) = {
            let state = self.stage.state();
            let p5 = state.p5.as_ref().expect("set up");
            (p5.density(), p5.is_transparent())
        };
        engine.stage.state().p5 = Some(P5::before_setup(density, transparent));
        Self::live(&engine.stage, false, || engine.call("setup", (), "setup()"))?;
        for n in 0..frame {
            self.draw_js(&engine, n)?;
            engine.stage.discard();
        }
        self.stage.hand_over(&engine.stage);
        self.stage = engine.stage.clone();
        self.run = Run::Live(engine);
        Ok(())
    }

    /// Keeps the calls recorded since the last time, or stops recording
    /// when there are too many.
    fn keep_record(&mut self, frame: Option<u32>) {
        let Some(recording) = &mut self.recording else {
            return;
        };
        let mut ops = match self.stage.take_record() {
            Some(ops) if frame.is_none_or(|f| f as usize == recording.frames.len()) => ops,
            _ => {
                self.recording = None;
                self.stage.stop_record();
                return;
            }
        };
        ops.shrink_to_fit();
        match frame {
            None => recording.setup = ops,
            Some(_) => recording.frames.push(ops),
        }
    }
}

impl Drop for JsSketch {
    /// Leaves the calls recorded to the next pass, if they go further than
    /// those it has.
    fn drop(&mut self) {
        let Some(recording) = self.recording.take() else {
            return;
        };
        if recording.frames.is_empty() {
            return;
        }
        let mut recorded = self
            .source
            .recorded
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if recorded
            .as_ref()
            .is_none_or(|r| r.frames.len() < recording.frames.len())
        {
            *recorded = Some(Arc::new(recording));
        }
    }
}

impl Sketch for JsSketch {
    fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
        let canvas = (p5.density().to_bits(), p5.is_transparent());
        if let Run::Replay(recording) = &self.run {
            if recording.canvas != canvas {
                let engine = self.source.engine()?;
                self.stage = engine.stage.clone();
                self.run = Run::Live(engine);
            }
        }
        let placeholder = P5::new(1, 1, 1.0).expect("a 1 x 1 canvas");
        self.stage.state().p5 = Some(std::mem::replace(p5, placeholder));
        let result = match &self.run {
            Run::Live(engine) => {
                if let Some(recording) = &mut self.recording {
                    recording.canvas = canvas;
                    self.stage.start_record(MAX_RECORDED);
                }
                Self::live(&self.stage, false, || engine.call("setup", (), "setup()"))
            }
            Run::Replay(recording) => self.drawn("setup()", || self.stage.replay(&recording.setup)),
        };
        self.keep_record(None);
        // The canvas stays here; the caller's is a blank one like it.
        let state = self.stage.state();
        let canvas = state.p5.as_ref().expect("the canvas stays");
        *p5 = canvas.sibling(canvas.blank_drawing());
        self.size = canvas.drawing().size();
        result
    }

    fn update(&mut self, frame: u32) -> Result<(), Error> {
        self.frame = frame;
        if let Run::Replay(recording) = &self.run {
            match recording.frames.get(frame as usize) {
                Some(ops) => {
                    let stage = &self.stage;
                    return Self::live(stage, true, || {
                        stage.reset_matrix();
                        self.drawn("draw()", || stage.replay(ops))
                    });
                }
                None => self.catch_up(frame)?,
            }
        }
        let Run::Live(engine) = &self.run else {
            unreachable!("caught up")
        };
        self.draw_js(engine, frame)?;
        self.keep_record(Some(frame));
        let state = self.stage.state();
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
        self.drawn("draw()", || self.stage.flush())?;
        let mut state = self.stage.state();
        let canvas = state.p5.as_mut().expect("set up");
        let mut drawing = match self.spare.take() {
            Some(d) if d.size() == self.size => d,
            _ => canvas.blank_drawing(),
        };
        // When the next frame's calls, recorded, paint the whole canvas,
        // what it holds now does not show again: it is handed on, not copied.
        let covered = match &self.run {
            Run::Replay(recording) => recording
                .frames
                .get(self.frame as usize + 1)
                .is_some_and(|ops| record::covering(ops, canvas).is_some()),
            Run::Live(_) => false,
        };
        if covered {
            canvas.swap_drawing(&mut drawing);
        } else {
            drawing.copy_from(canvas.drawing());
        }
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
