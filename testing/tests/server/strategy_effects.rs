//! Single effects of upstream's registry strategies over HTTP against the test server: nameless limit ranges, endpoint slices' topology through v1, device taint rules' `timeAdded`, pods' label keys merged into their selectors, local API services' availability (on create too), Endpoints' subsets repacked, namespaces labelled with a generated name, certificate signing requests' condition timestamps, claims' data sources, pods' observed generations kept, nodes' kubelet configuration dropped, services' load balancer status cleared with their type, pod templates' generation, CSI drivers' generation kept on create, horizontal pod autoscalers' generation never set, updates without a resourceVersion refused where the strategy says so, and pods' AppArmor annotations copied into their fields.

use std::sync::Arc;

use http::{Method, StatusCode};
use kapi_api::features::{Feature, FeatureGates};
use kapi_machinery::json::value::{Value, parse};
use kapi_machinery::types::Time;
use kapi_testing::{ApiServer, RuntimeConfig, TestServer};

use crate::{http_support, tcp_support};
use tcp_support::send;

/// A server with every built-in kind, serving what `config` turns on besides the defaults.
async fn start_with(api: ApiServer, config: Option<RuntimeConfig>) -> TestServer {
    let api = Arc::new(api);
    api.register_builtin();
    if let Some(config) = config {
        api.set_runtime_config(config).unwrap();
    }
    TestServer::start(api, None).await.unwrap()
}

async fn start() -> TestServer {
    start_with(ApiServer::new(), None).await
}

fn at<'a>(v: &'a Value, path: &[&str]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, p| match (v, p.parse::<usize>()) {
        (Value::Array(items), Ok(i)) => items.get(i),
        _ => v.get(p),
    })
}

fn text<'a>(v: &'a Value, path: &[&str]) -> &'a str {
    at(v, path).and_then(Value::as_str).unwrap_or_default()
}

fn json(v: Option<&Value>) -> String {
    v.map(|v| String::from_utf8(v.to_compact_vec()).unwrap()).unwrap_or_default()
}

const LIMIT_RANGES: &str = "/api/v1/namespaces/default/limitranges";
const LIMITS: &str = r#""spec":{"limits":[{"type":"Container","max":{"cpu":"1"}}]}"#;

/// Upstream's limit range `PrepareForCreate` names a nameless one with a UUID; the store made a
/// name from `generateName` before it, so that one keeps its generated name.
#[tokio::test]
async fn a_limit_range_without_a_name_is_named_with_a_uuid() {
    let server = start().await;
    let (status, created) =
        send(&server, Method::POST, LIMIT_RANGES, &format!(r#"{{"kind":"LimitRange","apiVersion":"v1",{LIMITS}}}"#))
            .await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let name = text(&created, &["metadata", "name"]);
    let dashes: Vec<usize> = name.match_indices('-').map(|(i, _)| i).collect();
    assert_eq!((name.len(), dashes), (36, vec![8, 13, 18, 23]), "{name}");
    assert!(name.chars().all(|c| c == '-' || c.is_ascii_hexdigit()), "{name}");
    let (status, _) = send(&server, Method::GET, &format!("{LIMIT_RANGES}/{name}"), "").await;
    assert_eq!(status, StatusCode::OK);

    let body = format!(r#"{{"kind":"LimitRange","apiVersion":"v1","metadata":{{"generateName":"lr-"}},{LIMITS}}}"#);
    let (status, generated) = send(&server, Method::POST, LIMIT_RANGES, &body).await;
    assert_eq!(status, StatusCode::CREATED);
    let name = text(&generated, &["metadata", "name"]);
    assert!(name.starts_with("lr-") && name.len() == 8, "{name}");

    // Other kinds still need a name.
    let (status, refused) = send(
        &server,
        Method::POST,
        "/api/v1/namespaces/default/configmaps",
        r#"{"kind":"ConfigMap","apiVersion":"v1"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(text(&refused, &["message"]).contains("name or generateName is required"), "{}", json(Some(&refused)));
}

const SLICES_V1: &str = "/apis/discovery.k8s.io/v1/namespaces/default/endpointslices";
const SLICES_V1BETA1: &str = "/apis/discovery.k8s.io/v1beta1/namespaces/default/endpointslices";

/// A write through v1 drops `deprecatedTopology`; one through v1beta1 keeps its `topology`, and
/// a later v1 update that changes the endpoints moves the hostname the stored topology named
/// into `nodeName`.
#[tokio::test]
async fn endpoint_slices_lose_their_topology_through_v1() {
    let config = RuntimeConfig::parse("discovery.k8s.io/v1beta1=true").unwrap().with_removed(true);
    let server = start_with(ApiServer::new(), Some(config)).await;
    let v1 = r#"{"apiVersion":"discovery.k8s.io/v1","kind":"EndpointSlice","metadata":{"name":"a"},"addressType":"IPv4",
        "endpoints":[{"addresses":["10.0.0.1"],"deprecatedTopology":{"kubernetes.io/hostname":"node-1","rack":"r1"}}]}"#;
    let (status, created) = send(&server, Method::POST, SLICES_V1, v1).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(json(at(&created, &["endpoints", "0"])), r#"{"addresses":["10.0.0.1"],"conditions":{}}"#);

    let v1beta1 = r#"{"apiVersion":"discovery.k8s.io/v1beta1","kind":"EndpointSlice","metadata":{"name":"b"},"addressType":"IPv4",
        "endpoints":[{"addresses":["10.0.0.1"],"topology":{"kubernetes.io/hostname":"node-1","rack":"r1"}}]}"#;
    let (status, created) = send(&server, Method::POST, SLICES_V1BETA1, v1beta1).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let (_, read) = send(&server, Method::GET, &format!("{SLICES_V1}/b"), "").await;
    assert_eq!(
        json(at(&read, &["endpoints", "0", "deprecatedTopology"])),
        r#"{"kubernetes.io/hostname":"node-1","rack":"r1"}"#
    );
    assert_eq!(at(&read, &["endpoints", "0", "nodeName"]), None);

    // Labels alone leave the endpoints, and so their topology, as they were.
    let mut relabelled = read.clone();
    let meta = at(&read, &["metadata"]).unwrap().clone();
    let mut meta_text = json(Some(&meta));
    meta_text.insert_str(1, r#""labels":{"a":"b"},"#);
    if let Value::Object(members) = &mut relabelled {
        members.retain(|(k, _)| k != "metadata");
        members.push(("metadata".into(), parse(meta_text.as_bytes()).unwrap()));
    }
    let (status, kept) = send(&server, Method::PUT, &format!("{SLICES_V1}/b"), &json(Some(&relabelled))).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&kept)));
    assert!(at(&kept, &["endpoints", "0", "deprecatedTopology"]).is_some());

    // A changed endpoint: the topology goes, its known hostname becomes the node name.
    let changed = json(Some(&kept)).replace("10.0.0.1", "10.0.0.2");
    let (status, updated) = send(&server, Method::PUT, &format!("{SLICES_V1}/b"), &changed).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(at(&updated, &["endpoints", "0", "deprecatedTopology"]), None);
    assert_eq!(text(&updated, &["endpoints", "0", "nodeName"]), "node-1");
}

const RULES: &str = "/apis/resource.k8s.io/v1beta2/devicetaintrules";

fn taint_rule(effect: &str, time_added: Option<&str>, rv: Option<&str>) -> String {
    let time = time_added.map(|t| format!(r#","timeAdded":"{t}""#)).unwrap_or_default();
    let rv = rv.map(|rv| format!(r#","resourceVersion":"{rv}""#)).unwrap_or_default();
    format!(
        r#"{{"apiVersion":"resource.k8s.io/v1beta2","kind":"DeviceTaintRule","metadata":{{"name":"r"{rv}}},
        "spec":{{"deviceSelector":{{"driver":"example.com"}},"taint":{{"key":"example.com/k","effect":"{effect}"{time}}}}}}}"#
    )
}

/// A created rule without `timeAdded` is dated by defaulting; an update that changes the effect
/// but not `timeAdded` is dated anew, one that sets `timeAdded` keeps it.
#[tokio::test]
async fn device_taint_rules_date_a_changed_effect() {
    let server =
        start_with(ApiServer::new(), Some(RuntimeConfig::parse("resource.k8s.io/v1beta2=true").unwrap())).await;
    let before = Time::now().unix_seconds();
    let (status, created) = send(&server, Method::POST, RULES, &taint_rule("NoSchedule", None, None)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let dated = Time::parse_rfc3339(text(&created, &["spec", "taint", "timeAdded"])).unwrap();
    assert!(dated.unix_seconds() >= before, "{}", json(Some(&created)));

    // Same effect, an old time set by the client: kept.
    let old = "2020-01-01T00:00:00Z";
    let rv = text(&created, &["metadata", "resourceVersion"]).to_owned();
    let (status, same) =
        send(&server, Method::PUT, &format!("{RULES}/r"), &taint_rule("NoSchedule", Some(old), Some(&rv))).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&same)));
    assert_eq!(text(&same, &["spec", "taint", "timeAdded"]), old);

    // A new effect with the stored time: dated now.
    let rv = text(&same, &["metadata", "resourceVersion"]).to_owned();
    let (status, changed) =
        send(&server, Method::PUT, &format!("{RULES}/r"), &taint_rule("NoExecute", Some(old), Some(&rv))).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&changed)));
    let bumped = Time::parse_rfc3339(text(&changed, &["spec", "taint", "timeAdded"])).unwrap();
    assert!(bumped.unix_seconds() >= before, "{}", json(Some(&changed)));

    // A new effect with a time of the client's own: kept.
    let mine = "2021-06-01T00:00:00Z";
    let rv = text(&changed, &["metadata", "resourceVersion"]).to_owned();
    let (status, chosen) =
        send(&server, Method::PUT, &format!("{RULES}/r"), &taint_rule("None", Some(mine), Some(&rv))).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&chosen)));
    assert_eq!(text(&chosen, &["spec", "taint", "timeAdded"]), mine);
}

