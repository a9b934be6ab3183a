//! The create-only reviews of `authentication.k8s.io` and `authorization.k8s.io`: answered with a status as kube-apiserver computes it, never stored.

// A self review names the requester as `authn` finds it (a static token's user, a service
// account of a token the server issued, or `system:anonymous`); a token review authenticates the
// server's own service account tokens while their account exists and they have not expired.
// Access and rules reviews answer from RBAC when the server authorizes with it (`rbac`), else
// allow everything, as kube-apiserver's `AlwaysAllow` mode does.

use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::resource::ResourceInfo;
use kapi_http::body::Body;
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::Time;

use super::ApiServer;
use super::authn::UserInfo;
use super::call::{Call, object_response};
use super::token::{DEFAULT_TOKEN_AUDIENCE, TOKEN_ISSUER};
use crate::tracker::Result;
use crate::tracker::meta;
use crate::tracker::options;
use crate::tracker::subresource::{at, set_at};

const AUTHENTICATION: &str = "authentication.k8s.io";

// The extras of a service account token's user (k8s.io/apiserver `authentication/serviceaccount`
// and `authentication/user`).
const POD_NAME_KEY: &str = "authentication.kubernetes.io/pod-name";
const POD_UID_KEY: &str = "authentication.kubernetes.io/pod-uid";
const NODE_NAME_KEY: &str = "authentication.kubernetes.io/node-name";
const NODE_UID_KEY: &str = "authentication.kubernetes.io/node-uid";
const CREDENTIAL_ID_KEY: &str = "authentication.kubernetes.io/credential-id";
const AUTHORIZATION: &str = "authorization.k8s.io";

/// Whether a resource is one of the reviews this module answers.
pub(super) fn is_review(info: &ResourceInfo) -> bool {
    info.list_kind.is_none()
        && matches!(
            (info.group, info.kind),
            (AUTHENTICATION, "TokenReview" | "SelfSubjectReview")
                | (
                    AUTHORIZATION,
                    "SubjectAccessReview"
                        | "SelfSubjectAccessReview"
                        | "LocalSubjectAccessReview"
                        | "SelfSubjectRulesReview"
                )
        )
}

/// What a token review finds: the user and the token's audiences, or why the token is refused
/// (`None` for a token that is not one of the server's at all, which upstream answers without
/// an error either).
type Authenticated = std::result::Result<(UserInfo, Vec<Value>), Option<String>>;

/// A JWT part: base64url without padding.
fn base64url_decode(part: &str) -> Option<Vec<u8>> {
    let mut padded: String = part
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '/',
            c => c,
        })
        .collect();
    while !padded.len().is_multiple_of(4) {
        padded.push('=');
    }
    kapi_machinery::base64::decode(padded.as_bytes()).ok()
}

