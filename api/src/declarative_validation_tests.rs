//! Generated declarative validation on real kinds: upstream's declarative validation test cases (input → exact errors), stability levels, feature gates, ratcheting on update and registration in the scheme.

use kapi_machinery::Scheme;
use kapi_machinery::validation::ErrorList;
use kapi_machinery::validation::declarative::Options;

use crate::admissionregistration::v1 as ar;
use crate::autoscaling::v1 as hpa;
use crate::features::{Feature, FeatureGates, Release, with_gates};
use crate::meta::v1::ObjectMeta;
use crate::node::v1 as node;
use crate::rbac::v1 as rbac;

/// The gates of 1.37, the release the beta rules checked here reached beta in (their tags'
/// `since`): a 1.36 server shadows them, as they were alpha there.
fn release_1_37() -> FeatureGates {
    FeatureGates::default().at_release(Release::new(1, 37))
}

fn strings(errs: ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn binding(policy: &str, actions: &[&str]) -> ar::ValidatingAdmissionPolicyBinding {
    ar::ValidatingAdmissionPolicyBinding {
        metadata: ObjectMeta { name: "valid-binding".into(), resource_version: "1".into(), ..Default::default() },
        spec: ar::ValidatingAdmissionPolicyBindingSpec {
            policy_name: policy.into(),
            validation_actions: actions.iter().map(|a| ar::ValidationAction((*a).into())).collect(),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Upstream's `validatingadmissionpolicybinding/declarative_validation_test.go`, create and update.
#[test]
fn binding_requires_policy_name_and_actions() {
    with_gates(release_1_37(), || {
        let check = ar::validate_declarative_validating_admission_policy_binding;
        let valid = binding("test-policy", &["Deny"]);
        assert!(check(&valid, None).is_empty());
        assert_eq!(strings(check(&binding("", &["Deny"]), None)), ["spec.policyName: Required value"]);
        assert_eq!(strings(check(&binding("test-policy", &[]), None)), ["spec.validationActions: Required value"]);
        assert!(check(&valid, Some(&valid)).is_empty());
        assert_eq!(strings(check(&binding("", &["Deny"]), Some(&valid))), ["spec.policyName: Required value"]);
        assert_eq!(
            strings(check(&binding("test-policy", &[]), Some(&valid))),
            ["spec.validationActions: Required value"]
        );
    });
}

/// Beta rules are enforced while `DeclarativeValidationBeta` is on (the default) in a release that
/// has reached their `since`; not with the gate off, nor by a 1.36 server, in which they were alpha.
#[test]
fn beta_rules_follow_their_gate_and_release() {
    let bad = binding("", &[]);
    let check = || ar::validate_declarative_validating_admission_policy_binding(&bad, None);
    assert!(check().is_empty());
    assert!(with_gates(release_1_37().with(Feature::DeclarativeValidationBeta, false), check).is_empty());
    assert_eq!(
        strings(with_gates(release_1_37(), check)),
        ["spec.policyName: Required value", "spec.validationActions: Required value"]
    );
}

/// An update that leaves an invalid value as it was does not report it again (ratcheting).
#[test]
fn unchanged_values_are_not_validated_again() {
    let old = binding("", &["Deny"]);
    let mut new = old.clone();
    new.metadata.labels.insert("a".into(), "b".into());
    assert!(ar::validate_declarative_validating_admission_policy_binding(&new, Some(&old)).is_empty());
}

fn runtime_class(handler: &str) -> node::RuntimeClass {
    node::RuntimeClass {
        metadata: ObjectMeta { name: "myrc".into(), ..Default::default() },
        handler: handler.into(),
        ..Default::default()
    }
}

/// Upstream's `runtimeclass/declarative_validation_test.go`: `handler` is required, a DNS label and
/// immutable.
#[test]
fn runtime_class_handler() {
    with_gates(release_1_37(), || {
        let check = node::validate_declarative_runtime_class;
        assert!(check(&runtime_class("test"), None).is_empty());
        assert_eq!(strings(check(&runtime_class(""), None)), ["handler: Required value"]);
        assert_eq!(
            strings(check(&runtime_class("asasdasda&^%"), None)),
            [
                r#"handler: Invalid value: "asasdasda&^%": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"#
            ]
        );
        let long = "asasdasda&^%&^%$UUUUUUUaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbcccccccccccccccccccccccc";
        let errs = strings(check(&runtime_class(long), None));
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert_eq!(errs[0], format!(r#"handler: Invalid value: "{long}": must be no more than 63 bytes"#));
        assert!(check(&runtime_class("runc"), Some(&runtime_class("runc"))).is_empty());
        assert_eq!(
            strings(check(&runtime_class("asadsasdas"), Some(&runtime_class("runc")))),
            ["handler: Invalid value: null: field is immutable"]
        );
    });
}

fn autoscaler(min: Option<i32>, max: i32) -> hpa::HorizontalPodAutoscaler {
    hpa::HorizontalPodAutoscaler {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() },
        spec: hpa::HorizontalPodAutoscalerSpec {
            scale_target_ref: hpa::CrossVersionObjectReference {
                kind: "Deployment".into(),
                name: "web".into(),
                ..Default::default()
            },
            min_replicas: min,
            max_replicas: max,
            ..Default::default()
        },
        ..Default::default()
    }
}

/// `minReplicas` may be 0 only with `HPAScaleToZero`; `maxReplicas` is required (0 is unset, so
/// the minimum is not reported too).
#[test]
fn autoscaler_bounds_follow_feature_gates() {
    with_gates(release_1_37(), || {
        let check = hpa::validate_declarative_horizontal_pod_autoscaler;
        assert!(check(&autoscaler(Some(1), 3), None).is_empty());
        assert!(check(&autoscaler(None, 3), None).is_empty());
        assert_eq!(
            strings(check(&autoscaler(Some(0), 3), None)),
            ["spec.minReplicas: Invalid value: 0: must be greater than or equal to 1"]
        );
        let on = release_1_37().with(Feature::HPAScaleToZero, true);
        assert!(with_gates(on, || check(&autoscaler(Some(0), 3), None)).is_empty());
        assert_eq!(
            strings(with_gates(on, || check(&autoscaler(Some(-1), 3), None))),
            ["spec.minReplicas: Invalid value: -1: must be greater than or equal to 0"]
        );
        assert_eq!(strings(check(&autoscaler(None, 0), None)), ["spec.maxReplicas: Required value"]);
        assert_eq!(
            strings(check(&autoscaler(None, -2), None)),
            ["spec.maxReplicas: Invalid value: -2: must be greater than or equal to 1"]
        );
    });
}

/// Alpha rules are never enforced by a server; every rule runs with `Options::ALL`.
#[test]
fn alpha_rules_run_only_when_asked() {
    let mut obj = autoscaler(Some(1), 3);
    obj.spec.scale_target_ref = Default::default();
    assert!(hpa::validate_declarative_horizontal_pod_autoscaler(&obj, None).is_empty());
    assert_eq!(
        strings(hpa::validate_declarative_horizontal_pod_autoscaler_with(&obj, None, Options::ALL)),
        ["spec.scaleTargetRef.kind: Required value", "spec.scaleTargetRef.name: Required value"]
    );
    let old = rbac::RoleBinding {
        metadata: ObjectMeta { name: "rb".into(), namespace: "ns".into(), ..Default::default() },
        role_ref: rbac::RoleRef {
            api_group: "rbac.authorization.k8s.io".into(),
            kind: "Role".into(),
            name: "a".into(),
        },
        ..Default::default()
    };
    let mut new = old.clone();
    new.role_ref.name = "b".into();
    assert!(rbac::validate_declarative_role_binding(&new, Some(&old)).is_empty());
    assert_eq!(
        strings(rbac::validate_declarative_role_binding_with(&new, Some(&old), Options::ALL)),
        ["roleRef: Invalid value: null: field is immutable"]
    );
}

/// Items of a list are validated at their index.
#[test]
fn list_items_carry_their_index() {
    with_gates(release_1_37(), || {
        let role = rbac::ClusterRole {
            metadata: ObjectMeta { name: "r".into(), ..Default::default() },
            rules: Some(vec![
                rbac::PolicyRule { verbs: Some(vec!["get".into()]), ..Default::default() },
                rbac::PolicyRule { verbs: None, ..Default::default() },
                rbac::PolicyRule { verbs: Some(vec![]), ..Default::default() },
            ]),
            ..Default::default()
        };
        assert_eq!(
            strings(rbac::validate_declarative_cluster_role(&role, None)),
            ["rules[1].verbs: Required value", "rules[2].verbs: Required value"]
        );
    });
}

/// `add_to_scheme` registers the generated validators, so a scheme (and the test server) runs them.
#[test]
fn the_scheme_runs_generated_validators() {
    let mut scheme = Scheme::new();
    ar::add_to_scheme(&mut scheme).unwrap();
    assert_eq!(strings(scheme.validate(&binding("", &["Deny"]), None)), ["spec.policyName: Required value"]);
}

fn priority_level(
    tweak: impl FnOnce(&mut crate::flowcontrol::v1::PriorityLevelConfiguration),
) -> crate::flowcontrol::v1::PriorityLevelConfiguration {
    use crate::flowcontrol::v1 as fc;
    let mut plc = fc::PriorityLevelConfiguration {
        metadata: ObjectMeta { name: "test-limited".into(), resource_version: "1".into(), ..Default::default() },
        spec: fc::PriorityLevelConfigurationSpec {
            r#type: fc::PriorityLevelEnablement("Limited".into()),
            limited: Some(fc::LimitedPriorityLevelConfiguration {
                nominal_concurrency_shares: Some(100),
                limit_response: fc::LimitResponse {
                    r#type: fc::LimitResponseType("Reject".into()),
                    ..Default::default()
                },
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    tweak(&mut plc);
    plc
}

/// Upstream's `prioritylevelconfiguration/declarative_validation_test.go`: the mode the
/// discriminator `spec.type` names decides which member is required and which are forbidden
/// (`+k8s:modeDiscriminator`, `+k8s:ifMode`), on create and on update.
#[test]
fn priority_level_members_follow_the_mode() {
    with_gates(release_1_37(), || {
        use crate::flowcontrol::v1 as fc;
        let check = fc::validate_declarative_priority_level_configuration;
        let valid = priority_level(|_| {});
        assert!(check(&valid, None).is_empty());
        let queue = priority_level(|p| {
            let response = &mut p.spec.limited.as_mut().unwrap().limit_response;
            response.r#type = fc::LimitResponseType("Queue".into());
            response.queuing = Some(fc::QueuingConfiguration { queues: 64, hand_size: 8, queue_length_limit: 50 });
        });
        assert!(check(&queue, None).is_empty());
        let exempt = |p: &mut fc::PriorityLevelConfiguration| {
            p.metadata.name = "exempt".into();
            p.spec.r#type = fc::PriorityLevelEnablement("Exempt".into());
            p.spec.limited = None;
        };
        assert!(check(&priority_level(exempt), None).is_empty());
        let exempt_with_config = priority_level(|p| {
            exempt(p);
            p.spec.exempt = Some(fc::ExemptPriorityLevelConfiguration {
                nominal_concurrency_shares: Some(100),
                ..Default::default()
            });
        });
        assert!(check(&exempt_with_config, None).is_empty());

        let no_limited = priority_level(|p| p.spec.limited = None);
        assert_eq!(strings(check(&no_limited, None)), ["spec.limited: Required value"]);
        let exempt_with_limited = priority_level(|p| {
            let limited = p.spec.limited.clone();
            exempt(p);
            p.spec.limited = limited;
        });
        assert_eq!(strings(check(&exempt_with_limited, None)), ["spec.limited: Forbidden"]);
        let limited_with_exempt = priority_level(|p| p.spec.exempt = Some(Default::default()));
        assert_eq!(strings(check(&limited_with_exempt, None)), ["spec.exempt: Forbidden"]);
        // `Queue` needs its settings; `Reject` forbids them.
        let queue_without = priority_level(|p| {
            p.spec.limited.as_mut().unwrap().limit_response.r#type = fc::LimitResponseType("Queue".into())
        });
        assert_eq!(strings(check(&queue_without, None)), ["spec.limited.limitResponse.queuing: Required value"]);
        let reject_with = priority_level(|p| {
            p.spec.limited.as_mut().unwrap().limit_response.queuing = Some(fc::QueuingConfiguration::default())
        });
        assert_eq!(strings(check(&reject_with, None)), ["spec.limited.limitResponse.queuing: Forbidden"]);

        // Updates: the same checks, and none where neither the discriminator nor the member changed.
        assert!(check(&valid, Some(&valid)).is_empty());
        assert!(check(&queue, Some(&valid)).is_empty());
        assert_eq!(strings(check(&no_limited, Some(&valid))), ["spec.limited: Required value"]);
        assert_eq!(strings(check(&limited_with_exempt, Some(&valid))), ["spec.exempt: Forbidden"]);
        let mut relabelled = limited_with_exempt.clone();
        relabelled.metadata.labels.insert("a".into(), "b".into());
        assert!(check(&relabelled, Some(&limited_with_exempt)).is_empty());
        // Beta, like the tags: off with `DeclarativeValidationBeta`.
        let off = release_1_37().with(Feature::DeclarativeValidationBeta, false);
        assert!(with_gates(off, || check(&no_limited, None)).is_empty());
    });
}

fn signing_request(conditions: &[&str]) -> crate::certificates::v1::CertificateSigningRequest {
    use crate::certificates::v1 as cert;
    let mut csr = cert::CertificateSigningRequest {
        metadata: ObjectMeta { name: "test-csr".into(), resource_version: "1".into(), ..Default::default() },
        ..Default::default()
    };
    csr.spec.signer_name = "example.com/signer".into();
    csr.status.conditions = conditions
        .iter()
        .map(|t| cert::CertificateSigningRequestCondition {
            r#type: cert::RequestConditionType((*t).into()),
            status: crate::core::v1::ConditionStatus("True".into()),
            ..Default::default()
        })
        .collect();
    csr
}

/// Upstream's `certificates/declarative_validation_test.go`: at most one of the `Approved` and
/// `Denied` conditions (`+k8s:item(type: …)=+k8s:zeroOrOneOfMember`), with ratcheting on update.
#[test]
fn signing_requests_are_approved_or_denied_not_both() {
    with_gates(release_1_37(), || {
        let check = crate::certificates::v1::validate_declarative_certificate_signing_request;
        for valid in [&[][..], &["Approved"], &["Denied"], &["Failed"], &["Approved", "Failed"], &["Denied", "Failed"]]
        {
            assert!(check(&signing_request(valid), None).is_empty(), "{valid:?}");
        }
        let both = r#"status.conditions: Invalid value: "{conditions[{\"type\": \"Approved\"}], conditions[{\"type\": \"Denied\"}]}": must specify at most one of: `conditions[{"type": "Approved"}]`, `conditions[{"type": "Denied"}]`"#;
        assert_eq!(strings(check(&signing_request(&["Approved", "Denied"]), None)), [both]);
        assert_eq!(strings(check(&signing_request(&["Denied", "Approved"]), None)), [both]);
        // Updates: adding both is refused; an old pair stays, reordered, relabelled or with a new
        // condition beside it.
        assert_eq!(strings(check(&signing_request(&["Approved", "Denied"]), Some(&signing_request(&[])))), [both]);
        let old = signing_request(&["Approved", "Denied"]);
        for new in [&["Approved", "Denied"][..], &["Denied", "Approved"], &["Approved", "Denied", "Failed"]] {
            assert!(check(&signing_request(new), Some(&old)).is_empty(), "{new:?}");
        }
    });
}

/// `+k8s:dependentRequired` and `+k8s:dependentForbidden` (alpha, so only with `Options::ALL`):
/// a job's `maxFailedIndexes` needs `backoffLimitPerIndex`, a pod's eviction responders rule out a
/// scheduling group; an update that keeps which of the pair is set is not checked again.
#[test]
fn dependent_fields_follow_their_trigger() {
    use crate::batch::v1 as batch;
    use crate::core::v1 as core;
    let mut job = batch::Job::default();
    job.spec.max_failed_indexes = Some(1);
    assert!(batch::validate_declarative_job(&job, None).is_empty());
    let required = "spec.backoffLimitPerIndex: Required value: must be specified when `maxFailedIndexes` is set";
    assert_eq!(strings(batch::validate_declarative_job_with(&job, None, Options::ALL)), [required]);
    let mut unchanged = job.clone();
    unchanged.spec.max_failed_indexes = Some(2);
    assert!(batch::validate_declarative_job_with(&unchanged, Some(&job), Options::ALL).is_empty());
    let mut fixed = job.clone();
    fixed.spec.backoff_limit_per_index = Some(3);
    assert!(batch::validate_declarative_job_with(&fixed, None, Options::ALL).is_empty());
    assert_eq!(strings(batch::validate_declarative_job_with(&job, Some(&fixed), Options::ALL)), [required]);

    let mut pod = core::Pod::default();
    pod.spec.eviction_responders =
        vec![core::EvictionResponder { name: "foo.example.com/test".into(), priority: Some(10000) }];
    assert!(core::validate_declarative_pod_with(&pod, None, Options::ALL).is_empty());
    pod.spec.scheduling_group = Some(core::PodSchedulingGroup { pod_group_name: Some("blue".into()) });
    assert_eq!(
        strings(core::validate_declarative_pod_with(&pod, None, Options::ALL)),
        ["spec.schedulingGroup: Forbidden: may not be specified when `evictionResponders` is set"]
    );
    assert!(core::validate_declarative_pod(&pod, None).is_empty());
}

/// `+k8s:monotonic`: an eviction request's `status.observedGeneration` may grow on update, not
/// shrink; a create, or an update that unsets it (`update=NoUnset` reports that), is not compared.
#[test]
fn observed_generations_only_grow() {
    use crate::lifecycle::v1alpha1 as lifecycle;
    let check = lifecycle::validate_declarative_eviction_request;
    let at = |generation: Option<i64>| {
        let mut r = lifecycle::EvictionRequest::default();
        r.status.observed_generation = generation;
        r
    };
    let messages = |new: &lifecycle::EvictionRequest, old: Option<&lifecycle::EvictionRequest>| {
        strings(check(new, old)).into_iter().filter(|m| m.starts_with("status.observedGeneration")).collect::<Vec<_>>()
    };
    assert!(messages(&at(Some(3)), None).is_empty());
    assert!(messages(&at(Some(5)), Some(&at(Some(4)))).is_empty());
    assert_eq!(
        messages(&at(Some(3)), Some(&at(Some(4)))),
        ["status.observedGeneration: Invalid value: 3: may not be decreased from 4"]
    );
}
