//! A webhook's CA bundle checked as upstream's client transport loads it (`CertPool.AppendCertsFromPEM` over Go's PEM blocks and certificates, `kapi_api_base::certs`), with its messages.

use kapi_api_base::certs::{Pem, parse_certificate};
use kapi_machinery::validation::{BadValue, ErrorList, FieldError, Path};

/// Upstream's `ValidateCABundle`: the bundle must give the client transport at least one
/// certificate, or the error `transport.TLSConfigFor` returns is reported with the bundle.
pub(crate) fn validate_ca_bundle(path: &Path, bundle: &[u8]) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Err(e) = load_root_certificates(bundle) {
        let mut b64 = b"\"".to_vec();
        kapi_machinery::base64::encode_into(bundle, &mut b64);
        b64.push(b'"');
        let shown = String::from_utf8(b64).expect("base64 is ASCII");
        errs.push(FieldError::invalid_value(
            path,
            BadValue::Json(shown),
            &format!("unable to load root certificates: {e}"),
        ));
    }
    errs
}

/// Whether the bundle is valid CA data (empty data is: it means the system's roots).
pub(crate) fn is_valid_ca_bundle(bundle: &[u8]) -> bool {
    load_root_certificates(bundle).is_ok()
}

/// client-go's `rootCertPool`: at least one `CERTIFICATE` block without headers that parses,
/// else the first reason found walking the blocks again.
fn load_root_certificates(bundle: &[u8]) -> Result<(), String> {
    if bundle.is_empty() {
        return Ok(());
    }
    let mut blocks = Pem::new(bundle);
    while blocks.pos < bundle.len() {
        let Some(b) = blocks.decode() else { break };
        if b.is_certificate() && parse_certificate(&b.bytes).is_ok() {
            return Ok(());
        }
    }
    let mut blocks = Pem::new(bundle);
    while blocks.pos < bundle.len() {
        let Some(b) = blocks.decode() else {
            return Err("unable to parse bytes as PEM block".into());
        };
        if !b.is_certificate() {
            continue;
        }
        if let Err(e) = parse_certificate(&b.bytes) {
            return Err(format!("failed to parse certificate: {e}"));
        }
    }
    Err("no valid certificate authority data seen".into())
}

#[cfg(test)]
#[path = "cabundle_tests.rs"]
pub(crate) mod tests;
