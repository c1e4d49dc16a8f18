//! A local Amazon Selling Partner API: the Seller Central consent page, the Login with Amazon
//! token endpoint, and the SP-API operations Sellerdesk uses (Sellers, Product Type
//! Definitions, Listings Items 2021-08-01, Orders v0 with Restricted Data Tokens, shipment
//! confirmation) over in-memory state. One server answers for the three hosts
//! (`sellercentral.amazon.com`, `api.amazon.com`, `sellingpartnerapi-na.amazon.com`).
//!
//! What it checks as Amazon does: the LWA client id and secret; single-use authorization codes
//! that last five minutes; access tokens that last an hour and are refused once expired with
//! Amazon's 403 `Unauthorized` ("The access token you provided has expired."); the
//! `x-amz-access-token` header on every call; the seller id in listing paths; buyer PII only
//! through a Restricted Data Token covering the path. Every reply carries `x-amzn-RequestId`
//! and `x-amzn-RateLimit-Limit`; a spent bucket answers 429 `QuotaExceeded` in the `errors`
//! envelope (Amazon sends no `Retry-After`).
//!
//! Assumptions where the reference marks a fact ❓ or says nothing:
//! - Token buckets per (selling partner, operation) at the usage-plan table's rate and burst
//!   (reference "Rate limits"); [`AmazonSandbox::set_rate`] changes one for a test.
//! - A new listing that is still processing answers GET with empty `summaries` and `issues`;
//!   a rejected one keeps no summary, only its issues.
//! - A missing required attribute answers the PUT at once with `status: INVALID` (code
//!   `90220`, Amazon's "is required but not supplied"); rejections found later (restricted
//!   words, the injected `listing_reject_rate`) come as ERROR issues after
//!   `processing_delay`, with the attribute they are about in `attributeNames`.
//! - A shipment confirmation for items already shipped answers 400 `InvalidInput`.
//! - `getOrders` answers `CreatedBefore`/`LastUpdatedBefore` as the moment of the call (Amazon
//!   holds back the last two minutes; the stand-in does not, so tests need not wait).

mod listings;
mod orders;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::gateway::{self, Bucket, CallRecord, Fault, Faults, Scripted};

pub use orders::{ConfirmedShipment, NewOrder, NewOrderItem};

/// The US marketplace, the only one the stand-in sells in.
pub const MARKETPLACE_ID: &str = "ATVPDKIKX0DER";

const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct AmazonConfig {
    /// The LWA client id and secret of the app. `SANDBOX_AMAZON_CLIENT_ID`,
    /// `SANDBOX_AMAZON_CLIENT_SECRET`.
    pub client_id: String,
    pub client_secret: String,
    /// The app's id on the consent link. `SANDBOX_AMAZON_APPLICATION_ID`.
    pub application_id: String,
    /// The app's registered redirect URI: the only place the consent page sends a code. A
    /// consent link may repeat it as `redirect_uri`; any other is refused.
    /// `SANDBOX_AMAZON_REDIRECT_URL`.
    pub redirect_url: Option<String>,
    /// `SANDBOX_ERROR_RATE`, `SANDBOX_THROTTLE_RATE`, `SANDBOX_LATENCY_MS`,
    /// `SANDBOX_ERROR_AFTER_WRITE`, as for TikTok. Injected 429s are Amazon's (no
    /// `Retry-After`), so `retry_after_secs` is not used.
    pub faults: Faults,
    /// Token buckets per operation; off means every call passes.
    pub rate_limits: bool,
    /// How long a listing submission stays in processing. `SANDBOX_AUDIT_DELAY_MS`.
    pub processing_delay: Duration,
    /// An `item_name` or `product_description` with one of these words is rejected after
    /// processing.
    pub rejected_words: Vec<String>,
    /// Share of accepted listings rejected after processing for their main image.
    /// `SANDBOX_LISTING_REJECT_RATE`.
    pub listing_reject_rate: f64,
    pub access_token_ttl: Duration,
    /// Orders generated for every newly authorised seller.
    pub orders_per_seller: usize,
    /// `SANDBOX_SEED`.
    pub seed: u64,
}

impl Default for AmazonConfig {
    fn default() -> Self {
        AmazonConfig {
            client_id: "amzn1.application-oa2-client.sandbox".into(),
            client_secret: "amzn1.oa2-cs.v1.sandbox-secret".into(),
            application_id: "amzn1.sp.solution.sandbox".into(),
            redirect_url: None,
            faults: Faults::default(),
            rate_limits: true,
            processing_delay: Duration::from_secs(3),
            rejected_words: vec!["replica".into(), "counterfeit".into(), "knockoff".into()],
            listing_reject_rate: 0.0,
            access_token_ttl: Duration::from_secs(3600),
            orders_per_seller: 12,
            seed: 42,
        }
    }
}

