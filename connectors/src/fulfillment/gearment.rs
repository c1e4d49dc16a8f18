//! Gearment, API v3 (`https://apiv2.gearment.com/integration-handler/api/v3/…`).
//!
//! - **Auth**: headers `X-Gearment-Client-Key` (the account's key) and
//!   `X-Gearment-Client-Secret` (its secret). 100 requests per 10 s; past it the key is blocked
//!   for a minute (a 429 whose `Retry-After` the caller honours by rescheduling).
//! - **Envelope**: `{status: "success"|"error", message, data, paging? {total, total_page, page,
//!   limit}}`.
//! - **Orders** are made as drafts (`POST /api/v3/orders/draft`, wrapped in `{"data": …}`; with
//!   a marketplace label `…/draft/labeled`), which become orders at checkout. A draft's
//!   `order_id` is the order's; [`order`] reads the order and falls back to the draft while it
//!   is not checked out.
//! - **Items**: [`NewItem::sku`] is Gearment's `variant_id` (`GM…`); print files go as
//!   `printing_options` by location code (`PRINT_LOCATION_CODE_FRONT`, `_BACK`,
//!   `_LEFT_SLEEVE` for a sleeve, `_HOOD`). Shipping is `METHOD_STANDARD` unless asked
//!   (`standard`, `priority`, `express` or a `METHOD_…` code).
//! - **Exactly once**: the reference is the draft's `reference_id`. A repeat is refused with
//!   the earlier order's id (409 `data {order_id}`, as the stand-in answers); without it, the
//!   order is found by scanning the lists (orders, then drafts) for the `reference_id`, the
//!   lists having no filter for it.
//! - **Statuses**: drafts `VENDOR_ORDER_DRAFT_STATUS_*`, orders `VENDOR_ORDER_STATUS_*`; both in
//!   [`stage`]. Shipments are `order_trackings[] {tracking_no, carrier, tracking_url,
//!   shipped_at, delivered_at}` (or the bare `tracking_no`). Money is decimal US dollars
//!   (`order_total`).
//! - **Assumed** (the reference shows neither): cancel is `POST /api/v3/orders/{id}/cancel`,
//!   allowed before production (refused with a 400 naming the status); webhooks are
//!   registered with `POST /api/v3/webhooks {"data": {url, secret}}` and signed as the assumed
//!   shape signs: `X-Signature` = hex(HMAC-SHA256(secret, raw body)). A webhook is `{type,
//!   order {gearment_id, vendor_id (our reference), ord_status, tracking_no?, carrier?,
//!   tracking_url?}}`.
use chrono::{DateTime, Utc};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::transport::{Answer, Call};
use super::wire::{self, opt_decimal_cents, opt_id, opt_time};
use super::{
    Account, CatalogProduct, CatalogVariant, FulfillmentClient, NewOrder, OrderPage, PrintPosition,
    ProductPage, ProductQuery, Provider, ProviderError, ProviderOrder, Result, Shipment, Stage,
    WebhookError, WebhookEvent, item_label, refuse,
};

const P: Provider = Provider::Gearment;
const PAGE: u32 = 100;
/// At most this many catalogue pages are read to search the catalogue.
const CATALOG_PAGES: u32 = 20;

