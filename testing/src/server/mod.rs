//! An in-process Kubernetes API server over an [`ObjectTracker`]: [`ApiServer`] speaks the REST
//! protocol for every registered resource, so clients can talk to it directly (it is a
//! kapi-client `Service` with the `clientset` feature) or over HTTP through [`TestServer`].
//!
//! Routes: `/api/v1/...` and `/apis/<group>/<version>/[namespaces/<ns>/]<resource>[/<name>[/<sub>]]`.
//! - `GET` get and list; `GET ?watch=true` (or `watch=1`) watch; `POST` create; `PUT` update
//!   (and `/status`); `PATCH` (JSON Patch, merge patch, strategic merge patch and server-side
//!   apply, see [`patch`]); `DELETE` one object or a collection, with `DeleteOptions` from the
//!   body and/or the query.
//! - Query parameters: `dryRun`, `fieldManager`, `fieldValidation` (`Ignore`, `Warn` (default:
//!   one `Warning: 299 - "unknown field \"spec.foo\""` header per finding) or `Strict` (`400`
//!   `strict decoding error: …`)), `force`, `labelSelector`, `fieldSelector`, `limit`,
//!   `continue`, `resourceVersion`, `resourceVersionMatch`, `allowWatchBookmarks`,
//!   `sendInitialEvents`, `timeoutSeconds`, `gracePeriodSeconds`, `propagationPolicy`,
//!   `orphanDependents`. Invalid option values are `422 Invalid` statuses on the options kind,
//!   as upstream validates them; malformed numbers are `400`.
//! - Content negotiation: request bodies in JSON, YAML or (for protobuf resources) protobuf by
//!   `Content-Type` (`415` otherwise); responses by `Accept` (`406` when nothing fits). Gets,
//!   lists and watches asked for `as=Table;g=meta.k8s.io;v=v1` (or `v1beta1`) answer a `Table`
//!   of upstream's printer columns (module `table`), which is what `kubectl get` prints. Watches
//!   stream JSON (`Content-Type: application/json`, as upstream) or length-framed protobuf
//!   (`application/vnd.kubernetes.protobuf;stream=watch`). Errors are `Status` bodies in the
//!   negotiated encoding with the status code as HTTP code.
//! - Bodies larger than [`MAX_BODY_BYTES`] are refused with `413`.
//! - Subresources: `status` and the others of the resource's own kind through the tracker;
//!   `scale`, pods' `eviction` and `binding`, service accounts' `token` as upstream serves them
//!   (module `subresource`).
//! - Pod logs (`pods/<name>/log`) from what tests write with [`ApiServer::append_pod_log`]
//!   (module `logs`): `follow`, `container`, `previous`, `sinceSeconds`/`sinceTime`,
//!   `timestamps`, `tailLines`, `limitBytes`.
//! - Legacy discovery (`/api`, `/apis`, `/apis/<group>`, `/api/v1`, `/apis/<group>/<version>`)
//!   of the registered resources and their subresources, enough for kubectl, and aggregated
//!   discovery (`apidiscovery.k8s.io/v2`) at `/api` and `/apis` for clients that ask for it.
//! - `/version`, `/healthz`, `/livez`, `/readyz`, and the generated OpenAPI documents:
//!   `/openapi/v2` (JSON or gnostic's protobuf) and `/openapi/v3[/<path>?hash=…]` for the group
//!   versions with registered resources (module `openapi`), so `kubectl explain` and client-side
//!   validation work.
//!
//! - Deprecated versions: every request to a kind its lifecycle (`+k8s:prerelease-lifecycle-gen`)
//!   calls deprecated in the server's release (1.36, [`kapi_api::features::SERVED_RELEASE`]) gets
//!   upstream's `Warning: 299 - "extensions/v1beta1 Ingress is deprecated in v1.14+, unavailable in
//!   v1.22+; use networking.k8s.io/v1 Ingress"`. Removed versions are still served.
//!
//! Server-side apply and managed fields follow structured-merge-diff (module `ssa`): every
//! create, update and patch records the manager's `Update` entry (`fieldManager`, or the user
//! agent's name) and takes the fields it changed from other managers; an apply records the
//! manager's `Apply` entry (per subresource), fails with `409 Conflict` naming the managers and
//! fields it would change under another owner unless `force=true`, and removes the fields the
//! manager stopped applying that nobody else owns. List types, map keys and atomic maps and
//! structs come from the kind's schema. See docs/test-server.md for the gaps.
//!
//! Tests can inject faults ([`ApiServer::fail_next`]), compact the history
//! ([`ApiServer::compact`]) to force `410` on watches and continue tokens, ask for bookmarks,
//! close watches, and read the log of requests received.

