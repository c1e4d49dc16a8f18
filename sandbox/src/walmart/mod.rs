//! A local Walmart Marketplace API (US, v3): the client-credentials token, items through the
//! `MP_ITEM` feed with asynchronous ingestion, item read and retire, and orders (cursor
//! paging, acknowledge, ship with tracking, cancel), over in-memory state.
//!
//! What it checks as Walmart does: `Authorization: Basic base64(clientId:clientSecret)` on
//! `/v3/token`, 15-minute access tokens, and on every call `WM_SEC.ACCESS_TOKEN`,
//! `WM_SVC.NAME` and `WM_QOS.CORRELATION_ID`. Failures use the `{"errors": [{code, message,
//! category, severity, field}]}` envelope of the reference.
//!
//! Assumptions where the reference marks a fact ❓ or ⚠️, or says nothing:
//! - A missing `WM_QOS.CORRELATION_ID` or `WM_SVC.NAME` answers 400 `MISSING_REQUEST_HEADER`
//!   naming the header in `field`; a missing, unknown or expired token 401 `UNAUTHORIZED`.
//! - Token buckets per (client id, API) with the rates of [`Api::plan`] (the feed one is the
//!   sandbox's 30 calls per hour per feed type). Every reply carries `x-current-token-count`
//!   (whole tokens left) and `x-next-replenish-time` (Unix milliseconds when the next token
//!   comes); a spent bucket answers 429 `REQUEST_THRESHOLD_VIOLATED` with the same headers.
//! - A feed is `RECEIVED` until polled, `INPROGRESS` for `feed_polls - 1` polls, then
//!   `PROCESSED` (its items applied at that moment, an upsert by SKU).
//! - `nextCursor` is a query string (`?limit=…&hasMoreElements=true&soIndex=…`) sent back on
//!   `GET /v3/orders`, as Walmart's is.
//! - Shipping a line that is not `Acknowledged` (or is already `Shipped`) answers 400
//!   `INVALID_REQUEST_CONTENT`.

mod items;
mod orders;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::gateway::{self, Bucket, CallRecord, Fault, Faults, Scripted};

pub use items::ItemEvent;
pub use orders::{NewPurchaseOrder, ShippedLine};

const MAX_BODY_BYTES: usize = 25 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct WalmartConfig {
    /// The first seller's API key pair. `SANDBOX_WALMART_CLIENT_ID`,
    /// `SANDBOX_WALMART_CLIENT_SECRET`.
    pub client_id: String,
    pub client_secret: String,
    /// `SANDBOX_ERROR_RATE`, `SANDBOX_THROTTLE_RATE`, `SANDBOX_LATENCY_MS`,
    /// `SANDBOX_ERROR_AFTER_WRITE`, as for TikTok.
    pub faults: Faults,
    pub rate_limits: bool,
    /// Polls of a feed's status before it is `PROCESSED`. `SANDBOX_WALMART_FEED_POLLS`.
    pub feed_polls: u32,
    /// A `productName` or `shortDescription` with one of these words fails ingestion.
    pub rejected_words: Vec<String>,
    /// Share of feed items failing ingestion for their main image.
    /// `SANDBOX_LISTING_REJECT_RATE`.
    pub item_reject_rate: f64,
    pub access_token_ttl: Duration,
    /// Orders generated for every seller.
    pub orders_per_seller: usize,
    pub seed: u64,
}

impl Default for WalmartConfig {
    fn default() -> Self {
        WalmartConfig {
            client_id: "sandbox-walmart-client-id".into(),
            client_secret: "sandbox-walmart-client-secret".into(),
            faults: Faults {
                retry_after_secs: 1,
                ..Faults::default()
            },
            rate_limits: true,
            feed_polls: 2,
            rejected_words: vec!["replica".into(), "counterfeit".into(), "knockoff".into()],
            item_reject_rate: 0.0,
            access_token_ttl: Duration::from_secs(900),
            orders_per_seller: 12,
            seed: 42,
        }
    }
}

