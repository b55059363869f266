//! What a batch renders: the outputs a preset or a batch file asks for, and
//! the jobs of a batch file, read from TOML and turned into the arguments of
//! one `whalegen render` each.

use std::path::Path;

use serde::Deserialize;
use toml::{Table, Value};

use crate::check;
use crate::error::Error;
use crate::options::{RenderOptions, SceneOptions, SketchOptions};
use crate::params::parse_set;
use crate::paths;
use crate::preset::{Loaded, Preset, SketchKeys, SketchPreset};
use crate::sink::{outputs, spec, OutputSpec};

/// One job of a batch: a preset with overrides, or a p5.js sketch with its
/// parameters, rendered once per seed to each of its outputs.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// A preset name, or the path of a preset file (relative to the batch
    /// file's folder).
    #[serde(default)]
    pub preset: String,
    /// Or a p5.js sketch: a .js file or a folder with an index.html,
    /// inside the batch file's folder.
    sketch: Option<String>,
    /// Parameters, as `--set` would give them (a sketch reads them with
    /// `getURLParams()`).
    #[serde(default)]
    set: Table,
    /// A sketch's pointer and presses, as `--pointer` and `--press`.
    pointer: Option<String>,
    press: Option<String>,
    /// A sketch's limits, as `--time-limit` (seconds) and `--heap` (MiB).
    time_limit: Option<f64>,
    heap: Option<u64>,
    /// The p5.js a sketch was written for, 1 or 2, as `--p5`.
    p5: Option<i64>,
    /// As `--width` and `--height`: a scene's canvas, a sketch's window.
    width: Option<u32>,
    height: Option<u32>,
    /// One render per seed, `{seed}` in the output names telling them apart.
    seeds: Option<Vec<u64>>,
    /// The outputs; the preset's own, else one GIF.
    outputs: Option<Value>,
}

impl Job {
    /// A job that renders `preset` as it is.
    pub fn of_preset(preset: &str) -> Job {
        Job {
            preset: preset.into(),
            ..Job::default()
        }
    }

    /// The options of each output and seed, writing inside `root`.
    pub fn renders(&self, root: &Path) -> Result<Vec<(What, RenderOptions)>, Error> {
        let keys = SketchKeys {
            set: self.set.clone(),
            pointer: self.pointer.clone(),
            press: self.press.clone(),
            time_limit: self.time_limit,
            heap: self.heap,
            p5: self.p5,
            width: self.width,
            height: self.height,
        };
        let set = keys.set_args();
        // A bad `--set` is refused before anything renders.
        for text in &set {
            parse_set(text)?;
        }
        let listed = self.outputs.clone().map(outputs).transpose()?;
        let loaded = match &self.sketch {
            Some(path) => Loaded::Sketch(SketchPreset::of_sketch(path.into())),
            None => Preset::load_any(&self.preset)?,
        };
        // A sketch: the job's keys over the preset's.
        let sketch = match &loaded {
            Loaded::Sketch(preset) => {
                let mut options = keys.over(&preset.keys).options(preset.path.clone())?;
                options.name = Some(preset.name.clone());
                Some((preset, options))
            }
            Loaded::Scene(_) => None,
        };
        let own = match &loaded {
            Loaded::Scene(preset) => &preset.outputs,
            Loaded::Sketch(preset) => &preset.outputs,
        };
        let values = listed
            .or_else(|| (!own.is_empty()).then(|| own.clone()))
            .unwrap_or_else(|| vec![Value::from("gif")]);
        let seeds: Vec<Option<u64>> = match &self.seeds {
            Some(seeds) => seeds.iter().copied().map(Some).collect(),
            None => vec![None],
        };
        let mut renders = Vec::new();
        for value in values {
            let spec = match value {
                Value::String(kind) => OutputSpec::of_kind(&kind, self.seeds.is_some())
                    .expect("outputs() checked the kinds"),
                Value::Table(table) => spec(table)?,
                _ => unreachable!("outputs() checked the values"),
            };
            // Checked to stay inside `root` once planned, placeholders
            // filled in.
            let mut options = RenderOptions {
                output: Some(root.join(&spec.path)),
                // A `.png` without `frame` is a still (see `Plan::new`).
                frames: spec.frames(),
                start: spec.start,
                scale: spec.scale,
                loops: spec.loops,
                transparent: spec.transparent,
                quality: spec.quality()?,
                max_size: spec.max_size()?,
                sheet: spec.grid()?,
                ..RenderOptions::default()
            };
            if let Some((preset, _)) = &sketch {
                options = preset.render(&options);
            }
            for &seed in &seeds {
                let what = match &sketch {
                    Some((preset, options)) => What::Sketch(SketchOptions {
                        seed: seed.or(preset.seed),
                        ..options.clone()
                    }),
                    None => What::Scene(SceneOptions {
                        preset: Some(self.preset.clone()),
                        set: set.clone(),
                        seed,
                        width: self.width,
                        height: self.height,
                        ..SceneOptions::default()
                    }),
                };
                renders.push((what, options.clone()));
            }
        }
        Ok(renders)
    }
}

