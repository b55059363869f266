//! A scripted pointer: where the mouse is at each frame, for the chain
//! scene and for sketches that read `mouseX`, `mouseY` and
//! `mouseIsPressed`. There is no mouse: the pointer follows a path, a
//! function of the frame number.

use serde::{Deserialize, Serialize};

use crate::check;
use crate::error::Error;

/// How the pointer moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PointerPath {
    /// Straight moves between `[frame, x, y]` keyframes, repeating.
    Keyframes,
    /// `x = width/2 + ax sin(2π f/px)`, `y = height/2 + ay sin(2π f/py)`.
    Lissajous,
}

/// The most keyframes, and press ranges: the pointer looks through them
/// every frame.
pub const MAX_KEYFRAMES: usize = 10_000;

/// A pointer path's parameters, borrowed from where they are kept (the
/// chain scene's parameters, or a [`Pointer`]).
#[derive(Debug, Clone, Copy)]
pub struct PathRef<'a> {
    /// How it moves.
    pub path: PointerPath,
    /// `[frame, x, y]`, frames increasing (for `Keyframes`).
    pub keyframes: &'a [[f64; 3]],
    /// Frames after which the keyframes repeat.
    pub period: f64,
    /// The Lissajous figure's half-width and half-height, in canvas units.
    pub amplitude: (f64, f64),
    /// The Lissajous figure's periods along x and y, in frames.
    pub periods: (f64, f64),
}

impl PathRef<'_> {
    /// The pointer position of frame `f` (0-based) on a canvas of
    /// `width` x `height`: the first keyframe's point while t = f mod
    /// period is at most its frame, interpolated linearly between two
    /// keyframes, the last one's after it.
    pub fn at(&self, f: u32, width: f64, height: f64) -> (f64, f64) {
        let f = f64::from(f);
        match self.path {
            PointerPath::Lissajous => {
                let tau = std::f64::consts::TAU;
                (
                    width / 2.0 + self.amplitude.0 * libm::sin(tau * f / self.periods.0),
                    height / 2.0 + self.amplitude.1 * libm::sin(tau * f / self.periods.1),
                )
            }
            PointerPath::Keyframes => {
                let t = f % self.period;
                let first = &self.keyframes[0];
                if t <= first[0] {
                    return (first[1], first[2]);
                }
                for w in self.keyframes.windows(2) {
                    let (k0, k1) = (&w[0], &w[1]);
                    if k0[0] <= t && t < k1[0] {
                        let s = (t - k0[0]) / (k1[0] - k0[0]);
                        return (k0[1] + (k1[1] - k0[1]) * s, k0[2] + (k1[2] - k0[2]) * s);
                    }
                }
                let last = self
                    .keyframes
                    .last()
                    .expect("checked: at least one keyframe");
                (last[1], last[2])
            }
        }
    }

    /// Refuses keyframes that are not 1 to [`MAX_KEYFRAMES`] of finite
    /// frames, increasing, with x and y within `check::MAX_SIZE`, and
    /// periods that are not finite and positive.
    pub(crate) fn check(&self, key: &str) -> Result<(), Error> {
        let accepted = format!(
            "a list of [frame, x, y] keyframes, 1 to {MAX_KEYFRAMES}, frames increasing, x and y \
             within -{0} to {0}",
            check::MAX_SIZE
        );
        let shown = || format!("{:?}", self.keyframes);
        // NaN fails every comparison: it is refused too.
        let within = |v: f64| v.abs() <= check::MAX_SIZE;
        let bad = |&[frame, x, y]: &[f64; 3]| !(frame.is_finite() && within(x) && within(y));
        let count = (1..=MAX_KEYFRAMES).contains(&self.keyframes.len());
        if !count
            || self.keyframes.iter().any(bad)
            || self.keyframes.windows(2).any(|w| w[1][0] < w[0][0])
        {
            return Err(check::refuse(key, shown(), accepted));
        }
        check::offset("ax", self.amplitude.0)?;
        check::offset("ay", self.amplitude.1)?;
        for (key, v) in [
            ("period", self.period),
            ("px", self.periods.0),
            ("py", self.periods.1),
        ] {
            if !(v.is_finite() && v > 0.0) {
                return Err(check::refuse(key, v, "a finite number > 0"));
            }
        }
        Ok(())
    }
}

/// A sketch's pointer: a path, and the frames during which the button is
/// held. Written `--pointer X,Y`, `--pointer lissajous[:AX,AY,PX,PY]` or
/// `--pointer keyframes:F,X,Y;F,X,Y;...[@PERIOD]` (repeating only with a
/// period), with `--press
/// F-F[,F-F...]`; the same strings in batch files.
#[derive(Debug, Clone, PartialEq)]
pub struct Pointer {
    path: PointerPath,
    keyframes: Vec<[f64; 3]>,
    period: f64,
    /// The Lissajous figure's half-width and half-height; `None`: 40 % of
    /// the canvas's width and height, so that it stays on the canvas.
    amplitude: Option<(f64, f64)>,
    periods: (f64, f64),
    /// Frame ranges (0-based, inclusive) with the button held.
    presses: Vec<(u32, u32)>,
}

