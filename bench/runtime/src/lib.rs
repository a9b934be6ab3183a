//! What both sides of the runtime benchmark share: the count of pods reconciled at least once, and
//! the signal that ends the run when every pod has been.

use std::collections::HashSet;
use std::sync::Mutex;

use tokio::sync::Notify;

/// Counts the distinct keys reconciled; `done` fires once `want` of them have been.
pub struct Tally {
    seen: Mutex<HashSet<String>>,
    want: usize,
    /// Notified (once, with a stored permit) when the last wanted key is first reconciled.
    pub done: Notify,
}

impl Tally {
    pub fn new(want: usize) -> Self {
        Tally { seen: Mutex::new(HashSet::with_capacity(want)), want, done: Notify::new() }
    }

    /// Records one reconcile of `namespace/name`; a key seen before counts once.
    pub fn record(&self, namespace: &str, name: &str) {
        let mut seen = self.seen.lock().expect("no reconcile panics while holding the tally");
        if seen.insert(format!("{namespace}/{name}")) && seen.len() == self.want {
            self.done.notify_one();
        }
    }

    /// How many distinct keys were reconciled.
    pub fn count(&self) -> usize {
        self.seen.lock().expect("no reconcile panics while holding the tally").len()
    }
}

/// The arguments both sides take: `full|meta <pods> <concurrency>`.
pub struct Args {
    pub metadata_only: bool,
    pub pods: usize,
    pub concurrency: usize,
}

impl Args {
    pub fn parse() -> Result<Args, String> {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let usage = "usage: <full|meta> <pods> <concurrency>";
        let [mode, pods, concurrency] = args.as_slice() else { return Err(usage.into()) };
        let metadata_only = match mode.as_str() {
            "full" => false,
            "meta" => true,
            _ => return Err(usage.into()),
        };
        let pods = pods.parse().map_err(|e| format!("pods: {e}"))?;
        let concurrency = concurrency.parse().map_err(|e| format!("concurrency: {e}"))?;
        Ok(Args { metadata_only, pods, concurrency })
    }
}
