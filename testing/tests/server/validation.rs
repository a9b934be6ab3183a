//! Object validation in the test server: `422 Invalid` with upstream's message and causes on create, update, patch, server-side apply and dry runs, and updates relaxed by what the stored object already had.

use crate::csr_support;

use std::sync::Arc;

use kapi_api::admissionregistration::v1::{
    SideEffectClass, ValidatingWebhook, ValidatingWebhookApplyConfiguration, ValidatingWebhookConfiguration,
    ValidatingWebhookConfigurationApplyConfiguration, WebhookClientConfig,
};
use kapi_api::meta::v1::{ApplyOptions, CreateOptions, GetOptions, ObjectMeta, PatchOptions, UpdateOptions};
use kapi_client::{Client, Config, ContentType, Patch, Transport};
use kapi_testing::{ApiServer, TestServer};

const SIDE_EFFECTS: &str =
    r#"webhooks[0].sideEffects: Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#;
const TIMEOUT: &str =
    "webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds";

async fn http_client() -> (Client, Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let transport = Arc::new(Transport::new(&config).unwrap());
    let client = Client::new(transport, test.url()).unwrap().with_content_type(ContentType::Json);
    (client, server, test)
}

fn config(name: &str, side_effects: &str, timeout: Option<i32>) -> ValidatingWebhookConfiguration {
    ValidatingWebhookConfiguration {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        webhooks: vec![ValidatingWebhook {
            name: "hook.example.com".into(),
            client_config: WebhookClientConfig { url: Some("https://hook.example.com/".into()), ..Default::default() },
            side_effects: Some(SideEffectClass(side_effects.into())),
            timeout_seconds: timeout,
            admission_review_versions: Some(vec!["v1".into()]),
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// The code, reason, message and `(type, field, message)` of each cause of a status error.
fn invalid(e: &kapi_client::Error) -> (u16, String, String, Vec<(String, String, String)>) {
    let s = e.status().unwrap_or_else(|| panic!("a status error, got {e}"));
    let causes = s
        .status
        .details
        .as_ref()
        .map(|d| d.causes.iter().map(|c| (c.r#type.0.clone(), c.field.clone(), c.message.clone())).collect())
        .unwrap_or_default();
    (s.code, s.status.reason.0.clone(), s.status.message.clone(), causes)
}

#[tokio::test]
async fn create_answers_invalid_with_every_cause() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let err = api.create(&config("bad", "Sometimes", Some(31)), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        format!(
            r#"ValidatingWebhookConfiguration.admissionregistration.k8s.io "bad" is invalid: [{SIDE_EFFECTS}, {TIMEOUT}]"#
        )
    );
    assert_eq!(
        causes,
        [
            (
                "FieldValueNotSupported".to_owned(),
                "webhooks[0].sideEffects".to_owned(),
                r#"Unsupported value: "Sometimes": supported values: "None", "NoneOnDryRun""#.to_owned()
            ),
            (
                "FieldValueInvalid".to_owned(),
                "webhooks[0].timeoutSeconds".to_owned(),
                "Invalid value: 31: the timeout value must be between 1 and 30 seconds".to_owned()
            ),
        ]
    );
    let details = err.status().unwrap().status.details.clone().unwrap();
    assert_eq!(
        (details.name.as_str(), details.group.as_str(), details.kind.as_str()),
        ("bad", "admissionregistration.k8s.io", "ValidatingWebhookConfiguration")
    );
    // Nothing was stored.
    assert_eq!(api.get("bad", &GetOptions::default()).await.unwrap_err().status().unwrap().code, 404);
}

#[tokio::test]
async fn metadata_and_object_errors_come_together() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let err = api.create(&config("Bad_Name", "Sometimes", None), &CreateOptions::default()).await.unwrap_err();
    let (code, _, _, causes) = invalid(&err);
    assert_eq!(code, 422);
    let fields: Vec<&str> = causes.iter().map(|c| c.1.as_str()).collect();
    assert_eq!(fields, ["metadata.name", "webhooks[0].sideEffects"]);
}

/// Every object's metadata is checked as upstream's `ValidateObjectMetaAccessor` checks it, on
/// create and update, before the kind's own rules.
#[tokio::test]
async fn object_metadata_contents_are_validated() {
    use kapi_api::core::v1::ConfigMap;
    use kapi_api::meta::v1::OwnerReference;
    let (client, _server, _test) = http_client().await;
    let api = client.namespaced::<ConfigMap>("default");
    let mut cm = ConfigMap { metadata: ObjectMeta { name: "c".into(), ..Default::default() }, ..Default::default() };
    cm.metadata.labels.insert("bad key".into(), "v".into());
    cm.metadata.annotations.insert("also bad".into(), "v".into());
    cm.metadata.owner_references.push(OwnerReference {
        api_version: "apps/v1".into(),
        kind: "ReplicaSet".into(),
        name: "rs".into(),
        ..Default::default()
    });
    cm.metadata.finalizers = vec!["orphan".into(), "foregroundDeletion".into()];
    let err = api.create(&cm, &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    let fields: Vec<&str> = causes.iter().map(|c| c.1.as_str()).collect();
    assert_eq!(
        fields,
        ["metadata.labels", "metadata.annotations", "metadata.ownerReferences.uid", "metadata.finalizers"],
        "{message}"
    );
    assert!(message.contains(r#"metadata.ownerReferences.uid: Invalid value: "": uid must not be empty"#), "{message}");
    assert!(
        message.contains(r#"metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set"#),
        "{message}"
    );

    // A bad prefix is reported with the name made from it.
    let generated =
        ConfigMap { metadata: ObjectMeta { generate_name: "Bad-".into(), ..Default::default() }, ..Default::default() };
    let err = api.create(&generated, &CreateOptions::default()).await.unwrap_err();
    let (_, _, message, causes) = invalid(&err);
    let fields: Vec<&str> = causes.iter().map(|c| c.1.as_str()).collect();
    assert_eq!(fields, ["metadata.generateName", "metadata.name"], "{message}");

    // Updates: no finalizer may be added to an object being deleted.
    let keep = ConfigMap {
        metadata: ObjectMeta { name: "kept".into(), finalizers: vec!["example.com/keep".into()], ..Default::default() },
        ..Default::default()
    };
    api.create(&keep, &CreateOptions::default()).await.unwrap();
    api.delete("kept", &Default::default()).await.unwrap();
    let mut deleting = api.get("kept", &GetOptions::default()).await.unwrap();
    assert!(deleting.metadata.deletion_timestamp.is_some());
    deleting.metadata.finalizers.push("example.com/more".into());
    let err = api.update(&deleting, &UpdateOptions::default()).await.unwrap_err();
    let (code, _, message, _) = invalid(&err);
    assert_eq!(code, 422);
    assert!(
        message.ends_with(r#"metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/more"}"#),
        "{message}"
    );
}

#[tokio::test]
async fn dry_runs_are_validated() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    let err = api.create(&config("bad", "Sometimes", None), &dry).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        format!(r#"ValidatingWebhookConfiguration.admissionregistration.k8s.io "bad" is invalid: {SIDE_EFFECTS}"#)
    );
    api.create(&config("good", "None", None), &dry).await.unwrap();
}

#[tokio::test]
async fn updates_patches_and_applies_are_validated() {
    let (client, _server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    let stored = api.create(&config("hooks", "None", None), &CreateOptions::default()).await.unwrap();

    let mut changed = stored.clone();
    changed.webhooks[0].timeout_seconds = Some(31);
    let err = api.update(&changed, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(invalid(&err).3.len(), 1);
    assert!(invalid(&err).2.ends_with(TIMEOUT), "{}", invalid(&err).2);

    let merge = Patch::Merge(br#"{"webhooks":[{"name":"hook.example.com","sideEffects":"Sometimes"}]}"#.to_vec());
    let err = api.patch("hooks", &merge, &PatchOptions::default()).await.unwrap_err();
    assert!(invalid(&err).2.contains(SIDE_EFFECTS), "{}", invalid(&err).2);

    let strategic = Patch::StrategicMerge(br#"{"webhooks":[{"name":"hook.example.com","timeoutSeconds":0}]}"#.to_vec());
    let err = api.patch("hooks", &strategic, &PatchOptions::default()).await.unwrap_err();
    assert!(invalid(&err).2.contains("webhooks[0].timeoutSeconds: Invalid value: 0"), "{}", invalid(&err).2);

    let apply = ValidatingWebhookConfigurationApplyConfiguration::new("hooks").with_webhooks([
        ValidatingWebhookApplyConfiguration::default().with_name("hook.example.com").with_side_effects("Sometimes"),
    ]);
    let opts = ApplyOptions { field_manager: "tester".into(), force: true, ..Default::default() };
    let err = api.apply(&apply, &opts).await.unwrap_err();
    assert!(invalid(&err).2.contains(SIDE_EFFECTS), "{}", invalid(&err).2);

    // The stored object is unchanged by the refused writes; a valid update goes through.
    let live = api.get("hooks", &GetOptions::default()).await.unwrap();
    assert_eq!(live.webhooks[0].side_effects.as_ref().unwrap().0, "None");
    assert_eq!(live.webhooks[0].timeout_seconds, Some(10));
    let mut ok = live.clone();
    ok.webhooks[0].timeout_seconds = Some(30);
    api.update(&ok, &UpdateOptions::default()).await.unwrap();
}

#[tokio::test]
async fn updates_keep_what_older_servers_accepted() {
    let (client, server, _test) = http_client().await;
    let api = client.api::<ValidatingWebhookConfiguration>();
    // Stored as an older server would have: `sideEffects: Some` is no longer accepted on create.
    server.set_validation(false);
    let stored = api.create(&config("legacy", "Some", None), &CreateOptions::default()).await.unwrap();
    server.set_validation(true);
    let err = api.create(&config("fresh", "Some", None), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(invalid(&err).0, 422);
    // The stored webhook already had side effects, so an update may keep them.
    let mut changed = stored.clone();
    changed.webhooks[0].timeout_seconds = Some(5);
    let updated = api.update(&changed, &UpdateOptions::default()).await.unwrap();
    assert_eq!(updated.webhooks[0].timeout_seconds, Some(5));
}

/// A binding without a policy name or actions is `422 Invalid` with both `Required value` causes:
/// in the 1.36 server from the hand-written checks (the `+k8s:` rules covering them were alpha in
/// 1.36), as 1.37 from the generated rules, which ratchet: an update that leaves the stored
/// object's fields as they were is not refused for them.
#[tokio::test]
async fn declarative_validation_answers_invalid() {
    use kapi_api::admissionregistration::v1::{
        ValidatingAdmissionPolicyBinding, ValidatingAdmissionPolicyBindingSpec, ValidationAction,
    };
    use kapi_api::features::{FeatureGates, Release};
    let (client, server, _test) = http_client().await;
    let api = client.api::<ValidatingAdmissionPolicyBinding>();
    let binding = |policy: &str, actions: &[&str]| ValidatingAdmissionPolicyBinding {
        metadata: ObjectMeta { name: "b".into(), ..Default::default() },
        spec: ValidatingAdmissionPolicyBindingSpec {
            policy_name: policy.into(),
            validation_actions: actions.iter().map(|a| ValidationAction((*a).into())).collect(),
            ..Default::default()
        },
        ..Default::default()
    };
    let required = |field: &str, detail: &str| {
        let text = if detail.is_empty() { "Required value".to_owned() } else { format!("Required value: {detail}") };
        ("FieldValueRequired".to_owned(), field.to_owned(), text)
    };
    let err = api.create(&binding("", &[]), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        r#"ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io "b" is invalid: [spec.policyName: Required value, spec.validationActions: Required value: at least one validation action is required]"#
    );
    assert_eq!(
        causes,
        [
            required("spec.policyName", ""),
            required("spec.validationActions", "at least one validation action is required")
        ]
    );

    server.set_feature_gates(FeatureGates::default().at_release(Release::new(1, 37)));
    let err = api.create(&binding("", &[]), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        r#"ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io "b" is invalid: [spec.policyName: Required value, spec.validationActions: Required value]"#
    );
    assert_eq!(causes, [required("spec.policyName", ""), required("spec.validationActions", "")]);
    let stored = api.create(&binding("policy", &["Deny"]), &CreateOptions::default()).await.unwrap();
    let mut cleared = stored.clone();
    cleared.spec.policy_name.clear();
    let err = api.update(&cleared, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(invalid(&err).3, [required("spec.policyName", "")]);
}

/// A deployment whose template carries `app: web` and whose selector asks for `app`.
fn deployment(name: &str, app: &str) -> kapi_api::apps::v1::Deployment {
    use kapi_api::apps::v1::{Deployment, DeploymentSpec};
    use kapi_api::core::v1::{Container, PodSpec, PodTemplateSpec};
    use kapi_api::meta::v1::LabelSelector;
    let labels = |v: &str| [("app".to_owned(), v.to_owned())].into_iter().collect();
    Deployment {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        spec: DeploymentSpec {
            selector: Some(LabelSelector { match_labels: labels(app), ..Default::default() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels: labels("web"), ..Default::default() },
                spec: PodSpec {
                    containers: Some(vec![Container {
                        name: "web".into(),
                        image: "nginx".into(),
                        ..Default::default()
                    }]),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

#[tokio::test]
async fn deployments_whose_selector_misses_the_template_are_refused() {
    let (client, _server, _test) = http_client().await;
    let api = client.namespaced::<kapi_api::apps::v1::Deployment>("default");
    let err = api.create(&deployment("web", "api"), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        r#"Deployment.apps "web" is invalid: spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`"#
    );
    assert_eq!(
        causes,
        [(
            "FieldValueInvalid".to_owned(),
            "spec.template.metadata.labels".to_owned(),
            r#"Invalid value: {"app":"web"}: `selector` does not match template `labels`"#.to_owned()
        )]
    );
    // The same deployment with a matching selector is defaulted, validated and stored; its
    // selector may not change afterwards.
    let stored = api.create(&deployment("web", "web"), &CreateOptions::default()).await.unwrap();
    let mut moved = stored.clone();
    moved.spec.selector.as_mut().unwrap().match_labels.insert("tier".into(), "front".into());
    moved.spec.template.metadata.labels.insert("tier".into(), "front".into());
    let err = api.update(&moved, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).3,
        [(
            "FieldValueInvalid".to_owned(),
            "spec.selector".to_owned(),
            r#"Invalid value: {"matchLabels":{"app":"web","tier":"front"}}: field is immutable"#.to_owned()
        )]
    );
}

/// The `(type, field)` of each cause, for kinds whose messages the unit tables pin.
fn cause_fields(e: &kapi_client::Error) -> Vec<(String, String)> {
    invalid(e).3.into_iter().map(|(t, f, _)| (t, f)).collect()
}

fn pairs(want: &[(&str, &str)]) -> Vec<(String, String)> {
    want.iter().map(|(t, f)| ((*t).to_owned(), (*f).to_owned())).collect()
}

fn quantities(
    items: &[(&str, &str)],
) -> std::collections::BTreeMap<kapi_api::core::v1::ResourceName, kapi_machinery::types::Quantity> {
    items
        .iter()
        .map(|(k, v)| {
            (kapi_api::core::v1::ResourceName((*k).into()), kapi_machinery::types::Quantity::parse(v).unwrap())
        })
        .collect()
}

#[tokio::test]
async fn persistent_volumes_and_claims_are_validated() {
    use kapi_api::core::v1::{
        HostPathVolumeSource, PersistentVolume, PersistentVolumeAccessMode, PersistentVolumeClaim,
        PersistentVolumeClaimSpec, PersistentVolumeSource, PersistentVolumeSpec, VolumeResourceRequirements,
    };
    let (client, _server, _test) = http_client().await;
    let pvs = client.api::<PersistentVolume>();
    let pv = |path: &str, mode: &str| PersistentVolume {
        metadata: ObjectMeta { name: "pv1".into(), ..Default::default() },
        spec: PersistentVolumeSpec {
            capacity: quantities(&[("storage", "10Gi")]),
            access_modes: vec![PersistentVolumeAccessMode(mode.into())],
            persistent_volume_source: PersistentVolumeSource {
                host_path: Some(Box::new(HostPathVolumeSource { path: path.into(), r#type: None })),
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let err = pvs.create(&pv("/data/..", "fakemode"), &CreateOptions::default()).await.unwrap_err();
    let (code, reason, _, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        causes,
        [
            (
                "FieldValueNotSupported".to_owned(),
                "spec.accessModes".to_owned(),
                r#"Unsupported value: "fakemode": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod""#.to_owned()
            ),
            (
                "FieldValueInvalid".to_owned(),
                "spec.hostPath.path".to_owned(),
                r#"Invalid value: "/data/..": must not contain '..'"#.to_owned()
            ),
        ]
    );
    // A valid volume is stored; its source may not change.
    let stored = pvs.create(&pv("/data", "ReadWriteOnce"), &CreateOptions::default()).await.unwrap();
    let mut moved = stored.clone();
    moved.spec.persistent_volume_source.host_path.as_mut().unwrap().path = "/other".into();
    let err = pvs.update(&moved, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(cause_fields(&err), pairs(&[("FieldValueForbidden", "spec.persistentvolumesource")]));

    let pvcs = client.namespaced::<PersistentVolumeClaim>("default");
    let claim = |storage: &str| PersistentVolumeClaim {
        metadata: ObjectMeta { name: "claim".into(), namespace: "default".into(), ..Default::default() },
        spec: PersistentVolumeClaimSpec {
            access_modes: vec![PersistentVolumeAccessMode("ReadWriteOnce".into())],
            resources: VolumeResourceRequirements {
                requests: quantities(&[("storage", storage)]),
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let err = pvcs.create(&claim("0"), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        r#"PersistentVolumeClaim "claim" is invalid: spec.resources[storage]: Invalid value: "0": must be greater than zero"#
    );
    // An unbound claim may not change its request.
    let stored = pvcs.create(&claim("1Gi"), &CreateOptions::default()).await.unwrap();
    let mut grown = stored.clone();
    grown.spec.resources.requests = quantities(&[("storage", "2Gi")]);
    let err = pvcs.update(&grown, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(cause_fields(&err), pairs(&[("FieldValueForbidden", "spec")]));
    // Its status update keeps the access modes and checks the recorded capacity.
    let patch = Patch::Merge(br#"{"status":{"capacity":{"storage":"-1Gi"}}}"#.to_vec());
    let err = pvcs
        .patch_subresource::<PersistentVolumeClaim>("claim", "status", &patch, &PatchOptions::default())
        .await
        .unwrap_err();
    assert_eq!(
        invalid(&err).3,
        [(
            "FieldValueInvalid".to_owned(),
            "status.capacity[storage]".to_owned(),
            "Invalid value: -1073741824: must be a valid resource quantity".to_owned()
        )]
    );
}

#[tokio::test]
async fn nodes_endpoints_quotas_limit_ranges_and_events_are_validated() {
    use kapi_api::core::v1::{
        EndpointAddress, EndpointSubset, Endpoints, Event, LimitRange, LimitRangeItem, LimitRangeSpec, LimitType, Node,
        NodeSpec, ObjectReference, ResourceQuota, ResourceQuotaScope, ResourceQuotaSpec, Taint, TaintEffect,
    };
    let (client, _server, _test) = http_client().await;

    let node = Node {
        metadata: ObjectMeta { name: "n1".into(), ..Default::default() },
        spec: NodeSpec {
            // Not a CIDR at all: a legacy field's sloppy parse (`StrictIPCIDRValidation` off in
            // 1.36) lets `10.0.0.1/16` through, host bits and all.
            pod_cidrs: vec!["10.0.0.0/33".into()],
            taints: vec![Taint {
                key: "k".into(),
                value: "v".into(),
                effect: TaintEffect("Sometimes".into()),
                time_added: None,
            }],
            ..Default::default()
        },
        ..Default::default()
    };
    let err = client.api::<Node>().create(&node, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        cause_fields(&err),
        pairs(&[("FieldValueNotSupported", "metadata.taints[0].effect"), ("FieldValueInvalid", "spec.podCIDRs[0]")])
    );

    let endpoints = Endpoints {
        metadata: ObjectMeta { name: "svc".into(), namespace: "default".into(), ..Default::default() },
        subsets: vec![EndpointSubset {
            addresses: vec![EndpointAddress { ip: "127.0.0.1".into(), ..Default::default() }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let err =
        client.namespaced::<Endpoints>("default").create(&endpoints, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        r#"Endpoints "svc" is invalid: subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#
    );

    let quota = ResourceQuota {
        metadata: ObjectMeta { name: "q".into(), namespace: "default".into(), ..Default::default() },
        spec: ResourceQuotaSpec {
            hard: quantities(&[("pods", "1.5")]),
            scopes: vec![ResourceQuotaScope("BestEffort".into()), ResourceQuotaScope("NotBestEffort".into())],
            ..Default::default()
        },
        ..Default::default()
    };
    let err =
        client.namespaced::<ResourceQuota>("default").create(&quota, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        r#"ResourceQuota "q" is invalid: [spec.hard[pods]: Invalid value: "1500m": must be an integer, spec.scopes: Invalid value: ["BestEffort","NotBestEffort"]: conflicting scopes]"#
    );

    let limits = LimitRange {
        metadata: ObjectMeta { name: "l".into(), namespace: "default".into(), ..Default::default() },
        spec: LimitRangeSpec {
            limits: Some(vec![LimitRangeItem {
                // A `Container` limit would also get defaults from max and min, and their errors.
                r#type: LimitType("Pod".into()),
                max: quantities(&[("cpu", "1")]),
                min: quantities(&[("cpu", "2")]),
                ..Default::default()
            }]),
        },
        ..Default::default()
    };
    let err = client.namespaced::<LimitRange>("default").create(&limits, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        r#"LimitRange "l" is invalid: spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1"#
    );

    let event = Event {
        metadata: ObjectMeta { name: "e".into(), namespace: "default".into(), ..Default::default() },
        involved_object: ObjectReference {
            namespace: "other".into(),
            name: "p".into(),
            kind: "Pod".into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let err = client.namespaced::<Event>("default").create(&event, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        r#"Event "e" is invalid: involvedObject.namespace: Invalid value: "other": does not match event.namespace"#
    );
}

#[tokio::test]
async fn status_writes_run_the_status_validation() {
    use kapi_api::apps::v1::{ControllerRevision, Deployment};
    use kapi_api::core::v1::Namespace;
    let (client, _server, _test) = http_client().await;
    let api = client.namespaced::<Deployment>("default");
    let stored = api.create(&deployment("web", "web"), &CreateOptions::default()).await.unwrap();

    // A status update: counts above the total are refused, valid ones stored.
    let mut bad = stored.clone();
    bad.status.replicas = 1;
    bad.status.ready_replicas = 2;
    let err = api.update_status(&bad, &UpdateOptions::default()).await.unwrap_err();
    let (code, reason, message, _) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        r#"Deployment.apps "web" is invalid: status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas"#
    );
    let mut good = stored.clone();
    good.status.replicas = 2;
    good.status.ready_replicas = 2;
    good.status.collision_count = Some(1);
    api.update_status(&good, &UpdateOptions::default()).await.unwrap();

    // A status patch: the collision count may not go down.
    let patch = Patch::Merge(br#"{"status":{"collisionCount":0}}"#.to_vec());
    let err = api.patch_subresource::<Deployment>("web", "status", &patch, &PatchOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).3,
        [(
            "FieldValueInvalid".to_owned(),
            "status.collisionCount".to_owned(),
            "Invalid value: 0: cannot be decremented".to_owned()
        )]
    );

    // The main resource still runs the kind's own validation, not the status's.
    let mut relabelled = api.get("web", &GetOptions::default()).await.unwrap();
    relabelled.spec.template.metadata.labels.insert("app".into(), "api".into());
    let err = api.update(&relabelled, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(cause_fields(&err), pairs(&[("FieldValueInvalid", "spec.template.metadata.labels")]));

    // A namespace without deletion must stay `Active`.
    let namespaces = client.api::<Namespace>();
    let ns = namespaces
        .create(
            &Namespace { metadata: ObjectMeta { name: "team".into(), ..Default::default() }, ..Default::default() },
            &CreateOptions::default(),
        )
        .await
        .unwrap();
    let mut terminating = ns.clone();
    terminating.status.phase.0 = "Terminating".into();
    let err = namespaces.update_status(&terminating, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        r#"Namespace "team" is invalid: status.Phase: Invalid value: "Terminating": may only be 'Active' if `deletionTimestamp` is empty"#
    );

    // A controller revision without data is refused.
    let revision = ControllerRevision {
        metadata: ObjectMeta { name: "rev".into(), namespace: "default".into(), ..Default::default() },
        revision: 1,
        ..Default::default()
    };
    let err = client
        .namespaced::<ControllerRevision>("default")
        .create(&revision, &CreateOptions::default())
        .await
        .unwrap_err();
    assert_eq!(invalid(&err).2, r#"ControllerRevision.apps "rev" is invalid: data: Required value: data is mandatory"#);
}

#[tokio::test]
async fn pod_status_writes_and_pod_specs_are_validated() {
    use kapi_api::core::v1::{
        Container, ContainerState, ContainerStateRunning, ContainerStateTerminated, ContainerStatus, DNSPolicy, Pod,
        PodIP, PodSpec, RestartPolicy,
    };
    let (client, _server, _test) = http_client().await;
    let pods = client.namespaced::<Pod>("default");
    let pod = |name: &str| Pod {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: PodSpec {
            containers: Some(vec![Container { name: "app".into(), image: "busybox".into(), ..Default::default() }]),
            restart_policy: RestartPolicy("Never".into()),
            ..Default::default()
        },
        ..Default::default()
    };
    let stored = pods.create(&pod("job"), &CreateOptions::default()).await.unwrap();
    let status = |state: ContainerState| ContainerStatus { name: "app".into(), state, ..Default::default() };
    let terminated = ContainerState {
        terminated: Some(ContainerStateTerminated { exit_code: 0, ..Default::default() }),
        ..Default::default()
    };
    let running = ContainerState { running: Some(ContainerStateRunning::default()), ..Default::default() };

    // A good status update is stored: the container ran to completion, with dual-stack IPs.
    let mut done = stored.clone();
    done.status.container_statuses = vec![status(terminated)];
    done.status.pod_ips = vec![PodIP { ip: "10.0.0.1".into() }, PodIP { ip: "fd00::1".into() }];
    let done = pods.update_status(&done, &UpdateOptions::default()).await.unwrap();
    assert_eq!(done.status.pod_ips.len(), 2);

    // Under `restartPolicy: Never` it may not run again.
    let mut again = done.clone();
    again.status.container_statuses = vec![status(running)];
    let err = pods.update_status(&again, &UpdateOptions::default()).await.unwrap_err();
    let (code, reason, message, causes) = invalid(&err);
    assert_eq!((code, reason.as_str()), (422, "Invalid"));
    assert_eq!(
        message,
        r#"Pod "job" is invalid: status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state"#
    );
    assert_eq!(
        causes,
        [(
            "FieldValueForbidden".to_owned(),
            "status.containerStatuses[0].state".to_owned(),
            "Forbidden: may not be transitioned to non-terminated state".to_owned()
        )]
    );

    // A status patch with two IPs of one family, the same one twice.
    let patch = Patch::Merge(br#"{"status":{"podIPs":[{"ip":"10.0.0.1"},{"ip":"10.0.0.1"}]}}"#.to_vec());
    let err = pods.patch_subresource::<Pod>("job", "status", &patch, &PatchOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).3,
        [
            (
                "FieldValueInvalid".to_owned(),
                "status.podIPs".to_owned(),
                r#"Invalid value: [{"IP":"10.0.0.1"},{"IP":"10.0.0.1"}]: may specify no more than one IP for each IP family"#
                    .to_owned()
            ),
            ("FieldValueDuplicate".to_owned(), "status.podIPs[1]".to_owned(), r#"Duplicate value: {"IP":"10.0.0.1"}"#.to_owned()),
        ]
    );
    let stored = pods.get("job", &GetOptions::default()).await.unwrap();
    assert_eq!(stored.status.pod_ips, done.status.pod_ips);

    // The spec's DNS rules run on create: policy `None` needs a config.
    let mut no_dns = pod("dns");
    no_dns.spec.dns_policy = DNSPolicy("None".into());
    let err = pods.create(&no_dns, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(cause_fields(&err), pairs(&[("FieldValueRequired", "spec.dnsConfig")]));
}

#[tokio::test]
async fn certificate_signing_requests_and_their_approvals_are_validated() {
    use csr_support::CSR_PEM as PEM;
    use kapi_api::certificates::v1::{
        CertificateSigningRequest, CertificateSigningRequestCondition, CertificateSigningRequestSpec, KeyUsage,
        RequestConditionType,
    };
    use kapi_api::core::v1::ConditionStatus;
    let (client, _server, _test) = http_client().await;
    let api = client.api::<CertificateSigningRequest>();
    let csr = |request: &str| CertificateSigningRequest {
        metadata: ObjectMeta { name: "c".into(), ..Default::default() },
        spec: CertificateSigningRequestSpec {
            request: Some(request.as_bytes().to_vec()),
            signer_name: "example.com/signer".into(),
            usages: vec![KeyUsage("client auth".into())],
            ..Default::default()
        },
        ..Default::default()
    };
    let refused = |err: kapi_client::Error, detail: &str| {
        let (code, reason, message, _) = invalid(&err);
        assert_eq!((code, reason.as_str()), (422, "Invalid"), "{message}");
        let prefix = r#"CertificateSigningRequest.certificates.k8s.io "c" is invalid: "#;
        assert!(message.starts_with(prefix) && message.ends_with(detail), "{message}");
    };

    // Not a PEM request, and a request whose signature does not verify (a byte of `s` changed).
    let err = api.create(&csr("invalid data"), &CreateOptions::default()).await.unwrap_err();
    refused(err, r#"spec.request: Invalid value: "aW52YWxpZCBkYXRh": PEM block type must be CERTIFICATE REQUEST"#);
    let tampered = PEM.replace("kamgrA==", "kamgsA==");
    let err = api.create(&csr(&tampered), &CreateOptions::default()).await.unwrap_err();
    refused(err, ": x509: ECDSA verification failure");
    let stored = api.create(&csr(PEM), &CreateOptions::default()).await.unwrap();

    // An approval adds the Approved condition; Denied beside it, or taking it away, is refused.
    let condition = |ty: &str| CertificateSigningRequestCondition {
        r#type: RequestConditionType(ty.into()),
        status: ConditionStatus("True".into()),
        reason: "Test".into(),
        ..Default::default()
    };
    let mut approve = stored.clone();
    approve.status.conditions = vec![condition("Approved")];
    let approved = api.update_subresource("c", "approval", &approve, &UpdateOptions::default()).await.unwrap();
    assert_eq!(approved.status.conditions.len(), 1);
    let mut both = approved.clone();
    both.status.conditions.push(condition("Denied"));
    let err = api.update_subresource("c", "approval", &both, &UpdateOptions::default()).await.unwrap_err();
    let (code, _, message, causes) = invalid(&err);
    assert_eq!(code, 422, "{message}");
    assert!(causes.iter().any(|(_, field, _)| field.starts_with("status.conditions")), "{causes:?}");
    let mut withdrawn = approved.clone();
    withdrawn.status.conditions.clear();
    let err = api.update_subresource("c", "approval", &withdrawn, &UpdateOptions::default()).await.unwrap_err();
    refused(err, r#"status.conditions: Forbidden: updates may not remove a condition of type "Approved""#);

    // The signer's certificate must be PEM certificates.
    let mut issued = approved.clone();
    issued.status.certificate = b"not a certificate".to_vec();
    let err = api.update_status(&issued, &UpdateOptions::default()).await.unwrap_err();
    refused(
        err,
        r#"status.certificate: Invalid value: "<certificate data>": must contain at least one CERTIFICATE PEM block"#,
    );
}

#[tokio::test]
async fn ip_addresses_are_named_by_their_own_rule() {
    use kapi_api::networking::v1::{IPAddress, IPAddressSpec, ParentReference};
    let (client, _server, _test) = http_client().await;
    let api = client.api::<IPAddress>();
    let ip = |name: &str, generate_name: &str| IPAddress {
        metadata: ObjectMeta { name: name.into(), generate_name: generate_name.into(), ..Default::default() },
        spec: IPAddressSpec {
            parent_ref: Some(ParentReference {
                resource: "services".into(),
                namespace: "default".into(),
                name: "web".into(),
                ..Default::default()
            }),
        },
        ..Default::default()
    };
    // An IPv6 address is no DNS subdomain, and upstream checks an IP address's name only as an IP.
    let stored = api.create(&ip("2001:db8::1", ""), &CreateOptions::default()).await.unwrap();
    assert_eq!(stored.metadata.name, "2001:db8::1");
    let err = api.create(&ip("2001:DB8::2", ""), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).3,
        [(
            "FieldValueInvalid".to_owned(),
            "metadata.name".to_owned(),
            r#"Invalid value: "2001:DB8::2": must be in canonical form ("2001:db8::2")"#.to_owned()
        )]
    );
    // A generate name is held to the same rule, so no generated name passes.
    let err = api.create(&ip("", "10.0.0."), &CreateOptions::default()).await.unwrap_err();
    let fields: Vec<String> = invalid(&err).3.into_iter().map(|(_, field, _)| field).collect();
    assert_eq!(fields, ["metadata.generateName", "metadata.name"]);
}

/// Endpoints and endpoint slices stored with addresses older servers accepted (a loopback IP) may
/// be updated while their subsets or endpoints stay as stored (upstream's ratchet); an update that
/// changes them has every address checked and is `422 Invalid`.
#[tokio::test]
async fn endpoint_updates_ratchet_unchanged_addresses() {
    use kapi_api::core::v1::{EndpointAddress, EndpointPort, EndpointSubset, Endpoints};
    use kapi_api::discovery::v1::{AddressType, Endpoint, EndpointSlice};
    let (client, server, _test) = http_client().await;

    // With a port: the strategy's repacking (upstream's too, validation or not) drops a subset
    // without one.
    let endpoints = Endpoints {
        metadata: ObjectMeta { name: "svc".into(), namespace: "default".into(), ..Default::default() },
        subsets: vec![EndpointSubset {
            addresses: vec![EndpointAddress { ip: "127.0.0.1".into(), ..Default::default() }],
            ports: vec![EndpointPort { port: 80, ..Default::default() }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let slice = EndpointSlice {
        metadata: ObjectMeta { name: "svc-1".into(), namespace: "default".into(), ..Default::default() },
        address_type: AddressType("IPv4".into()),
        endpoints: Some(vec![Endpoint { addresses: Some(vec!["127.0.0.1".into()]), ..Default::default() }]),
        ..Default::default()
    };
    let eps_api = client.namespaced::<Endpoints>("default");
    let slice_api = client.namespaced::<EndpointSlice>("default");
    server.set_validation(false);
    let stored_eps = eps_api.create(&endpoints, &CreateOptions::default()).await.unwrap();
    let stored_slice = slice_api.create(&slice, &CreateOptions::default()).await.unwrap();
    server.set_validation(true);

    let mut relabelled = stored_eps.clone();
    relabelled.metadata.labels.insert("app".into(), "web".into());
    eps_api.update(&relabelled, &UpdateOptions::default()).await.unwrap();
    let mut relabelled = stored_slice.clone();
    relabelled.metadata.labels.insert("app".into(), "web".into());
    slice_api.update(&relabelled, &UpdateOptions::default()).await.unwrap();

    let mut grown = eps_api.get("svc", &GetOptions::default()).await.unwrap();
    grown.subsets[0].addresses.push(EndpointAddress { ip: "10.0.0.1".into(), ..Default::default() });
    let err = eps_api.update(&grown, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err),
        (
            422,
            "Invalid".into(),
            r#"Endpoints "svc" is invalid: subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#.into(),
            vec![(
                "FieldValueInvalid".into(),
                "subsets[0].addresses[0].ip".into(),
                r#"Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#.into(),
            )],
        )
    );
    let mut grown = slice_api.get("svc-1", &GetOptions::default()).await.unwrap();
    grown.endpoints.as_mut().unwrap().push(Endpoint { addresses: Some(vec!["10.0.0.1".into()]), ..Default::default() });
    let err = slice_api.update(&grown, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err).2,
        r#"EndpointSlice.discovery.k8s.io "svc-1" is invalid: endpoints[0].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)"#
    );
}

/// An endpoint slice's addresses are checked by its address type, as a 1.36 server does: IPv6
/// strictly (canonical form), a wrong family reported at the whole list, FQDNs with a trailing dot
/// and two segments accepted.
#[tokio::test]
async fn endpoint_slice_addresses_are_checked_by_address_type() {
    use kapi_api::discovery::v1::{AddressType, Endpoint, EndpointSlice};
    let (client, _server, _test) = http_client().await;
    let api = client.namespaced::<EndpointSlice>("default");
    let slice = |name: &str, address_type: &str, addresses: &[&str]| EndpointSlice {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        address_type: AddressType(address_type.into()),
        endpoints: Some(vec![Endpoint {
            addresses: Some(addresses.iter().map(|a| (*a).to_owned()).collect()),
            ..Default::default()
        }]),
        ..Default::default()
    };
    let err =
        api.create(&slice("v6", "IPv6", &["2001:DB8::1", "10.0.0.1"]), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        invalid(&err),
        (
            422,
            "Invalid".into(),
            concat!(
                r#"EndpointSlice.discovery.k8s.io "v6" is invalid: [endpoints[0].addresses[0]: Invalid value: "2001:DB8::1": "#,
                r#"must be in canonical form ("2001:db8::1"), endpoints[0].addresses: Invalid value: "10.0.0.1": "#,
                "must be an IPv6 address]"
            )
            .into(),
            vec![
                (
                    "FieldValueInvalid".into(),
                    "endpoints[0].addresses[0]".into(),
                    r#"Invalid value: "2001:DB8::1": must be in canonical form ("2001:db8::1")"#.into(),
                ),
                (
                    "FieldValueInvalid".into(),
                    "endpoints[0].addresses".into(),
                    r#"Invalid value: "10.0.0.1": must be an IPv6 address"#.into(),
                ),
            ],
        )
    );
    api.create(&slice("v6-ok", "IPv6", &["2001:db8::1"]), &CreateOptions::default()).await.unwrap();
    api.create(&slice("fqdn", "FQDN", &["example.com."]), &CreateOptions::default()).await.unwrap();
}
