//! Print-on-demand providers: Printify, Gearment, Merchize, Lenful, HMFulfill and MangoTee
//! behind one typed client.
//!
//! Every provider speaks its own API (`printify.rs`, `gearment.rs`, …); this module is what the
//! rest of Sellerdesk sees: accounts, one order shape in, one order shape out, statuses folded
//! into [`Stage`], failures folded into [`ProviderError`]. Requests are rate limited per
//! account and retried on 429/5xx within bounds, honouring `Retry-After`.
//!
//! An order is created **exactly once** per [`NewOrder::reference`] (our fulfilment order id):
//! where the provider takes an idempotency key (Printify's and Gearment's reference, MangoTee's
//! `order_id`, the assumed shape's `external_id`) the reference is it, and a duplicate answers the
//! order made before; where it does not, [`FulfillmentClient::create_order`] looks the reference
//! up first.
//!
//! Credentials are plain strings here; sealing them at rest is the caller's job. No error of
//! this module carries a URL, a query or a credential.

mod gearment;
mod hmfulfill;
mod lenful;
mod mangotee;
mod merchize;
pub mod printify;
mod transport;
mod wire;

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use mangotee::{MangoteeProduct, MangoteeProductLine, MangoteeVariant};
pub use printify::{PrintifyBlueprint, PrintifyPrintProvider, PrintifyShop, PrintifyVariant};
pub use transport::{FulfillmentClient, FulfillmentConfig};

/// The providers, named as the contract's `FulfillmentProviderType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Provider {
    Printify,
    Gearment,
    Merchize,
    Lenful,
    #[serde(rename = "HMFULFILL")]
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

    /// The contract's name (`PRINTIFY`, `MANGO_TEE`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Provider::Printify => "PRINTIFY",
            Provider::Gearment => "GEARMENT",
            Provider::Merchize => "MERCHIZE",
            Provider::Lenful => "LENFUL",
            Provider::HmFulfill => "HMFULFILL",
            Provider::MangoTee => "MANGO_TEE",
        }
    }

    /// How a seller reads its name.
    pub fn display_name(self) -> &'static str {
        match self {
            Provider::Printify => "Printify",
            Provider::Gearment => "Gearment",
            Provider::Merchize => "Merchize",
            Provider::Lenful => "Lenful",
            Provider::HmFulfill => "HMFulfill",
            Provider::MangoTee => "MangoTee",
        }
    }

    /// The path segment under which the sandbox serves this provider (`/printify/v1/…`).
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
}

impl std::str::FromStr for Provider {
    type Err = String;
    fn from_str(s: &str) -> Result<Provider, String> {
        Provider::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| format!("unknown provider {s:?}"))
    }
}

/// One seller's account at one provider, as the seller entered it.
#[derive(Clone, PartialEq, Eq)]
pub struct Account {
    pub provider: Provider,
    /// Printify: the personal access token · Gearment: client key · Merchize: API token ·
    /// Lenful: user name · HMFulfill and MangoTee: API key.
    pub api_key: String,
    /// Gearment: client secret · Lenful: password.
    pub api_secret: Option<String>,
    /// Printify: shop id · Lenful: shop id · Merchize: the tenant, when `base_url` is absent.
    pub shop_id: Option<String>,
    /// Merchize: the seller's own host (`https://bo-{tenant}.merchize.com/bo-api`); only an
    /// `https` address on `merchize.com` (or, in a sandbox, under the sandbox's Merchize base)
    /// is accepted, so the token goes nowhere else.
    pub base_url: Option<String>,
}

impl std::fmt::Debug for Account {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Credentials stay out of logs.
        f.debug_struct("Account")
            .field("provider", &self.provider)
            .field("shop_id", &self.shop_id)
            .finish_non_exhaustive()
    }
}

/// Where a recipient lives, as every provider asks for it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Address {
    pub name: String,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub address1: String,
    pub address2: Option<String>,
    pub city: String,
    /// State or province code; may be empty.
    pub state: String,
    pub postal_code: String,
    /// ISO-3166 alpha-2.
    pub country: String,
}

impl Address {
    /// First and last name, for providers that ask for them apart (the last word is the
    /// last name; a single word is a first name).
    pub fn split_name(&self) -> (String, String) {
        let name = self.name.trim();
        match name.rsplit_once(' ') {
            Some((first, last)) => (first.trim().to_owned(), last.to_owned()),
            None => (name.to_owned(), String::new()),
        }
    }
}

/// Where on the garment a print file goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrintPosition {
    Front,
    Back,
    Sleeve,
    Hood,
}

