//! Cases for a pod's resource claims, container claim references, resize policies and pod-level resources, after upstream's `TestValidatePodSpec` resource claim cases, `TestValidateResizePolicy`, `TestValidateResourceRequirements`' claim cases and `TestValidatePodResourceConsistency`, with the paths and messages of upstream's source.

use kapi_machinery::types::Quantity;
use kapi_machinery::validation::{ErrorType, Path};

use super::super::affinity::tests::{Case, run_table, spec, strings};
use crate::core::v1::validation::validate_pod_spec;
use crate::core::v1::{
    Container, ContainerResizePolicy, ContainerRestartPolicy, PodResourceClaim, PodSpec, ResourceClaim, ResourceName,
    ResourceRequirements, ResourceResizeRestartPolicy, RestartPolicy,
};

fn q(s: &str) -> Quantity {
    Quantity::parse(s).expect("test quantities parse")
}

fn list(items: &[(&str, &str)]) -> std::collections::BTreeMap<ResourceName, Quantity> {
    items.iter().map(|(n, v)| (ResourceName((*n).into()), q(v))).collect()
}

fn claim(name: &str, claim: Option<&str>, template: Option<&str>) -> PodResourceClaim {
    PodResourceClaim {
        name: name.into(),
        resource_claim_name: claim.map(str::to_owned),
        resource_claim_template_name: template.map(str::to_owned),
    }
}

fn uses(s: &mut PodSpec, refs: &[(&str, &str)]) {
    ctr(s).resources.claims =
        refs.iter().map(|(n, r)| ResourceClaim { name: (*n).into(), request: (*r).into() }).collect();
}

fn ctr(s: &mut PodSpec) -> &mut Container {
    &mut s.containers.as_mut().expect("the test spec has containers")[0]
}

fn resize(s: &mut PodSpec, policies: &[(&str, &str)]) {
    ctr(s).resize_policy = policies
        .iter()
        .map(|(r, p)| ContainerResizePolicy {
            resource_name: ResourceName((*r).into()),
            restart_policy: ResourceResizeRestartPolicy((*p).into()),
        })
        .collect();
}

fn errors(s: &PodSpec) -> Vec<String> {
    strings(&validate_pod_spec(s, &Path::new("spec")))
}

