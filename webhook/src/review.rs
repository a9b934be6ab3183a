//! `AdmissionReview` in both versions: the request a handler sees, the response it builds, and
//! their wire form (the response goes out in the version the request came in).

use kapi_api::admission::{v1, v1beta1};
use kapi_api::authentication::v1::UserInfo;
use kapi_api::meta::v1::{GroupVersionKind, GroupVersionResource, STATUS_FAILURE, STATUS_SUCCESS, Status};
use kapi_machinery::budget::DecodeLimits;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::json::{JsonDecode, JsonEncode};
use kapi_machinery::types::RawExtension;
use kapi_machinery::{DecodeError, TypeMeta};

use crate::patch::JsonPatch;

/// The group of `AdmissionReview`.
pub const GROUP: &str = "admission.k8s.io";

/// A malformed `AdmissionReview` or an object that does not decode as asked, with the field
/// path where it went wrong (`request.object.metadata`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct ReviewError {
    /// Where in the review, e.g. `request.oldObject.spec.containers[0]`.
    pub path: String,
    /// What is wrong there.
    pub message: String,
}

impl ReviewError {
    pub(crate) fn at(path: &str, message: impl Into<String>) -> ReviewError {
        ReviewError { path: path.to_owned(), message: message.into() }
    }

    pub(crate) fn decode(prefix: &str, e: &DecodeError) -> ReviewError {
        let inner = e.path();
        let path = match (prefix.is_empty(), inner.is_empty()) {
            (_, true) => prefix.to_owned(),
            (true, false) => inner,
            (false, false) if inner.starts_with('[') => format!("{prefix}{inner}"),
            (false, false) => format!("{prefix}.{inner}"),
        };
        let message = match e.offset {
            Some(off) => format!("{} (at byte {off})", e.kind),
            None => e.kind.to_string(),
        };
        ReviewError { path: if path.is_empty() { "<root>".into() } else { path }, message }
    }
}

/// The `AdmissionReview` version a request came in, which its response must use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReviewVersion {
    /// `admission.k8s.io/v1`.
    V1,
    /// `admission.k8s.io/v1beta1`.
    V1beta1,
}

impl ReviewVersion {
    /// The `apiVersion` text.
    pub fn api_version(self) -> &'static str {
        match self {
            ReviewVersion::V1 => "admission.k8s.io/v1",
            ReviewVersion::V1beta1 => "admission.k8s.io/v1beta1",
        }
    }

    /// The version named by an `apiVersion`, if it is one of the two.
    pub fn from_api_version(api_version: &str) -> Option<ReviewVersion> {
        match api_version {
            "admission.k8s.io/v1" => Some(ReviewVersion::V1),
            "admission.k8s.io/v1beta1" => Some(ReviewVersion::V1beta1),
            _ => None,
        }
    }
}

/// What the request does to the object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `CREATE`.
    Create,
    /// `UPDATE`.
    Update,
    /// `DELETE`.
    Delete,
    /// `CONNECT` (exec, attach, port-forward, proxy).
    Connect,
}

impl Operation {
    /// The wire text (`CREATE`).
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Create => v1::Operation::CREATE,
            Operation::Update => v1::Operation::UPDATE,
            Operation::Delete => v1::Operation::DELETE,
            Operation::Connect => v1::Operation::CONNECT,
        }
    }

    /// The operation named by its wire text.
    pub fn parse(s: &str) -> Option<Operation> {
        [Operation::Create, Operation::Update, Operation::Delete, Operation::Connect]
            .into_iter()
            .find(|o| o.as_str() == s)
    }
}

