//! Orders v0: getOrders by creation or update time with `NextToken`, getOrder, getOrderItems,
//! getOrderAddress, the shipping address only through a Restricted Data Token, and shipment
//! confirmation (204).
use axum::http::StatusCode;
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Answer, ApiError, Call, Effect, Inner, MARKETPLACE_ID, iso, parse_iso};
use crate::gateway;

pub struct Order {
    pub id: String,
    pub seller_id: String,
    pub purchase_ms: i64,
    pub updated_ms: i64,
    /// `Pending`, `Unshipped`, `PartiallyShipped`, `Shipped`, `Canceled`.
    pub status: String,
    pub items: Vec<Item>,
    pub address: Address,
}

pub struct Item {
    pub id: String,
    pub asin: String,
    pub sku: String,
    pub title: String,
    pub quantity: u32,
    pub shipped: u32,
    pub price_cents: i64,
}

pub struct Address {
    pub name: String,
    pub line1: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub phone: String,
}

/// An order a test places.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub items: Vec<NewOrderItem>,
    pub buyer_name: String,
    pub address_line1: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
}

#[derive(Debug, Clone)]
pub struct NewOrderItem {
    pub sku: String,
    pub title: String,
    pub quantity: u32,
    /// Each, in dollars: `"19.99"`.
    pub price: String,
}

impl Default for NewOrder {
    fn default() -> Self {
        NewOrder {
            items: vec![NewOrderItem {
                sku: "TEE-BLACK-M".into(),
                title: "Sandbox Tee, Black, M".into(),
                quantity: 1,
                price: "24.99".into(),
            }],
            buyer_name: "Jane Doe".into(),
            address_line1: "410 Terry Ave N".into(),
            city: "Seattle".into(),
            state: "WA".into(),
            postal_code: "98109".into(),
        }
    }
}

/// One shipment confirmation the marketplace accepted.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ConfirmedShipment {
    pub seller_id: String,
    pub order_id: String,
    pub package_reference_id: String,
    pub carrier_code: String,
    pub tracking_number: String,
    pub items: Vec<(String, u32)>,
    pub at_ms: i64,
}

fn money(cents: i64) -> Value {
    json!({ "CurrencyCode": "USD", "Amount": format!("{}.{:02}", cents / 100, cents % 100) })
}

impl Order {
    fn total_cents(&self) -> i64 {
        self.items
            .iter()
            .map(|i| i.price_cents * i64::from(i.quantity))
            .sum()
    }

    /// The order as the API answers it; the full address only with `pii`.
    pub fn to_json(&self, pii: bool) -> Value {
        let shipped: u32 = self.items.iter().map(|i| i.shipped).sum();
        let ordered: u32 = self.items.iter().map(|i| i.quantity).sum();
        let mut address = json!({
            "City": self.address.city,
            "StateOrRegion": self.address.state,
            "PostalCode": self.address.postal_code,
            "CountryCode": "US",
        });
        if pii {
            address["Name"] = json!(self.address.name);
            address["AddressLine1"] = json!(self.address.line1);
            address["Phone"] = json!(self.address.phone);
            address["AddressType"] = json!("Residential");
        }
        let pending = self.status == "Pending";
        json!({
            "AmazonOrderId": self.id,
            "PurchaseDate": iso(self.purchase_ms),
            "LastUpdateDate": iso(self.updated_ms),
            "OrderStatus": self.status,
            "FulfillmentChannel": "MFN",
            "SalesChannel": "Amazon.com",
            "ShipServiceLevel": "Std US D2D Dom",
            "ShipmentServiceLevelCategory": "Standard",
            "OrderTotal": if pending { Value::Null } else { money(self.total_cents()) },
            "NumberOfItemsShipped": shipped,
            "NumberOfItemsUnshipped": ordered - shipped.min(ordered),
            "PaymentMethod": "Other",
            "PaymentMethodDetails": ["Standard"],
            "MarketplaceId": MARKETPLACE_ID,
            "OrderType": "StandardOrder",
            "EarliestShipDate": iso(self.purchase_ms),
            "LatestShipDate": iso(self.purchase_ms + 2 * 86_400_000),
            "EarliestDeliveryDate": iso(self.purchase_ms + 3 * 86_400_000),
            "LatestDeliveryDate": iso(self.purchase_ms + 7 * 86_400_000),
            "IsBusinessOrder": false,
            "IsPrime": false,
            "IsPremiumOrder": false,
            "IsGlobalExpressEnabled": false,
            "IsReplacementOrder": false,
            "IsSoldByAB": false,
            "IsISPU": false,
            "IsAccessPointOrder": false,
            "ShippingAddress": if pending { Value::Null } else { address },
        })
    }
}

