//! What the page shows, shared between the loop that renders and the
//! threads that serve: the state of the latest render, and a wake-up for
//! the pages waiting on it.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;

use serde::Serialize;

/// The state of the latest render, as the page receives it (JSON).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Status {
    /// Counts every change of the status, from 0; a page waits for the
    /// next one.
    pub seq: u64,
    /// Counts the good outputs written since the watch began, from 0 (the
    /// file on disk before, if any): the page fetches `/output?v=N`.
    pub version: u64,
    /// `rendering`, `ok` or `failed`.
    pub state: &'static str,
    /// The render's summary line (`wrote out/x.gif: ...`) or its error,
    /// as whalegen printed it, without the `whalegen: ` prefix.
    pub text: String,
    /// Whether there is a picture to show: a render succeeded, or the
    /// output existed when the watch began.
    pub picture: bool,
}

/// The latest [`Status`] and a wake-up for those waiting on it.
#[derive(Default)]
pub struct Board {
    status: Mutex<Status>,
    changed: Condvar,
}

impl Board {
    /// A board whose first status says whether there is a picture already.
    pub fn new(picture: bool) -> Board {
        let status = Status {
            state: "rendering",
            picture,
            ..Status::default()
        };
        Board {
            status: Mutex::new(status),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Status> {
        // A thread that panicked while holding it cannot have left a
        // half-made status: every change is a few plain assignments.
        self.status.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The status now.
    pub fn now(&self) -> Status {
        self.lock().clone()
    }

    /// Changes the status with `change`, then wakes every page waiting.
    pub fn update(&self, change: impl FnOnce(&mut Status)) {
        let mut status = self.lock();
        change(&mut status);
        status.seq += 1;
        self.changed.notify_all();
    }

    /// The status once its `seq` is past `seen`, or `None` after `timeout`
    /// without a change.
    pub fn after(&self, seen: u64, timeout: Duration) -> Option<Status> {
        let status = self.lock();
        let (status, _) = self
            .changed
            .wait_timeout_while(status, timeout, |s| s.seq <= seen)
            .unwrap_or_else(|p| p.into_inner());
        (status.seq > seen).then(|| status.clone())
    }
}
