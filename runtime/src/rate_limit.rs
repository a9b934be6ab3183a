//! Rate limiters for work queue retries, as client-go's `workqueue` has them: per-item
//! exponential back-off, a global token bucket, and the maximum of both (the default).

use std::collections::HashMap;
use std::hash::Hash;
use std::time::Duration;

use tokio::time::Instant;

/// Decides how long an item waits before it is retried.
pub trait RateLimiter<K>: Send + 'static {
    /// The wait before `item`'s next retry; counts as one more failure of it.
    fn when(&mut self, item: &K) -> Duration;
    /// Forgets `item`'s failures (it succeeded).
    fn forget(&mut self, item: &K);
    /// How many times `item` has been retried since it was last forgotten.
    fn num_requeues(&self, item: &K) -> u32;
}

/// Per-item exponential back-off: `base * 2^failures`, at most `max` (client-go's
/// `ItemExponentialFailureRateLimiter`).
#[derive(Debug, Clone)]
pub struct ItemExponentialBackoff<K> {
    base: Duration,
    max: Duration,
    failures: HashMap<K, u32>,
}

impl<K: Eq + Hash + Clone> ItemExponentialBackoff<K> {
    /// A back-off from `base` doubling per failure up to `max`.
    pub fn new(base: Duration, max: Duration) -> Self {
        ItemExponentialBackoff { base, max, failures: HashMap::new() }
    }
}

impl<K: Eq + Hash + Clone + Send + 'static> RateLimiter<K> for ItemExponentialBackoff<K> {
    fn when(&mut self, item: &K) -> Duration {
        let failures = self.failures.entry(item.clone()).or_insert(0);
        let exp = *failures;
        *failures = failures.saturating_add(1);
        // 2^exp overflows long before the cap matters at any sane base; anything past 2^62 is
        // the cap already.
        if exp >= 63 {
            return self.max;
        }
        let factor = 1u64 << exp;
        let nanos = u64::try_from(self.base.as_nanos()).unwrap_or(u64::MAX).checked_mul(factor);
        match nanos {
            Some(n) => Duration::from_nanos(n).min(self.max),
            None => self.max,
        }
    }

    fn forget(&mut self, item: &K) {
        self.failures.remove(item);
    }

    fn num_requeues(&self, item: &K) -> u32 {
        self.failures.get(item).copied().unwrap_or(0)
    }
}

/// A token bucket shared by all items: `qps` tokens a second, holding at most `burst`; every
/// retry takes one, waiting for it when the bucket is empty (client-go's `BucketRateLimiter`
/// over `golang.org/x/time/rate`'s reservations).
#[derive(Debug, Clone)]
pub struct TokenBucket {
    qps: f64,
    burst: f64,
    tokens: f64,
    last: Option<Instant>,
}

impl TokenBucket {
    /// A full bucket of `burst` tokens refilled at `qps` a second.
    pub fn new(qps: f64, burst: u32) -> Self {
        let qps = if qps.is_finite() && qps > 0.0 { qps } else { f64::MIN_POSITIVE };
        TokenBucket { qps, burst: f64::from(burst), tokens: f64::from(burst), last: None }
    }

    /// Takes a token (possibly one not there yet) and returns how long until it is there.
    pub fn reserve(&mut self) -> Duration {
        let now = Instant::now();
        if let Some(last) = self.last {
            let refill = now.saturating_duration_since(last).as_secs_f64() * self.qps;
            self.tokens = (self.tokens + refill).min(self.burst);
        }
        self.last = Some(now);
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            // A finite, non-negative number of seconds; capped so a degenerate rate cannot
            // overflow the conversion.
            Duration::from_secs_f64((-self.tokens / self.qps).min(1e9))
        }
    }
}

impl TokenBucket {
    /// Gives back the token of the last reservation (one that was not used).
    pub fn refund(&mut self) {
        self.tokens = (self.tokens + 1.0).min(self.burst);
    }
}

impl<K: Send + 'static> RateLimiter<K> for TokenBucket {
    fn when(&mut self, _item: &K) -> Duration {
        self.reserve()
    }

    fn forget(&mut self, _item: &K) {}

    fn num_requeues(&self, _item: &K) -> u32 {
        0
    }
}

/// The longest wait of several limiters, each consulted every time (client-go's
/// `MaxOfRateLimiter`).
pub struct MaxOf<K> {
    limiters: Vec<Box<dyn RateLimiter<K>>>,
}

impl<K> std::fmt::Debug for MaxOf<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MaxOf").field("limiters", &self.limiters.len()).finish()
    }
}

