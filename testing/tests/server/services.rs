//! Service cluster IP and node port allocation through kapi-client against the test server: create, update, delete, dry run and concurrent creates, with upstream's errors; and the `kubernetes` service a cluster starts with.

use crate::clientset_support;

use std::collections::BTreeSet;
use std::net::Ipv4Addr;
use std::sync::Arc;

use clientset_support::quiet_cluster as cluster;
use kapi_api::core::v1::{IPFamilyPolicy, Protocol, Service, ServicePort, ServiceSpec, ServiceType};
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, ObjectMeta, UpdateOptions};
use kapi_client::clientset::Clientset;
use kapi_client::{Api, Client, Config, Error, Transport};
use kapi_testing::{ApiServer, Controllers, TestServer};

fn port(name: &str, port: i32, protocol: &str, node_port: i32) -> ServicePort {
    ServicePort { name: name.into(), port, protocol: Protocol(protocol.into()), node_port, ..Default::default() }
}

fn svc(name: &str, ty: &str, ports: Vec<ServicePort>) -> Service {
    Service {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: ServiceSpec {
            r#type: ServiceType(ty.into()),
            selector: [("app".to_owned(), "web".to_owned())].into(),
            ports,
            ..Default::default()
        },
        ..Default::default()
    }
}

fn with_ip(mut s: Service, ip: &str) -> Service {
    s.spec.cluster_ip = ip.into();
    s
}

fn dry_run() -> CreateOptions {
    CreateOptions { dry_run: vec!["All".into()], ..Default::default() }
}

async fn create(api: &Api<Service>, s: &Service) -> Service {
    api.create(s, &CreateOptions::default()).await.unwrap()
}

/// The 422's message and its causes' field paths.
fn invalid(err: Error) -> (String, Vec<String>) {
    let status = err.status().expect("an API error").status.clone();
    assert_eq!(status.code, 422, "{}", status.message);
    let fields = status.details.map(|d| d.causes.into_iter().map(|c| c.field).collect()).unwrap_or_default();
    (status.message, fields)
}

fn in_default_range(ip: &str) -> bool {
    let n = u32::from(ip.parse::<Ipv4Addr>().unwrap());
    let network = u32::from(Ipv4Addr::new(10, 96, 0, 0));
    n & 0xfff0_0000 == network && n != network && n != network | 0x000f_ffff
}

fn node_ports(s: &Service) -> Vec<i32> {
    s.spec.ports.iter().map(|p| p.node_port).collect()
}

#[tokio::test]
async fn created_services_get_distinct_cluster_ips_from_the_range() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let mut ips = Vec::new();
    for i in 0..40 {
        let s = create(&api, &svc(&format!("s{i}"), "ClusterIP", vec![port("", 80, "TCP", 0)])).await;
        assert!(in_default_range(&s.spec.cluster_ip), "{}", s.spec.cluster_ip);
        assert_eq!(s.spec.cluster_ips, std::slice::from_ref(&s.spec.cluster_ip));
        assert_eq!(s.spec.ip_families.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["IPv4"]);
        assert_eq!(s.spec.ip_family_policy, Some(IPFamilyPolicy("SingleStack".into())));
        assert_eq!(node_ports(&s), [0], "a ClusterIP service gets no node port");
        ips.push(u32::from(s.spec.cluster_ip.parse::<Ipv4Addr>().unwrap()));
    }
    // Another namespace draws from the same range.
    let other =
        create(&cs.core_v1().services("kube-system"), &svc("s0", "ClusterIP", vec![port("", 80, "TCP", 0)])).await;
    ips.push(u32::from(other.spec.cluster_ip.parse::<Ipv4Addr>().unwrap()));
    let distinct: BTreeSet<u32> = ips.iter().copied().collect();
    assert_eq!(distinct.len(), ips.len(), "{ips:?}");
    let sequential = ips.windows(2).filter(|w| w[1] == w[0] + 1).count();
    assert!(sequential < 5, "dynamic addresses are not handed out in sequence: {ips:?}");
    // Dynamic allocation leaves the lower 256 addresses for requests.
    assert!(ips.iter().all(|&ip| ip > u32::from(Ipv4Addr::new(10, 96, 1, 0))), "{ips:?}");
}

