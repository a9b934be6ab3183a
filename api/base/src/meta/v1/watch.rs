//! Watch events and generic lists of `meta/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::RawExtension;

use super::ListMeta;
use crate::Kapi;

/// The kind name reserved for watch events.
pub const WATCH_EVENT_KIND: &str = "WatchEvent";

/// One event of a watch stream: its type and the object concerned. It has no `kind`/`apiVersion`
/// of its own.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1")]
pub struct WatchEvent {
    /// `ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK` or `ERROR`.
    #[kapi(proto = 1)]
    pub r#type: String,
    /// The object (for `ERROR`, usually a `Status`).
    #[kapi(proto = 2)]
    pub object: RawExtension,
}

/// A list of objects of any kind, kept raw (upstream's `metav1.List`; the registered kind is
/// `core/v1`'s `List`).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct List {
    /// Kind and API version, `List` in `v1` as `kubectl get -o yaml` writes it for several objects.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// List metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The objects.
    #[kapi(proto = 2)]
    pub items: Option<Vec<RawExtension>>,
}
