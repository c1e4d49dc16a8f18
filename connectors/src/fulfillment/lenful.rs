//! Lenful's seller API (`https://s-lencam.lenful.com/api`; its order list on
//! `https://s-lencam-v3.lenful.com/api`).
//!
//! Lenful publishes no reference; one community author's clients show the login, the create,
//! the list and the tracking webhook. The rest is **assumed**, all of it here:
//!
//! - **Auth**: `POST /seller/login` as a form (`user_name` = [`Account::api_key`], `password` =
//!   [`Account::api_secret`]) → `{access_token}`, then `Authorization: Bearer`. The token is
//!   kept per account in the client and fetched again once when a call answers 401.
//! - **Errors** (assumed): `{message}`; validation 422 `{message, errors {field: [reason]}}`.
//! - **Create**: `POST /order/{shop_id}/create` `{order_number, first_name, last_name,
//!   country_code, province, city, zip, address_1, address_2?, phone?, email?, items[]
//!   {product_sku, design_sku, quantity, mockups[], designs[] {position, link}, shippings[]}}`
//!   → `{data {id, status, total_price}}`. [`NewItem::sku`] is the `product_sku`; `design_sku`
//!   (the seller's own name for the design) is `{reference}-{line}`. Design positions: `1`
//!   front, `2` back, `3` a sleeve (the left), `0` hood. Shipping codes: `1` standard, `2`
//!   express, `3` priority, `4` economy, `5` ground, `6` expedited (by number or name); no
//!   field carries a marketplace's label file, so such orders are refused.
//! - **Exactly once**: `order_number` is the reference, and nothing says Lenful refuses a
//!   repeat: the reference is looked up first (the list, newest first, over the last
//!   [`LOOKBACK_DAYS`] days) and the create is never sent twice blindly; a create that failed
//!   is looked up again at once.
//! - **Read / cancel** (assumed): `GET /order/{shop_id}/{id}` → `{data: order}`, `POST
//!   /order/{shop_id}/{id}/cancel` while `pending` or `on_hold` (409 otherwise). Both take the
//!   order's id or its short id; [`ProviderOrder::id`] is the **short id**, the one the
//!   tracking webhook names.
//! - **List**: `POST {v3}/order/list?page=&limit=&sort_by=create_date_desc` with `{from_date,
//!   to_date}` (`YYYY-MM-DD`) → `{data: [...]}`, no total: a short page is the last.
//! - **Order** (assumed): `{id, short_id, order_number, status, total_price (decimal US
//!   dollars), tracking_numbers[], carrier?, tracking_url?, create_date ("YYYY-MM-DD
//!   HH:MM:SS" UTC)}`. **Statuses** (assumed): `pending` → `in_production` → `shipped` →
//!   `delivered`; side states `on_hold`, `rejected`, `cancelled`.
//! - **Catalogue** (assumed): `GET /product/list?page=&limit=` → `{data: [{id, name, image,
//!   print_positions[] {position, name}, variants[] {product_sku, color, size, base_cost,
//!   stock}}]}`.
//! - **Webhooks**: registered in Lenful's dashboard ([`register_webhook`] answers `false`);
//!   only tracking is sent, `{lenful_order_short_id, tracking_numbers[]}`, signed as the
//!   assumed shape signs: `X-Signature` = hex(HMAC-SHA256(secret, raw body)).
use chrono::{DateTime, Days, Utc};
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

const P: Provider = Provider::Lenful;
const PAGE: u32 = 100;
/// How far back [`find_order`] looks for a reference: far beyond any job's retries.
pub(crate) const LOOKBACK_DAYS: u64 = 90;

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
            tracing::warn!(provider = "Lenful", status = other, "unknown order status");
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
    short_id: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    order_number: Option<String>,
    #[serde(default)]
    status: String,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    total_price: Option<i64>,
    #[serde(default)]
    tracking_numbers: Option<Vec<Value>>,
    #[serde(default)]
    carrier: Option<String>,
    #[serde(default)]
    tracking_url: Option<String>,
    #[serde(default, deserialize_with = "opt_time")]
    create_date: Option<DateTime<Utc>>,
}

