//! Request bodies into objects (with strict-mode findings) and objects into response bodies, in
//! the negotiated encoding.

use kapi_api::meta::errors as api_errors;
use kapi_api::meta::v1::DeleteOptions;
use kapi_machinery::budget::{DecodeBudget, DecodeLimits};
use kapi_machinery::json::JsonReader;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::proto::{ProtoReader, decode_envelope};
use kapi_machinery::{DecodeErrorKind, Format, Kind, Object, Options, Scheme, Serializer};

use super::negotiate::Encoding;

/// The decoding budget of a request body: the library default (64 bytes of lists and maps per
/// body byte), which for the largest body accepted ([`super::MAX_BODY_BYTES`]) is about 200 MiB.
pub(crate) const DECODE_LIMITS: DecodeLimits = DecodeLimits::DEFAULT;
use crate::tracker::Result;

/// What a body must be: a new empty object of the kind, and the accepted `apiVersion`s and kind.
pub(crate) struct Target<'a> {
    pub(crate) new: fn() -> Box<dyn Object>,
    pub(crate) api_versions: &'a [String],
    pub(crate) kind: &'a str,
}

fn check_type(target: &Target<'_>, api_version: &str, kind: &str) -> Result<()> {
    if !api_version.is_empty() && !target.api_versions.iter().any(|v| v == api_version) {
        return Err(api_errors::bad_request(format!(
            "the API version in the data ({api_version}) does not match the expected API version ({})",
            target.api_versions.first().map(String::as_str).unwrap_or_default()
        )));
    }
    if !kind.is_empty() && kind != target.kind {
        return Err(api_errors::bad_request(format!(
            "the object provided is unrecognized (must be of type {}): the data is of kind {kind:?}",
            target.kind
        )));
    }
    Ok(())
}

fn decode_failed(target: &Target<'_>, e: impl std::fmt::Display) -> crate::tracker::Error {
    api_errors::bad_request(format!("the object provided is unrecognized (must be of type {}): {e}", target.kind))
}

/// Decodes JSON into the target kind; with `strict`, unknown and duplicate fields are returned
/// as findings (`unknown field "spec.foo"`).
pub(crate) fn decode_json(target: &Target<'_>, data: &[u8], strict: bool) -> Result<(Box<dyn Object>, Vec<String>)> {
    let doc = value::parse(data).map_err(|e| decode_failed(target, e))?;
    if !matches!(doc, Value::Object(_)) {
        return Err(decode_failed(target, "the body is not a JSON object"));
    }
    let text = |k: &str| match doc.get(k) {
        None | Some(Value::Null) => Ok(""),
        Some(Value::String(s)) => Ok(s.as_str()),
        Some(_) => Err(decode_failed(target, format!("{k} must be a string"))),
    };
    check_type(target, text("apiVersion")?, text("kind")?)?;
    let mut obj = (target.new)();
    let budget = DecodeBudget::for_input(&DECODE_LIMITS, data.len());
    let mut r = JsonReader::with_budget(data, strict, &budget);
    obj.decode_json_dyn(&mut r).map_err(|e| decode_failed(target, e))?;
    let findings = r.finish().map_err(|e| decode_failed(target, e))?;
    obj.set_registered_type_meta();
    Ok((obj, findings))
}

/// Decodes a body in any request encoding.
pub(crate) fn decode(
    target: &Target<'_>,
    encoding: Encoding,
    data: &[u8],
    strict: bool,
) -> Result<(Box<dyn Object>, Vec<String>)> {
    match encoding {
        Encoding::Json => decode_json(target, data, strict),
        Encoding::Yaml => {
            let json = kapi_machinery::yaml::yaml_to_json(data, false).map_err(|e| decode_failed(target, e))?;
            let (obj, mut findings) = decode_json(target, &json, strict)?;
            if strict
                && let Err(e) = kapi_machinery::yaml::yaml_to_json(data, true)
                && let DecodeErrorKind::Strict(msgs) = e.into_kind()
            {
                findings.splice(0..0, msgs);
            }
            Ok((obj, findings))
        }
        Encoding::Protobuf => {
            let env = decode_envelope(data).map_err(|e| decode_failed(target, e))?;
            check_type(target, &env.api_version, &env.kind)?;
            let mut obj = (target.new)();
            let budget = DecodeBudget::for_input(&DECODE_LIMITS, env.raw.len());
            obj.merge_proto_dyn(&mut ProtoReader::with_budget(env.raw, &budget))
                .map_err(|e| decode_failed(target, e))?;
            obj.set_registered_type_meta();
            Ok((obj, Vec::new()))
        }
    }
}

/// Decodes a `DeleteOptions` body (any group version's, as upstream registers it in each).
pub(crate) fn decode_delete_options(encoding: Encoding, data: &[u8], group_version: &str) -> Result<DeleteOptions> {
    let versions = [group_version.to_owned(), "v1".to_owned(), "meta.k8s.io/v1".to_owned()];
    let target =
        Target { new: || Box::new(DeleteOptions::default()), api_versions: &versions, kind: DeleteOptions::KIND };
    let (obj, _) = decode(&target, encoding, data, false)?;
    obj.into_any()
        .downcast::<DeleteOptions>()
        .map(|b| *b)
        .map_err(|_| api_errors::internal("decoded delete options have the wrong type"))
}

/// Encodes an object for a response.
pub(crate) fn encode(encoding: Encoding, obj: &dyn Object) -> Result<Vec<u8>> {
    encode_format(encoding.format(), obj)
}

/// Encodes an object in a serializer format.
pub(crate) fn encode_format(format: Format, obj: &dyn Object) -> Result<Vec<u8>> {
    let scheme = Scheme::new();
    Serializer::new(&scheme, format, Options::default())
        .encode(obj)
        .map_err(|e| api_errors::internal(&format!("encoding the response: {e}")))
}
