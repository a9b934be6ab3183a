//! `sample-conversion-webhook` as a program: it serves `/convert` over TLS with the certificate
//! it is given, and refuses a command line without one.

use std::process::Command;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support;

use support::{PROGRAM, start_program};

#[tokio::test]
async fn serves_conversions_over_tls() {
    let dir = std::env::temp_dir().join(format!("kapi-sample-program-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (running, addr, cert) = start_program(&dir, "localhost");

    let mut roots = rustls::RootCertStore::empty();
    roots.add(cert.der().clone()).unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
    let mut tls = tokio_rustls::TlsConnector::from(Arc::new(client)).connect(name, tcp).await.unwrap();
    let body = r#"{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"p-1","desiredAPIVersion":"samples.example.com/v1","objects":[{"apiVersion":"samples.example.com/v2","kind":"Foo","metadata":{"name":"a"},"spec":{"image":{"repository":"nginx","tag":"1.27"}}}]}}"#;
    let request = format!(
        "POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    tls.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    // The server closes without a TLS close_notify once it has answered; what arrived is enough.
    let _ = tls.read_to_end(&mut out).await;
    let out = String::from_utf8(out).unwrap();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    assert!(out.contains(r#""uid":"p-1""#) && out.contains(r#""status":"Success""#), "{out}");
    assert!(out.contains(r#""image":"nginx:1.27""#), "{out}");
    drop(running);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refuses_a_command_line_without_a_certificate() {
    let out = Command::new(PROGRAM).args(["--listen", "127.0.0.1:0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("`--tls-cert-file` and `--tls-private-key-file` are required"), "{stderr}");
    let out = Command::new(PROGRAM).arg("--port").output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown argument `--port`"));
}
