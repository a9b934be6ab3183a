//! Upstream's `warningsForSecret`: `tls.X509KeyPair`'s error for a `kubernetes.io/tls` secret's certificate and key, nothing for other types, on create and update alike.

use super::warnings_for_secret;
use crate::certs::key_pair_vectors::{EC_CERT, EC_KEY_SEC1, RSA_CERT, RSA_KEY_PKCS1, RSA_OTHER_KEY};
use crate::core::v1::{Secret, SecretType};

fn secret(kind: &str, data: &[(&str, &str)]) -> Secret {
    Secret {
        r#type: SecretType(kind.into()),
        data: data.iter().map(|(k, v)| ((*k).to_owned(), v.as_bytes().to_vec())).collect(),
        ..Secret::default()
    }
}

#[test]
fn a_tls_secret_is_warned_about_a_pair_go_refuses() {
    let good = secret(SecretType::TLS, &[("tls.crt", RSA_CERT), ("tls.key", RSA_KEY_PKCS1)]);
    assert!(warnings_for_secret(&good, None).is_empty());
    let mismatched = secret(SecretType::TLS, &[("tls.crt", RSA_CERT), ("tls.key", RSA_OTHER_KEY)]);
    assert_eq!(warnings_for_secret(&mismatched, None), ["tls: private key does not match public key"]);
    // An update is judged on the new secret alone.
    assert_eq!(warnings_for_secret(&mismatched, Some(&good)), ["tls: private key does not match public key"]);
    assert!(warnings_for_secret(&good, Some(&mismatched)).is_empty());
    let swapped = secret(SecretType::TLS, &[("tls.crt", EC_KEY_SEC1), ("tls.key", EC_CERT)]);
    assert_eq!(
        warnings_for_secret(&swapped, None),
        [
            r#"tls: failed to find "CERTIFICATE" PEM block in certificate input after skipping PEM blocks of the following types: [EC PARAMETERS EC PRIVATE KEY]"#
        ]
    );
    // Missing entries read as empty.
    assert_eq!(
        warnings_for_secret(&secret(SecretType::TLS, &[]), None),
        ["tls: failed to find any PEM data in certificate input"]
    );
    assert_eq!(
        warnings_for_secret(&secret(SecretType::TLS, &[("tls.crt", EC_CERT)]), None),
        ["tls: failed to find any PEM data in key input"]
    );
}

#[test]
fn string_data_counts_as_data() {
    let mut s = secret(SecretType::TLS, &[("tls.crt", RSA_CERT), ("tls.key", RSA_OTHER_KEY)]);
    s.string_data.insert("tls.key".into(), RSA_KEY_PKCS1.into());
    assert!(warnings_for_secret(&s, None).is_empty());
}

#[test]
fn other_types_are_not_warned_about() {
    let data = [("tls.crt", "garbage"), ("tls.key", "garbage")];
    for kind in [SecretType::OPAQUE, SecretType::BASIC_AUTH, "example.com/tls", ""] {
        assert!(warnings_for_secret(&secret(kind, &data), None).is_empty(), "{kind}");
    }
    // An update without a type takes the old one's, as upstream's `PrepareForUpdate` does.
    let old = secret(SecretType::TLS, &[]);
    assert_eq!(
        warnings_for_secret(&secret("", &data), Some(&old)),
        ["tls: failed to find any PEM data in certificate input"]
    );
    assert!(warnings_for_secret(&secret("", &data), Some(&secret(SecretType::OPAQUE, &[]))).is_empty());
}
