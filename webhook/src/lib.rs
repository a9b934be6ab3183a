//! Admission webhooks: decode an `AdmissionReview` (v1 or v1beta1), let a handler decide, answer
//! in the same version with an allow, a deny, warnings and a JSON Patch computed from the
//! mutated object; conversion webhooks (feature `conversion`): answer a `ConversionReview` by
//! converting through a scheme's hub (module `conversion`); served over hyper with TLS, several
//! at their paths with a [`Router`].
//!
//! ```no_run
//! use kapi_webhook::{AdmissionRequest, AdmissionResponse, Limits};
//!
//! async fn admit(req: AdmissionRequest) -> AdmissionResponse {
//!     let Some(mut obj) = req.object.clone() else { return AdmissionResponse::allow() };
//!     if req.dry_run {
//!         // Nothing will be stored: skip anything that acts outside the object.
//!     }
//!     if let kapi_machinery::json::value::Value::Object(members) = &mut obj {
//!         members.retain(|(k, _)| k != "status");
//!     }
//!     AdmissionResponse::mutate(req.object.as_ref().unwrap(), &obj)
//! }
//!
//! # async fn run(tls: std::sync::Arc<rustls::ServerConfig>) -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("0.0.0.0:8443").await?;
//! kapi_webhook::serve(listener, Some(tls), admit, Limits::default()).await;
//! # Ok(()) }
//! ```

// Every public item is documented; docs.rs shows what a user reads.
#![warn(missing_docs)]

#[cfg(feature = "conversion")]
pub mod conversion;
pub mod patch;
pub mod review;
pub mod server;

#[cfg(feature = "conversion")]
pub use conversion::{
    ConversionRequest, ConversionReviewVersion, Converter, SchemeConverter, convert_request, decode_conversion_review,
    encode_conversion_review,
};
pub use patch::{JsonPatch, PatchOperation};
pub use review::{
    AdmissionRequest, AdmissionResponse, Operation, ReviewError, ReviewVersion, decode_review, encode_request,
    encode_review,
};
pub use server::{Handler, Limits, Router, Webhook, handle, review, serve, serve_with_shutdown};
#[cfg(feature = "conversion")]
pub use server::{conversion_review, handle_conversion};
