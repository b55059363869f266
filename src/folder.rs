//! A folder of untrusted files (a sketch's, a shard's), opened once, and
//! the files read inside it. Each folder on the way to a file is opened
//! relative to the one before it, the file itself with `O_NOFOLLOW` and
//! `O_NONBLOCK`, and what was opened is then checked (`fstat`): a symbolic
//! link swapped in at any moment fails the open instead of being followed,
//! and a pipe or a device is refused unread. There is no gap between a
//! check and the open it guards.
//!
//! On Unix through `rustix` (already built for `tempfile`): safe wrappers of
//! `openat`, no `unsafe` here. Elsewhere each path is checked, then opened.

use std::fs::File;
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::paths;

/// A folder opened once; files are read relative to it.
#[derive(Debug)]
pub(crate) struct Folder {
    path: PathBuf,
    #[cfg(unix)]
    handle: std::os::fd::OwnedFd,
}

impl Folder {
    /// Opens the folder `path`. A symbolic link in `path` itself is
    /// followed: whoever names the folder chose it; inside it, none is.
    pub(crate) fn open(path: &Path) -> Result<Folder, Error> {
        let failed = |source| Error::ReadPreset {
            path: path.to_path_buf(),
            source,
        };
        #[cfg(unix)]
        {
            use rustix::fs::{Mode, OFlags, CWD};
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            let handle = rustix::fs::openat(CWD, path, flags, Mode::empty())
                .map_err(|e| failed(e.into()))?;
            Ok(Folder {
                path: path.to_path_buf(),
                handle,
            })
        }
        #[cfg(not(unix))]
        {
            if !std::fs::metadata(path).map_err(failed)?.is_dir() {
                return Err(failed(std::io::Error::new(
                    ErrorKind::InvalidInput,
                    "not a folder",
                )));
            }
            Ok(Folder {
                path: path.to_path_buf(),
            })
        }
    }

    /// The folder's path, as given to [`Folder::open`].
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Opens the regular file `name`, relative to the folder, for reading:
    /// refused when `name` climbs out (`..`, an absolute path), passes
    /// through or ends in a symbolic link, or is not a regular file (a
    /// folder, a pipe, a device), which is then not read. `what` names the
    /// key or call in a refusal. The file and its size in bytes.
    pub(crate) fn open_file(&self, name: &Path, what: &str) -> Result<(File, u64), Error> {
        let parts = paths::parts(&self.path, name, what)?;
        let path = self.path.join(name);
        let failed = |source| Error::ReadPreset {
            path: path.clone(),
            source,
        };
        let file = self.open_parts(&parts).map_err(|err| {
            if is_link(&err) {
                paths::through_link(&self.path, name, what)
            } else {
                failed(err)
            }
        })?;
        let meta = file.metadata().map_err(failed)?;
        if !meta.is_file() {
            return Err(failed(std::io::Error::new(
                ErrorKind::InvalidInput,
                "not a regular file",
            )));
        }
        Ok((file, meta.len()))
    }

