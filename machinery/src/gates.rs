//! Feature-gated fields: the fields `+featureGate=Gate` marks are dropped from writes while the gate is off (upstream's `dropDisabledFields`, which strategies call in `PrepareForCreate` and `PrepareForUpdate`).
//!
//! Gates are named by string, so an API crate's own gates work as kapi's do: the server asks a
//! `&dyn Fn(&str) -> bool` whether a gate is on. A gate is dropped per object, not per field: an
//! update keeps every field of a gate the stored object already uses anywhere (a new alpha field
//! written while the gate was on survives a later update with it off), as upstream's
//! `<feature>InUse(oldSpec)` checks do.

/// A type with feature-gated fields, in itself or in anything it holds; implemented by the
/// generator (`featuregates.rs` of each package) for every such type.
pub trait DropDisabledFields {
    /// The gates of this type's fields and of everything it holds, sorted, each once.
    const FEATURE_GATES: &'static [&'static str];

    /// Whether any field gated by `gate` is set, here or in anything held.
    fn uses_feature_gate(&self, gate: &str) -> bool;

    /// Clears every field gated by `gate`, here and in anything held.
    fn clear_feature_gate(&mut self, gate: &str);

    /// Clears the fields of every gate that `enabled` says is off, except the gates whose fields
    /// `old` (the stored object, on update) already uses: upstream's `dropDisabledFields`.
    fn drop_disabled_fields(&mut self, old: Option<&Self>, enabled: &dyn Fn(&str) -> bool) {
        for gate in Self::FEATURE_GATES {
            if !enabled(gate) && !old.is_some_and(|o| o.uses_feature_gate(gate)) {
                self.clear_feature_gate(gate);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DropDisabledFields;

    /// A hand-written implementation with two gates, shaped as the generator writes them.
    #[derive(Default, Clone, PartialEq, Debug)]
    struct Spec {
        alpha: Option<i32>,
        beta: Vec<String>,
        plain: i32,
    }

    impl DropDisabledFields for Spec {
        const FEATURE_GATES: &'static [&'static str] = &["Alpha", "Beta"];
        fn uses_feature_gate(&self, gate: &str) -> bool {
            match gate {
                "Alpha" => self.alpha.is_some(),
                "Beta" => !self.beta.is_empty(),
                _ => false,
            }
        }
        fn clear_feature_gate(&mut self, gate: &str) {
            match gate {
                "Alpha" => self.alpha = None,
                "Beta" => self.beta.clear(),
                _ => {}
            }
        }
    }

    fn full() -> Spec {
        Spec { alpha: Some(1), beta: vec!["b".into()], plain: 3 }
    }

    #[test]
    fn create_drops_the_fields_of_gates_that_are_off() {
        let mut s = full();
        s.drop_disabled_fields(None, &|g| g == "Beta");
        assert_eq!(s, Spec { alpha: None, beta: vec!["b".into()], plain: 3 });
        let mut s = full();
        s.drop_disabled_fields(None, &|_| true);
        assert_eq!(s, full());
    }

    #[test]
    fn update_keeps_a_gate_the_stored_object_uses() {
        let old = Spec { alpha: Some(7), ..Spec::default() };
        let mut s = full();
        s.drop_disabled_fields(Some(&old), &|_| false);
        assert_eq!(s, Spec { alpha: Some(1), beta: Vec::new(), plain: 3 });
    }
}