impl WalmartConfig {
    pub fn from_env() -> Result<WalmartConfig, crate::tiktok::ConfigError> {
        let tiktok = crate::tiktok::SandboxConfig::from_env()?;
        let amazon = crate::amazon::AmazonConfig::from_env()?;
        let get = |n: &str| std::env::var(n).ok();
        let mut c = WalmartConfig {
            faults: tiktok.faults,
            seed: tiktok.seed,
            item_reject_rate: amazon.listing_reject_rate,
            ..WalmartConfig::default()
        };
        if let Some(v) = get("SANDBOX_WALMART_CLIENT_ID") {
            c.client_id = v;
        }
        if let Some(v) = get("SANDBOX_WALMART_CLIENT_SECRET") {
            c.client_secret = v;
        }
        if let Some(v) = get("SANDBOX_WALMART_FEED_POLLS") {
            c.feed_polls = v.trim().parse().map_err(|_| crate::tiktok::ConfigError {
                name: "SANDBOX_WALMART_FEED_POLLS",
                reason: format!("{v:?} is not a whole number"),
            })?;
        }
        Ok(c)
    }
}

/// The APIs the stand-in limits separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Api {
    SubmitFeed,
    FeedStatus,
    GetItem,
    RetireItem,
    GetOrders,
    GetOrder,
    Acknowledge,
    Ship,
    Cancel,
}

impl Api {
    pub fn name(self) -> &'static str {
        match self {
            Api::SubmitFeed => "submitFeed",
            Api::FeedStatus => "getFeedStatus",
            Api::GetItem => "getItem",
            Api::RetireItem => "retireItem",
            Api::GetOrders => "getAllOrders",
            Api::GetOrder => "getAnOrder",
            Api::Acknowledge => "acknowledgeOrder",
            Api::Ship => "shipOrderLines",
            Api::Cancel => "cancelOrderLines",
        }
    }

    /// (tokens per second, bucket size).
    pub fn plan(self) -> (f64, f64) {
        match self {
            Api::SubmitFeed => (30.0 / 3600.0, 30.0),
            Api::FeedStatus => (10.0, 100.0),
            Api::GetItem | Api::RetireItem => (15.0, 300.0),
            Api::GetOrders | Api::GetOrder => (20.0, 200.0),
            Api::Acknowledge | Api::Ship | Api::Cancel => (20.0, 200.0),
        }
    }

    fn is_write(self) -> bool {
        matches!(
            self,
            Api::SubmitFeed | Api::RetireItem | Api::Acknowledge | Api::Ship | Api::Cancel
        )
    }

    const ALL: [Api; 9] = [
        Api::SubmitFeed,
        Api::FeedStatus,
        Api::GetItem,
        Api::RetireItem,
        Api::GetOrders,
        Api::GetOrder,
        Api::Acknowledge,
        Api::Ship,
        Api::Cancel,
    ];
}

/// A failure in the `{"errors": [...]}` envelope.
#[derive(Debug, Clone)]
pub(crate) struct ApiError {
    pub status: StatusCode,
    pub code: String,
    pub message: String,
    pub category: &'static str,
    pub field: Option<String>,
}

impl ApiError {
    pub fn new(
        status: StatusCode,
        code: impl Into<String>,
        message: impl Into<String>,
        category: &'static str,
    ) -> ApiError {
        ApiError {
            status,
            code: code.into(),
            message: message.into(),
            category,
            field: None,
        }
    }

    pub fn invalid(field: &str, message: impl Into<String>) -> ApiError {
        ApiError {
            field: Some(field.to_owned()),
            ..ApiError::new(
                StatusCode::BAD_REQUEST,
                "INVALID_REQUEST_PARAM",
                message,
                "DATA",
            )
        }
    }

    pub fn content(message: impl Into<String>) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "INVALID_REQUEST_CONTENT",
            message,
            "DATA",
        )
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "CONTENT_NOT_FOUND", message, "DATA")
    }

    fn unauthorized(message: &str) -> ApiError {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "UNAUTHORIZED.GMP_GATEWAY_API",
            message,
            "DATA",
        )
    }

    fn missing_header(name: &str) -> ApiError {
        ApiError {
            field: Some(name.to_owned()),
            ..ApiError::new(
                StatusCode::BAD_REQUEST,
                "MISSING_REQUEST_HEADER",
                format!("Required header {name} is missing"),
                "REQUEST",
            )
        }
    }

    fn throttled() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API",
            "Too many requests: the rate limit of this API is exceeded",
            "REQUEST",
        )
    }

    fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "SYSTEM_ERROR.GMP_GATEWAY_API",
            "Internal server error",
            "SYSTEM",
        )
    }

    fn body(&self) -> Value {
        json!({ "errors": [{
            "code": self.code,
            "message": self.message,
            "category": self.category,
            "severity": "ERROR",
            "field": self.field,
        }] })
    }
}

