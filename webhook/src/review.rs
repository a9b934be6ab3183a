//! `AdmissionReview` in both versions: the request a handler sees, the response it builds, and
//! their wire form (the response goes out in the version the request came in).

use kapi_api::admission::{v1, v1beta1};
use kapi_api::authentication::v1::UserInfo;
use kapi_api::meta::v1::{GroupVersionKind, GroupVersionResource, STATUS_FAILURE, STATUS_SUCCESS, Status};
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
    fn at(path: &str, message: impl Into<String>) -> ReviewError {
        ReviewError { path: path.to_owned(), message: message.into() }
    }

    fn decode(prefix: &str, e: &DecodeError) -> ReviewError {
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
        [Operation::Create, Operation::Update, Operation::Delete, Operation::Connect].into_iter().find(|o| o.as_str() == s)
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
    v.map(|v| kapi_machinery::json::from_slice::<T>(&v.to_compact_vec()).map_err(|e| ReviewError::decode(path, &e)))
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
            let r: v1::AdmissionReview = kapi_machinery::json::from_slice(body).map_err(|e| ReviewError::decode("", &e))?;
            r.request
        }
        ReviewVersion::V1beta1 => {
            let r: v1beta1::AdmissionReview =
                kapi_machinery::json::from_slice(body).map_err(|e| ReviewError::decode("", &e))?;
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

    /// Refuses the request with an HTTP status code (403 is what the server assumes when none
    /// is given) and a message the client sees after `admission webhook "<name>" denied the
    /// request: `.
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
    pub fn mutate_typed<T: JsonEncode>(request: &AdmissionRequest, mutated: &T) -> Result<AdmissionResponse, ReviewError> {
        let original = request.object.as_ref().ok_or_else(|| {
            ReviewError::at("request.object", format!("a {} request carries no object to mutate", request.operation.as_str()))
        })?;
        let bytes = kapi_machinery::json::to_vec(mutated)
            .map_err(|e| ReviewError::at("response.patch", format!("encoding the mutated object: {e}")))?;
        let modified = value::parse(&bytes).map_err(|e| ReviewError::decode("response.patch", &e))?;
        Ok(AdmissionResponse::mutate(original, &modified))
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
