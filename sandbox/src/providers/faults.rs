//! Faults injected in front of the providers' API calls (never the `/__sandbox` control
//! routes): added latency, 429s, 500s before anything happens, and 500s after a write was made.
use rand::Rng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};

/// What one provider (or every provider) injects.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Faults {
    /// Share of calls answered 500 before anything happens (0.0 ..= 1.0).
    pub error_rate: f64,
    /// Share of calls answered with the provider's 429 (with `Retry-After: 1` where the
    /// provider sends one).
    pub throttle_rate: f64,
    /// Share of writes (a create, a cancel, a webhook registration) that are made and then
    /// answered 500: the caller loses the answer, not the effect, so it must not make the
    /// order twice.
    pub fail_after_write_rate: f64,
    /// Added to every call.
    pub latency_ms: u64,
}

impl Faults {
    /// Whether every rate is a share (0.0 ..= 1.0).
    pub fn is_valid(&self) -> bool {
        [
            self.error_rate,
            self.throttle_rate,
            self.fail_after_write_rate,
        ]
        .iter()
        .all(|r| (0.0..=1.0).contains(r))
    }
}

/// The faults drawn for one call.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dice {
    pub latency_ms: u64,
    pub throttle: bool,
    pub error: bool,
    pub fail_after_write: bool,
}

pub fn roll(rng: &mut StdRng, f: &Faults) -> Dice {
    let mut draw = |rate: f64| rate > 0.0 && rng.random_bool(rate.min(1.0));
    let throttle = draw(f.throttle_rate);
    let error = !throttle && draw(f.error_rate);
    let fail_after_write = !throttle && !error && draw(f.fail_after_write_rate);
    Dice {
        latency_ms: f.latency_ms,
        throttle,
        error,
        fail_after_write,
    }
}
