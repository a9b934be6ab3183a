//! Upstream's `TestWarnings`, `TestTemplateOnlyWarnings` and `TestCheckForOverLap` (`pkg/api/pod/warnings_test.go`) case by case, then the pod, pod template and replication controller strategies' create and update rules.

use kapi_machinery::validation::Path;

use super::{overlap, pod_spec_and_meta, warnings_for_persistent_volume_claim_spec, warnings_for_pod_template_spec};
use crate::core::v1::validation::{warnings_for_pod, warnings_for_pod_template, warnings_for_replication_controller};
use crate::core::v1::{PersistentVolumeClaimSpec, Pod, PodTemplate, PodTemplateSpec, ReplicationController};

fn decode<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
    match kapi_machinery::json::from_slice(json.as_bytes()) {
        Ok(v) => v,
        Err(e) => panic!("test JSON does not decode: {e}: {json}"),
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn expect(expected: &[&str]) -> Vec<String> {
    sorted(expected.iter().map(|s| (*s).to_owned()).collect())
}

/// Runs one upstream `TestWarnings` case both ways it does: the template with no path prefix,
/// and a pod made of the template's metadata and spec.
fn case(name: &str, template: &str, expected: &[&str]) {
    let t: PodTemplateSpec = decode(template);
    assert_eq!(sorted(pod_spec_and_meta(None, &t.spec, &t.metadata)), expect(expected), "podspec_{name}");
    let mut pod = Pod { metadata: t.metadata.clone(), spec: t.spec.clone(), ..Default::default() };
    pod.metadata.name = "p".into();
    assert_eq!(sorted(warnings_for_pod(&pod, None)), expect(expected), "pod_{name}");
}

#[test]
fn null() {
    assert_eq!(warnings_for_pod_template_spec(&Path::new("template"), None, None), Vec::<String>::new());
}

#[test]
fn deprecated_volume_plugins() {
    for (source, expected) in [
        ("photonPersistentDisk", "spec.volumes[0].photonPersistentDisk: deprecated in v1.11, non-functional in v1.16+"),
        ("gitRepo", "spec.volumes[0].gitRepo: deprecated in v1.11"),
        ("scaleIO", "spec.volumes[0].scaleIO: deprecated in v1.16, non-functional in v1.22+"),
        ("flocker", "spec.volumes[0].flocker: deprecated in v1.22, non-functional in v1.25+"),
        ("storageos", "spec.volumes[0].storageOS: deprecated in v1.22, non-functional in v1.25+"),
        ("quobyte", "spec.volumes[0].quobyte: deprecated in v1.22, non-functional in v1.25+"),
        ("glusterfs", "spec.volumes[0].glusterfs: deprecated in v1.25, non-functional in v1.26+"),
        ("cephfs", "spec.volumes[0].cephfs: deprecated in v1.28, non-functional in v1.31+"),
        ("rbd", "spec.volumes[0].rbd: deprecated in v1.28, non-functional in v1.31+"),
    ] {
        case(source, &format!(r#"{{"spec":{{"volumes":[{{"name":"s","{source}":{{}}}}]}}}}"#), &[expected]);
    }
}

#[test]
fn overlapping_paths_in_config_map_secret_and_downward_api_volumes() {
    case(
        "overlapping paths in a configmap volume",
        r#"{"spec":{"volumes":[{"name":"Test","configMap":{"name":"foo","items":[{"key":"foo","path":"test"},{"key":"bar","path":"test"}]}}]}}"#,
        &[r#"volume "Test" (ConfigMap "foo"): overlapping paths: "test" with "test""#],
    );
    case(
        "overlapping paths in a configmap volume - try to mount dir path into a file",
        r#"{"spec":{"volumes":[{"name":"Test","configMap":{"name":"foo","items":[{"key":"foo","path":"test"},{"key":"bar","path":"test/app"}]}}]}}"#,
        &[r#"volume "Test" (ConfigMap "foo"): overlapping paths: "test/app" with "test""#],
    );
    case(
        "overlapping paths in a configmap volume - try to mount file into a dir path",
        r#"{"spec":{"volumes":[{"name":"Test","configMap":{"name":"foo","items":[{"key":"bar","path":"test/app"},{"key":"foo","path":"test"}]}}]}}"#,
        &[r#"volume "Test" (ConfigMap "foo"): overlapping paths: "test" with "test/app""#],
    );
    case(
        "overlapping paths in a secret volume",
        r#"{"spec":{"volumes":[{"name":"Test","secret":{"secretName":"foo","items":[{"key":"foo","path":"test"},{"key":"bar","path":"test"}]}}]}}"#,
        &[r#"volume "Test" (Secret "foo"): overlapping paths: "test" with "test""#],
    );
    case(
        "overlapping paths in a downward api volume",
        r#"{"spec":{"volumes":[{"name":"Test","downwardAPI":{"items":[
            {"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"},"path":"test"},
            {"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels"},"path":"test"}]}}]}}"#,
        &[r#"volume "Test" (DownwardAPI): overlapping paths: "test" with "test""#],
    );
}

