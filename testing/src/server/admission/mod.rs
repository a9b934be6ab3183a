//! Admission webhooks called as kube-apiserver calls them: the stored
//! `MutatingWebhookConfiguration`s and `ValidatingWebhookConfiguration`s
//! (`admissionregistration.k8s.io/v1`) are matched against each create, update, patch and
//! delete (also of a delete-collection's objects, and of the `scale`, `eviction`, `binding` and
//! `token` subresources) and each pod exec, attach and port-forward (`CONNECT`, module
//! `connect`); mutating webhooks run in order (configurations by name, then their
//! webhooks) and their JSON Patches apply, those with `reinvocationPolicy: IfNeeded` once more
//! when a later webhook changed the object; then the validating ones run in parallel (of
//! several refusals, the first to arrive is the answer, as upstream's). A
//! webhook's `matchConditions` (CEL) decide whether it is called. A deny, a failed call or a
//! match condition's error under `failurePolicy: Fail`, or a dry run reaching a webhook with
//! side effects stops the request with upstream's status.
//!
//! `matchPolicy: Equivalent` (the default) also matches a request made through another served
//! version of the rule's resource (every version of a group-resource shares one store, and
//! `events.k8s.io` Events are core Events): the webhook gets the object, the old object and a
//! mutating webhook's patch in the version its rule names, with `kind`/`resource` of that version
//! and `requestKind`/`requestResource` of the request's, as upstream sends them.
//!
//! Subresources of another kind are reviewed as that kind, as upstream sends them: a `scale`
//! update or patch as an `UPDATE` of the `Scale` (the old object the current `Scale`), an
//! eviction, binding or token request as a `CREATE` of the `Eviction`, `Binding` or
//! `TokenRequest` the client sent, named after the parent; a mutating webhook's patch changes
//! what is written. A delete-collection sends each selected object as a `DELETE` without a
//! name, as upstream's store does.
//!
//! The stored `MutatingAdmissionPolicy` objects with their bindings run in CEL on creates and
//! updates before the mutating webhooks, in each round (module `mutating_policies`); the
//! `ValidatingAdmissionPolicy` objects are evaluated on the same requests, before the
//! validating webhooks (module `policies`).
//!
//! A create or update reaches the validating webhooks and policies only where upstream's
//! storage calls validating admission ([`Deferred`], the handler's `serve_write`): the object
//! (or its status) once prepared and validated, as it will be stored (seed 004's flows); a
//! `scale` write on the `Scale` of the updated object once `ValidateScale`, the resource version
//! and the object's validation passed, with the current `Scale` as the old object; a binding
//! after `ValidatePodBinding`; an eviction after its name and dry run, before the pod is read;
//! a token request after the account's lookup and `ValidateTokenRequest`.
//!
//! Simplifications: a retried update runs the validating webhooks again, not the mutating
//! ones; a subresource of another kind is
//! matched through the request's version only (no `matchPolicy: Equivalent` conversion); a
//! match condition of another type than bool is found out when it runs (upstream's compiler
//! refuses it, and that error is what it reads as).

mod call;
mod conditions;
mod connect;
pub(in crate::server) mod https;
mod mutating_policies;
mod policies;
mod policy_dispatch;

use std::collections::{BTreeMap, BTreeSet};

use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::stream::FuturesUnordered;
use http::{Method, header};
use kapi_api::admissionregistration::v1::{
    FailurePolicyType, MatchCondition, MatchPolicyType, MutatingWebhook, MutatingWebhookConfiguration,
    ReinvocationPolicyType, RuleWithOperations, ScopeType, SideEffectClass, ValidatingWebhook,
    ValidatingWebhookConfiguration, WebhookClientConfig,
};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::labels::{Operator, Requirement, Selector};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{DeleteOptions, GetOptions, GroupVersionKind, LabelSelector, StatusDetails};
use kapi_http::body;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::{GroupVersionResource, KindInfo, Object};

use super::authn::UserInfo;
use super::call::Call;
use super::codec::{self, Target};
use super::{ApiServer, lock};
use crate::tracker::meta::to_value;
use crate::tracker::options;
use crate::tracker::{Error, Result};

/// The group whose resources are never sent to webhooks, so a broken webhook cannot lock out
/// its own repair (upstream exempts the webhook and policy configurations the same way).
const EXEMPT_GROUP: &str = "admissionregistration.k8s.io";

/// The subresources of another kind than their resource's that the server serves as writes,
/// and so sends to webhooks.
const OTHER_KIND_WRITES: &[&str] = &["scale", "eviction", "binding", "token"];

/// What admission made of a request.
pub(super) struct Admitted<'c> {
    /// The request to serve instead of the original (a mutated body; a patch turned into the
    /// update or create it amounts to); `None` to serve the original.
    pub(super) request: Option<http::Request<Bytes>>,
    /// Warnings of the mutating phase (the body's decoding, the mutating webhooks), which
    /// upstream records before the strategy's.
    pub(super) warnings: Vec<String>,
    /// Warnings of validating webhooks and policies that ran here at once (a delete), which
    /// upstream records after the strategy's.
    pub(super) late: Vec<String>,
    /// The validating webhooks of a create or update (also through a subresource of another
    /// kind), which run on the write held back once it is prepared and validated
    /// ([`ApiServer::validate_held`]).
    pub(super) deferred: Option<Deferred<'c>>,
}

/// The validating webhooks left for the object as it will be stored (seed 004's create and
/// update flows: mutating admission, the strategy's preparation and the system fields,
/// validation, then validating admission).
pub(super) struct Deferred<'c> {
    policies: Vec<policies::Policy>,
    validating: Vec<Hook>,
    subject: Subject,
    attrs: Attributes<'c>,
}

/// One webhook of either kind, with what the dispatcher needs.
struct Hook {
    name: String,
    /// The configuration it belongs to, for audit annotations.
    configuration: String,
    mutating: bool,
    client_config: WebhookClientConfig,
    rules: Vec<RuleWithOperations>,
    failure_policy: Option<FailurePolicyType>,
    /// `Exact`, or `Equivalent` (also when unset, upstream's v1 default).
    match_policy: Option<MatchPolicyType>,
    namespace_selector: Option<LabelSelector>,
    object_selector: Option<LabelSelector>,
    side_effects: Option<SideEffectClass>,
    timeout_seconds: Option<i32>,
    admission_review_versions: Vec<String>,
    match_conditions: Vec<MatchCondition>,
    /// `reinvocationPolicy: IfNeeded` (mutating webhooks only).
    reinvoke_if_needed: bool,
}

