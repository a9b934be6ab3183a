//! The generated `CustomResourceDefinition`s are valid definitions: they decode strictly as
//! `apiextensions.k8s.io/v1` (no field the API does not have) with the facts the markers gave.

use kapi_api::apiextensions::v1::CustomResourceDefinition;

#[test]
fn the_kitchen_sinks_definition_decodes_strictly() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../kitchen-sink/generated/crds");
    let yaml = std::fs::read(dir.join("crontabs.stable.example.com.yaml")).expect("the generated definition");
    let json = kapi_machinery::yaml::yaml_to_json(&yaml, true).expect("YAML");
    let (crd, unknown) = kapi_machinery::json::from_slice_strict::<CustomResourceDefinition>(&json).expect("a CRD");
    assert!(unknown.is_empty(), "{unknown:?}");
    assert_eq!(crd.metadata.name, "crontabs.stable.example.com");
    assert_eq!(crd.spec.names.short_names, ["ct"]);
    assert_eq!(crd.spec.scope.0, "Namespaced");
    let v1 = &crd.spec.versions.as_ref().expect("versions")[0];
    assert!(v1.served && v1.storage);
    let sub = v1.subresources.as_ref().expect("subresources");
    assert!(sub.status.is_some());
    assert_eq!(sub.scale.as_ref().map(|s| s.spec_replicas_path.as_str()), Some(".spec.replicas"));
    assert_eq!(v1.additional_printer_columns.len(), 4);
    let schema = v1.schema.as_ref().and_then(|s| s.open_apiv3_schema.as_deref()).expect("a schema");
    let spec = &schema.properties["spec"];
    assert_eq!(spec.required, ["cronSpec", "image"]);
    assert_eq!(spec.properties["tags"].x_kubernetes_list_type.as_deref(), Some("set"));
}
