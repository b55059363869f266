//! MP4 and WebM output through the system's ffmpeg: raw RGBA frames are piped
//! in as they come, and ffmpeg writes the temporary file, which is renamed
//! into place once ffmpeg has succeeded.

use std::io::{ErrorKind, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::Codec;
use super::{straight_rgba, AtomicFile, Finished, Sink};
use crate::error::Error;
use crate::frame::Frame;

/// How much of ffmpeg's messages is kept, in bytes.
const LOG_KEPT: usize = 64 * 1024;

/// How long ffmpeg may leave a frame unread before it is stopped, in
/// seconds; `WHALEGEN_FFMPEG_STALL` sets another (the tests' shortcut).
const STALL_SECONDS: u64 = 60;

/// Writes one video through ffmpeg: `finish` commits it once ffmpeg has
/// written a file that is not empty; dropped before, it stops ffmpeg and
/// leaves nothing.
pub struct VideoSink {
    ffmpeg: Child,
    /// Frames for the thread that writes them to ffmpeg's input; `None`
    /// once ffmpeg has been told the input is over.
    frames: Option<SyncSender<Arc<Frame>>>,
    /// That thread: how the writing went.
    feeder: Option<JoinHandle<std::io::Result<()>>>,
    /// How long a frame may wait for ffmpeg to read it.
    stall: Duration,
    /// What ffmpeg says, read aside so that it can never fill the pipe.
    log: Option<JoinHandle<String>>,
    /// `None` once committed.
    file: Option<AtomicFile>,
}

/// ffmpeg's options for `codec` and its container, in pairs.
#[rustfmt::skip]
fn codec_args(codec: Codec) -> &'static [&'static str] {
    match codec {
        // yuv420p halves the chroma, so H.264 needs even sides: pad by one
        // pixel when odd.
        Codec::H264 => &[
            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2",
            "-movflags", "+faststart", "-f", "mp4",
        ],
        // libvpx's default speed (cpu-used 0) is several times slower for
        // little gain on flat generative art.
        Codec::Vp9 => &[
            "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "30", "-b:v", "0",
            "-row-mt", "1", "-deadline", "good", "-cpu-used", "4", "-f", "webm",
        ],
    }
}

