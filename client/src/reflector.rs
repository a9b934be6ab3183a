//! The reflector: keeps a local cache in step with the server by list-then-watch, as upstream's
//! `k8s.io/client-go/tools/cache.Reflector` does.
//!
//! 1. List (in pages of `page_size` if set) and hand the whole result to the sink, which replaces
//!    its content. The first page reads the most recent state, or with [`ListSemantic::Any`] what
//!    client-go's reflector reads: any state first, then state not older than the last version
//!    seen, and the most recent once that has expired. With `use_watch_list`, the initial state comes instead from a watch with
//!    `sendInitialEvents=true`, up to the bookmark annotated `k8s.io/initial-events-end`; if
//!    that fails the reflector falls back to a list.
//! 2. Watch from the list's `resourceVersion` with `allowWatchBookmarks=true` and a randomized
//!    `timeoutSeconds`, applying events and tracking the latest resource version (bookmarks
//!    advance it too).
//! 3. When the watch ends, watch again from the latest resource version. On `410 Gone` or
//!    `Expired` (an `ERROR` event or an error from `watch`) list again. On any other error back
//!    off (exponentially, with a cap) and retry the same step.

use std::future::Future;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::{Duration, Instant};

use kapi_api::meta::v1::{INITIAL_EVENTS_ANNOTATION_KEY, ListOptions, ResourceVersionMatch, Status};

use crate::labels::Selector;
use crate::resource::ResourceScope;
use crate::store::{Store, object_key};
pub use crate::watcher::ListSemantic;
use crate::{Error, EventStream, ListResource, ListWatch, Listable, Resource, StatusError, WatchEvent};

/// A watch that ends this quickly without a single event counts as a failure (it backs off).
pub(crate) const SHORT_WATCH: Duration = Duration::from_secs(1);

/// The most a paged list reserves, in bytes of in-line items, ahead of their arrival:
/// `remainingItemCount` is the server's word, and a hostile or broken one must not make the client
/// allocate without bound. Past it the buffer grows as pages come.
const MAX_RESERVED_BYTES: usize = 64 << 20;

/// A function that adjusts the options of every list and watch request (applied last).
pub type TweakListOptions = Arc<dyn Fn(&mut ListOptions) + Send + Sync>;

/// Exponential back-off between retries: `initial`, then times `factor` up to `max`, each delay
/// stretched by a random fraction of up to `jitter` of itself (and still capped at `max`).
#[derive(Debug, Clone, PartialEq)]
pub struct Backoff {
    /// The first delay.
    pub initial: Duration,
    /// The longest delay.
    pub max: Duration,
    /// How much each delay grows over the previous one.
    pub factor: f64,
    /// The random stretch, as a fraction of the delay (0 for none).
    pub jitter: f64,
}

impl Default for Backoff {
    /// Upstream's reflector values: 800ms doubling up to 30s, with a jitter of 1.
    fn default() -> Self {
        Backoff { initial: Duration::from_millis(800), max: Duration::from_secs(30), factor: 2.0, jitter: 1.0 }
    }
}

impl Backoff {
    /// A back-off from `initial` doubling up to `max`, without jitter.
    pub fn new(initial: Duration, max: Duration) -> Self {
        Backoff { initial, max, factor: 2.0, jitter: 0.0 }
    }
}

/// The state of a back-off: the delay the next failure waits.
#[derive(Debug, Clone)]
pub(crate) struct BackoffState {
    config: Backoff,
    next: Duration,
}

impl BackoffState {
    pub(crate) fn new(config: Backoff) -> Self {
        let next = config.initial.min(config.max);
        BackoffState { config, next }
    }

    /// The delay for this failure; the following one waits longer.
    pub(crate) fn next_delay(&mut self) -> Duration {
        let base = self.next;
        let factor = if self.config.factor.is_finite() && self.config.factor >= 1.0 { self.config.factor } else { 1.0 };
        self.next = base.mul_f64(factor).min(self.config.max);
        let jitter = if self.config.jitter.is_finite() && self.config.jitter > 0.0 { self.config.jitter } else { 0.0 };
        base.mul_f64(1.0 + jitter * random_fraction()).min(self.config.max)
    }

