//! Cases for the node-specific annotations: the `preferAvoidPods` inputs of upstream's `TestValidateNode` and `TestValidateNodeUpdate`, and the decoder's Go rules.

use kapi_machinery::validation::{ErrorList, ErrorType};

use super::fold;
use crate::core::v1::Node;
use crate::core::v1::validation::validate_node;
use crate::meta::v1::ObjectMeta;

const AVOID: &str = "scheduler.alpha.kubernetes.io/preferAvoidPods";
const TAINTS: &str = "scheduler.alpha.kubernetes.io/taints";

fn annotated(key: &str, value: &str) -> Node {
    let mut n = Node { metadata: ObjectMeta { name: "abc".into(), ..ObjectMeta::default() }, ..Node::default() };
    n.metadata.annotations.insert(key.into(), value.into());
    n
}

fn strings(errs: &ErrorList) -> Vec<String> {
    errs.iter().map(ToString::to_string).collect()
}

/// Both create and update (against a plain node) give the same errors.
fn both(n: &Node) -> Vec<String> {
    let created = strings(&validate_node(n, None));
    let old = Node { metadata: ObjectMeta { name: "abc".into(), ..ObjectMeta::default() }, ..Node::default() };
    assert_eq!(strings(&validate_node(n, Some(&old))), created, "update differs from create");
    created
}

/// An avoid-pods annotation with one entry whose controller reference is `controller`.
fn one_entry(controller: &str) -> String {
    format!(
        r#"
        {{
            "preferAvoidPods": [
                {{
                    "podSignature": {{
                        "podController": {{
                            "apiVersion": "v1",
                            "kind": "ReplicationController",
                            "name": "foo",
                            "uid": "abcdef123456",
                            "controller": {controller}
                        }}
                    }},
                    "reason": "some reason",
                    "message": "some message"
                }}
            ]
        }}"#
    )
}

const SIGNATURE: &str = "metadata.annotations.scheduler.alpha.kubernetes.io/preferAvoidPods[0].PodSignature";

#[test]
fn upstream_prefer_avoid_pods_cases() {
    // TestValidateNode's and TestValidateNodeUpdate's valid annotation.
    assert!(both(&annotated(AVOID, &one_entry("true"))).is_empty());
    // "missing-podSignature".
    let missing = r#"{"preferAvoidPods": [{"reason": "some reason", "message": "some message"}]}"#;
    assert_eq!(both(&annotated(AVOID, missing)), [format!("{SIGNATURE}: Required value")]);
    // "invalid-podController".
    let errs = validate_node(&annotated(AVOID, &one_entry("false")), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].error_type, ErrorType::Invalid);
    assert_eq!(
        strings(&errs),
        [format!("{SIGNATURE}.PodController.Controller: Invalid value: false: must point to a controller")]
    );
}

