//! Hand-written conversions of `apps/v1beta2`: the deprecated rollback revision and template generation travel as annotations, and volume claim templates carry their kind.

use kapi_machinery::{ConversionError, TypeMeta};

use super::{DaemonSet, DaemonSetSpec, Deployment, DeploymentSpec, StatefulSetSpec};
use crate::apps as internal;

/// `rollback_to` has no field here: [`convert_deployment_to_internal`] reads it from an annotation.
pub fn convert_deployment_spec_to_internal(from: DeploymentSpec) -> Result<internal::DeploymentSpec, ConversionError> {
    super::auto_convert_deployment_spec_to_internal(from)
}

/// `rollback_to` has no field here: [`convert_deployment_from_internal`] writes it as an annotation.
pub fn convert_deployment_spec_from_internal(
    from: internal::DeploymentSpec,
) -> Result<DeploymentSpec, ConversionError> {
    super::auto_convert_deployment_spec_from_internal(from)
}

/// The deprecated rollback revision comes from its annotation, which the internal object loses.
pub fn convert_deployment_to_internal(mut from: Deployment) -> Result<internal::Deployment, ConversionError> {
    let rollback_to = internal::take_rollback_to_annotation(&mut from.metadata)?;
    let mut out = super::auto_convert_deployment_to_internal(from)?;
    out.spec.rollback_to = rollback_to;
    Ok(out)
}

/// The deprecated rollback revision goes out as its annotation.
pub fn convert_deployment_from_internal(mut from: internal::Deployment) -> Result<Deployment, ConversionError> {
    let rollback_to = from.spec.rollback_to.take();
    let mut out = super::auto_convert_deployment_from_internal(from)?;
    internal::put_rollback_to_annotation(&mut out.metadata, rollback_to.as_ref());
    Ok(out)
}

/// `template_generation` has no field here: [`convert_daemon_set_to_internal`] reads its annotation.
pub fn convert_daemon_set_spec_to_internal(from: DaemonSetSpec) -> Result<internal::DaemonSetSpec, ConversionError> {
    super::auto_convert_daemon_set_spec_to_internal(from)
}

/// `template_generation` has no field here: [`convert_daemon_set_from_internal`] writes it.
pub fn convert_daemon_set_spec_from_internal(from: internal::DaemonSetSpec) -> Result<DaemonSetSpec, ConversionError> {
    super::auto_convert_daemon_set_spec_from_internal(from)
}

/// The deprecated template generation comes from its annotation, which the internal object loses.
pub fn convert_daemon_set_to_internal(mut from: DaemonSet) -> Result<internal::DaemonSet, ConversionError> {
    let generation = internal::take_template_generation_annotation(&mut from.metadata)?;
    let mut out = super::auto_convert_daemon_set_to_internal(from)?;
    out.spec.template_generation = generation;
    Ok(out)
}

/// The deprecated template generation always goes out as its annotation.
pub fn convert_daemon_set_from_internal(from: internal::DaemonSet) -> Result<DaemonSet, ConversionError> {
    let generation = from.spec.template_generation;
    let mut out = super::auto_convert_daemon_set_from_internal(from)?;
    internal::put_template_generation_annotation(&mut out.metadata, generation);
    Ok(out)
}

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