fn order_id(inner: &mut Inner) -> String {
    let mut d = |n| gateway::random_chars(&mut inner.rng, gateway::DIGITS, n);
    format!("{}-{}-{}", d(3), d(7), d(7))
}

const NAMES: &[&str] = &[
    "Jane Doe",
    "John Smith",
    "Maria Garcia",
    "Wei Chen",
    "Amara Okafor",
];
const CITIES: &[(&str, &str, &str)] = &[
    ("Seattle", "WA", "98109"),
    ("Austin", "TX", "73301"),
    ("Columbus", "OH", "43004"),
    ("Denver", "CO", "80202"),
];

/// `count` orders created over the last 30 days, resting in every status. Answers their ids.
pub fn generate(inner: &mut Inner, seller_id: &str, count: usize, now_ms: i64) -> Vec<String> {
    let mut ids = Vec::new();
    for n in 0..count {
        let age = inner.rng.random_range(60_000..30 * 86_400_000i64);
        let status = ["Unshipped", "Unshipped", "Shipped", "Canceled", "Pending"][n % 5];
        let (city, state, postal) = CITIES[n % CITIES.len()];
        let quantity = inner.rng.random_range(1..=2u32);
        let spec = NewOrder {
            items: vec![NewOrderItem {
                sku: format!("TEE-{}", ["BLACK-M", "WHITE-L", "NAVY-S"][n % 3]),
                title: "Sandbox Tee".into(),
                quantity,
                price: "24.99".into(),
            }],
            buyer_name: NAMES[n % NAMES.len()].into(),
            address_line1: format!("{} Main St", 100 + n),
            city: city.into(),
            state: state.into(),
            postal_code: postal.into(),
        };
        let id = place(inner, seller_id, &spec, now_ms - age);
        if let Some(o) = inner.orders.get_mut(&id) {
            o.status = status.into();
            o.updated_ms = (now_ms - age + 3_600_000).min(now_ms);
            if status == "Shipped" {
                for i in &mut o.items {
                    i.shipped = i.quantity;
                }
            }
        }
        ids.push(id);
    }
    ids
}

pub fn place(inner: &mut Inner, seller_id: &str, spec: &NewOrder, at_ms: i64) -> String {
    let id = order_id(inner);
    let items = spec
        .items
        .iter()
        .map(|i| Item {
            id: gateway::random_chars(&mut inner.rng, gateway::DIGITS, 14),
            asin: format!(
                "B0{}",
                gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 8)
            ),
            sku: i.sku.clone(),
            title: i.title.clone(),
            quantity: i.quantity.max(1),
            shipped: 0,
            price_cents: cents(&i.price),
        })
        .collect();
    inner.orders.insert(
        id.clone(),
        Order {
            id: id.clone(),
            seller_id: seller_id.to_owned(),
            purchase_ms: at_ms,
            updated_ms: at_ms,
            status: "Unshipped".into(),
            items,
            address: Address {
                name: spec.buyer_name.clone(),
                line1: spec.address_line1.clone(),
                city: spec.city.clone(),
                state: spec.state.clone(),
                postal_code: spec.postal_code.clone(),
                phone: "+1 206-555-0100".into(),
            },
        },
    );
    id
}

fn cents(price: &str) -> i64 {
    let (whole, frac) = price.split_once('.').unwrap_or((price, "0"));
    let frac = format!("{frac:0<2}");
    whole.parse::<i64>().unwrap_or(0) * 100 + frac[..2].parse::<i64>().unwrap_or(0)
}

/// A getOrders query, kept behind its `NextToken`.
#[derive(Clone)]
pub struct PageQuery {
    seller_id: String,
    by_update: bool,
    after_ms: i64,
    before_ms: i64,
    statuses: Vec<String>,
    page_size: usize,
    offset: usize,
}

fn owned<'a>(inner: &'a Inner, call: &Call, id: &str) -> Result<&'a Order, ApiError> {
    inner
        .orders
        .get(id)
        .filter(|o| o.seller_id == call.seller_id)
        .ok_or_else(|| ApiError::not_found(format!("Order {id} not found")))
}

fn pii(call: &Call) -> bool {
    call.restricted
        .as_ref()
        .is_some_and(|e| e.iter().any(|e| e == "shippingAddress"))
}

