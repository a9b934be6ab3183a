//! Table responses: reads whose `Accept` asks for `as=Table;g=meta.k8s.io;v=v1` (or `v1beta1`) are answered with a `meta.k8s.io` `Table` of upstream's printer columns, as kube-apiserver answers `kubectl get`.
//!
//! - Columns and cells come from [`kapi_api::printers`] (every column, `-o wide`'s included,
//!   as upstream's server prints); kinds without a printer get the default `Name`/`Created At`
//!   table. Custom resources get their version's `additionalPrinterColumns` (`crd/columns.rs`).
//! - `includeObject` (query) says what each row's `object` is: `Metadata` (the default) a
//!   `PartialObjectMetadata` in the table's version, `Object` the object itself, `None` nothing.
//! - `metadata` carries the list's (or the object's) `resourceVersion`, and a list's `continue`
//!   and `remainingItemCount`.
//! - Watches stream `WatchEvent`s whose objects are one-row Tables; only the first carries the
//!   column definitions (upstream sets `NoHeaders` after it). Bookmarks are Tables without rows
//!   with the bookmark's `resourceVersion`; `ERROR` events keep their `Status`.
//! - Where upstream's table convertor panics (a custom resource's printer column, see
//!   `crd/columns.rs`), a get or list is answered as its panic-recovery filter answers: `500`
//!   with a plain-text body, not a `Status`; in a watch the event becomes an `ERROR` event.

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{
    ConditionStatus, ListMeta, ObjectMeta, PartialObjectMetadata, RowConditionType, Table, TableColumnDefinition,
    TableRow, TableRowCondition,
};
use kapi_api::printers::{self, Column, DEFAULT_COLUMNS};
use kapi_http::body::Body;
use kapi_machinery::types::{RawExtension, Time};
use kapi_machinery::{Format, Object, TypeMeta};

use std::sync::Arc;

use super::call::{Call, object_response, plain_text_error};
use super::codec;
use super::crd::columns::Columns;
use super::crd::object::CustomObject;
use super::negotiate::{self, TableVersion};
use crate::tracker::{Error, Event, EventType, Result};

/// What a row's `object` holds (`metav1.IncludeObjectPolicy`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Include {
    None,
    Metadata,
    Object,
}

/// How to render a read as a table: the table's version, what rows carry, and a custom
/// resource's columns.
#[derive(Debug, Clone)]
pub(super) struct TableRequest {
    version: TableVersion,
    include: Include,
    custom: Option<Arc<Columns>>,
}

/// The table a read asks for, if its `Accept` header puts a `Table` first; a bad `includeObject`
/// is upstream's `400`. `custom` is the columns of a custom resource version.
pub(super) fn requested(call: &Call<'_>, watch: bool, custom: Option<Arc<Columns>>) -> Result<Option<TableRequest>> {
    let accept = call.header(http::header::ACCEPT);
    let Ok((_, Some(negotiate::As::Table(version)))) = negotiate::read_encoding(accept, call.info.protobuf, watch)
    else {
        return Ok(None);
    };
    let include = match call.query.get("includeObject").unwrap_or_default() {
        "" | "Metadata" => Include::Metadata,
        "None" => Include::None,
        "Object" => Include::Object,
        other => return Err(api_errors::bad_request(format!("unrecognized includeObject value: {other:?}"))),
    };
    Ok(Some(TableRequest { version, include, custom }))
}

fn definition(c: &Column) -> TableColumnDefinition {
    TableColumnDefinition {
        name: c.name.to_owned(),
        r#type: c.r#type.to_owned(),
        format: c.format.to_owned(),
        description: c.description.to_owned(),
        priority: c.priority,
    }
}

/// Kinds whose storage upstream builds with the default table convertor although
/// `printers.go` has a printer for them: `kubectl get` shows their name and creation time only.
const DEFAULT_CONVERTOR: &[(&str, &str)] = &[("storage.k8s.io", "CSIStorageCapacity")];

/// The object printed with upstream's printer of its kind, unless its storage does not use it.
fn print(info: &ResourceInfo, obj: &dyn Object, now: i64) -> Option<printers::Printed> {
    if DEFAULT_CONVERTOR.contains(&(info.group, info.kind)) { None } else { printers::print(obj, now) }
}

/// The columns of a resource's kind, from an empty object of it.
fn columns(info: &ResourceInfo) -> &'static [Column] {
    print(info, (info.new_object)().as_ref(), 0).map_or(DEFAULT_COLUMNS, |p| p.columns)
}

/// The column definitions of a table.
fn definitions(info: &ResourceInfo, req: &TableRequest) -> Vec<TableColumnDefinition> {
    match &req.custom {
        Some(c) => c.definitions.clone(),
        None => columns(info).iter().map(definition).collect(),
    }
}

/// An object's JSON without the serializer's trailing newline, for embedding.
fn embedded_json(obj: &dyn Object) -> Result<Vec<u8>> {
    let mut raw = codec::encode_format(Format::Json, obj)?;
    if raw.last() == Some(&b'\n') {
        raw.pop();
    }
    Ok(raw)
}

/// kube-apiserver's answer to a request its handler panicked on (`WithPanicRecovery`).
const PANIC_TEXT: &str = "This request caused apiserver to panic. Look in the logs for details.";

/// Why a table was not made: an error answered with its `Status`, or a panic of upstream's
/// convertor (its text, for the log and a watch's `ERROR` event).
enum Failure {
    Status(Error),
    Panic(String),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Status(e)
    }
}

impl Failure {
    /// As a `Status` error (a watch has no other way to say it).
    fn into_status(self) -> Error {
        match self {
            Failure::Status(e) => e,
            Failure::Panic(why) => api_errors::internal(&why),
        }
    }
}

