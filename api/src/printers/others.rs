//! Printers of the networking, RBAC, storage, policy, coordination and scheduling kinds `kubectl get` shows with columns of their own, in every version that serves them.

use std::any::Any;

#[cfg(feature = "networking")]
use super::format_label_selector;
#[cfg(any(feature = "rbac", feature = "scheduling"))]
use super::wide;
use super::{AGE, Column, NAME, Printed, age, col};

#[cfg(feature = "networking")]
const INGRESS: &[Column] = &[
    NAME,
    col("Class", "string", "The ingress class."),
    col("Hosts", "string", "The hosts requests are matched against."),
    col("Address", "string", "The load balancer's addresses."),
    col("Ports", "string", "The ports the ingress listens on."),
    AGE,
];
#[cfg(feature = "networking")]
const INGRESS_CLASS: &[Column] = &[
    NAME,
    col("Controller", "string", "The controller implementing the class."),
    col("Parameters", "string", "The resource with the class's parameters."),
    AGE,
];
#[cfg(feature = "networking")]
const NETWORK_POLICY: &[Column] = &[NAME, col("Pod-Selector", "string", "The pods the policy applies to."), AGE];
#[cfg(feature = "rbac")]
const ROLE_BINDING: &[Column] = &[
    NAME,
    col("Role", "string", "The kind and name of the bound role."),
    AGE,
    wide("Users", "string", "The users bound."),
    wide("Groups", "string", "The groups bound."),
    wide("ServiceAccounts", "string", "The service accounts bound."),
];
#[cfg(feature = "storage")]
const STORAGE_CLASS: &[Column] = &[
    NAME,
    col("Provisioner", "string", "The volume plugin provisioning volumes."),
    col("ReclaimPolicy", "string", "What happens to released volumes."),
    col("VolumeBindingMode", "string", "When volumes are bound."),
    col("AllowVolumeExpansion", "string", "Whether volumes may grow."),
    AGE,
];
#[cfg(feature = "policy")]
const POD_DISRUPTION_BUDGET: &[Column] = &[
    NAME,
    col("Min Available", "string", "The fewest pods that must stay available."),
    col("Max Unavailable", "string", "The most pods that may be unavailable."),
    col("Allowed Disruptions", "integer", "How many pods may be disrupted now."),
    AGE,
];
#[cfg(feature = "coordination")]
const LEASE: &[Column] = &[NAME, col("Holder", "string", "The lease's holder."), AGE];
#[cfg(feature = "scheduling")]
const PRIORITY_CLASS: &[Column] = &[
    NAME,
    col("Value", "integer", "The priority."),
    col("Global-Default", "boolean", "Whether pods without a class get this one."),
    AGE,
    wide("PreemptionPolicy", "string", "Whether pods of the class may preempt others."),
];

/// Upstream's `formatHosts`: the first three hosts and how many more rules there are, `*`
/// without any.
#[cfg(feature = "networking")]
fn hosts<'a>(rules: impl ExactSizeIterator<Item = &'a str>) -> String {
    const MAX: usize = 3;
    let n = rules.len();
    let list: Vec<&str> = rules.take(MAX).filter(|h| !h.is_empty()).collect();
    if list.is_empty() {
        return "*".into();
    }
    let text = list.join(",");
    if n > MAX { format!("{text} + {} more...", n - MAX) } else { text }
}

/// The users, groups and service accounts (`<namespace>/<name>`) among a binding's subjects
/// (kind, name, namespace).
#[cfg(feature = "rbac")]
fn subjects<'a>(subjects: impl Iterator<Item = (&'a str, &'a str, &'a str)>) -> (String, String, String) {
    let (mut users, mut groups, mut sas) = (Vec::new(), Vec::new(), Vec::new());
    for (kind, name, namespace) in subjects {
        match kind {
            "User" => users.push(name.to_owned()),
            "Group" => groups.push(name.to_owned()),
            "ServiceAccount" => sas.push(format!("{namespace}/{name}")),
            _ => {}
        }
    }
    (users.join(", "), groups.join(", "), sas.join(", "))
}

#[cfg(feature = "policy")]
fn int_or_string(v: Option<&kapi_machinery::types::IntOrString>) -> String {
    match v {
        None => "N/A".into(),
        Some(v) => v.as_int().map_or_else(|| v.str_val.clone(), |i| i.to_string()),
    }
}

