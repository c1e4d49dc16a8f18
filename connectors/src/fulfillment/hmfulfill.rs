//! HMFulfill. No API material of HMFulfill is public, so this client speaks the **assumed**
//! minimal shape of the provider references (`pod-providers.md`, "ASSUMED minimal shape"),
//! all of it here, to be replaced when HMFulfill shares real documentation:
//!
//! - **Auth**: header `X-API-Key: {key}`; a missing or bad key is a 401
//!   `{"error":{"code":"UNAUTHORIZED","message":…}}`.
//! - **Create**: `POST /v1/orders` with `{external_id, shipping_method: "standard"|"express",
//!   address {name, address1, address2, city, state, zip, country, phone, email}, items[] {sku,
//!   quantity, print_files[] {position, url}, mockup_url?}}` → 201 `{id, external_id, status:
//!   "pending", total_cost, currency, created_at}`. A repeated `external_id` is a 409 carrying
//!   the existing order's `id`: the reference is the `external_id`, so a create sent twice
//!   answers the first order.
//! - **Read / list**: `GET /v1/orders/{id}`; `GET /v1/orders?status=&page=&limit=` →
//!   `{data[], page, total}`. An order carries `tracking {carrier, number, url}` once shipped
//!   (the webhook's shape). Beyond the shape, the list is asked for `external_id` (exact) and
//!   `created_from` (ISO-8601); the answers are matched again here, so a provider that ignores
//!   them is only slower: [`find_order`] scans for the `external_id`.
//! - **Cancel**: `POST /v1/orders/{id}/cancel`, allowed only while `pending` or `on_hold`,
//!   otherwise 409.
//! - **Catalogue**: `GET /v1/products` → `[{sku, product_line, name, color, size, base_cost,
//!   print_positions[]}]`, one row per variant; [`products`] groups the rows by product line.
//!   [`NewItem::sku`] is the row's `sku`.
//! - **Statuses**: `pending` → `in_production` → `shipped` → `delivered`; side states
//!   `on_hold`, `rejected`, `cancelled`.
//! - **Webhooks**: POSTed to a URL registered with HMFulfill (not by API: [`register_webhook`]
//!   answers `false`) with `{event: "order.status"|"order.shipment", order_id, external_id,
//!   status, tracking? {carrier, number, url}, occurred_at}`, header `X-Signature:
//!   hex(HMAC_SHA256(secret, raw_body))`.
//! - **Errors / limits**: `{"error":{"code","message","fields?"}}`, 422 for validation; 429 with
//!   `Retry-After` above 10 requests a second. Money is a decimal amount (`total_cost`,
//!   `base_cost`) in `currency`.
use chrono::{DateTime, Utc};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::transport::Call;
use super::wire::{self, opt_decimal_cents, opt_id, opt_time};
use super::{
    Account, CatalogProduct, CatalogVariant, FulfillmentClient, NewOrder, OrderPage, ProductPage,
    ProductQuery, Provider, ProviderError, ProviderOrder, Result, Shipment, Stage, WebhookError,
    WebhookEvent, item_label, refuse,
};

const P: Provider = Provider::HmFulfill;
const PAGE: u32 = 100;

