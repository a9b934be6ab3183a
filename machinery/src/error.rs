//! Typed errors for decoding and encoding, each carrying the field path where it happened.

use std::fmt;

/// What went wrong while decoding, without the location.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The input ended before a complete value was read.
    #[error("unexpected end of input")]
    Truncated,
    /// The input is not valid JSON (or YAML) syntax.
    #[error("invalid syntax: {0}")]
    Syntax(String),
    /// A JSON value of the wrong type for the field.
    #[error("cannot unmarshal {found} into a value of type {expected}")]
    WrongType {
        /// The JSON kind the field needs: `object`, `array`, `string`, `bool` or `number`.
        expected: &'static str,
        /// The JSON kind that came instead, in the same words plus `null`.
        found: &'static str,
    },
    /// A number that does not fit the field's integer type, or is not an integer.
    #[error("number {text} {reason}")]
    Number {
        /// The number as the input wrote it (for a 32-bit field, the 64-bit value it parsed to).
        text: String,
        /// What is wrong with it, worded to follow `number`: `is not an integer`,
        /// `overflows int32`, `is not a valid float`, ….
        reason: &'static str,
    },
    /// A string that is not valid UTF-8.
    #[error("invalid UTF-8 in string")]
    InvalidUtf8,
    /// Nesting deeper than [`crate::MAX_DEPTH`].
    #[error("nesting deeper than the limit of {0} levels")]
    TooDeep(usize),
    /// A protobuf wire type that contradicts the field's type.
    #[error("wire type {found} does not match the field, which expects wire type {expected}")]
    WireType {
        /// The wire type number the field's type is written with (see
        /// [`crate::proto::WireType`]).
        expected: u8,
        /// The wire type number the field's key carried.
        found: u8,
    },
    /// A protobuf wire type outside 0..=5, or a group.
    #[error("unsupported wire type {0}")]
    BadWireType(u8),
    /// A protobuf varint longer than ten bytes.
    #[error("varint overflows 64 bits")]
    VarintOverflow,
    /// A length prefix that points past the end of its enclosing message.
    #[error("length {len} runs past the end of the data ({remaining} bytes left)")]
    LengthPastEnd {
        /// The length the varint prefix declared, in bytes.
        len: u64,
        /// The bytes actually left in the data after the prefix.
        remaining: usize,
    },
    /// A protobuf field number of zero or above the maximum.
    #[error("invalid field number {0}")]
    BadFieldNumber(u64),
    /// Data that does not start with the `k8s\0` protobuf envelope prefix.
    #[error("data does not start with the protobuf prefix k8s\\x00")]
    BadMagic,
    /// The envelope names a kind no scheme registration claims.
    #[error("no kind {kind:?} is registered for version {api_version:?}")]
    UnregisteredKind {
        /// The `apiVersion` looked up, `group/version` or just `version` for the core group.
        api_version: String,
        /// The `kind` looked up.
        kind: String,
    },
    /// The object's kind or apiVersion could not be determined.
    #[error("Object 'Kind' is missing in '{0}'")]
    MissingKind(String),
    /// A special value (Quantity, Time, Duration, base64 bytes …) that does not parse.
    #[error("{0}")]
    Invalid(String),
    /// Strict decoding found unknown or duplicate fields; the messages follow upstream's wording.
    #[error("strict decoding error: {}", .0.join(", "))]
    Strict(Vec<String>),
    /// The decode needed more storage for lists, maps and boxed values than its budget allows
    /// (see [`crate::budget`]).
    #[error("the decoded object needs more than the decoding budget of {0} bytes for its lists and maps")]
    BudgetExceeded(u64),
    /// A media type no serializer handles.
    #[error("no serializer for media type {0:?}")]
    UnsupportedMediaType(String),
}

/// An error from a decoder, naming the field path (`webhooks[0].sideEffects`) where it happened.
/// Boxed, so that decoders' `Result`s stay one word wide on the hot path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(Box<DecodeErrorInner>);

