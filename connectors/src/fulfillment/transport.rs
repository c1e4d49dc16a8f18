//! The HTTP under every provider: hosts, timeouts, a rate limit per account, bounded retries
//! honouring `Retry-After`. Provider modules build a [`Call`] and read the [`Answer`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::Rng;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use reqwest::{Method, StatusCode};
use sha2::{Digest, Sha256};

use super::{Account, Provider, ProviderError, Result};
use crate::pace::Pace;

/// Where the providers are and how hard to push them.
#[derive(Debug, Clone)]
pub struct FulfillmentConfig {
    /// Base URL per provider, without a trailing slash (see [`FulfillmentConfig::real`]).
    pub printify: String,
    pub gearment: String,
    /// Merchize serves every seller from its own host: the account's `base_url` wins; this is
    /// the base a sandbox serves tenants under (`{merchize}/{tenant}/bo-api`), empty for real.
    pub merchize: String,
    pub lenful: String,
    /// Lenful serves its order list from a second host (`s-lencam-v3`); the sandbox serves
    /// both under one base.
    pub lenful_v3: String,
    pub hmfulfill: String,
    pub mangotee: String,
    pub timeout: Duration,
    pub connect_timeout: Duration,
    /// Retries after the first try, on 429, 5xx and transport failures.
    pub max_retries: u32,
    /// A suggested wait longer than this is not slept here: the caller reschedules.
    pub max_retry_wait: Duration,
    /// First backoff without `Retry-After`; doubles per retry, with jitter.
    pub backoff: Duration,
    /// Requests a second per account, evenly spaced (no bursts): the providers count in fixed
    /// windows (MangoTee 10 a second, Gearment 100 per 10 s and a minute's block past it,
    /// Printify 600 a minute), and a burst at a window's edge would cross them.
    pub requests_per_second: u32,
}

impl FulfillmentConfig {
    /// The providers' real hosts.
    pub fn real() -> FulfillmentConfig {
        FulfillmentConfig {
            printify: "https://api.printify.com".into(),
            gearment: "https://apiv2.gearment.com/integration-handler".into(),
            merchize: String::new(),
            lenful: "https://s-lencam.lenful.com/api".into(),
            lenful_v3: "https://s-lencam-v3.lenful.com/api".into(),
            hmfulfill: "https://api.hmfulfill.com".into(),
            mangotee: "https://v3.mangoteeprints.com/api/public/v1".into(),
            timeout: Duration::from_secs(20),
            connect_timeout: Duration::from_secs(5),
            max_retries: 3,
            max_retry_wait: Duration::from_secs(30),
            backoff: Duration::from_millis(250),
            requests_per_second: 9,
        }
    }

    /// Every provider under one sandbox base: `{base}/printify`, `{base}/gearment`, …
    pub fn sandbox(base: &str) -> FulfillmentConfig {
        let base = base.trim_end_matches('/');
        let at = |p: Provider| format!("{base}/{}", p.slug());
        FulfillmentConfig {
            printify: at(Provider::Printify),
            gearment: at(Provider::Gearment),
            merchize: at(Provider::Merchize),
            lenful: at(Provider::Lenful),
            lenful_v3: at(Provider::Lenful),
            hmfulfill: at(Provider::HmFulfill),
            mangotee: at(Provider::MangoTee),
            ..FulfillmentConfig::real()
        }
    }

    /// Where `provider` is.
    pub fn base(&self, provider: Provider) -> &str {
        match provider {
            Provider::Printify => &self.printify,
            Provider::Gearment => &self.gearment,
            Provider::Merchize => &self.merchize,
            Provider::Lenful => &self.lenful,
            Provider::HmFulfill => &self.hmfulfill,
            Provider::MangoTee => &self.mangotee,
        }
    }
}

/// One request to a provider.
pub(crate) struct Call {
    pub method: Method,
    /// Full URL.
    pub url: String,
    pub query: Vec<(String, String)>,
    pub headers: Vec<(HeaderName, HeaderValue)>,
    pub body: CallBody,
    /// Whether a 5xx or a lost connection may be sent again: reads and creates that carry an
    /// idempotency key may; a create without one may not (it may have been made).
    pub repeatable: bool,
}

pub(crate) enum CallBody {
    None,
    Json(Vec<u8>),
    Form(Vec<(String, String)>),
}

impl Call {
    pub fn new(method: Method, url: String) -> Call {
        Call {
            method,
            url,
            query: Vec::new(),
            headers: Vec::new(),
            body: CallBody::None,
            repeatable: true,
        }
    }

