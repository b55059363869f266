//! The one file access a sketch has: p5's `loadJSON`, `loadStrings`,
//! `loadTable` and `loadXML` read text files inside the sketch's folder
//! (prelude.js, data.js and xml.rs parse them), `loadBytes` any file. A
//! URL, an absolute path, `..` or a symbolic link is refused in one line
//! naming it; files are opened as [`Folder`] opens them, so a link swapped
//! in while the sketch runs is refused too; nothing is ever written.

use std::path::Path;
use std::sync::Arc;

use rquickjs::{Ctx, Exception, Function, Object, TypedArray};

use crate::folder::Folder;

/// The largest data file a sketch reads, in bytes (64 MiB).
const MAX_DATA: u64 = 64 << 20;

/// Sets `__native.readText(path, call)`: the text of `path`, relative to
/// `folder`; `call` (`loadJSON`, ...) names the function in errors; and
/// `__native.readBytes(path)`, `loadBytes`'s: its bytes, a Uint8Array.
pub(super) fn install_files<'js>(ctx: &Ctx<'js>, folder: Arc<Folder>) -> rquickjs::Result<()> {
    let native: Object = ctx.globals().get("__native")?;
    let at = folder.clone();
    let read = move |ctx: Ctx<'_>, path: String, call: String| {
        read_text(&at, &path, &call).map_err(|why| Exception::throw_message(&ctx, &why))
    };
    native.set("readText", Function::new(ctx.clone(), read)?)?;
    let bytes = move |ctx: Ctx<'js>, path: String| {
        let data = read_data(&folder, &path, "loadBytes", MAX_DATA)
            .map_err(|why| Exception::throw_message(&ctx, &why))?;
        TypedArray::<u8>::new(ctx.clone(), data)
    };
    native.set("readBytes", Function::new(ctx.clone(), bytes)?)
}

/// The text of the file `path` inside `folder`, or why not, in a line.
pub(super) fn read_text(folder: &Folder, path: &str, call: &str) -> Result<String, String> {
    refuse_url(&format!("{call}({path:?})"), path)?;
    folder
        .read_text(Path::new(path), "path", MAX_DATA)
        .map_err(|e| format!("{call}(): {}", e.chain()))
}

/// The bytes of the file `path` inside `folder` (at most `max`), or why
/// not, in a line naming `call` and the path.
pub(super) fn read_data(
    folder: &Folder,
    path: &str,
    call: &str,
    max: u64,
) -> Result<Vec<u8>, String> {
    refuse_url(&format!("{call}({path:?})"), path)?;
    folder
        .read(Path::new(path), "path", max)
        .map_err(|e| format!("{call}(): {}", e.chain()))
}

/// Refuses a `path` that is a URL; `call` names the call in the refusal.
pub(super) fn refuse_url(call: &str, path: &str) -> Result<(), String> {
    if path.contains("://") || path.starts_with("//") || path.starts_with("data:") {
        return Err(format!(
            "{call}: a URL; whalegen reads only files inside the sketch's folder"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_inside_the_folder_are_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("data")).unwrap();
        std::fs::write(dir.path().join("data/a.txt"), "one\ntwo").unwrap();
        let folder = Folder::open(dir.path()).unwrap();
        assert_eq!(
            read_text(&folder, "data/a.txt", "loadStrings").unwrap(),
            "one\ntwo"
        );
        for (path, needle) in [
            ("https://example.com/a.json", "a URL"),
            ("//example.com/a.json", "a URL"),
            ("../a.txt", "`..` is not allowed"),
            ("/etc/passwd", "absolute path"),
            ("data/missing.txt", "data/missing.txt"),
            ("data", "not a regular file"),
        ] {
            let err = read_text(&folder, path, "loadJSON").unwrap_err();
            assert!(
                err.starts_with("loadJSON(") && err.contains(needle),
                "{path}: {err}"
            );
        }
    }
}
