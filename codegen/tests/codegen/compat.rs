//! `kapi-codegen compat` over a small fixture tree and edits of it: a failing and a passing case per rule, the changes a naive diff would flag, the allow file, the command line against a git revision, and kapi's own `api/` tree.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kapi_codegen::compat::{self, AllowList, Finding};
use kapi_codegen::{SourceTree, Universe};
use kapi_frontend::diagnostics::Level;

fn fixture_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/compat/base")
}

/// A tree as relative path → text, edited in memory.
#[derive(Clone)]
struct Tree(BTreeMap<String, String>);

impl Tree {
    fn base() -> Tree {
        let root = fixture_root();
        let read = SourceTree::read(&root);
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        Tree(
            read.sources
                .into_iter()
                .map(|(p, s)| (p.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"), s))
                .collect(),
        )
    }

    /// Replaces the one occurrence of `from` in `file` with `to`.
    fn edit(mut self, file: &str, from: &str, to: &str) -> Tree {
        let text = self.0.get_mut(file).unwrap_or_else(|| panic!("no file {file}"));
        assert_eq!(text.matches(from).count(), 1, "`{from}` must occur once in {file}");
        *text = text.replacen(from, to, 1);
        self
    }

    /// A copy of a package under another name, with its version replaced.
    fn copy_package(mut self, from: &str, to: &str, version_from: &str, version_to: &str) -> Tree {
        let copies: Vec<(String, String)> = self
            .0
            .iter()
            .filter_map(|(p, s)| p.strip_prefix(&format!("{from}/")).map(|rest| (rest.to_owned(), s.clone())))
            .filter(|(rest, _)| !rest.contains('/'))
            .map(|(rest, s)| (format!("{to}/{rest}"), s.replace(version_from, version_to)))
            .collect();
        assert!(!copies.is_empty(), "no package {from}");
        self.0.extend(copies);
        self
    }

    fn remove_package(mut self, package: &str) -> Tree {
        let before = self.0.len();
        self.0.retain(|p, _| !p.starts_with(&format!("{package}/")));
        assert!(self.0.len() < before, "no package {package}");
        self
    }

    fn universe(&self, root: &str) -> Universe {
        let root = Path::new(root);
        let u = Universe::from_sources(root, self.0.iter().map(|(p, s)| (root.join(p), s.clone())).collect());
        assert!(u.diagnostics.is_empty(), "the fixture does not load:\n{}", u.render(&u.diagnostics));
        u
    }
}

/// The findings of comparing the base fixture with `head`, and their rendering for messages.
fn compare(head: &Tree) -> (Vec<Finding>, String) {
    let (b, h) = (Tree::base().universe("base"), head.universe("head"));
    let findings = compat::compare(&b, &h);
    let text = compat::render_text(&findings, &b, &h, &[]);
    (findings, text)
}

/// Asserts that `head` has a finding of `rule` on `subject` at `level`.
#[track_caller]
fn finds(head: Tree, rule: &str, subject: &str, level: Level) -> String {
    let (findings, text) = compare(&head);
    assert!(
        findings.iter().any(|f| f.rule == rule && f.subject == subject && f.level() == level),
        "expected `{rule}` on `{subject}` ({level:?}), found:\n{text}"
    );
    text
}

/// Asserts that `head` has no finding of `rule` (or of any rule when `rule` is `None`).
#[track_caller]
fn clean(head: Tree, rule: Option<&str>) {
    let (findings, text) = compare(&head);
    let bad: Vec<&Finding> = findings.iter().filter(|f| rule.is_none_or(|r| f.rule == r)).collect();
    assert!(bad.is_empty(), "expected no {} finding, found:\n{text}", rule.unwrap_or("compat"));
}

const V1: &str = "widgets/v1/types.rs";
const BETA: &str = "widgets/v1beta1/types.rs";
const ALPHA: &str = "widgets/v1alpha1/types.rs";
const HUB: &str = "widgets/types.rs";
const SIZE: &str = "    /// Its size in bytes.\n    #[kapi(proto = 7, omitempty)]\n    pub size: i64,\n";

#[test]
fn the_base_against_itself_finds_nothing() {
    clean(Tree::base(), None);
}

#[test]
fn compatible_changes_a_naive_diff_would_flag_find_nothing() {
    // Adding an optional field to every version and the hub.
    clean(
        Tree::base()
            .edit(
                V1,
                SIZE,
                &format!(
                    "{SIZE}    /// Who owns it.\n    #[kapi(proto = 8, omitempty)]\n    pub owner: Option<String>,\n"
                ),
            )
            .edit(HUB, "    pub size: i64,\n", "    pub size: i64,\n    pub owner: Option<String>,\n"),
        None,
    );
    // Adding a version below the preferred one.
    clean(Tree::base().copy_package("widgets/v1alpha1", "widgets/v2alpha1", "v1alpha1", "v2alpha1"), None);
    // Reordering fields.
    clean(
        Tree::base().edit(V1, SIZE, "").edit(
            V1,
            "pub struct WidgetSpec {\n",
            &format!("pub struct WidgetSpec {{\n{SIZE}"),
        ),
        None,
    );
    // Editing doc comments, markers untouched.
    clean(
        Tree::base()
            .edit(
                V1,
                "    /// The widget's colour.\n",
                "    /// The widget's colour, as people see it.\n    ///\n    /// Any CSS colour name.\n",
            )
            .edit(V1, "/// A widget.\n", "/// A widget: the unit of work.\n"),
        None,
    );
    // Writing out what was implied: the derived JSON name, a map's default granularity, a
    // declarative list type that says what the attribute says, another path to the same type.
    clean(
        Tree::base()
            .edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 7, omitempty, json = \"size\")]")
            .edit(V1, "#[kapi(proto = 5, omitempty)]", "#[kapi(proto = 5, omitempty, map_type = \"granular\")]")
            .edit(
                V1,
                "    /// Its ports, by name.\n",
                "    /// Its ports, by name.\n    ///\n    /// +k8s:listType=map\n    /// +k8s:listMapKey=name\n",
            )
            .edit(V1, "pub mode: Option<Mode>,", "pub mode: Option<self::Mode>,"),
        None,
    );
}

#[test]
fn field_removed_or_renamed() {
    let text =
        finds(Tree::base().edit(V1, SIZE, ""), compat::FIELD_REMOVED, "widgets/v1/WidgetSpec.size", Level::Error);
    // Both places, rustc-style: the type now, the field at the base.
    assert!(text.contains("error: field `size` of `WidgetSpec` was removed or renamed"), "{text}");
    assert!(text.contains("--> head/widgets/v1/types.rs:25:12"), "{text}");
    assert!(text.contains("::: base/widgets/v1/types.rs:53:9"), "{text}");
    // A Rust rename that keeps the JSON name is no change on the wire.
    clean(Tree::base().edit(V1, "pub size: i64,", "#[kapi(json = \"size\")]\n    pub size_bytes: i64,"), None);
    // The same removal in an alpha version is a warning.
    finds(
        Tree::base().edit(ALPHA, "    /// The widget's colour.\n    #[kapi(proto = 2, omitempty, default = \"\\\"blue\\\"\")]\n    pub colour: Option<String>,\n", ""),
        compat::FIELD_REMOVED,
        "widgets/v1alpha1/WidgetSpec.colour",
        Level::Warning,
    );
}

#[test]
fn json_name_changed() {
    finds(
        Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 7, omitempty, json = \"sizeBytes\")]"),
        compat::JSON_NAME_CHANGED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    // The beta version is held to the same rule.
    finds(
        Tree::base().edit(
            BETA,
            "#[kapi(proto = 1, omitempty)]\n    pub replicas",
            "#[kapi(proto = 1, omitempty, json = \"copies\")]\n    pub replicas",
        ),
        compat::JSON_NAME_CHANGED,
        "widgets/v1beta1/WidgetSpec.replicas",
        Level::Error,
    );
    clean(
        Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 7, omitempty, json = \"size\")]"),
        None,
    );
}

