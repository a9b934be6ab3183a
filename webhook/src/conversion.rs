//! Conversion webhooks: decode a `ConversionReview` (`apiextensions.k8s.io/v1` or `v1beta1`),
//! convert each object to the desired version (through a [`Scheme`]'s hub, or any
//! [`Converter`]), and answer in the review's version.

use kapi_api::apiextensions::{v1, v1beta1};
use kapi_api::meta::v1::{STATUS_FAILURE, STATUS_SUCCESS, Status};
use kapi_machinery::budget::DecodeLimits;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::RawExtension;
use kapi_machinery::{Format, GroupVersion, INTERNAL_VERSION, Options, Scheme, Serializer, TypeMeta};

use crate::review::ReviewError;

/// The group of `ConversionReview`.
pub const GROUP: &str = "apiextensions.k8s.io";

/// The `ConversionReview` version a request came in, which its response must use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConversionReviewVersion {
    /// `apiextensions.k8s.io/v1`.
    V1,
    /// `apiextensions.k8s.io/v1beta1`.
    V1beta1,
}

impl ConversionReviewVersion {
    /// The `apiVersion` text.
    pub fn api_version(self) -> &'static str {
        match self {
            ConversionReviewVersion::V1 => "apiextensions.k8s.io/v1",
            ConversionReviewVersion::V1beta1 => "apiextensions.k8s.io/v1beta1",
        }
    }

    /// The version named by an `apiVersion`, if it is one of the two.
    pub fn from_api_version(api_version: &str) -> Option<ConversionReviewVersion> {
        match api_version {
            "apiextensions.k8s.io/v1" => Some(ConversionReviewVersion::V1),
            "apiextensions.k8s.io/v1beta1" => Some(ConversionReviewVersion::V1beta1),
            _ => None,
        }
    }
}

/// What the API server asks a conversion webhook to do.
#[derive(Debug, Clone, PartialEq)]
pub struct ConversionRequest {
    /// Identifies this call; the response echoes it.
    pub uid: String,
    /// The `group/version` every object is to be converted to.
    pub desired_api_version: String,
    /// The objects, as JSON, possibly of several versions.
    pub objects: Vec<Value>,
}

/// Converts one custom object (as JSON) to another version of its kind. [`SchemeConverter`] is
/// one; any `Fn(&Value, &GroupVersion) -> Result<Value, String>` is one too.
///
/// A converter changes the version-specific parts of the object only: [`convert_request`]
/// puts the original `metadata` back (keeping the converter's labels and annotations), as the
/// API server does with what a webhook returns.
pub trait Converter: Send + Sync + 'static {
    /// The object in `to` (its `apiVersion` naming `to`, its `kind` unchanged), or why it cannot
    /// be converted.
    fn convert(&self, object: &Value, to: &GroupVersion) -> Result<Value, String>;
}

impl<F> Converter for F
where
    F: Fn(&Value, &GroupVersion) -> Result<Value, String> + Send + Sync + 'static,
{
    fn convert(&self, object: &Value, to: &GroupVersion) -> Result<Value, String> {
        self(object, to)
    }
}

/// Converts through a [`Scheme`]: the object is decoded as the kind its `apiVersion` and `kind`
/// name, converted with the scheme's conversion functions (directly, or versioned → internal
/// hub → versioned, as [`Scheme::convert_into_group_version`] does) and encoded again. Register
/// the versioned kinds and the internal (hub) kinds with their conversions, as a crate's
/// generated `add_to_scheme` functions do with its `internal` feature. Defaults are not applied:
/// the API server defaults what a webhook returns.
pub struct SchemeConverter {
    scheme: Scheme,
    options: Options,
}

impl SchemeConverter {
    /// A converter over `scheme`, decoding leniently with the default budget.
    pub fn new(scheme: Scheme) -> SchemeConverter {
        SchemeConverter { scheme, options: Options::DEFAULT }
    }

    /// The scheme converted through.
    pub fn scheme(&self) -> &Scheme {
        &self.scheme
    }
}

