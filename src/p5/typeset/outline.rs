//! A loaded font's glyphs as p5.js 1.11 sees them through opentype.js: the
//! path of each glyph (a TrueType contour starts where opentype.js starts
//! it, which is not where ttf-parser does, and that moves every point p5
//! samples along it), `textToPoints`' points along those paths, and the
//! boxes `textBounds` adds up. p5 samples with Raphaël's path maths: every
//! segment a cubic, lengths by 12-point Gauss-Legendre quadrature, a point
//! at a length found by bisection to 0.01 units; the arithmetic here is done
//! in the same order, so that the points are p5's to the last digits.

use std::cell::Cell;
use std::collections::HashMap;

use rustybuzz::ttf_parser::{loca, GlyphId, OutlineBuilder, Tag};

use super::text::Font;

/// A command of a glyph's path, in font units, y up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cmd {
    Move(f64, f64),
    Line(f64, f64),
    Quad(f64, f64, f64, f64),
    Cubic(f64, f64, f64, f64, f64, f64),
    Close,
}

/// The most points of a glyph's outline, composites included: far more
/// than any real glyph has (a few hundred), so that a font whose
/// composites nest and repeat can't make millions.
const MAX_GLYPH_POINTS: usize = 1 << 16;

/// How deep composite glyphs nest (real fonts: 2 or 3). opentype.js would
/// recurse forever on a composite that holds itself.
const MAX_NESTING: u8 = 8;

/// How many glyphs one glyph's outline may be put together from (each
/// component counts, at any depth): a font whose composites hold many
/// empty composites can't make the reading endless.
const MAX_COMPONENTS: usize = 4096;

/// How many halvings the search for a point at a length makes at most:
/// p5's never ends when 0.01 units is below the precision of the lengths
/// (a font size of about 1e14), and needs about 20 at real sizes.
const MAX_BISECTIONS: u32 = 100;

impl Font {
    /// Glyph `id`'s path as opentype.js makes it: a TrueType glyph's from
    /// its points (composites put together as opentype.js does), another's
    /// (CFF) as ttf-parser reads it. Empty for a glyph without outline or
    /// one that doesn't parse.
    pub fn glyph_path(&self, id: u16) -> Vec<Cmd> {
        self.glyph_path_by(id, path_of)
    }

    /// Glyph `id`'s path: a TrueType glyph's points (composites put
    /// together as opentype.js does) made a path by `path_of`, another's
    /// (CFF) as ttf-parser reads it; empty for a glyph without outline or
    /// one that doesn't parse.
    pub(in crate::p5) fn glyph_path_by(
        &self,
        id: u16,
        path_of: fn(&[Point]) -> Vec<Cmd>,
    ) -> Vec<Cmd> {
        let face = self.face();
        let raw = face.raw_face();
        let glyf = raw.table(Tag::from_bytes(b"glyf"));
        let loca = raw.table(Tag::from_bytes(b"loca")).and_then(|data| {
            loca::Table::parse(
                face.tables().maxp.number_of_glyphs,
                face.tables().head.index_to_location_format,
                data,
            )
        });
        let (Some(glyf), Some(loca)) = (glyf, loca) else {
            let mut recorder = Recorder(Vec::new());
            face.outline_glyph(GlyphId(id), &mut recorder);
            return recorder.0;
        };
        let glyphs = Glyphs {
            glyf,
            loca,
            components: Cell::new(0),
        };
        let mut points = Vec::new();
        if glyphs.points(id, 0, &mut points).is_none() {
            return Vec::new();
        }
        path_of(&points)
    }

    /// The advance width of glyph `id`, in font units (`hmtx`).
    pub fn advance(&self, id: u16) -> f64 {
        f64::from(self.face().glyph_hor_advance(GlyphId(id)).unwrap_or(0))
    }

