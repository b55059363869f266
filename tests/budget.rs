//! The thread budget of a batch, counted in /proc/self/task. Alone in its
//! test binary: tests running beside it in one process would start drawing
//! threads of their own and be counted too.

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