const PODS: &str = "/api/v1/namespaces/default/pods";

fn pod(name: &str, spread_keys: &str) -> String {
    format!(
        r#"{{"apiVersion":"v1","kind":"Pod","metadata":{{"name":"{name}","labels":{{"app":"web","tier":"front"}}}},
        "spec":{{"containers":[{{"name":"c","image":"busybox"}}],
        "affinity":{{"podAntiAffinity":{{"requiredDuringSchedulingIgnoredDuringExecution":[{{
            "labelSelector":{{"matchLabels":{{"app":"web"}}}},"topologyKey":"zone",
            "matchLabelKeys":["tier","absent"],"mismatchLabelKeys":["app"]}}]}}}},
        "topologySpreadConstraints":[{{"maxSkew":1,"topologyKey":"zone","whenUnsatisfiable":"DoNotSchedule",
            "labelSelector":{{"matchLabels":{{"app":"web"}}}},"matchLabelKeys":{spread_keys}}}]}}}}"#
    )
}

/// A new pod's affinity terms get `In` for their match label keys and `NotIn` for their
/// mismatch label keys, with the pod's own label values; its spread constraints get `In` for
/// theirs while the merge gate is on, and validation takes the merged form.
#[tokio::test]
async fn a_new_pods_label_keys_join_its_selectors() {
    let server = start().await;
    let (status, created) = send(&server, Method::POST, PODS, &pod("p", r#"["tier"]"#)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let term = ["spec", "affinity", "podAntiAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "0"];
    assert_eq!(
        json(at(&created, &[&term[..], &["labelSelector"]].concat())),
        r#"{"matchLabels":{"app":"web"},"matchExpressions":[{"key":"tier","operator":"In","values":["front"]},{"key":"app","operator":"NotIn","values":["web"]}]}"#
    );
    assert_eq!(json(at(&created, &[&term[..], &["matchLabelKeys"]].concat())), r#"["tier","absent"]"#);
    assert_eq!(
        json(at(&created, &["spec", "topologySpreadConstraints", "0", "labelSelector"])),
        r#"{"matchLabels":{"app":"web"},"matchExpressions":[{"key":"tier","operator":"In","values":["front"]}]}"#
    );

    // A key the selector also has: refused by the merged form's rule, at upstream's path.
    let (status, refused) = send(&server, Method::POST, PODS, &pod("q", r#"["app"]"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(text(&refused, &["details", "causes", "0", "field"]), "spec.topologySpreadConstraints[0][0]");
    assert_eq!(
        text(&refused, &["details", "causes", "0", "message"]),
        r#"Invalid value: "app": exists in both matchLabelKeys and labelSelector"#
    );
}

/// With the merge gate off, spread constraints keep their selectors and the legacy rule judges
/// their keys; affinity terms still merge (their gate is locked on in 1.36).
#[tokio::test]
async fn without_the_merge_gate_spread_constraints_keep_their_selectors() {
    let gates = FeatureGates::default().with(Feature::MatchLabelKeysInPodTopologySpreadSelectorMerge, false);
    let server = start_with(ApiServer::new().with_feature_gates(gates), None).await;
    let (status, created) = send(&server, Method::POST, PODS, &pod("p", r#"["tier"]"#)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(
        json(at(&created, &["spec", "topologySpreadConstraints", "0", "labelSelector"])),
        r#"{"matchLabels":{"app":"web"}}"#
    );
    let term = ["spec", "affinity", "podAntiAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "0"];
    assert!(json(at(&created, &[&term[..], &["labelSelector"]].concat())).contains("matchExpressions"));
    let (status, refused) = send(&server, Method::POST, PODS, &pod("q", r#"["app"]"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        text(&refused, &["details", "causes", "0", "field"]),
        "spec.topologySpreadConstraints[0].matchLabelKeys[0]"
    );
}

const API_SERVICES: &str = "/apis/apiregistration.k8s.io/v1/apiservices";

/// A local API service reports `Available` as kube-aggregator's controller writes it; a remote
/// one is left for the remote controller, which this server does not run.
#[tokio::test]
async fn a_local_api_service_is_available() {
    let server = start().await;
    let local = r#"{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService","metadata":{"name":"v1.example.com"},
        "spec":{"group":"example.com","version":"v1","groupPriorityMinimum":100,"versionPriority":10}}"#;
    let (status, created) = send(&server, Method::POST, API_SERVICES, local).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let (_, read) = send(&server, Method::GET, &format!("{API_SERVICES}/v1.example.com"), "").await;
    let condition = at(&read, &["status", "conditions", "0"]).expect("a condition");
    assert_eq!(
        (text(condition, &["type"]), text(condition, &["status"]), text(condition, &["reason"])),
        ("Available", "True", "Local")
    );
    assert_eq!(text(condition, &["message"]), "Local APIServices are always available");
    assert!(Time::parse_rfc3339(text(condition, &["lastTransitionTime"])).is_ok());

    // A status write that says otherwise is set right again.
    let mut unavailable = json(Some(&read));
    unavailable = unavailable.replace(r#""status":"True""#, r#""status":"False""#);
    let (status, _) = send(&server, Method::PUT, &format!("{API_SERVICES}/v1.example.com/status"), &unavailable).await;
    assert_eq!(status, StatusCode::OK);
    let (_, again) = send(&server, Method::GET, &format!("{API_SERVICES}/v1.example.com"), "").await;
    assert_eq!(text(&again, &["status", "conditions", "0", "status"]), "True");

    let remote = r#"{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService","metadata":{"name":"v1.remote.example.com"},
        "spec":{"group":"remote.example.com","version":"v1","groupPriorityMinimum":100,"versionPriority":10,
        "service":{"namespace":"default","name":"api"},"insecureSkipTLSVerify":true}}"#;
    let (status, created) = send(&server, Method::POST, API_SERVICES, remote).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let (_, read) = send(&server, Method::GET, &format!("{API_SERVICES}/v1.remote.example.com"), "").await;
    assert_eq!(at(&read, &["status", "conditions"]), None);
}

/// With `MatchLabelKeysInPodTopologySpread` off, a new pod's spread constraints lose their
/// `matchLabelKeys` (upstream's `dropDisabledMatchLabelKeysFieldInTopologySpread`), so nothing
/// is merged either; an update keeps keys the stored pod already has.
#[tokio::test]
async fn without_the_spread_gate_match_label_keys_are_dropped() {
    let api = Arc::new(ApiServer::new());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    // Created while the gate is on, with a key the pod has no label for (so nothing is merged,
    // which the legacy rule would refuse once the gate is off, as upstream's does).
    let (status, stored) = send(&server, Method::POST, PODS, &pod("kept", r#"["absent"]"#)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&stored)));

    api.set_feature_gate(Feature::MatchLabelKeysInPodTopologySpread.name(), false);
    let (status, created) = send(&server, Method::POST, PODS, &pod("p", r#"["tier"]"#)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let constraint = at(&created, &["spec", "topologySpreadConstraints", "0"]).unwrap();
    assert_eq!(at(constraint, &["matchLabelKeys"]), None);
    assert_eq!(json(at(constraint, &["labelSelector"])), r#"{"matchLabels":{"app":"web"}}"#);

    // The stored pod uses the keys, so an update keeps them.
    let relabelled = json(Some(&stored)).replacen(r#""tier":"front""#, r#""tier":"front","extra":"x""#, 1);
    let (status, updated) = send(&server, Method::PUT, &format!("{PODS}/kept"), &relabelled).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(json(at(&updated, &["spec", "topologySpreadConstraints", "0", "matchLabelKeys"])), r#"["absent"]"#);
}

const ENDPOINTS: &str = "/api/v1/namespaces/default/endpoints";

/// Subsets as a client may write them: an address listed twice, a port split over two subsets,
/// and the subsets in no particular order.
const SPLIT_SUBSETS: &str = r#"[
    {"addresses":[{"ip":"10.0.0.2"},{"ip":"10.0.0.1"}],"ports":[{"name":"http","port":80}]},
    {"addresses":[{"ip":"10.0.0.1"}],"notReadyAddresses":[{"ip":"10.0.0.3"}],
     "ports":[{"name":"https","port":443},{"name":"http","port":80}]},
    {"addresses":[{"ip":"10.0.0.2"}],"ports":[{"name":"metrics","port":9090}]}]"#;

/// What upstream's `RepackSubsets` stores for [`SPLIT_SUBSETS`]: one subset per address set,
/// addresses by IP, subsets by the MD5 of their go-spew text (the order Go gives).
const PACKED_SUBSETS: &str = concat!(
    r#"[{"addresses":[{"ip":"10.0.0.1"},{"ip":"10.0.0.2"}],"notReadyAddresses":[{"ip":"10.0.0.3"}],"#,
    r#""ports":[{"name":"http","port":80,"protocol":"TCP"}]},"#,
    r#"{"addresses":[{"ip":"10.0.0.2"}],"ports":[{"name":"metrics","port":9090,"protocol":"TCP"}]},"#,
    r#"{"addresses":[{"ip":"10.0.0.1"}],"notReadyAddresses":[{"ip":"10.0.0.3"}],"#,
    r#""ports":[{"name":"https","port":443,"protocol":"TCP"}]}]"#,
);

fn endpoints_body(name: &str, subsets: &str) -> String {
    format!(r#"{{"kind":"Endpoints","apiVersion":"v1","metadata":{{"name":"{name}"}},"subsets":{subsets}}}"#)
}

/// Upstream's Endpoints strategy canonicalizes after validation (`Canonicalize`, the last step
/// of `BeforeCreate` and `BeforeUpdate`): a create, a dry run, a create through PUT and an
/// update all store and answer the packed subsets; validation still judges the subsets as
/// written; an update that only reorders what is stored writes nothing.
#[tokio::test]
async fn endpoints_are_stored_with_their_subsets_repacked() {
    let server = start().await;
    let (status, created) = send(&server, Method::POST, ENDPOINTS, &endpoints_body("web", SPLIT_SUBSETS)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(json(at(&created, &["subsets"])), PACKED_SUBSETS);
    let (_, read) = send(&server, Method::GET, &format!("{ENDPOINTS}/web"), "").await;
    assert_eq!(json(at(&read, &["subsets"])), PACKED_SUBSETS);

    let (status, dry) =
        send(&server, Method::POST, &format!("{ENDPOINTS}?dryRun=All"), &endpoints_body("dry", SPLIT_SUBSETS)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&dry)));
    assert_eq!(json(at(&dry, &["subsets"])), PACKED_SUBSETS);

    // Endpoints allow a create through PUT.
    let (status, put_created) =
        send(&server, Method::PUT, &format!("{ENDPOINTS}/put"), &endpoints_body("put", SPLIT_SUBSETS)).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&put_created)));
    assert_eq!(json(at(&put_created, &["subsets"])), PACKED_SUBSETS);

    // The same subsets written again, unpacked: after canonicalization nothing changed.
    let rv = text(&created, &["metadata", "resourceVersion"]).to_owned();
    let again = format!(
        r#"{{"kind":"Endpoints","apiVersion":"v1","metadata":{{"name":"web","resourceVersion":"{rv}"}},"subsets":{SPLIT_SUBSETS}}}"#
    );
    let (status, unchanged) = send(&server, Method::PUT, &format!("{ENDPOINTS}/web"), &again).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&unchanged)));
    assert_eq!(text(&unchanged, &["metadata", "resourceVersion"]), rv);
    assert_eq!(json(at(&unchanged, &["subsets"])), PACKED_SUBSETS);

    // An update is packed too: the duplicate address and the port listed twice go.
    let update = r#"[{"addresses":[{"ip":"10.0.0.9"},{"ip":"10.0.0.9"}],"ports":[{"port":80}]},
        {"addresses":[{"ip":"10.0.0.9"}],"ports":[{"port":80}]}]"#;
    let (status, updated) =
        send(&server, Method::PUT, &format!("{ENDPOINTS}/web"), &endpoints_body("web", update)).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(
        json(at(&updated, &["subsets"])),
        r#"[{"addresses":[{"ip":"10.0.0.9"}],"ports":[{"port":80,"protocol":"TCP"}]}]"#
    );

    // Validation sees the subsets as written: the second one, which packing would drop, is
    // refused at its own index.
    let bad = r#"[{"addresses":[{"ip":"10.0.0.1"}],"ports":[{"port":80}]},{"ports":[{"port":81}]}]"#;
    let (status, refused) = send(&server, Method::POST, ENDPOINTS, &endpoints_body("bad", bad)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{}", json(Some(&refused)));
    assert_eq!(text(&refused, &["details", "causes", "0", "field"]), "subsets[1]", "{}", json(Some(&refused)));
}

/// Upstream's namespace strategy labels a namespace with its name in `Canonicalize`, after the
/// store made the name from `generateName` (defaulting ran before, with no name yet); a dry run
/// answers the same.
#[tokio::test]
async fn a_namespace_named_from_generate_name_is_labelled_with_it() {
    let server = start().await;
    let body = r#"{"kind":"Namespace","apiVersion":"v1","metadata":{"generateName":"gen-","labels":{"team":"a"}}}"#;
    for path in ["/api/v1/namespaces", "/api/v1/namespaces?dryRun=All"] {
        let (status, created) = send(&server, Method::POST, path, body).await;
        assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
        let name = text(&created, &["metadata", "name"]);
        assert!(name.starts_with("gen-") && name.len() == 9, "{name}");
        assert_eq!(
            json(at(&created, &["metadata", "labels"])),
            format!(r#"{{"kubernetes.io/metadata.name":"{name}","team":"a"}}"#)
        );
    }
}

/// kube-aggregator's strategy marks a local API service available in `PrepareForCreate`, so the
/// create's answer carries the condition and the controller has nothing left to write.
#[tokio::test]
async fn a_local_api_service_is_created_available() {
    let server = start().await;
    let local = r#"{"apiVersion":"apiregistration.k8s.io/v1","kind":"APIService","metadata":{"name":"v1.made.example.com"},
        "spec":{"group":"made.example.com","version":"v1","groupPriorityMinimum":100,"versionPriority":10},
        "status":{"conditions":[{"type":"Other","status":"True"}]}}"#;
    let (status, created) = send(&server, Method::POST, API_SERVICES, local).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let at_time = text(&created, &["status", "conditions", "0", "lastTransitionTime"]);
    assert!(Time::parse_rfc3339(at_time).is_ok(), "{}", json(Some(&created)));
    assert_eq!(
        json(at(&created, &["status"])),
        format!(
            r#"{{"conditions":[{{"type":"Available","status":"True","lastTransitionTime":"{at_time}","reason":"Local","message":"Local APIServices are always available"}}]}}"#
        )
    );
    let (_, read) = send(&server, Method::GET, &format!("{API_SERVICES}/v1.made.example.com"), "").await;
    assert_eq!(json(Some(&read)), json(Some(&created)));
}

const CSRS: &str = "/apis/certificates.k8s.io/v1/certificatesigningrequests";

/// The object `v` with its top-level `status` replaced by `status` (JSON text).
fn with_status(v: &Value, status: &str) -> String {
    let Value::Object(members) = v else { panic!("not an object: {}", json(Some(v))) };
    let mut members: Vec<(String, Value)> = members.iter().filter(|(k, _)| k != "status").cloned().collect();
    members.push(("status".into(), parse(status.as_bytes()).unwrap()));
    json(Some(&Value::Object(members)))
}

/// Upstream's certificate signing request `approval` and `status` strategies fill in each
/// condition's `lastUpdateTime` and `lastTransitionTime` (`populateConditionTimestamps`), and
/// `status` keeps the stored `Approved` condition whatever the write says of it
/// (`preserveConditionInstances`).
#[tokio::test]
async fn certificate_request_conditions_get_timestamps() {
    let server = start().await;
    let mut request = Vec::new();
    kapi_machinery::base64::encode_into(crate::csr_support::CSR_PEM.as_bytes(), &mut request);
    let request = String::from_utf8(request).unwrap();
    let body = format!(
        r#"{{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest","metadata":{{"name":"c"}},
        "spec":{{"request":"{request}","signerName":"example.com/signer","usages":["client auth"]}}}}"#
    );
    let (status, created) = send(&server, Method::POST, CSRS, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));

    let approve = with_status(&created, r#"{"conditions":[{"type":"Approved","status":"True","reason":"R"}]}"#);
    let (status, approved) = send(&server, Method::PUT, &format!("{CSRS}/c/approval"), &approve).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&approved)));
    let stamp = text(&approved, &["status", "conditions", "0", "lastUpdateTime"]).to_owned();
    assert!(Time::parse_rfc3339(&stamp).is_ok(), "{}", json(Some(&approved)));
    let approved_condition = format!(
        r#"{{"type":"Approved","status":"True","reason":"R","lastUpdateTime":"{stamp}","lastTransitionTime":"{stamp}"}}"#
    );
    assert_eq!(json(at(&approved, &["status", "conditions"])), format!("[{approved_condition}]"));

    // A status write that rewrites the approval and adds a failure: the approval stays as
    // stored, the failure is dated.
    let rewrite = with_status(
        &approved,
        r#"{"conditions":[{"type":"Approved","status":"True","reason":"Changed"},{"type":"Failed","status":"True","reason":"F"}]}"#,
    );
    let (status, written) = send(&server, Method::PUT, &format!("{CSRS}/c/status"), &rewrite).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&written)));
    let failed_at = text(&written, &["status", "conditions", "1", "lastUpdateTime"]).to_owned();
    assert!(Time::parse_rfc3339(&failed_at).is_ok(), "{}", json(Some(&written)));
    assert_eq!(
        json(at(&written, &["status", "conditions"])),
        format!(
            r#"[{approved_condition},{{"type":"Failed","status":"True","reason":"F","lastUpdateTime":"{failed_at}","lastTransitionTime":"{failed_at}"}}]"#
        )
    );
}

