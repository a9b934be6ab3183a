//! A self-healing watch as a [`Stream`]: [`watcher`] lists, then watches from the list's
//! resource version, and keeps going across dropped connections and expired versions.
//!
//! - A watch that ends (the server's timeout, a closed connection) is started again from the last
//!   resource version seen (events and bookmarks advance it), so nothing is missed or repeated.
//!   A watch that ends within a second without a single event counts as a failure, as in
//!   client-go's reflector: the next one waits for the back-off, so a server or proxy that ends
//!   every watch at once is not asked again and again without pause.
//! - `410 Gone`/`Expired` (from starting the watch or as an `ERROR` event) means that version is
//!   compacted away: after the back-off the stream lists again, announcing the new complete
//!   state as [`Event::Init`], [`Event::InitApply`] for every object, [`Event::InitDone`].
//! - The list reads the most recent state by default (a consistent read, from etcd on a real
//!   server); [`WatcherConfig::any_semantic`] lets the API server answer the first list from its
//!   watch cache instead (`resourceVersion=0`), and relists after `410 Gone` read state at least as
//!   new as what the stream has already announced (see [`ListSemantic`]).
//! - Any other failure is yielded as an `Err` item and the same step is retried after a back-off
//!   (exponential with jitter and a cap, [`WatcherConfig::backoff`]). The back-off resets once a
//!   watch makes progress (an event, or a watch that stayed open a second and ended), not on a
//!   successful list alone: a list that works while every watch from it fails must not make the
//!   stream relist at full speed. The stream never ends by itself: drop it to stop.
//!
//! Unlike an informer it keeps no cache and spawns no task: it does work only while polled, so
//! `StreamExt` combinators (`filter_map`, `take_while`, `for_each`) apply directly.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use futures_core::Stream;
use futures_util::StreamExt;
use kapi_api::meta::v1::ListOptions;

use crate::reflector::{Backoff, BackoffState, SHORT_WATCH, status_error};
use crate::{Error, EventStream, ListResource, ListWatch, Listable, WatchEvent};

/// What a [`watcher`] stream yields.
#[derive(Debug, Clone, PartialEq)]
pub enum Event<R> {
    /// An object was created or changed while watching.
    Apply(R),
    /// An object was deleted while watching; the object is its last state.
    Delete(R),
    /// A (re)list starts: the [`Event::InitApply`] objects up to [`Event::InitDone`] are the
    /// complete state, replacing whatever came before.
    Init,
    /// An object of the complete state being listed.
    InitApply(R),
    /// The (re)list is complete: objects seen before [`Event::Init`] and not since are gone.
    InitDone,
}

impl<R> Event<R> {
    /// The object an `Apply`, `Delete` or `InitApply` carries.
    pub fn object(&self) -> Option<&R> {
        match self {
            Event::Apply(o) | Event::Delete(o) | Event::InitApply(o) => Some(o),
            Event::Init | Event::InitDone => None,
        }
    }

    /// The object an `Apply`, `Delete` or `InitApply` carries, taken out.
    pub fn into_object(self) -> Option<R> {
        match self {
            Event::Apply(o) | Event::Delete(o) | Event::InitApply(o) => Some(o),
            Event::Init | Event::InitDone => None,
        }
    }
}

/// Which state a [`watcher`]'s lists read (kube-runtime's `watcher::ListSemantic`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ListSemantic {
    /// The most recent state (`resourceVersion` unset): a consistent read, which a real API server
    /// answers from etcd (or, since v1.34, from its watch cache once that has caught up with etcd).
    #[default]
    MostRecent,
    /// Any state the API server has (`resourceVersion=0&resourceVersionMatch=NotOlderThan`, as
    /// kube-runtime sends): answered from the API server's watch cache without a read from etcd,
    /// so it is cheaper for the cluster but may be older than what another API server of an HA
    /// control plane has already served. Only the first list reads any state: continuation pages
    /// carry only the `continue` token (the server refuses `resourceVersionMatch` beside one, and
    /// the token fixes the version), and a relist after `410 Gone` asks for state not older than
    /// the last version the stream has seen, as client-go's reflector does, so the stream never
    /// goes back in time; if even that is gone, the next list reads the most recent state.
    /// (kube-runtime 5.0 instead relists with `resourceVersion=0` every time.)
    Any,
}

/// How a [`watcher`] lists and watches.
#[derive(Debug, Clone)]
pub struct WatcherConfig {
    /// Label selector of both the list and the watch (`ListOptions::labels`'s text).
    pub label_selector: String,
    /// Field selector of both the list and the watch.
    pub field_selector: String,
    /// List in pages of this many objects (`0`: one response).
    pub page_size: i64,
    /// `timeoutSeconds` of each watch: the server ends it then and the watcher starts the next
    /// (`None`: the server's default).
    pub watch_timeout: Option<Duration>,
    /// Ask for bookmarks, so that a restarted watch resumes from a recent version.
    pub bookmarks: bool,
    /// The wait between failures: from `initial`, times `factor` per failure, stretched by up to
    /// `jitter` of itself, at most `max`. Upstream's reflector values by default (800 ms doubling
    /// to 30 s, jitter 1).
    pub backoff: Backoff,
    /// Which state the lists read: the most recent (the default) or any the server has cached.
    pub list_semantic: ListSemantic,
}

