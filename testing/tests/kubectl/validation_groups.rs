//! kubectl against the test server for the groups whose upstream validation kapi ports (networking, rbac, policy, storage, coordination, certificates, discovery, autoscaling, scheduling, node, events, resource, flowcontrol, apiregistration, admissionregistration, storagemigration, apiextensions, batch, internal.apiserver): an invalid object of each (one written through a beta version) is refused with upstream's `422` text as kubectl prints it, and nothing is stored. Runs when `kubectl` is on the PATH (or `KUBECTL` names it); without one it says so and checks nothing.

use crate::kubectl_support;

use std::sync::Arc;

use kapi_testing::{ApiServer, RuntimeConfig, TestServer};
use kubectl_support::{kubectl_binary, kubectl_status};

/// Applies `manifest` with kubectl against a fresh test server and checks that kubectl fails
/// with `line` (upstream's `The <Kind> "<name>" is invalid: <cause>`), and that a `get` of
/// `resource/bad` then finds nothing.
async fn refused(manifest: &str, resource: &str, line: &str) {
    refused_serving(None, manifest, resource, line).await;
}

/// [`refused`] against a server whose served versions `runtime_config` changes (upstream's
/// `--runtime-config`), for writes through versions not served by default.
async fn refused_serving(runtime_config: Option<&str>, manifest: &str, resource: &str, line: &str) {
    refused_named(runtime_config, manifest, resource, "bad", line).await;
}

/// [`refused_serving`] for an object named `name`.
async fn refused_named(runtime_config: Option<&str>, manifest: &str, resource: &str, name: &str, line: &str) {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    if let Some(config) = runtime_config {
        api.set_runtime_config(RuntimeConfig::parse(config).unwrap()).unwrap();
    }
    let server = TestServer::start(api.clone(), None).await.unwrap();
    // Tests run in parallel and several write the same resource: each gets its own directory.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tag = resource.replace('.', "-");
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-groups-{tag}-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kc = dir.join("kubeconfig");
    std::fs::write(&kc, kapi_testing::kubeconfig(server.url())).unwrap();
    let (ok, stdout, stderr) = kubectl_status(&bin, &kc, &["apply", "-f", "-"], Some(manifest)).await;
    assert!(!ok && stderr.contains(line), "kubectl apply:\n{stdout}{stderr}\nwanted: {line}");
    let (ok, _, stderr) = kubectl_status(&bin, &kc, &["get", resource, name], None).await;
    assert!(!ok && stderr.contains("not found"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn networking_ingress_with_an_unknown_path_type() {
    let manifest = r#"{"apiVersion":"networking.k8s.io/v1","kind":"Ingress","metadata":{"name":"bad","namespace":"default"},
"spec":{"rules":[{"host":"example.com","http":{"paths":[{"path":"/","pathType":"Regex",
"backend":{"service":{"name":"web","port":{"number":80}}}}]}}]}}"#;
    let line = r#"The Ingress "bad" is invalid: spec.rules[0].http.paths[0].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix""#;
    refused(manifest, "ingresses.networking.k8s.io", line).await;
}

#[tokio::test]
async fn rbac_role_with_empty_verbs() {
    let manifest = r#"{"apiVersion":"rbac.authorization.k8s.io/v1","kind":"Role","metadata":{"name":"bad","namespace":"default"},
"rules":[{"apiGroups":[""],"resources":["pods"],"verbs":[]}]}"#;
    let line = r#"The Role "bad" is invalid: rules[0].verbs: Required value"#;
    refused(manifest, "roles.rbac.authorization.k8s.io", line).await;
}

#[tokio::test]
async fn policy_disruption_budget_with_min_available_and_max_unavailable() {
    let manifest = r#"{"apiVersion":"policy/v1","kind":"PodDisruptionBudget","metadata":{"name":"bad","namespace":"default"},
"spec":{"minAvailable":1,"maxUnavailable":1}}"#;
    let line = r#"The PodDisruptionBudget "bad" is invalid: spec: Invalid value: {"minAvailable":1,"maxUnavailable":1}: minAvailable and maxUnavailable cannot be both set"#;
    refused(manifest, "poddisruptionbudgets.policy", line).await;
}

