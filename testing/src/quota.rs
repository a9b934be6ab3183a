//! Resource quota usage as upstream's evaluators count it (`pkg/quota/v1/evaluator/core`, `pkg/quota/v1/generic`): what an object uses, which quotas it counts against, and the pods' resource totals the scheduler and LimitRanger share.
//!
//! Facts from upstream: every object uses `count/<resource>` (core) or
//! `count/<resource>.<group>`; config maps, secrets, replication controllers and resource quotas
//! also their legacy names (`configmaps`, …). A pod uses `pods` and its compute resources
//! (`cpu`/`requests.cpu`, `limits.cpu`, the same for `memory` and `ephemeral-storage`,
//! `requests.<name>` for hugepages and extended resources) unless it has ended
//! (`Succeeded`/`Failed`). A service uses `services`, `services.loadbalancers` (1 when of type
//! `LoadBalancer`) and `services.nodeports` (its ports, when of type `NodePort`, or
//! `LoadBalancer` allocating node ports). A claim uses `persistentvolumeclaims` and
//! `requests.storage`, and the same prefixed by `<class>.storageclass.storage.k8s.io/` for its
//! class. Quotas with scopes (`Terminating`, `NotTerminating`, `BestEffort`, `NotBestEffort`,
//! `PriorityClass`) count pods only.

use std::collections::BTreeMap;

use kapi_machinery::json::value::Value;
use kapi_machinery::types::Quantity;

/// A resource list: name to quantity, in name order.
pub(crate) type Resources = BTreeMap<String, Quantity>;

/// The resources a pod-level `resources` may set (upstream's `supportedPodLevelResources`).
const POD_LEVEL_RESOURCES: [&str; 2] = ["cpu", "memory"];

/// The object count names upstream also knows by a legacy name.
const LEGACY_COUNTS: [&str; 4] = ["configmaps", "secrets", "replicationcontrollers", "resourcequotas"];

/// The suffix of class-specific claim quotas.
const STORAGE_CLASS_SUFFIX: &str = ".storageclass.storage.k8s.io/";

/// A resource list member of an object value; quantities that do not parse are left out
/// (validation refuses them).
pub(crate) fn resources(v: Option<&Value>) -> Resources {
    let Some(Value::Object(members)) = v else { return Resources::new() };
    members.iter().filter_map(|(k, q)| Some((k.clone(), q.as_str().and_then(|q| Quantity::parse(q).ok())?))).collect()
}

/// The resource list at a path of an object value.
pub(crate) fn resources_at(v: &Value, path: &[&str]) -> Resources {
    let mut at = Some(v);
    for p in path {
        at = at.and_then(|a| a.get(p));
    }
    resources(at)
}

/// A pod's containers (`containers`) or init containers (`initContainers`).
pub(crate) fn containers<'a>(pod: &'a Value, key: &str) -> &'a [Value] {
    match pod.get("spec").and_then(|s| s.get(key)) {
        Some(Value::Array(items)) => items,
        _ => &[],
    }
}

/// Adds `list` into `into`, name by name.
pub(crate) fn add(into: &mut Resources, list: &Resources) {
    for (k, q) in list {
        into.entry(k.clone()).and_modify(|have| have.add(q)).or_insert_with(|| q.clone());
    }
}

fn max(into: &mut Resources, list: &Resources) {
    for (k, q) in list {
        match into.get(k) {
            Some(have) if have >= q => {}
            _ => {
                into.insert(k.clone(), q.clone());
            }
        }
    }
}