    /// opentype.js's `getMetrics()` of glyph `id`, in font units: the box of
    /// its path's points, control points included, as `[x_min, x_max,
    /// y_min, y_max]`; for a glyph without outline, 0 to its advance across
    /// and 0 up and down.
    pub fn glyph_box(&self, id: u16) -> [f64; 4] {
        let mut b = [
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        let mut add = |x: f64, y: f64| {
            b = [b[0].min(x), b[1].max(x), b[2].min(y), b[3].max(y)];
        };
        for cmd in self.glyph_path(id) {
            match cmd {
                Cmd::Move(x, y) | Cmd::Line(x, y) => add(x, y),
                Cmd::Quad(x1, y1, x, y) => {
                    add(x, y);
                    add(x1, y1);
                }
                Cmd::Cubic(x1, y1, x2, y2, x, y) => {
                    add(x, y);
                    add(x1, y1);
                    add(x2, y2);
                }
                Cmd::Close => {}
            }
        }
        let or = |v: f64, other: f64| if v.is_finite() { v } else { other };
        [
            or(b[0], 0.0),
            or(b[1], self.advance(id)),
            or(b[2], 0.0),
            or(b[3], 0.0),
        ]
    }
}

/// ttf-parser's outline of a glyph, kept as commands.
struct Recorder(Vec<Cmd>);

impl OutlineBuilder for Recorder {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.push(Cmd::Move(x.into(), y.into()));
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.push(Cmd::Line(x.into(), y.into()));
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0
            .push(Cmd::Quad(x1.into(), y1.into(), x.into(), y.into()));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let c = |v: f32| f64::from(v);
        self.0
            .push(Cmd::Cubic(c(x1), c(y1), c(x2), c(y2), c(x), c(y)));
    }
    fn close(&mut self) {
        self.0.push(Cmd::Close);
    }
}

/// A TrueType point, as opentype.js keeps it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::p5) struct Point {
    pub(in crate::p5) x: f64,
    pub(in crate::p5) y: f64,
    pub(in crate::p5) on_curve: bool,
    pub(in crate::p5) last_of_contour: bool,
}

/// Big-endian numbers read from a glyph's bytes; `None` past their end.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let bytes = self.data.get(self.at..self.at + N)?;
        self.at += N;
        bytes.try_into().ok()
    }
    fn u8(&mut self) -> Option<u8> {
        Some(self.take::<1>()?[0])
    }
    fn i8(&mut self) -> Option<i8> {
        Some(i8::from_be_bytes(self.take()?))
    }
    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_be_bytes(self.take()?))
    }
    fn i16(&mut self) -> Option<i16> {
        Some(i16::from_be_bytes(self.take()?))
    }
    /// A 2.14 fixed-point number.
    fn f2dot14(&mut self) -> Option<f64> {
        Some(f64::from(self.i16()?) / 16384.0)
    }
}

/// The `glyf` table and its index, and how many components the glyph
/// being read has so far.
struct Glyphs<'a> {
    glyf: &'a [u8],
    loca: loca::Table<'a>,
    components: Cell<usize>,
}

/// A component of a composite glyph, as opentype.js reads it: its 2x2
/// matrix (named as opentype.js names it) and offset, or the points it is
/// matched by.
struct Component {
    glyph: u16,
    x_scale: f64,
    scale01: f64,
    scale10: f64,
    y_scale: f64,
    dx: f64,
    dy: f64,
    matched: Option<(usize, usize)>,
}

impl Component {
    fn apply(&self, p: &Point, dx: f64, dy: f64) -> Point {
        Point {
            x: self.x_scale * p.x + self.scale01 * p.y + dx,
            y: self.scale10 * p.x + self.y_scale * p.y + dy,
            ..*p
        }
    }
}