pub(crate) type Answer = Result<Value, ApiError>;

/// A seller: its API key pair and display name.
#[derive(Debug, Clone)]
pub struct WalmartSeller {
    pub client_id: String,
    pub client_secret: String,
    pub name: String,
}

struct AccessToken {
    client_id: String,
    expires_at_ms: i64,
}

pub(crate) struct Inner {
    pub config: WalmartConfig,
    pub rng: StdRng,
    scripted: VecDeque<Scripted>,
    rates: HashMap<Api, (f64, f64)>,
    buckets: HashMap<(String, Api), Bucket>,
    pub ledger: Vec<CallRecord>,
    sellers: Vec<WalmartSeller>,
    tokens: HashMap<String, AccessToken>,
    pub feeds: BTreeMap<String, items::Feed>,
    pub items: BTreeMap<(String, String), items::Item>,
    pub item_events: Vec<ItemEvent>,
    pub orders: BTreeMap<String, orders::PurchaseOrder>,
    pub shipped: Vec<ShippedLine>,
}

impl Inner {
    fn rate(&self, api: Api) -> (f64, f64) {
        self.rates.get(&api).copied().unwrap_or_else(|| api.plan())
    }

    fn add_seller(&mut self, seller: WalmartSeller, now_ms: i64) {
        let count = self.config.orders_per_seller;
        let id = seller.client_id.clone();
        self.sellers.push(seller);
        orders::generate(self, &id, count, now_ms);
    }
}

#[derive(Clone)]
pub struct WalmartSandbox {
    inner: Arc<Mutex<Inner>>,
}

