//! The typed values of [`RenderOptions`](crate::RenderOptions): which frames,
//! a GIF's quality and its byte budget. A value that exists is one a render
//! can take; exclusive choices are one enum, so that asking for a frame
//! count and a duration at once does not compile.

use std::fmt;
use std::str::FromStr;

use crate::check;
use crate::error::Error;

/// Which frames a render writes. Every frame before the last one written
/// is stepped, written or not. A count and a duration at once cannot be
/// asked for:
///
/// ```compile_fail,E0560
/// use whalegen::{Frames, RenderOptions};
/// let both = RenderOptions {
///     frames: Frames::Count(60),
///     duration: Some(2.0),
///     ..RenderOptions::default()
/// };
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Frames {
    /// The source's own count: one loop of a scene, a sketch's preset's
    /// `frames`, else [`DEFAULT_FRAMES`](crate::DEFAULT_FRAMES).
    #[default]
    Source,
    /// This many frames, from 1 to [`MAX_FRAMES`](crate::MAX_FRAMES).
    Count(u32),
    /// Seconds of animation: `round(seconds * fps)` frames, the rate being
    /// the render's `fps` or the source's.
    Duration(f64),
    /// Only frame `frame` (counted from 0), after stepping the ones before
    /// it; `of`, when given, is the loop it is a frame of (a scene's
    /// `frames` parameter), and `frame` must be within it. Not with
    /// `start` or `sheet`.
    Single {
        /// The frame written.
        frame: u32,
        /// The frame count of the animation it belongs to.
        of: Option<u32>,
    },
}

impl Frames {
    /// The frame count asked for: `Count`'s, or the loop of `Single`.
    pub(crate) fn count(self) -> Option<u32> {
        match self {
            Frames::Count(count)
            | Frames::Single {
                of: Some(count), ..
            } => Some(count),
            _ => None,
        }
    }

    /// The seconds of `Duration`.
    pub(crate) fn duration(self) -> Option<f64> {
        match self {
            Frames::Duration(seconds) => Some(seconds),
            _ => None,
        }
    }

    /// The one frame of `Single`.
    pub(crate) fn single(self) -> Option<u32> {
        match self {
            Frames::Single { frame, .. } => Some(frame),
            _ => None,
        }
    }
}

/// A GIF's quality, a whole number from 1 to 100 (gifski's scale): 100 is
/// lossless (the palette's colours exactly); below, a pixel may be written
/// as a nearby palette colour where that compresses better, the further
/// the lower (gifsicle's `--lossy`). Default: [`Quality::LOSSLESS`].
/// Made only by [`Quality::new`] or from a number, which refuse 0:
///
/// ```compile_fail,E0423
/// let zero = whalegen::Quality(0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Quality(u8);

impl Quality {
    /// 100: every pixel is its palette colour.
    pub const LOSSLESS: Quality = Quality(100);

    /// `quality`, refused unless it is 1 to 100.
    pub fn new(quality: u8) -> Result<Quality, Error> {
        match quality {
            1..=100 => Ok(Quality(quality)),
            _ => Err(Quality::refuse(quality)),
        }
    }

    /// The number, from 1 to 100.
    pub fn get(self) -> u8 {
        self.0
    }

    fn refuse(quality: impl ToString) -> Error {
        check::refuse(
            "quality",
            quality,
            "a whole number from 1 (smallest) to 100 (lossless)",
        )
    }
}

impl Default for Quality {
    fn default() -> Self {
        Quality::LOSSLESS
    }
}

/// A number as a command line or a TOML file gives it (`80`, `80.0`),
/// refused unless it is a whole number from 1 to 100.
impl TryFrom<f64> for Quality {
    type Error = Error;

    fn try_from(quality: f64) -> Result<Quality, Error> {
        if quality.fract() != 0.0 || !(1.0..=100.0).contains(&quality) {
            return Err(Quality::refuse(quality));
        }
        Ok(Quality(quality as u8))
    }
}

impl fmt::Display for Quality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A number of bytes a GIF may take, at least [`ByteSize::MIN`]. Made from
/// a number of bytes ([`ByteSize::new`]) or parsed from `2MB`, `500kB`,
/// `1.5MiB` or `800000` (kB, MB and GB are 1000s, KiB, MiB and GiB 1024s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ByteSize(u64);

impl ByteSize {
    /// The smallest budget, 1000 bytes: a GIF's header and colour table
    /// alone take 800.
    pub const MIN: ByteSize = ByteSize(1000);

    /// `bytes`, refused below [`ByteSize::MIN`].
    pub fn new(bytes: u64) -> Result<ByteSize, Error> {
        if bytes < ByteSize::MIN.0 {
            return Err(ByteSize::refuse(bytes));
        }
        Ok(ByteSize(bytes))
    }

    /// The number of bytes.
    pub fn bytes(self) -> u64 {
        self.0
    }

    fn refuse(text: impl ToString) -> Error {
        let accepted = format!(
            "a size such as 2MB, 500kB, 1.5MiB or 800000 (bytes), at least {} bytes",
            ByteSize::MIN.0
        );
        check::refuse("max_size", text, accepted)
    }
}

impl FromStr for ByteSize {
    type Err = Error;

    fn from_str(text: &str) -> Result<ByteSize, Error> {
        let trimmed = text.trim();
        let split = trimmed
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(trimmed.len());
        let (number, unit) = trimmed.split_at(split);
        let unit = match unit.trim().to_ascii_lowercase().as_str() {
            "" | "b" => 1.0,
            "kb" | "k" => 1e3,
            "mb" | "m" => 1e6,
            "gb" | "g" => 1e9,
            "kib" => 1024.0,
            "mib" => 1024.0 * 1024.0,
            "gib" => 1024.0 * 1024.0 * 1024.0,
            _ => return Err(ByteSize::refuse(text)),
        };
        match number.parse::<f64>().map(|n| (n * unit).floor()) {
            Ok(b) if b >= ByteSize::MIN.0 as f64 && b < u64::MAX as f64 => Ok(ByteSize(b as u64)),
            _ => Err(ByteSize::refuse(text)),
        }
    }
}

impl fmt::Display for ByteSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} bytes", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qualities_are_whole_numbers_from_1_to_100() {
        assert_eq!(Quality::new(80).unwrap().get(), 80);
        assert_eq!(Quality::try_from(80.0).unwrap(), Quality::new(80).unwrap());
        for bad in [0.0, 100.5, 101.0, -1.0, f64::NAN] {
            let err = Quality::try_from(bad).unwrap_err().to_string();
            assert!(err.starts_with("`quality` = "), "{err}");
        }
        assert!(Quality::new(0).is_err() && Quality::new(101).is_err());
    }

    #[test]
    fn sizes_parse_in_1000s_and_1024s() {
        let bytes = |text: &str| text.parse::<ByteSize>().map(ByteSize::bytes).ok();
        assert_eq!(bytes("2MB"), Some(2_000_000));
        assert_eq!(bytes("1.5MiB"), Some(1_572_864));
        assert_eq!(bytes(" 500kB "), Some(500_000));
        assert_eq!(bytes("1000"), Some(1000));
        for bad in ["999", "2XB", "lots", "", "1e9"] {
            assert_eq!(bytes(bad), None, "{bad}");
        }
        let err = "999".parse::<ByteSize>().unwrap_err().to_string();
        assert!(err.starts_with("`max_size` = 999: ") && err.contains("at least 1000"));
        assert!(ByteSize::new(999).is_err() && ByteSize::new(1000).is_ok());
    }
}
