//! The typed subresource methods of the generated clientset against the fake and the test server
//! (over HTTP, in protobuf and in JSON): `scale` of every scalable kind with its group's `Scale`,
//! pods' `eviction`, `binding`, `ephemeralcontainers` and `resize`, service accounts' `token`,
//! certificate signing requests' `approval`; dry run on every write; and every `+genclient` kind
//! of the API tree served, listed and discoverable.

use crate::csr_support;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use csr_support::CSR_PEM;
use kapi_api::apps::v1::{Deployment, DeploymentSpec, DeploymentStatus, ReplicaSet, ReplicaSetSpec, StatefulSet};
use kapi_api::authentication::v1::{TokenRequest, TokenRequestSpec};
use kapi_api::certificates::v1::{
    CertificateSigningRequest, CertificateSigningRequestCondition, CertificateSigningRequestSpec, RequestConditionType,
};
use kapi_api::core::v1::{
    Binding, ConditionStatus, Container, ContainerPort, EphemeralContainer, EphemeralContainerCommon, ObjectReference,
    Pod, PodCondition, PodConditionType, PodPhase, PodSpec, ReplicationController, ReplicationControllerSpec,
    ResourceName, ResourceRequirements, ServiceAccount,
};
use kapi_api::meta::v1::{
    ApplyOptions, CreateOptions, DeleteOptions, GetOptions, LabelSelector, LabelSelectorOperator,
    LabelSelectorRequirement, ObjectMeta, PatchOptions, STATUS_SUCCESS, UpdateOptions,
};
use kapi_api::policy::v1::{Eviction, PodDisruptionBudget, PodDisruptionBudgetSpec, UnhealthyPodEvictionPolicyType};
use kapi_client::clientset::Clientset;
use kapi_client::{Client, Config, ContentType, Error, Patch, Transport};
use kapi_machinery::json::value::{self, Value};
use kapi_machinery::types::{Quantity, Time};
use kapi_testing::{ApiServer, TestServer};

/// Where a test's clientset talks to.
#[derive(Debug, Clone, Copy)]
enum Backend {
    /// The fake: in-process, no network.
    Fake,
    /// The test server over HTTP, preferring this encoding.
    Http(ContentType),
}

const BACKENDS: [Backend; 3] = [Backend::Fake, Backend::Http(ContentType::Protobuf), Backend::Http(ContentType::Json)];

/// A clientset over a fresh server; the test server (if any) lives as long as the tuple.
async fn clientset(backend: Backend) -> (Clientset, Arc<ApiServer>, Option<TestServer>) {
    match backend {
        Backend::Fake => {
            let (cs, server) = kapi_testing::fake_clientset().unwrap();
            (cs, server, None)
        }
        Backend::Http(content) => {
            let server = Arc::new(ApiServer::serving_everything());
            server.register_builtin();
            let test = TestServer::start(server.clone(), None).await.unwrap();
            server.create_namespace("ns").unwrap();
            // No retries: the eviction tests read the `429`s themselves.
            let mut config = Config::new(test.url()).unwrap();
            config.retry.max_retries = 0;
            let transport = Arc::new(Transport::new(&config).unwrap());
            let client = Client::new(transport, test.url()).unwrap().with_content_type(content);
            (Clientset::new(client), server, Some(test))
        }
    }
}

fn meta(name: &str) -> ObjectMeta {
    ObjectMeta { name: name.into(), namespace: "ns".into(), ..Default::default() }
}

fn dry_create() -> CreateOptions {
    CreateOptions { dry_run: vec!["All".into()], ..Default::default() }
}

fn dry_update() -> UpdateOptions {
    UpdateOptions { dry_run: vec!["All".into()], ..Default::default() }
}

fn code(e: &Error) -> u16 {
    e.status().map(|s| s.code).unwrap_or_default()
}

/// The last request's query, to check that dry run travelled as a query parameter.
fn last_query(server: &ApiServer) -> String {
    server.requests().last().map(|r| r.query.clone()).unwrap_or_default()
}

fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect()
}

fn selector() -> LabelSelector {
    LabelSelector {
        match_labels: labels(&[("app", "web")]),
        match_expressions: vec![LabelSelectorRequirement {
            key: "tier".into(),
            operator: LabelSelectorOperator(LabelSelectorOperator::IN.into()),
            values: vec!["a".into(), "b".into()],
        }],
    }
}

/// A pod template with the given labels and one container, which validation accepts.
fn pod_template(pairs: &[(&str, &str)]) -> kapi_api::core::v1::PodTemplateSpec {
    kapi_api::core::v1::PodTemplateSpec {
        metadata: ObjectMeta { labels: labels(pairs), ..Default::default() },
        spec: PodSpec {
            containers: Some(vec![Container { name: "app".into(), image: "nginx".into(), ..Default::default() }]),
            ..Default::default()
        },
    }
}

fn deployment(name: &str, replicas: i32) -> Deployment {
    Deployment {
        metadata: meta(name),
        spec: DeploymentSpec {
            replicas: Some(replicas),
            selector: Some(selector()),
            template: pod_template(&[("app", "web"), ("tier", "a")]),
            ..Default::default()
        },
        ..Default::default()
    }
}

