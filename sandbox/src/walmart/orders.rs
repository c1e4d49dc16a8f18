//! Orders: list with `nextCursor`, released orders, one order, acknowledge, ship with
//! tracking (line level), cancel. Line statuses go `Created` → `Acknowledged` → `Shipped`, or
//! `Cancelled`.
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Answer, ApiError, Call, Effect, Inner};
use crate::gateway;

pub struct PurchaseOrder {
    pub id: String,
    pub customer_order_id: String,
    pub client_id: String,
    pub order_date_ms: i64,
    pub modified_ms: i64,
    pub name: String,
    pub address1: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub lines: Vec<Line>,
}

pub struct Line {
    pub number: String,
    pub sku: String,
    pub product_name: String,
    pub quantity: u32,
    pub price: f64,
    pub status: String,
    pub tracking: Option<Value>,
}

/// An order a test places.
#[derive(Debug, Clone)]
pub struct NewPurchaseOrder {
    /// (sku, product name, quantity, unit price).
    pub lines: Vec<(String, String, u32, f64)>,
    pub name: String,
    pub address1: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
}

impl Default for NewPurchaseOrder {
    fn default() -> Self {
        NewPurchaseOrder {
            lines: vec![(
                "TEE-BLACK-M".into(),
                "Sandbox Tee, Black, M".into(),
                1,
                24.99,
            )],
            name: "Jane Doe".into(),
            address1: "702 SW 8th St".into(),
            city: "Bentonville".into(),
            state: "AR".into(),
            postal_code: "72716".into(),
        }
    }
}

/// One order line the marketplace marked shipped.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ShippedLine {
    pub client_id: String,
    pub purchase_order_id: String,
    pub line_number: String,
    pub tracking_number: String,
    pub carrier: String,
    pub at_ms: i64,
}

/// The order's status: its lines' if they agree, else the least advanced open one.
fn order_status(lines: &[Line]) -> &str {
    for s in ["Created", "Acknowledged", "Shipped", "Delivered"] {
        if lines.iter().any(|l| l.status == s) {
            return s;
        }
    }
    "Cancelled"
}

impl PurchaseOrder {
    pub fn to_json(&self) -> Value {
        let lines: Vec<Value> = self
            .lines
            .iter()
            .map(|l| {
                let qty = json!({ "unitOfMeasurement": "EACH", "amount": l.quantity.to_string() });
                json!({
                    "lineNumber": l.number,
                    "item": { "productName": l.product_name, "sku": l.sku },
                    "charges": { "charge": [{
                        "chargeType": "PRODUCT",
                        "chargeName": "ItemPrice",
                        "chargeAmount": { "currency": "USD", "amount": l.price * f64::from(l.quantity) },
                        "tax": { "taxName": "Tax1", "taxAmount": { "currency": "USD", "amount": 0.0 } },
                    }] },
                    "orderLineQuantity": qty,
                    "statusDate": self.modified_ms,
                    "orderLineStatuses": { "orderLineStatus": [{
                        "status": l.status,
                        "statusQuantity": qty,
                        "trackingInfo": l.tracking,
                    }] },
                    "fulfillment": { "fulfillmentOption": "S2H", "shipMethod": "STANDARD" },
                })
            })
            .collect();
        json!({
            "purchaseOrderId": self.id,
            "customerOrderId": self.customer_order_id,
            "customerEmailId": format!("{}@relay.walmart.com", self.customer_order_id),
            "orderDate": self.order_date_ms,
            "shippingInfo": {
                "phone": "2025550100",
                "estimatedDeliveryDate": self.order_date_ms + 6 * 86_400_000,
                "estimatedShipDate": self.order_date_ms + 2 * 86_400_000,
                "methodCode": "Standard",
                "postalAddress": {
                    "name": self.name,
                    "address1": self.address1,
                    "city": self.city,
                    "state": self.state,
                    "postalCode": self.postal_code,
                    "country": "USA",
                    "addressType": "RESIDENTIAL",
                },
            },
            "orderLines": { "orderLine": lines },
        })
    }
}

