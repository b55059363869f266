//! What the watch looks at: the files under its folders, each with its
//! modification time and size, compared from one look to the next. Polling
//! is a few hundred `stat`s a look, and works the same on every system and
//! file system (network and container mounts drop change events).

use std::collections::BTreeMap;
use std::fs::Metadata;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The most files one look counts; past it, the rest are not watched.
pub const MAX_FILES: usize = 10_000;

/// How deep below a watched folder files are looked at.
const MAX_DEPTH: usize = 8;

/// Folders never looked into: version control, packages and builds.
const SKIPPED: [&str; 2] = ["node_modules", "target"];

/// Every file under the watched paths, with its modification time and
/// size; two looks differ when a file was saved, added or removed.
#[derive(Debug, PartialEq)]
pub struct Snapshot {
    files: BTreeMap<PathBuf, (Option<SystemTime>, u64)>,
    /// The look stopped at [`MAX_FILES`].
    pub full: bool,
}

impl Snapshot {
    /// Looks at `roots` (files, or folders looked into to [`MAX_DEPTH`]),
    /// leaving out `output` (the watch's own output), the files the watch's
    /// own standard output and error go to (`whalegen watch sk > sk/log`
    /// would otherwise see each of its summary lines as a save), hidden
    /// files (such as whalegen's temporary ones) and the [`SKIPPED`]
    /// folders. A path that cannot be read is left out: it may be being
    /// saved.
    pub fn take(roots: &[PathBuf], output: &Path) -> Snapshot {
        let mut look = Snapshot {
            files: BTreeMap::new(),
            full: false,
        };
        let own = Own {
            output,
            logs: own_logs(),
        };
        for root in roots {
            look.visit(root, 0, &own);
        }
        look
    }

    /// A path in one look and not the other, or changed: the first, in
    /// path order.
    pub fn changed<'a>(&'a self, before: &'a Snapshot) -> Option<&'a Path> {
        let added = self
            .files
            .iter()
            .find(|(path, seen)| before.files.get(*path) != Some(seen));
        let removed = || {
            before
                .files
                .keys()
                .find(|path| !self.files.contains_key(*path))
        };
        added
            .map(|(path, _)| path)
            .or_else(removed)
            .map(|p| p.as_path())
    }

    fn visit(&mut self, path: &Path, depth: usize, own: &Own) {
        if self.files.len() >= MAX_FILES {
            self.full = true;
            return;
        }
        // A link is followed to a file, never to a folder: no cycles.
        let Ok(meta) = std::fs::metadata(path) else {
            return;
        };
        if meta.is_file() {
            if !own.is(path, &meta) {
                self.files
                    .insert(path.to_path_buf(), (meta.modified().ok(), meta.len()));
            }
            return;
        }
        let is_link = path.symlink_metadata().is_ok_and(|m| m.is_symlink());
        if !meta.is_dir() || depth > MAX_DEPTH || (depth > 0 && is_link) {
            return;
        }
        let Ok(entries) = std::fs::read_dir(path) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok())
            .filter(|e| !is_hidden_or_skipped(&e.file_name().to_string_lossy()))
            .map(|e| e.path())
            .collect();
        paths.sort();
        for path in paths {
            self.visit(&path, depth + 1, own);
        }
    }
}

/// What the watch writes itself: its output, and its standard output and
/// error when they are files.
struct Own<'a> {
    output: &'a Path,
    /// The device and inode of each log.
    logs: Vec<(u64, u64)>,
}

impl Own<'_> {
    fn is(&self, path: &Path, meta: &Metadata) -> bool {
        path == self.output || self.logs.contains(&identity(meta))
    }
}

/// The device and inode of the files this process's standard output and
/// error are, leaving out terminals and pipes.
#[cfg(unix)]
fn own_logs() -> Vec<(u64, u64)> {
    use std::os::fd::AsFd;
    [
        std::io::stdout().as_fd().try_clone_to_owned(),
        std::io::stderr().as_fd().try_clone_to_owned(),
    ]
    .into_iter()
    .flatten()
    .filter_map(|fd| std::fs::File::from(fd).metadata().ok())
    .filter(Metadata::is_file)
    .map(|meta| identity(&meta))
    .collect()
}

/// Elsewhere, none are known.
#[cfg(not(unix))]
fn own_logs() -> Vec<(u64, u64)> {
    Vec::new()
}

#[cfg(unix)]
fn identity(meta: &Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn identity(_: &Metadata) -> (u64, u64) {
    (0, 0)
}

fn is_hidden_or_skipped(name: &str) -> bool {
    name.starts_with('.') || SKIPPED.contains(&name)
}
