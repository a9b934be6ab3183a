//! serde for kapi types (feature `serde`): the traits `#[derive(Kapi)]` implements field by field, and their impls for scalars, containers and the special types, all following the JSON codec's rules.

// The JSON codec decides everything here: names, omitempty, what `null` means on decode. serde
// gets the same answers by asking the same questions (`is_json_empty`, `is_json_zero`) and by
// mirroring each `JsonDecode` impl's handling of `null`. The special types, whose JSON forms are
// hand-written, are read through that JSON form itself (`decode_via_json`), so that they accept
// exactly what the codec accepts; raw JSON is written through it too (`encode_via_json`), the
// simple string and number forms directly. The suites in `roundtrip` hold the two together.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

pub use serde;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::json::value::{self, Value};
use crate::json::{JsonDecode, JsonElement, JsonEncode, JsonReader};
use crate::map_key::MapKey;
use crate::object::TypeMeta;
use crate::types::{Duration, FieldsV1, IntOrString, MicroTime, Quantity, RawExtension, Time, Unknown};

/// Writes a value to any serde serializer as the JSON codec writes it.
pub trait SerdeEncode {
    /// Serializes the value.
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error>;
}

/// Reads a value from any self-describing serde deserializer into an existing value, with the
/// JSON decoder's merge rules (`null` leaves scalars and structs alone and clears pointers,
/// slices and maps).
pub trait SerdeDecode {
    /// Deserializes the next value into `self`.
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error>;
}

/// A struct as map entries, which an enclosing struct can flatten (an embedded Go struct).
pub trait SerdeFields {
    /// Writes this struct's members into an open map.
    fn serde_fields<M: SerializeMap>(&self, m: &mut M) -> Result<(), M::Error>;

    /// Reads the value of member `key` if this struct has it; `Ok(false)` leaves the value unread.
    fn serde_field<'de, A: MapAccess<'de>>(&mut self, key: &str, a: &mut A) -> Result<bool, A::Error>;
}

/// A reference that serializes through [`SerdeEncode`], for `serialize_entry` and the like.
pub struct Ser<'a, T: ?Sized>(pub &'a T);

impl<T: SerdeEncode + ?Sized> Serialize for Ser<'_, T> {
    #[inline]
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serde_encode(s)
    }
}

/// A seed that decodes into an existing value through [`SerdeDecode`], for `next_value_seed`.
pub struct Merge<'a, T: ?Sized>(pub &'a mut T);

impl<'de, T: SerdeDecode + ?Sized> DeserializeSeed<'de> for Merge<'_, T> {
    type Value = ();
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.0.serde_decode(d)
    }
}

/// A seed that decodes a fresh default value, as Go decodes each slice element and map value.
struct Fresh<T>(PhantomData<T>);

impl<'de, T: SerdeDecode + Default> DeserializeSeed<'de> for Fresh<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        let mut v = T::default();
        v.serde_decode(d)?;
        Ok(v)
    }
}

/// Serializes a struct as a map of its [`SerdeFields`].
#[inline]
pub fn encode_object<T: SerdeFields + ?Sized, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(None)?;
    v.serde_fields(&mut m)?;
    m.end()
}

/// Deserializes a map into a struct through its [`SerdeFields`]: unknown members are skipped, as
/// the non-strict JSON decoder skips them, and `null` leaves the struct as it is.
#[inline]
pub fn decode_object<'de, T: SerdeFields, D: Deserializer<'de>>(v: &mut T, d: D) -> Result<(), D::Error> {
    d.deserialize_option(NullOr(ObjectTarget(v)))
}

/// Deserializes a whole value: the default, then decoded into.
#[inline]
pub fn deserialize<'de, T: SerdeDecode + Default, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    Fresh(PhantomData).deserialize(d)
}

/// What to do with a value that may be `null`.
trait Nullable: Sized {
    /// The value is `null`.
    fn null(self);
    /// The value is anything else.
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error>;
}

/// Tells `null` from a value through `deserialize_option`, which every self-describing format
/// answers from the input.
struct NullOr<T>(T);

