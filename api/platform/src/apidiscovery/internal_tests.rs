//! A minimal aggregated discovery document decoded into the internal version and served back out in the other version.

use kapi_machinery::Scheme;

use crate::testing::served_as;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::apidiscovery::install(&mut s).unwrap();
    s
}

#[test]
fn a_v2beta1_document_is_served_as_v2_unchanged() {
    let versions = r#""versions":[{"version":"v1","resources":[{"resource":"deployments","responseKind":{"group":"apps","version":"v1","kind":"Deployment"},"scope":"Namespaced","singularResource":"deployment","verbs":["get","list"],"shortNames":["deploy"],"subresources":[{"subresource":"scale","responseKind":{"group":"autoscaling","version":"v1","kind":"Scale"},"verbs":["get","update"]}]}],"freshness":"Current"}]"#;
    let body = format!(
        r#"{{"apiVersion":"apidiscovery.k8s.io/v2beta1","kind":"APIGroupDiscovery","metadata":{{"name":"apps"}},{versions}}}"#
    );
    assert_eq!(
        served_as(&scheme(), &body, "v2"),
        format!(
            r#"{{"kind":"APIGroupDiscovery","apiVersion":"apidiscovery.k8s.io/v2","metadata":{{"name":"apps"}},{versions}}}"#
        )
    );
}
