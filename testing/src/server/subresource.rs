//! Subresources: those whose bodies are the resource's own kind (`status`, pods'
//! `ephemeralcontainers` and `resize`, certificate signing requests' `approval`) go through the
//! tracker, which takes what each owns from the body; the others are views or actions, as
//! upstream's registries serve them:
//!
//! - `scale` (deployments, replica sets, stateful sets, replication controllers): a `Scale` of the
//!   kind the subresource declares (autoscaling/v1, or the group's own in apps/v1beta2 and
//!   extensions/v1beta1) with the object's name, namespace, UID, resource version and creation
//!   time, `spec.replicas` from the object's (1 when unset, as defaulting makes it),
//!   `status.replicas` from its status and the selector as label selector text (and, for the old
//!   groups' `Scale`, as a map). `get`; `update` and every patch type write `spec.replicas` back
//!   (a built-in kind's scale checked as upstream's `ValidateScale` checks it, its metadata and
//!   non-negative replicas, a `422` on `Scale.autoscaling`; then a resource version in the
//!   `Scale` must be the object's, else `409 Conflict`). A custom resource's scale is written
//!   as apiextensions writes it: no `ValidateScale`, the object's own validation judges the
//!   number.
//! - `eviction` (pods): `POST` an `Eviction` (policy/v1 or v1beta1); the pod is deleted with the
//!   eviction's `deleteOptions` (dry run from either the query or those options) under the pod
//!   disruption budgets that select it (module `eviction`), and the answer is `201` with a
//!   success `Status`.
//! - `binding` (pods): `POST` a `Binding`; the pod is bound as upstream's binding storage does
//!   (module `binding`). `201` with a success `Status`. The legacy resource `bindings` binds
//!   through the same storage (`bind_legacy`).
//! - `token` (service accounts): `POST` a `TokenRequest`; checked and answered with a JWT-shaped
//!   token (module `token`).
//!
//! Every write honours `dryRun`: nothing is stored, and the answer is what would have been.
//!
//! Validating admission sees a write of `scale`, `eviction`, `binding` and `token` where
//! upstream's storage calls it: the handler holds the write ([`Stage::Hold`]), each writer
//! answers with the object admission reviews once its own checks passed, then the write runs
//! for good (module `handler`, `serve_write`).

use http::{Method, header};
use kapi_api::meta::errors::{self as api_errors, FieldError};
use kapi_api::meta::labels::{Operator, Requirement, Selector};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::object_meta_validation::validate_object_meta_contents;
use kapi_api::meta::v1::{DeleteOptions, ObjectMeta, STATUS_SUCCESS, Status};
use kapi_http::body::Body;
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;
use kapi_machinery::validation::{BadValue, Path};
use kapi_machinery::{GroupVersionResource, KindInfo, Object, Subresource, TypeMeta};

use super::ApiServer;
use super::binding::{Binding, check_pod_name};
use super::call::{Call, PatchView, findings, object_response};
use super::codec::{self, Target};
use super::crd::ScalePaths;
use super::eviction::Evicted;
use super::negotiate::{self, Encoding};
use super::patch::MergeRules;
use crate::tracker::meta;
use crate::tracker::options::{self, FieldValidation};
use crate::tracker::subresource::{SAME_KIND_SUBRESOURCES, at, set_at};
use crate::tracker::{Modify, Result, Stage};

