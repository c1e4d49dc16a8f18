//! Spacing of requests per account. Within one process a governor limiter does it; when several
//! processes call the same account (the scaled mode's workers), Redis hands out the slots, so
//! that together they stay under the provider's rate instead of each spending it alone.

use std::num::NonZeroU32;
use std::sync::LazyLock;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Reserves the next free slot of an account and answers how long to wait for it, in
/// microseconds. The clock is Redis's, so processes on machines with drifting clocks agree.
/// The key outlives the last slot by a minute, then goes.
static RESERVE: LazyLock<redis::Script> = LazyLock::new(|| {
    redis::Script::new(
        r"
        local t = redis.call('TIME')
        local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
        local free = tonumber(redis.call('GET', KEYS[1]) or '0')
        local at = math.max(now, free)
        redis.call('SET', KEYS[1], string.format('%.0f', at + tonumber(ARGV[1])), 'PX', 60000)
        return math.floor(at - now)
        ",
    )
});

/// Evenly spaced requests per key: `per_second` of them, no bursts.
pub struct Pace {
    local: DefaultKeyedRateLimiter<String>,
    interval: Duration,
    shared: Option<Shared>,
}

struct Shared {
    conn: redis::aio::ConnectionManager,
    prefix: String,
}

impl Pace {
    pub fn new(per_second: u32) -> Pace {
        let per_second = NonZeroU32::new(per_second).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::per_second(per_second).allow_burst(NonZeroU32::MIN);
        Pace {
            local: RateLimiter::keyed(quota),
            interval: Duration::from_secs(1) / per_second.get(),
            shared: None,
        }
    }

    /// Shares the slots through Redis under `{prefix}:pace:{key}`.
    pub fn shared(mut self, conn: redis::aio::ConnectionManager, prefix: &str) -> Pace {
        self.shared = Some(Shared {
            conn,
            prefix: prefix.to_owned(),
        });
        self
    }

    /// Waits for the next slot of `key`. If Redis does not answer, this process paces alone:
    /// an outage of Redis slows nothing down, at worst the provider throttles and we back off.
    pub async fn until_ready(&self, key: &str) {
        if let Some(shared) = &self.shared {
            let mut conn = shared.conn.clone();
            let reserved: Result<i64, redis::RedisError> = RESERVE
                .key(format!("{}:pace:{key}", shared.prefix))
                .arg(self.interval.as_micros() as u64)
                .invoke_async(&mut conn)
                .await;
            match reserved {
                Ok(wait_us) => {
                    if wait_us > 0 {
                        tokio::time::sleep(Duration::from_micros(wait_us as u64)).await;
                    }
                    return;
                }
                Err(e) => {
                    tracing::warn!(kind = ?e.kind(), "shared request pacing unavailable; pacing in this process");
                }
            }
        }
        self.local.until_key_ready(&key.to_owned()).await;
    }
}
