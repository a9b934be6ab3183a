//! The in-line sizes of core's one-of structs: every member boxed, so each costs a pointer.

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
    assert!(size_of::<v1::Container>() <= 1280, "Container is {} bytes", size_of::<v1::Container>());
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
