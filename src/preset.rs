//! Presets: TOML files that name a scene and the parameters they change,
//! or a p5.js sketch and how it runs.
//!
//! A preset is `scene = "…"`, an optional `description = "…"`, the run-level
//! keys and the scene's parameters by their SCENES.md names. Its values go
//! first; `--set` and the flags come after and win. An error in a value the
//! preset set names the file and the line. A sketch preset is
//! `sketch = "…"` (see `SketchPreset`).

mod sketch;

pub use sketch::{SketchKeys, SketchPreset};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use toml::{Spanned, Value};

use crate::check;
use crate::error::Error;
use crate::limits::{check_fps, check_raster, MAX_FRAMES, MAX_SIDE};
use crate::params::{Run, Settings};
use crate::paths::read_text;
use crate::scene::SceneKind;
use crate::sink;

/// The folder `--preset NAME` reads first, relative to the current folder.
pub const DIR: &str = "presets";

/// `(name, text)` of each `presets/NAME.toml`, read at compile time.
macro_rules! shipped {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../presets/", $name, ".toml")))),*]
    };
}

/// The presets shipped in `presets/`, built into the binary so that it works
/// from any folder.
pub const SHIPPED: &[(&str, &str)] = shipped![
    "whale",
    "whale-sketch",
    "whale-abyss",
    "whale-shark",
    "chain",
    "chain-rigid",
    "chain-swim",
    "chain-lissajous",
    "tree",
    "plant-a",
    "plant-b",
    "plant-c",
    "plant-d",
    "plant-e",
    "plant-f",
    "koch-island",
    "koch-island-32",
    "dragon",
    "sierpinski",
    "hilbert",
    "gosper",
];

/// A preset file, as `Preset::load_any` read it.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    Scene(Preset),
    Sketch(SketchPreset),
}

/// Whether the preset `text` names a sketch (`sketch = …`, no `scene`).
fn is_sketch(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("sketch") && !t.contains_key("scene"))
}

/// A scene and the values a preset gives it, with the line of each.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    /// The preset's name (its file name without `.toml`), or the scene's.
    pub name: String,
    /// The scene it renders.
    pub scene: SceneKind,
    /// What it shows, in a line, for `whalegen list`.
    pub description: Option<String>,
    /// What `whalegen batch` writes (see `batch::outputs`); `render` reads
    /// `-o` instead.
    pub outputs: Vec<Value>,
    /// The file named in errors; `None` for a bare scene.
    origin: Option<String>,
    values: Vec<(String, Value)>,
    lines: BTreeMap<String, usize>,
}

impl Preset {
    /// A scene with its defaults, as `--scene` asks.
    pub fn of_scene(scene: SceneKind) -> Preset {
        Preset {
            name: scene.name().into(),
            scene,
            description: Some(scene.description().into()),
            outputs: Vec::new(),
            origin: None,
            values: Vec::new(),
            lines: BTreeMap::new(),
        }
    }

    /// A scene preset by name (`presets/NAME.toml` here, else the shipped
    /// one) or by the path of any `.toml` file, read with
    /// `paths::read_text`. A sketch preset is refused: see `load_any`.
    pub fn load(arg: &str) -> Result<Preset, Error> {
        match Preset::load_any(arg)? {
            Loaded::Scene(preset) => Ok(preset),
            Loaded::Sketch(preset) => Err(check::refuse(
                "preset",
                check::shown(arg),
                format!(
                    "a scene preset here; it renders the sketch {}: \
                     whalegen render --preset {}",
                    preset.path.display(),
                    check::shown(arg)
                ),
            )),
        }
    }