pub(crate) fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl WalmartSandbox {
    pub fn new(config: WalmartConfig) -> WalmartSandbox {
        let first = WalmartSeller {
            client_id: config.client_id.clone(),
            client_secret: config.client_secret.clone(),
            name: "Sandbox Walmart Seller".into(),
        };
        let mut inner = Inner {
            rng: StdRng::seed_from_u64(config.seed),
            config,
            scripted: VecDeque::new(),
            rates: HashMap::new(),
            buckets: HashMap::new(),
            ledger: Vec::new(),
            sellers: Vec::new(),
            tokens: HashMap::new(),
            feeds: BTreeMap::new(),
            items: BTreeMap::new(),
            item_events: Vec::new(),
            orders: BTreeMap::new(),
            shipped: Vec::new(),
        };
        inner.add_seller(first, now_ms());
        WalmartSandbox {
            inner: Arc::new(Mutex::new(inner)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/__sandbox/walmart/ledger", get(ledger_route))
            .route("/__sandbox/walmart/faults", get(get_faults).put(put_faults))
            .fallback(api)
            .with_state(self.clone())
    }

    /// The first seller, whose key pair the configuration names.
    pub fn default_seller(&self) -> WalmartSeller {
        self.lock().sellers[0].clone()
    }

    /// A new seller with a fresh key pair and generated orders.
    pub fn add_seller(&self, name: &str) -> WalmartSeller {
        let mut inner = self.lock();
        let id = format!(
            "{}-{}",
            gateway::random_chars(&mut inner.rng, gateway::HEX, 8),
            gateway::random_chars(&mut inner.rng, gateway::HEX, 12)
        );
        let secret = gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 40);
        let seller = WalmartSeller {
            client_id: id,
            client_secret: secret,
            name: name.to_owned(),
        };
        inner.add_seller(seller.clone(), now_ms());
        seller
    }

    pub fn ledger(&self) -> Vec<CallRecord> {
        self.lock().ledger.clone()
    }

    pub fn effects(&self, effect: &str) -> Vec<CallRecord> {
        self.lock()
            .ledger
            .iter()
            .filter(|c| c.effect.as_deref() == Some(effect))
            .cloned()
            .collect()
    }

    /// What feeds did to items (created, updated, retired), in order.
    pub fn item_events(&self) -> Vec<ItemEvent> {
        self.lock().item_events.clone()
    }

    /// An item as `GET /v3/items/{sku}` shows it.
    pub fn item(&self, client_id: &str, sku: &str) -> Option<Value> {
        self.lock()
            .items
            .get(&(client_id.to_owned(), sku.to_owned()))
            .map(items::Item::to_json)
    }

    pub fn item_count(&self, client_id: &str) -> usize {
        self.lock()
            .items
            .keys()
            .filter(|(c, _)| c == client_id)
            .count()
    }

    pub fn faults(&self) -> Faults {
        self.lock().config.faults.clone()
    }

    pub fn set_faults(&self, faults: Faults) {
        self.lock().config.faults = faults;
    }

    pub fn throttle_next(&self, count: usize) {
        self.lock()
            .scripted
            .extend(std::iter::repeat_n(Scripted::Throttle, count));
    }

    pub fn fail_next(&self, count: usize) {
        self.lock()
            .scripted
            .extend(std::iter::repeat_n(Scripted::Error, count));
    }

    /// The next `count` writes are applied, then answered 500 (their answer lost); reads in
    /// between are answered as usual.
    pub fn fail_next_after_write(&self, count: usize) {
        self.lock()
            .scripted
            .extend(std::iter::repeat_n(Scripted::ErrorAfterWrite, count));
    }

    /// Sets an API's bucket (by [`Api::name`]); false for an unknown name.
    pub fn set_rate(&self, api: &str, rate: f64, burst: f64) -> bool {
        let Some(a) = Api::ALL.iter().find(|a| a.name() == api) else {
            return false;
        };
        let mut inner = self.lock();
        inner.rates.insert(*a, (rate, burst.max(1.0)));
        inner.buckets.retain(|(_, x), _| x != a);
        true
    }

    pub fn set_rate_limits(&self, on: bool) {
        self.lock().config.rate_limits = on;
    }

    pub fn set_feed_polls(&self, polls: u32) {
        self.lock().config.feed_polls = polls;
    }

    pub fn expire_access_token(&self, token: &str) {
        let now = now_ms();
        if let Some(t) = self.lock().tokens.get_mut(token) {
            t.expires_at_ms = now;
        }
    }

    /// Puts `count` published sample items in a seller's catalogue (`DEMO-TEE-{n}`), for the
    /// demo. Not ledgered: they stand for what the seller had before connecting.
    pub fn seed_sample_items(&self, client_id: &str, count: usize) -> Vec<String> {
        let mut inner = self.lock();
        let mut skus = Vec::new();
        for n in 0..count {
            let sku = format!("DEMO-TEE-{n}");
            let wpid = gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 12);
            inner.items.insert(
                (client_id.to_owned(), sku.clone()),
                items::Item {
                    sku: sku.clone(),
                    wpid,
                    gtin: format!("{:014}", 12_345_678_900u64 + n as u64),
                    product_name: format!("Sample Graphic Tee #{n}"),
                    category: "Clothing".into(),
                    price: json!(24.99),
                    retired: false,
                },
            );
            skus.push(sku);
        }
        skus
    }

    /// Makes every access token of a seller expire now.
    pub fn expire_tokens(&self, client_id: &str) {
        let now = now_ms();
        for t in self.lock().tokens.values_mut() {
            if t.client_id == client_id {
                t.expires_at_ms = now;
            }
        }
    }

    /// Adds `count` generated orders to a seller.
    pub fn add_orders(&self, client_id: &str, count: usize) -> Vec<String> {
        let mut inner = self.lock();
        orders::generate(&mut inner, client_id, count, now_ms())
    }

    /// One order exactly as described, placed now (lines `Created`).
    pub fn place_order(&self, client_id: &str, spec: &NewPurchaseOrder) -> String {
        let mut inner = self.lock();
        orders::place(&mut inner, client_id, spec, now_ms())
    }

    pub fn order(&self, purchase_order_id: &str) -> Option<Value> {
        self.lock()
            .orders
            .get(purchase_order_id)
            .map(orders::PurchaseOrder::to_json)
    }

    /// Every line shipment accepted, in order. A refused repeat is not one.
    pub fn shipped_lines(&self) -> Vec<ShippedLine> {
        self.lock().shipped.clone()
    }
}

