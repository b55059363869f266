//! Files that appear whole or not at all.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use sha2::{Digest, Sha256};

use crate::error::Error;

/// How every temporary file's name ends: `.{target}.{pid}.whalegen-tmp`.
const SUFFIX: &str = ".whalegen-tmp";

/// The longest file name most file systems take, in bytes (`NAME_MAX`).
const NAME_MAX: usize = 255;

/// A temporary file left by a dead process: the stem of its name (see
/// [`temp_stem`], as bytes) and its path.
type Stale = (Vec<u8>, PathBuf);

/// The stale temporary files found in each folder written to, looked for
/// once per folder and process.
static STALE: Mutex<BTreeMap<PathBuf, Vec<Stale>>> = Mutex::new(BTreeMap::new());

/// Files put in place so far by this process, for `committed`.
static COMMITTED: AtomicUsize = AtomicUsize::new(0);

/// How many files this process has put in place so far: what an interrupt
/// leaves behind.
pub fn committed() -> usize {
    COMMITTED.load(Ordering::SeqCst)
}

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
    /// Starts writing `target`. Fails, naming it, when its folder is
    /// missing or it is a folder.
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
        // A missing folder is made, as for frame patterns and the default
        // output, so that `-o out/x.gif` works in any folder.
        if !dir.is_dir() {
            std::fs::create_dir_all(dir).map_err(|source| Error::Write {
                path: dir.to_path_buf(),
                source,
            })?;
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
        let stem = temp_stem(target.file_name().unwrap_or_default());
        remove_stale(dir, &stem);
        let mut name = stem;
        name.push(format!(".{}{SUFFIX}", std::process::id()));
        let temp = dir.join(name);
        let mut registry = temp_files();
        let file = File::create(&temp).map_err(write_error)?;
        registry.push(temp.clone());
        Ok(AtomicFile {
            target: target.to_path_buf(),
            temp: Some(temp),
            writer: Some(BufWriter::new(file)),
        })
    }

    /// The target path.
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
        match renamed {
            Ok(()) => {
                COMMITTED.fetch_add(1, Ordering::SeqCst);
            }
            Err(_) => {
                let _ = std::fs::remove_file(&temp);
            }
        }
        renamed
    }
}

/// The start of the temporary names for a target named `name`: `.{name}`,
/// or, when that leaves no room in `NAME_MAX` bytes for a pid of up to 10
/// digits and the suffix, the name's first bytes, `~` and 16 hex digits of
/// its SHA-256. Built from the name's own bytes: a name that is not UTF-8
/// is kept as it is.
fn temp_stem(name: &OsStr) -> OsString {
    let room = NAME_MAX - ".".len() - ".".len() - 10 - SUFFIX.len();
    let mut stem = OsString::from(".");
    let bytes = name.as_encoded_bytes();
    if bytes.len() <= room {
        stem.push(name);
        return stem;
    }
    let hash: String = Sha256::digest(bytes)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    stem.push(prefix(name, room - "~".len() - hash.len()));
    stem.push(format!("~{hash}"));
    stem
}

/// The first bytes of `name`, at most `max`.
#[cfg(unix)]
fn prefix(name: &OsStr, max: usize) -> OsString {
    use std::os::unix::ffi::OsStrExt;
    let bytes = name.as_bytes();
    OsStr::from_bytes(&bytes[..max.min(bytes.len())]).to_os_string()
}

/// The first characters of `name`, at most `max` bytes of UTF-8.
#[cfg(not(unix))]
fn prefix(name: &OsStr, max: usize) -> OsString {
    let name = name.to_string_lossy();
    let end = (0..=max.min(name.len()))
        .rev()
        .find(|&i| name.is_char_boundary(i))
        .unwrap_or(0);
    OsString::from(&name[..end])
}

/// Removes the temporary files that a process, now dead, left for a target
/// of this `stem` in `dir`. The folder is listed once per process, the
/// first time it is written to; nothing is removed where `/proc` cannot
/// tell which processes live.
fn remove_stale(dir: &Path, stem: &OsStr) {
    let mut stale = STALE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let found = stale
        .entry(dir.to_path_buf())
        .or_insert_with(|| find_stale(dir));
    found.retain(|(of, path)| {
        let mine = of.as_slice() == stem.as_encoded_bytes();
        if mine {
            let _ = std::fs::remove_file(path);
        }
        !mine
    });
}

