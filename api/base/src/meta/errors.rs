//! `Status` errors, shared by clients and servers: [`StatusError`] (a `Status` with its HTTP code
//! and retry delay), the constructors a server writes them with (upstream's `apierrors.New*`),
//! the field errors an `Invalid` one carries, and decoding a `Status` from a response body.
//!
//! The constructors return the error boxed: a `Status` is a few hundred bytes and these errors
//! travel in `Result`s through every request path (the client's `Error::Api` holds the same box).

use std::time::Duration;

use kapi_machinery::TypeMeta;

use crate::meta::resource::ResourceInfo;
use crate::meta::v1::{CauseType, ListMeta, STATUS_FAILURE, Status, StatusCause, StatusDetails, StatusReason};

pub use kapi_machinery::validation::{BadValue, ErrorList, ErrorType as FieldErrorType, FieldError, Path};

/// An error returned by the server as a `Status` object (or synthesized from an HTTP status code
/// when the body was not a `Status`).
#[derive(Debug, Clone, PartialEq)]
pub struct StatusError {
    /// The HTTP status code.
    pub code: u16,
    /// The decoded `Status`.
    pub status: Status,
    /// The `Retry-After` delay the server asked for (header or `details.retryAfterSeconds`).
    pub retry_after: Option<Duration>,
}

impl StatusError {
    /// Wraps a `Status`: the code is its `code` when that is an HTTP status (else 500), the retry
    /// delay its `details.retryAfterSeconds`.
    pub fn from_status(status: Status) -> StatusError {
        let code = u16::try_from(status.code).ok().filter(|c| (100..600).contains(c)).unwrap_or(500);
        StatusError { code, retry_after: retry_after_of(&status), status }
    }

    /// The error for a non-2xx response body of media type `content_type`: its `Status` if it
    /// is one, else a status synthesized from the code (reason as [`reason_for_code`], the body
    /// text quoted in the message and as an `UnexpectedServerResponse` cause). The retry delay
    /// is `retry_after_header` (the `Retry-After` header), else `details.retryAfterSeconds`.
    pub fn from_body(code: u16, content_type: &str, body: &[u8], retry_after_header: Option<Duration>) -> StatusError {
        let status = match decode_status(content_type, body) {
            Some(mut s) => {
                if s.code == 0 {
                    s.code = i32::from(code);
                }
                s
            }
            None => synthesize_status(code, body),
        };
        let retry_after = retry_after_header.or_else(|| retry_after_of(&status));
        StatusError { code, status, retry_after }
    }

    /// The reason (`NotFound`, `Conflict`, …); empty if the server gave none.
    pub fn reason(&self) -> &str {
        self.status.reason.as_str()
    }

    /// The field-level causes of an `Invalid` error.
    pub fn causes(&self) -> &[StatusCause] {
        self.status.details.as_ref().map(|d| d.causes.as_slice()).unwrap_or_default()
    }

    /// Whether the reason is `reason`, or there is none and the code is `code`.
    fn has_reason(&self, reason: &str, code: u16) -> bool {
        self.reason() == reason || (self.reason().is_empty() && self.code == code)
    }

    /// `404 NotFound`.
    pub fn is_not_found(&self) -> bool {
        self.has_reason(StatusReason::NOT_FOUND, 404)
    }
    /// `409 AlreadyExists`.
    pub fn is_already_exists(&self) -> bool {
        self.reason() == StatusReason::ALREADY_EXISTS
    }
    /// `409 Conflict`.
    pub fn is_conflict(&self) -> bool {
        self.has_reason(StatusReason::CONFLICT, 409)
    }
    /// `422 Invalid`.
    pub fn is_invalid(&self) -> bool {
        self.has_reason(StatusReason::INVALID, 422)
    }
    /// `410 Gone` or `Expired`: the resource version is too old; re-list.
    pub fn is_gone(&self) -> bool {
        self.has_reason(StatusReason::GONE, 410) || self.has_reason(StatusReason::EXPIRED, 410)
    }
    /// `429 TooManyRequests`.
    pub fn is_too_many_requests(&self) -> bool {
        self.has_reason(StatusReason::TOO_MANY_REQUESTS, 429)
    }
    /// `400 BadRequest` (e.g. a strict field validation failure).
    pub fn is_bad_request(&self) -> bool {
        self.has_reason(StatusReason::BAD_REQUEST, 400)
    }
    /// `403 Forbidden`.
    pub fn is_forbidden(&self) -> bool {
        self.has_reason(StatusReason::FORBIDDEN, 403)
    }
    /// `401 Unauthorized`.
    pub fn is_unauthorized(&self) -> bool {
        self.has_reason(StatusReason::UNAUTHORIZED, 401)
    }
    /// `405 MethodNotAllowed`.
    pub fn is_method_not_allowed(&self) -> bool {
        self.has_reason(StatusReason::METHOD_NOT_ALLOWED, 405)
    }
}