impl PrintPosition {
    pub fn as_str(self) -> &'static str {
        match self {
            PrintPosition::Front => "front",
            PrintPosition::Back => "back",
            PrintPosition::Sleeve => "sleeve",
            PrintPosition::Hood => "hood",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrintFile {
    pub position: PrintPosition,
    pub url: String,
}

/// One line of an order to a provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewItem {
    /// The provider's variant: Printify `"{blueprint}:{print_provider}:{variant}"`, Gearment
    /// variant id, Merchize `"{product}:{color}:{size}"`, Lenful product SKU, HMFulfill and
    /// MangoTee SKU. Each provider module documents and parses its own form.
    pub sku: String,
    pub quantity: u32,
    pub print_files: Vec<PrintFile>,
    pub mockup_url: Option<String>,
    /// What the item is called on the marketplace (some providers want a name per line).
    pub name: Option<String>,
}

/// An order to send to a provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewOrder {
    /// Our fulfilment order id: the provider's idempotency key or the reference looked up
    /// before a create. At most 40 characters (MangoTee's limit).
    pub reference: String,
    /// What the seller recognises the order by (the marketplace's order id).
    pub label: String,
    pub address: Address,
    /// The provider's shipping method; its default when absent.
    pub shipping_method: Option<String>,
    /// A shipping label the marketplace issued (TikTok-shipped orders).
    pub label_url: Option<String>,
    pub items: Vec<NewItem>,
}

/// Where a provider's order stands, whatever the provider calls it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Received, not yet in production (cancellable at every provider).
    Pending,
    /// Waiting for the seller or the provider (payment, approval, address check).
    OnHold,
    InProduction,
    /// Handed to the carrier: a shipment with tracking exists.
    Shipped,
    Delivered,
    Cancelled,
    /// Refused by the provider (bad file, unfulfillable); nothing will ship.
    Rejected,
}

/// A package on its way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shipment {
    pub carrier: String,
    pub tracking_number: String,
    pub tracking_url: Option<String>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// An order as the provider holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderOrder {
    /// The provider's id of the order, as this client addresses it: MangoTee's is our
    /// reference (its `order_id`, which its paths take); Lenful's is its short id (the one its
    /// tracking webhook names).
    pub id: String,
    /// Our reference as the provider stored it, when it returns it.
    pub reference: Option<String>,
    /// The provider's own status text (`in-production`, `VENDOR_ORDER_STATUS_PACKED`, …).
    pub status: String,
    pub stage: Stage,
    /// What the seller pays the provider for the order (items and shipping), in cents.
    pub total_cents: Option<i64>,
    pub currency: Option<String>,
    pub shipments: Vec<Shipment>,
    pub created_at: Option<DateTime<Utc>>,
}

/// A page of a provider's orders, for reconciliation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPage {
    pub orders: Vec<ProviderOrder>,
    pub has_more: bool,
}

