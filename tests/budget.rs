//! The thread budget of a batch, counted in /proc/self/task. Alone in its
//! test binary: tests running beside it in one process would start drawing
//! threads of their own and be counted too.

use std::collections::BTreeMap;
use std::sync::atomic::Ordering;

use whalegen::BatchOptions;

/// How many of this process's threads are named `name` right now.
fn threads_named(name: &str) -> usize {
    std::fs::read_dir("/proc/self/task")
        .unwrap()
        .flatten()
        .filter(|task| {
            std::fs::read_to_string(task.path().join("comm")).is_ok_and(|c| c.trim() == name)
        })
        .count()
}

#[test]
fn a_batch_shares_one_thread_budget() {
    let dir = tempfile::tempdir().unwrap();
    let batch = dir.path().join("b.toml");
    let mut text = String::new();
    for seed in 1..=4 {
        text += &format!(
            "[[job]]\npreset = \"whale\"\nseeds = [{seed}]\n\
             outputs = [{{ path = \"w{seed}/\", frames = 40 }}, {{ path = \"w{seed}.gif\", frames = 40 }}]\n"
        );
    }
    std::fs::write(&batch, text).unwrap();
    let options = BatchOptions {
        inputs: vec![batch.to_string_lossy().into_owned()],
        output: dir.path().join("out"),
        jobs: Some(2.try_into().unwrap()),
        threads: Some(6.try_into().unwrap()),
        ..BatchOptions::default()
    };
    let done = std::sync::atomic::AtomicBool::new(false);
    let (most, outcome) = std::thread::scope(|s| {
        let watcher = s.spawn(|| {
            let mut most = 0;
            while !done.load(Ordering::SeqCst) {
                most = most.max(threads_named(whalegen::DRAWING_THREAD));
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            most
        });
        let outcome = whalegen::batch(&options, &NoTally);
        done.store(true, Ordering::SeqCst);
        (watcher.join().unwrap(), outcome.unwrap())
    });
    assert!(outcome.failures.is_empty(), "{:?}", outcome.failures);
    assert_eq!(outcome.entries.len(), 4 * 41);
    // Two renders at a time, three threads each, of which the encoder of
    // the GIF or the PNG frames takes one: never more than 4 drawing.
    assert!((1..=4).contains(&most), "{most} drawing threads");
}

struct NoTally;

impl whalegen::Tally for NoTally {
    fn start(&self, _total: u64) {}
    fn advance(&self) {}
    fn line(&self, _text: &str) {}
    fn finish(&self) {}
}

/// The most threads the process ran at once, and the most of each name,
/// looked at every millisecond until it ends.
fn threads_of(child: &mut std::process::Child) -> (usize, BTreeMap<String, usize>) {
    let (mut most, mut named) = (0, BTreeMap::new());
    let tasks = format!("/proc/{}/task", child.id());
    while child.try_wait().unwrap().is_none() {
        let mut now = BTreeMap::<String, usize>::new();
        for task in std::fs::read_dir(&tasks).into_iter().flatten().flatten() {
            if let Ok(name) = std::fs::read_to_string(task.path().join("comm")) {
                *now.entry(name.trim().to_string()).or_default() += 1;
            }
        }
        most = most.max(now.values().sum());
        for (name, n) in now {
            let seen = named.entry(name).or_default();
            *seen = n.max(*seen);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    (most, named)
}

#[test]
fn threads_bound_drawing_and_encoding_together() {
    let dir = tempfile::tempdir().unwrap();
    for output in ["w.gif", "frames/", "w.apng"] {
        for threads in [1, 3] {
            let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_whalegen"))
                .current_dir(dir.path())
                .args([
                    "render", "--scene", "whale", "--frames", "200", "-q", "-o", output,
                ])
                .args(["--threads", &threads.to_string()])
                .spawn()
                .unwrap();
            let (most, named) = threads_of(&mut child);
            assert!(child.wait().unwrap().success(), "{output}");
            // The main thread steps the sketch and hands frames on, and
            // ctrlc's waits for signals (a thread is named by itself, once
            // started: it shows the process's name until then). On one
            // thread nothing else runs; on three, two draw and one encodes
            // (an APNG encodes on the main one).
            let said = format!("{output} on {threads} threads: {most} at once, {named:?}");
            let drawing = named.get(whalegen::DRAWING_THREAD).copied().unwrap_or(0);
            let encoding = named.get(whalegen::ENCODING_THREAD).copied().unwrap_or(0);
            if threads == 1 {
                assert!(most <= 2 && drawing + encoding == 0, "{said}");
            } else {
                assert!(most <= 5 && drawing <= 2 && encoding <= 1, "{said}");
            }
        }
    }
}