pub struct WalmartHandle {
    base_url: String,
    sandbox: WalmartSandbox,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl WalmartHandle {
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn sandbox(&self) -> &WalmartSandbox {
        &self.sandbox
    }

    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for WalmartHandle {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

pub async fn serve(addr: SocketAddr, config: WalmartConfig) -> std::io::Result<WalmartHandle> {
    serve_sandbox(addr, WalmartSandbox::new(config)).await
}

pub async fn serve_sandbox(
    addr: SocketAddr,
    sandbox: WalmartSandbox,
) -> std::io::Result<WalmartHandle> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let (tx, rx) = oneshot::channel::<()>();
    let app = sandbox.router();
    let task = tokio::spawn(async move {
        let server = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = server.await {
            tracing::error!(error = %e, "walmart sandbox stopped");
        }
    });
    Ok(WalmartHandle {
        base_url: format!("http://{addr}"),
        sandbox,
        shutdown: Some(tx),
        task: Some(task),
    })
}

pub async fn start(config: WalmartConfig) -> std::io::Result<WalmartHandle> {
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).await
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    Token,
    Api(Api, Option<String>),
}

fn resolve(method: &Method, path: &str) -> Option<Route> {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let m = method.clone();
    let route = match segments.as_slice() {
        ["v3", "token"] if m == Method::POST => Route::Token,
        ["v3", "feeds"] if m == Method::POST => Route::Api(Api::SubmitFeed, None),
        ["v3", "feeds", id] if m == Method::GET => {
            Route::Api(Api::FeedStatus, Some(gateway::percent_decode(id)))
        }
        ["v3", "items", sku] if m == Method::GET => {
            Route::Api(Api::GetItem, Some(gateway::percent_decode(sku)))
        }
        ["v3", "items", sku] if m == Method::DELETE => {
            Route::Api(Api::RetireItem, Some(gateway::percent_decode(sku)))
        }
        ["v3", "orders"] if m == Method::GET => Route::Api(Api::GetOrders, None),
        ["v3", "orders", "released"] if m == Method::GET => {
            Route::Api(Api::GetOrders, Some("released".into()))
        }
        ["v3", "orders", po] if m == Method::GET => Route::Api(Api::GetOrder, Some(po.to_string())),
        ["v3", "orders", po, "acknowledge"] if m == Method::POST => {
            Route::Api(Api::Acknowledge, Some(po.to_string()))
        }
        ["v3", "orders", po, "shipping"] if m == Method::POST => {
            Route::Api(Api::Ship, Some(po.to_string()))
        }
        ["v3", "orders", po, "cancel"] if m == Method::POST => {
            Route::Api(Api::Cancel, Some(po.to_string()))
        }
        _ => return None,
    };
    Some(route)
}

pub(crate) struct Call {
    pub query: Vec<(String, String)>,
    pub headers: HeaderMap,
    pub body: Bytes,
    pub client_id: String,
    pub now_ms: i64,
}

impl Call {
    pub fn query(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json<T: serde::de::DeserializeOwned>(&self) -> Result<T, ApiError> {
        serde_json::from_slice(&self.body)
            .map_err(|e| ApiError::content(format!("The request body is not valid: {e}")))
    }
}

fn header_value<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .trim()
}

/// Adds the throttling headers of a bucket to a reply.
fn with_usage(mut response: Response, usage: Option<(u64, i64)>) -> Response {
    if let Some((count, next_ms)) = usage {
        let headers = response.headers_mut();
        headers.insert("x-current-token-count", HeaderValue::from(count));
        headers.insert("x-next-replenish-time", HeaderValue::from(next_ms));
    }
    response
}

fn error_response(e: &ApiError) -> Response {
    (e.status, axum::Json(gateway::without_nulls(e.body()))).into_response()
}

/// Every API call: routing, faults, headers and token, the bucket, the handler, the ledger.
async fn api(State(sb): State<WalmartSandbox>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().to_owned();
    let Some(route) = resolve(&parts.method, &path) else {
        return error_response(&ApiError::new(
            StatusCode::NOT_FOUND,
            "URI_NOT_FOUND",
            format!("No resource at {path}"),
            "REQUEST",
        ));
    };
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY_BYTES).await else {
        return error_response(&ApiError::content("The file is larger than 25 MB"));
    };
    let dice = {
        let mut inner = sb.lock();
        let inner = &mut *inner;
        let write = matches!(&route, Route::Api(api, _) if api.is_write());
        gateway::roll(
            &mut inner.rng,
            &inner.config.faults,
            &mut inner.scripted,
            write,
        )
    };
    if dice.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(dice.latency_ms)).await;
    }
    let mut inner = sb.lock();
    let inner = &mut *inner;
    let now = now_ms();
    let operation = match &route {
        Route::Token => "token",
        Route::Api(api, _) => api.name(),
    };
    let mut record = CallRecord {
        seq: inner.ledger.len() as u64 + 1,
        at_ms: now,
        method: parts.method.to_string(),
        path: path.clone(),
        operation: operation.to_owned(),
        account: None,
        status: 0,
        fault: None,
        effect: None,
        resource: None,
    };
    let finish = |inner: &mut Inner, mut record: CallRecord, response: Response, fault| {
        record.status = response.status().as_u16();
        record.fault = fault;
        inner.ledger.push(record);
        response
    };
    if dice.throttle {
        // An injected 429 looks like an earned one: an empty bucket and its next refill.
        let wait_ms = inner.config.faults.retry_after_secs.max(1) as i64 * 1000;
        let response = with_usage(
            error_response(&ApiError::throttled()),
            Some((0, now + wait_ms)),
        );
        return finish(inner, record, response, Some(Fault::Throttle));
    }
    if dice.error {
        return finish(
            inner,
            record,
            error_response(&ApiError::internal()),
            Some(Fault::Error),
        );
    }
    for name in ["WM_SVC.NAME", "WM_QOS.CORRELATION_ID"] {
        if header_value(&parts.headers, name).is_empty() {
            return finish(
                inner,
                record,
                error_response(&ApiError::missing_header(name)),
                None,
            );
        }
    }
    let (api, param) = match route {
        Route::Token => {
            let response = token(inner, &parts.headers, &body, now, &mut record);
            return finish(inner, record, response, None);
        }
        Route::Api(api, param) => (api, param),
    };
    let token = header_value(&parts.headers, "WM_SEC.ACCESS_TOKEN");
    let client_id = match inner.tokens.get(token) {
        _ if token.is_empty() => Err(ApiError::unauthorized(
            "Unauthorized: the WM_SEC.ACCESS_TOKEN header is missing",
        )),
        None => Err(ApiError::unauthorized(
            "Unauthorized token or invalid client id/secret",
        )),
        Some(t) if t.expires_at_ms <= now => Err(ApiError::unauthorized(
            "Unauthorized: the access token has expired",
        )),
        Some(t) => Ok(t.client_id.clone()),
    };
    let client_id = match client_id {
        Ok(c) => c,
        Err(e) => return finish(inner, record, error_response(&e), None),
    };
    record.account = Some(client_id.clone());
    let (rate, burst) = inner.rate(api);
    let usage = if inner.config.rate_limits {
        let bucket = inner
            .buckets
            .entry((client_id.clone(), api))
            .or_insert_with(|| Bucket::full(burst, now));
        let taken = bucket.take(rate, burst, now);
        let left = bucket.tokens.max(0.0);
        let next_ms = now + (((1.0 - left.fract()) / rate.max(1e-9)) * 1000.0).ceil() as i64;
        let usage = Some((left.floor() as u64, next_ms));
        if taken.is_err() {
            let response = with_usage(error_response(&ApiError::throttled()), usage);
            return finish(inner, record, response, None);
        }
        usage
    } else {
        None
    };
    let call = Call {
        query: form_urlencoded::parse(parts.uri.query().unwrap_or_default().as_bytes())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect(),
        headers: parts.headers.clone(),
        body,
        client_id,
        now_ms: now,
    };
    let param = param.unwrap_or_default();
    let mut effect = Effect::default();
    let answer = match api {
        Api::SubmitFeed => items::submit_feed(inner, &call, &mut effect),
        Api::FeedStatus => items::feed_status(inner, &call, &param),
        Api::GetItem => items::get_item(inner, &call, &param),
        Api::RetireItem => items::retire(inner, &call, &param, &mut effect),
        Api::GetOrders if param == "released" => orders::released(inner, &call),
        Api::GetOrders => orders::list(inner, &call),
        Api::GetOrder => orders::get(inner, &call, &param),
        Api::Acknowledge => orders::acknowledge(inner, &call, &param, &mut effect),
        Api::Ship => orders::ship(inner, &call, &param, &mut effect),
        Api::Cancel => orders::cancel(inner, &call, &param, &mut effect),
    };
    record.effect = effect.kind.map(str::to_owned);
    record.resource = effect.resource;
    if dice.error_after_write && api.is_write() {
        let response = with_usage(error_response(&ApiError::internal()), usage);
        return finish(inner, record, response, Some(Fault::ErrorAfterWrite));
    }
    let response = match answer {
        Ok(body) => (StatusCode::OK, axum::Json(gateway::without_nulls(body))).into_response(),
        Err(e) => error_response(&e),
    };
    finish(inner, record, with_usage(response, usage), None)
}

