//! Range checks shared by every parameter set: each refusal names the key,
//! the value and what would be accepted.

use crate::error::Error;

/// The largest size or distance a parameter may give, in canvas units: 15
/// times the largest canvas side (65,535). Circles and lines measured fine
/// up to 1e9 pixels across; the limit keeps every position a parameter
/// makes far from that and exact in `f64`. (The whale's curved body has a
/// tighter limit of its own, `scene::whale_params::MAX_BODY`.)
pub const MAX_SIZE: f64 = 1_000_000.0;

/// The most characters of a value an error shows.
pub const SHOWN: usize = 60;

/// The error for `key` holding `value` when `accepted` would do; the value
/// as [`shown`].
pub fn refuse(key: &str, value: impl ToString, accepted: impl ToString) -> Error {
    let reason = format!("expected {}", accepted.to_string());
    Error::BadValue {
        key: key.to_string(),
        value: shown(&value.to_string()),
        reason,
    }
}

/// `text` as an error may show it: control characters escaped (`\n`,
/// `\u{1b}`) so that it stays one line and cannot drive the terminal, and
/// cut to `SHOWN` characters, with an ellipsis when cut.
pub fn shown(text: &str) -> String {
    let mut out = escaped(text);
    if let Some((cut, _)) = out.char_indices().nth(SHOWN) {
        out.truncate(cut);
        out.push('…');
    }
    out
}

/// `text` with each run between quotes (`` ` ``, `"` or `'`) of more than
/// `keep` characters cut to its first `cut` characters and an ellipsis; an
/// unclosed quote is cut the same way. Control characters are escaped. For
/// messages that may quote a file's text: `cut_quotes(m, 2, 0)` keeps only
/// grammar tokens such as `=`.
pub fn cut_quotes(text: &str, keep: usize, cut: usize) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(['`', '"', '\'']) {
        let quote = &rest[start..=start];
        out += &rest[..start];
        let inside = &rest[start + 1..];
        let (quoted, after) = match inside.find(quote) {
            Some(end) => (&inside[..end], &inside[end + 1..]),
            None => (inside, ""),
        };
        out += quote;
        if quoted.chars().count() <= keep {
            out += quoted;
        } else {
            out.extend(quoted.chars().take(cut));
            out.push('…');
        }
        out += quote;
        rest = after;
    }
    escaped(&(out + rest))
}

/// `text` with its control characters escaped, whole.
pub fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

/// Refuses NaN and infinities.
pub fn finite(key: &str, v: f64) -> Result<(), Error> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(refuse(key, v, "a finite number"))
    }
}

/// Refuses negative numbers, NaN and infinities.
pub fn non_negative(key: &str, v: f64) -> Result<(), Error> {
    if v.is_finite() && v >= 0.0 {
        Ok(())
    } else {
        Err(refuse(key, v, "a finite number >= 0"))
    }
}

/// Refuses a count outside `lo..=hi`.
pub fn count(key: &str, v: u32, lo: u32, hi: u32) -> Result<(), Error> {
    in_range(key, f64::from(v), f64::from(lo), f64::from(hi))
}

/// Refuses numbers outside `lo..=hi`, NaN included.
pub fn in_range(key: &str, v: f64, lo: f64, hi: f64) -> Result<(), Error> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(refuse(key, v, format!("a number from {lo} to {hi}")))
    }
}

/// Refuses sizes outside `0..=MAX_SIZE`, NaN included.
pub fn size(key: &str, v: f64) -> Result<(), Error> {
    in_range(key, v, 0.0, MAX_SIZE)
}

/// Refuses offsets and positions outside `-MAX_SIZE..=MAX_SIZE`.
pub fn offset(key: &str, v: f64) -> Result<(), Error> {
    in_range(key, v, -MAX_SIZE, MAX_SIZE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_key_value_and_what_is_accepted() {
        let err = non_negative("push", -1.0).unwrap_err().to_string();
        assert!(
            err.contains("push") && err.contains("-1") && err.contains(">= 0"),
            "{err}"
        );
        assert!(in_range("ease", f64::NAN, 0.0, 1.0).is_err());
        assert!(finite("speed_x", f64::INFINITY).is_err());
        assert!(in_range("ease", 1.0, 0.0, 1.0).is_ok());
    }

    #[test]
    fn long_quotes_are_cut() {
        let toml = "expected `=`, found `secret-token` in \"hunter2\\n";
        assert_eq!(cut_quotes(toml, 2, 0), "expected `=`, found `…` in \"…\"");
        assert_eq!(cut_quotes("a 'bc' \"defg\"", 2, 1), "a 'bc' \"d…\"");
    }

    #[test]
    fn values_shown_are_one_short_line() {
        assert_eq!(shown("F\n\u{1b}[31m"), "F\\n\\u{1b}[31m");
        let long = "é".repeat(100);
        let cut = shown(&long);
        assert_eq!(cut.chars().count(), SHOWN + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(shown("2"), "2");
        let err = refuse("axiom", "x".repeat(1000), "a short axiom").to_string();
        assert!(err.len() < 120, "{err}");
    }
}
