//! Local stand-ins for the six print-on-demand providers — Printify, Gearment, Merchize,
//! Lenful, HMFulfill and MangoTee — each speaking its own API (paths, authentication,
//! envelopes, errors, rate limits, statuses, idempotency, catalogue, webhooks and their
//! signing) over in-memory state, all served by one router under per-provider prefixes:
//!
//! | provider | prefix | stands for |
//! |---|---|---|
//! | Printify | `/printify/v1/…` | `https://api.printify.com/v1/…` |
//! | Gearment | `/gearment/api/v3/…` | `https://apiv2.gearment.com/integration-handler/api/v3/…` |
//! | Merchize | `/merchize/{tenant}/bo-api/…` | `https://bo-group-2-2.merchize.com/{tenant}/bo-api/…` |
//! | Lenful | `/lenful/…` | `https://s-lencam.lenful.com/api/…` (and the v3 host's list) |
//! | HMFulfill | `/hmfulfill/v1/…` | the assumed shape (no public API) |
//! | MangoTee | `/mangotee/…` | `https://v3.mangoteeprints.com/api/public/v1/…` |
//!
//! What each provider does where its reference is silent is written in one place: the module
//! doc of that provider's file. The shared parts: `state.rs` (accounts, orders), `faults.rs`,
//! `ledger.rs`, `limits.rs`, `webhooks.rs` (registrations and deliveries), `clock.rs` (the
//! lifecycle), `catalog.rs` (the products every provider sells), `api.rs` (requests, replies
//! and the table through which shared code reaches each provider).
//!
//! Control routes (never faulted, never rate limited) live under `/__sandbox/providers/…`.

mod api;
mod catalog;
mod clock;
mod faults;
mod gearment;
mod hmfulfill;
mod ledger;
mod lenful;
mod limits;
mod mangotee;
mod merchize;
mod printify;
mod state;
mod webhooks;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post, put};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

pub use faults::Faults;
pub use ledger::{Fault, LedgerEntry};
pub use state::{SandboxOrder, Stage};
pub use webhooks::Delivery;

use api::{Call, Ctx, Spec};
use catalog::VariantRef;
use state::{Account, Inner, Line, Order, Recipient};
use webhooks::Hook;

/// Largest request body accepted.
const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// The providers, with the slugs the sandbox serves them under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    Printify,
    Gearment,
    Merchize,
    Lenful,
    HmFulfill,
    MangoTee,
}

impl Provider {
    pub const ALL: [Provider; 6] = [
        Provider::Printify,
        Provider::Gearment,
        Provider::Merchize,
        Provider::Lenful,
        Provider::HmFulfill,
        Provider::MangoTee,
    ];

    /// The path segment the sandbox serves this provider under (`/printify/v1/…`).
    pub fn slug(self) -> &'static str {
        match self {
            Provider::Printify => "printify",
            Provider::Gearment => "gearment",
            Provider::Merchize => "merchize",
            Provider::Lenful => "lenful",
            Provider::HmFulfill => "hmfulfill",
            Provider::MangoTee => "mangotee",
        }
    }

    pub fn from_slug(slug: &str) -> Option<Provider> {
        Provider::ALL.into_iter().find(|p| p.slug() == slug)
    }

    fn spec(self) -> &'static Spec {
        match self {
            Provider::Printify => &printify::SPEC,
            Provider::Gearment => &gearment::SPEC,
            Provider::Merchize => &merchize::SPEC,
            Provider::Lenful => &lenful::SPEC,
            Provider::HmFulfill => &hmfulfill::SPEC,
            Provider::MangoTee => &mangotee::SPEC,
        }
    }
}

/// One seller's account at one provider, as the seller would type it into Sellerdesk.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct SandboxAccount {
    /// How the ledger and [`SandboxOrder::account`] name the account; not a credential.
    pub id: String,
    pub provider: Provider,
    /// Printify: personal access token · Gearment: client key · Merchize: API token · Lenful:
    /// user name · HMFulfill and MangoTee: API key.
    pub api_key: String,
    /// Gearment: client secret · Lenful: password.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_secret: Option<String>,
    /// Printify: shop id · Lenful: shop id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shop_id: Option<String>,
    /// Merchize: the tenant's API base under the sandbox's base URL (`/merchize/acme/bo-api`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_path: Option<String>,
}