impl AmazonConfig {
    pub fn from_env() -> Result<AmazonConfig, crate::tiktok::ConfigError> {
        let tiktok = crate::tiktok::SandboxConfig::from_env()?;
        let get = |n: &str| std::env::var(n).ok();
        let mut c = AmazonConfig {
            faults: tiktok.faults,
            processing_delay: tiktok.audit_delay,
            seed: tiktok.seed,
            ..AmazonConfig::default()
        };
        if let Some(v) = get("SANDBOX_AMAZON_CLIENT_ID") {
            c.client_id = v;
        }
        if let Some(v) = get("SANDBOX_AMAZON_CLIENT_SECRET") {
            c.client_secret = v;
        }
        if let Some(v) = get("SANDBOX_AMAZON_APPLICATION_ID") {
            c.application_id = v;
        }
        c.redirect_url = get("SANDBOX_AMAZON_REDIRECT_URL");
        if let Some(v) = get("SANDBOX_LISTING_REJECT_RATE") {
            c.listing_reject_rate = v
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|r| (0.0..=1.0).contains(r))
                .ok_or(crate::tiktok::ConfigError {
                    name: "SANDBOX_LISTING_REJECT_RATE",
                    reason: format!("{v:?} is not a share between 0 and 1"),
                })?;
        }
        Ok(c)
    }
}

/// An operation of the SP-API with its usage plan (requests per second, burst).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    GetMarketplaceParticipations,
    SearchDefinitionsProductTypes,
    GetDefinitionsProductType,
    PutListingsItem,
    PatchListingsItem,
    GetListingsItem,
    DeleteListingsItem,
    GetOrders,
    GetOrder,
    GetOrderItems,
    GetOrderAddress,
    ConfirmShipment,
    CreateRestrictedDataToken,
}

impl Operation {
    pub fn name(self) -> &'static str {
        match self {
            Operation::GetMarketplaceParticipations => "getMarketplaceParticipations",
            Operation::SearchDefinitionsProductTypes => "searchDefinitionsProductTypes",
            Operation::GetDefinitionsProductType => "getDefinitionsProductType",
            Operation::PutListingsItem => "putListingsItem",
            Operation::PatchListingsItem => "patchListingsItem",
            Operation::GetListingsItem => "getListingsItem",
            Operation::DeleteListingsItem => "deleteListingsItem",
            Operation::GetOrders => "getOrders",
            Operation::GetOrder => "getOrder",
            Operation::GetOrderItems => "getOrderItems",
            Operation::GetOrderAddress => "getOrderAddress",
            Operation::ConfirmShipment => "confirmShipment",
            Operation::CreateRestrictedDataToken => "createRestrictedDataToken",
        }
    }

    /// The default usage plan: (rate per second, burst).
    pub fn plan(self) -> (f64, f64) {
        match self {
            Operation::GetMarketplaceParticipations => (0.016, 15.0),
            Operation::SearchDefinitionsProductTypes | Operation::GetDefinitionsProductType => {
                (5.0, 10.0)
            }
            Operation::PutListingsItem
            | Operation::PatchListingsItem
            | Operation::GetListingsItem
            | Operation::DeleteListingsItem => (5.0, 10.0),
            Operation::GetOrders => (0.0167, 20.0),
            Operation::GetOrder | Operation::GetOrderItems | Operation::GetOrderAddress => {
                (0.5, 30.0)
            }
            Operation::ConfirmShipment => (2.0, 10.0),
            Operation::CreateRestrictedDataToken => (1.0, 10.0),
        }
    }

    fn is_write(self) -> bool {
        matches!(
            self,
            Operation::PutListingsItem
                | Operation::PatchListingsItem
                | Operation::DeleteListingsItem
                | Operation::ConfirmShipment
                | Operation::CreateRestrictedDataToken
        )
    }
}

/// A failure in Amazon's `{"errors": [{code, message, details}]}` envelope.
#[derive(Debug, Clone)]
pub(crate) struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub details: String,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            details: String::new(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "InvalidInput", message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "NotFound", message)
    }

    pub fn unauthorized(details: &str) -> ApiError {
        ApiError {
            details: details.into(),
            ..ApiError::new(
                StatusCode::FORBIDDEN,
                "Unauthorized",
                "Access to requested resource is denied.",
            )
        }
    }

    fn quota() -> ApiError {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "QuotaExceeded",
            "You exceeded your quota for the requested resource.",
        )
    }

    fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "InternalFailure",
            "We encountered an internal error. Please try again.",
        )
    }

    fn body(&self) -> Value {
        json!({ "errors": [{ "code": self.code, "message": self.message, "details": self.details }] })
    }
}

/// What a handler answers: a status and a JSON body (or none, for 204).
pub(crate) type Answer = Result<(StatusCode, Option<Value>), ApiError>;

pub(crate) struct Seller {
    pub id: String,
    pub store_name: String,
}

struct Grant {
    seller_id: String,
    expires_at_ms: i64,
    used: bool,
}

#[derive(Clone)]
pub(crate) struct AccessToken {
    pub seller_id: String,
    pub expires_at_ms: i64,
    /// A Restricted Data Token: the (method, path) pairs it opens, with their data elements.
    pub restricted: Option<Vec<(String, String, Vec<String>)>>,
}

pub(crate) struct Inner {
    pub config: AmazonConfig,
    pub rng: StdRng,
    scripted: VecDeque<Scripted>,
    rates: HashMap<Operation, (f64, f64)>,
    buckets: HashMap<(String, Operation), Bucket>,
    pub ledger: Vec<CallRecord>,
    pub sellers: Vec<Seller>,
    codes: HashMap<String, Grant>,
    refresh_tokens: HashMap<String, String>,
    pub tokens: HashMap<String, AccessToken>,
    pub listings: BTreeMap<(String, String), listings::Listing>,
    pub orders: BTreeMap<String, orders::Order>,
    pub next_tokens: HashMap<String, orders::PageQuery>,
    pub shipments: Vec<ConfirmedShipment>,
}

