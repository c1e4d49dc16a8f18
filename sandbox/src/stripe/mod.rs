//! A local Stripe for card top-ups: the Checkout Sessions API (`POST /v1/checkout/sessions`,
//! `GET /v1/checkout/sessions/{id}`) with Stripe's authentication (`Authorization: Bearer
//! sk_test_…`), form-encoded bodies, error envelope (`{"error":{"type","code","message",
//! "param"}}`) and idempotency keys; a hosted payment page at each session's `url` whose "Pay"
//! button completes the session; and `checkout.session.completed` / `.expired` events
//! delivered to one webhook endpoint, signed with its `whsec_` secret as Stripe signs them.
//!
//! Faults (latency, 429, 500, 500 after the write) apply to the `/v1` API only. Control routes
//! (never faulted) live under `/__sandbox/stripe/…`: the ledger of API calls, sessions, events,
//! deliveries, faults, the webhook endpoint, re-delivering an event (also forged on purpose)
//! and expiring a session.
//!
//! Where the stand-in decides for itself: an answer that was made and then failed by the
//! fail-after-write fault is kept under its idempotency key, so the caller's retry with the
//! same key gets the session that was made (Stripe keeps the first result of a key); the
//! hosted page delivers the completion event before it sends the payer back, so a test finds
//! it delivered (Stripe sends it within seconds, in any order with the redirect).
mod checkout;
mod events;

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post, put};
use chrono::{DateTime, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use crate::providers::Faults;
pub use events::{Delivery, Forgery, SIGNATURE_HEADER, signature, signature_header};

use events::StoredEvent;

/// The API version events say they were rendered with.
pub const API_VERSION: &str = "2024-06-20";

/// Largest request body accepted.
const MAX_BODY_BYTES: usize = 256 * 1024;

#[derive(Clone)]
pub struct StripeConfig {
    /// The account's secret key (`sk_test_…`): the only key the API accepts.
    pub secret_key: String,
    /// The webhook endpoint's signing secret (`whsec_…`).
    pub webhook_secret: String,
    /// Where events are delivered; none keeps them undelivered until one is set.
    pub webhook_url: Option<String>,
    pub faults: Faults,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Secrets stay out of logs, even test ones.
        f.debug_struct("StripeConfig")
            .field("webhook_url", &self.webhook_url)
            .field("faults", &self.faults)
            .finish_non_exhaustive()
    }
}

impl Default for StripeConfig {
    fn default() -> Self {
        StripeConfig {
            secret_key: "sk_test_sandbox_0000000000000000".into(),
            webhook_secret: "whsec_sandbox_0000000000000000".into(),
            webhook_url: None,
            faults: Faults::default(),
        }
    }
}

impl StripeConfig {
    /// Fresh random test secrets: what the demo starts with, so no published key works on it.
    pub fn generated() -> StripeConfig {
        StripeConfig {
            secret_key: checkout::new_id("sk_test_", 32),
            webhook_secret: checkout::new_id("whsec_", 32),
            ..StripeConfig::default()
        }
    }

    /// Defaults overridden by `SANDBOX_STRIPE_SECRET_KEY`, `SANDBOX_STRIPE_WEBHOOK_SECRET` and
    /// `SANDBOX_STRIPE_WEBHOOK_URL`.
    pub fn from_env() -> StripeConfig {
        let mut c = StripeConfig::default();
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        if let Some(v) = var("SANDBOX_STRIPE_SECRET_KEY") {
            c.secret_key = v;
        }
        if let Some(v) = var("SANDBOX_STRIPE_WEBHOOK_SECRET") {
            c.webhook_secret = v;
        }
        c.webhook_url = var("SANDBOX_STRIPE_WEBHOOK_URL");
        c
    }
}

/// An API error as Stripe answers it: the HTTP status and the `error` object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeError {
    pub status: StatusCode,
    pub kind: &'static str,
    pub code: Option<&'static str>,
    pub message: String,
    pub param: Option<String>,
}

impl StripeError {
    /// A 400 `invalid_request_error` about one parameter.
    pub fn invalid(code: &'static str, message: impl Into<String>, param: &str) -> StripeError {
        StripeError {
            status: StatusCode::BAD_REQUEST,
            kind: "invalid_request_error",
            code: Some(code),
            message: message.into(),
            param: Some(param.to_owned()),
        }
    }

    fn new(
        status: StatusCode,
        kind: &'static str,
        code: Option<&'static str>,
        message: &str,
    ) -> StripeError {
        StripeError {
            status,
            kind,
            code,
            message: message.to_owned(),
            param: None,
        }
    }

