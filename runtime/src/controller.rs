//! The controller: informers feed keys into a [`WorkQueue`], workers take them out and call the
//! reconciler with the object from the informer's cache, and the result decides when the key
//! comes back (a delay, the rate limiter after errors, or the next change).
//!
//! Keys come from the primary resource's changes (filtered by predicates), from objects it owns
//! (their `ownerReferences`), from any other watched kind through a mapping function, and from a
//! periodic resync. The queue never hands a key to two workers at once, and at most
//! `concurrency` reconciles run together. A shutdown signal stops handing out keys, lets the
//! reconciles in flight finish and stops the informers.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use kapi_client::informer::{HandlerFns, InformerConfig, InformerError, SharedInformer};
use kapi_client::store::Store;
use kapi_client::{Api, KindInfo, Listable, Resource, ResourceScope};
use tokio::task::JoinSet;
use tokio::time::Instant;
use tracing::Instrument;

use crate::metrics::{ControllerMetrics, ReconcileResult, Registry, global_registry};
use crate::queue::WorkQueue;
use crate::rate_limit::{RateLimiter, default_controller_rate_limiter};
use crate::transform::Transformed;

/// The key of an object in the queue: its namespace (empty for cluster-scoped objects) and name.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectRef {
    /// The namespace; empty for cluster-scoped objects.
    pub namespace: String,
    /// The name.
    pub name: String,
}

impl ObjectRef {
    /// The reference to `namespace`/`name`.
    pub fn new(namespace: &str, name: &str) -> Self {
        ObjectRef { namespace: namespace.to_string(), name: name.to_string() }
    }

    /// The reference to an object.
    pub fn from_obj<R: Resource>(obj: &R) -> Self {
        let m = obj.metadata();
        ObjectRef::new(&m.namespace, &m.name)
    }

    /// The informer cache key (`namespace/name`, or `name`).
    pub fn cache_key(&self) -> String {
        kapi_client::store::key(&self.namespace, &self.name)
    }
}

impl std::fmt::Display for ObjectRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.cache_key())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    AwaitChange,
    After(Duration),
    RateLimited,
}

/// What a reconcile (or the error policy after a failed one) asks for next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Action(Next);

impl Action {
    /// Reconcile again after `after` (and at any change before then).
    pub fn requeue(after: Duration) -> Self {
        Action(Next::After(after))
    }

    /// Reconcile again only when something changes.
    pub fn await_change() -> Self {
        Action(Next::AwaitChange)
    }

    /// Reconcile again after the rate limiter's wait: the key's exponential back-off, at least
    /// the global bucket's pace (what errors get by default).
    pub fn requeue_rate_limited() -> Self {
        Action(Next::RateLimited)
    }

    /// The fixed delay asked for, if any.
    pub fn requeue_after(&self) -> Option<Duration> {
        match self.0 {
            Next::After(d) => Some(d),
            _ => None,
        }
    }
}

/// The default error policy: retry after the key's back-off.
pub fn backoff_on_error<K, E, Ctx>(_obj: Arc<K>, _error: &E, _ctx: Arc<Ctx>) -> Action {
    Action::requeue_rate_limited()
}

/// How a controller runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// The controller's name, in metrics, spans and logs (default: the resource's plural name).
    pub name: Option<String>,
    /// At most this many reconciles at once (at least one); controller-runtime's
    /// `MaxConcurrentReconciles`, default 1.
    pub concurrency: usize,
    /// Every this often, every cached object is queued again (`None`: never).
    pub resync_period: Option<Duration>,
    /// How the informers the controller creates list and watch.
    pub informer: InformerConfig,
    /// Where the controller's metrics go (default: [`global_registry`]).
    pub registry: Option<Arc<Registry>>,
}

impl Default for Config {
    fn default() -> Self {
        Config { name: None, concurrency: 1, resync_period: None, informer: InformerConfig::default(), registry: None }
    }
}

impl Config {
    /// Names the controller.
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Runs at most `n` reconciles at once.
    pub fn concurrency(mut self, n: usize) -> Self {
        self.concurrency = n;
        self
    }

    /// Queues every cached object every `period`.
    pub fn resync(mut self, period: Duration) -> Self {
        self.resync_period = Some(period);
        self
    }

