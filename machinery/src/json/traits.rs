//! The JSON codec traits and their implementations for scalars and containers.

use std::collections::BTreeMap;

use super::{JsonReader, JsonWriter};
use crate::error::{DecodeError, DecodeErrorKind};
use crate::map_key::MapKey;

/// Encodes a value as Go's `encoding/json` would encode the corresponding Go type.
pub trait JsonEncode {
    /// Writes the value.
    fn encode_json(&self, w: &mut JsonWriter);

    /// Go's `omitempty` test: `false`, `0`, `""`, nil pointers and empty slices and maps are empty;
    /// structs never are.
    fn is_json_empty(&self) -> bool {
        false
    }

    /// Go's `omitzero` test: the value equals the type's zero value (or its `IsZero` says so).
    fn is_json_zero(&self) -> bool;
}

/// Decodes a value from JSON into an existing value with Go's merge rules: `null` leaves scalars
/// and structs untouched and clears pointers, slices and maps; objects merge into structs.
pub trait JsonDecode {
    /// Reads the next value into `self`.
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError>;
}

/// A struct encoded as a JSON object, whose fields can be flattened into an enclosing object
/// (Go's embedded structs with no JSON name).
pub trait JsonFields {
    /// Writes this struct's members into the object the writer has open.
    fn encode_json_fields(&self, w: &mut JsonWriter);

    /// Decodes the member `key` if this struct has it; `Ok(false)` if it does not.
    fn decode_json_field(&mut self, key: &str, r: &mut JsonReader<'_>) -> Result<bool, DecodeError>;
}

/// Writes a struct as an object using its [`JsonFields`].
pub fn encode_json_object<T: JsonFields + ?Sized>(v: &T, w: &mut JsonWriter) {
    w.begin_object();
    v.encode_json_fields(w);
    w.end_object();
}

/// Reads an object into a struct using its [`JsonFields`]; unknown members are skipped (and
/// reported in strict mode).
pub fn decode_json_object<T: JsonFields + ?Sized>(v: &mut T, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
    if r.try_null()? {
        return Ok(());
    }
    let mut it = r.begin_object()?;
    while let Some(key) = r.next_key(&mut it)? {
        if !v.decode_json_field(&key, r)? {
            r.unknown_field()?;
        }
    }
    Ok(())
}

impl JsonEncode for String {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) {
        w.string(self);
    }
    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
    fn is_json_zero(&self) -> bool {
        self.is_empty()
    }
}

impl JsonDecode for String {
    // Not `#[inline]`: the string fast path is inlined here once, and every struct's decoder
    // calls this rather than carrying a copy of it (compile time and code size).
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if !r.try_null()? {
            *self = r.string()?;
        }
        Ok(())
    }
}

impl JsonEncode for bool {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.bool(*self);
    }
    fn is_json_empty(&self) -> bool {
        !*self
    }
    fn is_json_zero(&self) -> bool {
        !*self
    }
}

impl JsonDecode for bool {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if !r.try_null()? {
            *self = r.bool()?;
        }
        Ok(())
    }
}

macro_rules! json_int {
    ($($t:ty => $enc:ident, $read:ident;)*) => {$(
        impl JsonEncode for $t {
            #[inline]
            fn encode_json(&self, w: &mut JsonWriter) {
                w.$enc((*self).into());
            }
            fn is_json_empty(&self) -> bool {
                *self == 0
            }
            fn is_json_zero(&self) -> bool {
                *self == 0
            }
        }
        impl JsonDecode for $t {
            #[inline]
            fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
                if !r.try_null()? {
                    *self = r.$read()?;
                }
                Ok(())
            }
        }
    )*};
}

json_int! {
    i32 => i64, i32;
    i64 => i64, i64;
    u32 => u64, u32;
    u64 => u64, u64;
}

impl JsonEncode for f64 {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.f64(*self, false);
    }
    fn is_json_empty(&self) -> bool {
        *self == 0.0
    }
    fn is_json_zero(&self) -> bool {
        *self == 0.0 && self.is_sign_positive()
    }
}

impl JsonDecode for f64 {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if !r.try_null()? {
            *self = r.f64()?;
        }
        Ok(())
    }
}

impl JsonEncode for f32 {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.f64(f64::from(*self), true);
    }
    fn is_json_empty(&self) -> bool {
        *self == 0.0
    }
    fn is_json_zero(&self) -> bool {
        *self == 0.0 && self.is_sign_positive()
    }
}

impl JsonDecode for f32 {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if !r.try_null()? {
            let v = r.f64()?;
            if v.abs() > f64::from(f32::MAX) {
                return Err(r.err(DecodeErrorKind::Number { text: v.to_string(), reason: "overflows float32" }));
            }
            *self = v as f32;
        }
        Ok(())
    }
}

