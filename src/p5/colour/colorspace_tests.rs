//! Colours against p5.js 1.11.13 in Chromium.

use super::*;

const NAN: f64 = f64::NAN;

/// The numeric cases: mode, `colorMode` maxes, `color()` values.
const NUMBERS: &[(ColorMode, &[f64], &[f64])] = {
    use ColorMode::{Hsb, Hsl, Rgb};
    &[
        (Rgb, &[], &[0.0]),
        (Rgb, &[], &[127.5]),
        (Rgb, &[], &[300.0]),
        (Rgb, &[], &[-5.0]),
        (Rgb, &[], &[100.0, 50.0]),
        (Rgb, &[], &[10.0, 20.0, 30.0]),
        (Rgb, &[], &[10.0, 20.0, 30.0, 40.0]),
        (Rgb, &[], &[255.0, 0.0, 0.0, 127.5]),
        (Rgb, &[], &[12.3, 45.6, 78.9, 200.2]),
        (Rgb, &[], &[NAN, 20.0, 30.0]),
        (Rgb, &[], &[0.5, 254.5, 2.5, 0.4]),
        (Rgb, &[1.0], &[0.5, 0.25, 0.125]),
        (Rgb, &[100.0, 100.0, 100.0, 1.0], &[50.0, 20.0, 99.9, 0.3]),
        (Rgb, &[100.0, 50.0, 25.0], &[50.0, 20.0, 10.0, 200.0]),
        (Rgb, &[1.0], &[0.7]),
        (Rgb, &[10.0, 20.0, 30.0], &[5.0]),
        (Rgb, &[10.0, 20.0, 30.0], &[5.0, 100.0]),
        (Hsb, &[], &[0.0, 100.0, 100.0]),
        (Hsb, &[], &[120.0, 50.0, 50.0]),
        (Hsb, &[], &[359.0, 100.0, 100.0]),
        (Hsb, &[], &[360.0, 100.0, 100.0]),
        (Hsb, &[], &[200.0, 30.0, 80.0, 0.5]),
        (Hsb, &[], &[50.0]),
        (Hsb, &[], &[50.0, 0.5]),
        (Hsb, &[], &[400.0, 150.0, -5.0]),
        (Hsb, &[], &[45.5, 33.3, 66.6, 0.75]),
        (Hsb, &[1.0], &[0.5, 0.5, 0.5]),
        (Hsb, &[], &[300.0, 0.0, 70.0]),
        (Hsb, &[], &[60.0, 100.0, 0.0]),
        (Hsb, &[], &[30.0, 70.0, 90.0]),
        (Hsb, &[], &[90.0, 70.0, 90.0]),
        (Hsb, &[], &[150.0, 70.0, 90.0]),
        (Hsb, &[], &[210.0, 70.0, 90.0]),
        (Hsb, &[], &[270.0, 70.0, 90.0]),
        (Hsb, &[], &[330.0, 70.0, 90.0]),
        (Hsl, &[], &[0.0, 100.0, 50.0]),
        (Hsl, &[], &[120.0, 50.0, 50.0]),
        (Hsl, &[], &[240.0, 100.0, 25.0, 0.3]),
        (Hsl, &[], &[30.0, 80.0, 90.0]),
        (Hsl, &[], &[200.0, 0.0, 40.0]),
        (Hsl, &[], &[359.9, 100.0, 100.0]),
        (Hsl, &[], &[60.0, 100.0, 0.0]),
        (Hsl, &[], &[75.0, 35.0, 65.0]),
        (Hsl, &[], &[180.0, 60.0, 45.0]),
        (Hsl, &[], &[290.0, 90.0, 30.0]),
        (Hsl, &[100.0, 1.0, 1.0], &[25.0, 0.5, 0.5]),
        (Hsl, &[], &[40.0]),
    ]
};

