//! What the Amazon and Walmart stand-ins share in front of their handlers: the faults they
//! inject (the TikTok stand-in's knobs and scripted queue), token buckets, and the ledger of
//! calls a test reads.
use std::collections::VecDeque;

use rand::Rng;
use rand::rngs::StdRng;
use serde::Serialize;
use serde_json::Value;

pub use crate::tiktok::Faults;

/// A fault queued for the next API call, ahead of the random ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scripted {
    Throttle,
    Error,
    ErrorAfterWrite,
}

/// The faults drawn for one call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Dice {
    pub latency_ms: u64,
    pub throttle: bool,
    /// A 500 before anything happens.
    pub error: bool,
    /// On a write: the write is applied, then answered 500.
    pub error_after_write: bool,
}

/// Draws one call's faults: the scripted queue first, then the configured shares. A scripted
/// error after a write waits for the next write: a read in between (a status poll, a token)
/// neither fails nor uses it up, so a test scripting N lost writes gets N, whatever else runs.
pub fn roll(
    rng: &mut StdRng,
    faults: &Faults,
    scripted: &mut VecDeque<Scripted>,
    write: bool,
) -> Dice {
    let mut dice = Dice {
        latency_ms: faults.latency_ms,
        ..Dice::default()
    };
    let next = match scripted.front() {
        Some(Scripted::ErrorAfterWrite) if !write => None,
        _ => scripted.pop_front(),
    };
    match next {
        Some(Scripted::Throttle) => dice.throttle = true,
        Some(Scripted::Error) if faults.error_after_write => dice.error_after_write = true,
        Some(Scripted::Error) => dice.error = true,
        Some(Scripted::ErrorAfterWrite) => dice.error_after_write = true,
        None => {
            let mut draw = |rate: f64| rate > 0.0 && rng.random_bool(rate.min(1.0));
            if draw(faults.throttle_rate) {
                dice.throttle = true;
            } else if draw(faults.error_rate) {
                if faults.error_after_write {
                    dice.error_after_write = true;
                } else {
                    dice.error = true;
                }
            }
        }
    }
    dice
}

/// A token bucket refilled continuously at `rate` tokens per second up to `burst`.
#[derive(Debug, Clone, Copy)]
pub struct Bucket {
    pub tokens: f64,
    pub at_ms: i64,
}

impl Bucket {
    pub fn full(burst: f64, now_ms: i64) -> Bucket {
        Bucket {
            tokens: burst,
            at_ms: now_ms,
        }
    }

    /// Takes one token; `Err` carries the milliseconds until one is there.
    pub fn take(&mut self, rate: f64, burst: f64, now_ms: i64) -> Result<(), i64> {
        let elapsed = (now_ms - self.at_ms).max(0) as f64 / 1000.0;
        self.tokens = (self.tokens + elapsed * rate).min(burst);
        self.at_ms = now_ms;
        if self.tokens < 1.0 {
            let missing = 1.0 - self.tokens;
            return Err(((missing / rate.max(1e-9)) * 1000.0).ceil() as i64);
        }
        self.tokens -= 1.0;
        Ok(())
    }
}

/// A fault the stand-in injected into a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// An injected 429 (not one earned by spending the bucket: that one is `status` 429 alone).
    Throttle,
    /// An injected 500 before anything happened.
    Error,
    /// The write was applied, then answered 500.
    ErrorAfterWrite,
}

/// One API call the stand-in answered.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CallRecord {
    pub seq: u64,
    /// Unix milliseconds.
    pub at_ms: i64,
    pub method: String,
    /// The path as received, without the query.
    pub path: String,
    /// The marketplace's name of the operation (`putListingsItem`, `getOrders`, `MP_ITEM`…).
    pub operation: String,
    /// The selling partner or client id the credentials named, when they named one.
    pub account: Option<String>,
    pub status: u16,
    pub fault: Option<Fault>,
    /// What the call changed, when it changed something: `listing.create`,
    /// `listing.replace`, `shipment.confirm`, `feed.submit`, `item.create`, `order.ship`, …
    pub effect: Option<String>,
    /// The SKU, order or feed the effect is about.
    pub resource: Option<String>,
}

/// `value` with every object member whose value is `null` removed, recursively: the
/// marketplaces leave out what they have nothing for.
pub fn without_nulls(value: Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, without_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_nulls).collect()),
        other => other,
    }
}

/// `n` random characters from `alphabet`.
pub fn random_chars(rng: &mut StdRng, alphabet: &[u8], n: usize) -> String {
    (0..n)
        .map(|_| alphabet[rng.random_range(0..alphabet.len())] as char)
        .collect()
}

pub const UPPER_DIGITS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
pub const DIGITS: &[u8] = b"0123456789";
pub const HEX: &[u8] = b"0123456789abcdef";

/// Decodes `%XX` escapes of a path segment (a SKU may hold `/`, spaces, `#`…).
pub fn percent_decode(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 3 <= bytes.len()
            && let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_bucket_refills_at_its_rate() {
        let mut b = Bucket::full(2.0, 0);
        assert!(b.take(1.0, 2.0, 0).is_ok());
        assert!(b.take(1.0, 2.0, 0).is_ok());
        assert_eq!(b.take(1.0, 2.0, 0), Err(1000));
        assert!(b.take(1.0, 2.0, 1000).is_ok());
    }

    #[test]
    fn scripted_faults_come_first() {
        let mut rng = StdRng::seed_from_u64(1);
        let mut q = VecDeque::from([Scripted::Throttle, Scripted::ErrorAfterWrite]);
        let f = Faults::default();
        assert!(roll(&mut rng, &f, &mut q, false).throttle);
        // A read leaves the lost write for the next write.
        assert_eq!(roll(&mut rng, &f, &mut q, false), Dice::default());
        assert!(roll(&mut rng, &f, &mut q, true).error_after_write);
        assert_eq!(roll(&mut rng, &f, &mut q, true), Dice::default());
    }
}
