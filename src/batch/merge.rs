//! `whalegen batch --merge`: the shares of a batch, made by `--shard I/N`
//! on several machines, gathered into one folder with the manifest an
//! unsharded batch writes.
//!
//! A shard's folder may come from anywhere (an artifact of a CI job that
//! ran a pull request's batch file): everything is checked before anything
//! is written, and only the files its manifest lists, inside its folder,
//! reached by no symbolic link, with the bytes the manifest gives, are
//! copied.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

use sha2::{Digest, Sha256};

use super::manifest::{self, digest, hex, Entry, Manifest, NAME};
use super::shard::Share;
use crate::check;
use crate::error::Error;
use crate::options::MergeOptions;
use crate::paths;
use crate::sink::AtomicFile;

/// What a merge did.
#[derive(Debug, Default)]
pub struct Merged {
    /// Why the merge was refused, one line each (`gap: ...`, `overlap:
    /// ...`, `conflict: ...`, `unlisted: ...`); nothing was written then.
    pub problems: Vec<String>,
    /// The files gathered.
    pub files: usize,
    /// The manifest written, unless refused.
    pub manifest: Option<PathBuf>,
}

/// One shard's folder, its share and the files its manifest lists.
struct Shard<'a> {
    dir: &'a Path,
    share: Share,
    outputs: Vec<Entry>,
}

/// Gathers the shards of `options` into its output folder, once all of
/// them are checked: the shares of one job list, each once, none missing,
/// every file of each share made, and nothing else in their folders.
pub fn merge(options: &MergeOptions) -> Result<Merged, Error> {
    let mut problems = Vec::new();
    let mut shards = Vec::new();
    for dir in &options.shards {
        match manifest::read(dir) {
            Ok(Manifest {
                shard: Some(share),
                outputs,
            }) => shards.push(Shard {
                dir,
                share,
                outputs,
            }),
            Ok(_) => problems.push(format!(
                "not a shard: {}: its manifest has no `shard`; make each share with \
                 `whalegen batch --shard I/N`",
                dir.join(NAME).display()
            )),
            Err(error) => problems.push(error.chain()),
        }
        if is_within(&options.output, dir) {
            problems.push(format!(
                "conflict: {}: the output folder is a shard's, or inside one; merge into \
                 another",
                dir.display()
            ));
        }
    }
    // Shares of different batches are all to make again: their files are
    // not worth a line each.
    if shares(&shards, &mut problems) {
        files(&shards, &mut problems);
    }
    if !problems.is_empty() {
        // A shard's manifest names its files: escaped, it cannot drive the
        // terminal.
        return Ok(Merged {
            problems: problems.iter().map(|p| check::escaped(p)).collect(),
            ..Merged::default()
        });
    }
    let output = &options.output;
    std::fs::create_dir_all(output).map_err(|source| Error::Write {
        path: output.clone(),
        source,
    })?;
    manifest::check_writable(output)?;
    let mut entries = Vec::new();
    for shard in shards {
        for entry in shard.outputs {
            copy(&shard.dir.join(&entry.path), output, &entry)?;
            entries.push(entry);
        }
    }
    let files = entries.len();
    Ok(Merged {
        problems,
        files,
        manifest: Some(manifest::write(output, entries, None)?),
    })
}

/// Whether `path`, which need not exist yet, is the folder `dir` or inside
/// it: the part of `path` that exists resolved (links, `..`), the rest
/// taken as written.
fn is_within(path: &Path, dir: &Path) -> bool {
    let (Ok(dir), Ok(mut full)) = (dir.canonicalize(), Path::new(".").canonicalize()) else {
        return false;
    };
    let mut exists = true;
    for part in path.components() {
        match part {
            Component::ParentDir if !exists => {
                full.pop();
            }
            Component::CurDir => {}
            part => {
                full.push(part);
                if exists {
                    match full.canonicalize() {
                        Ok(resolved) => full = resolved,
                        Err(_) => exists = false,
                    }
                }
            }
        }
    }
    full.starts_with(&dir)
}

/// The shares must be those of one job list, each once, none missing:
/// whether they are of one job list.
fn shares(shards: &[Shard], problems: &mut Vec<String>) -> bool {
    let Some(first) = shards.first() else {
        return true;
    };
    let mut holders: BTreeMap<u32, &Path> = BTreeMap::new();
    let mut one_batch = true;
    for shard in shards {
        let share = &shard.share;
        if (share.count, &share.jobs) != (first.share.count, &first.share.jobs) {
            one_batch = false;
            problems.push(format!(
                "conflict: {} holds {}, {} holds {share}: shares of two different \
                 batches (job lists or whalegen versions); make them all again",
                first.dir.display(),
                first.share,
                shard.dir.display(),
            ));
            continue;
        }
        // manifest::read checked that the share exists.
        if let Some(other) = holders.insert(share.index, shard.dir) {
            problems.push(format!(
                "overlap: {share} is in both {} and {}",
                other.display(),
                shard.dir.display()
            ));
        }
    }
    if !one_batch {
        return false;
    }
    let first = &first.share;
    for index in (1..=first.count).filter(|i| !holders.contains_key(i)) {
        let missing = Share {
            index,
            files: Vec::new(),
            ..first.clone()
        };
        problems.push(format!(
            "gap: {missing} is in none of the folders given: its files were not made"
        ));
    }
    true
}

