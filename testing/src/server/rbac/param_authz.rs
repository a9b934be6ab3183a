//! Write-time authorization of admission policies' parameters: a policy's `paramKind` and a binding's `paramRef` need their writer to be allowed to read the parameters.
//!
//! Facts from upstream's registries (`pkg/registry/admissionregistration/{validating,mutating}
//! admissionpolicy{,binding}/authz.go` and `strategy.go`): the check runs in the strategy's
//! validation, only once the object is otherwise valid, and a refusal is a `Forbidden` field error
//! at `spec.paramKind` (`spec.paramRef`). A policy with a `paramKind` needs `get` on every object
//! of the kind (name `*`, namespace `*`: only cluster-wide grants count); a binding with a
//! `paramRef` needs `get` on the named object (`list` when it names none) in the reference's
//! namespace (none: the cluster scope), of the kind its policy's `paramKind` names (`*` for the
//! group and resource when the policy does not exist or has none). The kind is resolved to a
//! resource through what the server serves; an `apiVersion` that does not parse leaves group and
//! resource `*`, a kind that does not resolve the resource `*`. Members of `system:masters` are
//! never checked (`EscalationAllowed`). On update a policy is checked again only when its
//! `paramKind` changed; a binding is skipped only when its `paramRef` and `policyName` are
//! unchanged and upstream's comparison finds the references equal, which it never does when
//! either holds a `selector` or `parameterNotFoundAction` (Go compares those pointers, and the
//! stored and the written object never share them), so in practice every update of a binding
//! with a `paramRef` is checked again.

use kapi_api::meta::errors::{FieldError, Path, invalid_object};
use kapi_machinery::json::value::Value;

use super::super::ApiServer;
use super::super::call::Call;
use super::{Attributes, AuthorizationMode, UserInfo, text};
use crate::tracker::Result;
use kapi_api::meta::v1::GetOptions;

/// The group of admission policies and their bindings.
const GROUP: &str = "admissionregistration.k8s.io";

/// The policy resources, and the binding resources with the policy resource they name.
const POLICIES: [&str; 2] = ["validatingadmissionpolicies", "mutatingadmissionpolicies"];
const BINDINGS: [(&str, &str); 2] = [
    ("validatingadmissionpolicybindings", "validatingadmissionpolicies"),
    ("mutatingadmissionpolicybindings", "mutatingadmissionpolicies"),
];

/// Upstream's `schema.ParseGroupVersion`: `""` is the empty group version, `v` the core group's,
/// `g/v` a group's; more slashes do not parse.
fn parse_group_version(api_version: &str) -> Option<(&str, &str)> {
    match api_version.split_once('/') {
        None => Some(("", api_version)),
        Some((_, v)) if v.contains('/') => None,
        Some((g, v)) => Some((g, v)),
    }
}

/// The group and resource to authorize for a `paramKind`: `*` for both when its `apiVersion`
/// does not parse, `*` for the resource when `resolve` (group, version, kind) finds none.
fn param_resource(
    param_kind: Option<&Value>,
    resolve: &dyn Fn(&str, &str, &str) -> Option<String>,
) -> (String, String) {
    let star = || "*".to_owned();
    let Some(kind) = param_kind else { return (star(), star()) };
    match parse_group_version(text(kind, "apiVersion")) {
        None => (star(), star()),
        Some((group, version)) => (group.to_owned(), resolve(group, version, text(kind, "kind")).unwrap_or_else(star)),
    }
}

/// A user as Go's `%v` prints upstream's `*user.DefaultInfo`: `&{name uid [groups] map[extra]}`,
/// the extra values' keys sorted as `fmt` sorts a map's (`map[k:[v w]]`).
fn go_user(user: &UserInfo) -> String {
    let extra: Vec<String> = user.extra.iter().map(|(k, v)| format!("{k}:[{}]", v.join(" "))).collect();
    format!("&{{{} {} [{}] map[{}]}}", user.username, user.uid, user.groups.join(" "), extra.join(" "))
}