#[test]
fn each_entry_is_checked_and_empty_values_are_not() {
    let two = r#"{"preferAvoidPods": [{"podSignature": {"podController": {"controller": false}}}, {}]}"#;
    assert_eq!(
        both(&annotated(AVOID, two)),
        [
            format!("{SIGNATURE}.PodController.Controller: Invalid value: false: must point to a controller"),
            "metadata.annotations.scheduler.alpha.kubernetes.io/preferAvoidPods[1].PodSignature: Required value"
                .to_owned(),
        ]
    );
    assert!(both(&annotated(AVOID, "")).is_empty());
    assert!(both(&annotated(AVOID, "null")).is_empty());
    assert!(both(&annotated(AVOID, "{}")).is_empty());
    assert!(both(&annotated(AVOID, r#"{"preferAvoidPods": null, "other": [1]}"#)).is_empty());
    // A `null` reference is an unset one.
    let null_ref = r#"{"preferAvoidPods": [{"podSignature": {"podController": null}}]}"#;
    assert_eq!(both(&annotated(AVOID, null_ref)), [format!("{SIGNATURE}: Required value")]);
}

#[test]
fn an_unset_controller_is_an_internal_error_where_upstream_panics() {
    let errs =
        validate_node(&annotated(AVOID, r#"{"preferAvoidPods": [{"podSignature": {"podController": {}}}]}"#), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].error_type, ErrorType::Internal);
    assert_eq!(errs[0].field, format!("{SIGNATURE}.PodController.Controller"));
}

#[test]
fn keys_match_as_go_matches_them() {
    // Case-insensitively, Go's special folds included.
    let folded =
        r#"{"PREFERAVOIDPODS": [{"podſignature": {"PodController": {"\u212And": "x", "CONTROLLER": false}}}]}"#;
    assert_eq!(
        both(&annotated(AVOID, folded)),
        [format!("{SIGNATURE}.PodController.Controller: Invalid value: false: must point to a controller")]
    );
    assert_eq!(fold("\u{212A}ind"), "KIND");
    assert_eq!(fold("uıd"), fold("UİD"));
    assert_ne!(fold("é"), fold("E"));
    // A repeated key decodes into what the first one left: the controller flag stays.
    let repeated = r#"{"preferAvoidPods": [{"podSignature": {"podController": {"controller": true}, "podController": {"name": "x"}}}]}"#;
    assert!(both(&annotated(AVOID, repeated)).is_empty());
    // The exact name wins over a folded one only by order: the last member decoded is what stays.
    let last =
        r#"{"preferAvoidPods": [{"podSignature": {"podController": {"controller": true, "Controller": false}}}]}"#;
    assert_eq!(both(&annotated(AVOID, last)).len(), 1);
}

#[test]
fn decode_errors_are_invalid_at_avoid_pods() {
    let prefix = format!("metadata.annotations.AvoidPods: Invalid value: \"{AVOID}\": ");
    let cases = [
        ("[]", "json: cannot unmarshal array into Go value of type v1.AvoidPods"),
        (
            r#"{"preferAvoidPods": {}}"#,
            "json: cannot unmarshal object into Go struct field AvoidPods.preferAvoidPods of type []v1.PreferAvoidPodsEntry",
        ),
        (
            r#"{"preferAvoidPods": ["x"]}"#,
            "json: cannot unmarshal string into Go struct field AvoidPods.preferAvoidPods of type v1.PreferAvoidPodsEntry",
        ),
        (
            r#"{"preferAvoidPods": [{"podSignature": {"podController": "rc"}}]}"#,
            "json: cannot unmarshal string into Go struct field PodSignature.preferAvoidPods.podSignature.podController of type v1.OwnerReference",
        ),
        (
            r#"{"preferAvoidPods": [{"podSignature": {"podController": {"controller": "yes", "uid": 7}}}]}"#,
            "json: cannot unmarshal string into Go struct field OwnerReference.preferAvoidPods.podSignature.podController.controller of type bool",
        ),
        (
            r#"{"preferAvoidPods": [{"podSignature": {"podController": {"uid": 7}}}]}"#,
            "json: cannot unmarshal number into Go struct field OwnerReference.preferAvoidPods.podSignature.podController.uid of type types.UID",
        ),
        (
            r#"{"preferAvoidPods": [{"reason": true}]}"#,
            "json: cannot unmarshal bool into Go struct field PreferAvoidPodsEntry.preferAvoidPods.reason of type string",
        ),
        // A time's own decoder stops decoding, and its error wins over a mismatch seen before.
        (
            r#"{"preferAvoidPods": [{"reason": 1, "evictionTime": 5}]}"#,
            "json: cannot unmarshal number into Go struct field PreferAvoidPodsEntry.preferAvoidPods.evictionTime of type string",
        ),
        (
            r#"{"preferAvoidPods": [{"evictionTime": "yesterday"}]}"#,
            r#"parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006""#,
        ),
    ];
    for (text, msg) in cases {
        assert_eq!(both(&annotated(AVOID, text)), [format!("{prefix}{msg}")], "{text}");
    }
    // A valid time and a `null` one pass.
    let timed = r#"{"preferAvoidPods": [{"evictionTime": "2024-01-02T03:04:05Z", "podSignature": {"podController": {"controller": true}}}, {"evictionTime": null, "podSignature": {"podController": {"controller": true}}}]}"#;
    assert!(both(&annotated(AVOID, timed)).is_empty());
    // Syntax errors carry kapi's parser's words (Go's scanner words them differently).
    let errs = both(&annotated(AVOID, "{not json"));
    assert_eq!(errs.len(), 1);
    assert!(errs[0].starts_with(&prefix), "{}", errs[0]);
}

#[test]
fn the_taints_annotation_is_checked_as_taints() {
    assert!(both(&annotated(TAINTS, r#"[{"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}]"#)).is_empty());
    let path = "metadata.annotations.scheduler.alpha.kubernetes.io/taints";
    assert_eq!(
        both(&annotated(TAINTS, r#"[{"Key": "a", "Effect": "Sometimes"}, {"KEY": "b/c/d", "effect": "NoExecute"}]"#)),
        [
            format!(
                r#"{path}[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute""#
            ),
            format!(
                "{path}[1].key: Invalid value: \"b/c/d\": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
            ),
        ]
    );
    let dup = r#"[{"key": "k", "effect": "NoExecute", "timeAdded": "2024-01-02T03:04:05Z"}, {"key": "k", "effect": "NoExecute"}]"#;
    assert_eq!(
        both(&annotated(TAINTS, dup)),
        [format!(
            r#"{path}[1]: Duplicate value: {{"Key":"k","Value":"","Effect":"NoExecute","TimeAdded":null}}: taints must be unique by key and effect pair"#
        )]
    );
    let prefix = format!("metadata.annotations: Invalid value: \"{TAINTS}\": ");
    assert_eq!(
        both(&annotated(TAINTS, "{}")),
        [format!("{prefix}json: cannot unmarshal object into Go value of type []core.Taint")]
    );
    assert_eq!(
        both(&annotated(TAINTS, r#"[{"effect": 1}]"#)),
        [format!("{prefix}json: cannot unmarshal number into Go struct field Taint.Effect of type core.TaintEffect")]
    );
    assert_eq!(
        both(&annotated(TAINTS, r#"[{"timeAdded": "now"}]"#)),
        [format!(r#"{prefix}parsing time "now" as "2006-01-02T15:04:05Z07:00": cannot parse "now" as "2006""#)]
    );
}