/// The contents of a [`DecodeError`], reached through `Deref` (`err.kind`, `err.offset`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeErrorInner {
    /// Path segments from the innermost value outwards, already formatted (`.name` or `[3]`).
    path: Vec<String>,
    /// What went wrong.
    pub kind: DecodeErrorKind,
    /// Byte offset in the input where the error was detected, when known.
    pub offset: Option<usize>,
}

impl std::ops::Deref for DecodeError {
    type Target = DecodeErrorInner;
    fn deref(&self) -> &DecodeErrorInner {
        &self.0
    }
}

impl std::ops::DerefMut for DecodeError {
    fn deref_mut(&mut self) -> &mut DecodeErrorInner {
        &mut self.0
    }
}

impl DecodeError {
    /// A new error with an empty path.
    #[cold]
    pub fn new(kind: DecodeErrorKind) -> Self {
        DecodeError(Box::new(DecodeErrorInner { path: Vec::new(), kind, offset: None }))
    }

    /// A new error at a byte offset.
    #[cold]
    pub fn at_offset(kind: DecodeErrorKind, offset: usize) -> Self {
        DecodeError(Box::new(DecodeErrorInner { path: Vec::new(), kind, offset: Some(offset) }))
    }

    /// An `Invalid` error with a message.
    #[cold]
    pub fn invalid(msg: impl Into<String>) -> Self {
        Self::new(DecodeErrorKind::Invalid(msg.into()))
    }

    /// What went wrong, by value.
    pub fn into_kind(self) -> DecodeErrorKind {
        self.0.kind
    }

    /// Prefixes the path with a field name; called while the error travels outwards.
    #[cold]
    pub fn in_field(mut self, name: &str) -> Self {
        self.0.path.push(format!(".{name}"));
        self
    }

    /// Prefixes the path with a list index.
    #[cold]
    pub fn in_index(mut self, idx: usize) -> Self {
        self.0.path.push(format!("[{idx}]"));
        self
    }

    /// Prefixes the path with a map key.
    #[cold]
    pub fn in_key(mut self, key: &str) -> Self {
        self.0.path.push(format!("[{key:?}]"));
        self
    }

    /// The field path, e.g. `webhooks[0].sideEffects`; empty at the top level.
    pub fn path(&self) -> String {
        let mut s = String::new();
        for seg in self.0.path.iter().rev() {
            s.push_str(seg);
        }
        s.strip_prefix('.').map(str::to_owned).unwrap_or(s)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path();
        match (path.is_empty(), self.offset) {
            (true, None) => write!(f, "{}", self.kind),
            (true, Some(off)) => write!(f, "{} (at byte {off})", self.kind),
            (false, None) => write!(f, "{path}: {}", self.kind),
            (false, Some(off)) => write!(f, "{path}: {} (at byte {off})", self.kind),
        }
    }
}

impl std::error::Error for DecodeError {}

impl From<DecodeErrorKind> for DecodeError {
    fn from(kind: DecodeErrorKind) -> Self {
        DecodeError::new(kind)
    }
}

/// An error from an encoder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// Raw JSON embedded in the object (RawExtension, FieldsV1) is not valid JSON.
    #[error("{path}: embedded raw JSON is invalid: {reason}")]
    InvalidRawJson {
        /// The dotted JSON path of the member holding the raw value, empty when the raw value is
        /// the whole document.
        path: String,
        /// The JSON tokenizer's complaint about the raw bytes.
        reason: String,
    },
    /// A float that JSON cannot represent.
    #[error("unsupported value: {0}")]
    UnsupportedValue(String),
    /// An object of an internal kind: it has no wire form and must be converted to a version first.
    #[error("{0} is an internal type and has no wire form; convert it to a version first")]
    Internal(String),
    /// An object of a kind with a JSON form only (a custom resource) asked for in protobuf.
    #[error("{0} has no protobuf form (it is JSON only); use application/json")]
    NoProtobuf(String),
    /// Converting the object to the requested version failed.
    #[error("converting before encoding: {0}")]
    Conversion(String),
}
