use std::process::ExitCode;

use clap::Parser;

use whalegen::batch::{self, Outcome};
use whalegen::cli::BatchArgs;
use whalegen::cli::{Cli, Command};
use whalegen::plan::Plan;
use whalegen::preset;
use whalegen::progress::{Bar, Overall, Progress, Silent};
use whalegen::render::render;

/// The exit code of a process stopped by SIGINT, as shells report it.
const INTERRUPTED: i32 = 130;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Ctrl-C: remove unfinished outputs (any previous output stays as it
    // was) and stop at once.
    let handler = ctrlc::set_handler(|| {
        whalegen::sink::remove_temp_files();
        eprintln!("\nwhalegen: interrupted; nothing was written");
        std::process::exit(INTERRUPTED);
    });
    if let Err(err) = handler {
        eprintln!("whalegen: warning: Ctrl-C will not clean up: {err}");
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("whalegen: {err:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Render(args) => {
            let plan = Plan::new(&args)?;
            for warning in &plan.warnings {
                eprintln!("whalegen: warning: {warning}");
            }
            let mut progress: Box<dyn Progress> = if plan.quiet {
                Box::new(Silent)
            } else {
                Box::new(Bar::new(&plan.name))
            };
            render(plan, progress.as_mut())?;
        }
        Command::List => print!("{}", preset::list()),
        Command::Show(args) => print!("{}", preset::show(&args)?),
        Command::Batch(args) => report(batch::run(&args, &Overall::new(args.quiet))?, &args)?,
    }
    Ok(())
}

/// Says what a batch did: each failure and change in one line, then a
/// summary; an error (exit 1) when anything failed or changed.
fn report(outcome: Outcome, args: &BatchArgs) -> anyhow::Result<()> {
    for failure in &outcome.failures {
        eprintln!(
            "whalegen: failed: {}: {}",
            failure.label,
            failure.error.chain()
        );
    }
    for change in &outcome.changes {
        eprintln!("whalegen: {change}");
    }
    let (written, failed) = (files(outcome.entries.len()), outcome.failures.len());
    if let Some(manifest) = &outcome.manifest {
        eprintln!(
            "whalegen: {written} written, listed in {}",
            manifest.display()
        );
    }
    if failed > 0 {
        anyhow::bail!("{failed} of the batch's renders failed");
    }
    if args.check {
        let manifest = args.output.join(batch::MANIFEST);
        match outcome.changes.len() {
            0 => eprintln!("whalegen: {written}, all as in {}", manifest.display()),
            1 => anyhow::bail!("1 file differs from {}", manifest.display()),
            n => anyhow::bail!("{n} files differ from {}", manifest.display()),
        }
    }
    Ok(())
}

/// "1 file", "2 files".
fn files(n: usize) -> String {
    format!("{n} file{}", if n == 1 { "" } else { "s" })
}