macro_rules! printers {
    (@print Ingress, $o:ident, $now:ident) => {{
        let addrs: Vec<&str> = $o
            .status
            .load_balancer
            .ingress
            .iter()
            .filter_map(|i| [i.ip.as_str(), i.hostname.as_str()].into_iter().find(|s| !s.is_empty()))
            .collect();
        Printed::new(
            INGRESS,
            vec![
                $o.metadata.name.clone().into(),
                $o.spec.ingress_class_name.clone().unwrap_or_else(|| "<none>".into()).into(),
                hosts($o.spec.rules.iter().map(|r| r.host.as_str())).into(),
                addrs.join(",").into(),
                (if $o.spec.tls.is_empty() { "80" } else { "80, 443" }).into(),
                age(&$o.metadata, $now),
            ],
        )
    }};
    (@print IngressClass, $o:ident, $now:ident) => {{
        let params = $o.spec.parameters.as_ref().map_or_else(
            || "<none>".to_owned(),
            |p| match &p.api_group {
                Some(g) => format!("{}.{g}/{}", p.kind, p.name),
                None => format!("{}/{}", p.kind, p.name),
            },
        );
        Printed::new(
            INGRESS_CLASS,
            vec![
                $o.metadata.name.clone().into(),
                $o.spec.controller.clone().into(),
                params.into(),
                age(&$o.metadata, $now),
            ],
        )
    }};
    (@print NetworkPolicy, $o:ident, $now:ident) => {{
        Printed::new(
            NETWORK_POLICY,
            vec![
                $o.metadata.name.clone().into(),
                format_label_selector(Some(&$o.spec.pod_selector)).into(),
                age(&$o.metadata, $now),
            ],
        )
    }};
    (@print RoleBinding, $o:ident, $now:ident) => {
        binding(
            &$o.metadata,
            &$o.role_ref.kind,
            &$o.role_ref.name,
            $o.subjects.iter().map(|s| (s.kind.as_str(), s.name.as_str(), s.namespace.as_str())),
            $now,
        )
    };
    // The same fields as a `RoleBinding`.
    (@print ClusterRoleBinding, $o:ident, $now:ident) => {
        printers!(@print RoleBinding, $o, $now)
    };
    (@print StorageClass, $o:ident, $now:ident) => {{
        let default =
            ["storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"]
                .iter()
                .any(|a| $o.metadata.annotations.get(*a).is_some_and(|v| v == "true"));
        let name = if default { format!("{} (default)", $o.metadata.name) } else { $o.metadata.name.clone() };
        Printed::new(
            STORAGE_CLASS,
            vec![
                name.into(),
                $o.provisioner.clone().into(),
                $o.reclaim_policy.as_ref().map_or("Delete", |p| p.0.as_str()).into(),
                $o.volume_binding_mode.as_ref().map_or("Immediate", |m| m.0.as_str()).into(),
                $o.allow_volume_expansion.unwrap_or(false).into(),
                age(&$o.metadata, $now),
            ],
        )
    }};
    (@print PodDisruptionBudget, $o:ident, $now:ident) => {{
        Printed::new(
            POD_DISRUPTION_BUDGET,
            vec![
                $o.metadata.name.clone().into(),
                int_or_string($o.spec.min_available.as_ref()).into(),
                int_or_string($o.spec.max_unavailable.as_ref()).into(),
                $o.status.disruptions_allowed.into(),
                age(&$o.metadata, $now),
            ],
        )
    }};
    (@print Lease, $o:ident, $now:ident) => {{
        let holder = $o.spec.holder_identity.clone().unwrap_or_default();
        Printed::new(LEASE, vec![$o.metadata.name.clone().into(), holder.into(), age(&$o.metadata, $now)])
    }};
    (@print PriorityClass, $o:ident, $now:ident) => {{
        let preemption = $o.preemption_policy.as_ref().map(|p| p.0.clone()).unwrap_or_default();
        Printed::new(
            PRIORITY_CLASS,
            vec![
                $o.metadata.name.clone().into(),
                $o.value.into(),
                $o.global_default.into(),
                age(&$o.metadata, $now),
                preemption.into(),
            ],
        )
    }};
}

print_each_kind! {
    printers;
    "networking": crate::networking::v1 { Ingress, IngressClass, NetworkPolicy }
    "networking": crate::networking::v1beta1 { Ingress, IngressClass }
    "extensions": crate::extensions::v1beta1 { Ingress, NetworkPolicy }
    "rbac": crate::rbac::v1 { RoleBinding, ClusterRoleBinding }
    "rbac": crate::rbac::v1beta1 { RoleBinding, ClusterRoleBinding }
    "rbac": crate::rbac::v1alpha1 { RoleBinding, ClusterRoleBinding }
    "storage": crate::storage::v1 { StorageClass }
    "storage": crate::storage::v1beta1 { StorageClass }
    "policy": crate::policy::v1 { PodDisruptionBudget }
    "policy": crate::policy::v1beta1 { PodDisruptionBudget }
    "coordination": crate::coordination::v1 { Lease }
    "coordination": crate::coordination::v1beta1 { Lease }
    "scheduling": crate::scheduling::v1 { PriorityClass }
    "scheduling": crate::scheduling::v1beta1 { PriorityClass }
}

/// A role binding's row (`ROLE` is `<kind>/<name>`) from its subjects' kinds, names and namespaces.
#[cfg(feature = "rbac")]
fn binding<'a>(
    meta: &crate::meta::v1::ObjectMeta,
    role_kind: &str,
    role_name: &str,
    s: impl Iterator<Item = (&'a str, &'a str, &'a str)>,
    now: i64,
) -> Printed {
    let (users, groups, sas) = subjects(s);
    let cells = vec![
        meta.name.clone().into(),
        format!("{role_kind}/{role_name}").into(),
        age(meta, now),
        users.into(),
        groups.into(),
        sas.into(),
    ];
    Printed::new(ROLE_BINDING, cells)
}

#[cfg(all(test, feature = "networking"))]
mod tests {
    use super::*;

    #[test]
    fn ingress_hosts_show_three_and_count_the_rest() {
        assert_eq!(hosts([].into_iter()), "*");
        assert_eq!(hosts(["a", "b"].into_iter()), "a,b");
        assert_eq!(hosts(["a", "b", "c", "d", "e"].into_iter()), "a,b,c + 2 more...");
    }
}
