//! `manifest.json`: what a batch wrote, one entry per file, and the
//! comparison `--check` makes with it.

use std::io::{ErrorKind, Read, Write};
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::shard::Share;
use crate::check;
use crate::error::Error;
use crate::folder::Folder;
use crate::limits::MAX_SHARDS;
use crate::paths;
use crate::sink::AtomicFile;

/// The manifest's name in the batch's output folder.
pub const NAME: &str = "manifest.json";

/// One file a batch wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Relative to the output folder, with `/` between folders.
    pub path: String,
    /// The preset (or scene, or sketch) rendered.
    pub preset: String,
    /// The scene's name, or `sketch`.
    pub scene: String,
    /// The render's seed (0 for a sketch that has none).
    pub seed: u64,
    /// Frames written to this output.
    pub frames: u32,
    /// In pixels, the raster (the canvas times `scale`) of one frame.
    pub width: u32,
    /// In pixels, as `width`.
    pub height: u32,
    /// The file's size.
    pub bytes: u64,
    /// Of the file's bytes, in lower-case hex.
    pub sha256: String,
}

/// What an entry says of its render, all but the file.
pub(crate) struct Render<'a> {
    pub preset: &'a str,
    pub scene: &'a str,
    pub seed: u64,
    pub frames: u32,
    pub size: (u32, u32),
}

impl Entry {
    /// The entry of `file`, found under `root`, as `render` wrote it.
    pub(crate) fn of_file(root: &Path, file: &Path, render: &Render) -> Result<Entry, Error> {
        let (bytes, sha256) = digest(file).map_err(|source| Error::Write {
            path: file.to_path_buf(),
            source,
        })?;
        Ok(Entry {
            path: name(root, file),
            preset: render.preset.into(),
            scene: render.scene.into(),
            seed: render.seed,
            frames: render.frames,
            width: render.size.0,
            height: render.size.1,
            bytes,
            sha256,
        })
    }
}

/// `file`, under `root`, as the manifest names it: relative, with `/`
/// between folders.
pub(crate) fn name(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).unwrap_or(file);
    let parts: Vec<_> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect();
    parts.join("/")
}

/// The size and SHA-256 (lower-case hex) of the regular file `path`, read
/// in pieces; anything else (a link, a folder, a pipe) is refused unread.
pub(crate) fn digest(path: &Path) -> std::io::Result<(u64, String)> {
    if !std::fs::symlink_metadata(path)?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    let (mut file, mut hasher) = (std::fs::File::open(path)?, Sha256::new());
    let (mut buffer, mut bytes) = (vec![0; 1 << 16], 0);
    loop {
        match file.read(&mut buffer)? {
            0 => return Ok((bytes, hex(&hasher.finalize()))),
            n => {
                hasher.update(&buffer[..n]);
                bytes += n as u64;
            }
        }
    }
}

/// `bytes` in lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A manifest: a shard's says which share of the batch it holds.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// A shard's share; none in an unsharded or merged manifest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Share>,
    /// The files written, sorted by path.
    pub outputs: Vec<Entry>,
}

/// Writes `entries`, sorted by path, to `dir/manifest.json`, atomically,
/// with the `shard` it holds, if any.
pub fn write(dir: &Path, mut entries: Vec<Entry>, shard: Option<Share>) -> Result<PathBuf, Error> {
    entries.sort_by(|a, b| a.path.cmp(&b.path));
    let path = dir.join(NAME);
    let manifest = Manifest {
        shard,
        outputs: entries,
    };
    let text = serde_json::to_string_pretty(&manifest).expect("entries serialise to JSON");
    let mut file = AtomicFile::create(&path)?;
    file.write_all(format!("{text}\n").as_bytes())
        .map_err(|source| Error::Write {
            path: path.clone(),
            source,
        })?;
    file.commit()?;
    Ok(path)
}

/// Fails, before anything renders, when `dir/manifest.json` could not be
/// written: something other than a file is in the way.
pub fn check_writable(dir: &Path) -> Result<(), Error> {
    let path = dir.join(NAME);
    match std::fs::symlink_metadata(&path) {
        Ok(meta) if !meta.is_file() => Err(Error::Output {
            path,
            reason: "is not a file: the batch's manifest goes there; move it away".into(),
        }),
        _ => Ok(()),
    }
}

/// The largest manifest read, in bytes (64 MiB): about 200,000 outputs.
pub const MAX_MANIFEST: u64 = 64 << 20;

