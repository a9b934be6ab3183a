//! `kapi-codegen`: the generator's command line.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

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
    /// Runs the generators over the API tree and writes (or verifies) the output tree.
    Generate {
        /// The API tree to read.
        #[arg(long, default_value = "api")]
        root: PathBuf,
        /// Where generated files go.
        #[arg(long, default_value = "generated")]
        out: PathBuf,
        /// Write nothing: print a unified diff for every stale or missing file and every generated
        /// file that no longer has a source, and exit 1 if there is any.
        #[arg(long)]
        verify_only: bool,
        /// Run only these generators (comma-separated).
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Check { root } => check(root),
        Command::Generate { root, out, verify_only, only } => generate(root, out, verify_only, &only),
    }
}

fn check(root: PathBuf) -> ExitCode {
    if !root.is_dir() {
        eprintln!("error: {} is not a directory", root.display());
        return ExitCode::from(2);
    }
    let loaded = kapi_codegen::load_tree(&root);
    for d in &loaded.diagnostics {
        eprint!("{d}");
    }
    if loaded.diagnostics.is_empty() {
        println!("checked {} types in {} files under {}", loaded.types.len(), loaded.files_read, root.display());
        ExitCode::SUCCESS
    } else {
        eprintln!("error: {} problem(s) found", loaded.diagnostics.len());
        ExitCode::FAILURE
    }
}

fn generate(root: PathBuf, out: PathBuf, verify_only: bool, only: &[String]) -> ExitCode {
    let started = Instant::now();
    if !root.is_dir() {
        eprintln!("error: {} is not a directory", root.display());
        return ExitCode::from(2);
    }
    let outputs = match kapi_codegen::generate(&root, only) {
        Ok(o) => o,
        Err(diagnostics) => {
            for d in &diagnostics {
                eprint!("{d}");
            }
            eprintln!("error: {} problem(s) found; nothing was written", diagnostics.len());
            return ExitCode::FAILURE;
        }
    };
    let changes = match kapi_codegen::output::compare(&out, &outputs) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: reading {}: {e}", out.display());
            return ExitCode::from(2);
        }
    };
    if verify_only {
        for (_, diff) in &changes.changed {
            print!("{diff}");
        }
        for stale in &changes.stale {
            println!("stale: {} has no source any more", out.join(stale).display());
        }
        if changes.is_empty() {
            println!("{} generated files are up to date ({:.0?})", outputs.len(), started.elapsed());
            return ExitCode::SUCCESS;
        }
        eprintln!("error: generated code is out of date; run hack/update-codegen.sh and commit the result");
        return ExitCode::FAILURE;
    }
    if let Err(e) = kapi_codegen::output::apply(&out, &outputs, &changes) {
        eprintln!("error: writing {}: {e}", out.display());
        return ExitCode::from(2);
    }
    println!(
        "{} generated files: {} written, {} removed, {} unchanged ({:.0?})",
        outputs.len(),
        changes.changed.len(),
        changes.stale.len(),
        outputs.len() - changes.changed.len(),
        started.elapsed()
    );
    ExitCode::SUCCESS
}