    pub(crate) fn reset(&mut self) {
        self.next = self.config.initial.min(self.config.max);
    }
}

/// A random number in `[0, 1)`, from the standard library's randomly keyed hasher.
pub(crate) fn random_fraction() -> f64 {
    use std::hash::BuildHasher;
    let bits = std::collections::hash_map::RandomState::new().hash_one(Instant::now()) >> 11;
    bits as f64 / (1u64 << 53) as f64
}

/// How a reflector lists and watches.
#[derive(Clone)]
pub struct ReflectorConfig {
    /// List in pages of this many objects (`limit`); `None` lists everything at once.
    pub page_size: Option<i64>,
    /// The back-off between retries after errors.
    pub backoff: Backoff,
    /// Watches ask the server to end after a random time between this and twice this
    /// (`timeoutSeconds`), so that load spreads when many clients reconnect. Upstream: 5 minutes.
    pub min_watch_timeout: Duration,
    /// Only objects of this namespace (namespaced resources only): sent as the field selector
    /// `metadata.namespace=<ns>` and checked on every object received.
    pub namespace: Option<String>,
    /// Only objects whose labels match: sent as `labelSelector` and checked on every object
    /// received (an object that stops matching is treated as deleted).
    pub label_selector: Option<Selector>,
    /// A field selector sent with every request.
    pub field_selector: String,
    /// Get the initial state from a watch with `sendInitialEvents=true` instead of a list.
    pub use_watch_list: bool,
    /// Adjusts every list and watch request, after the reflector has set its options.
    pub tweak_list_options: Option<TweakListOptions>,
    /// Which state the lists read: the most recent (the default, a consistent read) or, as
    /// client-go's informers do, any state the server has cached (`resourceVersion=0`) for the
    /// first list and state not older than the last version seen for a relist.
    pub list_semantic: ListSemantic,
}

impl Default for ReflectorConfig {
    fn default() -> Self {
        ReflectorConfig {
            page_size: None,
            backoff: Backoff::default(),
            min_watch_timeout: Duration::from_secs(300),
            namespace: None,
            label_selector: None,
            field_selector: String::new(),
            use_watch_list: false,
            tweak_list_options: None,
            list_semantic: ListSemantic::MostRecent,
        }
    }
}

impl std::fmt::Debug for ReflectorConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReflectorConfig")
            .field("page_size", &self.page_size)
            .field("backoff", &self.backoff)
            .field("min_watch_timeout", &self.min_watch_timeout)
            .field("namespace", &self.namespace)
            .field("label_selector", &self.label_selector.as_ref().map(ToString::to_string))
            .field("field_selector", &self.field_selector)
            .field("use_watch_list", &self.use_watch_list)
            .field("tweak_list_options", &self.tweak_list_options.is_some())
            .field("list_semantic", &self.list_semantic)
            .finish()
    }
}

/// The request that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// A list (or one page of it).
    List,
    /// A watch, or an error reported in its stream.
    Watch,
    /// A watch with `sendInitialEvents=true`, before its initial state was complete.
    WatchList,
}

/// An error the reflector met and recovered from (by retrying or re-listing).
#[derive(Debug)]
pub struct ReflectorError {
    /// `resource.group` of the reflector.
    pub resource: String,
    /// The request that failed.
    pub phase: Phase,
    /// The error.
    pub error: Error,
}

impl std::fmt::Display for ReflectorError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.phase {
            Phase::List => "list",
            Phase::Watch => "watch",
            Phase::WatchList => "watch-list",
        };
        write!(f, "{what} of {}: {}", self.resource, self.error)
    }
}