#[test]
fn proto_number_changed() {
    finds(
        Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 17, omitempty)]"),
        compat::PROTO_NUMBER_CHANGED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(omitempty, skip_proto)]"),
        compat::PROTO_NUMBER_CHANGED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    // A protobuf name of its own changes nothing on the wire.
    clean(
        Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 7, omitempty, proto_name = \"size\")]"),
        None,
    );
}

#[test]
fn proto_number_reused_or_not_reserved() {
    let weight = "    /// Its weight.\n    #[kapi(proto = 7, omitempty)]\n    pub weight: i64,\n";
    let text = finds(
        Tree::base().edit(V1, SIZE, weight),
        compat::PROTO_NUMBER_REUSED,
        "widgets/v1/WidgetSpec#7",
        Level::Error,
    );
    assert!(text.contains("field `weight` of `WidgetSpec` takes protobuf number 7"), "{text}");
    assert!(text.contains("field `size` had 7"), "{text}");
    let text = finds(
        Tree::base().edit(V1, SIZE, ""),
        compat::PROTO_NUMBER_NOT_RESERVED,
        "widgets/v1/WidgetSpec#7",
        Level::Error,
    );
    assert!(text.contains("add `#[kapi(proto_reserved(7))]`"), "{text}");
    // Kept as a tombstone, with the new field on a fresh number: only the removal itself.
    let retired = Tree::base()
        .edit(V1, SIZE, "    /// Its weight.\n    #[kapi(proto = 10, omitempty)]\n    pub weight: i64,\n")
        .edit(V1, "pub struct WidgetSpec {", "#[kapi(proto_reserved(7))]\npub struct WidgetSpec {");
    clean(retired.clone(), Some(compat::PROTO_NUMBER_REUSED));
    clean(retired.clone(), Some(compat::PROTO_NUMBER_NOT_RESERVED));
    let (findings, _) = compare(&retired);
    assert_eq!(findings.iter().map(|f| f.rule).collect::<Vec<_>>(), [compat::FIELD_REMOVED]);
    // A number reserved at the base stays reserved: dropping it from the list is reported, and
    // taking it is reported against the reservation.
    let reserved =
        Tree::base().edit(V1, "pub struct WidgetSpec {", "#[kapi(proto_reserved(12))]\npub struct WidgetSpec {");
    let b = reserved.universe("base");
    let dropped = Tree::base().universe("head");
    let findings = compat::compare(&b, &dropped);
    assert!(
        findings.iter().any(|f| f.rule == compat::PROTO_NUMBER_NOT_RESERVED && f.subject == "widgets/v1/WidgetSpec#12"),
        "{}",
        compat::render_text(&findings, &b, &dropped, &[])
    );
    let taken =
        Tree::base().edit(V1, SIZE, &format!("{SIZE}    #[kapi(proto = 12, omitempty)]\n    pub weight: i64,\n"));
    let findings = compat::compare(&b, &taken.universe("head"));
    assert!(findings.iter().any(|f| f.rule == compat::PROTO_NUMBER_REUSED && f.subject == "widgets/v1/WidgetSpec#12"));
}

