//! Merchize's seller back-office API, on each seller's own host
//! (`https://bo-{tenant}.merchize.com/bo-api`, also `https://bo-group-2-2.merchize.com/{tenant}/bo-api`).
//!
//! Merchize publishes no reference; three community clients agree on the host, the auth, the
//! create and the catalogue list. The rest is **assumed**, all of it here:
//!
//! - **Host**: [`Account::base_url`] when given: it must be an `https` address on
//!   `merchize.com` (a seller types it; nothing else gets the token), or, in a sandbox, an
//!   address under the sandbox's Merchize base. Without it, [`Account::shop_id`] names the
//!   tenant: `https://bo-{tenant}.merchize.com/bo-api` (sandbox: `{base}/{tenant}/bo-api`).
//! - **Auth**: `Authorization: Bearer {token}`.
//! - **Envelope** (assumed): `{success, data}`; errors `{success: false, message}`, a
//!   validation message starting with the field.
//! - **Create**: `POST /order/external/orders` `{order_id, identifier, shipping_info {full_name,
//!   address_1, address_2?, city, state?, postcode, country, email?, phone?}, items[] {name,
//!   quantity, image?, design_front|back|sleeve|hood, attributes[] {name, option}}}` →
//!   `{data {_id, code, status, …}}`. [`NewItem::sku`] is `"{product}:{color}:{size}"` (the
//!   Merchize product code, then the `Color` and `Size` options; the size may be empty for a
//!   one-size product), sent as the `product`, `Color` and `Size` attributes.
//! - **Exactly once**: nothing says Merchize refuses a repeated `order_id`, so the reference is
//!   looked up first (`GET /order/external/orders?order_id=…`, matched again here) and the
//!   create is never sent twice blindly; a create that failed is looked up again at once.
//! - **Read / list / cancel** (assumed): `GET /order/external/orders/{_id}`, `GET
//!   /order/external/orders?order_id=&created_from=&page=&limit=` → `data {orders[], page,
//!   pages, total}` newest first, `POST /order/external/orders/{_id}/cancel` while `pending` or
//!   `on_hold` (409 otherwise). An order is `{_id, code, order_id, identifier, status,
//!   order_progress[] {event, status}, total_cost (decimal US dollars), currency,
//!   tracking_number?, tracking_company?, tracking_url?, created_at}`; where `status` is
//!   missing, it is the last `order_progress` step marked `done`.
//! - **Statuses** (assumed): `pending` → `processing` → `shipped` → `delivered`; side states
//!   `on_hold`, `cancelled`, `refunded`.
//! - **Catalogue**: `GET /product/products?limit=&page=` → `data {products[], pages}`, a
//!   product `{_id, title, sku (its code), image, sides[], variants[] {color, size,
//!   base_cost}}`. The list has no search: a search reads it whole and pages here.
//! - **Webhooks**: registered in Merchize's dashboard, not by API ([`register_webhook`] answers
//!   `false`). Bodies `{event, resource}` with `resource {_id, code, identifier, order_id,
//!   status?, order_progress[]?, tracking_number?, tracking_company?, tracking_url?}`; the
//!   signing is undocumented, so the assumed shape's: `X-Signature` = hex(HMAC-SHA256(secret,
//!   raw body)).
use chrono::{DateTime, Utc};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::transport::{Answer, Call};
use super::wire::{self, opt_decimal_cents, opt_id, opt_time};
use super::{
    Account, CatalogProduct, CatalogVariant, FulfillmentClient, NewItem, NewOrder, OrderPage,
    PrintPosition, ProductPage, ProductQuery, Provider, ProviderError, ProviderOrder, Result,
    Shipment, Stage, WebhookError, WebhookEvent, item_label, refuse,
};

const P: Provider = Provider::Merchize;
const PAGE: u32 = 100;
/// At most this many catalogue pages are read to search the catalogue.
const CATALOG_PAGES: u32 = 20;

