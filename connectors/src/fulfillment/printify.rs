//! Printify, API v1 (`https://api.printify.com/v1/….json`).
//!
//! - **Auth**: `Authorization: Bearer {personal access token}`. Orders and webhooks live under
//!   the account's shop ([`Account::shop_id`], one of [`FulfillmentClient::printify_shops`]).
//! - **Items**: [`NewItem::sku`] is `"{blueprint_id}:{print_provider_id}:{variant_id}"` (the
//!   catalogue's variant id), sent as a design-on-the-fly line item whose `print_areas` map
//!   each print file's position to its URL (`front`, `back`, `left_sleeve` for a sleeve,
//!   `hood`). [`FulfillmentClient::products`] gives one product per blueprint with the variants of its first
//!   print provider, each `sku` in that form; the other print providers are read with
//!   `printify_print_providers` and `printify_variants`.
//! - **Exactly once**: the reference is the order's `external_id`, which Printify keeps as the
//!   order's `metadata.shop_order_id`. A create refused as a repeat of that `external_id` is
//!   answered by the order already holding it. The order list has no filter for it, so
//!   [`FulfillmentClient::find_order`] reads the orders newest first, ten a page (Printify's most).
//! - **Money**: cents already; an order costs `total_price + total_shipping + total_tax`, in
//!   USD (what Printify bills in).
//! - **Shipping**: `shipping_method` 1 standard, 2 priority (`express`), 3 Printify Express, 4
//!   economy, by number or name. Printify does not ship on a marketplace's label.
//! - **Cancel**: only while `on-hold` or `payment-not-received`.
//! - **Webhooks**: one registration per topic; `X-Pfy-Signature` is the hex HMAC-SHA256 of the
//!   raw body under the webhook's secret, with or without `sha256=`. Events name the order by
//!   Printify's id only, never by the reference.
use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use reqwest::Method;
use reqwest::header::HeaderMap;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::transport::Call;
use super::wire::{self, opt_id, opt_time};
use super::{
    Account, CatalogProduct, CatalogVariant, FulfillmentClient, NewItem, NewOrder, OrderPage,
    PrintPosition, ProductPage, ProductQuery, Provider, ProviderError, ProviderOrder, Result,
    Shipment, Stage, WebhookError, WebhookEvent, item_label, refuse,
};

const P: Provider = Provider::Printify;
/// Printify's largest order page.
const ORDER_PAGE: u32 = 10;
/// The topics whose events move an order on.
const TOPICS: [&str; 4] = [
    "order:updated",
    "order:sent-to-production",
    "order:shipment:created",
    "order:shipment:delivered",
];

