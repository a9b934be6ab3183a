//! The kube-rs side of the runtime benchmark: a kube-runtime 5.0 `Controller` over every Pod (or
//! their metadata) lists, watches and caches them and reconciles each from its cache; the program
//! exits once all have been (and, with `BENCH_REVISION`, once all have been again at it).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use k8s_openapi::api::core::v1::Pod;
use kapi_runtime_bench::{Args, CountingAlloc, Mode, REVISION, Tally};
use kube::api::{Api, PartialObjectMeta};
use kube::runtime::controller::{Action, Config, Controller};
use kube::runtime::{WatchStreamExt, reflector, watcher};
use kube::{Client, Resource};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// Runs the controller until every pod has been reconciled (at the target revision, if any).
async fn run<K>(api: Api<K>, args: &Args) -> usize
where
    K: Resource<DynamicType = ()> + Clone + serde::de::DeserializeOwned + std::fmt::Debug + Send + Sync + 'static,
{
    let tally = Arc::new(Tally::new(args.pods));
    let stop = tally.clone();
    let controller = if args.mode == Mode::Strip {
        // kube-rs's way to cache without `managedFields` (kube.rs, "Optimization"): a watcher
        // stream modified before the reflector, handed to the controller.
        let (reader, writer) = reflector::store();
        let stream = watcher(api, watcher::Config::default())
            .default_backoff()
            .modify(|obj| obj.meta_mut().managed_fields = None)
            .reflect(writer)
            .applied_objects();
        Controller::for_stream(stream, reader)
    } else {
        Controller::new(api, watcher::Config::default())
    };
    controller
        .with_config(Config::default().concurrency(u16::try_from(args.concurrency).unwrap_or(u16::MAX)))
        .graceful_shutdown_on(async move { stop.done.notified().await })
        .run(
            // The object is the cache's; reading its metadata is the whole reconcile.
            |obj: Arc<K>, tally: Arc<Tally>| async move {
                let meta = obj.meta();
                let revision = meta.annotations.as_ref().and_then(|a| a.get(REVISION)).map(String::as_str);
                tally.record(
                    meta.namespace.as_deref().unwrap_or_default(),
                    meta.name.as_deref().unwrap_or_default(),
                    revision,
                );
                Ok::<_, Infallible>(Action::await_change())
            },
            |_obj, _e: &Infallible, _tally| Action::requeue(Duration::from_secs(1)),
            tally.clone(),
        )
        .for_each(|_| std::future::ready(()))
        .await;
    tally.count()
}

async fn main_() -> Result<(), String> {
    let args = Args::parse()?;
    let client = Client::try_default().await.map_err(|e| format!("the kubeconfig: {e}"))?;
    let started = Instant::now();
    let reconciled = if args.mode == Mode::Meta {
        run(Api::<PartialObjectMeta<Pod>>::all(client), &args).await
    } else {
        run(Api::<Pod>::all(client), &args).await
    };
    eprintln!(
        "kube: reconciled {reconciled} pods in {:.2} s peak heap {}",
        started.elapsed().as_secs_f64(),
        kapi_runtime_bench::heap().1
    );
    Ok(())
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    match main_().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kube_side: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
