//! Files that appear whole or not at all.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::Error;

/// The temporary files being written, for `remove_temp_files`.
static TEMP_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temp_files() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMP_FILES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes every temporary file not yet renamed into place. For an
/// interrupt handler: after it, the process must exit without writing more.
pub fn remove_temp_files() {
    for temp in temp_files().drain(..) {
        let _ = std::fs::remove_file(temp);
    }
}

/// A file written under a temporary name beside `target` and renamed into
/// place by `commit`. Dropped without `commit`, it removes itself, and
/// whatever was at `target` before is left as it was. A target that exists
/// and is not a regular file (a device such as /dev/null, a pipe) is
/// written directly.
pub struct AtomicFile {
    target: PathBuf,
    /// `None` when writing directly to the target.
    temp: Option<PathBuf>,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    pub fn create(target: &Path) -> Result<Self, Error> {
        let write_error = |source| Error::Write {
            path: target.to_path_buf(),
            source,
        };
        let refuse = |reason: String| Error::Output {
            path: target.to_path_buf(),
            reason,
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if !dir.is_dir() {
            return Err(refuse(format!(
                "directory `{}` doesn't exist",
                dir.display()
            )));
        }
        match std::fs::metadata(target) {
            Ok(meta) if meta.is_dir() => {
                return Err(refuse(
                    "is a directory (end it with / to write one PNG per frame)".into(),
                ));
            }
            Ok(meta) if !meta.is_file() => {
                let file = OpenOptions::new()
                    .write(true)
                    .open(target)
                    .map_err(write_error)?;
                let writer = Some(BufWriter::new(file));
                return Ok(AtomicFile {
                    target: target.to_path_buf(),
                    temp: None,
                    writer,
                });
            }
            _ => {}
        }
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let temp = dir.join(format!(".{name}.{}.whalegen-tmp", std::process::id()));
        let mut registry = temp_files();
        let file = File::create(&temp).map_err(write_error)?;
        registry.push(temp.clone());
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp: Some(temp),
            writer: Some(BufWriter::new(file)),
        })
    }

    pub fn path(&self) -> &Path {
        &self.target
    }

    /// The file being written, for a program that writes it by name: the
    /// temporary file, or the target itself when that is a device.
    pub fn temp_path(&self) -> &Path {
        self.temp.as_deref().unwrap_or(&self.target)
    }

    /// A second handle on the temporary file, for an encoder that owns its
    /// writer and cannot hand it back: write through one handle only, and
    /// drop it (flushed) before `commit`.
    pub fn handle(&self) -> Result<File, Error> {
        let file = self.writer.as_ref().expect("not committed").get_ref();
        file.try_clone().map_err(|source| Error::Write {
            path: self.target.clone(),
            source,
        })
    }

    /// Flushes the file and renames it into place. (No fsync: the rename is
    /// what keeps a killed render from leaving a truncated file, and syncing
    /// every PNG frame costs more than drawing it.)
    pub fn commit(mut self) -> Result<(), Error> {
        let write_error = |source| Error::Write {
            path: self.target.clone(),
            source,
        };
        let writer = self.writer.take().expect("committed once");
        let result = writer.into_inner().map_err(|e| write_error(e.into_error()));
        let Some(temp) = self.temp.take() else {
            return result.map(drop);
        };
        let mut registry = temp_files();
        registry.retain(|t| *t != temp);
        let renamed = result.and_then(|file| {
            drop(file);
            std::fs::rename(&temp, &self.target).map_err(write_error)
        });
        if renamed.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        renamed
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.writer.as_mut().expect("not committed").write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.as_mut().expect("not committed").flush()
    }
}

/// For formats that fill in a header once the body is written.
impl Seek for AtomicFile {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        self.writer.as_mut().expect("not committed").seek(to)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed: remove the temporary file, unflushed.
        if let (Some(writer), Some(temp)) = (self.writer.take(), self.temp.take()) {
            let (file, _unflushed) = writer.into_parts();
            drop(file);
            temp_files().retain(|t| *t != temp);
            let _ = std::fs::remove_file(temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_appears_until_commit_and_an_abandoned_file_leaves_no_trace() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.gif");
        std::fs::write(&target, b"old").unwrap();
        let mut f = AtomicFile::create(&target).unwrap();
        f.write_all(b"new").unwrap();
        drop(f);
        assert_eq!(std::fs::read(&target).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);

        let mut f = AtomicFile::create(&target).unwrap();
        f.write_all(b"new").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_full_device_is_an_error_and_is_left_alone() {
        let mut f = AtomicFile::create(Path::new("/dev/full")).unwrap();
        let err = f
            .write_all(&[0; 100_000])
            .and_then(|()| f.flush())
            .unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::StorageFull);
        drop(f);
        assert!(!Path::new("/dev/full").is_file());
    }

    #[test]
    fn a_missing_directory_is_named() {
        let err = AtomicFile::create(Path::new("no/such/dir/a.gif"))
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("no/such/dir") && err.contains("doesn't exist"),
            "{err}"
        );
    }
}