#[tokio::test]
async fn storage_class_with_an_unknown_reclaim_policy() {
    let manifest = r#"{"apiVersion":"storage.k8s.io/v1","kind":"StorageClass","metadata":{"name":"bad"},
"provisioner":"example.com/disk","reclaimPolicy":"Recycle"}"#;
    let line = r#"The StorageClass "bad" is invalid: reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain""#;
    refused(manifest, "storageclasses.storage.k8s.io", line).await;
}

#[tokio::test]
async fn coordination_lease_with_a_negative_duration() {
    let manifest = r#"{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"bad","namespace":"default"},
"spec":{"holderIdentity":"me","leaseDurationSeconds":-1}}"#;
    let line = r#"The Lease "bad" is invalid: spec.leaseDurationSeconds: Invalid value: -1: must be greater than 0"#;
    refused(manifest, "leases.coordination.k8s.io", line).await;
}

#[tokio::test]
async fn certificates_signing_request_without_a_signer() {
    let manifest = r#"{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{"name":"bad"},
"spec":{"request":"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIS01ISUNBUUF3RURFT01Bd0dBMVVFQXd3RllXeHBZMlV3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQgpCd05DQUFROTJ3RGFvZlBrSXUwdnJYUy93Y216TTF4NEw0SXVFSHB5bVkxOC9PUUdxeFh1SXd2RXM2eTFjUm4rClJQZXBsWGtFWTlDYU9ML1Q3aXFxVEhoYWkwWDNvQUF3Q2dZSUtvWkl6ajBFQXdJRFNBQXdSUUlnWldZQS9CVVQKTVc2ZmlnVXBsYWdqM0JYVkp3elBCMThBZU9Yekx3N0NaN3dDSVFEN3lraEVnd0ppRUl3OFVNaWhPSUVoS0p3TgpRK1h4S2U4VW5tNXFrYW1nckE9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K","signerName":"","usages":["client auth"]}}"#;
    // An empty signer, not a missing one: kubectl's own schema check refuses a missing field
    // before the request is sent.
    let line = r#"The CertificateSigningRequest "bad" is invalid: spec.signerName: Required value"#;
    refused(manifest, "certificatesigningrequests.certificates.k8s.io", line).await;
}

#[tokio::test]
async fn discovery_endpoint_slice_with_an_unknown_address_type() {
    let manifest = r#"{"apiVersion":"discovery.k8s.io/v1","kind":"EndpointSlice","metadata":{"name":"bad","namespace":"default"},
"addressType":"IP","endpoints":[{"addresses":["10.0.0.1"]}]}"#;
    let line = r#"The EndpointSlice "bad" is invalid: addressType: Unsupported value: "IP": supported values: "FQDN", "IPv4", "IPv6""#;
    refused(manifest, "endpointslices.discovery.k8s.io", line).await;
}

#[tokio::test]
async fn autoscaling_min_replicas_above_max_replicas() {
    let manifest = r#"{"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{"name":"bad","namespace":"default"},
"spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"},"minReplicas":5,"maxReplicas":2}}"#;
    let line = r#"The HorizontalPodAutoscaler "bad" is invalid: spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`"#;
    refused(manifest, "horizontalpodautoscalers.autoscaling", line).await;
}

/// A v1 write is validated as upstream validates the internal object: the metrics v1 keeps in its
/// annotation become `spec.metrics`, and their errors are reported there.
#[tokio::test]
async fn autoscaling_v1_metrics_annotation_at_the_converted_path() {
    let manifest = r#"{"apiVersion":"autoscaling/v1","kind":"HorizontalPodAutoscaler","metadata":{"name":"bad","namespace":"default",
"annotations":{"autoscaling.alpha.kubernetes.io/metrics":"[{\"type\":\"Pods\",\"pods\":{\"metricName\":\"qps\",\"targetAverageValue\":\"0\"}}]"}},
"spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"},"minReplicas":1,"maxReplicas":2}}"#;
    let line = r#"The HorizontalPodAutoscaler "bad" is invalid: spec.metrics[0].pods.target.averageValue: Invalid value: "0": must be positive"#;
    refused(manifest, "horizontalpodautoscalers.autoscaling", line).await;
}

