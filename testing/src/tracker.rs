//! An in-memory object store with API server semantics: the [`ObjectTracker`] keeps objects of
//! any registered resource (type-erased, keyed by resource, namespace and name), assigns
//! resource versions from one global counter, and keeps a bounded history of changes from which
//! it serves watches, consistent paginated lists and reads at an exact resource version.
//!
//! What it implements, as upstream's generic registry and etcd storage do:
//! - create: `AlreadyExists`, `generateName` (five random characters), UID, creation
//!   timestamp, `generation` 1 where the resource's rule tracks it ([`Generation`]), name and
//!   namespace validation;
//! - update: `NotFound`, optimistic concurrency (`Conflict` when the given resourceVersion is
//!   stale; unconditional when it is empty), immutable UID, carried-over system fields,
//!   `generation` bumped as the resource's rule says (by default when anything outside
//!   `metadata` changes), no-op updates
//!   that write nothing; a PUT to a missing name creates for the resources upstream allows it
//!   ([`put_create`]);
//! - the `status` subresource, done generically: the stored object and the new one are
//!   JSON-encoded and only the `status` member is taken from the new one. For resources that
//!   have the subresource, create drops `status` and the main resource's update keeps it. Pods'
//!   `ephemeralcontainers` and `resize` and certificate signing requests' `approval` take their
//!   fields the same way ([`subresource`]);
//! - delete as upstream's generic store does it ([`deletion`]): preconditions, pods' graceful
//!   deletion, the garbage collector's `orphan`/`foregroundDeletion` finalizers by propagation
//!   policy (while a collector runs), finalizers that keep the object with its deletion
//!   timestamp until an update clears them, namespaces' termination;
//! - dry run (`dryRun=All`) on every write: the object comes back as it would have been stored,
//!   nothing is persisted; a create gets its UID and generated name as upstream's store gives
//!   them, and its resourceVersion stays empty (on update it stays unchanged);
//! - held writes ([`Stage`]): a create or update prepared and validated but not stored, for the
//!   server's validating admission, then committed with the system fields it chose (an update
//!   conflicts if the object changed in between);
//! - list with label and field selectors, `limit`/`continue` (tokens carry the snapshot's
//!   resource version and the last key; lists continue at that snapshot) and the
//!   `resourceVersion`/`resourceVersionMatch` semantics; history older than the retained window
//!   answers `410 Expired`;
//! - watch from a resource version, with synthetic initial events, bookmarks and selector-aware
//!   ADDED/DELETED events when an object enters or leaves the selection.
//!
//! Errors are [`StatusError`]s carrying upstream's `Status`, built with the constructors of
//! [`kapi_api::meta::errors`], which clients and this server share (kapi-client re-exports them
//! as `api_errors`; a client turns one into its `Error::Api` with `?`).

pub mod deletion;
mod encoded;
pub mod fields;
pub(crate) mod meta;
pub mod options;
pub mod put_create;
pub(crate) mod reservations;
mod scan;
pub mod stage;
pub mod subresource;
pub mod validation;
mod watch;

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};

use kapi_api::meta::errors::StatusError;
use kapi_api::meta::errors::{self as api_errors, FieldError, Path};
use kapi_api::meta::labels::Selector;
use kapi_api::meta::resource::{ListParts, ResourceInfo};
use kapi_api::meta::v1::object_meta_validation::{validate_object_meta_contents, validate_object_meta_update_contents};
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, GetOptions, ListMeta, ListOptions, ObjectMeta, ResourceVersionMatch, UpdateOptions,
};
use kapi_api::served::{Listable, Resource, ResourceInfoExt};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::Time;
use kapi_machinery::{GroupVersionResource, Object};

pub(crate) use encoded::Encoded;
pub use fields::{CustomFields, FieldSelector};
pub use options::{FieldValidation, WriteOptions};
pub(crate) use scan::{Since, Stored};
pub use stage::{Pins, Stage};
pub use watch::TrackerWatch;

/// What tracker and server operations fail with: an API status, boxed (a `Status` is a few
/// hundred bytes, and the error travels in every `Result` of a request's path).
pub type Error = Box<StatusError>;

/// The result of tracker operations: errors are API statuses.
pub type Result<T> = std::result::Result<T, Error>;

/// How many changes the tracker keeps for watches and continued lists, unless told otherwise.
pub const DEFAULT_HISTORY: usize = 10_000;

/// The type of a change or watch event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventType {
    /// `ADDED`.
    Added,
    /// `MODIFIED`.
    Modified,
    /// `DELETED`.
    Deleted,
    /// `BOOKMARK`.
    Bookmark,
    /// `ERROR`.
    Error,
}

impl EventType {
    /// The wire name (`ADDED`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Added => "ADDED",
            EventType::Modified => "MODIFIED",
            EventType::Deleted => "DELETED",
            EventType::Bookmark => "BOOKMARK",
            EventType::Error => "ERROR",
        }
    }

    /// Parses a wire name.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "ADDED" => EventType::Added,
            "MODIFIED" => EventType::Modified,
            "DELETED" => EventType::Deleted,
            "BOOKMARK" => EventType::Bookmark,
            "ERROR" => EventType::Error,
            _ => return None,
        })
    }
}

/// One watch event: for `Error` the object is a `Status`; for `Bookmark` it is an empty object of
/// the kind carrying only `metadata.resourceVersion` (and annotations).
#[derive(Debug, Clone)]
pub struct Event {
    /// The event type.
    pub event_type: EventType,
    /// The object.
    pub object: Box<dyn Object>,
}

/// The object a [`ObjectTracker::modify`] call reads and writes, and how.
#[derive(Debug, Clone, Copy, Default)]
pub struct Modify<'a> {
    /// The namespace (ignored for cluster-scoped resources).
    pub namespace: &'a str,
    /// The object's name.
    pub name: &'a str,
    /// `Some("status")` to write only the status.
    pub subresource: Option<&'a str>,
    /// Persist nothing.
    pub dry_run: bool,
    /// Create the object when it does not exist (server-side apply).
    pub create_if_missing: bool,
    /// Store the result's `metadata.managedFields` as they are, even empty and even for a
    /// subresource: the caller computed them (the test server's field manager). Otherwise an
    /// empty list keeps the stored ones and a subresource write never changes them.
    pub managed_fields_as_given: bool,
    /// Skip the kind's validator: for writes upstream makes through a path of their own that
    /// does not run the object's update validation (a pod's binding).
    pub skip_validation: bool,
    /// Write the object's `status` too on a main-resource update, as a storage-level write
    /// does (a pod's binding sets `PodScheduled` with the node).
    pub with_status: bool,
    /// A PUT: when the object does not exist, the body's `metadata.uid` is a precondition that
    /// fails (`409`) before `create_if_missing` is looked at.
    pub replace: bool,
    /// Whether the write is held back for validating admission or commits a held one.
    pub stage: Stage<'a>,
}

/// How a stored object is replaced: the [`Modify`] switches an update honours.
#[derive(Clone, Copy, Default)]
struct WriteFlags {
    dry_run: bool,
    managed_fields_as_given: bool,
    skip_validation: bool,
    with_status: bool,
}

/// What a delete did.
#[derive(Debug)]
pub struct DeleteResult {
    /// The object: its last stored state when deleted, or the state with the deletion timestamp
    /// when finalizers keep it.
    pub object: Box<dyn Object>,
    /// Whether the object is gone (false when finalizers hold it back).
    pub deleted: bool,
}

type Key = (String, String);

struct Store {
    info: ResourceInfo,
    objects: BTreeMap<Key, Encoded>,
}

/// One recorded change: the event's object (for deletions, the last state with the deletion's
/// resource version) and the state before it, so that lists can be served at older versions
/// and watches can tell objects leaving a selection.
struct Change {
    rv: u64,
    resource: usize,
    event_type: EventType,
    key: Key,
    object: Encoded,
    prev: Option<Encoded>,
}

/// How objects cross between a store and the resources that read and write it: the function
/// converts an object to the version (and group) of the resource it is given, so the same
/// function takes a write through a view to the store's version and a read from the store to the
/// view's. Built-in kinds convert through their internal types with the scheme's conversions;
/// custom resources whose versions share storage with conversion `None` only change
/// `apiVersion`.
pub type ConvertFn = Arc<dyn Fn(Box<dyn Object>, &ResourceInfo) -> Result<Box<dyn Object>> + Send + Sync>;

struct State {
    stores: Vec<Store>,
    index: HashMap<GroupVersionResource, usize>,
    /// Resources served from another resource's store, by their own group, version and
    /// resource: the store's resource and the view's description.
    views: HashMap<GroupVersionResource, (GroupVersionResource, ResourceInfo)>,
    /// How objects read through a resource are converted.
    conversions: HashMap<GroupVersionResource, ConvertFn>,
    /// The field labels of the custom resources' versions (see [`ObjectTracker::set_custom_fields`]).
    custom_fields: HashMap<GroupVersionResource, Arc<CustomFields>>,
    /// Every served resource, stores and views, in the order they were registered.
    order: Vec<GroupVersionResource>,
    rv: u64,
    history: VecDeque<Change>,
    history_size: usize,
    /// Changes at or below this resource version are no longer in the history.
    compacted: u64,
    bookmark_epoch: u64,
    close_epoch: u64,
    /// Object validation for creates and updates of the main resource (none: metadata only).
    validator: Option<validation::Validator>,
    /// Object validation for writes to the `status` subresource (none: not validated).
    status_validator: Option<validation::Validator>,
    /// Object validation for writes to other subresources of the object's own kind, by
    /// subresource (pods' `ephemeralcontainers`); one without an entry is not validated.
    subresource_validators: HashMap<&'static str, validation::Validator>,
    /// What a create or update of a main resource warns about once it is valid (none: nothing).
    warner: Option<validation::Warner>,
    /// What a write to the `status` subresource warns about once it is valid (none: nothing).
    status_warner: Option<validation::Warner>,
    /// The warnings of the write being served, taken by the caller that returns them.
    warnings: Vec<String>,
    /// The resources' strategies: what a write does to the object before it is validated.
    prepare: Option<PrepareFn>,
    /// The resources' strategies' last step: what a write does to the object once it is valid.
    canonicalize: Option<CanonicalizeFn>,
    /// Each resource's strategy rules (none: [`Rules::default`] for all).
    rules: Option<RulesFn>,
    /// What committed writes make the tracker write besides them.
    side_writes: Option<SideWritesFn>,
    /// What a read of a stored object does after decoding it (see
    /// [`ObjectTracker::set_storage_read`]).
    storage_read: Option<ConvertFn>,
    /// Whether the validator has rules for an object's kind (see [`State::validate`]).
    validates: Option<validation::Validates>,
    /// While a write through a view of a store in another version is served: that view's
    /// conversion, so the object is validated in the version the client wrote when that version
    /// has rules of its own.
    request_view: Option<(ConvertFn, ResourceInfo)>,
    /// The version of the resource the write being served came through (see
    /// [`PrepareCtx::version`]).
    request_version: String,
    /// Whether deletes add the garbage collector's finalizers (kube-apiserver's
    /// `--enable-garbage-collector`): only while a collector runs, or they would never go.
    garbage_collection: bool,
}

