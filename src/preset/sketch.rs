//! Presets that render a p5.js sketch: `sketch = "flow.js"` instead of
//! `scene = "…"`, the sketch found inside the preset file's folder.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::{Table, Value};

use crate::check;
use crate::error::Error;
use crate::options::{P5Version, RenderOptions, SceneOptions, SketchOptions};
use crate::paths;
use crate::pointer::Pointer;
use crate::sink;
use crate::values::Frames;

/// How a sketch runs, as a preset or a batch job says it: `set` (the
/// parameters `getURLParams()` reads), `pointer` and `press` (as
/// `--pointer` and `--press`), `time_limit` (seconds), `heap` (MiB), `p5`
/// (1 or 2, as `--p5`), and `width` and `height`, the window the sketch
/// runs in (as `--width` and `--height`: `windowWidth`, `windowHeight`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct SketchKeys {
    #[serde(default)]
    pub set: Table,
    pub pointer: Option<String>,
    pub press: Option<String>,
    pub time_limit: Option<f64>,
    pub heap: Option<u64>,
    pub p5: Option<i64>,
    pub width: Option<u32>,
    pub height: Option<u32>,
}

impl SketchKeys {
    /// `set` as `--set` gives it: `KEY=VALUE`, in the table's order.
    pub fn set_args(&self) -> Vec<String> {
        self.set.iter().map(|(k, v)| format!("{k}={v}")).collect()
    }

    /// The options that run the sketch at `path` with these keys.
    pub fn options(&self, path: PathBuf) -> Result<SketchOptions, Error> {
        let defaults = SketchOptions::default();
        Ok(SketchOptions {
            path,
            set: self.set_args(),
            time_limit: self.time_limit.unwrap_or(defaults.time_limit),
            heap: self.heap.unwrap_or(defaults.heap),
            pointer: Pointer::parse(self.pointer.as_deref(), self.press.as_deref())?,
            p5: self
                .p5
                .map(|major| {
                    P5Version::from_major(major).ok_or_else(|| Error::BadValue {
                        key: "p5".into(),
                        value: major.to_string(),
                        reason: "expected 1 (p5.js 1.11.13) or 2 (p5.js 2.3.4)".into(),
                    })
                })
                .transpose()?,
            window: (
                self.width.unwrap_or(defaults.window.0),
                self.height.unwrap_or(defaults.window.1),
            ),
            ..defaults
        })
    }

    /// These keys over `under`: each key given here wins, and `set` is
    /// `under`'s with these values after it.
    pub fn over(&self, under: &SketchKeys) -> SketchKeys {
        let mut set = under.set.clone();
        set.extend(self.set.clone());
        SketchKeys {
            set,
            pointer: self.pointer.clone().or_else(|| under.pointer.clone()),
            press: self.press.clone().or_else(|| under.press.clone()),
            time_limit: self.time_limit.or(under.time_limit),
            heap: self.heap.or(under.heap),
            p5: self.p5.or(under.p5),
            width: self.width.or(under.width),
            height: self.height.or(under.height),
        }
    }
}

/// A preset that names a p5.js sketch.
#[derive(Debug, Clone, PartialEq)]
pub struct SketchPreset {
    /// The preset's name: its file name without `.toml`.
    pub name: String,
    /// What it shows, in a line, for `whalegen list`.
    pub description: Option<String>,
    /// What `whalegen batch` writes; `render` reads `-o` instead.
    pub outputs: Vec<Value>,
    /// The sketch, inside the preset file's folder.
    pub path: PathBuf,
    /// `--seed`, `--frames` and `--fps` unless the command line gives them.
    pub seed: Option<u64>,
    pub frames: Option<u32>,
    pub fps: Option<f64>,
    pub keys: SketchKeys,
}

/// A sketch preset's file: the keys of a sketch, and those of any preset.
#[derive(Deserialize)]
struct File {
    sketch: String,
    description: Option<String>,
    outputs: Option<Value>,
    seed: Option<u64>,
    frames: Option<u32>,
    fps: Option<f64>,
    #[serde(flatten)]
    keys: SketchKeys,
    /// Whatever else the file holds: refused by name.
    #[serde(flatten)]
    unknown: Table,
}

