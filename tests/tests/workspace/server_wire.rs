//! Objects as a real API server sends them: compact JSON ending in a newline (Go's
//! `json.Encoder`), server-populated fields, managed fields, zero times written as `null`, list
//! items without `kind`/`apiVersion`, Go's string escapes. Each must decode and re-encode byte for
//! byte. The live objects are written here by hand in the server's output conventions (there is
//! no cluster to capture from); the fixtures are upstream's, compacted as the server sends them.

use kapi_machinery::GroupVersionKind;
use kapi_machinery::json;
use kapi_machinery::serializer::{Format, Options, Serializer};

/// Decodes `wire` as JSON (as `default` when it names no kind) and encodes it again as the
/// server would (compact).
fn reencode_as(wire: &[u8], default: Option<&GroupVersionKind>) -> Vec<u8> {
    let scheme = kapi_api::scheme().expect("the scheme");
    let ser = Serializer::new(&scheme, Format::Json, Options::default());
    let decoded =
        ser.decode(wire, default).unwrap_or_else(|e| panic!("decoding: {e}\n{}", String::from_utf8_lossy(wire)));
    ser.encode(decoded.object.as_ref()).expect("encoding")
}

fn reencode(wire: &[u8]) -> Vec<u8> {
    reencode_as(wire, None)
}

/// The first place two byte strings differ, with context.
fn assert_same(name: &str, got: &[u8], want: &[u8]) {
    if got == want {
        return;
    }
    let at = got.iter().zip(want).position(|(a, b)| a != b).unwrap_or(got.len().min(want.len()));
    let ctx = |b: &[u8]| String::from_utf8_lossy(&b[at.saturating_sub(80)..(at + 80).min(b.len())]).into_owned();
    panic!("{name}: differs at byte {at}\n ours: {}\nwire: {}", ctx(got), ctx(want));
}

/// Every JSON fixture of a kind this build defines, in the compact form a server sends
/// (`json.Compact` of what Go encoded, and the encoder's newline), comes back byte for byte.
#[test]
fn every_fixture_in_the_servers_compact_form_round_trips() {
    let Some(root) = kapi_tests::testdata_root_or_skip("every_fixture_in_the_servers_compact_form_round_trips") else {
        return;
    };
    let root = root.join("HEAD");
    let scheme = kapi_api::scheme().expect("the scheme");
    let mut checked = 0;
    for gvk in kapi_tests::compat::tested_kinds(&scheme) {
        let path = root.join(format!("{}.json", kapi_tests::compat::fixture_name(&gvk)));
        let Ok(pretty) = std::fs::read(&path) else { continue };
        let mut wire = json::compact(&pretty).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        wire.push(b'\n');
        assert_same(&path.display().to_string(), &reencode_as(&wire, Some(&gvk)), &wire);
        checked += 1;
    }
    assert!(checked >= 190, "only {checked} fixtures checked under {}", root.display());
}

/// A running pod as the API server returns it after the scheduler, the kubelet and the
/// controllers wrote it: defaults filled, `lastProbeTime: null`, empty structs written as `{}`,
/// managed fields of three managers.
const LIVE_POD: &str = concat!(
    r#"{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-7d4b9c8f5d-x2x9k","generateName":"web-7d4b9c8f5d-","#,
    r#""namespace":"default","uid":"5c1b2a4e-8a8e-4a57-9d8c-3f9c0b2a1d10","resourceVersion":"48213","#,
    r#""creationTimestamp":"2026-11-24T10:00:00Z","labels":{"app":"web","pod-template-hash":"7d4b9c8f5d"},"#,
    r#""ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web-7d4b9c8f5d","#,
    r#""uid":"0f3e6c1a-2b7d-4c8e-9f10-a1b2c3d4e5f6","controller":true,"blockOwnerDeletion":true}],"#,
    r#""managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"v1","#,
    r#""time":"2026-11-24T10:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:generateName":{},"#,
    r#""f:labels":{".":{},"f:app":{},"f:pod-template-hash":{}},"f:ownerReferences":{".":{},"#,
    r#""k:{\"uid\":\"0f3e6c1a-2b7d-4c8e-9f10-a1b2c3d4e5f6\"}":{}}},"f:spec":{"f:containers":{"#,
    r#""k:{\"name\":\"web\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"#,
    r#""f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"#,
    r#""f:enableServiceLinks":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"#,
    r#""f:terminationGracePeriodSeconds":{}}}},{"manager":"kubelet","operation":"Update","apiVersion":"v1","#,
    r#""time":"2026-11-24T10:00:05Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:conditions":{"#,
    r#""k:{\"type\":\"Ready\"}":{".":{},"f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"#,
    r#""f:type":{}}},"f:containerStatuses":{},"f:hostIP":{},"f:phase":{},"f:podIP":{},"f:podIPs":{".":{},"#,
    r#""k:{\"ip\":\"10.244.1.7\"}":{".":{},"f:ip":{}}},"f:startTime":{}}},"subresource":"status"}]},"#,
    r#""spec":{"volumes":[{"name":"kube-api-access-7xk2p","projected":{"sources":[{"serviceAccountToken":{"#,
    r#""expirationSeconds":3607,"path":"token"}},{"configMap":{"name":"kube-root-ca.crt","items":[{"key":"ca.crt","#,
    r#""path":"ca.crt"}]}},{"downwardAPI":{"items":[{"path":"namespace","fieldRef":{"apiVersion":"v1","#,
    r#""fieldPath":"metadata.namespace"}}]}}],"defaultMode":420}}],"containers":[{"name":"web","#,
    r#""image":"nginx:1.27","ports":[{"containerPort":80,"protocol":"TCP"}],"resources":{},"#,
    r#""volumeMounts":[{"name":"kube-api-access-7xk2p","readOnly":true,"#,
    r#""mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}],"#,
    r#""terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","#,
    r#""imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"#,
    r#""dnsPolicy":"ClusterFirst","serviceAccountName":"default","serviceAccount":"default","nodeName":"node-1","#,
    r#""securityContext":{},"schedulerName":"default-scheduler","tolerations":[{"key":"node.kubernetes.io/not-ready","#,
    r#""operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","#,
    r#""operator":"Exists","effect":"NoExecute","tolerationSeconds":300}],"priority":0,"enableServiceLinks":true,"#,
    r#""preemptionPolicy":"PreemptLowerPriority"},"status":{"phase":"Running","conditions":[{"#,
    r#""type":"PodReadyToStartContainers","status":"True","lastProbeTime":null,"#,
    r#""lastTransitionTime":"2026-11-24T10:00:03Z"},{"type":"Initialized","status":"True","lastProbeTime":null,"#,
    r#""lastTransitionTime":"2026-11-24T10:00:00Z"},{"type":"Ready","status":"True","lastProbeTime":null,"#,
    r#""lastTransitionTime":"2026-11-24T10:00:05Z"},{"type":"ContainersReady","status":"True","lastProbeTime":null,"#,
    r#""lastTransitionTime":"2026-11-24T10:00:05Z"},{"type":"PodScheduled","status":"True","lastProbeTime":null,"#,
    r#""lastTransitionTime":"2026-11-24T10:00:00Z"}],"hostIP":"10.0.0.4","hostIPs":[{"ip":"10.0.0.4"}],"#,
    r#""podIP":"10.244.1.7","podIPs":[{"ip":"10.244.1.7"}],"startTime":"2026-11-24T10:00:00Z","#,
    r#""containerStatuses":[{"name":"web","state":{"running":{"startedAt":"2026-11-24T10:00:04Z"}},"#,
    r#""lastState":{},"ready":true,"restartCount":0,"image":"docker.io/library/nginx:1.27","#,
    r#""imageID":"docker.io/library/nginx@sha256:6af79ae5de407283dcea8b00d5c37ace95441fd58a8b1d2aa1ed93f5511bb18c","#,
    r#""containerID":"containerd://3b1f0c6d9e2a4b5c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c","started":true,"#,
    r#""volumeMounts":[{"name":"kube-api-access-7xk2p","mountPath":"/var/run/secrets/kubernetes.io/serviceaccount","#,
    r#""readOnly":true,"recursiveReadOnly":"Disabled"}]}],"qosClass":"BestEffort"}}"#,
    "\n"
);