/// A write the tracker makes beside a committed one, in the same step under its lock (see
/// [`SideWritesFn`]).
#[derive(Debug, Clone)]
pub enum SideWrite {
    /// Creates an object, given as JSON, in a served resource.
    Create {
        /// The resource to create it in.
        resource: GroupVersionResource,
        /// The object.
        object: Value,
    },
    /// Replaces an object's `status` through its `status` subresource, the object given whole as
    /// JSON (its `status` the new one), as a control loop of the server's own writes it
    /// (kube-aggregator's availability of a local `APIService`).
    UpdateStatus {
        /// The resource it is in.
        resource: GroupVersionResource,
        /// The object with its new status.
        object: Value,
    },
    /// Deletes an object (nothing when it is absent).
    Delete {
        /// The resource it is in.
        resource: GroupVersionResource,
        /// Its namespace (empty for a cluster-scoped resource).
        namespace: String,
        /// Its name.
        name: String,
    },
}

/// What a committed write makes the tracker write besides it: given the resource written and its
/// object before and after (`None`: absent), the writes to make in other resources, as
/// upstream's IP allocator creates and deletes `IPAddress` objects while services take and give
/// back cluster IPs. Not called for dry runs or held writes.
pub type SideWritesFn =
    Arc<dyn Fn(&ResourceInfo, Option<&dyn Object>, Option<&dyn Object>) -> Vec<SideWrite> + Send + Sync>;

/// When a resource's `metadata.generation` is set and bumped: each of upstream's strategies
/// decides for its resource (see [`Rules`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generation {
    /// The strategy never sets it (config maps, secrets, services, namespaces, …): a create
    /// keeps what the client sent, an update the old value.
    Untracked,
    /// 1 on create (unless `on_create` is false: the create keeps what the client sent, as
    /// for [`Generation::Untracked`]); one more on an update that changes one of `members`
    /// (top-level members of the object, `"*"` for every member but `metadata`) or one of
    /// `metadata`'s members named in `metadata`, made through the main resource or one of
    /// `subresources`.
    Tracked {
        /// The object's members whose change bumps it.
        members: &'static [&'static str],
        /// The metadata members whose change bumps it (deployments' annotations).
        metadata: &'static [&'static str],
        /// The subresources whose writes bump it too (pods' `ephemeralcontainers`).
        subresources: &'static [&'static str],
        /// Whether a create sets it to 1; the CSI driver strategy bumps it on update but sets
        /// nothing on create.
        on_create: bool,
    },
}

impl Generation {
    /// Custom resources' rule, and the tracker's without [`ObjectTracker::set_rules`]:
    /// any change outside `metadata` (status included; a main-resource write cannot change
    /// the status of a resource with a `status` subresource).
    pub const ALL_BUT_METADATA: Generation =
        Generation::Tracked { members: &["*"], metadata: &[], subresources: &[], on_create: true };

    /// Whether a create sets it to 1.
    pub(crate) fn set_on_create(self) -> bool {
        matches!(self, Generation::Tracked { on_create: true, .. })
    }

    /// Whether an update from `before` to `after` (the objects' JSON) through `subresource`
    /// bumps the generation.
    pub(crate) fn bumped(self, before: &Value, after: &Value, subresource: Option<&str>) -> bool {
        let Generation::Tracked { members, metadata, subresources, .. } = self else { return false };
        if subresource.is_some_and(|s| !subresources.contains(&s)) {
            return false;
        }
        let meta_of = |v: &'_ Value, k: &str| v.get("metadata").and_then(|m| m.get(k)).cloned();
        members.iter().any(|m| match *m {
            "*" => meta::without(before, &["metadata"]) != meta::without(after, &["metadata"]),
            m => before.get(m) != after.get(m),
        }) || metadata.iter().any(|k| meta_of(before, k) != meta_of(after, k))
    }
}

/// What a write to a subresource of the object's own kind (`status`, …) takes from the body's
/// `metadata`: each of upstream's subresource strategies decides in its `PrepareForUpdate`
/// (see [`Rules::subresource_metadata`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubresourceMetadata {
    /// Nothing: the stored metadata stays (the custom resource status strategy copies the stored
    /// object over the new one, its status aside).
    Stored,
    /// The body's metadata but for `kept`, members the strategy puts back from the stored
    /// object; the system fields (uid, creation and deletion timestamps, generation, self link)
    /// are kept as on an update of the main resource, as upstream's `BeforeUpdate` keeps them.
    Body {
        /// The metadata members put back from the stored object.
        kept: &'static [&'static str],
    },
}

tokio::task_local! {
    /// The warnings a strategy gave while preparing the writes of the request being served
    /// ([`PrepareCtx::warn`]), kept whether or not the write then went through: upstream
    /// records them in the request's context, so a write refused after its strategy ran (by
    /// validation, or by validating admission) still sends them.
    pub(crate) static PREPARED_WARNINGS: std::cell::RefCell<Vec<String>>;
}

/// Adds a strategy's warnings to the request's record, when the caller keeps one.
fn record_prepared(warnings: &[String]) {
    if warnings.is_empty() {
        return;
    }
    let _ = PREPARED_WARNINGS.try_with(|w| w.borrow_mut().extend(warnings.iter().cloned()));
}

/// What a resource's strategy decides for the tracker's generic steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// When `metadata.generation` is set and bumped.
    pub generation: Generation,
    /// Whether a create keeps the `status` it was sent although the resource has a `status`
    /// subresource (nodes, whose kubelet registers them with theirs, and service CIDRs); every
    /// other such resource's strategy clears it.
    pub status_on_create: bool,
    /// Whether a create with neither a name nor `generateName` is named with a random UUID
    /// (the limit range strategy's `PrepareForCreate`) rather than refused for want of a name.
    pub uuid_name_on_create: bool,
    /// What a write to each subresource of the object's own kind takes from the body's
    /// metadata; a subresource not listed takes none of it ([`SubresourceMetadata::Stored`]).
    pub subresource_metadata: &'static [(&'static str, SubresourceMetadata)],
}

impl Rules {
    /// What a write to `subresource` takes from the body's metadata.
    pub fn metadata_of(&self, subresource: &str) -> SubresourceMetadata {
        self.subresource_metadata
            .iter()
            .find(|(s, _)| *s == subresource)
            .map_or(SubresourceMetadata::Stored, |(_, m)| *m)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            generation: Generation::ALL_BUT_METADATA,
            status_on_create: false,
            uuid_name_on_create: false,
            subresource_metadata: &[],
        }
    }
}

/// Each resource's [`Rules`], given the resource's store.
pub type RulesFn = Arc<dyn Fn(&ResourceInfo) -> Rules + Send + Sync>;

/// What a resource's strategy does to an object before it is validated and stored (upstream's
/// `PrepareForCreate` and `PrepareForUpdate`): on create (`old` is `None`) after the system
/// fields (uid, creation timestamp, generated name) are set, on an update of the main resource
/// with the stored object after the system fields it keeps are carried over, and on a write to
/// a subresource of the object's own kind (`PrepareCtx::subresource`, upstream's status and other
/// subresource strategies) after the tracker took what the subresource owns.
pub type PrepareFn = Arc<dyn Fn(&ResourceInfo, &mut Box<dyn Object>, &PrepareCtx<'_>) -> Result<()> + Send + Sync>;

/// What a resource's strategy does to an object once it passed validation, before it is stored
/// (upstream's `Canonicalize`, the last step of `BeforeCreate` and `BeforeUpdate`): on every
/// create and update, dry runs and subresource writes included, so that what is stored and
/// answered is the canonical form while validation judged what the client sent.
pub type CanonicalizeFn = Arc<dyn Fn(&ResourceInfo, &mut dyn Object) + Send + Sync>;

/// What a strategy sees of a write besides the object: the stored object on update, the
/// resource's other stored objects (read under the tracker's lock, so what they hold, such as a
/// service's cluster IP, cannot be taken by a concurrent write), whether it is a dry run, and
/// where the strategy's own warnings go ([`PrepareCtx::warn`]).
pub struct PrepareCtx<'a> {
    /// The stored object (`None` on create).
    pub old: Option<&'a dyn Object>,
    /// The subresource written (`status`, …), after the tracker took what it owns from the
    /// request (`None`: a create or an update of the main resource).
    pub subresource: Option<&'a str>,
    /// The write persists nothing.
    pub dry_run: bool,
    /// The version of the resource the request was written through (`v1beta1` for a write to
    /// `/apis/discovery.k8s.io/v1beta1/...`), whatever version the store holds: some strategies
    /// depend on it (upstream reads it from the request's info).
    pub version: &'a str,
    info: ResourceInfo,
    objects: &'a BTreeMap<Key, Encoded>,
    except: Option<&'a Key>,
    stores: &'a [Store],
    /// What the strategy warned about, sent before the strategy's `WarningsOnCreate` and
    /// `WarningsOnUpdate` ones (upstream's strategies add these to the request while preparing).
    warnings: std::cell::RefCell<Vec<String>>,
}

impl<'a> PrepareCtx<'a> {
    /// Adds a warning of the strategy itself (upstream's `warning.AddWarning` in
    /// `PrepareForCreate`): it goes out before the write's other strategy warnings.
    pub fn warn(&self, text: String) {
        self.warnings.borrow_mut().push(text);
    }

    /// The stored objects of another group-resource (any version: one store holds it), in
    /// every namespace, borrowed in their store's version (one that does not decode is skipped).
    pub fn objects_of(&self, group: &str, resource: &str) -> impl Iterator<Item = &'a dyn Object> + 'a {
        let store = self.stores.iter().find(|s| s.info.group == group && s.info.resource == resource);
        store.into_iter().flat_map(|s| s.objects.values().filter_map(move |o| o.object(&s.info).ok()))
    }

    /// The resource's stored objects in every namespace, but the one being written, borrowed
    /// without their resource versions (one that does not decode is skipped).
    pub fn others(&self) -> impl Iterator<Item = &'a dyn Object> + 'a {
        let (except, info) = (self.except, self.info);
        self.objects.iter().filter(move |(k, _)| Some(*k) != except).filter_map(move |(_, o)| o.object(&info).ok())
    }
}

struct Shared {
    state: Mutex<State>,
    changed: tokio::sync::watch::Sender<u64>,
    /// How many watches are registered and not yet ended.
    open_watches: std::sync::atomic::AtomicUsize,
    /// Objects admitted against a quota, not stored yet.
    reservations: reservations::Reservations,
}

/// An in-memory object store with API server semantics; cheap to clone (clones share the store).
#[derive(Clone)]
pub struct ObjectTracker {
    shared: Arc<Shared>,
}