    /// Records metrics into `registry`.
    pub fn registry(mut self, registry: Arc<Registry>) -> Self {
        self.registry = Some(registry);
        self
    }

    /// The primary informer lists as client-go's informers (and so controller-runtime's) do:
    /// any state the API server has cached first, then never older than the cache has reached
    /// ([`ListSemantic::Any`](kapi_client::reflector::ListSemantic::Any)); kube-runtime's
    /// `watcher::Config::any_semantic`. Owned and watched kinds take their own `InformerConfig`.
    pub fn any_semantic(mut self) -> Self {
        self.informer.reflector.list_semantic = kapi_client::reflector::ListSemantic::Any;
        self
    }
}

/// A controller cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ControllerError {
    /// An informer could not start.
    #[error("the controller's informers could not start: {0}")]
    Informer(#[from] InformerError),
}

/// Decides whether an update of the primary object queues it: `(old, new)`.
pub type Predicate<K> = Arc<dyn Fn(&K, &K) -> bool + Send + Sync>;

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

/// An informer the controller starts, waits for and (if it made it) stops.
trait Source: Send + Sync {
    fn start(&self) -> Result<(), InformerError>;
    fn wait_for_sync(&self) -> BoxFuture<bool>;
    fn shutdown(&self) -> BoxFuture<()>;
}

impl<C: Listable> Source for SharedInformer<C> {
    fn start(&self) -> Result<(), InformerError> {
        SharedInformer::start(self)
    }
    fn wait_for_sync(&self) -> BoxFuture<bool> {
        let me = self.clone();
        Box::pin(async move { me.wait_for_sync().await })
    }
    fn shutdown(&self) -> BoxFuture<()> {
        let me = self.clone();
        Box::pin(async move { me.shutdown().await })
    }
}

struct Watched {
    informer: Box<dyn Source>,
    /// Made by the controller (stopped with it), rather than shared by the caller.
    own: bool,
}

/// Adds keys to the queue, counting them.
#[derive(Clone)]
struct Enqueuer {
    queue: Arc<WorkQueue<ObjectRef>>,
    metrics: Arc<ControllerMetrics>,
}

impl Enqueuer {
    fn add(&self, key: ObjectRef) {
        self.metrics.queue_add();
        self.queue.add(key);
        self.metrics.set_queue_depth(self.queue.len());
    }
}

/// A controller of resource `K`; see the module documentation.
pub struct Controller<K: Listable> {
    name: String,
    informer: SharedInformer<K>,
    own_informer: bool,
    config: Config,
    queue: Arc<WorkQueue<ObjectRef>>,
    metrics: Arc<ControllerMetrics>,
    predicates: Vec<Predicate<K>>,
    watched: Vec<Watched>,
    shutdown: Option<BoxFuture<()>>,
    primary_handler_added: bool,
}

impl<K: Listable> std::fmt::Debug for Controller<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Controller")
            .field("name", &self.name)
            .field("config", &self.config)
            .field("queue", &self.queue)
            .field("watched", &self.watched.len())
            .finish_non_exhaustive()
    }
}

