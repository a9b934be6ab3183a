//! `SSL_CERT_FILE` names the CA bundle a configuration without a CA trusts. Alone in its test
//! binary because it sets a process environment variable.

#[allow(dead_code, reason = "this binary starts one plain TLS server, a part of what the module offers")]
mod net_support;
#[path = "../../client/tests/tls_support/mod.rs"]
mod tls_support;

use bytes::Bytes;
use kapi_client::{Config, Error, Service, Transport};
use net_support::{echo, server_tls, start};
use tls_support::{Ca, scratch_dir};

#[tokio::test]
async fn ssl_cert_file_is_the_bundle_when_no_ca_is_configured() {
    let ca = Ca::new("bundle ca");
    let dir = scratch_dir("ssl-cert-file");
    let bundle = dir.join("bundle.pem");
    std::fs::write(&bundle, &ca.cert_pem).unwrap();
    // SAFETY: this binary has this one test, on a current-thread runtime, and nothing else in
    // the process reads or writes the environment while it runs.
    unsafe { std::env::set_var("SSL_CERT_FILE", &bundle) };

    let srv = start(Some(server_tls(&ca.server(&["localhost"]), None)), echo()).await;
    let url = format!("https://localhost:{}", srv.addr.port());
    let t = Transport::new(&Config::new(url.clone()).unwrap()).unwrap();
    let resp = t.call(http::Request::get(format!("{url}/x")).body(Bytes::new()).unwrap()).await.unwrap();
    assert_eq!(resp.status(), 200);

    // A bundle that cannot be read is a configuration error naming the variable.
    // SAFETY: as above.
    unsafe { std::env::set_var("SSL_CERT_FILE", dir.join("missing.pem")) };
    let err = Transport::new(&Config::new(url).unwrap()).unwrap_err();
    assert!(matches!(&err, Error::Config(m) if m.contains("SSL_CERT_FILE")), "{err:?}");
}