impl std::error::Error for ReflectorError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Where a reflector puts what it learns.
pub trait ReflectorSink<R>: Send + Sync + 'static {
    /// The complete state at `resource_version` (a list or the initial events of a watch list):
    /// replace everything.
    fn on_list(&self, items: Vec<R>, resource_version: String);
    /// An object was added or modified.
    fn on_upsert(&self, obj: R);
    /// An object was deleted (or stopped matching the reflector's selectors).
    fn on_delete(&self, obj: R);
    /// The server confirmed everything up to `resource_version` was sent.
    fn on_bookmark(&self, resource_version: String);
    /// The reflector met an error; it retries on its own.
    fn on_error(&self, error: &ReflectorError) {
        let _ = error;
    }
}

impl<R: Listable> ReflectorSink<R> for Store<R> {
    fn on_list(&self, items: Vec<R>, resource_version: String) {
        self.replace(items, resource_version);
    }

    fn on_upsert(&self, obj: R) {
        let rv = obj.metadata().resource_version.clone();
        self.add(obj);
        if !rv.is_empty() {
            self.set_resource_version(rv);
        }
    }

    fn on_delete(&self, obj: R) {
        let rv = obj.metadata().resource_version.clone();
        self.delete(&obj);
        if !rv.is_empty() {
            self.set_resource_version(rv);
        }
    }

    fn on_bookmark(&self, resource_version: String) {
        self.set_resource_version(resource_version);
    }
}

impl<R, S: ReflectorSink<R> + ?Sized> ReflectorSink<R> for Arc<S> {
    fn on_list(&self, items: Vec<R>, resource_version: String) {
        (**self).on_list(items, resource_version)
    }
    fn on_upsert(&self, obj: R) {
        (**self).on_upsert(obj)
    }
    fn on_delete(&self, obj: R) {
        (**self).on_delete(obj)
    }
    fn on_bookmark(&self, resource_version: String) {
        (**self).on_bookmark(resource_version)
    }
    fn on_error(&self, error: &ReflectorError) {
        (**self).on_error(error)
    }
}

/// The error for a `Status` received as a watch `ERROR` event.
pub(crate) fn status_error(status: Status) -> Error {
    let code = u16::try_from(status.code).ok().filter(|c| (100..600).contains(c)).unwrap_or(500);
    let retry_after = status
        .details
        .as_ref()
        .and_then(|d| u64::try_from(d.retry_after_seconds).ok())
        .filter(|s| *s > 0)
        .map(Duration::from_secs);
    Error::Api(Box::new(StatusError { code, status, retry_after }))
}

/// `resource.group` (or `resource` for the core group).
pub(crate) fn qualified_resource<R: Resource>() -> String {
    crate::api_errors::qualified_resource(R::GROUP, R::RESOURCE)
}

/// What to do after a watch.
enum Next {
    /// Watch again from the latest resource version.
    Rewatch,
    /// Establish the state again.
    Relist,
}

/// Lists and watches one resource through a [`ListWatch`] and feeds a [`ReflectorSink`].
pub struct Reflector<R, L, S> {
    list_watch: L,
    sink: S,
    config: ReflectorConfig,
    backoff: BackoffState,
    /// The latest resource version the cache has reached (empty before the first list): where a
    /// relist with [`ListSemantic::Any`] starts.
    last_resource_version: String,
    _resource: PhantomData<fn() -> R>,
}

impl<R, L, S> std::fmt::Debug for Reflector<R, L, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reflector").field("config", &self.config).finish_non_exhaustive()
    }
}

impl<R: Listable, L: ListWatch<R>, S: ReflectorSink<R>> Reflector<R, L, S> {
    /// A reflector; [`run`](Self::run) starts it.
    pub fn new(list_watch: L, sink: S, config: ReflectorConfig) -> Self {
        let backoff = BackoffState::new(config.backoff.clone());
        Reflector { list_watch, sink, config, backoff, last_resource_version: String::new(), _resource: PhantomData }
    }

    /// Runs until `stop` completes, then drops any open watch.
    pub async fn run(mut self, stop: impl Future<Output = ()>) {
        tokio::select! {
            _ = stop => {}
            _ = self.run_forever() => {}
        }
    }

