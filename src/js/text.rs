//! The native half of p5's text (text.js is the other): the fonts a
//! sketch can name (the bundled faces, then those `loadFont` read from the
//! sketch's folder), their metrics, widths of lines, and lines drawn.
//! Fonts are numbered: 0 to 11 are the bundled faces (see
//! `crate::p5::typeset::text::BUNDLED_FACES`), then each font loaded, in order.

use std::cell::{Cell, RefCell};
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;

use rquickjs::{Ctx, Exception, Object};

use super::bind::{set, Stage, N};
use super::files::refuse_url;
use super::record::Op;
use super::text_state::install_text_state;
use crate::folder::Folder;
use crate::p5::typeset::outline::{Cmd, TooMany};
use crate::p5::typeset::text::{Font, TextDraw, TextRun, BUNDLED_FACES};

/// The largest font file a sketch loads, in bytes (32 MiB: the largest
/// CJK fonts are about 20).
const MAX_FONT_FILE: u64 = 32 << 20;

/// The most fonts a sketch loads.
const MAX_FONTS: usize = 64;

/// The most characters one `text()` or `textWidth()` call takes: a long
/// page of text, far from what a hostile sketch would need to exhaust
/// memory.
const MAX_CHARS: usize = 100_000;

/// The most points one `font.textToPoints()` call makes: a screenful of
/// large text sampled densely (a word at 300 px with sampleFactor 1 is
/// about 10,000), so that a hostile factor can't exhaust memory or time.
const MAX_POINTS: usize = 250_000;

/// How many glyphs are kept pending before they are drawn: about 12 MiB of
/// them, so that a frame of text can't hold more.
const MAX_PENDING_GLYPHS: usize = 1 << 20;

