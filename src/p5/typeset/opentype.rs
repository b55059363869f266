//! A line of a loaded font laid out as opentype.js 1.3 (p5.js 1.11's) lays
//! it out, which is not as a browser does: each character's glyph from
//! `cmap`, only the `liga` and `rlig` ligatures of the font's default script
//! (`DFLT`, else `latn`), matched in opentype.js's order, and only the pair
//! kerning of that script's `kern` feature (or, without `GPOS`, of the first
//! `kern` subtable), from lookups that are not extension lookups. A font
//! whose `DFLT` script has no features is not kerned at all, where a
//! browser kerns it by its `latn` script; one whose kerning is in extension
//! lookups (as large fonts' often is) neither.
//!
//! That is opentype.js's default; p5 asks for it when it measures a line
//! (`textWidth`, `textBounds`, the alignment of `text()`) and for the glyphs
//! of `textToPoints`, but `text()` draws with options of its own, which
//! turn both off: a loaded font is drawn unkerned, without ligatures, where
//! its kerned width places it.

use std::collections::HashMap;

use rustybuzz::ttf_parser::gpos::{PairAdjustment, PositioningSubtable};
use rustybuzz::ttf_parser::gsub::SubstitutionSubtable;
use rustybuzz::ttf_parser::kern::Format;
use rustybuzz::ttf_parser::opentype_layout::{Coverage, LayoutTable, LookupSubtable};
use rustybuzz::ttf_parser::{Face, GlyphId, Tag};

/// A glyph of a line: its number, its advance width and the kerning
/// between it and the next, in font units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub id: u16,
    pub advance: f64,
    pub kerning: f64,
}

/// `text`'s glyphs in `face`, as opentype.js's `forEachGlyph` places them
/// by default (`features`: ligatures and kerning), or with neither.
pub fn layout(face: &Face<'_>, text: &str, features: bool) -> Vec<Placed> {
    let ids: Vec<u16> = text
        .chars()
        .map(|c| face.glyph_index(c).map_or(0, |g| g.0))
        .collect();
    let ids = match face.tables().gsub {
        Some(gsub) if features => ligated(face, &gsub, ids),
        _ => ids,
    };
    let kern = face
        .tables()
        .gpos
        .map(|gpos| lookups(&gpos, b"kern", &kinds(face, b"GPOS"), 2));
    let mut placed: Vec<Placed> = ids
        .iter()
        .map(|&id| Placed {
            id,
            advance: f64::from(face.glyph_hor_advance(GlyphId(id)).unwrap_or(0)),
            kerning: 0.0,
        })
        .collect();
    for (i, pair) in ids.windows(2).enumerate().filter(|_| features) {
        let (left, right) = (GlyphId(pair[0]), GlyphId(pair[1]));
        let value = match (&kern, face.tables().gpos) {
            (Some(lookups), Some(gpos)) => gpos_kerning(&gpos, lookups, left, right),
            _ => table_kerning(face, left, right),
        };
        placed[i].kerning = f64::from(value);
    }
    placed
}

/// The type of each lookup of the font's table `tag` (GSUB or GPOS), read
/// from its bytes: ttf-parser hides extension lookups (GSUB 7, GPOS 9)
/// behind what they hold, and opentype.js skips them.
fn kinds(face: &Face<'_>, tag: &[u8; 4]) -> Vec<u16> {
    let Some(data) = face.raw_face().table(Tag::from_bytes(tag)) else {
        return Vec::new();
    };
    let u16_at = |at: usize| {
        data.get(at..at + 2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
    };
    let Some(list) = u16_at(8).map(usize::from) else {
        return Vec::new();
    };
    let count = u16_at(list).unwrap_or(0);
    (0..usize::from(count))
        .map(|i| {
            u16_at(list + 2 + 2 * i)
                .and_then(|offset| u16_at(list + usize::from(offset)))
                .unwrap_or(0)
        })
        .collect()
}

/// The lookups of `feature` in the table's default script (`DFLT`, else
/// `latn`) and its default language, in the feature's order, those of type
/// `kind` only (`kinds` has each lookup's); the first feature of that tag
/// counts.
fn lookups(table: &LayoutTable<'_>, feature: &[u8; 4], kinds: &[u16], kind: u16) -> Vec<u16> {
    let script = table
        .scripts
        .find(Tag::from_bytes(b"DFLT"))
        .or_else(|| table.scripts.find(Tag::from_bytes(b"latn")));
    let Some(language) = script.and_then(|s| s.default_language) else {
        return Vec::new();
    };
    let tag = Tag::from_bytes(feature);
    language
        .feature_indices
        .into_iter()
        .filter_map(|i| table.features.get(i))
        .find(|f| f.tag == tag)
        .map(|f| {
            f.lookup_indices
                .into_iter()
                .filter(|&i| kinds.get(usize::from(i)) == Some(&kind))
                .collect()
        })
        .unwrap_or_default()
}

/// The most subtables one walk of a font's lookups reads: all the ligature
/// lookups of a line, or the kerning lookups of one pair of glyphs. Real
/// fonts have tens; a hostile one can list one lookup 65,535 times, each
/// of 65,535 subtables. The subtables past it are not read.
const MOST_WALKED: usize = 4096;

/// The most ligatures and their glyphs read from a font for one line (a
/// ligature of `n` components counts `n + 1`): real fonts have hundreds of
/// ligatures; a hostile 170 KB one can claim 30,000 sets of 30,000 through
/// shared offsets. The ligatures past it are not read.
const MOST_LIGATURE_GLYPHS: usize = 1 << 20;

/// The first `most` glyphs a coverage table lists, in its order (a
/// hostile one can list 65,535 ranges of 65,536 glyphs each).
fn covered(coverage: &Coverage<'_>, most: usize) -> Vec<u16> {
    match coverage {
        Coverage::Format1 { glyphs } => glyphs.into_iter().map(|g| g.0).take(most).collect(),
        Coverage::Format2 { records } => records
            .into_iter()
            .flat_map(|r| r.start.0..=r.end.0.max(r.start.0))
            .take(most)
            .collect(),
    }
}

/// A ligature: the glyphs it replaces, and its glyph.
struct Ligature {
    from: Vec<u16>,
    to: u16,
}

/// The subtables of `lookups` in `table`, in order, at most
/// `MOST_WALKED`.
fn subtables<'a, T, I>(table: &LayoutTable<'a>, lookups: I) -> impl Iterator<Item = T> + 'a
where
    T: LookupSubtable<'a> + 'a,
    I: IntoIterator<Item = u16>,
    I::IntoIter: 'a,
{
    let table = *table;
    lookups
        .into_iter()
        .filter_map(move |i| table.lookups.get(i))
        .flat_map(|lookup| lookup.subtables.into_iter::<T>())
        .take(MOST_WALKED)
}

