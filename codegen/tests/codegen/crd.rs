//! `CustomResourceDefinition`s from `+crd` kinds: the kitchen sink's, the `crd` command, and the
//! problems a tree can have (storage version, list kind, group, a type that contains itself).

use std::path::{Path, PathBuf};
use std::process::Command;

use kapi_codegen::{Diagnostic, Universe};

/// Writes a small tree of one package `things/<version>` per entry and returns its root.
fn tree(name: &str, packages: &[(&str, &str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("kapi-crd-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (version, group, types) in packages {
        let dir = root.join("things").join(version);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("mod.rs"),
            format!("//! Things.\n//!\n//! +groupName={group}\n\nmod types;\npub use types::*;\n"),
        )
        .unwrap();
        std::fs::write(dir.join("types.rs"), types.replace("VERSION", version).replace("GROUP", group)).unwrap();
    }
    root
}

const THING: &str = r#"
use kapi_api::meta::v1::{ListMeta, ObjectMeta};
use kapi_machinery::TypeMeta;
use kapi_macros::Kapi;

/// A thing.
///
/// +crd
MARKERS
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "GROUP", version = "VERSION", json_only)]
pub struct Thing {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ObjectMeta,
    #[kapi(omitempty)]
    pub spec: ThingSpec,
}

/// What a thing is.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct ThingSpec {
    #[kapi(omitempty, default = "3")]
    pub size: i32,
    #[kapi(omitempty)]
    pub children: Vec<ThingSpec>,
}

LIST
"#;

const LIST: &str = r#"
/// Things.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(kind, group = "GROUP", version = "VERSION", json_only)]
pub struct ThingList {
    #[kapi(inline)]
    pub type_meta: TypeMeta,
    #[kapi(omitempty)]
    pub metadata: ListMeta,
    pub items: Vec<Thing>,
}
"#;

fn thing(markers: &str, list: bool, recursive: bool) -> String {
    let t = THING.replace("MARKERS", markers).replace("LIST", if list { LIST } else { "" });
    if recursive { t } else { t.replace("    #[kapi(omitempty)]\n    pub children: Vec<ThingSpec>,\n", "") }
}

fn run(root: &Path) -> (Vec<(String, String)>, String) {
    let u = Universe::load(root);
    assert!(u.diagnostics.is_empty(), "{}", u.render(&u.diagnostics));
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let defs = kapi_codegen::emit::crd::definitions(&u, &mut diagnostics);
    (defs, u.render(&diagnostics))
}

