//! Protobuf wire primitives: a single-pass backwards writer and a bounds-checked reader.

use std::mem::MaybeUninit;

use crate::budget::DecodeBudget;
use crate::error::{DecodeError, DecodeErrorKind};

/// Protobuf wire types: the low three bits of a field's key, which say how long its value is.
/// The discriminants are the numbers on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum WireType {
    /// A base-128 varint of one to ten bytes: `int32`, `int64`, `uint*`, `bool`, enums.
    Varint = 0,
    /// Eight little-endian bytes: `fixed64`, `sfixed64`, `double`.
    Fixed64 = 1,
    /// A varint length, then that many bytes: strings, bytes, nested messages, packed repeated
    /// scalars.
    Len = 2,
    /// Opens a proto2 group. Kubernetes' messages have none; a reader skips one to its
    /// [`WireType::EndGroup`].
    StartGroup = 3,
    /// Closes a group; met alone it is an error.
    EndGroup = 4,
    /// Four little-endian bytes: `fixed32`, `sfixed32`, `float`.
    Fixed32 = 5,
}

impl WireType {
    fn from_u8(v: u8) -> Result<Self, DecodeError> {
        Ok(match v {
            0 => WireType::Varint,
            1 => WireType::Fixed64,
            2 => WireType::Len,
            3 => WireType::StartGroup,
            4 => WireType::EndGroup,
            5 => WireType::Fixed32,
            _ => return Err(DecodeError::new(DecodeErrorKind::BadWireType(v))),
        })
    }
}

/// Writes a protobuf message back to front, so that every nested length is known when it is
/// written: one pass, no size pre-computation. Fields must therefore be written in *descending*
/// field-number order and repeated elements last to first; the result reads in ascending order.
///
/// The buffer is not zeroed: `buf[start..]` holds the bytes written so far and is always
/// initialized, because `start` only moves down by exactly the number of bytes written right
/// below the old `start` (see [`ProtoWriter::put_slice`] and [`ProtoWriter::put_varint`]).
pub struct ProtoWriter {
    buf: Box<[MaybeUninit<u8>]>,
    /// The written bytes are `buf[start..]`.
    start: usize,
}

impl Default for ProtoWriter {
    fn default() -> Self {
        Self::with_capacity(512)
    }
}

impl ProtoWriter {
    /// A writer with room for `cap` bytes before it grows.
    pub fn with_capacity(cap: usize) -> Self {
        let cap = cap.max(16);
        ProtoWriter { buf: Box::new_uninit_slice(cap), start: cap }
    }

    /// Bytes written so far. Take it before a nested message and pass it to [`Self::put_len_since`].
    #[inline]
    pub fn len(&self) -> usize {
        self.buf.len() - self.start
    }

