//! Runs one codec operation N times, for instruction counting with
//! `valgrind --tool=callgrind` (deterministic, unlike wall time on a shared machine):
//! `icount <kapi|peer|sonic|simd> <pb-decode|pb-encode|json-decode|json-encode> <input> <N>`, where
//! `peer` is prost for protobuf and serde_json for JSON, and `sonic` (sonic-rs) and `simd`
//! (simd-json) are JSON only; all three JSON peers use k8s-openapi's types.
//! `icount check` tells, per input, whether both sides read the same content.
//! `bench/icount.sh` runs every combination twice (N and 2N) and prints instructions per operation.

use std::hint::black_box;

use k8s_openapi::api as oa;
use k8s_openapi::serde::Serialize;
use k8s_openapi::serde::de::DeserializeOwned;
use k8s_pb::api as pb;
use kapi_api::{admission, admissionregistration, apps, core};
use kapi_bench::{INPUTS, Input, input};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use kapi_machinery::{JsonDecode, JsonEncode};
use serde_json::Value;

const USAGE: &str =
    "usage: icount <kapi|peer|sonic|simd> <pb-decode|pb-encode|json-decode|json-encode> <input> <N>, or icount check";

fn ours<T: ProtoMessage + Default>(b: &[u8]) -> T {
    let mut v = T::default();
    v.merge_proto(&mut ProtoReader::new(b)).expect("decodes");
    v
}

fn usage() -> ! {
    eprintln!("{USAGE}; the inputs are {INPUTS:?}");
    std::process::exit(2)
}

/// Runs a protobuf operation `n` times; encode operations encode a value decoded before the loop.
fn run_pb<K: ProtoMessage + Default, P: prost::Message + Default>(side: &str, op: &str, b: &[u8], n: usize) {
    let kapi = ours::<K>(b);
    let prost = P::decode(b).expect("decodes");
    for _ in 0..n {
        match (op, side) {
            ("pb-decode", "kapi") => drop(black_box(ours::<K>(black_box(b)))),
            ("pb-decode", "peer") => drop(black_box(P::decode(black_box(b)).expect("decodes"))),
            ("pb-encode", "kapi") => drop(black_box(black_box(&kapi).to_proto_bytes())),
            ("pb-encode", "peer") => drop(black_box(black_box(&prost).encode_to_vec())),
            _ => usage(),
        }
    }
}

/// Runs a JSON operation `n` times; encode operations encode a value decoded before the loop.
fn run_json<K: JsonDecode + JsonEncode + Default, O: Serialize + DeserializeOwned>(
    side: &str,
    op: &str,
    b: &[u8],
    n: usize,
) {
    let kapi: K = kapi_machinery::json::from_slice(b).expect("decodes");
    let openapi: O = serde_json::from_slice(b).expect("decodes");
    for _ in 0..n {
        match (op, side) {
            ("json-decode", "kapi") => {
                drop(black_box(kapi_machinery::json::from_slice::<K>(black_box(b)).expect("decodes")))
            }
            ("json-decode", "peer") => drop(black_box(serde_json::from_slice::<O>(black_box(b)).expect("decodes"))),
            ("json-decode", "sonic") => drop(black_box(sonic_rs::from_slice::<O>(black_box(b)).expect("decodes"))),
            // simd-json parses in place: the copy is part of the count (a `memcpy` of the input).
            ("json-decode", "simd") => {
                let mut copy = b.to_vec();
                drop(black_box(simd_json::serde::from_slice::<O>(black_box(&mut copy)).expect("decodes")))
            }
            ("json-encode", "kapi") => drop(black_box(kapi_machinery::json::to_vec(black_box(&kapi)))),
            ("json-encode", "peer") => drop(black_box(serde_json::to_vec(black_box(&openapi)))),
            ("json-encode", "sonic") => drop(black_box(sonic_rs::to_vec(black_box(&openapi)))),
            _ => usage(),
        }
    }
}

/// Our value as a JSON tree, for comparing and naming differences.
fn tree<K: JsonEncode>(v: &K) -> Value {
    serde_json::from_slice(&kapi_machinery::json::to_vec(v).expect("encodes")).expect("our JSON parses")
}

/// The paths at which two JSON trees differ.
fn diff(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                diff(x.get(k).unwrap_or(&Value::Null), y.get(k).unwrap_or(&Value::Null), &format!("{path}.{k}"), out);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (x, y)) in x.iter().zip(y).enumerate() {
                diff(x, y, &format!("{path}[{i}]"), out);
            }
        }
        _ if a != b => out.push(path.to_owned()),
        _ => {}
    }
}