/// Whether `system:masters` is among the user's groups (upstream's `EscalationAllowed`).
fn escalation_allowed(user: &UserInfo) -> bool {
    user.groups.iter().any(|g| g == "system:masters")
}

/// Upstream's policy check: the refusal's text, if `allows` refuses `get` on the `paramKind`'s
/// objects.
fn authorize_param_kind(
    user: &UserInfo,
    param_kind: &Value,
    resolve: &dyn Fn(&str, &str, &str) -> Option<String>,
    allows: &dyn Fn(&Attributes) -> bool,
) -> std::result::Result<(), String> {
    if escalation_allowed(user) {
        return Ok(());
    }
    let (group, resource) = param_resource(Some(param_kind), resolve);
    let a = Attributes {
        verb: "get".into(),
        group,
        resource,
        subresource: String::new(),
        namespace: "*".into(),
        name: "*".into(),
        path: String::new(),
    };
    if allows(&a) {
        return Ok(());
    }
    Err(format!(
        "user {} must have \"get\" permission on all objects of the referenced paramKind (kind={}, apiVersion={})",
        go_user(user),
        text(param_kind, "kind"),
        text(param_kind, "apiVersion")
    ))
}

/// Upstream's binding check: the refusal's text, if `allows` refuses reading what `param_ref`
/// names, of the kind the policy's `paramKind` (if any) names.
fn authorize_param_ref(
    user: &UserInfo,
    param_ref: &Value,
    policy_param_kind: Option<&Value>,
    resolve: &dyn Fn(&str, &str, &str) -> Option<String>,
    allows: &dyn Fn(&Attributes) -> bool,
) -> std::result::Result<(), String> {
    if escalation_allowed(user) {
        return Ok(());
    }
    let (group, resource) = param_resource(policy_param_kind, resolve);
    let name = text(param_ref, "name");
    let verb = if name.is_empty() { "list" } else { "get" };
    let a = Attributes {
        verb: verb.into(),
        group,
        resource,
        subresource: String::new(),
        namespace: text(param_ref, "namespace").into(),
        name: name.into(),
        path: String::new(),
    };
    if allows(&a) {
        return Ok(());
    }
    // Upstream formats the verb where the user goes and the user where the verb goes.
    Err(format!("user {verb} does not have \"{}\" permission on the object referenced by paramRef", go_user(user)))
}

/// A member of `spec`, absent when null.
fn spec_member<'a>(object: &'a Value, key: &str) -> Option<&'a Value> {
    object.get("spec").and_then(|s| s.get(key)).filter(|v| !matches!(v, Value::Null))
}

/// Whether a policy write is checked: it has a `paramKind`, and on update that differs from the
/// stored one (upstream compares the two strings of the struct).
fn policy_checked(object: &Value, old: Option<&Value>) -> bool {
    let Some(kind) = spec_member(object, "paramKind") else { return false };
    let Some(old) = old else { return true };
    let Some(old_kind) = spec_member(old, "paramKind") else { return true };
    ["apiVersion", "kind"].iter().any(|k| text(kind, k) != text(old_kind, k))
}

/// Whether a binding write is checked: it has a `paramRef`, and on update the stored one is
/// absent, or differs, or upstream's pointer comparison tells them apart (see the module's
/// notes), or the policy named changed.
fn binding_checked(object: &Value, old: Option<&Value>) -> bool {
    let Some(r) = spec_member(object, "paramRef") else { return false };
    let Some(old) = old else { return true };
    let Some(old_ref) = spec_member(old, "paramRef") else { return true };
    let pointers = |v: &Value| {
        ["selector", "parameterNotFoundAction"].iter().any(|k| v.get(k).is_some_and(|x| !matches!(x, Value::Null)))
    };
    let policy = |v: &Value| v.get("spec").map(|s| text(s, "policyName").to_owned());
    pointers(r)
        || pointers(old_ref)
        || ["name", "namespace"].iter().any(|k| text(r, k) != text(old_ref, k))
        || policy(object) != policy(old)
}

