//! A local TikTok Shop: the consent page, the auth host's token endpoints and the Open API
//! (202309+ paths, signing, envelope, errors, pagination) over in-memory state.
//!
//! One server answers for both the API host and the auth host; point a client's API and auth
//! base URLs at the same [`SandboxHandle::base_url`].

mod auth;
mod catalog;
mod config;
mod envelope;
mod fulfillment;
mod gate;
mod images;
mod orders;
mod products;
mod promotions;
pub mod signing;
mod state;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rand::Rng;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use config::{ConfigError, Faults, SandboxConfig};
pub use envelope::codes;
pub use images::placeholder_png;
pub use orders::NewOrder;
pub use state::{Delivery, LedgerEntry, Shipped};

use envelope::{ApiError, ok};
use gate::{Call, Ctx, Scope};
use products::Batch;
use state::{Inner, Scripted};

/// Largest request body accepted (image uploads included).
const MAX_BODY_BYTES: usize = 12 * 1024 * 1024;

/// The sandbox's state, cheap to clone; every clone is the same marketplace.
#[derive(Clone)]
pub struct TiktokSandbox {
    inner: Arc<Mutex<Inner>>,
    /// Delivers webhooks.
    http: reqwest::Client,
}

/// A webhook ready to go: where, what, signed how.
struct Outgoing {
    address: String,
    body: Vec<u8>,
    authorization: String,
    delivery: Delivery,
}

/// A shop granted directly, without the browser consent step (demo seeding, tests).
#[derive(Debug, Clone)]
pub struct GrantedShop {
    pub auth_code: String,
    pub shop_id: String,
    pub shop_name: String,
    pub cipher: String,
}

