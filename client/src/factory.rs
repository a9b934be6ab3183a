//! A factory of shared informers: one informer per resource type, shared by everyone who asks,
//! with common options (resync period, namespace, selectors), as upstream's generated
//! `SharedInformerFactory` offers.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use kapi_api::meta::v1::ListOptions;

use crate::informer::{InformerConfig, InformerError, SharedInformer};
use crate::labels::Selector;
use crate::reflector::ReflectorConfig;
use crate::resource::ResourceScope;
use crate::{GroupVersionResource, ListWatch, Listable, ResourceInfo, ResourceInfoExt};

/// An informer of any resource type.
trait ErasedInformer: Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn gvr(&self) -> GroupVersionResource;
    fn start(&self) -> Result<(), InformerError>;
    fn wait_for_sync(&self) -> Pin<Box<dyn Future<Output = bool> + Send>>;
    fn shutdown(&self) -> Pin<Box<dyn Future<Output = ()> + Send>>;
}

impl<R: Listable> ErasedInformer for SharedInformer<R> {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn gvr(&self) -> GroupVersionResource {
        ResourceInfo::of_unlisted::<R>().gvr()
    }
    fn start(&self) -> Result<(), InformerError> {
        SharedInformer::start(self)
    }
    fn wait_for_sync(&self) -> Pin<Box<dyn Future<Output = bool> + Send>> {
        let informer = self.clone();
        Box::pin(async move { informer.wait_for_sync().await })
    }
    fn shutdown(&self) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        let informer = self.clone();
        Box::pin(async move { informer.shutdown().await })
    }
}

struct Entry {
    informer: Arc<dyn ErasedInformer>,
    started: bool,
}

#[derive(Default)]
struct State {
    informers: HashMap<TypeId, Entry>,
    shut_down: bool,
}

/// Hands out one [`SharedInformer`] per resource type and starts, syncs and stops them together.
pub struct SharedInformerFactory {
    default_resync: Option<Duration>,
    custom_resync: HashMap<TypeId, Option<Duration>>,
    reflector: ReflectorConfig,
    state: Mutex<State>,
}

impl std::fmt::Debug for SharedInformerFactory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let resources: Vec<GroupVersionResource> = self.state().informers.values().map(|e| e.informer.gvr()).collect();
        f.debug_struct("SharedInformerFactory")
            .field("default_resync", &self.default_resync)
            .field("reflector", &self.reflector)
            .field("informers", &resources)
            .finish()
    }
}

impl SharedInformerFactory {
    /// A factory whose informers resync every `default_resync` (`None`: never).
    pub fn new(default_resync: Option<Duration>) -> Self {
        SharedInformerFactory {
            default_resync,
            custom_resync: HashMap::new(),
            reflector: ReflectorConfig::default(),
            state: Mutex::new(State::default()),
        }
    }

    /// Informers of namespaced resources only see this namespace (cluster-scoped ones are not
    /// affected).
    pub fn with_namespace(mut self, namespace: impl Into<String>) -> Self {
        self.reflector.namespace = Some(namespace.into());
        self
    }

    /// Informers only see objects whose labels match.
    pub fn with_label_selector(mut self, selector: Selector) -> Self {
        self.reflector.label_selector = Some(selector);
        self
    }

    /// Informers send this field selector with every list and watch.
    pub fn with_field_selector(mut self, selector: impl Into<String>) -> Self {
        self.reflector.field_selector = selector.into();
        self
    }

    /// Adjusts every list and watch request of every informer.
    pub fn with_tweak_list_options(mut self, tweak: impl Fn(&mut ListOptions) + Send + Sync + 'static) -> Self {
        self.reflector.tweak_list_options = Some(Arc::new(tweak));
        self
    }

    /// The reflector settings of every informer (paging, back-off, watch timeout, watch list).
    /// The namespace and selectors set through the other `with_` methods are kept.
    pub fn with_reflector_config(mut self, config: ReflectorConfig) -> Self {
        let old = std::mem::replace(&mut self.reflector, config);
        self.reflector.namespace = old.namespace;
        self.reflector.label_selector = old.label_selector;
        self.reflector.field_selector = old.field_selector;
        self.reflector.tweak_list_options = old.tweak_list_options;
        self
    }

    /// The informer of `R` resyncs every `resync` (`None`: never) instead of the default.
    pub fn with_custom_resync<R: Listable>(mut self, resync: Option<Duration>) -> Self {
        self.custom_resync.insert(TypeId::of::<R>(), resync);
        self
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The informer of `R`: the one already made, or a new one over `list_watch` (which is
    /// dropped if the informer exists). A new informer runs once [`start`](Self::start) is
    /// called (again).
    pub fn informer<R: Listable, L: ListWatch<R>>(&self, list_watch: L) -> SharedInformer<R> {
        let mut state = self.state();
        let type_id = TypeId::of::<R>();
        if let Some(existing) = state.informers.get(&type_id)
            && let Some(informer) = existing.informer.as_any().downcast_ref::<SharedInformer<R>>()
        {
            return informer.clone();
        }
        let mut reflector = self.reflector.clone();
        if !R::Scope::NAMESPACED {
            reflector.namespace = None;
        }
        let resync_period = self.custom_resync.get(&type_id).copied().unwrap_or(self.default_resync);
        let informer = SharedInformer::new(list_watch, InformerConfig { resync_period, reflector });
        state.informers.insert(type_id, Entry { informer: Arc::new(informer.clone()), started: false });
        informer
    }

    /// The informer of `R` if one was made.
    pub fn existing_informer<R: Listable>(&self) -> Option<SharedInformer<R>> {
        let state = self.state();
        let entry = state.informers.get(&TypeId::of::<R>())?;
        entry.informer.as_any().downcast_ref::<SharedInformer<R>>().cloned()
    }

    /// Starts every informer not started yet. After [`shutdown`](Self::shutdown) nothing starts.
    pub fn start(&self) -> Result<(), InformerError> {
        let mut state = self.state();
        if state.shut_down {
            return Ok(());
        }
        for entry in state.informers.values_mut().filter(|e| !e.started) {
            entry.informer.start()?;
            entry.started = true;
        }
        Ok(())
    }

    /// Waits until every started informer has synced; per resource, whether it did (`false` if
    /// it was stopped first).
    pub async fn wait_for_cache_sync(&self) -> BTreeMap<GroupVersionResource, bool> {
        let waits: Vec<_> = {
            let state = self.state();
            state
                .informers
                .values()
                .filter(|e| e.started)
                .map(|e| (e.informer.gvr(), e.informer.wait_for_sync()))
                .collect()
        };
        let mut result = BTreeMap::new();
        for (gvr, wait) in waits {
            result.insert(gvr, wait.await);
        }
        result
    }

    /// Stops every informer and waits until all their tasks have ended.
    pub async fn shutdown(&self) {
        let shutdowns: Vec<_> = {
            let mut state = self.state();
            state.shut_down = true;
            state.informers.values().map(|e| e.informer.shutdown()).collect()
        };
        for shutdown in shutdowns {
            shutdown.await;
        }
    }
}