impl Inner {
    fn new(config: AmazonConfig) -> Inner {
        Inner {
            rng: StdRng::seed_from_u64(config.seed),
            config,
            scripted: VecDeque::new(),
            rates: HashMap::new(),
            buckets: HashMap::new(),
            ledger: Vec::new(),
            sellers: Vec::new(),
            codes: HashMap::new(),
            refresh_tokens: HashMap::new(),
            tokens: HashMap::new(),
            listings: BTreeMap::new(),
            orders: BTreeMap::new(),
            next_tokens: HashMap::new(),
            shipments: Vec::new(),
        }
    }

    fn rate(&self, op: Operation) -> (f64, f64) {
        self.rates.get(&op).copied().unwrap_or_else(|| op.plan())
    }

    fn grant(&mut self, store_name: &str, now_ms: i64) -> GrantedSeller {
        let id = format!(
            "A{}",
            gateway::random_chars(&mut self.rng, gateway::UPPER_DIGITS, 13)
        );
        self.sellers.push(Seller {
            id: id.clone(),
            store_name: store_name.to_owned(),
        });
        let code = format!(
            "ANDeh{}",
            gateway::random_chars(
                &mut self.rng,
                b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                15
            )
        );
        self.codes.insert(
            code.clone(),
            Grant {
                seller_id: id.clone(),
                expires_at_ms: now_ms + 5 * 60 * 1000,
                used: false,
            },
        );
        let count = self.config.orders_per_seller;
        orders::generate(self, &id, count, now_ms);
        GrantedSeller {
            spapi_oauth_code: code,
            selling_partner_id: id,
            store_name: store_name.to_owned(),
        }
    }

    fn issue_access_token(&mut self, seller_id: &str, now_ms: i64) -> String {
        let token = format!(
            "Atza|{}",
            gateway::random_chars(&mut self.rng, gateway::UPPER_DIGITS, 40)
        );
        let ttl = self.config.access_token_ttl.as_millis() as i64;
        self.tokens.insert(
            token.clone(),
            AccessToken {
                seller_id: seller_id.to_owned(),
                expires_at_ms: now_ms + ttl,
                restricted: None,
            },
        );
        token
    }
}

/// A seller granted without the browser (tests, the demo): exchange the code on the token
/// endpoint as one from the consent redirect.
#[derive(Debug, Clone)]
pub struct GrantedSeller {
    pub spapi_oauth_code: String,
    pub selling_partner_id: String,
    pub store_name: String,
}

/// The stand-in's state, cheap to clone; every clone is the same marketplace.
#[derive(Clone)]
pub struct AmazonSandbox {
    inner: Arc<Mutex<Inner>>,
}