mod admission;
pub mod audit;
mod authn;
mod binding;
mod bootstrap;
mod call;
mod codec;
mod crd;
pub mod deprecation;
mod discovery;
mod eviction;
mod gates;
mod handler;
mod inflight;
mod list_body;
mod logs;
mod metadata;
pub mod negotiate;
mod openapi;
mod openapi_paths;
pub mod patch;
mod plugins;
mod query;
mod rbac;
mod restful;
mod review;
mod route;
pub mod serve;
mod ssa;
mod strategy;
mod streams;
mod subresource;
mod table;
mod token;
mod versions;
mod warnings;
mod watch;
mod x509;

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Duration;

use bytes::Bytes;
use kapi_api::features::FeatureGates;
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::served::{Listable, Resource, ResourceInfoExt};
use kapi_machinery::{GroupVersionResource, Object, Scheme, SchemeError};

pub use authn::{StaticToken, UserInfo, parse_token_file};
pub use inflight::InFlightLimits;
pub use negotiate::Encoding;
pub use openapi::OPENAPI_V2_PROTOBUF;
pub use patch::{ListMerge, MergeRules, PatchType};
pub use plugins::{AdmissionPlugins, PodSecurityConfig, SYSTEM_NAMESPACES};
pub use rbac::AuthorizationMode;
pub use serve::TestServer;
pub use strategy::ServiceRanges;
pub use streams::{ExecIo, ExecOutcome, ExecRequest, HandlerFuture, PortForwardRequest};
pub use token::TokenOptions;
pub use versions::{RuntimeConfig, Stability};

use crate::tracker::{self, ObjectTracker};

/// The largest request body accepted (upstream's limit, 3 MiB).
pub const MAX_BODY_BYTES: usize = 3 * 1024 * 1024;

/// A failure to inject: the next request matching the method and path filters gets this status
/// instead of being served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The HTTP status code.
    pub code: u16,
    /// The `Status` reason.
    pub reason: String,
    /// The `Status` message.
    pub message: String,
    /// A `Retry-After` header and `details.retryAfterSeconds`.
    pub retry_after_seconds: Option<u32>,
    /// Only requests with this method match.
    pub method: Option<http::Method>,
    /// Only requests whose path contains this text match.
    pub path_contains: Option<String>,
    /// How many matching requests fail.
    pub times: usize,
    /// How long a matching request is held (in flight) before it is answered.
    pub delay: Option<Duration>,
}

impl Fault {
    /// A failure with any status.
    pub fn status(code: u16, reason: &str, message: &str) -> Self {
        Fault {
            code,
            reason: reason.into(),
            message: message.into(),
            retry_after_seconds: None,
            method: None,
            path_contains: None,
            times: 1,
            delay: None,
        }
    }

    /// `429 TooManyRequests` with `Retry-After`, as upstream's max-in-flight filter answers.
    pub fn too_many_requests(retry_after_seconds: u32) -> Self {
        Fault {
            retry_after_seconds: Some(retry_after_seconds),
            ..Fault::status(429, "TooManyRequests", "Too many requests, please try again later.")
        }
    }

    /// Only for requests with this method.
    pub fn on_method(mut self, method: http::Method) -> Self {
        self.method = Some(method);
        self
    }

    /// Only for requests whose path contains `text`.
    pub fn on_path(mut self, text: &str) -> Self {
        self.path_contains = Some(text.into());
        self
    }

    /// For the next `n` matching requests.
    pub fn times(mut self, n: usize) -> Self {
        self.times = n;
        self
    }

    /// Holds each matching request this long before answering (a slow server or network).
    pub fn after(mut self, delay: Duration) -> Self {
        self.delay = Some(delay);
        self
    }

