//! RSA signature verification as Go's `crypto/rsa` does it (`VerifyPKCS1v15`, `VerifyPSS`): its checks of the key and their messages, the public-key operation in plain arithmetic (`bignum`), and EMSA-PKCS1-v1_5 and EMSA-PSS over ring's digests; only public values are handled, so nothing here needs to run in constant time.

use kapi_api_base::certs::pkix::rsa_public_key_parts;
use ring::digest::{self, Algorithm, SHA256, SHA384, SHA512};

use kapi_api_base::certs::bignum::{self, Modulus};

/// Go's `ErrVerification`.
pub(crate) const VERIFICATION: &str = "crypto/rsa: verification error";
/// The largest modulus verified here, in bits. Go sets no maximum; past this the work (quadratic
/// in the size) is refused and the signature taken as not verifying.
pub(crate) const MAX_BITS: usize = 16384;

/// A public key Go agrees to verify with.
pub(crate) struct Key<'a> {
    n: &'a [u8],
    e: u32,
    /// The modulus's bit length (Go's `N.BitLen()`).
    pub(crate) bits: usize,
}

/// The key in a PKCS #1 `RSAPublicKey`, after Go's checks in its order (`checkPublicKeySize`,
/// then the FIPS module's `checkPublicKey`), with their messages.
pub(crate) fn key(key_bits: &[u8]) -> Result<Key<'_>, String> {
    let (n, e) = rsa_public_key_parts(key_bits).ok_or(VERIFICATION)?;
    let n = &n[n.iter().position(|&b| b != 0).unwrap_or(n.len())..];
    let bits = n.first().map_or(0, |&top| n.len() * 8 - top.leading_zeros() as usize);
    if bits < 1024 {
        return Err(format!(
            "crypto/rsa: {bits}-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)"
        ));
    }
    if n.last().is_none_or(|b| b & 1 == 0) {
        return Err("crypto/rsa: public modulus is even".into());
    }
    // The parser takes exponents of at most eight bytes, as a Go `int`.
    let e = e.iter().try_fold(0u64, |acc, &b| if acc >> 56 == 0 { Some(acc << 8 | u64::from(b)) } else { None });
    let e = e.ok_or("crypto/rsa: public exponent too large")?;
    if e < 2 {
        return Err("crypto/rsa: public exponent too small or negative".into());
    }
    if e & 1 == 0 {
        return Err("crypto/rsa: public exponent is even".into());
    }
    let e = u32::try_from(e).ok().filter(|&e| e < 1 << 31).ok_or("crypto/rsa: public exponent too large")?;
    if bits > MAX_BITS {
        return Err(VERIFICATION.into());
    }
    Ok(Key { n, e, bits })
}

/// `signature`^e mod n, big-endian and as long as n; `None` for a signature of another length or
/// not below n, which Go fails to verify.
fn public_operation(key: &Key, signature: &[u8]) -> Option<Vec<u8>> {
    if signature.len() != key.n.len() {
        return None;
    }
    let count = key.n.len().div_ceil(4);
    let n = bignum::from_be(key.n, count)?;
    let s = bignum::from_be(signature, count)?;
    if !bignum::less(&s, &n) {
        return None;
    }
    let m = Modulus::new(n)?;
    let out = m.plain(&m.pow(&m.montgomery(&s), &[key.e]));
    Some(bignum::to_be(&out, key.n.len()))
}

/// Whether `signature` is an RSASSA-PKCS1-v1_5 signature of `digest`, made with `hash`
/// (SHA-1, SHA-256, SHA-384 or SHA-512).
pub(crate) fn verify_pkcs1v15(key: &Key, hash: &'static Algorithm, digest: &[u8], signature: &[u8]) -> bool {
    let Some(prefix) = digest_info_prefix(hash) else { return false };
    let Some(em) = public_operation(key, signature) else { return false };
    let t_len = prefix.len() + digest.len();
    let Some(pad) = em.len().checked_sub(t_len + 3).filter(|&p| p >= 8) else { return false };
    let mut want = vec![0x00, 0x01];
    want.resize(2 + pad, 0xff);
    want.push(0x00);
    want.extend_from_slice(prefix);
    want.extend_from_slice(digest);
    em == want
}

