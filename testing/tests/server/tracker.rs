//! The object tracker's API server semantics: writes, concurrency control, dry run, selectors,
//! pagination, resource versions and watches.

use std::collections::BTreeMap;
use std::time::Duration;

use kapi_api::admissionregistration::v1::{
    ValidatingAdmissionPolicy, ValidatingAdmissionPolicyStatus, ValidatingWebhook, ValidatingWebhookConfiguration,
};
use kapi_api::meta::resource::ResourceInfo;
use kapi_api::meta::v1::{
    CreateOptions, DeleteOptions, GetOptions, ListOptions, Preconditions, ResourceVersionMatch, Status, UpdateOptions,
};
use kapi_client::ResourceInfoExt;
use kapi_machinery::GroupVersionResource;
use kapi_machinery::Object;
use kapi_testing::tracker::Error;
use kapi_testing::tracker::{Event, EventType, Modify, ObjectTracker, TrackerWatch};

type Vwc = ValidatingWebhookConfiguration;

fn vwc(name: &str, labels: &[(&str, &str)]) -> Vwc {
    let mut o = Vwc::default();
    o.metadata.name = name.into();
    o.metadata.labels = labels.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    o
}

fn webhook(name: &str) -> ValidatingWebhook {
    ValidatingWebhook { name: name.into(), ..ValidatingWebhook::default() }
}

fn tracker() -> ObjectTracker {
    let t = ObjectTracker::new();
    t.register_resource::<Vwc>();
    t.register_resource::<ValidatingAdmissionPolicy>();
    t
}

fn gvr() -> GroupVersionResource {
    ResourceInfo::of::<Vwc>().gvr()
}

/// A namespaced resource served with the webhook configuration type, to exercise namespaces.
fn namespaced_info() -> ResourceInfo {
    ResourceInfo { resource: "namespacedhooks", namespaced: true, ..ResourceInfo::of::<Vwc>() }
}

fn dry() -> Vec<String> {
    vec!["All".into()]
}

fn as_vwc(o: Box<dyn Object>) -> Vwc {
    *o.into_any().downcast::<Vwc>().expect("a ValidatingWebhookConfiguration")
}

fn status(err: &Error) -> &Status {
    &err.status
}

fn names(items: &[Box<dyn Object>]) -> Vec<String> {
    items.iter().map(|o| o.downcast_ref::<Vwc>().expect("vwc").metadata.name.clone()).collect()
}

fn create(t: &ObjectTracker, o: Vwc) -> Vwc {
    as_vwc(t.create(&gvr(), "", Box::new(o), &CreateOptions::default()).expect("create"))
}

#[test]
fn create_assigns_server_fields_and_refuses_duplicates() {
    let t = tracker();
    let before = t.resource_version();
    let out = create(&t, vwc("hook", &[]));
    assert_eq!(out.metadata.uid.len(), 36);
    assert!(out.metadata.creation_timestamp.unix_seconds() > 0);
    assert_eq!(out.metadata.generation, 1);
    assert_ne!(out.metadata.resource_version, before);
    assert_eq!(out.metadata.resource_version, t.resource_version());
    assert_eq!(out.type_meta.kind, "ValidatingWebhookConfiguration");
    assert_eq!(out.type_meta.api_version, "admissionregistration.k8s.io/v1");

    let err = t.create(&gvr(), "", Box::new(vwc("hook", &[])), &CreateOptions::default()).unwrap_err();
    assert!(err.is_already_exists());
    let st = status(&err);
    assert_eq!(st.code, 409);
    assert_eq!(st.message, "validatingwebhookconfigurations.admissionregistration.k8s.io \"hook\" already exists");
    let d = st.details.as_ref().unwrap();
    assert_eq!(
        (d.name.as_str(), d.group.as_str(), d.kind.as_str()),
        ("hook", "admissionregistration.k8s.io", "validatingwebhookconfigurations")
    );

    // A resourceVersion on a new object is refused as upstream's storage refuses it.
    let mut with_rv = vwc("other", &[]);
    with_rv.metadata.resource_version = "5".into();
    let err = t.create(&gvr(), "", Box::new(with_rv), &CreateOptions::default()).unwrap_err();
    assert_eq!(
        status(&err).message,
        "Internal error occurred: resourceVersion should not be set on objects to be created"
    );
}

#[test]
fn create_validates_names_and_generates_them() {
    let t = tracker();
    let err = t.create(&gvr(), "", Box::new(vwc("", &[])), &CreateOptions::default()).unwrap_err();
    assert!(err.is_invalid());
    assert_eq!(
        status(&err).message,
        "ValidatingWebhookConfiguration.admissionregistration.k8s.io \"\" is invalid: metadata.name: Required value: name or generateName is required"
    );
    assert_eq!(status(&err).details.as_ref().unwrap().causes[0].field, "metadata.name");
    let err = t.create(&gvr(), "", Box::new(vwc("Bad_Name", &[])), &CreateOptions::default()).unwrap_err();
    assert!(err.is_invalid());

    let mut generated = vwc("", &[]);
    generated.metadata.generate_name = "hook-".into();
    let a = create(&t, generated.clone());
    let b = create(&t, generated);
    assert!(a.metadata.name.starts_with("hook-") && a.metadata.name.len() == 10, "{}", a.metadata.name);
    assert_ne!(a.metadata.name, b.metadata.name);
}

