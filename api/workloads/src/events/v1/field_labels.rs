//! The field selectors of `events.k8s.io/v1` events (upstream's field-label conversion function), which select by core's field names.

use crate::field_labels::{FieldLabels, Refusal};

/// The renamed fields are accepted under this group's names and answered with core's, which the
/// stored events are selected by.
pub const FIELD_LABELS: &[FieldLabels] = &[FieldLabels {
    group: "events.k8s.io",
    version: "v1",
    kind: "Event",
    labels: &["reason", "source", "type", "metadata.namespace", "metadata.name"],
    aliases: &[
        ("regarding.kind", "involvedObject.kind"),
        ("regarding.namespace", "involvedObject.namespace"),
        ("regarding.name", "involvedObject.name"),
        ("regarding.uid", "involvedObject.uid"),
        ("regarding.apiVersion", "involvedObject.apiVersion"),
        ("regarding.resourceVersion", "involvedObject.resourceVersion"),
        ("regarding.fieldPath", "involvedObject.fieldPath"),
        ("reportingController", "reportingComponent"),
    ],
    refusal: Refusal::NotSupported,
}];