fn stage(status: &str) -> Stage {
    match status {
        "pending" => Stage::Pending,
        "on_hold" => Stage::OnHold,
        "in_production" => Stage::InProduction,
        "shipped" => Stage::Shipped,
        "delivered" => Stage::Delivered,
        "cancelled" => Stage::Cancelled,
        "rejected" => Stage::Rejected,
        other => {
            tracing::warn!(
                provider = "HMFulfill",
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
    #[serde(default, deserialize_with = "opt_id")]
    external_id: Option<String>,
    #[serde(default)]
    status: String,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    total_cost: Option<i64>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default, deserialize_with = "opt_time")]
    created_at: Option<DateTime<Utc>>,
    #[serde(default)]
    tracking: Option<Tracking>,
    #[serde(default, deserialize_with = "opt_time")]
    shipped_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    delivered_at: Option<DateTime<Utc>>,
}

#[derive(Deserialize)]
struct Tracking {
    #[serde(default)]
    carrier: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    number: Option<String>,
    #[serde(default)]
    url: Option<String>,
}

impl Tracking {
    fn shipment(
        self,
        shipped_at: Option<DateTime<Utc>>,
        delivered_at: Option<DateTime<Utc>>,
    ) -> Option<Shipment> {
        Some(Shipment {
            carrier: self.carrier.unwrap_or_default(),
            tracking_number: self.number?,
            tracking_url: self.url.filter(|u| !u.is_empty()),
            shipped_at,
            delivered_at,
        })
    }
}

impl Order {
    fn into_order(self) -> ProviderOrder {
        let shipments = self
            .tracking
            .and_then(|t| t.shipment(self.shipped_at, self.delivered_at))
            .into_iter()
            .collect();
        ProviderOrder {
            stage: stage(&self.status),
            id: self.id,
            reference: self.external_id,
            status: self.status,
            total_cents: self.total_cost,
            currency: self.currency,
            shipments,
            created_at: self.created_at,
        }
    }
}

#[derive(Deserialize)]
struct OrderList {
    #[serde(default)]
    data: Vec<Order>,
    #[serde(default)]
    total: Option<u64>,
}

#[derive(Deserialize)]
struct Row {
    #[serde(deserialize_with = "wire::id")]
    sku: String,
    #[serde(default, deserialize_with = "opt_id")]
    product_line: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    size: Option<String>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    base_cost: Option<i64>,
    #[serde(default)]
    print_positions: Vec<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Rows {
    Bare(Vec<Row>),
    Wrapped { data: Vec<Row> },
}

#[derive(Serialize)]
struct NewHmOrder<'a> {
    external_id: &'a str,
    shipping_method: &'static str,
    address: HmAddress<'a>,
    items: Vec<HmItem<'a>>,
}

#[derive(Serialize)]
struct HmAddress<'a> {
    name: &'a str,
    address1: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    address2: Option<&'a str>,
    city: &'a str,
    state: &'a str,
    zip: &'a str,
    country: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<&'a str>,
}

#[derive(Serialize)]
struct HmItem<'a> {
    sku: &'a str,
    quantity: u32,
    print_files: Vec<HmFile<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mockup_url: Option<&'a str>,
}

#[derive(Serialize)]
struct HmFile<'a> {
    position: &'static str,
    url: &'a str,
}

// ---------------------------------------------------------------- requests

fn call(c: &FulfillmentClient, a: &Account, method: Method, path: &str) -> Result<Call> {
    Call::new(method, format!("{}{path}", c.base(a))).header("x-api-key", &a.api_key)
}

fn order_body(o: &NewOrder) -> Result<NewHmOrder<'_>> {
    if o.label_url.is_some() {
        return Err(refuse(
            P,
            "HMFulfill does not ship on a marketplace's label".into(),
            "label_url",
        ));
    }
    let shipping_method = match o
        .shipping_method
        .as_deref()
        .map(|m| m.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("") | Some("standard") => "standard",
        Some("express") => "express",
        Some(_) => {
            return Err(refuse(
                P,
                "HMFulfill ships standard or express".into(),
                "shipping_method",
            ));
        }
    };
    let mut items = Vec::with_capacity(o.items.len());
    for (i, item) in o.items.iter().enumerate() {
        if item.print_files.is_empty() {
            return Err(refuse(
                P,
                format!("{} has no print file", item_label(i, item)),
                format!("items.{i}.print_files"),
            ));
        }
        items.push(HmItem {
            sku: item.sku.trim(),
            quantity: item.quantity,
            print_files: item
                .print_files
                .iter()
                .map(|f| HmFile {
                    position: f.position.as_str(),
                    url: &f.url,
                })
                .collect(),
            mockup_url: item.mockup_url.as_deref(),
        });
    }
    let address = &o.address;
    Ok(NewHmOrder {
        external_id: &o.reference,
        shipping_method,
        address: HmAddress {
            name: address.name.trim(),
            address1: &address.address1,
            address2: address.address2.as_deref().filter(|a| !a.is_empty()),
            city: &address.city,
            state: &address.state,
            zip: &address.postal_code,
            country: &address.country,
            phone: address.phone.as_deref().filter(|p| !p.is_empty()),
            email: address.email.as_deref().filter(|e| !e.is_empty()),
        },
        items,
    })
}