#[test]
fn reserved_numbers_are_never_handed_out_again() {
    let tree = Tree::base().edit(V1, SIZE, "    pub weight: i64,\n").edit(
        V1,
        "pub struct WidgetSpec {",
        "#[kapi(proto_reserved(7, 11))]\npub struct WidgetSpec {",
    );
    let root = Path::new("head");
    let u = Universe::from_sources(root, tree.0.iter().map(|(p, s)| (root.join(p), s.clone())).collect());
    let text = u.render(&u.diagnostics);
    // The next free number is past the highest field (9) and the highest reserved one (11).
    assert!(
        text.contains("field `weight` of `WidgetSpec` has no protobuf number; add `#[kapi(proto = 12)]`"),
        "{text}"
    );
    let tree = Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 11, omitempty)]").edit(
        V1,
        "pub struct WidgetSpec {",
        "#[kapi(proto_reserved(7, 11))]\npub struct WidgetSpec {",
    );
    let u = Universe::from_sources(root, tree.0.iter().map(|(p, s)| (root.join(p), s.clone())).collect());
    let text = u.render(&u.diagnostics);
    assert!(
        text.contains("field `size` takes protobuf number 11, which `WidgetSpec` reserves for a retired field; use the next free number, 12"),
        "{text}"
    );
    for (attr, want) in [
        ("proto_reserved(7, 7)", "protobuf number 7 is reserved twice"),
        ("proto_reserved(0)", "protobuf field numbers run from 1"),
        ("proto_reserved = 7", "`proto_reserved` takes the retired numbers in parentheses"),
    ] {
        let tree =
            Tree::base().edit(V1, "pub struct WidgetSpec {", &format!("#[kapi({attr})]\npub struct WidgetSpec {{"));
        let u = Universe::from_sources(root, tree.0.iter().map(|(p, s)| (root.join(p), s.clone())).collect());
        let text = u.render(&u.diagnostics);
        assert!(text.contains(want), "{attr}: {text}");
    }
}