    /// A preset, of a scene or of a sketch, found as `load` finds it.
    pub fn load_any(arg: &str) -> Result<Loaded, Error> {
        let path = Path::new(arg);
        let name = path
            .file_stem()
            .map_or(arg.into(), |s| s.to_string_lossy().into_owned());
        let local = Path::new(DIR).join(format!("{arg}.toml"));
        if is_path(arg) || local.is_file() {
            let file = if is_path(arg) { path } else { &local };
            let text = read_text(file)?;
            let origin = file.display().to_string();
            if is_sketch(&text) {
                let folder = file.parent().filter(|p| !p.as_os_str().is_empty());
                let folder = folder.unwrap_or(Path::new("."));
                return SketchPreset::parse(&name, &origin, folder, &text).map(Loaded::Sketch);
            }
            return Preset::parse(&name, &origin, &text).map(Loaded::Scene);
        }
        match SHIPPED.iter().find(|(shipped, _)| *shipped == arg) {
            Some((_, text)) => {
                Preset::parse(&name, &format!("preset `{name}`"), text).map(Loaded::Scene)
            }
            None => Err(Error::NoPreset {
                name: check::shown(arg),
                known: names().join(", "),
            }),
        }
    }

    /// Reads a preset's text; `origin` names it in errors. Until the text
    /// is known to be a preset (TOML with a `scene`), errors give the line
    /// and what was wrong but never the text, which may be anything.
    pub fn parse(name: &str, origin: &str, text: &str) -> Result<Preset, Error> {
        let at = |line: Option<usize>, error: Error| Error::InPreset {
            origin: origin.into(),
            line,
            error: Box::new(cleaned(error)),
        };
        let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
        let document: BTreeMap<Spanned<String>, Spanned<Value>> =
            toml::from_str(text).map_err(|err| {
                let message = check::cut_quotes(err.message().trim(), 2, 0);
                at(err.span().map(|s| line_of(s.start)), Error::Toml(message))
            })?;
        let scene = match document.iter().find(|(key, _)| key.get_ref() == "scene") {
            None => return Err(at(None, bad_scene("missing"))),
            Some((key, value)) => SceneKind::ALL
                .into_iter()
                .find(|k| value.get_ref().as_str() == Some(k.name()))
                .ok_or_else(|| at(Some(line_of(key.span().start)), bad_scene(value.get_ref())))?,
        };
        let (mut description, mut outputs) = (None, Vec::new());
        let mut values = Vec::new();
        let mut lines = BTreeMap::new();
        for (key, value) in document {
            let line = line_of(key.span().start);
            let (key, value) = (key.into_inner(), value.into_inner());
            match key.as_str() {
                "scene" => {}
                "description" => match value {
                    Value::String(text) => description = Some(text),
                    other => {
                        let refusal = check::refuse("description", other, "a string");
                        return Err(at(Some(line), refusal));
                    }
                },
                "outputs" => outputs = sink::outputs(value).map_err(|e| at(Some(line), e))?,
                _ => {
                    lines.insert(key.clone(), line);
                    values.push((key, value));
                }
            }
        }
        Ok(Preset {
            name: name.into(),
            scene,
            description,
            outputs,
            origin: Some(origin.into()),
            values,
            lines,
        })
    }

    /// The preset's settings with `overrides` applied after its own values.
    pub fn resolve(&self, overrides: &[(String, Value)]) -> Result<Settings, Error> {
        Settings::resolve_over(self.scene, &self.values, overrides)
            .map_err(|err| self.locate(err, overrides))
    }

    /// `err` with this preset's file, and the line when the key at fault
    /// holds the preset's value (not one of `overrides`).
    /// Values and keys in it are shortened and escaped (see `check::shown`).
    pub fn locate(&self, err: Error, overrides: &[(String, Value)]) -> Error {
        let key = err.key().unwrap_or_default().to_string();
        let err = cleaned(err);
        let Some(origin) = &self.origin else {
            return err;
        };
        if overrides.iter().any(|(k, _)| *k == key) {
            return err;
        }
        Error::InPreset {
            origin: origin.clone(),
            line: self.lines.get(&key).copied(),
            error: Box::new(err),
        }
    }
}

fn bad_scene(value: impl ToString) -> Error {
    let names: Vec<String> = SceneKind::ALL
        .iter()
        .map(|k| format!("\"{}\"", k.name()))
        .collect();
    check::refuse("scene", value, format!("scene = {}", names.join(" or ")))
}