/// The string cases, each made in RGB mode and then in HSB mode.
const STRINGS: &[&str] = &[
    "red",
    "RED",
    " Red ",
    "rebeccapurple",
    "LightGoldenRodYellow",
    "#abc",
    "#ABCD",
    "#a1b2c3",
    "#a1b2c3d4",
    "#abcde",
    "#ggg",
    "rgb(255, 0, 128)",
    "rgb( 10 ,20,30 )",
    "rgb(300,0,0)",
    "rgb(1000,0,0)",
    "rgb(100%, 0%, 28.9%)",
    "rgb(150%,0%,0%)",
    "rgb(.5%, 1.%, 2%)",
    "rgba(255, 0, 128, 0.25)",
    "rgba(1,2,3,.5)",
    "rgba(1,2,3,5)",
    "rgba(100%, 0%, 28.9%, 0.5)",
    "rgba(1,2,3,1.)",
    "rgb(1.5,2,3)",
    "hsl(100, 40%, 28.9%)",
    "hsl(400, 40%, 50%)",
    "hsla(100, 40%, 28.9%, 0.5)",
    "hsl(0, .5%, 50%)",
    "hsl(10,20,30)",
    "hsb(100, 40%, 28.9%)",
    "hsba(100, 40%, 28.9%, 0.5)",
    "hsba(100, 40%, 28.9%, 7)",
    "hsv(1,2%,3%)",
    "transparent",
    "nonsense",
    "",
    "  #fff  ",
    "rgb(1,2,3,4)",
    "rgba(1,2,3)",
    "RGB(1,2,3)",
    "blac\u{212a}",
    "\u{feff}red",
    "\u{85}red",
    "rgb(\t1,\n2,3)",
    "constructor",
    "__proto__",
    "tostring",
    "hasOwnProperty",
    "rgb(001,002,003)",
    "hsl(0,100%,50%)",
    "hsla(120, 100%, 25%, .25)",
    "hsb(359, 100%, 100%)",
    "rgba(0,0,0,0)",
    "rgb(\u{a0}1,2,3)",
    "rgb(\u{2028}1,2,3)",
    "rgb(\u{661},2,3)",
    "hsl(99.5, 10%, 10%)",
];

/// `lerpColor` cases: the mode the pair is made in, and the pair.
const PAIRS: &[(ColorMode, [f64; 4], [f64; 4])] = {
    use ColorMode::{Hsb, Hsl, Rgb};
    &[
        (Rgb, [255.0, 0.0, 0.0, 255.0], [0.0, 0.0, 255.0, 128.0]),
        (Hsb, [350.0, 100.0, 100.0, 1.0], [10.0, 50.0, 50.0, 1.0]),
        (Hsb, [10.0, 100.0, 100.0, 1.0], [200.0, 50.0, 50.0, 0.2]),
        (Hsl, [300.0, 80.0, 40.0, 1.0], [30.0, 60.0, 70.0, 1.0]),
        (Hsl, [30.0, 80.0, 40.0, 1.0], [100.0, 60.0, 70.0, 1.0]),
        (Rgb, [12.0, 200.0, 99.0, 7.0], [250.0, 3.0, 60.0, 255.0]),
    ]
};

/// One line per colour as the generator prints it: `_array` bits, levels,
/// `toString()`, and the bits of red, green, blue, alpha, hue, saturation,
/// brightness and lightness (`nan` for any NaN); `error` where p5 throws.
fn line(state: &ColorState, c: Result<Color, ColorError>) -> String {
    let Ok(c) = c else {
        return "error".into();
    };
    // JavaScript cannot tell NaNs apart; V8 made several kinds.
    let hex = |v: f64| {
        if v.is_nan() {
            "nan".to_string()
        } else {
            format!("{:016x}", v.to_bits())
        }
    };
    let mut parts: Vec<String> = c.array().map(hex).to_vec();
    parts.extend(c.levels().map(jsnum::to_string));
    parts.push(c.to_css());
    let getters = [
        ColorState::red,
        ColorState::green,
        ColorState::blue,
        ColorState::alpha,
        ColorState::hue,
        ColorState::saturation,
        ColorState::brightness,
        ColorState::lightness,
    ];
    parts.extend(getters.iter().map(|g| hex(g(state, &c))));
    parts.join(" ")
}

fn state(mode: ColorMode, maxes: &[f64]) -> ColorState {
    let mut s = ColorState::default();
    s.color_mode(mode, maxes);
    s
}

