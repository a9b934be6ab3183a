//! Stores, listers, reflectors, informers and the informer factory against a scripted
//! `ListWatch`: the test decides every list result and watch stream and sees every request.

use std::collections::{BTreeMap, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_api::meta::v1::{INITIAL_EVENTS_ANNOTATION_KEY, ListMeta, ListOptions, ObjectMeta, Status, StatusReason};
use kapi_client::factory::SharedInformerFactory;
use kapi_client::informer::{HandlerFns, InformerConfig, InformerError, SharedInformer};
use kapi_client::labels::Selector;
use kapi_client::lister::Lister;
use kapi_client::reflector::{Backoff, Phase, Reflector, ReflectorConfig, ReflectorSink};
use kapi_client::store::{Change, NAMESPACE_INDEX, Store, StoreError};
use kapi_client::{
    Error, ListResource, ListWatch, Listable, Resource, ResourceInfo, ResourceInfoExt, StatusError, WatchEvent,
};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;
use tokio::sync::{mpsc, watch};

use crate::informer_support;

use informer_support::*;

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

type Vwc = ValidatingWebhookConfiguration;

fn meta(namespace: &str, name: &str, rv: &str, labels: &[(&str, &str)]) -> ObjectMeta {
    ObjectMeta {
        namespace: namespace.to_string(),
        name: name.to_string(),
        resource_version: rv.to_string(),
        labels: labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        ..Default::default()
    }
}

fn widget(namespace: &str, name: &str, rv: &str) -> Widget {
    Widget { metadata: meta(namespace, name, rv, &[]), ..Default::default() }
}

fn labelled(namespace: &str, name: &str, rv: &str, labels: &[(&str, &str)]) -> Widget {
    Widget { metadata: meta(namespace, name, rv, labels), ..Default::default() }
}

fn bookmark<R: Resource>(rv: &str, initial_events_end: bool) -> R {
    let mut obj = R::default();
    obj.metadata_mut().resource_version = rv.to_string();
    if initial_events_end {
        obj.metadata_mut().annotations.insert(INITIAL_EVENTS_ANNOTATION_KEY.to_string(), "true".to_string());
    }
    obj
}

fn status(code: i32, reason: &str) -> Status {
    Status {
        status: "Failure".to_string(),
        message: format!("scripted {reason}"),
        reason: StatusReason(reason.to_string()),
        code,
        ..Default::default()
    }
}

fn api_error(code: u16, reason: &str) -> Error {
    Error::Api(Box::new(StatusError { code, status: status(i32::from(code), reason), retry_after: None }))
}

fn gone() -> Error {
    api_error(410, StatusReason::EXPIRED)
}

fn internal() -> Error {
    api_error(500, StatusReason::INTERNAL_ERROR)
}

fn transport() -> Error {
    Error::Transport("connection refused (scripted)".to_string())
}

/// Waits for a future, failing the test if it hangs: a deadlock guard, not a timing assertion.
async fn guard<T>(f: impl Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(10), f).await.expect("deadlock guard: waited 10s")
}

/// Waits until `cond` holds, yielding to the runtime in between (with the deadlock guard).
async fn until(mut cond: impl FnMut() -> bool) {
    guard(async {
        while !cond() {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    })
    .await
}

fn fast() -> InformerConfig {
    InformerConfig {
        resync_period: None,
        reflector: ReflectorConfig {
            backoff: Backoff::new(Duration::from_millis(1), Duration::from_millis(4)),
            ..Default::default()
        },
    }
}

type EventResult<R> = Result<WatchEvent<R>, Error>;
type EventTx<R> = mpsc::UnboundedSender<EventResult<R>>;

enum WatchPlan<R> {
    Fail(Error),
    Events(mpsc::UnboundedReceiver<EventResult<R>>),
}

/// What the scripted `ListWatch` answers and whom it tells about requests.
struct Script<R: Listable> {
    lists: Mutex<VecDeque<Result<R::List, Error>>>,
    watches: Mutex<VecDeque<WatchPlan<R>>>,
    /// Senders of unscripted watches, kept so those watches stay open.
    parked: Mutex<Vec<EventTx<R>>>,
    list_calls: mpsc::UnboundedSender<ListOptions>,
    watch_calls: mpsc::UnboundedSender<ListOptions>,
    live_watches: Arc<watch::Sender<usize>>,
}

struct ScriptedListWatch<R: Listable>(Arc<Script<R>>);

/// A watch stream that counts itself while alive.
struct Counted<R> {
    rx: mpsc::UnboundedReceiver<EventResult<R>>,
    live: Arc<watch::Sender<usize>>,
}

impl<R> Counted<R> {
    fn new(rx: mpsc::UnboundedReceiver<EventResult<R>>, live: Arc<watch::Sender<usize>>) -> Self {
        live.send_modify(|n| *n += 1);
        Counted { rx, live }
    }
}

impl<R> Drop for Counted<R> {
    fn drop(&mut self) {
        self.live.send_modify(|n| *n -= 1);
    }
}

impl<R> futures_core::Stream for Counted<R> {
    type Item = EventResult<R>;
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().rx.poll_recv(cx)
    }
}