impl<'de, T: Nullable> Visitor<'de> for NullOr<T> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value or null")
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.0.null();
        Ok(())
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.0.null();
        Ok(())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.0.value(d)
    }
}

struct ObjectTarget<'a, T>(&'a mut T);

impl<T: SerdeFields> Nullable for ObjectTarget<'_, T> {
    fn null(self) {}
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, T: SerdeFields> Visitor<'de> for ObjectTarget<'_, T> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        while let Some(Key(key)) = a.next_key()? {
            if !self.0.serde_field(&key, &mut a)? {
                a.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

/// A map key, borrowed from the input where the format allows.
struct Key<'de>(Cow<'de, str>);

impl<'de> de::Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// A scalar: `null` leaves it as it is, anything else replaces it.
struct Replace<'a, T>(&'a mut T);

impl<T: for<'x> de::Deserialize<'x>> Nullable for Replace<'_, T> {
    fn null(self) {}
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        *self.0 = T::deserialize(d)?;
        Ok(())
    }
}

macro_rules! serde_scalar {
    ($($t:ty => $ser:ident;)*) => {$(
        impl SerdeEncode for $t {
            #[inline]
            fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.$ser((*self).into())
            }
        }
        impl SerdeDecode for $t {
            #[inline]
            fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
                d.deserialize_option(NullOr(Replace(self)))
            }
        }
    )*};
}

serde_scalar! {
    bool => serialize_bool;
    i32 => serialize_i64;
    i64 => serialize_i64;
    u32 => serialize_u64;
    u64 => serialize_u64;
}

impl SerdeEncode for String {
    #[inline]
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self)
    }
}

impl SerdeDecode for String {
    #[inline]
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(NullOr(Replace(self)))
    }
}

/// Serializes a JSON number's text as the number serde_json reads from it: an integer that fits
/// 64 bits as an integer, `-0` and everything else as a float. A float that Go writes without a
/// fraction (`1`) thus equals, value for value, what a JSON parser makes of the codec's output.
fn serialize_number_text<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    let integer = !text.contains(['.', 'e', 'E']);
    if integer {
        if text.starts_with('-') {
            match text.parse::<i64>() {
                Ok(0) => return s.serialize_f64(-0.0),
                Ok(i) => return s.serialize_i64(i),
                Err(_) => {}
            }
        } else if let Ok(u) = text.parse::<u64>() {
            return s.serialize_u64(u);
        }
    }
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() => s.serialize_f64(f),
        _ => Err(ser::Error::custom(format_args!("invalid JSON number {text}"))),
    }
}

fn serialize_float<S: Serializer>(v: f64, bits32: bool, s: S) -> Result<S::Ok, S::Error> {
    match crate::json::format_go_float(v, bits32) {
        Some(text) => serialize_number_text(&text, s),
        None => Err(ser::Error::custom(format_args!("unsupported value: {v}"))),
    }
}

impl SerdeEncode for f64 {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_float(*self, false, s)
    }
}

impl SerdeDecode for f64 {
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(NullOr(Replace(self)))
    }
}

impl SerdeEncode for f32 {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_float(f64::from(*self), true, s)
    }
}

struct F32Target<'a>(&'a mut f32);

impl Nullable for F32Target<'_> {
    fn null(self) {}
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        // Read as a float64 and refuse what float32 cannot hold, as the JSON decoder does.
        let v = <f64 as de::Deserialize>::deserialize(d)?;
        if v.abs() > f64::from(f32::MAX) {
            return Err(de::Error::custom(format_args!("number {v} overflows float32")));
        }
        *self.0 = v as f32;
        Ok(())
    }
}

impl SerdeDecode for f32 {
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(NullOr(F32Target(self)))
    }
}

/// A Go pointer: `None` is `null`.
impl<T: SerdeEncode> SerdeEncode for Option<T> {
    #[inline]
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Some(v) => v.serde_encode(s),
            None => s.serialize_unit(),
        }
    }
}

struct OptionTarget<'a, T>(&'a mut Option<T>);

impl<T: SerdeDecode + Default> Nullable for OptionTarget<'_, T> {
    fn null(self) {
        *self.0 = None;
    }
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        self.0.get_or_insert_with(T::default).serde_decode(d)
    }
}

