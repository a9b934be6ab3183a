//! A minimal storage version migration decoded into the internal version and served back out in
//! both versions: upstream converts it field by field, with no defaults.

use kapi_machinery::Scheme;

use crate::testing::served_as;

#[test]
fn migration_moves_between_versions() {
    let mut s = Scheme::new();
    crate::storagemigration::install(&mut s).unwrap();
    let body = r#"{"apiVersion":"storagemigration.k8s.io/v1beta1","kind":"StorageVersionMigration","metadata":{"name":"m"},"spec":{"resource":{"group":"apps","resource":"deployments"}}}"#;
    assert_eq!(
        served_as(&s, body, "v1"),
        r#"{"kind":"StorageVersionMigration","apiVersion":"storagemigration.k8s.io/v1","metadata":{"name":"m"},"spec":{"resource":{"group":"apps","resource":"deployments"}},"status":{}}"#
    );
}
