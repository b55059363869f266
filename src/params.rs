//! Parameters as text (TOML values, `--set KEY=VALUE`) -> typed settings.
//!
//! Every scene parameter and the run-level keys (`width`, `height`, `seed`,
//! `fps`, `frames`) go by their SCENES.md names. Unknown keys and values of
//! the wrong type are refused with the key, the value and what is accepted.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use toml::{Table, Value};

use crate::error::Error;
use crate::scene::{ChainParams, SceneKind, SceneParams, TreeParams, WhaleParams};

/// The keys every scene takes besides its own.
pub const RUN_KEYS: [&str; 5] = ["width", "height", "seed", "fps", "frames"];

/// The run-level settings, before checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// Canvas width in canvas units.
    pub width: u32,
    /// Canvas height in canvas units.
    pub height: u32,
    /// The random seed.
    pub seed: u64,
    /// Frames per second.
    pub fps: f64,
    /// `None` takes the scene's own default (one loop of the animation).
    pub frames: Option<u32>,
}

/// A scene and its run, fully resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The scene and its parameters.
    pub scene: SceneParams,
    /// Canvas, seed, frame rate and count.
    pub run: Run,
}

impl Settings {
    /// The number of frames to render.
    pub fn frames(&self) -> u32 {
        self.run
            .frames
            .unwrap_or_else(|| self.scene.default_frames(self.run.width, self.run.height))
    }

    /// The defaults of `kind` with `overrides` applied, in order.
    pub fn resolve(kind: SceneKind, overrides: &[(String, Value)]) -> Result<Self, Error> {
        let (width, height) = kind.default_size();
        let run = Run {
            width,
            height,
            seed: 1,
            fps: 30.0,
            frames: None,
        };
        let (run_keys, scene_keys): (Vec<_>, Vec<_>) = overrides
            .iter()
            .cloned()
            .partition(|(k, _)| RUN_KEYS.contains(&k.as_str()));
        let run = apply(run, &run_keys, kind)?;
        let scene = match kind {
            SceneKind::Whale => {
                SceneParams::Whale(apply(WhaleParams::default(), &scene_keys, kind)?)
            }
            SceneKind::Chain => {
                SceneParams::Chain(apply(ChainParams::default(), &scene_keys, kind)?)
            }
            SceneKind::Tree => SceneParams::Tree(apply(TreeParams::default(), &scene_keys, kind)?),
        };
        Ok(Settings { scene, run })
    }
}

/// `defaults` with each `(key, value)` applied; a key it does not have, or a
/// value that does not fit, is refused by name.
fn apply<T: Serialize + DeserializeOwned>(
    defaults: T,
    overrides: &[(String, Value)],
    kind: SceneKind,
) -> Result<T, Error> {
    let mut table = Table::try_from(&defaults).expect("parameters serialise to a TOML table");
    for (key, value) in overrides {
        if !table.contains_key(key) && !RUN_KEYS.contains(&key.as_str()) {
            return Err(unknown_key(key, kind));
        }
        table.insert(key.clone(), value.clone());
        // Deserialise after each key, so that a refusal names it.
        if let Err(err) = table.clone().try_into::<T>() {
            let reason = plain_types(err.message().trim());
            return Err(Error::BadValue {
                key: key.clone(),
                value: value.to_string(),
                reason,
            });
        }
    }
    Ok(table.try_into().expect("checked key by key"))
}

/// serde's type names in words a user knows.
fn plain_types(message: &str) -> String {
    [
        ("f64", "a number"),
        ("u32", "a whole number >= 0"),
        ("u64", "a whole number >= 0"),
    ]
    .iter()
    .fold(message.to_string(), |m, (rust, plain)| {
        m.replace(rust, plain)
    })
}