impl Default for ObjectTracker {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for ObjectTracker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let st = self.lock();
        f.debug_struct("ObjectTracker")
            .field("resource_version", &st.rv)
            .field("resources", &st.stores.iter().map(|s| s.info.resource).collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// Which objects a list, watch or delete-collection selects.
#[derive(Debug, Clone, Default)]
pub(crate) struct Filter {
    namespace: String,
    labels: Option<Selector>,
    fields: FieldSelector,
    /// A custom resource version's field labels, which take the place of the kind's.
    custom: Option<Arc<CustomFields>>,
}

impl Filter {
    /// The filter of a list, watch or delete-collection of `info`'s resource. A field selector
    /// may name only the field labels the resource's kind accepts (upstream's field-label
    /// conversion, with its message), or those of `custom` for a custom resource.
    pub(crate) fn new(
        info: &ResourceInfo,
        custom: Option<Arc<CustomFields>>,
        namespace: &str,
        label_selector: &str,
        field_selector: &str,
    ) -> Result<Filter> {
        let labels = if label_selector.trim().is_empty() {
            None
        } else {
            Some(Selector::parse(label_selector).map_err(|e| api_errors::bad_request(e.to_string()))?)
        };
        let mut fields = FieldSelector::parse_any(field_selector).map_err(|e| api_errors::bad_request(e.0))?;
        for r in fields.requirements_mut() {
            if let Some(custom) = &custom {
                custom.convert(&r.field).map_err(|e| api_errors::bad_request(e.0))?;
                continue;
            }
            // The label as the kind knows it: old spellings (pods' `spec.host`) are rewritten.
            let (label, value) =
                kapi_api::field_labels::convert_field_label(info.group, info.version, info.kind, &r.field, &r.value)
                    .map_err(|e| api_errors::bad_request(e.to_string()))?;
            (r.field, r.value) = (label, value);
        }
        Ok(Filter { namespace: namespace.to_owned(), labels, fields, custom })
    }

    fn has_selectors(&self) -> bool {
        self.labels.is_some() || !self.fields.is_empty()
    }

    /// Whether the filter selects the object stored under `key`: read from its key alone when
    /// the filter has no selectors, else from the stored object, borrowed.
    fn selects(&self, info: &ResourceInfo, key: &Key, stored: &Encoded) -> Result<bool> {
        if !self.has_selectors() {
            return Ok(self.namespace.is_empty() || !info.namespaced || key.0 == self.namespace);
        }
        Ok(self.matches(info, stored.object(info)?))
    }

    pub(crate) fn matches(&self, info: &ResourceInfo, obj: &dyn Object) -> bool {
        let Some(m) = (info.metadata)(obj) else { return false };
        // A field outside metadata is read from the object's JSON form, encoded once and only
        // when a requirement names one.
        let mut json: Option<Option<kapi_machinery::json::Value>> = None;
        (self.namespace.is_empty() || !info.namespaced || m.namespace == self.namespace)
            && self.fields.matches_fields(|field| match field {
                "metadata.name" => Cow::Borrowed(m.name.as_str()),
                "metadata.namespace" => Cow::Borrowed(m.namespace.as_str()),
                _ => {
                    let doc = json.get_or_insert_with(|| {
                        let mut w = kapi_machinery::json::JsonWriter::compact();
                        obj.encode_json_dyn(&mut w).ok()?;
                        kapi_machinery::json::value::parse(&w.finish().ok()?).ok()
                    });
                    Cow::Owned(
                        doc.as_ref()
                            .map(|d| match &self.custom {
                                Some(custom) => custom.value(field, d),
                                None => selectable_value(info, d, field),
                            })
                            .unwrap_or_default(),
                    )
                }
            })
            && self.labels.as_ref().is_none_or(|s| s.matches(&m.labels))
    }
}

/// The value a field selector compares for `field` of a `info`'s object: the field's own value,
/// except where upstream's selectable-field sets say otherwise for core kinds (an unset boolean or
/// count is `false` or `0` there, and an event's `source` is its component).
fn selectable_value(info: &ResourceInfo, doc: &kapi_machinery::json::Value, field: &str) -> String {
    let value = field_value(
        doc,
        if info.group.is_empty() && info.kind == "Event" && field == "source" { "source.component" } else { field },
    );
    if !value.is_empty() || !info.group.is_empty() {
        return value;
    }
    match (info.kind, field) {
        ("Pod", "spec.hostNetwork") | ("Node", "spec.unschedulable") => "false".to_owned(),
        ("ReplicationController", "status.replicas") => "0".to_owned(),
        _ => value,
    }
}

/// The value of a dotted field path (`spec.signerName`) as a field selector compares it: a string
/// as it is, a number or boolean as its JSON text, anything missing or structured as empty.
fn field_value(doc: &kapi_machinery::json::Value, path: &str) -> String {
    use kapi_machinery::json::Value;
    let mut at = doc;
    for key in path.split('.') {
        match at.get(key) {
            Some(v) => at = v,
            None => return String::new(),
        }
    }
    match at {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.clone(),
        Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

fn parse_rv(rv: &str) -> Result<u64> {
    rv.parse::<u64>().map_err(|_| {
        api_errors::bad_request(format!(
            "resourceVersion: Invalid value: {rv:?}: resource versions of this server are unsigned decimal integers"
        ))
    })
}

fn meta_of<'a>(info: &ResourceInfo, obj: &'a dyn Object) -> Result<&'a ObjectMeta> {
    (info.metadata)(obj).ok_or_else(|| wrong_kind(info, obj))
}

fn meta_mut<'a>(info: &ResourceInfo, obj: &'a mut dyn Object) -> Result<&'a mut ObjectMeta> {
    if (info.metadata)(obj).is_none() {
        return Err(wrong_kind(info, obj));
    }
    (info.metadata_mut)(obj).ok_or_else(|| api_errors::internal("object metadata is not reachable"))
}

fn wrong_kind(info: &ResourceInfo, obj: &dyn Object) -> Error {
    api_errors::bad_request(format!(
        "the object provided is unrecognized (must be of type {}): got {}",
        info.kind,
        obj.registered_gvk().kind
    ))
}

/// What every update keeps of the stored object's metadata (upstream's `BeforeUpdate`): the uid
/// (one sent must match), the creation timestamp, the deletion timestamp and grace period (none
/// while the object is not being deleted), the generation, and no self link.
fn keep_system_fields(info: &ResourceInfo, m: &mut ObjectMeta, old: &ObjectMeta) -> Result<()> {
    if m.uid.is_empty() {
        m.uid = old.uid.clone();
    } else if m.uid != old.uid {
        return Err(api_errors::invalid_object(
            info,
            &m.name,
            &[FieldError::invalid("metadata.uid", &m.uid, "field is immutable")],
        ));
    }
    m.creation_timestamp = old.creation_timestamp;
    if old.deletion_timestamp.is_some() {
        m.deletion_timestamp = old.deletion_timestamp;
        m.deletion_grace_period_seconds = old.deletion_grace_period_seconds;
    } else {
        m.deletion_timestamp = None;
        m.deletion_grace_period_seconds = None;
    }
    m.generation = old.generation;
    m.self_link.clear();
    Ok(())
}

/// [`keep_system_fields`] for an update that is validated: the deletion fields the body sets
/// that upstream's `BeforeUpdate` would not put back are its errors (`deletion_field_errors`),
/// and stay in the object for the kind's validation to see, as upstream validates the object
/// with them (the write then fails).
fn keep_system_fields_checked(
    info: &ResourceInfo,
    m: &mut ObjectMeta,
    old: &ObjectMeta,
    validating: bool,
) -> Result<Vec<FieldError>> {
    let sent = (m.deletion_timestamp, m.deletion_grace_period_seconds);
    let errs = subresource::deletion_field_errors(m, old);
    keep_system_fields(info, m, old)?;
    if !errs.is_empty() && validating {
        m.deletion_timestamp = old.deletion_timestamp.or(sent.0);
        m.deletion_grace_period_seconds = sent.1.or(old.deletion_grace_period_seconds);
    }
    Ok(errs)
}

fn has_status(info: &ResourceInfo) -> bool {
    info.subresource("status").is_some()
}

/// Takes `member` of `from` into `into` (removing it when `from` has none).
fn replace_member(info: &ResourceInfo, into: &dyn Object, from: &dyn Object, member: &str) -> Result<Box<dyn Object>> {
    let mut v = meta::to_value(into)?;
    let src = meta::to_value(from)?;
    meta::set_member(&mut v, member, meta::member(&src, member).cloned());
    meta::from_value(info, &v)
}

/// The object without its `member`.
fn drop_member(info: &ResourceInfo, obj: &dyn Object, member: &str) -> Result<Box<dyn Object>> {
    let mut v = meta::to_value(obj)?;
    if meta::member(&v, member).is_none() {
        return Ok(obj.deep_copy_object());
    }
    meta::set_member(&mut v, member, None);
    meta::from_value(info, &v)
}

/// Upstream's `EnsureObjectNamespaceMatchesRequestNamespace` refusal.
pub(crate) const NAMESPACE_MISMATCH: &str =
    "the namespace of the provided object does not match the namespace sent on the request";

/// Fixes the object's namespace against the request's, as upstream's `BeforeCreate` does.
fn resolve_namespace(info: &ResourceInfo, request_ns: &str, m: &mut ObjectMeta) -> Result<()> {
    if !info.namespaced {
        m.namespace.clear();
        return Ok(());
    }
    if m.namespace.is_empty() {
        m.namespace = request_ns.to_owned();
    } else if !request_ns.is_empty() && m.namespace != request_ns {
        return Err(api_errors::bad_request(NAMESPACE_MISMATCH));
    }
    Ok(())
}

/// Upstream's generate name, name, namespace and generation checks of `ValidateObjectMeta`, in
/// its order; the rest of it (labels, annotations, owner references, finalizers, managed
/// fields) runs with the kind's validation (see `State::create`).
fn meta_errors(info: &ResourceInfo, m: &ObjectMeta) -> Vec<FieldError> {
    name_errors(m, info.namespaced, info.own_name_rule)
}

/// [`meta_errors`] for metadata that is not a stored kind's (a `Scale`'s: upstream's
/// `ValidateScale` checks it as a namespaced object's with DNS subdomain names).
pub(crate) fn name_errors(m: &ObjectMeta, namespaced: bool, own_name_rule: bool) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if !m.generate_name.is_empty() && !own_name_rule {
        for msg in kapi_api::core::v1::validation::name_is_dns_subdomain(&m.generate_name, true) {
            errs.push(FieldError::invalid("metadata.generateName", &m.generate_name, &msg));
        }
    }
    if m.name.is_empty() {
        if m.generate_name.is_empty() {
            errs.push(FieldError::required("metadata.name", "name or generateName is required"));
        }
    } else if !own_name_rule {
        // A kind with a name rule of its own (its group's `+ownNameRule`) checks it in its
        // validation (kapi-api's, run on every write).
        errs.extend(meta::validate_subdomain("metadata.name", &m.name));
    }
    if namespaced {
        if m.namespace.is_empty() {
            errs.push(FieldError::required("metadata.namespace", ""));
        } else {
            errs.extend(meta::validate_label("metadata.namespace", &m.namespace));
        }
    }
    if m.generation < 0 {
        errs.push(FieldError::invalid_value("metadata.generation", m.generation, "must be greater than or equal to 0"));
    }
    errs
}

/// Merges the current objects (`now`) with the states a past version had for the keys changed
/// since (`then`: `None` where the key did not exist), both in key order: the objects at that
/// version, in key order.
fn at_version<'a>(
    now: impl Iterator<Item = (&'a Key, &'a Encoded)>,
    then: impl Iterator<Item = (&'a Key, &'a Option<&'a Encoded>)>,
) -> impl Iterator<Item = (&'a Key, &'a Encoded)> {
    let mut now = now.peekable();
    let mut then = then.peekable();
    std::iter::from_fn(move || {
        loop {
            // `now`'s key against `then`'s: a missing side orders after the other.
            let order = match (now.peek(), then.peek()) {
                (None, None) => return None,
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (Some((a, _)), Some((b, _))) => a.cmp(b),
            };
            if order == std::cmp::Ordering::Equal {
                // The past state replaces the current one.
                now.next();
            }
            let take_then = order != std::cmp::Ordering::Less;
            if take_then {
                let (k, o) = then.next()?;
                if let Some(o) = o {
                    return Some((k, *o));
                }
            } else {
                let (k, o) = now.next()?;
                return Some((k, o));
            }
        }
    })
}

