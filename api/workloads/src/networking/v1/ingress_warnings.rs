//! The warning kube-apiserver returns on an ingress's create (upstream's `ingressStrategy.WarningsOnCreate`).

use kapi_machinery::validation::go_quote;

use crate::networking::v1::Ingress;

/// The annotation that named an ingress's class before `spec.ingressClassName`.
const INGRESS_CLASS_ANNOTATION: &str = "kubernetes.io/ingress.class";

/// The warnings for an ingress written by create (`old` is `None`) or update: on create only,
/// the deprecated `kubernetes.io/ingress.class` annotation when `spec.ingressClassName` is not
/// set. Upstream warns about nothing on update.
pub fn warnings_for_ingress(obj: &Ingress, old: Option<&Ingress>) -> Vec<String> {
    let annotated = obj.metadata.annotations.contains_key(INGRESS_CLASS_ANNOTATION);
    if old.is_none() && annotated && obj.spec.ingress_class_name.is_none() {
        vec![format!(
            "annotation {} is deprecated, please use 'spec.ingressClassName' instead",
            go_quote(INGRESS_CLASS_ANNOTATION)
        )]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
#[path = "ingress_warnings_tests.rs"]
mod tests;
