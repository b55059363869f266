//! The clock a sketch's time limit reads: the processor time of the thread
//! that runs its JavaScript, not the wall clock. On a loaded machine (a CI
//! runner sharing its two cores with other jobs) a sketch gets less of a
//! core each second; on the wall clock the same sketch would pass on an
//! idle machine and be stopped on a busy one. Its own processor time is
//! much the same under any load, so a render that passes passes again.
//!
//! The limit holds for the drawing a sketch queued too: its calls are
//! drawn by native code (src/js/record.rs, the raster, the filters) after
//! or while its JavaScript runs, where QuickJS's interrupt cannot stop
//! them. That code tells the clock how much it has done ([`spend`]); every
//! so much work the clock reads the thread's deadline ([`within`]), and
//! once past it, every `spend` says so, and the work gives up.

use std::cell::Cell;
use std::time::{Duration, Instant};

/// The work between two readings of the clock, in [`spend`]'s units (about
/// a pixel blended, an edge crossed): in a release build some 100 us,
/// where a reading takes well under 1 us.
const BETWEEN_READINGS: u64 = 1 << 16;

/// The running thread's deadline and its work since the clock was read.
struct Deadline {
    at: Cell<Option<CpuInstant>>,
    /// The deadline has passed: stays so until the next `within`.
    passed: Cell<bool>,
    work: Cell<u64>,
}

thread_local! {
    static DEADLINE: Deadline = const {
        Deadline {
            at: Cell::new(None),
            passed: Cell::new(false),
            work: Cell::new(0),
        }
    };
}

/// Runs `f` with the running thread's deadline at `span` of its time from
/// now, then puts back the one before (none, unless nested).
pub(crate) fn within<T>(span: Duration, f: impl FnOnce() -> T) -> T {
    let set = |at, passed| {
        DEADLINE.with(|d| {
            let before = (d.at.replace(at), d.passed.replace(passed));
            d.work.set(0);
            before
        })
    };
    let (at, passed) = set(Some(CpuInstant::now().after(span)), false);
    let result = f();
    set(at, passed);
    result
}

/// Counts `work` units done (about a pixel blended or an edge crossed
/// each) and says whether the running thread's deadline has passed, reading
/// the clock only every so much work: the work under way should give up.
/// Never, with no deadline set.
pub(crate) fn spend(work: u64) -> bool {
    DEADLINE.with(|d| {
        if d.passed.get() {
            return true;
        }
        let done = d.work.get().saturating_add(work);
        if done < BETWEEN_READINGS {
            d.work.set(done);
            return false;
        }
        d.work.set(0);
        let passed = d.at.get().is_some_and(CpuInstant::passed);
        d.passed.set(passed);
        passed
    })
}

/// Whether work under way found the running thread's deadline passed
/// (and gave up), without reading the clock.
pub(crate) fn expired() -> bool {
    DEADLINE.with(|d| d.passed.get())
}

/// Whether the running thread's deadline has passed, reading the clock now.
pub(crate) fn passed() -> bool {
    DEADLINE.with(|d| {
        if !d.passed.get() {
            d.passed.set(d.at.get().is_some_and(CpuInstant::passed));
        }
        d.passed.get()
    })
}

/// A point on the running thread's processor-time clock.
#[derive(Debug, Clone, Copy)]
struct CpuInstant(Duration);

impl CpuInstant {
    /// Now, on the running thread's clock.
    fn now() -> CpuInstant {
        CpuInstant(thread_time())
    }

    /// `span` of the running thread's time after this point.
    fn after(self, span: Duration) -> CpuInstant {
        CpuInstant(self.0.saturating_add(span))
    }

    /// Whether the running thread's clock has passed this point.
    fn passed(self) -> bool {
        thread_time() > self.0
    }
}

/// The running thread's processor time (POSIX's `CLOCK_THREAD_CPUTIME_ID`).
#[cfg(unix)]
fn thread_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    if !ok {
        return wall_time();
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Elsewhere, the wall clock since the process first asked.
#[cfg(not(unix))]
fn thread_time() -> Duration {
    wall_time()
}

fn wall_time() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_past_the_deadline_gives_up_and_none_without_one() {
        let busy = |units: u64| {
            let start = Instant::now();
            let mut spent = 0u64;
            while !spend(units) {
                spent += units;
                if start.elapsed() > Duration::from_secs(5) {
                    return None;
                }
            }
            Some((spent, start.elapsed()))
        };
        // No deadline: work goes on.
        assert!((0..1_000_000).all(|_| !spend(1_000)));
        assert!(!passed());
        // A deadline 50 ms on: the work stops, soon after, and stays stopped
        // until the deadline is lifted.
        let (spent, took) = within(Duration::from_millis(50), || {
            let stopped = busy(100).expect("stopped within 5 s");
            assert!(spend(0) && expired() && passed());
            stopped
        });
        assert!(spent > 0, "nothing done before the deadline");
        assert!(took >= Duration::from_millis(45), "{took:?}");
        assert!(took < Duration::from_secs(2), "{took:?}");
        assert!(
            !spend(BETWEEN_READINGS) && !expired() && !passed(),
            "lifted"
        );
        // One huge piece of work reads the clock at once.
        within(Duration::ZERO, || {
            std::thread::sleep(Duration::from_millis(1));
            let x = (0..100_000u64).map(std::hint::black_box).sum::<u64>();
            assert!(x > 0 && spend(u64::MAX));
        });
    }

    #[test]
    fn the_clock_counts_work_not_sleep() {
        let start = CpuInstant::now();
        std::thread::sleep(Duration::from_millis(200));
        // Asleep, the thread takes (almost) no processor time.
        assert!(!start.after(Duration::from_millis(100)).passed());
        // Working, it takes no more than the wall clock's time: 20 ms of it
        // come no sooner than 20 ms of the wall clock.
        let wall = Instant::now();
        let working = CpuInstant::now();
        let mut x = 0u64;
        while !working.after(Duration::from_millis(20)).passed() {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(
            wall.elapsed() >= Duration::from_millis(19),
            "{:?}",
            wall.elapsed()
        );
    }
}
