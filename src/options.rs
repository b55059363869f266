//! What the library is asked to do, as plain data: the command line
//! converts its flags into these, a batch job builds them directly, and a
//! Rust program fills them in with `..Default::default()`.

use std::fmt;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::str::FromStr;

use crate::limits::MAX_SHARDS;
use crate::pointer::Pointer;
use crate::scene::SceneKind;
use crate::sink::{Dither, Format, Grid};
use crate::values::{ByteSize, Frames, Quality};

/// How and where to render any source: its frames, their raster and the
/// output. Every field's default leaves the choice to the source or to
/// whalegen's defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderOptions {
    /// Output path: a `.gif`, a `.png` (one frame), a folder ending in `/`
    /// (one PNG per frame), a pattern such as `frames/f%04d.png`, a `.apng`,
    /// `.mp4` or `.webm`; `{preset}`, `{frames}` and the source's own
    /// placeholders (`{scene}`, `{seed}`) are replaced. Default
    /// (`None`): `out/NAME.gif`, NAME the source's.
    pub output: Option<PathBuf>,
    /// Draw every frame but write nothing (`output` must be `None`).
    /// Default: `false`.
    pub dry_run: bool,
    /// Which frames are written: a count, a duration, one frame, or the
    /// source's own count. Default: [`Frames::Source`] (one loop of a
    /// scene).
    pub frames: Frames,
    /// Frames per second, above 0.0015 and at most 100. Default: the
    /// source's (30 for the scenes).
    pub fps: Option<f64>,
    /// Frames stepped before the first one written; not with
    /// [`Frames::Single`]. Default: 0.
    pub start: u32,
    /// Pixels per canvas unit (p5's `pixelDensity`), from 0.25 to 64,
    /// fractions allowed: the raster is the canvas times it, rounded down.
    /// Default: 1.
    pub scale: f64,
    /// What a `.png` output holds. Default: `None`, from its shape.
    pub format: Option<Format>,
    /// A contact sheet of evenly spaced frames, as one `.png`; not with
    /// [`Frames::Single`]. Default: `None`.
    pub sheet: Option<Grid>,
    /// How many times a GIF or APNG plays; 0 plays forever. Default: 0.
    pub loops: u16,
    /// `background()` clears the canvas instead of painting it (PNG and
    /// APNG outputs only). Default: `false`.
    pub transparent: bool,
    /// How a GIF approximates colours its palette lacks. Default: none.
    pub dither: Dither,
    /// A GIF's quality (see [`Quality`]): 100 is lossless (the palette's
    /// colours exactly); below, a pixel may be written as a nearby palette
    /// colour where that compresses better, the further the lower
    /// (gifsicle's `--lossy`). Default: lossless.
    pub quality: Quality,
    /// The most bytes a GIF may take. The GIF is encoded at `quality` and
    /// at lower qualities (at most 8 encodings, all in the one render) and
    /// the best that fits is written; none fitting is an error that gives
    /// the smallest size reached and its quality, and writes nothing.
    /// Default: `None`.
    pub max_size: Option<ByteSize>,
    /// Threads to draw and encode on: an output that is encoded beside the
    /// drawing (GIF, PNG, APNG, video) takes one, the others draw.
    /// Default (`None`): one per core.
    pub threads: Option<NonZeroUsize>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            output: None,
            dry_run: false,
            frames: Frames::Source,
            fps: None,
            start: 0,
            scale: 1.0,
            format: None,
            sheet: None,
            loops: 0,
            transparent: false,
            dither: Dither::None,
            quality: Quality::LOSSLESS,
            max_size: None,
            threads: None,
        }
    }
}

/// Which built-in scene to render, and its parameters. The default is the
/// whale with its defaults.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SceneOptions {
    /// The scene, when there is no `preset`. Default: the whale.
    pub scene: SceneKind,
    /// A preset: a name from `whalegen list` or the path of a `.toml` file;
    /// `set` and the fields below override its values. Default: `None`.
    pub preset: Option<String>,
    /// `KEY=VALUE` parameters of SCENES.md, VALUE a TOML value or a bare
    /// word: `turn=bounce`. Default: none.
    pub set: Vec<String>,
    /// Canvas width in canvas units. Default: the scene's.
    pub width: Option<u32>,
    /// Canvas height in canvas units. Default: the scene's.
    pub height: Option<u32>,
    /// Random seed, at most 2^63 - 1. Default: the preset's, else 1.
    pub seed: Option<u64>,
}

