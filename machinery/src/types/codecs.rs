//! JSON, protobuf, fill and semantic-equality behaviour of `Time`, `MicroTime`, `Duration` and
//! `Quantity`, on top of their parsing and formatting.

use crate::error::{DecodeError, DecodeErrorKind};
#[cfg(feature = "testing")]
use crate::fill::{Fill, FillCtx};
use crate::json::{JsonDecode, JsonElement, JsonEncode, JsonReader, JsonWriter};
use crate::proto::{
    ProtoField, ProtoMessage, ProtoReader, ProtoRepeated, ProtoWriter, WireType, encode_message_field,
    merge_message_field,
};
#[cfg(feature = "testing")]
use crate::semantic::SemanticEq;

use super::duration::Duration;
use super::quantity::Quantity;
use super::time::{MicroTime, Time};

/// Implements `ProtoField` and `ProtoRepeated` for a type that is a nested message.
macro_rules! message_field {
    ($($t:ty),*) => {$(
        impl ProtoField for $t {
            #[inline]
            fn encode_field(&self, field: u32, w: &mut ProtoWriter) {
                encode_message_field(self, field, w);
            }
            #[inline]
            fn merge_field(&mut self, wire: WireType, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
                merge_message_field(self, wire, r)
            }
        }
        impl ProtoRepeated for $t {}
        impl JsonElement for $t {}
    )*};
}
message_field!(Time, MicroTime, Duration, Quantity);

/// Reads a `Timestamp {seconds = 1, nanos = 2}` body.
fn merge_timestamp(r: &mut ProtoReader<'_>) -> Result<Option<(i64, i32)>, DecodeError> {
    if r.is_empty() {
        return Ok(None);
    }
    let (mut secs, mut nanos) = (0i64, 0i32);
    while !r.is_empty() {
        let (field, wire) = r.key()?;
        match field {
            1 => secs.merge_field(wire, r).map_err(|e| e.in_field("seconds"))?,
            2 => nanos.merge_field(wire, r).map_err(|e| e.in_field("nanos"))?,
            _ => r.skip(wire)?,
        }
    }
    Ok(Some((secs, nanos)))
}

fn write_timestamp(secs: i64, nanos: i32, w: &mut ProtoWriter) {
    nanos.encode_field(2, w);
    secs.encode_field(1, w);
}

impl JsonEncode for Time {
    /// RFC 3339 at second precision in UTC; the zero time is `null`.
    fn encode_json(&self, w: &mut JsonWriter) {
        if self.is_zero() {
            return w.null();
        }
        // Upstream formats any year, even outside 0..=9999, without failing.
        w.string(&self.format_rfc3339());
    }
    fn is_json_zero(&self) -> bool {
        self.is_zero()
    }
}

impl JsonDecode for Time {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            *self = Time::default();
            return Ok(());
        }
        let s = r.str()?;
        *self = Time::parse_rfc3339(&s).map_err(|e| r.err(DecodeErrorKind::Invalid(e.to_string())))?;
        Ok(())
    }
}

impl ProtoMessage for Time {
    /// Seconds and zero nanos; the zero time is an empty message.
    fn encode_proto(&self, w: &mut ProtoWriter) {
        if !self.is_zero() {
            write_timestamp(self.unix_seconds(), 0, w);
        }
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        *self = match merge_timestamp(r)? {
            // Time keeps whole seconds only; upstream drops the nanoseconds.
            Some((secs, _)) => Time::from_unix(secs),
            None => Time::default(),
        };
        Ok(())
    }
}

#[cfg(feature = "testing")]
impl Fill for Time {
    /// Upstream's fill function: 01:01:01 on 1 January of the year 2000 + i.
    fn fill(&mut self, _s: &str, i: i64, _cx: &mut FillCtx) {
        *self = Time::from_civil(2000 + i, 1, 1, 1, 1, 1).unwrap_or_default();
    }
    /// As a map value the generic fill reaches only unexported fields: the zero time.
    fn fill_map_value(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = Time::default();
    }
}

#[cfg(feature = "testing")]
impl SemanticEq for Time {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

impl JsonEncode for MicroTime {
    /// RFC 3339 with six fractional digits in UTC; the zero time is `null`.
    fn encode_json(&self, w: &mut JsonWriter) {
        if self.is_zero() {
            return w.null();
        }
        w.string(&self.format_rfc3339_micro());
    }
    fn is_json_zero(&self) -> bool {
        self.is_zero()
    }
}

impl JsonDecode for MicroTime {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            *self = MicroTime::default();
            return Ok(());
        }
        let s = r.str()?;
        *self = MicroTime::parse_rfc3339_micro(&s).map_err(|e| r.err(DecodeErrorKind::Invalid(e.to_string())))?;
        Ok(())
    }
}

