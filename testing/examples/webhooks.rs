//! Lists and watches validating webhook configurations and performs a dry-run create, with the
//! generated clientset.
//!
//! ```text
//! cargo run -p kapi-testing --example webhooks              # against an in-process test server
//! cargo run -p kapi-testing --example webhooks -- --infer   # against the cluster of your kubeconfig
//! ```

use std::future::poll_fn;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use kapi_api::admissionregistration::v1::{
    SideEffectClass, ValidatingWebhook, ValidatingWebhookConfiguration, WebhookClientConfig,
};
use kapi_api::meta::v1::{CreateOptions, ListOptions, ObjectMeta};
use kapi_client::clientset::Clientset;
use kapi_client::{Client, Config, Transport, WatchEvent};
use kapi_testing::{ApiServer, TestServer};

fn webhook_config(name: &str) -> ValidatingWebhookConfiguration {
    ValidatingWebhookConfiguration {
        metadata: ObjectMeta { name: name.into(), ..Default::default() },
        webhooks: vec![ValidatingWebhook {
            name: format!("{name}.example.com"),
            client_config: WebhookClientConfig {
                url: Some("https://hook.example.com/validate".into()),
                ..Default::default()
            },
            side_effects: Some(SideEffectClass::from(SideEffectClass::NONE_ON_DRY_RUN)),
            admission_review_versions: Some(vec!["v1".into()]),
            ..Default::default()
        }],
        ..Default::default()
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let infer = std::env::args().any(|a| a == "--infer");
    // Either the cluster of the kubeconfig, or a test server on loopback speaking the API.
    let (clientset, _server) = if infer {
        (Clientset::infer()?, None)
    } else {
        let api = Arc::new(ApiServer::new());
        api.register_builtin();
        let server = TestServer::start(api, None).await?;
        println!("test server at {}", server.url());
        let config = Config::new(server.url())?;
        let client = Client::new(Arc::new(Transport::new(&config)?), server.url())?;
        let clientset = Clientset::new(client);
        let seeded = webhook_config("existing");
        clientset
            .admissionregistration_v1()
            .validating_webhook_configurations()
            .create(&seeded, &CreateOptions::default())
            .await?;
        (clientset, Some(server))
    };
    let api = clientset.admissionregistration_v1().validating_webhook_configurations();

    let list = api.list(&ListOptions::default()).await?;
    println!(
        "{} webhook configuration(s) at resourceVersion {}:",
        list.items.as_ref().map_or(0, Vec::len),
        list.metadata.resource_version
    );
    for c in list.items.as_deref().unwrap_or_default() {
        let hooks: Vec<&str> = c.webhooks.iter().map(|w| w.name.as_str()).collect();
        println!("  {} {:?}", c.metadata.name, hooks);
    }

    let mut events = api
        .watch(&ListOptions {
            resource_version: list.metadata.resource_version.clone(),
            allow_watch_bookmarks: true,
            timeout_seconds: Some(10),
            ..Default::default()
        })
        .await?;

    // A dry run: the object comes back as it would be stored, and nothing is persisted.
    let dry = CreateOptions { dry_run: vec!["All".into()], ..Default::default() };
    let would_be = api.create(&webhook_config("example-dry-run"), &dry).await?;
    println!(
        "dry-run create: name {:?}, uid {:?} (never stored), resourceVersion {:?} (empty), failurePolicy {:?} and timeoutSeconds {:?} (defaulted)",
        would_be.metadata.name,
        would_be.metadata.uid,
        would_be.metadata.resource_version,
        would_be.webhooks[0].failure_policy.as_ref().map(|p| p.as_str()),
        would_be.webhooks[0].timeout_seconds,
    );

    if !infer {
        // Only against the test server: a real create, which the watch reports.
        api.create(&webhook_config("example-created"), &CreateOptions::default()).await?;
        let event = tokio::time::timeout(
            Duration::from_secs(10),
            poll_fn(|cx| futures_core::Stream::poll_next(Pin::new(&mut events), cx)),
        )
        .await?;
        match event {
            Some(Ok(WatchEvent::Added(o))) => println!("watch: ADDED {}", o.metadata.name),
            Some(Ok(other)) => println!("watch: {other:?}"),
            Some(Err(e)) => println!("watch error: {e}"),
            None => println!("watch closed"),
        }
    }
    Ok(())
}
