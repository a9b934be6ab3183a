//! The reflector and the shared informer under network faults, through a fault-injecting proxy in front of the test server: their cache ends in the server's state, the reflector's history is the server's with nothing lost or repeated, and handlers see every object's versions in order, each once.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use kapi_api::core::v1::ConfigMap;
use kapi_client::informer::{HandlerFns, InformerConfig, SharedInformer};
use kapi_client::reflector::{Backoff, Reflector, ReflectorConfig, ReflectorError, ReflectorSink};

use crate::fault_support;

use fault_support::harness::{Change, Harness, State, Step, WAIT, Write, check_history, rv_of};
use fault_support::{Fault, Match, within};

/// A sink that records what the reflector hands it.
#[derive(Default)]
struct Recorder {
    steps: Mutex<Vec<Step>>,
    errors: Mutex<Vec<String>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn write(change: Change, o: &ConfigMap) -> Write {
    Write { change, name: o.metadata.name.clone(), rv: rv_of(&o.metadata) }
}

impl ReflectorSink<ConfigMap> for Recorder {
    fn on_list(&self, items: Vec<ConfigMap>, _resource_version: String) {
        let state = items.iter().map(|o| (o.metadata.name.clone(), rv_of(&o.metadata))).collect();
        lock(&self.steps).push(Step::List(state));
    }
    fn on_upsert(&self, obj: ConfigMap) {
        lock(&self.steps).push(Step::Event(write(Change::Apply, &obj)));
    }
    fn on_delete(&self, obj: ConfigMap) {
        lock(&self.steps).push(Step::Event(write(Change::Delete, &obj)));
    }
    fn on_bookmark(&self, _resource_version: String) {}
    fn on_error(&self, error: &ReflectorError) {
        lock(&self.errors).push(error.to_string());
    }
}

fn fast_backoff() -> Backoff {
    Backoff { initial: Duration::from_millis(20), max: Duration::from_millis(80), factor: 2.0, jitter: 0.5 }
}

/// Waits until `history` is the server's, failing with the checker's finding otherwise.
async fn until_history_matches(h: &Harness, history: impl Fn() -> Vec<Step>) {
    let outcome = tokio::time::timeout(WAIT, async {
        while check_history(&h.writes(), &history()).is_err() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    if outcome.is_err() {
        let err = check_history(&h.writes(), &history()).unwrap_err();
        panic!("never caught up: {err}\nwrites: {:?}\nseen: {:?}", h.writes(), history());
    }
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reflector_heals_cut_watches_and_expired_versions_without_loss_or_repeats() {
    let h = Harness::start().await;
    for i in 0..4 {
        h.write_step(i).await;
    }
    let lists = || Match::lists("/configmaps");
    h.proxy.inject(lists(), Fault::CutBody { after: 120, reset: true }, 1);
    h.proxy.inject(lists(), Fault::internal_error(), 1);
    let watches = Match::watches;
    h.proxy.inject(watches(), Fault::CutAfterEvents { events: 1, reset: false }, 1);
    h.proxy.inject(watches(), Fault::CutBody { after: 60, reset: false }, 1);
    h.proxy.inject(watches(), Fault::expired(), 1);
    h.proxy.inject(watches(), Fault::CutAfterEvents { events: 3, reset: true }, 1);
    h.proxy.inject(watches(), Fault::EndAfterEvents { events: 2 }, 1);
    h.proxy.inject(watches(), Fault::unavailable(None), 1);
    h.proxy.inject(watches(), Fault::Delay(Duration::from_millis(100)), 1);
    let recorder = Arc::new(Recorder::default());
    let config = ReflectorConfig { page_size: Some(2), backoff: fast_backoff(), ..Default::default() };
    let reflector = Reflector::new(h.proxied(), recorder.clone(), config);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(reflector.run(async move {
        let _ = stopped.await;
    }));

    write_through_faults(&h, 4, 25).await;
    until_history_matches(&h, || lock(&recorder.steps).clone()).await;
    let _ = stop.send(());
    within(WAIT, task).await.expect("the reflector task ends");

    let steps = lock(&recorder.steps).clone();
    let lists = steps.iter().filter(|s| matches!(s, Step::List(_))).count();
    assert_eq!(lists, 2, "one list, one relist after the 410: {steps:?}");
    assert!(lock(&recorder.errors).len() >= 5, "{:?}", lock(&recorder.errors));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_watch_list_falls_back_to_a_list() {
    let h = Harness::start().await;
    for i in 0..4 {
        h.write_step(i).await;
    }
    // The watch list (`sendInitialEvents=true`) is cut inside its initial events.
    h.proxy.inject(
        Match::watches().containing("sendInitialEvents=true"),
        Fault::CutAfterEvents { events: 2, reset: false },
        1,
    );
    let recorder = Arc::new(Recorder::default());
    let config = ReflectorConfig { use_watch_list: true, backoff: fast_backoff(), ..Default::default() };
    let reflector = Reflector::new(h.proxied(), recorder.clone(), config);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(reflector.run(async move {
        let _ = stopped.await;
    }));
    h.proxy.until_used(WAIT).await;
    write_through_faults(&h, 4, 5).await;
    until_history_matches(&h, || lock(&recorder.steps).clone()).await;
    let _ = stop.send(());
    within(WAIT, task).await.expect("the reflector task ends");
    assert_eq!(lock(&recorder.errors).len(), 1, "{:?}", lock(&recorder.errors));
}

/// What a handler was told, per object: `(name, old rv, new rv)`, with 0 for none.
type Notes = Arc<Mutex<Vec<(String, u64, u64)>>>;

fn note_handler(notes: &Notes) -> HandlerFns<ConfigMap> {
    let (a, u, d) = (notes.clone(), notes.clone(), notes.clone());
    HandlerFns::new()
        .on_add(move |o: &Arc<ConfigMap>| lock(&a).push((o.metadata.name.clone(), 0, rv_of(&o.metadata))))
        .on_update(move |old: &Arc<ConfigMap>, new: &Arc<ConfigMap>| {
            lock(&u).push((new.metadata.name.clone(), rv_of(&old.metadata), rv_of(&new.metadata)))
        })
        .on_delete(move |o: &Arc<ConfigMap>| lock(&d).push((o.metadata.name.clone(), rv_of(&o.metadata), 0)))
}

/// Replays a handler's notes: each add is of an object not held, each update starts from the
/// version last told and moves forward, each delete is of an object held (its last version, or
/// the deletion's own later one); the result is the state the handler was led to.
fn replay(notes: &[(String, u64, u64)]) -> Result<State, String> {
    let mut state = State::new();
    for (i, (name, old, new)) in notes.iter().enumerate() {
        let held = state.get(name).copied();
        match (*old, *new) {
            (0, new) if held.is_none() => {
                state.insert(name.clone(), new);
            }
            (old, 0) if held.is_some_and(|h| h <= old) => {
                state.remove(name);
            }
            (old, new) if held == Some(old) && new > old => {
                state.insert(name.clone(), new);
            }
            _ => return Err(format!("note {i} {:?} while the handler held {held:?}", notes[i])),
        }
    }
    Ok(state)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn informer_handlers_see_each_version_once_across_faults_and_a_relist() {
    let h = Harness::start().await;
    for i in 0..4 {
        h.write_step(i).await;
    }
    // An object the write mix never touches, deleted while no watch is open.
    h.write("solo", 0, false).await;
    let config = InformerConfig {
        resync_period: None,
        reflector: ReflectorConfig { page_size: Some(2), backoff: fast_backoff(), ..Default::default() },
    };
    let informer = SharedInformer::new(h.proxied(), config);
    let notes = Notes::default();
    informer.add_handler(note_handler(&notes));
    let errors = Arc::new(Mutex::new(Vec::new()));
    let sink = errors.clone();
    informer.set_error_handler(move |e| lock(&sink).push(e.to_string()));
    informer.start().expect("inside a runtime");
    assert!(within(WAIT, informer.wait_for_sync()).await);

    // Watches cut in several ways while the writes go on. The informer's first watch must be
    // open on the server before it is ended: a request still on its way would miss the close
    // and stay open, and no fault would ever fire.
    within(WAIT, async {
        while h.api.open_watches() == 0 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    })
    .await;
    let watches = Match::watches;
    h.proxy.inject(watches(), Fault::CutAfterEvents { events: 2, reset: false }, 1);
    h.proxy.inject(watches(), Fault::CutBody { after: 30, reset: true }, 1);
    h.proxy.inject(watches(), Fault::internal_error(), 1);
    h.proxy.inject(watches(), Fault::EndAfterEvents { events: 1 }, 1);
    h.api.close_watches();
    let next = write_through_faults(&h, 4, 15).await;

    // No relist so far: the handler heard of every write, one by one, in order. Caught up is
    // the state every write together leaves: the last write alone (a delete of `cm-0`) also
    // matches a handler that has only heard of `cm-0`'s first delete.
    let caught_up = || {
        let mut want = State::new();
        for w in h.writes() {
            match w.change {
                Change::Apply => want.insert(w.name.clone(), w.rv),
                Change::Delete => want.remove(&w.name),
            };
        }
        replay(&lock(&notes)).ok().as_ref() == Some(&want)
    };
    within(WAIT, async {
        while !caught_up() {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    let told: Vec<(String, u64)> = lock(&notes).iter().skip(5).map(|(n, _, new)| (n.clone(), *new)).collect();
    let written: Vec<(String, u64)> =
        h.writes()[5..].iter().map(|w| (w.name.clone(), if w.change == Change::Apply { w.rv } else { 0 })).collect();
    assert_eq!(told.len(), written.len(), "told {told:?}\nwritten {written:?}");
    for ((tn, trv), (wn, wrv)) in told.iter().zip(&written) {
        // A delete note carries the deletion's version: compare names, and versions of applies.
        assert!(tn == wn && (*wrv == 0 || trv == wrv), "told {told:?}\nwritten {written:?}");
    }

    // Now a relist: the next watch is held back while objects change and the history is
    // compacted, so it meets a real 410 and the reflector lists again; the handler must hear
    // of the delete through the relist.
    // The watch open now may still be on its way to the server (the reflector rewatches after
    // the last cut), so the close is repeated until the held-back watch has been asked for;
    // closes after that cannot reach it, as the proxy holds it for 300 ms.
    let before = h.proxy.seen().len();
    h.proxy.inject(watches(), Fault::Delay(Duration::from_millis(300)), 1);
    within(WAIT, async {
        while !h.proxy.seen()[before..].iter().any(|s| s.is_watch() && s.fault.is_some()) {
            h.api.close_watches();
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    h.write("solo", 0, true).await;
    for i in next..next + 3 {
        h.write_step(i).await;
    }
    h.api.compact();
    let server = h.server_state().await;
    within(WAIT, async {
        while replay(&lock(&notes)).ok().as_ref() != Some(&server) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    informer.shutdown().await;

    let state = replay(&lock(&notes)).expect("the handler's notes are consistent");
    assert_eq!(state, h.server_state().await);
    let cache: State = informer.store().list().iter().map(|o| (o.metadata.name.clone(), rv_of(&o.metadata))).collect();
    assert_eq!(cache, state, "the cache is the server's state");
    assert!(lock(&notes).iter().any(|(n, _, new)| n == "solo" && *new == 0), "the delete during the relist was told");
    assert!(lock(&errors).iter().any(|e| e.contains("410") || e.contains("too old")), "{:?}", lock(&errors));
}
