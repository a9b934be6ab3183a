//! Test PKI (a CA, server and client certificates made with rcgen) and scratch directories.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use rcgen::{
    BasicConstraints, Certificate, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, KeyPair, KeyUsagePurpose,
};

/// A certificate and its private key, in PEM.
pub struct Issued {
    pub cert_pem: String,
    pub key_pem: String,
}

/// A CA able to issue certificates.
pub struct Ca {
    pub cert_pem: String,
    cert: Certificate,
    key: KeyPair,
}

impl Ca {
    /// A new self-signed CA.
    pub fn new(name: &str) -> Ca {
        let key = KeyPair::generate().expect("CA key");
        let mut params = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        params.key_usages =
            vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign, KeyUsagePurpose::DigitalSignature];
        let cert = params.self_signed(&key).expect("CA certificate");
        Ca { cert_pem: cert.pem(), cert, key }
    }

    fn issue(&self, sans: &[&str], cn: &str, usage: ExtendedKeyUsagePurpose) -> Issued {
        self.issue_valid(sans, cn, &[], usage, None)
    }

    fn issue_valid(
        &self,
        sans: &[&str],
        cn: &str,
        organizations: &[&str],
        usage: ExtendedKeyUsagePurpose,
        validity: Option<(i32, i32)>,
    ) -> Issued {
        let key = KeyPair::generate().expect("leaf key");
        let mut params =
            CertificateParams::new(sans.iter().map(|s| s.to_string()).collect::<Vec<_>>()).expect("leaf params");
        if let Some((from, to)) = validity {
            params.not_before = rcgen::date_time_ymd(from, 1, 1);
            params.not_after = rcgen::date_time_ymd(to, 1, 1);
        }
        for o in organizations {
            params.distinguished_name.push(DnType::OrganizationName, *o);
        }
        params.distinguished_name.push(DnType::CommonName, cn);
        params.extended_key_usages = vec![usage];
        params.key_usages = vec![KeyUsagePurpose::DigitalSignature, KeyUsagePurpose::KeyEncipherment];
        let cert = params.signed_by(&key, &self.cert, &self.key).expect("leaf certificate");
        Issued { cert_pem: cert.pem(), key_pem: key.serialize_pem() }
    }

    /// A server certificate for the given names (DNS names or IP addresses).
    pub fn server(&self, sans: &[&str]) -> Issued {
        self.issue(sans, "test server", ExtendedKeyUsagePurpose::ServerAuth)
    }

    /// A server certificate for the given names that expired in 2001.
    pub fn expired_server(&self, sans: &[&str]) -> Issued {
        self.issue_valid(sans, "expired test server", &[], ExtendedKeyUsagePurpose::ServerAuth, Some((2000, 2001)))
    }

    /// A client certificate with a common name.
    pub fn client(&self, cn: &str) -> Issued {
        self.issue(&[], cn, ExtendedKeyUsagePurpose::ClientAuth)
    }

    /// A client certificate with a common name and an organization (kube-apiserver's user and
    /// group; rcgen's names hold one value per attribute type).
    pub fn client_in(&self, cn: &str, organization: &str) -> Issued {
        self.issue_valid(&[], cn, &[organization], ExtendedKeyUsagePurpose::ClientAuth, None)
    }
}

/// A fresh, empty directory under the system temp dir.
pub fn scratch_dir(tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "kapi-client-{tag}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Standard base64 of bytes.
pub fn b64(data: &[u8]) -> String {
    let mut out = Vec::new();
    kapi_machinery::base64::encode_into(data, &mut out);
    String::from_utf8(out).expect("base64 is ASCII")
}