/// The `liga` then the `rlig` ligatures of the default script, in order of
/// lookup, subtable, first glyph (as its coverage lists them) and
/// ligature, but none longer than `longest` glyphs (they cannot match),
/// until `MOST_LIGATURE_GLYPHS` are read.
fn ligatures(face: &Face<'_>, gsub: &LayoutTable<'_>, longest: usize) -> Vec<Ligature> {
    let kinds = kinds(face, b"GSUB");
    let lookups = [b"liga", b"rlig"]
        .into_iter()
        .flat_map(|feature| lookups(gsub, feature, &kinds, 4));
    let mut all = Vec::new();
    let mut read = 0;
    for subtable in subtables::<SubstitutionSubtable, _>(gsub, lookups) {
        let SubstitutionSubtable::Ligature(s) = subtable else {
            continue;
        };
        let firsts = covered(&s.coverage, usize::from(s.ligature_sets.len()));
        for (j, first) in firsts.into_iter().enumerate() {
            let Some(set) = u16::try_from(j).ok().and_then(|j| s.ligature_sets.get(j)) else {
                continue;
            };
            for ligature in set {
                let length = 1 + usize::from(ligature.components.len());
                read += if length > longest { 1 } else { length };
                if read > MOST_LIGATURE_GLYPHS {
                    return all;
                }
                if length > longest {
                    continue;
                }
                let mut from = vec![first];
                from.extend(ligature.components.into_iter().map(|g| g.0));
                all.push(Ligature {
                    from,
                    to: ligature.glyph.0,
                });
            }
        }
    }
    all
}

/// opentype.js's ligatures: at each glyph, each ligature that matches
/// there (in `ligatures`' order) replaces the glyphs, and the later ones
/// are tried on the result. Only those that start with the glyph at hand
/// are looked at.
fn ligated(face: &Face<'_>, gsub: &LayoutTable<'_>, mut ids: Vec<u16>) -> Vec<u16> {
    let all = ligatures(face, gsub, ids.len());
    let mut by_first: HashMap<u16, Vec<usize>> = HashMap::new();
    for (k, ligature) in all.iter().enumerate() {
        by_first.entry(ligature.from[0]).or_default().push(k);
    }
    // The line shortens as ligatures replace glyphs.
    let mut i = 0;
    while i < ids.len() {
        let mut next = 0;
        while let Some(k) = by_first.get(&ids[i]).and_then(|ks| {
            ks.iter()
                .skip_while(|&&k| k < next)
                .find(|&&k| ids[i..].starts_with(&all[k].from))
        }) {
            let ligature = &all[*k];
            ids.splice(i..i + ligature.from.len(), [ligature.to]);
            next = k + 1;
        }
        i += 1;
    }
    ids
}

/// opentype.js's `getKerningValue`: the first pair subtable of the kern
/// lookups (of type 2: an extension lookup is not read) whose coverage
/// holds `left` decides (a class-pair one always,
/// a glyph-pair one when it lists `right`); the advance change of the
/// first glyph. At most `MOST_WALKED` subtables are read.
fn gpos_kerning(gpos: &LayoutTable<'_>, lookups: &[u16], left: GlyphId, right: GlyphId) -> i16 {
    for subtable in subtables::<PositioningSubtable, _>(gpos, lookups.to_vec()) {
        let PositioningSubtable::Pair(pair) = subtable else {
            continue;
        };
        let Some(index) = pair.coverage().get(left) else {
            continue;
        };
        match pair {
            PairAdjustment::Format1 { sets, .. } => {
                if let Some((value, _)) = sets.get(index).and_then(|set| set.get(right)) {
                    return value.x_advance;
                }
            }
            PairAdjustment::Format2 {
                classes, matrix, ..
            } => {
                let classes = (classes.0.get(left), classes.1.get(right));
                return matrix.get(classes).map_or(0, |(value, _)| value.x_advance);
            }
        }
    }
    0
}

/// The pair's kerning in the first subtable of the `kern` table, when it
/// lists pairs (format 0), as opentype.js reads it.
fn table_kerning(face: &Face<'_>, left: GlyphId, right: GlyphId) -> i16 {
    let Some(kern) = face.tables().kern else {
        return 0;
    };
    match kern.subtables.into_iter().next().map(|s| s.format) {
        Some(Format::Format0(pairs)) => pairs.glyphs_kerning(left, right).unwrap_or(0),
        _ => 0,
    }
}