/// The keys a sketch preset may hold, for messages.
const KEYS: &str = "sketch, description, outputs, seed, frames, fps, set, pointer, press, \
                    time_limit, heap, p5, width, height";

impl SketchPreset {
    /// The sketch at `path` as it is, as a batch job's `sketch` names it.
    pub fn of_sketch(path: PathBuf) -> SketchPreset {
        SketchPreset {
            name: path
                .file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().into()),
            description: None,
            outputs: Vec::new(),
            path,
            seed: None,
            frames: None,
            fps: None,
            keys: SketchKeys::default(),
        }
    }

    /// Reads the sketch preset `text` of the file `origin`, whose sketch
    /// path is relative to `folder` and must stay inside it. A refusal
    /// names the file.
    pub(super) fn parse(
        name: &str,
        origin: &str,
        folder: &Path,
        text: &str,
    ) -> Result<SketchPreset, Error> {
        let at = |error: Error| Error::InPreset {
            origin: origin.into(),
            line: None,
            error: Box::new(error),
        };
        let file: File = toml::from_str(text)
            .map_err(|err| at(Error::Toml(check::cut_quotes(err.message().trim(), 2, 0))))?;
        if let Some(key) = file.unknown.keys().next() {
            return Err(at(Error::UnknownKey {
                key: check::shown(key),
                scene: "a sketch preset".into(),
                valid: KEYS.into(),
            }));
        }
        let path = paths::inside(folder, Path::new(&file.sketch), "sketch").map_err(at)?;
        Ok(SketchPreset {
            name: name.into(),
            description: file.description,
            outputs: file
                .outputs
                .map(sink::outputs)
                .transpose()
                .map_err(at)?
                .unwrap_or_default(),
            path,
            seed: file.seed,
            frames: file.frames,
            fps: file.fps,
            keys: file.keys,
        })
    }

    /// What to render: the preset with the command line's `--set` after
    /// its own, and its `--seed`, `--width` and `--height` (the window)
    /// over the preset's.
    pub fn options(&self, scene: &SceneOptions) -> Result<SketchOptions, Error> {
        let flags = SketchKeys {
            width: scene.width,
            height: scene.height,
            ..SketchKeys::default()
        };
        let mut options = flags.over(&self.keys).options(self.path.clone())?;
        options.name = Some(self.name.clone());
        options.set.extend(scene.set.iter().cloned());
        options.seed = scene.seed.or(self.seed);
        Ok(options)
    }

    /// `render` with the preset's frame count and rate where it gives none
    /// (a single frame or a duration counts as a frame count).
    pub fn render(&self, render: &RenderOptions) -> RenderOptions {
        let frames = match (render.frames, self.frames) {
            (Frames::Source, Some(count)) => Frames::Count(count),
            (frames, _) => frames,
        };
        RenderOptions {
            frames,
            fps: render.fps.or(self.fps),
            ..render.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_read() {
        let text = "sketch = \"a.js\"\ndescription = \"d\"\nseed = 3\nframes = 120\nfps = 30\n\
                    pointer = \"1,2\"\npress = \"0-3\"\ntime_limit = 2.5\nheap = 64\n\
                    outputs = [\"gif\"]\n[set]\nn = 4\n";
        let preset = SketchPreset::parse("p", "p.toml", Path::new("."), text).unwrap();
        assert_eq!(preset.path, Path::new("./a.js"));
        assert_eq!(
            (preset.seed, preset.frames, preset.fps),
            (Some(3), Some(120), Some(30.0))
        );
        assert_eq!(preset.description.as_deref(), Some("d"));
        assert_eq!(preset.outputs, vec![Value::from("gif")]);
        let options = preset.keys.options(preset.path.clone()).unwrap();
        assert_eq!(options.set, ["n=4"]);
        assert_eq!((options.time_limit, options.heap), (2.5, 64));
        assert_eq!(options.pointer.at(0, 10.0, 10.0), (1.0, 2.0, true));
    }
}