    fn matches(&self, req: &http::Request<Bytes>) -> bool {
        self.method.as_ref().is_none_or(|m| m == req.method())
            && self.path_contains.as_ref().is_none_or(|p| req.uri().path().contains(p.as_str()))
    }
}

/// How many requests [`ApiServer::requests`] keeps, the most recent. A server that runs for long
/// (`kapi-test-server`, a soak) would otherwise hold every request it ever answered: a ten-minute
/// soak at 2,000 requests a second grew by 300 MB that way.
pub const REQUEST_LOG_LIMIT: usize = 10_000;

/// A request the server received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestRecord {
    /// The method.
    pub method: http::Method,
    /// The path.
    pub path: String,
    /// The raw query string (empty when there is none).
    pub query: String,
    /// The `Content-Type` header.
    pub content_type: Option<String>,
    /// The `Accept` header.
    pub accept: Option<String>,
}

/// Resources (group, resource) whose upstream storage serves fewer verbs than `+genclient`
/// generates clients for: component statuses are computed on each read, never written.
const SERVED_VERBS: &[(&str, &str, &[&str])] = &[("", "componentstatuses", &["get", "list"])];

/// An in-process API server over an [`ObjectTracker`].
pub struct ApiServer {
    tracker: ObjectTracker,
    scheme: Arc<RwLock<Scheme>>,
    merge_rules: RwLock<HashMap<GroupVersionResource, MergeRules>>,
    faults: Mutex<VecDeque<Fault>>,
    /// The last [`REQUEST_LOG_LIMIT`] requests, oldest first.
    requests: Mutex<VecDeque<RequestRecord>>,
    bookmark_interval: Mutex<Option<Duration>>,
    logs: logs::PodLogs,
    streams: streams::PodStreams,
    /// Addresses of webhook services, by namespace, name and port.
    webhook_services: crd::conversion::Services,
    /// The custom resources of the definitions written to the server.
    crds: crd::Registry,
    /// Every resource registered, served or not, in registration order.
    known: RwLock<Vec<ResourceInfo>>,
    /// Which of them are served.
    runtime_config: RwLock<RuntimeConfig>,
    /// The control loops a [`TestServer`] runs beside it.
    controllers: RwLock<crate::Controllers>,
    /// The built-in admission plugins chosen.
    admission_plugins: RwLock<AdmissionPlugins>,
    /// PodSecurity's defaults and exemptions.
    pod_security: RwLock<PodSecurityConfig>,
    /// The audit policy and log, when audit logging is on (`set_audit`).
    audit: RwLock<Option<Arc<audit::Audit>>>,
    /// The CA bundle the root CA publisher puts in every namespace.
    root_ca: RwLock<Option<String>>,
    /// The requests being served, against kube-apiserver's max-in-flight limits.
    inflight: inflight::InFlight,
    /// The static bearer tokens (`--token-auth-file`).
    tokens: authn::Tokens,
    /// The service account token flags.
    token_options: RwLock<token::TokenOptions>,
    /// How requests are authorized.
    authz: rbac::Mode,
    /// Whether the server runs as a cluster ([`ApiServer::start_cluster`]): the built-in
    /// plugins act only then.
    cluster: std::sync::atomic::AtomicBool,
    /// What the `kubernetes` service and the default `ServiceCIDR` are made from.
    bootstrap: bootstrap::Bootstrap,
    /// This server's feature gates (module `gates`).
    gates: gates::Shared,
}

impl std::fmt::Debug for ApiServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ApiServer").field("tracker", &self.tracker).finish_non_exhaustive()
    }
}

