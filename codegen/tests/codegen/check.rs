//! The `check` front-end over small fixture trees: every problem reported at once, rustc-style.

use std::path::Path;
use std::process::Command;

fn fixture(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

#[test]
fn good_tree_loads_every_type() {
    let u = kapi_codegen::Universe::load(&fixture("good"));
    assert!(u.diagnostics.is_empty(), "{}", u.render(&u.diagnostics));
    let names: Vec<String> = u.types.iter().map(|t| t.def.ident.to_string()).collect();
    assert_eq!(names, ["Level", "Gadget", "Inner"]);
    let gadget = &u.types[1].def;
    assert_eq!(gadget.fields()[2].json_name, "clientCIDRs");
}

#[test]
fn bad_tree_reports_every_problem_with_locations() {
    let u = kapi_codegen::Universe::load(&fixture("bad"));
    let all = u.render(&u.diagnostics);
    let rel = all.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    insta::assert_snapshot!(rel);
    // Each problem names the file, line and column.
    for needle in [
        "unknown kapi attribute `colour`",
        "reuses protobuf number 1",
        "has no protobuf number; add `#[kapi(proto = 8)]`",
        "protobuf field numbers run from 1",
        "`proto` takes a field number",
        "the JSON name `name` that field `name` already uses",
        "`usize` has no Kubernetes wire form",
        "`kind` is not allowed on a field",
        "`group` only applies to kinds",
        "use `BTreeMap` for maps",
        "enums are not API types",
        "the JSON form of `Answer` is hand-written (`custom_json`)",
        "kind `Widget` of `example.com/v1` is registered twice",
        "types.rs:9:",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
}

#[test]
fn cli_exits_non_zero_on_bad_tree() {
    let bin = env!("CARGO_BIN_EXE_kapi-codegen");
    let bad = Command::new(bin).arg("check").arg(fixture("bad")).output().unwrap();
    assert_eq!(bad.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(stderr.contains("error: unknown kapi attribute `colour`"), "{stderr}");
    let good = Command::new(bin).arg("check").arg(fixture("good")).output().unwrap();
    assert!(good.status.success(), "{}", String::from_utf8_lossy(&good.stderr));
    let missing = Command::new(bin).arg("check").arg(fixture("nope")).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    // `check` and `generate` take the tree the same way: `--root`, or positionally for `check`.
    let by_flag = Command::new(bin).args(["check", "--root"]).arg(fixture("bad")).output().unwrap();
    assert_eq!(by_flag.status.code(), Some(1));
    assert_eq!(by_flag.stderr, bad.stderr);
    let version = Command::new(bin).arg("--version").output().unwrap();
    assert!(version.status.success());
    assert_eq!(String::from_utf8_lossy(&version.stdout).trim(), concat!("kapi-codegen ", env!("CARGO_PKG_VERSION")));
}

#[test]
fn the_derive_ui_cases_fail_in_the_generator_too() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("../macros/tests/ui");
    let mut dirs: Vec<_> = std::fs::read_dir(&ui).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    dirs.sort();
    assert_eq!(dirs.len(), 4);
    for dir in dirs {
        for file in std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()) {
            if file.extension().is_some_and(|e| e == "rs") {
                let source = std::fs::read_to_string(&file).unwrap();
                let (_, errors) = kapi_frontend::universe::types_in_source(&source);
                assert!(!errors.is_empty(), "{} passes the generator's front-end", file.display());
            }
        }
    }
}

#[test]
fn misspelt_markers_and_misplaced_schema_facts_fail_at_their_line() {
    let (u, result) = kapi_codegen::check(&fixture("markers/bad"));
    let all = u.render(&result.unwrap_err());
    let rel = all.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    insta::assert_snapshot!(rel);
    for needle in [
        "unknown package marker `+groupname`",
        "mod.rs:3:1",
        "`+conversionGen=crate::nowhere`: there is no package `nowhere`",
        "unknown type marker `+genclient:onlyverbs`",
        "types.rs:7:1",
        "unknown verb `fly`",
        "`+listType` is written as an attribute in kapi",
        "`list_type = \"map\"` needs a list of structs",
        "has a merge key but no merge strategy",
        "`list_map_key` needs `list_type = \"map\"`",
        "`map_type` applies to maps",
        "`+genclient:nonNamespaced` needs `+genclient`",
    ] {
        assert!(rel.contains(needle), "missing {needle:?} in:\n{rel}");
    }
}

#[test]
fn deeply_nested_input_is_a_diagnostic_not_a_crash() {
    let root = std::env::temp_dir().join(format!("kapi-deep-{}", std::process::id()));
    let src = root.join("src");
    std::fs::create_dir_all(&src).unwrap();
    let option = format!(
        "#[derive(Kapi)] pub struct A {{ #[kapi(proto = 1)] pub a: {}String{} }}",
        "Option<".repeat(1200),
        ">".repeat(1200)
    );
    std::fs::write(src.join("a.rs"), option).unwrap();
    std::fs::write(src.join("m.rs"), "pub mod x {".repeat(10_000) + &"}".repeat(10_000)).unwrap();
    std::fs::write(src.join("p.rs"), format!("const X: i32 = {}1{};", "(".repeat(100_000), ")".repeat(100_000)))
        .unwrap();
    let bin = env!("CARGO_BIN_EXE_kapi-codegen");
    let out = Command::new(bin).args(["check", "--root"]).arg(&root).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for file in ["a.rs:1:", "m.rs:1:", "p.rs:1:"] {
        assert!(stderr.contains(file), "no diagnostic for {file} in:\n{}", &stderr[..stderr.len().min(3000)]);
    }
    assert!(stderr.contains("nesting deeper than 1000 levels"), "{}", &stderr[..stderr.len().min(3000)]);
    let _ = std::fs::remove_dir_all(&root);
}