#[test]
fn reserved_numbers_are_written_to_the_proto_file() {
    let tree = Tree::base().edit(V1, SIZE, "").edit(
        V1,
        "pub struct WidgetSpec {",
        "#[kapi(proto_reserved(7))]\npub struct WidgetSpec {",
    );
    let u = tree.universe("head");
    let outputs = kapi_codegen::generate(&u, &["proto".to_owned()]).unwrap_or_else(|d| panic!("{}", u.render(&d)));
    let proto = &outputs[Path::new("widgets/v1/generated.proto")];
    assert!(proto.contains("message WidgetSpec {\n  reserved 7;\n\n"), "{proto}");
}

#[test]
fn type_changed() {
    finds(
        Tree::base().edit(V1, "pub size: i64,", "pub size: String,"),
        compat::TYPE_CHANGED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    finds(
        Tree::base()
            .edit(V1, "pub struct Mode(pub String);", "pub struct Mode(pub i32);")
            .edit(
                V1,
                "\nimpl Mode {\n    pub const FAST: &str = \"Fast\";\n    pub const SLOW: &str = \"Slow\";\n}\n",
                "",
            )
            .edit(V1, "/// How a widget runs.\n///\n/// +enum\n", "/// How a widget runs.\n"),
        compat::TYPE_CHANGED,
        "widgets/v1/Mode",
        Level::Error,
    );
    clean(Tree::base().edit(V1, "pub mode: Option<Mode>,", "pub mode: Option<super::v1::Mode>,"), None);
}

#[test]
fn label_changed() {
    finds(
        Tree::base().edit(V1, "pub size: i64,", "pub size: Vec<i64>,"),
        compat::LABEL_CHANGED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, "pub size: i64,", "pub size: Option<i64>,"),
        compat::LABEL_CHANGED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    // A nil-able list is still a list.
    clean(
        Tree::base().edit(V1, "pub labels: BTreeMap<String, String>,", "pub labels: Option<BTreeMap<String, String>>,"),
        None,
    );
}

#[test]
fn list_and_map_semantics_changed() {
    finds(
        Tree::base().edit(V1, "list_type = \"map\", list_map_key = \"name\"", "list_type = \"atomic\""),
        compat::LIST_SEMANTICS_CHANGED,
        "widgets/v1/WidgetSpec.ports",
        Level::Error,
    );
    finds(
        Tree::base().edit(
            V1,
            "list_type = \"map\", list_map_key = \"name\"",
            "list_type = \"map\", list_map_key = \"name\", list_map_key = \"number\"",
        ),
        compat::LIST_SEMANTICS_CHANGED,
        "widgets/v1/WidgetSpec.ports",
        Level::Error,
    );
    finds(
        Tree::base().edit(
            V1,
            "list_type = \"map\", list_map_key = \"name\"",
            "list_type = \"map\", list_map_key = \"name\", patch_strategy = \"merge\", patch_merge_key = \"name\"",
        ),
        compat::LIST_SEMANTICS_CHANGED,
        "widgets/v1/WidgetSpec.ports",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, "#[kapi(proto = 5, omitempty)]", "#[kapi(proto = 5, omitempty, map_type = \"atomic\")]"),
        compat::LIST_SEMANTICS_CHANGED,
        "widgets/v1/WidgetSpec.labels",
        Level::Error,
    );
    clean(
        Tree::base().edit(
            V1,
            "#[kapi(proto = 5, omitempty)]",
            "#[kapi(proto = 5, omitempty, map_type = \"granular\")]",
        ),
        None,
    );
}

#[test]
fn field_made_required_or_new_required_field() {
    finds(
        Tree::base().edit(
            V1,
            "#[kapi(proto = 1, omitempty)]\n    pub replicas",
            "#[kapi(proto = 1, omitempty, required)]\n    pub replicas",
        ),
        compat::FIELD_MADE_REQUIRED,
        "widgets/v1/WidgetSpec.replicas",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, "    /// +k8s:minimum=0\n", "    /// +k8s:required\n    /// +k8s:minimum=0\n"),
        compat::FIELD_MADE_REQUIRED,
        "widgets/v1/WidgetSpec.replicas",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, SIZE, &format!("{SIZE}    #[kapi(proto = 8, required)]\n    pub owner: String,\n")),
        compat::REQUIRED_FIELD_ADDED,
        "widgets/v1/WidgetSpec.owner",
        Level::Error,
    );
    clean(
        Tree::base().edit(
            V1,
            "#[kapi(proto = 1, omitempty)]\n    pub replicas",
            "#[kapi(proto = 1, omitempty, optional)]\n    pub replicas",
        ),
        None,
    );
    clean(
        Tree::base().edit(
            V1,
            SIZE,
            &format!("{SIZE}    #[kapi(proto = 8, omitempty, optional)]\n    pub owner: Option<String>,\n"),
        ),
        None,
    );
}