impl Converter for SchemeConverter {
    fn convert(&self, object: &Value, to: &GroupVersion) -> Result<Value, String> {
        let serializer = Serializer::new(&self.scheme, Format::Json, self.options);
        let decoded = serializer.decode(&object.to_compact_vec(), None).map_err(|e| e.to_string())?;
        let converted = self
            .scheme
            .convert_into_group_version(decoded.object, &to.group, &to.version)
            .map_err(|e| e.to_string())?;
        let bytes = serializer.encode(converted.as_ref()).map_err(|e| format!("encoding the result: {e}"))?;
        value::parse(&bytes).map_err(|e| format!("encoding the result: {e}"))
    }
}

/// How an object is named in a failure: `Kind "namespace/name"`, else its index.
fn describe(index: usize, object: &Value) -> String {
    let text = |v: Option<&Value>| v.and_then(Value::as_str).unwrap_or_default().to_owned();
    let kind = text(object.get("kind"));
    let metadata = object.get("metadata");
    let name = text(metadata.and_then(|m| m.get("name")));
    let namespace = text(metadata.and_then(|m| m.get("namespace")));
    match (kind.is_empty(), name.is_empty(), namespace.is_empty()) {
        (false, false, true) => format!("{kind} {name:?}"),
        (false, false, false) => format!("{kind} \"{namespace}/{name}\""),
        (false, true, _) => format!("{kind} at index {index}"),
        (true, _, _) => format!("the object at index {index}"),
    }
}