#[test]
fn namespaces_are_checked() {
    let t = tracker();
    let info = namespaced_info();
    t.register(info);
    let g = info.gvr();
    // The request's namespace fills an empty one.
    let out = as_vwc(t.create(&g, "team-a", Box::new(vwc("x", &[])), &CreateOptions::default()).unwrap());
    assert_eq!(out.metadata.namespace, "team-a");
    // A different one is refused.
    let mut other = vwc("y", &[]);
    other.metadata.namespace = "team-b".into();
    let err = t.create(&g, "team-a", Box::new(other), &CreateOptions::default()).unwrap_err();
    assert!(err.is_bad_request());
    assert_eq!(
        status(&err).message,
        "the namespace of the provided object does not match the namespace sent on the request"
    );
    // None at all is invalid for a namespaced resource.
    let err = t.create(&g, "", Box::new(vwc("z", &[])), &CreateOptions::default()).unwrap_err();
    assert!(err.is_invalid());
    assert!(status(&err).message.ends_with("metadata.namespace: Required value"), "{}", status(&err).message);
    // The same name may exist in another namespace.
    t.create(&g, "team-b", Box::new(vwc("x", &[])), &CreateOptions::default()).unwrap();
    assert_eq!(t.list(&g, "", &ListOptions::default()).unwrap().0.len(), 2);
    assert_eq!(t.list(&g, "team-b", &ListOptions::default()).unwrap().0.len(), 1);
    // Cluster-scoped objects drop a namespace.
    let mut scoped = vwc("cluster", &[]);
    scoped.metadata.namespace = "ignored".into();
    assert_eq!(create(&t, scoped).metadata.namespace, "");
}

#[test]
fn update_uses_optimistic_concurrency() {
    let t = tracker();
    let first = create(&t, vwc("hook", &[]));

    let mut stale = first.clone();
    stale.metadata.resource_version = "1".into();
    stale.metadata.labels.insert("a".into(), "b".into());
    let err = t.update(&gvr(), "", Box::new(stale), &UpdateOptions::default()).unwrap_err();
    assert!(err.is_conflict());
    assert_eq!(
        status(&err).message,
        "Operation cannot be fulfilled on validatingwebhookconfigurations.admissionregistration.k8s.io \"hook\": the object has been modified; please apply your changes to the latest version and try again"
    );

    // Current version: accepted; labels do not bump the generation.
    let mut next = first.clone();
    next.metadata.labels.insert("a".into(), "b".into());
    let second = as_vwc(t.update(&gvr(), "", Box::new(next), &UpdateOptions::default()).unwrap());
    assert_ne!(second.metadata.resource_version, first.metadata.resource_version);
    assert_eq!(second.metadata.generation, 1);
    assert_eq!(second.metadata.uid, first.metadata.uid);
    assert_eq!(second.metadata.creation_timestamp, first.metadata.creation_timestamp);

    // Empty version: unconditional; a spec change bumps the generation.
    let mut blind = vwc("hook", &[("a", "b")]);
    blind.webhooks.push(webhook("w.example.com"));
    let third = as_vwc(t.update(&gvr(), "", Box::new(blind.clone()), &UpdateOptions::default()).unwrap());
    assert_eq!(third.metadata.generation, 2);
    assert_eq!(third.metadata.uid, first.metadata.uid);

    // Nothing changed: nothing written.
    let same = as_vwc(t.update(&gvr(), "", Box::new(blind), &UpdateOptions::default()).unwrap());
    assert_eq!(same.metadata.resource_version, third.metadata.resource_version);

    // The UID is immutable.
    let mut other_uid = third.clone();
    other_uid.metadata.uid = "not-the-uid".into();
    let err = t.update(&gvr(), "", Box::new(other_uid), &UpdateOptions::default()).unwrap_err();
    assert!(err.is_invalid());
    assert!(status(&err).message.contains("metadata.uid: Invalid value: \"not-the-uid\": field is immutable"));

    let err = t.update(&gvr(), "", Box::new(vwc("missing", &[])), &UpdateOptions::default()).unwrap_err();
    assert!(err.is_not_found());
    assert_eq!(
        status(&err).message,
        "validatingwebhookconfigurations.admissionregistration.k8s.io \"missing\" not found"
    );
}

fn vap(name: &str, observed: i64) -> ValidatingAdmissionPolicy {
    let mut p = ValidatingAdmissionPolicy::default();
    p.metadata.name = name.into();
    p.status = ValidatingAdmissionPolicyStatus { observed_generation: observed, ..Default::default() };
    p
}

