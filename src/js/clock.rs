//! The clock a sketch's time limit reads: the processor time of the thread
//! that runs its JavaScript, not the wall clock. On a loaded machine (a CI
//! runner sharing its two cores with other jobs) a sketch gets less of a
//! core each second; on the wall clock the same sketch would pass on an
//! idle machine and be stopped on a busy one. Its own processor time is
//! much the same under any load, so a render that passes passes again.

use std::time::{Duration, Instant};

/// A point on the running thread's processor-time clock.
#[derive(Debug, Clone, Copy)]
pub(super) struct CpuInstant(Duration);

impl CpuInstant {
    /// Now, on the running thread's clock.
    pub(super) fn now() -> CpuInstant {
        CpuInstant(thread_time())
    }

    /// `span` of the running thread's time after this point.
    pub(super) fn after(self, span: Duration) -> CpuInstant {
        CpuInstant(self.0.saturating_add(span))
    }

    /// Whether the running thread's clock has passed this point.
    pub(super) fn passed(self) -> bool {
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
