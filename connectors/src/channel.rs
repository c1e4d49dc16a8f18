//! What the Amazon and Walmart connectors share: what a caller does with a failure, and rate
//! limits learned from the marketplaces' reply headers.
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::Rng;

/// What a job does with a marketplace failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disposition {
    /// Try again after a backoff, spending an attempt (outage, 5xx, timeout, bad answer).
    Retry,
    /// An upstream limit: run again after this wait without spending an attempt.
    Reschedule(Duration),
    /// A final answer (rejection, lost authorisation, misconfiguration): record the message.
    Permanent,
}

/// Token buckets per key (seller × operation), shaped by what the marketplace said: its rate
/// (`x-amzn-RateLimit-Limit`), its remaining tokens and next refill (`x-current-token-count`,
/// `x-next-replenish-time`), and its 429s. Until a key has been answered once, the
/// operation's documented plan applies.
///
/// A slot is reserved before sending (the count may go below zero, so concurrent callers
/// queue instead of all going at once), which keeps a client under the limit rather than
/// finding it by 429s.
#[derive(Default)]
pub struct LearnedLimits {
    keys: Mutex<HashMap<String, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    at: Instant,
    blocked_until: Option<Instant>,
}

impl Bucket {
    fn refill(&mut self, now: Instant) {
        // `at` may lie ahead: the marketplace named when the next token comes.
        if now <= self.at {
            return;
        }
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.rate).min(self.burst);
        self.at = now;
    }
}

impl LearnedLimits {
    pub fn new() -> LearnedLimits {
        LearnedLimits::default()
    }

    fn with<T>(&self, key: &str, plan: (f64, f64), f: impl FnOnce(&mut Bucket, Instant) -> T) -> T {
        let now = Instant::now();
        let mut keys = self.keys.lock().unwrap_or_else(|p| p.into_inner());
        let bucket = keys.entry(key.to_owned()).or_insert(Bucket {
            rate: plan.0.max(1e-6),
            burst: plan.1.max(1.0),
            tokens: plan.1.max(1.0),
            at: now,
            blocked_until: None,
        });
        bucket.refill(now);
        f(bucket, now)
    }

    /// Reserves the next slot of `key` and answers how long to wait before using it.
    pub fn reserve(&self, key: &str, plan: (f64, f64)) -> Duration {
        self.with(key, plan, |b, now| {
            let blocked = b
                .blocked_until
                .map(|until| until.saturating_duration_since(now))
                .unwrap_or_default();
            b.tokens -= 1.0;
            let refill = if b.tokens >= 0.0 {
                Duration::ZERO
            } else {
                Duration::from_secs_f64((-b.tokens) / b.rate)
            };
            blocked.max(refill)
        })
    }

    /// Waits for the next slot of `key`.
    pub async fn until_ready(&self, key: &str, plan: (f64, f64)) {
        let wait = self.reserve(key, plan);
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
    }

    /// Waits for the next slot of `key` when it comes within `longest`; a slot further away is
    /// given back and its wait answered, for the caller to come back then (a job reschedules
    /// rather than holding a worker for minutes: with a plan of a few calls an hour, every
    /// caller queued behind the first ones would otherwise sleep an interval more).
    pub async fn ready_within(
        &self,
        key: &str,
        plan: (f64, f64),
        longest: Duration,
    ) -> Result<(), Duration> {
        let wait = self.reserve(key, plan);
        if wait > longest {
            self.with(key, plan, |b, _| b.tokens = (b.tokens + 1.0).min(b.burst));
            return Err(wait);
        }
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        Ok(())
    }

    /// The marketplace named the rate (requests per second) it applies to `key`.
    pub fn learn_rate(&self, key: &str, plan: (f64, f64), rate: f64) {
        if rate.is_finite() && rate > 0.0 {
            self.with(key, plan, |b, _| b.rate = rate);
        }
    }

    /// The marketplace said how many tokens `key` has left and when the next one comes.
    pub fn learn_remaining(&self, key: &str, plan: (f64, f64), left: f64, next: Option<Duration>) {
        self.with(key, plan, |b, now| {
            match next {
                // Empty: exactly one token is there at the announced time, whatever the
                // rate assumed so far.
                Some(wait) if left < 1.0 => {
                    b.tokens = b.tokens.min(0.0) + 1.0;
                    b.at = now + wait;
                    b.blocked_until = Some(now + wait);
                }
                // The marketplace's count is the truth, up or down.
                _ => {
                    b.tokens = left;
                    b.burst = b.burst.max(left);
                    b.at = now;
                    b.blocked_until = None;
                }
            }
        });
    }