/// A p5.js sketch to render (`whalegen render SKETCH`).
#[derive(Debug, Clone, PartialEq)]
pub struct SketchOptions {
    /// The sketch: a `.js` file in p5's global or instance mode, or a
    /// folder whose `index.html` lists its scripts.
    pub path: PathBuf,
    /// The name outputs take (`{preset}`, the default file name).
    /// Default: the sketch's file (or folder) name without `.js`.
    pub name: Option<String>,
    /// Seeds `Math.random` (p5's generator, modulo 2^32). Default: 0.
    pub seed: Option<u64>,
    /// `KEY=VALUE` pairs the sketch reads with p5's `getURLParams()`, as
    /// if its page were opened with `?KEY=VALUE`; values are strings.
    pub set: Vec<String>,
    /// The longest `setup()` or one `draw()` may run, in seconds; longer
    /// stops the render (an endless loop). Default: 10.
    pub time_limit: f64,
    /// The most the sketch's JavaScript heap may hold, in MiB. Default:
    /// 1024.
    pub heap: u64,
    /// Where `mouseX` and `mouseY` are each frame, and when
    /// `mouseIsPressed`. Default: at rest at (0, 0), as p5's mouse before
    /// it moves.
    pub pointer: Pointer,
    /// The p5.js the sketch was written for. Default (`None`): decided
    /// from the sketch (the p5 script its `index.html` loads, else what it
    /// uses that only one version has, else p5.js 2, the p5 editor's
    /// default).
    pub p5: Option<P5Version>,
    /// The browser window the sketch runs in, width and height in CSS
    /// pixels, each 1 to 65535: what `windowWidth`, `windowHeight`,
    /// `innerWidth` and `displayWidth` read, so that
    /// `createCanvas(windowWidth, windowHeight)` takes this size. Default:
    /// 800 x 600, headless Chromium's ([`DEFAULT_WINDOW`]).
    pub window: (u32, u32),
}

/// The window a sketch runs in unless told: headless Chromium's, in CSS
/// pixels.
pub const DEFAULT_WINDOW: (u32, u32) = (800, 600);

/// A major version of p5.js, each with its own contract: what it draws
/// while it loads, its defaults, the functions it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum P5Version {
    /// p5.js 1.11.13, the last 1.x.
    One,
    /// p5.js 2.x, as 2.3.4.
    Two,
}

impl P5Version {
    /// The exact release whose behaviour whalegen follows.
    pub fn release(self) -> &'static str {
        match self {
            P5Version::One => "1.11.13",
            P5Version::Two => "2.3.4",
        }
    }

    /// The major version, 1 or 2.
    pub fn major(self) -> u8 {
        match self {
            P5Version::One => 1,
            P5Version::Two => 2,
        }
    }

    /// `1` or `2`, as `--p5` and a preset's `p5` key give it.
    pub fn from_major(major: i64) -> Option<P5Version> {
        match major {
            1 => Some(P5Version::One),
            2 => Some(P5Version::Two),
            _ => None,
        }
    }
}

impl FromStr for P5Version {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let major = s.strip_prefix('v').unwrap_or(s);
        let major = major.split('.').next().unwrap_or_default();
        major
            .parse()
            .ok()
            .and_then(P5Version::from_major)
            .ok_or_else(|| format!("`{s}` is not a p5.js version: expected 1 or 2"))
    }
}

impl fmt::Display for P5Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p5.js {}", self.release())
    }
}

impl Default for SketchOptions {
    fn default() -> Self {
        SketchOptions {
            path: PathBuf::new(),
            name: None,
            seed: None,
            set: Vec::new(),
            time_limit: 10.0,
            heap: 1024,
            pointer: Pointer::default(),
            p5: None,
            window: DEFAULT_WINDOW,
        }
    }
}

