//! kubectl against every resource the test server serves, in every version: discovery lists them; each goes through `create -f -`, `get` (its table's header and row), `label`, `get -o yaml`, `get -o jsonpath`, `explain`, `create --dry-run=server` and `delete`, and each create-only review (and the legacy `bindings`) through `create -o yaml`. All failures are collected, so one run shows them all.

use crate::kubectl_support;

use std::collections::BTreeMap;
use std::sync::Arc;

use http_body_util::BodyExt as _;
use kapi_machinery::json::value::{self, Value};
use kapi_testing::{ApiServer, TestServer};
use kubectl_support::every::{Kubectl, NS, Served, at, base_id, discover, object, trust_bundle, write_dir};
use kubectl_support::kubectl_binary;

/// A group version and the columns its table of a kind shows.
type VersionColumns = (String, Vec<String>);

/// The create-only reviews: the object's members besides `apiVersion`, `kind` and `metadata`
/// (reviews have no name; `TOKEN` stands for a token `kubectl create token` issued), and what the
/// server's answer must hold there (`None`: nothing). The test server authorizes everything, as
/// kube-apiserver's `AlwaysAllow` mode, and kubectl sends no credentials.
struct Review {
    kind: &'static str,
    /// The object's name: none for reviews; a legacy `Binding` names the pod it binds.
    name: &'static str,
    body: &'static str,
    expect: &'static [(&'static [&'static str], Option<&'static str>)],
}

const ACCESS: &str = r#""resourceAttributes":{"namespace":"every","verb":"get","resource":"pods"}"#;

