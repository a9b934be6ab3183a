//! Test tooling for kapi clients: object tracker, in-process API server, loopback test server, fake clientset.
//!
//! A dev-dependency. [`fake_clientset`] gives the generated typed clients over an in-process
//! [`ApiServer`] with a real server's semantics (conflicts, dry run, watches, patches, server-side
//! apply, validation, the same `Status` errors); [`TestServer::start`] serves the same server on a
//! loopback port for kubectl or any other client, and [`kubeconfig`] writes the file that points
//! at it. The repository's `docs/test-server.md` lists what it serves and checks.

#![warn(missing_docs)]

mod cel;
pub mod controllers;
pub mod podsecurity;
mod quota;
pub mod server;
pub mod tracker;

#[cfg(feature = "clientset")]
use std::sync::Arc;

#[cfg(feature = "clientset")]
use kapi_client::Client;
#[cfg(feature = "clientset")]
use kapi_client::clientset::Clientset;

pub use controllers::{ControllerHandle, Controllers};
pub use server::audit::{AUDIT_EVENT_LIMIT, AuditPolicy};
pub use server::{ApiServer, Fault, REQUEST_LOG_LIMIT, RequestRecord, RuntimeConfig, ServiceRanges, TestServer};
pub use tracker::ObjectTracker;

/// The base URL of fake clients; `.invalid` so that nothing could ever resolve it.
#[cfg(feature = "clientset")]
pub const FAKE_BASE_URL: &str = "http://fake.kapi.invalid";

/// The fake clientset: the generated typed clients of every group kapi-client enables, talking
/// to an in-process [`ApiServer`] (no network) backed by an [`ObjectTracker`], with a real
/// server's semantics (conflicts, dry run, watches, patches, the same `Status` errors). The
/// server is returned too, so a test can prime the tracker, inject faults or read the requests.
/// Every version of every kind is served (as client-go's fake clientset tracks any type), where
/// a [`TestServer`] serves a v1.36 server's default versions; each group-resource still keeps
/// one store, so an object written in one version reads back in every other.
///
/// ```
/// use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
/// use kapi_api::meta::v1::{CreateOptions, GetOptions, ObjectMeta};
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), kapi_client::Error> {
/// let (clientset, server) = kapi_testing::fake_clientset()?;
/// let hooks = clientset.admissionregistration_v1().validating_webhook_configurations();
/// let hook = ValidatingWebhookConfiguration {
///     metadata: ObjectMeta { name: "hook".into(), ..Default::default() },
///     ..Default::default()
/// };
/// hooks.create(&hook, &CreateOptions::default()).await?;
/// assert!(!hooks.get("hook", &GetOptions::default()).await?.metadata.uid.is_empty());
/// assert_eq!(server.requests().len(), 2);
/// # Ok(())
/// # }
/// ```
#[cfg(feature = "clientset")]
pub fn fake_clientset() -> Result<(Clientset, Arc<ApiServer>), kapi_client::Error> {
    let server = Arc::new(ApiServer::serving_everything());
    server.register_builtin();
    let client = Client::new(server.clone(), FAKE_BASE_URL)?;
    Ok((Clientset::new(client), server))
}

/// A kubeconfig for a plain-HTTP test server at `url` (no credentials; namespace `default`), for
/// pointing kubectl and other kubeconfig readers at a [`TestServer`].
pub fn kubeconfig(url: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: kapi-testing\n  cluster:\n    server: {url}\n\
         users:\n- name: kapi-testing\n  user: {{}}\ncontexts:\n- name: kapi-testing\n  context:\n    \
         cluster: kapi-testing\n    user: kapi-testing\n    namespace: default\ncurrent-context: kapi-testing\n"
    )
}
