//! Hostile fonts: a real font whose GSUB or GPOS table is replaced by one
//! that claims far more than its bytes hold (through shared offsets). A
//! line measured and drawn in it ends within seconds, as wide as in the
//! font without that table, never an abort.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{stderr, whalegen};

/// `font` with its table `tag` replaced by `table` (or dropped, for
/// `None`): the table directory written anew, sorted by tag as readers
/// search it, checksums zero (no reader checks them).
fn with_table(font: &[u8], tag: &[u8; 4], table: Option<&[u8]>) -> Vec<u8> {
    let u16_at = |at: usize| usize::from(u16::from_be_bytes([font[at], font[at + 1]]));
    let u32_at = |at: usize| u32::from_be_bytes(font[at..at + 4].try_into().unwrap()) as usize;
    let mut tables: Vec<([u8; 4], &[u8])> = (0..u16_at(4))
        .map(|i| 12 + 16 * i)
        .map(|r| {
            (
                font[r..r + 4].try_into().unwrap(),
                &font[u32_at(r + 8)..][..u32_at(r + 12)],
            )
        })
        .filter(|(t, _)| t != tag)
        .chain(table.map(|bytes| (*tag, bytes)))
        .collect();
    tables.sort_by_key(|(t, _)| *t);
    let mut out = font[..4].to_vec();
    out.extend(be16(tables.len()));
    out.extend([0; 6]);
    let mut at = 12 + 16 * tables.len();
    for (tag, bytes) in &tables {
        out.extend(tag);
        out.extend([0; 4]);
        out.extend(be32(at));
        out.extend(be32(bytes.len()));
        at += bytes.len().next_multiple_of(4);
    }
    for (_, bytes) in &tables {
        out.extend(*bytes);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    out
}

fn be16(n: usize) -> [u8; 2] {
    u16::try_from(n).unwrap().to_be_bytes()
}

fn be32(n: usize) -> [u8; 4] {
    u32::try_from(n).unwrap().to_be_bytes()
}

/// A GSUB or GPOS table: script `DFLT` with one feature `feature`, which
/// lists lookup 0 `listed` times; lookup 0 is of type `kind` and lists
/// `subtable` `subtables` times.
fn layout_table(
    feature: &[u8; 4],
    listed: usize,
    kind: u16,
    subtables: usize,
    subtable: &[u8],
) -> Vec<u8> {
    let features = 30;
    let lookups = features + 8 + 4 + 2 * listed;
    let mut t = Vec::new();
    // Header: version 1.0, then where the script, feature and lookup lists are.
    for n in [1, 0, 10, features, lookups] {
        t.extend(be16(n));
    }
    // Script list: DFLT, whose default language (after its 4 bytes) has
    // feature 0 and no required one.
    t.extend(be16(1));
    t.extend(b"DFLT");
    for n in [8, 4, 0, 0, 0xFFFF, 1, 0] {
        t.extend(be16(n));
    }
    // Feature list: `feature`, listing lookup 0 `listed` times.
    t.extend(be16(1));
    t.extend(feature);
    for n in [8, 0, listed] {
        t.extend(be16(n));
    }
    t.extend([0; 2].repeat(listed));
    // Lookup list: one lookup, all of whose subtables are the one after it.
    for n in [1, 4, usize::from(kind), 0, subtables] {
        t.extend(be16(n));
    }
    t.extend(be16(6 + 2 * subtables).repeat(subtables));
    t.extend(subtable);
    t
}

/// A GSUB whose one `liga` ligature subtable claims 30,000 sets of 30,000
/// ligatures each (every one the same ligature of two glyphs).
fn ligatures_30000_by_30000() -> Vec<u8> {
    let n = 30_000;
    let mut s = Vec::new();
    for word in [1, 6 + 2 * n, n] {
        s.extend(be16(word));
    }
    s.extend(be16(6 + 2 * n + 10).repeat(n));
    // Coverage: glyphs 0 to n - 1, one range.
    for word in [2, 1, 0, n - 1, 0] {
        s.extend(be16(word));
    }
    s.extend(be16(n));
    s.extend(be16(2 + 2 * n).repeat(n));
    // The ligature: glyph 3 for glyph j and glyph 4, which 'ab' does not hold.
    for word in [3, 2, 4] {
        s.extend(be16(word));
    }
    layout_table(b"liga", 1, 4, 1, &s)
}

/// A GSUB whose one `liga` ligature subtable has a coverage of 65,535
/// ranges of all 65,536 glyphs each, and one empty ligature set.
fn coverage_of_65535_ranges() -> Vec<u8> {
    let mut s = Vec::new();
    for word in [1, 10, 1, 8, 0, 2, 65_535] {
        s.extend(be16(word));
    }
    for _ in 0..65_535 {
        for word in [0, 65_535, 0] {
            s.extend(be16(word));
        }
    }
    layout_table(b"liga", 1, 4, 1, &s)
}

/// A GPOS whose `kern` feature lists one lookup 30,000 times, of 30,000
/// pair subtables (each of an empty coverage).
fn kerning_30000_by_30000() -> Vec<u8> {
    let mut s = Vec::new();
    for word in [1, 10, 4, 0, 0, 1, 0] {
        s.extend(be16(word));
    }
    layout_table(b"kern", 30_000, 2, 30_000, &s)
}

/// How a sketch printing `textWidth('ab')` in `font.ttf` (then drawing
/// it) ends: its exit code, the first line it prints, how long it took.
fn measured(font: &[u8], p5: &str) -> (Option<i32>, String, Duration) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("font.ttf"), font).unwrap();
    std::fs::write(
        dir.path().join("sketch.js"),
        "async function setup() {\n  createCanvas(100, 50);\n  \
         textFont(await loadFont('font.ttf'));\n  textSize(20);\n  \
         print(textWidth('ab'));\n  text('ab', 10, 30);\n}\n",
    )
    .unwrap();
    let start = Instant::now();
    let args = [
        "render",
        "sketch.js",
        "--p5",
        p5,
        "--time-limit",
        "5",
        "-o",
        "x.png",
    ];
    let out = whalegen(dir.path(), &args);
    let took = start.elapsed();
    let err = stderr(&out);
    let first = err.lines().next().unwrap_or_default().to_string();
    (out.status.code(), first, took)
}