#[test]
fn pod_resource_claims() {
    use ErrorType::*;
    let cases: Vec<Case> = vec![
        (
            "valid claims and references",
            Box::new(|s| {
                s.resource_claims = vec![claim("my-claim", Some("c1"), None), claim("other", None, Some("t1"))];
                uses(s, &[("my-claim", ""), ("other", "req-0"), ("other", "req-1")]);
            }),
            vec![],
        ),
        (
            "duplicate claim names",
            Box::new(|s| s.resource_claims = vec![claim("a", Some("c"), None), claim("a", Some("c"), None)]),
            vec![(Duplicate, "spec.resourceClaims[1].name")],
        ),
        (
            "claim without a name",
            Box::new(|s| s.resource_claims = vec![claim("", Some("c"), None)]),
            vec![(Required, "spec.resourceClaims[0].name")],
        ),
        (
            "claim name not a DNS label",
            Box::new(|s| s.resource_claims = vec![claim("Bad_Name", Some("c"), None)]),
            vec![(Invalid, "spec.resourceClaims[0].name")],
        ),
        (
            "both claim and template",
            Box::new(|s| s.resource_claims = vec![claim("a", Some("c"), Some("t"))]),
            vec![(Invalid, "spec.resourceClaims[0]")],
        ),
        (
            "neither claim nor template",
            Box::new(|s| s.resource_claims = vec![claim("a", None, None)]),
            vec![(Invalid, "spec.resourceClaims[0]")],
        ),
        (
            "invalid claim name",
            Box::new(|s| s.resource_claims = vec![claim("a", Some("%$!#"), None)]),
            vec![(Invalid, "spec.resourceClaims[0].resourceClaimName")],
        ),
        (
            "invalid template name",
            Box::new(|s| s.resource_claims = vec![claim("a", None, Some("%$!#"))]),
            vec![(Invalid, "spec.resourceClaims[0].resourceClaimTemplateName")],
        ),
        (
            "container claim without a name",
            Box::new(|s| {
                s.resource_claims = vec![claim("a", Some("c"), None)];
                uses(s, &[("", "")]);
            }),
            vec![(Required, "spec.containers[0].resources.claims[0]")],
        ),
        (
            "container claim referenced twice",
            Box::new(|s| {
                s.resource_claims = vec![claim("a", Some("c"), None)];
                uses(s, &[("a", ""), ("a", "")]);
            }),
            vec![(Duplicate, "spec.containers[0].resources.claims[1]")],
        ),
        (
            "container claim request referenced twice",
            Box::new(|s| {
                s.resource_claims = vec![claim("a", Some("c"), None)];
                uses(s, &[("a", "r"), ("a", "r")]);
            }),
            vec![(Duplicate, "spec.containers[0].resources.claims[1]")],
        ),
        (
            "whole claim after two of its requests",
            Box::new(|s| {
                s.resource_claims = vec![claim("a", Some("c"), None)];
                uses(s, &[("a", "r1"), ("a", "r2"), ("a", "")]);
            }),
            vec![
                (Duplicate, "spec.containers[0].resources.claims[2]"),
                (Duplicate, "spec.containers[0].resources.claims[2]"),
            ],
        ),
        (
            "request after the whole claim",
            Box::new(|s| {
                s.resource_claims = vec![claim("a", Some("c"), None)];
                uses(s, &[("a", ""), ("a", "r")]);
            }),
            vec![(Duplicate, "spec.containers[0].resources.claims[1]")],
        ),
        (
            "invalid request name",
            Box::new(|s| {
                s.resource_claims = vec![claim("a", Some("c"), None)];
                uses(s, &[("a", "Bad_Request")]);
            }),
            vec![(Invalid, "spec.containers[0].resources.claims[0].request")],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    uses(&mut s, &[("no-such-claim", "")]);
    assert_eq!(
        errors(&s),
        [
            r#"spec.containers[0].resources.claims[0]: Not found: "no-such-claim": must be one of the names in pod.spec.resourceClaims which is empty"#
        ]
    );
    s.resource_claims = vec![claim("b", Some("c"), None), claim("a", Some("c"), None)];
    assert_eq!(
        errors(&s),
        [
            r#"spec.containers[0].resources.claims[0]: Not found: "no-such-claim": must be one of the names in pod.spec.resourceClaims: a, b"#
        ]
    );
}

/// `TestValidateResizePolicy`'s cases.
#[test]
fn resize_policies() {
    use ErrorType::*;
    let cases: Vec<Case> = vec![
        (
            "cpu and memory resize policy",
            Box::new(|s| resize(s, &[("cpu", "NotRequired"), ("memory", "RestartContainer")])),
            vec![],
        ),
        (
            "cpu and memory resize policy with restartPolicy Never",
            Box::new(|s| {
                s.restart_policy = RestartPolicy("Never".into());
                resize(s, &[("cpu", "NotRequired"), ("memory", "NotRequired")]);
            }),
            vec![],
        ),
        (
            "cpu policy RestartContainer with restartPolicy Never",
            Box::new(|s| {
                s.restart_policy = RestartPolicy("Never".into());
                resize(s, &[("cpu", "RestartContainer")]);
            }),
            vec![(Invalid, "spec.containers[0].resizePolicy")],
        ),
        (
            "unsupported resource name",
            Box::new(|s| resize(s, &[("storage", "RestartContainer")])),
            vec![(NotSupported, "spec.containers[0].resizePolicy")],
        ),
        (
            "unsupported resource value",
            Box::new(|s| resize(s, &[("cpu", "Restarrrt")])),
            vec![(NotSupported, "spec.containers[0].resizePolicy")],
        ),
        (
            "duplicated resource name",
            Box::new(|s| resize(s, &[("memory", "NotRequired"), ("memory", "RestartContainer")])),
            vec![(Duplicate, "spec.containers[0].resizePolicy[1]")],
        ),
        (
            "empty resource name and policy",
            Box::new(|s| resize(s, &[("", "")])),
            vec![(Required, "spec.containers[0].resizePolicy"), (Required, "spec.containers[0].resizePolicy")],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    resize(&mut s, &[("storage", "RestartContainer")]);
    assert_eq!(
        errors(&s),
        [r#"spec.containers[0].resizePolicy: Unsupported value: "storage": supported values: "cpu", "memory""#]
    );
}

/// Pod-level resources: `TestValidatePodSpec`'s pod-level cases and
/// `TestValidatePodResourceConsistency`'s aggregation rules.
#[test]
fn pod_level_resources() {
    use ErrorType::*;
    let pod = |s: &mut PodSpec, req: &[(&str, &str)], lim: &[(&str, &str)]| {
        s.resources = Some(Box::new(ResourceRequirements { requests: list(req), limits: list(lim), claims: vec![] }));
    };
    let cases: Vec<Case> = vec![
        ("cpu and memory", Box::new(move |s| pod(s, &[("cpu", "1"), ("memory", "1Gi")], &[("cpu", "2")])), vec![]),
        (
            "huge pages with memory",
            Box::new(move |s| {
                pod(s, &[("memory", "1Gi"), ("hugepages-2Mi", "2Mi")], &[("memory", "1Gi"), ("hugepages-2Mi", "2Mi")])
            }),
            vec![],
        ),
        (
            "unsupported pod-level resource",
            Box::new(move |s| pod(s, &[("ephemeral-storage", "1Gi")], &[])),
            vec![(NotSupported, "spec.resources.requests[ephemeral-storage]")],
        ),
        (
            "non-standard unqualified name",
            Box::new(move |s| pod(s, &[("widgets", "1")], &[])),
            vec![(Invalid, "spec.resources.requests[widgets]")],
        ),
        (
            "requests above limits",
            Box::new(move |s| pod(s, &[("cpu", "2")], &[("cpu", "1")])),
            vec![(Invalid, "spec.resources.requests")],
        ),
        (
            "claims at pod level",
            Box::new(move |s| {
                s.resources = Some(Box::new(ResourceRequirements {
                    claims: vec![ResourceClaim { name: "a".into(), request: String::new() }],
                    ..Default::default()
                }));
                s.resource_claims = vec![claim("a", Some("c"), None)];
            }),
            vec![(Forbidden, "spec.resources.claims")],
        ),
        (
            "aggregate container requests above pod requests",
            Box::new(move |s| {
                ctr(s).resources.requests = list(&[("cpu", "600m")]);
                let mut side = ctr(s).clone();
                side.name = "side".into();
                side.restart_policy = Some(ContainerRestartPolicy("Always".into()));
                side.resources.requests = list(&[("cpu", "500m")]);
                s.init_containers = vec![side];
                pod(s, &[("cpu", "1")], &[]);
            }),
            vec![(Invalid, "spec.resources.requests[cpu]")],
        ),
        (
            "container limit above pod limit",
            Box::new(move |s| {
                ctr(s).resources.limits = list(&[("memory", "2Gi")]);
                pod(s, &[], &[("memory", "1Gi")]);
            }),
            vec![(Invalid, "spec.resources.containers[0][memory].limits")],
        ),
    ];
    run_table(cases);
    let mut s = spec();
    ctr(&mut s).resources.requests = list(&[("cpu", "600m")]);
    let mut init = ctr(&mut s).clone();
    init.name = "init".into();
    init.resources.requests = list(&[("cpu", "2")]);
    s.init_containers = vec![init];
    s.resources = Some(Box::new(ResourceRequirements { requests: list(&[("cpu", "1")]), ..Default::default() }));
    assert_eq!(
        errors(&s),
        [
            r#"spec.resources.requests[cpu]: Invalid value: "1": must be greater than or equal to aggregate container requests of 2"#
        ]
    );
    let mut s = spec();
    ctr(&mut s).resources.limits = list(&[("memory", "2Gi")]);
    s.resources = Some(Box::new(ResourceRequirements { limits: list(&[("memory", "1Gi")]), ..Default::default() }));
    assert_eq!(
        errors(&s),
        [
            r#"spec.resources.containers[0][memory].limits: Invalid value: "2Gi": must be less than or equal to pod limits of 1Gi"#
        ]
    );
    let mut s = spec();
    s.resources =
        Some(Box::new(ResourceRequirements { requests: list(&[("ephemeral-storage", "1Gi")]), ..Default::default() }));
    assert_eq!(
        errors(&s),
        [
            r#"spec.resources.requests[ephemeral-storage]: Unsupported value: "ephemeral-storage": supported values: "cpu", "hugepages-", "memory""#
        ]
    );
    // A pod-level request left unset is not compared with the containers' (upstream's
    // `validatePodResourceConsistency`; its `TestValidatePodResize` pod-level cases rely on it).
    let mut s = spec();
    ctr(&mut s).resources.requests = list(&[("cpu", "600m"), ("memory", "1Gi")]);
    s.resources = Some(Box::new(ResourceRequirements { limits: list(&[("memory", "2Gi")]), ..Default::default() }));
    assert_eq!(errors(&s), Vec::<String>::new());
    // Claims are forbidden with upstream's wording.
    let mut s = spec();
    s.resources = Some(Box::new(ResourceRequirements {
        claims: vec![ResourceClaim { name: "a".into(), request: String::new() }],
        ..Default::default()
    }));
    s.resource_claims = vec![claim("a", Some("c"), None)];
    assert!(
        errors(&s)
            .contains(&"spec.resources.claims: Forbidden: claims may not be set for Resources at pod-level".to_owned()),
        "{:?}",
        errors(&s)
    );
    // A Windows pod may not set them, and gets no more detailed errors about them.
    let mut s = spec();
    s.os = Some(crate::core::v1::PodOS { name: crate::core::v1::OSName("windows".into()) });
    s.resources =
        Some(Box::new(ResourceRequirements { requests: list(&[("ephemeral-storage", "1Gi")]), ..Default::default() }));
    assert_eq!(errors(&s), ["spec.resources: Forbidden: may not be set for a windows pod"]);
    // The pod's hugepage limit holds the containers' together.
    let mut s = spec();
    let huge = list(&[("cpu", "1"), ("hugepages-2Mi", "4Mi")]);
    ctr(&mut s).resources = ResourceRequirements { requests: huge.clone(), limits: huge, claims: Vec::new() };
    let pod_huge = list(&[("cpu", "1"), ("hugepages-2Mi", "2Mi")]);
    s.resources =
        Some(Box::new(ResourceRequirements { requests: pod_huge.clone(), limits: pod_huge, claims: Vec::new() }));
    let errs = errors(&s);
    assert!(
        errs.contains(
            &r#"spec.resources.limits[hugepages-2Mi]: Invalid value: "2Mi": must be greater than or equal to aggregate container limits of 4Mi"#
                .to_owned()
        ),
        "{errs:?}"
    );
    // Huge pages need cpu or memory beside them, in a container as in the pod.
    let mut s = spec();
    ctr(&mut s).resources.limits = list(&[("hugepages-2Mi", "2Mi")]);
    ctr(&mut s).resources.requests = list(&[("hugepages-2Mi", "2Mi")]);
    assert_eq!(errors(&s), ["spec.containers[0].resources: Forbidden: HugePages require cpu or memory"]);
}

/// A spec with one init container (a sidecar when `sidecar`) that names a CPU resize policy.
fn init_with_resize_policy(sidecar: bool) -> PodSpec {
    let mut s = spec();
    let mut c = s.containers.as_ref().expect("the test spec has containers")[0].clone();
    c.name = "init".into();
    c.restart_policy = sidecar.then(|| ContainerRestartPolicy("Always".into()));
    c.resize_policy = vec![ContainerResizePolicy {
        resource_name: ResourceName("cpu".into()),
        restart_policy: ResourceResizeRestartPolicy("NotRequired".into()),
    }];
    s.init_containers = vec![c];
    s
}

/// Upstream's `validateInitContainers`: a `resizePolicy` on an init container only with
/// `AllowSidecarResizePolicy`, which the `InPlacePodVerticalScaling` gate turns on and an update
/// keeps where a stored sidecar had one (`hasRestartableInitContainerResizePolicy`; written from
/// upstream's source and `GetValidationOptionsFromPodSpecAndMeta`).
#[test]
fn init_container_resize_policies() {
    use crate::core::v1::validation::{PodValidationOptions, validate_pod_spec_with};
    use crate::features::{Feature, FeatureGates, with_gates};
    let refused = r#"spec.initContainers[0].resizePolicy: Invalid value: [{"resourceName":"cpu","restartPolicy":"NotRequired"}]: must not be set for init containers"#;
    let validate =
        |s: &PodSpec, opts: &PodValidationOptions| strings(&validate_pod_spec_with(s, &Path::new("spec"), false, opts));
    let create = PodValidationOptions::default();
    // The gate is on in the fixtures' release: any init container may name one.
    for sidecar in [false, true] {
        assert_eq!(validate(&init_with_resize_policy(sidecar), &create), Vec::<String>::new(), "{sidecar}");
    }
    let off = FeatureGates::default().with(Feature::InPlacePodVerticalScaling, false);
    with_gates(off, || {
        // Without it none may, sidecar or not; regular containers are not concerned.
        for sidecar in [false, true] {
            assert_eq!(validate(&init_with_resize_policy(sidecar), &create), [refused], "{sidecar}");
        }
        let mut s = spec();
        resize(&mut s, &[("cpu", "NotRequired")]);
        assert_eq!(validate(&s, &create), Vec::<String>::new());
        // An update keeps what a stored sidecar had, for every init container.
        let kept = PodValidationOptions::from_old_spec(Some(&init_with_resize_policy(true)));
        assert!(kept.allow_sidecar_resize_policy);
        assert_eq!(validate(&init_with_resize_policy(false), &kept), Vec::<String>::new());
        // A stored plain init container's policy is no such reason.
        let not_kept = PodValidationOptions::from_old_spec(Some(&init_with_resize_policy(false)));
        assert!(!not_kept.allow_sidecar_resize_policy);
        assert_eq!(validate(&init_with_resize_policy(false), &not_kept), [refused]);
    });
}
