//! Users through kapi-client against the test server: static bearer tokens, client certificates, self reviews, `401` for unknown tokens, RBAC authorization of requests and access reviews.

use crate::tls_support;

use std::sync::Arc;

use kapi_api::authentication::v1::SelfSubjectReview;
use kapi_api::authorization::v1::{
    NonResourceAttributes, ResourceAttributes, SelfSubjectRulesReview, SelfSubjectRulesReviewSpec, SubjectAccessReview,
    SubjectAccessReviewSpec,
};
use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta};
use kapi_api::rbac::v1::{ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject};
use kapi_client::clientset::Clientset;
use kapi_client::config::{Auth, PemSource};
use kapi_client::{Client, Config, Service, Transport};
use kapi_machinery::json::value::{Value, parse};
use kapi_testing::server::{AuthorizationMode, parse_token_file};
use kapi_testing::{ApiServer, Controllers, TestServer};

const TOKENS: &str = "alice-token,alice,1001,\"dev,ops\"\nadmin-token,admin,1,system:masters\n";

fn clientset(test: &TestServer, token: Option<&str>) -> Clientset {
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    if let Some(t) = token {
        config.auth = Auth::BearerToken(t.into());
    }
    Clientset::new(Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap())
}

async fn start(mode: AuthorizationMode) -> (Arc<ApiServer>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_controllers(Controllers::none());
    server.set_static_tokens(parse_token_file(TOKENS).unwrap());
    server.set_authorization_mode(mode);
    let test = TestServer::start(server.clone(), None).await.unwrap();
    (server, test)
}

/// A binding of `alice` to a role in `default`.
fn alice_binding(name: &str, kind: &str, role: &str) -> RoleBinding {
    RoleBinding {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        subjects: vec![Subject {
            kind: "User".into(),
            name: "alice".into(),
            api_group: "rbac.authorization.k8s.io".into(),
            ..Default::default()
        }],
        role_ref: RoleRef { api_group: "rbac.authorization.k8s.io".into(), kind: kind.into(), name: role.into() },
        ..Default::default()
    }
}

/// A resource rule.
fn rule(verbs: &[&str], group: &str, resources: &[&str]) -> PolicyRule {
    PolicyRule {
        verbs: Some(verbs.iter().map(|v| (*v).to_owned()).collect()),
        api_groups: vec![group.into()],
        resources: resources.iter().map(|r| (*r).to_owned()).collect(),
        ..Default::default()
    }
}

#[tokio::test]
async fn tokens_name_their_users() {
    let (_server, test) = start(AuthorizationMode::AlwaysAllow).await;
    let review = SelfSubjectReview::default();
    let me = clientset(&test, Some("alice-token"))
        .authentication_v1()
        .self_subject_reviews()
        .create(&review, &CreateOptions::default())
        .await
        .unwrap();
    let user = me.status.user_info;
    assert_eq!((user.username.as_str(), user.uid.as_str()), ("alice", "1001"));
    assert_eq!(user.groups, ["dev", "ops", "system:authenticated"]);
    let anonymous = clientset(&test, None)
        .authentication_v1()
        .self_subject_reviews()
        .create(&review, &CreateOptions::default())
        .await
        .unwrap();
    assert_eq!(anonymous.status.user_info.username, "system:anonymous");
    assert_eq!(anonymous.status.user_info.groups, ["system:unauthenticated"]);
    let err = clientset(&test, Some("made-up"))
        .core_v1()
        .config_maps("default")
        .list(&ListOptions::default())
        .await
        .unwrap_err();
    let status = &err.status().expect("a status").status;
    assert_eq!((status.code, status.message.as_str(), status.reason.0.as_str()), (401, "Unauthorized", "Unauthorized"));
}