#[derive(Default)]
pub(crate) struct Effect {
    pub kind: Option<&'static str>,
    pub resource: Option<String>,
}

impl Effect {
    pub fn set(&mut self, kind: &'static str, resource: impl Into<String>) {
        self.kind = Some(kind);
        self.resource = Some(resource.into());
    }
}

/// `POST /v3/token`: client credentials from `Authorization: Basic`.
fn token(
    inner: &mut Inner,
    headers: &HeaderMap,
    body: &[u8],
    now: i64,
    record: &mut CallRecord,
) -> Response {
    let grant_type = form_urlencoded::parse(body)
        .find(|(k, _)| k == "grant_type")
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default();
    if grant_type != "client_credentials" {
        return error_response(&ApiError::invalid(
            "grant_type",
            "grant_type must be client_credentials",
        ));
    }
    let basic = header_value(headers, header::AUTHORIZATION.as_str());
    let pair = basic
        .strip_prefix("Basic ")
        .and_then(|b| {
            base64::engine::general_purpose::STANDARD
                .decode(b.trim())
                .ok()
        })
        .and_then(|b| String::from_utf8(b).ok());
    let seller = pair.and_then(|p| {
        let (id, secret) = p.split_once(':')?;
        inner
            .sellers
            .iter()
            .find(|s| s.client_id == id && s.client_secret == secret)
            .cloned()
    });
    let Some(seller) = seller else {
        return error_response(&ApiError::unauthorized(
            "Unauthorized token or invalid client id/secret",
        ));
    };
    record.account = Some(seller.client_id.clone());
    let token = format!(
        "eyJraWQiOi{}",
        gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 120)
    );
    let ttl = inner.config.access_token_ttl;
    inner.tokens.insert(
        token.clone(),
        AccessToken {
            client_id: seller.client_id,
            expires_at_ms: now + ttl.as_millis() as i64,
        },
    );
    axum::Json(json!({
        "access_token": token,
        "token_type": "Bearer",
        "expires_in": ttl.as_secs(),
    }))
    .into_response()
}

