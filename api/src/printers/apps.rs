//! Printers of the workload controllers (deployments, replica sets, stateful sets, daemon sets, controller revisions) in every version that serves them: `apps/v1`, `v1beta2`, `v1beta1` and `extensions/v1beta1`.

use std::any::Any;

use super::core::containers;
use super::{AGE, Column, NAME, Printed, age, col, count, format_label_selector, format_labels, wide};
use crate::meta::v1::{LabelSelector, ObjectMeta};

const DEPLOYMENT: &[Column] = &[
    NAME,
    col("Ready", "string", "Ready pods out of the pods wanted."),
    col("Up-to-date", "string", "Pods of the current template."),
    col("Available", "string", "Pods available for at least minReadySeconds."),
    AGE,
    wide("Containers", "string", "The names of the template's containers."),
    wide("Images", "string", "The images of the template's containers."),
    wide("Selector", "string", "The label selector of the pods."),
];

const REPLICA_SET: &[Column] = &[
    NAME,
    col("Desired", "integer", "The number of pods wanted."),
    col("Current", "integer", "The number of pods there are."),
    col("Ready", "integer", "The number of ready pods."),
    AGE,
    wide("Containers", "string", "The names of the template's containers."),
    wide("Images", "string", "The images of the template's containers."),
    wide("Selector", "string", "The label selector of the pods."),
];

const STATEFUL_SET: &[Column] = &[
    NAME,
    col("Ready", "string", "Ready pods out of the pods wanted."),
    AGE,
    wide("Containers", "string", "The names of the template's containers."),
    wide("Images", "string", "The images of the template's containers."),
];

const DAEMON_SET: &[Column] = &[
    NAME,
    col("Desired", "integer", "The number of nodes that should run the pod."),
    col("Current", "integer", "The number of nodes running the pod."),
    col("Ready", "integer", "The number of nodes whose pod is ready."),
    col("Up-to-date", "integer", "The number of nodes running the current template."),
    col("Available", "integer", "The number of nodes whose pod is available."),
    col("Node Selector", "string", "The node selector of the template."),
    AGE,
    wide("Containers", "string", "The names of the template's containers."),
    wide("Images", "string", "The images of the template's containers."),
    wide("Selector", "string", "The label selector of the pods."),
];

const CONTROLLER_REVISION: &[Column] = &[
    NAME,
    col("Controller", "string", "The controller the revision belongs to."),
    col("Revision", "string", "The revision number."),
    AGE,
];

/// A deployment's selector as upstream prints it: the selector's text, empty for none.
fn selector_text(selector: Option<&LabelSelector>) -> String {
    match format_label_selector(selector).as_str() {
        "<none>" => String::new(),
        "<error>" => "<invalid>".into(),
        s => s.to_owned(),
    }
}

/// `kind.group/name` of the controlling owner (`daemonset.apps/fluentd`), or `<none>`.
fn controller(meta: &ObjectMeta) -> String {
    let Some(owner) = meta.owner_references.iter().find(|o| o.controller == Some(true)) else {
        return "<none>".into();
    };
    let group = owner.api_version.rsplit_once('/').map(|(g, _)| g).unwrap_or_default();
    let kind = if group.is_empty() { owner.kind.clone() } else { format!("{}.{group}", owner.kind) };
    format!("{}/{}", kind.to_ascii_lowercase(), owner.name)
}