pub fn get_orders(inner: &mut Inner, call: &Call) -> Answer {
    let query = match call.query("NextToken").filter(|t| !t.is_empty()) {
        Some(token) => inner
            .next_tokens
            .get(token)
            .filter(|q| q.seller_id == call.seller_id)
            .cloned()
            .ok_or_else(|| ApiError::invalid("Invalid NextToken"))?,
        None => {
            call.require_marketplace("MarketplaceIds")?;
            let created = call.query("CreatedAfter");
            let updated = call.query("LastUpdatedAfter");
            let (by_update, after) = match (created, updated) {
                (Some(c), None) => (false, c),
                (None, Some(u)) => (true, u),
                (None, None) => {
                    return Err(ApiError::invalid(
                        "Either CreatedAfter or LastUpdatedAfter must be specified",
                    ));
                }
                (Some(_), Some(_)) => {
                    return Err(ApiError::invalid(
                        "CreatedAfter and LastUpdatedAfter cannot both be specified",
                    ));
                }
            };
            let after_ms = parse_iso(after)
                .ok_or_else(|| ApiError::invalid(format!("Invalid ISO 8601 time {after}")))?;
            let before_name = if by_update {
                "LastUpdatedBefore"
            } else {
                "CreatedBefore"
            };
            let before_ms = match call.query(before_name) {
                Some(b) => parse_iso(b)
                    .ok_or_else(|| ApiError::invalid(format!("Invalid ISO 8601 time {b}")))?,
                None => call.now_ms,
            };
            let page_size = match call.query("MaxResultsPerPage") {
                Some(n) => n
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=100).contains(n))
                    .ok_or_else(|| {
                        ApiError::invalid("MaxResultsPerPage must be between 1 and 100")
                    })?,
                None => 100,
            };
            let statuses = call
                .query("OrderStatuses")
                .map(|s| s.split(',').map(str::to_owned).collect())
                .unwrap_or_default();
            PageQuery {
                seller_id: call.seller_id.clone(),
                by_update,
                after_ms,
                before_ms,
                statuses,
                page_size,
                offset: 0,
            }
        }
    };
    let mut matching: Vec<&Order> = inner
        .orders
        .values()
        .filter(|o| o.seller_id == query.seller_id)
        .filter(|o| {
            let t = if query.by_update {
                o.updated_ms
            } else {
                o.purchase_ms
            };
            t >= query.after_ms && t <= query.before_ms
        })
        .filter(|o| query.statuses.is_empty() || query.statuses.contains(&o.status))
        .collect();
    matching.sort_by_key(|o| {
        (
            if query.by_update {
                o.updated_ms
            } else {
                o.purchase_ms
            },
            o.id.clone(),
        )
    });
    let with_pii = pii(call);
    let page: Vec<Value> = matching
        .iter()
        .skip(query.offset)
        .take(query.page_size)
        .map(|o| o.to_json(with_pii))
        .collect();
    let more = matching.len() > query.offset + query.page_size;
    let mut payload = json!({ "Orders": page });
    let before = iso(query.before_ms);
    if query.by_update {
        payload["LastUpdatedBefore"] = json!(before);
    } else {
        payload["CreatedBefore"] = json!(before);
    }
    if more {
        let token = gateway::random_chars(&mut inner.rng, gateway::UPPER_DIGITS, 48);
        let mut next = query.clone();
        next.offset += query.page_size;
        inner.next_tokens.insert(token.clone(), next);
        payload["NextToken"] = json!(token);
    }
    Ok((StatusCode::OK, Some(json!({ "payload": payload }))))
}

pub fn get_order(inner: &mut Inner, call: &Call, id: &str) -> Answer {
    let order = owned(inner, call, id)?;
    Ok((
        StatusCode::OK,
        Some(json!({ "payload": order.to_json(pii(call)) })),
    ))
}

pub fn get_order_items(inner: &mut Inner, call: &Call, id: &str) -> Answer {
    let order = owned(inner, call, id)?;
    let items: Vec<Value> = order
        .items
        .iter()
        .map(|i| {
            json!({
                "ASIN": i.asin,
                "SellerSKU": i.sku,
                "OrderItemId": i.id,
                "Title": i.title,
                "QuantityOrdered": i.quantity,
                "QuantityShipped": i.shipped,
                "ItemPrice": money(i.price_cents * i64::from(i.quantity)),
                "ItemTax": money(0),
                "ShippingPrice": money(0),
                "PromotionDiscount": money(0),
                "IsGift": "false",
                "ConditionId": "New",
                "ConditionSubtypeId": "New",
                "IsTransparency": false,
            })
        })
        .collect();
    Ok((
        StatusCode::OK,
        Some(json!({ "payload": { "AmazonOrderId": order.id, "OrderItems": items } })),
    ))
}

