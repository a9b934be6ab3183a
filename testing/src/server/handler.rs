//! Request handling: routing a request to a verb, decoding options and bodies, calling the
//! tracker and encoding the answer.

use std::time::Duration;

use bytes::Bytes;
use http::{Method, StatusCode, header};
use kapi_api::meta::errors as api_errors;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{
    DeleteOptions, GetOptions, ListMeta, ObjectMeta, STATUS_SUCCESS, Status, StatusDetails, StatusReason,
};
use kapi_http::body::{self, Body};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::{DecodeErrorKind, KindInfo, Object, TypeMeta};

use super::admission::Deferred;
use super::call::{
    Call, ManagedFieldsComputed, PatchView, error_response, findings, negotiated_error_response, object_response,
    patch_error, respond, warning_header,
};
use super::codec::{self, Target};
use super::negotiate::{self, Encoding};
use super::patch::{self, MergeRules, PATCH_MEDIA_TYPES, PatchType};
use super::plugins::{Limited, Secured};

use super::query::Query;
use super::route::{self, Served};
use super::ssa::{self, FieldManager};
use super::{ApiServer, Fault, MAX_BODY_BYTES, list_body, metadata, table, watch};
use crate::tracker::options::{self, FieldValidation};
use crate::tracker::{Error, Modify, Pins, Result, Stage};

/// The validating admission a write is held back for, in kube-apiserver's order: LimitRanger's
/// checks, the validating webhooks, ResourceQuota.
#[derive(Clone, Copy)]
struct Validating<'a, 'c> {
    limited: Option<Limited>,
    secured: Option<Secured>,
    /// RBAC's escalation checks of a role or binding.
    escalation: bool,
    /// The parameter authorization of an admission policy or binding.
    param_authz: bool,
    quota: bool,
    deferred: Option<&'a Deferred<'c>>,
}

/// The patch types custom resources accept (no strategic merge patch: they have no patch
/// strategies), as upstream lists them.
const CUSTOM_PATCH_MEDIA_TYPES: &[&str] =
    &["application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml"];

/// How many times a create or update held for validating admission is prepared again when the
/// stored object changed before its commit; the last conflict is the answer.
const COMMIT_TRIES: u32 = 5;

/// The job registry's warning on a delete that names no propagation policy.
const JOB_DELETE_WARNING: &str = "child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning";

/// Whether a held write is an action whose conflict is its answer, not a race to run again:
/// an eviction, a binding (also through the legacy `bindings`) or a token request. Upstream's
/// storage for them is no update loop of the generic store, and an eviction that spent a
/// disruption budget must not spend it twice.
fn commits_once(call: &Call<'_>) -> bool {
    matches!(call.route.subresource.as_deref(), Some("eviction" | "binding" | "token")) || call.info.verbs == ["create"]
}

/// Adds admission's warnings as `Warning` headers after those the response has.
fn add_warnings(resp: &mut http::Response<Body>, warnings: Vec<String>) {
    for v in warnings.iter().filter_map(|w| warning_header(w)) {
        resp.headers_mut().append(header::WARNING, v);
    }
}

/// Puts the mutating phase's warnings before those the response has (the strategy's).
fn prepend_warnings(resp: &mut http::Response<Body>, warnings: Vec<String>) {
    if warnings.is_empty() {
        return;
    }
    let served: Vec<http::HeaderValue> = match resp.headers_mut().entry(header::WARNING) {
        http::header::Entry::Occupied(e) => e.remove_entry_mult().1.collect(),
        http::header::Entry::Vacant(_) => Vec::new(),
    };
    add_warnings(resp, warnings);
    for v in served {
        resp.headers_mut().append(header::WARNING, v);
    }
}

impl ApiServer {
    /// Serves one request. Never fails: errors are `Status` responses. Requests to a deprecated
    /// kind get upstream's deprecation warning (module `deprecation`).
    pub async fn handle(&self, req: http::Request<Bytes>) -> http::Response<Body> {
        // Held until the answer is made (a streamed answer is long-running and never counted).
        let _slot = match self.inflight.admit(&req) {
            Ok(slot) => slot,
            Err(_) => return super::inflight::too_many_requests(),
        };
        let deprecation = self.deprecation_warning(req.uri().path());
        let mut resp = self.serve_audited(req).await;
        if let Some(w) = deprecation {
            super::deprecation::warn_first(&mut resp, &w);
        }
        super::warnings::record(&mut resp);
        resp
    }