impl ApiServer {
    /// Serves `…/<name>/<subresource>`.
    pub(super) fn subresource(&self, call: &Call<'_>, name: &str) -> Result<http::Response<Body>> {
        let sub = call.info.subresource(name).ok_or_else(api_errors::path_not_found)?;
        let m = call.req.method();
        match (name, m.clone()) {
            ("scale", Method::GET) => self.get_scale(call, sub),
            ("scale", Method::PUT) => self.update_scale(call, sub),
            ("scale", Method::PATCH) => self.patch_scale(call, sub),
            ("eviction", Method::POST) => self.evict(call, sub),
            ("binding", Method::POST) => self.bind(call, sub),
            ("token", Method::POST) => self.create_token(call, sub),
            (_, Method::GET | Method::PUT | Method::PATCH)
                if sub.result == call.info.kind_info() && SAME_KIND_SUBRESOURCES.contains(&name) =>
            {
                match *m {
                    Method::GET => self.get(call),
                    Method::PUT => self.update(call),
                    _ => self.patch(call),
                }
            }
            ("scale" | "eviction" | "binding" | "token", _) => Err(api_errors::method_not_allowed()),
            _ if SAME_KIND_SUBRESOURCES.contains(&name) => Err(api_errors::method_not_allowed()),
            _ => Err(api_errors::method_not_supported(
                &call.info,
                &format!("{} of the subresource {name} (the test server does not implement it)", m.as_str()),
            )),
        }
    }

    /// Decodes a request body as one of the subresource's input kinds (the one its `apiVersion`
    /// and `kind` name; the first when it names none), with the defaults of its kind applied.
    pub(super) fn decode_input(
        &self,
        call: &Call<'_>,
        sub: &Subresource,
        fv: FieldValidation,
    ) -> Result<(Box<dyn Object>, Vec<String>)> {
        let enc = negotiate::request_encoding(call.header(header::CONTENT_TYPE), call.info.protobuf)?;
        let mut first_err = None;
        for kind in sub.input_kinds() {
            let versions = [kind.api_version()];
            let target = Target { new: kind.new_object, api_versions: &versions, kind: kind.kind };
            match codec::decode(&target, enc, call.req.body(), fv != FieldValidation::Ignore) {
                Ok((mut obj, found)) => {
                    let warnings = findings(fv, found)?;
                    self.apply_defaults(obj.as_mut());
                    super::audit::log_request_object(obj.as_ref());
                    return Ok((obj, warnings));
                }
                Err(e) => {
                    first_err.get_or_insert(e);
                }
            }
        }
        Err(first_err.unwrap_or_else(|| api_errors::internal("the subresource declares no input kind")))
    }

    fn get_scale(&self, call: &Call<'_>, sub: &Subresource) -> Result<http::Response<Body>> {
        call.require_subresource_verb("scale", "get")?;
        let obj = self.tracker.get(&call.info.gvr(), call.namespace(), call.name(), &Default::default())?;
        let paths = self.crd_scale_paths(&call.info);
        let scale = scale_of(&call.info, sub.result, obj.as_ref(), paths.as_ref())?;
        object_response(200, call.enc, scale.as_ref(), &[])
    }

    /// The `Scale` of the object `call` names, as JSON (the old object admission webhooks get
    /// with a scale write); `None` when the object does not exist.
    pub(super) fn current_scale(&self, call: &Call<'_>, sub: &Subresource) -> Result<Option<Value>> {
        let Ok(obj) = self.tracker.get(&call.info.gvr(), call.namespace(), call.name(), &Default::default()) else {
            return Ok(None);
        };
        let paths = self.crd_scale_paths(&call.info);
        let scale = scale_of(&call.info, sub.result, obj.as_ref(), paths.as_ref())?;
        meta::to_value(scale.as_ref()).map(Some)
    }

    /// The stored object a held update replaces, as validating admission sees it: the object
    /// itself, or through `scale` its current `Scale` (upstream's `toScaleUpdateValidation`
    /// hands the admission the old object's scale).
    pub(super) fn held_old(&self, call: &Call<'_>) -> Result<Value> {
        let scale = call.route.subresource.as_deref().filter(|s| *s == "scale").and_then(|s| call.info.subresource(s));
        match scale {
            Some(sub) => self.current_scale(call, sub)?.ok_or_else(|| api_errors::not_found(&call.info, call.name())),
            None => {
                let stored = self.tracker.get(&call.info.gvr(), call.namespace(), call.name(), &Default::default())?;
                meta::to_value(stored.as_ref())
            }
        }
    }

