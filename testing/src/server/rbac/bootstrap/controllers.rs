//! The roles of kube-controller-manager's loops, each bound to its service account in `kube-system`.

use super::{EVENTS, READ, ResourceRule, named, rule};

/// A loop's role: the name after `system:controller:` (also its service account's), the rules.
pub(super) type Controller = (&'static str, &'static [ResourceRule]);

const CRUD_WATCH: &[&str] = &["create", "delete", "get", "list", "patch", "update", "watch"];
const UPDATE: &[&str] = &["update"];
const PATCH_UPDATE: &[&str] = &["patch", "update"];

/// The controller roles, in `controller-roles.yaml`'s order (upstream's defaults for the feature
/// gates that add some).
pub(super) const CONTROLLERS: &[Controller] = &[
    (
        "attachdetach-controller",
        &[
            rule(&[""], &["persistentvolumeclaims", "persistentvolumes"], &["list", "watch"]),
            rule(&[""], &["nodes"], READ),
            rule(&[""], &["nodes/status"], PATCH_UPDATE),
            rule(&[""], &["pods"], &["list", "watch"]),
            EVENTS,
            rule(&["storage.k8s.io"], &["volumeattachments"], &["create", "delete", "get", "list", "watch"]),
            rule(&["storage.k8s.io"], &["csidrivers"], READ),
            rule(&["storage.k8s.io"], &["csinodes"], READ),
        ],
    ),
    (
        "certificate-controller",
        &[
            rule(&["certificates.k8s.io"], &["certificatesigningrequests"], &["delete", "get", "list", "watch"]),
            rule(
                &["certificates.k8s.io"],
                &["certificatesigningrequests/approval", "certificatesigningrequests/status"],
                UPDATE,
            ),
            named(
                &["certificates.k8s.io"],
                &["signers"],
                &["kubernetes.io/kube-apiserver-client-kubelet"],
                &["approve"],
            ),
            named(
                &["certificates.k8s.io"],
                &["signers"],
                &[
                    "kubernetes.io/kube-apiserver-client",
                    "kubernetes.io/kube-apiserver-client-kubelet",
                    "kubernetes.io/kubelet-serving",
                    "kubernetes.io/legacy-unknown",
                ],
                &["sign"],
            ),
            rule(&["authorization.k8s.io"], &["subjectaccessreviews"], &["create"]),
            EVENTS,
        ],
    ),
    (
        "clusterrole-aggregation-controller",
        &[rule(
            &["rbac.authorization.k8s.io"],
            &["clusterroles"],
            &["escalate", "get", "list", "patch", "update", "watch"],
        )],
    ),
    (
        "cronjob-controller",
        &[
            rule(&["batch"], &["cronjobs"], &["get", "list", "update", "watch"]),
            rule(&["batch"], &["jobs"], CRUD_WATCH),
            rule(&["batch"], &["cronjobs/status"], UPDATE),
            rule(&["batch"], &["cronjobs/finalizers"], UPDATE),
            rule(&[""], &["pods"], &["delete", "list", "watch"]),
            EVENTS,
        ],
    ),
    (
        "daemon-set-controller",
        &[
            rule(&["apps", "extensions"], &["daemonsets"], READ),
            rule(&["apps", "extensions"], &["daemonsets/status"], UPDATE),
            rule(&["apps", "extensions"], &["daemonsets/finalizers"], UPDATE),
            rule(&[""], &["nodes"], &["list", "watch"]),
            rule(&[""], &["pods"], &["create", "delete", "list", "patch", "watch"]),
            rule(&[""], &["pods/binding"], &["create"]),
            rule(&["apps"], &["controllerrevisions"], CRUD_WATCH),
            EVENTS,
        ],
    ),
    (
        "deployment-controller",
        &[
            rule(&["apps", "extensions"], &["deployments"], &["get", "list", "update", "watch"]),
            rule(&["apps", "extensions"], &["deployments/status"], UPDATE),
            rule(&["apps", "extensions"], &["deployments/finalizers"], UPDATE),
            rule(&["apps", "extensions"], &["replicasets"], CRUD_WATCH),
            rule(&[""], &["pods"], &["get", "list", "update", "watch"]),
            EVENTS,
        ],
    ),
    (
        "device-taint-eviction-controller",
        &[
            rule(&[""], &["pods"], &["delete", "get", "list", "watch"]),
            rule(&[""], &["pods/status"], PATCH_UPDATE),
            rule(&["resource.k8s.io"], &["resourceclaims"], READ),
            rule(&["resource.k8s.io"], &["resourceslices"], READ),
            rule(&["resource.k8s.io"], &["deviceclasses"], READ),
            EVENTS,
        ],
    ),
    (
        "disruption-controller",
        &[
            rule(&["apps", "extensions"], &["deployments"], READ),
            rule(&["apps", "extensions"], &["replicasets"], READ),
            rule(&[""], &["replicationcontrollers"], READ),
            rule(&["policy"], &["poddisruptionbudgets"], READ),
            rule(&["apps"], &["statefulsets"], READ),
            rule(&["policy"], &["poddisruptionbudgets/status"], UPDATE),
            rule(&[""], &["pods/status"], PATCH_UPDATE),
            rule(&["*"], &["*/scale"], &["get"]),
            EVENTS,
        ],
    ),
    (
        "endpoint-controller",
        &[
            rule(&[""], &["pods", "services"], READ),
            rule(&[""], &["endpoints"], &["create", "delete", "get", "list", "update", "watch"]),
            rule(&[""], &["endpoints/restricted"], &["create"]),
            EVENTS,
        ],
    ),
    (
        "endpointslice-controller",
        &[
            rule(&[""], &["nodes", "pods", "services"], READ),
            rule(&[""], &["services/finalizers"], UPDATE),
            rule(&["discovery.k8s.io"], &["endpointslices"], &["create", "delete", "get", "list", "update", "watch"]),
            EVENTS,
        ],
    ),
    (
        "endpointslicemirroring-controller",
        &[
            rule(&[""], &["endpoints", "services"], READ),
            rule(&[""], &["services/finalizers"], UPDATE),
            rule(&[""], &["endpoints/finalizers"], UPDATE),
            rule(&["discovery.k8s.io"], &["endpointslices"], &["create", "delete", "get", "list", "update", "watch"]),
            EVENTS,
        ],
    ),
    (
        "ephemeral-volume-controller",
        &[
            rule(&[""], &["pods"], READ),
            rule(&[""], &["pods/finalizers"], UPDATE),
            rule(&[""], &["persistentvolumeclaims"], &["create", "get", "list", "watch"]),
            EVENTS,
        ],
    ),
    (
        "expand-controller",
        &[
            rule(&[""], &["persistentvolumes"], &["get", "list", "patch", "update", "watch"]),
            rule(&[""], &["persistentvolumeclaims/status"], PATCH_UPDATE),
            rule(&[""], &["persistentvolumeclaims"], READ),
            EVENTS,
        ],
    ),
    (
        "generic-garbage-collector",
        &[rule(&["*"], &["*"], &["delete", "get", "list", "patch", "update", "watch"]), EVENTS],
    ),
    (
        "horizontal-pod-autoscaler",
        &[
            rule(&["autoscaling"], &["horizontalpodautoscalers"], READ),
            rule(&["autoscaling"], &["horizontalpodautoscalers/status"], UPDATE),
            rule(&["*"], &["*/scale"], &["get", "update"]),
            rule(&[""], &["pods"], &["list", "watch"]),
            rule(&["metrics.k8s.io"], &["pods"], &["list", "watch"]),
            rule(&["custom.metrics.k8s.io"], &["*"], READ),
            rule(&["external.metrics.k8s.io"], &["*"], READ),
            EVENTS,
        ],
    ),
    (
        "job-controller",
        &[
            rule(&["batch"], &["jobs"], &["get", "list", "patch", "update", "watch"]),
            rule(&["batch"], &["jobs/status"], UPDATE),
            rule(&["batch"], &["jobs/finalizers"], UPDATE),
            rule(&[""], &["pods"], &["create", "delete", "list", "patch", "watch"]),
            EVENTS,
        ],
    ),
    (
        "legacy-service-account-token-cleaner",
        &[
            named(&[""], &["configmaps"], &["kube-apiserver-legacy-service-account-token-tracking"], &["get"]),
            rule(&[""], &["secrets"], &["delete", "patch"]),
        ],
    ),
    (
        "namespace-controller",
        &[
            rule(&[""], &["namespaces"], &["delete", "get", "list", "watch"]),
            rule(&[""], &["namespaces/finalize", "namespaces/status"], UPDATE),
            rule(&["*"], &["*"], &["delete", "deletecollection", "get", "list", "watch"]),
        ],
    ),
    (
        "node-controller",
        &[
            rule(&[""], &["nodes"], &["delete", "get", "list", "patch", "update", "watch"]),
            rule(&[""], &["nodes/status"], PATCH_UPDATE),
            rule(&[""], &["pods/status"], PATCH_UPDATE),
            rule(&[""], &["pods"], &["delete", "get", "list", "watch"]),
            EVENTS,
        ],
    ),
    (
        "persistent-volume-binder",
        &[
            rule(&[""], &["persistentvolumes"], &["create", "delete", "get", "list", "update", "watch"]),
            rule(&[""], &["persistentvolumes/status"], UPDATE),
            rule(&[""], &["persistentvolumeclaims"], &["get", "list", "update", "watch"]),
            rule(&[""], &["persistentvolumeclaims/status"], UPDATE),
            rule(&[""], &["pods"], &["create", "delete", "get", "list", "watch"]),
            rule(&["storage.k8s.io"], &["storageclasses"], READ),
            rule(&[""], &["nodes"], &["list", "watch"]),
            EVENTS,
            rule(&[""], &["events"], &["watch"]),
        ],
    ),
    (
        "pod-garbage-collector",
        &[
            rule(&[""], &["pods"], &["delete", "list", "watch"]),
            rule(&[""], &["nodes"], READ),
            rule(&[""], &["pods/status"], &["patch"]),
        ],
    ),
    ("pv-protection-controller", &[rule(&[""], &["persistentvolumes"], &["get", "list", "update", "watch"]), EVENTS]),
    (
        "pvc-protection-controller",
        &[
            rule(&[""], &["persistentvolumeclaims"], &["get", "list", "update", "watch"]),
            rule(&[""], &["persistentvolumeclaims/status"], UPDATE),
            rule(&[""], &["pods"], READ),
            EVENTS,
        ],
    ),
    (
        "replicaset-controller",
        &[
            rule(&["apps", "extensions"], &["replicasets"], &["get", "list", "update", "watch"]),
            rule(&["apps", "extensions"], &["replicasets/status"], UPDATE),
            rule(&["apps", "extensions"], &["replicasets/finalizers"], UPDATE),
            rule(&[""], &["pods"], &["create", "delete", "list", "patch", "watch"]),
            EVENTS,
        ],
    ),
    (
        "replication-controller",
        &[
            rule(&[""], &["replicationcontrollers"], &["get", "list", "update", "watch"]),
            rule(&[""], &["replicationcontrollers/status"], UPDATE),
            rule(&[""], &["replicationcontrollers/finalizers"], UPDATE),
            rule(&[""], &["pods"], &["create", "delete", "list", "patch", "watch"]),
            EVENTS,
        ],
    ),
    (
        "resource-claim-controller",
        &[
            rule(&[""], &["pods"], READ),
            rule(&[""], &["pods/finalizers"], UPDATE),
            rule(&["resource.k8s.io"], &["resourceclaims"], &["create", "delete", "get", "list", "watch"]),
            rule(&["resource.k8s.io"], &["resourceclaims", "resourceclaims/status"], PATCH_UPDATE),
            rule(&[""], &["pods/status"], PATCH_UPDATE),
            EVENTS,
            rule(&["resource.k8s.io"], &["resourceclaims/binding"], PATCH_UPDATE),
        ],
    ),
    (
        "resourcequota-controller",
        &[rule(&["*"], &["*"], &["list", "watch"]), rule(&[""], &["resourcequotas/status"], UPDATE), EVENTS],
    ),
    ("root-ca-cert-publisher", &[rule(&[""], &["configmaps"], &["create", "update"]), EVENTS]),
    (
        "route-controller",
        &[rule(&[""], &["nodes"], &["list", "watch"]), rule(&[""], &["nodes/status"], &["patch"]), EVENTS],
    ),
    (
        "selinux-warning-controller",
        &[
            EVENTS,
            rule(&[""], &["persistentvolumes"], READ),
            rule(&[""], &["persistentvolumeclaims"], READ),
            rule(&[""], &["pods"], READ),
            rule(&["storage.k8s.io"], &["csidrivers"], READ),
        ],
    ),
    ("service-account-controller", &[rule(&[""], &["serviceaccounts"], &["create"]), EVENTS]),
    (
        "service-cidrs-controller",
        &[
            rule(&["networking.k8s.io"], &["servicecidrs"], &["get", "list", "patch", "update", "watch"]),
            rule(&["networking.k8s.io"], &["servicecidrs/finalizers"], PATCH_UPDATE),
            rule(&["networking.k8s.io"], &["servicecidrs/status"], PATCH_UPDATE),
            rule(&["networking.k8s.io"], &["ipaddresses"], READ),
            EVENTS,
        ],
    ),
    (
        "service-controller",
        &[
            rule(&[""], &["services"], READ),
            rule(&[""], &["services/status"], PATCH_UPDATE),
            rule(&[""], &["nodes"], &["list", "watch"]),
            EVENTS,
        ],
    ),
    (
        "statefulset-controller",
        &[
            rule(&[""], &["pods"], &["list", "watch"]),
            rule(&["apps"], &["statefulsets"], READ),
            rule(&["apps"], &["statefulsets/status"], UPDATE),
            rule(&["apps"], &["statefulsets/finalizers"], UPDATE),
            rule(&[""], &["pods"], &["create", "delete", "get", "patch", "update"]),
            rule(&["apps"], &["controllerrevisions"], CRUD_WATCH),
            rule(&[""], &["persistentvolumeclaims"], &["create", "get", "list", "watch"]),
            rule(&[""], &["persistentvolumeclaims"], &["delete", "update"]),
            rule(&[""], &["pods/finalizers"], UPDATE),
            EVENTS,
        ],
    ),
    ("ttl-after-finished-controller", &[rule(&["batch"], &["jobs"], &["delete", "get", "list", "watch"]), EVENTS]),
    ("ttl-controller", &[rule(&[""], &["nodes"], &["list", "patch", "update", "watch"]), EVENTS]),
    (
        "validatingadmissionpolicy-status-controller",
        &[
            rule(&["admissionregistration.k8s.io"], &["validatingadmissionpolicies"], READ),
            rule(
                &["admissionregistration.k8s.io"],
                &["validatingadmissionpolicies/status"],
                &["get", "patch", "update"],
            ),
            EVENTS,
        ],
    ),
    (
        "volumeattributesclass-protection-controller",
        &[
            rule(&[""], &["persistentvolumeclaims"], READ),
            rule(&[""], &["persistentvolumes"], READ),
            rule(&["storage.k8s.io"], &["volumeattributesclasses"], &["get", "list", "update", "watch"]),
            EVENTS,
        ],
    ),
];
