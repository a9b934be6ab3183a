//! kapi's types and k8s-openapi's (the types kube-rs uses) read each other's JSON: every kind and
//! list kind k8s-openapi has goes kapi → JSON → k8s-openapi → JSON → kapi through serde unchanged.

// Each case fills a kapi object with upstream's deterministic fixture fill (every field set, so a
// field one side drops shows up), writes it with kapi's serde impls (feature `serde`, which follows
// kapi's JSON codec), reads that JSON into k8s-openapi's type of the same group, version and kind
// (the test checks the pairing), writes it again and reads it back into kapi. The JSON values must
// be equal and the kapi object must come back equal, except for the members `KNOWN_DIFFERENCES`
// names, each with what k8s-openapi does to it and why: exactly those members must be refused or
// added, and the objects must be equal without them. `Time` has whole seconds on the wire; the
// fill's `MicroTime`s have microseconds (an `Event`'s `eventTime` is `…01.000002Z`), which
// k8s-openapi keeps.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use k8s_openapi::{List, ListableResource, Resource};
use kapi_machinery::{Fill, FillCtx, Kind};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The kinds k8s-openapi (feature `latest`) implements `Resource` for, with their kapi and
/// k8s-openapi modules and, for a `ListableResource`, the list kind; read from k8s-openapi 0.29.0's
/// `src/v1_37` (`impl crate::Resource for` and `impl crate::ListableResource for`). A kind
/// k8s-openapi adds needs a line here: `RESOURCE_KINDS` and `LIST_KINDS` below count them.
macro_rules! for_each_kind {
    ($callback:ident) => {
        $callback! {
            admissionregistration::v1, api::admissionregistration::v1, MutatingAdmissionPolicy, MutatingAdmissionPolicyList;
            admissionregistration::v1, api::admissionregistration::v1, MutatingAdmissionPolicyBinding, MutatingAdmissionPolicyBindingList;
            admissionregistration::v1, api::admissionregistration::v1, MutatingWebhookConfiguration, MutatingWebhookConfigurationList;
            admissionregistration::v1, api::admissionregistration::v1, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyList;
            admissionregistration::v1, api::admissionregistration::v1, ValidatingAdmissionPolicyBinding, ValidatingAdmissionPolicyBindingList;
            admissionregistration::v1, api::admissionregistration::v1, ValidatingWebhookConfiguration, ValidatingWebhookConfigurationList;
            admissionregistration::v1alpha1, api::admissionregistration::v1alpha1, MutatingAdmissionPolicy, MutatingAdmissionPolicyList;
            admissionregistration::v1alpha1, api::admissionregistration::v1alpha1, MutatingAdmissionPolicyBinding, MutatingAdmissionPolicyBindingList;
            admissionregistration::v1beta1, api::admissionregistration::v1beta1, MutatingAdmissionPolicy, MutatingAdmissionPolicyList;
            admissionregistration::v1beta1, api::admissionregistration::v1beta1, MutatingAdmissionPolicyBinding, MutatingAdmissionPolicyBindingList;
            apiextensions::v1, apiextensions_apiserver::pkg::apis::apiextensions::v1, CustomResourceDefinition, CustomResourceDefinitionList;
            apiregistration::v1, kube_aggregator::pkg::apis::apiregistration::v1, APIService, APIServiceList;
            apps::v1, api::apps::v1, ControllerRevision, ControllerRevisionList;
            apps::v1, api::apps::v1, DaemonSet, DaemonSetList;
            apps::v1, api::apps::v1, Deployment, DeploymentList;
            apps::v1, api::apps::v1, ReplicaSet, ReplicaSetList;
            apps::v1, api::apps::v1, StatefulSet, StatefulSetList;
            authentication::v1, api::authentication::v1, SelfSubjectReview;
            authentication::v1, api::authentication::v1, TokenRequest;
            authentication::v1, api::authentication::v1, TokenReview;
            authorization::v1, api::authorization::v1, LocalSubjectAccessReview;
            authorization::v1, api::authorization::v1, SelfSubjectAccessReview;
            authorization::v1, api::authorization::v1, SelfSubjectRulesReview;
            authorization::v1, api::authorization::v1, SubjectAccessReview;
            autoscaling::v1, api::autoscaling::v1, HorizontalPodAutoscaler, HorizontalPodAutoscalerList;
            autoscaling::v1, api::autoscaling::v1, Scale;
            autoscaling::v2, api::autoscaling::v2, HorizontalPodAutoscaler, HorizontalPodAutoscalerList;
            batch::v1, api::batch::v1, CronJob, CronJobList;
            batch::v1, api::batch::v1, Job, JobList;
            certificates::v1, api::certificates::v1, CertificateSigningRequest, CertificateSigningRequestList;
            certificates::v1, api::certificates::v1, ClusterTrustBundle, ClusterTrustBundleList;
            certificates::v1, api::certificates::v1, PodCertificateRequest, PodCertificateRequestList;
            certificates::v1beta1, api::certificates::v1beta1, ClusterTrustBundle, ClusterTrustBundleList;
            certificates::v1beta1, api::certificates::v1beta1, PodCertificateRequest, PodCertificateRequestList;
            coordination::v1, api::coordination::v1, Lease, LeaseList;
            coordination::v1alpha2, api::coordination::v1alpha2, LeaseCandidate, LeaseCandidateList;
            coordination::v1beta1, api::coordination::v1beta1, LeaseCandidate, LeaseCandidateList;
            discovery::v1, api::discovery::v1, EndpointSlice, EndpointSliceList;
            events::v1, api::events::v1, Event, EventList;
            flowcontrol::v1, api::flowcontrol::v1, FlowSchema, FlowSchemaList;
            flowcontrol::v1, api::flowcontrol::v1, PriorityLevelConfiguration, PriorityLevelConfigurationList;
            apiserverinternal::v1alpha1, api::apiserverinternal::v1alpha1, StorageVersion, StorageVersionList;
            lifecycle::v1alpha1, api::lifecycle::v1alpha1, Eviction, EvictionList;
            lifecycle::v1alpha1, api::lifecycle::v1alpha1, EvictionRequest, EvictionRequestList;
            networking::v1, api::networking::v1, IPAddress, IPAddressList;
            networking::v1, api::networking::v1, Ingress, IngressList;
            networking::v1, api::networking::v1, IngressClass, IngressClassList;
            networking::v1, api::networking::v1, NetworkPolicy, NetworkPolicyList;
            networking::v1, api::networking::v1, ServiceCIDR, ServiceCIDRList;
            node::v1, api::node::v1, RuntimeClass, RuntimeClassList;
            policy::v1, api::policy::v1, Eviction;
            policy::v1, api::policy::v1, PodDisruptionBudget, PodDisruptionBudgetList;
            rbac::v1, api::rbac::v1, ClusterRole, ClusterRoleList;
            rbac::v1, api::rbac::v1, ClusterRoleBinding, ClusterRoleBindingList;
            rbac::v1, api::rbac::v1, Role, RoleList;
            rbac::v1, api::rbac::v1, RoleBinding, RoleBindingList;
            resource::v1, api::resource::v1, DeviceClass, DeviceClassList;
            resource::v1, api::resource::v1, DeviceTaintRule, DeviceTaintRuleList;
            resource::v1, api::resource::v1, ResourceClaim, ResourceClaimList;
            resource::v1, api::resource::v1, ResourceClaimTemplate, ResourceClaimTemplateList;
            resource::v1, api::resource::v1, ResourceSlice, ResourceSliceList;
            resource::v1alpha3, api::resource::v1alpha3, DeviceTaintRule, DeviceTaintRuleList;
            resource::v1alpha3, api::resource::v1alpha3, ResourcePoolStatusRequest, ResourcePoolStatusRequestList;
            resource::v1beta1, api::resource::v1beta1, DeviceClass, DeviceClassList;
            resource::v1beta1, api::resource::v1beta1, ResourceClaim, ResourceClaimList;
            resource::v1beta1, api::resource::v1beta1, ResourceClaimTemplate, ResourceClaimTemplateList;
            resource::v1beta1, api::resource::v1beta1, ResourceSlice, ResourceSliceList;
            resource::v1beta2, api::resource::v1beta2, DeviceClass, DeviceClassList;
            resource::v1beta2, api::resource::v1beta2, DeviceTaintRule, DeviceTaintRuleList;
            resource::v1beta2, api::resource::v1beta2, ResourceClaim, ResourceClaimList;
            resource::v1beta2, api::resource::v1beta2, ResourceClaimTemplate, ResourceClaimTemplateList;
            resource::v1beta2, api::resource::v1beta2, ResourceSlice, ResourceSliceList;
            scheduling::v1, api::scheduling::v1, PriorityClass, PriorityClassList;
            scheduling::v1alpha3, api::scheduling::v1alpha3, CompositePodGroup, CompositePodGroupList;
            scheduling::v1alpha3, api::scheduling::v1alpha3, PodGroup, PodGroupList;
            scheduling::v1alpha3, api::scheduling::v1alpha3, Workload, WorkloadList;
            scheduling::v1beta1, api::scheduling::v1beta1, PodGroup, PodGroupList;
            scheduling::v1beta1, api::scheduling::v1beta1, Workload, WorkloadList;
            storage::v1, api::storage::v1, CSIDriver, CSIDriverList;
            storage::v1, api::storage::v1, CSINode, CSINodeList;
            storage::v1, api::storage::v1, CSIStorageCapacity, CSIStorageCapacityList;
            storage::v1, api::storage::v1, StorageClass, StorageClassList;
            storage::v1, api::storage::v1, VolumeAttachment, VolumeAttachmentList;
            storage::v1, api::storage::v1, VolumeAttributesClass, VolumeAttributesClassList;
            storagemigration::v1, api::storagemigration::v1, StorageVersionMigration, StorageVersionMigrationList;
            storagemigration::v1beta1, api::storagemigration::v1beta1, StorageVersionMigration, StorageVersionMigrationList;
            meta::v1, apimachinery::pkg::apis::meta::v1, APIGroup;
            meta::v1, apimachinery::pkg::apis::meta::v1, APIGroupList;
            meta::v1, apimachinery::pkg::apis::meta::v1, APIResourceList;
            meta::v1, apimachinery::pkg::apis::meta::v1, APIVersions;
            core::v1, api::core::v1, Binding;
            core::v1, api::core::v1, ComponentStatus, ComponentStatusList;
            core::v1, api::core::v1, ConfigMap, ConfigMapList;
            core::v1, api::core::v1, Endpoints, EndpointsList;
            core::v1, api::core::v1, Event, EventList;
            core::v1, api::core::v1, LimitRange, LimitRangeList;
            core::v1, api::core::v1, Namespace, NamespaceList;
            core::v1, api::core::v1, Node, NodeList;
            core::v1, api::core::v1, PersistentVolume, PersistentVolumeList;
            core::v1, api::core::v1, PersistentVolumeClaim, PersistentVolumeClaimList;
            core::v1, api::core::v1, Pod, PodList;
            core::v1, api::core::v1, PodTemplate, PodTemplateList;
            core::v1, api::core::v1, ReplicationController, ReplicationControllerList;
            core::v1, api::core::v1, ResourceQuota, ResourceQuotaList;
            core::v1, api::core::v1, Secret, SecretList;
            core::v1, api::core::v1, Service, ServiceList;
            core::v1, api::core::v1, ServiceAccount, ServiceAccountList;
            meta::v1, apimachinery::pkg::apis::meta::v1, Status;
        }
    };
}