    fn update_scale(&self, call: &Call<'_>, sub: &Subresource) -> Result<http::Response<Body>> {
        call.require_subresource_verb("scale", "update")?;
        let opts = call.query.update_options()?;
        let w = options::validate_update(&opts)?;
        let (scale, warnings) = self.decode_input(call, sub, w.field_validation)?;
        let scale_meta = meta::to_value(scale.as_ref())?;
        let scale_namespace = at(&scale_meta, &["metadata", "namespace"]).and_then(Value::as_str).unwrap_or_default();
        super::handler::ensure_request_namespace(&call.info, call.namespace(), scale_namespace)?;
        let scale_name = at(&scale_meta, &["metadata", "name"]).and_then(Value::as_str).unwrap_or_default();
        if scale_name != call.name() {
            return Err(api_errors::bad_request(format!(
                "the name of the object ({scale_name}) does not match the name on the URL ({})",
                call.name()
            )));
        }
        // A held write (validating admission to come) prepares and validates the object but
        // stores nothing, as upstream's store calls the admission after the strategy's
        // `ValidateUpdate` and before it writes.
        let modify = Modify {
            namespace: call.namespace(),
            name: call.name(),
            subresource: None,
            dry_run: w.dry_run,
            stage: call.stage,
            ..Default::default()
        };
        let info = call.info;
        let paths = self.crd_scale_paths(&info);
        let (out, _) = self.tracker.modify(&info.gvr(), &modify, |current| {
            let current = current.ok_or_else(|| api_errors::not_found(&info, call.name()))?;
            self.scaled(&info, current, scale.as_ref(), paths.as_ref())
        })?;
        let answer = scale_of(&info, sub.result, out.as_ref(), paths.as_ref())?;
        object_response(200, call.enc, answer.as_ref(), &warnings)
    }

    fn patch_scale(&self, call: &Call<'_>, sub: &Subresource) -> Result<http::Response<Body>> {
        let info = call.info;
        let kind = sub.result;
        let paths = self.crd_scale_paths(&info);
        // A custom resource without replicas shows the patch upstream's marker for them, so a
        // patch that leaves them unset is refused (`with_scale`).
        let to_doc = |obj: &dyn Object| match &paths {
            Some(p) if !p.has_spec_replicas(&meta::to_value(obj)?) => {
                let mut scale = meta::to_value(scale_of(&info, kind, obj, paths.as_ref())?.as_ref())?;
                set_at(&mut scale, &["spec", "replicas"], Some(Value::Number(UNSET_REPLICAS.to_string())));
                decode_as(kind, &scale)
            }
            _ => scale_of(&info, kind, obj, paths.as_ref()),
        };
        let view = PatchView {
            kind,
            rules: MergeRules::metadata_only(),
            to_doc: &to_doc,
            from_doc: &|current, scale| self.scaled(&info, current, scale.as_ref(), paths.as_ref()),
        };
        self.patch_view(call, &view)
    }

    /// The object with a `Scale`'s replicas ([`with_scale`]); a custom resource's is then
    /// validated as a write of the object is (its schema and rules), as apiextensions' scale
    /// storage updates through the resource's own strategy.
    fn scaled(
        &self,
        info: &ResourceInfo,
        current: &dyn Object,
        scale: &dyn Object,
        paths: Option<&ScalePaths>,
    ) -> Result<Box<dyn Object>> {
        let out = with_scale(info, current, scale, paths)?;
        if paths.is_some() {
            self.crd_validate(info, None, out.as_ref())?;
            self.crd_rules(info, None, Some(current), out.as_ref())?;
        }
        Ok(out)
    }

