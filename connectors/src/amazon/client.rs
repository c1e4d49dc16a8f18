//! The transport: Login with Amazon, `x-amz-access-token`, learned per-operation limits,
//! bounded retries, and the `errors` envelope.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::{Method, StatusCode, header};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::error::AmazonError;
use crate::channel::{LearnedLimits, backoff, transport_reason};

/// The US marketplace.
pub const US_MARKETPLACE_ID: &str = "ATVPDKIKX0DER";

/// Where and how the client talks to Amazon.
#[derive(Debug, Clone)]
pub struct AmazonConfig {
    /// The LWA client id and secret of the app.
    pub client_id: String,
    pub client_secret: String,
    /// The app's id on the consent link (`amzn1.sp.solution.…`).
    pub application_id: String,
    /// Adds `version=beta` to the consent link, for an app still in draft.
    pub draft_app: bool,
    /// Seller Central, default `https://sellercentral.amazon.com`.
    pub consent_base: String,
    /// Login with Amazon, default `https://api.amazon.com`.
    pub lwa_base: String,
    /// The SP-API region host, default `https://sellingpartnerapi-na.amazon.com`.
    pub api_base: String,
    pub marketplace_id: String,
    pub timeout: Duration,
    pub connect_timeout: Duration,
    /// Retries after the first try, on 429, 5xx and transport failures.
    pub max_retries: u32,
    /// A wait longer than this (a 429 on getOrders, whose bucket refills once a minute) is not
    /// slept here: the error goes back so a job reschedules instead of holding a worker.
    pub max_retry_wait: Duration,
    pub backoff: Duration,
    /// An access token expiring within this margin is refreshed before a call.
    pub refresh_margin: Duration,
    pub user_agent: String,
}

impl AmazonConfig {
    pub fn new(client_id: impl Into<String>, client_secret: impl Into<String>) -> AmazonConfig {
        AmazonConfig {
            client_id: client_id.into(),
            client_secret: client_secret.into(),
            application_id: String::new(),
            draft_app: false,
            consent_base: "https://sellercentral.amazon.com".into(),
            lwa_base: "https://api.amazon.com".into(),
            api_base: "https://sellingpartnerapi-na.amazon.com".into(),
            marketplace_id: US_MARKETPLACE_ID.into(),
            timeout: Duration::from_secs(20),
            connect_timeout: Duration::from_secs(5),
            max_retries: 3,
            max_retry_wait: Duration::from_secs(30),
            backoff: Duration::from_millis(250),
            refresh_margin: Duration::from_secs(300),
            user_agent: "Sellerdesk/1.0 (Language=Rust)".into(),
        }
    }

    /// The three hosts at one base URL, as the sandbox serves them.
    pub fn with_base_url(mut self, base: &str) -> AmazonConfig {
        let base = base.trim_end_matches('/').to_owned();
        self.consent_base = base.clone();
        self.lwa_base = base.clone();
        self.api_base = base;
        self
    }
}

/// What the token endpoint gives; `expires_at` is Unix seconds.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmazonTokens {
    pub access_token: String,
    pub refresh_token: String,
    pub expires_at: i64,
}

impl std::fmt::Debug for AmazonTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AmazonTokens")
            .field("expires_at", &self.expires_at)
            .finish_non_exhaustive()
    }
}

impl AmazonTokens {
    pub fn needs_refresh(&self, now: i64, margin: Duration) -> bool {
        self.expires_at - now <= margin.as_secs() as i64
    }
}

/// One seller's authorisation for calls. The client refreshes the access token when it is
/// due or Amazon says it expired; [`SellerSession::take_refreshed`] then hands the new tokens
/// to store (sealed) once.
pub struct SellerSession {
    pub selling_partner_id: String,
    tokens: Mutex<AmazonTokens>,
    refreshed: AtomicBool,
}

impl std::fmt::Debug for SellerSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SellerSession")
            .field("selling_partner_id", &self.selling_partner_id)
            .finish_non_exhaustive()
    }
}