    /// Whether nothing has been written.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    fn reserve(&mut self, n: usize) {
        if self.start < n {
            self.grow(n);
        }
    }

    #[cold]
    fn grow(&mut self, n: usize) {
        let used = self.len();
        let new_cap = (self.buf.len() * 2).max(used + n + 64);
        let mut nb = Box::new_uninit_slice(new_cap);
        // Copying `MaybeUninit` values copies the written (initialized) bytes as they are.
        nb[new_cap - used..].copy_from_slice(&self.buf[self.start..]);
        self.buf = nb;
        self.start = new_cap - used;
    }

    /// Prepends raw bytes.
    #[inline]
    pub fn put_slice(&mut self, b: &[u8]) {
        self.reserve(b.len());
        let start = self.start - b.len();
        let dst = &mut self.buf[start..self.start];
        let n = b.len();
        // Most strings of an object are short (names, keys, label values): two overlapping
        // word copies cost less than a call to `memcpy`.
        if (8..=16).contains(&n) {
            write_word(&mut dst[..8], &b[..8]);
            write_word(&mut dst[n - 8..], &b[n - 8..]);
        } else if n < 8 {
            for (d, &s) in dst.iter_mut().zip(b) {
                d.write(s);
            }
        } else {
            // SAFETY: `dst` and `b` have the same length; `MaybeUninit<u8>` has the layout of
            // `u8`; and they cannot overlap, since `b` is a shared borrow that coexists with
            // `&mut self`.
            unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), dst.as_mut_ptr().cast::<u8>(), n) };
        }
        self.start = start;
    }

    /// Prepends a varint.
    #[inline]
    pub fn put_varint(&mut self, v: u64) {
        // Keys, most lengths and small numbers take one byte.
        if v < 0x80 {
            self.reserve(1);
            self.start -= 1;
            // SAFETY: `start <= buf.len()` always holds (it starts at the length and only moves
            // down), and `reserve(1)` made `start >= 1` before the decrement, so `start` now
            // indexes a byte of `buf`. This runs for nearly every key and length: the bounds
            // check it saves is a fifth of the work of writing one.
            unsafe { self.buf.get_unchecked_mut(self.start).write(v as u8) };
            return;
        }
        self.put_varint_long(v);
    }

    /// [`Self::put_varint`] for a value of two bytes or more.
    #[inline(never)]
    fn put_varint_long(&mut self, mut v: u64) {
        let n = varint_len(v);
        self.reserve(n);
        let start = self.start - n;
        let out = &mut self.buf[start..self.start];
        for slot in &mut out[..n - 1] {
            slot.write((v as u8) | 0x80);
            v >>= 7;
        }
        out[n - 1].write(v as u8);
        self.start = start;
    }

    /// Prepends a field key.
    #[inline]
    pub fn put_tag(&mut self, field: u32, wire: WireType) {
        self.put_varint((u64::from(field) << 3) | wire as u64);
    }

    /// Prepends the length of everything written since `mark` (a previous [`Self::len`]).
    #[inline]
    pub fn put_len_since(&mut self, mark: usize) {
        let n = self.len() - mark;
        self.put_varint(n as u64);
    }

    /// Prepends a length-delimited bytes field (always written).
    #[inline]
    pub fn put_bytes_field(&mut self, field: u32, b: &[u8]) {
        self.put_slice(b);
        self.put_varint(b.len() as u64);
        self.put_tag(field, WireType::Len);
    }

    /// Prepends a varint field (always written).
    #[inline]
    pub fn put_varint_field(&mut self, field: u32, v: u64) {
        self.put_varint(v);
        self.put_tag(field, WireType::Varint);
    }

    /// The finished bytes.
    pub fn into_vec(self) -> Vec<u8> {
        self.as_slice().to_vec()
    }

    /// The bytes written so far.
    pub fn as_slice(&self) -> &[u8] {
        let written = &self.buf[self.start..];
        // SAFETY: `buf[start..]` is initialized (the invariant in the type's docs), and
        // `MaybeUninit<u8>` has the layout of `u8`, so the region can be read as `[u8]` for the
        // lifetime of the borrow of `self`.
        unsafe { std::slice::from_raw_parts(written.as_ptr().cast::<u8>(), written.len()) }
    }
}

/// Copies eight bytes of `src` into the first eight of `dst`, as one word.
#[inline(always)]
fn write_word(dst: &mut [MaybeUninit<u8>], src: &[u8]) {
    let word: [u8; 8] = src[..8].try_into().expect("eight bytes");
    for (d, s) in dst[..8].iter_mut().zip(word) {
        d.write(s);
    }
}

/// The number of bytes of a varint.
#[inline]
fn varint_len(v: u64) -> usize {
    // 1 byte per started group of 7 bits; zero takes one byte.
    (64 - (v | 1).leading_zeros() as usize).div_ceil(7)
}

/// Reads protobuf fields from a byte slice. Every length is checked against what remains; nested
/// messages count against [`crate::MAX_DEPTH`].
pub struct ProtoReader<'a> {
    data: &'a [u8],
    pos: usize,
    depth: usize,
    budget: Option<&'a DecodeBudget>,
    /// The last key read, so a repeated field can count its occurrences ahead.
    last_key: u64,
}

