//! Progress reporting: the library reports through a trait and never touches
//! the terminal itself.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Receives progress from a long job.
pub trait Progress {
    /// The job has `total` steps.
    fn start(&mut self, total: u64);
    /// One more step is done.
    fn advance(&mut self);
    /// The job is over, done or failed.
    fn finish(&mut self);
}

/// Reports nothing.
pub struct Silent;

impl Progress for Silent {
    fn start(&mut self, _total: u64) {}
    fn advance(&mut self) {}
    fn finish(&mut self) {}
}

/// An indicatif bar on stderr, shown only when stderr is a terminal.
pub struct Bar {
    label: String,
    bar: Option<ProgressBar>,
}

impl Bar {
    pub fn new(label: impl Into<String>) -> Self {
        Bar {
            label: label.into(),
            bar: None,
        }
    }
}

impl Progress for Bar {
    fn start(&mut self, total: u64) {
        let target = if std::io::stderr().is_terminal() {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let style = ProgressStyle::with_template(
            "{msg} [{bar:30}] {pos}/{len} frames, {per_sec}, eta {eta}",
        )
        .expect("a valid template")
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(self.label.clone());
        self.bar = Some(bar);
    }

    fn advance(&mut self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
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
pub struct TallyItem<'a>(pub &'a dyn Tally);

impl Progress for TallyItem<'_> {
    fn start(&mut self, _total: u64) {}
    fn advance(&mut self) {
        self.0.advance();
    }
    fn finish(&mut self) {}
}

/// One indicatif bar on stderr counting the frames of every render, with a
/// line above it per finished render; when stderr is not a terminal, only
/// the lines. `quiet` shows neither.
pub struct Overall {
    bar: ProgressBar,
    lines: bool,
}

impl Overall {
    pub fn new(quiet: bool) -> Self {
        let terminal = std::io::stderr().is_terminal() && !quiet;
        let target = if terminal {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(None, target);
        let style = ProgressStyle::with_template(
            "batch [{bar:30}] {pos}/{len} frames, {per_sec}, eta {eta}",
        )
        .expect("a valid template")
        .progress_chars("=> ");
        bar.set_style(style);
        Overall { bar, lines: !quiet }
    }
}

impl Tally for Overall {
    fn start(&self, total: u64) {
        self.bar.set_length(total);
    }

    fn advance(&self) {
        self.bar.inc(1);
    }

    fn line(&self, text: &str) {
        match (self.lines, self.bar.is_hidden()) {
            (false, _) => {}
            (true, true) => eprintln!("{text}"),
            (true, false) => self.bar.println(text),
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
