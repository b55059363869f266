//! The outputs a render can write, and the one parser that reads them from
//! a path and the flags that shape them.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use super::Dither;
use crate::check;
use crate::error::Error;
use crate::limits::{MAX_PIXELS, MAX_SIDE};

/// Where the frames go.
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// One animated GIF.
    Gif(PathBuf),
    /// One PNG: the animation must be one frame long.
    Png(PathBuf),
    /// One PNG per frame, numbered.
    Frames(FramePattern),
    /// One animated PNG.
    Apng {
        /// The file.
        path: PathBuf,
        /// The frames it holds.
        frames: u32,
        /// How many times it plays; 0 forever.
        loops: u32,
    },
    /// One PNG of evenly spaced frames side by side.
    Sheet {
        /// The file.
        path: PathBuf,
        /// How many frames across and down.
        grid: Grid,
    },
    /// A video, encoded by the system's ffmpeg.
    Video {
        /// The file.
        path: PathBuf,
        /// From the file's extension.
        codec: Codec,
    },
    /// Nothing: simulate and draw only (`--dry-run`), to time the renderer.
    Discard,
}

impl Output {
    /// The files this output writes when it holds `frames` frames.
    pub fn files(&self, frames: u32) -> Vec<PathBuf> {
        match self {
            Output::Gif(path)
            | Output::Png(path)
            | Output::Apng { path, .. }
            | Output::Sheet { path, .. }
            | Output::Video { path, .. } => vec![path.clone()],
            Output::Frames(pattern) => (0..frames).map(|i| pattern.path(i)).collect(),
            Output::Discard => Vec::new(),
        }
    }
}

/// A file name with a number in it: `prefix`, the frame number padded with
/// zeros to `digits`, then `suffix`.
#[derive(Debug, Clone, PartialEq)]
pub struct FramePattern {
    prefix: String,
    digits: usize,
    suffix: String,
}

/// The widest zero padding of a frame number: frame numbers have at most 7
/// digits, and a wider pattern is a typo.
const MAX_DIGITS: usize = 16;

impl FramePattern {
    /// The file of frame `frame`, counted from 0.
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
            spec.parse().unwrap_or(usize::MAX)
        };
        Some(FramePattern {
            prefix: text[..start].into(),
            digits,
            suffix: rest[end + 1..].into(),
        })
    }
}

/// The flags that shape an output besides its path, as `whalegen render`
/// takes them. The default is a plain output: no format, sheet or loop
/// count, opaque, not dithered.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct OutputFlags {
    /// What a `.png` holds (`--format`).
    pub format: Option<Format>,
    /// A contact sheet (`--sheet COLSxROWS`).
    pub sheet: Option<Grid>,
    /// How many times a GIF or APNG plays; 0 forever (`--loop`).
    pub loops: u16,
    /// A transparent background (`--transparent`; PNG and APNG only).
    pub transparent: bool,
    /// How a GIF approximates missing colours (`--dither`).
    pub dither: Dither,
    /// A GIF quality below 100 or a byte budget (`--quality`,
    /// `--max-size`).
    pub sized: bool,
}

/// What a `.png` output holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// One still, or numbered frames for a folder or a %d pattern.
    Png,
    /// One animated PNG holding every frame.
    Apng,
}

/// A video codec, from the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    /// H.264 in an MP4, yuv420p so that every player takes it.
    H264,
    /// VP9 in a WebM.
    Vp9,
}

/// The cells of a contact sheet, `COLSxROWS` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// Frames across, from 1 to 1000.
    pub cols: u32,
    /// Frames down, from 1 to 1000.
    pub rows: u32,
}

impl Grid {
    /// How many frames the sheet holds.
    pub fn cells(self) -> u32 {
        self.cols * self.rows
    }

    /// The gutter between and around cells of `width` x `height` pixels:
    /// thin, and in proportion to the cells so that `--scale` scales it too.
    pub fn gutter(width: u32, height: u32) -> u32 {
        (width.min(height) / 100).max(2)
    }

    /// The sheet's size in pixels for cells of `width` x `height`.
    pub fn sheet_size(self, width: u32, height: u32) -> (u64, u64) {
        let gutter = u64::from(Self::gutter(width, height));
        let side = |cells: u32, cell: u32| u64::from(cells) * (u64::from(cell) + gutter) + gutter;
        (side(self.cols, width), side(self.rows, height))
    }
}

impl FromStr for Grid {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let side = |t: &str| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=1000).contains(&n))
        };
        text.split_once(['x', 'X'])
            .and_then(|(c, r)| {
                Some(Grid {
                    cols: side(c)?,
                    rows: side(r)?,
                })
            })
            .ok_or_else(|| "expected COLSxROWS such as 4x3, each from 1 to 1000".into())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