/// Where a Gearment draft or order status puts the order.
fn stage(status: &str) -> Stage {
    match status {
        "VENDOR_ORDER_DRAFT_STATUS_DRAFT" | "VENDOR_ORDER_DRAFT_STATUS_CHECKED_OUT" => {
            Stage::Pending
        }
        "VENDOR_ORDER_DRAFT_STATUS_AWAITING_CHECKOUT" => Stage::OnHold,
        "VENDOR_ORDER_DRAFT_STATUS_DELETED" | "VENDOR_ORDER_DRAFT_STATUS_ARCHIVED" => {
            Stage::Cancelled
        }
        "VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT" => Stage::Pending,
        "VENDOR_ORDER_STATUS_AWAITING_PAYMENT"
        | "VENDOR_ORDER_STATUS_PAYMENT_FAILED"
        | "VENDOR_ORDER_STATUS_ON_HOLD" => Stage::OnHold,
        "VENDOR_ORDER_STATUS_IN_PRODUCTION" | "VENDOR_ORDER_STATUS_PACKED" => Stage::InProduction,
        "VENDOR_ORDER_STATUS_SHIPPED" | "VENDOR_ORDER_STATUS_IN_TRANSIT" => Stage::Shipped,
        "VENDOR_ORDER_STATUS_DELIVERED" | "VENDOR_ORDER_STATUS_COMPLETED" => Stage::Delivered,
        "VENDOR_ORDER_STATUS_CANCELLED" | "VENDOR_ORDER_STATUS_CANCELED" => Stage::Cancelled,
        "VENDOR_ORDER_STATUS_REJECTED" => Stage::Rejected,
        other => {
            tracing::warn!(
                provider = "Gearment",
                status = other,
                "unknown order status"
            );
            Stage::OnHold
        }
    }
}

// ---------------------------------------------------------------- wire shapes

/// An order, or a draft (which has `status` instead of `order_status`).
#[derive(Deserialize)]
struct Order {
    #[serde(deserialize_with = "wire::id")]
    order_id: String,
    #[serde(default, deserialize_with = "opt_id")]
    reference_id: Option<String>,
    #[serde(default)]
    order_status: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    order_total: Option<i64>,
    #[serde(default, deserialize_with = "opt_id")]
    tracking_no: Option<String>,
    #[serde(default)]
    order_trackings: Option<Vec<Tracking>>,
    #[serde(default, deserialize_with = "opt_time")]
    created_at: Option<DateTime<Utc>>,
}

#[derive(Deserialize)]
struct Tracking {
    #[serde(default, deserialize_with = "opt_id")]
    tracking_no: Option<String>,
    #[serde(default)]
    carrier: Option<String>,
    #[serde(default)]
    tracking_url: Option<String>,
    #[serde(default, deserialize_with = "opt_time")]
    shipped_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    delivered_at: Option<DateTime<Utc>>,
}

impl Tracking {
    fn shipment(self) -> Option<Shipment> {
        Some(Shipment {
            carrier: self.carrier.unwrap_or_default(),
            tracking_number: self.tracking_no?,
            tracking_url: self.tracking_url.filter(|u| !u.is_empty()),
            shipped_at: self.shipped_at,
            delivered_at: self.delivered_at,
        })
    }
}

impl Order {
    fn into_order(self) -> ProviderOrder {
        let status = self.order_status.or(self.status).unwrap_or_default();
        let mut shipments: Vec<Shipment> = self
            .order_trackings
            .unwrap_or_default()
            .into_iter()
            .filter_map(Tracking::shipment)
            .collect();
        if let Some(number) = self.tracking_no
            && !shipments.iter().any(|s| s.tracking_number == number)
        {
            shipments.push(Shipment {
                carrier: String::new(),
                tracking_number: number,
                tracking_url: None,
                shipped_at: None,
                delivered_at: None,
            });
        }
        ProviderOrder {
            id: self.order_id,
            reference: self.reference_id,
            stage: stage(&status),
            status,
            total_cents: self.order_total,
            currency: Some("USD".into()),
            shipments,
            created_at: self.created_at,
        }
    }
}

#[derive(Deserialize, Default)]
struct Paging {
    #[serde(default)]
    total: Option<u64>,
    #[serde(default)]
    total_page: Option<u32>,
}

#[derive(Deserialize)]
struct WireProduct {
    #[serde(deserialize_with = "wire::id")]
    product_code: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    print_locations: Vec<String>,
    #[serde(default)]
    variants: Vec<WireVariant>,
}

#[derive(Deserialize)]
struct WireVariant {
    #[serde(deserialize_with = "wire::id")]
    variant_id: String,
    #[serde(default)]
    color_name: Option<String>,
    #[serde(default)]
    color_code: Option<String>,
    #[serde(default)]
    size: Option<String>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    price: Option<i64>,
    #[serde(default)]
    stock: Option<i64>,
}

#[derive(Serialize)]
struct Wrapped<T> {
    data: T,
}

