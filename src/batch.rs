//! `whalegen batch`: many renders at once, on every core, each output
//! recorded in `manifest.json` with its SHA-256, so that CI can check that
//! nothing changed.
//!
//! Every render is planned (and so checked) before any is run; one that
//! fails, then or while rendering, is reported and the others go on.

mod manifest;
mod spec;

pub use manifest::{Change, Entry, NAME as MANIFEST};
pub use spec::outputs;

use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use crate::cli::{BatchArgs, RenderArgs};
use crate::error::Error;
use crate::plan::{Output, Plan};
use crate::preset;
use crate::progress::{Tally, TallyItem};
use crate::render::render;
use spec::Job;

/// A render that failed: which, and why.
#[derive(Debug)]
pub struct Failure {
    pub label: String,
    pub error: Error,
}

/// What a batch did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// One per file written, sorted by path.
    pub entries: Vec<Entry>,
    pub failures: Vec<Failure>,
    /// `--check`: how the new renders differ from the manifest.
    pub changes: Vec<Change>,
    /// The manifest written, unless `--check`.
    pub manifest: Option<PathBuf>,
}

/// A render that was planned: its arguments (planned again when it runs,
/// so that memory holds only the frames being drawn), its files and cost.
struct Planned {
    args: RenderArgs,
    files: Vec<PathBuf>,
    label: String,
    /// Pixels drawn, to start the longest renders first.
    cost: u64,
    frames: u32,
}