impl Order {
    fn into_order(self) -> ProviderOrder {
        let carrier = self.carrier.unwrap_or_default();
        let url = self.tracking_url.filter(|u| !u.is_empty());
        let shipments = self
            .tracking_numbers
            .unwrap_or_default()
            .iter()
            .filter_map(wire::text)
            .map(|number| Shipment {
                carrier: carrier.clone(),
                tracking_number: number,
                tracking_url: url.clone(),
                shipped_at: None,
                delivered_at: None,
            })
            .collect();
        ProviderOrder {
            id: self.short_id.unwrap_or(self.id),
            reference: self.order_number,
            stage: stage(&self.status),
            status: self.status,
            total_cents: self.total_price,
            currency: Some("USD".into()),
            shipments,
            created_at: self.create_date,
        }
    }
}

#[derive(Deserialize)]
struct WireProduct {
    #[serde(deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    print_positions: Vec<WirePosition>,
    #[serde(default)]
    variants: Vec<WireVariant>,
}

#[derive(Deserialize)]
struct WirePosition {
    #[serde(default)]
    name: Option<String>,
}

#[derive(Deserialize)]
struct WireVariant {
    #[serde(deserialize_with = "wire::id")]
    product_sku: String,
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    size: Option<String>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    base_cost: Option<i64>,
    #[serde(default)]
    stock: Option<i64>,
}

#[derive(Serialize)]
struct NewLenfulOrder<'a> {
    order_number: &'a str,
    first_name: String,
    last_name: String,
    country_code: &'a str,
    province: &'a str,
    city: &'a str,
    zip: &'a str,
    address_1: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    address_2: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<&'a str>,
    items: Vec<LfItem<'a>>,
}

#[derive(Serialize)]
struct LfItem<'a> {
    product_sku: &'a str,
    design_sku: String,
    quantity: u32,
    mockups: Vec<&'a str>,
    designs: Vec<LfDesign<'a>>,
    shippings: Vec<u8>,
}

#[derive(Serialize)]
struct LfDesign<'a> {
    position: i8,
    link: &'a str,
}

// ---------------------------------------------------------------- requests

fn shop(a: &Account) -> Result<String> {
    a.shop_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(wire::seg)
        .ok_or_else(|| ProviderError::Config("the Lenful account needs its shop id".into()))
}

/// A fresh session token for `a`, remembered for the next calls.
async fn login(c: &FulfillmentClient, a: &Account) -> Result<String> {
    let password = a
        .api_secret
        .as_deref()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| ProviderError::Config("the Lenful account needs its password".into()))?;
    let call = Call::new(Method::POST, format!("{}/seller/login", c.base(a))).form(vec![
        ("user_name".into(), a.api_key.clone()),
        ("password".into(), password.to_owned()),
    ]);
    let answer = c.send(a, &call).await?;
    // A refused login is a refusal of the credentials, whatever status says it.
    if matches!(
        answer.status,
        StatusCode::BAD_REQUEST | StatusCode::FORBIDDEN | StatusCode::UNPROCESSABLE_ENTITY
    ) {
        return Err(ProviderError::Unauthorized(P.display_name()));
    }
    let body: Value = answer.success(P)?.json(P)?;
    let token = body
        .get("access_token")
        .or_else(|| body.get("data").and_then(|d| d.get("access_token")))
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| wire::missing(P, "access_token"))?
        .to_owned();
    c.set_token(a, Some(token.clone()));
    Ok(token)
}

/// Sends `build(token)` with the cached token, logging in first when there is none and once
/// more when the token is refused.
async fn send(
    c: &FulfillmentClient,
    a: &Account,
    build: impl Fn(&str) -> Result<Call>,
) -> Result<Answer> {
    let cached = c.token(a);
    let token = match &cached {
        Some(t) => t.clone(),
        None => login(c, a).await?,
    };
    match c.send(a, &build(&token)?).await {
        Err(ProviderError::Unauthorized(_)) if cached.is_some() => {
            c.set_token(a, None);
            let token = login(c, a).await?;
            c.send(a, &build(&token)?).await
        }
        other => other,
    }
}

fn authed(method: Method, url: String, token: &str) -> Result<Call> {
    Call::new(method, url).header("authorization", &format!("Bearer {token}"))
}

/// The body's `data`.
fn data(answer: Answer) -> Result<Value> {
    let mut body: Value = answer.success(P)?.json(P)?;
    Ok(body.get_mut("data").map(Value::take).unwrap_or(Value::Null))
}

