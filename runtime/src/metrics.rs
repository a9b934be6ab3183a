//! Controller metrics under controller-runtime's names, kept in a small in-crate registry and
//! rendered in the Prometheus text exposition format (no metrics crate needed for six series).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

/// controller-runtime's buckets for `controller_runtime_reconcile_time_seconds`.
pub const RECONCILE_TIME_BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5,
    1.75, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0,
];

/// client-go's workqueue buckets (`ExponentialBuckets(10e-9, 10, 10)`).
pub const WORK_DURATION_BUCKETS: &[f64] = &[1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0, 10.0];

/// A histogram with fixed upper bounds.
#[derive(Debug)]
pub struct Histogram {
    bounds: &'static [f64],
    /// Per bucket (not cumulative); the last one is `+Inf`.
    counts: Vec<AtomicU64>,
    /// The sum of observations, in nanoseconds.
    sum_nanos: AtomicU64,
}

impl Histogram {
    /// An empty histogram with these bucket bounds (seconds, ascending).
    pub fn new(bounds: &'static [f64]) -> Self {
        Histogram {
            bounds,
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_nanos: AtomicU64::new(0),
        }
    }

    /// Records one duration.
    pub fn observe(&self, d: Duration) {
        let secs = d.as_secs_f64();
        let i = self.bounds.iter().position(|b| secs <= *b).unwrap_or(self.bounds.len());
        self.counts[i].fetch_add(1, Ordering::Relaxed);
        self.sum_nanos.fetch_add(u64::try_from(d.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// The number of observations.
    pub fn count(&self) -> u64 {
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    fn render(&self, out: &mut String, name: &str, labels: &str) {
        let mut cumulative = 0;
        for (i, bound) in self.bounds.iter().enumerate() {
            cumulative += self.counts[i].load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{{labels},le=\"{bound}\"}} {cumulative}");
        }
        let count = self.count();
        let _ = writeln!(out, "{name}_bucket{{{labels},le=\"+Inf\"}} {count}");
        let sum = self.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "{name}_sum{{{labels}}} {sum}");
        let _ = writeln!(out, "{name}_count{{{labels}}} {count}");
    }
}

/// How a reconcile ended, the `result` label of `controller_runtime_reconcile_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReconcileResult {
    /// Succeeded, waiting for a change.
    Success,
    /// Failed.
    Error,
    /// Asked to be retried through the rate limiter.
    Requeue,
    /// Asked to run again after a delay.
    RequeueAfter,
}

impl ReconcileResult {
    const ALL: [ReconcileResult; 4] =
        [ReconcileResult::Success, ReconcileResult::Error, ReconcileResult::Requeue, ReconcileResult::RequeueAfter];

    fn label(self) -> &'static str {
        match self {
            ReconcileResult::Success => "success",
            ReconcileResult::Error => "error",
            ReconcileResult::Requeue => "requeue",
            ReconcileResult::RequeueAfter => "requeue_after",
        }
    }
}

/// One controller's metrics.
#[derive(Debug)]
pub struct ControllerMetrics {
    name: String,
    reconcile_total: [AtomicU64; 4],
    reconcile_errors: AtomicU64,
    reconcile_time: Histogram,
    queue_depth: AtomicI64,
    queue_adds: AtomicU64,
    work_duration: Histogram,
    retries: AtomicU64,
}

impl ControllerMetrics {
    fn new(name: &str) -> Self {
        ControllerMetrics {
            name: name.to_string(),
            reconcile_total: Default::default(),
            reconcile_errors: AtomicU64::new(0),
            reconcile_time: Histogram::new(RECONCILE_TIME_BUCKETS),
            queue_depth: AtomicI64::new(0),
            queue_adds: AtomicU64::new(0),
            work_duration: Histogram::new(WORK_DURATION_BUCKETS),
            retries: AtomicU64::new(0),
        }
    }

    /// The controller's name (the `controller` label).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Counts a reconcile and its duration.
    pub fn reconciled(&self, result: ReconcileResult, took: Duration) {
        let i = ReconcileResult::ALL.iter().position(|r| *r == result).unwrap_or(0);
        self.reconcile_total[i].fetch_add(1, Ordering::Relaxed);
        if result == ReconcileResult::Error {
            self.reconcile_errors.fetch_add(1, Ordering::Relaxed);
        }
        self.reconcile_time.observe(took);
    }

    /// Reconciles that ended with `result`.
    pub fn reconcile_total(&self, result: ReconcileResult) -> u64 {
        let i = ReconcileResult::ALL.iter().position(|r| *r == result).unwrap_or(0);
        self.reconcile_total[i].load(Ordering::Relaxed)
    }

    /// Reconciles that failed.
    pub fn reconcile_errors(&self) -> u64 {
        self.reconcile_errors.load(Ordering::Relaxed)
    }

    /// Sets the queue depth.
    pub fn set_queue_depth(&self, depth: usize) {
        self.queue_depth.store(i64::try_from(depth).unwrap_or(i64::MAX), Ordering::Relaxed);
    }

    /// Counts a key added to the queue.
    pub fn queue_add(&self) {
        self.queue_adds.fetch_add(1, Ordering::Relaxed);
    }

    /// Records how long a worker held a key.
    pub fn work_done(&self, took: Duration) {
        self.work_duration.observe(took);
    }

    /// Counts a rate-limited retry.
    pub fn retry(&self) {
        self.retries.fetch_add(1, Ordering::Relaxed);
    }

