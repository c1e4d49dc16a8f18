//! The stand-ins' in-memory world: accounts, orders, webhook registrations, rate-limit windows,
//! the ledger and the webhooks waiting to go. One mutex guards it; nothing awaits while holding
//! it.
use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use serde_json::{Map, Value};

use super::catalog::VariantRef;
use super::faults::Faults;
use super::ledger::LedgerEntry;
use super::limits::Window;
use super::webhooks::{Delivery, Hook, Outgoing};
use super::{Provider, ProvidersConfig};

/// Where an order stands, whatever its provider calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Pending,
    OnHold,
    InProduction,
    Shipped,
    Delivered,
    Cancelled,
    Rejected,
}

impl Stage {
    /// Position on the way to the customer; the side exits rank last.
    pub fn rank(self) -> u8 {
        match self {
            Stage::Pending => 0,
            Stage::OnHold => 1,
            Stage::InProduction => 2,
            Stage::Shipped => 3,
            Stage::Delivered => 4,
            Stage::Cancelled | Stage::Rejected => 9,
        }
    }

    /// Whether the clock still moves an order in this stage.
    pub fn is_open(self) -> bool {
        !matches!(self, Stage::Delivered | Stage::Cancelled | Stage::Rejected)
    }
}

/// One seller's account at one provider.
#[derive(Debug, Clone)]
pub struct Account {
    /// The account's name in the ledger and in orders; never a credential.
    pub id: String,
    pub provider: Provider,
    pub api_key: String,
    pub api_secret: Option<String>,
    /// Printify: the shop (digits) · Lenful: the shop in create paths.
    pub shop_id: Option<String>,
    pub shop_title: String,
    /// Merchize: the tenant in the path.
    pub tenant: Option<String>,
    /// Printify: `sales_channel` (`custom_integration`, or `disconnected` once disconnected).
    pub sales_channel: &'static str,
}

/// Who an order goes to, in one shape for every provider.
#[derive(Debug, Clone, Default)]
pub struct Recipient {
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub company: Option<String>,
    pub address1: String,
    pub address2: Option<String>,
    pub city: String,
    pub region: String,
    pub zip: String,
    pub country: String,
}

impl Recipient {
    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
            .trim()
            .to_owned()
    }
}

/// One line of an order.
#[derive(Debug, Clone)]
pub struct Line {
    /// The provider's own id of the line.
    pub item_id: String,
    pub variant: VariantRef,
    pub quantity: u32,
    /// What one unit costs the seller, in cents.
    pub unit_cost: i64,
    /// The line's share of shipping, in cents.
    pub shipping: i64,
    /// How the caller named the variant (SKU, variant id…), echoed back as sent.
    pub sku: String,
    /// Print files by the provider's own position names.
    pub files: Vec<(String, String)>,
    pub name: Option<String>,
    pub mockup: Option<String>,
    /// Provider-specific members echoed back (Printify's `print_provider_id`, …).
    pub extra: Map<String, Value>,
}

#[derive(Debug, Clone)]
pub struct Shipment {
    /// `USPS`, `UPS` or `DHL`.
    pub carrier: &'static str,
    pub number: String,
    pub url: String,
    pub shipped_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct Order {
    pub provider: Provider,
    pub id: String,
    /// A second, shorter name: Gearment's order name, Merchize's code, Lenful's short id.
    pub short_id: String,
    /// [`Account::id`].
    pub account: String,
    /// The account's shop when it has one (Printify, Lenful).
    pub shop: Option<String>,
    /// Our reference (Printify `external_id`, Gearment `reference_id`, …).
    pub reference: Option<String>,
    /// Display name or label (Printify `label`, Merchize `identifier`).
    pub label: Option<String>,
    pub status: &'static str,
    pub stage: Stage,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub sent_to_production_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub recipient: Recipient,
    pub lines: Vec<Line>,
    pub shipping_method: String,
    pub shipment: Option<Shipment>,
    /// Every status the order has been in, with when.
    pub history: Vec<(&'static str, DateTime<Utc>)>,
    /// Provider-specific members echoed back.
    pub extra: Map<String, Value>,
}

impl Order {
    pub fn items_cents(&self) -> i64 {
        self.lines
            .iter()
            .map(|l| l.unit_cost * i64::from(l.quantity))
            .sum()
    }

    pub fn shipping_cents(&self) -> i64 {
        self.lines.iter().map(|l| l.shipping).sum()
    }

    pub fn total_cents(&self) -> i64 {
        self.items_cents() + self.shipping_cents()
    }

    /// The first time the order reached a status.
    pub fn when(&self, status: &str) -> Option<DateTime<Utc>> {
        self.history
            .iter()
            .find(|(s, _)| *s == status)
            .map(|(_, t)| *t)
    }

    pub fn view(&self) -> SandboxOrder {
        SandboxOrder {
            provider: self.provider,
            id: self.id.clone(),
            reference: self.reference.clone(),
            account: self.account.clone(),
            status: self.status.to_owned(),
            total_cents: self.total_cents(),
            tracking_carrier: self.shipment.as_ref().map(|s| s.carrier.to_owned()),
            tracking_number: self.shipment.as_ref().map(|s| s.number.clone()),
            tracking_url: self.shipment.as_ref().map(|s| s.url.clone()),
            created_at: self.created_at,
        }
    }
}

/// An order as a test sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SandboxOrder {
    pub provider: Provider,
    pub id: String,
    pub reference: Option<String>,
    /// The account's id (see `SandboxAccount::id`).
    pub account: String,
    /// The provider's own status text.
    pub status: String,
    /// Items and shipping, in cents.
    pub total_cents: i64,
    pub tracking_carrier: Option<String>,
    pub tracking_number: Option<String>,
    pub tracking_url: Option<String>,
    pub created_at: DateTime<Utc>,
}

pub struct Inner {
    pub rate_limits: bool,
    pub rng: StdRng,
    counter: u64,
    pub accounts: Vec<Account>,
    /// By creation sequence, so iteration is creation order.
    pub orders: BTreeMap<u64, Order>,
    /// Sequence by (provider, order id).
    pub order_index: HashMap<(Provider, String), u64>,
    pub faults: HashMap<Provider, Faults>,
    pub ledger: Vec<LedgerEntry>,
    pub hooks: Vec<Hook>,
    pub deliveries: Vec<Delivery>,
    /// Webhooks built under the lock, sent once it is released.
    pub outbox: Vec<Outgoing>,
    pub windows: HashMap<String, Window>,
    /// Lenful access tokens: token → (account id, expiry).
    pub sessions: HashMap<String, (String, DateTime<Utc>)>,
}

impl Inner {
    pub fn new(config: &ProvidersConfig) -> Inner {
        let faults = Provider::ALL
            .into_iter()
            .map(|p| (p, config.faults))
            .collect();
        Inner {
            rate_limits: config.rate_limits,
            rng: StdRng::seed_from_u64(config.seed),
            counter: 0,
            accounts: Vec::new(),
            orders: BTreeMap::new(),
            order_index: HashMap::new(),
            faults,
            ledger: Vec::new(),
            hooks: Vec::new(),
            deliveries: Vec::new(),
            outbox: Vec::new(),
            windows: HashMap::new(),
            sessions: HashMap::new(),
        }
    }

