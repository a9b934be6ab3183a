//! Writes through networking.k8s.io/v1beta1 get v1's hand-written validation with the internal type's field paths (v1beta1's `backend` is internally `defaultBackend`), as upstream validates the internal object.

use kapi_machinery::Scheme;

use crate::networking::v1beta1;
use crate::testing::decoded;

fn scheme() -> Scheme {
    let mut s = Scheme::new();
    crate::networking::install(&mut s).expect("networking.k8s.io installs");
    s
}

fn ingress(spec: &str) -> String {
    format!(
        r#"{{"apiVersion":"networking.k8s.io/v1beta1","kind":"Ingress","metadata":{{"name":"i","namespace":"ns"}},"spec":{spec}}}"#
    )
}

#[test]
fn a_v1beta1_ingress_without_backend_or_rules_is_refused() {
    let s = scheme();
    let obj: v1beta1::Ingress = decoded(&s, &ingress("{}"));
    let errs: Vec<String> = s.validate(&obj, None).iter().map(ToString::to_string).collect();
    assert_eq!(errs, ["spec: Invalid value: null: either `defaultBackend` or `rules` must be specified"]);
    assert!(s.validates(&obj));
}

#[test]
fn a_v1beta1_backend_is_checked_at_the_internal_default_backend_path() {
    let s = scheme();
    let obj: v1beta1::Ingress = decoded(&s, &ingress(r#"{"backend":{"serviceName":"","servicePort":80}}"#));
    let errs: Vec<String> = s.validate(&obj, None).iter().map(ToString::to_string).collect();
    assert_eq!(errs, ["spec.defaultBackend.service.name: Required value"]);
    // A valid one passes, and an update converts the stored object as well.
    let good: v1beta1::Ingress = decoded(&s, &ingress(r#"{"backend":{"serviceName":"svc","servicePort":80}}"#));
    assert_eq!(s.validate(&good, None), []);
    assert_eq!(s.validate(&good, Some(&good)), []);
}