#[test]
fn status_subresource_only_changes_status() {
    let t = tracker();
    let g = ResourceInfo::of::<ValidatingAdmissionPolicy>().gvr();
    let created = t.create(&g, "", Box::new(vap("p", 7)), &CreateOptions::default()).unwrap();
    let created = created.downcast_ref::<ValidatingAdmissionPolicy>().unwrap().clone();
    assert_eq!(created.status.observed_generation, 0, "create drops status");

    let mut change = created.clone();
    change.status.observed_generation = 3;
    change.metadata.labels.insert("ignored".into(), "yes".into());
    let out = t.update_subresource(&g, "status", "", Box::new(change), &UpdateOptions::default()).unwrap();
    let out = out.downcast_ref::<ValidatingAdmissionPolicy>().unwrap().clone();
    assert_eq!(out.status.observed_generation, 3);
    assert!(out.metadata.labels.is_empty(), "metadata comes from the stored object");
    assert_ne!(out.metadata.resource_version, created.metadata.resource_version);

    // A dry run returns the new status and keeps the stored one.
    let mut dry_change = out.clone();
    dry_change.status.observed_generation = 5;
    let opts = UpdateOptions { dry_run: dry(), ..Default::default() };
    let dried = t.update_subresource(&g, "status", "", Box::new(dry_change), &opts).unwrap();
    assert_eq!(dried.downcast_ref::<ValidatingAdmissionPolicy>().unwrap().status.observed_generation, 5);
    let stored = t.get(&g, "", "p", &GetOptions::default()).unwrap();
    assert_eq!(stored.downcast_ref::<ValidatingAdmissionPolicy>().unwrap().status.observed_generation, 3);

    // The main resource keeps the stored status.
    let mut main = out.clone();
    main.status.observed_generation = 99;
    main.metadata.labels.insert("kept".into(), "yes".into());
    let out2 = t.update(&g, "", Box::new(main), &UpdateOptions::default()).unwrap();
    let out2 = out2.downcast_ref::<ValidatingAdmissionPolicy>().unwrap();
    assert_eq!(out2.status.observed_generation, 3);
    assert_eq!(out2.metadata.labels.get("kept").map(String::as_str), Some("yes"));

    // Resources without the subresource do not serve it.
    let err =
        t.update_subresource(&gvr(), "status", "", Box::new(vwc("x", &[])), &UpdateOptions::default()).unwrap_err();
    assert!(err.is_not_found());
}

#[test]
fn delete_checks_preconditions_and_honours_finalizers() {
    let t = tracker();
    let obj = create(&t, vwc("hook", &[]));
    let pre = |uid: Option<&str>, rv: Option<&str>| DeleteOptions {
        preconditions: Some(Preconditions { uid: uid.map(Into::into), resource_version: rv.map(Into::into) }),
        ..DeleteOptions::default()
    };
    let err = t.delete(&gvr(), "", "hook", &pre(Some("nope"), None)).unwrap_err();
    assert!(err.is_conflict());
    assert_eq!(
        status(&err).message,
        format!(
            "Operation cannot be fulfilled on ValidatingWebhookConfiguration.admissionregistration.k8s.io \"hook\": the UID in the precondition (nope) does not match the UID in record ({}). The object might have been deleted and then recreated",
            obj.metadata.uid
        )
    );
    let err = t.delete(&gvr(), "", "hook", &pre(None, Some("1"))).unwrap_err();
    assert!(status(&err).message.ends_with(&format!(
        "the ResourceVersion in the precondition (1) does not match the ResourceVersion in record ({}). The object might have been modified",
        obj.metadata.resource_version
    )));
    let res = t
        .delete(&gvr(), "", "hook", &pre(Some(obj.metadata.uid.as_str()), Some(obj.metadata.resource_version.as_str())))
        .unwrap();
    assert!(res.deleted);
    assert_eq!(as_vwc(res.object).metadata.uid, obj.metadata.uid);
    assert!(t.get(&gvr(), "", "hook", &GetOptions::default()).unwrap_err().is_not_found());
    assert!(t.delete(&gvr(), "", "hook", &DeleteOptions::default()).unwrap_err().is_not_found());

    // Finalizers keep the object, marked, until an update removes them.
    let mut fin = vwc("fin", &[]);
    fin.metadata.finalizers = vec!["example.com/cleanup".into()];
    create(&t, fin);
    let res = t.delete(&gvr(), "", "fin", &DeleteOptions::default()).unwrap();
    assert!(!res.deleted);
    let marked = as_vwc(res.object);
    assert!(marked.metadata.deletion_timestamp.is_some());
    assert_eq!(marked.metadata.deletion_grace_period_seconds, Some(0));
    assert_eq!(marked.metadata.generation, 2);
    let mut cleared = marked.clone();
    cleared.metadata.finalizers.clear();
    t.update(&gvr(), "", Box::new(cleared), &UpdateOptions::default()).unwrap();
    assert!(t.get(&gvr(), "", "fin", &GetOptions::default()).unwrap_err().is_not_found());

    // Option validation.
    let bad = DeleteOptions { dry_run: vec!["Some".into()], ..DeleteOptions::default() };
    assert!(t.delete(&gvr(), "", "x", &bad).unwrap_err().is_invalid());
}

