//! The signed transport: common parameters, signing, the access-token header, `shop_cipher`,
//! timeouts, a per-shop rate limit, bounded retries honouring `Retry-After`, and the envelope.
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use rand::Rng;
use reqwest::{Method, StatusCode, header};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::{TiktokError, from_code};
use super::signing::sign;

/// Where and how the client talks to TikTok Shop.
#[derive(Debug, Clone)]
pub struct TiktokConfig {
    pub app_key: String,
    pub app_secret: String,
    /// The app's `service_id` in Partner Center, used on the consent link (not the app key).
    pub service_id: String,
    /// Open API host, default `https://open-api.tiktokglobalshop.com`.
    pub api_base: String,
    /// Token host, default `https://auth.tiktok-shops.com`.
    pub auth_base: String,
    /// Consent host, default `https://services.us.tiktokshop.com` (US sellers).
    pub consent_base: String,
    /// Whole-request timeout.
    pub timeout: Duration,
    pub connect_timeout: Duration,
    /// Retries after the first try, on 429, 5xx and transport failures.
    pub max_retries: u32,
    /// A suggested wait longer than this is not slept here: the error goes back to the caller
    /// (a job reschedules itself instead of holding a worker).
    pub max_retry_wait: Duration,
    /// First backoff when the marketplace gave no `Retry-After`; doubles per retry, with jitter.
    pub backoff: Duration,
    /// Requests per second per shop (and per seller token for calls without a shop).
    pub requests_per_second: u32,
    /// Tokens expiring within this margin are refreshed by [`super::TiktokClient::ensure_fresh`].
    pub refresh_margin: Duration,
    /// Added to the local clock when stamping requests, for hosts whose clock drifts.
    pub clock_offset_secs: i64,
}

impl TiktokConfig {
    pub fn new(app_key: impl Into<String>, app_secret: impl Into<String>) -> TiktokConfig {
        TiktokConfig {
            app_key: app_key.into(),
            app_secret: app_secret.into(),
            service_id: String::new(),
            api_base: "https://open-api.tiktokglobalshop.com".into(),
            auth_base: "https://auth.tiktok-shops.com".into(),
            consent_base: "https://services.us.tiktokshop.com".into(),
            timeout: Duration::from_secs(20),
            connect_timeout: Duration::from_secs(5),
            max_retries: 3,
            max_retry_wait: Duration::from_secs(30),
            backoff: Duration::from_millis(250),
            requests_per_second: 10,
            refresh_margin: Duration::from_secs(24 * 3600),
            clock_offset_secs: 0,
        }
    }

    /// All three hosts at one base URL, as the sandbox serves them.
    pub fn with_base_url(mut self, base: &str) -> TiktokConfig {
        let base = base.trim_end_matches('/').to_string();
        self.api_base = base.clone();
        self.auth_base = base.clone();
        self.consent_base = base;
        self
    }
}

/// Which failures a request may be sent again after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Retry {
    /// Reads and writes that are safe to repeat (PUT, batch state changes, creates that carry
    /// an idempotency key).
    Always,
    /// A create without an idempotency key: a 5xx may have created it, so only throttling,
    /// which guarantees nothing happened, is retried.
    ThrottleOnly,
}

pub(crate) enum Body {
    None,
    Json(Vec<u8>),
    Multipart {
        file: Vec<u8>,
        file_name: String,
        fields: Vec<(String, String)>,
    },
}

pub(crate) struct ApiRequest<'a> {
    pub method: Method,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub body: Body,
    pub access_token: Option<&'a str>,
    pub shop_cipher: Option<&'a str>,
    pub retry: Retry,
}

