//! Feature-gated fields through the test server and kapi-client: a field whose gate is off is dropped on create, and on update unless the stored object already uses it (marked fields, the projected `podCertificate` and `clusterTrustBundle` sources before validation, and the hand-ruled stop signals, cross-namespace claim sources and lease coordination fields), pods' status fields on `pods/status` writes and an ephemeral container's stop signal on `pods/ephemeralcontainers`; each server has its own gates, so two servers in one process with different gates serve side by side; a gate that relaxes validation (`RelaxedServiceNameValidation`) follows the server's gates.

use crate::clientset_support;

use std::sync::Arc;

use kapi_api::apps::v1::{Deployment, DeploymentSpec};
use kapi_api::core::v1::{
    Container, Pod, PodSchedulingGroup, PodSpec, PodTemplateSpec, Service, ServicePort, ServiceSpec,
};
use kapi_api::features::{Feature, FeatureGates};
use kapi_api::meta::v1::{CreateOptions, GetOptions, LabelSelector, ObjectMeta, PatchOptions, UpdateOptions};
use kapi_client::clientset::Clientset;
use kapi_client::{Api, Patch};
use kapi_testing::{ApiServer, Controllers, TestServer};

/// A server with the given gates, over loopback HTTP, and a clientset for it.
async fn cluster(gates: FeatureGates) -> (Arc<ApiServer>, Clientset, TestServer) {
    let server = Arc::new(ApiServer::new().with_feature_gates(gates));
    server.register_builtin();
    server.set_controllers(Controllers::none());
    // No service accounts are seeded: the pods here run as none.
    let mut plugins = server.admission_plugins();
    plugins.set("ServiceAccount", false).unwrap();
    server.set_admission_plugins(plugins);
    let test = TestServer::start(Arc::clone(&server), None).await.unwrap();
    (server, clientset_support::clientset(&test), test)
}

fn group(name: &str) -> Option<PodSchedulingGroup> {
    Some(PodSchedulingGroup { pod_group_name: Some(name.into()) })
}

fn pod_spec(scheduling_group: Option<PodSchedulingGroup>) -> PodSpec {
    PodSpec {
        containers: Some(vec![Container { name: "c".into(), image: "nginx".into(), ..Default::default() }]),
        scheduling_group,
        ..Default::default()
    }
}

fn pod(name: &str, scheduling_group: Option<PodSchedulingGroup>) -> Pod {
    Pod {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: pod_spec(scheduling_group),
        ..Default::default()
    }
}

fn on() -> FeatureGates {
    FeatureGates::default().with(Feature::GenericWorkload, true)
}