impl<K: Listable + Send + Sync + 'static> Controller<K>
where
    K::List: Send,
{
    /// A controller of the objects `api` lists (one namespace or all), cached without
    /// `managedFields`.
    pub fn new(api: Api<K>, config: Config) -> Self {
        let informer = SharedInformer::new(Transformed::strip_managed_fields(api), config.informer.clone());
        log_errors(&informer);
        Self::build(informer, true, config)
    }

    /// A controller over an informer the caller shares (and starts and stops itself, though the
    /// controller starts it if needed): its cache is what reconcilers read.
    pub fn for_informer(informer: SharedInformer<K>, config: Config) -> Self {
        Self::build(informer, false, config)
    }

    fn build(informer: SharedInformer<K>, own_informer: bool, config: Config) -> Self {
        let name = config.name.clone().unwrap_or_else(|| K::RESOURCE.to_string());
        let registry = config.registry.clone().unwrap_or_else(global_registry);
        let metrics = registry.controller(&name);
        let limiter: Box<dyn RateLimiter<ObjectRef>> = Box::new(default_controller_rate_limiter());
        Controller {
            name,
            informer,
            own_informer,
            config,
            queue: Arc::new(WorkQueue::new(limiter)),
            metrics,
            predicates: Vec::new(),
            watched: Vec::new(),
            shutdown: None,
            primary_handler_added: false,
        }
    }

    /// Retries through `limiter` instead of client-go's default controller rate limiter.
    pub fn with_rate_limiter(self, limiter: Box<dyn RateLimiter<ObjectRef>>) -> Self {
        self.queue.set_rate_limiter(limiter);
        self
    }

    /// Queues an updated object only when `predicate(old, new)` holds (every predicate added
    /// must hold; [`crate::predicates`] has the usual ones). Creations and resyncs always queue.
    pub fn with_predicate(mut self, predicate: impl Fn(&K, &K) -> bool + Send + Sync + 'static) -> Self {
        self.predicates.push(Arc::new(predicate));
        self
    }

    /// Also reconciles the owners (of kind `K`, through `ownerReferences`) of the objects `api`
    /// lists whenever one is created, changed or deleted.
    pub fn owns<C: Listable + Send + Sync + 'static>(self, api: Api<C>, config: InformerConfig) -> Self
    where
        C::List: Send,
    {
        let informer = SharedInformer::new(Transformed::strip_managed_fields(api), config);
        log_errors(&informer);
        self.owns_informer(informer, true)
    }

    /// [`owns`](Self::owns) over an informer the caller shares.
    pub fn owns_shared<C: Listable + Send + Sync + 'static>(self, informer: SharedInformer<C>) -> Self {
        self.owns_informer(informer, false)
    }

    fn owns_informer<C: Listable + Send + Sync + 'static>(self, informer: SharedInformer<C>, own: bool) -> Self {
        let api_version = KindInfo::of::<K>().api_version();
        let namespaced = K::Scope::NAMESPACED;
        let owners = move |obj: &C| -> Vec<ObjectRef> {
            let m = obj.metadata();
            m.owner_references
                .iter()
                .filter(|r| r.kind == K::KIND && r.api_version == api_version)
                .map(|r| ObjectRef::new(if namespaced { &m.namespace } else { "" }, &r.name))
                .collect()
        };
        self.watch_informer(informer, own, owners)
    }

    /// Also reconciles the objects `mapper` names for every object `api` lists, whenever one is
    /// created, changed (before and after the change) or deleted.
    pub fn watches<C: Listable + Send + Sync + 'static>(
        self,
        api: Api<C>,
        config: InformerConfig,
        mapper: impl Fn(&C) -> Vec<ObjectRef> + Send + Sync + 'static,
    ) -> Self
    where
        C::List: Send,
    {
        let informer = SharedInformer::new(Transformed::strip_managed_fields(api), config);
        log_errors(&informer);
        self.watch_informer(informer, true, mapper)
    }

    /// [`watches`](Self::watches) over an informer the caller shares.
    pub fn watches_shared<C: Listable + Send + Sync + 'static>(
        self,
        informer: SharedInformer<C>,
        mapper: impl Fn(&C) -> Vec<ObjectRef> + Send + Sync + 'static,
    ) -> Self {
        self.watch_informer(informer, false, mapper)
    }

    fn watch_informer<C: Listable + Send + Sync + 'static>(
        mut self,
        informer: SharedInformer<C>,
        own: bool,
        mapper: impl Fn(&C) -> Vec<ObjectRef> + Send + Sync + 'static,
    ) -> Self {
        let mapper = Arc::new(mapper);
        let enqueue = self.enqueuer();
        let (m1, m2, m3) = (mapper.clone(), mapper.clone(), mapper);
        let (e1, e2, e3) = (enqueue.clone(), enqueue.clone(), enqueue);
        informer.add_handler(
            HandlerFns::new()
                .on_add(move |o: &Arc<C>| m1(o).into_iter().for_each(|k| e1.add(k)))
                .on_update(move |old: &Arc<C>, new: &Arc<C>| {
                    let mut keys = m2(old);
                    keys.extend(m2(new));
                    keys.sort();
                    keys.dedup();
                    keys.into_iter().for_each(|k| e2.add(k));
                })
                .on_delete(move |o: &Arc<C>| m3(o).into_iter().for_each(|k| e3.add(k))),
        );
        self.watched.push(Watched { informer: Box::new(informer), own });
        self
    }

    /// Shuts down gracefully when `signal` completes: no new reconciles start, those in flight
    /// finish, then the informers stop and [`run`](Self::run) returns.
    pub fn graceful_shutdown_on(mut self, signal: impl Future<Output = ()> + Send + 'static) -> Self {
        self.shutdown = Some(Box::pin(signal));
        self
    }

    /// The cache of the primary resource: what reconcilers read.
    pub fn store(&self) -> Arc<Store<K>> {
        self.informer.store()
    }

    /// The informer of the primary resource.
    pub fn informer(&self) -> &SharedInformer<K> {
        &self.informer
    }

    /// The work queue (to add keys by hand, or look at its depth).
    pub fn queue(&self) -> Arc<WorkQueue<ObjectRef>> {
        self.queue.clone()
    }

    /// The controller's metrics.
    pub fn metrics(&self) -> Arc<ControllerMetrics> {
        self.metrics.clone()
    }

    fn enqueuer(&self) -> Enqueuer {
        Enqueuer { queue: self.queue.clone(), metrics: self.metrics.clone() }
    }

    fn add_primary_handler(&mut self) {
        if self.primary_handler_added {
            return;
        }
        self.primary_handler_added = true;
        let (e1, e2) = (self.enqueuer(), self.enqueuer());
        let predicates = self.predicates.clone();
        self.informer.add_handler(
            HandlerFns::new().on_add(move |o: &Arc<K>| e1.add(ObjectRef::from_obj(o.as_ref()))).on_update(
                move |old: &Arc<K>, new: &Arc<K>| {
                    // The same object twice is the informer's resync: always queued.
                    if Arc::ptr_eq(old, new) || predicates.iter().all(|p| p(old, new)) {
                        e2.add(ObjectRef::from_obj(new.as_ref()));
                    }
                },
            ),
        );
    }

    /// Runs the controller until the shutdown signal (forever without one): `reconcile` gets
    /// each queued object from the cache; when it fails, `error_policy` decides what follows
    /// ([`backoff_on_error`] retries after the key's back-off). Keys whose object is no longer
    /// cached (deleted) are dropped.
    pub async fn run<Ctx, E, Fut>(
        mut self,
        reconcile: impl Fn(Arc<K>, Arc<Ctx>) -> Fut + Send + Sync + 'static,
        error_policy: impl Fn(Arc<K>, &E, Arc<Ctx>) -> Action + Send + Sync + 'static,
        ctx: Arc<Ctx>,
    ) -> Result<(), ControllerError>
    where
        Ctx: Send + Sync + 'static,
        E: std::fmt::Display + Send + 'static,
        Fut: Future<Output = Result<Action, E>> + Send + 'static,
    {
        self.add_primary_handler();
        let mut shutdown = self.shutdown.take().unwrap_or_else(|| Box::pin(std::future::pending()));
        self.informer.start()?;
        for w in &self.watched {
            w.informer.start()?;
        }
        let synced = async {
            let mut all = self.informer.wait_for_sync().await;
            for w in &self.watched {
                all &= w.informer.wait_for_sync().await;
            }
            all
        };
        let shut_down_early = tokio::select! {
            _ = &mut shutdown => true,
            _ = synced => false,
        };
        let reconcile = Arc::new(reconcile);
        let error_policy = Arc::new(error_policy);
        let mut tasks = JoinSet::new();
        if !shut_down_early {
            tracing::info!(controller = %self.name, "caches synced, starting workers");
            if let Some(period) = self.config.resync_period.filter(|p| !p.is_zero()) {
                let store = self.store();
                let enqueue = self.enqueuer();
                tasks.spawn(async move {
                    let mut tick = tokio::time::interval_at(Instant::now() + period, period);
                    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                    while !enqueue.queue.is_shut_down() {
                        tick.tick().await;
                        for obj in store.list() {
                            enqueue.add(ObjectRef::from_obj(obj.as_ref()));
                        }
                    }
                });
            }
            let workers = self.config.concurrency.max(1);
            let mut worker_set = JoinSet::new();
            for _ in 0..workers {
                let worker = Worker {
                    name: self.name.clone(),
                    queue: self.queue.clone(),
                    store: self.store(),
                    metrics: self.metrics.clone(),
                    reconcile: reconcile.clone(),
                    error_policy: error_policy.clone(),
                    ctx: ctx.clone(),
                };
                worker_set.spawn(worker.run());
            }
            shutdown.await;
            tracing::info!(controller = %self.name, "shutting down, waiting for reconciles in flight");
            self.queue.shut_down();
            while worker_set.join_next().await.is_some() {}
        }
        self.queue.shut_down();
        tasks.abort_all();
        while tasks.join_next().await.is_some() {}
        if self.own_informer {
            self.informer.shutdown().await;
        }
        for w in &self.watched {
            if w.own {
                w.informer.shutdown().await;
            }
        }
        Ok(())
    }
}