fn row(info: &ResourceInfo, req: &TableRequest, obj: &dyn Object, now: i64) -> std::result::Result<TableRow, Failure> {
    let meta = (info.metadata)(obj).cloned().unwrap_or_default();
    let custom = req.custom.as_ref().zip(obj.as_any().downcast_ref::<CustomObject>());
    let (cells, conditions) = match custom {
        Some((c, o)) => (c.cells(&meta.name, &o.to_value(), now).map_err(Failure::Panic)?, Vec::new()),
        None => match print(info, obj, now) {
            Some(p) => (p.cells, p.conditions),
            None => (printers::default_cells(&meta), Vec::new()),
        },
    };
    let object = match req.include {
        Include::None => RawExtension::default(),
        Include::Object => RawExtension { raw: Some(embedded_json(obj)?) },
        Include::Metadata => {
            let partial = PartialObjectMetadata {
                type_meta: TypeMeta {
                    api_version: req.version.api_version().into(),
                    kind: "PartialObjectMetadata".into(),
                },
                metadata: meta,
            };
            RawExtension { raw: Some(embedded_json(&partial)?) }
        }
    };
    Ok(TableRow {
        cells: Some(cells.iter().map(|c| RawExtension { raw: Some(c.to_json()) }).collect()),
        conditions: conditions
            .into_iter()
            .map(|c| TableRowCondition {
                r#type: RowConditionType(c.r#type.to_owned()),
                status: ConditionStatus(c.status.to_owned()),
                reason: c.reason,
                message: c.message.to_owned(),
            })
            .collect(),
        object,
    })
}

fn now() -> i64 {
    Time::now().unix_seconds()
}

/// The table of objects, with the column definitions unless `headers` is false.
fn table(
    info: &ResourceInfo,
    req: &TableRequest,
    objects: &[Box<dyn Object>],
    metadata: ListMeta,
    headers: bool,
) -> std::result::Result<Table, Failure> {
    let now = now();
    let rows = objects.iter().map(|o| row(info, req, o.as_ref(), now)).collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(Table {
        type_meta: TypeMeta { api_version: req.version.api_version().into(), kind: "Table".into() },
        metadata,
        column_definitions: headers.then(|| definitions(info, req)),
        rows: Some(rows),
    })
}

fn object_meta(info: &ResourceInfo, obj: &dyn Object) -> ObjectMeta {
    (info.metadata)(obj).cloned().unwrap_or_default()
}

/// The answer to a get or list as a table (`meta` is the list's metadata; `None` for a get).
pub(super) fn response(
    call: &Call<'_>,
    req: TableRequest,
    objects: Vec<Box<dyn Object>>,
    meta: Option<ListMeta>,
) -> Result<http::Response<Body>> {
    let meta = meta.unwrap_or_else(|| ListMeta {
        resource_version: objects
            .first()
            .map(|o| object_meta(&call.info, o.as_ref()).resource_version)
            .unwrap_or_default(),
        ..ListMeta::default()
    });
    match table(&call.info, &req, &objects, meta, true) {
        Ok(t) => object_response(200, call.enc, &t, &[]),
        Err(Failure::Status(e)) => Err(e),
        // Upstream logs the panic; this server has no log, so its text is dropped here.
        Err(Failure::Panic(_)) => Ok(plain_text_error(http::StatusCode::INTERNAL_SERVER_ERROR, PANIC_TEXT)),
    }
}

/// Turns a watch's events into one-row tables, the first with the column definitions.
pub(super) struct WatchTables {
    info: ResourceInfo,
    req: TableRequest,
    headers_sent: bool,
}

impl WatchTables {
    pub(super) fn new(info: ResourceInfo, req: TableRequest) -> Self {
        WatchTables { info, req, headers_sent: false }
    }

    /// The event with its object as a table (`ERROR` events unchanged).
    pub(super) fn convert(&mut self, event: Event) -> Result<Event> {
        let Event { event_type, object } = event;
        let rv = object_meta(&self.info, object.as_ref()).resource_version;
        let metadata = ListMeta { resource_version: rv, ..ListMeta::default() };
        let t = match event_type {
            EventType::Error => return Ok(Event { event_type, object }),
            EventType::Bookmark => Table {
                type_meta: TypeMeta { api_version: self.req.version.api_version().into(), kind: "Table".into() },
                metadata,
                column_definitions: None,
                rows: Some(Vec::new()),
            },
            _ => {
                let t = table(&self.info, &self.req, std::slice::from_ref(&object), metadata, !self.headers_sent)
                    .map_err(Failure::into_status)?;
                self.headers_sent = true;
                t
            }
        };
        Ok(Event { event_type, object: Box::new(t) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_api::served::ResourceInfoExt;

    #[test]
    fn kinds_without_a_printer_get_the_default_columns() {
        let info = ResourceInfo::of::<kapi_api::core::v1::LimitRange>();
        let names: Vec<&str> = columns(&info).iter().map(|c| c.name).collect();
        assert_eq!(names, ["Name", "Created At"]);
    }

    #[test]
    fn storage_capacities_get_the_default_columns_as_upstream_serves_them() {
        for info in [
            ResourceInfo::of::<kapi_api::storage::v1::CSIStorageCapacity>(),
            ResourceInfo::of::<kapi_api::storage::v1beta1::CSIStorageCapacity>(),
        ] {
            let names: Vec<&str> = columns(&info).iter().map(|c| c.name).collect();
            assert_eq!(names, ["Name", "Created At"]);
        }
    }
}
