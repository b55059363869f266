//! Range checks shared by every parameter set: each refusal names the key,
//! the value and what would be accepted.

use crate::error::Error;

/// The error for `key` holding `value` when `accepted` would do.
pub fn refuse(key: &str, value: impl ToString, accepted: impl ToString) -> Error {
    let reason = format!("expected {}", accepted.to_string());
    Error::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        reason,
    }
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

/// Refuses numbers outside `lo..=hi`, NaN included.
pub fn in_range(key: &str, v: f64, lo: f64, hi: f64) -> Result<(), Error> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(refuse(key, v, format!("a number from {lo} to {hi}")))
    }
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
}