/// The request a handler decides on.
#[derive(Debug, Clone, PartialEq)]
pub struct AdmissionRequest {
    /// Identifies this call; the response echoes it.
    pub uid: String,
    /// The kind of `object` (in the version the webhook registered for).
    pub kind: GroupVersionKind,
    /// The resource being written.
    pub resource: GroupVersionResource,
    /// The subresource (`status`, `scale`), empty for the resource itself.
    pub sub_resource: String,
    /// The kind the client sent, when the server converted it for this webhook.
    pub request_kind: Option<GroupVersionKind>,
    /// The resource the client addressed, when it differs from `resource`.
    pub request_resource: Option<GroupVersionResource>,
    /// The subresource the client addressed.
    pub request_sub_resource: String,
    /// The object's name; empty on a create that lets the server generate it.
    pub name: String,
    /// The namespace; empty for cluster-scoped resources.
    pub namespace: String,
    /// What the request does.
    pub operation: Operation,
    /// Who sent it.
    pub user_info: UserInfo,
    /// The new object (create, update); `None` for delete.
    pub object: Option<Value>,
    /// The stored object (update, delete).
    pub old_object: Option<Value>,
    /// Nothing will be stored: a handler with side effects must not perform them (and its
    /// registration says `sideEffects: NoneOnDryRun`).
    pub dry_run: bool,
    /// The options of the operation (`CreateOptions`, `UpdateOptions`, `DeleteOptions`).
    pub options: Option<Value>,
}

fn raw_value(raw: &RawExtension, path: &str) -> Result<Option<Value>, ReviewError> {
    match raw.raw.as_deref() {
        None | Some(b"null") => Ok(None),
        Some(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => Ok(None),
        Some(bytes) => value::parse(bytes).map(Some).map_err(|e| ReviewError::decode(path, &e)),
    }
}

fn decode_typed<T: JsonDecode + Default>(v: Option<&Value>, path: &str) -> Result<Option<T>, ReviewError> {
    v.map(|v| {
        kapi_machinery::json::from_slice_limited::<T>(&v.to_compact_vec(), &DecodeLimits::DEFAULT)
            .map_err(|e| ReviewError::decode(path, &e))
    })
    .transpose()
}

impl AdmissionRequest {
    /// The new object as a typed kind; errors name the field under `request.object`.
    pub fn object_as<T: JsonDecode + Default>(&self) -> Result<Option<T>, ReviewError> {
        decode_typed(self.object.as_ref(), "request.object")
    }

    /// The stored object as a typed kind; errors name the field under `request.oldObject`.
    pub fn old_object_as<T: JsonDecode + Default>(&self) -> Result<Option<T>, ReviewError> {
        decode_typed(self.old_object.as_ref(), "request.oldObject")
    }

    fn from_v1(r: v1::AdmissionRequest) -> Result<AdmissionRequest, ReviewError> {
        let operation = Operation::parse(&r.operation.0).ok_or_else(|| {
            ReviewError::at(
                "request.operation",
                format!("unknown operation {:?}; expected CREATE, UPDATE, DELETE or CONNECT", r.operation.0),
            )
        })?;
        if r.uid.is_empty() {
            return Err(ReviewError::at("request.uid", "must not be empty"));
        }
        Ok(AdmissionRequest {
            object: raw_value(&r.object, "request.object")?,
            old_object: raw_value(&r.old_object, "request.oldObject")?,
            options: raw_value(&r.options, "request.options")?,
            uid: r.uid,
            kind: r.kind,
            resource: r.resource,
            sub_resource: r.sub_resource,
            request_kind: r.request_kind,
            request_resource: r.request_resource,
            request_sub_resource: r.request_sub_resource,
            name: r.name,
            namespace: r.namespace,
            operation,
            user_info: r.user_info,
            dry_run: r.dry_run.unwrap_or(false),
        })
    }

    /// The request as an `admission.k8s.io/v1` request (what a caller sends).
    pub fn to_v1(&self) -> v1::AdmissionRequest {
        let raw = |v: &Option<Value>| RawExtension { raw: v.as_ref().map(Value::to_compact_vec) };
        v1::AdmissionRequest {
            uid: self.uid.clone(),
            kind: self.kind.clone(),
            resource: self.resource.clone(),
            sub_resource: self.sub_resource.clone(),
            request_kind: self.request_kind.clone(),
            request_resource: self.request_resource.clone(),
            request_sub_resource: self.request_sub_resource.clone(),
            name: self.name.clone(),
            namespace: self.namespace.clone(),
            operation: v1::Operation(self.operation.as_str().into()),
            user_info: self.user_info.clone(),
            object: raw(&self.object),
            old_object: raw(&self.old_object),
            dry_run: Some(self.dry_run),
            options: raw(&self.options),
        }
    }
}

fn v1beta1_request_to_v1(r: v1beta1::AdmissionRequest) -> v1::AdmissionRequest {
    v1::AdmissionRequest {
        uid: r.uid,
        kind: r.kind,
        resource: r.resource,
        sub_resource: r.sub_resource,
        request_kind: r.request_kind,
        request_resource: r.request_resource,
        request_sub_resource: r.request_sub_resource,
        name: r.name,
        namespace: r.namespace,
        operation: v1::Operation(r.operation.0),
        user_info: r.user_info,
        object: r.object,
        old_object: r.old_object,
        dry_run: r.dry_run,
        options: r.options,
    }
}

/// Decodes an `AdmissionReview` request body of either version.
pub fn decode_review(body: &[u8]) -> Result<(ReviewVersion, AdmissionRequest), ReviewError> {
    let doc = value::parse(body).map_err(|e| ReviewError::decode("", &e))?;
    let text = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    let api_version = text("apiVersion");
    let version = ReviewVersion::from_api_version(&api_version).ok_or_else(|| {
        ReviewError::at(
            "apiVersion",
            format!("expected admission.k8s.io/v1 or admission.k8s.io/v1beta1, got {api_version:?}"),
        )
    })?;
    if text("kind") != "AdmissionReview" {
        return Err(ReviewError::at("kind", format!("expected AdmissionReview, got {:?}", text("kind"))));
    }
    let request = match version {
        ReviewVersion::V1 => {
            let r: v1::AdmissionReview = kapi_machinery::json::from_slice_limited(body, &DecodeLimits::DEFAULT)
                .map_err(|e| ReviewError::decode("", &e))?;
            r.request
        }
        ReviewVersion::V1beta1 => {
            let r: v1beta1::AdmissionReview = kapi_machinery::json::from_slice_limited(body, &DecodeLimits::DEFAULT)
                .map_err(|e| ReviewError::decode("", &e))?;
            r.request.map(v1beta1_request_to_v1)
        }
    };
    let request = request.ok_or_else(|| ReviewError::at("request", "missing"))?;
    Ok((version, AdmissionRequest::from_v1(request)?))
}

/// A handler's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct AdmissionResponse {
    /// Whether the request may go on.
    pub allowed: bool,
    /// Why not (or, rarely, extra detail on an allow).
    pub status: Option<Status>,
    /// The changes to the object, for mutating webhooks.
    pub patch: Option<JsonPatch>,
    /// Warnings the API server returns to the client (`Warning` headers).
    pub warnings: Vec<String>,
    /// Annotations for the audit log (the server prefixes each key with the webhook's name).
    pub audit_annotations: std::collections::BTreeMap<String, String>,
}

