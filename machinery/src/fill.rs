//! Upstream's deterministic fixture fill (`roundtrip.CompatibilityTestObject`): strings from JSON
//! names, integers from protobuf field numbers, one element per slice and map.

use std::any::TypeId;
use std::collections::BTreeMap;

use crate::map_key::MapKey;

/// The types on the current path, so that a recursive type stops instead of filling forever.
#[derive(Debug, Default)]
pub struct FillCtx {
    path: Vec<TypeId>,
}

impl FillCtx {
    /// A fresh context.
    pub fn new() -> Self {
        Self::default()
    }

    /// Enters a struct type; `false` if it is already on the path (the fill must stop there).
    pub fn enter(&mut self, t: TypeId) -> bool {
        if self.path.contains(&t) {
            return false;
        }
        self.path.push(t);
        true
    }

    /// Leaves the struct entered last.
    pub fn leave(&mut self) {
        self.path.pop();
    }

    /// Whether a type is on the path.
    pub fn is_on_path(&self, t: TypeId) -> bool {
        self.path.contains(&t)
    }
}

/// Fills a value with upstream's deterministic data. `s` is the string context (the JSON name of
/// the enclosing field) and `i` the integer context (its protobuf number, or `-len(s)`).
pub trait Fill {
    /// Fills `self` in a struct field or slice element position.
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx);

    /// Fills `self` as a map value. Upstream looks fill functions up by the bare value type there,
    /// so the special types' fill functions do not fire; they override this to fill generically.
    fn fill_map_value(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        self.fill(s, i, cx);
    }

    /// The type to check on the recursion path, if this is a struct.
    fn fill_type_id() -> Option<TypeId>
    where
        Self: Sized,
    {
        None
    }
}

impl Fill for String {
    fn fill(&mut self, s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = format!("{s}Value");
    }
}

impl Fill for bool {
    fn fill(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = true;
    }
}

macro_rules! fill_int {
    ($($t:ty),*) => {$(
        impl Fill for $t {
            fn fill(&mut self, _s: &str, i: i64, _cx: &mut FillCtx) {
                // Upstream converts with Go's wrapping conversion.
                *self = i as $t;
            }
        }
    )*};
}
fill_int!(i32, i64, u32, u64);

impl Fill for f64 {
    fn fill(&mut self, _s: &str, i: i64, _cx: &mut FillCtx) {
        *self = f64::from(i as f32 + 0.5);
    }
}

impl Fill for f32 {
    fn fill(&mut self, _s: &str, i: i64, _cx: &mut FillCtx) {
        *self = i as f32 + 0.5;
    }
}

/// A pointer: allocated unless its type is already on the path.
impl<T: Fill + Default> Fill for Option<T> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        if let Some(t) = T::fill_type_id()
            && cx.is_on_path(t)
        {
            return;
        }
        self.get_or_insert_with(T::default).fill(s, i, cx);
    }
    fn fill_map_value(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        self.fill(s, i, cx);
    }
}

impl<T: Fill> Fill for Box<T> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        (**self).fill(s, i, cx);
    }
    /// A box is transparent to the recursion check, so `Option<Box<T>>` inside `T` stays `None`.
    fn fill_type_id() -> Option<TypeId> {
        T::fill_type_id()
    }
}

/// A slice becomes exactly one element, filled with the same context; a slice of a type already
/// on the path stays empty (upstream's guard sees the slice type, which is on the path exactly when
/// its enclosing struct is: `T { children: []T }`).
impl<T: Fill + Default + crate::json::JsonElement> Fill for Vec<T> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        if let Some(t) = T::fill_type_id()
            && cx.is_on_path(t)
        {
            return;
        }
        let mut v = T::default();
        v.fill(s, i, cx);
        *self = vec![v];
    }
}

/// `[]byte` is a slice of one byte, `uint8(i)`.
impl Fill for Vec<u8> {
    fn fill(&mut self, _s: &str, i: i64, _cx: &mut FillCtx) {
        *self = vec![i as u8];
    }
}

/// A map becomes exactly one entry keyed `s + "Key"`.
impl<K: MapKey, V: Fill + Default> Fill for BTreeMap<K, V> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        if let Some(t) = V::fill_type_id()
            && cx.is_on_path(t)
        {
            return;
        }
        let mut v = V::default();
        v.fill_map_value(s, i, cx);
        self.clear();
        self.insert(K::from_key_string(format!("{s}Key")), v);
    }
}

/// The integer context for a field: its protobuf number, or `-len(s)` when it has none.
pub fn int_context(proto_number: Option<u32>, s: &str) -> i64 {
    match proto_number {
        Some(n) if n != 0 => i64::from(n),
        _ => -(s.len() as i64),
    }
}