impl Output {
    /// Reads what `path` asks for, from its shape and `flags`, for an
    /// animation of `frames` frames written: a `.gif`; a `.png` (one frame,
    /// an APNG with `--format apng`, or a contact sheet with `--sheet`); a
    /// `.apng`; a folder ending in `/` or a `%0Nd` pattern ending in `.png`
    /// (one PNG per frame); a `.mp4` or `.webm`. Fails, naming the path and
    /// what would be accepted, for any other shape, and for a flag the
    /// output can't honour.
    pub fn parse(path: &Path, flags: &OutputFlags, frames: u32) -> Result<Output, Error> {
        let refuse = |reason: &str| Error::Output {
            path: path.to_path_buf(),
            reason: reason.into(),
        };
        let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
        let pattern = FramePattern::parse(&path.to_string_lossy()).is_some();
        let output = if let Some(grid) = flags.sheet {
            if extension.as_deref() != Some("png") || pattern || flags.format.is_some() {
                return Err(refuse(
                    "a contact sheet is one PNG: end `output` in .png, without `format`",
                ));
            }
            Output::Sheet {
                path: path.to_path_buf(),
                grid,
            }
        } else {
            match (extension.as_deref(), flags.format) {
                (Some("apng"), None | Some(Format::Apng)) | (Some("png"), Some(Format::Apng))
                    if !pattern =>
                {
                    Output::Apng {
                        path: path.to_path_buf(),
                        frames,
                        loops: u32::from(flags.loops),
                    }
                }
                (_, Some(Format::Apng)) => {
                    return Err(refuse(
                        "`format` apng writes one file ending in .png or .apng",
                    ))
                }
                (Some("mp4"), None) => video(path, Codec::H264),
                (Some("webm"), None) => video(path, Codec::Vp9),
                (Some("png"), _) | (_, None) => plain(path, frames)?,
                (_, Some(Format::Png)) => return Err(refuse("`format` png needs a .png output")),
            }
        };
        check_flags(&output, flags).map_err(|reason| refuse(&reason))?;
        Ok(output)
    }

    /// Checks that one output of frames of `raster` pixels fits the size
    /// limits: a contact sheet must fit the same limits as one frame.
    pub fn check_size(&self, raster: (u32, u32)) -> Result<(), Error> {
        match self {
            Output::Sheet { grid, .. } => check_sheet(*grid, raster),
            _ => Ok(()),
        }
    }
}

/// Whether `path` names one PNG, a still: not a folder, a numbered
/// pattern or an `.apng`.
pub fn is_one_png(path: &Path) -> bool {
    matches!(plain(path, 1), Ok(Output::Png(_)))
}

/// A GIF, a PNG, or numbered PNG frames, from the shape of `path`.
fn plain(path: &Path, frames: u32) -> Result<Output, Error> {
    let text = path.to_string_lossy();
    let refuse = |reason: String| Error::Output {
        path: path.to_path_buf(),
        reason,
    };
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    let folder = text.ends_with('/') || path.is_dir();
    if folder && !text.ends_with('/') && extension.is_some() {
        return Err(refuse(
            "is a folder: end it with / to write one PNG per frame into it, or name a file".into(),
        ));
    }
    let frames_named_in_utf8 = || {
        path.to_str().map(drop).ok_or_else(|| {
            refuse("numbered frames need a folder and pattern named in UTF-8".into())
        })
    };
    if folder {
        frames_named_in_utf8()?;
        let prefix = path.join("frame_").to_string_lossy().into_owned();
        return Ok(Output::Frames(FramePattern {
            prefix,
            digits: 4,
            suffix: ".png".into(),
        }));
    }
    if let Some(pattern) = FramePattern::parse(&text) {
        frames_named_in_utf8()?;
        if extension.as_deref() != Some("png") {
            return Err(refuse(
                "a numbered pattern must end in .png, such as frames/f%04d.png".into(),
            ));
        }
        if pattern.digits > MAX_DIGITS {
            return Err(refuse(format!(
                "a pattern pads frame numbers to at most {MAX_DIGITS} digits, such as %04d"
            )));
        }
        if pattern.suffix.contains('/') {
            return Err(refuse(
                "the frame number goes in the file name, not in a folder: frames/f%04d.png".into(),
            ));
        }
        return Ok(Output::Frames(pattern));
    }
    match extension.as_deref() {
        Some("gif") => Ok(Output::Gif(path.to_path_buf())),
        Some("png") if frames == 1 => Ok(Output::Png(path.to_path_buf())),
        Some("png") => Err(refuse(format!(
            "a .png holds one frame, not {frames}: use `frames` 1, a folder such as frames/, \
             or a pattern such as frames/f%04d.png"
        ))),
        _ => Err(refuse(
            "expected a .gif, .png, .apng, .mp4 or .webm, a folder ending in /, or a pattern \
             such as frames/f%04d.png"
                .into(),
        )),
    }
}