impl Glyphs<'_> {
    /// Appends glyph `id`'s points to `out`; `None` when its bytes are
    /// broken or it is too large. A glyph without outline adds none.
    fn points(&self, id: u16, depth: u8, out: &mut Vec<Point>) -> Option<()> {
        let Some(range) = self.loca.glyph_range(GlyphId(id)) else {
            return Some(());
        };
        let mut b = Bytes {
            data: self.glyf.get(range)?,
            at: 0,
        };
        let contours = b.i16()?;
        b.take::<8>()?;
        if contours >= 0 {
            return simple(&mut b, contours as usize, out);
        }
        if depth >= MAX_NESTING {
            return None;
        }
        for c in components(&mut b)? {
            self.components.set(self.components.get() + 1);
            if self.components.get() > MAX_COMPONENTS {
                return None;
            }
            let mut points = Vec::new();
            self.points(c.glyph, depth + 1, &mut points)?;
            let (dx, dy) = match c.matched {
                None => (c.dx, c.dy),
                Some((mine, theirs)) => {
                    let (Some(first), Some(second)) = (out.get(mine), points.get(theirs)) else {
                        continue;
                    };
                    let second = c.apply(second, 0.0, 0.0);
                    (first.x - second.x, first.y - second.y)
                }
            };
            out.extend(points.iter().map(|p| c.apply(p, dx, dy)));
            if out.len() > MAX_GLYPH_POINTS {
                return None;
            }
        }
        Some(())
    }
}

/// A simple glyph of `contours` contours, after its box: its points.
fn simple(b: &mut Bytes<'_>, contours: usize, out: &mut Vec<Point>) -> Option<()> {
    if contours == 0 {
        return Some(());
    }
    let ends = (0..contours)
        .map(|_| b.u16().map(usize::from))
        .collect::<Option<Vec<_>>>()?;
    let instructions = usize::from(b.u16()?);
    b.at += instructions;
    let count = ends[contours - 1] + 1;
    let mut flags = Vec::with_capacity(count);
    while flags.len() < count {
        let flag = b.u8()?;
        flags.push(flag);
        if flag & 8 != 0 {
            let repeat = b.u8()?;
            flags.extend(std::iter::repeat_n(flag, usize::from(repeat)));
        }
    }
    if flags.len() != count || out.len() + count > MAX_GLYPH_POINTS {
        return None;
    }
    // Each coordinate is the last plus a byte (the sign in the flag), plus a
    // word, or the same.
    let mut coordinates = |short: u8, same: u8| -> Option<Vec<f64>> {
        let mut v = 0.0;
        let mut all = Vec::with_capacity(count);
        for &flag in &flags {
            if flag & short != 0 {
                let d = f64::from(b.u8()?);
                v += if flag & same != 0 { d } else { -d };
            } else if flag & same == 0 {
                v += f64::from(b.i16()?);
            }
            all.push(v);
        }
        Some(all)
    };
    let xs = coordinates(2, 16)?;
    let ys = coordinates(4, 32)?;
    for (i, flag) in flags.iter().enumerate() {
        out.push(Point {
            x: xs[i],
            y: ys[i],
            on_curve: flag & 1 != 0,
            last_of_contour: ends.contains(&i),
        });
    }
    Some(())
}

/// A composite glyph's components, after its box.
fn components(b: &mut Bytes<'_>) -> Option<Vec<Component>> {
    let mut all = Vec::new();
    loop {
        let flags = b.u16()?;
        let glyph = b.u16()?;
        let (mut dx, mut dy, mut matched) = (0.0, 0.0, None);
        match (flags & 1 != 0, flags & 2 != 0) {
            (true, true) => (dx, dy) = (f64::from(b.i16()?), f64::from(b.i16()?)),
            (true, false) => matched = Some((usize::from(b.u16()?), usize::from(b.u16()?))),
            (false, true) => (dx, dy) = (f64::from(b.i8()?), f64::from(b.i8()?)),
            (false, false) => matched = Some((usize::from(b.u8()?), usize::from(b.u8()?))),
        }
        let (mut x_scale, mut scale01, mut scale10, mut y_scale) = (1.0, 0.0, 0.0, 1.0);
        if flags & 8 != 0 {
            x_scale = b.f2dot14()?;
            y_scale = x_scale;
        } else if flags & 64 != 0 {
            x_scale = b.f2dot14()?;
            y_scale = b.f2dot14()?;
        } else if flags & 128 != 0 {
            x_scale = b.f2dot14()?;
            scale01 = b.f2dot14()?;
            scale10 = b.f2dot14()?;
            y_scale = b.f2dot14()?;
        }
        all.push(Component {
            glyph,
            x_scale,
            scale01,
            scale10,
            y_scale,
            dx,
            dy,
            matched,
        });
        if flags & 32 == 0 || all.len() > MAX_COMPONENTS {
            return Some(all);
        }
    }
}

