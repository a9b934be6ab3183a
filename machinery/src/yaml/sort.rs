//! The natural key order of yaml.v2 `sorter.go` (`keyList.Less`) for string map keys.

use std::cmp::Ordering;

use crate::unicode_tables::{DIGITS, LETTERS};

fn in_table(table: &[(u32, u32)], c: char) -> bool {
    let c = u32::from(c);
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                Ordering::Less
            } else if lo > c {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        })
        .is_ok()
}

/// Go `unicode.IsLetter`: general category L.
fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    in_table(LETTERS, c)
}

/// Go `unicode.IsDigit`: general category Nd.
fn is_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    in_table(DIGITS, c)
}

/// The value Go adds for a digit rune, `int64(r - '0')`, which is only meaningful for ASCII digits.
fn digit_value(c: char) -> i64 {
    i64::from(u32::from(c)) - i64::from(u32::from('0'))
}

/// yaml.v2 `keyList.Less` for two string keys: letters sort after non-letters, runs of digits
/// compare by numeric value, otherwise runes compare by code point, and a prefix sorts first.
pub(super) fn key_less(a: &str, b: &str) -> bool {
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    let n = ar.len().min(br.len());
    for i in 0..n {
        if ar[i] == br[i] {
            continue;
        }
        let al = is_letter(ar[i]);
        let bl = is_letter(br[i]);
        if al && bl {
            return ar[i] < br[i];
        }
        if al || bl {
            return bl;
        }
        let mut an: i64 = 0;
        let mut bn: i64 = 0;
        if ar[i] == '0' || br[i] == '0' {
            // Inside a number whose earlier digits are not all zero, a zero is an ordinary digit.
            let mut j = i;
            while j > 0 && is_digit(ar[j - 1]) {
                j -= 1;
                if ar[j] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
            }
        }
        let mut ai = i;
        while ai < ar.len() && is_digit(ar[ai]) {
            an = an.wrapping_mul(10).wrapping_add(digit_value(ar[ai]));
            ai += 1;
        }
        let mut bi = i;
        while bi < br.len() && is_digit(br[bi]) {
            bn = bn.wrapping_mul(10).wrapping_add(digit_value(br[bi]));
            bi += 1;
        }
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ar[i] < br[i];
    }
    ar.len() < br.len()
}

/// Sorts items by their string key with [`key_less`], with a merge sort of our own that never
/// panics whatever the comparison does. For distinct keys on which `key_less` is consistent this
/// is the order Go's `sort.Sort` produces. For the rare key sets where it is not transitive
/// (`1` < `01` < `0a` < `1`) Go's order depends on its random map iteration order, so no
/// deterministic order can match it every time.
pub(super) fn sort_by_key<T>(items: &mut Vec<T>, key: impl Fn(&T) -> &str) {
    let n = items.len();
    if n < 2 {
        return;
    }
    // Sort a permutation, then apply it.
    let mut idx: Vec<usize> = (0..n).collect();
    let mut buf: Vec<usize> = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j, mut k) = (start, mid, start);
            while i < mid && j < end {
                // Take from the right run only when it is strictly less, which keeps the sort stable.
                if key_less(key(&items[idx[j]]), key(&items[idx[i]])) {
                    buf[k] = idx[j];
                    j += 1;
                } else {
                    buf[k] = idx[i];
                    i += 1;
                }
                k += 1;
            }
            buf[k..k + (mid - i)].copy_from_slice(&idx[i..mid]);
            k += mid - i;
            buf[k..k + (end - j)].copy_from_slice(&idx[j..end]);
            start = end;
        }
        std::mem::swap(&mut idx, &mut buf);
        width *= 2;
    }
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    for &i in &idx {
        if let Some(item) = slots[i].take() {
            items.push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(keys: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = keys.iter().map(|s| (*s).to_owned()).collect();
        sort_by_key(&mut v, |s| s.as_str());
        v
    }

    #[test]
    fn natural_order() {
        assert!(key_less("a2", "a10"));
        assert!(!key_less("a10", "a2"));
        assert!(key_less("a", "b"));
        assert!(key_less("B", "a"));
        assert!(key_less("_x", "A"));
        assert!(key_less("1", "a"));
        assert!(key_less("a_", "a1"));
        assert!(key_less("a", "aa"));
        assert!(key_less("a1", "a01"));
        assert!(key_less("x9", "x9a"));
        assert!(key_less("x9a", "x10"));
        assert!(key_less("10", "11"));
        assert!(key_less("-", "_"));
        assert!(key_less("é", "ü"));
        assert!(key_less("z", "é"));
        assert!(key_less("a.b", "a_b"));
        assert_eq!(
            sorted(&["b", "a10", "a2", "A", "_x", "1", "a", "10", "9", "Z", "a1", "a01", "-"]),
            vec!["-", "_x", "1", "9", "10", "A", "Z", "a", "a1", "a01", "a2", "a10", "b"]
        );
        assert_eq!(
            sorted(&["spec", "status", "metadata", "kind", "apiVersion"]),
            vec!["apiVersion", "kind", "metadata", "spec", "status"]
        );
    }

    #[test]
    fn unicode_classes() {
        assert!(is_letter('é'));
        assert!(is_letter('ж'));
        assert!(is_letter('中'));
        assert!(!is_letter('Ⅻ'));
        assert!(!is_letter('\u{0345}'));
        assert!(is_digit('٣'));
        assert!(!is_digit('²'));
    }

    #[test]
    fn unicode_classes_are_those_of_unicode_15_like_go_1_26() {
        // Unassigned in Unicode 14.0, assigned in 15.0 (every L/Nd change between the two is such
        // a new code point; none changed class).
        for letter in ['\u{11F04}', '\u{1E4D0}', '\u{31350}', '\u{1123F}', '\u{1E030}', '\u{1DF25}'] {
            assert!(is_letter(letter) && !is_digit(letter), "U+{:04X}", u32::from(letter));
        }
        for digit in ['\u{11F50}', '\u{11F59}', '\u{1E4F0}', '\u{1E4F9}'] {
            assert!(is_digit(digit) && !is_letter(digit), "U+{:04X}", u32::from(digit));
        }
        // Kaktovik numerals are new in 15.0 but No, not Nd.
        assert!(!is_digit('\u{1D2C0}') && !is_letter('\u{1D2C0}'));
        // The class decides the order: a letter sorts after any non-letter, whatever the code points.
        assert!(key_less("\u{1F600}", "\u{1E4D0}"));
        assert!(!key_less("\u{1E4D0}", "\u{1F600}"));
    }

    #[test]
    fn total_on_small_alphabet() {
        // Every pair of distinct keys is ordered one way; sorting any set gives a permutation.
        let alphabet = ['a', 'B', '0', '1', '9', '_', '-', '.'];
        let mut words = vec![String::new()];
        for len in 1..=2 {
            let mut next = Vec::new();
            for w in words.iter().filter(|w| w.chars().count() == len - 1) {
                for c in alphabet {
                    next.push(format!("{w}{c}"));
                }
            }
            words.extend(next);
        }
        for a in &words {
            for b in &words {
                if a != b {
                    assert!(key_less(a, b) != key_less(b, a), "{a:?} {b:?}");
                }
            }
        }
        let mut v = words.clone();
        sort_by_key(&mut v, |s| s.as_str());
        let mut check = v.clone();
        check.sort();
        let mut orig = words.clone();
        orig.sort();
        assert_eq!(check, orig);
        // The intransitive trio sorts without trouble.
        assert_eq!(sorted(&["0a", "01", "1"]).len(), 3);
    }
}