#[derive(Serialize)]
struct NewDraft<'a> {
    reference_id: &'a str,
    shipping_method: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    label_url: Option<&'a str>,
    address: GmAddress<'a>,
    line_items: Vec<GmLine<'a>>,
}

#[derive(Serialize)]
struct GmAddress<'a> {
    first_name: String,
    last_name: String,
    street_1: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    street_2: Option<&'a str>,
    city: &'a str,
    state_code: &'a str,
    zip_code: &'a str,
    country_code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone_no: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<&'a str>,
}

#[derive(Serialize)]
struct GmLine<'a> {
    variant_id: &'a str,
    quantity: u32,
    printing_options: Vec<GmPrint<'a>>,
}

#[derive(Serialize)]
struct GmPrint<'a> {
    location_code: &'static str,
    url: &'a str,
}

// ---------------------------------------------------------------- requests

fn call(c: &FulfillmentClient, a: &Account, method: Method, path: &str) -> Result<Call> {
    let secret = a
        .api_secret
        .as_deref()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            ProviderError::Config("the Gearment account needs its client secret".into())
        })?;
    Call::new(method, format!("{}{path}", c.base(a)))
        .header("x-gearment-client-key", &a.api_key)?
        .header("x-gearment-client-secret", secret)
}

/// The envelope's `data` and `paging` once the status and the envelope say success.
fn data(answer: Answer) -> Result<(Value, Paging)> {
    let mut body: Value = answer.success(P)?.json(P)?;
    if body.get("status").and_then(Value::as_str) == Some("error") {
        let (message, field) = wire::refusal(&body);
        return Err(ProviderError::Rejected {
            provider: P.display_name(),
            message: message.unwrap_or_else(|| "refused".into()),
            field,
        });
    }
    let paging = body
        .get("paging")
        .and_then(|p| Paging::deserialize(p).ok())
        .unwrap_or_default();
    Ok((
        body.get_mut("data").map(Value::take).unwrap_or(Value::Null),
        paging,
    ))
}

async fn get(
    c: &FulfillmentClient,
    a: &Account,
    path: &str,
    query: &[(&str, String)],
) -> Result<(Value, Paging)> {
    let mut call = call(c, a, Method::GET, path)?;
    for (name, value) in query {
        call = call.query(name, value);
    }
    data(c.send(a, &call).await?)
}

fn more(page: u32, limit: u32, got: usize, paging: &Paging) -> bool {
    match (paging.total_page, paging.total) {
        (Some(pages), _) => page < pages,
        (None, Some(total)) => u64::from(page) * u64::from(limit) < total,
        (None, None) => got as u32 >= limit,
    }
}

fn location(p: PrintPosition) -> &'static str {
    match p {
        PrintPosition::Front => "PRINT_LOCATION_CODE_FRONT",
        PrintPosition::Back => "PRINT_LOCATION_CODE_BACK",
        PrintPosition::Sleeve => "PRINT_LOCATION_CODE_LEFT_SLEEVE",
        PrintPosition::Hood => "PRINT_LOCATION_CODE_HOOD",
    }
}

/// `PRINT_LOCATION_CODE_LEFT_SLEEVE` as the print area a seller reads: `left_sleeve`.
fn area(code: &str) -> String {
    code.strip_prefix("PRINT_LOCATION_CODE_")
        .unwrap_or(code)
        .to_ascii_lowercase()
}

fn shipping(method: Option<&str>) -> Option<String> {
    let method = method.map(str::trim).filter(|m| !m.is_empty());
    let upper = method.map(str::to_ascii_uppercase);
    Some(match upper.as_deref() {
        None | Some("STANDARD") | Some("METHOD_STANDARD") => "METHOD_STANDARD".into(),
        Some("PRIORITY") | Some("METHOD_PRIORITY") => "METHOD_PRIORITY".into(),
        Some("EXPRESS") | Some("METHOD_EXPRESS") => "METHOD_EXPRESS".into(),
        Some(_) => return None,
    })
}