impl From<MutatingWebhook> for Hook {
    fn from(w: MutatingWebhook) -> Hook {
        Hook {
            name: w.name,
            configuration: String::new(),
            mutating: true,
            client_config: w.client_config,
            rules: w.rules,
            failure_policy: w.failure_policy,
            match_policy: w.match_policy,
            namespace_selector: w.namespace_selector,
            object_selector: w.object_selector,
            side_effects: w.side_effects,
            timeout_seconds: w.timeout_seconds,
            admission_review_versions: w.admission_review_versions.unwrap_or_default(),
            match_conditions: w.match_conditions,
            reinvoke_if_needed: w.reinvocation_policy.is_some_and(|p| p.0 == ReinvocationPolicyType::IF_NEEDED),
        }
    }
}

impl From<ValidatingWebhook> for Hook {
    fn from(w: ValidatingWebhook) -> Hook {
        Hook {
            name: w.name,
            configuration: String::new(),
            mutating: false,
            client_config: w.client_config,
            rules: w.rules,
            failure_policy: w.failure_policy,
            match_policy: w.match_policy,
            namespace_selector: w.namespace_selector,
            object_selector: w.object_selector,
            side_effects: w.side_effects,
            timeout_seconds: w.timeout_seconds,
            admission_review_versions: w.admission_review_versions.unwrap_or_default(),
            match_conditions: w.match_conditions,
            reinvoke_if_needed: false,
        }
    }
}

/// What a review is about.
struct Subject {
    /// The resource the request names.
    info: ResourceInfo,
    /// The kind of the object reviewed: the resource's, or a subresource's (`Scale`); `None`
    /// for a connection's options (`PodExecOptions`), a kind the server does not register,
    /// whose patched form is taken as it is.
    kind: Option<KindInfo>,
    /// The other resources sharing the resource's store, which `matchPolicy: Equivalent`
    /// rules match too.
    equivalents: Vec<ResourceInfo>,
}

/// The webhooks of one request.
struct Chain<'a> {
    /// The mutating admission policies, run before the mutating webhooks in each round.
    mutating_policies: &'a [mutating_policies::MutatingPolicy],
    mutating: &'a [Hook],
    /// The validating admission policies, evaluated before the validating webhooks.
    policies: &'a [policies::Policy],
    validating: &'a [Hook],
    subject: &'a Subject,
}

/// One webhook's call: the attributes and objects it is sent, in the version its rule names.
struct Invocation<'a> {
    attrs: Attributes<'a>,
    object: Option<Value>,
    old: Option<Value>,
    /// The equivalent resource the webhook matched through, if not the request's.
    through: Option<ResourceInfo>,
}

/// A failed call: subject to `failurePolicy` (upstream's `ErrCallingWebhook`).
struct CallFailure(String);

/// The request's attributes that webhooks match on and receive.
#[derive(Clone)]
struct Attributes<'a> {
    operation: &'static str,
    gvr: GroupVersionResource,
    kind: GroupVersionKind,
    /// The resource and kind the request was made through (`gvr` and `kind` name the version a
    /// webhook matched through `matchPolicy: Equivalent`).
    request_gvr: GroupVersionResource,
    request_kind: GroupVersionKind,
    subresource: &'a str,
    namespace: &'a str,
    name: String,
    dry_run: bool,
    options: Option<Value>,
    /// Who makes the request.
    user: UserInfo,
}

impl Hook {
    fn equivalent(&self) -> bool {
        self.match_policy.as_ref().is_none_or(|p| p.0 != MatchPolicyType::EXACT)
    }

    /// Whether a rule of the webhook matches the request or one of its equivalent resources;
    /// the selectors and match conditions, which read the object, are not looked at.
    fn may_match(&self, attrs: &Attributes<'_>, equivalents: &[ResourceInfo]) -> bool {
        self.rules.iter().any(|r| attrs.matches(r))
            || (self.equivalent() && equivalents.iter().any(|e| self.rules.iter().any(|r| attrs.through(e).matches(r))))
    }
}

fn meta_gvk(info: &ResourceInfo) -> GroupVersionKind {
    GroupVersionKind { group: info.group.into(), version: info.version.into(), kind: info.kind.into() }
}

impl Attributes<'_> {
    /// Whether the request is for core `namespaces` (a namespace itself, or one of its
    /// subresources): its own object is the namespace selectors look at.
    fn is_for_a_namespace(&self) -> bool {
        self.gvr.group.is_empty() && self.gvr.resource == "namespaces"
    }

    /// The attributes as a webhook matching `other`, an equivalent resource, sees them.
    fn through(&self, other: &ResourceInfo) -> Self {
        Attributes { gvr: other.gvr(), kind: meta_gvk(other), ..self.clone() }
    }

    /// Upstream's rule matcher: operations, groups and versions by value or `*`; resources as
    /// `resource[/subresource]` where `*` stands for any resource and `*/*` also any
    /// subresource; scope `Cluster` for requests outside a namespace (and namespaces
    /// themselves), `Namespaced` for the others.
    fn matches(&self, rule: &RuleWithOperations) -> bool {
        let any = |list: &[String], v: &str| list.iter().any(|x| x == "*" || x == v);
        let ops: Vec<String> = rule.operations.iter().map(|o| o.0.clone()).collect();
        let r = &rule.rule;
        let resource = r.resources.iter().any(|res| {
            let (res, sub) = res.split_once('/').unwrap_or((res.as_str(), ""));
            (res == "*" || res == self.gvr.resource) && (sub == "*" || sub == self.subresource)
        });
        let namespaces_itself = self.is_for_a_namespace() && self.subresource.is_empty();
        let scope = match r.scope.as_ref().map(|s| s.0.as_str()) {
            None | Some(ScopeType::ALL) => true,
            Some(ScopeType::CLUSTER) => self.namespace.is_empty() || namespaces_itself,
            Some(ScopeType::NAMESPACED) => !self.namespace.is_empty() && !namespaces_itself,
            Some(_) => false,
        };
        any(&ops, self.operation)
            && any(&r.api_groups, &self.gvr.group)
            && any(&r.api_versions, &self.gvr.version)
            && resource
            && scope
    }
}

fn labels_of(obj: Option<&Value>) -> BTreeMap<String, String> {
    let Some(Value::Object(members)) = obj.and_then(|o| o.get("metadata")).and_then(|m| m.get("labels")) else {
        return BTreeMap::new();
    };
    members.iter().filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_owned()))).collect()
}

