//! kube-apiserver's built-in admission plugins the test server runs before its webhooks: NamespaceLifecycle, and the system namespaces it protects.
//!
//! Facts from upstream's `plugin/namespace/lifecycle`: writes into a namespace that does not
//! exist are `404` naming the namespace; creates in a terminating one are `403` with a
//! `NamespaceTerminating` cause; `default`, `kube-system` and `kube-public` may not be deleted;
//! deletes, cluster-scoped resources, namespaces themselves and local subject access reviews
//! pass. kube-apiserver creates the four system namespaces at start.

use http::Method;
use kapi_api::meta::v1::{CreateOptions, GetOptions, ObjectMeta, StatusCause, StatusDetails, StatusReason};
use kapi_client::ResourceInfo;
use kapi_client::api_errors::{self, failure, into_error, qualified_resource};

use super::ApiServer;
use super::handler::Call;
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
}

impl Default for AdmissionPlugins {
    /// kube-apiserver's defaults among the plugins the test server has.
    fn default() -> Self {
        AdmissionPlugins { namespace_lifecycle: true }
    }
}

impl AdmissionPlugins {
    /// No built-in plugin.
    pub fn none() -> Self {
        AdmissionPlugins { namespace_lifecycle: false }
    }

    /// Turns the named plugins on or off (kube-apiserver's names, comma-separated).
    pub fn set(&mut self, names: &str, on: bool) -> std::result::Result<(), String> {
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "NamespaceLifecycle" => self.namespace_lifecycle = on,
                other => {
                    return Err(format!("unknown admission plugin: {other} (this server has: NamespaceLifecycle)"));
                }
            }
        }
        Ok(())
    }
}

fn forbidden(group: &str, resource: &str, name: &str, why: &str, causes: Vec<StatusCause>) -> kapi_client::Error {
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

    /// Creates the system namespaces that do not exist yet (kube-apiserver does at start).
    pub(super) fn create_system_namespaces(&self) -> Result<()> {
        for name in SYSTEM_NAMESPACES {
            self.create_namespace(name)?;
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
    /// in kube-apiserver's order).
    pub(super) fn admit_builtin(&self, call: &Call<'_>) -> Result<()> {
        if self.cluster_plugins().namespace_lifecycle {
            self.namespace_lifecycle(call)?;
        }
        Ok(())
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
        let terminating = crate::tracker::meta::to_value(ns.as_ref())?
            .get("status")
            .and_then(|s| s.get("phase"))
            .and_then(|p| p.as_str().map(|p| p == "Terminating"))
            .unwrap_or(false);
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
