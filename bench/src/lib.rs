//! Inputs for the codec benchmarks: upstream fixture bytes, and a larger object made by our own
//! encoder from the filled fixture object.

use std::path::PathBuf;

use kapi_machinery::proto::decode_envelope;

/// Reads one upstream fixture file (`HEAD/<name>`).
pub fn fixture(name: &str) -> Vec<u8> {
    let path: PathBuf = kapi_tests::default_testdata_root().join("HEAD").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("benchmark input {} is missing: {e}", path.display()))
}

/// The message inside a protobuf fixture's envelope, which is what prost decodes.
pub fn proto_body(envelope: &[u8]) -> Vec<u8> {
    decode_envelope(envelope).expect("fixture has an envelope").raw.to_vec()
}
