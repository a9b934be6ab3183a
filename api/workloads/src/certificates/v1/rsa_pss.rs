//! RSA-PSS verification with SHA-256 and the salt length read from the signature, as Go's `rsa.VerifyPSS` does when given no options: ring's RSA-PSS takes only a salt as long as the hash, so the public-key operation is done here in plain arithmetic and EMSA-PSS over ring's SHA-256.
//!
//! Only public values are handled, so nothing here needs to run in constant time.

use kapi_api_base::certs::pkix::rsa_public_key_parts;
use ring::digest::{self, SHA256};

const H_LEN: usize = 32;

/// Whether `signature` is an RSA-PSS signature of `message`'s SHA-256 by the key whose PKCS #1
/// `RSAPublicKey` is `key_bits`, with any salt length; Go's checks of the key (an odd modulus,
/// an odd exponent from 3 to 2³¹ − 1) and of the signature's length and size come first.
pub(crate) fn verifies(key_bits: &[u8], message: &[u8], signature: &[u8]) -> bool {
    let Some((n, e)) = rsa_public_key_parts(key_bits) else { return false };
    let Some(&top) = n.first() else { return false };
    let Some(em) = public_operation(n, e, signature) else { return false };
    let n_bits = (n.len() - 1) * 8 + (8 - top.leading_zeros() as usize);
    let m_hash = digest::digest(&SHA256, message);
    emsa_pss_verify(m_hash.as_ref(), &em, n_bits - 1)
}

/// `signature`^`e` mod `n`, big-endian and as long as `n`; `None` where Go refuses the key or
/// the signature.
fn public_operation(n: &[u8], e: &[u8], signature: &[u8]) -> Option<Vec<u8>> {
    let e = e.iter().try_fold(0u64, |acc, &b| if acc >> 32 == 0 { Some(acc << 8 | u64::from(b)) } else { None })?;
    if e < 3 || e & 1 == 0 || e > (1 << 31) - 1 {
        return None;
    }
    if n.last().is_none_or(|b| b & 1 == 0) || signature.len() != n.len() {
        return None;
    }
    let modulus = limbs(n);
    let s = limbs(signature);
    if !less(&s, &modulus) {
        return None;
    }
    let m = Montgomery::new(&modulus);
    let base = m.mul(&s, &m.r_squared());
    let mut acc = base.clone();
    for bit in (0..63 - e.leading_zeros()).rev() {
        acc = m.mul(&acc, &acc);
        if e >> bit & 1 == 1 {
            acc = m.mul(&acc, &base);
        }
    }
    let mut one = vec![0; modulus.len()];
    one[0] = 1;
    Some(bytes(&m.mul(&acc, &one), n.len()))
}

