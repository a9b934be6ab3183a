//! Test helpers shared by the unit tests of kapi-api's groups, in this crate and the other parts (behind the `testing` feature, hidden: not an API).

use kapi_machinery::proto::ProtoReader;
use kapi_machinery::{Fill, FillCtx, Scheme, SemanticEq, json};

pub mod certificates;
pub mod csrs;
pub mod proof_vectors;
pub mod public_keys;

/// Fills a kind as upstream's fixture test does, round-trips it through JSON and protobuf,
/// and checks that the scheme knows it.
pub fn round_trip<T: kapi_machinery::VersionedKind + kapi_machinery::ProtoMessage + Fill + SemanticEq>(
    scheme: &Scheme,
) {
    let gvk = T::static_gvk();
    assert!(scheme.recognizes(&gvk), "{gvk} is not registered");
    let mut obj = T::default();
    obj.fill("", 0, &mut FillCtx::new());
    obj.kind_type_meta_mut().expect("kind has TypeMeta").set_gvk(&gvk);

    let bytes = json::to_vec(&obj).expect("JSON encode");
    let back: T = json::from_slice(&bytes).expect("JSON decode");
    assert!(back.semantic_eq(&obj), "{gvk}: JSON round trip differs");
    assert_eq!(json::to_vec(&back).unwrap(), bytes, "{gvk}: JSON re-encode differs");

    let pb = obj.to_proto_bytes();
    let mut back = T::default();
    back.merge_proto(&mut ProtoReader::new(&pb)).expect("protobuf decode");
    back.kind_type_meta_mut().unwrap().set_gvk(&gvk);
    assert!(back.semantic_eq(&obj), "{gvk}: protobuf round trip differs");
    assert_eq!(back.to_proto_bytes(), pb, "{gvk}: protobuf re-encode differs");
}

/// Decodes a JSON request body as the version it names and applies that version's defaults, as
/// the API server does before validation.
pub fn decoded<T: kapi_machinery::Object + json::JsonDecode + Default>(scheme: &Scheme, body: &str) -> T {
    let mut obj: T = json::from_slice(body.as_bytes()).expect("decodes");
    scheme.apply_defaults(&mut obj);
    obj
}

/// Validation errors as upstream prints them, one string each.
pub fn printed(errs: &[kapi_machinery::validation::FieldError]) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// What an API server answers for a JSON request body: decode it (with `default_gvk` filling a
/// missing kind), apply the version's defaults, convert to the internal version, and encode the
/// internal object back as `version` in JSON (without the encoder's final newline).
#[cfg(feature = "internal")]
pub fn served_as(scheme: &Scheme, body: &str, version: &str) -> String {
    use kapi_machinery::{Format, INTERNAL_VERSION, Options, Serializer};
    let ser = Serializer::new(scheme, Format::Json, Options::default());
    let decoded = ser.decode_into(body.as_bytes(), None, INTERNAL_VERSION).expect("decode, default and convert");
    assert!(decoded.object.is_internal(), "{} did not convert to the internal version", decoded.gvk);
    let out = ser.encode_as(decoded.object.as_ref(), version).expect("convert and encode");
    String::from_utf8(out).expect("JSON is UTF-8").trim_end_matches('\n').to_owned()
}

/// Defines `convert_field_label(group, version, kind, label, value)` over the given field-label
/// tables: a group's unit tests look up their own tables, since `kapi_api::field_labels`, which
/// looks in every enabled group's, is in another crate.
#[macro_export]
macro_rules! field_label_lookup {
    ($($tables:path),+) => {
        fn convert_field_label(
            group: &str,
            version: &str,
            kind: &str,
            label: &str,
            value: &str,
        ) -> Result<(String, String), $crate::field_labels::FieldLabelError> {
            let tables = [$($tables),+];
            $crate::field_labels::convert_field_label_in(tables.iter().flat_map(|t| t.iter()), group, version, kind, label, value)
        }
    };
}
pub use crate::field_label_lookup;
