//! The field selectors of core v1 kinds (upstream's field-label conversion functions in
//! `pkg/apis/core/v1/conversion.go`); each refuses other labels with `field label not supported`.

use crate::field_labels::{FieldLabels, Refusal};

/// One core v1 kind's accepted labels.
const fn kind(kind: &'static str, labels: &'static [&'static str]) -> FieldLabels {
    FieldLabels { group: "", version: "v1", kind, labels, aliases: &[], refusal: Refusal::NotSupported }
}

/// Every kind of core v1 with a field-label function of its own.
pub const FIELD_LABELS: &[FieldLabels] = &[
    FieldLabels {
        aliases: &[("spec.host", "spec.nodeName")],
        ..kind(
            "Pod",
            &[
                "metadata.name",
                "metadata.namespace",
                "spec.nodeName",
                "spec.restartPolicy",
                "spec.schedulerName",
                "spec.serviceAccountName",
                "spec.hostNetwork",
                "status.phase",
                "status.podIP",
                "status.podIPs",
                "status.nominatedNodeName",
            ],
        )
    },
    kind("Node", &["metadata.name", "spec.unschedulable"]),
    kind("ReplicationController", &["metadata.name", "metadata.namespace", "status.replicas"]),
    kind(
        "Event",
        &[
            "involvedObject.kind",
            "involvedObject.namespace",
            "involvedObject.name",
            "involvedObject.uid",
            "involvedObject.apiVersion",
            "involvedObject.resourceVersion",
            "involvedObject.fieldPath",
            "reason",
            "reportingComponent",
            "source",
            "type",
            "metadata.namespace",
            "metadata.name",
        ],
    ),
    kind("Namespace", &["status.phase", "metadata.name"]),
    kind("Secret", &["type", "metadata.namespace", "metadata.name"]),
    kind("Service", &["metadata.namespace", "metadata.name", "spec.clusterIP", "spec.type"]),
];

#[cfg(test)]
mod tests {
    crate::testing::field_label_lookup!(crate::core::v1::FIELD_LABELS);

    #[test]
    fn pods_accept_their_labels_and_the_old_host_alias() {
        let ok = |l: &str| convert_field_label("", "v1", "Pod", l, "x");
        assert_eq!(ok("spec.nodeName").unwrap(), ("spec.nodeName".to_owned(), "x".to_owned()));
        assert_eq!(ok("spec.host").unwrap(), ("spec.nodeName".to_owned(), "x".to_owned()));
        assert!(ok("status.podIPs").is_ok());
        assert_eq!(ok("spec.containers").unwrap_err().to_string(), "field label not supported: spec.containers");
    }

    #[test]
    fn other_core_kinds() {
        assert!(convert_field_label("", "v1", "Node", "spec.unschedulable", "true").is_ok());
        assert!(convert_field_label("", "v1", "Node", "metadata.namespace", "x").is_err());
        assert!(convert_field_label("", "v1", "Event", "involvedObject.uid", "u").is_ok());
        assert!(convert_field_label("", "v1", "Secret", "type", "Opaque").is_ok());
        assert!(convert_field_label("", "v1", "Service", "spec.clusterIP", "None").is_ok());
        assert!(convert_field_label("", "v1", "Namespace", "status.phase", "Active").is_ok());
        assert!(convert_field_label("", "v1", "ReplicationController", "status.replicas", "1").is_ok());
        // Kinds without a function of their own keep the metadata-only default.
        let err = convert_field_label("", "v1", "ConfigMap", "data", "x").unwrap_err();
        assert_eq!(
            err.to_string(),
            r#""data" is not a known field selector: only "metadata.name", "metadata.namespace""#
        );
    }

    #[test]
    fn install_registers_them_in_the_scheme() {
        let mut s = kapi_machinery::Scheme::new();
        crate::core::install(&mut s).unwrap();
        let pod = kapi_machinery::GroupVersionKind::new("", "v1", "Pod");
        assert_eq!(s.convert_field_label(&pod, "spec.host", "n1").unwrap(), ("spec.nodeName".into(), "n1".into()));
        assert_eq!(
            s.convert_field_label(&pod, "spec.image", "x").unwrap_err().to_string(),
            "field label not supported: spec.image"
        );
        let cm = kapi_machinery::GroupVersionKind::new("", "v1", "ConfigMap");
        assert!(s.convert_field_label(&cm, "metadata.namespace", "ns").is_ok());
        assert_eq!(
            s.convert_field_label(&cm, "data", "x").unwrap_err().to_string(),
            r#""data" is not a known field selector: only "metadata.name", "metadata.namespace""#
        );
    }
}
