//! `whalegen batch`: many renders at once, on every core, each output
//! recorded in `manifest.json` with its SHA-256, so that CI can check that
//! nothing changed.
//!
//! Every render is planned (and so checked) before any is run; one that
//! fails, then or while rendering, is reported and the others go on.

mod manifest;
mod merge;
mod shard;
mod spec;
mod workers;

pub(crate) use manifest::read as read_manifest;
pub use manifest::{Change, Entry, NAME as MANIFEST};
pub use merge::{merge, Merged};
pub use shard::Share;
pub(crate) use spec::read_batch_file;

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::limits::scaled;
use crate::options::{BatchOptions, RenderOptions, Shard};
use crate::paths;
use crate::plan::Plan;
use crate::preset;
use crate::progress::Tally;
use spec::{Job, What};
use workers::render_all;

/// The name of each thread that runs a batch's renders, as
/// /proc/PID/task/*/comm shows it.
pub const JOB_THREAD: &str = "whalegen-job";

/// A render that failed: which, and why.
#[derive(Debug)]
pub struct Failure {
    /// The output, or the job, that failed.
    pub label: String,
    /// Why.
    pub error: Error,
}

/// What a batch did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// One per file written, sorted by path.
    pub entries: Vec<Entry>,
    /// The renders that failed, and the jobs refused, sorted by label.
    pub failures: Vec<Failure>,
    /// `--check`: how the new renders differ from the manifest.
    pub changes: Vec<Change>,
    /// The manifest written, unless `--check`.
    pub manifest: Option<PathBuf>,
    /// `--shard`: the share rendered.
    pub share: Option<Share>,
    /// `--shard`: the estimated cost of every share, share 1 first.
    pub loads: Vec<u64>,
    /// Nothing was rendered: the batch wrote outside its folder, or two of
    /// its renders one file (see `failures`).
    pub refused: bool,
}

/// A render that was planned: its plan, its files and its cost.
struct Planned {
    plan: Plan,
    files: Vec<PathBuf>,
    label: String,
    /// Its estimated cost, to start the longest renders first and to split
    /// a batch into shares of equal cost.
    cost: u64,
    frames: u32,
    /// What it renders, alike on every machine (for the job list's hash).
    settings: String,
}

/// Runs the batch `options` ask for, reporting progress to `tally`. Every
/// render is planned, and so checked, before any runs: an output or preset
/// that a batch file names outside its folder, or two outputs that are one
/// file, stop the batch before anything is written. A render that fails
/// otherwise is reported, and the others go on.
pub fn run(options: &BatchOptions, tally: &dyn Tally) -> Result<Outcome, Error> {
    let old = options
        .check
        .then(|| manifest::read(&options.output))
        .transpose()?;
    // --check renders into a private temporary folder and writes nothing
    // in the output folder.
    let temp = options
        .check
        .then(|| tempfile::tempdir().map_err(|source| write_error(&std::env::temp_dir(), source)))
        .transpose()?;
    let root = temp.as_ref().map_or(options.output.as_path(), |t| t.path());
    std::fs::create_dir_all(root).map_err(|source| write_error(root, source))?;
    if old.is_none() {
        manifest::check_writable(root)?;
    }
    let mut outcome = Outcome::default();
    let (mut planned, mut refusals) = (Vec::new(), Vec::new());
    for (label, job) in jobs(&options.inputs) {
        match job.map(|job| job.renders(root)) {
            Ok(Ok(renders)) => planned.extend(renders.into_iter().map(|r| plan(r, root))),
            Ok(Err(error)) => outcome.failures.push(Failure { label, error }),
            // A batch file that can't be read, or that names a preset
            // outside its folder.
            Err(error) => refusals.push(Failure { label, error }),
        }
    }
    let (planned, failures): (Vec<_>, Vec<_>) = planned.into_iter().partition(Result::is_ok);
    outcome
        .failures
        .extend(failures.into_iter().filter_map(Result::err));
    let planned = planned.into_iter().filter_map(Result::ok).collect();
    let (mut planned, refused) = refuse_overlaps(planned, root);
    refusals.extend(refused);
    if !refusals.is_empty() {
        outcome.failures.extend(refusals);
        outcome.failures.sort_by(|a, b| a.label.cmp(&b.label));
        outcome.refused = true;
        return Ok(outcome);
    }
    if let Some(shard) = options.shard {
        let (share, loads) = take_share(&mut planned, shard, root);
        outcome.share = Some(share);
        outcome.loads = loads;
    }
    if let Some(old) = &old {
        same_share(&options.output, old.shard.as_ref(), outcome.share.as_ref())?;
    }
    let (entries, failures) = render_all(planned, root, options, tally);
    outcome.failures.extend(failures);
    outcome.failures.sort_by(|a, b| a.label.cmp(&b.label));
    outcome.entries = entries;
    outcome.entries.sort_by(|a, b| a.path.cmp(&b.path));
    match old {
        Some(old) => {
            outcome.changes = manifest::compare(&old.outputs, &outcome.entries);
            let on_disk = manifest::on_disk(&options.output, &old.outputs);
            outcome.changes.extend(on_disk);
            outcome.changes.sort_by(|a, b| a.path().cmp(b.path()));
        }
        None => {
            let (entries, share) = (outcome.entries.clone(), outcome.share.clone());
            outcome.manifest = Some(manifest::write(root, entries, share)?);
        }
    }
    Ok(outcome)
}

