//! The transport: the client-credentials token (cached per seller, renewed before its 15
//! minutes end and again on a 401), the `WM_*` headers, learned limits, bounded retries and
//! the `errors` envelope.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use reqwest::{Method, StatusCode, header};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::error::WalmartError;
use crate::channel::{LearnedLimits, backoff, transport_reason, uuid_v4};

#[derive(Debug, Clone)]
pub struct WalmartConfig {
    /// Default `https://marketplace.walmartapis.com`.
    pub api_base: String,
    /// Sent as `WM_SVC.NAME`.
    pub service_name: String,
    pub timeout: Duration,
    pub connect_timeout: Duration,
    pub max_retries: u32,
    /// A longer wait (an hourly feed bucket) goes back to the caller to reschedule.
    pub max_retry_wait: Duration,
    pub backoff: Duration,
    /// A cached token this close to its end is renewed before a call.
    pub token_margin: Duration,
}

impl WalmartConfig {
    pub fn new() -> WalmartConfig {
        WalmartConfig {
            api_base: "https://marketplace.walmartapis.com".into(),
            service_name: "Walmart Marketplace".into(),
            timeout: Duration::from_secs(30),
            connect_timeout: Duration::from_secs(5),
            max_retries: 3,
            max_retry_wait: Duration::from_secs(30),
            backoff: Duration::from_millis(250),
            token_margin: Duration::from_secs(60),
        }
    }

    pub fn with_base_url(mut self, base: &str) -> WalmartConfig {
        self.api_base = base.trim_end_matches('/').to_owned();
        self
    }
}

impl Default for WalmartConfig {
    fn default() -> Self {
        WalmartConfig::new()
    }
}

/// A seller's API key pair, as entered in Seller Center's developer portal.
#[derive(Clone, PartialEq, Eq)]
pub struct WalmartCredentials {
    pub client_id: String,
    pub client_secret: String,
}

impl WalmartCredentials {
    pub fn new(client_id: impl Into<String>, client_secret: impl Into<String>) -> Self {
        WalmartCredentials {
            client_id: client_id.into(),
            client_secret: client_secret.into(),
        }
    }
}

impl std::fmt::Debug for WalmartCredentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalmartCredentials")
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

/// An API with its own bucket, and the plan used until the reply headers say otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Api {
    SubmitFeed,
    FeedStatus,
    Items,
    Orders,
    OrderUpdate,
}

impl Api {
    fn name(self) -> &'static str {
        match self {
            Api::SubmitFeed => "feeds.submit",
            Api::FeedStatus => "feeds.status",
            Api::Items => "items",
            Api::Orders => "orders",
            Api::OrderUpdate => "orders.update",
        }
    }

    fn plan(self) -> (f64, f64) {
        match self {
            Api::SubmitFeed => (30.0 / 3600.0, 30.0),
            Api::FeedStatus => (10.0, 100.0),
            Api::Items => (15.0, 300.0),
            Api::Orders | Api::OrderUpdate => (20.0, 200.0),
        }
    }
}

pub(crate) struct Req {
    pub method: Method,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
    pub api: Api,
}

impl Req {
    pub fn new(method: Method, path: impl Into<String>, api: Api) -> Req {
        Req {
            method,
            path: path.into(),
            query: Vec::new(),
            body: None,
            api,
        }
    }

    pub fn query(mut self, key: &str, value: impl ToString) -> Self {
        self.query.push((key.to_owned(), value.to_string()));
        self
    }

    pub fn json<T: serde::Serialize>(mut self, body: &T) -> Result<Self, WalmartError> {
        self.body = Some(
            serde_json::to_vec(body)
                .map_err(|e| WalmartError::Config(format!("body not serialisable: {e}")))?,
        );
        Ok(self)
    }
}

#[derive(Deserialize)]
struct TokenReply {
    access_token: String,
    expires_in: u64,
}

#[derive(Deserialize)]
struct ErrorEnvelope {
    errors: ErrorList,
}

/// The reference's flat list, or the `{"error": [...]}` object some APIs send.
#[derive(Deserialize)]
#[serde(untagged)]
enum ErrorList {
    Flat(Vec<ErrorItem>),
    Nested { error: Vec<ErrorItem> },
}

#[derive(Deserialize)]
struct ErrorItem {
    #[serde(default)]
    code: String,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    info: Option<String>,
    #[serde(default)]
    field: Option<String>,
}

struct CachedToken {
    token: String,
    until: Instant,
}

/// A typed Walmart Marketplace client. Cheap to clone; clones share connections, tokens and
/// learned limits.
#[derive(Clone)]
pub struct WalmartClient {
    http: reqwest::Client,
    config: Arc<WalmartConfig>,
    limits: Arc<LearnedLimits>,
    tokens: Arc<Mutex<HashMap<String, CachedToken>>>,
}

impl std::fmt::Debug for WalmartClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WalmartClient")
            .field("api_base", &self.config.api_base)
            .finish()
    }
}