impl std::fmt::Debug for SandboxAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Credentials stay out of logs, even fake ones.
        f.debug_struct("SandboxAccount")
            .field("id", &self.id)
            .field("provider", &self.provider)
            .field("shop_id", &self.shop_id)
            .field("base_path", &self.base_path)
            .finish_non_exhaustive()
    }
}

impl SandboxAccount {
    fn of(a: &Account) -> SandboxAccount {
        SandboxAccount {
            id: a.id.clone(),
            provider: a.provider,
            api_key: a.api_key.clone(),
            api_secret: a.api_secret.clone(),
            shop_id: a.shop_id.clone(),
            base_path: a.tenant.as_ref().map(|t| format!("/merchize/{t}/bo-api")),
        }
    }
}

#[derive(Debug, Clone)]
pub struct ProvidersConfig {
    /// Moves every open order one step this often; `None` (tests) leaves it to [`ProvidersSandbox::advance`].
    pub progress_every: Option<Duration>,
    /// Faults every provider starts with.
    pub faults: Faults,
    /// Whether the providers' own rate limits answer 429.
    pub rate_limits: bool,
    /// Seeds ids, tracking numbers and fault dice, so a run can be replayed.
    pub seed: u64,
}

impl Default for ProvidersConfig {
    fn default() -> Self {
        ProvidersConfig {
            progress_every: None,
            faults: Faults::default(),
            rate_limits: true,
            seed: 17,
        }
    }
}

#[derive(Debug, thiserror::Error)]
#[error("{name} is not valid: {reason}")]
pub struct ConfigError {
    pub name: &'static str,
    pub reason: String,
}

impl ProvidersConfig {
    /// Defaults overridden by `SANDBOX_ERROR_RATE`, `SANDBOX_THROTTLE_RATE`,
    /// `SANDBOX_FAIL_AFTER_WRITE_RATE`, `SANDBOX_LATENCY_MS`, `SANDBOX_PROVIDERS_PROGRESS_SECS`
    /// (0 turns the clock off), `SANDBOX_PROVIDERS_RATE_LIMITS` (`false` turns them off) and
    /// `SANDBOX_SEED`.
    pub fn from_env() -> Result<ProvidersConfig, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<ProvidersConfig, ConfigError> {
        let mut c = ProvidersConfig::default();
        let rate = |name: &'static str| -> Result<Option<f64>, ConfigError> {
            let Some(raw) = get(name) else {
                return Ok(None);
            };
            match raw.trim().parse::<f64>() {
                Ok(v) if (0.0..=1.0).contains(&v) => Ok(Some(v)),
                _ => Err(ConfigError {
                    name,
                    reason: format!("{raw:?} is not a share between 0 and 1"),
                }),
            }
        };
        let number = |name: &'static str| -> Result<Option<u64>, ConfigError> {
            let Some(raw) = get(name) else {
                return Ok(None);
            };
            raw.trim().parse().map(Some).map_err(|_| ConfigError {
                name,
                reason: format!("{raw:?} is not a whole number"),
            })
        };
        c.faults.error_rate = rate("SANDBOX_ERROR_RATE")?.unwrap_or(0.0);
        c.faults.throttle_rate = rate("SANDBOX_THROTTLE_RATE")?.unwrap_or(0.0);
        c.faults.fail_after_write_rate = rate("SANDBOX_FAIL_AFTER_WRITE_RATE")?.unwrap_or(0.0);
        c.faults.latency_ms = number("SANDBOX_LATENCY_MS")?.unwrap_or(0);
        if let Some(secs) = number("SANDBOX_PROVIDERS_PROGRESS_SECS")? {
            c.progress_every = (secs > 0).then(|| Duration::from_secs(secs));
        }
        if let Some(v) = get("SANDBOX_PROVIDERS_RATE_LIMITS") {
            c.rate_limits = !matches!(v.trim(), "0" | "false" | "no" | "off");
        }
        if let Some(seed) = number("SANDBOX_SEED")? {
            c.seed = seed;
        }
        Ok(c)
    }
}

struct Shared {
    inner: Mutex<Inner>,
    /// Delivers webhooks.
    http: reqwest::Client,
}

