//! Which p5.js a sketch was written for: as the command line, preset or
//! batch job asks; else as its page says (the p5 script its `index.html`
//! loads); else as its code says (what only one version has); else p5.js
//! 2, the p5 editor's default since mid-2026.

use std::io::Read;
use std::path::Path;

use super::load::Script;
use crate::folder::Folder;
use crate::options::P5Version;

/// A version, and why it was chosen, for the summary line.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Chosen {
    pub(super) version: P5Version,
    pub(super) why: String,
}

impl Chosen {
    /// `p5.js 2.3.4 (the sketch uses async setup(), sketch.js:3)`.
    pub(super) fn about(&self) -> String {
        format!("as {} ({})", self.version, self.why)
    }
}

/// What only p5.js 2 has, as it reads in a sketch.
const ONLY_2: [(&str, &str); 14] = [
    ("async function setup", "async setup()"),
    ("async setup(", "async setup()"),
    ("setup = async", "async setup()"),
    ("await load", "await on a loader"),
    ("splineVertex", "splineVertex()"),
    ("splineProperty", "splineProperty()"),
    ("bezierOrder", "bezierOrder()"),
    ("textToContours", "textToContours()"),
    ("textToPaths", "textToPaths()"),
    ("fontWidth", "fontWidth()"),
    ("textWeight", "textWeight()"),
    ("colorMode(HWB", "colorMode(HWB)"),
    ("colorMode(OKLCH", "colorMode(OKLCH)"),
    ("colorMode(LCH", "colorMode(LCH)"),
];

/// What p5.js 2 removed, as it reads in a sketch.
const ONLY_1: [(&str, &str); 6] = [
    ("function preload", "preload()"),
    ("preload = function", "preload()"),
    ("curveVertex", "curveVertex()"),
    ("curveTightness", "curveTightness()"),
    ("quadraticVertex", "quadraticVertex()"),
    ("createFont", "createFont()"),
];

/// p5's loaders: in 2 they give promises, so a sketch that assigns what
/// one returns without `await` (`img = loadImage(...)`) was written for 1.
const LOADERS: [&str; 7] = [
    "loadImage",
    "loadJSON",
    "loadStrings",
    "loadTable",
    "loadFont",
    "loadXML",
    "loadBytes",
];

/// The version `asked` for, else the one the page's p5 script (`p5_tags`,
/// the `src` of its p5 `<script>` tags, relative to `folder`) names, else
/// the one the scripts' code calls for.
pub(super) fn choose(
    asked: Option<P5Version>,
    p5_tags: &[String],
    folder: &Folder,
    scripts: &[Script],
) -> Chosen {
    if let Some(version) = asked {
        return Chosen {
            version,
            why: "as asked".into(),
        };
    }
    if let Some(chosen) = p5_tags.iter().find_map(|src| of_tag(src, folder)) {
        return chosen;
    }
    let two = find(scripts, &ONLY_2, |_| None);
    let one = find(scripts, &ONLY_1, |line| {
        let assigned = LOADERS.iter().find(|loader| assigns(line, loader))?;
        Some(format!("{assigned}() without await"))
    });
    match (two, one) {
        // A sketch that awaits in setup() needs 2's setup to run as written.
        (Some(why), _) => Chosen {
            version: P5Version::Two,
            why: format!("the sketch uses {why}, which only p5.js 2 has"),
        },
        (None, Some(why)) => Chosen {
            version: P5Version::One,
            why: format!("the sketch uses {why}, which p5.js 2 removed"),
        },
        (None, None) => Chosen {
            version: P5Version::Two,
            why: "nothing in the sketch is of one version only: p5.js 2, the p5 editor's \
                  default; --p5 1 for 1.x"
                .into(),
        },
    }
}

