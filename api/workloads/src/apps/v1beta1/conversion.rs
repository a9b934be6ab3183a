//! Hand-written conversions of `apps/v1beta1`: volume claim templates carry their kind.

use kapi_machinery::{ConversionError, TypeMeta};

use super::StatefulSetSpec;
use crate::apps as internal;

/// Volume claim templates lose their kind and API version on the way in.
pub fn convert_stateful_set_spec_to_internal(
    from: StatefulSetSpec,
) -> Result<internal::StatefulSetSpec, ConversionError> {
    let mut out = super::auto_convert_stateful_set_spec_to_internal(from)?;
    internal::clear_claim_template_type_meta(&mut out.volume_claim_templates);
    Ok(out)
}

/// Volume claim templates go out as `v1` `PersistentVolumeClaim`s.
pub fn convert_stateful_set_spec_from_internal(
    from: internal::StatefulSetSpec,
) -> Result<StatefulSetSpec, ConversionError> {
    let mut out = super::auto_convert_stateful_set_spec_from_internal(from)?;
    for t in &mut out.volume_claim_templates {
        t.type_meta = TypeMeta { kind: "PersistentVolumeClaim".to_owned(), api_version: "v1".to_owned() };
    }
    Ok(out)
}

/// The internal selector string is the target selector if set, else the selector map in string form.
pub fn convert_scale_status_to_internal(
    from: super::ScaleStatus,
) -> Result<crate::autoscaling::ScaleStatus, ConversionError> {
    let selector = if !from.target_selector.is_empty() {
        from.target_selector
    } else {
        internal::selector_from_set(&from.selector)
    };
    Ok(crate::autoscaling::ScaleStatus { replicas: from.replicas, selector })
}

/// The selector string goes out as the target selector and, when it has only equality
/// requirements, also as the selector map; one that does not parse is an error.
pub fn convert_scale_status_from_internal(
    from: crate::autoscaling::ScaleStatus,
) -> Result<super::ScaleStatus, ConversionError> {
    let parsed = internal::parse_to_label_selector(&from.selector)
        .map_err(|e| ConversionError::new(format!("failed to parse selector: {e}")).in_field("selector"))?;
    let selector = if parsed.match_expressions.is_empty() { parsed.match_labels } else { Default::default() };
    Ok(super::ScaleStatus { replicas: from.replicas, selector, target_selector: from.selector })
}