/// Sets the text natives on `__native`. `folder` is the sketch's, the only
/// one `loadFont` reads.
pub(super) fn install_text(
    ctx: &Ctx<'_>,
    stage: &Stage,
    folder: Arc<Folder>,
) -> rquickjs::Result<()> {
    let native: Object = ctx.globals().get("__native")?;
    let fonts: Rc<RefCell<Vec<Arc<Font>>>> = Rc::new(RefCell::new(
        (0..BUNDLED_FACES).map(Font::bundled).collect(),
    ));
    let font = {
        let fonts = fonts.clone();
        move |ctx: &Ctx<'_>, n: f64| -> rquickjs::Result<Arc<Font>> {
            let fonts = fonts.borrow();
            match fonts.get(n as usize) {
                Some(font) if n >= 0.0 && n.fract() == 0.0 => Ok(font.clone()),
                _ => Err(Exception::throw_message(
                    ctx,
                    &format!("no font number {n}"),
                )),
            }
        }
    };

    // A loaded font's number is text.js's, always one of `fonts`.
    let all = fonts.clone();
    let metrics = move |n: u32| {
        let all = all.borrow();
        all.get(n as usize).unwrap_or(&all[0]).metrics()
    };
    install_text_state(ctx, &native, stage, metrics)?;

    let f = font.clone();
    set(ctx, &native, "fontMetrics", move |ctx: Ctx<'_>, n: N| {
        let m = f(&ctx, n.0)?.metrics();
        Ok::<_, rquickjs::Error>(vec![
            m.units_per_em,
            m.ascender,
            m.descender,
            m.typo_ascender,
            m.typo_descender,
            m.cap_height,
        ])
    })?;

    let f = font.clone();
    set(
        ctx,
        &native,
        "textWidth",
        move |ctx: Ctx<'_>, n: N, size: N, text: String| {
            let font = f(&ctx, n.0)?;
            bounded(&ctx, "textWidth", &text)?;
            Ok::<_, rquickjs::Error>(
                font.shape(&text).advance * size.0 / font.metrics().units_per_em,
            )
        },
    )?;

    let f = font.clone();
    set(
        ctx,
        &native,
        "textInk",
        move |ctx: Ctx<'_>, n: N, size: N, text: String| {
            let font = f(&ctx, n.0)?;
            bounded(&ctx, "textWidth", &text)?;
            let ink = font.ink(&text, size.0);
            Ok::<_, rquickjs::Error>(vec![
                ink.advance,
                ink.left,
                ink.right,
                ink.ascent,
                ink.descent,
            ])
        },
    )?;

    let f = font.clone();
    set(
        ctx,
        &native,
        "textPaths",
        move |ctx: Ctx<'_>, n: N, line: String| {
            let font = f(&ctx, n.0)?;
            bounded(&ctx, "textToPaths", &line)?;
            Ok::<_, rquickjs::Error>(typr_paths(&font, &line))
        },
    )?;

    let f = font.clone();
    set(
        ctx,
        &native,
        "textPoints",
        move |ctx: Ctx<'_>, n: N, line: String, numbers: Vec<f64>, used: N| {
            let font = f(&ctx, n.0)?;
            bounded(&ctx, "textToPoints", &line)?;
            let &[x, y, size, sample_factor, simplify] = numbers.as_slice() else {
                return Err(Exception::throw_message(&ctx, "textPoints: five numbers"));
            };
            let sampling = (sample_factor, simplify);
            let points = font
                .line_points(&line, (x, y, size), sampling, (used.0 as usize, MAX_POINTS))
                .map_err(|TooMany| {
                    let why = format!(
                        "font.textToPoints(): more than {MAX_POINTS} points (sampleFactor \
                         {sample_factor}); whalegen makes at most {MAX_POINTS} in one call"
                    );
                    Exception::throw_message(&ctx, &why)
                })?;
            Ok::<_, rquickjs::Error>(
                points
                    .iter()
                    .flat_map(|p| [p.x, p.y, p.alpha])
                    .collect::<Vec<f64>>(),
            )
        },
    )?;

    let f = font.clone();
    set(
        ctx,
        &native,
        "textGlyphs",
        move |ctx: Ctx<'_>, n: N, text: String| {
            let font = f(&ctx, n.0)?;
            bounded(&ctx, "textBounds", &text)?;
            let glyphs = font.line_glyphs(&text);
            Ok::<_, rquickjs::Error>(
                glyphs
                    .iter()
                    .flat_map(|g| {
                        let [x_min, x_max, y_min, y_max] = g.bounds;
                        [
                            f64::from(g.id),
                            g.advance,
                            g.kerning,
                            x_min,
                            x_max,
                            y_min,
                            y_max,
                        ]
                    })
                    .collect::<Vec<f64>>(),
            )
        },
    )?;

    let s = stage.clone();
    let pending = Cell::new(0usize);
    set(
        ctx,
        &native,
        "text",
        move |ctx: Ctx<'_>, n: N, size: N, text: String, place: Vec<f64>, flags: Vec<bool>| {
            let font = font(&ctx, n.0)?;
            bounded(&ctx, "text", &text)?;
            let &[x, y, align] = place.as_slice() else {
                return Err(Exception::throw_message(&ctx, "text: x, y and alignment"));
            };
            let &[canvas, fill_set, stroke_set] = flags.as_slice() else {
                return Err(Exception::throw_message(&ctx, "text: three flags"));
            };
            // The canvas shapes any font as the browser does (p5.js 2
            // draws a loaded font so).
            let shaped = if canvas {
                font.shape_browser(&text)
            } else {
                font.shape(&text)
            };
            let width = shaped.advance * size.0 / font.metrics().units_per_em;
            pending.set(pending.get() + shaped.glyphs.len());
            let run = TextRun {
                font,
                size: size.0,
                shaped,
                origin: (x - width * align, y),
                draw: if canvas {
                    TextDraw::Canvas
                } else {
                    TextDraw::Outline
                },
                fill_set,
                stroke_set,
            };
            s.draw(&ctx, Op::Text(Arc::new(run)))?;
            if pending.get() > MAX_PENDING_GLYPHS {
                s.flush();
                pending.set(0);
            }
            Ok(())
        },
    )?;

    set(
        ctx,
        &native,
        "loadFont",
        move |ctx: Ctx<'_>, path: String| {
            let mut fonts = fonts.borrow_mut();
            if fonts.len() >= BUNDLED_FACES + MAX_FONTS {
                let why = format!("loadFont({path:?}): a sketch loads at most {MAX_FONTS} fonts");
                return Err(Exception::throw_message(&ctx, &why));
            }
            let font =
                load_font(&folder, &path).map_err(|why| Exception::throw_message(&ctx, &why))?;
            fonts.push(Arc::new(font));
            Ok(fonts.len() - 1)
        },
    )
}

