//! The sandbox's in-memory world: sellers, shops, tokens, products, orders, activities, images,
//! and the ledger of accepted writes. One mutex guards it; handlers never await while holding it.
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use super::catalog::{Brand, builtin_brands};
use super::config::SandboxConfig;
use super::envelope::ApiError;
use super::gate::Ctx;
use super::orders::{Order, Subscription};
use super::products::Product;
use super::promotions::Activity;

pub struct Seller {
    pub name: String,
    pub region: String,
}

#[derive(Clone)]
pub struct Shop {
    pub id: String,
    pub name: String,
    pub region: String,
    pub seller_type: String,
    pub cipher: String,
    pub code: String,
    pub open_id: String,
    pub currency: String,
    pub warehouses: Vec<Warehouse>,
}

#[derive(Clone)]
pub struct Warehouse {
    pub id: String,
    pub name: String,
    pub kind: &'static str,
    pub is_default: bool,
}

pub struct AuthCode {
    pub open_id: String,
    pub expires_at: i64,
    pub used: bool,
}

#[derive(Clone)]
pub struct Token {
    pub open_id: String,
    pub expires_at: i64,
}

pub struct Image {
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// One write the sandbox accepted. Replays answered from an idempotency key are not writes.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct LedgerEntry {
    pub seq: u64,
    /// Unix seconds.
    pub at: i64,
    /// `product.create`, `product.edit`, `activity.create`, `image.upload`, `token.get`, …
    pub kind: String,
    pub shop_id: Option<String>,
    pub resource_id: Option<String>,
    pub idempotency_key: Option<String>,
    pub title: Option<String>,
    pub seller_skus: Vec<String>,
}

/// One webhook the sandbox sent, and how the receiver answered (`None`: unreachable).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Delivery {
    pub shop_id: String,
    pub order_id: String,
    pub order_status: String,
    pub update_time: i64,
    /// False for the badly signed ones a test asked for.
    pub signed: bool,
    pub http_status: Option<u16>,
}

/// One shipment the marketplace accepted (Mark Package As Shipped). A refused call, such as a
/// second one for lines already shipped, is not a shipment.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Shipped {
    pub shop_id: String,
    pub order_id: String,
    pub package_id: String,
    pub tracking_number: String,
    pub shipping_provider_id: String,
    pub shipping_provider_name: String,
    pub order_line_item_ids: Vec<String>,
    /// Unix seconds.
    pub at: i64,
    /// Shipped after the order's ship-by time (`rts_sla_time`): accepted, but a late dispatch.
    pub late: bool,
}

/// The parts of a ledger entry a handler fills in.
#[derive(Default)]
pub struct Write {
    pub resource_id: Option<String>,
    pub idempotency_key: Option<String>,
    pub title: Option<String>,
    pub seller_skus: Vec<String>,
}

/// A fault queued for the next request, ahead of the random ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scripted {
    Throttle {
        retry_after_secs: u64,
    },
    Error,
    /// A 500 after the write was applied (on reads, a plain 500).
    ErrorAfterWrite,
}

pub struct Bucket {
    pub tokens: f64,
    pub at_ms: i64,
}

