//! The command line: clap's structs, and their conversion into the
//! library's options. Nothing else reads a flag.

/// `eprintln!` that never panics: a closed or full stderr leaves nothing
/// to say it to.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod bars;
mod flags;
pub mod watch;

pub use bars::{Bar, Overall};
pub use flags::flags;

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use whalegen::{
    BatchOptions, Dither, Format, Frames, Grid, MergeOptions, P5Version, Pointer, Quality,
    RenderOptions, SceneKind, SceneOptions, Shard, ShowOptions, SketchOptions, DEFAULT_WINDOW,
};

/// Renders p5.js-style generative sketches to animated GIFs and PNG frames,
/// headless and reproducible from a seed.
#[derive(Debug, Parser)]
#[command(name = "whalegen", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Render a scene, a preset or a p5.js sketch to an animated GIF, a PNG still, or numbered PNG frames.
    Render(RenderArgs),
    /// List the scenes and the presets, one line each.
    List,
    /// Print a preset (or a scene's defaults) with every parameter resolved,
    /// as a preset file to save, edit and load with --preset.
    Show(ShowArgs),
    /// Render many presets at once, on every core, and record each output's
    /// size and SHA-256 in DIR/manifest.json; or a share of them on each of
    /// several machines (--shard I/N), merged afterwards (--merge).
    Batch(BatchArgs),
    /// Render a sketch, a preset or a scene, then again on every save, and
    /// show the latest output on a local web page that reloads by itself.
    Watch(watch::WatchArgs),
    /// Print a shell's completion script for whalegen, to save where the
    /// shell reads completions: for bash, `whalegen completions bash >
    /// ~/.local/share/bash-completion/completions/whalegen`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Examples under `whalegen render --help`.
const RENDER_EXAMPLES: &str = "\
Examples:
  whalegen render                                      the whale, to out/whale.gif
  whalegen render --scene tree --frame 149 -o tree.png  one PNG of the tree, grown
  whalegen render --scene tree --set angle=20 --set stroke=#ffcc00 --duration 4
  whalegen render --preset whale-shark --frames 60 -o frames/
  whalegen render sketch.js --duration 5 --fps 25 -o sketch.gif

Every parameter of a scene or preset, with its default: whalegen show --scene tree,
whalegen show dragon. The presets: whalegen list.";

#[derive(Debug, Args)]
#[command(after_help = RENDER_EXAMPLES)]
pub struct RenderArgs {
    /// A p5.js sketch to render instead of a scene: a .js file (global or
    /// instance mode), or a folder whose index.html lists its scripts.
    /// --seed seeds Math.random; --width and --height size the window it
    /// sees (windowWidth, windowHeight).
    #[arg(value_name = "SKETCH", conflicts_with = "preset")]
    pub sketch: Option<PathBuf>,

    /// The longest a sketch's setup() or one draw() may run, in seconds of
    /// processor time (the same on a busy machine as on an idle one).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 10.0,
        requires = "sketch"
    )]
    pub time_limit: f64,

    /// The p5.js the sketch was written for, 1 (1.11.13) or 2 (2.3.4).
    /// Default: the one its index.html loads, else the one whose functions
    /// it uses (async setup, splineVertex: 2; preload, curveVertex: 1),
    /// else 2, the p5 editor's default. The summary line says which.
    #[arg(long, value_name = "1|2", requires = "sketch")]
    pub p5: Option<P5Version>,

    /// The most a sketch's JavaScript heap may hold, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 1024, requires = "sketch")]
    pub heap: u64,

    /// A sketch's scripted mouse: X,Y (at rest), lissajous[:AX,AY,PX,PY]
    /// (round the canvas's centre; AX, AY in canvas units, PX, PY in
    /// frames), or keyframes:F,X,Y;F,X,Y;...[@PERIOD] (straight moves
    /// between keyframes, repeating every PERIOD frames if given). Default:
    /// at rest at (0, 0), as p5's mouse before it moves.
    #[arg(long, value_name = "PATH", requires = "sketch")]
    pub pointer: Option<String>,

    /// The frames during which the sketch's mouse button is held: F-F
    /// ranges, comma-separated (mousePressed() and mouseReleased() are
    /// called at their ends).
    #[arg(long, value_name = "FRAMES", requires = "sketch")]
    pub press: Option<String>,

    #[command(flatten)]
    pub scene: SceneArgs,

    /// Output: a .gif, a .png (one frame), a folder ending in / (one PNG per
    /// frame), or a pattern such as frames/f%04d.png. Default: out/NAME.gif,
    /// NAME the preset's, the scene's or the sketch's. Also .apng, .mp4 and
    /// .webm (through ffmpeg). In the name, {preset} (that NAME), {scene},
    /// {sketch} (a sketch's file name without .js), {seed} and {frames} are
    /// replaced.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,

    /// GIF: how colours missing from the palette are approximated.
    #[arg(long, value_enum, default_value_t = Dither::None)]
    pub dither: Dither,

    /// GIF quality, a whole number from 1 to 100 (gifski's scale): 100 is
    /// lossless; lower lets pixels take nearby palette colours where that
    /// compresses better (as gifsicle --lossy), smaller and less exact.
    #[arg(long, value_name = "1-100", default_value_t = 100.0)]
    pub quality: f64,

    /// The most bytes the GIF may take, e.g. 2MB, 500kB, 1.5MiB: the best
    /// of --quality and up to 7 lower qualities that fits is written (one render,
    /// each encoded), and the summary says which; none fitting writes
    /// nothing.
    #[arg(long, value_name = "SIZE")]
    pub max_size: Option<String>,

    /// No progress bar.
    #[arg(short, long)]
    pub quiet: bool,

    /// Simulate and draw every frame but write nothing: times the renderer.
    #[arg(long, conflicts_with = "output")]
    pub dry_run: bool,

    /// Write only frame K (counted from 0, as numbered frames are), after
    /// simulating the K frames before it; with --frames N, frame K of an
    /// N-frame loop. A .png without --frame is the animation at its
    /// fullest (a tree's last generation, else the last frame).
    #[arg(long, value_name = "K", conflicts_with_all = ["duration", "start", "sheet"])]
    pub frame: Option<u32>,

    /// Simulate N frames before the first one written.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub start: u32,

    /// Pixel density, from 0.25 to 64 (0.5 halves each side): the raster is
    /// S times the canvas, rounded down; the animation and every parameter
    /// stay in canvas units.
    #[arg(long, value_name = "S", default_value_t = 1.0)]
    pub scale: f64,

    /// What a .png output holds: `apng` writes one animated PNG.
    #[arg(long, value_enum)]
    pub format: Option<Format>,

    /// How many times a GIF or an animated PNG plays; 0 plays forever.
    #[arg(long = "loop", value_name = "N", default_value_t = 0)]
    pub loops: u16,

    /// Leave the background transparent (PNG and APNG output).
    #[arg(long)]
    pub transparent: bool,

    /// A contact sheet of COLSxROWS evenly spaced frames, as one .png.
    #[arg(long, value_name = "COLSxROWS")]
    pub sheet: Option<Grid>,

    /// Threads to draw and encode on: a GIF, PNG, APNG or video output
    /// takes one, the others draw [default: one per core].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,
}