#[test]
fn versions_share_one_definition_with_one_storage_version() {
    let v1 = thing("/// +crd:storageVersion\n/// +crd:shortNames=th", true, false);
    let beta = thing("/// +crd:shortNames=th", true, false);
    let root = tree("versions", &[("v1", "things.example.com", &v1), ("v1beta1", "things.example.com", &beta)]);
    let (defs, errors) = run(&root);
    assert!(errors.is_empty(), "{errors}");
    assert_eq!(defs.len(), 1);
    let (file, yaml) = &defs[0];
    assert_eq!(file, "things.things.example.com.yaml");
    // GA first; only v1 is stored; the declared default is kept and no zero default is invented.
    let v1_at = yaml.find("name: v1\n").expect("v1");
    let beta_at = yaml.find("name: v1beta1\n").expect("v1beta1");
    assert!(v1_at < beta_at, "{yaml}");
    assert_eq!(yaml.matches("storage: true").count(), 1, "{yaml}");
    assert_eq!(yaml.matches("default: 3").count(), 2, "{yaml}");
    assert!(!yaml.contains("default: {}") && !yaml.contains("default: 0"), "{yaml}");
    assert!(yaml.contains("listKind: ThingList") && yaml.contains("- th\n"), "{yaml}");
    // No status field: no status subresource.
    assert!(!yaml.contains("subresources"), "{yaml}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn the_conversion_marker_writes_the_webhook_stanza() {
    let conversion = "/// +crd:conversion=Webhook,service=things-system/thing-conversion,path=/convert,port=8443";
    let v2 = thing(&format!("/// +crd:storageVersion\n{conversion}"), true, false);
    let v1 = thing("", true, false);
    let root = tree("conversion", &[("v1", "things.example.com", &v1), ("v2", "things.example.com", &v2)]);
    let (defs, errors) = run(&root);
    assert!(errors.is_empty(), "{errors}");
    let yaml = &defs[0].1;
    let want = "  conversion:
    strategy: Webhook
    webhook:
      clientConfig:
        service:
          name: thing-conversion
          namespace: things-system
          path: /convert
          port: 8443
      conversionReviewVersions:
      - v1
      - v1beta1
  group: things.example.com
";
    assert!(yaml.contains(want), "{yaml}");
    std::fs::remove_dir_all(&root).ok();

    // `None`, and a webhook without path and port (the API server's defaults).
    for (marker, want) in [
        ("/// +crd:conversion=None", "  conversion:\n    strategy: None\n  group:"),
        (
            "/// +crd:conversion=Webhook,service=ns/svc",
            "        service:\n          name: svc\n          namespace: ns\n      conversionReviewVersions:",
        ),
    ] {
        let root = tree("conversion-none", &[("v1", "things.example.com", &thing(marker, true, false))]);
        let (defs, errors) = run(&root);
        assert!(errors.is_empty(), "{errors}");
        assert!(defs[0].1.contains(want), "{marker}: {}", defs[0].1);
        std::fs::remove_dir_all(&root).ok();
    }
}

#[test]
fn a_malformed_conversion_marker_is_an_error_at_its_line() {
    let root = tree(
        "conversion-bad",
        &[("v1", "things.example.com", &thing("/// +crd:conversion=Webhook,service=ns", true, false))],
    );
    let u = Universe::load(&root);
    let rendered = u.render(&u.diagnostics);
    // `+crd` is on line 8 of the written types.rs, the marker on line 9.
    assert!(
        rendered.contains("`+crd:conversion`: `service` is `<namespace>/<name>` (lower-case DNS labels), not `ns`"),
        "{rendered}"
    );
    assert!(rendered.contains("things/v1/types.rs:9:"), "{rendered}");
    std::fs::remove_dir_all(&root).ok();

    // Two versions that give different ones.
    let a = thing("/// +crd:storageVersion\n/// +crd:conversion=None", true, false);
    let b = thing("/// +crd:conversion=Webhook,service=ns/svc", true, false);
    let root = tree("conversion-disagree", &[("v1", "things.example.com", &a), ("v2", "things.example.com", &b)]);
    let (defs, errors) = run(&root);
    assert!(defs.is_empty(), "{defs:?}");
    assert!(
        errors.contains("the versions that give it must give the same one") && errors.contains("types.rs:"),
        "{errors}"
    );
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn problems_are_reported_at_the_kind() {
    let cases = [
        (
            "storage",
            vec![
                ("v1", "things.example.com", thing("", true, false)),
                ("v2", "things.example.com", thing("", true, false)),
            ],
            "2 versions and 0 marked `+crd:storageVersion`",
        ),
        ("list", vec![("v1", "things.example.com", thing("", false, false))], "defines no `ThingList`"),
        ("group", vec![("v1", "things", thing("", true, false))], "group needs a dot"),
        ("cycle", vec![("v1", "things.example.com", thing("", true, true))], "contains itself"),
    ];
    for (name, packages, needle) in cases {
        let packages: Vec<(&str, &str, &str)> = packages.iter().map(|(v, g, t)| (*v, *g, t.as_str())).collect();
        let root = tree(name, &packages);
        let (defs, errors) = run(&root);
        assert!(defs.is_empty(), "{name}: {defs:?}");
        assert!(errors.contains(needle) && errors.contains("types.rs:"), "{name}: {errors}");
        std::fs::remove_dir_all(&root).ok();
    }
}

#[test]
fn the_crd_command_prints_the_kitchen_sinks_definitions() {
    let bin = env!("CARGO_BIN_EXE_kapi-codegen");
    let sink = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kitchen-sink/src");
    let out = Command::new(bin).arg("crd").arg("--root").arg(&sink).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stream = String::from_utf8(out.stdout).unwrap();
    // The same text `generate` commits under `crds/`.
    let committed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../kitchen-sink/generated/crds/crontabs.stable.example.com.yaml"),
    )
    .unwrap();
    assert_eq!(stream, committed);
    // A tree without custom resources is an error, not an empty stream.
    let api = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/good");
    let none = Command::new(bin).arg("crd").arg("--root").arg(&api).output().unwrap();
    assert_eq!(none.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no kind under"));
}

#[test]
fn an_enum_type_lists_its_values_wherever_it_is_used() {
    let types = thing("", true, false).replace(
        "    #[kapi(omitempty, default = \"3\")]\n    pub size: i32,\n",
        "    #[kapi(omitempty, default = \"3\")]\n    pub size: i32,\n    #[kapi(omitempty)]\n    pub phase: Phase,\n    #[kapi(omitempty)]\n    pub history: Vec<Phase>,\n",
    ) + r#"
/// Where a thing is in its life.
/// +enum
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct Phase(pub String);

impl Phase {
    pub const NEW: &'static str = "New";
    pub const DONE: &'static str = "Done";
}
"#;
    let root = tree("enum", &[("v1", "things.example.com", &types)]);
    let (defs, errors) = run(&root);
    assert!(errors.is_empty(), "{errors}");
    let (_, yaml) = &defs[0];
    // controller-gen puts a type's `Enum` on the type's schema: the field and the list's items.
    assert_eq!(yaml.matches("enum:\n").count(), 2, "{yaml}");
    assert_eq!(yaml.matches("- Done\n").count(), 2, "{yaml}");
    std::fs::remove_dir_all(&root).ok();
}

/// A spec with every declarative tag that has a schema or CEL equivalent, and kube-openapi's
/// markers.
const VALIDATED: &str = r#"
    /// +k8s:minimum=1
    /// +k8s:maximum=9
    #[kapi(omitempty)]
    pub count: i32,
    /// +k8s:maxLength=63
    /// +k8s:format=k8s-short-name
    #[kapi(omitempty)]
    pub name: String,
    /// +k8s:format=k8s-uuid
    #[kapi(omitempty)]
    pub uid: String,
    /// +k8s:maxItems=3
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    #[kapi(omitempty)]
    pub ports: Vec<Port>,
    /// +k8s:immutable
    #[kapi(omitempty)]
    pub class: String,
    /// +k8s:forbidden
    #[kapi(omitempty)]
    pub legacy: String,
    /// +k8s:eachVal=+k8s:maxLength=8
    #[kapi(omitempty)]
    pub words: Vec<String>,
    /// +k8s:validation:format="date-time"
    #[kapi(omitempty)]
    pub not_after: String,
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=2
    /// +k8s:validation:pattern="^[a-z]+$"
    /// +k8s:validation:minLength=2
    /// +k8s:validation:cel[0]:rule>self != 'nope'
    /// +k8s:validation:cel[0]:message="must not be nope"
    /// +k8s:validation:cel[0]:reason="FieldValueForbidden"
    #[kapi(omitempty)]
    pub word: String,
"#;

const PORT: &str = r#"
/// A port.
#[derive(Clone, Debug, Default, PartialEq, Kapi)]
#[kapi(json_only)]
pub struct Port {
    pub name: String,
    #[kapi(omitempty)]
    pub number: i32,
}
"#;

fn validated_thing(rule: &str) -> String {
    validated_thing_with(&format!("/// +k8s:validation:cel[0]:rule>{rule}\n"))
}

/// [`VALIDATED`] with `markers` (doc lines) on the spec's type.
fn validated_thing_with(markers: &str) -> String {
    let spec = format!("    #[kapi(omitempty, default = \"3\")]\n    pub size: i32,\n{VALIDATED}");
    thing("", true, false)
        .replace("    #[kapi(omitempty, default = \"3\")]\n    pub size: i32,\n", &spec)
        .replace("/// What a thing is.\n", &format!("/// What a thing is.\n{markers}"))
        + PORT
}

#[test]
fn validation_tags_become_schema_keywords_and_rules() {
    let root = tree("keywords", &[("v1", "things.example.com", &validated_thing("self.count <= self.size"))]);
    let (defs, errors) = run(&root);
    assert!(errors.is_empty(), "{errors}");
    let (_, yaml) = &defs[0];
    for want in [
        "minimum: 1\n",
        "maximum: 9\n",
        "maxLength: 63\n",
        "format: uuid\n",
        "maxItems: 3\n",
        "x-kubernetes-list-type: map\n",
        "x-kubernetes-list-map-keys:\n                - name\n",
        "rule: '!format.dns1123Label().validate(self).hasValue()'\n",
        "message: field is immutable\n                  rule: self == oldSelf\n",
        "fieldPath: .legacy\n",
        "reason: FieldValueForbidden\n              rule: '!has(self.legacy)'\n",
        "maxLength: 8\n",
        "pattern: ^[a-z]+$\n",
        "minLength: 2\n",
        "message: must not be nope\n                  reason: FieldValueForbidden\n                  rule: self != 'nope'\n",
        "rule: self.count <= self.size\n",
    ] {
        assert!(yaml.contains(want), "{want:?} missing from\n{yaml}");
    }
    // A beta tag is not enforced by default upstream, so the schema leaves it out.
    assert!(!yaml.contains("maxLength: 2\n"), "{yaml}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_bad_cel_rule_is_an_error_at_its_place() {
    for (name, rule, message, col) in [
        // The rule's first character is in column 33 (after `/// +k8s:validation:cel[0]:rule>`);
        // each error points into the rule, where cel-go's message points.
        (
            "syntax",
            "self.count <",
            "`+k8s:validation:cel[0]:rule`: compilation failed: Syntax error: mismatched input '<EOF>'",
            33 + 12,
        ),
        (
            "unknown",
            "self.count.frobnicate()",
            "`+k8s:validation:cel[0]:rule`: compilation failed: undeclared reference to 'frobnicate'",
            // cel-go places a call at its `(`.
            33 + 21,
        ),
        (
            "field",
            "self.cuont > 1",
            "`+k8s:validation:cel[0]:rule`: compilation failed: undefined field 'cuont'",
            33 + 4,
        ),
        // Typed from the schema, as the server types it: a `date-time` string is a timestamp.
        (
            "type",
            "self.notAfter.startsWith('2')",
            "`+k8s:validation:cel[0]:rule`: compilation failed: found no matching overload for 'startsWith' applied to 'google.protobuf.Timestamp.(string)'",
            33 + 24,
        ),
        (
            "operands",
            "self.count == self.name",
            "`+k8s:validation:cel[0]:rule`: compilation failed: found no matching overload for '_==_' applied to '(int, string)'",
            33 + 11,
        ),
        // At a resource's root `metadata` has only `name` and `generateName`; here, the spec's.
        ("not-bool", "self.count + 1", "`+k8s:validation:cel[0]:rule`: cel expression must evaluate to a bool", 33),
    ] {
        let root = tree(name, &[("v1", "things.example.com", &validated_thing(rule))]);
        let (defs, errors) = run(&root);
        assert!(defs.is_empty(), "{name}: {defs:?}");
        assert!(errors.contains(message), "{name}: {errors}");
        let line = validated_thing(rule).lines().position(|l| l.contains("cel[0]:rule>")).expect("rule line") + 1;
        let at = format!("types.rs:{line}:{col}");
        assert!(errors.contains(&at), "{name}: want {at} in {errors}");
        // One error: the rule's.
        assert_eq!(errors.lines().filter(|l| l.starts_with("error:")).count(), 1, "{name}: {errors}");
        std::fs::remove_dir_all(&root).ok();
    }
}

/// The errors of the spec's rule written with `markers`, the line of the marker containing
/// `at_marker`.
fn spec_rule_errors(name: &str, markers: &str, at_marker: &str) -> (String, usize) {
    let types = validated_thing_with(markers);
    let root = tree(name, &[("v1", "things.example.com", &types)]);
    let (defs, errors) = run(&root);
    assert!(defs.is_empty(), "{name}: {defs:?}");
    std::fs::remove_dir_all(&root).ok();
    let line = types.lines().position(|l| l.contains(at_marker)).expect("marker line") + 1;
    (errors, line)
}

#[test]
fn a_message_expression_is_typed_and_costed_at_its_marker() {
    // A timestamp's string has no size bound in the server's estimate, so adding to it costs
    // as much as the largest string: over the per-expression limit. The expression starts in
    // column 46, after `/// +k8s:validation:cel[0]:messageExpression>`.
    let (errors, line) = spec_rule_errors(
        "message-cost",
        "/// +k8s:validation:cel[0]:rule>self.count > 0\n/// +k8s:validation:cel[0]:messageExpression>'not after ' + string(self.notAfter)\n",
        "messageExpression>",
    );
    assert!(
        errors.contains("`+k8s:validation:cel[0]:messageExpression`: estimated messageExpression cost exceeds budget by factor of more than 100x (try simplifying the rule"),
        "{errors}"
    );
    assert!(errors.contains(&format!("types.rs:{line}:46")), "want line {line} in {errors}");
    let (errors, line) = spec_rule_errors(
        "message-type",
        "/// +k8s:validation:cel[0]:rule>self.count > 0\n/// +k8s:validation:cel[0]:messageExpression>self.count\n",
        "messageExpression>",
    );
    assert!(
        errors.contains("`+k8s:validation:cel[0]:messageExpression`: messageExpression must evaluate to a string"),
        "{errors}"
    );
    assert!(errors.contains(&format!("types.rs:{line}:46")), "want line {line} in {errors}");
}

#[test]
fn a_rule_over_an_unbounded_list_is_over_the_cost_limit() {
    // `words` has no `maxItems`: every pair of as many words as fit in a request.
    let (errors, line) = spec_rule_errors(
        "rule-cost",
        "/// +k8s:validation:cel[0]:rule>self.words.all(x, self.words.all(y, x == y))\n",
        "cel[0]:rule>",
    );
    assert!(
        errors
            .contains("`+k8s:validation:cel[0]:rule`: estimated rule cost exceeds budget by factor of more than 100x"),
        "{errors}"
    );
    assert!(errors.contains(&format!("types.rs:{line}:33")), "want line {line} in {errors}");
    // The same over `ports`, which has at most 3 items, is within it.
    let types = validated_thing("self.ports.all(x, self.ports.all(y, x.name == y.name || x.number != y.number))");
    let root = tree("rule-cost-bounded", &[("v1", "things.example.com", &types)]);
    let (defs, errors) = run(&root);
    assert!(errors.is_empty(), "{errors}");
    assert_eq!(defs.len(), 1);
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_transition_rule_needs_items_that_pair_up() {
    // In a `map` list, old and new ports pair up by name: a rule on a port may use `oldSelf`.
    let marked = |types: String| {
        types
            .replace("/// A port.\n", "/// A port.\n/// +k8s:validation:cel[0]:rule>self.number >= oldSelf.number\n")
            .replace(
                "    #[kapi(omitempty)]\n    pub number: i32,",
                "    /// +k8s:immutable\n    #[kapi(omitempty)]\n    pub number: i32,",
            )
    };
    let types = marked(validated_thing("self.count >= 0"));
    let root = tree("transition-map", &[("v1", "things.example.com", &types)]);
    let (defs, errors) = run(&root);
    assert!(errors.is_empty(), "{errors}");
    assert_eq!(defs.len(), 1);
    std::fs::remove_dir_all(&root).ok();
    // In an atomic list they do not: the server refuses both, the marker's and the tag's.
    let types = types.replace("/// +k8s:listType=map\n    /// +k8s:listMapKey=name\n", "/// +k8s:listType=atomic\n");
    let root = tree("transition-atomic", &[("v1", "things.example.com", &types)]);
    let (defs, errors) = run(&root);
    assert!(defs.is_empty(), "{defs:?}");
    let within = "oldSelf cannot be used on the uncorrelatable portion of the schema within openAPIV3Schema.properties[spec].properties[ports]";
    let line = |needle: &str| types.lines().position(|l| l.contains(needle)).expect("marker line") + 1;
    assert!(errors.contains(&format!("`+k8s:validation:cel[0]:rule`: {within}")), "{errors}");
    assert!(errors.contains(&format!("types.rs:{}:33", line("self.number >= oldSelf.number"))), "{errors}");
    assert!(errors.contains(&format!("`+k8s:immutable` writes the CEL rule `self == oldSelf`: {within}")), "{errors}");
    // The tag's line, two above the field's.
    assert!(errors.contains(&format!("types.rs:{}:5", line("pub number: i32") - 2)), "{errors}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn typed_rules_the_server_accepts_pass() {
    for rule in [
        "!has(self.notAfter) || self.notAfter > timestamp('2000-01-01T00:00:00Z')",
        "self.count <= self.size && self.name.startsWith('a')",
        "self.ports.exists(p, p.name == 'http')",
    ] {
        let root = tree("typed-ok", &[("v1", "things.example.com", &validated_thing(rule))]);
        let (defs, errors) = run(&root);
        assert!(errors.is_empty(), "{rule}: {errors}");
        assert_eq!(defs.len(), 1, "{rule}");
        assert!(!defs[0].1.contains("x-kapi-origin"), "{}", defs[0].1);
        std::fs::remove_dir_all(&root).ok();
    }
}

#[test]
fn a_schema_whose_rules_together_cost_too_much_is_an_error_at_the_kind() {
    // Each rule is within its own limit (`words` has no `maxItems`, but its items are short):
    // fifteen of them are within the schema's, forty over it.
    let markers = |n: usize| -> String {
        (0..n).map(|i| format!("/// +k8s:validation:cel[{i}]:rule>self.words.all(w, w.size() < 9)\n")).collect()
    };
    let root = tree("total-cost-within", &[("v1", "things.example.com", &validated_thing_with(&markers(15)))]);
    let (defs, errors) = run(&root);
    assert!(errors.is_empty(), "{errors}");
    assert_eq!(defs.len(), 1);
    std::fs::remove_dir_all(&root).ok();
    let types = validated_thing_with(&markers(40));
    let root = tree("total-cost", &[("v1", "things.example.com", &types)]);
    let (defs, errors) = run(&root);
    assert!(defs.is_empty(), "{defs:?}");
    assert_eq!(errors.lines().filter(|l| l.starts_with("error:")).count(), 5, "{errors}");
    let kind = types.lines().position(|l| l.starts_with("pub struct Thing {")).expect("kind line") + 1;
    assert!(errors.contains(&format!("types.rs:{kind}:12")), "{errors}");
    assert!(
        errors.contains("the schema of `Thing`: x-kubernetes-validations estimated rule & messageExpression cost total for entire OpenAPIv3 schema exceeds budget by factor of 2.5x"),
        "{errors}"
    );
    // The four most expensive (of equal cost, the first four) at their markers.
    for i in 0..4 {
        let line = types.lines().position(|l| l.contains(&format!("cel[{i}]:rule>"))).expect("marker line") + 1;
        assert!(errors.contains(&format!("`+k8s:validation:cel[{i}]:rule`: contributed to estimated rule & messageExpression cost total exceeding cost limit for entire OpenAPIv3 schema\n  --> {}", root.join("things/v1/types.rs").display())), "{errors}");
        assert!(errors.contains(&format!("types.rs:{line}:33")), "{errors}");
    }
    std::fs::remove_dir_all(&root).ok();
}