pub(crate) fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl TiktokSandbox {
    pub fn new(config: SandboxConfig) -> TiktokSandbox {
        TiktokSandbox {
            inner: Arc::new(Mutex::new(Inner::new(config))),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(3))
                .build()
                .unwrap_or_default(),
        }
    }

    /// A handler that panicked while holding the lock leaves state that is still usable:
    /// every write is applied as a whole before the lock is released.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn app_key(&self) -> String {
        self.lock().config.app_key.clone()
    }

    pub fn app_secret(&self) -> String {
        self.lock().config.app_secret.clone()
    }

    pub fn service_id(&self) -> String {
        self.lock().config.service_id.clone()
    }

    /// The axum router, for mounting in another server (the API's demo mode) or serving alone.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/open/authorize", get(auth::consent_page))
            .route("/oauth/authorize", get(auth::consent_page))
            .route("/open/authorize/confirm", get(auth::consent_confirm))
            .route("/__sandbox/ledger", get(ledger))
            .route("/__sandbox/shipments", get(shipments))
            .route("/__sandbox/faults", get(get_faults).put(put_faults))
            .route("/__sandbox/clock", get(get_clock).put(put_clock))
            .route("/__sandbox/images/{*uri}", get(image))
            .fallback(api)
            .with_state(self.clone())
    }

    /// Every write accepted so far, in order.
    pub fn ledger(&self) -> Vec<LedgerEntry> {
        self.lock().ledger.clone()
    }

    /// The ledger entries of one kind, such as `product.create`.
    pub fn ledger_of(&self, kind: &str) -> Vec<LedgerEntry> {
        self.lock()
            .ledger
            .iter()
            .filter(|e| e.kind == kind)
            .cloned()
            .collect()
    }

    /// Every shipment accepted through Mark Package As Shipped, in order. A refused call (a
    /// repeat for lines already shipped, say) is not one, so "each package's tracking received
    /// exactly once" is one entry per package here.
    pub fn shipments(&self) -> Vec<Shipped> {
        self.lock().shipments.clone()
    }

    /// Moves an unshipped order's payment back so that its ship-by time has passed: shipping
    /// it now is a late dispatch. False when the order is unknown, unpaid or shipped.
    pub fn make_overdue(&self, order_id: &str) -> bool {
        let now = now_ms().div_euclid(1000);
        self.lock()
            .orders
            .get_mut(order_id)
            .is_some_and(|o| o.make_overdue(now))
    }

    pub fn faults(&self) -> Faults {
        self.lock().config.faults.clone()
    }

    pub fn set_faults(&self, faults: Faults) {
        self.lock().config.faults = faults;
    }

    /// The business clock: `{now, offset_secs}`.
    pub fn clock(&self) -> Value {
        let offset = self.lock().clock_offset_secs;
        json!({ "now": now_ms().div_euclid(1000) + offset, "offset_secs": offset })
    }

    /// The marketplace's business time now (Unix seconds): the wall clock plus the offset.
    pub fn now(&self) -> i64 {
        now_ms().div_euclid(1000) + self.lock().clock_offset_secs
    }

    pub fn set_clock_offset(&self, offset_secs: i64) {
        self.lock().clock_offset_secs = offset_secs.max(0);
    }

    /// Moves the business clock on: activities start and end as if that time had passed.
    pub fn advance_clock(&self, secs: i64) {
        let mut inner = self.lock();
        inner.clock_offset_secs = (inner.clock_offset_secs + secs.max(0)).max(0);
    }

    /// A shop's activities as the marketplace holds them now (status by the business clock),
    /// oldest first: `{activity_id, title, activity_type, begin_time, end_time, status,
    /// product_ids}`.
    pub fn activities(&self, shop_id: &str) -> Vec<Value> {
        let inner = self.lock();
        let now = now_ms().div_euclid(1000) + inner.clock_offset_secs;
        inner
            .activities
            .values()
            .filter(|a| a.shop_id == shop_id)
            .map(|a| {
                json!({
                    "activity_id": a.id,
                    "title": a.title,
                    "activity_type": a.activity_type,
                    "begin_time": a.begin_time,
                    "end_time": a.end_time,
                    "status": a.status(now),
                    "product_ids": a.products.iter().filter_map(|p| p["id"].as_str().map(str::to_owned)).collect::<Vec<_>>(),
                })
            })
            .collect()
    }

    /// Puts `count` live products (two SKUs each, `price` and 50 in stock) in a shop; answers
    /// their ids. Not ledgered, like [`TiktokSandbox::seed_sample_products`].
    pub fn add_live_products(&self, shop_id: &str, count: usize, price: &str) -> Vec<String> {
        let mut inner = self.lock();
        products::add_live(&mut inner, shop_id, count, price, now_ms())
    }

    /// Sets a product's status as if the seller or the platform changed it (e.g.
    /// `SELLER_DEACTIVATED`); false when the product is unknown.
    pub fn set_product_status(&self, product_id: &str, status: &str) -> bool {
        let mut inner = self.lock();
        match inner.products.get_mut(product_id) {
            Some(p) => {
                p.status = status.to_owned();
                true
            }
            None => false,
        }
    }

    /// Sets every SKU's stock of a product; false when the product is unknown.
    pub fn set_product_stock(&self, product_id: &str, quantity: i64) -> bool {
        let mut inner = self.lock();
        match inner.products.get_mut(product_id) {
            Some(p) => {
                for sku in &mut p.skus {
                    for i in &mut sku.inventory {
                        i.quantity = quantity;
                    }
                }
                true
            }
            None => false,
        }
    }

    pub fn set_daily_create_cap(&self, cap: Option<u32>) {
        self.lock().config.daily_create_cap = cap;
    }

    pub fn set_audit_delay(&self, delay: Duration) {
        self.lock().config.audit_delay = delay;
    }

    /// Grants a new shop as if its seller had pressed "Authorize"; the code is then exchanged
    /// on `/api/v2/token/get` like one from the consent page.
    pub fn grant_shop(&self, shop_name: &str, region: &str) -> GrantedShop {
        let mut inner = self.lock();
        let code = auth::grant(&mut inner, shop_name, region, now_ms().div_euclid(1000));
        let shop = inner.shops.last().cloned();
        GrantedShop {
            auth_code: code,
            shop_id: shop.as_ref().map(|s| s.id.clone()).unwrap_or_default(),
            shop_name: shop.as_ref().map(|s| s.name.clone()).unwrap_or_default(),
            cipher: shop.map(|s| s.cipher).unwrap_or_default(),
        }
    }

    /// Puts sample products in a shop (live, draft and failed), for the demo. Not ledgered:
    /// they stand for what the seller had before connecting.
    pub fn seed_sample_products(&self, shop_id: &str) -> Vec<String> {
        let mut inner = self.lock();
        products::seed_samples(&mut inner, shop_id, now_ms())
    }

    /// Makes an access token expire now, to exercise refresh paths.
    pub fn expire_access_token(&self, token: &str) {
        let now = now_ms().div_euclid(1000);
        if let Some(t) = self.lock().access_tokens.get_mut(token) {
            t.expires_at = now;
        }
    }

    /// The files of a product's main images as the marketplace keeps them, in their order:
    /// what a shopper sees first.
    pub fn main_images(&self, product_id: &str) -> Vec<Vec<u8>> {
        let inner = self.lock();
        let Some(product) = inner.products.get(product_id) else {
            return Vec::new();
        };
        product
            .main_images
            .iter()
            .filter_map(|uri| inner.images.get(uri).map(|i| i.bytes.clone()))
            .collect()
    }

    /// Status of a product as the marketplace holds it (`None` when unknown).
    pub fn product_status(&self, product_id: &str) -> Option<String> {
        let mut inner = self.lock();
        products::settle(&mut inner, now_ms());
        inner.products.get(product_id).map(|p| p.status.clone())
    }

    /// Adds `count` generated orders to a shop, created over the last 30 days and resting in
    /// every status. No webhooks: they stand for orders made before anyone listened.
    pub fn add_orders(&self, shop_id: &str, count: usize) -> Vec<String> {
        let mut inner = self.lock();
        orders::generate(
            &mut inner,
            shop_id,
            count,
            now_ms().div_euclid(1000),
            30 * 86_400,
        )
    }

    /// `count` orders placed in the last minutes (most still unpaid or waiting for shipment),
    /// announced to the shop's webhook: the demo's trickle.
    pub fn place_orders(&self, shop_id: &str, count: usize) -> Vec<String> {
        let ids = {
            let mut inner = self.lock();
            orders::generate(&mut inner, shop_id, count, now_ms().div_euclid(1000), 600)
        };
        self.announce(&ids);
        ids
    }

    /// One order exactly as described, placed now and walked to its status; announced.
    pub fn place_order(&self, shop_id: &str, spec: &NewOrder) -> String {
        let id = {
            let mut inner = self.lock();
            orders::place(&mut inner, shop_id, spec, now_ms().div_euclid(1000))
        };
        self.announce(std::slice::from_ref(&id));
        id
    }

    /// Moves up to `count` open orders of a shop one status forward (some are cancelled);
    /// announced. Answers the ids moved.
    pub fn advance_orders(&self, shop_id: &str, count: usize) -> Vec<String> {
        let ids = {
            let mut inner = self.lock();
            orders::advance(&mut inner, shop_id, count, now_ms().div_euclid(1000))
        };
        self.announce(&ids);
        ids
    }

    /// Moves an order forward to `status` (`CANCELLED` cancels it); announced. False when the
    /// order is unknown or already at or past it.
    pub fn move_order(&self, order_id: &str, status: &str) -> bool {
        let moved = {
            let mut inner = self.lock();
            orders::move_to(&mut inner, order_id, status, now_ms().div_euclid(1000))
        };
        if moved {
            self.announce(&[order_id.to_owned()]);
        }
        moved
    }

    /// Pays part of an order back to the buyer; it shows in the order's settlement.
    pub fn refund_order(&self, order_id: &str, amount: &str) -> bool {
        let mut inner = self.lock();
        match inner.orders.get_mut(order_id) {
            Some(o) => {
                o.refund_cents = orders::cents(amount).max(0);
                true
            }
            None => false,
        }
    }

    /// An order as the API answers it now.
    pub fn order(&self, order_id: &str) -> Option<Value> {
        self.lock()
            .orders
            .get(order_id)
            .and_then(|o| o.history.last().cloned())
    }

    /// Every state an order has been in, oldest first.
    pub fn order_history(&self, order_id: &str) -> Vec<Value> {
        self.lock()
            .orders
            .get(order_id)
            .map(|o| o.history.clone())
            .unwrap_or_default()
    }

    /// The ids of a shop's orders, oldest first.
    pub fn order_ids(&self, shop_id: &str) -> Vec<String> {
        self.lock()
            .orders
            .values()
            .filter(|o| o.shop_id == shop_id)
            .map(|o| o.id.clone())
            .collect()
    }

    /// Replay mode for a shop: searches list every state each order has been in, twice, out
    /// of order; details answer any state the order has been in. Off: only the current one.
    pub fn replay_orders(&self, shop_id: &str, on: bool) {
        let mut inner = self.lock();
        if on {
            inner.replaying.insert(shop_id.to_owned());
        } else {
            inner.replaying.remove(shop_id);
        }
    }

    /// Replay mode for every shop, including shops granted later (their first sync too).
    pub fn replay_all_orders(&self, on: bool) {
        self.lock().replaying_all = on;
    }

    /// Whether order changes made through these controls are delivered as webhooks (on by
    /// default; explicit `send_*` calls deliver either way).
    pub fn set_auto_webhooks(&self, on: bool) {
        self.lock().webhooks_auto = on;
    }

    /// Where a shop has `event_type` delivered, if it subscribed.
    pub fn webhook_address(&self, shop_id: &str, event_type: &str) -> Option<String> {
        self.lock()
            .webhooks
            .get(&(shop_id.to_owned(), event_type.to_owned()))
            .map(|s| s.address.clone())
    }

    /// Every webhook sent so far.
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.lock().deliveries.clone()
    }

    /// Delivers the order's current state as an `ORDER_STATUS_CHANGE`, signed, and answers the
    /// receiver's HTTP status (`None`: no subscription, or unreachable).
    pub async fn send_webhook(&self, order_id: &str) -> Option<u16> {
        let out = self.outgoing(order_id, None, true)?;
        self.deliver(out).await
    }

    /// The same delivery with a wrong signature, as a forger would send it.
    pub async fn send_badly_signed_webhook(&self, order_id: &str) -> Option<u16> {
        let out = self.outgoing(order_id, None, false)?;
        self.deliver(out).await
    }

    /// Delivers every state the order has been in, twice and shuffled, one after the other;
    /// answers the receiver's statuses.
    pub async fn replay_webhooks(&self, order_id: &str) -> Vec<Option<u16>> {
        let states = self.order_history(order_id);
        let mut picks: Vec<usize> = (0..states.len()).chain(0..states.len()).collect();
        {
            use rand::seq::SliceRandom;
            let mut inner = self.lock();
            picks.shuffle(&mut inner.rng);
        }
        let mut answers = Vec::new();
        for i in picks {
            let Some(out) = self.outgoing(order_id, states.get(i), true) else {
                answers.push(None);
                continue;
            };
            answers.push(self.deliver(out).await);
        }
        answers
    }

    /// The delivery of one state (the current one when `None`) of an order, if its shop
    /// subscribed.
    fn outgoing(&self, order_id: &str, state: Option<&Value>, signed: bool) -> Option<Outgoing> {
        let mut inner = self.lock();
        let order = inner.orders.get(order_id)?;
        let shop_id = order.shop_id.clone();
        let state = state.cloned().or_else(|| order.history.last().cloned())?;
        let address = inner
            .webhooks
            .get(&(shop_id.clone(), "ORDER_STATUS_CHANGE".to_owned()))?
            .address
            .clone();
        let body = orders::notification(&mut inner, &shop_id, &state);
        let body = serde_json::to_vec(&body).ok()?;
        let secret = if signed {
            inner.config.app_secret.clone()
        } else {
            format!("not-{}", inner.config.app_secret)
        };
        let authorization = signing::webhook(&inner.config.app_key, &secret, &body);
        Some(Outgoing {
            address,
            body,
            authorization,
            delivery: Delivery {
                shop_id,
                order_id: order_id.to_owned(),
                order_status: state["status"].as_str().unwrap_or_default().to_owned(),
                update_time: state["update_time"].as_i64().unwrap_or_default(),
                signed,
                http_status: None,
            },
        })
    }

    async fn deliver(&self, out: Outgoing) -> Option<u16> {
        let status = self
            .http
            .post(&out.address)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, out.authorization)
            .body(out.body)
            .send()
            .await
            .ok()
            .map(|r| r.status().as_u16());
        let mut delivery = out.delivery;
        delivery.http_status = status;
        self.lock().deliveries.push(delivery);
        status
    }

    /// Sends the current state of each order to its shop's webhook in the background, when
    /// automatic deliveries are on and a runtime runs.
    fn announce(&self, order_ids: &[String]) {
        if !self.lock().webhooks_auto {
            return;
        }
        self.notify(order_ids);
    }

    /// Sends the current state of each order to its shop's webhook in the background, as the
    /// marketplace does after a change made through its API (whatever the automatic setting,
    /// which governs the sandbox's own controls only).
    fn notify(&self, order_ids: &[String]) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        for id in order_ids {
            if let Some(out) = self.outgoing(id, None, true) {
                let sb = self.clone();
                runtime.spawn(async move {
                    sb.deliver(out).await;
                });
            }
        }
    }

    /// The next `count` API calls answer 429 with `Retry-After: retry_after_secs`.
    pub fn throttle_next(&self, count: usize, retry_after_secs: u64) {
        let mut inner = self.lock();
        inner.scripted.extend(std::iter::repeat_n(
            Scripted::Throttle { retry_after_secs },
            count,
        ));
    }

    /// The next `count` API calls answer 500 (after the write when `error_after_write` is set).
    pub fn fail_next(&self, count: usize) {
        let mut inner = self.lock();
        inner
            .scripted
            .extend(std::iter::repeat_n(Scripted::Error, count));
    }

    /// The next `count` API calls answer 500; on a write, after the write was applied (the
    /// answer is lost, not the effect), whatever `error_after_write` says.
    pub fn fail_next_after_write(&self, count: usize) {
        let mut inner = self.lock();
        inner
            .scripted
            .extend(std::iter::repeat_n(Scripted::ErrorAfterWrite, count));
    }

    /// Draws the faults of one request: `(latency, throttle seconds, failure)`.
    fn roll(&self) -> (u64, Option<u64>, Failure) {
        let mut inner = self.lock();
        let f = inner.config.faults.clone();
        let random = if f.error_after_write {
            Failure::AfterWrite
        } else {
            Failure::Before
        };
        match inner.scripted.pop_front() {
            Some(Scripted::Throttle { retry_after_secs }) => {
                return (f.latency_ms, Some(retry_after_secs), Failure::None);
            }
            Some(Scripted::Error) => return (f.latency_ms, None, random),
            Some(Scripted::ErrorAfterWrite) => {
                return (f.latency_ms, None, Failure::AfterWrite);
            }
            None => {}
        }
        let throttle = f.throttle_rate > 0.0 && inner.rng.random_bool(f.throttle_rate.min(1.0));
        let fail = !throttle && f.error_rate > 0.0 && inner.rng.random_bool(f.error_rate.min(1.0));
        let failure = if fail { random } else { Failure::None };
        (
            f.latency_ms,
            throttle.then_some(f.retry_after_secs),
            failure,
        )
    }
}

