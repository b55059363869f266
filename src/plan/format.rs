//! The outputs beyond GIF and PNG (APNG, contact sheets, videos), the frames
//! each one takes, and the flags that only some outputs accept.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use super::{parse_output, FramePattern, Output, MAX_FRAMES, MAX_PIXELS, MAX_SIDE};
use crate::check;
use crate::cli::RenderArgs;
use crate::error::Error;
use crate::render::Selection;
use crate::sink::Dither;

/// What a `.png` output holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
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
    pub cols: u32,
    pub rows: u32,
}

impl Grid {
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

/// The frames written: `--frame`, or `frames` from `--start`, spread over a
/// contact sheet's cells when there is one.
pub fn selection(args: &RenderArgs, frames: u32) -> Result<Selection, Error> {
    let first = args.frame.unwrap_or(args.start);
    let last = u64::from(first) + u64::from(frames);
    if last > u64::from(MAX_FRAMES) {
        let accepted = format!("--start (or --frame) + --frames <= {MAX_FRAMES}");
        return Err(check::refuse("start", first, accepted));
    }
    let mut selection = Selection::every(first, frames);
    if let Some(grid) = args.sheet {
        if grid.cells() > frames {
            let accepted = format!("at most {frames} cells, one per frame");
            return Err(check::refuse("sheet", grid, accepted));
        }
        selection.count = grid.cells();
    }
    Ok(selection)
}

/// Reads `-o` as `parse_output` does, with the outputs above; `raster` is
/// one frame's size in pixels, to check a contact sheet's.
pub fn output(
    path: &Path,
    args: &RenderArgs,
    selection: Selection,
    raster: (u32, u32),
) -> Result<Output, Error> {
    let refuse = |reason: &str| Error::Output {
        path: path.to_path_buf(),
        reason: reason.into(),
    };
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    let pattern = FramePattern::parse(&path.to_string_lossy()).is_some();
    let output = if let Some(grid) = args.sheet {
        if extension.as_deref() != Some("png") || pattern || args.format.is_some() {
            return Err(refuse(
                "a contact sheet is one PNG: end -o in .png, without --format",
            ));
        }
        check_sheet(grid, raster)?;
        Output::Sheet {
            path: path.to_path_buf(),
            grid,
        }
    } else {
        match (extension.as_deref(), args.format) {
            (Some("apng"), None | Some(Format::Apng)) | (Some("png"), Some(Format::Apng))
                if !pattern =>
            {
                Output::Apng {
                    path: path.to_path_buf(),
                    frames: selection.count,
                    loops: u32::from(args.loops),
                }
            }
            (_, Some(Format::Apng)) => {
                return Err(refuse(
                    "--format apng writes one file ending in .png or .apng",
                ))
            }
            (Some("mp4"), None) => video(path, Codec::H264),
            (Some("webm"), None) => video(path, Codec::Vp9),
            (Some("png"), _) | (_, None) => parse_output(path, selection.count)?,
            (_, Some(Format::Png)) => return Err(refuse("--format png needs a .png output")),
        }
    };
    check_flags(&output, args).map_err(|reason| refuse(&reason))?;
    Ok(output)
}

fn video(path: &Path, codec: Codec) -> Output {
    Output::Video {
        path: path.to_path_buf(),
        codec,
    }
}

/// A contact sheet must fit the same limits as one frame.
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

/// Refuses the flags that `output` cannot honour.
fn check_flags(output: &Output, args: &RenderArgs) -> Result<(), String> {
    let animated = matches!(output, Output::Apng { .. } | Output::Gif(_));
    if args.loops != 0 && !animated {
        return Err(
            "--loop sets how often a GIF or an APNG plays (.gif, .apng, or --format apng)".into(),
        );
    }
    if args.dither != Dither::None && !matches!(output, Output::Gif(_)) {
        return Err("--dither applies to GIF output only".into());
    }
    match output {
        Output::Gif(_) if args.transparent => Err(
            "--transparent: GIF's 1-bit transparency would fringe the anti-aliased edges; \
             write a .png, .apng or PNG frames"
                .into(),
        ),
        Output::Video { .. } if args.transparent => {
            Err("--transparent: the video has no alpha channel; write a .apng or PNG frames".into())
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
}
