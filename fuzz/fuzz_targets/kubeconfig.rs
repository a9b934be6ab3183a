//! Fuzzes kubeconfig loading from bytes and context selection: no panic, and what loads survives a JSON round trip.
#![no_main]

use kapi_client::Kubeconfig;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(config) = Kubeconfig::parse(data, "fuzz") else { return };
    let _ = config.select(None, "fuzz");
    for context in &config.contexts {
        let _ = config.select(Some(&context.name), "fuzz");
    }
    // Tools rewrite kubeconfig files (`kubectl config set-context`), so writing one out must
    // lose nothing that was read.
    let json = kapi_machinery::json::to_vec(&config).expect("a kubeconfig always encodes");
    let back = Kubeconfig::parse(&json, "fuzz")
        .unwrap_or_else(|e| panic!("the written kubeconfig does not load: {e}\n{}", String::from_utf8_lossy(&json)));
    assert_eq!(back, config, "the kubeconfig changed when written out as {}", String::from_utf8_lossy(&json));
});
