//! kube-apiserver's built-in admission plugins, in kube-apiserver's order: NamespaceLifecycle, LimitRanger, ServiceAccount, PodSecurity (validating), Priority, DefaultTolerationSeconds, DefaultStorageClass, RuntimeClass, PodTopologyLabels before the webhooks, ResourceQuota after them; and the system objects they rely on.
//!
//! Facts from upstream's `plugin/namespace/lifecycle`: writes into a namespace that does not
//! exist are `404` naming the namespace; creates in a terminating one are `403` with a
//! `NamespaceTerminating` cause; `default`, `kube-system` and `kube-public` may not be deleted;
//! deletes, cluster-scoped resources, namespaces themselves and local subject access reviews
//! pass. kube-apiserver creates the four system namespaces and the two system priority classes
//! at start. The pod plugins are in [`pods`], the class plugins in [`classes`], LimitRanger in
//! [`limits`] (its checks run in the validating phase, on the write held back), PodSecurity in
//! [`podsecurity`] (validating only).

mod classes;
mod limits;
mod pods;
mod podsecurity;
mod quota;
mod topology;

pub(super) use limits::Limited;
pub use podsecurity::PodSecurityConfig;
pub(super) use podsecurity::Secured;

use bytes::Bytes;
use http::Method;
use kapi_api::meta::errors::{self as api_errors, failure, into_error, qualified_resource};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{CreateOptions, GetOptions, ObjectMeta, StatusCause, StatusDetails, StatusReason};

use super::ApiServer;
use super::call::Call;
use crate::tracker::Result;
use crate::tracker::options::FieldValidation;

/// The namespaces kube-apiserver creates at start.
pub const SYSTEM_NAMESPACES: [&str; 4] = ["default", "kube-system", "kube-public", "kube-node-lease"];

/// The namespaces NamespaceLifecycle refuses to delete.
const IMMORTAL_NAMESPACES: [&str; 3] = ["default", "kube-system", "kube-public"];

/// The built-in admission plugins (kube-apiserver's `--enable-admission-plugins` and
/// `--disable-admission-plugins`); they act once the server runs as a cluster
/// ([`ApiServer::start_cluster`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdmissionPlugins {
    /// `NamespaceLifecycle`.
    pub namespace_lifecycle: bool,
    /// `LimitRanger`.
    pub limit_ranger: bool,
    /// `ServiceAccount`.
    pub service_account: bool,
    /// `PodSecurity`.
    pub pod_security: bool,
    /// `Priority`.
    pub priority: bool,
    /// `DefaultTolerationSeconds`.
    pub default_toleration_seconds: bool,
    /// `DefaultStorageClass`.
    pub default_storage_class: bool,
    /// `RuntimeClass`.
    pub runtime_class: bool,
    /// `PodTopologyLabels`.
    pub pod_topology_labels: bool,
    /// `ResourceQuota`.
    pub resource_quota: bool,
}

impl Default for AdmissionPlugins {
    /// kube-apiserver's defaults among the plugins the test server has (all of them).
    fn default() -> Self {
        AdmissionPlugins {
            namespace_lifecycle: true,
            limit_ranger: true,
            service_account: true,
            pod_security: true,
            priority: true,
            default_toleration_seconds: true,
            default_storage_class: true,
            runtime_class: true,
            pod_topology_labels: true,
            resource_quota: true,
        }
    }
}

/// The plugins' names, in kube-apiserver's order.
const NAMES: [&str; 10] = [
    "NamespaceLifecycle",
    "LimitRanger",
    "ServiceAccount",
    "PodSecurity",
    "Priority",
    "DefaultTolerationSeconds",
    "DefaultStorageClass",
    "RuntimeClass",
    "PodTopologyLabels",
    "ResourceQuota",
];