    fn body(&self) -> Value {
        let mut error = json!({ "type": self.kind, "message": self.message });
        if let Some(code) = self.code {
            error["code"] = json!(code);
            error["doc_url"] = json!(format!(
                "https://stripe.com/docs/error-codes/{}",
                code.replace('_', "-")
            ));
        }
        if let Some(param) = &self.param {
            error["param"] = json!(param);
        }
        json!({ "error": error })
    }
}

impl IntoResponse for StripeError {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(self.body())).into_response();
        response.headers_mut().insert(
            "request-id",
            checkout::new_id("req_", 14)
                .parse()
                .unwrap_or_else(|_| header::HeaderValue::from_static("req_")),
        );
        response
    }
}

/// A fault the stand-in injected into an API call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    Throttle,
    Error,
    FailAfterWrite,
}

/// One API call the stand-in answered.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LedgerEntry {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub method: String,
    pub path: String,
    pub status: u16,
    pub idempotency_key: Option<String>,
    /// Answered from an earlier call with the same idempotency key.
    pub replayed: bool,
    pub session_id: Option<String>,
    pub fault: Option<Fault>,
}

/// What an idempotency key was first used with, and the answer it got.
struct Remembered {
    params: BTreeMap<String, String>,
    status: StatusCode,
    body: Value,
}

struct Inner {
    config: StripeConfig,
    base_url: String,
    sessions: HashMap<String, Value>,
    /// Session ids in the order they were made.
    order: Vec<String>,
    events: Vec<StoredEvent>,
    deliveries: Vec<Delivery>,
    idempotency: HashMap<String, Remembered>,
    ledger: Vec<LedgerEntry>,
}

struct Shared {
    inner: Mutex<Inner>,
    http: reqwest::Client,
}

/// The stand-in's state, cheap to clone; every clone is the same account.
#[derive(Clone)]
pub struct StripeSandbox {
    shared: Arc<Shared>,
}

impl StripeSandbox {
    pub fn new(config: StripeConfig) -> StripeSandbox {
        StripeSandbox {
            shared: Arc::new(Shared {
                inner: Mutex::new(Inner {
                    config,
                    base_url: String::new(),
                    sessions: HashMap::new(),
                    order: Vec::new(),
                    events: Vec::new(),
                    deliveries: Vec::new(),
                    idempotency: HashMap::new(),
                    ledger: Vec::new(),
                }),
                http: reqwest::Client::builder()
                    .timeout(Duration::from_secs(10))
                    .build()
                    .unwrap_or_default(),
            }),
        }
    }

    /// Every write is whole before the lock is released, so a panicked handler leaves usable state.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.shared
            .inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn secret_key(&self) -> String {
        self.lock().config.secret_key.clone()
    }

    pub fn webhook_secret(&self) -> String {
        self.lock().config.webhook_secret.clone()
    }

    /// Where events go from now on; `None` keeps them undelivered.
    pub fn set_webhook_url(&self, url: Option<String>) {
        self.lock().config.webhook_url = url;
    }

    pub fn set_faults(&self, faults: Faults) {
        self.lock().config.faults = faults;
    }

    pub fn faults(&self) -> Faults {
        self.lock().config.faults
    }

    /// Every API call answered so far, in order.
    pub fn ledger(&self) -> Vec<LedgerEntry> {
        self.lock().ledger.clone()
    }

    /// One session as the API answers it.
    pub fn session(&self, id: &str) -> Option<Value> {
        self.lock().sessions.get(id).map(checkout::public)
    }

    /// Every session, oldest first.
    pub fn sessions(&self) -> Vec<Value> {
        let inner = self.lock();
        inner
            .order
            .iter()
            .filter_map(|id| inner.sessions.get(id).map(checkout::public))
            .collect()
    }

    /// Every event made so far, oldest first: (id, type, body as sent).
    pub fn events(&self) -> Vec<(String, String, Value)> {
        self.lock()
            .events
            .iter()
            .map(|e| {
                (
                    e.id.clone(),
                    e.kind.clone(),
                    serde_json::from_slice(&e.body).unwrap_or(Value::Null),
                )
            })
            .collect()
    }

