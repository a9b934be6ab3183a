//! The fake clientset in unit tests: application code written against the generated `Clientset` is tested without a cluster, against an in-process server with the API's semantics.
//!
//! ```text
//! cargo test -p kapi-testing --example fake_clientset    # the tests at the bottom
//! cargo run -p kapi-testing --example fake_clientset     # the same code, once, printing what it did
//! ```

use std::collections::BTreeMap;

use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{CreateOptions, GetOptions, ObjectMeta, UpdateOptions};
use kapi_client::clientset::Clientset;

/// The settings every deployment of the application needs, with their defaults.
const DEFAULTS: [(&str, &str); 2] = [("log-level", "info"), ("workers", "4")];

/// The code under test: makes sure the `app-settings` ConfigMap exists and has every setting,
/// keeping the values someone already set. Returns what is stored.
pub async fn ensure_settings(cs: &Clientset, namespace: &str) -> Result<ConfigMap, kapi_client::Error> {
    let api = cs.core_v1().config_maps(namespace);
    let defaults: BTreeMap<String, String> = DEFAULTS.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    match api.get("app-settings", &GetOptions::default()).await {
        Err(e) if e.is_not_found() => {
            let cm = ConfigMap {
                metadata: ObjectMeta { name: "app-settings".into(), ..Default::default() },
                data: defaults,
                ..Default::default()
            };
            api.create(&cm, &CreateOptions::default()).await
        }
        Err(e) => Err(e),
        Ok(mut cm) => {
            let before = cm.data.len();
            for (k, v) in defaults {
                cm.data.entry(k).or_insert(v);
            }
            if cm.data.len() == before {
                return Ok(cm);
            }
            // The update carries the resourceVersion read above: a concurrent writer makes it a
            // 409 Conflict rather than a lost update.
            api.update(&cm, &UpdateOptions::default()).await
        }
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (cs, server) = kapi_testing::fake_clientset()?;
    let cm = ensure_settings(&cs, "default").await?;
    println!("ensured app-settings: {:?}", cm.data);
    for r in server.requests() {
        println!("  {} {}", r.method, r.path);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use kapi_testing::{Fault, fake_clientset};

    use super::*;

    #[tokio::test]
    async fn creates_the_settings_when_missing() {
        let (cs, server) = fake_clientset().expect("the fake starts");
        let cm = ensure_settings(&cs, "default").await.expect("ensured");
        assert_eq!(cm.data.get("workers").map(String::as_str), Some("4"));
        // The server recorded what the code sent: a read that found nothing, then a create.
        let sent: Vec<String> = server.requests().iter().map(|r| format!("{} {}", r.method, r.path)).collect();
        assert_eq!(
            sent,
            ["GET /api/v1/namespaces/default/configmaps/app-settings", "POST /api/v1/namespaces/default/configmaps"]
        );
    }

    #[tokio::test]
    async fn keeps_values_already_set() {
        let (cs, _server) = fake_clientset().expect("the fake starts");
        let existing = ConfigMap {
            metadata: ObjectMeta { name: "app-settings".into(), ..Default::default() },
            data: [("workers".to_string(), "16".to_string())].into(),
            ..Default::default()
        };
        cs.core_v1().config_maps("default").create(&existing, &CreateOptions::default()).await.expect("seeded");
        let cm = ensure_settings(&cs, "default").await.expect("ensured");
        assert_eq!(cm.data.get("workers").map(String::as_str), Some("16"));
        assert_eq!(cm.data.get("log-level").map(String::as_str), Some("info"));
        // Stored, not only returned.
        let stored =
            cs.core_v1().config_maps("default").get("app-settings", &GetOptions::default()).await.expect("read");
        assert_eq!(stored.data, cm.data);
    }

    #[tokio::test]
    async fn reports_server_errors() {
        let (cs, server) = fake_clientset().expect("the fake starts");
        // Faults make the next matching request fail, as a real server might.
        server.fail_next(Fault::status(403, "Forbidden", "configmaps is forbidden"));
        let e = ensure_settings(&cs, "default").await.expect_err("the read was refused");
        assert!(e.to_string().contains("forbidden"), "{e}");
    }
}
