//! Fuzzes the patch engines (JSON patch, merge, strategic merge, apply): they must never panic.
#![no_main]

// Input: an engine name on the first line (`json`, `merge`, `strategic`, `apply`), then the
// target document and the patch separated by a `\n%%\n` line. Strategic merge and apply use the
// list strategies of a real kind, so keyed lists, sets and `$patch` directives are reached.

use std::sync::OnceLock;

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_machinery::HasSchema;
use kapi_machinery::json::value;
use kapi_testing::server::patch::{self, MergeRules};
use libfuzzer_sys::fuzz_target;

/// The server's bound on what JSON patch copies may add; small, so copy bombs stay cheap.
const COPY_LIMIT: usize = 64 * 1024;

fn rules() -> &'static MergeRules {
    static RULES: OnceLock<MergeRules> = OnceLock::new();
    RULES.get_or_init(|| MergeRules::of(<ValidatingWebhookConfiguration as HasSchema>::schema()))
}

fuzz_target!(|data: &[u8]| {
    let (engine, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => return,
    };
    let sep = b"\n%%\n";
    let Some(i) = rest.windows(sep.len()).position(|w| w == sep) else { return };
    let (doc, patch_bytes) = (&rest[..i], &rest[i + sep.len()..]);
    let Ok(doc) = value::parse(doc) else { return };
    let rules = rules();
    let result = match engine {
        b"json" => patch::json_patch(&doc, patch_bytes, COPY_LIMIT).ok(),
        b"merge" => {
            let Ok(p) = value::parse(patch_bytes) else { return };
            let once = patch::merge_patch(doc, &p);
            // RFC 7386 merge patches are idempotent: applying the same patch again changes nothing.
            let twice = patch::merge_patch(once.clone(), &p);
            assert!(patch::json_eq(&once, &twice), "merge patch is not idempotent: {once:?} then {twice:?}");
            Some(once)
        }
        b"strategic" => {
            let Ok(p) = value::parse(patch_bytes) else { return };
            patch::strategic_merge_patch(doc, &p, rules).ok()
        }
        b"apply" => {
            let Ok(p) = value::parse(patch_bytes) else { return };
            patch::apply_merge(doc, &p, rules).ok()
        }
        _ => return,
    };
    if let Some(v) = result {
        // Whatever a patch produced is written back out as the stored object.
        let mut out = Vec::new();
        v.write_compact(&mut out);
    }
});