impl RenderArgs {
    /// The sketch to render, when one is given instead of a scene.
    pub fn sketch(&self) -> Option<Result<SketchOptions, whalegen::Error>> {
        let path = self.sketch.clone()?;
        Some(
            Pointer::parse(self.pointer.as_deref(), self.press.as_deref()).map(|pointer| {
                SketchOptions {
                    path,
                    seed: self.scene.seed,
                    set: self.scene.set.clone(),
                    time_limit: self.time_limit,
                    heap: self.heap,
                    pointer,
                    p5: self.p5,
                    window: self.scene.window(),
                    ..SketchOptions::default()
                }
            }),
        )
    }

    /// How and where; the GIF's quality and budget checked.
    pub fn render(&self) -> Result<RenderOptions, whalegen::Error> {
        let frames = match self.frame {
            Some(frame) => Frames::Single {
                frame,
                of: self.scene.frames,
            },
            None => self.scene.frames(),
        };
        Ok(RenderOptions {
            output: self.output.clone(),
            dry_run: self.dry_run,
            frames,
            fps: self.scene.fps,
            start: self.start,
            scale: self.scale,
            format: self.format,
            sheet: self.sheet,
            loops: self.loops,
            transparent: self.transparent,
            dither: self.dither,
            quality: Quality::try_from(self.quality)?,
            max_size: self.max_size.as_deref().map(str::parse).transpose()?,
            threads: self.threads,
        })
    }
}

/// The flags that choose a scene and its parameters: render's and show's.
#[derive(Debug, Args)]
pub struct SceneArgs {
    /// The scene, when there is no preset.
    #[arg(long, value_enum, default_value_t = SceneKind::Whale)]
    pub scene: SceneKind,

    /// A preset: a name from `whalegen list` or the path of a .toml file.
    /// --set and the flags override its values.
    #[arg(long, value_name = "NAME|FILE", conflicts_with = "scene")]
    pub preset: Option<String>,

    /// Number of frames [default: one loop of the scene].
    #[arg(long)]
    pub frames: Option<u32>,

    /// Canvas width in pixels [default: the scene's]; for a sketch, the
    /// width of the window it runs in, windowWidth [default: 800].
    #[arg(long)]
    pub width: Option<u32>,

    /// Canvas height in pixels [default: the scene's]; for a sketch, the
    /// height of the window it runs in, windowHeight [default: 600].
    #[arg(long)]
    pub height: Option<u32>,

    /// Random seed [default: the preset's, else 1; a sketch's Math.random:
    /// 0].
    #[arg(long)]
    pub seed: Option<u64>,

    /// Frames per second of the animation [default: the preset's, else 30;
    /// a sketch's frameRate()].
    #[arg(long)]
    pub fps: Option<f64>,

    /// Seconds of animation: --fps times SECONDS frames, rounded.
    #[arg(long, value_name = "SECONDS", conflicts_with = "frames")]
    pub duration: Option<f64>,

