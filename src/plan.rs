//! Options -> one validated plan. Every run-level limit is checked here;
//! after this step, rendering fails only for I/O or a sketch's own error.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use toml::Value;

mod placeholder;
mod source;

pub use source::SceneSource;

use crate::check;
use crate::error::Error;
use crate::js::JsSource;
use crate::limits::{
    check_fps, check_raster, check_scale, check_work, GIF_FPS_HONOURED, MAX_FRAMES,
};
use crate::options::{
    cores, Canvas, RenderOptions, SceneOptions, Selection, ShowOptions, SketchOptions,
};
use crate::params::{parse_set, Settings};
use crate::preset::{checked_settings, to_toml, Loaded, Preset};
use crate::sink::{is_one_png, GifOptions, Output, OutputFlags};
use crate::sketch::Source;
use crate::values::{ByteSize, Frames, Quality};

/// Where a render without `-o` writes: `out/NAME.gif`.
const DEFAULT_FOLDER: &str = "out";

/// Everything a render needs, checked: made only by [`Plan::new`],
/// [`Plan::scene`] or [`Plan::sketch`], which refuse what a render could
/// not do, and read-only after, so that nothing set on it can stop a
/// render part way (a plan's fields are its own: `plan.fps = -5.0` does
/// not compile).
///
/// ```compile_fail
/// # fn backwards(mut plan: whalegen::Plan) {
/// plan.fps = -5.0;
/// # }
/// ```
pub struct Plan {
    /// The source's name: the preset's, the scene's, or the sketch's.
    pub(crate) name: String,
    /// What is drawn.
    pub(crate) source: Box<dyn Source>,
    /// Where the frames go.
    pub(crate) output: Output,
    /// Which frames are written.
    pub(crate) selection: Selection,
    /// How the canvas is rastered.
    pub(crate) canvas: Canvas,
    /// Frames per second, as the output plays them: the animation's, or
    /// for a GIF of an animation faster than 50 fps (what GIF players
    /// honour), the rate of the frames it keeps (see `gif_frames`).
    pub(crate) fps: f64,
    /// The GIF encoder's choices.
    pub(crate) gif: GifOptions,
    /// Threads to draw and encode on: the frames are drawn on all of them,
    /// or on one fewer when the output is encoded beside the drawing (GIF,
    /// PNG, APNG, video).
    pub(crate) threads: NonZeroUsize,
    /// Output-name placeholders and their values (`preset`, `frames`, and
    /// the source's own).
    pub(crate) placeholders: Vec<(&'static str, String)>,
    /// Things worth saying that do not stop the render.
    warnings: Vec<String>,
    /// How the source was understood (`Source::about`), for the summary.
    about: Option<String>,
}

impl Plan {
    /// The source's name: the preset's, the scene's, or the sketch's.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the frames go.
    pub fn output(&self) -> &Output {
        &self.output
    }

    /// How many frames are written.
    pub fn frames(&self) -> u32 {
        self.selection.count
    }

    /// The files the render writes, in order (none for a dry run).
    pub fn files(&self) -> Vec<PathBuf> {
        self.output.files(self.selection.count)
    }

