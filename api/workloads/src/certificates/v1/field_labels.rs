//! The field selectors of `certificates.k8s.io/v1` kinds (upstream's field-label conversion functions).

use crate::field_labels::{FieldLabels, Refusal};

/// Every kind of this version with a field-label function of its own.
pub const FIELD_LABELS: &[FieldLabels] = &[
    FieldLabels {
        group: "certificates.k8s.io",
        version: "v1",
        kind: "CertificateSigningRequest",
        labels: &["metadata.name", "spec.signerName"],
        aliases: &[],
        refusal: Refusal::NotSupported,
    },
    FieldLabels {
        group: "certificates.k8s.io",
        version: "v1",
        kind: "ClusterTrustBundle",
        labels: &["metadata.name", "spec.signerName"],
        aliases: &[],
        refusal: Refusal::NotSupported,
    },
    FieldLabels {
        group: "certificates.k8s.io",
        version: "v1",
        kind: "PodCertificateRequest",
        labels: &["metadata.name", "spec.signerName", "spec.podName", "spec.nodeName"],
        aliases: &[],
        refusal: Refusal::NotSupported,
    },
];
