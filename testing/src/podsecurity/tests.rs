//! Upstream's own cases for the Pod Security Standards (`api/helpers_test.go`, `policy/check_*_test.go`): label parsing, check order and overrides, and each check's reason and detail.

use std::collections::BTreeMap;

use kapi_api::core::v1::Pod;

use super::checks::CHECKS;
use super::{Level, LevelVersion, PodView, Policy, Version, evaluate};

fn pod(json: &str) -> Pod {
    kapi_machinery::json::from_slice(json.as_bytes()).expect("test pod decodes")
}

/// One check's verdict at a minor version: `(reason, detail)`, or `None` when allowed.
fn check(id: &str, minor: u32, json: &str) -> Option<(String, String)> {
    let p = pod(json);
    let view = PodView { annotations: &p.metadata.annotations, spec: &p.spec };
    let c = CHECKS.iter().find(|c| c.id == id).expect("a known check");
    let (_, f, _) = c.versions.iter().rev().find(|(min, _, _)| *min <= minor).expect("the check exists at the version");
    f(&view).map(|v| (v.reason, v.detail))
}

fn fails(id: &str, minor: u32, json: &str, reason: &str, detail: &str) {
    assert_eq!(check(id, minor, json), Some((reason.to_owned(), detail.to_owned())), "{id} at v1.{minor}: {json}");
}

fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (format!("pod-security.kubernetes.io/{k}"), (*v).to_owned())).collect()
}

