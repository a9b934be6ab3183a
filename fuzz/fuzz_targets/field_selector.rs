//! Fuzzes field selector parsing and matching (the test server's `fieldSelector`): it must never panic.
#![no_main]

// Input: the selector text, optionally followed by `\n`, an object name, `\n` and a namespace.

use kapi_testing::tracker::FieldSelector;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut parts = text.splitn(3, '\n');
    let selector = parts.next().unwrap_or_default();
    let name = parts.next().unwrap_or_default();
    let namespace = parts.next().unwrap_or_default();
    let Ok(parsed) = FieldSelector::parse(selector) else { return };
    let matched = parsed.matches(name, namespace);
    // Requiring the object's own name changes nothing, which is how a named watch narrows a list.
    let narrowed = parsed.clone().and_name(name);
    assert_eq!(narrowed.matches(name, namespace), matched, "{selector:?} on {name:?}/{namespace:?}");
});
