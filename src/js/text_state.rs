//! A surface's text state, as p5's renderer keeps it (`_textFont`,
//! `_textSize`, `_textLeading`, ...; 2.x's `states.textFont`, ...): part of
//! its `Look` (src/js/look.rs), so `push()` and `pop()` save it, but for
//! the ascent and descent cached, which `pop()` keeps as p5's does. The
//! canvas's font (`face`, `face_size`) follows the rest as p5's
//! `_applyTextProperties` sets it; a font string that is not CSS keeps
//! the one before, as the canvas does.

use rquickjs::convert::Coerced;
use rquickjs::{Ctx, Object, Value};

use super::bind::{set, Stage, N};
use crate::p5::typeset::text::Metrics;
use crate::p5::Mode;

/// The bundled faces' families, numbered family * 4 + style (see
/// `crate::p5::typeset::text::BUNDLED_FACES`).
const SANS: u32 = 0;
const SERIF: u32 = 4;
const MONO: u32 = 8;

/// The CSS names the page maps to the bundled faces, as
/// tools/p5ref/fonts.conf maps them for Chromium; any other is the
/// browser's standard font, serif.
const FAMILIES: [(&str, u32); 23] = [
    ("sans-serif", SANS),
    ("dejavu sans", SANS),
    ("arial", SANS),
    ("helvetica", SANS),
    ("verdana", SANS),
    ("tahoma", SANS),
    ("trebuchet ms", SANS),
    ("system-ui", SANS),
    ("liberation sans", SANS),
    ("serif", SERIF),
    ("dejavu serif", SERIF),
    ("times", SERIF),
    ("times new roman", SERIF),
    ("georgia", SERIF),
    ("liberation serif", SERIF),
    ("monospace", MONO),
    ("dejavu sans mono", MONO),
    ("courier", MONO),
    ("courier new", MONO),
    ("consolas", MONO),
    ("menlo", MONO),
    ("monaco", MONO),
    ("liberation mono", MONO),
];

/// The font text is drawn in: one of the page's, by its CSS name, or a
/// font `loadFont` read, by its number.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum FontChoice {
    Page(String),
    Loaded(u32),
}

/// A surface's text state (see the module's doc).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct TextState {
    pub(super) font: FontChoice,
    /// In canvas units (default 12).
    pub(super) size: f64,
    /// The distance between lines (default 15: a size of 12 times 1.25).
    pub(super) leading: f64,
    /// `textLeading()` was called: a new size keeps the leading.
    pub(super) leading_set: bool,
    /// `normal`, `italic`, `bold` or `bold italic`.
    pub(super) style: String,
    /// p5.js 2's `textWeight`; `None` is `normal`.
    pub(super) weight: Option<f64>,
    /// `left`, `center` or `right` (or what the sketch gave).
    pub(super) align: String,
    /// `alphabetic`, `top`, `center` or `bottom`.
    pub(super) baseline: String,
    /// `WORD` or `CHAR`.
    pub(super) wrap: String,
    /// p5.js 2's `textDirection`: `inherit` (the default), `ltr` or
    /// `rtl`, as the sketch gave it. Latin text draws the same in each.
    pub(super) direction: String,
    /// `fill()` and `stroke()` were called: text is black and unstroked
    /// until they are.
    pub(super) fill_set: bool,
    pub(super) stroke_set: bool,
    /// The canvas's font: the bundled face and the size that draw and
    /// measure a page font.
    pub(super) face: u32,
    pub(super) face_size: f64,
    /// The ascent and descent measured since the font last changed
    /// (p5's `_textAscent`, `_textDescent`).
    pub(super) metrics: Option<(f64, f64)>,
}

impl Default for TextState {
    fn default() -> Self {
        TextState {
            font: FontChoice::Page("sans-serif".into()),
            size: 12.0,
            leading: 15.0,
            leading_set: false,
            style: "normal".into(),
            weight: None,
            align: "left".into(),
            baseline: "alphabetic".into(),
            wrap: "WORD".into(),
            direction: "inherit".into(),
            fill_set: false,
            stroke_set: false,
            face: SANS,
            face_size: 12.0,
            metrics: None,
        }
    }
}

impl TextState {
    /// A new size; the leading follows it, `factor` sizes, until
    /// `textLeading` sets its own.
    pub(super) fn set_size(&mut self, size: f64, factor: f64) {
        self.size = size;
        if !self.leading_set {
            self.leading = size * factor;
        }
    }