impl ApiServer {
    /// Authenticates a token the server issued, as upstream's service account token validator
    /// (`pkg/serviceaccount/claims.go`, `Validate`) does: its claims name this server's issuer, it
    /// has not expired, its service account exists with the claimed uid and is not being deleted,
    /// and the secret, pod or node it is bound to still exists with the claimed uid and is not
    /// being deleted (a node checked only when the token is bound to it, not to a pod on it). The
    /// user carries the pod, the node and the credential id (`JTI=<jti>`) as extras. The server
    /// signs nothing, so the signature is not checked.
    pub(super) fn authenticate_token(&self, token: &str) -> Authenticated {
        let parts: Vec<&str> = token.split('.').collect();
        let [_, claims, _] = parts.as_slice() else { return Err(None) };
        let Some(claims) = base64url_decode(claims).and_then(|c| value::parse(&c).ok()) else { return Err(None) };
        if at(&claims, &["iss"]).and_then(Value::as_str) != Some(TOKEN_ISSUER) {
            return Err(None);
        }
        let text = |path: &[&str]| at(&claims, path).and_then(Value::as_str).unwrap_or_default().to_owned();
        let namespace = text(&["kubernetes.io", "namespace"]);
        let name = text(&["kubernetes.io", "serviceaccount", "name"]);
        let uid = text(&["kubernetes.io", "serviceaccount", "uid"]);
        let expires = match at(&claims, &["exp"]) {
            Some(Value::Number(n)) => n.parse::<i64>().unwrap_or(0),
            _ => 0,
        };
        if expires <= Time::now().unix_seconds() {
            return Err(Some("service account token has expired".into()));
        }
        // Objects deleted (marked) more than go-jose's default leeway, a minute, ago no longer
        // back a token.
        let deleted = |v: &Value| {
            at(v, &["metadata", "deletionTimestamp"])
                .and_then(Value::as_str)
                .and_then(|t| Time::parse_rfc3339(t).ok())
                .is_some_and(|t| t.unix_seconds() < Time::now().unix_seconds() - 60)
        };
        let read = |resource: &str, namespace: &str, name: &str| {
            let gvr = GroupVersionResource::new("", "v1", resource);
            self.tracker.get(&gvr, namespace, name, &Default::default()).and_then(|o| meta::to_value(o.as_ref()))
        };
        let uid_of = |v: &Value| at(v, &["metadata", "uid"]).and_then(Value::as_str).unwrap_or_default().to_owned();
        let account =
            read("serviceaccounts", &namespace, &name).map_err(|e| Some(api_errors::status_of(&e).message))?;
        if uid_of(&account) != uid {
            return Err(Some(format!("service account UID ({}) does not match claim ({uid})", uid_of(&account))));
        }
        if deleted(&account) {
            return Err(Some(format!("service account {namespace}/{name} has been deleted")));
        }
        let invalidated = || Some("service account token has been invalidated".to_owned());
        let mut extra = std::collections::BTreeMap::new();
        // Each bound object: read, its uid compared, then its deletion, in upstream's order.
        let bound = |resource: &str,
                     key: &str,
                     what: &str,
                     namespace: &str|
         -> std::result::Result<Option<(String, String)>, Option<String>> {
            let Some(name) = at(&claims, &["kubernetes.io", key, "name"]).and_then(Value::as_str) else {
                return Ok(None);
            };
            let claimed = text(&["kubernetes.io", key, "uid"]);
            let object = read(resource, namespace, name).map_err(|_| invalidated())?;
            if uid_of(&object) != claimed {
                let found = uid_of(&object);
                return Err(Some(format!(
                    "{what} UID ({found}) does not match service account {key} ref claim ({claimed})"
                )));
            }
            if deleted(&object) {
                return Err(invalidated());
            }
            Ok(Some((name.to_owned(), claimed)))
        };
        bound("secrets", "secret", "secret", &namespace)?;
        let pod = bound("pods", "pod", "pod", &namespace)?;
        if let Some((pod_name, pod_uid)) = &pod {
            extra.insert(POD_NAME_KEY.to_owned(), vec![pod_name.clone()]);
            extra.insert(POD_UID_KEY.to_owned(), vec![pod_uid.clone()]);
        }
        // A pod-bound token names its pod's node, taken from the claims as they are; a token
        // bound to a node itself has the node checked.
        let node = match pod {
            Some(_) => at(&claims, &["kubernetes.io", "node", "name"])
                .and_then(Value::as_str)
                .map(|n| (n.to_owned(), text(&["kubernetes.io", "node", "uid"]))),
            None => bound("nodes", "node", "node", "")?,
        };
        if let Some((node_name, node_uid)) = node {
            extra.insert(NODE_NAME_KEY.to_owned(), vec![node_name]);
            if !node_uid.is_empty() {
                extra.insert(NODE_UID_KEY.to_owned(), vec![node_uid]);
            }
        }
        let jti = text(&["jti"]);
        if !jti.is_empty() {
            extra.insert(CREDENTIAL_ID_KEY.to_owned(), vec![format!("JTI={jti}")]);
        }
        let audiences = match at(&claims, &["aud"]) {
            Some(Value::Array(a)) => a.clone(),
            _ => Vec::new(),
        };
        // An extended token used past the lifetime it was asked for still authenticates; the
        // request's audit event says how long past (claims.go's `Validate`).
        if let Some(Value::Number(n)) = at(&claims, &["kubernetes.io", "warnafter"])
            && let Ok(warn_after) = n.parse::<i64>()
            && warn_after != 0
            && let late = Time::now().unix_seconds().saturating_sub(warn_after)
            && late > 0
        {
            let subject = text(&["sub"]);
            super::audit::annotate(
                "authentication.k8s.io/stale-token",
                format!("subject: {subject}, seconds after warning threshold: {late}"),
            );
        }
        let user = UserInfo {
            username: format!("system:serviceaccount:{namespace}:{name}"),
            uid,
            groups: vec![
                "system:serviceaccounts".into(),
                format!("system:serviceaccounts:{namespace}"),
                "system:authenticated".into(),
            ],
            extra,
        };
        Ok((user, audiences))
    }