    /// Rate-limited retries so far.
    pub fn retries(&self) -> u64 {
        self.retries.load(Ordering::Relaxed)
    }
}

/// The metrics of several controllers, rendered together.
#[derive(Debug, Default)]
pub struct Registry {
    controllers: Mutex<Vec<Arc<ControllerMetrics>>>,
}

/// The process-wide registry controllers use unless their config names another.
pub fn global_registry() -> Arc<Registry> {
    static GLOBAL: OnceLock<Arc<Registry>> = OnceLock::new();
    GLOBAL.get_or_init(|| Arc::new(Registry::default())).clone()
}

/// Escapes a label value for the text format.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

impl Registry {
    /// The metrics of a controller named `name`; one name shares one set of metrics.
    pub fn controller(&self, name: &str) -> Arc<ControllerMetrics> {
        let mut cs = self.controllers.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(c) = cs.iter().find(|c| c.name == name) {
            return c.clone();
        }
        let c = Arc::new(ControllerMetrics::new(name));
        cs.push(c.clone());
        c
    }

    /// Every metric in the Prometheus text exposition format (version 0.0.4).
    pub fn render(&self) -> String {
        let cs = self.controllers.lock().unwrap_or_else(PoisonError::into_inner).clone();
        let mut out = String::new();
        let head = |out: &mut String, name: &str, kind: &str, help: &str| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
        };
        head(
            &mut out,
            "controller_runtime_reconcile_total",
            "counter",
            "Total number of reconciliations per controller",
        );
        for c in &cs {
            for r in ReconcileResult::ALL {
                let _ = writeln!(
                    out,
                    "controller_runtime_reconcile_total{{controller=\"{}\",result=\"{}\"}} {}",
                    escape(&c.name),
                    r.label(),
                    c.reconcile_total(r)
                );
            }
        }
        head(
            &mut out,
            "controller_runtime_reconcile_errors_total",
            "counter",
            "Total number of reconciliation errors per controller",
        );
        for c in &cs {
            let _ = writeln!(
                out,
                "controller_runtime_reconcile_errors_total{{controller=\"{}\"}} {}",
                escape(&c.name),
                c.reconcile_errors()
            );
        }
        head(
            &mut out,
            "controller_runtime_reconcile_time_seconds",
            "histogram",
            "Length of time per reconciliation per controller",
        );
        for c in &cs {
            c.reconcile_time.render(
                &mut out,
                "controller_runtime_reconcile_time_seconds",
                &format!("controller=\"{}\"", escape(&c.name)),
            );
        }
        let queue_labels = |c: &ControllerMetrics| format!("controller=\"{0}\",name=\"{0}\"", escape(&c.name));
        head(&mut out, "workqueue_depth", "gauge", "Current depth of workqueue");
        for c in &cs {
            let _ = writeln!(out, "workqueue_depth{{{}}} {}", queue_labels(c), c.queue_depth.load(Ordering::Relaxed));
        }
        head(&mut out, "workqueue_adds_total", "counter", "Total number of adds handled by workqueue");
        for c in &cs {
            let _ =
                writeln!(out, "workqueue_adds_total{{{}}} {}", queue_labels(c), c.queue_adds.load(Ordering::Relaxed));
        }
        head(
            &mut out,
            "workqueue_work_duration_seconds",
            "histogram",
            "How long in seconds processing an item from workqueue takes.",
        );
        for c in &cs {
            c.work_duration.render(&mut out, "workqueue_work_duration_seconds", &queue_labels(c));
        }
        head(&mut out, "workqueue_retries_total", "counter", "Total number of retries handled by workqueue");
        for c in &cs {
            let _ = writeln!(out, "workqueue_retries_total{{{}}} {}", queue_labels(c), c.retries());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_counters_and_cumulative_histograms() {
        let r = Registry::default();
        let c = r.controller("web");
        c.reconciled(ReconcileResult::Success, Duration::from_millis(3));
        c.reconciled(ReconcileResult::Error, Duration::from_millis(70));
        c.retry();
        c.set_queue_depth(4);
        assert!(Arc::ptr_eq(&c, &r.controller("web")));
        let text = r.render();
        for line in [
            "controller_runtime_reconcile_total{controller=\"web\",result=\"success\"} 1",
            "controller_runtime_reconcile_total{controller=\"web\",result=\"error\"} 1",
            "controller_runtime_reconcile_errors_total{controller=\"web\"} 1",
            "controller_runtime_reconcile_time_seconds_bucket{controller=\"web\",le=\"0.005\"} 1",
            "controller_runtime_reconcile_time_seconds_bucket{controller=\"web\",le=\"0.05\"} 1",
            "controller_runtime_reconcile_time_seconds_bucket{controller=\"web\",le=\"0.1\"} 2",
            "controller_runtime_reconcile_time_seconds_bucket{controller=\"web\",le=\"+Inf\"} 2",
            "controller_runtime_reconcile_time_seconds_count{controller=\"web\"} 2",
            "controller_runtime_reconcile_time_seconds_sum{controller=\"web\"} 0.073",
            "workqueue_depth{controller=\"web\",name=\"web\"} 4",
            "workqueue_retries_total{controller=\"web\",name=\"web\"} 1",
            "# TYPE workqueue_work_duration_seconds histogram",
        ] {
            assert!(text.lines().any(|l| l == line), "missing {line:?} in\n{text}");
        }
    }
}