impl<'a> ProtoReader<'a> {
    /// A reader over a whole message.
    pub fn new(data: &'a [u8]) -> Self {
        ProtoReader { data, pos: 0, depth: 0, budget: None, last_key: 0 }
    }

    /// A reader over a whole message whose repeated fields, maps and boxes are charged to
    /// `budget`, nested messages included.
    pub fn with_budget(data: &'a [u8], budget: &'a DecodeBudget) -> Self {
        ProtoReader { data, pos: 0, depth: 0, budget: Some(budget), last_key: 0 }
    }

    /// Charges `bytes` of element storage to the budget, if there is one.
    #[inline]
    pub fn charge(&self, bytes: usize) -> Result<(), DecodeError> {
        match self.budget {
            Some(b) if !b.charge(bytes) => Err(self.err(DecodeErrorKind::BudgetExceeded(b.limit()))),
            _ => Ok(()),
        }
    }

    /// How many elements the repeated field whose key was just read has in this run: this one
    /// and the occurrences of the same key that follow it directly, as every encoder writes a
    /// list. A repeated field allocates them at once instead of growing by doubling and keeping
    /// up to half its buffer unused. The count reads each element's key and length a second time
    /// and nothing else; bad input ends it where it is found, and decoding reports it there.
    pub fn run_ahead(&self, wire: WireType) -> usize {
        let mut probe = ProtoReader { data: self.data, pos: self.pos, depth: self.depth, budget: None, last_key: 0 };
        let mut n = 1;
        while probe.skip(wire).is_ok() && !probe.is_empty() && probe.varint().ok() == Some(self.last_key) {
            n += 1;
        }
        n
    }

