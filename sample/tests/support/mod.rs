//! What the sample's suites share: the conversion webhook program started with a throwaway certificate, and one plain HTTP/1.1 exchange.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const PROGRAM: &str = env!("CARGO_BIN_EXE_sample-conversion-webhook");

/// Kills the program when the test ends, passed or not.
pub struct Running(pub std::process::Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `sample-conversion-webhook` on a free loopback port with a self-signed certificate for
/// `dns_name` (written into `dir`): the running program, its address and the certificate.
pub fn start_program(dir: &Path, dns_name: &str) -> (Running, String, rcgen::Certificate) {
    let key = rcgen::KeyPair::generate().unwrap();
    let cert = rcgen::CertificateParams::new(vec![dns_name.to_owned()]).unwrap().self_signed(&key).unwrap();
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
    (running, addr, cert)
}

/// One plain HTTP/1.1 request with a JSON body to `addr`: the status code and the body (a
/// chunked body's data).
pub async fn exchange(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tcp.read_to_end(&mut out).await.unwrap();
    let out = String::from_utf8(out).unwrap();
    let (head, rest) = out.split_once("\r\n\r\n").unwrap();
    let code = head.split(' ').nth(1).unwrap().parse().unwrap();
    if !head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        return (code, rest.to_owned());
    }
    let mut data = String::new();
    let mut rest = rest;
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || tail.len() < n + 2 {
            break;
        }
        data.push_str(&tail[..n]);
        rest = &tail[n + 2..];
    }
    (code, data)
}