pub fn place(inner: &mut Inner, client_id: &str, spec: &NewPurchaseOrder, at_ms: i64) -> String {
    let id = gateway::random_chars(&mut inner.rng, gateway::DIGITS, 13);
    let customer = gateway::random_chars(&mut inner.rng, gateway::DIGITS, 13);
    let lines = spec
        .lines
        .iter()
        .enumerate()
        .map(|(i, (sku, name, qty, price))| Line {
            number: (i + 1).to_string(),
            sku: sku.clone(),
            product_name: name.clone(),
            quantity: (*qty).max(1),
            price: *price,
            status: "Created".into(),
            tracking: None,
        })
        .collect();
    inner.orders.insert(
        id.clone(),
        PurchaseOrder {
            id: id.clone(),
            customer_order_id: customer,
            client_id: client_id.to_owned(),
            order_date_ms: at_ms,
            modified_ms: at_ms,
            name: spec.name.clone(),
            address1: spec.address1.clone(),
            city: spec.city.clone(),
            state: spec.state.clone(),
            postal_code: spec.postal_code.clone(),
            lines,
        },
    );
    id
}

pub fn generate(inner: &mut Inner, client_id: &str, count: usize, now_ms: i64) -> Vec<String> {
    let mut ids = Vec::new();
    for n in 0..count {
        let age = inner.rng.random_range(60_000..30 * 86_400_000i64);
        let spec = NewPurchaseOrder {
            lines: vec![(
                format!("TEE-{}", ["BLACK-M", "WHITE-L", "NAVY-S"][n % 3]),
                "Sandbox Tee".into(),
                1 + (n % 2) as u32,
                24.99,
            )],
            name: ["Jane Doe", "John Smith", "Maria Garcia", "Wei Chen"][n % 4].into(),
            address1: format!("{} Walton Blvd", 100 + n),
            ..NewPurchaseOrder::default()
        };
        let id = place(inner, client_id, &spec, now_ms - age);
        let status = ["Created", "Acknowledged", "Shipped", "Cancelled", "Created"][n % 5];
        if let Some(o) = inner.orders.get_mut(&id) {
            for l in &mut o.lines {
                l.status = status.into();
                if status == "Shipped" {
                    l.tracking = Some(json!({
                        "shipDateTime": now_ms - age + 86_400_000,
                        "carrierName": { "carrier": "UPS" },
                        "methodCode": "Standard",
                        "trackingNumber": format!("1Z999AA1{:010}", n),
                    }));
                }
            }
        }
        ids.push(id);
    }
    ids
}

fn parse_time(text: &str) -> Option<i64> {
    if let Ok(ms) = text.parse::<i64>() {
        return Some(ms);
    }
    chrono::DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|d| d.timestamp_millis())
        .or_else(|| {
            chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.and_hms_opt(0, 0, 0))
                .map(|d| d.and_utc().timestamp_millis())
        })
}

fn list_of(orders: Vec<Value>, total: usize, limit: usize, next: Option<String>) -> Value {
    json!({ "list": {
        "meta": { "totalCount": total, "limit": limit, "nextCursor": next },
        "elements": { "order": orders },
    } })
}

/// `GET /v3/orders`: filters `createdStartDate`, `createdEndDate`, `lastModifiedStartDate`,
/// `status`, `sku`; `limit` up to 200; the cursor's `soIndex` is the offset.
pub fn list(inner: &mut Inner, call: &Call) -> Answer {
    let limit = match call.query("limit") {
        Some(l) => l
            .parse::<usize>()
            .ok()
            .filter(|l| (1..=200).contains(l))
            .ok_or_else(|| ApiError::invalid("limit", "limit must be between 1 and 200"))?,
        None => 100,
    };
    let time = |name: &str| -> Result<Option<i64>, ApiError> {
        match call.query(name) {
            Some(t) => parse_time(t)
                .map(Some)
                .ok_or_else(|| ApiError::invalid(name, format!("{name} is not a valid date"))),
            None => Ok(None),
        }
    };
    let created_start = time("createdStartDate")?;
    let created_end = time("createdEndDate")?;
    let modified_start = time("lastModifiedStartDate")?;
    let status = call.query("status").map(str::to_owned);
    if let Some(s) = &status
        && !matches!(
            s.as_str(),
            "Created" | "Acknowledged" | "Shipped" | "Delivered" | "Cancelled"
        )
    {
        return Err(ApiError::invalid(
            "status",
            format!("status {s} is not valid"),
        ));
    }
    let sku = call.query("sku").map(str::to_owned);
    let offset: usize = call
        .query("soIndex")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut matching: Vec<&PurchaseOrder> = inner
        .orders
        .values()
        .filter(|o| o.client_id == call.client_id)
        .filter(|o| created_start.is_none_or(|t| o.order_date_ms >= t))
        .filter(|o| created_end.is_none_or(|t| o.order_date_ms <= t))
        .filter(|o| modified_start.is_none_or(|t| o.modified_ms >= t))
        .filter(|o| {
            status
                .as_deref()
                .is_none_or(|s| order_status(&o.lines) == s)
        })
        .filter(|o| {
            sku.as_deref()
                .is_none_or(|s| o.lines.iter().any(|l| l.sku == s))
        })
        .collect();
    matching.sort_by_key(|o| (o.order_date_ms, o.id.clone()));
    let total = matching.len();
    let page: Vec<Value> = matching
        .iter()
        .skip(offset)
        .take(limit)
        .map(|o| o.to_json())
        .collect();
    let next = (total > offset + limit).then(|| {
        let mut q = form_urlencoded::Serializer::new(String::new());
        q.append_pair("limit", &limit.to_string())
            .append_pair("hasMoreElements", "true")
            .append_pair("soIndex", &(offset + limit).to_string());
        for name in [
            "createdStartDate",
            "createdEndDate",
            "lastModifiedStartDate",
            "status",
            "sku",
        ] {
            if let Some(v) = call.query(name) {
                q.append_pair(name, v);
            }
        }
        format!("?{}", q.finish())
    });
    Ok(list_of(page, total, limit, next))
}