/// A case: the labels, the policy they choose, whether they have errors.
type LabelCase = (&'static [(&'static str, &'static str)], Policy, bool);

fn lv(level: Level, version: Version) -> LevelVersion {
    LevelVersion { level, version }
}

#[test]
fn versions_parse_as_upstreams() {
    for (s, v) in [
        ("latest", Version::Latest),
        ("v1.0", Version::Minor(0)),
        ("v1.1", Version::Minor(1)),
        ("v1.20", Version::Minor(20)),
        ("v1.10000", Version::Minor(10000)),
    ] {
        assert_eq!(Version::parse(s), Ok(v), "{s}");
    }
    for s in ["foo", "", "v2.0", "v1", "1.1", "v1.01", "v1.-1", "v1.+1"] {
        assert_eq!(Version::parse(s), Err(r#"must be "latest" or "v1.x""#), "{s}");
    }
}

#[test]
fn labels_choose_the_policy_as_upstreams() {
    use Level::*;
    use Version::*;
    let p = LevelVersion::PRIVILEGED;
    let cases: Vec<LabelCase> = vec![
        (
            &[("enforce", "baseline")],
            Policy { enforce: lv(Baseline, Latest), warn: lv(Baseline, Latest), audit: p },
            false,
        ),
        (&[("warn", "restricted")], Policy { enforce: p, warn: lv(Restricted, Latest), audit: p }, false),
        (&[("audit", "baseline")], Policy { enforce: p, warn: p, audit: lv(Baseline, Latest) }, false),
        (
            &[("enforce", "baseline"), ("warn", "restricted")],
            Policy { enforce: lv(Baseline, Latest), warn: lv(Restricted, Latest), audit: p },
            false,
        ),
        (
            &[("enforce", "baseline"), ("enforce-version", "v1.22")],
            Policy { enforce: lv(Baseline, Minor(22)), warn: lv(Baseline, Minor(22)), audit: p },
            false,
        ),
        (
            &[("enforce", "baseline"), ("enforce-version", "v1.22"), ("warn-version", "latest")],
            Policy { enforce: lv(Baseline, Minor(22)), warn: lv(Baseline, Latest), audit: p },
            false,
        ),
        (
            &[("enforce", "baseline"), ("warn-version", "v1.23")],
            Policy { enforce: lv(Baseline, Latest), warn: lv(Baseline, Minor(23)), audit: p },
            false,
        ),
        (
            &[
                ("enforce", "baseline"),
                ("enforce-version", "v1.20"),
                ("warn", "restricted"),
                ("warn-version", "v1.21"),
                ("audit", "restricted"),
                ("audit-version", "v1.22"),
            ],
            Policy {
                enforce: lv(Baseline, Minor(20)),
                warn: lv(Restricted, Minor(21)),
                audit: lv(Restricted, Minor(22)),
            },
            false,
        ),
        (
            &[("enforce", "baseline"), ("warn", "privileged")],
            Policy { enforce: lv(Baseline, Latest), warn: p, audit: p },
            false,
        ),
        (
            &[("enforce", "baseline"), ("warn", "foo")],
            Policy { enforce: lv(Baseline, Latest), warn: p, audit: p },
            true,
        ),
        (&[("enforce", "foo")], Policy { enforce: lv(Restricted, Latest), warn: p, audit: p }, true),
    ];
    for (pairs, want, err) in cases {
        let (got, errs) = Policy::from_labels(&labels(pairs), Policy::default());
        assert_eq!(got, want, "{pairs:?}");
        assert_eq!(!errs.is_empty(), err, "{pairs:?}: {errs:?}");
    }
    let (_, errs) = Policy::from_labels(&labels(&[("enforce", "foo"), ("warn-version", "1.1")]), Policy::default());
    let shown: Vec<String> = errs.iter().map(ToString::to_string).collect();
    assert_eq!(
        shown,
        [
            r#"metadata.labels[pod-security.kubernetes.io/enforce]: Invalid value: "foo": must be one of privileged, baseline, restricted"#,
            r#"metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.1": must be "latest" or "v1.x""#,
        ]
    );
}

#[test]
fn levels_run_their_checks_in_upstreams_order_with_overrides() {
    // A pod that breaks one baseline rule (host network) and, unhardened, most restricted ones.
    let p = pod(r#"{"metadata":{"name":"p"},"spec":{"hostNetwork":true,"containers":[{"name":"c","image":"i",
        "securityContext":{"capabilities":{"add":["NET_ADMIN"]}}}],"volumes":[{"name":"h","hostPath":{"path":"/"}}]}}"#);
    let view = PodView { annotations: &p.metadata.annotations, spec: &p.spec };
    let baseline = evaluate(lv(Level::Baseline, Version::Latest), &view);
    assert_eq!(
        baseline.detail(),
        r#"non-default capabilities (container "c" must not include "NET_ADMIN" in securityContext.capabilities.add), host namespaces (hostNetwork=true), hostPath volumes (volume "h")"#
    );
    let restricted = evaluate(lv(Level::Restricted, Version::Latest), &view);
    // capabilities_baseline and hostPathVolumes give way to their restricted replacements.
    assert_eq!(
        restricted.reason(),
        "host namespaces, allowPrivilegeEscalation != false, unrestricted capabilities, restricted volume types, runAsNonRoot != true, seccompProfile"
    );
    assert_eq!(
        restricted.detail(),
        concat!(
            "host namespaces (hostNetwork=true), ",
            r#"allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), "#,
            r#"unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]; container "c" must not include "NET_ADMIN" in securityContext.capabilities.add), "#,
            r#"restricted volume types (volume "h" uses restricted volume type "hostPath"), "#,
            r#"runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), "#,
            r#"seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")"#,
        )
    );
    // Before v1.22 restricted kept baseline's capability check and had no runAsUser check.
    let old = evaluate(lv(Level::Restricted, Version::Minor(21)), &view);
    assert!(old.reason().starts_with("non-default capabilities, host namespaces"), "{}", old.reason());
    assert!(evaluate(lv(Level::Privileged, Version::Latest), &view).allowed());
    // Versions past the server's evaluate as the server's.
    assert_eq!(evaluate(lv(Level::Restricted, Version::Minor(99)), &view), restricted);
}

#[test]
fn host_probes_are_checked_from_v1_34() {
    let json = r#"{"spec":{"containers":[{"name":"a","startupProbe":{"httpGet":{"host":"localhost","port":80}}}]}}"#;
    let p = pod(json);
    let view = PodView { annotations: &p.metadata.annotations, spec: &p.spec };
    assert!(evaluate(lv(Level::Baseline, Version::Minor(33)), &view).allowed());
    assert!(!evaluate(lv(Level::Baseline, Version::Minor(34)), &view).allowed());
    assert!(!evaluate(lv(Level::Baseline, Version::Latest), &view).allowed());
}

