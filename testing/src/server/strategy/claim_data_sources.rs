//! The persistent volume claim strategy's data sources: a `dataSource` that is neither a claim nor a volume snapshot is dropped (old clients), then `dataSource` and `dataSourceRef` fill each other in.

use kapi_api::core::v1::{PersistentVolumeClaimSpec, TypedLocalObjectReference, TypedObjectReference};

/// Upstream's `EnforceDataSourceBackwardsCompatibility` then `NormalizeDataSources`, on create
/// (`old` is `None`) and update; the `AnyVolumeDataSource` gate they once read is locked on.
pub(crate) fn prepare(spec: &mut PersistentVolumeClaimSpec, old: Option<&PersistentVolumeClaimSpec>) {
    enforce_backwards_compatibility(spec, old);
    normalize(spec);
}

/// A claim that asks for no `dataSourceRef`, on create or over a stored claim with no data
/// source, keeps a `dataSource` only when it names a claim or a volume snapshot: older clients
/// knew only those two, and anything else was silently ignored.
fn enforce_backwards_compatibility(spec: &mut PersistentVolumeClaimSpec, old: Option<&PersistentVolumeClaimSpec>) {
    if old.is_some_and(|o| o.data_source.is_some() || o.data_source_ref.is_some()) || spec.data_source_ref.is_some() {
        return;
    }
    let Some(source) = &spec.data_source else { return };
    let group = source.api_group.as_deref().unwrap_or_default();
    let known = matches!(
        (source.kind.as_str(), group),
        ("PersistentVolumeClaim", "") | ("VolumeSnapshot", "snapshot.storage.k8s.io")
    );
    if !known {
        spec.data_source = None;
    }
}

/// Whichever of `dataSource` and `dataSourceRef` is set alone is copied to the other (a
/// reference naming a namespace is not: `dataSource` is local).
fn normalize(spec: &mut PersistentVolumeClaimSpec) {
    match (&spec.data_source, &spec.data_source_ref) {
        (Some(source), None) => {
            spec.data_source_ref = Some(TypedObjectReference {
                api_group: source.api_group.clone(),
                kind: source.kind.clone(),
                name: source.name.clone(),
                namespace: None,
            });
        }
        (None, Some(reference)) if reference.namespace.as_deref().unwrap_or_default().is_empty() => {
            spec.data_source = Some(TypedLocalObjectReference {
                api_group: reference.api_group.clone(),
                kind: reference.kind.clone(),
                name: reference.name.clone(),
            });
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(group: Option<&str>, kind: &str, name: &str) -> Option<TypedLocalObjectReference> {
        Some(TypedLocalObjectReference { api_group: group.map(Into::into), kind: kind.into(), name: name.into() })
    }

    fn reference(group: Option<&str>, kind: &str, name: &str, ns: Option<&str>) -> Option<TypedObjectReference> {
        Some(TypedObjectReference {
            api_group: group.map(Into::into),
            kind: kind.into(),
            name: name.into(),
            namespace: ns.map(Into::into),
        })
    }

    fn spec(
        source: Option<TypedLocalObjectReference>,
        reference: Option<TypedObjectReference>,
    ) -> PersistentVolumeClaimSpec {
        PersistentVolumeClaimSpec { data_source: source, data_source_ref: reference, ..Default::default() }
    }

    #[test]
    fn a_known_data_source_is_copied_to_the_reference_and_back() {
        let mut s = spec(local(Some("snapshot.storage.k8s.io"), "VolumeSnapshot", "snap"), None);
        prepare(&mut s, None);
        assert_eq!(s.data_source_ref, reference(Some("snapshot.storage.k8s.io"), "VolumeSnapshot", "snap", None));
        let mut s = spec(None, reference(Some("example.com"), "Populator", "p", None));
        prepare(&mut s, None);
        assert_eq!(s.data_source, local(Some("example.com"), "Populator", "p"));
        // A reference to another namespace stays alone.
        let mut s = spec(None, reference(None, "PersistentVolumeClaim", "c", Some("other")));
        prepare(&mut s, None);
        assert_eq!(s.data_source, None);
    }

    #[test]
    fn an_unknown_data_source_without_a_reference_is_dropped_unless_one_is_stored() {
        let populator = || local(Some("example.com"), "Populator", "p");
        let mut s = spec(populator(), None);
        prepare(&mut s, None);
        assert_eq!((s.data_source, s.data_source_ref), (None, None));
        // A claim in the core group only: a `VolumeSnapshot` of the core group is unknown too.
        let mut s = spec(local(None, "VolumeSnapshot", "s"), None);
        prepare(&mut s, None);
        assert_eq!(s.data_source, None);
        // An update over a claim that has a data source keeps it (and fills in the reference).
        let stored = spec(populator(), reference(Some("example.com"), "Populator", "p", None));
        let mut s = spec(populator(), None);
        prepare(&mut s, Some(&stored));
        assert_eq!(
            (s.data_source, s.data_source_ref),
            (populator(), reference(Some("example.com"), "Populator", "p", None))
        );
    }
}
