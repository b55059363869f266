//! The `whalegen` command: parse the command line, run the library, print
//! what happened. Errors are one line on stderr and exit code 1; a
//! malformed command line exits 2 (clap).

#[macro_use]
mod cli;

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use cli::{Bar, BatchArgs, Cli, Command, Overall};
use whalegen::{Outcome, Plan, Progress, Silent};

/// The exit code of a process stopped by a signal, as shells report SIGINT.
const INTERRUPTED: i32 = 130;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Ctrl-C, SIGTERM (CI's cancel, `timeout`) and SIGHUP: remove unfinished
    // outputs (any previous output stays as it was) and stop at once.
    let handler = ctrlc::set_handler(|| {
        cli::watch::stop();
        whalegen::internals::remove_temp_files();
        match whalegen::internals::committed() {
            0 => say!("\nwhalegen: interrupted; nothing was written"),
            1 => say!("\nwhalegen: interrupted; 1 file was written before, the rest were not"),
            n => say!("\nwhalegen: interrupted; {n} files were written before, the rest were not"),
        }
        std::process::exit(INTERRUPTED);
    });
    if let Err(err) = handler {
        say!("whalegen: warning: Ctrl-C will not clean up: {err}");
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_closed_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            say!("whalegen: {err:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Render(args) => {
            let options = args.render().map_err(cli::flags)?;
            let plan = match args.sketch() {
                Some(sketch) => Plan::sketch(&sketch?, &options),
                None => Plan::scene(&args.scene.scene(), &options),
            }
            .map_err(cli::flags)?;
            for warning in plan.warnings() {
                say!("whalegen: warning: {warning}");
            }
            let mut progress: Box<dyn Progress> = if args.quiet {
                Box::new(Silent)
            } else {
                Box::new(Bar::new(plan.name()))
            };
            let files = plan.files();
            let about = plan.about().map(str::to_string);
            let rendered = whalegen::render(plan, progress.as_mut()).map_err(cli::flags)?;
            if !args.quiet {
                let about = about.map(|a| format!("; {a}")).unwrap_or_default();
                say!("whalegen: {}{about}", written(&files, &rendered));
            }
        }
        Command::List => print(&whalegen::list())?,
        Command::Show(args) => print(&whalegen::show(&args.into()).map_err(cli::flags)?)?,
        Command::Batch(args) => match args.merge() {
            Some(options) => report_merge(whalegen::merge(&options)?, &options)?,
            None => {
                let outcome = whalegen::batch(&args.options(), &Overall::new(args.quiet))?;
                report(outcome, &args)?;
            }
        },
        Command::Watch(args) => {
            // What follows `watch` is handed on to each render.
            let raw: Vec<_> = std::env::args_os()
                .skip_while(|a| a != "watch")
                .skip(1)
                .collect();
            cli::watch::run(args, &raw)?;
        }
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "whalegen", &mut script);
            print(&String::from_utf8_lossy(&script))?;
        }
    }
    Ok(())
}

/// Writes `text` to stdout; a reader that went away (`| head`) is not an
/// error worth a word.
fn print(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

fn is_closed_pipe(err: &anyhow::Error) -> bool {
    err.downcast_ref::<std::io::Error>()
        .is_some_and(|e| e.kind() == ErrorKind::BrokenPipe)
}

/// Says what a batch did: each failure and change in one line, then a
/// summary; an error (exit 1) when anything failed or changed.
fn report(outcome: Outcome, args: &BatchArgs) -> anyhow::Result<()> {
    for failure in &outcome.failures {
        say!(
            "whalegen: failed: {}: {}",
            failure.label,
            failure.error.chain()
        );
    }
    if outcome.refused {
        anyhow::bail!(
            "the batch was refused before rendering ({} above); nothing was written",
            counted(outcome.failures.len(), "problem")
        );
    }
    say_first(outcome.changes.iter().map(|c| format!("whalegen: {c}")));
    if let Some(share) = &outcome.share {
        let most = outcome.loads.iter().max().copied().unwrap_or(0);
        let mean = outcome.loads.iter().sum::<u64>() as f64 / outcome.loads.len() as f64;
        say!(
            "whalegen: {share}: {} of its files; estimated cost of the largest share \
             {:.3} x the mean",
            share.files.len(),
            most as f64 / mean.max(1.0)
        );
    }
    let (written, failed) = (
        counted(outcome.entries.len(), "file"),
        outcome.failures.len(),
    );
    if let Some(manifest) = &outcome.manifest {
        say!(
            "whalegen: {written} written, listed in {}",
            manifest.display()
        );
    }
    if failed > 0 {
        anyhow::bail!("{failed} of the batch's renders failed");
    }
    if args.check {
        let manifest = args.output.join(whalegen::MANIFEST);
        let mut differ: Vec<&str> = outcome.changes.iter().map(|c| c.path()).collect();
        differ.dedup();
        match differ.len() {
            0 => say!("whalegen: {written}, all as in {}", manifest.display()),
            1 => anyhow::bail!("1 file differs from {}", manifest.display()),
            n => anyhow::bail!("{n} files differ from {}", manifest.display()),
        }
    }
    Ok(())
}

/// Says what a merge did, or each reason it was refused in one line.
fn report_merge(merged: whalegen::Merged, options: &whalegen::MergeOptions) -> anyhow::Result<()> {
    say_first(
        merged
            .problems
            .iter()
            .map(|p| format!("whalegen: refused: {p}")),
    );
    match &merged.manifest {
        Some(manifest) => say!(
            "whalegen: {} of {} shards merged, listed in {}",
            counted(merged.files, "file"),
            options.shards.len(),
            manifest.display()
        ),
        None => anyhow::bail!(
            "the merge was refused ({} above); nothing was written",
            counted(merged.problems.len(), "problem")
        ),
    }
    Ok(())
}

/// What a render wrote, in a line: `wrote out/whale.gif: 300 frames of
/// 800 x 600, 1.1 MB, 0.18 s`.
fn written(files: &[std::path::PathBuf], rendered: &whalegen::Rendered) -> String {
    let (frames, (width, height)) = (rendered.frames, rendered.size);
    let timing = format!(
        "{} of {width} x {height}",
        counted(frames as usize, "frame")
    );
    let what = match files {
        [] => {
            let seconds = rendered.seconds;
            return format!("drew {timing} in {seconds:.2} s; wrote nothing (--dry-run)");
        }
        [one] => format!("wrote {}", one.display()),
        [first, ..] => format!("wrote {} files from {}", files.len(), first.display()),
    };
    let bytes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let size = if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{} KB", bytes.div_ceil(1000))
    };
    let chosen = match rendered.quality {
        Some(q) => format!(", quality {q} (the best tried that fits --max-size)"),
        None => String::new(),
    };
    format!(
        "{what}: {timing}, {size}{chosen}, {:.2} s",
        rendered.seconds
    )
}

/// The most lines of one kind a report prints: a forged manifest can give
/// a million problems, and a terminal or a log takes the first few.
const SHOWN_LINES: usize = 20;

/// Says the first [`SHOWN_LINES`] of `lines`, then how many more there are.
fn say_first(lines: impl ExactSizeIterator<Item = String>) {
    let count = lines.len();
    for line in lines.take(SHOWN_LINES) {
        say!("{line}");
    }
    if count > SHOWN_LINES {
        say!("whalegen: ... and {} more", count - SHOWN_LINES);
    }
}

/// "1 file", "2 files".
fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
