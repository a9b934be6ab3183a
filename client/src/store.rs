//! A thread-safe local cache of objects, keyed by `namespace/name` (or `name` for cluster-scoped
//! objects), with named secondary indexes: what reflectors fill and listers read.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

use kapi_api::meta::v1::ObjectMeta;

use crate::Resource;

/// The size of a list buffer above which [`Store::replace`] gives its memory back as it empties.
const SHRINK_ABOVE: usize = 1 << 20;

/// The built-in index of objects by namespace (cluster-scoped objects are under `""`).
pub const NAMESPACE_INDEX: &str = "by_namespace";

/// An index function: the index values an object is filed under.
pub type IndexFn<R> = Arc<dyn Fn(&R) -> Vec<String> + Send + Sync>;

/// The cache key of an object: `namespace/name`, or `name` when the namespace is empty.
pub fn object_key(meta: &ObjectMeta) -> String {
    key(&meta.namespace, &meta.name)
}

/// The cache key for a namespace and name: `namespace/name`, or `name` when the namespace is empty.
pub fn key(namespace: &str, name: &str) -> String {
    if namespace.is_empty() { name.to_string() } else { format!("{namespace}/{name}") }
}

/// Splits a cache key into namespace (empty for cluster-scoped keys) and name.
pub fn split_key(key: &str) -> (&str, &str) {
    key.split_once('/').unwrap_or(("", key))
}

/// A store operation that cannot be done.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// No index has this name.
    #[error("the store has no index named {0:?}")]
    UnknownIndex(String),
    /// An index with this name exists already.
    #[error("the store already has an index named {0:?}")]
    DuplicateIndex(String),
}

/// What a store write changed: the object before and after.
#[derive(Debug)]
pub enum Change<R> {
    /// The key was not in the store.
    Added(Arc<R>),
    /// The key was in the store.
    Updated {
        /// The object the store held.
        old: Arc<R>,
        /// The object the store holds now.
        new: Arc<R>,
    },
    /// The key was removed; the object is its last cached state.
    Deleted(Arc<R>),
}

impl<R> Clone for Change<R> {
    fn clone(&self) -> Self {
        match self {
            Change::Added(o) => Change::Added(o.clone()),
            Change::Updated { old, new } => Change::Updated { old: old.clone(), new: new.clone() },
            Change::Deleted(o) => Change::Deleted(o.clone()),
        }
    }
}

impl<R> Change<R> {
    /// The object the change leaves (for a delete, the removed object).
    pub fn object(&self) -> &Arc<R> {
        match self {
            Change::Added(o) | Change::Deleted(o) => o,
            Change::Updated { new, .. } => new,
        }
    }
}

struct State<R> {
    items: BTreeMap<String, Arc<R>>,
    indexers: BTreeMap<String, IndexFn<R>>,
    /// index name → index value → keys.
    indices: HashMap<String, HashMap<String, BTreeSet<String>>>,
    resource_version: String,
}

impl<R> State<R> {
    fn file(&mut self, key: &str, obj: &R) {
        for (name, f) in &self.indexers {
            let index = self.indices.entry(name.clone()).or_default();
            for value in f(obj) {
                index.entry(value).or_default().insert(key.to_string());
            }
        }
    }

    fn unfile(&mut self, key: &str, obj: &R) {
        for (name, f) in &self.indexers {
            let Some(index) = self.indices.get_mut(name) else { continue };
            for value in f(obj) {
                if let Some(keys) = index.get_mut(&value) {
                    keys.remove(key);
                    if keys.is_empty() {
                        index.remove(&value);
                    }
                }
            }
        }
    }

    fn put(&mut self, key: String, obj: Arc<R>) -> Option<Arc<R>> {
        let old = self.items.insert(key.clone(), obj.clone());
        if let Some(old) = &old {
            self.unfile(&key, old);
        }
        self.file(&key, &obj);
        old
    }