#[tokio::test]
async fn rbac_allows_what_roles_grant() {
    let (_server, test) = start(AuthorizationMode::Rbac).await;
    let alice = clientset(&test, Some("alice-token"));
    let admin = clientset(&test, Some("admin-token"));
    let err = alice.core_v1().config_maps("default").list(&ListOptions::default()).await.unwrap_err();
    let status = &err.status().expect("a status").status;
    assert_eq!(status.code, 403);
    assert_eq!(
        status.message,
        r#"configmaps is forbidden: User "alice" cannot list resource "configmaps" in API group "" in the namespace "default""#
    );
    let role = Role {
        metadata: ObjectMeta { name: "reader".into(), namespace: "default".into(), ..Default::default() },
        rules: Some(vec![PolicyRule {
            verbs: Some(vec!["get".into(), "list".into()]),
            api_groups: vec![String::new()],
            resources: vec!["configmaps".into()],
            ..Default::default()
        }]),
        ..Default::default()
    };
    admin.rbac_v1().roles("default").create(&role, &CreateOptions::default()).await.unwrap();
    let binding = RoleBinding {
        metadata: ObjectMeta { name: "devs-read".into(), namespace: "default".into(), ..Default::default() },
        subjects: vec![Subject {
            kind: "Group".into(),
            name: "dev".into(),
            api_group: "rbac.authorization.k8s.io".into(),
            ..Default::default()
        }],
        role_ref: RoleRef { api_group: "rbac.authorization.k8s.io".into(), kind: "Role".into(), name: "reader".into() },
        ..Default::default()
    };
    admin.rbac_v1().role_bindings("default").create(&binding, &CreateOptions::default()).await.unwrap();
    alice.core_v1().config_maps("default").list(&ListOptions::default()).await.unwrap();
    // Reading is granted, writing is not, and not in another namespace.
    let cm = ConfigMap { metadata: ObjectMeta { name: "c".into(), ..Default::default() }, ..Default::default() };
    let err = alice.core_v1().config_maps("default").create(&cm, &CreateOptions::default()).await.unwrap_err();
    assert!(err.status().unwrap().status.message.contains(r#"User "alice" cannot create resource "configmaps""#));
    assert!(alice.core_v1().config_maps("kube-system").list(&ListOptions::default()).await.is_err());
    // Access reviews answer from the same rules.
    let review = |user: &str, verb: &str| SubjectAccessReview {
        spec: SubjectAccessReviewSpec {
            user: user.into(),
            groups: vec!["dev".into()],
            resource_attributes: Some(ResourceAttributes {
                namespace: "default".into(),
                verb: verb.into(),
                resource: "configmaps".into(),
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    let sar = admin.authorization_v1().subject_access_reviews();
    let yes = sar.create(&review("alice", "get"), &CreateOptions::default()).await.unwrap();
    assert!(yes.status.allowed);
    assert_eq!(
        yes.status.reason,
        r#"RBAC: allowed by RoleBinding "devs-read/default" of Role "reader" to User "alice""#
    );
    let no = sar.create(&review("alice", "delete"), &CreateOptions::default()).await.unwrap();
    assert!(!no.status.allowed);
}

#[tokio::test]
async fn client_certificates_name_their_users() {
    let ca = tls_support::Ca::new("client-ca");
    let serving = ca.server(&["127.0.0.1"]);
    let tls = kapi_testing::server::serve::tls_server_config(
        serving.cert_pem.as_bytes(),
        serving.key_pem.as_bytes(),
        Some(ca.cert_pem.as_bytes()),
    )
    .unwrap();
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_controllers(Controllers::none());
    server.set_static_tokens(parse_token_file(TOKENS).unwrap());
    let test = TestServer::start(server.clone(), Some(tls)).await.unwrap();
    let connect = |cert: Option<&tls_support::Issued>, token: Option<&str>| {
        let mut config = Config::new(test.url()).unwrap();
        config.retry.max_retries = 0;
        config.tls.ca = Some(PemSource::Data(ca.cert_pem.clone().into_bytes()));
        if let Some(c) = cert {
            config.tls.client_certificate = Some(PemSource::Data(c.cert_pem.clone().into_bytes()));
            config.tls.client_key = Some(PemSource::Data(c.key_pem.clone().into_bytes()));
        }
        if let Some(t) = token {
            config.auth = Auth::BearerToken(t.into());
        }
        Clientset::new(Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap())
    };
    let whoami = |cs: Clientset| async move {
        let review = SelfSubjectReview::default();
        let me = cs.authentication_v1().self_subject_reviews().create(&review, &CreateOptions::default()).await;
        me.unwrap().status.user_info
    };
    let carol = ca.client_in("carol", "system:masters");
    let user = whoami(connect(Some(&carol), None)).await;
    assert_eq!(user.username, "carol");
    assert_eq!(user.groups, ["system:masters", "system:authenticated"]);
    // The certificate comes before a bearer token, as kube-apiserver's x509 authenticator does.
    assert_eq!(whoami(connect(Some(&carol), Some("alice-token"))).await.username, "carol");
    // Without a certificate the connection still works: by token, or anonymously.
    assert_eq!(whoami(connect(None, Some("alice-token"))).await.username, "alice");
    assert_eq!(whoami(connect(None, None)).await.username, "system:anonymous");
    // A certificate from another CA is refused at the handshake.
    let rogue = tls_support::Ca::new("rogue").client_in("mallory", "system:masters");
    let refused = connect(Some(&rogue), None)
        .authentication_v1()
        .self_subject_reviews()
        .create(&SelfSubjectReview::default(), &CreateOptions::default())
        .await;
    assert!(refused.is_err());

    // Under RBAC the certificate's groups count: system:masters may do anything, a plain user
    // is refused with upstream's message naming it.
    server.set_authorization_mode(AuthorizationMode::Rbac);
    let cm = ConfigMap { metadata: ObjectMeta { name: "c".into(), ..Default::default() }, ..Default::default() };
    connect(Some(&carol), None).core_v1().config_maps("default").create(&cm, &CreateOptions::default()).await.unwrap();
    let dave = ca.client("dave");
    let e =
        connect(Some(&dave), None).core_v1().config_maps("default").list(&ListOptions::default()).await.unwrap_err();
    let status = e.status().unwrap();
    assert_eq!(status.code, 403);
    assert_eq!(
        status.status.message,
        r#"configmaps is forbidden: User "dave" cannot list resource "configmaps" in API group "" in the namespace "default""#
    );
}

/// A raw `GET` of a path with an optional bearer token: the status and the body.
async fn get_path(test: &TestServer, path: &str, token: Option<&str>) -> (u16, String) {
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let t = Transport::new(&config).unwrap();
    let mut req = http::Request::get(format!("{}{path}", test.url()));
    if let Some(token) = token {
        req = req.header("Authorization", format!("Bearer {token}"));
    }
    let resp = t.call(req.body(bytes::Bytes::new()).unwrap()).await.unwrap();
    let status = resp.status().as_u16();
    let body = kapi_client::body::collect(resp.into_body()).await.unwrap();
    (status, String::from_utf8_lossy(&body).into_owned())
}

#[tokio::test]
async fn the_bootstrap_roles_grant_discovery_aggregate_and_answer_rules_reviews() {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let mut controllers = Controllers::none();
    controllers.cluster_role_aggregation = true;
    server.set_controllers(controllers);
    server.set_static_tokens(parse_token_file(TOKENS).unwrap());
    server.set_authorization_mode(AuthorizationMode::Rbac);
    let test = TestServer::start(server.clone(), None).await.unwrap();

    // Paths outside the resources go by the roles' non-resource URLs: the version and health
    // to everyone, discovery to authenticated users.
    assert_eq!(get_path(&test, "/version", None).await.0, 200);
    assert_eq!(get_path(&test, "/healthz", None).await.0, 200);
    let (code, body) = get_path(&test, "/api", None).await;
    assert_eq!(code, 403);
    assert!(body.contains(r#""message":"forbidden: User \"system:anonymous\" cannot get path \"/api\"""#), "{body}");
    assert_eq!(get_path(&test, "/api", Some("alice-token")).await.0, 200);
    assert_eq!(get_path(&test, "/apis/apps/v1", Some("alice-token")).await.0, 200);
    assert_eq!(get_path(&test, "/metrics", Some("alice-token")).await.0, 403);

    // `view` gathers the rules of every role labelled to aggregate to it, a user's own too.
    let admin = clientset(&test, Some("admin-token"));
    let widgets = ClusterRole {
        metadata: ObjectMeta {
            name: "widget-viewer".into(),
            labels: [("rbac.authorization.k8s.io/aggregate-to-view".to_owned(), "true".to_owned())].into(),
            ..Default::default()
        },
        rules: Some(vec![PolicyRule {
            verbs: Some(vec!["get".into(), "list".into()]),
            api_groups: vec!["example.com".into()],
            resources: vec!["widgets".into()],
            ..Default::default()
        }]),
        ..Default::default()
    };
    admin.rbac_v1().cluster_roles().create(&widgets, &CreateOptions::default()).await.unwrap();
    let roles = admin.rbac_v1().cluster_roles();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let view = roles.get("view", &Default::default()).await.unwrap();
        let edit = roles.get("edit", &Default::default()).await.unwrap();
        let has = |r: &ClusterRole, resource: &str| {
            r.rules.iter().flatten().any(|p| p.resources.iter().any(|x| x == resource))
        };
        // `edit` aggregates `view` too, through its label.
        if has(&view, "widgets") && has(&view, "configmaps") && has(&edit, "widgets") && has(&edit, "secrets") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "view: {:?}", view.rules);
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    // Bound to `view` in a namespace, alice reads there and may not write.
    let binding = alice_binding("alice-view", "ClusterRole", "view");
    admin.rbac_v1().role_bindings("default").create(&binding, &CreateOptions::default()).await.unwrap();
    let alice = clientset(&test, Some("alice-token"));
    alice.core_v1().config_maps("default").list(&ListOptions::default()).await.unwrap();
    let cm = ConfigMap { metadata: ObjectMeta { name: "c".into(), ..Default::default() }, ..Default::default() };
    assert_eq!(
        alice
            .core_v1()
            .config_maps("default")
            .create(&cm, &CreateOptions::default())
            .await
            .unwrap_err()
            .status()
            .unwrap()
            .code,
        403
    );

    // Her rules review lists what her bindings grant there: the basic user's self reviews,
    // discovery's paths and the view role's rules.
    let review = SelfSubjectRulesReview {
        spec: SelfSubjectRulesReviewSpec { namespace: "default".into() },
        ..Default::default()
    };
    let rules =
        alice.authorization_v1().self_subject_rules_reviews().create(&review, &CreateOptions::default()).await.unwrap();
    let status = rules.status;
    assert!(!status.incomplete);
    let resource_rules = status.resource_rules.unwrap_or_default();
    assert!(resource_rules.iter().any(|r| r.resources == ["selfsubjectaccessreviews", "selfsubjectrulesreviews"]));
    assert!(resource_rules.iter().any(|r| r.resources.iter().any(|x| x == "widgets")));
    assert!(!resource_rules.iter().any(|r| r.resources.iter().any(|x| x == "*")));
    let paths = status.non_resource_rules.unwrap_or_default();
    assert!(paths.iter().any(|r| r.non_resource_urls.iter().any(|u| u == "/apis/*")));

    // Access reviews of paths answer from the same rules.
    let path_review = |groups: &[&str]| SubjectAccessReview {
        spec: SubjectAccessReviewSpec {
            user: "bob".into(),
            groups: groups.iter().map(|g| (*g).to_owned()).collect(),
            non_resource_attributes: Some(NonResourceAttributes { path: "/metrics".into(), verb: "get".into() }),
            ..Default::default()
        },
        ..Default::default()
    };
    let sar = admin.authorization_v1().subject_access_reviews();
    assert!(
        !sar.create(&path_review(&["system:authenticated"]), &CreateOptions::default()).await.unwrap().status.allowed
    );
    let monitoring = sar.create(&path_review(&["system:monitoring"]), &CreateOptions::default()).await.unwrap();
    assert!(monitoring.status.allowed);
    assert_eq!(
        monitoring.status.reason,
        r#"RBAC: allowed by ClusterRoleBinding "system:monitoring" of ClusterRole "system:monitoring" to User "bob""#
    );
}

#[tokio::test]
async fn roles_and_bindings_grant_only_what_their_writer_holds() {
    let (_server, test) = start(AuthorizationMode::Rbac).await;
    let admin = clientset(&test, Some("admin-token"));
    let alice = clientset(&test, Some("alice-token"));
    let role = |name: &str, rules: Vec<PolicyRule>| Role {
        metadata: ObjectMeta { name: name.into(), namespace: "default".into(), ..Default::default() },
        rules: Some(rules),
        ..Default::default()
    };
    let roles = |cs: &Clientset| cs.rbac_v1().roles("default");
    let bindings = |cs: &Clientset| cs.rbac_v1().role_bindings("default");
    // Alice may read config maps and write roles and bindings in `default`.
    let mine = role(
        "alice-rbac",
        vec![
            rule(&["get", "list"], "", &["configmaps"]),
            rule(&["create", "update"], "rbac.authorization.k8s.io", &["roles", "rolebindings"]),
        ],
    );
    roles(&admin).create(&mine, &CreateOptions::default()).await.unwrap();
    bindings(&admin)
        .create(&alice_binding("alice-rbac", "Role", "alice-rbac"), &CreateOptions::default())
        .await
        .unwrap();

    // What she holds she may grant; more she may not, in upstream's words.
    roles(&alice)
        .create(&role("cm-reader", vec![rule(&["get"], "", &["configmaps"])]), &CreateOptions::default())
        .await
        .unwrap();
    let greedy = role(
        "greedy",
        vec![rule(&["get", "list"], "", &["configmaps", "secrets"]), rule(&["delete"], "", &["configmaps"])],
    );
    let e = roles(&alice).create(&greedy, &CreateOptions::default()).await.unwrap_err();
    let s = e.status().unwrap();
    assert_eq!(s.code, 403);
    assert_eq!(
        s.status.message,
        "roles.rbac.authorization.k8s.io \"greedy\" is forbidden: user \"alice\" (groups=[\"dev\" \"ops\" \"system:authenticated\"]) \
         is attempting to grant RBAC permissions not currently held:\n\
         {APIGroups:[\"\"], Resources:[\"configmaps\"], Verbs:[\"delete\"]}\n\
         {APIGroups:[\"\"], Resources:[\"secrets\"], Verbs:[\"get\" \"list\"]}"
    );
    // A binding to a role whose rules she holds is fine; to `cluster-admin` it is not.
    bindings(&alice)
        .create(&alice_binding("to-cm-reader", "Role", "cm-reader"), &CreateOptions::default())
        .await
        .unwrap();
    let e = bindings(&alice)
        .create(&alice_binding("to-admin", "ClusterRole", "cluster-admin"), &CreateOptions::default())
        .await
        .unwrap_err();
    assert_eq!(e.status().unwrap().code, 403);
    assert!(e.status().unwrap().status.message.starts_with(
        "rolebindings.rbac.authorization.k8s.io \"to-admin\" is forbidden: user \"alice\" (groups=[\"dev\" \"ops\" \"system:authenticated\"]) is attempting to grant RBAC permissions not currently held:\n"
    ));
    // `escalate` on roles and `bind` on the `cluster-admin` cluster role lift the checks.
    let lift = role(
        "lift",
        vec![
            rule(&["escalate"], "rbac.authorization.k8s.io", &["roles"]),
            PolicyRule {
                resource_names: vec!["cluster-admin".into()],
                ..rule(&["bind"], "rbac.authorization.k8s.io", &["clusterroles"])
            },
        ],
    );
    roles(&admin).create(&lift, &CreateOptions::default()).await.unwrap();
    bindings(&admin).create(&alice_binding("lift", "Role", "lift"), &CreateOptions::default()).await.unwrap();
    roles(&alice).create(&greedy, &CreateOptions::default()).await.unwrap();
    bindings(&alice)
        .create(&alice_binding("to-admin", "ClusterRole", "cluster-admin"), &CreateOptions::default())
        .await
        .unwrap();
}

#[tokio::test]
async fn pod_logs_and_streams_are_authorized_too() {
    let (server, test) = start(AuthorizationMode::Rbac).await;
    let admin = clientset(&test, Some("admin-token"));
    let pod: kapi_api::core::v1::Pod = kapi_machinery::json::from_slice(
        br#"{"metadata":{"name":"p","namespace":"default"},"spec":{"containers":[{"name":"app","image":"nginx"}]}}"#,
    )
    .unwrap();
    // No service account loop runs here: the account the pod plugins look for is made by hand.
    let account = kapi_api::core::v1::ServiceAccount {
        metadata: ObjectMeta { name: "default".into(), ..Default::default() },
        ..Default::default()
    };
    admin.core_v1().service_accounts("default").create(&account, &CreateOptions::default()).await.unwrap();
    admin.core_v1().pods("default").create(&pod, &CreateOptions::default()).await.unwrap();
    server.append_pod_log("default", "p", "app", "hello\n");
    let log = "/api/v1/namespaces/default/pods/p/log";
    let (code, body) = get_path(&test, log, Some("alice-token")).await;
    assert_eq!(code, 403);
    assert!(
        body.contains(r#"pods \"p\" is forbidden: User \"alice\" cannot get resource \"pods/log\" in API group \"\" in the namespace \"default\""#),
        "{body}"
    );
    let role = Role {
        metadata: ObjectMeta { name: "debugger".into(), namespace: "default".into(), ..Default::default() },
        rules: Some(vec![rule(&["get"], "", &["pods/log", "pods/exec"])]),
        ..Default::default()
    };
    admin.rbac_v1().roles("default").create(&role, &CreateOptions::default()).await.unwrap();
    let binding = alice_binding("debugger", "Role", "debugger");
    admin.rbac_v1().role_bindings("default").create(&binding, &CreateOptions::default()).await.unwrap();
    assert_eq!(get_path(&test, log, Some("alice-token")).await, (200, "hello\n".to_owned()));
    // A WebSocket exec (a `GET`) also needs `create`, as on a v1.35 or later cluster.
    let (code, body) =
        get_path(&test, "/api/v1/namespaces/default/pods/p/exec?command=ls&stdout=true", Some("alice-token")).await;
    assert_eq!(code, 403);
    assert!(body.contains(r#"User \"alice\" cannot create resource \"pods/exec\""#), "{body}");
}

/// A subject access review's answer for a user: whether it is allowed, and why.
#[allow(clippy::too_many_arguments, reason = "a review's attributes, each named at its call")]
async fn review(
    admin: &Clientset,
    user: &str,
    groups: &[&str],
    verb: &str,
    group: &str,
    resource: &str,
    namespace: &str,
    name: &str,
) -> (bool, String) {
    let (resource, subresource) = resource.split_once('/').unwrap_or((resource, ""));
    let review = SubjectAccessReview {
        spec: SubjectAccessReviewSpec {
            user: user.into(),
            groups: groups.iter().map(|g| (*g).to_owned()).collect(),
            resource_attributes: Some(ResourceAttributes {
                namespace: namespace.into(),
                verb: verb.into(),
                group: group.into(),
                resource: resource.into(),
                subresource: subresource.into(),
                name: name.into(),
                ..Default::default()
            }),
            ..Default::default()
        },
        ..Default::default()
    };
    let status = admin
        .authorization_v1()
        .subject_access_reviews()
        .create(&review, &CreateOptions::default())
        .await
        .unwrap()
        .status;
    (status.allowed, status.reason)
}

#[tokio::test]
async fn the_bootstrap_policy_grants_controllers_schedulers_and_nodes_what_upstreams_does() {
    let (_server, test) = start(AuthorizationMode::Rbac).await;
    let admin = clientset(&test, Some("admin-token"));
    let rbac = admin.rbac_v1();

    // A controller's role carries upstream's rules, label and annotation, and is bound to the
    // loop's service account in `kube-system`.
    let role = rbac.cluster_roles().get("system:controller:deployment-controller", &Default::default()).await.unwrap();
    assert_eq!(role.metadata.labels.get("kubernetes.io/bootstrapping").map(String::as_str), Some("rbac-defaults"));
    assert_eq!(
        role.metadata.annotations.get("rbac.authorization.kubernetes.io/autoupdate").map(String::as_str),
        Some("true")
    );
    let rules = role.rules.unwrap_or_default();
    let status = &rules[1];
    assert_eq!(status.api_groups, ["apps", "extensions"]);
    assert_eq!(status.resources, ["deployments/status"]);
    assert_eq!(status.verbs.as_deref(), Some(&["update".to_owned()][..]));
    let binding =
        rbac.cluster_role_bindings().get("system:controller:deployment-controller", &Default::default()).await.unwrap();
    assert_eq!(binding.role_ref.kind, "ClusterRole");
    assert_eq!(binding.role_ref.name, "system:controller:deployment-controller");
    assert_eq!(
        binding.subjects.iter().map(|s| (s.kind.as_str(), s.namespace.as_str(), s.name.as_str())).collect::<Vec<_>>(),
        [("ServiceAccount", "kube-system", "deployment-controller")]
    );

    // Reviews for the loop's service account answer from that binding: what upstream grants,
    // nothing else.
    let sa = "system:serviceaccount:kube-system:deployment-controller";
    let sa_groups = ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"];
    let (allowed, reason) = review(&admin, sa, &sa_groups, "update", "apps", "replicasets", "default", "").await;
    assert!(allowed);
    assert!(reason.contains(r#"ClusterRoleBinding "system:controller:deployment-controller""#), "{reason}");
    assert!(review(&admin, sa, &sa_groups, "update", "apps", "deployments/status", "default", "").await.0);
    assert!(review(&admin, sa, &sa_groups, "create", "apps", "replicasets", "team", "").await.0);
    assert!(review(&admin, sa, &sa_groups, "update", "", "pods", "default", "").await.0);
    assert!(!review(&admin, sa, &sa_groups, "delete", "", "secrets", "default", "").await.0);
    assert!(!review(&admin, sa, &sa_groups, "get", "", "secrets", "default", "").await.0);
    assert!(!review(&admin, sa, &sa_groups, "delete", "apps", "deployments", "default", "").await.0);
    assert!(!review(&admin, sa, &sa_groups, "create", "", "pods", "default", "").await.0);

    // Other loops: the namespace controller deletes anything; the legacy token cleaner reads
    // one named config map only.
    let ns_sa = "system:serviceaccount:kube-system:namespace-controller";
    assert!(review(&admin, ns_sa, &sa_groups, "deletecollection", "example.com", "widgets", "gone", "").await.0);
    assert!(!review(&admin, ns_sa, &sa_groups, "create", "", "configmaps", "gone", "").await.0);
    let cleaner = "system:serviceaccount:kube-system:legacy-service-account-token-cleaner";
    let tracking = "kube-apiserver-legacy-service-account-token-tracking";
    assert!(review(&admin, cleaner, &sa_groups, "get", "", "configmaps", "kube-system", tracking).await.0);
    assert!(!review(&admin, cleaner, &sa_groups, "get", "", "configmaps", "kube-system", "other").await.0);
    assert!(review(&admin, cleaner, &sa_groups, "delete", "", "secrets", "kube-system", "t").await.0);

    // kube-scheduler binds pods, and holds its own lease by name (and any lease in
    // `kube-system`, through its leader-locking Role there); `system:volume-scheduler` is its too.
    let sched = "system:kube-scheduler";
    let auth = ["system:authenticated"];
    assert!(review(&admin, sched, &auth, "create", "", "pods/binding", "default", "p").await.0);
    assert!(review(&admin, sched, &auth, "patch", "", "persistentvolumes", "", "pv").await.0);
    assert!(!review(&admin, sched, &auth, "create", "", "pods", "default", "").await.0);
    assert!(
        review(&admin, sched, &auth, "update", "coordination.k8s.io", "leases", "default", "kube-scheduler").await.0
    );
    assert!(!review(&admin, sched, &auth, "update", "coordination.k8s.io", "leases", "default", "other").await.0);
    let (allowed, reason) =
        review(&admin, sched, &auth, "update", "coordination.k8s.io", "leases", "kube-system", "other").await;
    assert!(allowed);
    assert!(reason.contains("system::leader-locking-kube-scheduler"), "{reason}");

    // kube-controller-manager lists and watches everything, reads config maps, creates tokens
    // and updates its own lease by name only, and deletes no pods.
    let kcm = "system:kube-controller-manager";
    assert!(review(&admin, kcm, &auth, "list", "", "secrets", "default", "").await.0);
    assert!(review(&admin, kcm, &auth, "watch", "example.com", "widgets", "", "").await.0);
    assert!(review(&admin, kcm, &auth, "get", "", "configmaps", "default", "any").await.0);
    assert!(review(&admin, kcm, &auth, "create", "", "serviceaccounts/token", "default", "sa").await.0);
    let lease = |name| review(&admin, kcm, &auth, "update", "coordination.k8s.io", "leases", "default", name);
    assert!(lease("kube-controller-manager").await.0);
    assert!(!lease("other").await.0);
    assert!(!review(&admin, kcm, &auth, "update", "", "configmaps", "default", "any").await.0);
    assert!(!review(&admin, kcm, &auth, "delete", "", "pods", "default", "p").await.0);

    // The scheduler, which may read no config maps through its cluster role, reads the
    // authentication config map of `kube-system` through the RoleBinding there, and no other.
    let authn = "extension-apiserver-authentication";
    let (allowed, reason) = review(&admin, sched, &auth, "get", "", "configmaps", "kube-system", authn).await;
    assert!(allowed);
    assert!(reason.contains("system::extension-apiserver-authentication-reader"), "{reason}");
    assert!(!review(&admin, sched, &auth, "get", "", "configmaps", "kube-system", "other").await.0);
    assert!(!review(&admin, sched, &auth, "get", "", "configmaps", "default", authn).await.0);

    // `system:node` exists but upstream binds it to no one (the Node authorizer serves nodes).
    let node = rbac.cluster_roles().get("system:node", &Default::default()).await.unwrap();
    assert!(node.rules.unwrap_or_default().iter().any(|r| r.resources == ["pods/eviction"]));
    let binding = rbac.cluster_role_bindings().get("system:node", &Default::default()).await.unwrap();
    assert!(binding.subjects.is_empty(), "{:?}", binding.subjects);
    assert!(
        !review(&admin, "system:node:n1", &["system:nodes", "system:authenticated"], "get", "", "nodes", "", "n1")
            .await
            .0
    );
    let proxier = rbac.cluster_role_bindings().get("system:node-proxier", &Default::default()).await.unwrap();
    assert_eq!(proxier.subjects.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["system:kube-proxy"]);

    // The Roles of `kube-system` and `kube-public`, with their resource names, and their bindings.
    let reader =
        rbac.roles("kube-system").get("extension-apiserver-authentication-reader", &Default::default()).await.unwrap();
    assert_eq!(reader.metadata.labels.get("kubernetes.io/bootstrapping").map(String::as_str), Some("rbac-defaults"));
    let rules = reader.rules.unwrap_or_default();
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0].resources, ["configmaps"]);
    assert_eq!(rules[0].resource_names, ["extension-apiserver-authentication"]);
    let binding = rbac
        .role_bindings("kube-system")
        .get("system::extension-apiserver-authentication-reader", &Default::default())
        .await
        .unwrap();
    assert_eq!(
        (binding.role_ref.kind.as_str(), binding.role_ref.name.as_str()),
        ("Role", "extension-apiserver-authentication-reader")
    );
    assert_eq!(
        binding.subjects.iter().map(|s| (s.kind.as_str(), s.name.as_str())).collect::<Vec<_>>(),
        [("User", "system:kube-controller-manager"), ("User", "system:kube-scheduler")]
    );
    let mut names: Vec<String> = rbac
        .roles("kube-system")
        .list(&ListOptions::default())
        .await
        .unwrap()
        .items
        .into_iter()
        .flatten()
        .map(|r| r.metadata.name)
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "extension-apiserver-authentication-reader",
            "system::leader-locking-kube-controller-manager",
            "system::leader-locking-kube-scheduler",
            "system:controller:bootstrap-signer",
            "system:controller:cloud-provider",
            "system:controller:token-cleaner",
        ]
    );
    let signer = "system:serviceaccount:kube-system:bootstrap-signer";
    assert!(review(&admin, signer, &sa_groups, "update", "", "configmaps", "kube-public", "cluster-info").await.0);
    assert!(!review(&admin, signer, &sa_groups, "update", "", "configmaps", "kube-public", "other").await.0);
    assert!(!review(&admin, signer, &sa_groups, "update", "", "configmaps", "default", "cluster-info").await.0);
    assert!(review(&admin, signer, &sa_groups, "list", "", "secrets", "kube-system", "").await.0);
    assert!(!review(&admin, signer, &sa_groups, "list", "", "secrets", "default", "").await.0);
    let lock = rbac
        .role_bindings("kube-system")
        .get("system::leader-locking-kube-controller-manager", &Default::default())
        .await
        .unwrap();
    assert_eq!(
        lock.subjects.iter().map(|s| (s.kind.as_str(), s.name.as_str())).collect::<Vec<_>>(),
        [
            ("User", "system:kube-controller-manager"),
            ("ServiceAccount", "kube-controller-manager"),
            ("ServiceAccount", "leader-election-controller")
        ]
    );
}

#[tokio::test]
async fn policies_ask_the_authorizer_for_the_requester() {
    use kapi_api::admissionregistration::v1::{ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding};
    fn from<T: kapi_machinery::json::JsonDecode + Default>(json: &str) -> T {
        kapi_machinery::json::from_slice(json.as_bytes()).unwrap()
    }
    let (_server, test) = start(AuthorizationMode::Rbac).await;
    let alice = clientset(&test, Some("alice-token"));
    let admin = clientset(&test, Some("admin-token"));
    // Creating a config map labelled `tier: gold` takes the custom verb `approve` on it.
    let policy: ValidatingAdmissionPolicy = from(
        r#"{"metadata":{"name":"gold-needs-approval"},"spec":{
            "matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["configmaps"]}]},
            "matchConditions":[{"name":"gold","expression":"has(object.metadata.labels) && object.metadata.labels['tier'] == 'gold'"}],
            "validations":[{"expression":"authorizer.requestResource.check('approve').allowed()","messageExpression":"'approve on configmaps needed, '"}]}}"#,
    );
    admin
        .admissionregistration_v1()
        .validating_admission_policies()
        .create(&policy, &CreateOptions::default())
        .await
        .unwrap();
    let binding: ValidatingAdmissionPolicyBinding = from(
        r#"{"metadata":{"name":"gold"},"spec":{"policyName":"gold-needs-approval","validationActions":["Deny"]}}"#,
    );
    admin
        .admissionregistration_v1()
        .validating_admission_policy_bindings()
        .create(&binding, &CreateOptions::default())
        .await
        .unwrap();
    let writer = Role {
        metadata: ObjectMeta { name: "cm-writer".into(), namespace: "default".into(), ..Default::default() },
        rules: Some(vec![rule(&["create"], "", &["configmaps"])]),
        ..Default::default()
    };
    admin.rbac_v1().roles("default").create(&writer, &CreateOptions::default()).await.unwrap();
    admin
        .rbac_v1()
        .role_bindings("default")
        .create(&alice_binding("alice-writes", "Role", "cm-writer"), &CreateOptions::default())
        .await
        .unwrap();
    let gold = |name: &str| ConfigMap {
        metadata: ObjectMeta {
            name: name.into(),
            labels: [("tier".to_owned(), "gold".to_owned())].into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let cms = alice.core_v1().config_maps("default");
    let err = cms.create(&gold("first"), &CreateOptions::default()).await.unwrap_err();
    let st = &err.status().expect("a status").status;
    assert_eq!(st.code, 422);
    // The message expression's text, trimmed as upstream trims it. (Upstream declares no
    // `authorizer` for message expressions, so the reason cannot be part of it.)
    assert!(st.message.ends_with("denied request: approve on configmaps needed,"), "{}", st.message);
    // Not gold: the match condition leaves it alone.
    let plain = ConfigMap { metadata: ObjectMeta { name: "plain".into(), ..Default::default() }, ..Default::default() };
    cms.create(&plain, &CreateOptions::default()).await.unwrap();
    // With `approve` granted, the check allows (and the admin, in system:masters, always could).
    let approver = Role {
        metadata: ObjectMeta { name: "cm-approver".into(), namespace: "default".into(), ..Default::default() },
        rules: Some(vec![rule(&["approve"], "", &["configmaps"])]),
        ..Default::default()
    };
    admin.rbac_v1().roles("default").create(&approver, &CreateOptions::default()).await.unwrap();
    admin
        .rbac_v1()
        .role_bindings("default")
        .create(&alice_binding("alice-approves", "Role", "cm-approver"), &CreateOptions::default())
        .await
        .unwrap();
    cms.create(&gold("second"), &CreateOptions::default()).await.unwrap();
    admin.core_v1().config_maps("default").create(&gold("third"), &CreateOptions::default()).await.unwrap();
}

/// Sends a JSON body (a merge patch for `PATCH`) as the token's user; the status and the answer.
async fn send(test: &TestServer, method: &str, path: &str, token: &str, body: &str) -> (u16, Value) {
    let mut config = Config::new(test.url()).unwrap();
    config.retry.max_retries = 0;
    let t = Transport::new(&config).unwrap();
    let content_type = if method == "PATCH" { "application/merge-patch+json" } else { "application/json" };
    let req = http::Request::builder()
        .method(method)
        .uri(format!("{}{path}", test.url()))
        .header("Authorization", format!("Bearer {token}"))
        .header("Content-Type", content_type)
        .body(bytes::Bytes::from(body.to_owned()))
        .unwrap();
    let resp = t.call(req).await.unwrap();
    let status = resp.status().as_u16();
    let data = kapi_client::body::collect(resp.into_body()).await.unwrap();
    (status, parse(&data).unwrap())
}

/// A refusal's message and its causes' fields and reasons.
fn refusal(answer: &Value) -> (String, Vec<(String, String)>) {
    let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    let causes = match answer.get("details").and_then(|d| d.get("causes")) {
        Some(Value::Array(c)) => c.iter().map(|c| (text(c, "field"), text(c, "reason"))).collect(),
        _ => Vec::new(),
    };
    (text(answer, "message"), causes)
}

const POLICIES: &str = "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies";
const MUTATING: &str = "/apis/admissionregistration.k8s.io/v1/mutatingadmissionpolicies";
const BINDINGS: &str = "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings";
const MUTATING_BINDINGS: &str = "/apis/admissionregistration.k8s.io/v1/mutatingadmissionpolicybindings";
/// What `alice` is, as upstream's registry prints her.
const ALICE: &str = "&{alice 1001 [dev ops system:authenticated] map[]}";

/// A validating policy on config maps, with `param_kind` (JSON) as its `paramKind`.
fn validating_policy(name: &str, param_kind: &str) -> String {
    format!(
        r#"{{"metadata":{{"name":"{name}"}},"spec":{{"paramKind":{param_kind},
            "matchConstraints":{{"resourceRules":[{{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["configmaps"]}}]}},
            "validations":[{{"expression":"true"}}]}}}}"#
    )
}

/// A mutating policy on config maps, with `param_kind` (JSON) as its `paramKind`.
fn mutating_policy(name: &str, param_kind: &str) -> String {
    format!(
        r#"{{"metadata":{{"name":"{name}"}},"spec":{{"paramKind":{param_kind},
            "matchConstraints":{{"resourceRules":[{{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["configmaps"]}}]}},
            "reinvocationPolicy":"Never",
            "mutations":[{{"patchType":"ApplyConfiguration","applyConfiguration":{{"expression":"Object{{}}"}}}}]}}}}"#
    )
}

