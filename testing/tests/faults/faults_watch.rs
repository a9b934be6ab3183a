//! The `watcher()` stream under network faults, through a fault-injecting proxy in front of the test server: cut and reset watches, truncated chunks, failed and slow lists, `410` and `5xx` answers; it must end in the server's state with no change lost or repeated, and space its retries as client-go's reflector does.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::core::v1::ConfigMap;
use kapi_client::reflector::Backoff;
use kapi_client::watcher::{Event, WatcherConfig, watcher};
use kapi_client::{Error, StreamExt};
use tokio::task::JoinHandle;

use crate::fault_support;

use fault_support::harness::{Change, Harness, State, Step, WAIT, Write, check_history, gaps_ms, rv_of};
use fault_support::{Fault, Match, within};

/// What the watcher yielded, as the history checker reads it.
#[derive(Default)]
struct Seen {
    steps: Vec<Step>,
    /// The state being listed, between `Init` and `InitDone`.
    listing: Option<State>,
    inits: usize,
    errors: Vec<String>,
}

type Shared = Arc<Mutex<Seen>>;

fn lock(seen: &Shared) -> std::sync::MutexGuard<'_, Seen> {
    seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn record(seen: &Shared, item: Result<Event<ConfigMap>, Error>) {
    let mut s = lock(seen);
    let write = |change, o: &ConfigMap| Write { change, name: o.metadata.name.clone(), rv: rv_of(&o.metadata) };
    match item {
        Err(e) => s.errors.push(e.to_string()),
        Ok(Event::Init) => {
            s.inits += 1;
            s.listing = Some(State::new());
        }
        Ok(Event::InitApply(o)) => {
            let listing = s.listing.as_mut().expect("InitApply comes between Init and InitDone");
            listing.insert(o.metadata.name.clone(), rv_of(&o.metadata));
        }
        Ok(Event::InitDone) => {
            let state = s.listing.take().expect("InitDone follows Init");
            s.steps.push(Step::List(state));
        }
        Ok(Event::Apply(o)) => s.steps.push(Step::Event(write(Change::Apply, &o))),
        Ok(Event::Delete(o)) => s.steps.push(Step::Event(write(Change::Delete, &o))),
    }
}

/// Drives a watcher through the proxy on a task of its own, recording what it yields.
fn spawn_watcher(h: &Harness, config: WatcherConfig) -> (Shared, JoinHandle<()>) {
    let seen = Shared::default();
    let events = watcher(h.proxied(), config);
    let sink = seen.clone();
    let task = tokio::spawn(async move {
        let mut events = std::pin::pin!(events);
        while let Some(item) = events.next().await {
            record(&sink, item);
        }
    });
    (seen, task)
}