/// A batch file: `[[job]]` tables.
/// What one render of a batch draws.
#[derive(Debug, Clone)]
pub enum What {
    /// A preset (or scene) with overrides.
    Scene(SceneOptions),
    /// A p5.js sketch.
    Sketch(SketchOptions),
}

impl What {
    /// `preset NAME` or `sketch PATH`, for messages.
    pub fn label(&self) -> String {
        match self {
            What::Scene(scene) => format!("preset {}", scene.preset.clone().unwrap_or_default()),
            What::Sketch(sketch) => format!("sketch {}", sketch.path.display()),
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchFile {
    job: Vec<Job>,
}

/// Whether `text` is a batch file (it has `[[job]]` tables) rather than a
/// preset.
pub fn is_batch_file(text: &str) -> bool {
    text.parse::<Table>()
        .is_ok_and(|table| table.contains_key("job"))
}

/// The jobs of the batch file `path`, their preset files found relative to
/// it. A refusal names the file and the line.
pub fn read_batch_file(path: &Path, text: &str) -> Result<Vec<Job>, Error> {
    let file: BatchFile = toml::from_str(text).map_err(|err| {
        let line = err
            .span()
            .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
        Error::InPreset {
            origin: path.display().to_string(),
            line,
            error: Box::new(Error::Toml(err.message().trim().replace('\n', "; "))),
        }
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    file.job
        .into_iter()
        .map(|mut job| {
            match (&job.sketch, job.preset.is_empty()) {
                (Some(_), false) => {
                    return Err(check::refuse(
                        "job",
                        "preset and sketch",
                        "one of preset or sketch",
                    ))
                }
                (None, true) => return Err(check::refuse("job", "{}", "a preset or a sketch")),
                _ => {}
            }
            // A sketch is read only from the batch file's folder.
            if let Some(sketch) = &job.sketch {
                let path = paths::inside(dir, Path::new(sketch), "sketch")?;
                job.sketch = Some(path.to_string_lossy().into_owned());
            }
            // A preset file is read only from the batch file's folder; a
            // name, only from the shipped presets.
            if job.preset.ends_with(".toml") || job.preset.contains(['/', '\\']) {
                let preset = paths::inside(dir, Path::new(&job.preset), "preset")?;
                job.preset = preset.to_string_lossy().into_owned();
            }
            Ok(job)
        })
        .collect::<Result<_, Error>>()
        .map_err(|error| Error::InPreset {
            origin: path.display().to_string(),
            line: None,
            error: Box::new(error),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_file_error_names_the_file_and_line() {
        let text = "[[job]]\npreset = \"chain\"\n\n[[job]]\npreset = \"tree\"\nseed = [1]\n";
        assert!(is_batch_file(text));
        let err = read_batch_file(Path::new("dir/b.toml"), text)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("dir/b.toml line 6") && err.contains("`seed`"),
            "{err}"
        );
        let jobs = read_batch_file(Path::new("dir/b.toml"), "[[job]]\npreset = \"p.toml\"\n");
        assert_eq!(jobs.unwrap()[0].preset, "dir/p.toml");
        for outside in ["../p.toml", "/etc/passwd", "a/../../p.toml"] {
            let text = format!("[[job]]\npreset = {outside:?}\n");
            let err = read_batch_file(Path::new("dir/b.toml"), &text)
                .unwrap_err()
                .to_string();
            assert!(
                err.starts_with("dir/b.toml: `preset`") && err.contains("inside `dir`"),
                "{err}"
            );
        }
    }
}