/// The continue token: base64url (no padding) of a small JSON document, as upstream's.
fn encode_continue(rv: u64, key: &Key) -> String {
    let doc = Value::Object(vec![
        ("v".into(), Value::String("meta.k8s.io/v1".into())),
        ("rv".into(), Value::Number(rv.to_string())),
        ("ns".into(), Value::String(key.0.clone())),
        ("name".into(), Value::String(key.1.clone())),
    ]);
    base64url(&doc.to_compact_vec())
}

/// Unpadded base64url (Go's `base64.RawURLEncoding`), which continue tokens and service account
/// tokens are written in.
pub(crate) fn base64url(data: &[u8]) -> String {
    let mut b64 = Vec::new();
    kapi_machinery::base64::encode_into(data, &mut b64);
    b64.iter()
        .filter(|c| **c != b'=')
        .map(|c| match c {
            b'+' => '-',
            b'/' => '_',
            other => char::from(*other),
        })
        .collect()
}

fn decode_continue(token: &str) -> Result<(u64, Option<Key>)> {
    let bad = |why: &str| api_errors::bad_request(format!("continue key is not valid: {why}"));
    let mut std: Vec<u8> = token
        .bytes()
        .map(|c| match c {
            b'-' => b'+',
            b'_' => b'/',
            other => other,
        })
        .collect();
    while !std.len().is_multiple_of(4) {
        std.push(b'=');
    }
    let json = kapi_machinery::base64::decode(&std).map_err(|e| bad(&e))?;
    let doc = value::parse(&json).map_err(|e| bad(&e.to_string()))?;
    if doc.get("v").and_then(Value::as_str) != Some("meta.k8s.io/v1") {
        return Err(bad("continue key has an unexpected version"));
    }
    let rv = match doc.get("rv") {
        Some(Value::Number(n)) => n.parse::<u64>().map_err(|_| bad("invalid resource version"))?,
        _ => return Err(bad("continue key has no resource version")),
    };
    let key = match (doc.get("ns").and_then(Value::as_str), doc.get("name").and_then(Value::as_str)) {
        (Some(ns), Some(name)) => Some((ns.to_owned(), name.to_owned())),
        _ => None,
    };
    Ok((rv, key))
}

impl State {
    fn index_of(&self, gvr: &GroupVersionResource) -> Result<usize> {
        self.index
            .get(gvr)
            .or_else(|| self.views.get(gvr).and_then(|(store, _)| self.index.get(store)))
            .copied()
            .ok_or_else(api_errors::path_not_found)
    }

    /// The conversion of objects read through a resource, with the resource's description.
    fn conversion(&self, gvr: &GroupVersionResource) -> Option<(ConvertFn, ResourceInfo)> {
        let convert = self.conversions.get(gvr)?.clone();
        let info = match self.views.get(gvr) {
            Some((_, info)) => *info,
            None => self.stores[*self.index.get(gvr)?].info,
        };
        Some((convert, info))
    }

    /// The conversion of objects written through a resource into its store's version: only
    /// views of a store in another version have one.
    fn inbound(&self, gvr: &GroupVersionResource, idx: usize) -> Option<(ConvertFn, ResourceInfo)> {
        self.views.get(gvr)?;
        let convert = self.conversions.get(gvr)?.clone();
        Some((convert, self.stores[idx].info))
    }

    fn info(&self, idx: usize) -> ResourceInfo {
        self.stores[idx].info
    }

    /// The strategy rules of a store's resource.
    fn rules_of(&self, info: &ResourceInfo) -> Rules {
        self.rules.as_ref().map_or_else(Rules::default, |f| f(info))
    }

    /// The description of the resource a request names: a view's own, else its store's.
    fn view_info(&self, gvr: &GroupVersionResource, idx: usize) -> ResourceInfo {
        self.views.get(gvr).map_or(self.stores[idx].info, |(_, info)| *info)
    }

    /// Runs a validator on an object bound for the store: in the version the client wrote
    /// through a view when rules apply to that version's kind (its own, or, through the scheme,
    /// those of the version its group validates it in: upstream validates the internal object,
    /// whose rules and field paths follow the request; `events.k8s.io` Events are checked more
    /// strictly than core's), else in the store's version.
    fn validate(
        &self,
        v: &validation::Validator,
        obj: &dyn Object,
        old: Option<&dyn Object>,
    ) -> Result<Vec<FieldError>> {
        if let Some((convert, view)) = &self.request_view
            && self.validates.as_ref().is_some_and(|has| has((view.new_object)().as_ref()))
        {
            let as_written = convert(obj.deep_copy_object(), view)?;
            let old = old.map(|o| convert(o.deep_copy_object(), view)).transpose()?;
            return Ok(v(as_written.as_ref(), old.as_deref()));
        }
        Ok(v(obj, old))
    }

    /// The filter of a list, watch or collection delete through `gvr` (see [`Filter::new`]), with
    /// the custom resource's field labels where `gvr` has them.
    fn filter(
        &self,
        gvr: &GroupVersionResource,
        info: &ResourceInfo,
        namespace: &str,
        label_selector: &str,
        field_selector: &str,
    ) -> Result<Filter> {
        Filter::new(info, self.custom_fields.get(gvr).cloned(), namespace, label_selector, field_selector)
    }

    /// Notes the view a write comes through (see [`State::request_view`]).
    fn writing_through(&mut self, gvr: &GroupVersionResource) {
        self.request_view = if self.views.contains_key(gvr) { self.conversion(gvr) } else { None };
        self.request_version.clone_from(&gvr.version);
    }

    fn next_rv(&mut self) -> u64 {
        self.rv += 1;
        self.rv
    }

    fn record(&mut self, change: Change) {
        self.history.push_back(change);
        while self.history.len() > self.history_size {
            if let Some(old) = self.history.pop_front() {
                self.compacted = old.rv;
            }
        }
        if self.history_size == 0 {
            self.compacted = self.rv;
        }
    }

    fn create(
        &mut self,
        idx: usize,
        request_ns: &str,
        mut obj: Box<dyn Object>,
        dry_run: bool,
        stage: Stage<'_>,
    ) -> Result<Box<dyn Object>> {
        let info = self.info(idx);
        meta_of(&info, obj.as_ref())?;
        let rules = self.rules_of(&info);
        if has_status(&info) && !rules.status_on_create {
            obj = drop_member(&info, obj.as_ref(), "status")?;
        }
        obj.set_registered_type_meta();
        let m = meta_mut(&info, obj.as_mut())?;
        resolve_namespace(&info, request_ns, m)?;
        if !m.resource_version.is_empty() {
            return Err(api_errors::internal("resourceVersion should not be set on objects to be created"));
        }
        m.deletion_timestamp = None;
        m.deletion_grace_period_seconds = None;
        m.self_link.clear();
        if rules.generation.set_on_create() {
            m.generation = 1;
        }
        let pins = match stage {
            Stage::Commit(p) => Some(p),
            _ => None,
        };
        m.creation_timestamp = pins.map_or_else(Time::now, |p| p.creation_timestamp);
        // A dry run gets a uid and a generated name too: upstream's store fills the system
        // fields and generates the name before its storage step, which is the only one a dry run
        // skips (the dry-run design's "left empty" was shipped in 1.24 and reverted, kubernetes
        // issue 109174).
        m.uid = pins.map_or_else(meta::new_uid, |p| p.uid.clone());
        let store = &self.stores[idx];
        if m.name.is_empty()
            && let Some(p) = pins
        {
            // The name the held write generated, taken or not since (then `AlreadyExists`).
            m.name = p.name.clone();
        }
        // Upstream's store generates a name from `generateName` before the strategy runs, so
        // only a create with neither gets the UUID name.
        if m.name.is_empty() && m.generate_name.is_empty() && rules.uuid_name_on_create {
            m.name = meta::new_uid();
        }
        let mut errs = meta_errors(&info, m);
        // Upstream's store generates the name before validating, so a bad `generateName` is
        // reported with the name made from it.
        if m.name.is_empty() && !m.generate_name.is_empty() {
            // The generated name must be free; a clash is retried as upstream's registry does.
            let mut tries = 0;
            loop {
                let candidate = meta::generate_name(&m.generate_name);
                if !store.objects.contains_key(&(m.namespace.clone(), candidate.clone())) {
                    m.name = candidate;
                    break;
                }
                tries += 1;
                if tries >= 8 {
                    return Err(api_errors::already_exists(&info, &candidate));
                }
            }
            errs = meta_errors(&info, m);
        }
        let key = (m.namespace.clone(), m.name.clone());
        let mut prepared = Vec::new();
        if let Some(prepare) = &self.prepare
            && errs.is_empty()
        {
            let ctx = PrepareCtx {
                old: None,
                subresource: None,
                dry_run,
                version: &self.request_version,
                info,
                objects: &store.objects,
                except: None,
                stores: &self.stores,
                warnings: Default::default(),
            };
            prepare(&info, &mut obj, &ctx)?;
            prepared = ctx.warnings.into_inner();
            record_prepared(&prepared);
        }
        // Metadata and object errors go out together, as upstream's strategies return them.
        if let Some(v) = &self.validator {
            let m = meta_of(&info, obj.as_ref())?;
            errs.extend(validate_object_meta_contents(m, &Path::new("metadata")));
            errs.extend(self.validate(v, obj.as_ref(), None)?);
        }
        if !errs.is_empty() {
            return Err(api_errors::invalid_object(&info, &key.1, &errs));
        }
        if !key.1.is_empty() && store.objects.contains_key(&key) {
            return Err(api_errors::already_exists(&info, &key.1));
        }
        self.warnings = prepared;
        if let Some(w) = &self.warner {
            self.warnings.extend(w(obj.as_ref(), None));
        }
        if let Some(canonicalize) = &self.canonicalize {
            canonicalize(&info, obj.as_mut());
        }
        if dry_run || stage.holds() {
            return Ok(obj);
        }
        let stored = Encoded::encode(&info, obj.as_mut(), self.rv + 1, self.storage_read.as_ref())?;
        // The answer is what was stored, read back, as upstream's storage decodes it from the
        // bytes it wrote.
        let obj = stored.decode(&info)?;
        let rv = self.next_rv();
        self.stores[idx].objects.insert(key.clone(), stored.clone());
        self.record(Change { rv, resource: idx, event_type: EventType::Added, key, object: stored, prev: None });
        self.after_commit(idx, None, Some(obj.as_ref()));
        Ok(obj)
    }

