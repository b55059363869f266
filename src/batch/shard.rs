//! A batch split across machines: `--shard I/N` renders share I of N, a
//! split that every machine computes alike from the job list alone, and
//! records in its manifest which share of which job list it holds, so that
//! `--merge` can tell a gap, an overlap or a mix of batches.

use std::fmt;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::manifest::hex;

/// The estimated cost of a render, in nanoseconds on one core: frames x
/// pixels x the scene's cost of a pixel of one frame, measured on the
/// presets' GIFs and the README's stills (release build, one thread; the
/// scenes vary about 3 times either way round these). A built-in scene
/// steps the frames it does not write at about 1/32 of the cost of drawing
/// them; a p5.js sketch runs `draw()` on every frame, written or not.
/// `scene` is the scene's name, `None` for a sketch.
pub(crate) fn cost(scene: Option<&str>, pixels: u64, written: u32, steps: u32) -> u64 {
    let (written, steps) = (u64::from(written), u64::from(steps.max(written)));
    let per_pixel = match scene {
        None => return pixels.saturating_mul(steps).saturating_mul(150),
        Some("tree") => 4,
        Some("chain") => 10,
        _ => 12,
    };
    let frames = written * 32 + (steps - written);
    pixels.saturating_mul(frames).saturating_mul(per_pixel) / 32
}

/// What a shard's manifest says of its share; the unsharded (and the
/// merged) manifest has none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Share {
    /// This share's number, from 1.
    pub index: u32,
    /// How many shares the batch was split into.
    pub count: u32,
    /// The SHA-256 of the whole job list: whalegen's version, then every
    /// render's files, estimated cost and settings, sorted by file.
    pub jobs: String,
    /// The files this share is to write, sorted, as the manifest names them.
    pub files: Vec<String>,
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let jobs = self.jobs.get(..12).unwrap_or(&self.jobs);
        write!(
            f,
            "share {} of {} of job list {jobs}",
            self.index, self.count
        )
    }
}

/// One render, as the split sees it.
pub(crate) struct Item<'a> {
    /// Its files, relative to the output folder, `/` between folders.
    pub files: &'a [String],
    /// Its estimated cost.
    pub cost: u64,
    /// Its settings, in a form that is the same on every machine that runs
    /// the same command in the same folder.
    pub settings: &'a str,
}

/// A split of a job list.
pub(crate) struct Split {
    /// The shard of each item, from 1, in the items' order.
    pub shard_of: Vec<u32>,
    /// The estimated cost of each share, share 1 first.
    pub loads: Vec<u64>,
    /// The job list's SHA-256.
    pub jobs: String,
}

/// Splits `items` into `count` shares of about equal cost: the costliest
/// first, each to the share with the least so far (the lowest number on a
/// tie), which leaves the largest share at most one render over the mean.
/// The order of `items` does not matter: they are sorted by cost, then by
/// first file, which no two renders share.
pub(crate) fn split(items: &[Item], count: u32) -> Split {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&items[a], &items[b]);
        b.cost.cmp(&a.cost).then_with(|| a.files.cmp(b.files))
    });
    let mut loads = vec![0u64; count as usize];
    let mut shard_of = vec![0; items.len()];
    let mut hasher = Sha256::new();
    hasher.update(format!("whalegen {}\n", env!("CARGO_PKG_VERSION")));
    let mut by_file = order.clone();
    by_file.sort_by(|&a, &b| items[a].files.cmp(items[b].files));
    for &i in &by_file {
        let item = &items[i];
        let files = item.files.join("\t");
        hasher.update(format!("{files}\n{}\n{}\n", item.cost, item.settings));
    }
    for i in order {
        let least = (0..loads.len())
            .min_by_key(|&s| (loads[s], s))
            .expect("at least one share");
        loads[least] = loads[least].saturating_add(items[i].cost);
        shard_of[i] = least as u32 + 1;
    }
    Split {
        shard_of,
        loads,
        jobs: hex(&hasher.finalize()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_balances_cost_and_ignores_the_order_of_the_list() {
        let files: Vec<Vec<String>> = (0..9).map(|i| vec![format!("{i}.png")]).collect();
        let costs = [9, 1, 8, 2, 7, 3, 6, 4, 5];
        let items: Vec<Item> = files
            .iter()
            .zip(costs)
            .map(|(files, cost)| Item {
                files,
                cost,
                settings: "s",
            })
            .collect();
        let split_of = |items: &[Item]| {
            let split = split(items, 3);
            let mut shares: Vec<(String, u32)> = items
                .iter()
                .zip(&split.shard_of)
                .map(|(item, &s)| (item.files[0].clone(), s))
                .collect();
            shares.sort();
            (shares, split.loads, split.jobs)
        };
        let (shares, loads, jobs) = split_of(&items);
        // 9+4+3, 8+5+2, 7+6+1: the greedy split, within one render of even.
        assert_eq!(loads, [16, 15, 14]);
        assert!(shares.iter().all(|(_, s)| (1..=3).contains(s)));
        let reversed: Vec<Item> = items
            .iter()
            .rev()
            .map(|i| Item {
                files: i.files,
                cost: i.cost,
                settings: i.settings,
            })
            .collect();
        assert_eq!(split_of(&reversed), (shares, loads, jobs.clone()));
        let mut other = items;
        other[0].settings = "t";
        assert_ne!(split_of(&other).2, jobs, "the hash covers the settings");
    }
}
