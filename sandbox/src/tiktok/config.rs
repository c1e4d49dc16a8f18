//! What a sandbox instance is configured with, from code or from the `SANDBOX_*` environment.
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Faults injected in front of every API call (not the consent page or `/__sandbox/*`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Faults {
    /// Share of calls answered 500 with `36009003` (0.0 ..= 1.0). `SANDBOX_ERROR_RATE`.
    pub error_rate: f64,
    /// Share of calls answered 429 with `36009002` and `Retry-After`. `SANDBOX_THROTTLE_RATE`.
    pub throttle_rate: f64,
    /// Seconds put in `Retry-After` on injected 429s. `SANDBOX_RETRY_AFTER_SECS`, default 1.
    pub retry_after_secs: u64,
    /// Added to every call. `SANDBOX_LATENCY_MS`.
    pub latency_ms: u64,
    /// When set, an injected 500 on a write happens after the write was applied: the caller
    /// loses the answer, which is exactly what idempotency keys must survive.
    /// `SANDBOX_ERROR_AFTER_WRITE`.
    pub error_after_write: bool,
}

#[derive(Debug, Clone)]
pub struct SandboxConfig {
    pub app_key: String,
    pub app_secret: String,
    /// Identifies the app on the consent link (`service_id`), distinct from the app key.
    /// `SANDBOX_SERVICE_ID`.
    pub service_id: String,
    /// Where the consent page sends the seller back, as registered in Partner Center; the only
    /// place it sends an auth code. A consent link may repeat it as `redirect_uri`; naming any
    /// other address is refused with an error page. Without one, consent is refused.
    /// `SANDBOX_REDIRECT_URL`.
    pub redirect_url: Option<String>,
    pub faults: Faults,
    /// Products created per shop per UTC day; `None` means unlimited. `SANDBOX_DAILY_CREATE_CAP`.
    pub daily_create_cap: Option<u32>,
    /// Requests per second per (app key, path) before answering 429; `None` means no limit.
    /// `SANDBOX_QPS`.
    pub qps_per_path: Option<u32>,
    /// Time a listed product spends in audit (PENDING) before it turns LIVE or FAILED.
    /// `SANDBOX_AUDIT_DELAY_MS`.
    pub audit_delay: Duration,
    /// A title or description containing one of these words fails the audit.
    pub audit_rejected_words: Vec<String>,
    /// Seeds the fault dice and generated data, so a run can be replayed. `SANDBOX_SEED`.
    pub seed: u64,
    pub access_token_ttl: Duration,
    pub refresh_token_ttl: Duration,
    /// Orders generated for every newly authorised shop.
    pub orders_per_shop: usize,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            app_key: "sandbox-app-key".into(),
            app_secret: "sandbox-app-secret".into(),
            service_id: "7000000000000000001".into(),
            redirect_url: None,
            faults: Faults {
                retry_after_secs: 1,
                ..Faults::default()
            },
            daily_create_cap: None,
            qps_per_path: None,
            audit_delay: Duration::from_secs(3),
            audit_rejected_words: vec!["replica".into(), "counterfeit".into(), "knockoff".into()],
            seed: 42,
            access_token_ttl: Duration::from_secs(7 * 24 * 3600),
            refresh_token_ttl: Duration::from_secs(365 * 24 * 3600),
            orders_per_shop: 12,
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{name} is not valid: {reason}")]
pub struct ConfigError {
    pub name: &'static str,
    pub reason: String,
}

impl SandboxConfig {
    /// Defaults overridden by the `SANDBOX_*` variables; `SANDBOX_APP_KEY` and
    /// `SANDBOX_APP_SECRET` set the app credentials the sandbox accepts.
    pub fn from_env() -> Result<SandboxConfig, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<SandboxConfig, ConfigError> {
        let mut c = SandboxConfig::default();
        if let Some(v) = get("SANDBOX_APP_KEY") {
            c.app_key = v;
        }
        if let Some(v) = get("SANDBOX_APP_SECRET") {
            c.app_secret = v;
        }
        if let Some(v) = get("SANDBOX_SERVICE_ID") {
            c.service_id = v;
        }
        if let Some(v) = get("SANDBOX_REDIRECT_URL") {
            c.redirect_url = Some(v);
        }
        c.faults.error_rate = rate(&get, "SANDBOX_ERROR_RATE")?.unwrap_or(0.0);
        c.faults.throttle_rate = rate(&get, "SANDBOX_THROTTLE_RATE")?.unwrap_or(0.0);
        if let Some(v) = number(&get, "SANDBOX_RETRY_AFTER_SECS")? {
            c.faults.retry_after_secs = v;
        }
        c.faults.latency_ms = number(&get, "SANDBOX_LATENCY_MS")?.unwrap_or(0);
        if let Some(v) = get("SANDBOX_ERROR_AFTER_WRITE") {
            c.faults.error_after_write = matches!(v.trim(), "1" | "true" | "yes");
        }
        c.daily_create_cap =
            number(&get, "SANDBOX_DAILY_CREATE_CAP")?.map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        c.qps_per_path = number(&get, "SANDBOX_QPS")?.map(|n| u32::try_from(n).unwrap_or(u32::MAX));
        if let Some(ms) = number(&get, "SANDBOX_AUDIT_DELAY_MS")? {
            c.audit_delay = Duration::from_millis(ms);
        }
        if let Some(seed) = number(&get, "SANDBOX_SEED")? {
            c.seed = seed;
        }
        Ok(c)
    }
}

fn rate(
    get: &impl Fn(&str) -> Option<String>,
    name: &'static str,
) -> Result<Option<f64>, ConfigError> {
    let Some(raw) = get(name) else {
        return Ok(None);
    };
    let value: f64 = raw.trim().parse().map_err(|_| ConfigError {
        name,
        reason: format!("{raw:?} is not a number"),
    })?;
    if !(0.0..=1.0).contains(&value) {
        return Err(ConfigError {
            name,
            reason: format!("{value} is outside 0..=1"),
        });
    }
    Ok(Some(value))
}

fn number(
    get: &impl Fn(&str) -> Option<String>,
    name: &'static str,
) -> Result<Option<u64>, ConfigError> {
    let Some(raw) = get(name) else {
        return Ok(None);
    };
    raw.trim().parse().map(Some).map_err(|_| ConfigError {
        name,
        reason: format!("{raw:?} is not a whole number"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_faults_from_the_environment() {
        let env = |name: &str| match name {
            "SANDBOX_ERROR_RATE" => Some("0.2".to_string()),
            "SANDBOX_THROTTLE_RATE" => Some("0.1".to_string()),
            "SANDBOX_LATENCY_MS" => Some("15".to_string()),
            "SANDBOX_DAILY_CREATE_CAP" => Some("500".to_string()),
            _ => None,
        };
        let c = SandboxConfig::from_lookup(env).expect("valid");
        assert_eq!(c.faults.error_rate, 0.2);
        assert_eq!(c.faults.throttle_rate, 0.1);
        assert_eq!(c.faults.latency_ms, 15);
        assert_eq!(c.daily_create_cap, Some(500));
        assert_eq!(c.app_key, "sandbox-app-key");
    }

    #[test]
    fn rejects_a_rate_above_one() {
        let env = |name: &str| (name == "SANDBOX_ERROR_RATE").then(|| "1.5".to_string());
        assert!(SandboxConfig::from_lookup(env).is_err());
    }
}