/// A pod's total requests or limits (`key`), as the scheduler counts them: containers summed,
/// restartable init containers (sidecars) added to them and to every later init container, the
/// largest init container if larger; with `overhead`, the pod's overhead added (to limits only
/// where a limit is set); pod-level `cpu` and `memory` overriding when `pod_level` (the
/// `PodLevelResources` gate).
pub(crate) fn pod_total(pod: &Value, key: &str, pod_level: bool, overhead: bool) -> Resources {
    let mut total = Resources::new();
    for c in containers(pod, "containers") {
        add(&mut total, &resources_at(c, &["resources", key]));
    }
    let (mut sidecars, mut init) = (Resources::new(), Resources::new());
    for c in containers(pod, "initContainers") {
        let own = resources_at(c, &["resources", key]);
        let effective = if c.get("restartPolicy").and_then(Value::as_str) == Some("Always") {
            add(&mut total, &own);
            add(&mut sidecars, &own);
            sidecars.clone()
        } else {
            let mut with_sidecars = own;
            add(&mut with_sidecars, &sidecars);
            with_sidecars
        };
        max(&mut init, &effective);
    }
    max(&mut total, &init);
    if pod_level {
        for (k, q) in resources_at(pod, &["spec", "resources", key]) {
            if POD_LEVEL_RESOURCES.contains(&k.as_str()) {
                total.insert(k, q);
            }
        }
    }
    if overhead {
        for (k, q) in resources_at(pod, &["spec", "overhead"]) {
            match total.get_mut(&k) {
                Some(have) => have.add(&q),
                None if key == "requests" => {
                    total.insert(k, q);
                }
                None => {}
            }
        }
    }
    total
}

fn one() -> Quantity {
    Quantity::parse("1").unwrap_or_else(|_| Quantity::zero())
}

fn count(n: usize) -> Quantity {
    Quantity::parse(&n.to_string()).unwrap_or_else(|_| Quantity::zero())
}

/// The object count name of a resource (`count/pods`, `count/deployments.apps`).
fn count_name(group: &str, resource: &str) -> String {
    if group.is_empty() { format!("count/{resource}") } else { format!("count/{resource}.{group}") }
}

/// Whether a resource is an extended one (`example.com/gpu`), counted as `requests.<name>`.
fn extended(name: &str) -> bool {
    name.contains('/') && !name.contains("kubernetes.io/") && !name.starts_with("requests.")
}

/// A container's (or the pod's) compute usage from its requests and limits (upstream's
/// `podComputeUsageHelper`, without `pods`).
fn compute_usage(requests: &Resources, limits: &Resources) -> Resources {
    let mut out = Resources::new();
    for name in ["cpu", "memory", "ephemeral-storage"] {
        if let Some(q) = requests.get(name) {
            out.insert(name.to_owned(), q.clone());
            out.insert(format!("requests.{name}"), q.clone());
        }
        if let Some(q) = limits.get(name) {
            out.insert(format!("limits.{name}"), q.clone());
        }
    }
    for (name, q) in requests {
        if name.starts_with("hugepages-") {
            out.insert(name.clone(), q.clone());
            out.insert(format!("requests.{name}"), q.clone());
        } else if extended(name) {
            out.insert(format!("requests.{name}"), q.clone());
        }
    }
    out
}

/// Whether a pod has ended, after which its compute resources no longer count.
fn ended(pod: &Value) -> bool {
    matches!(pod.get("status").and_then(|s| s.get("phase")).and_then(Value::as_str), Some("Succeeded" | "Failed"))
}

