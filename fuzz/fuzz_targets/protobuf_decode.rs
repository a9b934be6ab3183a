//! Fuzzes the protobuf decoder with every registered kind as the default: it must never panic.
#![no_main]

use std::sync::OnceLock;

use kapi_machinery::serializer::Format;
use kapi_machinery::{GroupVersionKind, Scheme};
use libfuzzer_sys::fuzz_target;

fn setup() -> &'static (Scheme, Vec<GroupVersionKind>) {
    static SETUP: OnceLock<(Scheme, Vec<GroupVersionKind>)> = OnceLock::new();
    SETUP.get_or_init(|| {
        let scheme = kapi_api::scheme().expect("the API registers cleanly");
        let kinds = kapi_tests::compat::tested_kinds(&scheme);
        (scheme, kinds)
    })
}

fuzz_target!(|data: &[u8]| {
    let (scheme, kinds) = setup();
    kapi_tests::fuzz::decode_all(scheme, Format::Protobuf, data, kinds);
});
