//! What the every-resource kubectl suites share: discovery read through kubectl, the fixtures that make one valid object of each kind, and a kubectl runner that collects failures and times each command.

use std::collections::BTreeMap;
use std::path::PathBuf;

use kapi_client::GroupVersionResource;
use kapi_machinery::json::value::{self, Value};

use super::kubectl_status;

/// The namespace of the namespaced objects.
pub const NS: &str = "every";

/// A resource as discovery lists it.
#[derive(Debug, Clone)]
pub struct Served {
    pub group: String,
    pub version: String,
    pub resource: String,
    pub kind: String,
    pub namespaced: bool,
    pub verbs: Vec<String>,
    /// The subresources discovery lists (`status`, `scale`, …) with their verbs.
    pub subresources: Vec<(String, Vec<String>)>,
}

impl Served {
    pub fn api_version(&self) -> String {
        if self.group.is_empty() { self.version.clone() } else { format!("{}/{}", self.group, self.version) }
    }

    /// The resource as kubectl is told it, naming the version (`deployments.v1beta2.apps`);
    /// the core group has one version, and kubectl resolves its plain names first.
    pub fn arg(&self) -> String {
        if self.group.is_empty() {
            self.resource.clone()
        } else {
            format!("{}.{}.{}", self.resource, self.version, self.group)
        }
    }

    /// How failures name the resource.
    pub fn label(&self) -> String {
        format!("{} {}", self.api_version(), self.resource)
    }

    pub fn supports(&self, verbs: &[&str]) -> bool {
        verbs.iter().all(|v| self.verbs.iter().any(|s| s == v))
    }

    /// Whether discovery lists the subresource with all of `verbs`.
    pub fn has_subresource(&self, name: &str, verbs: &[&str]) -> bool {
        self.subresources.iter().any(|(n, have)| n == name && verbs.iter().all(|v| have.iter().any(|h| h == v)))
    }

    /// How kubectl names an object of the resource when it reports what it did
    /// (`deployment.apps/web`, `pod/web`): the kind in lower case and the group.
    pub fn printed(&self, name: &str) -> String {
        let kind = self.kind.to_ascii_lowercase();
        if self.group.is_empty() { format!("{kind}/{name}") } else { format!("{kind}.{}/{name}", self.group) }
    }

    pub fn gvr(&self) -> GroupVersionResource {
        GroupVersionResource::new(self.group.clone(), self.version.clone(), self.resource.clone())
    }

    /// The path of the collection the test's objects are in.
    pub fn collection_path(&self) -> String {
        let base = if self.group.is_empty() {
            format!("/api/{}", self.version)
        } else {
            format!("/apis/{}/{}", self.group, self.version)
        };
        if self.namespaced {
            format!("{base}/namespaces/{NS}/{}", self.resource)
        } else {
            format!("{base}/{}", self.resource)
        }
    }

    /// `-n every` for namespaced resources.
    pub fn namespace_args(&self) -> Vec<&'static str> {
        if self.namespaced { vec!["-n", NS] } else { Vec::new() }
    }
}

/// What an object of a kind needs besides `apiVersion`, `kind` and `metadata.name`: its other
/// top-level members (JSON), and its name where the kind constrains names. `{id}` stands for
/// a name unique per resource and object (`deployment-v1beta2`, `deployment-v1beta2-dry`),
/// `{seq}` for a small number unique per object. `versions` empty means every version.
pub struct Fixture {
    pub group: &'static str,
    pub kind: &'static str,
    pub versions: &'static [&'static str],
    pub name: &'static str,
    pub body: &'static str,
}

pub const POD_SPEC: &str = r#"{"containers":[{"name":"c","image":"nginx"}]}"#;

/// A certificate signing request for `CN=alice` (a P-256 key), base64 as the API carries it.
pub const CSR_REQUEST: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIS01ISUNBUUF3RURFT01Bd0dBMVVFQXd3RllXeHBZMlV3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQgpCd05DQUFROTJ3RGFvZlBrSXUwdnJYUy93Y216TTF4NEw0SXVFSHB5bVkxOC9PUUdxeFh1SXd2RXM2eTFjUm4rClJQZXBsWGtFWTlDYU9ML1Q3aXFxVEhoYWkwWDNvQUF3Q2dZSUtvWkl6ajBFQXdJRFNBQXdSUUlnWldZQS9CVVQKTVc2ZmlnVXBsYWdqM0JYVkp3elBCMThBZU9Yekx3N0NaN3dDSVFEN3lraEVnd0ppRUl3OFVNaWhPSUVoS0p3TgpRK1h4S2U4VW5tNXFrYW1nckE9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K";