/// Waits until the watcher's history is the server's (within the suite's guard), then checks it.
async fn until_caught_up(h: &Harness, seen: &Shared) {
    let outcome = tokio::time::timeout(WAIT, async {
        loop {
            if check_history(&h.writes(), &lock(seen).steps).is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    if outcome.is_err() {
        let s = lock(seen);
        let err = check_history(&h.writes(), &s.steps).unwrap_err();
        panic!(
            "the watcher never caught up: {err}\nwrites: {:?}\nseen: {:?}\nerrors: {:?}",
            h.writes(),
            s.steps,
            s.errors
        );
    }
    assert_eq!(h.server_state().await, final_state(seen), "the watcher's state is not the server's");
}

/// The state the watcher's history ends in.
fn final_state(seen: &Shared) -> State {
    let mut state = State::new();
    for step in &lock(seen).steps {
        match step {
            Step::List(s) => state = s.clone(),
            Step::Event(w) if w.change == Change::Apply => {
                state.insert(w.name.clone(), w.rv);
            }
            Step::Event(w) => {
                state.remove(&w.name);
            }
        }
    }
    state
}

/// Writes (10 ms apart) until the proxy's faults are all used, at least `min` and at most 200.
async fn write_through_faults(h: &Harness, start: usize, min: usize) -> usize {
    let mut i = start;
    within(WAIT, async {
        while i < start + 200 && (i < start + min || h.proxy.pending() > 0) {
            h.write_step(i).await;
            i += 1;
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    assert_eq!(h.proxy.pending(), 0, "some faults never fired: {:?}", h.proxy.seen());
    i
}

fn backoff(initial_ms: u64, max_ms: u64, jitter: f64) -> Backoff {
    Backoff { initial: Duration::from_millis(initial_ms), max: Duration::from_millis(max_ms), factor: 2.0, jitter }
}

/// The times the proxy received the requests `pick` selects.
fn times(h: &Harness, pick: impl Fn(&fault_support::Seen) -> bool) -> Vec<tokio::time::Instant> {
    h.proxy.seen().iter().filter(|s| pick(s)).map(|s| s.at).collect()
}

fn is_list(s: &fault_support::Seen) -> bool {
    s.method == "GET" && !s.is_watch() && s.target.contains("/configmaps")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cut_reset_truncated_and_slow_watches_lose_and_repeat_nothing() {
    let h = Harness::start().await;
    for i in 0..3 {
        h.write_step(i).await;
    }
    // One fault per watch, in this order, then plain watches.
    let watches = Match::watches;
    h.proxy.inject(watches(), Fault::CutAfterEvents { events: 1, reset: false }, 1);
    h.proxy.inject(watches(), Fault::CutBody { after: 40, reset: false }, 1);
    h.proxy.inject(watches(), Fault::CutAfterEvents { events: 2, reset: true }, 1);
    h.proxy.inject(watches(), Fault::ResetBeforeForward, 1);
    h.proxy.inject(watches(), Fault::EndAfterEvents { events: 1 }, 1);
    h.proxy.inject(watches(), Fault::CloseBeforeForward, 1);
    h.proxy.inject(watches(), Fault::CutBody { after: 300, reset: true }, 1);
    // Last, as the delayed watch then stays open.
    h.proxy.inject(watches(), Fault::Delay(Duration::from_millis(150)), 1);
    let config = WatcherConfig::default().backoff(backoff(20, 80, 0.5));
    let (seen, task) = spawn_watcher(&h, config);

    write_through_faults(&h, 3, 20).await;
    until_caught_up(&h, &seen).await;
    task.abort();

    let s = lock(&seen);
    // Every fault was healed by watching again from the last version seen, never by a relist.
    assert_eq!(s.inits, 1, "the watcher listed again: {:?}", s.steps);
    assert!(!s.errors.is_empty(), "the cut bodies were not reported");
    let watches = h.proxy.seen().iter().filter(|s| s.is_watch()).count();
    assert!(watches >= 8, "{watches} watches for 8 faults");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_failures_end_in_one_complete_state() {
    let h = Harness::start().await;
    for i in 0..5 {
        h.write_step(i).await;
    }
    let lists = || Match::lists("/configmaps");
    // The first page cut inside its body, a 500, a 503 without Retry-After, a 410 for the second
    // page (an expired continue token): each is reported and the list starts again.
    h.proxy.inject(lists(), Fault::CutBody { after: 100, reset: false }, 1);
    h.proxy.inject(lists(), Fault::internal_error(), 1);
    h.proxy.inject(lists(), Fault::unavailable(None), 1);
    h.proxy.inject(lists().containing("continue="), Fault::expired(), 1);
    let config = WatcherConfig::default().page_size(2).backoff(backoff(40, 1000, 0.0));
    let (seen, task) = spawn_watcher(&h, config);
    h.proxy.until_used(WAIT).await;
    until_caught_up(&h, &seen).await;
    h.write_step(5).await;
    until_caught_up(&h, &seen).await;
    task.abort();

    let s = lock(&seen);
    assert_eq!(s.inits, 1, "one complete state, announced once the whole list was read: {:?}", s.steps);
    assert_eq!(s.errors.len(), 4, "{:?}", s.errors);
    // Attempts of the first page: the back-off doubles from 40 ms after each failure.
    let firsts = times(&h, |s| is_list(s) && !s.target.contains("continue="));
    assert_eq!(firsts.len(), 5, "{:?}", h.proxy.seen());
    let gaps = gaps_ms(&firsts);
    for (gap, want) in gaps.iter().zip([40u128, 80, 160, 320]) {
        assert!(*gap >= want * 9 / 10 && *gap < want + 1000, "gaps {gaps:?}, want about 40, 80, 160, 320 ms");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_410_relists_after_a_growing_backoff() {
    let h = Harness::start().await;
    for i in 0..3 {
        h.write_step(i).await;
    }
    // Every watch expires at once, four times over: client-go's reflector waits its back-off
    // before each relist, growing as long as no watch makes progress.
    h.proxy.inject(Match::watches(), Fault::expired(), 4);
    let config = WatcherConfig::default().backoff(backoff(40, 1000, 0.0));
    let (seen, task) = spawn_watcher(&h, config);
    h.proxy.until_used(WAIT).await;
    h.write_step(3).await;
    until_caught_up(&h, &seen).await;
    task.abort();

    assert_eq!(lock(&seen).inits, 5);
    let lists = times(&h, is_list);
    assert_eq!(lists.len(), 5, "{:?}", h.proxy.seen());
    let gaps = gaps_ms(&lists);
    for (gap, want) in gaps.iter().zip([40u128, 80, 160, 320]) {
        assert!(*gap >= want * 9 / 10 && *gap < want + 1000, "relists {gaps:?} ms apart, want about 40, 80, 160, 320");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watches_that_end_at_once_are_retried_after_a_backoff() {
    let h = Harness::start().await;
    h.write_step(0).await;
    // The server ends four watches cleanly before any event (a server restarting, a proxy timing
    // out): resuming at once would spin; client-go counts such a watch as a failure.
    h.proxy.inject(Match::watches(), Fault::EndAfterEvents { events: 0 }, 4);
    let config = WatcherConfig::default().backoff(backoff(40, 1000, 0.0));
    let (seen, task) = spawn_watcher(&h, config);
    h.proxy.until_used(WAIT).await;
    h.write_step(1).await;
    until_caught_up(&h, &seen).await;
    task.abort();

    assert_eq!(lock(&seen).inits, 1);
    let watches = times(&h, fault_support::Seen::is_watch);
    assert_eq!(watches.len(), 5, "{:?}", h.proxy.seen());
    let gaps = gaps_ms(&watches);
    for (gap, want) in gaps.iter().zip([40u128, 80, 160, 320]) {
        assert!(*gap >= want * 9 / 10 && *gap < want + 1000, "watches {gaps:?} ms apart, want about 40, 80, 160, 320");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_errors_back_off_exponentially_and_progress_resets_the_backoff() {
    let h = Harness::start().await;
    h.write_step(0).await;
    h.proxy.inject(Match::watches(), Fault::internal_error(), 3);
    let config = WatcherConfig::default().backoff(backoff(100, 2000, 0.5));
    let (seen, task) = spawn_watcher(&h, config);
    h.proxy.until_used(WAIT).await;
    h.write_step(1).await;
    until_caught_up(&h, &seen).await;
    let failed = times(&h, fault_support::Seen::is_watch);
    assert_eq!(failed.len(), 4, "{:?}", h.proxy.seen());
    // Each wait is the back-off stretched by up to half of itself (jitter 0.5).
    let gaps = gaps_ms(&failed);
    for (gap, want) in gaps.iter().zip([100u128, 200, 400]) {
        assert!(
            *gap >= want * 9 / 10 && *gap < want * 3 / 2 + 1000,
            "retries {gaps:?} ms apart, want 100, 200, 400 + jitter"
        );
    }

    // An event arrived, so the next failure waits the initial back-off again (100..150 ms, where
    // without the reset it would wait 800..1200 ms).
    h.proxy.inject(Match::watches(), Fault::internal_error(), 1);
    h.proxy.inject(Match::watches(), Fault::CutAfterEvents { events: 0, reset: false }, 1);
    let before = h.proxy.seen().len();
    // End the open watch: the next watch fails, the one after is cut at once, then a good one.
    h.api.close_watches();
    h.proxy.until_used(WAIT).await;
    h.write_step(2).await;
    until_caught_up(&h, &seen).await;
    task.abort();
    let later: Vec<_> = h.proxy.seen()[before..].iter().filter(|s| s.is_watch()).map(|s| s.at).collect();
    let gaps = gaps_ms(&later);
    assert_eq!(gaps.len(), 2, "{:?}", h.proxy.seen());
    assert!(gaps[0] >= 90 && gaps[0] < 600, "after progress the back-off starts at 100 ms again: {gaps:?}");
    assert!(gaps[1] >= 180 && gaps[1] < 1300, "then doubles: {gaps:?}");
    assert_eq!(lock(&seen).errors.len(), 5, "{:?}", lock(&seen).errors);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_slower_than_the_request_timeout_fails_and_is_retried() {
    let h = Harness::start_with(|c| c.timeout = Some(Duration::from_millis(300))).await;
    for i in 0..3 {
        h.write_step(i).await;
    }
    h.proxy.inject(Match::lists("/configmaps"), Fault::Delay(Duration::from_millis(800)), 1);
    let config = WatcherConfig::default().backoff(backoff(20, 100, 0.0));
    let (seen, task) = spawn_watcher(&h, config);
    h.proxy.until_used(WAIT).await;
    until_caught_up(&h, &seen).await;
    h.write_step(3).await;
    until_caught_up(&h, &seen).await;
    task.abort();
    let s = lock(&seen);
    assert_eq!(s.errors.len(), 1, "{:?}", s.errors);
    assert!(s.errors[0].contains("300ms"), "a timeout naming the limit: {}", s.errors[0]);
}
