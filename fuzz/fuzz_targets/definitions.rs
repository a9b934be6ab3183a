//! Fuzzes the front-end and every generator with one API definition file: no panic, only diagnostics, each at a place inside the file.
#![no_main]

use std::path::PathBuf;

use kapi_frontend::diagnostics::render_all;
use kapi_frontend::universe::SourceTree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = PathBuf::from("/fuzz/src/example/v1/mod.rs");
    let tree = SourceTree {
        root: PathBuf::from("/fuzz"),
        sources: vec![(file.clone(), text.to_owned())],
        diagnostics: Vec::new(),
        crate_name: Some("fuzz".into()),
    };
    // The generator parses on threads with a large stack (deeply nested input is refused before
    // the parser recurses, but the limit assumes that stack); the fuzzer's own is smaller.
    let checked = std::thread::Builder::new()
        .stack_size(kapi_codegen::STACK_BYTES)
        .spawn(move || {
            let generated = kapi_codegen::generate_parallel(&tree, 1, &[]);
            let Err(diagnostics) = generated.result else { return };
            let lines = tree.sources[0].1.lines().count().max(1);
            for d in &diagnostics {
                if let Some(f) = &d.file {
                    assert_eq!(f, &tree.sources[0].0, "a diagnostic names a file that is not in the tree: {d:?}");
                    // Under `--cfg fuzzing` proc-macro2 keeps no source positions (every span is
                    // at line 0), so only the upper bound can be checked here; the generator's
                    // tests check the positions themselves.
                    assert!(d.start.line <= lines + 1, "a diagnostic past the end of the file: {d:?}");
                }
            }
            // Rendering quotes the source line under each diagnostic.
            let _ = render_all(&diagnostics, |_| Some(tree.sources[0].1.as_str()));
        })
        .expect("the checking thread starts")
        .join();
    if let Err(panic) = checked {
        std::panic::resume_unwind(panic);
    }
});
