//! A sketch's scripts: one `.js` file, or a folder whose `index.html` lists
//! them in `<script>` tags, in order. p5.js's own scripts are left out
//! (whalegen is the p5 library); every path stays inside the folder.

use std::io::ErrorKind;
use std::path::Path;

use crate::error::Error;
use crate::folder::Folder;
use crate::paths::{read_text, MAX_FILE};

/// One script of a sketch: its name in error messages and its code.
#[derive(Debug, Clone)]
pub(super) struct Script {
    pub(super) name: String,
    pub(super) code: String,
}

impl Script {
    /// The line (from 1) of its first `import` or `export` statement, which
    /// only an ES module may hold; `None` when it has none. A line that
    /// merely starts with such a word inside a string or a comment counts
    /// too: this only explains a syntax error.
    fn module_line(&self) -> Option<usize> {
        let statement = |line: &str| {
            ["import", "export"].into_iter().any(|word| {
                line.trim_start()
                    .strip_prefix(word)
                    .and_then(|rest| rest.chars().next())
                    .is_some_and(|c| c.is_whitespace() || matches!(c, '{' | '*' | '"' | '\''))
            })
        };
        self.code.lines().position(statement).map(|i| i + 1)
    }

    /// `error`, a failure to evaluate this script, said plainly when the
    /// script is an ES module: QuickJS names only the token it did not
    /// expect there.
    pub(super) fn explain(&self, error: Error) -> Error {
        match (&error, self.module_line()) {
            (Error::Script(text), Some(line)) if text.contains("SyntaxError") => {
                Error::Script(format!(
                    "{}:{line}: `import` and `export` are not supported: whalegen runs a sketch \
                     as a classic script, in p5's global mode (setup() and draw() as globals) \
                     or instance mode (new p5(...)), without modules; list its other files \
                     in <script> tags of an index.html",
                    self.name
                ))
            }
            _ => error,
        }
    }
}

/// The most scripts an index.html may list, p5.js's own left out.
pub(crate) const MAX_SCRIPTS: usize = 256;

/// The most bytes a sketch's scripts may hold together (16 MiB).
pub(crate) const MAX_CODE: u64 = 16 << 20;

/// The most p5.js `<script>` tags kept to tell the version by.
const MAX_P5_TAGS: usize = 16;

/// A sketch as its files give it.
#[derive(Debug)]
pub(super) struct Page {
    /// The file's stem, or the folder's name.
    pub(super) name: String,
    /// Its scripts in the order the browser would run them.
    pub(super) scripts: Vec<Script>,
    /// The `src` of the first p5.js (or add-on) `<script>` tags its
    /// `index.html` loads: they tell which p5.js it was written for.
    pub(super) p5_tags: Vec<String>,
}

/// The sketch at `path`: a `.js` file, or a folder with an `index.html`.
/// A folder's index.html and scripts are read through `folder`, the
/// sketch's, opened once: none may be or pass through a symbolic link. At
/// most [`MAX_SCRIPTS`] scripts of [`MAX_CODE`] bytes in all.
pub(super) fn scripts(path: &Path, folder: &Folder) -> Result<Page, Error> {
    let refuse = |reason: String| Error::BadValue {
        key: "sketch".into(),
        value: format!("`{}`", path.display()),
        reason,
    };
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty() && s != "." && s != "..")
        .unwrap_or_else(|| "sketch".into());
    if path.is_dir() {
        let html = folder
            .read_text(Path::new("index.html"), "sketch", MAX_FILE)
            .map_err(|err| match &err {
                Error::ReadPreset { source, .. } if source.kind() == ErrorKind::NotFound => {
                    refuse("a folder of a sketch needs an index.html that lists its scripts".into())
                }
                _ => err,
            })?;
        let mut scripts = Vec::new();
        let mut p5_tags = Vec::new();
        let mut code = 0;
        for tag in script_tags(&html) {
            let script = match tag {
                Tag::Src(src) if is_p5_library(&src) => {
                    if p5_tags.len() < MAX_P5_TAGS {
                        p5_tags.push(src);
                    }
                    continue;
                }
                Tag::Src(src) => Script {
                    code: folder.read_text(Path::new(&src), "script", MAX_FILE)?,
                    name: src,
                },
                Tag::Inline(code) => Script {
                    name: "index.html".into(),
                    code,
                },
            };
            if scripts.len() == MAX_SCRIPTS {
                return Err(refuse(format!(
                    "its index.html lists over {MAX_SCRIPTS} scripts; whalegen runs at most \
                     {MAX_SCRIPTS}"
                )));
            }
            code += script.code.len() as u64;
            if code > MAX_CODE {
                return Err(refuse(format!(
                    "its scripts hold over {} MiB together; whalegen runs at most {} MiB",
                    MAX_CODE >> 20,
                    MAX_CODE >> 20
                )));
            }
            scripts.push(script);
        }
        if scripts.is_empty() {
            return Err(refuse(
                "its index.html lists no script besides p5.js's own".into(),
            ));
        }
        return Ok(Page {
            name,
            scripts,
            p5_tags,
        });
    }
    if path.extension().is_none_or(|e| e != "js") {
        return Err(refuse(
            "expected a p5.js sketch: a .js file, or a folder with an index.html".into(),
        ));
    }
    // The file the command line (or a checked preset) names: read as named.
    let code = read_text(path)?;
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(Page {
        name,
        scripts: vec![Script { name: file, code }],
        p5_tags: Vec::new(),
    })
}