/// The version a p5 `<script src>` names: `p5@2.3.4` or `p5.js/1.11.1/`
/// on a CDN, or the banner of a local `p5.js` / `p5.min.js`. Add-ons
/// (`p5.sound.js`) name none.
fn of_tag(src: &str, folder: &Folder) -> Option<Chosen> {
    let file = src.rsplit('/').next().unwrap_or(src);
    let file = file.split(['?', '#']).next().unwrap_or("");
    let main = matches!(file, "p5.js" | "p5.min.js") || src.contains("p5@");
    if !main {
        return None;
    }
    let version = if let Some((_, after)) = src.split_once("p5@") {
        if after.starts_with("latest") {
            Some(P5Version::Two)
        } else {
            after.parse::<P5Version>().ok().or_else(|| major_of(after))
        }
    } else {
        src.split('/')
            .find_map(major_of)
            .or_else(|| banner(folder, src))
    }?;
    Some(Chosen {
        version,
        why: format!("index.html loads {src}"),
    })
}

/// The major of a version at the start of `text`: `2.3.4/lib/p5.js`.
fn major_of(text: &str) -> Option<P5Version> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let rest = &text[digits.len()..];
    if digits.is_empty() || !rest.starts_with('.') {
        return None;
    }
    P5Version::from_major(digits.parse().ok()?)
}

/// The version in the first line of a local p5 build at `src` in
/// `folder`, `/*! p5.js v1.11.13 ...`. Only that line is read, and only
/// inside the folder.
fn banner(folder: &Folder, src: &str) -> Option<P5Version> {
    let (mut file, _) = folder.open_file(Path::new(src), "script").ok()?;
    let mut head = [0u8; 256];
    let read = file.read(&mut head).ok()?;
    let head = String::from_utf8_lossy(&head[..read]);
    let (_, after) = head.split_once("p5.js v")?;
    major_of(after)
}

/// The first of `markers` the code uses, or a line `also` finds something
/// in, and where: `async setup(), sketch.js:3`. Comments are skipped.
fn find(
    scripts: &[Script],
    markers: &[(&str, &str)],
    also: impl Fn(&str) -> Option<String>,
) -> Option<String> {
    for script in scripts {
        let mut in_block = false;
        for (n, line) in script.code.lines().enumerate() {
            let code = uncommented(line, &mut in_block);
            let squeezed: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
            let tight = squeezed.replace("( ", "(").replace(" (", "(");
            let marked = markers.iter().find_map(|(marker, what)| {
                let hit = if marker.contains(' ') {
                    squeezed.contains(marker)
                } else {
                    word(&tight, marker)
                };
                hit.then(|| what.to_string())
            });
            if let Some(what) = marked.or_else(|| also(&tight)) {
                return Some(format!("{what}, {}:{}", script.name, n + 1));
            }
        }
    }
    None
}

/// Whether `text` assigns what `loader(` returns, as `x = loader(` or
/// `x.y=loader(`, not `await loader(` nor `loader(path, callback)` alone.
fn assigns(text: &str, loader: &str) -> bool {
    text.match_indices(loader).any(|(i, _)| {
        let called = text[i + loader.len()..].starts_with('(');
        called && {
            let before = text[..i].trim_end();
            before.ends_with('=') && !before.ends_with("==") && !before.ends_with("!=")
        }
    })
}

/// Whether `marker` is in `text` not as part of a longer name.
fn word(text: &str, marker: &str) -> bool {
    let name = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(marker).any(|(i, _)| {
        let before = text[..i].chars().last();
        let after = text[i + marker.len()..].chars().next();
        !before.is_some_and(name) && !after.is_some_and(name)
    })
}