impl SellerSession {
    pub fn new(selling_partner_id: impl Into<String>, tokens: AmazonTokens) -> SellerSession {
        SellerSession {
            selling_partner_id: selling_partner_id.into(),
            tokens: Mutex::new(tokens),
            refreshed: AtomicBool::new(false),
        }
    }

    pub fn tokens(&self) -> AmazonTokens {
        self.tokens
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// The tokens the client got by refreshing, once: store them.
    pub fn take_refreshed(&self) -> Option<AmazonTokens> {
        self.refreshed
            .swap(false, Ordering::SeqCst)
            .then(|| self.tokens())
    }

    fn replace(&self, tokens: AmazonTokens) {
        *self.tokens.lock().unwrap_or_else(|p| p.into_inner()) = tokens;
        self.refreshed.store(true, Ordering::SeqCst);
    }
}

/// An SP-API operation and its default usage plan (requests per second, burst), used until
/// Amazon's `x-amzn-RateLimit-Limit` says otherwise (reference "Rate limits").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    MarketplaceParticipations,
    ProductTypes,
    Listings,
    GetOrders,
    Order,
    ConfirmShipment,
    Rdt,
}

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::MarketplaceParticipations => "getMarketplaceParticipations",
            Op::ProductTypes => "productTypeDefinitions",
            Op::Listings => "listingsItems",
            Op::GetOrders => "getOrders",
            Op::Order => "getOrder",
            Op::ConfirmShipment => "confirmShipment",
            Op::Rdt => "createRestrictedDataToken",
        }
    }

    fn plan(self) -> (f64, f64) {
        match self {
            Op::MarketplaceParticipations => (0.016, 15.0),
            Op::ProductTypes | Op::Listings => (5.0, 10.0),
            Op::GetOrders => (0.0167, 20.0),
            Op::Order => (0.5, 30.0),
            Op::ConfirmShipment => (2.0, 10.0),
            Op::Rdt => (1.0, 10.0),
        }
    }
}

pub(crate) struct Req<'a> {
    pub method: Method,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
    pub op: Op,
    /// A Restricted Data Token to send instead of the access token.
    pub rdt: Option<&'a str>,
}

impl<'a> Req<'a> {
    pub fn new(method: Method, path: impl Into<String>, op: Op) -> Req<'a> {
        Req {
            method,
            path: path.into(),
            query: Vec::new(),
            body: None,
            op,
            rdt: None,
        }
    }

    pub fn query(mut self, key: &str, value: impl ToString) -> Self {
        self.query.push((key.to_owned(), value.to_string()));
        self
    }

    pub fn json<T: Serialize>(mut self, body: &T) -> Result<Self, AmazonError> {
        self.body = Some(
            serde_json::to_vec(body)
                .map_err(|e| AmazonError::Config(format!("body not serialisable: {e}")))?,
        );
        Ok(self)
    }

    pub fn rdt(mut self, token: &'a str) -> Self {
        self.rdt = Some(token);
        self
    }
}

#[derive(Deserialize)]
struct ErrorEnvelope {
    #[serde(default)]
    errors: Vec<ErrorItem>,
}

#[derive(Deserialize)]
struct ErrorItem {
    #[serde(default)]
    code: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    details: Option<String>,
}

#[derive(Deserialize)]
struct LwaReply {
    access_token: String,
    #[serde(default)]
    refresh_token: Option<String>,
    expires_in: i64,
}

#[derive(Deserialize)]
struct LwaError {
    #[serde(default)]
    error: String,
    #[serde(default)]
    error_description: String,
}

/// A typed SP-API client. Cheap to clone; clones share connections and learned limits.
#[derive(Clone)]
pub struct AmazonClient {
    pub(crate) http: reqwest::Client,
    pub(crate) config: Arc<AmazonConfig>,
    limits: Arc<LearnedLimits>,
}

impl std::fmt::Debug for AmazonClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AmazonClient")
            .field("client_id", &self.config.client_id)
            .field("api_base", &self.config.api_base)
            .finish()
    }
}

enum Outcome {
    Done(Result<Option<Vec<u8>>, AmazonError>),
    /// Try again after the wait (`None`: the backoff).
    Again(AmazonError, Option<Duration>),
    Expired(AmazonError),
}

