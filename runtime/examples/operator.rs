//! A complete operator: a `Website` custom resource whose controller keeps an owned ConfigMap
//! (the page) and Deployment (the server) in line with it, reports a `Ready` condition, records
//! events, holds a finalizer and runs under leader election. By default it runs against an
//! in-process test server and plays the cluster's part (a Deployment rolls out when the demo says
//! so); `--cluster` runs it against the kubeconfig's cluster until Ctrl-C.

use std::sync::Arc;
use std::time::Duration;

use kapi_api::apps::v1::{Deployment, DeploymentSpec};
use kapi_api::coordination::v1::Lease;
use kapi_api::core::v1::{ConfigMap, ConfigMapVolumeSource, Container, PodSpec, PodTemplateSpec, Volume, VolumeMount};
use kapi_api::events::v1::Event as KubeEvent;
use kapi_api::meta::v1::{
    Condition, CreateOptions, DeleteOptions, LabelSelector, ListMeta, ListOptions, ObjectMeta, UpdateOptions,
};
use kapi_client::informer::{InformerConfig, SharedInformer};
use kapi_client::{Api, Client, ListResource};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;
use kapi_runtime::events::{EventRecord, EventType, Recorder, Reporter};
use kapi_runtime::ext::{condition, is_status_condition_true, set_status_condition};
use kapi_runtime::finalizer::{Event, FinalizerError, finalizer};
use kapi_runtime::leader::{LeaderElectionConfig, LeaderElector};
use kapi_runtime::metrics::{Registry, global_registry};
use kapi_runtime::transform::Transformed;
use kapi_runtime::wait::await_condition_for;
use kapi_runtime::{Action, Config, Controller, ResourceExt, predicates};
use kapi_testing::ApiServer;

const FINALIZER: &str = "websites.example.kapi.io/cleanup";

/// A website: `replicas` servers showing `content`.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct Website {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(proto = 2, omitempty)]
    pub spec: WebsiteSpec,
    #[kapi(proto = 3, omitempty)]
    pub status: WebsiteStatus,
}

/// What the user wants.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WebsiteSpec {
    #[kapi(proto = 1, omitempty)]
    pub replicas: i32,
    #[kapi(proto = 2, omitempty)]
    pub content: String,
}

/// What the operator observed.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
pub struct WebsiteStatus {
    #[kapi(proto = 1, omitempty)]
    pub conditions: Vec<Condition>,
}

/// A list of websites.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "example.kapi.io", version = "v1")]
pub struct WebsiteList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(proto = 1, omitempty)]
    pub metadata: ListMeta,
    #[kapi(proto = 2)]
    pub items: Vec<Website>,
}

kapi_client::resource!(
    Website,
    WebsiteList,
    resource = "websites",
    namespaced = true,
    protobuf = false,
    verbs = ["create", "update", "delete", "get", "list", "watch", "patch"],
    subresources = ["status"],
);