    /// Things worth saying that do not stop the render (a scene drawn
    /// partly outside its canvas, say).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// How the source was understood, when it says (a sketch's p5.js
    /// version and why), for a summary.
    pub fn about(&self) -> Option<&str> {
        self.about.as_deref()
    }
}

impl Plan {
    /// A plan to render `source` as `options` ask.
    pub fn new(source: Box<dyn Source>, options: &RenderOptions) -> Result<Plan, Error> {
        let still = as_still(options, source.as_ref())?;
        let options = still.as_ref().unwrap_or(options);
        let name = source.name();
        let about = source.about();
        let frames = frame_count(options, source.as_ref())?;
        let fps = options.fps.unwrap_or_else(|| source.fps());
        check_fps(fps)?;
        check_scale(options.scale)?;
        let (flags, quality, max_size) = output_flags(options)?;
        let selection = selection(options, frames)?;
        let mut placeholders = vec![("preset", name.clone()), ("frames", frames.to_string())];
        placeholders.extend(source.placeholders());
        let output = if options.dry_run {
            if options.output.is_some() {
                return Err(check::refuse("dry_run", "with an output", "no `output`"));
            }
            Output::Discard
        } else {
            let default = PathBuf::from(format!("{DEFAULT_FOLDER}/{name}.gif"));
            if options.output.is_none() {
                // The default output's folder is made, so that a first
                // `whalegen render` works anywhere.
                std::fs::create_dir_all(DEFAULT_FOLDER).map_err(|source| Error::Write {
                    path: DEFAULT_FOLDER.into(),
                    source,
                })?;
            }
            let template = options.output.as_ref().unwrap_or(&default);
            let path = placeholder::expand(template, &placeholders)?;
            Output::parse(&path, &flags, selection.count)?
        };
        let (selection, fps) = match output {
            Output::Gif(_) => gif_frames(selection, fps),
            _ => (selection, fps),
        };
        Ok(Plan {
            name,
            source,
            output,
            selection,
            canvas: Canvas {
                scale: options.scale,
                transparent: options.transparent,
            },
            fps,
            gif: GifOptions {
                dither: options.dither,
                plays: options.loops,
                quality,
                max_size,
            },
            threads: options.threads.unwrap_or_else(cores),
            placeholders,
            warnings: Vec::new(),
            about,
        })
    }