#[tokio::test]
async fn requested_cluster_ips_must_be_free_and_in_the_range() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let ports = || vec![port("", 80, "TCP", 0)];
    let a = create(&api, &with_ip(svc("a", "ClusterIP", ports()), "10.96.0.10")).await;
    assert_eq!(
        (a.spec.cluster_ip.as_str(), a.spec.cluster_ips.as_slice()),
        ("10.96.0.10", &["10.96.0.10".to_owned()][..])
    );
    let cases = [
        (
            "10.96.0.10",
            r#"Service "b" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.10"]: failed to allocate IP 10.96.0.10: provided IP is already allocated"#,
        ),
        (
            "10.0.0.10",
            r#"Service "b" is invalid: spec.clusterIPs: Invalid value: ["10.0.0.10"]: failed to allocate IP 10.0.0.10: the provided network does not match the current range"#,
        ),
        (
            "10.96.0.0",
            r#"Service "b" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.0"]: failed to allocate IP 10.96.0.0: provided IP 10.96.0.0 is not in the valid range"#,
        ),
        (
            "10.111.255.255",
            r#"Service "b" is invalid: spec.clusterIPs: Invalid value: ["10.111.255.255"]: failed to allocate IP 10.111.255.255: provided IP 10.111.255.255 is not in the valid range"#,
        ),
        (
            "fd00::10",
            r#"Service "b" is invalid: spec.clusterIPs[0]: Invalid value: ["fd00::10"]: IPv6 is not configured on this cluster"#,
        ),
    ];
    for (ip, message) in cases {
        let err = api.create(&with_ip(svc("b", "ClusterIP", ports()), ip), &CreateOptions::default()).await;
        let (got, fields) = invalid(err.unwrap_err());
        assert_eq!(got, message);
        assert_eq!(fields.len(), 1);
    }
    let mut dual = svc("b", "ClusterIP", ports());
    dual.spec.ip_family_policy = Some(IPFamilyPolicy("RequireDualStack".into()));
    let (got, fields) = invalid(api.create(&dual, &CreateOptions::default()).await.unwrap_err());
    assert_eq!(
        got,
        r#"Service "b" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services"#
    );
    assert_eq!(fields, ["spec.ipFamilyPolicy"]);
    // A free address in the range, below the dynamic part, is given as asked.
    let b = create(&api, &with_ip(svc("b", "ClusterIP", ports()), "10.96.0.11")).await;
    assert_eq!(b.spec.cluster_ip, "10.96.0.11");
}

#[tokio::test]
async fn headless_and_external_name_services_get_no_address() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let headless = create(&api, &with_ip(svc("headless", "ClusterIP", vec![port("", 80, "TCP", 0)]), "None")).await;
    assert_eq!(headless.spec.cluster_ips, ["None"]);
    assert_eq!(headless.spec.ip_families.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["IPv4"]);
    assert_eq!(headless.spec.ip_family_policy, Some(IPFamilyPolicy("SingleStack".into())));
    // Headless without a selector: upstream asks for both families, even on a single-stack cluster.
    let mut bare = with_ip(svc("bare", "ClusterIP", vec![port("", 80, "TCP", 0)]), "None");
    bare.spec.selector.clear();
    let bare = create(&api, &bare).await;
    assert_eq!(bare.spec.ip_families.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["IPv4", "IPv6"]);
    assert_eq!(bare.spec.ip_family_policy, Some(IPFamilyPolicy("RequireDualStack".into())));
    let mut ext = svc("ext", "ExternalName", vec![]);
    ext.spec.external_name = "example.com".into();
    let ext = create(&api, &ext).await;
    assert!(ext.spec.cluster_ip.is_empty() && ext.spec.cluster_ips.is_empty(), "{:?}", ext.spec);
    assert!(ext.spec.ip_families.is_empty() && ext.spec.ip_family_policy.is_none());
}