/// The existing order's id a 409 names, wherever the body puts it.
fn conflict_id(body: &[u8]) -> Option<String> {
    let body: Value = serde_json::from_slice(body).ok()?;
    let error = body.get("error");
    ["id", "existing_id", "order_id"].iter().find_map(|key| {
        body.get(key)
            .or_else(|| error.and_then(|e| e.get(key)))
            .and_then(wire::text)
    })
}

async fn list(
    c: &FulfillmentClient,
    a: &Account,
    page: u32,
    filter: (&str, String),
) -> Result<(Vec<Order>, bool)> {
    let page = page.max(1);
    let call = call(c, a, Method::GET, "/v1/orders")?
        .query("page", page)
        .query("limit", PAGE)
        .query(filter.0, filter.1);
    let list: OrderList = c.send(a, &call).await?.success(P)?.json(P)?;
    let more = match list.total {
        Some(total) => u64::from(page) * u64::from(PAGE) < total,
        None => list.data.len() as u32 >= PAGE,
    };
    Ok((list.data, more))
}

// ---------------------------------------------------------------- operations

pub(crate) async fn verify(c: &FulfillmentClient, a: &Account) -> Result<()> {
    let call = call(c, a, Method::GET, "/v1/orders")?
        .query("page", 1)
        .query("limit", 1);
    c.send(a, &call).await?.success(P).map(drop)
}

pub(crate) async fn products(
    c: &FulfillmentClient,
    a: &Account,
    q: &ProductQuery,
) -> Result<ProductPage> {
    let call = call(c, a, Method::GET, "/v1/products")?;
    let rows = match c.send(a, &call).await?.success(P)?.json::<Rows>(P)? {
        Rows::Bare(rows) | Rows::Wrapped { data: rows } => rows,
    };
    let needle = q
        .search
        .as_deref()
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty());
    let mut all: Vec<CatalogProduct> = Vec::new();
    for row in rows {
        let line = row.product_line.clone().unwrap_or_else(|| row.name.clone());
        let at = match all.iter().position(|p| p.id == line) {
            Some(at) => at,
            None => {
                all.push(CatalogProduct {
                    id: line,
                    name: row.name.clone(),
                    image: None,
                    print_areas: Vec::new(),
                    variants: Vec::new(),
                });
                all.len() - 1
            }
        };
        let product = &mut all[at];
        for p in &row.print_positions {
            if !product.print_areas.contains(p) {
                product.print_areas.push(p.clone());
            }
        }
        product.variants.push(CatalogVariant {
            sku: row.sku,
            size: row.size,
            color: row.color,
            color_code: None,
            stock: None,
            cost_cents: row.base_cost,
        });
    }
    let matching: Vec<CatalogProduct> = all
        .into_iter()
        .filter(|p| {
            needle.as_deref().is_none_or(|n| {
                p.name.to_lowercase().contains(n)
                    || p.id.to_lowercase().contains(n)
                    || p.variants.iter().any(|v| v.sku.to_lowercase().contains(n))
            })
        })
        .collect();
    let limit = if q.limit == 0 { 20 } else { q.limit.min(100) } as usize;
    let start = (q.page.max(1) as usize - 1).saturating_mul(limit);
    let total = matching.len();
    Ok(ProductPage {
        products: matching.into_iter().skip(start).take(limit).collect(),
        total: Some(total as u64),
        has_more: start.saturating_add(limit) < total,
    })
}