#[test]
fn dry_run_persists_nothing_on_any_verb() {
    let t = tracker();
    let rv0 = t.resource_version();

    // Create: the object comes back with the UID and generated name upstream's store fills in
    // before its storage step, and without a resourceVersion.
    let mut generated = vwc("", &[]);
    generated.metadata.generate_name = "dry-".into();
    let out = as_vwc(
        t.create(&gvr(), "", Box::new(generated), &CreateOptions { dry_run: dry(), ..Default::default() }).unwrap(),
    );
    assert!(out.metadata.name.starts_with("dry-") && out.metadata.name.len() == 9, "{}", out.metadata.name);
    assert_eq!(out.metadata.generate_name, "dry-");
    assert_eq!(out.metadata.uid.len(), 36, "a UID: {:?}", out.metadata.uid);
    assert_eq!(out.metadata.resource_version, "");
    assert!(out.metadata.creation_timestamp.unix_seconds() > 0);
    let out = as_vwc(
        t.create(&gvr(), "", Box::new(vwc("d", &[])), &CreateOptions { dry_run: dry(), ..Default::default() }).unwrap(),
    );
    assert_eq!(out.metadata.name, "d");
    assert!(!out.metadata.uid.is_empty());
    assert_eq!(t.resource_version(), rv0);
    assert!(t.list(&gvr(), "", &ListOptions::default()).unwrap().0.is_empty());

    // Same errors as a real request.
    let real = create(&t, vwc("real", &[]));
    let rv1 = t.resource_version();
    let err = t
        .create(&gvr(), "", Box::new(vwc("real", &[])), &CreateOptions { dry_run: dry(), ..Default::default() })
        .unwrap_err();
    assert!(err.is_already_exists());
    let err = t
        .update(&gvr(), "", Box::new(vwc("absent", &[])), &UpdateOptions { dry_run: dry(), ..Default::default() })
        .unwrap_err();
    assert!(err.is_not_found());

    // Update: the new state comes back with the resourceVersion unchanged; nothing is stored.
    let mut changed = real.clone();
    changed.webhooks.push(webhook("w"));
    let out = as_vwc(
        t.update(&gvr(), "", Box::new(changed), &UpdateOptions { dry_run: dry(), ..Default::default() }).unwrap(),
    );
    assert_eq!(out.webhooks.len(), 1);
    assert_eq!(out.metadata.resource_version, real.metadata.resource_version);
    assert_eq!(out.metadata.generation, 2);
    let stored = as_vwc(t.get(&gvr(), "", "real", &GetOptions::default()).unwrap());
    assert!(stored.webhooks.is_empty());

    // Patch-style modify.
    let (out, created) = t
        .modify(&gvr(), &Modify { name: "real", dry_run: true, ..Modify::default() }, |cur| {
            let mut o = cur.unwrap().downcast_ref::<Vwc>().unwrap().clone();
            o.metadata.labels.insert("p".into(), "1".into());
            Ok(Box::new(o) as Box<dyn Object>)
        })
        .unwrap();
    assert!(!created);
    assert_eq!(as_vwc(out).metadata.labels.len(), 1);
    assert!(as_vwc(t.get(&gvr(), "", "real", &GetOptions::default()).unwrap()).metadata.labels.is_empty());

    // Delete and delete-collection return what they would delete and keep it.
    let res = t.delete(&gvr(), "", "real", &DeleteOptions { dry_run: dry(), ..Default::default() }).unwrap();
    assert!(res.deleted);
    assert_eq!(as_vwc(res.object).metadata.name, "real");
    let gone = t
        .delete_collection(&gvr(), "", &ListOptions::default(), &DeleteOptions { dry_run: dry(), ..Default::default() })
        .unwrap();
    assert_eq!(names(&gone), ["real"]);
    assert!(t.get(&gvr(), "", "real", &GetOptions::default()).is_ok());
    assert_eq!(t.resource_version(), rv1);

    // Unknown directives are invalid.
    let err = t
        .create(
            &gvr(),
            "",
            Box::new(vwc("x", &[])),
            &CreateOptions { dry_run: vec!["Everything".into()], ..Default::default() },
        )
        .unwrap_err();
    assert!(err.is_invalid());
}

fn labelled(t: &ObjectTracker) {
    create(t, vwc("a", &[("app", "web"), ("tier", "front")]));
    create(t, vwc("b", &[("app", "web"), ("tier", "back")]));
    create(t, vwc("c", &[("app", "db")]));
    create(t, vwc("d", &[]));
}

fn select(t: &ObjectTracker, labels: &str, fields: &str) -> Result<Vec<String>, Error> {
    let opts = ListOptions { label_selector: labels.into(), field_selector: fields.into(), ..Default::default() };
    t.list(&gvr(), "", &opts).map(|(items, _)| names(&items))
}

#[test]
fn label_and_field_selectors() {
    let t = tracker();
    labelled(&t);
    assert_eq!(select(&t, "app=web", "").unwrap(), ["a", "b"]);
    assert_eq!(select(&t, "app==web,tier=back", "").unwrap(), ["b"]);
    assert_eq!(select(&t, "app!=web", "").unwrap(), ["c", "d"]);
    assert_eq!(select(&t, "tier in (front,back)", "").unwrap(), ["a", "b"]);
    assert_eq!(select(&t, "app notin (web)", "").unwrap(), ["c", "d"]);
    assert_eq!(select(&t, "tier", "").unwrap(), ["a", "b"]);
    assert_eq!(select(&t, "!tier", "").unwrap(), ["c", "d"]);
    assert_eq!(select(&t, "", "metadata.name=c").unwrap(), ["c"]);
    assert_eq!(select(&t, "", "metadata.name!=c").unwrap(), ["a", "b", "d"]);
    assert_eq!(select(&t, "app=web", "metadata.name==b").unwrap(), ["b"]);
    assert_eq!(select(&t, "", "metadata.namespace=").unwrap(), ["a", "b", "c", "d"]);
    // A kind without a field-label function of its own accepts the metadata fields only, with
    // upstream's wording.
    let err = select(&t, "", "spec.foo=1").unwrap_err();
    assert!(err.is_bad_request());
    assert_eq!(
        status(&err).message,
        r#""spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace""#
    );
    assert!(select(&t, "app in (", "").unwrap_err().is_bad_request());

    // Delete-collection uses the same selection.
    let gone = t
        .delete_collection(
            &gvr(),
            "",
            &ListOptions { label_selector: "app=web".into(), ..Default::default() },
            &DeleteOptions::default(),
        )
        .unwrap();
    assert_eq!(names(&gone), ["a", "b"]);
    assert_eq!(select(&t, "", "").unwrap(), ["c", "d"]);
}

