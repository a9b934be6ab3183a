//! The field selectors of `apps/v1beta1` kinds (upstream's field-label conversion functions).

use crate::field_labels::{FieldLabels, Refusal};

/// Every kind of this version with a field-label function of its own: stateful sets also accept
/// `status.successful`, as upstream's function lists it.
pub const FIELD_LABELS: &[FieldLabels] = &[FieldLabels {
    group: "apps",
    version: "v1beta1",
    kind: "StatefulSet",
    labels: &["metadata.name", "metadata.namespace", "status.successful"],
    aliases: &[],
    refusal: Refusal::NotSupportedFor("appsv1beta1.StatefulSet"),
}];
