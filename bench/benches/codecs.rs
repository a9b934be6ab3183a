//! Our protobuf and JSON codecs side by side with prost (via k8s-pb) and serde_json (via
//! k8s-openapi), on the same bytes: upstream's fixtures, and a larger object of 64 webhooks.
//! Run: `cargo bench -p kapi-bench`. Results are recorded in docs/benchmarks.md.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kapi_api::admission::v1::AdmissionReview;
use kapi_api::admissionregistration::v1::{MutatingWebhookConfiguration, ValidatingWebhookConfiguration};
use kapi_bench::{fixture, large_vwc, proto_body};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use prost::Message;

/// One input: a name and the bytes both sides read.
struct Input {
    name: &'static str,
    pb: Vec<u8>,
    json: Vec<u8>,
}

fn inputs() -> Vec<Input> {
    let large = large_vwc();
    vec![
        Input {
            name: "ValidatingWebhookConfiguration",
            pb: proto_body(&fixture("admissionregistration.k8s.io.v1.ValidatingWebhookConfiguration.pb")),
            json: fixture("admissionregistration.k8s.io.v1.ValidatingWebhookConfiguration.json"),
        },
        Input {
            name: "MutatingWebhookConfiguration",
            pb: proto_body(&fixture("admissionregistration.k8s.io.v1.MutatingWebhookConfiguration.pb")),
            json: fixture("admissionregistration.k8s.io.v1.MutatingWebhookConfiguration.json"),
        },
        Input {
            name: "ValidatingWebhookConfiguration-64",
            pb: large.to_proto_bytes(),
            json: kapi_machinery::json::to_vec(&large).expect("encodes"),
        },
    ]
}

fn ours_decode_pb<T: ProtoMessage + Default>(b: &[u8]) -> T {
    let mut v = T::default();
    v.merge_proto(&mut ProtoReader::new(b)).expect("decodes");
    v
}

fn protobuf(c: &mut Criterion) {
    type PbVwc = k8s_pb::api::admissionregistration::v1::ValidatingWebhookConfiguration;
    type PbMwc = k8s_pb::api::admissionregistration::v1::MutatingWebhookConfiguration;
    type PbReview = k8s_pb::api::admission::v1::AdmissionReview;
    let mut all = inputs();
    all.push(Input {
        name: "AdmissionReview",
        pb: proto_body(&fixture("admission.k8s.io.v1.AdmissionReview.pb")),
        json: Vec::new(),
    });
    let mut dec = c.benchmark_group("protobuf_decode");
    for input in &all {
        dec.throughput(Throughput::Bytes(input.pb.len() as u64));
        let b = &input.pb;
        match input.name {
            "MutatingWebhookConfiguration" => {
                dec.bench_with_input(BenchmarkId::new("kapi", input.name), b, |bn, b| {
                    bn.iter(|| ours_decode_pb::<MutatingWebhookConfiguration>(black_box(b)))
                });
                dec.bench_with_input(BenchmarkId::new("prost", input.name), b, |bn, b| {
                    bn.iter(|| PbMwc::decode(black_box(&b[..])).expect("decodes"))
                });
            }
            "AdmissionReview" => {
                dec.bench_with_input(BenchmarkId::new("kapi", input.name), b, |bn, b| {
                    bn.iter(|| ours_decode_pb::<AdmissionReview>(black_box(b)))
                });
                dec.bench_with_input(BenchmarkId::new("prost", input.name), b, |bn, b| {
                    bn.iter(|| PbReview::decode(black_box(&b[..])).expect("decodes"))
                });
            }
            _ => {
                dec.bench_with_input(BenchmarkId::new("kapi", input.name), b, |bn, b| {
                    bn.iter(|| ours_decode_pb::<ValidatingWebhookConfiguration>(black_box(b)))
                });
                dec.bench_with_input(BenchmarkId::new("prost", input.name), b, |bn, b| {
                    bn.iter(|| PbVwc::decode(black_box(&b[..])).expect("decodes"))
                });
            }
        }
    }
    dec.finish();
    let mut enc = c.benchmark_group("protobuf_encode");
    for input in &all {
        enc.throughput(Throughput::Bytes(input.pb.len() as u64));
        let b = &input.pb;
        match input.name {
            "MutatingWebhookConfiguration" => {
                let ours = ours_decode_pb::<MutatingWebhookConfiguration>(b);
                let theirs = PbMwc::decode(&b[..]).expect("decodes");
                enc.bench_function(BenchmarkId::new("kapi", input.name), |bn| {
                    bn.iter(|| black_box(&ours).to_proto_bytes())
                });
                enc.bench_function(BenchmarkId::new("prost", input.name), |bn| {
                    bn.iter(|| black_box(&theirs).encode_to_vec())
                });
            }
            "AdmissionReview" => {
                let ours = ours_decode_pb::<AdmissionReview>(b);
                let theirs = PbReview::decode(&b[..]).expect("decodes");
                enc.bench_function(BenchmarkId::new("kapi", input.name), |bn| {
                    bn.iter(|| black_box(&ours).to_proto_bytes())
                });
                enc.bench_function(BenchmarkId::new("prost", input.name), |bn| {
                    bn.iter(|| black_box(&theirs).encode_to_vec())
                });
            }
            _ => {
                let ours = ours_decode_pb::<ValidatingWebhookConfiguration>(b);
                let theirs = PbVwc::decode(&b[..]).expect("decodes");
                enc.bench_function(BenchmarkId::new("kapi", input.name), |bn| {
                    bn.iter(|| black_box(&ours).to_proto_bytes())
                });
                enc.bench_function(BenchmarkId::new("prost", input.name), |bn| {
                    bn.iter(|| black_box(&theirs).encode_to_vec())
                });
            }
        }
    }
    enc.finish();
}

