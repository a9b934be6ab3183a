//! Conversions between groups a kind moved across, through the scheme: extensions' `Deployment`
//! and apps' share apps' internal hub, events' `Event` and core's share core's.

use kapi_api::meta::v1::ObjectMeta;
use kapi_machinery::Kind;

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), namespace: "ns".into(), ..Default::default() }
}

#[test]
fn extensions_deployments_convert_to_apps_and_back() {
    let scheme = kapi_api::scheme().unwrap();
    let mut old = kapi_api::extensions::v1beta1::Deployment {
        metadata: meta("web"),
        spec: kapi_api::extensions::v1beta1::DeploymentSpec { replicas: Some(3), ..Default::default() },
        ..Default::default()
    };
    old.type_meta.set_gvk(&kapi_api::extensions::v1beta1::Deployment::static_gvk());

    let apps = scheme.convert_into_group_version(Box::new(old.clone()), "apps", "v1").unwrap();
    let apps = apps.downcast_ref::<kapi_api::apps::v1::Deployment>().expect("an apps/v1 Deployment");
    assert_eq!(apps.type_meta.api_version, "apps/v1");
    assert_eq!((apps.metadata.name.as_str(), apps.spec.replicas), ("web", Some(3)));

    let back = scheme.convert_into_group_version(Box::new(apps.clone()), "extensions", "v1beta1").unwrap();
    let back = back.downcast_ref::<kapi_api::extensions::v1beta1::Deployment>().expect("extensions again");
    assert_eq!(back.type_meta.api_version, "extensions/v1beta1");
    assert_eq!(back.spec.replicas, Some(3));

    // An internal object goes to either group's version directly.
    let internal = scheme.convert_into_version(Box::new(old), "__internal").unwrap();
    assert!(internal.downcast_ref::<kapi_api::apps::Deployment>().is_some());
    let ext = scheme.convert_into_group_version(internal, "extensions", "v1beta1").unwrap();
    assert!(ext.downcast_ref::<kapi_api::extensions::v1beta1::Deployment>().is_some());
}

#[test]
fn events_convert_to_core_and_back() {
    let scheme = kapi_api::scheme().unwrap();
    let mut ev = kapi_api::events::v1::Event {
        metadata: meta("e"),
        reason: "Scheduled".into(),
        note: "assigned ns/p to node-1".into(),
        reporting_controller: "default-scheduler".into(),
        ..Default::default()
    };
    ev.type_meta.set_gvk(&kapi_api::events::v1::Event::static_gvk());
    let core = scheme.convert_into_group_version(Box::new(ev), "", "v1").unwrap();
    let core = core.downcast_ref::<kapi_api::core::v1::Event>().expect("a core v1 Event");
    assert_eq!(core.type_meta.api_version, "v1");
    assert_eq!((core.reason.as_str(), core.message.as_str()), ("Scheduled", "assigned ns/p to node-1"));
    assert_eq!(core.reporting_component, "default-scheduler");
    let back = scheme.convert_into_group_version(Box::new(core.clone()), "events.k8s.io", "v1").unwrap();
    let back = back.downcast_ref::<kapi_api::events::v1::Event>().expect("events again");
    assert_eq!(back.note, "assigned ns/p to node-1");
}

#[test]
fn kinds_without_a_shared_hub_do_not_convert() {
    let scheme = kapi_api::scheme().unwrap();
    let mut cm = kapi_api::core::v1::ConfigMap { metadata: meta("c"), ..Default::default() };
    cm.type_meta.set_gvk(&kapi_api::core::v1::ConfigMap::static_gvk());
    let err = scheme.convert_into_group_version(Box::new(cm), "apps", "v1").unwrap_err();
    assert!(err.to_string().contains("ConfigMap"), "{err}");
}
