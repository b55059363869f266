use std::process::ExitCode;

use clap::Parser;

use whalegen::cli::{Cli, Command};
use whalegen::plan::Plan;
use whalegen::preset;
use whalegen::progress::{Bar, Progress, Silent};
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
    }
    Ok(())
}