#[tokio::test]
async fn node_ports_are_allocated_and_checked() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let np = create(&api, &svc("np", "NodePort", vec![port("http", 80, "TCP", 0), port("https", 443, "TCP", 0)])).await;
    let ports = node_ports(&np);
    assert!(ports.iter().all(|p| (30000..=32767).contains(p)) && ports[0] != ports[1], "{ports:?}");
    assert!(in_default_range(&np.spec.cluster_ip));
    // The same port number over two protocols shares one node port.
    let dns = create(&api, &svc("dns", "NodePort", vec![port("tcp", 53, "TCP", 0), port("udp", 53, "UDP", 0)])).await;
    assert_eq!(dns.spec.ports[0].node_port, dns.spec.ports[1].node_port);
    assert!(!ports.contains(&dns.spec.ports[0].node_port));
    let fixed = create(&api, &svc("fixed", "NodePort", vec![port("", 80, "TCP", 30080)])).await;
    assert_eq!(node_ports(&fixed), [30080]);
    let cases = [
        (
            30080,
            r#"Service "b" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated"#,
        ),
        (
            8080,
            r#"Service "b" is invalid: spec.ports[0].nodePort: Invalid value: 8080: provided port is not in the valid range. The range of valid ports is 30000-32767"#,
        ),
        (
            ports[1],
            &format!(
                r#"Service "b" is invalid: spec.ports[0].nodePort: Invalid value: {}: provided port is already allocated"#,
                ports[1]
            ),
        ),
    ];
    for (node_port, message) in cases {
        let s = svc("b", "NodePort", vec![port("", 80, "TCP", node_port)]);
        let (got, fields) = invalid(api.create(&s, &CreateOptions::default()).await.unwrap_err());
        assert_eq!(got, message);
        assert_eq!(fields, ["spec.ports[0].nodePort"]);
    }
    // Load balancers: node ports unless turned off, a health check port with a local policy.
    let mut lb = svc("lb", "LoadBalancer", vec![port("", 80, "TCP", 0)]);
    lb.spec.external_traffic_policy.0 = "Local".into();
    let lb = create(&api, &lb).await;
    assert!((30000..=32767).contains(&lb.spec.ports[0].node_port));
    assert!((30000..=32767).contains(&lb.spec.health_check_node_port));
    assert_ne!(lb.spec.health_check_node_port, lb.spec.ports[0].node_port);
    let mut quiet = svc("quiet", "LoadBalancer", vec![port("", 80, "TCP", 0)]);
    quiet.spec.allocate_load_balancer_node_ports = Some(false);
    let quiet = create(&api, &quiet).await;
    assert_eq!(node_ports(&quiet), [0]);
    assert_eq!(quiet.spec.health_check_node_port, 0);
}