/// What an object of `group/resource` uses.
pub(crate) fn usage(group: &str, resource: &str, obj: &Value, pod_level: bool) -> Resources {
    let mut out = Resources::from([(count_name(group, resource), one())]);
    if !group.is_empty() {
        return out;
    }
    match resource {
        // An ended pod counts only as an object.
        "pods" if !ended(obj) => {
            out.insert("pods".into(), one());
            let requests = pod_total(obj, "requests", pod_level, true);
            let limits = pod_total(obj, "limits", pod_level, true);
            out.extend(compute_usage(&requests, &limits));
        }
        "services" => {
            let spec = obj.get("spec");
            let ports = match spec.and_then(|s| s.get("ports")) {
                Some(Value::Array(p)) => p.len(),
                _ => 0,
            };
            let kind = spec.and_then(|s| s.get("type")).and_then(Value::as_str).unwrap_or("ClusterIP");
            let allocates = spec.and_then(|s| s.get("allocateLoadBalancerNodePorts")) != Some(&Value::Bool(false));
            let (lbs, node_ports) = match kind {
                "NodePort" => (0, ports),
                "LoadBalancer" => (1, if allocates { ports } else { 0 }),
                _ => (0, 0),
            };
            out.insert("services".into(), one());
            out.insert("services.loadbalancers".into(), count(lbs));
            out.insert("services.nodeports".into(), count(node_ports));
        }
        "persistentvolumeclaims" => {
            out.insert("persistentvolumeclaims".into(), one());
            let storage = resources_at(obj, &["spec", "resources", "requests"]).remove("storage");
            let class = obj.get("spec").and_then(|s| s.get("storageClassName")).and_then(Value::as_str);
            if let Some(class) = class.filter(|c| !c.is_empty()) {
                out.insert(format!("{class}{STORAGE_CLASS_SUFFIX}persistentvolumeclaims"), one());
                if let Some(q) = &storage {
                    out.insert(format!("{class}{STORAGE_CLASS_SUFFIX}requests.storage"), q.clone());
                }
            }
            if let Some(q) = storage {
                out.insert("requests.storage".into(), q);
            }
        }
        r if LEGACY_COUNTS.contains(&r) => {
            out.insert(r.to_owned(), one());
        }
        _ => {}
    }
    out
}

/// Whether a quota's hard resource `name` is one that objects of `group/resource` use.
pub(crate) fn tracks(group: &str, resource: &str, name: &str) -> bool {
    if name == count_name(group, resource) {
        return true;
    }
    if !group.is_empty() {
        return false;
    }
    match resource {
        "pods" => {
            ["pods", "cpu", "memory", "ephemeral-storage"].contains(&name)
                || name.starts_with("requests.") && name != "requests.storage"
                || name.starts_with("limits.")
                || name.starts_with("hugepages-")
        }
        "services" => ["services", "services.loadbalancers", "services.nodeports"].contains(&name),
        "persistentvolumeclaims" => {
            ["persistentvolumeclaims", "requests.storage"].contains(&name)
                || name
                    .split_once(STORAGE_CLASS_SUFFIX)
                    .is_some_and(|(_, r)| ["persistentvolumeclaims", "requests.storage"].contains(&r))
        }
        r => LEGACY_COUNTS.contains(&r) && name == r,
    }
}

/// The group and resource a quota's hard resource name counts (the controller lists them).
pub(crate) fn counted_by(name: &str) -> Option<(String, String)> {
    if let Some(rest) = name.strip_prefix("count/") {
        return Some(match rest.split_once('.') {
            Some((resource, group)) => (group.to_owned(), resource.to_owned()),
            None => (String::new(), rest.to_owned()),
        });
    }
    let core = |r: &str| Some((String::new(), r.to_owned()));
    for r in ["pods", "services", "persistentvolumeclaims"] {
        if tracks("", r, name) {
            return core(r);
        }
    }
    LEGACY_COUNTS.contains(&name).then(|| (String::new(), name.to_owned()))
}

/// A quota's scope selectors: `spec.scopes` (each an `Exists`) and `spec.scopeSelector`'s
/// expressions, as `(scope, operator, values)`.
fn scope_selectors(quota: &Value) -> Vec<(String, String, Vec<String>)> {
    let spec = quota.get("spec");
    let mut out = Vec::new();
    if let Some(Value::Array(scopes)) = spec.and_then(|s| s.get("scopes")) {
        out.extend(scopes.iter().filter_map(Value::as_str).map(|s| (s.to_owned(), "Exists".to_owned(), Vec::new())));
    }
    if let Some(Value::Array(exprs)) = spec.and_then(|s| s.get("scopeSelector")).and_then(|s| s.get("matchExpressions"))
    {
        for e in exprs {
            let text = |k: &str| e.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
            let values = match e.get("values") {
                Some(Value::Array(v)) => v.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
                _ => Vec::new(),
            };
            out.push((text("scopeName"), text("operator"), values));
        }
    }
    out
}