enum Outcome {
    Done(Result<Vec<u8>, WalmartError>),
    Again(WalmartError, Option<Duration>),
    Unauthorized(WalmartError),
}

impl WalmartClient {
    pub fn new(config: WalmartConfig) -> Result<WalmartClient, WalmartError> {
        if config.api_base.starts_with("https://") && !cfg!(feature = "tls") {
            return Err(WalmartError::Config(format!(
                "{} needs HTTPS: build connectors with the `tls` feature",
                config.api_base
            )));
        }
        crate::tiktok::install_tls_provider();
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .build()
            .map_err(|e| WalmartError::Config(format!("HTTP client: {}", crate::describe(e))))?;
        Ok(WalmartClient {
            http,
            config: Arc::new(config),
            limits: Arc::new(LearnedLimits::new()),
            tokens: Arc::default(),
        })
    }

    /// Asks for a token with these credentials, whatever is cached: how a seller's key pair
    /// is checked when the shop is connected. A wrong pair is
    /// [`WalmartError::CredentialsRefused`].
    pub async fn check_credentials(&self, creds: &WalmartCredentials) -> Result<(), WalmartError> {
        self.new_token(creds).await.map(|_| ())
    }

    /// Forgets the cached token of a seller (after its secret changed, say).
    pub fn forget_token(&self, client_id: &str) {
        self.lock_tokens().remove(client_id);
    }