/// An injected 500: none, before the handler runs, or after a write was applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Failure {
    None,
    Before,
    AfterWrite,
}

/// A sandbox served on a TCP port; dropping the handle stops the server.
pub struct SandboxHandle {
    base_url: String,
    addr: SocketAddr,
    sandbox: TiktokSandbox,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl SandboxHandle {
    /// `http://127.0.0.1:PORT`, with no trailing slash.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn sandbox(&self) -> &TiktokSandbox {
        &self.sandbox
    }

    /// The consent link a seller opens, as the marketplace's `services.*/open/authorize`.
    pub fn consent_url(&self, state: &str, redirect_uri: Option<&str>) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        q.append_pair("service_id", &self.sandbox.service_id())
            .append_pair("state", state);
        if let Some(r) = redirect_uri {
            q.append_pair("redirect_uri", r);
        }
        format!("{}/open/authorize?{}", self.base_url, q.finish())
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

impl Drop for SandboxHandle {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// Serves a new sandbox on `addr` (port 0 picks a free port).
pub async fn serve(addr: SocketAddr, config: SandboxConfig) -> std::io::Result<SandboxHandle> {
    serve_sandbox(addr, TiktokSandbox::new(config)).await
}

/// Serves an existing sandbox on `addr`, e.g. one the caller seeded first.
pub async fn serve_sandbox(
    addr: SocketAddr,
    sandbox: TiktokSandbox,
) -> std::io::Result<SandboxHandle> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let (tx, rx) = oneshot::channel::<()>();
    let app = sandbox.router();
    let task = tokio::spawn(async move {
        let server = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = server.await {
            tracing::error!(error = %e, "tiktok sandbox stopped");
        }
    });
    Ok(SandboxHandle {
        base_url: format!("http://{addr}"),
        addr,
        sandbox,
        shutdown: Some(tx),
        task: Some(task),
    })
}

/// A sandbox on a free loopback port: the in-process form tests and the demo use.
pub async fn start(config: SandboxConfig) -> std::io::Result<SandboxHandle> {
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).await
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Route {
    TokenGet,
    TokenRefresh,
    AuthorizedShops,
    ActiveShops,
    Categories,
    CategoryAttributes(String),
    CategoryRules(String),
    Brands,
    CreateBrand,
    Warehouses,
    ImageUpload,
    ProductSearch,
    ProductCreate,
    ProductDetail(String),
    ProductEdit(String),
    ProductPartialEdit(String),
    ProductDelete,
    ProductActivate,
    ProductDeactivate,
    OrderSearch,
    OrderDetail,
    OrderTransactions(String),
    Webhooks,
    SetWebhook,
    ActivityCreate,
    ActivitySearch,
    ActivityGet(String),
    ActivityUpdate(String),
    ActivityProducts(String),
    ActivityProductsRemove(String),
    ActivityDeactivate(String),
    ShippingProviders(String),
    MarkShipped(String),
    PackageDetail(String),
}

impl Route {
    fn scope(&self) -> Option<Scope> {
        match self {
            Route::TokenGet | Route::TokenRefresh => None,
            Route::AuthorizedShops
            | Route::ActiveShops
            | Route::ImageUpload
            | Route::CreateBrand => Some(Scope::Seller),
            _ => Some(Scope::Shop),
        }
    }

