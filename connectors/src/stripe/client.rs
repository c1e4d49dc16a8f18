//! The API client: `POST /v1/checkout/sessions` and `GET /v1/checkout/sessions/{id}` with
//! `Authorization: Bearer <secret key>`, bounded retries on 429, 5xx and transport failures
//! (the create resends the same `Idempotency-Key`, so Stripe answers a retry with the session
//! the lost answer carried).
use std::collections::HashMap;
use std::time::Duration;

use reqwest::StatusCode;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// Where and how the client talks to Stripe.
#[derive(Clone)]
pub struct StripeConfig {
    pub secret_key: String,
    /// `https://api.stripe.com`, or the sandbox.
    pub api_base: String,
    pub timeout: Duration,
    /// Retries after the first try.
    pub max_retries: u32,
    /// First backoff; doubles per retry.
    pub backoff: Duration,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeConfig")
            .field("timeout", &self.timeout)
            .field("max_retries", &self.max_retries)
            .finish_non_exhaustive()
    }
}

impl StripeConfig {
    pub fn new(secret_key: impl Into<String>, api_base: &str) -> StripeConfig {
        StripeConfig {
            secret_key: secret_key.into(),
            api_base: api_base.trim_end_matches('/').to_owned(),
            timeout: Duration::from_secs(20),
            max_retries: 2,
            backoff: Duration::from_millis(200),
        }
    }
}

/// Why a call failed. No variant carries the key, a URL or Stripe's free text on 401.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StripeError {
    #[error("Stripe client: {0}")]
    Config(String),
    /// Stripe refused the secret key (401) or its permissions (403).
    #[error("Stripe refused this server's key")]
    Unauthorized,
    /// A 4xx with Stripe's error object.
    #[error("Stripe refused the request ({kind}{}{}): {message}", code.as_deref().map(|c| format!(", {c}")).unwrap_or_default(), param.as_deref().map(|p| format!(", param {p}")).unwrap_or_default())]
    Refused {
        status: u16,
        kind: String,
        code: Option<String>,
        param: Option<String>,
        message: String,
    },
    /// Still 429, 5xx or unreachable after the retries.
    #[error("Stripe is unavailable: {0}")]
    Unavailable(String),
    /// An answer that is not what the API documents.
    #[error("Stripe's answer was not understood: {0}")]
    Protocol(String),
}

impl StripeError {
    /// Worth trying again later (a job, a seller pressing the button again).
    pub fn is_transient(&self) -> bool {
        matches!(self, StripeError::Unavailable(_))
    }
}

/// A top-up's session to create: one line item of `amount_cents`.
#[derive(Debug, Clone)]
pub struct NewCheckout {
    pub amount_cents: i64,
    /// ISO code, lower case (`usd`).
    pub currency: String,
    /// What the hosted page says is bought.
    pub product_name: String,
    /// May hold `{CHECKOUT_SESSION_ID}`, which Stripe fills in.
    pub success_url: String,
    pub cancel_url: String,
    pub client_reference_id: String,
    pub metadata: Vec<(String, String)>,
    /// Sent as `Idempotency-Key`: the same key makes the same session however often it is sent.
    pub idempotency_key: String,
}

impl NewCheckout {
    fn form(&self) -> String {
        let mut f = url::form_urlencoded::Serializer::new(String::new());
        f.append_pair("mode", "payment")
            .append_pair("line_items[0][price_data][currency]", &self.currency)
            .append_pair(
                "line_items[0][price_data][unit_amount]",
                &self.amount_cents.to_string(),
            )
            .append_pair(
                "line_items[0][price_data][product_data][name]",
                &self.product_name,
            )
            .append_pair("line_items[0][quantity]", "1")
            .append_pair("success_url", &self.success_url)
            .append_pair("cancel_url", &self.cancel_url)
            .append_pair("client_reference_id", &self.client_reference_id);
        for (k, v) in &self.metadata {
            f.append_pair(&format!("metadata[{k}]"), v);
        }
        f.finish()
    }
}

/// The fields of a Checkout Session a top-up reads.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    /// The hosted page; absent once the session is complete or expired.
    #[serde(default)]
    pub url: Option<String>,
    /// `open`, `complete` or `expired`.
    #[serde(default)]
    pub status: Option<String>,
    /// `paid`, `unpaid` or `no_payment_required`.
    pub payment_status: String,
    #[serde(default)]
    pub amount_total: Option<i64>,
    #[serde(default)]
    pub currency: Option<String>,
    #[serde(default)]
    pub client_reference_id: Option<String>,
    #[serde(default)]
    pub metadata: HashMap<String, String>,
}