    pub fn query(mut self, name: &str, value: impl ToString) -> Call {
        self.query.push((name.to_owned(), value.to_string()));
        self
    }

    /// A header; a value that is not a valid header (a credential with a newline) is a
    /// configuration error, reported without the value.
    pub fn header(mut self, name: &'static str, value: &str) -> Result<Call> {
        let value = HeaderValue::from_str(value)
            .map_err(|_| ProviderError::Config(format!("the {name} credential is not valid")))?;
        let mut value = value;
        value.set_sensitive(true);
        self.headers.push((HeaderName::from_static(name), value));
        Ok(self)
    }

    pub fn json(mut self, body: &impl serde::Serialize) -> Result<Call> {
        let bytes = serde_json::to_vec(body).map_err(|e| ProviderError::Config(e.to_string()))?;
        self.body = CallBody::Json(bytes);
        Ok(self)
    }

    pub fn form(mut self, fields: Vec<(String, String)>) -> Call {
        self.body = CallBody::Form(fields);
        self
    }

    pub fn not_repeatable(mut self) -> Call {
        self.repeatable = false;
        self
    }
}

/// What came back, for the provider module to read (any status but 429/5xx after retries).
pub(crate) struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn json<T: serde::de::DeserializeOwned>(&self, provider: Provider) -> Result<T> {
        serde_json::from_slice(&self.body).map_err(|e| ProviderError::Protocol {
            provider: provider.display_name(),
            detail: format!("HTTP {}: {e}", self.status.as_u16()),
        })
    }
}

/// One client for every provider and account: cheap to clone.
#[derive(Clone)]
pub struct FulfillmentClient {
    http: reqwest::Client,
    config: Arc<FulfillmentConfig>,
    /// Spacing per account, shared between processes once [`FulfillmentClient::shared_pace`]
    /// is set.
    pace: Arc<Pace>,
    /// Session tokens of the providers that log in (Lenful), by [`account_key`].
    tokens: Arc<Mutex<HashMap<String, String>>>,
    /// One create at a time per account and reference in this process, so two deliveries of
    /// one job cannot both pass the look-up before the create.
    creating: Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>,
}

impl std::fmt::Debug for FulfillmentClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FulfillmentClient").finish_non_exhaustive()
    }
}

impl FulfillmentClient {
    pub fn new(config: FulfillmentConfig) -> Result<FulfillmentClient> {
        crate::tiktok::install_tls_provider();
        let http = reqwest::Client::builder()
            // Printify asks every request to name its client.
            .user_agent(concat!("Sellerdesk/", env!("CARGO_PKG_VERSION")))
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .build()
            .map_err(|e| ProviderError::Config(format!("HTTP client: {}", crate::describe(e))))?;
        Ok(FulfillmentClient {
            http,
            pace: Arc::new(Pace::new(config.requests_per_second)),
            config: Arc::new(config),
            tokens: Arc::default(),
            creating: Arc::default(),
        })
    }

    /// Spaces each account's requests through Redis under `{prefix}:pace:…`, so that every
    /// process calling an account shares its rate.
    pub fn shared_pace(mut self, conn: redis::aio::ConnectionManager, prefix: &str) -> Self {
        self.pace = Arc::new(Pace::new(self.config.requests_per_second).shared(conn, prefix));
        self
    }

    pub fn config(&self) -> &FulfillmentConfig {
        &self.config
    }

    /// The configured base URL of `a`'s provider. Merchize serves each seller from its own
    /// host, which `merchize.rs` checks before any token goes there.
    pub(crate) fn base(&self, a: &Account) -> String {
        self.config.base(a.provider).to_owned()
    }

