//! Orders: cursor paging, released orders, acknowledge, ship with tracking, cancel. Types
//! follow the wire's nesting (`orderLines.orderLine[]`, `orderLineStatuses.orderLineStatus[]`).
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::client::{Api, Req, WalmartClient, WalmartCredentials};
use super::error::WalmartError;

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseOrder {
    pub purchase_order_id: String,
    pub customer_order_id: String,
    /// The buyer's relay address (`…@relay.walmart.com`).
    #[serde(default)]
    pub customer_email_id: Option<String>,
    /// Unix milliseconds.
    pub order_date: i64,
    pub shipping_info: ShippingInfo,
    pub order_lines: OrderLines,
}

impl PurchaseOrder {
    pub fn lines(&self) -> &[OrderLine] {
        &self.order_lines.order_line
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShippingInfo {
    #[serde(default)]
    pub phone: Option<String>,
    #[serde(default)]
    pub estimated_delivery_date: Option<i64>,
    #[serde(default)]
    pub estimated_ship_date: Option<i64>,
    #[serde(default)]
    pub method_code: Option<String>,
    pub postal_address: PostalAddress,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PostalAddress {
    pub name: String,
    pub address1: String,
    #[serde(default)]
    pub address2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub country: String,
    #[serde(default)]
    pub address_type: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderLines {
    #[serde(default)]
    pub order_line: Vec<OrderLine>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub line_number: String,
    pub item: LineItem,
    #[serde(default)]
    pub charges: Option<Charges>,
    pub order_line_quantity: Quantity,
    /// When the line's status last changed (Unix milliseconds).
    #[serde(default)]
    pub status_date: Option<i64>,
    pub order_line_statuses: LineStatuses,
}

impl OrderLine {
    /// The line's status (its first status entry's).
    pub fn status(&self) -> Option<&LineStatus> {
        self.order_line_statuses.order_line_status.first()
    }

    /// The product charge of the line in cents.
    pub fn product_cents(&self) -> i64 {
        self.charges
            .as_ref()
            .map(|c| {
                c.charge
                    .iter()
                    .filter(|c| c.charge_type == "PRODUCT")
                    .map(|c| (c.charge_amount.amount * 100.0).round() as i64)
                    .sum()
            })
            .unwrap_or(0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineItem {
    pub product_name: String,
    pub sku: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Charges {
    #[serde(default)]
    pub charge: Vec<Charge>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Charge {
    pub charge_type: String,
    #[serde(default)]
    pub charge_name: Option<String>,
    pub charge_amount: Amount,
    #[serde(default)]
    pub tax: Option<Tax>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tax {
    #[serde(default)]
    pub tax_name: Option<String>,
    pub tax_amount: Amount,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Amount {
    pub currency: String,
    pub amount: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Quantity {
    pub unit_of_measurement: String,
    pub amount: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineStatuses {
    #[serde(default)]
    pub order_line_status: Vec<LineStatus>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum LineStatusKind {
    Created,
    Acknowledged,
    Shipped,
    Delivered,
    Cancelled,
    #[serde(other)]
    Other,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineStatus {
    pub status: LineStatusKind,
    pub status_quantity: Quantity,
    #[serde(default)]
    pub tracking_info: Option<Value>,
}

impl LineStatus {
    pub fn tracking_number(&self) -> Option<&str> {
        self.tracking_info
            .as_ref()
            .and_then(|t| t.get("trackingNumber"))
            .and_then(Value::as_str)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrderQuery {
    /// ISO 8601; orders created at or after it.
    pub created_start: Option<String>,
    /// ISO 8601; orders changed at or after it (incremental sync).
    pub last_modified_start: Option<String>,
    pub status: Option<LineStatusKind>,
    /// 1..=200 (100 when unset).
    pub limit: Option<u32>,
    /// The previous page's `nextCursor`; it carries the filters.
    pub cursor: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OrdersPage {
    pub orders: Vec<PurchaseOrder>,
    pub total_count: Option<u64>,
    pub next_cursor: Option<String>,
}

#[derive(Deserialize)]
struct ListWire {
    list: ListInner,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ListInner {
    meta: Meta,
    #[serde(default)]
    elements: Option<Elements>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Meta {
    #[serde(default)]
    total_count: Option<u64>,
    #[serde(default)]
    next_cursor: Option<String>,
}

#[derive(Deserialize)]
struct Elements {
    #[serde(default)]
    order: Vec<PurchaseOrder>,
}

#[derive(Deserialize)]
struct OrderWire {
    order: PurchaseOrder,
}

/// One shipped line with its tracking (fulfilment reference §8).
#[derive(Debug, Clone, PartialEq)]
pub struct LineShipment {
    pub line_number: String,
    pub quantity: u32,
    /// Unix milliseconds.
    pub ship_date_ms: i64,
    /// One of Walmart's carriers (`UPS`, `USPS`, `FedEx`, …); otherwise `other_carrier` with
    /// `tracking_url`.
    pub carrier: Option<String>,
    pub other_carrier: Option<String>,
    /// `Standard`, `Express`, `OneDay`, `Freight`, `WhiteGlove`, `Value`.
    pub method_code: String,
    pub tracking_number: String,
    pub tracking_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ShipOutcome {
    Shipped(Box<PurchaseOrder>),
    /// Walmart already had these lines shipped with this tracking (an earlier try whose answer
    /// was lost, a repeated job): nothing was sent twice.
    AlreadyShipped(Box<PurchaseOrder>),
}

fn status_name(s: LineStatusKind) -> &'static str {
    match s {
        LineStatusKind::Created => "Created",
        LineStatusKind::Acknowledged => "Acknowledged",
        LineStatusKind::Shipped => "Shipped",
        LineStatusKind::Delivered => "Delivered",
        LineStatusKind::Cancelled => "Cancelled",
        LineStatusKind::Other => "Created",
    }
}

impl WalmartClient {
    /// One page of orders; follow [`OrdersPage::next_cursor`] for the next.
    pub async fn orders(
        &self,
        creds: &WalmartCredentials,
        query: &OrderQuery,
    ) -> Result<OrdersPage, WalmartError> {
        let mut req = Req::new(Method::GET, "/v3/orders", Api::Orders);
        match query.cursor.as_deref().filter(|c| !c.is_empty()) {
            Some(cursor) => {
                for (k, v) in url::form_urlencoded::parse(cursor.trim_start_matches('?').as_bytes())
                {
                    req = req.query(&k, v);
                }
            }
            None => {
                req = req.query("limit", query.limit.unwrap_or(100).clamp(1, 200));
                if let Some(t) = &query.created_start {
                    req = req.query("createdStartDate", t);
                }
                if let Some(t) = &query.last_modified_start {
                    req = req.query("lastModifiedStartDate", t);
                }
                if let Some(s) = query.status {
                    req = req.query("status", status_name(s));
                }
            }
        }
        let wire: ListWire = self.call(creds, req).await?;
        Ok(OrdersPage {
            orders: wire.list.elements.map(|e| e.order).unwrap_or_default(),
            total_count: wire.list.meta.total_count,
            next_cursor: wire.list.meta.next_cursor.filter(|c| !c.is_empty()),
        })
    }

    /// Orders created and not yet acknowledged.
    pub async fn released_orders(
        &self,
        creds: &WalmartCredentials,
    ) -> Result<Vec<PurchaseOrder>, WalmartError> {
        let req = Req::new(Method::GET, "/v3/orders/released", Api::Orders).query("limit", 200);
        let wire: ListWire = self.call(creds, req).await?;
        Ok(wire.list.elements.map(|e| e.order).unwrap_or_default())
    }

    pub async fn order(
        &self,
        creds: &WalmartCredentials,
        purchase_order_id: &str,
    ) -> Result<PurchaseOrder, WalmartError> {
        let req = Req::new(
            Method::GET,
            format!("/v3/orders/{purchase_order_id}"),
            Api::Orders,
        );
        let wire: OrderWire = self.call(creds, req).await?;
        Ok(wire.order)
    }

    /// Acknowledges the order (required before shipping); harmless when repeated.
    pub async fn acknowledge(
        &self,
        creds: &WalmartCredentials,
        purchase_order_id: &str,
    ) -> Result<PurchaseOrder, WalmartError> {
        let req = Req::new(
            Method::POST,
            format!("/v3/orders/{purchase_order_id}/acknowledge"),
            Api::OrderUpdate,
        );
        let wire: OrderWire = self.call(creds, req).await?;
        Ok(wire.order)
    }

    /// Ships lines with tracking, exactly once: when Walmart refuses because the lines are
    /// already shipped with this tracking, the order is read back and the outcome says so.
    pub async fn ship(
        &self,
        creds: &WalmartCredentials,
        purchase_order_id: &str,
        lines: &[LineShipment],
    ) -> Result<ShipOutcome, WalmartError> {
        let order_lines: Vec<Value> = lines
            .iter()
            .map(|l| {
                let carrier = match (&l.carrier, &l.other_carrier) {
                    (Some(c), _) => json!({ "carrier": c }),
                    (None, o) => json!({ "otherCarrier": o }),
                };
                let mut tracking = json!({
                    "shipDateTime": l.ship_date_ms,
                    "carrierName": carrier,
                    "methodCode": l.method_code,
                    "trackingNumber": l.tracking_number,
                });
                if let Some(url) = &l.tracking_url {
                    tracking["trackingURL"] = json!(url);
                }
                json!({
                    "lineNumber": l.line_number,
                    "orderLineStatuses": { "orderLineStatus": [{
                        "status": "Shipped",
                        "statusQuantity": { "unitOfMeasurement": "EACH", "amount": l.quantity.to_string() },
                        "trackingInfo": tracking,
                    }] },
                })
            })
            .collect();
        let body = json!({ "orderShipment": { "orderLines": { "orderLine": order_lines } } });
        let req = Req::new(
            Method::POST,
            format!("/v3/orders/{purchase_order_id}/shipping"),
            Api::OrderUpdate,
        )
        .json(&body)?;
        match self.call::<OrderWire>(creds, req).await {
            Ok(w) => Ok(ShipOutcome::Shipped(Box::new(w.order))),
            Err(e @ WalmartError::Rejected { status: 400, .. }) => {
                let order = self.order(creds, purchase_order_id).await?;
                let done = lines.iter().all(|l| {
                    order.lines().iter().any(|ol| {
                        ol.line_number == l.line_number
                            && ol.status().is_some_and(|s| {
                                matches!(
                                    s.status,
                                    LineStatusKind::Shipped | LineStatusKind::Delivered
                                ) && s.tracking_number() == Some(l.tracking_number.as_str())
                            })
                    })
                });
                if done {
                    Ok(ShipOutcome::AlreadyShipped(Box::new(order)))
                } else {
                    Err(e)
                }
            }
            Err(e) => Err(e),
        }
    }

    /// Cancels lines (`reason` e.g. `CUSTOMER_REQUESTED_SELLER_TO_CANCEL`); lines already
    /// cancelled count as done.
    pub async fn cancel(
        &self,
        creds: &WalmartCredentials,
        purchase_order_id: &str,
        lines: &[(String, u32)],
        reason: &str,
    ) -> Result<PurchaseOrder, WalmartError> {
        let order_lines: Vec<Value> = lines
            .iter()
            .map(|(n, q)| {
                json!({
                    "lineNumber": n,
                    "orderLineStatuses": { "orderLineStatus": [{
                        "status": "Cancelled",
                        "cancellationReason": reason,
                        "statusQuantity": { "unitOfMeasurement": "EACH", "amount": q.to_string() },
                    }] },
                })
            })
            .collect();
        let body = json!({ "orderCancellation": { "orderLines": { "orderLine": order_lines } } });
        let req = Req::new(
            Method::POST,
            format!("/v3/orders/{purchase_order_id}/cancel"),
            Api::OrderUpdate,
        )
        .json(&body)?;
        match self.call::<OrderWire>(creds, req).await {
            Ok(w) => Ok(w.order),
            Err(e @ WalmartError::Rejected { status: 400, .. }) => {
                let order = self.order(creds, purchase_order_id).await?;
                let done = lines.iter().all(|(n, _)| {
                    order.lines().iter().any(|ol| {
                        &ol.line_number == n
                            && ol
                                .status()
                                .is_some_and(|s| s.status == LineStatusKind::Cancelled)
                    })
                });
                if done { Ok(order) } else { Err(e) }
            }
            Err(e) => Err(e),
        }
    }
}
