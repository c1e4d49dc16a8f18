//! MangoTee (MangoTeePrints, "MangoV3 Public API", `https://v3.mangoteeprints.com/api/public/v1`).
//!
//! - **Auth**: header `X-API-Key` (not Bearer). 10 requests a second.
//! - **Envelope** (assumed by the reference): `{code, message, data}`, `code` `SUCCESS` or one
//!   of `UNAUTHORIZED`, `FORBIDDEN`, `VALIDATION_ERROR`, `NOT_FOUND`, `RATE_LIMIT_EXCEEDED`,
//!   `INTERNAL_ERROR`. A list's `data` is the array itself or `{items|data, total}`.
//! - **Exactly once**: the create's `order_id` is ours (the reference, at most 40 characters)
//!   and MangoTee refuses a repeat of it. Orders are addressed by that `order_id`
//!   (`GET /orders/{order_id}`), so [`find_order`] is one read and a refused repeat is
//!   answered by the order already made. [`ProviderOrder::id`] is that `order_id`.
//! - **Items**: [`NewItem::sku`] is MangoTee's variant SKU (the production line follows from
//!   it). Print files go by key: `front`, `back`, `left_sleeve` for a sleeve; MangoTee has no
//!   hood area.
//! - **Shipping**: `standard` by default, `by_tiktok` when the order carries a marketplace
//!   label (`label_url`); `priority`, `express`, `global`, `by_seller`, `dhl_parcel_ground`,
//!   `dhl_parcel_expedited` when asked.
//! - **Statuses**: `new_order`, `on_hold`, `in_production`, `shipped`, `rejected`,
//!   `cancelled`, `in_production_cancelled`, `full_refunded`, `partial_refunded`; delivery is
//!   `tracking_status: delivered`. Cancel only while `new_order` or `on_hold`.
//! - **Assumed** (the reference names no field): an order's shipment is `carrier`,
//!   `tracking_number`, `tracking_url`, `shipped_at` on the order (or the same under
//!   `tracking`, or a `shipments[]` of them); its cost is `total_cost` or `total` (else its
//!   items' `base_cost` × quantity), decimal US dollars. The order list takes `from_date`
//!   (ISO-8601, on the creation time) and the catalogue `production_line_id` and `search`;
//!   the answers are filtered again here, in case MangoTee ignores them. A product's print
//!   areas are its `print_files[].key`. Webhooks (`order.status`, `order.shipment`) are
//!   registered with `POST /webhooks {url, events, secret}` (the same URL again replaces the
//!   secret) and signed as the assumed shape signs: `X-Signature` = hex(HMAC-SHA256(secret,
//!   raw body)). Their body is `{event, data {order_id, status, tracking_status?, tracking?
//!   {carrier, tracking_number, tracking_url}}, created_at}` (the order fields flat are read
//!   too).
use chrono::{DateTime, Utc};
use reqwest::Method;
use reqwest::header::HeaderMap;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::transport::{Answer, Call};
use super::wire::{self, opt_decimal_cents, opt_id, opt_time};
use super::{
    Account, CatalogProduct, CatalogVariant, FulfillmentClient, NewOrder, OrderPage, PrintPosition,
    ProductPage, ProductQuery, Provider, ProviderError, ProviderOrder, Result, Shipment, Stage,
    WebhookError, WebhookEvent, item_label, refuse,
};

const P: Provider = Provider::MangoTee;
const PAGE: u32 = 100;
const SHIPPING: [&str; 8] = [
    "standard",
    "priority",
    "express",
    "global",
    "by_tiktok",
    "by_seller",
    "dhl_parcel_ground",
    "dhl_parcel_expedited",
];

