//! Status writes of core/v1 services, replication controllers, nodes and persistent volumes through HTTP: upstream's status validation answers `422 Invalid`, good writes are stored.

use crate::clientset_support;

use std::collections::BTreeMap;

use clientset_support::quiet_cluster as cluster;
use kapi_api::core::v1::{
    Container, HostPathVolumeSource, LoadBalancerIngress, Node, NodeAddress, NodeAddressType, PersistentVolume,
    PersistentVolumeAccessMode, PersistentVolumePhase, PersistentVolumeSource, PersistentVolumeSpec, PodSpec,
    PodTemplateSpec, Protocol, ReplicationController, ReplicationControllerSpec, ResourceName, Service, ServicePort,
    ServiceSpec, ServiceType,
};
use kapi_api::meta::v1::{CreateOptions, ObjectMeta, UpdateOptions};
use kapi_client::Error;
use kapi_client::clientset::Clientset;
use kapi_machinery::types::Quantity;

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), ..Default::default() }
}

/// The 422's message and its causes' `(field, message)`.
fn invalid(err: Error) -> (String, Vec<(String, String)>) {
    let status = err.status().unwrap_or_else(|| panic!("an API error, got {err}")).status.clone();
    assert_eq!((status.code, status.reason.0.as_str()), (422, "Invalid"), "{}", status.message);
    let causes = status.details.map(|d| d.causes.into_iter().map(|c| (c.field, c.message)).collect());
    (status.message, causes.unwrap_or_default())
}

/// One server, each kind's bad and good status writes in turn.
#[tokio::test]
async fn status_writes_of_core_kinds_are_validated() {
    let (cs, _test) = cluster().await;
    service_load_balancer_status(&cs).await;
    replication_controller_counts(&cs).await;
    node_status_runs_the_node_update_checks(&cs).await;
    persistent_volume_status_is_accepted(&cs).await;
}

async fn service_load_balancer_status(cs: &Clientset) {
    let api = cs.core_v1().services("default");
    let lb = Service {
        metadata: meta("lb"),
        spec: ServiceSpec {
            r#type: ServiceType("LoadBalancer".into()),
            ports: vec![ServicePort { port: 80, protocol: Protocol("TCP".into()), ..Default::default() }],
            ..Default::default()
        },
        ..Default::default()
    };
    let created = api.create(&lb, &CreateOptions::default()).await.unwrap();
    let mut bad = created.clone();
    bad.status.load_balancer.ingress = vec![LoadBalancerIngress { ip: "bad".into(), ..Default::default() }];
    let (message, causes) = invalid(api.update_status(&bad, &UpdateOptions::default()).await.unwrap_err());
    let detail = r#"Invalid value: "bad": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"#;
    assert_eq!(message, format!(r#"Service "lb" is invalid: status.loadBalancer.ingress[0].ip: {detail}"#));
    assert_eq!(causes, [("status.loadBalancer.ingress[0].ip".to_owned(), detail.to_owned())]);

    // A good address is stored, with the `ipMode` defaulting gives it.
    let mut good = created.clone();
    good.status.load_balancer.ingress = vec![LoadBalancerIngress { ip: "192.0.2.1".into(), ..Default::default() }];
    let stored = api.update_status(&good, &UpdateOptions::default()).await.unwrap();
    assert_eq!(stored.status.load_balancer.ingress[0].ip_mode.as_ref().map(|m| m.0.as_str()), Some("VIP"));

    // Ingress points only on load balancers.
    let plain = Service {
        metadata: meta("plain"),
        spec: ServiceSpec { ports: lb.spec.ports.clone(), ..Default::default() },
        ..Default::default()
    };
    let mut plain = api.create(&plain, &CreateOptions::default()).await.unwrap();
    plain.status.load_balancer.ingress =
        vec![LoadBalancerIngress { hostname: "lb.example.com".into(), ..Default::default() }];
    let (_, causes) = invalid(api.update_status(&plain, &UpdateOptions::default()).await.unwrap_err());
    assert_eq!(
        causes,
        [(
            "status.loadBalancer.ingress".to_owned(),
            "Forbidden: may only be used when `spec.type` is 'LoadBalancer'".to_owned()
        )]
    );
}

async fn replication_controller_counts(cs: &Clientset) {
    let api = cs.core_v1().replication_controllers("default");
    let labels: BTreeMap<String, String> = [("app".to_owned(), "web".to_owned())].into();
    let rc = ReplicationController {
        metadata: meta("web"),
        spec: ReplicationControllerSpec {
            replicas: Some(2),
            selector: labels.clone(),
            template: Some(PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: Some(vec![Container { name: "c".into(), image: "nginx".into(), ..Default::default() }]),
                    ..Default::default()
                },
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    let created = api.create(&rc, &CreateOptions::default()).await.unwrap();
    let mut bad = created.clone();
    bad.status.replicas = 2;
    bad.status.ready_replicas = 3;
    let (message, causes) = invalid(api.update_status(&bad, &UpdateOptions::default()).await.unwrap_err());
    assert_eq!(
        message,
        r#"ReplicationController "web" is invalid: status.readyReplicas: Invalid value: 3: cannot be greater than status.replicas"#
    );
    assert_eq!(causes.len(), 1, "{causes:?}");

    let mut good = created;
    good.status.replicas = 2;
    good.status.ready_replicas = 2;
    good.status.available_replicas = 1;
    let stored = api.update_status(&good, &UpdateOptions::default()).await.unwrap();
    assert_eq!((stored.status.replicas, stored.status.ready_replicas), (2, 2));
}

async fn node_status_runs_the_node_update_checks(cs: &Clientset) {
    let api = cs.core_v1().nodes();
    let created =
        api.create(&Node { metadata: meta("n1"), ..Default::default() }, &CreateOptions::default()).await.unwrap();
    let address = NodeAddress { r#type: NodeAddressType("InternalIP".into()), address: "10.0.0.1".into() };
    let mut bad = created.clone();
    bad.status.addresses = vec![address.clone(), address.clone()];
    let (message, _) = invalid(api.update_status(&bad, &UpdateOptions::default()).await.unwrap_err());
    assert_eq!(
        message,
        r#"Node "n1" is invalid: status.addresses[1]: Duplicate value: {"Type":"InternalIP","Address":"10.0.0.1"}"#
    );
    let mut good = created;
    good.status.addresses = vec![address];
    api.update_status(&good, &UpdateOptions::default()).await.unwrap();
}

async fn persistent_volume_status_is_accepted(cs: &Clientset) {
    // Upstream's volume status validation checks only metadata and a resource version, which
    // the server always has: a status write can only fail on its metadata.
    let api = cs.core_v1().persistent_volumes();
    let pv = PersistentVolume {
        metadata: meta("pv1"),
        spec: PersistentVolumeSpec {
            capacity: [(ResourceName("storage".into()), Quantity::parse("1Gi").unwrap())].into(),
            access_modes: vec![PersistentVolumeAccessMode("ReadWriteOnce".into())],
            persistent_volume_source: PersistentVolumeSource {
                host_path: Some(Box::new(HostPathVolumeSource { path: "/data".into(), ..Default::default() })),
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let mut created = api.create(&pv, &CreateOptions::default()).await.unwrap();
    created.status.phase = PersistentVolumePhase("Bound".into());
    let stored = api.update_status(&created, &UpdateOptions::default()).await.unwrap();
    assert_eq!(stored.status.phase.0, "Bound");
}
