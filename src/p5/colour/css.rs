//! The CSS colour strings p5.js 1.11's `color()` reads, as its regular
//! expressions read them: the named colours, `#rgb`, `#rgba`, `#rrggbb`,
//! `#rrggbbaa`, `rgb()`/`rgba()` of integers or percents, `hsl()`/`hsla()`
//! and `hsb()`/`hsba()`. Anything else is white, as in p5.

use super::colorspace::{hsba_to_rgba, hsla_to_rgba, ColorError};
use crate::jsnum::{max, min};

/// p5's normalised RGBA (each 0..1 for most inputs; `rgb()` and `rgba()`
/// are not clamped, so `rgb(300, 0, 0)` gives a red of 300/255) for a CSS
/// string, after trimming and lower-casing it as JavaScript does.
///
/// Strings p5 does not recognise give white, `[1, 1, 1, 1]`, as p5 (its
/// friendly errors only warn). Fails, as p5 throws, for `constructor` and
/// `__proto__`: p5 looks names up in a plain object and finds its
/// prototype's properties.
pub(crate) fn parse(css: &str) -> Result<[f64; 4], ColorError> {
    match recognise(css) {
        Some(known) => Ok(known.rgba),
        None if is_prototype(&normalise(css)) => Err(ColorError::NotAColor(css.to_string())),
        None => Ok([1.0; 4]),
    }
}

/// A colour string p5 recognises, and whether it gives an alpha.
pub(crate) struct Known {
    /// p5's normalised RGBA, as [`parse`] gives it.
    pub rgba: [f64; 4],
    /// `#rgba`, `#rrggbbaa`, `rgba()`, `hsla()` or `hsba()`.
    pub alpha: bool,
}

/// The colour of a CSS string when p5 recognises it; `None` where [`parse`]
/// gives white or fails. For inputs, which refuse what p5 would let pass.
pub(crate) fn recognise(css: &str) -> Option<Known> {
    let s = normalise(css);
    if is_prototype(&s) {
        return None;
    }
    let alpha = match s.strip_prefix('#') {
        Some(digits) => matches!(digits.len(), 4 | 8),
        None => ["rgba(", "hsla(", "hsba("].iter().any(|f| s.starts_with(f)),
    };
    let rgba = match NAMED.binary_search_by(|(name, _)| name.cmp(&s.as_str())) {
        Ok(i) => {
            let rgb = NAMED[i].1;
            let byte = |shift: u32| f64::from((rgb >> shift) & 0xff) / 255.0;
            [byte(16), byte(8), byte(0), 1.0]
        }
        Err(_) => hex(&s).or_else(|| functional(&s))?,
    };
    Some(Known { rgba, alpha })
}

/// Trimmed and lower-cased, as JavaScript's `trim()` and `toLowerCase()`.
fn normalise(css: &str) -> String {
    css.trim_matches(is_js_space).to_lowercase()
}

/// Names p5 finds on its colour table's prototype, and throws on.
fn is_prototype(s: &str) -> bool {
    s == "constructor" || s == "__proto__"
}