fn member<'v>(object: &'v Value, key: &str) -> Option<&'v Value> {
    match object {
        Value::Object(members) => members.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

/// Sets `key` of an object, in its place when it is there already (the answer keeps the order
/// of what was sent).
fn set_member(object: &mut Value, key: &str, value: Value) {
    if let Value::Object(members) = object {
        match members.iter().position(|(k, _)| k == key) {
            Some(i) => {
                members[i].1 = value;
                let mut seen = false;
                members.retain(|(k, _)| k != key || !std::mem::replace(&mut seen, true));
            }
            None => members.push((key.to_owned(), value)),
        }
    }
}

/// The original's `metadata` with the converted object's labels and annotations (a converter
/// may change those, nothing else), as the API server restores it from a webhook's answer.
fn restore_metadata(original: &Value, converted: &mut Value) -> Result<(), String> {
    let mut metadata = match member(original, "metadata") {
        Some(m @ Value::Object(_)) => m.clone(),
        _ => Value::Object(Vec::new()),
    };
    let from_converted = member(converted, "metadata").cloned();
    for field in ["labels", "annotations"] {
        match from_converted.as_ref().and_then(|m| member(m, field)) {
            None | Some(Value::Null) => {
                if let Value::Object(members) = &mut metadata {
                    members.retain(|(k, _)| k != field);
                }
            }
            Some(v @ Value::Object(entries)) => {
                if let Some((key, _)) = entries.iter().find(|(_, e)| !matches!(e, Value::String(_))) {
                    return Err(format!("metadata.{field}[{key}] of the converted object is not a string"));
                }
                set_member(&mut metadata, field, v.clone());
            }
            Some(_) => return Err(format!("metadata.{field} of the converted object is not an object")),
        }
    }
    set_member(converted, "metadata", metadata);
    Ok(())
}

/// Converts every object of `request` to its `desiredAPIVersion`, in order. An object already in
/// that version is returned as it is. Each result keeps the original's `metadata` (but for the
/// converter's labels and annotations) and must name the desired version and the same kind.
/// The first failure is the error, naming the object (`Frobber "default/web"`): upstream answers
/// a review with all objects converted or none.
pub fn convert_request<C: Converter + ?Sized>(
    converter: &C,
    request: &ConversionRequest,
) -> Result<Vec<Value>, String> {
    let desired = &request.desired_api_version;
    let to = GroupVersion::parse(desired)
        .ok()
        .filter(|gv| !gv.version.is_empty() && gv.version != INTERNAL_VERSION)
        .ok_or_else(|| format!("invalid desiredAPIVersion {desired:?}: expected <group>/<version>"))?;
    let mut out = Vec::with_capacity(request.objects.len());
    for (index, object) in request.objects.iter().enumerate() {
        let who = describe(index, object);
        if !matches!(object, Value::Object(_)) {
            return Err(format!("{who} is not a JSON object"));
        }
        let text = |key: &str| member(object, key).and_then(Value::as_str).unwrap_or_default().to_owned();
        let (api_version, kind) = (text("apiVersion"), text("kind"));
        if api_version.is_empty() || kind.is_empty() {
            return Err(format!("{who} names no apiVersion and kind"));
        }
        if api_version == *desired {
            out.push(object.clone());
            continue;
        }
        let failed = |why: String| format!("converting {who} from {api_version} to {desired}: {why}");
        let mut converted = converter.convert(object, &to).map_err(failed)?;
        let got = |key: &str| member(&converted, key).and_then(Value::as_str).unwrap_or_default().to_owned();
        if got("apiVersion") != *desired || got("kind") != kind {
            return Err(failed(format!(
                "the converter returned apiVersion {:?} and kind {:?}",
                got("apiVersion"),
                got("kind")
            )));
        }
        restore_metadata(object, &mut converted).map_err(failed)?;
        out.push(converted);
    }
    Ok(out)
}

/// Decodes a `ConversionReview` request body of either version.
pub fn decode_conversion_review(body: &[u8]) -> Result<(ConversionReviewVersion, ConversionRequest), ReviewError> {
    let doc = value::parse(body).map_err(|e| ReviewError::decode("", &e))?;
    let text = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    let api_version = text("apiVersion");
    let version = ConversionReviewVersion::from_api_version(&api_version).ok_or_else(|| {
        ReviewError::at(
            "apiVersion",
            format!("expected apiextensions.k8s.io/v1 or apiextensions.k8s.io/v1beta1, got {api_version:?}"),
        )
    })?;
    if text("kind") != "ConversionReview" {
        return Err(ReviewError::at("kind", format!("expected ConversionReview, got {:?}", text("kind"))));
    }
    let decode_error = |e: kapi_machinery::DecodeError| ReviewError::decode("", &e);
    let request = match version {
        ConversionReviewVersion::V1 => {
            let r: v1::ConversionReview =
                kapi_machinery::json::from_slice_limited(body, &DecodeLimits::DEFAULT).map_err(decode_error)?;
            r.request.map(|r| (r.uid, r.desired_api_version, r.objects))
        }
        ConversionReviewVersion::V1beta1 => {
            let r: v1beta1::ConversionReview =
                kapi_machinery::json::from_slice_limited(body, &DecodeLimits::DEFAULT).map_err(decode_error)?;
            r.request.map(|r| (r.uid, r.desired_api_version, r.objects))
        }
    };
    let (uid, desired_api_version, objects) = request.ok_or_else(|| ReviewError::at("request", "missing"))?;
    if uid.is_empty() {
        return Err(ReviewError::at("request.uid", "must not be empty"));
    }
    let objects = objects
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, raw)| match raw.raw.as_deref() {
            None => Ok(Value::Null),
            Some(bytes) => value::parse(bytes).map_err(|e| ReviewError::decode(&format!("request.objects[{i}]"), &e)),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((version, ConversionRequest { uid, desired_api_version, objects }))
}

/// Encodes the `ConversionReview` answering request `uid` in `version`: the converted objects
/// with `result.status: Success`, or `result: {status: Failure, message}` and no objects.
pub fn encode_conversion_review(
    version: ConversionReviewVersion,
    uid: &str,
    result: &Result<Vec<Value>, String>,
) -> Vec<u8> {
    let (converted_objects, status) = match result {
        Ok(objects) => (
            Some(objects.iter().map(|o| RawExtension { raw: Some(o.to_compact_vec()) }).collect()),
            Status { status: STATUS_SUCCESS.into(), ..Status::default() },
        ),
        Err(message) => (None, Status { status: STATUS_FAILURE.into(), message: message.clone(), ..Status::default() }),
    };
    let type_meta = TypeMeta { api_version: version.api_version().into(), kind: "ConversionReview".into() };
    let encoded = match version {
        ConversionReviewVersion::V1 => kapi_machinery::json::to_vec(&v1::ConversionReview {
            type_meta,
            request: None,
            response: Some(v1::ConversionResponse { uid: uid.to_owned(), converted_objects, result: status }),
        }),
        ConversionReviewVersion::V1beta1 => kapi_machinery::json::to_vec(&v1beta1::ConversionReview {
            type_meta,
            request: None,
            response: Some(v1beta1::ConversionResponse { uid: uid.to_owned(), converted_objects, result: status }),
        }),
    };
    // The embedded objects are written from parsed values, so they are valid JSON.
    encoded.expect("a ConversionReview response embeds only well-formed JSON")
}
