//! Follows the pods of a namespace (or of all) with `watcher()`: list, then watch, resuming after
//! a closed watch, relisting after `410 Gone` and backing off (with jitter) after a failure, with
//! no polling and no bookkeeping in the example. kube-rs's `pod_watcher` does the same.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &    # a test server, once
//! cargo run -p kapi-client --example watcher -- --seconds 10        # against it
//! cargo run -p kapi-client --example watcher -- --infer -A -l app=web
//! ```

mod common;

#[cfg(feature = "core")]
mod follow {
    use std::time::Duration;

    use clap::Parser;
    use kapi_api::core::v1::Pod;
    use kapi_client::reflector::Backoff;
    use kapi_client::watcher::{Event, WatcherConfig, watcher};
    use kapi_client::{Api, StreamExt};

    use crate::common;

    #[derive(Debug, Parser)]
    pub struct Args {
        #[command(flatten)]
        connection: common::Connection,
        /// Every namespace.
        #[arg(short = 'A', long)]
        all_namespaces: bool,
        /// A label selector (`app=web`).
        #[arg(short = 'l', long, default_value = "")]
        selector: String,
        /// Stop after this many seconds.
        #[arg(long, default_value_t = 30)]
        seconds: u64,
    }

    pub async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
        let client = args.connection.client()?;
        let pods: Api<Pod> = if args.all_namespaces {
            Api::all(client)
        } else {
            let namespace = args.connection.namespace_of(&client);
            Api::namespaced(client, &namespace)
        };
        // The default back-off is 800 ms doubling to 30 s; a program that must notice a lost
        // server sooner caps it lower.
        let config = WatcherConfig::default()
            .labels(&args.selector)
            .page_size(100)
            .backoff(Backoff { jitter: 1.0, ..Backoff::new(Duration::from_millis(200), Duration::from_secs(5)) });
        let mut events = std::pin::pin!(watcher(pods, config));
        let deadline = tokio::time::sleep(Duration::from_secs(args.seconds));
        tokio::pin!(deadline);
        loop {
            let event = tokio::select! {
                event = events.next() => event,
                () = &mut deadline => return Ok(()),
            };
            match event {
                None => return Ok(()),
                Some(Ok(Event::Init)) => println!("-- listing"),
                Some(Ok(Event::InitApply(pod))) => println!("LISTED   {}", name(&pod)),
                Some(Ok(Event::InitDone)) => println!("-- listed; watching"),
                Some(Ok(Event::Apply(pod))) => println!("APPLIED  {} {}", name(&pod), pod.status.phase.as_str()),
                Some(Ok(Event::Delete(pod))) => println!("DELETED  {}", name(&pod)),
                // The watcher retries by itself after its back-off; the error is for the log.
                Some(Err(e)) => eprintln!("retrying: {e}"),
            }
        }
    }

    fn name(pod: &Pod) -> String {
        format!("{}/{}", pod.metadata.namespace, pod.metadata.name)
    }
}

#[cfg(feature = "core")]
#[tokio::main]
async fn main() -> std::process::ExitCode {
    use clap::Parser;
    common::exit(follow::run(follow::Args::parse()).await)
}

#[cfg(not(feature = "core"))]
fn main() {
    eprintln!("this example needs kapi-client's `core` feature");
}
