//! Server-side table output and partial object metadata of `meta/v1`, served in `meta.k8s.io/v1`.

use kapi_machinery::TypeMeta;
use kapi_machinery::types::RawExtension;

use super::{ConditionStatus, ListMeta, ObjectMeta};
use crate::Kapi;

/// The API group of the kinds in this file.
pub const GROUP_NAME: &str = "meta.k8s.io";

/// A tabular view of resources: column definitions and rows. It has no protobuf form.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "meta.k8s.io", version = "v1")]
pub struct Table {
    /// Kind and API version: `Table` in the `meta.k8s.io` version the request's `Accept` header
    /// named (`as=Table;v=v1;g=meta.k8s.io`, or `v1beta1` from older clients).
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// List metadata.
    #[kapi(skip_proto, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The columns; each row has one cell per column.
    #[kapi(skip_proto)]
    #[kapi(list_type = "atomic")]
    pub column_definitions: Option<Vec<TableColumnDefinition>>,
    /// The rows.
    #[kapi(skip_proto)]
    #[kapi(list_type = "atomic")]
    pub rows: Option<Vec<TableRow>>,
}

/// One column of a table.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TableColumnDefinition {
    /// Human-readable column name.
    #[kapi(skip_proto)]
    pub name: String,
    /// OpenAPI type of the cells (`number`, `integer`, `string`, `array`, …).
    #[kapi(skip_proto)]
    pub r#type: String,
    /// OpenAPI format modifier of the cells (`name` marks the name column).
    #[kapi(skip_proto)]
    pub format: String,
    /// Human-readable description.
    #[kapi(skip_proto)]
    pub description: String,
    /// Importance of the column; higher numbers may be hidden first.
    #[kapi(skip_proto)]
    pub priority: i32,
}

/// One row of a table.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TableRow {
    /// The cells, each any JSON value (kept raw; `null` cells decode to an empty extension).
    #[kapi(skip_proto)]
    #[kapi(list_type = "atomic")]
    pub cells: Option<Vec<RawExtension>>,
    /// Conditions of the row.
    #[kapi(skip_proto, omitempty)]
    #[kapi(optional, list_type = "atomic")]
    pub conditions: Vec<TableRowCondition>,
    /// The object or its metadata, depending on the request's `includeObject`.
    #[kapi(skip_proto, omitempty)]
    #[kapi(optional)]
    pub object: RawExtension,
}

/// The type of a table row condition.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct RowConditionType(pub String);

impl RowConditionType {
    /// The row's resource has run to completion.
    pub const COMPLETED: &'static str = "Completed";
}

/// A condition attached to a table row.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct TableRowCondition {
    /// The condition type; only `Completed` is defined.
    #[kapi(skip_proto)]
    pub r#type: RowConditionType,
    /// `True`, `False` or `Unknown`.
    #[kapi(skip_proto)]
    pub status: ConditionStatus,
    /// Machine-readable reason of the last transition.
    #[kapi(skip_proto, omitempty)]
    #[kapi(optional)]
    pub reason: String,
    /// Human-readable message of the last transition.
    #[kapi(skip_proto, omitempty)]
    #[kapi(optional)]
    pub message: String,
}

/// Which part of each object a table includes.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct IncludeObjectPolicy(pub String);

impl IncludeObjectPolicy {
    /// No object.
    pub const NONE: &'static str = "None";
    /// The object's metadata only.
    pub const METADATA: &'static str = "Metadata";
    /// The whole object.
    pub const OBJECT: &'static str = "Object";
}

/// Options of a table request.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "meta.k8s.io", version = "v1")]
pub struct TableOptions {
    /// Kind and API version; empty when the options come from a table read's `includeObject` query
    /// parameter, which is how servers receive them.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Internal only: leave out the column headers. Never serialized.
    #[kapi(skip_json, skip_proto)]
    pub no_headers: bool,
    /// Whether rows include the object, its metadata, or nothing.
    #[kapi(proto = 1, omitempty)]
    pub include_object: IncludeObjectPolicy,
}

/// Any object reduced to its metadata.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "meta.k8s.io", version = "v1")]
pub struct PartialObjectMetadata {
    /// Kind and API version: `PartialObjectMetadata` in `meta.k8s.io`, not the reduced object's
    /// own kind, which the response does not carry.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// Object metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ObjectMeta,
}

/// A list of objects reduced to their metadata.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "meta.k8s.io", version = "v1")]
pub struct PartialObjectMetadataList {
    /// Kind and API version: `PartialObjectMetadataList` in `meta.k8s.io`, whatever the kind of
    /// the listed objects.
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    /// List metadata.
    #[kapi(proto = 1, omitempty)]
    #[kapi(optional)]
    pub metadata: ListMeta,
    /// The items.
    #[kapi(proto = 2)]
    pub items: Option<Vec<PartialObjectMetadata>>,
}
