//! `whalegen watch`: render, then render again on every save, and show the
//! latest picture on a local page that reloads by itself.
//!
//! One loop looks at the files every [`POLL`], starts a render (a child
//! `whalegen render`, see `child.rs`) once they have been still for a
//! look, and kills it when they change again; the server's threads show
//! what the loop posts on the board.

mod board;
mod child;
mod files;
mod server;

pub use child::stop;

use std::ffi::{OsStr, OsString};
use std::net::{IpAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use clap::Args;

use super::RenderArgs;
use board::Board;
use child::{Ended, Render};
use files::Snapshot;

/// How often the files are looked at.
const POLL: Duration = Duration::from_millis(200);

/// The outputs the page can show, by extension, with their media types.
const SHOWN: [(&str, &str); 5] = [
    ("gif", "image/gif"),
    ("png", "image/png"),
    ("apng", "image/apng"),
    ("mp4", "video/mp4"),
    ("webm", "video/webm"),
];

/// Examples under `whalegen watch --help`.
const WATCH_EXAMPLES: &str = "\
Examples:
  whalegen watch sketch.js                         out/sketch.gif, on http://127.0.0.1:7070/
  whalegen watch my-sketch/ --duration 3 -o out/my.png --frame 20
  whalegen watch my-look.toml --port 0             a preset file; any free port
  whalegen watch --scene tree --set angle=20 --host 0.0.0.0

TARGET is a sketch (a .js file or a folder) or a preset (a .toml file); the
sketch's folder, or the preset's, is watched, to 8 folders deep.";

#[derive(Debug, Args)]
#[command(after_help = WATCH_EXAMPLES)]
pub struct WatchArgs {
    /// The page's port; 0 picks a free one. The URL is printed.
    #[arg(long, default_value_t = 7070)]
    pub port: u16,

    /// The address the page is served on. The default serves this machine
    /// only; 0.0.0.0 (or ::) serves anyone who can reach it on any
    /// network the machine is on.
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// The render's flags, as `whalegen render` takes them (the sketch may
    /// also be a preset's .toml file).
    #[command(flatten)]
    pub render: RenderArgs,
}

/// What a watch renders, and where it writes and looks.
struct Watch {
    /// `render`'s arguments for each render.
    args: Vec<OsString>,
    /// The one file each render writes, as given (or the default).
    output: PathBuf,
    /// The same, absolute: the look at the files leaves it out.
    absolute: PathBuf,
    /// The files and folders looked at.
    roots: Vec<PathBuf>,
}

/// Watches as `args` ask; `raw` is the command line after `watch`, handed
/// on to `render` less the watch's own flags. Runs until interrupted;
/// fails only when it cannot start.
pub fn run(args: WatchArgs, raw: &[OsString]) -> anyhow::Result<()> {
    let watch = Watch::new(&args, raw)?;
    let media_type = media_type(&watch.output).expect("checked by Watch::new");
    let listener = TcpListener::bind((args.host, args.port)).with_context(|| {
        format!(
            "--port {}: cannot serve on {}; --port 0 picks a free port",
            args.port, args.host
        )
    })?;
    let address = listener.local_addr()?;
    let board = Arc::new(Board::new(watch.output.is_file()));
    let name = watch
        .output
        .file_name()
        .unwrap_or_default()
        .to_string_lossy();
    server::serve(
        listener,
        server::Site {
            board: board.clone(),
            output: watch.output.clone(),
            media_type,
            page: page(&name, media_type),
            loopback: args.host.is_loopback(),
        },
    );
    let reach = if args.host.is_loopback() {
        "this machine only: --host 0.0.0.0 serves others"
    } else {
        "to anyone who can reach this address"
    };
    say!(
        "whalegen: watching {}; {} is shown on http://{address}/ ({reach}); Ctrl-C stops",
        shown_roots(&watch.roots),
        watch.output.display()
    );
    watch.run(&board)
}

impl Watch {
    fn new(args: &WatchArgs, raw: &[OsString]) -> anyhow::Result<Watch> {
        let render = &args.render;
        if render.dry_run {
            bail!("--dry-run: watch shows what it writes; leave --dry-run out");
        }
        let (root, name, preset) = match (&render.sketch, &render.scene.preset) {
            (Some(target), _) => {
                if !target.exists() {
                    bail!("{}: no such sketch or preset file", target.display());
                }
                let is_preset = target.extension().is_some_and(|e| e == "toml");
                (
                    Some(target.clone()),
                    stem(target),
                    is_preset.then_some(target.as_os_str()),
                )
            }
            (None, Some(preset)) => {
                let local = Path::new("presets").join(format!("{preset}.toml"));
                let file = [PathBuf::from(preset), local]
                    .into_iter()
                    .find(|p| p.is_file());
                (file, stem(Path::new(preset)), None)
            }
            (None, None) => (None, render.scene.scene.name().to_string(), None),
        };
        let output = match &render.output {
            Some(output) => output.clone(),
            None => PathBuf::from(format!("out/{name}.gif")),
        };
        let shown = media_type(&output).is_some()
            && !output.to_string_lossy().contains(['{', '%'])
            && !output.to_string_lossy().ends_with(['/', '\\']);
        if !shown {
            bail!(
                "-o {}: watch shows one file: a .gif, .png, .apng, .mp4 or .webm, without \
                 {{placeholders}} or %d",
                output.display()
            );
        }
        let folder = output.parent().filter(|p| !p.as_os_str().is_empty());
        let folder = folder.unwrap_or(Path::new("."));
        let absolute = std::fs::create_dir_all(folder)
            .and_then(|()| folder.canonicalize())
            .with_context(|| format!("-o {}: cannot make its folder", output.display()))?
            .join(output.file_name().unwrap_or_default());
        let roots = root.map(|r| watched(&r)).transpose()?.into_iter().collect();
        let mut args = render_args(raw, preset);
        if render.output.is_none() {
            args.extend(["-o".into(), output.clone().into()]);
        }
        Ok(Watch {
            args,
            output,
            absolute,
            roots,
        })
    }

    /// Renders, and again after every change, until interrupted: a
    /// change stops the render in progress, and the next starts once the
    /// files have been still for one look.
    fn run(&self, board: &Board) -> anyhow::Result<()> {
        let mut seen = Snapshot::take(&self.roots, &self.absolute);
        if seen.full {
            say!(
                "whalegen: warning: watching the first {} files only",
                files::MAX_FILES
            );
        }
        let (mut due, mut render, mut count) = (true, None::<Render>, 0);
        loop {
            let look = Snapshot::take(&self.roots, &self.absolute);
            if let Some(path) = look.changed(&seen) {
                if let Some(render) = render.take() {
                    render.cancel();
                    say!(
                        "whalegen: {} changed: render {count} stopped",
                        path.display()
                    );
                }
                (seen, due) = (look, true);
            } else {
                if let Some(ended) = render.as_mut().and_then(Render::ended) {
                    render = None;
                    self.report(count, ended, board);
                }
                if due && render.is_none() {
                    (due, count) = (false, count + 1);
                    board.update(|s| {
                        s.state = "rendering";
                        s.text = format!("render {count}");
                    });
                    render = Some(Render::start(&self.args).context("cannot start a render")?);
                }
            }
            std::thread::sleep(POLL);
        }
    }

    /// Says how a render ended, on the terminal and on the page.
    fn report(&self, count: u32, ended: Ended, board: &Board) {
        let text: Vec<&str> = ended
            .lines
            .iter()
            .map(|l| l.strip_prefix("whalegen: ").unwrap_or(l))
            .collect();
        for line in &ended.lines {
            say!("{line}");
        }
        if !ended.ok {
            say!(
                "whalegen: render {count} failed; {} keeps the last good picture",
                self.output.display()
            );
        }
        board.update(|s| {
            s.state = if ended.ok { "ok" } else { "failed" };
            s.text = text.join("\n");
            if ended.ok {
                s.version += 1;
                s.picture = true;
            }
        });
    }
}

/// The name of the default output, `out/NAME.gif`, as `render` names it:
/// the file's or folder's name without its extension.
fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or("sketch".into(), |s| s.to_string_lossy().into_owned())
}

