//! Runs one codec operation N times, for instruction counting with
//! `valgrind --tool=callgrind` (deterministic, unlike wall time on a shared machine):
//! `icount <kapi|peer> <pb-decode|pb-encode|json-decode|json-encode> <vwc|mwc|review|vwc64> <N>`.
//! `bench/icount.sh` runs every combination twice (N and 2N) and prints instructions per operation.

use std::hint::black_box;

use kapi_api::admission::v1::AdmissionReview;
use kapi_api::admissionregistration::v1::{MutatingWebhookConfiguration, ValidatingWebhookConfiguration};
use kapi_bench::{fixture, large_vwc, proto_body};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use prost::Message;

type PbVwc = k8s_pb::api::admissionregistration::v1::ValidatingWebhookConfiguration;
type PbMwc = k8s_pb::api::admissionregistration::v1::MutatingWebhookConfiguration;
type PbReview = k8s_pb::api::admission::v1::AdmissionReview;
type OaVwc = k8s_openapi::api::admissionregistration::v1::ValidatingWebhookConfiguration;
type OaMwc = k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;

fn ours<T: ProtoMessage + Default>(b: &[u8]) -> T {
    let mut v = T::default();
    v.merge_proto(&mut ProtoReader::new(b)).expect("decodes");
    v
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, side, op, input, n] = &args[..] else {
        eprintln!("usage: icount <kapi|peer> <pb-decode|pb-encode|json-decode|json-encode> <vwc|mwc|review|vwc64> <N>");
        std::process::exit(2);
    };
    let n: usize = n.parse().expect("N is a number");
    let (pb, json) = match input.as_str() {
        "vwc" => (
            proto_body(&fixture("admissionregistration.k8s.io.v1.ValidatingWebhookConfiguration.pb")),
            fixture("admissionregistration.k8s.io.v1.ValidatingWebhookConfiguration.json"),
        ),
        "mwc" => (
            proto_body(&fixture("admissionregistration.k8s.io.v1.MutatingWebhookConfiguration.pb")),
            fixture("admissionregistration.k8s.io.v1.MutatingWebhookConfiguration.json"),
        ),
        "review" => (proto_body(&fixture("admission.k8s.io.v1.AdmissionReview.pb")), Vec::new()),
        _ => {
            let v = large_vwc();
            (v.to_proto_bytes(), kapi_machinery::json::to_vec(&v).expect("encodes"))
        }
    };
    let kapi = side == "kapi";
    // Encode operations encode a value decoded once, before the loop.
    let ours_vwc: ValidatingWebhookConfiguration =
        if input.starts_with("vwc") { ours(&pb) } else { Default::default() };
    let ours_mwc: MutatingWebhookConfiguration = if input == "mwc" { ours(&pb) } else { Default::default() };
    let ours_review: AdmissionReview = if input == "review" { ours(&pb) } else { Default::default() };
    let pb_vwc = PbVwc::decode(&pb[..]).ok();
    let pb_mwc = PbMwc::decode(&pb[..]).ok();
    let pb_review = PbReview::decode(&pb[..]).ok();
    let oa_vwc = serde_json::from_slice::<OaVwc>(&json).ok();
    let oa_mwc = serde_json::from_slice::<OaMwc>(&json).ok();
    let json_vwc = kapi_machinery::json::from_slice::<ValidatingWebhookConfiguration>(&json).unwrap_or_default();
    let json_mwc = kapi_machinery::json::from_slice::<MutatingWebhookConfiguration>(&json).unwrap_or_default();
    for _ in 0..n {
        match (op.as_str(), input.as_str(), kapi) {
            ("pb-decode", "mwc", true) => drop(black_box(ours::<MutatingWebhookConfiguration>(&pb))),
            ("pb-decode", "mwc", false) => drop(black_box(PbMwc::decode(&pb[..]).expect("decodes"))),
            ("pb-decode", "review", true) => drop(black_box(ours::<AdmissionReview>(&pb))),
            ("pb-decode", "review", false) => drop(black_box(PbReview::decode(&pb[..]).expect("decodes"))),
            ("pb-decode", _, true) => drop(black_box(ours::<ValidatingWebhookConfiguration>(&pb))),
            ("pb-decode", _, false) => drop(black_box(PbVwc::decode(&pb[..]).expect("decodes"))),
            ("pb-encode", "mwc", true) => drop(black_box(black_box(&ours_mwc).to_proto_bytes())),
            ("pb-encode", "mwc", false) => drop(black_box(black_box(&pb_mwc).as_ref().map(Message::encode_to_vec))),
            ("pb-encode", "review", true) => drop(black_box(black_box(&ours_review).to_proto_bytes())),
            ("pb-encode", "review", false) => {
                drop(black_box(black_box(&pb_review).as_ref().map(Message::encode_to_vec)))
            }
            ("pb-encode", _, true) => drop(black_box(black_box(&ours_vwc).to_proto_bytes())),
            ("pb-encode", _, false) => drop(black_box(black_box(&pb_vwc).as_ref().map(Message::encode_to_vec))),
            ("json-decode", "mwc", true) => drop(black_box(
                kapi_machinery::json::from_slice::<MutatingWebhookConfiguration>(&json).expect("decodes"),
            )),
            ("json-decode", "mwc", false) => drop(black_box(serde_json::from_slice::<OaMwc>(&json).expect("decodes"))),
            ("json-decode", _, true) => drop(black_box(
                kapi_machinery::json::from_slice::<ValidatingWebhookConfiguration>(&json).expect("decodes"),
            )),
            ("json-decode", _, false) => drop(black_box(serde_json::from_slice::<OaVwc>(&json).expect("decodes"))),
            ("json-encode", "mwc", true) => drop(black_box(kapi_machinery::json::to_vec(black_box(&json_mwc)))),
            ("json-encode", "mwc", false) => drop(black_box(oa_mwc.as_ref().map(serde_json::to_vec))),
            ("json-encode", _, true) => drop(black_box(kapi_machinery::json::to_vec(black_box(&json_vwc)))),
            ("json-encode", _, false) => drop(black_box(oa_vwc.as_ref().map(serde_json::to_vec))),
            _ => {
                eprintln!("unknown operation {op}");
                std::process::exit(2);
            }
        }
    }
}