pub(crate) async fn create_order(
    c: &FulfillmentClient,
    a: &Account,
    o: &NewOrder,
) -> Result<ProviderOrder> {
    let body = order_body(o)?;
    // Repeatable: a second delivery of the same external_id is a 409 naming the first order.
    let call = call(c, a, Method::POST, "/v1/orders")?.json(&body)?;
    let answer = c.send(a, &call).await?;
    if answer.status == StatusCode::CONFLICT {
        return match conflict_id(&answer.body) {
            Some(id) => order(c, a, &id).await,
            None => find_order(c, a, &o.reference)
                .await?
                .ok_or_else(|| wire::failure(P, &answer)),
        };
    }
    let created: Order = answer.success(P)?.json(P)?;
    Ok(created.into_order())
}

pub(crate) async fn find_order(
    c: &FulfillmentClient,
    a: &Account,
    reference: &str,
) -> Result<Option<ProviderOrder>> {
    let mut page = 1;
    loop {
        let (orders, more) = list(c, a, page, ("external_id", reference.to_owned())).await?;
        if let Some(found) = orders
            .into_iter()
            .find(|o| o.external_id.as_deref() == Some(reference))
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
    let call = call(c, a, Method::GET, &format!("/v1/orders/{}", wire::seg(id)))?;
    let order: Order = c.send(a, &call).await?.success(P)?.json(P)?;
    Ok(order.into_order())
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
        &format!("/v1/orders/{}/cancel", wire::seg(id)),
    )?;
    let answer = c.send(a, &call).await?;
    if answer.status == StatusCode::CONFLICT {
        let now = order(c, a, id).await?;
        return if now.stage == Stage::Cancelled {
            Ok(now)
        } else {
            Err(ProviderError::NotCancellable {
                provider: P.display_name(),
                status: now.status,
            })
        };
    }
    let answer = answer.success(P)?;
    // The cancel's answer may be the order or a bare acknowledgement.
    match answer.json::<Order>(P) {
        Ok(cancelled) => Ok(cancelled.into_order()),
        Err(_) => order(c, a, id).await,
    }
}

pub(crate) async fn orders_since(
    c: &FulfillmentClient,
    a: &Account,
    since: DateTime<Utc>,
    page: u32,
) -> Result<OrderPage> {
    // The list's order is not part of the shape: every page is read and filtered.
    let (orders, has_more) = list(c, a, page, ("created_from", since.to_rfc3339())).await?;
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
    _c: &FulfillmentClient,
    _a: &Account,
    _url: &str,
    _secret: &str,
) -> Result<bool> {
    Ok(false)
}