impl ApiServer {
    /// Whether this write is a create or update of an admission policy or binding, which
    /// carries upstream's parameter authorization (only under RBAC: `AlwaysAllow` allows it all).
    pub(in crate::server) fn param_authz_checked(&self, call: &Call<'_>) -> bool {
        let info = call.info;
        let named = call.route.name.is_some();
        let method = call.req.method();
        self.authorization_mode() == AuthorizationMode::Rbac
            && info.group == GROUP
            && (POLICIES.contains(&info.resource) || BINDINGS.iter().any(|(b, _)| *b == info.resource))
            && call.route.subresource.is_none()
            && ((*method == http::Method::POST && !named)
                || ((*method == http::Method::PUT || *method == http::Method::PATCH) && named))
    }

    /// Upstream's parameter authorization of a valid policy or binding (`object`, held for
    /// validating admission; `old` the stored one on update): a `422 Invalid` with a `Forbidden`
    /// at `spec.paramKind` (`spec.paramRef`) when the writer may not read the parameters.
    pub(in crate::server) fn check_param_authz(
        &self,
        call: &Call<'_>,
        object: &Value,
        old: Option<&Value>,
    ) -> Result<()> {
        let info = call.info;
        let is_policy = POLICIES.contains(&info.resource);
        let checked = if is_policy { policy_checked(object, old) } else { binding_checked(object, old) };
        if !checked {
            return Ok(());
        }
        let user = self.authenticate_request(call.req)?;
        let resources = self.tracker.resources();
        let resolve = |group: &str, version: &str, kind: &str| {
            resources
                .iter()
                .find(|r| r.group == group && r.version == version && r.kind == kind)
                .map(|r| r.resource.to_owned())
        };
        let allows = |a: &Attributes| self.rbac_allows(&user, a).is_some();
        let (field, refused) = if is_policy {
            let kind = spec_member(object, "paramKind").expect("checked only with a paramKind");
            ("paramKind", authorize_param_kind(&user, kind, &resolve, &allows))
        } else {
            let param_ref = spec_member(object, "paramRef").expect("checked only with a paramRef");
            let policy = self.policy_of(info.resource, object);
            let kind = policy.as_ref().and_then(|p| spec_member(p, "paramKind"));
            ("paramRef", authorize_param_ref(&user, param_ref, kind, &resolve, &allows))
        };
        match refused {
            Ok(()) => Ok(()),
            Err(why) => {
                let name = object.get("metadata").map(|m| text(m, "name")).unwrap_or_default();
                let err = FieldError::forbidden(Path::new("spec").child(field), &why);
                Err(invalid_object(&info, name, &[err]))
            }
        }
    }