fn stage(status: &str) -> Stage {
    match status {
        "pending" | "created" => Stage::Pending,
        "on_hold" => Stage::OnHold,
        "processing" => Stage::InProduction,
        "shipped" => Stage::Shipped,
        "delivered" => Stage::Delivered,
        "cancelled" | "refunded" => Stage::Cancelled,
        other => {
            tracing::warn!(
                provider = "Merchize",
                status = other,
                "unknown order status"
            );
            Stage::OnHold
        }
    }
}

// ---------------------------------------------------------------- wire shapes

#[derive(Deserialize)]
struct Progress {
    #[serde(default)]
    event: String,
    #[serde(default)]
    status: String,
}

/// The status a community handler reads: the last progress step marked done.
fn progressed(steps: &[Progress]) -> Option<String> {
    steps
        .iter()
        .rev()
        .find(|p| p.status == "done")
        .map(|p| p.event.clone())
}

#[derive(Deserialize)]
struct Order {
    #[serde(rename = "_id", deserialize_with = "wire::id")]
    id: String,
    #[serde(default, deserialize_with = "opt_id")]
    order_id: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    order_progress: Option<Vec<Progress>>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    total_cost: Option<i64>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    tracking_number: Option<String>,
    #[serde(default)]
    tracking_company: Option<String>,
    #[serde(default)]
    tracking_url: Option<String>,
    #[serde(default, deserialize_with = "opt_time")]
    shipped_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    delivered_at: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "opt_time")]
    created_at: Option<DateTime<Utc>>,
}

impl Order {
    fn into_order(self) -> ProviderOrder {
        let status = self
            .status
            .or_else(|| progressed(self.order_progress.as_deref().unwrap_or_default()))
            .unwrap_or_default();
        let shipments = self
            .tracking_number
            .map(|number| Shipment {
                carrier: self.tracking_company.unwrap_or_default(),
                tracking_number: number,
                tracking_url: self.tracking_url.filter(|u| !u.is_empty()),
                shipped_at: self.shipped_at,
                delivered_at: self.delivered_at,
            })
            .into_iter()
            .collect();
        ProviderOrder {
            id: self.id,
            reference: self.order_id,
            stage: stage(&status),
            status,
            total_cents: self.total_cost,
            currency: self.currency.or_else(|| Some("USD".into())),
            shipments,
            created_at: self.created_at,
        }
    }
}

#[derive(Deserialize)]
struct OrderList {
    #[serde(default)]
    orders: Vec<Order>,
    #[serde(default)]
    pages: Option<u32>,
    #[serde(default)]
    total: Option<u64>,
}

#[derive(Deserialize)]
struct ProductList {
    #[serde(default)]
    products: Vec<WireProduct>,
    #[serde(default)]
    pages: Option<u32>,
    #[serde(default)]
    total: Option<u64>,
}

#[derive(Deserialize)]
struct WireProduct {
    #[serde(rename = "_id", deserialize_with = "wire::id")]
    id: String,
    #[serde(default)]
    title: String,
    #[serde(default, deserialize_with = "opt_id")]
    sku: Option<String>,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    sides: Vec<String>,
    #[serde(default)]
    variants: Vec<WireVariant>,
}

#[derive(Deserialize)]
struct WireVariant {
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    size: Option<String>,
    #[serde(default, deserialize_with = "opt_decimal_cents")]
    base_cost: Option<i64>,
}

#[derive(Serialize)]
struct NewMerchizeOrder<'a> {
    order_id: &'a str,
    identifier: &'a str,
    shipping_info: ShippingInfo<'a>,
    items: Vec<MzItem<'a>>,
}

#[derive(Serialize)]
struct ShippingInfo<'a> {
    full_name: &'a str,
    address_1: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    address_2: Option<&'a str>,
    city: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    state: &'a str,
    postcode: &'a str,
    country: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<&'a str>,
}

#[derive(Serialize)]
struct MzItem<'a> {
    name: &'a str,
    quantity: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    design_front: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    design_back: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    design_sleeve: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    design_hood: Option<&'a str>,
    attributes: Vec<Attribute<'a>>,
}

#[derive(Serialize)]
struct Attribute<'a> {
    name: &'static str,
    option: &'a str,
}

// ---------------------------------------------------------------- requests

