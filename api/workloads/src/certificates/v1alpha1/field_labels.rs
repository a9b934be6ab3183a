//! The field selectors of `certificates.k8s.io/v1alpha1` kinds (upstream's field-label conversion functions).

use crate::field_labels::{FieldLabels, Refusal};

/// Every kind of this version with a field-label function of its own.
pub const FIELD_LABELS: &[FieldLabels] = &[FieldLabels {
    group: "certificates.k8s.io",
    version: "v1alpha1",
    kind: "ClusterTrustBundle",
    labels: &["metadata.name", "spec.signerName"],
    aliases: &[],
    refusal: Refusal::NotSupported,
}];