/// EMSA-PSS-VERIFY (RFC 8017 9.1.2) with SHA-256, MGF1 and the salt length found from the
/// encoded message, as Go's `emsaPSSVerify` finds it.
fn emsa_pss_verify(m_hash: &[u8], em: &[u8], em_bits: usize) -> bool {
    let em_len = em_bits.div_ceil(8);
    // The modulus may be a byte longer than the encoded message; that byte must be zero.
    let em = match em.len().checked_sub(em_len) {
        Some(0) => em,
        Some(1) if em.first() == Some(&0) => &em[1..],
        _ => return false,
    };
    if em_len < H_LEN + 1 || em.last() != Some(&0xbc) {
        return false;
    }
    let (masked_db, rest) = em.split_at(em_len - H_LEN - 1);
    let h = &rest[..H_LEN];
    let bit_mask = 0xffu8 >> (8 * em_len - em_bits);
    let Some(&first) = masked_db.first() else { return false };
    if first & !bit_mask != 0 {
        return false;
    }
    let mut db = masked_db.to_vec();
    for (counter, chunk) in (0u32..).zip(db.chunks_mut(H_LEN)) {
        let mut ctx = digest::Context::new(&SHA256);
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
    let salt = &db[one + 1..];
    let mut ctx = digest::Context::new(&SHA256);
    ctx.update(&[0; 8]);
    ctx.update(m_hash);
    ctx.update(salt);
    ctx.finish().as_ref() == h
}

/// Big-endian bytes as little-endian 32-bit limbs.
fn limbs(be: &[u8]) -> Vec<u32> {
    be.rchunks(4).map(|c| c.iter().fold(0u32, |acc, &b| acc << 8 | u32::from(b))).collect()
}

/// Little-endian limbs as `len` big-endian bytes (the value fits).
fn bytes(limbs: &[u32], len: usize) -> Vec<u8> {
    let mut out: Vec<u8> = limbs.iter().flat_map(|l| l.to_le_bytes()).take(len).collect();
    out.resize(len, 0);
    out.reverse();
    out
}

/// `a < b`, for limbs of the same count.
fn less(a: &[u32], b: &[u32]) -> bool {
    a.len() < b.len() || (a.len() == b.len() && a.iter().rev().lt(b.iter().rev()))
}

/// `a -= b`, for `a >= b` (or `a` with a carry limb above it); the borrow out is dropped.
fn sub_in_place(a: &mut [u32], b: &[u32]) {
    let mut borrow = 0u64;
    for (x, &y) in a.iter_mut().zip(b) {
        let d = u64::from(*x).wrapping_sub(u64::from(y)).wrapping_sub(borrow);
        *x = d as u32;
        borrow = d >> 63;
    }
}

/// Montgomery multiplication modulo an odd modulus, with R = 2^(32 × limbs).
struct Montgomery<'a> {
    n: &'a [u32],
    /// −n⁻¹ mod 2³².
    n0: u32,
}

impl<'a> Montgomery<'a> {
    fn new(n: &'a [u32]) -> Self {
        // Newton's iteration doubles the correct low bits of the inverse: 3, 6, 12, 24, 48.
        let mut inv = n[0];
        for _ in 0..4 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(n[0].wrapping_mul(inv)));
        }
        Montgomery { n, n0: inv.wrapping_neg() }
    }

    /// R² mod n, by doubling one 2 × 32 × limbs times.
    fn r_squared(&self) -> Vec<u32> {
        let mut x = vec![0u32; self.n.len()];
        x[0] = 1;
        for _ in 0..64 * self.n.len() {
            let mut carry = 0;
            for l in &mut x {
                let next = *l >> 31;
                *l = *l << 1 | carry;
                carry = next;
            }
            if carry == 1 || !less(&x, self.n) {
                sub_in_place(&mut x, self.n);
            }
        }
        x
    }

    /// a × b × R⁻¹ mod n, for a and b below n (CIOS).
    fn mul(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let k = self.n.len();
        let mut t = vec![0u32; k + 2];
        for &bi in b {
            let mut carry = 0u64;
            for (tj, &aj) in t.iter_mut().zip(a) {
                let v = u64::from(*tj) + u64::from(aj) * u64::from(bi) + carry;
                *tj = v as u32;
                carry = v >> 32;
            }
            let v = u64::from(t[k]) + carry;
            t[k] = v as u32;
            t[k + 1] = (v >> 32) as u32;
            let m = u64::from(t[0].wrapping_mul(self.n0));
            let mut carry = (u64::from(t[0]) + m * u64::from(self.n[0])) >> 32;
            for j in 1..k {
                let v = u64::from(t[j]) + m * u64::from(self.n[j]) + carry;
                t[j - 1] = v as u32;
                carry = v >> 32;
            }
            let v = u64::from(t[k]) + carry;
            t[k - 1] = v as u32;
            t[k] = t[k + 1] + (v >> 32) as u32;
            t[k + 1] = 0;
        }
        if t[k] != 0 || !less(&t[..k], self.n) {
            sub_in_place(&mut t[..k], self.n);
        }
        t.truncate(k);
        t
    }
}

#[cfg(test)]
#[path = "rsa_pss_tests.rs"]
mod tests;
