//! The field selectors of `storage.k8s.io/v1` kinds (upstream's field-label conversion function for volume attachments).

use crate::field_labels::{FieldLabels, Refusal};

/// Volume attachments can be selected by node, attacher and volume name.
pub const FIELD_LABELS: &[FieldLabels] = &[FieldLabels {
    group: "storage.k8s.io",
    version: "v1",
    kind: "VolumeAttachment",
    labels: &["metadata.name", "spec.nodeName", "spec.attacher", "spec.persistentVolumeName"],
    aliases: &[],
    refusal: Refusal::NotSupported,
}];