    async fn run_forever(&mut self) {
        loop {
            let Some((mut resource_version, mut stream)) = self.sync().await else { continue };
            while let Next::Rewatch = self.watch(&mut resource_version, stream.take()).await {}
            self.last_resource_version = resource_version;
        }
    }

    /// Establishes the complete state; returns its resource version and, after a watch list,
    /// the stream to go on watching. `None` after a failure (already waited for).
    async fn sync(&mut self) -> Option<(String, Option<EventStream<R>>)> {
        if self.config.use_watch_list {
            match self.watch_list().await {
                Ok((items, rv, stream)) => {
                    self.sink.on_list(items, rv.clone());
                    return Some((rv, Some(stream)));
                }
                // Making progress with a list beats retrying a watch list the server may not
                // support, as upstream decides.
                Err(e) => self.report(Phase::WatchList, e),
            }
        }
        match self.list_all().await {
            Ok((items, rv)) => {
                self.sink.on_list(items, rv.clone());
                Some((rv, None))
            }
            Err(e) => {
                self.fail(Phase::List, e).await;
                None
            }
        }
    }

    /// Lists everything, page by page if configured; an expired continue token restarts the
    /// list without paging. With [`ListSemantic::Any`], a first page at a version that has
    /// expired is asked again at once for the most recent state, as client-go's reflector does.
    async fn list_all(&mut self) -> Result<(Vec<R>, String), Error> {
        let mut items = Vec::new();
        let mut limit = self.config.page_size.filter(|n| *n > 0).unwrap_or(0);
        let mut continue_token = String::new();
        let mut at_least = match self.config.list_semantic {
            ListSemantic::MostRecent => None,
            // Nothing seen yet: any state will do.
            ListSemantic::Any if self.last_resource_version.is_empty() => Some("0".to_string()),
            // A relist: never older than what the cache has reached.
            ListSemantic::Any => Some(self.last_resource_version.clone()),
        };
        loop {
            let mut options = self.base_options();
            options.limit = limit;
            options.continue_ = continue_token.clone();
            // Only the first page says which state: a continue token fixes the version, and the
            // server refuses `resourceVersionMatch` beside one.
            if let Some(version) = at_least.as_ref().filter(|_| continue_token.is_empty()) {
                options = options.at_least(version.clone());
            }
            self.tweak(&mut options);
            let list = match self.list_watch.list(options).await {
                Ok(list) => list,
                Err(e) if e.is_gone() && continue_token.is_empty() && at_least.take().is_some() => {
                    self.report(Phase::List, e);
                    continue;
                }
                Err(e) if e.is_gone() && !continue_token.is_empty() => {
                    self.report(Phase::List, e);
                    items.clear();
                    continue_token.clear();
                    limit = 0;
                    continue;
                }
                Err(e) => return Err(e),
            };
            let meta = list.list_meta().clone();
            let page = list.into_items();
            // A paged list says how many items follow (`remainingItemCount`): room for all of
            // them at the first page, rather than a buffer that doubles past them (a 10,000-pod
            // list grew to 16,384 slots, 39 MB of in-line pods, at the informer's peak).
            let following = meta.remaining_item_count.and_then(|n| usize::try_from(n).ok()).unwrap_or(0);
            items.reserve(page.len().saturating_add(following.min(MAX_RESERVED_BYTES / size_of::<R>().max(1))));
            items.extend(page.into_iter().filter(|o| self.admits(o)));
            if meta.continue_.is_empty() {
                return Ok((items, meta.resource_version));
            }
            if meta.continue_ == continue_token {
                return Err(Error::Decode {
                    context: format!("list of {}: metadata.continue", qualified_resource::<R>()),
                    source: format!("the server returned the continue token {:?} twice", meta.continue_).into(),
                });
            }
            continue_token = meta.continue_;
        }
    }