    fn lock_tokens(&self) -> std::sync::MutexGuard<'_, HashMap<String, CachedToken>> {
        self.tokens.lock().unwrap_or_else(|p| p.into_inner())
    }

    async fn token(&self, creds: &WalmartCredentials) -> Result<String, WalmartError> {
        let cached = self
            .lock_tokens()
            .get(&creds.client_id)
            .filter(|t| t.until > Instant::now() + self.config.token_margin)
            .map(|t| t.token.clone());
        match cached {
            Some(t) => Ok(t),
            None => self.new_token(creds).await,
        }
    }

    async fn new_token(&self, creds: &WalmartCredentials) -> Result<String, WalmartError> {
        let url = format!("{}/v3/token", self.config.api_base);
        let mut attempt = 0;
        loop {
            let sent = self
                .http
                .post(&url)
                .basic_auth(&creds.client_id, Some(&creds.client_secret))
                .header("WM_SVC.NAME", &self.config.service_name)
                .header("WM_QOS.CORRELATION_ID", uuid_v4())
                .header(header::ACCEPT, "application/json")
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body("grant_type=client_credentials")
                .send()
                .await;
            let outcome = match self.read(sent, None).await {
                Outcome::Done(Ok(bytes)) => {
                    let reply: TokenReply = serde_json::from_slice(&bytes)
                        .map_err(|e| WalmartError::Protocol(format!("token reply: {e}")))?;
                    let until = Instant::now() + Duration::from_secs(reply.expires_in);
                    self.lock_tokens().insert(
                        creds.client_id.clone(),
                        CachedToken {
                            token: reply.access_token.clone(),
                            until,
                        },
                    );
                    return Ok(reply.access_token);
                }
                Outcome::Done(Err(e)) => return Err(e),
                Outcome::Unauthorized(e) => {
                    return Err(WalmartError::CredentialsRefused {
                        message: e.message(),
                    });
                }
                Outcome::Again(e, wait) => (e, wait),
            };
            let wait = outcome
                .1
                .unwrap_or_else(|| backoff(self.config.backoff, attempt));
            if attempt >= self.config.max_retries || wait > self.config.max_retry_wait {
                return Err(outcome.0);
            }
            tokio::time::sleep(wait).await;
            attempt += 1;
        }
    }

    pub(crate) async fn call<T: DeserializeOwned>(
        &self,
        creds: &WalmartCredentials,
        req: Req,
    ) -> Result<T, WalmartError> {
        let bytes = self.call_raw(creds, req).await?;
        serde_json::from_slice(&bytes)
            .map_err(|e| WalmartError::Protocol(format!("answer of Walmart: {e}")))
    }

    async fn call_raw(
        &self,
        creds: &WalmartCredentials,
        req: Req,
    ) -> Result<Vec<u8>, WalmartError> {
        let mut url = reqwest::Url::parse(&format!("{}{}", self.config.api_base, req.path))
            .map_err(|e| WalmartError::Config(format!("API base URL: {e}")))?;
        if !req.query.is_empty() {
            url.query_pairs_mut().extend_pairs(&req.query);
        }
        let key = format!("{}:{}", creds.client_id, req.api.name());
        let plan = req.api.plan();
        let mut attempt = 0u32;
        let mut renewed = false;
        loop {
            let token = self.token(creds).await?;
            if let Err(wait) = self
                .limits
                .ready_within(&key, plan, self.config.max_retry_wait)
                .await
            {
                return Err(WalmartError::RetryLater {
                    reason: format!("own rate limit: the next slot is {} s away", wait.as_secs()),
                    status: Some(429),
                    retry_after: Some(wait),
                });
            }
            let mut builder = self
                .http
                .request(req.method.clone(), url.clone())
                .header("WM_SEC.ACCESS_TOKEN", token)
                .header("WM_SVC.NAME", &self.config.service_name)
                .header("WM_QOS.CORRELATION_ID", uuid_v4())
                .header(header::ACCEPT, "application/json");
            if let Some(body) = &req.body {
                builder = builder
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(body.clone());
            }
            match self.read(builder.send().await, Some((&key, plan))).await {
                Outcome::Done(result) => return result,
                Outcome::Unauthorized(e) => {
                    // An expired or revoked token: one new token, then the pair itself is
                    // what is refused.
                    if renewed {
                        return Err(WalmartError::CredentialsRefused {
                            message: e.message(),
                        });
                    }
                    self.forget_token(&creds.client_id);
                    renewed = true;
                }
                Outcome::Again(error, wait) => {
                    let wait = wait.unwrap_or_else(|| backoff(self.config.backoff, attempt));
                    if attempt >= self.config.max_retries || wait > self.config.max_retry_wait {
                        return Err(error);
                    }
                    tracing::debug!(path = %req.path, attempt, wait_ms = wait.as_millis() as u64, "retrying Walmart call");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
            }
        }
    }

    async fn read(
        &self,
        sent: Result<reqwest::Response, reqwest::Error>,
        limit: Option<(&str, (f64, f64))>,
    ) -> Outcome {
        let response = match sent {
            Ok(r) => r,
            Err(e) => {
                let (reason, builder) = transport_reason(e);
                if builder {
                    return Outcome::Done(Err(WalmartError::Config(reason)));
                }
                tracing::warn!(error = %reason, "Walmart request failed");
                return Outcome::Again(
                    WalmartError::RetryLater {
                        reason,
                        status: None,
                        retry_after: None,
                    },
                    None,
                );
            }
        };
        let status = response.status();
        let header_num = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<f64>().ok())
        };
        let left = header_num("x-current-token-count");
        let next = header_num("x-next-replenish-time").map(|ms| {
            let now_ms = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_millis() as f64)
                .unwrap_or(0.0);
            Duration::from_millis((ms - now_ms).max(0.0) as u64)
        });
        if let (Some((key, plan)), Some(left)) = (limit, left)
            && status != StatusCode::TOO_MANY_REQUESTS
        {
            self.limits.learn_remaining(key, plan, left, next);
        }
        let bytes = match response.bytes().await {
            Ok(b) => b.to_vec(),
            Err(e) => {
                return Outcome::Again(
                    WalmartError::RetryLater {
                        reason: format!("answer cut short: {}", crate::describe(e)),
                        status: Some(status.as_u16()),
                        retry_after: None,
                    },
                    None,
                );
            }
        };
        if status.is_success() {
            return Outcome::Done(Ok(bytes));
        }
        let first = serde_json::from_slice::<ErrorEnvelope>(&bytes)
            .ok()
            .and_then(|e| match e.errors {
                ErrorList::Flat(v) | ErrorList::Nested { error: v } => v.into_iter().next(),
            });
        let (code, message, field) = match first {
            Some(e) => (
                e.code,
                e.message.or(e.info).or(e.description).unwrap_or_default(),
                e.field,
            ),
            None => (String::new(), format!("HTTP {}", status.as_u16()), None),
        };
        if status == StatusCode::TOO_MANY_REQUESTS {
            let wait = match (next, limit) {
                (Some(n), _) => n.max(Duration::from_millis(50)),
                (None, Some((key, plan))) => self.limits.refill_time(key, plan),
                (None, None) => Duration::from_secs(1),
            };
            if let Some((key, plan)) = limit {
                if next.is_some() {
                    self.limits.hold(key, plan, wait);
                } else {
                    self.limits.throttled(key, plan, wait);
                }
            }
            return Outcome::Again(
                WalmartError::RetryLater {
                    reason: format!("HTTP 429 {code}: {message}"),
                    status: Some(429),
                    retry_after: Some(wait),
                },
                Some(wait),
            );
        }
        if status.is_server_error() {
            return Outcome::Again(
                WalmartError::RetryLater {
                    reason: format!("HTTP {} {code}: {message}", status.as_u16()),
                    status: Some(status.as_u16()),
                    retry_after: None,
                },
                None,
            );
        }
        if status == StatusCode::UNAUTHORIZED {
            return Outcome::Unauthorized(WalmartError::CredentialsRefused { message });
        }
        if status == StatusCode::NOT_FOUND {
            return Outcome::Done(Err(WalmartError::NotFound { message }));
        }
        Outcome::Done(Err(WalmartError::Rejected {
            status: status.as_u16(),
            code,
            message,
            field,
        }))
    }
}