impl Default for WatcherConfig {
    fn default() -> Self {
        WatcherConfig {
            label_selector: String::new(),
            field_selector: String::new(),
            page_size: 500,
            watch_timeout: Some(Duration::from_secs(290)),
            bookmarks: true,
            backoff: Backoff::default(),
            list_semantic: ListSemantic::MostRecent,
        }
    }
}

impl WatcherConfig {
    /// Restricts the objects by labels (a `&str` or a [`crate::labels::Selector`]).
    pub fn labels(mut self, selector: impl std::fmt::Display) -> Self {
        self.label_selector = selector.to_string();
        self
    }

    /// Restricts the objects by fields.
    pub fn fields(mut self, selector: impl std::fmt::Display) -> Self {
        self.field_selector = selector.to_string();
        self
    }

    /// Lists in pages of `n` objects (`0`: one response).
    pub fn page_size(mut self, n: i64) -> Self {
        self.page_size = n;
        self
    }

    /// Ends each watch after `timeout` (rounded up to whole seconds, at least one).
    pub fn watch_timeout(mut self, timeout: Duration) -> Self {
        self.watch_timeout = Some(timeout);
        self
    }

    /// The wait between failures.
    pub fn backoff(mut self, backoff: Backoff) -> Self {
        self.backoff = backoff;
        self
    }

    /// Which state the lists read.
    pub fn list_semantic(mut self, semantic: ListSemantic) -> Self {
        self.list_semantic = semantic;
        self
    }

    /// Lists any state the API server has cached ([`ListSemantic::Any`]): cheaper for the server,
    /// possibly older than the most recent.
    pub fn any_semantic(self) -> Self {
        self.list_semantic(ListSemantic::Any)
    }

    fn list_options(&self) -> ListOptions {
        ListOptions::default().labels(&self.label_selector).fields(&self.field_selector).limit(self.page_size.max(0))
    }

    fn watch_options(&self, resource_version: &str) -> ListOptions {
        let mut options = ListOptions::default()
            .labels(&self.label_selector)
            .fields(&self.field_selector)
            .resource_version(resource_version)
            .bookmarks(self.bookmarks);
        if let Some(t) = self.watch_timeout {
            let seconds = t.as_secs() + u64::from(t.subsec_nanos() > 0);
            options.timeout_seconds = Some(i64::try_from(seconds.max(1)).unwrap_or(i64::MAX));
        }
        options
    }
}

enum Phase<R> {
    /// List the complete state (from the first page).
    List,
    /// Start a watch from the last resource version.
    Watch,
    /// Watching: the stream, when it started and whether it has yielded anything.
    Watching { stream: EventStream<R>, started: Instant, progressed: bool },
    /// Wait, then go on with the phase (after a failure).
    Wait(Duration, Box<Phase<R>>),
}

struct State<R: Listable, L> {
    list_watch: L,
    config: WatcherConfig,
    backoff: BackoffState,
    resource_version: String,
    phase: Phase<R>,
    pending: VecDeque<Event<R>>,
    /// A list at least as new as `resource_version` was answered `410 Gone`: the next list reads
    /// the most recent state (only with [`ListSemantic::Any`]).
    list_most_recent: bool,
}

/// The watcher stream of a resource: list, then watch, healing itself as the module describes.
/// `list_watch` is usually an [`crate::Api`] (one namespace or all).
///
/// ```no_run
/// use kapi_client::watcher::{Event, WatcherConfig, watcher};
/// use kapi_client::{Api, Listable, Resource, StreamExt};
///
/// async fn names<R: Listable + Send + 'static>(api: Api<R>)
/// where
///     R::List: Send,
/// {
///     let mut events = std::pin::pin!(watcher(api, WatcherConfig::default().labels("app=web")));
///     while let Some(event) = events.next().await {
///         match event {
///             Ok(Event::Apply(o) | Event::InitApply(o)) => println!("{}", o.metadata().name),
///             Ok(_) => {}
///             Err(e) => eprintln!("{e}"), // retried after a back-off
///         }
///     }
/// }
/// ```
pub fn watcher<R, L>(list_watch: L, config: WatcherConfig) -> impl Stream<Item = Result<Event<R>, Error>> + Send
where
    R: Listable + Send + 'static,
    R::List: Send,
    L: ListWatch<R>,
{
    let state = State {
        backoff: BackoffState::new(config.backoff.clone()),
        list_watch,
        config,
        resource_version: String::new(),
        phase: Phase::List,
        pending: VecDeque::new(),
        list_most_recent: false,
    };
    futures_util::stream::unfold(state, |mut state| async move {
        let item = state.step().await;
        Some((item, state))
    })
}