    /// The bytes of the regular file `name` (see [`Folder::open_file`]),
    /// refused without reading more than `max` + 1 bytes when over `max`
    /// bytes, whatever size it claims.
    pub(crate) fn read(&self, name: &Path, what: &str, max: u64) -> Result<Vec<u8>, Error> {
        let (file, size) = self.open_file(name, what)?;
        let path = self.path.join(name);
        let too_large = || Error::ReadPreset {
            path: path.clone(),
            source: std::io::Error::new(ErrorKind::InvalidData, paths::over(max)),
        };
        if size > max {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        file.take(max + 1)
            .read_to_end(&mut bytes)
            .map_err(|source| Error::ReadPreset {
                path: path.clone(),
                source,
            })?;
        if bytes.len() as u64 > max {
            return Err(too_large());
        }
        Ok(bytes)
    }

    /// The text of the file `name`, read as [`Folder::read`] reads it;
    /// refused when it is not UTF-8. Errors never show its text.
    pub(crate) fn read_text(&self, name: &Path, what: &str, max: u64) -> Result<String, Error> {
        let bytes = self.read(name, what, max)?;
        paths::utf8(&self.path.join(name), bytes)
    }

    /// Each folder of `parts` opened relative to the one before, none
    /// followed if it is a link, then the file.
    #[cfg(unix)]
    fn open_parts(&self, parts: &[&std::ffi::OsStr]) -> std::io::Result<File> {
        use rustix::fs::{openat, AtFlags, FileType, Mode, OFlags};
        use rustix::io::Errno;
        let base = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        let (last, folders) = parts.split_last().expect("paths::parts is never empty");
        let mut at: Option<std::os::fd::OwnedFd> = None;
        for part in folders {
            let dir = at.as_ref().unwrap_or(&self.handle);
            let opened = openat(dir, *part, base | OFlags::DIRECTORY, Mode::empty());
            // A link to a folder fails as "not a folder": say what it is.
            at = Some(opened.map_err(|err| {
                match rustix::fs::statat(dir, *part, AtFlags::SYMLINK_NOFOLLOW) {
                    Ok(stat) if FileType::from_raw_mode(stat.st_mode) == FileType::Symlink => {
                        Errno::LOOP
                    }
                    _ => err,
                }
            })?);
        }
        let dir = at.as_ref().unwrap_or(&self.handle);
        // Non-blocking: opening a pipe waits for a writer otherwise.
        let flags = base | OFlags::NONBLOCK | OFlags::NOCTTY;
        Ok(File::from(openat(dir, *last, flags, Mode::empty())?))
    }

    #[cfg(not(unix))]
    fn open_parts(&self, parts: &[&std::ffi::OsStr]) -> std::io::Result<File> {
        let mut path = self.path.clone();
        for part in parts {
            path.push(part);
            if std::fs::symlink_metadata(&path)?.file_type().is_symlink() {
                return Err(std::io::Error::from_raw_os_error(LINK_ERROR));
            }
        }
        File::open(path)
    }
}

/// The error `O_NOFOLLOW` gives on a link: `ELOOP` (see `open_parts` for
/// the folders on the way).
#[cfg(unix)]
fn is_link(err: &std::io::Error) -> bool {
    err.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error())
}

#[cfg(not(unix))]
const LINK_ERROR: i32 = -1;

#[cfg(not(unix))]
fn is_link(err: &std::io::Error) -> bool {
    err.raw_os_error() == Some(LINK_ERROR)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_pipes_and_devices_inside_are_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("in/data")).unwrap();
        std::fs::write(d.join("in/data/a.txt"), "one").unwrap();
        std::fs::write(d.join("secret.txt"), "secret").unwrap();
        let folder = Folder::open(&d.join("in")).unwrap();
        let read = |name: &str| folder.read_text(Path::new(name), "path", 100);
        assert_eq!(read("data/a.txt").unwrap(), "one");
        assert_eq!(read("./data/./a.txt").unwrap(), "one");
        std::os::unix::fs::symlink("../secret.txt", d.join("in/link.txt")).unwrap();
        std::os::unix::fs::symlink("..", d.join("in/up")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", d.join("in/zero")).unwrap();
        for name in ["link.txt", "up/secret.txt", "zero"] {
            let err = read(name).unwrap_err().to_string();
            assert!(err.contains("symbolic link"), "{name}: {err}");
        }
        rustix::fs::mkfifoat(rustix::fs::CWD, d.join("in/fifo"), rustix::fs::Mode::RWXU).unwrap();
        for name in ["fifo", "data"] {
            let err = read(name).unwrap_err().chain();
            assert!(err.contains("not a regular file"), "{name}: {err}");
        }
        std::fs::write(d.join("in/big.txt"), "x".repeat(101)).unwrap();
        let err = read("big.txt").unwrap_err().chain();
        assert!(
            err.contains("big.txt") && err.contains("over 100 bytes"),
            "{err}"
        );
        for name in ["../secret.txt", "/etc/passwd", "", "."] {
            let err = read(name).unwrap_err().to_string();
            assert!(err.contains("inside"), "{name}: {err}");
        }
    }
}
