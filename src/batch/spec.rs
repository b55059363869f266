//! What a batch renders: the outputs a preset or a batch file asks for, and
//! the jobs of a batch file, read from TOML and turned into the arguments of
//! one `whalegen render` each.

use std::path::Path;

use serde::Deserialize;
use toml::{Table, Value};

use crate::error::Error;
use crate::options::{RenderOptions, SceneOptions};
use crate::params::parse_set;
use crate::paths;
use crate::preset::checked_settings;
use crate::preset::Preset;
use crate::sink::{outputs, spec, OutputSpec};

/// One job of a batch: a preset with overrides, rendered once per seed to
/// each of its outputs.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Job {
    /// A preset name, or the path of a preset file (relative to the batch
    /// file's folder).
    pub preset: String,
    /// Parameters, as `--set` would give them.
    #[serde(default)]
    set: Table,
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
    pub fn renders(&self, root: &Path) -> Result<Vec<(SceneOptions, RenderOptions)>, Error> {
        let preset = Preset::load(&self.preset)?;
        let set: Vec<String> = self.set.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let overrides = set
            .iter()
            .map(|s| parse_set(s))
            .collect::<Result<Vec<_>, _>>()?;
        let listed = self.outputs.clone().map(outputs).transpose()?;
        let values = listed
            .or_else(|| (!preset.outputs.is_empty()).then(|| preset.outputs.clone()))
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
            // The seed does not change the number of frames.
            let last = spec
                .is_last_frame()
                .then(|| checked_settings(&preset, &overrides).map(|s| s.frames() - 1))
                .transpose()?;
            // Checked to stay inside `root` once planned, placeholders
            // filled in.
            let options = RenderOptions {
                output: Some(root.join(&spec.path)),
                frames: spec.frames,
                frame: spec.frame.or(last),
                start: spec.start,
                scale: spec.scale,
                loops: spec.loops,
                transparent: spec.transparent,
                sheet: spec.grid()?,
                ..RenderOptions::default()
            };
            for &seed in &seeds {
                let scene = SceneOptions {
                    preset: Some(self.preset.clone()),
                    set: set.clone(),
                    seed,
                    ..SceneOptions::default()
                };
                renders.push((scene, options.clone()));
            }
        }
        Ok(renders)
    }
}

/// A batch file: `[[job]]` tables.
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