impl AmazonClient {
    pub fn new(config: AmazonConfig) -> Result<AmazonClient, AmazonError> {
        if config.client_id.is_empty() || config.client_secret.is_empty() {
            return Err(AmazonError::Config(
                "client_id and client_secret are required".into(),
            ));
        }
        for base in [&config.api_base, &config.lwa_base] {
            if base.starts_with("https://") && !cfg!(feature = "tls") {
                return Err(AmazonError::Config(format!(
                    "{base} needs HTTPS: build connectors with the `tls` feature"
                )));
            }
        }
        crate::tiktok::install_tls_provider();
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.connect_timeout)
            .user_agent(config.user_agent.clone())
            .build()
            .map_err(|e| AmazonError::Config(format!("HTTP client: {}", crate::describe(e))))?;
        Ok(AmazonClient {
            http,
            config: Arc::new(config),
            limits: Arc::new(LearnedLimits::new()),
        })
    }

    pub fn marketplace_id(&self) -> &str {
        &self.config.marketplace_id
    }

    fn now(&self) -> i64 {
        chrono::Utc::now().timestamp()
    }

    /// The Seller Central consent link; `state` comes back with `spapi_oauth_code` and
    /// `selling_partner_id` on the app's redirect URI.
    pub fn authorize_url(&self, state: &str) -> String {
        let mut q = vec![
            ("application_id", self.config.application_id.as_str()),
            ("state", state),
        ];
        if self.config.draft_app {
            q.push(("version", "beta"));
        }
        let base = format!("{}/apps/authorize/consent", self.config.consent_base);
        reqwest::Url::parse_with_params(&base, q)
            .map(|u| u.to_string())
            .unwrap_or(base)
    }

    /// Exchanges the consent's `spapi_oauth_code` for tokens.
    pub async fn exchange_code(
        &self,
        code: &str,
        redirect_uri: &str,
    ) -> Result<AmazonTokens, AmazonError> {
        let form = [
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", redirect_uri),
            ("client_id", self.config.client_id.as_str()),
            ("client_secret", self.config.client_secret.as_str()),
        ];
        let reply = self.lwa(&form).await?;
        Ok(AmazonTokens {
            access_token: reply.access_token,
            refresh_token: reply.refresh_token.unwrap_or_default(),
            expires_at: self.now() + reply.expires_in,
        })
    }

    /// A new access token for a refresh token (which stays the same).
    pub async fn refresh(&self, refresh_token: &str) -> Result<AmazonTokens, AmazonError> {
        let form = [
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh_token),
            ("client_id", self.config.client_id.as_str()),
            ("client_secret", self.config.client_secret.as_str()),
        ];
        let reply = self.lwa(&form).await?;
        Ok(AmazonTokens {
            access_token: reply.access_token,
            refresh_token: reply
                .refresh_token
                .unwrap_or_else(|| refresh_token.to_owned()),
            expires_at: self.now() + reply.expires_in,
        })
    }

    /// Refreshes the session's token now.
    pub async fn refresh_session(&self, session: &SellerSession) -> Result<(), AmazonError> {
        let fresh = self.refresh(&session.tokens().refresh_token).await?;
        session.replace(fresh);
        Ok(())
    }

    async fn lwa(&self, form: &[(&str, &str)]) -> Result<LwaReply, AmazonError> {
        let url = format!("{}/auth/o2/token", self.config.lwa_base);
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .finish();
        let mut attempt = 0;
        loop {
            let sent = self
                .http
                .post(&url)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header(header::ACCEPT, "application/json")
                .body(body.clone())
                .send()
                .await;
            let again = match sent {
                Err(e) => {
                    let (reason, builder) = transport_reason(e);
                    if builder {
                        return Err(AmazonError::Config(reason));
                    }
                    AmazonError::RetryLater {
                        reason,
                        status: None,
                        retry_after: None,
                    }
                }
                Ok(r) => {
                    let status = r.status();
                    let bytes = r.bytes().await.unwrap_or_default();
                    if status.is_success() {
                        return serde_json::from_slice(&bytes)
                            .map_err(|e| AmazonError::Protocol(format!("LWA token reply: {e}")));
                    }
                    if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
                        AmazonError::RetryLater {
                            reason: format!("LWA answered HTTP {}", status.as_u16()),
                            status: Some(status.as_u16()),
                            retry_after: None,
                        }
                    } else {
                        let e: LwaError = serde_json::from_slice(&bytes).unwrap_or(LwaError {
                            error: String::new(),
                            error_description: format!("HTTP {}", status.as_u16()),
                        });
                        return Err(match e.error.as_str() {
                            "invalid_client" | "unauthorized_client" => {
                                AmazonError::Config(format!(
                                    "LWA refused the app's credentials: {}",
                                    e.error_description
                                ))
                            }
                            "invalid_grant" => AmazonError::AuthorizationLost {
                                message: e.error_description,
                            },
                            _ => AmazonError::Rejected {
                                status: status.as_u16(),
                                code: e.error,
                                message: e.error_description,
                                details: String::new(),
                            },
                        });
                    }
                }
            };
            if attempt >= self.config.max_retries {
                return Err(again);
            }
            tokio::time::sleep(backoff(self.config.backoff, attempt)).await;
            attempt += 1;
        }
    }

    /// Sends an SP-API request; `None` for an empty answer (204).
    pub(crate) async fn call<T: DeserializeOwned>(
        &self,
        session: &SellerSession,
        req: Req<'_>,
    ) -> Result<Option<T>, AmazonError> {
        let bytes = self.call_raw(session, req).await?;
        match bytes {
            None => Ok(None),
            Some(b) => serde_json::from_slice(&b)
                .map(Some)
                .map_err(|e| AmazonError::Protocol(format!("answer of Amazon: {e}"))),
        }
    }

    /// [`AmazonClient::call`] for answers that must have a body.
    pub(crate) async fn call_some<T: DeserializeOwned>(
        &self,
        session: &SellerSession,
        req: Req<'_>,
    ) -> Result<T, AmazonError> {
        self.call(session, req)
            .await?
            .ok_or_else(|| AmazonError::Protocol("Amazon answered without a body".into()))
    }

    async fn call_raw(
        &self,
        session: &SellerSession,
        req: Req<'_>,
    ) -> Result<Option<Vec<u8>>, AmazonError> {
        let mut url = reqwest::Url::parse(&format!("{}{}", self.config.api_base, req.path))
            .map_err(|e| AmazonError::Config(format!("API base URL: {e}")))?;
        if !req.query.is_empty() {
            url.query_pairs_mut().extend_pairs(&req.query);
        }
        let key = format!("{}:{}", session.selling_partner_id, req.op.name());
        let plan = req.op.plan();
        let mut attempt = 0u32;
        let mut refreshed = false;
        loop {
            let token = match req.rdt {
                Some(rdt) => rdt.to_owned(),
                None => {
                    let tokens = session.tokens();
                    if tokens.needs_refresh(self.now(), self.config.refresh_margin) && !refreshed {
                        self.refresh_session(session).await?;
                        refreshed = true;
                    }
                    session.tokens().access_token
                }
            };
            if let Err(wait) = self
                .limits
                .ready_within(&key, plan, self.config.max_retry_wait)
                .await
            {
                return Err(AmazonError::RetryLater {
                    reason: format!("own rate limit: the next slot is {} s away", wait.as_secs()),
                    status: Some(429),
                    retry_after: Some(wait),
                });
            }
            let mut builder = self
                .http
                .request(req.method.clone(), url.clone())
                .header("x-amz-access-token", token)
                .header(header::ACCEPT, "application/json");
            if let Some(body) = &req.body {
                builder = builder
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(body.clone());
            }
            let outcome = self.read(builder.send().await, &key, plan).await;
            match outcome {
                Outcome::Done(result) => return result,
                Outcome::Expired(e) => {
                    if refreshed || req.rdt.is_some() {
                        return Err(e);
                    }
                    self.refresh_session(session).await?;
                    refreshed = true;
                }
                Outcome::Again(error, wait) => {
                    let wait = match wait {
                        Some(w) => w,
                        None => backoff(self.config.backoff, attempt),
                    };
                    if attempt >= self.config.max_retries || wait > self.config.max_retry_wait {
                        return Err(error);
                    }
                    tracing::debug!(path = %req.path, attempt, wait_ms = wait.as_millis() as u64, "retrying Amazon call");
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
            }
        }
    }

    async fn read(
        &self,
        sent: Result<reqwest::Response, reqwest::Error>,
        key: &str,
        plan: (f64, f64),
    ) -> Outcome {
        let response = match sent {
            Ok(r) => r,
            Err(e) => {
                let (reason, builder) = transport_reason(e);
                if builder {
                    return Outcome::Done(Err(AmazonError::Config(reason)));
                }
                tracing::warn!(error = %reason, "Amazon request failed");
                return Outcome::Again(
                    AmazonError::RetryLater {
                        reason,
                        status: None,
                        retry_after: None,
                    },
                    None,
                );
            }
        };
        let status = response.status();
        if let Some(rate) = response
            .headers()
            .get("x-amzn-RateLimit-Limit")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
        {
            self.limits.learn_rate(key, plan, rate);
        }
        let bytes = match response.bytes().await {
            Ok(b) => b.to_vec(),
            Err(e) => {
                return Outcome::Again(
                    AmazonError::RetryLater {
                        reason: format!("answer cut short: {}", crate::describe(e)),
                        status: Some(status.as_u16()),
                        retry_after: None,
                    },
                    None,
                );
            }
        };
        if status.is_success() {
            return Outcome::Done(Ok((!bytes.is_empty()).then_some(bytes)));
        }
        let first = serde_json::from_slice::<ErrorEnvelope>(&bytes)
            .ok()
            .and_then(|e| e.errors.into_iter().next());
        let (code, message, details) = match first {
            Some(e) => (e.code, e.message, e.details.unwrap_or_default()),
            None => (
                String::new(),
                format!("HTTP {}", status.as_u16()),
                String::new(),
            ),
        };
        if status == StatusCode::TOO_MANY_REQUESTS {
            // Amazon sends no Retry-After: one token comes back after 1/rate seconds.
            let wait = self.limits.refill_time(key, plan);
            self.limits.throttled(key, plan, wait);
            return Outcome::Again(
                AmazonError::RetryLater {
                    reason: format!("HTTP 429 {code}: {message}"),
                    status: Some(429),
                    retry_after: Some(wait),
                },
                Some(wait),
            );
        }
        if status.is_server_error() {
            return Outcome::Again(
                AmazonError::RetryLater {
                    reason: format!("HTTP {} {code}: {message}", status.as_u16()),
                    status: Some(status.as_u16()),
                    retry_after: None,
                },
                None,
            );
        }
        if status == StatusCode::FORBIDDEN && code == "Unauthorized" {
            let d = details.to_ascii_lowercase();
            if d.contains("expired") {
                return Outcome::Expired(AmazonError::TokenExpired { message: details });
            }
            if d.contains("revoked") || d.contains("invalid") {
                return Outcome::Done(Err(AmazonError::AuthorizationLost { message: details }));
            }
        }
        if status == StatusCode::NOT_FOUND {
            return Outcome::Done(Err(AmazonError::NotFound { message }));
        }
        Outcome::Done(Err(AmazonError::Rejected {
            status: status.as_u16(),
            code,
            message,
            details,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_consent_link_names_the_app_and_state() {
        let mut c = AmazonConfig::new("id", "secret").with_base_url("http://127.0.0.1:1");
        c.application_id = "amzn1.sp.solution.x".into();
        c.draft_app = true;
        let client = AmazonClient::new(c).expect("client");
        let url = client.authorize_url("s t");
        assert_eq!(
            url,
            "http://127.0.0.1:1/apps/authorize/consent?application_id=amzn1.sp.solution.x&state=s+t&version=beta"
        );
    }
}