fn position(p: PrintPosition) -> i8 {
    match p {
        PrintPosition::Front => 1,
        PrintPosition::Back => 2,
        PrintPosition::Sleeve => 3,
        PrintPosition::Hood => 0,
    }
}

fn shipping(method: Option<&str>) -> Option<u8> {
    let method = method.map(|m| m.trim().to_ascii_lowercase());
    Some(match method.as_deref() {
        None | Some("") | Some("1") | Some("standard") => 1,
        Some("2") | Some("express") => 2,
        Some("3") | Some("priority") => 3,
        Some("4") | Some("economy") => 4,
        Some("5") | Some("ground") => 5,
        Some("6") | Some("expedited") => 6,
        Some(_) => return None,
    })
}

fn order_body(o: &NewOrder) -> Result<NewLenfulOrder<'_>> {
    if o.label_url.is_some() {
        return Err(refuse(
            P,
            "Lenful takes no marketplace label file".into(),
            "label_url",
        ));
    }
    let code = shipping(o.shipping_method.as_deref()).ok_or_else(|| {
        refuse(
            P,
            "Lenful ships standard, express, priority, economy, ground or expedited".into(),
            "shipping_method",
        )
    })?;
    let mut items = Vec::with_capacity(o.items.len());
    for (i, item) in o.items.iter().enumerate() {
        if item.print_files.is_empty() {
            return Err(refuse(
                P,
                format!("{} has no print file", item_label(i, item)),
                format!("items.{i}.print_files"),
            ));
        }
        items.push(LfItem {
            product_sku: item.sku.trim(),
            design_sku: format!("{}-{}", o.reference, i + 1),
            quantity: item.quantity,
            mockups: item.mockup_url.as_deref().into_iter().collect(),
            designs: item
                .print_files
                .iter()
                .map(|f| LfDesign {
                    position: position(f.position),
                    link: &f.url,
                })
                .collect(),
            shippings: vec![code],
        });
    }
    let (first_name, last_name) = o.address.split_name();
    let address = &o.address;
    Ok(NewLenfulOrder {
        order_number: &o.reference,
        first_name,
        last_name,
        country_code: &address.country,
        province: &address.state,
        city: &address.city,
        zip: &address.postal_code,
        address_1: &address.address1,
        address_2: address.address2.as_deref().filter(|a| !a.is_empty()),
        phone: address.phone.as_deref().filter(|p| !p.is_empty()),
        email: address.email.as_deref().filter(|e| !e.is_empty()),
        items,
    })
}

/// One page of the seller's orders created from `from` (newest first), with whether more
/// follow.
async fn list(
    c: &FulfillmentClient,
    a: &Account,
    page: u32,
    from: DateTime<Utc>,
) -> Result<(Vec<Order>, bool)> {
    let page = page.max(1);
    let to = Utc::now() + Days::new(1);
    let body = serde_json::json!({
        "from_date": from.format("%Y-%m-%d").to_string(),
        "to_date": to.format("%Y-%m-%d").to_string(),
    });
    let url = format!("{}/order/list", c.config().lenful_v3.trim_end_matches('/'));
    let answer = send(c, a, |token| {
        authed(Method::POST, url.clone(), token)?
            .query("page", page)
            .query("limit", PAGE)
            .query("sort_by", "create_date_desc")
            .json(&body)
    })
    .await?;
    let orders: Vec<Order> = wire::parse(P, data(answer)?)?;
    let more = orders.len() as u32 >= PAGE;
    Ok((orders, more))
}

// ---------------------------------------------------------------- operations

pub(crate) async fn verify(c: &FulfillmentClient, a: &Account) -> Result<()> {
    shop(a)?;
    // A fresh login proves the credentials; the list proves the token works.
    login(c, a).await?;
    list(c, a, 1, Utc::now()).await.map(drop)
}

