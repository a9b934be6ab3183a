//! Go's `tls.X509KeyPair` (Go 1.26, the toolchain of Kubernetes 1.36) as a verdict: whether a PEM certificate chain and a PEM private key make a pair, and when not, Go's error text, which kube-apiserver returns as the warning on a `kubernetes.io/tls` secret.
//!
//! The certificate input's blocks are all read (`CERTIFICATE` blocks kept, others' types
//! noted), the key input's up to the first `PRIVATE KEY` or `… PRIVATE KEY` block; the first
//! certificate is parsed as `x509.ParseCertificate` does ([`super::parse_certificate_with_key`],
//! with the key read as its `parsePublicKey` reads it), then the
//! private key (`private_key`), then the two public keys are compared as Go 1.26 compares them
//! (`PublicKey.Equal`: an RSA modulus and exponent, an ECDSA curve and point, Ed25519 bytes).
//!
//! The private key is handled in arithmetic that does not run in constant time; it is read once,
//! for this warning, by a server whose timing is not exposed to an adversary.

use super::Pem;
use super::pkix::{PublicKey, rsa_public_key_parts};
use super::private_key::{PublicHalf, parse_private_key};

/// The certificate's key as `X509KeyPair` tells it apart: `None` where Go's certificate has a key
/// of a type TLS does not use (DSA, X25519) or of an algorithm Go does not know.
fn certificate_key(spki: &[u8]) -> Result<Option<PublicHalf>, String> {
    let Some((key, bits)) = super::certificate_public_key(spki)? else { return Ok(None) };
    Ok(match key {
        PublicKey::Rsa(_) => {
            let (n, e) = rsa_public_key_parts(bits).ok_or("x509: invalid RSA public key")?;
            let n = &n[n.iter().position(|&b| b != 0).unwrap_or(n.len())..];
            // The parser has checked that the exponent is positive and fits a Go `int`.
            let e = e.iter().fold(0i64, |acc, &b| acc << 8 | i64::from(b));
            Some(PublicHalf::Rsa { n: n.to_vec(), e })
        }
        PublicKey::Ecdsa(curve) => Some(PublicHalf::Ecdsa { curve, point: bits.to_vec() }),
        PublicKey::Ed25519 => Some(PublicHalf::Ed25519(bits.to_vec())),
        PublicKey::Other => None,
    })
}

/// A PEM block's type as Go's string of it reads (bytes that are not UTF-8 replaced).
fn type_name(kind: &[u8]) -> String {
    String::from_utf8_lossy(kind).into_owned()
}

/// Go's `%v` of a `[]string`.
fn go_list(items: &[String]) -> String {
    format!("[{}]", items.join(" "))
}

/// `tls.X509KeyPair(cert_pem, key_pem)`: `Ok` when Go loads the pair, else its error's text.
pub fn x509_key_pair(cert_pem: &[u8], key_pem: &[u8]) -> Result<(), String> {
    let mut certs = Pem::new(cert_pem);
    let mut first = None;
    let mut skipped = Vec::new();
    while let Some(block) = certs.decode() {
        if block.kind == b"CERTIFICATE" {
            first.get_or_insert(block.bytes);
        } else if first.is_none() {
            // The skipped types are only reported when no certificate is found.
            skipped.push(type_name(block.kind));
        }
    }
    let Some(cert_der) = first else {
        if skipped.is_empty() {
            return Err("tls: failed to find any PEM data in certificate input".into());
        }
        if let [only] = skipped.as_slice()
            && only.ends_with("PRIVATE KEY")
        {
            return Err("tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched".into());
        }
        return Err(format!(
            "tls: failed to find \"CERTIFICATE\" PEM block in certificate input after skipping PEM blocks of the following types: {}",
            go_list(&skipped)
        ));
    };

    let mut keys = Pem::new(key_pem);
    let mut skipped = Vec::new();
    let key_der = loop {
        let Some(block) = keys.decode() else {
            if skipped.is_empty() {
                return Err("tls: failed to find any PEM data in key input".into());
            }
            if skipped.len() == 1 && skipped[0] == "CERTIFICATE" {
                return Err("tls: found a certificate rather than a key in the PEM for the private key".into());
            }
            return Err(format!(
                "tls: failed to find PEM block with type ending in \"PRIVATE KEY\" in key input after skipping PEM blocks of the following types: {}",
                go_list(&skipped)
            ));
        };
        if block.kind == b"PRIVATE KEY" || block.kind.ends_with(b" PRIVATE KEY") {
            break block.bytes;
        }
        skipped.push(type_name(block.kind));
    };

    let public = super::parse_certificate_with_key(&cert_der, certificate_key)?;
    let private = parse_private_key(&key_der)?;
    let Some(public) = public else { return Err("tls: unknown public key algorithm".into()) };
    if std::mem::discriminant(&public) != std::mem::discriminant(&private) {
        return Err("tls: private key type does not match public key type".into());
    }
    if public != private {
        return Err("tls: private key does not match public key".into());
    }
    Ok(())
}

#[cfg(test)]
#[path = "key_pair_tests.rs"]
mod tests;
