//! Upstream's priority class defaulting cases (`pkg/apis/scheduling/v1/defaults_test.go`, `v1beta1`),
//! and minimal priority classes, workloads and pod groups decoded into the internal version and served back out.

use kapi_machinery::Scheme;

use crate::scheduling::{v1, v1beta1};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::scheduling::install(&mut s).unwrap();
    s
}

#[test]
fn preemption_policy_defaults_to_preempt_lower_priority_in_both_versions() {
    let mut c = v1::PriorityClass::default();
    v1::set_object_defaults_priority_class(&mut c);
    assert_eq!(c.preemption_policy.map(|p| p.0).as_deref(), Some("PreemptLowerPriority"));
    let mut b = v1beta1::PriorityClass::default();
    v1beta1::set_object_defaults_priority_class(&mut b);
    assert_eq!(b.preemption_policy.map(|p| p.0).as_deref(), Some("PreemptLowerPriority"));
    let mut never = v1::PriorityClass {
        preemption_policy: Some(crate::core::v1::PreemptionPolicy("Never".into())),
        ..Default::default()
    };
    v1::set_object_defaults_priority_class(&mut never);
    assert_eq!(never.preemption_policy.map(|p| p.0).as_deref(), Some("Never"));
}

#[test]
fn minimal_priority_class_is_served_with_defaults() {
    let body = r#"{"apiVersion":"scheduling.k8s.io/v1beta1","kind":"PriorityClass","metadata":{"name":"high"},"value":1000000}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1"),
        r#"{"kind":"PriorityClass","apiVersion":"scheduling.k8s.io/v1","metadata":{"name":"high"},"value":1000000,"preemptionPolicy":"PreemptLowerPriority"}"#
    );
}

#[test]
fn minimal_pod_group_gets_single_disruption_and_crosses_versions() {
    let body = r#"{"apiVersion":"scheduling.k8s.io/v1alpha3","kind":"PodGroup","metadata":{"name":"trainers","namespace":"ml"},"spec":{"schedulingPolicy":{"gang":{"minCount":4}}}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1beta1"),
        r#"{"kind":"PodGroup","apiVersion":"scheduling.k8s.io/v1beta1","metadata":{"name":"trainers","namespace":"ml"},"spec":{"schedulingPolicy":{"gang":{"minCount":4}},"disruptionMode":{"single":{}}},"status":{}}"#
    );
}

#[test]
fn workload_templates_cross_versions_unchanged() {
    let body = r#"{"apiVersion":"scheduling.k8s.io/v1beta1","kind":"Workload","metadata":{"name":"job-1"},"spec":{"controllerRef":{"apiGroup":"batch","kind":"Job","name":"job-1"},"podGroupTemplates":[{"name":"workers","schedulingPolicy":{"gang":{"minCount":2}},"priorityClassName":"high","preemptionPolicy":"Never"}]}}"#;
    let out = served_as(&scheme(), body, "v1alpha3");
    assert!(out.starts_with(r#"{"kind":"Workload","apiVersion":"scheduling.k8s.io/v1alpha3","metadata":{"name":"job-1"},"spec":{"controllerRef":{"apiGroup":"batch","kind":"Job","name":"job-1"},"podGroupTemplates":[{"name":"workers","schedulingPolicy":{"gang":{"minCount":2}}"#), "{out}");
    assert!(out.contains(r#""priorityClassName":"high""#) && out.contains(r#""preemptionPolicy":"Never""#), "{out}");
}

#[test]
fn composite_pod_group_is_served_by_v1alpha3_with_its_default() {
    let body = r#"{"apiVersion":"scheduling.k8s.io/v1alpha3","kind":"CompositePodGroup","metadata":{"name":"ranks"},"spec":{"workloadRef":{"workloadName":"lws","templateName":"leaders"},"schedulingPolicy":{"gang":{"minGroupCount":2}}}}"#;
    assert_eq!(
        served_as(&scheme(), body, "v1alpha3"),
        r#"{"kind":"CompositePodGroup","apiVersion":"scheduling.k8s.io/v1alpha3","metadata":{"name":"ranks"},"spec":{"workloadRef":{"workloadName":"lws","templateName":"leaders"},"schedulingPolicy":{"gang":{"minGroupCount":2}},"disruptionMode":{"single":{}}},"status":{}}"#
    );
}