    /// p5's `_applyTextProperties`: the cached metrics forgotten, and the
    /// canvas's font set to `${style} ${size}px ${font}`, a name with
    /// spaces quoted (so a list with spaces is one unknown name). Blink
    /// keeps the size in 64ths of a pixel, rounded down.
    pub(super) fn applied(&mut self) {
        self.metrics = None;
        let FontChoice::Page(name) = &self.font else {
            return;
        };
        let name = if name.is_empty() { "sans-serif" } else { name };
        let quoted;
        let list = if name.contains(char::is_whitespace) {
            quoted = format!("\"{name}\"");
            &quoted
        } else {
            name
        };
        let px = if self.size == 0.0 || self.size.is_nan() {
            12.0
        } else {
            self.size
        };
        // A weight over 500 picks the bold face (CSS's matching, between
        // the faces' 400 and 700); only p5.js 2's textWeight() sets one.
        let bold = u32::from(self.weight.is_some_and(|w| w > 500.0));
        let style = match self.style.as_str() {
            "bold" => 1,
            "italic" => 2,
            "bold italic" => 3,
            _ => 0,
        } | bold;
        if let Some(family) = family(list) {
            if (0.0..f64::INFINITY).contains(&px) {
                self.face = family + style;
                self.face_size = (px * 64.0).floor() / 64.0;
            }
        }
    }

    /// The ascent and descent of the font (p5.js 1.11's `textAscent()`
    /// and `textDescent()`), measured once until the font changes.
    /// `metrics` gives a font's by number. A loaded font's come from its
    /// ascender and descender; a page font's are measured in the page,
    /// where a span of its size sits in a line of the page's 16 px font
    /// (serif): whole pixels, and a descent never below that line's.
    pub(super) fn ascent_descent(&mut self, metrics: impl Fn(u32) -> Metrics) -> (f64, f64) {
        if let Some(m) = self.metrics {
            return m;
        }
        // Skia's SkScalarRoundToScalar.
        let round = |v: f64| (v + 0.5).floor();
        let measured = match &self.font {
            FontChoice::Loaded(n) => {
                let m = metrics(*n);
                let scale = self.size / m.units_per_em;
                (m.ascender * scale, m.descender * scale)
            }
            FontChoice::Page(name) => {
                let m = metrics(family(name).unwrap_or(SERIF));
                let page = metrics(SERIF);
                (
                    round(self.size * m.ascender / m.units_per_em),
                    round(self.size * m.descender / m.units_per_em)
                        .max(round(16.0 * page.descender / page.units_per_em)),
                )
            }
        };
        self.metrics = Some(measured);
        measured
    }

    /// The state as text.js reads it: an object of p5's names, the font a
    /// loaded font's number or a page font's name (and `rectCenter`, added
    /// by the native: whether a text box is centred).
    fn to_js<'js>(&self, ctx: &Ctx<'js>) -> rquickjs::Result<Object<'js>> {
        let o = Object::new(ctx.clone())?;
        match &self.font {
            FontChoice::Loaded(n) => o.set("font", *n)?,
            FontChoice::Page(name) => o.set("font", name.as_str())?,
        }
        o.set("size", self.size)?;
        o.set("leading", self.leading)?;
        o.set("style", self.style.as_str())?;
        match self.weight {
            Some(w) => o.set("weight", w)?,
            None => o.set("weight", "normal")?,
        }
        o.set("align", self.align.as_str())?;
        o.set("baseline", self.baseline.as_str())?;
        o.set("wrap", self.wrap.as_str())?;
        o.set("direction", self.direction.as_str())?;
        o.set("fillSet", self.fill_set)?;
        o.set("strokeSet", self.stroke_set)?;
        o.set("face", self.face)?;
        o.set("faceSize", self.face_size)?;
        Ok(o)
    }
}