const CLAIMS: &str = "/api/v1/namespaces/default/persistentvolumeclaims";

fn claim(name: &str, sources: &str) -> String {
    format!(
        r#"{{"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{{"name":"{name}"}},
        "spec":{{"accessModes":["ReadWriteOnce"],"resources":{{"requests":{{"storage":"1Gi"}}}},{sources}}}}}"#
    )
}

/// Upstream's claim strategy drops a `dataSource` that is neither a claim nor a volume snapshot
/// when no `dataSourceRef` is asked for (`EnforceDataSourceBackwardsCompatibility`), then fills
/// whichever of the two is missing from the other (`NormalizeDataSources`).
#[tokio::test]
async fn a_claims_data_sources_fill_each_other_in() {
    let server = start().await;
    let sources = |v: &Value| (json(at(v, &["spec", "dataSource"])), json(at(v, &["spec", "dataSourceRef"])));
    let snapshot = r#"{"apiGroup":"snapshot.storage.k8s.io","kind":"VolumeSnapshot","name":"snap"}"#;
    let (status, created) =
        send(&server, Method::POST, CLAIMS, &claim("from-source", &format!(r#""dataSource":{snapshot}"#))).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(sources(&created), (snapshot.to_owned(), snapshot.to_owned()));

    let populator = r#"{"apiGroup":"example.com","kind":"Populator","name":"p"}"#;
    let (status, created) =
        send(&server, Method::POST, CLAIMS, &claim("from-ref", &format!(r#""dataSourceRef":{populator}"#))).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(sources(&created), (populator.to_owned(), populator.to_owned()));

    // An unknown kind through `dataSource` alone: dropped, as older servers ignored it.
    let (status, created) =
        send(&server, Method::POST, CLAIMS, &claim("unknown", &format!(r#""dataSource":{populator}"#))).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(sources(&created), (String::new(), String::new()));
}

/// Upstream's pod status strategy keeps the stored `observedGeneration`s a status write leaves
/// unset (`preserveOldObservedGeneration`), the pod's and each condition's by type.
#[tokio::test]
async fn a_pod_status_write_keeps_unset_observed_generations() {
    let server = start().await;
    let body = r#"{"apiVersion":"v1","kind":"Pod","metadata":{"name":"og"},"spec":{"containers":[{"name":"c","image":"busybox"}]}}"#;
    let (status, created) = send(&server, Method::POST, PODS, body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let observed = with_status(
        &created,
        r#"{"phase":"Pending","qosClass":"BestEffort","observedGeneration":1,
            "conditions":[{"type":"Ready","status":"False","observedGeneration":1}]}"#,
    );
    let (status, written) = send(&server, Method::PUT, &format!("{PODS}/og/status"), &observed).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&written)));
    let unset = with_status(
        &written,
        r#"{"phase":"Pending","qosClass":"BestEffort","conditions":[{"type":"Ready","status":"True"}]}"#,
    );
    let (status, kept) = send(&server, Method::PUT, &format!("{PODS}/og/status"), &unset).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&kept)));
    assert_eq!(
        json(at(&kept, &["status"])),
        r#"{"observedGeneration":1,"phase":"Pending","conditions":[{"type":"Ready","observedGeneration":1,"status":"True","lastProbeTime":null,"lastTransitionTime":null}],"qosClass":"BestEffort"}"#
    );
}

const NODES: &str = "/api/v1/nodes";
const CONFIG_SOURCE: &str =
    r#"{"configMap":{"namespace":"kube-system","name":"kubelet","kubeletConfigKey":"kubelet"}}"#;

/// Upstream's node strategies drop the removed dynamic kubelet configuration: a new node's
/// `spec.configSource` and `status.config` (the rest of the status it is created with stays),
/// and on update and status writes each unless the stored node has it.
#[tokio::test]
async fn a_nodes_kubelet_configuration_is_dropped() {
    let server = start().await;
    let body = format!(
        r#"{{"apiVersion":"v1","kind":"Node","metadata":{{"name":"n1"}},"spec":{{"configSource":{CONFIG_SOURCE}}},
        "status":{{"phase":"Running","config":{{"error":"e"}}}}}}"#
    );
    let (status, created) = send(&server, Method::POST, NODES, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(json(at(&created, &["spec"])), "{}");
    assert_eq!(
        json(at(&created, &["status"])),
        r#"{"phase":"Running","daemonEndpoints":{"kubeletEndpoint":{"Port":0}},"nodeInfo":{"machineID":"","systemUUID":"","bootID":"","kernelVersion":"","osImage":"","containerRuntimeVersion":"","kubeletVersion":"","kubeProxyVersion":"","operatingSystem":"","architecture":""}}"#
    );

    let mut spec = json(Some(&created));
    spec = spec.replace(r#""spec":{}"#, &format!(r#""spec":{{"unschedulable":true,"configSource":{CONFIG_SOURCE}}}"#));
    let (status, updated) = send(&server, Method::PUT, &format!("{NODES}/n1"), &spec).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(json(at(&updated, &["spec"])), r#"{"unschedulable":true}"#);

    let configured = with_status(&updated, r#"{"phase":"Running","config":{"error":"e"}}"#);
    let (status, written) = send(&server, Method::PUT, &format!("{NODES}/n1/status"), &configured).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&written)));
    assert_eq!(at(&written, &["status", "config"]), None, "{}", json(Some(&written)));
    assert_eq!(text(&written, &["status", "phase"]), "Running");
}

const SERVICES: &str = "/api/v1/namespaces/default/services";

/// Upstream's service strategy (`dropTypeDependentFields`) clears `status.loadBalancer` when an
/// update makes the service anything but a `LoadBalancer`.
#[tokio::test]
async fn a_service_that_stops_balancing_loses_its_load_balancer_status() {
    let server = start().await;
    let body = r#"{"apiVersion":"v1","kind":"Service","metadata":{"name":"lb"},
        "spec":{"type":"LoadBalancer","selector":{"app":"web"},"ports":[{"port":80}]}}"#;
    let (status, created) = send(&server, Method::POST, SERVICES, body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let balanced = with_status(&created, r#"{"loadBalancer":{"ingress":[{"ip":"192.0.2.10"}]}}"#);
    let (status, written) = send(&server, Method::PUT, &format!("{SERVICES}/lb/status"), &balanced).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&written)));
    assert_eq!(text(&written, &["status", "loadBalancer", "ingress", "0", "ip"]), "192.0.2.10");

    let relabelled = json(Some(&written)).replace(r#""app":"web""#, r#""app":"web2""#);
    let (status, kept) = send(&server, Method::PUT, &format!("{SERVICES}/lb"), &relabelled).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&kept)));
    assert_eq!(text(&kept, &["status", "loadBalancer", "ingress", "0", "ip"]), "192.0.2.10");

    let retyped = json(Some(&kept)).replace(r#""type":"LoadBalancer""#, r#""type":"ClusterIP""#);
    let (status, updated) = send(&server, Method::PUT, &format!("{SERVICES}/lb"), &retyped).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(json(at(&updated, &["status"])), r#"{"loadBalancer":{}}"#);
}

const POD_TEMPLATES: &str = "/api/v1/namespaces/default/podtemplates";

/// Upstream's pod template strategy sets `metadata.generation` to 1 on create and adds one when
/// an update changes `template` (a label change does not).
#[tokio::test]
async fn a_pod_templates_generation_follows_its_template() {
    let server = start().await;
    let body = r#"{"apiVersion":"v1","kind":"PodTemplate","metadata":{"name":"t","generation":7},
        "template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"busybox"}]}}}"#;
    let (status, created) = send(&server, Method::POST, POD_TEMPLATES, body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(json(at(&created, &["metadata", "generation"])), "1");

    let relabelled = json(Some(&created)).replace(r#""name":"t","#, r#""name":"t","labels":{"team":"a"},"#);
    let (status, same) = send(&server, Method::PUT, &format!("{POD_TEMPLATES}/t"), &relabelled).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&same)));
    assert_eq!(json(at(&same, &["metadata", "labels"])), r#"{"team":"a"}"#);
    assert_eq!(json(at(&same, &["metadata", "generation"])), "1");

    let reimaged = json(Some(&same)).replace(r#""image":"busybox""#, r#""image":"nginx""#);
    let (status, bumped) = send(&server, Method::PUT, &format!("{POD_TEMPLATES}/t"), &reimaged).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&bumped)));
    assert_eq!(json(at(&bumped, &["metadata", "generation"])), "2");
}

