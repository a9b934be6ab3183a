//! An admission webhook mounted as a route of an axum application (plain HTTP here, for running
//! behind a TLS-terminating proxy; `examples/hyper.rs` serves TLS itself).
//!
//! Run: `cargo run -p kapi-webhook --example axum -- 127.0.0.1:8080`, then POST an
//! `AdmissionReview` to `/validate`.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::response::IntoResponse;
use axum::routing::post;
use kapi_webhook::{AdmissionRequest, AdmissionResponse, Limits};

/// Refuses objects without an `owner` label; warns about ones without a `team` label.
async fn require_owner(req: AdmissionRequest) -> AdmissionResponse {
    let labels = req.object.as_ref().and_then(|o| o.get("metadata")).and_then(|m| m.get("labels")).cloned();
    let has = |k: &str| labels.as_ref().is_some_and(|l| l.get(k).is_some());
    if req.object.is_some() && !has("owner") {
        return AdmissionResponse::deny(403, "every object needs an owner label");
    }
    let resp = AdmissionResponse::allow();
    if has("team") { resp } else { resp.with_warning("no team label") }
}

async fn validate(State(limits): State<Arc<Limits>>, request: Request) -> impl IntoResponse {
    kapi_webhook::handle(&require_owner, &limits, request).await
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:8080".into());
    let app = Router::new().route("/validate", post(validate)).with_state(Arc::new(Limits::default()));
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    // The bound address, so that port 0 (any free port) can be used.
    eprintln!("serving /validate on http://{}", listener.local_addr()?);
    axum::serve(listener, app).await
}