impl<K: Send + 'static> MaxOf<K> {
    /// The maximum of `limiters`.
    pub fn new(limiters: Vec<Box<dyn RateLimiter<K>>>) -> Self {
        MaxOf { limiters }
    }
}

impl<K: Send + 'static> RateLimiter<K> for MaxOf<K> {
    fn when(&mut self, item: &K) -> Duration {
        self.limiters.iter_mut().map(|l| l.when(item)).max().unwrap_or_default()
    }

    fn forget(&mut self, item: &K) {
        for l in &mut self.limiters {
            l.forget(item);
        }
    }

    fn num_requeues(&self, item: &K) -> u32 {
        self.limiters.iter().map(|l| l.num_requeues(item)).max().unwrap_or(0)
    }
}

/// Per-item back-off from this (client-go's `DefaultControllerRateLimiter`).
pub const DEFAULT_BASE_DELAY: Duration = Duration::from_millis(5);
/// ... up to this.
pub const DEFAULT_MAX_DELAY: Duration = Duration::from_secs(1000);
/// The global bucket's refill rate, tokens a second.
pub const DEFAULT_QPS: f64 = 10.0;
/// The global bucket's size.
pub const DEFAULT_BURST: u32 = 100;

/// client-go's default controller rate limiter: the maximum of a per-item exponential back-off
/// (5 ms doubling to 1000 s) and a global bucket of 10 qps with a burst of 100.
pub fn default_controller_rate_limiter<K: Eq + Hash + Clone + Send + 'static>() -> MaxOf<K> {
    MaxOf::new(vec![
        Box::new(ItemExponentialBackoff::new(DEFAULT_BASE_DELAY, DEFAULT_MAX_DELAY)),
        Box::new(TokenBucket::new(DEFAULT_QPS, DEFAULT_BURST)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_doubles_per_item_and_caps() {
        let mut l = ItemExponentialBackoff::new(Duration::from_millis(5), Duration::from_secs(1000));
        let a = "a".to_string();
        let b = "b".to_string();
        assert_eq!(l.when(&a), Duration::from_millis(5));
        assert_eq!(l.when(&a), Duration::from_millis(10));
        assert_eq!(l.when(&a), Duration::from_millis(20));
        assert_eq!(l.when(&b), Duration::from_millis(5), "items back off independently");
        assert_eq!(l.num_requeues(&a), 3);
        for _ in 0..100 {
            assert!(l.when(&a) <= Duration::from_secs(1000));
        }
        assert_eq!(l.when(&a), Duration::from_secs(1000));
        l.forget(&a);
        assert_eq!(l.num_requeues(&a), 0);
        assert_eq!(l.when(&a), Duration::from_millis(5));
    }

    #[tokio::test(start_paused = true)]
    async fn bucket_allows_the_burst_then_paces_at_the_rate() {
        let mut bucket = TokenBucket::new(10.0, 100);
        for _ in 0..100 {
            assert_eq!(bucket.reserve(), Duration::ZERO);
        }
        // The 101st token is a tenth of a second away, the 110th a whole second.
        let d = bucket.reserve();
        assert!(d > Duration::from_millis(90) && d <= Duration::from_millis(100), "{d:?}");
        for _ in 0..8 {
            bucket.reserve();
        }
        let d = bucket.reserve();
        assert!(d > Duration::from_millis(990) && d <= Duration::from_secs(1), "{d:?}");
        // Time refills it, never beyond the burst.
        tokio::time::advance(Duration::from_secs(3600)).await;
        for _ in 0..100 {
            assert_eq!(bucket.reserve(), Duration::ZERO);
        }
        assert!(bucket.reserve() > Duration::ZERO);
    }

    #[tokio::test(start_paused = true)]
    async fn default_limiter_is_the_maximum_of_both() {
        let mut l = default_controller_rate_limiter::<u32>();
        // One item failing: the exponential back-off dominates while the bucket has tokens.
        let waits: Vec<Duration> = (0..5).map(|_| l.when(&1)).collect();
        assert_eq!(waits, [5, 10, 20, 40, 80].map(Duration::from_millis));
        // Many items failing at once: after the burst the bucket paces them at 10 a second,
        // although each one's own back-off is only 5 ms.
        let waits: Vec<Duration> = (100..300).map(|i| l.when(&i)).collect();
        assert!(waits[..95].iter().all(|d| *d == Duration::from_millis(5)), "{:?}", &waits[..95]);
        let last = waits[199];
        assert!(last >= Duration::from_secs(10) && last <= Duration::from_secs(11), "{last:?}");
        assert_eq!(l.num_requeues(&1), 5);
        l.forget(&1);
        assert_eq!(l.num_requeues(&1), 0);
    }
}