/// Where a Printify status puts the order. `delivered`: every shipment has arrived.
fn stage(status: &str, delivered: bool) -> Stage {
    match status {
        "pending" => Stage::Pending,
        "on-hold" | "payment-not-received" | "had-issues" => Stage::OnHold,
        "sending-to-production" | "in-production" => Stage::InProduction,
        "fulfilled" if delivered => Stage::Delivered,
        "fulfilled" | "partially-fulfilled" => Stage::Shipped,
        "canceled" => Stage::Cancelled,
        other => {
            tracing::warn!(
                provider = "Printify",
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
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    status: String,
    #[serde(default, deserialize_with = "opt_id")]
    external_id: Option<String>,
    #[serde(default)]
    metadata: Option<OrderMetadata>,
    #[serde(default)]
    total_price: Option<i64>,
    #[serde(default)]
    total_shipping: Option<i64>,
    #[serde(default)]
    total_tax: Option<i64>,
    #[serde(default)]
    shipments: Option<Vec<WireShipment>>,
    #[serde(default, deserialize_with = "opt_time")]
    created_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    fulfilled_at: Option<DateTime<Utc>>,
}

#[derive(Deserialize, Default)]
struct OrderMetadata {
    #[serde(default, deserialize_with = "opt_id")]
    shop_order_id: Option<String>,
}

#[derive(Deserialize)]
struct WireShipment {
    #[serde(default)]
    carrier: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    number: Option<String>,
    #[serde(default)]
    url: Option<String>,
    #[serde(default, deserialize_with = "opt_time")]
    shipped_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    delivered_at: Option<DateTime<Utc>>,
}

impl Order {
    fn reference(&self) -> Option<&str> {
        self.external_id.as_deref().or(self
            .metadata
            .as_ref()
            .and_then(|m| m.shop_order_id.as_deref()))
    }

    fn into_order(self) -> ProviderOrder {
        let fulfilled_at = self.fulfilled_at;
        let reference = self.reference().map(str::to_owned);
        let shipments: Vec<Shipment> = self
            .shipments
            .unwrap_or_default()
            .into_iter()
            .filter_map(|s| {
                Some(Shipment {
                    carrier: s.carrier.unwrap_or_default(),
                    tracking_number: s.number?,
                    tracking_url: s.url.filter(|u| !u.is_empty()),
                    shipped_at: s.shipped_at.or(fulfilled_at),
                    delivered_at: s.delivered_at,
                })
            })
            .collect();
        let delivered = !shipments.is_empty() && shipments.iter().all(|s| s.delivered_at.is_some());
        let parts = [self.total_price, self.total_shipping, self.total_tax];
        let total_cents = parts
            .iter()
            .any(Option::is_some)
            .then(|| parts.iter().flatten().sum());
        ProviderOrder {
            reference,
            stage: stage(&self.status, delivered),
            id: self.id,
            status: self.status,
            total_cents,
            currency: Some("USD".into()),
            shipments,
            created_at: self.created_at,
        }
    }
}

#[derive(Deserialize)]
struct OrderList {
    #[serde(default)]
    current_page: Option<u32>,
    #[serde(default)]
    last_page: Option<u32>,
    #[serde(default)]
    next_page_url: Option<Value>,
    #[serde(default)]
    data: Vec<Order>,
}

impl OrderList {
    fn has_more(&self, page: u32, limit: u32) -> bool {
        match (self.current_page, self.last_page) {
            (Some(current), Some(last)) => current < last,
            (None, Some(last)) => page < last,
            _ => match &self.next_page_url {
                Some(Value::Null) => false,
                Some(_) => true,
                None => self.data.len() as u32 >= limit,
            },
        }
    }
}

#[derive(Deserialize)]
struct Created {
    #[serde(deserialize_with = "wire::id")]
    id: String,
}

#[derive(Deserialize)]
struct WireShop {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    sales_channel: String,
}

#[derive(Deserialize)]
struct WireBlueprint {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    brand: Option<String>,
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    images: Option<Vec<String>>,
}

#[derive(Deserialize)]
struct WirePrintProvider {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    title: String,
}

#[derive(Deserialize)]
struct WireVariants {
    #[serde(default)]
    variants: Vec<WireVariant>,
}

#[derive(Deserialize)]
struct WireVariant {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    placeholders: Value,
}

#[derive(Deserialize)]
struct WireWebhook {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    topic: String,
    #[serde(default)]
    url: String,
}

#[derive(Serialize)]
struct NewPrintifyOrder<'a> {
    external_id: &'a str,
    label: &'a str,
    line_items: Vec<LineItem<'a>>,
    shipping_method: u8,
    is_printify_express: bool,
    is_economy_shipping: bool,
    send_shipping_notification: bool,
    address_to: AddressTo<'a>,
}

#[derive(Serialize)]
struct LineItem<'a> {
    print_provider_id: u64,
    blueprint_id: u64,
    variant_id: u64,
    quantity: u32,
    print_areas: BTreeMap<&'static str, &'a str>,
}

#[derive(Serialize)]
struct AddressTo<'a> {
    first_name: String,
    last_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<&'a str>,
    country: &'a str,
    region: &'a str,
    address1: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    address2: Option<&'a str>,
    city: &'a str,
    zip: &'a str,
}

// ---------------------------------------------------------------- requests

fn shop(a: &Account) -> Result<String> {
    a.shop_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(wire::seg)
        .ok_or_else(|| {
            ProviderError::Config("the Printify account needs the id of one of its shops".into())
        })
}

fn call(c: &FulfillmentClient, a: &Account, method: Method, path: &str) -> Result<Call> {
    Call::new(method, format!("{}{path}", c.base(a)))
        .header("authorization", &format!("Bearer {}", a.api_key))
}

async fn get<T: serde::de::DeserializeOwned>(
    c: &FulfillmentClient,
    a: &Account,
    path: &str,
    query: &[(&str, String)],
) -> Result<T> {
    let mut call = call(c, a, Method::GET, path)?;
    for (name, value) in query {
        call = call.query(name, value);
    }
    c.send(a, &call).await?.success(P)?.json(P)
}

fn ensure(a: &Account) -> Result<()> {
    if a.provider == P {
        Ok(())
    } else {
        Err(ProviderError::Config(format!(
            "a {} account is not a Printify account",
            a.provider.display_name()
        )))
    }
}