/// The quadratic through `curr`, a point off the curve, to `next` when
/// that is on it, else to the implied point `mid` puts between them.
pub(in crate::p5) fn quad_through(
    curr: &Point,
    next: &Point,
    mid: impl Fn(&Point, &Point) -> (f64, f64),
) -> Cmd {
    let (x, y) = if next.on_curve {
        (next.x, next.y)
    } else {
        mid(curr, next)
    };
    Cmd::Quad(curr.x, curr.y, x, y)
}

/// opentype.js's path of TrueType points: each contour starts at its last
/// point when that is on the curve, else at its first when that is, else
/// between the two; then a line to each point on the curve and a quadratic
/// through each point off it, and a close.
fn path_of(points: &[Point]) -> Vec<Cmd> {
    let mid = |a: &Point, b: &Point| ((a.x + b.x) * 0.5, (a.y + b.y) * 0.5);
    let mut path = Vec::new();
    let contours = points.split_inclusive(|p| p.last_of_contour);
    for contour in contours.filter(|c| c.last().is_some_and(|p| p.last_of_contour)) {
        let n = contour.len();
        let (first, last) = (&contour[0], &contour[n - 1]);
        let (x, y) = if last.on_curve {
            (last.x, last.y)
        } else if first.on_curve {
            (first.x, first.y)
        } else {
            mid(last, first)
        };
        path.push(Cmd::Move(x, y));
        for (i, curr) in contour.iter().enumerate() {
            let next = &contour[(i + 1) % n];
            if curr.on_curve {
                path.push(Cmd::Line(curr.x, curr.y));
            } else {
                path.push(quad_through(curr, next, mid));
            }
        }
        path.push(Cmd::Close);
    }
    path
}

/// A point p5's `textToPoints` gives: where, and the path's angle there in
/// degrees.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathPoint {
    pub x: f64,
    pub y: f64,
    pub alpha: f64,
}

/// A cubic segment: start, two control points, end.
type Cubic = [f64; 8];

/// `path` (of one glyph, in font units) placed as opentype.js's
/// `glyph.getPath(x, y, size)` places it, then as Raphaël's `path2curve`
/// sees it: one list of cubics per contour (lines and the closing line
/// are cubics with their ends as control points).
pub fn contours(path: &[Cmd], x: f64, y: f64, scale: f64) -> Vec<Vec<Cubic>> {
    let at = |px: f64, py: f64| (x + px * scale, y + -py * scale);
    let mut all: Vec<Vec<Cubic>> = Vec::new();
    let (mut cur, mut start) = ((0.0, 0.0), (0.0, 0.0));
    let line = |(ax, ay): (f64, f64), (bx, by): (f64, f64)| [ax, ay, ax, ay, bx, by, bx, by];
    for cmd in path {
        let seg = match *cmd {
            Cmd::Move(px, py) => {
                cur = at(px, py);
                start = cur;
                all.push(Vec::new());
                continue;
            }
            Cmd::Line(px, py) => line(cur, at(px, py)),
            Cmd::Quad(qx, qy, px, py) => {
                let (a, e) = (at(qx, qy), at(px, py));
                let (third, two_thirds) = (1.0 / 3.0, 2.0 / 3.0);
                [
                    cur.0,
                    cur.1,
                    third * cur.0 + two_thirds * a.0,
                    third * cur.1 + two_thirds * a.1,
                    third * e.0 + two_thirds * a.0,
                    third * e.1 + two_thirds * a.1,
                    e.0,
                    e.1,
                ]
            }
            Cmd::Cubic(ax, ay, bx, by, px, py) => {
                let (a, b, e) = (at(ax, ay), at(bx, by), at(px, py));
                [cur.0, cur.1, a.0, a.1, b.0, b.1, e.0, e.1]
            }
            Cmd::Close => line(cur, start),
        };
        cur = (seg[6], seg[7]);
        if let Some(contour) = all.last_mut() {
            contour.push(seg);
        }
    }
    all
}

