//! The request being served and how answers are written: [`Call`], the JSON/YAML/protobuf object and `Status` responses, strict-decoding findings and patch errors, shared by the handler and the modules it dispatches to.

use bytes::Bytes;
use http::{StatusCode, header};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::StatusReason;
use kapi_http::body::{self, Body};
use kapi_machinery::{DecodeErrorKind, KindInfo, Object};

use super::codec;
use super::negotiate::Encoding;
use super::patch::{MergeRules, PatchError};
use super::query::Query;
use super::route::Route;
use crate::tracker::options::FieldValidation;
use crate::tracker::{Error, Result, Stage};

/// One request being served.
pub(super) struct Call<'a> {
    pub(super) info: ResourceInfo,
    pub(super) route: Route,
    pub(super) query: Query,
    pub(super) req: &'a http::Request<Bytes>,
    /// The response encoding.
    pub(super) enc: Encoding,
    /// Whether a create or update is held back for validating admission or commits a held
    /// one (`Stage::Store` for every other request).
    pub(super) stage: Stage<'a>,
}

/// Marks a request the server made itself from an admitted apply (see `admission.rs`): its
/// object's managed fields were computed by the field manager already. An extension, never a
/// header, so no client can send it.
#[derive(Debug, Clone, Copy)]
pub(super) struct ManagedFieldsComputed;

/// The document a view shows of a stored object.
pub(super) type ToDoc<'a> = &'a dyn Fn(&dyn Object) -> Result<Box<dyn Object>>;
/// The object to store, from the stored one and the patched document.
pub(super) type FromDoc<'a> = &'a dyn Fn(&dyn Object, Box<dyn Object>) -> Result<Box<dyn Object>>;

/// What a patch applies to: the object, or a view of it of another kind (`scale`).
pub(super) struct PatchView<'a> {
    /// The kind of the patched document.
    pub(super) kind: KindInfo,
    /// How the document's lists merge.
    pub(super) rules: MergeRules,
    /// The document of a stored object.
    pub(super) to_doc: ToDoc<'a>,
    /// The object to store, from the stored one and the patched document.
    pub(super) from_doc: FromDoc<'a>,
}

impl Call<'_> {
    pub(super) fn namespace(&self) -> &str {
        self.route.namespace.as_deref().unwrap_or_default()
    }

    pub(super) fn name(&self) -> &str {
        self.route.name.as_deref().unwrap_or_default()
    }

    pub(super) fn header(&self, name: header::HeaderName) -> Option<&str> {
        self.req.headers().get(name).and_then(|v| v.to_str().ok())
    }

    /// The `apiVersion`s a body for this resource may name.
    pub(super) fn api_versions(&self) -> Vec<String> {
        vec![self.info.gvk().api_version()]
    }

    /// A verb the resource does not serve. Upstream's installer registers a route only for what
    /// the storage implements, so its router answers a missing one with its bare `405`; only a
    /// watch through a list path reaches the list handler, which refuses it as
    /// `NewMethodNotSupported` (`watch is not supported on resources of kind "…"`).
    pub(super) fn require_verb(&self, verb: &str) -> Result<()> {
        match verb {
            _ if self.info.supports(verb) => Ok(()),
            "watch" => Err(api_errors::method_not_supported(&self.info, verb)),
            _ => Err(api_errors::method_not_allowed()),
        }
    }

    /// Subresources are served with the verbs they declare; upstream routes no other method.
    pub(super) fn require_subresource_verb(&self, subresource: &str, verb: &str) -> Result<()> {
        match self.info.subresource(subresource) {
            Some(s) if s.supports(verb) => Ok(()),
            _ => Err(api_errors::method_not_allowed()),
        }
    }
}