/// The DER `DigestInfo` before the digest (RFC 8017 9.2, note 1).
fn digest_info_prefix(hash: &'static Algorithm) -> Option<&'static [u8]> {
    /// The SHA-2 prefix: `SEQUENCE { SEQUENCE { OID 2.16.840.1.101.3.4.2.n, NULL }, OCTET STRING }`
    /// around a digest of `len` bytes.
    const fn sha2(n: u8, len: u8) -> [u8; 19] {
        [
            0x30,
            len + 17,
            0x30,
            0x0d,
            0x06,
            0x09,
            0x60,
            0x86,
            0x48,
            0x01,
            0x65,
            0x03,
            0x04,
            0x02,
            n,
            0x05,
            0x00,
            0x04,
            len,
        ]
    }
    const SHA1: &[u8] = &[0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14];
    const SHA256_PREFIX: [u8; 19] = sha2(1, 32);
    const SHA384_PREFIX: [u8; 19] = sha2(2, 48);
    const SHA512_PREFIX: [u8; 19] = sha2(3, 64);
    Some(match hash {
        h if h == &digest::SHA1_FOR_LEGACY_USE_ONLY => SHA1,
        h if h == &SHA256 => &SHA256_PREFIX,
        h if h == &SHA384 => &SHA384_PREFIX,
        h if h == &SHA512 => &SHA512_PREFIX,
        _ => return None,
    })
}

/// Whether `signature` is an RSASSA-PSS signature of `digest` with `hash` for the message and
/// MGF1, and a salt of `salt` bytes, or of any length for `None` (Go's `PSSSaltLengthAuto`).
pub(crate) fn verify_pss(
    key: &Key,
    hash: &'static Algorithm,
    salt: Option<usize>,
    digest: &[u8],
    signature: &[u8],
) -> bool {
    let Some(em) = public_operation(key, signature) else { return false };
    emsa_pss_verify(hash, salt, digest, &em, key.bits - 1)
}

/// EMSA-PSS-VERIFY (RFC 8017 9.1.2), finding the salt length from the encoded message as Go's
/// `emsaPSSVerify` does when none is given.
fn emsa_pss_verify(hash: &'static Algorithm, salt: Option<usize>, m_hash: &[u8], em: &[u8], em_bits: usize) -> bool {
    let h_len = hash.output_len();
    let em_len = em_bits.div_ceil(8);
    // The modulus may be a byte longer than the encoded message; that byte must be zero.
    let em = match em.len().checked_sub(em_len) {
        Some(0) => em,
        Some(1) if em.first() == Some(&0) => &em[1..],
        _ => return false,
    };
    if m_hash.len() != h_len || em_len < h_len + 2 || em.last() != Some(&0xbc) {
        return false;
    }
    let (masked_db, rest) = em.split_at(em_len - h_len - 1);
    let h = &rest[..h_len];
    let bit_mask = 0xffu8 >> (8 * em_len - em_bits);
    let Some(&first) = masked_db.first() else { return false };
    if first & !bit_mask != 0 {
        return false;
    }
    let mut db = masked_db.to_vec();
    for (counter, chunk) in (0u32..).zip(db.chunks_mut(h_len)) {
        let mut ctx = digest::Context::new(hash);
        ctx.update(h);
        ctx.update(&counter.to_be_bytes());
        for (b, m) in chunk.iter_mut().zip(ctx.finish().as_ref()) {
            *b ^= m;
        }
    }
    db[0] &= bit_mask;
    // Zeros, a one, then the salt.
    let Some(one) = db.iter().position(|&b| b != 0) else { return false };
    if db[one] != 0x01 {
        return false;
    }
    let found = &db[one + 1..];
    if salt.is_some_and(|s| s != found.len()) {
        return false;
    }
    let mut ctx = digest::Context::new(hash);
    ctx.update(&[0; 8]);
    ctx.update(m_hash);
    ctx.update(found);
    ctx.finish().as_ref() == h
}

#[cfg(test)]
#[path = "rsa_tests.rs"]
mod tests;