    /// Every delivery attempt so far, oldest first.
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.lock().deliveries.clone()
    }

    /// Pays an open session as the hosted page's button does, and delivers the event.
    /// Answers the event id, or `None` when the session is not open.
    pub async fn pay(&self, session_id: &str) -> Option<String> {
        let event = self.complete(session_id)?;
        self.deliver(&event, None).await;
        Some(event.id)
    }

    /// Expires an open session and delivers `checkout.session.expired`.
    pub async fn expire(&self, session_id: &str) -> Option<String> {
        let event = {
            let mut inner = self.lock();
            let session = inner.sessions.get_mut(session_id)?;
            if session["status"] != "open" {
                return None;
            }
            session["status"] = json!("expired");
            let object = checkout::public(session);
            new_event(&mut inner, "checkout.session.expired", &object)
        };
        self.deliver(&event, None).await;
        Some(event.id)
    }

    /// Sends an event again (Stripe's retries, or a replay), signed with the current time, or
    /// made wrong on purpose. Answers the receiver's status (`None`: no endpoint, no such
    /// event, or unreachable).
    pub async fn redeliver(&self, event_id: &str, forgery: Option<Forgery>) -> Option<u16> {
        let event = self
            .lock()
            .events
            .iter()
            .find(|e| e.id == event_id)
            .cloned()?;
        self.deliver(&event, forgery).await
    }

    fn complete(&self, session_id: &str) -> Option<StoredEvent> {
        let mut inner = self.lock();
        let session = inner.sessions.get_mut(session_id)?;
        if session["status"] != "open" {
            return None;
        }
        session["status"] = json!("complete");
        session["payment_status"] = json!("paid");
        session["payment_intent"] = json!(checkout::new_id("pi_", 24));
        let object = checkout::public(session);
        Some(new_event(&mut inner, "checkout.session.completed", &object))
    }

    async fn deliver(&self, event: &StoredEvent, forgery: Option<Forgery>) -> Option<u16> {
        let (url, secret) = {
            let inner = self.lock();
            (
                inner.config.webhook_url.clone()?,
                inner.config.webhook_secret.clone(),
            )
        };
        let (body, signature) = events::prepare(&secret, event, forgery);
        let status = events::send(&self.shared.http, &url, body, signature).await;
        self.lock().deliveries.push(Delivery {
            event_id: event.id.clone(),
            kind: event.kind.clone(),
            url,
            forgery,
            http_status: status,
            at: Utc::now(),
        });
        status
    }

    /// The axum router: the API, the hosted page and the control routes.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/v1/checkout/sessions", post(api_create))
            .route("/v1/checkout/sessions/{id}", get(api_retrieve))
            .route("/c/pay/{id}", get(page).post(page_pay))
            .route("/__sandbox/stripe/ledger", get(control_ledger))
            .route("/__sandbox/stripe/sessions", get(control_sessions))
            .route(
                "/__sandbox/stripe/sessions/{id}/expire",
                post(control_expire),
            )
            .route("/__sandbox/stripe/events", get(control_events))
            .route(
                "/__sandbox/stripe/events/{id}/redeliver",
                post(control_redeliver),
            )
            .route("/__sandbox/stripe/deliveries", get(control_deliveries))
            .route(
                "/__sandbox/stripe/faults",
                get(control_faults).put(control_put_faults),
            )
            .route("/__sandbox/stripe/webhook", put(control_put_webhook))
            .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
            .with_state(self.clone())
    }
}

fn new_event(inner: &mut Inner, kind: &str, object: &Value) -> StoredEvent {
    let id = checkout::new_id("evt_", 24);
    let value = events::build(&id, kind, Utc::now().timestamp(), object);
    let event = StoredEvent {
        id,
        kind: kind.to_owned(),
        body: serde_json::to_vec(&value).unwrap_or_default(),
    };
    inner.events.push(event.clone());
    event
}

/// The key of `Authorization: Bearer sk_…` (or Basic with the key as user name, as curl -u).
fn api_key(headers: &HeaderMap) -> Option<String> {
    let raw = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    if let Some(key) = raw.strip_prefix("Bearer ") {
        return Some(key.trim().to_owned());
    }
    let encoded = raw.strip_prefix("Basic ")?;
    let decoded = base64_decode(encoded.trim())?;
    Some(decoded.split(':').next().unwrap_or_default().to_owned())
}