    pub(super) async fn serve_request(&self, mut req: http::Request<Bytes>) -> http::Response<Body> {
        // A connection upgrade (a WebSocket for exec, attach or portforward) is taken here once.
        let upgrade = req.extensions_mut().remove::<hyper::upgrade::OnUpgrade>();
        self.record(&req);
        let accept = req.headers().get(header::ACCEPT).and_then(|v| v.to_str().ok());
        // Errors before the resource is known are written as upstream's filters and its
        // not-found handler write them (`ErrorNegotiated`): in the encoding `Accept` takes, else
        // as indented JSON. Injected faults keep JSON unless the client refuses it.
        let fallback = negotiate::response_encoding(accept, false).unwrap_or(Encoding::Json);
        let early = |e: &Error| negotiated_error_response(e, accept);
        if let Some(fault) = self.take_fault(&req) {
            if let Some(d) = fault.delay {
                tokio::time::sleep(d).await;
            }
            return fault_response(&fault, fallback);
        }
        if req.body().len() > MAX_BODY_BYTES {
            return early(&api_errors::request_entity_too_large(MAX_BODY_BYTES));
        }
        // Authentication comes first: a bearer token nothing accepts is `401` everywhere.
        if let Err(e) = self.authenticate_request(&req) {
            return early(&e);
        }
        // Paths outside the resources are authorized here, resources once their route is known.
        if let Err(e) = self.authorize_path(&req) {
            return early(&e);
        }
        if req.method() == Method::GET
            && let Some(resp) = self.crd_openapi(req.uri().path(), req.uri().query(), accept)
        {
            return resp;
        }
        // Only these documents need the served resources, which take a walk of every resource
        // to list: an object's path skips it.
        let resources = if req.method() == Method::GET && may_be_document(req.uri().path()) {
            self.tracker.resources()
        } else {
            Vec::new()
        };
        if req.method() == Method::GET
            && let Some(resp) = super::openapi::serve(req.uri().path(), req.uri().query(), accept, &resources)
        {
            return resp;
        }
        if req.method() == Method::GET
            && super::discovery::wants_aggregated(accept)
            && let Some(doc) = super::discovery::aggregated(req.uri().path(), &resources, &|r| self.is_custom(r))
        {
            return match kapi_machinery::json::to_vec(&doc) {
                Ok(data) => {
                    let mut resp = http::Response::new(body::full(data));
                    resp.headers_mut()
                        .insert(header::CONTENT_TYPE, http::HeaderValue::from_static(super::discovery::AGGREGATED_V2));
                    resp.headers_mut().insert(header::VARY, http::HeaderValue::from_static("Accept"));
                    resp
                }
                Err(e) => early(&api_errors::internal(&e.to_string())),
            };
        }
        if req.method() == Method::GET
            && let Some(doc) = super::discovery::document(
                req.uri().path(),
                req.headers()
                    .get(header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .or(req.uri().authority().map(|a| a.as_str())),
                &resources,
                &|r| self.tracker.storage_of(&r.gvr()),
                &|r| self.is_custom(r),
            )
        {
            let enc = match negotiate::response_encoding(accept, true) {
                Ok(e) => e,
                Err(e) => return early(&e),
            };
            return object_response(200, enc, doc.as_ref(), &[]).unwrap_or_else(|e| error_response(&e, enc));
        }
        // Pods' streams and logs are served before the resources' routes; authorized here.
        if let Err(e) = self.authorize_pod_connect(&req) {
            return early(&e);
        }
        // Exec, attach and port-forward are `CONNECT`s to admission webhooks, which may
        // change the connection's options.
        let (connect, connect_warnings) = match self.admit_connect(&req).await {
            Ok(admitted) => admitted,
            Err(e) => return early(&e),
        };
        if let Some(served) = self.serve_pod_stream(connect.as_ref().unwrap_or(&req), upgrade) {
            let mut resp = served.unwrap_or_else(|e| early(&e));
            add_warnings(&mut resp, connect_warnings);
            return resp;
        }
        if let Some(served) = self.serve_log(&req) {
            return served.unwrap_or_else(|e| early(&e));
        }
        let (info, route) = match route::resolve(req.uri().path(), &self.tracker) {
            Ok(r) => r,
            Err(e) => return early(&e),
        };
        let query = Query::parse(req.uri().query());
        // A deprecated `/watch/…` path serves only watches.
        if route.watch_path && req.method() != Method::GET {
            return early(&api_errors::method_not_allowed());
        }
        let is_watch = req.method() == Method::GET && (route.watch_path || query.bool("watch") == Some(true));
        // go-restful's router (the built-in kinds only) answers a method, then a media type, no
        // route takes before the handler negotiates its own (module `restful`).
        let routed = if self.is_custom(&info) || route.subresource.as_deref().is_some_and(is_connect) {
            Ok(())
        } else {
            let lists = req.method() == Method::GET && (route.name.is_none() || route.watch_path);
            super::restful::route_method(&info, &route, req.method()).and_then(|()| {
                super::restful::check(
                    req.method(),
                    req.headers(),
                    req.body().len(),
                    &super::restful::RouteMedia { lists },
                )
            })
        };
        // Reads may be asked for as tables (module `table`), in the encoding negotiated here.
        let negotiated = routed.and_then(|()| {
            if req.method() == Method::GET {
                negotiate::read_encoding(accept, info.protobuf, is_watch).map(|(e, _)| e)
            } else {
                negotiate::response_encoding(accept, info.protobuf)
            }
        });
        let enc = negotiated.as_ref().copied().unwrap_or(fallback);
        let call = Call { info, route, query, req: &req, enc, stage: Stage::Store };
        // Upstream authorizes in a filter, before the router and the handler see the request.
        if let Err(e) = self.authorize(&call, is_watch) {
            return match negotiated {
                Ok(enc) => error_response(&e, enc),
                Err(_) => negotiated_error_response(&e, accept),
            };
        }
        if let Err(e) = negotiated {
            return negotiated_error_response(&e, accept);
        }
        if is_watch {
            return self.dispatch(&call, true).unwrap_or_else(|e| error_response(&e, enc));
        }
        // An update or patch runs its admission and write again when the object changed under it
        // between its mutating admission and its commit (another write won the race): upstream's
        // store calls the update, mutating admission included, once more on the new object. A
        // conflict with nothing changed is the request's own precondition, and stands.
        let raced = matches!(*req.method(), Method::PUT | Method::PATCH) && call.route.name.is_some();
        let version = || self.tracker.object_resource_version(&call.info.gvr(), call.namespace(), call.name());
        let mut before = if raced { version() } else { None };
        let mut tries = 1;
        loop {
            // Each try keeps its own record of the strategy's warnings.
            let record = std::cell::RefCell::new(Vec::new());
            let resp = crate::tracker::PREPARED_WARNINGS.scope(record, self.admit_and_write(&req, &call)).await;
            if resp.status() != StatusCode::CONFLICT || tries >= COMMIT_TRIES || before.is_none() {
                return resp;
            }
            let now = version();
            if now == before {
                return resp;
            }
            before = now;
            tries += 1;
        }
    }

    /// Runs a write's admission (the built-in plugins, then the webhooks, which may change the
    /// request or turn a patch into the write it amounts to) and serves the write; the response
    /// carries the admission warnings.
    async fn admit_and_write(&self, req: &http::Request<Bytes>, call: &Call<'_>) -> http::Response<Body> {
        let enc = call.enc;
        if let Err(e) = self.check_body_namespace(call) {
            return error_response(&e, enc);
        }
        // Admission webhooks may change the body (or turn a patch into the write it amounts
        // to), so the request served can be a new one.
        // The built-in plugins may fill in the object (a new pod): the request served from here
        // on is then the filled-in one.
        let (builtin, mut early) = match self.admit_builtin(call).await {
            Ok(Some((r, w))) => (Some(r), w),
            Ok(None) => (None, Vec::new()),
            Err(e) => return error_response(&e, enc),
        };
        let filled;
        let call = match &builtin {
            Some(r) => {
                filled = Call {
                    info: call.info,
                    route: call.route.clone(),
                    query: Query::parse(r.uri().query()),
                    req: r,
                    enc,
                    stage: Stage::Store,
                };
                &filled
            }
            None => call,
        };
        // LimitRanger's checks run in the validating phase, before the validating webhooks;
        // ResourceQuota's after them.
        let limited = match self.limited(call) {
            Ok(l) => l,
            Err(e) => return error_response(&e, enc),
        };
        let secured = match self.pod_security_applies(call) {
            Ok(s) => s,
            Err(e) => return error_response(&e, enc),
        };
        let escalation = self.escalation_checked(call);
        let param_authz = self.param_authz_checked(call);
        let quota = match self.quota_applies(call) {
            Ok(q) => q,
            Err(e) => return error_response(&e, enc),
        };
        let admitted = match self.admit(call).await {
            Ok(a) => a,
            Err(e) => return error_response(&e, enc),
        };
        // Upstream records warnings as they arise: the mutating phase's (decoding, built-in
        // plugins, mutating webhooks), then the strategy's (on the served response), then the
        // validating phase's.
        let (replaced, mutating, mut warnings, deferred) = match admitted {
            Some(a) => (a.request, a.warnings, a.late, a.deferred),
            None => (None, Vec::new(), Vec::new(), None),
        };
        early.extend(mutating);
        let served = match &replaced {
            Some(r) => match route::resolve(r.uri().path(), &self.tracker) {
                Ok((info, route)) => {
                    let call =
                        Call { info, route, query: Query::parse(r.uri().query()), req: r, enc, stage: Stage::Store };
                    self.serve_write(
                        &call,
                        Validating { limited, secured, escalation, param_authz, quota, deferred: deferred.as_ref() },
                        &mut warnings,
                    )
                    .await
                }
                Err(e) => Err(e),
            },
            None => {
                self.serve_write(
                    call,
                    Validating { limited, secured, escalation, param_authz, quota, deferred: deferred.as_ref() },
                    &mut warnings,
                )
                .await
            }
        };
        let mut resp = served.unwrap_or_else(|e| error_response(&e, enc));
        if resp.status().is_success() {
            self.crd_after_request(&call.info, req.method());
        }
        prepend_warnings(&mut resp, early);
        // A write refused after its strategy ran still sends what the strategy warned of.
        if !resp.status().is_success() {
            let prepared = crate::tracker::PREPARED_WARNINGS.try_with(|w| w.take()).unwrap_or_default();
            add_warnings(&mut resp, prepared);
        }
        add_warnings(&mut resp, warnings);
        resp
    }

    /// Upstream's create and update handlers decode the body and check its namespace before
    /// admission: a body naming another namespace (or one that might name a namespace and does
    /// not decode) is refused before any admission plugin, webhook or policy sees it. The write
    /// checks the namespace again after mutating admission, as upstream's store does.
    fn check_body_namespace(&self, call: &Call<'_>) -> Result<()> {
        let method = call.req.method();
        let sub = call.route.subresource.as_deref();
        // The writes whose bodies kapi decodes: creates, updates, and the subresources that
        // take the resource's kind or inputs of their own (not the connect ones).
        let decoded = match (method, &call.route.name, sub) {
            (&Method::POST, None, None) | (&Method::PUT, Some(_), None) => true,
            (&Method::POST | &Method::PUT, Some(_), Some(s)) => call.info.subresource(s).is_some_and(|d| {
                !d.inputs.is_empty() || crate::tracker::subresource::SAME_KIND_SUBRESOURCES.contains(&s)
            }),
            _ => false,
        };
        if !call.info.namespaced || !decoded {
            return Ok(());
        }
        let Ok(enc) = negotiate::request_encoding(call.header(header::CONTENT_TYPE), call.info.protobuf) else {
            return Ok(());
        };
        let body = call.req.body();
        let decoded = |target: &Target<'_>| codec::decode(target, enc, body, false).ok().map(|(obj, _)| obj);
        // A JSON or YAML body names a namespace only with that word in it, or behind an escape;
        // any other is left to the write's own decoding, which meets the same errors (but after
        // admission: upstream decodes once, before it).
        let may_name = enc == Encoding::Protobuf || body.contains(&b'\\') || body.windows(9).any(|w| w == b"namespace");
        if !may_name {
            return Ok(());
        }
        // A subresource's own input kinds (a scale, an eviction, a binding, a token request),
        // else the resource's kind.
        let inputs = sub.and_then(|s| call.info.subresource(s)).filter(|d| !d.inputs.is_empty());
        let namespace = match inputs {
            // An input kind has no metadata accessor: its JSON form says.
            Some(d) => d.inputs.iter().find_map(|kind| {
                let versions = [kind.api_version()];
                let obj = decoded(&Target { new: kind.new_object, api_versions: &versions, kind: kind.kind })?;
                let v = crate::tracker::meta::to_value(obj.as_ref()).ok()?;
                let ns = v.get("metadata").and_then(|m| m.get("namespace")).and_then(Value::as_str);
                Some(ns.unwrap_or_default().to_owned())
            }),
            None => {
                let versions = call.api_versions();
                let obj = decoded(&Target { new: call.info.new_object, api_versions: &versions, kind: call.info.kind });
                obj.map(|o| (call.info.metadata)(o.as_ref()).map(|m| m.namespace.clone()).unwrap_or_default())
            }
        };
        if let Some(ns) = namespace {
            return ensure_request_namespace(&call.info, call.namespace(), &ns);
        }
        // The body does not decode: the write's own decoder, under the request's options,
        // words the refusal.
        let fv = if *method == Method::POST {
            options::validate_create(&call.query.create_options()?)?.field_validation
        } else {
            options::validate_update(&call.query.update_options()?)?.field_validation
        };
        match inputs {
            Some(d) => self.decode_input(call, d, fv).map(drop),
            None => self.decode_body(call, fv).map(drop),
        }
    }

    /// Serves a request past mutating admission. A create or update with validating admission
    /// (LimitRanger's checks, validating webhooks) runs as seed 004's flows order it: the write
    /// is prepared, given its system fields and validated but held back ([`Stage::Hold`]); the
    /// checks and webhooks see that object; then the write is committed with the same system
    /// fields ([`Stage::Commit`]). When the stored object changed in between, the commit
    /// conflicts and the request runs again from the held write, as upstream's store retries
    /// the update (with its validating admission).
    async fn serve_write(
        &self,
        call: &Call<'_>,
        validating: Validating<'_, '_>,
        warnings: &mut Vec<String>,
    ) -> Result<http::Response<Body>> {
        let Validating { limited, secured, escalation, param_authz, quota, deferred } = validating;
        if deferred.is_none() && limited.is_none() && secured.is_none() && !escalation && !param_authz && !quota {
            return self.dispatch(call, false);
        }
        let mut tries = 0;
        // The validating phase's warnings count once, for the try that commits.
        let before = warnings.len();
        loop {
            tries += 1;
            warnings.truncate(before);
            let held = Call {
                route: call.route.clone(),
                query: call.query.clone(),
                enc: Encoding::Json,
                stage: Stage::Hold,
                ..*call
            };
            let resp = self.dispatch(&held, false)?;
            let created = resp.status() == StatusCode::CREATED;
            let data = body::collect(resp.into_body()).await.map_err(|e| api_errors::internal(&e.to_string()))?;
            let object = value::parse(&data)
                .map_err(|e| api_errors::internal(&format!("reading the object held for validating admission: {e}")))?;
            let meta: ObjectMeta = match object.get("metadata") {
                Some(m) => kapi_machinery::json::from_slice(&m.to_compact_vec())
                    .map_err(|e| api_errors::internal(&format!("reading the held object's metadata: {e}")))?,
                None => ObjectMeta::default(),
            };
            let pins = Pins::of(&meta);
            // The stored object the held update was prepared against; read again if it has
            // changed since.
            let old = if created {
                None
            } else {
                let old = self.held_old(call)?;
                let rv = old.get("metadata").and_then(|m| m.get("resourceVersion")).and_then(Value::as_str);
                if rv != Some(pins.resource_version.as_str()) && tries < COMMIT_TRIES {
                    continue;
                }
                Some(old)
            };
            // Upstream authorizes a policy's parameters in its strategy's validation, before
            // validating admission, and only once the object is otherwise valid, as the held
            // write now is.
            if param_authz {
                self.check_param_authz(call, &object, old.as_ref())?;
            }
            if escalation {
                self.check_escalation(call, &object)?;
            }
            if let Some(what) = limited {
                self.validate_limits(what, call.namespace(), &object, old.as_ref())?;
            }
            if let Some(what) = secured {
                self.validate_pod_security(what, call, &object, old.as_ref(), warnings)?;
            }
            if let Some(deferred) = deferred {
                self.validate_held(deferred, &object, old.as_ref(), warnings).await?;
            }
            // Held until the commit has run: a recount meanwhile counts the object.
            let _reservation = if quota { self.charge_quota(call, &object, old.as_ref())? } else { None };
            let commit =
                Call { route: call.route.clone(), query: call.query.clone(), stage: Stage::Commit(&pins), ..*call };
            match self.dispatch(&commit, false) {
                Err(e)
                    if tries < COMMIT_TRIES
                        && !commits_once(call)
                        && api_errors::status_of(&e).reason.as_str() == StatusReason::CONFLICT =>
                {
                    continue;
                }
                served => return served,
            }
        }
    }

    fn dispatch(&self, call: &Call<'_>, is_watch: bool) -> Result<http::Response<Body>> {
        match route::served(&call.info, &call.route, call.req.method())? {
            Served::Subresource(sub) => self.subresource(call, sub),
            Served::Verb("get" | "list" | "watch") if is_watch => self.watch(call),
            Served::Verb("list") => self.list(call),
            Served::Verb("get") => self.get(call),
            Served::Verb("create") => self.create(call),
            Served::Verb("update") => self.update(call),
            Served::Verb("patch") => self.patch(call),
            Served::Verb("delete") => self.delete(call),
            Served::Verb("deletecollection") => self.delete_collection(call),
            Served::Verb(_) => Err(api_errors::method_not_allowed()),
        }
    }

    pub(super) fn decode_body(&self, call: &Call<'_>, fv: FieldValidation) -> Result<(Box<dyn Object>, Vec<String>)> {
        let content_type = call.header(header::CONTENT_TYPE);
        // apiextensions' serializer takes a protobuf body, which cannot become a custom object.
        if !call.info.protobuf
            && matches!(negotiate::request_encoding(content_type, true), Ok(Encoding::Protobuf))
            && self.is_custom(&call.info)
        {
            return Err(super::crd::protobuf_body::refusal(call.info.version, call.info.kind, call.req.body()));
        }
        let body_enc = negotiate::request_encoding(content_type, call.info.protobuf)?;
        let versions = call.api_versions();
        let target = Target { new: call.info.new_object, api_versions: &versions, kind: call.info.kind };
        let (mut obj, mut found) = codec::decode(&target, body_enc, call.req.body(), fv != FieldValidation::Ignore)?;
        self.crd_prune(&call.info, obj.as_mut(), &mut found)?;
        // A create or update names the body's kind in the refusal, as upstream's handlers
        // (`transformDecodeError`) word it: `Deployment in version "v1" cannot be handled as a
        // Deployment: strict decoding error: unknown field "spec.foo"`.
        let warnings = findings(fv, found).map_err(|e| {
            let status = api_errors::status_of(&e);
            api_errors::bad_request(format!(
                "{kind} in version {version:?} cannot be handled as a {kind}: {}",
                status.message,
                kind = call.info.kind,
                version = call.info.version,
            ))
        })?;
        self.apply_defaults(obj.as_mut());
        super::audit::log_request_object(obj.as_ref());
        self.crd_validate(&call.info, call.route.subresource.as_deref(), obj.as_ref())?;
        // An update's rules run against the stored object, in `update`.
        if call.req.method() == Method::POST {
            self.crd_rules(&call.info, call.route.subresource.as_deref(), None, obj.as_ref())?;
        }
        Ok((obj, warnings))
    }

    pub(super) fn get(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        match call.route.subresource.as_deref() {
            None => call.require_verb("get")?,
            Some(sub) => call.require_subresource_verb(sub, "get")?,
        }
        let opts = GetOptions {
            resource_version: call.query.get("resourceVersion").unwrap_or_default().to_owned(),
            ..GetOptions::default()
        };
        let obj = self.tracker.get(&call.info.gvr(), call.namespace(), call.name(), &opts)?;
        if call.route.subresource.is_none()
            && let Some(t) = table::requested(call, false, self.crd_columns(&call.info))?
        {
            return table::response(call, t, vec![obj], None);
        }
        if call.route.subresource.is_none()
            && let Some(v) = metadata::requested(call, false, false)?
        {
            return object_response(200, call.enc, &metadata::partial(&call.info, obj.as_ref(), v), &[]);
        }
        object_response(200, call.enc, obj.as_ref(), &[])
    }

    fn list(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        call.require_verb("list")?;
        let opts = call.query.list_options()?;
        let new_list = call.info.new_list.ok_or_else(|| api_errors::method_not_supported(&call.info, "list"))?;
        let stored = self.tracker.list_stored(&call.info.gvr(), call.namespace(), &opts)?;
        if let Some(t) = table::requested(call, false, self.crd_columns(&call.info))? {
            let (items, meta) = stored.into_parts()?;
            return table::response(call, t, items, Some(meta));
        }
        if let Some(v) = metadata::requested(call, true, false)? {
            let list = if stored.converts() {
                let (items, meta) = stored.into_parts()?;
                metadata::partial_list(&call.info, &items, meta, v)
            } else {
                metadata::partial_stored_list(&stored, v)?
            };
            return object_response(200, call.enc, &list, &[]);
        }
        // Without a conversion, and unless the audit log wants the response object, the items
        // are encoded as stored, not copied into a typed list first.
        if !stored.converts() && !super::audit::wants_response() {
            let mut empty = new_list(Vec::new(), stored.meta.clone());
            self.crd_list(&call.info, empty.as_mut());
            if let Some(body) = list_body::encode(call.enc, empty.as_ref(), &stored)? {
                return Ok(respond(200, call.enc, body, &[]));
            }
        }
        let (items, meta) = stored.into_parts()?;
        let mut list = new_list(items, meta);
        self.crd_list(&call.info, list.as_mut());
        object_response(200, call.enc, list.as_ref(), &[])
    }

    fn watch(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        call.require_verb("watch")?;
        let mut opts = call.query.list_options()?;
        if let Some(name) = &call.route.name {
            // A watch on a named object is a watch with `metadata.name=<name>`.
            let by_name = format!("metadata.name={}", name.replace('\\', "\\\\").replace(',', "\\,"));
            opts.field_selector =
                if opts.field_selector.is_empty() { by_name } else { format!("{},{by_name}", opts.field_selector) };
        }
        let timeout = match opts.timeout_seconds {
            Some(s) if s > 0 => Some(Duration::from_secs(s.unsigned_abs())),
            _ => None,
        };
        let tables =
            table::requested(call, true, self.crd_columns(&call.info))?.map(|t| table::WatchTables::new(call.info, t));
        let partial = metadata::requested(call, false, true)?.map(|v| (call.info, v));
        match self.tracker.watch(&call.info.gvr(), call.namespace(), &opts) {
            Ok(w) => Ok(watch::stream(w, call.enc, timeout, self.bookmark_interval(), tables, partial)),
            Err(e) if e.code == 410 => watch::error_stream(call.enc, &e),
            Err(e) => Err(e),
        }
    }

    fn create(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        if super::review::is_review(&call.info) {
            return self.review(call);
        }
        if super::binding::is_legacy(&call.info) {
            return self.bind_legacy(call);
        }
        call.require_verb("create")?;
        self.crd_refuse_create_while_terminating(&call.info)?;
        let opts = call.query.create_options()?;
        let w = options::validate_create(&opts)?;
        let (mut obj, mut warnings) = self.decode_body(call, w.field_validation)?;
        self.record_update(call, None, obj.as_mut(), body_empty_managed_fields(call), &opts.field_manager)?;
        let obj = self.name_requester(call, obj)?;
        let (out, strategy_warnings) =
            self.tracker.create_staged(&call.info.gvr(), call.namespace(), obj, &opts, call.stage)?;
        warnings.extend(strategy_warnings);
        object_response(201, call.enc, out.as_ref(), &warnings)
    }

    /// What the strategy of an object being created needs from the request itself: a
    /// certificate signing request names the user who sent it (upstream's `PrepareForCreate`,
    /// after the field manager recorded what the client sent), whether it is created by a POST
    /// or by an apply.
    fn name_requester(&self, call: &Call<'_>, obj: Box<dyn Object>) -> Result<Box<dyn Object>> {
        if (call.info.group, call.info.resource) != ("certificates.k8s.io", "certificatesigningrequests") {
            return Ok(obj);
        }
        let user = self.user_of(call.req);
        let mut doc = crate::tracker::meta::to_value(obj.as_ref())?;
        super::strategy::csr_requester(&mut doc, &user.username, &user.uid, &user.groups, user.extra_value());
        crate::tracker::meta::from_value(&call.info, &doc)
    }

    pub(super) fn update(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        match call.route.subresource.as_deref() {
            None => call.require_verb("update")?,
            Some(sub) => call.require_subresource_verb(sub, "update")?,
        }
        let opts = call.query.update_options()?;
        let w = options::validate_update(&opts)?;
        let (obj, mut warnings) = self.decode_body(call, w.field_validation)?;
        let body_meta = (call.info.metadata)(obj.as_ref());
        ensure_request_namespace(&call.info, call.namespace(), body_meta.map_or("", |m| m.namespace.as_str()))?;
        let body_name = body_meta.map(|m| m.name.clone()).unwrap_or_default();
        let body_rv = body_meta.map(|m| m.resource_version.clone()).unwrap_or_default();
        if body_name != call.name() {
            return Err(api_errors::bad_request(format!(
                "the name of the object ({body_name}) does not match the name on the URL ({})",
                call.name()
            )));
        }
        let gvr = call.info.gvr();
        let sent_empty_list = body_empty_managed_fields(call);
        // The managed fields are computed against the stored object, so reading it and writing
        // the update are one step of the tracker.
        let name = call.name().to_owned();
        let modify = Modify {
            namespace: call.namespace(),
            name: &name,
            subresource: call.route.subresource.as_deref(),
            dry_run: w.dry_run,
            // As upstream's strategies say (`AllowCreateOnUpdate`); never through a subresource.
            create_if_missing: crate::tracker::put_create::creates_on_put(
                &call.info,
                call.route.subresource.as_deref(),
            ),
            managed_fields_as_given: true,
            skip_validation: false,
            with_status: false,
            replace: call.route.subresource.is_none(),
            stage: call.stage,
        };
        let (out, created, strategy_warnings) = self.tracker.modify_with_warnings(&gvr, &modify, |current| {
            let mut obj = obj;
            // Upstream's store checks it once the stored object is read, before the strategy.
            if current.is_some() {
                super::strategy::require_resource_version(&call.info, &name, &body_rv)?;
            }
            self.crd_rules(&call.info, call.route.subresource.as_deref(), current, obj.as_ref())?;
            self.record_update(call, current, obj.as_mut(), sent_empty_list, &opts.field_manager)?;
            if current.is_some() { Ok(obj) } else { self.name_requester(call, obj) }
        })?;
        warnings.extend(strategy_warnings);
        object_response(if created { 201 } else { 200 }, call.enc, out.as_ref(), &warnings)
    }

    pub(super) fn delete_options(&self, call: &Call<'_>) -> Result<DeleteOptions> {
        let mut opts = if call.req.body().iter().all(u8::is_ascii_whitespace) {
            DeleteOptions::default()
        } else {
            let enc = negotiate::request_encoding(call.header(header::CONTENT_TYPE), true)?;
            codec::decode_delete_options(enc, call.req.body(), &call.info.gvk().api_version())?
        };
        call.query.merge_delete_options(&mut opts)?;
        Ok(opts)
    }

    fn delete(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        call.require_verb("delete")?;
        let opts = self.delete_options(call)?;
        let res = self.tracker.delete(&call.info.gvr(), call.namespace(), call.name(), &opts)?;
        // The job registry warns that a job's pods stay when nothing says what to do with them.
        let warnings: Vec<String> = (opts.propagation_policy.is_none()
            && opts.orphan_dependents.is_none()
            && crate::tracker::deletion::default_gc_policy(&call.info)
                == crate::tracker::deletion::GcPolicy::OrphanDependents
            && call.info.group == "batch"
            && call.info.resource == "jobs")
            .then(|| JOB_DELETE_WARNING.to_owned())
            .into_iter()
            .collect();
        if !res.deleted {
            let code = if opts.orphan_dependents == Some(false) { 202 } else { 200 };
            return object_response(code, call.enc, res.object.as_ref(), &warnings);
        }
        if crate::tracker::deletion::returns_deleted_object(&call.info) {
            return object_response(200, call.enc, res.object.as_ref(), &warnings);
        }
        let uid = (call.info.metadata)(res.object.as_ref()).map(|m| m.uid.clone()).unwrap_or_default();
        let status = Status {
            type_meta: TypeMeta { kind: "Status".into(), api_version: "v1".into() },
            status: STATUS_SUCCESS.into(),
            details: Some(StatusDetails {
                name: call.name().into(),
                group: call.info.group.into(),
                kind: call.info.resource.into(),
                uid,
                ..StatusDetails::default()
            }),
            ..Status::default()
        };
        object_response(200, call.enc, &status, &warnings)
    }

    fn delete_collection(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        call.require_verb("deletecollection")?;
        let opts = self.delete_options(call)?;
        let list_opts = call.query.list_options()?;
        let new_list =
            call.info.new_list.ok_or_else(|| api_errors::method_not_supported(&call.info, "deletecollection"))?;
        let gvr = call.info.gvr();
        let items = self.tracker.delete_collection(&gvr, call.namespace(), &list_opts, &opts)?;
        let meta = ListMeta { resource_version: self.tracker.resource_version(), ..ListMeta::default() };
        let mut list = new_list(items, meta);
        self.crd_list(&call.info, list.as_mut());
        object_response(200, call.enc, list.as_ref(), &[])
    }

    pub(super) fn patch(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        let view = PatchView {
            kind: call.info.kind_info(),
            rules: self.merge_rules_for(&call.info.gvr()),
            to_doc: &|obj| Ok(obj.deep_copy_object()),
            from_doc: &|_, doc| Ok(doc),
        };
        self.patch_view(call, &view)
    }

    /// Patches the document a view shows of the object (the object itself, or its `scale`) and
    /// stores what the view makes of the result; the answer is the view of the stored object.
    pub(super) fn patch_view(&self, call: &Call<'_>, view: &PatchView<'_>) -> Result<http::Response<Body>> {
        let ct = call.header(header::CONTENT_TYPE).unwrap_or_default();
        // apiextensions' patch handler lists its own patch types, strategic merge not among them.
        let custom = self.crd_refuses_strategic(&call.info);
        let accepted = if custom { CUSTOM_PATCH_MEDIA_TYPES } else { PATCH_MEDIA_TYPES };
        let pt = PatchType::from_content_type(ct)
            .filter(|pt| !(custom && *pt == PatchType::Strategic))
            .ok_or_else(|| api_errors::unsupported_media_type(accepted))?;
        let apply = pt == PatchType::Apply;
        let verb = if apply { "apply" } else { "patch" };
        match call.route.subresource.as_deref() {
            None => call.require_verb(verb)?,
            // An apply is a `PATCH` upstream's patch handler takes on any route that patches.
            Some(sub) => call.require_subresource_verb(sub, "patch")?,
        }
        let opts = call.query.patch_options()?;
        let w = options::validate_patch(&opts, apply)?;
        let strict = w.field_validation != FieldValidation::Ignore;
        let info = call.info;
        let keys = &view.rules;
        let body = call.req.body();
        let mut found = Vec::new();
        let applied = if apply { Some(self.applied_config(call, &view.kind, strict, &mut found)?) } else { None };
        let document = match pt {
            PatchType::Merge | PatchType::Strategic => Some(parse_patch(body)?),
            _ => None,
        };
        let versions = [view.kind.api_version()];
        let target = Target { new: view.kind.new_object, api_versions: &versions, kind: view.kind.kind };
        let name = call.name().to_owned();
        let same_kind = view.kind == info.kind_info();
        let modify = Modify {
            namespace: call.namespace(),
            name: &name,
            // A view of another kind writes the object itself.
            subresource: call.route.subresource.as_deref().filter(|_| same_kind),
            dry_run: w.dry_run,
            create_if_missing: apply && call.route.subresource.is_none(),
            // A view of another kind (`scale`) keeps the object's managed fields.
            managed_fields_as_given: same_kind,
            skip_validation: false,
            with_status: false,
            replace: false,
            stage: call.stage,
        };
        let (out, created, strategy_warnings) = self.tracker.modify_with_warnings(&info.gvr(), &modify, |current| {
            let mut applied_fields = None;
            let live = match current {
                Some(c) => crate::tracker::meta::to_value((view.to_doc)(c)?.as_ref())?,
                None => Value::Object(Vec::new()),
            };
            let patched = match (pt, &applied, &document) {
                (PatchType::Json, _, _) => patch::json_patch(&live, body, MAX_BODY_BYTES).map_err(patch_error)?,
                (PatchType::Merge, _, Some(doc)) => patch::merge_patch(live, doc),
                (PatchType::Strategic, _, Some(doc)) => {
                    patch::strategic_merge_patch(live, doc, keys).map_err(patch_error)?
                }
                (PatchType::Apply, Some(cfg), _) if same_kind => {
                    let live_managed =
                        current.and_then(|c| (info.metadata)(c)).map(|m| m.managed_fields.clone()).unwrap_or_default();
                    let empty = crate::tracker::meta::to_value((info.new_object)().as_ref())?;
                    let fm = self.field_manager(call, keys);
                    let force = opts.force == Some(true);
                    let live = current.is_some().then_some(&live);
                    let applied = fm.apply(live, &empty, &live_managed, cfg, &opts.field_manager, force)?;
                    applied_fields = Some(applied.managed_fields);
                    applied.object
                }
                (PatchType::Apply, Some(cfg), _) => patch::apply_merge(live, cfg, keys).map_err(patch_error)?,
                _ => return Err(api_errors::internal("the patch document was not read")),
            };
            let sent_empty_list = empty_managed_fields(&patched);
            let (mut obj, more) = codec::decode_json(&target, &patched.to_compact_vec(), strict)?;
            found.extend(more);
            if same_kind {
                self.crd_prune(&info, obj.as_mut(), &mut found)?;
            }
            found = findings(w.field_validation, std::mem::take(&mut found))?;
            self.apply_defaults(obj.as_mut());
            if same_kind {
                self.crd_validate(&info, call.route.subresource.as_deref(), obj.as_ref())?;
                self.crd_rules(&info, call.route.subresource.as_deref(), current, obj.as_ref())?;
            }
            match applied_fields {
                Some(fields) => {
                    if let Some(m) = (info.metadata_mut)(obj.as_mut()) {
                        m.managed_fields = fields;
                    }
                }
                None if same_kind => {
                    self.record_update(call, current, obj.as_mut(), sent_empty_list, &opts.field_manager)?
                }
                None => {}
            }
            match current {
                Some(c) => (view.from_doc)(c, obj),
                None => self.name_requester(call, obj),
            }
        })?;
        found.extend(strategy_warnings);
        let out = (view.to_doc)(out.as_ref())?;
        object_response(if created { 201 } else { 200 }, call.enc, out.as_ref(), &found)
    }

    /// The applied configuration of an apply patch (YAML or JSON), with the URL's name filled in
    /// when it has none.
    fn applied_config(&self, call: &Call<'_>, kind: &KindInfo, strict: bool, found: &mut Vec<String>) -> Result<Value> {
        let body = call.req.body();
        let json = kapi_machinery::yaml::yaml_to_json(body, false)
            .map_err(|e| api_errors::bad_request(format!("error decoding YAML: {e}")))?;
        if strict
            && let Err(e) = kapi_machinery::yaml::yaml_to_json(body, true)
            && let DecodeErrorKind::Strict(msgs) = e.into_kind()
        {
            found.extend(msgs);
        }
        let mut cfg = value::parse(&json).map_err(|e| api_errors::bad_request(format!("error decoding YAML: {e}")))?;
        let Value::Object(members) = &mut cfg else {
            return Err(api_errors::bad_request("the applied configuration must be an object"));
        };
        let gvk = kind.gvk();
        let text =
            |k: &str| members.iter().rev().find(|(n, _)| n == k).and_then(|(_, v)| v.as_str()).map(str::to_owned);
        if text("apiVersion").as_deref() != Some(gvk.api_version().as_str())
            || text("kind").as_deref() != Some(gvk.kind.as_str())
        {
            return Err(api_errors::bad_request(format!(
                "the applied configuration must set apiVersion {:?} and kind {:?}",
                gvk.api_version(),
                gvk.kind
            )));
        }
        let meta = members.iter_mut().rev().find(|(n, _)| n == "metadata").map(|(_, v)| v);
        match meta {
            Some(Value::Object(m)) => {
                if !m.iter().any(|(k, _)| k == "name") {
                    m.push(("name".into(), Value::String(call.name().into())));
                }
            }
            Some(_) => return Err(api_errors::bad_request("metadata must be an object")),
            None => members
                .push(("metadata".into(), Value::Object(vec![("name".into(), Value::String(call.name().into()))]))),
        }
        Ok(cfg)
    }
}

impl ApiServer {
    /// The field manager of a write to the call's resource (or its subresource).
    fn field_manager<'r>(&self, call: &'r Call<'_>, rules: &'r MergeRules) -> FieldManager<'r> {
        FieldManager {
            rules,
            api_version: call.info.gvk().api_version(),
            subresource: call.route.subresource.as_deref(),
            has_status: call.info.subresource("status").is_some(),
            reset_metadata: super::strategy::status_metadata::reset_metadata(
                call.info.group,
                call.info.resource,
                call.route.subresource.as_deref(),
            ),
        }
    }

    /// Records a create, update or patch in `new`'s managed fields: the manager's `Update` entry
    /// gains what it changed, other managers lose it. The manager is `fieldManager`, or the
    /// user agent's name.
    fn record_update(
        &self,
        call: &Call<'_>,
        live: Option<&dyn Object>,
        new: &mut dyn Object,
        sent_empty_list: bool,
        field_manager: &str,
    ) -> Result<()> {
        // The write an admitted apply amounts to carries the managed fields the field manager
        // computed for the apply (against the same stored object, guarded by its resource
        // version): they stand as they are.
        if call.req.extensions().get::<ManagedFieldsComputed>().is_some() {
            return Ok(());
        }
        let info = &call.info;
        let Some(sent) = (info.metadata)(new).map(|m| m.managed_fields.clone()) else { return Ok(()) };
        let manager = if field_manager.is_empty() {
            ssa::default_manager(call.header(header::USER_AGENT))
        } else {
            field_manager.to_owned()
        };
        let rules = self.merge_rules_for(&info.gvr());
        let fm = self.field_manager(call, &rules);
        let empty = crate::tracker::meta::to_value((info.new_object)().as_ref())?;
        let new_doc = crate::tracker::meta::to_value(new)?;
        let live_doc = live.map(crate::tracker::meta::to_value).transpose()?;
        let live_managed = live.and_then(|l| (info.metadata)(l)).map(|m| m.managed_fields.clone()).unwrap_or_default();
        let fields = fm.update(
            live_doc.as_ref().map(|d| (d, live_managed.as_slice())),
            &empty,
            (&new_doc, &sent),
            sent_empty_list,
            &manager,
        )?;
        if let Some(m) = (info.metadata_mut)(new) {
            m.managed_fields = fields;
        }
        Ok(())
    }
}