/// The system priority classes: name, value, description.
const SYSTEM_PRIORITY_CLASSES: [(&str, i64, &str); 2] = [
    (
        "system-node-critical",
        2_000_001_000,
        "Used for system critical pods that must not be moved from their current node.",
    ),
    (
        "system-cluster-critical",
        2_000_000_000,
        "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.",
    ),
];

impl AdmissionPlugins {
    /// No built-in plugin.
    pub fn none() -> Self {
        AdmissionPlugins {
            namespace_lifecycle: false,
            limit_ranger: false,
            service_account: false,
            pod_security: false,
            priority: false,
            default_toleration_seconds: false,
            default_storage_class: false,
            runtime_class: false,
            pod_topology_labels: false,
            resource_quota: false,
        }
    }

    /// Turns the named plugins on or off (kube-apiserver's names, comma-separated).
    pub fn set(&mut self, names: &str, on: bool) -> std::result::Result<(), String> {
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "NamespaceLifecycle" => self.namespace_lifecycle = on,
                "LimitRanger" => self.limit_ranger = on,
                "ServiceAccount" => self.service_account = on,
                "PodSecurity" => self.pod_security = on,
                "Priority" => self.priority = on,
                "DefaultTolerationSeconds" => self.default_toleration_seconds = on,
                "DefaultStorageClass" => self.default_storage_class = on,
                "RuntimeClass" => self.runtime_class = on,
                "PodTopologyLabels" => self.pod_topology_labels = on,
                "ResourceQuota" => self.resource_quota = on,
                other => {
                    return Err(format!("unknown admission plugin: {other} (this server has: {})", NAMES.join(", ")));
                }
            }
        }
        Ok(())
    }
}

pub(super) fn forbidden(
    group: &str,
    resource: &str,
    name: &str,
    why: &str,
    causes: Vec<StatusCause>,
) -> crate::tracker::Error {
    into_error(failure(
        403,
        StatusReason::FORBIDDEN,
        format!("{} {name:?} is forbidden: {why}", qualified_resource(group, resource)),
        Some(StatusDetails {
            name: name.into(),
            group: group.into(),
            kind: resource.into(),
            causes,
            ..StatusDetails::default()
        }),
    ))
}

impl ApiServer {
    /// The namespaces resource as stored, when it is served.
    fn namespaces(&self) -> Option<ResourceInfo> {
        self.tracker.store_of_kind("", "Namespace")
    }

