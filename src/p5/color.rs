//! Colours as p5's `fill()` takes them: a grey level, `[grey, alpha]`,
//! `[r, g, b]` or `[r, g, b, alpha]`, every channel in 0..=255.

use serde::{Deserialize, Serialize};

/// A straight (not premultiplied) 8-bit RGBA colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ColorSpec", into = "ColorSpec")]
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

/// How a colour is written in TOML: a number or a list of 1 to 4 numbers.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
enum ColorSpec {
    Grey(f64),
    List(Vec<f64>),
}

impl TryFrom<ColorSpec> for Rgba {
    type Error = String;

    fn try_from(spec: ColorSpec) -> Result<Self, String> {
        let list = match spec {
            ColorSpec::Grey(v) => vec![v],
            ColorSpec::List(list) => list,
        };
        let mut channels = [0u8; 4];
        for (slot, &v) in channels.iter_mut().zip(&list) {
            if !(0.0..=255.0).contains(&v) {
                return Err(format!("colour channel {v} is outside 0..=255"));
            }
            // p5 rounds channels when it builds the CSS colour.
            *slot = v.round() as u8;
        }
        let [c0, c1, c2, c3] = channels;
        match list.len() {
            1 => Ok(Rgba::new(c0, c0, c0, 255)),
            2 => Ok(Rgba::new(c0, c0, c0, c1)),
            3 => Ok(Rgba::new(c0, c1, c2, 255)),
            4 => Ok(Rgba::new(c0, c1, c2, c3)),
            n => Err(format!(
                "a colour is a grey level, [grey, alpha], [r, g, b] or [r, g, b, alpha], not {n} numbers"
            )),
        }
    }
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
    }

    #[test]
    fn bad_colours_are_refused() {
        assert!(parse("300").is_err());
        assert!(parse("[1, 2, 3, 4, 5]").is_err());
        assert!(parse("[]").is_err());
        assert!(parse("\"red\"").is_err());
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
