//! A minimal storage version decoded into the internal version and served back out: upstream
//! converts it field by field, with no defaults.

use kapi_machinery::Scheme;

use crate::testing::served_as;

#[test]
fn storage_version_is_served_back_unchanged() {
    let mut s = Scheme::new();
    crate::apiserverinternal::install(&mut s).unwrap();
    let body = r#"{"apiVersion":"internal.apiserver.k8s.io/v1alpha1","kind":"StorageVersion","metadata":{"name":"apps.deployments"},"spec":{},"status":{"storageVersions":[{"apiServerID":"a","encodingVersion":"apps/v1","decodableVersions":["apps/v1"]}],"commonEncodingVersion":"apps/v1"}}"#;
    assert_eq!(
        served_as(&s, body, "v1alpha1"),
        r#"{"kind":"StorageVersion","apiVersion":"internal.apiserver.k8s.io/v1alpha1","metadata":{"name":"apps.deployments"},"spec":{},"status":{"storageVersions":[{"apiServerID":"a","encodingVersion":"apps/v1","decodableVersions":["apps/v1"]}],"commonEncodingVersion":"apps/v1"}}"#
    );
}
