//! kubectl against every resource the test server serves, in every version: discovery lists them; each goes through `create -f -`, `get` (its table's header and row), `label`, `get -o yaml`, `get -o jsonpath`, `explain`, `create --dry-run=server` and `delete`, and each create-only review through `create -o yaml`. All failures are collected, so one run shows them all.

mod kubectl_support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use http_body_util::BodyExt as _;
use kapi_client::GroupVersionResource;
use kapi_machinery::json::value::{self, Value};
use kapi_testing::{ApiServer, TestServer};
use kubectl_support::{kubectl_binary, kubectl_status};

/// The namespace of the namespaced objects.
const NS: &str = "every";

/// A group version and the columns its table of a kind shows.
type VersionColumns = (String, Vec<String>);

/// A resource as discovery lists it.
#[derive(Debug, Clone)]
struct Served {
    group: String,
    version: String,
    resource: String,
    kind: String,
    namespaced: bool,
    verbs: Vec<String>,
}

impl Served {
    fn api_version(&self) -> String {
        if self.group.is_empty() { self.version.clone() } else { format!("{}/{}", self.group, self.version) }
    }

    /// The resource as kubectl is told it, naming the version (`deployments.v1beta2.apps`);
    /// the core group has one version, and kubectl resolves its plain names first.
    fn arg(&self) -> String {
        if self.group.is_empty() {
            self.resource.clone()
        } else {
            format!("{}.{}.{}", self.resource, self.version, self.group)
        }
    }

    /// How failures name the resource.
    fn label(&self) -> String {
        format!("{} {}", self.api_version(), self.resource)
    }

    fn supports(&self, verbs: &[&str]) -> bool {
        verbs.iter().all(|v| self.verbs.iter().any(|s| s == v))
    }

    fn gvr(&self) -> GroupVersionResource {
        GroupVersionResource::new(self.group.clone(), self.version.clone(), self.resource.clone())
    }

    /// The path of the collection the test's objects are in.
    fn collection_path(&self) -> String {
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
    fn namespace_args(&self) -> Vec<&'static str> {
        if self.namespaced { vec!["-n", NS] } else { Vec::new() }
    }
}

/// What an object of a kind needs besides `apiVersion`, `kind` and `metadata.name`: its other
/// top-level members (JSON), and its name where the kind constrains names. `{id}` stands for
/// a name unique per resource and object (`deployment-v1beta2`, `deployment-v1beta2-dry`),
/// `{seq}` for a small number unique per object. `versions` empty means every version.
struct Fixture {
    group: &'static str,
    kind: &'static str,
    versions: &'static [&'static str],
    name: &'static str,
    body: &'static str,
}

const POD_SPEC: &str = r#"{"containers":[{"name":"c","image":"nginx"}]}"#;

/// A certificate signing request for `CN=alice` (a P-256 key), base64 as the API carries it.
const CSR_REQUEST: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIS01ISUNBUUF3RURFT01Bd0dBMVVFQXd3RllXeHBZMlV3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQgpCd05DQUFROTJ3RGFvZlBrSXUwdnJYUy93Y216TTF4NEw0SXVFSHB5bVkxOC9PUUdxeFh1SXd2RXM2eTFjUm4rClJQZXBsWGtFWTlDYU9ML1Q3aXFxVEhoYWkwWDNvQUF3Q2dZSUtvWkl6ajBFQXdJRFNBQXdSUUlnWldZQS9CVVQKTVc2ZmlnVXBsYWdqM0JYVkp3elBCMThBZU9Yekx3N0NaN3dDSVFEN3lraEVnd0ppRUl3OFVNaWhPSUVoS0p3TgpRK1h4S2U4VW5tNXFrYW1nckE9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K";

