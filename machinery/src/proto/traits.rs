//! The protobuf codec traits, with gogo's wire behaviour for scalars, pointers, slices and maps.

use std::collections::BTreeMap;

use super::{ProtoReader, ProtoWriter, WireType};
use crate::error::DecodeError;
use crate::map_key::MapKey;

/// A struct encoded as a protobuf message.
pub trait ProtoMessage {
    /// Writes the message body. The writer is backwards: write fields in descending field number.
    fn encode_proto(&self, w: &mut ProtoWriter);

    /// Merges fields from a message body, as protobuf's merge semantics require.
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError>;

    /// Encodes the message body into a fresh buffer.
    fn to_proto_bytes(&self) -> Vec<u8> {
        let mut w = ProtoWriter::default();
        self.encode_proto(&mut w);
        w.into_vec()
    }
}

/// How a field of this Rust type is written under a field number (gogo semantics: value fields
/// are always written, pointers when non-nil, repeated fields once per element, unpacked).
pub trait ProtoField {
    /// Writes the field (key and value) unless the type's rules say to omit it.
    fn encode_field(&self, field: u32, w: &mut ProtoWriter);

    /// Merges one occurrence of the field, whose key has been read.
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError>;

    /// Writes the field behind a non-nil pointer. Only bytes differ from [`Self::encode_field`]:
    /// a non-nil empty `[]byte` is still written, as gogo does.
    #[inline]
    fn encode_present(&self, field: u32, w: &mut ProtoWriter) {
        self.encode_field(field, w);
    }
}

/// Marks types that may be elements of a repeated field (everything but `u8`, whose `Vec` is bytes).
pub trait ProtoRepeated: ProtoField + Default {
    /// Whether a length-delimited occurrence holds a packed run of elements.
    const PACKABLE: bool = false;
}

/// Writes a nested message field: body, length, key.
#[inline]
pub fn encode_message_field<M: ProtoMessage + ?Sized>(m: &M, field: u32, w: &mut ProtoWriter) {
    let mark = w.len();
    m.encode_proto(w);
    w.put_len_since(mark);
    w.put_tag(field, WireType::Len);
}

/// Merges a nested message field.
#[inline]
pub fn merge_message_field<M: ProtoMessage + ?Sized>(
    m: &mut M,
    wire: WireType,
    r: &mut ProtoReader<'_>,
) -> Result<(), DecodeError> {
    r.expect(wire, WireType::Len)?;
    let mut sub = r.message()?;
    m.merge_proto(&mut sub)
}

impl ProtoField for String {
    #[inline]
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        w.put_bytes_field(field, self.as_bytes());
    }
    #[inline]
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        r.expect(wire, WireType::Len)?;
        let s = r.str()?;
        if self.capacity() == 0 {
            // One exact allocation for the usual case of a fresh field.
            *self = s.to_owned();
        } else {
            self.clear();
            self.push_str(s);
        }
        Ok(())
    }
}
impl ProtoRepeated for String {}

macro_rules! proto_varint {
    ($($t:ty: $to:expr, $from:expr;)*) => {$(
        impl ProtoField for $t {
            #[inline]
            fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
                #[allow(clippy::redundant_closure_call, reason = "the conversion is a macro argument")]
                w.put_varint_field(field, ($to)(*self));
            }
            #[inline]
            fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
                r.expect(wire, WireType::Varint)?;
                let v = r.varint()?;
                #[allow(clippy::redundant_closure_call, reason = "the conversion is a macro argument")]
                { *self = ($from)(v); }
                Ok(())
            }
        }
        impl ProtoRepeated for $t {
            const PACKABLE: bool = true;
        }
    )*};
}

// Negative int32s are sign-extended to ten bytes, and decoding truncates, as Go's generated code does.
proto_varint! {
    bool: |v: bool| u64::from(v), |v: u64| v != 0;
    i32: |v: i32| i64::from(v) as u64, |v: u64| v as i32;
    i64: |v: i64| v as u64, |v: u64| v as i64;
    u32: |v: u32| u64::from(v), |v: u64| v as u32;
    u64: |v: u64| v, |v: u64| v;
}

impl ProtoField for f64 {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        w.put_slice(&self.to_bits().to_le_bytes());
        w.put_tag(field, WireType::Fixed64);
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        r.expect(wire, WireType::Fixed64)?;
        *self = f64::from_bits(r.fixed64()?);
        Ok(())
    }
}
impl ProtoRepeated for f64 {
    const PACKABLE: bool = true;
}