impl<'a> ApiRequest<'a> {
    pub fn new(method: Method, path: impl Into<String>) -> ApiRequest<'a> {
        ApiRequest {
            method,
            path: path.into(),
            query: Vec::new(),
            body: Body::None,
            access_token: None,
            shop_cipher: None,
            retry: Retry::Always,
        }
    }

    pub fn token(mut self, token: &'a str) -> Self {
        self.access_token = Some(token);
        self
    }

    pub fn shop(mut self, token: &'a str, cipher: &'a str) -> Self {
        self.access_token = Some(token);
        self.shop_cipher = Some(cipher);
        self
    }

    pub fn query(mut self, key: &str, value: impl ToString) -> Self {
        self.query.push((key.to_string(), value.to_string()));
        self
    }

    pub fn query_opt(self, key: &str, value: Option<impl ToString>) -> Self {
        match value {
            Some(v) => self.query(key, v),
            None => self,
        }
    }

    pub fn json<T: serde::Serialize>(mut self, body: &T) -> Result<Self, TiktokError> {
        let bytes = serde_json::to_vec(body)
            .map_err(|e| TiktokError::Config(format!("body not serialisable: {e}")))?;
        self.body = Body::Json(bytes);
        Ok(self)
    }

    pub fn retry(mut self, retry: Retry) -> Self {
        self.retry = retry;
        self
    }
}

#[derive(Deserialize)]
struct Envelope {
    #[serde(default)]
    code: i64,
    #[serde(default)]
    message: String,
    #[serde(default)]
    request_id: String,
    #[serde(default)]
    data: Option<Value>,
}

/// A typed client of the TikTok Shop Open API. Cheap to clone; clones share the connection
/// pool and the rate limiter.
#[derive(Clone)]
pub struct TiktokClient {
    pub(crate) http: reqwest::Client,
    pub(crate) config: Arc<TiktokConfig>,
    limiter: Arc<DefaultKeyedRateLimiter<String>>,
    /// Shipping providers by shop and delivery option: the same few for every order of a shop,
    /// so one write-back in many asks.
    pub(crate) shipping_providers: Arc<super::shipping::ProviderCache>,
}

impl std::fmt::Debug for TiktokClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret stays out of logs.
        f.debug_struct("TiktokClient")
            .field("app_key", &self.config.app_key)
            .field("api_base", &self.config.api_base)
            .finish()
    }
}

enum Attempt<T> {
    Done(Result<T, TiktokError>),
    Again {
        error: TiktokError,
        throttled: bool,
        retry_after: Option<Duration>,
    },
}

impl TiktokClient {
    pub fn new(config: TiktokConfig) -> Result<TiktokClient, TiktokError> {
        if config.app_key.is_empty() || config.app_secret.is_empty() {
            return Err(TiktokError::Config(
                "app_key and app_secret are required".into(),
            ));
        }
        for base in [&config.api_base, &config.auth_base] {
            if base.starts_with("https://") && !cfg!(feature = "tls") {
                return Err(TiktokError::Config(format!(
                    "{base} needs HTTPS: build connectors with the `tls` feature"
                )));
            }
        }
        install_tls_provider();
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .build()
            .map_err(|e| TiktokError::Config(format!("HTTP client: {}", crate::describe(e))))?;
        let per_second =
            NonZeroU32::new(config.requests_per_second.max(1)).unwrap_or(NonZeroU32::MIN);
        let limiter = Arc::new(RateLimiter::keyed(Quota::per_second(per_second)));
        Ok(TiktokClient {
            http,
            config: Arc::new(config),
            limiter,
            shipping_providers: Arc::default(),
        })
    }

    pub fn config(&self) -> &TiktokConfig {
        &self.config
    }

    pub(crate) fn now(&self) -> i64 {
        chrono::Utc::now().timestamp() + self.config.clock_offset_secs
    }