impl Default for Pointer {
    /// At rest at (0, 0), as p5's mouse before it moves; never pressed.
    fn default() -> Self {
        Pointer {
            path: PointerPath::Keyframes,
            keyframes: vec![[0.0, 0.0, 0.0]],
            period: 1.0,
            amplitude: None,
            periods: (200.0, 130.0),
            presses: Vec::new(),
        }
    }
}

impl Pointer {
    /// A pointer from its written form (see [`Pointer`]) and the frames it
    /// is pressed; fails naming `--pointer` or `--press` and the accepted
    /// forms.
    pub fn parse(path: Option<&str>, press: Option<&str>) -> Result<Pointer, Error> {
        let mut pointer = Pointer::default();
        let refuse = |value: &str| {
            check::refuse(
                "pointer",
                check::shown(value),
                "X,Y or lissajous[:AX,AY,PX,PY] or keyframes:F,X,Y;F,X,Y;...[@PERIOD]",
            )
        };
        let numbers = |text: &str| -> Option<Vec<f64>> {
            text.split(',')
                .map(|n| n.trim().parse::<f64>().ok())
                .collect()
        };
        if let Some(text) = path {
            let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
            match kind.trim() {
                "lissajous" => {
                    pointer.path = PointerPath::Lissajous;
                    if !rest.is_empty() {
                        let [ax, ay, px, py] = numbers(rest)
                            .and_then(|v| v.try_into().ok())
                            .ok_or_else(|| refuse(text))?;
                        pointer.amplitude = Some((ax, ay));
                        pointer.periods = (px, py);
                    }
                }
                "keyframes" => {
                    let (list, period) = rest.split_once('@').unwrap_or((rest, ""));
                    pointer.keyframes = list
                        .split(';')
                        .map(|k| numbers(k).and_then(|v| <[f64; 3]>::try_from(v).ok()))
                        .collect::<Option<Vec<_>>>()
                        .ok_or_else(|| refuse(text))?;
                    // Without a period, the pointer stays at the last keyframe.
                    pointer.period = match period {
                        "" => f64::MAX,
                        p => p.trim().parse().map_err(|_| refuse(text))?,
                    };
                }
                _ => {
                    let [x, y] = numbers(text)
                        .and_then(|v| v.try_into().ok())
                        .ok_or_else(|| refuse(text))?;
                    pointer.keyframes = vec![[0.0, x, y]];
                }
            }
            pointer.path_ref(0.0, 0.0).check("pointer")?;
        }
        if let Some(text) = press {
            pointer.presses = text
                .split(',')
                .map(|range| {
                    let (a, b) = range.split_once('-').unwrap_or((range, range));
                    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
                    (a <= b).then_some((a, b))
                })
                .collect::<Option<Vec<_>>>()
                .filter(|presses| presses.len() <= MAX_KEYFRAMES)
                .ok_or_else(|| {
                    check::refuse(
                        "press",
                        check::shown(text),
                        format!("at most {MAX_KEYFRAMES} frame ranges F-F, comma-separated (e.g. 10-20,40)"),
                    )
                })?;
        }
        Ok(pointer)
    }

    /// The path on a `width` x `height` canvas.
    fn path_ref(&self, width: f64, height: f64) -> PathRef<'_> {
        PathRef {
            path: self.path,
            keyframes: &self.keyframes,
            period: self.period,
            amplitude: self.amplitude.unwrap_or((0.4 * width, 0.4 * height)),
            periods: self.periods,
        }
    }

    /// Where the pointer is at frame `f` (0-based) on a `width` x `height`
    /// canvas, and whether its button is held.
    pub fn at(&self, f: u32, width: f64, height: f64) -> (f64, f64, bool) {
        let (x, y) = self.path_ref(width, height).at(f, width, height);
        let pressed = self.presses.iter().any(|&(a, b)| a <= f && f <= b);
        (x, y, pressed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_forms_parse() {
        let p = Pointer::parse(Some("keyframes:0,10,10;10,110,10"), Some("5-6,9")).unwrap();
        assert_eq!(p.at(5, 200.0, 100.0), (60.0, 10.0, true));
        assert_eq!(p.at(7, 200.0, 100.0), (80.0, 10.0, false));
        assert!(p.at(9, 200.0, 100.0).2);
        let rest = Pointer::parse(Some("30, 40"), None).unwrap();
        assert_eq!(rest.at(99, 1.0, 1.0), (30.0, 40.0, false));
        let l = Pointer::parse(Some("lissajous:100,50,40,20"), None).unwrap();
        let (x, y, _) = l.at(10, 200.0, 100.0);
        assert!(
            (x - 200.0).abs() < 1e-9 && (y - 50.0).abs() < 1e-9,
            "{x} {y}"
        );
        assert_eq!(Pointer::default().at(3, 10.0, 10.0), (0.0, 0.0, false));
        for bad in [
            "keyframes:1,2",
            "spiral",
            "keyframes:5,0,0;1,0,0",
            "lissajous:1,2,0,4",
        ] {
            assert!(Pointer::parse(Some(bad), None).is_err(), "{bad}");
        }
        assert!(Pointer::parse(None, Some("9-3")).is_err());
        let many = vec!["1-2"; MAX_KEYFRAMES + 1].join(",");
        assert!(Pointer::parse(None, Some(&many)).is_err());
    }
}