pub(crate) fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl AmazonSandbox {
    pub fn new(config: AmazonConfig) -> AmazonSandbox {
        AmazonSandbox {
            inner: Arc::new(Mutex::new(Inner::new(config))),
        }
    }

    /// Every write is applied whole before the lock is released, so a poisoned lock still
    /// guards usable state.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn client_id(&self) -> String {
        self.lock().config.client_id.clone()
    }

    pub fn client_secret(&self) -> String {
        self.lock().config.client_secret.clone()
    }

    pub fn application_id(&self) -> String {
        self.lock().config.application_id.clone()
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/apps/authorize/consent", get(consent_page))
            .route("/apps/authorize/confirm", get(consent_confirm))
            .route("/__sandbox/amazon/ledger", get(ledger_route))
            .route("/__sandbox/amazon/faults", get(get_faults).put(put_faults))
            .route(
                "/__sandbox/amazon/schemas/{product_type}",
                get(listings::schema_route),
            )
            .fallback(api)
            .with_state(self.clone())
    }

    /// Grants a new seller as if it had pressed "Confirm" on the consent page.
    pub fn grant_seller(&self, store_name: &str) -> GrantedSeller {
        self.lock().grant(store_name, now_ms())
    }

    /// Every LWA and SP-API call answered so far, in order (the consent page not included).
    pub fn ledger(&self) -> Vec<CallRecord> {
        self.lock().ledger.clone()
    }

    /// The calls that had `effect`, such as `listing.create`.
    pub fn effects(&self, effect: &str) -> Vec<CallRecord> {
        self.lock()
            .ledger
            .iter()
            .filter(|c| c.effect.as_deref() == Some(effect))
            .cloned()
            .collect()
    }

    pub fn faults(&self) -> Faults {
        self.lock().config.faults.clone()
    }

    pub fn set_faults(&self, faults: Faults) {
        self.lock().config.faults = faults;
    }

    /// The next `count` API calls answer 429 `QuotaExceeded`.
    pub fn throttle_next(&self, count: usize) {
        self.lock()
            .scripted
            .extend(std::iter::repeat_n(Scripted::Throttle, count));
    }

    /// The next `count` API calls answer 500 before doing anything.
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

    /// Sets an operation's usage plan (by its SP-API name); false for an unknown name.
    pub fn set_rate(&self, operation: &str, rate: f64, burst: f64) -> bool {
        let Some(op) = ALL_OPERATIONS.iter().find(|o| o.name() == operation) else {
            return false;
        };
        let mut inner = self.lock();
        inner.rates.insert(*op, (rate, burst.max(1.0)));
        inner.buckets.retain(|(_, o), _| o != op);
        true
    }

    pub fn set_rate_limits(&self, on: bool) {
        self.lock().config.rate_limits = on;
    }

    pub fn set_processing_delay(&self, delay: Duration) {
        self.lock().config.processing_delay = delay;
    }

    /// Makes an access token (or RDT) expire now.
    pub fn expire_access_token(&self, token: &str) {
        let now = now_ms();
        if let Some(t) = self.lock().tokens.get_mut(token) {
            t.expires_at_ms = now;
        }
    }

    /// The seller removes the app's authorisation in Seller Central: its refresh tokens and
    /// access tokens stop working.
    pub fn revoke_seller(&self, seller_id: &str) {
        let mut inner = self.lock();
        inner.refresh_tokens.retain(|_, s| s != seller_id);
        inner.tokens.retain(|_, t| t.seller_id != seller_id);
    }

    /// A listing as the marketplace holds it now: `{sku, productType, status, issues,
    /// attributes, asin}` (`status`: `PROCESSING`, `BUYABLE`, `REJECTED`, `DELETED`).
    pub fn listing(&self, seller_id: &str, sku: &str) -> Option<Value> {
        let mut inner = self.lock();
        listings::settle(&mut inner, now_ms());
        inner
            .listings
            .get(&(seller_id.to_owned(), sku.to_owned()))
            .map(listings::Listing::describe)
    }

    /// How many listings a seller has (deleted ones not counted).
    pub fn listing_count(&self, seller_id: &str) -> usize {
        self.lock()
            .listings
            .iter()
            .filter(|((s, _), l)| s == seller_id && !l.deleted)
            .count()
    }

    /// Puts `count` live SHIRT listings in a seller's catalogue (`DEMO-TEE-{n}`), for the demo.
    /// Not ledgered: they stand for what the seller had before connecting.
    pub fn seed_sample_listings(&self, seller_id: &str, count: usize) -> Vec<String> {
        let mut inner = self.lock();
        listings::seed(&mut inner, seller_id, count, now_ms())
    }

    /// Adds `count` generated orders to a seller, over the last 30 days.
    pub fn add_orders(&self, seller_id: &str, count: usize) -> Vec<String> {
        let mut inner = self.lock();
        orders::generate(&mut inner, seller_id, count, now_ms())
    }

    /// One order exactly as described, placed now (`Unshipped`).
    pub fn place_order(&self, seller_id: &str, spec: &NewOrder) -> String {
        let mut inner = self.lock();
        orders::place(&mut inner, seller_id, spec, now_ms())
    }

    /// An order as `getOrder` answers it with a Restricted Data Token.
    pub fn order(&self, order_id: &str) -> Option<Value> {
        let inner = self.lock();
        inner.orders.get(order_id).map(|o| o.to_json(true))
    }

    /// Every shipment confirmation accepted, in order. A refused repeat is not one.
    pub fn shipments(&self) -> Vec<ConfirmedShipment> {
        self.lock().shipments.clone()
    }
}

const ALL_OPERATIONS: [Operation; 13] = [
    Operation::GetMarketplaceParticipations,
    Operation::SearchDefinitionsProductTypes,
    Operation::GetDefinitionsProductType,
    Operation::PutListingsItem,
    Operation::PatchListingsItem,
    Operation::GetListingsItem,
    Operation::DeleteListingsItem,
    Operation::GetOrders,
    Operation::GetOrder,
    Operation::GetOrderItems,
    Operation::GetOrderAddress,
    Operation::ConfirmShipment,
    Operation::CreateRestrictedDataToken,
];

/// A served stand-in; dropping the handle stops it.
pub struct AmazonHandle {
    base_url: String,
    sandbox: AmazonSandbox,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl AmazonHandle {
    /// `http://127.0.0.1:PORT`: the consent, LWA and SP-API hosts all at once.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn sandbox(&self) -> &AmazonSandbox {
        &self.sandbox
    }

    /// The consent link a seller opens, as Seller Central's.
    pub fn consent_url(&self, state: &str) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        q.append_pair("application_id", &self.sandbox.application_id())
            .append_pair("state", state)
            .append_pair("version", "beta");
        format!("{}/apps/authorize/consent?{}", self.base_url, q.finish())
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

impl Drop for AmazonHandle {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

pub async fn serve(addr: SocketAddr, config: AmazonConfig) -> std::io::Result<AmazonHandle> {
    serve_sandbox(addr, AmazonSandbox::new(config)).await
}

pub async fn serve_sandbox(
    addr: SocketAddr,
    sandbox: AmazonSandbox,
) -> std::io::Result<AmazonHandle> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let (tx, rx) = oneshot::channel::<()>();
    let app = sandbox.router();
    let task = tokio::spawn(async move {
        let server = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = server.await {
            tracing::error!(error = %e, "amazon sandbox stopped");
        }
    });
    Ok(AmazonHandle {
        base_url: format!("http://{addr}"),
        sandbox,
        shutdown: Some(tx),
        task: Some(task),
    })
}

/// A stand-in on a free loopback port: the in-process form tests and the demo use.
pub async fn start(config: AmazonConfig) -> std::io::Result<AmazonHandle> {
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).await
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    Token,
    Api(Operation, Vec<String>),
}

