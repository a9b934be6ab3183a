//! Our protobuf and JSON codecs side by side with prost (via k8s-pb) and with serde_json, sonic-rs
//! and simd-json (via k8s-openapi's serde impls), on the same bytes: upstream's fixtures, a larger
//! object of 64 webhooks and a realistic large `Pod`.
//! Run: `cargo bench -p kapi-bench --features peers`. Results are recorded in docs/benchmarks.md.

use std::hint::black_box;

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use k8s_openapi::serde::Serialize;
use k8s_openapi::serde::de::DeserializeOwned;
use kapi_bench::{INPUTS, Input, input};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use kapi_machinery::{JsonDecode, JsonEncode};

fn ours_decode_pb<T: ProtoMessage + Default>(b: &[u8]) -> T {
    let mut v = T::default();
    v.merge_proto(&mut ProtoReader::new(b)).expect("decodes");
    v
}

/// Protobuf decode and encode of one input: ours as `K`, prost's as `P`.
fn protobuf<K: ProtoMessage + Default, P: prost::Message + Default>(c: &mut Criterion, input: &Input) {
    let b = &input.pb[..];
    let mut dec = c.benchmark_group("protobuf_decode");
    dec.throughput(Throughput::Bytes(b.len() as u64));
    dec.bench_function(BenchmarkId::new("kapi", input.name), |bn| bn.iter(|| ours_decode_pb::<K>(black_box(b))));
    dec.bench_function(BenchmarkId::new("prost", input.name), |bn| {
        bn.iter(|| P::decode(black_box(b)).expect("decodes"))
    });
    dec.finish();
    let ours = ours_decode_pb::<K>(b);
    let theirs = P::decode(b).expect("decodes");
    let mut enc = c.benchmark_group("protobuf_encode");
    enc.throughput(Throughput::Bytes(b.len() as u64));
    enc.bench_function(BenchmarkId::new("kapi", input.name), |bn| bn.iter(|| black_box(&ours).to_proto_bytes()));
    enc.bench_function(BenchmarkId::new("prost", input.name), |bn| bn.iter(|| black_box(&theirs).encode_to_vec()));
    enc.finish();
}

/// JSON decode and encode of one input: ours as `K`, k8s-openapi's as `O` under serde_json,
/// sonic-rs and simd-json.
fn json<K: JsonDecode + JsonEncode + Default, O: Serialize + DeserializeOwned>(c: &mut Criterion, input: &Input) {
    let b = &input.json[..];
    let mut dec = c.benchmark_group("json_decode");
    dec.throughput(Throughput::Bytes(b.len() as u64));
    dec.bench_function(BenchmarkId::new("kapi", input.name), |bn| {
        bn.iter(|| kapi_machinery::json::from_slice::<K>(black_box(b)).expect("decodes"))
    });
    dec.bench_function(BenchmarkId::new("k8s-openapi", input.name), |bn| {
        bn.iter(|| serde_json::from_slice::<O>(black_box(b)).expect("decodes"))
    });
    dec.bench_function(BenchmarkId::new("sonic-rs", input.name), |bn| {
        bn.iter(|| sonic_rs::from_slice::<O>(black_box(b)).expect("decodes"))
    });
    // simd-json parses in place, so each iteration gets a fresh copy (not timed). The decoded value
    // is dropped inside the timed routine, as with `iter` for the others: criterion drops what a
    // batched routine returns outside the timing.
    dec.bench_function(BenchmarkId::new("simd-json", input.name), |bn| {
        bn.iter_batched_ref(
            || b.to_vec(),
            |copy| drop(black_box(simd_json::serde::from_slice::<O>(black_box(copy)).expect("decodes"))),
            BatchSize::SmallInput,
        )
    });
    dec.finish();
    let ours: K = kapi_machinery::json::from_slice(b).expect("decodes");
    let theirs: O = serde_json::from_slice(b).expect("decodes");
    let mut enc = c.benchmark_group("json_encode");
    enc.throughput(Throughput::Bytes(b.len() as u64));
    enc.bench_function(BenchmarkId::new("kapi", input.name), |bn| {
        bn.iter(|| kapi_machinery::json::to_vec(black_box(&ours)).expect("encodes"))
    });
    enc.bench_function(BenchmarkId::new("k8s-openapi", input.name), |bn| {
        bn.iter(|| serde_json::to_vec(black_box(&theirs)).expect("encodes"))
    });
    enc.bench_function(BenchmarkId::new("sonic-rs", input.name), |bn| {
        bn.iter(|| sonic_rs::to_vec(black_box(&theirs)).expect("encodes"))
    });
    enc.finish();
}

fn all(c: &mut Criterion) {
    use k8s_openapi::api as oa;
    use k8s_pb::api as pb;
    use kapi_api::{admission, admissionregistration, apps, core};
    for key in INPUTS {
        let input = input(key);
        match key {
            "vwc" | "vwc64" => {
                type K = admissionregistration::v1::ValidatingWebhookConfiguration;
                protobuf::<K, pb::admissionregistration::v1::ValidatingWebhookConfiguration>(c, &input);
                json::<K, oa::admissionregistration::v1::ValidatingWebhookConfiguration>(c, &input);
            }
            "mwc" => {
                type K = admissionregistration::v1::MutatingWebhookConfiguration;
                protobuf::<K, pb::admissionregistration::v1::MutatingWebhookConfiguration>(c, &input);
                json::<K, oa::admissionregistration::v1::MutatingWebhookConfiguration>(c, &input);
            }
            "review" => protobuf::<admission::v1::AdmissionReview, pb::admission::v1::AdmissionReview>(c, &input),
            "pod" | "pod-large" => {
                protobuf::<core::v1::Pod, pb::core::v1::Pod>(c, &input);
                json::<core::v1::Pod, oa::core::v1::Pod>(c, &input);
            }
            "deployment" => {
                protobuf::<apps::v1::Deployment, pb::apps::v1::Deployment>(c, &input);
                json::<apps::v1::Deployment, oa::apps::v1::Deployment>(c, &input);
            }
            _ => unreachable!("every input has a benchmark"),
        }
    }
}

criterion_group!(benches, all);
criterion_main!(benches);