/// `dir/manifest.json`, its share (if any) checked to be one of at most
/// `MAX_SHARDS`, each path checked to name a file
/// inside `dir` (the manifest may come from anywhere: no `..`, no absolute
/// path, no symbolic link on the way) and to be unique. The manifest
/// itself must be a regular file of at most [`MAX_MANIFEST`] bytes, not a
/// link (see [`Folder`]); a refusal never quotes its values.
pub fn read(dir: &Path) -> Result<Manifest, Error> {
    let path = dir.join(NAME);
    let refuse = |reason: String| Error::ReadManifest {
        path: path.clone(),
        reason,
    };
    let text = Folder::open(dir)
        .and_then(|folder| folder.read_text(Path::new(NAME), "manifest", MAX_MANIFEST))
        .map_err(|err| match err {
            Error::ReadPreset { source, .. } if source.kind() == ErrorKind::NotFound => refuse(
                format!("{source}; write it with `whalegen batch` without --check first"),
            ),
            Error::ReadPreset { source, .. } => refuse(source.to_string()),
            other => refuse(other.to_string()),
        })?;
    let manifest: Manifest = serde_json::from_str(&text).map_err(|err| refuse(shape(&err)))?;
    if let Some(share) = &manifest.shard {
        if !(1..=MAX_SHARDS).contains(&share.count) || !(1..=share.count).contains(&share.index) {
            return Err(refuse(format!(
                "`shard` holds share {} of {}: expected I of N, N from 1 to {MAX_SHARDS} and \
                 I from 1 to N",
                share.index, share.count
            )));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for entry in &manifest.outputs {
        paths::inside(dir, Path::new(&entry.path), "path")
            .map_err(|err| refuse(err.to_string()))?;
        let parts = Path::new(&entry.path).components();
        if !parts.clone().all(|c| matches!(c, Component::Normal(_)))
            || parts.count() != entry.path.split('/').count()
        {
            return Err(refuse(format!(
                "`path` {:?} is not written as a batch writes it (folders joined by one `/`)",
                entry.path
            )));
        }
        if !seen.insert(entry.path.as_str()) {
            return Err(refuse(format!("`path` {:?} is listed twice", entry.path)));
        }
    }
    Ok(manifest)
}

/// What `err` says is wrong with a manifest, without the value at fault
/// (it could be anything: a token, a terminal's escape sequence): serde
/// quotes the value, or an unknown key, first; a missing or repeated key
/// is one of the manifest's own and is kept.
fn shape(err: &serde_json::Error) -> String {
    let text = err.to_string();
    let own = text.starts_with("missing field") || text.starts_with("duplicate field");
    let quoted = text.find(['`', '"']).filter(|_| !own).and_then(|start| {
        let quote = text.as_bytes()[start];
        // The end: the next quote that no backslash escapes.
        let mut escaped = false;
        let end = text[start + 1..].bytes().position(|b| {
            let end = b == quote && !escaped;
            escaped = b == b'\\' && !escaped;
            end
        })? + start
            + 1;
        let quote = quote as char;
        Some(format!(
            "{}{quote}…{quote}{}",
            &text[..start],
            &text[end + 1..]
        ))
    });
    check::escaped(&quoted.unwrap_or(text))
}

/// The files of `entries`, under `dir`, whose bytes are not the ones the
/// manifest lists, or that are not there: what `--check` finds on disk.
pub fn on_disk(dir: &Path, entries: &[Entry]) -> Vec<Change> {
    entries
        .iter()
        .filter_map(|entry| {
            let found = digest(&dir.join(&entry.path)).map_err(|err| match err.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_string(),
                _ => err.to_string(),
            });
            let changed = found.as_ref().map_or(true, |(_, sha)| *sha != entry.sha256);
            changed.then(|| Change::OnDisk {
                path: entry.path.clone(),
                old: entry.sha256.clone(),
                found: found.map(|(_, sha)| sha),
            })
        })
        .collect()
}

/// One difference between a manifest and a new render.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// The file's bytes differ.
    Changed {
        /// As in the manifest.
        path: String,
        /// The manifest's SHA-256.
        old: String,
        /// The new render's SHA-256.
        new: String,
    },
    /// Rendered now, not in the manifest.
    Added {
        /// As in the manifest.
        path: String,
        /// The new render's SHA-256.
        new: String,
    },
    /// In the manifest, not rendered now.
    Missing {
        /// As in the manifest.
        path: String,
        /// The manifest's SHA-256.
        old: String,
    },
    /// In the manifest, but the file in the folder has other bytes, or
    /// cannot be read.
    OnDisk {
        /// As in the manifest.
        path: String,
        /// The manifest's SHA-256.
        old: String,
        /// The file's SHA-256, or why there is none.
        found: Result<String, String>,
    },
}

