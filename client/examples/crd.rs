//! A custom resource from definition to `kubectl get`: creates a CustomResourceDefinition, waits until it is Established, then creates and lists objects of the new kind.
//!
//! ```text
//! cargo run -p kapi-client --example crd
//! kubectl --kubeconfig kapi.kubeconfig get crontabs      # the printer columns of the definition
//! ```

mod common;

use std::pin::pin;
use std::time::Duration;

use clap::Parser;
use kapi_api::apiextensions::v1::CustomResourceDefinition;
use kapi_api::meta::v1::{CreateOptions, ListOptions};
use kapi_client::watcher::Event;
use kapi_client::{Discovery, DynamicApi, DynamicObject, RestMapper, StreamExt, WatcherConfig, watcher};

/// The definition, as it would sit in a manifest: one version, a schema and the columns
/// `kubectl get` prints.
const DEFINITION: &str = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  scope: Namespaced
  names: {plural: crontabs, singular: crontab, kind: CronTab, shortNames: [ct]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              cronSpec: {type: string}
              image: {type: string}
              replicas: {type: integer, minimum: 1}
    additionalPrinterColumns:
    - {name: Spec, type: string, jsonPath: .spec.cronSpec}
    - {name: Replicas, type: integer, jsonPath: .spec.replicas}
"#;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

fn established(crd: &CustomResourceDefinition) -> bool {
    crd.status.conditions.iter().flatten().any(|c| c.r#type.0 == "Established" && c.status.0 == "True")
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);
    let crds = client.api::<CustomResourceDefinition>();

    let json = kapi_machinery::yaml::yaml_to_json(DEFINITION.as_bytes(), true)?;
    let crd: CustomResourceDefinition = kapi_machinery::json::from_slice(&json)?;
    match crds.create(&crd, &CreateOptions::default()).await {
        Ok(_) => println!("created {}", crd.metadata.name),
        Err(e) if e.is_already_exists() => println!("{} exists already", crd.metadata.name),
        Err(e) => return Err(e.into()),
    }

    // The kind is served once the definition is Established; watch it (by name) until then, as
    // `kubectl wait --for=condition=Established` does.
    let config = WatcherConfig::default().fields(format!("metadata.name={}", crd.metadata.name));
    let mut events = pin!(watcher(crds.clone(), config));
    let wait = async {
        while let Some(event) = events.next().await {
            if let Event::InitApply(c) | Event::Apply(c) = event?
                && established(&c)
            {
                return Ok::<_, kapi_client::Error>(true);
            }
        }
        Ok(false)
    };
    if !tokio::time::timeout(Duration::from_secs(10), wait).await?? {
        return Err("the definition never became Established".into());
    }
    println!("established {}", crd.metadata.name);

    // The program has no Rust type for CronTab: discovery finds the new resource by kind.
    let mapper = RestMapper::new(&Discovery::run(&client).await?);
    let crontabs = DynamicApi::namespaced(&client, &mapper.find("crontab.stable.example.com")?, &namespace)?;
    for (name, schedule, replicas) in [("nightly", "0 3 * * *", 1), ("hourly", "0 * * * *", 2)] {
        let obj = DynamicObject::from_json(
            format!(
                r#"{{"apiVersion": "stable.example.com/v1", "kind": "CronTab", "metadata": {{"name": "{name}"}},
                    "spec": {{"cronSpec": "{schedule}", "image": "busybox", "replicas": {replicas}}}}}"#
            )
            .as_bytes(),
        )?;
        match crontabs.create(&obj, &CreateOptions::default()).await {
            Ok(_) => {}
            Err(e) if e.is_already_exists() => {}
            Err(e) => return Err(e.into()),
        }
    }
    for ct in crontabs.list(&ListOptions::default()).await?.items {
        let spec = ct.pointer(&["spec", "cronSpec"]).and_then(|v| v.as_str()).unwrap_or_default();
        println!("crontab  {}/{} {spec}", ct.metadata.namespace, ct.metadata.name);
    }
    Ok(())
}