impl CheckoutSession {
    pub fn is_paid(&self) -> bool {
        self.payment_status == "paid"
    }
}

#[derive(Deserialize)]
struct Envelope {
    error: ErrorObject,
}

#[derive(Deserialize)]
struct ErrorObject {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    param: Option<String>,
    #[serde(default)]
    message: String,
}

#[derive(Clone)]
pub struct StripeClient {
    http: reqwest::Client,
    config: std::sync::Arc<StripeConfig>,
}

impl std::fmt::Debug for StripeClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeClient").finish_non_exhaustive()
    }
}

impl StripeClient {
    pub fn new(config: StripeConfig) -> Result<StripeClient, StripeError> {
        crate::tiktok::install_tls_provider();
        if reqwest::Url::parse(&config.api_base).is_err() {
            return Err(StripeError::Config("the API base is not a URL".into()));
        }
        let http = reqwest::Client::builder()
            .user_agent(concat!("Sellerdesk/", env!("CARGO_PKG_VERSION")))
            .timeout(config.timeout)
            .build()
            .map_err(|e| StripeError::Config(format!("HTTP client: {}", crate::describe(e))))?;
        Ok(StripeClient {
            http,
            config: std::sync::Arc::new(config),
        })
    }

    /// Creates a session, or answers the one an earlier call with the same key created.
    pub async fn create_checkout_session(
        &self,
        new: &NewCheckout,
    ) -> Result<CheckoutSession, StripeError> {
        let body = new.form();
        self.send(|http, base| {
            http.post(format!("{base}/v1/checkout/sessions"))
                .header("Idempotency-Key", &new.idempotency_key)
                .header(
                    reqwest::header::CONTENT_TYPE,
                    "application/x-www-form-urlencoded",
                )
                .body(body.clone())
        })
        .await
    }

    pub async fn checkout_session(&self, id: &str) -> Result<CheckoutSession, StripeError> {
        // An id is Stripe's own (`cs_…`); anything else cannot be one and must not reach the path.
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(StripeError::Protocol("not a Checkout Session id".into()));
        }
        self.send(|http, base| http.get(format!("{base}/v1/checkout/sessions/{id}")))
            .await
    }

    async fn send<T: DeserializeOwned>(
        &self,
        build: impl Fn(&reqwest::Client, &str) -> reqwest::RequestBuilder,
    ) -> Result<T, StripeError> {
        let mut attempt = 0;
        loop {
            let request = build(&self.http, &self.config.api_base)
                .bearer_auth(&self.config.secret_key)
                .header("Stripe-Version", "2024-06-20");
            let failure = match request.send().await {
                Ok(response) => {
                    let status = response.status();
                    let bytes = response
                        .bytes()
                        .await
                        .map_err(|e| StripeError::Unavailable(crate::describe(e)));
                    match bytes {
                        Ok(bytes) if status.is_success() => {
                            return serde_json::from_slice(&bytes)
                                .map_err(|e| StripeError::Protocol(e.to_string()));
                        }
                        Ok(bytes) => match refusal(status, &bytes) {
                            Some(done) => return Err(done),
                            None => StripeError::Unavailable(format!("HTTP {}", status.as_u16())),
                        },
                        Err(e) => e,
                    }
                }
                Err(e) => StripeError::Unavailable(crate::describe(e)),
            };
            if attempt >= self.config.max_retries {
                return Err(failure);
            }
            tokio::time::sleep(self.config.backoff * 2u32.pow(attempt)).await;
            attempt += 1;
        }
    }
}

