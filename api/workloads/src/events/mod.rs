//! The `events` API group: events, in their structured form.
//!
//! The group has no internal package of its own: both versions convert to and from core's internal
//! `Event`, which the group's `install` registers under its internal version too, as upstream does.

pub mod v1;
pub mod v1beta1;

/// Installs every version of the group with its field-label conversions and, with the `internal`
/// feature, core's internal `Event` and `EventList` as this group's internal kinds and the
/// conversions to and from them (upstream's `install.Install`).
#[kapi_macros::where_used]
pub fn install(scheme: &mut kapi_machinery::Scheme) -> Result<(), kapi_machinery::SchemeError> {
    #[cfg(feature = "internal")]
    {
        use kapi_machinery::{GroupVersionKind, INTERNAL_VERSION};
        scheme.add_known_type_as::<crate::core::Event>(GroupVersionKind::new(
            v1::GROUP_NAME,
            INTERNAL_VERSION,
            "Event",
        ))?;
        scheme.add_known_type_as::<crate::core::EventList>(GroupVersionKind::new(
            v1::GROUP_NAME,
            INTERNAL_VERSION,
            "EventList",
        ))?;
    }
    v1::add_to_scheme(scheme)?;
    v1beta1::add_to_scheme(scheme)?;
    crate::field_labels::register(scheme, v1::FIELD_LABELS);
    Ok(())
}

#[cfg(all(test, feature = "internal"))]
mod internal_tests;
