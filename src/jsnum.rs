//! JavaScript's number conversions and helpers, bit for bit, shared by the
//! runtime (src/js/) and the drawing layer (src/p5/) that mirror p5.js:
//! `>>> 0`, `| 0`, `Math.round`, `Math.min`/`Math.max`
//! and `String(number)`.

/// ECMAScript's ToUint32, JavaScript's `x >>> 0`: truncates towards zero and
/// wraps modulo 2^32. NaN and the infinities give 0.
pub fn to_uint32(x: f64) -> u32 {
    if !x.is_finite() {
        return 0;
    }
    // fmod is exact, and so is adding 2^32 to a negative integer above -2^32.
    let r = x.trunc() % 4_294_967_296.0;
    let r = if r < 0.0 { r + 4_294_967_296.0 } else { r };
    r as u32
}

/// ECMAScript's ToInt32, JavaScript's `x | 0`: as [`to_uint32`], read as a
/// two's complement 32-bit integer.
pub fn to_int32(x: f64) -> i32 {
    if x > -2_147_483_649.0 && x < 2_147_483_648.0 {
        // In range (NaN is not): `as` truncates towards zero, as ToInt32.
        x as i32
    } else {
        to_uint32(x) as i32
    }
}

/// JavaScript's `Math.round`: the nearest integer, halves rounded up
/// (towards +infinity, so -2.5 gives -2); NaN and infinities unchanged; the
/// sign of zero kept (-0.2 gives -0).
pub fn round(x: f64) -> f64 {
    let f = x.floor();
    // x - floor(x) is exact for every finite double.
    let r = if x - f >= 0.5 { f + 1.0 } else { f };
    if r == 0.0 {
        // Math.round(-0.4) is -0, Math.round(0.4) is +0.
        0.0f64.copysign(x)
    } else {
        r
    }
}

/// JavaScript's two-argument `Math.min`: NaN if either is NaN; -0 is less
/// than +0.
pub fn min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_negative() {
            a
        } else {
            b
        }
    } else if a < b {
        a
    } else {
        b
    }
}

/// JavaScript's two-argument `Math.max`: NaN if either is NaN; +0 is greater
/// than -0.
pub fn max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a == b {
        if a.is_sign_positive() {
            a
        } else {
            b
        }
    } else if a > b {
        a
    } else {
        b
    }
}

/// JavaScript's `String(x)` for a number (Number::toString): the shortest
/// digits that read back as `x`, in plain notation for exponents from -7 to
/// 20 and as `1.5e+21` or `1e-7` outside; `NaN`, `Infinity`, `-Infinity`;
/// -0 prints as `0`.
pub fn to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x == 0.0 {
        return "0".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    // Rust's `{:e}` gives the shortest round-trip digits, as ECMAScript asks.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').expect("`{:e}` has an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i32;
    // ECMAScript's n: the decimal point sits after n digits.
    let n = exp.parse::<i32>().expect("`{:e}` exponent is an integer") + 1;
    let mut s = String::new();
    if x < 0.0 {
        s.push('-');
    }
    if k <= n && n <= 21 {
        s.push_str(&digits);
        s.extend(std::iter::repeat_n('0', (n - k) as usize));
    } else if 0 < n && n <= 21 {
        s.push_str(&digits[..n as usize]);
        s.push('.');
        s.push_str(&digits[n as usize..]);
    } else if -6 < n && n <= 0 {
        s.push_str("0.");
        s.extend(std::iter::repeat_n('0', (-n) as usize));
        s.push_str(&digits);
    } else {
        s.push_str(&digits[..1]);
        if k > 1 {
            s.push('.');
            s.push_str(&digits[1..]);
        }
        let e = n - 1;
        s.push('e');
        s.push(if e >= 0 { '+' } else { '-' });
        s.push_str(&e.abs().to_string());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uint32_and_int32_wrap_as_javascript() {
        assert_eq!(to_uint32(-1.0), 4_294_967_295);
        assert_eq!(to_uint32(3.7), 3);
        assert_eq!(to_uint32(-3.7), 4_294_967_293);
        assert_eq!(to_uint32(4_294_967_301.0), 5);
        assert_eq!(to_uint32(1e20), 1_661_992_960);
        assert_eq!(to_uint32(f64::NAN), 0);
        assert_eq!(to_uint32(f64::INFINITY), 0);
        assert_eq!(to_int32(2_147_483_648.0), -2_147_483_648);
        assert_eq!(to_int32(-2_147_483_649.0), 2_147_483_647);
        assert_eq!(to_int32(-2_147_483_648.9), -2_147_483_648);
        assert_eq!(to_int32(1e16), 1_874_919_424);
    }

    #[test]
    fn round_takes_halves_up() {
        assert_eq!(round(2.5), 3.0);
        assert_eq!(round(-2.5), -2.0);
        assert_eq!(round(0.49999999999999994), 0.0);
        assert!(round(-0.2).is_sign_negative());
        assert_eq!(round(127.5), 128.0);
    }

    #[test]
    fn numbers_print_as_javascript() {
        for (x, s) in [
            (0.25, "0.25"),
            (1.0, "1"),
            (-0.0, "0"),
            (100.0 / 255.0, "0.39215686274509803"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e-7, "1e-7"),
            (1.5e-7, "1.5e-7"),
            (0.000001, "0.000001"),
            (-12.5, "-12.5"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(to_string(x), s);
        }
    }
}