#[test]
fn default_added_changed_or_removed() {
    let colour = "default = \"\\\"blue\\\"\"";
    finds(
        Tree::base().edit(V1, colour, "default = \"\\\"red\\\"\""),
        compat::DEFAULT_CHANGED,
        "widgets/v1/WidgetSpec.colour",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 7, omitempty, default = \"1\")]"),
        compat::DEFAULT_CHANGED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    let text = finds(
        Tree::base().edit(BETA, &format!(", {colour}"), ""),
        compat::DEFAULT_CHANGED,
        "widgets/v1beta1/WidgetSpec.colour",
        Level::Error,
    );
    assert!(text.contains("lost its default"), "{text}");
    // The same JSON literal written with spaces around it is the same default.
    clean(Tree::base().edit(V1, colour, "default = \" \\\"blue\\\" \""), None);
}

#[test]
fn default_in_one_version_but_not_all() {
    let shape = |default: &str| {
        format!("    /// Its shape.\n    #[kapi(proto = 3, omitempty{default})]\n    pub shape: Option<String>,\n")
    };
    let with_shape = |beta_default: &str| {
        Tree::base()
            .edit(V1, SIZE, &format!("{SIZE}    /// Its shape.\n    #[kapi(proto = 8, omitempty, default = \"\\\"round\\\"\")]\n    pub shape: Option<String>,\n"))
            .edit(BETA, "    pub colour: Option<String>,\n", &format!("    pub colour: Option<String>,\n{}", shape(beta_default)))
    };
    let text =
        finds(with_shape(""), compat::DEFAULT_NOT_IN_ALL_VERSIONS, "widgets/v1beta1/WidgetSpec.shape", Level::Error);
    assert!(text.contains("has no default in `widgets/v1beta1` but has one in `widgets/v1`"), "{text}");
    clean(with_shape(", default = \"\\\"round\\\"\""), None);
}

#[test]
fn enum_value_added_to_a_closed_enum_or_removed() {
    let text = finds(
        Tree::base().edit(
            V1,
            "    pub const SLOW: &str = \"Slow\";\n",
            "    pub const SLOW: &str = \"Slow\";\n    pub const MEDIUM: &str = \"Medium\";\n",
        ),
        compat::ENUM_VALUE_ADDED,
        "widgets/v1/Mode=Medium",
        Level::Error,
    );
    assert!(text.contains("+enum:open"), "{text}");
    finds(
        Tree::base().edit(V1, "    pub const SLOW: &str = \"Slow\";\n", ""),
        compat::ENUM_VALUE_REMOVED,
        "widgets/v1/Mode=Slow",
        Level::Error,
    );
    // An open enum takes new values; reordering constants changes nothing.
    clean(
        Tree::base().edit(
            V1,
            "    pub const RUNNING: &str = \"Running\";\n",
            "    pub const RUNNING: &str = \"Running\";\n    pub const DONE: &str = \"Done\";\n",
        ),
        None,
    );
    clean(
        Tree::base().edit(
            V1,
            "    pub const FAST: &str = \"Fast\";\n    pub const SLOW: &str = \"Slow\";\n",
            "    pub const SLOW: &str = \"Slow\";\n    pub const FAST: &str = \"Fast\";\n",
        ),
        None,
    );
}

#[test]
fn union_member_removed() {
    let image = "    /// A container image.\n    #[kapi(proto = 2, omitempty)]\n    pub image: Option<String>,\n";
    let (findings, text) = compare(&Tree::base().edit(V1, image, "").edit(
        V1,
        "pub struct Source {",
        "#[kapi(proto_reserved(2))]\npub struct Source {",
    ));
    let rules: Vec<(&str, &str)> = findings.iter().map(|f| (f.rule, f.subject.as_str())).collect();
    assert_eq!(rules, [(compat::UNION_MEMBER_REMOVED, "widgets/v1/Source.image")], "{text}");
    finds(
        Tree::base().edit(V1, "#[kapi(union)]\npub struct Source", "pub struct Source"),
        compat::UNION_MEMBER_REMOVED,
        "widgets/v1/Source.git",
        Level::Error,
    );
    // A new member is compatible when the union was written as one from the start.
    clean(
        Tree::base().edit(
            V1,
            image,
            &format!("{image}    /// A bucket.\n    #[kapi(proto = 3, omitempty)]\n    pub bucket: Option<String>,\n"),
        ),
        None,
    );
}