/// `GET /v3/orders/released`: orders whose lines are all `Created`.
pub fn released(inner: &mut Inner, call: &Call) -> Answer {
    let limit: usize = call
        .query("limit")
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
        .clamp(1, 200);
    let orders: Vec<Value> = inner
        .orders
        .values()
        .filter(|o| o.client_id == call.client_id && o.lines.iter().all(|l| l.status == "Created"))
        .take(limit)
        .map(PurchaseOrder::to_json)
        .collect();
    let total = orders.len();
    Ok(list_of(orders, total, limit, None))
}

fn owned<'a>(
    inner: &'a mut Inner,
    call: &Call,
    id: &str,
) -> Result<&'a mut PurchaseOrder, ApiError> {
    inner
        .orders
        .get_mut(id)
        .filter(|o| o.client_id == call.client_id)
        .ok_or_else(|| ApiError::not_found(format!("Purchase order {id} not found")))
}

pub fn get(inner: &mut Inner, call: &Call, id: &str) -> Answer {
    Ok(json!({ "order": owned(inner, call, id)?.to_json() }))
}

/// Acknowledging twice is harmless: lines already past `Created` stay as they are.
pub fn acknowledge(inner: &mut Inner, call: &Call, id: &str, effect: &mut Effect) -> Answer {
    let now = call.now_ms;
    let order = owned(inner, call, id)?;
    if order.lines.iter().all(|l| l.status == "Cancelled") {
        return Err(ApiError::content(format!(
            "Purchase order {id} is cancelled"
        )));
    }
    let mut changed = false;
    for l in &mut order.lines {
        if l.status == "Created" {
            l.status = "Acknowledged".into();
            changed = true;
        }
    }
    if changed {
        order.modified_ms = now;
        effect.set("order.acknowledge", id);
    }
    Ok(json!({ "order": order.to_json() }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ShipBody {
    order_shipment: LinesWrapper,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CancelBody {
    order_cancellation: LinesWrapper,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LinesWrapper {
    order_lines: OrderLines,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderLines {
    order_line: Vec<LineChange>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LineChange {
    line_number: String,
    order_line_statuses: Statuses,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Statuses {
    order_line_status: Vec<StatusChange>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StatusChange {
    status: String,
    #[serde(default)]
    tracking_info: Option<Value>,
    #[serde(default)]
    cancellation_reason: Option<String>,
}

const CARRIERS: &[&str] = &[
    "UPS",
    "USPS",
    "FedEx",
    "DHL",
    "OnTrac",
    "LaserShip",
    "Other",
];

/// `POST /v3/orders/{purchaseOrderId}/shipping`: every named line must be `Acknowledged`;
/// all are checked before any is changed.
pub fn ship(inner: &mut Inner, call: &Call, id: &str, effect: &mut Effect) -> Answer {
    let body: ShipBody = call.json()?;
    let now = call.now_ms;
    let client_id = call.client_id.clone();
    let order = owned(inner, call, id)?;
    let mut changes = Vec::new();
    for change in &body.order_shipment.order_lines.order_line {
        let Some(line) = order.lines.iter().find(|l| l.number == change.line_number) else {
            return Err(ApiError::content(format!(
                "Line {} is not in purchase order {id}",
                change.line_number
            )));
        };
        let Some(status) = change.order_line_statuses.order_line_status.first() else {
            return Err(ApiError::content("orderLineStatus must not be empty"));
        };
        if status.status != "Shipped" {
            return Err(ApiError::content("status must be Shipped"));
        }
        let Some(tracking) = status.tracking_info.clone() else {
            return Err(ApiError::content("trackingInfo is required"));
        };
        if !tracking.get("shipDateTime").is_some_and(Value::is_i64) {
            return Err(ApiError::content(
                "trackingInfo.shipDateTime must be epoch milliseconds",
            ));
        }
        let number = tracking
            .get("trackingNumber")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        if number.is_empty() {
            return Err(ApiError::content("trackingInfo.trackingNumber is required"));
        }
        let carrier = tracking
            .pointer("/carrierName/carrier")
            .and_then(Value::as_str);
        let other = tracking
            .pointer("/carrierName/otherCarrier")
            .and_then(Value::as_str);
        let carrier = match (carrier, other) {
            (Some(c), _) if CARRIERS.contains(&c) => c.to_owned(),
            (Some(c), _) => return Err(ApiError::content(format!("carrier {c} is not valid"))),
            (None, Some(o))
                if tracking
                    .get("trackingURL")
                    .and_then(Value::as_str)
                    .is_some_and(|u| !u.is_empty()) =>
            {
                o.to_owned()
            }
            (None, Some(_)) => return Err(ApiError::content("otherCarrier needs a trackingURL")),
            (None, None) => return Err(ApiError::content("trackingInfo.carrierName is required")),
        };
        match line.status.as_str() {
            "Acknowledged" => {}
            "Created" => {
                return Err(ApiError::content(format!(
                    "Line {} must be acknowledged before it is shipped",
                    line.number
                )));
            }
            other => {
                return Err(ApiError::content(format!(
                    "Line {} is already {other}",
                    line.number
                )));
            }
        }
        changes.push((change.line_number.clone(), tracking, number, carrier));
    }
    if changes.is_empty() {
        return Err(ApiError::content("orderLine must not be empty"));
    }
    let mut shipped = Vec::new();
    for (number, tracking, tracking_number, carrier) in changes {
        if let Some(line) = order.lines.iter_mut().find(|l| l.number == number) {
            line.status = "Shipped".into();
            line.tracking = Some(tracking);
        }
        shipped.push(ShippedLine {
            client_id: client_id.clone(),
            purchase_order_id: id.to_owned(),
            line_number: number,
            tracking_number,
            carrier,
            at_ms: now,
        });
    }
    order.modified_ms = now;
    let answer = json!({ "order": order.to_json() });
    inner.shipped.extend(shipped);
    effect.set("order.ship", id);
    Ok(answer)
}

pub fn cancel(inner: &mut Inner, call: &Call, id: &str, effect: &mut Effect) -> Answer {
    let body: CancelBody = call.json()?;
    let now = call.now_ms;
    let order = owned(inner, call, id)?;
    for change in &body.order_cancellation.order_lines.order_line {
        let Some(line) = order.lines.iter().find(|l| l.number == change.line_number) else {
            return Err(ApiError::content(format!(
                "Line {} is not in purchase order {id}",
                change.line_number
            )));
        };
        let Some(status) = change.order_line_statuses.order_line_status.first() else {
            return Err(ApiError::content("orderLineStatus must not be empty"));
        };
        if status.status != "Cancelled"
            || status
                .cancellation_reason
                .as_deref()
                .is_none_or(str::is_empty)
        {
            return Err(ApiError::content(
                "status must be Cancelled, with a cancellationReason",
            ));
        }
        if !matches!(line.status.as_str(), "Created" | "Acknowledged") {
            return Err(ApiError::content(format!(
                "Line {} is {} and cannot be cancelled",
                line.number, line.status
            )));
        }
    }
    for change in &body.order_cancellation.order_lines.order_line {
        if let Some(line) = order
            .lines
            .iter_mut()
            .find(|l| l.number == change.line_number)
        {
            line.status = "Cancelled".into();
        }
    }
    order.modified_ms = now;
    effect.set("order.cancel", id);
    Ok(json!({ "order": order.to_json() }))
}