#[test]
fn a_live_pod_round_trips() {
    assert_same("pod", &reencode(LIVE_POD.as_bytes()), LIVE_POD.as_bytes());
}

/// A list as the server sends it: items carry no `kind` or `apiVersion`; a deployment's pod
/// template has no `creationTimestamp` (upstream omits the zero time since it became `omitzero`).
const LIVE_DEPLOYMENT_LIST: &str = concat!(
    r#"{"kind":"DeploymentList","apiVersion":"apps/v1","metadata":{"resourceVersion":"48250"},"items":[{"#,
    r#""metadata":{"name":"web","namespace":"default","uid":"9b2f4a6c-1d3e-4f50-8a7b-6c5d4e3f2a1b","#,
    r#""resourceVersion":"48240","generation":2,"creationTimestamp":"2026-11-24T09:59:58Z","#,
    r#""annotations":{"deployment.kubernetes.io/revision":"1"}},"spec":{"replicas":3,"#,
    r#""selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"#,
    r#""spec":{"containers":[{"name":"web","image":"nginx:1.27","resources":{},"#,
    r#""terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","#,
    r#""imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"#,
    r#""dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},"#,
    r#""strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},"#,
    r#""revisionHistoryLimit":10,"progressDeadlineSeconds":600},"status":{"observedGeneration":2,"replicas":3,"#,
    r#""updatedReplicas":3,"readyReplicas":3,"availableReplicas":3,"conditions":[{"type":"Available","#,
    r#""status":"True","lastUpdateTime":"2026-11-24T10:00:06Z","lastTransitionTime":"2026-11-24T10:00:06Z","#,
    r#""reason":"MinimumReplicasAvailable","message":"Deployment has minimum availability."},{"#,
    r#""type":"Progressing","status":"True","lastUpdateTime":"2026-11-24T10:00:06Z","#,
    r#""lastTransitionTime":"2026-11-24T09:59:58Z","reason":"NewReplicaSetAvailable","#,
    r#""message":"ReplicaSet \"web-7d4b9c8f5d\" has successfully progressed."}]}}]}"#,
    "\n"
);

#[test]
fn a_live_list_round_trips_with_bare_items() {
    assert_same("list", &reencode(LIVE_DEPLOYMENT_LIST.as_bytes()), LIVE_DEPLOYMENT_LIST.as_bytes());
}

/// Strings as Go's encoder escapes them: `<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`, and
/// U+2028/U+2029 escaped, in a config map a server returns.
const LIVE_CONFIG_MAP: &str = concat!(
    r#"{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"html","namespace":"default","#,
    r#""uid":"1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d","resourceVersion":"7","creationTimestamp":"2026-11-24T10:00:00Z"},"#,
    r#""data":{"index.html":"\u003cp title=\"a \u0026 b\"\u003ehi\u003c/p\u003e\n","sep":"a\u2028b\u2029c","tab":"\t"}}"#,
    "\n"
);

#[test]
fn go_string_escapes_round_trip() {
    assert_same("configmap", &reencode(LIVE_CONFIG_MAP.as_bytes()), LIVE_CONFIG_MAP.as_bytes());
}