/// What a server with `GenericWorkload` as given does with a pod's `schedulingGroup` on create:
/// the answer and the stored pod agree.
async fn created_group(gates: FeatureGates) -> Option<PodSchedulingGroup> {
    let (_server, cs, test) = cluster(gates).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    let created = pods.create(&pod("p", group("g")), &CreateOptions::default()).await.unwrap();
    let stored = pods.get("p", &GetOptions::default()).await.unwrap();
    assert_eq!(created.spec.scheduling_group, stored.spec.scheduling_group);
    test.shutdown().await;
    stored.spec.scheduling_group
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_in_one_process_keep_their_own_gates() {
    // Upstream's default for v1.36: GenericWorkload is alpha and off.
    assert!(!FeatureGates::default().enabled(Feature::GenericWorkload));
    let (off, on) =
        tokio::join!(tokio::spawn(created_group(FeatureGates::default())), tokio::spawn(created_group(on())));
    assert_eq!(off.unwrap(), None, "dropped with the gate off");
    assert_eq!(on.unwrap(), group("g"), "kept with the gate on");
}

#[tokio::test]
async fn update_keeps_a_gated_field_the_stored_object_uses_and_drops_a_new_one() {
    let (server, cs, test) = cluster(on()).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    pods.create(&pod("used", group("g")), &CreateOptions::default()).await.unwrap();
    pods.create(&pod("unused", None), &CreateOptions::default()).await.unwrap();
    // The gate goes off (an upgrade rolled back, say): what the stored pod uses survives.
    server.set_feature_gate("GenericWorkload", false);
    assert!(!server.feature_enabled("GenericWorkload"));
    let mut used = pods.get("used", &GetOptions::default()).await.unwrap();
    used.metadata.labels.insert("touched".into(), "yes".into());
    let updated = pods.update(&used, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.spec.scheduling_group, group("g"), "kept: the stored pod used it");
    assert_eq!(updated.metadata.labels.get("touched").map(String::as_str), Some("yes"));

    // A pod that did not use it cannot start to, by update or by patch (a patch ends in one).
    let mut unused = pods.get("unused", &GetOptions::default()).await.unwrap();
    unused.spec.scheduling_group = group("g");
    unused.metadata.labels.insert("touched".into(), "yes".into());
    let updated = pods.update(&unused, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.spec.scheduling_group, None, "dropped: the stored pod did not use it");
    assert_eq!(updated.metadata.labels.get("touched").map(String::as_str), Some("yes"));
    let patch = Patch::Merge(br#"{"spec":{"schedulingGroup":{"podGroupName":"g"}}}"#.to_vec());
    let patched = pods.patch("unused", &patch, &PatchOptions::default()).await.unwrap();
    assert_eq!(patched.spec.scheduling_group, None, "dropped from a patch");
    assert_eq!(pods.get("unused", &GetOptions::default()).await.unwrap().spec.scheduling_group, None);
    test.shutdown().await;
}

#[tokio::test]
async fn gated_fields_are_dropped_from_other_kinds_that_hold_a_pod_template() {
    let (_server, cs, test) = cluster(FeatureGates::default()).await;
    let deployments: Api<Deployment> = cs.apps_v1().deployments("default");
    let labels = [("app".to_owned(), "web".to_owned())];
    let d = Deployment {
        metadata: ObjectMeta { name: "d".into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            selector: Some(LabelSelector { match_labels: labels.clone().into(), ..Default::default() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels.into(), ..Default::default() },
                spec: pod_spec(group("g")),
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let created = deployments.create(&d, &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.template.spec.scheduling_group, None);
    let containers = created.spec.template.spec.containers.unwrap_or_default();
    assert_eq!(containers[0].image, "nginx", "the rest is kept");
    test.shutdown().await;
}

/// Creates a Service named `1-svc` on a server with `RelaxedServiceNameValidation` as given: the
/// error message, or `None` when it was created.
async fn create_relaxed_service(relaxed: bool) -> Option<(u16, String)> {
    let (_server, cs, test) =
        cluster(FeatureGates::default().with(Feature::RelaxedServiceNameValidation, relaxed)).await;
    let services: Api<Service> = cs.core_v1().services("default");
    let svc = Service {
        metadata: ObjectMeta { name: "1-svc".into(), namespace: "default".into(), ..Default::default() },
        spec: ServiceSpec { ports: vec![ServicePort { port: 80, ..Default::default() }], ..Default::default() },
        ..Default::default()
    };
    let out = match services.create(&svc, &CreateOptions::default()).await {
        Ok(created) => {
            assert_eq!(created.metadata.name, "1-svc");
            None
        }
        Err(e) => {
            let status = e.status().expect("an API status");
            Some((status.code, status.status.message.clone()))
        }
    };
    test.shutdown().await;
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_name_is_a_dns_label_only_with_relaxed_service_name_validation() {
    // Beta and on in v1.36.
    assert!(FeatureGates::default().enabled(Feature::RelaxedServiceNameValidation));
    let (off, on) = tokio::join!(create_relaxed_service(false), create_relaxed_service(true));
    assert_eq!(
        off,
        Some((
            422,
            r#"Service "1-svc" is invalid: metadata.name: Invalid value: "1-svc": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"#
                .to_owned()
        ))
    );
    assert_eq!(on, None);
}

/// Creates a resource slice whose one device has a list-valued attribute on a server with
/// `DRAListTypeAttributes` as given: the stored attribute, or the refusal.
async fn create_list_attribute(enabled: bool) -> Result<kapi_api::resource::v1::DeviceAttribute, String> {
    use kapi_api::resource::v1::{
        Device, DeviceAttribute, QualifiedName, ResourcePool, ResourceSlice, ResourceSliceSpec,
    };
    let (_server, cs, test) = cluster(FeatureGates::default().with(Feature::DRAListTypeAttributes, enabled)).await;
    let slices: Api<ResourceSlice> = cs.resource_v1().resource_slices();
    let slice = ResourceSlice {
        metadata: ObjectMeta { name: "node-a-gpus".into(), ..Default::default() },
        spec: ResourceSliceSpec {
            driver: "gpu.example.com".into(),
            pool: ResourcePool { name: "node-a".into(), generation: 1, resource_slice_count: 1 },
            node_name: Some("node-a".into()),
            devices: vec![Device {
                name: "gpu-0".into(),
                attributes: [(
                    QualifiedName("numaNodes".into()),
                    DeviceAttribute { ints: vec![0, 1], ..Default::default() },
                )]
                .into(),
                ..Default::default()
            }],
            ..Default::default()
        },
        ..Default::default()
    };
    let out = match slices.create(&slice, &CreateOptions::default()).await {
        Ok(created) => Ok(created.spec.devices[0].attributes[&QualifiedName("numaNodes".into())].clone()),
        Err(e) => Err(e.status().expect("an API status").status.message.clone()),
    };
    test.shutdown().await;
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_attributes_of_devices_need_dra_list_type_attributes() {
    // Alpha and off in v1.36: the lists are dropped, which leaves the attribute without a value.
    assert!(!FeatureGates::default().enabled(Feature::DRAListTypeAttributes));
    let (off, on) = tokio::join!(create_list_attribute(false), create_list_attribute(true));
    let off = off.expect_err("refused once the list is dropped");
    assert!(off.contains(r#"spec.devices[0].attributes[numaNodes]: Invalid value: """#), "{off}");
    assert_eq!(on.unwrap().ints, [0, 1]);
}

/// A pod with a projected volume of a pod certificate (its key type as given) and a cluster trust
/// bundle, the two sources whose gates are beta and off in 1.36.
fn pod_with_credentials(name: &str, key_type: &str) -> Pod {
    use kapi_api::core::v1::{
        ClusterTrustBundleProjection, PodCertificateProjection, ProjectedVolumeSource, Volume, VolumeProjection,
        VolumeSource,
    };
    let certificate = PodCertificateProjection {
        signer_name: "example.com/signer".into(),
        key_type: key_type.into(),
        credential_bundle_path: "bundle.pem".into(),
        ..Default::default()
    };
    let bundle = ClusterTrustBundleProjection {
        signer_name: Some("example.com/signer".into()),
        path: "ca.pem".into(),
        ..Default::default()
    };
    let sources = vec![
        VolumeProjection { pod_certificate: Some(Box::new(certificate)), ..Default::default() },
        VolumeProjection { cluster_trust_bundle: Some(Box::new(bundle)), ..Default::default() },
    ];
    let mut p = pod(name, None);
    p.spec.volumes = vec![Volume {
        name: "creds".into(),
        volume_source: VolumeSource {
            projected: Some(Box::new(ProjectedVolumeSource { sources: Some(sources), ..Default::default() })),
            ..Default::default()
        },
    }];
    p
}

/// Which of a pod's projected sources still hold a pod certificate and a trust bundle.
fn credentials(p: &Pod) -> Vec<(bool, bool)> {
    let projected = p.spec.volumes.first().and_then(|v| v.volume_source.projected.as_ref());
    let sources = projected.and_then(|p| p.sources.clone()).unwrap_or_default();
    sources.iter().map(|s| (s.pod_certificate.is_some(), s.cluster_trust_bundle.is_some())).collect()
}

fn credentials_on() -> FeatureGates {
    FeatureGates::default().with(Feature::PodCertificateRequest, true).with(Feature::ClusterTrustBundleProjection, true)
}

#[tokio::test]
async fn projected_credentials_are_dropped_before_validation_with_the_1_36_defaults() {
    assert!(!FeatureGates::default().enabled(Feature::PodCertificateRequest));
    assert!(!FeatureGates::default().enabled(Feature::ClusterTrustBundleProjection));
    let (_server, cs, test) = cluster(FeatureGates::default()).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    // A key type no signer offers: dropped with its source, not refused.
    let created = pods.create(&pod_with_credentials("p", "DSA"), &CreateOptions::default()).await.unwrap();
    assert_eq!(
        credentials(&created),
        [(false, false), (false, false)],
        "both entries emptied, as upstream leaves them"
    );
    let stored = pods.get("p", &GetOptions::default()).await.unwrap();
    assert_eq!(credentials(&stored), credentials(&created));
    test.shutdown().await;
}

#[tokio::test]
async fn projected_credentials_are_kept_and_validated_with_their_gates_on() {
    let (server, cs, test) = cluster(credentials_on()).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    let created = pods.create(&pod_with_credentials("p", "ED25519"), &CreateOptions::default()).await.unwrap();
    assert_eq!(credentials(&created), [(true, false), (false, true)]);
    let err = pods.create(&pod_with_credentials("bad", "DSA"), &CreateOptions::default()).await.unwrap_err();
    let status = err.status().expect("an API status");
    assert_eq!(status.code, 422, "{}", status.status.message);
    assert!(
        status.status.message.contains("spec.volumes[0].projected.sources[0].podCertificate.keyType"),
        "{}",
        status.status.message
    );

    // The gates go off: an update of the pod that already uses both keeps them.
    server.set_feature_gate("PodCertificateRequest", false);
    server.set_feature_gate("ClusterTrustBundleProjection", false);
    let mut p = pods.get("p", &GetOptions::default()).await.unwrap();
    p.metadata.labels.insert("touched".into(), "yes".into());
    let updated = pods.update(&p, &UpdateOptions::default()).await.unwrap();
    assert_eq!(credentials(&updated), [(true, false), (false, true)], "kept: the stored pod uses them");
    assert_eq!(updated.metadata.labels.get("touched").map(String::as_str), Some("yes"));
    test.shutdown().await;
}

/// Fields upstream drops by a rule of its own (`testing/src/server/strategy/gated.rs`): a
/// container's stop signal with the lifecycle it empties, and a lease's coordination fields.
#[tokio::test]
async fn hand_ruled_gated_fields_are_dropped_with_the_1_36_defaults() {
    use kapi_api::coordination::v1::{CoordinatedLeaseStrategy, Lease, LeaseSpec};
    use kapi_api::core::v1::{Lifecycle, Signal};
    assert!(!FeatureGates::default().enabled(Feature::ContainerStopSignals));
    assert!(!FeatureGates::default().enabled(Feature::CoordinatedLeaderElection));
    let (_server, cs, test) = cluster(FeatureGates::default()).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    let mut p = pod("stop", None);
    if let Some(c) = p.spec.containers.as_mut().and_then(|c| c.first_mut()) {
        c.lifecycle = Some(Box::new(Lifecycle { stop_signal: Some(Signal("SIGUSR1".into())), ..Default::default() }));
    }
    // No `os.name`, which a stop signal needs: the signal is gone before validation would say so.
    let created = pods.create(&p, &CreateOptions::default()).await.unwrap();
    let containers = created.spec.containers.unwrap_or_default();
    assert_eq!(containers[0].lifecycle, None, "the emptied lifecycle goes too");

    let leases: Api<Lease> = cs.coordination_v1().leases("default");
    let lease = Lease {
        metadata: ObjectMeta { name: "l".into(), namespace: "default".into(), ..Default::default() },
        spec: LeaseSpec {
            holder_identity: Some("a".into()),
            strategy: Some(CoordinatedLeaseStrategy("OldestEmulationVersion".into())),
            preferred_holder: Some("b".into()),
            ..Default::default()
        },
        ..Default::default()
    };
    let created = leases.create(&lease, &CreateOptions::default()).await.unwrap();
    assert_eq!((created.spec.strategy, created.spec.preferred_holder), (None, None));
    assert_eq!(created.spec.holder_identity.as_deref(), Some("a"));
    test.shutdown().await;
}

/// A claim whose `dataSourceRef` names another namespace loses the whole reference while
/// `CrossNamespaceVolumeDataSource` (alpha, off in 1.36) is off, and keeps it with the gate on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cross_namespace_data_source_is_dropped_whole_with_the_gate_off() {
    use kapi_api::core::v1::{
        PersistentVolumeAccessMode, PersistentVolumeClaim, PersistentVolumeClaimSpec, ResourceName,
        TypedObjectReference,
    };
    async fn created_ref(gates: FeatureGates) -> Option<TypedObjectReference> {
        let (_server, cs, test) = cluster(gates).await;
        let claims: Api<PersistentVolumeClaim> = cs.core_v1().persistent_volume_claims("default");
        let mut claim = PersistentVolumeClaim {
            metadata: ObjectMeta { name: "c".into(), namespace: "default".into(), ..Default::default() },
            spec: PersistentVolumeClaimSpec {
                access_modes: vec![PersistentVolumeAccessMode(PersistentVolumeAccessMode::READ_WRITE_ONCE.into())],
                data_source_ref: Some(TypedObjectReference {
                    api_group: Some("snapshot.storage.k8s.io".into()),
                    kind: "VolumeSnapshot".into(),
                    name: "snap".into(),
                    namespace: Some("other".into()),
                }),
                ..Default::default()
            },
            ..Default::default()
        };
        claim.spec.resources.requests.insert(ResourceName("storage".into()), "1Gi".parse().unwrap());
        let created = claims.create(&claim, &CreateOptions::default()).await.unwrap();
        test.shutdown().await;
        created.spec.data_source_ref
    }
    assert!(!FeatureGates::default().enabled(Feature::CrossNamespaceVolumeDataSource));
    let on = FeatureGates::default().with(Feature::CrossNamespaceVolumeDataSource, true);
    let (off, on) = tokio::join!(created_ref(FeatureGates::default()), created_ref(on));
    assert_eq!(off, None);
    assert_eq!(on.and_then(|r| r.namespace).as_deref(), Some("other"));
}

/// A pod whose container requests CPU, so a device health entry can name `cpu`.
fn status_pod(name: &str) -> Pod {
    use kapi_api::core::v1::ResourceName;
    let mut p = pod(name, None);
    if let Some(c) = p.spec.containers.as_mut().and_then(|c| c.first_mut()) {
        c.resources.requests.insert(ResourceName("cpu".into()), "100m".parse().unwrap());
    }
    p
}

/// `p`'s status with the gated status fields: an image volume's digest (`ImageVolumeWithDigest`,
/// alpha, off in 1.36), DRA node-allocatable claim statuses (`DRANodeAllocatableResources`,
/// alpha, off) and device health with a message (`ResourceHealthStatus`,
/// `ResourceHealthStatusMessage`, beta, on).
fn with_gated_status(mut p: Pod, message: &str) -> Pod {
    use kapi_api::core::v1::{
        ContainerStatus, ImageVolumeStatus, NodeAllocatableResourceClaimStatus, ResourceHealth, ResourceHealthStatus,
        ResourceID, ResourceName, ResourceStatus, VolumeMountStatus, VolumeStatus,
    };
    p.status.container_statuses = vec![ContainerStatus {
        name: "c".into(),
        image: "nginx".into(),
        volume_mounts: vec![VolumeMountStatus {
            name: "img".into(),
            mount_path: "/img".into(),
            volume_status: Some(VolumeStatus {
                image: Some(ImageVolumeStatus { image_ref: "registry.example/img@sha256:0123".into() }),
            }),
            ..Default::default()
        }],
        allocated_resources_status: vec![ResourceStatus {
            name: ResourceName("cpu".into()),
            resources: vec![ResourceHealth {
                resource_id: ResourceID("cpu-0".into()),
                health: ResourceHealthStatus(ResourceHealthStatus::HEALTHY.into()),
                message: Some(message.into()),
            }],
        }],
        ..Default::default()
    }];
    p.status.node_allocatable_resource_claim_statuses =
        vec![NodeAllocatableResourceClaimStatus { resource_claim_name: "claim".into(), ..Default::default() }];
    p
}

/// What of the gated status fields a pod holds: the image digest, whether it has node-allocatable
/// claim statuses, the device health entries and the first one's message.
fn gated_status(p: &Pod) -> (Option<String>, bool, usize, Option<String>) {
    let c = p.status.container_statuses.first();
    let digest = c
        .and_then(|c| c.volume_mounts.first())
        .and_then(|m| m.volume_status.as_ref())
        .and_then(|s| s.image.as_ref())
        .map(|i| i.image_ref.clone());
    let health = c.map_or(0, |c| c.allocated_resources_status.len());
    let message = c
        .and_then(|c| c.allocated_resources_status.first())
        .and_then(|s| s.resources.first())
        .and_then(|r| r.message.clone());
    (digest, !p.status.node_allocatable_resource_claim_statuses.is_empty(), health, message)
}

const DIGEST: &str = "registry.example/img@sha256:0123";

/// The gated status fields a status write of a new pod keeps, the answer and the stored pod
/// agreeing.
async fn written_status(gates: FeatureGates) -> (Option<String>, bool, usize, Option<String>) {
    let (_server, cs, test) = cluster(gates).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    let created = pods.create(&status_pod("s"), &CreateOptions::default()).await.unwrap();
    let written = pods.update_status(&with_gated_status(created, "ok"), &UpdateOptions::default()).await.unwrap();
    let stored = pods.get("s", &GetOptions::default()).await.unwrap();
    assert_eq!(gated_status(&written), gated_status(&stored));
    test.shutdown().await;
    gated_status(&stored)
}

/// A `pods/status` write drops the status fields of gates that are off before validation, as
/// upstream's status strategy does (`DropDisabledPodFields` in its `PrepareForUpdate`), and keeps
/// them with their gates on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_status_write_drops_gated_status_fields_with_the_1_36_defaults_and_keeps_them_with_the_gates_on() {
    for (gate, on) in [
        (Feature::ImageVolumeWithDigest, false),
        (Feature::DRANodeAllocatableResources, false),
        (Feature::ResourceHealthStatus, true),
        (Feature::ResourceHealthStatusMessage, true),
    ] {
        assert_eq!(FeatureGates::default().enabled(gate), on, "{gate} in 1.36");
    }
    let on = FeatureGates::default()
        .with(Feature::ImageVolumeWithDigest, true)
        .with(Feature::DRANodeAllocatableResources, true);
    let health_off = FeatureGates::default()
        .with(Feature::ResourceHealthStatus, false)
        .with(Feature::ResourceHealthStatusMessage, false);
    let (defaults, on, health_off) =
        tokio::join!(written_status(FeatureGates::default()), written_status(on), written_status(health_off));
    assert_eq!(defaults, (None, false, 1, Some("ok".into())), "the alpha fields dropped, device health kept");
    assert_eq!(on, (Some(DIGEST.into()), true, 1, Some("ok".into())), "all kept with the gates on");
    assert_eq!(health_off, (None, false, 0, None), "device health dropped with its gates off");
}

/// A status write keeps a gated status field the stored pod already has (its gate went off
/// after it was written), and one whose gate is off cannot be added to a pod that has none.
#[tokio::test]
async fn a_status_write_keeps_gated_status_fields_the_stored_pod_has() {
    let gates = FeatureGates::default()
        .with(Feature::ImageVolumeWithDigest, true)
        .with(Feature::DRANodeAllocatableResources, true);
    let (server, cs, test) = cluster(gates).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    let created = pods.create(&status_pod("had"), &CreateOptions::default()).await.unwrap();
    pods.update_status(&with_gated_status(created, "ok"), &UpdateOptions::default()).await.unwrap();
    let fresh = pods.create(&status_pod("fresh"), &CreateOptions::default()).await.unwrap();
    for gate in ["ImageVolumeWithDigest", "DRANodeAllocatableResources", "ResourceHealthStatusMessage"] {
        server.set_feature_gate(gate, false);
    }
    let had = pods.get("had", &GetOptions::default()).await.unwrap();
    let written = pods.update_status(&with_gated_status(had, "hot"), &UpdateOptions::default()).await.unwrap();
    assert_eq!(
        gated_status(&written),
        (Some(DIGEST.into()), true, 1, Some("hot".into())),
        "kept: the stored pod had them"
    );
    let written = pods.update_status(&with_gated_status(fresh, "hot"), &UpdateOptions::default()).await.unwrap();
    assert_eq!(gated_status(&written), (None, false, 1, None), "dropped: the stored pod had none");
    test.shutdown().await;
}

/// `ResourceHealthStatus` off clears device health from every pod write, whatever the stored
/// pod holds: a status write, and an update of the pod itself, which carries the stored status
/// (upstream's `dropDisabledPodStatusFields` has no in-use rule for it).
#[tokio::test]
async fn device_health_goes_from_every_pod_write_while_its_gate_is_off() {
    let (server, cs, test) = cluster(FeatureGates::default()).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    let created = pods.create(&status_pod("h"), &CreateOptions::default()).await.unwrap();
    let written = pods.update_status(&with_gated_status(created, "ok"), &UpdateOptions::default()).await.unwrap();
    assert_eq!(gated_status(&written).2, 1);
    server.set_feature_gate("ResourceHealthStatus", false);
    let mut p = pods.get("h", &GetOptions::default()).await.unwrap();
    p.metadata.labels.insert("touched".into(), "yes".into());
    let updated = pods.update(&p, &UpdateOptions::default()).await.unwrap();
    assert_eq!(gated_status(&updated).2, 0, "the pod's own update clears the stored health");
    assert_eq!(gated_status(&pods.get("h", &GetOptions::default()).await.unwrap()).2, 0);
    let written = pods.update_status(&with_gated_status(updated, "ok"), &UpdateOptions::default()).await.unwrap();
    assert_eq!(gated_status(&written).2, 0, "a status write cannot add it back");
    test.shutdown().await;
}

/// An ephemeral container added through `pods/ephemeralcontainers` loses a stop signal while
/// `ContainerStopSignals` (alpha, off in 1.36) is off, as upstream's ephemeral containers
/// strategy drops through `DropDisabledPodFields`; the emptied lifecycle goes with it.
#[tokio::test]
async fn an_ephemeral_container_loses_its_stop_signal_with_the_1_36_defaults() {
    use kapi_api::core::v1::{EphemeralContainer, EphemeralContainerCommon, Lifecycle, Signal};
    let (_server, cs, test) = cluster(FeatureGates::default()).await;
    let pods: Api<Pod> = cs.core_v1().pods("default");
    let mut p = pods.create(&pod("e", None), &CreateOptions::default()).await.unwrap();
    p.spec.ephemeral_containers = vec![EphemeralContainer {
        ephemeral_container_common: EphemeralContainerCommon {
            name: "debug".into(),
            image: "busybox".into(),
            lifecycle: Some(Box::new(Lifecycle { stop_signal: Some(Signal("SIGUSR1".into())), ..Default::default() })),
            ..Default::default()
        },
        target_container_name: "c".into(),
    }];
    // Upstream forbids any lifecycle on an ephemeral container: the signal, and the lifecycle it
    // empties, are gone before validation would refuse them.
    let out = pods.update_ephemeral_containers("e", &p, &UpdateOptions::default()).await.unwrap();
    assert_eq!(out.spec.ephemeral_containers.len(), 1);
    assert_eq!(out.spec.ephemeral_containers[0].ephemeral_container_common.lifecycle, None);
    test.shutdown().await;
}

/// A CSI driver's `preventPodSchedulingIfMissing` (`VolumeLimitScaling`, alpha and off in 1.36)
/// is dropped from a new driver with the defaults and kept with the gate on; once the gate goes
/// off, an update of a driver that sets it keeps it, and one of a driver that did not cannot add
/// it (k8s.io/api's marker rule).
#[tokio::test]
async fn a_csi_driver_keeps_prevent_pod_scheduling_if_missing_only_with_volume_limit_scaling() {
    use kapi_api::storage::v1::{CSIDriver, CSIDriverSpec};
    assert!(!FeatureGates::default().enabled(Feature::VolumeLimitScaling));
    let driver = |name: &str| CSIDriver {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: CSIDriverSpec { prevent_pod_scheduling_if_missing: Some(true), ..Default::default() },
        ..Default::default()
    };
    let (server, cs, test) = cluster(FeatureGates::default()).await;
    let drivers: Api<CSIDriver> = cs.storage_v1().csi_drivers();
    let created = drivers.create(&driver("off.example.com"), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.prevent_pod_scheduling_if_missing, None, "dropped with the defaults");
    server.set_feature_gate("VolumeLimitScaling", true);
    let created = drivers.create(&driver("on.example.com"), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.prevent_pod_scheduling_if_missing, Some(true), "kept with the gate on");
    server.set_feature_gate("VolumeLimitScaling", false);
    let mut used = drivers.get("on.example.com", &GetOptions::default()).await.unwrap();
    used.spec.prevent_pod_scheduling_if_missing = Some(false);
    let updated = drivers.update(&used, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.spec.prevent_pod_scheduling_if_missing, Some(false), "kept: the stored driver sets it");
    let mut fresh = drivers.get("off.example.com", &GetOptions::default()).await.unwrap();
    fresh.spec.prevent_pod_scheduling_if_missing = Some(true);
    let updated = drivers.update(&fresh, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.spec.prevent_pod_scheduling_if_missing, None, "dropped: the stored driver had none");
    test.shutdown().await;
}

/// A resource slice device's `nodeAllocatableResources` (`DRANodeAllocatableResources`, alpha and
/// off in 1.36): dropped from a new slice with the defaults, kept with the gate on.
#[tokio::test]
async fn node_allocatable_resources_of_devices_need_their_gate() {
    use kapi_api::core::v1::ResourceName;
    use kapi_api::resource::v1::{
        Device, NodeAllocatableMapping, NodeAllocatableResource, ResourcePool, ResourceSlice, ResourceSliceSpec,
    };
    let slice = |name: &str| ResourceSlice {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: ResourceSliceSpec {
            driver: "cpu.example.com".into(),
            pool: ResourcePool { name: name.into(), generation: 1, resource_slice_count: 1 },
            node_name: Some(name.into()),
            devices: vec![Device {
                name: "cpu-0".into(),
                node_allocatable_resources: [(
                    ResourceName("cpu".into()),
                    NodeAllocatableResource {
                        mapping: Some(NodeAllocatableMapping {
                            device_multiplier: Some("1".parse().unwrap()),
                            ..Default::default()
                        }),
                        ..Default::default()
                    },
                )]
                .into(),
                ..Default::default()
            }],
            ..Default::default()
        },
        ..Default::default()
    };
    let (server, cs, test) = cluster(FeatureGates::default()).await;
    let slices: Api<ResourceSlice> = cs.resource_v1().resource_slices();
    let created = slices.create(&slice("node-a"), &CreateOptions::default()).await.unwrap();
    assert!(created.spec.devices[0].node_allocatable_resources.is_empty(), "dropped with the defaults");
    server.set_feature_gate("DRANodeAllocatableResources", true);
    let created = slices.create(&slice("node-b"), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.devices[0].node_allocatable_resources.len(), 1, "kept with the gate on");
    test.shutdown().await;
}

/// A server with these gates serving `scheduling.k8s.io/v1beta1`, whose pod groups came after
/// 1.36 (so only a configuration that also serves versions outside the release has them; it is
/// read when the server starts).
async fn scheduling_cluster(gates: FeatureGates) -> (Arc<ApiServer>, Clientset, TestServer) {
    let server = Arc::new(ApiServer::new().with_feature_gates(gates));
    server.register_builtin();
    server.set_controllers(Controllers::none());
    let config = kapi_testing::RuntimeConfig::parse("scheduling.k8s.io/v1beta1=true").unwrap().with_removed(true);
    server.set_runtime_config(config).unwrap();
    let test = TestServer::start(Arc::clone(&server), None).await.unwrap();
    (server, clientset_support::clientset(&test), test)
}

fn pod_group(name: &str, claims: bool) -> kapi_api::scheduling::v1beta1::PodGroup {
    use kapi_api::scheduling::v1beta1::{
        BasicSchedulingPolicy, PodGroup, PodGroupResourceClaim, PodGroupSchedulingPolicy, PodGroupSpec,
    };
    let resource_claims = if claims {
        vec![PodGroupResourceClaim {
            name: "gpus".into(),
            resource_claim_name: Some("rc".into()),
            ..Default::default()
        }]
    } else {
        Vec::new()
    };
    PodGroup {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: PodGroupSpec {
            scheduling_policy: PodGroupSchedulingPolicy { basic: Some(BasicSchedulingPolicy {}), ..Default::default() },
            resource_claims,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// A pod group's `spec.resourceClaims` (`DRAWorkloadResourceClaims`, alpha and off in 1.36):
/// dropped from a new group with the defaults, kept with the gate on. With the gate off again, a
/// status write keeps `resourceClaimStatuses` on a group whose stored spec has claims and drops
/// them from one whose spec has none, as upstream's `dropDisabledPodGroupStatusFields` tests the
/// stored spec rather than the stored status.
#[tokio::test]
async fn pod_group_claims_need_dra_workload_resource_claims() {
    use kapi_api::scheduling::v1beta1::{PodGroup, PodGroupResourceClaimStatus};
    assert!(!FeatureGates::default().enabled(Feature::DRAWorkloadResourceClaims));
    let (server, cs, test) = scheduling_cluster(FeatureGates::default()).await;
    let groups: Api<PodGroup> = cs.scheduling_v1beta1().pod_groups("default");
    let created = groups.create(&pod_group("off", true), &CreateOptions::default()).await.unwrap();
    assert!(created.spec.resource_claims.is_empty(), "dropped with the defaults");
    server.set_feature_gate("DRAWorkloadResourceClaims", true);
    let created = groups.create(&pod_group("on", true), &CreateOptions::default()).await.unwrap();
    assert_eq!(created.spec.resource_claims.len(), 1, "kept with the gate on");
    server.set_feature_gate("DRAWorkloadResourceClaims", false);
    let statuses = vec![PodGroupResourceClaimStatus { name: "gpus".into(), resource_claim_name: Some("rc-1".into()) }];
    let mut with_claims = groups.get("on", &GetOptions::default()).await.unwrap();
    with_claims.status.resource_claim_statuses = statuses.clone();
    let written = groups.update_status(&with_claims, &UpdateOptions::default()).await.unwrap();
    assert_eq!(written.status.resource_claim_statuses, statuses, "kept: the stored spec has claims");
    let mut without = groups.get("off", &GetOptions::default()).await.unwrap();
    without.status.resource_claim_statuses = statuses;
    let written = groups.update_status(&without, &UpdateOptions::default()).await.unwrap();
    assert!(written.status.resource_claim_statuses.is_empty(), "dropped: the stored spec has none");
    test.shutdown().await;
}