    /// Gets the initial state from a watch with `sendInitialEvents=true`.
    async fn watch_list(&mut self) -> Result<(Vec<R>, String, EventStream<R>), Error> {
        let mut options = self.watch_options("");
        options.send_initial_events = Some(true);
        options.resource_version_match = ResourceVersionMatch(ResourceVersionMatch::NOT_OLDER_THAN.to_string());
        self.tweak(&mut options);
        let mut stream = self.list_watch.watch(options).await?;
        let mut items = std::collections::BTreeMap::new();
        while let Some(event) = next_event(&mut stream).await {
            match event? {
                WatchEvent::Added(o) | WatchEvent::Modified(o) => {
                    let key = object_key(o.metadata());
                    if self.admits(&o) {
                        items.insert(key, o);
                    } else {
                        items.remove(&key);
                    }
                }
                WatchEvent::Deleted(o) => {
                    items.remove(&object_key(o.metadata()));
                }
                WatchEvent::Bookmark(o) => {
                    let meta = o.metadata();
                    if meta.annotations.get(INITIAL_EVENTS_ANNOTATION_KEY).is_some_and(|v| v == "true") {
                        let rv = meta.resource_version.clone();
                        return Ok((items.into_values().collect(), rv, stream));
                    }
                }
                WatchEvent::Error(status) => return Err(status_error(*status)),
            }
        }
        Err(Error::Transport(format!(
            "the watch of {} ended before the bookmark annotated {INITIAL_EVENTS_ANNOTATION_KEY}",
            qualified_resource::<R>()
        )))
    }

    /// Watches once from `resource_version` (or goes on with `stream`), applying events.
    async fn watch(&mut self, resource_version: &mut String, stream: Option<EventStream<R>>) -> Next {
        let mut stream = match stream {
            Some(stream) => stream,
            None => {
                let mut options = self.watch_options(resource_version);
                self.tweak(&mut options);
                match self.list_watch.watch(options).await {
                    Ok(stream) => stream,
                    Err(e) => return self.fail(Phase::Watch, e).await,
                }
            }
        };
        let started = Instant::now();
        let mut events = 0usize;
        while let Some(event) = next_event(&mut stream).await {
            let event = match event {
                Ok(event) => event,
                Err(e) => return self.fail(Phase::Watch, e).await,
            };
            if let WatchEvent::Error(status) = event {
                return self.fail(Phase::Watch, status_error(*status)).await;
            }
            events += 1;
            self.backoff.reset();
            match event {
                WatchEvent::Added(o) | WatchEvent::Modified(o) => {
                    note_resource_version(resource_version, &o);
                    if self.admits(&o) { self.sink.on_upsert(o) } else { self.sink.on_delete(o) }
                }
                WatchEvent::Deleted(o) => {
                    note_resource_version(resource_version, &o);
                    self.sink.on_delete(o);
                }
                WatchEvent::Bookmark(o) => {
                    if note_resource_version(resource_version, &o) {
                        self.sink.on_bookmark(resource_version.clone());
                    }
                }
                WatchEvent::Error(_) => {}
            }
        }
        if events == 0 && started.elapsed() < SHORT_WATCH {
            tokio::time::sleep(self.backoff.next_delay()).await;
        }
        Next::Rewatch
    }

    /// Reports an error and waits before the retry; `410 Gone`/`Expired` asks for a re-list.
    async fn fail(&mut self, phase: Phase, error: Error) -> Next {
        let gone = error.is_gone();
        let delay = self.backoff.next_delay().max(error.retry_after().unwrap_or_default());
        self.report(phase, error);
        tokio::time::sleep(delay).await;
        if gone { Next::Relist } else { Next::Rewatch }
    }

    fn report(&self, phase: Phase, error: Error) {
        self.sink.on_error(&ReflectorError { resource: qualified_resource::<R>(), phase, error });
    }