fn stage(status: &str, delivered: bool) -> Stage {
    match status {
        "new_order" => Stage::Pending,
        "on_hold" => Stage::OnHold,
        "in_production" => Stage::InProduction,
        "shipped" | "partial_refunded" if delivered => Stage::Delivered,
        "shipped" | "partial_refunded" => Stage::Shipped,
        "rejected" => Stage::Rejected,
        "cancelled" | "in_production_cancelled" | "full_refunded" => Stage::Cancelled,
        other => {
            tracing::warn!(
                provider = "MangoTee",
                status = other,
                "unknown order status"
            );
            Stage::OnHold
        }
    }
}

// ---------------------------------------------------------------- wire shapes

#[derive(Deserialize)]
struct Order {
    #[serde(default, deserialize_with = "opt_id")]
    order_id: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    id: Option<String>,
    #[serde(default)]
    status: String,
    #[serde(default)]
    tracking_status: Option<String>,
    #[serde(flatten)]
    tracking: Tracking,
    #[serde(default, rename = "tracking")]
    nested: Option<Tracking>,
    #[serde(default)]
    shipments: Option<Vec<Tracking>>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    total_cost: Option<i64>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    total: Option<i64>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default)]
    items: Option<Vec<Item>>,
    #[serde(default, deserialize_with = "opt_time")]
    created_at: Option<DateTime<Utc>>,
}

/// A shipment, flat on the order or in a list.
#[derive(Deserialize, Default)]
struct Tracking {
    #[serde(default, deserialize_with = "opt_id")]
    tracking_number: Option<String>,
    #[serde(default)]
    tracking_url: Option<String>,
    #[serde(default)]
    carrier: Option<String>,
    #[serde(default, deserialize_with = "opt_time")]
    shipped_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    delivered_at: Option<DateTime<Utc>>,
}

impl Tracking {
    fn shipment(self) -> Option<Shipment> {
        Some(Shipment {
            carrier: self.carrier.unwrap_or_default(),
            tracking_number: self.tracking_number?,
            tracking_url: self.tracking_url.filter(|u| !u.is_empty()),
            shipped_at: self.shipped_at,
            delivered_at: self.delivered_at,
        })
    }
}

#[derive(Deserialize)]
struct Item {
    #[serde(default)]
    quantity: Option<i64>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    base_cost: Option<i64>,
}

impl Order {
    fn into_order(self) -> Result<ProviderOrder> {
        let id = self
            .order_id
            .or(self.id)
            .ok_or_else(|| wire::missing(P, "order_id"))?;
        let delivered = self.tracking_status.as_deref() == Some("delivered");
        let mut shipments: Vec<Shipment> = self
            .shipments
            .unwrap_or_default()
            .into_iter()
            .filter_map(Tracking::shipment)
            .collect();
        let flat = self
            .nested
            .and_then(Tracking::shipment)
            .or_else(|| self.tracking.shipment());
        if let Some(flat) = flat
            && !shipments
                .iter()
                .any(|s| s.tracking_number == flat.tracking_number)
        {
            shipments.insert(0, flat);
        }
        let items_cost = self.items.as_ref().and_then(|items| {
            items
                .iter()
                .map(|i| Some(i.base_cost? * i.quantity.unwrap_or(1)))
                .sum::<Option<i64>>()
        });
        Ok(ProviderOrder {
            reference: Some(id.clone()),
            id,
            stage: stage(&self.status, delivered),
            status: self.status,
            total_cents: self.total_cost.or(self.total).or(items_cost),
            currency: self.currency.or_else(|| Some("USD".into())),
            shipments,
            created_at: self.created_at,
        })
    }
}

#[derive(Deserialize)]
struct WireLine {
    #[serde(deserialize_with = "wire::id", alias = "code")]
    id: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    sku: Option<String>,
    #[serde(default)]
    stock: Option<i64>,
}

#[derive(Deserialize)]
struct WireProduct {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    name: String,
    #[serde(default, deserialize_with = "opt_id")]
    sku: Option<String>,
    #[serde(default)]
    stock: Option<i64>,
    #[serde(default)]
    image: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    production_line: Option<String>,
    #[serde(default)]
    print_files: Option<Vec<PrintArea>>,
}