fn video(path: &Path, codec: Codec) -> Output {
    Output::Video {
        path: path.to_path_buf(),
        codec,
    }
}

fn check_sheet(grid: Grid, (width, height): (u32, u32)) -> Result<(), Error> {
    let (w, h) = grid.sheet_size(width, height);
    if w.max(h) > u64::from(MAX_SIDE) || w * h > MAX_PIXELS {
        return Err(check::refuse(
            "sheet",
            format!("{grid} of {width} x {height} = a {w} x {h} sheet"),
            format!("sides of at most {MAX_SIDE} and at most {MAX_PIXELS} pixels"),
        ));
    }
    Ok(())
}

/// Refuses the options that `output` cannot honour, naming them.
fn check_flags(output: &Output, flags: &OutputFlags) -> Result<(), String> {
    let animated = matches!(output, Output::Apng { .. } | Output::Gif(_));
    if flags.loops != 0 && !animated {
        return Err(
            "`loops` sets how often a GIF or an APNG plays (.gif, .apng, or `format` apng)".into(),
        );
    }
    if flags.dither != Dither::None && !matches!(output, Output::Gif(_)) {
        return Err("`dither` applies to GIF output only".into());
    }
    if flags.sized && !matches!(output, Output::Gif(_)) {
        return Err("`quality` and `max_size` apply to GIF output only".into());
    }
    match output {
        Output::Gif(_) if flags.transparent => Err(
            "`transparent`: GIF's 1-bit transparency would fringe the anti-aliased edges; \
             write a .png, .apng or PNG frames"
                .into(),
        ),
        Output::Video { .. } if flags.transparent => {
            Err("`transparent`: the video has no alpha channel; write a .apng or PNG frames".into())
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_parse_and_size_their_sheet() {
        let grid: Grid = "4x3".parse().unwrap();
        assert_eq!(grid, Grid { cols: 4, rows: 3 });
        assert_eq!(grid.to_string(), "4x3");
        assert!("4x0".parse::<Grid>().is_err());
        assert!("4".parse::<Grid>().is_err());
        assert_eq!(Grid::gutter(800, 600), 6);
        assert_eq!(grid.sheet_size(800, 600), (4 * 806 + 6, 3 * 606 + 6));
    }

    fn parse(path: &str, frames: u32) -> Result<Output, Error> {
        Output::parse(Path::new(path), &OutputFlags::default(), frames)
    }

    #[test]
    fn outputs_are_read_from_their_shape() {
        assert_eq!(parse("a.gif", 300).unwrap(), Output::Gif("a.gif".into()));
        assert_eq!(parse("a.png", 1).unwrap(), Output::Png("a.png".into()));
        assert!(parse("a.png", 2).is_err());
        assert!(parse("a.jpg", 1).is_err());
        let Output::Frames(p) = parse("frames/f%04d.png", 3).unwrap() else {
            panic!()
        };
        assert_eq!(p.path(7), PathBuf::from("frames/f0007.png"));
        let Output::Frames(p) = parse("dir/", 3).unwrap() else {
            panic!()
        };
        assert_eq!(p.path(12), PathBuf::from("dir/frame_0012.png"));
        assert_eq!(p.dir(), PathBuf::from("dir"));
        let Output::Frames(p) = parse("f%d.png", 3).unwrap() else {
            panic!()
        };
        assert_eq!(p.path(12), PathBuf::from("f12.png"));
    }

    #[test]
    fn a_pattern_too_wide_or_in_a_folder_is_refused() {
        let err = parse("f%70000d.png", 3).unwrap_err().to_string();
        assert!(err.contains("at most 16 digits"), "{err}");
        assert!(parse("f%99999999999999999999d.png", 3).is_err());
        let err = parse("out%d/f.png", 3).unwrap_err().to_string();
        assert!(err.contains("not in a folder"), "{err}");
    }

    #[test]
    fn a_folder_named_like_a_file_and_frames_not_in_utf8_are_refused() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("d.gif");
        std::fs::create_dir(&folder).unwrap();
        let flags = OutputFlags::default();
        let err = Output::parse(&folder, &flags, 3).unwrap_err().to_string();
        assert!(err.contains("is a folder"), "{err}");
        let odd = Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9/"));
        let err = Output::parse(odd, &flags, 3).unwrap_err().to_string();
        assert!(err.contains("UTF-8"), "{err}");
        let odd = Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9.gif"));
        assert_eq!(
            Output::parse(odd, &flags, 3).unwrap(),
            Output::Gif(odd.to_path_buf())
        );
    }
}