    /// Sends `call` for account `a`, spacing requests per account and retrying throttling,
    /// 5xx and transport failures (the latter two only when the call is repeatable).
    pub(crate) async fn send(&self, a: &Account, call: &Call) -> Result<Answer> {
        let provider = a.provider.display_name();
        let key = account_key(a);
        let mut attempt = 0u32;
        loop {
            self.pace.until_ready(&key).await;
            let (reason, retry_after, throttled) = match self.once(call).await {
                Ok(answer) if answer.status == StatusCode::TOO_MANY_REQUESTS => (
                    "throttled (429)".to_owned(),
                    retry_after(&answer.headers),
                    true,
                ),
                Ok(answer) if answer.status.is_server_error() => (
                    format!("HTTP {}", answer.status.as_u16()),
                    retry_after(&answer.headers),
                    false,
                ),
                Ok(answer) if answer.status == StatusCode::UNAUTHORIZED => {
                    return Err(ProviderError::Unauthorized(provider));
                }
                Ok(answer) => return Ok(answer),
                Err(reason) => (reason, None, false),
            };
            let allowed = throttled || call.repeatable;
            let too_long = retry_after.is_some_and(|d| d > self.config.max_retry_wait);
            if !allowed || too_long || attempt >= self.config.max_retries {
                return Err(ProviderError::RetryLater {
                    provider,
                    reason,
                    retry_after,
                });
            }
            let wait = retry_after.unwrap_or_else(|| self.backoff(attempt));
            tracing::debug!(provider, attempt, wait_ms = wait.as_millis() as u64, %reason, "retrying provider call");
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    async fn once(&self, call: &Call) -> std::result::Result<Answer, String> {
        let mut url = url::Url::parse(&call.url).map_err(|_| "not a valid base URL".to_owned())?;
        if !call.query.is_empty() {
            url.query_pairs_mut().extend_pairs(&call.query);
        }
        let mut req = self.http.request(call.method.clone(), url);
        for (name, value) in &call.headers {
            req = req.header(name, value);
        }
        req = match &call.body {
            CallBody::None => req,
            CallBody::Json(bytes) => req
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(bytes.clone()),
            CallBody::Form(fields) => req
                .header(
                    reqwest::header::CONTENT_TYPE,
                    "application/x-www-form-urlencoded",
                )
                .body(
                    url::form_urlencoded::Serializer::new(String::new())
                        .extend_pairs(fields)
                        .finish(),
                ),
        };
        let response = req.send().await.map_err(crate::describe)?;
        let status = response.status();
        let headers = response.headers().clone();
        let body = response.bytes().await.map_err(crate::describe)?.to_vec();
        Ok(Answer {
            status,
            headers,
            body,
        })
    }

    /// The cached session token of `a`, if any.
    pub(crate) fn token(&self, a: &Account) -> Option<String> {
        let tokens = self.tokens.lock().unwrap_or_else(|p| p.into_inner());
        tokens.get(&account_key(a)).cloned()
    }

    /// Remembers (or, with `None`, forgets) the session token of `a`.
    pub(crate) fn set_token(&self, a: &Account, token: Option<String>) {
        let mut tokens = self.tokens.lock().unwrap_or_else(|p| p.into_inner());
        match token {
            Some(t) => tokens.insert(account_key(a), t),
            None => tokens.remove(&account_key(a)),
        };
    }

    /// Runs `create` alone among the creates of the same account and reference in this
    /// process.
    pub(crate) async fn one_create<T>(
        &self,
        a: &Account,
        reference: &str,
        create: impl Future<Output = T>,
    ) -> T {
        let key = format!("{}:{reference}", account_key(a));
        let lock = {
            let mut creating = self.creating.lock().unwrap_or_else(|p| p.into_inner());
            creating.entry(key.clone()).or_default().clone()
        };
        let out = {
            let _turn = lock.lock().await;
            create.await
        };
        let mut creating = self.creating.lock().unwrap_or_else(|p| p.into_inner());
        // Two references: the map's and ours. Anyone else waiting holds a third.
        if Arc::strong_count(&lock) <= 2 {
            creating.remove(&key);
        }
        out
    }

    /// Exponential backoff with jitter (between half and the full step), capped at 5 s.
    fn backoff(&self, attempt: u32) -> Duration {
        let step = self
            .config
            .backoff
            .saturating_mul(2u32.saturating_pow(attempt))
            .min(Duration::from_secs(5));
        let half = step / 2;
        let jitter_ms = rand::rng().random_range(0..=half.as_millis().max(1) as u64);
        half + Duration::from_millis(jitter_ms)
    }
}

/// Who an account is, for rate limits and caches: a digest of the provider, the credentials
/// and the host, so no credential is kept as a key and accounts sharing a token prefix (every
/// Printify token starts alike) stay apart.
pub(crate) fn account_key(a: &Account) -> String {
    let mut h = Sha256::new();
    for part in [
        a.provider.slug(),
        &a.api_key,
        a.api_secret.as_deref().unwrap_or(""),
        a.base_url.as_deref().unwrap_or(""),
    ] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    hex::encode(&h.finalize()[..12])
}

/// `Retry-After` in seconds (the providers send seconds, not dates).
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    headers
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64)
}
