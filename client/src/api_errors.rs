//! Constructors of `Status` errors as a server writes them (upstream's `apierrors.New*`), and field errors.

use std::time::Duration;

use kapi_api::meta::v1::{CauseType, ListMeta, STATUS_FAILURE, Status, StatusCause, StatusDetails, StatusReason};
use kapi_machinery::TypeMeta;

use crate::{Error, ResourceInfo, StatusError};

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

/// Wraps a `Status` as a client error, taking the retry delay from its details.
pub fn into_error(status: Status) -> Error {
    let code = u16::try_from(status.code).ok().filter(|c| (100..600).contains(c)).unwrap_or(500);
    let retry_after = status
        .details
        .as_ref()
        .map(|d| d.retry_after_seconds)
        .filter(|s| *s > 0)
        .map(|s| Duration::from_secs(u64::from(s.unsigned_abs())));
    Error::Api(Box::new(StatusError { code, status, retry_after }))
}

/// The `Status` inside an error; other errors become a 500 `InternalError`.
pub fn status_of(err: &Error) -> Status {
    match err.status() {
        Some(s) => s.status.clone(),
        None => internal_status(&err.to_string()),
    }
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
pub fn not_found(info: &ResourceInfo, name: &str) -> Error {
    into_error(failure(
        404,
        StatusReason::NOT_FOUND,
        format!("{} {name:?} not found", qualified_resource(info.group, info.resource)),
        resource_details(info, name),
    ))
}

/// `404 NotFound` for a path the server does not serve.
pub fn path_not_found() -> Error {
    into_error(failure(
        404,
        StatusReason::NOT_FOUND,
        "the server could not find the requested resource",
        Some(StatusDetails::default()),
    ))
}

/// `409 AlreadyExists`.
pub fn already_exists(info: &ResourceInfo, name: &str) -> Error {
    into_error(failure(
        409,
        StatusReason::ALREADY_EXISTS,
        format!("{} {name:?} already exists", qualified_resource(info.group, info.resource)),
        resource_details(info, name),
    ))
}

/// `409 Conflict`: `Operation cannot be fulfilled on <resource.group> "name": <why>`.
pub fn conflict(info: &ResourceInfo, name: &str, why: &str) -> Error {
    into_error(failure(
        409,
        StatusReason::CONFLICT,
        format!("Operation cannot be fulfilled on {} {name:?}: {why}", qualified_resource(info.group, info.resource)),
        resource_details(info, name),
    ))
}

/// `400 BadRequest` with a message.
pub fn bad_request(message: impl Into<String>) -> Error {
    into_error(failure(400, StatusReason::BAD_REQUEST, message, None))
}

/// `410 Expired`: the resource version or continue token is too old.
pub fn expired(message: impl Into<String>) -> Error {
    into_error(failure(410, StatusReason::EXPIRED, message, None))
}

/// `410 Gone`.
pub fn gone(message: impl Into<String>) -> Error {
    into_error(failure(410, StatusReason::GONE, message, None))
}

/// `405 MethodNotAllowed`: `<verb> is not supported on resources of kind "<resource.group>"`.
pub fn method_not_supported(info: &ResourceInfo, action: &str) -> Error {
    into_error(failure(
        405,
        StatusReason::METHOD_NOT_ALLOWED,
        format!("{action} is not supported on resources of kind {:?}", qualified_resource(info.group, info.resource)),
        Some(StatusDetails { group: info.group.into(), kind: info.resource.into(), ..StatusDetails::default() }),
    ))
}

/// `405 MethodNotAllowed` for an HTTP method a path does not serve.
pub fn method_not_allowed(method: &str) -> Error {
    into_error(failure(
        405,
        StatusReason::METHOD_NOT_ALLOWED,
        format!("the server does not allow this method on the requested resource ({method})"),
        Some(StatusDetails::default()),
    ))
}

/// `504 Timeout` with a `ResourceVersionTooLarge` cause, as upstream answers a read at a
/// resource version the store has not reached.
pub fn too_large_resource_version(requested: u64, current: u64) -> Error {
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

fn internal_status(message: &str) -> Status {
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
pub fn internal(message: &str) -> Error {
    into_error(internal_status(message))
}

/// `429 TooManyRequests` asking the client to wait `retry_after_seconds`.
pub fn too_many_requests(message: impl Into<String>, retry_after_seconds: i32) -> Error {
    into_error(failure(
        429,
        StatusReason::TOO_MANY_REQUESTS,
        message,
        Some(StatusDetails { retry_after_seconds, ..StatusDetails::default() }),
    ))
}

/// `406 NotAcceptable`: none of the accepted media types can be produced.
pub fn not_acceptable(supported: &[&str]) -> Error {
    into_error(failure(
        406,
        StatusReason::NOT_ACCEPTABLE,
        format!("only the following media types are accepted: {}", supported.join(", ")),
        None,
    ))
}

/// `415 UnsupportedMediaType`: the request body's media type is not understood.
pub fn unsupported_media_type(supported: &[&str]) -> Error {
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
pub fn request_entity_too_large(limit: usize) -> Error {
    into_error(failure(
        413,
        StatusReason::REQUEST_ENTITY_TOO_LARGE,
        format!("Request entity too large: limit is {limit}"),
        None,
    ))
}

pub use kapi_machinery::validation::{BadValue, ErrorList, ErrorType as FieldErrorType, FieldError, Path};

/// `422 Invalid`: `<Kind.group> "<name>" is invalid: <errors>`, with one cause per field error.
pub fn invalid(group: &str, kind: &str, name: &str, errors: &[FieldError]) -> Error {
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
pub fn invalid_object(info: &ResourceInfo, name: &str, errors: &[FieldError]) -> Error {
    invalid(info.group, info.kind, name, errors)
}

/// `422 Invalid` for request options (`CreateOptions.meta.k8s.io "" is invalid: …`).
pub fn invalid_options(kind: &str, errors: &[FieldError]) -> Error {
    invalid("meta.k8s.io", kind, "", errors)
}
