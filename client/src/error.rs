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

/// Reads a `Retry-After` header given in seconds (the HTTP-date form is not used by the API
/// server and is ignored).
pub fn retry_after_header(headers: &http::HeaderMap) -> Option<Duration> {
    let value = headers.get(http::header::RETRY_AFTER)?.to_str().ok()?;
    value.trim().parse::<u64>().ok().map(Duration::from_secs)
}

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

impl StatusError {
    /// The error for a non-2xx response: its `Status` body if it has one, else a status
    /// synthesized from the code (reason as [`reason_for_code`], the body text quoted in the
    /// message and as an `UnexpectedServerResponse` cause). The retry delay comes from the
    /// `Retry-After` header, else `details.retryAfterSeconds`.
    pub fn from_response(code: u16, headers: &http::HeaderMap, body: &[u8]) -> StatusError {
        let content_type = headers.get(http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
        let status = match decode_status(content_type, body) {
            Some(mut s) => {
                if s.code == 0 {
                    s.code = i32::from(code);
                }
                s
            }
            None => synthesize_status(code, body),
        };
        let retry_after = retry_after_header(headers).or_else(|| {
            status
                .details
                .as_ref()
                .filter(|d| d.retry_after_seconds > 0)
                .map(|d| Duration::from_secs(d.retry_after_seconds.unsigned_abs().into()))
        });
        StatusError { code, status, retry_after }
    }
}

/// A failure `Status` for a response whose body is not one.
pub fn synthesize_status(code: u16, body: &[u8]) -> Status {
    use kapi_api::meta::v1::{CauseType, StatusDetails};
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
        status: kapi_api::meta::v1::STATUS_FAILURE.to_owned(),
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