    fn evict(&self, call: &Call<'_>, sub: &Subresource) -> Result<http::Response<Body>> {
        call.require_subresource_verb("eviction", "create")?;
        let opts = call.query.create_options()?;
        let w = options::validate_create(&opts)?;
        let (eviction, warnings) = self.decode_input(call, sub, w.field_validation)?;
        let mut v = meta::to_value(eviction.as_ref())?;
        check_body_name(&v, call.name(), "Eviction")?;
        let mut delete = match v.get("deleteOptions") {
            Some(d @ Value::Object(_)) => codec::decode_delete_options(
                Encoding::Json,
                &d.to_compact_vec(),
                &KindInfo::api_version(&sub.input_kinds()[0]),
            )?,
            _ => DeleteOptions::default(),
        };
        // upstream's `propagateDryRun`: the query's dry run fills the options', and the two must agree.
        if delete.dry_run.is_empty() {
            delete.dry_run = opts.dry_run.clone();
        } else if !opts.dry_run.is_empty() && opts.dry_run != delete.dry_run {
            return Err(api_errors::into_error(api_errors::failure(
                500,
                "",
                format!(
                    "Non-matching dry-run options in request and content: [{}] and [{}]",
                    opts.dry_run.join(" "),
                    delete.dry_run.join(" ")
                ),
                None,
            )));
        }
        // Upstream's `EvictionREST.Create` calls validating admission here, on the eviction
        // whose delete options (when it has them) now carry the query's dry run, and only then
        // reads the pod and its budgets.
        if matches!(call.stage, Stage::Hold) {
            if matches!(v.get("deleteOptions"), Some(Value::Object(_))) && !delete.dry_run.is_empty() {
                let dry_run = delete.dry_run.iter().map(|d| Value::String(d.clone())).collect();
                set_at(&mut v, &["deleteOptions", "dryRun"], Some(Value::Array(dry_run)));
            }
            let held = decode_as(input_kind(sub, eviction.as_ref())?, &v)?;
            return object_response(201, call.enc, held.as_ref(), &warnings);
        }
        match self.evict_pod(&call.info, call.namespace(), call.name(), &delete)? {
            Evicted::Deleted => object_response(201, call.enc, &success(), &warnings),
            // A failure `Status` in a `201`, as upstream's create handler writes it.
            Evicted::Refused(status) => object_response(201, call.enc, status.as_ref(), &warnings),
        }
    }

    fn bind(&self, call: &Call<'_>, sub: &Subresource) -> Result<http::Response<Body>> {
        call.require_subresource_verb("binding", "create")?;
        let opts = call.query.create_options()?;
        let w = options::validate_create(&opts)?;
        let (binding, warnings) = self.decode_input(call, sub, w.field_validation)?;
        let mut body = meta::to_value(binding.as_ref())?;
        check_body_name(&body, call.name(), "Binding")?;
        // PodTopologyLabels admits the binding before the storage reads it.
        if self.topology_labels_admitted() && at(&body, &["target", "kind"]).and_then(Value::as_str) == Some("Node") {
            let node = at(&body, &["target", "name"]).and_then(Value::as_str).unwrap_or_default().to_owned();
            self.admit_topology_labels(&node, &mut body)?;
        }
        let binding = Binding::read(&body, self.binding_labels_copied())?;
        // Validating admission sees the binding once it is valid (a held write), as upstream's
        // storage calls it after `ValidatePodBinding`.
        if matches!(call.stage, Stage::Hold) {
            let held = decode_as(sub.input_kinds()[0], &body)?;
            return object_response(201, call.enc, held.as_ref(), &warnings);
        }
        self.assign_pod(call, &call.info, call.name(), &binding, w.dry_run)?;
        object_response(201, call.enc, &success(), &warnings)
    }

