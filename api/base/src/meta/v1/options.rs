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
    /// Kind and API version: empty as query parameters, which have no form for it, and set only
    /// when the options travel as an object.
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
    /// Kind and API version: empty as query parameters, which have no form for it, and set only
    /// when the options travel as an object.
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
    /// Kind and API version, set when the options travel as the body of a DELETE
    /// (`kind: DeleteOptions`); query parameters have no form for it.
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
    /// Kind and API version: empty as query parameters, which have no form for it, and set only
    /// when the options travel as an object.
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
    /// Kind and API version: empty as query parameters, which have no form for it, and set only
    /// when the options travel as an object.
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
    /// Kind and API version, upstream's `metav1.TypeMeta`; not sent, since an apply travels as a
    /// patch with only `dryRun`, `force` and `fieldManager` in the query.
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
    /// Kind and API version: empty as query parameters, which have no form for it, and set only
    /// when the options travel as an object.
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

// Builder methods, so that options read as one expression:
// `ListOptions::default().labels("app=web").fields("spec.nodeName=a").limit(100)`. The fields stay
// public, as they are the wire form; each method sets one of them.

impl ListOptions {
    /// Restricts the result by labels (`app=web,tier in (a,b)`); anything that displays as a
    /// selector, such as `kapi_client::labels::Selector`, is taken as its wire string.
    pub fn labels(mut self, selector: impl std::fmt::Display) -> Self {
        self.label_selector = selector.to_string();
        self
    }

    /// Restricts the result by fields (`spec.nodeName=a,metadata.name!=b`).
    pub fn fields(mut self, selector: impl std::fmt::Display) -> Self {
        self.field_selector = selector.to_string();
        self
    }

    /// At most `limit` items per response; follow `continue` (or use `list_all`) for the rest.
    pub fn limit(mut self, limit: i64) -> Self {
        self.limit = limit;
        self
    }

    /// Continues a limited list from a previous response's `metadata.continue`.
    pub fn continue_token(mut self, token: impl Into<String>) -> Self {
        self.continue_ = token.into();
        self
    }

    /// Constrains the resource version the request is served at (with `resourceVersionMatch`,
    /// see [`ListOptions::at_least`] and [`ListOptions::exactly`]); for a watch, where it starts.
    pub fn resource_version(mut self, version: impl Into<String>) -> Self {
        self.resource_version = version.into();
        self
    }

    /// Data at least as new as `version` (`resourceVersionMatch=NotOlderThan`).
    pub fn at_least(mut self, version: impl Into<String>) -> Self {
        self.resource_version = version.into();
        self.resource_version_match = ResourceVersionMatch(ResourceVersionMatch::NOT_OLDER_THAN.into());
        self
    }

    /// Data at exactly `version` (`resourceVersionMatch=Exact`).
    pub fn exactly(mut self, version: impl Into<String>) -> Self {
        self.resource_version = version.into();
        self.resource_version_match = ResourceVersionMatch(ResourceVersionMatch::EXACT.into());
        self
    }

    /// Asks a watch for `BOOKMARK` events.
    pub fn bookmarks(mut self, on: bool) -> Self {
        self.allow_watch_bookmarks = on;
        self
    }

    /// Ends the call after this many seconds (for a watch, the server closes it then).
    pub fn timeout(mut self, seconds: i64) -> Self {
        self.timeout_seconds = Some(seconds);
        self
    }

    /// Starts a watch with synthetic `ADDED` events for the current state, ended by a bookmark
    /// annotated [`INITIAL_EVENTS_ANNOTATION_KEY`].
    pub fn send_initial_events(mut self, on: bool) -> Self {
        self.send_initial_events = Some(on);
        self
    }
}

impl GetOptions {
    /// Constrains the resource version the object is read at (`"0"`: any cached version).
    pub fn resource_version(mut self, version: impl Into<String>) -> Self {
        self.resource_version = version.into();
        self
    }
}

/// `dry_run()`, `field_manager()` and `field_validation()` of the write option kinds.
macro_rules! write_option_builders {
    ($($ty:ty),*) => {$(
        impl $ty {
            /// Runs every stage of the request but persists nothing (`dryRun=All`).
            pub fn dry_run(mut self) -> Self {
                self.dry_run = vec![DRY_RUN_ALL.to_owned()];
                self
            }

            /// Names the actor making the change (`fieldManager`).
            pub fn field_manager(mut self, manager: impl Into<String>) -> Self {
                self.field_manager = manager.into();
                self
            }

            /// How the server treats unknown or duplicate fields: [`FIELD_VALIDATION_IGNORE`],
            /// [`FIELD_VALIDATION_WARN`] or [`FIELD_VALIDATION_STRICT`].
            pub fn field_validation(mut self, validation: impl Into<String>) -> Self {
                self.field_validation = validation.into();
                self
            }
        }
    )*};
}

write_option_builders!(CreateOptions, UpdateOptions, PatchOptions);

impl PatchOptions {
    /// Forces an apply patch, taking over fields other managers own.
    pub fn force(mut self) -> Self {
        self.force = Some(true);
        self
    }
}

impl ApplyOptions {
    /// Apply options for a field manager, which apply requires.
    pub fn new(field_manager: impl Into<String>) -> Self {
        ApplyOptions { field_manager: field_manager.into(), ..Default::default() }
    }

    /// Runs every stage of the apply but persists nothing (`dryRun=All`).
    pub fn dry_run(mut self) -> Self {
        self.dry_run = vec![DRY_RUN_ALL.to_owned()];
        self
    }

    /// Names the actor making the change (`fieldManager`).
    pub fn field_manager(mut self, manager: impl Into<String>) -> Self {
        self.field_manager = manager.into();
        self
    }

    /// Takes over fields other managers own instead of failing with a conflict.
    pub fn force(mut self) -> Self {
        self.force = true;
        self
    }
}

impl DeleteOptions {
    /// Runs every stage of the deletion but deletes nothing (`dryRun=All`).
    pub fn dry_run(mut self) -> Self {
        self.dry_run = vec![DRY_RUN_ALL.to_owned()];
        self
    }

    /// Seconds before the object is deleted (`0`: at once).
    pub fn grace_period(mut self, seconds: i64) -> Self {
        self.grace_period_seconds = Some(seconds);
        self
    }

    /// How dependents are treated: [`DeletionPropagation::ORPHAN`], `BACKGROUND` or
    /// `FOREGROUND`.
    pub fn propagation_policy(mut self, policy: impl Into<String>) -> Self {
        self.propagation_policy = Some(DeletionPropagation(policy.into()));
        self
    }

    /// Deletes the object only while its UID is `uid` (else a conflict).
    pub fn precondition_uid(mut self, uid: impl Into<String>) -> Self {
        self.preconditions.get_or_insert_with(Preconditions::default).uid = Some(uid.into());
        self
    }

    /// Deletes the object only while its resource version is `version` (else a conflict).
    pub fn precondition_resource_version(mut self, version: impl Into<String>) -> Self {
        self.preconditions.get_or_insert_with(Preconditions::default).resource_version = Some(version.into());
        self
    }
}
