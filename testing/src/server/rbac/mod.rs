//! RBAC authorization, off by default: requests and access reviews answered from the stored Roles, ClusterRoles and their bindings, with upstream's rules and messages.
//!
//! Facts from upstream's `plugin/pkg/auth/authorizer/rbac` and `endpoints/handlers/responsewriters`:
//! a rule allows when its verbs, API groups and resources (`*`, `resource/subresource`,
//! `*/subresource`) and resource names (none: any) match; cluster role bindings grant
//! everywhere, role bindings in their namespace; subjects are users, groups and service
//! accounts (`system:serviceaccount:<ns>:<name>`); `system:masters` is always allowed; a refusal
//! is `403` with `User "alice" cannot list resource "configmaps" in API group "" in the namespace
//! "default"` (`at the cluster scope` without a namespace). Requests outside resources
//! (discovery, `/version`, health, OpenAPI) are checked against the rules' `nonResourceURLs`
//! (a trailing `*` matches any rest) with the method as the verb: `403 forbidden: User
//! "system:anonymous" cannot get path "/api"`; the bootstrap roles ([`bootstrap`]) allow
//! discovery to authenticated users and the version and health to everyone. The rules review
//! lists what the bindings grant, `system:masters` everything.

mod bootstrap;
mod escalation;
mod param_authz;

use std::sync::RwLock;

use http::Method;
use kapi_api::meta::errors::{failure, into_error, qualified_resource};
use kapi_machinery::json::value::Value;

use super::ApiServer;
use super::authn::UserInfo;
use super::call::Call;
use crate::tracker::meta::to_value;
use crate::tracker::{ObjectTracker, Result};

const RBAC: &str = "rbac.authorization.k8s.io";

/// How requests are authorized (kube-apiserver's `--authorization-mode`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AuthorizationMode {
    /// Everything is allowed (the default here).
    #[default]
    AlwaysAllow,
    /// RBAC from the stored roles and bindings.
    Rbac,
}

/// What a request asks to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Attributes {
    pub(super) verb: String,
    pub(super) group: String,
    pub(super) resource: String,
    pub(super) subresource: String,
    pub(super) namespace: String,
    pub(super) name: String,
    /// A non-resource request's path (its verb is the method's); empty for resources.
    pub(super) path: String,
}

impl Attributes {
    /// Upstream's `forbiddenMessage`.
    pub(super) fn forbidden_message(&self, user: &str) -> String {
        if !self.path.is_empty() {
            return format!("User {user:?} cannot {} path {:?}", self.verb, self.path);
        }
        let mut resource = self.resource.clone();
        if !self.subresource.is_empty() {
            resource = format!("{resource}/{}", self.subresource);
        }
        if self.namespace.is_empty() {
            format!(
                "User {user:?} cannot {} resource {resource:?} in API group {:?} at the cluster scope",
                self.verb, self.group
            )
        } else {
            format!(
                "User {user:?} cannot {} resource {resource:?} in API group {:?} in the namespace {:?}",
                self.verb, self.group, self.namespace
            )
        }
    }
}

/// The mode chosen.
#[derive(Debug, Default)]
pub(super) struct Mode(RwLock<AuthorizationMode>);

