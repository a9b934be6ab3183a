//! A mutating admission webhook served over TLS with `kapi_webhook::serve`: it adds a default
//! `team` label to pods and records (outside dry runs) how many it changed.
//!
//! Run: `cargo run -p kapi-webhook --example hyper -- 0.0.0.0:8443 tls.crt tls.key`, and register
//! it with a `MutatingWebhookConfiguration` whose `sideEffects` is `NoneOnDryRun` (the counter
//! is a side effect, skipped on dry runs) and whose `caBundle` signs `tls.crt`. To try it without
//! a certificate, `-- 127.0.0.1:0 --self-signed ca.crt` makes a throwaway CA and a certificate for
//! `127.0.0.1` and `localhost`, and writes the CA to `ca.crt` for the `caBundle` (CI runs it so,
//! behind the test server and kubectl).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use kapi_api::core::v1::Pod;
use kapi_webhook::{AdmissionRequest, AdmissionResponse, Limits};

static CHANGED: AtomicU64 = AtomicU64::new(0);

async fn default_team(req: AdmissionRequest) -> AdmissionResponse {
    let pod = match req.object_as::<Pod>() {
        Ok(Some(p)) => p,
        Ok(None) => return AdmissionResponse::allow(),
        // The error names the field that did not decode, e.g. `request.object.spec.containers[0]`.
        Err(e) => return AdmissionResponse::deny(400, e.to_string()),
    };
    if pod.metadata.labels.contains_key("team") {
        return AdmissionResponse::allow();
    }
    let mut mutated = pod;
    mutated.metadata.labels.insert("team".into(), "unassigned".into());
    if !req.dry_run {
        let n = CHANGED.fetch_add(1, Ordering::Relaxed) + 1;
        eprintln!("labelled {n} pods so far");
    }
    match AdmissionResponse::mutate_typed(&req, &mutated) {
        Ok(r) => r,
        Err(e) => AdmissionResponse::deny(500, e.to_string()),
    }
}

/// The TLS configuration serving `certs` (the chain) with `key`.
fn server_config(
    certs: Vec<rustls_pki_types::CertificateDer<'static>>,
    key: rustls_pki_types::PrivateKeyDer<'static>,
) -> Result<Arc<rustls::ServerConfig>, Box<dyn std::error::Error>> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(certs, key)?;
    Ok(Arc::new(config))
}

fn tls(cert: &str, key: &str) -> Result<Arc<rustls::ServerConfig>, Box<dyn std::error::Error>> {
    let certs = rustls_pki_types::pem::PemObject::pem_file_iter(cert)?.collect::<Result<Vec<_>, _>>()?;
    server_config(certs, rustls_pki_types::pem::PemObject::from_pem_file(key)?)
}

/// A throwaway CA and a certificate it signs for the loopback names, for trying the webhook out;
/// the CA's PEM goes to `ca_path`, for the configuration's `caBundle`.
fn self_signed(ca_path: &str) -> Result<Arc<rustls::ServerConfig>, Box<dyn std::error::Error>> {
    use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};
    let ca_key = KeyPair::generate()?;
    let mut ca = CertificateParams::new(Vec::<String>::new())?;
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name.push(DnType::CommonName, "kapi webhook example CA");
    let ca = ca.self_signed(&ca_key)?;
    let key = KeyPair::generate()?;
    let cert =
        CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])?.signed_by(&key, &ca, &ca_key)?;
    std::fs::write(ca_path, ca.pem())?;
    server_config(vec![cert.der().clone()], rustls_pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (addr, tls) = match args.as_slice() {
        [_, addr, flag, ca] if flag == "--self-signed" => (addr, self_signed(ca)?),
        [_, addr, cert, key] => (addr, tls(cert, key)?),
        _ => return Err("usage: hyper <address> (<tls.crt> <tls.key> | --self-signed <ca.crt>)".into()),
    };
    let listener = tokio::net::TcpListener::bind(addr).await?;
    // The bound address: port 0 asks the system for a free one.
    eprintln!("serving on https://{}", listener.local_addr()?);
    kapi_webhook::serve(listener, Some(tls), default_team, Limits::default()).await;
    Ok(())
}
