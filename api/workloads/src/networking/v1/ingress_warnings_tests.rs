//! The ingress warning of upstream's `ingressStrategy.WarningsOnCreate`, and its absence on update.

use super::warnings_for_ingress;
use crate::meta::v1::ObjectMeta;
use crate::networking::v1::{Ingress, IngressSpec};

fn ingress(annotated: bool, class_name: Option<&str>) -> Ingress {
    let annotations = if annotated {
        [("kubernetes.io/ingress.class".to_owned(), "nginx".to_owned())].into()
    } else {
        Default::default()
    };
    Ingress {
        metadata: ObjectMeta { name: "web".into(), namespace: "default".into(), annotations, ..ObjectMeta::default() },
        spec: IngressSpec { ingress_class_name: class_name.map(str::to_owned), ..IngressSpec::default() },
        ..Ingress::default()
    }
}

#[test]
fn the_class_annotation_is_deprecated_on_create() {
    assert_eq!(
        warnings_for_ingress(&ingress(true, None), None),
        [r#"annotation "kubernetes.io/ingress.class" is deprecated, please use 'spec.ingressClassName' instead"#]
    );
    assert!(warnings_for_ingress(&ingress(true, Some("nginx")), None).is_empty());
    assert!(warnings_for_ingress(&ingress(false, None), None).is_empty());
}

#[test]
fn updates_are_not_warned_about() {
    let annotated = ingress(true, None);
    assert!(warnings_for_ingress(&annotated, Some(&annotated)).is_empty());
}