impl<R: Listable> ListWatch<R> for ScriptedListWatch<R> {
    async fn list(&self, options: ListOptions) -> Result<R::List, Error> {
        let _ = self.0.list_calls.send(options);
        let next = self.0.lists.lock().unwrap().pop_front();
        next.unwrap_or_else(|| Err(Error::Transport("no list scripted".to_string())))
    }

    async fn watch(&self, options: ListOptions) -> Result<kapi_client::EventStream<R>, Error> {
        let _ = self.0.watch_calls.send(options);
        let plan = self.0.watches.lock().unwrap().pop_front();
        let rx = match plan {
            Some(WatchPlan::Fail(e)) => return Err(e),
            Some(WatchPlan::Events(rx)) => rx,
            None => {
                let (tx, rx) = mpsc::unbounded_channel();
                self.0.parked.lock().unwrap().push(tx);
                rx
            }
        };
        Ok(Box::pin(Counted::new(rx, self.0.live_watches.clone())))
    }
}

struct Harness<R: Listable> {
    script: Arc<Script<R>>,
    list_calls: mpsc::UnboundedReceiver<ListOptions>,
    watch_calls: mpsc::UnboundedReceiver<ListOptions>,
    live: watch::Receiver<usize>,
}

impl<R: Listable> Harness<R> {
    fn new() -> Self {
        let (list_tx, list_calls) = mpsc::unbounded_channel();
        let (watch_tx, watch_calls) = mpsc::unbounded_channel();
        let (live_tx, live) = watch::channel(0);
        let script = Arc::new(Script {
            lists: Mutex::new(VecDeque::new()),
            watches: Mutex::new(VecDeque::new()),
            parked: Mutex::new(Vec::new()),
            list_calls: list_tx,
            watch_calls: watch_tx,
            live_watches: Arc::new(live_tx),
        });
        Harness { script, list_calls, watch_calls, live }
    }

    fn list_watch(&self) -> ScriptedListWatch<R> {
        ScriptedListWatch(self.script.clone())
    }

    fn list_page(&self, rv: &str, continue_token: &str, items: Vec<R>) {
        let mut list = R::List::default();
        list.list_meta_mut().resource_version = rv.to_string();
        list.list_meta_mut().continue_ = continue_token.to_string();
        list.set_items(items);
        self.script.lists.lock().unwrap().push_back(Ok(list));
    }

    fn list(&self, rv: &str, items: Vec<R>) {
        self.list_page(rv, "", items);
    }

    /// A page that says how many items follow it (`remainingItemCount`).
    fn list_page_remaining(&self, rv: &str, continue_token: &str, remaining: i64, items: Vec<R>) {
        let mut list = R::List::default();
        list.list_meta_mut().resource_version = rv.to_string();
        list.list_meta_mut().continue_ = continue_token.to_string();
        list.list_meta_mut().remaining_item_count = Some(remaining);
        list.set_items(items);
        self.script.lists.lock().unwrap().push_back(Ok(list));
    }

    fn list_error(&self, error: Error) {
        self.script.lists.lock().unwrap().push_back(Err(error));
    }

    fn watch(&self) -> EventTx<R> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.script.watches.lock().unwrap().push_back(WatchPlan::Events(rx));
        tx
    }

    fn watch_error(&self, error: Error) {
        self.script.watches.lock().unwrap().push_back(WatchPlan::Fail(error));
    }

    async fn next_list(&mut self) -> ListOptions {
        guard(self.list_calls.recv()).await.expect("the script is alive")
    }

    async fn next_watch(&mut self) -> ListOptions {
        guard(self.watch_calls.recv()).await.expect("the script is alive")
    }

    async fn live_watches(&mut self, n: usize) {
        guard(self.live.wait_for(|v| *v == n)).await.expect("the script is alive");
    }
}

fn describe<R: Listable>(obj: &R) -> String {
    let m = obj.metadata();
    let key = if m.namespace.is_empty() { m.name.clone() } else { format!("{}/{}", m.namespace, m.name) };
    format!("{key}@{}", m.resource_version)
}