impl std::fmt::Display for StatusError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.status.message.is_empty() {
            write!(f, "the server returned {} ({})", self.code, self.reason())
        } else {
            write!(f, "{}", self.status.message)
        }
    }
}

impl std::error::Error for StatusError {}

fn retry_after_of(status: &Status) -> Option<Duration> {
    status
        .details
        .as_ref()
        .map(|d| d.retry_after_seconds)
        .filter(|s| *s > 0)
        .map(|s| Duration::from_secs(u64::from(s.unsigned_abs())))
}

/// upstream's `OptimisticLockErrorMsg`.
pub const OPTIMISTIC_LOCK_MESSAGE: &str =
    "the object has been modified; please apply your changes to the latest version and try again";

/// A failed `Status` with the given code, reason, message and details.
pub fn failure(code: u16, reason: &str, message: impl Into<String>, details: Option<StatusDetails>) -> Status {
    Status {
        type_meta: TypeMeta { kind: "Status".into(), api_version: "v1".into() },
        metadata: ListMeta::default(),
        status: STATUS_FAILURE.into(),
        message: message.into(),
        reason: StatusReason(reason.into()),
        details,
        code: i32::from(code),
    }
}

/// Wraps a `Status` as an error ([`StatusError::from_status`]), boxed as the constructors return it.
pub fn into_error(status: Status) -> Box<StatusError> {
    Box::new(StatusError::from_status(status))
}

/// The `Status` inside an error.
pub fn status_of(err: &StatusError) -> Status {
    err.status.clone()
}

/// `group/resource` as upstream prints a `GroupResource`: `resource.group`, or `resource` for core.
pub fn qualified_resource(group: &str, resource: &str) -> String {
    if group.is_empty() { resource.to_owned() } else { format!("{resource}.{group}") }
}

/// `Kind.group` as upstream prints a `GroupKind`.
pub fn qualified_kind(group: &str, kind: &str) -> String {
    if group.is_empty() { kind.to_owned() } else { format!("{kind}.{group}") }
}

fn resource_details(info: &ResourceInfo, name: &str) -> Option<StatusDetails> {
    Some(StatusDetails {
        name: name.into(),
        group: info.group.into(),
        kind: info.resource.into(),
        ..StatusDetails::default()
    })
}

/// `404 NotFound`: `validatingwebhookconfigurations.admissionregistration.k8s.io "foo" not found`.
pub fn not_found(info: &ResourceInfo, name: &str) -> Box<StatusError> {
    into_error(failure(
        404,
        StatusReason::NOT_FOUND,
        format!("{} {name:?} not found", qualified_resource(info.group, info.resource)),
        resource_details(info, name),
    ))
}

/// `404 NotFound` for a path the server does not serve.
pub fn path_not_found() -> Box<StatusError> {
    into_error(failure(
        404,
        StatusReason::NOT_FOUND,
        "the server could not find the requested resource",
        Some(StatusDetails::default()),
    ))
}

/// `409 AlreadyExists`.
pub fn already_exists(info: &ResourceInfo, name: &str) -> Box<StatusError> {
    into_error(failure(
        409,
        StatusReason::ALREADY_EXISTS,
        format!("{} {name:?} already exists", qualified_resource(info.group, info.resource)),
        resource_details(info, name),
    ))
}

