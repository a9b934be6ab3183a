//! Discovery and dynamic objects: finds what the server serves, maps a name to its resource and works on objects of a kind this program was not compiled with.
//!
//! ```text
//! cargo run -p kapi-testing --example serve -- kapi.kubeconfig &   # a test server, once
//! cargo run -p kapi-client --example dynamic                        # against it
//! cargo run -p kapi-client --example dynamic -- --infer --resource deploy
//! ```

mod common;

use clap::Parser;
use kapi_api::meta::v1::{DeleteOptions, GetOptions, ListOptions};
use kapi_client::{Discovery, DynamicApi, DynamicObject, RestMapper};

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
    /// What to list, as kubectl takes it: plural, singular, short name or kind, optionally `.group`.
    #[arg(long, default_value = "cm")]
    resource: String,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);

    // Two requests (aggregated discovery) tell every group, version and resource the server has.
    let discovery = Discovery::run(&client).await?;
    let served = discovery.resources().count();
    println!("discovered {} groups, {served} resources ({:?} discovery)", discovery.groups.len(), discovery.source);

    // The REST mapper resolves what a user typed the way kubectl does (`cm` → configmaps).
    let mapper = RestMapper::new(&discovery);
    let resource = mapper.find(&args.resource)?;
    println!(
        "{} is {}/{} {} (namespaced: {})",
        args.resource, resource.group, resource.version, resource.kind, resource.namespaced
    );
    let api = if resource.namespaced {
        DynamicApi::namespaced(&client, &resource, &namespace)?
    } else {
        DynamicApi::cluster(&client, &resource)?
    };

    // Only a config map can be written without knowing its schema; other kinds are listed.
    if resource.kind == "ConfigMap" && resource.group.is_empty() {
        let obj = DynamicObject::from_json(
            br#"{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "dynamic-demo"}, "data": {"greeting": "hello"}}"#,
        )?;
        match api.delete("dynamic-demo", &DeleteOptions::default()).await {
            Err(e) if e.is_not_found() => {}
            Err(e) => return Err(e.into()),
            Ok(_) => {}
        }
        api.create(&obj, &Default::default()).await?;
        let back = api.get("dynamic-demo", &GetOptions::default()).await?;
        // Untyped members are JSON values, reached by path.
        let greeting = back.pointer(&["data", "greeting"]).and_then(|v| v.as_str()).unwrap_or_default();
        println!(
            "created {}/{} (uid {}): data.greeting={greeting}",
            back.metadata.namespace, back.metadata.name, back.metadata.uid
        );
    }
    for obj in api.list(&ListOptions::default()).await?.items {
        println!("dynamic  {} {}/{}", obj.kind, obj.metadata.namespace, obj.metadata.name);
    }
    Ok(())
}