/// The stand-ins' state, cheap to clone; every clone is the same six providers.
#[derive(Clone)]
pub struct ProvidersSandbox {
    shared: Arc<Shared>,
}

impl ProvidersSandbox {
    /// Six providers, each with one seeded account. With `progress_every`, orders move on by
    /// themselves (when called inside a Tokio runtime).
    pub fn new(config: ProvidersConfig) -> ProvidersSandbox {
        let mut inner = Inner::new(&config);
        for p in Provider::ALL {
            new_account(&mut inner, p);
        }
        let sb = ProvidersSandbox {
            shared: Arc::new(Shared {
                inner: Mutex::new(inner),
                http: reqwest::Client::builder()
                    .timeout(Duration::from_secs(3))
                    .build()
                    .unwrap_or_default(),
            }),
        };
        if let Some(every) = config.progress_every {
            start_clock(Arc::downgrade(&sb.shared), every);
        }
        sb
    }

    /// Every write is applied whole before the lock is released, so a handler that panicked
    /// leaves usable state.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.shared
            .inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The axum router: the six APIs under their prefixes and the control routes.
    pub fn router(&self) -> Router {
        Router::new()
            .route(
                "/printify/{*rest}",
                any(|State(sb): State<ProvidersSandbox>, r: Request| {
                    serve_call(sb, Provider::Printify, r)
                }),
            )
            .route(
                "/gearment/{*rest}",
                any(|State(sb): State<ProvidersSandbox>, r: Request| {
                    serve_call(sb, Provider::Gearment, r)
                }),
            )
            .route(
                "/merchize/{*rest}",
                any(|State(sb): State<ProvidersSandbox>, r: Request| {
                    serve_call(sb, Provider::Merchize, r)
                }),
            )
            .route(
                "/lenful/{*rest}",
                any(|State(sb): State<ProvidersSandbox>, r: Request| {
                    serve_call(sb, Provider::Lenful, r)
                }),
            )
            .route(
                "/hmfulfill/{*rest}",
                any(|State(sb): State<ProvidersSandbox>, r: Request| {
                    serve_call(sb, Provider::HmFulfill, r)
                }),
            )
            .route(
                "/mangotee/{*rest}",
                any(|State(sb): State<ProvidersSandbox>, r: Request| {
                    serve_call(sb, Provider::MangoTee, r)
                }),
            )
            .route("/__sandbox/providers/ledger", get(control_ledger))
            .route("/__sandbox/providers/accounts", get(control_accounts))
            .route(
                "/__sandbox/providers/faults",
                get(control_faults).put(control_put_faults),
            )
            .route(
                "/__sandbox/providers/{provider}/faults",
                put(control_put_provider_faults),
            )
            .route(
                "/__sandbox/providers/{provider}/orders",
                get(control_orders),
            )
            .route(
                "/__sandbox/providers/{provider}/orders/{id}/advance",
                post(control_advance),
            )
            .route("/__sandbox/providers/advance", post(control_advance_all))
            .route("/__sandbox/providers/images/{name}", get(control_image))
            .with_state(self.clone())
    }

    /// The seeded account of `provider` (the same on every start).
    pub fn account(&self, provider: Provider) -> SandboxAccount {
        let inner = self.lock();
        let a = inner
            .accounts
            .iter()
            .find(|a| a.provider == provider)
            .cloned();
        drop(inner);
        match a {
            Some(a) => SandboxAccount::of(&a),
            None => self.add_account(provider),
        }
    }

    /// Another seller's account at `provider`.
    pub fn add_account(&self, provider: Provider) -> SandboxAccount {
        let mut inner = self.lock();
        let a = new_account(&mut inner, provider);
        SandboxAccount::of(&a)
    }

    /// Every account, seeded ones first.
    pub fn accounts(&self) -> Vec<SandboxAccount> {
        self.lock()
            .accounts
            .iter()
            .map(SandboxAccount::of)
            .collect()
    }

    /// Sets the faults of one provider, or of all six with `None`.
    pub fn set_faults(&self, provider: Option<Provider>, faults: Faults) {
        let mut inner = self.lock();
        for p in Provider::ALL {
            if provider.is_none_or(|only| only == p) {
                inner.faults.insert(p, faults);
            }
        }
    }