#[test]
fn validation_tightened_or_loosened_on_status() {
    finds(
        Tree::base().edit(V1, "+k8s:maxLength=63", "+k8s:maxLength=32"),
        compat::VALIDATION_TIGHTENED,
        "widgets/v1/WidgetSpec.colour",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, "+k8s:minimum=0", "+k8s:minimum=1"),
        compat::VALIDATION_TIGHTENED,
        "widgets/v1/WidgetSpec.replicas",
        Level::Error,
    );
    let text = finds(
        Tree::base().edit(
            V1,
            "    /// Its size in bytes.\n",
            "    /// Its size in bytes.\n    ///\n    /// +k8s:immutable\n",
        ),
        compat::VALIDATION_TIGHTENED,
        "widgets/v1/WidgetSpec.size",
        Level::Error,
    );
    assert!(text.contains("adds `+k8s:immutable`"), "{text}");
    finds(
        Tree::base().edit(
            V1,
            "    /// Free-form labels.\n",
            "    /// Free-form labels.\n    ///\n    /// +k8s:eachVal=+k8s:format=k8s-label-value\n",
        ),
        compat::VALIDATION_TIGHTENED,
        "widgets/v1/WidgetSpec.labels",
        Level::Error,
    );
    finds(
        Tree::base().edit(V1, "+k8s:maxLength=256", "+k8s:maxLength=1024"),
        compat::VALIDATION_LOOSENED,
        "widgets/v1/WidgetStatus.message",
        Level::Error,
    );
    // Loosening spec validation, and tightening status that only controllers write, pass.
    clean(Tree::base().edit(V1, "+k8s:maxLength=63", "+k8s:maxLength=128"), None);
    clean(Tree::base().edit(V1, "+k8s:maxLength=256", "+k8s:maxLength=128"), None);
}

#[test]
fn a_new_version_is_neither_preferred_nor_stored_in_its_first_release() {
    let text = finds(
        Tree::base().copy_package("widgets/v1beta1", "widgets/v2", "v1beta1", "v2"),
        compat::NEW_VERSION_PREFERRED,
        "widgets/v2",
        Level::Error,
    );
    assert!(text.contains("new version `v2` becomes the preferred version of group `example.com`"), "{text}");
    clean(Tree::base().copy_package("widgets/v1beta1", "widgets/v2alpha1", "v1beta1", "v2alpha1"), None);

    let gizmo = "gizmos/v1/types.rs";
    let beta = Tree::base().copy_package("gizmos/v1", "gizmos/v2beta1", "\"v1\"", "\"v2beta1\"");
    let moved = beta.clone().edit(gizmo, "/// +crd:storageVersion\n", "");
    finds(moved, compat::NEW_VERSION_STORAGE, "gizmos/v2beta1/Gizmo", Level::Error);
    clean(beta.edit("gizmos/v2beta1/types.rs", "/// +crd:storageVersion\n", ""), None);
}

