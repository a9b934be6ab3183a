//! Shared informers: a reflector on a tokio task filling a [`Store`], and event handlers told of
//! every change, as upstream's `SharedIndexInformer` does.
//!
//! Each handler has its own task and queue, so a slow handler delays no other; a handler sees
//! the changes in the order the cache applied them (so, per object, in the server's order).
//! A handler added after the first sync first gets an add for every cached object. After a
//! re-list, handlers get deletes for objects that vanished and updates for objects whose
//! `resourceVersion` changed. Every resync period, handlers get an update with `old == new` for
//! every cached object.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use crate::lister::Lister;
use crate::reflector::{Reflector, ReflectorConfig, ReflectorError, ReflectorSink};
use crate::store::{Change, Store, StoreError};
use crate::{ListWatch, Listable};

/// How an informer runs.
#[derive(Debug, Clone, Default)]
pub struct InformerConfig {
    /// Every this often, handlers get an update with `old == new` for every cached object;
    /// `None` (or zero) never resyncs.
    pub resync_period: Option<Duration>,
    /// How the reflector lists and watches.
    pub reflector: ReflectorConfig,
}

/// An informer cannot do what was asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InformerError {
    /// `start` was called outside a tokio runtime.
    #[error("an informer must be started inside a tokio runtime")]
    NoRuntime,
    /// The informer was stopped; stopped informers do not start again.
    #[error("the informer of {0} was stopped and cannot start again")]
    Stopped(String),
}

/// Receives the changes an informer's cache goes through.
pub trait EventHandler<R>: Send + Sync + 'static {
    /// An object appeared in the cache.
    fn on_add(&self, obj: &Arc<R>) {
        let _ = obj;
    }
    /// An object changed (or, on resync, stayed the same: `old` and `new` are the same object).
    fn on_update(&self, old: &Arc<R>, new: &Arc<R>) {
        let _ = (old, new);
    }
    /// An object left the cache; the object is its last known state.
    fn on_delete(&self, obj: &Arc<R>) {
        let _ = obj;
    }
}

type AddFn<R> = Box<dyn Fn(&Arc<R>) + Send + Sync>;
type UpdateFn<R> = Box<dyn Fn(&Arc<R>, &Arc<R>) + Send + Sync>;

/// An [`EventHandler`] made of closures; missing ones ignore their events.
pub struct HandlerFns<R> {
    add: Option<AddFn<R>>,
    update: Option<UpdateFn<R>>,
    delete: Option<AddFn<R>>,
}

impl<R> Default for HandlerFns<R> {
    fn default() -> Self {
        HandlerFns { add: None, update: None, delete: None }
    }
}

impl<R> std::fmt::Debug for HandlerFns<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HandlerFns")
            .field("add", &self.add.is_some())
            .field("update", &self.update.is_some())
            .field("delete", &self.delete.is_some())
            .finish()
    }
}

impl<R> HandlerFns<R> {
    /// A handler that ignores everything.
    pub fn new() -> Self {
        HandlerFns::default()
    }

    /// Calls `f` for adds.
    pub fn on_add(mut self, f: impl Fn(&Arc<R>) + Send + Sync + 'static) -> Self {
        self.add = Some(Box::new(f));
        self
    }

    /// Calls `f` for updates (and resyncs).
    pub fn on_update(mut self, f: impl Fn(&Arc<R>, &Arc<R>) + Send + Sync + 'static) -> Self {
        self.update = Some(Box::new(f));
        self
    }

    /// Calls `f` for deletes.
    pub fn on_delete(mut self, f: impl Fn(&Arc<R>) + Send + Sync + 'static) -> Self {
        self.delete = Some(Box::new(f));
        self
    }
}

impl<R: Send + Sync + 'static> EventHandler<R> for HandlerFns<R> {
    fn on_add(&self, obj: &Arc<R>) {
        if let Some(f) = &self.add {
            f(obj)
        }
    }
    fn on_update(&self, old: &Arc<R>, new: &Arc<R>) {
        if let Some(f) = &self.update {
            f(old, new)
        }
    }
    fn on_delete(&self, obj: &Arc<R>) {
        if let Some(f) = &self.delete {
            f(obj)
        }
    }
}

/// A handler added to an informer: whether it has processed the initial state, and the key to
/// remove it.
#[derive(Debug, Clone)]
pub struct HandlerRegistration {
    id: u64,
    synced: Arc<AtomicBool>,
}