    /// Creates the system namespaces and priority classes that do not exist yet
    /// (kube-apiserver does at start).
    pub(super) fn create_system_objects(&self) -> Result<()> {
        for name in SYSTEM_NAMESPACES {
            self.create_namespace(name)?;
        }
        let Some(store) = self.tracker.store_of_kind("scheduling.k8s.io", "PriorityClass") else { return Ok(()) };
        for (name, value, description) in SYSTEM_PRIORITY_CLASSES {
            if self.tracker.get(&store.gvr(), "", name, &GetOptions::default()).is_ok() {
                continue;
            }
            use kapi_machinery::json::value::Value;
            let doc = Value::Object(vec![
                ("apiVersion".into(), Value::String(format!("{}/{}", store.group, store.version))),
                ("kind".into(), Value::String("PriorityClass".into())),
                ("metadata".into(), Value::Object(vec![("name".into(), Value::String(name.into()))])),
                ("value".into(), Value::Number(value.to_string())),
                ("description".into(), Value::String(description.into())),
            ]);
            let mut pc = crate::tracker::meta::from_value(&store, &doc)?;
            self.apply_defaults(pc.as_mut());
            match self.tracker.create(&store.gvr(), "", pc, &CreateOptions::default()) {
                Err(e) if !e.is_already_exists() => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }

    /// Creates a namespace unless it exists (what `kubectl create namespace` does, for a test
    /// that writes into its own namespace); fine when namespaces are not served.
    pub fn create_namespace(&self, name: &str) -> Result<()> {
        let Some(store) = self.namespaces() else { return Ok(()) };
        let gvr = store.gvr();
        if self.tracker.get(&gvr, "", name, &GetOptions::default()).is_ok() {
            return Ok(());
        }
        let mut ns = (store.new_object)();
        ns.set_registered_type_meta();
        if let Some(m) = (store.metadata_mut)(ns.as_mut()) {
            *m = ObjectMeta { name: name.into(), ..ObjectMeta::default() };
        }
        self.apply_defaults(ns.as_mut());
        match self.tracker.create(&gvr, "", ns, &CreateOptions::default()) {
            Err(e) if !e.is_already_exists() => Err(e),
            _ => Ok(()),
        }
    }

    /// Runs the built-in admission plugins on a write (before the webhooks, as they come first
    /// in kube-apiserver's order). A plugin that fills in the object (a new pod) makes the
    /// request to serve instead: the object as JSON, with the decoder's warnings.
    pub(super) async fn admit_builtin(&self, call: &Call<'_>) -> Result<Option<(http::Request<Bytes>, Vec<String>)>> {
        let plugins = self.cluster_plugins();
        if plugins.namespace_lifecycle {
            self.namespace_lifecycle(call)?;
        }
        let creates = |resource: &str| {
            call.info.group.is_empty()
                && call.info.resource == resource
                && *call.req.method() == Method::POST
                && call.route.name.is_none()
        };
        let pod = creates("pods")
            && (plugins.limit_ranger
                || plugins.service_account
                || plugins.priority
                || plugins.default_toleration_seconds
                || plugins.runtime_class
                || plugins.pod_topology_labels);
        let claim = creates("persistentvolumeclaims") && plugins.default_storage_class;
        if !pod && !claim {
            return Ok(None);
        }
        let w = crate::tracker::options::validate_create(&call.query.create_options()?)?;
        let (obj, warnings) = self.decode_body(call, w.field_validation)?;
        let mut doc = crate::tracker::meta::to_value(obj.as_ref())?;
        let name = (call.info.metadata)(obj.as_ref())
            .map(|m| if m.name.is_empty() { m.generate_name.clone() } else { m.name.clone() })
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "Unknown".into());
        if claim {
            self.admit_default_storage_class(&mut doc)?;
        }
        if pod {
            if plugins.limit_ranger {
                self.admit_limit_ranger(call.namespace(), &mut doc)?;
            }
            if plugins.service_account {
                self.admit_service_account(call.namespace(), &name, &mut doc).await?;
            }
            if plugins.priority {
                self.admit_priority(&name, &mut doc)?;
            }
            if plugins.default_toleration_seconds {
                pods::admit_default_tolerations(&mut doc);
            }
            if plugins.runtime_class {
                self.admit_runtime_class(&name, &mut doc)?;
            }
            // The gate is read only for a new pod, under the gates' lock without a copy.
            if plugins.pod_topology_labels && self.binding_labels_copied() {
                let node = crate::tracker::subresource::at(&doc, &["spec", "nodeName"])
                    .and_then(kapi_machinery::json::value::Value::as_str)
                    .unwrap_or_default()
                    .to_owned();
                self.admit_topology_labels(&node, &mut doc)?;
            }
        }
        let mut req = http::Request::new(Bytes::from(doc.to_compact_vec()));
        *req.method_mut() = call.req.method().clone();
        *req.uri_mut() = call.req.uri().clone();
        *req.headers_mut() = call.req.headers().clone();
        super::authn::carry_identity(call.req, &mut req);
        req.headers_mut().insert(http::header::CONTENT_TYPE, http::HeaderValue::from_static("application/json"));
        req.headers_mut().remove(http::header::CONTENT_LENGTH);
        Ok(Some((req, warnings)))
    }

    /// Whether LimitRanger checks this write in the validating phase: a new pod, or a claim
    /// created or updated, in a namespace with limit ranges.
    pub(super) fn limited(&self, call: &Call<'_>) -> Result<Option<Limited>> {
        let info = call.info;
        let method = call.req.method();
        if !self.cluster_plugins().limit_ranger || !info.group.is_empty() || call.route.subresource.is_some() {
            return Ok(None);
        }
        let what = match info.resource {
            "pods" if *method == Method::POST && call.route.name.is_none() => Limited::PodCreate,
            "persistentvolumeclaims"
                if (*method == Method::POST && call.route.name.is_none())
                    || ((*method == Method::PUT || *method == Method::PATCH) && call.route.name.is_some()) =>
            {
                Limited::Claim
            }
            _ => return Ok(None),
        };
        Ok((!self.limit_ranges(call.namespace())?.is_empty()).then_some(what))
    }

    /// LimitRanger's checks on a write held back for validating admission: `object` as it will
    /// be stored, `old` the object it replaces.
    pub(super) fn validate_limits(
        &self,
        what: Limited,
        namespace: &str,
        object: &kapi_machinery::json::value::Value,
        old: Option<&kapi_machinery::json::value::Value>,
    ) -> Result<()> {
        let Some(why) = self.limit_ranger_violations(what, namespace, object, old)? else { return Ok(()) };
        let name = object
            .get("metadata")
            .and_then(|m| m.get("name"))
            .and_then(kapi_machinery::json::value::Value::as_str)
            .filter(|n| !n.is_empty())
            .unwrap_or("Unknown");
        Err(forbidden("", what.resource(), name, &why, Vec::new()))
    }

    fn namespace_lifecycle(&self, call: &Call<'_>) -> Result<()> {
        let info = call.info;
        let method = call.req.method();
        let is_namespace = info.group.is_empty() && info.kind == "Namespace";
        if *method == Method::DELETE && is_namespace && call.route.name.is_some() {
            let name = call.name();
            if IMMORTAL_NAMESPACES.contains(&name) {
                return Err(forbidden(
                    info.group,
                    info.resource,
                    name,
                    "this namespace may not be deleted",
                    Vec::new(),
                ));
            }
        }
        let create = *method == Method::POST;
        let update = *method == Method::PUT || *method == Method::PATCH;
        let namespace = call.namespace();
        if is_namespace
            || namespace.is_empty()
            || !(create || update)
            || (info.group == "authorization.k8s.io" && info.resource == "localsubjectaccessreviews")
        {
            return Ok(());
        }
        let Some(store) = self.namespaces() else { return Ok(()) };
        let ns = match self.tracker.get(&store.gvr(), "", namespace, &GetOptions::default()) {
            Ok(ns) => ns,
            Err(e) if e.is_not_found() => return Err(api_errors::not_found(&store, namespace)),
            Err(e) => return Err(e),
        };
        // The namespaces store holds core v1 namespaces, which every build has.
        let terminating = ns
            .as_any()
            .downcast_ref::<kapi_api::core::v1::Namespace>()
            .is_some_and(|ns| ns.status.phase.0 == kapi_api::core::v1::NamespacePhase::TERMINATING);
        if !create || !terminating {
            return Ok(());
        }
        // The name the object asks for (its generated name's prefix, else `Unknown`), as
        // upstream names the refused object.
        let name = match &call.route.name {
            Some(n) => n.clone(),
            None => self
                .decode_body(call, FieldValidation::Ignore)
                .ok()
                .and_then(|(obj, _)| {
                    (info.metadata)(obj.as_ref())
                        .map(|m| if m.name.is_empty() { m.generate_name.clone() } else { m.name.clone() })
                })
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| "Unknown".into()),
        };
        let cause = StatusCause {
            r#type: "NamespaceTerminating".into(),
            message: format!("namespace {namespace} is being terminated"),
            field: "metadata.namespace".into(),
        };
        Err(forbidden(
            info.group,
            info.resource,
            &name,
            &format!("unable to create new content in namespace {namespace} because it is being terminated"),
            vec![cause],
        ))
    }
}
