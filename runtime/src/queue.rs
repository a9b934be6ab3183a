//! The work queue controllers take keys from, with client-go's `workqueue` semantics: a key is
//! queued at most once however often it is added, is never handed to two workers at once (added
//! while being processed, it is queued again when the worker is done), can be added after a delay,
//! and can be retried through a rate limiter.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

use crate::rate_limit::{RateLimiter, default_controller_rate_limiter};

/// A key due at a time; ordered by time, then by when it was added (never by key).
struct Deadline<K> {
    when: Instant,
    seq: u64,
    key: K,
}

impl<K> PartialEq for Deadline<K> {
    fn eq(&self, other: &Self) -> bool {
        (self.when, self.seq) == (other.when, other.seq)
    }
}

impl<K> Eq for Deadline<K> {}

impl<K> PartialOrd for Deadline<K> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<K> Ord for Deadline<K> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.when, self.seq).cmp(&(other.when, other.seq))
    }
}

struct State<K> {
    queue: VecDeque<K>,
    /// Keys that need processing: queued, or added again while being processed.
    dirty: HashSet<K>,
    processing: HashSet<K>,
    /// Keys waiting for a delay, with the earliest time each is due.
    waiting: HashMap<K, Instant>,
    /// The same deadlines in time order; entries whose time no longer matches `waiting` are stale.
    deadlines: BinaryHeap<Reverse<Deadline<K>>>,
    seq: u64,
    shut_down: bool,
}

impl<K: Eq + Hash + Clone> State<K> {
    fn add(&mut self, key: K) -> bool {
        if self.shut_down || self.dirty.contains(&key) {
            return false;
        }
        self.dirty.insert(key.clone());
        if self.processing.contains(&key) {
            return false;
        }
        self.queue.push_back(key);
        true
    }

    /// Moves the keys whose delay has passed into the queue; the next deadline still ahead.
    fn promote(&mut self, now: Instant) -> Option<Instant> {
        while let Some(Reverse(next)) = self.deadlines.peek() {
            if self.waiting.get(&next.key) != Some(&next.when) {
                self.deadlines.pop();
                continue;
            }
            if next.when > now {
                return Some(next.when);
            }
            let Some(Reverse(Deadline { key, .. })) = self.deadlines.pop() else { break };
            self.waiting.remove(&key);
            self.add(key);
        }
        None
    }
}

/// A deduplicating, delaying, rate-limited queue of keys, shared by a controller's workers.
pub struct WorkQueue<K> {
    state: Mutex<State<K>>,
    limiter: Mutex<Box<dyn RateLimiter<K>>>,
    notify: Notify,
}

impl<K> std::fmt::Debug for WorkQueue<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = self.lock();
        f.debug_struct("WorkQueue")
            .field("queued", &s.queue.len())
            .field("processing", &s.processing.len())
            .field("waiting", &s.waiting.len())
            .field("shut_down", &s.shut_down)
            .finish()
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> Default for WorkQueue<K> {
    fn default() -> Self {
        WorkQueue::new(Box::new(default_controller_rate_limiter()))
    }
}