    /// A number that grows with every call: ids, short names, sequences.
    pub fn next(&mut self) -> u64 {
        self.counter += 1;
        self.counter
    }

    /// `n` random lower-case hex digits.
    pub fn hex(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| char::from_digit(self.rng.random_range(0..16u32), 16).unwrap_or('0'))
            .collect()
    }

    /// A 24-hex id that sorts by creation, like a MongoDB ObjectId.
    pub fn object_id(&mut self, now: DateTime<Utc>) -> String {
        let seq = self.next();
        let stamp = u32::try_from(now.timestamp().max(0)).unwrap_or(u32::MAX);
        let tail = self.hex(6);
        format!("{stamp:08x}{tail}{seq:010x}")
    }

    /// A random version-4 UUID.
    pub fn uuid(&mut self) -> String {
        let h = self.hex(32);
        let variant = ['8', '9', 'a', 'b'][self.rng.random_range(0..4usize)];
        format!(
            "{}-{}-4{}-{}{}-{}",
            &h[0..8],
            &h[8..12],
            &h[13..16],
            variant,
            &h[17..20],
            &h[20..32]
        )
    }

    /// Random letters and digits.
    pub fn token(&mut self, n: usize) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        (0..n)
            .map(|_| char::from(ALPHABET[self.rng.random_range(0..ALPHABET.len())]))
            .collect()
    }

    pub fn digits(&mut self, n: usize) -> String {
        (0..n)
            .map(|_| char::from(b'0' + self.rng.random_range(0..10u8)))
            .collect()
    }

    pub fn account(&self, id: &str) -> Option<&Account> {
        self.accounts.iter().find(|a| a.id == id)
    }

    pub fn account_mut(&mut self, id: &str) -> Option<&mut Account> {
        self.accounts.iter_mut().find(|a| a.id == id)
    }

    /// The account of `provider` holding `api_key`.
    pub fn account_by_key(&self, provider: Provider, api_key: &str) -> Option<&Account> {
        self.accounts
            .iter()
            .find(|a| a.provider == provider && super::api::same(&a.api_key, api_key))
    }

    pub fn insert_order(&mut self, order: Order) {
        let seq = self.next();
        self.order_index
            .insert((order.provider, order.id.clone()), seq);
        self.orders.insert(seq, order);
    }

    pub fn order(&self, provider: Provider, id: &str) -> Option<&Order> {
        let seq = self.order_index.get(&(provider, id.to_owned()))?;
        self.orders.get(seq)
    }

    pub fn order_mut(&mut self, provider: Provider, id: &str) -> Option<&mut Order> {
        let seq = self.order_index.get(&(provider, id.to_owned()))?;
        self.orders.get_mut(seq)
    }

    pub fn remove_order(&mut self, provider: Provider, id: &str) -> bool {
        match self.order_index.remove(&(provider, id.to_owned())) {
            Some(seq) => self.orders.remove(&seq).is_some(),
            None => false,
        }
    }

    /// An account's orders, oldest first.
    pub fn orders_of<'a>(&'a self, account: &'a str) -> impl Iterator<Item = &'a Order> + 'a {
        self.orders.values().filter(move |o| o.account == account)
    }

    /// An account's order carrying `reference`, the oldest when there are several.
    pub fn order_by_reference(&self, account: &str, reference: &str) -> Option<&Order> {
        self.orders
            .values()
            .find(|o| o.account == account && o.reference.as_deref() == Some(reference))
    }
}