fn draft_body(o: &NewOrder) -> Result<NewDraft<'_>> {
    let shipping_method = shipping(o.shipping_method.as_deref()).ok_or_else(|| {
        refuse(
            P,
            "Gearment ships standard, priority or express".into(),
            "shipping_method",
        )
    })?;
    let mut line_items = Vec::with_capacity(o.items.len());
    for (i, item) in o.items.iter().enumerate() {
        if item.print_files.is_empty() {
            return Err(refuse(
                P,
                format!("{} has no print file", item_label(i, item)),
                format!("items.{i}.print_files"),
            ));
        }
        line_items.push(GmLine {
            variant_id: item.sku.trim(),
            quantity: item.quantity,
            printing_options: item
                .print_files
                .iter()
                .map(|f| GmPrint {
                    location_code: location(f.position),
                    url: &f.url,
                })
                .collect(),
        });
    }
    let (first_name, last_name) = o.address.split_name();
    let address = &o.address;
    Ok(NewDraft {
        reference_id: &o.reference,
        shipping_method,
        label_url: o.label_url.as_deref(),
        address: GmAddress {
            first_name,
            last_name,
            street_1: &address.address1,
            street_2: address.address2.as_deref().filter(|a| !a.is_empty()),
            city: &address.city,
            state_code: &address.state,
            zip_code: &address.postal_code,
            country_code: &address.country,
            phone_no: address.phone.as_deref().filter(|p| !p.is_empty()),
            email: address.email.as_deref().filter(|e| !e.is_empty()),
        },
        line_items,
    })
}

/// One page of orders (`drafts`: of drafts), with whether more follow.
async fn list(
    c: &FulfillmentClient,
    a: &Account,
    drafts: bool,
    page: u32,
    since: Option<DateTime<Utc>>,
) -> Result<(Vec<Order>, bool)> {
    let page = page.max(1);
    let mut query = vec![
        ("paging.page", page.to_string()),
        ("paging.limit", PAGE.to_string()),
    ];
    if let Some(since) = since {
        query.push(("filter.created_at_min", since.to_rfc3339()));
    }
    let path = if drafts {
        "/api/v3/orders/draft"
    } else {
        "/api/v3/orders"
    };
    let (data, paging) = get(c, a, path, &query).await?;
    let orders: Vec<Order> = wire::parse(P, data)?;
    let more = more(page, PAGE, orders.len(), &paging);
    Ok((orders, more))
}

// ---------------------------------------------------------------- operations

pub(crate) async fn verify(c: &FulfillmentClient, a: &Account) -> Result<()> {
    get(
        c,
        a,
        "/api/v3/orders",
        &[("paging.page", "1".into()), ("paging.limit", "1".into())],
    )
    .await
    .map(drop)
}

async fn catalog_page(
    c: &FulfillmentClient,
    a: &Account,
    page: u32,
    limit: u32,
) -> Result<(Value, Paging)> {
    let query = [
        ("paging.page", page.to_string()),
        ("paging.limit", limit.to_string()),
    ];
    get(c, a, "/api/v3/catalog", &query).await
}