const CSI_DRIVERS: &str = "/apis/storage.k8s.io/v1/csidrivers";

/// Upstream's CSI driver strategy adds one to `metadata.generation` when an update changes the
/// spec, but its `PrepareForCreate` sets none: a create keeps the generation it was sent.
#[tokio::test]
async fn a_csi_driver_keeps_the_generation_it_is_created_with() {
    let server = start().await;
    let body = r#"{"apiVersion":"storage.k8s.io/v1","kind":"CSIDriver","metadata":{"name":"d.example.com","generation":5},
        "spec":{"storageCapacity":false}}"#;
    let (status, created) = send(&server, Method::POST, CSI_DRIVERS, body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(json(at(&created, &["metadata", "generation"])), "5");

    let relabelled =
        json(Some(&created)).replace(r#""name":"d.example.com","#, r#""name":"d.example.com","labels":{"a":"b"},"#);
    let (status, same) = send(&server, Method::PUT, &format!("{CSI_DRIVERS}/d.example.com"), &relabelled).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&same)));
    assert_eq!(json(at(&same, &["metadata", "generation"])), "5");

    let changed = json(Some(&same)).replace(r#""storageCapacity":false"#, r#""storageCapacity":true"#);
    let (status, bumped) = send(&server, Method::PUT, &format!("{CSI_DRIVERS}/d.example.com"), &changed).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&bumped)));
    assert_eq!(json(at(&bumped, &["metadata", "generation"])), "6");

    // Without one, none is set (a storage class, whose strategy has no generation, alike).
    let body = r#"{"apiVersion":"storage.k8s.io/v1","kind":"CSIDriver","metadata":{"name":"e.example.com"},"spec":{}}"#;
    let (status, created) = send(&server, Method::POST, CSI_DRIVERS, body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(at(&created, &["metadata", "generation"]), None, "{}", json(Some(&created)));
}

