//! Hand-written conversions of `node.k8s.io/v1alpha1`: its runtime class nests the handler,
//! overhead and scheduling in a spec, where the internal version (and v1) holds them at the top.

use kapi_machinery::ConversionError;

use super::{RuntimeClass, RuntimeClassSpec};
use crate::node as internal;

/// The spec's runtime handler becomes the handler; overhead and scheduling move up.
pub fn convert_runtime_class_to_internal(mut from: RuntimeClass) -> Result<internal::RuntimeClass, ConversionError> {
    let spec = std::mem::take(&mut from.spec);
    let mut out = super::auto_convert_runtime_class_to_internal(from)?;
    out.handler = spec.runtime_handler;
    out.overhead = spec
        .overhead
        .map(super::convert_overhead_to_internal)
        .transpose()
        .map_err(|e| e.in_field("overhead").in_field("spec"))?;
    out.scheduling = spec
        .scheduling
        .map(super::convert_scheduling_to_internal)
        .transpose()
        .map_err(|e| e.in_field("scheduling").in_field("spec"))?;
    Ok(out)
}

/// The handler, overhead and scheduling move into the spec.
pub fn convert_runtime_class_from_internal(mut from: internal::RuntimeClass) -> Result<RuntimeClass, ConversionError> {
    let handler = std::mem::take(&mut from.handler);
    let overhead = from.overhead.take();
    let scheduling = from.scheduling.take();
    let mut out = super::auto_convert_runtime_class_from_internal(from)?;
    out.spec = RuntimeClassSpec {
        runtime_handler: handler,
        overhead: overhead
            .map(super::convert_overhead_from_internal)
            .transpose()
            .map_err(|e| e.in_field("overhead"))?,
        scheduling: scheduling
            .map(super::convert_scheduling_from_internal)
            .transpose()
            .map_err(|e| e.in_field("scheduling"))?,
    };
    Ok(out)
}