fn report(what: &str, input: &Input, a: &Value, b: &Value) {
    let mut paths = Vec::new();
    diff(a, b, "", &mut paths);
    if paths.is_empty() {
        println!("{what:<28} {:<34} same content", input.name);
    } else {
        println!("{what:<28} {:<34} {} paths differ: {}", input.name, paths.len(), paths.join(" "));
    }
}

/// Whether prost reads what we read: ours decoded from prost's re-encoding equals ours decoded
/// from the input (fields prost does not know are dropped and show up here).
fn check_pb<K: ProtoMessage + JsonEncode + Default, P: prost::Message + Default>(input: &Input) {
    let direct = ours::<K>(&input.pb);
    let through_prost = ours::<K>(&P::decode(&input.pb[..]).expect("decodes").encode_to_vec());
    report("protobuf: kapi vs prost", input, &tree(&direct), &tree(&through_prost));
}

/// Whether k8s-openapi reads what we read, under each JSON library.
fn check_json<K: JsonDecode + JsonEncode + Default, O: Serialize + DeserializeOwned>(input: &Input) {
    let b = &input.json[..];
    let direct = tree(&kapi_machinery::json::from_slice::<K>(b).expect("decodes"));
    let openapi: O = serde_json::from_slice(b).expect("decodes");
    let through_openapi = serde_json::to_vec(&openapi).expect("encodes");
    let through_openapi = tree(&kapi_machinery::json::from_slice::<K>(&through_openapi).expect("decodes"));
    report("json: kapi vs k8s-openapi", input, &direct, &through_openapi);
    let serde = serde_json::to_value(&openapi).expect("encodes");
    let sonic = serde_json::to_value(sonic_rs::from_slice::<O>(b).expect("decodes")).expect("encodes");
    report("json: serde_json vs sonic-rs", input, &serde, &sonic);
    let simd =
        serde_json::to_value(simd_json::serde::from_slice::<O>(&mut b.to_vec()).expect("decodes")).expect("encodes");
    report("json: serde_json vs simd-json", input, &serde, &simd);
}

/// Evaluates `$body` with `$k`, `$p` and `$o` naming our, prost's and k8s-openapi's type for the
/// input named `$key`.
macro_rules! with_types {
    ($key:expr, |$k:ident, $p:ident, $o:ident| $body:expr) => {
        match $key {
            "vwc" | "vwc64" => {
                type $k = admissionregistration::v1::ValidatingWebhookConfiguration;
                type $p = pb::admissionregistration::v1::ValidatingWebhookConfiguration;
                type $o = oa::admissionregistration::v1::ValidatingWebhookConfiguration;
                $body
            }
            "mwc" => {
                type $k = admissionregistration::v1::MutatingWebhookConfiguration;
                type $p = pb::admissionregistration::v1::MutatingWebhookConfiguration;
                type $o = oa::admissionregistration::v1::MutatingWebhookConfiguration;
                $body
            }
            "pod" | "pod-large" => {
                type $k = core::v1::Pod;
                type $p = pb::core::v1::Pod;
                type $o = oa::core::v1::Pod;
                $body
            }
            "deployment" => {
                type $k = apps::v1::Deployment;
                type $p = pb::apps::v1::Deployment;
                type $o = oa::apps::v1::Deployment;
                $body
            }
            // k8s-openapi has no admission types: protobuf only (the input has no JSON).
            "review" => {
                type $k = admission::v1::AdmissionReview;
                type $p = pb::admission::v1::AdmissionReview;
                type $o = ();
                $body
            }
            _ => usage(),
        }
    };
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 2 && args[1] == "check" {
        for key in INPUTS {
            let input = input(key);
            println!("{:<63} protobuf {} bytes, JSON {} bytes", input.name, input.pb.len(), input.json.len());
            with_types!(key, |K, P, O| {
                check_pb::<K, P>(&input);
                if !input.json.is_empty() {
                    check_json::<K, O>(&input);
                }
            });
        }
        return;
    }
    let [_, side, op, key, n] = &args[..] else { usage() };
    let n: usize = n.parse().unwrap_or_else(|_| usage());
    let input = input(key);
    with_types!(key.as_str(), |K, P, O| if op.starts_with("pb-") {
        run_pb::<K, P>(side, op, &input.pb, n)
    } else if input.json.is_empty() {
        usage()
    } else {
        run_json::<K, O>(side, op, &input.json, n)
    });
}