/// The kinds that need more than a name, and those whose names have a form. Kinds not listed
/// are created as `{apiVersion, kind, metadata: {name}}`.
pub const FIXTURES: &[Fixture] = &[
    // core
    Fixture { group: "", kind: "Pod", versions: &[], name: "", body: r#""spec":POD_SPEC"# },
    Fixture {
        group: "",
        kind: "PodTemplate",
        versions: &[],
        name: "",
        body: r#""template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}"#,
    },
    Fixture {
        group: "",
        kind: "ReplicationController",
        versions: &[],
        name: "",
        body: r#""spec":{"replicas":1,"selector":{"app":"a"},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "",
        kind: "Service",
        versions: &[],
        name: "",
        body: r#""spec":{"selector":{"app":"a"},"ports":[{"port":80,"protocol":"TCP"}]}"#,
    },
    Fixture {
        group: "",
        kind: "PersistentVolume",
        versions: &[],
        name: "",
        body: r#""spec":{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"],"hostPath":{"path":"/data"}}"#,
    },
    Fixture {
        group: "",
        kind: "PersistentVolumeClaim",
        versions: &[],
        name: "",
        body: r#""spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}"#,
    },
    Fixture {
        group: "",
        kind: "Event",
        versions: &[],
        name: "",
        body: r#""involvedObject":{"kind":"Pod","name":"p","namespace":"every"},"reason":"Tested","message":"every resource","type":"Normal""#,
    },
    Fixture {
        group: "",
        kind: "LimitRange",
        versions: &[],
        name: "",
        body: r#""spec":{"limits":[{"type":"Container","max":{"cpu":"1"}}]}"#,
    },
    Fixture { group: "", kind: "ResourceQuota", versions: &[], name: "", body: r#""spec":{"hard":{"pods":"10"}}"# },
    Fixture { group: "", kind: "Secret", versions: &[], name: "", body: r#""type":"Opaque","data":{"k":"dg=="}"# },
    Fixture { group: "", kind: "ConfigMap", versions: &[], name: "", body: r#""data":{"k":"v"}"# },
    // apps and extensions
    Fixture {
        group: "apps",
        kind: "Deployment",
        versions: &[],
        name: "",
        body: r#""spec":{"replicas":1,"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "extensions",
        kind: "Deployment",
        versions: &[],
        name: "",
        body: r#""spec":{"replicas":1,"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "apps",
        kind: "ReplicaSet",
        versions: &[],
        name: "",
        body: r#""spec":{"replicas":1,"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "extensions",
        kind: "ReplicaSet",
        versions: &[],
        name: "",
        body: r#""spec":{"replicas":1,"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "apps",
        kind: "StatefulSet",
        versions: &[],
        name: "",
        body: r#""spec":{"replicas":1,"serviceName":"s","selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "apps",
        kind: "DaemonSet",
        versions: &[],
        name: "",
        body: r#""spec":{"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "extensions",
        kind: "DaemonSet",
        versions: &[],
        name: "",
        body: r#""spec":{"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":POD_SPEC}}"#,
    },
    Fixture {
        group: "apps",
        kind: "ControllerRevision",
        versions: &[],
        name: "",
        body: r#""data":{"spec":{"replicas":1}},"revision":1"#,
    },
    // autoscaling, batch, policy
    Fixture {
        group: "autoscaling",
        kind: "HorizontalPodAutoscaler",
        versions: &[],
        name: "",
        body: r#""spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"},"minReplicas":1,"maxReplicas":3}"#,
    },
    Fixture {
        group: "batch",
        kind: "Job",
        versions: &[],
        name: "",
        body: r#""spec":{"template":{"spec":{"containers":[{"name":"c","image":"busybox"}],"restartPolicy":"Never"}}}"#,
    },
    Fixture {
        group: "batch",
        kind: "CronJob",
        versions: &[],
        name: "",
        body: r#""spec":{"schedule":"*/5 * * * *","jobTemplate":{"spec":{"template":{"spec":{"containers":[{"name":"c","image":"busybox"}],"restartPolicy":"OnFailure"}}}}}"#,
    },
    Fixture {
        group: "policy",
        kind: "PodDisruptionBudget",
        versions: &[],
        name: "",
        body: r#""spec":{"minAvailable":1,"selector":{"matchLabels":{"app":"a"}}}"#,
    },
    // networking and discovery
    Fixture {
        group: "networking.k8s.io",
        kind: "Ingress",
        versions: &["v1"],
        name: "",
        body: r#""spec":{"defaultBackend":{"service":{"name":"web","port":{"number":80}}}}"#,
    },
    Fixture {
        group: "networking.k8s.io",
        kind: "Ingress",
        versions: &["v1beta1"],
        name: "",
        body: r#""spec":{"backend":{"serviceName":"web","servicePort":80}}"#,
    },
    Fixture {
        group: "extensions",
        kind: "Ingress",
        versions: &[],
        name: "",
        body: r#""spec":{"backend":{"serviceName":"web","servicePort":80}}"#,
    },
    Fixture {
        group: "networking.k8s.io",
        kind: "IngressClass",
        versions: &[],
        name: "",
        body: r#""spec":{"controller":"example.com/ingress"}"#,
    },
    Fixture {
        group: "networking.k8s.io",
        kind: "NetworkPolicy",
        versions: &[],
        name: "",
        body: r#""spec":{"podSelector":{}}"#,
    },
    Fixture {
        group: "extensions",
        kind: "NetworkPolicy",
        versions: &[],
        name: "",
        body: r#""spec":{"podSelector":{}}"#,
    },
    Fixture {
        group: "networking.k8s.io",
        kind: "IPAddress",
        versions: &[],
        name: "10.0.0.{seq}",
        body: r#""spec":{"parentRef":{"group":"","resource":"services","namespace":"every","name":"web"}}"#,
    },
    Fixture {
        group: "networking.k8s.io",
        kind: "ServiceCIDR",
        versions: &[],
        name: "",
        body: r#""spec":{"cidrs":["10.{seq}.0.0/16"]}"#,
    },
    Fixture {
        group: "discovery.k8s.io",
        kind: "EndpointSlice",
        versions: &[],
        name: "",
        body: r#""addressType":"IPv4","endpoints":[{"addresses":["10.1.0.1"]}],"ports":[{"name":"http","port":80,"protocol":"TCP"}]"#,
    },
    Fixture {
        group: "events.k8s.io",
        kind: "Event",
        versions: &[],
        name: "",
        body: r#""eventTime":"2024-01-01T00:00:00.000000Z","reportingController":"example.com/tester","reportingInstance":"tester-1","action":"Test","reason":"Tested","type":"Normal","regarding":{"kind":"Pod","name":"p","namespace":"every"}"#,
    },
    // rbac
    Fixture {
        group: "rbac.authorization.k8s.io",
        kind: "Role",
        versions: &[],
        name: "",
        body: r#""rules":[{"apiGroups":[""],"resources":["pods"],"verbs":["get"]}]"#,
    },
    Fixture {
        group: "rbac.authorization.k8s.io",
        kind: "ClusterRole",
        versions: &[],
        name: "",
        body: r#""rules":[{"apiGroups":[""],"resources":["pods"],"verbs":["get"]}]"#,
    },
    Fixture {
        group: "rbac.authorization.k8s.io",
        kind: "RoleBinding",
        versions: &[],
        name: "",
        body: r#""roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"view"},"subjects":[{"kind":"ServiceAccount","name":"default","namespace":"every"}]"#,
    },
    Fixture {
        group: "rbac.authorization.k8s.io",
        kind: "ClusterRoleBinding",
        versions: &[],
        name: "",
        body: r#""roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"ClusterRole","name":"view"},"subjects":[{"kind":"ServiceAccount","name":"default","namespace":"every"}]"#,
    },
    // certificates and coordination
    Fixture {
        group: "certificates.k8s.io",
        kind: "CertificateSigningRequest",
        versions: &[],
        name: "",
        body: r#""spec":{"request":"CSR_REQUEST","signerName":"example.com/signer","usages":["client auth"]}"#,
    },
    Fixture {
        group: "certificates.k8s.io",
        kind: "ClusterTrustBundle",
        versions: &[],
        name: "",
        body: r#""spec":{"trustBundle":"TRUST_BUNDLE"}"#,
    },
    Fixture {
        group: "coordination.k8s.io",
        kind: "Lease",
        versions: &[],
        name: "",
        body: r#""spec":{"holderIdentity":"tester"}"#,
    },
    Fixture {
        group: "coordination.k8s.io",
        kind: "LeaseCandidate",
        versions: &[],
        name: "",
        body: r#""spec":{"leaseName":"l","binaryVersion":"1.36.0","emulationVersion":"1.36.0","strategy":"OldestEmulationVersion"}"#,
    },
    Fixture {
        group: "certificates.k8s.io",
        kind: "PodCertificateRequest",
        versions: &[],
        name: "",
        body: r#""spec":{"signerName":"example.com/signer","podName":"p","podUID":"6b5f5c2e-0d1f-4f7a-9f61-1d2b3c4d5e6f","serviceAccountName":"default","serviceAccountUID":"0e6a3c1d-2b4f-4a8e-9c7d-5f1e2d3c4b5a","nodeName":"n1","nodeUID":"9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d","stubPKCS10Request":"CSR_REQUEST"}"#,
    },
    // lifecycle
    Fixture {
        group: "lifecycle.k8s.io",
        kind: "EvictionRequest",
        versions: &[],
        name: "",
        body: r#""spec":{"target":{"pod":{"name":"p","uid":"6b5f5c2e-0d1f-4f7a-9f61-1d2b3c4d5e6f"}},"requester":"example.com/drainer","intent":"Eviction"}"#,
    },
    Fixture {
        group: "lifecycle.k8s.io",
        kind: "Eviction",
        versions: &[],
        name: "",
        body: r#""spec":{"target":{"pod":{"name":"p","uid":"6b5f5c2e-0d1f-4f7a-9f61-1d2b3c4d5e6f"}}}"#,
    },
    // storage, node and scheduling
    Fixture {
        group: "storage.k8s.io",
        kind: "StorageClass",
        versions: &[],
        name: "",
        body: r#""provisioner":"csi.example.com""#,
    },
    Fixture {
        group: "storage.k8s.io",
        kind: "VolumeAttachment",
        versions: &[],
        name: "",
        body: r#""spec":{"attacher":"csi.example.com","nodeName":"n1","source":{"persistentVolumeName":"pv"}}"#,
    },
    Fixture {
        group: "storage.k8s.io",
        kind: "CSIDriver",
        versions: &[],
        name: "",
        body: r#""spec":{"attachRequired":true}"#,
    },
    Fixture { group: "storage.k8s.io", kind: "CSINode", versions: &[], name: "", body: r#""spec":{"drivers":[]}"# },
    Fixture {
        group: "storage.k8s.io",
        kind: "CSIStorageCapacity",
        versions: &[],
        name: "",
        body: r#""storageClassName":"fast""#,
    },
    Fixture {
        group: "storage.k8s.io",
        kind: "VolumeAttributesClass",
        versions: &[],
        name: "",
        body: r#""driverName":"csi.example.com","parameters":{"iops":"100"}"#,
    },
    Fixture {
        group: "node.k8s.io",
        kind: "RuntimeClass",
        versions: &["v1alpha1"],
        name: "",
        body: r#""spec":{"runtimeHandler":"runc"}"#,
    },
    Fixture { group: "node.k8s.io", kind: "RuntimeClass", versions: &[], name: "", body: r#""handler":"runc""# },
    Fixture {
        group: "scheduling.k8s.io",
        kind: "Workload",
        versions: &[],
        name: "",
        body: r#""spec":{"podGroupTemplates":[{"name":"workers","schedulingPolicy":{"basic":{}}}]}"#,
    },
    Fixture {
        group: "scheduling.k8s.io",
        kind: "PodGroup",
        versions: &[],
        name: "",
        body: r#""spec":{"schedulingPolicy":{"basic":{}}}"#,
    },
    Fixture {
        group: "scheduling.k8s.io",
        kind: "CompositePodGroup",
        versions: &[],
        name: "",
        body: r#""spec":{"workloadRef":{"workloadName":"w","templateName":"t"},"schedulingPolicy":{"basic":{}}}"#,
    },
    Fixture { group: "scheduling.k8s.io", kind: "PriorityClass", versions: &[], name: "", body: r#""value":1000"# },
    // flowcontrol
    Fixture {
        group: "flowcontrol.apiserver.k8s.io",
        kind: "FlowSchema",
        versions: &[],
        name: "",
        body: r#""spec":{"priorityLevelConfiguration":{"name":"global-default"},"matchingPrecedence":1000,"distinguisherMethod":{"type":"ByUser"},"rules":[{"subjects":[{"kind":"Group","group":{"name":"system:authenticated"}}],"resourceRules":[{"verbs":["*"],"apiGroups":["*"],"resources":["*"],"namespaces":["*"]}]}]}"#,
    },
    Fixture {
        group: "flowcontrol.apiserver.k8s.io",
        kind: "PriorityLevelConfiguration",
        versions: &["v1beta1", "v1beta2"],
        name: "",
        body: r#""spec":{"type":"Limited","limited":{"assuredConcurrencyShares":10,"limitResponse":{"type":"Reject"}}}"#,
    },
    Fixture {
        group: "flowcontrol.apiserver.k8s.io",
        kind: "PriorityLevelConfiguration",
        versions: &[],
        name: "",
        body: r#""spec":{"type":"Limited","limited":{"nominalConcurrencyShares":10,"limitResponse":{"type":"Reject"}}}"#,
    },
    // storagemigration
    Fixture {
        group: "storagemigration.k8s.io",
        kind: "StorageVersionMigration",
        versions: &[],
        name: "",
        body: r#""spec":{"resource":{"group":"apps","resource":"deployments"}}"#,
    },
    // admissionregistration
    Fixture {
        group: "admissionregistration.k8s.io",
        kind: "ValidatingAdmissionPolicy",
        versions: &[],
        name: "",
        body: r#""spec":{"failurePolicy":"Fail","matchConstraints":{"resourceRules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["CREATE"],"resources":["deployments"]}]},"validations":[{"expression":"object.spec.replicas <= 5"}]}"#,
    },
    Fixture {
        group: "admissionregistration.k8s.io",
        kind: "ValidatingAdmissionPolicyBinding",
        versions: &[],
        name: "",
        body: r#""spec":{"policyName":"replicas","validationActions":["Deny"]}"#,
    },
    Fixture {
        group: "admissionregistration.k8s.io",
        kind: "MutatingAdmissionPolicy",
        versions: &[],
        name: "",
        body: r#""spec":{"failurePolicy":"Fail","reinvocationPolicy":"Never","matchConstraints":{"resourceRules":[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["CREATE"],"resources":["deployments"]}]},"mutations":[{"patchType":"ApplyConfiguration","applyConfiguration":{"expression":"Object{}"}}]}"#,
    },
    Fixture {
        group: "admissionregistration.k8s.io",
        kind: "MutatingAdmissionPolicyBinding",
        versions: &[],
        name: "",
        body: r#""spec":{"policyName":"defaults"}"#,
    },
    // resource
    Fixture {
        group: "resource.k8s.io",
        kind: "ResourceClaim",
        versions: &["v1beta1"],
        name: "",
        body: r#""spec":{"devices":{"requests":[{"name":"gpu","deviceClassName":"gpu.example.com"}]}}"#,
    },
    Fixture {
        group: "resource.k8s.io",
        kind: "ResourceClaim",
        versions: &[],
        name: "",
        body: r#""spec":{"devices":{"requests":[{"name":"gpu","exactly":{"deviceClassName":"gpu.example.com"}}]}}"#,
    },
    Fixture {
        group: "resource.k8s.io",
        kind: "ResourceClaimTemplate",
        versions: &["v1beta1"],
        name: "",
        body: r#""spec":{"spec":{"devices":{"requests":[{"name":"gpu","deviceClassName":"gpu.example.com"}]}}}"#,
    },
    Fixture {
        group: "resource.k8s.io",
        kind: "ResourceClaimTemplate",
        versions: &[],
        name: "",
        body: r#""spec":{"spec":{"devices":{"requests":[{"name":"gpu","exactly":{"deviceClassName":"gpu.example.com"}}]}}}"#,
    },
    Fixture {
        group: "resource.k8s.io",
        kind: "ResourceSlice",
        versions: &[],
        name: "",
        body: r#""spec":{"driver":"gpu.example.com","pool":{"name":"p","generation":1,"resourceSliceCount":1},"nodeName":"n1","devices":[]}"#,
    },
    Fixture {
        group: "resource.k8s.io",
        kind: "ResourcePoolStatusRequest",
        versions: &[],
        name: "",
        body: r#""spec":{"driver":"gpu.example.com"}"#,
    },
    Fixture {
        group: "resource.k8s.io",
        kind: "DeviceTaintRule",
        versions: &[],
        name: "",
        body: r#""spec":{"deviceSelector":{"driver":"gpu.example.com"},"taint":{"key":"example.com/broken","value":"yes","effect":"NoSchedule"}}"#,
    },
    // the aggregator, apiextensions and apiserverinternal
    Fixture {
        group: "apiregistration.k8s.io",
        kind: "APIService",
        versions: &[],
        name: "v1.{id}.example.com",
        body: r#""spec":{"group":"{id}.example.com","version":"v1","groupPriorityMinimum":1000,"versionPriority":15}"#,
    },
    Fixture {
        group: "apiextensions.k8s.io",
        kind: "CustomResourceDefinition",
        versions: &["v1"],
        name: "things.{id}.example.com",
        body: r#""spec":{"group":"{id}.example.com","scope":"Namespaced","names":{"plural":"things","singular":"thing","kind":"Thing","listKind":"ThingList"},"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}}}]}"#,
    },
    // v1beta1 defaults `preserveUnknownFields` to true, which upstream's validation refuses.
    Fixture {
        group: "apiextensions.k8s.io",
        kind: "CustomResourceDefinition",
        versions: &["v1beta1"],
        name: "things.{id}.example.com",
        body: r#""spec":{"group":"{id}.example.com","scope":"Namespaced","names":{"plural":"things","singular":"thing","kind":"Thing","listKind":"ThingList"},"versions":[{"name":"v1","served":true,"storage":true}],"validation":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}},"preserveUnknownFields":false}"#,
    },
    Fixture {
        group: "internal.apiserver.k8s.io",
        kind: "StorageVersion",
        versions: &[],
        name: "{id}.widgets",
        body: r#""spec":{}"#,
    },
    // the custom resource the write suite defines (`GADGET_CRD` there)
    Fixture {
        group: "kapi.example.com",
        kind: "Gadget",
        versions: &[],
        name: "",
        body: r#""spec":{"replicas":1,"color":"blue"}"#,
    },
];

/// The name and JSON document of one object of a resource: its fixture (the first that names
/// the resource's group, kind and version) with `{id}` and `{seq}` filled in.
pub fn object(r: &Served, id: &str, seq: usize, trust_bundle: &str) -> (String, String) {
    let fixture = FIXTURES.iter().find(|f| {
        f.group == r.group && f.kind == r.kind && (f.versions.is_empty() || f.versions.contains(&r.version.as_str()))
    });
    let fill = |t: &str| {
        t.replace("{id}", id)
            .replace("{seq}", &seq.to_string())
            .replace("POD_SPEC", POD_SPEC)
            .replace("CSR_REQUEST", CSR_REQUEST)
            .replace("TRUST_BUNDLE", trust_bundle)
    };
    let name = fixture.map(|f| f.name).filter(|n| !n.is_empty()).map_or_else(|| id.to_owned(), fill);
    let namespace = if r.namespaced { format!(r#","namespace":"{NS}""#) } else { String::new() };
    let body = fixture.map(|f| fill(f.body)).filter(|b| !b.is_empty()).map(|b| format!(",{b}")).unwrap_or_default();
    let doc = format!(
        r#"{{"apiVersion":"{}","kind":"{}","metadata":{{"name":"{name}"{namespace}}}{body}}}"#,
        r.api_version(),
        r.kind
    );
    (name, doc)
}

/// The member at `path`, as text (strings bare, other values as JSON).
pub fn at(v: &Value, path: &[&str]) -> Option<String> {
    let mut cur = v;
    for p in path {
        cur = cur.get(p)?;
    }
    Some(match cur {
        Value::String(s) => s.clone(),
        other => String::from_utf8_lossy(&other.to_compact_vec()).into_owned(),
    })
}

/// The strings of an array member (nothing when it is absent or not an array).
pub fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Array(items)) => items.iter().filter_map(|i| i.as_str().map(str::to_owned)).collect(),
        _ => Vec::new(),
    }
}

/// The test's kubectl: the binary, the kubeconfig, and the failures so far.
pub struct Kubectl {
    pub bin: PathBuf,
    pub kubeconfig: PathBuf,
    pub failures: Vec<String>,
    /// Runs and time per command (with the flags that change what it does), printed at the end.
    pub spent: BTreeMap<String, (usize, std::time::Duration)>,
}

impl Kubectl {
    /// Runs kubectl; a failure is recorded against `what` and `None` returned.
    pub async fn run(&mut self, what: &str, args: &[&str], stdin: Option<&str>) -> Option<String> {
        let (ok, stdout, stderr) = self.status(args, stdin).await;
        if ok {
            Some(stdout)
        } else {
            self.fail(what, args, &format!("{stdout}{stderr}"));
            None
        }
    }

    /// Runs kubectl, timing it; whether it succeeded, stdout and stderr.
    pub async fn status(&mut self, args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
        let start = std::time::Instant::now();
        let out = kubectl_status(&self.bin, &self.kubeconfig, args, stdin).await;
        // The command and the flags that change what it does, not the resource.
        let flags = args.iter().skip(1).filter(|a| {
            ["-o", "--dry-run", "--type", "--subresource", "--server-side", "--force-conflicts"]
                .iter()
                .any(|f| a.starts_with(f))
                || **a == "-f"
        });
        let key = std::iter::once(&args[0]).chain(flags).copied().collect::<Vec<_>>().join(" ");
        let e = self.spent.entry(key).or_default();
        e.0 += 1;
        e.1 += start.elapsed();
        out
    }

    pub fn fail(&mut self, what: &str, args: &[&str], detail: &str) {
        self.failures.push(format!("{what}: kubectl {}: {}", args.join(" "), detail.trim()));
    }
}

/// Reads discovery through kubectl: every resource of every served group version, with the
/// subresources listed for it.
pub async fn discover(k: &mut Kubectl) -> Vec<Served> {
    let mut gvs = vec![("".to_owned(), "v1".to_owned())];
    let groups = k.run("discovery", &["get", "--raw", "/apis"], None).await.unwrap_or_default();
    let groups = value::parse(groups.as_bytes()).expect("/apis is JSON");
    if let Some(Value::Array(items)) = groups.get("groups") {
        for g in items {
            let name = at(g, &["name"]).unwrap_or_default();
            if let Some(Value::Array(versions)) = g.get("versions") {
                for v in versions {
                    gvs.push((name.clone(), at(v, &["version"]).unwrap_or_default()));
                }
            }
        }
    }
    let mut served = Vec::new();
    for (group, version) in gvs {
        let path = if group.is_empty() { format!("/api/{version}") } else { format!("/apis/{group}/{version}") };
        let Some(list) = k.run("discovery", &["get", "--raw", &path], None).await else { continue };
        let list = value::parse(list.as_bytes()).expect("a resource list is JSON");
        let Some(Value::Array(resources)) = list.get("resources") else { continue };
        let first = served.len();
        for r in resources {
            let resource = at(r, &["name"]).unwrap_or_default();
            if let Some((parent, sub)) = resource.split_once('/') {
                let parent = served[first..].iter_mut().find(|s: &&mut Served| s.resource == parent);
                if let Some(parent) = parent {
                    parent.subresources.push((sub.to_owned(), strings(r.get("verbs"))));
                }
                continue;
            }
            served.push(Served {
                group: group.clone(),
                version: version.clone(),
                resource,
                kind: at(r, &["kind"]).unwrap_or_default(),
                namespaced: r.get("namespaced") == Some(&Value::Bool(true)),
                verbs: strings(r.get("verbs")),
                subresources: Vec::new(),
            });
        }
    }
    served
}

/// A self-signed CA certificate in PEM, for the trust bundles (which hold certificate
/// authorities only, as upstream checks).
pub fn trust_bundle() -> String {
    let key = rcgen::KeyPair::generate().expect("a key");
    let mut params = rcgen::CertificateParams::new(vec!["ca.example.com".to_owned()]).expect("certificate parameters");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let cert = params.self_signed(&key).expect("a certificate");
    cert.pem().replace('\n', "\\n")
}

/// A directory of the test's own under the system's temporary one.
pub fn write_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// The name stem of a resource's test objects: kind and version, and the group's first word
/// outside core, since every version of a resource (and groups that share one, such as core and
/// `events.k8s.io` events) keeps its objects in one store, where names must not collide.
pub fn base_id(r: &Served) -> String {
    let kind = r.kind.to_ascii_lowercase();
    match r.group.split('.').next().unwrap_or_default() {
        "" => format!("{kind}-{}", r.version),
        group => format!("{kind}-{group}-{}", r.version),
    }
}