const REVIEWS: &[Review] = &[
    Review {
        kind: "TokenReview",
        name: "",
        body: r#""spec":{"token":"TOKEN"}"#,
        expect: &[
            (&["status", "authenticated"], Some("true")),
            (&["status", "user", "username"], Some("system:serviceaccount:every:robot")),
            (&["status", "audiences"], Some(r#"["https://kubernetes.default.svc.cluster.local"]"#)),
        ],
    },
    Review {
        kind: "TokenReview",
        name: "",
        body: r#""spec":{"token":"not-a-token-of-this-server"}"#,
        expect: &[(&["status", "authenticated"], None), (&["status", "user"], Some("{}"))],
    },
    Review {
        kind: "SelfSubjectReview",
        name: "",
        body: "",
        expect: &[
            (&["status", "userInfo", "username"], Some("system:anonymous")),
            (&["status", "userInfo", "groups"], Some(r#"["system:unauthenticated"]"#)),
        ],
    },
    Review {
        kind: "SubjectAccessReview",
        name: "",
        body: r#""spec":{"user":"alice",ACCESS}"#,
        expect: &[(&["status", "allowed"], Some("true"))],
    },
    Review {
        kind: "LocalSubjectAccessReview",
        name: "",
        body: r#""spec":{"user":"alice",ACCESS}"#,
        expect: &[(&["status", "allowed"], Some("true"))],
    },
    Review {
        kind: "SelfSubjectAccessReview",
        name: "",
        body: r#""spec":{ACCESS}"#,
        expect: &[(&["status", "allowed"], Some("true"))],
    },
    Review {
        kind: "SelfSubjectRulesReview",
        name: "",
        body: r#""spec":{"namespace":"every"}"#,
        expect: &[
            (&["status", "incomplete"], Some("false")),
            (&["status", "resourceRules"], Some(r#"[{"apiGroups":["*"],"resources":["*"],"verbs":["*"]}]"#)),
            (&["status", "nonResourceRules"], Some(r#"[{"nonResourceURLs":["*"],"verbs":["*"]}]"#)),
        ],
    },
    // The legacy `bindings`: the pod `bound` (made in the setup) bound, the answer a `Status`.
    Review {
        name: "bound",
        kind: "Binding",
        body: r#""target":{"kind":"Node","name":"node-1"}"#,
        expect: &[(&["status"], Some("Success")), (&["code"], Some("201"))],
    },
];

/// The names of the columns the server's `Table` of a collection shows without `-o wide`,
/// as kubectl prints them (upper case).
async fn server_columns(api: &ApiServer, r: &Served) -> Result<Vec<String>, String> {
    let req = http::Request::get(r.collection_path())
        .header(http::header::ACCEPT, "application/json;as=Table;v=v1;g=meta.k8s.io")
        .body(bytes::Bytes::new())
        .expect("a request");
    let resp = api.handle(req).await;
    let status = resp.status();
    let body = resp.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    if !status.is_success() {
        return Err(format!("{status}: {}", String::from_utf8_lossy(&body)));
    }
    let table = value::parse(&body).map_err(|e| e.to_string())?;
    let Some(Value::Array(columns)) = table.get("columnDefinitions") else {
        return Err("a table without column definitions".to_owned());
    };
    Ok(columns
        .iter()
        .filter(|c| at(c, &["priority"]).is_none_or(|p| p == "0"))
        .filter_map(|c| at(c, &["name"]))
        .map(|n| n.to_uppercase())
        .collect())
}

/// The group of the type upstream stores a kind as, and so prints it as: `extensions` kinds are
/// `apps` and `networking.k8s.io` ones, `events.k8s.io` events are core events.
fn stored_as<'a>(group: &'a str, kind: &str) -> &'a str {
    match (group, kind) {
        ("extensions", "Deployment" | "DaemonSet" | "ReplicaSet") => "apps",
        ("extensions", "Ingress" | "NetworkPolicy") => "networking.k8s.io",
        ("events.k8s.io", "Event") => "",
        _ => group,
    }
}

/// The cells of a line of kubectl's table: columns are at least three spaces apart, and names
/// such as `ACCESS MODES` hold single ones.
fn cells(line: &str) -> Vec<String> {
    line.split("   ").map(str::trim).filter(|c| !c.is_empty()).map(str::to_owned).collect()
}

/// The cells of a column of kubectl's table, by where its header starts (cells may be empty,
/// so splitting rows would not line them up).
fn column(out: &str, name: &str) -> Vec<String> {
    let mut lines = out.lines();
    let header = lines.next().unwrap_or_default();
    let Some(start) = header.match_indices(name).map(|(i, _)| i).find(|&i| {
        (i == 0 || header[..i].ends_with("   ")) && header[i + name.len()..].chars().next().is_none_or(|c| c == ' ')
    }) else {
        return Vec::new();
    };
    lines
        .filter_map(|l| l.get(start..))
        .map(|rest| rest.split("   ").next().unwrap_or_default().trim().to_owned())
        .collect()
}

/// Puts an object of a read-only resource in the server's store, as the server itself would
/// compute it.
fn seed(api: &ApiServer, r: &Served, name: &str) -> Result<(), String> {
    use kapi_api::core::v1::{ComponentCondition, ComponentConditionType, ComponentStatus, ConditionStatus};
    let object: Box<dyn kapi_machinery::Object> = match (r.group.as_str(), r.kind.as_str()) {
        ("", "ComponentStatus") => Box::new(ComponentStatus {
            metadata: kapi_api::meta::v1::ObjectMeta { name: name.to_owned(), ..Default::default() },
            conditions: vec![ComponentCondition {
                r#type: ComponentConditionType(ComponentConditionType::HEALTHY.into()),
                status: ConditionStatus(ConditionStatus::TRUE.into()),
                message: "ok".into(),
                ..Default::default()
            }],
            ..Default::default()
        }),
        _ => return Err(format!("no object to seed the read-only {} with", r.kind)),
    };
    api.tracker().create(&r.gvr(), "", object, &Default::default()).map(drop).map_err(|e| e.to_string())
}

/// One object of every resource through kubectl's everyday commands. Runs when `kubectl` is on
/// the PATH (or `KUBECTL` names it).
#[tokio::test]
async fn kubectl_everyday_commands_work_for_every_resource() {
    let Some(bin) = kubectl_binary() else {
        eprintln!("kubectl not found (set KUBECTL to its path): nothing checked");
        return;
    };
    let started = std::time::Instant::now();
    let api = Arc::new(ApiServer::serving_everything());
    api.register_builtin();
    let server = TestServer::start(api.clone(), None).await.unwrap();
    let dir = write_dir("every");
    let kubeconfig = dir.join("kubeconfig");
    std::fs::write(&kubeconfig, kapi_testing::kubeconfig(server.url())).unwrap();
    let mut k = Kubectl { bin, kubeconfig, failures: Vec::new(), spent: BTreeMap::new() };
    let bundle = trust_bundle();

    let served = discover(&mut k).await;
    assert!(served.len() > 150, "discovery lists {} resources", served.len());
    check_api_resources(&mut k, &served).await;
    k.run("setup", &["create", "namespace", NS], None).await;

    let (crud, rest): (Vec<&Served>, Vec<&Served>) =
        served.iter().partition(|r| r.supports(&["create", "get", "list", "patch", "delete"]));
    let (reviews, others): (Vec<&Served>, Vec<&Served>) = rest.into_iter().partition(|r| r.verbs == ["create"]);
    let (read_only, others): (Vec<&Served>, Vec<&Served>) =
        others.into_iter().partition(|r| r.verbs == ["get", "list"]);
    for r in others {
        k.failures.push(format!("{}: neither read-write, read-only nor create-only: {:?}", r.label(), r.verbs));
    }

    let mut objects = Vec::new();
    for (seq, r) in crud.iter().enumerate() {
        let id = base_id(r);
        let (name, doc) = object(r, &id, seq + 1, &bundle);
        let (dry_name, dry_doc) = object(r, &format!("{id}-dry"), seq + 101, &bundle);
        objects.push((*r, name, doc, dry_name, dry_doc));
    }

    // Create every object at once; what did not get stored is created again alone, so its
    // error names it.
    let all: String = objects.iter().map(|o| format!("{}\n", o.2)).collect();
    let (ok, _, stderr) = k.status(&["create", "-f", "-"], Some(&all)).await;
    let stored = |r: &Served, name: &str| {
        api.tracker().get(&r.gvr(), if r.namespaced { NS } else { "" }, name, &Default::default()).is_ok()
    };
    if !ok {
        for (r, name, doc, ..) in &objects {
            if !stored(r, name) {
                k.run(&r.label(), &["create", "-f", "-"], Some(doc)).await;
            }
        }
        if objects.iter().all(|(r, name, ..)| stored(r, name)) {
            k.failures.push(format!("create of every object failed, each alone succeeded: {stderr}"));
        }
    }

    // Tables: the header the server's Table names, and the object's row. Every version of a
    // kind prints the same columns, as upstream prints the internal type.
    let mut columns_of: BTreeMap<(String, String), Vec<VersionColumns>> = BTreeMap::new();
    for (r, name, ..) in &objects {
        if stored(r, name)
            && let Some(columns) = check_table(&mut k, &api, r, name).await
        {
            let key = (stored_as(&r.group, &r.kind).to_owned(), r.kind.clone());
            columns_of.entry(key).or_default().push((r.api_version(), columns));
        }
    }
    for ((group, kind), versions) in &columns_of {
        if versions.windows(2).any(|w| w[0].1 != w[1].1) {
            k.failures.push(format!("{group} {kind}: the versions print different columns: {versions:?}"));
        }
    }

    // Labels, then the object as YAML (the label included) and by JSONPath.
    let labelled: String = objects.iter().filter(|o| stored(o.0, &o.1)).map(|o| format!("{}\n", o.2)).collect();
    let (ok, out, stderr) = k.status(&["label", "-f", "-", "kapi.example.com/every=yes"], Some(&labelled)).await;
    for (r, name, doc, ..) in &objects {
        if stored(r, name) && !out.contains(&format!("/{name} labeled")) {
            k.run(&r.label(), &["label", "-f", "-", "--overwrite", "kapi.example.com/every=yes"], Some(doc)).await;
        }
    }
    if !ok && k.failures.is_empty() {
        k.failures.push(format!("label of every object failed: {stderr}"));
    }
    // Every object as YAML (the label included) and by JSONPath, each read in its version by
    // one `get -f -`; an object the answer lacks is read alone, so its error names it.
    let args = ["get", "-f", "-", "-o", "yaml"];
    let (_, out, stderr) = k.status(&args, Some(&labelled)).await;
    let items = match kapi_machinery::yaml::from_yaml(out.as_bytes(), false) {
        Ok(v) => match v.get("items") {
            Some(Value::Array(items)) => items.clone(),
            _ => vec![v],
        },
        Err(e) => {
            k.fail("every object", &args, &format!("not YAML: {e}\n{stderr}"));
            Vec::new()
        }
    };
    let (_, names, _) =
        k.status(&["get", "-f", "-", "-o", "jsonpath={.items[*].metadata.name}"], Some(&labelled)).await;
    let names: Vec<&str> = names.split_whitespace().collect();
    for (r, name, ..) in &objects {
        if !stored(r, name) {
            continue;
        }
        let found = items.iter().find(|v| {
            at(v, &["apiVersion"]) == Some(r.api_version())
                && at(v, &["kind"]).as_deref() == Some(r.kind.as_str())
                && at(v, &["metadata", "name"]).as_ref() == Some(name)
        });
        let arg = r.arg();
        let mut args = vec!["get", arg.as_str(), name.as_str(), "-o", "yaml"];
        args.extend(r.namespace_args());
        match found {
            Some(v) if at(v, &["metadata", "labels", "kapi.example.com/every"]).as_deref() == Some("yes") => {}
            Some(v) => k.fail(&r.label(), &args, &format!("not labelled: {:?}", at(v, &["metadata"]))),
            None => {
                let alone = k.run(&r.label(), &args, None).await;
                k.fail(&r.label(), &["get", "-f", "-", "-o", "yaml"], &format!("missing; alone: {alone:?}"));
            }
        }
        if !names.contains(&name.as_str()) {
            let mut args = vec!["get", arg.as_str(), name.as_str(), "-o", "jsonpath={.metadata.name}"];
            args.extend(r.namespace_args());
            let alone = k.run(&r.label(), &args, None).await;
            k.fail(&r.label(), &["get", "-f", "-", "-o", "jsonpath"], &format!("missing; alone: {alone:?}"));
        }
    }

    // `explain` of every resource in its version.
    for r in &crud {
        let api_version = format!("--api-version={}", r.api_version());
        let args = ["explain", r.resource.as_str(), api_version.as_str()];
        if let Some(out) = k.run(&r.label(), &args, None).await
            && !out.lines().any(|l| l.split_whitespace().collect::<Vec<_>>() == ["KIND:", r.kind.as_str()])
        {
            k.fail(&r.label(), &args, &format!("no KIND line:\n{out}"));
        }
    }

    // Server dry runs of second objects: answered as created, nothing stored.
    let dry: String = objects.iter().map(|o| format!("{}\n", o.4)).collect();
    let (_, out, _) = k.status(&["create", "--dry-run=server", "-f", "-"], Some(&dry)).await;
    for (r, _, _, dry_name, dry_doc) in &objects {
        if !out.contains(&format!("/{dry_name} created (server dry run)")) {
            k.run(&r.label(), &["create", "--dry-run=server", "-f", "-"], Some(dry_doc)).await;
        }
        if stored(r, dry_name) {
            k.failures.push(format!("{}: the dry run stored {dry_name}", r.label()));
        }
    }

    // Delete everything at once; what is left is deleted alone, so its error names it.
    let (_, out, _) = k.status(&["delete", "-f", "-"], Some(&labelled)).await;
    for (r, name, doc, ..) in &objects {
        if stored(r, name) {
            k.run(&r.label(), &["delete", "-f", "-"], Some(doc)).await;
            if stored(r, name) {
                k.failures.push(format!("{}: {name} is still there after delete:\n{out}", r.label()));
            }
        }
    }

    // Read-only resources (component statuses, which upstream computes on each read): an
    // object put in the store is listed, read and explained, and kubectl's create is refused
    // with `405 MethodNotAllowed`, as a cluster refuses it.
    for r in &read_only {
        let name = base_id(r);
        if let Err(e) = seed(&api, r, &name) {
            k.failures.push(format!("{}: {e}", r.label()));
            continue;
        }
        check_table(&mut k, &api, r, &name).await;
        let arg = r.arg();
        let jsonpath = ["get", arg.as_str(), name.as_str(), "-o", "jsonpath={.apiVersion} {.kind} {.metadata.name}"];
        if let Some(out) = k.run(&r.label(), &jsonpath, None).await
            && out != format!("{} {} {name}", r.api_version(), r.kind)
        {
            k.fail(&r.label(), &jsonpath, &format!("printed {out:?}"));
        }
        let api_version = format!("--api-version={}", r.api_version());
        k.run(&r.label(), &["explain", r.resource.as_str(), api_version.as_str()], None).await;
        let (_, doc) = object(r, &format!("{name}-created"), 0, &bundle);
        let args = ["create", "-f", "-"];
        let (ok, out, stderr) = k.status(&args, Some(&doc)).await;
        if ok || !stderr.contains("Error from server (MethodNotAllowed)") {
            k.fail(&r.label(), &args, &format!("not refused: {out}{stderr}"));
        }
    }

    // The create-only reviews: created with the answer printed, for a token kubectl had the
    // server issue and for one it did not.
    k.run("setup", &["create", "serviceaccount", "robot", "-n", NS], None).await;
    let token = k.run("setup", &["create", "token", "robot", "-n", NS], None).await.unwrap_or_default();
    k.run("setup", &["run", "bound", "--image=nginx", "-n", NS], None).await;
    for r in &reviews {
        let cases: Vec<&Review> = REVIEWS.iter().filter(|v| v.kind == r.kind).collect();
        if cases.is_empty() {
            k.failures.push(format!("{}: no review case for {}", r.label(), r.kind));
        }
        for review in cases {
            let name = if review.name.is_empty() { String::new() } else { format!(r#","name":"{}""#, review.name) };
            let metadata =
                if r.namespaced { format!(r#","metadata":{{"namespace":"{NS}"{name}}}"#) } else { String::new() };
            let body = review.body.replace("ACCESS", ACCESS).replace("TOKEN", token.trim());
            let body = if body.is_empty() { body } else { format!(",{body}") };
            let doc = format!(r#"{{"apiVersion":"{}","kind":"{}"{metadata}{body}}}"#, r.api_version(), r.kind);
            let args = ["create", "-f", "-", "-o", "yaml"];
            let Some(out) = k.run(&r.label(), &args, Some(&doc)).await else { continue };
            match kapi_machinery::yaml::from_yaml(out.as_bytes(), false) {
                Ok(v) => {
                    for (path, want) in review.expect {
                        let got = at(&v, path);
                        if got.as_deref() != *want {
                            k.fail(&r.label(), &args, &format!("{} is {got:?}, want {want:?}:\n{out}", path.join(".")));
                        }
                    }
                }
                Err(e) => k.fail(&r.label(), &args, &format!("not YAML: {e}\n{out}")),
            }
        }
    }

    eprintln!("{} resources, {} create-only, {:.1?}", crud.len(), reviews.len(), started.elapsed());
    for (command, (n, spent)) in &k.spent {
        eprintln!("  kubectl {command}: {n} runs, {spent:.1?}");
    }
    std::fs::remove_dir_all(&dir).ok();
    drop(server);
    assert!(k.failures.is_empty(), "{} failures:\n{}", k.failures.len(), k.failures.join("\n\n"));
}

/// `kubectl get <resource>`: the header is the server's `Table` columns and the object has a
/// row (by its `NAME` cell; kinds that show their name only in the wide output, events, are
/// looked for there). Returns the columns.
async fn check_table(k: &mut Kubectl, api: &ApiServer, r: &Served, name: &str) -> Option<Vec<String>> {
    let arg = r.arg();
    let mut args = vec!["get", arg.as_str()];
    args.extend(r.namespace_args());
    let out = k.run(&r.label(), &args, None).await?;
    let expected = match server_columns(api, r).await {
        Ok(c) => c,
        Err(e) => {
            k.fail(&r.label(), &args, &format!("the server's table: {e}"));
            return None;
        }
    };
    let header = out.lines().next().map(cells).unwrap_or_default();
    if header != expected {
        k.fail(&r.label(), &args, &format!("header {header:?}, the server's columns {expected:?}"));
    }
    let out = if header.iter().any(|c| c == "NAME") {
        out
    } else {
        args.extend(["-o", "wide"]);
        k.run(&r.label(), &args, None).await?
    };
    if !column(&out, "NAME").iter().any(|n| n == name) {
        k.fail(&r.label(), &args, &format!("no row of {name}:\n{out}"));
    }
    Some(expected)
}

/// `kubectl api-resources -o wide` lists each group's preferred version of every resource
/// discovery has, with its kind, scope and verbs.
async fn check_api_resources(k: &mut Kubectl, served: &[Served]) {
    let args = ["api-resources", "-o", "wide", "--no-headers"];
    let Some(out) = k.run("api-resources", &args, None).await else { return };
    for line in out.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let Some(&name) = fields.first() else { continue };
        // NAME [SHORTNAMES] APIVERSION NAMESPACED KIND VERBS [CATEGORIES]
        let Some(pos) = fields.iter().position(|f| *f == "true" || *f == "false") else {
            k.fail("api-resources", &args, &format!("no NAMESPACED column in {line:?}"));
            continue;
        };
        let (api_version, kind) = (fields[pos - 1], fields.get(pos + 1).copied().unwrap_or_default());
        let found = served.iter().find(|r| r.resource == name && r.api_version() == api_version);
        match found {
            Some(r) if r.kind == kind && r.namespaced == (fields[pos] == "true") => {}
            _ => k.fail("api-resources", &args, &format!("{line:?} is not as discovery lists it")),
        }
    }
}
