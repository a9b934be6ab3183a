//! Semantic equality as upstream's `apiequality.Semantic` defines it: nil and empty collections
//! are equal, Quantities compare by value, times by instant.

use std::collections::BTreeMap;

/// Semantic equality.
pub trait SemanticEq {
    /// Whether `self` and `other` mean the same.
    fn semantic_eq(&self, other: &Self) -> bool;

    /// Whether this is an empty collection, which equals a nil one.
    fn is_empty_collection(&self) -> bool {
        false
    }
}

macro_rules! sem_eq_by_eq {
    ($($t:ty),*) => {$(
        impl SemanticEq for $t {
            #[inline]
            fn semantic_eq(&self, other: &Self) -> bool {
                self == other
            }
        }
    )*};
}
sem_eq_by_eq!(String, bool, i32, i64, u32, u64, f32, f64);

impl<T: SemanticEq> SemanticEq for Option<T> {
    fn semantic_eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => a.semantic_eq(b),
            (None, None) => true,
            // A nil slice or map equals an empty one.
            (Some(v), None) | (None, Some(v)) => v.is_empty_collection(),
        }
    }
}

impl<T: SemanticEq> SemanticEq for Box<T> {
    fn semantic_eq(&self, other: &Self) -> bool {
        (**self).semantic_eq(other)
    }
    fn is_empty_collection(&self) -> bool {
        (**self).is_empty_collection()
    }
}

impl<T: SemanticEq> SemanticEq for Vec<T> {
    fn semantic_eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a.semantic_eq(b))
    }
    fn is_empty_collection(&self) -> bool {
        self.is_empty()
    }
}

impl SemanticEq for u8 {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

impl<K: Ord, V: SemanticEq> SemanticEq for BTreeMap<K, V> {
    fn semantic_eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|((ka, va), (kb, vb))| ka == kb && va.semantic_eq(vb))
    }
    fn is_empty_collection(&self) -> bool {
        self.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nil_equals_empty() {
        let a: Option<Vec<String>> = None;
        assert!(a.semantic_eq(&Some(vec![])));
        assert!(!a.semantic_eq(&Some(vec!["x".into()])));
        let m: Option<BTreeMap<String, String>> = Some(BTreeMap::new());
        assert!(m.semantic_eq(&None));
        assert!(!Some(String::new()).semantic_eq(&None));
    }
}