/// `"{blueprint}:{print_provider}:{variant}"` as numbers.
fn parse_sku(sku: &str) -> Option<(u64, u64, u64)> {
    let mut parts = sku.trim().split(':').map(|p| p.trim().parse::<u64>().ok());
    let parsed = (parts.next()??, parts.next()??, parts.next()??);
    parts.next().is_none().then_some(parsed)
}

fn position(p: PrintPosition) -> &'static str {
    match p {
        PrintPosition::Front => "front",
        PrintPosition::Back => "back",
        PrintPosition::Sleeve => "left_sleeve",
        PrintPosition::Hood => "hood",
    }
}

/// Printify's shipping method code and its two flags.
fn shipping(method: Option<&str>) -> Option<(u8, bool, bool)> {
    let method = method.map(|m| m.trim().to_ascii_lowercase());
    Some(match method.as_deref() {
        None | Some("") | Some("1") | Some("standard") => (1, false, false),
        Some("2") | Some("express") | Some("priority") => (2, false, false),
        Some("3") | Some("printify_express") => (3, true, false),
        Some("4") | Some("economy") => (4, false, true),
        Some(_) => return None,
    })
}

fn line_item(i: usize, item: &NewItem) -> Result<LineItem<'_>> {
    let (blueprint_id, print_provider_id, variant_id) = parse_sku(&item.sku).ok_or_else(|| {
        refuse(
            P,
            format!(
                "{}: a Printify SKU is blueprint:print provider:variant",
                item_label(i, item)
            ),
            format!("items.{i}.sku"),
        )
    })?;
    let mut print_areas = BTreeMap::new();
    for file in &item.print_files {
        print_areas
            .entry(position(file.position))
            .or_insert(file.url.as_str());
    }
    if print_areas.is_empty() {
        return Err(refuse(
            P,
            format!("{} has no print file", item_label(i, item)),
            format!("items.{i}.print_files"),
        ));
    }
    Ok(LineItem {
        print_provider_id,
        blueprint_id,
        variant_id,
        quantity: item.quantity,
        print_areas,
    })
}

fn order_body(o: &NewOrder) -> Result<NewPrintifyOrder<'_>> {
    if o.label_url.is_some() {
        return Err(refuse(
            P,
            "Printify does not ship on a marketplace's label".into(),
            "label_url",
        ));
    }
    let (shipping_method, is_printify_express, is_economy_shipping) =
        shipping(o.shipping_method.as_deref()).ok_or_else(|| {
            refuse(
                P,
                "Printify ships standard, priority, printify_express or economy".into(),
                "shipping_method",
            )
        })?;
    let line_items = o
        .items
        .iter()
        .enumerate()
        .map(|(i, item)| line_item(i, item))
        .collect::<Result<Vec<_>>>()?;
    let (first_name, last_name) = o.address.split_name();
    let address = &o.address;
    Ok(NewPrintifyOrder {
        external_id: &o.reference,
        label: if o.label.trim().is_empty() {
            &o.reference
        } else {
            &o.label
        },
        line_items,
        shipping_method,
        is_printify_express,
        is_economy_shipping,
        send_shipping_notification: false,
        address_to: AddressTo {
            first_name,
            last_name,
            email: address.email.as_deref().filter(|e| !e.is_empty()),
            phone: address.phone.as_deref().filter(|p| !p.is_empty()),
            country: &address.country,
            region: &address.state,
            address1: &address.address1,
            address2: address.address2.as_deref().filter(|a| !a.is_empty()),
            city: &address.city,
            zip: &address.postal_code,
        },
    })
}

async fn list(c: &FulfillmentClient, a: &Account, page: u32) -> Result<(OrderList, bool)> {
    let shop = shop(a)?;
    let page = page.max(1);
    let list: OrderList = get(
        c,
        a,
        &format!("/v1/shops/{shop}/orders.json"),
        &[
            ("page", page.to_string()),
            ("limit", ORDER_PAGE.to_string()),
        ],
    )
    .await?;
    let more = list.has_more(page, ORDER_PAGE);
    Ok((list, more))
}

// ---------------------------------------------------------------- operations

pub(crate) async fn verify(c: &FulfillmentClient, a: &Account) -> Result<()> {
    let shops = c.printify_shops(a).await?;
    match a.shop_id.as_deref().map(str::trim) {
        Some(id) if !id.is_empty() && !shops.iter().any(|s| s.id == id) => Err(refuse(
            P,
            format!("the shop {id} is not one of this Printify account's shops"),
            "shop_id",
        )),
        _ => Ok(()),
    }
}