async fn ledger_route(State(sb): State<WalmartSandbox>) -> Response {
    axum::Json(json!({ "calls": sb.ledger(), "item_events": sb.item_events() })).into_response()
}

async fn get_faults(State(sb): State<WalmartSandbox>) -> Response {
    axum::Json(sb.faults()).into_response()
}

async fn put_faults(State(sb): State<WalmartSandbox>, body: Bytes) -> Response {
    match serde_json::from_slice::<Faults>(&body) {
        Ok(f) if (0.0..=1.0).contains(&f.error_rate) && (0.0..=1.0).contains(&f.throttle_rate) => {
            sb.set_faults(f.clone());
            axum::Json(f).into_response()
        }
        _ => (
            StatusCode::BAD_REQUEST,
            "expected {error_rate, throttle_rate in 0..=1, latency_ms, error_after_write}",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_the_apis() {
        assert_eq!(
            resolve(&Method::POST, "/v3/orders/123/shipping"),
            Some(Route::Api(Api::Ship, Some("123".into())))
        );
        assert_eq!(
            resolve(&Method::GET, "/v3/orders/released"),
            Some(Route::Api(Api::GetOrders, Some("released".into())))
        );
        assert_eq!(resolve(&Method::PUT, "/v3/orders"), None);
    }
}