    fn is_write(&self) -> bool {
        !matches!(
            self,
            Route::AuthorizedShops
                | Route::ActiveShops
                | Route::Categories
                | Route::CategoryAttributes(_)
                | Route::CategoryRules(_)
                | Route::Brands
                | Route::Warehouses
                | Route::ProductSearch
                | Route::ProductDetail(_)
                | Route::OrderSearch
                | Route::OrderDetail
                | Route::OrderTransactions(_)
                | Route::Webhooks
                | Route::ActivitySearch
                | Route::ActivityGet(_)
                | Route::ShippingProviders(_)
                | Route::PackageDetail(_)
        )
    }
}

/// Maps method and path to a route; any six-digit version is accepted, as endpoints move to
/// newer versions one at a time.
fn resolve(method: &Method, path: &str) -> Result<Route, ApiError> {
    let unknown = || {
        ApiError::with_status(
            StatusCode::NOT_FOUND,
            codes::UNKNOWN_PATH,
            format!("path {path} not found"),
        )
    };
    match path {
        "/api/v2/token/get" => {
            return if method == Method::GET {
                Ok(Route::TokenGet)
            } else {
                Err(wrong_method())
            };
        }
        "/api/v2/token/refresh" => {
            return if method == Method::GET {
                Ok(Route::TokenRefresh)
            } else {
                Err(wrong_method())
            };
        }
        _ => {}
    }
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let [module, version, rest @ ..] = segments.as_slice() else {
        return Err(unknown());
    };
    if version.len() != 6 || !version.bytes().all(|b| b.is_ascii_digit()) || *version < "202309" {
        return Err(
            ApiError::invalid(format!("version {version} is not supported"))
                .with_code(codes::UNSUPPORTED_VERSION),
        );
    }
    let m = method.clone();
    let id = |s: &&str| s.to_string();
    let found: Option<Vec<(Method, Route)>> = match (*module, rest) {
        ("authorization", ["shops"]) => Some(vec![(Method::GET, Route::AuthorizedShops)]),
        ("seller", ["shops"]) => Some(vec![(Method::GET, Route::ActiveShops)]),
        ("product", ["categories"]) => Some(vec![(Method::GET, Route::Categories)]),
        ("product", ["categories", c, "attributes"]) => {
            Some(vec![(Method::GET, Route::CategoryAttributes(id(c)))])
        }
        ("product", ["categories", c, "rules"]) => {
            Some(vec![(Method::GET, Route::CategoryRules(id(c)))])
        }
        ("product", ["brands"]) => Some(vec![
            (Method::GET, Route::Brands),
            (Method::POST, Route::CreateBrand),
        ]),
        ("product", ["images", "upload"]) => Some(vec![(Method::POST, Route::ImageUpload)]),
        ("product", ["products", "search"]) => Some(vec![(Method::POST, Route::ProductSearch)]),
        ("product", ["products"]) => Some(vec![
            (Method::POST, Route::ProductCreate),
            (Method::DELETE, Route::ProductDelete),
        ]),
        ("product", ["products", "activate"]) => Some(vec![(Method::POST, Route::ProductActivate)]),
        ("product", ["products", "deactivate"]) => {
            Some(vec![(Method::POST, Route::ProductDeactivate)])
        }
        ("product", ["products", p]) => Some(vec![
            (Method::GET, Route::ProductDetail(id(p))),
            (Method::PUT, Route::ProductEdit(id(p))),
        ]),
        ("product", ["products", p, "partial_edit"]) => {
            Some(vec![(Method::POST, Route::ProductPartialEdit(id(p)))])
        }
        ("logistics", ["warehouses"]) => Some(vec![(Method::GET, Route::Warehouses)]),
        ("logistics", ["delivery_options", d, "shipping_providers"]) => {
            Some(vec![(Method::GET, Route::ShippingProviders(id(d)))])
        }
        ("fulfillment", ["orders", o, "packages"]) => {
            Some(vec![(Method::POST, Route::MarkShipped(id(o)))])
        }
        // `packages/search` and `packages/ship` are other operations, not package ids.
        ("fulfillment", ["packages", p]) if !matches!(*p, "search" | "ship") => {
            Some(vec![(Method::GET, Route::PackageDetail(id(p)))])
        }
        ("order", ["orders", "search"]) => Some(vec![(Method::POST, Route::OrderSearch)]),
        ("order", ["orders"]) => Some(vec![(Method::GET, Route::OrderDetail)]),
        ("finance", ["orders", o, "statement_transactions"]) => {
            Some(vec![(Method::GET, Route::OrderTransactions(id(o)))])
        }
        ("event", ["webhooks"]) => Some(vec![
            (Method::GET, Route::Webhooks),
            (Method::PUT, Route::SetWebhook),
        ]),
        ("promotion", ["activities"]) => Some(vec![(Method::POST, Route::ActivityCreate)]),
        ("promotion", ["activities", "search"]) => {
            Some(vec![(Method::POST, Route::ActivitySearch)])
        }
        ("promotion", ["activities", a]) => Some(vec![
            (Method::GET, Route::ActivityGet(id(a))),
            (Method::PUT, Route::ActivityUpdate(id(a))),
        ]),
        ("promotion", ["activities", a, "products"]) => Some(vec![
            (Method::PUT, Route::ActivityProducts(id(a))),
            (Method::DELETE, Route::ActivityProductsRemove(id(a))),
        ]),
        ("promotion", ["activities", a, "deactivate"]) => {
            Some(vec![(Method::POST, Route::ActivityDeactivate(id(a)))])
        }
        _ => None,
    };
    let routes = found.ok_or_else(unknown)?;
    routes
        .into_iter()
        .find(|(rm, _)| *rm == m)
        .map(|(_, r)| r)
        .ok_or_else(wrong_method)
}

fn wrong_method() -> ApiError {
    ApiError::with_status(
        StatusCode::METHOD_NOT_ALLOWED,
        codes::WRONG_METHOD,
        "HTTP method not allowed on this path",
    )
}

impl ApiError {
    fn with_code(mut self, code: i64) -> ApiError {
        self.code = code;
        self
    }
}

fn origin(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1");
    format!("http://{host}")
}

/// Every API and token call: routing, injected faults, the gate, then the handler.
async fn api(State(sb): State<TiktokSandbox>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let route = match resolve(&parts.method, parts.uri.path()) {
        Ok(route) => route,
        Err(e) => return e.into_response(),
    };
    let body = match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(bytes) => bytes,
        Err(_) => {
            return ApiError::with_status(
                StatusCode::PAYLOAD_TOO_LARGE,
                codes::FILE_TOO_BIG,
                "request body too large",
            )
            .into_response();
        }
    };
    let (latency_ms, throttle, failure) = sb.roll();
    if latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(latency_ms)).await;
    }
    if let Some(secs) = throttle {
        return ApiError::throttled(secs).into_response();
    }
    let fail_after = failure == Failure::AfterWrite && route.is_write();
    if failure != Failure::None && !fail_after {
        return ApiError::internal().into_response();
    }
    let origin = origin(&parts.headers);
    let call = Call::new(
        parts.uri.path().to_string(),
        parts.uri.query(),
        parts.headers,
        body,
    );
    let result = if route == Route::ImageUpload {
        upload(&sb, &call, origin).await
    } else {
        handle(&sb, &route, &call, origin)
    };
    if let (Route::MarkShipped(order_id), Ok(_)) = (&route, &result) {
        sb.notify(std::slice::from_ref(order_id));
    }
    if fail_after {
        // The write happened; only the answer is lost.
        return ApiError::internal().into_response();
    }
    match result {
        Ok(data) => ok(data),
        Err(e) => e.into_response(),
    }
}