    /// Sends a signed Open API request and returns its `data`, retrying what may be retried.
    pub(crate) async fn call<T: DeserializeOwned>(
        &self,
        req: ApiRequest<'_>,
    ) -> Result<T, TiktokError> {
        let url = format!("{}{}", self.config.api_base, req.path);
        let limit_key = match (req.shop_cipher, req.access_token) {
            (Some(cipher), _) => format!("shop:{cipher}"),
            (None, Some(token)) => format!("seller:{}", token.get(..16).unwrap_or(token)),
            (None, None) => "app".to_string(),
        };
        let mut attempt = 0u32;
        loop {
            self.limiter.until_key_ready(&limit_key).await;
            let outcome = self.attempt_signed(&url, &req).await;
            match self.next_step(outcome, req.retry, attempt) {
                Ok(value) => return value,
                Err(wait) => {
                    tracing::debug!(path = %req.path, attempt, wait_ms = wait.as_millis() as u64, "retrying TikTok Shop call");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
            }
        }
    }

    /// Sends an unsigned request to the auth host (token get/refresh).
    pub(crate) async fn call_auth<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<T, TiktokError> {
        let url = format!("{}{}", self.config.auth_base, path);
        let mut attempt = 0u32;
        loop {
            let pairs: Vec<(String, String)> = query
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let outcome = match with_query(&url, &pairs) {
                Ok(full) => self.read(path, self.http.get(full).send().await).await,
                Err(e) => Attempt::Done(Err(e)),
            };
            match self.next_step(outcome, Retry::Always, attempt) {
                Ok(value) => return value,
                Err(wait) => {
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
            }
        }
    }

    /// `Ok(result)` to stop, `Err(wait)` to try again after `wait`.
    fn next_step<T>(
        &self,
        outcome: Attempt<T>,
        retry: Retry,
        attempt: u32,
    ) -> Result<Result<T, TiktokError>, Duration> {
        match outcome {
            Attempt::Done(result) => Ok(result),
            Attempt::Again {
                error,
                throttled,
                retry_after,
            } => {
                let allowed = throttled || retry == Retry::Always;
                let too_long = retry_after.is_some_and(|d| d > self.config.max_retry_wait);
                if !allowed || too_long || attempt >= self.config.max_retries {
                    return Ok(Err(error));
                }
                Err(retry_after.unwrap_or_else(|| self.backoff(attempt)))
            }
        }
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

    async fn attempt_signed<T: DeserializeOwned>(
        &self,
        url: &str,
        req: &ApiRequest<'_>,
    ) -> Attempt<T> {
        let mut query = req.query.clone();
        query.push(("app_key".into(), self.config.app_key.clone()));
        query.push(("timestamp".into(), self.now().to_string()));
        if let Some(cipher) = req.shop_cipher {
            query.push(("shop_cipher".into(), cipher.to_string()));
        }
        let signed_body: &[u8] = match &req.body {
            Body::Json(bytes) => bytes,
            Body::None | Body::Multipart { .. } => b"",
        };
        let signature = sign(&self.config.app_secret, &req.path, &query, signed_body);
        query.push(("sign".into(), signature));

        let full = match with_query(url, &query) {
            Ok(full) => full,
            Err(e) => return Attempt::Done(Err(e)),
        };
        let mut builder = self.http.request(req.method.clone(), full);
        if let Some(token) = req.access_token {
            builder = builder.header("x-tts-access-token", token);
        }
        builder = match &req.body {
            Body::None => builder,
            Body::Json(bytes) => builder
                .header(header::CONTENT_TYPE, "application/json")
                .body(bytes.clone()),
            Body::Multipart {
                file,
                file_name,
                fields,
            } => {
                let part =
                    reqwest::multipart::Part::bytes(file.clone()).file_name(file_name.clone());
                let mut form = reqwest::multipart::Form::new().part("data", part);
                for (k, v) in fields {
                    form = form.text(k.clone(), v.clone());
                }
                builder.multipart(form)
            }
        };
        self.read(&req.path, builder.send().await).await
    }

    /// Reads an answer. A transport failure is logged here, by path: its URL (with the query,
    /// which on the token calls holds the app secret and the seller's codes) is never kept.
    async fn read<T: DeserializeOwned>(
        &self,
        path: &str,
        sent: Result<reqwest::Response, reqwest::Error>,
    ) -> Attempt<T> {
        let response = match sent {
            Ok(r) => r,
            Err(e) => {
                let (timed_out, builder) = (e.is_timeout(), e.is_builder());
                let detail = crate::describe(e);
                if builder {
                    tracing::error!(path, error = %detail, "TikTok Shop request could not be built");
                    return Attempt::Done(Err(TiktokError::Config(detail)));
                }
                tracing::warn!(path, error = %detail, "TikTok Shop request failed");
                let reason = if timed_out {
                    format!("timed out: {detail}")
                } else {
                    format!("unreachable: {detail}")
                };
                return Attempt::Again {
                    error: TiktokError::RetryLater {
                        reason,
                        code: None,
                        status: None,
                        retry_after: None,
                    },
                    throttled: false,
                    retry_after: None,
                };
            }
        };
        let status = response.status();
        let retry_after = response
            .headers()
            .get(header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(parse_retry_after);
        let bytes = match response.bytes().await {
            Ok(b) => b,
            Err(e) => {
                return Attempt::Again {
                    error: TiktokError::RetryLater {
                        reason: format!("answer cut short: {}", crate::describe(e)),
                        code: None,
                        status: Some(status.as_u16()),
                        retry_after: None,
                    },
                    throttled: false,
                    retry_after: None,
                };
            }
        };
        let envelope: Option<Envelope> = serde_json::from_slice(&bytes).ok();
        let throttled = status == StatusCode::TOO_MANY_REQUESTS
            || envelope
                .as_ref()
                .is_some_and(|e| e.code == super::error::codes::TOO_MANY_REQUESTS);
        if throttled || status.is_server_error() {
            let (code, reason) = match &envelope {
                Some(e) => (
                    Some(e.code),
                    format!("HTTP {}: {}", status.as_u16(), e.message),
                ),
                None => (None, format!("HTTP {}", status.as_u16())),
            };
            return Attempt::Again {
                error: TiktokError::RetryLater {
                    reason,
                    code,
                    status: Some(status.as_u16()),
                    retry_after,
                },
                throttled,
                retry_after,
            };
        }
        let Some(envelope) = envelope else {
            return Attempt::Done(Err(TiktokError::Protocol(format!(
                "HTTP {} with a body that is not the JSON envelope",
                status.as_u16()
            ))));
        };
        if envelope.code != 0 {
            let error = from_code(
                envelope.code,
                envelope.message,
                envelope.request_id,
                self.now(),
            );
            if let TiktokError::RetryLater { .. } = error {
                return Attempt::Again {
                    error,
                    throttled: false,
                    retry_after,
                };
            }
            return Attempt::Done(Err(error));
        }
        let data = envelope.data.unwrap_or(Value::Null);
        Attempt::Done(serde_json::from_value(data).map_err(|e| {
            TiktokError::Protocol(format!("data of request {}: {e}", envelope.request_id))
        }))
    }
}

/// `Retry-After` as delay-seconds or an HTTP date; a date in the past means "now".
fn parse_retry_after(value: &str) -> Option<Duration> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = chrono::DateTime::parse_from_rfc2822(value).ok()?;
    let wait = at.timestamp() - chrono::Utc::now().timestamp();
    Some(Duration::from_secs(u64::try_from(wait).unwrap_or(0)))
}

/// Makes rustls' ring provider the process default, which reqwest's HTTPS needs with the
/// `tls` feature. Idempotent; call it before building other reqwest clients in the same
/// process, since the feature applies to all of them.
pub fn install_tls_provider() {
    #[cfg(feature = "tls")]
    {
        // An error only means a provider is already installed, which is what we want.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}

/// `url` with the pairs appended, percent-encoded; the signature covers the decoded values.
fn with_query(url: &str, pairs: &[(String, String)]) -> Result<reqwest::Url, TiktokError> {
    let mut parsed = reqwest::Url::parse(url)
        .map_err(|e| TiktokError::Config(format!("base URL {url}: {e}")))?;
    if !pairs.is_empty() {
        let mut q = parsed.query_pairs_mut();
        for (k, v) in pairs {
            q.append_pair(k, v);
        }
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn https_hosts_need_the_tls_feature() {
        let built = TiktokClient::new(TiktokConfig::new("key", "secret"));
        assert_eq!(built.is_ok(), cfg!(feature = "tls"), "{built:?}");
        let plain = TiktokClient::new(
            TiktokConfig::new("key", "secret").with_base_url("http://127.0.0.1:1"),
        );
        assert!(plain.is_ok());
    }

    #[test]
    fn retry_after_reads_seconds_and_http_dates() {
        assert_eq!(parse_retry_after("7"), Some(Duration::from_secs(7)));
        let later = chrono::Utc::now() + chrono::Duration::seconds(90);
        let parsed = parse_retry_after(&later.to_rfc2822()).expect("a date");
        assert!(
            parsed <= Duration::from_secs(90) && parsed >= Duration::from_secs(85),
            "{parsed:?}"
        );
        assert_eq!(parse_retry_after("soon"), None);
    }
}
