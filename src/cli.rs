//! The command line, as clap derive structs only.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::scene::SceneKind;
use crate::sink::Dither;

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
    /// Render a scene to an animated GIF, a PNG still, or numbered PNG frames.
    Render(RenderArgs),
    /// List the scenes, one line each.
    List,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The scene to render.
    #[arg(long, value_enum, default_value_t = SceneKind::Whale)]
    pub scene: SceneKind,

    /// Output: a .gif, a .png (one frame), a folder ending in / (one PNG per
    /// frame), or a pattern such as frames/f%04d.png. Default: out/SCENE.gif.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,

    /// Number of frames [default: one loop of the scene].
    #[arg(long)]
    pub frames: Option<u32>,

    /// Canvas width in pixels [default: the scene's].
    #[arg(long)]
    pub width: Option<u32>,

    /// Canvas height in pixels [default: the scene's].
    #[arg(long)]
    pub height: Option<u32>,

    /// Random seed [default: 1].
    #[arg(long)]
    pub seed: Option<u64>,

    /// Frames per second of the animation [default: 30].
    #[arg(long)]
    pub fps: Option<f64>,

    /// Set any scene parameter of SCENES.md; VALUE is a TOML value, a bare
    /// word is a string: --set turn=bounce --set 'profile=[30,40,44,40,34,26,18,10]'.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,

    /// GIF: how colours missing from the palette are approximated.
    #[arg(long, value_enum, default_value_t = Dither::None)]
    pub dither: Dither,

    /// GIF: how many times the animation plays; 0 for forever.
    #[arg(long = "loop", value_name = "N", default_value_t = 0)]
    pub r#loop: u16,

    /// No progress bar.
    #[arg(short, long)]
    pub quiet: bool,
}
