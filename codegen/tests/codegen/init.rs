//! `kapi-codegen init`: the crate it writes is the repository's `starter/` (which CI builds and tests), it refuses a non-empty directory and malformed names, and `generate` refuses a crate that does not declare a feature its generated code needs.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn codegen(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kapi-codegen")).args(args).current_dir(dir).output().unwrap()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn walk(dir: &Path, under: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            walk(&path, under, out);
        } else {
            out.push(path.strip_prefix(under).unwrap().to_path_buf());
        }
    }
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// A scratch directory beside the repository's crates, so `--kapi-path ..` names them as it
/// does for `starter/`.
fn scratch(name: &str) -> PathBuf {
    let dir = repo().join("target").join(format!("init-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

const STARTER: &[&str] = &[
    "--name",
    "kapi-starter",
    "--group",
    "widgets.example.com",
    "--version",
    "v1alpha1",
    "--kind",
    "Widget",
    "--kapi-path",
    "../..",
];

#[test]
fn init_writes_the_starter_crate() {
    let dir = scratch("starter");
    let mut args = vec!["init", "crate"];
    args.extend(STARTER);
    let out = codegen(&args, &dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let written = dir.join("crate");
    let starter = repo().join("starter");
    assert_eq!(files(&written), files(&starter), "init writes the files of starter/");
    for rel in files(&starter) {
        let want = fs::read_to_string(starter.join(&rel)).unwrap();
        let got = fs::read_to_string(written.join(&rel)).unwrap();
        // The scratch crate is one level deeper, so its path dependencies have one more `..`.
        let got = if rel == Path::new("Cargo.toml") { got.replace("path = \"../../", "path = \"../") } else { got };
        assert_eq!(
            got,
            want,
            "{}: init no longer writes starter/ (run it again as hack/update-codegen.sh says)",
            rel.display()
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn init_refuses_a_used_directory_and_malformed_names() {
    let dir = scratch("refusals");
    fs::write(dir.join("keep.txt"), "mine").unwrap();
    let out = codegen(&["init", ".", "--group", "widgets.example.com", "--version", "v1", "--kind", "Widget"], &dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not empty"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(fs::read_to_string(dir.join("keep.txt")).unwrap(), "mine");
    for (flag, value, text) in [
        ("--group", "widgets", "--group \"widgets\": a custom resource's group is a lowercase DNS name with a dot"),
        ("--version", "1.0", "--version \"1.0\": a version is `v1`"),
        ("--kind", "widget", "--kind \"widget\": a kind is an upper-camel-case"),
    ] {
        let mut args = vec!["init", "new", "--group", "widgets.example.com", "--version", "v1", "--kind", "Widget"];
        let at = args.iter().position(|a| *a == flag).unwrap();
        args[at + 1] = value;
        let out = codegen(&args, &dir);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(text),
            "{flag}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!dir.join("new").exists(), "{flag}: nothing is written");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Without `validation` in its `[features]`, the crate would compile its `+k8s:` rules out
/// without a word: `generate` says so, with the line to add, and writes nothing.
#[test]
fn generate_names_a_feature_the_crate_does_not_declare() {
    let dir = scratch("features");
    let mut args = vec!["init", "crate"];
    args.extend(STARTER);
    assert!(codegen(&args, &dir).status.success());
    let krate = dir.join("crate");
    let manifest = krate.join("Cargo.toml");
    let text = fs::read_to_string(&manifest).unwrap();
    let without: String = text.lines().filter(|l| !l.starts_with("validation = ")).map(|l| format!("{l}\n")).collect();
    assert_ne!(without, text);
    fs::write(&manifest, without).unwrap();
    let types = krate.join("src/widgets/v1alpha1/types.rs");
    let edited = fs::read_to_string(&types).unwrap().replace("+k8s:minimum=0", "+k8s:minimum=1");
    fs::write(&types, edited).unwrap();
    let before = fs::read_to_string(krate.join("generated/widgets/v1alpha1/validation.rs")).unwrap();
    let out = codegen(&["generate", "--root", "src", "--out", "generated"], &krate);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the generated code needs the cargo feature `validation`"), "{stderr}");
    assert!(stderr.contains("add `validation = []` under `[features]`"), "{stderr}");
    assert!(stderr.contains("nothing was written"), "{stderr}");
    assert_eq!(fs::read_to_string(krate.join("generated/widgets/v1alpha1/validation.rs")).unwrap(), before);
    let _ = fs::remove_dir_all(&dir);
}