/// The text natives that set and read the target's text state; `metrics`
/// gives a font's by number (see src/js/text.rs). A size's leading is
/// `factor` sizes, the p5 version's (1.25 in 1.x, 1.275 in 2.x).
pub(super) fn install_text_state<'js>(
    ctx: &Ctx<'js>,
    native: &Object<'js>,
    stage: &Stage,
    metrics: impl Fn(u32) -> Metrics + Clone + 'js,
) -> rquickjs::Result<()> {
    // The text state of the target, or with `canvas` the sketch's canvas's
    // (which a p5.Font's measures read, as p5's read the sketch's renderer).
    let s = stage.clone();
    set(
        ctx,
        native,
        "textState",
        move |ctx: Ctx<'js>, canvas: bool| {
            s.look_of(canvas, |look| {
                let o = look.text.to_js(&ctx)?;
                o.set("rectCenter", look.rect_mode == Mode::Center)?;
                Ok::<_, rquickjs::Error>(o)
            })
        },
    )?;
    let s = stage.clone();
    set(ctx, native, "textSize", move |size: N, factor: N| {
        s.text(|t| {
            t.set_size(size.0, factor.0);
            t.applied();
        })
    })?;
    let s = stage.clone();
    set(ctx, native, "textLeading", move |leading: N| {
        s.text(|t| {
            t.leading_set = true;
            t.leading = leading.0;
        })
    })?;
    // An unknown style is ignored; the canvas's font is set all the same.
    let s = stage.clone();
    set(ctx, native, "textStyle", move |style: String| {
        s.text(|t| {
            if ["normal", "italic", "bold", "bold italic"].contains(&style.as_str()) {
                t.style = style;
            }
            t.applied();
        })
    })?;
    let s = stage.clone();
    set(
        ctx,
        native,
        "textAlign",
        move |align: String, baseline: Option<String>| {
            s.text(|t| {
                t.align = align;
                if let Some(baseline) = baseline {
                    t.baseline = baseline;
                }
                t.applied();
            })
        },
    )?;
    let s = stage.clone();
    set(ctx, native, "textWrap", move |wrap: String| {
        s.text(|t| t.wrap = wrap)
    })?;
    // A loaded font's number, or a page font's name; a size when not 0.
    let s = stage.clone();
    set(
        ctx,
        native,
        "textFont",
        move |font: Value<'js>, size: N, factor: N| {
            let font = match font.as_number() {
                Some(n) => FontChoice::Loaded(n as u32),
                None => FontChoice::Page(font.get::<Coerced<String>>()?.0),
            };
            s.text(|t| {
                t.font = font;
                if size.0 != 0.0 && !size.0.is_nan() {
                    t.set_size(size.0, factor.0);
                }
                t.applied();
            });
            Ok::<_, rquickjs::Error>(())
        },
    )?;
    let s = stage.clone();
    set(ctx, native, "textDirection", move |direction: String| {
        s.text(|t| t.direction = direction)
    })?;
    let s = stage.clone();
    set(ctx, native, "textWeight", move |weight: N| {
        s.text(|t| {
            t.weight = Some(weight.0);
            t.applied();
        })
    })?;
    let s = stage.clone();
    let m = metrics.clone();
    set(ctx, native, "textAscent", move || {
        s.text(|t| t.ascent_descent(&m).0)
    })?;
    let s = stage.clone();
    set(ctx, native, "textDescent", move || {
        s.text(|t| t.ascent_descent(&metrics).1)
    })?;
    Ok(())
}

/// The family of a CSS font-family list: the first one known, else the
/// page's standard font (serif); `None` when the list is not CSS.
pub(super) fn family(list: &str) -> Option<u32> {
    let names = css_names(list)?;
    let known = names.iter().find_map(|name| {
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        let name = name.to_lowercase();
        FAMILIES
            .iter()
            .find(|(known, _)| *known == name)
            .map(|&(_, f)| f)
    });
    Some(known.unwrap_or(SERIF))
}

/// The names of a CSS font-family list, unquoted: each one quoted in `"`
/// or `'`, or a run of other characters without a comma; `None` when the
/// list is not one.
fn css_names(list: &str) -> Option<Vec<&str>> {
    let mut names = Vec::new();
    let mut rest = list;
    loop {
        let item = rest.trim_start();
        let (name, after) = match item.chars().next() {
            Some(q @ ('"' | '\'')) => {
                let end = item[1..].find(q)? + 1;
                (&item[1..end], item[end + 1..].trim_start())
            }
            _ => {
                // Unquoted: everything up to the comma, spaces before it
                // included (a list of spaces alone is one name).
                let end = rest.find(',').unwrap_or(rest.len());
                let name = &rest[..end];
                if name.is_empty() || name.contains(['"', '\'']) {
                    return None;
                }
                (name.trim(), &rest[end..])
            }
        };
        names.push(name);
        match after.strip_prefix(',') {
            Some(next) => rest = next,
            None if after.is_empty() => return Some(names),
            None => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_lists_name_the_first_family_known() {
        assert_eq!(family("Arial"), Some(SANS));
        assert_eq!(family("'Fancy', Courier New"), Some(MONO));
        assert_eq!(family("\"Times New Roman\", sans-serif"), Some(SERIF));
        assert_eq!(family("Unknown"), Some(SERIF));
        assert_eq!(family("   "), Some(SERIF));
        assert_eq!(family(""), None);
        assert_eq!(family("a\"b"), None);
        assert_eq!(family("\"open"), None);
        assert_eq!(family("\"a\" b"), None);
        assert_eq!(family("a,"), None);
    }

    #[test]
    fn applying_sets_the_canvas_font_from_the_rest() {
        let mut t = TextState::default();
        t.set_size(20.3, 1.25);
        t.style = "italic".into();
        t.font = FontChoice::Page("Courier New".into());
        t.metrics = Some((1.0, 2.0));
        t.applied();
        assert_eq!(
            (t.face, t.face_size, t.metrics),
            (MONO + 2, 20.296875, None)
        );
        assert_eq!(t.leading, 20.3 * 1.25);
        t.weight = Some(700.0);
        t.font = FontChoice::Loaded(12);
        t.applied();
        assert_eq!(t.face, MONO + 2, "a loaded font keeps the canvas's");
    }
}