/// `409 Conflict`: `Operation cannot be fulfilled on <resource.group> "name": <why>`.
pub fn conflict(info: &ResourceInfo, name: &str, why: &str) -> Box<StatusError> {
    into_error(failure(
        409,
        StatusReason::CONFLICT,
        format!("Operation cannot be fulfilled on {} {name:?}: {why}", qualified_resource(info.group, info.resource)),
        resource_details(info, name),
    ))
}

/// `400 BadRequest` with a message.
pub fn bad_request(message: impl Into<String>) -> Box<StatusError> {
    into_error(failure(400, StatusReason::BAD_REQUEST, message, None))
}

/// `410 Expired`: the resource version or continue token is too old.
pub fn expired(message: impl Into<String>) -> Box<StatusError> {
    into_error(failure(410, StatusReason::EXPIRED, message, None))
}

/// `410 Gone`.
pub fn gone(message: impl Into<String>) -> Box<StatusError> {
    into_error(failure(410, StatusReason::GONE, message, None))
}

/// `405 MethodNotAllowed`: `<verb> is not supported on resources of kind "<resource.group>"`.
pub fn method_not_supported(info: &ResourceInfo, action: &str) -> Box<StatusError> {
    into_error(failure(
        405,
        StatusReason::METHOD_NOT_ALLOWED,
        format!("{action} is not supported on resources of kind {:?}", qualified_resource(info.group, info.resource)),
        Some(StatusDetails { group: info.group.into(), kind: info.resource.into(), ..StatusDetails::default() }),
    ))
}

/// `405 MethodNotAllowed` for an HTTP method a path does not serve: upstream's router finds no
/// route for the method and its service error handler answers `NewGenericServerResponse(405, …)`
/// with no verb, resource or name, so the text names neither the method nor the resource.
pub fn method_not_allowed() -> Box<StatusError> {
    into_error(failure(
        405,
        StatusReason::METHOD_NOT_ALLOWED,
        "the server does not allow this method on the requested resource",
        Some(StatusDetails::default()),
    ))
}

/// `504 Timeout` with a `ResourceVersionTooLarge` cause, as upstream answers a read at a
/// resource version the store has not reached.
pub fn too_large_resource_version(requested: u64, current: u64) -> Box<StatusError> {
    into_error(failure(
        504,
        StatusReason::TIMEOUT,
        format!("Timeout: Too large resource version: {requested}, current: {current}"),
        Some(StatusDetails {
            causes: vec![StatusCause {
                r#type: CauseType(CauseType::RESOURCE_VERSION_TOO_LARGE.into()),
                message: "Too large resource version".into(),
                field: String::new(),
            }],
            retry_after_seconds: 1,
            ..StatusDetails::default()
        }),
    ))
}

/// The `500 InternalError` status: `Internal error occurred: <message>`.
pub fn internal_status(message: &str) -> Status {
    failure(
        500,
        StatusReason::INTERNAL_ERROR,
        format!("Internal error occurred: {message}"),
        Some(StatusDetails {
            causes: vec![StatusCause { message: message.into(), ..StatusCause::default() }],
            ..StatusDetails::default()
        }),
    )
}

/// `500 InternalError`: `Internal error occurred: <message>`.
pub fn internal(message: &str) -> Box<StatusError> {
    into_error(internal_status(message))
}

/// `429 TooManyRequests` asking the client to wait `retry_after_seconds`.
pub fn too_many_requests(message: impl Into<String>, retry_after_seconds: i32) -> Box<StatusError> {
    into_error(failure(
        429,
        StatusReason::TOO_MANY_REQUESTS,
        message,
        Some(StatusDetails { retry_after_seconds, ..StatusDetails::default() }),
    ))
}

/// `406 NotAcceptable`: none of the accepted media types can be produced.
pub fn not_acceptable(supported: &[&str]) -> Box<StatusError> {
    into_error(failure(
        406,
        StatusReason::NOT_ACCEPTABLE,
        format!("only the following media types are accepted: {}", supported.join(", ")),
        None,
    ))
}

/// `415 UnsupportedMediaType`: the request body's media type is not understood.
pub fn unsupported_media_type(supported: &[&str]) -> Box<StatusError> {
    into_error(failure(
        415,
        StatusReason::UNSUPPORTED_MEDIA_TYPE,
        format!(
            "the body of the request was in an unknown format - accepted media types include: {}",
            supported.join(", ")
        ),
        None,
    ))
}