    /// Update of the object or of its `status` subresource.
    fn update(
        &mut self,
        idx: usize,
        request_ns: &str,
        mut obj: Box<dyn Object>,
        subresource: Option<&str>,
        flags: WriteFlags,
        stage: Stage<'_>,
    ) -> Result<Box<dyn Object>> {
        let WriteFlags { dry_run, managed_fields_as_given, skip_validation, with_status } = flags;
        let info = self.info(idx);
        obj.set_registered_type_meta();
        let m = meta_mut(&info, obj.as_mut())?;
        resolve_namespace(&info, request_ns, m)?;
        if m.name.is_empty() {
            return Err(api_errors::invalid_object(
                &info,
                "",
                &[FieldError::required("metadata.name", "name is required")],
            ));
        }
        let key = (m.namespace.clone(), m.name.clone());
        let given_rv = m.resource_version.clone();
        let Some(stored) = self.stores[idx].objects.get(&key) else {
            return Err(api_errors::not_found(&info, &key.1));
        };
        let stored = stored.clone();
        let existing = stored.decode(&info)?;
        let old = meta_of(&info, existing.as_ref())?.clone();
        if !given_rv.is_empty() && given_rv != old.resource_version {
            return Err(api_errors::conflict(&info, &key.1, api_errors::OPTIMISTIC_LOCK_MESSAGE));
        }
        // A commit stores what was prepared against the object then stored, or nothing.
        if let Stage::Commit(p) = stage
            && p.resource_version != old.resource_version
        {
            return Err(api_errors::conflict(&info, &key.1, api_errors::OPTIMISTIC_LOCK_MESSAGE));
        }
        let mut deletion_errors = Vec::new();
        let mut new = match subresource {
            Some(sub) => {
                let stored_doc = meta::to_value(existing.as_ref())?;
                let body = meta::to_value(obj.as_ref())?;
                let mut merged = subresource::merge(&info, sub, &stored_doc, &body)?;
                let takes_body_metadata = match self.rules_of(&info).metadata_of(sub) {
                    SubresourceMetadata::Body { kept } => {
                        subresource::take_metadata(&mut merged, &stored_doc, &body, kept);
                        true
                    }
                    SubresourceMetadata::Stored => false,
                };
                let mut new = meta::from_value(&info, &merged)?;
                if takes_body_metadata {
                    let m = meta_mut(&info, new.as_mut())?;
                    deletion_errors = keep_system_fields_checked(&info, m, &old, !skip_validation)?;
                }
                if managed_fields_as_given {
                    let given = meta_of(&info, obj.as_ref())?.managed_fields.clone();
                    meta_mut(&info, new.as_mut())?.managed_fields = given;
                }
                new
            }
            None => {
                let m = meta_mut(&info, obj.as_mut())?;
                deletion_errors = keep_system_fields_checked(&info, m, &old, !skip_validation)?;
                if m.managed_fields.is_empty() && !managed_fields_as_given {
                    m.managed_fields = old.managed_fields.clone();
                }
                if has_status(&info) && !with_status {
                    replace_member(&info, obj.as_ref(), existing.as_ref(), "status")?
                } else {
                    obj
                }
            }
        };
        // The strategy of the main resource or of the subresource written.
        let mut prepared = Vec::new();
        if let Some(prepare) = &self.prepare {
            let ctx = PrepareCtx {
                old: Some(existing.as_ref()),
                subresource,
                dry_run,
                version: &self.request_version,
                info,
                objects: &self.stores[idx].objects,
                except: Some(&key),
                stores: &self.stores,
                warnings: Default::default(),
            };
            prepare(&info, &mut new, &ctx)?;
            prepared = ctx.warnings.into_inner();
            record_prepared(&prepared);
        }
        let nm = meta_mut(&info, new.as_mut())?;
        nm.resource_version = old.resource_version.clone();
        // The main resource runs the kind's validation; a status write runs its status
        // validation instead, as upstream's status strategies do.
        let validator = match subresource {
            None => self.validator.as_ref(),
            Some("status") => self.status_validator.as_ref(),
            Some(other) => self.subresource_validators.get(other),
        };
        if !skip_validation {
            // The deletion fields' checks are `BeforeUpdate`'s, whatever the kind validates.
            let mut errs = deletion_errors;
            if let Some(v) = validator {
                let m = meta_of(&info, new.as_ref())?;
                errs.extend(validate_object_meta_update_contents(m, &old, &Path::new("metadata")));
                errs.extend(self.validate(v, new.as_ref(), Some(existing.as_ref()))?);
            }
            if !errs.is_empty() {
                return Err(api_errors::invalid_object(&info, &key.1, &errs));
            }
        }
        // Before the comparison with the stored object: a write that differs from it only in
        // what canonicalization undoes changes nothing, as upstream's storage compares the
        // canonical bytes.
        if let Some(canonicalize) = &self.canonicalize {
            canonicalize(&info, new.as_mut());
        }
        let before = meta::to_value(existing.as_ref())?;
        let mut after = meta::to_value(new.as_ref())?;
        if self.rules_of(&info).generation.bumped(&before, &after, subresource) {
            meta_mut(&info, new.as_mut())?.generation = old.generation.saturating_add(1);
            after = meta::to_value(new.as_ref())?;
        }
        // The warnings see the new generation, as upstream's strategies bump it in
        // `PrepareForUpdate`, before `WarningsOnUpdate`. Upstream's strategies of subresources
        // other than `status` warn about nothing.
        let warner = match subresource {
            None => self.warner.as_ref(),
            Some("status") => self.status_warner.as_ref(),
            Some(_) => None,
        };
        self.warnings = prepared;
        if let Some(w) = warner {
            self.warnings.extend(w(new.as_ref(), Some(existing.as_ref())));
        }
        if before == after {
            return Ok(existing);
        }
        let finalize = deletion::delete_during_update(&info, &old, new.as_ref(), meta_of(&info, new.as_ref())?);
        if dry_run || stage.holds() {
            return Ok(new);
        }
        // `new` leaves with the resource version it is stored at (for a finalized object, its
        // deletion's).
        let encoded = Encoded::encode(&info, new.as_mut(), self.rv + 1, self.storage_read.as_ref())?;
        let new = encoded.decode(&info)?;
        let rv = self.next_rv();
        if finalize {
            self.stores[idx].objects.remove(&key);
            self.record(Change {
                rv,
                resource: idx,
                event_type: EventType::Deleted,
                key,
                object: encoded,
                prev: Some(stored),
            });
            self.after_commit(idx, Some(existing.as_ref()), None);
            return Ok(new);
        }
        self.stores[idx].objects.insert(key.clone(), encoded.clone());
        self.record(Change {
            rv,
            resource: idx,
            event_type: EventType::Modified,
            key,
            object: encoded,
            prev: Some(stored),
        });
        self.after_commit(idx, Some(existing.as_ref()), Some(new.as_ref()));
        Ok(new)
    }

    /// Upstream's generic store `Delete` (and the namespace registry's before it): preconditions,
    /// graceful deletion, the garbage collector's finalizers (when it runs), finalizers that keep
    /// the object with its deletion timestamp, then the removal. `view` is the resource the
    /// request named, whose version decides the default propagation policy.
    fn delete(
        &mut self,
        idx: usize,
        view: &ResourceInfo,
        namespace: &str,
        name: &str,
        opts: &DeleteOptions,
        dry_run: bool,
    ) -> Result<DeleteResult> {
        let info = self.info(idx);
        let ns = if info.namespaced { namespace } else { "" };
        let key = (ns.to_owned(), name.to_owned());
        let Some(stored) = self.stores[idx].objects.get(&key) else {
            return Err(api_errors::not_found(&info, name));
        };
        let stored = stored.clone();
        let existing = stored.decode(&info)?;
        let m = meta_of(&info, existing.as_ref())?.clone();
        let mut opts = opts.clone();
        if deletion::is_namespaces(&info) {
            deletion::check_namespace_preconditions(&info, &m, &opts)?;
            if m.deletion_timestamp.is_none() {
                let doc = deletion::begin_namespace_termination(existing.as_ref(), &m, &opts)?;
                let marked = meta::from_value(&info, &doc)?;
                return self.write_deleting(idx, key, (&stored, existing), marked, dry_run);
            }
            if !deletion::namespace_finalizers(existing.as_ref()).is_empty() {
                return Ok(DeleteResult { object: existing, deleted: false });
            }
        }
        deletion::check_preconditions(&info, &m, &opts)?;
        if deletion::is_crds(&info) && m.deletion_timestamp.is_none() {
            let doc = deletion::begin_crd_termination(existing.as_ref(), &m)?;
            let marked = meta::from_value(&info, &doc)?;
            return self.write_deleting(idx, key, (&stored, existing), marked, dry_run);
        }
        let mut obj = existing.clone();
        let mut mm = m.clone();
        let graceful = deletion::before_delete(&info, obj.as_mut(), &mut mm, &mut opts)?;
        if graceful == deletion::Graceful::Pending {
            return Ok(DeleteResult { object: existing, deleted: false });
        }
        let new_finalizers = if self.garbage_collection {
            deletion::gc_finalizers(&mm.finalizers, &opts, deletion::default_gc_policy(view))
        } else {
            None
        };
        let graceful = graceful == deletion::Graceful::Started;
        if graceful || !mm.finalizers.is_empty() || new_finalizers.is_some() {
            if let Some(f) = new_finalizers {
                mm.finalizers = f;
            }
            let pending_finalizers = !mm.finalizers.is_empty();
            let keep = if graceful {
                pending_finalizers || opts.grace_period_seconds.unwrap_or(0) > 0
            } else {
                if pending_finalizers {
                    deletion::mark_as_deleting(&mut mm);
                }
                pending_finalizers
            };
            if keep {
                *meta_mut(&info, obj.as_mut())? = mm;
                return self.write_deleting(idx, key, (&stored, existing), obj, dry_run);
            }
        }
        if dry_run {
            return Ok(DeleteResult { object: existing, deleted: true });
        }
        let rv = self.next_rv();
        self.stores[idx].objects.remove(&key);
        self.record(Change {
            rv,
            resource: idx,
            event_type: EventType::Deleted,
            key,
            object: stored.at(rv),
            prev: Some(stored),
        });
        self.after_commit(idx, Some(existing.as_ref()), None);
        Ok(DeleteResult { object: existing, deleted: true })
    }

    /// Stores the state a delete leaves an object in while something still holds it (a grace
    /// period, finalizers, a namespace's content); an unchanged object is not written again.
    fn write_deleting(
        &mut self,
        idx: usize,
        key: Key,
        (stored, existing): (&Encoded, Box<dyn Object>),
        mut marked: Box<dyn Object>,
        dry_run: bool,
    ) -> Result<DeleteResult> {
        let info = self.info(idx);
        if meta::to_value(marked.as_ref())? == meta::to_value(existing.as_ref())? || dry_run {
            return Ok(DeleteResult { object: marked, deleted: false });
        }
        let encoded = Encoded::encode(&info, marked.as_mut(), self.rv + 1, self.storage_read.as_ref())?;
        let marked = encoded.decode(&info)?;
        let rv = self.next_rv();
        self.stores[idx].objects.insert(key.clone(), encoded.clone());
        self.record(Change {
            rv,
            resource: idx,
            event_type: EventType::Modified,
            key,
            object: encoded,
            prev: Some(stored.clone()),
        });
        Ok(DeleteResult { object: marked, deleted: false })
    }

    /// How the objects of a resource at resource version `at` differ from the current ones:
    /// for each key changed since, its state then (`None`: it did not exist). Only the changes
    /// after `at` are walked, so a list at the current version or a recent one costs no more
    /// than the objects it returns.
    fn undone_since(&self, idx: usize, at: u64) -> BTreeMap<Key, Option<&Encoded>> {
        let mut then = BTreeMap::new();
        // Newest first: the last state recorded for a key is the one before its oldest change
        // after `at`, which is its state at `at`.
        for c in self.history.iter().rev() {
            if c.rv <= at {
                break;
            }
            if c.resource != idx {
                continue;
            }
            match (c.event_type, &c.prev) {
                (EventType::Added, _) => {
                    then.insert(c.key.clone(), None);
                }
                (_, Some(prev)) => {
                    then.insert(c.key.clone(), Some(prev));
                }
                _ => {}
            }
        }
        then
    }