/// Keeps the renders of share `shard` of `planned`: what that share is,
/// and the estimated cost of every share.
fn take_share(planned: &mut Vec<Planned>, shard: Shard, root: &Path) -> (Share, Vec<u64>) {
    let names: Vec<Vec<String>> = planned
        .iter()
        .map(|p| p.files.iter().map(|f| manifest::name(root, f)).collect())
        .collect();
    let items: Vec<shard::Item> = planned
        .iter()
        .zip(&names)
        .map(|(p, files)| shard::Item {
            files,
            cost: p.cost,
            settings: &p.settings,
        })
        .collect();
    let split = shard::split(&items, shard.count);
    let mine = |i: &usize| split.shard_of[*i] == shard.index;
    let mut files: Vec<String> = (0..names.len())
        .filter(mine)
        .flat_map(|i| names[i].iter().cloned())
        .collect();
    files.sort();
    let mut index = 0..;
    planned.retain(|_| index.next().is_some_and(|i| mine(&i)));
    let share = Share {
        index: shard.index,
        count: shard.count,
        jobs: split.jobs,
        files,
    };
    (share, split.loads)
}

/// `--check`: the manifest must hold the share this run renders, or none
/// when it renders the whole batch.
fn same_share(dir: &Path, old: Option<&Share>, new: Option<&Share>) -> Result<(), Error> {
    let reason = match (old, new) {
        (None, None) => return Ok(()),
        (Some(old), Some(new)) if old == new => return Ok(()),
        (Some(old), None) => format!("holds {old} of a batch: check it with --shard"),
        (None, Some(new)) => format!("holds a whole batch, not {new}: check it without --shard"),
        (Some(old), Some(new)) => {
            format!("holds {old}, this run renders {new}: run the shard again without --check")
        }
    };
    Err(Error::ReadManifest {
        path: dir.join(MANIFEST),
        reason,
    })
}

fn write_error(path: &Path, source: std::io::Error) -> Error {
    Error::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// The jobs of `inputs`, each named for reports: a preset by name or file,
/// the jobs of a batch file, every `.toml` of a folder; no inputs, every
/// preset `whalegen list` shows.
fn jobs(inputs: &[String]) -> Vec<(String, Result<Job, Error>)> {
    if inputs.is_empty() {
        return preset::names()
            .into_iter()
            .map(|name| (name.clone(), Ok(Job::of_preset(&name))))
            .collect();
    }
    let mut jobs = Vec::new();
    for input in inputs {
        let path = Path::new(input);
        if path.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(path)
                .into_iter()
                .flatten()
                .flatten()
                .map(|entry| entry.path())
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect();
            files.sort();
            for file in files {
                jobs.extend(jobs_of_file(&file.to_string_lossy()));
            }
        } else {
            jobs.extend(jobs_of_file(input));
        }
    }
    jobs
}

