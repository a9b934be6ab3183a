//! Metadata-only lists, watches, informers and controllers against the in-process API server:
//! `Api::metadata()` reads `PartialObjectMetadata` in protobuf and JSON, the watcher and a shared
//! informer cache metadata only, and a controller runs on metadata with an owned kind watched
//! through metadata too.

use crate::support;

use std::sync::Arc;

use kapi_api::core::v1::{ConfigMap, Secret};
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, GetOptions, ListOptions, ObjectMeta};
use kapi_client::informer::{InformerConfig, SharedInformer};
use kapi_client::watcher::{Event, WatcherConfig, watcher};
use kapi_client::{Api, ContentType, ListResource, PartialObjectMeta, StreamExt};
use kapi_runtime::{Action, Config, Controller, ObjectRef, ResourceExt, backoff_on_error};
use support::*;
use tokio::sync::oneshot;
use tokio::time::Instant;

const PARTIAL: &str = "PartialObjectMetadata";

fn big_map(name: &str) -> ConfigMap {
    config_map(name, &[("big", &"x".repeat(4096))])
}

#[tokio::test]
async fn get_list_and_watch_answer_metadata_in_protobuf_and_json() {
    for content_type in [ContentType::Protobuf, ContentType::Json] {
        let (_server, client) = server();
        let client = client.with_content_type(content_type);
        let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
        for name in ["a", "b"] {
            maps.create(&big_map(name), &CreateOptions::default()).await.unwrap();
        }

        let list = maps.list_metadata(&ListOptions::default()).await.unwrap();
        assert_eq!(list.type_meta.kind, "PartialObjectMetadataList", "{content_type:?}");
        assert!(!list.metadata.resource_version.is_empty());
        let names: Vec<&str> = list.items().iter().map(|i| i.metadata.name.as_str()).collect();
        assert_eq!(names, ["a", "b"], "{content_type:?}");
        // The items carry no kind of their own (none in protobuf), as upstream's.
        assert!(list.items().iter().all(|i| !i.metadata.uid.is_empty() && i.type_meta.kind != "ConfigMap"));

        let one = maps.get_metadata("a", &GetOptions::default()).await.unwrap();
        assert_eq!((one.type_meta.kind.as_str(), one.metadata.name.as_str()), (PARTIAL, "a"));

        // Paged, across all namespaces, through the metadata `Api` itself.
        let all = Api::<ConfigMap>::all(client.clone()).metadata();
        let paged = all.list_all(&ListOptions::default().limit(1)).await.unwrap();
        assert_eq!(paged.items().len(), 2, "{content_type:?}");

        // The watcher over metadata: the initial list, then changes, each reduced to metadata.
        let mut events = std::pin::pin!(watcher(maps.metadata(), WatcherConfig::default()));
        let mut initial = Vec::new();
        loop {
            match guard(events.next()).await.unwrap().unwrap() {
                Event::Init => {}
                Event::InitApply(o) => initial.push(o.metadata.name),
                Event::InitDone => break,
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(initial, ["a", "b"]);
        maps.create(&big_map("c"), &CreateOptions::default()).await.unwrap();
        let Event::Apply(created) = guard(events.next()).await.unwrap().unwrap() else { panic!("not an apply") };
        assert_eq!((created.type_meta.kind.as_str(), created.metadata.name.as_str()), (PARTIAL, "c"));
        maps.delete("a", &DeleteOptions::default()).await.unwrap();
        let Event::Delete(gone) = guard(events.next()).await.unwrap().unwrap() else { panic!("not a delete") };
        assert_eq!((gone.type_meta.kind.as_str(), gone.metadata.name.as_str()), (PARTIAL, "a"));
    }
}

#[tokio::test]
async fn a_shared_informer_over_metadata_caches_metadata_only() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    for name in ["a", "b"] {
        maps.create(&big_map(name), &CreateOptions::default()).await.unwrap();
    }
    let informer: SharedInformer<PartialObjectMeta<ConfigMap>> =
        SharedInformer::new(Api::<ConfigMap>::all(client.clone()).metadata(), InformerConfig::default());
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    let store = informer.store();
    assert_eq!(store.get("default/a").expect("cached").metadata.name, "a");

    maps.create(&big_map("c"), &CreateOptions::default()).await.unwrap();
    let start = Instant::now();
    let c = loop {
        if let Some(c) = store.get("default/c") {
            break c;
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "c never reached the cache");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    };
    assert_eq!(c.type_meta.kind, PARTIAL, "watched as metadata");
    assert_eq!(store.len(), 3);
    informer.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_controller_runs_on_metadata_and_owns_through_metadata() {
    let (_server, client) = server();
    let maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let secrets: Api<Secret> = Api::namespaced(client.clone(), "default");
    let log = Log::default();
    let (stop, stopped) = oneshot::channel::<()>();
    let controller =
        Controller::new(Api::<ConfigMap>::all(client.clone()).metadata(), Config::default().registry(registry()))
            .owns(Api::<Secret>::all(client.clone()).metadata(), InformerConfig::default())
            .graceful_shutdown_on(async move {
                let _ = stopped.await;
            });
    let run = tokio::spawn(controller.run(
        |cm: Arc<PartialObjectMeta<ConfigMap>>, log: Arc<Log>| async move {
            let start = Instant::now();
            log.push("op", &ObjectRef::from_obj(cm.as_ref()).to_string(), start);
            Ok::<_, std::convert::Infallible>(Action::await_change())
        },
        backoff_on_error,
        Arc::new(log.clone()),
    ));

    let owner = maps.create(&big_map("a"), &CreateOptions::default()).await.unwrap();
    log.until("the reconcile on create", |l| l.iter().any(|e| e.key == "default/a")).await;

    // A secret the config map owns: its creation, seen through a metadata watch of secrets,
    // reconciles the owner.
    let before = log.count("default/a");
    let secret = Secret {
        metadata: ObjectMeta {
            name: "a-creds".into(),
            namespace: "default".into(),
            owner_references: vec![owner.controller_owner_ref().unwrap()],
            ..Default::default()
        },
        data: [("k".to_string(), b"v".to_vec())].into(),
        ..Default::default()
    };
    secrets.create(&secret, &CreateOptions::default()).await.unwrap();
    log.until("the reconcile on the owned object's creation", |l| {
        l.iter().filter(|e| e.key == "default/a").count() > before
    })
    .await;
    // A secret owned by nothing reconciles nothing.
    let mut stray = secret.clone();
    stray.metadata.name = "stray".into();
    stray.metadata.owner_references.clear();
    let before = log.entries().len();
    secrets.create(&stray, &CreateOptions::default()).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(log.entries().len(), before);

    let _ = stop.send(());
    guard(run).await.unwrap().unwrap();
}
