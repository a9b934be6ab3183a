//! Kubeconfig contexts and exec credential plugins: adds a user whose token comes from a plugin (a small shell script written here) and a context for it, then asks the server who each context is.
//!
//! ```text
//! kapi-test-server --write-kubeconfig kapi.kubeconfig --token-auth-file tokens.csv &   # tokens.csv: example-token,alice,1001,"example-devs"
//! cargo run -p kapi-client --example kubeconfig -- --token example-token
//! ```

mod common;

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use clap::Parser;
use kapi_api::authentication::v1::SelfSubjectReview;
use kapi_api::meta::v1::CreateOptions;
use kapi_client::kubeconfig::{AuthInfo, Context, ExecConfig, ExecEnvVar, NamedAuthInfo, NamedContext};
use kapi_client::{Client, Config, Kubeconfig};

#[derive(Debug, Parser)]
struct Args {
    /// The kubeconfig to start from: its current context's cluster is reused.
    #[command(flatten)]
    connection: common::Connection,
    /// The bearer token the plugin hands out.
    #[arg(long, default_value = "example-token")]
    token: String,
}

/// A credential plugin speaks `client.authentication.k8s.io/v1` on its standard output; real
/// ones (aws, gke-gcloud-auth-plugin, kubelogin) fetch the token and say when it expires.
const PLUGIN: &str = r#"#!/bin/sh
printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"%s"}}\n' "$EXAMPLE_TOKEN"
"#;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

/// Who the server says the client is (`kubectl auth whoami`).
async fn whoami(client: &Client) -> Result<String, kapi_client::Error> {
    let review =
        client.api::<SelfSubjectReview>().create(&SelfSubjectReview::default(), &CreateOptions::default()).await?;
    let user = review.status.user_info;
    Ok(format!("{} (groups: {})", user.username, user.groups.join(",")))
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::temp_dir().join(format!("kapi-kubeconfig-example-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = with_dir(&args, &dir).await;
    std::fs::remove_dir_all(&dir)?;
    result
}

async fn with_dir(args: &Args, dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let plugin = dir.join("token-plugin.sh");
    std::fs::write(&plugin, PLUGIN)?;
    std::fs::set_permissions(&plugin, std::fs::Permissions::from_mode(0o755))?;

    // The client of the kubeconfig as given, and who it is.
    let client = args.connection.client()?;
    let namespace = args.connection.namespace_of(&client);
    let source = if args.connection.infer {
        kapi_client::kubeconfig::default_path()
            .ok_or("no kubeconfig: KUBECONFIG is unset and there is no home directory")?
    } else {
        args.connection.kubeconfig.clone()
    };
    let mut kubeconfig = Kubeconfig::read(&source)?;
    let current = kubeconfig.select(None, &source.display().to_string())?;
    let (first, cluster) = (current.context_name.to_owned(), current.context.cluster.clone());
    println!("context {first} (as given): {}", whoami(&client).await?);
    kubeconfig.auth_infos.push(NamedAuthInfo {
        name: "exec-user".into(),
        user: AuthInfo {
            exec: Some(ExecConfig {
                api_version: "client.authentication.k8s.io/v1".into(),
                command: plugin.display().to_string(),
                env: vec![ExecEnvVar { name: "EXAMPLE_TOKEN".into(), value: args.token.clone() }],
                interactive_mode: "Never".into(),
                install_hint: "the example writes this script itself".into(),
                ..Default::default()
            }),
            ..Default::default()
        },
    });
    kubeconfig.contexts.push(NamedContext {
        name: "exec-context".into(),
        context: Context { cluster, auth_info: "exec-user".into(), namespace, ..Default::default() },
    });
    // JSON is YAML, so the encoder of the kubeconfig type writes a file kubectl reads too.
    let path = dir.join("kubeconfig");
    std::fs::write(&path, kapi_machinery::json::to_vec_pretty(&kubeconfig)?)?;

    // One file, several contexts: the client is chosen by context name, as `kubectl --context`
    // chooses; the plugin runs when the first request needs a token.
    let client = Client::try_from_config(&Config::from_kubeconfig_file(&path, Some("exec-context"))?)?;
    println!("context exec-context: {}", whoami(&client).await?);
    Ok(())
}
