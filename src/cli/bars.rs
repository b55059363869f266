//! Progress bars on stderr, for the library's progress traits.

use std::fmt;
use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use whalegen::{Progress, Tally};

/// `LABEL [=====>    ] 120/300 frames, 1739 frames/s, eta 0s`: the rate
/// in whole frames (indicatif's own `{per_sec}` gives four decimals).
fn style(label: &str) -> ProgressStyle {
    let template = format!("{label} [{{bar:30}}] {{pos}}/{{len}} frames, {{rate}}, eta {{eta}}");
    ProgressStyle::with_template(&template)
        .expect("a valid template")
        .with_key("rate", |state: &ProgressState, out: &mut dyn fmt::Write| {
            let _ = write!(out, "{:.0} frames/s", state.per_sec());
        })
        .progress_chars("=> ")
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
        bar.set_style(style("{msg}"));
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
        bar.set_style(style("batch"));
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