    /// `POST /api/v1/namespaces/{ns}/bindings`, upstream's `LegacyBindingREST`: the binding
    /// storage of `pods/binding` with the body's own name as the pod's. What differs is the
    /// create handler's: the body's uid is wiped (only `pods/binding` keeps its system fields),
    /// so only its resource version is a precondition; a namespace in the body must be the
    /// URL's; and no PodTopologyLabels (it admits `pods` only). The validating webhooks see the
    /// binding after `ValidatePodBinding` (a held write, [`Stage::Hold`]) and before the pod's
    /// name is checked and the pod read.
    pub(super) fn bind_legacy(&self, call: &Call<'_>) -> Result<http::Response<Body>> {
        call.require_verb("create")?;
        let opts = call.query.create_options()?;
        let w = options::validate_create(&opts)?;
        let (binding, warnings) = self.decode_body(call, w.field_validation)?;
        let mut body = meta::to_value(binding.as_ref())?;
        set_at(&mut body, &["metadata", "uid"], None);
        let namespace = at(&body, &["metadata", "namespace"]).and_then(Value::as_str).unwrap_or_default();
        super::handler::ensure_request_namespace(&call.info, call.namespace(), namespace)?;
        let read = Binding::read(&body, self.binding_labels_copied())?;
        if matches!(call.stage, Stage::Hold) {
            let held = meta::from_value(&call.info, &body)?;
            return object_response(201, call.enc, held.as_ref(), &warnings);
        }
        let name = at(&body, &["metadata", "name"]).and_then(Value::as_str).unwrap_or_default();
        check_pod_name(name)?;
        let pods = self
            .tracker
            .resource(&GroupVersionResource::new("", "v1", "pods"))
            .ok_or_else(|| api_errors::internal("core v1 pods are not served, so nothing can be bound"))?;
        self.assign_pod(call, &pods, name, &read, w.dry_run)?;
        object_response(201, call.enc, &success(), &warnings)
    }

    /// Binds pod `name` of `pods` in the request's namespace as upstream's binding storage does
    /// (module `binding`).
    fn assign_pod(
        &self,
        call: &Call<'_>,
        pods: &ResourceInfo,
        name: &str,
        binding: &Binding,
        dry_run: bool,
    ) -> Result<()> {
        let modify = Modify {
            namespace: call.namespace(),
            name,
            subresource: None,
            dry_run,
            // Upstream assigns the node in its binding storage, without the pod update rules
            // (which forbid changing `spec.nodeName`).
            skip_validation: true,
            with_status: true,
            ..Default::default()
        };
        self.tracker.modify(&pods.gvr(), &modify, |current| {
            let current = current.ok_or_else(|| api_errors::not_found(pods, name))?;
            let mut pod = meta::to_value(current)?;
            binding.assign(pods, call.namespace(), &mut pod, Time::now())?;
            meta::from_value(pods, &pod)
        })?;
        Ok(())
    }
}

/// The success `Status` evictions and bindings answer with.
fn success() -> Status {
    Status {
        type_meta: TypeMeta { kind: "Status".into(), api_version: "v1".into() },
        status: STATUS_SUCCESS.into(),
        code: 201,
        ..Status::default()
    }
}

/// A body naming another object than the URL, or none, is a bad request, as upstream's
/// eviction and binding storage answer it (`name != eviction.Name`).
fn check_body_name(v: &Value, url_name: &str, kind: &str) -> Result<()> {
    let name = at(v, &["metadata", "name"]).and_then(Value::as_str).unwrap_or_default();
    if name == url_name {
        Ok(())
    } else {
        Err(api_errors::bad_request(format!("name in URL does not match name in {kind} object")))
    }
}

/// The label selector of a scalable object as selector text: `spec.selector` is a map for
/// replication controllers and a `LabelSelector` otherwise.
fn selector_text(info: &ResourceInfo, obj: &Value) -> Result<(String, Option<Value>)> {
    let selector = at(obj, &["spec", "selector"]);
    let bad = |e: kapi_api::meta::labels::SelectorError| api_errors::bad_request(format!("invalid selector: {e}"));
    let strings = |v: Option<&Value>| -> Vec<(String, String)> {
        match v {
            Some(Value::Object(m)) => {
                m.iter().filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_owned()))).collect()
            }
            _ => Vec::new(),
        }
    };
    let (labels, expressions) = if info.kind == "ReplicationController" {
        (strings(selector), Vec::new())
    } else {
        let exprs = match selector.and_then(|s| s.get("matchExpressions")) {
            Some(Value::Array(a)) => a.clone(),
            _ => Vec::new(),
        };
        (strings(selector.and_then(|s| s.get("matchLabels"))), exprs)
    };
    let mut requirements = Vec::new();
    for (k, v) in &labels {
        requirements.push(Requirement::new(k, Operator::Equals, [v.as_str()]).map_err(bad)?);
    }
    for e in &expressions {
        let key = e.get("key").and_then(Value::as_str).unwrap_or_default();
        let values: Vec<&str> = match e.get("values") {
            Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let op = match e.get("operator").and_then(Value::as_str).unwrap_or_default() {
            "In" => Operator::In,
            "NotIn" => Operator::NotIn,
            "Exists" => Operator::Exists,
            "DoesNotExist" => Operator::DoesNotExist,
            other => return Err(api_errors::bad_request(format!("{other:?} is not a valid label selector operator"))),
        };
        requirements.push(Requirement::new(key, op, values).map_err(bad)?);
    }
    let map = Value::Object(labels.into_iter().map(|(k, v)| (k, Value::String(v))).collect());
    Ok((Selector::from_requirements(requirements).to_string(), Some(map)))
}