impl VideoSink {
    /// Starts ffmpeg on frames of `width` x `height` at `fps`. Fails, leaving
    /// nothing behind, when ffmpeg is not on PATH.
    pub fn create(
        path: &Path,
        codec: Codec,
        (width, height): (u32, u32),
        fps: f64,
    ) -> Result<Self, Error> {
        let file = AtomicFile::create(path)?;
        let mut ffmpeg = Command::new("ffmpeg")
            .args(["-hide_banner", "-nostats", "-loglevel", "error"])
            .args(["-f", "rawvideo", "-pix_fmt", "rgba"])
            .args(["-s", &format!("{width}x{height}")])
            .args(["-framerate", &fps.to_string(), "-i", "pipe:0"])
            .args(codec_args(codec))
            .arg("-y")
            .arg(file.temp_path())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|err| Error::Output {
                path: path.to_path_buf(),
                reason: if err.kind() == ErrorKind::NotFound {
                    "needs ffmpeg, which is not on PATH: install it (`apt-get install ffmpeg` \
                     or `brew install ffmpeg`), or write a .gif or .apng"
                        .into()
                } else {
                    format!("can't run ffmpeg: {err}")
                },
            })?;
        let mut stderr = ffmpeg.stderr.take().expect("piped");
        // Kept: the last 64 KiB; the rest is read and dropped, so that
        // ffmpeg never blocks on a full pipe and memory stays bounded.
        let log = std::thread::spawn(move || {
            let mut kept = Vec::new();
            let mut chunk = [0; 8192];
            while let Ok(n @ 1..) = stderr.read(&mut chunk) {
                kept.extend_from_slice(&chunk[..n]);
                let excess = kept.len().saturating_sub(LOG_KEPT);
                kept.drain(..excess);
            }
            String::from_utf8_lossy(&kept).into_owned()
        });
        let mut stdin = ffmpeg.stdin.take().expect("piped");
        // One frame waits while one is written: a stalled ffmpeg blocks this
        // thread, not the render, which can then stop it.
        let (frames, queue) = sync_channel::<Arc<Frame>>(1);
        let feeder = std::thread::spawn(move || {
            let mut rgba = Vec::new();
            for frame in queue {
                stdin.write_all(straight_rgba(&frame, &mut rgba))?;
            }
            Ok(())
        });
        let stall = std::env::var("WHALEGEN_FFMPEG_STALL")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(STALL_SECONDS);
        Ok(VideoSink {
            frames: Some(frames),
            feeder: Some(feeder),
            stall: Duration::from_secs(stall),
            ffmpeg,
            log: Some(log),
            file: Some(file),
        })
    }

    /// Ends the input and waits for ffmpeg; its last word is the error.
    fn wait(&mut self) -> Result<(), Error> {
        drop(self.frames.take());
        let fed = self.feeder.take().and_then(|f| f.join().ok());
        let status = self.ffmpeg.wait();
        let log = self.log.take().and_then(|h| h.join().ok());
        let path = self.file.as_ref().expect("not committed").path();
        let failed = |reason: String| Error::Output {
            path: path.to_path_buf(),
            reason,
        };
        match status {
            Ok(status) if status.success() => match fed {
                Some(Err(err)) => Err(failed(format!("ffmpeg stopped reading: {err}"))),
                _ => Ok(()),
            },
            Ok(status) => {
                let log = log.unwrap_or_default();
                let last = log.lines().rev().find(|l| !l.trim().is_empty());
                Err(failed(format!(
                    "ffmpeg failed ({status}): {}",
                    last.unwrap_or("no message").trim()
                )))
            }
            Err(err) => Err(failed(format!("ffmpeg did not finish: {err}"))),
        }
    }
}

impl Sink for VideoSink {
    fn encodes(&self) -> bool {
        true
    }

    fn write(&mut self, frame: &Arc<Frame>) -> Result<(), Error> {
        let mut frame = Arc::clone(frame);
        let frames = self.frames.as_ref().expect("ffmpeg still reading");
        let started = Instant::now();
        loop {
            match frames.try_send(frame) {
                Ok(()) => return Ok(()),
                Err(TrySendError::Full(again)) if started.elapsed() < self.stall => {
                    frame = again;
                    std::thread::sleep(Duration::from_millis(2));
                }
                Err(TrySendError::Full(_)) => {
                    let _ = self.ffmpeg.kill();
                    let _ = self.wait();
                    return Err(Error::Output {
                        path: self.file.as_ref().expect("not committed").path().into(),
                        reason: format!(
                            "ffmpeg read nothing for {} s and was stopped",
                            self.stall.as_secs()
                        ),
                    });
                }
                // ffmpeg stopped reading: its own message says why.
                Err(TrySendError::Disconnected(_)) => {
                    self.wait()?;
                    return Err(Error::Output {
                        path: self.file.as_ref().expect("not committed").path().into(),
                        reason: "ffmpeg stopped reading its input".into(),
                    });
                }
            }
        }
    }

    fn finish(mut self: Box<Self>) -> Result<Finished, Error> {
        self.wait()?;
        let file = self.file.take().expect("committed once");
        let written = std::fs::metadata(file.temp_path()).map_or(0, |m| m.len());
        if written == 0 {
            return Err(Error::Output {
                path: file.path().to_path_buf(),
                reason: "ffmpeg said it succeeded but wrote nothing; the file was left as it was"
                    .into(),
            });
        }
        file.commit()?;
        Ok(Finished::default())
    }
}

impl Drop for VideoSink {
    /// A render that failed midway stops ffmpeg; the temporary file then
    /// removes itself.
    fn drop(&mut self) {
        if self.frames.take().is_some() {
            let _ = self.ffmpeg.kill();
            let _ = self.ffmpeg.wait();
            if let Some(feeder) = self.feeder.take() {
                let _ = feeder.join();
            }
        }
    }
}
