//! The in-line sizes of core's one-of structs and rarely set pointers: boxed, each costs a pointer.

use std::mem::size_of;

use crate::core::v1;

/// Asserts that a struct of `members` optional members is a pointer per member: a member held
/// in-line instead (an unboxed `Option<T>`) makes it larger.
macro_rules! boxed_members {
    ($($ty:ty => $members:expr),* $(,)?) => {$(
        assert_eq!(
            size_of::<$ty>(),
            $members * size_of::<usize>(),
            "{} should hold each of its {} members as Option<Box<_>>",
            stringify!($ty),
            $members,
        );
    )*};
}

#[test]
fn versioned_one_of_members_are_boxed() {
    boxed_members!(
        v1::VolumeSource => 30,
        v1::PersistentVolumeSource => 22,
        v1::VolumeProjection => 6,
        v1::EnvVarSource => 5,
        v1::ProbeHandler => 4,
        v1::LifecycleHandler => 4,
    );
    // What that saves a Pod: a volume was 3,216 bytes and a container 2,432.
    assert!(size_of::<v1::Volume>() <= 320, "Volume is {} bytes", size_of::<v1::Volume>());
}

/// A container's probes, lifecycle and security context, and a pod spec's affinity, DNS config
/// and pod-level resources, are boxed: Go holds them behind pointers and most pods leave them
/// unset, and in-line they were 664 bytes of every container and 264 of every pod spec.
#[test]
fn rarely_set_pointers_are_boxed() {
    let boxed = size_of::<Option<Box<v1::Probe>>>();
    assert_eq!(boxed, size_of::<usize>());
    assert!(size_of::<v1::Container>() <= 512, "Container is {} bytes (was 1,168)", size_of::<v1::Container>());
    assert!(
        size_of::<v1::EphemeralContainer>() <= 544,
        "EphemeralContainer is {} bytes",
        size_of::<v1::EphemeralContainer>()
    );
    assert!(size_of::<v1::PodSpec>() <= 1200, "PodSpec is {} bytes (was 1,456)", size_of::<v1::PodSpec>());
}

#[cfg(feature = "internal")]
#[test]
fn internal_one_of_members_are_boxed() {
    use crate::core as internal;
    boxed_members!(
        internal::VolumeSource => 30,
        internal::PersistentVolumeSource => 22,
        internal::VolumeProjection => 6,
        internal::EnvVarSource => 5,
        internal::ProbeHandler => 4,
        internal::LifecycleHandler => 4,
    );
}