impl Font {
    /// p5's `textToPoints` of one line, at `x`, `y` (its baseline), `size`
    /// units to the em: each glyph's contours sampled where opentype.js
    /// puts the glyph at the line's start, then moved along by the advances
    /// before it (its ligatures made, unkerned, as p5 does). `used` points are made already; at
    /// most `bound` in all.
    pub fn line_points(
        &self,
        line: &str,
        (x, y, size): (f64, f64, f64),
        (sample_factor, simplify): (f64, f64),
        (used, bound): (usize, usize),
    ) -> Result<Vec<PathPoint>, TooMany> {
        let scale = 1.0 / self.metrics().units_per_em * size;
        let mut points = Vec::new();
        let mut along = 0.0;
        let mut paths = HashMap::new();
        for glyph in super::opentype::layout(&self.face(), line, true) {
            let path = paths
                .entry(glyph.id)
                .or_insert_with(|| self.glyph_path(glyph.id));
            for contour in contours(path, x, y, scale) {
                let left = bound.saturating_sub(used + points.len());
                let made = contour_points(&contour, sample_factor, simplify, left)?;
                points.extend(made.into_iter().map(|p| PathPoint {
                    x: p.x + along,
                    ..p
                }));
            }
            along += glyph.advance * scale;
        }
        Ok(points)
    }

    /// What `textBounds` reads of each glyph of `text` as opentype.js lays
    /// it out: its number, advance and the kerning after it (font units),
    /// and its box (`glyph_box`).
    pub fn line_glyphs(&self, text: &str) -> Vec<GlyphBox> {
        let mut boxes = HashMap::new();
        super::opentype::layout(&self.face(), text, true)
            .iter()
            .map(|g| GlyphBox {
                id: g.id,
                advance: g.advance,
                kerning: g.kerning,
                bounds: *boxes.entry(g.id).or_insert_with(|| self.glyph_box(g.id)),
            })
            .collect()
    }
}

/// A glyph of a line, for `textBounds`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GlyphBox {
    /// The glyph's number in the font (0: none for the character).
    pub id: u16,
    /// Its advance width, in font units.
    pub advance: f64,
    /// The kerning between it and the next, in font units.
    pub kerning: f64,
    /// Its box: x min, x max, y min, y max, in font units, y up.
    pub bounds: [f64; 4],
}

/// One coordinate's derivative along a cubic, at `t` (Raphaël's `base3`).
fn base3(t: f64, p1: f64, p2: f64, p3: f64, p4: f64) -> f64 {
    let t1 = -3.0 * p1 + 9.0 * p2 - 9.0 * p3 + 3.0 * p4;
    let t2 = t * t1 + 6.0 * p1 - 12.0 * p2 + 6.0 * p3;
    t * t2 - 3.0 * p1 + 3.0 * p2
}

/// The length of a cubic from 0 to `z` (0..=1), by Raphaël's 12-point
/// quadrature, its nodes and weights to 4 digits.
fn length(c: &Cubic, z: f64) -> f64 {
    const NODES: [f64; 6] = [0.1252, 0.3678, 0.5873, 0.7699, 0.9041, 0.9816];
    const WEIGHTS: [f64; 6] = [0.2491, 0.2335, 0.2032, 0.1601, 0.1069, 0.0472];
    let z = z.clamp(0.0, 1.0);
    let half = z / 2.0;
    let mut sum = 0.0;
    for (node, weight) in NODES.iter().zip(WEIGHTS) {
        for t in [-node, *node] {
            let ct = half * t + half;
            let dx = base3(ct, c[0], c[2], c[4], c[6]);
            let dy = base3(ct, c[1], c[3], c[5], c[7]);
            sum += weight * (dx * dx + dy * dy).sqrt();
        }
    }
    half * sum
}

