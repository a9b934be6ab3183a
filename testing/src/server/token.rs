//! The `token` subresource of service accounts: a `TokenRequest` checked in upstream's order (`TokenREST.Create`) and answered with a JWT-shaped token.
//!
//! The steps, as v1.36's `pkg/registry/core/serviceaccount/storage/token.go` and the create
//! handler before it take them:
//!
//! 1. the create handler: a namespace in the body must be the URL's (`400`, upstream's
//!    `EnsureObjectNamespaceMatchesRequestNamespace`); the body's system fields (its `uid`) are
//!    kept, as `TokenREST` asks the handler to;
//! 2. a name in the body must be the account's (`422`);
//! 3. the account must exist (`404`);
//! 4. a `metadata.uid` in the body must be the account's: `409 Conflict` while
//!    `TokenRequestServiceAccountUIDValidation` is on (v1.36's default), else an audit
//!    annotation and a warning;
//! 5. defaults: audiences (the server's), name, namespace and uid (the account's), creation
//!    time, no status; then `ValidateTokenRequest` (`422`, reported without a name);
//! 6. validating admission, on that request (the handler holds the write, [`Stage::Hold`]);
//! 7. `spec.boundObjectRef`: a `Pod` (which must run as the account), `Node` or `Secret` that
//!    must exist (`404`), no other kind (`400`), and a `uid` in the reference must be the
//!    object's (`409 Conflict` on `<Kind> "<name>"`);
//! 8. the token, whose claims name the account and the bound objects.

use std::time::Duration;

use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_http::body::Body;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;
use kapi_machinery::{GroupVersionResource, Subresource};

use super::ApiServer;
use super::call::{Call, object_response};
use super::subresource::{decode_as, input_kind};
use crate::tracker::meta;
use crate::tracker::options;
use crate::tracker::subresource::{at, set_at};
use crate::tracker::{Result, Stage, base64url};

/// The audience of tokens whose request names none (upstream's default API server audience).
pub const DEFAULT_TOKEN_AUDIENCE: &str = "https://kubernetes.default.svc.cluster.local";
/// The issuer written into tokens.
pub const TOKEN_ISSUER: &str = "https://kubernetes.default.svc.cluster.local";

/// kube-apiserver's service account token flags the server follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenOptions {
    /// `--service-account-max-token-expiration`: a longer `expirationSeconds` is shortened to
    /// it, with a warning. `None` (the default): no cap.
    pub max_expiration: Option<Duration>,
    /// `--service-account-extend-token-expiration` (on by default): a pod-bound token asked for
    /// with the kubelet's projected lifetime for the server's audience lasts a year.
    pub extend_expiration: bool,
}

impl Default for TokenOptions {
    fn default() -> Self {
        TokenOptions { max_expiration: None, extend_expiration: true }
    }
}

impl TokenOptions {
    /// kube-apiserver's check of the flags at startup: a cap, when set, lies between an hour and
    /// 2^32 seconds.
    pub fn validate(&self) -> std::result::Result<(), String> {
        match self.max_expiration {
            Some(max) if max < Duration::from_secs(3600) || max > Duration::from_secs(1 << 32) => {
                Err("the service-account-max-token-expiration must be between 1 hour and 2^32 seconds".into())
            }
            _ => Ok(()),
        }
    }
}

/// The lifetime the kubelet asks for its projected tokens (upstream's
/// `WarnOnlyBoundTokenExpirationSeconds`), which a pod-bound token request has extended.
const WARN_ONLY_BOUND_SECONDS: i64 = 60 * 60 + 7;
/// What such a token lasts (`ExpirationExtensionSeconds`: kube-apiserver's longest extended
/// lifetime without an external signer).
const EXTENDED_EXPIRATION_SECONDS: i64 = 24 * 365 * 60 * 60;

/// The gate under which a token request for another incarnation of the account is refused.
const UID_VALIDATION_GATE: &str = "TokenRequestServiceAccountUIDValidation";

/// An object a token is bound to, or whose node a pod-bound token names.
struct BoundRef {
    name: String,
    uid: String,
}

/// What `spec.boundObjectRef` binds the token to.
#[derive(Default)]
struct Bound {
    pod: Option<BoundRef>,
    secret: Option<BoundRef>,
    node: Option<BoundRef>,
}