fn base64_decode(s: &str) -> Option<String> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes().filter(|c| *c != b'=') {
        let v = ALPHABET.iter().position(|a| *a == c)? as u32;
        bits = (bits << 6) | v;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
            bits &= (1 << n) - 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `sk_test_****abcd`, as Stripe quotes a key it refused.
fn masked(key: &str) -> String {
    let tail: String = key
        .chars()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let prefix = key.split('_').take(2).collect::<Vec<_>>().join("_");
    format!("{prefix}_****{tail}")
}

/// Authentication and faults in front of every API call; answers the fault drawn, if any.
async fn gate(sb: &StripeSandbox, headers: &HeaderMap) -> Result<Option<Fault>, StripeError> {
    let (faults, expected) = {
        let inner = sb.lock();
        (inner.config.faults, inner.config.secret_key.clone())
    };
    if faults.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(faults.latency_ms)).await;
    }
    let (throttle, error, after_write) = {
        let mut rng = rand::rng();
        let mut draw = |rate: f64| rate > 0.0 && rng.random_bool(rate.min(1.0));
        (
            draw(faults.throttle_rate),
            draw(faults.error_rate),
            draw(faults.fail_after_write_rate),
        )
    };
    match api_key(headers) {
        None => {
            return Err(StripeError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_request_error",
                None,
                "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
            ));
        }
        Some(key) if key != expected => {
            return Err(StripeError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_request_error",
                Some("api_key_invalid"),
                &format!("Invalid API Key provided: {}", masked(&key)),
            ));
        }
        Some(_) => {}
    }
    if throttle {
        return Err(StripeError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "invalid_request_error",
            Some("rate_limit"),
            "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
        ));
    }
    if error {
        return Err(StripeError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "api_error",
            None,
            "An unknown error occurred",
        ));
    }
    Ok(after_write.then_some(Fault::FailAfterWrite))
}

fn record(
    sb: &StripeSandbox,
    (method, path): (&str, &str),
    status: StatusCode,
    key: Option<&str>,
    replayed: bool,
    session_id: Option<String>,
    fault: Option<Fault>,
) {
    let mut inner = sb.lock();
    let seq = inner.ledger.len() as u64 + 1;
    inner.ledger.push(LedgerEntry {
        seq,
        at: Utc::now(),
        method: method.to_owned(),
        path: path.to_owned(),
        status: status.as_u16(),
        idempotency_key: key.map(str::to_owned),
        replayed,
        session_id,
        fault,
    });
}

fn fault_of(e: &StripeError) -> Option<Fault> {
    match e.status {
        StatusCode::TOO_MANY_REQUESTS => Some(Fault::Throttle),
        StatusCode::INTERNAL_SERVER_ERROR => Some(Fault::Error),
        _ => None,
    }
}

async fn api_create(State(sb): State<StripeSandbox>, headers: HeaderMap, body: Bytes) -> Response {
    const PATH: &str = "/v1/checkout/sessions";
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let fault = match gate(&sb, &headers).await {
        Ok(f) => f,
        Err(e) => {
            record(
                &sb,
                ("POST", PATH),
                e.status,
                key.as_deref(),
                false,
                None,
                fault_of(&e),
            );
            return e.into_response();
        }
    };
    let pairs = checkout::parse_form(&body);
    let params = checkout::fingerprint(&pairs);
    let mut inner = sb.lock();
    if let Some(k) = &key
        && let Some(seen) = inner.idempotency.get(k)
    {
        if seen.params != params {
            drop(inner);
            let e = StripeError {
                status: StatusCode::BAD_REQUEST,
                kind: "idempotency_error",
                code: None,
                message: format!(
                    "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '{k}' if you meant to execute a different request."
                ),
                param: None,
            };
            record(&sb, ("POST", PATH), e.status, Some(k), false, None, None);
            return e.into_response();
        }
        let (status, body) = (seen.status, seen.body.clone());
        drop(inner);
        let session_id = body["id"].as_str().map(str::to_owned);
        record(&sb, ("POST", PATH), status, Some(k), true, session_id, None);
        let mut response = (status, axum::Json(body)).into_response();
        response.headers_mut().insert(
            "idempotent-replayed",
            header::HeaderValue::from_static("true"),
        );
        return response;
    }
    let now = Utc::now().timestamp();
    let base_url = inner.base_url.clone();
    match checkout::create(&pairs, &base_url, now) {
        Ok(session) => {
            let id = session["id"].as_str().unwrap_or_default().to_owned();
            let answer = checkout::public(&session);
            inner.sessions.insert(id.clone(), session);
            inner.order.push(id.clone());
            if let Some(k) = &key {
                inner.idempotency.insert(
                    k.clone(),
                    Remembered {
                        params,
                        status: StatusCode::OK,
                        body: answer.clone(),
                    },
                );
            }
            drop(inner);
            record(
                &sb,
                ("POST", PATH),
                StatusCode::OK,
                key.as_deref(),
                false,
                Some(id),
                fault,
            );
            if fault.is_some() {
                return StripeError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "api_error",
                    None,
                    "An unknown error occurred",
                )
                .into_response();
            }
            (StatusCode::OK, axum::Json(answer)).into_response()
        }
        Err(e) => {
            // Stripe keeps no result for a request that failed validation: the key stays free.
            drop(inner);
            record(
                &sb,
                ("POST", PATH),
                e.status,
                key.as_deref(),
                false,
                None,
                None,
            );
            e.into_response()
        }
    }
}