fn json(c: &mut Criterion) {
    type OaVwc = k8s_openapi::api::admissionregistration::v1::ValidatingWebhookConfiguration;
    type OaMwc = k8s_openapi::api::admissionregistration::v1::MutatingWebhookConfiguration;
    let all = inputs();
    let mut dec = c.benchmark_group("json_decode");
    for input in &all {
        dec.throughput(Throughput::Bytes(input.json.len() as u64));
        let b = &input.json;
        if input.name == "MutatingWebhookConfiguration" {
            dec.bench_with_input(BenchmarkId::new("kapi", input.name), b, |bn, b| {
                bn.iter(|| {
                    kapi_machinery::json::from_slice::<MutatingWebhookConfiguration>(black_box(b)).expect("decodes")
                })
            });
            dec.bench_with_input(BenchmarkId::new("k8s-openapi", input.name), b, |bn, b| {
                bn.iter(|| serde_json::from_slice::<OaMwc>(black_box(b)).expect("decodes"))
            });
        } else {
            dec.bench_with_input(BenchmarkId::new("kapi", input.name), b, |bn, b| {
                bn.iter(|| {
                    kapi_machinery::json::from_slice::<ValidatingWebhookConfiguration>(black_box(b)).expect("decodes")
                })
            });
            dec.bench_with_input(BenchmarkId::new("k8s-openapi", input.name), b, |bn, b| {
                bn.iter(|| serde_json::from_slice::<OaVwc>(black_box(b)).expect("decodes"))
            });
        }
    }
    dec.finish();
    let mut enc = c.benchmark_group("json_encode");
    for input in &all {
        enc.throughput(Throughput::Bytes(input.json.len() as u64));
        let b = &input.json;
        if input.name == "MutatingWebhookConfiguration" {
            let ours: MutatingWebhookConfiguration = kapi_machinery::json::from_slice(b).expect("decodes");
            let theirs: OaMwc = serde_json::from_slice(b).expect("decodes");
            enc.bench_function(BenchmarkId::new("kapi", input.name), |bn| {
                bn.iter(|| kapi_machinery::json::to_vec(black_box(&ours)).expect("encodes"))
            });
            enc.bench_function(BenchmarkId::new("k8s-openapi", input.name), |bn| {
                bn.iter(|| serde_json::to_vec(black_box(&theirs)).expect("encodes"))
            });
        } else {
            let ours: ValidatingWebhookConfiguration = kapi_machinery::json::from_slice(b).expect("decodes");
            let theirs: OaVwc = serde_json::from_slice(b).expect("decodes");
            enc.bench_function(BenchmarkId::new("kapi", input.name), |bn| {
                bn.iter(|| kapi_machinery::json::to_vec(black_box(&ours)).expect("encodes"))
            });
            enc.bench_function(BenchmarkId::new("k8s-openapi", input.name), |bn| {
                bn.iter(|| serde_json::to_vec(black_box(&theirs)).expect("encodes"))
            });
        }
    }
    enc.finish();
}

criterion_group!(benches, protobuf, json);
criterion_main!(benches);