/// The kinds that need more than a name, and those whose names have a form. Kinds not listed
/// are created as `{apiVersion, kind, metadata: {name}}`.
const FIXTURES: &[Fixture] = &[
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
    Fixture {
        group: "apiextensions.k8s.io",
        kind: "CustomResourceDefinition",
        versions: &["v1beta1"],
        name: "things.{id}.example.com",
        body: r#""spec":{"group":"{id}.example.com","scope":"Namespaced","names":{"plural":"things","singular":"thing","kind":"Thing","listKind":"ThingList"},"versions":[{"name":"v1","served":true,"storage":true}],"validation":{"openAPIV3Schema":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}"#,
    },
    Fixture {
        group: "internal.apiserver.k8s.io",
        kind: "StorageVersion",
        versions: &[],
        name: "{id}.widgets",
        body: r#""spec":{}"#,
    },
];

/// The name and JSON document of one object of a resource: its fixture (the first that names
/// the resource's group, kind and version) with `{id}` and `{seq}` filled in.
fn object(r: &Served, id: &str, seq: usize, trust_bundle: &str) -> (String, String) {
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

/// The create-only reviews: the object's members besides `apiVersion`, `kind` and `metadata`
/// (reviews have no name; `TOKEN` stands for a token `kubectl create token` issued), and what the
/// server's answer must hold there (`None`: nothing). The test server authorizes everything, as
/// kube-apiserver's `AlwaysAllow` mode, and kubectl sends no credentials.
struct Review {
    kind: &'static str,
    body: &'static str,
    expect: &'static [(&'static [&'static str], Option<&'static str>)],
}

const ACCESS: &str = r#""resourceAttributes":{"namespace":"every","verb":"get","resource":"pods"}"#;

