//! The few DER reads signature verification needs beyond the request parser: one element (a one-byte tag, its length in the shortest form) and a minimal non-negative INTEGER's magnitude.

/// One element: its tag, its contents and what follows it.
pub(crate) fn any(der: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = der.split_first()?;
    let (&first, rest) = rest.split_first()?;
    if tag & 0x1f == 0x1f {
        return None;
    }
    let (len, rest) = if first < 0x80 {
        (usize::from(first), rest)
    } else {
        let count = usize::from(first & 0x7f);
        if count == 0 || count > 4 || rest.len() < count || rest[0] == 0 {
            return None;
        }
        let len = rest[..count].iter().fold(0usize, |acc, &b| acc << 8 | usize::from(b));
        if len < 0x80 {
            return None;
        }
        (len, &rest[count..])
    };
    if rest.len() < len {
        return None;
    }
    let (contents, rest) = rest.split_at(len);
    Some((tag, contents, rest))
}

/// One element of the given tag: its contents and what follows it.
pub(crate) fn element(der: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    any(der).filter(|(t, _, _)| *t == tag).map(|(_, contents, rest)| (contents, rest))
}

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
