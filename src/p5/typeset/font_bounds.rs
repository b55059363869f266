//! A loaded font's layout tables (GSUB, GPOS) measured before anything
//! walks them. HarfBuzz (rustybuzz) reads every subtable of every lookup
//! and each one's coverage when it loads a font, and applies a lookup's
//! subtables each time a feature lists it: a hostile font of 170 KB can
//! claim billions of each through shared offsets (a lookup listed 30,000
//! times, 30,000 subtables that are one). Counting is cheap (each count is
//! a number in the table); a font past a bound is refused.

use rustybuzz::ttf_parser::gpos::PositioningSubtable;
use rustybuzz::ttf_parser::gsub::SubstitutionSubtable;
use rustybuzz::ttf_parser::opentype_layout::{Coverage, LayoutTable, LookupSubtable};
use rustybuzz::ttf_parser::Face;

/// The most subtables a table's lookups hold, and the most lookup entries
/// its features list: real fonts have hundreds to a few thousand.
const MOST_SUBTABLES: usize = 1 << 16;

/// The most subtables the features reach, a lookup counted each time a
/// feature lists it: what shaping a glyph may apply.
const MOST_REACHED: usize = 1 << 18;

/// The most glyphs and ranges the subtables' coverages list in all (each
/// at most the font's glyph count, as its glyphs are distinct).
const MOST_COVERED: usize = 1 << 20;

/// Whether `face`'s GSUB and GPOS tables are within the bounds, or which
/// is not, in a few words.
pub(super) fn check(face: &Face<'_>) -> Result<(), String> {
    let glyphs = usize::from(face.number_of_glyphs());
    if let Some(gsub) = face.tables().gsub {
        measure::<SubstitutionSubtable>(&gsub, glyphs, SubstitutionSubtable::coverage)
            .map_err(|why| format!("a font whose GSUB table {why}"))?;
    }
    if let Some(gpos) = face.tables().gpos {
        measure::<PositioningSubtable>(&gpos, glyphs, PositioningSubtable::coverage)
            .map_err(|why| format!("a font whose GPOS table {why}"))?;
    }
    Ok(())
}

fn measure<'a, T: LookupSubtable<'a>>(
    table: &LayoutTable<'a>,
    glyphs: usize,
    coverage: fn(&T) -> Coverage<'a>,
) -> Result<(), String> {
    let counts: Vec<usize> = table
        .lookups
        .into_iter()
        .map(|l| usize::from(l.subtables.len()))
        .collect();
    let subtables: usize = counts.iter().sum();
    let listed: usize = table
        .features
        .into_iter()
        .map(|f| usize::from(f.lookup_indices.len()))
        .sum();
    if subtables > MOST_SUBTABLES || listed > MOST_SUBTABLES {
        return Err(format!(
            "has {subtables} subtables and its features list {listed} lookups: \
             at most {MOST_SUBTABLES} of each"
        ));
    }
    let reached: usize = table
        .features
        .into_iter()
        .flat_map(|f| f.lookup_indices)
        .map(|i| counts.get(usize::from(i)).copied().unwrap_or(0))
        .sum();
    if reached > MOST_REACHED {
        return Err(format!(
            "has its features reach {reached} subtables: at most {MOST_REACHED}"
        ));
    }
    let mut covered = 0;
    for lookup in table.lookups {
        for subtable in lookup.subtables.into_iter::<T>() {
            let listed = match coverage(&subtable) {
                Coverage::Format1 { glyphs } => glyphs.len(),
                Coverage::Format2 { records } => records.len(),
            };
            let listed = usize::from(listed);
            covered += listed;
            if listed > glyphs || covered > MOST_COVERED {
                return Err(format!(
                    "has a coverage of {listed} entries for {glyphs} glyphs \
                     ({covered} in all): at most one per glyph, {MOST_COVERED} in all"
                ));
            }
        }
    }
    Ok(())
}