/// Whether a pod is `BestEffort`: its `status.qosClass` says so (the pod strategy sets it on
/// create, as upstream's `GetPodQOS` reads it first), or, for a pod stored without it, no
/// container or init container requests or limits a positive quantity of cpu or memory.
fn best_effort(pod: &Value) -> bool {
    if let Some(class) = pod.get("status").and_then(|s| s.get("qosClass")).and_then(Value::as_str) {
        return class == "BestEffort";
    }
    ["containers", "initContainers"].iter().all(|key| {
        containers(pod, key).iter().all(|c| {
            ["requests", "limits"].iter().all(|k| {
                let r = resources_at(c, &["resources", k]);
                ["cpu", "memory"].iter().all(|name| r.get(*name).is_none_or(|q| q.sign() <= 0))
            })
        })
    })
}

/// Whether a pod matches one scope selector.
fn pod_in_scope(pod: &Value, scope: &str, operator: &str, values: &[String]) -> bool {
    let spec = pod.get("spec");
    let terminating = spec.and_then(|s| s.get("activeDeadlineSeconds")).is_some_and(|v| !matches!(v, Value::Null));
    match scope {
        "Terminating" => terminating,
        "NotTerminating" => !terminating,
        "BestEffort" => best_effort(pod),
        "NotBestEffort" => !best_effort(pod),
        "PriorityClass" => {
            let class = spec.and_then(|s| s.get("priorityClassName")).and_then(Value::as_str).unwrap_or_default();
            match operator {
                "Exists" => !class.is_empty(),
                "DoesNotExist" => class.is_empty(),
                "In" => values.iter().any(|v| v == class),
                "NotIn" => !values.iter().any(|v| v == class),
                _ => false,
            }
        }
        // Scopes this server does not evaluate (`CrossNamespacePodAffinity`,
        // `VolumeAttributesClass`) match nothing.
        _ => false,
    }
}

/// Whether an object counts against a quota whose hard limits are `hard` (admission reads
/// `status.hard`, so a quota the controller has not synced yet counts nothing; the controller
/// `spec.hard`): the quota limits something the object uses, and the object is in each of the
/// quota's scopes (only pods are in any).
pub(crate) fn matches(quota: &Value, hard: &Resources, group: &str, resource: &str, obj: &Value) -> bool {
    if !hard.keys().any(|name| tracks(group, resource, name)) {
        return false;
    }
    let is_pod = group.is_empty() && resource == "pods";
    scope_selectors(quota).iter().all(|(s, op, vals)| is_pod && pod_in_scope(obj, s, op, vals))
}

/// Upstream's pod `Constraints`: with `cpu` or `memory` quota'd, each container must name it
/// (`must specify limits.cpu for: app; requests.memory for: app,side`).
pub(crate) fn pod_constraints(required: &[&String], pod: &Value) -> Option<String> {
    const VALIDATED: [&str; 6] = ["cpu", "memory", "requests.cpu", "requests.memory", "limits.cpu", "limits.memory"];
    let required: Vec<&str> = required.iter().map(|s| s.as_str()).filter(|r| VALIDATED.contains(r)).collect();
    let mut missing: BTreeMap<&str, std::collections::BTreeSet<String>> = BTreeMap::new();
    for key in ["containers", "initContainers"] {
        for c in containers(pod, key) {
            let usage =
                compute_usage(&resources_at(c, &["resources", "requests"]), &resources_at(c, &["resources", "limits"]));
            let name = c.get("name").and_then(Value::as_str).unwrap_or_default();
            for r in &required {
                if !usage.contains_key(*r) {
                    missing.entry(r).or_default().insert(name.to_owned());
                }
            }
        }
    }
    if missing.is_empty() {
        return None;
    }
    let parts: Vec<String> = missing
        .iter()
        .map(|(r, names)| format!("{r} for: {}", names.iter().cloned().collect::<Vec<_>>().join(",")))
        .collect();
    Some(format!("must specify {}", parts.join("; ")))
}

