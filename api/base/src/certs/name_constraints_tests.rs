//! Name constraints, and the mailbox reading Go's `parseRFC2821Mailbox` does for them, refused with Go 1.26's texts.

use super::*;
use crate::test_support::certificates::der;

fn constraints(permitted: &[Vec<u8>], excluded: &[Vec<u8>]) -> Vec<u8> {
    let subtrees = |tag: u8, names: &[Vec<u8>]| {
        if names.is_empty() {
            Vec::new()
        } else {
            der(tag, &names.iter().map(|n| der(0x30, n)).collect::<Vec<_>>().concat())
        }
    };
    der(0x30, &[subtrees(0xa0, permitted), subtrees(0xa1, excluded)].concat())
}

#[test]
fn mailboxes() {
    for ok in [&b"a@b.example"[..], b"a.b@c", b"\"a b\"@c", b"a\\@b@c", b"!#$%&'*+-/=?^_`{|}~@c", b"a@"] {
        assert!(rfc2821_mailbox(ok), "{}", String::from_utf8_lossy(ok));
    }
    for bad in [
        &b""[..],
        b"@c",
        b".a@c",
        b"a.@c",
        b"a..b@c",
        b"a",
        b"a@b.",
        b"a@.b",
        b"a@b c",
        b"\"a",
        b"\"a\\\x00\"@c",
        b"(a)@c",
    ] {
        assert!(!rfc2821_mailbox(bad), "{}", String::from_utf8_lossy(bad));
    }
}

#[test]
fn constraints_go_refuses() {
    let cases: [(Vec<u8>, &str); 16] = [
        (der(0x31, &[]), INVALID),
        ([constraints(&[der(0x82, b"a")], &[]), vec![0x05, 0x00]].concat(), INVALID),
        (der(0x30, &[der(0xa0, &der(0x30, &der(0x82, b"a"))), der(0x05, &[])].concat()), INVALID),
        (der(0x30, &[]), "x509: empty name constraints extension"),
        (der(0x30, &[der(0xa0, &[]), der(0xa1, &[])].concat()), "x509: empty name constraints extension"),
        (der(0x30, &der(0xa0, &der(0x31, &[]))), INVALID),
        (constraints(&[der(0x82, b"a..b")], &[]), "x509: failed to parse dnsName constraint \"a..b\""),
        (
            constraints(&[], &[der(0x82, "é".as_bytes())]),
            "x509: invalid constraint value: x509: \"é\" cannot be encoded as an IA5String",
        ),
        (constraints(&[der(0x87, &[10, 0, 0, 0, 255, 0])], &[]), "x509: IP constraint contained value of length 6"),
        (
            constraints(&[der(0x87, &[10, 0, 0, 0, 255, 0, 255, 0])], &[]),
            "x509: IP constraint contained invalid mask ff00ff00",
        ),
        (
            constraints(&[der(0x87, &[10, 0, 0, 0, 255, 1, 0, 0])], &[]),
            "x509: IP constraint contained invalid mask ff010000",
        ),
        (constraints(&[der(0x81, b"a..b@c")], &[]), "x509: failed to parse rfc822Name constraint \"a..b@c\""),
        (constraints(&[der(0x81, b"c.")], &[]), "x509: failed to parse rfc822Name constraint \"c.\""),
        (
            constraints(&[der(0x86, b"10.0.0.1")], &[]),
            "x509: failed to parse URI constraint \"10.0.0.1\": cannot be IP address",
        ),
        (constraints(&[der(0x86, b"::1")], &[]), "x509: failed to parse URI constraint \"::1\": cannot be IP address"),
        (constraints(&[der(0x86, b"x..y")], &[]), "x509: failed to parse URI constraint \"x..y\""),
    ];
    for (value, msg) in cases {
        assert_eq!(name_constraints(&value), Err(msg.to_owned()), "{msg}");
    }
}

#[test]
fn constraints_go_accepts() {
    for value in [
        constraints(&[der(0x82, b".example.com"), der(0x82, b"")], &[]),
        constraints(&[], &[der(0x87, &[10, 0, 0, 0, 255, 255, 0xf0, 0]), der(0x87, &[0; 32])]),
        constraints(
            &[der(0x81, b"a@b"), der(0x81, b".b.example")],
            &[der(0x86, b".example"), der(0x86, b"fe80::1%eth0")],
        ),
        // Other name types are left for verification, their contents unread.
        constraints(&[der(0xa4, &[0xff]), der(0x88, &[])], &[]),
        // One list may be empty when the other is not.
        der(0x30, &[der(0xa0, &[]), der(0xa1, &der(0x30, &der(0x82, b"a")))].concat()),
    ] {
        assert_eq!(name_constraints(&value), Ok(()));
    }
    let value = constraints(&[der(0x82, b"a.example"), der(0x87, &[10, 0, 0, 0, 255, 0, 0, 0])], &[der(0x81, b"x@y")]);
    for i in 0..value.len() {
        let _ = name_constraints(&value[..i]);
        for flip in [0x00, 0x80, 0xff, 0x30, 0x2e, 0x40] {
            let mut v = value.clone();
            v[i] = flip;
            let _ = name_constraints(&v);
        }
    }
}