    /// A 429: nothing is left until `wait` has passed, and the burst assumed was too big
    /// (the headers give the rate, never the burst), so it shrinks.
    pub fn throttled(&self, key: &str, plan: (f64, f64), wait: Duration) {
        self.with(key, plan, |b, now| {
            b.burst = (b.burst / 2.0).max(1.0);
            b.tokens = b.tokens.min(0.0) + 1.0;
            b.at = now + wait;
            b.blocked_until = Some(now + wait);
        });
    }

    /// A 429 that named when to come back (Walmart's `x-next-replenish-time`): nothing goes
    /// before then, and what the bucket held is kept, so one spurious 429 does not slow the
    /// key down to its planned refill rate afterwards.
    pub fn hold(&self, key: &str, plan: (f64, f64), wait: Duration) {
        self.with(key, plan, |b, now| {
            b.tokens = b.tokens.max(1.0);
            b.at = now + wait;
            b.blocked_until = Some(now + wait);
        });
    }

    /// How long refilling one token of `key` takes at its current rate.
    pub fn refill_time(&self, key: &str, plan: (f64, f64)) -> Duration {
        self.with(key, plan, |b, _| Duration::from_secs_f64(1.0 / b.rate))
    }
}

/// Exponential backoff with jitter (between half and the full step), capped at 5 s.
pub(crate) fn backoff(first: Duration, attempt: u32) -> Duration {
    let step = first
        .saturating_mul(2u32.saturating_pow(attempt))
        .min(Duration::from_secs(5));
    let half = step / 2;
    let jitter_ms = rand::rng().random_range(0..=half.as_millis().max(1) as u64);
    half + Duration::from_millis(jitter_ms)
}

/// A random UUID (version 4) as text, for correlation ids.
pub(crate) fn uuid_v4() -> String {
    let mut b: [u8; 16] = rand::rng().random();
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

/// A reqwest failure as a "try again" reason, never with the URL.
pub(crate) fn transport_reason(e: reqwest::Error) -> (String, bool) {
    let (timed_out, builder) = (e.is_timeout(), e.is_builder());
    let detail = crate::describe(e);
    let reason = if timed_out {
        format!("timed out: {detail}")
    } else {
        format!("unreachable: {detail}")
    };
    (reason, builder)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_learned_rate_spaces_calls_after_the_burst() {
        let limits = LearnedLimits::new();
        // The plan allows 100 calls a second; the marketplace said 1.
        let plan = (100.0, 2.0);
        // Learned before the burst: a pause of a busy machine between the calls then refills at
        // 1 a second, not at the plan's 100 (one of 1.2 ms took an eighth of the wait).
        limits.learn_rate("k", plan, 1.0);
        assert_eq!(limits.reserve("k", plan), Duration::ZERO);
        assert_eq!(limits.reserve("k", plan), Duration::ZERO);
        // At the plan's rate the third call would wait 10 ms; at the learned one, about a second.
        let wait = limits.reserve("k", plan);
        assert!(wait > Duration::from_millis(500), "{wait:?}");
    }

    #[test]
    fn an_empty_walmart_bucket_waits_for_its_refill_and_no_longer() {
        let limits = LearnedLimits::new();
        // A slow plan: refilling one token would take an hour.
        let plan = (1.0 / 3600.0, 10.0);
        limits.learn_remaining("k", plan, 0.0, Some(Duration::from_secs(3)));
        let wait = limits.reserve("k", plan);
        assert!(
            wait > Duration::from_secs(2) && wait <= Duration::from_secs(3),
            "{wait:?}"
        );
    }

    #[tokio::test]
    async fn a_slot_too_far_away_is_given_back_not_waited_for() {
        let limits = LearnedLimits::new();
        // Two calls an hour: the second caller's slot is half an hour away.
        let plan = (2.0 / 3600.0, 1.0);
        let longest = Duration::from_secs(30);
        assert_eq!(limits.ready_within("k", plan, longest).await, Ok(()));
        let wait = limits
            .ready_within("k", plan, longest)
            .await
            .expect_err("too far");
        assert!(wait > Duration::from_secs(1700), "{wait:?}");
        // Given back: the next caller is not queued behind it.
        let again = limits.reserve("k", plan);
        assert!(again <= wait, "{again:?}");
    }

    #[test]
    fn correlation_ids_look_like_uuids() {
        let id = uuid_v4();
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "4");
    }
}