#[test]
fn chunked_lists_are_consistent_snapshots() {
    let t = tracker();
    for n in ["a", "b", "c", "d", "e"] {
        create(&t, vwc(n, &[]));
    }
    let rv = t.resource_version();
    let page = |cont: &str| {
        t.list(&gvr(), "", &ListOptions { limit: 2, continue_: cont.into(), ..Default::default() }).unwrap()
    };
    let (items, meta) = page("");
    assert_eq!(names(&items), ["a", "b"]);
    assert_eq!(meta.resource_version, rv);
    assert_eq!(meta.remaining_item_count, Some(3));
    assert!(!meta.continue_.is_empty());

    // Changes after the first page do not show in the continued list.
    t.delete(&gvr(), "", "c", &DeleteOptions::default()).unwrap();
    create(&t, vwc("bb", &[]));
    let (items, meta2) = page(&meta.continue_);
    assert_eq!(names(&items), ["c", "d"]);
    assert_eq!(meta2.resource_version, rv);
    assert_eq!(meta2.remaining_item_count, Some(1));
    let (items, meta3) = page(&meta2.continue_);
    assert_eq!(names(&items), ["e"]);
    assert!(meta3.continue_.is_empty());
    assert_eq!(meta3.remaining_item_count, None);

    // Selectors make the remaining count unknown.
    let sel = ListOptions { limit: 1, label_selector: "!missing".into(), ..Default::default() };
    let (_, m) = t.list(&gvr(), "", &sel).unwrap();
    assert!(!m.continue_.is_empty());
    assert_eq!(m.remaining_item_count, None);

    // A resourceVersion beside a continue token is refused; a garbage token too.
    let bad =
        ListOptions { limit: 2, continue_: meta.continue_.clone(), resource_version: rv.clone(), ..Default::default() };
    assert!(t.list(&gvr(), "", &bad).unwrap_err().is_bad_request());
    let bad = ListOptions { continue_: "!!!".into(), ..Default::default() };
    assert!(t.list(&gvr(), "", &bad).unwrap_err().is_bad_request());

    // Once the history is compacted the token expires, with a token to go on inconsistently.
    t.compact();
    let err = t
        .list(&gvr(), "", &ListOptions { limit: 2, continue_: meta.continue_.clone(), ..Default::default() })
        .unwrap_err();
    assert!(err.is_gone());
    let st = status(&err);
    assert_eq!((st.code, st.reason.0.as_str()), (410, "Expired"));
    assert!(st.message.starts_with("The provided continue parameter is too old"));
    let (items, _) = page(&st.metadata.continue_);
    assert_eq!(names(&items), ["bb", "d"]);
}

