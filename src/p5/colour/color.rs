//! Colours as inputs (presets, `--set`, batch files) write them: p5's
//! forms, a grey level, a list of 1 to 4 numbers 0 to 255 as `fill()`
//! takes them, or a CSS string as `color()` reads it.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::css;

/// The forms a colour may take, for error messages.
const COLOR_FORMS: &str = "a colour: a grey level 0-255, a list of 1 to 4 numbers 0-255 \
     ([grey, alpha], [r, g, b], [r, g, b, alpha]), '#rgb', '#rgba', '#rrggbb', '#rrggbbaa', a \
     CSS name such as 'teal', 'rgb(r, g, b)', 'rgba(r, g, b, a)' (a from 0 to 1), 'hsl(...)' or \
     'hsb(...)'";

/// A straight (not premultiplied) 8-bit RGBA colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(into = "ColorSpec")]
pub struct Rgba {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
    /// Alpha, 0 (transparent) to 255 (opaque).
    pub a: u8,
}

impl Rgba {
    /// p5's `color(r, g, b, a)`.
    pub const fn new(r: u8, g: u8, b: u8, a: u8) -> Self {
        Rgba { r, g, b, a }
    }

    /// p5's `color(v)`: an opaque grey.
    pub const fn grey(v: u8) -> Self {
        Rgba::new(v, v, v, 255)
    }

    pub(crate) fn to_skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.r, self.g, self.b, self.a)
    }
}

impl<'de> Deserialize<'de> for Rgba {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Written::deserialize(deserializer).map(|w| w.rgba)
    }
}

/// A colour as written: opaque unless it gave an alpha, as in p5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Written {
    /// The colour.
    pub rgba: Rgba,
    /// Whether the text gave the alpha (`[grey, alpha]`, four numbers,
    /// `#rrggbbaa`, `rgba()`...).
    pub alpha: bool,
}

impl<'de> Deserialize<'de> for Written {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(WrittenVisitor)
    }
}

struct WrittenVisitor;

