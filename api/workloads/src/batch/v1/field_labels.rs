//! The field selectors of `batch/v1` kinds (upstream's field-label conversion function for jobs).

use crate::field_labels::{FieldLabels, Refusal};

/// Jobs can also be selected by their success count; other labels are refused naming the kind.
pub const FIELD_LABELS: &[FieldLabels] = &[FieldLabels {
    group: "batch",
    version: "v1",
    kind: "Job",
    labels: &["metadata.name", "metadata.namespace", "status.successful"],
    aliases: &[],
    refusal: Refusal::NotSupportedForQuoted("batchv1.Job"),
}];
