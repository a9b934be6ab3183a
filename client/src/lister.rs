//! Typed, read-only views of a [`Store`]: list by label selector and get by name, across the
//! store or within one namespace, as upstream's generated listers offer.

use std::sync::Arc;

use crate::labels::Selector;
use crate::resource::{ClusterResourceScope, NamespaceResourceScope};
use crate::store::{NAMESPACE_INDEX, Store, key};
use crate::{Error, Resource};

/// Lists and gets objects of a resource from a local cache.
pub struct Lister<R> {
    store: Arc<Store<R>>,
}

impl<R> Clone for Lister<R> {
    fn clone(&self) -> Self {
        Lister { store: self.store.clone() }
    }
}

impl<R> std::fmt::Debug for Lister<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lister").field("store", &self.store).finish()
    }
}

impl<R: Resource> Lister<R> {
    /// A lister over a store.
    pub fn new(store: Arc<Store<R>>) -> Self {
        Lister { store }
    }

    /// The objects whose labels match the selector, across all namespaces, in key order.
    pub fn list(&self, selector: &Selector) -> Vec<Arc<R>> {
        self.store.list().into_iter().filter(|o| selector.matches(&o.metadata().labels)).collect()
    }
}

impl<R: Resource<Scope = ClusterResourceScope>> Lister<R> {
    /// A cluster-scoped object by name (namespaced resources get through
    /// [`namespace`](Self::namespace)`(ns).get(name)`). A missing object is a `404 NotFound`
    /// error, as from the server.
    pub fn get(&self, name: &str) -> Result<Arc<R>, Error> {
        self.store.get(name).ok_or_else(|| not_found::<R>(name))
    }
}

impl<R: Resource<Scope = NamespaceResourceScope>> Lister<R> {
    /// The objects of one namespace.
    pub fn namespace(&self, namespace: impl Into<String>) -> NamespaceLister<R> {
        NamespaceLister { store: self.store.clone(), namespace: namespace.into() }
    }
}

/// Lists and gets the objects of one namespace from a local cache.
pub struct NamespaceLister<R> {
    store: Arc<Store<R>>,
    namespace: String,
}

impl<R> Clone for NamespaceLister<R> {
    fn clone(&self) -> Self {
        NamespaceLister { store: self.store.clone(), namespace: self.namespace.clone() }
    }
}

impl<R> std::fmt::Debug for NamespaceLister<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NamespaceLister").field("namespace", &self.namespace).finish_non_exhaustive()
    }
}

impl<R: Resource> NamespaceLister<R> {
    /// The namespace.
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// The objects of the namespace whose labels match the selector, in name order.
    pub fn list(&self, selector: &Selector) -> Vec<Arc<R>> {
        // The namespace index is built into every store, so the lookup cannot fail.
        let objects = self.store.by_index(NAMESPACE_INDEX, &self.namespace).unwrap_or_default();
        objects.into_iter().filter(|o| selector.matches(&o.metadata().labels)).collect()
    }

    /// An object of the namespace by name; a missing object is a `404 NotFound` error.
    pub fn get(&self, name: &str) -> Result<Arc<R>, Error> {
        self.store.get(&key(&self.namespace, name)).ok_or_else(|| not_found::<R>(name))
    }
}

/// The `404 NotFound` error the server would return for the object.
fn not_found<R: Resource>(name: &str) -> Error {
    use crate::ResourceInfoExt;
    crate::api_errors::not_found(&crate::ResourceInfo::of_unlisted::<R>(), name).into()
}