/// `413 RequestEntityTooLarge`.
pub fn request_entity_too_large(limit: usize) -> Box<StatusError> {
    into_error(failure(
        413,
        StatusReason::REQUEST_ENTITY_TOO_LARGE,
        format!("Request entity too large: limit is {limit}"),
        None,
    ))
}

/// `422 Invalid`: `<Kind.group> "<name>" is invalid: <errors>`, with one cause per field error.
pub fn invalid(group: &str, kind: &str, name: &str, errors: &[FieldError]) -> Box<StatusError> {
    let message = match kapi_machinery::validation::aggregate(errors) {
        Some(agg) => {
            format!("{} {} is invalid: {agg}", qualified_kind(group, kind), kapi_machinery::validation::go_quote(name))
        }
        None => format!("{} {} is invalid", qualified_kind(group, kind), kapi_machinery::validation::go_quote(name)),
    };
    let causes = errors
        .iter()
        .map(|e| StatusCause {
            r#type: CauseType(e.error_type.cause().into()),
            message: e.body(),
            field: e.field.clone(),
        })
        .collect();
    into_error(failure(
        422,
        StatusReason::INVALID,
        message,
        Some(StatusDetails {
            name: name.into(),
            group: group.into(),
            kind: kind.into(),
            causes,
            ..StatusDetails::default()
        }),
    ))
}

/// `422 Invalid` for an object of a resource.
pub fn invalid_object(info: &ResourceInfo, name: &str, errors: &[FieldError]) -> Box<StatusError> {
    invalid(info.group, info.kind, name, errors)
}

/// `422 Invalid` for request options (`CreateOptions.meta.k8s.io "" is invalid: …`).
pub fn invalid_options(kind: &str, errors: &[FieldError]) -> Box<StatusError> {
    invalid("meta.k8s.io", kind, "", errors)
}

/// The reason upstream's client implies for an HTTP status code when the body is not a `Status`.
pub fn reason_for_code(code: u16) -> &'static str {
    match code {
        400 => StatusReason::BAD_REQUEST,
        401 => StatusReason::UNAUTHORIZED,
        403 => StatusReason::FORBIDDEN,
        404 => StatusReason::NOT_FOUND,
        405 => StatusReason::METHOD_NOT_ALLOWED,
        406 => StatusReason::NOT_ACCEPTABLE,
        409 => StatusReason::CONFLICT,
        410 => StatusReason::GONE,
        413 => StatusReason::REQUEST_ENTITY_TOO_LARGE,
        415 => StatusReason::UNSUPPORTED_MEDIA_TYPE,
        422 => StatusReason::INVALID,
        429 => StatusReason::TOO_MANY_REQUESTS,
        500 => StatusReason::INTERNAL_ERROR,
        503 => StatusReason::SERVICE_UNAVAILABLE,
        504 => StatusReason::TIMEOUT,
        _ => StatusReason::UNKNOWN,
    }
}

fn message_for_code(code: u16) -> String {
    match code {
        400 => "the server rejected our request for an unknown reason".into(),
        401 => "the server has asked for the client to provide credentials".into(),
        403 => "the server does not allow access to the requested resource".into(),
        404 => "the server could not find the requested resource".into(),
        405 => "the server does not allow this method on the requested resource".into(),
        406 => "the server was unable to respond with a content type that the client supports".into(),
        409 => "the server reported a conflict".into(),
        410 => "the requested resource is no longer available".into(),
        413 => "the server has rejected the request because the request body is too large".into(),
        415 => "the server does not support the media type of the request body".into(),
        422 => "the server rejected our request due to an error in our request".into(),
        429 => "the server has received too many requests and has asked us to try again later".into(),
        500 => "an error on the server has prevented the request from succeeding".into(),
        503 => "the server is currently unable to handle the request".into(),
        504 => {
            "the server was unable to return a response in the time allotted, but may still be processing the request"
                .into()
        }
        _ => format!("the server responded with the status code {code} but did not return more information"),
    }
}

/// The longest response text quoted in a synthesized status message.
const MAX_QUOTED_BODY: usize = 512;