/// `quota.prettyPrint`: `name=quantity` pairs in name order, comma-separated.
pub(crate) fn pretty(list: &Resources) -> String {
    list.iter().map(|(k, q)| format!("{k}={q}")).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_machinery::json::value::parse;

    fn v(json: &str) -> Value {
        parse(json.as_bytes()).unwrap()
    }

    fn text(r: &Resources) -> String {
        pretty(r)
    }

    #[test]
    fn pods_count_their_compute_resources_until_they_end() {
        let pod = v(r#"{"spec":{"containers":[
            {"name":"a","resources":{"requests":{"cpu":"250m","memory":"64Mi"},"limits":{"cpu":"500m"}}},
            {"name":"b","resources":{"requests":{"cpu":"250m","example.com/gpu":"1"}}}]}}"#);
        assert_eq!(
            text(&usage("", "pods", &pod, true)),
            "count/pods=1,cpu=500m,limits.cpu=500m,memory=64Mi,pods=1,requests.cpu=500m,requests.example.com/gpu=1,requests.memory=64Mi"
        );
        let done = v(r#"{"spec":{"containers":[{"name":"a"}]},"status":{"phase":"Succeeded"}}"#);
        assert_eq!(text(&usage("", "pods", &done, true)), "count/pods=1");
        assert_eq!(text(&usage("apps", "deployments", &done, true)), "count/deployments.apps=1");
        assert_eq!(text(&usage("", "configmaps", &done, true)), "configmaps=1,count/configmaps=1");
    }

    #[test]
    fn services_and_claims() {
        let svc = v(r#"{"spec":{"type":"NodePort","ports":[{"port":80},{"port":443}]}}"#);
        assert_eq!(
            text(&usage("", "services", &svc, true)),
            "count/services=1,services=1,services.loadbalancers=0,services.nodeports=2"
        );
        let pvc = v(r#"{"spec":{"storageClassName":"fast","resources":{"requests":{"storage":"5Gi"}}}}"#);
        assert_eq!(
            text(&usage("", "persistentvolumeclaims", &pvc, true)),
            "count/persistentvolumeclaims=1,fast.storageclass.storage.k8s.io/persistentvolumeclaims=1,\
             fast.storageclass.storage.k8s.io/requests.storage=5Gi,persistentvolumeclaims=1,requests.storage=5Gi"
        );
        assert_eq!(counted_by("count/deployments.apps"), Some(("apps".into(), "deployments".into())));
        assert_eq!(counted_by("requests.storage"), Some((String::new(), "persistentvolumeclaims".into())));
        assert_eq!(counted_by("limits.cpu"), Some((String::new(), "pods".into())));
    }

    #[test]
    fn scopes_select_pods_only() {
        let quota = v(r#"{"spec":{"hard":{"pods":"2"},"scopes":["BestEffort"]}}"#);
        let best = v(r#"{"spec":{"containers":[{"name":"a"}]}}"#);
        let burst = v(r#"{"spec":{"containers":[{"name":"a","resources":{"requests":{"cpu":"1"}}}]}}"#);
        let hard = |q: &Value| resources_at(q, &["spec", "hard"]);
        assert!(matches(&quota, &hard(&quota), "", "pods", &best));
        assert!(!matches(&quota, &hard(&quota), "", "pods", &burst));
        // Zero quantities leave a pod best effort; the class the strategy wrote decides first.
        let zero = v(r#"{"spec":{"containers":[{"name":"a","resources":{"requests":{"cpu":"0"}}}]}}"#);
        assert!(matches(&quota, &hard(&quota), "", "pods", &zero));
        let classed = v(r#"{"spec":{"containers":[{"name":"a"}]},"status":{"qosClass":"Burstable"}}"#);
        assert!(!matches(&quota, &hard(&quota), "", "pods", &classed));
        let class = v(
            r#"{"spec":{"hard":{"pods":"2","configmaps":"1"},"scopeSelector":{"matchExpressions":[{"scopeName":"PriorityClass","operator":"In","values":["high"]}]}}}"#,
        );
        assert!(!matches(&class, &hard(&class), "", "pods", &best));
        assert!(!matches(&class, &hard(&class), "", "configmaps", &best));
        assert_eq!(
            pod_constraints(&[&"limits.cpu".to_owned(), &"requests.memory".to_owned()], &burst).as_deref(),
            Some("must specify limits.cpu for: a; requests.memory for: a")
        );
    }
}