impl AdmissionResponse {
    /// Lets the request through unchanged.
    pub fn allow() -> AdmissionResponse {
        AdmissionResponse {
            allowed: true,
            status: None,
            patch: None,
            warnings: Vec::new(),
            audit_annotations: Default::default(),
        }
    }

    /// Refuses the request with an HTTP status code (the server answers `400` for a code under
    /// 400, as upstream's `ToStatusErr`) and a message the client sees after `admission webhook
    /// "<name>" denied the request: `.
    pub fn deny(code: u16, message: impl Into<String>) -> AdmissionResponse {
        let status = Status {
            status: STATUS_FAILURE.into(),
            message: message.into(),
            code: i32::from(code),
            ..Status::default()
        };
        AdmissionResponse { allowed: false, status: Some(status), ..AdmissionResponse::allow() }
    }

    /// Refuses the request with a `Status` of your own.
    pub fn deny_with_status(status: Status) -> AdmissionResponse {
        AdmissionResponse { allowed: false, status: Some(status), ..AdmissionResponse::allow() }
    }

    /// Allows the request with the object changed from `original` to `mutated` (both as the
    /// webhook received and rebuilt it); an unchanged object sends no patch.
    pub fn mutate(original: &Value, mutated: &Value) -> AdmissionResponse {
        let patch = JsonPatch::diff(original, mutated);
        AdmissionResponse { patch: (!patch.is_empty()).then_some(patch), ..AdmissionResponse::allow() }
    }