/// Logs the errors an informer the controller made recovers from (it retries by itself).
fn log_errors<C: Listable>(informer: &SharedInformer<C>) {
    informer
        .set_error_handler(|e| tracing::warn!(resource = C::RESOURCE, error = %e, "list or watch failed; retrying"));
}

struct Worker<K, Ctx, R, P> {
    name: String,
    queue: Arc<WorkQueue<ObjectRef>>,
    store: Arc<Store<K>>,
    metrics: Arc<ControllerMetrics>,
    reconcile: Arc<R>,
    error_policy: Arc<P>,
    ctx: Arc<Ctx>,
}

impl<K, Ctx, E, Fut, R, P> Worker<K, Ctx, R, P>
where
    K: Listable + Send + Sync + 'static,
    Ctx: Send + Sync + 'static,
    E: std::fmt::Display + Send + 'static,
    Fut: Future<Output = Result<Action, E>> + Send + 'static,
    R: Fn(Arc<K>, Arc<Ctx>) -> Fut + Send + Sync + 'static,
    P: Fn(Arc<K>, &E, Arc<Ctx>) -> Action + Send + Sync + 'static,
{
    async fn run(self) {
        while let Some(key) = self.queue.get().await {
            self.metrics.set_queue_depth(self.queue.len());
            let started = Instant::now();
            match self.store.get(&key.cache_key()) {
                // Deleted since it was queued: nothing left to reconcile.
                None => self.queue.forget(&key),
                Some(obj) => self.reconcile_one(&key, obj).await,
            }
            self.metrics.work_done(started.elapsed());
            self.queue.done(&key);
            self.metrics.set_queue_depth(self.queue.len());
        }
    }

    async fn reconcile_one(&self, key: &ObjectRef, obj: Arc<K>) {
        let span = tracing::info_span!(
            "reconcile",
            controller = %self.name,
            object.namespace = %key.namespace,
            object.name = %key.name,
            resource_version = %obj.metadata().resource_version,
        );
        let started = Instant::now();
        // A task of its own, so that a panicking reconciler costs one reconcile, not the worker.
        let outcome = tokio::spawn((self.reconcile)(obj.clone(), self.ctx.clone()).instrument(span.clone())).await;
        let took = started.elapsed();
        let (action, result) = match outcome {
            Ok(Ok(action)) => {
                self.queue.forget(key);
                let result = match action.0 {
                    Next::AwaitChange => ReconcileResult::Success,
                    Next::After(_) => ReconcileResult::RequeueAfter,
                    Next::RateLimited => ReconcileResult::Requeue,
                };
                (action, result)
            }
            Ok(Err(error)) => {
                span.in_scope(|| tracing::warn!(%error, "reconcile failed"));
                ((self.error_policy)(obj, &error, self.ctx.clone()), ReconcileResult::Error)
            }
            Err(join) => {
                span.in_scope(|| tracing::error!(error = %join, "reconcile panicked"));
                (Action::requeue_rate_limited(), ReconcileResult::Error)
            }
        };
        self.metrics.reconciled(result, took);
        match action.0 {
            Next::AwaitChange => {}
            Next::After(d) => self.queue.add_after(key.clone(), d),
            Next::RateLimited => {
                self.metrics.retry();
                self.queue.add_rate_limited(key.clone());
            }
        }
    }
}