const REVIEWS: &[Review] = &[
    Review {
        kind: "TokenReview",
        body: r#""spec":{"token":"TOKEN"}"#,
        expect: &[
            (&["status", "authenticated"], Some("true")),
            (&["status", "user", "username"], Some("system:serviceaccount:every:robot")),
            (&["status", "audiences"], Some(r#"["https://kubernetes.default.svc.cluster.local"]"#)),
        ],
    },
    Review {
        kind: "TokenReview",
        body: r#""spec":{"token":"not-a-token-of-this-server"}"#,
        expect: &[(&["status", "authenticated"], None), (&["status", "user"], Some("{}"))],
    },
    Review {
        kind: "SelfSubjectReview",
        body: "",
        expect: &[
            (&["status", "userInfo", "username"], Some("system:anonymous")),
            (&["status", "userInfo", "groups"], Some(r#"["system:unauthenticated"]"#)),
        ],
    },
    Review {
        kind: "SubjectAccessReview",
        body: r#""spec":{"user":"alice",ACCESS}"#,
        expect: &[(&["status", "allowed"], Some("true"))],
    },
    Review {
        kind: "LocalSubjectAccessReview",
        body: r#""spec":{"user":"alice",ACCESS}"#,
        expect: &[(&["status", "allowed"], Some("true"))],
    },
    Review {
        kind: "SelfSubjectAccessReview",
        body: r#""spec":{ACCESS}"#,
        expect: &[(&["status", "allowed"], Some("true"))],
    },
    Review {
        kind: "SelfSubjectRulesReview",
        body: r#""spec":{"namespace":"every"}"#,
        expect: &[
            (&["status", "incomplete"], Some("false")),
            (&["status", "resourceRules"], Some(r#"[{"apiGroups":["*"],"resources":["*"],"verbs":["*"]}]"#)),
            (&["status", "nonResourceRules"], Some(r#"[{"nonResourceURLs":["*"],"verbs":["*"]}]"#)),
        ],
    },
];

/// The member at `path`, as text (strings bare, other values as JSON).
fn at(v: &Value, path: &[&str]) -> Option<String> {
    let mut cur = v;
    for p in path {
        cur = cur.get(p)?;
    }
    Some(match cur {
        Value::String(s) => s.clone(),
        other => String::from_utf8_lossy(&other.to_compact_vec()).into_owned(),
    })
}

fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::Array(items)) => items.iter().filter_map(|i| i.as_str().map(str::to_owned)).collect(),
        _ => Vec::new(),
    }
}

/// The test's kubectl: the binary, the kubeconfig, and the failures so far.
struct Kubectl {
    bin: PathBuf,
    kubeconfig: PathBuf,
    failures: Vec<String>,
    /// Runs and time per command (with the flags that change what it does), printed at the end.
    spent: BTreeMap<String, (usize, std::time::Duration)>,
}

impl Kubectl {
    /// Runs kubectl; a failure is recorded against `what` and `None` returned.
    async fn run(&mut self, what: &str, args: &[&str], stdin: Option<&str>) -> Option<String> {
        let (ok, stdout, stderr) = self.status(args, stdin).await;
        if ok {
            Some(stdout)
        } else {
            self.fail(what, args, &format!("{stdout}{stderr}"));
            None
        }
    }

    /// Runs kubectl, timing it; whether it succeeded, stdout and stderr.
    async fn status(&mut self, args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
        let start = std::time::Instant::now();
        let out = kubectl_status(&self.bin, &self.kubeconfig, args, stdin).await;
        // The command and the flags that change what it does, not the resource.
        let flags = args.iter().skip(1).filter(|a| a.starts_with("-o") || a.starts_with("--dry-run") || **a == "-f");
        let key = std::iter::once(&args[0]).chain(flags).copied().collect::<Vec<_>>().join(" ");
        let e = self.spent.entry(key).or_default();
        e.0 += 1;
        e.1 += start.elapsed();
        out
    }

    fn fail(&mut self, what: &str, args: &[&str], detail: &str) {
        self.failures.push(format!("{what}: kubectl {}: {}", args.join(" "), detail.trim()));
    }
}

/// Reads discovery through kubectl: every resource of every served group version (no
/// subresources).
async fn discover(k: &mut Kubectl) -> Vec<Served> {
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
        for r in resources {
            let resource = at(r, &["name"]).unwrap_or_default();
            if resource.contains('/') {
                continue;
            }
            served.push(Served {
                group: group.clone(),
                version: version.clone(),
                resource,
                kind: at(r, &["kind"]).unwrap_or_default(),
                namespaced: r.get("namespaced") == Some(&Value::Bool(true)),
                verbs: strings(r.get("verbs")),
            });
        }
    }
    served
}

/// The names of the columns the server's `Table` of a collection shows without `-o wide`,
/// as kubectl prints them (upper case).
async fn server_columns(api: &ApiServer, r: &Served) -> Result<Vec<String>, String> {
    let req = http::Request::get(r.collection_path())
        .header(http::header::ACCEPT, "application/json;as=Table;v=v1;g=meta.k8s.io")
        .body(bytes::Bytes::new())
        .expect("a request");
    let resp = api.handle(req).await;
    let status = resp.status();
    let body = resp.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    if !status.is_success() {
        return Err(format!("{status}: {}", String::from_utf8_lossy(&body)));
    }
    let table = value::parse(&body).map_err(|e| e.to_string())?;
    let Some(Value::Array(columns)) = table.get("columnDefinitions") else {
        return Err("a table without column definitions".to_owned());
    };
    Ok(columns
        .iter()
        .filter(|c| at(c, &["priority"]).is_none_or(|p| p == "0"))
        .filter_map(|c| at(c, &["name"]))
        .map(|n| n.to_uppercase())
        .collect())
}

/// The group of the type upstream stores a kind as, and so prints it as: `extensions` kinds are
/// `apps` and `networking.k8s.io` ones, `events.k8s.io` events are core events.
fn stored_as<'a>(group: &'a str, kind: &str) -> &'a str {
    match (group, kind) {
        ("extensions", "Deployment" | "DaemonSet" | "ReplicaSet") => "apps",
        ("extensions", "Ingress" | "NetworkPolicy") => "networking.k8s.io",
        ("events.k8s.io", "Event") => "",
        _ => group,
    }
}

/// The cells of a line of kubectl's table: columns are at least three spaces apart, and names
/// such as `ACCESS MODES` hold single ones.
fn cells(line: &str) -> Vec<String> {
    line.split("   ").map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned).collect()
}

/// The cells of a column of kubectl's table, by where its header starts (cells may be empty,
/// so splitting rows would not line them up).
fn column(out: &str, name: &str) -> Vec<String> {
    let mut lines = out.lines();
    let header = lines.next().unwrap_or_default();
    let Some(start) = header.match_indices(name).map(|(i, _)| i).find(|&i| {
        (i == 0 || header[..i].ends_with("   ")) && header[i + name.len()..].chars().next().is_none_or(|c| c == ' ')
    }) else {
        return Vec::new();
    };
    lines
        .filter_map(|l| l.get(start..))
        .map(|rest| rest.split("   ").next().unwrap_or_default().trim().to_owned())
        .collect()
}

/// Puts an object of a read-only resource in the server's store, as the server itself would
/// compute it.
fn seed(api: &ApiServer, r: &Served, name: &str) -> Result<(), String> {
    use kapi_api::core::v1::{ComponentCondition, ComponentConditionType, ComponentStatus, ConditionStatus};
    let object: Box<dyn kapi_machinery::Object> = match (r.group.as_str(), r.kind.as_str()) {
        ("", "ComponentStatus") => Box::new(ComponentStatus {
            metadata: kapi_api::meta::v1::ObjectMeta { name: name.to_owned(), ..Default::default() },
            conditions: vec![ComponentCondition {
                r#type: ComponentConditionType(ComponentConditionType::HEALTHY.into()),
                status: ConditionStatus(ConditionStatus::TRUE.into()),
                message: "ok".into(),
                ..Default::default()
            }],
            ..Default::default()
        }),
        _ => return Err(format!("no object to seed the read-only {} with", r.kind)),
    };
    api.tracker().create(&r.gvr(), "", object, &Default::default()).map(drop).map_err(|e| e.to_string())
}

/// A self-signed certificate in PEM, for the trust bundles.
fn trust_bundle() -> String {
    let cert = rcgen::generate_simple_self_signed(vec!["ca.example.com".to_owned()]).expect("a certificate");
    cert.cert.pem().replace('\n', "\\n")
}

fn write_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kapi-kubectl-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// One object of every resource through kubectl's everyday commands. Runs when `kubectl` is on
/// the PATH (or `KUBECTL` names it).
#[tokio::test]
async fn kubectl_everyday_commands_work_for_every_resource() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let started = std::time::Instant::now();
    let api = Arc::new(ApiServer::new());
    kapi_client::clientset::register_all(&api).unwrap();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = write_dir("every");
    let kubeconfig = dir.join("kubeconfig");
    std::fs::write(&kubeconfig, kapi_testing::kubeconfig(server.url())).unwrap();
    let mut k = Kubectl { bin, kubeconfig, failures: Vec::new(), spent: BTreeMap::new() };
    let bundle = trust_bundle();

    let served = discover(&mut k).await;
    assert!(served.len() > 150, "discovery lists {} resources", served.len());
    check_api_resources(&mut k, &served).await;
    k.run("setup", &["create", "namespace", NS], None).await;

    let (crud, rest): (Vec<&Served>, Vec<&Served>) =
        served.iter().partition(|r| r.supports(&["create", "get", "list", "patch", "delete"]));
    let (reviews, others): (Vec<&Served>, Vec<&Served>) = rest.into_iter().partition(|r| r.verbs == ["create"]);
    let (read_only, others): (Vec<&Served>, Vec<&Served>) =
        others.into_iter().partition(|r| r.verbs == ["get", "list"]);
    for r in others {
        k.failures.push(format!("{}: neither read-write, read-only nor create-only: {:?}", r.label(), r.verbs));
    }

    let mut objects = Vec::new();
    for (seq, r) in crud.iter().enumerate() {
        let id = format!("{}-{}", r.kind.to_ascii_lowercase(), r.version);
        let (name, doc) = object(r, &id, seq + 1, &bundle);
        let (dry_name, dry_doc) = object(r, &format!("{id}-dry"), seq + 101, &bundle);
        objects.push((*r, name, doc, dry_name, dry_doc));
    }

    // Create every object at once; what did not get stored is created again alone, so its
    // error names it.
    let all: String = objects.iter().map(|o| format!("{}\n", o.2)).collect();
    let (ok, _, stderr) = k.status(&["create", "-f", "-"], Some(&all)).await;
    let stored = |r: &Served, name: &str| {
        api.tracker().get(&r.gvr(), if r.namespaced { NS } else { "" }, name, &Default::default()).is_ok()
    };
    if !ok {
        for (r, name, doc, ..) in &objects {
            if !stored(r, name) {
                k.run(&r.label(), &["create", "-f", "-"], Some(doc)).await;
            }
        }
        if objects.iter().all(|(r, name, ..)| stored(r, name)) {
            k.failures.push(format!("create of every object failed, each alone succeeded: {stderr}"));
        }
    }

    // Tables: the header the server's Table names, and the object's row. Every version of a
    // kind prints the same columns, as upstream prints the internal type.
    let mut columns_of: BTreeMap<(String, String), Vec<VersionColumns>> = BTreeMap::new();
    for (r, name, ..) in &objects {
        if stored(r, name)
            && let Some(columns) = check_table(&mut k, &api, r, name).await
        {
            let key = (stored_as(&r.group, &r.kind).to_owned(), r.kind.clone());
            columns_of.entry(key).or_default().push((r.api_version(), columns));
        }
    }
    for ((group, kind), versions) in &columns_of {
        if versions.windows(2).any(|w| w[0].1 != w[1].1) {
            k.failures.push(format!("{group} {kind}: the versions print different columns: {versions:?}"));
        }
    }

    // Labels, then the object as YAML (the label included) and by JSONPath.
    let labelled: String = objects.iter().filter(|o| stored(o.0, &o.1)).map(|o| format!("{}\n", o.2)).collect();
    let (ok, out, stderr) = k.status(&["label", "-f", "-", "kapi.example.com/every=yes"], Some(&labelled)).await;
    for (r, name, doc, ..) in &objects {
        if stored(r, name) && !out.contains(&format!("/{name} labeled")) {
            k.run(&r.label(), &["label", "-f", "-", "--overwrite", "kapi.example.com/every=yes"], Some(doc)).await;
        }
    }
    if !ok && k.failures.is_empty() {
        k.failures.push(format!("label of every object failed: {stderr}"));
    }
    // Every object as YAML (the label included) and by JSONPath, each read in its version by
    // one `get -f -`; an object the answer lacks is read alone, so its error names it.
    let args = ["get", "-f", "-", "-o", "yaml"];
    let (_, out, stderr) = k.status(&args, Some(&labelled)).await;
    let items = match kapi_machinery::yaml::from_yaml(out.as_bytes(), false) {
        Ok(v) => match v.get("items") {
            Some(Value::Array(items)) => items.clone(),
            _ => vec![v],
        },
        Err(e) => {
            k.fail("every object", &args, &format!("not YAML: {e}\n{stderr}"));
            Vec::new()
        }
    };
    let (_, names, _) =
        k.status(&["get", "-f", "-", "-o", "jsonpath={.items[*].metadata.name}"], Some(&labelled)).await;
    let names: Vec<&str> = names.split_whitespace().collect();
    for (r, name, ..) in &objects {
        if !stored(r, name) {
            continue;
        }
        let found = items.iter().find(|v| {
            at(v, &["apiVersion"]) == Some(r.api_version())
                && at(v, &["kind"]).as_deref() == Some(r.kind.as_str())
                && at(v, &["metadata", "name"]).as_ref() == Some(name)
        });
        let arg = r.arg();
        let mut args = vec!["get", arg.as_str(), name.as_str(), "-o", "yaml"];
        args.extend(r.namespace_args());
        match found {
            Some(v) if at(v, &["metadata", "labels", "kapi.example.com/every"]).as_deref() == Some("yes") => {}
            Some(v) => k.fail(&r.label(), &args, &format!("not labelled: {:?}", at(v, &["metadata"]))),
            None => {
                let alone = k.run(&r.label(), &args, None).await;
                k.fail(&r.label(), &["get", "-f", "-", "-o", "yaml"], &format!("missing; alone: {alone:?}"));
            }
        }
        if !names.contains(&name.as_str()) {
            let mut args = vec!["get", arg.as_str(), name.as_str(), "-o", "jsonpath={.metadata.name}"];
            args.extend(r.namespace_args());
            let alone = k.run(&r.label(), &args, None).await;
            k.fail(&r.label(), &["get", "-f", "-", "-o", "jsonpath"], &format!("missing; alone: {alone:?}"));
        }
    }

    // `explain` of every resource in its version.
    for r in &crud {
        let api_version = format!("--api-version={}", r.api_version());
        let args = ["explain", r.resource.as_str(), api_version.as_str()];
        if let Some(out) = k.run(&r.label(), &args, None).await
            && !out.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["KIND:", r.kind.as_str()])
        {
            k.fail(&r.label(), &args, &format!("no KIND line:\n{out}"));
        }
    }

    // Server dry runs of second objects: answered as created, nothing stored.
    let dry: String = objects.iter().map(|o| format!("{}\n", o.4)).collect();
    let (_, out, _) = k.status(&["create", "--dry-run=server", "-f", "-"], Some(&dry)).await;
    for (r, _, _, dry_name, dry_doc) in &objects {
        if !out.contains(&format!("/{dry_name} created (server dry run)")) {
            k.run(&r.label(), &["create", "--dry-run=server", "-f", "-"], Some(dry_doc)).await;
        }
        if stored(r, dry_name) {
            k.failures.push(format!("{}: the dry run stored {dry_name}", r.label()));
        }
    }

    // Delete everything at once; what is left is deleted alone, so its error names it.
    let (_, out, _) = k.status(&["delete", "-f", "-"], Some(&labelled)).await;
    for (r, name, doc, ..) in &objects {
        if stored(r, name) {
            k.run(&r.label(), &["delete", "-f", "-"], Some(doc)).await;
            if stored(r, name) {
                k.failures.push(format!("{}: {name} is still there after delete:\n{out}", r.label()));
            }
        }
    }

    // Read-only resources (component statuses, which upstream computes on each read): an
    // object put in the store is listed, read and explained, and kubectl's create is refused
    // with `405 MethodNotAllowed`, as a cluster refuses it.
    for r in &read_only {
        let name = format!("{}-{}", r.kind.to_ascii_lowercase(), r.version);
        if let Err(e) = seed(&api, r, &name) {
            k.failures.push(format!("{}: {e}", r.label()));
            continue;
        }
        check_table(&mut k, &api, r, &name).await;
        let arg = r.arg();
        let jsonpath = ["get", arg.as_str(), name.as_str(), "-o", "jsonpath={.apiVersion} {.kind} {.metadata.name}"];
        if let Some(out) = k.run(&r.label(), &jsonpath, None).await
            && out != format!("{} {} {name}", r.api_version(), r.kind)
        {
            k.fail(&r.label(), &jsonpath, &format!("printed {out:?}"));
        }
        let api_version = format!("--api-version={}", r.api_version());
        k.run(&r.label(), &["explain", r.resource.as_str(), api_version.as_str()], None).await;
        let (_, doc) = object(r, &format!("{name}-created"), 0, &bundle);
        let args = ["create", "-f", "-"];
        let (ok, out, stderr) = k.status(&args, Some(&doc)).await;
        if ok || !stderr.contains("Error from server (MethodNotAllowed)") {
            k.fail(&r.label(), &args, &format!("not refused: {out}{stderr}"));
        }
    }

    // The create-only reviews: created with the answer printed, for a token kubectl had the
    // server issue and for one it did not.
    k.run("setup", &["create", "serviceaccount", "robot", "-n", NS], None).await;
    let token = k.run("setup", &["create", "token", "robot", "-n", NS], None).await.unwrap_or_default();
    for r in &reviews {
        let cases: Vec<&Review> = REVIEWS.iter().filter(|v| v.kind == r.kind).collect();
        if cases.is_empty() {
            k.failures.push(format!("{}: no review case for {}", r.label(), r.kind));
        }
        for review in cases {
            let metadata = if r.namespaced { format!(r#","metadata":{{"namespace":"{NS}"}}"#) } else { String::new() };
            let body = review.body.replace("ACCESS", ACCESS).replace("TOKEN", token.trim());
            let body = if body.is_empty() { body } else { format!(",{body}") };
            let doc = format!(r#"{{"apiVersion":"{}","kind":"{}"{metadata}{body}}}"#, r.api_version(), r.kind);
            let args = ["create", "-f", "-", "-o", "yaml"];
            let Some(out) = k.run(&r.label(), &args, Some(&doc)).await else { continue };
            match kapi_machinery::yaml::from_yaml(out.as_bytes(), false) {
                Ok(v) => {
                    for (path, want) in review.expect {
                        let got = at(&v, path);
                        if got.as_deref() != *want {
                            k.fail(&r.label(), &args, &format!("{} is {got:?}, want {want:?}:\n{out}", path.join(".")));
                        }
                    }
                }
                Err(e) => k.fail(&r.label(), &args, &format!("not YAML: {e}\n{out}")),
            }
        }
    }

    eprintln!("{} resources, {} create-only, {:.1?}", crud.len(), reviews.len(), started.elapsed());
    for (command, (n, spent)) in &k.spent {
        eprintln!("  kubectl {command}: {n} runs, {spent:.1?}");
    }
    std::fs::remove_dir_all(&dir).ok();
    drop(server);
    assert!(k.failures.is_empty(), "{} failures:\n{}", k.failures.len(), k.failures.join("\n\n"));
}

/// `kubectl get <resource>`: the header is the server's `Table` columns and the object has a
/// row (by its `NAME` cell; kinds that show their name only in the wide output, events, are
/// looked for there). Returns the columns.
async fn check_table(k: &mut Kubectl, api: &ApiServer, r: &Served, name: &str) -> Option<Vec<String>> {
    let arg = r.arg();
    let mut args = vec!["get", arg.as_str()];
    args.extend(r.namespace_args());
    let out = k.run(&r.label(), &args, None).await?;
    let expected = match server_columns(api, r).await {
        Ok(c) => c,
        Err(e) => {
            k.fail(&r.label(), &args, &format!("the server's table: {e}"));
            return None;
        }
    };
    let header = out.lines().next().map(cells).unwrap_or_default();
    if header != expected {
        k.fail(&r.label(), &args, &format!("header {header:?}, the server's columns {expected:?}"));
    }
    let out = if header.iter().any(|c| c == "NAME") {
        out
    } else {
        args.extend(["-o", "wide"]);
        k.run(&r.label(), &args, None).await?
    };
    if !column(&out, "NAME").iter().any(|n| n == name) {
        k.fail(&r.label(), &args, &format!("no row of {name}:\n{out}"));
    }
    Some(expected)
}

/// `kubectl api-resources -o wide` lists each group's preferred version of every resource
/// discovery has, with its kind, scope and verbs.
async fn check_api_resources(k: &mut Kubectl, served: &[Served]) {
    let args = ["api-resources", "-o", "wide", "--no-headers"];
    let Some(out) = k.run("api-resources", &args, None).await else { return };
    for line in out.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let Some(&name) = fields.first() else { continue };
        // NAME [SHORTNAMES] APIVERSION NAMESPACED KIND VERBS [CATEGORIES]
        let Some(pos) = fields.iter().position(|f| *f == "true" || *f == "false") else {
            k.fail("api-resources", &args, &format!("no NAMESPACED column in {line:?}"));
            continue;
        };
        let (api_version, kind) = (fields[pos - 1], fields.get(pos + 1).copied().unwrap_or_default());
        let found = served.iter().find(|r| r.resource == name && r.api_version() == api_version);
        match found {
            Some(r) if r.kind == kind && r.namespaced == (fields[pos] == "true") => {}
            _ => k.fail("api-resources", &args, &format!("{line:?} is not as discovery lists it")),
        }
    }
}
