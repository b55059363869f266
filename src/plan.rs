//! Command-line flags -> one validated plan. Every run-level limit lives here;
//! after this step, rendering cannot fail but for I/O.

use std::path::{Path, PathBuf};

use toml::Value;

mod format;
mod placeholder;

pub use format::{Codec, Format, Grid};

use crate::check;
use crate::cli::RenderArgs;
use crate::error::Error;
use crate::params::{parse_set, Run, Settings};
use crate::preset::Preset;
use crate::render::{Animation, Canvas};
use crate::sink::GifOptions;

/// GIF stores sizes as 16-bit numbers.
pub const MAX_SIDE: u32 = 65_535;
/// A budget on one frame's pixels, so that a typo cannot ask for 100 GB.
pub const MAX_PIXELS: u64 = 100_000_000;
pub const MAX_FRAMES: u32 = 1_000_000;
/// GIF delays are in centiseconds: above 100 fps a frame would last 0.
pub const MAX_FPS: f64 = 100.0;
/// The highest frame rate browsers honour in a GIF.
pub const GIF_FPS_HONOURED: f64 = 50.0;

/// Where the frames go.
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// One animated GIF.
    Gif(PathBuf),
    /// One PNG: the animation must be one frame long.
    Png(PathBuf),
    /// One PNG per frame, numbered.
    Frames(FramePattern),
    /// One animated PNG of `frames` frames, played `loops` times (0: forever).
    Apng {
        path: PathBuf,
        frames: u32,
        loops: u32,
    },
    /// One PNG of evenly spaced frames side by side, `grid` of them.
    Sheet { path: PathBuf, grid: Grid },
    /// A video, encoded by the system's ffmpeg.
    Video { path: PathBuf, codec: Codec },
    /// Nothing: simulate and draw only (`--dry-run`), to time the renderer.
    Discard,
}

/// A file name with a number in it: `prefix`, the frame number padded with
/// zeros to `digits`, then `suffix`.
#[derive(Debug, Clone, PartialEq)]
pub struct FramePattern {
    prefix: String,
    digits: usize,
    suffix: String,
}

impl FramePattern {
    pub fn path(&self, frame: u32) -> PathBuf {
        PathBuf::from(format!(
            "{}{:0width$}{}",
            self.prefix,
            frame,
            self.suffix,
            width = self.digits
        ))
    }

    /// The folder the frames go to.
    pub fn dir(&self) -> PathBuf {
        self.path(0)
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }

    /// Parses the first `%d` or `%0Nd` of `text`; `None` when there is none.
    fn parse(text: &str) -> Option<FramePattern> {
        let start = text.find('%')?;
        let rest = &text[start + 1..];
        let end = rest.find('d')?;
        let spec = &rest[..end];
        if !spec.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let digits = if spec.is_empty() {
            0
        } else {
            spec.parse().ok()?
        };
        Some(FramePattern {
            prefix: text[..start].into(),
            digits,
            suffix: rest[end + 1..].into(),
        })
    }
}

/// Everything a render needs, checked.
pub struct Plan {
    /// The preset's name, or the scene's.
    pub name: String,
    pub settings: Settings,
    pub animation: Animation,
    pub output: Output,
    pub gif: GifOptions,
    pub quiet: bool,
    /// Things worth saying that do not stop the render.
    pub warnings: Vec<String>,
}

impl Plan {
    pub fn new(args: &RenderArgs) -> Result<Plan, Error> {
        let mut overrides = args
            .set
            .iter()
            .map(|s| parse_set(s))
            .collect::<Result<Vec<_>, _>>()?;
        let flags = [
            ("width", args.width.map(|v| Value::Integer(v.into()))),
            ("height", args.height.map(|v| Value::Integer(v.into()))),
            ("frames", args.frames.map(|v| Value::Integer(v.into()))),
            // --frame K writes one frame; clap keeps it apart from --frames.
            ("frames", args.frame.map(|_| Value::Integer(1))),
            ("fps", args.fps.map(Value::Float)),
        ];
        if let Some(seed) = args.seed {
            let seed = i64::try_from(seed).map_err(|_| {
                check::refuse(
                    "seed",
                    seed,
                    format!("a whole number from 0 to {}", i64::MAX),
                )
            })?;
            overrides.push(("seed".into(), Value::Integer(seed)));
        }
        overrides.extend(
            flags
                .into_iter()
                .filter_map(|(k, v)| Some((k.to_string(), v?))),
        );
        let preset = match &args.preset {
            Some(arg) => Preset::load(arg)?,
            None => Preset::of_scene(args.scene),
        };
        let settings = checked_settings(&preset, &overrides)?;
        let frames = settings.frames();
        check_raster(&settings.run, args.scale)?;
        let selection = format::selection(args, frames)?;
        let canvas = Canvas {
            scale: args.scale,
            transparent: args.transparent,
        };
        let animation = Animation::with(&settings, selection, canvas)?;
        let default_output = PathBuf::from(format!("out/{}.gif", preset.name));
        let template = args.output.as_ref().unwrap_or(&default_output);
        let path = placeholder::expand(template, &placeholder::values(&settings, &preset.name))?;
        let output = if args.dry_run {
            Output::Discard
        } else {
            format::output(&path, args, selection, animation.size())?
        };
        let mut warnings = Vec::new();
        let fps = settings.run.fps;
        if matches!(output, Output::Gif(_)) && fps > GIF_FPS_HONOURED {
            warnings.push(format!(
                "--fps {fps}: browsers play GIF frames shorter than 2 centiseconds at 10; \
                 {GIF_FPS_HONOURED} fps or less plays as asked"
            ));
        }
        Ok(Plan {
            name: preset.name,
            settings,
            animation,
            output,
            gif: GifOptions {
                dither: args.dither,
                plays: args.loops,
            },
            quiet: args.quiet,
            warnings,
        })
    }
}