pub(crate) async fn products(
    c: &FulfillmentClient,
    a: &Account,
    q: &ProductQuery,
) -> Result<ProductPage> {
    let limit = if q.limit == 0 { 20 } else { q.limit.min(100) };
    let page = q.page.max(1);
    let needle = q
        .search
        .as_deref()
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty());
    let (products, total, has_more) = match needle {
        // The catalogue has no search: a search reads it whole and pages the matches here.
        Some(needle) => {
            let mut all: Vec<WireProduct> = Vec::new();
            for n in 1..=CATALOG_PAGES {
                let (data, paging) = catalog_page(c, a, n, 100).await?;
                let got: Vec<WireProduct> = wire::parse(P, data)?;
                let again = more(n, 100, got.len(), &paging);
                all.extend(got);
                if !again {
                    break;
                }
            }
            let matching: Vec<WireProduct> = all
                .into_iter()
                .filter(|p| {
                    p.name.to_lowercase().contains(&needle)
                        || p.product_code.to_lowercase().contains(&needle)
                })
                .collect();
            let start = (page as usize - 1).saturating_mul(limit as usize);
            let total = matching.len();
            let slice: Vec<WireProduct> = matching
                .into_iter()
                .skip(start)
                .take(limit as usize)
                .collect();
            (
                slice,
                Some(total as u64),
                start.saturating_add(limit as usize) < total,
            )
        }
        None => {
            let (data, paging) = catalog_page(c, a, page, limit).await?;
            let got: Vec<WireProduct> = wire::parse(P, data)?;
            let has_more = more(page, limit, got.len(), &paging);
            (got, paging.total, has_more)
        }
    };
    Ok(ProductPage {
        products: products
            .into_iter()
            .map(|p| CatalogProduct {
                id: p.product_code,
                name: p.name,
                image: p.image,
                print_areas: p.print_locations.iter().map(|l| area(l)).collect(),
                variants: p
                    .variants
                    .into_iter()
                    .map(|v| CatalogVariant {
                        sku: v.variant_id,
                        size: v.size,
                        color: v.color_name,
                        color_code: v.color_code,
                        stock: v.stock,
                        cost_cents: v.price,
                    })
                    .collect(),
            })
            .collect(),
        total,
        has_more,
    })
}

pub(crate) async fn create_order(
    c: &FulfillmentClient,
    a: &Account,
    o: &NewOrder,
) -> Result<ProviderOrder> {
    let body = Wrapped {
        data: draft_body(o)?,
    };
    let path = if o.label_url.is_some() {
        "/api/v3/orders/draft/labeled"
    } else {
        "/api/v3/orders/draft"
    };
    // Repeatable: a second delivery of the same reference_id is refused naming the first.
    let call = call(c, a, Method::POST, path)?.json(&body)?;
    let answer = c.send(a, &call).await?;
    if answer.status == StatusCode::CONFLICT {
        let earlier = serde_json::from_slice::<Value>(&answer.body)
            .ok()
            .and_then(|b| b.get("data")?.get("order_id").and_then(wire::text));
        return match earlier {
            Some(id) => order(c, a, &id).await,
            None => find_order(c, a, &o.reference)
                .await?
                .ok_or_else(|| wire::failure(P, &answer)),
        };
    }
    let draft: Order = match data(answer) {
        Ok((draft, _)) => wire::parse(P, draft)?,
        Err(refused @ ProviderError::Rejected { .. }) if wire::is_repeat(&refused) => {
            return find_order(c, a, &o.reference).await?.ok_or(refused);
        }
        Err(e) => return Err(e),
    };
    let id = draft.order_id.clone();
    match order(c, a, &id).await {
        Ok(order) => Ok(order),
        // Made, but not readable yet: the draft's answer is enough to record it.
        Err(e) if e.is_transient() => Ok(draft.into_order()),
        Err(e) => Err(e),
    }
}

pub(crate) async fn find_order(
    c: &FulfillmentClient,
    a: &Account,
    reference: &str,
) -> Result<Option<ProviderOrder>> {
    for drafts in [false, true] {
        let mut page = 1;
        loop {
            let (orders, more) = list(c, a, drafts, page, None).await?;
            if let Some(found) = orders
                .into_iter()
                .find(|o| o.reference_id.as_deref() == Some(reference))
            {
                return if drafts {
                    order(c, a, &found.order_id).await.map(Some)
                } else {
                    Ok(Some(found.into_order()))
                };
            }
            if !more {
                break;
            }
            page += 1;
        }
    }
    Ok(None)
}

pub(crate) async fn order(c: &FulfillmentClient, a: &Account, id: &str) -> Result<ProviderOrder> {
    let id = wire::seg(id);
    let read = match get(c, a, &format!("/api/v3/orders/{id}"), &[]).await {
        // Not an order yet: a draft awaiting checkout.
        Err(ProviderError::NotFound(_)) => {
            get(c, a, &format!("/api/v3/orders/draft/{id}"), &[]).await
        }
        other => other,
    };
    Ok(wire::parse::<Order>(P, read?.0)?.into_order())
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
        &format!("/api/v3/orders/{}/cancel", wire::seg(id)),
    )?;
    match c.send(a, &call).await.and_then(data) {
        Ok((cancelled, _)) => Ok(wire::parse::<Order>(P, cancelled)?.into_order()),
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
    let (orders, has_more) = list(c, a, false, page, Some(since)).await?;
    Ok(OrderPage {
        orders: orders
            .into_iter()
            .filter(|o| o.created_at.is_none_or(|t| t >= since))
            .map(Order::into_order)
            .collect(),
        has_more,
    })
}