    pub fn faults(&self, provider: Provider) -> Faults {
        self.lock()
            .faults
            .get(&provider)
            .copied()
            .unwrap_or_default()
    }

    /// Whether the providers' own rate limits answer 429 (on by default).
    pub fn set_rate_limits(&self, on: bool) {
        self.lock().rate_limits = on;
    }

    /// Every API call answered so far, in order.
    pub fn ledger(&self) -> Vec<LedgerEntry> {
        self.lock().ledger.clone()
    }

    /// The orders `provider` holds, oldest first.
    pub fn orders(&self, provider: Provider) -> Vec<SandboxOrder> {
        self.lock()
            .orders
            .values()
            .filter(|o| o.provider == provider)
            .map(Order::view)
            .collect()
    }

    pub fn order(&self, provider: Provider, id: &str) -> Option<SandboxOrder> {
        self.lock().order(provider, id).map(Order::view)
    }

    /// Moves one order one step along its provider's lifecycle (shipping makes the tracking
    /// and sends the provider's webhook); false when unknown or at the end.
    pub fn advance(&self, provider: Provider, order_id: &str) -> bool {
        let moved = clock::advance(&mut self.lock(), provider, order_id, Utc::now());
        self.flush();
        moved
    }

    /// Every open order of every provider one step; answers how many moved.
    pub fn advance_all(&self) -> usize {
        let moved = clock::advance_all(&mut self.lock(), Utc::now());
        self.flush();
        moved
    }

    /// Walks an order forward until it reaches `status` (a status on its provider's path);
    /// false when it cannot get there.
    pub fn advance_to(&self, provider: Provider, order_id: &str, status: &str) -> bool {
        loop {
            match self.order(provider, order_id) {
                None => return false,
                Some(o) if o.status.eq_ignore_ascii_case(status) => return true,
                Some(_) => {
                    if !self.advance(provider, order_id) {
                        return false;
                    }
                }
            }
        }
    }

    /// Drift: an order at the provider that nobody asked Sellerdesk for (made by hand in the
    /// provider's dashboard). Answers its id. Silent: no webhook.
    pub fn plant_order(&self, provider: Provider, account: &SandboxAccount) -> String {
        let mut inner = self.lock();
        let spec = provider.spec();
        let now = Utc::now();
        let n = inner.next();
        let tee = catalog::find(0, "Black", "L").unwrap_or(VariantRef {
            product: 0,
            color: 0,
            size: 0,
        });
        let (sku, extra) = (spec.sku_of)(tee);
        let line = LineSpec {
            variant: tee,
            quantity: 1,
            unit_cost: tee.cost_cents(spec.percent),
            sku,
            files: vec![(
                (spec.area_name)("front").unwrap_or_else(|| "front".into()),
                "https://images.example.com/designs/hand-made.png".into(),
            )],
            name: Some("Unisex Heavy Cotton Tee".into()),
            mockup: None,
            extra,
        };
        let recipient = Recipient {
            first_name: "Walk".into(),
            last_name: format!("In {n}"),
            email: Some(format!("walk-in-{n}@example.com")),
            phone: Some("+1 555 0100".into()),
            company: None,
            address1: "1 Market Street".into(),
            address2: None,
            city: "San Francisco".into(),
            region: "CA".into(),
            zip: "94105".into(),
            country: "US".into(),
        };
        let order = build_order(
            &mut inner,
            spec,
            &account.id,
            Some(format!("manual-{n}")),
            Some(format!("Manual order {n}")),
            recipient,
            vec![line],
            spec.default_method.to_owned(),
            now,
        );
        let id = order.id.clone();
        inner.insert_order(order);
        id
    }

    /// Drift: the provider loses an order.
    pub fn drop_order(&self, provider: Provider, order_id: &str) -> bool {
        self.lock().remove_order(provider, order_id)
    }

    /// Drift: puts an order in any of its provider's statuses (`in-production`,
    /// `VENDOR_ORDER_STATUS_PACKED`, …), silently; false when unknown.
    pub fn set_status(&self, provider: Provider, order_id: &str, status: &str) -> bool {
        let spec = provider.spec();
        let Some((text, stage)) = spec.stage_of(status) else {
            return false;
        };
        clock::move_to(
            &mut self.lock(),
            spec,
            order_id,
            text,
            stage,
            Utc::now(),
            false,
        )
    }

