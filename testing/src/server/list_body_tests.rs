//! The list bodies written around the stored items against the typed lists', byte for byte.

use kapi_api::core::v1::{ConfigMap, Container, Pod, PodSpec};
use kapi_api::meta::v1::{CreateOptions, DeleteOptions, ListOptions, ObjectMeta};
use kapi_machinery::GroupVersionResource;

use super::*;
use crate::server::ApiServer;

fn pod(name: &str) -> Pod {
    Pod {
        metadata: ObjectMeta {
            name: name.into(),
            labels: [("app".to_owned(), format!("web-{name}"))].into(),
            ..Default::default()
        },
        spec: PodSpec {
            containers: Some(vec![Container {
                name: "c".into(),
                image: "nginx".into(),
                termination_message_policy: "File".into(),
                image_pull_policy: "IfNotPresent".into(),
                ..Default::default()
            }]),
            restart_policy: "Always".into(),
            dns_policy: "ClusterFirst".into(),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// Every way a list can be read, in both encodings: the body written around the stored items
/// equals the typed list's, and so does the metadata-only list read from them.
fn assert_same(server: &ApiServer, gvr: &GroupVersionResource, ns: &str, opts: &ListOptions) -> usize {
    let mut n = 0;
    for enc in [Encoding::Json, Encoding::Protobuf] {
        let stored = server.tracker().list_stored(gvr, ns, opts).unwrap();
        assert!(!stored.converts());
        let new_list = stored.info.new_list.unwrap();
        let empty = new_list(Vec::new(), stored.meta.clone());
        let fast = encode(enc, empty.as_ref(), &stored).unwrap().expect("the usual list frame");
        let partial = crate::server::metadata::partial_stored_list(&stored, "meta.k8s.io/v1").unwrap();
        let info = stored.info;
        let (items, meta) = stored.into_parts().unwrap();
        n = items.len();
        let partial_copied = crate::server::metadata::partial_list(&info, &items, meta.clone(), "meta.k8s.io/v1");
        assert_eq!(codec::encode(enc, &partial).unwrap(), codec::encode(enc, &partial_copied).unwrap());
        let slow = codec::encode(enc, new_list(items, meta).as_ref()).unwrap();
        assert!(
            fast == slow,
            "{enc:?} {gvr:?} {opts:?}:\n{}\n{}",
            String::from_utf8_lossy(&fast),
            String::from_utf8_lossy(&slow)
        );
    }
    n
}

#[test]
fn list_bodies_equal_the_typed_lists() {
    let server = ApiServer::new();
    server.register_builtin();
    server.create_namespace("default").unwrap();
    let t = server.tracker();
    let pods = GroupVersionResource::new("", "v1", "pods");
    let maps = GroupVersionResource::new("", "v1", "configmaps");
    let create = CreateOptions::default();
    for name in ["a", "b", "c", "d"] {
        t.create(&pods, "default", Box::new(pod(name)), &create).unwrap();
    }
    let cm = ConfigMap {
        metadata: ObjectMeta { name: "cm".into(), ..Default::default() },
        data: [("k".to_owned(), "v \"quoted\" <html>".to_owned())].into(),
        ..Default::default()
    };
    t.create(&maps, "default", Box::new(cm), &create).unwrap();
    let before_delete = t.list(&pods, "default", &ListOptions::default()).unwrap().1.resource_version;
    t.delete(&pods, "default", "b", &DeleteOptions::default()).unwrap();

    let all = ListOptions::default();
    assert_eq!(assert_same(&server, &pods, "default", &all), 3);
    assert_eq!(assert_same(&server, &pods, "", &all), 3);
    assert_eq!(assert_same(&server, &maps, "default", &all), 1);
    // Empty: no pods in another namespace.
    assert_eq!(assert_same(&server, &pods, "other", &all), 0);
    // A page, with a continue token and the count of the rest.
    let page = ListOptions { limit: 2, ..Default::default() };
    assert_eq!(assert_same(&server, &pods, "default", &page), 2);
    // A label selector.
    let selected = ListOptions { label_selector: "app=web-c".into(), ..Default::default() };
    assert_eq!(assert_same(&server, &pods, "default", &selected), 1);
    // At a past version: the deleted pod is back, from the history (a state read at another
    // version than its own is copied, not borrowed).
    let past =
        ListOptions { resource_version: before_delete, resource_version_match: "Exact".into(), ..Default::default() };
    assert_eq!(assert_same(&server, &pods, "default", &past), 4);
}
