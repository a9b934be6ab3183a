//! Heap held by one decoded object, kapi beside k8s-pb (prost) and k8s-openapi (serde_json):
//! `heap` prints, per input and side, the bytes still allocated once the decoded value is built
//! (the size of every live allocation, as requested from the allocator) and how many allocations
//! hold them. Inputs: the fixture Pod, Deployment and ValidatingWebhookConfiguration, the large
//! realistic Pod, and a list of 1000 such Pods. Deterministic: run it once.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicI64, Ordering};

use k8s_openapi::serde::de::DeserializeOwned;
use k8s_pb::api as pb;
use kapi_api::{admissionregistration, apps, core};
use kapi_bench::{input, large_pod};
use kapi_machinery::proto::{ProtoMessage, ProtoReader};
use kapi_machinery::{JsonDecode, TypeMeta};

/// Counts live bytes and live allocations on top of the system allocator.
struct Counting;

static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);
static LIVE_ALLOCS: AtomicI64 = AtomicI64::new(0);

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so `System`'s
// guarantees hold; the counters are only arithmetic on the side.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE_BYTES.fetch_add(layout.size() as i64, Ordering::Relaxed);
        LIVE_ALLOCS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded as received (see the impl).
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE_BYTES.fetch_sub(layout.size() as i64, Ordering::Relaxed);
        LIVE_ALLOCS.fetch_sub(1, Ordering::Relaxed);
        // SAFETY: forwarded as received (see the impl).
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE_BYTES.fetch_add(new_size as i64 - layout.size() as i64, Ordering::Relaxed);
        // SAFETY: forwarded as received (see the impl).
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Heap bytes and allocations that `make`'s result holds, counting its own inline size as well
/// (the value is boxed, as a cache would keep it behind a pointer or in a vector).
fn held<T>(make: impl FnOnce() -> T) -> (i64, i64) {
    let (b0, a0) = (LIVE_BYTES.load(Ordering::Relaxed), LIVE_ALLOCS.load(Ordering::Relaxed));
    let v = black_box(Box::new(make()));
    let out = (LIVE_BYTES.load(Ordering::Relaxed) - b0, LIVE_ALLOCS.load(Ordering::Relaxed) - a0);
    drop(v);
    out
}

fn kapi_pb<T: ProtoMessage + Default>(b: &[u8]) -> T {
    let mut v = T::default();
    v.merge_proto(&mut ProtoReader::new(b)).expect("decodes");
    v
}

fn row<K, P, O>(name: &str, pb_bytes: &[u8], json: &[u8])
where
    K: ProtoMessage + JsonDecode + Default,
    P: prost::Message + Default,
    O: DeserializeOwned,
{
    let kapi_p = held(|| kapi_pb::<K>(pb_bytes));
    let prost = held(|| P::decode(pb_bytes).expect("decodes"));
    let kapi_j = held(|| kapi_machinery::json::from_slice::<K>(json).expect("decodes"));
    let openapi = held(|| serde_json::from_slice::<O>(json).expect("decodes"));
    let cell = |(b, a): (i64, i64)| format!("{b:>10} B {a:>7}");
    println!(
        "{name:<34} {:>10} B | {} | {} | {} | {} | {:.2}",
        json.len(),
        cell(kapi_j),
        cell(openapi),
        cell(kapi_p),
        cell(prost),
        kapi_j.0 as f64 / openapi.0 as f64,
    );
}

fn main() {
    println!(
        "{:<34} {:>12} | {:>18} | {:>18} | {:>18} | {:>18} | kapi/k8s-openapi",
        "input", "JSON size", "kapi (JSON)", "k8s-openapi", "kapi (protobuf)", "k8s-pb (prost)"
    );
    for key in ["pod", "deployment", "vwc", "pod-large"] {
        let i = input(key);
        match key {
            "pod" | "pod-large" => {
                row::<core::v1::Pod, pb::core::v1::Pod, k8s_openapi::api::core::v1::Pod>(i.name, &i.pb, &i.json)
            }
            "deployment" => {
                row::<apps::v1::Deployment, pb::apps::v1::Deployment, k8s_openapi::api::apps::v1::Deployment>(
                    i.name, &i.pb, &i.json,
                )
            }
            _ => row::<
                admissionregistration::v1::ValidatingWebhookConfiguration,
                pb::admissionregistration::v1::ValidatingWebhookConfiguration,
                k8s_openapi::api::admissionregistration::v1::ValidatingWebhookConfiguration,
            >(i.name, &i.pb, &i.json),
        }
    }
    // Inline sizes: every list element costs its type's full size, set or not.
    println!(
        "inline sizes (kapi): Pod {} B, PodSpec {} B, Container {} B, ContainerStatus {} B, ObjectMeta {} B, ValidatingWebhook {} B",
        size_of::<core::v1::Pod>(),
        size_of::<core::v1::PodSpec>(),
        size_of::<core::v1::Container>(),
        size_of::<core::v1::ContainerStatus>(),
        size_of::<kapi_api::meta::v1::ObjectMeta>(),
        size_of::<admissionregistration::v1::ValidatingWebhook>(),
    );
    println!(
        "inline sizes (k8s-openapi): Pod {} B, PodSpec {} B, Container {} B, ContainerStatus {} B, ObjectMeta {} B, ValidatingWebhook {} B",
        size_of::<k8s_openapi::api::core::v1::Pod>(),
        size_of::<k8s_openapi::api::core::v1::PodSpec>(),
        size_of::<k8s_openapi::api::core::v1::Container>(),
        size_of::<k8s_openapi::api::core::v1::ContainerStatus>(),
        size_of::<k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta>(),
        size_of::<k8s_openapi::api::admissionregistration::v1::ValidatingWebhook>(),
    );
    // What an informer's first list holds: 1000 realistic Pods.
    let mut list = core::v1::PodList {
        type_meta: TypeMeta { api_version: "v1".into(), kind: "PodList".into() },
        ..Default::default()
    };
    let one = large_pod();
    list.items = Some(
        (0..1000)
            .map(|i| {
                let mut p = one.clone();
                p.metadata.name = format!("checkout-{i:04}");
                p
            })
            .collect(),
    );
    let json = kapi_machinery::json::to_vec(&list).expect("encodes");
    row::<core::v1::PodList, pb::core::v1::PodList, k8s_openapi::List<k8s_openapi::api::core::v1::Pod>>(
        "PodList of 1000 large Pods",
        &list.to_proto_bytes(),
        &json,
    );
}