impl<T: SerdeDecode + Default> SerdeDecode for Option<T> {
    #[inline]
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(NullOr(OptionTarget(self)))
    }
}

impl<T: SerdeEncode> SerdeEncode for Box<T> {
    #[inline]
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serde_encode(s)
    }
}

impl<T: SerdeDecode> SerdeDecode for Box<T> {
    #[inline]
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        (**self).serde_decode(d)
    }
}

/// A Go slice: an empty `Vec` is `[]`.
impl<T: SerdeEncode + JsonElement> SerdeEncode for Vec<T> {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for v in self {
            seq.serialize_element(&Ser(v))?;
        }
        seq.end()
    }
}

struct VecTarget<'a, T>(&'a mut Vec<T>);

impl<T: SerdeDecode + Default> Nullable for VecTarget<'_, T> {
    fn null(self) {}
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T: SerdeDecode + Default> Visitor<'de> for VecTarget<'_, T> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        while let Some(v) = a.next_element_seed(Fresh(PhantomData))? {
            self.0.push(v);
        }
        Ok(())
    }
}

impl<T: SerdeDecode + JsonElement + Default> SerdeDecode for Vec<T> {
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        // The JSON decoder starts every slice afresh, `null` included.
        self.clear();
        d.deserialize_option(NullOr(VecTarget(self)))
    }
}

/// Go `[]byte`: standard base64 in a string.
impl SerdeEncode for Vec<u8> {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut text = Vec::with_capacity(self.len().div_ceil(3) * 4);
        crate::base64::encode_into(self, &mut text);
        s.serialize_str(std::str::from_utf8(&text).map_err(ser::Error::custom)?)
    }
}

struct BytesTarget<'a>(&'a mut Vec<u8>);

impl Nullable for BytesTarget<'_> {
    fn null(self) {
        self.0.clear();
    }
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for BytesTarget<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a base64 string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        *self.0 = crate::base64::decode(v.as_bytes()).map_err(E::custom)?;
        Ok(())
    }
}

impl SerdeDecode for Vec<u8> {
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(NullOr(BytesTarget(self)))
    }
}

/// A Go map with string keys, in key order as the JSON codec writes it.
impl<K: MapKey, V: SerdeEncode> SerdeEncode for BTreeMap<K, V> {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.len()))?;
        for (k, v) in self {
            m.serialize_entry(k.key_str(), &Ser(v))?;
        }
        m.end()
    }
}

struct MapTarget<'a, K, V>(&'a mut BTreeMap<K, V>);

impl<K: MapKey, V: SerdeDecode + Default> Nullable for MapTarget<'_, K, V> {
    fn null(self) {
        self.0.clear();
    }
    fn value<'de, D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, K: MapKey, V: SerdeDecode + Default> Visitor<'de> for MapTarget<'_, K, V> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<(), A::Error> {
        while let Some(Key(key)) = a.next_key()? {
            // Go decodes each map value into a fresh zero value.
            let v = a.next_value_seed(Fresh::<V>(PhantomData))?;
            self.0.insert(K::from_key_string(key.into_owned()), v);
        }
        Ok(())
    }
}

impl<K: MapKey, V: SerdeDecode + Default> SerdeDecode for BTreeMap<K, V> {
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(NullOr(MapTarget(self)))
    }
}

/// Serializes a value through its JSON form: what the codec writes, parsed and handed to `s`.
/// For the types whose JSON form is hand-written (`#[kapi(custom_json)]` and the special types),
/// so that serde cannot disagree with it.
pub fn encode_via_json<T: JsonEncode + ?Sized, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    let bytes = crate::json::to_vec(v).map_err(ser::Error::custom)?;
    let value = value::parse(&bytes).map_err(ser::Error::custom)?;
    JsonValue(&value).serialize(s)
}