#[test]
fn kinds_and_versions_removed_without_lifecycle_markers() {
    let gadget = |v: &str| {
        format!(
            "#[derive(Clone, Debug, Default, PartialEq, Kapi)]\n#[kapi(kind, group = \"example.com\", version = \"{v}\")]\npub struct Gadget {{\n    #[kapi(inline)]\n    pub type_meta: TypeMeta,\n    #[kapi(proto = 1, omitempty)]\n    pub metadata: ObjectMeta,\n}}\n"
        )
    };
    finds(
        Tree::base().edit(V1, &format!("/// A gadget.\n{}", gadget("v1")), ""),
        compat::KIND_REMOVED,
        "widgets/v1/Gadget",
        Level::Error,
    );
    finds(
        Tree::base().edit(
            V1,
            "#[kapi(kind, group = \"example.com\", version = \"v1\")]\npub struct Gadget",
            "#[kapi(kind = \"Doohickey\", group = \"example.com\", version = \"v1\")]\npub struct Gadget",
        ),
        compat::KIND_REMOVED,
        "widgets/v1/Gadget",
        Level::Error,
    );
    // The alpha kinds say when they were introduced, so the prerelease schedule removes them.
    clean(
        Tree::base().edit(
            ALPHA,
            &format!("/// A gadget.\n///\n/// +k8s:prerelease-lifecycle-gen:introduced=1.30\n{}", gadget("v1alpha1")),
            "",
        ),
        None,
    );
    clean(Tree::base().remove_package("widgets/v1alpha1"), None);
    let text =
        finds(Tree::base().remove_package("widgets/v1beta1"), compat::VERSION_REMOVED, "widgets/v1beta1", Level::Error);
    assert!(text.contains("2 kind(s) say nothing of their removal: Widget, Gadget"), "{text}");
    // An explicit removal release on a GA kind makes its removal expected.
    let marked = Tree::base().edit(
        V1,
        "/// A gadget.\n#[derive",
        "/// A gadget.\n///\n/// +k8s:prerelease-lifecycle-gen:introduced=1.20\n/// +k8s:prerelease-lifecycle-gen:deprecated=1.30\n/// +k8s:prerelease-lifecycle-gen:removed=1.33\n#[derive",
    );
    let b = marked.universe("base");
    let h = Tree::base().edit(V1, &format!("/// A gadget.\n{}", gadget("v1")), "").universe("head");
    let findings = compat::compare(&b, &h);
    assert!(findings.iter().all(|f| f.rule != compat::KIND_REMOVED), "{}", compat::render_text(&findings, &b, &h, &[]));
}

#[test]
fn the_allow_file_silences_listed_breaks_and_reports_stale_entries() {
    let (findings, _) = compare(&Tree::base().edit(V1, SIZE, ""));
    assert_eq!(findings.len(), 2, "the removal and its unreserved number");
    let path = Path::new("head/compat-allow.txt");
    let text = "# deliberate breaks\nfield-removed widgets/v1/WidgetSpec.size  size was never set by any client (review #12)\n\
                proto-number-not-reserved widgets/v1/WidgetSpec#7  the message is never stored\n\
                field-removed widgets/v1/WidgetSpec.colour  a stale entry\n";
    let allow = AllowList::parse(path, text).unwrap();
    let outcome = compat::apply_allow(findings, &allow);
    assert_eq!((outcome.allowed, outcome.errors(), outcome.warnings()), (2, 0, 1));
    let stale = &outcome.findings[0];
    assert_eq!((stale.rule, stale.diagnostic.start.line), (compat::ALLOW_ENTRY_UNUSED, 4));
    let (b, h) = (Tree::base().universe("base"), Tree::base().universe("head"));
    let rendered = compat::render_text(&outcome.findings, &b, &h, &[(path, text)]);
    assert!(
        rendered.contains(
            "warning: allowed `field-removed widgets/v1/WidgetSpec.colour` matches no change against this base"
        ),
        "{rendered}"
    );
    assert!(rendered.contains("4 | field-removed widgets/v1/WidgetSpec.colour  a stale entry"), "{rendered}");
}

#[test]
fn json_output_names_both_places() {
    let (findings, _) = compare(&Tree::base().edit(
        V1,
        "#[kapi(proto = 7, omitempty)]",
        "#[kapi(proto = 7, omitempty, json = \"bytes\")]",
    ));
    let json = compat::render_json(&findings);
    assert!(
        json.starts_with(
            "[\n  {\"rule\": \"json-name-changed\", \"level\": \"error\", \"subject\": \"widgets/v1/WidgetSpec.size\""
        ),
        "{json}"
    );
    assert!(json.contains("\"at\": {\"file\": \"head/widgets/v1/types.rs\", \"line\": 53, \"column\": 9}, \"base\": {\"file\": \"base/widgets/v1/types.rs\", \"line\": 53, \"column\": 9}"), "{json}");
    assert_eq!(compat::render_json(&[]), "[]\n");
}

