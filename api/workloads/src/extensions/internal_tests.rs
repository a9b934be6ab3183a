//! Upstream's extensions/v1beta1 defaults and conversions as facts: its kinds convert into the
//! apps, networking and autoscaling hubs with the old defaults.

use kapi_machinery::Scheme;
use kapi_machinery::types::IntOrString;

use crate::extensions::v1beta1;
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::core::install(&mut s).unwrap();
    crate::autoscaling::install(&mut s).unwrap();
    crate::apps::install(&mut s).unwrap();
    crate::networking::install(&mut s).unwrap();
    crate::extensions::install(&mut s).unwrap();
    s
}

#[test]
fn old_deployment_and_daemon_set_defaults() {
    let mut d = v1beta1::Deployment::default();
    d.spec.template.metadata.labels.insert("app".into(), "web".into());
    v1beta1::set_object_defaults_deployment(&mut d);
    assert_eq!(d.spec.replicas, Some(1));
    let ru = d.spec.strategy.rolling_update.as_ref().unwrap();
    assert_eq!(
        (ru.max_unavailable.clone(), ru.max_surge.clone()),
        (Some(IntOrString::int(1)), Some(IntOrString::int(1)))
    );
    assert_eq!(d.spec.revision_history_limit, None);
    assert_eq!(d.spec.progress_deadline_seconds, None);
    assert_eq!(d.metadata.labels.get("app").map(String::as_str), Some("web"));
    // Rolling-update settings given with another strategy are still completed.
    let mut d = v1beta1::Deployment::default();
    d.spec.strategy.r#type = "Recreate".into();
    d.spec.strategy.rolling_update = Some(Default::default());
    v1beta1::set_object_defaults_deployment(&mut d);
    assert_eq!(d.spec.strategy.rolling_update.unwrap().max_surge, Some(IntOrString::int(1)));

    let mut ds = v1beta1::DaemonSet::default();
    v1beta1::set_object_defaults_daemon_set(&mut ds);
    assert_eq!(ds.spec.update_strategy.r#type.0, "OnDelete");
    assert_eq!(ds.spec.update_strategy.rolling_update, None);
    assert_eq!(ds.spec.revision_history_limit, Some(10));
    let mut ds = v1beta1::DaemonSet::default();
    ds.spec.update_strategy.r#type = "RollingUpdate".into();
    v1beta1::set_object_defaults_daemon_set(&mut ds);
    let ru = ds.spec.update_strategy.rolling_update.unwrap();
    assert_eq!((ru.max_unavailable, ru.max_surge), (Some(IntOrString::int(1)), None));
}

#[test]
fn old_network_policy_defaults_leave_port_protocols_unset() {
    let mut np = v1beta1::NetworkPolicy::default();
    np.spec.ingress.push(v1beta1::NetworkPolicyIngressRule {
        ports: vec![v1beta1::NetworkPolicyPort::default()],
        ..Default::default()
    });
    np.spec.egress.push(Default::default());
    v1beta1::set_object_defaults_network_policy(&mut np);
    assert_eq!(np.spec.policy_types, vec![v1beta1::PolicyType::from("Ingress"), v1beta1::PolicyType::from("Egress")]);
    assert_eq!(np.spec.ingress[0].ports[0].protocol, None);
}

#[test]
fn an_old_deployment_is_served_as_apps_v1() {
    let body = r#"{"apiVersion":"extensions/v1beta1","kind":"Deployment","metadata":{"name":"web","namespace":"ns"},"spec":{"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"nginx:1"}]}}}}"#;
    let s = scheme();
    let ser = kapi_machinery::Serializer::new(&s, kapi_machinery::Format::Json, kapi_machinery::Options::default());
    let decoded = ser.decode_into(body.as_bytes(), None, kapi_machinery::INTERNAL_VERSION).unwrap();
    // The internal kind is apps' Deployment.
    let d = decoded.object.as_any().downcast_ref::<crate::apps::Deployment>().expect("an apps Deployment");
    assert_eq!(d.spec.replicas, 1);
    assert_eq!(d.spec.selector.as_ref().unwrap().match_labels.get("app").map(String::as_str), Some("web"));
    assert_eq!(d.spec.revision_history_limit, None);
    // Conversion across groups is by hand: the scheme converts within one group.
    let back = v1beta1::convert_deployment_from_internal(d.clone()).unwrap();
    let out = String::from_utf8(kapi_machinery::json::to_vec(&back).unwrap()).unwrap();
    assert!(out.contains(r#""rollingUpdate":{"maxUnavailable":1,"maxSurge":1}"#), "{out}");
    // Served through the apps hub as apps/v1.
    let v1 = served_as(&s, body, "v1");
    assert!(v1.contains(r#""apiVersion":"apps/v1""#) && v1.contains(r#""maxSurge":1"#), "{v1}");
}

#[test]
fn old_ingress_backends_convert_like_networking_v1beta1() {
    let b = v1beta1::IngressBackend {
        service_name: "svc".into(),
        service_port: IntOrString::string("http"),
        resource: None,
    };
    let got = v1beta1::convert_ingress_backend_to_internal(b.clone()).unwrap();
    assert_eq!(got.service.as_ref().unwrap().port.name, "http");
    assert_eq!(v1beta1::convert_ingress_backend_from_internal(got).unwrap(), b);
}

#[test]
fn old_scale_converts_to_autoscaling() {
    let v = v1beta1::ScaleStatus {
        replicas: 2,
        selector: [("a".to_owned(), "1".to_owned())].into(),
        target_selector: String::new(),
    };
    let s = v1beta1::convert_scale_status_to_internal(v).unwrap();
    assert_eq!((s.replicas, s.selector.as_str()), (2, "a=1"));
}