impl<K> WorkQueue<K> {
    fn lock(&self) -> MutexGuard<'_, State<K>> {
        // Nothing user-written runs under the lock; a poisoned one still holds whole state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn limiter(&self) -> MutexGuard<'_, Box<dyn RateLimiter<K>>> {
        self.limiter.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> WorkQueue<K> {
    /// An empty queue retrying through `limiter`.
    pub fn new(limiter: Box<dyn RateLimiter<K>>) -> Self {
        WorkQueue {
            state: Mutex::new(State {
                queue: VecDeque::new(),
                dirty: HashSet::new(),
                processing: HashSet::new(),
                waiting: HashMap::new(),
                deadlines: BinaryHeap::new(),
                seq: 0,
                shut_down: false,
            }),
            limiter: Mutex::new(limiter),
            notify: Notify::new(),
        }
    }

    /// Retries through `limiter` from now on (failures counted so far are forgotten).
    pub fn set_rate_limiter(&self, limiter: Box<dyn RateLimiter<K>>) {
        *self.limiter() = limiter;
    }

    /// Queues `key` unless it is queued already (or, while it is processed, once it is done).
    pub fn add(&self, key: K) {
        if self.lock().add(key) {
            self.notify.notify_one();
        }
    }

    /// Queues `key` after `delay`; a key already waiting keeps the earlier of the two times.
    pub fn add_after(&self, key: K, delay: Duration) {
        if delay.is_zero() {
            return self.add(key);
        }
        let when = Instant::now() + delay;
        let mut s = self.lock();
        if s.shut_down {
            return;
        }
        if s.waiting.get(&key).is_some_and(|t| *t <= when) {
            return;
        }
        s.waiting.insert(key.clone(), when);
        s.seq += 1;
        let seq = s.seq;
        s.deadlines.push(Reverse(Deadline { when, seq, key }));
        drop(s);
        // A worker asleep until a later deadline must wake to sleep until this one.
        self.notify.notify_waiters();
        self.notify.notify_one();
    }

    /// Queues `key` after the wait its rate limiter gives (one more failure of it).
    pub fn add_rate_limited(&self, key: K) {
        let delay = self.limiter().when(&key);
        self.add_after(key, delay);
    }

    /// Forgets `key`'s failures: its next retry waits the shortest time again.
    pub fn forget(&self, key: &K) {
        self.limiter().forget(key);
    }

    /// How many times `key` was retried since it was last forgotten.
    pub fn num_requeues(&self, key: &K) -> u32 {
        self.limiter().num_requeues(key)
    }

    /// The next key to process, waiting for one; `None` once the queue is shut down. The
    /// caller owns the key until it calls [`done`](Self::done).
    pub async fn get(&self) -> Option<K> {
        loop {
            let notified = self.notify.notified();
            tokio::pin!(notified);
            // Registered before the state is read, so no add between the read and the wait is missed.
            notified.as_mut().enable();
            let next_deadline = {
                let mut s = self.lock();
                if s.shut_down {
                    return None;
                }
                let next = s.promote(Instant::now());
                if let Some(key) = s.queue.pop_front() {
                    s.dirty.remove(&key);
                    s.processing.insert(key.clone());
                    return Some(key);
                }
                next
            };
            match next_deadline {
                Some(when) => {
                    tokio::select! {
                        _ = &mut notified => {}
                        _ = tokio::time::sleep_until(when) => {}
                    }
                }
                None => notified.await,
            }
        }
    }

    /// Marks `key` processed; if it was added meanwhile it is queued again.
    pub fn done(&self, key: &K) {
        let mut s = self.lock();
        s.processing.remove(key);
        if s.dirty.contains(key) && !s.shut_down {
            s.queue.push_back(key.clone());
            drop(s);
            self.notify.notify_one();
        }
    }

    /// Stops handing out keys: [`get`](Self::get) returns `None` from now on and adds are
    /// ignored. Keys being processed can still be marked done.
    pub fn shut_down(&self) {
        self.lock().shut_down = true;
        self.notify.notify_waiters();
    }

    /// Whether [`shut_down`](Self::shut_down) was called.
    pub fn is_shut_down(&self) -> bool {
        self.lock().shut_down
    }

    /// The number of keys queued and ready (not waiting for a delay, not being processed).
    pub fn len(&self) -> usize {
        self.lock().queue.len()
    }

    /// Whether no key is ready.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of keys waiting for a delay.
    pub fn waiting(&self) -> usize {
        self.lock().waiting.len()
    }

    /// The number of keys handed out and not yet done.
    pub fn processing(&self) -> usize {
        self.lock().processing.len()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn queue() -> WorkQueue<&'static str> {
        WorkQueue::default()
    }

    #[tokio::test(start_paused = true)]
    async fn keys_are_deduplicated_and_kept_in_order() {
        let q = queue();
        for k in ["a", "b", "a", "c", "b"] {
            q.add(k);
        }
        assert_eq!(q.len(), 3);
        assert_eq!(q.get().await, Some("a"));
        assert_eq!(q.get().await, Some("b"));
        assert_eq!(q.get().await, Some("c"));
        assert!(q.is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn a_key_being_processed_is_not_handed_out_again_until_done() {
        let q = queue();
        q.add("a");
        assert_eq!(q.get().await, Some("a"));
        q.add("a");
        q.add("a");
        assert!(q.is_empty(), "not queued while processed");
        let second = tokio::time::timeout(Duration::from_secs(60), q.get()).await;
        assert!(second.is_err(), "no second worker gets it");
        q.done(&"a");
        assert_eq!(q.len(), 1, "queued once again after done");
        assert_eq!(q.get().await, Some("a"));
        q.done(&"a");
        assert!(q.is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn add_after_waits_and_keeps_the_earliest_time() {
        let q = Arc::new(queue());
        let start = Instant::now();
        q.add_after("a", Duration::from_secs(10));
        q.add_after("a", Duration::from_secs(30));
        q.add_after("b", Duration::from_secs(5));
        assert_eq!(q.waiting(), 2);
        assert_eq!(q.get().await, Some("b"));
        let at = start.elapsed();
        assert!(at >= Duration::from_secs(5) && at < Duration::from_secs(6), "{at:?}");
        assert_eq!(q.get().await, Some("a"));
        let at = start.elapsed();
        assert!(at >= Duration::from_secs(10) && at < Duration::from_secs(11), "{at:?}");
        // The later time was dropped: nothing more comes.
        assert!(tokio::time::timeout(Duration::from_secs(60), q.get()).await.is_err());
    }

    #[tokio::test(start_paused = true)]
    async fn an_earlier_deadline_wakes_a_sleeping_worker() {
        let q = Arc::new(queue());
        q.add_after("late", Duration::from_secs(100));
        let worker = {
            let q = q.clone();
            tokio::spawn(async move { (q.get().await, Instant::now()) })
        };
        tokio::task::yield_now().await;
        let start = Instant::now();
        q.add_after("soon", Duration::from_secs(1));
        let (key, at) = worker.await.expect("the worker does not panic");
        assert_eq!(key, Some("soon"));
        assert!(at - start >= Duration::from_secs(1) && at - start < Duration::from_secs(2));
    }

    #[tokio::test(start_paused = true)]
    async fn rate_limited_retries_back_off_per_key_and_forget_resets() {
        let q = queue();
        let mut waits = Vec::new();
        for _ in 0..6 {
            let start = Instant::now();
            q.add_rate_limited("a");
            assert_eq!(q.get().await, Some("a"));
            waits.push(start.elapsed());
            q.done(&"a");
        }
        // 5 ms doubling: each wait at least the back-off and less than twice it.
        for (i, w) in waits.iter().enumerate() {
            let want = Duration::from_millis(5 << i);
            assert!(*w >= want && *w < want * 2, "retry {i}: {w:?} for {want:?}");
        }
        assert_eq!(q.num_requeues(&"a"), 6);
        q.forget(&"a");
        let start = Instant::now();
        q.add_rate_limited("a");
        assert_eq!(q.get().await, Some("a"));
        assert!(start.elapsed() < Duration::from_millis(10));
    }

    #[tokio::test(start_paused = true)]
    async fn shut_down_releases_waiting_workers_and_ignores_adds() {
        let q = Arc::new(queue());
        let worker = {
            let q = q.clone();
            tokio::spawn(async move { q.get().await })
        };
        tokio::task::yield_now().await;
        q.shut_down();
        assert_eq!(worker.await.expect("the worker does not panic"), None);
        q.add("a");
        assert!(q.is_empty());
        assert_eq!(q.get().await, None);
    }
}
