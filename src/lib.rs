//! whalegen renders p5.js-style sketches to animated GIFs, PNG stills and
//! frames, APNG and video, with no browser, GPU or window: the same picture
//! as p5.js, byte for byte reproducible.
//!
//! A render draws a [`Source`] of [`Sketch`]es through the p5-like canvas
//! [`P5`] and writes the frames to one [`Output`]. The three built-in scenes
//! are sources; so is any `Sketch` of yours that is `Clone + Send`:
//!
//! ```no_run
//! use whalegen::{render, Error, Frames, Plan, RenderOptions, Rgba, Silent, Sketch, P5};
//!
//! #[derive(Clone)]
//! struct Dot {
//!     x: f64,
//! }
//!
//! impl Sketch for Dot {
//!     fn setup(&mut self, p5: &mut P5) -> Result<(), Error> {
//!         p5.create_canvas(200, 100)
//!     }
//!     fn update(&mut self, _frame: u32) -> Result<(), Error> {
//!         self.x += 2.0;
//!         Ok(())
//!     }
//!     fn draw(&mut self, p5: &mut P5) -> Result<(), Error> {
//!         p5.background(Rgba::grey(20));
//!         p5.circle(self.x, 50.0, 30.0);
//!         Ok(())
//!     }
//! }
//!
//! let options = RenderOptions {
//!     output: Some("dot.gif".into()),
//!     frames: Frames::Count(90),
//!     ..RenderOptions::default()
//! };
//! render(Plan::new(Box::new(Dot { x: 0.0 }), &options)?, &mut Silent)?;
//! # Ok::<(), Error>(())
//! ```
//!
//! Everything is checked when the [`Plan`] is made (sizes, frame counts,
//! outputs); a render then fails only for I/O or a sketch's own error, and
//! whatever stops it, nothing half-written is left at the output's path.

#![warn(missing_docs)]

mod batch;
mod check;
mod clock;
mod error;
mod folder;
mod frame;
#[doc(hidden)]
pub mod fuzzing;
mod js;
mod jsnum;
mod limits;
mod options;
mod p5;
mod params;
mod paths;
mod plan;
mod pointer;
mod preset;
mod progress;
mod render;
mod rng;
mod scene;
mod sink;
mod sketch;
mod values;

pub use batch::{
    merge, run as batch, Change, Entry, Failure, Merged, Outcome, Share, JOB_THREAD, MANIFEST,
};
pub use error::Error;
pub use frame::Frame;
pub use js::JsSource;
pub use limits::{
    MAX_FPS, MAX_FRAMES, MAX_PIXELS, MAX_SCALE, MAX_SHARDS, MAX_SIDE, MAX_WORK, MIN_FPS,
};
pub use options::{
    BatchOptions, Canvas, MergeOptions, P5Version, RenderOptions, SceneOptions, Selection, Shard,
    ShowOptions, SketchOptions, DEFAULT_WINDOW,
};
pub use p5::{ArcMode, Cap, Damage, Drawing, Join, Kind, Mode, Rgba, ShapeEnd, P5};
pub use plan::{show, Plan, SceneSource};
pub use pointer::{Pointer, PointerPath};
pub use preset::list;
pub use progress::{Progress, Silent, Tally};
pub use render::{render, render_frames, render_to, Rendered, DRAWING_THREAD};
pub use scene::SceneKind;
pub use sink::{
    Codec, Dither, Format, FramePattern, FrameSink, GifOptions, Grid, Output, ENCODING_THREAD,
};
pub use sketch::{Sketch, Snapshot, Source, DEFAULT_FPS, DEFAULT_FRAMES};
pub use values::{ByteSize, Frames, Quality};

/// For whalegen's own tests, benchmarks and binary: the parts inside the
/// render. Not a stable API.
#[doc(hidden)]
pub mod internals {
    pub use crate::params::{parse_set, Run, Settings};
    pub use crate::plan::scene_settings;
    pub use crate::preset::{checked_settings, names, to_toml, Preset, SHIPPED};
    pub use crate::render::Animation;
    pub use crate::rng::SplitMix64;
    pub use crate::scene::*;
    pub use crate::sink::{committed, frame_delays, remove_temp_files, AtomicFile};
}