/// Where along a cubic its length from the start is `wanted`: halving
/// steps from the middle until the length is within 0.01; `None` (p5's
/// undefined) for a length outside it.
fn t_at_length(c: &Cubic, whole: f64, wanted: f64) -> Option<f64> {
    if wanted < 0.0 || whole < wanted {
        return None;
    }
    let mut step = 0.5;
    let mut t = 0.5;
    let mut l = length(c, t);
    for _ in 0..MAX_BISECTIONS {
        if (l - wanted).abs() <= 0.01 {
            break;
        }
        step /= 2.0;
        t += if l < wanted { step } else { -step };
        l = length(c, t);
    }
    Some(t)
}

/// The point of a cubic at `t`, with p5's angle of the path there
/// (Raphaël's `findDotsAtSegment`); NaN for no `t`.
fn point_at(c: &Cubic, t: Option<f64>) -> PathPoint {
    let t = t.unwrap_or(f64::NAN);
    let t1 = 1.0 - t;
    let (t13, t12) = (t1.powf(3.0), t1.powf(2.0));
    let t2 = t * t;
    let t3 = t2 * t;
    let along = |p1: f64, c1: f64, c2: f64, p2: f64| {
        t13 * p1 + t12 * 3.0 * t * c1 + t1 * 3.0 * t * t * c2 + t3 * p2
    };
    let (mx, my) = (
        c[0] + 2.0 * t * (c[2] - c[0]) + t2 * (c[4] - 2.0 * c[2] + c[0]),
        c[1] + 2.0 * t * (c[3] - c[1]) + t2 * (c[5] - 2.0 * c[3] + c[1]),
    );
    let (nx, ny) = (
        c[2] + 2.0 * t * (c[4] - c[2]) + t2 * (c[6] - 2.0 * c[4] + c[2]),
        c[3] + 2.0 * t * (c[5] - c[3]) + t2 * (c[7] - 2.0 * c[5] + c[3]),
    );
    let mut alpha = 90.0 - (mx - nx).atan2(my - ny) * 180.0 / std::f64::consts::PI;
    if mx > nx || my < ny {
        alpha += 180.0;
    }
    PathPoint {
        x: along(c[0], c[2], c[4], c[6]),
        y: along(c[1], c[3], c[5], c[7]),
        alpha,
    }
}

/// Why a contour's points are not made: there would be more than the
/// bound given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooMany;

/// p5's `pathToPoints` of one contour: a point every `1 / sample_factor`
/// units of its length (as p5 steps, `length / (length * sample_factor)`
/// added up from 0), then, for a `simplify` angle that is not 0, the
/// points where the path turns by less dropped. At most `bound` points.
pub fn contour_points(
    contour: &[Cubic],
    sample_factor: f64,
    simplify: f64,
    bound: usize,
) -> Result<Vec<PathPoint>, TooMany> {
    let lengths: Vec<f64> = contour.iter().map(|c| length(c, 1.0)).collect();
    let total = lengths.iter().fold(0.0, |sum, l| sum + l);
    let step = total / (total * sample_factor);
    let mut count = 0usize;
    let mut at = 0.0;
    while at < total {
        count += 1;
        if count > bound {
            return Err(TooMany);
        }
        at += step;
    }
    let mut points = Vec::with_capacity(count);
    // The segment the last point was on, and the length before it: the
    // points come in order along the contour.
    let (mut seg, mut before) = (0, 0.0);
    let mut at = 0.0;
    while at < total {
        while seg < contour.len() && before + lengths[seg] <= at {
            before += lengths[seg];
            seg += 1;
        }
        points.push(match contour.get(seg) {
            Some(c) => point_at(c, t_at_length(c, lengths[seg], at - before)),
            None => point_at(&contour[contour.len() - 1], Some(1.0)),
        });
        at += step;
    }
    if simplify != 0.0 {
        drop_straight(&mut points, simplify);
    }
    Ok(points)
}

