//! Running the generators on several threads changes nothing: the same files, the same
//! diagnostics in the same order, whatever the number of threads, and `check` still reports
//! every problem of every generator at once.

use std::path::{Path, PathBuf};

use kapi_codegen::{SourceTree, Universe};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// The run on one thread with one job per generator, and runs cut into parts on each number of
/// threads, give the same result.
fn assert_same_on(
    threads: &[usize],
    root: &Path,
    only: &[String],
) -> Result<kapi_codegen::Outputs, Vec<kapi_codegen::Diagnostic>> {
    let tree = SourceTree::read(root);
    let reference = kapi_codegen::generate(&Universe::from_tree(&tree), only);
    for &threads in threads {
        let g = kapi_codegen::generate_parallel(&tree, threads, only);
        match (&reference, &g.result) {
            (Ok(want), Ok(got)) => {
                let want_files: Vec<&PathBuf> = want.keys().collect();
                let got_files: Vec<&PathBuf> = got.keys().collect();
                assert_eq!(got_files, want_files, "{} on {threads} threads", root.display());
                for (path, text) in want {
                    assert!(got[path] == *text, "{} differs on {threads} threads", path.display());
                }
            }
            (Err(want), Err(got)) => assert_eq!(got, want, "{} on {threads} threads", root.display()),
            _ => panic!("{} succeeds on one thread and not on {threads}, or the reverse", root.display()),
        }
        // Every thread reports its universe's time and the jobs it ran.
        assert!(g.timings.iter().any(|t| t.what == "load" && t.thread == 0));
        assert!(g.timings.iter().all(|t| t.thread < threads));
    }
    reference
}

#[test]
fn the_whole_api_is_generated_the_same_on_any_number_of_threads() {
    let outputs = assert_same_on(&[1, 2], &workspace().join("api"), &[]).unwrap_or_else(|d| panic!("{d:?}"));
    // Large enough that every generator cut into parts has packages in several parts.
    assert!(outputs.len() > 600, "{}", outputs.len());
    assert!(outputs.keys().filter(|p| p.ends_with("applyconfigurations.rs")).count() > 40);
}

#[test]
fn small_trees_and_single_generators_are_the_same_on_any_number_of_threads() {
    assert_same_on(&[1, 2, 3, 4], &workspace().join("kitchen-sink/src"), &[]).unwrap_or_else(|d| panic!("{d:?}"));
    for only in ["applyconfig", "conversion", "validation", "register"] {
        assert_same_on(&[1, 2, 3, 4], &fixture("conversion/good"), &[only.to_owned()])
            .unwrap_or_else(|d| panic!("{only}: {d:?}"));
    }
}

#[test]
fn every_problem_of_every_generator_is_reported_at_once_in_the_same_order() {
    // One tree with problems for the universe, the conversions, the clientset and the
    // declarative validation: packages side by side, as the fixtures name them.
    let root = std::env::temp_dir().join(format!("kapi-parallel-bad-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (from, package) in
        [("conversion/bad/gizmos", "gizmos"), ("clientset/bad/things", "things"), ("declarative/bad/v1", "v1")]
    {
        copy_dir(&fixture(from), &root.join(package));
    }
    std::fs::copy(fixture("bad/types.rs"), root.join("broken.rs")).unwrap();
    let diagnostics = assert_same_on(&[1, 2, 3, 4], &root, &[]).expect_err("the tree has problems");
    let u = Universe::load(&root);
    let text = u.render(&diagnostics);
    for needle in [
        "unknown kapi attribute `colour`",
        "field `colour` of `GizmoSpec` has no counterpart in the internal type",
        "`convert_sprocket_to_internal` names no type",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    let clientset = kapi_codegen::generate_tree(&fixture("clientset/bad"), &["clientset".to_owned()]).unwrap_err();
    let declarative = kapi_codegen::generate_tree(&fixture("declarative/bad"), &[]).unwrap_err();
    let first_error = |all: &str| all.lines().find_map(|l| l.strip_prefix("error: ")).unwrap().to_owned();
    for alone in [first_error(&clientset), first_error(&declarative)] {
        assert!(text.contains(&alone), "missing {alone:?} in:\n{text}");
    }
    // The command line says so too, on two threads.
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_kapi-codegen"))
        .args(["check", "--jobs", "2", "--root"])
        .arg(&root)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains(&format!("error: {} problem(s) found", diagnostics.len())), "{stderr}");
    let _ = std::fs::remove_dir_all(&root);
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
