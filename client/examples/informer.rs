//! A shared informer and its lister: one list and watch of the pods of every namespace keeps a
//! cache, handlers hear of each change, and the lister reads the cache without a request.
//! kube-rs's `pod_reflector` (a `reflector` with a `Store`) does the same.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &    # a test server, once
//! cargo run -p kapi-client --example informer -- --seconds 10       # against it
//! cargo run -p kapi-client --example informer -- --infer -l app=web
//! ```

mod common;

#[cfg(feature = "core")]
mod cache {
    use std::time::Duration;

    use clap::Parser;
    use kapi_api::core::v1::Pod;
    use kapi_client::clientset::{Clientset, InformerFactory};
    use kapi_client::factory::SharedInformerFactory;
    use kapi_client::informer::HandlerFns;
    use kapi_client::labels::Selector;

    use crate::common;

    #[derive(Debug, Parser)]
    pub struct Args {
        #[command(flatten)]
        connection: common::Connection,
        /// Cache only the pods whose labels match (`app=web`); the cached pods of the namespace
        /// (`-n`, else the kubeconfig context's) are printed after the first sync.
        #[arg(short = 'l', long, default_value = "")]
        selector: String,
        /// Keep the cache (and print changes) this many seconds after the first sync.
        #[arg(long, default_value_t = 30)]
        seconds: u64,
    }

    pub async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
        let client = args.connection.client()?;
        let namespace = args.connection.namespace_of(&client);
        let clientset = Clientset::new(client);
        let selector: Selector = args.selector.parse()?;
        // No resync: handlers hear of real changes only.
        let factory = SharedInformerFactory::new(None).with_label_selector(selector);
        let informers = InformerFactory::new(&clientset, factory);
        let pods = informers.core_v1().pods();
        pods.add_handler(
            HandlerFns::<Pod>::new()
                .on_add(|pod| println!("ADDED    {}/{}", pod.metadata.namespace, pod.metadata.name))
                .on_update(|old, new| {
                    if old.metadata.resource_version != new.metadata.resource_version {
                        println!(
                            "UPDATED  {}/{} {}",
                            new.metadata.namespace,
                            new.metadata.name,
                            new.status.phase.as_str()
                        );
                    }
                })
                .on_delete(|pod| println!("DELETED  {}/{}", pod.metadata.namespace, pod.metadata.name)),
        );
        informers.factory().start()?;
        if !pods.wait_for_sync().await {
            return Err("the informer stopped before its first list completed".into());
        }
        let lister = informers.core_v1().pod_lister();
        println!("{} pods in the cache", lister.list(&Selector::everything()).len());
        for pod in lister.namespace(namespace.as_str()).list(&Selector::everything()) {
            println!("cached   {namespace}/{}", pod.metadata.name);
        }
        tokio::time::sleep(Duration::from_secs(args.seconds)).await;
        informers.factory().shutdown().await;
        Ok(())
    }
}

#[cfg(feature = "core")]
#[tokio::main]
async fn main() -> std::process::ExitCode {
    use clap::Parser;
    common::exit(cache::run(cache::Args::parse()).await)
}

#[cfg(not(feature = "core"))]
fn main() {
    eprintln!("this example needs kapi-client's `core` feature");
}
