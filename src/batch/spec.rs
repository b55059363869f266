//! What a batch renders: the outputs a preset or a batch file asks for, and
//! the jobs of a batch file, read from TOML and turned into the arguments of
//! one `whalegen render` each.

use std::path::Path;

use serde::Deserialize;
use toml::{Table, Value};

use crate::check;
use crate::error::Error;
use crate::options::{RenderOptions, SceneOptions};
use crate::params::parse_set;
use crate::paths;
use crate::plan::checked_settings;
use crate::preset::Preset;
use crate::sink::Grid;

/// The shorthand outputs, and the file each writes (after `{preset}`, and
/// `-{seed}` for a job with a list of seeds).
const KINDS: [(&str, &str); 4] = [
    ("gif", ".gif"),
    ("png", ".png"),
    ("apng", ".apng"),
    ("sheet", "-sheet.png"),
];

/// The grid of the `"sheet"` shorthand.
const SHEET: Grid = Grid { cols: 4, rows: 3 };

/// One output of a job: a shorthand (`"gif"`, `"png"`, `"apng"`,
/// `"sheet"`) or a table with a `path` and the flags of `whalegen render`
/// that shape an output. A `.png` with neither `frame`, `frames` nor
/// `sheet` is the animation's last frame.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutputSpec {
    /// Relative to the batch's output folder; `{scene}`, `{preset}`,
    /// `{seed}` and `{frames}` are replaced.
    path: String,
    frame: Option<u32>,
    #[serde(default)]
    start: u32,
    frames: Option<u32>,
    #[serde(default = "one")]
    scale: u32,
    sheet: Option<String>,
    #[serde(default, rename = "loop")]
    loops: u16,
    #[serde(default)]
    transparent: bool,
}

fn one() -> u32 {
    1
}

impl OutputSpec {
    /// The output of a shorthand `kind`, `None` when there is no such kind.
    fn of_kind(kind: &str, seeds: bool) -> Option<OutputSpec> {
        let (_, suffix) = KINDS.iter().find(|(k, _)| *k == kind)?;
        let seed = if seeds { "-{seed}" } else { "" };
        Some(OutputSpec {
            path: format!("{{preset}}{seed}{suffix}"),
            frame: None,
            start: 0,
            frames: None,
            scale: 1,
            sheet: (kind == "sheet").then(|| SHEET.to_string()),
            loops: 0,
            transparent: false,
        })
    }

    /// A still: one frame to a `.png`, chosen by `frame` or the last one.
    fn is_last_frame(&self) -> bool {
        self.path.ends_with(".png")
            && !self.path.contains('%')
            && self.frame.is_none()
            && self.frames.is_none()
            && self.sheet.is_none()
    }

    /// The contact sheet's grid, if any.
    fn grid(&self) -> Result<Option<Grid>, Error> {
        self.sheet
            .as_deref()
            .map(|s| {
                s.parse::<Grid>()
                    .map_err(|why| check::refuse("sheet", s, why))
            })
            .transpose()
    }

    /// `frame` writes one frame: nothing else may say which frames.
    fn check(&self) -> Result<(), Error> {
        if self.frame.is_some()
            && (self.frames.is_some() || self.start != 0 || self.sheet.is_some())
        {
            return Err(check::refuse(
                "outputs",
                &self.path,
                "`frame` alone, or `start`, `frames` and `sheet`",
            ));
        }
        Ok(())
    }
}

/// Reads an `outputs` value, refusing an unknown shorthand or key by name.
pub fn outputs(value: Value) -> Result<Vec<Value>, Error> {
    let accepted = || {
        let kinds: Vec<String> = KINDS.iter().map(|(k, _)| format!("\"{k}\"")).collect();
        format!(
            "a list of {} or tables such as {{ path = \"{{preset}}.png\", frame = 10 }}",
            kinds.join(", ")
        )
    };
    let Value::Array(list) = value else {
        return Err(check::refuse("outputs", value, accepted()));
    };
    for item in &list {
        match item {
            Value::String(kind) if OutputSpec::of_kind(kind, false).is_some() => {}
            Value::Table(table) => spec(table.clone())?.check()?,
            other => return Err(check::refuse("outputs", other, accepted())),
        }
    }
    Ok(list)
}

fn spec(table: Table) -> Result<OutputSpec, Error> {
    let text = Value::Table(table.clone()).to_string();
    table.try_into().map_err(|err: toml::de::Error| {
        check::refuse("outputs", text, err.message().trim().replace('\n', "; "))
    })
}

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

    fn refusal(text: &str) -> String {
        let value: Table = text.parse().unwrap();
        outputs(value["outputs"].clone()).unwrap_err().to_string()
    }

    #[test]
    fn outputs_are_shorthands_or_tables_and_others_are_refused() {
        let ok: Table = r#"outputs = ["gif", "sheet", { path = "a.png", frame = 3 }]"#
            .parse()
            .unwrap();
        assert_eq!(outputs(ok["outputs"].clone()).unwrap().len(), 3);
        let err = refusal(r#"outputs = ["jpeg"]"#);
        assert!(
            err.contains("\"jpeg\"") && err.contains("\"apng\""),
            "{err}"
        );
        let err = refusal(r#"outputs = [{ path = "a.png", fram = 3 }]"#);
        assert!(err.contains("unknown field `fram`"), "{err}");
        let err = refusal(r#"outputs = [{ path = "a.png", frame = 3, frames = 2 }]"#);
        assert!(err.contains("`frame` alone"), "{err}");
    }

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