impl HandlerRegistration {
    /// Whether the handler has been given (and has returned from) every object of the first
    /// complete state it saw.
    pub fn has_synced(&self) -> bool {
        self.synced.load(Ordering::Acquire)
    }
}

/// What a handler's queue carries.
enum Notification<R> {
    Add(Arc<R>),
    Update(Arc<R>, Arc<R>),
    Delete(Arc<R>),
    /// Everything of the first complete state has been queued before this.
    Synced,
}

struct Listener<R> {
    id: u64,
    tx: mpsc::UnboundedSender<Notification<R>>,
}

/// The handlers; the lock also orders cache writes with their notifications.
struct Dispatch<R> {
    listeners: Vec<Listener<R>>,
    next_id: u64,
}

impl<R> Dispatch<R> {
    fn send(&mut self, make: impl Fn() -> Notification<R>) {
        // A listener whose task has ended (stopped) is dropped.
        self.listeners.retain(|l| l.tx.send(make()).is_ok());
    }

    fn send_change(&mut self, change: Change<R>) {
        match change {
            Change::Added(o) => self.send(|| Notification::Add(o.clone())),
            Change::Updated { old, new } => self.send(|| Notification::Update(old.clone(), new.clone())),
            Change::Deleted(o) => self.send(|| Notification::Delete(o.clone())),
        }
    }
}

type ErrorHandler = Arc<dyn Fn(&ReflectorError) + Send + Sync>;

/// What the informer's tasks share: the cache, the handlers, the sync flag.
struct Shared<R> {
    store: Arc<Store<R>>,
    dispatch: Mutex<Dispatch<R>>,
    synced: watch::Sender<bool>,
    error_handler: RwLock<Option<ErrorHandler>>,
}

impl<R> Shared<R> {
    fn dispatch(&self) -> MutexGuard<'_, Dispatch<R>> {
        // Handlers run on their own tasks, never under this lock, so poisoning can only come
        // from a panicking index function; the handler list is still whole.
        self.dispatch.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn is_synced(&self) -> bool {
        *self.synced.borrow()
    }
}

impl<R: Listable> Shared<R> {
    fn resync(&self) {
        if !self.is_synced() {
            return;
        }
        let mut d = self.dispatch();
        for obj in self.store.list() {
            d.send(|| Notification::Update(obj.clone(), obj.clone()));
        }
    }
}

impl<R: Listable> ReflectorSink<R> for Shared<R> {
    fn on_list(&self, items: Vec<R>, resource_version: String) {
        let mut d = self.dispatch();
        for change in self.store.replace(items, resource_version) {
            d.send_change(change);
        }
        if !self.is_synced() {
            d.send(|| Notification::Synced);
            self.synced.send_replace(true);
        }
    }

    fn on_upsert(&self, obj: R) {
        let rv = obj.metadata().resource_version.clone();
        let mut d = self.dispatch();
        let change = self.store.add(obj);
        if !rv.is_empty() {
            self.store.set_resource_version(rv);
        }
        d.send_change(change);
    }

    fn on_delete(&self, obj: R) {
        let rv = obj.metadata().resource_version.clone();
        let mut d = self.dispatch();
        let removed = self.store.delete(&obj);
        if !rv.is_empty() {
            self.store.set_resource_version(rv);
        }
        // The event carries the object's final state; a delete of an object the cache never
        // held changes nothing and is not passed on.
        if removed.is_some() {
            d.send_change(Change::Deleted(Arc::new(obj)));
        }
    }

    fn on_bookmark(&self, resource_version: String) {
        let _d = self.dispatch();
        self.store.set_resource_version(resource_version);
    }

    fn on_error(&self, error: &ReflectorError) {
        let handler = self.error_handler.read().unwrap_or_else(PoisonError::into_inner).clone();
        if let Some(handler) = handler {
            handler(error);
        }
    }
}

type BoxFuture = Pin<Box<dyn Future<Output = ()> + Send>>;
type Runner<R> = Box<dyn FnOnce(Arc<Shared<R>>, watch::Receiver<bool>) -> BoxFuture + Send>;

/// A handler waiting for the informer to start.
struct PendingHandler<R> {
    rx: mpsc::UnboundedReceiver<Notification<R>>,
    handler: Box<dyn EventHandler<R>>,
    synced: Arc<AtomicBool>,
}

/// The informer's tasks and what starts them.
struct Lifecycle<R> {
    /// Starts the reflector; taken by `start` (and dropped by `stop`).
    runner: Option<Runner<R>>,
    runtime: Option<tokio::runtime::Handle>,
    tasks: Vec<JoinHandle<()>>,
    pending: Vec<PendingHandler<R>>,
    stopped: bool,
}