#[derive(Deserialize)]
struct PrintArea {
    key: String,
}

impl WireProduct {
    /// Whether the product is on `line` and matches `search`: the filters are sent, and
    /// applied again here in case MangoTee ignores them.
    fn matches(&self, line: Option<&str>, search: Option<&str>) -> bool {
        let on_line = match (line, self.production_line.as_deref()) {
            (Some(want), Some(have)) => want.eq_ignore_ascii_case(have),
            _ => true,
        };
        let found = search.is_none_or(|s| {
            let s = s.to_lowercase();
            self.name.to_lowercase().contains(&s)
                || self
                    .sku
                    .as_deref()
                    .is_some_and(|k| k.to_lowercase().contains(&s))
        });
        on_line && found
    }
}

#[derive(Deserialize)]
struct WireVariant {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    name: String,
    #[serde(default, deserialize_with = "opt_id")]
    sku: Option<String>,
    #[serde(default)]
    stock: Option<i64>,
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    color_code: Option<String>,
    #[serde(default)]
    size: Option<String>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    base_cost: Option<i64>,
}

#[derive(Serialize)]
struct NewMangoOrder<'a> {
    order_id: &'a str,
    first_name: String,
    last_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<&'a str>,
    address_line_1: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    address_line_2: Option<&'a str>,
    city: &'a str,
    state: &'a str,
    country: &'a str,
    zip: &'a str,
    shipping_method: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    label_url: Option<&'a str>,
    items: Vec<MangoItem<'a>>,
}

#[derive(Serialize)]
struct MangoItem<'a> {
    sku: &'a str,
    quantity: u32,
    print_files: Vec<MangoFile<'a>>,
}

#[derive(Serialize)]
struct MangoFile<'a> {
    key: &'static str,
    url: &'a str,
}

// ---------------------------------------------------------------- requests

fn call(c: &FulfillmentClient, a: &Account, method: Method, path: &str) -> Result<Call> {
    Call::new(method, format!("{}{path}", c.base(a))).header("x-api-key", &a.api_key)
}

/// The envelope's `data`, once both the HTTP status and the envelope's `code` say success.
fn data(answer: Answer) -> Result<Value> {
    let body: Value = answer.success(P)?.json(P)?;
    let code = body
        .get("code")
        .and_then(Value::as_str)
        .unwrap_or("SUCCESS");
    if code == "SUCCESS" {
        return Ok(body.get("data").cloned().unwrap_or(Value::Null));
    }
    let (message, field) = wire::refusal(&body);
    let message = message.unwrap_or_else(|| code.to_owned());
    Err(match code {
        "UNAUTHORIZED" | "FORBIDDEN" => ProviderError::Unauthorized(P.display_name()),
        "NOT_FOUND" => ProviderError::NotFound(P.display_name()),
        "RATE_LIMIT_EXCEEDED" | "INTERNAL_ERROR" => ProviderError::RetryLater {
            provider: P.display_name(),
            reason: code.to_owned(),
            retry_after: None,
        },
        _ => ProviderError::Rejected {
            provider: P.display_name(),
            message,
            field,
        },
    })
}

/// A list's items and total, whether `data` is the array or a page object.
fn page_of<T: DeserializeOwned>(data: Value) -> Result<(Vec<T>, Option<u64>)> {
    match data {
        Value::Array(_) => Ok((wire::parse(P, data)?, None)),
        Value::Object(mut page) => {
            let items = ["items", "data", "results", "orders", "products"]
                .iter()
                .find_map(|k| page.remove(*k))
                .unwrap_or(Value::Array(Vec::new()));
            let total = ["total", "total_items", "count"]
                .iter()
                .find_map(|k| page.get(*k).and_then(Value::as_u64))
                .or_else(|| {
                    ["pagination", "meta", "paging"].iter().find_map(|k| {
                        page.get(*k)
                            .and_then(|p| p.get("total"))
                            .and_then(Value::as_u64)
                    })
                });
            Ok((wire::parse(P, items)?, total))
        }
        Value::Null => Ok((Vec::new(), Some(0))),
        _ => Err(wire::missing(P, "list")),
    }
}

