//! `sample-conversion-webhook` as a program: it serves `/convert` over TLS with the certificate
//! it is given, and refuses a command line without one.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

const PROGRAM: &str = env!("CARGO_BIN_EXE_sample-conversion-webhook");

/// Kills the program when the test ends, passed or not.
struct Running(std::process::Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn serves_conversions_over_tls() {
    let dir = std::env::temp_dir().join(format!("kapi-sample-program-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = rcgen::CertificateParams::new(vec!["localhost".to_owned()]).unwrap().self_signed(&key).unwrap();
    let (cert_file, key_file) = (dir.join("tls.crt"), dir.join("tls.key"));
    std::fs::write(&cert_file, cert.pem()).unwrap();
    std::fs::write(&key_file, key.serialize_pem()).unwrap();

    let mut child = Command::new(PROGRAM)
        .args(["--listen", "127.0.0.1:0", "--tls-cert-file"])
        .arg(&cert_file)
        .arg("--tls-private-key-file")
        .arg(&key_file)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let running = Running(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("serving /convert on https://").unwrap_or_else(|| panic!("{line}")).to_owned();

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