fn resolve(method: &Method, path: &str) -> Option<Route> {
    if path == "/auth/o2/token" {
        return (method == Method::POST).then_some(Route::Token);
    }
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let m = method.clone();
    let op = match segments.as_slice() {
        ["sellers", "v1", "marketplaceParticipations"] if m == Method::GET => {
            (Operation::GetMarketplaceParticipations, vec![])
        }
        ["definitions", "2020-09-01", "productTypes"] if m == Method::GET => {
            (Operation::SearchDefinitionsProductTypes, vec![])
        }
        ["definitions", "2020-09-01", "productTypes", pt] if m == Method::GET => {
            (Operation::GetDefinitionsProductType, s(&[pt]))
        }
        ["listings", "2021-08-01", "items", seller, sku] => {
            let op = match m {
                Method::PUT => Operation::PutListingsItem,
                Method::PATCH => Operation::PatchListingsItem,
                Method::GET => Operation::GetListingsItem,
                Method::DELETE => Operation::DeleteListingsItem,
                _ => return None,
            };
            (op, s(&[seller, sku]))
        }
        ["orders", "v0", "orders"] if m == Method::GET => (Operation::GetOrders, vec![]),
        ["orders", "v0", "orders", id] if m == Method::GET => (Operation::GetOrder, s(&[id])),
        ["orders", "v0", "orders", id, "orderItems"] if m == Method::GET => {
            (Operation::GetOrderItems, s(&[id]))
        }
        ["orders", "v0", "orders", id, "address"] if m == Method::GET => {
            (Operation::GetOrderAddress, s(&[id]))
        }
        ["orders", "v0", "orders", id, "shipmentConfirmation"] if m == Method::POST => {
            (Operation::ConfirmShipment, s(&[id]))
        }
        ["tokens", "2021-03-01", "restrictedDataToken"] if m == Method::POST => {
            (Operation::CreateRestrictedDataToken, vec![])
        }
        _ => return None,
    };
    Some(Route::Api(op.0, op.1))
}

/// A request as the handlers see it.
pub(crate) struct Call {
    pub query: Vec<(String, String)>,
    pub body: Bytes,
    pub seller_id: String,
    /// The data elements the RDT opens for this path; `None` with a plain access token.
    pub restricted: Option<Vec<String>>,
    pub now_ms: i64,
    pub origin: String,
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
            .map_err(|e| ApiError::invalid(format!("Invalid request body: {e}")))
    }

    /// `marketplaceIds` (or `MarketplaceIds`) must name the US marketplace.
    pub fn require_marketplace(&self, name: &str) -> Result<(), ApiError> {
        let ids = self
            .query(name)
            .ok_or_else(|| ApiError::invalid(format!("Missing required '{name}'")))?;
        if ids.split(',').any(|id| id == MARKETPLACE_ID) {
            Ok(())
        } else {
            Err(ApiError::invalid(format!(
                "Invalid '{name}': the seller does not sell in {ids}"
            )))
        }
    }
}