impl<'de> Visitor<'de> for WrittenVisitor {
    type Value = Written;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(COLOR_FORMS)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Written, E> {
        from_levels(&[v]).map_err(E::custom)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Written, E> {
        self.visit_f64(v as f64)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Written, E> {
        self.visit_f64(v as f64)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Written, E> {
        let known =
            css::recognise(v).ok_or_else(|| E::custom(format!("expected {COLOR_FORMS}")))?;
        let mut channels = [0u8; 4];
        for (slot, level) in channels.iter_mut().zip(known.rgba) {
            if !(0.0..=1.0).contains(&level) {
                return Err(E::custom(format!(
                    "{v:?} has a channel outside 0..=255 (alpha outside 0..=1)"
                )));
            }
            *slot = (level * 255.0).round() as u8;
        }
        let [r, g, b, a] = channels;
        Ok(Written {
            rgba: Rgba::new(r, g, b, a),
            alpha: known.alpha,
        })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Written, A::Error> {
        let mut levels = Vec::new();
        while let Some(v) = seq.next_element::<f64>()? {
            if levels.len() == 4 {
                return Err(de::Error::custom(format!(
                    "a colour has 1 to 4 numbers, not more; expected {COLOR_FORMS}"
                )));
            }
            levels.push(v);
        }
        from_levels(&levels).map_err(de::Error::custom)
    }
}

/// `fill()`'s 1 to 4 numbers, each 0 to 255.
fn from_levels(list: &[f64]) -> Result<Written, String> {
    let mut channels = [0u8; 4];
    for (slot, &v) in channels.iter_mut().zip(list) {
        if !(0.0..=255.0).contains(&v) {
            return Err(format!("colour channel {v} is outside 0..=255"));
        }
        // p5 rounds channels when it builds the CSS colour.
        *slot = v.round() as u8;
    }
    let [c0, c1, c2, c3] = channels;
    let rgba = match list.len() {
        1 => Rgba::new(c0, c0, c0, 255),
        2 => Rgba::new(c0, c0, c0, c1),
        3 => Rgba::new(c0, c1, c2, 255),
        4 => Rgba::new(c0, c1, c2, c3),
        _ => {
            return Err(format!(
                "a colour has 1 to 4 numbers, not none; expected {COLOR_FORMS}"
            ))
        }
    };
    Ok(Written {
        rgba,
        alpha: matches!(list.len(), 2 | 4),
    })
}

/// How a colour is written out: a number or a list of 1 to 4 numbers.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
enum ColorSpec {
    Grey(f64),
    List(Vec<f64>),
}

impl From<Rgba> for ColorSpec {
    fn from(c: Rgba) -> Self {
        let list = if c.r == c.g && c.g == c.b {
            vec![f64::from(c.r), f64::from(c.a)]
        } else {
            vec![
                f64::from(c.r),
                f64::from(c.g),
                f64::from(c.b),
                f64::from(c.a),
            ]
        };
        match list.as_slice() {
            [grey, a] if *a == 255.0 => ColorSpec::Grey(*grey),
            [r, g, b, a] if *a == 255.0 => ColorSpec::List(vec![*r, *g, *b]),
            _ => ColorSpec::List(list),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Rgba, toml::de::Error> {
        #[derive(Deserialize)]
        struct Doc {
            c: Rgba,
        }
        toml::from_str::<Doc>(&format!("c = {s}")).map(|d| d.c)
    }

    #[test]
    fn every_p5_form_parses() {
        assert_eq!(parse("52").unwrap(), Rgba::grey(52));
        assert_eq!(parse("[255, 200]").unwrap(), Rgba::new(255, 255, 255, 200));
        assert_eq!(parse("[8, 18, 38]").unwrap(), Rgba::new(8, 18, 38, 255));
        assert_eq!(parse("[1, 2, 3, 4]").unwrap(), Rgba::new(1, 2, 3, 4));
        assert_eq!(parse("\"#102030\"").unwrap(), Rgba::new(16, 32, 48, 255));
        assert_eq!(parse("\"#123\"").unwrap(), Rgba::new(17, 34, 51, 255));
        assert_eq!(parse("\"#10203040\"").unwrap(), Rgba::new(16, 32, 48, 64));
        assert_eq!(parse("\" Teal\"").unwrap(), Rgba::new(0, 128, 128, 255));
        assert_eq!(parse("\"rgb(1, 2, 3)\"").unwrap(), Rgba::new(1, 2, 3, 255));
        assert_eq!(
            parse("\"rgba(1, 2, 3, 0.5)\"").unwrap(),
            Rgba::new(1, 2, 3, 128)
        );
    }

    #[test]
    fn bad_colours_are_refused() {
        assert!(parse("300").is_err());
        assert!(parse("[1, 2, 3, 4, 5]").is_err());
        assert!(parse("[]").is_err());
        assert!(parse("\"reddish\"").is_err());
        assert!(parse("\"#12\"").is_err());
        assert!(parse("\"rgb(300, 0, 0)\"").is_err());
        assert!(parse("\"rgba(1, 2, 3, 2)\"").is_err());
    }

    #[test]
    fn a_bad_colour_names_the_forms() {
        for bad in ["\"#10203\"", "true", "[1, 2, 3, 4, 5]"] {
            let err = parse(bad).unwrap_err().to_string();
            assert!(
                err.contains("'#rrggbb'") && err.contains("rgba("),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn only_some_forms_give_an_alpha() {
        let alpha = |s: &str| {
            toml::from_str::<toml::Table>(&format!("c = {s}")).unwrap()["c"]
                .clone()
                .try_into::<Written>()
                .unwrap()
                .alpha
        };
        for given in [
            "[1, 2]",
            "[1, 2, 3, 4]",
            "\"#1234\"",
            "\"#11223344\"",
            "\"rgba(1,2,3,1)\"",
        ] {
            assert!(alpha(given), "{given}");
        }
        for opaque in [
            "1",
            "[1, 2, 3]",
            "\"#123\"",
            "\"#112233\"",
            "\"red\"",
            "\"rgb(1,2,3)\"",
        ] {
            assert!(!alpha(opaque), "{opaque}");
        }
    }

    #[test]
    fn colours_survive_a_round_trip() {
        for c in [
            Rgba::grey(52),
            Rgba::new(8, 18, 38, 255),
            Rgba::new(255, 255, 255, 100),
        ] {
            let value = toml::Value::try_from(c).unwrap();
            assert_eq!(parse(&value.to_string()).unwrap(), c);
        }
    }
}