#[test]
fn font_tables_that_claim_billions_of_entries_are_bounded_before_use() {
    let sans =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/DejaVuSans.ttf")).unwrap();
    // What each ends with: the width of the font without that table (the
    // ligature is never read in full, and does not match 'ab'), or a
    // one-line refusal of the font at loadFont.
    let hostile = [
        ("ligatures", b"GSUB", ligatures_30000_by_30000(), None),
        (
            "coverage",
            b"GSUB",
            coverage_of_65535_ranges(),
            Some("a font whose GSUB table has a coverage of 65535 entries for 657 glyphs"),
        ),
        (
            "kerning",
            b"GPOS",
            kerning_30000_by_30000(),
            Some("a font whose GPOS table has its features reach 900000000 subtables: at most 262144"),
        ),
    ];
    for (name, tag, table, refusal) in hostile {
        for p5 in ["1", "2"] {
            let (code, said, took) = measured(&with_table(&sans, tag, Some(&table)), p5);
            // The sketch itself takes about 0.1 s; 5 s leaves room for a
            // machine shared with other builds, far below the minutes
            // (or the abort) of reading what the table claims.
            assert!(took < Duration::from_secs(5), "{name}, --p5 {p5}: {took:?}");
            match refusal {
                Some(refusal) => {
                    assert_eq!(code, Some(1), "{name}, --p5 {p5}: {said}");
                    assert!(said.contains(refusal), "{name}, --p5 {p5}: {said}");
                }
                None => {
                    let (_, clean, _) = measured(&with_table(&sans, tag, None), p5);
                    assert_eq!(code, Some(0), "{name}, --p5 {p5}: {said}");
                    assert_eq!(said, clean, "{name}, --p5 {p5}");
                }
            }
        }
    }
}