/// A pod spec with one projected volume `foo` of these sources.
fn projected(sources: &str) -> String {
    format!(r#"{{"spec":{{"volumes":[{{"name":"foo","projected":{{"sources":[{sources}]}}}}]}}}}"#)
}

const CM_TEST: &str = r#"{"configMap":{"name":"Test","items":[{"key":"foo","path":"test"}]}}"#;
const SAT_TEST: &str = r#"{"serviceAccountToken":{"path":"test"}}"#;
const DOWNWARD_TEST: &str =
    r#"{"downwardAPI":{"items":[{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"},"path":"test"}]}}"#;

#[test]
fn overlapping_paths_in_projected_volumes() {
    let token = r#"volume "foo" (Projected ServiceAccountToken): overlapping paths: "test" with "test""#;
    case("service account and config", &projected(&format!("{CM_TEST},{SAT_TEST}")), &[token]);
    case(
        "service account dir and config file",
        &projected(&format!(r#"{CM_TEST},{{"serviceAccountToken":{{"path":"test/file"}}}}"#)),
        &[r#"volume "foo" (Projected ServiceAccountToken): overlapping paths: "test/file" with "test""#],
    );
    case(
        "service account file and config dir",
        &projected(&format!(
            r#"{{"configMap":{{"name":"Test","items":[{{"key":"foo","path":"test/file"}}]}}}},{SAT_TEST}"#
        )),
        &[r#"volume "foo" (Projected ServiceAccountToken): overlapping paths: "test/file" with "test""#],
    );
    case(
        "service account and secret",
        &projected(&format!(r#"{{"secret":{{"name":"Test","items":[{{"key":"foo","path":"test"}}]}}}},{SAT_TEST}"#)),
        &[token],
    );
    case("service account and downward api", &projected(&format!("{DOWNWARD_TEST},{SAT_TEST}")), &[token]);
    case(
        "service account and cluster trust bundle",
        &projected(&format!(r#"{{"clusterTrustBundle":{{"name":"Test","path":"test"}}}},{SAT_TEST}"#)),
        &[token],
    );
    case(
        "service account and cluster trust bundle with signer name",
        &projected(&format!(r#"{{"clusterTrustBundle":{{"signerName":"Test","path":"test"}}}},{SAT_TEST}"#)),
        &[token],
    );
    case(
        "secret and config map",
        &projected(
            r#"{"secret":{"name":"TestSecret","items":[{"key":"mykey","path":"test"}]}},
               {"configMap":{"name":"TestConfigMap","items":[{"key":"mykey","path":"test/test1"}]}}"#,
        ),
        &[r#"volume "foo" (Projected ConfigMap "TestConfigMap"): overlapping paths: "test/test1" with "test""#],
    );
    case(
        "config map and downward api",
        &projected(
            r#"{"secret":{"name":"TestSecret","items":[{"key":"mykey","path":"test"}]}},
               {"downwardAPI":{"items":[{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"},"path":"test/test2"}]}}"#,
        ),
        &[r#"volume "foo" (Projected DownwardAPI): overlapping paths: "test/test2" with "test""#],
    );
    case(
        "downward api and cluster thrust bundle api",
        &projected(
            r#"{"downwardAPI":{"items":[{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"},"path":"test/test2"}]}},
               {"clusterTrustBundle":{"name":"Test","path":"test"}}"#,
        ),
        &[r#"volume "foo" (Projected ClusterTrustBundle "Test"): overlapping paths: "test/test2" with "test""#],
    );
    case(
        "multiple sources",
        &projected(&format!(
            r#"{{"clusterTrustBundle":{{"signerName":"Test","path":"test/test"}}}},{DOWNWARD_TEST},
               {{"secret":{{"name":"Test","items":[{{"key":"foo","path":"test"}}]}}}},{SAT_TEST}"#
        )),
        &[
            r#"volume "foo" (Projected DownwardAPI): overlapping paths: "test/test" with "test""#,
            r#"volume "foo" (Projected Secret "Test"): overlapping paths: "test" with "test""#,
            r#"volume "foo" (Projected Secret "Test"): overlapping paths: "test/test" with "test""#,
            r#"volume "foo" (Projected ServiceAccountToken): overlapping paths: "test/test" with "test""#,
            r#"volume "foo" (Projected ServiceAccountToken): overlapping paths: "test" with "test""#,
        ],
    );
    case(
        "multiple sources, duplicates in one",
        &projected(
            r#"{"serviceAccountToken":{"path":"test/test2"}},
               {"downwardAPI":{"items":[{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"},"path":"test"},
                                        {"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"},"path":"test"}]}}"#,
        ),
        &[
            r#"volume "foo" (Projected DownwardAPI): overlapping paths: "test" with "test""#,
            r#"volume "foo" (Projected DownwardAPI): overlapping paths: "test/test2" with "test""#,
        ],
    );
    case(
        "empty sources in projected volume",
        &projected("{}"),
        &[r#"volume "foo" (Projected) has no sources provided"#],
    );
}

/// Upstream keeps the previous projected source's paths for a source it does not recognise, so a
/// config map projection without items repeats the secret's check against everything so far.
#[test]
fn an_unrecognised_projected_source_repeats_the_previous_check() {
    case(
        "stale paths",
        &projected(r#"{"secret":{"name":"s","items":[{"key":"k","path":"a"}]}},{"configMap":{"name":"c"}}"#),
        &[r#"volume "foo" (Projected Secret "s"): overlapping paths: "a" with "a""#],
    );
}

/// Upstream's pod spec warnings say nothing of the form of `dnsConfig.nameservers` or
/// `hostAliases[].ip` (legacy IP fields): its `GetWarningsForIP` is called for pods only by the
/// status strategy (`status.podIPs`, `status.hostIPs`). Only a repeated host alias IP is told.
#[test]
fn non_standard_nameserver_and_host_alias_ips_are_not_warned_about() {
    case(
        "non-standard IPs",
        r#"{"spec":{"dnsConfig":{"nameservers":["010.0.0.1","2001:DB8::1"]},"hostAliases":[{"ip":"::ffff:1.2.3.4"},{"ip":"::ffff:1.2.3.4"}]}}"#,
        &[r#"spec.hostAliases[1].ip: duplicate ip "::ffff:1.2.3.4""#],
    );
}

#[test]
fn duplicate_host_aliases_and_image_pull_secrets() {
    case(
        "duplicate hostAlias",
        r#"{"spec":{"hostAliases":[{"ip":"1.1.1.1"},{"ip":"1.1.1.1"},{"ip":"1.1.1.1"}]}}"#,
        &[r#"spec.hostAliases[1].ip: duplicate ip "1.1.1.1""#, r#"spec.hostAliases[2].ip: duplicate ip "1.1.1.1""#],
    );
    case(
        "duplicate imagePullSecret",
        r#"{"spec":{"imagePullSecrets":[{"name":"a"},{"name":"a"},{"name":"a"}]}}"#,
        &[
            r#"spec.imagePullSecrets[1].name: duplicate name "a""#,
            r#"spec.imagePullSecrets[2].name: duplicate name "a""#,
        ],
    );
    case(
        "empty imagePullSecret",
        r#"{"spec":{"imagePullSecrets":[{"name":""}]}}"#,
        &[r#"spec.imagePullSecrets[0].name: invalid empty name """#],
    );
}

#[test]
fn duplicate_env() {
    let env = |n: &str| {
        format!(
            r#"[{{"name":"{n}","value":"{n}"}},{{"name":"{n}","value":"{n}"}},{{"name":"{n}","value":"other"}},
                {{"name":"{n}","value":""}},{{"name":"{n}","value":"$({n})"}},{{"name":"{n}","valueFrom":{{}}}},
                {{"name":"{n}","value":"$({n}) $({n})"}}]"#
        )
    };
    let hides = |list: &str, i: usize, n: &str| {
        format!(r#"spec.{list}[0].env[{i}]: hides previous definition of "{n}", which may be dropped when using apply"#)
    };
    let mut expected: Vec<String> = (1..=5).map(|i| hides("initContainers", i, "a")).collect();
    expected.extend((1..=5).map(|i| hides("containers", i, "b")));
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    case(
        "duplicate env",
        &format!(r#"{{"spec":{{"initContainers":[{{"env":{}}}],"containers":[{{"env":{}}}]}}}}"#, env("a"), env("b")),
        &expected,
    );
}

#[test]
fn fractional_resources() {
    let r = r#"{"requests":{"cpu":"100m","memory":"4m","ephemeral-storage":"4m"},"limits":{"cpu":"100m","memory":"4m","ephemeral-storage":"4m"}}"#;
    let mut expected = Vec::new();
    for list in ["initContainers[0]", "containers[0]"] {
        for kind in ["requests", "limits"] {
            for name in ["ephemeral-storage", "memory"] {
                expected.push(format!(
                    r#"spec.{list}.resources.{kind}[{name}]: fractional byte value "4m" is invalid, must be an integer"#
                ));
            }
        }
    }
    for name in ["ephemeral-storage", "memory"] {
        expected.push(format!(r#"spec.overhead[{name}]: fractional byte value "4m" is invalid, must be an integer"#));
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    case(
        "fractional resources",
        &format!(
            r#"{{"spec":{{"initContainers":[{{"resources":{r}}}],"containers":[{{"resources":{r}}}],
                "overhead":{{"cpu":"100m","memory":"4m","ephemeral-storage":"4m"}}}}}}"#
        ),
        &expected,
    );
}

const DEPRECATED_KEYS: &[(&str, &str)] = &[
    ("beta.kubernetes.io/arch", r#"deprecated since v1.14; use "kubernetes.io/arch" instead"#),
    ("beta.kubernetes.io/os", r#"deprecated since v1.14; use "kubernetes.io/os" instead"#),
    (
        "failure-domain.beta.kubernetes.io/region",
        r#"deprecated since v1.17; use "topology.kubernetes.io/region" instead"#,
    ),
    ("failure-domain.beta.kubernetes.io/zone", r#"deprecated since v1.17; use "topology.kubernetes.io/zone" instead"#),
    ("beta.kubernetes.io/instance-type", r#"deprecated since v1.17; use "node.kubernetes.io/instance-type" instead"#),
];

#[test]
fn deprecated_node_labels() {
    let selector: Vec<String> = DEPRECATED_KEYS.iter().map(|(k, _)| format!(r#""{k}":"true""#)).collect();
    let expected: Vec<String> = DEPRECATED_KEYS.iter().map(|(k, m)| format!("spec.nodeSelector[{k}]: {m}")).collect();
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    case(
        "node labels in nodeSelector",
        &format!(r#"{{"spec":{{"nodeSelector":{{{}}}}}}}"#, selector.join(",")),
        &expected,
    );

    let mut keys = vec![r#"{"key":"foo"}"#.to_owned()];
    keys.extend(DEPRECATED_KEYS.iter().map(|(k, _)| format!(r#"{{"key":"{k}"}}"#)));
    let keys = keys.join(",");
    let at = |prefix: &str| -> Vec<String> {
        DEPRECATED_KEYS
            .iter()
            .enumerate()
            .map(|(i, (k, m))| format!("{prefix}.matchExpressions[{}].key: {k} is {m}", i + 1))
            .collect()
    };
    let expected = at("spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]");
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    case(
        "node labels in affinity requiredDuringSchedulingIgnoredDuringExecution",
        &format!(
            r#"{{"spec":{{"affinity":{{"nodeAffinity":{{"requiredDuringSchedulingIgnoredDuringExecution":
                {{"nodeSelectorTerms":[{{"matchExpressions":[{keys}]}}]}}}}}}}}}}"#
        ),
        &expected,
    );
    let expected = at("spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference");
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    case(
        "node labels in affinity preferredDuringSchedulingIgnoredDuringExecution",
        &format!(
            r#"{{"spec":{{"affinity":{{"nodeAffinity":{{"preferredDuringSchedulingIgnoredDuringExecution":
                [{{"weight":1,"preference":{{"matchExpressions":[{keys}]}}}}]}}}}}}}}"#
        ),
        &expected,
    );

    let mut constraints = vec![r#"{"topologyKey":"foo","labelSelector":{}}"#.to_owned()];
    constraints.extend(DEPRECATED_KEYS.iter().map(|(k, _)| format!(r#"{{"topologyKey":"{k}","labelSelector":{{}}}}"#)));
    let expected: Vec<String> = DEPRECATED_KEYS
        .iter()
        .enumerate()
        .map(|(i, (k, m))| format!("spec.topologySpreadConstraints[{}].topologyKey: {k} is {m}", i + 1))
        .collect();
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    case(
        "node labels in topologySpreadConstraints",
        &format!(r#"{{"spec":{{"topologySpreadConstraints":[{}]}}}}"#, constraints.join(",")),
        &expected,
    );
}

#[test]
fn deprecated_annotations_and_seccomp() {
    case(
        "annotations",
        r#"{"metadata":{"annotations":{"foo":"bar","scheduler.alpha.kubernetes.io/critical-pod":"true",
            "seccomp.security.alpha.kubernetes.io/pod":"default","container.seccomp.security.alpha.kubernetes.io/foo":"default",
            "security.alpha.kubernetes.io/sysctls":"a,b,c","security.alpha.kubernetes.io/unsafe-sysctls":"d,e,f"}},
            "spec":{"containers":[{"name":"foo"}]}}"#,
        &[
            r#"metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead"#,
            r#"metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: non-functional in v1.27+; use the "seccompProfile" field instead"#,
            r#"metadata.annotations[container.seccomp.security.alpha.kubernetes.io/foo]: non-functional in v1.27+; use the "seccompProfile" field instead"#,
            r#"metadata.annotations[security.alpha.kubernetes.io/sysctls]: non-functional in v1.11+; use the "sysctls" field instead"#,
            r#"metadata.annotations[security.alpha.kubernetes.io/unsafe-sysctls]: non-functional in v1.11+; use the "sysctls" field instead"#,
        ],
    );
    case(
        "seccomp fields",
        r#"{"metadata":{"annotations":{"seccomp.security.alpha.kubernetes.io/pod":"default",
            "container.seccomp.security.alpha.kubernetes.io/foo":"default"}},
            "spec":{"securityContext":{"seccompProfile":{"type":"RuntimeDefault"}},
            "containers":[{"name":"foo","securityContext":{"seccompProfile":{"type":"RuntimeDefault"}}}]}}"#,
        &[],
    );
}

#[test]
fn ephemeral_volume_claims_grace_period_and_null_selectors() {
    let ephemeral = |size: &str| {
        format!(
            r#"{{"spec":{{"volumes":[{{"name":"ephemeral-volume","ephemeral":{{"volumeClaimTemplate":
                {{"spec":{{"resources":{{"requests":{{"storage":"{size}"}}}}}}}}}}}}]}}}}"#
        )
    };
    case("pod with ephemeral volume source 200Mi", &ephemeral("200Mi"), &[]);
    case(
        "pod with ephemeral volume source 200m",
        &ephemeral("200m"),
        &[
            r#"spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources.requests[storage]: fractional byte value "200m" is invalid, must be an integer"#,
        ],
    );
    case(
        "terminationGracePeriodSeconds is negative",
        r#"{"spec":{"terminationGracePeriodSeconds":-1}}"#,
        &["spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1"],
    );
    case(
        "null LabelSelector in topologySpreadConstraints",
        r#"{"spec":{"topologySpreadConstraints":[{"labelSelector":{}},{}]}}"#,
        &["spec.topologySpreadConstraints[1].labelSelector: a null labelSelector results in matching no pod"],
    );
    let terms = r#"{"requiredDuringSchedulingIgnoredDuringExecution":[{"labelSelector":{}},{}],
        "preferredDuringSchedulingIgnoredDuringExecution":[{"podAffinityTerm":{"labelSelector":{}}},{"podAffinityTerm":{}}]}"#;
    case(
        "null LabelSelector in PodAffinity",
        &format!(r#"{{"spec":{{"affinity":{{"podAffinity":{terms},"podAntiAffinity":{terms}}}}}}}"#),
        &[
            "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[1].labelSelector: a null labelSelector results in matching no pod",
            "spec.affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod",
            "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[1].labelSelector: a null labelSelector results in matching no pod",
            "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].podAffinityTerm.labelSelector: a null labelSelector results in matching no pod",
        ],
    );
}

/// One container `foo` with these ports, or two (`foo`, `bar`).
fn ports(foo: &str, bar: Option<&str>) -> String {
    match bar {
        None => format!(r#"{{"spec":{{"containers":[{{"name":"foo","ports":[{foo}]}}]}}}}"#),
        Some(bar) => format!(
            r#"{{"spec":{{"containers":[{{"name":"foo","ports":[{foo}]}},{{"name":"bar","ports":[{bar}]}}]}}}}"#
        ),
    }
}

#[test]
fn ports_without_warnings() {
    for (name, foo, bar) in [
        ("container no ports", "", None),
        ("one container, one port", r#"{"containerPort":80,"hostPort":80}"#, None),
        (
            "one container, two ports, same protocol, different ports",
            r#"{"containerPort":80,"protocol":"UDP"},{"containerPort":81,"protocol":"UDP"}"#,
            None,
        ),
        (
            "one container, two ports, different protocols, same port",
            r#"{"containerPort":80,"protocol":"UDP"},{"containerPort":80,"protocol":"TCP"}"#,
            None,
        ),
        (
            "one container, two ports, same protocol, same port, different hostport",
            r#"{"containerPort":80,"protocol":"TCP","hostPort":80},{"containerPort":80,"protocol":"TCP","hostPort":81}"#,
            None,
        ),
        (
            "one container, two ports, same protocol, port and hostPort, different hostIP",
            r#"{"containerPort":80,"protocol":"TCP","hostPort":80,"hostIP":"10.0.0.1"},{"containerPort":80,"protocol":"TCP","hostPort":80,"hostIP":"10.0.0.2"}"#,
            None,
        ),
        (
            "two containers, one port each, same protocol, different ports",
            r#"{"containerPort":80,"protocol":"UDP"}"#,
            Some(r#"{"containerPort":81,"protocol":"UDP"}"#),
        ),
        (
            "two containers, one port each, different protocols, same port",
            r#"{"containerPort":80,"protocol":"UDP"}"#,
            Some(r#"{"containerPort":80,"protocol":"TCP"}"#),
        ),
        (
            "two containers, one port each, same protocol, same port, different hostport",
            r#"{"containerPort":80,"protocol":"TCP","hostPort":80}"#,
            Some(r#"{"containerPort":80,"protocol":"TCP","hostPort":81}"#),
        ),
        (
            "two containers, one port each, same protocol, port and hostPort, different hostIP",
            r#"{"containerPort":80,"protocol":"TCP","hostPort":80,"hostIP":"10.0.0.1"}"#,
            Some(r#"{"containerPort":80,"protocol":"TCP","hostPort":80,"hostIP":"10.0.0.2"}"#),
        ),
    ] {
        case(name, &ports(foo, bar), &[]);
    }
}

const UDP80: &str = r#"{"containerPort":80,"protocol":"UDP"}"#;
const UDP80_H80: &str = r#"{"containerPort":80,"hostPort":80,"protocol":"UDP"}"#;
const UDP80_H80_IP1: &str = r#"{"containerPort":80,"hostPort":80,"protocol":"UDP","hostIP":"10.0.0.1"}"#;
const UDP80_IP1: &str = r#"{"containerPort":80,"protocol":"UDP","hostIP":"10.0.0.1"}"#;
const HOST_IP_ONLY: &str =
    "hostIP set without hostPort: {Name: HostPort:0 ContainerPort:80 Protocol:UDP HostIP:10.0.0.1}";

#[test]
fn duplicate_ports_in_one_container() {
    let dup = "spec.containers[0].ports[1]: duplicate port definition with spec.containers[0].ports[0]";
    case("duplicate container ports with same port and protocol", &ports(&format!("{UDP80},{UDP80}"), None), &[dup]);
    case(
        "duplicate container ports with same port, hostPort and protocol",
        &ports(&format!("{UDP80_H80},{UDP80_H80}"), None),
        &[dup],
    );
    case(
        "duplicate container ports with same port, host port, host IP and protocol",
        &ports(&format!("{UDP80_H80_IP1},{UDP80_H80_IP1}"), None),
        &[dup],
    );
    case(
        "one container port hostIP set without host port set",
        &ports(UDP80_IP1, None),
        &[&format!("spec.containers[0].ports[0]: {HOST_IP_ONLY}")],
    );
    case(
        "duplicate container ports with one host port set and one without",
        &ports(&format!("{UDP80_H80_IP1},{UDP80_IP1}"), None),
        &[
            "spec.containers[0].ports[1]: overlapping port definition with spec.containers[0].ports[0]",
            &format!("spec.containers[0].ports[1]: {HOST_IP_ONLY}"),
        ],
    );
    case(
        "duplicate container ports without one host IP set and two with",
        &ports(
            &format!(
                r#"{UDP80_H80_IP1},{UDP80_H80},{{"containerPort":80,"hostPort":80,"protocol":"UDP","hostIP":"10.0.0.2"}}"#
            ),
            None,
        ),
        &[
            "spec.containers[0].ports[1]: dangerously ambiguous port definition with spec.containers[0].ports[0]",
            "spec.containers[0].ports[2]: dangerously ambiguous port definition with spec.containers[0].ports[1]",
        ],
    );
    case(
        "duplicate container ports with one host IP set and one without",
        &ports(&format!("{UDP80_H80_IP1},{UDP80_H80}"), None),
        &["spec.containers[0].ports[1]: dangerously ambiguous port definition with spec.containers[0].ports[0]"],
    );
}

#[test]
fn duplicate_ports_across_containers() {
    let dup = "spec.containers[1].ports[0]: duplicate port definition with spec.containers[0].ports[0]";
    let ambiguous =
        "spec.containers[1].ports[0]: dangerously ambiguous port definition with spec.containers[0].ports[0]";
    case("duplicate containers with same port and protocol", &ports(UDP80, Some(UDP80)), &[dup]);
    case("duplicate containers with same port, hostPort and protocol", &ports(UDP80_H80, Some(UDP80_H80)), &[dup]);
    case(
        "duplicate containers with same port, host port, host IP and protocol",
        &ports(UDP80_H80_IP1, Some(UDP80_H80_IP1)),
        &[dup],
    );
    case(
        "duplicate containers with one host port set and one without",
        &ports(UDP80_H80_IP1, Some(UDP80_IP1)),
        &[
            "spec.containers[1].ports[0]: overlapping port definition with spec.containers[0].ports[0]",
            &format!("spec.containers[1].ports[0]: {HOST_IP_ONLY}"),
        ],
    );
    case(
        "duplicate container ports without one host IP set and one with",
        &ports(UDP80_H80, Some(UDP80_H80_IP1)),
        &[ambiguous],
    );
    case(
        "duplicate container ports with one host IP set and one without",
        &ports(UDP80_H80_IP1, Some(UDP80_H80)),
        &[ambiguous],
    );
}

const TWO_CONTAINER_DUPLICATES: &[&str] = &[
    "spec.containers[0].ports[2]: duplicate port definition with spec.containers[0].ports[0]",
    "spec.containers[1].ports[0]: duplicate port definition with spec.containers[0].ports[0]",
    "spec.containers[1].ports[0]: duplicate port definition with spec.containers[0].ports[2]",
    "spec.containers[1].ports[1]: duplicate port definition with spec.containers[0].ports[0]",
    "spec.containers[1].ports[1]: duplicate port definition with spec.containers[0].ports[2]",
    "spec.containers[1].ports[1]: duplicate port definition with spec.containers[1].ports[0]",
];

fn two_container_ports(protocol: &str, first_host_port: u16) -> String {
    let p = |c: u16, h: u16| format!(r#"{{"containerPort":{c},"hostPort":{h},"protocol":"{protocol}"}}"#);
    ports(
        &format!("{},{},{}", p(80, first_host_port), p(180, 80), p(80, 80)),
        Some(&format!("{},{}", p(80, first_host_port), p(80, 80))),
    )
}

#[test]
fn create_duplicate_container_ports_in_two_containers() {
    case(
        "create duplicate container ports in two containers",
        &two_container_ports("UDP", 80),
        TWO_CONTAINER_DUPLICATES,
    );
}

/// Upstream passes the old template but does not use it: the warnings of an update are those of
/// the new template alone.
#[test]
fn update_duplicate_container_ports_in_two_containers() {
    let new: PodTemplateSpec = decode(&two_container_ports("TCP", 80));
    let old: PodTemplateSpec = decode(&two_container_ports("TCP", 180));
    let got = pod_spec_and_meta(None, &new.spec, &new.metadata);
    assert_eq!(sorted(got), expect(TWO_CONTAINER_DUPLICATES));
    let at = Path::new("template");
    let with_old = warnings_for_pod_template_spec(&at, Some(&new), Some(&old));
    assert_eq!(with_old, warnings_for_pod_template_spec(&at, Some(&new), None));
    assert_eq!(with_old.len(), TWO_CONTAINER_DUPLICATES.len());
}

/// `TestTemplateOnlyWarnings`: templates warn about AppArmor annotations without a field; the
/// pod spec checks of a pod do not (a pod gets them from `applyAppArmorVersionSkew`).
#[test]
fn template_only_app_armor_warnings() {
    for (name, template, expected) in [
        (
            "annotations",
            r#"{"metadata":{"annotations":{"container.apparmor.security.beta.kubernetes.io/foo":"unconfined"}},
                "spec":{"containers":[{"name":"foo"}]}}"#,
            &[
                r#"template.metadata.annotations[container.apparmor.security.beta.kubernetes.io/foo]: deprecated since v1.30; use the "appArmorProfile" field instead"#,
            ][..],
        ),
        (
            "AppArmor pod field",
            r#"{"metadata":{"annotations":{"container.apparmor.security.beta.kubernetes.io/foo":"unconfined"}},
                "spec":{"securityContext":{"appArmorProfile":{"type":"Unconfined"}},"containers":[{"name":"foo"}]}}"#,
            &[][..],
        ),
        (
            "AppArmor container field",
            r#"{"metadata":{"annotations":{"container.apparmor.security.beta.kubernetes.io/foo":"unconfined"}},
                "spec":{"containers":[{"name":"foo","securityContext":{"appArmorProfile":{"type":"Unconfined"}}}]}}"#,
            &[][..],
        ),
    ] {
        let t: PodTemplateSpec = decode(template);
        assert_eq!(
            sorted(warnings_for_pod_template_spec(&Path::new("template"), Some(&t), None)),
            expect(expected),
            "podspec_{name}"
        );
        assert_eq!(pod_spec_and_meta(None, &t.spec, &t.metadata), Vec::<String>::new(), "pod_{name}");
    }
}

#[test]
fn check_for_overlap() {
    for (name, check_paths, path, expected) in [
        ("exact match", &["path/path1"][..], "path/path1", "path/path1"),
        ("no match", &["path/path1"][..], "path2/path1", ""),
        ("empty checkPaths", &[][..], "path2/path1", ""),
        ("empty string in checkPaths", &[""][..], "path2/path1", ""),
        ("empty path", &["test"][..], "", ""),
        ("empty strings in checkPaths and path", &[""][..], "", ""),
        ("between file and dir", &["path/path1"][..], "path", "path/path1"),
        ("between dir and file", &["path"][..], "path/path1", "path"),
        ("multiple paths without overlap", &["path1/path", "path2/path", "path3/path"][..], "path4/path", ""),
        ("multiple paths with overlap", &["path1/path", "path2/path", "path3/path"][..], "path3/path3", "path3/path"),
        ("partial overlap", &["path1/path", "path2/path", "path3/path"][..], "path101/path3", ""),
        ("partial overlap in path", &["path101/path", "path2/path", "path3/path"][..], "path1/path3", ""),
        ("trailing slash in path", &["path1/path3"][..], "path1/path3/", "path1/path3"),
        ("trailing slash in checkPaths", &["path1/path3/"][..], "path1/path3", "path1/path3/"),
    ] {
        assert_eq!(overlap(check_paths, path).unwrap_or_default(), expected, "{name}");
    }
}

/// The pod strategy: the name as a hostname on create, nothing at all on update.
#[test]
fn pods_warn_on_create_only() {
    let mut pod: Pod = decode(r#"{"metadata":{"name":"a.b"},"spec":{"volumes":[{"name":"g","gitRepo":{}}]}}"#);
    assert_eq!(
        warnings_for_pod(&pod, None),
        [
            "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]",
            "spec.volumes[0].gitRepo: deprecated in v1.11",
        ]
    );
    let old = pod.clone();
    pod.metadata.generation = 2;
    assert_eq!(warnings_for_pod(&pod, Some(&old)), Vec::<String>::new());
}

/// A pod's AppArmor annotations are its strategy's to warn about (`applyAppArmorVersionSkew`, in
/// kapi-testing's pod strategy), before the sync; `GetWarningsForPod` skips them, with or without
/// a profile.
#[test]
fn pods_leave_app_armor_annotations_to_the_strategy() {
    for profile in ["", r#","securityContext":{"appArmorProfile":{"type":"RuntimeDefault"}}"#] {
        let pod: Pod = decode(&format!(
            r#"{{"metadata":{{"name":"p","annotations":{{"container.apparmor.security.beta.kubernetes.io/c":"bogus"}}}},
                "spec":{{"containers":[{{"name":"c"}}]{profile}}}}}"#
        ));
        assert_eq!(warnings_for_pod(&pod, None), Vec::<String>::new(), "{profile}");
    }
}

fn pod_template(json: &str, generation: i64) -> PodTemplate {
    let mut t: PodTemplate = decode(json);
    t.metadata.generation = generation;
    t
}

#[test]
fn pod_templates_warn_on_create_and_on_changed_generation() {
    let json = r#"{"metadata":{"name":"a.b"},"template":{"spec":{"nodeSelector":{"beta.kubernetes.io/os":"linux"}}}}"#;
    let expected = [
        r#"template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead"#,
    ];
    let created = pod_template(json, 1);
    assert_eq!(warnings_for_pod_template(&created, None), expected);
    assert_eq!(warnings_for_pod_template(&pod_template(json, 1), Some(&created)), Vec::<String>::new());
    assert_eq!(warnings_for_pod_template(&pod_template(json, 2), Some(&created)), expected);
}

fn controller(json: &str, generation: i64) -> ReplicationController {
    let mut rc: ReplicationController = decode(json);
    rc.metadata.generation = generation;
    rc
}

#[test]
fn replication_controllers_warn_about_the_old_template_on_update() {
    let git = r#"{"metadata":{"name":"Web"},"spec":{"template":{"spec":{"volumes":[{"name":"g","gitRepo":{}}]}}}}"#;
    let plain = r#"{"metadata":{"name":"Web"},"spec":{"template":{"spec":{}}}}"#;
    let created = controller(git, 1);
    assert_eq!(
        warnings_for_replication_controller(&created, None),
        [
            "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')]",
            "spec.template.spec.volumes[0].gitRepo: deprecated in v1.11",
        ]
    );
    // Upstream swaps the templates: removing the volume still warns about it, adding one does not.
    assert_eq!(
        warnings_for_replication_controller(&controller(plain, 2), Some(&created)),
        ["spec.template.spec.volumes[0].gitRepo: deprecated in v1.11"]
    );
    assert_eq!(
        warnings_for_replication_controller(&controller(git, 2), Some(&controller(plain, 1))),
        Vec::<String>::new()
    );
    assert_eq!(warnings_for_replication_controller(&controller(git, 1), Some(&created)), Vec::<String>::new());
}

#[test]
fn persistent_volume_claim_specs_warn_about_fractional_storage() {
    let spec: PersistentVolumeClaimSpec =
        decode(r#"{"resources":{"requests":{"storage":"1500m"},"limits":{"storage":"0.5"}}}"#);
    assert_eq!(
        warnings_for_persistent_volume_claim_spec(&Path::new("spec"), &spec),
        [
            r#"spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer"#,
            r#"spec.resources.limits[storage]: fractional byte value "500m" is invalid, must be an integer"#,
        ]
    );
}