const HPAS: &str = "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers";

/// The horizontal pod autoscaler strategy of 1.36 has no generation rule (it came after 1.36,
/// with the `HPAGeneration` gate): a create keeps what it was sent, none when none was, and an
/// update that changes the spec keeps the stored value.
#[tokio::test]
async fn a_horizontal_pod_autoscaler_has_no_generation_rule() {
    let server = start().await;
    let spec = r#""spec":{"minReplicas":1,"maxReplicas":3,"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"}}"#;
    let body = format!(
        r#"{{"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{{"name":"h"}},{spec}}}"#
    );
    let (status, created) = send(&server, Method::POST, HPAS, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(at(&created, &["metadata", "generation"]), None, "{}", json(Some(&created)));

    let changed = json(Some(&created)).replace(r#""maxReplicas":3"#, r#""maxReplicas":4"#);
    let (status, updated) = send(&server, Method::PUT, &format!("{HPAS}/h"), &changed).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(json(at(&updated, &["spec", "maxReplicas"])), "4");
    assert_eq!(at(&updated, &["metadata", "generation"]), None, "{}", json(Some(&updated)));

    let body = format!(
        r#"{{"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler","metadata":{{"name":"g","generation":5}},{spec}}}"#
    );
    let (status, created) = send(&server, Method::POST, HPAS, &body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    assert_eq!(json(at(&created, &["metadata", "generation"])), "5");
    let changed = json(Some(&created)).replace(r#""maxReplicas":3"#, r#""maxReplicas":4"#);
    let (status, updated) = send(&server, Method::PUT, &format!("{HPAS}/g"), &changed).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(json(at(&updated, &["metadata", "generation"])), "5");
}

/// Removes `metadata.resourceVersion` from an object's JSON.
fn without_resource_version(v: &Value) -> String {
    let rv = text(v, &["metadata", "resourceVersion"]);
    json(Some(v)).replace(&format!(r#""resourceVersion":"{rv}","#), "")
}

/// Upstream's store refuses an update without a `resourceVersion` where the strategy's
/// `AllowUnconditionalUpdate` is false (CSI drivers, leases, webhook configurations, custom
/// resource definitions, …), naming the resource where the kind would be; elsewhere it updates
/// the stored object. A PUT that creates needs none.
#[tokio::test]
async fn updates_without_a_resource_version_are_refused_where_the_strategy_says_so() {
    let server = start().await;
    let body = r#"{"apiVersion":"storage.k8s.io/v1","kind":"CSIDriver","metadata":{"name":"d.example.com"},"spec":{}}"#;
    let (status, created) = send(&server, Method::POST, CSI_DRIVERS, body).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let unconditional = without_resource_version(&created);
    assert!(!unconditional.contains("resourceVersion"), "{unconditional}");
    let (status, refused) = send(&server, Method::PUT, &format!("{CSI_DRIVERS}/d.example.com"), &unconditional).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{}", json(Some(&refused)));
    assert_eq!(
        text(&refused, &["message"]),
        r#"csidrivers.storage.k8s.io "d.example.com" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update"#
    );
    assert_eq!(
        json(at(&refused, &["details"])),
        r#"{"name":"d.example.com","group":"storage.k8s.io","kind":"csidrivers","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: 0: must be specified for an update","field":"metadata.resourceVersion"}]}"#
    );

    // A lease may be created by a PUT without one, but not updated.
    let leases = "/apis/coordination.k8s.io/v1/namespaces/default/leases";
    let lease = r#"{"apiVersion":"coordination.k8s.io/v1","kind":"Lease","metadata":{"name":"l"},"spec":{"holderIdentity":"a"}}"#;
    let (status, created) = send(&server, Method::PUT, &format!("{leases}/l"), lease).await;
    assert_eq!(status, StatusCode::CREATED, "{}", json(Some(&created)));
    let (status, refused) = send(&server, Method::PUT, &format!("{leases}/l"), lease).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{}", json(Some(&refused)));
    assert!(text(&refused, &["message"]).starts_with(r#"leases.coordination.k8s.io "l" is invalid"#));
    let (status, updated) = send(&server, Method::PUT, &format!("{leases}/l"), &json(Some(&created))).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));

    // A config map's strategy allows it: the update is made against the stored object.
    let config_maps = "/api/v1/namespaces/default/configmaps";
    let cm = r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"1"}}"#;
    let (status, _) = send(&server, Method::POST, config_maps, cm).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, updated) =
        send(&server, Method::PUT, &format!("{config_maps}/c"), &cm.replace("\"1\"", "\"2\"")).await;
    assert_eq!(status, StatusCode::OK, "{}", json(Some(&updated)));
    assert_eq!(text(&updated, &["data", "a"]), "2");
}

fn app_armor_pod(name: &str, annotation: &str, pod_profile: &str) -> String {
    let annotations = if annotation.is_empty() {
        String::new()
    } else {
        format!(r#","annotations":{{"container.apparmor.security.beta.kubernetes.io/c":"{annotation}"}}"#)
    };
    let context = if pod_profile.is_empty() {
        String::new()
    } else {
        format!(r#","securityContext":{{"appArmorProfile":{pod_profile}}}"#)
    };
    format!(
        r#"{{"apiVersion":"v1","kind":"Pod","metadata":{{"name":"{name}"{annotations}}},
        "spec":{{"containers":[{{"name":"c","image":"busybox"}}],"volumes":[{{"name":"g","gitRepo":{{"repository":"r"}}}}]{context}}}}}"#
    )
}

/// The pod strategy's `applyAppArmorVersionSkew`: an annotated container without a profile of
/// its own gets the annotation's profile, and the deprecation warning comes first, before the
/// strategy's `WarningsOnCreate` ones (a hostname-unfriendly name and a deprecated volume here);
/// a profile set only as a field gets no annotation and no warning; an annotation that differs
/// from the pod's profile, refused before the copy, is now accepted as upstream accepts it.
#[tokio::test]
async fn a_pods_app_armor_annotation_becomes_its_containers_profile() {
    let api = ApiServer::new();
    api.register_builtin();
    let deprecated = r#"299 - "metadata.annotations[container.apparmor.security.beta.kubernetes.io/c]: deprecated since v1.30; use the \"appArmorProfile\" field instead""#;
    let git_repo = r#"299 - "spec.volumes[0].gitRepo: deprecated in v1.11""#;
    let name_advice = r#"299 - "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]""#;

    let answer =
        http_support::call(&api, Method::POST, PODS, "application/json", &app_armor_pod("a.b", "localhost/p", ""))
            .await;
    let created = parse(&answer.body).unwrap();
    assert_eq!(answer.code, 201, "{}", json(Some(&created)));
    assert_eq!(answer.warnings, [deprecated, name_advice, git_repo]);
    assert_eq!(
        json(at(&created, &["spec", "containers", "0", "securityContext"])),
        r#"{"appArmorProfile":{"type":"Localhost","localhostProfile":"p"}}"#
    );

    // A field alone: no annotation added, no warning of it.
    let answer = http_support::call(
        &api,
        Method::POST,
        PODS,
        "application/json",
        &app_armor_pod("f", "", r#"{"type":"Unconfined"}"#),
    )
    .await;
    let created = parse(&answer.body).unwrap();
    assert_eq!(answer.code, 201, "{}", json(Some(&created)));
    assert_eq!(answer.warnings, [git_repo]);
    assert_eq!(at(&created, &["metadata", "annotations"]), None);

    // The annotation overrides the pod's profile for its container: copied, so the annotation
    // and the container's profile agree.
    let body = app_armor_pod("o", "unconfined", r#"{"type":"RuntimeDefault"}"#);
    let answer = http_support::call(&api, Method::POST, PODS, "application/json", &body).await;
    let created = parse(&answer.body).unwrap();
    assert_eq!(answer.code, 201, "{}", json(Some(&created)));
    assert_eq!(answer.warnings, [deprecated, git_repo]);
    assert_eq!(
        json(at(&created, &["spec", "containers", "0", "securityContext"])),
        r#"{"appArmorProfile":{"type":"Unconfined"}}"#
    );

    // One equal to the pod's profile: neither copied nor warned about.
    let body = app_armor_pod("m", "runtime/default", r#"{"type":"RuntimeDefault"}"#);
    let answer = http_support::call(&api, Method::POST, PODS, "application/json", &body).await;
    let created = parse(&answer.body).unwrap();
    assert_eq!(answer.code, 201, "{}", json(Some(&created)));
    assert_eq!(answer.warnings, [git_repo]);
    assert_eq!(at(&created, &["spec", "containers", "0", "securityContext"]), None);
}

/// The deprecation warning is the strategy's, given before validation: a pod refused by its
/// validation, or by a validating admission policy, still carries it (upstream records warnings
/// in the request's context), and only it (`WarningsOnCreate` runs on a valid pod only).
#[tokio::test]
async fn a_refused_pod_still_carries_its_app_armor_warning() {
    let api = ApiServer::new();
    api.register_builtin();
    api.create_namespace("default").unwrap();
    let deprecated = r#"299 - "metadata.annotations[container.apparmor.security.beta.kubernetes.io/c]: deprecated since v1.30; use the \"appArmorProfile\" field instead""#;
    let no_image = app_armor_pod("p", "localhost/p", "").replace(r#""image":"busybox""#, r#""image":"""#);
    let answer = http_support::call(&api, Method::POST, PODS, "application/json", &no_image).await;
    assert_eq!(answer.code, 422, "{}", String::from_utf8_lossy(&answer.body));
    assert_eq!(answer.warnings, [deprecated]);

    let policy = r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicy",
        "metadata":{"name":"no-pods"},"spec":{
        "matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["pods"]}]},
        "validations":[{"expression":"false","message":"no pods"}]}}"#;
    let path = "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies";
    assert_eq!(http_support::call(&api, Method::POST, path, "application/json", policy).await.code, 201);
    let binding = r#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingAdmissionPolicyBinding",
        "metadata":{"name":"no-pods"},"spec":{"policyName":"no-pods","validationActions":["Deny"]}}"#;
    let path = "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings";
    assert_eq!(http_support::call(&api, Method::POST, path, "application/json", binding).await.code, 201);
    let answer =
        http_support::call(&api, Method::POST, PODS, "application/json", &app_armor_pod("q", "localhost/p", "")).await;
    assert_eq!(answer.code, 422, "{}", String::from_utf8_lossy(&answer.body));
    assert!(String::from_utf8_lossy(&answer.body).contains("denied request: no pods"));
    assert_eq!(answer.warnings, [deprecated]);
}
