//! The conversion webhook of `samples.example.com`: serves `/convert` over TLS, converting Foos between v1 and v2 through the hub.

use std::process::ExitCode;
use std::sync::Arc;

use kapi_webhook::{Limits, Router};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

const USAGE: &str = "usage: sample-conversion-webhook [--listen <address:port>] --tls-cert-file <cert.pem> --tls-private-key-file <key.pem>";

/// What the command line asks for.
struct Flags {
    listen: String,
    cert: String,
    key: String,
}

fn flags(mut args: impl Iterator<Item = String>) -> Result<Flags, String> {
    let (mut listen, mut cert, mut key) = ("0.0.0.0:8443".to_owned(), None, None);
    while let Some(flag) = args.next() {
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
            None => (flag.clone(), None),
        };
        let slot = match name.as_str() {
            "--listen" => &mut listen,
            "--tls-cert-file" => cert.insert(String::new()),
            "--tls-private-key-file" => key.insert(String::new()),
            "-h" | "--help" => return Err(USAGE.to_owned()),
            _ => return Err(format!("unknown argument `{flag}`\n{USAGE}")),
        };
        *slot = match inline.or_else(|| args.next()) {
            Some(v) => v,
            None => return Err(format!("`{name}` needs a value\n{USAGE}")),
        };
    }
    match (cert, key) {
        (Some(cert), Some(key)) => Ok(Flags { listen, cert, key }),
        _ => Err(format!("`--tls-cert-file` and `--tls-private-key-file` are required\n{USAGE}")),
    }
}

fn tls(cert: &str, key: &str) -> Result<Arc<rustls::ServerConfig>, String> {
    let certs = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("reading {cert}: {e}"))?;
    let key = PrivateKeyDer::from_pem_file(key).map_err(|e| format!("reading {key}: {e}"))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .and_then(|b| b.with_no_client_auth().with_single_cert(certs, key))
        .map_err(|e| format!("the serving certificate: {e}"))?;
    Ok(Arc::new(config))
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let run = async {
        let flags = flags(std::env::args().skip(1))?;
        let tls = tls(&flags.cert, &flags.key)?;
        let converter = kapi_sample::converter().map_err(|e| format!("the scheme: {e}"))?;
        let listener = tokio::net::TcpListener::bind(&flags.listen)
            .await
            .map_err(|e| format!("listening on {}: {e}", flags.listen))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        println!("serving /convert on https://{addr}");
        kapi_webhook::serve(listener, Some(tls), Router::new().conversion("/convert", converter), Limits::default())
            .await;
        Ok::<(), String>(())
    };
    match run.await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sample-conversion-webhook: {e}");
            ExitCode::from(2)
        }
    }
}
