//! `tls.X509KeyPair`'s verdicts and texts: openssl's pairs of each key type and form, Go's own test pairs (`TestX509KeyPair`, `TestX509KeyPairErrors`, `TestX509MixedKeyPair`), mismatched and swapped inputs, keys Go's parsers refuse, and garbled input answered without panicking.

use super::super::asn1::{Fields, Kind};
use super::super::key_pair_vectors::*;
use super::super::{Pem, private_key};
use super::x509_key_pair;

const MISMATCH: &str = "tls: private key does not match public key";
const TYPE_MISMATCH: &str = "tls: private key type does not match public key type";
const UNPARSED: &str = "tls: failed to parse private key";

fn check(cert: &str, key: &str) -> Result<(), String> {
    x509_key_pair(cert.as_bytes(), key.as_bytes())
}

fn err(cert: &str, key: &str) -> String {
    check(cert, key).expect_err("the pair is refused")
}

/// The DER of the first block of type `kind`.
fn der(pem: &str, kind: &str) -> Vec<u8> {
    let mut blocks = Pem::new(pem.as_bytes());
    while let Some(b) = blocks.decode() {
        if b.kind == kind.as_bytes() {
            return b.bytes;
        }
    }
    panic!("no {kind} block")
}

fn pem(kind: &str, der: &[u8]) -> String {
    let mut b64 = Vec::new();
    kapi_machinery::base64::encode_into(der, &mut b64);
    let body: Vec<&str> = b64.chunks(64).map(|c| std::str::from_utf8(c).unwrap()).collect();
    format!("-----BEGIN {kind}-----\n{}\n-----END {kind}-----\n", body.join("\n"))
}

/// A DER element of `tag` around `contents`.
fn tlv(tag: u8, contents: &[u8]) -> Vec<u8> {
    let len = contents.len();
    let mut out = vec![tag];
    match len {
        0..=0x7f => out.push(len as u8),
        0x80..=0xff => out.extend([0x81, len as u8]),
        _ => out.extend([0x82, (len >> 8) as u8, len as u8]),
    }
    out.extend_from_slice(contents);
    out
}

/// A non-negative INTEGER of a big-endian magnitude.
fn int(magnitude: &[u8]) -> Vec<u8> {
    let start = magnitude.iter().position(|&b| b != 0).unwrap_or(magnitude.len().saturating_sub(1));
    let m = &magnitude[start..];
    if m.is_empty() {
        return tlv(2, &[0]);
    }
    if m[0] & 0x80 != 0 { tlv(2, &[&[0][..], m].concat()) } else { tlv(2, m) }
}

/// The whole encodings of a SEQUENCE's elements.
fn elements(seq: &[u8]) -> Vec<Vec<u8>> {
    let mut top = Fields::new(seq);
    let mut f = Fields::new(top.required(Kind::Sequence).unwrap().contents);
    let mut out = Vec::new();
    while let Ok(Some(e)) = f.field(Kind::Any, true) {
        out.push(e.full.to_vec());
    }
    out
}

fn sequence(items: &[Vec<u8>]) -> Vec<u8> {
    tlv(0x30, &items.concat())
}

/// An INTEGER element's contents.
fn contents(element: &[u8]) -> Vec<u8> {
    Fields::new(element).required(Kind::Integer).unwrap().contents.to_vec()
}

#[test]
fn matching_pairs_of_each_type_and_form_load() {
    for (cert, key) in [
        (RSA_CERT, RSA_KEY_PKCS8),
        (RSA_CERT, RSA_KEY_PKCS1),
        (EC_CERT, EC_KEY_SEC1),
        (EC_CERT, EC_KEY_PKCS8),
        (P384_CERT, P384_KEY),
        (ED25519_CERT, ED25519_KEY),
        (RSA3_CERT, RSA3_KEY),
        (GO_RSA_CERT, GO_RSA_KEY),
        (GO_RSA_CERT, GO_RSA_KEY_UNTYPED),
        (GO_ECDSA_CERT, GO_ECDSA_KEY),
    ] {
        assert_eq!(check(cert, key), Ok(()), "{cert}");
        // Go's `TestX509KeyPair`: the certificate and key together, in either order, as both inputs.
        for both in [format!("{cert}{key}"), format!("{key}{cert}")] {
            assert_eq!(check(&both, &both), Ok(()), "{both}");
        }
    }
}

