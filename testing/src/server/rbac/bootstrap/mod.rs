//! The RBAC objects kube-apiserver's `rbac/bootstrap-roles` post-start hook writes: the bootstrap cluster roles, the controller roles, the Roles of `kube-system` and `kube-public`, and their bindings.
//!
//! Facts from upstream's `plugin/pkg/auth/authorizer/rbac/bootstrappolicy` (its golden files
//! `testdata/cluster-roles.yaml`, `cluster-role-bindings.yaml`, `controller-roles.yaml`,
//! `controller-role-bindings.yaml`, `namespace-roles.yaml` and `namespace-role-bindings.yaml`):
//! the names, rules (resource names included), aggregation rules, subjects, the
//! `kubernetes.io/bootstrapping: rbac-defaults` label and the
//! `rbac.authorization.kubernetes.io/autoupdate: "true"` annotation. The roles of nodes, of
//! kube-scheduler, kube-controller-manager and its loops are written though no test server runs
//! them, so that access reviews and clients acting as them meet what a cluster grants them;
//! `admin`, `edit` and `view` get their rules from the `clusterrole-aggregation` loop.
//!
//! The controller and namespace files followed are upstream's at commit `008b3652` (with the
//! DRA loops' roles); the cluster roles and bindings follow an older `cluster-roles.yaml`
//! (commit `025f2834`, the newest at hand), so any rules upstream added to those since (feature
//! gated ones such as the scheduler's and nodes' DRA rules) are missing.

mod cluster;
mod controllers;
mod namespaced;

use kapi_api::meta::v1::{CreateOptions, GetOptions};
use kapi_machinery::json::value::Value;

use super::super::ApiServer;
use super::RBAC;
use crate::tracker::Result;

/// A resource rule: API groups, resources, the names of the objects it is limited to (all
/// when empty), verbs.
struct ResourceRule {
    groups: &'static [&'static str],
    resources: &'static [&'static str],
    names: &'static [&'static str],
    verbs: &'static [&'static str],
}

/// A rule on every object of the resources.
const fn rule(
    groups: &'static [&'static str],
    resources: &'static [&'static str],
    verbs: &'static [&'static str],
) -> ResourceRule {
    ResourceRule { groups, resources, names: &[], verbs }
}

/// A rule on the named objects of the resources only.
const fn named(
    groups: &'static [&'static str],
    resources: &'static [&'static str],
    names: &'static [&'static str],
    verbs: &'static [&'static str],
) -> ResourceRule {
    ResourceRule { groups, resources, names, verbs }
}