#[test]
fn resource_version_semantics_of_reads() {
    let t = tracker();
    create(&t, vwc("a", &[]));
    let rv_a: u64 = t.resource_version().parse().unwrap();
    create(&t, vwc("b", &[]));
    let now: u64 = t.resource_version().parse().unwrap();
    let list = |rv: String, m: &str, limit: i64| {
        t.list(
            &gvr(),
            "",
            &ListOptions {
                resource_version: rv,
                resource_version_match: ResourceVersionMatch(m.into()),
                limit,
                ..Default::default()
            },
        )
    };
    // Exact: the state at that version.
    let (items, meta) = list(rv_a.to_string(), "Exact", 0).unwrap();
    assert_eq!(names(&items), ["a"]);
    assert_eq!(meta.resource_version, rv_a.to_string());
    // No match with a limit is Exact too; without, NotOlderThan.
    assert_eq!(names(&list(rv_a.to_string(), "", 5).unwrap().0), ["a"]);
    assert_eq!(names(&list(rv_a.to_string(), "", 0).unwrap().0), ["a", "b"]);
    assert_eq!(list(rv_a.to_string(), "NotOlderThan", 0).unwrap().1.resource_version, now.to_string());
    // Versions the store has not reached.
    let err = list((now + 10).to_string(), "NotOlderThan", 0).unwrap_err();
    let st = status(&err);
    assert_eq!((st.code, st.reason.0.as_str()), (504, "Timeout"));
    assert_eq!(st.message, format!("Timeout: Too large resource version: {}, current: {now}", now + 10));
    assert_eq!(st.details.as_ref().unwrap().causes[0].r#type.0, "ResourceVersionTooLarge");
    let err = t
        .get(&gvr(), "", "a", &GetOptions { resource_version: (now + 1).to_string(), ..Default::default() })
        .unwrap_err();
    assert_eq!(status(&err).code, 504);
    // Invalid combinations.
    assert!(list(String::new(), "Exact", 0).unwrap_err().is_invalid());
    assert!(list("0".into(), "Exact", 0).unwrap_err().is_invalid());
    assert!(list("1".into(), "Sometimes", 0).unwrap_err().is_invalid());
    assert!(list("abc".into(), "", 0).unwrap_err().is_bad_request());
    // Compacted history: exact reads of old versions are gone.
    t.compact();
    let err = list(rv_a.to_string(), "Exact", 0).unwrap_err();
    assert!(err.is_gone());
}

fn next(w: &mut TrackerWatch) -> Event {
    w.try_next().expect("an event")
}

fn ev_name(e: &Event) -> String {
    e.object.downcast_ref::<Vwc>().map(|o| o.metadata.name.clone()).unwrap_or_default()
}

#[test]
fn watch_from_a_resource_version() {
    let t = tracker();
    create(&t, vwc("before", &[]));
    let rv = t.resource_version();
    let mut w = t.watch(&gvr(), "", &ListOptions { resource_version: rv.clone(), ..Default::default() }).unwrap();
    assert!(w.try_next().is_none(), "no initial events from an exact version");
    let a = create(&t, vwc("a", &[]));
    let mut a2 = a.clone();
    a2.metadata.labels.insert("x".into(), "y".into());
    t.update(&gvr(), "", Box::new(a2), &UpdateOptions::default()).unwrap();
    t.delete(&gvr(), "", "a", &DeleteOptions::default()).unwrap();
    let e1 = next(&mut w);
    assert_eq!((e1.event_type, ev_name(&e1)), (EventType::Added, "a".into()));
    let e2 = next(&mut w);
    assert_eq!(e2.event_type, EventType::Modified);
    let e3 = next(&mut w);
    assert_eq!((e3.event_type, ev_name(&e3)), (EventType::Deleted, "a".into()));
    let deleted_rv = e3.object.downcast_ref::<Vwc>().unwrap().metadata.resource_version.clone();
    assert_eq!(deleted_rv, t.resource_version(), "a deletion carries the deletion's version");
    assert!(w.try_next().is_none());

    // From "": synthetic ADDED events for the current state first.
    let mut w0 = t.watch(&gvr(), "", &ListOptions::default()).unwrap();
    let e = next(&mut w0);
    assert_eq!((e.event_type, ev_name(&e)), (EventType::Added, "before".into()));
    assert!(w0.try_next().is_none());

    // A replayed watch from the old version sees the same events again.
    let mut again = t.watch(&gvr(), "", &ListOptions { resource_version: rv, ..Default::default() }).unwrap();
    let kinds: Vec<EventType> = std::iter::from_fn(|| again.try_next()).map(|e| e.event_type).collect();
    assert_eq!(kinds, [EventType::Added, EventType::Modified, EventType::Deleted]);
}

#[test]
fn watch_follows_objects_in_and_out_of_a_selection() {
    let t = tracker();
    let obj = create(&t, vwc("x", &[("app", "web")]));
    let mut w = t
        .watch(
            &gvr(),
            "",
            &ListOptions {
                resource_version: t.resource_version(),
                label_selector: "app=web".into(),
                ..Default::default()
            },
        )
        .unwrap();
    let mut out = obj.clone();
    out.metadata.labels.insert("app".into(), "db".into());
    let out = as_vwc(t.update(&gvr(), "", Box::new(out), &UpdateOptions::default()).unwrap());
    let e = next(&mut w);
    assert_eq!(e.event_type, EventType::Deleted);
    let last = e.object.downcast_ref::<Vwc>().unwrap();
    assert_eq!(last.metadata.labels["app"], "web", "the last state that matched");
    assert_eq!(last.metadata.resource_version, out.metadata.resource_version);
    let mut back = out.clone();
    back.metadata.labels.insert("app".into(), "web".into());
    t.update(&gvr(), "", Box::new(back), &UpdateOptions::default()).unwrap();
    assert_eq!(next(&mut w).event_type, EventType::Added);
    create(&t, vwc("other", &[("app", "db")]));
    assert!(w.try_next().is_none());
}

#[test]
fn bookmarks_and_initial_events() {
    let t = tracker();
    create(&t, vwc("a", &[]));
    let opts = ListOptions {
        send_initial_events: Some(true),
        resource_version_match: ResourceVersionMatch("NotOlderThan".into()),
        allow_watch_bookmarks: true,
        ..Default::default()
    };
    let mut w = t.watch(&gvr(), "", &opts).unwrap();
    assert_eq!(next(&mut w).event_type, EventType::Added);
    let b = next(&mut w);
    assert_eq!(b.event_type, EventType::Bookmark);
    let bm = b.object.downcast_ref::<Vwc>().unwrap();
    assert_eq!(bm.metadata.resource_version, t.resource_version());
    assert_eq!(bm.metadata.annotations.get("k8s.io/initial-events-end").map(String::as_str), Some("true"));
    assert_eq!(bm.metadata.name, "");

    t.request_bookmarks();
    let b = next(&mut w);
    assert_eq!(b.event_type, EventType::Bookmark);
    assert!(b.object.downcast_ref::<Vwc>().unwrap().metadata.annotations.is_empty());
    // Watches without bookmarks get none.
    let mut plain =
        t.watch(&gvr(), "", &ListOptions { resource_version: t.resource_version(), ..Default::default() }).unwrap();
    t.request_bookmarks();
    plain.request_bookmark();
    assert!(plain.try_next().is_none());

    // sendInitialEvents needs resourceVersionMatch=NotOlderThan.
    let bad = ListOptions { send_initial_events: Some(true), ..Default::default() };
    assert!(t.watch(&gvr(), "", &bad).unwrap_err().is_invalid());
}

#[test]
fn watch_history_is_bounded() {
    let t = ObjectTracker::with_history(2);
    t.register_resource::<Vwc>();
    create(&t, vwc("a", &[]));
    let old = t.resource_version();
    let mut behind = t.watch(&gvr(), "", &ListOptions { resource_version: old.clone(), ..Default::default() }).unwrap();
    for n in ["b", "c", "d"] {
        create(&t, vwc(n, &[]));
    }
    // Too old to start from.
    let err = t.watch(&gvr(), "", &ListOptions { resource_version: old.clone(), ..Default::default() }).unwrap_err();
    assert!(err.is_gone());
    let st = status(&err);
    assert_eq!((st.code, st.reason.0.as_str()), (410, "Expired"));
    assert!(st.message.starts_with(&format!("too old resource version: {old} (")), "{}", st.message);
    // A watch that fell behind gets an ERROR event and ends.
    let e = next(&mut behind);
    assert_eq!(e.event_type, EventType::Error);
    assert_eq!(e.object.downcast_ref::<Status>().unwrap().code, 410);
    assert!(behind.try_next().is_none());
    assert!(behind.is_done());
}

#[tokio::test]
async fn watches_wake_up_and_close() {
    let t = tracker();
    let mut w =
        t.watch(&gvr(), "", &ListOptions { resource_version: t.resource_version(), ..Default::default() }).unwrap();
    let t2 = t.clone();
    let writer = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(20)).await;
        create(&t2, vwc("late", &[]));
        tokio::time::sleep(Duration::from_millis(20)).await;
        t2.close_watches();
    });
    assert_eq!(t.open_watches(), 1);
    let e = tokio::time::timeout(Duration::from_secs(5), w.next()).await.unwrap().unwrap();
    assert_eq!(ev_name(&e), "late");
    assert!(tokio::time::timeout(Duration::from_secs(5), w.next()).await.unwrap().is_none());
    writer.await.unwrap();
    assert_eq!(t.open_watches(), 0, "a closed watch is no longer open");
    // A watch opened after the close is not closed by it; dropping it ends it.
    let later = t.watch(&gvr(), "", &ListOptions::default()).unwrap();
    assert_eq!(t.open_watches(), 1);
    drop(later);
    drop(w);
    assert_eq!(t.open_watches(), 0);
}