/// Whether the CFF table in `data` (a font file's bytes) keeps its first
/// INDEXes (names, top dictionaries, strings, global subroutines) inside
/// itself, or which does not, read before the font is parsed. ttf-parser
/// skips an INDEX by its claimed size and asserts (in a debug build) that
/// the next read is not past 4 GiB: a hostile INDEX claiming gigabytes
/// would stop the program there instead of being refused. A font without
/// a CFF table, or too short to list its tables, is left to the parser.
pub(super) fn check_cff(data: &[u8]) -> Result<(), String> {
    let Some(cff) = table(data, *b"CFF ") else {
        return Ok(());
    };
    let refused = |what: &str| format!("a font whose CFF {what} INDEX runs past the table");
    let mut at = usize::from(*cff.get(2).ok_or_else(|| refused("header"))?);
    for what in ["name", "top dictionary", "string", "global subroutine"] {
        at = index_end(cff, at).ok_or_else(|| refused(what))?;
    }
    Ok(())
}

/// The table tagged `tag` in the table directory of an OpenType file, or
/// of a collection's first font (the one `loadFont` reads).
fn table(data: &[u8], tag: [u8; 4]) -> Option<&[u8]> {
    let be32 =
        |at: usize| Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?) as usize);
    let directory = if data.starts_with(b"ttcf") {
        be32(12)?
    } else {
        0
    };
    let count = usize::from(u16::from_be_bytes(
        data.get(directory + 4..directory + 6)?.try_into().ok()?,
    ));
    (0..count).find_map(|i| {
        let at = directory + 12 + 16 * i;
        let record = data.get(at..at + 16)?;
        if record[..4] != tag {
            return None;
        }
        let (offset, length) = (be32(at + 8)?, be32(at + 12)?);
        data.get(offset..offset.checked_add(length)?)
    })
}

/// Where the CFF INDEX at `at` in `cff` ends, if it ends inside: a count,
/// an offset size (1 to 4), count + 1 offsets, then the data the last
/// offset (counted from 1) gives the size of.
fn index_end(cff: &[u8], at: usize) -> Option<usize> {
    let count = usize::from(u16::from_be_bytes(cff.get(at..at + 2)?.try_into().ok()?));
    if count == 0 {
        return Some(at + 2);
    }
    let size = usize::from(*cff.get(at + 2)?);
    if !(1..=4).contains(&size) {
        return None;
    }
    let offsets = at + 3;
    let last = offsets + count * size;
    let bytes = cff.get(last..last + size)?;
    let data_size = bytes
        .iter()
        .fold(0usize, |n, &b| (n << 8) | usize::from(b))
        .checked_sub(1)?;
    let end = (last + size).checked_add(data_size)?;
    (end <= cff.len()).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A CFF font that loads (tests/sketches/text-points).
    const GOOD: &[u8] = include_bytes!("../../../tests/sketches/text-points/bold-cff.otf");

    /// The font fuzz target's find: a name INDEX claiming gigabytes.
    const HOSTILE: &[u8] =
        include_bytes!("../../../fuzz/regressions/font/cff-index-past-the-table");

    /// `font` as the first font of a collection: a `ttcf` header before
    /// it, its tables' offsets moved by the header's 16 bytes.
    fn collection(font: &[u8]) -> Vec<u8> {
        let mut moved = font.to_vec();
        let count = usize::from(u16::from_be_bytes([font[4], font[5]]));
        for i in 0..count {
            let at = 12 + 16 * i + 8;
            let offset = u32::from_be_bytes(moved[at..at + 4].try_into().unwrap());
            moved[at..at + 4].copy_from_slice(&(offset + 16).to_be_bytes());
        }
        let mut ttc = b"ttcf\0\x01\0\0\0\0\0\x01\0\0\0\x10".to_vec();
        ttc.extend(moved);
        ttc
    }

    #[test]
    fn a_cff_index_past_its_table_is_refused_alone_or_in_a_collection() {
        assert_eq!(check_cff(GOOD), Ok(()));
        assert_eq!(check_cff(&collection(GOOD)), Ok(()));
        let refused = "a font whose CFF name INDEX runs past the table";
        assert_eq!(check_cff(HOSTILE).unwrap_err(), refused);
        assert_eq!(check_cff(&collection(HOSTILE)).unwrap_err(), refused);
    }
}