struct Inner<R> {
    shared: Arc<Shared<R>>,
    lifecycle: Mutex<Lifecycle<R>>,
    stop: watch::Sender<bool>,
    resync_period: Option<Duration>,
    resource: String,
}

impl<R> Inner<R> {
    fn lifecycle(&self) -> MutexGuard<'_, Lifecycle<R>> {
        self.lifecycle.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<R> Drop for Inner<R> {
    fn drop(&mut self) {
        self.stop.send_replace(true);
        for task in &self.lifecycle().tasks {
            task.abort();
        }
    }
}

/// An informer for resource `R`: a cache kept in step with the server, a lister over it, and
/// event handlers. Clones share everything; when the last clone is dropped every task the
/// informer started is cancelled.
pub struct SharedInformer<R> {
    inner: Arc<Inner<R>>,
}

impl<R> Clone for SharedInformer<R> {
    fn clone(&self) -> Self {
        SharedInformer { inner: self.inner.clone() }
    }
}

impl<R> std::fmt::Debug for SharedInformer<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedInformer")
            .field("resource", &self.inner.resource)
            .field("synced", &self.inner.shared.is_synced())
            .field("resync_period", &self.inner.resync_period)
            .finish_non_exhaustive()
    }
}

impl<R: Listable> SharedInformer<R> {
    /// An informer over `list_watch`; [`start`](Self::start) runs it.
    pub fn new<L: ListWatch<R>>(list_watch: L, config: InformerConfig) -> Self {
        let reflector_config = config.reflector;
        let runner: Runner<R> = Box::new(move |shared, stop| {
            Box::pin(async move {
                let reflector = Reflector::new(list_watch, shared, reflector_config);
                reflector.run(stopped(stop)).await;
            })
        });
        let shared = Arc::new(Shared {
            store: Arc::new(Store::new()),
            dispatch: Mutex::new(Dispatch { listeners: Vec::new(), next_id: 0 }),
            synced: watch::Sender::new(false),
            error_handler: RwLock::new(None),
        });
        SharedInformer {
            inner: Arc::new(Inner {
                shared,
                lifecycle: Mutex::new(Lifecycle {
                    runner: Some(runner),
                    runtime: None,
                    tasks: Vec::new(),
                    pending: Vec::new(),
                    stopped: false,
                }),
                stop: watch::Sender::new(false),
                resync_period: config.resync_period.filter(|p| !p.is_zero()),
                resource: crate::reflector::qualified_resource::<R>(),
            }),
        }
    }

    /// Starts the reflector, the resync timer and the handlers' tasks on the current tokio
    /// runtime. Starting a running informer does nothing; a stopped one cannot start again.
    pub fn start(&self) -> Result<(), InformerError> {
        let runtime = tokio::runtime::Handle::try_current().map_err(|_| InformerError::NoRuntime)?;
        let mut lc = self.inner.lifecycle();
        if lc.stopped {
            return Err(InformerError::Stopped(self.inner.resource.clone()));
        }
        let Some(runner) = lc.runner.take() else { return Ok(()) };
        let stop = self.inner.stop.subscribe();
        lc.tasks.push(runtime.spawn(runner(self.inner.shared.clone(), stop.clone())));
        if let Some(period) = self.inner.resync_period {
            lc.tasks.push(runtime.spawn(resync_loop(self.inner.shared.clone(), period, stop.clone())));
        }
        for pending in std::mem::take(&mut lc.pending) {
            lc.tasks.push(runtime.spawn(run_handler(pending, stop.clone())));
        }
        lc.runtime = Some(runtime);
        Ok(())
    }

    /// Signals every task to end; they end at their next await. Cached objects stay readable.
    pub fn stop(&self) {
        let mut lc = self.inner.lifecycle();
        lc.stopped = true;
        lc.runner = None;
        lc.pending.clear();
        self.inner.stop.send_replace(true);
    }

    /// Stops the informer and waits until every task it started has ended.
    pub async fn shutdown(&self) {
        self.stop();
        let tasks = std::mem::take(&mut self.inner.lifecycle().tasks);
        for task in tasks {
            // A task that panicked (in a handler) has ended all the same.
            let _ = task.await;
        }
    }

    /// Whether the cache has been filled from a complete list at least once.
    pub fn has_synced(&self) -> bool {
        self.inner.shared.is_synced()
    }