#[tokio::test]
async fn type_changes_allocate_and_release() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let s = create(&api, &svc("s", "ClusterIP", vec![port("", 80, "TCP", 0)])).await;
    let ip = s.spec.cluster_ip.clone();
    // ClusterIP to NodePort: a node port; the address stays.
    let mut to_np = s.clone();
    to_np.spec.r#type.0 = "NodePort".into();
    let np = api.update(&to_np, &UpdateOptions::default()).await.unwrap();
    let node_port = np.spec.ports[0].node_port;
    assert!((30000..=32767).contains(&node_port));
    assert_eq!(np.spec.cluster_ip, ip);
    // Resubmitting without the allocated values keeps them.
    let mut resubmit = svc("s", "NodePort", vec![port("", 80, "TCP", 0)]);
    resubmit.metadata.resource_version = np.metadata.resource_version.clone();
    let same = api.update(&resubmit, &UpdateOptions::default()).await.unwrap();
    assert_eq!((same.spec.cluster_ip.as_str(), node_ports(&same)), (ip.as_str(), vec![node_port]));
    // Adding a port allocates for it alone.
    let mut more = same.clone();
    more.spec.ports.push(port("b", 81, "TCP", 0));
    more.spec.ports[0].name = "a".into();
    let more = api.update(&more, &UpdateOptions::default()).await.unwrap();
    assert_eq!(more.spec.ports[0].node_port, node_port);
    let second = more.spec.ports[1].node_port;
    assert!((30000..=32767).contains(&second) && second != node_port);
    // Back to ClusterIP with the node ports and the external traffic policy still in the body, as
    // `kubectl edit` sends it: they go.
    let mut back = more.clone();
    back.spec.r#type.0 = "ClusterIP".into();
    let back = api.update(&back, &UpdateOptions::default()).await.unwrap();
    assert_eq!(node_ports(&back), [0, 0]);
    assert_eq!(back.spec.external_traffic_policy.0, "");
    let taken = create(&api, &svc("taken", "NodePort", vec![port("", 80, "TCP", node_port)])).await;
    assert_eq!(node_ports(&taken), [node_port]);
    // The address may not change.
    let mut moved = back.clone();
    moved.spec.cluster_ip = "10.96.0.99".into();
    moved.spec.cluster_ips = vec!["10.96.0.99".into()];
    let (message, _) = invalid(api.update(&moved, &UpdateOptions::default()).await.unwrap_err());
    assert!(
        message.contains("spec.clusterIPs[0]: Invalid value: [\"10.96.0.99\"]: may not change once set"),
        "{message}"
    );
    // To ExternalName: the address goes back.
    let mut ext = back.clone();
    ext.spec.r#type.0 = "ExternalName".into();
    ext.spec.external_name = "example.com".into();
    let ext = api.update(&ext, &UpdateOptions::default()).await.unwrap();
    assert!(ext.spec.cluster_ip.is_empty() && ext.spec.cluster_ips.is_empty() && ext.spec.ip_families.is_empty());
    let reuse = create(&api, &with_ip(svc("reuse", "ClusterIP", vec![port("", 80, "TCP", 0)]), &ip)).await;
    assert_eq!(reuse.spec.cluster_ip, ip);
    // From ExternalName: a new address.
    let mut again = ext.clone();
    again.spec.r#type.0 = "ClusterIP".into();
    again.spec.external_name.clear();
    let again = api.update(&again, &UpdateOptions::default()).await.unwrap();
    assert!(in_default_range(&again.spec.cluster_ip) && again.spec.cluster_ip != ip, "{}", again.spec.cluster_ip);
    assert_eq!(again.spec.ip_family_policy, Some(IPFamilyPolicy("SingleStack".into())));
}

#[tokio::test]
async fn deleting_a_service_frees_its_address_and_ports() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let wanted = || with_ip(svc("a", "NodePort", vec![port("", 80, "TCP", 30100)]), "10.96.0.50");
    let mut held = wanted();
    held.metadata.finalizers = vec!["example.com/hold".into()];
    create(&api, &held).await;
    api.delete("a", &DeleteOptions::default()).await.unwrap();
    // Held by a finalizer, it still has both.
    let mut other = wanted();
    other.metadata.name = "b".into();
    let (message, _) = invalid(api.create(&other, &CreateOptions::default()).await.unwrap_err());
    assert!(message.contains("provided IP is already allocated"), "{message}");
    let mut a = api.get("a", &Default::default()).await.unwrap();
    a.metadata.finalizers.clear();
    api.update(&a, &UpdateOptions::default()).await.unwrap();
    let b = create(&api, &other).await;
    assert_eq!((b.spec.cluster_ip.as_str(), node_ports(&b)), ("10.96.0.50", vec![30100]));
    api.delete("b", &DeleteOptions::default()).await.unwrap();
    let again = create(&api, &wanted()).await;
    assert_eq!((again.spec.cluster_ip.as_str(), node_ports(&again)), ("10.96.0.50", vec![30100]));
}