fn handle(
    sb: &TiktokSandbox,
    route: &Route,
    call: &Call,
    origin: String,
) -> Result<Value, ApiError> {
    let mut inner = sb.lock();
    let now = now_ms();
    products::settle(&mut inner, now);
    let ctx = match route.scope() {
        Some(scope) => gate::verify(&mut inner, call, scope, now, origin)?,
        None => Ctx {
            open_id: None,
            shop_id: None,
            now: now.div_euclid(1000),
            now_ms: now,
            origin,
        },
    };
    // The business clock may run ahead (tests move it); the gate above kept the wall clock.
    // Token times stay on the wall clock, which the gate checks them against.
    let mut ctx = ctx;
    if !matches!(route, Route::TokenGet | Route::TokenRefresh) {
        ctx.now += inner.clock_offset_secs;
        ctx.now_ms += inner.clock_offset_secs * 1000;
    }
    let inner = &mut *inner;
    match route {
        Route::TokenGet => auth::token_get(inner, &ctx, call),
        Route::TokenRefresh => auth::token_refresh(inner, &ctx, call),
        Route::AuthorizedShops => auth::authorized_shops(inner, &ctx, call),
        Route::ActiveShops => auth::active_shops(inner, &ctx, call),
        Route::Warehouses => auth::warehouses(inner, &ctx, call),
        Route::Categories => catalog::categories(inner, &ctx, call),
        Route::CategoryAttributes(c) => catalog::category_attributes(inner, &ctx, call, c),
        Route::CategoryRules(c) => catalog::category_rules(inner, &ctx, call, c),
        Route::Brands => catalog::brands(inner, &ctx, call),
        Route::CreateBrand => catalog::create_brand(inner, &ctx, call),
        Route::ProductSearch => products::search(inner, &ctx, call),
        Route::ProductCreate => products::create(inner, &ctx, call),
        Route::ProductDetail(p) => products::detail(inner, &ctx, call, p),
        Route::ProductEdit(p) => products::full_edit(inner, &ctx, call, p),
        Route::ProductPartialEdit(p) => products::partial_edit(inner, &ctx, call, p),
        Route::ProductDelete => products::batch(inner, &ctx, call, Batch::Delete),
        Route::ProductActivate => products::batch(inner, &ctx, call, Batch::Activate),
        Route::ProductDeactivate => products::batch(inner, &ctx, call, Batch::Deactivate),
        Route::OrderSearch => orders::search(inner, &ctx, call),
        Route::OrderDetail => orders::detail(inner, &ctx, call),
        Route::OrderTransactions(o) => orders::transactions(inner, &ctx, o),
        Route::Webhooks => orders::webhooks(inner, &ctx),
        Route::SetWebhook => orders::set_webhook(inner, &ctx, call),
        Route::ActivityCreate => promotions::create(inner, &ctx, call),
        Route::ActivitySearch => promotions::search(inner, &ctx, call),
        Route::ActivityGet(a) => promotions::get(inner, &ctx, call, a),
        Route::ActivityUpdate(a) => promotions::update(inner, &ctx, call, a),
        Route::ActivityProducts(a) => promotions::update_products(inner, &ctx, call, a),
        Route::ActivityProductsRemove(a) => promotions::remove_products(inner, &ctx, call, a),
        Route::ActivityDeactivate(a) => promotions::deactivate(inner, &ctx, call, a),
        Route::ShippingProviders(d) => fulfillment::shipping_providers(d),
        Route::MarkShipped(o) => fulfillment::mark_shipped(inner, &ctx, call, o),
        Route::PackageDetail(p) => fulfillment::package_detail(inner, &ctx, p),
        Route::ImageUpload => Err(ApiError::internal()),
    }
}