/// The colours the Chromium run printed (tmp generator: the `NUMBERS`,
/// `STRINGS` and `PAIRS` cases above, after resetting every mode's maxes,
/// then a colour made as `color(10, 20, 30, 40)` in HSL mode read after
/// `colorMode(RGB, 1)`, then every pair lerped in RGB, HSB and HSL mode at
/// 0, 0.25, 0.5, 0.7, 1, 1.5 and -0.5), as FNV-1a 64 of the lines joined
/// by newlines.
const P5_COLOR_HASH: u64 = 0x7159_ae04_53bb_0578;
const P5_COLOR_LINES: usize = 288;

#[test]
fn colours_match_p5() {
    use ColorMode::{Hsb, Hsl, Rgb};
    let mut lines = Vec::new();
    for &(mode, maxes, values) in NUMBERS {
        let s = state(mode, maxes);
        lines.push(line(&s, s.color(values)));
    }
    for css in STRINGS {
        for mode in [Rgb, Hsb] {
            let s = state(mode, &[]);
            lines.push(line(&s, s.color_css(css)));
        }
    }
    let mut s = state(Hsl, &[]);
    let c = s.color(&[10.0, 20.0, 30.0, 40.0]);
    s.color_mode(Rgb, &[1.0]);
    lines.push(line(&s, c));
    for &(mode, a, b) in PAIRS {
        for lerp_mode in [Rgb, Hsb, Hsl] {
            for amt in [0.0, 0.25, 0.5, 0.7, 1.0, 1.5, -0.5] {
                let mut s = state(mode, &[]);
                let (a, b) = (s.color(&a).unwrap(), s.color(&b).unwrap());
                s.color_mode(lerp_mode, &[]);
                let c = s.lerp_color(&a, &b, amt);
                lines.push(line(&s, Ok(c)));
            }
        }
    }
    assert_eq!(lines.len(), P5_COLOR_LINES);
    let text = lines.join("\n");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    assert_eq!(hash, P5_COLOR_HASH, "colours differ from p5's:\n{text}");
}

#[test]
fn the_canvas_gets_what_chromium_parses() {
    let s = ColorState::default();
    let rgba = |css: &str| s.color_css(css).unwrap().to_rgba();
    assert_eq!(rgba("rgb(300,0,0)"), Some(Rgba::new(255, 0, 0, 255)));
    assert_eq!(rgba("rgba(1,2,3,5)"), Some(Rgba::new(1, 2, 3, 255)));
    assert_eq!(rgba("rgba(1,2,3,.5)"), Some(Rgba::new(1, 2, 3, 128)));
    // p5's NaN levels make 'rgba(NaN,NaN,NaN,1)': Chromium keeps the old style.
    assert_eq!(rgba("hsl(0, .5%, 50%)"), None);
    assert_eq!(s.color(&[NAN, 1.0, 2.0]).unwrap().to_rgba(), None);
    // Chromium painted alpha k for 'rgba(255,255,255,' + k / 255 + ')'.
    for k in 0..=255u8 {
        let c = s.color(&[255.0, 255.0, 255.0, f64::from(k)]).unwrap();
        assert_eq!(c.to_rgba(), Some(Rgba::new(255, 255, 255, k)));
    }
    // And round(a * 255) for each alpha i / 1000.
    for (i, want) in [(1, 0), (2, 1), (500, 128), (998, 254), (999, 255)] {
        let c = s
            .color(&[0.0, 0.0, 0.0, f64::from(i) / 1000.0 * 255.0])
            .unwrap();
        assert_eq!(c.to_rgba().unwrap().a, want, "{i}");
    }
}

#[test]
fn colour_mode_takes_p5s_forms_of_maxes() {
    let mut s = ColorState::default();
    s.color_mode(ColorMode::Hsb, &[1.0]);
    assert_eq!(s.maxes_of(ColorMode::Hsb), [1.0; 4]);
    s.color_mode(ColorMode::Hsb, &[2.0, 3.0, 4.0]);
    assert_eq!(s.maxes_of(ColorMode::Hsb), [2.0, 3.0, 4.0, 1.0]);
    s.color_mode(ColorMode::Hsb, &[5.0, 6.0]);
    assert_eq!(s.maxes_of(ColorMode::Hsb), [2.0, 3.0, 4.0, 1.0]);
    s.color_mode(ColorMode::Rgb, &[]);
    assert_eq!(s.mode, ColorMode::Rgb);
    assert_eq!(s.color(&[]).unwrap_err(), ColorError::NoValues);
}
