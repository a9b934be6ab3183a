//! Upstream's `ValidateAPIService` and `ValidateAPIServiceStatusUpdate` rules (it has no test cases of its own) pinned case by case against our validation.

use kapi_machinery::Scheme;

use super::*;
use crate::apiregistration::v1::{APIServiceCondition, APIServiceSpec, APIServiceStatus, ServiceReference};
use crate::meta::v1::ObjectMeta;

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

fn service(name: &str, group: &str, version: &str) -> APIService {
    APIService {
        metadata: ObjectMeta { name: name.into(), ..ObjectMeta::default() },
        spec: APIServiceSpec {
            service: Some(ServiceReference { namespace: "ns".into(), name: "api".into(), port: Some(443) }),
            group: group.into(),
            version: version.into(),
            insecure_skip_tls_verify: false,
            ca_bundle: b"pem".to_vec(),
            group_priority_minimum: 1000,
            version_priority: 15,
        },
        ..APIService::default()
    }
}

#[track_caller]
fn expect(obj: &APIService, want: &[&str]) {
    assert_eq!(strings(&validate_api_service(obj, None)), want);
}

#[test]
fn valid_services() {
    expect(&service("v1beta1.metrics.k8s.io", "metrics.k8s.io", "v1beta1"), &[]);
    // The legacy group: empty, only for v1, named `v1.`.
    let mut local = service("v1.", "", "v1");
    local.spec.service = None;
    local.spec.ca_bundle.clear();
    expect(&local, &[]);
    // On update the same rules apply.
    let s = service("v1.example.com", "example.com", "v1");
    assert!(validate_api_service(&s, Some(&s)).is_empty());
}

#[test]
fn names_are_version_dot_group() {
    expect(
        &service("v1.other.com", "example.com", "v1"),
        &[r#"metadata.name: Invalid value: "v1.other.com": must be `spec.version+"."+spec.group`: "v1.example.com""#],
    );
    // Path segment failures come alone.
    expect(
        &service("v1/x%", "example.com", "v1"),
        &[
            r#"metadata.name: Invalid value: "v1/x%": may not contain '/'"#,
            r#"metadata.name: Invalid value: "v1/x%": may not contain '%'"#,
        ],
    );
    expect(&service("..", "example.com", "v1"), &[r#"metadata.name: Invalid value: "..": may not be '..'"#]);
}

#[test]
fn groups_versions_and_priorities() {
    expect(
        &service("v2.", "", "v2"),
        &["spec.group: Required value: only v1 may have an empty group and it better be legacy kube"],
    );
    let got = strings(&validate_api_service(&service("v1.Example", "Example", "v1"), None));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with(r#"spec.group: Invalid value: "Example": a lowercase RFC 1123 subdomain"#), "{got:?}");
    let got = strings(&validate_api_service(&service("1v.example.com", "example.com", "1v"), None));
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].starts_with(r#"spec.version: Invalid value: "1v": a DNS-1035 label"#), "{got:?}");
    for (min, prio, ok) in
        [(1, 1, true), (20_000, 1000, true), (0, 1, false), (20_001, 1, false), (1, 0, false), (1, 1001, false)]
    {
        let mut s = service("v1.example.com", "example.com", "v1");
        s.spec.group_priority_minimum = min;
        s.spec.version_priority = prio;
        let got = strings(&validate_api_service(&s, None));
        assert_eq!(got.is_empty(), ok, "{min} {prio}: {got:?}");
    }
    let mut s = service("v1.example.com", "example.com", "v1");
    s.spec.group_priority_minimum = -5;
    s.spec.version_priority = 1001;
    expect(
        &s,
        &[
            "spec.groupPriorityMinimum: Invalid value: -5: must be positive and less than 20000",
            "spec.versionPriority: Invalid value: 1001: must be positive and less than 1000",
        ],
    );
}

#[test]
fn local_and_remote_services() {
    let mut s = service("v1.example.com", "example.com", "v1");
    s.spec.service = None;
    s.spec.insecure_skip_tls_verify = true;
    s.spec.ca_bundle = vec![0; 5];
    expect(
        &s,
        &[
            r#"spec.caBundle: Invalid value: "5 bytes": local APIServices may not have a caBundle"#,
            "spec.insecureSkipTLSVerify: Invalid value: true: local APIServices may not have insecureSkipTLSVerify",
        ],
    );
    let mut s = service("v1.example.com", "example.com", "v1");
    s.spec.service = Some(ServiceReference::default());
    s.spec.insecure_skip_tls_verify = true;
    expect(
        &s,
        &[
            "spec.service.namespace: Required value",
            "spec.service.name: Required value",
            "spec.insecureSkipTLSVerify: Invalid value: true: may not be true if caBundle is present",
        ],
    );
    s.spec.ca_bundle.clear();
    s.spec.service = Some(ServiceReference { namespace: "ns".into(), name: "api".into(), port: None });
    expect(&s, &[]);
}

#[test]
fn status_conditions() {
    let mut s = service("v1.example.com", "example.com", "v1");
    let condition =
        |status: &str| APIServiceCondition { status: ConditionStatus(status.into()), ..APIServiceCondition::default() };
    s.status = APIServiceStatus { conditions: vec![condition("True"), condition("Maybe"), condition("Unknown")] };
    assert_eq!(
        strings(&validate_api_service_status_update(&s, &s)),
        [r#"status.conditions[1].status: Unsupported value: "Maybe": supported values: "True", "False", "Unknown""#]
    );
    // Registered with the scheme for status writes, beside the object's own validation.
    let mut scheme = Scheme::new();
    crate::apiregistration::install(&mut scheme).expect("apiregistration installs");
    assert_eq!(scheme.validate_status(&s, &s).len(), 1);
    s.metadata.name = "wrong".into();
    assert_eq!(scheme.validate(&s, None).len(), 1);
}