#[test]
fn typed_helpers() {
    let t = tracker();
    let added = t.add(vwc("typed", &[("k", "v")])).unwrap();
    assert_eq!(t.get_as::<Vwc>("", "typed").unwrap(), added);
    let (items, rv) = t.list_as::<Vwc>("").unwrap();
    assert_eq!(items, vec![added]);
    assert_eq!(rv, t.resource_version());
    let expected: BTreeMap<String, String> = [("k".to_string(), "v".to_string())].into();
    assert_eq!(items[0].metadata.labels, expected);
    // Unregistered resources are not found.
    let unknown = GroupVersionResource::new("example.com", "v1", "things");
    assert!(t.list(&unknown, "", &ListOptions::default()).unwrap_err().is_not_found());
}

#[test]
fn field_selectors_follow_each_kinds_field_labels() {
    use kapi_api::certificates::v1::{CertificateSigningRequest, CertificateSigningRequestSpec};
    let t = ObjectTracker::new();
    t.register_resource::<CertificateSigningRequest>();
    let gvr = ResourceInfo::of::<CertificateSigningRequest>().gvr();
    for (name, signer) in [("a", "example.com/one"), ("b", "example.com/two"), ("c", "example.com/one")] {
        let mut csr = CertificateSigningRequest::default();
        csr.metadata.name = name.into();
        csr.spec = CertificateSigningRequestSpec { signer_name: signer.into(), ..Default::default() };
        t.create(&gvr, "", Box::new(csr), &CreateOptions::default()).expect("create");
    }
    let select = |fields: &str| -> Result<Vec<String>, Error> {
        let opts = ListOptions { field_selector: fields.into(), ..Default::default() };
        t.list(&gvr, "", &opts).map(|(items, _)| {
            items.iter().map(|o| o.downcast_ref::<CertificateSigningRequest>().unwrap().metadata.name.clone()).collect()
        })
    };
    // `spec.signerName` is one of the CSR's labels: read from each object.
    assert_eq!(select("spec.signerName=example.com/one").unwrap(), ["a", "c"]);
    assert_eq!(select("spec.signerName!=example.com/one,metadata.name!=x").unwrap(), ["b"]);
    // Its function refuses anything else in its own words, `metadata.namespace` included.
    for field in ["spec.foo", "metadata.namespace"] {
        let err = select(&format!("{field}=x")).unwrap_err();
        assert!(err.is_bad_request());
        assert_eq!(status(&err).message, format!("field label not supported: {field}"));
    }
    // Watches check the labels too.
    let opts = ListOptions { field_selector: "spec.username=x".into(), ..Default::default() };
    assert!(t.watch(&gvr, "", &opts).is_err());
}

