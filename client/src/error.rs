//! Client errors. A `Status` body from the server becomes [`Error::Api`], whose reason tells the
//! typed cases apart (`is_not_found`, `is_conflict`, …), as upstream's `apierrors` helpers do.
//! [`StatusError`] itself, and decoding a `Status` from a body, live below the client (in
//! `kapi_api::meta::errors`, shared with servers) and are re-exported here.

use std::time::Duration;

pub use kapi_api::meta::errors::{StatusError, decode_status, reason_for_code, synthesize_status};

/// A cause kept behind an [`Error`], reachable through [`std::error::Error::source`].
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Everything a client call can fail with. Variants that wrap a cause (a codec error, a selector
/// error) keep it as their [`source`](std::error::Error::source) and also show it in their
/// message, so neither a log line nor a walk of the chain loses it. New variants may be added.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The server answered with an error status.
    #[error("{0}")]
    Api(Box<StatusError>),
    /// The connection or TLS failed, or the request could not be sent.
    #[error("transport: {0}")]
    Transport(String),
    /// The response body could not be decoded.
    #[error("decoding the response ({context}): {source}")]
    Decode {
        /// What was decoded (`watch event 3`, the request).
        context: String,
        /// Why (often a `kapi_machinery::DecodeError` naming the field).
        #[source]
        source: BoxError,
    },
    /// The request body could not be encoded.
    #[error("encoding the request: {0}")]
    Encode(#[source] BoxError),
    /// A label selector given to the client is invalid.
    #[error("{0}")]
    Selector(#[from] crate::labels::SelectorError),
    /// The client configuration (kubeconfig, service account, URL) is unusable.
    #[error("configuration: {0}")]
    Config(String),
    /// The call is not valid for this resource or these arguments (e.g. a verb it does not support).
    #[error("invalid request: {0}")]
    InvalidRequest(String),
    /// A limit on time passed: connecting and the response headers, the whole of a non-watch
    /// response, or the silence between two pieces of a watch ([`crate::config::Limits`]).
    #[error("{request}: {what}: no progress within {limit:?}")]
    Timeout {
        /// The request (`GET https://…`).
        request: String,
        /// What was waited for (`the response headers`, `the response body`, `the next watch event`).
        what: String,
        /// The limit that passed.
        limit: Duration,
    },
    /// A non-watch response body was larger than [`crate::config::Limits::max_response_bytes`];
    /// the connection was closed after reading at most that many bytes.
    #[error("{request}: the response body exceeds the limit of {limit} bytes")]
    ResponseTooLarge {
        /// The request (`GET https://…`).
        request: String,
        /// The limit in bytes.
        limit: u64,
    },
    /// The TLS handshake failed (untrusted or expired certificate, wrong name, protocol error).
    #[error("{request}: TLS handshake with {server}: {message}")]
    Tls {
        /// The request (`GET https://…`).
        request: String,
        /// `host:port`.
        server: String,
        /// What rustls reported.
        message: String,
    },
    /// An exec credential plugin could not be run or returned no usable credential.
    #[error("exec credential plugin `{command}`: {message}")]
    ExecPlugin {
        /// The command as the kubeconfig names it.
        command: String,
        /// What went wrong, with the plugin's standard error when it failed.
        message: String,
    },
    /// An auth-provider (`oidc`) could not produce a credential.
    #[error("auth provider `{provider}`: {message}")]
    AuthProvider {
        /// The provider name (`oidc`).
        provider: String,
        /// What went wrong.
        message: String,
    },
}

impl Error {
    /// The error of a failed body read: a limit the transport enforces comes through as its own
    /// typed error (the body's `io::Error` carries it), anything else is a transport error of
    /// `request`.
    pub fn from_body(request: &str, e: std::io::Error) -> Error {
        if e.get_ref().is_some_and(|inner| inner.is::<Error>()) {
            if let Some(inner) = e.into_inner() {
                return match inner.downcast::<Error>() {
                    Ok(err) => *err,
                    Err(other) => Error::Transport(format!("{request}: reading the response: {other}")),
                };
            }
            return Error::Transport(format!("{request}: reading the response"));
        }
        Error::Transport(format!("{request}: reading the response: {e}"))
    }
}

impl Error {
    /// The server's status error, if this is one.
    pub fn status(&self) -> Option<&StatusError> {
        match self {
            Error::Api(s) => Some(s),
            _ => None,
        }
    }

    /// `404 NotFound`.
    pub fn is_not_found(&self) -> bool {
        self.status().is_some_and(StatusError::is_not_found)
    }
    /// `409 AlreadyExists`.
    pub fn is_already_exists(&self) -> bool {
        self.status().is_some_and(StatusError::is_already_exists)
    }
    /// `409 Conflict`.
    pub fn is_conflict(&self) -> bool {
        self.status().is_some_and(StatusError::is_conflict)
    }
    /// `422 Invalid`.
    pub fn is_invalid(&self) -> bool {
        self.status().is_some_and(StatusError::is_invalid)
    }
    /// `410 Gone` or `Expired`: the resource version is too old; re-list.
    pub fn is_gone(&self) -> bool {
        self.status().is_some_and(StatusError::is_gone)
    }
    /// `429 TooManyRequests`.
    pub fn is_too_many_requests(&self) -> bool {
        self.status().is_some_and(StatusError::is_too_many_requests)
    }
    /// `400 BadRequest` (e.g. a strict field validation failure).
    pub fn is_bad_request(&self) -> bool {
        self.status().is_some_and(StatusError::is_bad_request)
    }
    /// `403 Forbidden`.
    pub fn is_forbidden(&self) -> bool {
        self.status().is_some_and(StatusError::is_forbidden)
    }
    /// `401 Unauthorized`.
    pub fn is_unauthorized(&self) -> bool {
        self.status().is_some_and(StatusError::is_unauthorized)
    }
    /// `405 MethodNotAllowed`.
    pub fn is_method_not_allowed(&self) -> bool {
        self.status().is_some_and(StatusError::is_method_not_allowed)
    }
    /// The delay the server asked for before retrying, if any.
    pub fn retry_after(&self) -> Option<Duration> {
        self.status().and_then(|s| s.retry_after)
    }
}

/// Reads a `Retry-After` header given in seconds (the HTTP-date form is not used by the API
/// server and is ignored).
pub fn retry_after_header(headers: &http::HeaderMap) -> Option<Duration> {
    let value = headers.get(http::header::RETRY_AFTER)?.to_str().ok()?;
    value.trim().parse::<u64>().ok().map(Duration::from_secs)
}

/// `StatusError::from_response`: the error of an HTTP response, with this trait in scope.
/// (`StatusError` lives below the client, which knows no HTTP; this adds the header handling.)
pub trait StatusErrorExt {
    /// The error for a non-2xx response: its `Status` body if it has one, else a status
    /// synthesized from the code (reason as [`reason_for_code`], the body text quoted in the
    /// message and as an `UnexpectedServerResponse` cause). The retry delay comes from the
    /// `Retry-After` header, else `details.retryAfterSeconds`.
    fn from_response(code: u16, headers: &http::HeaderMap, body: &[u8]) -> StatusError;
}

impl StatusErrorExt for StatusError {
    fn from_response(code: u16, headers: &http::HeaderMap, body: &[u8]) -> StatusError {
        let content_type = headers.get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        StatusError::from_body(code, content_type, body, retry_after_header(headers))
    }
}

/// A server's status error as a client error.
impl From<StatusError> for Error {
    fn from(e: StatusError) -> Error {
        Error::Api(Box::new(e))
    }
}

/// A server's status error as a client error (the constructors of [`crate::api_errors`] return
/// it boxed, as [`Error::Api`] holds it).
impl From<Box<StatusError>> for Error {
    fn from(e: Box<StatusError>) -> Error {
        Error::Api(e)
    }
}