pub struct Inner {
    pub config: SandboxConfig,
    pub rng: StdRng,
    counter: u64,
    pub sellers: HashMap<String, Seller>,
    pub shops: Vec<Shop>,
    pub auth_codes: HashMap<String, AuthCode>,
    pub access_tokens: HashMap<String, Token>,
    pub refresh_tokens: HashMap<String, Token>,
    /// Keyed by product id; ids grow with time, so iteration is creation order.
    pub products: BTreeMap<String, Product>,
    /// Audits to end, by due time: each request settles only these, not every product.
    pub audits_due: BTreeSet<(i64, String)>,
    /// Product ids by (shop, idempotency key), so a create answers a repeated key at once.
    pub idempotency: HashMap<(String, String), String>,
    pub images: HashMap<String, Image>,
    pub brands: Vec<Brand>,
    /// Keyed by order id; ids grow with time, so iteration is creation order.
    pub orders: BTreeMap<String, Order>,
    /// Shops whose orders are served in every state they have been in (replay mode).
    pub replaying: HashSet<String>,
    /// Replay mode for every shop, those granted later included.
    pub replaying_all: bool,
    /// Subscriptions by (shop id, event type).
    pub webhooks: HashMap<(String, String), Subscription>,
    /// Whether order changes made through the sandbox's controls are delivered as webhooks.
    pub webhooks_auto: bool,
    pub deliveries: Vec<Delivery>,
    /// Accepted shipments, in order.
    pub shipments: Vec<Shipped>,
    pub activities: BTreeMap<String, Activity>,
    pub ledger: Vec<LedgerEntry>,
    pub daily_creates: HashMap<(String, i64), u32>,
    pub buckets: HashMap<String, Bucket>,
    pub scripted: VecDeque<Scripted>,
    /// How far the marketplace's business clock runs ahead of the wall clock (seconds): moved
    /// by tests through `/__sandbox/clock`, so activities start and end without waiting. The
    /// gateway's timestamp and token checks keep the wall clock.
    pub clock_offset_secs: i64,
}

impl Inner {
    pub fn new(config: SandboxConfig) -> Inner {
        Inner {
            rng: StdRng::seed_from_u64(config.seed),
            config,
            counter: 0,
            sellers: HashMap::new(),
            shops: Vec::new(),
            auth_codes: HashMap::new(),
            access_tokens: HashMap::new(),
            refresh_tokens: HashMap::new(),
            products: BTreeMap::new(),
            audits_due: BTreeSet::new(),
            idempotency: HashMap::new(),
            images: HashMap::new(),
            brands: builtin_brands(),
            orders: BTreeMap::new(),
            replaying: HashSet::new(),
            replaying_all: false,
            webhooks: HashMap::new(),
            webhooks_auto: true,
            deliveries: Vec::new(),
            shipments: Vec::new(),
            activities: BTreeMap::new(),
            ledger: Vec::new(),
            daily_creates: HashMap::new(),
            buckets: HashMap::new(),
            scripted: VecDeque::new(),
            clock_offset_secs: 0,
        }
    }

    /// A fresh 19-digit id, increasing, like the marketplace's product and SKU ids.
    pub fn next_id(&mut self) -> String {
        self.counter += 1;
        (1_729_382_256_910_270_000u64 + self.counter).to_string()
    }

    pub fn random_token(&mut self, prefix: &str, len: usize) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        let tail: String = (0..len)
            .map(|_| ALPHABET[self.rng.random_range(0..ALPHABET.len())] as char)
            .collect();
        format!("{prefix}{tail}")
    }

    pub fn shop(&self, id: &str) -> Option<&Shop> {
        self.shops.iter().find(|s| s.id == id)
    }

    pub fn record(&mut self, ctx: &Ctx, kind: &str, write: Write) {
        let seq = self.ledger.len() as u64 + 1;
        self.ledger.push(LedgerEntry {
            seq,
            at: ctx.now,
            kind: kind.to_string(),
            shop_id: ctx.shop_id.clone(),
            resource_id: write.resource_id,
            idempotency_key: write.idempotency_key,
            title: write.title,
            seller_skus: write.seller_skus,
        });
    }
}

/// Slices a result list by an opaque page token; the token is the offset, hex-encoded so that
/// callers treat it as opaque.
pub fn paginate<T>(
    items: Vec<T>,
    page_size: usize,
    page_token: Option<&str>,
) -> Result<(Vec<T>, String, usize), ApiError> {
    let offset = match page_token.filter(|t| !t.is_empty()) {
        None => 0,
        Some(token) => {
            decode_token(token).ok_or_else(|| ApiError::invalid("invalid page_token"))?
        }
    };
    let total = items.len();
    let page: Vec<T> = items.into_iter().skip(offset).take(page_size).collect();
    let end = offset + page.len();
    let next = if end < total {
        hex::encode(format!("offset:{end}"))
    } else {
        String::new()
    };
    Ok((page, next, total))
}

fn decode_token(token: &str) -> Option<usize> {
    let raw = hex::decode(token).ok()?;
    let text = String::from_utf8(raw).ok()?;
    text.strip_prefix("offset:")?.parse().ok()
}
