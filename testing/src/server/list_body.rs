//! A list response encoded from the stored objects as they are, without copying each first.
//!
//! The typed list owns its items, so building it copied every object listed (ten thousand pods:
//! most of the time a list took). Here the list's frame (its kind and metadata, encoded from the
//! empty list by the usual serializer) is written around the items' own encodings, which are
//! the bytes the typed list writes for each: the tests compare the two byte for byte.

use kapi_machinery::json::JsonWriter;
use kapi_machinery::proto::{ProtoReader, ProtoWriter, WireType, decode_envelope, encode_envelope};
use kapi_machinery::{Format, Object};

use super::codec;
use super::negotiate::Encoding;
use crate::tracker::{Encoded, Error, Result, StoredList};

/// What a typed list ends with when it has no items, in compact JSON as the serializer writes
/// it (`json.NewEncoder` ends a document with a newline): the items go between the brackets.
const JSON_EMPTY_ITEMS: &[u8] = b"\"items\":[]}\n";

/// The response body of `list` in `enc`, or `None` where only the typed list gives it (YAML, a
/// list type whose frame is not the usual one); `empty` is the list without its items, as the
/// response's kind and metadata.
pub(super) fn encode(enc: Encoding, empty: &dyn Object, list: &StoredList) -> Result<Option<Vec<u8>>> {
    let frame = codec::encode(enc, empty)?;
    match enc.format() {
        Format::Json => json(&frame, list),
        Format::Protobuf => protobuf(&frame, list),
        Format::Yaml | Format::RawProtobuf => Ok(None),
    }
}

fn json(frame: &[u8], list: &StoredList) -> Result<Option<Vec<u8>>> {
    let Some(head) = frame.strip_suffix(JSON_EMPTY_ITEMS) else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(frame.len() + list.items.len() * 4096);
    out.extend_from_slice(head);
    out.extend_from_slice(b"\"items\":[");
    for (i, item) in list.items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        // Each item is written straight after the ones before it, in the one buffer.
        let mut w = JsonWriter::appending(false, std::mem::take(&mut out));
        item.with_current(&list.info, |obj| obj.encode_json_dyn(&mut w))?.map_err(|e| encoding_failed(&e))?;
        out = w.finish().map_err(|e| encoding_failed(&e))?;
    }
    out.extend_from_slice(b"]}\n");
    Ok(Some(out))
}

fn protobuf(frame: &[u8], list: &StoredList) -> Result<Option<Vec<u8>>> {
    let envelope = decode_envelope(frame).map_err(|e| encoding_failed(&e))?;
    // The empty list's message must be its metadata alone (field 1): the items (field 2) follow
    // it, in field order as Go writes them.
    if !is_metadata_only(envelope.raw) {
        return Ok(None);
    }
    let mut failed = None;
    let out = encode_envelope(&envelope.api_version, &envelope.kind, |w| {
        // The writer goes backwards: the last item first, the metadata last.
        for item in list.items.iter().rev() {
            if let Err(e) = item_proto(item, list, w) {
                failed = Some(e);
                return;
            }
        }
        w.put_slice(envelope.raw);
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(Some(out)),
    }
}

fn item_proto(item: &Encoded, list: &StoredList, w: &mut ProtoWriter) -> Result<()> {
    let mark = w.len();
    item.with_current(&list.info, |obj| obj.encode_proto_dyn(w))?.map_err(|e| encoding_failed(&e))?;
    w.put_len_since(mark);
    w.put_tag(2, WireType::Len);
    Ok(())
}

/// Whether a list message holds field 1 (its metadata) and nothing else.
fn is_metadata_only(raw: &[u8]) -> bool {
    let mut r = ProtoReader::new(raw);
    while !r.is_empty() {
        match r.key() {
            Ok((1, WireType::Len)) if r.skip(WireType::Len).is_ok() => {}
            _ => return false,
        }
    }
    true
}

fn encoding_failed(e: &dyn std::fmt::Display) -> Error {
    kapi_api::meta::errors::internal(&format!("encoding the response: {e}"))
}

#[cfg(test)]
#[path = "list_body_tests.rs"]
mod tests;
