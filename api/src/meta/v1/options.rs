//! Request option kinds of `meta/v1`: list, get, create, update, patch, apply and delete options.

use kapi_machinery::TypeMeta;

use crate::Kapi;

/// The only `dryRun` directive: run every stage but persist nothing.
pub const DRY_RUN_ALL: &str = "All";

/// `fieldValidation`: silently drop unknown and duplicate fields.
pub const FIELD_VALIDATION_IGNORE: &str = "Ignore";
/// `fieldValidation`: drop unknown and duplicate fields with a warning.
pub const FIELD_VALIDATION_WARN: &str = "Warn";
/// `fieldValidation`: reject unknown and duplicate fields.
pub const FIELD_VALIDATION_STRICT: &str = "Strict";

/// Annotation that marks the bookmark ending the initial events of a watch list.
pub const INITIAL_EVENTS_ANNOTATION_KEY: &str = "k8s.io/initial-events-end";

/// How `resourceVersion` applies to a list.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ResourceVersionMatch(pub String);

impl ResourceVersionMatch {
    /// Data at least as new as the given resource version.
    pub const NOT_OLDER_THAN: &'static str = "NotOlderThan";
    /// Data at exactly the given resource version.
    pub const EXACT: &'static str = "Exact";
}

/// Options of a list or watch call.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct ListOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Restricts the result by labels.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub label_selector: String,
    /// Restricts the result by fields.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub field_selector: String,
    /// Watch for changes instead of listing.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub watch: bool,
    /// Ask for `BOOKMARK` watch events.
    #[kapi(proto = 9, omitempty)]
    #[kapi(optional)]
    pub allow_watch_bookmarks: bool,
    /// Constrains which resource versions may serve the request.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
    /// How `resourceVersion` applies.
    #[kapi(proto = 10, omitempty)]
    #[kapi(optional)]
    pub resource_version_match: ResourceVersionMatch,
    /// Time limit of the call.
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional)]
    pub timeout_seconds: Option<i64>,
    /// Maximum number of items to return.
    #[kapi(proto = 7, omitempty)]
    pub limit: i64,
    /// Token from a previous chunk, to continue a limited list.
    #[kapi(proto = 8, omitempty, json = "continue")]
    pub continue_: String,
    /// Start a watch with synthetic events for the current state.
    #[kapi(proto = 11, omitempty)]
    #[kapi(optional)]
    pub send_initial_events: Option<bool>,
    /// Restricts the result to a hash shard of the collection.
    #[kapi(proto = 15, omitempty)]
    #[kapi(optional)]
    pub shard_selector: String,
}

/// Options of a get call.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct GetOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Constrains which resource versions may serve the request.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub resource_version: String,
}

/// Whether and how a deletion propagates to dependents.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct DeletionPropagation(pub String);

impl DeletionPropagation {
    /// Leave the dependents alone.
    pub const ORPHAN: &'static str = "Orphan";
    /// Delete the object now; the garbage collector deletes dependents afterwards.
    pub const BACKGROUND: &'static str = "Background";
    /// Keep the object until its blocking dependents are deleted.
    pub const FOREGROUND: &'static str = "Foreground";
}

/// Conditions that must hold before an operation is carried out.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct Preconditions {
    /// The required UID.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub uid: Option<String>,
    /// The required resource version.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub resource_version: Option<String>,
}

/// Options of a delete call.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct DeleteOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Seconds before deletion; 0 deletes at once, unset uses the type's default.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub grace_period_seconds: Option<i64>,
    /// Must hold, or the deletion fails with a conflict.
    #[kapi(proto = 2, omitempty, skip_query)]
    #[kapi(optional)]
    pub preconditions: Option<Preconditions>,
    /// Deprecated: whether to orphan dependents; use `propagationPolicy`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub orphan_dependents: Option<bool>,
    /// How garbage collection treats dependents.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub propagation_policy: Option<DeletionPropagation>,
    /// Dry-run directives (`All`).
    #[kapi(proto = 5, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Delete even when the stored object cannot be read (unsafe).
    #[kapi(proto = 6, omitempty)]
    #[kapi(optional)]
    pub ignore_store_read_error_with_cluster_breaking_potential: Option<bool>,
}

/// Options of a create call.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct CreateOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Dry-run directives (`All`).
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Name of the actor making the change.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub field_manager: String,
    /// How to treat unknown or duplicate fields: `Ignore`, `Warn` or `Strict`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub field_validation: String,
}

/// Options of a patch call.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct PatchOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Dry-run directives (`All`).
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Force an apply patch, taking over conflicting fields.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub force: Option<bool>,
    /// Name of the actor making the change.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub field_manager: String,
    /// How to treat unknown or duplicate fields: `Ignore`, `Warn` or `Strict`.
    #[kapi(proto = 4, omitempty)]
    #[kapi(optional)]
    pub field_validation: String,
}

/// Options of an apply call (a patch with a required field manager).
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ApplyOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Dry-run directives (`All`).
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Take over fields other managers own.
    #[kapi(proto = 2)]
    pub force: bool,
    /// Name of the actor making the change.
    #[kapi(proto = 3)]
    pub field_manager: String,
}

/// An apply is a patch: `dryRun`, `fieldManager` (which the server requires for apply) and
/// `force=true` when forcing (`force=false` is the server's default and is left out).
impl kapi_machinery::query::QueryParams for ApplyOptions {
    fn append_query(&self, q: &mut kapi_machinery::query::Query) {
        use kapi_machinery::query::QueryValue;
        self.dry_run.append_value("dryRun", true, q);
        self.force.append_value("force", true, q);
        self.field_manager.append_value("fieldManager", true, q);
    }

    fn merge_query(&mut self, q: &kapi_machinery::query::Query) -> Result<(), kapi_machinery::query::QueryError> {
        use kapi_machinery::query::merge_field;
        merge_field(&mut self.dry_run, "dryRun", q)?;
        merge_field(&mut self.force, "force", q)?;
        merge_field(&mut self.field_manager, "fieldManager", q)
    }
}

impl ApplyOptions {
    /// The equivalent patch options.
    pub fn to_patch_options(&self) -> PatchOptions {
        PatchOptions {
            type_meta: TypeMeta::default(),
            dry_run: self.dry_run.clone(),
            force: Some(self.force),
            field_manager: self.field_manager.clone(),
            field_validation: String::new(),
        }
    }
}

/// Options of an update call.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "", version = "v1", query_params)]
pub struct UpdateOptions {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Dry-run directives (`All`).
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub dry_run: Vec<String>,
    /// Name of the actor making the change.
    #[kapi(proto = 2, omitempty)]
    #[kapi(optional)]
    pub field_manager: String,
    /// How to treat unknown or duplicate fields: `Ignore`, `Warn` or `Strict`.
    #[kapi(proto = 3, omitempty)]
    #[kapi(optional)]
    pub field_validation: String,
}