#[tokio::test]
async fn deployment_scale_reads_and_writes_replicas() {
    for backend in BACKENDS {
        let (cs, server, _test) = clientset(backend).await;
        let api = cs.apps_v1().deployments("ns");
        let created = api.create(&deployment("web", 2), &CreateOptions::default()).await.unwrap();
        let mut with_status = created.clone();
        with_status.status = DeploymentStatus { replicas: 2, ..Default::default() };
        api.update_status(&with_status, &UpdateOptions::default()).await.unwrap();

        let scale = api.get_scale("web", &GetOptions::default()).await.unwrap();
        assert_eq!(scale.type_meta.kind, "Scale", "{backend:?}");
        assert_eq!(scale.type_meta.api_version, "autoscaling/v1", "{backend:?}");
        assert_eq!((scale.metadata.name.as_str(), scale.metadata.namespace.as_str()), ("web", "ns"));
        assert_eq!(scale.metadata.uid, created.metadata.uid);
        assert_eq!((scale.spec.replicas, scale.status.replicas), (2, 2), "{backend:?}");
        assert_eq!(scale.status.selector, "app=web,tier in (a,b)", "{backend:?}");

        // Update: spec.replicas changes, and with it the generation; the status stays.
        let mut up = scale.clone();
        up.spec.replicas = 5;
        let updated = api.update_scale("web", &up, &UpdateOptions::default()).await.unwrap();
        assert_eq!((updated.spec.replicas, updated.status.replicas), (5, 2), "{backend:?}");
        let stored = api.get("web", &GetOptions::default()).await.unwrap();
        assert_eq!(stored.spec.replicas, Some(5));
        assert_eq!(stored.metadata.generation, created.metadata.generation + 1);
        assert_eq!(updated.metadata.resource_version, stored.metadata.resource_version);

        // Dry run: the answer is what would be stored; nothing is.
        let mut dry = updated.clone();
        dry.spec.replicas = 9;
        let answer = api.update_scale("web", &dry, &dry_update()).await.unwrap();
        assert_eq!(answer.spec.replicas, 9);
        assert!(last_query(&server).contains("dryRun=All"), "{backend:?}");
        assert_eq!(api.get("web", &GetOptions::default()).await.unwrap().spec.replicas, Some(5));

        // A stale resource version conflicts; negative replicas are invalid.
        let err = api.update_scale("web", &scale, &UpdateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 409, "{err}");
        let mut negative = updated.clone();
        negative.spec.replicas = -1;
        negative.metadata.resource_version.clear();
        let err = api.update_scale("web", &negative, &UpdateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 422, "{err}");
        assert!(
            err.to_string().contains(
                r#"Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"#
            ),
            "{err}"
        );
        // `ValidateScale` checks the scale's metadata too, before the replicas; a namespace other
        // than the request's is refused before that, by the handler.
        let mut labelled = negative.clone();
        labelled.metadata.labels.insert("bad key".into(), "x".into());
        labelled.metadata.generation = -1;
        let err = api.update_scale("web", &labelled, &UpdateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 422, "{err}");
        let text = err.to_string();
        let (labels, generation, replicas) = (
            text.find(r#"metadata.labels: Invalid value: "bad key": name part must consist of"#),
            text.find("metadata.generation: Invalid value: -1: must be greater than or equal to 0"),
            text.find("spec.replicas: Invalid value: -1"),
        );
        assert!(generation.is_some() && generation < labels && labels < replicas, "{err}");
        let mut elsewhere = updated.clone();
        elsewhere.metadata.namespace = "other".into();
        let err = api.update_scale("web", &elsewhere, &UpdateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 400, "{err}");
        assert!(
            err.to_string()
                .contains("the namespace of the provided object does not match the namespace sent on the request"),
            "{err}"
        );
        // The replicas are validated before the resource version is compared, as upstream does.
        let mut stale_negative = negative.clone();
        stale_negative.metadata.resource_version = "1".into();
        let err = api.update_scale("web", &stale_negative, &UpdateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 422, "{err}");

        // Patch (as kubectl scale does) and apply.
        let patched: kapi_api::autoscaling::v1::Scale = api
            .patch_subresource(
                "web",
                "scale",
                &Patch::Merge(br#"{"spec":{"replicas":3}}"#.to_vec()),
                &PatchOptions::default(),
            )
            .await
            .unwrap();
        assert_eq!(patched.spec.replicas, 3);
        let dry_patch = PatchOptions { dry_run: vec!["All".into()], ..Default::default() };
        let p: kapi_api::autoscaling::v1::Scale = api
            .patch_subresource("web", "scale", &Patch::Merge(br#"{"spec":{"replicas":8}}"#.to_vec()), &dry_patch)
            .await
            .unwrap();
        assert_eq!(p.spec.replicas, 8);
        use kapi_api::autoscaling::v1::{ScaleApplyConfiguration, ScaleSpecApplyConfiguration};
        let scale_to = |n: i32| {
            ScaleApplyConfiguration::new()
                .with_name("web")
                .with_spec(ScaleSpecApplyConfiguration::default().with_replicas(n))
        };
        let apply = ApplyOptions { field_manager: "scaler".into(), ..Default::default() };
        assert_eq!(api.apply_scale("web", &scale_to(4), &apply).await.unwrap().spec.replicas, 4);
        let dry_apply = ApplyOptions { dry_run: vec!["All".into()], ..apply.clone() };
        assert_eq!(api.apply_scale("web", &scale_to(7), &dry_apply).await.unwrap().spec.replicas, 7);
        // The configuration names the object it applies to.
        let err = api.apply_scale("other", &scale_to(1), &apply).await.unwrap_err();
        assert!(matches!(err, Error::InvalidRequest(_)), "{err}");
        assert!(last_query(&server).contains("dryRun=All"), "{backend:?}");
        assert_eq!(api.get("web", &GetOptions::default()).await.unwrap().spec.replicas, Some(4));

        // Scale of what does not exist.
        let err = api.get_scale("nope", &GetOptions::default()).await.unwrap_err();
        assert!(err.is_not_found(), "{err}");
    }
}

#[tokio::test]
async fn every_scalable_kind_speaks_its_groups_scale() {
    for backend in BACKENDS {
        let (cs, _server, _test) = clientset(backend).await;
        let sets = cs.apps_v1().stateful_sets("ns");
        let set = StatefulSet {
            metadata: meta("db"),
            spec: kapi_api::apps::v1::StatefulSetSpec {
                replicas: Some(3),
                selector: Some(LabelSelector { match_labels: labels(&[("app", "db")]), ..Default::default() }),
                template: pod_template(&[("app", "db")]),
                ..Default::default()
            },
            ..Default::default()
        };
        sets.create(&set, &CreateOptions::default()).await.unwrap();
        let mut s = sets.get_scale("db", &GetOptions::default()).await.unwrap();
        assert_eq!((s.spec.replicas, s.status.selector.as_str()), (3, "app=db"), "{backend:?}");
        s.spec.replicas = 1;
        sets.update_scale("db", &s, &UpdateOptions::default()).await.unwrap();
        assert_eq!(sets.get("db", &GetOptions::default()).await.unwrap().spec.replicas, Some(1));

        let rs_api = cs.apps_v1().replica_sets("ns");
        let rs = ReplicaSet {
            metadata: meta("rs"),
            spec: ReplicaSetSpec {
                replicas: Some(2),
                selector: Some(LabelSelector { match_labels: labels(&[("app", "rs")]), ..Default::default() }),
                template: pod_template(&[("app", "rs")]),
                ..Default::default()
            },
            ..Default::default()
        };
        rs_api.create(&rs, &CreateOptions::default()).await.unwrap();
        assert_eq!(rs_api.get_scale("rs", &GetOptions::default()).await.unwrap().spec.replicas, 2);

        // Replication controllers select by a map; their scale has get and update only.
        let rcs = cs.core_v1().replication_controllers("ns");
        let rc = ReplicationController {
            metadata: meta("rc"),
            spec: ReplicationControllerSpec {
                replicas: Some(4),
                selector: labels(&[("b", "2"), ("a", "1")]),
                template: Some(pod_template(&[("a", "1"), ("b", "2")])),
                ..Default::default()
            },
            ..Default::default()
        };
        rcs.create(&rc, &CreateOptions::default()).await.unwrap();
        let mut s = rcs.get_scale("rc", &GetOptions::default()).await.unwrap();
        assert_eq!(s.type_meta.api_version, "autoscaling/v1");
        assert_eq!((s.spec.replicas, s.status.selector.as_str()), (4, "a=1,b=2"), "{backend:?}");
        s.spec.replicas = 6;
        assert_eq!(rcs.update_scale("rc", &s, &UpdateOptions::default()).await.unwrap().spec.replicas, 6);
        let err = rcs
            .apply_subresource(
                "rc",
                "scale",
                &kapi_api::autoscaling::v1::ScaleApplyConfiguration::new().with_name("rc"),
                &ApplyOptions { field_manager: "m".into(), ..Default::default() },
            )
            .await
            .unwrap_err();
        assert!(matches!(err, Error::InvalidRequest(_)), "{err}");

        // apps/v1beta2 and extensions/v1beta1 answer with their own group's `Scale`: the
        // selector as a map and as text.
        let old_sets = cs.apps_v1beta2().stateful_sets("ns");
        let old_set = kapi_api::apps::v1beta2::StatefulSet {
            metadata: meta("old"),
            spec: kapi_api::apps::v1beta2::StatefulSetSpec {
                replicas: Some(2),
                selector: Some(selector()),
                // Old versions are validated through their storage version, as upstream does.
                template: pod_template(&[("app", "web"), ("tier", "a")]),
                ..Default::default()
            },
            ..Default::default()
        };
        old_sets.create(&old_set, &CreateOptions::default()).await.unwrap();
        let mut s = old_sets.get_scale("old", &GetOptions::default()).await.unwrap();
        assert_eq!(s.type_meta.api_version, "apps/v1beta2", "{backend:?}");
        assert_eq!(s.status.selector, labels(&[("app", "web")]));
        assert_eq!(s.status.target_selector, "app=web,tier in (a,b)");
        s.spec.replicas = 0;
        assert_eq!(old_sets.update_scale("old", &s, &UpdateOptions::default()).await.unwrap().spec.replicas, 0);
        assert_eq!(old_sets.get("old", &GetOptions::default()).await.unwrap().spec.replicas, Some(0));

        let ext = cs.extensions_v1beta1().deployments("ns");
        let d = kapi_api::extensions::v1beta1::Deployment {
            metadata: meta("ext"),
            spec: kapi_api::extensions::v1beta1::DeploymentSpec {
                replicas: Some(3),
                selector: Some(selector()),
                template: pod_template(&[("app", "web"), ("tier", "a")]),
                ..Default::default()
            },
            ..Default::default()
        };
        ext.create(&d, &CreateOptions::default()).await.unwrap();
        let s = ext.get_scale("ext", &GetOptions::default()).await.unwrap();
        assert_eq!(s.type_meta.api_version, "extensions/v1beta1");
        assert_eq!(s.spec.replicas, 3);
        let apply = ApplyOptions { field_manager: "m".into(), ..Default::default() };
        let s2 = kapi_api::extensions::v1beta1::ScaleApplyConfiguration::new()
            .with_name("ext")
            .with_spec(kapi_api::extensions::v1beta1::ScaleSpecApplyConfiguration::default().with_replicas(2));
        assert_eq!(ext.apply_scale("ext", &s2, &apply).await.unwrap().spec.replicas, 2);
    }
}

fn pod(name: &str) -> Pod {
    Pod {
        metadata: ObjectMeta { labels: labels(&[("app", "web")]), ..meta(name) },
        spec: PodSpec {
            containers: Some(vec![Container {
                name: "app".into(),
                image: "nginx".into(),
                resources: ResourceRequirements {
                    limits: [(ResourceName("cpu".into()), "500m".parse::<Quantity>().unwrap())].into(),
                    ..Default::default()
                },
                ..Default::default()
            }]),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn eviction(name: &str) -> Eviction {
    Eviction { metadata: meta(name), ..Default::default() }
}

#[tokio::test]
async fn eviction_deletes_the_pod_honouring_dry_run() {
    for backend in BACKENDS {
        let (cs, server, _test) = clientset(backend).await;
        let pods = cs.core_v1().pods("ns");
        pods.create(&pod("a"), &CreateOptions::default()).await.unwrap();

        let status = pods.evict("a", &eviction("a"), &dry_create()).await.unwrap();
        assert_eq!(status.status, STATUS_SUCCESS, "{backend:?}");
        assert!(last_query(&server).contains("dryRun=All"));
        pods.get("a", &GetOptions::default()).await.unwrap();
        // Dry run in the eviction's delete options counts too.
        let in_body = Eviction {
            delete_options: Some(DeleteOptions { dry_run: vec!["All".into()], ..Default::default() }),
            ..eviction("a")
        };
        pods.evict("a", &in_body, &CreateOptions::default()).await.unwrap();
        pods.get("a", &GetOptions::default()).await.unwrap();

        let status = pods.evict("a", &eviction("a"), &CreateOptions::default()).await.unwrap();
        assert_eq!(status.status, STATUS_SUCCESS);
        assert!(pods.get("a", &GetOptions::default()).await.unwrap_err().is_not_found());
        assert!(pods.evict("a", &eviction("a"), &CreateOptions::default()).await.unwrap_err().is_not_found());

        // policy/v1beta1 evictions, preconditions from the body, and a body naming another pod.
        pods.create(&pod("b"), &CreateOptions::default()).await.unwrap();
        let wrong_uid = kapi_api::policy::v1beta1::Eviction {
            metadata: meta("b"),
            delete_options: Some(DeleteOptions {
                preconditions: Some(kapi_api::meta::v1::Preconditions {
                    uid: Some("other".into()),
                    ..Default::default()
                }),
                ..Default::default()
            }),
            ..Default::default()
        };
        let err = pods.evict_v1beta1("b", &wrong_uid, &CreateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 409, "{err}");
        let err = pods.evict("b", &eviction("c"), &CreateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 400, "{err}");
        let v1beta1 = kapi_api::policy::v1beta1::Eviction { metadata: meta("b"), ..Default::default() };
        pods.evict_v1beta1("b", &v1beta1, &CreateOptions::default()).await.unwrap();
        assert!(pods.get("b", &GetOptions::default()).await.unwrap_err().is_not_found());
    }
}

/// A pod of the given phase; ready when `ready`.
fn pod_in(name: &str, phase: &str, ready: bool) -> Pod {
    let mut p = pod(name);
    p.status.phase = PodPhase(phase.into());
    if ready {
        p.status.conditions.push(PodCondition {
            r#type: PodConditionType(PodConditionType::READY.into()),
            status: ConditionStatus(ConditionStatus::TRUE.into()),
            ..Default::default()
        });
    }
    p
}

/// A budget over `app=web` whose status the test writes (no PDB controller runs).
fn budget(name: &str) -> PodDisruptionBudget {
    PodDisruptionBudget {
        metadata: meta(name),
        spec: PodDisruptionBudgetSpec {
            selector: Some(LabelSelector { match_labels: labels(&[("app", "web")]), ..Default::default() }),
            ..Default::default()
        },
        ..Default::default()
    }
}

#[tokio::test]
async fn eviction_spends_the_pod_disruption_budget() {
    for backend in BACKENDS {
        let (cs, _server, _test) = clientset(backend).await;
        let pods = cs.core_v1().pods("ns");
        let pdbs = cs.policy_v1().pod_disruption_budgets("ns");
        let none = CreateOptions::default();
        let mut pdb = pdbs.create(&budget("pdb"), &none).await.unwrap();
        let set_status = |pdb: &mut PodDisruptionBudget, allowed: i32, current: i32, desired: i32| {
            pdb.status.observed_generation = pdb.metadata.generation;
            pdb.status.disruptions_allowed = allowed;
            pdb.status.current_healthy = current;
            pdb.status.desired_healthy = desired;
        };
        set_status(&mut pdb, 0, 2, 2);
        pdb = pdbs.update_status(&pdb, &UpdateOptions::default()).await.unwrap();

        // A ready running pod under an exhausted budget stays.
        for (name, phase, ready) in [("r", "Running", true), ("u", "Running", false), ("p", "Pending", false)] {
            let created = pods.create(&pod_in(name, phase, ready), &none).await.unwrap();
            let mut with_status = pod_in(name, phase, ready);
            // The QoS class the server set on create may not change.
            with_status.status.qos_class = created.status.qos_class.clone();
            with_status.metadata = created.metadata;
            pods.update_status(&with_status, &UpdateOptions::default()).await.unwrap();
        }
        let err = pods.evict("r", &eviction("r"), &none).await.unwrap_err();
        assert_eq!(code(&err), 429, "{backend:?}: {err}");
        let status = err.status().unwrap().status.clone();
        assert_eq!(status.message, "Cannot evict pod as it would violate the pod's disruption budget.");
        let causes = &status.details.as_ref().unwrap().causes;
        assert_eq!(causes[0].r#type.0, "DisruptionBudget");
        assert_eq!(causes[0].message, "The disruption budget pdb needs 2 healthy pods and has 2 currently");
        pods.get("r", &GetOptions::default()).await.unwrap();

        // Pending pods, and unready ones while the budget has its healthy pods, go without spending it.
        pods.evict("p", &eviction("p"), &none).await.unwrap();
        pods.evict("u", &eviction("u"), &none).await.unwrap();
        assert!(pods.get("u", &GetOptions::default()).await.unwrap_err().is_not_found());
        assert_eq!(pdbs.get("pdb", &GetOptions::default()).await.unwrap().status.disruptions_allowed, 0);

        // One disruption allowed: a dry run spends nothing, the eviction spends it and marks the pod.
        set_status(&mut pdb, 1, 2, 1);
        pdbs.update_status(&pdb, &UpdateOptions::default()).await.unwrap();
        pods.evict("r", &eviction("r"), &dry_create()).await.unwrap();
        assert_eq!(pdbs.get("pdb", &GetOptions::default()).await.unwrap().status.disruptions_allowed, 1);
        let mut kept = pods.get("r", &GetOptions::default()).await.unwrap();
        kept.metadata.finalizers = vec!["example.com/keep".into()];
        pods.update(&kept, &UpdateOptions::default()).await.unwrap();
        pods.evict("r", &eviction("r"), &none).await.unwrap();
        let after = pdbs.get("pdb", &GetOptions::default()).await.unwrap();
        assert_eq!(after.status.disruptions_allowed, 0);
        assert!(after.status.disrupted_pods.contains_key("r"), "{:?}", after.status.disrupted_pods);
        let allowed = after.status.conditions.iter().find(|c| c.r#type == "DisruptionAllowed").expect("a condition");
        assert_eq!((allowed.status.0.as_str(), allowed.reason.as_str()), ("False", "InsufficientPods"));
        let evicted = pods.get("r", &GetOptions::default()).await.unwrap();
        assert!(evicted.metadata.deletion_timestamp.is_some());
        let target = evicted.status.conditions.iter().find(|c| c.r#type.0 == PodConditionType::DISRUPTION_TARGET);
        let target = target.expect("the DisruptionTarget condition");
        assert_eq!(
            (target.reason.as_str(), target.message.as_str()),
            ("EvictionByEvictionAPI", "Eviction API: evicting")
        );

        // A budget whose status is behind its spec asks the client to come back.
        pods.create(&pod_in("s", "Running", true), &none).await.unwrap();
        let mut s = pods.get("s", &GetOptions::default()).await.unwrap();
        s.status =
            kapi_api::core::v1::PodStatus { qos_class: s.status.qos_class, ..pod_in("s", "Running", true).status };
        pods.update_status(&s, &UpdateOptions::default()).await.unwrap();
        pdb = pdbs.get("pdb", &GetOptions::default()).await.unwrap();
        pdb.spec.min_available = Some(kapi_machinery::types::IntOrString::int(1));
        pdb = pdbs.update(&pdb, &UpdateOptions::default()).await.unwrap();
        assert!(pdb.status.observed_generation < pdb.metadata.generation, "the spec change bumps the generation");
        let err = pods.evict("s", &eviction("s"), &none).await.unwrap_err();
        assert_eq!(code(&err), 429, "{err}");
        assert_eq!(err.retry_after(), Some(std::time::Duration::from_secs(10)));
        let cause = &err.status().unwrap().status.details.as_ref().unwrap().causes[0].message;
        assert_eq!(cause, "The disruption budget pdb is still being processed by the server.");

        // An unready pod under a budget short of healthy pods: refused, unless the policy always allows.
        set_status(&mut pdb, 0, 1, 2);
        pdb = pdbs.update_status(&pdb, &UpdateOptions::default()).await.unwrap();
        let created = pods.create(&pod_in("w", "Running", false), &none).await.unwrap();
        let mut w = pod_in("w", "Running", false);
        w.status.qos_class = created.status.qos_class;
        w.metadata = created.metadata;
        pods.update_status(&w, &UpdateOptions::default()).await.unwrap();
        assert_eq!(code(&pods.evict("w", &eviction("w"), &none).await.unwrap_err()), 429);
        pdb.spec.unhealthy_pod_eviction_policy =
            Some(UnhealthyPodEvictionPolicyType(UnhealthyPodEvictionPolicyType::ALWAYS_ALLOW.into()));
        pdb = pdbs.update(&pdb, &UpdateOptions::default()).await.unwrap();
        set_status(&mut pdb, 0, 1, 2);
        pdbs.update_status(&pdb, &UpdateOptions::default()).await.unwrap();
        pods.evict("w", &eviction("w"), &none).await.unwrap();
        assert!(pods.get("w", &GetOptions::default()).await.unwrap_err().is_not_found());

        // Two budgets over one pod: upstream refuses with a 500 failure.
        pdbs.create(&budget("second"), &none).await.unwrap();
        let err = pods.evict("s", &eviction("s"), &none).await.unwrap_err();
        assert_eq!(code(&err), 500, "{err}");
        assert_eq!(
            err.status().unwrap().status.message,
            "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."
        );
        pods.get("s", &GetOptions::default()).await.unwrap();
    }
}

fn binding(name: &str, node: &str) -> Binding {
    Binding {
        metadata: ObjectMeta {
            annotations: labels(&[("bound-by", "test")]),
            labels: labels(&[("bound", "yes")]),
            ..meta(name)
        },
        target: ObjectReference { kind: "Node".into(), name: node.into(), ..Default::default() },
        ..Default::default()
    }
}

#[tokio::test]
async fn binding_assigns_the_node_once() {
    for backend in BACKENDS {
        let (cs, server, _test) = clientset(backend).await;
        let pods = cs.core_v1().pods("ns");
        pods.create(&pod("a"), &CreateOptions::default()).await.unwrap();

        pods.bind("a", &binding("a", "node-1"), &dry_create()).await.unwrap();
        assert!(last_query(&server).contains("dryRun=All"));
        assert_eq!(pods.get("a", &GetOptions::default()).await.unwrap().spec.node_name, "");

        let status = pods.bind("a", &binding("a", "node-1"), &CreateOptions::default()).await.unwrap();
        assert_eq!(status.status, STATUS_SUCCESS, "{backend:?}");
        let bound = pods.get("a", &GetOptions::default()).await.unwrap();
        assert_eq!(bound.spec.node_name, "node-1");
        assert_eq!(bound.metadata.annotations.get("bound-by").map(String::as_str), Some("test"));
        // The binding's labels too, with `PodTopologyLabelsAdmission` on (as in 1.36).
        assert_eq!(bound.metadata.labels.get("bound").map(String::as_str), Some("yes"));
        // Upstream's storage sets `PodScheduled` true as it binds.
        let scheduled: Vec<(&str, &str)> =
            bound.status.conditions.iter().map(|c| (c.r#type.0.as_str(), c.status.0.as_str())).collect();
        assert_eq!(scheduled, [("PodScheduled", "True")], "{backend:?}");

        let err = pods.bind("a", &binding("a", "node-2"), &CreateOptions::default()).await.unwrap_err();
        assert!(err.is_conflict(), "{err}");
        assert_eq!(
            err.to_string(),
            r#"Operation cannot be fulfilled on pods/binding "a": pod a is already assigned to node "node-1""#,
            "{backend:?}"
        );
        let err = pods.bind("x", &binding("x", "node-2"), &CreateOptions::default()).await.unwrap_err();
        assert!(err.is_not_found(), "{err}");
        let created = pods.create(&pod("b"), &CreateOptions::default()).await.unwrap();
        // `ValidatePodBinding`'s errors come back bare, as a `500` (upstream returns its aggregate).
        let mut not_a_node = binding("b", "n");
        not_a_node.target.kind = "Pod".into();
        let err = pods.bind("b", &not_a_node, &CreateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 500, "{backend:?}: {err}");
        assert_eq!(err.to_string(), r#"target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>""#);
        // The body's name must be the URL's.
        let err = pods.bind("b", &binding("c", "n"), &CreateOptions::default()).await.unwrap_err();
        assert_eq!((code(&err), err.to_string().as_str()), (400, "name in URL does not match name in Binding object"));
        // The body's uid is a precondition.
        let mut other_uid = binding("b", "n");
        other_uid.metadata.uid = "not-the-pods".into();
        let err = pods.bind("b", &other_uid, &CreateOptions::default()).await.unwrap_err();
        assert!(err.is_conflict(), "{err}");
        assert!(
            err.to_string().ends_with(&format!(
                "Precondition failed: UID in precondition: not-the-pods, UID in object meta: {}",
                created.metadata.uid
            )),
            "{backend:?}: {err}"
        );
        // A pod with scheduling gates is not bound.
        let mut gated = pod("g");
        gated.spec.scheduling_gates = vec![kapi_api::core::v1::PodSchedulingGate { name: "example.com/wait".into() }];
        pods.create(&gated, &CreateOptions::default()).await.unwrap();
        let err = pods.bind("g", &binding("g", "n"), &CreateOptions::default()).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"Operation cannot be fulfilled on pods/binding "g": pod g has non-empty .spec.schedulingGates"#
        );
    }
}

/// A request through the client's service with a JSON body: the status and the answer as JSON.
async fn raw_call(client: &Client, method: http::Method, path: &str, body: &str) -> (u16, Value) {
    let request = http::Request::builder()
        .method(method)
        .uri(format!("{}{path}", client.base_url()))
        .header(http::header::ACCEPT, "application/json")
        .header(http::header::CONTENT_TYPE, "application/json")
        .body(bytes::Bytes::from(body.to_owned()))
        .unwrap();
    let response = client.service().call(request).await.unwrap();
    let status = response.status().as_u16();
    let data = kapi_client::body::collect(response.into_body()).await.unwrap();
    (status, value::parse(&data).unwrap_or(Value::Null))
}

fn message(v: &Value) -> &str {
    v.get("message").and_then(Value::as_str).unwrap_or_default()
}

/// A `Binding` for `POST /api/v1/namespaces/ns/bindings` (`metadata`: its members).
fn legacy_binding(metadata: &str, node: &str) -> String {
    format!(
        r#"{{"apiVersion":"v1","kind":"Binding","metadata":{{{metadata}}},"target":{{"kind":"Node","name":"{node}"}}}}"#
    )
}

const LEGACY_BINDINGS: &str = "/api/v1/namespaces/ns/bindings";

/// The legacy `bindings` resource as upstream's `LegacyBindingREST` serves it: the pod the body
/// names is bound through `pods/binding`'s storage; the body's uid is wiped by the create
/// handler (no precondition) while its resource version stays one; an empty or unusable name
/// is refused as the store's key function refuses it; and only `create` is served.
#[tokio::test]
async fn legacy_bindings_bind_the_pod_the_body_names() {
    for backend in [Backend::Fake, Backend::Http(ContentType::Json)] {
        let (cs, _server, _test) = clientset(backend).await;
        let client = cs.client();
        let pods = cs.core_v1().pods("ns");
        let created = pods.create(&pod("a"), &CreateOptions::default()).await.unwrap();
        let named_a = r#""name":"a","annotations":{"bound-by":"legacy"},"labels":{"bound":"yes"}"#;

        let (status, _) = raw_call(
            client,
            http::Method::POST,
            &format!("{LEGACY_BINDINGS}?dryRun=All"),
            &legacy_binding(named_a, "node-1"),
        )
        .await;
        assert_eq!(status, 201, "{backend:?}");
        assert_eq!(pods.get("a", &GetOptions::default()).await.unwrap().spec.node_name, "");

        // A uid that is not the pod's binds all the same: the handler wiped it.
        let with_uid = format!(r#"{named_a},"uid":"not-the-pods""#);
        let (status, answer) =
            raw_call(client, http::Method::POST, LEGACY_BINDINGS, &legacy_binding(&with_uid, "node-1")).await;
        assert_eq!(status, 201, "{backend:?}: {answer:?}");
        // `BindingREST.Create`'s success `Status`, given the handler's `201` as its code.
        assert_eq!(
            String::from_utf8(answer.to_compact_vec()).unwrap(),
            r#"{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}"#
        );
        let bound = pods.get("a", &GetOptions::default()).await.unwrap();
        assert_eq!(bound.spec.node_name, "node-1", "{backend:?}");
        assert_ne!(bound.metadata.resource_version, created.metadata.resource_version);
        assert_eq!(bound.metadata.annotations.get("bound-by").map(String::as_str), Some("legacy"));
        assert_eq!(bound.metadata.labels.get("bound").map(String::as_str), Some("yes"));
        let scheduled: Vec<(&str, &str)> =
            bound.status.conditions.iter().map(|c| (c.r#type.0.as_str(), c.status.0.as_str())).collect();
        assert_eq!(scheduled, [("PodScheduled", "True")], "{backend:?}");

        let post = |body: String| async move { raw_call(client, http::Method::POST, LEGACY_BINDINGS, &body).await };
        let (status, answer) = post(legacy_binding(r#""name":"a""#, "node-2")).await;
        assert_eq!(
            (status, message(&answer)),
            (409, r#"Operation cannot be fulfilled on pods/binding "a": pod a is already assigned to node "node-1""#),
            "{backend:?}"
        );
        let (status, answer) = post(legacy_binding(r#""name":"x""#, "node-2")).await;
        assert_eq!((status, message(&answer)), (404, r#"pods "x" not found"#), "{backend:?}");
        // Upstream's `NamespaceKeyFunc` on the body's name.
        let (status, answer) = post(legacy_binding("", "node-2")).await;
        assert_eq!((status, message(&answer)), (400, "Name parameter required."), "{backend:?}");
        let (status, answer) = post(legacy_binding(r#""name":"..""#, "node-2")).await;
        assert_eq!((status, message(&answer)), (400, r#"Name parameter invalid: "..": may not be '..'"#));
        // `ValidatePodBinding` first, as on `pods/binding`.
        let (status, answer) = post(
            r#"{"apiVersion":"v1","kind":"Binding","metadata":{"name":"a"},"target":{"kind":"Pod","name":"n"}}"#.into(),
        )
        .await;
        assert_eq!(
            (status, message(&answer)),
            (500, r#"target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>""#),
            "{backend:?}"
        );
        let (status, answer) = post(legacy_binding(r#""name":"a","namespace":"other""#, "node-2")).await;
        assert_eq!(
            (status, message(&answer)),
            (400, "the namespace of the provided object does not match the namespace sent on the request")
        );
        // The resource version stays a precondition.
        let b = pods.create(&pod("b"), &CreateOptions::default()).await.unwrap();
        let (status, answer) = post(legacy_binding(r#""name":"b","resourceVersion":"1""#, "node-2")).await;
        assert_eq!(status, 409, "{backend:?}: {answer:?}");
        assert!(
            message(&answer).ends_with(&format!(
                "Precondition failed: ResourceVersion in precondition: 1, ResourceVersion in object meta: {}",
                b.metadata.resource_version
            )),
            "{backend:?}: {answer:?}"
        );
        let (status, _) = post(legacy_binding(r#""name":"b""#, "node-2")).await;
        assert_eq!(status, 201);
        assert_eq!(pods.get("b", &GetOptions::default()).await.unwrap().spec.node_name, "node-2");

        // Create only: reads and deletes of the collection are `405`; there is no object path.
        for method in [http::Method::GET, http::Method::DELETE] {
            let (status, _) = raw_call(client, method.clone(), LEGACY_BINDINGS, "").await;
            assert_eq!(status, 405, "{backend:?} {method}");
        }
        let (status, _) = raw_call(client, http::Method::GET, &format!("{LEGACY_BINDINGS}/a"), "").await;
        assert_eq!(status, 404, "{backend:?}");
        // So are the reviews, every other create-only resource.
        let reviews = "/apis/authorization.k8s.io/v1/subjectaccessreviews";
        assert_eq!(raw_call(client, http::Method::GET, reviews, "").await.0, 405, "{backend:?}");
        for method in [http::Method::GET, http::Method::PUT, http::Method::DELETE] {
            let (status, answer) = raw_call(client, method.clone(), &format!("{reviews}/a"), "{}").await;
            assert_eq!(
                (status, message(&answer)),
                (404, "the server could not find the requested resource"),
                "{backend:?} {method}"
            );
        }
    }
}

/// Admission sees a legacy binding as upstream's handler describes it: resource `bindings`, no
/// subresource, kind `/v1, Kind=Binding`, the body's name; a validating policy runs after
/// `ValidatePodBinding` and before the pod is read (a missing pod is refused by the policy).
#[tokio::test]
async fn legacy_bindings_are_admitted_as_bindings() {
    let (cs, _server, _test) = clientset(Backend::Http(ContentType::Json)).await;
    let client = cs.client();
    let policy: kapi_api::admissionregistration::v1::ValidatingAdmissionPolicy = kapi_machinery::json::from_slice(
        br#"{"metadata":{"name":"p"},"spec":{
            "matchConstraints":{"resourceRules":[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["bindings","pods/binding"]}]},
            "validations":[{"expression":"object.target.name != 'forbidden'",
              "messageExpression":"request.resource.resource + '|' + (has(request.subResource) ? request.subResource : '') + '|' + request.kind.version + '|' + request.kind.kind + '|' + request.name + '|' + request.operation"}]}}"#,
    )
    .unwrap();
    let binding: kapi_api::admissionregistration::v1::ValidatingAdmissionPolicyBinding =
        kapi_machinery::json::from_slice(
            br#"{"metadata":{"name":"b"},"spec":{"policyName":"p","validationActions":["Deny"]}}"#,
        )
        .unwrap();
    let api = cs.admissionregistration_v1();
    api.validating_admission_policies().create(&policy, &CreateOptions::default()).await.unwrap();
    api.validating_admission_policy_bindings().create(&binding, &CreateOptions::default()).await.unwrap();
    cs.core_v1().pods("ns").create(&pod("a"), &CreateOptions::default()).await.unwrap();

    let post = |body: String| async move { raw_call(client, http::Method::POST, LEGACY_BINDINGS, &body).await };
    let (status, answer) = post(legacy_binding(r#""name":"x""#, "forbidden")).await;
    // Upstream's `422 Invalid` of a denying policy, on `bindings`.
    assert_eq!(status, 422, "{answer:?}");
    assert_eq!(
        message(&answer),
        r#"bindings "x" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: bindings||v1|Binding|x|CREATE"#
    );
    // `ValidatePodBinding`'s refusal comes before the policy's.
    let (status, _) = post(
        r#"{"apiVersion":"v1","kind":"Binding","metadata":{"name":"x"},"target":{"kind":"Pod","name":"forbidden"}}"#
            .into(),
    )
    .await;
    assert_eq!(status, 500);
    // `pods/binding` alike: the body's name, then `ValidatePodBinding`, then the policy.
    let sub = "/api/v1/namespaces/ns/pods/a/binding";
    let sub_binding = |name: &str, kind: &str| {
        format!(
            r#"{{"apiVersion":"v1","kind":"Binding","metadata":{{"name":"{name}"}},"target":{{"kind":"{kind}","name":"forbidden"}}}}"#
        )
    };
    let (status, answer) = raw_call(client, http::Method::POST, sub, &sub_binding("other", "Pod")).await;
    assert_eq!((status, message(&answer)), (400, "name in URL does not match name in Binding object"));
    let (status, answer) = raw_call(client, http::Method::POST, sub, &sub_binding("a", "Pod")).await;
    assert_eq!(status, 500, "{answer:?}");
    let (status, answer) = raw_call(client, http::Method::POST, sub, &sub_binding("a", "Node")).await;
    assert_eq!(
        (status, message(&answer)),
        (
            422,
            r#"pods "a" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: pods|binding|v1|Binding|a|CREATE"#
        )
    );
    let (status, answer) = post(legacy_binding(r#""name":"a""#, "node-1")).await;
    assert_eq!(status, 201, "{answer:?}");
    let bound = cs.core_v1().pods("ns").get("a", &GetOptions::default()).await.unwrap();
    assert_eq!(bound.spec.node_name, "node-1");
}

/// Under RBAC a legacy binding is a `create` of `bindings`: the scheduler's bootstrap role
/// grants it, a user without a rule for it is refused as upstream's authorizer words it.
#[tokio::test]
async fn legacy_bindings_are_authorized_as_creates_of_bindings() {
    use kapi_testing::server::{AuthorizationMode, parse_token_file};
    const TOKENS: &str =
        "alice-token,alice,1001\nscheduler-token,system:kube-scheduler,1002\nadmin-token,admin,1,system:masters\n";
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    server.set_controllers(kapi_testing::Controllers::none());
    server.set_static_tokens(parse_token_file(TOKENS).unwrap());
    server.set_authorization_mode(AuthorizationMode::Rbac);
    let test = TestServer::start(server.clone(), None).await.unwrap();
    let client = |token: &str| {
        let mut config = Config::new(test.url()).unwrap();
        config.retry.max_retries = 0;
        config.auth = kapi_client::Auth::BearerToken(token.into());
        Client::new(Arc::new(Transport::new(&config).unwrap()), test.url()).unwrap()
    };
    let admin = Clientset::new(client("admin-token"));
    // No service account loop runs here: the account the pod plugins look for is made by hand.
    let account =
        ServiceAccount { metadata: ObjectMeta { name: "default".into(), ..Default::default() }, ..Default::default() };
    admin.core_v1().service_accounts("default").create(&account, &CreateOptions::default()).await.unwrap();
    let mut p = pod("a");
    p.metadata.namespace = "default".into();
    admin.core_v1().pods("default").create(&p, &CreateOptions::default()).await.unwrap();
    let path = "/api/v1/namespaces/default/bindings";
    let body = legacy_binding(r#""name":"a""#, "node-1");

    let (status, answer) = raw_call(&client("alice-token"), http::Method::POST, path, &body).await;
    assert_eq!(
        (status, message(&answer)),
        (
            403,
            r#"bindings is forbidden: User "alice" cannot create resource "bindings" in API group "" in the namespace "default""#
        )
    );
    let (status, answer) = raw_call(&client("scheduler-token"), http::Method::POST, path, &body).await;
    assert_eq!(status, 201, "{answer:?}");
    let bound = admin.core_v1().pods("default").get("a", &GetOptions::default()).await.unwrap();
    assert_eq!(bound.spec.node_name, "node-1");
}

#[tokio::test]
async fn ephemeral_container_writes_are_validated() {
    for backend in BACKENDS {
        let (cs, _server, _test) = clientset(backend).await;
        let pods = cs.core_v1().pods("ns");
        let created = pods.create(&pod("a"), &CreateOptions::default()).await.unwrap();
        let debug = |name: &str| EphemeralContainer {
            ephemeral_container_common: EphemeralContainerCommon {
                name: name.into(),
                image: "busybox".into(),
                ..Default::default()
            },
            target_container_name: "app".into(),
        };
        let mut with_debug = created.clone();
        with_debug.spec.ephemeral_containers = vec![debug("debug")];
        let out = pods.update_ephemeral_containers("a", &with_debug, &UpdateOptions::default()).await.unwrap();

        // A port makes a debugging container part of the workload; upstream refuses it.
        let mut ported = out.clone();
        let mut second = debug("second");
        second.ephemeral_container_common.ports = vec![ContainerPort { container_port: 80, ..Default::default() }];
        ported.spec.ephemeral_containers.push(second);
        let err = pods.update_ephemeral_containers("a", &ported, &UpdateOptions::default()).await.unwrap_err();
        assert!(err.is_invalid(), "{backend:?}: {err}");
        assert!(err.to_string().contains("spec.ephemeralContainers[1].ports"), "{backend:?}: {err}");

        let mut removed = out.clone();
        removed.spec.ephemeral_containers = vec![debug("other")];
        let err = pods.update_ephemeral_containers("a", &removed, &UpdateOptions::default()).await.unwrap_err();
        assert!(err.is_invalid(), "{backend:?}: {err}");
        assert!(err.to_string().contains("may not be removed"), "{backend:?}: {err}");

        let mut changed = out.clone();
        changed.spec.ephemeral_containers[0].ephemeral_container_common.image = "debian".into();
        let err = pods.update_ephemeral_containers("a", &changed, &UpdateOptions::default()).await.unwrap_err();
        assert!(err.is_invalid(), "{backend:?}: {err}");
        assert!(err.to_string().contains("may not be changed"), "{backend:?}: {err}");
    }
}

/// A namespace's `finalize` takes only `spec.finalizers`, each a qualified name and an
/// unprefixed one `kubernetes` (upstream's `ValidateNamespaceFinalizeUpdate`, at the entry's
/// index where a create reports the list).
#[tokio::test]
async fn namespace_finalize_writes_are_validated() {
    use kapi_api::core::v1::{FinalizerName, Namespace};
    for backend in BACKENDS {
        let (cs, _server, _test) = clientset(backend).await;
        let namespaces = cs.core_v1().namespaces();
        let created = namespaces
            .create(&Namespace { metadata: meta("fin"), ..Default::default() }, &CreateOptions::default())
            .await
            .unwrap();
        // Without a resource version: the namespace controller may have written the status since.
        let with = |names: &[&str]| {
            let mut ns = created.clone();
            ns.metadata.resource_version.clear();
            ns.spec.finalizers = names.iter().map(|n| FinalizerName((*n).to_owned())).collect();
            ns
        };
        let out = namespaces
            .finalize("fin", &with(&["kubernetes", "example.com/x"]), &UpdateOptions::default())
            .await
            .unwrap();
        let names: Vec<&str> = out.spec.finalizers.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(names, ["kubernetes", "example.com/x"], "{backend:?}");

        let err =
            namespaces.finalize("fin", &with(&["kubernetes", "custom"]), &UpdateOptions::default()).await.unwrap_err();
        assert!(err.is_invalid(), "{backend:?}: {err}");
        assert!(
            err.to_string().contains(
                r#"spec.finalizers[1]: Invalid value: "custom": name is neither a standard finalizer name nor is it fully qualified"#
            ),
            "{backend:?}: {err}"
        );
    }
}

#[tokio::test]
async fn ephemeral_containers_and_resize_take_only_their_fields() {
    for backend in BACKENDS {
        let (cs, server, _test) = clientset(backend).await;
        let pods = cs.core_v1().pods("ns");
        let created = pods.create(&pod("a"), &CreateOptions::default()).await.unwrap();

        let mut with_debug = created.clone();
        with_debug.spec.ephemeral_containers = vec![EphemeralContainer {
            ephemeral_container_common: EphemeralContainerCommon {
                name: "debug".into(),
                image: "busybox".into(),
                ..Default::default()
            },
            target_container_name: "app".into(),
        }];
        // Not taken: the subresource owns the ephemeral containers only.
        with_debug.spec.node_name = "elsewhere".into();
        let dry = pods.update_ephemeral_containers("a", &with_debug, &dry_update()).await.unwrap();
        assert_eq!(dry.spec.ephemeral_containers.len(), 1);
        assert!(last_query(&server).contains("dryRun=All"));
        assert!(pods.get("a", &GetOptions::default()).await.unwrap().spec.ephemeral_containers.is_empty());
        let out = pods.update_ephemeral_containers("a", &with_debug, &UpdateOptions::default()).await.unwrap();
        assert_eq!(out.spec.ephemeral_containers[0].ephemeral_container_common.name, "debug", "{backend:?}");
        assert_eq!(out.spec.node_name, "");

        let mut bigger = out.clone();
        let app = &mut bigger.spec.containers.as_mut().unwrap()[0];
        app.resources.limits.insert(ResourceName("cpu".into()), "2".parse().unwrap());
        app.image = "not-taken".into();
        let resized = pods.update_resize("a", &bigger, &UpdateOptions::default()).await.unwrap();
        let app = &resized.spec.containers.as_ref().unwrap()[0];
        assert_eq!(app.resources.limits[&ResourceName("cpu".into())].to_string(), "2", "{backend:?}");
        assert_eq!(app.image, "nginx");
        // Patching a subresource goes through the same rules.
        let patched: Pod = pods
            .patch_subresource(
                "a",
                "resize",
                &Patch::StrategicMerge(
                    br#"{"spec":{"containers":[{"name":"app","resources":{"limits":{"cpu":"3"}}}]}}"#.to_vec(),
                ),
                &PatchOptions::default(),
            )
            .await
            .unwrap();
        let app = &patched.spec.containers.as_ref().unwrap()[0];
        assert_eq!(app.resources.limits[&ResourceName("cpu".into())].to_string(), "3", "{backend:?}");
    }
}

#[tokio::test]
async fn resize_writes_are_validated() {
    for backend in BACKENDS {
        let (cs, _server, _test) = clientset(backend).await;
        let pods = cs.core_v1().pods("ns");
        let created = pods.create(&pod("a"), &CreateOptions::default()).await.unwrap();
        // The cpu limit alone was set: the request defaulted to it, and the pod is burstable.
        assert_eq!(created.status.qos_class.0, "Burstable", "{backend:?}");

        let mut faster = created.clone();
        let app = &mut faster.spec.containers.as_mut().unwrap()[0];
        app.resources.limits.insert(ResourceName("cpu".into()), "1".parse().unwrap());
        let out = pods.update_resize("a", &faster, &UpdateOptions::default()).await.unwrap();
        let app = &out.spec.containers.as_ref().unwrap()[0];
        assert_eq!(app.resources.limits[&ResourceName("cpu".into())].to_string(), "1", "{backend:?}");

        // Only cpu and memory may be resized.
        let mut storage = out.clone();
        let app = &mut storage.spec.containers.as_mut().unwrap()[0];
        app.resources.requests.insert(ResourceName("ephemeral-storage".into()), "1Gi".parse().unwrap());
        let err = pods.update_resize("a", &storage, &UpdateOptions::default()).await.unwrap_err();
        assert_eq!(code(&err), 422, "{backend:?}: {err}");
        assert!(
            err.to_string()
                .contains(r#"Pod "a" is invalid: spec: Forbidden: only cpu and memory resources are mutable"#),
            "{backend:?}: {err}"
        );

        // A patch is merged into the stored pod, defaulted and checked the same way: limits stay
        // (removed requests would come back from the limits, as defaulting fills them).
        let err = pods
            .patch_subresource::<Pod>(
                "a",
                "resize",
                &Patch::Json(br#"[{"op":"remove","path":"/spec/containers/0/resources/limits"}]"#.to_vec()),
                &PatchOptions::default(),
            )
            .await
            .unwrap_err();
        assert_eq!(code(&err), 422, "{backend:?}: {err}");
        assert!(
            err.to_string()
                .contains("spec.containers[0].resources.limits: Forbidden: resource limits cannot be removed"),
            "{backend:?}: {err}"
        );
        let stored = pods.get("a", &GetOptions::default()).await.unwrap();
        assert_eq!(stored.spec.containers.as_ref().unwrap()[0].resources, out.spec.containers.unwrap()[0].resources);
    }
}

#[tokio::test]
async fn resize_refuses_reordered_containers_as_upstreams_e2e() {
    let (cs, _server, _test) = clientset(Backend::Http(ContentType::Json)).await;
    let pods = cs.core_v1().pods("ns");
    let mut p = pod("two");
    let mut second = p.spec.containers.as_ref().unwrap()[0].clone();
    second.name = "c2".into();
    p.spec.containers.as_mut().unwrap().push(second);
    let created = pods.create(&p, &CreateOptions::default()).await.unwrap();
    // Upstream's `pod_resize.go` e2e case "reorder containers": both names are refused.
    let mut reordered = created.clone();
    reordered.spec.containers.as_mut().unwrap().reverse();
    let err = pods.update_resize("two", &reordered, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(code(&err), 422, "{err}");
    let names = created.spec.containers.as_ref().unwrap().iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    assert!(
        err.to_string().contains(
            "spec.containers[0].name: Forbidden: containers may not be renamed or reordered on resize, \
             spec.containers[1].name: Forbidden: containers may not be renamed or reordered on resize"
        ),
        "{names:?}: {err}"
    );
    // One added: the list is refused as a whole.
    let mut added = created.clone();
    let mut third = added.spec.containers.as_ref().unwrap()[0].clone();
    third.name = "c3".into();
    added.spec.containers.as_mut().unwrap().push(third);
    let err = pods.update_resize("two", &added, &UpdateOptions::default()).await.unwrap_err();
    assert!(
        err.to_string().contains("spec.containers: Forbidden: containers may not be added or removed on resize"),
        "{err}"
    );
}

#[tokio::test]
async fn pod_level_resources_resize_with_their_gate() {
    let (cs, server, _test) = clientset(Backend::Http(ContentType::Json)).await;
    let pods = cs.core_v1().pods("ns");
    let mut p = pod("a");
    p.spec.containers.as_mut().unwrap()[0].resources = ResourceRequirements::default();
    let cpu = |q: &str| [(ResourceName("cpu".into()), q.parse::<Quantity>().unwrap())].into();
    p.spec.resources =
        Some(Box::new(ResourceRequirements { requests: cpu("100m"), limits: cpu("200m"), claims: vec![] }));
    let created = pods.create(&p, &CreateOptions::default()).await.unwrap();

    // On, as in v1.36: the pod's own cpu is resized in place.
    let mut more = created.clone();
    more.spec.resources.as_mut().unwrap().requests = cpu("150m");
    let out = pods.update_resize("a", &more, &UpdateOptions::default()).await.unwrap();
    let resources = out.spec.resources.as_ref().unwrap();
    assert_eq!(resources.requests[&ResourceName("cpu".into())].to_string(), "150m");

    // Off, a pod with pod-level resources may not be resized at all.
    server.set_feature_gate("InPlacePodLevelResourcesVerticalScaling", false);
    let err = pods.update_resize("a", &out, &UpdateOptions::default()).await.unwrap_err();
    assert_eq!(code(&err), 422, "{err}");
    assert!(
        err.to_string()
            .contains(r#"Pod "a" is invalid: []: Forbidden: resize of pods with pod-level resources is forbidden when InPlacePodLevelResourcesVerticalScalingEnabled feature gate is disabled"#),
        "{err}"
    );
}

#[tokio::test]
async fn service_account_tokens() {
    for backend in BACKENDS {
        let (cs, server, _test) = clientset(backend).await;
        let accounts = cs.core_v1().service_accounts("ns");
        let sa = accounts
            .create(&ServiceAccount { metadata: meta("robot"), ..Default::default() }, &CreateOptions::default())
            .await
            .unwrap();

        let before = Time::now().unix_seconds();
        let tr = accounts.create_token("robot", &TokenRequest::default(), &CreateOptions::default()).await.unwrap();
        assert_eq!(tr.type_meta.kind, "TokenRequest", "{backend:?}");
        assert_eq!(tr.status.token.split('.').count(), 3, "{}", tr.status.token);
        let expires = tr.status.expiration_timestamp.unix_seconds();
        assert!((before + 3600..=before + 3700).contains(&expires), "{expires} vs {before}");
        assert_eq!(tr.spec.expiration_seconds, Some(3600));
        assert_eq!(tr.spec.audiences.as_deref().map(<[String]>::len), Some(1));
        assert_eq!(tr.metadata.name, sa.metadata.name);

        let spec = TokenRequestSpec {
            audiences: Some(vec!["vault".into()]),
            expiration_seconds: Some(7200),
            ..Default::default()
        };
        let request = TokenRequest { spec, ..Default::default() };
        let tr = accounts.create_token("robot", &request, &dry_create()).await.unwrap();
        assert!(last_query(&server).contains("dryRun=All"));
        assert_eq!(tr.spec.audiences, Some(vec!["vault".to_owned()]));
        assert!(tr.status.expiration_timestamp.unix_seconds() >= before + 7200);

        let short = TokenRequest {
            spec: TokenRequestSpec { expiration_seconds: Some(60), ..Default::default() },
            ..Default::default()
        };
        let err = accounts.create_token("robot", &short, &CreateOptions::default()).await.unwrap_err();
        assert!(err.is_invalid(), "{err}");
        // Upstream reports the validation without a name, as `kubectl create token` shows it.
        assert_eq!(
            err.to_string(),
            r#"TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes"#,
            "{backend:?}"
        );
        let err =
            accounts.create_token("nobody", &TokenRequest::default(), &CreateOptions::default()).await.unwrap_err();
        assert!(err.is_not_found(), "{err}");
        // A name in the body must be the account's, checked before the account is looked up.
        let named = TokenRequest { metadata: meta("other"), ..Default::default() };
        let err = accounts.create_token("nobody", &named, &CreateOptions::default()).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"TokenRequest.authentication.k8s.io "nobody" is invalid: metadata.name: Invalid value: "other": must match the service account name if specified"#,
            "{backend:?}"
        );
    }
}

fn csr(name: &str) -> CertificateSigningRequest {
    CertificateSigningRequest {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        spec: CertificateSigningRequestSpec {
            request: Some(CSR_PEM.as_bytes().to_vec()),
            signer_name: "example.com/signer".into(),
            // Upstream refuses a request without usages.
            usages: vec![kapi_api::certificates::v1::KeyUsage("client auth".into())],
            ..Default::default()
        },
        ..Default::default()
    }
}

fn condition(kind: &str) -> CertificateSigningRequestCondition {
    CertificateSigningRequestCondition {
        r#type: RequestConditionType(kind.into()),
        status: ConditionStatus("True".into()),
        reason: "Test".into(),
        ..Default::default()
    }
}

#[tokio::test]
async fn csr_approval_updates_conditions_only() {
    for backend in BACKENDS {
        let (cs, server, _test) = clientset(backend).await;
        let csrs = cs.certificates_v1().certificate_signing_requests();
        // The requester is who sent it, whatever the request says (no credentials: anonymous).
        let mut claimed = csr("c");
        claimed.spec.username = "admin".into();
        claimed.spec.groups = vec!["system:masters".into()];
        let created = csrs.create(&claimed, &CreateOptions::default()).await.unwrap();
        assert_eq!(created.spec.username, "system:anonymous", "{backend:?}");
        assert_eq!(created.spec.groups, vec!["system:unauthenticated".to_owned()]);
        // The same when an apply creates it.
        {
            use kapi_api::certificates::v1::{
                CertificateSigningRequestApplyConfiguration, CertificateSigningRequestSpecApplyConfiguration,
            };
            let spec = CertificateSigningRequestSpecApplyConfiguration::default()
                .with_request(CSR_PEM.as_bytes().to_vec())
                .with_signer_name("example.com/signer")
                .with_usages([kapi_api::certificates::v1::KeyUsage("client auth".into())])
                .with_username("admin")
                .with_groups(["system:masters"]);
            let config = CertificateSigningRequestApplyConfiguration::default()
                .with_api_version("certificates.k8s.io/v1")
                .with_kind("CertificateSigningRequest")
                .with_metadata(kapi_api::meta::v1::ObjectMetaApplyConfiguration::default().with_name("applied"))
                .with_spec(spec);
            let opts = ApplyOptions { field_manager: "test".into(), ..Default::default() };
            let applied = csrs.apply(&config, &opts).await.unwrap();
            assert_eq!(
                (applied.spec.username.as_str(), applied.spec.groups.as_slice()),
                ("system:anonymous", ["system:unauthenticated".to_owned()].as_slice()),
                "{backend:?}"
            );
        }
        // The spec stays as created.
        let mut respec = created.clone();
        respec.spec.signer_name = "example.com/other".into();
        respec.metadata.labels.insert("a".into(), "b".into());
        let respec = csrs.update(&respec, &UpdateOptions::default()).await.unwrap();
        assert_eq!((respec.spec.signer_name.as_str(), respec.metadata.labels.len()), ("example.com/signer", 1));
        let created = respec;

        let mut approve = created.clone();
        approve.status.conditions = vec![condition(RequestConditionType::APPROVED)];
        approve.spec.signer_name = "not-taken".into();
        approve.status.certificate = b"not taken either".to_vec();
        let dry = csrs.update_approval("c", &approve, &dry_update()).await.unwrap();
        assert_eq!(dry.status.conditions.len(), 1);
        assert!(last_query(&server).contains("dryRun=All"));
        assert!(csrs.get("c", &GetOptions::default()).await.unwrap().status.conditions.is_empty());

        let approved = csrs.update_approval("c", &approve, &UpdateOptions::default()).await.unwrap();
        assert_eq!(approved.status.conditions[0].r#type.0, RequestConditionType::APPROVED, "{backend:?}");
        assert_eq!(approved.spec.signer_name, "example.com/signer");
        assert!(approved.status.certificate.is_empty());

        let mut both = approved.clone();
        both.status.conditions.push(condition(RequestConditionType::DENIED));
        let err = csrs.update_approval("c", &both, &UpdateOptions::default()).await.unwrap_err();
        assert!(err.is_invalid(), "{err}");
    }
}

/// Every kind marked `+genclient` in the API tree (read with the generator's own front-end) is
/// in `kapi_api::resources()`, served, listed (when it has `list`) and in discovery, by the
/// fake and by the test server alike.
#[tokio::test]
async fn every_genclient_kind_of_the_api_tree_is_served() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../api");
    let u = kapi_frontend::universe::Universe::load(&root);
    let mut expected = Vec::new();
    for t in &u.types {
        let Some(g) = &t.def.markers.genclient else { continue };
        if g.no_verbs || t.def.attrs.is_internal() {
            continue;
        }
        let group = t.def.attrs.group.as_ref().map(|g| g.0.clone()).unwrap_or_default();
        let version = t.def.attrs.version.as_ref().map(|v| v.0.clone()).unwrap_or_default();
        expected.push((group, version, t.def.ident.to_string(), g.verbs().contains(&"list")));
    }
    assert!(expected.len() > 150, "only {} kinds found under {}", expected.len(), root.display());
    let resources = kapi_api::resources();

    for backend in [Backend::Fake, Backend::Http(ContentType::Protobuf)] {
        let (cs, server, _test) = clientset(backend).await;
        let client = cs.client();
        let mut listed = 0;
        for (group, version, kind, listable) in &expected {
            let info = resources
                .iter()
                .find(|r| r.group == group && r.version == version && r.kind == kind)
                .unwrap_or_else(|| panic!("{group}/{version} {kind} is not registered"));
            assert!(server.tracker().resource(&info.gvr()).is_some(), "{kind} is not served");
            let prefix = info.gvr().prefix();
            // Discovery lists the resource.
            let discovery = raw_get(client, &prefix).await;
            assert!(discovery.contains(&format!("\"name\":\"{}\"", info.resource)), "{prefix}: {discovery}");
            if *listable {
                let body = raw_get(client, &format!("{prefix}/{}", info.resource)).await;
                assert!(
                    body.contains(&format!("\"kind\":\"{}\"", info.list_kind.unwrap())),
                    "{group}/{version} {kind}: {body}"
                );
                listed += 1;
            }
        }
        assert!(listed > 140, "{listed}");
    }
}

/// A GET through the client's service, as JSON text (failing on a non-2xx answer).
async fn raw_get(client: &Client, path: &str) -> String {
    let request = http::Request::get(format!("{}{path}", client.base_url()))
        .header(http::header::ACCEPT, "application/json")
        .body(bytes::Bytes::new())
        .unwrap();
    let response = client.service().call(request).await.unwrap();
    let status = response.status();
    let data = kapi_client::body::collect(response.into_body()).await.unwrap();
    let text = String::from_utf8_lossy(&data).into_owned();
    assert!(status.is_success(), "GET {path}: {status} {text}");
    text
}

#[tokio::test]
async fn discovery_names_subresource_kinds() {
    let (cs, _server, _test) = clientset(Backend::Http(ContentType::Json)).await;
    let apps = raw_get(cs.client(), "/apis/apps/v1").await;
    assert!(
        apps.contains(r#"{"name":"deployments/scale","singularName":"","namespaced":true,"group":"autoscaling","version":"v1","kind":"Scale","verbs":["get","patch","update"]}"#),
        "{apps}"
    );
    let core = raw_get(cs.client(), "/api/v1").await;
    for entry in [
        r#""name":"pods/eviction","singularName":"","namespaced":true,"group":"policy","version":"v1","kind":"Eviction","verbs":["create"]"#,
        r#""name":"serviceaccounts/token","singularName":"","namespaced":true,"group":"authentication.k8s.io","version":"v1","kind":"TokenRequest","verbs":["create"]"#,
        r#""name":"pods/binding","singularName":"","namespaced":true,"kind":"Binding","verbs":["create"]"#,
        // The legacy resource, first of core v1 as upstream sorts it, without a storage version hash.
        r#""resources":[{"name":"bindings","singularName":"binding","namespaced":true,"kind":"Binding","verbs":["create"]},"#,
        r#""name":"pods/status","singularName":"","namespaced":true,"kind":"Pod","verbs":["get","patch","update"]"#,
    ] {
        assert!(core.contains(entry), "missing {entry} in {core}");
    }
    // Aggregated discovery and the OpenAPI v3 document list the legacy `bindings` too.
    let request = http::Request::get(format!("{}/api", cs.client().base_url()))
        .header(http::header::ACCEPT, "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList")
        .body(bytes::Bytes::new())
        .unwrap();
    let response = cs.client().service().call(request).await.unwrap();
    let aggregated = kapi_client::body::collect(response.into_body()).await.unwrap();
    let aggregated = String::from_utf8_lossy(&aggregated);
    assert!(
        aggregated.contains(r#""resources":[{"resource":"bindings","responseKind":{"group":"","version":"","kind":"Binding"},"scope":"Namespaced","singularResource":"binding","verbs":["create"]}"#),
        "{aggregated}"
    );
    let openapi = raw_get(cs.client(), "/openapi/v3/api/v1").await;
    let openapi = value::parse(openapi.as_bytes()).unwrap();
    let paths = openapi.get("paths").unwrap();
    let post = paths.get("/api/v1/namespaces/{namespace}/bindings").and_then(|p| p.get("post")).unwrap();
    assert_eq!(post.get("operationId").and_then(Value::as_str), Some("createCoreV1NamespacedBinding"));
    assert!(paths.get("/api/v1/bindings").is_none());
    assert!(paths.get("/api/v1/namespaces/{namespace}/bindings/{name}").is_none());
    let groups = raw_get(cs.client(), "/apis").await;
    assert!(
        groups.contains(r#"{"name":"apps","versions":[{"groupVersion":"apps/v1","version":"v1"},{"groupVersion":"apps/v1beta2","version":"v1beta2"},{"groupVersion":"apps/v1beta1","version":"v1beta1"}],"preferredVersion":{"groupVersion":"apps/v1","version":"v1"}}"#),
        "{groups}"
    );
    assert!(raw_get(cs.client(), "/api").await.contains(r#""versions":["v1"]"#));
    let pods = raw_get(cs.client(), "/api/v1/pods").await;
    assert!(pods.contains(r#""kind":"PodList""#), "{pods}");
}

/// `metadata.generation` as each resource's strategy keeps it upstream: config maps never get
/// one (a create keeps what it sends, an update the old value), deployments count spec and
/// annotation changes but not labels, daemon sets also count template changes in their
/// `deprecated.daemonset.template.generation` annotation.
#[tokio::test]
async fn generations_as_upstreams_strategies_keep_them() {
    const TEMPLATE_GENERATION: &str = "deprecated.daemonset.template.generation";
    for backend in BACKENDS {
        let (cs, _server, _test) = clientset(backend).await;
        let cms = cs.core_v1().config_maps("ns");
        let cm = kapi_api::core::v1::ConfigMap { metadata: meta("c"), ..Default::default() };
        let created = cms.create(&cm, &CreateOptions::default()).await.unwrap();
        assert_eq!(created.metadata.generation, 0, "{backend:?}");
        let mut changed = created.clone();
        changed.data.insert("k".into(), "v".into());
        changed.metadata.generation = 7;
        assert_eq!(cms.update(&changed, &UpdateOptions::default()).await.unwrap().metadata.generation, 0);
        let mut given = kapi_api::core::v1::ConfigMap { metadata: meta("given"), ..Default::default() };
        given.metadata.generation = 3;
        assert_eq!(cms.create(&given, &CreateOptions::default()).await.unwrap().metadata.generation, 3);
        given.metadata.name = "negative".into();
        given.metadata.generation = -1;
        let err = cms.create(&given, &CreateOptions::default()).await.unwrap_err();
        assert!(
            err.to_string().contains("metadata.generation: Invalid value: -1: must be greater than or equal to 0"),
            "{backend:?}: {err}"
        );

        let deployments = cs.apps_v1().deployments("ns");
        let d = deployments.create(&deployment("web", 2), &CreateOptions::default()).await.unwrap();
        assert_eq!(d.metadata.generation, 1, "{backend:?}");
        let mut labelled = d.clone();
        labelled.metadata.labels.insert("team".into(), "a".into());
        let labelled = deployments.update(&labelled, &UpdateOptions::default()).await.unwrap();
        assert_eq!(labelled.metadata.generation, 1, "{backend:?}: labels leave it");
        let mut annotated = labelled.clone();
        annotated.metadata.annotations.insert("note".into(), "1".into());
        let annotated = deployments.update(&annotated, &UpdateOptions::default()).await.unwrap();
        assert_eq!(annotated.metadata.generation, 2, "{backend:?}: annotations count");

        let daemon_sets = cs.apps_v1().daemon_sets("ns");
        let ds = kapi_api::apps::v1::DaemonSet {
            metadata: meta("agent"),
            spec: kapi_api::apps::v1::DaemonSetSpec {
                selector: Some(LabelSelector { match_labels: labels(&[("app", "agent")]), ..Default::default() }),
                template: pod_template(&[("app", "agent")]),
                ..Default::default()
            },
            ..Default::default()
        };
        let template_generation =
            |d: &kapi_api::apps::v1::DaemonSet| d.metadata.annotations.get(TEMPLATE_GENERATION).cloned();
        let ds = daemon_sets.create(&ds, &CreateOptions::default()).await.unwrap();
        assert_eq!((ds.metadata.generation, template_generation(&ds).as_deref()), (1, Some("1")), "{backend:?}");
        // Another spec field: the generation only; what the client says of the template's is ignored.
        let mut slower = ds.clone();
        slower.spec.min_ready_seconds = 5;
        slower.metadata.annotations.insert(TEMPLATE_GENERATION.into(), "40".into());
        let slower = daemon_sets.update(&slower, &UpdateOptions::default()).await.unwrap();
        assert_eq!((slower.metadata.generation, template_generation(&slower).as_deref()), (2, Some("1")));
        // The template: both, once each.
        let mut retemplated = slower.clone();
        retemplated.spec.template.spec.containers.as_mut().unwrap()[0].image = "nginx:2".into();
        let retemplated = daemon_sets.update(&retemplated, &UpdateOptions::default()).await.unwrap();
        assert_eq!(
            (retemplated.metadata.generation, template_generation(&retemplated).as_deref()),
            (3, Some("2")),
            "{backend:?}"
        );
        let read = daemon_sets.get("agent", &GetOptions::default()).await.unwrap();
        assert_eq!(template_generation(&read).as_deref(), Some("2"));
    }
}

/// What single strategies do on create: a persistent volume starts `Pending` (whatever status it
/// was sent) with its phase's transition time, a node keeps the status it registers with (its
/// strategy allows one), a service account's secret references keep only their names.
#[tokio::test]
async fn strategies_prepare_volumes_nodes_and_service_accounts() {
    use kapi_api::core::v1::{
        HostPathVolumeSource, Node, ObjectReference, PersistentVolume, PersistentVolumeAccessMode,
        PersistentVolumePhase, PersistentVolumeSource, PersistentVolumeSpec,
    };
    for backend in BACKENDS {
        let (cs, _server, _test) = clientset(backend).await;
        let mut pv = PersistentVolume {
            metadata: ObjectMeta { name: "pv1".into(), ..Default::default() },
            spec: PersistentVolumeSpec {
                capacity: [(ResourceName("storage".into()), Quantity::parse("1Gi").unwrap())].into(),
                access_modes: vec![PersistentVolumeAccessMode("ReadWriteOnce".into())],
                persistent_volume_source: PersistentVolumeSource {
                    host_path: Some(Box::new(HostPathVolumeSource { path: "/data".into(), r#type: None })),
                    ..Default::default()
                },
                ..Default::default()
            },
            ..Default::default()
        };
        pv.status.phase = PersistentVolumePhase("Bound".into());
        let before = Time::now().unix_seconds();
        let pv = cs.core_v1().persistent_volumes().create(&pv, &CreateOptions::default()).await.unwrap();
        assert_eq!(pv.status.phase.0, PersistentVolumePhase::PENDING, "{backend:?}");
        let at = pv.status.last_phase_transition_time.as_ref().map(Time::unix_seconds).unwrap_or_default();
        assert!(at >= before, "{at} vs {before}");
        // A status write that changes the phase dates it (the old time counts as none given);
        // one that keeps the phase keeps the time.
        let volumes = cs.core_v1().persistent_volumes();
        let mut bound = pv.clone();
        bound.status.phase = PersistentVolumePhase("Bound".into());
        bound.status.last_phase_transition_time = Some(Time::from_unix(1));
        let bound = volumes.update_status(&bound, &UpdateOptions::default()).await.unwrap();
        assert_eq!(bound.status.last_phase_transition_time.map(|t| t.unix_seconds()), Some(1), "{backend:?}");
        let mut rebound = bound.clone();
        rebound.status.phase = PersistentVolumePhase("Released".into());
        rebound.status.last_phase_transition_time = bound.status.last_phase_transition_time;
        let released = volumes.update_status(&rebound, &UpdateOptions::default()).await.unwrap();
        let at = released.status.last_phase_transition_time.map(|t| t.unix_seconds()).unwrap_or_default();
        assert!(at >= before, "{backend:?}: {at}");
        let mut same = released.clone();
        same.status.last_phase_transition_time = None;
        same.status.message = "kept".into();
        let same = volumes.update_status(&same, &UpdateOptions::default()).await.unwrap();
        assert_eq!(same.status.last_phase_transition_time, released.status.last_phase_transition_time);

        let mut node =
            Node { metadata: ObjectMeta { name: "node-1".into(), ..Default::default() }, ..Default::default() };
        node.status.capacity = [(ResourceName("cpu".into()), Quantity::parse("4").unwrap())].into();
        let node = cs.core_v1().nodes().create(&node, &CreateOptions::default()).await.unwrap();
        assert_eq!(node.status.capacity.get(&ResourceName("cpu".into())).map(|q| q.to_string()).as_deref(), Some("4"));

        let mut sa = ServiceAccount { metadata: meta("robot"), ..Default::default() };
        sa.secrets = vec![ObjectReference {
            name: "token".into(),
            namespace: "elsewhere".into(),
            kind: "Secret".into(),
            ..Default::default()
        }];
        let sa = cs.core_v1().service_accounts("ns").create(&sa, &CreateOptions::default()).await.unwrap();
        assert_eq!(sa.secrets, vec![ObjectReference { name: "token".into(), ..Default::default() }], "{backend:?}");
    }
}

/// A `ValidatingAdmissionPolicy` `p` (bound as `b`, `Deny`) that refuses every request its
/// `rules` (a JSON array of resource rules) match, saying what it saw through `message`.
async fn deny_with_policy(cs: &Clientset, rules: &str, message: &str) {
    let policy = format!(
        r#"{{"metadata":{{"name":"p"}},"spec":{{"matchConstraints":{{"resourceRules":{rules}}},
            "validations":[{{"expression":"false","messageExpression":"{message}"}}]}}}}"#
    );
    let policy: kapi_api::admissionregistration::v1::ValidatingAdmissionPolicy =
        kapi_machinery::json::from_slice(policy.as_bytes()).unwrap();
    let binding: kapi_api::admissionregistration::v1::ValidatingAdmissionPolicyBinding =
        kapi_machinery::json::from_slice(
            br#"{"metadata":{"name":"b"},"spec":{"policyName":"p","validationActions":["Deny"]}}"#,
        )
        .unwrap();
    let api = cs.admissionregistration_v1();
    api.validating_admission_policies().create(&policy, &CreateOptions::default()).await.unwrap();
    api.validating_admission_policy_bindings().create(&binding, &CreateOptions::default()).await.unwrap();
}

/// A scale write reaches validating admission where upstream's generic store calls it, through
/// `toScaleUpdateValidation`: after `ValidateScale`, the resource version and the deployment's
/// own validation, on the `Scale` of the updated deployment with the current `Scale` as the old
/// object. So a scale the storage refuses gets the storage's answer under a denying policy.
#[tokio::test]
async fn scale_writes_are_admitted_after_the_storage_checks() {
    let (cs, _server, _test) = clientset(Backend::Http(ContentType::Json)).await;
    let client = cs.client();
    let deployments = cs.apps_v1().deployments("ns");
    let created = deployments.create(&deployment("web", 2), &CreateOptions::default()).await.unwrap();
    deny_with_policy(
        &cs,
        r#"[{"apiGroups":["apps"],"apiVersions":["v1"],"operations":["UPDATE"],"resources":["deployments/scale"]}]"#,
        "request.kind.group + '/' + request.kind.version + ' ' + request.kind.kind + ' ' + string(oldObject.spec.replicas) + ' -> ' + string(object.spec.replicas) + ' at ' + object.metadata.resourceVersion",
    )
    .await;
    let path = "/apis/apps/v1/namespaces/ns/deployments/web/scale";
    let scale = |replicas: i64, rv: &str| {
        format!(
            r#"{{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{{"name":"web","namespace":"ns","resourceVersion":"{rv}"}},"spec":{{"replicas":{replicas}}}}}"#
        )
    };
    let rv = created.metadata.resource_version.clone();
    // `ValidateScale` first.
    let (status, answer) = raw_call(client, http::Method::PUT, path, &scale(-1, &rv)).await;
    assert_eq!(
        (status, message(&answer)),
        (
            422,
            r#"Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0"#
        )
    );
    // Then the resource version.
    let (status, answer) = raw_call(client, http::Method::PUT, path, &scale(3, "1")).await;
    assert_eq!(
        (status, message(&answer)),
        (
            409,
            r#"Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again"#
        )
    );
    // A patch alike.
    let merge = |body: &str| {
        let request = http::Request::builder()
            .method(http::Method::PATCH)
            .uri(format!("{}{path}", client.base_url()))
            .header(http::header::ACCEPT, "application/json")
            .header(http::header::CONTENT_TYPE, "application/merge-patch+json")
            .body(bytes::Bytes::from(body.to_owned()))
            .unwrap();
        async move {
            let response = client.service().call(request).await.unwrap();
            let status = response.status().as_u16();
            let data = kapi_client::body::collect(response.into_body()).await.unwrap();
            (status, value::parse(&data).unwrap_or(Value::Null))
        }
    };
    let (status, answer) = merge(r#"{"spec":{"replicas":-2}}"#).await;
    assert_eq!(
        (status, message(&answer)),
        (
            422,
            r#"Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -2: must be greater than or equal to 0"#
        )
    );
    // A scale the storage takes is the policy's to refuse, seen as the `Scale` of the updated
    // deployment (its resource version the stored one's) against the current `Scale`.
    let denied = |seen: &str| {
        format!(
            r#"deployments.apps "web" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: {seen}"#
        )
    };
    let (status, answer) = raw_call(client, http::Method::PUT, path, &scale(3, &rv)).await;
    assert_eq!((status, message(&answer)), (422, denied(&format!("autoscaling/v1 Scale 2 -> 3 at {rv}")).as_str()));
    let (status, answer) = merge(r#"{"spec":{"replicas":5}}"#).await;
    assert_eq!((status, message(&answer)), (422, denied(&format!("autoscaling/v1 Scale 2 -> 5 at {rv}")).as_str()));
    let kept = deployments.get("web", &GetOptions::default()).await.unwrap();
    assert_eq!((kept.spec.replicas, kept.metadata.resource_version), (Some(2), rv));
}

/// An eviction reaches validating admission where upstream's `EvictionREST.Create` calls it:
/// after the body's name and the dry-run options are checked (the eviction's delete options
/// then carry the query's dry run) and before the pod is read, so a missing pod is the
/// policy's to refuse.
#[tokio::test]
async fn evictions_are_admitted_after_the_name_and_dry_run_checks() {
    let (cs, _server, _test) = clientset(Backend::Http(ContentType::Json)).await;
    let client = cs.client();
    cs.core_v1().pods("ns").create(&pod("a"), &CreateOptions::default()).await.unwrap();
    deny_with_policy(
        &cs,
        r#"[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["pods/eviction"]}]"#,
        "request.kind.group + '/' + request.kind.version + ' ' + request.kind.kind + ' ' + object.metadata.name + (has(object.deleteOptions) && has(object.deleteOptions.dryRun) ? ' dry run ' + object.deleteOptions.dryRun.join(',') : '')",
    )
    .await;
    let evict = |pod: &str, query: &str, body: &str| {
        let path = format!("/api/v1/namespaces/ns/pods/{pod}/eviction{query}");
        let body = body.to_owned();
        async move { raw_call(client, http::Method::POST, &path, &body).await }
    };
    let body = |version: &str, name: &str, options: &str| {
        format!(r#"{{"apiVersion":"policy/{version}","kind":"Eviction","metadata":{{"name":"{name}"}}{options}}}"#)
    };
    let (status, answer) = evict("a", "", &body("v1", "b", "")).await;
    assert_eq!((status, message(&answer)), (400, "name in URL does not match name in Eviction object"));
    let (status, answer) =
        evict("a", "?dryRun=All", &body("v1", "a", r#","deleteOptions":{"dryRun":["Other"]}"#)).await;
    assert_eq!(
        (status, message(&answer)),
        (500, "Non-matching dry-run options in request and content: [All] and [Other]")
    );
    let denied = |seen: &str| {
        format!(r#"pods "a" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: {seen}"#)
    };
    let (status, answer) = evict("a", "?dryRun=All", &body("v1", "a", r#","deleteOptions":{}"#)).await;
    assert_eq!((status, message(&answer)), (422, denied("policy/v1 Eviction a dry run All").as_str()));
    let (status, answer) = evict("a", "", &body("v1beta1", "a", "")).await;
    assert_eq!((status, message(&answer)), (422, denied("policy/v1beta1 Eviction a").as_str()));
    // The pod is read after admission.
    let (status, answer) = evict("ghost", "", &body("v1", "ghost", "")).await;
    assert_eq!(
        (status, message(&answer)),
        (
            422,
            r#"pods "ghost" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: policy/v1 Eviction ghost"#
        )
    );
    cs.core_v1().pods("ns").get("a", &GetOptions::default()).await.unwrap();
}

/// A token request reaches validating admission where upstream's `TokenREST.Create` calls it:
/// after the body's name, the account's lookup, the request's defaults and
/// `ValidateTokenRequest`, on the defaulted request.
#[tokio::test]
async fn token_requests_are_admitted_after_their_validation() {
    let (cs, _server, _test) = clientset(Backend::Http(ContentType::Json)).await;
    let accounts = cs.core_v1().service_accounts("ns");
    accounts
        .create(&ServiceAccount { metadata: meta("robot"), ..Default::default() }, &CreateOptions::default())
        .await
        .unwrap();
    deny_with_policy(
        &cs,
        r#"[{"apiGroups":[""],"apiVersions":["v1"],"operations":["CREATE"],"resources":["serviceaccounts/token"]}]"#,
        "request.kind.kind + ' for ' + object.metadata.namespace + '/' + object.metadata.name + ' ' + object.spec.audiences.join(',') + ' ' + string(object.spec.expirationSeconds)",
    )
    .await;
    let short = TokenRequest {
        spec: TokenRequestSpec { expiration_seconds: Some(60), ..Default::default() },
        ..Default::default()
    };
    let err = accounts.create_token("robot", &short, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes"#
    );
    let err = accounts.create_token("nobody", &TokenRequest::default(), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(err.to_string(), r#"serviceaccounts "nobody" not found"#);
    let named = TokenRequest { metadata: meta("other"), ..Default::default() };
    let err = accounts.create_token("robot", &named, &CreateOptions::default()).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"TokenRequest.authentication.k8s.io "robot" is invalid: metadata.name: Invalid value: "other": must match the service account name if specified"#
    );
    let err = accounts.create_token("robot", &TokenRequest::default(), &CreateOptions::default()).await.unwrap_err();
    assert_eq!(code(&err), 422, "{err}");
    assert_eq!(
        err.to_string(),
        r#"serviceaccounts "robot" is forbidden: ValidatingAdmissionPolicy 'p' with binding 'b' denied request: TokenRequest for ns/robot https://kubernetes.default.svc.cluster.local 3600"#
    );
}