    /// The user a request acts as (see [`ApiServer::authenticate_request`]).
    fn requester(&self, call: &Call<'_>) -> UserInfo {
        self.authenticate_request(call.req).unwrap_or_else(|_| UserInfo::anonymous())
    }

    /// Answers a review: decodes it, validates it as upstream does, sets its status and returns
    /// it with `201 Created`. Nothing is stored.
    pub(super) fn review(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        call.require_verb("create")?;
        let opts = call.query.create_options()?;
        let w = options::validate_create(&opts)?;
        let (obj, warnings) = self.decode_body(call, w.field_validation)?;
        let mut v = meta::to_value(obj.as_ref())?;
        let errs = self.review_status(call, &mut v)?;
        if !errs.is_empty() {
            return Err(api_errors::invalid(call.info.group, call.info.kind, "", &errs));
        }
        let out = meta::from_value(&call.info, &v)?;
        object_response(201, call.enc, out.as_ref(), &warnings)
    }

    /// Sets the review's status; field errors for a review upstream refuses.
    fn review_status(&self, call: &Call<'_>, v: &mut Value) -> Result<Vec<FieldError>> {
        let mut errs = Vec::new();
        match call.info.kind {
            "TokenReview" => {
                let token = at(v, &["spec", "token"]).and_then(Value::as_str).unwrap_or_default().to_owned();
                if token.is_empty() {
                    return Err(api_errors::bad_request("token is required for TokenReview in authentication"));
                }
                let wanted = match at(v, &["spec", "audiences"]) {
                    Some(Value::Array(a)) if !a.is_empty() => a.clone(),
                    _ => vec![Value::String(DEFAULT_TOKEN_AUDIENCE.into())],
                };
                let mut status = Vec::new();
                match self.authenticate_token(&token) {
                    Ok((user, audiences)) if audiences.iter().any(|a| wanted.contains(a)) => {
                        status.push(("authenticated".to_owned(), Value::Bool(true)));
                        status.push(("user".to_owned(), user.to_value()));
                        status.push(("audiences".to_owned(), Value::Array(audiences)));
                    }
                    Ok((_, audiences)) => {
                        status.push(("user".to_owned(), Value::Object(Vec::new())));
                        let show = |a: &[Value]| {
                            let names: Vec<String> =
                                a.iter().filter_map(Value::as_str).map(|s| format!("{s:?}")).collect();
                            format!("[{}]", names.join(" "))
                        };
                        let error = format!(
                            "[invalid bearer token, token audiences {} is invalid for the target audiences {}]",
                            show(&audiences),
                            show(&wanted)
                        );
                        status.push(("error".to_owned(), Value::String(error)));
                    }
                    Err(reason) => {
                        status.push(("user".to_owned(), Value::Object(Vec::new())));
                        if let Some(reason) = reason {
                            status
                                .push(("error".to_owned(), Value::String(format!("[invalid bearer token, {reason}]"))));
                        }
                    }
                }
                set_at(v, &["status"], Some(Value::Object(status)));
            }
            "SelfSubjectReview" => {
                let user = self.requester(call);
                set_at(v, &["status"], Some(Value::Object(vec![("userInfo".to_owned(), user.to_value())])));
            }
            "SubjectAccessReview" | "SelfSubjectAccessReview" | "LocalSubjectAccessReview" => {
                empty_metadata(v, call.info.kind == "LocalSubjectAccessReview", &mut errs);
                let resource = at(v, &["spec", "resourceAttributes"]).is_some();
                let non_resource = at(v, &["spec", "nonResourceAttributes"]).is_some();
                if call.info.kind == "LocalSubjectAccessReview" {
                    if non_resource {
                        errs.push(FieldError::invalid(
                            "spec.nonResourceAttributes",
                            "",
                            "disallowed on this kind of request",
                        ));
                    }
                    let ns =
                        at(v, &["spec", "resourceAttributes", "namespace"]).and_then(Value::as_str).unwrap_or_default();
                    if resource && ns != call.namespace() {
                        errs.push(FieldError::invalid(
                            "spec.resourceAttributes.namespace",
                            ns,
                            "must match metadata.namespace",
                        ));
                    }
                }
                if resource && non_resource {
                    errs.push(FieldError::invalid(
                        "spec.nonResourceAttributes",
                        "",
                        "cannot be specified in combination with resourceAttributes",
                    ));
                } else if !resource && !non_resource {
                    errs.push(FieldError::invalid(
                        "spec.resourceAttributes",
                        "null",
                        "exactly one of nonResourceAttributes or resourceAttributes must be specified",
                    ));
                }
                if call.info.kind != "SelfSubjectAccessReview" {
                    let user = at(v, &["spec", "user"]).and_then(Value::as_str).unwrap_or_default();
                    let groups = matches!(at(v, &["spec", "groups"]), Some(Value::Array(g)) if !g.is_empty());
                    if user.is_empty() && !groups {
                        errs.push(FieldError::invalid(
                            "spec.user",
                            user,
                            "at least one of user or group must be specified",
                        ));
                    }
                }
                let (allowed, reason) = self.access_decision(call, v);
                let mut status = vec![("allowed".to_owned(), Value::Bool(allowed))];
                if !reason.is_empty() {
                    status.push(("reason".to_owned(), Value::String(reason)));
                }
                set_at(v, &["status"], Some(Value::Object(status)));
            }
            "SelfSubjectRulesReview" => {
                let status = self.rules_review(call, v);
                set_at(v, &["status"], Some(status));
            }
            _ => return Err(api_errors::internal("not a review")),
        }
        Ok(errs)
    }
}