impl ProtoField for f32 {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        w.put_slice(&self.to_bits().to_le_bytes());
        w.put_tag(field, WireType::Fixed32);
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        r.expect(wire, WireType::Fixed32)?;
        *self = f32::from_bits(r.fixed32()?);
        Ok(())
    }
}
impl ProtoRepeated for f32 {
    const PACKABLE: bool = true;
}

/// A Go pointer: written only when non-nil.
impl<T: ProtoField + Default> ProtoField for Option<T> {
    #[inline]
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        if let Some(v) = self {
            v.encode_present(field, w);
        }
    }
    #[inline]
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        self.get_or_insert_with(T::default).merge_field(wire, r)
    }
}

impl<T: ProtoField> ProtoField for Box<T> {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        (**self).encode_field(field, w);
    }
    fn encode_present(&self, field: u32, w: &mut ProtoWriter) {
        (**self).encode_present(field, w);
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        r.charge(size_of::<T>())?;
        (**self).merge_field(wire, r)
    }
}

impl<T: ProtoRepeated> ProtoRepeated for Box<T> {}

/// A repeated field: one key per element (never packed on output; packed input is accepted).
impl<T: ProtoRepeated> ProtoField for Vec<T> {
    #[inline]
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        for v in self.iter().rev() {
            v.encode_field(field, w);
        }
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        if T::PACKABLE && wire == WireType::Len {
            let mut run = r.message()?;
            let elem_wire = packed_wire::<T>();
            while !run.is_empty() {
                run.charge(size_of::<T>())?;
                let mut v = T::default();
                v.merge_field(elem_wire, &mut run).map_err(|e| e.in_index(self.len()))?;
                self.push(v);
            }
            return Ok(());
        }
        if self.capacity() == 0 {
            // The first element: allocate room for its whole run at once (exactly, where
            // doubling would leave up to half unused), charging them all now, before the
            // allocation, so a budget still stops a huge list before it is allocated.
            let n = r.run_ahead(wire);
            r.charge(n.saturating_mul(size_of::<T>())).map_err(|e| e.in_index(0))?;
            self.reserve_exact(n);
        } else if self.len() == self.capacity() {
            // More elements than the first run (a list split by other fields, or a parent
            // message that occurs again and merges) grow the buffer as usual. Elements that fit
            // in it were charged when it was allocated.
            r.charge(size_of::<T>()).map_err(|e| e.in_index(self.len()))?;
        }
        let mut v = T::default();
        v.merge_field(wire, r).map_err(|e| e.in_index(self.len()))?;
        self.push(v);
        Ok(())
    }
}

fn packed_wire<T: ProtoRepeated>() -> WireType {
    // Probe the element's wire type by encoding a default value.
    let mut w = ProtoWriter::with_capacity(16);
    T::default().encode_field(1, &mut w);
    let b = w.into_vec();
    match b.first().map(|k| k & 7) {
        Some(1) => WireType::Fixed64,
        Some(5) => WireType::Fixed32,
        _ => WireType::Varint,
    }
}

/// Go `[]byte`: a bytes field, written when non-empty (`Option<Vec<u8>>` also keeps non-nil empty).
impl ProtoField for Vec<u8> {
    #[inline]
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        if !self.is_empty() {
            w.put_bytes_field(field, self);
        }
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        r.expect(wire, WireType::Len)?;
        let b = r.bytes()?;
        self.clear();
        self.extend_from_slice(b);
        Ok(())
    }
    #[inline]
    fn encode_present(&self, field: u32, w: &mut ProtoWriter) {
        w.put_bytes_field(field, self);
    }
}

/// A map: one entry message per key in byte order, key (1) and value (2) always written.
impl<K: MapKey + ProtoField, V: ProtoField + Default> ProtoField for BTreeMap<K, V> {
    fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
        for (k, v) in self.iter().rev() {
            let mark = w.len();
            v.encode_field(2, w);
            k.encode_field(1, w);
            w.put_len_since(mark);
            w.put_tag(field, WireType::Len);
        }
    }
    fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        r.expect(wire, WireType::Len)?;
        r.charge(size_of::<(K, V)>())?;
        let mut entry = r.message()?;
        let mut k = K::default();
        let mut v = V::default();
        while !entry.is_empty() {
            let (n, wt) = entry.key()?;
            match n {
                1 => k.merge_field(wt, &mut entry)?,
                2 => v.merge_field(wt, &mut entry).map_err(|e| e.in_key(k.key_str()))?,
                _ => entry.skip(wt)?,
            }
        }
        self.insert(k, v);
        Ok(())
    }
}