/// Grants `alice` a cluster role with `rules` through a cluster role binding, both named `name`.
async fn grant_cluster_wide(admin: &Clientset, name: &str, rules: Vec<PolicyRule>) {
    let role = ClusterRole {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        rules: Some(rules),
        ..Default::default()
    };
    admin.rbac_v1().cluster_roles().create(&role, &CreateOptions::default()).await.unwrap();
    let binding = ClusterRoleBinding {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        subjects: vec![Subject {
            kind: "User".into(),
            name: "alice".into(),
            api_group: "rbac.authorization.k8s.io".into(),
            ..Default::default()
        }],
        role_ref: RoleRef {
            api_group: "rbac.authorization.k8s.io".into(),
            kind: "ClusterRole".into(),
            name: name.into(),
        },
        ..Default::default()
    };
    admin.rbac_v1().cluster_role_bindings().create(&binding, &CreateOptions::default()).await.unwrap();
}

/// Lets `alice` write admission policies and their bindings, nothing more.
async fn policy_writer(admin: &Clientset) {
    let resources = [
        "validatingadmissionpolicies",
        "mutatingadmissionpolicies",
        "validatingadmissionpolicybindings",
        "mutatingadmissionpolicybindings",
    ];
    let rules = vec![rule(&["create", "update", "patch", "get"], "admissionregistration.k8s.io", &resources)];
    grant_cluster_wide(admin, "policy-writer", rules).await;
}

