//! Upstream's apps defaults and conversions as facts (`v1/defaults_test.go`, `v1beta1` and
//! `v1beta2` `defaults_test.go` and `conversion_test.go`), the field selectors of stateful sets,
//! and minimal objects decoded into the internal version and served back out.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;
use kapi_machinery::types::IntOrString;

use crate::apps as internal;
use crate::apps::{v1, v1beta1, v1beta2};
use crate::features::{self, Feature, FeatureGates};
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::core::install(&mut s).unwrap();
    crate::autoscaling::install(&mut s).unwrap();
    crate::apps::install(&mut s).unwrap();
    s
}

fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

#[test]
fn v1_deployment_defaults() {
    let mut d = v1::Deployment::default();
    v1::set_object_defaults_deployment(&mut d);
    assert_eq!(d.spec.replicas, Some(1));
    assert_eq!(d.spec.strategy.r#type.0, "RollingUpdate");
    let ru = d.spec.strategy.rolling_update.as_ref().unwrap();
    assert_eq!(ru.max_unavailable, Some(IntOrString::string("25%")));
    assert_eq!(ru.max_surge, Some(IntOrString::string("25%")));
    assert_eq!(d.spec.revision_history_limit, Some(10));
    assert_eq!(d.spec.progress_deadline_seconds, Some(600));
    // Recreate gets no rolling-update settings; set values are kept.
    let mut d = v1::Deployment::default();
    d.spec.strategy.r#type = "Recreate".into();
    d.spec.replicas = Some(5);
    d.spec.revision_history_limit = Some(0);
    v1::set_object_defaults_deployment(&mut d);
    assert_eq!(d.spec.strategy.rolling_update, None);
    assert_eq!((d.spec.replicas, d.spec.revision_history_limit), (Some(5), Some(0)));
}

#[test]
fn v1_daemon_set_defaults() {
    let mut d = v1::DaemonSet::default();
    v1::set_object_defaults_daemon_set(&mut d);
    assert_eq!(d.spec.update_strategy.r#type.0, "RollingUpdate");
    let ru = d.spec.update_strategy.rolling_update.as_ref().unwrap();
    assert_eq!(ru.max_unavailable, Some(IntOrString::int(1)));
    assert_eq!(ru.max_surge, Some(IntOrString::int(0)));
    assert_eq!(d.spec.revision_history_limit, Some(10));
    let mut d = v1::DaemonSet::default();
    d.spec.update_strategy.r#type = "OnDelete".into();
    v1::set_object_defaults_daemon_set(&mut d);
    assert_eq!(d.spec.update_strategy.rolling_update, None);
}

#[test]
fn v1_stateful_set_defaults_follow_the_feature_gates() {
    let mut s = v1::StatefulSet::default();
    v1::set_object_defaults_stateful_set(&mut s);
    assert_eq!(s.spec.pod_management_policy.0, "OrderedReady");
    assert_eq!(s.spec.update_strategy.r#type.0, "RollingUpdate");
    let ru = s.spec.update_strategy.rolling_update.as_ref().unwrap();
    assert_eq!(ru.partition, Some(0));
    // `MaxUnavailableStatefulSet` is beta and off in 1.36.
    assert_eq!(ru.max_unavailable, None);
    let policy = s.spec.persistent_volume_claim_retention_policy.as_ref().unwrap();
    assert_eq!((policy.when_deleted.0.as_str(), policy.when_scaled.0.as_str()), ("Retain", "Retain"));
    assert_eq!((s.spec.replicas, s.spec.revision_history_limit), (Some(1), Some(10)));

    let on = FeatureGates::default().with(Feature::MaxUnavailableStatefulSet, true);
    let mut s = v1::StatefulSet::default();
    features::with_gates(on, || v1::set_object_defaults_stateful_set(&mut s));
    assert_eq!(s.spec.update_strategy.rolling_update.as_ref().unwrap().max_unavailable, Some(IntOrString::int(1)));
    let off = FeatureGates::default().with(Feature::StatefulSetAutoDeletePVC, false);
    let mut s = v1::StatefulSet::default();
    features::with_gates(off, || v1::set_object_defaults_stateful_set(&mut s));
    assert_eq!(s.spec.persistent_volume_claim_retention_policy, None);

    // OnDelete keeps no rolling update; a partial retention policy is completed.
    let mut s = v1::StatefulSet::default();
    s.spec.update_strategy.r#type = "OnDelete".into();
    s.spec.persistent_volume_claim_retention_policy = Some(v1::StatefulSetPersistentVolumeClaimRetentionPolicy {
        when_deleted: "Delete".into(),
        ..Default::default()
    });
    v1::set_object_defaults_stateful_set(&mut s);
    assert_eq!(s.spec.update_strategy.rolling_update, None);
    let policy = s.spec.persistent_volume_claim_retention_policy.as_ref().unwrap();
    assert_eq!((policy.when_deleted.0.as_str(), policy.when_scaled.0.as_str()), ("Delete", "Retain"));
}

#[test]
fn v1_replica_set_defaults() {
    let mut r = v1::ReplicaSet::default();
    v1::set_object_defaults_replica_set(&mut r);
    assert_eq!(r.spec.replicas, Some(1));
}

#[test]
fn v1beta1_defaults_take_selector_and_labels_from_the_template() {
    let mut d = v1beta1::Deployment::default();
    d.spec.template.metadata.labels = labels(&[("app", "web")]);
    v1beta1::set_object_defaults_deployment(&mut d);
    assert_eq!(d.spec.selector.as_ref().unwrap().match_labels, labels(&[("app", "web")]));
    assert_eq!(d.metadata.labels, labels(&[("app", "web")]));
    assert_eq!(d.spec.revision_history_limit, Some(2));
    assert_eq!(d.spec.progress_deadline_seconds, Some(600));

    let mut s = v1beta1::StatefulSet::default();
    s.spec.template.metadata.labels = labels(&[("app", "db")]);
    s.metadata.labels = labels(&[("own", "x")]);
    v1beta1::set_object_defaults_stateful_set(&mut s);
    assert_eq!(s.spec.update_strategy.r#type.0, "OnDelete");
    assert_eq!(s.spec.selector.as_ref().unwrap().match_labels, labels(&[("app", "db")]));
    assert_eq!(s.metadata.labels, labels(&[("own", "x")]));
    assert_eq!((s.spec.replicas, s.spec.revision_history_limit), (Some(1), Some(10)));
}

#[test]
fn v1beta2_defaults_match_v1() {
    let mut d = v1beta2::Deployment::default();
    v1beta2::set_object_defaults_deployment(&mut d);
    assert_eq!(d.spec.revision_history_limit, Some(10));
    let mut ds = v1beta2::DaemonSet::default();
    v1beta2::set_object_defaults_daemon_set(&mut ds);
    assert_eq!(ds.spec.update_strategy.rolling_update.unwrap().max_unavailable, Some(IntOrString::int(1)));
}

#[test]
fn rollback_to_travels_as_an_annotation_in_v1_and_v1beta2() {
    let mut d = internal::Deployment::default();
    d.spec.rollback_to = Some(internal::RollbackConfig { revision: 2 });
    let out = v1::convert_deployment_from_internal(d.clone()).unwrap();
    assert_eq!(out.metadata.annotations.get("deprecated.deployment.rollback.to").map(String::as_str), Some("2"));
    let back = v1::convert_deployment_to_internal(out).unwrap();
    assert_eq!(back.spec.rollback_to, Some(internal::RollbackConfig { revision: 2 }));
    assert!(back.metadata.annotations.is_empty());
    let out = v1beta2::convert_deployment_from_internal(d).unwrap();
    assert_eq!(out.metadata.annotations.get("deprecated.deployment.rollback.to").map(String::as_str), Some("2"));

    // A stale annotation is removed when there is no rollback.
    let mut d = internal::Deployment::default();
    d.metadata.annotations = labels(&[("deprecated.deployment.rollback.to", "7")]);
    assert!(v1::convert_deployment_from_internal(d).unwrap().metadata.annotations.is_empty());

    // An empty value means none and stays; a value that is not a number is an error.
    let mut d = v1::Deployment::default();
    d.metadata.annotations = labels(&[("deprecated.deployment.rollback.to", "")]);
    let back = v1::convert_deployment_to_internal(d).unwrap();
    assert_eq!(back.spec.rollback_to, None);
    assert_eq!(back.metadata.annotations.len(), 1);
    let mut d = v1::Deployment::default();
    d.metadata.annotations = labels(&[("deprecated.deployment.rollback.to", "two")]);
    let err = v1::convert_deployment_to_internal(d).unwrap_err().to_string();
    assert!(err.contains("failed to parse annotation[deprecated.deployment.rollback.to]=two as int64"), "{err}");
    assert!(err.contains("strconv.ParseInt: parsing \"two\": invalid syntax"), "{err}");
}

#[test]
fn rollback_to_is_a_field_in_v1beta1() {
    let mut d = internal::Deployment::default();
    d.spec.rollback_to = Some(internal::RollbackConfig { revision: 3 });
    let out = v1beta1::convert_deployment_from_internal(d).unwrap();
    assert_eq!(out.spec.rollback_to.map(|r| r.revision), Some(3));
    assert!(out.metadata.annotations.is_empty());
}

#[test]
fn template_generation_travels_as_an_annotation() {
    let mut d = internal::DaemonSet::default();
    d.spec.template_generation = 0;
    let out = v1::convert_daemon_set_from_internal(d).unwrap();
    // Always written, even for 0.
    assert_eq!(out.metadata.annotations.get("deprecated.daemonset.template.generation").map(String::as_str), Some("0"));
    let mut v = v1beta2::DaemonSet::default();
    v.metadata.annotations = labels(&[("deprecated.daemonset.template.generation", "12"), ("other", "x")]);
    let back = v1beta2::convert_daemon_set_to_internal(v).unwrap();
    assert_eq!(back.spec.template_generation, 12);
    assert_eq!(back.metadata.annotations, labels(&[("other", "x")]));
    let mut v = v1::DaemonSet::default();
    v.metadata.annotations = labels(&[("deprecated.daemonset.template.generation", "99999999999999999999")]);
    let err = v1::convert_daemon_set_to_internal(v).unwrap_err().to_string();
    assert!(err.contains("value out of range"), "{err}");
}

#[test]
fn claim_templates_carry_their_kind_only_outside() {
    let mut spec = internal::StatefulSetSpec::default();
    spec.volume_claim_templates.push(crate::core::PersistentVolumeClaim::default());
    for out in [
        v1::convert_stateful_set_spec_from_internal(spec.clone()).unwrap().volume_claim_templates,
        v1beta2::convert_stateful_set_spec_from_internal(spec.clone()).unwrap().volume_claim_templates,
    ] {
        assert_eq!(out[0].type_meta.kind, "PersistentVolumeClaim");
        assert_eq!(out[0].type_meta.api_version, "v1");
    }
    let mut v = v1beta1::StatefulSetSpec::default();
    let mut claim = crate::core::v1::PersistentVolumeClaim::default();
    claim.type_meta.kind = "PersistentVolumeClaim".into();
    claim.type_meta.api_version = "v1".into();
    v.volume_claim_templates.push(claim);
    let back = v1beta1::convert_stateful_set_spec_to_internal(v).unwrap();
    assert_eq!(back.volume_claim_templates[0].type_meta, kapi_machinery::TypeMeta::default());
}

#[test]
fn stateful_set_status_observed_generation_is_a_pointer_internally() {
    let back = v1::convert_stateful_set_status_to_internal(v1::StatefulSetStatus::default()).unwrap();
    assert_eq!(back.observed_generation, Some(0));
    let out = v1::convert_stateful_set_status_from_internal(internal::StatefulSetStatus::default()).unwrap();
    assert_eq!(out.observed_generation, 0);
}

#[test]
fn scale_status_selector_map_and_target_selector() {
    // The target selector wins; else the map in string form, keys in order.
    let v = v1beta2::ScaleStatus {
        replicas: 3,
        selector: labels(&[("b", "2"), ("a", "1")]),
        target_selector: String::new(),
    };
    assert_eq!(v1beta2::convert_scale_status_to_internal(v).unwrap().selector, "a=1,b=2");
    let v = v1beta1::ScaleStatus { replicas: 3, selector: labels(&[("a", "1")]), target_selector: "x in (y)".into() };
    assert_eq!(v1beta1::convert_scale_status_to_internal(v).unwrap().selector, "x in (y)");

    // Equality selectors also fill the map; others leave it empty.
    let out = v1beta2::convert_scale_status_from_internal(crate::autoscaling::ScaleStatus {
        replicas: 1,
        selector: "a=1,b==2".into(),
    })
    .unwrap();
    assert_eq!(out.selector, labels(&[("a", "1"), ("b", "2")]));
    assert_eq!(out.target_selector, "a=1,b==2");
    let out = v1beta1::convert_scale_status_from_internal(crate::autoscaling::ScaleStatus {
        replicas: 1,
        selector: "a=1,tier notin (x, y)".into(),
    })
    .unwrap();
    assert!(out.selector.is_empty());
    let err = v1beta1::convert_scale_status_from_internal(crate::autoscaling::ScaleStatus {
        replicas: 1,
        selector: "a>1".into(),
    })
    .unwrap_err()
    .to_string();
    assert!(err.contains("failed to parse selector"), "{err}");
}

#[test]
fn label_selector_strings_parse_as_upstream_reads_them() {
    use crate::meta::v1::LabelSelectorRequirement;
    let s = internal::parse_to_label_selector("z, !y, x!=1, w in (b,a), v=2").unwrap();
    assert_eq!(s.match_labels, labels(&[("v", "2")]));
    let got: Vec<(String, String, Vec<String>)> = s
        .match_expressions
        .into_iter()
        .map(|LabelSelectorRequirement { key, operator, values }| (key, operator.0, values))
        .collect();
    assert_eq!(
        got,
        vec![
            ("w".to_owned(), "In".to_owned(), vec!["a".to_owned(), "b".to_owned()]),
            ("x".to_owned(), "NotIn".to_owned(), vec!["1".to_owned()]),
            ("y".to_owned(), "DoesNotExist".to_owned(), vec![]),
            ("z".to_owned(), "Exists".to_owned(), vec![]),
        ]
    );
    assert!(internal::parse_to_label_selector("a in (b").is_err());
    assert!(internal::parse_to_label_selector("-bad=1").is_err());
    assert_eq!(internal::parse_to_label_selector("").unwrap(), Default::default());
}

#[test]
fn stateful_sets_select_by_status_successful_in_the_beta_versions() {
    let s = scheme();
    for version in ["v1beta1", "v1beta2"] {
        let gvk = kapi_machinery::GroupVersionKind::new("apps", version, "StatefulSet");
        assert!(s.convert_field_label(&gvk, "status.successful", "1").is_ok());
        let err = s.convert_field_label(&gvk, "spec.replicas", "1").unwrap_err();
        assert_eq!(err.to_string(), format!("field label not supported for apps{version}.StatefulSet: spec.replicas"));
    }
    let err = crate::field_labels::convert_field_label_in(
        crate::apps::v1beta1::FIELD_LABELS.iter().chain(crate::apps::v1beta2::FIELD_LABELS),
        "apps",
        "v1",
        "Deployment",
        "spec.paused",
        "true",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        r#""spec.paused" is not a known field selector: only "metadata.name", "metadata.namespace""#
    );
}

const DEPLOYMENT: &str = r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"ns"},"spec":{"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"nginx"}]}}}}"#;

#[test]
fn a_minimal_deployment_is_defaulted_and_served_back() {
    let out = served_as(&scheme(), DEPLOYMENT, "v1");
    for part in [
        r#""replicas":1"#,
        r#""strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}}"#,
        r#""revisionHistoryLimit":10"#,
        r#""progressDeadlineSeconds":600"#,
        r#""imagePullPolicy":"Always""#,
        r#""restartPolicy":"Always""#,
        r#""dnsPolicy":"ClusterFirst""#,
        r#""schedulerName":"default-scheduler""#,
    ] {
        assert!(out.contains(part), "missing {part} in {out}");
    }
    // Served as v1beta1, the same internal object keeps v1's defaults.
    let beta = served_as(&scheme(), DEPLOYMENT, "v1beta1");
    assert!(beta.contains(r#""apiVersion":"apps/v1beta1""#) && beta.contains(r#""revisionHistoryLimit":10"#), "{beta}");
}

/// `MaxUnavailableStatefulSet` (beta, off in 1.36): a write's `maxUnavailable` is dropped unless
/// the stored stateful set sets one (upstream's `dropStatefulSetDisabledFields`), in each served
/// version.
#[test]
fn stateful_set_max_unavailable_is_dropped_while_its_gate_is_off() {
    let s = scheme();
    let off = |name: &str| {
        name != "MaxUnavailableStatefulSet" && Feature::ALL.iter().any(|f| f.name() == name && f.default_enabled())
    };
    assert!(!Feature::MaxUnavailableStatefulSet.default_enabled());
    let with = |n: Option<i32>| {
        let mut ss = v1::StatefulSet::default();
        ss.spec.update_strategy.rolling_update =
            Some(v1::RollingUpdateStatefulSetStrategy { partition: Some(0), max_unavailable: n.map(IntOrString::int) });
        ss
    };
    let max =
        |ss: &v1::StatefulSet| ss.spec.update_strategy.rolling_update.as_ref().and_then(|r| r.max_unavailable.clone());

    let mut created = with(Some(2));
    s.drop_disabled_fields(&mut created, None, &off);
    assert_eq!(max(&created), None);
    assert_eq!(created.spec.update_strategy.rolling_update.as_ref().and_then(|r| r.partition), Some(0));
    let mut kept = with(Some(2));
    s.drop_disabled_fields(&mut kept, None, &|_| true);
    assert_eq!(max(&kept), Some(IntOrString::int(2)));
    let mut updated = with(Some(2));
    s.drop_disabled_fields(&mut updated, Some(&with(None)), &off);
    assert_eq!(max(&updated), None);
    let mut updated = with(Some(3));
    s.drop_disabled_fields(&mut updated, Some(&with(Some(2))), &off);
    assert_eq!(max(&updated), Some(IntOrString::int(3)));

    let mut beta = v1beta2::StatefulSet::default();
    beta.spec.update_strategy.rolling_update =
        Some(v1beta2::RollingUpdateStatefulSetStrategy { partition: None, max_unavailable: Some(IntOrString::int(2)) });
    s.drop_disabled_fields(&mut beta, None, &off);
    assert_eq!(beta.spec.update_strategy.rolling_update.and_then(|r| r.max_unavailable), None);
}

#[test]
fn minimal_stateful_set_daemon_set_and_replica_set_are_served_back() {
    let s = scheme();
    let ss = r#"{"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"db"},"spec":{"selector":{"matchLabels":{"app":"db"}},"serviceName":"db","template":{"metadata":{"labels":{"app":"db"}},"spec":{"containers":[{"name":"db","image":"postgres:16"}]}}}}"#;
    let out = served_as(&s, ss, "v1");
    for part in [
        r#""podManagementPolicy":"OrderedReady""#,
        r#""updateStrategy":{"type":"RollingUpdate","rollingUpdate":{"partition":0}}"#,
        r#""persistentVolumeClaimRetentionPolicy":{"whenDeleted":"Retain","whenScaled":"Retain"}"#,
        r#""imagePullPolicy":"IfNotPresent""#,
    ] {
        assert!(out.contains(part), "missing {part} in {out}");
    }
    let ds = r#"{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"agent"},"spec":{"selector":{"matchLabels":{"app":"agent"}},"template":{"metadata":{"labels":{"app":"agent"}},"spec":{"containers":[{"name":"a","image":"agent:1"}]}}}}"#;
    let out = served_as(&s, ds, "v1");
    // The internal template generation (0) is served back as its annotation, as upstream's is.
    assert!(out.contains(r#""annotations":{"deprecated.daemonset.template.generation":"0"}"#), "{out}");
    assert!(out.contains(r#""rollingUpdate":{"maxUnavailable":1,"maxSurge":0}"#), "{out}");
    let rs = r#"{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"r"},"spec":{"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}},"spec":{"containers":[{"name":"c","image":"i"}]}}}}"#;
    assert!(served_as(&s, rs, "v1beta2").contains(r#""replicas":1"#));
}
