//! Hand-written conversions of `extensions/v1beta1`, whose kinds convert into other groups' hubs:
//! the scale subresource's selector map and target selector against autoscaling's selector string,
//! and the old ingress backend (a service name and an int-or-string port) against networking's.

use kapi_machinery::ConversionError;
use kapi_machinery::types::IntOrString;

use super::{IngressBackend, IngressSpec, ScaleStatus};

/// The internal selector string is the target selector if set, else the selector map in string form.
pub fn convert_scale_status_to_internal(from: ScaleStatus) -> Result<crate::autoscaling::ScaleStatus, ConversionError> {
    let selector = if !from.target_selector.is_empty() {
        from.target_selector
    } else {
        crate::apps::selector_from_set(&from.selector)
    };
    Ok(crate::autoscaling::ScaleStatus { replicas: from.replicas, selector })
}

/// The selector string goes out as the target selector and, when it has only equality
/// requirements, also as the selector map; one that does not parse is an error.
pub fn convert_scale_status_from_internal(
    from: crate::autoscaling::ScaleStatus,
) -> Result<ScaleStatus, ConversionError> {
    let parsed = crate::apps::parse_to_label_selector(&from.selector)
        .map_err(|e| ConversionError::new(format!("failed to parse selector: {e}")).in_field("selector"))?;
    let selector = if parsed.match_expressions.is_empty() { parsed.match_labels } else { Default::default() };
    Ok(ScaleStatus { replicas: from.replicas, selector, target_selector: from.selector })
}

/// `serviceName` and `servicePort` become a service backend when either is set: a string port is
/// the port's name, an integer its number.
pub fn convert_ingress_backend_to_internal(
    mut from: IngressBackend,
) -> Result<crate::networking::IngressBackend, ConversionError> {
    let name = std::mem::take(&mut from.service_name);
    let port = std::mem::take(&mut from.service_port);
    let mut out = super::auto_convert_ingress_backend_to_internal(from)?;
    if !name.is_empty() || port.int_val != 0 || !port.str_val.is_empty() || port.ty == IntOrString::STRING {
        out.service = Some(crate::networking::IngressServiceBackend {
            name,
            port: crate::networking::ServiceBackendPort { name: port.str_val, number: port.int_val },
        });
    }
    Ok(out)
}

/// A service backend becomes `serviceName` and `servicePort`, the port by name when it has one.
pub fn convert_ingress_backend_from_internal(
    mut from: crate::networking::IngressBackend,
) -> Result<IngressBackend, ConversionError> {
    let service = from.service.take();
    let mut out = super::auto_convert_ingress_backend_from_internal(from)?;
    if let Some(s) = service {
        out.service_name = s.name;
        out.service_port =
            if s.port.name.is_empty() { IntOrString::int(s.port.number) } else { IntOrString::string(s.port.name) };
    }
    Ok(out)
}

/// `backend` is the internal `default_backend`.
pub fn convert_ingress_spec_to_internal(
    mut from: IngressSpec,
) -> Result<crate::networking::IngressSpec, ConversionError> {
    let backend = from.backend.take();
    let mut out = super::auto_convert_ingress_spec_to_internal(from)?;
    out.default_backend =
        backend.map(|b| convert_ingress_backend_to_internal(b).map_err(|e| e.in_field("backend"))).transpose()?;
    Ok(out)
}

/// The internal `default_backend` is `backend` here.
pub fn convert_ingress_spec_from_internal(
    mut from: crate::networking::IngressSpec,
) -> Result<IngressSpec, ConversionError> {
    let backend = from.default_backend.take();
    let mut out = super::auto_convert_ingress_spec_from_internal(from)?;
    out.backend = backend
        .map(|b| convert_ingress_backend_from_internal(b).map_err(|e| e.in_field("defaultBackend")))
        .transpose()?;
    Ok(out)
}
