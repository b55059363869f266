//! The one check of every path that an untrusted file (a batch file, a
//! preset it names) gives: it must stay inside its folder.

use std::path::{Component, Path, PathBuf};

use crate::error::Error;

/// `name`, a path relative to the folder `dir`, joined to it, once checked
/// to stay inside: no absolute path, no `..`, and no symbolic link on the
/// way (one already in the folder could lead anywhere). `what` names the
/// key in the refusal, which says what would be accepted.
pub(crate) fn inside(dir: &Path, name: &Path, what: &str) -> Result<PathBuf, Error> {
    let refuse = |reason: &str| Error::BadValue {
        key: what.into(),
        value: format!("{:?}", name.display().to_string()),
        reason: format!("{reason}; expected a path inside `{}`", dir.display()),
    };
    let mut path = dir.to_path_buf();
    for component in name.components() {
        match component {
            Component::Normal(part) => path.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                return Err(refuse("`..` is not allowed, since it can climb out"))
            }
            Component::RootDir | Component::Prefix(_) => {
                return Err(refuse("it is an absolute path"))
            }
        }
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(refuse(&format!(
                "`{}` is a symbolic link, which could lead outside",
                path.display()
            )));
        }
    }
    if path == dir {
        return Err(refuse("it names the folder itself"));
    }
    Ok(path)
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
