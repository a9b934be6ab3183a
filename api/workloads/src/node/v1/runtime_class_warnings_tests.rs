//! Upstream's `TestWarnings` for runtime classes (`pkg/api/node/util_test.go`), case for case.

use super::warnings_for_runtime_class;
use crate::meta::v1::ObjectMeta;
use crate::node::v1::{RuntimeClass, Scheduling};

#[test]
fn runtime_class_warnings_are_upstreams() {
    let plain = RuntimeClass {
        metadata: ObjectMeta { name: "foo".into(), ..ObjectMeta::default() },
        handler: "runc".into(),
        ..RuntimeClass::default()
    };
    assert!(warnings_for_runtime_class(&plain, None).is_empty(), "no warning");
    let warning = RuntimeClass {
        scheduling: Some(Scheduling {
            node_selector: [
                ("beta.kubernetes.io/arch".to_owned(), "amd64".to_owned()),
                ("beta.kubernetes.io/os".to_owned(), "linux".to_owned()),
            ]
            .into(),
            ..Scheduling::default()
        }),
        ..plain
    };
    assert_eq!(
        warnings_for_runtime_class(&warning, Some(&warning)),
        [
            r#"scheduling.nodeSelector: deprecated since v1.14; use "kubernetes.io/arch" instead"#,
            r#"scheduling.nodeSelector: deprecated since v1.14; use "kubernetes.io/os" instead"#,
        ],
        "warning"
    );
}