/// How many kinds `for_each_kind!` lists: every `impl crate::Resource for` in k8s-openapi 0.29.0's
/// `v1_37` except the generic `List<T>`.
const RESOURCE_KINDS: usize = 108;
/// How many of them are `ListableResource`s, whose `List<T>` is a kind of its own.
const LIST_KINDS: usize = 93;

/// A member that does not survive the trip through k8s-openapi, and why.
struct KnownDifference {
    /// `apiVersion/kind` of the object sent.
    kind: &'static str,
    /// The member's JSON pointer (RFC 6901).
    pointer: &'static str,
    /// What k8s-openapi does to it.
    effect: Effect,
    /// Why.
    reason: &'static str,
}

/// What k8s-openapi does to a member it cannot carry.
enum Effect {
    /// It refuses kapi's JSON with the member, with an error that says this; the trip is then made
    /// without the member and must be exact.
    Refused(&'static str),
    /// It writes the member, which kapi did not send, with this value (JSON text); the object read
    /// back must equal the one sent once the member is dropped again.
    Added(&'static str),
}

/// Every member k8s-openapi does not carry. Nothing is listed by group or by pattern: each entry is
/// one member of one kind, and the test fails if it does carry it (a newer k8s-openapi), so the
/// list cannot outlive its reasons.
const KNOWN_DIFFERENCES: &[KnownDifference] = &[
    KnownDifference {
        kind: "policy/v1/PodDisruptionBudget",
        pointer: "/status/disruptedPods/disruptedPodsKey",
        effect: Effect::Refused("invalid type: null, expected a timestamp string"),
        reason: "a zero `metav1.Time` is `null` in JSON (Go writes it so, and kapi as Go does); \
                 k8s-openapi's `disrupted_pods: BTreeMap<String, Time>` has no zero time, so it \
                 refuses the whole object. A time the server set is not zero and goes through.",
    },
    KnownDifference {
        kind: "policy/v1/PodDisruptionBudgetList",
        pointer: "/items/0/status/disruptedPods/disruptedPodsKey",
        effect: Effect::Refused("invalid type: null, expected a timestamp string"),
        reason: "the list's item: as for `PodDisruptionBudget`",
    },
    KnownDifference {
        kind: "apps/v1/StatefulSet",
        pointer: "/spec/volumeClaimTemplates/0/apiVersion",
        effect: Effect::Added("\"v1\""),
        reason: "k8s-openapi writes `apiVersion` and `kind` on every value of a kind it has, \
                 embedded ones included; Go and kapi omit them when empty, as they are in a template",
    },
    KnownDifference {
        kind: "apps/v1/StatefulSet",
        pointer: "/spec/volumeClaimTemplates/0/kind",
        effect: Effect::Added("\"PersistentVolumeClaim\""),
        reason: "as for `apiVersion`",
    },
    KnownDifference {
        kind: "apps/v1/StatefulSetList",
        pointer: "/items/0/spec/volumeClaimTemplates/0/apiVersion",
        effect: Effect::Added("\"v1\""),
        reason: "the list's item: as for `StatefulSet`",
    },
    KnownDifference {
        kind: "apps/v1/StatefulSetList",
        pointer: "/items/0/spec/volumeClaimTemplates/0/kind",
        effect: Effect::Added("\"PersistentVolumeClaim\""),
        reason: "the list's item: as for `StatefulSet`",
    },
    KnownDifference {
        kind: "v1/APIGroupList",
        pointer: "/groups/0/apiVersion",
        effect: Effect::Added("\"v1\""),
        reason: "k8s-openapi's `APIGroup` is a kind and writes its `apiVersion` and `kind` inside \
                 the list too; Go and kapi omit them when empty, as the server sends them",
    },
    KnownDifference {
        kind: "v1/APIGroupList",
        pointer: "/groups/0/kind",
        effect: Effect::Added("\"APIGroup\""),
        reason: "as for `apiVersion`",
    },
];

/// What one trip found.
struct Trip {
    /// `apiVersion/kind` as kapi registers it.
    kapi: String,
    /// `apiVersion/kind` as k8s-openapi's `Resource` says.
    openapi: String,
    /// What went wrong, one line each.
    problems: Vec<String>,
}

/// A filled kapi object of kind `K` as serde JSON, its `TypeMeta` set to the kind (k8s-openapi
/// refuses an object whose `apiVersion` or `kind` is not its own).
fn filled_json<K: Kind + Fill + Serialize>() -> Value {
    let mut k = K::default();
    k.fill("", 0, &mut FillCtx::new());
    if let Some(tm) = k.kind_type_meta_mut() {
        tm.set_gvk(&K::static_gvk());
    }
    serde_json::to_value(&k).expect("kapi's serde impls write every filled object")
}

/// The trip of one kind: kapi `K` to k8s-openapi `O` and back. `item_type_meta` is a list's item
/// kind: its items are given that `apiVersion` and `kind`, which k8s-openapi writes on every item
/// (an `Added` member of each list otherwise; the server, Go and kapi leave them out).
fn trip<K, O>(item_type_meta: Option<(&str, &str)>) -> Trip
where
    K: Kind + Fill + PartialEq + Serialize + DeserializeOwned,
    O: Resource + Serialize + DeserializeOwned,
{
    let kapi = format!("{}/{}", K::static_gvk().api_version(), K::KIND);
    let openapi = format!("{}/{}", O::API_VERSION, O::KIND);
    let mut t = Trip { kapi, openapi, problems: Vec::new() };
    let known: Vec<&KnownDifference> = KNOWN_DIFFERENCES.iter().filter(|d| d.kind == t.kapi).collect();
    let mut sent = filled_json::<K>();
    if let Some((api_version, kind)) = item_type_meta
        && let Some(Value::Array(items)) = sent.get_mut("items")
    {
        for item in items.iter_mut().filter_map(Value::as_object_mut) {
            item.insert("apiVersion".into(), api_version.into());
            item.insert("kind".into(), kind.into());
        }
    }

    // Each refused member must be refused, and is then left out of the trip.
    for d in &known {
        let Effect::Refused(error) = d.effect else { continue };
        if sent.pointer(d.pointer).is_none() {
            t.problems.push(format!("{}: kapi did not send {}, which is listed as refused", t.kapi, d.pointer));
            continue;
        }
        match serde_json::from_value::<O>(sent.clone()) {
            Ok(_) => {
                t.problems.push(format!("{}: k8s-openapi accepts {}, which is listed as refused", t.kapi, d.pointer))
            }
            Err(e) if !e.to_string().contains(error) => {
                t.problems
                    .push(format!("{}: k8s-openapi refuses it for another reason than {}: {e}", t.kapi, d.pointer));
            }
            Err(_) => {}
        }
        remove_pointer(&mut sent, d.pointer);
    }

    // The object as kapi holds it, which must come back.
    let original: K = match serde_json::from_value(sent.clone()) {
        Ok(k) => k,
        Err(e) => {
            t.problems.push(format!("{}: kapi does not read its own JSON back: {e}", t.kapi));
            return t;
        }
    };
    let theirs: O = match serde_json::from_value(sent.clone()) {
        Ok(o) => o,
        Err(e) => {
            t.problems.push(format!("{}: k8s-openapi refuses kapi's JSON: {e}", t.kapi));
            return t;
        }
    };
    let mut returned = serde_json::to_value(&theirs).expect("k8s-openapi's serde impls write every value they read");

    let mut differing = BTreeSet::new();
    diff("", &sent, &returned, &mut differing);
    for p in &differing {
        let added = known.iter().find_map(|d| match d.effect {
            Effect::Added(value) if d.pointer == p => Some(value),
            _ => None,
        });
        let (before, after) = (sent.pointer(p), returned.pointer(p));
        match added {
            Some(value) => {
                let expected: Value = serde_json::from_str(value).expect("a known difference's value is JSON");
                if before.is_some() || after != Some(&expected) {
                    t.problems.push(format!(
                        "{}: {p} is listed as added as {value}, but was sent as {before:?} and came back as {after:?}",
                        t.kapi
                    ));
                }
            }
            None => t.problems.push(format!(
                "{}: {p} differs after the trip and is not a known difference: sent {before:?}, came back {after:?}",
                t.kapi
            )),
        }
    }
    for d in &known {
        if matches!(d.effect, Effect::Added(_)) && !differing.contains(d.pointer) {
            t.problems.push(format!("{}: {} is listed as added but is not", t.kapi, d.pointer));
        }
        // What k8s-openapi added is dropped before kapi reads it back.
        if matches!(d.effect, Effect::Added(_)) {
            remove_pointer(&mut returned, d.pointer);
        }
    }

    match serde_json::from_value::<K>(returned) {
        Ok(back) if back == original => {}
        Ok(back) => t.problems.push(format!(
            "{}: the object read back differs from the one sent\nsent: {original:?}\nback: {back:?}",
            t.kapi
        )),
        Err(e) => t.problems.push(format!("{}: kapi refuses k8s-openapi's JSON: {e}", t.kapi)),
    }
    t
}

/// Collects the JSON pointers where `a` and `b` differ: a member one side lacks, a scalar that
/// differs, or an array whose length differs.
fn diff(at: &str, a: &Value, b: &Value, out: &mut BTreeSet<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys()) {
                let here = format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"));
                match (x.get(key), y.get(key)) {
                    (Some(p), Some(q)) => diff(&here, p, q, out),
                    _ => {
                        out.insert(here);
                    }
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                diff(&format!("{at}/{i}"), p, q, out);
            }
        }
        _ if a != b => {
            out.insert(at.to_owned());
        }
        _ => {}
    }
}

