use std::process::ExitCode;

use clap::Parser;

use whalegen::cli::{Cli, Command};
use whalegen::plan::Plan;
use whalegen::progress::{Bar, Progress, Silent};
use whalegen::render::render;
use whalegen::scene::SceneKind;

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
                Box::new(Bar::new(args.scene.name()))
            };
            render(plan, progress.as_mut())?;
        }
        Command::List => {
            for kind in SceneKind::ALL {
                println!("{:<6} {}", kind.name(), kind.description());
            }
        }
    }
    Ok(())
}