/// Deserializes a value through its JSON form: the input is read as a JSON value, written as JSON
/// and decoded by the codec (non-strict), so it accepts exactly what the codec accepts.
pub fn decode_via_json<'de, T: JsonDecode + ?Sized, D: Deserializer<'de>>(v: &mut T, d: D) -> Result<(), D::Error> {
    let value = d.deserialize_any(ValueVisitor { depth: 0 })?;
    let mut bytes = Vec::new();
    value.write_compact(&mut bytes);
    let mut r = JsonReader::new(&bytes, false);
    v.decode_json(&mut r).and_then(|()| r.finish().map(drop)).map_err(de::Error::custom)
}

/// A parsed JSON value as serde data.
struct JsonValue<'a>(&'a Value);

impl Serialize for JsonValue<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Number(n) => serialize_number_text(n, s),
            Value::String(v) => s.serialize_str(v),
            Value::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&JsonValue(item))?;
                }
                seq.end()
            }
            Value::Object(members) => {
                let mut m = s.serialize_map(Some(members.len()))?;
                for (k, v) in members {
                    m.serialize_entry(k, &JsonValue(v))?;
                }
                m.end()
            }
        }
    }
}

/// Reads any serde data as a JSON value, refusing nesting deeper than the JSON decoder's limit.
struct ValueVisitor {
    depth: usize,
}

impl ValueVisitor {
    fn nested<E: de::Error>(&self) -> Result<ValueVisitor, E> {
        if self.depth >= crate::MAX_DEPTH {
            return Err(E::custom(format_args!("exceeded max depth of {}", crate::MAX_DEPTH)));
        }
        Ok(ValueVisitor { depth: self.depth + 1 })
    }
}

impl<'de> DeserializeSeed<'de> for ValueVisitor {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.to_string()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.to_string()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        // Written as Go writes a float64, which is what the codec wrote for any float it holds
        // (a raw JSON value keeps number text; serde's data model has only the number).
        match crate::json::format_go_float(v, false) {
            Some(text) => Ok(Value::Number(text)),
            None => Err(E::custom(format_args!("unsupported value: {v}"))),
        }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = a.next_element_seed(self.nested()?)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
        let mut members = Vec::new();
        while let Some(Key(k)) = a.next_key()? {
            let v = a.next_value_seed(self.nested()?)?;
            members.push((k.into_owned(), v));
        }
        Ok(Value::Object(members))
    }
}

/// Implements the reading side of special types through their JSON form (the decoder's rules for
/// each are many: `null`, bare numbers for quantities, time zones, …), and `Serialize` and
/// `Deserialize` over their `SerdeEncode`/`SerdeDecode`.
macro_rules! decode_via_json {
    ($($t:ty),*) => {$(
        impl SerdeDecode for $t {
            fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
                decode_via_json(self, d)
            }
        }
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.serde_encode(s)
            }
        }
        impl<'de> de::Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                deserialize(d)
            }
        }
    )*};
}

decode_via_json!(Time, MicroTime, Duration, Quantity, IntOrString, RawExtension, FieldsV1, Unknown);

// Writing: the simple forms directly, as their `JsonEncode` writes them; raw JSON through it.

impl SerdeEncode for Time {
    /// RFC 3339 at second precision; the zero time is `null`.
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_zero() { s.serialize_unit() } else { s.serialize_str(&self.format_rfc3339()) }
    }
}

impl SerdeEncode for MicroTime {
    /// RFC 3339 with six fractional digits; the zero time is `null`.
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_zero() { s.serialize_unit() } else { s.serialize_str(&self.format_rfc3339_micro()) }
    }
}

impl SerdeEncode for Duration {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.format_go())
    }
}

impl SerdeEncode for Quantity {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_canonical_string())
    }
}

impl SerdeEncode for IntOrString {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (self.as_int(), self.as_str()) {
            (Some(i), _) => s.serialize_i64(i64::from(i)),
            (None, Some(v)) => s.serialize_str(v),
            // A type tag that is neither, which the codec refuses to write too.
            (None, None) => encode_via_json(self, s),
        }
    }
}

impl SerdeEncode for RawExtension {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        encode_via_json(self, s)
    }
}

impl SerdeEncode for FieldsV1 {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        encode_via_json(self, s)
    }
}

impl SerdeEncode for Unknown {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        encode_via_json(self, s)
    }
}

