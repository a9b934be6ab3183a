//! Workloads and pod groups written through v1alpha3 get v1beta1's hand-written checks after conversion, as upstream validates the internal object whatever version was written.

use kapi_machinery::Scheme;

use crate::scheduling::v1alpha3;
use crate::testing::{decoded, printed};

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::scheduling::install(&mut s).expect("scheduling.k8s.io installs");
    s
}

#[test]
fn a_v1alpha3_workload_gets_v1beta1s_tree_checks() {
    let s = scheme();
    let w: v1alpha3::Workload = decoded(
        &s,
        r#"{"apiVersion":"scheduling.k8s.io/v1alpha3","kind":"Workload","metadata":{"name":"w","namespace":"ns"},"spec":{"compositePodGroupTemplates":[{"name":"main","schedulingPolicy":{"basic":{}}}]}}"#,
    );
    let want = r#"spec.compositePodGroupTemplates[0]: Invalid value: "main": must have at least one child PodGroupTemplate or CompositePodGroupTemplate"#;
    assert!(!printed(&v1alpha3::validate_declarative_workload(&w, None)).contains(&want.to_owned()));
    assert!(printed(&s.validate(&w, None)).contains(&want.to_owned()), "{:?}", printed(&s.validate(&w, None)));
}

#[test]
fn a_v1alpha3_pod_group_status_write_gets_v1beta1s_claim_check() {
    let s = scheme();
    let body = |statuses: &str| {
        format!(
            r#"{{"apiVersion":"scheduling.k8s.io/v1alpha3","kind":"PodGroup","metadata":{{"name":"g","namespace":"ns","resourceVersion":"1"}},"spec":{{"schedulingPolicy":{{"basic":{{}}}}}},"status":{{"resourceClaimStatuses":{statuses}}}}}"#
        )
    };
    let old: v1alpha3::PodGroup = decoded(&s, &body("[]"));
    let new: v1alpha3::PodGroup = decoded(&s, &body(r#"[{"name":"missing"}]"#));
    assert_eq!(
        printed(&s.validate_status(&new, &old)),
        [
            "status.resourceClaimStatuses[0].name: Invalid value: \"missing\": must match the name of an entry in `spec.resourceClaims`"
        ]
    );
}

/// A pod group's name is a DNS label (upstream's `ValidatePodGroupName`), written through either
/// version; on update the name is not checked again (upstream's update checks none).
#[test]
fn pod_group_names_are_dns_labels() {
    let s = scheme();
    let body = |version: &str, name: &str| {
        format!(
            r#"{{"apiVersion":"scheduling.k8s.io/{version}","kind":"PodGroup","metadata":{{"name":"{name}","namespace":"ns"}},"spec":{{"schedulingPolicy":{{"basic":{{}}}}}}}}"#
        )
    };
    // A DNS subdomain, so the server's generic check would let it through.
    let label = "must not contain dots";
    let beta: crate::scheduling::v1beta1::PodGroup = decoded(&s, &body("v1beta1", "a.b"));
    assert_eq!(printed(&s.validate(&beta, None)), [format!("metadata.name: Invalid value: \"a.b\": {label}")]);
    assert_eq!(printed(&s.validate(&beta, Some(&beta))), Vec::<String>::new());
    let alpha: v1alpha3::PodGroup = decoded(&s, &body("v1alpha3", "a.b"));
    assert_eq!(printed(&s.validate(&alpha, None)), [format!("metadata.name: Invalid value: \"a.b\": {label}")]);
    let fine: crate::scheduling::v1beta1::PodGroup = decoded(&s, &body("v1beta1", "group-1"));
    assert_eq!(printed(&s.validate(&fine, None)), Vec::<String>::new());
}
