//! What kube-apiserver's bootstrap controllers write at start: the `kubernetes` service in `default` with its endpoints and endpoint slice, and the default `ServiceCIDR`.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::RwLock;

use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{CreateOptions, GetOptions, UpdateOptions};
use kapi_machinery::json::value::Value;
use kapi_machinery::types::Time;

use super::ApiServer;
use super::strategy::ServiceRanges;
use crate::tracker::Result;
use crate::tracker::meta::from_value;

/// The service's name and namespace (upstream's `KubernetesServiceName`, `…Namespace`).
const SERVICE: (&str, &str) = ("default", "kubernetes");
/// The default `ServiceCIDR`'s name.
const SERVICE_CIDR: &str = "kubernetes";
/// The port the service listens on, and kube-apiserver's `--secure-port` default.
const SERVICE_PORT: i64 = 443;
const SECURE_PORT: u16 = 6443;

/// What the bootstrap objects are made from: the service ranges and where the server is reached.
#[derive(Debug, Default)]
pub(super) struct Bootstrap {
    ranges: RwLock<ServiceRanges>,
    /// The address clients reach the server at (kube-apiserver's `--advertise-address` and
    /// `--secure-port`); `127.0.0.1:6443` until the server listens.
    advertised: RwLock<Option<SocketAddr>>,
}

impl Bootstrap {
    pub(super) fn set_ranges(&self, ranges: ServiceRanges) {
        *self.ranges.write().unwrap_or_else(std::sync::PoisonError::into_inner) = ranges;
    }

    fn ranges(&self) -> ServiceRanges {
        *self.ranges.read().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn set_advertised(&self, addr: SocketAddr, replace: bool) {
        let mut advertised = self.advertised.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        if replace || advertised.is_none() {
            *advertised = Some(addr);
        }
    }

    /// The endpoint's address and port: a server listening on every interface is reached on
    /// loopback.
    fn endpoint(&self) -> (IpAddr, u16) {
        match *self.advertised.read().unwrap_or_else(std::sync::PoisonError::into_inner) {
            Some(a) if a.ip().is_unspecified() => (IpAddr::V4(Ipv4Addr::LOCALHOST), a.port()),
            Some(a) => (a.ip(), a.port()),
            None => (IpAddr::V4(Ipv4Addr::LOCALHOST), SECURE_PORT),
        }
    }
}

fn s(v: &str) -> Value {
    Value::String(v.to_owned())
}

fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn num(n: i64) -> Value {
    Value::Number(n.to_string())
}

impl ApiServer {
    /// Where clients reach this server (kube-apiserver's `--advertise-address` and
    /// `--secure-port`), for the `kubernetes` service's target port and endpoints;
    /// [`crate::TestServer`] uses its listening address unless this was set.
    pub fn set_advertise_address(&self, addr: SocketAddr) {
        self.bootstrap.set_advertised(addr, true);
    }

    /// The listening address, unless an address was set with [`ApiServer::set_advertise_address`].
    pub(super) fn listening_at(&self, addr: SocketAddr) {
        self.bootstrap.set_advertised(addr, false);
    }

