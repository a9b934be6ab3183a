//! Client errors. A `Status` body from the server becomes [`Error::Api`], whose reason tells the
//! typed cases apart (`is_not_found`, `is_conflict`, …), as upstream's `apierrors` helpers do.

use std::time::Duration;

use kapi_api::meta::v1::{Status, StatusCause, StatusReason};

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
    /// The reason (`NotFound`, `Conflict`, …); empty if the server gave none.
    pub fn reason(&self) -> &str {
        self.status.reason.as_str()
    }

    /// The field-level causes of an `Invalid` error.
    pub fn causes(&self) -> &[StatusCause] {
        self.status.details.as_ref().map(|d| d.causes.as_slice()).unwrap_or_default()
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

/// Everything a client call can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The server answered with an error status.
    #[error("{0}")]
    Api(Box<StatusError>),
    /// The connection or TLS failed, or the request could not be sent.
    #[error("transport: {0}")]
    Transport(String),
    /// The response body could not be decoded.
    #[error("decoding the response ({context}): {message}")]
    Decode { context: String, message: String },
    /// The request body could not be encoded.
    #[error("encoding the request: {0}")]
    Encode(String),
    /// The client configuration (kubeconfig, service account, URL) is unusable.
    #[error("configuration: {0}")]
    Config(String),
    /// The call is not valid for this resource or these arguments (e.g. a verb it does not support).
    #[error("invalid request: {0}")]
    InvalidRequest(String),
}

impl Error {
    /// The server's status error, if this is one.
    pub fn status(&self) -> Option<&StatusError> {
        match self {
            Error::Api(s) => Some(s),
            _ => None,
        }
    }

    fn has_reason(&self, reason: &str, code: u16) -> bool {
        self.status().is_some_and(|s| s.reason() == reason || (s.reason().is_empty() && s.code == code))
    }

    /// `404 NotFound`.
    pub fn is_not_found(&self) -> bool {
        self.has_reason(StatusReason::NOT_FOUND, 404)
    }
    /// `409 AlreadyExists`.
    pub fn is_already_exists(&self) -> bool {
        self.status().is_some_and(|s| s.reason() == StatusReason::ALREADY_EXISTS)
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
    /// The delay the server asked for before retrying, if any.
    pub fn retry_after(&self) -> Option<Duration> {
        self.status().and_then(|s| s.retry_after)
    }
}
