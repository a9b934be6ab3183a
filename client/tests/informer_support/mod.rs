//! What the informer tests of kapi-client (over a scripted `ListWatch`) and of kapi-testing (over the in-process server) share: a kind of their own, object builders, deadlock guards and an event recorder.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_client::Listable;
use kapi_client::informer::{HandlerFns, InformerConfig, SharedInformer};
use kapi_client::reflector::{Backoff, ReflectorConfig};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;
use tokio::sync::mpsc;

/// A namespaced kind of the test's own.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct Widget {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub colour: String,
}

/// A list of widgets.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct WidgetList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Vec<Widget>,
}

kapi_client::resource!(
    Widget,
    WidgetList,
    resource = "widgets",
    namespaced = true,
    protobuf = false,
    verbs = ["create", "get", "list", "watch"],
    subresources = [],
);

pub type Vwc = ValidatingWebhookConfiguration;

pub fn meta(namespace: &str, name: &str, rv: &str, labels: &[(&str, &str)]) -> ObjectMeta {
    ObjectMeta {
        namespace: namespace.to_string(),
        name: name.to_string(),
        resource_version: rv.to_string(),
        labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        ..Default::default()
    }
}

pub fn labelled(namespace: &str, name: &str, rv: &str, labels: &[(&str, &str)]) -> Widget {
    Widget { metadata: meta(namespace, name, rv, labels), ..Default::default() }
}

/// Waits for a future, failing the test if it hangs: a deadlock guard, not a timing assertion.
pub async fn guard<T>(f: impl Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(10), f).await.expect("deadlock guard: waited 10s")
}

/// Waits until `cond` holds, yielding to the runtime in between (with the deadlock guard).
pub async fn until(mut cond: impl FnMut() -> bool) {
    guard(async {
        while !cond() {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    })
    .await
}

pub fn fast() -> InformerConfig {
    InformerConfig {
        resync_period: None,
        reflector: ReflectorConfig {
            backoff: Backoff::new(Duration::from_millis(1), Duration::from_millis(4)),
            ..Default::default()
        },
    }
}

pub fn describe<R: Listable>(obj: &R) -> String {
    let m = obj.metadata();
    let key = if m.namespace.is_empty() { m.name.clone() } else { format!("{}/{}", m.namespace, m.name) };
    format!("{key}@{}", m.resource_version)
}

/// A handler that reports every event as a line of text.
pub fn recorder<R: Listable>() -> (HandlerFns<R>, mpsc::UnboundedReceiver<String>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let (add, update, delete) = (tx.clone(), tx.clone(), tx);
    let handler = HandlerFns::new()
        .on_add(move |o: &Arc<R>| {
            let _ = add.send(format!("add {}", describe(&**o)));
        })
        .on_update(move |old: &Arc<R>, new: &Arc<R>| {
            let line = if Arc::ptr_eq(old, new) {
                format!("resync {}", describe(&**new))
            } else {
                format!("update {} -> {}", describe(&**old), new.metadata().resource_version)
            };
            let _ = update.send(line);
        })
        .on_delete(move |o: &Arc<R>| {
            let _ = delete.send(format!("delete {}", describe(&**o)));
        });
    (handler, rx)
}

pub async fn expect_events(seen: &mut mpsc::UnboundedReceiver<String>, want: &[&str]) {
    for w in want {
        let got = guard(seen.recv()).await.expect("the handler is alive");
        assert_eq!(got, *w);
    }
}

pub fn keys<R: Listable>(informer: &SharedInformer<R>) -> Vec<String> {
    informer.store().keys()
}
