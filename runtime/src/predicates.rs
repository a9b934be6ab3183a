//! Predicates that decide whether an update of a controller's primary object queues it, as
//! controller-runtime's `GenerationChangedPredicate`, `LabelChangedPredicate` and
//! `AnnotationChangedPredicate`: each takes the object before and after the update.

use kapi_client::Resource;

/// `metadata.generation` changed: the spec changed (status-only and metadata-only updates do not
/// pass). Objects without a generation (0) always pass, as nothing tells their changes apart.
pub fn generation_changed<K: Resource>(old: &K, new: &K) -> bool {
    let (o, n) = (old.metadata().generation, new.metadata().generation);
    n == 0 || o != n
}

/// `metadata.labels` changed.
pub fn labels_changed<K: Resource>(old: &K, new: &K) -> bool {
    old.metadata().labels != new.metadata().labels
}

/// `metadata.annotations` changed.
pub fn annotations_changed<K: Resource>(old: &K, new: &K) -> bool {
    old.metadata().annotations != new.metadata().annotations
}

/// `metadata.resourceVersion` changed (anything was written).
pub fn resource_version_changed<K: Resource>(old: &K, new: &K) -> bool {
    old.metadata().resource_version != new.metadata().resource_version
}

/// Passes when any of `predicates` does (a controller's own predicates must all pass).
pub fn any<K>(predicates: Vec<fn(&K, &K) -> bool>) -> impl Fn(&K, &K) -> bool + Send + Sync + 'static
where
    K: 'static,
{
    move |old, new| predicates.iter().any(|p| p(old, new))
}

#[cfg(test)]
mod tests {
    use kapi_api::core::v1::ConfigMap;

    use super::*;

    fn cm(generation: i64, labels: &[(&str, &str)], annotations: &[(&str, &str)]) -> ConfigMap {
        let mut c = ConfigMap::default();
        c.metadata.generation = generation;
        c.metadata.labels = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        c.metadata.annotations = annotations.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        c
    }

    #[test]
    fn each_predicate_looks_at_its_own_field() {
        let base = cm(1, &[("a", "1")], &[("n", "x")]);
        let spec = cm(2, &[("a", "1")], &[("n", "x")]);
        let label = cm(1, &[("a", "2")], &[("n", "x")]);
        let note = cm(1, &[("a", "1")], &[("n", "y")]);
        assert!(generation_changed(&base, &spec));
        assert!(!generation_changed(&base, &label));
        assert!(generation_changed(&cm(0, &[], &[]), &cm(0, &[], &[])), "no generation: always");
        assert!(labels_changed(&base, &label) && !labels_changed(&base, &note));
        assert!(annotations_changed(&base, &note) && !annotations_changed(&base, &spec));
        let either = any(vec![generation_changed::<ConfigMap>, labels_changed::<ConfigMap>]);
        assert!(either(&base, &spec) && either(&base, &label) && !either(&base, &note));
    }
}