fn decode_query(raw: Option<&str>) -> Vec<(String, String)> {
    form_urlencoded::parse(raw.unwrap_or_default().as_bytes())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn request_id(inner: &mut Inner) -> String {
    let mut hex = |n| gateway::random_chars(&mut inner.rng, gateway::HEX, n);
    format!("{}-{}-{}-{}-{}", hex(8), hex(4), hex(4), hex(4), hex(12))
}

fn respond(
    status: StatusCode,
    body: Option<Value>,
    request_id: &str,
    rate: Option<f64>,
) -> Response {
    let mut response = match body {
        Some(b) => (status, axum::Json(gateway::without_nulls(b))).into_response(),
        None => status.into_response(),
    };
    let headers = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(request_id) {
        headers.insert("x-amzn-RequestId", v);
    }
    if let Some(rate) = rate
        && let Ok(v) = HeaderValue::from_str(&format_rate(rate))
    {
        headers.insert("x-amzn-RateLimit-Limit", v);
    }
    response
}

/// A rate as Amazon prints it: `0.0167`, `5.0`.
fn format_rate(rate: f64) -> String {
    let text = format!("{rate:.4}");
    let trimmed = text.trim_end_matches('0');
    if trimmed.ends_with('.') {
        format!("{trimmed}0")
    } else {
        trimmed.to_owned()
    }
}

fn origin(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1");
    format!("http://{host}")
}

/// Every LWA and SP-API call: routing, faults, the token, the bucket, the handler, the ledger.
async fn api(State(sb): State<AmazonSandbox>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().to_owned();
    let Some(route) = resolve(&parts.method, &path) else {
        let mut inner = sb.lock();
        let id = request_id(&mut inner);
        let e = ApiError::not_found(format!("Resource {path} is not found."));
        return respond(e.status, Some(e.body()), &id, None);
    };
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY_BYTES).await else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let (op, params) = match route {
        Route::Token => {
            let response = lwa_token(&sb, &body);
            let grant = form_urlencoded::parse(&body)
                .find(|(k, _)| k == "grant_type")
                .map(|(_, v)| v.into_owned())
                .unwrap_or_default();
            let effect = match grant.as_str() {
                _ if !response.status().is_success() => None,
                "authorization_code" => Some("token.exchange"),
                "refresh_token" => Some("token.refresh"),
                _ => None,
            };
            let mut inner = sb.lock();
            let seq = inner.ledger.len() as u64 + 1;
            inner.ledger.push(CallRecord {
                seq,
                at_ms: now_ms(),
                method: "POST".into(),
                path,
                operation: "lwaToken".into(),
                account: None,
                status: response.status().as_u16(),
                fault: None,
                effect: effect.map(str::to_owned),
                resource: None,
            });
            return response;
        }
        Route::Api(op, params) => (op, params),
    };
    let (dice, latency) = {
        let mut inner = sb.lock();
        let inner = &mut *inner;
        let dice = gateway::roll(
            &mut inner.rng,
            &inner.config.faults,
            &mut inner.scripted,
            op.is_write(),
        );
        (dice, dice.latency_ms)
    };
    if latency > 0 {
        tokio::time::sleep(Duration::from_millis(latency)).await;
    }
    let mut inner = sb.lock();
    let inner = &mut *inner;
    let now = now_ms();
    let request_id = request_id(inner);
    let token = parts
        .headers
        .get("x-amz-access-token")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let account = inner.tokens.get(&token).map(|t| t.seller_id.clone());
    let mut record = CallRecord {
        seq: inner.ledger.len() as u64 + 1,
        at_ms: now,
        method: parts.method.to_string(),
        path: path.clone(),
        operation: op.name().to_owned(),
        account: account.clone(),
        status: 0,
        fault: None,
        effect: None,
        resource: None,
    };
    let (rate, burst) = inner.rate(op);
    let finish = |inner: &mut Inner, mut record: CallRecord, status: StatusCode, body, fault| {
        record.status = status.as_u16();
        record.fault = fault;
        inner.ledger.push(record);
        respond(status, body, &request_id, Some(rate))
    };
    if dice.throttle {
        let e = ApiError::quota();
        return finish(
            inner,
            record,
            e.status,
            Some(e.body()),
            Some(Fault::Throttle),
        );
    }
    if dice.error {
        let e = ApiError::internal();
        return finish(inner, record, e.status, Some(e.body()), Some(Fault::Error));
    }
    let call = match authorise(inner, &token, &parts.method, &path, &parts, body, now) {
        Ok(call) => call,
        Err(e) => return finish(inner, record, e.status, Some(e.body()), None),
    };
    if inner.config.rate_limits {
        let bucket = inner
            .buckets
            .entry((call.seller_id.clone(), op))
            .or_insert_with(|| Bucket::full(burst, now));
        if bucket.take(rate, burst, now).is_err() {
            let e = ApiError::quota();
            return finish(inner, record, e.status, Some(e.body()), None);
        }
    }
    listings::settle(inner, now);
    let mut effect = Effect::default();
    let answer = match op {
        Operation::GetMarketplaceParticipations => participations(inner, &call),
        Operation::SearchDefinitionsProductTypes => listings::search_product_types(&call),
        Operation::GetDefinitionsProductType => {
            listings::product_type_definition(&call, &params[0])
        }
        Operation::PutListingsItem => {
            listings::put(inner, &call, &params[0], &params[1], &mut effect)
        }
        Operation::PatchListingsItem => {
            listings::patch(inner, &call, &params[0], &params[1], &mut effect)
        }
        Operation::GetListingsItem => listings::get(inner, &call, &params[0], &params[1]),
        Operation::DeleteListingsItem => {
            listings::delete(inner, &call, &params[0], &params[1], &mut effect)
        }
        Operation::GetOrders => orders::get_orders(inner, &call),
        Operation::GetOrder => orders::get_order(inner, &call, &params[0]),
        Operation::GetOrderItems => orders::get_order_items(inner, &call, &params[0]),
        Operation::GetOrderAddress => orders::get_order_address(inner, &call, &params[0]),
        Operation::ConfirmShipment => {
            orders::confirm_shipment(inner, &call, &params[0], &mut effect)
        }
        Operation::CreateRestrictedDataToken => create_rdt(inner, &call, &mut effect),
    };
    record.effect = effect.kind.map(str::to_owned);
    record.resource = effect.resource;
    if dice.error_after_write && op.is_write() {
        let e = ApiError::internal();
        return finish(
            inner,
            record,
            e.status,
            Some(e.body()),
            Some(Fault::ErrorAfterWrite),
        );
    }
    match answer {
        Ok((status, body)) => finish(inner, record, status, body, None),
        Err(e) => finish(inner, record, e.status, Some(e.body()), None),
    }
}

/// What a handler changed, for the ledger.
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

/// Checks `x-amz-access-token` as Amazon does: a live LWA access token, or a live Restricted
/// Data Token whose resources cover this call.
#[allow(clippy::too_many_arguments)]
fn authorise(
    inner: &mut Inner,
    token: &str,
    method: &Method,
    path: &str,
    parts: &axum::http::request::Parts,
    body: Bytes,
    now: i64,
) -> Result<Call, ApiError> {
    if token.is_empty() {
        return Err(ApiError::unauthorized(
            "Access token is missing in the request header.",
        ));
    }
    let Some(grant) = inner.tokens.get(token).cloned() else {
        return Err(ApiError::unauthorized(
            "The access token you provided is revoked, malformed or invalid.",
        ));
    };
    if grant.expires_at_ms <= now {
        return Err(ApiError::unauthorized(
            "The access token you provided has expired.",
        ));
    }
    let restricted = match &grant.restricted {
        None => None,
        Some(resources) => {
            let open = resources
                .iter()
                .find(|(m, p, _)| m.eq_ignore_ascii_case(method.as_str()) && p == path);
            match open {
                Some((_, _, elements)) => Some(elements.clone()),
                None => {
                    return Err(ApiError::unauthorized(
                        "The restricted data token does not cover this resource.",
                    ));
                }
            }
        }
    };
    Ok(Call {
        query: decode_query(parts.uri.query()),
        body,
        seller_id: grant.seller_id,
        restricted,
        now_ms: now,
        origin: origin(&parts.headers),
    })
}