impl ApiServer {
    /// Follows kube-apiserver's service account token flags ([`TokenOptions`]); an option the
    /// flags' own check refuses is refused with its words, and nothing changes.
    pub fn set_token_options(&self, options: TokenOptions) -> std::result::Result<(), String> {
        options.validate()?;
        *self.token_options.write().unwrap_or_else(std::sync::PoisonError::into_inner) = options;
        Ok(())
    }

    /// The service account token flags followed.
    pub fn token_options(&self) -> TokenOptions {
        *self.token_options.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `POST …/serviceaccounts/<name>/token`.
    pub(super) fn create_token(&self, call: &Call<'_>, sub: &Subresource) -> Result<http::Response<Body>> {
        call.require_subresource_verb("token", "create")?;
        let opts = call.query.create_options()?;
        let w = options::validate_create(&opts)?;
        let (request, mut warnings) = self.decode_input(call, sub, w.field_validation)?;
        let mut v = meta::to_value(request.as_ref())?;
        let kind = input_kind(sub, request.as_ref())?;
        let text = |v: &Value, path: &[&str]| at(v, path).and_then(Value::as_str).unwrap_or_default().to_owned();

        // The handler's namespace check ran before admission; these are `TokenREST.Create`'s,
        // which a namespace set by mutating admission reaches.
        let invalid =
            |name: &str, errs: &[FieldError]| api_errors::invalid("authentication.k8s.io", "TokenRequest", name, errs);
        let body_name = text(&v, &["metadata", "name"]);
        if !body_name.is_empty() && body_name != call.name() {
            let why = "must match the service account name if specified";
            return Err(invalid(call.name(), &[FieldError::invalid("metadata.name", body_name.as_str(), why)]));
        }
        let body_namespace = text(&v, &["metadata", "namespace"]);
        if !body_namespace.is_empty() && body_namespace != call.namespace() {
            let why = "must match the service account namespace if specified";
            return Err(invalid(
                call.name(),
                &[FieldError::invalid("metadata.namespace", body_namespace.as_str(), why)],
            ));
        }
        let account = self.tracker.get(&call.info.gvr(), call.namespace(), call.name(), &Default::default())?;
        let account = meta::to_value(account.as_ref())?;
        let account_uid = text(&account, &["metadata", "uid"]);

        let mut request_uid = text(&v, &["metadata", "uid"]);
        if !request_uid.is_empty() && request_uid != account_uid {
            let mismatch = format!(
                "the UID in the token request ({request_uid}) does not match the UID of the service account ({account_uid})"
            );
            if super::gates::with(&self.gates, |g| g.enabled_known(UID_VALIDATION_GATE)) {
                // upstream's GroupResource here is the request's group and kind, not a resource.
                return Err(api_errors::into_error(api_errors::failure(
                    409,
                    kapi_api::meta::v1::StatusReason::CONFLICT,
                    format!(
                        "Operation cannot be fulfilled on TokenRequest.authentication.k8s.io {:?}: {mismatch}",
                        call.name()
                    ),
                    Some(details("authentication.k8s.io", "TokenRequest", call.name())),
                )));
            }
            super::audit::annotate("authentication.k8s.io/token-request-uid-mismatch", mismatch.clone());
            warnings.push(format!(
                "{mismatch} but {UID_VALIDATION_GATE} is not enabled. In the future, this will return a conflict error"
            ));
        } else if request_uid.is_empty() {
            request_uid.clone_from(&account_uid);
        }

        let mut seconds = match at(&v, &["spec", "expirationSeconds"]) {
            Some(Value::Number(n)) => n.parse::<i64>().unwrap_or(-1),
            _ => 3600,
        };
        let now = Time::now();
        let audiences = match at(&v, &["spec", "audiences"]) {
            Some(Value::Array(a)) if !a.is_empty() => a.clone(),
            _ => vec![Value::String(DEFAULT_TOKEN_AUDIENCE.into())],
        };
        set_at(&mut v, &["spec", "audiences"], Some(Value::Array(audiences.clone())));
        set_at(&mut v, &["spec", "expirationSeconds"], Some(Value::Number(seconds.to_string())));
        set_at(&mut v, &["metadata", "name"], Some(Value::String(call.name().into())));
        set_at(&mut v, &["metadata", "namespace"], Some(Value::String(call.namespace().into())));
        let uid = (!request_uid.is_empty()).then_some(Value::String(request_uid));
        set_at(&mut v, &["metadata", "uid"], uid);
        set_at(&mut v, &["metadata", "creationTimestamp"], Some(Value::String(now.format_rfc3339())));
        set_at(&mut v, &["status"], None);
        let path = "spec.expirationSeconds";
        let mut errs = Vec::new();
        if seconds < 600 {
            errs.push(FieldError::invalid_value(path, seconds, "may not specify a duration less than 10 minutes"));
        } else if seconds > 1 << 32 {
            errs.push(FieldError::invalid_value(path, seconds, "may not specify a duration larger than 2^32 seconds"));
        }
        if !errs.is_empty() {
            return Err(invalid("", &errs));
        }
        if matches!(call.stage, Stage::Hold) {
            let held = decode_as(kind, &v)?;
            return object_response(201, call.enc, held.as_ref(), &warnings);
        }

        let bound = match at(&v, &["spec", "boundObjectRef"]) {
            Some(r @ Value::Object(_)) => self.bound_object(call, r)?,
            _ => Bound::default(),
        };
        let options = self.token_options();
        // Shortened to the cap (the one positive value allowed), after the bound object is read.
        if let Some(max) = options.max_expiration.map(|m| i64::try_from(m.as_secs()).unwrap_or(i64::MAX))
            && max > 0
            && seconds > max
        {
            warnings.push(format!("requested expiration of {seconds} seconds shortened to {max} seconds"));
            seconds = max;
            set_at(&mut v, &["spec", "expirationSeconds"], Some(Value::Number(seconds.to_string())));
        }
        // A pod-bound token asked for with the kubelet's projected lifetime (3607 s) for the
        // server's own audiences lasts a year, and says when its user should have replaced it
        // (kube-apiserver's `--service-account-extend-token-expiration`, on by default; the
        // status still names the lifetime asked for).
        let kube_audiences = audiences.iter().all(|a| a.as_str() == Some(DEFAULT_TOKEN_AUDIENCE));
        let extended = options.extend_expiration && bound.pod.is_some();
        let asked_end = now.unix_seconds().saturating_add(seconds);
        let (lifetime, warn_after) = if extended && seconds == WARN_ONLY_BOUND_SECONDS && kube_audiences {
            (EXTENDED_EXPIRATION_SECONDS, Some(asked_end))
        } else {
            (seconds, None)
        };
        let expires = now.unix_seconds().saturating_add(lifetime);
        // Every token has an id (`jti`, `ServiceAccountTokenJTI`, GA), recorded in the audit
        // event as the credential id its uses will carry.
        let jti = meta::new_uid();
        super::audit::annotate("authentication.kubernetes.io/issued-credential-id", format!("JTI={jti}"));
        let claims = Claims {
            jti: &jti,
            namespace: call.namespace(),
            name: call.name(),
            uid: &account_uid,
            audiences: &audiences,
            bound: &bound,
            issued: now.unix_seconds(),
            expires,
            warn_after,
        };
        set_at(&mut v, &["status", "token"], Some(Value::String(token(&claims))));
        set_at(
            &mut v,
            &["status", "expirationTimestamp"],
            Some(Value::String(Time::from_unix(asked_end).format_rfc3339())),
        );
        let out = decode_as(kind, &v)?;
        object_response(201, call.enc, out.as_ref(), &warnings)
    }

    /// Reads the object `spec.boundObjectRef` names, as upstream's `TokenREST.Create` does after
    /// validating admission: the kind from `apiVersion` and `kind` (core `Pod`, `Node` or
    /// `Secret`), the object itself, and its uid against the reference's.
    fn bound_object(&self, call: &Call<'_>, reference: &Value) -> Result<Bound> {
        let field = |k: &str| reference.get(k).and_then(Value::as_str).unwrap_or_default();
        let (group, version) = parse_group_version(field("apiVersion"));
        let kind = field("kind");
        let name = field("name");
        let get = |resource: &str, namespace: &str| -> Result<Value> {
            let gvr = GroupVersionResource::new("", "v1", resource);
            let obj = self.tracker.get(&gvr, namespace, name, &Default::default())?;
            meta::to_value(obj.as_ref())
        };
        let uid_of = |obj: &Value| at(obj, &["metadata", "uid"]).and_then(Value::as_str).unwrap_or_default().to_owned();
        let mut bound = Bound::default();
        let uid = match (group, kind) {
            ("", "Pod") => {
                let pod = get("pods", call.namespace())?;
                let runs_as = at(&pod, &["spec", "serviceAccountName"]).and_then(Value::as_str).unwrap_or_default();
                if runs_as != call.name() {
                    return Err(api_errors::bad_request(format!(
                        "cannot bind token for serviceaccount {:?} to pod running with different serviceaccount name.",
                        call.name()
                    )));
                }
                // ServiceAccountTokenPodNodeInfo (GA): the pod's node is named too, with its uid
                // when the node exists.
                let node_name = at(&pod, &["spec", "nodeName"]).and_then(Value::as_str).unwrap_or_default();
                if !node_name.is_empty() {
                    let nodes = GroupVersionResource::new("", "v1", "nodes");
                    let node_uid = match self.tracker.get(&nodes, "", node_name, &Default::default()) {
                        Ok(node) => uid_of(&meta::to_value(node.as_ref())?),
                        Err(e) if e.is_not_found() => String::new(),
                        Err(e) => return Err(api_errors::internal(&e.to_string())),
                    };
                    bound.node = Some(BoundRef { name: node_name.to_owned(), uid: node_uid });
                }
                let uid = uid_of(&pod);
                bound.pod = Some(BoundRef { name: name.to_owned(), uid: uid.clone() });
                uid
            }
            // ServiceAccountTokenNodeBinding is generally available and locked on in v1.36.
            ("", "Node") => {
                let uid = uid_of(&get("nodes", "")?);
                bound.node = Some(BoundRef { name: name.to_owned(), uid: uid.clone() });
                uid
            }
            ("", "Secret") => {
                let uid = uid_of(&get("secrets", call.namespace())?);
                bound.secret = Some(BoundRef { name: name.to_owned(), uid: uid.clone() });
                uid
            }
            _ => {
                return Err(api_errors::bad_request(format!(
                    "cannot bind token to object of type {group}/{version}, Kind={kind}"
                )));
            }
        };
        let wanted = field("uid");
        if !wanted.is_empty() && wanted != uid {
            // upstream names the object by its kind, as if it were a resource.
            return Err(api_errors::into_error(api_errors::failure(
                409,
                kapi_api::meta::v1::StatusReason::CONFLICT,
                format!(
                    "Operation cannot be fulfilled on {} {name:?}: the UID in the bound object reference ({wanted}) does not match the UID in record. The object might have been deleted and then recreated",
                    api_errors::qualified_resource(group, kind)
                ),
                Some(details(group, kind, name)),
            )));
        }
        Ok(bound)
    }
}

/// A `Conflict`'s details: the group, the "resource" upstream names and the name.
fn details(group: &str, kind: &str, name: &str) -> kapi_api::meta::v1::StatusDetails {
    kapi_api::meta::v1::StatusDetails {
        name: name.into(),
        group: group.into(),
        kind: kind.into(),
        ..Default::default()
    }
}

/// An `apiVersion` as upstream's `FromAPIVersionAndKind` reads it: `group/version`, a bare
/// version for the core group, and nothing at all from text with more than one slash.
fn parse_group_version(api_version: &str) -> (&str, &str) {
    match api_version.split_once('/') {
        _ if api_version.is_empty() || api_version == "/" => ("", ""),
        None => ("", api_version),
        Some((_, rest)) if rest.contains('/') => ("", ""),
        Some((group, version)) => (group, version),
    }
}

/// What a token's claims say.
struct Claims<'a> {
    jti: &'a str,
    namespace: &'a str,
    name: &'a str,
    uid: &'a str,
    audiences: &'a [Value],
    bound: &'a Bound,
    issued: i64,
    expires: i64,
    /// `kubernetes.io.warnafter`: when an extended token's requested lifetime ended.
    warn_after: Option<i64>,
}

