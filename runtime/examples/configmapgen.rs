//! A controller for a custom resource: each `ConfigMapGenerator` gets a ConfigMap it owns, kept in line when the generator changes and recreated when someone deletes it.
//!
//! Runs against an in-process test server: creates a generator, changes it, deletes the owned
//! ConfigMap behind the controller's back, and shows the controller putting things right.

use std::sync::Arc;
use std::time::Duration;

use kapi_api::core::v1::ConfigMap;
use kapi_api::meta::v1::{ApplyOptions, CreateOptions, DeleteOptions, ListMeta, ObjectMeta, PatchOptions};
use kapi_client::informer::InformerConfig;
use kapi_client::{Api, Client, Patch};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;
use kapi_runtime::wait::await_condition_for;
use kapi_runtime::{Action, Config, Controller, ResourceExt};
use kapi_testing::ApiServer;

/// Asks for a ConfigMap holding `content` under the key `content`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct ConfigMapGenerator {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub spec: ConfigMapGeneratorSpec,
}

/// What the user wants in the ConfigMap.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct ConfigMapGeneratorSpec {
    #[kapi(proto = 1, omitempty)]
    pub content: String,
}

/// A list of generators.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct ConfigMapGeneratorList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Vec<ConfigMapGenerator>,
}

kapi_client::resource!(
    ConfigMapGenerator,
    ConfigMapGeneratorList,
    resource = "configmapgenerators",
    namespaced = true,
    protobuf = false,
    verbs = ["create", "update", "delete", "get", "list", "watch", "patch"],
    subresources = [],
);

struct Ctx {
    client: Client,
}

/// Makes the owned ConfigMap what the generator says, with server-side apply: the same request
/// creates it or updates it, and is a no-op when nothing changed.
async fn reconcile(generator: Arc<ConfigMapGenerator>, ctx: Arc<Ctx>) -> Result<Action, kapi_client::Error> {
    let owner = generator
        .controller_owner_ref()
        .ok_or_else(|| kapi_client::Error::InvalidRequest("the generator has no UID".into()))?;
    let name = format!("{}-generated", generator.name_any());
    let cm = ConfigMap {
        metadata: ObjectMeta {
            name: name.clone(),
            namespace: generator.metadata.namespace.clone(),
            owner_references: vec![owner],
            ..Default::default()
        },
        data: [("content".to_string(), generator.spec.content.clone())].into(),
        ..Default::default()
    };
    let api: Api<ConfigMap> = Api::namespaced(ctx.client.clone(), &generator.metadata.namespace);
    let options = ApplyOptions { field_manager: "configmapgen-controller".into(), force: true, ..Default::default() };
    api.apply_object(&name, &cm, &options).await?;
    println!("reconciled {}: {name} holds {:?}", generator.name_any(), generator.spec.content);
    // Nothing to do until the generator or its ConfigMap changes; a resync an hour later
    // catches anything missed.
    Ok(Action::requeue(Duration::from_secs(3600)))
}

fn error_policy(generator: Arc<ConfigMapGenerator>, error: &kapi_client::Error, _ctx: Arc<Ctx>) -> Action {
    eprintln!("reconciling {} failed: {error}", generator.name_any());
    Action::requeue_rate_limited()
}

/// Waits until the generated ConfigMap holds `content`.
async fn generated(api: &Api<ConfigMap>, content: &str) -> Result<(), Box<dyn std::error::Error>> {
    let holds =
        |cm: Option<&ConfigMap>| cm.is_some_and(|cm| cm.data.get("content").map(String::as_str) == Some(content));
    await_condition_for(api.clone(), "greeting-generated", holds, Duration::from_secs(10)).await?;
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = Arc::new(ApiServer::new());
    server.register::<ConfigMapGenerator>()?;
    server.register::<ConfigMap>()?;
    let client = Client::new(server, "https://kapi.test")?;

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    // Changes of owned ConfigMaps (`ownerReferences` naming a generator) requeue the owner.
    let controller = Controller::new(Api::<ConfigMapGenerator>::all(client.clone()), Config::default())
        .owns(Api::<ConfigMap>::all(client.clone()), InformerConfig::default())
        .graceful_shutdown_on(async move {
            let _ = stopped.await;
        })
        .run(reconcile, error_policy, Arc::new(Ctx { client: client.clone() }));
    let controller = tokio::spawn(controller);

    let generators: Api<ConfigMapGenerator> = Api::namespaced(client.clone(), "default");
    let config_maps: Api<ConfigMap> = Api::namespaced(client.clone(), "default");
    let generator = ConfigMapGenerator {
        metadata: ObjectMeta { name: "greeting".into(), ..Default::default() },
        spec: ConfigMapGeneratorSpec { content: "hello".into() },
        ..Default::default()
    };
    generators.create(&generator, &CreateOptions::default()).await?;
    generated(&config_maps, "hello").await?;
    println!("created: greeting-generated holds hello");

    let change = Patch::Merge(br#"{"spec": {"content": "bonjour"}}"#.to_vec());
    generators.patch("greeting", &change, &PatchOptions::default()).await?;
    generated(&config_maps, "bonjour").await?;
    println!("changed: greeting-generated holds bonjour");

    config_maps.delete("greeting-generated", &DeleteOptions::default()).await?;
    generated(&config_maps, "bonjour").await?;
    println!("deleted by hand, recreated: greeting-generated holds bonjour");

    stop.send(()).map_err(|()| "the controller ended early")?;
    controller.await??;
    Ok(())
}
