//! One render, run as a `whalegen render` child process: a newer save
//! stops it at once (a process can be killed wherever it is, in a sketch's
//! loop or in the encoder), and whatever it does cannot take the server
//! down. Its output is written atomically, so a render stopped or failed
//! leaves the last good file where it was; the temporary file of a killed
//! render is removed by the next render of that output.

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::thread::JoinHandle;

/// The most of a render's stderr kept, in bytes: its summary, warnings
/// and error are a few lines; a sketch cannot make the watch hoard more.
const MAX_STDERR: usize = 64 * 1024;

/// The render running now, where the interrupt handler can stop it too.
static RUNNING: Mutex<Option<Child>> = Mutex::new(None);

fn running() -> MutexGuard<'static, Option<Child>> {
    RUNNING.lock().unwrap_or_else(|p| p.into_inner())
}

/// Kills the render running now, if any. For the interrupt handler: a
/// watch stopped by a signal leaves no render behind.
pub fn stop() {
    if let Some(mut child) = running().take() {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// How a render ended.
pub struct Ended {
    /// It exited with 0: its output is written.
    pub ok: bool,
    /// What it printed on stderr, line by line.
    pub lines: Vec<String>,
}

/// A render in progress.
pub struct Render {
    /// The thread reading its stderr, until it is taken by `finish`.
    stderr: Option<JoinHandle<Vec<String>>>,
}

impl Render {
    /// Starts `whalegen ARGS` (this very executable). Fails when it
    /// cannot be started.
    pub fn start(args: &[OsString]) -> std::io::Result<Render> {
        let exe = std::env::current_exe()?;
        let mut child = Command::new(exe)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()?;
        let pipe = child.stderr.take().expect("stderr is piped");
        let stderr = std::thread::spawn(move || read_lines(pipe));
        *running() = Some(child);
        Ok(Render {
            stderr: Some(stderr),
        })
    }

    /// How the render ended, or `None` while it runs.
    pub fn ended(&mut self) -> Option<Ended> {
        let code = {
            let mut slot = running();
            let child = slot.as_mut()?;
            // An error here means it cannot be waited for: count it as over.
            let code = child.try_wait().map(|c| c.map(|c| c.success()));
            if matches!(code, Ok(None)) {
                return None;
            }
            *slot = None;
            code
        };
        let ok = matches!(code, Ok(Some(true)));
        Some(self.finish(ok))
    }

    /// Kills the render, which leaves its output as it was.
    pub fn cancel(mut self) {
        stop();
        self.finish(false);
    }

    fn finish(&mut self, ok: bool) -> Ended {
        let lines = self.stderr.take().map(|t| t.join().unwrap_or_default());
        Ended {
            ok,
            lines: lines.unwrap_or_default(),
        }
    }
}

/// The lines of `pipe` until it closes, at most [`MAX_STDERR`] bytes of
/// them; the rest is read and dropped, so that the child never blocks on a
/// full pipe.
fn read_lines(pipe: impl std::io::Read) -> Vec<String> {
    let (mut lines, mut kept) = (Vec::new(), 0);
    for line in BufReader::new(pipe).split(b'\n') {
        let Ok(line) = line else { break };
        kept += line.len();
        if kept <= MAX_STDERR {
            let line = String::from_utf8_lossy(&line);
            let line = line.trim_end();
            if !line.is_empty() {
                lines.push(line.to_string());
            }
        }
    }
    lines
}