pub fn get_order_address(inner: &mut Inner, call: &Call, id: &str) -> Answer {
    if !pii(call) {
        return Err(ApiError::unauthorized(
            "The shipping address needs a restricted data token with the shippingAddress data element.",
        ));
    }
    let order = owned(inner, call, id)?;
    Ok((
        StatusCode::OK,
        Some(json!({ "payload": {
            "AmazonOrderId": order.id,
            "ShippingAddress": order.to_json(true)["ShippingAddress"].clone(),
        } })),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Confirmation {
    marketplace_id: String,
    package_detail: PackageDetail,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PackageDetail {
    package_reference_id: String,
    carrier_code: String,
    #[serde(default)]
    carrier_name: Option<String>,
    #[serde(default)]
    shipping_method: Option<String>,
    tracking_number: String,
    ship_date: String,
    order_items: Vec<ConfirmedItem>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ConfirmedItem {
    order_item_id: String,
    quantity: u32,
}

/// `POST /orders/v0/orders/{orderId}/shipmentConfirmation`: 204 and no body.
pub fn confirm_shipment(inner: &mut Inner, call: &Call, id: &str, effect: &mut Effect) -> Answer {
    let body: Confirmation = call.json()?;
    if body.marketplace_id != MARKETPLACE_ID {
        return Err(ApiError::invalid(format!(
            "Invalid marketplaceId {}",
            body.marketplace_id
        )));
    }
    let p = body.package_detail;
    if !p.package_reference_id.parse::<u64>().is_ok_and(|n| n > 0) {
        return Err(ApiError::invalid(
            "packageReferenceId must be a positive number",
        ));
    }
    if p.carrier_code.trim().is_empty() || p.tracking_number.trim().is_empty() {
        return Err(ApiError::invalid(
            "carrierCode and trackingNumber are required",
        ));
    }
    if p.carrier_code == "Other" && p.carrier_name.as_deref().is_none_or(str::is_empty) {
        return Err(ApiError::invalid(
            "carrierName is required when carrierCode is Other",
        ));
    }
    let _ = p.shipping_method;
    if parse_iso(&p.ship_date).is_none() {
        return Err(ApiError::invalid(format!(
            "Invalid shipDate {}",
            p.ship_date
        )));
    }
    if p.order_items.is_empty() {
        return Err(ApiError::invalid("orderItems must not be empty"));
    }
    let order = owned(inner, call, id)?;
    match order.status.as_str() {
        "Unshipped" | "PartiallyShipped" => {}
        "Shipped" => {
            return Err(ApiError::invalid(format!(
                "Order {id} has already been shipped"
            )));
        }
        other => {
            return Err(ApiError::invalid(format!(
                "Order {id} is {other} and cannot be confirmed"
            )));
        }
    }
    for ci in &p.order_items {
        let Some(item) = order.items.iter().find(|i| i.id == ci.order_item_id) else {
            return Err(ApiError::invalid(format!(
                "orderItemId {} is not in order {id}",
                ci.order_item_id
            )));
        };
        if ci.quantity == 0 || ci.quantity > item.quantity - item.shipped {
            return Err(ApiError::invalid(format!(
                "quantity {} of orderItemId {} exceeds the quantity not yet shipped; it may have already been shipped",
                ci.quantity, ci.order_item_id
            )));
        }
    }
    let Some(order) = inner.orders.get_mut(id) else {
        return Err(ApiError::not_found(format!("Order {id} not found")));
    };
    for ci in &p.order_items {
        if let Some(item) = order.items.iter_mut().find(|i| i.id == ci.order_item_id) {
            item.shipped += ci.quantity;
        }
    }
    order.status = if order.items.iter().all(|i| i.shipped >= i.quantity) {
        "Shipped".into()
    } else {
        "PartiallyShipped".into()
    };
    order.updated_ms = call.now_ms;
    inner.shipments.push(ConfirmedShipment {
        seller_id: call.seller_id.clone(),
        order_id: id.to_owned(),
        package_reference_id: p.package_reference_id,
        carrier_code: p.carrier_code,
        tracking_number: p.tracking_number,
        items: p
            .order_items
            .iter()
            .map(|i| (i.order_item_id.clone(), i.quantity))
            .collect(),
        at_ms: call.now_ms,
    });
    effect.set("shipment.confirm", id);
    Ok((StatusCode::NO_CONTENT, None))
}