impl SerdeFields for TypeMeta {
    fn serde_fields<M: SerializeMap>(&self, m: &mut M) -> Result<(), M::Error> {
        if !self.kind.is_empty() {
            m.serialize_entry("kind", &self.kind)?;
        }
        if !self.api_version.is_empty() {
            m.serialize_entry("apiVersion", &self.api_version)?;
        }
        Ok(())
    }
    fn serde_field<'de, A: MapAccess<'de>>(&mut self, key: &str, a: &mut A) -> Result<bool, A::Error> {
        match key {
            "kind" => a.next_value_seed(Merge(&mut self.kind))?,
            "apiVersion" => a.next_value_seed(Merge(&mut self.api_version))?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl SerdeEncode for TypeMeta {
    fn serde_encode<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        encode_object(self, s)
    }
}

impl SerdeDecode for TypeMeta {
    fn serde_decode<'de, D: Deserializer<'de>>(&mut self, d: D) -> Result<(), D::Error> {
        decode_object(self, d)
    }
}

impl Serialize for TypeMeta {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        encode_object(self, s)
    }
}

impl<'de> de::Deserialize<'de> for TypeMeta {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        deserialize(d)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::{Ser, SerdeDecode, SerdeEncode, deserialize};
    use crate::json::{self, JsonDecode, JsonEncode};
    use crate::types::{Duration, IntOrString, MicroTime, Quantity, RawExtension, Time};

    /// serde's value of `v` equals serde_json's reading of the codec's bytes, and serde reads those
    /// bytes back into what the codec reads from them (compared by encoding again).
    fn agrees<T: JsonEncode + JsonDecode + SerdeEncode + SerdeDecode + Default>(v: &T) {
        let ours = json::to_vec(v).unwrap();
        let text = String::from_utf8_lossy(&ours).into_owned();
        let parsed: serde_json::Value = serde_json::from_slice(&ours).unwrap();
        assert_eq!(serde_json::to_value(Ser(v)).unwrap(), parsed, "{text}");
        // A `serde_json::Value` sorts object members, so raw JSON read from one may differ in
        // member order only.
        let from_value: T = deserialize(parsed.clone()).unwrap();
        let again: serde_json::Value = serde_json::from_slice(&json::to_vec(&from_value).unwrap()).unwrap();
        assert_eq!(again, parsed, "{text}");
        let from_bytes: T = deserialize(&mut serde_json::Deserializer::from_slice(&ours)).unwrap();
        assert_eq!(json::to_vec(&from_bytes).unwrap(), ours, "{text}");
    }

    #[test]
    fn floats_are_the_numbers_go_writes() {
        for f in [0.0, -0.0, 1.0, -3.0, 0.1, 1e-7, 1e20, 1e21, 123_456_789.0, 2f64.powi(64), -766.5, f64::MAX] {
            agrees(&f);
        }
        for f in [0.0f32, 1.0, 0.1, 3.4e38, -1e-7] {
            agrees(&f);
        }
        // Go writes an integral float without a fraction, so serde_json reads it as an integer.
        assert_eq!(serde_json::to_value(Ser(&2.0f64)).unwrap(), serde_json::json!(2));
        assert!(serde_json::to_value(Ser(&f64::NAN)).is_err());
        let mut f = 0f32;
        let err = f.serde_decode(serde_json::json!(1e39)).unwrap_err();
        assert!(err.to_string().contains("overflows float32"), "{err}");
    }

    #[test]
    fn null_leaves_scalars_and_clears_pointers_slices_and_maps() {
        let null = serde_json::Value::Null;
        let mut s = String::from("kept");
        s.serde_decode(null.clone()).unwrap();
        assert_eq!(s, "kept");
        let mut n = 7i64;
        n.serde_decode(null.clone()).unwrap();
        assert_eq!(n, 7);
        let mut o = Some(String::from("x"));
        o.serde_decode(null.clone()).unwrap();
        assert_eq!(o, None);
        let mut v = vec![1i32, 2];
        v.serde_decode(null.clone()).unwrap();
        assert!(v.is_empty());
        let mut m: BTreeMap<String, i32> = [("a".to_owned(), 1)].into();
        m.serde_decode(null.clone()).unwrap();
        assert!(m.is_empty());
        let mut b = vec![1u8];
        b.serde_decode(null).unwrap();
        assert!(b.is_empty());
        // A map merges into what is there; a slice starts afresh.
        let mut m: BTreeMap<String, i32> = [("a".to_owned(), 1)].into();
        m.serde_decode(serde_json::json!({"b": 2})).unwrap();
        assert_eq!(m.len(), 2);
        let mut v = vec![1i32];
        v.serde_decode(serde_json::json!([2])).unwrap();
        assert_eq!(v, [2]);
    }