    /// Makes the writes a committed write asks for besides it (see [`SideWritesFn`]). The
    /// write itself is stored by then, so one of them that fails (its resource not served, its
    /// name taken) is left out rather than undoing it; upstream's repair loops reconcile what
    /// its allocators could not write.
    fn after_commit(&mut self, idx: usize, old: Option<&dyn Object>, new: Option<&dyn Object>) {
        let Some(side_writes) = self.side_writes.clone() else { return };
        let writes = side_writes(&self.info(idx), old, new);
        if writes.is_empty() {
            return;
        }
        // They are the server's own writes, not the request's: no view of its applies, and the
        // request keeps its own warnings (a side write's create would replace them).
        let view = self.request_view.take();
        let warnings = std::mem::take(&mut self.warnings);
        for w in writes {
            let _left_out = self.side_write(w);
        }
        self.request_view = view;
        self.warnings = warnings;
    }

    fn side_write(&mut self, w: SideWrite) -> Result<()> {
        match w {
            SideWrite::Create { resource, object } => {
                let idx = self.index_of(&resource)?;
                let obj = meta::from_value(&self.info(idx), &object)?;
                self.create(idx, "", obj, false, Stage::Store).map(drop)
            }
            SideWrite::UpdateStatus { resource, object } => {
                let idx = self.index_of(&resource)?;
                let info = self.info(idx);
                let obj = meta::from_value(&info, &object)?;
                let namespace = meta_of(&info, obj.as_ref())?.namespace.clone();
                self.update(idx, &namespace, obj, Some("status"), WriteFlags::default(), Stage::Store).map(drop)
            }
            SideWrite::Delete { resource, namespace, name } => {
                let idx = self.index_of(&resource)?;
                let view = self.info(idx);
                self.delete(idx, &view, &namespace, &name, &DeleteOptions::default(), false).map(drop)
            }
        }
    }

    fn too_old(&self, rv: u64) -> bool {
        rv < self.compacted
    }
}

impl ObjectTracker {
    /// An empty tracker keeping [`DEFAULT_HISTORY`] changes.
    pub fn new() -> Self {
        Self::with_history(DEFAULT_HISTORY)
    }

    /// Validates every create and update of a main resource (not of its subresources) with `v`
    /// before it is stored, dry runs included; failures are a `422 Invalid` together with the
    /// metadata's. Replaces an earlier validator.
    pub fn set_validator(&self, v: validation::Validator) {
        self.lock().validator = Some(v);
    }

    /// Validates every write to a `status` subresource with `v` (given the new and the stored
    /// object) before it is stored, dry runs included; failures are a `422 Invalid`. Replaces an
    /// earlier status validator.
    pub fn set_status_validator(&self, v: validation::Validator) {
        self.lock().status_validator = Some(v);
    }

    /// Validates every write to `subresource` (not `status`: see [`Self::set_status_validator`])
    /// with `v`, given the new and the stored object, as upstream's strategy for that
    /// subresource does; failures are a `422 Invalid`. Replaces an earlier one for it.
    pub fn set_subresource_validator(&self, subresource: &'static str, v: validation::Validator) {
        self.lock().subresource_validators.insert(subresource, v);
    }

    /// Gives every create and update of a main resource that passed validation the warnings `w`
    /// finds (given the new and, on update, the stored object), as upstream's strategies'
    /// `WarningsOnCreate` and `WarningsOnUpdate`; dry runs included. Writes return them through
    /// [`ObjectTracker::create_staged`] and [`ObjectTracker::modify_with_warnings`]. Replaces an
    /// earlier one.
    pub fn set_warner(&self, w: validation::Warner) {
        self.lock().warner = Some(w);
    }

    /// Gives every write to a `status` subresource that passed validation the warnings `w` finds
    /// (given the new and the stored object), as upstream's status strategies'
    /// `WarningsOnUpdate`. Replaces an earlier one.
    pub fn set_status_warner(&self, w: validation::Warner) {
        self.lock().status_warner = Some(w);
    }

    /// Tells which kinds the validator has rules for, so a write through another version than
    /// the store's is validated in that version when it has them.
    pub fn set_validates(&self, validates: validation::Validates) {
        self.lock().validates = Some(validates);
    }

    /// Makes deletes add the garbage collector's `orphan` and `foregroundDeletion` finalizers as
    /// the request's propagation policy and the resource's default ask (off by default: turn it
    /// on only while something removes them, as the test server's garbage collector does).
    pub fn set_garbage_collection(&self, on: bool) {
        self.lock().garbage_collection = on;
    }

    /// Installs the resources' strategies (see [`PrepareFn`]).
    pub fn set_prepare(&self, prepare: PrepareFn) {
        self.lock().prepare = Some(prepare);
    }

    /// Installs the resources' canonicalization after validation (see [`CanonicalizeFn`]).
    pub fn set_canonicalize(&self, canonicalize: CanonicalizeFn) {
        self.lock().canonicalize = Some(canonicalize);
    }

    /// Installs each resource's strategy rules (see [`Rules`]).
    pub fn set_rules(&self, rules: RulesFn) {
        self.lock().rules = Some(rules);
    }

    /// Installs what a read of a stored object does after decoding it, given the object in its
    /// store's version and the store's description: the test server's converts it to the
    /// internal type and back, as upstream's storage decodes into the internal type and each
    /// response converts from it. Objects stored from then on are read through it, each once:
    /// the result is kept beside the bytes and copied for later reads.
    pub fn set_storage_read(&self, read: ConvertFn) {
        self.lock().storage_read = Some(read);
    }

    /// Installs what committed writes make the tracker write besides them (see
    /// [`SideWritesFn`]).
    pub fn set_side_writes(&self, side_writes: SideWritesFn) {
        self.lock().side_writes = Some(side_writes);
    }

    /// Stops validating objects and subresource writes (metadata is still checked).
    pub fn clear_validator(&self) {
        let mut state = self.lock();
        state.validator = None;
        state.status_validator = None;
        state.subresource_validators.clear();
    }