impl ApiServer {
    /// An access review's answer: everything under `AlwaysAllow`; under RBAC, the review's
    /// user (the requester for a self review) against the stored roles, with RBAC's reason;
    /// non-resource paths against the roles' `nonResourceURLs`.
    fn access_decision(&self, call: &Call<'_>, v: &Value) -> (bool, String) {
        if self.authorization_mode() == super::rbac::AuthorizationMode::AlwaysAllow {
            return (true, String::new());
        }
        let text = |path: &[&str]| at(v, path).and_then(Value::as_str).unwrap_or_default().to_owned();
        let user = if call.info.kind == "SelfSubjectAccessReview" {
            self.requester(call)
        } else {
            let groups = match at(v, &["spec", "groups"]) {
                Some(Value::Array(g)) => g.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
                _ => Vec::new(),
            };
            let extra = match at(v, &["spec", "extra"]) {
                Some(Value::Object(members)) => members
                    .iter()
                    .map(|(k, values)| {
                        let values = match values {
                            Value::Array(a) => a.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
                            _ => Vec::new(),
                        };
                        (k.clone(), values)
                    })
                    .collect(),
                _ => Default::default(),
            };
            UserInfo { username: text(&["spec", "user"]), uid: text(&["spec", "uid"]), groups, extra }
        };
        let a = if at(v, &["spec", "nonResourceAttributes"]).is_some() {
            super::rbac::Attributes {
                verb: text(&["spec", "nonResourceAttributes", "verb"]),
                group: String::new(),
                resource: String::new(),
                subresource: String::new(),
                namespace: String::new(),
                name: String::new(),
                path: text(&["spec", "nonResourceAttributes", "path"]),
            }
        } else {
            let attr = |k: &str| text(&["spec", "resourceAttributes", k]);
            super::rbac::Attributes {
                verb: attr("verb"),
                group: attr("group"),
                resource: attr("resource"),
                subresource: attr("subresource"),
                namespace: attr("namespace"),
                name: attr("name"),
                path: String::new(),
            }
        };
        match self.rbac_allows(&user, &a) {
            Some(reason) => (true, reason),
            None => (false, String::new()),
        }
    }
}

