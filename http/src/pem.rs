//! PEM certificates and private keys, parsed for a client's configuration and TLS setup and for a server's certificate.

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};

/// Parses every `CERTIFICATE` block of PEM text; at least one is required.
pub fn parse_certificates(pem: &[u8]) -> Result<Vec<CertificateDer<'static>>, String> {
    let certs = CertificateDer::pem_slice_iter(pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("invalid PEM certificate data: {e}"))?;
    if certs.is_empty() {
        return Err("no PEM CERTIFICATE block found".into());
    }
    Ok(certs)
}

/// Parses the first private key (PKCS#8, PKCS#1 or SEC1) of PEM text.
pub fn parse_private_key(pem: &[u8]) -> Result<PrivateKeyDer<'static>, String> {
    PrivateKeyDer::from_pem_slice(pem).map_err(|e| match e {
        rustls_pki_types::pem::Error::NoItemsFound => "no PEM private key block found".to_owned(),
        e => format!("invalid PEM private key data: {e}"),
    })
}