#[tokio::test]
async fn dry_runs_and_failed_creates_leave_nothing_allocated() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    // As upstream's dry-run allocators: the range's network address, node ports from 32769.
    let two_ports = svc("a", "NodePort", vec![port("a", 80, "TCP", 0), port("b", 81, "TCP", 0)]);
    let dry = api.create(&two_ports, &dry_run()).await.unwrap();
    assert_eq!(dry.spec.cluster_ip, "10.96.0.0");
    assert_eq!(node_ports(&dry), [32769, 32770]);
    let wanted = || with_ip(svc("a", "NodePort", vec![port("", 80, "TCP", 30200)]), "10.96.0.60");
    let dry = api.create(&wanted(), &dry_run()).await.unwrap();
    assert_eq!((dry.spec.cluster_ip.as_str(), node_ports(&dry)), ("10.96.0.60", vec![30200]));
    let names: Vec<String> = api
        .list(&Default::default())
        .await
        .unwrap()
        .items
        .unwrap_or_default()
        .into_iter()
        .map(|s| s.metadata.name)
        .collect();
    assert_eq!(names, ["kubernetes"], "only the cluster's own service");
    // A create refused by validation after its allocation.
    let mut bad = wanted();
    bad.spec.session_affinity.0 = "Sometimes".into();
    let (message, fields) = invalid(api.create(&bad, &CreateOptions::default()).await.unwrap_err());
    assert_eq!(fields, ["spec.sessionAffinity"], "{message}");
    // An existing name: refused after allocation too.
    create(&api, &svc("a", "ClusterIP", vec![port("", 80, "TCP", 0)])).await;
    let err = api.create(&wanted(), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(err.status().unwrap().status.code, 409);
    let mut ok = wanted();
    ok.metadata.name = "b".into();
    let b = create(&api, &ok).await;
    assert_eq!((b.spec.cluster_ip.as_str(), node_ports(&b)), ("10.96.0.60", vec![30200]));
    // A dry run does not check that a requested address is free, as upstream's does not.
    let mut c = wanted();
    c.metadata.name = "c".into();
    c.spec.ports[0].node_port = 30201;
    assert_eq!(api.create(&c, &dry_run()).await.unwrap().spec.cluster_ip, "10.96.0.60");
}

#[tokio::test]
async fn concurrent_creates_get_distinct_addresses_and_ports() {
    let (cs, _server) = cluster().await;
    let mut tasks = Vec::new();
    for i in 0..32 {
        let api = cs.core_v1().services("default");
        tasks.push(tokio::spawn(async move {
            let s = svc(&format!("c{i}"), "NodePort", vec![port("", 80, "TCP", 0)]);
            api.create(&s, &CreateOptions::default()).await.unwrap()
        }));
    }
    let mut ips = BTreeSet::new();
    let mut ports = BTreeSet::new();
    for t in tasks {
        let s = t.await.unwrap();
        assert!(ips.insert(s.spec.cluster_ip.clone()), "{} twice", s.spec.cluster_ip);
        assert!(ports.insert(s.spec.ports[0].node_port), "{} twice", s.spec.ports[0].node_port);
    }
    assert_eq!((ips.len(), ports.len()), (32, 32));
}

