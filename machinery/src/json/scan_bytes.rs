//! Finding the end of a whitespace run or of a plain run in a string body, many bytes at a time.

/// Whether `b` is JSON whitespace (space, tab, line feed, carriage return).
#[inline(always)]
fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The offset of the first byte at or after `pos` that is not JSON whitespace (`input.len()` if
/// there is none). Compact JSON and the single space after an indented colon cost one or two
/// byte tests; a line break is followed by the indentation's run of spaces, which is skipped 16
/// bytes at a time (8 spaces at a time on targets without SSE2).
#[inline(always)]
pub fn skip_ws(input: &[u8], pos: usize) -> usize {
    match input.get(pos) {
        // Every whitespace byte is at most a space, so a larger byte ends the run at once.
        Some(&b) if b > b' ' => pos,
        // One space, as after an indented colon.
        Some(b' ') if input.get(pos + 1).is_some_and(|&c| c > b' ') => pos + 1,
        Some(&b) if is_ws(b) => skip_ws_run(input, pos + 1),
        _ => pos,
    }
}

/// [`skip_ws`] after a whitespace byte: `pos` is just past it.
#[inline(never)]
fn skip_ws_run(input: &[u8], pos: usize) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::skip_ws_run(input, pos)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let mut pos = pos;
        loop {
            pos += count_spaces_words(input.get(pos..).unwrap_or(&[]));
            match input.get(pos) {
                Some(&b) if is_ws(b) => pos += 1,
                _ => return pos,
            }
        }
    }
}

/// The offset of the first byte at or after `pos` that is not whitespace, a byte at a time.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn skip_ws_bytes(input: &[u8], pos: usize) -> usize {
    pos + input.get(pos..).unwrap_or(&[]).iter().take_while(|&&c| is_ws(c)).count()
}