/// Decodes a `Status` from an error response body (JSON, YAML or protobuf by `Content-Type`, or
/// sniffed when there is none). As client-go, the body counts as a `Status` when it decodes as
/// one and its `status` field is set; a body naming another kind does not.
pub fn decode_status(content_type: &str, body: &[u8]) -> Option<Status> {
    use kapi_machinery::ProtoMessage;
    use kapi_machinery::proto::{PROTOBUF_MAGIC, ProtoReader, decode_envelope};
    let base = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let protobuf = match base.as_str() {
        kapi_machinery::serializer::MEDIA_TYPE_PROTOBUF => true,
        "" => body.starts_with(PROTOBUF_MAGIC),
        _ => false,
    };
    let status = if protobuf {
        let env = decode_envelope(body).ok()?;
        if !(env.kind.is_empty() || env.kind == "Status") {
            return None;
        }
        let mut status = Status::default();
        status.merge_proto(&mut ProtoReader::new(env.raw)).ok()?;
        status.type_meta.kind = "Status".to_owned();
        status.type_meta.api_version = if env.api_version.is_empty() { "v1".to_owned() } else { env.api_version };
        status
    } else {
        let json = match base.as_str() {
            kapi_machinery::serializer::MEDIA_TYPE_YAML => kapi_machinery::yaml::yaml_to_json(body, false).ok()?,
            _ => body.to_vec(),
        };
        let status = kapi_machinery::json::from_slice::<Status>(&json).ok()?;
        if !(status.type_meta.kind.is_empty() || status.type_meta.kind == "Status") {
            return None;
        }
        status
    };
    (!status.status.is_empty()).then_some(status)
}

/// A failure `Status` for a response whose body is not one.
pub fn synthesize_status(code: u16, body: &[u8]) -> Status {
    let mut message = message_for_code(code);
    let text = std::str::from_utf8(body).ok().map(str::trim).filter(|t| !t.is_empty() && !t.contains('\0'));
    let mut details = None;
    if let Some(text) = text {
        let quoted: String = text.chars().take(MAX_QUOTED_BODY).collect();
        message = format!("{message} ({quoted})");
        details = Some(StatusDetails {
            causes: vec![StatusCause {
                r#type: CauseType(CauseType::UNEXPECTED_SERVER_RESPONSE.to_owned()),
                message: quoted,
                field: String::new(),
            }],
            ..StatusDetails::default()
        });
    }
    let mut status = Status {
        status: STATUS_FAILURE.to_owned(),
        message,
        reason: StatusReason(reason_for_code(code).to_owned()),
        details,
        code: i32::from(code),
        ..Status::default()
    };
    status.type_meta.kind = "Status".to_owned();
    status.type_meta.api_version = "v1".to_owned();
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_status_takes_code_and_retry_delay() {
        let err = too_many_requests("slow down", 3);
        assert_eq!(err.code, 429);
        assert_eq!(err.retry_after, Some(Duration::from_secs(3)));
        assert!(err.is_too_many_requests());
        // A code that is no HTTP status is served as 500.
        let odd = StatusError::from_status(failure(7, "", "odd", None));
        assert_eq!(odd.code, 500);
        assert_eq!(odd.retry_after, None);
    }

    #[test]
    fn predicates_fall_back_to_the_code_without_a_reason() {
        let bare = StatusError::from_status(failure(404, "", "", None));
        assert!(bare.is_not_found());
        assert!(!bare.is_conflict());
        assert_eq!(bare.to_string(), "the server returned 404 ()");
        // AlreadyExists is a 409 too, but only its reason tells it from a conflict.
        assert!(!StatusError::from_status(failure(409, "", "", None)).is_already_exists());
    }

    #[test]
    fn from_body_prefers_the_header_delay_and_synthesizes_non_status_bodies() {
        let err = StatusError::from_body(503, "text/plain", b"busy", Some(Duration::from_secs(9)));
        assert_eq!(err.reason(), StatusReason::SERVICE_UNAVAILABLE);
        assert_eq!(err.status.message, "the server is currently unable to handle the request (busy)");
        assert_eq!(err.retry_after, Some(Duration::from_secs(9)));
        assert_eq!(err.causes().len(), 1);
    }
}
