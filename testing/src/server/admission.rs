//! Admission webhooks called as kube-apiserver calls them: the stored
//! `MutatingWebhookConfiguration`s and `ValidatingWebhookConfiguration`s
//! (`admissionregistration.k8s.io/v1`) are matched against each create, update, patch and delete;
//! mutating webhooks run in order (configurations by name) and their JSON Patches apply, then
//! validating ones; a deny, a failed call under `failurePolicy: Fail`, or a dry run reaching a
//! webhook with side effects stops the request with upstream's status.
//!
//! `matchPolicy: Equivalent` (the default) also matches a request made through another served
//! version of the rule's resource (every version of a group-resource shares one store, and
//! `events.k8s.io` Events are core Events): the webhook gets the object, the old object and a
//! mutating webhook's patch in the version its rule names, with `kind`/`resource` of that version
//! and `requestKind`/`requestResource` of the request's, as upstream sends them.
//!
//! Simplifications: `matchConditions` (CEL) and `reinvocationPolicy` are not evaluated, validating
//! webhooks run one after another (upstream runs them in parallel) and see the object before the
//! tracker fills in a generated name, uid and timestamps, subresources of another kind (`scale`,
//! `eviction`, `binding`, `token`) and delete-collection are not sent to webhooks, and a missing
//! namespace has no labels for `namespaceSelector`.

use std::collections::BTreeMap;
use std::time::Duration;

use bytes::Bytes;
use http::{Method, header};
use kapi_api::admission::{v1 as review_v1, v1beta1 as review_v1beta1};
use kapi_api::admissionregistration::v1::{
    FailurePolicyType, MatchPolicyType, MutatingWebhook, MutatingWebhookConfiguration, RuleWithOperations, ScopeType,
    SideEffectClass, ValidatingWebhook, ValidatingWebhookConfiguration, WebhookClientConfig,
};
use kapi_api::meta::v1::{
    GetOptions, GroupVersionKind, GroupVersionResource as MetaGvr, LabelSelector, Status, StatusDetails, StatusReason,
};
use kapi_client::api_errors;
use kapi_client::config::{Config, PemSource};
use kapi_client::labels::{Operator, Requirement, Selector};
use kapi_client::{Error, GroupVersionResource, ResourceInfo, Service, Transport, body};
use kapi_machinery::TypeMeta;
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::RawExtension;

use super::codec::{self, Target};
use super::handler::Call;
use super::{ApiServer, MAX_BODY_BYTES, lock};
use crate::tracker::Result;
use crate::tracker::meta::{new_uid, to_value};
use crate::tracker::options;

/// The group whose resources are never sent to webhooks, so a broken webhook cannot lock out
/// its own repair (upstream exempts the webhook and policy configurations the same way).
const EXEMPT_GROUP: &str = "admissionregistration.k8s.io";

/// The default and the largest `timeoutSeconds`.
const DEFAULT_TIMEOUT_SECONDS: i32 = 10;
const MAX_TIMEOUT_SECONDS: i32 = 30;

/// The largest webhook response read: the object twice over, as a patch may replace all of it.
const MAX_RESPONSE_BYTES: usize = 2 * MAX_BODY_BYTES;

/// What admission made of a request.
pub(super) struct Admitted {
    /// The request to serve instead of the original (a mutated body; a patch turned into the
    /// update or create it amounts to); `None` to serve the original.
    pub(super) request: Option<http::Request<Bytes>>,
    /// Warnings the webhooks returned, for `Warning` headers.
    pub(super) warnings: Vec<String>,
}

/// One webhook of either kind, with what the dispatcher needs.
struct Hook {
    name: String,
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
}

impl From<MutatingWebhook> for Hook {
    fn from(w: MutatingWebhook) -> Hook {
        Hook {
            name: w.name,
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
        }
    }
}

impl From<ValidatingWebhook> for Hook {
    fn from(w: ValidatingWebhook) -> Hook {
        Hook {
            name: w.name,
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
        }
    }
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
}

impl Hook {
    fn equivalent(&self) -> bool {
        self.match_policy.as_ref().is_none_or(|p| p.0 != MatchPolicyType::EXACT)
    }
}

