//! The warning kube-apiserver returns on a secret's create and update (upstream's `warningsForSecret` in `pkg/registry/core/secret/strategy.go`): for a `kubernetes.io/tls` secret, why Go's `tls.X509KeyPair` refuses its `tls.crt` and `tls.key`.

use super::validation::merged_data;
use crate::certs::key_pair::x509_key_pair;
use crate::core::v1::{Secret, SecretType};

/// The warnings for a secret written by create (`old` is `None`) or update: Go's error text
/// when the certificate and key of a `kubernetes.io/tls` secret do not load as a pair (see
/// [`x509_key_pair`] for what is read and compared), else none. Both upstream strategies judge
/// the new secret alone; an update without a type has the old one's, as `PrepareForUpdate`
/// gives it.
pub fn warnings_for_secret(obj: &Secret, old: Option<&Secret>) -> Vec<String> {
    let kind = match old {
        Some(old) if obj.r#type.0.is_empty() => &old.r#type.0,
        _ => &obj.r#type.0,
    };
    if kind != SecretType::TLS {
        return Vec::new();
    }
    // A missing key reads as no bytes, as a Go map lookup does.
    let data = merged_data(obj);
    let value = |key: &str| data.get(key).copied().unwrap_or_default();
    match x509_key_pair(value("tls.crt"), value("tls.key")) {
        Ok(()) => Vec::new(),
        Err(message) => vec![message],
    }
}

#[cfg(test)]
#[path = "secret_warnings_tests.rs"]
mod tests;