#[test]
fn keys_of_another_pair_do_not_match() {
    assert_eq!(err(RSA_CERT, RSA_OTHER_KEY), MISMATCH);
    assert_eq!(err(EC_CERT, EC_OTHER_KEY), MISMATCH);
    assert_eq!(err(ED25519_CERT, ED25519_OTHER_KEY), MISMATCH);
    assert_eq!(err(RSA3_CERT, RSA_KEY_PKCS1), MISMATCH);
    // A P-384 key against a P-256 certificate: both ECDSA, another curve.
    assert_eq!(err(EC_CERT, P384_KEY), MISMATCH);
}

#[test]
fn keys_of_another_type_do_not_match_the_type() {
    // Go's `TestX509MixedKeyPair`.
    assert_eq!(err(GO_RSA_CERT, GO_ECDSA_KEY), TYPE_MISMATCH);
    assert_eq!(err(GO_ECDSA_CERT, GO_RSA_KEY), TYPE_MISMATCH);
    assert_eq!(err(ED25519_CERT, RSA_KEY_PKCS8), TYPE_MISMATCH);
    assert_eq!(err(RSA_CERT, ED25519_KEY), TYPE_MISMATCH);
    assert_eq!(err(EC_CERT, ED25519_KEY), TYPE_MISMATCH);
}

#[test]
fn inputs_without_the_blocks_looked_for() {
    // Go's `TestX509KeyPairErrors`.
    assert_eq!(
        err(GO_RSA_KEY, GO_RSA_CERT),
        "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched"
    );
    assert_eq!(
        err(GO_RSA_CERT, GO_RSA_CERT),
        "tls: found a certificate rather than a key in the PEM for the private key"
    );
    let nonsense = "\n-----BEGIN NONSENSE-----\nZm9vZm9vZm9v\n-----END NONSENSE-----\n";
    assert_eq!(
        err(nonsense, nonsense),
        r#"tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [NONSENSE]"#
    );
    // openssl ecparam's key as the certificate: two blocks skipped, listed in order.
    assert_eq!(
        err(EC_KEY_SEC1, EC_CERT),
        r#"tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [EC PARAMETERS EC PRIVATE KEY]"#
    );
    assert_eq!(err("", RSA_KEY_PKCS8), "tls: failed to find any PEM data in certificate input");
    assert_eq!(err("not PEM at all", RSA_KEY_PKCS8), "tls: failed to find any PEM data in certificate input");
    assert_eq!(err(RSA_CERT, ""), "tls: failed to find any PEM data in key input");
    let params = "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n";
    assert_eq!(
        err(RSA_CERT, &format!("{EC_CERT}{params}")),
        r#"tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [CERTIFICATE EC PARAMETERS]"#
    );
    // Any type ending in " PRIVATE KEY" is taken; what it holds decides.
    assert_eq!(check(RSA_CERT, &RSA_KEY_PKCS8.replace("PRIVATE KEY", "ENCRYPTED PRIVATE KEY")), Ok(()));
    // `XPRIVATE KEY` does not; the certificate side only asks for the suffix.
    let x = RSA_KEY_PKCS8.replace("PRIVATE KEY", "XPRIVATE KEY");
    assert_eq!(
        err(RSA_CERT, &x),
        r#"tls: failed to find PEM block with type ending in "PRIVATE KEY" in key input after skipping PEM blocks of the following types: [XPRIVATE KEY]"#
    );
    assert!(err(&x, RSA_KEY_PKCS8).ends_with("PEM inputs may have been switched"));
    // Only the first certificate is checked; blocks of other types beside it are ignored.
    assert_eq!(check(&format!("{params}{RSA_CERT}{EC_CERT}"), RSA_KEY_PKCS1), Ok(()));
    assert_eq!(err(&format!("{EC_CERT}{RSA_CERT}"), RSA_KEY_PKCS1), TYPE_MISMATCH);
}