/// p5's `simplify`: from the last point back, a point where the path turns
/// by less than `angle` radians from the one before to the one after
/// (around the contour) is removed, while more than 3 are left.
fn drop_straight(points: &mut Vec<PathPoint>, angle: f64) {
    let mut i = points.len() as isize - 1;
    while points.len() > 3 && i >= 0 {
        let n = points.len() as isize;
        let at = |k: isize| points[k.rem_euclid(n) as usize];
        let (a, b, c) = (at(i - 1), at(i), at(i + 1));
        let (abx, aby, bcx, bcy) = (b.x - a.x, b.y - a.y, c.x - b.x, c.y - b.y);
        let dot = abx * bcx + aby * bcy;
        let turn = (dot / ((abx * abx + aby * aby).sqrt() * (bcx * bcx + bcy * bcy).sqrt())).acos();
        if turn < angle {
            points.remove((i % n) as usize);
        }
        i -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(x: f64, y: f64, last: bool) -> Point {
        Point {
            x,
            y,
            on_curve: true,
            last_of_contour: last,
        }
    }

    #[test]
    fn a_contour_starts_where_opentype_js_starts_it() {
        let off = |x, y, last| Point {
            on_curve: false,
            ..on(x, y, last)
        };
        // The last point on the curve: there, and a line to every point.
        let square = [
            on(0.0, 0.0, false),
            on(10.0, 0.0, false),
            on(10.0, 10.0, true),
        ];
        assert_eq!(
            path_of(&square),
            [
                Cmd::Move(10.0, 10.0),
                Cmd::Line(0.0, 0.0),
                Cmd::Line(10.0, 0.0),
                Cmd::Line(10.0, 10.0),
                Cmd::Close
            ]
        );
        // Both ends off the curve: between them; two points off in a row
        // meet half-way.
        let round = [
            off(0.0, 0.0, false),
            off(10.0, 0.0, false),
            on(10.0, 10.0, false),
            off(0.0, 10.0, true),
        ];
        assert_eq!(
            path_of(&round),
            [
                Cmd::Move(0.0, 5.0),
                Cmd::Quad(0.0, 0.0, 5.0, 0.0),
                Cmd::Quad(10.0, 0.0, 10.0, 10.0),
                Cmd::Line(10.0, 10.0),
                Cmd::Quad(0.0, 10.0, 0.0, 5.0),
                Cmd::Close
            ]
        );
    }

    #[test]
    fn points_are_spaced_along_the_length_with_the_path_angle() {
        // A 100-unit line, closed: 200 units, a point every 10.
        let path = [Cmd::Move(0.0, 0.0), Cmd::Line(100.0, 0.0), Cmd::Close];
        let contour = &contours(&path, 5.0, 50.0, 1.0)[0];
        let points = contour_points(contour, 0.1, 0.0, 1000).unwrap();
        assert_eq!(points.len(), 20);
        assert!((points[3].x - 35.0).abs() < 0.02 && points[3].y == 50.0);
        assert!((points[13].x - 75.0).abs() < 0.02);
        // p5 gives both directions of a level line 180 degrees.
        assert_eq!((points[3].alpha, points[13].alpha), (180.0, 180.0));
        // Straight runs simplified away: the ends of the line and one more.
        let simplified = contour_points(contour, 0.1, 0.1, 1000).unwrap();
        assert_eq!(simplified.len(), 3);
        assert_eq!(contour_points(contour, 0.1, 0.0, 19), Err(TooMany));
        // A negative factor would step backwards forever.
        assert_eq!(contour_points(contour, -1.0, 0.0, 1000), Err(TooMany));
    }
}