/// The seller's API base, checked: the token goes only to Merchize (or the sandbox).
fn base(c: &FulfillmentClient, a: &Account) -> Result<String> {
    let sandbox = c.config().merchize.trim_end_matches('/');
    if let Some(own) = a
        .base_url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        let own = own.trim_end_matches('/');
        let allowed = if sandbox.is_empty() {
            url::Url::parse(own).is_ok_and(|u| {
                u.scheme() == "https"
                    && u.username().is_empty()
                    && u.password().is_none()
                    && u.query().is_none()
                    && u.fragment().is_none()
                    && u.host_str()
                        .is_some_and(|h| h == "merchize.com" || h.ends_with(".merchize.com"))
            })
        } else {
            own.starts_with(&format!("{sandbox}/"))
        };
        return if allowed {
            Ok(own.to_owned())
        } else {
            Err(ProviderError::Config(
                "the Merchize API address must be the store's own https://….merchize.com address"
                    .into(),
            ))
        };
    }
    let tenant = a
        .shop_id
        .as_deref()
        .map(str::trim)
        .filter(|t| {
            !t.is_empty()
                && t.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .ok_or_else(|| {
            ProviderError::Config(
                "the Merchize account needs its store's API address or tenant".into(),
            )
        })?;
    Ok(if sandbox.is_empty() {
        format!("https://bo-{tenant}.merchize.com/bo-api")
    } else {
        format!("{sandbox}/{tenant}/bo-api")
    })
}

fn call(c: &FulfillmentClient, a: &Account, method: Method, path: &str) -> Result<Call> {
    Call::new(method, format!("{}{path}", base(c, a)?))
        .header("authorization", &format!("Bearer {}", a.api_key))
}

/// The envelope's `data`, once the status and `success` agree.
fn data(answer: Answer) -> Result<Value> {
    let mut body: Value = answer.success(P)?.json(P)?;
    if body.get("success").and_then(Value::as_bool) == Some(false) {
        let (message, field) = wire::refusal(&body);
        return Err(ProviderError::Rejected {
            provider: P.display_name(),
            message: message.unwrap_or_else(|| "refused".into()),
            field,
        });
    }
    Ok(body.get_mut("data").map(Value::take).unwrap_or(Value::Null))
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

fn more(page: u32, limit: u32, got: usize, pages: Option<u32>, total: Option<u64>) -> bool {
    match (pages, total) {
        (Some(pages), _) => page < pages,
        (None, Some(total)) => u64::from(page) * u64::from(limit) < total,
        (None, None) => got as u32 >= limit,
    }
}

/// `"{product}:{color}:{size}"`; the size may be empty.
fn parse_sku(sku: &str) -> Option<(&str, &str, &str)> {
    let mut parts = sku.trim().splitn(3, ':').map(str::trim);
    let product = parts.next().filter(|p| !p.is_empty())?;
    let color = parts.next().filter(|c| !c.is_empty())?;
    Some((product, color, parts.next().unwrap_or("")))
}

fn item(i: usize, item: &NewItem) -> Result<MzItem<'_>> {
    let (product, color, size) = parse_sku(&item.sku).ok_or_else(|| {
        refuse(
            P,
            format!(
                "{}: a Merchize SKU is product:color:size",
                item_label(i, item)
            ),
            format!("items.{i}.sku"),
        )
    })?;
    let file = |p: PrintPosition| {
        item.print_files
            .iter()
            .find(|f| f.position == p)
            .map(|f| f.url.as_str())
    };
    if item.print_files.is_empty() {
        return Err(refuse(
            P,
            format!("{} has no print file", item_label(i, item)),
            format!("items.{i}.print_files"),
        ));
    }
    let mut attributes = vec![
        Attribute {
            name: "product",
            option: product,
        },
        Attribute {
            name: "Color",
            option: color,
        },
    ];
    if !size.is_empty() {
        attributes.push(Attribute {
            name: "Size",
            option: size,
        });
    }
    Ok(MzItem {
        name: item
            .name
            .as_deref()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(product),
        quantity: item.quantity,
        image: item.mockup_url.as_deref(),
        design_front: file(PrintPosition::Front),
        design_back: file(PrintPosition::Back),
        design_sleeve: file(PrintPosition::Sleeve),
        design_hood: file(PrintPosition::Hood),
        attributes,
    })
}

fn order_body(o: &NewOrder) -> Result<NewMerchizeOrder<'_>> {
    if o.label_url.is_some() {
        return Err(refuse(
            P,
            "Merchize does not ship on a marketplace's label".into(),
            "label_url",
        ));
    }
    let items = o
        .items
        .iter()
        .enumerate()
        .map(|(i, it)| item(i, it))
        .collect::<Result<Vec<_>>>()?;
    let address = &o.address;
    Ok(NewMerchizeOrder {
        order_id: &o.reference,
        identifier: if o.label.trim().is_empty() {
            &o.reference
        } else {
            &o.label
        },
        shipping_info: ShippingInfo {
            full_name: address.name.trim(),
            address_1: &address.address1,
            address_2: address.address2.as_deref().filter(|a| !a.is_empty()),
            city: &address.city,
            state: &address.state,
            postcode: &address.postal_code,
            country: &address.country,
            email: address.email.as_deref().filter(|e| !e.is_empty()),
            phone: address.phone.as_deref().filter(|p| !p.is_empty()),
        },
        items,
    })
}