/// `line` without its `//` and `/* */` comments; `in_block` carries a
/// block comment over lines.
fn uncommented(line: &str, in_block: &mut bool) -> String {
    let mut out = String::new();
    let mut rest = line;
    loop {
        if *in_block {
            match rest.find("*/") {
                Some(end) => {
                    rest = &rest[end + 2..];
                    *in_block = false;
                }
                None => return out,
            }
        }
        let block = rest.find("/*");
        let line_comment = rest.find("//");
        match (block, line_comment) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                out.push_str(&rest[..b]);
                rest = &rest[b + 2..];
                *in_block = true;
            }
            (_, Some(l)) => {
                out.push_str(&rest[..l]);
                return out;
            }
            _ => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script(code: &str) -> Vec<Script> {
        vec![Script {
            name: "sketch.js".into(),
            code: code.into(),
        }]
    }

    fn here() -> Folder {
        Folder::open(Path::new(".")).unwrap()
    }

    fn chosen(code: &str) -> Chosen {
        choose(None, &[], &here(), &script(code))
    }

    #[test]
    fn async_setup_is_2_and_says_where() {
        let c = chosen("let img;\nasync function setup() {\n  img = await loadImage('a.png');\n}");
        assert_eq!(c.version, P5Version::Two);
        assert_eq!(
            c.why,
            "the sketch uses async setup(), sketch.js:2, which only p5.js 2 has"
        );
    }

    #[test]
    fn preload_and_curve_vertex_are_1() {
        assert_eq!(chosen("function preload() {}").version, P5Version::One);
        assert_eq!(chosen("  curveVertex(1, 2);").version, P5Version::One);
        let unawaited = chosen("function setup() {\n  data=loadJSON('d.json');\n}");
        assert_eq!(unawaited.version, P5Version::One);
        assert!(unawaited
            .why
            .contains("loadJSON() without await, sketch.js:2"));
        let awaited = "async function setup() {\n  data = await loadJSON('d.json');\n}";
        assert_eq!(chosen(awaited).version, P5Version::Two);
        assert_eq!(chosen("loadJSON('d.json', got);").version, P5Version::Two);
        // A longer name or a comment is not the function.
        assert_eq!(chosen("myCurveVertex(1, 2);").version, P5Version::Two);
        assert_eq!(chosen("// curveVertex(1, 2);").version, P5Version::Two);
        assert_eq!(
            chosen("/* old:\n curveVertex(1, 2);\n*/").version,
            P5Version::Two
        );
    }

    #[test]
    fn a_plain_sketch_is_the_editors_default() {
        let c = chosen("function setup() { createCanvas(100, 100); }");
        assert_eq!(c.version, P5Version::Two);
        assert!(c.why.contains("default"), "{}", c.why);
    }

    #[test]
    fn the_page_outranks_the_code() {
        let tags = [
            "https://cdn.jsdelivr.net/npm/p5@1.11.1/lib/p5.js".to_string(),
            "https://cdn.jsdelivr.net/npm/p5@1.11.1/lib/addons/p5.sound.min.js".to_string(),
        ];
        let c = choose(None, &tags, &here(), &script("async function setup() {}"));
        assert_eq!(c.version, P5Version::One);
        let cdnjs = ["https://cdnjs.cloudflare.com/ajax/libs/p5.js/2.0.3/p5.min.js".into()];
        assert_eq!(choose(None, &cdnjs, &here(), &[]).version, P5Version::Two);
        let latest = ["https://cdn.jsdelivr.net/npm/p5@latest/lib/p5.min.js".into()];
        assert_eq!(
            choose(None, &latest, &here(), &script("function preload(){}")).version,
            P5Version::Two
        );
    }

    #[test]
    fn asked_wins() {
        let c = choose(
            Some(P5Version::One),
            &[],
            &here(),
            &script("async function setup() {}"),
        );
        assert_eq!(c.version, P5Version::One);
    }

    #[test]
    fn a_local_build_is_read_by_its_banner() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("p5.min.js"),
            "/*! p5.js v1.11.13 March 2026 */",
        )
        .unwrap();
        let tags = ["p5.min.js".to_string()];
        assert_eq!(
            choose(None, &tags, &Folder::open(dir.path()).unwrap(), &[]).version,
            P5Version::One
        );
        // Outside the folder it is not read.
        let outside = ["../p5.min.js".to_string()];
        let c = choose(
            None,
            &outside,
            &Folder::open(dir.path()).unwrap(),
            &script("function preload(){}"),
        );
        assert_eq!(c.version, P5Version::One);
        assert!(c.why.contains("preload"), "{}", c.why);
    }
}