/// A handler that reports every event as a line of text.
fn recorder<R: Listable>() -> (HandlerFns<R>, mpsc::UnboundedReceiver<String>) {
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

#[tokio::test]
async fn initial_sync_then_watch_events_in_order() {
    let mut h = Harness::<Widget>::new();
    h.list("10", vec![widget("ns2", "b", "2"), widget("ns1", "a", "1")]);
    let events = h.watch();
    let informer = SharedInformer::new(h.list_watch(), fast());
    let (handler, mut seen) = recorder();
    let registration = informer.add_handler(handler);
    assert!(!informer.has_synced());
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    assert_eq!(informer.last_sync_resource_version(), "10");

    let list = h.next_list().await;
    assert_eq!((list.resource_version.as_str(), list.limit, list.watch), ("", 0, false));
    let w = h.next_watch().await;
    assert!(w.watch && w.allow_watch_bookmarks);
    assert_eq!(w.resource_version, "10");
    let timeout = w.timeout_seconds.expect("watches carry timeoutSeconds");
    assert!((300..600).contains(&timeout), "timeoutSeconds {timeout} outside [300, 600)");

    expect_events(&mut seen, &["add ns1/a@1", "add ns2/b@2"]).await;
    until(|| registration.has_synced()).await;

    events.send(Ok(WatchEvent::Added(widget("ns1", "c", "11")))).unwrap();
    events.send(Ok(WatchEvent::Modified(widget("ns1", "a", "12")))).unwrap();
    events.send(Ok(WatchEvent::Deleted(widget("ns2", "b", "13")))).unwrap();
    expect_events(&mut seen, &["add ns1/c@11", "update ns1/a@1 -> 12", "delete ns2/b@13"]).await;
    assert_eq!(keys(&informer), ["ns1/a", "ns1/c"]);
    assert_eq!(informer.store().get("ns1/a").unwrap().metadata.resource_version, "12");
    assert_eq!(informer.last_sync_resource_version(), "13");
    assert_eq!(informer.lister().namespace("ns1").get("c").unwrap().metadata.resource_version, "11");
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn bookmarks_advance_the_resource_version_and_rewatch_starts_there() {
    let mut h = Harness::<Widget>::new();
    h.list("5", vec![]);
    let events = h.watch();
    let informer = SharedInformer::new(h.list_watch(), fast());
    let (handler, mut seen) = recorder();
    informer.add_handler(handler);
    informer.start().unwrap();
    assert_eq!(h.next_watch().await.resource_version, "5");

    events.send(Ok(WatchEvent::Added(widget("ns", "x", "6")))).unwrap();
    events.send(Ok(WatchEvent::Bookmark(bookmark("9", false)))).unwrap();
    expect_events(&mut seen, &["add ns/x@6"]).await;
    drop(events);

    // The stream ended: the next watch starts from the bookmark's version, without a list.
    assert_eq!(h.next_watch().await.resource_version, "9");
    assert!(h.list_calls.try_recv().is_ok(), "the initial list");
    assert!(h.list_calls.try_recv().is_err(), "no second list");
    assert_eq!(informer.last_sync_resource_version(), "9");
    assert_eq!(keys(&informer), ["ns/x"], "bookmarks are not objects");
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn gone_error_event_relists_and_synthesizes_deletes() {
    let mut h = Harness::<Widget>::new();
    h.list("10", vec![widget("ns", "a", "1"), widget("ns", "b", "2"), widget("ns", "c", "3")]);
    let events = h.watch();
    h.list("20", vec![widget("ns", "a", "1"), widget("ns", "b", "7"), widget("ns", "d", "8")]);
    let informer = SharedInformer::new(h.list_watch(), fast());
    let (errors_tx, mut errors) = mpsc::unbounded_channel();
    informer.set_error_handler(move |e| {
        let _ = errors_tx.send((e.phase, e.error.is_gone(), e.to_string()));
    });
    let (handler, mut seen) = recorder();
    informer.add_handler(handler);
    informer.start().unwrap();
    expect_events(&mut seen, &["add ns/a@1", "add ns/b@2", "add ns/c@3"]).await;
    assert_eq!(h.next_watch().await.resource_version, "10");

    events.send(Ok(WatchEvent::Error(Box::new(status(410, StatusReason::EXPIRED))))).unwrap();
    // a is unchanged (same resourceVersion): no event; b changed; c vanished; d is new.
    expect_events(&mut seen, &["update ns/b@2 -> 7", "add ns/d@8", "delete ns/c@3"]).await;
    assert_eq!(keys(&informer), ["ns/a", "ns/b", "ns/d"]);
    assert_eq!(h.next_watch().await.resource_version, "20");
    h.next_list().await;
    h.next_list().await;
    let (phase, is_gone, text) = guard(errors.recv()).await.unwrap();
    assert_eq!((phase, is_gone), (Phase::Watch, true));
    assert!(text.starts_with("watch of widgets.example.kapi.io: "), "{text}");
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn gone_from_the_watch_call_relists() {
    let mut h = Harness::<Widget>::new();
    h.list("10", vec![widget("ns", "a", "1")]);
    h.watch_error(gone());
    h.list("11", vec![widget("ns", "a", "1"), widget("ns", "e", "11")]);
    let informer = SharedInformer::new(h.list_watch(), fast());
    let (handler, mut seen) = recorder();
    informer.add_handler(handler);
    informer.start().unwrap();
    expect_events(&mut seen, &["add ns/a@1", "add ns/e@11"]).await;
    assert_eq!(h.next_watch().await.resource_version, "10");
    assert_eq!(h.next_watch().await.resource_version, "11");
    h.next_list().await;
    h.next_list().await;
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn other_errors_back_off_and_retry_the_same_step() {
    let mut h = Harness::<Widget>::new();
    h.list_error(internal());
    h.list_error(transport());
    h.list("3", vec![widget("ns", "a", "1")]);
    h.watch_error(internal());
    let events = h.watch();
    let informer = SharedInformer::new(h.list_watch(), fast());
    let (errors_tx, mut errors) = mpsc::unbounded_channel();
    informer.set_error_handler(move |e| {
        let _ = errors_tx.send((e.phase, e.error.is_gone()));
    });
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    for _ in 0..3 {
        h.next_list().await;
    }
    // The failed watch is retried from the same version, not re-listed.
    assert_eq!(h.next_watch().await.resource_version, "3");
    assert_eq!(h.next_watch().await.resource_version, "3");
    // A non-410 error in the stream: back off and watch again from the latest version.
    events.send(Ok(WatchEvent::Modified(widget("ns", "a", "4")))).unwrap();
    events.send(Ok(WatchEvent::Error(Box::new(status(500, StatusReason::INTERNAL_ERROR))))).unwrap();
    assert_eq!(h.next_watch().await.resource_version, "4");
    assert!(h.list_calls.try_recv().is_err(), "no re-list after errors other than 410");

    let mut seen_errors = Vec::new();
    for _ in 0..4 {
        seen_errors.push(guard(errors.recv()).await.unwrap());
    }
    assert_eq!(seen_errors, [(Phase::List, false), (Phase::List, false), (Phase::Watch, false), (Phase::Watch, false)]);
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn events_reset_the_backoff() {
    let mut h = Harness::<Widget>::new();
    h.list("1", vec![]);
    let first = h.watch();
    let second = h.watch();
    // The second delay of this back-off is far beyond the deadlock guard: the test only
    // finishes if every watch that delivered an event resets the back-off to its first delay.
    let mut config = fast();
    config.reflector.backoff =
        Backoff { initial: Duration::from_millis(1), max: Duration::from_secs(3600), factor: 1e6, jitter: 0.0 };
    let informer = SharedInformer::new(h.list_watch(), config);
    informer.start().unwrap();
    for (events, rv) in [(first, "2"), (second, "3")] {
        h.next_watch().await;
        events.send(Ok(WatchEvent::Added(widget("ns", rv, rv)))).unwrap();
        events.send(Ok(WatchEvent::Error(Box::new(status(500, StatusReason::INTERNAL_ERROR))))).unwrap();
    }
    assert_eq!(h.next_watch().await.resource_version, "3");
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn a_watch_ending_at_once_without_events_is_retried() {
    let mut h = Harness::<Widget>::new();
    h.list("3", vec![]);
    drop(h.watch());
    drop(h.watch());
    let informer = SharedInformer::new(h.list_watch(), fast());
    informer.start().unwrap();
    for _ in 0..3 {
        assert_eq!(h.next_watch().await.resource_version, "3");
    }
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn resync_sends_updates_with_the_same_object() {
    let h = Harness::<Widget>::new();
    h.list("1", vec![widget("ns", "a", "1")]);
    let config = InformerConfig { resync_period: Some(Duration::from_millis(5)), ..fast() };
    let informer = SharedInformer::new(h.list_watch(), config);
    let (handler, mut seen) = recorder();
    informer.add_handler(handler);
    informer.start().unwrap();
    expect_events(&mut seen, &["add ns/a@1", "resync ns/a@1", "resync ns/a@1"]).await;
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn a_handler_added_after_sync_gets_adds_for_the_current_content() {
    let mut h = Harness::<Widget>::new();
    h.list("1", vec![widget("ns", "a", "1"), widget("ns", "b", "1")]);
    let events = h.watch();
    let informer = SharedInformer::new(h.list_watch(), fast());
    let (first, mut first_seen) = recorder();
    informer.add_handler(first);
    informer.start().unwrap();
    h.next_watch().await;
    events.send(Ok(WatchEvent::Added(widget("ns", "c", "2")))).unwrap();
    expect_events(&mut first_seen, &["add ns/a@1", "add ns/b@1", "add ns/c@2"]).await;

    let (late, mut late_seen) = recorder();
    let registration = informer.add_handler(late);
    expect_events(&mut late_seen, &["add ns/a@1", "add ns/b@1", "add ns/c@2"]).await;
    until(|| registration.has_synced()).await;

    events.send(Ok(WatchEvent::Deleted(widget("ns", "a", "3")))).unwrap();
    expect_events(&mut first_seen, &["delete ns/a@3"]).await;
    expect_events(&mut late_seen, &["delete ns/a@3"]).await;

    assert!(informer.remove_handler(&registration));
    assert!(!informer.remove_handler(&registration));
    events.send(Ok(WatchEvent::Deleted(widget("ns", "b", "4")))).unwrap();
    expect_events(&mut first_seen, &["delete ns/b@4"]).await;
    // The removed handler's task ended with its queue: its channel is closed and empty.
    assert_eq!(guard(late_seen.recv()).await, None);
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn label_selector_is_sent_and_enforced_on_objects_received() {
    let mut h = Harness::<Widget>::new();
    // A server that ignores the selector.
    h.list("1", vec![labelled("ns", "a", "1", &[("app", "web")]), labelled("ns", "b", "1", &[("app", "db")])]);
    let events = h.watch();
    let mut config = fast();
    config.reflector.label_selector = Some(Selector::parse("app=web").unwrap());
    let informer = SharedInformer::new(h.list_watch(), config);
    let (handler, mut seen) = recorder();
    informer.add_handler(handler);
    informer.start().unwrap();
    assert_eq!(h.next_list().await.label_selector, "app=web");
    assert_eq!(h.next_watch().await.label_selector, "app=web");
    expect_events(&mut seen, &["add ns/a@1"]).await;

    events.send(Ok(WatchEvent::Added(labelled("ns", "c", "2", &[("app", "db")])))).unwrap();
    events.send(Ok(WatchEvent::Modified(labelled("ns", "a", "3", &[("app", "db")])))).unwrap();
    events.send(Ok(WatchEvent::Added(labelled("ns", "d", "4", &[("app", "web")])))).unwrap();
    // c never matched (nothing); a stopped matching (a delete); d matches.
    expect_events(&mut seen, &["delete ns/a@3", "add ns/d@4"]).await;
    assert_eq!(keys(&informer), ["ns/d"]);
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn paged_list_collects_every_page() {
    let mut h = Harness::<Widget>::new();
    h.list_page("10", "t1", vec![widget("ns", "a", "1"), widget("ns", "b", "2")]);
    h.list_page("10", "", vec![widget("ns", "c", "3")]);
    let mut config = fast();
    config.reflector.page_size = Some(2);
    let informer = SharedInformer::new(h.list_watch(), config);
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    let first = h.next_list().await;
    let second = h.next_list().await;
    assert_eq!((first.limit, first.continue_.as_str()), (2, ""));
    assert_eq!((second.limit, second.continue_.as_str()), (2, "t1"));
    assert_eq!(keys(&informer), ["ns/a", "ns/b", "ns/c"]);
    assert_eq!(h.next_watch().await.resource_version, "10");
    guard(informer.shutdown()).await;
}

/// A sink that records the length and capacity of each list it is handed.
#[derive(Default)]
struct Sizes(Mutex<Vec<(usize, usize)>>);

impl ReflectorSink<Widget> for Sizes {
    fn on_list(&self, items: Vec<Widget>, _resource_version: String) {
        self.0.lock().unwrap().push((items.len(), items.capacity()));
    }
    fn on_upsert(&self, _obj: Widget) {}
    fn on_delete(&self, _obj: Widget) {}
    fn on_bookmark(&self, _resource_version: String) {}
}

/// Runs a reflector until its first list reaches the sink; returns that list's (len, capacity).
async fn first_list_sizes(h: &Harness<Widget>) -> (usize, usize) {
    let sizes = Arc::new(Sizes::default());
    let mut config = fast().reflector;
    config.page_size = Some(2);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let run = tokio::spawn(Reflector::new(h.list_watch(), sizes.clone(), config).run(async {
        let _ = stopped.await;
    }));
    until(|| !sizes.0.lock().unwrap().is_empty()).await;
    let _ = stop.send(());
    guard(run).await.unwrap();
    sizes.0.lock().unwrap()[0]
}

#[tokio::test]
async fn a_paged_list_reserves_what_the_server_says_remains() {
    let h = Harness::<Widget>::new();
    h.list_page_remaining("10", "t1", 3, vec![widget("ns", "a", "1"), widget("ns", "b", "2")]);
    h.list_page_remaining("10", "t2", 1, vec![widget("ns", "c", "3"), widget("ns", "d", "4")]);
    h.list_page("10", "", vec![widget("ns", "e", "5")]);
    // Room for all five at the first page; no doubling past them.
    assert_eq!(first_list_sizes(&h).await, (5, 5));

    // A count no list has (a broken or hostile server) reserves a bounded amount, then grows.
    let h = Harness::<Widget>::new();
    h.list_page_remaining("10", "t1", i64::MAX, vec![widget("ns", "a", "1"), widget("ns", "b", "2")]);
    h.list_page("10", "", vec![widget("ns", "c", "3")]);
    let (len, capacity) = first_list_sizes(&h).await;
    assert_eq!(len, 3);
    assert!(capacity * std::mem::size_of::<Widget>() <= (64 << 20) + 2 * std::mem::size_of::<Widget>(), "{capacity}");
}

#[tokio::test]
async fn an_expired_continue_token_lists_again_without_paging() {
    let mut h = Harness::<Widget>::new();
    h.list_page("10", "t1", vec![widget("ns", "a", "1"), widget("ns", "b", "2")]);
    h.list_error(gone());
    h.list("12", vec![widget("ns", "b", "2"), widget("ns", "z", "12")]);
    let mut config = fast();
    config.reflector.page_size = Some(2);
    let informer = SharedInformer::new(h.list_watch(), config);
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    let calls = [h.next_list().await, h.next_list().await, h.next_list().await];
    let seen: Vec<(i64, &str)> = calls.iter().map(|o| (o.limit, o.continue_.as_str())).collect();
    assert_eq!(seen, [(2, ""), (2, "t1"), (0, "")]);
    assert_eq!(keys(&informer), ["ns/b", "ns/z"]);
    assert_eq!(h.next_watch().await.resource_version, "12");
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn watch_list_fills_the_cache_from_initial_events() {
    let mut h = Harness::<Widget>::new();
    let events = h.watch();
    let mut config = fast();
    config.reflector.use_watch_list = true;
    let informer = SharedInformer::new(h.list_watch(), config);
    let (handler, mut seen) = recorder();
    informer.add_handler(handler);
    informer.start().unwrap();
    let w = h.next_watch().await;
    assert_eq!(w.send_initial_events, Some(true));
    assert_eq!(w.resource_version_match.0, "NotOlderThan");
    assert_eq!(w.resource_version, "");
    assert!(w.allow_watch_bookmarks);

    events.send(Ok(WatchEvent::Added(widget("ns", "a", "3")))).unwrap();
    events.send(Ok(WatchEvent::Added(widget("ns", "b", "7")))).unwrap();
    events.send(Ok(WatchEvent::Bookmark(bookmark("8", false)))).unwrap();
    assert!(!informer.has_synced(), "synced only at the initial-events-end bookmark");
    events.send(Ok(WatchEvent::Bookmark(bookmark("15", true)))).unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    assert_eq!(informer.last_sync_resource_version(), "15");
    expect_events(&mut seen, &["add ns/a@3", "add ns/b@7"]).await;

    // The same stream goes on as a plain watch.
    events.send(Ok(WatchEvent::Added(widget("ns", "c", "16")))).unwrap();
    expect_events(&mut seen, &["add ns/c@16"]).await;
    assert!(h.list_calls.try_recv().is_err(), "no list");
    assert!(h.watch_calls.try_recv().is_err(), "one watch");
    guard(informer.shutdown()).await;
}

#[tokio::test]
async fn a_failing_watch_list_falls_back_to_a_list() {
    let mut h = Harness::<Widget>::new();
    h.watch_error(api_error(400, StatusReason::BAD_REQUEST));
    h.list("4", vec![widget("ns", "a", "4")]);
    let mut config = fast();
    config.reflector.use_watch_list = true;
    let informer = SharedInformer::new(h.list_watch(), config);
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    assert_eq!(h.next_watch().await.send_initial_events, Some(true));
    h.next_list().await;
    let w = h.next_watch().await;
    assert_eq!((w.resource_version.as_str(), w.send_initial_events), ("4", None));
    guard(informer.shutdown()).await;
}

#[test]
fn store_indexes_and_replace_differences() {
    let store = Store::<Widget>::new();
    assert_eq!(store.index_names(), [NAMESPACE_INDEX]);
    store.add_indexer("by_colour", |w: &Widget| vec![w.colour.clone()]).unwrap();
    assert_eq!(
        store.add_indexer("by_colour", |w: &Widget| vec![w.colour.clone()]),
        Err(StoreError::DuplicateIndex("by_colour".to_string()))
    );
    let red = |ns: &str, name: &str, rv: &str| Widget { colour: "red".to_string(), ..widget(ns, name, rv) };
    assert!(matches!(store.add(red("ns1", "a", "1")), Change::Added(_)));
    store.add(red("ns2", "b", "1"));
    store.add(widget("ns1", "c", "1"));
    let names = |v: Vec<Arc<Widget>>| v.iter().map(|w| w.metadata.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(store.by_index("by_colour", "red").unwrap()), ["a", "b"]);
    assert_eq!(names(store.by_index(NAMESPACE_INDEX, "ns1").unwrap()), ["a", "c"]);
    assert_eq!(store.index_values("by_colour").unwrap(), ["", "red"]);
    assert_eq!(store.by_index("nope", "x"), Err(StoreError::UnknownIndex("nope".to_string())));

    // An update re-files the object.
    match store.update(widget("ns1", "a", "2")) {
        Change::Updated { old, new } => assert_eq!((old.colour.as_str(), new.colour.as_str()), ("red", "")),
        other => panic!("expected an update, got {other:?}"),
    }
    assert_eq!(names(store.by_index("by_colour", "red").unwrap()), ["b"]);
    assert_eq!(store.delete(&widget("ns2", "b", "9")).unwrap().metadata.resource_version, "1");
    assert_eq!(store.index_values("by_colour").unwrap(), [""]);
    assert!(store.delete_key("ns2/b").is_none());

    let changes = store.replace(vec![widget("ns1", "a", "2"), red("ns1", "c", "5"), widget("ns3", "d", "1")], "40");
    let described: Vec<String> = changes
        .iter()
        .map(|c| match c {
            Change::Added(o) => format!("add {}", describe(&**o)),
            Change::Updated { old, new } => format!("update {} -> {}", describe(&**old), describe(&**new)),
            Change::Deleted(o) => format!("delete {}", describe(&**o)),
        })
        .collect();
    assert_eq!(described, ["update ns1/c@1 -> ns1/c@5", "add ns3/d@1"]);
    assert_eq!(store.resource_version(), "40");
    assert_eq!(names(store.by_index("by_colour", "red").unwrap()), ["c"]);
    assert_eq!(store.index_values(NAMESPACE_INDEX).unwrap(), ["ns1", "ns3"]);
    assert_eq!(store.keys(), ["ns1/a", "ns1/c", "ns3/d"]);
    assert_eq!(store.get_by_name("ns3", "d").unwrap().metadata.name, "d");

    let changes = store.replace(vec![], "41");
    assert_eq!(changes.len(), 3);
    assert!(changes.iter().all(|c| matches!(c, Change::Deleted(_))));
    assert!(store.is_empty());
    assert_eq!(store.index_values("by_colour").unwrap(), Vec::<String>::new());
}

/// A list large enough that the store gives its buffer back while filling (over 1 MiB) ends with
/// every object in place, and of two objects with one key the list's last wins, as before.
#[test]
fn a_large_replace_keeps_every_object_and_the_last_of_a_key() {
    let store = Store::<Widget>::new();
    let n = (2 << 20) / size_of::<Widget>() + 100;
    let mut items: Vec<Widget> = (0..n).map(|i| widget("ns", &format!("w{i:06}"), "1")).collect();
    items.insert(10, widget("ns", "w000500", "early"));
    items.push(Widget { colour: "last".into(), ..widget("ns", "w000007", "late") });
    let changes = store.replace(items, "9");
    assert_eq!(changes.len(), n);
    assert_eq!(store.len(), n);
    assert_eq!(store.get_by_name("ns", "w000500").unwrap().metadata.resource_version, "1");
    assert_eq!(store.get_by_name("ns", "w000007").unwrap().colour, "last");
    assert_eq!(store.keys().first().map(String::as_str), Some("ns/w000000"));
    assert_eq!(store.keys().last().cloned(), Some(format!("ns/w{:06}", n - 1)));
}

#[test]
fn lister_lists_and_gets_by_namespace_name_and_selector() {
    let store = Arc::new(Store::<Widget>::new());
    store.add(labelled("ns1", "a", "1", &[("app", "web"), ("tier", "front")]));
    store.add(labelled("ns1", "b", "1", &[("app", "db")]));
    store.add(labelled("ns2", "a", "1", &[("app", "web")]));
    let lister = Lister::new(store);
    let names = |v: Vec<Arc<Widget>>| v.iter().map(|w| describe(&**w)).collect::<Vec<_>>();

    assert_eq!(names(lister.list(&Selector::everything())), ["ns1/a@1", "ns1/b@1", "ns2/a@1"]);
    assert_eq!(names(lister.list(&"app=web".parse().unwrap())), ["ns1/a@1", "ns2/a@1"]);
    assert_eq!(names(lister.list(&"app in (db),!tier".parse().unwrap())), ["ns1/b@1"]);
    assert_eq!(names(lister.list(&"tier notin (front)".parse().unwrap())), ["ns1/b@1", "ns2/a@1"]);
    assert_eq!(names(lister.namespace("ns1").list(&"app!=db".parse().unwrap())), ["ns1/a@1"]);
    assert_eq!(names(lister.namespace("ns1").list(&Selector::everything())), ["ns1/a@1", "ns1/b@1"]);
    assert!(lister.namespace("ns3").list(&Selector::everything()).is_empty());

    assert_eq!(describe(&*lister.namespace("ns2").get("a").unwrap()), "ns2/a@1");
    let missing = lister.namespace("ns2").get("b").unwrap_err();
    assert!(missing.is_not_found(), "{missing}");
    assert_eq!(missing.to_string(), "widgets.example.kapi.io \"b\" not found");
    // `lister.get` of a namespaced resource does not compile: objects are got in a namespace.

    // A cluster-scoped resource.
    let store = Arc::new(Store::<Vwc>::new());
    let hook = Vwc { metadata: meta("", "hook", "3", &[("team", "x")]), ..Default::default() };
    store.add(hook);
    let lister = Lister::new(store);
    assert_eq!(lister.get("hook").unwrap().metadata.resource_version, "3");
    assert!(lister.get("other").unwrap_err().is_not_found());
    assert_eq!(lister.list(&"team=x".parse().unwrap()).len(), 1);
    assert!(lister.list(&"team=y".parse().unwrap()).is_empty());
    // `lister.namespace(..)` of a cluster-scoped resource does not compile.
}

#[tokio::test]
async fn factory_shares_one_informer_per_type_and_applies_its_options() {
    let mut widgets = Harness::<Widget>::new();
    let unused = Harness::<Widget>::new();
    let mut hooks = Harness::<Vwc>::new();
    widgets.list(
        "7",
        vec![
            labelled("ns1", "a", "1", &[("tier", "front")]),
            labelled("ns2", "b", "1", &[("tier", "front")]),
            labelled("ns1", "c", "1", &[("tier", "back")]),
        ],
    );
    let hook = Vwc { metadata: meta("", "hook", "8", &[("tier", "front")]), ..Default::default() };
    hooks.list("8", vec![hook]);

    let factory = SharedInformerFactory::new(None)
        .with_namespace("ns1")
        .with_label_selector(Selector::parse("tier=front").unwrap())
        .with_tweak_list_options(|o: &mut ListOptions| o.shard_selector = "tweaked".to_string())
        .with_reflector_config(fast().reflector);
    let first = factory.informer::<Widget, _>(widgets.list_watch());
    let second = factory.informer::<Widget, _>(unused.list_watch());
    assert!(Arc::ptr_eq(&first.store(), &second.store()), "one informer per type");
    assert_eq!(Arc::strong_count(&unused.script), 1, "the second list-watch was dropped");
    let hook_informer = factory.informer::<Vwc, _>(hooks.list_watch());
    assert!(Arc::ptr_eq(&factory.existing_informer::<Vwc>().unwrap().store(), &hook_informer.store()));

    factory.start().unwrap();
    let synced = guard(factory.wait_for_cache_sync()).await;
    let want: BTreeMap<_, _> =
        [(ResourceInfo::of::<Widget>().gvr(), true), (ResourceInfo::of::<Vwc>().gvr(), true)].into_iter().collect();
    assert_eq!(synced, want);

    for options in [widgets.next_list().await, widgets.next_watch().await] {
        assert_eq!(options.field_selector, "metadata.namespace=ns1");
        assert_eq!(options.label_selector, "tier=front");
        assert_eq!(options.shard_selector, "tweaked");
    }
    for options in [hooks.next_list().await, hooks.next_watch().await] {
        assert_eq!(options.field_selector, "", "cluster-scoped informers ignore the namespace");
        assert_eq!(options.label_selector, "tier=front");
    }
    // Objects outside the namespace or selector are kept out even if the server sends them.
    assert_eq!(keys(&first), ["ns1/a"]);
    assert_eq!(keys(&hook_informer), ["hook"]);

    widgets.live_watches(1).await;
    hooks.live_watches(1).await;
    guard(factory.shutdown()).await;
    assert_eq!(*widgets.live.borrow(), 0);
    assert_eq!(*hooks.live.borrow(), 0);
    assert!(first.is_stopped() && hook_informer.is_stopped());
}

#[tokio::test]
async fn shutdown_ends_every_task_it_started() {
    let tasks_before = tokio::runtime::Handle::current().metrics().num_alive_tasks();
    let mut h = Harness::<Widget>::new();
    h.list("1", vec![widget("ns", "a", "1")]);
    let token = Arc::new(());
    let held = token.clone();
    let config = InformerConfig { resync_period: Some(Duration::from_secs(3600)), ..fast() };
    let informer = SharedInformer::new(h.list_watch(), config);
    let registration = informer.add_handler(HandlerFns::new().on_add(move |_: &Arc<Widget>| {
        let _ = &held;
    }));
    informer.start().unwrap();
    assert!(guard(informer.wait_for_sync()).await);
    h.next_watch().await;
    h.live_watches(1).await;
    until(|| registration.has_synced()).await;
    let handle = tokio::runtime::Handle::current();
    assert_eq!(handle.metrics().num_alive_tasks(), tasks_before + 3, "reflector, resync and one handler");
    assert_eq!(Arc::strong_count(&token), 2);

    guard(informer.shutdown()).await;
    assert_eq!(*h.live.borrow(), 0, "the watch stream was dropped");
    assert_eq!(Arc::strong_count(&token), 1, "the handler was dropped");
    assert_eq!(Arc::strong_count(&h.script), 1, "the list-watch was dropped");
    until(|| handle.metrics().num_alive_tasks() == tasks_before).await;
    assert!(informer.is_stopped());
    assert_eq!(informer.start(), Err(InformerError::Stopped("widgets.example.kapi.io".to_string())));
    // The cache stays readable.
    assert_eq!(keys(&informer), ["ns/a"]);
}

#[tokio::test]
async fn dropping_the_last_handle_cancels_the_tasks() {
    let mut h = Harness::<Widget>::new();
    h.list("1", vec![]);
    let informer = SharedInformer::new(h.list_watch(), fast());
    let clone = informer.clone();
    informer.start().unwrap();
    assert!(guard(clone.wait_for_sync()).await);
    h.live_watches(1).await;
    drop(informer);
    assert_eq!(*h.live.borrow(), 1, "a clone keeps the informer running");
    drop(clone);
    h.live_watches(0).await;
    until(|| Arc::strong_count(&h.script) == 1).await;
}

#[tokio::test]
async fn wait_for_sync_returns_false_when_stopped_first() {
    let h = Harness::<Widget>::new();
    h.list_error(internal());
    let informer = SharedInformer::new(h.list_watch(), fast());
    informer.start().unwrap();
    let waiter = informer.clone();
    let wait = tokio::spawn(async move { waiter.wait_for_sync().await });
    informer.stop();
    assert!(!guard(wait).await.unwrap());
    guard(informer.shutdown()).await;
}

#[test]
fn start_outside_a_runtime_is_an_error() {
    let h = Harness::<Widget>::new();
    let informer = SharedInformer::new(h.list_watch(), fast());
    assert_eq!(informer.start(), Err(InformerError::NoRuntime));
}