#[tokio::test]
async fn scheduling_priority_class_above_the_user_maximum() {
    let manifest =
        r#"{"apiVersion":"scheduling.k8s.io/v1","kind":"PriorityClass","metadata":{"name":"bad"},"value":2000000000}"#;
    let line = r#"The PriorityClass "bad" is invalid: value: Forbidden: maximum allowed value of a user defined priority is 1000000000"#;
    refused(manifest, "priorityclasses.scheduling.k8s.io", line).await;
}

#[tokio::test]
async fn node_runtime_class_with_a_negative_overhead() {
    let manifest = r#"{"apiVersion":"node.k8s.io/v1","kind":"RuntimeClass","metadata":{"name":"bad"},"handler":"runc",
"overhead":{"podFixed":{"cpu":"-1"}}}"#;
    let line = r#"The RuntimeClass "bad" is invalid: overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0"#;
    refused(manifest, "runtimeclasses.node.k8s.io", line).await;
}

#[tokio::test]
async fn events_event_with_an_unknown_type() {
    let manifest = r#"{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"bad","namespace":"default"},
"eventTime":"2024-01-01T00:00:00.000000Z","reportingController":"example.com/tester","reportingInstance":"tester-1",
"action":"Test","reason":"Tested","type":"Sometimes","regarding":{"kind":"Pod","name":"p","namespace":"default"}}"#;
    let line = r#"The Event "bad" is invalid: type: Invalid value: "": has invalid value: Sometimes"#;
    refused(manifest, "events.events.k8s.io", line).await;
}

#[tokio::test]
async fn resource_claim_configuring_a_request_it_does_not_have() {
    let manifest = r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","metadata":{"name":"bad","namespace":"default"},
"spec":{"devices":{"requests":[{"name":"gpu","exactly":{"deviceClassName":"gpu.example.com"}}],
"config":[{"requests":["cpu"],"opaque":{"driver":"gpu.example.com","parameters":{"mode":"fast"}}}]}}}"#;
    let line = r#"The ResourceClaim "bad" is invalid: spec.devices.config[0].requests[0]: Invalid value: "cpu": must be the name of a request in the claim or the name of a request and a subrequest separated by '/'"#;
    refused(manifest, "resourceclaims.resource.k8s.io", line).await;
}

/// A selector's CEL is compiled in the device environment: upstream's `CEL-compile-errors` text.
#[tokio::test]
async fn device_class_with_a_selector_that_does_not_compile() {
    let manifest = r#"{"apiVersion":"resource.k8s.io/v1","kind":"DeviceClass","metadata":{"name":"bad"},
"spec":{"selectors":[{"cel":{"expression":"device.driver == \"dra.example.com\""}},{"cel":{"expression":"device.attributes[true].someBoolean"}}]}}"#;
    let line = r#"The DeviceClass "bad" is invalid: spec.selectors[1].cel.expression: Invalid value: "device.attributes[true].someBoolean": compilation failed: ERROR: <input>:1:18: found no matching overload for '_[_]' applied to '(map(string, map(string, any)), bool)'"#;
    refused(manifest, "deviceclasses.resource.k8s.io", line).await;
}

/// A write through a beta version gets v1's hand-written checks at the internal type's path:
/// v1beta1's flat `deviceClassName` is reported under `exactly`, as upstream reports it.
#[tokio::test]
async fn resource_claim_written_through_v1beta1_with_a_bad_class_name() {
    let manifest = r#"{"apiVersion":"resource.k8s.io/v1beta1","kind":"ResourceClaim","metadata":{"name":"bad","namespace":"default"},
"spec":{"devices":{"requests":[{"name":"req-0","deviceClassName":"Class_A"}]}}}"#;
    let line = r#"The ResourceClaim "bad" is invalid: spec.devices.requests[0].exactly.deviceClassName: Invalid value: "Class_A": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"#;
    refused_serving(Some("resource.k8s.io/v1beta1=true"), manifest, "resourceclaims.v1beta1.resource.k8s.io", line)
        .await;
}