    /// Whether an object received belongs in the cache under the configured selectors.
    fn admits(&self, obj: &R) -> bool {
        let meta = obj.metadata();
        let namespace_ok = match &self.config.namespace {
            Some(ns) if R::Scope::NAMESPACED => &meta.namespace == ns,
            _ => true,
        };
        namespace_ok && self.config.label_selector.as_ref().is_none_or(|s| s.matches(&meta.labels))
    }

    fn base_options(&self) -> ListOptions {
        let mut field_selector = Vec::new();
        if let Some(ns) = self.config.namespace.as_ref().filter(|_| R::Scope::NAMESPACED) {
            field_selector.push(format!("metadata.namespace={ns}"));
        }
        if !self.config.field_selector.is_empty() {
            field_selector.push(self.config.field_selector.clone());
        }
        ListOptions {
            label_selector: self.config.label_selector.as_ref().map(ToString::to_string).unwrap_or_default(),
            field_selector: field_selector.join(","),
            ..Default::default()
        }
    }

    fn watch_options(&self, resource_version: &str) -> ListOptions {
        let min = self.config.min_watch_timeout.as_secs_f64().max(1.0);
        let timeout = (min * (1.0 + random_fraction())) as i64;
        ListOptions {
            watch: true,
            allow_watch_bookmarks: true,
            resource_version: resource_version.to_string(),
            timeout_seconds: Some(timeout),
            ..self.base_options()
        }
    }

    fn tweak(&self, options: &mut ListOptions) {
        if let Some(tweak) = &self.config.tweak_list_options {
            tweak(options);
        }
    }
}

/// Records the object's resource version as the latest, if it has one.
fn note_resource_version<R: Listable>(latest: &mut String, obj: &R) -> bool {
    let rv = &obj.metadata().resource_version;
    if rv.is_empty() {
        return false;
    }
    latest.clone_from(rv);
    true
}

async fn next_event<R>(stream: &mut EventStream<R>) -> Option<Result<WatchEvent<R>, Error>> {
    std::future::poll_fn(|cx| stream.as_mut().poll_next(cx)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_to_the_cap_and_resets() {
        let ms = Duration::from_millis;
        let mut b = BackoffState::new(Backoff::new(ms(10), ms(50)));
        let delays: Vec<Duration> = (0..5).map(|_| b.next_delay()).collect();
        assert_eq!(delays, [ms(10), ms(20), ms(40), ms(50), ms(50)]);
        b.reset();
        assert_eq!(b.next_delay(), ms(10));
    }

    #[test]
    fn jitter_stretches_within_bounds() {
        let ms = Duration::from_millis;
        let mut b = BackoffState::new(Backoff { initial: ms(100), max: ms(1000), factor: 3.0, jitter: 0.5 });
        let first = b.next_delay();
        assert!(first >= ms(100) && first <= ms(150), "{first:?}");
        let second = b.next_delay();
        assert!(second >= ms(300) && second <= ms(450), "{second:?}");
        // Nonsense settings degrade to a constant delay rather than failing.
        let mut b = BackoffState::new(Backoff { initial: ms(5), max: ms(9), factor: f64::NAN, jitter: -1.0 });
        assert_eq!((b.next_delay(), b.next_delay()), (ms(5), ms(5)));
    }

    #[test]
    fn random_fractions_are_in_range_and_vary() {
        let samples: Vec<f64> = (0..64).map(|_| random_fraction()).collect();
        assert!(samples.iter().all(|f| (0.0..1.0).contains(f)));
        assert!(samples.windows(2).any(|w| w[0] != w[1]));
    }

    #[test]
    fn status_events_become_typed_errors() {
        let mut status = Status { code: 410, ..Default::default() };
        status.reason.0 = "Expired".to_string();
        let e = status_error(status);
        assert!(e.is_gone());
        let mut status = Status { code: 0, ..Default::default() };
        status.details = Some(kapi_api::meta::v1::StatusDetails { retry_after_seconds: 3, ..Default::default() });
        let e = status_error(status);
        assert_eq!(e.status().map(|s| s.code), Some(500));
        assert_eq!(e.retry_after(), Some(Duration::from_secs(3)));
    }
}