fn participations(inner: &Inner, call: &Call) -> Answer {
    let store = inner
        .sellers
        .iter()
        .find(|s| s.id == call.seller_id)
        .map(|s| s.store_name.clone())
        .unwrap_or_default();
    Ok((
        StatusCode::OK,
        Some(json!({ "payload": [{
            "marketplace": {
                "id": MARKETPLACE_ID,
                "name": "Amazon.com",
                "countryCode": "US",
                "defaultCurrencyCode": "USD",
                "defaultLanguageCode": "en_US",
                "domainName": "www.amazon.com",
            },
            "participation": { "isParticipating": true, "hasSuspendedListings": false },
            "storeName": store,
        }] })),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RdtRequest {
    restricted_resources: Vec<RestrictedResource>,
    #[serde(default)]
    target_application: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RestrictedResource {
    method: String,
    path: String,
    #[serde(default)]
    data_elements: Vec<String>,
}

/// `POST /tokens/2021-03-01/restrictedDataToken`: an hour-long token for the listed order
/// resources (their paths exactly; `/orders/v0/orders` for getOrders).
fn create_rdt(inner: &mut Inner, call: &Call, effect: &mut Effect) -> Answer {
    if call.restricted.is_some() {
        return Err(ApiError::unauthorized(
            "A restricted data token cannot create another.",
        ));
    }
    let req: RdtRequest = call.json()?;
    let _ = req.target_application;
    if req.restricted_resources.is_empty() {
        return Err(ApiError::invalid("restrictedResources must not be empty"));
    }
    let mut resources = Vec::new();
    for r in req.restricted_resources {
        if !r.path.starts_with("/orders/v0/orders") {
            return Err(ApiError::invalid(format!(
                "Path {} is not a restricted resource",
                r.path
            )));
        }
        for e in &r.data_elements {
            if !matches!(
                e.as_str(),
                "buyerInfo" | "shippingAddress" | "buyerTaxInformation"
            ) {
                return Err(ApiError::invalid(format!("Invalid dataElements value {e}")));
            }
        }
        resources.push((r.method.to_ascii_uppercase(), r.path, r.data_elements));
    }
    let token = format!(
        "Atz.sprdt|{}",
        gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 40)
    );
    inner.tokens.insert(
        token.clone(),
        AccessToken {
            seller_id: call.seller_id.clone(),
            expires_at_ms: call.now_ms + 3_600_000,
            restricted: Some(resources),
        },
    );
    effect.set("rdt.create", call.seller_id.clone());
    Ok((
        StatusCode::OK,
        Some(json!({ "restrictedDataToken": token, "expiresIn": 3600 })),
    ))
}

/// `POST /auth/o2/token` (Login with Amazon): the code exchange and the refresh, with LWA's
/// own `{error, error_description}` failures.
fn lwa_token(sb: &AmazonSandbox, body: &[u8]) -> Response {
    let form: HashMap<String, String> = form_urlencoded::parse(body)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let field = |n: &str| form.get(n).map(String::as_str).unwrap_or_default();
    let fail = |status: StatusCode, error: &str, description: &str| {
        (
            status,
            axum::Json(json!({ "error_description": description, "error": error })),
        )
            .into_response()
    };
    let mut inner = sb.lock();
    let inner = &mut *inner;
    if field("client_id") != inner.config.client_id
        || field("client_secret") != inner.config.client_secret
    {
        return fail(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Client authentication failed",
        );
    }
    let now = now_ms();
    let ttl_secs = inner.config.access_token_ttl.as_secs();
    match field("grant_type") {
        "authorization_code" => {
            let code = field("code");
            let seller = match inner.codes.get_mut(code) {
                Some(g) if !g.used && g.expires_at_ms > now => {
                    g.used = true;
                    g.seller_id.clone()
                }
                _ => {
                    return fail(
                        StatusCode::BAD_REQUEST,
                        "invalid_grant",
                        "The request has an invalid grant parameter : code",
                    );
                }
            };
            if let Some(registered) = &inner.config.redirect_url
                && !field("redirect_uri").is_empty()
                && field("redirect_uri") != registered
            {
                return fail(
                    StatusCode::BAD_REQUEST,
                    "invalid_request",
                    "The redirect_uri does not match the one of the authorization request",
                );
            }
            let refresh = format!(
                "Atzr|{}",
                gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 60)
            );
            inner.refresh_tokens.insert(refresh.clone(), seller.clone());
            let access = inner.issue_access_token(&seller, now);
            axum::Json(json!({
                "access_token": access,
                "refresh_token": refresh,
                "token_type": "bearer",
                "expires_in": ttl_secs,
            }))
            .into_response()
        }
        "refresh_token" => {
            let refresh = field("refresh_token").to_owned();
            let Some(seller) = inner.refresh_tokens.get(&refresh).cloned() else {
                return fail(
                    StatusCode::BAD_REQUEST,
                    "invalid_grant",
                    "The request has an invalid grant parameter : refresh_token",
                );
            };
            let access = inner.issue_access_token(&seller, now);
            axum::Json(json!({
                "access_token": access,
                "refresh_token": refresh,
                "token_type": "bearer",
                "expires_in": ttl_secs,
            }))
            .into_response()
        }
        "" => fail(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "The request is missing a required parameter : grant_type",
        ),
        _ => fail(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "The authorization grant type is not supported by the authorization server",
        ),
    }
}

#[derive(Deserialize)]
struct ConsentQuery {
    #[serde(default)]
    application_id: String,
    #[serde(default)]
    state: String,
    #[serde(default)]
    redirect_uri: Option<String>,
    #[serde(default)]
    version: Option<String>,
    /// The confirm step's store name (the seller "signs in" as it).
    #[serde(default)]
    store: Option<String>,
}

/// The consent target: the registered redirect, or the one the link names when it matches.
fn consent_target(inner: &Inner, q: &ConsentQuery) -> Result<String, String> {
    if q.application_id != inner.config.application_id {
        return Err("This application is not known to Seller Central.".into());
    }
    let Some(registered) = inner.config.redirect_url.clone() else {
        return Err("The application has no redirect URI registered.".into());
    };
    match &q.redirect_uri {
        Some(r) if r != &registered => {
            Err("The redirect URI is not registered for this application.".into())
        }
        _ => Ok(registered),
    }
}

async fn consent_page(State(sb): State<AmazonSandbox>, Query(q): Query<ConsentQuery>) -> Response {
    let inner = sb.lock();
    if let Err(message) = consent_target(&inner, &q) {
        return (
            StatusCode::BAD_REQUEST,
            Html(format!("<h1>Error</h1><p>{}</p>", escape(&message))),
        )
            .into_response();
    }
    let mut confirm = form_urlencoded::Serializer::new(String::new());
    confirm
        .append_pair("application_id", &q.application_id)
        .append_pair("state", &q.state)
        .append_pair("store", "Sandbox Apparel Store");
    if let Some(r) = &q.redirect_uri {
        confirm.append_pair("redirect_uri", r);
    }
    if let Some(v) = &q.version {
        confirm.append_pair("version", v);
    }
    Html(format!(
        "<!doctype html><html><head><title>Amazon Seller Central: authorise an application</title></head>\
         <body><h1>Sellerdesk would like access to your Amazon seller account</h1>\
         <p>Store: Sandbox Apparel Store (marketplace {MARKETPLACE_ID})</p>\
         <a id=\"confirm\" href=\"/apps/authorize/confirm?{}\">Confirm</a></body></html>",
        escape(&confirm.finish())
    ))
    .into_response()
}

async fn consent_confirm(
    State(sb): State<AmazonSandbox>,
    Query(q): Query<ConsentQuery>,
) -> Response {
    let mut inner = sb.lock();
    let target = match consent_target(&inner, &q) {
        Ok(t) => t,
        Err(message) => {
            return (
                StatusCode::BAD_REQUEST,
                Html(format!("<h1>Error</h1><p>{}</p>", escape(&message))),
            )
                .into_response();
        }
    };
    let store = q
        .store
        .clone()
        .unwrap_or_else(|| "Sandbox Apparel Store".into());
    let granted = inner.grant(&store, now_ms());
    let mut back = form_urlencoded::Serializer::new(String::new());
    back.append_pair("state", &q.state)
        .append_pair("selling_partner_id", &granted.selling_partner_id)
        .append_pair("spapi_oauth_code", &granted.spapi_oauth_code);
    let sep = if target.contains('?') { '&' } else { '?' };
    Redirect::to(&format!("{target}{sep}{}", back.finish())).into_response()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

async fn ledger_route(State(sb): State<AmazonSandbox>) -> Response {
    axum::Json(json!({ "calls": sb.ledger() })).into_response()
}

async fn get_faults(State(sb): State<AmazonSandbox>) -> Response {
    axum::Json(sb.faults()).into_response()
}

async fn put_faults(State(sb): State<AmazonSandbox>, body: Bytes) -> Response {
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

/// ISO 8601 in UTC with seconds, as the Orders API writes times.
pub(crate) fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

pub(crate) fn parse_iso(text: &str) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|d| d.timestamp_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_the_operations() {
        assert_eq!(
            resolve(&Method::PUT, "/listings/2021-08-01/items/A1/TEE-1"),
            Some(Route::Api(
                Operation::PutListingsItem,
                vec!["A1".into(), "TEE-1".into()]
            ))
        );
        assert_eq!(
            resolve(&Method::POST, "/orders/v0/orders/1/shipmentConfirmation"),
            Some(Route::Api(Operation::ConfirmShipment, vec!["1".into()]))
        );
        assert_eq!(resolve(&Method::POST, "/orders/v0/orders"), None);
    }

    #[test]
    fn rates_print_as_amazon_prints_them() {
        assert_eq!(format_rate(0.0167), "0.0167");
        assert_eq!(format_rate(5.0), "5.0");
        assert_eq!(format_rate(0.5), "0.5");
    }
}