    /// Creates what does not exist yet of the `kubernetes` service (the first address of the
    /// cluster IP range, port 443 to the server's port, labels `component: apiserver` and
    /// `provider: kubernetes`), its `Endpoints` (label `endpointslice.kubernetes.io/skip-mirror`)
    /// and `EndpointSlice` (`kubernetes.io/service-name`) naming the server's address, and the
    /// default `ServiceCIDR` with its `Ready` condition; each only where its resource is served.
    /// A loopback address, which endpoints may not hold (upstream's reconciler fails on it the
    /// same way), gets no endpoints.
    pub(super) fn create_bootstrap_objects(&self) -> Result<()> {
        let ranges = self.bootstrap.ranges();
        let (net, prefix) = ranges.cluster_ip;
        let first = Ipv4Addr::from(u32::from(net).wrapping_add(1));
        let (ip, port) = self.bootstrap.endpoint();
        let family = if ip.is_ipv4() { "IPv4" } else { "IPv6" };
        let meta = |labels: Vec<(&str, Value)>| {
            obj(vec![("name", s(SERVICE.1)), ("namespace", s(SERVICE.0)), ("labels", obj(labels))])
        };
        let service = obj(vec![
            ("metadata", meta(vec![("component", s("apiserver")), ("provider", s("kubernetes"))])),
            (
                "spec",
                obj(vec![
                    (
                        "ports",
                        Value::Array(vec![obj(vec![
                            ("name", s("https")),
                            ("protocol", s("TCP")),
                            ("port", num(SERVICE_PORT)),
                            ("targetPort", num(i64::from(port))),
                        ])]),
                    ),
                    ("clusterIP", s(&first.to_string())),
                    ("ipFamilyPolicy", s("SingleStack")),
                    ("sessionAffinity", s("None")),
                    ("type", s("ClusterIP")),
                ]),
            ),
        ]);
        let endpoint_port = || obj(vec![("name", s("https")), ("port", num(i64::from(port))), ("protocol", s("TCP"))]);
        let endpoints = obj(vec![
            ("metadata", meta(vec![("endpointslice.kubernetes.io/skip-mirror", s("true"))])),
            (
                "subsets",
                Value::Array(vec![obj(vec![
                    ("addresses", Value::Array(vec![obj(vec![("ip", s(&ip.to_string()))])])),
                    ("ports", Value::Array(vec![endpoint_port()])),
                ])]),
            ),
        ]);
        let slice = obj(vec![
            ("metadata", meta(vec![("kubernetes.io/service-name", s(SERVICE.1))])),
            ("addressType", s(family)),
            (
                "endpoints",
                Value::Array(vec![obj(vec![
                    ("addresses", Value::Array(vec![s(&ip.to_string())])),
                    ("conditions", obj(vec![("ready", Value::Bool(true))])),
                ])]),
            ),
            ("ports", Value::Array(vec![endpoint_port()])),
        ]);
        let cidr = obj(vec![
            ("metadata", obj(vec![("name", s(SERVICE_CIDR))])),
            ("spec", obj(vec![("cidrs", Value::Array(vec![s(&format!("{net}/{prefix}"))]))])),
        ]);
        self.create_unless_present("", "Service", service)?;
        if !ip.is_loopback() {
            self.create_unless_present("", "Endpoints", endpoints)?;
            self.create_unless_present("discovery.k8s.io", "EndpointSlice", slice)?;
        }
        if let Some(store) = self.create_unless_present("networking.k8s.io", "ServiceCIDR", cidr)? {
            self.ready_service_cidr(&store)?;
        }
        Ok(())
    }

    /// Creates `doc` as the stored kind of `group` unless an object of that name exists;
    /// returns the resource when it created it.
    fn create_unless_present(&self, group: &str, kind: &str, doc: Value) -> Result<Option<ResourceInfo>> {
        let Some(store) = self.tracker.store_of_kind(group, kind) else { return Ok(None) };
        let m = doc.get("metadata");
        let text = |k: &str| m.and_then(|m| m.get(k)).and_then(Value::as_str).unwrap_or_default().to_owned();
        let (namespace, name) = (text("namespace"), text("name"));
        if self.tracker.get(&store.gvr(), &namespace, &name, &GetOptions::default()).is_ok() {
            return Ok(None);
        }
        let mut members = vec![
            (
                "apiVersion".to_owned(),
                s(&if group.is_empty() { store.version.to_owned() } else { format!("{group}/{}", store.version) }),
            ),
            ("kind".to_owned(), s(kind)),
        ];
        if let Value::Object(rest) = doc {
            members.extend(rest);
        }
        let mut o = from_value(&store, &Value::Object(members))?;
        self.apply_defaults(o.as_mut());
        match self.tracker.create(&store.gvr(), &namespace, o, &CreateOptions::default()) {
            Ok(_) => Ok(Some(store)),
            Err(e) if e.is_already_exists() => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The default `ServiceCIDR`'s `Ready` condition, as its controller sets it.
    fn ready_service_cidr(&self, store: &ResourceInfo) -> Result<()> {
        let doc = obj(vec![
            ("apiVersion", s(&format!("{}/{}", store.group, store.version))),
            ("kind", s("ServiceCIDR")),
            ("metadata", obj(vec![("name", s(SERVICE_CIDR))])),
            (
                "status",
                obj(vec![(
                    "conditions",
                    Value::Array(vec![obj(vec![
                        ("type", s("Ready")),
                        ("status", s("True")),
                        ("lastTransitionTime", s(&Time::now().format_rfc3339())),
                        ("reason", s("")),
                        ("message", s("Kubernetes default Service CIDR is ready")),
                    ])]),
                )]),
            ),
        ]);
        let o = from_value(store, &doc)?;
        self.tracker.update_subresource(&store.gvr(), "status", "", o, &UpdateOptions::default())?;
        Ok(())
    }
}
