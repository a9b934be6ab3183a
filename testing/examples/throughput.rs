//! Request throughput of the in-process API server: create, get, list and watch of N ConfigMaps and Pods in JSON and protobuf, through `ApiServer::handle` (no network), printed as requests per second.
//!
//! `cargo run --release -p kapi-testing --example throughput -- [N] [ROUNDS] [KIND] [ENCODING]`
//! (default 10,000 objects, 3 rounds, both kinds in both encodings; the best round is printed,
//! as the machine is shared and noisy).

use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http::Method;
use kapi_api::core::v1::{ConfigMap, Container, Pod, PodSpec};
use kapi_api::meta::v1::{ListOptions, ObjectMeta};
use kapi_client::GroupVersionResource;
use kapi_machinery::{Format, Options, Serializer};
use kapi_testing::ApiServer;

const JSON: &str = "application/json";
const PROTOBUF: &str = "application/vnd.kubernetes.protobuf";

fn config_map(i: usize) -> ConfigMap {
    ConfigMap {
        metadata: ObjectMeta { name: format!("cm-{i}"), namespace: "bench".into(), ..Default::default() },
        data: [("key".to_owned(), format!("value {i}")), ("other".to_owned(), "x".repeat(64))].into(),
        ..Default::default()
    }
}

fn pod(i: usize) -> Pod {
    Pod {
        metadata: ObjectMeta {
            name: format!("pod-{i}"),
            namespace: "bench".into(),
            labels: [("app".to_owned(), "web".to_owned())].into(),
            ..Default::default()
        },
        spec: PodSpec {
            containers: Some(vec![Container {
                name: "app".into(),
                image: "registry.example.com/app:1.0".into(),
                ..Default::default()
            }]),
            ..Default::default()
        },
        ..Default::default()
    }
}

async fn send(api: &ApiServer, method: Method, path: &str, media: &str, body: Vec<u8>) -> u16 {
    let req = http::Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", media)
        .header("accept", media)
        .body(Bytes::from(body))
        .expect("a valid request");
    let resp = api.handle(req).await;
    let code = resp.status().as_u16();
    // The body is read as a client would.
    kapi_client::body::collect(resp.into_body()).await.expect("an in-memory body");
    code
}

struct Figures {
    create: Duration,
    get: Duration,
    list: Duration,
    watch: Duration,
}

async fn round(kind: &str, media: &str, n: usize) -> Figures {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let scheme = kapi_api::scheme().expect("the scheme");
    let format = if media == JSON { Format::Json } else { Format::Protobuf };
    let ser = Serializer::new(&scheme, format, Options::default());
    let (collection, resource) = match kind {
        "configmaps" => ("/api/v1/namespaces/bench/configmaps", "configmaps"),
        _ => ("/api/v1/namespaces/bench/pods", "pods"),
    };
    let bodies: Vec<Vec<u8>> = (0..n)
        .map(|i| match kind {
            "configmaps" => ser.encode(&config_map(i)),
            _ => ser.encode(&pod(i)),
        })
        .collect::<Result<_, _>>()
        .expect("the objects encode");
    // A watcher of the resource sees every create.
    let gvr = GroupVersionResource::new("", "v1", resource);
    let mut watch = api.tracker().watch(&gvr, "bench", &ListOptions::default()).expect("a watch");

    let started = Instant::now();
    for body in bodies {
        assert_eq!(send(&api, Method::POST, collection, media, body).await, 201);
    }
    let create = started.elapsed();

    let started = Instant::now();
    let mut seen = 0;
    while seen < n {
        watch.try_next().expect("an event per create");
        seen += 1;
    }
    let watch = started.elapsed();

    let started = Instant::now();
    for i in 0..n {
        let name = if kind == "configmaps" { format!("cm-{i}") } else { format!("pod-{i}") };
        assert_eq!(send(&api, Method::GET, &format!("{collection}/{name}"), media, Vec::new()).await, 200);
    }
    let get = started.elapsed();

    let started = Instant::now();
    for _ in 0..10 {
        assert_eq!(send(&api, Method::GET, collection, media, Vec::new()).await, 200);
    }
    let list = started.elapsed() / 10;
    Figures { create, get, list, watch }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    // An optional kind and encoding narrow the run (for a profiler).
    let only: Vec<String> = args.collect();
    println!("{n} objects, best of {rounds} rounds; per request (list: one list of all {n})");
    println!(
        "{:<11} {:<9} {:>12} {:>12} {:>12} {:>14}",
        "kind", "encoding", "create µs", "get µs", "list ms", "watch event µs"
    );
    for kind in ["configmaps", "pods"] {
        for (name, media) in [("json", JSON), ("protobuf", PROTOBUF)] {
            if only.iter().any(|o| o != kind && o != name) {
                continue;
            }
            let mut best: Option<Figures> = None;
            for _ in 0..rounds {
                let f = round(kind, media, n).await;
                best = Some(match best {
                    None => f,
                    Some(b) => Figures {
                        create: b.create.min(f.create),
                        get: b.get.min(f.get),
                        list: b.list.min(f.list),
                        watch: b.watch.min(f.watch),
                    },
                });
            }
            let b = best.expect("at least one round");
            let per = |d: Duration| d.as_secs_f64() * 1e6 / n as f64;
            println!(
                "{kind:<11} {name:<9} {:>12.1} {:>12.1} {:>12.2} {:>14.2}",
                per(b.create),
                per(b.get),
                b.list.as_secs_f64() * 1e3,
                per(b.watch)
            );
        }
    }
}