pub(crate) async fn products(
    c: &FulfillmentClient,
    a: &Account,
    q: &ProductQuery,
) -> Result<ProductPage> {
    let needle = q
        .search
        .as_deref()
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty());
    let blueprints: Vec<PrintifyBlueprint> = c
        .printify_blueprints(a)
        .await?
        .into_iter()
        .filter(|b| {
            needle.as_deref().is_none_or(|n| {
                [Some(&b.title), b.brand.as_ref(), b.model.as_ref()]
                    .into_iter()
                    .flatten()
                    .any(|t| t.to_lowercase().contains(n))
            })
        })
        .collect();
    let limit = if q.limit == 0 { 20 } else { q.limit.min(100) } as usize;
    let start = (q.page.max(1) as usize - 1).saturating_mul(limit);
    let mut products = Vec::new();
    // Two catalogue reads per blueprint: its print providers, then the first one's variants.
    for blueprint in blueprints.iter().skip(start).take(limit) {
        let providers = c.printify_print_providers(a, &blueprint.id).await?;
        let Some(provider) = providers.first() else {
            continue;
        };
        let variants = c.printify_variants(a, &blueprint.id, &provider.id).await?;
        let mut print_areas: Vec<String> = Vec::new();
        for v in &variants {
            for p in v.placeholders.as_array().into_iter().flatten() {
                if let Some(pos) = p.get("position").and_then(Value::as_str)
                    && !print_areas.iter().any(|a| a == pos)
                {
                    print_areas.push(pos.to_owned());
                }
            }
        }
        let option = |v: &PrintifyVariant, key: &str| {
            v.options
                .get(key)
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        products.push(CatalogProduct {
            id: format!("{}:{}", blueprint.id, provider.id),
            name: format!("{} ({})", blueprint.title, provider.title),
            image: blueprint.images.first().cloned(),
            print_areas,
            variants: variants
                .iter()
                .map(|v| CatalogVariant {
                    sku: format!("{}:{}:{}", blueprint.id, provider.id, v.id),
                    size: option(v, "size"),
                    color: option(v, "color"),
                    color_code: None,
                    stock: None,
                    cost_cents: None,
                })
                .collect(),
        });
    }
    Ok(ProductPage {
        products,
        total: Some(blueprints.len() as u64),
        has_more: start.saturating_add(limit) < blueprints.len(),
    })
}

pub(crate) async fn create_order(
    c: &FulfillmentClient,
    a: &Account,
    o: &NewOrder,
) -> Result<ProviderOrder> {
    let shop = shop(a)?;
    let body = order_body(o)?;
    // Repeatable: the external_id makes a second delivery of this request a refused repeat.
    let call = call(c, a, Method::POST, &format!("/v1/shops/{shop}/orders.json"))?.json(&body)?;
    let created: Created = match c.send(a, &call).await?.success(P) {
        Ok(answer) => answer.json(P)?,
        Err(refused @ ProviderError::Rejected { .. }) if wire::is_repeat(&refused) => {
            return find_order(c, a, &o.reference).await?.ok_or(refused);
        }
        Err(e) => return Err(e),
    };
    // Printify answers a create with the order's id alone. Its total and status come with the
    // next read (the tracking schedule lists an account's new orders a page at a time), so the
    // account's rate limit goes to orders rather than to reading each one back.
    Ok(ProviderOrder {
        id: created.id,
        reference: Some(o.reference.clone()),
        status: "pending".into(),
        stage: Stage::Pending,
        total_cents: None,
        currency: None,
        shipments: Vec::new(),
        created_at: None,
    })
}

pub(crate) async fn find_order(
    c: &FulfillmentClient,
    a: &Account,
    reference: &str,
) -> Result<Option<ProviderOrder>> {
    let mut page = 1;
    loop {
        let (list, more) = list(c, a, page).await?;
        if let Some(found) = list
            .data
            .into_iter()
            .find(|o| o.reference() == Some(reference))
        {
            return Ok(Some(found.into_order()));
        }
        if !more {
            return Ok(None);
        }
        page += 1;
    }
}

pub(crate) async fn order(c: &FulfillmentClient, a: &Account, id: &str) -> Result<ProviderOrder> {
    let shop = shop(a)?;
    let id = wire::seg(id);
    let order: Order = get(c, a, &format!("/v1/shops/{shop}/orders/{id}.json"), &[]).await?;
    Ok(order.into_order())
}