pub(crate) async fn products(
    c: &FulfillmentClient,
    a: &Account,
    q: &ProductQuery,
) -> Result<ProductPage> {
    let limit = if q.limit == 0 { 20 } else { q.limit.min(100) };
    let page = q.page.max(1);
    let url = format!("{}/product/list", c.base(a));
    let answer = send(c, a, |token| {
        Ok(authed(Method::GET, url.clone(), token)?
            .query("page", page)
            .query("limit", limit))
    })
    .await?;
    let products: Vec<WireProduct> = wire::parse(P, data(answer)?)?;
    let has_more = products.len() as u32 >= limit;
    let needle = q
        .search
        .as_deref()
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty());
    Ok(ProductPage {
        products: products
            .into_iter()
            // The list has no search: a page is filtered here.
            .filter(|p| {
                needle.as_deref().is_none_or(|n| {
                    p.name.to_lowercase().contains(n)
                        || p.variants
                            .iter()
                            .any(|v| v.product_sku.to_lowercase().contains(n))
                })
            })
            .map(|p| CatalogProduct {
                id: p.id,
                name: p.name,
                image: p.image,
                print_areas: p
                    .print_positions
                    .into_iter()
                    .filter_map(|p| p.name)
                    .collect(),
                variants: p
                    .variants
                    .into_iter()
                    .map(|v| CatalogVariant {
                        sku: v.product_sku,
                        size: v.size,
                        color: v.color,
                        color_code: None,
                        stock: v.stock,
                        cost_cents: v.base_cost,
                    })
                    .collect(),
            })
            .collect(),
        total: None,
        has_more,
    })
}

pub(crate) async fn create_order(
    c: &FulfillmentClient,
    a: &Account,
    o: &NewOrder,
) -> Result<ProviderOrder> {
    let shop = shop(a)?;
    let body = order_body(o)?;
    if let Some(made) = find_order(c, a, &o.reference).await? {
        return Ok(made);
    }
    let url = format!("{}/order/{shop}/create", c.base(a));
    // Not repeatable: Lenful would make a second order.
    let sent = send(c, a, |token| {
        Ok(authed(Method::POST, url.clone(), token)?
            .json(&body)?
            .not_repeatable())
    })
    .await
    .and_then(data);
    match sent {
        Ok(created) => {
            let id = created
                .get("id")
                .and_then(wire::text)
                .ok_or_else(|| wire::missing(P, "order id"))?;
            // The create answers only the long id: the order is read for its short id.
            match order(c, a, &id).await {
                Ok(order) => Ok(order),
                Err(e) if e.is_transient() => {
                    let mut made: Order = wire::parse(P, created)?;
                    made.order_number = Some(o.reference.clone());
                    Ok(made.into_order())
                }
                Err(e) => Err(e),
            }
        }
        // The answer was lost, maybe after the order was made: look once more.
        Err(e) if e.is_transient() => match find_order(c, a, &o.reference).await {
            Ok(Some(made)) => Ok(made),
            _ => Err(e),
        },
        Err(e) => Err(e),
    }
}