/// `err` with the keys and values it echoes shortened and escaped: they
/// may come from a file, or a `--set`, of any length and any characters.
fn cleaned(err: Error) -> Error {
    match err {
        Error::BadValue { key, value, reason } => Error::BadValue {
            key: check::shown(&key),
            value: check::shown(&value),
            reason: check::cut_quotes(&reason, check::SHOWN, check::SHOWN),
        },
        Error::UnknownKey { key, scene, valid } => Error::UnknownKey {
            key: check::shown(&key),
            scene,
            valid,
        },
        Error::InPreset {
            origin,
            line,
            error,
        } => Error::InPreset {
            origin,
            line,
            error: Box::new(cleaned(*error)),
        },
        other => other,
    }
}

/// Whether `--preset` takes `arg` as a path rather than a name.
fn is_path(arg: &str) -> bool {
    arg.ends_with(".toml") || Path::new(arg).components().count() > 1
}

/// The names of the presets `--preset` finds from here: the shipped ones and
/// any other `presets/*.toml`, sorted. A file whose name `--preset` would
/// take for a path (`x.toml.toml`), is not UTF-8 or holds control
/// characters is left out: every name listed loads as that name.
pub fn names() -> Vec<String> {
    let local = std::fs::read_dir(DIR).into_iter().flatten().flatten();
    let local = local
        .map(|entry| entry.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .filter_map(|p: PathBuf| Some(p.file_stem()?.to_str()?.to_string()))
        .filter(|name| !is_path(name) && !name.chars().any(char::is_control));
    let mut names: Vec<String> = SHIPPED
        .iter()
        .map(|(name, _)| name.to_string())
        .chain(local)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// `preset` with `overrides` (in order, after the preset's own values),
/// every parameter and limit checked. A refused value the preset set names
/// its file and line.
pub fn checked_settings(preset: &Preset, overrides: &[(String, Value)]) -> Result<Settings, Error> {
    let settings = preset.resolve(overrides)?;
    let frames = settings.frames();
    check_run(&settings.run, frames)
        .and_then(|()| settings.scene.check(frames))
        .map_err(|err| preset.locate(err, overrides))?;
    Ok(settings)
}

/// Checks a scene's canvas, frame count and rate.
fn check_run(run: &Run, frames: u32) -> Result<(), Error> {
    check::in_range("width", f64::from(run.width), 1.0, f64::from(MAX_SIDE))?;
    check::in_range("height", f64::from(run.height), 1.0, f64::from(MAX_SIDE))?;
    check_raster(run.width, run.height, 1.0)?;
    check::in_range("frames", f64::from(frames), 1.0, f64::from(MAX_FRAMES))?;
    check_fps(run.fps)
}

/// `settings` as a preset that loads back to the same settings: every
/// parameter, resolved.
pub fn to_toml(preset: &Preset, settings: &Settings) -> String {
    let mut text = format!(
        "# `{}`, every parameter resolved by whalegen {}\nscene = {}\n",
        preset.name,
        env!("CARGO_PKG_VERSION"),
        Value::from(preset.scene.name())
    );
    if let Some(description) = &preset.description {
        text += &format!("description = {}\n", Value::from(description.as_str()));
    }
    if !preset.outputs.is_empty() {
        text += &format!("outputs = {}\n", Value::Array(preset.outputs.clone()));
    }
    let mut run = settings.run.clone();
    run.frames = Some(settings.frames());
    text += &toml::to_string(&run).expect("the run serialises to TOML");
    text + &settings.scene.to_toml()
}

/// What `whalegen list` prints: the scenes, then the presets, one line each.
pub fn list() -> String {
    let scenes = SceneKind::ALL.iter().map(|kind| {
        let (name, description) = (kind.name(), kind.description());
        (
            name.to_string(),
            "scene".to_string(),
            description.to_string(),
        )
    });
    // Descriptions come from files: escaped, so that a newline or an
    // escape sequence cannot break the listing or drive the terminal.
    let presets = names()
        .into_iter()
        .map(|name| match Preset::load_any(&name) {
            Ok(loaded) => {
                let (what, description) = match loaded {
                    Loaded::Scene(p) => (p.scene.name(), p.description),
                    Loaded::Sketch(p) => ("sketch", p.description),
                };
                let description = check::escaped(&description.unwrap_or_default());
                (name, format!("{what} preset"), description)
            }
            Err(err) => (
                name,
                "preset".into(),
                check::escaped(&format!("refused: {}", err.chain())),
            ),
        });
    scenes
        .chain(presets)
        .map(|(name, what, description)| format!("{name:<16} {what:<12} {description}\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::parse_set;
    use crate::scene::SceneParams;

    fn refusal(text: &str, overrides: &[&str]) -> String {
        let overrides: Vec<_> = overrides.iter().map(|s| parse_set(s).unwrap()).collect();
        Preset::parse("bad", "presets/bad.toml", text)
            .and_then(|p| checked_settings(&p, &overrides))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_syntax_error_names_the_file_and_line() {
        let err = refusal("scene = \"chain\"\nstiffness = = 1\n", &[]);
        assert!(
            err.starts_with("presets/bad.toml line 2: not valid TOML"),
            "{err}"
        );
    }

    #[test]
    fn an_unknown_key_names_the_file_line_key_and_valid_keys() {
        let err = refusal("scene = \"chain\"\n\nstifness = 1\n", &[]);
        assert!(
            err.starts_with("presets/bad.toml line 3: unknown key `stifness`"),
            "{err}"
        );
        assert!(err.contains("stiffness"), "{err}");
    }

    #[test]
    fn a_value_out_of_range_names_the_file_line_key_and_range() {
        let err = refusal("scene = \"chain\"\nwidth = 300\nstiffness = 2\n", &[]);
        assert!(
            err.starts_with("presets/bad.toml line 3: `stiffness` = 2"),
            "{err}"
        );
        assert!(err.contains("from 0 to 1"), "{err}");
        let err = refusal("scene = \"tree\"\n[rules]\nF = \"FF\"\nG = 3\n", &[]);
        assert!(err.starts_with("presets/bad.toml line 2: `rules`"), "{err}");
        let err = refusal("scene = \"chain\"\nfps = 0\n", &[]);
        assert!(err.starts_with("presets/bad.toml line 2: `fps`"), "{err}");
    }

    #[test]
    fn a_bad_scene_or_none_is_refused() {
        let err = refusal("scene = \"octopus\"\n", &[]);
        assert!(err.contains("line 1") && err.contains("\"whale\""), "{err}");
        let err = refusal("width = 3\n", &[]);
        assert!(err.starts_with("presets/bad.toml: `scene`"), "{err}");
    }

    #[test]
    fn an_override_takes_the_blame_for_its_own_value() {
        let err = refusal("scene = \"chain\"\nstiffness = 0.5\n", &["stiffness=3"]);
        assert!(err.starts_with("`stiffness` = 3"), "{err}");
        // A bad value in the preset is fine once overridden.
        let preset = Preset::parse("ok", "ok.toml", "scene = \"chain\"\nstiffness = 3\n").unwrap();
        let fixed = checked_settings(&preset, &[parse_set("stiffness=1").unwrap()]).unwrap();
        let SceneParams::Chain(p) = fixed.scene else {
            panic!()
        };
        assert_eq!(p.stiffness, 1.0);
    }

    #[test]
    fn names_and_paths_are_found_and_unknown_names_refused() {
        assert_eq!(Preset::load("dragon").unwrap().scene, SceneKind::Tree);
        let err = Preset::load("dargon").unwrap_err().to_string();
        assert!(err.contains("dargon") && err.contains("dragon"), "{err}");
        let err = Preset::load("missing/x.toml").unwrap_err().to_string();
        assert!(err.contains("missing/x.toml"), "{err}");
    }
}
