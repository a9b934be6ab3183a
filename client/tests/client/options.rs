//! Query-parameter encoding of the meta/v1 option kinds: names, formats, omission of zero values,
//! sorting and percent-encoding, byte for byte.

use kapi_api::meta::v1::{
    ApplyOptions, CreateOptions, DeleteOptions, DeletionPropagation, GetOptions, ListOptions, PatchOptions,
    ResourceVersionMatch, UpdateOptions,
};
use kapi_client::options::{Query, QueryParams, query_escape};

#[test]
fn zero_options_encode_to_nothing() {
    assert_eq!(ListOptions::default().to_query_string(), "");
    assert_eq!(GetOptions::default().to_query_string(), "");
    assert_eq!(CreateOptions::default().to_query_string(), "");
    assert_eq!(UpdateOptions::default().to_query_string(), "");
    assert_eq!(PatchOptions::default().to_query_string(), "");
    assert_eq!(ApplyOptions::default().to_query_string(), "");
    assert_eq!(DeleteOptions::default().to_query_string(), "");
}

#[test]
fn list_options_every_field() {
    let o = ListOptions {
        label_selector: "app=web,tier in (a,b)".into(),
        field_selector: "metadata.name!=x".into(),
        watch: true,
        allow_watch_bookmarks: true,
        resource_version: "10245".into(),
        resource_version_match: ResourceVersionMatch(ResourceVersionMatch::NOT_OLDER_THAN.into()),
        timeout_seconds: Some(30),
        limit: 500,
        continue_: "eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ==".into(),
        send_initial_events: Some(true),
        shard_selector: String::new(),
        ..ListOptions::default()
    };
    assert_eq!(
        o.to_query_string(),
        "allowWatchBookmarks=true\
         &continue=eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ%3D%3D\
         &fieldSelector=metadata.name%21%3Dx\
         &labelSelector=app%3Dweb%2Ctier+in+%28a%2Cb%29\
         &limit=500\
         &resourceVersion=10245\
         &resourceVersionMatch=NotOlderThan\
         &sendInitialEvents=true\
         &timeoutSeconds=30\
         &watch=true"
    );
}

#[test]
fn list_options_pointers_are_written_when_set_even_if_zero() {
    let o = ListOptions { timeout_seconds: Some(0), send_initial_events: Some(false), ..ListOptions::default() };
    assert_eq!(o.to_query_string(), "sendInitialEvents=false&timeoutSeconds=0");
}

#[test]
fn list_options_zero_scalars_are_left_out() {
    let o = ListOptions { watch: false, allow_watch_bookmarks: false, limit: 0, ..ListOptions::default() };
    assert_eq!(o.to_query_string(), "");
    let o = ListOptions { limit: -1, ..ListOptions::default() };
    assert_eq!(o.to_query_string(), "limit=-1");
}

#[test]
fn list_options_shard_selector() {
    let o = ListOptions { shard_selector: "shardRange(object.metadata.uid, 0, 8)".into(), ..ListOptions::default() };
    assert_eq!(o.to_query_string(), "shardSelector=shardRange%28object.metadata.uid%2C+0%2C+8%29");
}

#[test]
fn get_options() {
    let o = GetOptions { resource_version: "0".into(), ..GetOptions::default() };
    assert_eq!(o.to_query_string(), "resourceVersion=0");
}

#[test]
fn create_options() {
    let o = CreateOptions {
        dry_run: vec!["All".into()],
        field_manager: "kubectl-client-side-apply".into(),
        field_validation: "Strict".into(),
        ..CreateOptions::default()
    };
    assert_eq!(o.to_query_string(), "dryRun=All&fieldManager=kubectl-client-side-apply&fieldValidation=Strict");
}

#[test]
fn dry_run_is_repeated_per_value_in_order() {
    let o = UpdateOptions { dry_run: vec!["All".into(), "Other".into()], ..UpdateOptions::default() };
    assert_eq!(o.to_query_string(), "dryRun=All&dryRun=Other");
}

#[test]
fn update_options() {
    let o = UpdateOptions {
        dry_run: vec!["All".into()],
        field_manager: "me".into(),
        field_validation: "Warn".into(),
        ..UpdateOptions::default()
    };
    assert_eq!(o.to_query_string(), "dryRun=All&fieldManager=me&fieldValidation=Warn");
    let o = UpdateOptions { field_validation: "Ignore".into(), ..UpdateOptions::default() };
    assert_eq!(o.to_query_string(), "fieldValidation=Ignore");
}

#[test]
fn patch_options() {
    let o = PatchOptions {
        dry_run: vec!["All".into()],
        force: Some(true),
        field_manager: "ctl".into(),
        field_validation: "Strict".into(),
        ..PatchOptions::default()
    };
    assert_eq!(o.to_query_string(), "dryRun=All&fieldManager=ctl&fieldValidation=Strict&force=true");
    let o = PatchOptions { force: Some(false), ..PatchOptions::default() };
    assert_eq!(o.to_query_string(), "force=false");
}

#[test]
fn apply_options() {
    let o = ApplyOptions {
        dry_run: vec!["All".into()],
        force: true,
        field_manager: "my manager".into(),
        ..ApplyOptions::default()
    };
    assert_eq!(o.to_query_string(), "dryRun=All&fieldManager=my+manager&force=true");
    let o = ApplyOptions { force: false, field_manager: "m".into(), ..ApplyOptions::default() };
    assert_eq!(o.to_query_string(), "fieldManager=m");
}

#[test]
fn delete_options_query_form() {
    let o = DeleteOptions {
        grace_period_seconds: Some(0),
        propagation_policy: Some(DeletionPropagation(DeletionPropagation::FOREGROUND.into())),
        dry_run: vec!["All".into()],
        orphan_dependents: Some(false),
        ignore_store_read_error_with_cluster_breaking_potential: Some(true),
        ..DeleteOptions::default()
    };
    assert_eq!(
        o.to_query_string(),
        "dryRun=All&gracePeriodSeconds=0&ignoreStoreReadErrorWithClusterBreakingPotential=true\
         &orphanDependents=false&propagationPolicy=Foreground"
    );
}

#[test]
fn escaping_matches_go_query_escape() {
    assert_eq!(query_escape("aZ09-_.~"), "aZ09-_.~");
    assert_eq!(query_escape("a b"), "a+b");
    assert_eq!(query_escape("!*'();:@&=+$,/?#[]"), "%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C%2F%3F%23%5B%5D");
    assert_eq!(query_escape("é"), "%C3%A9");
    assert_eq!(query_escape("%"), "%25");
    assert_eq!(query_escape(""), "");
}

#[test]
fn query_sorts_keys_but_keeps_value_order() {
    let mut q = Query::new();
    q.push("b", "2");
    q.push("a", "1");
    q.push("b", "1");
    q.push("A", "0");
    assert_eq!(q.encode(), "A=0&a=1&b=2&b=1");
    assert_eq!(q.get_all("b").collect::<Vec<_>>(), ["2", "1"]);
    assert!(!q.is_empty());
    assert!(Query::new().is_empty());
}

#[test]
fn options_combine_in_one_query() {
    let mut q = Query::new();
    q.extend_from(&ListOptions { label_selector: "a=b".into(), ..ListOptions::default() });
    q.extend_from(&DeleteOptions { grace_period_seconds: Some(5), ..DeleteOptions::default() });
    assert_eq!(q.encode(), "gracePeriodSeconds=5&labelSelector=a%3Db");
}