    /// Waits until the cache has been filled once; `false` if the informer stopped first.
    pub async fn wait_for_sync(&self) -> bool {
        let mut synced = self.inner.shared.synced.subscribe();
        let mut stop = self.inner.stop.subscribe();
        tokio::select! {
            r = synced.wait_for(|s| *s) => r.is_ok(),
            _ = stopped_ref(&mut stop) => self.has_synced(),
        }
    }

    /// Whether the informer was stopped.
    pub fn is_stopped(&self) -> bool {
        *self.inner.stop.borrow()
    }

    /// The cache.
    pub fn store(&self) -> Arc<Store<R>> {
        self.inner.shared.store.clone()
    }

    /// A lister over the cache.
    pub fn lister(&self) -> Lister<R> {
        Lister::new(self.store())
    }

    /// Adds a named index to the cache.
    pub fn add_indexer(
        &self,
        name: impl Into<String>,
        index: impl Fn(&R) -> Vec<String> + Send + Sync + 'static,
    ) -> Result<(), StoreError> {
        self.inner.shared.store.add_indexer(name, index)
    }

    /// The resource version the cache is synced to.
    pub fn last_sync_resource_version(&self) -> String {
        self.inner.shared.store.resource_version()
    }

    /// Calls `handler` with every error the reflector recovers from (replacing any previous one).
    pub fn set_error_handler(&self, handler: impl Fn(&ReflectorError) + Send + Sync + 'static) {
        *self.inner.shared.error_handler.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(handler));
    }

    /// Adds a handler. If the cache has synced, the handler first gets an add for every cached
    /// object. Handlers of a stopped informer never run.
    pub fn add_handler(&self, handler: impl EventHandler<R>) -> HandlerRegistration {
        let (tx, rx) = mpsc::unbounded_channel();
        let synced = Arc::new(AtomicBool::new(false));
        let mut lc = self.inner.lifecycle();
        let id = {
            let shared = &self.inner.shared;
            let mut d = shared.dispatch();
            let id = d.next_id;
            d.next_id += 1;
            if shared.is_synced() {
                for obj in shared.store.list() {
                    let _ = tx.send(Notification::Add(obj));
                }
                let _ = tx.send(Notification::Synced);
            }
            if !lc.stopped {
                d.listeners.push(Listener { id, tx });
            }
            id
        };
        let registration = HandlerRegistration { id, synced: synced.clone() };
        if lc.stopped {
            return registration;
        }
        let pending = PendingHandler { rx, handler: Box::new(handler), synced };
        match lc.runtime.clone() {
            Some(runtime) => {
                let task = runtime.spawn(run_handler(pending, self.inner.stop.subscribe()));
                lc.tasks.push(task);
            }
            None => lc.pending.push(pending),
        }
        registration
    }

    /// Removes a handler; it still gets what was queued for it before. `false` if it was not
    /// registered (or already removed).
    pub fn remove_handler(&self, registration: &HandlerRegistration) -> bool {
        let mut lc = self.inner.lifecycle();
        let mut d = self.inner.shared.dispatch();
        let before = d.listeners.len();
        d.listeners.retain(|l| l.id != registration.id);
        let removed = d.listeners.len() != before;
        drop(d);
        // A handler that has not started yet is dropped with its queue.
        let pending_before = lc.pending.len();
        lc.pending.retain(|p| !Arc::ptr_eq(&p.synced, &registration.synced));
        removed || lc.pending.len() != pending_before
    }
}

/// Completes when the stop signal is raised (or its sender is gone).
async fn stopped(mut stop: watch::Receiver<bool>) {
    stopped_ref(&mut stop).await
}

async fn stopped_ref(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

async fn resync_loop<R: Listable>(shared: Arc<Shared<R>>, period: Duration, mut stop: watch::Receiver<bool>) {
    let mut interval = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = stopped_ref(&mut stop) => return,
            _ = interval.tick() => shared.resync(),
        }
    }
}

async fn run_handler<R: Send + Sync + 'static>(pending: PendingHandler<R>, mut stop: watch::Receiver<bool>) {
    let PendingHandler { mut rx, handler, synced } = pending;
    loop {
        let notification = tokio::select! {
            biased;
            _ = stopped_ref(&mut stop) => return,
            n = rx.recv() => n,
        };
        match notification {
            None => return,
            Some(Notification::Add(o)) => handler.on_add(&o),
            Some(Notification::Update(old, new)) => handler.on_update(&old, &new),
            Some(Notification::Delete(o)) => handler.on_delete(&o),
            Some(Notification::Synced) => synced.store(true, Ordering::Release),
        }
    }
}
