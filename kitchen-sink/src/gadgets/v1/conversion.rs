//! Hand-written conversions for the fields the generator cannot pair.

use kapi_machinery::ConversionError;

use super::GadgetSpec;
use crate::gadgets as internal;

/// `colour` is `color` internally, and centimetres are stored as millimetres.
pub fn convert_gadget_spec_to_internal(mut from: GadgetSpec) -> Result<internal::GadgetSpec, ConversionError> {
    let colour = std::mem::take(&mut from.colour);
    let cm = from.size_cm;
    let mut out = super::auto_convert_gadget_spec_to_internal(from)?;
    out.color = colour;
    out.size_mm = cm.checked_mul(10).ok_or_else(|| ConversionError::new("too large").in_field("sizeCm"))?;
    Ok(out)
}

/// The reverse of [`convert_gadget_spec_to_internal`].
pub fn convert_gadget_spec_from_internal(mut from: internal::GadgetSpec) -> Result<GadgetSpec, ConversionError> {
    let color = std::mem::take(&mut from.color);
    let mm = from.size_mm;
    let mut out = super::auto_convert_gadget_spec_from_internal(from)?;
    out.colour = color;
    out.size_cm = mm / 10;
    Ok(out)
}
