//! Orders v0, Restricted Data Tokens, and shipment confirmation.
use chrono::{DateTime, SecondsFormat, Utc};
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::client::{AmazonClient, Op, Req, SellerSession};
use super::error::AmazonError;

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum OrderStatus {
    Pending,
    Unshipped,
    PartiallyShipped,
    Shipped,
    Canceled,
    Unfulfillable,
    InvoiceUnconfirmed,
    PendingAvailability,
    #[serde(other)]
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Money {
    pub currency_code: String,
    /// A decimal string, as sent (`"24.99"`).
    pub amount: String,
}

/// The shipping address. Without a Restricted Data Token only the city, region, postal code
/// and country come back.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "PascalCase")]
pub struct Address {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub address_line1: Option<String>,
    #[serde(default)]
    pub address_line2: Option<String>,
    #[serde(default)]
    pub city: Option<String>,
    #[serde(default)]
    pub state_or_region: Option<String>,
    #[serde(default)]
    pub postal_code: Option<String>,
    #[serde(default)]
    pub country_code: Option<String>,
    #[serde(default)]
    pub phone: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct Order {
    pub amazon_order_id: String,
    pub purchase_date: String,
    pub last_update_date: String,
    pub order_status: OrderStatus,
    #[serde(default)]
    pub fulfillment_channel: Option<String>,
    #[serde(default)]
    pub order_total: Option<Money>,
    #[serde(default)]
    pub marketplace_id: Option<String>,
    #[serde(default)]
    pub number_of_items_shipped: Option<u32>,
    #[serde(default)]
    pub number_of_items_unshipped: Option<u32>,
    #[serde(default)]
    pub ship_service_level: Option<String>,
    #[serde(default)]
    pub earliest_ship_date: Option<String>,
    #[serde(default)]
    pub latest_ship_date: Option<String>,
    #[serde(default)]
    pub latest_delivery_date: Option<String>,
    #[serde(default)]
    pub shipping_address: Option<Address>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct OrderItem {
    #[serde(rename = "ASIN")]
    pub asin: String,
    #[serde(rename = "SellerSKU", default)]
    pub seller_sku: Option<String>,
    pub order_item_id: String,
    #[serde(default)]
    pub title: Option<String>,
    pub quantity_ordered: u32,
    #[serde(default)]
    pub quantity_shipped: u32,
    #[serde(default)]
    pub item_price: Option<Money>,
    #[serde(default)]
    pub item_tax: Option<Money>,
    #[serde(default)]
    pub shipping_price: Option<Money>,
    #[serde(default)]
    pub promotion_discount: Option<Money>,
}

/// Which time a search is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderSince {
    Created(DateTime<Utc>),
    Updated(DateTime<Utc>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderQuery {
    pub since: OrderSince,
    /// `OrderStatuses`; empty means all.
    pub statuses: Vec<String>,
    /// 1..=100.
    pub max_results: u32,
    /// From the previous page; it overrides the other filters.
    pub next_token: Option<String>,
    /// Ask for a Restricted Data Token first, so the orders carry their full address.
    pub with_addresses: bool,
}

impl OrderQuery {
    pub fn updated_since(since: DateTime<Utc>) -> OrderQuery {
        OrderQuery {
            since: OrderSince::Updated(since),
            statuses: Vec::new(),
            max_results: 100,
            next_token: None,
            with_addresses: false,
        }
    }

    pub fn created_since(since: DateTime<Utc>) -> OrderQuery {
        OrderQuery {
            since: OrderSince::Created(since),
            ..OrderQuery::updated_since(since)
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct OrdersPage {
    pub orders: Vec<Order>,
    pub next_token: Option<String>,
    /// `CreatedBefore` / `LastUpdatedBefore`: the end of the window searched, the next
    /// incremental sync's start.
    pub searched_until: Option<String>,
}

#[derive(Deserialize)]
struct Payload<T> {
    payload: T,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct OrdersPayload {
    #[serde(default)]
    orders: Vec<Order>,
    #[serde(default)]
    next_token: Option<String>,
    #[serde(default)]
    created_before: Option<String>,
    #[serde(default)]
    last_updated_before: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ItemsPayload {
    #[serde(default)]
    order_items: Vec<OrderItem>,
    #[serde(default)]
    next_token: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct AddressPayload {
    #[serde(default)]
    shipping_address: Option<Address>,
}

/// A resource a Restricted Data Token opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RestrictedResource {
    pub method: String,
    pub path: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub data_elements: Vec<String>,
}

#[derive(Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RestrictedDataToken {
    pub restricted_data_token: String,
    pub expires_in: i64,
}

impl std::fmt::Debug for RestrictedDataToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RestrictedDataToken")
            .field("expires_in", &self.expires_in)
            .finish_non_exhaustive()
    }
}

/// A package to confirm as shipped (fulfilment reference §7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentConfirmation {
    /// A positive number as text, unique per order (our package or fulfilment number).
    pub package_reference_id: String,
    /// Amazon's carrier code (`UPS`, `USPS`, `FedEx`, …) or `Other` with `carrier_name`.
    pub carrier_code: String,
    pub carrier_name: Option<String>,
    pub shipping_method: Option<String>,
    pub tracking_number: String,
    pub ship_date: DateTime<Utc>,
    /// (order item id, quantity).
    pub items: Vec<(String, u32)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShipmentOutcome {
    Confirmed,
    /// Amazon already had these items shipped (an earlier try whose answer was lost, a
    /// repeated job): nothing was sent twice.
    AlreadyShipped,
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

impl AmazonClient {
    /// One page of orders.
    pub async fn orders(
        &self,
        session: &SellerSession,
        query: &OrderQuery,
    ) -> Result<OrdersPage, AmazonError> {
        let rdt = if query.with_addresses {
            Some(
                self.restricted_data_token(
                    session,
                    &[RestrictedResource {
                        method: "GET".into(),
                        path: "/orders/v0/orders".into(),
                        data_elements: vec!["shippingAddress".into()],
                    }],
                )
                .await?,
            )
        } else {
            None
        };
        let mut req = Req::new(Method::GET, "/orders/v0/orders", Op::GetOrders);
        match query.next_token.as_deref().filter(|t| !t.is_empty()) {
            Some(token) => {
                req = req
                    .query("MarketplaceIds", self.marketplace_id())
                    .query("NextToken", token);
            }
            None => {
                req = req
                    .query("MarketplaceIds", self.marketplace_id())
                    .query("MaxResultsPerPage", query.max_results.clamp(1, 100));
                req = match query.since {
                    OrderSince::Created(t) => req.query("CreatedAfter", iso(t)),
                    OrderSince::Updated(t) => req.query("LastUpdatedAfter", iso(t)),
                };
                if !query.statuses.is_empty() {
                    req = req.query("OrderStatuses", query.statuses.join(","));
                }
            }
        }
        if let Some(rdt) = &rdt {
            req = req.rdt(&rdt.restricted_data_token);
        }
        let page: Payload<OrdersPayload> = self.call_some(session, req).await?;
        let p = page.payload;
        Ok(OrdersPage {
            orders: p.orders,
            next_token: p.next_token.filter(|t| !t.is_empty()),
            searched_until: p.created_before.or(p.last_updated_before),
        })
    }

    pub async fn order(
        &self,
        session: &SellerSession,
        order_id: &str,
    ) -> Result<Order, AmazonError> {
        let req = Req::new(
            Method::GET,
            format!("/orders/v0/orders/{order_id}"),
            Op::Order,
        );
        let p: Payload<Order> = self.call_some(session, req).await?;
        Ok(p.payload)
    }

    /// Every item of an order (following `NextToken`).
    pub async fn order_items(
        &self,
        session: &SellerSession,
        order_id: &str,
    ) -> Result<Vec<OrderItem>, AmazonError> {
        let mut items = Vec::new();
        let mut next: Option<String> = None;
        loop {
            let mut req = Req::new(
                Method::GET,
                format!("/orders/v0/orders/{order_id}/orderItems"),
                Op::Order,
            );
            if let Some(token) = &next {
                req = req.query("NextToken", token);
            }
            let p: Payload<ItemsPayload> = self.call_some(session, req).await?;
            items.extend(p.payload.order_items);
            next = p.payload.next_token.filter(|t| !t.is_empty());
            if next.is_none() {
                return Ok(items);
            }
        }
    }

    /// `POST /tokens/2021-03-01/restrictedDataToken`.
    pub async fn restricted_data_token(
        &self,
        session: &SellerSession,
        resources: &[RestrictedResource],
    ) -> Result<RestrictedDataToken, AmazonError> {
        let req = Req::new(
            Method::POST,
            "/tokens/2021-03-01/restrictedDataToken",
            Op::Rdt,
        )
        .json(&json!({ "restrictedResources": resources }))?;
        self.call_some(session, req).await
    }

    /// The order's full shipping address, through a Restricted Data Token for this path.
    pub async fn order_address(
        &self,
        session: &SellerSession,
        order_id: &str,
    ) -> Result<Address, AmazonError> {
        let path = format!("/orders/v0/orders/{order_id}/address");
        let rdt = self
            .restricted_data_token(
                session,
                &[RestrictedResource {
                    method: "GET".into(),
                    path: path.clone(),
                    data_elements: vec!["shippingAddress".into()],
                }],
            )
            .await?;
        let req = Req::new(Method::GET, path, Op::Order).rdt(&rdt.restricted_data_token);
        let p: Payload<AddressPayload> = self.call_some(session, req).await?;
        p.payload
            .shipping_address
            .ok_or_else(|| AmazonError::Protocol("getOrderAddress without ShippingAddress".into()))
    }

    /// Confirms a package as shipped, exactly once: when Amazon refuses because the items are
    /// already shipped (an earlier try whose answer was lost), the items are read back and
    /// the outcome says so instead of failing.
    pub async fn confirm_shipment(
        &self,
        session: &SellerSession,
        order_id: &str,
        shipment: &ShipmentConfirmation,
    ) -> Result<ShipmentOutcome, AmazonError> {
        let items: Vec<_> = shipment
            .items
            .iter()
            .map(|(id, q)| json!({ "orderItemId": id, "quantity": q }))
            .collect();
        let mut package = json!({
            "packageReferenceId": shipment.package_reference_id,
            "carrierCode": shipment.carrier_code,
            "trackingNumber": shipment.tracking_number,
            "shipDate": iso(shipment.ship_date),
            "orderItems": items,
        });
        if let Some(name) = &shipment.carrier_name {
            package["carrierName"] = json!(name);
        }
        if let Some(method) = &shipment.shipping_method {
            package["shippingMethod"] = json!(method);
        }
        let body = json!({ "marketplaceId": self.marketplace_id(), "packageDetail": package });
        let req = Req::new(
            Method::POST,
            format!("/orders/v0/orders/{order_id}/shipmentConfirmation"),
            Op::ConfirmShipment,
        )
        .json(&body)?;
        match self.call::<serde_json::Value>(session, req).await {
            Ok(_) => Ok(ShipmentOutcome::Confirmed),
            Err(e @ AmazonError::Rejected { status: 400, .. }) => {
                let shipped = self.order_items(session, order_id).await?;
                let all_shipped = shipment.items.iter().all(|(id, q)| {
                    shipped
                        .iter()
                        .any(|i| &i.order_item_id == id && i.quantity_shipped >= *q)
                });
                if all_shipped {
                    Ok(ShipmentOutcome::AlreadyShipped)
                } else {
                    Err(e)
                }
            }
            Err(e) => Err(e),
        }
    }
}
