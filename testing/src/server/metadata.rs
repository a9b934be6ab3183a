//! Reads reduced to their objects' metadata, as client-go's metadata client and kube-rs's `metadata_only` watches ask for them: `as=PartialObjectMetadata` (a get, or each watch event's object) and `as=PartialObjectMetadataList` (a list), in JSON, YAML or protobuf.

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{ListMeta, PartialObjectMetadata, PartialObjectMetadataList};
use kapi_machinery::{Object, TypeMeta};

use super::call::Call;
use super::negotiate::{self, As};
use crate::tracker::{Error, Event, EventType, Result, StoredList};

/// The `apiVersion` (`meta.k8s.io/v1` or `v1beta1`) of the metadata a read asks for, if it asks
/// for it; `list` tells a list from a get or watch, which must ask for the list kind and the
/// item kind respectively (`406` otherwise, as upstream refuses it).
pub(super) fn requested(call: &Call<'_>, list: bool, watch: bool) -> Result<Option<&'static str>> {
    let accept = call.header(http::header::ACCEPT);
    let Ok((_, Some(As::Metadata { list: asked_list, api_version }))) =
        negotiate::read_encoding(accept, call.info.protobuf, watch)
    else {
        return Ok(None);
    };
    if asked_list != list {
        let (asked, served) = if asked_list {
            ("PartialObjectMetadataList", "PartialObjectMetadata")
        } else {
            ("PartialObjectMetadata", "PartialObjectMetadataList")
        };
        return Err(not_acceptable(&format!("only {served} is served here, not {asked}")));
    }
    Ok(Some(api_version))
}

fn not_acceptable(detail: &str) -> Error {
    let mut status = api_errors::status_of(&api_errors::not_acceptable(&[]));
    status.message = format!("the server was unable to respond with a content type that the client supports: {detail}");
    api_errors::into_error(status)
}

/// An object's metadata as a `PartialObjectMetadata`.
pub(super) fn partial(info: &ResourceInfo, obj: &dyn Object, api_version: &str) -> PartialObjectMetadata {
    PartialObjectMetadata {
        type_meta: TypeMeta { kind: "PartialObjectMetadata".into(), api_version: api_version.into() },
        metadata: (info.metadata)(obj).cloned().unwrap_or_default(),
    }
}

/// A list's items reduced to their metadata.
pub(super) fn partial_list(
    info: &ResourceInfo,
    items: &[Box<dyn Object>],
    meta: ListMeta,
    api_version: &str,
) -> PartialObjectMetadataList {
    PartialObjectMetadataList {
        type_meta: TypeMeta { kind: "PartialObjectMetadataList".into(), api_version: api_version.into() },
        metadata: meta,
        items: Some(items.iter().map(|o| partial(info, o.as_ref(), api_version)).collect()),
    }
}

/// A list's stored items reduced to their metadata, each read as stored (only its metadata is
/// copied): for a list without a conversion.
pub(super) fn partial_stored_list(list: &StoredList, api_version: &str) -> Result<PartialObjectMetadataList> {
    let info = &list.info;
    let items = list
        .items
        .iter()
        .map(|item| item.with_current(info, |obj| partial(info, obj, api_version)))
        .collect::<Result<_>>()?;
    Ok(PartialObjectMetadataList {
        type_meta: TypeMeta { kind: "PartialObjectMetadataList".into(), api_version: api_version.into() },
        metadata: list.meta.clone(),
        items: Some(items),
    })
}

/// A watch event with its object reduced to metadata (errors stay `Status` objects).
pub(super) fn partial_event(info: &ResourceInfo, event: Event, api_version: &str) -> Event {
    if event.event_type == EventType::Error {
        return event;
    }
    Event { event_type: event.event_type, object: Box::new(partial(info, event.object.as_ref(), api_version)) }
}