/// Uploads parse the multipart body outside the lock, between the gate and the write.
async fn upload(sb: &TiktokSandbox, call: &Call, origin: String) -> Result<Value, ApiError> {
    let ctx = {
        let mut inner = sb.lock();
        gate::verify(&mut inner, call, Scope::Seller, now_ms(), origin)?
    };
    let upload = images::read(call).await?;
    let mut inner = sb.lock();
    images::store(&mut inner, &ctx, upload)
}

async fn ledger(State(sb): State<TiktokSandbox>) -> Response {
    axum::Json(json!({ "entries": sb.ledger() })).into_response()
}

async fn shipments(State(sb): State<TiktokSandbox>) -> Response {
    axum::Json(json!({ "shipments": sb.shipments() })).into_response()
}

async fn get_faults(State(sb): State<TiktokSandbox>) -> Response {
    axum::Json(sb.faults()).into_response()
}

async fn put_faults(State(sb): State<TiktokSandbox>, body: Bytes) -> Response {
    match serde_json::from_slice::<Faults>(&body) {
        Ok(f) if (0.0..=1.0).contains(&f.error_rate) && (0.0..=1.0).contains(&f.throttle_rate) => {
            sb.set_faults(f.clone());
            axum::Json(f).into_response()
        }
        _ => (StatusCode::BAD_REQUEST, "expected {error_rate, throttle_rate in 0..=1, retry_after_secs, latency_ms, error_after_write}")
            .into_response(),
    }
}