pub(crate) async fn cancel_order(
    c: &FulfillmentClient,
    a: &Account,
    id: &str,
) -> Result<ProviderOrder> {
    let shop = shop(a)?;
    let current = order(c, a, id).await?;
    match current.status.as_str() {
        "canceled" => return Ok(current),
        "on-hold" | "payment-not-received" => {}
        _ => {
            return Err(ProviderError::NotCancellable {
                provider: P.display_name(),
                status: current.status,
            });
        }
    }
    let call = call(
        c,
        a,
        Method::POST,
        &format!("/v1/shops/{shop}/orders/{}/cancel.json", wire::seg(id)),
    )?;
    match c.send(a, &call).await?.success(P) {
        Ok(answer) => Ok(answer.json::<Order>(P)?.into_order()),
        // Moved on between the read and the cancel.
        Err(ProviderError::Rejected { .. }) => {
            let now = order(c, a, id).await?;
            if now.status == "canceled" {
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
    let (list, more) = list(c, a, page).await?;
    // Newest first: once a page reaches past `since`, the later pages are older still.
    let reached = list
        .data
        .iter()
        .any(|o| o.created_at.is_some_and(|t| t < since));
    let orders = list
        .data
        .into_iter()
        .filter(|o| o.created_at.is_none_or(|t| t >= since))
        .map(Order::into_order)
        .collect();
    Ok(OrderPage {
        orders,
        has_more: more && !reached,
    })
}

pub(crate) async fn register_webhook(
    c: &FulfillmentClient,
    a: &Account,
    url: &str,
    secret: &str,
) -> Result<bool> {
    let shop = shop(a)?;
    let path = format!("/v1/shops/{shop}/webhooks.json");
    let existing: Vec<WireWebhook> = get(c, a, &path, &[]).await?;
    // A registration's secret cannot be read back: ours are made again with the current one.
    for hook in existing
        .iter()
        .filter(|h| h.url == url && TOPICS.contains(&h.topic.as_str()))
    {
        let call = call(
            c,
            a,
            Method::DELETE,
            &format!("/v1/shops/{shop}/webhooks/{}.json", wire::seg(&hook.id)),
        )?;
        match c.send(a, &call).await?.success(P) {
            Ok(_) | Err(ProviderError::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
    }
    for topic in TOPICS {
        let body = serde_json::json!({ "topic": topic, "url": url, "secret": secret });
        let call = call(c, a, Method::POST, &path)?.json(&body)?;
        c.send(a, &call).await?.success(P)?;
    }
    Ok(true)
}

#[derive(Deserialize)]
struct Event {
    #[serde(rename = "type", default)]
    kind: String,
    resource: EventResource,
}

#[derive(Deserialize)]
struct EventResource {
    #[serde(default, deserialize_with = "opt_id")]
    id: Option<String>,
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    data: Option<EventData>,
}

#[derive(Deserialize, Default)]
struct EventData {
    #[serde(default)]
    status: Option<String>,
    #[serde(default, deserialize_with = "opt_time")]
    shipped_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    delivered_at: Option<DateTime<Utc>>,
    #[serde(default)]
    carrier: Option<EventCarrier>,
}

#[derive(Deserialize)]
struct EventCarrier {
    #[serde(default)]
    code: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    tracking_number: Option<String>,
    #[serde(default)]
    tracking_url: Option<String>,
}

pub(crate) fn parse_webhook(
    secret: &str,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<WebhookEvent, WebhookError> {
    if !wire::signature_ok(secret, body, wire::header(headers, "x-pfy-signature")) {
        return Err(WebhookError::BadSignature);
    }
    let event: Event = wire::webhook_body(body)?;
    if event.resource.kind != "order" {
        return Ok(WebhookEvent {
            provider_order_id: None,
            reference: None,
            stage: None,
            shipment: None,
        });
    }
    let data = event.resource.data.unwrap_or_default();
    let stage = match event.kind.as_str() {
        "order:updated" => data.status.as_deref().map(|s| stage(s, false)),
        "order:sent-to-production" => Some(Stage::InProduction),
        "order:shipment:created" => Some(Stage::Shipped),
        "order:shipment:delivered" => Some(Stage::Delivered),
        _ => None,
    };
    let shipment = data.carrier.and_then(|carrier| {
        Some(Shipment {
            carrier: carrier.code.unwrap_or_default(),
            tracking_number: carrier.tracking_number?,
            tracking_url: carrier.tracking_url.filter(|u| !u.is_empty()),
            shipped_at: data.shipped_at,
            delivered_at: data.delivered_at,
        })
    });
    Ok(WebhookEvent {
        provider_order_id: event.resource.id,
        reference: None,
        stage,
        shipment,
    })
}

// ---------------------------------------------------------------- catalogue

impl FulfillmentClient {
    /// The shops of a Printify account (`GET /v1/shops.json`).
    pub async fn printify_shops(&self, a: &Account) -> Result<Vec<PrintifyShop>> {
        ensure(a)?;
        let shops: Vec<WireShop> = get(self, a, "/v1/shops.json", &[]).await?;
        Ok(shops
            .into_iter()
            .map(|s| PrintifyShop {
                id: s.id,
                title: s.title,
                sales_channel: s.sales_channel,
            })
            .collect())
    }

    /// Printify's whole catalogue of blueprints.
    pub async fn printify_blueprints(&self, a: &Account) -> Result<Vec<PrintifyBlueprint>> {
        ensure(a)?;
        let blueprints: Vec<WireBlueprint> =
            get(self, a, "/v1/catalog/blueprints.json", &[]).await?;
        Ok(blueprints
            .into_iter()
            .map(|b| PrintifyBlueprint {
                id: b.id,
                title: b.title,
                description: b.description,
                brand: b.brand,
                model: b.model,
                images: b.images.unwrap_or_default(),
            })
            .collect())
    }

    /// The print providers that make a blueprint.
    pub async fn printify_print_providers(
        &self,
        a: &Account,
        blueprint_id: &str,
    ) -> Result<Vec<PrintifyPrintProvider>> {
        ensure(a)?;
        let blueprint = path_id(blueprint_id, "blueprint_id")?;
        let providers: Vec<WirePrintProvider> = get(
            self,
            a,
            &format!("/v1/catalog/blueprints/{blueprint}/print_providers.json"),
            &[],
        )
        .await?;
        Ok(providers
            .into_iter()
            .map(|p| PrintifyPrintProvider {
                id: p.id,
                title: p.title,
            })
            .collect())
    }

    /// A print provider's variants of a blueprint (their `id` is the variant of
    /// [`NewItem::sku`]).
    pub async fn printify_variants(
        &self,
        a: &Account,
        blueprint_id: &str,
        print_provider_id: &str,
    ) -> Result<Vec<PrintifyVariant>> {
        ensure(a)?;
        let blueprint = path_id(blueprint_id, "blueprint_id")?;
        let provider = path_id(print_provider_id, "print_provider_id")?;
        let answer: WireVariants = get(
            self,
            a,
            &format!("/v1/catalog/blueprints/{blueprint}/print_providers/{provider}/variants.json"),
            &[],
        )
        .await?;
        Ok(answer
            .variants
            .into_iter()
            .map(|v| PrintifyVariant {
                id: v.id,
                title: v.title,
                options: v.options,
                placeholders: v.placeholders,
            })
            .collect())
    }
}

/// Catalogue ids are numbers: anything else would change the path.
fn path_id(id: &str, field: &str) -> Result<u64> {
    id.trim()
        .parse::<u64>()
        .map_err(|_| refuse(P, format!("{field} {id:?} is not a Printify id"), field))
}

/// A shop of the Printify account (`GET /v1/shops.json`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PrintifyShop {
    pub id: String,
    pub title: String,
    pub sales_channel: String,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PrintifyBlueprint {
    pub id: String,
    pub title: String,
    /// HTML, as Printify writes it: sanitize before showing.
    pub description: Option<String>,
    pub brand: Option<String>,
    pub model: Option<String>,
    pub images: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PrintifyPrintProvider {
    pub id: String,
    pub title: String,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PrintifyVariant {
    pub id: String,
    pub title: String,
    pub options: serde_json::Value,
    pub placeholders: serde_json::Value,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fulfillment::{Address, PrintFile};
    use serde_json::json;

    /// An order as Printify's reference shows it.
    fn sample() -> Value {
        json!({
            "id": "5a96f649b2439217d070f507",
            "address_to": {"first_name": "John", "last_name": "Smith", "region": "", "address1": "ExampleBaan 121",
                "city": "Retie", "zip": "2470", "email": "example@msn.com", "phone": "0574 69 21 90", "country": "BE"},
            "line_items": [{"product_id": "5b05842f3921c9547531758d", "quantity": 1, "variant_id": 17887,
                "print_provider_id": 5, "cost": 1050, "shipping_cost": 400, "status": "fulfilled",
                "metadata": {"title": "18K gold plated Necklace", "price": 2200, "variant_label": "Golden indigocoin",
                    "sku": "168699843", "country": "United States"},
                "sent_to_production_at": "2017-04-18 13:24:28+00:00", "fulfilled_at": "2017-04-18 13:24:28+00:00"}],
            "metadata": {"order_type": "api", "shop_order_id": "sd-ref-1", "shop_order_label": "sd-ref-1",
                "shop_fulfilled_at": "1970-01-01 00:00:00+00:00"},
            "total_price": 2200, "total_shipping": 400, "total_tax": 0,
            "status": "fulfilled", "shipping_method": 1, "is_printify_express": false, "is_economy_shipping": false,
            "shipments": [{"carrier": "usps", "number": "94001116990045395649372",
                "url": "http://example.com/94001116990045395649372", "delivered_at": null}],
            "created_at": "2017-04-18 13:24:28+00:00",
            "sent_to_production_at": "2017-04-18 13:24:28+00:00",
            "fulfilled_at": "2017-04-19 10:00:00+00:00"
        })
    }

    #[test]
    fn an_order_reads_into_one_shape() {
        let order: Order = serde_json::from_value(sample()).expect("order");
        let order = order.into_order();
        assert_eq!(order.id, "5a96f649b2439217d070f507");
        assert_eq!(order.reference.as_deref(), Some("sd-ref-1"));
        assert_eq!(order.stage, Stage::Shipped);
        assert_eq!(order.total_cents, Some(2600));
        assert_eq!(order.shipments.len(), 1);
        let s = &order.shipments[0];
        assert_eq!(s.carrier, "usps");
        assert_eq!(s.tracking_number, "94001116990045395649372");
        assert_eq!(
            s.shipped_at.map(|t| t.to_rfc3339()).as_deref(),
            Some("2017-04-19T10:00:00+00:00")
        );
        assert_eq!(
            order.created_at.map(|t| t.to_rfc3339()).as_deref(),
            Some("2017-04-18T13:24:28+00:00")
        );

        let mut delivered = sample();
        delivered["shipments"][0]["delivered_at"] = json!("2017-04-25 09:00:00+00:00");
        let order: Order = serde_json::from_value(delivered).expect("order");
        assert_eq!(order.into_order().stage, Stage::Delivered);

        // The create's own answer: no shipments, no totals.
        let bare: Order = serde_json::from_value(json!({"id": "x", "status": "on-hold",
            "shipments": null, "external_id": "sd-2"}))
        .expect("bare");
        let bare = bare.into_order();
        assert_eq!((bare.stage, bare.total_cents), (Stage::OnHold, None));
        assert_eq!(bare.reference.as_deref(), Some("sd-2"));
    }

    #[test]
    fn every_status_has_a_stage() {
        for (status, stage_) in [
            ("pending", Stage::Pending),
            ("on-hold", Stage::OnHold),
            ("payment-not-received", Stage::OnHold),
            ("had-issues", Stage::OnHold),
            ("sending-to-production", Stage::InProduction),
            ("in-production", Stage::InProduction),
            ("partially-fulfilled", Stage::Shipped),
            ("fulfilled", Stage::Shipped),
            ("canceled", Stage::Cancelled),
        ] {
            assert_eq!(stage(status, false), stage_, "{status}");
        }
        assert_eq!(stage("fulfilled", true), Stage::Delivered);
    }

    #[test]
    fn list_pages() {
        let list: OrderList = serde_json::from_value(json!({"current_page": 1, "last_page": 3,
            "next_page_url": "/?page=2", "data": []}))
        .expect("list");
        assert!(list.has_more(1, 10));
        let last: OrderList = serde_json::from_value(json!({"current_page": 3, "last_page": 3,
            "next_page_url": null, "data": []}))
        .expect("list");
        assert!(!last.has_more(3, 10));
    }

    fn new_order() -> NewOrder {
        NewOrder {
            reference: "sd-ref-1".into(),
            label: "576460752303423488".into(),
            address: Address {
                name: "Jane Q Doe".into(),
                phone: None,
                email: Some("jane@example.com".into()),
                address1: "1 Main St".into(),
                address2: None,
                city: "Austin".into(),
                state: "TX".into(),
                postal_code: "78701".into(),
                country: "US".into(),
            },
            shipping_method: None,
            label_url: None,
            items: vec![NewItem {
                sku: "6:99:12100".into(),
                quantity: 2,
                print_files: vec![
                    PrintFile {
                        position: PrintPosition::Front,
                        url: "https://files.test/front.png".into(),
                    },
                    PrintFile {
                        position: PrintPosition::Sleeve,
                        url: "https://files.test/sleeve.png".into(),
                    },
                ],
                mockup_url: None,
                name: Some("Tee".into()),
            }],
        }
    }

    #[test]
    fn a_design_on_the_fly_order() {
        let body = serde_json::to_value(order_body(&new_order()).expect("body")).expect("json");
        assert_eq!(
            body,
            json!({
                "external_id": "sd-ref-1",
                "label": "576460752303423488",
                "line_items": [{"print_provider_id": 99, "blueprint_id": 6, "variant_id": 12100, "quantity": 2,
                    "print_areas": {"front": "https://files.test/front.png", "left_sleeve": "https://files.test/sleeve.png"}}],
                "shipping_method": 1,
                "is_printify_express": false,
                "is_economy_shipping": false,
                "send_shipping_notification": false,
                "address_to": {"first_name": "Jane Q", "last_name": "Doe", "email": "jane@example.com",
                    "country": "US", "region": "TX", "address1": "1 Main St", "city": "Austin", "zip": "78701"}
            })
        );
    }

    #[test]
    fn orders_printify_cannot_take_are_refused_naming_the_item() {
        let mut bad_sku = new_order();
        bad_sku.items[0].sku = "12100".into();
        match order_body(&bad_sku) {
            Err(ProviderError::Rejected { message, field, .. }) => {
                assert!(message.contains("item 1 (Tee)"), "{message}");
                assert_eq!(field.as_deref(), Some("items.0.sku"));
            }
            _ => panic!("a SKU without blueprint and provider is refused"),
        }
        let mut labelled = new_order();
        labelled.label_url = Some("https://labels.test/1.pdf".into());
        assert!(order_body(&labelled).is_err());
        let mut express = new_order();
        express.shipping_method = Some("printify_express".into());
        let body = order_body(&express).expect("express");
        assert_eq!((body.shipping_method, body.is_printify_express), (3, true));
        let mut unknown = new_order();
        unknown.shipping_method = Some("teleport".into());
        assert!(order_body(&unknown).is_err());
        let mut no_files = new_order();
        no_files.items[0].print_files.clear();
        assert!(order_body(&no_files).is_err());
    }

    fn signed(secret: &str, body: &[u8], prefix: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        let sig = format!("{prefix}{}", wire::sign(secret, body));
        headers.insert("x-pfy-signature", sig.parse().expect("header"));
        headers
    }

    #[test]
    fn webhooks_are_verified_then_read() {
        let body = br#"{"id":"653b6be8","type":"order:shipment:created","created_at":"2022-05-17 15:00:00+00:00",
            "resource":{"id":"5a96f649b2439217d070f507","type":"order","data":{"shop_id":815256,
            "shipped_at":"2022-05-17 15:00:00+00:00","carrier":{"code":"USPS","tracking_number":"9400110200828911663274",
            "tracking_url":"https://example.com/track/9400110200828911663274"},"skus":["6202"]}}}"#;
        for prefix in ["sha256=", ""] {
            let event =
                parse_webhook("whsec", &signed("whsec", body, prefix), body).expect("event");
            assert_eq!(
                event.provider_order_id.as_deref(),
                Some("5a96f649b2439217d070f507")
            );
            assert_eq!(event.stage, Some(Stage::Shipped));
            let shipment = event.shipment.expect("shipment");
            assert_eq!(shipment.carrier, "USPS");
            assert_eq!(shipment.tracking_number, "9400110200828911663274");
            assert!(shipment.shipped_at.is_some());
        }
        assert_eq!(
            parse_webhook("whsec", &signed("forged", body, "sha256="), body),
            Err(WebhookError::BadSignature)
        );
        assert_eq!(
            parse_webhook("whsec", &HeaderMap::new(), body),
            Err(WebhookError::BadSignature)
        );

        let updated = br#"{"id":"1","type":"order:updated","created_at":"2022-05-17 15:00:00+00:00",
            "resource":{"id":"5a96","type":"order","data":{"shop_id":815256,"status":"in-production"}}}"#;
        let event = parse_webhook("whsec", &signed("whsec", updated, ""), updated).expect("event");
        assert_eq!(event.stage, Some(Stage::InProduction));
        assert_eq!(event.shipment, None);

        let shop =
            br#"{"id":"1","type":"shop:disconnected","created_at":"2022-05-17 15:00:00+00:00",
            "resource":{"id":815256,"type":"shop","data":null}}"#;
        let event = parse_webhook("whsec", &signed("whsec", shop, ""), shop).expect("event");
        assert_eq!(event.provider_order_id, None);
    }

    #[test]
    fn skus() {
        assert_eq!(parse_sku("6:99:12100"), Some((6, 99, 12100)));
        assert_eq!(parse_sku("6:99"), None);
        assert_eq!(parse_sku("6:99:1:2"), None);
        assert_eq!(parse_sku("a:b:c"), None);
    }
}
