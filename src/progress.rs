//! Progress reporting: the library reports through a trait and never touches
//! the terminal itself.

/// Receives progress from a long job.
pub trait Progress {
    /// The job has `total` steps.
    fn start(&mut self, total: u64);
    /// One more step is done.
    fn advance(&mut self);
    /// The job is over, done or failed.
    fn finish(&mut self);
}

/// Reports nothing: for a render nobody watches.
pub struct Silent;

impl Progress for Silent {
    fn start(&mut self, _total: u64) {}
    fn advance(&mut self) {}
    fn finish(&mut self) {}
}

/// Receives the progress of many renders at once, from many threads.
pub trait Tally: Sync {
    /// The renders have `total` frames in all.
    fn start(&self, total: u64);
    /// One more frame is done.
    fn advance(&self);
    /// One render is over, said in one line.
    fn line(&self, text: &str);
    /// Every render is over.
    fn finish(&self);
}

/// One render of many, reporting its frames to their `Tally`.
pub(crate) struct TallyItem<'a>(pub &'a dyn Tally);

impl Progress for TallyItem<'_> {
    fn start(&mut self, _total: u64) {}
    fn advance(&mut self) {
        self.0.advance();
    }
    fn finish(&mut self) {}
}
