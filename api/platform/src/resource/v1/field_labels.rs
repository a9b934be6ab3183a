//! The field selectors of `resource.k8s.io/v1` kinds (upstream's field-label conversion functions).

use crate::field_labels::{FieldLabels, Refusal};

/// Resource slices are selected by node and driver.
pub const FIELD_LABELS: &[FieldLabels] = &[FieldLabels {
    group: "resource.k8s.io",
    version: "v1",
    kind: "ResourceSlice",
    labels: &["metadata.name", "spec.nodeName", "spec.driver"],
    aliases: &[],
    refusal: Refusal::NotSupportedFor("resource.k8s.io/v1, Kind=ResourceSlice"),
}];