    fn remove(&mut self, key: &str) -> Option<Arc<R>> {
        let old = self.items.remove(key)?;
        self.unfile(key, &old);
        Some(old)
    }

    fn rebuild(&mut self) {
        self.indices.clear();
        let items = std::mem::take(&mut self.items);
        for (key, obj) in &items {
            self.file(key, obj);
        }
        self.items = items;
    }
}

/// A thread-safe cache of `Arc<R>` by key, with named indexes and the resource version of the
/// last sync. Reads never wait for the network: they see the latest applied state.
pub struct Store<R> {
    state: RwLock<State<R>>,
}

impl<R: Resource> Default for Store<R> {
    fn default() -> Self {
        Store::new()
    }
}

impl<R> std::fmt::Debug for Store<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.read();
        f.debug_struct("Store")
            .field("len", &s.items.len())
            .field("indexes", &s.indexers.keys().collect::<Vec<_>>())
            .field("resource_version", &s.resource_version)
            .finish()
    }
}

impl<R: Resource> Store<R> {
    /// An empty store with the [`NAMESPACE_INDEX`] index.
    pub fn new() -> Self {
        let mut indexers: BTreeMap<String, IndexFn<R>> = BTreeMap::new();
        indexers.insert(NAMESPACE_INDEX.to_string(), Arc::new(|o: &R| vec![o.metadata().namespace.clone()]));
        Store {
            state: RwLock::new(State {
                items: BTreeMap::new(),
                indexers,
                indices: HashMap::new(),
                resource_version: String::new(),
            }),
        }
    }

    /// The cache key of an object.
    pub fn key_of(obj: &R) -> String {
        object_key(obj.metadata())
    }

    /// Adds a named index; objects already in the store are filed under it at once.
    pub fn add_indexer(
        &self,
        name: impl Into<String>,
        index: impl Fn(&R) -> Vec<String> + Send + Sync + 'static,
    ) -> Result<(), StoreError> {
        let name = name.into();
        let mut s = self.write();
        if s.indexers.contains_key(&name) {
            return Err(StoreError::DuplicateIndex(name));
        }
        s.indexers.insert(name, Arc::new(index));
        s.rebuild();
        Ok(())
    }

    /// The names of the indexes.
    pub fn index_names(&self) -> Vec<String> {
        self.read().indexers.keys().cloned().collect()
    }

    /// Adds an object, or replaces the one with the same key.
    pub fn add(&self, obj: impl Into<Arc<R>>) -> Change<R> {
        let obj = obj.into();
        let key = Self::key_of(&obj);
        match self.write().put(key, obj.clone()) {
            Some(old) => Change::Updated { old, new: obj },
            None => Change::Added(obj),
        }
    }

    /// Updates an object (adds it if the key is new).
    pub fn update(&self, obj: impl Into<Arc<R>>) -> Change<R> {
        self.add(obj)
    }

    /// Removes the object with the key of `obj`; returns what the store held.
    pub fn delete(&self, obj: &R) -> Option<Arc<R>> {
        self.delete_key(&Self::key_of(obj))
    }

    /// Removes the object with a key; returns what the store held.
    pub fn delete_key(&self, key: &str) -> Option<Arc<R>> {
        self.write().remove(key)
    }