#[test]
fn core_field_selectors_read_values_as_upstreams_selectable_fields() {
    use kapi_api::core::v1::{Event, EventSource, Node, NodeSpec, Pod, PodSpec};
    let t = ObjectTracker::new();
    t.register_resource::<Pod>();
    t.register_resource::<Node>();
    t.register_resource::<Event>();
    let pods = ResourceInfo::of::<Pod>().gvr();
    for (name, node, host_network) in [("a", "n1", false), ("b", "n2", true), ("c", "n1", false)] {
        let mut pod = Pod::default();
        pod.metadata.name = name.into();
        pod.metadata.namespace = "ns".into();
        pod.spec = PodSpec { node_name: node.into(), host_network, ..Default::default() };
        t.create(&pods, "ns", Box::new(pod), &CreateOptions::default()).expect("create");
    }
    let names = |gvr: &GroupVersionResource, fields: &str| -> Vec<String> {
        let opts = ListOptions { field_selector: fields.into(), ..Default::default() };
        let (items, _) = t.list(gvr, "", &opts).expect("list");
        let info = t.resource(gvr).expect("registered");
        items.iter().map(|o| (info.metadata)(o.as_ref()).map(|m| m.name.clone()).unwrap_or_default()).collect()
    };
    assert_eq!(names(&pods, "spec.nodeName=n1"), ["a", "c"]);
    // The old `spec.host` spelling selects by `spec.nodeName`.
    assert_eq!(names(&pods, "spec.host=n2"), ["b"]);
    // An unset `hostNetwork` is `false`, as upstream's selectable fields write it.
    assert_eq!(names(&pods, "spec.hostNetwork=false"), ["a", "c"]);
    assert_eq!(names(&pods, "spec.hostNetwork=true"), ["b"]);

    let nodes = ResourceInfo::of::<Node>().gvr();
    for (name, unschedulable) in [("n1", true), ("n2", false)] {
        let mut node = Node::default();
        node.metadata.name = name.into();
        node.spec = NodeSpec { unschedulable, ..Default::default() };
        t.create(&nodes, "", Box::new(node), &CreateOptions::default()).expect("create");
    }
    assert_eq!(names(&nodes, "spec.unschedulable=false"), ["n2"]);

    // An event's `source` is its source's component.
    let events = ResourceInfo::of::<Event>().gvr();
    let mut event = Event::default();
    event.metadata.name = "e".into();
    event.metadata.namespace = "ns".into();
    event.source = EventSource { component: "kubelet".into(), ..Default::default() };
    t.create(&events, "ns", Box::new(event), &CreateOptions::default()).expect("create");
    assert_eq!(names(&events, "source=kubelet"), ["e"]);
    assert!(names(&events, "source=scheduler").is_empty());
}

/// Lists at past versions, whole and page by page, in one namespace and in all, are the state
/// recorded at that version, through creates, updates and deletes in several namespaces.
#[test]
fn lists_at_past_versions_match_the_state_then() {
    let t = tracker();
    let info = namespaced_info();
    t.register(info);
    let g = info.gvr();
    // (namespace, name) -> label value, after each write; and that write's version.
    let mut state: BTreeMap<(String, String), String> = BTreeMap::new();
    let mut history = Vec::new();
    let namespaces = ["a", "b", "c"];
    // A fixed pseudo-random sequence (xorshift): creates, updates and deletes.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for step in 0..300 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let ns = namespaces[(x % 3) as usize];
        let name = format!("o{}", (x >> 8) % 25);
        let key = (ns.to_owned(), name.clone());
        let label = format!("v{step}");
        match (state.contains_key(&key), (x >> 16) % 3) {
            (true, 0) => {
                t.delete(&g, ns, &name, &DeleteOptions::default()).unwrap();
                state.remove(&key);
            }
            (true, _) => {
                let mut o = as_vwc(t.get(&g, ns, &name, &Default::default()).unwrap());
                o.metadata.labels.insert("v".into(), label.clone());
                t.update(&g, ns, Box::new(o), &Default::default()).unwrap();
                state.insert(key, label);
            }
            (false, _) => {
                t.create(&g, ns, Box::new(vwc(&name, &[("v", &label)])), &CreateOptions::default()).unwrap();
                state.insert(key, label);
            }
        }
        history.push((t.resource_version(), state.clone()));
    }
    let seen = |items: Vec<Box<dyn Object>>| -> Vec<((String, String), String)> {
        items
            .into_iter()
            .map(|o| {
                let o = as_vwc(o);
                let v = o.metadata.labels.get("v").cloned().unwrap_or_default();
                ((o.metadata.namespace, o.metadata.name), v)
            })
            .collect()
    };
    for (rv, then) in history.iter().step_by(7) {
        for ns in ["", "a", "b", "c"] {
            let want: Vec<_> = then
                .iter()
                .filter(|((n, _), _)| ns.is_empty() || n == ns)
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            let exact = ListOptions {
                resource_version: rv.clone(),
                resource_version_match: kapi_api::meta::v1::ResourceVersionMatch("Exact".into()),
                ..Default::default()
            };
            let (items, meta) = t.list(&g, ns, &exact).unwrap();
            assert_eq!(meta.resource_version, *rv);
            assert_eq!(seen(items), want, "whole list of {ns:?} at {rv}");
            // Page by page: the first page at that version, the rest through the tokens.
            let mut got = Vec::new();
            let mut opts = ListOptions { limit: 4, ..exact.clone() };
            loop {
                let (items, meta) = t.list(&g, ns, &opts).unwrap();
                assert_eq!(meta.resource_version, *rv);
                got.extend(seen(items));
                if meta.continue_.is_empty() {
                    break;
                }
                opts = ListOptions { limit: 4, continue_: meta.continue_, ..Default::default() };
            }
            assert_eq!(got, want, "pages of {ns:?} at {rv}");
        }
    }
}