/// Removes the member a JSON pointer names, if it is there.
fn remove_pointer(v: &mut Value, pointer: &str) {
    let Some((parent, last)) = pointer.rsplit_once('/') else { return };
    let last = last.replace("~1", "/").replace("~0", "~");
    match v.pointer_mut(parent) {
        Some(Value::Object(m)) => {
            m.remove(&last);
        }
        Some(Value::Array(a)) => {
            if let Ok(i) = last.parse::<usize>()
                && i < a.len()
            {
                a.remove(i);
            }
        }
        _ => {}
    }
}

/// Every kind's trip and, for a listable kind, its list's, in `for_each_kind!`'s order, as
/// functions to run.
macro_rules! trips {
    ($($($kapi:ident)::+, $($openapi:ident)::+, $kind:ident $(, $list:ident)?;)*) => {{
        let mut trips: Vec<fn() -> Trip> = Vec::new();
        $(trips.extend(trips_of_kind!([$($kapi)::+], [$($openapi)::+], $kind $(, $list)?));)*
        trips
    }};
}

/// One kind's trip, and its list's when it has one, as an array (a macro of its own, as the module
/// paths and the optional list repeat at different depths in `trips!`).
macro_rules! trips_of_kind {
    ([$($kapi:ident)::+], [$($openapi:ident)::+], $kind:ident) => {
        [kind_trip::<kapi_api::$($kapi)::+::$kind, k8s_openapi::$($openapi)::+::$kind> as fn() -> Trip]
    };
    ([$($kapi:ident)::+], [$($openapi:ident)::+], $kind:ident, $list:ident) => {
        [
            kind_trip::<kapi_api::$($kapi)::+::$kind, k8s_openapi::$($openapi)::+::$kind> as fn() -> Trip,
            list_trip::<kapi_api::$($kapi)::+::$list, k8s_openapi::$($openapi)::+::$kind>,
        ]
    };
}

