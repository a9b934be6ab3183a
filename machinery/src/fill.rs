//! Upstream's deterministic fixture fill (`roundtrip.CompatibilityTestObject`): strings from JSON
//! names, integers from protobuf field numbers, one element per slice and map.

use std::any::TypeId;
use std::collections::BTreeMap;

use crate::map_key::MapKey;

/// A Go type as upstream's recursion guard sees it. The guard compares `reflect.Type`s, so `T`,
/// `*T` and `**T` are three entries: a struct field of type `*T` puts `**T`, `*T` and `T` on the
/// path, a slice element `*T` and `T`, a map value only `T`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoType {
    /// The Rust type standing for the Go type under its pointers.
    base: TypeId,
    /// How many pointers wrap it.
    pointers: u8,
    /// A slice or map: Go's own nil, which an `Option` marks without adding a pointer.
    nilable: bool,
}

impl GoType {
    /// A struct (or other non-pointer) type.
    pub fn of<T: ?Sized + 'static>() -> Self {
        GoType { base: TypeId::of::<T>(), pointers: 0, nilable: false }
    }

    /// A slice or map type.
    pub fn nilable<T: ?Sized + 'static>() -> Self {
        GoType { base: TypeId::of::<T>(), pointers: 0, nilable: true }
    }

    /// A pointer to this type.
    pub fn pointer(self) -> Self {
        GoType { pointers: self.pointers.saturating_add(1), ..self }
    }

    /// Whether this is a pointer type.
    pub fn is_pointer(&self) -> bool {
        self.pointers > 0
    }

    /// Whether this is a slice or map, which is nil without a pointer.
    pub fn is_nilable(&self) -> bool {
        self.nilable && self.pointers == 0
    }
}

/// The Go types on the current path, so that a recursive type stops instead of filling forever.
#[derive(Debug, Default)]
pub struct FillCtx {
    path: Vec<GoType>,
}

impl FillCtx {
    /// A fresh context.
    pub fn new() -> Self {
        Self::default()
    }

    /// Enters a type; `false` if it is already on the path (the fill must stop there).
    pub fn enter(&mut self, t: GoType) -> bool {
        if self.is_on_path(t) {
            return false;
        }
        self.path.push(t);
        true
    }

    /// Leaves the type entered last.
    pub fn leave(&mut self) {
        self.path.pop();
    }

    /// Whether a type is on the path.
    pub fn is_on_path(&self, t: GoType) -> bool {
        self.path.contains(&t)
    }

    /// Runs `fill` with `t` on the path, unless `t` is already there (upstream's recursion guard:
    /// the value is then left as it is). `None` is a type that never contains itself.
    fn guarded(&mut self, t: Option<GoType>, fill: impl FnOnce(&mut Self)) {
        match t {
            Some(t) => {
                if self.enter(t) {
                    fill(self);
                    self.leave();
                }
            }
            None => fill(self),
        }
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

    /// The Go type this stands for on the recursion path, for the types that can contain
    /// themselves: structs, pointers to them, slices and maps. Scalars and the special types
    /// never do and return `None`.
    fn go_type() -> Option<GoType>
    where
        Self: Sized,
    {
        None
    }
}

/// Fills a struct field, or a slice element that is not a pointer, as upstream does: through a
/// pointer to it, which is on the path while the value is filled. The top-level object goes
/// through here too (upstream starts from a pointer to the kind).
pub fn fill_field<T: Fill>(v: &mut T, s: &str, i: i64, cx: &mut FillCtx) {
    cx.guarded(T::go_type().map(GoType::pointer), |cx| v.fill(s, i, cx));
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

/// A pointer: on the path as `*T`, allocated unless it already is. `Option` over a slice or map
/// marks Go's nil slice or map instead, which has no pointer of its own.
impl<T: Fill + Default> Fill for Option<T> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        match T::go_type() {
            Some(t) if t.is_nilable() => {
                // The slice or map guards itself; a nil one stays nil when it is on the path.
                if !cx.is_on_path(t) {
                    self.get_or_insert_with(T::default).fill(s, i, cx);
                }
            }
            t => cx.guarded(t.map(GoType::pointer), |cx| self.get_or_insert_with(T::default).fill(s, i, cx)),
        }
    }
    fn fill_map_value(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        self.fill(s, i, cx);
    }
    fn go_type() -> Option<GoType> {
        T::go_type().map(|t| if t.is_nilable() { t } else { t.pointer() })
    }
}

/// A box is transparent: `Option<Box<T>>` is Go's `*T`.
impl<T: Fill> Fill for Box<T> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        (**self).fill(s, i, cx);
    }
    fn fill_map_value(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        (**self).fill_map_value(s, i, cx);
    }
    fn go_type() -> Option<GoType> {
        T::go_type()
    }
}