/// Whether a document sets `metadata.managedFields` to an empty list: a reset of the managed
/// fields, which the typed object cannot tell from leaving them out.
fn empty_managed_fields(doc: &Value) -> bool {
    matches!(doc.get("metadata").and_then(|m| m.get("managedFields")), Some(Value::Array(items)) if items.is_empty())
}

/// [`empty_managed_fields`] of a create or update body in JSON or YAML (a protobuf body cannot
/// tell an empty list from none, as upstream's cannot).
fn body_empty_managed_fields(call: &Call<'_>) -> bool {
    let body = call.req.body();
    let textual = matches!(
        negotiate::request_encoding(call.header(header::CONTENT_TYPE), call.info.protobuf),
        Ok(Encoding::Json | Encoding::Yaml)
    );
    // Most bodies do not name the field; only those are parsed a second time.
    textual
        && body.windows(b"managedFields".len()).any(|w| w == b"managedFields")
        && kapi_machinery::yaml::yaml_to_json(body, false)
            .ok()
            .and_then(|json| value::parse(&json).ok())
            .is_some_and(|doc| empty_managed_fields(&doc))
}

fn parse_patch(body: &[u8]) -> Result<Value> {
    value::parse(body).map_err(|e| api_errors::bad_request(format!("error decoding patch: {e}")))
}