#[test]
fn the_certificate_is_parsed_before_the_key() {
    let garbage = pem("CERTIFICATE", &[1, 2, 3]);
    assert_eq!(err(&garbage, RSA_KEY_PKCS8), "x509: malformed certificate");
    assert_eq!(
        err(&garbage, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"),
        "x509: malformed certificate"
    );
    let mut trailing = der(RSA_CERT, "CERTIFICATE");
    trailing.push(0);
    assert_eq!(err(&pem("CERTIFICATE", &trailing), RSA_KEY_PKCS8), "x509: trailing data");
    // A certificate key's point off its curve is the certificate parser's fault.
    let cert = der(EC_CERT, "CERTIFICATE");
    let point = cert.windows(2).position(|w| w == [0x00, 0x04]).expect("the key's bit string") + 1;
    let mut off = cert.clone();
    off[point + 64] ^= 1;
    assert_eq!(err(&pem("CERTIFICATE", &off), EC_KEY_SEC1), "x509: failed to unmarshal elliptic curve point");
}

#[test]
fn keys_go_cannot_parse_or_tls_cannot_use() {
    assert_eq!(err(RSA_CERT, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), UNPARSED);
    assert_eq!(err(RSA_CERT, X25519_KEY), "tls: found unknown private key type in PKCS#8 wrapping");
    // A DSA certificate: its key type is not TLS's, but the private key is parsed first.
    assert_eq!(err(DSA_CERT, RSA_KEY_PKCS1), "tls: unknown public key algorithm");
    assert_eq!(err(DSA_CERT, "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"), UNPARSED);
}

/// The PKCS #1 key with its elements changed by `f`, as a PEM `RSA PRIVATE KEY`.
fn pkcs1_with(f: impl FnOnce(&mut Vec<Vec<u8>>)) -> String {
    let mut items = elements(&der(RSA_KEY_PKCS1, "RSA PRIVATE KEY"));
    f(&mut items);
    pem("RSA PRIVATE KEY", &sequence(&items))
}

#[test]
fn rsa_keys_go_validates_on_parse() {
    // N, e, d, p, q, dP, dQ, qInv after the version.
    assert_eq!(check(RSA_CERT, &pkcs1_with(|_| {})), Ok(()));
    // Without the CRT values Go computes them.
    assert_eq!(check(RSA_CERT, &pkcs1_with(|i| i.truncate(6))), Ok(()));
    // With only some, likewise.
    assert_eq!(check(RSA_CERT, &pkcs1_with(|i| i.truncate(7))), Ok(()));
    let bump = |item: &mut Vec<u8>| {
        let mut c = contents(item);
        *c.last_mut().unwrap() ^= 2;
        *item = int(&c);
    };
    for (at, what) in [(3, "d"), (4, "p"), (5, "q"), (6, "dP"), (7, "dQ"), (8, "qInv")] {
        assert_eq!(err(RSA_CERT, &pkcs1_with(|i| bump(&mut i[at]))), UNPARSED, "{what} changed");
    }
    // p and q swapped: qInv is then wrong.
    assert_eq!(err(RSA_CERT, &pkcs1_with(|i| i.swap(4, 5))), UNPARSED);
    // p and q swapped without CRT values: Go computes them for the new order, and accepts it.
    assert_eq!(
        check(
            RSA_CERT,
            &pkcs1_with(|i| {
                i.swap(4, 5);
                i.truncate(6);
            })
        ),
        Ok(())
    );
    // A zero, a negative value, version 2, an even exponent, trailing data.
    assert_eq!(err(RSA_CERT, &pkcs1_with(|i| i[6] = tlv(2, &[0]))), UNPARSED);
    assert_eq!(err(RSA_CERT, &pkcs1_with(|i| i[8] = tlv(2, &[0xff]))), UNPARSED);
    assert_eq!(err(RSA_CERT, &pkcs1_with(|i| i[0] = tlv(2, &[2]))), UNPARSED);
    assert_eq!(err(RSA_CERT, &pkcs1_with(|i| i[2] = tlv(2, &[1, 0, 0]))), UNPARSED);
    let mut trailing = der(RSA_KEY_PKCS1, "RSA PRIVATE KEY");
    trailing.push(0);
    assert_eq!(err(RSA_CERT, &pem("RSA PRIVATE KEY", &trailing)), UNPARSED);
    // Extra elements inside the SEQUENCE are ignored, as `encoding/asn1` ignores them.
    assert_eq!(check(RSA_CERT, &pkcs1_with(|i| i.push(tlv(0x04, b"extra")))), Ok(()));
    // Another exponent: d no longer inverts it.
    let other_e = pkcs1_with(|i| {
        i[2] = tlv(2, &[3]);
        i.truncate(6);
    });
    assert_eq!(private_key::parse_private_key(&der(&other_e, "RSA PRIVATE KEY")), Err(UNPARSED));
}

#[test]
fn multi_prime_keys_are_checked_as_go_does() {
    let key = der(RSA3_KEY, "RSA PRIVATE KEY");
    let items = elements(&key);
    assert_eq!(items.len(), 10, "version 1 with otherPrimeInfos");
    // Go ignores the CRT values of a multi-prime key and only needs the primes coprime.
    let mut changed = items.clone();
    let mut dp = contents(&changed[6]);
    dp[5] ^= 1;
    changed[6] = int(&dp);
    assert_eq!(check(RSA3_CERT, &pem("RSA PRIVATE KEY", &sequence(&changed))), Ok(()));
    // An additional prime equal to p shares a factor with p·q.
    let mut shared = items.clone();
    let p = contents(&items[4]);
    shared[9] = sequence(&[sequence(&[int(&p), int(&[1]), int(&[1])])]);
    assert_eq!(err(RSA3_CERT, &pem("RSA PRIVATE KEY", &sequence(&shared))), UNPARSED);
    // d ≥ N.
    let mut big_d = items.clone();
    big_d[3] = int(&[0xff; 300]);
    assert_eq!(err(RSA3_CERT, &pem("RSA PRIVATE KEY", &sequence(&big_d))), UNPARSED);
}

/// The SEC 1 key of `EC_KEY_SEC1` with its elements changed by `f`.
fn sec1_with(f: impl FnOnce(&mut Vec<Vec<u8>>)) -> String {
    let mut items = elements(&der(EC_KEY_SEC1, "EC PRIVATE KEY"));
    f(&mut items);
    pem("EC PRIVATE KEY", &sequence(&items))
}

#[test]
fn ecdsa_keys_as_go_reads_them() {
    // version, scalar, [0] curve, [1] public key.
    let scalar = |i: &Vec<Vec<u8>>| Fields::new(&i[1]).required(Kind::OctetString).unwrap().contents.to_vec();
    // The embedded public key is not compared: Go derives the point from the scalar.
    assert_eq!(check(EC_CERT, &sec1_with(|i| i.truncate(3))), Ok(()));
    let other = elements(&der(EC_OTHER_KEY, "EC PRIVATE KEY"));
    assert_eq!(check(EC_CERT, &sec1_with(|i| i[3] = other[3].clone())), Ok(()));
    // Leading zero bytes beyond the size are dropped; a shorter scalar is padded.
    assert_eq!(check(EC_CERT, &sec1_with(|i| i[1] = tlv(4, &[&[0, 0][..], &scalar(i)].concat()))), Ok(()));
    assert_eq!(err(EC_CERT, &sec1_with(|i| i[1] = tlv(4, &[&[1][..], &scalar(i)].concat()))), UNPARSED);
    // Zero and the order itself are refused; one is a key (of another point).
    let order: Vec<u8> = (0..32)
        .map(|i| {
            u8::from_str_radix(
                &"ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"[2 * i..2 * i + 2],
                16,
            )
            .unwrap()
        })
        .collect();
    assert_eq!(err(EC_CERT, &sec1_with(|i| i[1] = tlv(4, &[0; 32]))), UNPARSED);
    assert_eq!(err(EC_CERT, &sec1_with(|i| i[1] = tlv(4, &order))), UNPARSED);
    assert_eq!(err(EC_CERT, &sec1_with(|i| i[1] = tlv(4, &[1]))), MISMATCH);
    // No curve: unknown. Version 2: refused.
    assert_eq!(err(EC_CERT, &sec1_with(|i| i.truncate(2))), UNPARSED);
    assert_eq!(err(EC_CERT, &sec1_with(|i| i[0] = tlv(2, &[2]))), UNPARSED);
    // PKCS #8's curve wins over SEC 1's: P-384 named outside makes another key.
    let p8 = elements(&der(EC_KEY_PKCS8, "PRIVATE KEY"));
    let inner = Fields::new(&p8[2]).required(Kind::OctetString).unwrap().contents.to_vec();
    let p384 = tlv(6, &[0x2b, 0x81, 0x04, 0x00, 0x22]);
    let algorithm = sequence(&[tlv(6, &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]), p384]);
    let renamed = sequence(&[p8[0].clone(), algorithm, tlv(4, &inner)]);
    assert_eq!(err(EC_CERT, &pem("PRIVATE KEY", &renamed)), MISMATCH);
    // Parameters that are no OID leave the curve to SEC 1, which openssl leaves out inside
    // PKCS #8.
    let algorithm = sequence(&[tlv(6, &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]), vec![5, 0]]);
    let null = sequence(&[p8[0].clone(), algorithm.clone(), tlv(4, &inner)]);
    assert_eq!(err(EC_CERT, &pem("PRIVATE KEY", &null)), UNPARSED);
    let with_curve = sequence(&[p8[0].clone(), algorithm, tlv(4, &der(EC_KEY_SEC1, "EC PRIVATE KEY"))]);
    assert_eq!(check(EC_CERT, &pem("PRIVATE KEY", &with_curve)), Ok(()));
}