/// The trip of a kind.
fn kind_trip<K, O>() -> Trip
where
    K: Kind + Fill + PartialEq + Serialize + DeserializeOwned,
    O: Resource + Serialize + DeserializeOwned,
{
    trip::<K, O>(None)
}

/// The trip of a list kind `K`, whose items are k8s-openapi's `T`.
fn list_trip<K, T>() -> Trip
where
    K: Kind + Fill + PartialEq + Serialize + DeserializeOwned,
    T: ListableResource + Serialize + DeserializeOwned,
{
    trip::<K, List<T>>(Some((T::API_VERSION, T::KIND)))
}

/// The count of kinds and of list kinds `for_each_kind!` lists.
macro_rules! counts {
    ($($($kapi:ident)::+, $($openapi:ident)::+, $kind:ident $(, $list:ident)?;)*) => {
        (
            [$(stringify!($kind)),*].len(),
            [$($(stringify!($list),)?)*].len(),
        )
    };
}

#[test]
fn the_list_of_kinds_is_complete() {
    let (kinds, lists) = for_each_kind!(counts);
    assert_eq!(kinds, RESOURCE_KINDS, "for_each_kind! must list every Resource k8s-openapi has");
    assert_eq!(lists, LIST_KINDS, "for_each_kind! must name the list of every ListableResource");
}

