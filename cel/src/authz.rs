//! Kubernetes' CEL authorizer library (`authorizer.group('apps').resource('deployments').check('create').allowed()`), whose checks a host's [`Authorizer`] answers.
//!
//! Facts from upstream's `apiserver/pkg/cel/library/authz.go`: `authorizer.path(p)`,
//! `.group(g)`, `.serviceAccount(namespace, name)` (the checks then ask for that account, not
//! the requester), `authorizer.requestResource` (the request's own resource); a group check's
//! `.resource(r)`; a resource check's `.subresource(s)`, `.namespace(n)`, `.name(n)` and
//! `.check(verb)`; a path check's `.check(httpVerb)`; a decision's `.allowed()`, `.reason()`,
//! `.errored()` and `.error()`.

use std::fmt;
use std::sync::Arc;

use super::eval::{EvalError, Meter, no_overload};
use super::functions::str_arg;
use super::value::Val;

/// What one check asks: a resource (group, resource, subresource, namespace, name) or a
/// non-resource path, the verb, and the service account asked for (the requester when `None`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Check {
    /// `serviceAccount(namespace, name)`'s account.
    pub service_account: Option<(String, String)>,
    /// A non-resource check's path.
    pub path: Option<String>,
    /// The API group.
    pub group: String,
    /// The resource.
    pub resource: String,
    /// The subresource.
    pub subresource: String,
    /// The namespace.
    pub namespace: String,
    /// The object's name.
    pub name: String,
    /// The verb (`get`, `create`, a custom verb; a path check's HTTP verb in lower case).
    pub verb: String,
}

/// An authorizer's answer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decision {
    /// Whether the check is allowed.
    pub allowed: bool,
    /// The authorizer's reason (may be empty).
    pub reason: String,
    /// Why the authorizer could not decide, if it could not.
    pub error: Option<String>,
}

/// What answers the library's checks: the server's authorization.
pub trait Authorizer: Send + Sync {
    /// Decides one check.
    fn authorize(&self, check: &Check) -> Decision;
}

/// Which of the library's types a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Authorizer,
    Path,
    Group,
    Resource,
    Decision,
}

/// A value of the library: the authorizer or a check being built (with the host that will
/// answer it), or a decision.
#[derive(Clone)]
pub struct AuthzVal {
    kind: Kind,
    host: Arc<dyn Authorizer>,
    check: Check,
    /// The request's resource, for `requestResource`.
    request: Arc<Check>,
    decision: Option<Decision>,
}

impl fmt::Debug for AuthzVal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AuthzVal").field("kind", &self.kind).field("check", &self.check).finish()
    }
}

impl AuthzVal {
    /// The library's type name, as `type()` and messages give it.
    pub(crate) fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Authorizer => "kubernetes.authorization.Authorizer",
            Kind::Path => "kubernetes.authorization.PathCheck",
            Kind::Group => "kubernetes.authorization.GroupCheck",
            Kind::Resource => "kubernetes.authorization.ResourceCheck",
            Kind::Decision => "kubernetes.authorization.Decision",
        }
    }

    fn with(&self, kind: Kind, edit: impl FnOnce(&mut Check)) -> Val {
        let mut next = self.clone();
        next.kind = kind;
        edit(&mut next.check);
        Val::Authz(Arc::new(next))
    }
}

/// The `authorizer` variable: checks go to `host`; `request` is the request's own resource
/// (`authorizer.requestResource`; its verb is ignored).
pub fn authorizer(host: Arc<dyn Authorizer>, request: Check) -> Val {
    Val::Authz(Arc::new(AuthzVal {
        kind: Kind::Authorizer,
        host,
        check: Check::default(),
        request: Arc::new(request),
        decision: None,
    }))
}

/// Whether the library declares the method `name` with `argc` arguments.
pub(crate) fn known(name: &str, argc: usize) -> bool {
    matches!(
        (name, argc),
        ("path" | "group" | "resource" | "subresource" | "namespace" | "name" | "check", 1)
            | ("serviceAccount", 2)
            | ("allowed" | "reason" | "errored" | "error", 0)
    )
}

/// `authorizer.requestResource`.
pub(crate) fn select(a: &AuthzVal, field: &str) -> Result<Val, EvalError> {
    match (a.kind, field) {
        (Kind::Authorizer, "requestResource") => {
            let request = (*a.request).clone();
            Ok(a.with(Kind::Resource, |c| {
                let account = c.service_account.take();
                *c = Check { service_account: account, verb: String::new(), ..request };
            }))
        }
        _ => Err(EvalError::Msg(format!("no such key: {field}"))),
    }
}

/// A method of the library's values.
pub(crate) fn method(a: &AuthzVal, name: &str, args: &[Val], m: &mut Meter) -> Result<Val, EvalError> {
    let text = |i: usize| args.get(i).map(str_arg).transpose().map(|s| s.unwrap_or_default().to_owned());
    match (a.kind, name, args.len()) {
        (Kind::Authorizer, "path", 1) => {
            let p = text(0)?;
            Ok(a.with(Kind::Path, |c| c.path = Some(p)))
        }
        (Kind::Authorizer, "group", 1) => {
            let g = text(0)?;
            Ok(a.with(Kind::Group, |c| c.group = g))
        }
        (Kind::Authorizer, "serviceAccount", 2) => {
            let (ns, n) = (text(0)?, text(1)?);
            Ok(a.with(Kind::Authorizer, |c| c.service_account = Some((ns, n))))
        }
        (Kind::Group, "resource", 1) => {
            let r = text(0)?;
            Ok(a.with(Kind::Resource, |c| c.resource = r))
        }
        (Kind::Resource, "subresource", 1) => {
            let s = text(0)?;
            Ok(a.with(Kind::Resource, |c| c.subresource = s))
        }
        (Kind::Resource, "namespace", 1) => {
            let n = text(0)?;
            Ok(a.with(Kind::Resource, |c| c.namespace = n))
        }
        (Kind::Resource, "name", 1) => {
            let n = text(0)?;
            Ok(a.with(Kind::Resource, |c| c.name = n))
        }
        (Kind::Resource | Kind::Path, "check", 1) => {
            // An authorization check is far dearer than an expression's other steps; upstream
            // estimates it at 350,000 of the per-call limit's million.
            m.charge(350_000)?;
            let mut check = a.check.clone();
            check.verb = text(0)?;
            if check.path.is_some() {
                check.verb = check.verb.to_ascii_lowercase();
            }
            let decision = a.host.authorize(&check);
            let mut next = a.clone();
            next.kind = Kind::Decision;
            next.check = check;
            next.decision = Some(decision);
            Ok(Val::Authz(Arc::new(next)))
        }
        (Kind::Decision, _, 0) => {
            let d = a.decision.clone().unwrap_or_default();
            match name {
                "allowed" => Ok(Val::Bool(d.allowed)),
                "reason" => Ok(Val::string(d.reason)),
                "errored" => Ok(Val::Bool(d.error.is_some())),
                "error" => Ok(Val::string(d.error.unwrap_or_default())),
                _ => Err(no_overload()),
            }
        }
        _ => Err(no_overload()),
    }
}
