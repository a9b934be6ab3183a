//! kubectl's write commands against every resource the test server serves, in every version (and a custom resource): `patch` (merge, JSON and, for built-in kinds, strategic), client-side `apply`, `apply --server-side` (a conflict between managers, then `--force-conflicts`), `scale` and `patch --subresource=status` where discovery lists them, and `get --watch-only` on a sample of one namespaced and one cluster-scoped resource per group (a watch per resource would double the test's time). All failures are collected, so one run shows them all.

use crate::kubectl_support;

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use kapi_machinery::json::value::{self, Value};
use kapi_testing::{ApiServer, TestServer};
use kubectl_support::every::{Kubectl, NS, Served, at, base_id, discover, object, trust_bundle, write_dir};
use kubectl_support::kubectl_binary;

/// A custom resource with `status` and `scale`, so custom objects go through the same commands
/// (and strategic merge is refused for them, as upstream refuses it).
const GADGET_CRD: &str = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"gadgets.kapi.example.com"},"spec":{"group":"kapi.example.com","scope":"Namespaced","names":{"plural":"gadgets","singular":"gadget","kind":"Gadget","listKind":"GadgetList"},"versions":[{"name":"v1","served":true,"storage":true,"subresources":{"status":{},"scale":{"specReplicasPath":".spec.replicas","statusReplicasPath":".status.replicas"}},"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":{"type":"object","properties":{"replicas":{"type":"integer"},"color":{"type":"string"}}},"status":{"type":"object","properties":{"replicas":{"type":"integer"},"conditions":{"type":"array","items":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}}}}}}]}}"#;

/// The group of the custom resource.
const CUSTOM_GROUP: &str = "kapi.example.com";

const MERGE_PATCH: &str = r#"{"metadata":{"labels":{"kapi.example.com/merge":"yes"}}}"#;
const JSON_PATCH: &str = r#"[{"op":"add","path":"/metadata/annotations","value":{"kapi.example.com/json":"yes"}}]"#;
/// Added to the annotations the JSON patch made, which a strategic merge keeps.
const STRATEGIC_PATCH: &str = r#"{"metadata":{"annotations":{"kapi.example.com/strategic":"yes"}}}"#;

/// What `patch --subresource=status` writes: a condition, for the kinds whose status has
/// conditions; the others' own fields are in [`STATUS_PATCHES`].
const CONDITION: &str = r#"{"conditions":[{"type":"KapiTested","status":"True","lastTransitionTime":"2024-01-01T00:00:00Z","reason":"Tested","message":"written through status"}]}"#;

const LOAD_BALANCER: &str = r#"{"loadBalancer":{"ingress":[{"ip":"10.0.0.1"}]}}"#;

