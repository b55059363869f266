//! Outputs as a batch file or a preset writes them: a shorthand (`"gif"`)
//! or a table of a path and the flags that shape it, read into one
//! [`OutputSpec`].

use serde::Deserialize;
use toml::{Table, Value};

use super::Grid;
use crate::check;
use crate::error::Error;
use crate::values::{ByteSize, Frames, Quality};

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
pub(crate) struct OutputSpec {
    /// Relative to the batch's output folder; `{scene}`, `{preset}`,
    /// `{seed}` and `{frames}` are replaced.
    pub(crate) path: String,
    pub(crate) frame: Option<u32>,
    #[serde(default)]
    pub(crate) start: u32,
    pub(crate) frames: Option<u32>,
    #[serde(default = "one")]
    pub(crate) scale: f64,
    pub(crate) sheet: Option<String>,
    #[serde(default, rename = "loop")]
    pub(crate) loops: u16,
    #[serde(default)]
    pub(crate) transparent: bool,
    #[serde(default = "lossless")]
    pub(crate) quality: f64,
    #[serde(default, deserialize_with = "byte_size")]
    pub(crate) max_size: Option<String>,
}

/// A `max_size`: a size such as `"2MB"`, or a number of bytes, as its
/// digits (`ByteSize` parses both).
fn byte_size<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    struct Size;
    impl serde::de::Visitor<'_> for Size {
        type Value = Option<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a size such as \"2MB\", \"500kB\" or \"1.5MiB\", or a number of bytes")
        }
        fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
            Ok(Some(v.to_string()))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
            Ok(Some(v.to_string()))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
            Ok(Some(v.to_string()))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
            Ok(Some(v.to_string()))
        }
    }
    d.deserialize_any(Size)
}

fn one() -> f64 {
    1.0
}

fn lossless() -> f64 {
    100.0
}

impl OutputSpec {
    /// The output of a shorthand `kind`, `None` when there is no such kind.
    pub(crate) fn of_kind(kind: &str, seeds: bool) -> Option<OutputSpec> {
        let (_, suffix) = KINDS.iter().find(|(k, _)| *k == kind)?;
        let seed = if seeds { "-{seed}" } else { "" };
        Some(OutputSpec {
            path: format!("{{preset}}{seed}{suffix}"),
            frame: None,
            start: 0,
            frames: None,
            scale: 1.0,
            sheet: (kind == "sheet").then(|| SHEET.to_string()),
            loops: 0,
            transparent: false,
            quality: 100.0,
            max_size: None,
        })
    }

    /// The contact sheet's grid, if any.
    pub(crate) fn grid(&self) -> Result<Option<Grid>, Error> {
        self.sheet
            .as_deref()
            .map(|s| {
                s.parse::<Grid>()
                    .map_err(|why| check::refuse("sheet", s, why))
            })
            .transpose()
    }

    /// `frame` writes one frame: nothing else may say which frames; a
    /// GIF's quality and budget are checked up front, before a batch
    /// renders anything.
    fn check(&self) -> Result<(), Error> {
        let quality = self.quality()?;
        self.max_size()?;
        if (quality < Quality::LOSSLESS || self.max_size.is_some()) && !self.path.ends_with(".gif")
        {
            return Err(check::refuse(
                "outputs",
                &self.path,
                "`quality` and `max_size` for a .gif: they apply to GIF output only",
            ));
        }
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

    /// The GIF quality, checked.
    pub(crate) fn quality(&self) -> Result<Quality, Error> {
        Quality::try_from(self.quality)
    }

    /// The GIF's byte budget, checked.
    pub(crate) fn max_size(&self) -> Result<Option<ByteSize>, Error> {
        self.max_size.as_deref().map(str::parse).transpose()
    }

    /// Which frames: `frame` alone (see `check`), else `frames`, else the
    /// source's own.
    pub(crate) fn frames(&self) -> Frames {
        match (self.frame, self.frames) {
            (Some(frame), _) => Frames::Single { frame, of: None },
            (None, Some(count)) => Frames::Count(count),
            (None, None) => Frames::Source,
        }
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

pub(crate) fn spec(table: Table) -> Result<OutputSpec, Error> {
    let text = Value::Table(table.clone()).to_string();
    table.try_into().map_err(|err: toml::de::Error| {
        check::refuse("outputs", text, err.message().trim().replace('\n', "; "))
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
        let sized: Table = r#"outputs = [{ path = "a.gif", quality = 80, max_size = "1MB" }]"#
            .parse()
            .unwrap();
        let Value::Table(table) = &outputs(sized["outputs"].clone()).unwrap()[0] else {
            panic!()
        };
        let sized = spec(table.clone()).unwrap();
        assert_eq!(
            (sized.quality, sized.max_size.as_deref()),
            (80.0, Some("1MB"))
        );
        let bytes: Table = r#"outputs = [{ path = "a.gif", max_size = 250000 }]"#
            .parse()
            .unwrap();
        let Value::Table(table) = &outputs(bytes["outputs"].clone()).unwrap()[0] else {
            panic!()
        };
        assert_eq!(
            spec(table.clone()).unwrap().max_size.as_deref(),
            Some("250000")
        );
        for odd in ["-5", "999", "true", "[1]"] {
            let err = refusal(&format!(
                "outputs = [{{ path = \"a.gif\", max_size = {odd} }}]"
            ));
            assert!(
                err.contains("a number of bytes") || err.contains("(bytes), at least 1000"),
                "{odd}: {err}"
            );
            assert_eq!(err.lines().count(), 1, "{err}");
        }
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
}
