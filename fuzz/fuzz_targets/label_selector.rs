//! Fuzzes label selector parsing and matching: no panic, and the printed form parses back to the same selector.
#![no_main]

// Input: the selector text, optionally followed by `\n` and `key=value` lines to match against.

use std::collections::BTreeMap;

use kapi_client::labels::Selector;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (selector, labels) = text.split_once('\n').unwrap_or((text, ""));
    let labels: BTreeMap<String, String> = labels
        .lines()
        .map(|l| l.split_once('=').unwrap_or((l, "")))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    let Ok(parsed) = Selector::parse(selector) else { return };
    let printed = parsed.to_string();
    // Selectors travel as text (`labelSelector=`), so printing must lose nothing.
    let reparsed =
        Selector::parse(&printed).unwrap_or_else(|e| panic!("{printed:?} (from {selector:?}) does not parse: {e}"));
    assert_eq!(parsed, reparsed, "{selector:?} printed as {printed:?}");
    assert_eq!(parsed.matches(&labels), reparsed.matches(&labels));
    // A selector built from labels always matches them.
    if let Ok(exact) = Selector::from_labels(&labels) {
        assert!(exact.matches(&labels), "{exact} does not match {labels:?}");
    }
});