/// Sandbox control, not a TikTok Shop endpoint: the business clock (`now`, Unix seconds, and
/// `offset_secs`, how far it runs ahead of the wall clock). PUT `{"offset_secs": n}` sets the
/// offset, `{"advance_secs": n}` moves it on; the clock never runs behind the wall clock.
async fn get_clock(State(sb): State<TiktokSandbox>) -> Response {
    axum::Json(sb.clock()).into_response()
}

#[derive(serde::Deserialize)]
struct ClockChange {
    offset_secs: Option<i64>,
    advance_secs: Option<i64>,
}

async fn put_clock(State(sb): State<TiktokSandbox>, body: Bytes) -> Response {
    match serde_json::from_slice::<ClockChange>(&body) {
        Ok(ClockChange {
            offset_secs: Some(offset),
            advance_secs: None,
        }) if offset >= 0 => {
            sb.set_clock_offset(offset);
            axum::Json(sb.clock()).into_response()
        }
        Ok(ClockChange {
            offset_secs: None,
            advance_secs: Some(secs),
        }) if secs >= 0 => {
            sb.advance_clock(secs);
            axum::Json(sb.clock()).into_response()
        }
        _ => (
            StatusCode::BAD_REQUEST,
            "expected {offset_secs: n >= 0} or {advance_secs: n >= 0}",
        )
            .into_response(),
    }
}