    /// Atomically replaces the whole content (the result of a list) and records its resource
    /// version. Returns the differences: adds for new keys, updates for keys whose object has a
    /// different `resourceVersion`, deletes for keys that are gone (in key order).
    pub fn replace(&self, mut items: Vec<R>, resource_version: impl Into<String>) -> Vec<Change<R>> {
        let mut new_items: BTreeMap<String, Arc<R>> = BTreeMap::new();
        // Each object moves into its own allocation. The list's buffer shrinks as it empties, so
        // a big list is not held twice (buffer and cache) at its end: that was a 10,000-pod
        // informer's peak memory. Halving keeps the copies of what is left to one list's worth.
        while let Some(obj) = items.pop() {
            // Taken from the end, so the first seen of a key is the list's last, which wins.
            new_items.entry(Self::key_of(&obj)).or_insert_with(|| Arc::new(obj));
            if items.len() < items.capacity() / 2 && items.capacity() * size_of::<R>() > SHRINK_ABOVE {
                items.shrink_to_fit();
            }
        }
        let mut s = self.write();
        let old_items = std::mem::replace(&mut s.items, new_items);
        s.resource_version = resource_version.into();
        s.rebuild();
        let mut changes = Vec::new();
        for (key, new) in &s.items {
            match old_items.get(key) {
                None => changes.push(Change::Added(new.clone())),
                Some(old) if old.metadata().resource_version != new.metadata().resource_version => {
                    changes.push(Change::Updated { old: old.clone(), new: new.clone() });
                }
                Some(_) => {}
            }
        }
        for (key, old) in old_items {
            if !s.items.contains_key(&key) {
                changes.push(Change::Deleted(old));
            }
        }
        changes
    }

    /// The object with a key.
    pub fn get(&self, key: &str) -> Option<Arc<R>> {
        self.read().items.get(key).cloned()
    }

    /// The object with a namespace and name (namespace `""` for cluster-scoped objects).
    pub fn get_by_name(&self, namespace: &str, name: &str) -> Option<Arc<R>> {
        self.get(&key(namespace, name))
    }

    /// Every object, in key order.
    pub fn list(&self) -> Vec<Arc<R>> {
        self.read().items.values().cloned().collect()
    }

    /// Every key, in order.
    pub fn keys(&self) -> Vec<String> {
        self.read().items.keys().cloned().collect()
    }

    /// The number of objects.
    pub fn len(&self) -> usize {
        self.read().items.len()
    }

    /// Whether the store holds no objects.
    pub fn is_empty(&self) -> bool {
        self.read().items.is_empty()
    }

    /// The objects filed under `value` in the named index, in key order.
    pub fn by_index(&self, index: &str, value: &str) -> Result<Vec<Arc<R>>, StoreError> {
        let s = self.read();
        let keys = Self::index_of(&s, index)?.and_then(|i| i.get(value));
        Ok(keys.into_iter().flatten().filter_map(|k| s.items.get(k).cloned()).collect())
    }

    /// The keys filed under `value` in the named index, in order.
    pub fn index_keys(&self, index: &str, value: &str) -> Result<Vec<String>, StoreError> {
        let s = self.read();
        Ok(Self::index_of(&s, index)?.and_then(|i| i.get(value)).into_iter().flatten().cloned().collect())
    }

    /// The values of the named index that have objects, sorted.
    pub fn index_values(&self, index: &str) -> Result<Vec<String>, StoreError> {
        let s = self.read();
        let mut values: Vec<String> = Self::index_of(&s, index)?.into_iter().flat_map(|i| i.keys().cloned()).collect();
        values.sort();
        Ok(values)
    }

    /// The resource version of the last list or watch event applied (empty before the first).
    pub fn resource_version(&self) -> String {
        self.read().resource_version.clone()
    }

    /// Records the resource version the store is synced to (watch events and bookmarks).
    pub fn set_resource_version(&self, resource_version: impl Into<String>) {
        self.write().resource_version = resource_version.into();
    }

    /// The named index (`None` while it files no object).
    fn index_of<'a>(s: &'a State<R>, index: &str) -> Result<Option<&'a HashMap<String, BTreeSet<String>>>, StoreError> {
        if !s.indexers.contains_key(index) {
            return Err(StoreError::UnknownIndex(index.to_string()));
        }
        Ok(s.indices.get(index))
    }
}

impl<R> Store<R> {
    fn read(&self) -> RwLockReadGuard<'_, State<R>> {
        // A panic in a user's index function can leave that object's index entries incomplete;
        // the store stays usable rather than failing every later call.
        self.state.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, State<R>> {
        self.state.write().unwrap_or_else(PoisonError::into_inner)
    }
}