impl ProtoMessage for MicroTime {
    /// Seconds and nanoseconds truncated to microseconds; the zero time is an empty message.
    fn encode_proto(&self, w: &mut ProtoWriter) {
        if !self.is_zero() {
            let t = self.truncate_to_micros();
            write_timestamp(t.unix_seconds(), t.nanos() as i32, w);
        }
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        *self = match merge_timestamp(r)? {
            Some((secs, nanos)) => {
                let nanos = u32::try_from(nanos)
                    .ok()
                    .filter(|n| *n < 1_000_000_000)
                    .ok_or_else(|| DecodeError::invalid(format!("nanos {nanos} out of range")).in_field("nanos"))?;
                MicroTime::from_unix(secs, nanos)
            }
            None => MicroTime::default(),
        };
        Ok(())
    }
}

#[cfg(feature = "testing")]
impl Fill for MicroTime {
    /// Upstream's fill function: like `Time`, plus i microseconds.
    fn fill(&mut self, _s: &str, i: i64, _cx: &mut FillCtx) {
        let base = Time::from_civil(2000 + i, 1, 1, 1, 1, 1).unwrap_or_default();
        let micros = u32::try_from(i.rem_euclid(1_000_000)).unwrap_or(0);
        *self = MicroTime::from_unix(base.unix_seconds(), micros * 1000);
    }
    fn fill_map_value(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = MicroTime::default();
    }
}

#[cfg(feature = "testing")]
impl SemanticEq for MicroTime {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

impl JsonEncode for Duration {
    /// Go's `time.Duration.String()`, e.g. `"1h0m0s"`.
    fn encode_json(&self, w: &mut JsonWriter) {
        w.string(&self.format_go());
    }
    fn is_json_zero(&self) -> bool {
        self.0 == 0
    }
}

impl JsonDecode for Duration {
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            return Ok(());
        }
        let s = r.str()?;
        *self = Duration::parse_go(&s).map_err(|e| r.err(DecodeErrorKind::Invalid(e.to_string())))?;
        Ok(())
    }
}

impl ProtoMessage for Duration {
    /// `{duration = 1}` in nanoseconds, always written.
    fn encode_proto(&self, w: &mut ProtoWriter) {
        self.0.encode_field(1, w);
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => self.0.merge_field(wire, r).map_err(|e| e.in_field("duration"))?,
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

#[cfg(feature = "testing")]
impl Fill for Duration {
    /// No fill function exists upstream: the one field gets its protobuf number, 1 ns.
    fn fill(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = Duration(1);
    }
}

#[cfg(feature = "testing")]
impl SemanticEq for Duration {
    fn semantic_eq(&self, other: &Self) -> bool {
        self == other
    }
}

impl JsonEncode for Quantity {
    /// Always a quoted canonical string.
    fn encode_json(&self, w: &mut JsonWriter) {
        w.string(&self.to_canonical_string());
    }
    fn is_json_zero(&self) -> bool {
        self.is_zero()
    }
}

impl JsonDecode for Quantity {
    /// A quoted string or a bare number; `null` gives zero.
    fn decode_json(&mut self, r: &mut JsonReader<'_>) -> Result<(), DecodeError> {
        if r.try_null()? {
            *self = Quantity::default();
            return Ok(());
        }
        let text = match r.str() {
            Ok(s) => s.into_owned(),
            Err(e) if matches!(e.kind, DecodeErrorKind::WrongType { .. }) => r.number_text()?.to_owned(),
            Err(e) => return Err(e),
        };
        *self = Quantity::parse(text.trim()).map_err(|e| r.err(DecodeErrorKind::Invalid(e.to_string())))?;
        Ok(())
    }
}

impl ProtoMessage for Quantity {
    /// `{string = 1}` holding the canonical form, always written.
    fn encode_proto(&self, w: &mut ProtoWriter) {
        self.to_canonical_string().encode_field(1, w);
    }
    fn merge_proto(&mut self, r: &mut ProtoReader<'_>) -> Result<(), DecodeError> {
        while !r.is_empty() {
            let (field, wire) = r.key()?;
            match field {
                1 => {
                    let mut s = String::new();
                    s.merge_field(wire, r).map_err(|e| e.in_field("string"))?;
                    *self = Quantity::parse(&s).map_err(|e| DecodeError::invalid(e.to_string()).in_field("string"))?;
                }
                _ => r.skip(wire)?,
            }
        }
        Ok(())
    }
}

#[cfg(feature = "testing")]
impl Fill for Quantity {
    /// No fill function exists upstream; only the unexported amount matters, so it stays zero.
    fn fill(&mut self, _s: &str, _i: i64, _cx: &mut FillCtx) {
        *self = Quantity::default();
    }
}

#[cfg(feature = "testing")]
impl SemanticEq for Quantity {
    /// By value: `1k` equals `1000`.
    fn semantic_eq(&self, other: &Self) -> bool {
        self.cmp(other) == std::cmp::Ordering::Equal
    }
}
