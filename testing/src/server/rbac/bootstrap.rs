//! The RBAC objects kube-apiserver's `rbac/bootstrap-roles` post-start hook writes: the user-facing and discovery cluster roles and their bindings.
//!
//! Facts from upstream's `plugin/pkg/auth/authorizer/rbac/bootstrappolicy` (its golden files
//! `testdata/cluster-roles.yaml` and `cluster-role-bindings.yaml`): the names, rules,
//! aggregation rules, the `kubernetes.io/bootstrapping: rbac-defaults` label and the
//! `rbac.authorization.kubernetes.io/autoupdate: "true"` annotation. Only the roles a user's
//! requests meet are written (not the roles of nodes and of kube-controller-manager's loops,
//! which no test server runs); `admin`, `edit` and `view` get their rules from the
//! `clusterrole-aggregation` loop.

use kapi_api::meta::v1::{CreateOptions, GetOptions};
use kapi_machinery::json::value::Value;

use super::super::ApiServer;
use super::RBAC;
use crate::tracker::Result;

/// A resource rule: API groups, resources, verbs.
type ResourceRule = (&'static [&'static str], &'static [&'static str], &'static [&'static str]);

/// A bootstrap cluster role: name, extra labels, resource rules, non-resource rules (URLs,
/// verbs), the labels its aggregation rule selects.
struct Role {
    name: &'static str,
    labels: &'static [&'static str],
    rules: &'static [ResourceRule],
    non_resource: &'static [(&'static [&'static str], &'static [&'static str])],
    aggregates: Option<&'static str>,
}

const RW: &[&str] = &["create", "delete", "deletecollection", "patch", "update"];
const READ: &[&str] = &["get", "list", "watch"];
const ALL_VERBS: &[&str] = &["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

const TO_ADMIN: &str = "rbac.authorization.k8s.io/aggregate-to-admin";
const TO_EDIT: &str = "rbac.authorization.k8s.io/aggregate-to-edit";
const TO_VIEW: &str = "rbac.authorization.k8s.io/aggregate-to-view";

const ROLES: &[Role] = &[
    Role { name: "admin", labels: &[], rules: &[], non_resource: &[], aggregates: Some(TO_ADMIN) },
    Role {
        name: "cluster-admin",
        labels: &[],
        rules: &[(&["*"], &["*"], &["*"])],
        non_resource: &[(&["*"], &["*"])],
        aggregates: None,
    },
    Role { name: "edit", labels: &[TO_ADMIN], rules: &[], non_resource: &[], aggregates: Some(TO_EDIT) },
    Role {
        name: "system:aggregate-to-admin",
        labels: &[TO_ADMIN],
        rules: &[
            (&["authorization.k8s.io"], &["localsubjectaccessreviews"], &["create"]),
            (&["rbac.authorization.k8s.io"], &["rolebindings", "roles"], ALL_VERBS),
        ],
        non_resource: &[],
        aggregates: None,
    },
    Role {
        name: "system:aggregate-to-edit",
        labels: &[TO_EDIT],
        rules: &[
            (&[""], &["pods/attach", "pods/exec", "pods/portforward", "pods/proxy", "secrets", "services/proxy"], READ),
            (&[""], &["serviceaccounts"], &["impersonate"]),
            (&[""], &["pods", "pods/attach", "pods/exec", "pods/portforward", "pods/proxy"], RW),
            (&[""], &["pods/eviction"], &["create"]),
            (
                &[""],
                &[
                    "configmaps",
                    "events",
                    "persistentvolumeclaims",
                    "replicationcontrollers",
                    "replicationcontrollers/scale",
                    "secrets",
                    "serviceaccounts",
                    "services",
                    "services/proxy",
                ],
                RW,
            ),
            (&[""], &["serviceaccounts/token"], &["create"]),
            (
                &["apps"],
                &[
                    "daemonsets",
                    "deployments",
                    "deployments/rollback",
                    "deployments/scale",
                    "replicasets",
                    "replicasets/scale",
                    "statefulsets",
                    "statefulsets/scale",
                ],
                RW,
            ),
            (&["autoscaling"], &["horizontalpodautoscalers"], RW),
            (&["batch"], &["cronjobs", "jobs"], RW),
            (
                &["extensions"],
                &[
                    "daemonsets",
                    "deployments",
                    "deployments/rollback",
                    "deployments/scale",
                    "ingresses",
                    "networkpolicies",
                    "replicasets",
                    "replicasets/scale",
                    "replicationcontrollers/scale",
                ],
                RW,
            ),
            (&["policy"], &["poddisruptionbudgets"], RW),
            (&["networking.k8s.io"], &["ingresses", "networkpolicies"], RW),
            (&["coordination.k8s.io"], &["leases"], ALL_VERBS),
        ],
        non_resource: &[],
        aggregates: None,
    },
    Role {
        name: "system:aggregate-to-view",
        labels: &[TO_VIEW],
        rules: &[
            (
                &[""],
                &[
                    "configmaps",
                    "endpoints",
                    "persistentvolumeclaims",
                    "persistentvolumeclaims/status",
                    "pods",
                    "replicationcontrollers",
                    "replicationcontrollers/scale",
                    "serviceaccounts",
                    "services",
                    "services/status",
                ],
                READ,
            ),
            (
                &[""],
                &[
                    "bindings",
                    "events",
                    "limitranges",
                    "namespaces/status",
                    "pods/log",
                    "pods/status",
                    "replicationcontrollers/status",
                    "resourcequotas",
                    "resourcequotas/status",
                ],
                READ,
            ),
            (&[""], &["namespaces"], READ),
            (&["discovery.k8s.io"], &["endpointslices"], READ),
            (
                &["apps"],
                &[
                    "controllerrevisions",
                    "daemonsets",
                    "daemonsets/status",
                    "deployments",
                    "deployments/scale",
                    "deployments/status",
                    "replicasets",
                    "replicasets/scale",
                    "replicasets/status",
                    "statefulsets",
                    "statefulsets/scale",
                    "statefulsets/status",
                ],
                READ,
            ),
            (&["autoscaling"], &["horizontalpodautoscalers", "horizontalpodautoscalers/status"], READ),
            (&["batch"], &["cronjobs", "cronjobs/status", "jobs", "jobs/status"], READ),
            (
                &["extensions"],
                &[
                    "daemonsets",
                    "daemonsets/status",
                    "deployments",
                    "deployments/scale",
                    "deployments/status",
                    "ingresses",
                    "ingresses/status",
                    "networkpolicies",
                    "replicasets",
                    "replicasets/scale",
                    "replicasets/status",
                    "replicationcontrollers/scale",
                ],
                READ,
            ),
            (&["policy"], &["poddisruptionbudgets", "poddisruptionbudgets/status"], READ),
            (&["networking.k8s.io"], &["ingresses", "ingresses/status", "networkpolicies"], READ),
        ],
        non_resource: &[],
        aggregates: None,
    },
    Role {
        name: "system:auth-delegator",
        labels: &[],
        rules: &[
            (&["authentication.k8s.io"], &["tokenreviews"], &["create"]),
            (&["authorization.k8s.io"], &["subjectaccessreviews"], &["create"]),
        ],
        non_resource: &[],
        aggregates: None,
    },
    Role {
        name: "system:basic-user",
        labels: &[],
        rules: &[
            (&["authorization.k8s.io"], &["selfsubjectaccessreviews", "selfsubjectrulesreviews"], &["create"]),
            (&["authentication.k8s.io"], &["selfsubjectreviews"], &["create"]),
        ],
        non_resource: &[],
        aggregates: None,
    },
    Role {
        name: "system:discovery",
        labels: &[],
        rules: &[],
        non_resource: &[(
            &[
                "/api",
                "/api/*",
                "/apis",
                "/apis/*",
                "/healthz",
                "/livez",
                "/openapi",
                "/openapi/*",
                "/readyz",
                "/version",
                "/version/",
            ],
            &["get"],
        )],
        aggregates: None,
    },
    Role {
        name: "system:monitoring",
        labels: &[],
        rules: &[],
        non_resource: &[(
            &["/healthz", "/healthz/*", "/livez", "/livez/*", "/metrics", "/metrics/slis", "/readyz", "/readyz/*"],
            &["get"],
        )],
        aggregates: None,
    },
    Role {
        name: "system:public-info-viewer",
        labels: &[],
        rules: &[],
        non_resource: &[(&["/healthz", "/livez", "/readyz", "/version", "/version/"], &["get"])],
        aggregates: None,
    },
    Role {
        name: "system:service-account-issuer-discovery",
        labels: &[],
        rules: &[],
        non_resource: &[(&["/.well-known/openid-configuration", "/openid/v1/jwks"], &["get"])],
        aggregates: None,
    },
    Role { name: "view", labels: &[TO_EDIT], rules: &[], non_resource: &[], aggregates: Some(TO_VIEW) },
];

/// The bootstrap cluster role bindings: name (also the role's), the groups bound.
const BINDINGS: &[(&str, &[&str])] = &[
    ("cluster-admin", &["system:masters"]),
    ("system:basic-user", &["system:authenticated"]),
    ("system:discovery", &["system:authenticated"]),
    ("system:monitoring", &["system:monitoring"]),
    ("system:public-info-viewer", &["system:authenticated", "system:unauthenticated"]),
    ("system:service-account-issuer-discovery", &["system:serviceaccounts"]),
];

fn strings(items: &[&str]) -> Value {
    Value::Array(items.iter().map(|s| Value::String((*s).to_owned())).collect())
}

fn text(s: &str) -> Value {
    Value::String(s.to_owned())
}

/// The metadata every bootstrap object has, with extra labels.
fn metadata(name: &str, extra_labels: &[&str]) -> Value {
    let mut labels = vec![("kubernetes.io/bootstrapping".to_owned(), text("rbac-defaults"))];
    labels.extend(extra_labels.iter().map(|l| ((*l).to_owned(), text("true"))));
    Value::Object(vec![
        ("name".into(), text(name)),
        ("labels".into(), Value::Object(labels)),
        (
            "annotations".into(),
            Value::Object(vec![("rbac.authorization.kubernetes.io/autoupdate".into(), text("true"))]),
        ),
    ])
}

fn role_doc(r: &Role) -> Value {
    let mut rules: Vec<Value> = r
        .rules
        .iter()
        .map(|(groups, resources, verbs)| {
            Value::Object(vec![
                ("verbs".into(), strings(verbs)),
                ("apiGroups".into(), strings(groups)),
                ("resources".into(), strings(resources)),
            ])
        })
        .collect();
    rules.extend(r.non_resource.iter().map(|(urls, verbs)| {
        Value::Object(vec![("verbs".into(), strings(verbs)), ("nonResourceURLs".into(), strings(urls))])
    }));
    let mut doc = vec![
        ("apiVersion".into(), text("rbac.authorization.k8s.io/v1")),
        ("kind".into(), text("ClusterRole")),
        ("metadata".into(), metadata(r.name, r.labels)),
        ("rules".into(), Value::Array(rules)),
    ];
    if let Some(label) = r.aggregates {
        let selector =
            Value::Object(vec![("matchLabels".into(), Value::Object(vec![(label.to_owned(), text("true"))]))]);
        doc.push((
            "aggregationRule".into(),
            Value::Object(vec![("clusterRoleSelectors".into(), Value::Array(vec![selector]))]),
        ));
    }
    Value::Object(doc)
}

fn binding_doc(name: &str, groups: &[&str]) -> Value {
    let subjects = groups
        .iter()
        .map(|g| {
            Value::Object(vec![
                ("kind".into(), text("Group")),
                ("apiGroup".into(), text(RBAC)),
                ("name".into(), text(g)),
            ])
        })
        .collect();
    Value::Object(vec![
        ("apiVersion".into(), text("rbac.authorization.k8s.io/v1")),
        ("kind".into(), text("ClusterRoleBinding")),
        ("metadata".into(), metadata(name, &[])),
        (
            "roleRef".into(),
            Value::Object(vec![
                ("apiGroup".into(), text(RBAC)),
                ("kind".into(), text("ClusterRole")),
                ("name".into(), text(name)),
            ]),
        ),
        ("subjects".into(), Value::Array(subjects)),
    ])
}

impl ApiServer {
    /// Writes the bootstrap cluster roles and bindings that do not exist yet (kube-apiserver
    /// reconciles them at start and leaves a changed one alone unless it is marked
    /// `autoupdate`; this server writes them once).
    pub(in crate::server) fn create_rbac_bootstrap(&self) -> Result<()> {
        let docs = ROLES
            .iter()
            .map(|r| ("ClusterRole", r.name, role_doc(r)))
            .chain(BINDINGS.iter().map(|(name, groups)| ("ClusterRoleBinding", *name, binding_doc(name, groups))));
        for (kind, name, doc) in docs {
            let Some(store) = self.tracker.store_of_kind(RBAC, kind) else { continue };
            if self.tracker.get(&store.gvr(), "", name, &GetOptions::default()).is_ok() {
                continue;
            }
            let mut obj = crate::tracker::meta::from_value(&store, &doc)?;
            self.apply_defaults(obj.as_mut());
            match self.tracker.create(&store.gvr(), "", obj, &CreateOptions::default()) {
                Err(e) if !e.is_already_exists() => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }
}