    /// Whether the message is exhausted.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    fn err(&self, kind: DecodeErrorKind) -> DecodeError {
        DecodeError::at_offset(kind, self.pos)
    }

    /// Reads a varint.
    #[inline]
    pub fn varint(&mut self) -> Result<u64, DecodeError> {
        // Most varints (keys, lengths, small numbers) are one byte.
        if let Some(&b) = self.data.get(self.pos)
            && b < 0x80
        {
            self.pos += 1;
            return Ok(u64::from(b));
        }
        self.varint_slow()
    }

    #[inline(never)]
    fn varint_slow(&mut self) -> Result<u64, DecodeError> {
        let mut v: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(&b) = self.data.get(self.pos) else {
                return Err(self.err(DecodeErrorKind::Truncated));
            };
            self.pos += 1;
            if shift == 63 && b > 1 {
                return Err(self.err(DecodeErrorKind::VarintOverflow));
            }
            v |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Ok(v);
            }
            shift += 7;
            if shift > 63 {
                return Err(self.err(DecodeErrorKind::VarintOverflow));
            }
        }
    }

    /// Reads a field key: field number and wire type.
    #[inline]
    pub fn key(&mut self) -> Result<(u32, WireType), DecodeError> {
        let k = self.varint()?;
        self.last_key = k;
        let field = k >> 3;
        if field == 0 || field > (1 << 29) - 1 {
            return Err(self.err(DecodeErrorKind::BadFieldNumber(field)));
        }
        Ok((field as u32, WireType::from_u8((k & 7) as u8)?))
    }

    /// Checks the wire type of a field against the one its type expects.
    #[inline]
    pub fn expect(&self, got: WireType, want: WireType) -> Result<(), DecodeError> {
        if got == want {
            Ok(())
        } else {
            Err(self.err(DecodeErrorKind::WireType { expected: want as u8, found: got as u8 }))
        }
    }

    /// Reads a length-delimited payload.
    #[inline]
    pub fn bytes(&mut self) -> Result<&'a [u8], DecodeError> {
        let len = self.varint()?;
        let remaining = self.data.len() - self.pos;
        if len > remaining as u64 {
            return Err(self.err(DecodeErrorKind::LengthPastEnd { len, remaining }));
        }
        let start = self.pos;
        self.pos += len as usize;
        Ok(&self.data[start..self.pos])
    }

    /// Reads a UTF-8 string payload.
    #[inline]
    pub fn str(&mut self) -> Result<&'a str, DecodeError> {
        let at = self.pos;
        let b = self.bytes()?;
        // Most Kubernetes strings are ASCII, and the ASCII check reads a word at a time.
        if b.is_ascii() {
            // SAFETY: every byte is below 0x80, and a sequence of ASCII bytes is valid UTF-8.
            return Ok(unsafe { std::str::from_utf8_unchecked(b) });
        }
        std::str::from_utf8(b).map_err(|_| DecodeError::at_offset(DecodeErrorKind::InvalidUtf8, at))
    }

    /// Reads a nested message payload as a reader one level deeper.
    #[inline]
    pub fn message(&mut self) -> Result<ProtoReader<'a>, DecodeError> {
        if self.depth + 1 >= crate::MAX_DEPTH {
            return Err(self.err(DecodeErrorKind::TooDeep(crate::MAX_DEPTH)));
        }
        let depth = self.depth + 1;
        let data = self.bytes()?;
        Ok(ProtoReader { data, pos: 0, depth, budget: self.budget, last_key: 0 })
    }

    /// Reads eight little-endian bytes.
    pub fn fixed64(&mut self) -> Result<u64, DecodeError> {
        let b = self.data.get(self.pos..self.pos + 8).ok_or_else(|| self.err(DecodeErrorKind::Truncated))?;
        self.pos += 8;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    /// Reads four little-endian bytes.
    pub fn fixed32(&mut self) -> Result<u32, DecodeError> {
        let b = self.data.get(self.pos..self.pos + 4).ok_or_else(|| self.err(DecodeErrorKind::Truncated))?;
        self.pos += 4;
        let mut a = [0u8; 4];
        a.copy_from_slice(b);
        Ok(u32::from_le_bytes(a))
    }

    /// Skips a field's value; unknown fields are dropped as gogo does. Groups are skipped whole.
    pub fn skip(&mut self, wire: WireType) -> Result<(), DecodeError> {
        match wire {
            WireType::Varint => self.varint().map(|_| ()),
            WireType::Fixed64 => self.fixed64().map(|_| ()),
            WireType::Fixed32 => self.fixed32().map(|_| ()),
            WireType::Len => self.bytes().map(|_| ()),
            WireType::EndGroup => Err(self.err(DecodeErrorKind::BadWireType(4))),
            WireType::StartGroup => {
                let mut depth = 1usize;
                while depth > 0 {
                    let (_, w) = self.key()?;
                    match w {
                        WireType::StartGroup => {
                            depth += 1;
                            if self.depth + depth >= crate::MAX_DEPTH {
                                return Err(self.err(DecodeErrorKind::TooDeep(crate::MAX_DEPTH)));
                            }
                        }
                        WireType::EndGroup => depth -= 1,
                        other => self.skip(other)?,
                    }
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backwards_writer_grows_and_nests() {
        let mut w = ProtoWriter::with_capacity(1);
        let mark = w.len();
        w.put_bytes_field(2, &[7u8; 300]);
        w.put_varint_field(1, 150);
        w.put_len_since(mark);
        w.put_tag(5, WireType::Len);
        let v = w.into_vec();
        let mut r = ProtoReader::new(&v);
        assert_eq!(r.key().unwrap(), (5, WireType::Len));
        let mut m = r.message().unwrap();
        assert!(r.is_empty());
        assert_eq!(m.key().unwrap(), (1, WireType::Varint));
        assert_eq!(m.varint().unwrap(), 150);
        assert_eq!(m.key().unwrap(), (2, WireType::Len));
        assert_eq!(m.bytes().unwrap(), &[7u8; 300][..]);
        assert!(m.is_empty());
    }

    #[test]
    fn run_ahead_counts_the_occurrences_that_follow_directly() {
        // Field 2 twice (the second a message holding field 2 twice), field 3, field 2, then
        // truncated input: the run is the first two, and the one after field 3 runs alone.
        let mut inner = ProtoWriter::default();
        inner.put_varint_field(2, 1);
        inner.put_varint_field(2, 2);
        let inner = inner.into_vec();
        let mut w = ProtoWriter::default();
        w.put_slice(&[0x1a, 0x01, 0x00]); // written backwards: this ends up last
        w.put_bytes_field(2, b"x");
        w.put_varint_field(3, 7);
        w.put_bytes_field(2, &inner);
        w.put_bytes_field(2, b"first");
        let mut v = w.into_vec();
        v.truncate(v.len() - 1);
        let mut r = ProtoReader::new(&v);
        assert_eq!(r.key().unwrap(), (2, WireType::Len));
        assert_eq!(r.run_ahead(WireType::Len), 2);
        assert_eq!(r.bytes().unwrap(), b"first");
        assert_eq!(r.key().unwrap(), (2, WireType::Len));
        assert_eq!(r.run_ahead(WireType::Len), 1);
        r.bytes().unwrap();
        assert_eq!(r.key().unwrap(), (3, WireType::Varint));
        r.varint().unwrap();
        assert_eq!(r.key().unwrap(), (2, WireType::Len));
        assert_eq!(r.run_ahead(WireType::Len), 1);
    }

    #[test]
    fn slices_of_every_short_length_are_copied_exactly() {
        // Short slices are copied as words or bytes, not by `memcpy`: every length around those
        // paths, written one after another from a writer that starts too small (so each path also
        // runs right after a growth), reads back byte for byte.
        let mut w = ProtoWriter::with_capacity(1);
        let slices: Vec<Vec<u8>> = (0..=40u8).map(|n| (0..n).map(|i| i.wrapping_mul(37) ^ n).collect()).collect();
        for (n, b) in slices.iter().enumerate().rev() {
            w.put_bytes_field(n as u32 + 1, b);
        }
        let v = w.into_vec();
        let mut r = ProtoReader::new(&v);
        for (n, b) in slices.iter().enumerate() {
            assert_eq!(r.key().unwrap(), (n as u32 + 1, WireType::Len));
            assert_eq!(r.bytes().unwrap(), &b[..], "length {n}");
        }
        assert!(r.is_empty());
    }

    #[test]
    fn varint_lengths() {
        for (v, n) in [(0u64, 1), (1, 1), (127, 1), (128, 2), (16_383, 2), (16_384, 3), (u64::MAX, 10)] {
            assert_eq!(varint_len(v), n, "{v}");
        }
    }

    #[test]
    fn varints() {
        for v in [0u64, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX, (-1i64) as u64] {
            let mut w = ProtoWriter::default();
            w.put_varint(v);
            let b = w.into_vec();
            assert_eq!(ProtoReader::new(&b).varint().unwrap(), v);
        }
        let over = [0xffu8; 11];
        assert!(matches!(ProtoReader::new(&over).varint().unwrap_err().kind, DecodeErrorKind::VarintOverflow));
        assert!(matches!(ProtoReader::new(&[0x80]).varint().unwrap_err().kind, DecodeErrorKind::Truncated));
    }

    #[test]
    fn bad_input_is_rejected() {
        assert!(matches!(
            ProtoReader::new(&[0x0a, 0x05, 1]).bytes().map(|_| ()).unwrap_err().kind,
            DecodeErrorKind::Truncated | DecodeErrorKind::LengthPastEnd { .. }
        ));
        let mut r = ProtoReader::new(&[0x0a, 0x05, 1]);
        r.key().unwrap();
        assert!(matches!(r.bytes().unwrap_err().kind, DecodeErrorKind::LengthPastEnd { len: 5, remaining: 1 }));
        assert!(matches!(
            ProtoReader::new(&[0x07]).key().unwrap_err().kind,
            DecodeErrorKind::BadFieldNumber(0) | DecodeErrorKind::BadWireType(7)
        ));
        assert!(matches!(ProtoReader::new(&[0x0f]).key().unwrap_err().kind, DecodeErrorKind::BadWireType(7)));
        assert!(matches!(ProtoReader::new(&[0x00]).key().unwrap_err().kind, DecodeErrorKind::BadFieldNumber(0)));
    }
}