    /// Allows the request with a typed object changed: `mutated` is encoded and compared with
    /// the request's object.
    pub fn mutate_typed<T: JsonEncode + JsonDecode + Default>(
        request: &AdmissionRequest,
        mutated: &T,
    ) -> Result<AdmissionResponse, ReviewError> {
        let original = request.object.as_ref().ok_or_else(|| {
            ReviewError::at(
                "request.object",
                format!("a {} request carries no object to mutate", request.operation.as_str()),
            )
        })?;
        let bytes = kapi_machinery::json::to_vec(mutated)
            .map_err(|e| ReviewError::at("response.patch", format!("encoding the mutated object: {e}")))?;
        let modified = value::parse(&bytes).map_err(|e| ReviewError::decode("response.patch", &e))?;
        // The typed round trip writes fields the request did not have (empty structs, nulls)
        // and drops ones the type does not know; only the handler's own changes may reach the
        // patch, so the comparison is against the original as the type encodes it.
        let typed: T = decode_typed(Some(original), "request.object")?.unwrap_or_default();
        let bytes = kapi_machinery::json::to_vec(&typed)
            .map_err(|e| ReviewError::at("request.object", format!("encoding the object: {e}")))?;
        let normalized = value::parse(&bytes).map_err(|e| ReviewError::decode("request.object", &e))?;
        let target = reconcile(Some(original), &normalized, &modified).unwrap_or(Value::Null);
        Ok(AdmissionResponse::mutate(original, &target))
    }

    /// Adds a warning.
    pub fn with_warning(mut self, warning: impl Into<String>) -> AdmissionResponse {
        self.warnings.push(warning.into());
        self
    }

    /// Adds an audit annotation.
    pub fn with_audit_annotation(mut self, key: impl Into<String>, value: impl Into<String>) -> AdmissionResponse {
        self.audit_annotations.insert(key.into(), value.into());
        self
    }

    fn to_v1(&self, uid: &str) -> v1::AdmissionResponse {
        let status = match (&self.status, self.allowed) {
            (Some(s), _) => Some(s.clone()),
            (None, true) => None,
            // A deny without a reason still says it failed, so the server's message reads well.
            (None, false) => Some(Status { status: STATUS_FAILURE.into(), ..Status::default() }),
        };
        let patch = self.patch.as_ref().map(JsonPatch::to_json);
        v1::AdmissionResponse {
            uid: uid.to_owned(),
            allowed: self.allowed,
            result: status.map(|mut s| {
                if s.status.is_empty() {
                    s.status = if self.allowed { STATUS_SUCCESS.into() } else { STATUS_FAILURE.into() };
                }
                s
            }),
            patch_type: patch.as_ref().map(|_| v1::PatchType(v1::PatchType::JSON_PATCH.into())),
            patch,
            audit_annotations: self.audit_annotations.clone(),
            warnings: self.warnings.clone(),
        }
    }
}

/// The document the handler meant: `raw` (the object as received) with the handler's changes,
/// which are where `mutated` differs from `normalized` (the received object as the type encodes
/// it). Parts the handler left alone keep their received form, absent ones stay absent, and
/// members the type does not know survive.
fn reconcile(raw: Option<&Value>, normalized: &Value, mutated: &Value) -> Option<Value> {
    if crate::patch::json_equal(normalized, mutated) {
        return raw.cloned();
    }
    let (Value::Object(norm), Value::Object(new)) = (normalized, mutated) else { return Some(mutated.clone()) };
    let raw_members: &[(String, Value)] = match raw {
        Some(Value::Object(m)) => m,
        None => &[],
        Some(_) => return Some(mutated.clone()),
    };
    let find = |m: &'_ [(String, Value)], k: &str| m.iter().rev().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut out = Vec::new();
    for (k, v) in raw_members {
        if out.iter().any(|(n, _): &(String, Value)| n == k) {
            continue;
        }
        let kept = match (find(norm, k), find(new, k)) {
            // Unknown to the type: the handler could not have touched it.
            (None, None) => find(raw_members, k),
            (Some(n), Some(m)) => reconcile(Some(v), &n, &m),
            (_, m) => m,
        };
        if let Some(kept) = kept {
            out.push((k.clone(), kept));
        }
    }
    for (k, m) in new {
        if out.iter().any(|(n, _)| n == k) || raw_members.iter().any(|(n, _)| n == k) {
            continue;
        }
        let added = match find(norm, k) {
            Some(n) => reconcile(None, &n, m),
            None => Some(m.clone()),
        };
        if let Some(added) = added {
            out.push((k.clone(), added));
        }
    }
    Some(Value::Object(out))
}

