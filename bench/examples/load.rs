//! The load generator's command line: `cargo run --release -p kapi-bench --example load -- [short|long|soak[=SECONDS]] [URL [PID]]` prints the figures as Markdown tables and fails on any broken invariant.
//!
//! Without a URL it serves an in-process test server; with one it drives that server (for
//! example `kapi-test-server`), and with the server's process id its memory figures are the
//! server's alone.

use std::time::Duration;

use kapi_bench::load::{Profile, Soak, Target, run, soak, soak_markdown};

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let target = match (args.get(1), args.get(2)) {
        (None, _) => Target::InProcess,
        (Some(url), pid) => Target::External { url: url.clone(), pid: pid.and_then(|p| p.parse().ok()) },
    };
    if let Some(secs) = args.first().and_then(|a| a.strip_prefix("soak")) {
        let secs = secs.strip_prefix('=').and_then(|s| s.parse().ok()).unwrap_or(600);
        let config = Soak {
            duration: Duration::from_secs(secs),
            sample_every: Duration::from_secs(30),
            clients: 10,
            watchers: 100,
        };
        match soak(&config, &target).await {
            Ok((samples, violations)) => {
                print!("{}", soak_markdown(&samples));
                fail_on(&violations);
            }
            Err(e) => {
                eprintln!("load: {e}");
                std::process::exit(1);
            }
        }
        return;
    }
    let profile = match args.first().map(String::as_str) {
        None | Some("short") => Profile::short(),
        Some("long") => Profile::long(),
        Some(other) => {
            eprintln!("unknown profile {other:?}: short or long");
            std::process::exit(2);
        }
    };
    let report = match run(&profile, &target).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(1);
        }
    };
    print!("{}", report.markdown());
    fail_on(&report.violations);
}

fn fail_on(violations: &[String]) {
    if !violations.is_empty() {
        eprintln!("{} invariants broken:", violations.len());
        for v in violations.iter().take(50) {
            eprintln!("  {v}");
        }
        std::process::exit(1);
    }
}
