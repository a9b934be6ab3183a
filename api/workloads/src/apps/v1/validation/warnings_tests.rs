//! The create and update rules of the deployment, replica set, stateful set and daemon set strategies' warnings, as their `strategy.go` files and `strategy_test.go` cases have them.

use crate::apps::v1::validation::{
    warnings_for_daemon_set, warnings_for_deployment, warnings_for_replica_set, warnings_for_stateful_set,
};
use crate::apps::v1::{DaemonSet, Deployment, ReplicaSet, StatefulSet};

fn decode<T: kapi_machinery::json::JsonDecode + Default + HasMeta>(json: &str, generation: i64) -> T {
    let mut v: T = match kapi_machinery::json::from_slice(json.as_bytes()) {
        Ok(v) => v,
        Err(e) => panic!("test JSON does not decode: {e}: {json}"),
    };
    v.meta().generation = generation;
    v
}

trait HasMeta {
    fn meta(&mut self) -> &mut crate::meta::v1::ObjectMeta;
}

macro_rules! has_meta {
    ($($kind:ty),*) => {$(
        impl HasMeta for $kind {
            fn meta(&mut self) -> &mut crate::meta::v1::ObjectMeta {
                &mut self.metadata
            }
        }
    )*};
}
has_meta!(Deployment, ReplicaSet, StatefulSet, DaemonSet);

const NAME: &str = "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]";
const GIT_REPO: &str = "spec.template.spec.volumes[0].gitRepo: deprecated in v1.11";

/// A workload named `a.b` whose template has a gitRepo volume, with extra `spec` members.
fn workload(extra_spec: &str) -> String {
    format!(
        r#"{{"metadata":{{"name":"a.b"}},"spec":{{{extra_spec}"template":{{"spec":{{"volumes":[{{"name":"g","gitRepo":{{}}}}]}}}}}}}}"#
    )
}

#[test]
fn deployments_warn_about_the_name_on_create_and_the_template_when_the_generation_changes() {
    let created: Deployment = decode(&workload(""), 1);
    assert_eq!(warnings_for_deployment(&created, None), [NAME, GIT_REPO]);
    let same: Deployment = decode(&workload(r#""paused":true,"#), 1);
    assert_eq!(warnings_for_deployment(&same, Some(&created)), Vec::<String>::new());
    let bumped: Deployment = decode(&workload(""), 2);
    assert_eq!(warnings_for_deployment(&bumped, Some(&created)), [GIT_REPO]);
    let named: Deployment = decode(r#"{"metadata":{"name":"web"},"spec":{"template":{"spec":{}}}}"#, 1);
    assert_eq!(warnings_for_deployment(&named, None), Vec::<String>::new());
}

#[test]
fn replica_sets_follow_the_deployment_rules() {
    let created: ReplicaSet = decode(&workload(""), 1);
    assert_eq!(warnings_for_replica_set(&created, None), [NAME, GIT_REPO]);
    assert_eq!(warnings_for_replica_set(&decode(&workload(""), 1), Some(&created)), Vec::<String>::new());
    assert_eq!(warnings_for_replica_set(&decode(&workload(""), 3), Some(&created)), [GIT_REPO]);
}

#[test]
fn stateful_sets_warn_about_claim_templates_and_a_negative_history_limit_on_every_write() {
    let extra = r#""revisionHistoryLimit":-2,"volumeClaimTemplates":[{"spec":{"resources":{"requests":{"storage":"1500m"}}}}],"#;
    let created: StatefulSet = decode(&workload(extra), 1);
    let history =
        "spec.revisionHistoryLimit: a negative value retains all historical revisions; a value >= 0 is recommended";
    assert_eq!(
        warnings_for_stateful_set(&created, None),
        [
            GIT_REPO,
            r#"spec.volumeClaimTemplates[0].resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer"#,
            history,
        ]
    );
    let claim_on_update = r#"spec.volumeClaimTemplates[0].Spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer"#;
    assert_eq!(warnings_for_stateful_set(&decode(&workload(extra), 1), Some(&created)), [claim_on_update, history]);
    assert_eq!(
        warnings_for_stateful_set(&decode(&workload(extra), 2), Some(&created)),
        [GIT_REPO, claim_on_update, history]
    );
    assert_eq!(warnings_for_stateful_set(&decode(&workload(r#""revisionHistoryLimit":0,"#), 1), None), [GIT_REPO]);
}

#[test]
fn daemon_sets_warn_about_the_template_when_its_generation_changes() {
    let with_generation = |n: u32| {
        format!(
            r#"{{"metadata":{{"name":"a.b","annotations":{{"deprecated.daemonset.template.generation":"{n}"}}}},
                "spec":{{"template":{{"spec":{{"volumes":[{{"name":"g","gitRepo":{{}}}}]}}}}}}}}"#
        )
    };
    let created: DaemonSet = decode(&with_generation(1), 1);
    assert_eq!(warnings_for_daemon_set(&created, None), [GIT_REPO]);
    // A spec change outside the template bumps the generation but not the template generation.
    assert_eq!(warnings_for_daemon_set(&decode(&with_generation(1), 2), Some(&created)), Vec::<String>::new());
    assert_eq!(warnings_for_daemon_set(&decode(&with_generation(2), 2), Some(&created)), [GIT_REPO]);
}
