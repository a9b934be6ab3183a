//! Printers of the networking, RBAC, storage, policy, coordination and scheduling kinds `kubectl get` shows with columns of their own.

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

#[cfg(feature = "rbac")]
fn subjects(subjects: &[crate::rbac::v1::Subject]) -> (String, String, String) {
    let (mut users, mut groups, mut sas) = (Vec::new(), Vec::new(), Vec::new());
    for s in subjects {
        match s.kind.as_str() {
            "User" => users.push(s.name.clone()),
            "Group" => groups.push(s.name.clone()),
            "ServiceAccount" => sas.push(format!("{}/{}", s.namespace, s.name)),
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

pub(super) fn print(any: &dyn Any, now: i64) -> Option<Printed> {
    #[cfg(feature = "networking")]
    {
        use crate::networking::v1::{Ingress, IngressClass, NetworkPolicy};
        if let Some(o) = any.downcast_ref::<Ingress>() {
            let addrs: Vec<&str> = o
                .status
                .load_balancer
                .ingress
                .iter()
                .filter_map(|i| [i.ip.as_str(), i.hostname.as_str()].into_iter().find(|s| !s.is_empty()))
                .collect();
            let cells = vec![
                o.metadata.name.clone().into(),
                o.spec.ingress_class_name.clone().unwrap_or_else(|| "<none>".into()).into(),
                hosts(o.spec.rules.iter().map(|r| r.host.as_str())).into(),
                addrs.join(",").into(),
                (if o.spec.tls.is_empty() { "80" } else { "80, 443" }).into(),
                age(&o.metadata, now),
            ];
            return Some(Printed::new(INGRESS, cells));
        }
        if let Some(o) = any.downcast_ref::<IngressClass>() {
            let params = o.spec.parameters.as_ref().map_or_else(
                || "<none>".to_owned(),
                |p| match &p.api_group {
                    Some(g) => format!("{}.{g}/{}", p.kind, p.name),
                    None => format!("{}/{}", p.kind, p.name),
                },
            );
            let cells = vec![
                o.metadata.name.clone().into(),
                o.spec.controller.clone().into(),
                params.into(),
                age(&o.metadata, now),
            ];
            return Some(Printed::new(INGRESS_CLASS, cells));
        }
        if let Some(o) = any.downcast_ref::<NetworkPolicy>() {
            let cells = vec![
                o.metadata.name.clone().into(),
                format_label_selector(Some(&o.spec.pod_selector)).into(),
                age(&o.metadata, now),
            ];
            return Some(Printed::new(NETWORK_POLICY, cells));
        }
    }
    #[cfg(feature = "rbac")]
    {
        use crate::rbac::v1::{ClusterRoleBinding, RoleBinding};
        let binding = |meta: &crate::meta::v1::ObjectMeta, role: &crate::rbac::v1::RoleRef, s| {
            let (users, groups, sas) = subjects(s);
            let cells = vec![
                meta.name.clone().into(),
                format!("{}/{}", role.kind, role.name).into(),
                age(meta, now),
                users.into(),
                groups.into(),
                sas.into(),
            ];
            Printed::new(ROLE_BINDING, cells)
        };
        if let Some(o) = any.downcast_ref::<RoleBinding>() {
            return Some(binding(&o.metadata, &o.role_ref, &o.subjects));
        }
        if let Some(o) = any.downcast_ref::<ClusterRoleBinding>() {
            return Some(binding(&o.metadata, &o.role_ref, &o.subjects));
        }
    }
    #[cfg(feature = "storage")]
    if let Some(o) = any.downcast_ref::<crate::storage::v1::StorageClass>() {
        let default =
            ["storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"]
                .iter()
                .any(|a| o.metadata.annotations.get(*a).is_some_and(|v| v == "true"));
        let name = if default { format!("{} (default)", o.metadata.name) } else { o.metadata.name.clone() };
        let cells = vec![
            name.into(),
            o.provisioner.clone().into(),
            o.reclaim_policy.as_ref().map_or("Delete", |p| p.0.as_str()).into(),
            o.volume_binding_mode.as_ref().map_or("Immediate", |m| m.0.as_str()).into(),
            o.allow_volume_expansion.unwrap_or(false).into(),
            age(&o.metadata, now),
        ];
        return Some(Printed::new(STORAGE_CLASS, cells));
    }
    #[cfg(feature = "policy")]
    if let Some(o) = any.downcast_ref::<crate::policy::v1::PodDisruptionBudget>() {
        let cells = vec![
            o.metadata.name.clone().into(),
            int_or_string(o.spec.min_available.as_ref()).into(),
            int_or_string(o.spec.max_unavailable.as_ref()).into(),
            o.status.disruptions_allowed.into(),
            age(&o.metadata, now),
        ];
        return Some(Printed::new(POD_DISRUPTION_BUDGET, cells));
    }
    #[cfg(feature = "coordination")]
    if let Some(o) = any.downcast_ref::<crate::coordination::v1::Lease>() {
        let holder = o.spec.holder_identity.clone().unwrap_or_default();
        return Some(Printed::new(LEASE, vec![o.metadata.name.clone().into(), holder.into(), age(&o.metadata, now)]));
    }
    #[cfg(feature = "scheduling")]
    if let Some(o) = any.downcast_ref::<crate::scheduling::v1::PriorityClass>() {
        let preemption = o.preemption_policy.as_ref().map(|p| p.0.clone()).unwrap_or_default();
        let cells = vec![
            o.metadata.name.clone().into(),
            o.value.into(),
            o.global_default.into(),
            age(&o.metadata, now),
            preemption.into(),
        ];
        return Some(Printed::new(PRIORITY_CLASS, cells));
    }
    let _ = (any, now);
    None
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