    /// Where a provider without a registration API (Merchize, Lenful; any provider, in fact)
    /// sends `account`'s webhooks, signed with `secret`: what the seller types into the
    /// provider's dashboard.
    pub fn set_webhook(
        &self,
        provider: Provider,
        account: &SandboxAccount,
        url: &str,
        secret: &str,
    ) {
        let mut inner = self.lock();
        inner.hooks.retain(|h| {
            !(h.provider == provider && h.account == account.id && h.topics.is_empty())
        });
        let id = inner.hex(24);
        inner.hooks.push(Hook {
            id,
            provider,
            account: account.id.clone(),
            url: url.to_owned(),
            secret: Some(secret.to_owned()),
            topics: Vec::new(),
            created_at: Utc::now(),
        });
    }

    /// Every webhook sent so far, with the receiver's answer.
    pub fn deliveries(&self) -> Vec<Delivery> {
        self.lock().deliveries.clone()
    }

    /// Sends the webhooks of an order's latest move again, now (`forged`: signed with a wrong
    /// secret, as an impostor would); answers the deliveries.
    pub async fn resend_webhooks(
        &self,
        provider: Provider,
        order_id: &str,
        forged: bool,
    ) -> Vec<Delivery> {
        let out = {
            let mut inner = self.lock();
            let spec = provider.spec();
            let Some(order) = inner.order(provider, order_id) else {
                return Vec::new();
            };
            let from = order
                .history
                .len()
                .checked_sub(2)
                .and_then(|i| order.history.get(i))
                .map(|(s, _)| *s);
            let events = (spec.events)(order, from, Utc::now());
            let account = order.account.clone();
            let queued = std::mem::take(&mut inner.outbox);
            webhooks::emit(&mut inner, spec, &account, events, forged);
            std::mem::replace(&mut inner.outbox, queued)
        };
        let mut sent = Vec::new();
        for o in out {
            let d = webhooks::send(&self.shared.http, o).await;
            self.lock().deliveries.push(d.clone());
            sent.push(d);
        }
        sent
    }

    /// Posts the queued webhooks in the background, one after the other.
    fn flush(&self) {
        let out = std::mem::take(&mut self.lock().outbox);
        if out.is_empty() {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            self.lock()
                .deliveries
                .extend(out.into_iter().map(|o| o.delivery));
            return;
        };
        let sb = self.clone();
        runtime.spawn(async move {
            for o in out {
                let d = webhooks::send(&sb.shared.http, o).await;
                sb.lock().deliveries.push(d);
            }
        });
    }

    /// Draws the faults of one call to `provider`.
    fn roll(&self, provider: Provider) -> faults::Dice {
        let mut inner = self.lock();
        let f = inner.faults.get(&provider).copied().unwrap_or_default();
        faults::roll(&mut inner.rng, &f)
    }
}

fn start_clock(shared: Weak<Shared>, every: Duration) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        return;
    };
    runtime.spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await;
        loop {
            tick.tick().await;
            let Some(shared) = shared.upgrade() else {
                break;
            };
            ProvidersSandbox { shared }.advance_all();
        }
    });
}

