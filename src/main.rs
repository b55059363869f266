use std::process::ExitCode;

use clap::Parser;

use whalegen::cli::{Cli, Command};
use whalegen::plan::Plan;
use whalegen::preset;
use whalegen::progress::{Bar, Progress, Silent};
use whalegen::render::render;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