    /// Set a parameter (`whalegen show --scene NAME` lists a scene's); VALUE
    /// is a TOML value, else a string: --set turn=bounce --set
    /// 'profile=[30,40,44,40,34,26,18,10]' --set rules.X=F+[X]-X. A colour is
    /// 0-255 numbers, '#rrggbb', '#rrggbbaa', a CSS name, rgb() or rgba(); one
    /// without alpha keeps the alpha of the colour it replaces. A sketch
    /// reads them with getURLParams().
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl SceneArgs {
    /// What to render.
    pub fn scene(&self) -> SceneOptions {
        SceneOptions {
            scene: self.scene,
            preset: self.preset.clone(),
            set: self.set.clone(),
            width: self.width,
            height: self.height,
            seed: self.seed,
        }
    }

    /// The window a sketch runs in: `--width` and `--height`, each else
    /// the default window's.
    pub fn window(&self) -> (u32, u32) {
        let (width, height) = DEFAULT_WINDOW;
        (self.width.unwrap_or(width), self.height.unwrap_or(height))
    }

    /// `--frames` or `--duration` (clap refuses both), else the source's.
    pub fn frames(&self) -> Frames {
        match (self.frames, self.duration) {
            (_, Some(seconds)) => Frames::Duration(seconds),
            (Some(count), None) => Frames::Count(count),
            (None, None) => Frames::Source,
        }
    }

    /// The frame count (or duration) and rate; the rest as the defaults.
    pub fn timing(&self) -> RenderOptions {
        RenderOptions {
            frames: self.frames(),
            fps: self.fps,
            ..RenderOptions::default()
        }
    }
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A preset: a name from `whalegen list` or the path of a .toml file
    /// [default: the scene's defaults].
    #[arg(value_name = "NAME|FILE", conflicts_with_all = ["preset", "scene"])]
    pub name: Option<String>,

    #[command(flatten)]
    pub scene: SceneArgs,
}

impl From<ShowArgs> for ShowOptions {
    fn from(args: ShowArgs) -> Self {
        let mut scene = args.scene.scene();
        scene.preset = args.name.or(scene.preset);
        ShowOptions {
            scene,
            timing: args.scene.timing(),
        }
    }
}

#[derive(Debug, Args)]
#[command(
    after_help = "Across machines: run `--shard I/N` for I = 1 to N (from the same folder, \
    with the same arguments and whalegen build), then `--merge` their folders. A long animation \
    splits into outputs with `start` and `frames`: PNG frames, or video segments joined by \
    ffmpeg's concat demuxer; a GIF, an APNG or a contact sheet cannot be split. Ready CI \
    workflows: docs/ci/github-actions.yml, docs/ci/gitlab-ci.yml."
)]
pub struct BatchArgs {
    /// Presets (names or .toml files), batch files (.toml files of [[job]]
    /// tables) or folders of .toml files [default: every preset of
    /// `whalegen list`].
    #[arg(value_name = "PRESET|FILE|DIR")]
    pub inputs: Vec<String>,

    /// The folder the outputs and manifest.json go to.
    #[arg(short, long, value_name = "DIR", default_value = "out")]
    pub output: PathBuf,

    /// Render into a temporary folder and compare with DIR/manifest.json,
    /// and the files it lists in DIR with it, writing nothing; exit 1 and
    /// list the files that changed, in the render or on disk.
    #[arg(long)]
    pub check: bool,

    /// Renders at a time, at most one per drawing thread [default: one
    /// per core].
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<NonZeroUsize>,

    /// Threads to draw and encode on, shared by the renders [default: one
    /// per core].
    #[arg(long, value_name = "N")]
    pub threads: Option<NonZeroUsize>,

    /// No progress bar and no line per render; failures are still listed.
    #[arg(short, long)]
    pub quiet: bool,

    /// Render only share I of N of the batch's outputs (I from 1 to N),
    /// for N machines: the same split on each, balanced by estimated cost
    /// (frames x pixels x scene), written with a manifest of the share.
    /// With --check, checks a shard's folder.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,

    /// Gather the folders of every share (each written by --shard I/N) into
    /// DIR, with the manifest the whole batch writes; refused, writing
    /// nothing, on a share missing or given twice, a file missing, made
    /// twice or changed, shares of different batches, or anything in a
    /// shard's folder that its manifest does not list.
    #[arg(
        long,
        value_name = "SHARD_DIR",
        num_args = 1..,
        conflicts_with_all = ["inputs", "check", "shard", "jobs", "threads"]
    )]
    pub merge: Vec<PathBuf>,
}

impl BatchArgs {
    /// What to render, and where.
    pub fn options(&self) -> BatchOptions {
        BatchOptions {
            inputs: self.inputs.clone(),
            output: self.output.clone(),
            check: self.check,
            jobs: self.jobs,
            threads: self.threads,
            shard: self.shard,
        }
    }

    /// What to merge, when --merge is given.
    pub fn merge(&self) -> Option<MergeOptions> {
        (!self.merge.is_empty()).then(|| MergeOptions {
            shards: self.merge.clone(),
            output: self.output.clone(),
        })
    }
}
