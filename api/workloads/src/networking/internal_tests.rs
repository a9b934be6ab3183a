//! Upstream's networking defaults and conversions as facts (`v1/defaults_test.go`,
//! `v1beta1/conversion_test.go`): the old ingress backend against the service backend, policy
//! types and port protocols; and minimal objects decoded into the internal version and served back.

use kapi_machinery::Scheme;
use kapi_machinery::types::IntOrString;

use crate::networking as internal;
use crate::networking::{v1, v1beta1};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::networking::install(&mut s).unwrap();
    s
}

fn service(name: &str, port_name: &str, number: i32) -> Option<internal::IngressServiceBackend> {
    Some(internal::IngressServiceBackend {
        name: name.into(),
        port: internal::ServiceBackendPort { name: port_name.into(), number },
    })
}

#[test]
fn v1beta1_backends_become_service_backends() {
    let cases = [
        // (serviceName, servicePort, internal service)
        ("svc", IntOrString::int(80), service("svc", "", 80)),
        ("svc", IntOrString::string("http"), service("svc", "http", 0)),
        ("", IntOrString::int(0), None),
        // A string port alone still makes a service backend, as upstream's test has it.
        ("", IntOrString::string(""), service("", "", 0)),
    ];
    for (name, port, want) in cases {
        let b = v1beta1::IngressBackend { service_name: name.into(), service_port: port.clone(), resource: None };
        let got = v1beta1::convert_ingress_backend_to_internal(b).unwrap();
        assert_eq!(got.service, want, "{name:?} {port:?}");
    }
}

#[test]
fn service_backends_become_v1beta1_backends() {
    let to = |s| {
        v1beta1::convert_ingress_backend_from_internal(internal::IngressBackend { service: s, resource: None }).unwrap()
    };
    let b = to(service("svc", "http", 0));
    assert_eq!((b.service_name.as_str(), b.service_port), ("svc", IntOrString::string("http")));
    let b = to(service("svc", "", 443));
    assert_eq!((b.service_name.as_str(), b.service_port), ("svc", IntOrString::int(443)));
    // A port with a name and a number goes out by name.
    let b = to(service("svc", "http", 8080));
    assert_eq!(b.service_port, IntOrString::string("http"));
}

#[test]
fn v1beta1_backend_is_the_default_backend() {
    let spec = v1beta1::IngressSpec {
        backend: Some(v1beta1::IngressBackend {
            service_name: "default".into(),
            service_port: IntOrString::int(80),
            resource: None,
        }),
        ..Default::default()
    };
    let internal = v1beta1::convert_ingress_spec_to_internal(spec.clone()).unwrap();
    assert_eq!(internal.default_backend.as_ref().unwrap().service, service("default", "", 80));
    assert_eq!(v1beta1::convert_ingress_spec_from_internal(internal).unwrap(), spec);
}

#[test]
fn v1_network_policy_defaults() {
    let mut np = v1::NetworkPolicy::default();
    np.spec
        .ingress
        .push(v1::NetworkPolicyIngressRule { ports: vec![v1::NetworkPolicyPort::default()], ..Default::default() });
    v1::set_object_defaults_network_policy(&mut np);
    assert_eq!(np.spec.policy_types, vec![v1::PolicyType::from("Ingress")]);
    assert_eq!(np.spec.ingress[0].ports[0].protocol.as_ref().map(|p| p.0.as_str()), Some("TCP"));
    let mut np = v1::NetworkPolicy::default();
    np.spec.egress.push(v1::NetworkPolicyEgressRule::default());
    v1::set_object_defaults_network_policy(&mut np);
    assert_eq!(np.spec.policy_types, vec![v1::PolicyType::from("Ingress"), v1::PolicyType::from("Egress")]);
    // Set policy types are kept.
    let mut np = v1::NetworkPolicy::default();
    np.spec.policy_types = vec!["Egress".into()];
    v1::set_object_defaults_network_policy(&mut np);
    assert_eq!(np.spec.policy_types, vec![v1::PolicyType::from("Egress")]);
}

#[test]
fn v1_ingress_class_parameters_default_to_cluster_scope() {
    let mut ic = v1::IngressClass::default();
    v1::set_object_defaults_ingress_class(&mut ic);
    assert_eq!(ic.spec.parameters, None);
    ic.spec.parameters =
        Some(v1::IngressClassParametersReference { kind: "K".into(), name: "n".into(), ..Default::default() });
    v1::set_object_defaults_ingress_class(&mut ic);
    assert_eq!(ic.spec.parameters.unwrap().scope.as_deref(), Some("Cluster"));
}

#[test]
fn a_minimal_v1beta1_ingress_is_served_as_v1() {
    let body = r#"{"apiVersion":"networking.k8s.io/v1beta1","kind":"Ingress","metadata":{"name":"web","namespace":"ns"},"spec":{"backend":{"serviceName":"web","servicePort":80},"rules":[{"host":"a.example","http":{"paths":[{"path":"/","backend":{"serviceName":"api","servicePort":"http"}}]}}]}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"Ingress","apiVersion":"networking.k8s.io/v1","metadata":{"name":"web","namespace":"ns"},"spec":{"defaultBackend":{"service":{"name":"web","port":{"number":80}}},"rules":[{"host":"a.example","http":{"paths":[{"path":"/","pathType":null,"backend":{"service":{"name":"api","port":{"name":"http"}}}}]}}]},"status":{"loadBalancer":{}}}"#
    );
}

#[test]
fn a_minimal_network_policy_is_served_back() {
    let body = r#"{"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"name":"deny","namespace":"ns"},"spec":{"podSelector":{},"ingress":[{"ports":[{"port":80}]}]}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"NetworkPolicy","apiVersion":"networking.k8s.io/v1","metadata":{"name":"deny","namespace":"ns"},"spec":{"podSelector":{},"ingress":[{"ports":[{"protocol":"TCP","port":80}]}],"policyTypes":["Ingress"]}}"#
    );
}