/// The status written to kinds whose status has no conditions (group, kind, status).
const STATUS_PATCHES: &[(&str, &str, &str)] = &[
    ("", "PersistentVolume", r#"{"message":"written through status"}"#),
    // The quota controller recounts `used`, as on a cluster; `hard` it copies from the spec.
    ("", "ResourceQuota", r#"{"hard":{"pods":"10"}}"#),
    ("autoscaling", "HorizontalPodAutoscaler", r#"{"currentReplicas":2,"desiredReplicas":2}"#),
    ("batch", "CronJob", r#"{"lastScheduleTime":"2024-01-01T00:00:00Z"}"#),
    ("networking.k8s.io", "Ingress", LOAD_BALANCER),
    ("extensions", "Ingress", LOAD_BALANCER),
    ("storage.k8s.io", "VolumeAttachment", r#"{"attached":true}"#),
    (
        "storage.k8s.io",
        "CSINode",
        r#"{"storageHealth":[{"name":"csi.example.com","healthConditions":[{"status":"StorageDegraded","reason":"Tested","message":"written through status"}]}]}"#,
    ),
    (
        "storagemigration.k8s.io",
        "StorageVersionMigration",
        r#"{"resourceVersion":"1","conditions":[{"type":"KapiTested","status":"True","lastTransitionTime":"2024-01-01T00:00:00Z","reason":"Tested","message":"written through status"}]}"#,
    ),
    // Upstream allows only its own condition types (`Issued`, `Denied`, `Failed`); a denial
    // carries nothing else.
    (
        "certificates.k8s.io",
        "PodCertificateRequest",
        r#"{"conditions":[{"type":"Denied","status":"True","lastTransitionTime":"2024-01-01T00:00:00Z","reason":"Tested","message":"written through status"}]}"#,
    ),
    // The request's declarative rules require a pool count once a status is written.
    (
        "resource.k8s.io",
        "ResourcePoolStatusRequest",
        r#"{"poolCount":0,"conditions":[{"type":"KapiTested","status":"True","lastTransitionTime":"2024-01-01T00:00:00Z","reason":"Tested","message":"written through status"}]}"#,
    ),
    (
        "resource.k8s.io",
        "ResourceClaim",
        r#"{"allocation":{"devices":{"results":[{"request":"gpu","driver":"gpu.example.com","pool":"p","device":"d0"}]}}}"#,
    ),
];

/// One object the test writes: its resource, name and JSON document.
struct Obj<'a> {
    r: &'a Served,
    name: String,
    doc: String,
}

impl Obj<'_> {
    /// The document with `labels` in its metadata.
    fn labelled(&self, labels: &[(&str, &str)]) -> String {
        let members: Vec<String> = labels.iter().map(|(k, v)| format!(r#""{k}":"{v}""#)).collect();
        self.doc.replacen(r#""metadata":{"#, &format!(r#""metadata":{{"labels":{{{}}},"#, members.join(",")), 1)
    }
}

/// An object of a resource: `suffix` tells the objects of one resource apart, and `{seq}`
/// counts per kind, as the kinds that use it (addresses, ranges) must differ across versions
/// and objects.
fn make<'a>(seq_of: &mut BTreeMap<(String, String), usize>, r: &'a Served, suffix: &str, bundle: &str) -> Obj<'a> {
    let seq = seq_of.entry((r.group.clone(), r.kind.clone())).or_default();
    *seq += 1;
    let id = format!("{}{suffix}", base_id(r));
    let (name, doc) = object(r, &id, *seq, bundle);
    Obj { r, name, doc }
}

fn is_custom(r: &Served) -> bool {
    r.group == CUSTOM_GROUP
}

/// The documents, one a line, as kubectl reads a stream of them.
fn stream(docs: &[(&Obj<'_>, String)]) -> String {
    docs.iter().map(|(_, doc)| format!("{doc}\n")).collect()
}

/// Runs `args` over every object at once, their documents on stdin, and checks that kubectl
/// reported `<kind>.<group>/<name> <reported>` for each; an object it did not report is run
/// alone, so its failure names it.
async fn batch(k: &mut Kubectl, objects: &[(&Obj<'_>, String)], args: &[&str], reported: &str) {
    if objects.is_empty() {
        return;
    }
    let (_, out, _) = k.status(args, Some(&stream(objects))).await;
    for (o, doc) in objects {
        let line = format!("{} {reported}", o.r.printed(&o.name));
        if out.lines().any(|l| l == line) {
            continue;
        }
        let (ok, alone, stderr) = k.status(args, Some(doc)).await;
        let detail = if ok && alone.lines().any(|l| l == line) {
            format!("reported alone, not among all objects:\n{out}")
        } else {
            format!("want {line:?}, printed {alone}{stderr}")
        };
        k.fail(&o.r.label(), args, &detail);
    }
}

/// Whether kubectl's apply error names the label `key` as a conflict with `alpha`: alone
/// (`Apply failed with 1 conflict: conflict with "alpha": <path>`) or in a list after
/// `conflicts with "alpha":`. More conflicts than the label are upstream's too: a field owned
/// whole (an atomic list or struct) that the server defaulted differs from the applied one.
fn names_conflict(stderr: &str, key: &str) -> bool {
    let path = format!(".metadata.labels.{key}");
    let mut header = "";
    for line in stderr.lines() {
        if line.ends_with(&format!(r#"conflict with "alpha": {path}"#)) {
            return true;
        }
        if line.contains("conflicts with") {
            header = line;
        }
        if line == format!("- {path}") && header.ends_with(r#"conflicts with "alpha":"#) {
            return true;
        }
    }
    false
}

/// Every object as the server has it, read in its version by one `kubectl get -f - -o json`.
async fn read(k: &mut Kubectl, objects: &[&Obj<'_>]) -> Vec<Value> {
    let all: String = objects.iter().map(|o| format!("{}\n", o.doc)).collect();
    let args = ["get", "-f", "-", "-o", "json", "--show-managed-fields"];
    let (_, out, stderr) = k.status(&args, Some(&all)).await;
    match value::parse(out.as_bytes()) {
        Ok(v) => match v.get("items") {
            Some(Value::Array(items)) => items.clone(),
            _ => vec![v],
        },
        Err(e) => {
            k.fail("every object", &args, &format!("not JSON: {e}\n{stderr}"));
            Vec::new()
        }
    }
}

/// The object among `items` (a failure when it is missing).
fn find<'v>(k: &mut Kubectl, items: &'v [Value], o: &Obj<'_>) -> Option<&'v Value> {
    let found = items.iter().find(|v| {
        at(v, &["apiVersion"]) == Some(o.r.api_version())
            && at(v, &["kind"]).as_deref() == Some(o.r.kind.as_str())
            && at(v, &["metadata", "name"]).as_ref() == Some(&o.name)
    });
    if found.is_none() {
        k.failures.push(format!("{}: {} is missing from `kubectl get -f - -o json`", o.r.label(), o.name));
    }
    found
}

/// Checks a member of an object read back: `what` describes it in the failure.
fn expect(k: &mut Kubectl, o: &Obj<'_>, v: &Value, path: &[&str], want: Option<&str>, what: &str) {
    let got = at(v, path);
    if got.as_deref() != want {
        k.failures.push(format!("{}: {} {what}: {} is {got:?}, want {want:?}", o.r.label(), o.name, path.join(".")));
    }
}

/// Whether `have` holds everything `want` does: every member of an object (more may be there),
/// every item of an array in some item (the server keeps conditions of its own, as upstream's
/// controllers do), scalars equal.
fn holds(have: &Value, want: &Value) -> bool {
    match (have, want) {
        (Value::Object(_), Value::Object(w)) => w.iter().all(|(key, w)| have.get(key).is_some_and(|h| holds(h, w))),
        (Value::Array(h), Value::Array(w)) => w.iter().all(|w| h.iter().any(|h| holds(h, w))),
        _ => have.to_compact_vec() == want.to_compact_vec(),
    }
}

/// A merge patch that changes one leaf of `v` (numbers and booleans first, then strings), or
/// `None` if it has none. An item of an array changes inside a copy of the whole array, as a
/// merge patch replaces arrays.
fn patch_changing(v: &Value, strings: bool) -> Option<Value> {
    match v {
        Value::Object(members) => members
            .iter()
            .find_map(|(key, child)| patch_changing(child, strings).map(|p| Value::Object(vec![(key.clone(), p)]))),
        _ => changed(v, strings),
    }
}

/// `v` with one leaf changed (see [`patch_changing`]).
fn changed(v: &Value, strings: bool) -> Option<Value> {
    match v {
        Value::Number(n) => n.parse::<i64>().ok().map(|n| Value::Number((n + 1).to_string())),
        Value::Bool(b) => Some(Value::Bool(!b)),
        // A digit moves on (quantities, addresses and times keep their form), else a letter
        // is appended.
        Value::String(s) if strings => Some(Value::String(match s.find(|c: char| c.is_ascii_digit()) {
            Some(i) => {
                let d = s.as_bytes()[i] - b'0';
                format!("{}{}{}", &s[..i], (d + 1) % 10, &s[i + 1..])
            }
            None => format!("{s}x"),
        })),
        Value::Object(members) => members.iter().enumerate().find_map(|(i, (key, child))| {
            let child = changed(child, strings)?;
            let mut members = members.clone();
            members[i] = (key.clone(), child);
            Some(Value::Object(members))
        }),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
            let item = changed(item, strings)?;
            let mut items = items.clone();
            items[i] = item;
            Some(Value::Array(items))
        }),
        _ => None,
    }
}

/// The merge patch `patch --subresource=status` sends for an object: its kind's status and,
/// where the object has a spec (as the server holds it, defaults included), a change to it
/// that the server must ignore. Whether there is a spec change is returned too.
fn status_patch(o: &Obj<'_>, live: Option<&Value>) -> (Value, String, bool) {
    let status = STATUS_PATCHES
        .iter()
        .find(|(group, kind, _)| *group == o.r.group && *kind == o.r.kind)
        .map_or(CONDITION, |p| p.2);
    let status = value::parse(status.as_bytes()).expect("the status patches are JSON");
    let spec = live.and_then(|v| v.get("spec"));
    let spec = spec.and_then(|s| patch_changing(s, false).or_else(|| patch_changing(s, true)));
    let changes_spec = spec.is_some();
    let mut members = vec![("status".to_owned(), status.clone())];
    members.extend(spec.map(|s| ("spec".to_owned(), s)));
    (status, String::from_utf8_lossy(&Value::Object(members).to_compact_vec()).into_owned(), changes_spec)
}

/// Every object through kubectl's write commands. Runs when `kubectl` is on the PATH (or
/// `KUBECTL` names it).
#[tokio::test]
async fn kubectl_write_commands_work_for_every_resource() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let started = Instant::now();
    let api = Arc::new(ApiServer::serving_everything());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = write_dir("every-writes");
    let kubeconfig = dir.join("kubeconfig");
    std::fs::write(&kubeconfig, kapi_testing::kubeconfig(server.url())).unwrap();
    let mut k = Kubectl { bin, kubeconfig, failures: Vec::new(), spent: BTreeMap::new() };
    let bundle = trust_bundle();

    k.run("setup", &["create", "-f", "-"], Some(GADGET_CRD)).await;
    k.run("setup", &["create", "namespace", NS], None).await;
    let served = discover(&mut k).await;
    assert!(served.len() > 150, "discovery lists {} resources", served.len());
    let crud: Vec<&Served> =
        served.iter().filter(|r| r.supports(&["create", "get", "list", "patch", "delete"])).collect();
    if !crud.iter().any(|r| r.group == CUSTOM_GROUP) {
        k.failures.push(format!("discovery lists no {CUSTOM_GROUP} gadgets"));
    }

    // Three objects per resource: one patched (and written through its status), one applied
    // client-side (and scaled), one applied server-side.
    let mut seq_of = BTreeMap::new();
    let patched: Vec<Obj> = crud.iter().map(|r| make(&mut seq_of, r, "", &bundle)).collect();
    let applied: Vec<Obj> = crud.iter().map(|r| make(&mut seq_of, r, "-apply", &bundle)).collect();
    let ssa: Vec<Obj> = crud.iter().map(|r| make(&mut seq_of, r, "-ssa", &bundle)).collect();

    // `patch` with each type, on objects `create` made.
    let docs: Vec<(&Obj, String)> = patched.iter().map(|o| (o, o.doc.clone())).collect();
    batch(&mut k, &docs, &["create", "-f", "-"], "created").await;
    batch(&mut k, &docs, &["patch", "-f", "-", "--type", "merge", "-p", MERGE_PATCH], "patched").await;
    batch(&mut k, &docs, &["patch", "-f", "-", "--type", "json", "-p", JSON_PATCH], "patched").await;
    let (custom_docs, builtin_docs): (Vec<_>, Vec<_>) = docs.iter().cloned().partition(|(o, _)| is_custom(o.r));
    batch(&mut k, &builtin_docs, &["patch", "-f", "-", "--type", "strategic", "-p", STRATEGIC_PATCH], "patched").await;
    for (o, doc) in &custom_docs {
        let args = ["patch", "-f", "-", "--type", "strategic", "-p", STRATEGIC_PATCH];
        let (ok, out, stderr) = k.status(&args, Some(doc)).await;
        // kubectl turns the server's `415 UnsupportedMediaType` into this line.
        let refused = format!(
            "error: application/strategic-merge-patch+json is not supported by {}, Kind={}: the body of the request was in an unknown format",
            o.r.api_version(),
            o.r.kind
        );
        if ok || !stderr.contains(&refused) {
            k.fail(&o.r.label(), &args, &format!("not refused as unsupported: {out}{stderr}"));
        }
    }
    let before = read(&mut k, &patched.iter().collect::<Vec<_>>()).await;
    for o in &patched {
        let Some(v) = find(&mut k, &before, o) else { continue };
        expect(&mut k, o, v, &["metadata", "labels", "kapi.example.com/merge"], Some("yes"), "after the merge patch");
        expect(
            &mut k,
            o,
            v,
            &["metadata", "annotations", "kapi.example.com/json"],
            Some("yes"),
            "after the JSON patch",
        );
        let strategic = (!is_custom(o.r)).then_some("yes");
        let what = "after the strategic patch";
        expect(&mut k, o, v, &["metadata", "annotations", "kapi.example.com/strategic"], strategic, what);
    }

    // The status subresource: one `patch` per distinct body, the status stored, the spec not.
    let mut by_body: BTreeMap<String, Vec<(&Obj, String)>> = BTreeMap::new();
    let mut statuses = Vec::new();
    let mut spec_changes = 0;
    for o in patched.iter().filter(|o| o.r.has_subresource("status", &["get", "patch"])) {
        let live = before.iter().find(|v| {
            at(v, &["apiVersion"]) == Some(o.r.api_version()) && at(v, &["metadata", "name"]).as_ref() == Some(&o.name)
        });
        let (status, body, changes_spec) = status_patch(o, live);
        spec_changes += usize::from(changes_spec);
        by_body.entry(body).or_default().push((o, o.doc.clone()));
        statuses.push((o, status));
    }
    for (body, docs) in &by_body {
        batch(&mut k, docs, &["patch", "-f", "-", "--subresource=status", "--type", "merge", "-p", body], "patched")
            .await;
    }

    // Client-side `apply`: created, then configured with a label changed; then `scale`.
    let docs: Vec<(&Obj, String)> =
        applied.iter().map(|o| (o, o.labelled(&[("kapi.example.com/applied", "one")]))).collect();
    batch(&mut k, &docs, &["apply", "-f", "-"], "created").await;
    let docs: Vec<(&Obj, String)> =
        applied.iter().map(|o| (o, o.labelled(&[("kapi.example.com/applied", "two")]))).collect();
    batch(&mut k, &docs, &["apply", "-f", "-"], "configured").await;
    let scalable: Vec<(&Obj, String)> =
        docs.iter().filter(|(o, _)| o.r.has_subresource("scale", &["get", "patch"])).cloned().collect();
    batch(&mut k, &scalable, &["scale", "-f", "-", "--replicas=3"], "scaled").await;
    let scaled = scalable.len();

    // Server-side apply by `alpha`, then `beta` setting the same label: a conflict that names
    // the field (a label key per object, so each object's conflict is told apart) and `alpha`,
    // then `--force-conflicts`.
    let key = |i: usize| format!("kapi.example.com/ssa-{i}");
    let keys: Vec<String> = (0..ssa.len()).map(key).collect();
    let docs: Vec<(&Obj, String)> =
        ssa.iter().zip(&keys).map(|(o, key)| (o, o.labelled(&[(key.as_str(), "alpha")]))).collect();
    let apply = ["apply", "--server-side", "-f", "-"];
    batch(&mut k, &docs, &[&apply[..], &["--field-manager=alpha"]].concat(), "serverside-applied").await;
    let docs: Vec<(&Obj, String)> =
        ssa.iter().zip(&keys).map(|(o, key)| (o, o.labelled(&[(key.as_str(), "beta")]))).collect();
    let beta = [&apply[..], &["--field-manager=beta"]].concat();
    let (ok, _, stderr) = k.status(&beta, Some(&stream(&docs))).await;
    if ok {
        k.fail("every object", &beta, "a second manager changed the first one's label without a conflict");
    }
    for ((o, doc), key) in docs.iter().zip(&keys) {
        if !names_conflict(&stderr, key) {
            let conflict = format!(r#"conflict with "alpha": .metadata.labels.{key}"#);
            let (_, out, alone) = k.status(&beta, Some(doc)).await;
            k.fail(&o.r.label(), &beta, &format!("want {conflict:?}, alone: {out}{alone}"));
        }
    }
    batch(&mut k, &docs, &[&beta[..], &["--force-conflicts"]].concat(), "serverside-applied").await;

    // What the server holds now.
    let all: Vec<&Obj> = patched.iter().chain(&applied).chain(&ssa).collect();
    let after = read(&mut k, &all).await;
    for (o, status) in &statuses {
        let Some(v) = find(&mut k, &after, o) else { continue };
        if !v.get("status").is_some_and(|s| holds(s, status)) {
            let wrote = String::from_utf8_lossy(&status.to_compact_vec()).into_owned();
            k.failures.push(format!(
                "{}: {}: status {:?} after writing {wrote}",
                o.r.label(),
                o.name,
                at(v, &["status"])
            ));
        }
        let Some(was) = find(&mut k, &before, o) else { continue };
        if at(v, &["spec"]) != at(was, &["spec"]) {
            k.failures.push(format!(
                "{}: {}: the spec changed through status: {:?}, was {:?}",
                o.r.label(),
                o.name,
                at(v, &["spec"]),
                at(was, &["spec"])
            ));
        }
    }
    for o in &applied {
        let Some(v) = find(&mut k, &after, o) else { continue };
        expect(&mut k, o, v, &["metadata", "labels", "kapi.example.com/applied"], Some("two"), "after apply");
        let last = at(v, &["metadata", "annotations", "kubectl.kubernetes.io/last-applied-configuration"]);
        if !last.as_ref().is_some_and(|l| l.contains(r#""kapi.example.com/applied":"two""#)) {
            k.failures.push(format!("{}: {}: last-applied-configuration is {last:?}", o.r.label(), o.name));
        }
        if o.r.has_subresource("scale", &["get", "patch"]) {
            expect(&mut k, o, v, &["spec", "replicas"], Some("3"), "after scale");
        }
    }
    for (o, key) in ssa.iter().zip(&keys) {
        let Some(v) = find(&mut k, &after, o) else { continue };
        expect(&mut k, o, v, &["metadata", "labels", key.as_str()], Some("beta"), "after the forced apply");
        let owners: Vec<String> = match v.get("metadata").and_then(|m| m.get("managedFields")) {
            Some(Value::Array(entries)) => entries
                .iter()
                .filter(|e| {
                    e.get("fieldsV1")
                        .and_then(|f| f.get("f:metadata"))
                        .and_then(|m| m.get("f:labels"))
                        .is_some_and(|l| l.get(&format!("f:{key}")).is_some())
                })
                .filter_map(|e| at(e, &["manager"]))
                .collect(),
            _ => Vec::new(),
        };
        if owners != ["beta"] {
            k.failures.push(format!("{}: {}: {key} is owned by {owners:?}, want beta alone", o.r.label(), o.name));
        }
    }

    watch_sample(&mut k, &api, &patched).await;

    eprintln!(
        "{} resources ({} custom), {} written through status ({spec_changes} with a spec change), {} scaled, {:.1?}",
        crud.len(),
        crud.iter().filter(|r| is_custom(r)).count(),
        statuses.len(),
        scaled,
        started.elapsed()
    );
    for (command, (n, spent)) in &k.spent {
        eprintln!("  kubectl {command}: {n} runs, {spent:.1?}");
    }
    std::fs::remove_dir_all(&dir).ok();
    drop(server);
    assert!(k.failures.is_empty(), "{} failures:\n{}", k.failures.len(), k.failures.join("\n\n"));
}

/// `kubectl get <resource> <name> --watch-only --show-labels`, for one namespaced and one
/// cluster-scoped resource of every group at once: each must print the object's row with a
/// label `kubectl label` adds once every watch is open.
async fn watch_sample(k: &mut Kubectl, api: &ApiServer, objects: &[Obj<'_>]) {
    let mut sample: Vec<&Obj> = Vec::new();
    for o in objects {
        if !sample.iter().any(|s| s.r.group == o.r.group && s.r.namespaced == o.r.namespaced) {
            sample.push(o);
        }
    }
    let (tx, rx) = std::sync::mpsc::channel::<(usize, String)>();
    let mut children = Vec::new();
    for (i, o) in sample.iter().enumerate() {
        let arg = o.r.arg();
        // Wide, as events show their name only there.
        let mut args = vec![
            "get",
            arg.as_str(),
            o.name.as_str(),
            "--watch-only",
            "--show-labels",
            "-o",
            "wide",
            "--request-timeout=60s",
        ];
        args.extend(o.r.namespace_args());
        let cache = k.kubeconfig.parent().expect("the test's directory").join("cache");
        let mut child = match std::process::Command::new(&k.bin)
            .arg("--kubeconfig")
            .arg(&k.kubeconfig)
            .arg("--cache-dir")
            .arg(&cache)
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
        {
            Ok(child) => child,
            Err(e) => {
                k.fail(&o.r.label(), &args, &format!("kubectl did not start: {e}"));
                continue;
            }
        };
        let stdout = child.stdout.take().expect("stdout is piped");
        let tx = tx.clone();
        std::thread::spawn(move || {
            use std::io::BufRead as _;
            for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send((i, line)).is_err() {
                    break;
                }
            }
        });
        children.push(child);
    }
    drop(tx);

    // Every watch open (the server saw a watch of each collection), then the change.
    let deadline = Instant::now() + Duration::from_secs(60);
    let watching = |s: &Obj| {
        let path = s.r.collection_path();
        api.requests().iter().any(|r| r.path == path && r.query.contains("watch=true"))
    };
    while Instant::now() < deadline && !sample.iter().all(|s| watching(s)) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let docs: String = sample.iter().map(|o| format!("{}\n", o.doc)).collect();
    k.run("every watched object", &["label", "-f", "-", "kapi.example.com/watched=yes"], Some(&docs)).await;

    let mut printed: Vec<Vec<String>> = vec![Vec::new(); sample.len()];
    let seen = |printed: &[String], name: &str| {
        printed.iter().any(|l| l.contains(name) && l.contains("kapi.example.com/watched=yes"))
    };
    // Polled, not a blocking receive: the server answers on this thread's runtime.
    while Instant::now() < deadline && !sample.iter().zip(&printed).all(|(o, p)| seen(p, &o.name)) {
        while let Ok((i, line)) = rx.try_recv() {
            printed[i].push(line);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    for mut child in children {
        child.kill().ok();
        child.wait().ok();
    }
    for (o, p) in sample.iter().zip(&printed) {
        if !seen(p, &o.name) {
            let what = format!("get {} {} --watch-only --show-labels", o.r.arg(), o.name);
            k.failures.push(format!("{}: kubectl {what}: no row with the new label: {p:?}", o.r.label()));
        }
    }
    eprintln!("watched {} resources", sample.len());
}