async fn get(
    c: &FulfillmentClient,
    a: &Account,
    path: &str,
    query: &[(&str, String)],
) -> Result<Value> {
    let mut call = call(c, a, Method::GET, path)?;
    for (name, value) in query {
        call = call.query(name, value);
    }
    data(c.send(a, &call).await?)
}

fn has_more(page: u32, limit: u32, got: usize, total: Option<u64>) -> bool {
    match total {
        Some(total) => u64::from(page) * u64::from(limit) < total,
        None => got as u32 >= limit,
    }
}

fn print_key(p: PrintPosition) -> Option<&'static str> {
    match p {
        PrintPosition::Front => Some("front"),
        PrintPosition::Back => Some("back"),
        PrintPosition::Sleeve => Some("left_sleeve"),
        PrintPosition::Hood => None,
    }
}

fn order_body(o: &NewOrder) -> Result<NewMangoOrder<'_>> {
    let shipping_method = match o.shipping_method.as_deref().map(str::trim) {
        Some(m) if !m.is_empty() => m.to_ascii_lowercase(),
        _ if o.label_url.is_some() => "by_tiktok".into(),
        _ => "standard".into(),
    };
    if !SHIPPING.contains(&shipping_method.as_str()) {
        return Err(refuse(
            P,
            format!("MangoTee ships {}", SHIPPING.join(", ")),
            "shipping_method",
        ));
    }
    let mut items = Vec::with_capacity(o.items.len());
    for (i, item) in o.items.iter().enumerate() {
        let mut print_files = Vec::with_capacity(item.print_files.len());
        for f in &item.print_files {
            let key = print_key(f.position).ok_or_else(|| {
                refuse(
                    P,
                    format!(
                        "{}: MangoTee has no {} print area",
                        item_label(i, item),
                        f.position.as_str()
                    ),
                    format!("items.{i}.print_files"),
                )
            })?;
            print_files.push(MangoFile { key, url: &f.url });
        }
        items.push(MangoItem {
            sku: item.sku.trim(),
            quantity: item.quantity,
            print_files,
        });
    }
    let (first_name, last_name) = o.address.split_name();
    let address = &o.address;
    Ok(NewMangoOrder {
        order_id: &o.reference,
        first_name,
        last_name,
        email: address.email.as_deref().filter(|e| !e.is_empty()),
        phone: address.phone.as_deref().filter(|p| !p.is_empty()),
        address_line_1: &address.address1,
        address_line_2: address.address2.as_deref().filter(|a| !a.is_empty()),
        city: &address.city,
        state: &address.state,
        country: &address.country,
        zip: &address.postal_code,
        shipping_method,
        label_url: o.label_url.as_deref(),
        items,
    })
}

fn ensure(a: &Account) -> Result<()> {
    if a.provider == P {
        Ok(())
    } else {
        Err(ProviderError::Config(format!(
            "a {} account is not a MangoTee account",
            a.provider.display_name()
        )))
    }
}

// ---------------------------------------------------------------- operations

pub(crate) async fn verify(c: &FulfillmentClient, a: &Account) -> Result<()> {
    get(
        c,
        a,
        "/orders",
        &[("page", "1".into()), ("limit", "1".into())],
    )
    .await
    .map(drop)
}

