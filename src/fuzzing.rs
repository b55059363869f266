//! Entry points for the coverage-guided fuzz targets in `fuzz/`: each takes
//! the fuzzer's bytes and hands them to one parser of untrusted input, as
//! whalegen would. Each returns nothing: a refusal is a fine outcome, only
//! a panic, an abort or a hang is a finding. Not a stable API.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::options::SketchOptions;
use crate::p5::typeset::text::{Font, TextDraw, TextRun};
use crate::p5::P5;
use crate::sketch::Source;

/// The lines a loaded font is laid out and drawn with: ligatures (`fi`,
/// `ffl`), kerning pairs (`AV`, `Wa`), and characters most fonts lack.
const TEXT: &str = "fiffl AVATAR Wa ab\u{e9}\u{3b1}\u{5d0}\u{fb01}";

/// A font file: parsed, shaped as opentype.js and as HarfBuzz, measured,
/// and drawn both as an outline and as a glyph mask.
pub fn font(bytes: &[u8]) {
    // Only what `loadFont` accepts reaches the shapers, as in whalegen.
    let Ok(font) = Font::parse(bytes.to_vec()) else {
        return;
    };
    if let Some(face) = rustybuzz::Face::from_slice(bytes, 0) {
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(TEXT);
        rustybuzz::shape(&face, &[], buffer);
    }
    let font = Arc::new(font);
    let mut p5 = P5::new(48, 48, 1.0).expect("a small canvas");
    for (draw, size) in [(TextDraw::Outline, 40.0), (TextDraw::Canvas, 12.0)] {
        p5.text(&TextRun {
            font: font.clone(),
            size,
            shaped: font.shape(TEXT),
            origin: (2.0, 30.0),
            draw,
            fill_set: true,
            stroke_set: true,
        });
    }
}

/// An image file (PNG, JPEG, GIF, ...), decoded as `loadImage` decodes it.
pub fn image(bytes: &[u8]) {
    let _ = crate::p5::images::decode::decode(bytes);
}

/// A CSS colour, read as p5's `color()` reads it and as the canvas's
/// `fillStyle` does.
pub fn css(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let _ = crate::p5::colour::css::parse(&text);
    let _ = crate::p5::state::context::css_color(&text);
}

/// An XML document, read as `loadXML` reads it.
pub fn xml(bytes: &[u8]) {
    let _ = crate::js::parse_xml(&String::from_utf8_lossy(bytes));
}

/// A preset, its parameters resolved for its scene.
pub fn preset(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(preset) = crate::preset::Preset::parse("fuzz", "fuzz.toml", &text) {
        let _ = preset.resolve(&[]);
    }
}

/// A batch file, its jobs planned against an empty folder.
pub fn batch(bytes: &[u8]) {
    let root = scratch();
    let text = String::from_utf8_lossy(bytes);
    if let Ok(jobs) = crate::batch::read_batch_file(&root.join("fuzz.batch.toml"), &text) {
        for job in jobs {
            let _ = job.renders(root);
        }
    }
}

/// A shard's `manifest.json`, read as `--check` and `--merge` read it.
pub fn manifest(bytes: &[u8]) {
    let dir = scratch();
    std::fs::write(dir.join(crate::batch::MANIFEST), bytes).expect("a scratch manifest");
    let _ = crate::batch::read_manifest(dir);
}

/// A sketch's source, loaded (its `setup()` run) and drawn for one frame,
/// with a short time limit and a small heap.
pub fn sketch(bytes: &[u8]) {
    let dir = scratch();
    let path = dir.join("sketch.js");
    std::fs::write(&path, bytes).expect("a scratch sketch");
    run(path);
}

/// The same bytes as the data files a sketch loads: a table (`loadTable`,
/// CSV with a header and TSV), JSON (`loadJSON`), XML (`loadXML`), lines
/// (`loadStrings`) and bytes (`loadBytes`), each then read through.
pub fn loaders(bytes: &[u8]) {
    let dir = scratch();
    for name in ["data.csv", "data.tsv", "data.json", "data.xml"] {
        std::fs::write(dir.join(name), bytes).expect("a scratch data file");
    }
    let path = dir.join("loaders.js");
    std::fs::write(&path, LOADERS).expect("a scratch sketch");
    run(path);
}

/// The sketch `loaders` runs over its files.
const LOADERS: &str = r#"
let csv, tsv, json, xml, lines, bytes;
function preload() {
  csv = loadTable('data.csv', 'csv', 'header');
  tsv = loadTable('data.tsv', 'tsv');
  json = loadJSON('data.json');
  xml = loadXML('data.xml');
  lines = loadStrings('data.csv');
  bytes = loadBytes('data.json');
}
function setup() {
  createCanvas(8, 8);
  for (const t of [csv, tsv]) {
    t.getRowCount(); t.getColumnCount(); t.getArray(); t.getObject();
    if (t.getRowCount() > 0) { t.getString(0, 0); t.getNum(0, 0); t.findRows('a', 0); }
  }
  JSON.stringify(json);
  xml.getChildren(); xml.getName(); xml.listAttributes(); xml.serialize();
  lines.join('\n'); bytes.bytes.length;
  noLoop();
}
"#;

/// Loads the sketch at `path` and draws its first frame; refusals are fine.
fn run(path: PathBuf) {
    let options = SketchOptions {
        path,
        time_limit: 0.25,
        heap: 32,
        ..SketchOptions::default()
    };
    let Ok(source) = crate::js::JsSource::load(&options, None) else {
        return;
    };
    let (width, height) = source.size_hint().unwrap_or((100, 100));
    let (Ok(mut sketch), Some(mut p5)) = (source.build(), P5::new(width, height, 1.0)) else {
        return;
    };
    if sketch.setup(&mut p5).is_ok() && sketch.update(0).is_ok() {
        let _ = sketch.draw(&mut p5);
    }
}

/// A folder of this process's own for the files a target writes, made once
/// and left for the system to clean.
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        tempfile::Builder::new()
            .prefix("whalegen-fuzz")
            .tempdir()
            .expect("a scratch folder")
            .keep()
    })
}
