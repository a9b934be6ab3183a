//! What the server's controllers read of the tracker: changes since their last look, objects by kind, namespace or name, as metadata.

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::ObjectMeta;

use super::{EventType, ObjectTracker};

/// A stored object as the server's controllers see it: its store and its metadata.
#[derive(Debug, Clone)]
pub(crate) struct Stored {
    /// The resource whose store holds it.
    pub(crate) store: ResourceInfo,
    /// Its metadata.
    pub(crate) meta: ObjectMeta,
}

/// What the controllers' scan of the tracker found since their last one.
pub(crate) enum Since {
    /// The changes after the given resource version, oldest first: the event, the object's
    /// metadata after it (for a deletion, its last state) and before it.
    Changes(Vec<(EventType, Stored, Option<ObjectMeta>)>),
    /// The history no longer reaches back that far: start over from every object.
    Everything(Vec<Stored>),
}

impl ObjectTracker {
    /// Subscribes to the tracker's change notifications (each write bumps the value).
    pub(crate) fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.shared.changed.subscribe()
    }

    /// The current resource version and what changed after `rv` (`None`: every object).
    pub(crate) fn stored_since(&self, rv: Option<u64>) -> (u64, Since) {
        let st = self.lock();
        // A state that does not decode (only a bug in the store makes one) is passed over.
        let meta_of = |idx: usize, o: &super::Encoded| o.metadata(&st.stores[idx].info).ok();
        let everything = || {
            st.stores
                .iter()
                .flat_map(|s| {
                    s.objects.values().filter_map(|o| Some(Stored { store: s.info, meta: o.metadata(&s.info).ok()? }))
                })
                .collect()
        };
        let since = match rv {
            Some(rv) if !st.too_old(rv) => Since::Changes(
                st.history
                    .iter()
                    .filter(|c| c.rv > rv)
                    .filter_map(|c| {
                        let meta = meta_of(c.resource, &c.object)?;
                        let prev = c.prev.as_ref().and_then(|p| meta_of(c.resource, p));
                        Some((c.event_type, Stored { store: st.stores[c.resource].info, meta }, prev))
                    })
                    .collect(),
            ),
            _ => Since::Everything(everything()),
        };
        (st.rv, since)
    }

    /// The store of the served kind `kind` of `group` (any version).
    pub(crate) fn store_of_kind(&self, group: &str, kind: &str) -> Option<ResourceInfo> {
        let st = self.lock();
        let idx = st
            .order
            .iter()
            .find(|gvr| {
                let info = st.views.get(gvr).map(|(_, i)| *i).or_else(|| st.index.get(gvr).map(|i| st.stores[*i].info));
                info.is_some_and(|i| i.group == group && i.kind == kind)
            })
            .and_then(|gvr| st.index_of(gvr).ok())?;
        Some(st.stores[idx].info)
    }

    /// The metadata of a stored object.
    pub(crate) fn stored_meta(&self, store: &ResourceInfo, namespace: &str, name: &str) -> Option<ObjectMeta> {
        let st = self.lock();
        let idx = *st.index.get(&store.gvr())?;
        let ns = if store.namespaced { namespace } else { "" };
        let obj = st.stores[idx].objects.get(&(ns.to_owned(), name.to_owned()))?;
        obj.metadata(store).ok()
    }

    /// The metadata of every object stored in `namespace`, in every namespaced store.
    pub(crate) fn stored_in_namespace(&self, namespace: &str) -> Vec<Stored> {
        let st = self.lock();
        st.stores
            .iter()
            .filter(|s| s.info.namespaced)
            .flat_map(|s| {
                s.objects
                    .range((namespace.to_owned(), String::new())..)
                    .take_while(|((ns, _), _)| ns == namespace)
                    .filter_map(|(_, o)| Some(Stored { store: s.info, meta: o.metadata(&s.info).ok()? }))
            })
            .collect()
    }
}

impl ObjectTracker {
    /// The resource version of the last write.
    pub(crate) fn last_rv(&self) -> u64 {
        self.lock().rv
    }
}
