//! The test server's server-side apply through kapi-client: shared ownership, conflicts as upstream answers them, `force`, removal of dropped fields and list items, updates taking ownership, status entries, dry runs and managed-fields resets.

use std::sync::Arc;

use kapi_api::apps::v1::{
    Deployment, DeploymentApplyConfiguration, DeploymentSpecApplyConfiguration, DeploymentStatusApplyConfiguration,
};
use kapi_api::core::v1::{ContainerApplyConfiguration, PodSpecApplyConfiguration, PodTemplateSpecApplyConfiguration};
use kapi_api::meta::v1::{
    ApplyOptions, GetOptions, LabelSelectorApplyConfiguration, ManagedFieldsEntry, ObjectMetaApplyConfiguration,
    PatchOptions, UpdateOptions,
};
use kapi_client::{Api, Client, Config, ContentType, Error, Patch, Transport};
use kapi_testing::{ApiServer, TestServer};

async fn deployments() -> (Api<Deployment>, TestServer) {
    let server = Arc::new(ApiServer::new());
    server.register_builtin();
    let test = TestServer::start(server.clone(), None).await.unwrap();
    server.create_namespace("ns").unwrap();
    let mut config = Config::new(test.url()).unwrap();
    config.user_agent = "ssa-tester/v9.9 (linux/amd64)".into();
    let transport = Arc::new(Transport::new(&config).unwrap());
    let client = Client::new(transport, test.url()).unwrap().with_content_type(ContentType::Json);
    (client.namespaced::<Deployment>("ns"), test)
}

fn opts(manager: &str) -> ApplyOptions {
    ApplyOptions { field_manager: manager.into(), ..Default::default() }
}

fn container(name: &str, image: &str) -> ContainerApplyConfiguration {
    ContainerApplyConfiguration::default().with_name(name).with_image(image)
}

/// A complete deployment with these containers and, when given, replicas.
fn web(replicas: Option<i32>, containers: Vec<ContainerApplyConfiguration>) -> DeploymentApplyConfiguration {
    let mut spec = DeploymentSpecApplyConfiguration::default()
        .with_selector(LabelSelectorApplyConfiguration::default().with_match_labels([("app", "web")]))
        .with_template(
            PodTemplateSpecApplyConfiguration::default()
                .with_metadata(ObjectMetaApplyConfiguration::default().with_labels([("app", "web")]))
                .with_spec(PodSpecApplyConfiguration::default().with_containers(containers)),
        );
    if let Some(r) = replicas {
        spec = spec.with_replicas(r);
    }
    DeploymentApplyConfiguration::new("web", "ns").with_spec(spec)
}

/// Only the replicas, for a second manager.
fn replicas(n: i32) -> DeploymentApplyConfiguration {
    DeploymentApplyConfiguration::new("web", "ns")
        .with_spec(DeploymentSpecApplyConfiguration::default().with_replicas(n))
}

fn entry<'a>(d: &'a Deployment, manager: &str, operation: &str) -> Option<&'a ManagedFieldsEntry> {
    d.metadata.managed_fields.iter().find(|e| e.manager == manager && e.operation.0 == operation)
}

fn fields(e: Option<&ManagedFieldsEntry>) -> String {
    let e = e.expect("the manager has an entry");
    assert_eq!(e.fields_type, "FieldsV1");
    String::from_utf8(e.fields_v1.as_ref().unwrap().raw.clone()).unwrap()
}

async fn live(api: &Api<Deployment>) -> Deployment {
    api.get("web", &GetOptions::default()).await.unwrap()
}

fn status_of(err: Error) -> kapi_client::StatusError {
    match err.status() {
        Some(s) => s.clone(),
        None => panic!("not an API error: {err}"),
    }
}

