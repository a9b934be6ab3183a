//! The `IPAddress` objects upstream's IP allocator keeps for the cluster IPs services hold: one per address, named by it, written as a service takes the address and deleted as it gives it back.

use kapi_api::core::v1::Service;
use kapi_machinery::GroupVersionResource;
use kapi_machinery::json::value::Value;

use kapi_machinery::Object;

use super::services::held_cluster_ips;
use crate::tracker::meta::to_value;
use crate::tracker::{Result, SideWrite};

/// The label naming an address's family (`networking.k8s.io/v1`'s `LabelIPAddressFamily`).
const IP_FAMILY_LABEL: &str = "ipaddress.kubernetes.io/ip-family";
/// The label naming what manages the object (`LabelManagedBy`).
const MANAGED_BY_LABEL: &str = "ipaddress.kubernetes.io/managed-by";
/// The manager upstream's allocator names (`ipallocator.ControllerName`).
const IP_ALLOCATOR: &str = "ipallocator.k8s.io";

/// The addresses `IPAddress` objects hold for anything but `svc` (one made by hand counts): its
/// allocation must leave them alone, as upstream's allocator finds them taken.
pub(crate) fn taken_by_others<'a>(
    addresses: impl Iterator<Item = &'a dyn Object>,
    svc: &Service,
) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for address in addresses {
        let doc = to_value(address)?;
        let text =
            |path: &[&str]| path.iter().try_fold(&doc, |v, k| v.get(k)).and_then(Value::as_str).unwrap_or_default();
        let parent = |k: &str| text(&["spec", "parentRef", k]);
        let mine = parent("group").is_empty()
            && parent("resource") == "services"
            && parent("namespace") == svc.metadata.namespace
            && parent("name") == svc.metadata.name;
        if !mine {
            out.push(text(&["metadata", "name"]).to_owned());
        }
    }
    Ok(out)
}

/// What a service write does to the `IPAddress` objects: the addresses the service no longer
/// holds are deleted, those it newly holds are created, with the labels and parent reference
/// upstream's allocator writes (`createIPAddress`, `serviceToRef`).
pub(crate) fn writes(old: Option<&Service>, new: Option<&Service>) -> Vec<SideWrite> {
    let before = old.map(held_cluster_ips).unwrap_or_default();
    let after = new.map(held_cluster_ips).unwrap_or_default();
    let resource = GroupVersionResource::new("networking.k8s.io", "v1", "ipaddresses");
    let mut out: Vec<SideWrite> = before
        .iter()
        .filter(|ip| !after.contains(ip))
        .map(|ip| SideWrite::Delete { resource: resource.clone(), namespace: String::new(), name: (*ip).to_owned() })
        .collect();
    let Some(svc) = new else { return out };
    let s = |v: &str| Value::String(v.to_owned());
    for ip in after.iter().filter(|ip| !before.contains(ip)) {
        let family = if ip.contains(':') { "IPv6" } else { "IPv4" };
        let object = Value::Object(vec![
            ("apiVersion".into(), s("networking.k8s.io/v1")),
            ("kind".into(), s("IPAddress")),
            (
                "metadata".into(),
                Value::Object(vec![
                    ("name".into(), s(ip)),
                    (
                        "labels".into(),
                        Value::Object(vec![
                            (IP_FAMILY_LABEL.into(), s(family)),
                            (MANAGED_BY_LABEL.into(), s(IP_ALLOCATOR)),
                        ]),
                    ),
                ]),
            ),
            (
                "spec".into(),
                Value::Object(vec![(
                    "parentRef".into(),
                    Value::Object(vec![
                        ("group".into(), s("")),
                        ("resource".into(), s("services")),
                        ("namespace".into(), s(&svc.metadata.namespace)),
                        ("name".into(), s(&svc.metadata.name)),
                    ]),
                )]),
            ),
        ]);
        out.push(SideWrite::Create { resource: resource.clone(), object });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn svc(ty: &str, ips: &[&str]) -> Service {
        let mut s = Service::default();
        s.metadata.name = "web".into();
        s.metadata.namespace = "default".into();
        s.spec.r#type.0 = ty.into();
        s.spec.cluster_ip = ips.first().copied().unwrap_or_default().into();
        s.spec.cluster_ips = ips.iter().map(|ip| (*ip).to_owned()).collect();
        s
    }

    fn names(writes: &[SideWrite]) -> Vec<String> {
        writes
            .iter()
            .map(|w| match w {
                SideWrite::Create { object, .. } => {
                    format!("+{}", object.get("metadata").and_then(|m| m.get("name")).and_then(Value::as_str).unwrap())
                }
                SideWrite::Delete { name, .. } => format!("-{name}"),
                SideWrite::UpdateStatus { .. } => "status".to_owned(),
            })
            .collect()
    }

    #[test]
    fn addresses_follow_what_the_service_holds() {
        let a = svc("ClusterIP", &["10.96.0.10"]);
        assert_eq!(names(&writes(None, Some(&a))), ["+10.96.0.10"]);
        assert_eq!(names(&writes(Some(&a), Some(&a))), Vec::<String>::new());
        assert_eq!(names(&writes(Some(&a), None)), ["-10.96.0.10"]);
        let external = svc("ExternalName", &[]);
        assert_eq!(names(&writes(Some(&a), Some(&external))), ["-10.96.0.10"]);
        assert_eq!(names(&writes(Some(&external), Some(&a))), ["+10.96.0.10"]);
        assert!(writes(None, Some(&svc("ClusterIP", &["None"]))).is_empty());
        let dual = svc("ClusterIP", &["10.96.0.10", "fd00::a"]);
        let SideWrite::Create { object, .. } = &writes(Some(&a), Some(&dual))[0] else { panic!() };
        let labels = object.get("metadata").and_then(|m| m.get("labels")).unwrap();
        assert_eq!(labels.get(IP_FAMILY_LABEL).and_then(Value::as_str), Some("IPv6"));
        assert_eq!(labels.get(MANAGED_BY_LABEL).and_then(Value::as_str), Some("ipallocator.k8s.io"));
    }
}