/// Creates the next account of `provider`; the first of each is fixed, so the demo and a
/// standalone sandbox always hand out the same credentials.
fn new_account(inner: &mut Inner, provider: Provider) -> Account {
    let n = inner
        .accounts
        .iter()
        .filter(|a| a.provider == provider)
        .count()
        + 1;
    let first = n == 1;
    let id = format!("{}-{n}", provider.slug());
    let mut a = Account {
        id,
        provider,
        api_key: String::new(),
        api_secret: None,
        shop_id: None,
        shop_title: if first {
            "Sellerdesk Demo Store".into()
        } else {
            format!("Seller {n} Store")
        },
        tenant: None,
        sales_channel: "custom_integration",
    };
    let mut random = |len: usize| inner.token(len);
    match provider {
        Provider::Printify => {
            // A personal access token is a JWT; the stand-in only compares it.
            a.api_key = if first {
                "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJhdWQiOiIzN2Q0YmQzMDM1ZmUxMWU5YTgwM2FiN2VlYjNjY2M5NyIsInNjb3BlcyI6WyJzaG9wcy5yZWFkIiwiY2F0YWxvZy5yZWFkIiwib3JkZXJzLnJlYWQiLCJvcmRlcnMud3JpdGUiLCJ3ZWJob29rcy5yZWFkIiwid2ViaG9va3Mud3JpdGUiXX0.c2FuZGJveC1wcmludGlmeS1zaWduYXR1cmU".into()
            } else {
                format!(
                    "eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.{}.{}",
                    random(96),
                    random(43)
                )
            };
            a.shop_id = Some((9_354_978 + (n as u64 - 1) * 1_311).to_string());
        }
        Provider::Gearment => {
            a.api_key = if first {
                "gm_ck_sandbox_7Hq2LmN4pR8sT1vW".into()
            } else {
                format!("gm_ck_{}", random(24))
            };
            a.api_secret = Some(if first {
                "gm_cs_sandbox_Zx9Yc3Bv6Nm2Kq5Wt8Lp".into()
            } else {
                format!("gm_cs_{}", random(32))
            });
        }
        Provider::Merchize => {
            a.api_key = if first {
                "mcz_sandbox_Qw3Er5Ty7Ui9Op1As2Df".into()
            } else {
                format!("mcz_{}", random(32))
            };
            a.tenant = Some(if first {
                "acme".into()
            } else {
                format!("seller{n}")
            });
        }
        Provider::Lenful => {
            a.api_key = if first {
                "acme-seller".into()
            } else {
                format!("seller-{n}")
            };
            a.api_secret = Some(if first {
                "lenful-sandbox-password".into()
            } else {
                random(20)
            });
            a.shop_id = Some((1024 + n).to_string());
        }
        Provider::HmFulfill => {
            a.api_key = if first {
                "hmf_live_sandbox_4Fg6Hj8Kl0Zx2Cv4".into()
            } else {
                format!("hmf_live_{}", random(24))
            };
        }
        Provider::MangoTee => {
            a.api_key = if first {
                "mgt_sandbox_9Wd7Fs5Ga3Hj1Kl8Qp6R".into()
            } else {
                format!("mgt_{}", random(32))
            };
        }
    }
    inner.accounts.push(a.clone());
    a
}

/// One line of an order being made, before shipping is shared out.
pub(crate) struct LineSpec {
    pub variant: VariantRef,
    pub quantity: u32,
    pub unit_cost: i64,
    pub sku: String,
    pub files: Vec<(String, String)>,
    pub name: Option<String>,
    pub mockup: Option<String>,
    pub extra: Map<String, Value>,
}

/// An order in the provider's first status, with ids in the provider's style and shipping
/// shared out over its lines. Not yet stored.
#[allow(clippy::too_many_arguments)]
pub(crate) fn build_order(
    inner: &mut Inner,
    spec: &Spec,
    account: &str,
    reference: Option<String>,
    label: Option<String>,
    recipient: Recipient,
    lines: Vec<LineSpec>,
    shipping_method: String,
    now: DateTime<Utc>,
) -> Order {
    let (id, short_id) = (spec.new_id)(inner, now);
    let shipping = catalog::shipping_per_line(
        &lines
            .iter()
            .map(|l| (l.variant, l.quantity))
            .collect::<Vec<_>>(),
        spec.percent,
    );
    let lines = lines
        .into_iter()
        .zip(shipping)
        .map(|(l, ship)| Line {
            item_id: inner.object_id(now),
            variant: l.variant,
            quantity: l.quantity,
            unit_cost: l.unit_cost,
            shipping: ship,
            sku: l.sku,
            files: l.files,
            name: l.name,
            mockup: l.mockup,
            extra: l.extra,
        })
        .collect();
    let (status, stage) = spec.lifecycle[0];
    let shop = inner.account(account).and_then(|a| a.shop_id.clone());
    Order {
        provider: spec.provider,
        id,
        short_id,
        account: account.to_owned(),
        shop,
        reference,
        label,
        status,
        stage,
        created_at: now,
        updated_at: now,
        sent_to_production_at: None,
        cancelled_at: None,
        recipient,
        lines,
        shipping_method,
        shipment: None,
        history: vec![(status, now)],
        extra: Map::new(),
    }
}