/// The differences between `old` and `new` by path and hash, sorted by
/// path.
pub fn compare(old: &[Entry], new: &[Entry]) -> Vec<Change> {
    let find = |entries: &[Entry], path: &str| {
        entries
            .iter()
            .find(|e| e.path == path)
            .map(|e| e.sha256.clone())
    };
    let mut changes: Vec<Change> = new
        .iter()
        .filter_map(|n| match find(old, &n.path) {
            None => Some(Change::Added {
                path: n.path.clone(),
                new: n.sha256.clone(),
            }),
            Some(old) if old != n.sha256 => Some(Change::Changed {
                path: n.path.clone(),
                old,
                new: n.sha256.clone(),
            }),
            Some(_) => None,
        })
        .collect();
    changes.extend(
        old.iter()
            .filter(|o| find(new, &o.path).is_none())
            .map(|o| Change::Missing {
                path: o.path.clone(),
                old: o.sha256.clone(),
            }),
    );
    changes.sort_by(|a, b| a.path().cmp(b.path()));
    changes
}

impl Change {
    /// The file, as the manifest names it.
    pub fn path(&self) -> &str {
        match self {
            Change::Changed { path, .. }
            | Change::Added { path, .. }
            | Change::Missing { path, .. }
            | Change::OnDisk { path, .. } => path,
        }
    }
}

/// A change in a line; the path, the manifest's, escaped.
impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let path = check::escaped(self.path());
        match self {
            Change::Changed { old, new, .. } => {
                write!(f, "changed: {path}: sha256 {old} -> {new}")
            }
            Change::Added { new, .. } => {
                write!(f, "new: {path}: sha256 {new}, not in the manifest")
            }
            Change::Missing { old, .. } => {
                write!(
                    f,
                    "missing: {path}: sha256 {old} in the manifest, not rendered"
                )
            }
            Change::OnDisk {
                old,
                found: Ok(new),
                ..
            } => write!(
                f,
                "changed on disk: {path}: sha256 {old} in the manifest, {new} in the file"
            ),
            Change::OnDisk {
                found: Err(why), ..
            } => write!(f, "missing on disk: {path}: in the manifest, but {why}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(path: &str, sha: &str) -> Entry {
        Entry {
            path: path.into(),
            preset: "p".into(),
            scene: "chain".into(),
            seed: 1,
            frames: 1,
            width: 1,
            height: 1,
            bytes: 1,
            sha256: sha.into(),
        }
    }

    #[test]
    fn changes_are_found_by_path_and_hash_only() {
        let old = [
            entry("a.png", "1"),
            entry("b.png", "2"),
            entry("c.png", "3"),
        ];
        let new = [
            entry("a.png", "1"),
            entry("b.png", "5"),
            entry("d.png", "4"),
        ];
        let changes: Vec<String> = compare(&old, &new)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            changes,
            [
                "changed: b.png: sha256 2 -> 5",
                "missing: c.png: sha256 3 in the manifest, not rendered",
                "new: d.png: sha256 4, not in the manifest",
            ]
        );
    }

    #[test]
    fn a_manifest_of_the_wrong_shape_is_refused_without_its_values() {
        let seq = "invalid type: string \"…\", expected a sequence";
        for (json, said) in [
            (r#"{"outputs": "ghp_secret"}"#, seq),
            (r#"{"outputs": "ghp_\"secret"}"#, seq),
            (r#"{"ghp_secret": 1}"#, "unknown field `…`, expected"),
            (
                r#"{"shard": {"index": "ghp_secret"}}"#,
                "invalid type: string \"…\", expected u32",
            ),
            ("{}", "missing field `outputs`"),
        ] {
            let err = serde_json::from_str::<Manifest>(json).unwrap_err();
            let shown = shape(&err);
            assert!(
                shown.starts_with(said) && !shown.contains("secret"),
                "{json}: {shown}"
            );
            assert!(shown.contains("line 1 column"), "{shown}");
        }
    }
}
