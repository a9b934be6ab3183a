//! Object helpers for the tracker: server-assigned values (UIDs, generated names), name
//! validation, and the JSON view of objects used to compare and merge them generically.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use kapi_machinery::json::JsonReader;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::{Format, Object, Options, Scheme, Serializer};

use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::resource::ResourceInfo;

use crate::tracker::Error;

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A random 64-bit number: a process-wide counter hashed with a randomly keyed SipHash.
pub(crate) fn random_u64() -> u64 {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

/// A random version 4 UUID, as the API server assigns to `metadata.uid`.
pub(crate) fn new_uid() -> String {
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&random_u64().to_be_bytes());
    b[8..].copy_from_slice(&random_u64().to_be_bytes());
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

const NAME_ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";
const MAX_GENERATED_PREFIX: usize = 58;

/// `generateName` plus five random characters from upstream's alphabet (no vowels), the
/// prefix cut to 58 bytes so the name fits 63.
pub(crate) fn generate_name(prefix: &str) -> String {
    let mut cut = prefix.len().min(MAX_GENERATED_PREFIX);
    while !prefix.is_char_boundary(cut) {
        cut -= 1;
    }
    let mut name = prefix[..cut].to_owned();
    let mut r = random_u64();
    for _ in 0..5 {
        name.push(char::from(NAME_ALPHABET[(r % NAME_ALPHABET.len() as u64) as usize]));
        r /= NAME_ALPHABET.len() as u64;
    }
    name
}

fn is_label(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b.iter().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
}

const SUBDOMAIN_MESSAGE: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or \
'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is \
'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL_MESSAGE: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and \
must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is \
'[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/// Upstream's `IsDNS1123Subdomain` findings for an object name.
pub(crate) fn validate_subdomain(field: &str, name: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if name.len() > 253 {
        errs.push(FieldError::invalid(field, name, "must be no more than 253 characters"));
    }
    if !name.split('.').all(is_label) {
        errs.push(FieldError::invalid(field, name, SUBDOMAIN_MESSAGE));
    }
    errs
}

/// Upstream's `IsDNS1123Label` findings for a namespace name.
pub(crate) fn validate_label(field: &str, name: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    if name.len() > 63 {
        errs.push(FieldError::invalid(field, name, "must be no more than 63 characters"));
    }
    if !is_label(name) {
        errs.push(FieldError::invalid(field, name, LABEL_MESSAGE));
    }
    errs
}

/// The object in `format`, as the server writes it (its kind named as registered).
pub(crate) fn encode(obj: &dyn Object, format: Format) -> Result<Vec<u8>, kapi_machinery::EncodeError> {
    Serializer::new(&Scheme::new(), format, Options::default()).encode(obj)
}

/// The object as a JSON value.
pub(crate) fn to_value(obj: &dyn Object) -> Result<Value, Error> {
    let bytes = encode(obj, Format::Json).map_err(|e| api_errors::internal(&format!("encoding the object: {e}")))?;
    value::parse(&bytes).map_err(|e| api_errors::internal(&format!("re-reading the encoded object: {e}")))
}

/// Decodes JSON into a new object of the resource's kind, returning strict-mode findings
/// (unknown and duplicate fields) when `strict`.
pub(crate) fn decode_json(
    info: &ResourceInfo,
    json: &[u8],
    strict: bool,
) -> Result<(Box<dyn Object>, Vec<String>), kapi_machinery::DecodeError> {
    let mut obj = (info.new_object)();
    let mut r = JsonReader::new(json, strict);
    obj.decode_json_dyn(&mut r)?;
    let findings = r.finish()?;
    obj.set_registered_type_meta();
    Ok((obj, findings))
}

/// Decodes a JSON value into a new object of the resource's kind.
pub(crate) fn from_value(info: &ResourceInfo, v: &Value) -> Result<Box<dyn Object>, Error> {
    decode_json(info, &v.to_compact_vec(), false)
        .map(|(o, _)| o)
        .map_err(|e| api_errors::internal(&format!("decoding the merged object: {e}")))
}

/// The member `key` of an object value.
pub(crate) fn member<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.get(key)
}

/// Sets (or, with `None`, removes) the member `key` of an object value; other values are left alone.
pub(crate) fn set_member(v: &mut Value, key: &str, new: Option<Value>) {
    if let Value::Object(members) = v {
        let pos = members.iter().position(|(k, _)| k == key);
        match (pos, new) {
            (Some(i), Some(n)) => {
                members[i].1 = n;
                // Later duplicates of the key would shadow the new value; drop them.
                let mut seen = false;
                members.retain(|(k, _)| {
                    if k != key {
                        return true;
                    }
                    let keep = !seen;
                    seen = true;
                    keep
                });
            }
            (Some(_), None) => members.retain(|(k, _)| k != key),
            (None, Some(n)) => members.push((key.to_owned(), n)),
            (None, None) => {}
        }
    }
}

/// The member `key` of an object value, to change in place.
pub(crate) fn member_mut<'a>(v: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    match v {
        Value::Object(members) => members.iter_mut().rev().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

/// The member `key` of an object value as an object, made empty when it is absent or not an
/// object; `None` only when `v` is not an object itself.
pub(crate) fn object_member_mut<'a>(v: &'a mut Value, key: &str) -> Option<&'a mut Value> {
    if !matches!(v.get(key), Some(Value::Object(_))) {
        set_member(v, key, Some(Value::Object(Vec::new())));
    }
    member_mut(v, key)
}

/// The value without the named top-level members, for comparing what lies outside them.
pub(crate) fn without(v: &Value, keys: &[&str]) -> Value {
    match v {
        Value::Object(members) => {
            Value::Object(members.iter().filter(|(k, _)| !keys.contains(&k.as_str())).cloned().collect())
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uids_are_v4_and_distinct() {
        let a = new_uid();
        let b = new_uid();
        assert_ne!(a, b);
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "4");
    }

    #[test]
    fn generated_names_keep_the_prefix() {
        let n = generate_name("web-");
        assert!(n.starts_with("web-") && n.len() == 9, "{n}");
        assert!(n[4..].bytes().all(|c| NAME_ALPHABET.contains(&c)));
        assert_eq!(generate_name(&"x".repeat(80)).len(), 63);
    }

    #[test]
    fn names_are_validated() {
        assert!(validate_subdomain("metadata.name", "a.b-c").is_empty());
        assert_eq!(validate_subdomain("metadata.name", "Foo").len(), 1);
        assert!(!validate_subdomain("metadata.name", "-a").is_empty());
        assert!(validate_label("metadata.namespace", "default").is_empty());
        assert!(!validate_label("metadata.namespace", "a.b").is_empty());
    }

    #[test]
    fn members_are_replaced_once() {
        let mut v = value::parse(br#"{"a":1,"b":2,"a":3}"#).unwrap();
        set_member(&mut v, "a", Some(Value::Number("9".into())));
        assert_eq!(v.to_compact_vec(), br#"{"a":9,"b":2}"#);
        set_member(&mut v, "b", None);
        set_member(&mut v, "c", Some(Value::Null));
        assert_eq!(v.to_compact_vec(), br#"{"a":9,"c":null}"#);
        assert_eq!(without(&v, &["a"]).to_compact_vec(), br#"{"c":null}"#);
    }
}
