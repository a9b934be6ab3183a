//! The rustls client configuration of a [`TlsConfig`]: CA bundle, client certificate, insecure mode.

use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::{DigitallySignedStruct, SignatureScheme};
use rustls_pki_types::{CertificateDer, ServerName, UnixTime};

use crate::Error;
use crate::config::TlsConfig;
use crate::pem::{parse_certificates, parse_private_key};

/// System CA bundles tried when the configuration names no CA.
const SYSTEM_CA_BUNDLES: &[&str] = &[
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/tls/certs/ca-bundle.crt",
    "/etc/ssl/ca-bundle.pem",
    "/etc/ssl/cert.pem",
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
];

/// Builds the rustls client configuration of a [`TlsConfig`].
pub fn rustls_config(tls: &TlsConfig) -> Result<rustls::ClientConfig, Error> {
    rustls_config_with(tls, None)
}

/// [`rustls_config`], taking the client certificate from `resolver` (an exec plugin's) when the
/// configuration has none. ALPN is left empty: hyper-rustls's connector fills it in (`h2` and
/// `http/1.1`, or nothing for HTTP/1.1 alone) and refuses a configuration that has it already.
pub fn rustls_config_with(
    tls: &TlsConfig,
    resolver: Option<Arc<dyn rustls::client::ResolvesClientCert>>,
) -> Result<rustls::ClientConfig, Error> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::Config(format!("TLS: {e}")))?;
    let builder = if tls.insecure_skip_tls_verify {
        if tls.ca.is_some() {
            return Err(Error::Config(
                "TLS: a certificate authority must not be given together with insecure_skip_tls_verify".into(),
            ));
        }
        builder.dangerous().with_custom_certificate_verifier(Arc::new(AcceptAnyServerCert(provider)))
    } else {
        let (pem, origin) = match &tls.ca {
            Some(src) => (src.load()?, "the certificate authority".to_owned()),
            None => system_ca_bundle()?,
        };
        let mut roots = rustls::RootCertStore::empty();
        for cert in parse_certificates(&pem).map_err(|e| Error::Config(format!("TLS: {origin}: {e}")))? {
            roots.add(cert).map_err(|e| Error::Config(format!("TLS: {origin}: {e}")))?;
        }
        builder.with_root_certificates(roots)
    };
    let config = match (&tls.client_certificate, &tls.client_key) {
        (Some(cert), Some(key)) => {
            let certs = parse_certificates(&cert.load()?)
                .map_err(|e| Error::Config(format!("TLS: the client certificate: {e}")))?;
            let key =
                parse_private_key(&key.load()?).map_err(|e| Error::Config(format!("TLS: the client key: {e}")))?;
            builder
                .with_client_auth_cert(certs, key)
                .map_err(|e| Error::Config(format!("TLS: the client certificate and key: {e}")))?
        }
        (None, None) => match resolver {
            Some(r) => builder.with_client_cert_resolver(r),
            None => builder.with_no_client_auth(),
        },
        (Some(_), None) => return Err(Error::Config("TLS: a client certificate needs a client key".into())),
        (None, Some(_)) => return Err(Error::Config("TLS: a client key needs a client certificate".into())),
    };
    Ok(config)
}

fn system_ca_bundle() -> Result<(Vec<u8>, String), Error> {
    // As OpenSSL and Go: SSL_CERT_FILE names the bundle to use instead of the usual places.
    if let Some(path) = std::env::var_os("SSL_CERT_FILE").filter(|p| !p.is_empty()) {
        let path = std::path::PathBuf::from(path);
        let pem =
            std::fs::read(&path).map_err(|e| Error::Config(format!("TLS: SSL_CERT_FILE {}: {e}", path.display())))?;
        return Ok((pem, format!("SSL_CERT_FILE {}", path.display())));
    }
    for path in SYSTEM_CA_BUNDLES {
        if let Ok(pem) = std::fs::read(path) {
            return Ok((pem, (*path).to_owned()));
        }
    }
    Err(Error::Config("TLS: no certificate authority is configured and no system CA bundle was found".into()))
}

/// Accepts any server certificate but still checks the handshake signatures (so the peer holds
/// the key of the certificate it sent): `insecure-skip-tls-verify`.
#[derive(Debug)]
struct AcceptAnyServerCert(Arc<CryptoProvider>);

impl ServerCertVerifier for AcceptAnyServerCert {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0.signature_verification_algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}