/// The temporary files in `dir` whose pid is not a live process: `(stem,
/// path)` of each.
fn find_stale(dir: &Path) -> Vec<Stale> {
    if !Path::new("/proc/self").exists() {
        return Vec::new();
    }
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    entries
        .filter_map(|entry| {
            let name = entry.file_name();
            let (stem, pid) = split_temp_name(name.as_encoded_bytes())?;
            let dead = pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists();
            dead.then(|| (stem.to_vec(), entry.path()))
        })
        .collect()
}

/// `(stem, pid)` of a name `{stem}.{pid}.whalegen-tmp`.
fn split_temp_name(name: &[u8]) -> Option<(&[u8], u32)> {
    let rest = name.strip_suffix(SUFFIX.as_bytes())?;
    let dot = rest.iter().rposition(|&b| b == b'.')?;
    let digits = &rest[dot + 1..];
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let pid = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some((&rest[..dot], pid))
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

    /// Writes `name` in `dir` through an `AtomicFile`; the temporary name used.
    fn write(dir: &Path, name: &OsStr) -> OsString {
        let mut f = AtomicFile::create(&dir.join(name)).unwrap();
        let temp = f.temp_path().file_name().unwrap().to_os_string();
        f.write_all(b"new").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(dir.join(name)).unwrap(), b"new");
        temp
    }

    #[test]
    fn names_up_to_255_bytes_are_writable() {
        let dir = tempfile::tempdir().unwrap();
        let mut temps = Vec::new();
        for len in [1, 200, 230, 231, 244, 255] {
            let name = "a".repeat(len);
            let temp = write(dir.path(), OsStr::new(&name));
            assert!(temp.len() <= NAME_MAX, "{len}: {temp:?}");
            temps.push(temp);
        }
        // Two long names alike but for their end have different temporary names.
        let a = temp_stem(OsStr::new(&format!("{}a.gif", "x".repeat(250))));
        let b = temp_stem(OsStr::new(&format!("{}b.gif", "x".repeat(250))));
        assert_ne!(a, b);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 6);
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_is_written_as_given() {
        use std::os::unix::ffi::OsStrExt;
        let dir = tempfile::tempdir().unwrap();
        let name = OsStr::from_bytes(b"caf\xe9.gif");
        let temp = write(dir.path(), name);
        assert!(temp.as_bytes().starts_with(b".caf\xe9.gif."), "{temp:?}");
        let long = [b"\xff".repeat(240), b".gif".to_vec()].concat();
        let temp = write(dir.path(), OsStr::from_bytes(&long));
        assert!(temp.as_bytes()[1..].starts_with(&long[..100]), "{temp:?}");
    }

    #[test]
    fn temporary_files_of_dead_processes_go_when_their_target_is_written() {
        let dir = tempfile::tempdir().unwrap();
        // No pid reaches 4294967295 (pid_max is at most 2^22); 1 is init.
        let dead = dir.path().join(".a.gif.4294967295.whalegen-tmp");
        let alive = dir.path().join(".a.gif.1.whalegen-tmp");
        let other = dir.path().join(".b.gif.4294967295.whalegen-tmp");
        for path in [&dead, &alive, &other] {
            std::fs::write(path, b"half").unwrap();
        }
        write(dir.path(), OsStr::new("a.gif"));
        assert!(!dead.exists(), "the dead process's file is removed");
        assert!(alive.exists(), "a live process's file is left");
        assert!(other.exists(), "another target's file waits for it");
        write(dir.path(), OsStr::new("b.gif"));
        assert!(!other.exists());
    }

    #[test]
    fn temporary_names_are_told_from_others() {
        assert_eq!(
            split_temp_name(b".a.b.gif.123.whalegen-tmp"),
            Some((&b".a.b.gif"[..], 123))
        );
        assert_eq!(split_temp_name(b".a.gif.12x.whalegen-tmp"), None);
        assert_eq!(split_temp_name(b".a.gif..whalegen-tmp"), None);
        assert_eq!(split_temp_name(b"a.gif"), None);
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
    fn a_missing_folder_is_made_and_a_file_in_the_way_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("no/such/dir/a.gif");
        AtomicFile::create(&target).unwrap().commit().unwrap();
        assert!(target.is_file());
        std::fs::write(dir.path().join("file"), "x").unwrap();
        let err = AtomicFile::create(&dir.path().join("file/sub/a.gif"))
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("file/sub"), "{err}");
    }
}
