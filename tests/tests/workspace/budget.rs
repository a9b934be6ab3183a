//! Decoding budgets: every fixture fits the default, and a small input describing a huge object stops at it.

use kapi_api::admissionregistration::v1::ValidatingWebhookConfiguration;
use kapi_machinery::budget::{DecodeBudget, DecodeLimits};
use kapi_machinery::json::JsonReader;
use kapi_machinery::proto::{ProtoReader, decode_envelope, encode_envelope};
use kapi_machinery::serializer::{Format, Options, Serializer};
use kapi_machinery::{DecodeErrorKind, GroupVersionKind, Kind, Scheme};

fn scheme() -> Scheme {
    kapi_api::scheme().expect("the API registers cleanly")
}

/// Element storage one decode charges to a budget, by format.
fn charged(scheme: &Scheme, gvk: &GroupVersionKind, format: Format, data: &[u8]) -> u64 {
    let budget = DecodeBudget::new(u64::MAX);
    let mut obj = scheme.new_object(gvk).expect("registered kind");
    match format {
        Format::Json => {
            let mut r = JsonReader::with_budget(data, false, &budget);
            obj.decode_json_dyn(&mut r).expect("decodes");
        }
        _ => {
            let env = decode_envelope(data).expect("envelope");
            obj.merge_proto_dyn(&mut ProtoReader::with_budget(env.raw, &budget)).expect("decodes");
        }
    }
    budget.used()
}

/// The fixtures of every kind need a small fraction of the default budget: the per-input-byte
/// allowance is far above what real objects use, and the test prints the largest ratio seen
/// (the figure docs/reliability.md quotes).
#[test]
fn every_fixture_fits_the_default_budget() {
    let Some(root) = kapi_tests::testdata_root_or_skip("every_fixture_fits_the_default_budget") else { return };
    let root = root.join("HEAD");
    let s = scheme();
    let mut worst = (0.0f64, String::new());
    let mut files = 0;
    for entry in std::fs::read_dir(&root).expect("fixtures") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("name").to_owned();
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("json") => Format::Json,
            Some("pb") => Format::Protobuf,
            _ => continue,
        };
        let data = std::fs::read(&path).expect("readable");
        let Ok(decoded) = Serializer::new(&s, format, Options::default()).decode(&data, None) else {
            // Kinds of groups this scheme lacks are the compat suite's business.
            continue;
        };
        files += 1;
        let used = charged(&s, &decoded.gvk, format, &data);
        let ratio = used as f64 / data.len() as f64;
        if ratio > worst.0 {
            worst = (ratio, name);
        }
    }
    println!("largest element storage per input byte: {:.2} ({}) over {files} files", worst.0, worst.1);
    assert!(files > 300, "only {files} fixtures decoded");
    assert!(worst.0 < f64::from(DecodeLimits::DEFAULT.bytes_per_input_byte) / 4.0, "{worst:?}");
}

/// A webhook configuration whose body is a list of `n` empty webhooks, in JSON.
fn empty_webhooks_json(n: usize) -> Vec<u8> {
    let mut out =
        br#"{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","webhooks":["#
            .to_vec();
    for i in 0..n {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{}");
    }
    out.extend_from_slice(b"]}");
    out
}

/// The same in protobuf: field 2 (`webhooks`) repeated, each an empty message of two bytes.
fn empty_webhooks_pb(n: usize) -> Vec<u8> {
    let body = [0x12u8, 0x00].repeat(n);
    encode_envelope("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", |w| w.put_slice(&body))
}

/// The reproducer of the hostile-input report: two or three bytes per webhook become a whole
/// `ValidatingWebhook` each. The default budget stops the decode at the list, naming it, having
/// charged no more than the budget; without a budget the same input decodes, costing more than
/// the budget allows (so the limit is what stops it, not something else).
#[test]
fn a_list_of_empty_webhooks_stops_at_the_budget() {
    let s = scheme();
    let gvk = ValidatingWebhookConfiguration::static_gvk();
    for (format, data) in [(Format::Json, empty_webhooks_json(200_000)), (Format::Protobuf, empty_webhooks_pb(300_000))]
    {
        // The budget scales with what the typed decoder reads: the message inside a protobuf envelope.
        let body_len =
            if format == Format::Json { data.len() } else { decode_envelope(&data).expect("envelope").raw.len() };
        let limit = DecodeBudget::for_input(&DecodeLimits::DEFAULT, body_len).limit();
        let err = Serializer::new(&s, format, Options::default()).decode(&data, None).unwrap_err();
        assert_eq!(err.kind, DecodeErrorKind::BudgetExceeded(limit), "{format:?}: {err}");
        assert!(err.path().starts_with("webhooks["), "{format:?}: path {:?}", err.path());
        assert!(err.to_string().contains("decoding budget"), "{err}");

        let unlimited = Options { decode_limits: DecodeLimits::UNLIMITED, ..Options::default() };
        let decoded = Serializer::new(&s, format, unlimited).decode(&data, None).expect("decodes without a budget");
        let vwc = decoded.object.into_any().downcast::<ValidatingWebhookConfiguration>().expect("a VWC");
        assert!(vwc.webhooks.len() >= 200_000);
        assert!(charged(&s, &gvk, format, &data) > limit, "{format:?}: the input fits the budget after all");
    }
}

