//! The bootstrap Roles and RoleBindings of `kube-system` and `kube-public`.

use super::{Binding, EVENTS, READ, ResourceRule, Subject, named, rule};

/// A namespaced bootstrap role: namespace, name, rules.
pub(super) type NamespacedRole = (&'static str, &'static str, &'static [ResourceRule]);

const LEADER_LOCKING: &[ResourceRule] = &[
    rule(&["coordination.k8s.io"], &["leases"], &["create", "get", "list", "update", "watch"]),
    rule(&["coordination.k8s.io"], &["leasecandidates"], &["create", "get", "list", "update", "watch"]),
];

/// The namespaced bootstrap roles, in `namespace-roles.yaml`'s order.
pub(super) const ROLES: &[NamespacedRole] = &[
    (
        "kube-public",
        "system:controller:bootstrap-signer",
        &[rule(&[""], &["configmaps"], READ), named(&[""], &["configmaps"], &["cluster-info"], &["update"]), EVENTS],
    ),
    (
        "kube-system",
        "extension-apiserver-authentication-reader",
        &[named(&[""], &["configmaps"], &["extension-apiserver-authentication"], READ)],
    ),
    ("kube-system", "system::leader-locking-kube-controller-manager", LEADER_LOCKING),
    ("kube-system", "system::leader-locking-kube-scheduler", LEADER_LOCKING),
    ("kube-system", "system:controller:bootstrap-signer", &[rule(&[""], &["secrets"], READ)]),
    (
        "kube-system",
        "system:controller:cloud-provider",
        &[rule(&[""], &["configmaps"], &["create", "get", "list", "watch"])],
    ),
    (
        "kube-system",
        "system:controller:token-cleaner",
        &[rule(&[""], &["secrets"], &["delete", "get", "list", "watch"]), EVENTS],
    ),
];

const CONTROLLER_MANAGER: Subject = Subject::User("system:kube-controller-manager");
const SCHEDULER: Subject = Subject::User("system:kube-scheduler");

/// A service account of `kube-system`.
const fn sa(name: &'static str) -> Subject {
    Subject::ServiceAccount("kube-system", name)
}

/// The namespaced bootstrap role bindings, in `namespace-role-bindings.yaml`'s order.
pub(super) const BINDINGS: &[Binding] = &[
    Binding::namespaced(
        "kube-public",
        "system:controller:bootstrap-signer",
        "system:controller:bootstrap-signer",
        &[sa("bootstrap-signer")],
    ),
    Binding::namespaced(
        "kube-system",
        "system::extension-apiserver-authentication-reader",
        "extension-apiserver-authentication-reader",
        &[CONTROLLER_MANAGER, SCHEDULER],
    ),
    Binding::namespaced(
        "kube-system",
        "system::leader-locking-kube-controller-manager",
        "system::leader-locking-kube-controller-manager",
        &[CONTROLLER_MANAGER, sa("kube-controller-manager"), sa("leader-election-controller")],
    ),
    Binding::namespaced(
        "kube-system",
        "system::leader-locking-kube-scheduler",
        "system::leader-locking-kube-scheduler",
        &[SCHEDULER, sa("kube-scheduler")],
    ),
    Binding::namespaced(
        "kube-system",
        "system:controller:bootstrap-signer",
        "system:controller:bootstrap-signer",
        &[sa("bootstrap-signer")],
    ),
    Binding::namespaced(
        "kube-system",
        "system:controller:cloud-provider",
        "system:controller:cloud-provider",
        &[sa("cloud-provider")],
    ),
    Binding::namespaced(
        "kube-system",
        "system:controller:token-cleaner",
        "system:controller:token-cleaner",
        &[sa("token-cleaner")],
    ),
];
