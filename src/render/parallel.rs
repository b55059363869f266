//! Frames drawn on several threads: this thread steps the sketch and sends
//! snapshots of it to drawing threads, then hands the drawn frames on in
//! order. The sketch itself never leaves this thread, so it need not be
//! `Send`; only its snapshots travel.

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

use super::animation::{at, Animation};
use super::pool::Pool;
use crate::error::Error;
use crate::frame::Frame;
use crate::p5::P5;
use crate::sketch::Snapshot;

/// The name of every drawing thread, as /proc/PID/task/*/comm shows it.
pub const DRAWING_THREAD: &str = "whalegen-draw";

/// A snapshot to draw: its place among the frames handed on, its frame
/// number, the state.
type Job = (u32, u32, Box<dyn Snapshot>);
/// A drawn frame, or why it couldn't be drawn, by its place.
type Done = (u32, Result<Arc<Frame>, Error>);

/// Hands the remaining frames of `animation` to `each`, in order, drawn on
/// `threads` threads while this one steps. At most twice `threads` frames
/// are in flight, so that the drawing threads keep busy while this one
/// waits for a sink (four times as many measured no faster, and 11 MB more). Stops at the first error;
/// the drawing threads stop with it.
pub(super) fn run(
    mut animation: Animation,
    threads: usize,
    each: impl FnMut(&Arc<Frame>) -> Result<(), Error>,
) -> Result<(), Error> {
    let (jobs, queue) = channel::<Job>();
    let (done, finished) = channel::<Done>();
    let queue = Arc::new(Mutex::new(queue));
    std::thread::scope(|s| {
        for _ in 0..threads {
            let (queue, done, pool) = (Arc::clone(&queue), done.clone(), animation.pool.clone());
            let p5 = animation.p5.sibling(pool.take(&animation.p5));
            std::thread::Builder::new()
                .name(DRAWING_THREAD.into())
                .spawn_scoped(s, move || draw_jobs(&queue, &pool, &done, p5))
                .map_err(|err| Error::Threads {
                    threads,
                    reason: err.to_string(),
                })?;
        }
        drop(done);
        // Returning drops `jobs`, which stops the drawing threads.
        step(&mut animation, jobs, &finished, 2 * threads, each)
    })
}

/// Steps `animation`, sends a snapshot of each frame to `jobs`,
/// and hands what comes back from `finished` to `each` in order.
fn step(
    animation: &mut Animation,
    jobs: Sender<Job>,
    finished: &Receiver<Done>,
    limit: usize,
    each: impl FnMut(&Arc<Frame>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut order = InOrder::new(each);
    let mut in_flight = 0;
    let first = animation.written;
    for n in first..animation.selection.count {
        // Frames are handed on by their place among those left.
        let place = n - first;
        animation.advance(false)?;
        let frame = animation.selection.frame(n).expect("n < count");
        let look = animation.sketch.look();
        if look.is_some() && look == animation.drawn {
            order.repeat(place)?;
        } else {
            animation.drawn = look;
            let snapshot = animation.sketch.snapshot().ok_or_else(|| {
                Error::sketch("snapshot() gave None after it had given a snapshot")
            })?;
            if jobs.send((place, frame, snapshot)).is_err() {
                break;
            }
            in_flight += 1;
        }
        while in_flight >= limit {
            in_flight -= 1;
            order.take(finished.recv().expect("every job sent is answered"))?;
        }
    }
    drop(jobs);
    for _ in 0..in_flight {
        order.take(finished.recv().expect("every job sent is answered"))?;
    }
    Ok(())
}

/// A drawing thread: draws each snapshot it is sent, and hands it on in
/// exchange for a spare drawing from `pool`, where its own goes at the end.
fn draw_jobs(queue: &Mutex<Receiver<Job>>, pool: &Pool, done: &Sender<Done>, mut p5: P5) {
    loop {
        let job = queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .recv();
        let Ok((place, frame, snapshot)) = job else {
            break;
        };
        p5.reset_matrix();
        let size = p5.drawing().size();
        // A snapshot that panics fails its frame: the frame is still
        // answered, so the stepping thread never waits for it in vain.
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| snapshot.draw(&mut p5)))
            .unwrap_or_else(|_| Err(Error::Panic("a snapshot's draw panicked".into())));
        let drawn = result.and_then(|()| {
            if p5.drawing().size() != size {
                return Err(Error::sketch("a snapshot changed the canvas's size"));
            }
            let mut drawing = pool.take(&p5);
            p5.swap_drawing(&mut drawing);
            Ok(pool.frame(drawing))
        });
        let failed = drawn.is_err();
        if done
            .send((place, drawn.map_err(|err| at(Some(frame), err))))
            .is_err()
            || failed
        {
            break;
        }
    }
    pool.give(p5.into_drawing());
}

/// Frames that come in any order, handed to `each` in order; a repeat
/// shows the frame before again.
struct InOrder<F> {
    each: F,
    /// By place; `None` repeats the frame before.
    pending: BTreeMap<u32, Option<Arc<Frame>>>,
    next: u32,
    shown: Option<Arc<Frame>>,
}

impl<F: FnMut(&Arc<Frame>) -> Result<(), Error>> InOrder<F> {
    fn new(each: F) -> Self {
        InOrder {
            each,
            pending: BTreeMap::new(),
            next: 0,
            shown: None,
        }
    }

    fn take(&mut self, (place, frame): Done) -> Result<(), Error> {
        self.add(place, Some(frame?))
    }

    fn repeat(&mut self, place: u32) -> Result<(), Error> {
        self.add(place, None)
    }

    fn add(&mut self, place: u32, frame: Option<Arc<Frame>>) -> Result<(), Error> {
        self.pending.insert(place, frame);
        while let Some(frame) = self.pending.remove(&self.next) {
            if frame.is_some() {
                self.shown = frame;
            }
            let shown = self.shown.as_ref().expect("a repeat follows a drawn frame");
            (self.each)(shown)?;
            self.next += 1;
        }
        Ok(())
    }
}