/// The folder looked at for `target`: its own folder (a sketch's data
/// files, a sketch preset's sketch), or itself when it is a folder.
fn watched(target: &Path) -> anyhow::Result<PathBuf> {
    let path = target
        .canonicalize()
        .with_context(|| format!("{}: cannot be read", target.display()))?;
    Ok(match path.parent() {
        Some(parent) if !path.is_dir() => parent.to_path_buf(),
        _ => path,
    })
}

fn shown_roots(roots: &[PathBuf]) -> String {
    if roots.is_empty() {
        return "nothing (a built-in scene renders once)".into();
    }
    let roots: Vec<String> = roots.iter().map(|r| r.display().to_string()).collect();
    roots.join(", ")
}

/// `render` and the arguments of `raw` (the command line after `watch`)
/// less `--port` and `--host` and their values; a preset file given as
/// the target (`preset`) becomes `--preset FILE`.
fn render_args(raw: &[OsString], preset: Option<&OsStr>) -> Vec<OsString> {
    let mut args = vec![OsString::from("render")];
    let mut raw = raw.iter();
    let mut preset = preset;
    while let Some(arg) = raw.next() {
        match arg.to_str() {
            Some("--port" | "--host") => {
                raw.next();
            }
            Some(flag) if flag.starts_with("--port=") || flag.starts_with("--host=") => {}
            _ if preset == Some(arg.as_os_str()) => {
                args.extend(["--preset".into(), arg.clone()]);
                preset = None;
            }
            _ => args.push(arg.clone()),
        }
    }
    args
}

/// The media type of an output the page can show, from its extension.
fn media_type(output: &Path) -> Option<&'static str> {
    let extension = output.extension()?.to_string_lossy().to_ascii_lowercase();
    SHOWN
        .iter()
        .find(|(e, _)| *e == extension)
        .map(|(_, media)| *media)
}

/// The page, for an output named `name` of type `media_type`.
fn page(name: &str, media_type: &str) -> String {
    let view = if media_type.starts_with("video/") {
        r#"<video id="view" hidden autoplay loop muted playsinline controls></video>"#
    } else {
        r#"<img id="view" hidden alt="the latest output">"#
    };
    let name = name
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    include_str!("page.html")
        .replace("{{NAME}}", &name)
        .replace("{{VIEW}}", view)
}
