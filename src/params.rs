//! Parameters as text (TOML values, `--set KEY=VALUE`) -> typed settings.
//!
//! Every scene parameter and the run-level keys (`width`, `height`, `seed`,
//! `fps`, `frames`) go by their SCENES.md names. Unknown keys and values of
//! the wrong type are refused with the key, the value and what is accepted.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use toml::{Table, Value};

use crate::error::Error;
use crate::p5::colour::color::Written;
use crate::p5::Rgba;
use crate::scene::{ChainParams, ChainStyle, SceneKind, SceneParams, TreeParams, WhaleParams};

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

    /// The defaults of `kind` with `edits` (`--set`, the flags) applied,
    /// in order.
    pub fn resolve(kind: SceneKind, edits: &[(String, Value)]) -> Result<Self, Error> {
        Settings::resolve_over(kind, &[], edits)
    }

    /// The defaults of `kind` with a preset's `values` applied, then
    /// `edits`. A key may name an entry of a table parameter
    /// (`rules.F`). An edit that gives a colour parameter no alpha (three
    /// numbers, `#rrggbb`, a CSS name) keeps the alpha the colour had: it
    /// tints the colour and leaves its transparency, which a scene's look
    /// may live in (the whale's stripes show through its body). A preset's
    /// own values are colours as p5's `fill()` takes them: opaque without
    /// an alpha.
    pub fn resolve_over(
        kind: SceneKind,
        values: &[(String, Value)],
        edits: &[(String, Value)],
    ) -> Result<Self, Error> {
        let (width, height) = kind.default_size();
        let run = Run {
            width,
            height,
            seed: 1,
            fps: 30.0,
            frames: None,
        };
        let all = values
            .iter()
            .map(|v| (v, false))
            .chain(edits.iter().map(|e| (e, true)));
        let (run_keys, scene_keys): (Vec<_>, Vec<_>) =
            all.partition(|((k, _), _)| RUN_KEYS.contains(&k.as_str()));
        let run = apply(run, &run_keys, kind)?;
        let scene = match kind {
            SceneKind::Whale => {
                SceneParams::Whale(apply(WhaleParams::default(), &scene_keys, kind)?)
            }
            SceneKind::Chain => {
                let defaults = ChainParams::of_style(chain_style(&scene_keys));
                SceneParams::Chain(apply(defaults, &scene_keys, kind)?)
            }
            SceneKind::Tree => SceneParams::Tree(apply(TreeParams::default(), &scene_keys, kind)?),
        };
        Ok(Settings { scene, run })
    }
}

/// One `(key, value)` to apply, and whether it is an edit (see
/// [`Settings::resolve_over`]).
type Override<'a> = (&'a (String, Value), bool);

/// The chain's `style` as the last override that sets it gives it (the
/// default when none does, or when it is not a style: `apply` refuses it
/// then), whose defaults the others apply over: `style = "circles"` is
/// SCENES.md's chain, white background and all.
fn chain_style(overrides: &[Override]) -> ChainStyle {
    overrides
        .iter()
        .rev()
        .find(|((key, _), _)| key == "style")
        .and_then(|((_, value), _)| value.clone().try_into().ok())
        .unwrap_or_default()
}

/// `defaults` with each override applied; a key it does not have, or a
/// value that does not fit, is refused by name.
fn apply<T: Serialize + DeserializeOwned>(
    defaults: T,
    overrides: &[Override],
    kind: SceneKind,
) -> Result<T, Error> {
    let mut table = Table::try_from(&defaults).expect("parameters serialise to a TOML table");
    for &((key, value), edit) in overrides {
        let refuse = |reason: String| Error::BadValue {
            key: key.clone(),
            value: value.to_string(),
            reason,
        };
        let (name, entry) = match key.split_once('.') {
            Some((name, entry)) => (name, Some(entry)),
            None => (key.as_str(), None),
        };
        if !table.contains_key(name) && !RUN_KEYS.contains(&name) {
            return Err(unknown_key(key, kind));
        }
        let new = match (entry, table.get(name)) {
            (None, _) => value.clone(),
            (Some(entry), Some(Value::Table(entries))) => {
                let mut entries = entries.clone();
                entries.insert(entry.into(), value.clone());
                Value::Table(entries)
            }
            (Some(_), _) => {
                return Err(refuse(format!(
                    "`{name}` is not a table: NAME.ENTRY sets one entry of a table parameter, \
                     such as rules.F"
                )))
            }
        };
        let new = match edit {
            true => keep_alpha::<T>(&table, name, new),
            false => new,
        };
        table.insert(name.into(), new);
        // Deserialise after each key, so that a refusal names it.
        if let Err(err) = table.clone().try_into::<T>() {
            return Err(refuse(plain_types(err.message().trim())));
        }
    }
    Ok(table.try_into().expect("checked key by key"))
}