/// Encodes the `AdmissionReview` answering request `uid` in `version`.
pub fn encode_review(version: ReviewVersion, uid: &str, response: &AdmissionResponse) -> Vec<u8> {
    let r = response.to_v1(uid);
    let type_meta = |v: ReviewVersion| TypeMeta { api_version: v.api_version().into(), kind: "AdmissionReview".into() };
    let encoded = match version {
        ReviewVersion::V1 => kapi_machinery::json::to_vec(&v1::AdmissionReview {
            type_meta: type_meta(version),
            request: None,
            response: Some(r),
        }),
        ReviewVersion::V1beta1 => kapi_machinery::json::to_vec(&v1beta1::AdmissionReview {
            type_meta: type_meta(version),
            request: None,
            response: Some(v1beta1::AdmissionResponse {
                uid: r.uid,
                allowed: r.allowed,
                result: r.result,
                patch: r.patch,
                patch_type: r.patch_type.map(|p| v1beta1::PatchType(p.0)),
                audit_annotations: r.audit_annotations,
                warnings: r.warnings,
            }),
        }),
    };
    // The only encoding failure is invalid embedded raw JSON, and a response embeds none.
    encoded.expect("an AdmissionReview response embeds no raw JSON")
}

/// Encodes an `AdmissionReview` request (what an API server sends) in `version`.
pub fn encode_request(version: ReviewVersion, request: &AdmissionRequest) -> Result<Vec<u8>, ReviewError> {
    let r = request.to_v1();
    let type_meta = TypeMeta { api_version: version.api_version().into(), kind: "AdmissionReview".into() };
    let encoded = match version {
        ReviewVersion::V1 => {
            kapi_machinery::json::to_vec(&v1::AdmissionReview { type_meta, request: Some(r), response: None })
        }
        ReviewVersion::V1beta1 => kapi_machinery::json::to_vec(&v1beta1::AdmissionReview {
            type_meta,
            request: Some(v1beta1::AdmissionRequest {
                uid: r.uid,
                kind: r.kind,
                resource: r.resource,
                sub_resource: r.sub_resource,
                request_kind: r.request_kind,
                request_resource: r.request_resource,
                request_sub_resource: r.request_sub_resource,
                name: r.name,
                namespace: r.namespace,
                operation: v1beta1::Operation(r.operation.0),
                user_info: r.user_info,
                object: r.object,
                old_object: r.old_object,
                dry_run: r.dry_run,
                options: r.options,
            }),
            response: None,
        }),
    };
    encoded.map_err(|e| ReviewError::at("request", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_api::core::v1::Pod;

    fn review(version: &str, object: &str) -> Vec<u8> {
        format!(
            r#"{{"apiVersion":"admission.k8s.io/{version}","kind":"AdmissionReview","request":{{"uid":"u-1",
            "kind":{{"group":"","version":"v1","kind":"Pod"}},"resource":{{"group":"","version":"v1","resource":"pods"}},
            "name":"p","namespace":"ns","operation":"CREATE","userInfo":{{"username":"alice"}},
            "object":{object},"dryRun":true,"options":{{"kind":"CreateOptions","apiVersion":"meta.k8s.io/v1"}}}}}}"#
        )
        .into_bytes()
    }

    const POD: &str = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"a":"b"}}}"#;

    #[test]
    fn decodes_both_versions_and_answers_in_the_same_one() {
        for (text, version) in [("v1", ReviewVersion::V1), ("v1beta1", ReviewVersion::V1beta1)] {
            let (got, req) = decode_review(&review(text, POD)).unwrap();
            assert_eq!(got, version);
            assert_eq!(req.uid, "u-1");
            assert_eq!(req.operation, Operation::Create);
            assert!(req.dry_run);
            assert_eq!(req.user_info.username, "alice");
            assert_eq!(req.resource.resource, "pods");
            let pod: Pod = req.object_as().unwrap().unwrap();
            assert_eq!(pod.metadata.labels.get("a").map(String::as_str), Some("b"));
            assert!(req.old_object.is_none());

            let mut mutated = pod.clone();
            mutated.metadata.labels.insert("x".into(), "y".into());
            let resp = AdmissionResponse::mutate_typed(&req, &mutated).unwrap().with_warning("w");
            let out = encode_review(version, &req.uid, &resp);
            let doc = value::parse(&out).unwrap();
            assert_eq!(doc.get("apiVersion").and_then(Value::as_str), Some(version.api_version()));
            let r = doc.get("response").unwrap();
            assert_eq!(r.get("uid").and_then(Value::as_str), Some("u-1"));
            assert_eq!(r.get("allowed"), Some(&Value::Bool(true)));
            assert_eq!(r.get("patchType").and_then(Value::as_str), Some("JSONPatch"));
            // The patch travels base64-encoded, as `[]byte` does in Go.
            let patch =
                kapi_machinery::base64::decode(r.get("patch").and_then(Value::as_str).unwrap().as_bytes()).unwrap();
            assert_eq!(patch, br#"[{"op":"add","path":"/metadata/labels/x","value":"y"}]"#);
        }
    }

    #[test]
    fn a_typed_mutation_patches_only_what_the_handler_changed() {
        let original = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":null},"spec":{"futureField":{"a":1},"nodeName":"n1"}}"#;
        let (_, req) = decode_review(&review("v1", original)).unwrap();
        let mut pod: Pod = req.object_as().unwrap().unwrap();
        pod.metadata.labels.insert("x".into(), "y".into());
        pod.spec.node_name.clear();
        let resp = AdmissionResponse::mutate_typed(&req, &pod).unwrap();
        assert_eq!(
            String::from_utf8(resp.patch.unwrap().to_json()).unwrap(),
            r#"[{"op":"replace","path":"/metadata/labels","value":{"x":"y"}},{"op":"remove","path":"/spec/nodeName"}]"#
        );
        // Nothing changed: no patch at all.
        let same: Pod = req.object_as().unwrap().unwrap();
        assert!(AdmissionResponse::mutate_typed(&req, &same).unwrap().patch.is_none());
    }

    #[test]
    fn a_deny_carries_code_and_message() {
        let out = encode_review(ReviewVersion::V1, "u", &AdmissionResponse::deny(422, "no"));
        let doc = value::parse(&out).unwrap();
        let r = doc.get("response").unwrap();
        assert_eq!(r.get("allowed"), Some(&Value::Bool(false)));
        let status = r.get("status").unwrap();
        assert_eq!(status.get("code"), Some(&Value::Number("422".into())));
        assert_eq!(status.get("message").and_then(Value::as_str), Some("no"));
        assert_eq!(status.get("status").and_then(Value::as_str), Some("Failure"));
        assert!(r.get("patch").is_none());
    }

    #[test]
    fn bad_data_is_an_error_naming_the_field() {
        let bad_meta = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":["not","a","string"]}}"#;
        let (_, req) = decode_review(&review("v1", bad_meta)).unwrap();
        let e = req.object_as::<Pod>().unwrap_err();
        assert_eq!(e.path, "request.object.metadata.name", "{e}");

        // Broken JSON has no field path, but says where in the body it broke.
        let e = decode_review(&review("v1", r#"{"a":"#)).unwrap_err();
        assert_eq!(e.path, "<root>");
        assert!(e.message.contains("at byte"), "{e}");
        let e = decode_review(br#"{"apiVersion":"admission.k8s.io/v2","kind":"AdmissionReview"}"#).unwrap_err();
        assert_eq!(e.path, "apiVersion");
        let e = decode_review(br#"{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}"#).unwrap_err();
        assert_eq!(e.path, "request");
        let e = decode_review(String::from_utf8(review("v1", POD)).unwrap().replacen("CREATE", "MAKE", 1).as_bytes())
            .unwrap_err();
        assert_eq!(e.path, "request.operation");
        let e = decode_review(br#"{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":5}}"#)
            .unwrap_err();
        assert_eq!(e.path, "request.uid", "{e}");
    }
}
