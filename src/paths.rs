//! Untrusted files (a batch file, a preset it names): the one check of
//! every path they give, which must stay inside its folder, and the one
//! bounded way to read them.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{ErrorKind, Read};
use std::path::{Component, Path, PathBuf};

use crate::error::Error;

/// The largest preset file read, in bytes (1 MiB): the shipped presets are
/// under 2 KB, and a larger file is not one.
pub const MAX_FILE: u64 = 1 << 20;

/// The text of the preset file at `path`, at most `MAX_FILE` bytes (see
/// `read_bounded`).
pub(crate) fn read_text(path: &Path) -> Result<String, Error> {
    read_bounded(path, MAX_FILE)
}

/// The text of the file at `path`, refused as `read_bytes` refuses it,
/// or when it is not UTF-8. Errors name the file and never show its text.
pub(crate) fn read_bounded(path: &Path, max: u64) -> Result<String, Error> {
    utf8(path, read_bytes(path, max)?)
}

/// `bytes`, the file at `path`'s, as text; refused by the file's name, never
/// showing the text, when not UTF-8.
pub(crate) fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        read_error(
            path,
            ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {at} is not)"),
        )
    })
}

/// Why a file over `max` bytes is refused: `over 64 MiB, too large`.
pub(crate) fn over(max: u64) -> String {
    match max % (1 << 20) {
        0 => format!("over {} MiB, too large", max >> 20),
        _ => format!("over {max} bytes, too large"),
    }
}

fn read_error(path: &Path, kind: ErrorKind, reason: String) -> Error {
    Error::ReadPreset {
        path: path.to_path_buf(),
        source: std::io::Error::new(kind, reason),
    }
}

/// The bytes of the file at `path`, refused without reading more than
/// `max` + 1 bytes when it is not a regular file (a device, a pipe, a
/// folder) or is over `max` bytes (whatever size it claims).
pub(crate) fn read_bytes(path: &Path, max: u64) -> Result<Vec<u8>, Error> {
    let failed = |source| Error::ReadPreset {
        path: path.to_path_buf(),
        source,
    };
    let not_regular = || read_error(path, ErrorKind::InvalidInput, "not a regular file".into());
    let too_large = || read_error(path, ErrorKind::InvalidData, over(max));
    // Checked before opening, which would wait for a writer on a pipe.
    let meta = std::fs::metadata(path).map_err(failed)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > max {
        return Err(too_large());
    }
    let file = File::open(path).map_err(failed)?;
    // Again on what was opened: the path may have changed in between.
    if !file.metadata().map_err(failed)?.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(failed)?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// `name`, a path relative to the folder `dir`, joined to it, once checked
/// to stay inside: no absolute path, no `..`, and no symbolic link on the
/// way (one already in the folder could lead anywhere). `what` names the
/// key in the refusal, which says what would be accepted. For a file to
/// read, `Folder` (src/folder.rs) makes the same checks with no gap
/// between them and the open.
pub(crate) fn inside(dir: &Path, name: &Path, what: &str) -> Result<PathBuf, Error> {
    let mut path = dir.to_path_buf();
    for part in parts(dir, name, what)? {
        path.push(part);
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(through_link(dir, name, what));
        }
    }
    Ok(path)
}

/// The parts of `name`, a path relative to the folder `dir`, without `.`:
/// refused, as [`inside`] refuses it, when it is absolute, climbs out with
/// `..` or names the folder itself.
pub(crate) fn parts<'a>(dir: &Path, name: &'a Path, what: &str) -> Result<Vec<&'a OsStr>, Error> {
    let mut parts = Vec::new();
    for component in name.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                return Err(refuse_name(
                    dir,
                    name,
                    what,
                    "`..` is not allowed, since it can climb out",
                ))
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(refuse_name(dir, name, what, "it is an absolute path"))
            }
        }
    }
    if parts.is_empty() {
        return Err(refuse_name(dir, name, what, "it names the folder itself"));
    }
    Ok(parts)
}

/// The refusal of `name`, inside `dir`, that passes through or is a
/// symbolic link.
pub(crate) fn through_link(dir: &Path, name: &Path, what: &str) -> Error {
    let reason = "it is or passes through a symbolic link, which could lead outside";
    refuse_name(dir, name, what, reason)
}

fn refuse_name(dir: &Path, name: &Path, what: &str, reason: &str) -> Error {
    Error::BadValue {
        key: what.into(),
        value: format!("{:?}", name.display().to_string()),
        reason: format!("{reason}; expected a path inside `{}`", dir.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_their_folder() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let ok = inside(d, Path::new("a/./b.gif"), "path").unwrap();
        assert_eq!(ok, d.join("a/b.gif"));
        for bad in ["../x.gif", "a/../../x.gif", "/etc/x.gif", "", "."] {
            let err = inside(d, Path::new(bad), "path").unwrap_err().to_string();
            assert!(
                err.starts_with("`path`") && err.contains("inside"),
                "{bad}: {err}"
            );
        }
        std::os::unix::fs::symlink("/tmp", d.join("link")).unwrap();
        let err = inside(d, Path::new("link/x.gif"), "path")
            .unwrap_err()
            .to_string();
        assert!(err.contains("symbolic link"), "{err}");
    }
}