impl Default for ApiServer {
    fn default() -> Self {
        Self::new()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl ApiServer {
    /// A server with an empty tracker and a scheme of every kind of the enabled `kapi-api` groups
    /// (with their defaulting functions, which run on every decoded body).
    pub fn new() -> Self {
        Self::with_tracker(ObjectTracker::new())
    }

    /// A server over an existing tracker (its registered resources are served).
    pub fn with_tracker(tracker: ObjectTracker) -> Self {
        let scheme = kapi_api::scheme().unwrap_or_default();
        Self::with_parts(tracker, scheme)
    }

    /// A server over a tracker with a scheme of your own (used for defaulting request bodies).
    pub fn with_parts(tracker: ObjectTracker, scheme: Scheme) -> Self {
        let merge_rules = tracker.resources().into_iter().map(|i| (i.gvr(), MergeRules::of((i.schema)()))).collect();
        let scheme = Arc::new(RwLock::new(scheme));
        // The gates in effect where the server is made (a test's scoped gates, else the process's,
        // else the defaults) until it is given its own.
        let gates: gates::Shared = Arc::new(RwLock::new(gates::ServerGates::new(kapi_api::features::current())));
        // Writes are validated by the validation functions registered in the scheme.
        install_validators(&tracker, &scheme, &gates);
        // Writes that pass validation get the warnings registered in the scheme.
        tracker
            .set_warner(gates::warner(crate::tracker::validation::warnings_from_scheme(scheme.clone()), gates.clone()));
        tracker.set_status_warner(gates::warner(
            crate::tracker::validation::status_warnings_from_scheme(scheme.clone()),
            gates.clone(),
        ));
        tracker.set_validates(crate::tracker::validation::validates_from_scheme(scheme.clone()));
        tracker.set_prepare(gates::prepare(scheme.clone(), gates.clone(), ServiceRanges::default()));
        tracker.set_side_writes(strategy::side_writes());
        tracker.set_rules(strategy::rules());
        tracker.set_canonicalize(strategy::canonicalize());
        tracker.set_storage_read(storage_read(scheme.clone()));
        ApiServer {
            tracker,
            scheme,
            merge_rules: RwLock::new(merge_rules),
            faults: Mutex::new(VecDeque::new()),
            requests: Mutex::new(VecDeque::new()),
            bookmark_interval: Mutex::new(None),
            logs: logs::PodLogs::default(),
            streams: streams::PodStreams::default(),
            webhook_services: Arc::new(Mutex::new(HashMap::new())),
            crds: crd::Registry::default(),
            known: RwLock::new(Vec::new()),
            runtime_config: RwLock::new(RuntimeConfig::new()),
            controllers: RwLock::new(crate::Controllers::default()),
            admission_plugins: RwLock::new(AdmissionPlugins::default()),
            pod_security: RwLock::new(PodSecurityConfig::default()),
            audit: RwLock::new(None),
            root_ca: RwLock::new(None),
            cluster: std::sync::atomic::AtomicBool::new(false),
            inflight: inflight::InFlight::default(),
            tokens: authn::Tokens::default(),
            token_options: RwLock::new(token::TokenOptions::default()),
            authz: rbac::Mode::default(),
            bootstrap: bootstrap::Bootstrap::default(),
            gates,
        }
    }

    /// This server with these feature gates (kube-apiserver's `--feature-gates`): see
    /// [`ApiServer::set_feature_gates`].
    #[must_use]
    pub fn with_feature_gates(self, gates: FeatureGates) -> Self {
        self.set_feature_gates(gates);
        self
    }

    /// Sets kapi's feature gates for this server alone (servers in one process may differ): its
    /// defaulting and validation read them, and its writes drop the fields of gates that are off
    /// (`+featureGate=`), as upstream's strategies do, unless the stored object already uses
    /// them. Gates of other API crates set with [`ApiServer::set_feature_gate`] are kept.
    pub fn set_feature_gates(&self, gates: FeatureGates) {
        self.gates.write().unwrap_or_else(std::sync::PoisonError::into_inner).set_kapi(gates);
    }

    /// Turns one gate on or off by name: one of kapi's, or one an API crate of your own names in
    /// `+featureGate=` (such gates are off until set).
    pub fn set_feature_gate(&self, name: &str, on: bool) {
        self.gates.write().unwrap_or_else(std::sync::PoisonError::into_inner).set(name, on);
    }

    /// kapi's feature gates of this server.
    pub fn feature_gates(&self) -> FeatureGates {
        gates::with(&self.gates, gates::ServerGates::kapi)
    }

    /// Whether the gate of this name is on for this server.
    pub fn feature_enabled(&self, name: &str) -> bool {
        gates::with(&self.gates, |g| g.enabled(name))
    }

    /// Sets the ranges services get their cluster IPs and node ports from (kube-apiserver's
    /// `--service-cluster-ip-range` and `--service-node-port-range`; `10.96.0.0/12` and
    /// `30000-32767` by default). What stored services already hold is kept.
    pub fn set_service_ranges(&self, ranges: ServiceRanges) {
        self.bootstrap.set_ranges(ranges);
        self.tracker.set_prepare(gates::prepare(self.scheme.clone(), self.gates.clone(), ranges));
    }

    /// Sets the max-in-flight limits (kube-apiserver's `--max-requests-inflight` and
    /// `--max-mutating-requests-inflight`; 400 and 200 by default, 0 for none).
    pub fn set_max_in_flight(&self, limits: InFlightLimits) {
        self.inflight.set_limits(limits);
    }

    /// The max-in-flight limits.
    pub fn max_in_flight(&self) -> InFlightLimits {
        self.inflight.limits()
    }

    /// Chooses the built-in admission plugins (kube-apiserver's defaults among those the server
    /// has, by default); they act once the server runs as a cluster.
    pub fn set_admission_plugins(&self, plugins: AdmissionPlugins) {
        *self.admission_plugins.write().unwrap_or_else(std::sync::PoisonError::into_inner) = plugins;
    }

    /// The CA bundle (PEM) clients verify the server with, which the `root-ca-cert-publisher`
    /// loop puts in every namespace's `kube-root-ca.crt` config map (`ca.crt`), as a cluster
    /// has it; set before [`ApiServer::start_cluster`]. `kapi-test-server` sets its
    /// `--tls-cert-file`'s certificates.
    pub fn set_root_ca(&self, pem: Option<String>) {
        *self.root_ca.write().unwrap_or_else(std::sync::PoisonError::into_inner) = pem;
    }

    /// The built-in admission plugins chosen.
    pub fn admission_plugins(&self) -> AdmissionPlugins {
        *self.admission_plugins.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The built-in plugins in force: the chosen ones while the server runs as a cluster.
    fn cluster_plugins(&self) -> AdmissionPlugins {
        if self.cluster.load(std::sync::atomic::Ordering::Acquire) {
            self.admission_plugins()
        } else {
            AdmissionPlugins::none()
        }
    }

    /// Chooses the control loops [`ApiServer::start_cluster`] runs (all by default, as on a
    /// cluster: the garbage collector, the namespace controller, pods' final delete); takes
    /// effect at the next start.
    pub fn set_controllers(&self, which: crate::Controllers) {
        *self.controllers.write().unwrap_or_else(std::sync::PoisonError::into_inner) = which;
    }

    /// The control loops chosen.
    pub fn controllers(&self) -> crate::Controllers {
        *self.controllers.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Runs the server as a cluster, what [`TestServer::start`] does: creates the system
    /// namespaces ([`SYSTEM_NAMESPACES`]) and priority classes, the `kubernetes` service with
    /// its endpoints and the default `ServiceCIDR` (see [`ApiServer::set_advertise_address`]), turns the built-in admission plugins on and starts the
    /// chosen control loops until the handle is dropped (`None` when none is chosen). A server
    /// used in process, as the fake clientset's, is a bare API server until this is called.
    pub fn start_cluster(&self) -> std::result::Result<Option<crate::ControllerHandle>, crate::tracker::Error> {
        self.create_system_objects()?;
        self.create_bootstrap_objects()?;
        self.create_rbac_bootstrap()?;
        self.cluster.store(true, std::sync::atomic::Ordering::Release);
        let which = self.controllers();
        if !which.any() {
            return Ok(None);
        }
        let pod_level = gates::with(&self.gates, |g| g.enabled("PodLevelResources"));
        let root_ca = self.root_ca.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        crate::controllers::start(self.tracker.clone(), which, pod_level, root_ca)
            .map(Some)
            .map_err(|e| kapi_api::meta::errors::internal(&format!("starting the control loops: {e}")))
    }

    /// A server that serves every version of every kind the build has, removed ones included
    /// (`RuntimeConfig::everything`), for tests of clients of old versions.
    pub fn serving_everything() -> Self {
        let server = Self::new();
        *server.runtime_config.write().unwrap_or_else(std::sync::PoisonError::into_inner) = RuntimeConfig::everything();
        server
    }

    /// Chooses the served group versions and resources (kube-apiserver's `--runtime-config`;
    /// the default is a v1.36 server's: GA versions only). Resources registered before and after
    /// are served or not by it; set it before writing objects, since a resource that stops being
    /// served loses its objects. Fails, changing nothing, when an entry names a group version
    /// no registered resource has.
    pub fn set_runtime_config(&self, config: RuntimeConfig) -> std::result::Result<(), String> {
        let known = self.known.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone();
        let unknown = config.unknown_group_versions(&known);
        if !unknown.is_empty() {
            return Err(format!("unknown api groupVersions: {}", unknown.join(", ")));
        }
        *self.runtime_config.write().unwrap_or_else(std::sync::PoisonError::into_inner) = config;
        let desired: Vec<(ResourceInfo, bool)> = known.iter().map(|i| (*i, self.serves(i))).collect();
        for (info, on) in &desired {
            if !on && self.tracker.resource(&info.gvr()).is_some() {
                self.tracker.unregister(&info.gvr());
            }
        }
        for (info, on) in desired {
            if on && self.tracker.resource(&info.gvr()).is_none() {
                self.serve(info);
            }
        }
        Ok(())
    }

    /// The served group versions and resources.
    pub fn runtime_config(&self) -> RuntimeConfig {
        self.runtime_config.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    /// Whether the runtime configuration serves a registered resource.
    fn serves(&self, info: &ResourceInfo) -> bool {
        let scheme = self.scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let lifecycle = scheme.lifecycle(&kapi_machinery::GroupVersionKind::new(info.group, info.version, info.kind));
        self.runtime_config.read().unwrap_or_else(std::sync::PoisonError::into_inner).serves(info, lifecycle)
    }

    /// Serves a resource from the store of its group-resource (see `versions`), converting
    /// between its version and the store's through the internal types.
    fn serve(&self, info: ResourceInfo) {
        let scheme = self.scheme.clone();
        let convert: tracker::ConvertFn = Arc::new(move |obj: Box<dyn Object>, to: &ResourceInfo| {
            let scheme = scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            scheme
                .convert_into_group_version(obj, to.group, to.version)
                .map_err(|e| kapi_api::meta::errors::internal(&e.to_string()))
        });
        let storage = versions::storage_group_resource(&info);
        // Versions share a store only where the scheme converts between them (apiregistration's
        // versions have no internal type here, so each keeps its own).
        let converts = |from: &ResourceInfo, to: &ResourceInfo| {
            let scheme = self.scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
            scheme.convert_into_group_version((from.new_object)(), to.group, to.version).is_ok()
        };
        self.tracker.register_shared(
            info,
            convert,
            &|r| versions::storage_group_resource(r) == storage && converts(&info, r) && converts(r, &info),
            &versions::storage_rank,
        );
        self.merge_rules
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(info.gvr())
            .or_insert_with(|| MergeRules::of((info.schema)()));
    }

    /// Turns object validation on (the default) or off. Off, objects are stored as they come,
    /// as a cluster holds objects that older servers accepted under rules since tightened (a
    /// webhook with `sideEffects: Some`, say); metadata is still checked.
    pub fn set_validation(&self, on: bool) {
        if on {
            install_validators(&self.tracker, &self.scheme, &self.gates);
        } else {
            self.tracker.clear_validator();
        }
    }

    /// Serves every resource of the enabled `kapi-api` groups, from the facts generated beside
    /// their registration (`kapi_api::resources()`), as kube-apiserver serves its built-in APIs;
    /// which of them answer follows the runtime configuration. Their kinds are in the scheme of
    /// [`ApiServer::new`] already. With core v1 pods comes the legacy `bindings` resource,
    /// which kube-apiserver serves from the pods' storage and no generated table lists.
    pub fn register_builtin(&self) {
        let resources = kapi_api::resources();
        // The legacy `bindings` (module `binding`) is served beside core v1 pods, whose storage
        // it writes; upstream's discovery sorts it first of core v1.
        if resources.iter().any(|r| (r.group, r.version, r.resource) == ("", "v1", "pods")) {
            self.register_info(binding::legacy_resource());
        }
        for info in resources {
            self.register_info(info);
        }
    }

    /// Serves the resource of `R` (and adds `R` and its list to the scheme).
    pub fn register<R: Listable>(&self) -> Result<(), SchemeError> {
        {
            let mut scheme = self.scheme.write().unwrap_or_else(std::sync::PoisonError::into_inner);
            scheme.add_known_type::<R>()?;
            scheme.add_known_type::<R::List>()?;
        }
        self.register_info(ResourceInfo::of::<R>());
        Ok(())
    }

    /// Serves a create-only resource without a list kind (and adds `R` to the scheme).
    pub fn register_unlisted<R: Resource>(&self) -> Result<(), SchemeError> {
        self.scheme.write().unwrap_or_else(std::sync::PoisonError::into_inner).add_known_type::<R>()?;
        self.register_info(ResourceInfo::of_unlisted::<R>());
        Ok(())
    }

    /// Serves a resource described at run time. Resources kube-apiserver serves with fewer
    /// verbs than their client markers name are served with upstream's verbs
    /// (`componentstatuses`: `get` and `list`).
    ///
    /// The resource is served when the runtime configuration serves it
    /// ([`ApiServer::set_runtime_config`]); every version of a group-resource shares one store.
    pub fn register_info(&self, mut info: ResourceInfo) {
        if let Some((.., verbs)) = SERVED_VERBS.iter().find(|(g, r, _)| (*g, *r) == (info.group, info.resource)) {
            info.verbs = verbs;
        }
        // The legacy `bindings` (module `binding`) comes with core v1 pods, whose storage it
        // writes, however they are registered (the API crate's table, a clientset's).
        if (info.group, info.version, info.resource) == ("", "v1", "pods")
            && !self.known.read().unwrap_or_else(std::sync::PoisonError::into_inner).iter().any(binding::is_legacy)
        {
            self.register_info(binding::legacy_resource());
        }
        {
            let mut known = self.known.write().unwrap_or_else(std::sync::PoisonError::into_inner);
            match known.iter_mut().find(|k| k.gvr() == info.gvr()) {
                Some(k) => *k = info,
                None => known.push(info),
            }
        }
        if self.serves(&info) {
            self.serve(info);
        }
    }

    /// Declares how a list field of a resource merges in strategic merge patches and apply
    /// (`path` is the dotted field path, e.g. `spec.ports`), over what its kind's schema says;
    /// `None` replaces the list whole.
    pub fn set_list_merge(&self, gvr: &GroupVersionResource, path: &str, merge: Option<ListMerge>) {
        let mut rules = self.merge_rules.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        rules.entry(gvr.clone()).or_insert_with(MergeRules::metadata_only).set(path, merge);
    }

    fn merge_rules_for(&self, gvr: &GroupVersionResource) -> MergeRules {
        self.merge_rules
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(gvr)
            .cloned()
            .unwrap_or_else(MergeRules::metadata_only)
    }

    /// Applies the kind's defaults with this server's gates in scope.
    fn apply_defaults(&self, obj: &mut dyn Object) {
        let scheme = self.scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        kapi_api::features::with_gates(self.feature_gates(), || scheme.apply_defaults(obj));
    }

    /// The tracker holding the objects.
    pub fn tracker(&self) -> &ObjectTracker {
        &self.tracker
    }

    /// Makes matching requests fail with the fault's status (faults queue up in order).
    pub fn fail_next(&self, fault: Fault) {
        if fault.times > 0 {
            lock(&self.faults).push_back(fault);
        }
    }

    /// Drops the tracker's history: watches from older resource versions and continue tokens
    /// answer `410`.
    pub fn compact(&self) {
        self.tracker.compact();
    }

    /// Asks open watches that allow bookmarks for one now.
    pub fn request_bookmarks(&self) {
        self.tracker.request_bookmarks();
    }

    /// How many watches are open on the tracker (see [`ObjectTracker::open_watches`](crate::ObjectTracker::open_watches)).
    pub fn open_watches(&self) -> usize {
        self.tracker.open_watches()
    }

    /// Ends every open watch.
    pub fn close_watches(&self) {
        self.tracker.close_watches();
    }

    /// Sends a bookmark this often on watches that allow them (none by default).
    pub fn set_bookmark_interval(&self, interval: Option<Duration>) {
        *lock(&self.bookmark_interval) = interval;
    }

    fn bookmark_interval(&self) -> Option<Duration> {
        *lock(&self.bookmark_interval)
    }

    /// The requests received so far, oldest first: the last [`REQUEST_LOG_LIMIT`] of them.
    pub fn requests(&self) -> Vec<RequestRecord> {
        lock(&self.requests).iter().cloned().collect()
    }

    /// Forgets the requests received so far.
    pub fn clear_requests(&self) {
        lock(&self.requests).clear();
    }

    fn record(&self, req: &http::Request<Bytes>) {
        let header =
            |h: http::header::HeaderName| req.headers().get(h).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let mut requests = lock(&self.requests);
        if requests.len() == REQUEST_LOG_LIMIT {
            requests.pop_front();
        }
        requests.push_back(RequestRecord {
            method: req.method().clone(),
            path: req.uri().path().to_owned(),
            query: req.uri().query().unwrap_or_default().to_owned(),
            content_type: header(http::header::CONTENT_TYPE),
            accept: header(http::header::ACCEPT),
        });
    }

    fn take_fault(&self, req: &http::Request<Bytes>) -> Option<Fault> {
        let mut faults = lock(&self.faults);
        let i = faults.iter().position(|f| f.matches(req))?;
        let f = &mut faults[i];
        f.times -= 1;
        let fault = f.clone();
        if f.times == 0 {
            faults.remove(i);
        }
        Some(fault)
    }
}

/// A client's in-process transport: what [`crate::fake_clientset`] gives its client.
#[cfg(feature = "clientset")]
impl kapi_client::Service for ApiServer {
    fn call(&self, request: http::Request<Bytes>) -> kapi_client::service::ResponseFuture<'_> {
        Box::pin(async move { Ok(self.handle(request).await) })
    }
}

/// How a generated clientset registers its resources (`clientset::register_all`): the one
/// place the server meets the client's registry, for clientsets of kinds outside `kapi-api`.
#[cfg(feature = "clientset")]
impl kapi_client::Registry for ApiServer {
    fn register<R: Listable>(&self) -> Result<(), SchemeError> {
        ApiServer::register::<R>(self)
    }

    fn register_unlisted<R: Resource>(&self) -> Result<(), SchemeError> {
        ApiServer::register_unlisted::<R>(self)
    }
}

/// Gives `tracker` the validators of every write, under the server's gates: the kinds'
/// registered in `scheme`, their status validation for `status`, and the subresources whose
/// bodies are the kind's own (`ephemeralcontainers`, `resize`, `approval`, `finalize`).
fn install_validators(tracker: &ObjectTracker, scheme: &Arc<RwLock<Scheme>>, gates: &gates::Shared) {
    use crate::tracker::validation as v;
    tracker.set_validator(gates::validator(v::from_scheme(scheme.clone()), gates.clone()));
    tracker.set_status_validator(gates::validator(v::status_from_scheme(scheme.clone()), gates.clone()));
    let subresources = [
        ("ephemeralcontainers", v::pod_ephemeral_containers()),
        ("resize", v::pod_resize()),
        ("approval", v::csr_approval()),
        ("finalize", v::namespace_finalize()),
    ];
    for (subresource, validator) in subresources {
        tracker.set_subresource_validator(subresource, gates::validator(validator, gates.clone()));
    }
}

/// The storage read of built-in kinds: through the internal type and back to the stored version,
/// as upstream's storage decodes into the internal type and the response converts from it, so
/// what hand-written conversions add on the way out (a stateful set's claim templates'
/// `apiVersion` and `kind`, which protobuf does not carry) is there as on a cluster. Kinds
/// without an internal type (custom resources) are read as decoded.
fn storage_read(scheme: Arc<RwLock<Scheme>>) -> tracker::ConvertFn {
    Arc::new(move |obj: Box<dyn Object>, store: &ResourceInfo| {
        let scheme = scheme.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let from = obj.registered_gvk();
        let hub =
            kapi_machinery::GroupVersionKind::new(from.group, kapi_machinery::object::INTERNAL_VERSION, from.kind);
        if !scheme.recognizes(&hub) {
            return Ok(obj);
        }
        let failed = |e: SchemeError| kapi_api::meta::errors::internal(&e.to_string());
        let internal = scheme.convert_into_group_version(obj, &hub.group, &hub.version).map_err(failed)?;
        scheme.convert_into_group_version(internal, store.group, store.version).map_err(failed)
    })
}