/// JavaScript's WhiteSpace and LineTerminator: what `trim()` removes and
/// `\s` matches.
fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa`; each channel over 255.
fn hex(s: &str) -> Option<[f64; 4]> {
    let digits = s.strip_prefix('#')?;
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let nibble = |i: usize| u32::from_str_radix(&digits[i..=i], 16).ok();
    let level = |v: u32| f64::from(v) / 255.0;
    match digits.len() {
        3 | 4 => {
            let mut out = [1.0; 4];
            for (i, o) in out.iter_mut().enumerate().take(digits.len()) {
                *o = level(nibble(i)? * 17);
            }
            Some(out)
        }
        6 | 8 => {
            let mut out = [1.0; 4];
            for (i, o) in out.iter_mut().enumerate().take(digits.len() / 2) {
                *o = level(u32::from_str_radix(&digits[2 * i..2 * i + 2], 16).ok()?);
            }
            Some(out)
        }
        _ => None,
    }
}

/// A number in a functional notation: its digits and dots, and whether a
/// `%` follows at once.
struct Value<'a> {
    text: &'a str,
    percent: bool,
}

impl Value<'_> {
    /// p5's INTEGER, `\d{1,3}`, read as `Number(text)`.
    fn integer(&self) -> Option<f64> {
        let ok = !self.percent
            && (1..=3).contains(&self.text.len())
            && self.text.bytes().all(|b| b.is_ascii_digit());
        ok.then(|| self.text.parse().expect("1 to 3 digits"))
    }

    /// p5's DECIMAL, `\d+(\.\d+)?|\.\d+`: its text when it is one.
    fn decimal_text(&self) -> Option<&str> {
        let (int, frac) = match self.text.split_once('.') {
            Some((int, frac)) => (int, Some(frac)),
            None => (self.text, None),
        };
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        let ok = digits(int)
            && match frac {
                None => !int.is_empty(),
                Some(f) => !f.is_empty() && digits(f),
            };
        ok.then_some(self.text)
    }

    /// DECIMAL without `%`, read by `parseFloat`.
    fn decimal(&self) -> Option<f64> {
        if self.percent {
            return None;
        }
        self.decimal_text().map(parse_float)
    }

    /// p5's PERCENT, DECIMAL then `%`: its text.
    fn percent_text(&self) -> Option<&str> {
        if self.percent {
            self.decimal_text()
        } else {
            None
        }
    }
}

/// `parseFloat` of a DECIMAL: correctly rounded, as JavaScript.
fn parse_float(text: &str) -> f64 {
    let text = if text.starts_with('.') {
        format!("0{text}")
    } else {
        text.to_string()
    };
    text.parse().expect("a DECIMAL is a float")
}

/// `parseInt(text, 10)` of a DECIMAL: its leading digits, NaN when there are
/// none (`.5`).
fn parse_int(text: &str) -> f64 {
    let int = text.split('.').next().unwrap_or("");
    if int.is_empty() {
        f64::NAN
    } else {
        parse_float(int)
    }
}

/// The values of `name(v, v, ...)` with JavaScript whitespace around each
/// token, as p5's patterns allow.
fn arguments<'a>(s: &'a str, name: &str) -> Option<Vec<Value<'a>>> {
    let mut rest = s.strip_prefix(name)?.strip_prefix('(')?;
    let mut values = Vec::new();
    loop {
        rest = rest.trim_start_matches(is_js_space);
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let (text, after) = rest.split_at(end);
        let (percent, after) = match after.strip_prefix('%') {
            Some(after) => (true, after),
            None => (false, after),
        };
        values.push(Value { text, percent });
        rest = after.trim_start_matches(is_js_space);
        if let Some(after) = rest.strip_prefix(',') {
            rest = after;
        } else {
            return (rest == ")").then_some(values);
        }
    }
}

/// `rgb()`, `rgba()`, `hsl()`, `hsla()`, `hsb()`, `hsba()`, tried in p5's
/// order.
fn functional(s: &str) -> Option<[f64; 4]> {
    if let Some(v) = arguments(s, "rgb") {
        if let [r, g, b] = &v[..] {
            if let (Some(r), Some(g), Some(b)) = (r.integer(), g.integer(), b.integer()) {
                return Some([r / 255.0, g / 255.0, b / 255.0, 1.0]);
            }
            let pct = |v: &Value| v.percent_text().map(|t| parse_float(t) / 100.0);
            if let (Some(r), Some(g), Some(b)) = (pct(r), pct(g), pct(b)) {
                return Some([r, g, b, 1.0]);
            }
        }
    }
    if let Some(v) = arguments(s, "rgba") {
        if let [r, g, b, a] = &v[..] {
            let a = a.decimal()?;
            if let (Some(r), Some(g), Some(b)) = (r.integer(), g.integer(), b.integer()) {
                return Some([r / 255.0, g / 255.0, b / 255.0, a]);
            }
            let pct = |v: &Value| v.percent_text().map(|t| parse_float(t) / 100.0);
            if let (Some(r), Some(g), Some(b)) = (pct(r), pct(g), pct(b)) {
                return Some([r, g, b, a]);
            }
        }
    }
    for (name, alpha, to_rgba) in [
        ("hsl", false, hsla_to_rgba as fn([f64; 4]) -> [f64; 4]),
        ("hsla", true, hsla_to_rgba),
        ("hsb", false, hsba_to_rgba),
        ("hsba", true, hsba_to_rgba),
    ] {
        if let Some(hsxa) = arguments(s, name).and_then(|v| hue_args(&v, alpha)) {
            return Some(to_rgba(hsxa.map(|c| max(min(c, 1.0), 0.0))));
        }
    }
    None
}

/// An integer hue, two percents (read by `parseInt`, as p5: `28.9%` is 28
/// and `.5%` NaN) and, when `alpha`, a DECIMAL alpha; normalised, not yet
/// clamped.
fn hue_args(v: &[Value], alpha: bool) -> Option<[f64; 4]> {
    let (h, s, l, a) = match (v, alpha) {
        ([h, s, l], false) => (h, s, l, None),
        ([h, s, l, a], true) => (h, s, l, Some(a.decimal()?)),
        _ => return None,
    };
    Some([
        h.integer()? / 360.0,
        parse_int(s.percent_text()?) / 100.0,
        parse_int(l.percent_text()?) / 100.0,
        a.unwrap_or(1.0),
    ])
}

/// The CSS named colours p5 1.11 knows, sorted, as 0xRRGGBB.
static NAMED: [(&str, u32); 148] = [
    ("aliceblue", 0xf0f8ff),
    ("antiquewhite", 0xfaebd7),
    ("aqua", 0x00ffff),
    ("aquamarine", 0x7fffd4),
    ("azure", 0xf0ffff),
    ("beige", 0xf5f5dc),
    ("bisque", 0xffe4c4),
    ("black", 0x000000),
    ("blanchedalmond", 0xffebcd),
    ("blue", 0x0000ff),
    ("blueviolet", 0x8a2be2),
    ("brown", 0xa52a2a),
    ("burlywood", 0xdeb887),
    ("cadetblue", 0x5f9ea0),
    ("chartreuse", 0x7fff00),
    ("chocolate", 0xd2691e),
    ("coral", 0xff7f50),
    ("cornflowerblue", 0x6495ed),
    ("cornsilk", 0xfff8dc),
    ("crimson", 0xdc143c),
    ("cyan", 0x00ffff),
    ("darkblue", 0x00008b),
    ("darkcyan", 0x008b8b),
    ("darkgoldenrod", 0xb8860b),
    ("darkgray", 0xa9a9a9),
    ("darkgreen", 0x006400),
    ("darkgrey", 0xa9a9a9),
    ("darkkhaki", 0xbdb76b),
    ("darkmagenta", 0x8b008b),
    ("darkolivegreen", 0x556b2f),
    ("darkorange", 0xff8c00),
    ("darkorchid", 0x9932cc),
    ("darkred", 0x8b0000),
    ("darksalmon", 0xe9967a),
    ("darkseagreen", 0x8fbc8f),
    ("darkslateblue", 0x483d8b),
    ("darkslategray", 0x2f4f4f),
    ("darkslategrey", 0x2f4f4f),
    ("darkturquoise", 0x00ced1),
    ("darkviolet", 0x9400d3),
    ("deeppink", 0xff1493),
    ("deepskyblue", 0x00bfff),
    ("dimgray", 0x696969),
    ("dimgrey", 0x696969),
    ("dodgerblue", 0x1e90ff),
    ("firebrick", 0xb22222),
    ("floralwhite", 0xfffaf0),
    ("forestgreen", 0x228b22),
    ("fuchsia", 0xff00ff),
    ("gainsboro", 0xdcdcdc),
    ("ghostwhite", 0xf8f8ff),
    ("gold", 0xffd700),
    ("goldenrod", 0xdaa520),
    ("gray", 0x808080),
    ("green", 0x008000),
    ("greenyellow", 0xadff2f),
    ("grey", 0x808080),
    ("honeydew", 0xf0fff0),
    ("hotpink", 0xff69b4),
    ("indianred", 0xcd5c5c),
    ("indigo", 0x4b0082),
    ("ivory", 0xfffff0),
    ("khaki", 0xf0e68c),
    ("lavender", 0xe6e6fa),
    ("lavenderblush", 0xfff0f5),
    ("lawngreen", 0x7cfc00),
    ("lemonchiffon", 0xfffacd),
    ("lightblue", 0xadd8e6),
    ("lightcoral", 0xf08080),
    ("lightcyan", 0xe0ffff),
    ("lightgoldenrodyellow", 0xfafad2),
    ("lightgray", 0xd3d3d3),
    ("lightgreen", 0x90ee90),
    ("lightgrey", 0xd3d3d3),
    ("lightpink", 0xffb6c1),
    ("lightsalmon", 0xffa07a),
    ("lightseagreen", 0x20b2aa),
    ("lightskyblue", 0x87cefa),
    ("lightslategray", 0x778899),
    ("lightslategrey", 0x778899),
    ("lightsteelblue", 0xb0c4de),
    ("lightyellow", 0xffffe0),
    ("lime", 0x00ff00),
    ("limegreen", 0x32cd32),
    ("linen", 0xfaf0e6),
    ("magenta", 0xff00ff),
    ("maroon", 0x800000),
    ("mediumaquamarine", 0x66cdaa),
    ("mediumblue", 0x0000cd),
    ("mediumorchid", 0xba55d3),
    ("mediumpurple", 0x9370db),
    ("mediumseagreen", 0x3cb371),
    ("mediumslateblue", 0x7b68ee),
    ("mediumspringgreen", 0x00fa9a),
    ("mediumturquoise", 0x48d1cc),
    ("mediumvioletred", 0xc71585),
    ("midnightblue", 0x191970),
    ("mintcream", 0xf5fffa),
    ("mistyrose", 0xffe4e1),
    ("moccasin", 0xffe4b5),
    ("navajowhite", 0xffdead),
    ("navy", 0x000080),
    ("oldlace", 0xfdf5e6),
    ("olive", 0x808000),
    ("olivedrab", 0x6b8e23),
    ("orange", 0xffa500),
    ("orangered", 0xff4500),
    ("orchid", 0xda70d6),
    ("palegoldenrod", 0xeee8aa),
    ("palegreen", 0x98fb98),
    ("paleturquoise", 0xafeeee),
    ("palevioletred", 0xdb7093),
    ("papayawhip", 0xffefd5),
    ("peachpuff", 0xffdab9),
    ("peru", 0xcd853f),
    ("pink", 0xffc0cb),
    ("plum", 0xdda0dd),
    ("powderblue", 0xb0e0e6),
    ("purple", 0x800080),
    ("rebeccapurple", 0x663399),
    ("red", 0xff0000),
    ("rosybrown", 0xbc8f8f),
    ("royalblue", 0x4169e1),
    ("saddlebrown", 0x8b4513),
    ("salmon", 0xfa8072),
    ("sandybrown", 0xf4a460),
    ("seagreen", 0x2e8b57),
    ("seashell", 0xfff5ee),
    ("sienna", 0xa0522d),
    ("silver", 0xc0c0c0),
    ("skyblue", 0x87ceeb),
    ("slateblue", 0x6a5acd),
    ("slategray", 0x708090),
    ("slategrey", 0x708090),
    ("snow", 0xfffafa),
    ("springgreen", 0x00ff7f),
    ("steelblue", 0x4682b4),
    ("tan", 0xd2b48c),
    ("teal", 0x008080),
    ("thistle", 0xd8bfd8),
    ("tomato", 0xff6347),
    ("turquoise", 0x40e0d0),
    ("violet", 0xee82ee),
    ("wheat", 0xf5deb3),
    ("white", 0xffffff),
    ("whitesmoke", 0xf5f5f5),
    ("yellow", 0xffff00),
    ("yellowgreen", 0x9acd32),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_colours_are_p5s_and_sorted() {
        assert!(NAMED.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(parse(" RebeccaPurple ").unwrap()[0], 102.0 / 255.0);
        // The Kelvin sign lower-cases to "k", as in JavaScript.
        assert_eq!(parse("blac\u{212a}").unwrap(), [0.0, 0.0, 0.0, 1.0]);
        assert!(parse("constructor").is_err());
    }
}