#[tokio::test]
async fn flowcontrol_flow_schema_above_the_highest_precedence() {
    let manifest = r#"{"apiVersion":"flowcontrol.apiserver.k8s.io/v1","kind":"FlowSchema","metadata":{"name":"bad"},
"spec":{"priorityLevelConfiguration":{"name":"global-default"},"matchingPrecedence":20000}}"#;
    let line = r#"The FlowSchema "bad" is invalid: spec.matchingPrecedence: Invalid value: 20000: must not be greater than 10000"#;
    refused(manifest, "flowschemas.flowcontrol.apiserver.k8s.io", line).await;
}

#[tokio::test]
async fn apiregistration_api_service_named_otherwise_than_its_version_and_group() {
    let manifest = r#"{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService","metadata":{"name":"bad"},
"spec":{"group":"example.com","version":"v1","groupPriorityMinimum":100,"versionPriority":10}}"#;
    let line = r#"The APIService "bad" is invalid: metadata.name: Invalid value: "bad": must be `spec.version+"."+spec.group`: "v1.example.com""#;
    refused(manifest, "apiservices.apiregistration.k8s.io", line).await;
}

#[tokio::test]
async fn admissionregistration_binding_that_denies_and_warns() {
    let manifest = r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicyBinding",
"metadata":{"name":"bad"},"spec":{"policyName":"p","validationActions":["Deny","Warn"]}}"#;
    let line = r#"The ValidatingAdmissionPolicyBinding "bad" is invalid: spec.validationActions: Invalid value: ["Deny","Warn"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)"#;
    refused(manifest, "validatingadmissionpolicybindings.admissionregistration.k8s.io", line).await;
}

/// v1 comes in 1.37; 1.36 has the beta, off by default, validated as the internal type.
#[tokio::test]
async fn storagemigration_migration_of_a_resource_that_is_not_a_label() {
    let manifest = r#"{"apiVersion":"storagemigration.k8s.io/v1beta1","kind":"StorageVersionMigration","metadata":{"name":"bad"},
"spec":{"resource":{"group":"apps","resource":"Deployments"}}}"#;
    let line = r#"The StorageVersionMigration "bad" is invalid: spec.resource.resource: Invalid value: "Deployments": a DNS-1035 label must consist of lower case alphanumeric characters"#;
    refused_serving(
        Some("storagemigration.k8s.io/v1beta1=true"),
        manifest,
        "storageversionmigrations.storagemigration.k8s.io",
        line,
    )
    .await;
}

/// A definition's schema may not give a junctor a type (upstream's structural rule); the
/// definition named `bad` is refused for its name too, and kubectl lists both causes.
#[tokio::test]
async fn apiextensions_definition_typing_a_junctor() {
    let manifest = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"bad"},
"spec":{"group":"example.com","scope":"Namespaced","names":{"plural":"widgets","singular":"widget","kind":"Widget","listKind":"WidgetList"},
"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{
"spec":{"type":"object","properties":{"size":{"type":"integer"}},"anyOf":[{"type":"object","required":["size"]}]}}}}}]}}"#;
    let line =
        "spec.validation.openAPIV3Schema.properties[spec].anyOf[0].type: Forbidden: must be empty to be structural";
    refused(manifest, "customresourcedefinitions.apiextensions.k8s.io", line).await;
}