macro_rules! printers {
    (@print Deployment, $o:ident, $now:ident) => {{
        let (names, images) = containers($o.spec.template.spec.containers.as_deref());
        Printed::new(
            DEPLOYMENT,
            vec![
                $o.metadata.name.clone().into(),
                format!("{}/{}", $o.status.ready_replicas, count($o.spec.replicas)).into(),
                $o.status.updated_replicas.into(),
                $o.status.available_replicas.into(),
                age(&$o.metadata, $now),
                names.into(),
                images.into(),
                selector_text($o.spec.selector.as_ref()).into(),
            ],
        )
    }};
    (@print ReplicaSet, $o:ident, $now:ident) => {{
        let (names, images) = containers($o.spec.template.spec.containers.as_deref());
        Printed::new(
            REPLICA_SET,
            vec![
                $o.metadata.name.clone().into(),
                count($o.spec.replicas).into(),
                $o.status.replicas.into(),
                $o.status.ready_replicas.into(),
                age(&$o.metadata, $now),
                names.into(),
                images.into(),
                format_label_selector($o.spec.selector.as_ref()).into(),
            ],
        )
    }};
    (@print StatefulSet, $o:ident, $now:ident) => {{
        let (names, images) = containers($o.spec.template.spec.containers.as_deref());
        Printed::new(
            STATEFUL_SET,
            vec![
                $o.metadata.name.clone().into(),
                format!("{}/{}", $o.status.ready_replicas, count($o.spec.replicas)).into(),
                age(&$o.metadata, $now),
                names.into(),
                images.into(),
            ],
        )
    }};
    (@print DaemonSet, $o:ident, $now:ident) => {{
        let (names, images) = containers($o.spec.template.spec.containers.as_deref());
        Printed::new(
            DAEMON_SET,
            vec![
                $o.metadata.name.clone().into(),
                $o.status.desired_number_scheduled.into(),
                $o.status.current_number_scheduled.into(),
                $o.status.number_ready.into(),
                $o.status.updated_number_scheduled.into(),
                $o.status.number_available.into(),
                format_labels(&$o.spec.template.spec.node_selector).into(),
                age(&$o.metadata, $now),
                names.into(),
                images.into(),
                format_label_selector($o.spec.selector.as_ref()).into(),
            ],
        )
    }};
    (@print ControllerRevision, $o:ident, $now:ident) => {{
        Printed::new(
            CONTROLLER_REVISION,
            vec![
                $o.metadata.name.clone().into(),
                controller(&$o.metadata).into(),
                $o.revision.into(),
                age(&$o.metadata, $now),
            ],
        )
    }};
}

print_each_kind! {
    printers;
    "apps": crate::apps::v1 { Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision }
    "apps": crate::apps::v1beta2 { Deployment, ReplicaSet, StatefulSet, DaemonSet, ControllerRevision }
    "apps": crate::apps::v1beta1 { Deployment, StatefulSet, ControllerRevision }
    "extensions": crate::extensions::v1beta1 { Deployment, ReplicaSet, DaemonSet }
}

#[cfg(all(test, feature = "apps"))]
mod tests {
    use super::*;
    use crate::apps::v1::{Deployment, DeploymentSpec, DeploymentStatus};
    use crate::core::v1::{Container, PodSpec, PodTemplateSpec};
    use crate::printers::Cell;
    use kapi_machinery::types::Time;

    #[test]
    fn deployments_print_as_upstream() {
        // Upstream's printers_test.go `TestPrintDeployment`: created 1.9s in the future.
        let now = 1_700_000_000;
        let d = Deployment {
            metadata: ObjectMeta {
                name: "test1".into(),
                creation_timestamp: Time::from_unix(now + 1),
                ..Default::default()
            },
            spec: DeploymentSpec {
                replicas: Some(5),
                template: PodTemplateSpec {
                    spec: PodSpec {
                        containers: Some(vec![
                            Container {
                                name: "fake-container1".into(),
                                image: "fake-image1".into(),
                                ..Default::default()
                            },
                            Container {
                                name: "fake-container2".into(),
                                image: "fake-image2".into(),
                                ..Default::default()
                            },
                        ]),
                        ..Default::default()
                    },
                    ..Default::default()
                },
                selector: Some(LabelSelector {
                    match_labels: [("foo".into(), "bar".into())].into(),
                    ..Default::default()
                }),
                ..Default::default()
            },
            status: DeploymentStatus {
                replicas: 10,
                updated_replicas: 2,
                available_replicas: 1,
                unavailable_replicas: 4,
                ..Default::default()
            },
            ..Default::default()
        };
        let p = crate::printers::print(&d, now).unwrap();
        assert_eq!(
            p.cells,
            [
                Cell::from("test1"),
                "0/5".into(),
                Cell::Int(2),
                Cell::Int(1),
                "0s".into(),
                "fake-container1,fake-container2".into(),
                "fake-image1,fake-image2".into(),
                "foo=bar".into()
            ]
        );
    }

    #[test]
    fn controller_revisions_name_their_controller() {
        use crate::meta::v1::OwnerReference;
        let meta = ObjectMeta {
            owner_references: vec![OwnerReference {
                api_version: "apps/v1".into(),
                kind: "DaemonSet".into(),
                name: "fluentd".into(),
                controller: Some(true),
                ..Default::default()
            }],
            ..Default::default()
        };
        assert_eq!(controller(&meta), "daemonset.apps/fluentd");
        assert_eq!(controller(&ObjectMeta::default()), "<none>");
    }
}