#[test]
fn garbled_keys_and_certificates_are_answered_without_panicking() {
    let keys = [
        der(EC_KEY_SEC1, "EC PRIVATE KEY"),
        der(EC_KEY_PKCS8, "PRIVATE KEY"),
        der(ED25519_KEY, "PRIVATE KEY"),
        der(X25519_KEY, "PRIVATE KEY"),
        der(GO_RSA_KEY, "RSA PRIVATE KEY"),
        der(RSA3_KEY, "RSA PRIVATE KEY"),
    ];
    for key in &keys {
        for n in 0..key.len() {
            assert!(private_key::parse_private_key(&key[..n]).is_err(), "a prefix of {n} bytes parses");
        }
        for at in 0..key.len().min(120) {
            for b in [0x00, 0x01, 0x7f, 0x80, 0x81, 0xff] {
                let mut changed = key.clone();
                changed[at] = b;
                let _ = private_key::parse_private_key(&changed);
            }
        }
    }
    // The certificate is parsed in full before a key that fails at once.
    let bad_key = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
    let cert = der(EC_CERT, "CERTIFICATE");
    for n in 0..cert.len() {
        assert!(check(&pem("CERTIFICATE", &cert[..n]), bad_key).is_err());
    }
    for at in 0..cert.len() {
        for b in [0x00, 0x80, 0xff] {
            let mut changed = cert.clone();
            changed[at] = b;
            assert!(check(&pem("CERTIFICATE", &changed), bad_key).is_err());
        }
    }
    // PEM cut anywhere.
    for text in [RSA_CERT, EC_KEY_SEC1] {
        for n in 0..text.len() {
            let _ = check(&text[..n], &text[..n]);
        }
    }
}