fn fault_response(fault: &Fault, enc: Encoding) -> http::Response<Body> {
    let details = fault.retry_after_seconds.map(|s| StatusDetails {
        retry_after_seconds: i32::try_from(s).unwrap_or(i32::MAX),
        ..StatusDetails::default()
    });
    let status = api_errors::failure(fault.code, &fault.reason, fault.message.clone(), details);
    error_response(&api_errors::into_error(status), enc)
}

/// Whether a path may name a discovery or OpenAPI document, `/version` or a health check rather
/// than a resource: `/api` and `/api/v1`, `/apis`, a group and a group version, and every path
/// outside `/api` and `/apis`.
fn may_be_document(path: &str) -> bool {
    let mut segments = path.split('/').filter(|s| !s.is_empty());
    match segments.next() {
        Some("api") => segments.count() <= 1,
        Some("apis") => segments.count() <= 2,
        _ => true,
    }
}

/// The subresources upstream serves as `CONNECT` routes, which take and produce any media type.
fn is_connect(subresource: &str) -> bool {
    matches!(subresource, "exec" | "attach" | "portforward" | "proxy" | "log")
}

/// Upstream's create and update handlers (and the store's `BeforeCreate`/`BeforeUpdate` again,
/// after mutating admission) run `EnsureObjectNamespaceMatchesRequestNamespace`: a namespaced
/// resource's object names the request's namespace or none.
pub(super) fn ensure_request_namespace(info: &ResourceInfo, request: &str, object: &str) -> Result<()> {
    if info.namespaced && !object.is_empty() && object != request {
        return Err(api_errors::bad_request(crate::tracker::NAMESPACE_MISMATCH));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::may_be_document;

    #[test]
    fn documents_are_told_from_objects_by_their_path() {
        for path in ["/api", "/api/v1", "/apis/", "/apis/apps", "/apis/apps/v1", "/openapi/v3/apis/apps/v1", "/version"]
        {
            assert!(may_be_document(path), "{path}");
        }
        for path in ["/api/v1/pods", "/api/v1/namespaces/a/pods/p", "/apis/apps/v1/deployments", "/apis/a/v1/x/y"] {
            assert!(!may_be_document(path), "{path}");
        }
    }
}
