//! Inputs for the codec benchmarks: upstream fixture bytes, and a larger object made by our own
//! encoder from the filled fixture object.

use std::path::PathBuf;

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_machinery::proto::decode_envelope;
use kapi_machinery::{Fill, FillCtx};

/// Reads one upstream fixture file (`HEAD/<name>`).
pub fn fixture(name: &str) -> Vec<u8> {
    let path: PathBuf = kapi_tests::default_testdata_root().join("HEAD").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("benchmark input {} is missing: {e}", path.display()))
}

/// The message inside a protobuf fixture's envelope, which is what prost decodes.
pub fn proto_body(envelope: &[u8]) -> Vec<u8> {
    decode_envelope(envelope).expect("fixture has an envelope").raw.to_vec()
}

/// A `ValidatingWebhookConfiguration` with 64 webhooks: the filled fixture object, its one webhook
/// repeated under distinct names.
pub fn large_vwc() -> ValidatingWebhookConfiguration {
    let mut v = ValidatingWebhookConfiguration::default();
    v.fill("", 0, &mut FillCtx::new());
    v.type_meta.kind = "ValidatingWebhookConfiguration".into();
    v.type_meta.api_version = "admissionregistration.k8s.io/v1".into();
    let one = v.webhooks[0].clone();
    v.webhooks = (0..64)
        .map(|i| {
            let mut w = one.clone();
            w.name = format!("webhook-{i}.example.com");
            w
        })
        .collect();
    v
}