fn strings(v: Option<&Value>) -> Vec<&str> {
    match v {
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// Whether one policy rule allows the attributes.
fn rule_allows(rule: &Value, a: &Attributes) -> bool {
    let has = |key: &str, want: &str| strings(rule.get(key)).iter().any(|x| *x == "*" || *x == want);
    if !a.path.is_empty() {
        let url_ok = strings(rule.get("nonResourceURLs"))
            .iter()
            .any(|u| *u == "*" || *u == a.path || (u.ends_with('*') && a.path.starts_with(u.trim_end_matches('*'))));
        return has("verbs", &a.verb) && url_ok;
    }
    let combined =
        if a.subresource.is_empty() { a.resource.clone() } else { format!("{}/{}", a.resource, a.subresource) };
    let resources = strings(rule.get("resources"));
    let resource_ok = resources.iter().any(|r| {
        *r == "*"
            || *r == combined
            || (!a.subresource.is_empty() && r.strip_prefix("*/") == Some(a.subresource.as_str()))
    });
    let names = strings(rule.get("resourceNames"));
    has("verbs", &a.verb)
        && has("apiGroups", &a.group)
        && resource_ok
        && (names.is_empty() || (!a.name.is_empty() && names.contains(&a.name.as_str())))
}

/// Whether a binding's subjects include the user.
fn binds(binding: &Value, user: &UserInfo) -> bool {
    let Some(Value::Array(subjects)) = binding.get("subjects") else { return false };
    subjects.iter().any(|s| match text(s, "kind") {
        "User" => text(s, "name") == user.username,
        "Group" => user.groups.iter().any(|g| g == text(s, "name")),
        "ServiceAccount" => {
            user.username == format!("system:serviceaccount:{}:{}", text(s, "namespace"), text(s, "name"))
        }
        _ => false,
    })
}

impl ApiServer {
    /// Chooses how requests are authorized (`AlwaysAllow` by default).
    pub fn set_authorization_mode(&self, mode: AuthorizationMode) {
        *self.authz.0.write().unwrap_or_else(std::sync::PoisonError::into_inner) = mode;
    }

    /// How requests are authorized.
    pub fn authorization_mode(&self) -> AuthorizationMode {
        *self.authz.0.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The stored objects of an RBAC kind (in `namespace`; all when empty) as JSON.
    fn rbac_objects(&self, kind: &str, namespace: &str) -> Vec<Value> {
        Rbac(&self.tracker).objects(kind, namespace)
    }

    /// A stored role or cluster role, as JSON.
    fn role_of(&self, kind: &str, namespace: &str, name: &str) -> Option<Value> {
        Rbac(&self.tracker).role_of(kind, namespace, name)
    }

    /// The rules of a role a binding refers to.
    fn role_rules(&self, binding: &Value, namespace: &str) -> Vec<Value> {
        Rbac(&self.tracker).role_rules(binding, namespace)
    }

    /// Every rule the user's bindings grant in a namespace (cluster role bindings first, then
    /// the namespace's role bindings), as upstream's `RulesFor`; `system:masters` first gets
    /// everything, as the privileged-group authorizer lists it.
    pub(super) fn rules_for(&self, user: &UserInfo, namespace: &str) -> Vec<Value> {
        let mut rules = Vec::new();
        if user.groups.iter().any(|g| g == "system:masters") {
            let all = || Value::Array(vec![Value::String("*".into())]);
            rules.push(Value::Object(vec![
                ("verbs".into(), all()),
                ("apiGroups".into(), all()),
                ("resources".into(), all()),
            ]));
            rules.push(Value::Object(vec![("verbs".into(), all()), ("nonResourceURLs".into(), all())]));
        }
        for b in self.rbac_objects("ClusterRoleBinding", "") {
            if binds(&b, user) {
                rules.extend(self.role_rules(&b, ""));
            }
        }
        if !namespace.is_empty() {
            for b in self.rbac_objects("RoleBinding", namespace) {
                if binds(&b, user) {
                    rules.extend(self.role_rules(&b, namespace));
                }
            }
        }
        rules
    }

    /// Authorizes a request outside the API's resources (discovery, `/version`, health,
    /// OpenAPI) under RBAC; a refusal is upstream's `403 forbidden: User "…" cannot get path "…"`.
    pub(super) fn authorize_path(&self, req: &http::Request<bytes::Bytes>) -> Result<()> {
        if is_resource_path(req.uri().path()) {
            return Ok(());
        }
        if self.authorization_mode() == AuthorizationMode::AlwaysAllow {
            decided(Some(String::new()));
            return Ok(());
        }
        let user = self.authenticate_request(req)?;
        let verb = match *req.method() {
            Method::GET | Method::HEAD => "get".to_owned(),
            ref m => m.as_str().to_ascii_lowercase(),
        };
        let a = Attributes {
            verb,
            group: String::new(),
            resource: String::new(),
            subresource: String::new(),
            namespace: String::new(),
            name: String::new(),
            path: req.uri().path().to_owned(),
        };
        if decided(self.rbac_allows(&user, &a)) {
            return Ok(());
        }
        Err(into_error(failure(
            403,
            kapi_api::meta::v1::StatusReason::FORBIDDEN,
            format!("forbidden: {}", a.forbidden_message(&user.username)),
            Some(kapi_api::meta::v1::StatusDetails::default()),
        )))
    }

    /// RBAC's answer: the reason it allows (`RBAC: allowed by …`), or `None`.
    pub(super) fn rbac_allows(&self, user: &UserInfo, a: &Attributes) -> Option<String> {
        Rbac(&self.tracker).allows(user, a)
    }

    /// Authorizes a resource request under the chosen mode; a refusal is upstream's `403`.
    pub(super) fn authorize(&self, call: &Call<'_>, is_watch: bool) -> Result<()> {
        if self.authorization_mode() == AuthorizationMode::AlwaysAllow {
            decided(Some(String::new()));
            return Ok(());
        }
        let user = self.authenticate_request(call.req)?;
        let info = call.info;
        let named = call.route.name.is_some();
        let verb = match (call.req.method().clone(), named) {
            (Method::GET, _) if is_watch => "watch",
            (Method::GET | Method::HEAD, true) => "get",
            (Method::GET | Method::HEAD, false) => "list",
            (Method::POST, _) => "create",
            (Method::PUT, _) => "update",
            (Method::PATCH, _) => "patch",
            (Method::DELETE, true) => "delete",
            (Method::DELETE, false) => "deletecollection",
            _ => return Err(kapi_api::meta::errors::method_not_allowed()),
        };
        let a = Attributes {
            verb: verb.into(),
            group: info.group.into(),
            resource: info.resource.into(),
            subresource: call.route.subresource.clone().unwrap_or_default(),
            namespace: call.route.namespace.clone().unwrap_or_default(),
            name: call.route.name.clone().unwrap_or_default(),
            path: String::new(),
        };
        if decided(self.rbac_allows(&user, &a)) {
            return Ok(());
        }
        Err(refusal(&a, &user))
    }

    /// Authorizes pods' `exec`, `attach`, `portforward` and `log`, which are served before the
    /// other resources' routes: the method's verb, and for a WebSocket `GET` of the first three
    /// also `create` (kube-apiserver's `AuthorizePodWebsocketUpgradeCreatePermission`, on by
    /// default since v1.35).
    pub(super) fn authorize_pod_connect(&self, req: &http::Request<bytes::Bytes>) -> Result<()> {
        if self.authorization_mode() == AuthorizationMode::AlwaysAllow {
            return Ok(());
        }
        let segs: Vec<&str> = req.uri().path().split('/').filter(|s| !s.is_empty()).collect();
        let ["api", "v1", "namespaces", ns, "pods", name, sub] = segs.as_slice() else { return Ok(()) };
        if !matches!(*sub, "exec" | "attach" | "portforward" | "log") {
            return Ok(());
        }
        let user = self.authenticate_request(req)?;
        let verb = match *req.method() {
            Method::GET | Method::HEAD => "get",
            Method::POST => "create",
            _ => return Ok(()),
        };
        let attrs = |verb: &str| Attributes {
            verb: verb.into(),
            group: String::new(),
            resource: "pods".into(),
            subresource: (*sub).into(),
            namespace: (*ns).into(),
            name: (*name).into(),
            path: String::new(),
        };
        let mut verbs = vec![verb];
        if verb == "get" && *sub != "log" {
            verbs.push("create");
        }
        for verb in verbs {
            let a = attrs(verb);
            if !decided(self.rbac_allows(&user, &a)) {
                return Err(refusal(&a, &user));
            }
        }
        Ok(())
    }
}

/// Records the authorizer's decision as upstream's audit annotations
/// (`authorization.k8s.io/decision` `allow` with the reason, or `forbid`); whether it allows.
fn decided(reason: Option<String>) -> bool {
    let allowed = reason.is_some();
    super::audit::annotate("authorization.k8s.io/decision", if allowed { "allow" } else { "forbid" });
    super::audit::annotate("authorization.k8s.io/reason", reason.unwrap_or_default());
    allowed
}

/// Upstream's `403` for a resource request RBAC refuses.
fn refusal(a: &Attributes, user: &UserInfo) -> crate::tracker::Error {
    let why = a.forbidden_message(&user.username);
    let qualified = qualified_resource(&a.group, &a.resource);
    let message = if a.name.is_empty() {
        format!("{qualified} is forbidden: {why}")
    } else {
        format!("{qualified} {:?} is forbidden: {why}", a.name)
    };
    into_error(failure(
        403,
        kapi_api::meta::v1::StatusReason::FORBIDDEN,
        message,
        Some(kapi_api::meta::v1::StatusDetails {
            name: a.name.clone(),
            group: a.group.clone(),
            kind: a.resource.clone(),
            ..Default::default()
        }),
    ))
}

/// Whether a path names an API resource (upstream's `RequestInfo.IsResourceRequest`): at
/// least a version and a resource under `/api`, a group, version and resource under `/apis`.
fn is_resource_path(path: &str) -> bool {
    let parts = |rest: &str| rest.split('/').filter(|p| !p.is_empty()).count();
    if let Some(rest) = path.strip_prefix("/api/") {
        return parts(rest) >= 2;
    }
    if let Some(rest) = path.strip_prefix("/apis/") {
        return parts(rest) >= 3;
    }
    false
}

/// The stored RBAC objects, read through a store (the server's, or a CEL authorizer's copy of
/// its handle).
struct Rbac<'a>(&'a ObjectTracker);

impl Rbac<'_> {
    /// The stored objects of an RBAC kind (in `namespace`; all when empty) as JSON.
    fn objects(&self, kind: &str, namespace: &str) -> Vec<Value> {
        let Some(store) = self.0.store_of_kind(RBAC, kind) else { return Vec::new() };
        self.0
            .list(&store.gvr(), namespace, &Default::default())
            .map(|(items, _)| items.iter().filter_map(|o| to_value(o.as_ref()).ok()).collect())
            .unwrap_or_default()
    }

    /// A stored role or cluster role, as JSON.
    fn role_of(&self, kind: &str, namespace: &str, name: &str) -> Option<Value> {
        if kind != "Role" && kind != "ClusterRole" {
            return None;
        }
        self.objects(kind, namespace).into_iter().find(|r| r.get("metadata").map(|m| text(m, "name")) == Some(name))
    }

    /// The rules of a role a binding refers to.
    fn role_rules(&self, binding: &Value, namespace: &str) -> Vec<Value> {
        let Some(role_ref) = binding.get("roleRef") else { return Vec::new() };
        let (kind, name) = (text(role_ref, "kind"), text(role_ref, "name"));
        let ns = if kind == "Role" { namespace } else { "" };
        let found = self.role_of(kind, ns, name);
        match found.as_ref().and_then(|r| r.get("rules")) {
            Some(Value::Array(rules)) => rules.clone(),
            _ => Vec::new(),
        }
    }

    /// RBAC's answer: the reason it allows (`RBAC: allowed by …`), or `None`.
    fn allows(&self, user: &UserInfo, a: &Attributes) -> Option<String> {
        if user.groups.iter().any(|g| g == "system:masters") {
            return Some(String::new());
        }
        let subject = |u: &UserInfo| {
            if let Some(rest) = u.username.strip_prefix("system:serviceaccount:") {
                format!("ServiceAccount {rest:?}")
            } else {
                format!("User {:?}", u.username)
            }
        };
        for b in self.objects("ClusterRoleBinding", "") {
            if binds(&b, user) && self.role_rules(&b, "").iter().any(|r| rule_allows(r, a)) {
                let name = b.get("metadata").map(|m| text(m, "name")).unwrap_or_default();
                let role = b.get("roleRef").map(|r| text(r, "name")).unwrap_or_default();
                return Some(format!(
                    "RBAC: allowed by ClusterRoleBinding {name:?} of ClusterRole {role:?} to {}",
                    subject(user)
                ));
            }
        }
        if !a.namespace.is_empty() {
            for b in self.objects("RoleBinding", &a.namespace) {
                if binds(&b, user) && self.role_rules(&b, &a.namespace).iter().any(|r| rule_allows(r, a)) {
                    let name = b.get("metadata").map(|m| text(m, "name")).unwrap_or_default();
                    let role_ref = b.get("roleRef");
                    let kind = role_ref.map(|r| text(r, "kind")).unwrap_or_default();
                    let role = role_ref.map(|r| text(r, "name")).unwrap_or_default();
                    return Some(format!(
                        "RBAC: allowed by RoleBinding \"{name}/{}\" of {kind} {role:?} to {}",
                        a.namespace,
                        subject(user)
                    ));
                }
            }
        }
        None
    }
}

/// The CEL authorizer library's checks (`authorizer` in policies' and match conditions'
/// expressions), answered as the server authorizes: everything under `AlwaysAllow`, else RBAC
/// for the requester or the service account the expression names.
struct CelAuthorizer {
    tracker: ObjectTracker,
    mode: AuthorizationMode,
    user: UserInfo,
}

impl kapi_cel::authz::Authorizer for CelAuthorizer {
    fn authorize(&self, c: &kapi_cel::authz::Check) -> kapi_cel::authz::Decision {
        let allowed = |reason: String| kapi_cel::authz::Decision { allowed: true, reason, error: None };
        if self.mode == AuthorizationMode::AlwaysAllow {
            return allowed(String::new());
        }
        let user = match &c.service_account {
            // Upstream's service account user: its name and the two service account groups.
            Some((ns, name)) => UserInfo {
                username: format!("system:serviceaccount:{ns}:{name}"),
                uid: String::new(),
                groups: vec!["system:serviceaccounts".into(), format!("system:serviceaccounts:{ns}")],
                extra: Default::default(),
            },
            None => self.user.clone(),
        };
        let a = Attributes {
            verb: c.verb.clone(),
            group: c.group.clone(),
            resource: c.resource.clone(),
            subresource: c.subresource.clone(),
            namespace: c.namespace.clone(),
            name: c.name.clone(),
            path: c.path.clone().unwrap_or_default(),
        };
        match Rbac(&self.tracker).allows(&user, &a) {
            Some(reason) => allowed(reason),
            None => kapi_cel::authz::Decision::default(),
        }
    }
}

impl ApiServer {
    /// The `authorizer` variable of CEL expressions evaluated for `user`'s request on
    /// `request` (its resource, for `authorizer.requestResource`).
    pub(super) fn cel_authorizer(&self, user: &UserInfo, request: kapi_cel::authz::Check) -> kapi_cel::Val {
        let host = CelAuthorizer { tracker: self.tracker.clone(), mode: self.authorization_mode(), user: user.clone() };
        kapi_cel::authz::authorizer(std::sync::Arc::new(host), request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn attrs(verb: &str, resource: &str, sub: &str, name: &str) -> Attributes {
        Attributes {
            verb: verb.into(),
            group: String::new(),
            resource: resource.into(),
            subresource: sub.into(),
            namespace: "default".into(),
            name: name.into(),
            path: String::new(),
        }
    }

    fn path(verb: &str, path: &str) -> Attributes {
        Attributes { verb: verb.into(), path: path.into(), ..attrs("", "", "", "") }
    }

    #[test]
    fn non_resource_rules_match_as_rbacs() {
        let discovery = parse(br#"{"verbs":["get"],"nonResourceURLs":["/api","/api/*","/version"]}"#).unwrap();
        assert!(rule_allows(&discovery, &path("get", "/api")));
        assert!(rule_allows(&discovery, &path("get", "/api/v1")));
        assert!(rule_allows(&discovery, &path("get", "/version")));
        assert!(!rule_allows(&discovery, &path("get", "/version/x")));
        assert!(!rule_allows(&discovery, &path("post", "/api")));
        assert!(!rule_allows(&discovery, &path("get", "/apis")));
        // Resource rules never allow paths, nor path rules resources.
        let everything = parse(br#"{"verbs":["*"],"apiGroups":["*"],"resources":["*"]}"#).unwrap();
        assert!(!rule_allows(&everything, &path("get", "/api")));
        assert!(!rule_allows(&discovery, &attrs("get", "pods", "", "p")));
        assert_eq!(
            path("get", "/healthz").forbidden_message("system:anonymous"),
            r#"User "system:anonymous" cannot get path "/healthz""#
        );
    }

    #[test]
    fn resource_paths_are_told_from_the_others() {
        for p in ["/api/v1/pods", "/api/v1/namespaces/default/pods", "/apis/apps/v1/deployments"] {
            assert!(is_resource_path(p), "{p}");
        }
        for p in
            ["/api", "/api/", "/api/v1", "/apis", "/apis/apps", "/apis/apps/v1", "/version", "/healthz", "/openapi/v3"]
        {
            assert!(!is_resource_path(p), "{p}");
        }
    }

    #[test]
    fn rules_match_as_rbacs() {
        let rule = parse(br#"{"verbs":["get","list"],"apiGroups":[""],"resources":["pods","pods/log"]}"#).unwrap();
        assert!(rule_allows(&rule, &attrs("get", "pods", "", "p")));
        assert!(rule_allows(&rule, &attrs("get", "pods", "log", "p")));
        assert!(!rule_allows(&rule, &attrs("get", "pods", "exec", "p")));
        assert!(!rule_allows(&rule, &attrs("delete", "pods", "", "p")));
        let any_status = parse(br#"{"verbs":["*"],"apiGroups":["*"],"resources":["*/status"]}"#).unwrap();
        assert!(rule_allows(&any_status, &attrs("update", "deployments", "status", "d")));
        assert!(!rule_allows(&any_status, &attrs("update", "deployments", "", "d")));
        let named =
            parse(br#"{"verbs":["get","list"],"apiGroups":[""],"resources":["configmaps"],"resourceNames":["a"]}"#)
                .unwrap();
        assert!(rule_allows(&named, &attrs("get", "configmaps", "", "a")));
        assert!(!rule_allows(&named, &attrs("get", "configmaps", "", "b")));
        // A list names no object, so a rule limited to names never allows it.
        assert!(!rule_allows(&named, &attrs("list", "configmaps", "", "")));
    }

    #[test]
    fn refusals_read_as_upstreams() {
        assert_eq!(
            attrs("list", "configmaps", "", "").forbidden_message("alice"),
            r#"User "alice" cannot list resource "configmaps" in API group "" in the namespace "default""#
        );
        let mut a = attrs("get", "nodes", "status", "n");
        a.namespace.clear();
        assert_eq!(
            a.forbidden_message("bob"),
            r#"User "bob" cannot get resource "nodes/status" in API group "" at the cluster scope"#
        );
    }
}