async fn api_retrieve(
    State(sb): State<StripeSandbox>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let path = format!("/v1/checkout/sessions/{id}");
    if let Err(e) = gate(&sb, &headers).await {
        record(
            &sb,
            ("GET", &path),
            e.status,
            None,
            false,
            None,
            fault_of(&e),
        );
        return e.into_response();
    }
    let found = sb.session(&id);
    match found {
        Some(session) => {
            record(
                &sb,
                ("GET", &path),
                StatusCode::OK,
                None,
                false,
                Some(id),
                None,
            );
            (StatusCode::OK, axum::Json(session)).into_response()
        }
        None => {
            let e = StripeError {
                status: StatusCode::NOT_FOUND,
                kind: "invalid_request_error",
                code: Some("resource_missing"),
                message: format!("No such checkout.session: '{id}'"),
                param: Some("session".into()),
            };
            record(&sb, ("GET", &path), e.status, None, false, None, None);
            e.into_response()
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn amount_text(cents: i64, currency: &str) -> String {
    format!(
        "{}.{:02} {}",
        cents / 100,
        cents % 100,
        currency.to_uppercase()
    )
}

/// The hosted payment page: what the session sells, a "Pay" button and a way back.
async fn page(State(sb): State<StripeSandbox>, Path(id): Path<String>) -> Response {
    let Some(session) = sb.lock().sessions.get(&id).cloned() else {
        return (
            StatusCode::NOT_FOUND,
            Html(page_html("Not found", "<p>No such checkout session.</p>")),
        )
            .into_response();
    };
    let amount = amount_text(
        session["amount_total"].as_i64().unwrap_or(0),
        session["currency"].as_str().unwrap_or("usd"),
    );
    let name = session["line_items_preview"][0]["name"]
        .as_str()
        .unwrap_or("Payment");
    let body = match session["status"].as_str() {
        Some("open") => {
            let cancel = session["cancel_url"]
                .as_str()
                .map(|u| {
                    format!(
                        r#"<p><a id="cancel" href="{}">Cancel and go back</a></p>"#,
                        escape(u)
                    )
                })
                .unwrap_or_default();
            format!(
                r#"<p class="product">{}</p><p class="amount" id="amount">{}</p>
<form method="post" action="/c/pay/{}"><p>Test card 4242 4242 4242 4242</p><button type="submit" id="pay">Pay {}</button></form>{}"#,
                escape(name),
                escape(&amount),
                escape(&id),
                escape(&amount),
                cancel
            )
        }
        Some("complete") => format!(r#"<p id="status">Paid {}.</p>"#, escape(&amount)),
        _ => r#"<p id="status">This checkout session has expired.</p>"#.to_owned(),
    };
    Html(page_html("Sandbox checkout", &body)).into_response()
}

fn page_html(title: &str, body: &str) -> String {
    format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head><body><main><h1>{title}</h1>{body}</main></body></html>"#
    )
}

/// The "Pay" button: completes the session, delivers the event, sends the payer back.
async fn page_pay(State(sb): State<StripeSandbox>, Path(id): Path<String>) -> Response {
    let event = sb.complete(&id);
    if let Some(event) = &event {
        sb.deliver(event, None).await;
    }
    let Some(session) = sb.lock().sessions.get(&id).cloned() else {
        return (
            StatusCode::NOT_FOUND,
            Html(page_html("Not found", "<p>No such checkout session.</p>")),
        )
            .into_response();
    };
    if session["status"] != "complete" {
        return (
            StatusCode::GONE,
            Html(page_html(
                "Sandbox checkout",
                "<p id=\"status\">This checkout session has expired.</p>",
            )),
        )
            .into_response();
    }
    let target = session["success_url"]
        .as_str()
        .unwrap_or_default()
        .replace("{CHECKOUT_SESSION_ID}", &id);
    Redirect::to(&target).into_response()
}

async fn control_ledger(State(sb): State<StripeSandbox>) -> impl IntoResponse {
    axum::Json(json!({ "calls": sb.ledger() }))
}

async fn control_sessions(State(sb): State<StripeSandbox>) -> impl IntoResponse {
    axum::Json(json!({ "data": sb.sessions() }))
}

async fn control_events(State(sb): State<StripeSandbox>) -> impl IntoResponse {
    let data: Vec<Value> = sb.events().into_iter().map(|(_, _, body)| body).collect();
    axum::Json(json!({ "data": data }))
}

async fn control_deliveries(State(sb): State<StripeSandbox>) -> impl IntoResponse {
    axum::Json(json!({ "data": sb.deliveries() }))
}

async fn control_faults(State(sb): State<StripeSandbox>) -> impl IntoResponse {
    axum::Json(sb.faults())
}

async fn control_put_faults(State(sb): State<StripeSandbox>, body: Bytes) -> Response {
    match serde_json::from_slice::<Faults>(&body) {
        Ok(f) if f.is_valid() => {
            sb.set_faults(f);
            axum::Json(f).into_response()
        }
        _ => (StatusCode::BAD_REQUEST, "rates are shares between 0 and 1").into_response(),
    }
}

#[derive(Deserialize)]
struct WebhookBody {
    url: Option<String>,
}

async fn control_put_webhook(State(sb): State<StripeSandbox>, body: Bytes) -> Response {
    match serde_json::from_slice::<WebhookBody>(&body) {
        Ok(w) => {
            sb.set_webhook_url(w.url.clone());
            axum::Json(json!({ "url": w.url })).into_response()
        }
        Err(_) => (StatusCode::BAD_REQUEST, "expected {\"url\": …}").into_response(),
    }
}

#[derive(Deserialize)]
struct RedeliverQuery {
    forgery: Option<Forgery>,
}

async fn control_redeliver(
    State(sb): State<StripeSandbox>,
    Path(id): Path<String>,
    Query(q): Query<RedeliverQuery>,
) -> Response {
    if !sb.lock().events.iter().any(|e| e.id == id) {
        return (StatusCode::NOT_FOUND, "no such event").into_response();
    }
    let status = sb.redeliver(&id, q.forgery).await;
    axum::Json(json!({ "event": id, "http_status": status })).into_response()
}

async fn control_expire(State(sb): State<StripeSandbox>, Path(id): Path<String>) -> Response {
    match sb.expire(&id).await {
        Some(event) => axum::Json(json!({ "event": event })).into_response(),
        None => (StatusCode::CONFLICT, "no open session with this id").into_response(),
    }
}

/// A stand-in served on a TCP port; dropping the handle stops the server.
pub struct StripeHandle {
    base_url: String,
    addr: SocketAddr,
    sandbox: StripeSandbox,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl StripeHandle {
    /// `http://127.0.0.1:PORT`, with no trailing slash: the API base and the pages' host.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn sandbox(&self) -> &StripeSandbox {
        &self.sandbox
    }

    /// Stops accepting requests and waits for the server task to end.
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for StripeHandle {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// Serves a new stand-in on `addr` (port 0 picks a free port).
pub async fn serve(addr: SocketAddr, config: StripeConfig) -> std::io::Result<StripeHandle> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let base_url = format!("http://{addr}");
    let sandbox = StripeSandbox::new(config);
    sandbox.lock().base_url = base_url.clone();
    let (tx, rx) = oneshot::channel::<()>();
    let app = sandbox.router();
    let task = tokio::spawn(async move {
        let server = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = server.await {
            tracing::error!(error = %e, "stripe sandbox stopped");
        }
    });
    Ok(StripeHandle {
        base_url,
        addr,
        sandbox,
        shutdown: Some(tx),
        task: Some(task),
    })
}

/// A stand-in on a free loopback port: the in-process form tests and the demo use.
pub async fn start(config: StripeConfig) -> std::io::Result<StripeHandle> {
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_keys_are_quoted_masked() {
        assert_eq!(masked("sk_test_abcdefgh1234"), "sk_test_****1234");
    }

    #[test]
    fn basic_auth_carries_the_key_as_user_name() {
        let mut headers = HeaderMap::new();
        // base64("sk_test_x:")
        headers.insert(
            header::AUTHORIZATION,
            "Basic c2tfdGVzdF94Og==".parse().expect("header"),
        );
        assert_eq!(api_key(&headers).as_deref(), Some("sk_test_x"));
    }
}