#[tokio::test]
async fn policy_param_kinds_need_get_on_every_parameter() {
    // Upstream's validatingadmissionpolicy and mutatingadmissionpolicy `TestAuthorization`
    // ("superuser", "authorized", "denied"), through the server's RBAC.
    let (_server, test) = start(AuthorizationMode::Rbac).await;
    let admin = clientset(&test, Some("admin-token"));
    policy_writer(&admin).await;
    let config_maps = r#"{"apiVersion":"v1","kind":"ConfigMap"}"#;
    // "denied": a well-formed policy, refused at `spec.paramKind` in upstream's words.
    let (code, answer) = send(&test, "POST", POLICIES, "alice-token", &validating_policy("p", config_maps)).await;
    assert_eq!(code, 422, "{answer:?}");
    let want = format!(
        "ValidatingAdmissionPolicy.admissionregistration.k8s.io \"p\" is invalid: spec.paramKind: Forbidden: user \
         {ALICE} must have \"get\" permission on all objects of the referenced paramKind (kind=ConfigMap, apiVersion=v1)"
    );
    assert_eq!(refusal(&answer), (want, vec![("spec.paramKind".to_owned(), "FieldValueForbidden".to_owned())]));
    let (code, answer) = send(&test, "POST", MUTATING, "alice-token", &mutating_policy("m", config_maps)).await;
    assert_eq!(code, 422, "{answer:?}");
    assert!(refusal(&answer).0.starts_with(
        "MutatingAdmissionPolicy.admissionregistration.k8s.io \"m\" is invalid: spec.paramKind: Forbidden: user &{alice"
    ));
    // An invalid policy gets its validation errors only, as upstream checks valid ones alone.
    let broken = validating_policy("broken", config_maps).replace(r#""expression":"true""#, r#""expression":"""#);
    let (code, answer) = send(&test, "POST", POLICIES, "alice-token", &broken).await;
    assert_eq!(code, 422);
    assert!(refusal(&answer).1.iter().all(|(field, _)| field != "spec.paramKind"), "{answer:?}");
    // Reading them in one namespace is not reading every object.
    let reader = Role {
        metadata: ObjectMeta { name: "cm-reader".into(), namespace: "default".into(), ..Default::default() },
        rules: Some(vec![rule(&["get"], "", &["configmaps"])]),
        ..Default::default()
    };
    admin.rbac_v1().roles("default").create(&reader, &CreateOptions::default()).await.unwrap();
    admin
        .rbac_v1()
        .role_bindings("default")
        .create(&alice_binding("cm-reader", "Role", "cm-reader"), &CreateOptions::default())
        .await
        .unwrap();
    let (code, _) = send(&test, "POST", POLICIES, "alice-token", &validating_policy("p", config_maps)).await;
    assert_eq!(code, 422);
    // "authorized": `get` on config maps cluster-wide.
    grant_cluster_wide(&admin, "cm-reader", vec![rule(&["get"], "", &["configmaps"])]).await;
    let (code, answer) = send(&test, "POST", POLICIES, "alice-token", &validating_policy("p", config_maps)).await;
    assert_eq!(code, 201, "{answer:?}");
    let (code, answer) = send(&test, "POST", MUTATING, "alice-token", &mutating_policy("m", config_maps)).await;
    assert_eq!(code, 201, "{answer:?}");
    // A kind the server does not serve needs `get` on every resource of its group.
    let unserved = r#"{"apiVersion":"example.com/v1","kind":"Limits"}"#;
    let (code, answer) = send(&test, "POST", POLICIES, "alice-token", &validating_policy("q", unserved)).await;
    assert_eq!(code, 422, "{answer:?}");
    assert!(refusal(&answer).0.ends_with("(kind=Limits, apiVersion=example.com/v1)"));
    // "superuser": system:masters is never checked.
    let (code, answer) = send(&test, "POST", POLICIES, "admin-token", &validating_policy("q", unserved)).await;
    assert_eq!(code, 201, "{answer:?}");
    // Without the grant, an update keeping the paramKind is not checked again; one changing it is.
    admin.rbac_v1().cluster_role_bindings().delete("cm-reader", &Default::default()).await.unwrap();
    let keep = r#"{"spec":{"failurePolicy":"Ignore"}}"#;
    let (code, answer) = send(&test, "PATCH", &format!("{POLICIES}/p"), "alice-token", keep).await;
    assert_eq!(code, 200, "{answer:?}");
    let (code, answer) = send(&test, "PATCH", &format!("{MUTATING}/m"), "alice-token", keep).await;
    assert_eq!(code, 200, "{answer:?}");
    let change = r#"{"spec":{"paramKind":{"apiVersion":"v1","kind":"Secret"}}}"#;
    let (code, answer) = send(&test, "PATCH", &format!("{POLICIES}/p"), "alice-token", change).await;
    assert_eq!(code, 422, "{answer:?}");
    assert!(refusal(&answer).0.ends_with("(kind=Secret, apiVersion=v1)"), "{answer:?}");
}

#[tokio::test]
async fn binding_param_refs_need_get_on_the_parameters() {
    // Upstream's validatingadmissionpolicybinding and mutatingadmissionpolicybinding
    // `TestAuthorization` ("superuser", "authorized", "denied"), through the server's RBAC.
    let (_server, test) = start(AuthorizationMode::Rbac).await;
    let admin = clientset(&test, Some("admin-token"));
    policy_writer(&admin).await;
    let config_maps = r#"{"apiVersion":"v1","kind":"ConfigMap"}"#;
    let (code, _) = send(&test, "POST", POLICIES, "admin-token", &validating_policy("p", config_maps)).await;
    assert_eq!(code, 201);
    let (code, _) = send(&test, "POST", MUTATING, "admin-token", &mutating_policy("m", config_maps)).await;
    assert_eq!(code, 201);
    let binding = |name: &str, policy: &str, param_ref: &str| {
        format!(
            r#"{{"metadata":{{"name":"{name}"}},"spec":{{"policyName":"{policy}","paramRef":{param_ref},"validationActions":["Deny"]}}}}"#
        )
    };
    let mutating_binding = |name: &str, policy: &str, param_ref: &str| {
        format!(r#"{{"metadata":{{"name":"{name}"}},"spec":{{"policyName":"{policy}","paramRef":{param_ref}}}}}"#)
    };
    let limits = r#"{"name":"limits","namespace":"default","parameterNotFoundAction":"Deny"}"#;
    // "denied", in upstream's words (its format swaps the verb and the user).
    let (code, answer) = send(&test, "POST", BINDINGS, "alice-token", &binding("b", "p", limits)).await;
    assert_eq!(code, 422, "{answer:?}");
    let want = format!(
        "ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io \"b\" is invalid: spec.paramRef: Forbidden: \
         user get does not have \"{ALICE}\" permission on the object referenced by paramRef"
    );
    assert_eq!(refusal(&answer), (want, vec![("spec.paramRef".to_owned(), "FieldValueForbidden".to_owned())]));
    let (code, answer) =
        send(&test, "POST", MUTATING_BINDINGS, "alice-token", &mutating_binding("mb", "m", limits)).await;
    assert_eq!(code, 422, "{answer:?}");
    assert!(refusal(&answer).0.contains("spec.paramRef: Forbidden: user get does not have"), "{answer:?}");
    // "authorized": `get` on that one config map, in its namespace.
    let reader = Role {
        metadata: ObjectMeta { name: "limits-reader".into(), namespace: "default".into(), ..Default::default() },
        rules: Some(vec![PolicyRule { resource_names: vec!["limits".into()], ..rule(&["get"], "", &["configmaps"]) }]),
        ..Default::default()
    };
    admin.rbac_v1().roles("default").create(&reader, &CreateOptions::default()).await.unwrap();
    admin
        .rbac_v1()
        .role_bindings("default")
        .create(&alice_binding("limits-reader", "Role", "limits-reader"), &CreateOptions::default())
        .await
        .unwrap();
    let (code, answer) = send(&test, "POST", BINDINGS, "alice-token", &binding("b", "p", limits)).await;
    assert_eq!(code, 201, "{answer:?}");
    let (code, answer) =
        send(&test, "POST", MUTATING_BINDINGS, "alice-token", &mutating_binding("mb", "m", limits)).await;
    assert_eq!(code, 201, "{answer:?}");
    // Another name, a selector (`list`), or a policy that does not exist (every resource of
    // every group) is not covered.
    let other = r#"{"name":"other","namespace":"default","parameterNotFoundAction":"Deny"}"#;
    let (code, _) = send(&test, "POST", BINDINGS, "alice-token", &binding("c", "p", other)).await;
    assert_eq!(code, 422);
    let selected = r#"{"selector":{},"namespace":"default","parameterNotFoundAction":"Deny"}"#;
    let (code, answer) = send(&test, "POST", BINDINGS, "alice-token", &binding("c", "p", selected)).await;
    assert_eq!(code, 422);
    assert!(refusal(&answer).0.contains("user list does not have"), "{answer:?}");
    let (code, _) = send(&test, "POST", BINDINGS, "alice-token", &binding("c", "ghost", limits)).await;
    assert_eq!(code, 422);
    // "superuser".
    let (code, answer) = send(&test, "POST", BINDINGS, "admin-token", &binding("c", "ghost", selected)).await;
    assert_eq!(code, 201, "{answer:?}");
    // Without the grant, even an update keeping the reference is checked again: upstream's
    // comparison never finds two references with a `parameterNotFoundAction` equal.
    admin.rbac_v1().role_bindings("default").delete("limits-reader", &Default::default()).await.unwrap();
    let keep = r#"{"spec":{"validationActions":["Warn"]}}"#;
    let (code, answer) = send(&test, "PATCH", &format!("{BINDINGS}/b"), "alice-token", keep).await;
    assert_eq!(code, 422, "{answer:?}");
    // A binding without a reference is never checked.
    let (code, answer) =
        send(&test, "PATCH", &format!("{BINDINGS}/b"), "alice-token", r#"{"spec":{"paramRef":null}}"#).await;
    assert_eq!(code, 200, "{answer:?}");
}