/// Every file of each share must be made by it and by no other, with the
/// bytes its manifest gives, and nothing else may be in a shard's folder.
fn files(shards: &[Shard], problems: &mut Vec<String>) {
    let mut owners: BTreeMap<&str, &Path> = BTreeMap::new();
    let mut seen = BTreeSet::new();
    // A share given twice is one line already (`shares`).
    for shard in shards.iter().filter(|s| seen.insert(s.share.index)) {
        let (dir, share) = (shard.dir, &shard.share);
        let wanted: BTreeSet<&str> = share.files.iter().map(String::as_str).collect();
        let made: BTreeSet<&str> = shard.outputs.iter().map(|e| e.path.as_str()).collect();
        for &file in &wanted {
            match owners.insert(file, dir) {
                Some(other) if other != dir => problems.push(format!(
                    "overlap: {file}: in the shares of both {} and {}",
                    other.display(),
                    dir.display()
                )),
                _ => {}
            }
        }
        for &file in wanted.difference(&made) {
            problems.push(format!(
                "gap: {file}: in {share} ({}), but not made there: its render failed?",
                dir.display()
            ));
        }
        for &file in made.difference(&wanted) {
            problems.push(format!(
                "conflict: {}: in its manifest, but not in its {share}",
                dir.join(file).display()
            ));
        }
        for entry in &shard.outputs {
            let path = dir.join(&entry.path);
            match digest(&path) {
                Ok((bytes, sha)) if sha == entry.sha256 && bytes == entry.bytes => {}
                Ok((_, sha)) => problems.push(format!(
                    "conflict: {}: sha256 {} in its manifest, {sha} in the file",
                    path.display(),
                    entry.sha256
                )),
                Err(err) => problems.push(format!(
                    "gap: {}: in its manifest, but {err}",
                    path.display()
                )),
            }
        }
        let mut found = Vec::new();
        walk(dir, dir, &mut found, problems);
        let listed = |name: &String| made.contains(name.as_str()) || name == NAME;
        for name in found.iter().filter(|n| !listed(n)) {
            problems.push(format!(
                "unlisted: {}: not in its manifest; a shard's folder holds its outputs only",
                dir.join(name).display()
            ));
        }
    }
}

/// Adds every file under `dir` (relative to `root`, as a manifest names
/// it) to `found`, following no symbolic link: a link is a problem.
fn walk(root: &Path, dir: &Path, found: &mut Vec<String>, problems: &mut Vec<String>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) => return problems.push(format!("unlisted: {}: {err}", dir.display())),
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => return problems.push(format!("unlisted: {}: {err}", dir.display())),
        };
        let path = entry.path();
        match entry.file_type() {
            Ok(kind) if kind.is_symlink() => problems.push(format!(
                "unlisted: {}: a symbolic link, which could lead outside; a shard's \
                 folder holds its outputs only",
                path.display()
            )),
            Ok(kind) if kind.is_dir() => walk(root, &path, found, problems),
            _ => found.push(manifest::name(root, &path)),
        }
    }
}

/// Copies the checked file `from` to its place under `output`, atomically,
/// reading it once more: it must still have the bytes `entry` gives.
fn copy(from: &Path, output: &Path, entry: &Entry) -> Result<(), Error> {
    let to = paths::inside(output, Path::new(&entry.path), "path")?;
    let read_error = |err| Error::Output {
        path: from.to_path_buf(),
        reason: format!("can't read it: {err}; merge again"),
    };
    let mut bytes = Vec::new();
    std::fs::File::open(from)
        .and_then(|file| file.take(entry.bytes + 1).read_to_end(&mut bytes))
        .map_err(read_error)?;
    if hex(&Sha256::digest(&bytes)) != entry.sha256 {
        return Err(Error::Output {
            path: from.to_path_buf(),
            reason: "changed while the shards were merged; merge again".into(),
        });
    }
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(|source| Error::Write {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let mut file = AtomicFile::create(&to)?;
    file.write_all(&bytes).map_err(|source| Error::Write {
        path: to.clone(),
        source,
    })?;
    file.commit()
}