    /// A plan to render the built-in scene or preset of `scene` as
    /// `options` ask. The frame count and rate of `options` count as
    /// parameters of the scene.
    /// A sketch preset renders its sketch (see `SketchPreset`).
    pub fn scene(scene: &SceneOptions, options: &RenderOptions) -> Result<Plan, Error> {
        let preset = match &scene.preset {
            Some(arg) => match Preset::load_any(arg)? {
                Loaded::Sketch(preset) => {
                    return Plan::sketch(&preset.options(scene)?, &preset.render(options));
                }
                Loaded::Scene(preset) => preset,
            },
            None => Preset::of_scene(scene.scene),
        };
        let settings = resolved(&preset, scene, options)?;
        let name = preset.name;
        let (width, height) = (settings.run.width, settings.run.height);
        let raster = check_raster(width, height, options.scale)?;
        let frames = written(options, || settings.frames());
        let steps = selection(options, frames)?.steps();
        check_work(steps, raster)?;
        let warnings = settings.scene.warnings(width, height, steps);
        let source = SceneSource::new(settings, &name, steps);
        let mut plan = Plan::new(Box::new(source), options)?;
        plan.warnings.extend(warnings);
        Ok(plan)
    }
}

impl Plan {
    /// A plan to render the p5.js sketch of `sketch` as `options` ask. The
    /// sketch is loaded and its `setup()` run once here, so that a syntax
    /// error, an error in `setup()` or a canvas too large is reported
    /// before anything is written; an output no render could write is
    /// refused before that.
    pub fn sketch(sketch: &SketchOptions, options: &RenderOptions) -> Result<Plan, Error> {
        check_output_first(options)?;
        let source = JsSource::load(sketch, options.fps)?;
        let (width, height) = source.size_hint().unwrap_or((100, 100));
        let raster = check_raster(width, height, options.scale)?;
        let frames = frame_count(options, &source)?;
        let steps = selection(options, frames)?.steps();
        check_work(steps, raster)?;
        Plan::new(Box::new(source), options)
    }
}

/// The flags that shape the output of `options`, with its GIF quality
/// and byte budget, checked.
fn output_flags(options: &RenderOptions) -> Result<(OutputFlags, u8, Option<u64>), Error> {
    let quality = options.quality.get();
    let max_size = options.max_size.map(ByteSize::bytes);
    let flags = OutputFlags {
        format: options.format,
        sheet: options.sheet,
        loops: options.loops,
        transparent: options.transparent,
        dither: options.dither,
        sized: options.quality < Quality::LOSSLESS || max_size.is_some(),
    };
    Ok((flags, quality, max_size))
}

/// Refuses the output `options` name when no render of a sketch could
/// write it (an unknown placeholder, a type whalegen does not write, a
/// flag the type does not take), before the sketch's `setup()` runs. The
/// frame count is not known then: the output is taken as one frame, and
/// each placeholder as a word.
fn check_output_first(options: &RenderOptions) -> Result<(), Error> {
    let Some(template) = &options.output else {
        return Ok(());
    };
    let (flags, ..) = output_flags(options)?;
    let words: Vec<_> = ["preset", "frames"]
        .into_iter()
        .chain(JsSource::PLACEHOLDERS)
        .map(|name| (name, "x".to_string()))
        .collect();
    let path = placeholder::expand(template, &words)?;
    Output::parse(&path, &flags, 1).map(drop)
}

/// What `whalegen show` prints: the preset (or scene) with `--set` applied,
/// every parameter resolved and checked, as a preset file.
pub fn show(args: &ShowOptions) -> Result<String, Error> {
    let (settings, preset) = scene_settings(&args.scene, &args.timing)?;
    Ok(to_toml(&preset, &settings))
}

/// The frames a render of `source` writes: one for a single frame, else
/// the count asked for, else the duration at the frame rate, else the
/// source's own; refused past [`MAX_FRAMES`].
fn frame_count(options: &RenderOptions, source: &dyn Source) -> Result<u32, Error> {
    let frames = match options.frames.duration() {
        Some(duration) => duration_frames(duration, options.fps.unwrap_or_else(|| source.fps()))?,
        None => written(options, || source.frames()),
    };
    check_frames(frames)
}

/// `frames`, refused unless it is 1 to [`MAX_FRAMES`].
fn check_frames(frames: u32) -> Result<u32, Error> {
    check::in_range("frames", f64::from(frames), 1.0, f64::from(MAX_FRAMES))?;
    Ok(frames)
}

/// `options` as a still when they ask for one `.png` and no frame in
/// particular (no single frame, `start`, `sheet` or `format`): the frame
/// of the animation they would render (its count, duration or the
/// source's own) where `source` is at its fullest (`Source::still_frame`).
/// `None` for any other options.
fn as_still(options: &RenderOptions, source: &dyn Source) -> Result<Option<RenderOptions>, Error> {
    let one_png = options.output.as_deref().is_some_and(is_one_png);
    let chosen = options.frames.single().is_some()
        || options.start != 0
        || options.sheet.is_some()
        || options.format.is_some();
    if !one_png || chosen {
        return Ok(None);
    }
    let frames = frame_count(options, source)?;
    Ok(Some(RenderOptions {
        frames: Frames::Single {
            frame: source.still_frame(frames),
            of: None,
        },
        ..options.clone()
    }))
}

/// `round(duration * fps)`, refused unless it is 1 to `MAX_FRAMES` frames.
fn duration_frames(duration: f64, fps: f64) -> Result<u32, Error> {
    let frames = (duration * fps).round();
    if (1.0..=f64::from(MAX_FRAMES)).contains(&frames) {
        Ok(frames as u32)
    } else {
        let accepted = format!("seconds that make 1 to {MAX_FRAMES} frames at {fps} fps");
        Err(check::refuse("duration", duration, accepted))
    }
}

/// The settings of `scene` and its preset (or its scene's defaults),
/// checked: the flags of `options` and `scene` override `set`, which
/// overrides the preset. `duration` counts at the frame rate resolved.
pub fn scene_settings(
    scene: &SceneOptions,
    options: &RenderOptions,
) -> Result<(Settings, Preset), Error> {
    let preset = match &scene.preset {
        Some(arg) => Preset::load(arg)?,
        None => Preset::of_scene(scene.scene),
    };
    Ok((resolved(&preset, scene, options)?, preset))
}

/// The settings of `preset` with the overrides of `scene` and `options`
/// (see `scene_settings`).
fn resolved(
    preset: &Preset,
    scene: &SceneOptions,
    options: &RenderOptions,
) -> Result<Settings, Error> {
    let mut overrides = scene
        .set
        .iter()
        .map(|s| parse_set(s))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(seed) = scene.seed {
        let seed = i64::try_from(seed).map_err(|_| {
            check::refuse(
                "seed",
                seed,
                format!("a whole number from 0 to {}", i64::MAX),
            )
        })?;
        overrides.push(("seed".into(), Value::Integer(seed)));
    }
    let flags = [
        ("width", scene.width.map(|v| Value::Integer(v.into()))),
        ("height", scene.height.map(|v| Value::Integer(v.into()))),
        // `frame` writes one frame but leaves `frames`, the length of a
        // seamless loop, alone.
        (
            "frames",
            options.frames.count().map(|v| Value::Integer(v.into())),
        ),
        ("fps", options.fps.map(Value::Float)),
    ];
    overrides.extend(
        flags
            .into_iter()
            .filter_map(|(k, v)| Some((k.to_string(), v?))),
    );
    let settings = checked_settings(preset, &overrides)?;
    match options.frames.duration() {
        Some(duration) => {
            let frames = duration_frames(duration, settings.run.fps)?;
            overrides.push(("frames".into(), Value::Integer(frames.into())));
            checked_settings(preset, &overrides)
        }
        None => Ok(settings),
    }
}

/// The frames a GIF keeps of `selection` at `fps`, and the rate they play
/// at. Browsers play a GIF frame shorter than 2 centiseconds as 10, so an
/// animation faster than [`GIF_FPS_HONOURED`] keeps every k-th frame, k the
/// fewest that brings the rate within it (every second frame of 60 fps,
/// played at 30): evenly spread frames, each as long as the next, whose
/// delays add up to the animation's duration. Dropping a few frames of
/// each second instead (50 of 60) would keep more of them but show them
/// unevenly, a stutter ten times a second. Any other rate: unchanged.
fn gif_frames(selection: Selection, fps: f64) -> (Selection, f64) {
    let stride = (fps / GIF_FPS_HONOURED).ceil();
    // A contact sheet is never a GIF: `count` is `span` here.
    let kept = (f64::from(selection.span) / stride).floor();
    if stride <= 1.0 || selection.count <= 1 || kept < 1.0 {
        return (selection, fps);
    }
    let played = fps * kept / f64::from(selection.span);
    let count = kept as u32;
    (Selection { count, ..selection }, played)
}

/// How many frames are written: one for a single frame, else the count
/// asked for or the source's own.
fn written(options: &RenderOptions, frames: impl FnOnce() -> u32) -> u32 {
    match options.frames {
        Frames::Single { .. } => 1,
        _ => options.frames.count().unwrap_or_else(frames),
    }
}

/// The frames written: a single frame (of an animation of `of` frames,
/// when given), or `frames` from `start`, spread over a contact sheet's
/// cells when there is one.
fn selection(options: &RenderOptions, frames: u32) -> Result<Selection, Error> {
    check_frames(frames)?;
    options.frames.count().map(check_frames).transpose()?;
    if let Some(frame) = options.frames.single() {
        if options.start != 0 || options.sheet.is_some() {
            return Err(check::refuse(
                "frame",
                frame,
                "`frame` alone or with `frames` (frame K of an N-frame loop), or `start`, \
                 `frames` (or `duration`) and `sheet`",
            ));
        }
        if let Some(loop_frames) = options.frames.count().filter(|&n| frame >= n) {
            let accepted = format!(
                "a frame of the {loop_frames} of `frames`, 0 to {}",
                loop_frames - 1
            );
            return Err(check::refuse("frame", frame, accepted));
        }
    }
    let (flag, first) = match options.frames.single() {
        Some(frame) => ("frame", frame),
        None => ("start", options.start),
    };
    let last = u64::from(first) + u64::from(frames);
    if last > u64::from(MAX_FRAMES) {
        let accepted = format!("`start` (or `frame`) + `frames` <= {MAX_FRAMES}");
        return Err(check::refuse(flag, first, accepted));
    }
    let mut selection = Selection::every(first, frames);
    if let Some(grid) = options.sheet {
        if grid.cells() > frames {
            let accepted = format!("at most {frames} cells, one per frame");
            return Err(check::refuse("sheet", grid, accepted));
        }
        selection.count = grid.cells();
    }
    Ok(selection)
}