/// Runs the batch `args` asks for, reporting progress to `tally`.
pub fn run(args: &BatchArgs, tally: &dyn Tally) -> Result<Outcome, Error> {
    let old = args
        .check
        .then(|| manifest::read(&args.output))
        .transpose()?;
    // --check renders into a temporary folder and writes nothing in -o.
    let temp = args
        .check
        .then(|| tempfile::tempdir().map_err(|source| write_error(&std::env::temp_dir(), source)))
        .transpose()?;
    let root = temp.as_ref().map_or(args.output.as_path(), |t| t.path());
    std::fs::create_dir_all(root).map_err(|source| write_error(root, source))?;
    let mut outcome = Outcome::default();
    let mut planned = Vec::new();
    for (label, job) in jobs(&args.inputs) {
        match job.and_then(|job| job.renders(root)) {
            Ok(renders) => planned.extend(renders.into_iter().map(|a| plan(a, root))),
            Err(error) => outcome.failures.push(Failure { label, error }),
        }
    }
    let (planned, failures) = refuse_duplicates(planned);
    outcome.failures.extend(failures);
    let (entries, failures) = render_all(planned, root, args.jobs, tally)?;
    outcome.failures.extend(failures);
    outcome.failures.sort_by(|a, b| a.label.cmp(&b.label));
    outcome.entries = entries;
    outcome.entries.sort_by(|a, b| a.path.cmp(&b.path));
    match old {
        Some(old) => outcome.changes = manifest::compare(&old, &outcome.entries),
        None => {
            outcome.manifest = Some(manifest::write(root, outcome.entries.clone())?);
        }
    }
    Ok(outcome)
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
        .then(|| std::fs::read_to_string(path))
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

/// Plans `args`, checking everything, to find its files and cost.
fn plan(args: RenderArgs, root: &Path) -> Result<Planned, Failure> {
    let template = args.output.clone().unwrap_or_default();
    let name = relative(root, &template);
    let preset = args.preset.clone().unwrap_or_default();
    match Plan::new(&args) {
        Ok(plan) => {
            let frames = plan.animation.frames();
            let (w, h) = plan.animation.size();
            let steps = u64::from(plan.settings.frames().max(frames));
            let files = files(&plan.output, frames);
            let label = relative(root, files.first().unwrap_or(&template));
            Ok(Planned {
                args,
                files,
                label,
                cost: steps * u64::from(w) * u64::from(h),
                frames,
            })
        }
        Err(error) => Err(Failure {
            label: format!("{name} (preset {preset})"),
            error,
        }),
    }
}

/// `path` under `root`, as the manifest writes it.
fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// The files `output` writes, holding `frames` frames.
fn files(output: &Output, frames: u32) -> Vec<PathBuf> {
    match output {
        Output::Gif(path)
        | Output::Png(path)
        | Output::Apng { path, .. }
        | Output::Sheet { path, .. }
        | Output::Video { path, .. } => vec![path.clone()],
        Output::Frames(pattern) => (0..frames).map(|i| pattern.path(i)).collect(),
        Output::Discard => Vec::new(),
    }
}

/// Two renders may not write the same file: the second is refused.
fn refuse_duplicates(planned: Vec<Result<Planned, Failure>>) -> (Vec<Planned>, Vec<Failure>) {
    let mut kept: Vec<Planned> = Vec::new();
    let mut failures = Vec::new();
    for item in planned {
        match item {
            Ok(p)
                if kept
                    .iter()
                    .any(|k| k.files.iter().any(|f| p.files.contains(f))) =>
            {
                failures.push(Failure {
                    label: p.label.clone(),
                    error: Error::Output {
                        path: p.files[0].clone(),
                        reason: "another render of the batch writes it too; \
                                 tell them apart with {seed} or another name"
                            .into(),
                    },
                })
            }
            Ok(p) => kept.push(p),
            Err(failure) => failures.push(failure),
        }
    }
    (kept, failures)
}

/// Renders `planned`, `jobs` at a time (all cores by default), the longest
/// first. Each render's GIF encoder runs on the same threads, so the batch
/// never asks for more threads than cores.
fn render_all(
    mut planned: Vec<Planned>,
    root: &Path,
    jobs: Option<NonZeroUsize>,
    tally: &dyn Tally,
) -> Result<(Vec<Entry>, Vec<Failure>), Error> {
    planned.sort_by(|a, b| b.cost.cmp(&a.cost).then(a.label.cmp(&b.label)));
    let threads = jobs.map_or_else(rayon::current_num_threads, NonZeroUsize::get);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|err| Error::Threads {
            threads,
            reason: err.to_string(),
        })?;
    tally.start(planned.iter().map(|p| u64::from(p.frames)).sum());
    let next = AtomicUsize::new(0);
    let results = Mutex::new((Vec::new(), Vec::new()));
    pool.install(|| {
        (0..threads.min(planned.len()))
            .into_par_iter()
            .for_each(|_| {
                while let Some(item) = planned.get(next.fetch_add(1, Ordering::Relaxed)) {
                    // A bug in one render must not take the others down.
                    let result =
                        panic::catch_unwind(AssertUnwindSafe(|| render_one(item, root, tally)))
                            .unwrap_or_else(|payload| Err(Error::Panic(panic_message(&*payload))));
                    let mut results = results.lock().unwrap_or_else(|p| p.into_inner());
                    match result {
                        Ok(entries) => results.0.extend(entries),
                        Err(error) => results.1.push(Failure {
                            label: item.label.clone(),
                            error,
                        }),
                    }
                }
            });
    });
    tally.finish();
    Ok(results.into_inner().unwrap_or_else(|p| p.into_inner()))
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

/// Renders one planned item and reads back what it wrote.
fn render_one(item: &Planned, root: &Path, tally: &dyn Tally) -> Result<Vec<Entry>, Error> {
    let report = |result: Result<Vec<Entry>, Error>| {
        match &result {
            Ok(entries) => {
                let bytes: u64 = entries.iter().map(|e| e.bytes).sum();
                let seconds = entries.first().map_or(0.0, |e| e.seconds);
                tally.line(&format!("{}: {bytes} bytes, {seconds:.1} s", item.label));
            }
            Err(error) => tally.line(&format!("{}: failed: {}", item.label, error.chain())),
        }
        result
    };
    for dir in item.files.iter().filter_map(|f| f.parent()) {
        if let Err(source) = std::fs::create_dir_all(dir) {
            return report(Err(write_error(dir, source)));
        }
    }
    let started = Instant::now();
    let result = Plan::new(&item.args).and_then(|plan| {
        let info = (
            plan.name.clone(),
            plan.settings.scene.kind().name(),
            plan.settings.run.seed,
            plan.animation.size(),
        );
        render(plan, &mut TallyItem(tally))?;
        Ok(info)
    });
    let entries = result.and_then(|(preset, scene, seed, size)| {
        let render = manifest::Render {
            preset: &preset,
            scene,
            seed,
            frames: item.frames,
            size,
            seconds: started.elapsed().as_secs_f64(),
        };
        item.files
            .iter()
            .map(|f| Entry::of_file(root, f, &render))
            .collect()
    });
    report(entries)
}