#[test]
fn hostile_rsa_keys_stay_cheap() {
    // A 16384-bit modulus whose primes are as large as it (no CRT values): refused for p ≥ N
    // before any arithmetic; one over the limit is not checked at all.
    let n = [&[0xc3][..], &[0x5a; 2047]].concat();
    let key = |n: &[u8], p: &[u8], q: &[u8]| {
        sequence(&[int(&[0]), int(n), int(&[1, 0, 1]), int(&[0x11; 100]), int(p), int(q)])
    };
    let start = std::time::Instant::now();
    assert_eq!(private_key::parse_private_key(&key(&n, &n, &[0x0d; 2000])), Err(UNPARSED));
    let over = [&[0xc3][..], &[0x5a; 2048]].concat();
    assert!(private_key::parse_private_key(&key(&over, &over, &over)).is_ok(), "not checked past the limit");
    // A prime at the Fermat bound, in a modulus twice its size: the coefficient is computed, and
    // the key refused.
    let n = [&[0xc3][..], &[0x5b; 1023]].concat();
    let p = [&[0x8f][..], &[0x5b; 511]].concat();
    assert_eq!(private_key::parse_private_key(&key(&n, &p, &[0x0d; 500])), Err(UNPARSED));
    assert!(start.elapsed() < std::time::Duration::from_secs(60), "{:?}", start.elapsed());
}
