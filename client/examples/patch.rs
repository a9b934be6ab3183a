//! The three patch kinds on one deployment: a JSON merge patch, a strategic merge patch (containers merged by name) and an RFC 6902 JSON patch.
//!
//! ```text
//! cargo run -p kapi-client --example patch
//! ```

mod common;

use clap::Parser;
use kapi_api::apps::v1::{Deployment, DeploymentSpec};
use kapi_api::core::v1::{Container, PodSpec, PodTemplateSpec};
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, LabelSelector, ObjectMeta, PatchOptions};
use kapi_client::Patch;

#[derive(Debug, Parser)]
struct Args {
    #[command(flatten)]
    connection: common::Connection,
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    common::exit(run(Args::parse()).await)
}

fn deployment() -> Deployment {
    let labels: std::collections::BTreeMap<String, String> = [("app".to_string(), "patch-web".to_string())].into();
    Deployment {
        metadata: ObjectMeta { name: "patch-web".into(), labels: labels.clone(), ..Default::default() },
        spec: DeploymentSpec {
            replicas: Some(1),
            selector: Some(LabelSelector { match_labels: labels.clone(), ..Default::default() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta { labels, ..Default::default() },
                spec: PodSpec {
                    containers: Some(vec![Container {
                        name: "web".into(),
                        image: "nginx:1.27".into(),
                        ..Default::default()
                    }]),
                    ..Default::default()
                },
            },
            ..Default::default()
        },
        ..Default::default()
    }
}

fn containers(d: &Deployment) -> String {
    let list = d.spec.template.spec.containers.iter().flatten();
    list.map(|c| format!("{}={}", c.name, c.image)).collect::<Vec<_>>().join(",")
}

async fn run(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let client = args.connection.client()?;
    let deployments = client.namespaced::<Deployment>(&args.connection.namespace_of(&client));
    match deployments.delete("patch-web", &DeleteOptions::default()).await {
        Err(e) if e.is_not_found() => {}
        Err(e) => return Err(e.into()),
        Ok(_) => {}
    }
    deployments.create(&deployment(), &CreateOptions::default()).await?;
    let options = PatchOptions::default();

    // Merge patch (RFC 7386): maps merge, `null` deletes a key, and lists are replaced whole.
    let merge = Patch::Merge(br#"{"metadata": {"labels": {"tier": "frontend"}}}"#.to_vec());
    let d = deployments.patch("patch-web", &merge, &options).await?;
    println!("merge:     labels={:?}", d.metadata.labels);

    // Strategic merge patch: the schema says containers merge by `name`, so this adds a sidecar
    // and keeps `web`; a merge patch would have replaced the list.
    let strategic = Patch::StrategicMerge(
        br#"{"spec": {"template": {"spec": {"containers": [{"name": "log", "image": "busybox"}]}}}}"#.to_vec(),
    );
    let d = deployments.patch("patch-web", &strategic, &options).await?;
    println!("strategic: containers={}", containers(&d));

    // JSON patch (RFC 6902): operations on paths, with `test` as a precondition that fails the
    // whole patch if the value differs.
    let json = Patch::Json(
        br#"[{"op": "test", "path": "/spec/replicas", "value": 1},
             {"op": "replace", "path": "/spec/replicas", "value": 3},
             {"op": "replace", "path": "/spec/template/spec/containers/0/image", "value": "nginx:1.28"}]"#
            .to_vec(),
    );
    let d = deployments.patch("patch-web", &json, &options).await?;
    println!("json:      replicas={:?} containers={}", d.spec.replicas, containers(&d));
    Ok(())
}