/// A Go pointer: `None` is nil and encodes as `null`.
impl<T: JsonEncode> JsonEncode for Option<T> {
    #[inline]
    fn encode_json(&self, w: &mut JsonWriter) {
        match self {
            Some(v) => v.encode_json(w),
            None => w.null(),
        }
    }
    fn is_json_empty(&self) -> bool {
        self.is_none()
    }
    fn is_json_zero(&self) -> bool {
        self.is_none()
    }
}

impl<T: JsonDecode + Default> JsonDecode for Option<T> {
    #[inline]
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            *self = None;
            return Ok(());
        }
        self.get_or_insert_with(T::default).decode_json(r)
    }
}

impl<T: JsonEncode> JsonEncode for Box<T> {
    fn encode_json(&self, w: &mut JsonWriter) {
        (**self).encode_json(w);
    }
    fn is_json_empty(&self) -> bool {
        (**self).is_json_empty()
    }
    fn is_json_zero(&self) -> bool {
        (**self).is_json_zero()
    }
}

impl<T: JsonDecode> JsonDecode for Box<T> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        r.charge(size_of::<T>())?;
        (**self).decode_json(r)
    }
}

/// Spare list capacity, in bytes, that a decoded list gives back.
const SHRINK_AT_SPARE_BYTES: usize = 128;

/// A Go slice. An empty `Vec` encodes as `[]`; wrap it in `Option` to have a nil slice (`null`).
impl<T: JsonEncode + JsonElement> JsonEncode for Vec<T> {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.begin_array();
        for v in self {
            w.element();
            v.encode_json(w);
        }
        w.end_array();
    }
    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
    fn is_json_zero(&self) -> bool {
        // A non-nil empty slice is not zero in Go, but a `Vec` cannot tell nil from empty.
        self.is_empty()
    }
}

impl<T: JsonDecode + JsonElement + Default> JsonDecode for Vec<T> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        self.clear();
        if r.try_null()? {
            return Ok(());
        }
        let mut it = r.begin_array()?;
        while r.next_element(&mut it)? {
            r.charge(size_of::<T>())?;
            // Decoded where it is kept, not moved there after (a `Container` is hundreds of
            // bytes); on an error the list is left as it was before this element.
            self.push(T::default());
            if let Err(e) = self.last_mut().expect("an element was just pushed").decode_json(r) {
                self.pop();
                return Err(e);
            }
        }
        // Growth by doubling leaves up to half the buffer unused, and a decoded object is kept
        // (an informer's cache holds it for its life): give the spare capacity back once, where
        // it is worth a reallocation (lists of structs; a few spare string slots are not).
        if (self.capacity() - self.len()) * size_of::<T>() >= SHRINK_AT_SPARE_BYTES {
            self.shrink_to_fit();
        }
        Ok(())
    }
}

/// Marks types that may be elements of a JSON array (everything but `u8`, whose `Vec` is bytes).
pub trait JsonElement {}

impl JsonElement for String {}
impl JsonElement for bool {}
impl JsonElement for i32 {}
impl JsonElement for i64 {}
impl JsonElement for u32 {}
impl JsonElement for u64 {}
impl JsonElement for f32 {}
impl JsonElement for f64 {}
impl<T: JsonElement> JsonElement for Option<T> {}
impl<T: JsonElement> JsonElement for Vec<T> {}
impl<T> JsonElement for Box<T> {}
impl<K, V> JsonElement for BTreeMap<K, V> {}

/// Go `[]byte`: standard base64 in a string.
impl JsonEncode for Vec<u8> {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.base64(self);
    }
    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
    fn is_json_zero(&self) -> bool {
        self.is_empty()
    }
}

impl JsonDecode for Vec<u8> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            self.clear();
            return Ok(());
        }
        let s = r.str()?;
        *self = crate::base64::decode(s.as_bytes()).map_err(|m| r.err(DecodeErrorKind::Invalid(m)))?;
        Ok(())
    }
}

/// A Go map with string keys: members sorted bytewise, as Go sorts them.
impl<K: MapKey, V: JsonEncode> JsonEncode for BTreeMap<K, V> {
    fn encode_json(&self, w: &mut JsonWriter) {
        w.begin_object();
        for (k, v) in self {
            w.key(k.key_str());
            v.encode_json(w);
        }
        w.end_object();
    }
    fn is_json_empty(&self) -> bool {
        self.is_empty()
    }
    fn is_json_zero(&self) -> bool {
        self.is_empty()
    }
}

impl<K: MapKey, V: JsonDecode + Default> JsonDecode for BTreeMap<K, V> {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            self.clear();
            return Ok(());
        }
        let mut it = r.begin_object()?;
        while let Some(key) = r.next_key(&mut it)? {
            r.charge(size_of::<(K, V)>())?;
            // Go decodes each map value into a fresh zero value.
            let mut v = V::default();
            v.decode_json(r)?;
            self.insert(K::from_key_string(key.into_owned()), v);
        }
        Ok(())
    }
}