/// Throws when `text` is longer than `MAX_CHARS` characters.
fn bounded(ctx: &Ctx<'_>, call: &str, text: &str) -> rquickjs::Result<()> {
    let chars = text.chars().count();
    if chars > MAX_CHARS {
        let why = format!(
            "{call}(): a string of {chars} characters; whalegen draws at most {MAX_CHARS} in one call"
        );
        return Err(Exception::throw_message(ctx, &why));
    }
    Ok(())
}

/// The font in the file `path` inside `folder`, or why not, in a line that
/// names the call and the file.
fn load_font(folder: &Folder, path: &str) -> Result<Font, String> {
    let call = format!("loadFont({path:?})");
    refuse_url(&call, path)?;
    let lower = path.to_ascii_lowercase();
    if !(lower.ends_with(".ttf") || lower.ends_with(".otf")) {
        return Err(format!("{call}: whalegen loads .ttf and .otf fonts"));
    }
    let data = folder
        .read(Path::new(path), "path", MAX_FONT_FILE)
        .map_err(|e| format!("{call}: {}", e.chain()))?;
    let file = folder.path().join(path);
    Font::parse(data).map_err(|why| format!("{call}: {}: {why}", file.display()))
}

/// The path of `line` in `font` as p5.js 2 makes it (Typr.js's glyph
/// paths, shaped as the browser shapes the line), flat for text.js: each
/// command a code (0 move, 1 line, 2 quadratic, 3 cubic, 4 close) and its
/// points, in font units from the line's origin, y up.
fn typr_paths(font: &Font, line: &str) -> Vec<f64> {
    let mut flat = Vec::new();
    for glyph in font.shape_browser(line).glyphs {
        let (gx, gy) = (f64::from(glyph.x), f64::from(glyph.y));
        for cmd in font.typr_glyph_path(glyph.id) {
            let (code, points) = match cmd {
                Cmd::Move(x, y) => (0.0, vec![x, y]),
                Cmd::Line(x, y) => (1.0, vec![x, y]),
                Cmd::Quad(x1, y1, x, y) => (2.0, vec![x1, y1, x, y]),
                Cmd::Cubic(x1, y1, x2, y2, x, y) => (3.0, vec![x1, y1, x2, y2, x, y]),
                Cmd::Close => (4.0, vec![]),
            };
            flat.push(code);
            flat.extend(points.chunks(2).flat_map(|p| [p[0] + gx, p[1] + gy]));
        }
    }
    flat
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_are_read_from_inside_the_folder_only() {
        let dir = tempfile::tempdir().unwrap();
        let sans =
            std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans.ttf"));
        std::fs::write(dir.path().join("a.ttf"), sans.unwrap()).unwrap();
        std::fs::write(dir.path().join("broken.ttf"), b"no font").unwrap();
        let folder = Folder::open(dir.path()).unwrap();
        assert!(load_font(&folder, "a.ttf").is_ok());
        for (path, needle) in [
            ("https://example.com/a.ttf", "a URL"),
            ("../a.ttf", "`..` is not allowed"),
            ("/etc/a.ttf", "absolute path"),
            ("missing.ttf", "missing.ttf"),
            ("broken.ttf", "broken.ttf: not a TrueType or OpenType font"),
            ("a.woff", ".ttf and .otf"),
        ] {
            let err = load_font(&folder, path).unwrap_err();
            assert!(
                err.starts_with(&format!("loadFont({path:?}): ")) && err.contains(needle),
                "{path}: {err}"
            );
        }
    }
}