impl<R, L> State<R, L>
where
    R: Listable + Send + 'static,
    L: ListWatch<R>,
{
    /// Runs until there is something to yield.
    async fn step(&mut self) -> Result<Event<R>, Error> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Ok(event);
            }
            match std::mem::replace(&mut self.phase, Phase::Watch) {
                Phase::Wait(delay, next) => {
                    tokio::time::sleep(delay).await;
                    self.phase = *next;
                }
                Phase::List => match self.list().await {
                    Ok(items) => {
                        self.pending.push_back(Event::Init);
                        self.pending.extend(items.into_iter().map(Event::InitApply));
                        self.pending.push_back(Event::InitDone);
                        self.phase = Phase::Watch;
                    }
                    Err(e) => return Err(self.fail(e, Phase::List)),
                },
                Phase::Watch => {
                    let options = self.config.watch_options(&self.resource_version);
                    match self.list_watch.watch(options).await {
                        Ok(stream) => {
                            self.phase = Phase::Watching { stream, started: Instant::now(), progressed: false }
                        }
                        Err(e) if e.is_gone() => self.relist_later(),
                        Err(e) => return Err(self.fail(e, Phase::Watch)),
                    }
                }
                Phase::Watching { mut stream, started, progressed } => match stream.next().await {
                    // The stream ended (timeout or a closed connection): resume where it stopped,
                    // after the back-off if it ended at once without an event.
                    None if !progressed && started.elapsed() < SHORT_WATCH => {
                        self.phase = Phase::Wait(self.backoff.next_delay(), Box::new(Phase::Watch));
                    }
                    None => {
                        self.backoff.reset();
                        self.phase = Phase::Watch;
                    }
                    Some(Err(e)) => return Err(self.fail(e, Phase::Watch)),
                    Some(Ok(event)) => {
                        let out = match event {
                            WatchEvent::Added(o) | WatchEvent::Modified(o) => Some(self.seen(o, Event::Apply)),
                            WatchEvent::Deleted(o) => Some(self.seen(o, Event::Delete)),
                            WatchEvent::Bookmark(o) => {
                                self.resource_version = o.metadata().resource_version.clone();
                                None
                            }
                            WatchEvent::Error(status) => {
                                let e = status_error(*status);
                                if e.is_gone() {
                                    self.relist_later();
                                    continue;
                                }
                                return Err(self.fail(e, Phase::Watch));
                            }
                        };
                        self.backoff.reset();
                        self.phase = Phase::Watching { stream, started, progressed: true };
                        if let Some(event) = out {
                            return Ok(event);
                        }
                    }
                },
            }
        }
    }

    fn seen(&mut self, object: R, wrap: fn(R) -> Event<R>) -> Event<R> {
        self.resource_version = object.metadata().resource_version.clone();
        wrap(object)
    }

    /// Schedules a relist after the back-off (the version watched from is gone), as client-go's
    /// reflector waits before listing again.
    fn relist_later(&mut self) {
        self.phase = Phase::Wait(self.backoff.next_delay(), Box::new(Phase::List));
    }

    /// Schedules the retry of `phase` after the back-off (at least the server's `Retry-After`)
    /// and hands back the error to yield.
    fn fail(&mut self, error: Error, phase: Phase<R>) -> Error {
        let delay = self.backoff.next_delay().max(error.retry_after().unwrap_or_default());
        self.phase = Phase::Wait(delay, Box::new(phase));
        error
    }

    /// The options of a list's first page: what [`ListSemantic`] asks of the state it reads.
    fn first_page_options(&self) -> ListOptions {
        let options = self.config.list_options();
        match self.config.list_semantic {
            ListSemantic::MostRecent => options,
            ListSemantic::Any if self.list_most_recent => options,
            // Nothing seen yet: any state will do.
            ListSemantic::Any if self.resource_version.is_empty() => options.at_least("0"),
            // A relist: never older than what the stream has announced.
            ListSemantic::Any => options.at_least(self.resource_version.clone()),
        }
    }

    /// Every object of the resource, page by page; the resource version is the last page's.
    async fn list(&mut self) -> Result<Vec<R>, Error> {
        let mut options = self.first_page_options();
        let mut items = Vec::new();
        let mut seen_tokens = std::collections::HashSet::new();
        loop {
            let list = match self.list_watch.list(options.clone()).await {
                Ok(list) => list,
                Err(e) => {
                    // Only a first page that asked for a version can be gone (a continuation's
                    // expired token restarts the list from its first page either way).
                    if e.is_gone() && !options.resource_version.is_empty() && options.continue_.is_empty() {
                        self.list_most_recent = true;
                    }
                    return Err(e);
                }
            };
            let meta = list.list_meta();
            let token = meta.continue_.clone();
            self.resource_version = meta.resource_version.clone();
            items.extend(list.into_items());
            if token.is_empty() {
                self.list_most_recent = false;
                return Ok(items);
            }
            if !seen_tokens.insert(token.clone()) {
                return Err(Error::Decode {
                    context: format!("list of {}: metadata.continue", R::RESOURCE),
                    source: format!("the server returned the continue token {token:?} twice").into(),
                });
            }
            // The token fixes the version; a real server refuses `resourceVersionMatch` beside it
            // and a `resourceVersion` other than "0", as client-go's pager knows.
            options = options.continue_token(token).resource_version("");
            options.resource_version_match = Default::default();
        }
    }
}