#[test]
fn each_check_words_its_findings_as_upstreams() {
    fails(
        "allowPrivilegeEscalation",
        25,
        r#"{"spec":{"containers":[{"name":"a"},{"name":"b","securityContext":{}},
        {"name":"c","securityContext":{"allowPrivilegeEscalation":true}},{"name":"d","securityContext":{"allowPrivilegeEscalation":false}}]}}"#,
        "allowPrivilegeEscalation != false",
        r#"containers "a", "b", "c" must set securityContext.allowPrivilegeEscalation=false"#,
    );
    assert_eq!(
        check("allowPrivilegeEscalation", 25, r#"{"spec":{"os":{"name":"windows"},"containers":[{"name":"a"}]}}"#),
        None
    );
    fails(
        "allowPrivilegeEscalation",
        25,
        r#"{"spec":{"os":{"name":"linux"},"containers":[{"name":"a"}]}}"#,
        "allowPrivilegeEscalation != false",
        r#"container "a" must set securityContext.allowPrivilegeEscalation=false"#,
    );
    fails(
        "appArmorProfile",
        0,
        r#"{"spec":{"securityContext":{"appArmorProfile":{"type":"Unconfined"}},"containers":[{"name":"a"}]}}"#,
        "forbidden AppArmor profile",
        r#"pod must not set AppArmor profile type to "Unconfined""#,
    );
    fails(
        "appArmorProfile",
        0,
        r#"{"spec":{"securityContext":{"appArmorProfile":{"type":"RuntimeDefault"}},"initContainers":[{"name":"bar","securityContext":{"appArmorProfile":{"type":"Unconfined"}}}],"containers":[{"name":"foo"}]}}"#,
        "forbidden AppArmor profile",
        r#"container "bar" must not set AppArmor profile type to "Unconfined""#,
    );
    fails(
        "appArmorProfile",
        0,
        r#"{"metadata":{"annotations":{"container.apparmor.security.beta.kubernetes.io/b":"unconfined","container.apparmor.security.beta.kubernetes.io/a":"runtime/default","container.apparmor.security.beta.kubernetes.io/c":"bogus"}},"spec":{"containers":[{"name":"a"}]}}"#,
        "forbidden AppArmor profiles",
        r#"annotations must not set AppArmor profile type to "container.apparmor.security.beta.kubernetes.io/b="unconfined"", "container.apparmor.security.beta.kubernetes.io/c="bogus"""#,
    );
    fails(
        "capabilities_baseline",
        0,
        r#"{"spec":{"containers":[{"name":"a","securityContext":{"capabilities":{"add":["FOO","BAR"]}}},{"name":"b","securityContext":{"capabilities":{"add":["BAR","BAZ"]}}}]}}"#,
        "non-default capabilities",
        r#"containers "a", "b" must not include "BAR", "BAZ", "FOO" in securityContext.capabilities.add"#,
    );
    fails(
        "capabilities_restricted",
        25,
        r#"{"spec":{"containers":[{"name":"a","securityContext":{"capabilities":{"add":["FOO","BAR"]}}},{"name":"b","securityContext":{"capabilities":{"add":["BAR","BAZ"]}}},
        {"name":"c","securityContext":{"capabilities":{"add":["NET_BIND_SERVICE","CHOWN"],"drop":["ALL","FOO"]}}}]}}"#,
        "unrestricted capabilities",
        r#"containers "a", "b" must set securityContext.capabilities.drop=["ALL"]; containers "a", "b", "c" must not include "BAR", "BAZ", "CHOWN", "FOO" in securityContext.capabilities.add"#,
    );
    fails(
        "hostNamespaces",
        0,
        r#"{"spec":{"hostNetwork":true,"hostIPC":true,"hostPID":true}}"#,
        "host namespaces",
        "hostNetwork=true, hostPID=true, hostIPC=true",
    );
    fails(
        "hostPathVolumes",
        0,
        r#"{"spec":{"volumes":[{"name":"a","hostPath":{"path":"/a"}},{"name":"b","hostPath":{"path":"/b"}},{"name":"c","emptyDir":{}}]}}"#,
        "hostPath volumes",
        r#"volumes "a", "b""#,
    );
    fails(
        "hostPorts",
        0,
        r#"{"spec":{"containers":[{"name":"a","ports":[{"containerPort":1}]},{"name":"b","ports":[{"containerPort":1},{"containerPort":2,"hostPort":20}]}]}}"#,
        "hostPort",
        r#"container "b" uses hostPort 20"#,
    );
    fails(
        "hostPorts",
        0,
        r#"{"spec":{"containers":[{"name":"a","ports":[{"containerPort":1}]},{"name":"b","ports":[{"containerPort":1,"hostPort":10},{"containerPort":2,"hostPort":20}]},{"name":"c","ports":[{"containerPort":1,"hostPort":10},{"containerPort":3,"hostPort":30}]}]}}"#,
        "hostPort",
        r#"containers "b", "c" use hostPorts 10, 20, 30"#,
    );
    fails(
        "hostProbesAndHostLifecycle",
        34,
        r#"{"spec":{"containers":[{"name":"a","livenessProbe":{"httpGet":{"host":"127.0.0.1","port":1}},"readinessProbe":{"tcpSocket":{"host":"::1","port":1}},"startupProbe":{"httpGet":{"host":"localhost","port":1}}}]}}"#,
        "probe or lifecycle host",
        r#"container "a" uses probe or lifecycle hosts "127.0.0.1", "::1", "localhost""#,
    );
    fails(
        "hostProbesAndHostLifecycle",
        34,
        r#"{"spec":{"containers":[{"name":"valid"},{"name":"invalid1","livenessProbe":{"httpGet":{"host":"a.com","port":1}}},
        {"name":"invalid2","lifecycle":{"preStop":{"tcpSocket":{"host":"b.com","port":1}}},"readinessProbe":{"httpGet":{"host":"a.com","port":1}}}]}}"#,
        "probe or lifecycle host",
        r#"containers "invalid1", "invalid2" use probe or lifecycle hosts "a.com", "b.com""#,
    );
    fails(
        "privileged",
        0,
        r#"{"spec":{"containers":[{"name":"a"},{"name":"b","securityContext":{}},{"name":"c","securityContext":{"privileged":false}},
        {"name":"d","securityContext":{"privileged":true}},{"name":"e","securityContext":{"privileged":true}}]}}"#,
        "privileged",
        r#"containers "d", "e" must not set securityContext.privileged=true"#,
    );
    let proc_mounts = r#"{"spec":{"hostUsers":HOST,"containers":[{"name":"a"},{"name":"b","securityContext":{}},{"name":"c","securityContext":{"procMount":"Default"}},
        {"name":"d","securityContext":{"procMount":"Unmasked"}},{"name":"e","securityContext":{"procMount":"other"}}]}}"#;
    let detail = r#"containers "d", "e" must not set securityContext.procMount to "Unmasked", "other""#;
    fails("procMount", 35, &proc_mounts.replace("HOST", "true"), "procMount", detail);
    assert_eq!(check("procMount", 35, &proc_mounts.replace("HOST", "false")), None);
    fails("procMount_restricted", 35, &proc_mounts.replace("HOST", "false"), "procMount", detail);
    fails(
        "restrictedVolumes",
        0,
        r#"{"spec":{"volumes":[{"name":"a1","emptyDir":{}},{"name":"a2","secret":{}},{"name":"a3","persistentVolumeClaim":{"claimName":"c"}},
        {"name":"a4","downwardAPI":{}},{"name":"a5","configMap":{}},{"name":"a6","projected":{}},{"name":"a7","csi":{"driver":"d"}},
        {"name":"a8","ephemeral":{}},{"name":"a9","image":{}},{"name":"b1","hostPath":{"path":"/"}},{"name":"b2","nfs":{"server":"s","path":"/"}},
        {"name":"b3","gitRepo":{"repository":"r"}},{"name":"c1"}]}}"#,
        "restricted volume types",
        r#"volumes "b1", "b2", "b3", "c1" use restricted volume types "gitRepo", "hostPath", "nfs", "unknown""#,
    );
    fails(
        "runAsNonRoot",
        35,
        r#"{"spec":{"containers":[{"name":"a"}]}}"#,
        "runAsNonRoot != true",
        r#"pod or container "a" must set securityContext.runAsNonRoot=true"#,
    );
    fails(
        "runAsNonRoot",
        35,
        r#"{"spec":{"securityContext":{"runAsNonRoot":false},"containers":[{"name":"a"}]}}"#,
        "runAsNonRoot != true",
        "pod must not set securityContext.runAsNonRoot=false",
    );
    fails(
        "runAsNonRoot",
        35,
        r#"{"spec":{"securityContext":{"runAsNonRoot":true},"containers":[{"name":"a"},{"name":"b","securityContext":{}},
        {"name":"c","securityContext":{"runAsNonRoot":false}},{"name":"d","securityContext":{"runAsNonRoot":false}},{"name":"e","securityContext":{"runAsNonRoot":true}}]}}"#,
        "runAsNonRoot != true",
        r#"containers "c", "d" must not set securityContext.runAsNonRoot=false"#,
    );
    fails(
        "runAsNonRoot",
        35,
        r#"{"spec":{"containers":[{"name":"a"},{"name":"b","securityContext":{}},{"name":"d","securityContext":{"runAsNonRoot":true}}]}}"#,
        "runAsNonRoot != true",
        r#"pod or containers "a", "b" must set securityContext.runAsNonRoot=true"#,
    );
    assert_eq!(check("runAsNonRoot", 35, r#"{"spec":{"hostUsers":false}}"#), None);
    assert_eq!(
        check("runAsNonRoot", 34, r#"{"spec":{"hostUsers":false,"containers":[{"name":"a"}]}}"#).map(|r| r.0),
        Some("runAsNonRoot != true".into())
    );
    fails(
        "runAsUser",
        35,
        r#"{"spec":{"securityContext":{"runAsUser":0},"containers":[{"name":"a"}]}}"#,
        "runAsUser=0",
        "pod must not set runAsUser=0",
    );
    fails(
        "runAsUser",
        35,
        r#"{"spec":{"securityContext":{"runAsUser":1000},"containers":[{"name":"a"},{"name":"b","securityContext":{}},
        {"name":"c","securityContext":{"runAsUser":0}},{"name":"d","securityContext":{"runAsUser":0}},{"name":"e","securityContext":{"runAsUser":1}}]}}"#,
        "runAsUser=0",
        r#"containers "c", "d" must not set runAsUser=0"#,
    );
    assert_eq!(
        check("runAsUser", 35, r#"{"spec":{"securityContext":{"runAsUser":1000},"containers":[{"name":"a"}]}}"#),
        None
    );
    fails(
        "seLinuxOptions",
        31,
        r#"{"spec":{"securityContext":{"seLinuxOptions":{"type":"foo","user":"u"}},"containers":[{"name":"a","securityContext":{"seLinuxOptions":{"type":"container_t"}}},
        {"name":"b","securityContext":{"seLinuxOptions":{"type":"bar","role":"r"}}},{"name":"c","securityContext":{"seLinuxOptions":{"type":"container_engine_t"}}}]}}"#,
        "seLinuxOptions",
        r#"pod and container "b" set forbidden securityContext.seLinuxOptions: types "bar", "foo"; user may not be set; role may not be set"#,
    );
    fails(
        "seLinuxOptions",
        30,
        r#"{"spec":{"containers":[{"name":"c","securityContext":{"seLinuxOptions":{"type":"container_engine_t"}}}]}}"#,
        "seLinuxOptions",
        r#"container "c" set forbidden securityContext.seLinuxOptions: type "container_engine_t""#,
    );
    fails(
        "seccompProfile_baseline",
        0,
        r#"{"metadata":{"annotations":{"seccomp.security.alpha.kubernetes.io/pod":"unconfined","container.seccomp.security.alpha.kubernetes.io/a":"runtime/default","container.seccomp.security.alpha.kubernetes.io/b":"bogus"}},"spec":{"containers":[{"name":"a"},{"name":"b"}]}}"#,
        "seccompProfile",
        r#"forbidden annotations container.seccomp.security.alpha.kubernetes.io/b="bogus", seccomp.security.alpha.kubernetes.io/pod="unconfined""#,
    );
    fails(
        "seccompProfile_baseline",
        19,
        r#"{"spec":{"securityContext":{"seccompProfile":{"type":"Unconfined"}},"containers":[{"name":"a","securityContext":{"seccompProfile":{"type":"Unconfined"}}},{"name":"b","securityContext":{"seccompProfile":{"type":"RuntimeDefault"}}}]}}"#,
        "seccompProfile",
        r#"pod and container "a" must not set securityContext.seccompProfile.type to "Unconfined""#,
    );
    fails(
        "seccompProfile_restricted",
        25,
        r#"{"spec":{"containers":[{"name":"a"},{"name":"b","securityContext":{"seccompProfile":{"type":"Localhost","localhostProfile":"p"}}}]}}"#,
        "seccompProfile",
        r#"pod or container "a" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost""#,
    );
    assert_eq!(
        check(
            "seccompProfile_restricted",
            25,
            r#"{"spec":{"securityContext":{"seccompProfile":{"type":"RuntimeDefault"}},"containers":[{"name":"a"}]}}"#
        ),
        None
    );
    let sysctls = r#"{"spec":{"securityContext":{"sysctls":[{"name":"a","value":"1"},{"name":"net.ipv4.tcp_rmem","value":"1"},{"name":"b","value":"1"}]}}}"#;
    fails("sysctls", 32, sysctls, "forbidden sysctls", "a, b");
    fails("sysctls", 29, sysctls, "forbidden sysctls", "a, net.ipv4.tcp_rmem, b");
    fails(
        "windowsHostProcess",
        0,
        r#"{"spec":{"securityContext":{"windowsOptions":{"hostProcess":true}},"containers":[{"name":"a","securityContext":{"windowsOptions":{"hostProcess":true}}},{"name":"b","securityContext":{"windowsOptions":{"hostProcess":false}}}]}}"#,
        "hostProcess",
        r#"pod and container "a" must not set securityContext.windowsOptions.hostProcess=true"#,
    );
}
