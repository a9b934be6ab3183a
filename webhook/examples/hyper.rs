//! A mutating admission webhook served over TLS with `kapi_webhook::serve`: it adds a default
//! `team` label to pods and records (outside dry runs) how many it changed.
//!
//! Run: `cargo run -p kapi-webhook --example hyper -- 0.0.0.0:8443 tls.crt tls.key`, and register
//! it with a `MutatingWebhookConfiguration` whose `sideEffects` is `NoneOnDryRun` (the counter
//! is a side effect, skipped on dry runs) and whose `caBundle` signs `tls.crt`.

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

fn tls(cert: &str, key: &str) -> Result<Arc<rustls::ServerConfig>, Box<dyn std::error::Error>> {
    let certs = rustls_pki_types::pem::PemObject::pem_file_iter(cert)?.collect::<Result<Vec<_>, _>>()?;
    let key = rustls_pki_types::pem::PemObject::from_pem_file(key)?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(certs, key)?;
    Ok(Arc::new(config))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, addr, cert, key] = args.as_slice() else {
        return Err("usage: hyper <address> <tls.crt> <tls.key>".into());
    };
    let listener = tokio::net::TcpListener::bind(addr).await?;
    eprintln!("serving on https://{addr}");
    kapi_webhook::serve(listener, Some(tls(cert, key)?), default_team, Limits::default()).await;
    Ok(())
}