pub(crate) async fn products(
    c: &FulfillmentClient,
    a: &Account,
    q: &ProductQuery,
) -> Result<ProductPage> {
    let limit = if q.limit == 0 { 20 } else { q.limit.min(100) };
    let page = q.page.max(1);
    let (listed, total) = list_products(c, a, None, q.search.as_deref(), page, limit).await?;
    let has_more = has_more(page, limit, listed.len(), total);
    let mut products = Vec::with_capacity(listed.len());
    for product in listed {
        let variants = variants(c, a, &product.id, None).await?;
        products.push(CatalogProduct {
            id: product.id,
            name: product.name,
            image: product.image,
            print_areas: product
                .print_files
                .unwrap_or_default()
                .into_iter()
                .map(|f| f.key)
                .collect(),
            variants: variants
                .into_iter()
                .filter_map(|v| {
                    Some(CatalogVariant {
                        sku: v.sku?,
                        size: v.size,
                        color: v.color,
                        color_code: v.color_code,
                        stock: v.stock,
                        cost_cents: v.base_cost,
                    })
                })
                .collect(),
        });
    }
    Ok(ProductPage {
        products,
        total,
        has_more,
    })
}

async fn list_products(
    c: &FulfillmentClient,
    a: &Account,
    line: Option<&str>,
    search: Option<&str>,
    page: u32,
    limit: u32,
) -> Result<(Vec<WireProduct>, Option<u64>)> {
    let line = line.map(str::trim).filter(|l| !l.is_empty());
    let search = search.map(str::trim).filter(|s| !s.is_empty());
    let mut query = vec![("page", page.to_string()), ("limit", limit.to_string())];
    if let Some(line) = line {
        query.push(("production_line_id", line.to_owned()));
    }
    if let Some(search) = search {
        query.push(("search", search.to_owned()));
    }
    let (products, total): (Vec<WireProduct>, _) = page_of(get(c, a, "/products", &query).await?)?;
    Ok((
        products
            .into_iter()
            .filter(|p| p.matches(line, search))
            .collect(),
        total,
    ))
}

/// Every variant of a product, all pages.
async fn variants(
    c: &FulfillmentClient,
    a: &Account,
    product_id: &str,
    line: Option<&str>,
) -> Result<Vec<WireVariant>> {
    let path = format!("/products/{}/variations", wire::seg(product_id));
    let mut all = Vec::new();
    let mut page = 1;
    loop {
        let mut query = vec![("page", page.to_string()), ("limit", PAGE.to_string())];
        if let Some(line) = line.map(str::trim).filter(|l| !l.is_empty()) {
            query.push(("production_line_id", line.to_owned()));
        }
        let (got, total): (Vec<WireVariant>, _) = page_of(get(c, a, &path, &query).await?)?;
        let more = has_more(page, PAGE, got.len(), total) && !got.is_empty();
        all.extend(got);
        if !more {
            return Ok(all);
        }
        page += 1;
    }
}

pub(crate) async fn create_order(
    c: &FulfillmentClient,
    a: &Account,
    o: &NewOrder,
) -> Result<ProviderOrder> {
    let body = order_body(o)?;
    // Repeatable: MangoTee refuses a second order with the same order_id.
    let call = call(c, a, Method::POST, "/orders")?.json(&body)?;
    match c.send(a, &call).await.and_then(data) {
        Ok(created) => match wire::parse::<Order>(P, created).and_then(Order::into_order) {
            Ok(order) => Ok(order),
            // An acknowledgement without the order: read it.
            Err(_) => order(c, a, &o.reference).await,
        },
        // Reading by our order_id is one request: any refusal is checked against it.
        Err(refused @ ProviderError::Rejected { .. }) => {
            find_order(c, a, &o.reference).await?.ok_or(refused)
        }
        Err(e) => Err(e),
    }
}

