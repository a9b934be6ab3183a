//! Upstream's lease candidate validation test cases (`TestValidateLeaseCandidate`, `…Spec`, `…Update`, `TestValidateCoordinatedLeaseStrategy`), pinned against our validation, and a v1alpha2 write through the scheme.

use super::*;
use crate::coordination::v1alpha2;
use crate::meta::v1::ObjectMeta;
use crate::testing::{decoded, printed};

fn candidate(lease: &str, binary: &str, emulation: &str, strategy: &str) -> LeaseCandidate {
    LeaseCandidate {
        metadata: ObjectMeta { name: "c".into(), namespace: "ns".into(), ..ObjectMeta::default() },
        spec: LeaseCandidateSpec {
            lease_name: lease.into(),
            binary_version: binary.into(),
            emulation_version: emulation.into(),
            strategy: CoordinatedLeaseStrategy(strategy.into()),
            ..LeaseCandidateSpec::default()
        },
        ..LeaseCandidate::default()
    }
}

fn create(c: &LeaseCandidate) -> Vec<String> {
    printed(&validate_lease_candidate(c, None))
}

const OLDEST: &str = "OldestEmulationVersion";

/// Upstream's `TestValidateLeaseCandidateSpec`, its inputs carried over from the list of preferred
/// strategies its cases still use to today's single `strategy`, with the errors each case makes.
#[test]
fn spec_cases_as_upstream() {
    assert_eq!(create(&candidate("test", "1.30.0", "1.30.0", OLDEST)), [] as [&str; 0], "valid");
    // A custom strategy needs no emulation version.
    assert_eq!(create(&candidate("test", "1.30.0", "", "custom.com/foo")), [] as [&str; 0]);
    assert_eq!(
        create(&candidate("", "", "1.30.0", "")),
        ["spec.leaseName: Required value", "spec.binaryVersion: Required value", "spec.strategy: Required value"],
        "no lease name"
    );
    assert_eq!(
        create(&candidate("test", "1.30.1.6", "", OLDEST)),
        [
            r#"spec.binaryVersion: Invalid value: "1.30.1.6": must be a valid semantic version"#,
            "spec.emulationVersion: Required value: must be specified when `strategy` is 'OldestEmulationVersion'",
        ],
        "bad binaryVersion"
    );
    assert_eq!(
        create(&candidate("test", "1.29.0", "1.30.0", OLDEST)),
        [r#"spec.binaryVersion: Invalid value: "1.29.0": must be greater than or equal to `emulationVersion`"#],
        "emulation above binary"
    );
    assert_eq!(
        create(&candidate("test", "1.30.1", "1.30.1", "foo")),
        [r#"spec.strategy.strategy: Unsupported value: "foo": supported values: "OldestEmulationVersion""#],
        "bad strategy"
    );
    assert_eq!(
        create(&candidate("test", "1.30.1", "", OLDEST)),
        ["spec.emulationVersion: Required value: must be specified when `strategy` is 'OldestEmulationVersion'"],
        "strategy good but emulationVersion missing"
    );
}

/// A version that does not parse counts as 0.0.0 afterwards, as upstream's does.
#[test]
fn unparsable_versions_count_as_zero() {
    assert_eq!(
        create(&candidate("test", "v1.30.0", "1.29.0", OLDEST)),
        [
            r#"spec.binaryVersion: Invalid value: "v1.30.0": must be a valid semantic version"#,
            r#"spec.binaryVersion: Invalid value: "v1.30.0": must be greater than or equal to `emulationVersion`"#,
        ]
    );
    assert_eq!(
        create(&candidate("test", "1.30.0", "1.30", OLDEST)),
        [
            r#"spec.emulationVersion: Invalid value: "1.30": must be a valid semantic version"#,
            "spec.emulationVersion: Required value: must be specified when `strategy` is 'OldestEmulationVersion'",
        ]
    );
}

/// blang/semver's strict parse and its precedence: pre-releases below their release, numeric
/// identifiers below alphanumeric ones, build metadata ignored.
#[test]
fn semantic_versions() {
    for good in ["0.0.1", "1.30.0-alpha.1", "1.30.0-rc.1+build.5", "1.2.3-0a", "1.2.3+exp.sha.5114f85"] {
        assert!(Semver::parse(good).is_some(), "{good}");
    }
    for bad in
        ["1.2", "01.2.3", "1.2.03", "1.2.3-", "1.2.3-01", "1.2.3-a..b", "1.2.3+", "1.2.3+a_b", "a.b.c", "1.2.3.4"]
    {
        assert!(Semver::parse(bad).is_none(), "{bad}");
    }
    assert!(Semver::parse("18446744073709551616.0.0").is_none(), "above 64 bits");
    let v = |s| Semver::parse(s).expect("valid");
    let ordered =
        ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0", "1.0.1"];
    for w in ordered.windows(2) {
        assert!(v(w[0]) < v(w[1]), "{} < {}", w[0], w[1]);
    }
    assert_eq!(v("1.0.0+a").cmp(&v("1.0.0+b")), Ordering::Equal);
    // A pre-release of the binary's version is below that version as an emulation version.
    assert_eq!(
        create(&candidate("test", "1.30.0-rc.1", "1.30.0", OLDEST)),
        [r#"spec.binaryVersion: Invalid value: "1.30.0-rc.1": must be greater than or equal to `emulationVersion`"#]
    );
    // 0.0.0 is upstream's zero version: not an emulation version for the oldest-version strategy.
    assert_eq!(
        create(&candidate("test", "1.30.0", "0.0.0", OLDEST)),
        ["spec.emulationVersion: Required value: must be specified when `strategy` is 'OldestEmulationVersion'"]
    );
}

/// Upstream's `TestValidateCoordinatedLeaseStrategy`, through a candidate's `strategy`.
#[test]
fn strategies_as_upstream() {
    let with = |s| create(&candidate("test", "1.30.0", "1.30.0", s));
    assert_eq!(with("example.com/foobar"), [] as [&str; 0]);
    assert_eq!(
        with("foobar"),
        [r#"spec.strategy.strategy: Unsupported value: "foobar": supported values: "OldestEmulationVersion""#]
    );
    let got = with("example.com/foobar/toomanyslashes");
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].starts_with(
            r#"spec.strategy.strategy: Invalid value: "example.com/foobar/toomanyslashes": a valid label key"#
        ),
        "{got:?}"
    );
}

/// Upstream's `TestValidateLeaseCandidate` (a name that is not a config map key) and its name
/// rule, which accepts upper case and `_` but not `..` at the start.
#[test]
fn names() {
    let named = |n: &str| {
        let mut c = candidate("test", "1.30.0", "1.30.0", OLDEST);
        c.metadata.name = n.into();
        c
    };
    assert_eq!(
        create(&named("invalidName++")),
        [
            r#"metadata.name: Invalid value: "invalidName++": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"#
        ]
    );
    assert_eq!(create(&named("Kube_Controller-Manager.1")), [] as [&str; 0]);
    assert_eq!(create(&named("..a")), [r#"metadata.name: Invalid value: "..a": must not start with '..'"#]);
    assert_eq!(create(&named(&"a".repeat(254))).len(), 1);
    // The name is a create-time check, as upstream's metadata update checks do not run it.
    assert_eq!(printed(&validate_lease_candidate(&named("..a"), Some(&named("..a")))), [] as [&str; 0]);
}

/// Upstream's `TestValidateLeaseCandidateUpdate`: the lease name is immutable, and the spec is
/// checked again.
#[test]
fn updates_as_upstream() {
    let old = candidate("test", "1.30.0", "1.30.0", OLDEST);
    assert_eq!(printed(&validate_lease_candidate(&old, Some(&old))), [] as [&str; 0], "valid update");
    let renamed = candidate("test-update", "1.30.0", "1.30.0", OLDEST);
    assert_eq!(
        printed(&validate_lease_candidate(&renamed, Some(&old))),
        [r#"spec.leaseName: Invalid value: "test-update": field is immutable"#]
    );
    let worse = candidate("test", "1.30.0", "1.31.0", OLDEST);
    assert_eq!(
        printed(&validate_lease_candidate(&worse, Some(&old))),
        [r#"spec.binaryVersion: Invalid value: "1.30.0": must be greater than or equal to `emulationVersion`"#]
    );
}

/// A v1alpha2 candidate has no validator of its own: the scheme converts it (and the stored one)
/// to v1beta1 and runs these checks, as upstream validates the internal object.
#[test]
fn v1alpha2_writes_get_these_checks() {
    let mut s = kapi_machinery::Scheme::new();
    crate::coordination::install(&mut s).expect("coordination installs");
    let body = |lease: &str, binary: &str| {
        format!(
            r#"{{"apiVersion":"coordination.k8s.io/v1alpha2","kind":"LeaseCandidate","metadata":{{"name":"c","namespace":"ns"}},"spec":{{"leaseName":"{lease}","binaryVersion":"{binary}","emulationVersion":"1.30.0","strategy":"OldestEmulationVersion"}}}}"#
        )
    };
    let bad: v1alpha2::LeaseCandidate = decoded(&s, &body("l", "1.29.0"));
    assert!(s.validates(&bad));
    assert_eq!(
        printed(&s.validate(&bad, None)),
        [r#"spec.binaryVersion: Invalid value: "1.29.0": must be greater than or equal to `emulationVersion`"#]
    );
    let good: v1alpha2::LeaseCandidate = decoded(&s, &body("l", "1.30.0"));
    assert_eq!(printed(&s.validate(&good, None)), [] as [&str; 0]);
    let moved: v1alpha2::LeaseCandidate = decoded(&s, &body("other", "1.30.0"));
    assert_eq!(
        printed(&s.validate(&moved, Some(&good))),
        [r#"spec.leaseName: Invalid value: "other": field is immutable"#]
    );
    // And a v1beta1 write runs them directly.
    assert_eq!(s.validate(&candidate("", "1.30.0", "1.30.0", OLDEST), None).len(), 1);
}