/// A bootstrap cluster role: name, extra labels, resource rules, non-resource rules (URLs,
/// verbs), the labels its aggregation rule selects.
struct Role {
    name: &'static str,
    labels: &'static [&'static str],
    rules: &'static [ResourceRule],
    non_resource: &'static [(&'static [&'static str], &'static [&'static str])],
    aggregates: Option<&'static str>,
}

/// A cluster role with resource rules only.
const fn plain(name: &'static str, rules: &'static [ResourceRule]) -> Role {
    Role { name, labels: &[], rules, non_resource: &[], aggregates: None }
}

/// Who a binding grants to.
#[derive(Clone, Copy)]
enum Subject {
    Group(&'static str),
    User(&'static str),
    /// Namespace, name.
    ServiceAccount(&'static str, &'static str),
}

/// A bootstrap binding: its namespace (empty for a `ClusterRoleBinding`, which grants a
/// `ClusterRole`; a `RoleBinding` grants a `Role` of its namespace), name, the role's name,
/// the subjects.
struct Binding {
    namespace: &'static str,
    name: &'static str,
    role: &'static str,
    subjects: &'static [Subject],
}

impl Binding {
    /// A cluster role binding named for the cluster role it grants.
    const fn cluster(name: &'static str, subjects: &'static [Subject]) -> Self {
        Binding { namespace: "", name, role: name, subjects }
    }

    /// A role binding of a namespace.
    const fn namespaced(
        namespace: &'static str,
        name: &'static str,
        role: &'static str,
        subjects: &'static [Subject],
    ) -> Self {
        Binding { namespace, name, role, subjects }
    }
}

const READ: &[&str] = &["get", "list", "watch"];
const ALL_VERBS: &[&str] = &["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];
/// The rule upstream gives every role that records events.
const EVENTS: ResourceRule = rule(&["", "events.k8s.io"], &["events"], &["create", "patch", "update"]);

/// The prefix of the controller roles' names; the rest is their service account's name.
const CONTROLLER_PREFIX: &str = "system:controller:";

fn strings(items: &[&str]) -> Value {
    Value::Array(items.iter().map(|s| Value::String((*s).to_owned())).collect())
}

fn text(s: &str) -> Value {
    Value::String(s.to_owned())
}

/// The metadata every bootstrap object has, with extra labels.
fn metadata(namespace: &str, name: &str, extra_labels: &[&str]) -> Value {
    let mut labels = vec![("kubernetes.io/bootstrapping".to_owned(), text("rbac-defaults"))];
    labels.extend(extra_labels.iter().map(|l| ((*l).to_owned(), text("true"))));
    let mut meta = vec![("name".into(), text(name))];
    if !namespace.is_empty() {
        meta.push(("namespace".into(), text(namespace)));
    }
    meta.push(("labels".into(), Value::Object(labels)));
    meta.push((
        "annotations".into(),
        Value::Object(vec![("rbac.authorization.kubernetes.io/autoupdate".into(), text("true"))]),
    ));
    Value::Object(meta)
}

fn rules_doc(rules: &[ResourceRule]) -> Vec<Value> {
    rules
        .iter()
        .map(|r| {
            let mut rule = vec![
                ("verbs".into(), strings(r.verbs)),
                ("apiGroups".into(), strings(r.groups)),
                ("resources".into(), strings(r.resources)),
            ];
            if !r.names.is_empty() {
                rule.push(("resourceNames".into(), strings(r.names)));
            }
            Value::Object(rule)
        })
        .collect()
}

/// A `ClusterRole` (no namespace) or a `Role`.
fn role_doc(namespace: &str, name: &str, labels: &[&str], rules: Vec<Value>) -> Value {
    let kind = if namespace.is_empty() { "ClusterRole" } else { "Role" };
    Value::Object(vec![
        ("apiVersion".into(), text("rbac.authorization.k8s.io/v1")),
        ("kind".into(), text(kind)),
        ("metadata".into(), metadata(namespace, name, labels)),
        ("rules".into(), Value::Array(rules)),
    ])
}

fn cluster_role_doc(r: &Role) -> Value {
    let mut rules = rules_doc(r.rules);
    rules.extend(r.non_resource.iter().map(|(urls, verbs)| {
        Value::Object(vec![("verbs".into(), strings(verbs)), ("nonResourceURLs".into(), strings(urls))])
    }));
    let mut doc = role_doc("", r.name, r.labels, rules);
    if let (Some(label), Value::Object(fields)) = (r.aggregates, &mut doc) {
        let selector =
            Value::Object(vec![("matchLabels".into(), Value::Object(vec![(label.to_owned(), text("true"))]))]);
        fields.push((
            "aggregationRule".into(),
            Value::Object(vec![("clusterRoleSelectors".into(), Value::Array(vec![selector]))]),
        ));
    }
    doc
}

fn subject_doc(s: &Subject) -> Value {
    match *s {
        Subject::Group(name) | Subject::User(name) => {
            let kind = if matches!(s, Subject::Group(_)) { "Group" } else { "User" };
            Value::Object(vec![
                ("kind".into(), text(kind)),
                ("apiGroup".into(), text(RBAC)),
                ("name".into(), text(name)),
            ])
        }
        Subject::ServiceAccount(namespace, name) => Value::Object(vec![
            ("kind".into(), text("ServiceAccount")),
            ("name".into(), text(name)),
            ("namespace".into(), text(namespace)),
        ]),
    }
}

fn binding_doc(namespace: &str, name: &str, role: &str, subjects: &[Subject]) -> Value {
    let (kind, role_kind) =
        if namespace.is_empty() { ("ClusterRoleBinding", "ClusterRole") } else { ("RoleBinding", "Role") };
    let mut doc = vec![
        ("apiVersion".into(), text("rbac.authorization.k8s.io/v1")),
        ("kind".into(), text(kind)),
        ("metadata".into(), metadata(namespace, name, &[])),
        (
            "roleRef".into(),
            Value::Object(vec![
                ("apiGroup".into(), text(RBAC)),
                ("kind".into(), text(role_kind)),
                ("name".into(), text(role)),
            ]),
        ),
    ];
    // Upstream's `system:node` binding has no subjects at all, not an empty list.
    if !subjects.is_empty() {
        doc.push(("subjects".into(), Value::Array(subjects.iter().map(subject_doc).collect())));
    }
    Value::Object(doc)
}

/// Every bootstrap object: kind, namespace, name, document; cluster roles first, then the
/// controller roles, the namespaced roles, and the bindings in the same order.
fn documents() -> Vec<(&'static str, &'static str, String, Value)> {
    let mut docs: Vec<(&'static str, &'static str, String, Value)> = Vec::new();
    for r in cluster::ROLES {
        docs.push(("ClusterRole", "", r.name.to_owned(), cluster_role_doc(r)));
    }
    for (controller, rules) in controllers::CONTROLLERS {
        let name = format!("{CONTROLLER_PREFIX}{controller}");
        let doc = role_doc("", &name, &[], rules_doc(rules));
        docs.push(("ClusterRole", "", name, doc));
    }
    for (namespace, name, rules) in namespaced::ROLES {
        docs.push(("Role", namespace, (*name).to_owned(), role_doc(namespace, name, &[], rules_doc(rules))));
    }
    for b in cluster::BINDINGS {
        docs.push(("ClusterRoleBinding", "", b.name.to_owned(), binding_doc("", b.name, b.role, b.subjects)));
    }
    // Upstream binds each controller role to the service account of `kube-system` named for it.
    for (controller, _) in controllers::CONTROLLERS {
        let name = format!("{CONTROLLER_PREFIX}{controller}");
        let doc = binding_doc("", &name, &name, &[Subject::ServiceAccount("kube-system", controller)]);
        docs.push(("ClusterRoleBinding", "", name, doc));
    }
    for b in namespaced::BINDINGS {
        let doc = binding_doc(b.namespace, b.name, b.role, b.subjects);
        docs.push(("RoleBinding", b.namespace, b.name.to_owned(), doc));
    }
    docs
}

impl ApiServer {
    /// Writes the bootstrap roles and bindings that do not exist yet (kube-apiserver
    /// reconciles them at start and leaves a changed one alone unless it is marked
    /// `autoupdate`; this server writes them once).
    pub(in crate::server) fn create_rbac_bootstrap(&self) -> Result<()> {
        for (kind, namespace, name, doc) in documents() {
            let Some(store) = self.tracker.store_of_kind(RBAC, kind) else { continue };
            if self.tracker.get(&store.gvr(), namespace, &name, &GetOptions::default()).is_ok() {
                continue;
            }
            let mut obj = crate::tracker::meta::from_value(&store, &doc)?;
            self.apply_defaults(obj.as_mut());
            match self.tracker.create(&store.gvr(), namespace, obj, &CreateOptions::default()) {
                Err(e) if !e.is_already_exists() => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(kind: &str) -> usize {
        documents().iter().filter(|(k, ..)| *k == kind).count()
    }

    #[test]
    fn the_tables_hold_as_many_objects_as_upstreams_golden_files() {
        // Items in testdata/cluster-roles.yaml.
        const CLUSTER_ROLES: usize = 31;
        // Items in testdata/controller-roles.yaml.
        const CONTROLLER_ROLES: usize = 38;
        // Items in testdata/cluster-role-bindings.yaml.
        const CLUSTER_ROLE_BINDINGS: usize = 12;
        // Items in testdata/controller-role-bindings.yaml (one for each controller role).
        const CONTROLLER_ROLE_BINDINGS: usize = 38;
        // Items in testdata/namespace-roles.yaml.
        const NAMESPACE_ROLES: usize = 7;
        // Items in testdata/namespace-role-bindings.yaml.
        const NAMESPACE_ROLE_BINDINGS: usize = 7;
        assert_eq!(cluster::ROLES.len(), CLUSTER_ROLES);
        assert_eq!(controllers::CONTROLLERS.len(), CONTROLLER_ROLES);
        assert_eq!(count("ClusterRole"), CLUSTER_ROLES + CONTROLLER_ROLES);
        assert_eq!(cluster::BINDINGS.len(), CLUSTER_ROLE_BINDINGS);
        assert_eq!(count("ClusterRoleBinding"), CLUSTER_ROLE_BINDINGS + CONTROLLER_ROLE_BINDINGS);
        assert_eq!(count("Role"), NAMESPACE_ROLES);
        assert_eq!(count("RoleBinding"), NAMESPACE_ROLE_BINDINGS);
    }

    #[test]
    fn names_are_unique_and_bindings_grant_roles_that_exist() {
        let docs = documents();
        let mut keys: Vec<(&str, &str, &str)> = docs.iter().map(|(k, ns, n, _)| (*k, *ns, n.as_str())).collect();
        keys.sort_unstable();
        let before = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), before);
        for b in cluster::BINDINGS {
            assert!(cluster::ROLES.iter().any(|r| r.name == b.role), "{}", b.name);
        }
        for b in namespaced::BINDINGS {
            assert!(namespaced::ROLES.iter().any(|(ns, n, _)| *ns == b.namespace && *n == b.role), "{}", b.name);
        }
    }
}