/// How many bytes at the start of `b` are spaces, eight at a time in a general-purpose register:
/// the whitespace skip of targets without SSE2.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn count_spaces_words(b: &[u8]) -> usize {
    const SPACES: u64 = 0x2020_2020_2020_2020;
    let mut i = 0;
    while let Some(chunk) = b.get(i..i + 8) {
        // A byte of `x` is zero exactly where the input byte is a space; the lowest set bit lies
        // in the first other byte (little-endian: the first byte is the low one).
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ SPACES;
        if x != 0 {
            return i + (x.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    i + b[i..].iter().take_while(|&&c| c == b' ').count()
}

/// The offset of the first byte of `b` that ends a plain run of a string body: a quote, a
/// backslash, a byte below 0x20 or a byte from 0x80.
#[inline(always)]
pub fn find_string_stop(b: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::find_string_stop(b)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        find_string_stop_words(b)
    }
}

/// Whether a string scan stops at `c`.
#[inline(always)]
fn is_string_stop(c: u8) -> bool {
    !(0x20..0x80).contains(&c) || c == b'"' || c == b'\\'
}

/// [`find_string_stop`] eight bytes at a time in a general-purpose register: the portable path,
/// and the tail of the SSE2 one.
#[inline(always)]
fn find_string_stop_words(b: &[u8]) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    while let Some(chunk) = b.get(i..i + 8) {
        let w = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let quote = w ^ (LO * u64::from(b'"'));
        let backslash = w ^ (LO * u64::from(b'\\'));
        let zero_quote = quote.wrapping_sub(LO) & !quote;
        let zero_backslash = backslash.wrapping_sub(LO) & !backslash;
        // A byte below 0x20 borrows through its high bit; a byte from 0x80 has it already.
        let control_or_high = w.wrapping_sub(LO * 0x20) | w;
        let hits = (zero_quote | zero_backslash | control_or_high) & HI;
        if hits != 0 {
            // Each test can mark a byte falsely only through a borrow out of a lower byte, and a
            // borrow starts only at a byte that is marked truly: the lowest mark is exact.
            return Some(i + (hits.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    b[i..].iter().position(|&c| is_string_stop(c)).map(|p| i + p)
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    //! SSE2 is part of x86-64 itself (every x86-64 CPU has it, and the target enables it), so
    //! these need no run-time detection.

    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };

    /// Loads 16 bytes.
    #[inline(always)]
    fn load(chunk: &[u8; 16]) -> __m128i {
        // SAFETY: `chunk` is 16 readable bytes; `_mm_loadu_si128` has no alignment requirement;
        // SSE2 is enabled on every x86-64 target, so the intrinsic is available.
        unsafe { _mm_loadu_si128(chunk.as_ptr().cast()) }
    }

    /// A bit per byte of `v` (bit `i` for byte `i`): whether it equals `c`.
    #[inline(always)]
    fn eq_mask(v: __m128i, c: u8) -> u32 {
        // SAFETY: SSE2 intrinsics on values, available on every x86-64 target (see above).
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8))) as u32 }
    }

    /// [`super::skip_ws_run`]: sixteen bytes at a time, each tested against all four whitespace
    /// bytes, so a line break and the indentation after it end in one step.
    #[inline(always)]
    pub fn skip_ws_run(input: &[u8], mut pos: usize) -> usize {
        while let Some(chunk) = input.get(pos..pos + 16) {
            let v = load(chunk.try_into().expect("16 bytes"));
            let ws = eq_mask(v, b' ') | eq_mask(v, b'\n') | eq_mask(v, b'\t') | eq_mask(v, b'\r');
            let other = !ws & 0xFFFF;
            if other != 0 {
                return pos + other.trailing_zeros() as usize;
            }
            pos += 16;
        }
        super::skip_ws_bytes(input, pos)
    }

    #[inline(always)]
    pub fn find_string_stop(b: &[u8]) -> Option<usize> {
        let mut i = 0;
        while let Some(chunk) = b.get(i..i + 16) {
            let v = load(chunk.try_into().expect("16 bytes"));
            // SAFETY: SSE2 intrinsics on values, available on every x86-64 target (see above).
            // The signed comparison with 0x20 is true for bytes below 0x20 and, read as negative
            // numbers, for every byte from 0x80: the control and non-ASCII bytes at once.
            let low_or_high = unsafe { _mm_movemask_epi8(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20))) as u32 };
            let stops = eq_mask(v, b'"') | eq_mask(v, b'\\') | low_or_high;
            if stops != 0 {
                return Some(i + stops.trailing_zeros() as usize);
            }
            i += 16;
        }
        super::find_string_stop_words(&b[i..]).map(|p| i + p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The byte-at-a-time definitions the fast paths must agree with.
    fn spaces_simple(b: &[u8]) -> usize {
        b.iter().take_while(|&&c| c == b' ').count()
    }

    fn stop_simple(b: &[u8]) -> Option<usize> {
        b.iter().position(|&c| is_string_stop(c))
    }

    fn ws_simple(b: &[u8], pos: usize) -> usize {
        pos + b.get(pos..).unwrap_or(&[]).iter().take_while(|&&c| is_ws(c)).count()
    }

    #[test]
    fn every_stop_byte_is_found_at_every_offset() {
        for stop in (0u8..=255).filter(|&b| is_string_stop(b)) {
            for len in [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40] {
                for pos in 0..len {
                    let mut run = vec![b'a'; len];
                    run[pos] = stop;
                    // A second stop byte later must not hide the first.
                    if pos + 3 < len {
                        run[pos + 3] = b'"';
                    }
                    assert_eq!(find_string_stop(&run), Some(pos), "byte {stop:#x} at {pos} of {len}");
                    assert_eq!(find_string_stop_words(&run), Some(pos), "byte {stop:#x} at {pos} of {len}");
                }
            }
        }
        for len in 0..40 {
            assert_eq!(find_string_stop(&vec![b'x'; len]), None);
            assert_eq!(find_string_stop_words(&vec![b'x'; len]), None);
        }
        // Bytes just around the boundaries are plain.
        assert_eq!(find_string_stop(b" !#[]~\x7f\x1f"), Some(7));
        assert_eq!(find_string_stop(b" !#[]~\x7f !#[]~\x7f !#[]~\x7f\x1f"), Some(21));
    }

    #[test]
    fn agrees_with_the_simple_scans_on_mixed_bytes() {
        // Every byte value at every offset of runs crossing the 8- and 16-byte steps, in a
        // background of plain bytes, of spaces and of mixed whitespace.
        let backgrounds: [&[u8]; 4] = [b"a", b" ", b" \n", b"\t \r "];
        for bg in backgrounds {
            for len in [0, 1, 8, 15, 16, 17, 24, 33] {
                let base: Vec<u8> = bg.iter().copied().cycle().take(len).collect();
                for pos in 0..=len {
                    for byte in 0u8..=255 {
                        let mut b = base.clone();
                        if pos < len {
                            b[pos] = byte;
                        } else {
                            b.push(byte);
                        }
                        assert_eq!(count_spaces_words(&b), spaces_simple(&b), "{b:?}");
                        assert_eq!(find_string_stop(&b), stop_simple(&b), "{b:?}");
                        for start in [0, 1, 5] {
                            assert_eq!(skip_ws(&b, start), ws_simple(&b, start), "{b:?} from {start}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn skips_indentation() {
        let doc = b"{\n                                      \"a\": \t\r\n 1\n}";
        assert_eq!(skip_ws(doc, 1), 40);
        assert_eq!(skip_ws(doc, 44), 49);
        assert_eq!(skip_ws(doc, 0), 0);
        assert_eq!(skip_ws(doc, doc.len()), doc.len());
        assert_eq!(skip_ws(doc, doc.len() + 3), doc.len() + 3);
    }
}