/// A catalogue product with its variants, in one shape for every provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogProduct {
    pub id: String,
    pub name: String,
    pub image: Option<String>,
    pub print_areas: Vec<String>,
    pub variants: Vec<CatalogVariant>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogVariant {
    /// What [`NewItem::sku`] takes for this variant.
    pub sku: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub color_code: Option<String>,
    pub stock: Option<i64>,
    /// The provider's base cost, in cents, when the catalogue says.
    pub cost_cents: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductQuery {
    /// From 1.
    pub page: u32,
    /// 1..=100.
    pub limit: u32,
    pub search: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductPage {
    pub products: Vec<CatalogProduct>,
    pub total: Option<u64>,
    pub has_more: bool,
}

/// What a provider's webhook said, once its signature was verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    pub provider_order_id: Option<String>,
    pub reference: Option<String>,
    pub stage: Option<Stage>,
    pub shipment: Option<Shipment>,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WebhookError {
    #[error("the webhook's signature does not match")]
    BadSignature,
    #[error("the webhook's body is not what the provider sends: {0}")]
    Malformed(String),
}

/// Provider failures, split by what the caller should do next. Every text is safe to show:
/// no URL, query or credential.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProviderError {
    /// The provider refused the credentials.
    #[error("{0} refused the credentials")]
    Unauthorized(&'static str),
    /// The provider refused the request; sending it again unchanged will not help. `message`
    /// is the provider's own words, `field` what it named.
    #[error("{provider} rejected the request: {message}")]
    Rejected {
        provider: &'static str,
        message: String,
        field: Option<String>,
    },
    /// No such order or product at the provider.
    #[error("{0} has no such record")]
    NotFound(&'static str),
    /// The provider no longer lets the order be cancelled.
    #[error("{provider} cannot cancel an order that is {status}")]
    NotCancellable {
        provider: &'static str,
        status: String,
    },
    /// Throttled, failed upstream, timed out or unreachable, after this client's own retries.
    /// `reason` is for the log.
    #[error("{provider} is not answering; trying again later")]
    RetryLater {
        provider: &'static str,
        reason: String,
        retry_after: Option<Duration>,
    },
    /// The answer did not have the provider's shape. The text is for the log.
    #[error("{provider} answered something unexpected")]
    Protocol {
        provider: &'static str,
        detail: String,
    },
    /// The account lacks what this provider needs (a shop id, a host). The text is for a seller.
    #[error("{0}")]
    Config(String),
}

impl ProviderError {
    /// Whether the same call may succeed later.
    pub fn is_transient(&self) -> bool {
        matches!(self, ProviderError::RetryLater { .. })
    }

    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ProviderError::RetryLater { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

pub type Result<T, E = ProviderError> = std::result::Result<T, E>;

impl FulfillmentClient {
    /// Checks the credentials with a cheap authenticated read.
    pub async fn verify(&self, a: &Account) -> Result<()> {
        match a.provider {
            Provider::Printify => printify::verify(self, a).await,
            Provider::Gearment => gearment::verify(self, a).await,
            Provider::Merchize => merchize::verify(self, a).await,
            Provider::Lenful => lenful::verify(self, a).await,
            Provider::HmFulfill => hmfulfill::verify(self, a).await,
            Provider::MangoTee => mangotee::verify(self, a).await,
        }
    }

    /// A page of the provider's catalogue in one shape.
    pub async fn products(&self, a: &Account, q: &ProductQuery) -> Result<ProductPage> {
        match a.provider {
            Provider::Printify => printify::products(self, a, q).await,
            Provider::Gearment => gearment::products(self, a, q).await,
            Provider::Merchize => merchize::products(self, a, q).await,
            Provider::Lenful => lenful::products(self, a, q).await,
            Provider::HmFulfill => hmfulfill::products(self, a, q).await,
            Provider::MangoTee => mangotee::products(self, a, q).await,
        }
    }

    /// Creates the order at the provider, or answers the one made before for the same
    /// reference: safe to call again after any failure.
    pub async fn create_order(&self, a: &Account, o: &NewOrder) -> Result<ProviderOrder> {
        validate(a.provider, o)?;
        self.one_create(a, &o.reference, async {
            match a.provider {
                Provider::Printify => printify::create_order(self, a, o).await,
                Provider::Gearment => gearment::create_order(self, a, o).await,
                Provider::Merchize => merchize::create_order(self, a, o).await,
                Provider::Lenful => lenful::create_order(self, a, o).await,
                Provider::HmFulfill => hmfulfill::create_order(self, a, o).await,
                Provider::MangoTee => mangotee::create_order(self, a, o).await,
            }
        })
        .await
    }

    /// The order made for `reference`, if the provider has one.
    pub async fn find_order(&self, a: &Account, reference: &str) -> Result<Option<ProviderOrder>> {
        match a.provider {
            Provider::Printify => printify::find_order(self, a, reference).await,
            Provider::Gearment => gearment::find_order(self, a, reference).await,
            Provider::Merchize => merchize::find_order(self, a, reference).await,
            Provider::Lenful => lenful::find_order(self, a, reference).await,
            Provider::HmFulfill => hmfulfill::find_order(self, a, reference).await,
            Provider::MangoTee => mangotee::find_order(self, a, reference).await,
        }
    }

    /// The order by the provider's id.
    pub async fn order(&self, a: &Account, id: &str) -> Result<ProviderOrder> {
        match a.provider {
            Provider::Printify => printify::order(self, a, id).await,
            Provider::Gearment => gearment::order(self, a, id).await,
            Provider::Merchize => merchize::order(self, a, id).await,
            Provider::Lenful => lenful::order(self, a, id).await,
            Provider::HmFulfill => hmfulfill::order(self, a, id).await,
            Provider::MangoTee => mangotee::order(self, a, id).await,
        }
    }

    /// Cancels the order while the provider still allows it; [`ProviderError::NotCancellable`]
    /// with the provider's status otherwise.
    pub async fn cancel_order(&self, a: &Account, id: &str) -> Result<ProviderOrder> {
        match a.provider {
            Provider::Printify => printify::cancel_order(self, a, id).await,
            Provider::Gearment => gearment::cancel_order(self, a, id).await,
            Provider::Merchize => merchize::cancel_order(self, a, id).await,
            Provider::Lenful => lenful::cancel_order(self, a, id).await,
            Provider::HmFulfill => hmfulfill::cancel_order(self, a, id).await,
            Provider::MangoTee => mangotee::cancel_order(self, a, id).await,
        }
    }

    /// The provider's orders created since `since`, a page at a time from 1 (reconciliation).
    pub async fn orders_since(
        &self,
        a: &Account,
        since: DateTime<Utc>,
        page: u32,
    ) -> Result<OrderPage> {
        match a.provider {
            Provider::Printify => printify::orders_since(self, a, since, page).await,
            Provider::Gearment => gearment::orders_since(self, a, since, page).await,
            Provider::Merchize => merchize::orders_since(self, a, since, page).await,
            Provider::Lenful => lenful::orders_since(self, a, since, page).await,
            Provider::HmFulfill => hmfulfill::orders_since(self, a, since, page).await,
            Provider::MangoTee => mangotee::orders_since(self, a, since, page).await,
        }
    }

    /// Asks the provider to send its order webhooks to `url`, signed with `secret`, where the
    /// provider takes registrations by API; `Ok(false)` where it does not (the seller registers
    /// the address in the provider's dashboard, or the provider sends none).
    pub async fn register_webhook(&self, a: &Account, url: &str, secret: &str) -> Result<bool> {
        match a.provider {
            Provider::Printify => printify::register_webhook(self, a, url, secret).await,
            Provider::Gearment => gearment::register_webhook(self, a, url, secret).await,
            Provider::Merchize => merchize::register_webhook(self, a, url, secret).await,
            Provider::Lenful => lenful::register_webhook(self, a, url, secret).await,
            Provider::HmFulfill => hmfulfill::register_webhook(self, a, url, secret).await,
            Provider::MangoTee => mangotee::register_webhook(self, a, url, secret).await,
        }
    }
}

/// Verifies and reads a provider's webhook: `headers` as received, `body` the exact bytes.
pub fn parse_webhook(
    provider: Provider,
    secret: &str,
    headers: &reqwest::header::HeaderMap,
    body: &[u8],
) -> Result<WebhookEvent, WebhookError> {
    match provider {
        Provider::Printify => printify::parse_webhook(secret, headers, body),
        Provider::Gearment => gearment::parse_webhook(secret, headers, body),
        Provider::Merchize => merchize::parse_webhook(secret, headers, body),
        Provider::Lenful => lenful::parse_webhook(secret, headers, body),
        Provider::HmFulfill => hmfulfill::parse_webhook(secret, headers, body),
        Provider::MangoTee => mangotee::parse_webhook(secret, headers, body),
    }
}

/// What every provider refuses, refused before a request: an order without a usable
/// reference or items.
fn validate(provider: Provider, o: &NewOrder) -> Result<()> {
    let reject = |message: String, field: &str| ProviderError::Rejected {
        provider: provider.display_name(),
        message,
        field: Some(field.to_owned()),
    };
    let reference = o.reference.trim();
    if reference.is_empty() || reference.len() > 40 || reference != o.reference {
        return Err(reject(
            "the order reference must be 1 to 40 characters without surrounding spaces".into(),
            "reference",
        ));
    }
    if o.items.is_empty() {
        return Err(reject("the order has no items".into(), "items"));
    }
    for (i, item) in o.items.iter().enumerate() {
        if item.sku.trim().is_empty() {
            return Err(reject(
                format!("{} has no provider SKU", item_label(i, item)),
                &format!("items.{i}.sku"),
            ));
        }
        if item.quantity == 0 {
            return Err(reject(
                format!("{} has no quantity", item_label(i, item)),
                &format!("items.{i}.quantity"),
            ));
        }
    }
    Ok(())
}

/// How an error names an item: `item 2 (Classic Tee / L)`, or `item 2 (SKU …)` without a name.
pub(crate) fn item_label(i: usize, item: &NewItem) -> String {
    match (item.name.as_deref(), item.sku.trim()) {
        (Some(name), _) if !name.trim().is_empty() => format!("item {} ({})", i + 1, name.trim()),
        (_, "") => format!("item {}", i + 1),
        (_, sku) => format!("item {} (SKU {sku})", i + 1),
    }
}

/// A request refused before it is sent, naming what is wrong.
pub(crate) fn refuse(
    provider: Provider,
    message: String,
    field: impl Into<String>,
) -> ProviderError {
    ProviderError::Rejected {
        provider: provider.display_name(),
        message,
        field: Some(field.into()),
    }
}