/// The `Warning` header of a warning text, as upstream's `NewWarningHeader` makes it:
/// `299 - "<text>"` with only `"` and `\` escaped (UTF-8 stays as it is); a text with a control
/// character makes none (upstream's recorder drops it).
pub(super) fn warning_header(text: &str) -> Option<http::HeaderValue> {
    if text.chars().any(char::is_control) {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str("299 - \"");
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    http::HeaderValue::from_bytes(out.as_bytes()).ok()
}

/// Go's `http.Error`: a plain-text body ending in a newline, not a `Status`, as upstream's filters
/// answer where no API handler writes the reply (a refused request, a recovered panic).
pub(super) fn plain_text_error(code: StatusCode, text: &str) -> http::Response<Body> {
    let mut resp = http::Response::new(body::full(format!("{text}\n").into_bytes()));
    *resp.status_mut() = code;
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, http::HeaderValue::from_static("text/plain; charset=utf-8"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, http::HeaderValue::from_static("nosniff"));
    resp
}

pub(super) fn respond(code: u16, enc: Encoding, data: Vec<u8>, warnings: &[String]) -> http::Response<Body> {
    let mut resp = http::Response::new(body::full(data));
    *resp.status_mut() = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    resp.headers_mut().insert(header::CONTENT_TYPE, http::HeaderValue::from_static(enc.media_type()));
    for v in warnings.iter().filter_map(|w| warning_header(w)) {
        resp.headers_mut().append(header::WARNING, v);
    }
    resp
}

pub(super) fn object_response(
    code: u16,
    enc: Encoding,
    obj: &dyn Object,
    warnings: &[String],
) -> Result<http::Response<Body>> {
    super::audit::log_response_object(obj);
    Ok(respond(code, enc, codec::encode(enc, obj)?, warnings))
}

/// Encodes an error's `Status` with its code; `Retry-After` when it asks for a delay.
pub(crate) fn error_response(err: &Error, enc: Encoding) -> http::Response<Body> {
    let status = api_errors::status_of(err);
    super::audit::log_response_status(&status);
    let code = u16::try_from(status.code).ok().filter(|c| (400..600).contains(c)).unwrap_or(500);
    let retry = status.details.as_ref().map(|d| d.retry_after_seconds).filter(|s| *s > 0);
    let mut resp = match codec::encode(enc, &status) {
        Ok(data) => respond(code, enc, data, &[]),
        Err(_) => {
            let mut r = http::Response::new(body::full(status.message.clone()));
            *r.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            r
        }
    };
    if let Some(s) = retry
        && let Ok(v) = http::HeaderValue::from_str(&s.to_string())
    {
        resp.headers_mut().insert(header::RETRY_AFTER, v);
    }
    resp
}

/// An error as upstream's `ErrorNegotiated` writes it: in the encoding `Accept` asks for (any
/// of JSON, YAML and protobuf, for every resource), else, when nothing acceptable can be
/// produced, as indented JSON (`WriteRawJSON`, `json.MarshalIndent(status, "", "  ")`).
pub(crate) fn negotiated_error_response(err: &Error, accept: Option<&str>) -> http::Response<Body> {
    if let Ok(enc) = super::negotiate::response_encoding(accept, true) {
        return error_response(err, enc);
    }
    let status = api_errors::status_of(err);
    super::audit::log_response_status(&status);
    let code = u16::try_from(status.code).ok().filter(|c| (400..600).contains(c)).unwrap_or(500);
    match kapi_machinery::json::to_vec_pretty(&status) {
        Ok(data) => respond(code, Encoding::Json, data, &[]),
        Err(e) => {
            let mut r = http::Response::new(body::full(e.to_string()));
            *r.status_mut() = StatusCode::INTERNAL_SERVER_ERROR;
            r
        }
    }
}

/// Sorts strict-decoding findings by the field validation directive: `Strict` fails with
/// upstream's `strict decoding error: …`, `Warn` returns them as warnings, `Ignore` drops them.
pub(super) fn findings(fv: FieldValidation, found: Vec<String>) -> Result<Vec<String>> {
    match fv {
        FieldValidation::Ignore => Ok(Vec::new()),
        FieldValidation::Warn => Ok(found),
        FieldValidation::Strict if found.is_empty() => Ok(Vec::new()),
        FieldValidation::Strict => Err(api_errors::bad_request(DecodeErrorKind::Strict(found).to_string())),
    }
}

pub(super) fn patch_error(e: PatchError) -> Error {
    match e {
        PatchError::Malformed(m) => api_errors::bad_request(m),
        PatchError::NotApplicable(m) | PatchError::TestFailed(m) => {
            api_errors::into_error(api_errors::failure(422, StatusReason::INVALID, m, None))
        }
    }
}