/// A `<script>` tag: a file it loads, or its own code.
#[derive(Debug, PartialEq)]
enum Tag {
    Src(String),
    Inline(String),
}

/// The `<script>` tags of a page, in order. A plain scan, enough for the
/// index.html of a sketch (the p5 editor's, or one written by hand).
fn script_tags(html: &str) -> Vec<Tag> {
    let lower = html.to_ascii_lowercase();
    let mut tags = Vec::new();
    let mut at = 0;
    while let Some(start) = lower[at..].find("<script").map(|i| i + at) {
        let Some(open_end) = lower[start..].find('>').map(|i| i + start) else {
            break;
        };
        let close = lower[open_end..]
            .find("</script")
            .map_or(html.len(), |i| i + open_end);
        let attributes = &html[start + "<script".len()..open_end];
        match attribute(attributes, "src") {
            Some(src) => tags.push(Tag::Src(src)),
            None => {
                let code = html[open_end + 1..close].trim();
                let module = attribute(attributes, "type").is_some_and(|t| t != "text/javascript");
                if !code.is_empty() && !module {
                    tags.push(Tag::Inline(code.to_string()));
                }
            }
        }
        at = close;
    }
    tags
}

/// The value of `name="value"` (or single quotes, or bare) among a tag's
/// attributes.
fn attribute(attributes: &str, name: &str) -> Option<String> {
    let lower = attributes.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find(name).map(|i| i + from) {
        from = i + name.len();
        let before = lower[..i].chars().last();
        if before.is_some_and(|c| !c.is_whitespace()) {
            continue;
        }
        let rest = attributes[from..].trim_start();
        let Some(rest) = rest.strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start();
        let value = match rest.chars().next() {
            Some(q @ ('"' | '\'')) => rest[1..].split(q).next().unwrap_or(""),
            _ => rest
                .split(|c: char| c.is_whitespace() || c == '>')
                .next()
                .unwrap_or(""),
        };
        return Some(value.to_string());
    }
    None
}

/// p5.js and its add-ons, from a CDN or a local copy: whalegen is the
/// library, so their tags are skipped.
fn is_p5_library(src: &str) -> bool {
    let file = src.rsplit('/').next().unwrap_or(src).to_ascii_lowercase();
    let file = file.split(['?', '#']).next().unwrap_or("");
    src.contains("://")
        || src.starts_with("//")
        || file == "p5.js"
        || file == "p5.min.js"
        || (file.starts_with("p5.") && file.ends_with(".js"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_import_or_export_line_is_found_and_a_dynamic_import_is_not() {
        let line = |code: &str| {
            Script {
                name: "a.js".into(),
                code: code.into(),
            }
            .module_line()
        };
        assert_eq!(line("// x\n  import { a } from './a.js';"), Some(2));
        assert_eq!(line("import p5 from 'p5';"), Some(1));
        assert_eq!(line("let a;\nexport function setup() {}"), Some(2));
        assert_eq!(line("import('./a.js');\nlet important = 1;"), None);
    }

    #[test]
    fn an_index_lists_its_scripts_without_p5() {
        let html = r#"<html><head>
            <script src="https://cdn.jsdelivr.net/npm/p5@1.11.1/lib/p5.js"></script>
            <script src="libraries/p5.sound.min.js"></script>
            <script language="javascript" type="text/javascript" src='particle.js'></script>
            <SCRIPT SRC=sketch.js></SCRIPT>
            <script>let inline = 1;</script>
            <script type="module">import x from './x.js';</script>
        </head></html>"#;
        let tags: Vec<Tag> = script_tags(html)
            .into_iter()
            .filter(|t| !matches!(t, Tag::Src(s) if is_p5_library(s)))
            .collect();
        assert_eq!(
            tags,
            [
                Tag::Src("particle.js".into()),
                Tag::Src("sketch.js".into()),
                Tag::Inline("let inline = 1;".into()),
            ]
        );
    }
}
