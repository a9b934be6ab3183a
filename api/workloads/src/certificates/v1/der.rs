//! The DER reads signature verification needs: one element, as the certificate reader reads it (`kapi_api_base::certs`), and a minimal non-negative INTEGER's magnitude.

pub(crate) use kapi_api_base::certs::{der_any as any, der_element as element};

/// A minimal, non-negative INTEGER's magnitude, without its leading zero.
pub(crate) fn unsigned_integer(contents: &[u8]) -> Option<&[u8]> {
    match contents {
        [] => None,
        [first, ..] if first & 0x80 != 0 => None,
        [0, next, ..] if next & 0x80 == 0 => None,
        [0, tail @ ..] if !tail.is_empty() => Some(tail),
        _ => Some(contents),
    }
}