/// Which of the subresource's input kinds a decoded body is (`policy/v1beta1` evictions are
/// still served), so that what the server builds from it speaks the request's version.
pub(super) fn input_kind(sub: &Subresource, obj: &dyn Object) -> Result<KindInfo> {
    let gvk = obj.registered_gvk();
    sub.input_kinds()
        .iter()
        .find(|k| k.gvk() == gvk)
        .copied()
        .ok_or_else(|| api_errors::internal(&format!("the subresource {} declares no kind {}", sub.name, gvk.kind)))
}

/// A JSON document as an object of a subresource's kind (its `apiVersion` and `kind` must be
/// that kind's), as the server builds the objects it answers with or hands to admission.
pub(super) fn decode_as(kind: KindInfo, doc: &Value) -> Result<Box<dyn Object>> {
    let versions = [kind.api_version()];
    let target = Target { new: kind.new_object, api_versions: &versions, kind: kind.kind };
    Ok(codec::decode_json(&target, &doc.to_compact_vec(), false)?.0)
}

/// The `Scale` of kind `kind` that a scalable object shows (a custom object's from the paths
/// its definition names).
fn scale_of(
    info: &ResourceInfo,
    kind: KindInfo,
    obj: &dyn Object,
    paths: Option<&ScalePaths>,
) -> Result<Box<dyn Object>> {
    let v = meta::to_value(obj)?;
    let m = (info.metadata)(obj).ok_or_else(|| api_errors::internal("the object has no metadata"))?;
    let (replicas, status_replicas, text, map) = match paths {
        Some(p) => {
            let (spec, status, selector) = p.read(&v);
            (spec, status, selector, None)
        }
        None => {
            let replicas = at(&v, &["spec", "replicas"]).cloned().unwrap_or_else(|| Value::Number("1".into()));
            let status_replicas = at(&v, &["status", "replicas"]).cloned().unwrap_or_else(|| Value::Number("0".into()));
            let (text, map) = selector_text(info, &v)?;
            (replicas, status_replicas, text, map)
        }
    };
    let mut metadata = vec![("name".to_owned(), Value::String(m.name.clone()))];
    for (k, val) in [("namespace", &m.namespace), ("uid", &m.uid), ("resourceVersion", &m.resource_version)] {
        if !val.is_empty() {
            metadata.push((k.to_owned(), Value::String(val.clone())));
        }
    }
    if m.creation_timestamp != Time::ZERO {
        metadata.push(("creationTimestamp".to_owned(), Value::String(m.creation_timestamp.format_rfc3339())));
    }
    let mut status = vec![("replicas".to_owned(), status_replicas)];
    if kind.group == "autoscaling" {
        if !text.is_empty() {
            status.push(("selector".to_owned(), Value::String(text)));
        }
    } else {
        // The `Scale` of apps/v1beta2 and extensions/v1beta1: the selector as a map and as text.
        if let Some(map) = map.filter(|m| !matches!(m, Value::Object(o) if o.is_empty())) {
            status.push(("selector".to_owned(), map));
        }
        if !text.is_empty() {
            status.push(("targetSelector".to_owned(), Value::String(text)));
        }
    }
    let doc = Value::Object(vec![
        ("apiVersion".to_owned(), Value::String(kind.api_version())),
        ("kind".to_owned(), Value::String(kind.kind.to_owned())),
        ("metadata".to_owned(), Value::Object(metadata)),
        ("spec".to_owned(), Value::Object(vec![("replicas".to_owned(), replicas)])),
        ("status".to_owned(), Value::Object(status)),
    ]);
    decode_as(kind, &doc)
}