    /// The stored policy a binding names, as JSON (`None`: absent).
    fn policy_of(&self, binding_resource: &str, binding: &Value) -> Option<Value> {
        let (_, policies) = BINDINGS.iter().find(|(b, _)| *b == binding_resource)?;
        let name = binding.get("spec").map(|s| text(s, "policyName"))?;
        let store = self.tracker.resources().into_iter().find(|r| r.group == GROUP && r.resource == *policies)?;
        let policy = self.tracker.get(&store.gvr(), "", name, &GetOptions::default()).ok()?;
        crate::tracker::meta::to_value(policy.as_ref()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn user(groups: &[&str]) -> UserInfo {
        UserInfo {
            username: "alice".into(),
            uid: "1001".into(),
            groups: groups.iter().map(|g| (*g).to_owned()).collect(),
            extra: Default::default(),
        }
    }

    fn json(s: &str) -> Value {
        parse(s.as_bytes()).unwrap()
    }

    #[test]
    fn users_are_printed_as_gos_percent_v_prints_them() {
        assert_eq!(go_user(&user(&["a", "b"])), "&{alice 1001 [a b] map[]}");
        let mut pod_token = user(&["system:serviceaccounts"]);
        pod_token.extra.insert("authentication.kubernetes.io/pod-uid".into(), vec!["u-1".into()]);
        pod_token.extra.insert("authentication.kubernetes.io/pod-name".into(), vec!["p".into()]);
        pod_token.extra.insert("scopes".into(), vec!["x".into(), "y".into()]);
        assert_eq!(
            go_user(&pod_token),
            "&{alice 1001 [system:serviceaccounts] map[authentication.kubernetes.io/pod-name:[p] \
             authentication.kubernetes.io/pod-uid:[u-1] scopes:[x y]]}"
        );
    }

    /// An authorizer allowing only one resource, as upstream's tests' `AuthFunc`s.
    fn only(resource: &'static str) -> impl Fn(&Attributes) -> bool {
        move |a: &Attributes| a.resource == resource
    }

    #[test]
    fn policies_are_authorized_as_upstreams() {
        // Upstream's validatingadmissionpolicy (and mutatingadmissionpolicy) TestAuthorization.
        let kind = json(r#"{"apiVersion":"rules.example.com/v1","kind":"ReplicaLimit"}"#);
        let resolve = |_: &str, _: &str, _: &str| Some("replicalimits".to_owned());
        // "superuser": allowed though the authorizer always denies.
        assert_eq!(authorize_param_kind(&user(&["system:masters"]), &kind, &resolve, &|_| false), Ok(()));
        // "authorized".
        let authenticated = user(&["system:authenticated"]);
        assert_eq!(authorize_param_kind(&authenticated, &kind, &resolve, &only("replicalimits")), Ok(()));
        // "denied", in upstream's words.
        assert_eq!(
            authorize_param_kind(&authenticated, &kind, &resolve, &only("configmaps")),
            Err("user &{alice 1001 [system:authenticated] map[]} must have \"get\" permission on all objects \
                 of the referenced paramKind (kind=ReplicaLimit, apiVersion=rules.example.com/v1)"
                .to_owned())
        );
        // Every object of the kind: name and namespace `*`, the parsed group.
        let seen = std::cell::RefCell::new(None);
        let record = |a: &Attributes| {
            *seen.borrow_mut() = Some(a.clone());
            true
        };
        authorize_param_kind(&authenticated, &kind, &resolve, &record).unwrap();
        let a = seen.borrow().clone().unwrap();
        assert_eq!(
            (a.verb.as_str(), a.group.as_str(), a.resource.as_str(), a.namespace.as_str(), a.name.as_str()),
            ("get", "rules.example.com", "replicalimits", "*", "*")
        );
    }

    #[test]
    fn unresolved_kinds_need_every_resource() {
        let none = |_: &str, _: &str, _: &str| None;
        assert_eq!(
            param_resource(Some(&json(r#"{"apiVersion":"example.com/v1","kind":"Nope"}"#)), &none),
            ("example.com".to_owned(), "*".to_owned())
        );
        assert_eq!(
            param_resource(Some(&json(r#"{"apiVersion":"a/b/c","kind":"X"}"#)), &none),
            ("*".to_owned(), "*".to_owned())
        );
        assert_eq!(param_resource(None, &none), ("*".to_owned(), "*".to_owned()));
        assert_eq!(parse_group_version("v1"), Some(("", "v1")));
        assert_eq!(parse_group_version(""), Some(("", "")));
        assert_eq!(parse_group_version("apps/v1"), Some(("apps", "v1")));
        assert_eq!(parse_group_version("a/b/c"), None);
    }

    #[test]
    fn bindings_are_authorized_as_upstreams() {
        // Upstream's validatingadmissionpolicybinding (and mutatingadmissionpolicybinding)
        // TestAuthorization, with a named reference.
        let named = json(r#"{"name":"replica-limit-test.example.com","namespace":"default"}"#);
        let config_maps = json(r#"{"apiVersion":"v1","kind":"ConfigMap"}"#);
        let params = json(r#"{"apiVersion":"foo.example.com/v1","kind":"Params"}"#);
        let resolve = |g: &str, _: &str, k: &str| match (g, k) {
            ("", "ConfigMap") => Some("configmaps".to_owned()),
            ("foo.example.com", "Params") => Some("params".to_owned()),
            _ => None,
        };
        // "superuser".
        assert_eq!(authorize_param_ref(&user(&["system:masters"]), &named, None, &resolve, &|_| false), Ok(()));
        let authenticated = user(&["system:authenticated"]);
        // "authorized".
        assert_eq!(
            authorize_param_ref(&authenticated, &named, Some(&config_maps), &resolve, &only("configmaps")),
            Ok(())
        );
        // "denied": upstream's text, its verb and user swapped as its format has them.
        assert_eq!(
            authorize_param_ref(&authenticated, &named, Some(&params), &resolve, &only("configmaps")),
            Err("user get does not have \"&{alice 1001 [system:authenticated] map[]}\" permission on the object \
                 referenced by paramRef"
                .to_owned())
        );
        // A selector names no object: `list`, in the reference's namespace; without a policy
        // (or its paramKind) every group and resource.
        let selected = json(r#"{"selector":{},"namespace":"ns"}"#);
        let seen = std::cell::RefCell::new(None);
        let record = |a: &Attributes| {
            *seen.borrow_mut() = Some(a.clone());
            false
        };
        let err = authorize_param_ref(&authenticated, &selected, None, &resolve, &record).unwrap_err();
        assert!(err.starts_with("user list does not have"), "{err}");
        let a = seen.borrow().clone().unwrap();
        assert_eq!(
            (a.verb.as_str(), a.group.as_str(), a.resource.as_str(), a.namespace.as_str(), a.name.as_str()),
            ("list", "*", "*", "ns", "")
        );
    }

    #[test]
    fn updates_are_checked_again_as_upstreams() {
        let policy = |kind: &str| json(&format!(r#"{{"spec":{{"paramKind":{{"apiVersion":"v1","kind":"{kind}"}}}}}}"#));
        let bare = json(r#"{"spec":{}}"#);
        assert!(policy_checked(&policy("ConfigMap"), None));
        assert!(!policy_checked(&bare, None));
        assert!(!policy_checked(&policy("ConfigMap"), Some(&policy("ConfigMap"))));
        assert!(policy_checked(&policy("Secret"), Some(&policy("ConfigMap"))));
        assert!(policy_checked(&policy("ConfigMap"), Some(&bare)));
        assert!(!policy_checked(&bare, Some(&policy("ConfigMap"))));

        let binding =
            |policy: &str, r: &str| json(&format!(r#"{{"spec":{{"policyName":"{policy}","paramRef":{r}}}}}"#));
        let by_name = r#"{"name":"a","namespace":"ns"}"#;
        assert!(binding_checked(&binding("p", by_name), None));
        assert!(!binding_checked(&binding("p", by_name), Some(&binding("p", by_name))));
        assert!(binding_checked(&binding("q", by_name), Some(&binding("p", by_name))));
        assert!(binding_checked(&binding("p", r#"{"name":"b","namespace":"ns"}"#), Some(&binding("p", by_name))));
        // Go compares the pointers of these, which never match between two objects.
        let with_action = r#"{"name":"a","namespace":"ns","parameterNotFoundAction":"Deny"}"#;
        assert!(binding_checked(&binding("p", with_action), Some(&binding("p", with_action))));
        let selected = r#"{"selector":{}}"#;
        assert!(binding_checked(&binding("p", selected), Some(&binding("p", selected))));
        assert!(!binding_checked(&json(r#"{"spec":{"policyName":"p"}}"#), Some(&binding("p", by_name))));
    }
}