/// Stores a new order and queues its creation webhooks.
pub(crate) fn store_order(inner: &mut Inner, spec: &Spec, order: Order, now: DateTime<Utc>) {
    let events = (spec.events)(&order, None, now);
    let account = order.account.clone();
    inner.insert_order(order);
    webhooks::emit(inner, spec, &account, events, false);
}

/// Cancels an order the provider still lets go: its webhooks are queued. `Err` carries the
/// status that forbids it.
pub(crate) fn cancel_order(
    inner: &mut Inner,
    spec: &Spec,
    id: &str,
    now: DateTime<Utc>,
) -> Result<(), &'static str> {
    let status = inner
        .order(spec.provider, id)
        .map(|o| o.status)
        .unwrap_or_default();
    if !spec.can_cancel(status) {
        return Err(status);
    }
    clock::move_to(inner, spec, id, spec.cancelled, Stage::Cancelled, now, true);
    Ok(())
}

/// Every API call: faults, then the provider's handler (authentication, rate limit, work),
/// then the ledger, then webhooks.
async fn serve_call(sb: ProvidersSandbox, provider: Provider, request: Request) -> Response {
    let spec = provider.spec();
    let (parts, body) = request.into_parts();
    let Ok(body) = axum::body::to_bytes(body, MAX_BODY_BYTES).await else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let origin = api::origin(&parts.headers);
    let call = Call::new(
        parts.method,
        parts.uri.path(),
        parts.uri.query(),
        parts.headers,
        body,
        provider,
    );
    let dice = sb.roll(provider);
    if dice.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(dice.latency_ms)).await;
    }
    let now = Utc::now();
    if dice.throttle || dice.error {
        let (reply, fault) = if dice.throttle {
            ((spec.throttled)(1), Fault::Throttle)
        } else {
            ((spec.internal)(), Fault::Error)
        };
        let mut inner = sb.lock();
        let account = (spec.peek)(&inner, &call);
        let reference = api::peek_reference(&call, spec.reference_path);
        record(
            &mut inner,
            provider,
            &call,
            now,
            reply.status,
            account,
            reference,
            None,
            Some(fault),
        );
        return reply.into_response();
    }
    let reply = {
        let mut inner = sb.lock();
        let mut ctx = Ctx::new(now, origin);
        let mut reply = (spec.handle)(&mut inner, &call, &mut ctx).unwrap_or_else(|e| e);
        let mut fault = None;
        if dice.fail_after_write && ctx.wrote && reply.is_success() {
            // The write stands; only the answer is lost.
            reply = (spec.internal)();
            fault = Some(Fault::FailAfterWrite);
        }
        record(
            &mut inner,
            provider,
            &call,
            now,
            reply.status,
            ctx.account,
            ctx.reference,
            ctx.created,
            fault,
        );
        reply
    };
    sb.flush();
    reply.into_response()
}

#[allow(clippy::too_many_arguments)]
fn record(
    inner: &mut Inner,
    provider: Provider,
    call: &Call,
    at: DateTime<Utc>,
    status: StatusCode,
    account: Option<String>,
    reference: Option<String>,
    order_id: Option<String>,
    fault: Option<Fault>,
) {
    let seq = inner.ledger.len() as u64 + 1;
    inner.ledger.push(LedgerEntry {
        seq,
        at,
        provider,
        method: call.method.to_string(),
        path: call.path.clone(),
        status: status.as_u16(),
        account,
        reference,
        order_id,
        fault,
    });
}

async fn control_ledger(State(sb): State<ProvidersSandbox>) -> Response {
    axum::Json(json!({ "entries": sb.ledger() })).into_response()
}

/// The accounts and their credentials: what a seller copies from each provider's dashboard.
/// Sandbox credentials only, so an operator can connect them by hand.
async fn control_accounts(State(sb): State<ProvidersSandbox>) -> Response {
    axum::Json(json!({ "accounts": sb.accounts() })).into_response()
}

async fn control_faults(State(sb): State<ProvidersSandbox>) -> Response {
    let all: Map<String, Value> = Provider::ALL
        .into_iter()
        .map(|p| {
            (
                p.slug().to_owned(),
                serde_json::to_value(sb.faults(p)).unwrap_or_default(),
            )
        })
        .collect();
    axum::Json(Value::Object(all)).into_response()
}

