//! node.k8s.io's v1alpha1 runtime class, whose spec nests what v1 and the internal version hold at
//! the top (upstream's `v1alpha1/conversion.go`), and minimal runtime classes decoded into the internal
//! version and served back out.

use std::collections::BTreeMap;

use kapi_machinery::Scheme;
use kapi_machinery::types::Quantity;

use crate::node as internal;
use crate::node::v1alpha1;
use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::node::install(&mut s).unwrap();
    s
}

#[test]
fn v1alpha1_spec_nesting_converts_both_ways() {
    let mut hub = internal::RuntimeClass::default();
    hub.metadata.name = "gvisor".into();
    hub.handler = "runsc".into();
    hub.overhead = Some(internal::Overhead {
        pod_fixed: BTreeMap::from([(crate::core::ResourceName("cpu".into()), "250m".parse::<Quantity>().unwrap())]),
    });
    hub.scheduling = Some(internal::Scheduling {
        node_selector: BTreeMap::from([("sandbox".to_owned(), "true".to_owned())]),
        tolerations: vec![],
    });
    let alpha = v1alpha1::convert_runtime_class_from_internal(hub.clone()).unwrap();
    assert_eq!(alpha.metadata.name, "gvisor");
    assert_eq!(alpha.spec.runtime_handler, "runsc");
    assert_eq!(alpha.spec.overhead.as_ref().unwrap().pod_fixed.len(), 1);
    assert_eq!(alpha.spec.scheduling.as_ref().unwrap().node_selector["sandbox"], "true");
    assert_eq!(v1alpha1::convert_runtime_class_to_internal(alpha).unwrap(), hub);
    // Unset overhead and scheduling stay unset.
    let bare = internal::RuntimeClass { handler: "runc".into(), ..Default::default() };
    let alpha = v1alpha1::convert_runtime_class_from_internal(bare.clone()).unwrap();
    assert_eq!((alpha.spec.overhead.is_none(), alpha.spec.scheduling.is_none()), (true, true));
    assert_eq!(v1alpha1::convert_runtime_class_to_internal(alpha).unwrap(), bare);
}

#[test]
fn a_v1alpha1_runtime_class_is_served_flat_by_v1() {
    let s = scheme();
    let body = r#"{"apiVersion":"node.k8s.io/v1alpha1","kind":"RuntimeClass","metadata":{"name":"gvisor"},"spec":{"runtimeHandler":"runsc","overhead":{"podFixed":{"memory":"120Mi"}}}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"RuntimeClass","apiVersion":"node.k8s.io/v1","metadata":{"name":"gvisor"},"handler":"runsc","overhead":{"podFixed":{"memory":"120Mi"}}}"#
    );
    let flat = r#"{"apiVersion":"node.k8s.io/v1","kind":"RuntimeClass","metadata":{"name":"kata"},"handler":"kata","scheduling":{"nodeSelector":{"kata":"yes"}}}"#;
    assert_eq!(
        served_as(&s, flat, "v1alpha1"),
        r#"{"kind":"RuntimeClass","apiVersion":"node.k8s.io/v1alpha1","metadata":{"name":"kata"},"spec":{"runtimeHandler":"kata","scheduling":{"nodeSelector":{"kata":"yes"}}}}"#
    );
}