/// The final error of a non-success answer, or `None` when it is worth retrying (429, 5xx,
/// and 409 `lock_timeout`: another request with the same key still running).
fn refusal(status: StatusCode, body: &[u8]) -> Option<StripeError> {
    if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
        return Some(StripeError::Unauthorized);
    }
    if status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error() {
        return None;
    }
    let error = serde_json::from_slice::<Envelope>(body)
        .ok()
        .map(|e| e.error);
    if status == StatusCode::CONFLICT
        && error
            .as_ref()
            .is_some_and(|e| e.code.as_deref() == Some("lock_timeout"))
    {
        return None;
    }
    Some(match error {
        Some(e) => StripeError::Refused {
            status: status.as_u16(),
            kind: e.kind,
            code: e.code,
            param: e.param,
            message: crate::redact_urls(&e.message),
        },
        None => StripeError::Protocol(format!("HTTP {} without an error object", status.as_u16())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_checkout(key: &str, amount_cents: i64) -> NewCheckout {
        NewCheckout {
            amount_cents,
            currency: "usd".into(),
            product_name: "Sellerdesk balance top-up".into(),
            success_url: "http://127.0.0.1:9/back?session={CHECKOUT_SESSION_ID}".into(),
            cancel_url: "http://127.0.0.1:9/cancel".into(),
            client_reference_id: "client-1".into(),
            metadata: vec![("payment_id".into(), "p-1".into())],
            idempotency_key: key.into(),
        }
    }

    #[tokio::test]
    async fn a_session_is_created_once_per_key_and_read_back() {
        let sb = sandbox::stripe::start(sandbox::stripe::StripeConfig::default())
            .await
            .expect("sandbox");
        let client = StripeClient::new(StripeConfig::new(sb.sandbox().secret_key(), sb.base_url()))
            .expect("client");
        let first = client
            .create_checkout_session(&new_checkout("key-1", 2500))
            .await
            .expect("created");
        assert_eq!(first.amount_total, Some(2500));
        assert_eq!(first.status.as_deref(), Some("open"));
        assert!(!first.is_paid());
        assert_eq!(
            first.metadata.get("payment_id").map(String::as_str),
            Some("p-1")
        );
        let again = client
            .create_checkout_session(&new_checkout("key-1", 2500))
            .await
            .expect("replayed");
        assert_eq!(
            again.id, first.id,
            "same key, same parameters: same session"
        );
        assert_eq!(sb.sandbox().sessions().len(), 1);
        let other = client
            .create_checkout_session(&new_checkout("key-1", 3000))
            .await
            .expect_err("same key, other parameters");
        assert!(
            matches!(&other, StripeError::Refused { status: 400, kind, .. } if kind == "idempotency_error"),
            "{other:?}"
        );
        sb.sandbox().pay(&first.id).await.expect("paid");
        let read = client.checkout_session(&first.id).await.expect("read");
        assert!(read.is_paid());
        assert_eq!(read.status.as_deref(), Some("complete"));
    }

    #[tokio::test]
    async fn refusals_are_typed_and_quote_no_key() {
        let sb = sandbox::stripe::start(sandbox::stripe::StripeConfig::default())
            .await
            .expect("sandbox");
        let wrong = StripeClient::new(StripeConfig::new("sk_test_wrongwrongwrong", sb.base_url()))
            .expect("client");
        let e = wrong
            .create_checkout_session(&new_checkout("k", 2500))
            .await
            .expect_err("bad key");
        assert_eq!(e, StripeError::Unauthorized);
        let client = StripeClient::new(StripeConfig::new(sb.sandbox().secret_key(), sb.base_url()))
            .expect("client");
        let e = client
            .create_checkout_session(&new_checkout("k2", 10))
            .await
            .expect_err("too small");
        match &e {
            StripeError::Refused {
                status,
                code,
                param,
                ..
            } => {
                assert_eq!(*status, 400);
                assert_eq!(code.as_deref(), Some("amount_too_small"));
                assert_eq!(
                    param.as_deref(),
                    Some("line_items[0][price_data][unit_amount]")
                );
            }
            other => panic!("{other:?}"),
        }
        let e = client
            .checkout_session("cs_test_missing")
            .await
            .expect_err("missing");
        assert!(
            matches!(e, StripeError::Refused { status: 404, .. }),
            "{e:?}"
        );
        let secret = sb.sandbox().secret_key();
        for text in [e.to_string(), format!("{e:?}"), format!("{client:?}")] {
            assert!(!text.contains(&secret), "{text}");
            assert!(!text.contains(sb.base_url()), "{text}");
        }
    }

    #[tokio::test]
    async fn a_lost_answer_is_retried_with_the_same_key_into_the_same_session() {
        let sb = sandbox::stripe::start(sandbox::stripe::StripeConfig::default())
            .await
            .expect("sandbox");
        sb.sandbox().set_faults(sandbox::stripe::Faults {
            fail_after_write_rate: 1.0,
            ..Default::default()
        });
        let mut config = StripeConfig::new(sb.sandbox().secret_key(), sb.base_url());
        config.backoff = Duration::from_millis(10);
        let client = StripeClient::new(config).expect("client");
        let session = client
            .create_checkout_session(&new_checkout("k-lost", 2500))
            .await
            .expect("the retry gets the session the lost answer carried");
        assert_eq!(sb.sandbox().sessions().len(), 1);
        assert_eq!(sb.sandbox().sessions()[0]["id"], session.id.as_str());
        let replays = sb.sandbox().ledger().iter().filter(|c| c.replayed).count();
        assert!(replays >= 1);
    }
}
