//! `encoding/asn1`'s header rules and its struct walk: what it refuses, what it skips, what it ignores.

use super::*;

#[test]
fn headers_as_parse_tag_and_length_reads_them() {
    let ok = |b: &[u8]| header(b, 0).ok().map(|(h, start)| (h.class, h.compound, h.tag, h.len, start));
    assert_eq!(ok(&[0x02, 0x01, 0x05]), Some((0, false, 2, 1, 2)));
    assert_eq!(ok(&[0xa0, 0x00]), Some((2, true, 0, 0, 2)));
    // A tag number of several bytes, minimal and at least 31.
    assert_eq!(ok(&[0x1f, 0x81, 0x00, 0x00]), Some((0, false, 128, 0, 4)));
    assert_eq!(ok(&[0x1f, 0x1f, 0x00]), Some((0, false, 31, 0, 3)));
    assert_eq!(ok(&[0x1f, 0x1e, 0x00]), None, "non-minimal tag");
    assert_eq!(ok(&[0x1f, 0x80, 0x01, 0x00]), None, "a leading 0x80");
    // Long-form lengths: minimal, no leading zero, below 2³¹; the data is not checked here.
    assert_eq!(ok(&[0x04, 0x81, 0x80]), Some((0, false, 4, 128, 3)));
    assert_eq!(ok(&[0x04, 0x81, 0x7f]), None, "a short length in long form");
    assert_eq!(ok(&[0x04, 0x82, 0x00, 0x80]), None, "a leading zero byte");
    assert_eq!(ok(&[0x04, 0x80]), None, "indefinite");
    assert_eq!(ok(&[0x04, 0x84, 0x7f, 0xff, 0xff, 0xff]), Some((0, false, 4, 0x7fff_ffff, 6)));
    assert_eq!(ok(&[0x04, 0x84, 0x80, 0x00, 0x00, 0x00]), None, "2³¹");
    assert_eq!(ok(&[0x04]), None);
    assert_eq!(ok(&[]), None);
}

#[test]
fn optional_fields_skip_other_tags_even_past_the_end() {
    // An INTEGER, then an OCTET STRING whose length runs past the data.
    let b = [0x02, 0x01, 0x07, 0x04, 0x7f, 0x00];
    let mut f = Fields::new(&b);
    assert_eq!(f.required(Kind::Integer).unwrap().contents, [7]);
    assert!(f.field(Kind::Integer, true).unwrap().is_none(), "another tag is skipped");
    assert!(f.field(Kind::OctetString, true).is_err(), "its own tag is read, and truncated");
    assert!(f.field(Kind::Integer, false).is_err());
    // Nothing left: an optional field is absent, a required one missing.
    let mut empty = Fields::new(&[]);
    assert!(empty.field(Kind::Integer, true).unwrap().is_none());
    assert!(empty.field(Kind::Integer, false).is_err());
    // A malformed header fails even an optional field.
    assert!(Fields::new(&[0x02]).field(Kind::OctetString, true).is_err());
    // `Any` takes whatever comes, with its whole encoding.
    let e = Fields::new(&[0x05, 0x00, 0x01]).field(Kind::Any, true).unwrap().unwrap();
    assert_eq!((e.contents, e.full), (&[][..], &[0x05, 0x00][..]));
}

#[test]
fn explicit_tags_as_go_unwraps_them() {
    let oid = [0x06, 0x03, 0x2b, 0x65, 0x70];
    let wrapped = [&[0xa0, 0x05][..], &oid].concat();
    assert_eq!(Fields::new(&wrapped).explicit(0, Kind::Oid).unwrap(), Some(&oid[2..]));
    // The outer length is not checked against the child: only its being non-zero counts.
    let lying = [&[0xa0, 0x01][..], &oid].concat();
    assert_eq!(Fields::new(&lying).explicit(0, Kind::Oid).unwrap(), Some(&oid[2..]));
    assert!(Fields::new(&[0xa0, 0x00, 0x05, 0x00]).explicit(0, Kind::Oid).is_err(), "empty, not a flag");
    // Another tag, or a child of another type: absent.
    let other = [&[0xa1, 0x05][..], &oid].concat();
    assert_eq!(Fields::new(&other).explicit(0, Kind::Oid).unwrap(), None);
    assert_eq!(Fields::new(&[0xa0, 0x02, 0x05, 0x00]).explicit(0, Kind::Oid).unwrap(), None);
    // A header with nothing after it fails before its tag is looked at.
    assert!(Fields::new(&[0xa5, 0x00]).explicit(0, Kind::Oid).is_err());
}

#[test]
fn structures_ignore_what_follows_their_fields() {
    let der = [0x30, 0x06, 0x02, 0x01, 0x01, 0x04, 0x01, 0xff, 0x00];
    let (mut f, rest) = unmarshal_sequence(&der).unwrap();
    assert_eq!(rest, [0x00]);
    assert_eq!(int64(f.required(Kind::Integer).unwrap().contents), Ok(1));
    assert!(unmarshal_sequence(&[]).is_err());
    assert!(unmarshal_sequence(&[0x31, 0x00]).is_err(), "a SET");
    assert_eq!(sequences_of(&[0x30, 0x00, 0x30, 0x02, 0x05]).map(|v| v.len()), Err(()), "truncated");
    assert_eq!(sequences_of(&[0x30, 0x00, 0x30, 0x00]).map(|v| v.len()), Ok(2));
    assert!(sequences_of(&[0x02, 0x00]).is_err(), "not a SEQUENCE");
}

#[test]
fn integers_as_go_reads_them() {
    assert_eq!(int64(&[0xff]), Ok(-1));
    assert_eq!(int64(&[0x00, 0x80]), Ok(128));
    assert_eq!(int64(&[0x7f; 8]), Ok(0x7f7f_7f7f_7f7f_7f7f));
    assert_eq!(int64(&[0x01; 9]), Err(()), "too large");
    assert_eq!(int64(&[0x00, 0x01]), Err(()), "not minimal");
    assert_eq!(int64(&[]), Err(()));
    assert_eq!(positive(&[0x00, 0x80]), Ok(Some(&[0x80][..])));
    assert_eq!(positive(&[0x00]), Ok(None));
    assert_eq!(positive(&[0x80]), Ok(None));
    assert_eq!(positive(&[0xff, 0x80]), Err(()), "not minimal");
    assert!(valid_oid(&[0x2b, 0x65, 0x70]) && !valid_oid(&[]) && !valid_oid(&[0x80, 0x01]) && !valid_oid(&[0x81]));
    assert!(!valid_oid(&[0x88, 0x80, 0x80, 0x80, 0x00]), "above 2³¹ − 1");
}
