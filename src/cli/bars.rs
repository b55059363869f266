//! Progress bars on stderr, for the library's progress traits.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use whalegen::{Progress, Tally};

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
            (true, true) => say!("{text}"),
            (true, false) => self.bar.println(text),
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
