//! Serves every resource of the enabled groups on loopback (plain HTTP) until stopped, and writes
//! a kubeconfig for it, so that kubectl and other clients can be pointed at the test server.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- /tmp/kapi.kubeconfig
//! kubectl --kubeconfig /tmp/kapi.kubeconfig get pods,deployments,services -A
//! ```

use std::sync::Arc;

use kapi_testing::{ApiServer, TestServer};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "kapi.kubeconfig".into());
    let api = Arc::new(ApiServer::new());
    kapi_client::clientset::register_all(&api)?;
    let server = TestServer::start(api, None).await?;
    std::fs::write(&path, kapi_testing::kubeconfig(server.url()))?;
    println!("serving at {}; kubeconfig written to {path}; Ctrl-C stops", server.url());
    std::future::pending::<()>().await;
    Ok(())
}