/// A budget set by the caller applies to nested lists and maps alike, and a decode that fits is
/// unaffected by it.
#[test]
fn a_small_budget_is_enforced_and_a_fitting_one_is_invisible() {
    let s = scheme();
    let data = empty_webhooks_json(10);
    let tight = Options {
        decode_limits: DecodeLimits { bytes_per_input_byte: 0, floor: 100, max_bytes: u64::MAX },
        ..Options::default()
    };
    let err = Serializer::new(&s, Format::Json, tight).decode(&data, None).unwrap_err();
    assert_eq!(err.kind, DecodeErrorKind::BudgetExceeded(100));
    assert_eq!(err.path(), "webhooks[0]");
    let labels = br#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"labels":{"a":"b","c":"d"}},"data":{"k":"v"}}"#;
    let map_tight = Options {
        decode_limits: DecodeLimits { bytes_per_input_byte: 0, floor: 60, max_bytes: u64::MAX },
        ..Options::default()
    };
    let err = Serializer::new(&s, Format::Json, map_tight).decode(labels, None).unwrap_err();
    assert_eq!(err.kind, DecodeErrorKind::BudgetExceeded(60));
    assert_eq!(err.path(), "metadata.labels.c");
    assert!(Serializer::new(&s, Format::Json, Options::default()).decode(labels, None).is_ok());
}

/// Decoded lists keep (almost) no unused buffer: protobuf counts a repeated field's run of
/// elements before allocating it, and JSON gives back growth's spare capacity where it is worth a
/// reallocation (under 128 spare bytes stay), so a cached object holds what it uses
/// (docs/benchmarks.md, "Heap per decoded object").
#[test]
fn decoded_lists_keep_no_spare_capacity() {
    let s = scheme();
    let mut webhooks = String::new();
    for i in 0..5 {
        if i > 0 {
            webhooks.push(',');
        }
        webhooks.push_str(&format!(
            r#"{{"name":"w{i}.example.com","clientConfig":{{"url":"https://x"}},"sideEffects":"None","admissionReviewVersions":["v1","v1beta1","v2"],"rules":[{{"operations":["CREATE","UPDATE","DELETE"],"apiGroups":[""],"apiVersions":["v1"],"resources":["pods","services","configmaps"]}},{{"operations":["*"],"apiGroups":["apps"],"apiVersions":["v1"],"resources":["deployments"]}},{{"operations":["CONNECT"],"apiGroups":[""],"apiVersions":["v1"],"resources":["pods/exec"]}}]}}"#
        ));
    }
    let json = format!(
        r#"{{"apiVersion":"admissionregistration.k8s.io/v1","kind":"ValidatingWebhookConfiguration","metadata":{{"name":"v","finalizers":["a","b","c","d","e"]}},"webhooks":[{webhooks}]}}"#
    );
    let from_json =
        Serializer::new(&s, Format::Json, Options::default()).decode(json.as_bytes(), None).expect("decodes");
    let vwc = from_json.object.into_any().downcast::<ValidatingWebhookConfiguration>().expect("a VWC");
    let pb = Serializer::new(&s, Format::Protobuf, Options::default()).encode(&*vwc).expect("encodes");
    let from_pb = Serializer::new(&s, Format::Protobuf, Options::default()).decode(&pb, None).expect("decodes");
    let vwc_pb = from_pb.object.into_any().downcast::<ValidatingWebhookConfiguration>().expect("a VWC");
    assert_eq!(vwc, vwc_pb);
    fn tight<T>(format: &str, what: &str, v: &Vec<T>) {
        if format == "protobuf" {
            assert_eq!(v.capacity(), v.len(), "{format}: {what}");
        } else {
            let spare = (v.capacity() - v.len()) * size_of::<T>();
            assert!(spare < 128, "{format}: {what}: {spare} spare bytes");
        }
    }
    for (format, v) in [("json", &vwc), ("protobuf", &vwc_pb)] {
        assert_eq!(v.webhooks.len(), 5);
        tight(format, "webhooks", &v.webhooks);
        assert_eq!(v.webhooks.capacity(), 5, "{format}: webhooks (3 spare slots are worth giving back)");
        let fin = &v.metadata.finalizers;
        tight(format, "finalizers", fin);
        for w in &v.webhooks {
            let versions = w.admission_review_versions.as_ref().expect("versions");
            tight(format, "admissionReviewVersions", versions);
            let rules = &w.rules;
            assert_eq!(rules.len(), 3);
            tight(format, "rules", rules);
            for r in rules {
                let ops = &r.operations;
                tight(format, "operations", ops);
                let res = &r.rule.resources;
                tight(format, "resources", res);
            }
        }
    }
}

/// A message that repeats a singular field merges each occurrence into the one value, so its
/// lists grow past the count made when they started: they grow as before and keep every element.
#[test]
fn a_list_merged_from_repeated_parent_messages_keeps_every_element() {
    let s = scheme();
    // metadata (field 1) 100,000 times, each with one finalizer (ObjectMeta field 14).
    let one = [0x0au8, 0x03, 0x72, 0x01, b'f'];
    let body = one.repeat(100_000);
    let data =
        encode_envelope("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", |w| w.put_slice(&body));
    let decoded = Serializer::new(&s, Format::Protobuf, Options::default()).decode(&data, None).expect("decodes");
    let vwc = decoded.object.into_any().downcast::<ValidatingWebhookConfiguration>().expect("a VWC");
    assert_eq!(vwc.metadata.finalizers.len(), 100_000);
}