/// What `whalegen show` prints: a preset, or a scene's defaults, with
/// parameters set.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShowOptions {
    /// The preset or scene, and the parameters set.
    pub scene: SceneOptions,
    /// The frame count (or duration) and rate, as render takes them; the
    /// other fields are not read.
    pub timing: RenderOptions,
}

/// What `whalegen batch` renders, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchOptions {
    /// Presets (names or `.toml` files), batch files (`.toml` files of
    /// `[[job]]` tables) or folders of `.toml` files. Default (empty): every
    /// preset `whalegen list` shows.
    pub inputs: Vec<String>,
    /// The folder every output and `manifest.json` go to; nothing is
    /// written outside it. Default: `out`.
    pub output: PathBuf,
    /// Render into a private temporary folder and compare with
    /// `output/manifest.json` and with the files it lists there, writing
    /// nothing. Default: `false`.
    pub check: bool,
    /// Renders at a time. Default (`None`): one per core.
    pub jobs: Option<NonZeroUsize>,
    /// Threads shared by all the renders, each drawing and encoding on its
    /// share (see [`RenderOptions::threads`]). Default (`None`): one per
    /// core.
    pub threads: Option<NonZeroUsize>,
    /// Render only this share of the batch's outputs, and say so in the
    /// manifest. Default (`None`): the whole batch.
    pub shard: Option<Shard>,
}

/// Which share of a batch one run renders: `index` of `count`, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// From 1 to `count`.
    pub index: u32,
    /// From 1 to [`MAX_SHARDS`].
    pub count: u32,
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let number = |t: &str| t.trim().parse::<u32>().ok();
        text.split_once('/')
            .and_then(|(i, n)| {
                let (index, count) = (number(i)?, number(n)?);
                ((1..=MAX_SHARDS).contains(&count) && (1..=count).contains(&index))
                    .then_some(Shard { index, count })
            })
            .ok_or_else(|| {
                format!("expected I/N such as 2/3, N from 1 to {MAX_SHARDS} and I from 1 to N")
            })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What `whalegen batch --merge` gathers, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct MergeOptions {
    /// The shards' folders, each written by `whalegen batch --shard I/N`.
    pub shards: Vec<PathBuf>,
    /// The folder the files and the merged `manifest.json` go to.
    pub output: PathBuf,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            inputs: Vec::new(),
            output: PathBuf::from("out"),
            check: false,
            jobs: None,
            threads: None,
            shard: None,
        }
    }
}

/// The cores this process may use, at least 1.
pub(crate) fn cores() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// Which frames of the simulation are written: `count` frames spread evenly
/// over the `span` frames that begin at frame `first` (frames count from 0,
/// one per p5 `draw()` tick). Every frame before the last one written is
/// stepped, written or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection {
    /// The first frame written.
    pub first: u32,
    /// How many frames the written ones are spread over.
    pub span: u32,
    /// How many frames are written.
    pub count: u32,
}

impl Selection {
    /// Every frame of `first..first + span`.
    pub fn every(first: u32, span: u32) -> Self {
        Selection {
            first,
            span,
            count: span,
        }
    }

    /// The frame written `n`th, counting from 0; `None` past the last.
    pub fn frame(&self, n: u32) -> Option<u32> {
        (n < self.count).then(|| {
            let offset = u64::from(n) * u64::from(self.span) / u64::from(self.count);
            self.first + u32::try_from(offset).expect("offset < span")
        })
    }

    /// How many frames are stepped: up to the last one written.
    pub fn steps(&self) -> u32 {
        self.count
            .checked_sub(1)
            .and_then(|last| self.frame(last))
            .map_or(0, |frame| frame + 1)
    }
}

/// How the canvas is rastered; the animation does not depend on it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Canvas {
    /// Pixels per canvas unit (p5's `pixelDensity`), from 0.25 to 64.
    pub scale: f64,
    /// `background()` leaves the canvas transparent.
    pub transparent: bool,
}

impl Default for Canvas {
    fn default() -> Self {
        Canvas {
            scale: 1.0,
            transparent: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_as_i_of_n() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/1001", "-1/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