#[derive(Debug, thiserror::Error)]
enum Error {
    #[error("{0}")]
    Api(#[from] kapi_client::Error),
    #[error("website has no UID; it was not read from the server")]
    NoUid,
}

/// What reconciles share: the client, the caches of owned objects, the recorder.
struct Ctx {
    client: Client,
    config_maps: SharedInformer<ConfigMap>,
    deployments: SharedInformer<Deployment>,
    recorder: Recorder,
}

fn owned_meta(site: &Website, name: String) -> Result<ObjectMeta, Error> {
    Ok(ObjectMeta {
        name,
        namespace: site.metadata.namespace.clone(),
        labels: [("app".to_string(), site.metadata.name.clone())].into(),
        owner_references: vec![site.controller_owner_ref().ok_or(Error::NoUid)?],
        ..Default::default()
    })
}

fn desired_config_map(site: &Website) -> Result<ConfigMap, Error> {
    Ok(ConfigMap {
        metadata: owned_meta(site, format!("{}-content", site.metadata.name))?,
        data: [("index.html".to_string(), site.spec.content.clone())].into(),
        ..Default::default()
    })
}

fn desired_deployment(site: &Website) -> Result<Deployment, Error> {
    let labels = [("app".to_string(), site.metadata.name.clone())].into_iter().collect();
    let mut volume = Volume { name: "content".into(), ..Default::default() };
    let mut source = ConfigMapVolumeSource::default();
    source.local_object_reference.name = format!("{}-content", site.metadata.name);
    volume.volume_source.config_map = Some(Box::new(source));
    let pod = PodSpec {
        containers: Some(vec![Container {
            name: "web".into(),
            image: "nginx:1.27".into(),
            volume_mounts: vec![VolumeMount {
                name: "content".into(),
                mount_path: "/usr/share/nginx/html".into(),
                ..Default::default()
            }],
            ..Default::default()
        }]),
        volumes: vec![volume],
        ..Default::default()
    };
    Ok(Deployment {
        metadata: owned_meta(site, site.metadata.name.clone())?,
        spec: DeploymentSpec {
            replicas: Some(site.spec.replicas),
            selector: Some(LabelSelector { match_labels: labels, ..Default::default() }),
            template: PodTemplateSpec {
                metadata: ObjectMeta {
                    labels: [("app".to_string(), site.metadata.name.clone())].into(),
                    ..Default::default()
                },
                spec: pod,
            },
            ..Default::default()
        },
        ..Default::default()
    })
}

/// Records an event; events of the same reason and action about the same website form a series.
async fn note(ctx: &Ctx, site: &Website, type_: EventType, reason: &str, action: &str, note: String) {
    let record = EventRecord { type_, reason: reason.into(), note: Some(note), action: action.into(), related: None };
    if let Err(e) = ctx.recorder.publish(&record, &site.object_reference()).await {
        eprintln!("could not record an event: {e}");
    }
}

/// Brings the owned objects and the status in line with the website; reads owned objects from
/// the caches, writes only what differs.
async fn apply(site: Arc<Website>, ctx: &Ctx) -> Result<Action, Error> {
    let ns = &site.metadata.namespace;
    let cm = desired_config_map(&site)?;
    let cms: Api<ConfigMap> = Api::namespaced(ctx.client.clone(), ns);
    match ctx.config_maps.store().get_by_name(ns, &cm.metadata.name) {
        None => {
            cms.create(&cm, &CreateOptions::default()).await?;
            note(
                ctx,
                &site,
                EventType::Normal,
                "Created",
                "CreateConfigMap",
                format!("created config map {}", cm.metadata.name),
            )
            .await;
        }
        Some(live) if live.data != cm.data => {
            let mut next = (*live).clone();
            next.data = cm.data;
            cms.update(&next, &UpdateOptions::default()).await?;
            note(
                ctx,
                &site,
                EventType::Normal,
                "Updated",
                "UpdateConfigMap",
                format!("updated config map {}", next.metadata.name),
            )
            .await;
        }
        Some(_) => {}
    }
    let deploy = desired_deployment(&site)?;
    let deploys: Api<Deployment> = Api::namespaced(ctx.client.clone(), ns);
    let live = ctx.deployments.store().get_by_name(ns, &deploy.metadata.name);
    let available = match &live {
        None => {
            deploys.create(&deploy, &CreateOptions::default()).await?;
            note(
                ctx,
                &site,
                EventType::Normal,
                "Created",
                "CreateDeployment",
                format!("created deployment {}", deploy.metadata.name),
            )
            .await;
            0
        }
        Some(live) if live.spec.replicas != deploy.spec.replicas => {
            let mut next = (**live).clone();
            next.spec.replicas = deploy.spec.replicas;
            deploys.update(&next, &UpdateOptions::default()).await?;
            note(
                ctx,
                &site,
                EventType::Normal,
                "Scaled",
                "ScaleDeployment",
                format!("scaled to {}", site.spec.replicas),
            )
            .await;
            live.status.available_replicas
        }
        Some(live) => live.status.available_replicas,
    };
    let ready = available >= site.spec.replicas;
    let (status, reason, message) = if ready {
        ("True", "Available", format!("{available} of {} servers available", site.spec.replicas))
    } else {
        ("False", "Progressing", format!("{available} of {} servers available", site.spec.replicas))
    };
    let mut next = (*site).clone();
    let generation = site.metadata.generation;
    if set_status_condition(&mut next.status.conditions, condition("Ready", status, reason, &message, generation)) {
        let sites: Api<Website> = Api::namespaced(ctx.client.clone(), ns);
        sites.update_status(&next, &UpdateOptions::default()).await?;
    }
    // Check again now and then even without changes (drift the watches cannot see).
    Ok(Action::requeue(Duration::from_secs(300)))
}

/// Removes what the website owned (a cluster's garbage collector would too; an operator with
/// external resources cleans those here) before the finalizer lets the website go.
async fn cleanup(site: Arc<Website>, ctx: &Ctx) -> Result<Action, Error> {
    let ns = &site.metadata.namespace;
    let name = &site.metadata.name;
    let gone = |r: Result<_, kapi_client::Error>| match r {
        Err(e) if !e.is_not_found() => Err(e),
        _ => Ok(()),
    };
    gone(
        Api::<Deployment>::namespaced(ctx.client.clone(), ns).delete(name, &DeleteOptions::default()).await.map(|_| ()),
    )?;
    let cm = format!("{name}-content");
    gone(
        Api::<ConfigMap>::namespaced(ctx.client.clone(), ns).delete(&cm, &DeleteOptions::default()).await.map(|_| ()),
    )?;
    note(ctx, &site, EventType::Normal, "Deleted", "Cleanup", "removed the deployment and the page".into()).await;
    Ok(Action::await_change())
}

async fn reconcile(site: Arc<Website>, ctx: Arc<Ctx>) -> Result<Action, FinalizerError<Error>> {
    let client = ctx.client.clone();
    finalizer(&client, FINALIZER, site, |event| async {
        match event {
            Event::Apply(site) => apply(site, &ctx).await,
            Event::Cleanup(site) => cleanup(site, &ctx).await,
        }
    })
    .await
}

fn error_policy(site: Arc<Website>, error: &FinalizerError<Error>, _ctx: Arc<Ctx>) -> Action {
    eprintln!("reconciling {} failed: {error}", site.metadata.name);
    Action::requeue_rate_limited()
}

/// Runs the operator (under leader election) until `shutdown` completes.
async fn operator(client: Client, identity: &str, shutdown: impl Future<Output = ()>) {
    let leases: Api<Lease> = Api::namespaced(client.clone(), "default");
    let election = LeaderElectionConfig::default();
    let elector =
        LeaderElector::new(leases, "website-operator", identity, election).expect("the defaults are consistent");
    let outcome = elector
        .run(shutdown, |stop| async move {
            let config_maps = SharedInformer::new(
                Transformed::strip_managed_fields(Api::<ConfigMap>::all(client.clone())),
                InformerConfig::default(),
            );
            let deployments = SharedInformer::new(
                Transformed::strip_managed_fields(Api::<Deployment>::all(client.clone())),
                InformerConfig::default(),
            );
            config_maps.set_error_handler(|e| eprintln!("config maps: {e}"));
            deployments.set_error_handler(|e| eprintln!("deployments: {e}"));
            let recorder = Recorder::new(client.clone(), Reporter::new("example.kapi.io/website-operator"));
            // Repeated events' counts are written every 6 and 30 minutes, as client-go writes them.
            let series_timers = recorder.spawn_series_timers();
            let ctx = Arc::new(Ctx {
                client: client.clone(),
                config_maps: config_maps.clone(),
                deployments: deployments.clone(),
                recorder: recorder.clone(),
            });
            let result =
                Controller::new(Api::<Website>::all(client.clone()), Config::default().name("website").concurrency(4))
                    .with_predicate(predicates::any(vec![predicates::generation_changed, predicates::labels_changed]))
                    .owns_shared(config_maps.clone())
                    .owns_shared(deployments.clone())
                    .graceful_shutdown_on(stop.wait())
                    .run(reconcile, error_policy, ctx)
                    .await;
            if let Err(e) = result {
                eprintln!("the controller stopped: {e}");
            }
            series_timers.stop();
            let _ = recorder.flush().await;
            config_maps.shutdown().await;
            deployments.shutdown().await;
        })
        .await;
    println!("operator {identity} ended: {outcome:?}");
}

/// The in-process demo: create a website, play the deployment controller, wait for `Ready`,
/// delete it and show what happened.
async fn demo() -> Result<(), Box<dyn std::error::Error>> {
    let server = Arc::new(ApiServer::new());
    server.register::<Website>()?;
    server.register::<ConfigMap>()?;
    server.register::<Deployment>()?;
    server.register::<Lease>()?;
    server.register::<KubeEvent>()?;
    let client = Client::new(server.clone(), "https://kapi.test")?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let op = tokio::spawn(operator(client.clone(), "operator-0", async move {
        let _ = stopped.await;
    }));

    let sites: Api<Website> = Api::namespaced(client.clone(), "default");
    let site = Website {
        metadata: ObjectMeta { name: "hello".into(), namespace: "default".into(), ..Default::default() },
        spec: WebsiteSpec { replicas: 2, content: "<h1>hello</h1>".into() },
        ..Default::default()
    };
    sites.create(&site, &CreateOptions::default()).await?;
    println!("created website hello");

    // Play the cluster's deployment controller: once the operator made the deployment, mark its
    // replicas available.
    let deploys: Api<Deployment> = Api::namespaced(client.clone(), "default");
    let made =
        await_condition_for(deploys.clone(), "hello", |d: Option<&Deployment>| d.is_some(), Duration::from_secs(30))
            .await?;
    let mut deploy = made.ok_or("the deployment vanished")?;
    deploy.status.replicas = 2;
    deploy.status.updated_replicas = 2;
    deploy.status.ready_replicas = 2;
    deploy.status.available_replicas = 2;
    deploy.status.observed_generation = deploy.metadata.generation;
    deploys.update_status(&deploy, &UpdateOptions::default()).await?;

    let ready = |s: Option<&Website>| s.is_some_and(|s| is_status_condition_true(&s.status.conditions, "Ready"));
    let site = await_condition_for(sites.clone(), "hello", ready, Duration::from_secs(30)).await?.ok_or("gone")?;
    let c = &site.status.conditions[0];
    println!("website hello is ready: {} {} ({})", c.r#type, c.status.0, c.message);
    println!("finalizers: {:?}", site.metadata.finalizers);

    sites.delete("hello", &DeleteOptions::default()).await?;
    let uid = site.metadata.uid.clone();
    await_condition_for(sites.clone(), "hello", kapi_runtime::conditions::is_deleted(&uid), Duration::from_secs(30))
        .await?;
    println!(
        "website hello deleted after cleanup; config maps left: {}",
        Api::<ConfigMap>::namespaced(client.clone(), "default").list(&ListOptions::default()).await?.items().len()
    );

    stop.send(()).map_err(|_| "the operator ended early")?;
    op.await?;
    let events: Api<KubeEvent> = Api::namespaced(client.clone(), "default");
    for e in events.list(&ListOptions::default()).await?.into_items() {
        let count = e.series.as_ref().map_or(1, |s| s.count);
        println!("event {} {} x{}: {}", e.r#type, e.reason, count, e.note);
    }
    print_metrics(&global_registry());
    Ok(())
}

fn print_metrics(registry: &Registry) {
    for line in registry.render().lines().filter(|l| l.starts_with("controller_runtime_reconcile_total")) {
        println!("{line}");
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().any(|a| a == "--cluster") {
        let client = Client::infer()?;
        let identity = std::env::var("HOSTNAME").unwrap_or_else(|_| "website-operator".into());
        operator(client, &identity, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
        return Ok(());
    }
    demo().await
}