/// `new`, with the alpha of the colour `table[key]` holds when `new` is
/// a colour without one and `key` is a colour parameter.
fn keep_alpha<T: DeserializeOwned>(table: &Table, key: &str, new: Value) -> Value {
    let old = match table.get(key) {
        // A string parameter, or a run key left to its default.
        Some(Value::String(_)) | None => return new,
        Some(old) => old,
    };
    let (Ok(old), Ok(given)) = (
        old.clone().try_into::<Written>(),
        new.clone().try_into::<Written>(),
    ) else {
        return new;
    };
    if given.alpha || old.rgba.a == 255 {
        return new;
    }
    // Numbers such as `start = [0.5, 1.0]` read as a colour too; only a
    // colour parameter takes a colour string.
    let mut probe = table.clone();
    probe.insert(key.into(), Value::String("#000".into()));
    if probe.try_into::<T>().is_err() {
        return new;
    }
    let Rgba { r, g, b, .. } = given.rgba;
    Value::Array(
        [r, g, b, old.rgba.a]
            .map(|c| Value::Integer(c.into()))
            .into(),
    )
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
        scene: format!("scene `{}`", kind.name()),
        valid: valid.join(", "),
    }
}

/// Parses `KEY=VALUE`, the value as a TOML value, or else as a string
/// (`turn=bounce`, `background=#102030`, `axiom=F+F`) unless it starts as
/// a TOML array, table or string would.
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
        Err(_) if !text.is_empty() && !text.starts_with(['[', '{', '"', '\'']) => {
            Value::String(text.into())
        }
        Err(err) => {
            let reason = format!(
                "expected a TOML value ({}); a string that starts with [ or {{ is quoted: \
                 '{key}=\"[F]F\"'",
                err.message().trim()
            );
            return Err(Error::BadValue {
                key: key.into(),
                value: text.into(),
                reason,
            });
        }
    };
    Ok((key.into(), value))
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
    fn a_dotted_key_sets_one_rule() {
        let s = Settings::resolve(SceneKind::Tree, &sets(&["rules.X=F+[[X]-X]-F[-FX]+X"])).unwrap();
        let SceneParams::Tree(p) = s.scene else {
            panic!()
        };
        assert_eq!(p.rules["X"], "F+[[X]-X]-F[-FX]+X");
        assert_eq!(p.rules["F"], TreeParams::default().rules["F"], "kept");
        let err = Settings::resolve(SceneKind::Tree, &sets(&["axiom.F=FF"]))
            .unwrap_err()
            .to_string();
        assert!(err.contains("`axiom` is not a table"), "{err}");
    }

    #[test]
    fn text_that_is_not_toml_is_a_string() {
        for (arg, text) in [
            ("axiom=F+F", "F+F"),
            ("background=#102030", "#102030"),
            ("c=rgb(1, 2, 3)", "rgb(1, 2, 3)"),
        ] {
            assert_eq!(parse_set(arg).unwrap().1, Value::String(text.into()));
        }
        assert_eq!(parse_set("n=3").unwrap().1, Value::Integer(3));
        let err = parse_set("axiom=[F]F").unwrap_err().to_string();
        assert!(err.contains("quoted"), "{err}");
    }

    #[test]
    fn an_edit_without_alpha_keeps_the_colours_alpha() {
        let whale = |values: &[(String, Value)], edits: &[&str]| match Settings::resolve_over(
            SceneKind::Whale,
            values,
            &sets(edits),
        )
        .unwrap()
        .scene
        {
            SceneParams::Whale(p) => p.body_color,
            _ => panic!(),
        };
        let a = WhaleParams::default().body_color.a;
        assert!(a < 255, "the test needs a translucent default");
        for edit in [
            "body_color=[1,2,3]",
            "body_color=#010203",
            "body_color=rgb(1,2,3)",
        ] {
            assert_eq!(whale(&[], &[edit]), Rgba::new(1, 2, 3, a), "{edit}");
        }
        for edit in ["body_color=[1,2,3,255]", "body_color=#010203ff"] {
            assert_eq!(whale(&[], &[edit]), Rgba::new(1, 2, 3, 255), "{edit}");
        }
        // A preset's value is p5's fill(): opaque without an alpha.
        let preset = sets(&["body_color=[1,2,3]"]);
        assert_eq!(whale(&preset, &[]), Rgba::new(1, 2, 3, 255));
        // Not a colour parameter: numbers stay as given.
        let s = Settings::resolve(SceneKind::Tree, &sets(&["start=[0.25, 0.5]"])).unwrap();
        let SceneParams::Tree(p) = s.scene else {
            panic!()
        };
        assert_eq!(p.start, [0.25, 0.5]);
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
