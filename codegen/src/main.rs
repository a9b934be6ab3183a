//! `kapi-codegen`: the generator's command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "kapi-codegen", about = "Reads kapi API type definitions and checks or generates code")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parses every type definition under ROOT and reports every problem, rustc-style.
    Check {
        /// The API tree to read.
        #[arg(default_value = "api")]
        root: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { root } => {
            if !root.is_dir() {
                eprintln!("error: {} is not a directory", root.display());
                return ExitCode::from(2);
            }
            let loaded = kapi_codegen::load_tree(&root);
            for d in &loaded.diagnostics {
                eprint!("{d}");
            }
            if loaded.diagnostics.is_empty() {
                println!(
                    "checked {} types in {} files under {}",
                    loaded.types.len(),
                    loaded.files_read,
                    root.display()
                );
                ExitCode::SUCCESS
            } else {
                eprintln!("error: {} problem(s) found", loaded.diagnostics.len());
                ExitCode::FAILURE
            }
        }
    }
}