#[test]
fn every_kind_goes_to_k8s_openapi_and_back() {
    let cases = for_each_kind!(trips);
    assert_eq!(cases.len(), RESOURCE_KINDS + LIST_KINDS);
    // Each trip is independent and a debug build takes seconds for them all, so they share the
    // cores (the order of the results is kept).
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let trips: Vec<Trip> = std::thread::scope(|scope| {
        let workers: Vec<_> = cases
            .chunks(cases.len().div_ceil(threads))
            .map(|chunk| scope.spawn(move || chunk.iter().map(|run| run()).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().flat_map(|w| w.join().expect("a trip panicked; its message is above")).collect()
    });
    let mut failures = String::new();
    for t in &trips {
        if t.kapi != t.openapi {
            let _ = writeln!(failures, "{}: paired with k8s-openapi's {}", t.kapi, t.openapi);
        }
        for p in &t.problems {
            let _ = writeln!(failures, "{p}");
        }
    }
    let kinds: BTreeSet<&str> = trips.iter().map(|t| t.kapi.as_str()).collect();
    for d in KNOWN_DIFFERENCES {
        assert!(!d.reason.is_empty(), "{} {}: a known difference needs its reason", d.kind, d.pointer);
        if !kinds.contains(d.kind) {
            let _ = writeln!(failures, "{}: known difference {} names no kind this test makes", d.kind, d.pointer);
        }
    }
    eprintln!(
        "{} kinds through k8s-openapi, {} of them with known differences",
        trips.len(),
        KNOWN_DIFFERENCES.iter().map(|d| d.kind).collect::<BTreeSet<_>>().len(),
    );
    assert!(failures.is_empty(), "{failures}");
}