#[tokio::test]
async fn same_value_is_shared_ownership() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let out = api.apply(&replicas(3), &opts("scaler")).await.unwrap();
    assert_eq!(out.spec.replicas, Some(3));
    let d = live(&api).await;
    assert!(fields(entry(&d, "deployer", "Apply")).contains(r#""f:replicas":{}"#));
    assert_eq!(fields(entry(&d, "scaler", "Apply")), r#"{"f:spec":{"f:replicas":{}}}"#);
    let e = entry(&d, "scaler", "Apply").unwrap();
    assert_eq!(e.api_version, "apps/v1");
    // An apply that changes nothing stamps no time, as upstream's; one that changes does.
    assert!(e.time.is_none());
    assert!(entry(&d, "deployer", "Apply").unwrap().time.is_some());
    assert!(e.subresource.is_empty());
}

#[tokio::test]
async fn conflict_is_a_409_naming_manager_and_fields() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let err = status_of(api.apply(&replicas(5), &opts("scaler")).await.unwrap_err());
    assert_eq!(err.code, 409);
    assert_eq!(err.status.code, 409);
    assert_eq!(err.status.status, "Failure");
    assert_eq!(err.status.reason.0, "Conflict");
    assert_eq!(err.status.message, r#"Apply failed with 1 conflict: conflict with "deployer": .spec.replicas"#);
    let causes = &err.status.details.as_ref().unwrap().causes;
    assert_eq!(causes.len(), 1);
    assert_eq!(causes[0].r#type.0, "FieldManagerConflict");
    assert_eq!(causes[0].message, r#"conflict with "deployer""#);
    assert_eq!(causes[0].field, ".spec.replicas");
    assert_eq!(live(&api).await.spec.replicas, Some(3));

    // Two fields, one of them in a keyed list: one cause each, and the multi-line summary.
    let both = web(Some(4), vec![container("app", "nginx:2")]);
    let err = status_of(api.apply(&both, &opts("other")).await.unwrap_err());
    let causes = &err.status.details.as_ref().unwrap().causes;
    let shown: Vec<(&str, &str)> = causes.iter().map(|c| (c.field.as_str(), c.message.as_str())).collect();
    assert_eq!(
        shown,
        [
            (".spec.replicas", r#"conflict with "deployer""#),
            (r#".spec.template.spec.containers[name="app"].image"#, r#"conflict with "deployer""#),
        ]
    );
    assert_eq!(
        err.status.message,
        "Apply failed with 2 conflicts: conflicts with \"deployer\":\n- .spec.replicas\n- .spec.template.spec.containers[name=\"app\"].image"
    );
}

#[tokio::test]
async fn force_takes_ownership() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let forced = ApplyOptions { force: true, ..opts("scaler") };
    assert_eq!(api.apply(&replicas(5), &forced).await.unwrap().spec.replicas, Some(5));
    let d = live(&api).await;
    assert!(!fields(entry(&d, "deployer", "Apply")).contains("f:replicas"));
    assert_eq!(fields(entry(&d, "scaler", "Apply")), r#"{"f:spec":{"f:replicas":{}}}"#);
    // The deployer no longer owns the replicas: applying without them removes nothing.
    api.apply(&web(None, vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    assert_eq!(live(&api).await.spec.replicas, Some(5));
}

#[tokio::test]
async fn dropped_fields_are_removed_unless_another_manager_owns_them() {
    let (api, _server) = deployments().await;
    let with = web(Some(3), vec![container("app", "nginx:1")]).with_labels([("tier", "front"), ("team", "a")]);
    api.apply(&with, &opts("deployer")).await.unwrap();
    let shared = DeploymentApplyConfiguration::new("web", "ns").with_labels([("team", "a")]);
    api.apply(&shared, &opts("labeler")).await.unwrap();
    // Dropping replicas and both labels: replicas and `tier` go, `team` stays with its other owner.
    let out = api.apply(&web(None, vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    assert_eq!(out.metadata.labels.get("team").map(String::as_str), Some("a"));
    assert!(!out.metadata.labels.contains_key("tier"));
    // Removed, then defaulted again as the API server does (apps/v1 `replicas` defaults to 1).
    assert_eq!(out.spec.replicas, Some(1));
    let d = live(&api).await;
    let mine = fields(entry(&d, "deployer", "Apply"));
    assert!(!mine.contains("f:tier") && !mine.contains("f:team"), "{mine}");
    assert_eq!(fields(entry(&d, "labeler", "Apply")), r#"{"f:metadata":{"f:labels":{"f:team":{}}}}"#);
}

#[tokio::test]
async fn dropped_keyed_list_items_are_removed() {
    let (api, _server) = deployments().await;
    let two = web(Some(1), vec![container("app", "nginx:1"), container("sidecar", "envoy:1")]);
    api.apply(&two, &opts("deployer")).await.unwrap();
    let out = api.apply(&web(Some(1), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let names: Vec<&str> = out.spec.template.spec.containers.iter().flatten().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["app"]);
    let mine = fields(entry(&live(&api).await, "deployer", "Apply"));
    assert!(!mine.contains("sidecar"), "{mine}");

    // An item another applier also owns stays when the first one drops it.
    api.apply(&two, &opts("deployer")).await.unwrap();
    let theirs = DeploymentApplyConfiguration::new("web", "ns").with_spec(
        DeploymentSpecApplyConfiguration::default().with_template(
            PodTemplateSpecApplyConfiguration::default()
                .with_spec(PodSpecApplyConfiguration::default().with_containers([container("sidecar", "envoy:1")])),
        ),
    );
    api.apply(&theirs, &opts("mesh")).await.unwrap();
    let out = api.apply(&web(Some(1), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let names: Vec<&str> = out.spec.template.spec.containers.iter().flatten().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["app", "sidecar"]);
}

#[tokio::test]
async fn updates_take_ownership_and_then_conflict_with_appliers() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let mut d = live(&api).await;
    d.spec.replicas = Some(7);
    let upd = UpdateOptions { field_manager: "editor".into(), ..Default::default() };
    api.update(&d, &upd).await.unwrap();
    let d = live(&api).await;
    assert_eq!(fields(entry(&d, "editor", "Update")), r#"{"f:spec":{"f:replicas":{}}}"#);
    assert_eq!(entry(&d, "editor", "Update").unwrap().api_version, "apps/v1");
    assert!(!fields(entry(&d, "deployer", "Apply")).contains("f:replicas"));
    // A second write by the same manager merges into its entry.
    let merge = Patch::Merge(br#"{"spec":{"minReadySeconds":9}}"#.to_vec());
    let popts = PatchOptions { field_manager: "editor".into(), ..Default::default() };
    api.patch("web", &merge, &popts).await.unwrap();
    let d = live(&api).await;
    assert_eq!(d.metadata.managed_fields.iter().filter(|e| e.manager == "editor").count(), 1);
    assert_eq!(fields(entry(&d, "editor", "Update")), r#"{"f:spec":{"f:minReadySeconds":{},"f:replicas":{}}}"#);
    // The applier now conflicts with the updater, named with its version.
    let err =
        status_of(api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap_err());
    assert_eq!(
        err.status.message,
        r#"Apply failed with 1 conflict: conflict with "editor" using apps/v1: .spec.replicas"#
    );
    // Appliers are listed before updaters.
    assert_eq!(d.metadata.managed_fields[0].operation.0, "Apply");
}

#[tokio::test]
async fn writes_without_a_manager_are_named_after_the_user_agent() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let patch = Patch::Merge(br#"{"metadata":{"annotations":{"a":"b"}}}"#.to_vec());
    api.patch("web", &patch, &PatchOptions::default()).await.unwrap();
    let d = live(&api).await;
    assert_eq!(fields(entry(&d, "ssa-tester", "Update")), r#"{"f:metadata":{"f:annotations":{".":{},"f:a":{}}}}"#);
}

#[tokio::test]
async fn status_apply_records_a_status_entry() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let status = DeploymentApplyConfiguration::new("web", "ns")
        // `unavailableReplicas` has no bound but zero: status writes are validated, and ready
        // replicas may not exceed the (unset) replicas.
        .with_status(DeploymentStatusApplyConfiguration::default().with_unavailable_replicas(2));
    api.apply_status(&status, &opts("ctl")).await.unwrap();
    let d = live(&api).await;
    let e = entry(&d, "ctl", "Apply").unwrap();
    assert_eq!(e.subresource, "status");
    assert_eq!(fields(Some(e)), r#"{"f:status":{"f:unavailableReplicas":{}}}"#);
    // The status manager's entry is distinct from its (absent) entry for the object.
    assert_eq!(d.metadata.managed_fields.iter().filter(|e| e.manager == "ctl").count(), 1);
    // A status update by another manager takes the field: its entry is for the subresource too.
    let mut d2 = d.clone();
    d2.status.unavailable_replicas = 3;
    api.update_status(&d2, &UpdateOptions { field_manager: "kcm".into(), ..Default::default() }).await.unwrap();
    let d = live(&api).await;
    let e = entry(&d, "kcm", "Update").unwrap();
    assert_eq!(e.subresource, "status");
    assert_eq!(fields(Some(e)), r#"{"f:status":{"f:unavailableReplicas":{}}}"#);
    assert!(entry(&d, "ctl", "Apply").is_none(), "the applier lost its only field");
}

#[tokio::test]
async fn dry_run_persists_nothing() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    let before = live(&api).await;
    let dry = ApplyOptions { dry_run: vec!["All".into()], force: true, ..opts("scaler") };
    let out = api.apply(&replicas(8), &dry).await.unwrap();
    assert_eq!(out.spec.replicas, Some(8));
    assert!(entry(&out, "scaler", "Apply").is_some());
    let after = live(&api).await;
    assert_eq!(after, before);
    // A dry run still reports conflicts.
    let dry = ApplyOptions { dry_run: vec!["All".into()], ..opts("scaler") };
    assert_eq!(status_of(api.apply(&replicas(8), &dry).await.unwrap_err()).code, 409);
}

#[tokio::test]
async fn managed_fields_reset_and_refused_in_apply() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    // An object without the field keeps them (clients unaware of it do not wipe them) ...
    let mut d = live(&api).await;
    d.metadata.managed_fields.clear();
    d.metadata.annotations.insert("note".into(), "x".into());
    api.update(&d, &UpdateOptions { field_manager: "editor".into(), ..Default::default() }).await.unwrap();
    let d = live(&api).await;
    assert!(entry(&d, "deployer", "Apply").is_some());
    assert!(entry(&d, "editor", "Update").is_some());
    // ... an empty list clears them, as does a list of one empty entry.
    let clear = Patch::Merge(br#"{"metadata":{"managedFields":[]}}"#.to_vec());
    api.patch("web", &clear, &PatchOptions::default()).await.unwrap();
    assert!(live(&api).await.metadata.managed_fields.is_empty());
    api.apply(&replicas(3), &opts("scaler")).await.unwrap();
    assert!(!live(&api).await.metadata.managed_fields.is_empty());
    let clear = Patch::Merge(br#"{"metadata":{"managedFields":[{}]}}"#.to_vec());
    api.patch("web", &clear, &PatchOptions::default()).await.unwrap();
    assert!(live(&api).await.metadata.managed_fields.is_empty());
    // An applied configuration may not carry managed fields.
    let mut obj = live(&api).await;
    obj.metadata.managed_fields.push(ManagedFieldsEntry { manager: "x".into(), ..Default::default() });
    obj.metadata.resource_version.clear();
    let err = status_of(api.apply_object("web", &obj, &opts("deployer")).await.unwrap_err());
    assert_eq!((err.code, err.status.message.as_str()), (400, "metadata.managedFields must be nil"));
}

#[tokio::test]
async fn name_only_apply_owns_nothing() {
    let (api, _server) = deployments().await;
    api.apply(&web(Some(3), vec![container("app", "nginx:1")]), &opts("deployer")).await.unwrap();
    api.apply(&DeploymentApplyConfiguration::new("web", "ns"), &opts("bare")).await.unwrap();
    let d = live(&api).await;
    assert!(entry(&d, "bare", "Apply").is_none());
    // The deployer owns no metadata of the object (only the template's).
    assert!(fields(entry(&d, "deployer", "Apply")).starts_with(r#"{"f:spec":"#));
}