async fn list(
    c: &FulfillmentClient,
    a: &Account,
    page: u32,
    filter: (&str, String),
) -> Result<(Vec<Order>, bool)> {
    let page = page.max(1);
    let list: OrderList = wire::parse(
        P,
        get(
            c,
            a,
            "/order/external/orders",
            &[
                ("page", page.to_string()),
                ("limit", PAGE.to_string()),
                filter,
            ],
        )
        .await?,
    )?;
    let more = more(page, PAGE, list.orders.len(), list.pages, list.total);
    Ok((list.orders, more))
}

async fn catalog_page(
    c: &FulfillmentClient,
    a: &Account,
    page: u32,
    limit: u32,
) -> Result<(Vec<WireProduct>, bool, Option<u64>)> {
    let list: ProductList = wire::parse(
        P,
        get(
            c,
            a,
            "/product/products",
            &[("page", page.to_string()), ("limit", limit.to_string())],
        )
        .await?,
    )?;
    let more = more(page, limit, list.products.len(), list.pages, list.total);
    Ok((list.products, more, list.total))
}

// ---------------------------------------------------------------- operations

pub(crate) async fn verify(c: &FulfillmentClient, a: &Account) -> Result<()> {
    catalog_page(c, a, 1, 1).await.map(drop)
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
        Some(needle) => {
            let mut all = Vec::new();
            for n in 1..=CATALOG_PAGES {
                let (got, again, _) = catalog_page(c, a, n, 100).await?;
                all.extend(got);
                if !again {
                    break;
                }
            }
            let matching: Vec<WireProduct> = all
                .into_iter()
                .filter(|p| {
                    p.title.to_lowercase().contains(&needle)
                        || p.sku
                            .as_deref()
                            .is_some_and(|s| s.to_lowercase().contains(&needle))
                })
                .collect();
            let start = (page as usize - 1).saturating_mul(limit as usize);
            let total = matching.len();
            (
                matching
                    .into_iter()
                    .skip(start)
                    .take(limit as usize)
                    .collect(),
                Some(total as u64),
                start.saturating_add(limit as usize) < total,
            )
        }
        None => {
            let (got, again, total) = catalog_page(c, a, page, limit).await?;
            (got, total, again)
        }
    };
    Ok(ProductPage {
        products: products
            .into_iter()
            .map(|p| {
                let code = p.sku.clone().unwrap_or_else(|| p.id.clone());
                CatalogProduct {
                    variants: p
                        .variants
                        .into_iter()
                        .filter_map(|v| {
                            let color = v.color?;
                            let size = v.size.unwrap_or_default();
                            Some(CatalogVariant {
                                sku: format!("{code}:{color}:{size}"),
                                size: (!size.is_empty()).then_some(size),
                                color: Some(color),
                                color_code: None,
                                stock: None,
                                cost_cents: v.base_cost,
                            })
                        })
                        .collect(),
                    id: p.id,
                    name: p.title,
                    image: p.image,
                    print_areas: p.sides,
                }
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
    let body = order_body(o)?;
    if let Some(made) = find_order(c, a, &o.reference).await? {
        return Ok(made);
    }
    // Not repeatable: Merchize would make a second order.
    let call = call(c, a, Method::POST, "/order/external/orders")?
        .json(&body)?
        .not_repeatable();
    match c.send(a, &call).await.and_then(data) {
        Ok(created) => Ok(wire::parse::<Order>(P, created)?.into_order()),
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
    let mut page = 1;
    loop {
        let (orders, more) = list(c, a, page, ("order_id", reference.to_owned())).await?;
        if let Some(found) = orders
            .into_iter()
            .find(|o| o.order_id.as_deref() == Some(reference))
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
    let path = format!("/order/external/orders/{}", wire::seg(id));
    Ok(wire::parse::<Order>(P, get(c, a, &path, &[]).await?)?.into_order())
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
        &format!("/order/external/orders/{}/cancel", wire::seg(id)),
    )?;
    let answer = c.send(a, &call).await?;
    if answer.status == StatusCode::CONFLICT || answer.status == StatusCode::BAD_REQUEST {
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
    match data(answer) {
        Ok(cancelled) => Ok(wire::parse::<Order>(P, cancelled)?.into_order()),
        Err(e) => Err(e),
    }
}

pub(crate) async fn orders_since(
    c: &FulfillmentClient,
    a: &Account,
    since: DateTime<Utc>,
    page: u32,
) -> Result<OrderPage> {
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
    resource: EventResource,
}

#[derive(Deserialize)]
struct EventResource {
    #[serde(rename = "_id", default, deserialize_with = "opt_id")]
    id: Option<String>,
    #[serde(default, deserialize_with = "opt_id")]
    order_id: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    order_progress: Option<Vec<Progress>>,
    #[serde(default, deserialize_with = "opt_id")]
    tracking_number: Option<String>,
    #[serde(default)]
    tracking_company: Option<String>,
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
    let r = event.resource;
    let status = r
        .status
        .or_else(|| progressed(r.order_progress.as_deref().unwrap_or_default()));
    let stage = match (status.as_deref(), event.event.as_str()) {
        (Some(status), _) => Some(stage(status)),
        (None, "order_tracking") => Some(Stage::Shipped),
        _ => None,
    };
    Ok(WebhookEvent {
        provider_order_id: r.id,
        reference: r.order_id,
        stage,
        shipment: r.tracking_number.map(|number| Shipment {
            carrier: r.tracking_company.unwrap_or_default(),
            tracking_number: number,
            tracking_url: r.tracking_url.filter(|u| !u.is_empty()),
            shipped_at: None,
            delivered_at: None,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fulfillment::{Address, FulfillmentConfig, PrintFile};
    use serde_json::json;

    #[test]
    fn statuses() {
        for (status, s) in [
            ("pending", Stage::Pending),
            ("on_hold", Stage::OnHold),
            ("processing", Stage::InProduction),
            ("shipped", Stage::Shipped),
            ("delivered", Stage::Delivered),
            ("cancelled", Stage::Cancelled),
            ("refunded", Stage::Cancelled),
        ] {
            assert_eq!(stage(status), s, "{status}");
        }
    }

    #[test]
    fn the_status_from_progress() {
        let order: Order = serde_json::from_value(json!({"_id": "m1", "order_id": "sd-1", "code": "MZ-1",
            "order_progress": [{"event": "created", "status": "done"}, {"event": "processing", "status": "done"},
                {"event": "shipped", "status": "pending"}],
            "total_cost": "12.30", "tracking_number": null}))
        .expect("order");
        let order = order.into_order();
        assert_eq!(
            (order.status.as_str(), order.stage),
            ("processing", Stage::InProduction)
        );
        assert_eq!(order.total_cents, Some(1230));
        assert!(order.shipments.is_empty());
    }

    fn account(base_url: Option<&str>, shop: Option<&str>) -> Account {
        Account {
            provider: P,
            api_key: "tok".into(),
            api_secret: None,
            shop_id: shop.map(str::to_owned),
            base_url: base_url.map(str::to_owned),
        }
    }

    #[test]
    fn the_token_goes_to_merchize_only() {
        let real = FulfillmentClient::new(FulfillmentConfig::real()).expect("client");
        let ok = |a: &Account| base(&real, a);
        assert_eq!(
            ok(&account(Some("https://bo-acme.merchize.com/bo-api/"), None)).expect("own host"),
            "https://bo-acme.merchize.com/bo-api"
        );
        assert_eq!(
            ok(&account(None, Some("acme"))).expect("tenant"),
            "https://bo-acme.merchize.com/bo-api"
        );
        for bad in [
            "http://bo-acme.merchize.com/bo-api",
            "https://evil.test/bo-api",
            "https://merchize.com.evil.test/bo-api",
            "https://user:pw@bo-acme.merchize.com/bo-api",
            "http://127.0.0.1:8080/bo-api",
        ] {
            assert!(ok(&account(Some(bad), None)).is_err(), "{bad}");
        }
        assert!(ok(&account(None, Some("../x"))).is_err());
        assert!(ok(&account(None, None)).is_err());

        let sandbox =
            FulfillmentClient::new(FulfillmentConfig::sandbox("http://127.0.0.1:9")).expect("c");
        assert_eq!(
            base(
                &sandbox,
                &account(Some("http://127.0.0.1:9/merchize/acme/bo-api"), None)
            )
            .expect("sandbox tenant"),
            "http://127.0.0.1:9/merchize/acme/bo-api"
        );
        assert!(base(&sandbox, &account(Some("http://127.0.0.1:10/x"), None)).is_err());
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
            shipping_method: None,
            label_url: None,
            items: vec![NewItem {
                sku: "TEE-G5000:Sport Grey:L".into(),
                quantity: 1,
                print_files: vec![
                    PrintFile {
                        position: PrintPosition::Front,
                        url: "https://files.test/f.png".into(),
                    },
                    PrintFile {
                        position: PrintPosition::Hood,
                        url: "https://files.test/h.png".into(),
                    },
                ],
                mockup_url: Some("https://files.test/m.png".into()),
                name: Some("Tee".into()),
            }],
        };
        let body = serde_json::to_value(order_body(&o).expect("body")).expect("json");
        assert_eq!(
            body,
            json!({"order_id": "sd-1", "identifier": "5764",
                "shipping_info": {"full_name": "Jane Doe", "address_1": "1 Main St", "city": "Austin",
                    "state": "TX", "postcode": "78701", "country": "US"},
                "items": [{"name": "Tee", "quantity": 1, "image": "https://files.test/m.png",
                    "design_front": "https://files.test/f.png", "design_hood": "https://files.test/h.png",
                    "attributes": [{"name": "product", "option": "TEE-G5000"}, {"name": "Color", "option": "Sport Grey"},
                        {"name": "Size", "option": "L"}]}]})
        );
        assert_eq!(parse_sku("MUG-11:White:"), Some(("MUG-11", "White", "")));
        assert_eq!(parse_sku("MUG-11"), None);
    }

    #[test]
    fn webhooks() {
        let body = br#"{"event":"order_tracking","resource":{"_id":"m1","code":"MZ-1","identifier":"5764",
            "order_id":"sd-1","status":"shipped","tracking_number":"9400","tracking_company":"USPS","name":"MZ-1"}}"#;
        let mut headers = HeaderMap::new();
        headers.insert("x-signature", wire::sign("k", body).parse().expect("h"));
        let event = parse_webhook("k", &headers, body).expect("event");
        assert_eq!(event.provider_order_id.as_deref(), Some("m1"));
        assert_eq!(event.reference.as_deref(), Some("sd-1"));
        assert_eq!(event.stage, Some(Stage::Shipped));
        assert_eq!(event.shipment.expect("shipment").carrier, "USPS");
        assert_eq!(
            parse_webhook("x", &headers, body),
            Err(WebhookError::BadSignature)
        );
    }
}