    #[test]
    fn containers_and_bytes_follow_the_codec() {
        agrees(&vec![String::from("a"), String::from("<b&>")]);
        agrees(&Some(vec![1i32, -2]));
        agrees(&Option::<Vec<i32>>::None);
        agrees(&BTreeMap::from([("z".to_owned(), 1u64), ("a".to_owned(), u64::MAX)]));
        agrees(&vec![0u8, 1, 2, 255]);
        assert_eq!(serde_json::to_value(Ser(&vec![0u8, 1, 2])).unwrap(), serde_json::json!("AAEC"));
        let err = deserialize::<Vec<u8>, _>(serde_json::json!("not base64!")).unwrap_err();
        assert!(err.to_string().contains("base64") || err.to_string().contains("illegal"), "{err}");
        let err = deserialize::<String, _>(serde_json::json!(3)).unwrap_err();
        assert!(err.to_string().contains("invalid type"), "{err}");
    }

    #[test]
    fn special_types_take_their_json_form() {
        agrees(&Time::from_civil(2024, 2, 29, 23, 59, 58).unwrap());
        agrees(&Time::default());
        agrees(&Some(Time::from_civil(1970, 1, 1, 0, 0, 1).unwrap()));
        agrees(&MicroTime::from_civil(2024, 1, 2, 3, 4, 5, 123_456_000).unwrap());
        agrees(&Duration::parse_go("1h2m3.5s").unwrap());
        for q in ["500m", "128Mi", "1e3", "0", "-2.5Gi"] {
            agrees(&Quantity::parse(q).unwrap());
        }
        agrees(&IntOrString::int(8080));
        agrees(&IntOrString::string("http"));
        agrees(&RawExtension::from_json(br#"{"b":[1,2.5,-0,1e+21,"x"],"a":null}"#.to_vec()));
        assert_eq!(serde_json::to_value(Ser(&IntOrString::int(3))).unwrap(), serde_json::json!(3));
        assert_eq!(serde_json::to_value(Ser(&Quantity::parse("1000m").unwrap())).unwrap(), serde_json::json!("1"));
        // What the codec refuses, serde refuses, with the codec's reason.
        let err = deserialize::<Quantity, _>(serde_json::json!("12 apples")).unwrap_err();
        assert!(!err.to_string().is_empty());
        let err = deserialize::<Time, _>(serde_json::json!("yesterday")).unwrap_err();
        assert!(!err.to_string().is_empty());
        assert!(deserialize::<IntOrString, _>(serde_json::json!(true)).is_err());
        // A type tag that is neither integer nor string has no form in either.
        let bad = IntOrString { ty: 7, ..IntOrString::default() };
        assert!(json::to_vec(&bad).is_err());
        assert!(serde_json::to_value(Ser(&bad)).is_err());
    }

    #[test]
    fn deep_values_are_refused_not_overflowed() {
        // serde_json::Value has no depth limit of its own; the JSON-form path stops at MAX_DEPTH.
        let mut v = serde_json::Value::Null;
        for _ in 0..crate::MAX_DEPTH + 5 {
            v = serde_json::Value::Array(vec![v]);
        }
        let err = deserialize::<RawExtension, _>(v.clone()).unwrap_err();
        assert!(err.to_string().contains("max depth"), "{err}");
        // Dropping a deep serde_json::Value recurses; keep it shallow enough by unwinding it here.
        while let serde_json::Value::Array(mut items) = v {
            v = items.pop().unwrap_or_default();
        }
    }
}