fn unknown_key(key: &str, kind: SceneKind) -> Error {
    let table = match kind {
        SceneKind::Whale => Table::try_from(WhaleParams::default()),
        SceneKind::Chain => Table::try_from(ChainParams::default()),
        SceneKind::Tree => Table::try_from(TreeParams::default()),
    }
    .expect("parameters serialise to a TOML table");
    let valid: Vec<&str> = RUN_KEYS
        .iter()
        .copied()
        .chain(table.keys().map(String::as_str))
        .collect();
    Error::UnknownKey {
        key: key.into(),
        scene: kind.name().into(),
        valid: valid.join(", "),
    }
}

/// Parses `KEY=VALUE`, the value as a TOML value; a bare word is a string.
pub fn parse_set(arg: &str) -> Result<(String, Value), Error> {
    let Some((key, text)) = arg.split_once('=') else {
        return Err(Error::BadSet(arg.into()));
    };
    let (key, text) = (key.trim(), text.trim());
    if key.is_empty() {
        return Err(Error::BadSet(arg.into()));
    }
    #[derive(Deserialize)]
    struct One {
        v: Value,
    }
    let value = match toml::from_str::<One>(&format!("v = {text}")) {
        Ok(one) => one.v,
        Err(_) if is_bare_word(text) => Value::String(text.into()),
        Err(err) => {
            let reason = format!("expected a TOML value ({})", err.message().trim());
            return Err(Error::BadValue {
                key: key.into(),
                value: text.into(),
                reason,
            });
        }
    };
    Ok((key.into(), value))
}

fn is_bare_word(text: &str) -> bool {
    !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "_-.".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Turn;

    fn sets(args: &[&str]) -> Vec<(String, Value)> {
        args.iter().map(|a| parse_set(a).unwrap()).collect()
    }

    #[test]
    fn values_are_toml_and_bare_words_are_strings() {
        let s = Settings::resolve(
            SceneKind::Whale,
            &sets(&[
                "turn=bounce",
                "profile=[30,40,44,40,34,26,18,10]",
                "speed_x=3",
                "width=640",
            ]),
        )
        .unwrap();
        let SceneParams::Whale(p) = s.scene else {
            panic!()
        };
        assert_eq!(p.turn, Turn::Bounce);
        assert_eq!(p.profile[2], 44.0);
        assert_eq!(
            p.speed_x, 3.0,
            "an integer is accepted where a float is expected"
        );
        assert_eq!(s.run.width, 640);
    }

    #[test]
    fn rules_take_an_inline_table() {
        let s = Settings::resolve(SceneKind::Tree, &sets(&[r#"rules={F="F[+F]F[-F]F"}"#])).unwrap();
        let SceneParams::Tree(p) = s.scene else {
            panic!()
        };
        assert_eq!(p.rules["F"], "F[+F]F[-F]F");
    }

    #[test]
    fn an_unknown_key_lists_the_valid_ones() {
        let err = Settings::resolve(SceneKind::Chain, &sets(&["stifness=1"]))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("stifness") && err.contains("stiffness") && err.contains("width"),
            "{err}"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_names_the_key() {
        let err = Settings::resolve(SceneKind::Whale, &sets(&["push=strong"]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("`push`") && err.contains("strong"), "{err}");
        let err = Settings::resolve(SceneKind::Whale, &sets(&["turn=sideways"]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("steer") && err.contains("bounce"), "{err}");
        assert!(Settings::resolve(SceneKind::Whale, &sets(&["seed=-1"])).is_err());
    }

    #[test]
    fn malformed_sets_are_refused() {
        assert!(parse_set("noequals").is_err());
        assert!(parse_set("=3").is_err());
        assert!(parse_set("profile=[1,2").is_err());
    }

    #[test]
    fn frames_default_to_one_loop() {
        let frames = |kind| Settings::resolve(kind, &[]).unwrap().frames();
        // The whale: one lap of its figure of eight at its top speed; the
        // tree: five generations and the fade back to the first.
        assert_eq!(frames(SceneKind::Whale), 582);
        assert_eq!(frames(SceneKind::Chain), 250);
        assert_eq!(frames(SceneKind::Tree), 180);
    }
}