/// `preset` with `overrides` (in order, after the preset's own values),
/// every parameter and limit checked. A refused value the preset set names
/// its file and line.
pub fn checked_settings(preset: &Preset, overrides: &[(String, Value)]) -> Result<Settings, Error> {
    let settings = preset.resolve(overrides)?;
    let (run, frames) = (&settings.run, settings.frames());
    check_run(&settings, frames)
        .and_then(|()| {
            let scene = &settings.scene;
            scene
                .build(run.width, run.height, run.seed, frames)
                .map(drop)
        })
        .map_err(|err| preset.locate(err, overrides))?;
    Ok(settings)
}

fn check_run(settings: &Settings, frames: u32) -> Result<(), Error> {
    let run = &settings.run;
    check::in_range("width", f64::from(run.width), 1.0, f64::from(MAX_SIDE))?;
    check::in_range("height", f64::from(run.height), 1.0, f64::from(MAX_SIDE))?;
    check_raster(run, 1)?;
    check::in_range("frames", f64::from(frames), 1.0, f64::from(MAX_FRAMES))?;
    if !(run.fps > 0.0 && run.fps <= MAX_FPS) {
        return Err(check::refuse(
            "fps",
            run.fps,
            format!("a number > 0 and <= {MAX_FPS}"),
        ));
    }
    Ok(())
}

/// The raster is the canvas times `scale` (`--scale`): the size limits
/// apply to it.
fn check_raster(run: &Run, scale: u32) -> Result<(), Error> {
    let (width, height) = (
        u64::from(run.width) * u64::from(scale),
        u64::from(run.height) * u64::from(scale),
    );
    let pixels = width * height;
    if width.max(height) > u64::from(MAX_SIDE) || pixels > MAX_PIXELS {
        return Err(check::refuse(
            "width x height x scale",
            format!("{width} x {height} = {pixels} pixels"),
            format!("sides of at most {MAX_SIDE} and at most {MAX_PIXELS} pixels"),
        ));
    }
    Ok(())
}

/// Reads what `-o` asks for from its shape.
pub fn parse_output(path: &Path, frames: u32) -> Result<Output, Error> {
    let text = path.to_string_lossy();
    let refuse = |reason: String| Error::Output {
        path: path.to_path_buf(),
        reason,
    };
    if text.ends_with('/') || path.is_dir() {
        let prefix = path.join("frame_").to_string_lossy().into_owned();
        return Ok(Output::Frames(FramePattern {
            prefix,
            digits: 4,
            suffix: ".png".into(),
        }));
    }
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    if let Some(pattern) = FramePattern::parse(&text) {
        if extension.as_deref() != Some("png") {
            return Err(refuse(
                "a numbered pattern must end in .png, such as frames/f%04d.png".into(),
            ));
        }
        return Ok(Output::Frames(pattern));
    }
    match extension.as_deref() {
        Some("gif") => Ok(Output::Gif(path.to_path_buf())),
        Some("png") if frames == 1 => Ok(Output::Png(path.to_path_buf())),
        Some("png") => Err(refuse(format!(
            "a .png holds one frame, not {frames}: use --frames 1, a folder such as frames/, \
             or a pattern such as frames/f%04d.png"
        ))),
        _ => Err(refuse(
            "expected a .gif, .png, .apng, .mp4 or .webm, a folder ending in /, or a pattern \
             such as frames/f%04d.png"
                .into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_read_from_their_shape() {
        assert_eq!(
            parse_output(Path::new("a.gif"), 300).unwrap(),
            Output::Gif("a.gif".into())
        );
        assert_eq!(
            parse_output(Path::new("a.png"), 1).unwrap(),
            Output::Png("a.png".into())
        );
        assert!(parse_output(Path::new("a.png"), 2).is_err());
        assert!(parse_output(Path::new("a.jpg"), 1).is_err());
        let Output::Frames(p) = parse_output(Path::new("frames/f%04d.png"), 3).unwrap() else {
            panic!()
        };
        assert_eq!(p.path(7), PathBuf::from("frames/f0007.png"));
        let Output::Frames(p) = parse_output(Path::new("dir/"), 3).unwrap() else {
            panic!()
        };
        assert_eq!(p.path(12), PathBuf::from("dir/frame_0012.png"));
        assert_eq!(p.dir(), PathBuf::from("dir"));
        let Output::Frames(p) = parse_output(Path::new("f%d.png"), 3).unwrap() else {
            panic!()
        };
        assert_eq!(p.path(12), PathBuf::from("f12.png"));
    }
}