/// A preset name, a preset file, or a batch file.
fn jobs_of_file(input: &str) -> Vec<(String, Result<Job, Error>)> {
    let path = Path::new(input);
    let text = input
        .ends_with(".toml")
        .then(|| paths::read_text(path))
        .and_then(Result::ok);
    match text {
        Some(text) if spec::is_batch_file(&text) => match spec::read_batch_file(path, &text) {
            Ok(jobs) => jobs
                .into_iter()
                .enumerate()
                .map(|(i, job)| (format!("{input} job {}", i + 1), Ok(job)))
                .collect(),
            Err(error) => vec![(input.into(), Err(error))],
        },
        _ => vec![(input.into(), Ok(Job::of_preset(input)))],
    }
}

/// Plans one render, checking everything, to find its files and cost.
fn plan((what, options): (What, RenderOptions), root: &Path) -> Result<Planned, Failure> {
    let template = options.output.clone().unwrap_or_default();
    let name = relative(root, &template);
    let failure = |error| Failure {
        label: format!("{name} ({})", what.label()),
        error,
    };
    // As every machine sees it: output paths relative to `root`.
    let settings = format!(
        "{what:?}\n{:?}",
        RenderOptions {
            output: Some(PathBuf::from(&name)),
            ..options.clone()
        }
    );
    let plan = match &what {
        What::Scene(scene) => Plan::scene(scene, &options),
        What::Sketch(sketch) => Plan::sketch(sketch, &options),
    }
    .map_err(failure)?;
    let frames = plan.selection.count;
    let (w, h) = plan.source.size_hint().unwrap_or((100, 100));
    let scale = plan.canvas.scale;
    let pixels = scaled(w, scale) * scaled(h, scale);
    let scene = match what {
        What::Scene(_) => plan.placeholders.iter().find(|(k, _)| *k == "scene"),
        What::Sketch(_) => None,
    };
    let scene = scene.map(|(_, name)| name.as_str());
    let cost = shard::cost(scene, pixels, frames, plan.selection.steps());
    let files = plan.output.files(frames);
    let label = relative(root, files.first().unwrap_or(&template));
    Ok(Planned {
        plan,
        files,
        label,
        cost,
        frames,
        settings,
    })
}

/// `path` under `root`, as the manifest writes it.
fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// Every file must be inside `root`, and no two renders may write the same
/// file: the renders that break either rule are refused.
fn refuse_overlaps(planned: Vec<Planned>, root: &Path) -> (Vec<Planned>, Vec<Failure>) {
    let mut failures = Vec::new();
    let mut owners = std::collections::BTreeMap::new();
    for (i, p) in planned.iter().enumerate() {
        if let Some(error) = p.files.iter().find_map(|f| outside(root, f).err()) {
            failures.push(Failure {
                label: p.label.clone(),
                error,
            });
        }
        for file in &p.files {
            owners.entry(file.clone()).or_insert_with(Vec::new).push(i);
        }
    }
    let mut shared = vec![false; planned.len()];
    for (file, renders) in owners.iter().filter(|(_, r)| r.len() > 1) {
        for &i in renders {
            if !std::mem::replace(&mut shared[i], true) {
                failures.push(Failure {
                    label: planned[i].label.clone(),
                    error: Error::Output {
                        path: file.clone(),
                        reason: "another render of the batch writes it too; \
                                 tell them apart with {seed} or another name"
                            .into(),
                    },
                });
            }
        }
    }
    (planned, failures)
}

/// Refuses a file that its placeholders took outside `root`.
fn outside(root: &Path, file: &Path) -> Result<PathBuf, Error> {
    let name = file.strip_prefix(root).unwrap_or(file);
    paths::inside(root, name, "outputs.path")
}