/// A slice becomes exactly one element, filled with the same context. The slice is made before
/// the element is filled, so a slice of a type already on the path holds one zero element.
impl<T: Fill + Default + crate::json::JsonElement + 'static> Fill for Vec<T> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        cx.guarded(Self::go_type(), |cx| {
            let mut v = T::default();
            // Upstream fills an element of `[]*T` as `*T`, any other through its address.
            if T::go_type().is_some_and(|t| t.is_pointer()) {
                v.fill(s, i, cx);
            } else {
                fill_field(&mut v, s, i, cx);
            }
            *self = vec![v];
        });
    }
    fn go_type() -> Option<GoType> {
        Some(GoType::nilable::<Self>())
    }
}

/// `[]byte` is a slice of one byte, `uint8(i)`.
impl Fill for Vec<u8> {
    fn fill(&mut self, _s: &str, i: i64, _cx: &mut FillCtx) {
        *self = vec![i as u8];
    }
}

/// A map becomes exactly one entry keyed `s + "Key"`; like a slice's element, its value is zero
/// when its type is already on the path.
impl<K: MapKey + 'static, V: Fill + Default + 'static> Fill for BTreeMap<K, V> {
    fn fill(&mut self, s: &str, i: i64, cx: &mut FillCtx) {
        cx.guarded(Self::go_type(), |cx| {
            let mut v = V::default();
            v.fill_map_value(s, i, cx);
            self.clear();
            self.insert(K::from_key_string(format!("{s}Key")), v);
        });
    }
    fn go_type() -> Option<GoType> {
        Some(GoType::nilable::<Self>())
    }
}

/// The integer context for a field: its protobuf number, or `-len(s)` when it has none.
pub fn int_context(proto_number: Option<u32>, s: &str) -> i64 {
    match proto_number {
        Some(n) if n != 0 => i64::from(n),
        _ => -(s.len() as i64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recursive type, filled as the derive fills a struct.
    #[derive(Debug, Default, PartialEq)]
    struct Node {
        name: String,
        child: Option<Box<Node>>,
        children: Vec<Node>,
        by_name: BTreeMap<String, Node>,
    }

    impl crate::json::JsonElement for Node {}

    impl Fill for Node {
        fn fill(&mut self, _s: &str, _i: i64, cx: &mut FillCtx) {
            if !cx.enter(GoType::of::<Self>()) {
                return;
            }
            fill_field(&mut self.name, "name", 1, cx);
            fill_field(&mut self.child, "child", 2, cx);
            fill_field(&mut self.children, "children", 3, cx);
            fill_field(&mut self.by_name, "byName", 4, cx);
            cx.leave();
        }
        fn go_type() -> Option<GoType> {
            Some(GoType::of::<Self>())
        }
    }

    /// Holds nodes in each position upstream's guard tells apart.
    #[derive(Debug, Default)]
    struct Holder {
        pointer: Option<Box<Node>>,
        map: BTreeMap<String, Node>,
    }

    impl Fill for Holder {
        fn fill(&mut self, _s: &str, _i: i64, cx: &mut FillCtx) {
            if !cx.enter(GoType::of::<Self>()) {
                return;
            }
            fill_field(&mut self.pointer, "pointer", 1, cx);
            fill_field(&mut self.map, "map", 2, cx);
            cx.leave();
        }
    }

    #[test]
    fn a_recursive_pointer_stays_nil_and_slices_and_maps_get_one_zero_element() {
        let mut h = Holder::default();
        fill_field(&mut h, "", 0, &mut FillCtx::new());
        // Reached through a pointer field: `**Node`, `*Node` and `Node` are all on the path.
        let p = h.pointer.expect("the first node is filled");
        assert_eq!(p.name, "nameValue");
        assert_eq!(p.child, None);
        // The slice and the map are made before their element meets the guard.
        assert_eq!(p.children, vec![Node::default()]);
        assert_eq!(p.by_name.into_iter().collect::<Vec<_>>(), vec![("byNameKey".to_owned(), Node::default())]);
    }

    #[test]
    fn a_map_value_puts_only_the_bare_type_on_the_path() {
        let mut h = Holder::default();
        fill_field(&mut h, "", 0, &mut FillCtx::new());
        let node = &h.map["mapKey"];
        assert_eq!(node.name, "nameValue");
        // `*Node` is not on the path, so upstream allocates the pointer before `Node` stops it.
        assert_eq!(node.child, Some(Box::default()));
        assert_eq!(node.children, vec![Node::default()]);
        // `map[string]Node` is the holder's own map type, which is on the path: it stays nil.
        assert!(node.by_name.is_empty());
    }

    #[test]
    fn nil_able_slices_stay_nil_only_when_on_the_path() {
        let mut v: Option<Vec<String>> = None;
        let mut cx = FillCtx::new();
        fill_field(&mut v, "names", 1, &mut cx);
        assert_eq!(v, Some(vec!["namesValue".to_owned()]));
        let mut cx = FillCtx::new();
        assert!(cx.enter(GoType::nilable::<Vec<String>>()));
        let mut v: Option<Vec<String>> = None;
        v.fill("names", 1, &mut cx);
        assert_eq!(v, None);
    }
}