/// A cluster trust bundle is named after its signer (`:` in place of `/`), which the server's
/// generic DNS-subdomain rule would refuse; its own rules accept the name and refuse a bundle
/// whose certificate is no certificate authority. (v1 comes in 1.37; the beta is off by default.)
#[tokio::test]
async fn certificates_trust_bundle_of_a_client_certificate() {
    let client_cert = "-----BEGIN CERTIFICATE-----\\nMIIBqDCCAU2gAwIBAgIUfbqeieihh/oERbfvRm38XvS/xHAwCgYIKoZIzj0EAwIw\\n\
GjEYMBYGA1UEAxMPSW50ZXJtZWRpYXRlLUNBMCAXDTE2MTAxMTA1MDYwMFoYDzIx\\nMTYwOTE3MDUwNjAwWjAUMRIwEAYDVQQDEwlNeSBDbGllbnQwWTATBgcqhkjOPQIB\\n\
BggqhkjOPQMBBwNCAARv6N4R/sjMR65iMFGNLN1GC/vd7WhDW6J4X/iAjkRLLnNb\\nKbRG/AtOUZ+7upJ3BWIRKYbOabbQGQe2BbKFiap4o3UwczAOBgNVHQ8BAf8EBAMC\\n\
BaAwEwYDVR0lBAwwCgYIKwYBBQUHAwIwDAYDVR0TAQH/BAIwADAdBgNVHQ4EFgQU\\nK/pZOWpNcYai6eHFpmJEeFpeQlEwHwYDVR0jBBgwFoAUX6nQlxjfWnP6aM1meO/Q\\n\
a6b3a9kwCgYIKoZIzj0EAwIDSQAwRgIhAIWTKw/sjJITqeuNzJDAKU4xo1zL+xJ5\\nMnVCuBwfwDXCAiEAw/1TA+CjPq9JC5ek1ifR0FybTURjeQqYkKpve1dveps=\\n\
-----END CERTIFICATE-----\\n";
    let manifest = format!(
        r#"{{"apiVersion":"certificates.k8s.io/v1beta1","kind":"ClusterTrustBundle","metadata":{{"name":"example.com:signer:bad"}},
"spec":{{"signerName":"example.com/signer","trustBundle":"{client_cert}"}}}}"#
    );
    let line = r#"The ClusterTrustBundle "example.com:signer:bad" is invalid: spec.trustBundle: Invalid value: "<value omitted>": entry 0 does not have the CA bit set"#;
    let resource = "clustertrustbundles.certificates.k8s.io";
    refused_named(Some("certificates.k8s.io/v1beta1=true"), &manifest, resource, "example.com:signer:bad", line).await;
}

/// Core's security context checks reach kubectl too: an unmasked `/proc` needs the pod in its
/// own user namespace (upstream's `ValidateSecurityContext`).
#[tokio::test]
async fn core_pod_with_an_unmasked_proc_in_the_host_user_namespace() {
    let manifest = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"bad","namespace":"default"},
"spec":{"containers":[{"name":"c","image":"busybox","securityContext":{"procMount":"Unmasked"}}]}}"#;
    let line = r#"The Pod "bad" is invalid: spec.containers[0].securityContext.procMount: Invalid value: "Unmasked": `hostUsers` must be false to use `Unmasked`"#;
    refused(manifest, "pods", line).await;
}

#[tokio::test]
async fn scheduling_workload_with_two_priorities() {
    let manifest = r#"{"apiVersion":"scheduling.k8s.io/v1alpha3","kind":"Workload","metadata":{"name":"bad"},
"spec":{"podGroupTemplates":[{"name":"a","schedulingPolicy":{"basic":{}},"priority":1},{"name":"b","schedulingPolicy":{"basic":{}},"priority":2}]}}"#;
    let line =
        r#"The Workload "bad" is invalid: spec: Invalid value: "null": detected multiple priority configurations"#;
    refused_serving(Some("scheduling.k8s.io/v1alpha3=true"), manifest, "workloads.v1alpha3.scheduling.k8s.io", line)
        .await;
}

#[tokio::test]
async fn batch_job_with_a_negative_parallelism() {
    let manifest = r#"{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"bad","namespace":"default"},
"spec":{"parallelism":-1,"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"busybox"}]}}}}"#;
    let line = r#"The Job "bad" is invalid: spec.parallelism: Invalid value: -1: must be greater than or equal to 0"#;
    refused(manifest, "jobs.batch", line).await;
}

/// A storage version is named `<group>.<resource>` (the alpha group is off by default).
#[tokio::test]
async fn internal_apiserver_storage_version_not_named_for_a_resource() {
    let manifest = r#"{"apiVersion":"internal.apiserver.k8s.io/v1alpha1","kind":"StorageVersion","metadata":{"name":"bad"},
"spec":{},"status":{"storageVersions":[{"apiServerID":"a","encodingVersion":"v1","decodableVersions":["v1"]}],"commonEncodingVersion":"v1"}}"#;
    let line = r#"The StorageVersion "bad" is invalid: metadata.name: Invalid value: "bad": name must be in the form of <group>.<resource>"#;
    refused_serving(
        Some("internal.apiserver.k8s.io/v1alpha1=true"),
        manifest,
        "storageversions.internal.apiserver.k8s.io",
        line,
    )
    .await;
}