fn meta_gvk(info: &ResourceInfo) -> GroupVersionKind {
    GroupVersionKind { group: info.group.into(), version: info.version.into(), kind: info.kind.into() }
}

impl Attributes<'_> {
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
        let namespaces_itself =
            self.gvr.group.is_empty() && self.gvr.resource == "namespaces" && self.subresource.is_empty();
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

/// Upstream's `ToStatusErr`: the webhook's status (403 `Forbidden` when it names no code) with
/// the message `<resource> "<name>" is forbidden: admission webhook "<hook>" denied the
/// request: <message>`.
fn denied(attrs: &Attributes<'_>, hook: &str, result: Option<Status>) -> Error {
    let mut s = result.unwrap_or_default();
    let name = if attrs.name.is_empty() { "Unknown".to_owned() } else { attrs.name.clone() };
    if s.code == 0 {
        s.code = 403;
    }
    if s.status.is_empty() {
        s.status = kapi_api::meta::v1::STATUS_FAILURE.into();
    }
    let denied_by = format!("admission webhook {hook:?} denied the request");
    s.message = if !s.message.is_empty() {
        format!("{denied_by}: {}", s.message)
    } else if !s.reason.0.is_empty() {
        format!("{denied_by}: {}", s.reason.0)
    } else {
        format!("{denied_by} without explanation")
    };
    if s.details.is_none() {
        s.details = Some(if s.code == 500 {
            StatusDetails {
                causes: vec![kapi_api::meta::v1::StatusCause { message: s.message.clone(), ..Default::default() }],
                ..Default::default()
            }
        } else {
            StatusDetails {
                group: attrs.gvr.group.clone(),
                kind: attrs.gvr.resource.clone(),
                name: name.clone(),
                ..Default::default()
            }
        });
    }
    let prefix = if s.code == 500 {
        "Internal error occurred".to_owned()
    } else {
        format!("{} {name:?} is forbidden", api_errors::qualified_resource(&attrs.gvr.group, &attrs.gvr.resource))
    };
    s.message = format!("{prefix}: {}", s.message);
    if s.reason.0.is_empty() {
        s.reason =
            StatusReason(if s.code == 500 { StatusReason::INTERNAL_ERROR } else { StatusReason::FORBIDDEN }.into());
    }
    s.type_meta = TypeMeta { api_version: "v1".into(), kind: "Status".into() };
    api_errors::into_error(s)
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
        fn read<T: kapi_machinery::json::JsonDecode + Default>(api: &ApiServer, resource: &str) -> Vec<(String, T)> {
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
        let mutating = read::<MutatingWebhookConfiguration>(self, "mutatingwebhookconfigurations");
        let validating = read::<ValidatingWebhookConfiguration>(self, "validatingwebhookconfigurations");
        (
            mutating.into_iter().flat_map(|(_, c)| c.webhooks).map(Hook::from).collect(),
            validating.into_iter().flat_map(|(_, c)| c.webhooks).map(Hook::from).collect(),
        )
    }

    /// Runs the admission webhooks for a request; `Ok(None)` when none applies.
    pub(super) async fn admit(&self, call: &Call<'_>) -> Result<Option<Admitted>> {
        let info = call.info;
        if info.group == EXEMPT_GROUP {
            return Ok(None);
        }
        let sub = call.route.subresource.as_deref();
        if let Some(s) = sub
            && info.subresource(s).is_none_or(|s| s.result != info.kind_info())
        {
            return Ok(None);
        }
        let (mutating, validating) = self.hooks();
        if mutating.is_empty() && validating.is_empty() {
            return Ok(None);
        }
        let method = call.req.method().clone();
        let named = call.route.name.is_some();
        let dry_run = call.query.get("dryRun").is_some_and(|v| !v.is_empty());
        let gvr = info.gvr();
        // The other served versions of the resource (and the groups sharing its store), which
        // `matchPolicy: Equivalent` rules match too.
        let storage = self.tracker.storage_of(&gvr).map(|s| s.gvr());
        let equivalents: Vec<ResourceInfo> = self
            .tracker
            .resources()
            .into_iter()
            .filter(|r| {
                r.gvr() != gvr && storage.is_some() && self.tracker.storage_of(&r.gvr()).map(|s| s.gvr()) == storage
            })
            .collect();
        // Rules first, on what the request line says: no body is decoded (and no patch run
        // twice) for a request no webhook is interested in.
        let operations: &[&'static str] = match method {
            Method::POST if !named => &["CREATE"],
            Method::PUT if named => &["UPDATE"],
            // An apply may create the object.
            Method::PATCH if named => &["UPDATE", "CREATE"],
            Method::DELETE if named => &["DELETE"],
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
            };
            mutating.iter().chain(&validating).any(|h| {
                h.rules.iter().any(|r| probe.matches(r))
                    || (h.equivalent()
                        && equivalents.iter().any(|e| h.rules.iter().any(|r| probe.through(e).matches(r))))
            })
        });
        if !interested {
            return Ok(None);
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
        let (operation, object, old, patch_created) = match method {
            Method::POST if !named => {
                let fv = options::validate_create(&call.query.create_options()?)?.field_validation;
                let (obj, found) = self.decode_body(call, fv)?;
                warnings = found;
                ("CREATE", Some(to_value(obj.as_ref())?), None, false)
            }
            Method::PUT if named => {
                let Some(old) = current()? else { return Ok(None) };
                let fv = options::validate_update(&call.query.update_options()?)?.field_validation;
                let (obj, found) = self.decode_body(call, fv)?;
                warnings = found;
                ("UPDATE", Some(to_value(obj.as_ref())?), Some(old), false)
            }
            Method::PATCH if named => {
                let old = current()?;
                let (patched, created, found) = self.dry_run_patch(call).await?;
                warnings = found;
                (if created { "CREATE" } else { "UPDATE" }, Some(patched), old, created)
            }
            Method::DELETE if named => {
                let Some(old) = current()? else { return Ok(None) };
                ("DELETE", None, Some(old), false)
            }
            _ => return Ok(None),
        };
        let options = match operation {
            "CREATE" => meta_options("CreateOptions", dry_run, &manager),
            "UPDATE" => meta_options("UpdateOptions", dry_run, &manager),
            _ => {
                let opts = self.delete_options(call)?;
                let mut v = value::parse(
                    &kapi_machinery::json::to_vec(&opts).map_err(|e| api_errors::internal(&e.to_string()))?,
                )
                .map_err(|e| api_errors::internal(&e.to_string()))?;
                if let Value::Object(m) = &mut v {
                    m.retain(|(k, _)| k != "kind" && k != "apiVersion");
                    m.insert(0, ("apiVersion".into(), Value::String("meta.k8s.io/v1".into())));
                    m.insert(0, ("kind".into(), Value::String("DeleteOptions".into())));
                }
                v
            }
        };
        let name = match (&call.route.name, &object) {
            (Some(n), _) => n.clone(),
            (None, Some(o)) => {
                o.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str).unwrap_or("").into()
            }
            (None, None) => String::new(),
        };
        let attrs = Attributes {
            operation,
            kind: meta_gvk(&info),
            request_gvr: gvr.clone(),
            request_kind: meta_gvk(&info),
            gvr,
            subresource: sub.unwrap_or(""),
            namespace: call.namespace(),
            name,
            dry_run,
            options: Some(options),
        };
        let mut object = object;
        let mut called = false;
        for hook in mutating.iter().chain(&validating) {
            // The resource the webhook is called for: the request's when a rule names it,
            // else the first equivalent one a rule names.
            let through = if hook.rules.iter().any(|r| attrs.matches(r)) {
                None
            } else if hook.equivalent()
                && let Some(e) = equivalents.iter().find(|e| hook.rules.iter().any(|r| attrs.through(e).matches(r)))
            {
                Some(*e)
            } else {
                continue;
            };
            let (hook_attrs, hook_object, hook_old) = match &through {
                None => (attrs.clone(), object.clone(), old.clone()),
                Some(e) => (
                    attrs.through(e),
                    object.as_ref().map(|o| self.convert_value(&info, o, e)).transpose()?,
                    old.as_ref().map(|o| self.convert_value(&info, o, e)).transpose()?,
                ),
            };
            if !self.should_call(hook, &hook_attrs, hook_object.as_ref(), hook_old.as_ref())? {
                continue;
            }
            called = true;
            if let Some(patched) =
                self.call_hook(hook, &hook_attrs, hook_object.as_ref(), hook_old.as_ref(), &mut warnings).await?
            {
                let patched = match &through {
                    None => patched,
                    Some(e) => self.convert_value(e, &self.normalize_as(e, &patched)?, &info)?,
                };
                object = Some(self.normalize(call, &patched)?);
            }
        }
        if !called {
            return Ok(None);
        }
        let request = match (method, object) {
            (Method::DELETE, _) | (_, None) => None,
            (Method::PATCH, Some(mut obj)) => Some(self.patch_as_write(call, &mut obj, old.as_ref(), patch_created)?),
            (_, Some(obj)) => Some(with_body(call.req, call.req.method().clone(), call.req.uri().clone(), &obj)),
        };
        Ok(Some(Admitted { request, warnings }))
    }

    /// Upstream's `ShouldCallHook` plus its dry-run check: the rules, the namespace and object
    /// selectors; a dry run may reach only webhooks without side effects.
    fn should_call(
        &self,
        hook: &Hook,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
    ) -> Result<bool> {
        if !hook.rules.iter().any(|r| attrs.matches(r)) {
            return Ok(false);
        }
        let ns_selector = selector(hook.namespace_selector.as_ref())
            .map_err(|e| api_errors::internal(&format!("webhook {:?}: namespaceSelector: {e}", hook.name)))?;
        let namespaces_itself = attrs.gvr.group.is_empty() && attrs.gvr.resource == "namespaces";
        let ns_labels = if namespaces_itself {
            Some(labels_of(obj.or(old)))
        } else if attrs.namespace.is_empty() {
            // Cluster-scoped objects are outside every namespace selector's reach.
            None
        } else {
            let ns = GroupVersionResource::new("", "v1", "namespaces");
            let labels = self
                .tracker
                .get(&ns, "", attrs.namespace, &GetOptions::default())
                .ok()
                .and_then(|o| to_value(o.as_ref()).ok())
                .map(|v| labels_of(Some(&v)))
                .unwrap_or_default();
            Some(labels)
        };
        if let Some(labels) = ns_labels
            && !ns_selector.matches(&labels)
        {
            return Ok(false);
        }
        let obj_selector = selector(hook.object_selector.as_ref())
            .map_err(|e| api_errors::internal(&format!("webhook {:?}: objectSelector: {e}", hook.name)))?;
        let matched = match (obj, old) {
            (None, None) => obj_selector.matches(&BTreeMap::new()),
            _ => [obj, old].into_iter().flatten().any(|o| obj_selector.matches(&labels_of(Some(o)))),
        };
        if !matched {
            return Ok(false);
        }
        if attrs.dry_run {
            match hook.side_effects.as_ref().map(|s| s.0.as_str()) {
                Some(SideEffectClass::NONE | SideEffectClass::NONE_ON_DRY_RUN) => {}
                None => {
                    return self.failed(hook, CallFailure("Webhook SideEffects is nil".into())).map(|()| false);
                }
                Some(_) => {
                    return Err(api_errors::bad_request(format!(
                        "admission webhook {:?} does not support dry run",
                        hook.name
                    )));
                }
            }
        }
        Ok(true)
    }

    /// A failed call under the webhook's failure policy: ignored, or `500` with upstream's
    /// `failed calling webhook "<name>": …`.
    fn failed(&self, hook: &Hook, failure: CallFailure) -> Result<()> {
        let ignore = hook.failure_policy.as_ref().is_some_and(|p| p.0 == FailurePolicyType::IGNORE);
        if ignore {
            Ok(())
        } else {
            Err(api_errors::internal(&format!("failed calling webhook {:?}: {}", hook.name, failure.0)))
        }
    }

    /// Calls one webhook; for a mutating webhook the patched object when it sent a patch.
    async fn call_hook(
        &self,
        hook: &Hook,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
        warnings: &mut Vec<String>,
    ) -> Result<Option<Value>> {
        let response = match self.send(hook, attrs, obj, old).await {
            Ok(r) => r,
            Err(f) => return self.failed(hook, f).map(|()| None),
        };
        warnings.extend(response.warnings.iter().cloned());
        if !response.allowed {
            return Err(denied(attrs, &hook.name, response.result));
        }
        let Some(patch) = response.patch.filter(|_| hook.mutating) else { return Ok(None) };
        let empty = matches!(value::parse(&patch), Ok(Value::Array(ops)) if ops.is_empty());
        if patch.is_empty() || empty {
            return Ok(None);
        }
        let Some(obj) = obj else {
            return Err(api_errors::internal(&format!(
                "admission webhook {:?} attempted to modify the object, which is not supported for this operation",
                hook.name
            )));
        };
        if let Err(e) = value::parse(&patch) {
            return self
                .failed(hook, CallFailure(format!("received undecodable patch in webhook response: {e}")))
                .map(|()| None);
        }
        super::patch::json_patch(obj, &patch, MAX_BODY_BYTES).map(Some).map_err(|e| {
            api_errors::internal(&format!("applying the patch of admission webhook {:?}: {e:?}", hook.name))
        })
    }

    /// Sends the review and reads a valid answer (upstream's `VerifyAdmissionResponse`).
    async fn send(
        &self,
        hook: &Hook,
        attrs: &Attributes<'_>,
        obj: Option<&Value>,
        old: Option<&Value>,
    ) -> std::result::Result<review_v1::AdmissionResponse, CallFailure> {
        let version = hook
            .admission_review_versions
            .iter()
            .find(|v| *v == "v1" || *v == "v1beta1")
            .ok_or_else(|| {
                CallFailure(format!(
                    "webhook does not accept known AdmissionReview versions: {:?} (this server sends v1 and v1beta1)",
                    hook.admission_review_versions
                ))
            })?
            .clone();
        let (url, server_name) = self.webhook_url(&hook.client_config)?;
        let mut config = Config::new(url.clone()).map_err(|e| CallFailure(format!("webhook URL {url:?}: {e}")))?;
        if let Some(ca) = hook.client_config.ca_bundle.as_ref().filter(|c| !c.is_empty()) {
            config.tls.ca = Some(PemSource::Data(ca.clone()));
        }
        config.tls.server_name = server_name;
        let seconds = hook.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS).clamp(1, MAX_TIMEOUT_SECONDS);
        config.timeout = Some(Duration::from_secs(seconds.unsigned_abs().into()));
        config.limits.max_response_bytes = MAX_RESPONSE_BYTES as u64;
        config.retry.max_retries = 0;
        config.proxy_from_environment = false;
        config.disable_compression = true;
        config.http2 = false;
        let transport = Transport::new(&config).map_err(|e| CallFailure(format!("could not get REST client: {e}")))?;
        let uid = new_uid();
        let raw = |v: Option<&Value>| RawExtension { raw: v.map(Value::to_compact_vec) };
        let request = review_v1::AdmissionRequest {
            uid: uid.clone(),
            kind: attrs.kind.clone(),
            resource: MetaGvr {
                group: attrs.gvr.group.clone(),
                version: attrs.gvr.version.clone(),
                resource: attrs.gvr.resource.clone(),
            },
            sub_resource: attrs.subresource.to_owned(),
            request_kind: Some(attrs.request_kind.clone()),
            request_resource: Some(MetaGvr {
                group: attrs.request_gvr.group.clone(),
                version: attrs.request_gvr.version.clone(),
                resource: attrs.request_gvr.resource.clone(),
            }),
            request_sub_resource: attrs.subresource.to_owned(),
            name: attrs.name.clone(),
            namespace: attrs.namespace.to_owned(),
            operation: review_v1::Operation(attrs.operation.into()),
            user_info: Default::default(),
            object: raw(obj),
            old_object: raw(old),
            dry_run: Some(attrs.dry_run),
            options: raw(attrs.options.as_ref()),
        };
        let encoded = encode_review_request(&version, request)
            .map_err(|e| CallFailure(format!("could not create admission objects: {e}")))?;
        let req = http::Request::post(url.as_str())
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::ACCEPT, "application/json")
            .body(Bytes::from(encoded))
            .map_err(|e| CallFailure(format!("could not create the request: {e}")))?;
        let resp = transport.call(req).await.map_err(|e| CallFailure(format!("failed to call webhook: {e}")))?;
        let status = resp.status();
        // The transport's limit (MAX_RESPONSE_BYTES, set above) bounds the body.
        let data = body::collect(resp.into_body())
            .await
            .map_err(|e| CallFailure(format!("failed to call webhook: reading the response: {e}")))?;
        if status != http::StatusCode::OK {
            let text = String::from_utf8_lossy(&data[..data.len().min(512)]).into_owned();
            return Err(CallFailure(format!("failed to call webhook: the server responded {status}: {text}")));
        }
        let invalid = |m: String| CallFailure(format!("received invalid webhook response: {m}"));
        let doc = value::parse(&data).map_err(|e| invalid(e.to_string()))?;
        let text = |k: &str| doc.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        let want = format!("admission.k8s.io/{version}");
        if text("apiVersion") != want || text("kind") != "AdmissionReview" {
            return Err(invalid(format!(
                "expected webhook response of {want}, Kind=AdmissionReview, got {}, Kind={}",
                text("apiVersion"),
                text("kind")
            )));
        }
        let response = if version == "v1" {
            let r: review_v1::AdmissionReview =
                kapi_machinery::json::from_slice(&data).map_err(|e| invalid(e.to_string()))?;
            let r = r.response.ok_or_else(|| invalid("webhook response was absent".into()))?;
            match (&r.patch, &r.patch_type) {
                (Some(_), None) => {
                    return Err(invalid("webhook returned response.patch but not response.patchType".into()));
                }
                (_, Some(t)) if t.0 != review_v1::PatchType::JSON_PATCH => {
                    return Err(invalid(format!("webhook returned invalid response.patchType of {:?}", t.0)));
                }
                _ => {}
            }
            r
        } else {
            let r: review_v1beta1::AdmissionReview =
                kapi_machinery::json::from_slice(&data).map_err(|e| invalid(e.to_string()))?;
            let r = r.response.ok_or_else(|| invalid("webhook response was absent".into()))?;
            if let Some(t) = &r.patch_type
                && t.0 != review_v1beta1::PatchType::JSON_PATCH
            {
                return Err(invalid(format!("webhook returned invalid response.patchType of {:?}", t.0)));
            }
            review_v1::AdmissionResponse {
                uid: r.uid,
                allowed: r.allowed,
                result: r.result,
                patch: r.patch,
                patch_type: r.patch_type.map(|p| review_v1::PatchType(p.0)),
                audit_annotations: r.audit_annotations,
                warnings: r.warnings,
            }
        };
        if response.uid != uid {
            return Err(invalid(format!("expected response.uid={uid:?}, got {:?}", response.uid)));
        }
        Ok(response)
    }

    /// The URL of a webhook and the name its certificate must carry (a service's DNS name).
    fn webhook_url(&self, cc: &WebhookClientConfig) -> std::result::Result<(String, Option<String>), CallFailure> {
        match (&cc.url, &cc.service) {
            (Some(url), _) => Ok((url.clone(), None)),
            (None, Some(svc)) => {
                let port = svc.port.unwrap_or(443);
                let key = (svc.namespace.clone(), svc.name.clone(), port);
                let address = lock(&self.webhook_services).get(&key).cloned().ok_or_else(|| {
                    CallFailure(format!(
                        "service {}/{}:{port} has no address; give it one with ApiServer::set_webhook_service",
                        svc.namespace, svc.name
                    ))
                })?;
                let path = svc.path.clone().unwrap_or_default();
                let path = if path.starts_with('/') || path.is_empty() { path } else { format!("/{path}") };
                Ok((format!("https://{address}{path}"), Some(format!("{}.{}.svc", svc.name, svc.namespace))))
            }
            (None, None) => Err(CallFailure("the client config names neither a url nor a service".into())),
        }
    }

    /// An object (as JSON) of one resource's version in another's, through the scheme's
    /// conversions.
    fn convert_value(&self, from: &ResourceInfo, v: &Value, to: &ResourceInfo) -> Result<Value> {
        let obj = crate::tracker::meta::from_value(from, v)?;
        let scheme = self.scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let out = scheme
            .convert_into_group_version(obj, to.group, to.version)
            .map_err(|e| api_errors::internal(&e.to_string()))?;
        to_value(out.as_ref())
    }

    /// An object a webhook patched, decoded as `info`'s kind (the request's, or an equivalent
    /// resource's) and defaulted.
    fn normalize_as(&self, info: &ResourceInfo, v: &Value) -> Result<Value> {
        let versions = [info.gvk().api_version()];
        let target = Target { new: info.new_object, api_versions: &versions, kind: info.kind };
        let (mut obj, _) = codec::decode_json(&target, &v.to_compact_vec(), false).map_err(|e| {
            api_errors::internal(&format!(
                "decoding the object a webhook patched: {}",
                api_errors::status_of(&e).message
            ))
        })?;
        self.apply_defaults(obj.as_mut());
        to_value(obj.as_ref())
    }

    /// A patched object as the server holds it: decoded as the kind and defaulted.
    fn normalize(&self, call: &Call<'_>, v: &Value) -> Result<Value> {
        self.normalize_as(&call.info, v)
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
        let dry = Call {
            info: call.info,
            route: call.route.clone(),
            query: super::query::Query::parse(Some(&query)),
            req: &req,
            enc: super::Encoding::Json,
        };
        let resp = self.patch(&dry)?;
        let created = resp.status() == http::StatusCode::CREATED;
        let found = kapi_client::warning::warnings_from_headers(resp.headers()).into_iter().map(|w| w.text).collect();
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
            req.extensions_mut().insert(super::handler::ManagedFieldsComputed);
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
    req.headers_mut().insert(header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"));
    req.headers_mut().remove(header::CONTENT_LENGTH);
    req
}

fn encode_review_request(version: &str, r: review_v1::AdmissionRequest) -> std::result::Result<Vec<u8>, String> {
    let type_meta = TypeMeta { api_version: format!("admission.k8s.io/{version}"), kind: "AdmissionReview".into() };
    let out = if version == "v1" {
        kapi_machinery::json::to_vec(&review_v1::AdmissionReview { type_meta, request: Some(r), response: None })
    } else {
        kapi_machinery::json::to_vec(&review_v1beta1::AdmissionReview {
            type_meta,
            request: Some(review_v1beta1::AdmissionRequest {
                uid: r.uid,
                kind: r.kind,
                resource: r.resource,
                sub_resource: r.sub_resource,
                request_kind: r.request_kind,
                request_resource: r.request_resource,
                request_sub_resource: r.request_sub_resource,
                name: r.name,
                namespace: r.namespace,
                operation: review_v1beta1::Operation(r.operation.0),
                user_info: r.user_info,
                object: r.object,
                old_object: r.old_object,
                dry_run: r.dry_run,
                options: r.options,
            }),
            response: None,
        })
    };
    out.map_err(|e| e.to_string())
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

    #[test]
    fn denials_read_as_upstream() {
        let a = attrs("CREATE", "deployments", "", "ns");
        let s = api_errors::status_of(&denied(&a, "w.example.com", None));
        assert_eq!(s.code, 403);
        assert_eq!(s.reason.0, "Forbidden");
        assert_eq!(
            s.message,
            "deployments.apps \"x\" is forbidden: admission webhook \"w.example.com\" denied the request without explanation"
        );
        let details = s.details.unwrap();
        assert_eq!(
            (details.group.as_str(), details.kind.as_str(), details.name.as_str()),
            ("apps", "deployments", "x")
        );
        let own = Status { code: 500, reason: StatusReason("Broken".into()), ..Default::default() };
        let s = api_errors::status_of(&denied(&a, "w", Some(own)));
        assert_eq!(s.message, "Internal error occurred: admission webhook \"w\" denied the request: Broken");
        assert_eq!(s.details.unwrap().causes[0].message, "admission webhook \"w\" denied the request: Broken");
    }
}