/// A `LabelSelector` as a selector; `None` and `{}` select everything.
fn selector(ls: Option<&LabelSelector>) -> std::result::Result<Selector, String> {
    let Some(ls) = ls else { return Ok(Selector::everything()) };
    let mut reqs = Vec::new();
    for (k, v) in &ls.match_labels {
        reqs.push(Requirement::new(k, Operator::Equals, [v.as_str()]).map_err(|e| e.to_string())?);
    }
    for e in &ls.match_expressions {
        let op = match e.operator.0.as_str() {
            "In" => Operator::In,
            "NotIn" => Operator::NotIn,
            "Exists" => Operator::Exists,
            "DoesNotExist" => Operator::DoesNotExist,
            other => return Err(format!("{other:?} is not a valid label selector operator")),
        };
        reqs.push(Requirement::new(&e.key, op, e.values.iter().map(String::as_str)).map_err(|e| e.to_string())?);
    }
    Ok(Selector::from_requirements(reqs))
}

/// The stored `admissionregistration.k8s.io/v1` objects of one resource (webhook
/// configurations, policies, bindings) by name, read as JSON, so this works whichever client
/// features registered the resources.
fn read_configs<T: kapi_machinery::json::JsonDecode + Default>(api: &ApiServer, resource: &str) -> Vec<(String, T)> {
    let gvr = GroupVersionResource::new(EXEMPT_GROUP, "v1", resource);
    let Ok((items, _)) = api.tracker.list(&gvr, "", &Default::default()) else { return Vec::new() };
    let mut out: Vec<(String, T)> = items
        .iter()
        .filter_map(|o| {
            let v = to_value(o.as_ref()).ok()?;
            let name = v.get("metadata")?.get("name")?.as_str()?.to_owned();
            Some((name, kapi_machinery::json::from_slice(&v.to_compact_vec()).ok()?))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

impl ApiServer {
    /// CEL's `authorizer` for a request: checks for its user, `requestResource` its resource.
    fn request_authorizer(&self, attrs: &Attributes<'_>) -> crate::cel::Val {
        let request = kapi_cel::authz::Check {
            group: attrs.gvr.group.clone(),
            resource: attrs.gvr.resource.clone(),
            subresource: attrs.subresource.to_owned(),
            namespace: attrs.namespace.to_owned(),
            name: attrs.name.clone(),
            ..Default::default()
        };
        self.cel_authorizer(&attrs.user, request)
    }
}

/// Upstream's `NewForbidden`: `403` with `<resource> "<name>" is forbidden: <why>` (without
/// the name when there is none).
fn forbidden(attrs: &Attributes<'_>, why: &str) -> Error {
    let resource = api_errors::qualified_resource(&attrs.request_gvr.group, &attrs.request_gvr.resource);
    let message = if attrs.name.is_empty() {
        format!("{resource} is forbidden: {why}")
    } else {
        format!("{resource} {:?} is forbidden: {why}", attrs.name)
    };
    let details = StatusDetails {
        name: attrs.name.clone(),
        group: attrs.request_gvr.group.clone(),
        kind: attrs.request_gvr.resource.clone(),
        ..Default::default()
    };
    api_errors::into_error(api_errors::failure(403, "Forbidden", message, Some(details)))
}

/// Upstream's `admission.NewForbidden`: `403` with `<resource> "<name>" is forbidden: <why>`,
/// the name the request's, else the object's, else its `generateName`, else `Unknown`.
fn admission_forbidden(attrs: &Attributes<'_>, object: Option<&Value>, why: &str) -> Error {
    let meta = |key: &str| {
        object.and_then(|o| o.get("metadata")).and_then(|m| m.get(key)).and_then(Value::as_str).unwrap_or("")
    };
    let name = [attrs.name.as_str(), meta("name"), meta("generateName"), "Unknown"]
        .into_iter()
        .find(|n| !n.is_empty())
        .unwrap_or("Unknown")
        .to_owned();
    forbidden(&Attributes { name, ..attrs.clone() }, why)
}

impl ApiServer {
    /// Upstream's namespace and object selector matchers (`webhook/predicates`), shared by
    /// webhooks and policies: a request outside a namespace (but for a namespace itself) passes
    /// any namespace selector; a missing namespace is `404` once a selector asks for its
    /// labels; an object selector matches the object or the old one, never an object without
    /// metadata (a connection's options); a selector that does not parse is an internal error.
    fn selectors_match(
        &self,
        namespace_selector: Option<&LabelSelector>,
        object_selector: Option<&LabelSelector>,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
    ) -> Result<bool> {
        Ok(self.namespace_selector_matches(namespace_selector, attrs, obj, old)?
            && object_selector_matches(object_selector, obj, old)?)
    }

    /// The namespace half of [`ApiServer::selectors_match`].
    fn namespace_selector_matches(
        &self,
        namespace_selector: Option<&LabelSelector>,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
    ) -> Result<bool> {
        let namespaces_itself = attrs.is_for_a_namespace();
        if !namespaces_itself && attrs.namespace.is_empty() {
            return Ok(true);
        }
        let s = selector(namespace_selector).map_err(|e| api_errors::internal(&e))?;
        if s.is_empty() {
            return Ok(true);
        }
        let labels =
            if namespaces_itself { labels_of(obj.or(old)) } else { labels_of(Some(&self.request_namespace(attrs)?)) };
        Ok(s.matches(&labels))
    }

    /// The stored namespace a namespaced request is in; `404 namespaces "x" not found` when
    /// there is none (what selectors and policies that look at it answer).
    fn request_namespace(&self, attrs: &Attributes<'_>) -> Result<Value> {
        let ns = GroupVersionResource::new("", "v1", "namespaces");
        let found = self
            .tracker
            .get(&ns, "", attrs.namespace, &GetOptions::default())
            .map_err(|_| namespace_not_found(attrs.namespace))?;
        to_value(found.as_ref())
    }
}

/// The object half of [`ApiServer::selectors_match`].
fn object_selector_matches(
    object_selector: Option<&LabelSelector>,
    obj: Option<&Value>,
    old: Option<&Value>,
) -> Result<bool> {
    let s = selector(object_selector).map_err(|e| api_errors::internal(&e))?;
    let labelled = |o: &&Value| o.get("metadata").is_some() && s.matches(&labels_of(Some(o)));
    Ok(s.is_empty() || [obj, old].into_iter().flatten().any(|o| labelled(&o)))
}

/// The `NotFound` of a request's namespace that does not exist.
fn namespace_not_found(name: &str) -> Error {
    let details = StatusDetails { name: name.to_owned(), kind: "namespaces".into(), ..Default::default() };
    api_errors::into_error(api_errors::failure(
        404,
        "NotFound",
        format!("namespaces {name:?} not found"),
        Some(details),
    ))
}

/// A delete's options as a review's `options`: `meta.k8s.io/v1` `DeleteOptions`.
fn delete_options_value(opts: &DeleteOptions) -> Result<Value> {
    let mut v = value::parse(&kapi_machinery::json::to_vec(opts).map_err(|e| api_errors::internal(&e.to_string()))?)
        .map_err(|e| api_errors::internal(&e.to_string()))?;
    if let Value::Object(m) = &mut v {
        m.retain(|(k, _)| k != "kind" && k != "apiVersion");
        m.insert(0, ("apiVersion".into(), Value::String("meta.k8s.io/v1".into())));
        m.insert(0, ("kind".into(), Value::String("DeleteOptions".into())));
    }
    Ok(v)
}

impl ApiServer {
    /// Where the test server reaches a webhook configured by `service` (namespace, name, port):
    /// `address` is `host:port`. The certificate is checked against the service's DNS name,
    /// `<name>.<namespace>.svc`, as the API server does.
    pub fn set_webhook_service(&self, namespace: &str, name: &str, port: i32, address: &str) {
        lock(&self.webhook_services).insert((namespace.to_owned(), name.to_owned(), port), address.to_owned());
    }

    /// The stored webhook configurations, each kind sorted by name. They are read as JSON, so
    /// this works whichever client features registered the resources.
    fn hooks(&self) -> (Vec<Hook>, Vec<Hook>) {
        let mutating = read_configs::<MutatingWebhookConfiguration>(self, "mutatingwebhookconfigurations");
        let validating = read_configs::<ValidatingWebhookConfiguration>(self, "validatingwebhookconfigurations");
        fn of<W: Into<Hook>>(configuration: String, webhooks: Vec<W>) -> impl Iterator<Item = Hook> {
            webhooks.into_iter().map(move |w| Hook { configuration: configuration.clone(), ..w.into() })
        }
        (
            mutating.into_iter().flat_map(|(name, c)| of(name, c.webhooks)).collect(),
            validating.into_iter().flat_map(|(name, c)| of(name, c.webhooks)).collect(),
        )
    }

    /// Runs the admission webhooks for a request; `Ok(None)` when none applies.
    pub(super) async fn admit<'c>(&self, call: &'c Call<'_>) -> Result<Option<Admitted<'c>>> {
        let info = call.info;
        if info.group == EXEMPT_GROUP {
            return Ok(None);
        }
        let sub = call.route.subresource.as_deref();
        // A subresource of another kind is reviewed as that kind (`Scale`, `Eviction`); of
        // those, the server serves only these as writes.
        let other = match sub.and_then(|s| info.subresource(s)) {
            Some(s) if s.result != info.kind_info() => {
                if !OTHER_KIND_WRITES.contains(&s.name) {
                    return Ok(None);
                }
                Some(s)
            }
            _ => None,
        };
        let (mutating, validating) = self.hooks();
        let policies = self.policies();
        let mutating_policies = self.mutating_policies();
        if mutating.is_empty() && validating.is_empty() && policies.is_empty() && mutating_policies.is_empty() {
            return Ok(None);
        }
        let method = call.req.method().clone();
        let named = call.route.name.is_some();
        let dry_run = call.query.get("dryRun").is_some_and(|v| !v.is_empty());
        let gvr = info.gvr();
        // The other served versions of the resource (and the groups sharing its store), which
        // `matchPolicy: Equivalent` rules match too; a subresource of another kind is matched
        // through the request's version only.
        let storage = self.tracker.storage_of(&gvr).map(|s| s.gvr());
        let equivalents: Vec<ResourceInfo> = if other.is_some() {
            Vec::new()
        } else {
            self.tracker
                .resources()
                .into_iter()
                .filter(|r| {
                    r.gvr() != gvr && storage.is_some() && self.tracker.storage_of(&r.gvr()).map(|s| s.gvr()) == storage
                })
                .collect()
        };
        // Rules first, on what the request line says: no body is decoded (and no patch run
        // twice) for a request no webhook is interested in.
        let scale = other.is_some_and(|s| s.name == "scale");
        let operations: &[&'static str] = match (&method, other) {
            (&Method::POST, None) if !named => &["CREATE"],
            // `eviction`, `binding` and `token` are creates of their kind.
            (&Method::POST, Some(_)) if named && !scale => &["CREATE"],
            // A PUT creates a missing object of a resource that allows it.
            (&Method::PUT, None) if named => &["UPDATE", "CREATE"],
            (&Method::PUT, Some(_)) if scale => &["UPDATE"],
            // An apply may create the object (not its scale).
            (&Method::PATCH, None) if named => &["UPDATE", "CREATE"],
            (&Method::PATCH, Some(_)) if scale => &["UPDATE"],
            // A named delete, or a delete-collection.
            (&Method::DELETE, None) if sub.is_none() => &["DELETE"],
            _ => return Ok(None),
        };
        let interested = operations.iter().any(|&operation| {
            let probe = Attributes {
                operation,
                gvr: gvr.clone(),
                kind: GroupVersionKind::default(),
                request_gvr: gvr.clone(),
                request_kind: GroupVersionKind::default(),
                subresource: sub.unwrap_or(""),
                namespace: call.namespace(),
                name: String::new(),
                dry_run,
                options: None,
                user: self.user_of(call.req),
            };
            mutating.iter().chain(&validating).any(|h| h.may_match(&probe, &equivalents))
                || policies.iter().any(|p| p.may_match(&probe, &equivalents))
                || mutating_policies.iter().any(|p| p.may_match(&probe, &equivalents))
        });
        if !interested {
            return Ok(None);
        }
        let mut subject = Subject { info, kind: Some(other.map_or(info.kind_info(), |s| s.result)), equivalents };
        if method == Method::DELETE && !named {
            let chain = Chain {
                mutating_policies: &[],
                mutating: &mutating,
                policies: &policies,
                validating: &validating,
                subject: &subject,
            };
            return self.admit_delete_collection(call, &chain, dry_run).await;
        }
        let current = || {
            self.tracker
                .get(&gvr, call.namespace(), call.name(), &GetOptions::default())
                .ok()
                .map(|o| to_value(o.as_ref()))
                .transpose()
        };
        let meta_options = |kind: &str, dry: bool, manager: &str| {
            let mut m = vec![
                ("kind".to_owned(), Value::String(kind.into())),
                ("apiVersion".to_owned(), Value::String("meta.k8s.io/v1".into())),
            ];
            if dry {
                m.push(("dryRun".into(), Value::Array(vec![Value::String("All".into())])));
            }
            if !manager.is_empty() {
                m.push(("fieldManager".into(), Value::String(manager.into())));
            }
            Value::Object(m)
        };
        let manager = call.query.get("fieldManager").unwrap_or_default().to_owned();
        // The object the webhooks see, the stored one, and what the request becomes.
        // The body is decoded here under the request's field validation: the webhooks see
        // the typed object, and what strict decoding finds (an error, or warnings) is reported
        // now, since the body served afterwards is the re-encoded one.
        let mut warnings = Vec::new();
        let (operation, object, old, patch_created) = match (&method, other) {
            (&Method::POST, None) => {
                let fv = options::validate_create(&call.query.create_options()?)?.field_validation;
                let (obj, found) = self.decode_body(call, fv)?;
                warnings = found;
                ("CREATE", Some(to_value(obj.as_ref())?), None, false)
            }
            (&Method::POST, Some(s)) => {
                let fv = options::validate_create(&call.query.create_options()?)?.field_validation;
                let (obj, found) = self.decode_input(call, s, fv)?;
                warnings = found;
                // The kind the body was (`policy/v1beta1` evictions are still served).
                let gvk = obj.registered_gvk();
                if let Some(k) = s.input_kinds().iter().find(|k| k.gvk() == gvk) {
                    subject.kind = Some(*k);
                }
                ("CREATE", Some(to_value(obj.as_ref())?), None, false)
            }
            (&Method::PUT, other) => {
                let old = match other {
                    None => current()?,
                    Some(s) => self.current_scale(call, s)?,
                };
                let creates = old.is_none() && crate::tracker::put_create::creates_on_put(&call.info, sub);
                if old.is_none() && !creates {
                    return Ok(None);
                }
                let fv = options::validate_update(&call.query.update_options()?)?.field_validation;
                let (obj, found) = match other {
                    None => self.decode_body(call, fv)?,
                    Some(s) => self.decode_input(call, s, fv)?,
                };
                warnings = found;
                let operation = if creates { "CREATE" } else { "UPDATE" };
                (operation, Some(to_value(obj.as_ref())?), old, false)
            }
            (&Method::PATCH, other) => {
                let old = match other {
                    None => current()?,
                    Some(s) => self.current_scale(call, s)?,
                };
                let (patched, created, found) = self.dry_run_patch(call).await?;
                warnings = found;
                (if created { "CREATE" } else { "UPDATE" }, Some(patched), old, created)
            }
            _ => {
                let Some(old) = current()? else { return Ok(None) };
                ("DELETE", None, Some(old), false)
            }
        };
        let options = match operation {
            "CREATE" => meta_options("CreateOptions", dry_run, &manager),
            "UPDATE" => meta_options("UpdateOptions", dry_run, &manager),
            _ => delete_options_value(&self.delete_options(call)?)?,
        };
        let name = match (&call.route.name, &object) {
            (Some(n), _) => n.clone(),
            (None, Some(o)) => {
                o.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str).unwrap_or("").into()
            }
            (None, None) => String::new(),
        };
        let reviewed = subject.kind.unwrap_or(info.kind_info());
        let kind = GroupVersionKind {
            group: reviewed.group.into(),
            version: reviewed.version.into(),
            kind: reviewed.kind.into(),
        };
        let attrs = Attributes {
            operation,
            kind: kind.clone(),
            request_gvr: gvr.clone(),
            request_kind: kind,
            gvr,
            subresource: sub.unwrap_or(""),
            namespace: call.namespace(),
            name,
            dry_run,
            options: Some(options),
            user: self.user_of(call.req),
        };
        let chain = Chain {
            mutating_policies: &mutating_policies,
            mutating: &mutating,
            policies: &policies,
            validating: &validating,
            subject: &subject,
        };
        // A create or update is validated by the webhooks and policies at the point upstream's
        // storage calls validating admission: the object (or its status) once the server has
        // prepared and validated it; a scale once `ValidateScale`, the resource version and the
        // object's own validation passed (the generic store's update, through
        // `toScaleUpdateValidation`); a pod's binding after `ValidatePodBinding`; an eviction
        // after the body's name and dry run, before the pod is read; a token request after
        // the account's lookup and `ValidateTokenRequest`. A delete is reviewed here at once.
        let defer = operation != "DELETE";
        let mut late = Vec::new();
        let (object, mut called) = self.run_mutating(&chain, &attrs, object, old.as_ref(), &mut warnings).await?;
        if !defer {
            called |= self.run_validating(&chain, &attrs, object.as_ref(), old.as_ref(), &mut late).await?;
        }
        let validates = validating.iter().any(|h| h.may_match(&attrs, &subject.equivalents))
            || policies.iter().any(|p| p.may_match(&attrs, &subject.equivalents));
        let deferred = (defer && validates).then_some(Deferred { policies, validating, subject, attrs });
        if !called && deferred.is_none() {
            return Ok(None);
        }
        let request = match (method, object) {
            _ if !called => None,
            (Method::DELETE, _) | (_, None) => None,
            (Method::PATCH, Some(mut obj)) => Some(self.patch_as_write(call, &mut obj, old.as_ref(), patch_created)?),
            (_, Some(obj)) => Some(with_body(call.req, call.req.method().clone(), call.req.uri().clone(), &obj)),
        };
        Ok(Some(Admitted { request, warnings, late, deferred }))
    }

    /// The validating webhooks of a create or update on the write held back: `object` as it
    /// will be stored (name generated, uid and timestamps set, prepared and validated; through
    /// a subresource of another kind, the object that kind's storage validates) and `old` the
    /// stored object it replaces (the current `Scale` for a scale write), both in the
    /// request's version. The attributes
    /// name the generated name, as upstream's `AdmissionToValidateObjectFunc` does.
    pub(super) async fn validate_held(
        &self,
        deferred: &Deferred<'_>,
        object: &Value,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<()> {
        let mut attrs = deferred.attrs.clone();
        if attrs.name.is_empty()
            && let Some(name) = object.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str)
        {
            attrs.name = name.to_owned();
        }
        let chain = Chain {
            mutating_policies: &[],
            mutating: &[],
            policies: &deferred.policies,
            validating: &deferred.validating,
            subject: &deferred.subject,
        };
        self.run_validating(&chain, &attrs, Some(object), old, warnings).await?;
        Ok(())
    }

    /// A delete-collection, as upstream's store runs it: each object the list options select
    /// is reviewed as a `DELETE` of its own (no name, the object as `oldObject`), in list order;
    /// a refusal stops there, after the objects before it have been deleted (kube-apiserver's
    /// one `--delete-collection-workers`), and answers with the refusal.
    async fn admit_delete_collection(
        &self,
        call: &Call<'_>,
        chain: &Chain<'_>,
        dry_run: bool,
    ) -> Result<Option<Admitted<'static>>> {
        let info = chain.subject.info;
        let gvr = info.gvr();
        let (items, _) = self.tracker.list(&gvr, call.namespace(), &call.query.list_options()?)?;
        let delete = self.delete_options(call)?;
        let options = delete_options_value(&delete)?;
        let kind = meta_gvk(&info);
        let mut warnings = Vec::new();
        let mut called = false;
        for (i, item) in items.iter().enumerate() {
            let attrs = Attributes {
                operation: "DELETE",
                gvr: gvr.clone(),
                kind: kind.clone(),
                request_gvr: gvr.clone(),
                request_kind: kind.clone(),
                subresource: "",
                namespace: call.namespace(),
                name: String::new(),
                dry_run,
                options: Some(options.clone()),
                user: self.user_of(call.req),
            };
            let old = to_value(item.as_ref())?;
            match self.run_chain(chain, &attrs, None, Some(&old), &mut warnings).await {
                Ok((_, c)) => called |= c,
                Err(refused) => {
                    for done in &items[..i] {
                        let Some(m) = (info.metadata)(done.as_ref()) else { continue };
                        match self.tracker.delete(&gvr, &m.namespace, &m.name, &delete) {
                            Ok(_) => {}
                            Err(e) if e.code == 404 => {}
                            Err(e) => return Err(e),
                        }
                    }
                    return Err(refused);
                }
            }
        }
        Ok(called.then_some(Admitted { request: None, warnings: Vec::new(), late: warnings, deferred: None }))
    }

    /// The webhooks for one object: the mutating ones, then the validating ones on the
    /// result (see [`ApiServer::run_mutating`] and [`ApiServer::run_validating`]). The object
    /// as mutated, and whether any webhook was called.
    async fn run_chain(
        &self,
        chain: &Chain<'_>,
        attrs: &Attributes<'_>,
        object: Option<Value>,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<(Option<Value>, bool)> {
        let (object, mutated) = self.run_mutating(chain, attrs, object, old, warnings).await?;
        let validated = self.run_validating(chain, attrs, object.as_ref(), old, warnings).await?;
        Ok((object, mutated || validated))
    }

    /// The mutating webhooks in order, again those with `reinvocationPolicy: IfNeeded` when a
    /// later one changed the object (upstream's one reinvocation round). The object as
    /// mutated, and whether any webhook was called.
    async fn run_mutating(
        &self,
        chain: &Chain<'_>,
        attrs: &Attributes<'_>,
        object: Option<Value>,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<(Option<Value>, bool)> {
        let subject = chain.subject;
        let mut object = object;
        let mut called = false;
        // Upstream's reinvocation context: the reinvocable webhooks called since the last
        // change, those to call again, and whether a second round runs at all.
        let mut reinvocable = BTreeSet::new();
        let mut reinvoke = BTreeSet::new();
        let mut again = false;
        // The policies' own context, and the object as the webhooks last left it (a policy
        // that changes it in the second round has the reinvocable webhooks called again).
        let mut policy_rounds = mutating_policies::Reinvocation::default();
        let mut after_webhooks = None;
        for round in 0..2 {
            if round == 1 && !again {
                break;
            }
            if !chain.mutating_policies.is_empty()
                && self.run_mutating_policies(
                    chain.mutating_policies,
                    subject,
                    attrs,
                    &mut object,
                    old,
                    &mut policy_rounds,
                    round == 1,
                )?
            {
                called = true;
                again = true;
            }
            if round == 1 && after_webhooks.as_ref() != Some(&object) {
                reinvoke.append(&mut reinvocable);
            }
            for (i, hook) in chain.mutating.iter().enumerate() {
                let Some(inv) = self.invocation(hook, subject, attrs, object.as_ref(), old)? else { continue };
                // A webhook not called in the first round is not called in the second.
                if round == 1 && !reinvoke.contains(&i) {
                    continue;
                }
                called = true;
                let failed_open = format!("failed-open.mutation.webhook.admission.k8s.io/round_{round}_index_{i}");
                let patched = self
                    .call_hook(hook, &inv.attrs, inv.object.as_ref(), inv.old.as_ref(), warnings, &failed_open)
                    .await;
                // Upstream's audit annotation of each mutating call, also of one that failed:
                // whether it changed the object.
                let mutated = matches!(&patched, Ok(Some(p)) if inv.object.as_ref() != Some(p));
                super::audit::annotate(
                    format!("mutation.webhook.admission.k8s.io/round_{round}_index_{i}"),
                    String::from_utf8_lossy(
                        &Value::Object(vec![
                            ("configuration".into(), Value::String(hook.configuration.clone())),
                            ("webhook".into(), Value::String(hook.name.clone())),
                            ("mutated".into(), Value::Bool(mutated)),
                        ])
                        .to_compact_vec(),
                    )
                    .into_owned(),
                );
                if let Some(patched) = patched? {
                    let patched = match &inv.through {
                        None => patched,
                        Some(e) => self.convert_value(e, &self.normalize_as(e, &patched)?, &subject.info)?,
                    };
                    let patched = match subject.kind {
                        Some(kind) => self.normalize_kind(kind, &patched)?,
                        None => patched,
                    };
                    if object.as_ref() != Some(&patched) {
                        reinvoke.append(&mut reinvocable);
                        again = true;
                    }
                    object = Some(patched);
                }
                if hook.reinvoke_if_needed {
                    reinvocable.insert(i);
                }
            }
            after_webhooks = Some(object.clone());
        }
        Ok((object, called))
    }

    /// The validating webhooks, on the object as it will be stored: whether any was called.
    async fn run_validating(
        &self,
        chain: &Chain<'_>,
        attrs: &Attributes<'_>,
        object: Option<&Value>,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<bool> {
        let subject = chain.subject;
        // The policies first (their plugin comes before the webhooks' in kube-apiserver's
        // order): a denial stops the request before any webhook is called.
        if !chain.policies.is_empty() {
            self.run_policies(chain.policies, subject, attrs, object, old, warnings)?;
        }
        // Upstream decides which validating webhooks apply one after another (a match
        // condition's error stops there), then calls them all in parallel and, once all have
        // answered, reports the first refusal to have arrived.
        let mut invocations = Vec::new();
        for hook in chain.validating {
            if let Some(inv) = self.invocation(hook, subject, attrs, object, old)? {
                invocations.push((hook, inv));
            }
        }
        let called = !invocations.is_empty();
        let results: Vec<_> = invocations
            .iter()
            .enumerate()
            .map(|(i, (hook, inv))| async move {
                let mut found = Vec::new();
                // Upstream numbers the validating webhooks called, not all of them.
                let failed_open = format!("failed-open.validating.webhook.admission.k8s.io/round_0_index_{i}");
                let r = self
                    .call_hook(hook, &inv.attrs, inv.object.as_ref(), inv.old.as_ref(), &mut found, &failed_open)
                    .await;
                (found, r)
            })
            .collect::<FuturesUnordered<_>>()
            .collect()
            .await;
        let mut refusal = None;
        for (found, r) in results {
            warnings.extend(found);
            if let Err(e) = r {
                refusal.get_or_insert(e);
            }
        }
        match refusal {
            Some(e) => Err(e),
            None => Ok(called),
        }
    }

    /// Whether a webhook is called for the request and how: the resource its rules name (the
    /// request's, or the first equivalent one), the attributes and objects in that version.
    fn invocation<'a>(
        &self,
        hook: &Hook,
        subject: &Subject,
        attrs: &Attributes<'a>,
        object: Option<&Value>,
        old: Option<&Value>,
    ) -> Result<Option<Invocation<'a>>> {
        let through = if hook.rules.iter().any(|r| attrs.matches(r)) {
            None
        } else if hook.equivalent()
            && let Some(e) = subject.equivalents.iter().find(|e| hook.rules.iter().any(|r| attrs.through(e).matches(r)))
        {
            Some(*e)
        } else {
            return Ok(None);
        };
        let inv = match through {
            None => Invocation { attrs: attrs.clone(), object: object.cloned(), old: old.cloned(), through },
            Some(e) => Invocation {
                attrs: attrs.through(&e),
                object: object.map(|o| self.convert_value(&subject.info, o, &e)).transpose()?,
                old: old.map(|o| self.convert_value(&subject.info, o, &e)).transpose()?,
                through,
            },
        };
        if !self.should_call(hook, attrs, &inv)? {
            return Ok(None);
        }
        Ok(Some(inv))
    }
    /// Upstream's `ShouldCallHook`: the rules, the namespace and object selectors, the match
    /// conditions (a dry run is checked when the webhook is called, as upstream's dispatchers do).
    /// `request` is the request's attributes, `inv` what the webhook would be sent.
    fn should_call(&self, hook: &Hook, request: &Attributes<'_>, inv: &Invocation<'_>) -> Result<bool> {
        let (attrs, obj, old) = (&inv.attrs, inv.object.as_ref(), inv.old.as_ref());
        if !hook.rules.iter().any(|r| attrs.matches(r)) {
            return Ok(false);
        }
        let matched =
            self.selectors_match(hook.namespace_selector.as_ref(), hook.object_selector.as_ref(), attrs, obj, old)?;
        if !matched {
            return Ok(false);
        }
        if !hook.match_conditions.is_empty() {
            let cel_request = value::parse(
                &kapi_machinery::json::to_vec(&call::review_request(attrs, String::new(), None, None))
                    .map_err(|e| api_errors::internal(&e.to_string()))?,
            )
            .map_err(|e| api_errors::internal(&e.to_string()))?;
            let ignore = hook.failure_policy.as_ref().is_some_and(|p| p.0 == FailurePolicyType::IGNORE);
            let authorizer = self.request_authorizer(attrs);
            match conditions::matches(&hook.match_conditions, obj, old, &cel_request, authorizer, ignore) {
                Ok(true) => {}
                Ok(false) => return Ok(false),
                // Upstream's `NewForbidden` of the request's resource and name.
                Err(e) => return Err(forbidden(request, &e)),
            }
        }
        Ok(true)
    }

    /// An object (as JSON) of one resource's version in another's, through the scheme's
    /// conversions, or for a custom resource, which the scheme does not know, its definition's
    /// (upstream converts both with the request's codec).
    fn convert_value(&self, from: &ResourceInfo, v: &Value, to: &ResourceInfo) -> Result<Value> {
        let obj = crate::tracker::meta::from_value(from, v)?;
        let scheme = self.scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        if !scheme.recognizes(&kapi_machinery::GroupVersionKind::new(to.group, to.version, to.kind)) {
            drop(scheme);
            return to_value(self.tracker.convert_into(to, obj)?.as_ref());
        }
        let out = scheme
            .convert_into_group_version(obj, to.group, to.version)
            .map_err(|e| api_errors::internal(&e.to_string()))?;
        to_value(out.as_ref())
    }

    /// An object a webhook patched, decoded as `info`'s kind (the request's, or an equivalent
    /// resource's) and defaulted.
    fn normalize_as(&self, info: &ResourceInfo, v: &Value) -> Result<Value> {
        self.normalize_kind(info.kind_info(), v)
    }

    /// A patched object as the server holds it: decoded as `kind` and defaulted; a failure is
    /// upstream's `NewInternalError` of the decoder's error.
    fn normalize_kind(&self, kind: KindInfo, v: &Value) -> Result<Value> {
        let (obj, _) = self.decode_defaulted(kind, v, false).map_err(|message| api_errors::internal(&message))?;
        to_value(obj.as_ref())
    }

    /// An object admission changed, decoded as its kind in its own version (with the findings
    /// of a strict decoding: unknown and duplicate fields) and defaulted, as the server treats
    /// a request's object; a failure is the decoder's message.
    pub(super) fn decode_defaulted(
        &self,
        kind: KindInfo,
        v: &Value,
        strict: bool,
    ) -> std::result::Result<(Box<dyn Object>, Vec<String>), String> {
        let versions = [kind.api_version()];
        let target = Target { new: kind.new_object, api_versions: &versions, kind: kind.kind };
        let (mut obj, findings) =
            codec::decode_json(&target, &v.to_compact_vec(), strict).map_err(|e| api_errors::status_of(&e).message)?;
        self.apply_defaults(obj.as_mut());
        Ok((obj, findings))
    }

    /// The result of a patch without storing it: the same request as a dry run, answered in
    /// JSON. Also whether it would create the object (an apply of a missing one).
    /// Also the warnings of the patched document's decoding.
    async fn dry_run_patch(&self, call: &Call<'_>) -> Result<(Value, bool, Vec<String>)> {
        let query = match call.req.uri().query() {
            Some(q) if call.query.get("dryRun").is_some() => q.to_owned(),
            Some(q) => format!("{q}&dryRun=All"),
            None => "dryRun=All".to_owned(),
        };
        let uri: http::Uri = format!("{}?{query}", call.req.uri().path())
            .parse()
            .map_err(|e| api_errors::internal(&format!("building the dry-run URL: {e}")))?;
        let mut req = http::Request::new(call.req.body().clone());
        *req.method_mut() = Method::PATCH;
        *req.uri_mut() = uri;
        *req.headers_mut() = call.req.headers().clone();
        super::authn::carry_identity(call.req, &mut req);
        let dry = Call {
            info: call.info,
            route: call.route.clone(),
            query: super::query::Query::parse(Some(&query)),
            req: &req,
            enc: super::Encoding::Json,
            stage: crate::tracker::Stage::Store,
        };
        let resp = match call.route.subresource.as_deref() {
            // `scale`: the patched `Scale`.
            Some(sub) => self.subresource(&dry, sub)?,
            None => self.patch(&dry)?,
        };
        let created = resp.status() == http::StatusCode::CREATED;
        let found = kapi_http::warning::warnings_from_headers(resp.headers()).into_iter().map(|w| w.text).collect();
        let data = body::collect(resp.into_body()).await.map_err(|e| api_errors::internal(&e.to_string()))?;
        let v =
            value::parse(&data).map_err(|e| api_errors::internal(&format!("reading the dry-run patch result: {e}")))?;
        Ok((v, created, found))
    }

    /// A patch, once admitted, is stored as the write it amounts to: an update of the object the
    /// webhooks saw (its resource version guarding against a write in between), or the create
    /// of an apply to a missing object.
    fn patch_as_write(
        &self,
        call: &Call<'_>,
        obj: &mut Value,
        old: Option<&Value>,
        created: bool,
    ) -> Result<http::Request<Bytes>> {
        let mut params = kapi_machinery::query::Query::new();
        for key in ["dryRun", "fieldManager"] {
            if let Some(v) = call.query.get(key) {
                params.push(key, v);
            }
        }
        params.push("fieldValidation", "Ignore");
        let path = call.req.uri().path();
        let (method, path) = if created {
            // The collection: the path without the object's name.
            let collection = path.rsplit_once('/').map(|(p, _)| p.to_owned()).unwrap_or_default();
            (Method::POST, collection)
        } else {
            let rv = old.and_then(|o| o.get("metadata")).and_then(|m| m.get("resourceVersion")).cloned();
            if let (Some(rv), Value::Object(top)) = (rv, &mut *obj)
                && let Some((_, Value::Object(meta))) = top.iter_mut().rev().find(|(k, _)| k == "metadata")
            {
                meta.retain(|(k, _)| k != "resourceVersion");
                meta.push(("resourceVersion".into(), rv));
            }
            (Method::PUT, path.to_owned())
        };
        let uri: http::Uri = format!("{path}?{}", params.encode())
            .parse()
            .map_err(|e| api_errors::internal(&format!("building the URL of the admitted patch: {e}")))?;
        let mut req = with_body(call.req, method, uri, obj);
        let is_apply = call
            .req
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(|ct| ct.to_str().is_ok_and(|ct| ct.trim().starts_with("application/apply-patch")));
        if is_apply {
            req.extensions_mut().insert(super::call::ManagedFieldsComputed);
        }
        Ok(req)
    }
}

/// The request with a JSON body, keeping the caller's other headers (`Accept`).
fn with_body(orig: &http::Request<Bytes>, method: Method, uri: http::Uri, obj: &Value) -> http::Request<Bytes> {
    let mut req = http::Request::new(Bytes::from(obj.to_compact_vec()));
    *req.method_mut() = method;
    *req.uri_mut() = uri;
    *req.headers_mut() = orig.headers().clone();
    super::authn::carry_identity(orig, &mut req);
    req.headers_mut().insert(header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"));
    req.headers_mut().remove(header::CONTENT_LENGTH);
    req
}

#[cfg(test)]
mod tests {
    use kapi_api::admissionregistration::v1::{OperationType, Rule};
    use kapi_api::meta::v1::{LabelSelectorOperator, LabelSelectorRequirement};

    use super::*;

    fn attrs<'a>(op: &'static str, resource: &str, sub: &'a str, ns: &'a str) -> Attributes<'a> {
        Attributes {
            operation: op,
            gvr: GroupVersionResource::new("apps", "v1", resource),
            kind: GroupVersionKind::default(),
            request_gvr: GroupVersionResource::new("apps", "v1", resource),
            request_kind: GroupVersionKind::default(),
            subresource: sub,
            namespace: ns,
            name: "x".into(),
            dry_run: false,
            options: None,
            user: UserInfo::anonymous(),
        }
    }

    fn rule(ops: &[&str], resources: &[&str], scope: Option<&str>) -> RuleWithOperations {
        RuleWithOperations {
            operations: ops.iter().map(|o| OperationType::from(*o)).collect(),
            rule: Rule {
                api_groups: vec!["apps".into()],
                api_versions: vec!["*".into()],
                resources: resources.iter().map(|r| r.to_string()).collect(),
                scope: scope.map(ScopeType::from),
            },
        }
    }

    #[test]
    fn rules_match_resources_subresources_and_scope_as_upstream() {
        let create = |res, sub, ns| attrs("CREATE", res, sub, ns);
        assert!(create("deployments", "", "ns").matches(&rule(&["CREATE"], &["deployments"], None)));
        assert!(!create("deployments", "", "ns").matches(&rule(&["UPDATE"], &["deployments"], None)));
        assert!(create("deployments", "", "ns").matches(&rule(&["*"], &["*"], None)));
        // `*` is every resource but no subresource; `*/*` both; `*/status` one subresource.
        assert!(!create("deployments", "status", "ns").matches(&rule(&["*"], &["*"], None)));
        assert!(create("deployments", "status", "ns").matches(&rule(&["*"], &["*/*"], None)));
        assert!(create("deployments", "status", "ns").matches(&rule(&["*"], &["*/status"], None)));
        assert!(!create("deployments", "scale", "ns").matches(&rule(&["*"], &["*/status"], None)));
        assert!(create("deployments", "scale", "ns").matches(&rule(&["*"], &["deployments/*"], None)));
        assert!(!create("deployments", "", "ns").matches(&rule(&["*"], &["deployments"], Some("Cluster"))));
        assert!(create("deployments", "", "ns").matches(&rule(&["*"], &["deployments"], Some("Namespaced"))));
        assert!(create("clusterthings", "", "").matches(&rule(&["*"], &["*"], Some("Cluster"))));
        let mut other_group = create("deployments", "", "ns");
        other_group.gvr = GroupVersionResource::new("batch", "v1", "deployments");
        assert!(!other_group.matches(&rule(&["*"], &["*"], None)));
    }

    #[test]
    fn label_selectors_of_webhooks() {
        let labels = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assert!(selector(None).unwrap().matches(&BTreeMap::new()));
        let ls = LabelSelector {
            match_labels: BTreeMap::from([("a".to_owned(), "1".to_owned())]),
            match_expressions: vec![LabelSelectorRequirement {
                key: "env".into(),
                operator: LabelSelectorOperator::from("NotIn"),
                values: vec!["prod".into()],
            }],
        };
        let s = selector(Some(&ls)).unwrap();
        assert!(s.matches(&labels(&[("a", "1")])));
        assert!(!s.matches(&labels(&[("a", "1"), ("env", "prod")])));
        assert!(!s.matches(&labels(&[("a", "2")])));
        let bad = LabelSelector {
            match_expressions: vec![LabelSelectorRequirement {
                key: "k".into(),
                operator: LabelSelectorOperator::from("Near"),
                values: vec![],
            }],
            ..Default::default()
        };
        assert_eq!(selector(Some(&bad)).unwrap_err(), "\"Near\" is not a valid label selector operator");
    }
}