async fn image(State(sb): State<TiktokSandbox>, Path(uri): Path<String>) -> Response {
    let inner = sb.lock();
    match inner.images.get(&uri) {
        Some(img) => (
            [(header::CONTENT_TYPE, img.content_type)],
            img.bytes.clone(),
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_any_version_and_rejects_wrong_methods() {
        assert_eq!(
            resolve(&Method::POST, "/product/202502/products/search").ok(),
            Some(Route::ProductSearch)
        );
        assert_eq!(
            resolve(&Method::POST, "/product/202509/products/42/partial_edit").ok(),
            Some(Route::ProductPartialEdit("42".into()))
        );
        assert_eq!(
            resolve(&Method::GET, "/product/202309/products/42").ok(),
            Some(Route::ProductDetail("42".into()))
        );
        assert_eq!(
            resolve(&Method::GET, "/product/202309/products/search")
                .map_err(|e| e.code)
                .err(),
            Some(codes::WRONG_METHOD)
        );
        assert_eq!(
            resolve(&Method::GET, "/product/2023/categories")
                .map_err(|e| e.code)
                .err(),
            Some(codes::UNSUPPORTED_VERSION)
        );
        assert_eq!(
            resolve(&Method::PATCH, "/product/202309/products")
                .map_err(|e| e.code)
                .err(),
            Some(codes::WRONG_METHOD)
        );
        assert_eq!(
            resolve(&Method::GET, "/nothing/202309/here")
                .map_err(|e| e.code)
                .err(),
            Some(codes::UNKNOWN_PATH)
        );
    }
}
