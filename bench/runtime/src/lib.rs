//! What both sides of the runtime benchmark share: the tally of pods reconciled (once, then once
//! more at the revision an updater writes), and the signal that ends the run.

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use tokio::sync::Notify;

/// The annotation the updater changes on every pod; the seeded pods carry it at `3`.
pub const REVISION: &str = "example.com/revision";

/// Counts the distinct keys reconciled, then (with a target revision) the distinct keys
/// reconciled at that revision; `done` fires once every wanted key has been, in the last phase.
pub struct Tally {
    /// Keys reconciled at all, and keys reconciled at the target revision.
    seen: Mutex<(HashSet<String>, HashSet<String>)>,
    want: usize,
    /// `BENCH_REVISION`: when set, the run ends only after every pod is seen at it.
    target: Option<String>,
    started: Instant,
    /// Notified (once, with a stored permit) when the run is complete.
    pub done: Notify,
}

impl Tally {
    /// A tally of `want` pods; the target revision comes from `BENCH_REVISION`.
    pub fn new(want: usize) -> Self {
        let target = std::env::var("BENCH_REVISION").ok().filter(|r| !r.is_empty());
        Tally {
            seen: Mutex::new((HashSet::with_capacity(want), HashSet::new())),
            want,
            target,
            started: Instant::now(),
            done: Notify::new(),
        }
    }

    /// Records one reconcile of `namespace/name` whose revision annotation is `revision`. The
    /// first complete pass prints `synced <n> pods in <s> s heap <bytes live>` (the bench script
    /// starts the updater on it); with a target, the pass at it prints `updated <n> pods in <s> s
    /// at <unix time> heap <bytes live>`.
    pub fn record(&self, namespace: &str, name: &str, revision: Option<&str>) {
        let mut seen = self.seen.lock().expect("no reconcile panics while holding the tally");
        let (all, updated) = &mut *seen;
        let key = format!("{namespace}/{name}");
        if all.insert(key.clone()) && all.len() == self.want {
            let (live, _) = heap();
            eprintln!("synced {} pods in {:.3} s heap {live}", self.want, self.started.elapsed().as_secs_f64());
            if self.target.is_none() {
                self.done.notify_one();
            }
        }
        if let Some(target) = &self.target
            && revision == Some(target.as_str())
            && updated.insert(key)
            && updated.len() == self.want
        {
            let (live, _) = heap();
            eprintln!(
                "updated {} pods in {:.3} s at {:.6} heap {live}",
                self.want,
                self.started.elapsed().as_secs_f64(),
                unix_now()
            );
            self.done.notify_one();
        }
    }

    /// How many distinct keys were reconciled.
    pub fn count(&self) -> usize {
        self.seen.lock().expect("no reconcile panics while holding the tally").0.len()
    }
}

/// The system allocator, counting the bytes live now and at most: each side installs it, so the
/// heap its cache holds is read in-process, alike for both (heaptrack agrees within its overhead).
pub struct CountingAlloc;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds `GlobalAlloc`'s contract;
// the counters are plain atomics beside it and never touch the memory handed out.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are `System.alloc`'s.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator (that is, from `System`) with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from `System` with `layout`; the caller guarantees `new_size`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

/// Heap bytes live now, and the most live at once so far (with [`CountingAlloc`] installed).
pub fn heap() -> (usize, usize) {
    (LIVE.load(Ordering::Relaxed), PEAK.load(Ordering::Relaxed))
}

/// Seconds since the Unix epoch, to compare the moments of two processes on one machine.
pub fn unix_now() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())
}

/// What each side caches: whole pods, whole pods without `managedFields`, or their metadata.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Whole objects as the server sends them.
    Full,
    /// Whole objects with `metadata.managedFields` dropped before caching (kapi-runtime's
    /// default; kube-runtime through a `modify` of its watch stream).
    Strip,
    /// `PartialObjectMetadata` only.
    Meta,
}

/// The arguments both sides take: `full|strip|meta <pods> <concurrency>`.
pub struct Args {
    pub mode: Mode,
    pub pods: usize,
    pub concurrency: usize,
}

impl Args {
    pub fn parse() -> Result<Args, String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let usage = "usage: <full|strip|meta> <pods> <concurrency>";
        let [mode, pods, concurrency] = args.as_slice() else { return Err(usage.into()) };
        let mode = match mode.as_str() {
            "full" => Mode::Full,
            "strip" => Mode::Strip,
            "meta" => Mode::Meta,
            _ => return Err(usage.into()),
        };
        let pods = pods.parse().map_err(|e| format!("pods: {e}"))?;
        let concurrency = concurrency.parse().map_err(|e| format!("concurrency: {e}"))?;
        Ok(Args { mode, pods, concurrency })
    }
}
