//! Writes through storage.k8s.io/v1beta1 get v1's hand-written validation through the internal type, as upstream validates the internal object.

use kapi_machinery::Scheme;

use crate::storage::v1beta1;
use crate::testing::decoded;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::storage::install(&mut s).expect("storage.k8s.io installs");
    s
}

fn class(reclaim: &str) -> String {
    format!(
        r#"{{"apiVersion":"storage.k8s.io/v1beta1","kind":"StorageClass","metadata":{{"name":"s"}},"provisioner":"example.com/disk","reclaimPolicy":"{reclaim}"}}"#
    )
}

#[test]
fn a_v1beta1_storage_class_with_an_unknown_reclaim_policy_is_refused() {
    let s = scheme();
    let obj: v1beta1::StorageClass = decoded(&s, &class("Keep"));
    assert!(s.validates(&obj));
    let errs: Vec<String> = s.validate(&obj, None).iter().map(ToString::to_string).collect();
    assert_eq!(errs, [r#"reclaimPolicy: Unsupported value: "Keep": supported values: "Delete", "Retain""#]);
    // A valid one passes, and an update converts the stored object as well.
    let good: v1beta1::StorageClass = decoded(&s, &class("Retain"));
    assert_eq!(s.validate(&good, None), []);
    assert_eq!(s.validate(&good, Some(&good)), []);
}