#[derive(Deserialize)]
struct Event {
    #[serde(default)]
    event: String,
    #[serde(default, deserialize_with = "opt_id")]
    order_id: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    external_id: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    tracking: Option<Tracking>,
    #[serde(default, deserialize_with = "opt_time")]
    occurred_at: Option<DateTime<Utc>>,
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
    let stage = event.status.as_deref().map(stage);
    let delivered = stage == Some(Stage::Delivered);
    let shipped_at = (event.event == "order.shipment" && !delivered)
        .then_some(event.occurred_at)
        .flatten();
    let delivered_at = delivered.then_some(event.occurred_at).flatten();
    Ok(WebhookEvent {
        provider_order_id: event.order_id,
        reference: event.external_id,
        stage,
        shipment: event
            .tracking
            .and_then(|t| t.shipment(shipped_at, delivered_at)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fulfillment::{Address, NewItem, PrintFile, PrintPosition};
    use serde_json::json;

    #[test]
    fn statuses() {
        for (status, s) in [
            ("pending", Stage::Pending),
            ("on_hold", Stage::OnHold),
            ("in_production", Stage::InProduction),
            ("shipped", Stage::Shipped),
            ("delivered", Stage::Delivered),
            ("cancelled", Stage::Cancelled),
            ("rejected", Stage::Rejected),
        ] {
            assert_eq!(stage(status), s, "{status}");
        }
    }

    #[test]
    fn an_order_with_tracking() {
        let order: Order = serde_json::from_value(json!({
            "id": "hm_1", "external_id": "sd-1", "status": "shipped", "total_cost": "18.75",
            "currency": "USD", "created_at": "2025-01-02T03:04:05Z",
            "tracking": {"carrier": "USPS", "number": "9400100000000000000001", "url": "https://t.test/1"}
        }))
        .expect("order");
        let order = order.into_order();
        assert_eq!(order.stage, Stage::Shipped);
        assert_eq!(order.total_cents, Some(1875));
        assert_eq!(order.reference.as_deref(), Some("sd-1"));
        assert_eq!(order.shipments[0].tracking_number, "9400100000000000000001");
        assert_eq!(order.shipments[0].carrier, "USPS");
    }

    #[test]
    fn the_create_body() {
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
            shipping_method: Some("Express".into()),
            label_url: None,
            items: vec![NewItem {
                sku: "HM-TEE-BLK-L".into(),
                quantity: 1,
                print_files: vec![PrintFile {
                    position: PrintPosition::Back,
                    url: "https://files.test/b.png".into(),
                }],
                mockup_url: Some("https://files.test/m.png".into()),
                name: None,
            }],
        };
        let body = serde_json::to_value(order_body(&o).expect("body")).expect("json");
        assert_eq!(
            body,
            json!({"external_id": "sd-1", "shipping_method": "express",
                "address": {"name": "Jane Doe", "address1": "1 Main St", "city": "Austin", "state": "TX",
                    "zip": "78701", "country": "US"},
                "items": [{"sku": "HM-TEE-BLK-L", "quantity": 1,
                    "print_files": [{"position": "back", "url": "https://files.test/b.png"}],
                    "mockup_url": "https://files.test/m.png"}]})
        );
    }

    #[test]
    fn a_conflict_names_the_order() {
        assert_eq!(
            conflict_id(br#"{"error":{"code":"DUPLICATE","message":"exists"},"id":"hm_9"}"#),
            Some("hm_9".into())
        );
        assert_eq!(
            conflict_id(br#"{"error":{"code":"DUPLICATE","message":"exists","id":"hm_8"}}"#),
            Some("hm_8".into())
        );
        assert_eq!(conflict_id(br#"{"error":{"code":"DUPLICATE"}}"#), None);
    }

    #[test]
    fn webhooks() {
        let body = br#"{"event":"order.shipment","order_id":"hm_1","external_id":"sd-1","status":"shipped",
            "tracking":{"carrier":"UPS","number":"1Z999","url":"https://t.test/1Z999"},"occurred_at":"2025-01-05T00:00:00Z"}"#;
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-signature",
            wire::sign("k", body).parse().expect("header"),
        );
        let event = parse_webhook("k", &headers, body).expect("event");
        assert_eq!(event.provider_order_id.as_deref(), Some("hm_1"));
        assert_eq!(event.reference.as_deref(), Some("sd-1"));
        assert_eq!(event.stage, Some(Stage::Shipped));
        let shipment = event.shipment.expect("shipment");
        assert_eq!(shipment.tracking_number, "1Z999");
        assert!(shipment.shipped_at.is_some());
        assert_eq!(
            parse_webhook("other", &headers, body),
            Err(WebhookError::BadSignature)
        );
        let mut tampered = body.to_vec();
        tampered[10] ^= 1;
        assert_eq!(
            parse_webhook("k", &headers, &tampered),
            Err(WebhookError::BadSignature)
        );
    }
}