pub(crate) async fn register_webhook(
    c: &FulfillmentClient,
    a: &Account,
    url: &str,
    secret: &str,
) -> Result<bool> {
    let (hooks, _) = get(c, a, "/api/v3/webhooks", &[]).await?;
    // A registration's secret cannot be read back: ours are made again with the current one.
    for hook in hooks.as_array().into_iter().flatten() {
        if hook.get("url").and_then(Value::as_str) != Some(url) {
            continue;
        }
        let Some(id) = hook.get("webhook_id").and_then(wire::text) else {
            continue;
        };
        let call = call(
            c,
            a,
            Method::DELETE,
            &format!("/api/v3/webhooks/{}", wire::seg(&id)),
        )?;
        match c.send(a, &call).await.and_then(data) {
            Ok(_) | Err(ProviderError::NotFound(_)) => {}
            Err(e) => return Err(e),
        }
    }
    let body = serde_json::json!({ "data": { "url": url, "secret": secret } });
    let call = call(c, a, Method::POST, "/api/v3/webhooks")?.json(&body)?;
    data(c.send(a, &call).await?)?;
    Ok(true)
}

#[derive(Deserialize)]
struct Event {
    #[serde(rename = "type", default)]
    kind: String,
    order: EventOrder,
}

#[derive(Deserialize)]
struct EventOrder {
    #[serde(default, deserialize_with = "opt_id")]
    gearment_id: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    vendor_id: Option<String>,
    #[serde(default)]
    ord_status: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    tracking_no: Option<String>,
    #[serde(default)]
    carrier: Option<String>,
    #[serde(default)]
    tracking_url: Option<String>,
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
    let order = event.order;
    let stage = match (order.ord_status.as_deref(), event.kind.as_str()) {
        (Some(status), _) => Some(stage(status)),
        (None, "order_tracking_updated") => Some(Stage::Shipped),
        (None, "order_completed") => Some(Stage::Delivered),
        (None, "order_cancelled") => Some(Stage::Cancelled),
        _ => None,
    };
    let shipment = order.tracking_no.map(|number| Shipment {
        carrier: order.carrier.unwrap_or_default(),
        tracking_number: number,
        tracking_url: order.tracking_url.filter(|u| !u.is_empty()),
        shipped_at: None,
        delivered_at: None,
    });
    Ok(WebhookEvent {
        provider_order_id: order.gearment_id,
        reference: order.vendor_id,
        stage,
        shipment,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fulfillment::{Address, NewItem, PrintFile};
    use serde_json::json;

    #[test]
    fn statuses() {
        for (status, s) in [
            ("VENDOR_ORDER_DRAFT_STATUS_DRAFT", Stage::Pending),
            ("VENDOR_ORDER_DRAFT_STATUS_AWAITING_CHECKOUT", Stage::OnHold),
            ("VENDOR_ORDER_DRAFT_STATUS_CHECKED_OUT", Stage::Pending),
            ("VENDOR_ORDER_DRAFT_STATUS_DELETED", Stage::Cancelled),
            ("VENDOR_ORDER_STATUS_AWAITING_PAYMENT", Stage::OnHold),
            ("VENDOR_ORDER_STATUS_PAYMENT_FAILED", Stage::OnHold),
            ("VENDOR_ORDER_STATUS_AWAITING_FULFILLMENT", Stage::Pending),
            ("VENDOR_ORDER_STATUS_IN_PRODUCTION", Stage::InProduction),
            ("VENDOR_ORDER_STATUS_PACKED", Stage::InProduction),
            ("VENDOR_ORDER_STATUS_SHIPPED", Stage::Shipped),
            ("VENDOR_ORDER_STATUS_DELIVERED", Stage::Delivered),
            ("VENDOR_ORDER_STATUS_CANCELLED", Stage::Cancelled),
        ] {
            assert_eq!(stage(status), s, "{status}");
        }
    }

    #[test]
    fn an_order_with_trackings() {
        let order: Order = serde_json::from_value(json!({
            "order_id": "9d1e", "order_name": "GM-1001", "reference_id": "sd-1",
            "order_status": "VENDOR_ORDER_STATUS_SHIPPED", "order_total": 21.4,
            "tracking_no": "1Z999",
            "order_trackings": [{"tracking_no": "1Z999", "carrier": "UPS",
                "tracking_url": "https://t.test/1Z999", "shipped_at": "2025-01-02T00:00:00Z", "delivered_at": null}],
            "created_at": "2025-01-01T00:00:00Z"
        }))
        .expect("order");
        let order = order.into_order();
        assert_eq!(order.stage, Stage::Shipped);
        assert_eq!(order.total_cents, Some(2140));
        assert_eq!(order.shipments.len(), 1);
        assert_eq!(order.shipments[0].carrier, "UPS");
        let draft: Order =
            serde_json::from_value(json!({"order_id": "9d1e", "reference_id": "sd-1",
            "status": "VENDOR_ORDER_DRAFT_STATUS_CHECKED_OUT"}))
            .expect("draft");
        assert_eq!(draft.into_order().stage, Stage::Pending);
    }

    #[test]
    fn the_draft_body() {
        let o = NewOrder {
            reference: "sd-1".into(),
            label: "5764".into(),
            address: Address {
                name: "Jane Doe".into(),
                address1: "1 Main St".into(),
                city: "Austin".into(),
                state: "TX".into(),
                postal_code: "78701".into(),
                country: "US".into(),
                ..Address::default()
            },
            shipping_method: Some("express".into()),
            label_url: None,
            items: vec![NewItem {
                sku: "GM0002003147".into(),
                quantity: 2,
                print_files: vec![PrintFile {
                    position: PrintPosition::Sleeve,
                    url: "https://files.test/s.png".into(),
                }],
                mockup_url: None,
                name: None,
            }],
        };
        let body = serde_json::to_value(Wrapped {
            data: draft_body(&o).expect("body"),
        })
        .expect("json");
        assert_eq!(
            body,
            json!({"data": {"reference_id": "sd-1", "shipping_method": "METHOD_EXPRESS",
                "address": {"first_name": "Jane", "last_name": "Doe", "street_1": "1 Main St", "city": "Austin",
                    "state_code": "TX", "zip_code": "78701", "country_code": "US"},
                "line_items": [{"variant_id": "GM0002003147", "quantity": 2,
                    "printing_options": [{"location_code": "PRINT_LOCATION_CODE_LEFT_SLEEVE", "url": "https://files.test/s.png"}]}]}})
        );
        assert_eq!(area("PRINT_LOCATION_CODE_LEFT_SLEEVE"), "left_sleeve");
    }

    #[test]
    fn webhooks() {
        let body = br#"{"type":"order_tracking_updated","order":{"gearment_id":"9d1e","gearment_name":"GM-1001",
            "vendor_id":"sd-1","ord_status":"VENDOR_ORDER_STATUS_SHIPPED","verify_address":true,
            "tracking_no":"1Z999","carrier":"UPS","tracking_url":"https://t.test/1Z999"}}"#;
        let mut headers = HeaderMap::new();
        headers.insert("x-signature", wire::sign("k", body).parse().expect("h"));
        let event = parse_webhook("k", &headers, body).expect("event");
        assert_eq!(event.provider_order_id.as_deref(), Some("9d1e"));
        assert_eq!(event.reference.as_deref(), Some("sd-1"));
        assert_eq!(event.stage, Some(Stage::Shipped));
        assert_eq!(event.shipment.expect("shipment").tracking_number, "1Z999");
        assert_eq!(
            parse_webhook("x", &headers, body),
            Err(WebhookError::BadSignature)
        );
    }
}