fn parse_faults(body: &Bytes) -> Option<Faults> {
    serde_json::from_slice::<Faults>(body)
        .ok()
        .filter(Faults::is_valid)
}

fn bad_faults() -> Response {
    (
        StatusCode::BAD_REQUEST,
        "expected {error_rate, throttle_rate, fail_after_write_rate in 0..=1, latency_ms}",
    )
        .into_response()
}

async fn control_put_faults(State(sb): State<ProvidersSandbox>, body: Bytes) -> Response {
    match parse_faults(&body) {
        Some(f) => {
            sb.set_faults(None, f);
            axum::Json(f).into_response()
        }
        None => bad_faults(),
    }
}

async fn control_put_provider_faults(
    State(sb): State<ProvidersSandbox>,
    Path(provider): Path<String>,
    body: Bytes,
) -> Response {
    let Some(p) = Provider::from_slug(&provider) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match parse_faults(&body) {
        Some(f) => {
            sb.set_faults(Some(p), f);
            axum::Json(f).into_response()
        }
        None => bad_faults(),
    }
}

async fn control_orders(
    State(sb): State<ProvidersSandbox>,
    Path(provider): Path<String>,
) -> Response {
    match Provider::from_slug(&provider) {
        Some(p) => axum::Json(json!({ "orders": sb.orders(p) })).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn control_advance(
    State(sb): State<ProvidersSandbox>,
    Path((provider, id)): Path<(String, String)>,
) -> Response {
    let Some(p) = Provider::from_slug(&provider) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let moved = sb.advance(p, &id);
    axum::Json(json!({ "moved": moved, "order": sb.order(p, &id) })).into_response()
}

async fn control_advance_all(State(sb): State<ProvidersSandbox>) -> Response {
    axum::Json(json!({ "moved": sb.advance_all() })).into_response()
}

/// A catalogue image: `{PRODUCT KEY}-{COLOR CODE}.png`, a swatch of the colour, so catalogue
/// screens show pictures offline.
async fn control_image(Path(name): Path<String>) -> Response {
    let found = name
        .strip_suffix(".png")
        .and_then(|n| n.rsplit_once('-'))
        .and_then(|(key, code)| {
            catalog::PRODUCTS
                .iter()
                .find(|p| p.key == key)
                .and_then(|p| p.colors.iter().find(|c| c.code == code))
        });
    let Some(color) = found else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let rgb = u32::from_str_radix(color.hex.trim_start_matches('#'), 16).unwrap_or(0x80_80_80);
    let [_, r, g, b] = rgb.to_be_bytes();
    let png = crate::tiktok::placeholder_png(64, 64, [r, g, b]);
    ([(axum::http::header::CONTENT_TYPE, "image/png")], png).into_response()
}

/// The stand-ins served on a TCP port; dropping the handle stops the server.
pub struct ProvidersHandle {
    base_url: String,
    addr: SocketAddr,
    sandbox: ProvidersSandbox,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl ProvidersHandle {
    /// `http://127.0.0.1:PORT`, with no trailing slash; every provider is under it.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn sandbox(&self) -> &ProvidersSandbox {
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

impl Drop for ProvidersHandle {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

/// Serves new stand-ins on `addr` (port 0 picks a free port).
pub async fn serve(addr: SocketAddr, config: ProvidersConfig) -> std::io::Result<ProvidersHandle> {
    serve_sandbox(addr, ProvidersSandbox::new(config)).await
}

/// Serves existing stand-ins on `addr`, e.g. ones the caller seeded first.
pub async fn serve_sandbox(
    addr: SocketAddr,
    sandbox: ProvidersSandbox,
) -> std::io::Result<ProvidersHandle> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let (tx, rx) = oneshot::channel::<()>();
    let app = sandbox.router();
    let task = tokio::spawn(async move {
        let server = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = server.await {
            tracing::error!(error = %e, "providers sandbox stopped");
        }
    });
    Ok(ProvidersHandle {
        base_url: format!("http://{addr}"),
        addr,
        sandbox,
        shutdown: Some(tx),
        task: Some(task),
    })
}

/// Stand-ins on a free loopback port: the in-process form tests and the demo use.
pub async fn start(config: ProvidersConfig) -> std::io::Result<ProvidersHandle> {
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).await
}