/// What a custom resource's scale storage gives a patch for replicas the object does not have
/// (the smallest `int32`, as apiextensions' `scaleUpdatedObjectInfo` marks them).
const UNSET_REPLICAS: i32 = i32::MIN;

/// The object with the `spec.replicas` of a `Scale`. A built-in kind's scale storage runs
/// upstream's `ValidateScale` first (refused as an invalid `Scale.autoscaling` whatever group
/// the request spoke, as every such storage converts to the autoscaling internal `Scale`); a
/// custom resource's has none: it refuses a patch that leaves unset replicas unset and writes
/// any number, which the object's own validation then judges. Then a resource version in the
/// `Scale` must be the object's.
fn with_scale(
    info: &ResourceInfo,
    current: &dyn Object,
    scale: &dyn Object,
    paths: Option<&ScalePaths>,
) -> Result<Box<dyn Object>> {
    let s = meta::to_value(scale)?;
    let m = (info.metadata)(current).ok_or_else(|| api_errors::internal("the object has no metadata"))?;
    let replicas = at(&s, &["spec", "replicas"]).cloned().unwrap_or_else(|| Value::Number("0".into()));
    match paths {
        None => {
            let errs = validate_scale(&s, &m.namespace, &replicas)?;
            if !errs.is_empty() {
                return Err(api_errors::invalid("autoscaling", "Scale", &m.name, &errs));
            }
        }
        Some(p) if replicas == Value::Number(UNSET_REPLICAS.to_string()) => {
            return Err(api_errors::bad_request(format!(
                "the spec replicas field {:?} cannot be empty",
                p.spec_replicas
            )));
        }
        Some(_) => {}
    }
    let rv = at(&s, &["metadata", "resourceVersion"]).and_then(Value::as_str).unwrap_or_default();
    if !rv.is_empty() && rv != m.resource_version {
        return Err(api_errors::conflict(info, &m.name, api_errors::OPTIMISTIC_LOCK_MESSAGE));
    }
    let mut v = meta::to_value(current)?;
    match paths {
        Some(p) => p.write(&mut v, replicas),
        None => set_at(&mut v, &["spec", "replicas"], Some(replicas)),
    }
    meta::from_value(info, &v)
}

/// Upstream's `ValidateScale`: the scale's metadata as a namespaced object's with DNS subdomain
/// names (`ValidateObjectMeta`; the namespace is the request's, which the handler has set where
/// the scale named none), then the replicas.
fn validate_scale(scale: &Value, namespace: &str, replicas: &Value) -> Result<Vec<FieldError>> {
    let mut scale_meta: ObjectMeta = match at(scale, &["metadata"]) {
        Some(m) => {
            kapi_machinery::json::from_slice(&m.to_compact_vec()).map_err(|e| api_errors::internal(&e.to_string()))?
        }
        None => ObjectMeta::default(),
    };
    namespace.clone_into(&mut scale_meta.namespace);
    let metadata = Path::new("metadata");
    let mut errs = crate::tracker::name_errors(&scale_meta, true, false);
    errs.extend(validate_object_meta_contents(&scale_meta, &metadata));
    if let Value::Number(n) = replicas
        && n.starts_with('-')
    {
        errs.push(FieldError::invalid_value(
            "spec.replicas",
            n.parse::<i64>().map_or_else(|_| BadValue::from(n.as_str()), BadValue::Int),
            "must be greater than or equal to 0",
        ));
    }
    Ok(errs)
}