    /// An empty tracker keeping the last `size` changes for watches and continued lists.
    pub fn with_history(size: usize) -> Self {
        let (changed, _) = tokio::sync::watch::channel(0);
        ObjectTracker {
            shared: Arc::new(Shared {
                state: Mutex::new(State {
                    stores: Vec::new(),
                    index: HashMap::new(),
                    views: HashMap::new(),
                    conversions: HashMap::new(),
                    custom_fields: HashMap::new(),
                    order: Vec::new(),
                    rv: 1,
                    history: VecDeque::new(),
                    history_size: size,
                    compacted: 1,
                    bookmark_epoch: 0,
                    close_epoch: 0,
                    validator: None,
                    status_validator: None,
                    subresource_validators: HashMap::new(),
                    warner: None,
                    status_warner: None,
                    warnings: Vec::new(),
                    prepare: None,
                    canonicalize: None,
                    rules: None,
                    side_writes: None,
                    storage_read: None,
                    validates: None,
                    request_view: None,
                    request_version: String::new(),
                    garbage_collection: false,
                }),
                changed,
                open_watches: Default::default(),
                reservations: Default::default(),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.shared.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn notify(&self) {
        self.shared.changed.send_modify(|v| *v = v.wrapping_add(1));
    }

    /// Serves a resource. Registering it again keeps its objects and updates its description.
    pub fn register(&self, info: ResourceInfo) {
        let mut st = self.lock();
        let gvr = info.gvr();
        match st.index.get(&gvr) {
            Some(&i) => st.stores[i].info = info,
            None => {
                let i = st.stores.len();
                st.stores.push(Store { info, objects: BTreeMap::new() });
                st.index.insert(gvr.clone(), i);
                st.order.retain(|g| *g != gvr);
                st.order.push(gvr);
            }
        }
    }

    /// Serves a resource from the store of the resources `same_storage` accepts, when one is
    /// served: as a view converting with `convert`, or, when `rank` puts it above the store's
    /// own version and nothing was ever written there, as the new store, whose old resource
    /// becomes a view. Without such a store, the resource gets a store of its own. This is how
    /// every version of a group-resource (and the groups that share one, as `events.k8s.io`
    /// shares core's events) reads and writes one set of objects kept in one version.
    pub fn register_shared<K: Ord>(
        &self,
        info: ResourceInfo,
        convert: ConvertFn,
        same_storage: &dyn Fn(&ResourceInfo) -> bool,
        rank: &dyn Fn(&ResourceInfo) -> K,
    ) {
        let gvr = info.gvr();
        let mut st = self.lock();
        if let Some(&i) = st.index.get(&gvr) {
            st.stores[i].info = info;
            return;
        }
        let store = st
            .index
            .iter()
            .filter(|(g, _)| **g != gvr)
            .find(|(_, i)| same_storage(&st.stores[**i].info))
            .map(|(g, i)| (g.clone(), *i));
        let Some((store_gvr, i)) = store else {
            drop(st);
            self.register(info);
            return;
        };
        let untouched = st.stores[i].objects.is_empty() && !st.history.iter().any(|c| c.resource == i);
        if untouched && rank(&info) > rank(&st.stores[i].info) {
            let old = st.stores[i].info;
            st.stores[i].info = info;
            st.index.remove(&store_gvr);
            st.index.insert(gvr.clone(), i);
            for (store, _) in st.views.values_mut() {
                if *store == store_gvr {
                    *store = gvr.clone();
                }
            }
            st.views.insert(store_gvr.clone(), (gvr.clone(), old));
            st.conversions.insert(store_gvr, convert);
        } else {
            st.views.insert(gvr.clone(), (store_gvr, info));
            st.conversions.insert(gvr.clone(), convert);
        }
        st.order.retain(|g| *g != gvr);
        st.order.push(gvr);
    }

    /// The resource whose store serves `gvr` (itself for a store).
    pub fn storage_of(&self, gvr: &GroupVersionResource) -> Option<ResourceInfo> {
        let st = self.lock();
        st.index_of(gvr).ok().map(|i| st.stores[i].info)
    }

    /// Serves the resource of `R`.
    pub fn register_resource<R: Listable>(&self) {
        self.register(ResourceInfo::of::<R>());
    }

    /// The description of a served resource.
    pub fn resource(&self, gvr: &GroupVersionResource) -> Option<ResourceInfo> {
        let st = self.lock();
        st.index.get(gvr).map(|&i| st.stores[i].info).or_else(|| st.views.get(gvr).map(|(_, info)| *info))
    }

    /// Every served resource, in registration order.
    pub fn resources(&self) -> Vec<ResourceInfo> {
        let st = self.lock();
        st.order
            .iter()
            .filter_map(|g| {
                st.index.get(g).map(|&i| st.stores[i].info).or_else(|| st.views.get(g).map(|(_, info)| *info))
            })
            .collect()
    }

    /// Serves a resource from another's store (`storage`, registered): both see the same objects,
    /// each converted as [`ObjectTracker::set_conversion`] says.
    pub fn register_view(&self, info: ResourceInfo, storage: &GroupVersionResource) {
        let gvr = info.gvr();
        let mut st = self.lock();
        st.views.insert(gvr.clone(), (storage.clone(), info));
        st.order.retain(|g| *g != gvr);
        st.order.push(gvr);
    }

    /// Converts the objects read through a resource (a store's or a view's) with `convert`.
    pub fn set_conversion(&self, gvr: &GroupVersionResource, convert: ConvertFn) {
        self.lock().conversions.insert(gvr.clone(), convert);
    }

    /// Gives a custom resource version the field labels of its definition's `selectableFields`
    /// (lists, watches and collection deletes through `gvr` select by them, and refuse other
    /// labels with upstream's message).
    pub fn set_custom_fields(&self, gvr: &GroupVersionResource, fields: CustomFields) {
        self.lock().custom_fields.insert(gvr.clone(), Arc::new(fields));
    }

    /// Converts `obj` into `to`'s version as reads through `to` are converted (a custom
    /// resource: by its definition's strategy, `None` or its webhook); unchanged where `to` has
    /// no conversion.
    pub(crate) fn convert_into(&self, to: &ResourceInfo, obj: Box<dyn Object>) -> Result<Box<dyn Object>> {
        self.converted(&to.gvr(), obj)
    }

    fn converted(&self, gvr: &GroupVersionResource, obj: Box<dyn Object>) -> Result<Box<dyn Object>> {
        let conversion = self.lock().conversion(gvr);
        convert_with(conversion, obj)
    }

    /// Stops serving a resource (its objects should be deleted first, so watchers see them go).
    /// Its slot stays, so recorded changes keep pointing at the right store; registering the
    /// resource again starts an empty store.
    pub fn unregister(&self, gvr: &GroupVersionResource) {
        let mut st = self.lock();
        st.conversions.remove(gvr);
        st.custom_fields.remove(gvr);
        st.order.retain(|g| g != gvr);
        if st.views.remove(gvr).is_some() {
            return;
        }
        if let Some(i) = st.index.remove(gvr) {
            st.stores[i].objects.clear();
        }
        let views: Vec<GroupVersionResource> =
            st.views.iter().filter(|(_, (store, _))| store == gvr).map(|(v, _)| v.clone()).collect();
        for v in views {
            st.views.remove(&v);
            st.conversions.remove(&v);
            st.custom_fields.remove(&v);
            st.order.retain(|g| *g != v);
        }
    }

    /// The current resource version.
    pub fn resource_version(&self) -> String {
        self.lock().rv.to_string()
    }

    /// The resource version of one stored object, read without copying it; `None` when there is
    /// no such object (or resource).
    pub fn object_resource_version(&self, gvr: &GroupVersionResource, namespace: &str, name: &str) -> Option<String> {
        let st = self.lock();
        let idx = st.index_of(gvr).ok()?;
        let info = st.info(idx);
        let ns = if info.namespaced { namespace } else { "" };
        st.stores[idx].objects.get(&(ns.to_owned(), name.to_owned())).map(|o| o.rv().to_string())
    }

    /// The bytes the store keeps for an object, as kube-apiserver's etcd holds them under the
    /// object's key: protobuf in the `k8s\0` envelope naming the storage version's kind for
    /// built-in kinds, JSON for custom resources, without a resource version (the store keeps
    /// that beside them). `None` when there is no such object (or resource).
    pub fn stored_bytes(&self, gvr: &GroupVersionResource, namespace: &str, name: &str) -> Option<Vec<u8>> {
        let st = self.lock();
        let idx = st.index_of(gvr).ok()?;
        let ns = if st.info(idx).namespaced { namespace } else { "" };
        st.stores[idx].objects.get(&(ns.to_owned(), name.to_owned())).map(|o| o.bytes().to_vec())
    }

    /// Forgets the whole change history: watches and continue tokens from before now answer
    /// `410 Expired`, and watches that are behind end with an `ERROR` event.
    pub fn compact(&self) {
        {
            let mut st = self.lock();
            st.history.clear();
            st.compacted = st.rv;
        }
        self.notify();
    }

    /// Asks every watch that allows bookmarks to send one with the current resource version.
    pub fn request_bookmarks(&self) {
        self.lock().bookmark_epoch += 1;
        self.notify();
    }

    /// How many watches are open: registered with the tracker and not yet ended. A watch request
    /// still on its way is not one, so a test that means to end a watch waits for it first.
    pub fn open_watches(&self) -> usize {
        self.shared.open_watches.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Ends every open watch, as a server closing its watch connections does.
    pub fn close_watches(&self) {
        self.lock().close_epoch += 1;
        self.notify();
    }

    /// Creates an object in `namespace` (the request's namespace; the object's own is used when
    /// this is empty).
    pub fn create(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        obj: Box<dyn Object>,
        opts: &CreateOptions,
    ) -> Result<Box<dyn Object>> {
        self.create_staged(gvr, namespace, obj, opts, Stage::Store).map(|(created, _)| created)
    }

    /// [`ObjectTracker::create`] held back for validating admission, or committing a held
    /// create (see [`Stage`]); with the warnings of the write (see [`ObjectTracker::set_warner`]).
    pub fn create_staged(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        obj: Box<dyn Object>,
        opts: &CreateOptions,
        stage: Stage<'_>,
    ) -> Result<(Box<dyn Object>, Vec<String>)> {
        let w = options::validate_create(opts)?;
        let (out, warnings) = {
            let mut st = self.lock();
            st.warnings.clear();
            let idx = st.index_of(gvr)?;
            st.writing_through(gvr);
            let obj = convert_with(st.inbound(gvr, idx), obj)?;
            let created = st.create(idx, namespace, obj, w.dry_run, stage)?;
            (created, std::mem::take(&mut st.warnings))
        };
        if !w.dry_run && !stage.holds() {
            self.notify();
        }
        Ok((self.converted(gvr, out)?, warnings))
    }

    /// Replaces an object.
    pub fn update(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        obj: Box<dyn Object>,
        opts: &UpdateOptions,
    ) -> Result<Box<dyn Object>> {
        self.update_inner(gvr, namespace, obj, None, opts)
    }

    /// Replaces a subresource of an object whose body is the object's own kind (`status`,
    /// `ephemeralcontainers`, `resize`, `approval`; see [`subresource`]): only what the
    /// subresource owns is taken from `obj`.
    pub fn update_subresource(
        &self,
        gvr: &GroupVersionResource,
        subresource: &str,
        namespace: &str,
        obj: Box<dyn Object>,
        opts: &UpdateOptions,
    ) -> Result<Box<dyn Object>> {
        self.update_inner(gvr, namespace, obj, Some(subresource), opts)
    }

    fn update_inner(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        obj: Box<dyn Object>,
        subresource: Option<&str>,
        opts: &UpdateOptions,
    ) -> Result<Box<dyn Object>> {
        let w = options::validate_update(opts)?;
        let out = {
            let mut st = self.lock();
            let idx = st.index_of(gvr)?;
            if let Some(sub) = subresource
                && st.info(idx).subresource(sub).is_none()
            {
                return Err(api_errors::path_not_found());
            }
            st.writing_through(gvr);
            let obj = convert_with(st.inbound(gvr, idx), obj)?;
            let flags = WriteFlags { dry_run: w.dry_run, ..WriteFlags::default() };
            st.update(idx, namespace, obj, subresource, flags, Stage::Store)?
        };
        if !w.dry_run {
            self.notify();
        }
        self.converted(gvr, out)
    }

    /// Reads an object, modifies it with `f` and writes the result, atomically: what patches
    /// and server-side apply use. `f` gets the current object (`None` when it does not exist,
    /// which is `NotFound` unless `target.create_if_missing`); a resourceVersion left in the
    /// result must still match the stored one. Returns the result and whether it was created.
    pub fn modify<F>(&self, gvr: &GroupVersionResource, target: &Modify<'_>, f: F) -> Result<(Box<dyn Object>, bool)>
    where
        F: FnOnce(Option<&dyn Object>) -> Result<Box<dyn Object>>,
    {
        self.modify_with_warnings(gvr, target, f).map(|(out, created, _)| (out, created))
    }

    /// [`ObjectTracker::modify`], with the warnings of the write (see
    /// [`ObjectTracker::set_warner`]).
    pub fn modify_with_warnings<F>(
        &self,
        gvr: &GroupVersionResource,
        target: &Modify<'_>,
        f: F,
    ) -> Result<(Box<dyn Object>, bool, Vec<String>)>
    where
        F: FnOnce(Option<&dyn Object>) -> Result<Box<dyn Object>>,
    {
        let Modify {
            namespace,
            name,
            subresource,
            dry_run,
            create_if_missing,
            managed_fields_as_given,
            skip_validation,
            with_status,
            replace,
            stage,
        } = *target;
        let out = {
            let mut st = self.lock();
            st.warnings.clear();
            let idx = st.index_of(gvr)?;
            let info = st.info(idx);
            if let Some(sub) = subresource
                && info.subresource(sub).is_none()
            {
                return Err(api_errors::path_not_found());
            }
            let ns = if info.namespaced { namespace } else { "" };
            let current =
                st.stores[idx].objects.get(&(ns.to_owned(), name.to_owned())).map(|o| o.decode(&info)).transpose()?;
            // `f` sees and returns the object in the version of the resource it was asked
            // through; the store keeps its own.
            let (outbound, inbound) = (st.conversion(gvr), st.inbound(gvr, idx));
            st.writing_through(gvr);
            let current = match current {
                Some(c) if inbound.is_some() => Some(convert_with(outbound, c)?),
                c => c,
            };
            let (written, created) = match current {
                None if !create_if_missing && !replace => return Err(api_errors::not_found(&info, name)),
                None => {
                    let mut new = convert_with(inbound, f(None)?)?;
                    if replace {
                        let ns = if info.namespaced { namespace } else { "" };
                        let m = meta_mut(&info, new.as_mut())?;
                        put_create::check_uid_precondition(&info, ns, name, &m.uid)?;
                        if !create_if_missing {
                            return Err(api_errors::not_found(&info, name));
                        }
                        // Storage writes a created object whatever resourceVersion it carried.
                        m.resource_version.clear();
                    }
                    let m = meta_of(&info, new.as_ref())?;
                    if m.name != name {
                        return Err(name_mismatch(&m.name, name));
                    }
                    (st.create(idx, namespace, new, dry_run, stage)?, true)
                }
                Some(cur) => {
                    let new = convert_with(inbound, f(Some(cur.as_ref()))?)?;
                    let m = meta_of(&info, new.as_ref())?;
                    if m.name != name {
                        return Err(name_mismatch(&m.name, name));
                    }
                    (
                        st.update(
                            idx,
                            namespace,
                            new,
                            subresource,
                            WriteFlags { dry_run, managed_fields_as_given, skip_validation, with_status },
                            stage,
                        )?,
                        false,
                    )
                }
            };
            (written, created, std::mem::take(&mut st.warnings))
        };
        if !dry_run && !stage.holds() {
            self.notify();
        }
        Ok((self.converted(gvr, out.0)?, out.1, out.2))
    }

    /// Deletes an object, honouring preconditions and finalizers.
    pub fn delete(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        name: &str,
        opts: &DeleteOptions,
    ) -> Result<DeleteResult> {
        let dry_run = options::validate_delete(opts)?;
        let out = {
            let mut st = self.lock();
            let idx = st.index_of(gvr)?;
            let view = st.view_info(gvr, idx);
            st.delete(idx, &view, namespace, name, opts, dry_run)?
        };
        if !dry_run {
            self.notify();
        }
        let DeleteResult { object, deleted } = out;
        Ok(DeleteResult { object: self.converted(gvr, object)?, deleted })
    }

    /// Deletes every object the list options select (label and field selectors) in `namespace`
    /// (all namespaces when empty); returns the objects deleted (or marked for deletion).
    pub fn delete_collection(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        list: &ListOptions,
        opts: &DeleteOptions,
    ) -> Result<Vec<Box<dyn Object>>> {
        let dry_run = options::validate_delete(opts)?;
        let out = {
            let mut st = self.lock();
            let idx = st.index_of(gvr)?;
            let info = st.info(idx);
            let view = st.view_info(gvr, idx);
            let filter = st.filter(gvr, &info, namespace, &list.label_selector, &list.field_selector)?;
            let mut keys: Vec<Key> = Vec::new();
            for (k, o) in &st.stores[idx].objects {
                if filter.selects(&info, k, o)? {
                    keys.push(k.clone());
                }
            }
            let mut deleted = Vec::with_capacity(keys.len());
            let mut failed = None;
            for (ns, name) in keys {
                match st.delete(idx, &view, &ns, &name, opts, dry_run) {
                    Ok(d) => deleted.push(d.object),
                    Err(e) => {
                        failed = Some(e);
                        break;
                    }
                }
            }
            failed.map_or(Ok(deleted), Err)
        };
        // Deletions before a failure are kept, so watchers are woken either way.
        if !dry_run {
            self.notify();
        }
        let conversion = self.lock().conversion(gvr);
        out.and_then(|items| items.into_iter().map(|o| convert_with(conversion.clone(), o)).collect())
    }

    /// Reads an object. `resourceVersion` "" reads the latest, "0" any, and another value
    /// requires the store to have reached it.
    pub fn get(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        name: &str,
        opts: &GetOptions,
    ) -> Result<Box<dyn Object>> {
        let st = self.lock();
        let idx = st.index_of(gvr)?;
        let info = st.info(idx);
        if !opts.resource_version.is_empty() {
            let rv = parse_rv(&opts.resource_version)?;
            if rv > st.rv {
                return Err(api_errors::too_large_resource_version(rv, st.rv));
            }
        }
        let ns = if info.namespaced { namespace } else { "" };
        let found =
            st.stores[idx].objects.get(&(ns.to_owned(), name.to_owned())).map(|o| o.decode(&info)).transpose()?;
        convert_with(st.conversion(gvr), found.ok_or_else(|| api_errors::not_found(&info, name))?)
    }

    /// Lists objects in `namespace` (all namespaces when empty) with selectors, pagination and
    /// resource version semantics; returns the items and the list metadata.
    pub fn list(&self, gvr: &GroupVersionResource, namespace: &str, opts: &ListOptions) -> Result<ListParts> {
        self.list_stored(gvr, namespace, opts)?.into_parts()
    }

    /// [`ObjectTracker::list`] before its items are copied: the stored states, shared, read
    /// under the tracker's lock, to decode (or encode as they are) after it is let go.
    pub(crate) fn list_stored(
        &self,
        gvr: &GroupVersionResource,
        namespace: &str,
        opts: &ListOptions,
    ) -> Result<StoredList> {
        options::validate_list(opts)?;
        let st = self.lock();
        let idx = st.index_of(gvr)?;
        let info = st.info(idx);
        let filter = st.filter(gvr, &info, namespace, &opts.label_selector, &opts.field_selector)?;
        let (at, after) = self.list_version(&st, opts)?;
        let undone = if at == st.rv { BTreeMap::new() } else { st.undone_since(idx, at) };
        // The objects at `at` in key order, borrowed: from the first key after the continue
        // key (and in the namespace asked for), the current objects merged with the states
        // `undone` restores. Only the states returned are kept (shared, not copied).
        let mut lower = after.clone().unwrap_or_default();
        if !namespace.is_empty() && lower.0.as_str() < namespace {
            lower = (namespace.to_owned(), String::new());
        }
        let range = (std::ops::Bound::Excluded(&lower), std::ops::Bound::Unbounded);
        let mut matching = at_version(st.stores[idx].objects.range::<Key, _>(range), undone.range::<Key, _>(range))
            .take_while(|(k, _)| namespace.is_empty() || k.0 == namespace)
            .filter_map(|(k, o)| filter.selects(&info, k, o).map(|yes| yes.then_some((k, o))).transpose());
        let mut items: Vec<Encoded> = Vec::new();
        let mut meta = ListMeta { resource_version: at.to_string(), ..ListMeta::default() };
        let limit = usize::try_from(opts.limit).unwrap_or(0);
        let mut last_key: Option<&Key> = None;
        while let Some(next) = matching.next() {
            let (k, o) = next?;
            if limit > 0 && items.len() == limit {
                if let Some(last) = last_key {
                    meta.continue_ = encode_continue(at, last);
                }
                // Without selectors, selecting reads only keys: the rest is counted, not decoded.
                if !filter.has_selectors() {
                    meta.remaining_item_count = i64::try_from(1 + matching.count()).ok();
                }
                break;
            }
            last_key = Some(k);
            items.push(o.clone());
        }
        Ok(StoredList { items, meta, info, conversion: st.conversion(gvr) })
    }

    /// The resource version a list is served at, and the key it continues after.
    fn list_version(&self, st: &State, opts: &ListOptions) -> Result<(u64, Option<Key>)> {
        let rv = opts.resource_version.as_str();
        if !opts.continue_.is_empty() {
            if !rv.is_empty() && rv != "0" {
                return Err(api_errors::bad_request("specifying resource version is not allowed when using continue"));
            }
            let (at, key) = decode_continue(&opts.continue_)?;
            if at == 0 {
                return Ok((st.rv, key));
            }
            if st.too_old(at) || at > st.rv {
                let mut status = api_errors::status_of(&api_errors::expired(
                    "The provided continue parameter is too old to display a consistent list result. You can start a \
                     new list without the continue parameter, or use the continue token in this response to retrieve \
                     the remainder of the results. Continuing with the provided token results in an inconsistent list \
                     - objects that were created, modified, or deleted between the time the first chunk was returned \
                     and now may show up in the list.",
                ));
                if let Some(k) = &key {
                    status.metadata.continue_ = encode_continue(0, k);
                }
                return Err(api_errors::into_error(status));
            }
            return Ok((at, key));
        }
        let exact = |v: u64| -> Result<(u64, Option<Key>)> {
            if v > st.rv {
                return Err(api_errors::too_large_resource_version(v, st.rv));
            }
            if st.too_old(v) {
                return Err(api_errors::expired("The resourceVersion for the provided list is too old."));
            }
            Ok((v, None))
        };
        let not_older_than = |v: u64| -> Result<(u64, Option<Key>)> {
            if v > st.rv { Err(api_errors::too_large_resource_version(v, st.rv)) } else { Ok((st.rv, None)) }
        };
        match (opts.resource_version_match.0.as_str(), rv) {
            (_, "" | "0") => Ok((st.rv, None)),
            (ResourceVersionMatch::EXACT, v) => exact(parse_rv(v)?),
            (ResourceVersionMatch::NOT_OLDER_THAN, v) => not_older_than(parse_rv(v)?),
            (_, v) if opts.limit > 0 => exact(parse_rv(v)?),
            (_, v) => not_older_than(parse_rv(v)?),
        }
    }

    /// Starts a watch of the objects in `namespace` (all namespaces when empty).
    ///
    /// `resourceVersion` "" or "0" starts with synthetic `ADDED` events for the current objects;
    /// another value starts after that version (`410 Expired` when it is older than the
    /// history). `sendInitialEvents=true` sends the current objects and then, with
    /// `allowWatchBookmarks`, a bookmark annotated `k8s.io/initial-events-end`.
    pub fn watch(&self, gvr: &GroupVersionResource, namespace: &str, opts: &ListOptions) -> Result<TrackerWatch> {
        options::validate_watch(opts)?;
        let rx = self.shared.changed.subscribe();
        let st = self.lock();
        let idx = st.index_of(gvr)?;
        let info = st.info(idx);
        let filter = st.filter(gvr, &info, namespace, &opts.label_selector, &opts.field_selector)?;
        let rv = opts.resource_version.as_str();
        let (start, initial) = match rv {
            "" | "0" => (st.rv, opts.send_initial_events.unwrap_or(true)),
            v => {
                let v = parse_rv(v)?;
                let initial = opts.send_initial_events.unwrap_or(false);
                if initial && v > st.rv {
                    return Err(api_errors::too_large_resource_version(v, st.rv));
                }
                if !initial && st.too_old(v) {
                    return Err(api_errors::expired(format!("too old resource version: {v} ({})", st.compacted)));
                }
                (if initial { st.rv } else { v }, initial)
            }
        };
        let mut pending = VecDeque::new();
        if initial {
            for (k, o) in &st.stores[idx].objects {
                if filter.selects(&info, k, o)? {
                    pending.push_back(Event { event_type: EventType::Added, object: o.decode(&info)? });
                }
            }
            if opts.send_initial_events == Some(true) && opts.allow_watch_bookmarks {
                pending.push_back(watch::bookmark(&info, st.rv, true));
            }
        }
        Ok(TrackerWatch::new(
            Arc::clone(&self.shared),
            st.conversion(gvr),
            rx,
            watch::Position {
                resource: idx,
                info,
                filter,
                last_rv: start,
                bookmarks: opts.allow_watch_bookmarks,
                bookmark_epoch: st.bookmark_epoch,
                close_epoch: st.close_epoch,
            },
            pending,
        ))
    }

    /// Creates a typed object in its own namespace, as client-go's `tracker.Add` does.
    pub fn add<R: Resource>(&self, obj: R) -> Result<R> {
        let info = ResourceInfo::of_unlisted::<R>();
        let ns = obj.metadata().namespace.clone();
        let out = self.create(&info.gvr(), &ns, Box::new(obj), &CreateOptions::default())?;
        downcast(out)
    }

    /// Reads a typed object.
    pub fn get_as<R: Resource>(&self, namespace: &str, name: &str) -> Result<R> {
        let info = ResourceInfo::of_unlisted::<R>();
        downcast(self.get(&info.gvr(), namespace, name, &GetOptions::default())?)
    }

    /// Lists typed objects (no selectors or pagination) and the list's resource version.
    pub fn list_as<R: Resource>(&self, namespace: &str) -> Result<(Vec<R>, String)> {
        let info = ResourceInfo::of_unlisted::<R>();
        let (items, meta) = self.list(&info.gvr(), namespace, &ListOptions::default())?;
        let items = items.into_iter().map(downcast).collect::<Result<Vec<R>>>()?;
        Ok((items, meta.resource_version))
    }
}

fn name_mismatch(object: &str, url: &str) -> Error {
    api_errors::bad_request(format!("the name of the object ({object}) does not match the name on the URL ({url})"))
}

fn downcast<R: Resource>(obj: Box<dyn Object>) -> Result<R> {
    obj.into_any()
        .downcast::<R>()
        .map(|b| *b)
        .map_err(|_| api_errors::internal(&format!("the tracker holds an object that is not a {}", R::KIND)))
}

/// An object as the resource `conversion` names reads or writes it.
/// A list's stored states and metadata, read under the tracker's lock and decoded after it:
/// a list of ten thousand pods copied under the lock would hold every other request back.
pub(crate) struct StoredList {
    /// The states listed, in key order.
    pub(crate) items: Vec<Encoded>,
    /// The list's metadata.
    pub(crate) meta: ListMeta,
    /// The store's resource.
    pub(crate) info: ResourceInfo,
    conversion: Option<(ConvertFn, ResourceInfo)>,
}

impl StoredList {
    /// Whether the items are read through a conversion (a view of a store in another version).
    pub(crate) fn converts(&self) -> bool {
        self.conversion.is_some()
    }

    /// The items, copied with their resource versions and converted, and the list's metadata.
    pub(crate) fn into_parts(self) -> Result<ListParts> {
        let StoredList { items, meta, info, conversion } = self;
        let items = items.iter().map(|o| convert_with(conversion.clone(), o.decode(&info)?)).collect::<Result<_>>()?;
        Ok((items, meta))
    }
}

fn convert_with(conversion: Option<(ConvertFn, ResourceInfo)>, obj: Box<dyn Object>) -> Result<Box<dyn Object>> {
    match conversion {
        Some((convert, info)) => convert(obj, &info),
        None => Ok(obj),
    }
}