/// A JWT-shaped service account token: `header.claims.signature`, base64url without padding;
/// the signature is random bytes, as nothing verifies it.
fn token(c: &Claims<'_>) -> String {
    let header = br#"{"alg":"RS256","kid":"kapi-testing"}"#.to_vec();
    // upstream's private claims, in their order; an empty uid is left out.
    let reference = |r: &BoundRef| {
        let mut fields = vec![("name".into(), Value::String(r.name.clone()))];
        if !r.uid.is_empty() {
            fields.push(("uid".into(), Value::String(r.uid.clone())));
        }
        Value::Object(fields)
    };
    let account = BoundRef { name: c.name.to_owned(), uid: c.uid.to_owned() };
    let mut kubernetes =
        vec![("namespace".into(), Value::String(c.namespace.into())), ("serviceaccount".into(), reference(&account))];
    for (key, r) in [("pod", &c.bound.pod), ("secret", &c.bound.secret), ("node", &c.bound.node)] {
        if let Some(r) = r {
            kubernetes.push((key.into(), reference(r)));
        }
    }
    if let Some(at) = c.warn_after {
        kubernetes.push(("warnafter".into(), Value::Number(at.to_string())));
    }
    let claims = Value::Object(vec![
        ("aud".into(), Value::Array(c.audiences.to_vec())),
        ("exp".into(), Value::Number(c.expires.to_string())),
        ("iat".into(), Value::Number(c.issued.to_string())),
        ("iss".into(), Value::String(TOKEN_ISSUER.into())),
        ("jti".into(), Value::String(c.jti.into())),
        ("kubernetes.io".into(), Value::Object(kubernetes)),
        ("nbf".into(), Value::Number(c.issued.to_string())),
        ("sub".into(), Value::String(format!("system:serviceaccount:{}:{}", c.namespace, c.name))),
    ]);
    let mut signature = Vec::with_capacity(32);
    for _ in 0..4 {
        signature.extend_from_slice(&meta::random_u64().to_be_bytes());
    }
    [header, claims.to_compact_vec(), signature].iter().map(|part| base64url(part)).collect::<Vec<_>>().join(".")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value;

    fn claims_of(t: &str) -> Value {
        let parts: Vec<&str> = t.split('.').collect();
        assert_eq!(parts.len(), 3);
        let mut std: Vec<u8> = parts[1]
            .bytes()
            .map(|c| match c {
                b'-' => b'+',
                b'_' => b'/',
                c => c,
            })
            .collect();
        while !std.len().is_multiple_of(4) {
            std.push(b'=');
        }
        value::parse(&kapi_machinery::base64::decode(&std).unwrap()).unwrap()
    }

    #[test]
    fn tokens_are_three_base64url_parts() {
        let bound = Bound::default();
        let audiences = [Value::String("a".into())];
        let c = Claims {
            jti: "j",
            namespace: "ns",
            name: "sa",
            uid: "u",
            audiences: &audiences,
            bound: &bound,
            issued: 1,
            expires: 2,
            warn_after: None,
        };
        let t = token(&c);
        assert!(t.bytes().all(|c| c.is_ascii_alphanumeric() || b"-_.".contains(&c)), "{t}");
        let claims = claims_of(&t);
        assert_eq!(claims.get("sub").and_then(Value::as_str), Some("system:serviceaccount:ns:sa"));
        assert_eq!(at(&claims, &["kubernetes.io", "pod"]), None);
        // Upstream's claims are a JSON object of sorted keys.
        let keys: Vec<&str> = match &claims {
            Value::Object(m) => m.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        };
        assert_eq!(keys, ["aud", "exp", "iat", "iss", "jti", "kubernetes.io", "nbf", "sub"]);
    }

    #[test]
    fn tokens_name_the_objects_they_are_bound_to() {
        let bound = Bound {
            pod: Some(BoundRef { name: "p".into(), uid: "pu".into() }),
            node: Some(BoundRef { name: "n".into(), uid: String::new() }),
            secret: None,
        };
        let c = Claims {
            jti: "j",
            namespace: "ns",
            name: "sa",
            uid: "u",
            audiences: &[],
            bound: &bound,
            issued: 1,
            expires: 2,
            warn_after: Some(3),
        };
        let claims = claims_of(&token(&c));
        assert_eq!(at(&claims, &["kubernetes.io", "pod", "uid"]).and_then(Value::as_str), Some("pu"));
        assert_eq!(at(&claims, &["kubernetes.io", "node", "name"]).and_then(Value::as_str), Some("n"));
        assert_eq!(at(&claims, &["kubernetes.io", "secret"]), None);
        // upstream's `kubernetes` claims struct: the references, then `warnafter`.
        let keys: Vec<&str> = match at(&claims, &["kubernetes.io"]) {
            Some(Value::Object(m)) => m.iter().map(|(k, _)| k.as_str()).collect(),
            _ => Vec::new(),
        };
        assert_eq!(keys, ["namespace", "serviceaccount", "pod", "node", "warnafter"]);
    }

    #[test]
    fn api_versions_are_read_as_upstream_reads_them() {
        assert_eq!(parse_group_version("v1"), ("", "v1"));
        assert_eq!(parse_group_version(""), ("", ""));
        assert_eq!(parse_group_version("apps/v1"), ("apps", "v1"));
        assert_eq!(parse_group_version("a/b/c"), ("", ""));
    }
}