/// kube-apiserver's bootstrap objects: the `kubernetes` service at the range's first address,
/// port 443 to the server's port, its endpoints and endpoint slice naming the advertised address,
/// and the default `ServiceCIDR`, ready. A loopback address (the test server's own) gets no
/// endpoints, which may not hold one.
#[tokio::test]
async fn a_cluster_starts_with_the_kubernetes_service() {
    let start = |advertise: Option<&str>| {
        let server = Arc::new(ApiServer::new());
        server.register_builtin();
        server.set_controllers(Controllers::none());
        server.set_service_ranges(kapi_testing::ServiceRanges {
            cluster_ip: (Ipv4Addr::new(10, 100, 0, 0), 16),
            ..Default::default()
        });
        if let Some(a) = advertise {
            server.set_advertise_address(a.parse().unwrap());
        }
        async move {
            let test = TestServer::start(server, None).await.unwrap();
            let client =
                Client::new(Arc::new(Transport::new(&Config::new(test.url()).unwrap()).unwrap()), test.url()).unwrap();
            (Clientset::new(client), test)
        }
    };
    let (cs, _test) = start(Some("192.0.2.10:6443")).await;
    let own = cs.core_v1().services("default").get("kubernetes", &Default::default()).await.unwrap();
    assert_eq!(
        own.metadata.labels,
        [("component".to_owned(), "apiserver".to_owned()), ("provider".to_owned(), "kubernetes".to_owned())].into()
    );
    assert_eq!((own.spec.r#type.0.as_str(), own.spec.cluster_ip.as_str()), ("ClusterIP", "10.100.0.1"));
    assert_eq!(own.spec.cluster_ips, ["10.100.0.1"]);
    assert!(own.spec.selector.is_empty());
    let p = &own.spec.ports[0];
    assert_eq!((p.name.as_str(), p.protocol.0.as_str(), p.port), ("https", "TCP", 443));
    assert_eq!((p.target_port.ty, p.target_port.int_val), (kapi_machinery::types::IntOrString::INT, 6443));
    assert_eq!(own.spec.session_affinity.0, "None");

    let ep = cs.core_v1().endpoints("default").get("kubernetes", &Default::default()).await.unwrap();
    assert_eq!(ep.metadata.labels.get("endpointslice.kubernetes.io/skip-mirror").map(String::as_str), Some("true"));
    let subset = &ep.subsets[0];
    assert_eq!(subset.addresses[0].ip, "192.0.2.10");
    assert_eq!((subset.ports[0].name.as_str(), subset.ports[0].port), ("https", 6443));

    let slice = cs.discovery_v1().endpoint_slices("default").get("kubernetes", &Default::default()).await.unwrap();
    assert_eq!(slice.metadata.labels.get("kubernetes.io/service-name").map(String::as_str), Some("kubernetes"));
    assert_eq!(slice.address_type.0, "IPv4");
    let endpoints = slice.endpoints.unwrap_or_default();
    assert_eq!(endpoints[0].addresses.as_deref(), Some(&["192.0.2.10".to_owned()][..]));
    assert_eq!(endpoints[0].conditions.ready, Some(true));
    assert_eq!(slice.ports.unwrap_or_default()[0].port, Some(6443));

    let cidr = cs.networking_v1().service_cidrs().get("kubernetes", &Default::default()).await.unwrap();
    assert_eq!(cidr.spec.cidrs, ["10.100.0.0/16"]);
    let ready = cidr.status.conditions.iter().find(|c| c.r#type == "Ready").expect("a Ready condition");
    assert_eq!((ready.status.0.as_str(), ready.message.as_str()), ("True", "Kubernetes default Service CIDR is ready"));

    // No other service gets the first address.
    let other = with_ip(svc("other", "ClusterIP", vec![port("", 80, "TCP", 0)]), "10.100.0.1");
    let (message, _) =
        invalid(cs.core_v1().services("default").create(&other, &CreateOptions::default()).await.unwrap_err());
    assert!(message.contains("provided IP is already allocated"), "{message}");

    // On loopback: the service, aimed at the listening port, and no endpoints.
    let (cs, test) = start(None).await;
    let listening: i32 = test.url().rsplit(':').next().unwrap().parse().unwrap();
    let own = cs.core_v1().services("default").get("kubernetes", &Default::default()).await.unwrap();
    assert_eq!(own.spec.ports[0].target_port.int_val, listening);
    assert!(cs.core_v1().endpoints("default").get("kubernetes", &Default::default()).await.is_err());
}

/// Each cluster IP a service holds has its `IPAddress` object, as upstream's allocator writes
/// them: named by the address, labelled with its family and manager, pointing at the service;
/// deleted when the service gives the address back (made `ExternalName`, or deleted); none for a
/// dry run or a headless service.
#[tokio::test]
async fn cluster_ips_have_their_ip_address_objects() {
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let ips = cs.networking_v1().ip_addresses();
    let parent = |a: &kapi_api::networking::v1::IPAddress| {
        let p = a.spec.parent_ref.clone().expect("a parent reference");
        (p.group, p.resource, p.namespace, p.name)
    };
    let count = || async { ips.list(&Default::default()).await.unwrap().items.unwrap_or_default().len() };
    // The `kubernetes` service's address has one from the start.
    let own = ips.get("10.96.0.1", &Default::default()).await.unwrap();
    assert_eq!(parent(&own), (String::new(), "services".into(), "default".into(), "kubernetes".into()));
    assert_eq!(count().await, 1);

    let web = create(&api, &svc("web", "ClusterIP", vec![port("", 80, "TCP", 0)])).await;
    let ip = ips.get(&web.spec.cluster_ip, &Default::default()).await.unwrap();
    assert_eq!(parent(&ip), (String::new(), "services".into(), "default".into(), "web".into()));
    let label = |k: &str| ip.metadata.labels.get(k).cloned().unwrap_or_default();
    assert_eq!(label("ipaddress.kubernetes.io/ip-family"), "IPv4");
    assert_eq!(label("ipaddress.kubernetes.io/managed-by"), "ipallocator.k8s.io");

    api.create(&svc("dry", "ClusterIP", vec![port("", 80, "TCP", 0)]), &dry_run()).await.unwrap();
    create(&api, &with_ip(svc("headless", "ClusterIP", vec![port("", 80, "TCP", 0)]), "None")).await;
    assert_eq!(count().await, 2);

    // Made `ExternalName`, the service gives its address back; made `ClusterIP` again, it takes
    // a new one.
    let mut ext = web.clone();
    ext.spec.r#type.0 = "ExternalName".into();
    ext.spec.external_name = "example.com".into();
    let ext = api.update(&ext, &UpdateOptions::default()).await.unwrap();
    assert!(ips.get(&web.spec.cluster_ip, &Default::default()).await.unwrap_err().is_not_found());
    let mut back = ext.clone();
    back.spec.r#type.0 = "ClusterIP".into();
    back.spec.external_name.clear();
    let back = api.update(&back, &UpdateOptions::default()).await.unwrap();
    assert_eq!(parent(&ips.get(&back.spec.cluster_ip, &Default::default()).await.unwrap()).3, "web");

    api.delete("web", &DeleteOptions::default()).await.unwrap();
    assert!(ips.get(&back.spec.cluster_ip, &Default::default()).await.unwrap_err().is_not_found());
    assert_eq!(count().await, 1);
}

/// An `IPAddress` object made by hand takes its address, as upstream's allocator finds it: a
/// service asking for it is refused, and one given an address never gets it.
#[tokio::test]
async fn an_ip_address_made_by_hand_takes_its_address() {
    use kapi_api::networking::v1::{IPAddress, IPAddressSpec, ParentReference};
    let (cs, _server) = cluster().await;
    let api = cs.core_v1().services("default");
    let reserved = IPAddress {
        metadata: ObjectMeta { name: "10.96.0.50".into(), ..Default::default() },
        spec: IPAddressSpec {
            parent_ref: Some(ParentReference {
                group: String::new(),
                resource: "services".into(),
                namespace: "default".into(),
                name: "elsewhere".into(),
            }),
        },
        ..Default::default()
    };
    cs.networking_v1().ip_addresses().create(&reserved, &CreateOptions::default()).await.unwrap();
    let err = api
        .create(
            &with_ip(svc("asks", "ClusterIP", vec![port("", 80, "TCP", 0)]), "10.96.0.50"),
            &CreateOptions::default(),
        )
        .await
        .unwrap_err();
    let (message, causes) = invalid(err);
    assert!(message.contains("provided IP is already allocated"), "{message} {causes:?}");
    // A service that owns its address keeps it through an update.
    let web = create(&api, &svc("web", "ClusterIP", vec![port("", 80, "TCP", 0)])).await;
    let mut relabelled = web.clone();
    relabelled.metadata.labels.insert("a".into(), "b".into());
    let relabelled = api.update(&relabelled, &UpdateOptions::default()).await.unwrap();
    assert_eq!(relabelled.spec.cluster_ip, web.spec.cluster_ip);
}