/// A scratch directory that is removed when the test ends.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn write_tree(dir: &Path, tree: &Tree) {
    for (rel, text) in &tree.0 {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn git(dir: &Path, args: &[&str]) {
    let status = std::process::Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["-c", "user.name=kapi", "-c", "user.email=kapi@example.invalid", "-c", "commit.gpgsign=false"])
        .args(args)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

#[test]
fn the_command_compares_with_a_git_revision_and_honours_the_allow_file() {
    let scratch = Scratch(std::env::temp_dir().join(format!("kapi-compat-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&scratch.0);
    let api = scratch.0.join("api");
    write_tree(&api, &Tree::base());
    git(&scratch.0, &["init", "-q"]);
    git(&scratch.0, &["add", "-A"]);
    git(&scratch.0, &["commit", "-q", "-m", "base"]);
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_kapi-codegen"))
            .arg("compat")
            .arg("--root")
            .arg(&api)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, _, err) = run(&["--against", "HEAD"]);
    assert_eq!(code, Some(0), "{err}");
    // Both trees were read whole: the revision's from git, the working tree's from disk.
    let types = Tree::base().universe("x").types.len();
    assert!(err.contains(&format!("({types} types) against HEAD ({types} types): 0 error(s), 0 warning(s)")), "{err}");

    write_tree(
        &api,
        &Tree::base().edit(V1, "#[kapi(proto = 7, omitempty)]", "#[kapi(proto = 7, omitempty, json = \"bytes\")]"),
    );
    let (code, _, err) = run(&["--against", "HEAD"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("error: the JSON name of field `size` of `WidgetSpec` changed to `bytes`"), "{err}");
    assert!(err.contains(&format!("--> {}", api.join("widgets/v1/types.rs:53:9").display())), "{err}");
    assert!(err.contains("::: HEAD:api/widgets/v1/types.rs:53:9"), "{err}");
    let (code, json, _) = run(&["--against", "HEAD", "--format", "json"]);
    assert_eq!(code, Some(1));
    assert!(
        json.contains("\"base\": {\"file\": \"HEAD:api/widgets/v1/types.rs\", \"line\": 53, \"column\": 9}"),
        "{json}"
    );

    std::fs::write(
        api.join("compat-allow.txt"),
        "json-name-changed widgets/v1/WidgetSpec.size  renamed before any release\n",
    )
    .unwrap();
    let (code, _, err) = run(&["--against", "HEAD"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.contains("0 error(s), 0 warning(s), 1 allowed"), "{err}");
    std::fs::write(api.join("compat-allow.txt"), "json-name-changed widgets/v1/WidgetSpec.size\n").unwrap();
    let (code, _, err) = run(&["--against", "HEAD"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("needs a subject and a reason"), "{err}");

    let (code, _, err) = run(&["--against", "no-such-branch"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("`no-such-branch` names no commit"), "{err}");
    let base_dir = scratch.0.join("old");
    write_tree(&base_dir, &Tree::base());
    let (code, _, err) = run(&["--against-dir", base_dir.to_str().unwrap(), "--allow", "/dev/null"]);
    assert_eq!(code, Some(1), "{err}");
}

/// kapi's own API tree, read once per test.
fn own_api() -> SourceTree {
    SourceTree::read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../api"))
}

#[test]
fn kapis_own_api_against_itself_finds_nothing_and_finds_a_planted_break() {
    let tree = own_api();
    let (b, h) = (Universe::from_tree(&tree), Universe::from_tree(&tree));
    assert!(h.diagnostics.is_empty(), "{}", h.render(&h.diagnostics));
    let findings = compat::compare(&b, &h);
    assert!(findings.is_empty(), "{}", compat::render_text(&findings, &b, &h, &[]));

    // Planted: the first protobuf number of batch/v1's `JobSpec` gets a `9` in front.
    let mut planted = tree.clone();
    let (path, text) = planted
        .sources
        .iter_mut()
        .find(|(p, s)| p.ends_with("batch/v1/types.rs") && s.contains("pub struct JobSpec {"))
        .expect("batch/v1 defines JobSpec");
    let start = text.find("pub struct JobSpec {").unwrap();
    let at = start + text[start..].find("#[kapi(proto = ").unwrap() + "#[kapi(proto = ".len();
    text.insert(at, '9');
    let path = path.clone();
    let h = Universe::from_tree(&planted);
    let findings = compat::compare(&b, &h);
    let rendered = compat::render_text(&findings, &b, &h, &[]);
    assert_eq!(findings.len(), 2, "{rendered}");
    let changed = findings.iter().find(|f| f.rule == compat::PROTO_NUMBER_CHANGED).expect(&rendered);
    assert!(changed.subject.starts_with("batch/v1/JobSpec."), "{}", changed.subject);
    assert_eq!(changed.level(), Level::Error);
    assert_eq!(changed.diagnostic.file.as_deref(), Some(path.as_path()));
    assert!(findings.iter().any(|f| f.rule == compat::PROTO_NUMBER_NOT_RESERVED));
}
