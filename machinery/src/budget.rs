//! Decoding budgets: a cap on the storage one decode allocates for collection elements, so that a
//! small input cannot turn into a huge heap.
//!
//! Strings and byte slices cost at most their input length, so they are not counted. What can grow
//! faster than the input is structure: an empty JSON object `{}` (or a two-byte protobuf field) as
//! an element of a list of webhooks becomes a whole `ValidatingWebhook` value in memory, several
//! hundred bytes for two or three bytes of input. A budget charges every list element, map entry
//! and box by the in-memory size of what it holds (`size_of`), and the decode stops with
//! [`DecodeErrorKind::BudgetExceeded`](crate::error::DecodeErrorKind::BudgetExceeded) at the field
//! path where the budget ran out.

use std::cell::Cell;

/// How many bytes of element storage one decode may allocate; shared by the nested readers of one
/// decode. Create one per decode: it counts down.
#[derive(Debug)]
pub struct DecodeBudget {
    limit: u64,
    remaining: Cell<u64>,
}

impl DecodeBudget {
    /// A budget of `limit` bytes.
    pub fn new(limit: u64) -> Self {
        DecodeBudget { limit, remaining: Cell::new(limit) }
    }

    /// A budget for decoding `input_len` bytes under `limits`: the smaller of the absolute cap and
    /// the per-input-byte allowance (plus a floor, so small objects never run out).
    pub fn for_input(limits: &DecodeLimits, input_len: usize) -> Self {
        let scaled =
            (input_len as u64).saturating_mul(u64::from(limits.bytes_per_input_byte)).saturating_add(limits.floor);
        DecodeBudget::new(scaled.min(limits.max_bytes))
    }

    /// The budget it started with.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Bytes charged so far.
    pub fn used(&self) -> u64 {
        self.limit - self.remaining.get()
    }

    /// Charges `bytes`; `false` (and nothing charged) when they do not fit.
    #[inline]
    pub(crate) fn charge(&self, bytes: usize) -> bool {
        match self.remaining.get().checked_sub(bytes as u64) {
            Some(rest) => {
                self.remaining.set(rest);
                true
            }
            None => false,
        }
    }
}

/// The budget rule a serializer applies to each decode (see [`DecodeBudget::for_input`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeLimits {
    /// Element storage allowed per byte of input.
    pub bytes_per_input_byte: u32,
    /// Element storage allowed whatever the input's size.
    pub floor: u64,
    /// The absolute cap, whatever the input's size.
    pub max_bytes: u64,
}

impl DecodeLimits {
    /// No limit: every decode may allocate whatever its input describes.
    pub const UNLIMITED: DecodeLimits =
        DecodeLimits { bytes_per_input_byte: u32::MAX, floor: u64::MAX, max_bytes: u64::MAX };

    /// The default: 64 bytes of element storage per input byte plus 1 MiB, at most 4 GiB. The
    /// fixtures of every kind need at most a few bytes per input byte (docs/reliability.md has the
    /// figures); the hostile list of empty webhooks needs about 200.
    pub const DEFAULT: DecodeLimits = DecodeLimits { bytes_per_input_byte: 64, floor: 1 << 20, max_bytes: 4 << 30 };
}

impl Default for DecodeLimits {
    fn default() -> Self {
        DecodeLimits::DEFAULT
    }
}
