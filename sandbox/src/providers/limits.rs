//! Rate limits: a fixed window per key (an account, or an account and a class of endpoints),
//! optionally followed by a block once exceeded, as Gearment does.
use super::state::Inner;

pub struct Window {
    start_ms: i64,
    count: u32,
    blocked_until_ms: i64,
}

/// A provider's limit on one key.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: u32,
    pub window_ms: i64,
    /// How long a key is refused once it went over; 0 means until the window ends.
    pub block_ms: i64,
}

/// Where a key stands after a call was let through, for `x-ratelimit-*` headers.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    pub limit: u32,
    pub remaining: u32,
    /// Seconds until the window starts again.
    pub reset_secs: u64,
}

/// Counts one call against `key`; `Err` carries the seconds to wait.
pub fn take(inner: &mut Inner, key: String, limit: Limit, now_ms: i64) -> Result<Standing, u64> {
    if !inner.rate_limits {
        return Ok(Standing {
            limit: limit.max,
            remaining: limit.max,
            reset_secs: 0,
        });
    }
    let w = inner.windows.entry(key).or_insert(Window {
        start_ms: now_ms,
        count: 0,
        blocked_until_ms: 0,
    });
    if now_ms < w.blocked_until_ms {
        return Err(secs_until(now_ms, w.blocked_until_ms));
    }
    if now_ms - w.start_ms >= limit.window_ms {
        w.start_ms = now_ms;
        w.count = 0;
    }
    let window_end = w.start_ms + limit.window_ms;
    if w.count >= limit.max {
        if limit.block_ms > 0 {
            w.blocked_until_ms = now_ms + limit.block_ms;
            return Err(secs_until(now_ms, w.blocked_until_ms));
        }
        return Err(secs_until(now_ms, window_end));
    }
    w.count += 1;
    Ok(Standing {
        limit: limit.max,
        remaining: limit.max - w.count,
        reset_secs: secs_until(now_ms, window_end),
    })
}

/// Whole seconds from `now` to `until`, at least 1.
fn secs_until(now_ms: i64, until_ms: i64) -> u64 {
    let ms = (until_ms - now_ms).max(1);
    u64::try_from(ms.div_euclid(1000) + i64::from(ms % 1000 != 0)).unwrap_or(1)
}
