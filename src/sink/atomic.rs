//! Files that appear whole or not at all.

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::error::Error;

/// A file written under a temporary name beside `target` and renamed into
/// place by `commit`. Dropped without `commit`, it removes itself, and
/// whatever was at `target` before is left as it was.
pub struct AtomicFile {
    target: PathBuf,
    temp: PathBuf,
    writer: Option<BufWriter<File>>,
}

impl AtomicFile {
    pub fn create(target: &Path) -> Result<Self, Error> {
        let write_error = |source| Error::Write {
            path: target.to_path_buf(),
            source,
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if !dir.is_dir() {
            return Err(Error::Output {
                path: target.to_path_buf(),
                reason: format!("directory `{}` doesn't exist", dir.display()),
            });
        }
        if target.is_dir() {
            return Err(Error::Output {
                path: target.to_path_buf(),
                reason: "is a directory (end it with / to write one PNG per frame)".into(),
            });
        }
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let temp = dir.join(format!(".{name}.{}.whalegen-tmp", std::process::id()));
        let file = File::create(&temp).map_err(write_error)?;
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp,
            writer: Some(BufWriter::new(file)),
        })
    }

    pub fn path(&self) -> &Path {
        &self.target
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> Result<(), Error> {
        let write_error = |source| Error::Write {
            path: self.target.clone(),
            source,
        };
        let writer = self.writer.take().expect("committed once");
        let file = writer
            .into_inner()
            .map_err(|e| write_error(e.into_error()))?;
        file.sync_all().map_err(write_error)?;
        std::fs::rename(&self.temp, &self.target).map_err(write_error)
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
        if self.writer.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
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
