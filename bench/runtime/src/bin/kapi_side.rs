//! The kapi side of the runtime benchmark: a kapi-runtime `Controller` over every Pod (or their
//! metadata) lists, watches and caches them and reconciles each from its cache; the program exits
//! once all have been (and, with `BENCH_REVISION`, once all have been again at that revision).
//! `seed <pods>` creates the pods first; `update <pods> <revision>` patches each pod's revision.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Instant;

use futures_util::StreamExt;
use kapi_api::core::v1::{Container, ContainerPort, EnvVar, Namespace, Pod, PodSpec};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta, OwnerReference, PatchOptions};
use kapi_client::informer::SharedInformer;
use kapi_client::{Api, Client, PartialObjectMeta, Patch};
use kapi_runtime::{Action, Config, Controller};
use kapi_runtime_bench::{Args, CountingAlloc, Mode, REVISION, Tally, unix_now};

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

const NAMESPACE: &str = "bench";

/// The name of the `i`th pod, as a ReplicaSet names its pods.
fn pod_name(i: usize) -> String {
    format!("web-7d9f8c6b5-{i:05}")
}

/// A pod as a ReplicaSet would create it (labels, an owner, a container with a port and
/// environment); admission adds the service account's volume, tolerations and priority.
fn pod(i: usize) -> Pod {
    Pod {
        metadata: ObjectMeta {
            name: pod_name(i),
            namespace: NAMESPACE.into(),
            labels: [("app", "web"), ("pod-template-hash", "7d9f8c6b5"), ("tier", "frontend")]
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            annotations: [(REVISION.to_owned(), "3".to_owned())].into(),
            owner_references: vec![OwnerReference {
                api_version: "apps/v1".into(),
                kind: "ReplicaSet".into(),
                name: "web-7d9f8c6b5".into(),
                uid: "6f1c2d4e-0b1a-4c3d-9e8f-7a6b5c4d3e2f".into(),
                controller: Some(true),
                block_owner_deletion: Some(true),
            }],
            ..Default::default()
        },
        spec: PodSpec {
            containers: Some(vec![Container {
                name: "web".into(),
                image: "registry.example.com/web:1.4.2".into(),
                ports: vec![ContainerPort { name: "http".into(), container_port: 8080, ..Default::default() }],
                env: ["LOG_LEVEL=info", "PORT=8080", "REGION=eu-west-1"]
                    .into_iter()
                    .map(|kv| {
                        let (k, v) = kv.split_once('=').expect("a name=value pair");
                        EnvVar { name: k.into(), value: v.into(), ..Default::default() }
                    })
                    .collect(),
                ..Default::default()
            }]),
            node_name: format!("node-{:02}", i % 50),
            ..Default::default()
        },
        ..Default::default()
    }
}

async fn seed(client: Client, pods: usize) -> Result<(), String> {
    let namespaces: Api<Namespace> = Api::all(client.clone());
    let ns = Namespace { metadata: ObjectMeta { name: NAMESPACE.into(), ..Default::default() }, ..Default::default() };
    namespaces.create(&ns, &CreateOptions::default()).await.map_err(|e| format!("creating the namespace: {e}"))?;
    let api: Api<Pod> = Api::namespaced(client, NAMESPACE);
    let started = Instant::now();
    let mut creates = futures_util::stream::iter(0..pods)
        .map(|i| {
            let api = api.clone();
            async move { api.create(&pod(i), &CreateOptions::default()).await }
        })
        .buffer_unordered(32);
    while let Some(created) = creates.next().await {
        created.map_err(|e| format!("creating a pod: {e}"))?;
    }
    eprintln!("seeded {pods} pods in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Merge-patches every pod's revision annotation to `revision`, 32 requests at a time.
async fn update(client: Client, pods: usize, revision: &str) -> Result<(), String> {
    let api: Api<Pod> = Api::namespaced(client, NAMESPACE);
    let body = format!(r#"{{"metadata":{{"annotations":{{"{REVISION}":"{revision}"}}}}}}"#).into_bytes();
    let started = Instant::now();
    let mut patches = futures_util::stream::iter(0..pods)
        .map(|i| {
            let (api, patch) = (api.clone(), Patch::Merge(body.clone()));
            async move { api.patch(&pod_name(i), &patch, &PatchOptions::default()).await }
        })
        .buffer_unordered(32);
    while let Some(patched) = patches.next().await {
        patched.map_err(|e| format!("patching a pod: {e}"))?;
    }
    eprintln!("patched {pods} pods in {:.1} s, the last at {:.6}", started.elapsed().as_secs_f64(), unix_now());
    Ok(())
}

/// Runs the controller until every pod has been reconciled (at the target revision, if any).
async fn run<K>(api: Api<K>, args: &Args) -> Result<usize, String>
where
    K: kapi_client::Listable + Send + Sync + 'static,
    K::List: Send,
{
    let tally = Arc::new(Tally::new(args.pods));
    let stop = tally.clone();
    let mut config = Config::default().concurrency(args.concurrency);
    // Not a default: `KAPI_PAGE_SIZE` lists in pages, to measure what paging saves (kube-runtime
    // pages by 500 by default; kapi's informers list in one response).
    if let Ok(n) = std::env::var("KAPI_PAGE_SIZE") {
        config.informer.reflector.page_size = Some(n.parse().map_err(|e| format!("KAPI_PAGE_SIZE: {e}"))?);
    }
    // kapi-runtime's controllers drop `managedFields` before caching; `full` keeps them, through
    // an informer of the caller's.
    let controller = if args.mode == Mode::Full {
        Controller::for_informer(SharedInformer::new(api, config.informer.clone()), config)
    } else {
        Controller::new(api, config)
    };
    controller
        .graceful_shutdown_on(async move { stop.done.notified().await })
        .run(
            // The object is the cache's; reading its metadata is the whole reconcile.
            |obj: Arc<K>, tally: Arc<Tally>| async move {
                let meta = obj.metadata();
                tally.record(&meta.namespace, &meta.name, meta.annotations.get(REVISION).map(String::as_str));
                Ok::<_, Infallible>(Action::await_change())
            },
            |_obj, _e: &Infallible, _tally| Action::await_change(),
            tally.clone(),
        )
        .await
        .map_err(|e| e.to_string())?;
    Ok(tally.count())
}

async fn main_() -> Result<(), String> {
    let client = Client::infer().map_err(|e| format!("the kubeconfig: {e}"))?;
    let argv: Vec<String> = std::env::args().skip(1).collect();
    if let [cmd, pods] = argv.as_slice()
        && cmd == "seed"
    {
        return seed(client, pods.parse().map_err(|e| format!("pods: {e}"))?).await;
    }
    if let [cmd, pods, revision] = argv.as_slice()
        && cmd == "update"
    {
        return update(client, pods.parse().map_err(|e| format!("pods: {e}"))?, revision).await;
    }
    let args = Args::parse()?;
    let api: Api<Pod> = Api::all(client);
    let started = Instant::now();
    let reconciled = if args.mode == Mode::Meta {
        run::<PartialObjectMeta<Pod>>(api.metadata(), &args).await?
    } else {
        run(api, &args).await?
    };
    eprintln!(
        "kapi: reconciled {reconciled} pods in {:.2} s peak heap {}",
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
            eprintln!("kapi_side: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