pub(crate) async fn find_order(
    c: &FulfillmentClient,
    a: &Account,
    reference: &str,
) -> Result<Option<ProviderOrder>> {
    let from = Utc::now() - Days::new(LOOKBACK_DAYS);
    let mut page = 1;
    loop {
        let (orders, more) = list(c, a, page, from).await?;
        if let Some(found) = orders
            .into_iter()
            .find(|o| o.order_number.as_deref() == Some(reference))
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
    let url = format!("{}/order/{}/{}", c.base(a), shop(a)?, wire::seg(id));
    let answer = send(c, a, |token| authed(Method::GET, url.clone(), token)).await?;
    Ok(wire::parse::<Order>(P, data(answer)?)?.into_order())
}

pub(crate) async fn cancel_order(
    c: &FulfillmentClient,
    a: &Account,
    id: &str,
) -> Result<ProviderOrder> {
    let url = format!("{}/order/{}/{}/cancel", c.base(a), shop(a)?, wire::seg(id));
    let answer = send(c, a, |token| authed(Method::POST, url.clone(), token)).await?;
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
    Ok(wire::parse::<Order>(P, data(answer)?)?.into_order())
}

pub(crate) async fn orders_since(
    c: &FulfillmentClient,
    a: &Account,
    since: DateTime<Utc>,
    page: u32,
) -> Result<OrderPage> {
    let (orders, has_more) = list(c, a, page, since).await?;
    // The list counts whole days: the hours before `since` are dropped here.
    let reached = orders
        .iter()
        .any(|o| o.create_date.is_some_and(|t| t < since));
    Ok(OrderPage {
        orders: orders
            .into_iter()
            .filter(|o| o.create_date.is_none_or(|t| t >= since))
            .map(Order::into_order)
            .collect(),
        has_more: has_more && !reached,
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
    #[serde(deserialize_with = "wire::id")]
    lenful_order_short_id: String,
    #[serde(default)]
    tracking_numbers: Vec<Value>,
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
    let shipment = event
        .tracking_numbers
        .iter()
        .find_map(wire::text)
        .map(|number| Shipment {
            // The tracking webhook names no carrier; the order read names it.
            carrier: String::new(),
            tracking_number: number,
            tracking_url: None,
            shipped_at: None,
            delivered_at: None,
        });
    Ok(WebhookEvent {
        provider_order_id: Some(event.lenful_order_short_id),
        reference: None,
        stage: shipment.as_ref().map(|_| Stage::Shipped),
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
    fn an_order_named_by_its_short_id() {
        let order: Order = serde_json::from_value(json!({"id": "66f0a1", "short_id": "LF1042",
            "order_number": "sd-1", "status": "shipped", "total_price": 17.9,
            "tracking_numbers": ["9400"], "carrier": "USPS", "create_date": "2025-01-02 03:04:05"}))
        .expect("order");
        let order = order.into_order();
        assert_eq!(order.id, "LF1042");
        assert_eq!(order.reference.as_deref(), Some("sd-1"));
        assert_eq!(order.total_cents, Some(1790));
        assert_eq!(order.shipments[0].carrier, "USPS");
        assert_eq!(
            order.created_at.map(|t| t.to_rfc3339()).as_deref(),
            Some("2025-01-02T03:04:05+00:00")
        );
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
            shipping_method: Some("express".into()),
            label_url: None,
            items: vec![NewItem {
                sku: "LF-G5000-BLK-M".into(),
                quantity: 1,
                print_files: vec![PrintFile {
                    position: PrintPosition::Back,
                    url: "https://files.test/b.png".into(),
                }],
                mockup_url: None,
                name: None,
            }],
        };
        let body = serde_json::to_value(order_body(&o).expect("body")).expect("json");
        assert_eq!(
            body,
            json!({"order_number": "sd-1", "first_name": "Jane", "last_name": "Doe", "country_code": "US",
                "province": "TX", "city": "Austin", "zip": "78701", "address_1": "1 Main St",
                "items": [{"product_sku": "LF-G5000-BLK-M", "design_sku": "sd-1-1", "quantity": 1, "mockups": [],
                    "designs": [{"position": 2, "link": "https://files.test/b.png"}], "shippings": [2]}]})
        );
    }

    /// A token Lenful no longer takes is dropped and fetched again, once.
    #[tokio::test]
    async fn a_refused_token_is_fetched_again() {
        use sandbox::providers as sb;
        let stand_in = sb::start(sb::ProvidersConfig::default())
            .await
            .expect("stand-ins");
        let theirs = stand_in.sandbox().account(sb::Provider::Lenful);
        let a = Account {
            provider: P,
            api_key: theirs.api_key,
            api_secret: theirs.api_secret,
            shop_id: theirs.shop_id,
            base_url: None,
        };
        let c = FulfillmentClient::new(crate::fulfillment::FulfillmentConfig::sandbox(
            stand_in.base_url(),
        ))
        .expect("client");
        c.set_token(&a, Some("expired-token".into()));
        let page = orders_since(&c, &a, Utc::now(), 1).await.expect("orders");
        assert!(page.orders.is_empty());
        let fresh = c.token(&a).expect("a new token");
        assert_ne!(fresh, "expired-token");
        // The new token is kept: the next call logs in no more.
        orders_since(&c, &a, Utc::now(), 1).await.expect("orders");
        assert_eq!(c.token(&a), Some(fresh));
        let logins = stand_in
            .sandbox()
            .ledger()
            .iter()
            .filter(|e| e.path.ends_with("/seller/login"))
            .count();
        assert_eq!(logins, 1);
    }

    #[test]
    fn tracking_webhooks() {
        let body = br#"{"lenful_order_short_id":"LF1042","tracking_numbers":["9400"]}"#;
        let mut headers = HeaderMap::new();
        headers.insert("x-signature", wire::sign("k", body).parse().expect("h"));
        let event = parse_webhook("k", &headers, body).expect("event");
        assert_eq!(event.provider_order_id.as_deref(), Some("LF1042"));
        assert_eq!(event.stage, Some(Stage::Shipped));
        assert_eq!(event.shipment.expect("shipment").tracking_number, "9400");
        assert_eq!(
            parse_webhook("x", &headers, body),
            Err(WebhookError::BadSignature)
        );
    }
}
