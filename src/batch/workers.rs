//! A batch's renders on a pool of threads, the longest first, each one's
//! files read back into the manifest's entries.

use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::sync::Mutex;

use super::manifest::{self, Entry};
use super::{write_error, Failure, Planned, JOB_THREAD};
use crate::error::Error;
use crate::options::{cores, BatchOptions};
use crate::progress::{Tally, TallyItem};
use crate::render::render;

/// Renders `planned` on `jobs` threads at a time (at most one per core of
/// the budget), the longest first; each render draws on its share of the
/// budget's threads, so that together they fit it.
pub(super) fn render_all(
    mut planned: Vec<Planned>,
    root: &Path,
    options: &BatchOptions,
    tally: &dyn Tally,
) -> (Vec<Entry>, Vec<Failure>) {
    planned.sort_by(|a, b| b.cost.cmp(&a.cost).then(a.label.cmp(&b.label)));
    let budget = options.threads.unwrap_or_else(cores).get();
    let jobs = options
        .jobs
        .map_or(budget, |j| j.get().min(budget))
        .min(planned.len())
        .max(1);
    let threads = NonZeroUsize::new(budget / jobs).unwrap_or(NonZeroUsize::MIN);
    for item in &mut planned {
        item.plan.threads = threads;
    }
    tally.start(planned.iter().map(|p| u64::from(p.frames)).sum());
    let queue = Mutex::new(planned.into_iter());
    let results = Mutex::new((Vec::new(), Vec::new()));
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let worker = || loop {
                let next = queue.lock().unwrap_or_else(|p| p.into_inner()).next();
                let Some(item) = next else { break };
                let label = item.label.clone();
                // A bug in one render must not take the others down.
                let result =
                    panic::catch_unwind(AssertUnwindSafe(|| render_one(item, root, tally)))
                        .unwrap_or_else(|payload| Err(Error::Panic(panic_message(&*payload))));
                let mut results = results.lock().unwrap_or_else(|p| p.into_inner());
                match result {
                    Ok(entries) => results.0.extend(entries),
                    Err(error) => results.1.push(Failure { label, error }),
                }
            };
            let spawned = std::thread::Builder::new()
                .name(JOB_THREAD.into())
                .spawn_scoped(s, worker);
            if spawned.is_err() {
                // The threads already started do the work.
                break;
            }
        }
    });
    tally.finish();
    results.into_inner().unwrap_or_else(|p| p.into_inner())
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

/// Renders one planned item and reads back what it wrote.
fn render_one(item: Planned, root: &Path, tally: &dyn Tally) -> Result<Vec<Entry>, Error> {
    let Planned {
        plan,
        files,
        label,
        frames,
        ..
    } = item;
    let report = |result: Result<(Vec<Entry>, f64), Error>| match result {
        Ok((entries, seconds)) => {
            let bytes: u64 = entries.iter().map(|e| e.bytes).sum();
            tally.line(&format!("{label}: {bytes} bytes, {seconds:.1} s"));
            Ok(entries)
        }
        Err(error) => {
            tally.line(&format!("{label}: failed: {}", error.chain()));
            Err(error)
        }
    };
    for dir in files.iter().filter_map(|f| f.parent()) {
        if let Err(source) = std::fs::create_dir_all(dir) {
            return report(Err(write_error(dir, source)));
        }
    }
    let placeholder = |key: &str| {
        plan.placeholders
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    };
    let preset = plan.name.clone();
    let scene = placeholder("scene").unwrap_or_else(|| "sketch".into());
    let seed = placeholder("seed")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let entries = render(plan, &mut TallyItem(tally)).and_then(|rendered| {
        let render = manifest::Render {
            preset: &preset,
            scene: &scene,
            seed,
            frames,
            size: rendered.size,
        };
        let entries = files.iter().map(|f| Entry::of_file(root, f, &render));
        Ok((entries.collect::<Result<_, _>>()?, rendered.seconds))
    });
    report(entries)
}