/// A rule's non-empty list under `key`.
fn list<'a>(rule: &'a Value, key: &str) -> Option<&'a Value> {
    rule.get(key).filter(|x| matches!(x, Value::Array(a) if !a.is_empty()))
}

impl ApiServer {
    /// A rules review's status: under `AlwaysAllow` everything; under RBAC the rules the
    /// requester's bindings grant in the review's namespace, split as upstream's
    /// `SelfSubjectRulesReview` storage splits them (a rule with resources gives a resource
    /// rule, one with URLs a non-resource rule).
    fn rules_review(&self, call: &Call<'_>, v: &Value) -> Value {
        let all = || Value::Array(vec![Value::String("*".into())]);
        let rules = if self.authorization_mode() == super::rbac::AuthorizationMode::AlwaysAllow {
            vec![
                Value::Object(vec![("verbs".into(), all()), ("apiGroups".into(), all()), ("resources".into(), all())]),
                Value::Object(vec![("verbs".into(), all()), ("nonResourceURLs".into(), all())]),
            ]
        } else {
            let namespace = at(v, &["spec", "namespace"]).and_then(Value::as_str).unwrap_or_default();
            self.rules_for(&self.requester(call), namespace)
        };
        let mut resource_rules = Vec::new();
        let mut non_resource_rules = Vec::new();
        for rule in &rules {
            let verbs = rule.get("verbs").cloned().unwrap_or(Value::Array(Vec::new()));
            if let Some(resources) = list(rule, "resources") {
                let mut r = vec![("verbs".to_owned(), verbs.clone())];
                if let Some(groups) = list(rule, "apiGroups") {
                    r.push(("apiGroups".to_owned(), groups.clone()));
                }
                r.push(("resources".to_owned(), resources.clone()));
                if let Some(names) = list(rule, "resourceNames") {
                    r.push(("resourceNames".to_owned(), names.clone()));
                }
                resource_rules.push(Value::Object(r));
            }
            if let Some(urls) = list(rule, "nonResourceURLs") {
                non_resource_rules.push(Value::Object(vec![
                    ("verbs".to_owned(), verbs),
                    ("nonResourceURLs".to_owned(), urls.clone()),
                ]));
            }
        }
        Value::Object(vec![
            ("resourceRules".to_owned(), Value::Array(resource_rules)),
            ("nonResourceRules".to_owned(), Value::Array(non_resource_rules)),
            ("incomplete".to_owned(), Value::Bool(false)),
        ])
    }
}

/// Access reviews carry no metadata (a local one only its namespace), as upstream validates;
/// the value is shown as JSON.
fn empty_metadata(v: &Value, keep_namespace: bool, errs: &mut Vec<FieldError>) {
    let Some(Value::Object(members)) = at(v, &["metadata"]) else { return };
    let set: Vec<&(String, Value)> = members
        .iter()
        .filter(|(k, _)| !(keep_namespace && k == "namespace"))
        .filter(|(_, m)| !matches!(m, Value::Null))
        .collect();
    if !set.is_empty() {
        let shown = String::from_utf8_lossy(&Value::Object(members.clone()).to_compact_vec()).into_owned();
        errs.push(FieldError::invalid("metadata", &shown, "must be empty"));
    }
}