pub(crate) async fn find_order(
    c: &FulfillmentClient,
    a: &Account,
    reference: &str,
) -> Result<Option<ProviderOrder>> {
    match order(c, a, reference).await {
        Ok(order) => Ok(Some(order)),
        Err(ProviderError::NotFound(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

pub(crate) async fn order(c: &FulfillmentClient, a: &Account, id: &str) -> Result<ProviderOrder> {
    let order: Order = wire::parse(
        P,
        get(c, a, &format!("/orders/{}", wire::seg(id)), &[]).await?,
    )?;
    order.into_order()
}

pub(crate) async fn cancel_order(
    c: &FulfillmentClient,
    a: &Account,
    id: &str,
) -> Result<ProviderOrder> {
    let call = call(
        c,
        a,
        Method::POST,
        &format!("/orders/{}/cancel", wire::seg(id)),
    )?;
    match c.send(a, &call).await.and_then(data) {
        Ok(answer) => match wire::parse::<Order>(P, answer).and_then(Order::into_order) {
            Ok(cancelled) => Ok(cancelled),
            Err(_) => order(c, a, id).await,
        },
        Err(ProviderError::Rejected { .. }) => {
            let now = order(c, a, id).await?;
            if now.stage == Stage::Cancelled {
                Ok(now)
            } else {
                Err(ProviderError::NotCancellable {
                    provider: P.display_name(),
                    status: now.status,
                })
            }
        }
        Err(e) => Err(e),
    }
}

pub(crate) async fn orders_since(
    c: &FulfillmentClient,
    a: &Account,
    since: DateTime<Utc>,
    page: u32,
) -> Result<OrderPage> {
    let page = page.max(1);
    let data = get(
        c,
        a,
        "/orders",
        &[
            ("page", page.to_string()),
            ("limit", PAGE.to_string()),
            ("from_date", since.to_rfc3339()),
        ],
    )
    .await?;
    let (orders, total): (Vec<Order>, _) = page_of(data)?;
    let has_more = has_more(page, PAGE, orders.len(), total);
    let orders = orders
        .into_iter()
        .filter(|o| o.created_at.is_none_or(|t| t >= since))
        .map(Order::into_order)
        .collect::<Result<Vec<_>>>()?;
    Ok(OrderPage { orders, has_more })
}

pub(crate) async fn register_webhook(
    c: &FulfillmentClient,
    a: &Account,
    url: &str,
    secret: &str,
) -> Result<bool> {
    // Registering the same URL again replaces its secret.
    let body = serde_json::json!({
        "url": url,
        "events": ["order.status", "order.shipment"],
        "secret": secret,
    });
    let call = call(c, a, Method::POST, "/webhooks")?.json(&body)?;
    data(c.send(a, &call).await?)?;
    Ok(true)
}

#[derive(Deserialize)]
struct Event {
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    data: Option<Value>,
}

#[derive(Deserialize)]
struct EventOrder {
    #[serde(default, deserialize_with = "opt_id")]
    order_id: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    tracking_status: Option<String>,
    #[serde(default, rename = "tracking")]
    nested: Option<Tracking>,
    #[serde(flatten)]
    tracking: Tracking,
}

pub(crate) fn parse_webhook(
    secret: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<WebhookEvent, WebhookError> {
    if !wire::signature_ok(secret, body, wire::header(headers, "x-signature")) {
        return Err(WebhookError::BadSignature);
    }
    let event: Event = wire::webhook_body(body)?;
    let order: EventOrder = match event.data {
        Some(data @ Value::Object(_)) => serde_json::from_value(data),
        _ => serde_json::from_slice(body),
    }
    .map_err(|e| WebhookError::Malformed(e.to_string()))?;
    let delivered = order.tracking_status.as_deref() == Some("delivered");
    let stage = match (order.status.as_deref(), event.event.as_deref()) {
        (Some(status), _) => Some(stage(status, delivered)),
        (None, Some("order.shipment")) if delivered => Some(Stage::Delivered),
        (None, Some("order.shipment")) => Some(Stage::Shipped),
        _ => None,
    };
    Ok(WebhookEvent {
        reference: order.order_id.clone(),
        provider_order_id: order.order_id,
        stage,
        shipment: order
            .nested
            .and_then(Tracking::shipment)
            .or_else(|| order.tracking.shipment()),
    })
}

// ---------------------------------------------------------------- catalogue

impl FulfillmentClient {
    /// MangoTee's production lines (`TIKTOK`, `US1`, `FASTUS`, …).
    pub async fn mangotee_product_lines(&self, a: &Account) -> Result<Vec<MangoteeProductLine>> {
        ensure(a)?;
        let (lines, _): (Vec<WireLine>, _) =
            page_of(get(self, a, "/production-lines", &[]).await?)?;
        Ok(lines
            .into_iter()
            .map(|l| MangoteeProductLine {
                name: l.name.unwrap_or_else(|| l.id.clone()),
                id: l.id,
                sku: l.sku,
                stock: l.stock,
            })
            .collect())
    }

    /// A page of MangoTee's products, of one production line and matching `search` when
    /// given. `page` from 1, `limit` up to 100.
    pub async fn mangotee_products(
        &self,
        a: &Account,
        product_line_id: Option<&str>,
        search: Option<&str>,
        page: u32,
        limit: u32,
    ) -> Result<Vec<MangoteeProduct>> {
        ensure(a)?;
        let limit = if limit == 0 { 20 } else { limit.min(100) };
        let (products, _) =
            list_products(self, a, product_line_id, search, page.max(1), limit).await?;
        Ok(products
            .into_iter()
            .map(|p| MangoteeProduct {
                id: p.id,
                name: p.name,
                sku: p.sku,
                stock: p.stock,
            })
            .collect())
    }

    /// Every variant of a MangoTee product on a production line; `sku` is what
    /// [`NewItem::sku`](super::NewItem::sku) takes.
    pub async fn mangotee_variants(
        &self,
        a: &Account,
        product_id: &str,
        product_line_id: &str,
    ) -> Result<Vec<MangoteeVariant>> {
        ensure(a)?;
        Ok(variants(self, a, product_id, Some(product_line_id))
            .await?
            .into_iter()
            .filter_map(|v| {
                let name = if v.name.is_empty() {
                    [v.color.as_deref(), v.size.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(" / ")
                } else {
                    v.name
                };
                Some(MangoteeVariant {
                    sku: v.sku?,
                    id: v.id,
                    name,
                    stock: v.stock.unwrap_or(0),
                })
            })
            .collect())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MangoteeProductLine {
    pub id: String,
    pub name: String,
    pub sku: Option<String>,
    pub stock: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MangoteeProduct {
    pub id: String,
    pub name: String,
    pub sku: Option<String>,
    pub stock: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MangoteeVariant {
    pub id: String,
    pub name: String,
    pub sku: String,
    pub stock: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fulfillment::{Address, NewItem, PrintFile};
    use reqwest::StatusCode;
    use serde_json::json;

    #[test]
    fn statuses() {
        for (status, s) in [
            ("new_order", Stage::Pending),
            ("on_hold", Stage::OnHold),
            ("in_production", Stage::InProduction),
            ("shipped", Stage::Shipped),
            ("rejected", Stage::Rejected),
            ("cancelled", Stage::Cancelled),
            ("in_production_cancelled", Stage::Cancelled),
            ("full_refunded", Stage::Cancelled),
            ("partial_refunded", Stage::Shipped),
        ] {
            assert_eq!(stage(status, false), s, "{status}");
        }
        assert_eq!(stage("shipped", true), Stage::Delivered);
    }

    fn answer(status: u16, body: Value) -> Answer {
        Answer {
            status: StatusCode::from_u16(status).expect("status"),
            headers: HeaderMap::new(),
            body: serde_json::to_vec(&body).expect("body"),
        }
    }

    #[test]
    fn envelopes() {
        let ok = data(answer(
            200,
            json!({"code": "SUCCESS", "message": "ok", "data": [1]}),
        ));
        assert_eq!(ok.expect("data"), json!([1]));
        assert!(matches!(
            data(answer(
                200,
                json!({"code": "NOT_FOUND", "message": "no order"})
            )),
            Err(ProviderError::NotFound(_))
        ));
        match data(answer(
            400,
            json!({"code": "VALIDATION_ERROR", "message": "order_id already exists"}),
        )) {
            Err(ProviderError::Rejected { message, .. }) => {
                assert_eq!(message, "order_id already exists")
            }
            other => panic!("{other:?}"),
        }
        let (items, total): (Vec<Value>, _) =
            page_of(json!({"items": [{"a": 1}], "total": 7})).expect("page");
        assert_eq!((items.len(), total), (1, Some(7)));
    }

    #[test]
    fn an_order_with_its_shipment() {
        let order: Order = serde_json::from_value(json!({
            "order_id": "sd-1", "status": "shipped", "tracking_status": "in_transit",
            "tracking_number": "9400", "tracking_url": "https://t.test/9400", "carrier": "USPS",
            "items": [{"item_id": "i1", "sku": "MT-TEE-L", "quantity": 2, "base_cost": "6.45"}],
            "created_at": "2025-01-01T00:00:00Z"
        }))
        .expect("order");
        let order = order.into_order().expect("order");
        assert_eq!(order.id, "sd-1");
        assert_eq!(order.stage, Stage::Shipped);
        assert_eq!(order.total_cents, Some(1290));
        assert_eq!(order.shipments.len(), 1);
        assert_eq!(order.shipments[0].carrier, "USPS");
    }

    fn new_order() -> NewOrder {
        NewOrder {
            reference: "sd-1".into(),
            label: "5764".into(),
            address: Address {
                name: "Jane Doe".into(),
                phone: Some("+15125550100".into()),
                address1: "1 Main St".into(),
                city: "Austin".into(),
                state: "TX".into(),
                postal_code: "78701".into(),
                country: "US".into(),
                ..Address::default()
            },
            shipping_method: None,
            label_url: Some("https://labels.test/1.pdf".into()),
            items: vec![NewItem {
                sku: "MT-TEE-L".into(),
                quantity: 1,
                print_files: vec![PrintFile {
                    position: PrintPosition::Front,
                    url: "https://files.test/f.png".into(),
                }],
                mockup_url: None,
                name: None,
            }],
        }
    }

    #[test]
    fn the_create_body() {
        let body = serde_json::to_value(order_body(&new_order()).expect("body")).expect("json");
        assert_eq!(
            body,
            json!({"order_id": "sd-1", "first_name": "Jane", "last_name": "Doe", "phone": "+15125550100",
                "address_line_1": "1 Main St", "city": "Austin", "state": "TX", "country": "US", "zip": "78701",
                "shipping_method": "by_tiktok", "label_url": "https://labels.test/1.pdf",
                "items": [{"sku": "MT-TEE-L", "quantity": 1, "print_files": [{"key": "front", "url": "https://files.test/f.png"}]}]})
        );
        let mut hood = new_order();
        hood.items[0].print_files[0].position = PrintPosition::Hood;
        assert!(order_body(&hood).is_err());
        let mut method = new_order();
        method.shipping_method = Some("warp".into());
        assert!(order_body(&method).is_err());
    }

    #[test]
    fn webhooks_flat_or_under_data() {
        for body in [
            br#"{"event":"order.shipment","data":{"order_id":"sd-1","status":"shipped","tracking_number":"9400","carrier":"USPS"}}"#.to_vec(),
            br#"{"event":"order.shipment","order_id":"sd-1","status":"shipped","tracking_number":"9400","carrier":"USPS"}"#.to_vec(),
        ] {
            let mut headers = HeaderMap::new();
            headers.insert("x-signature", wire::sign("k", &body).parse().expect("h"));
            let event = parse_webhook("k", &headers, &body).expect("event");
            assert_eq!(event.reference.as_deref(), Some("sd-1"));
            assert_eq!(event.stage, Some(Stage::Shipped));
            assert_eq!(event.shipment.expect("shipment").tracking_number, "9400");
            assert_eq!(
                parse_webhook("x", &headers, &body),
                Err(WebhookError::BadSignature)
            );
        }
    }
}
