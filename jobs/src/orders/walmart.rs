//! Walmart orders on the order desk, acknowledged, and a fulfilment's tracking shipped back.
//!
//! **Sync** (`GET /v3/orders`): orders changed since the shop's cursor (`lastModifiedStartDate`,
//! a little before where the last sync got to; the first sync reads
//! [`FIRST_SYNC_DAYS`](super::FIRST_SYNC_DAYS) back), page after page by `nextCursor`. Each
//! order arrives whole (lines, charges, address), so every one is stored; the forward-only
//! upsert makes a repeat change nothing. Walmart lists one line per unit more often than not:
//! lines are folded by SKU into quantities. Walmart has no order status, only line statuses:
//! the order reads as its least advanced open line
//! ([`MarketplaceStage`](domain::orders::MarketplaceStage) tabulates the rest).
//! The deadline is `estimatedShipDate`; fees are estimated from the shop's referral rate.
//!
//! **Acknowledging**: Walmart wants every order acknowledged within four hours of its release,
//! or counts it against the seller, and an order must be acknowledged before it ships. An order
//! is acknowledged by the sync that first stores it (whole, as Walmart acknowledges), right
//! after the store committed: being on the desk is the seller having received it, and the
//! scheduled sync runs well within the four hours. Only orders with a line still `Created` and
//! none shipped are acknowledged (Walmart asks not to acknowledge again once a line shipped);
//! a repeat is harmless. The write-back acknowledges once more if a line is still `Created`.
//!
//! **Write-back**: ship with tracking the lines of the SKUs the fulfilment order ships that are
//! still open, in one call. Exactly once: Walmart refuses to ship a shipped line, and the
//! connector reads such a refusal back as [`ShipOutcome::AlreadyShipped`]; an earlier try whose
//! answer was lost leaves no open line of ours, which is done too.
//!
//! Errors: a 429 reschedules without spending an attempt, outages retry, Walmart's refusals
//! are permanent with its words; a key pair Walmart no longer accepts marks the shop OPEN.
use std::collections::HashMap;

use chrono::{DateTime, SecondsFormat, Utc};
use connectors::walmart::{
    LineShipment, LineStatusKind, OrderLine, OrderQuery, PurchaseOrder, ShipOutcome, WalmartError,
};
use domain::fulfillment::orders::{self as fulfillment_orders, FulfillmentOrder};
use domain::orders::sync::cents;
use domain::orders::timeline::EventSource;
use domain::orders::{MarketplaceOrder, MarketplaceOrderItem, Recipient};
use domain::shops::{self, SaleChannel};
use serde_json::json;

use super::{Stored, WriteBack, one_line, store_read, sync_window, text};
use crate::JobError;
use crate::channels::{WalmartShop, open_walmart};
use crate::context::JobContext;
use crate::tiktok::ShopAccessError;

/// Orders per page (Walmart allows up to 200).
const PAGE: u32 = 100;

/// A Walmart error becomes the job's; a refused key pair marks the shop OPEN first.
async fn failed(ctx: &JobContext, shop: &WalmartShop, e: WalmartError) -> JobError {
    if matches!(e, WalmartError::CredentialsRefused { .. }) {
        let marked = async {
            let mut conn = ctx.db.conn().await?;
            shops::mark_disconnected(&mut conn, &shop.shop_id).await
        }
        .await;
        if let Err(db) = marked {
            return db.into();
        }
    }
    e.into()
}

/// Runs a Walmart call, its error noted on the shop.
macro_rules! walmart {
    ($ctx:expr, $shop:expr, $call:expr) => {
        match $call.await {
            Ok(v) => v,
            Err(e) => return Err(failed($ctx, $shop, e).await),
        }
    };
}

async fn open(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
) -> Result<Option<WalmartShop>, JobError> {
    match open_walmart(
        &ctx.db,
        ctx.walmart.as_ref(),
        &ctx.secrets,
        client_id,
        shop_id,
    )
    .await
    {
        Ok(shop) => Ok(Some(shop)),
        Err(ShopAccessError::NotFound) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// `shop.sync` of a Walmart shop: its orders brought up to date and the new ones acknowledged.
pub async fn sync_shop(ctx: &JobContext, client_id: &str, shop_id: &str) -> Result<(), JobError> {
    let Some(shop) = open(ctx, client_id, shop_id).await? else {
        return Ok(());
    };
    let mut conn = ctx.db.conn().await?;
    let mut cursor = shops::sync_cursor(&mut conn, shop_id).await?;
    drop(conn);
    let (since, mut newest) = sync_window(&cursor, Utc::now());
    let mut query = OrderQuery {
        last_modified_start: Some(iso(since)),
        limit: Some(PAGE),
        ..OrderQuery::default()
    };
    let mut stored = Stored::default();
    let (mut pages, mut acknowledged) = (0, 0);
    loop {
        let page = walmart!(ctx, &shop, shop.client.orders(&shop.credentials, &query));
        pages += 1;
        let mut read = Vec::new();
        let mut to_acknowledge = Vec::new();
        for po in &page.orders {
            newest = newest.max(updated_ms(po) / 1000);
            let order = marketplace_order(po);
            if order.is_ok() && wants_acknowledging(po) {
                to_acknowledge.push(po.purchase_order_id.clone());
            }
            read.push((po.purchase_order_id.clone(), order));
        }
        stored.add(store_read(ctx, client_id, shop_id, read, EventSource::Sync).await?);
        // Stored first: an order is acknowledged once the seller has it on the desk.
        let mut read = Vec::new();
        for id in to_acknowledge {
            match shop.client.acknowledge(&shop.credentials, &id).await {
                Ok(po) => {
                    acknowledged += 1;
                    read.push((id, marketplace_order(&po)));
                }
                // Refused (cancelled meanwhile, say): the order is stored as Walmart showed
                // it, and the next sync that still finds it Created asks again. One refusal
                // must not stop every later sync at the same order.
                Err(e @ (WalmartError::Rejected { .. } | WalmartError::NotFound { .. })) => {
                    tracing::warn!(shop = %shop_id, order = %id, error = %e, "order not acknowledged");
                }
                Err(e) => return Err(failed(ctx, &shop, e).await),
            }
        }
        stored.add(store_read(ctx, client_id, shop_id, read, EventSource::Sync).await?);
        match page.next_cursor {
            Some(next) if !page.orders.is_empty() => query.cursor = Some(next),
            _ => break,
        }
    }
    let mut conn = ctx.db.conn().await?;
    cursor["orders"] = json!(newest);
    shops::finish_sync(&mut conn, shop_id, &cursor).await?;
    tracing::info!(shop = %shop_id, pages, orders_new = stored.inserted, orders_updated = stored.updated,
        orders_stale = stored.stale, orders_skipped = stored.skipped, acknowledged, "Walmart orders synced");
    Ok(())
}

/// `order.sync` of a Walmart shop: the named purchase orders read and stored now.
pub async fn pull(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
    order_ids: &[String],
    source: EventSource,
) -> Result<Stored, JobError> {
    let Some(shop) = open(ctx, client_id, shop_id).await? else {
        return Ok(Stored::default());
    };
    let mut read = Vec::new();
    for id in order_ids {
        let po = walmart!(ctx, &shop, shop.client.order(&shop.credentials, id));
        read.push((id.clone(), marketplace_order(&po)));
    }
    store_read(ctx, client_id, shop_id, read, source).await
}

fn iso(secs: i64) -> String {
    DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn at_ms(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).unwrap_or_default()
}

/// When the order last changed: its latest line status change, else its date.
fn updated_ms(po: &PurchaseOrder) -> i64 {
    po.lines()
        .iter()
        .filter_map(|l| l.status_date)
        .fold(po.order_date, i64::max)
}

fn line_status(l: &OrderLine) -> LineStatusKind {
    l.status().map_or(LineStatusKind::Other, |s| s.status)
}

fn status_name(s: LineStatusKind) -> &'static str {
    match s {
        LineStatusKind::Created => "Created",
        LineStatusKind::Acknowledged => "Acknowledged",
        LineStatusKind::Shipped => "Shipped",
        LineStatusKind::Delivered => "Delivered",
        LineStatusKind::Cancelled => "Cancelled",
        LineStatusKind::Other => "Unknown",
    }
}

/// The order's status: its least advanced open line's; `Cancelled` when every line is.
fn order_status(po: &PurchaseOrder) -> &'static str {
    use LineStatusKind::*;
    [Other, Created, Acknowledged, Shipped, Delivered]
        .into_iter()
        .find(|s| po.lines().iter().any(|l| line_status(l) == *s))
        .map_or("Cancelled", status_name)
}

/// A line still `Created` and none shipped yet.
fn wants_acknowledging(po: &PurchaseOrder) -> bool {
    let lines = po.lines();
    lines
        .iter()
        .any(|l| line_status(l) == LineStatusKind::Created)
        && !lines.iter().any(|l| {
            matches!(
                line_status(l),
                LineStatusKind::Shipped | LineStatusKind::Delivered
            )
        })
}

/// Walmart sends amounts as JSON numbers: read through their shortest decimal text, so
/// `24.99` is 2499 cents, never 2498.
fn amount_cents(amount: f64) -> Result<i64, String> {
    cents(&amount.to_string()).map_err(|e| e.to_string())
}

fn units(l: &OrderLine) -> i64 {
    l.order_line_quantity.amount.trim().parse().unwrap_or(1)
}

/// What the line costs the buyer: its charges (product, shipping) with their taxes.
fn line_total(l: &OrderLine) -> Result<i64, String> {
    let Some(charges) = &l.charges else {
        return Ok(0);
    };
    charges.charge.iter().try_fold(0, |sum, c| {
        let tax = c
            .tax
            .as_ref()
            .map_or(Ok(0), |t| amount_cents(t.tax_amount.amount))?;
        Ok(sum + amount_cents(c.charge_amount.amount)? + tax)
    })
}

fn product_cents(l: &OrderLine) -> Result<i64, String> {
    let Some(charges) = &l.charges else {
        return Ok(0);
    };
    charges
        .charge
        .iter()
        .filter(|c| c.charge_type == "PRODUCT")
        .try_fold(0, |sum, c| Ok(sum + amount_cents(c.charge_amount.amount)?))
}

/// Lines folded by SKU: quantities summed, the price per unit, the least advanced status.
fn fold_lines(po: &PurchaseOrder) -> Result<Vec<MarketplaceOrderItem>, String> {
    let mut folded: Vec<(MarketplaceOrderItem, i64, LineStatusKind)> = Vec::new();
    for l in po.lines() {
        let sku = l.item.sku.clone();
        let price = product_cents(l)?;
        let status = line_status(l);
        match folded.iter_mut().find(|(i, ..)| i.external_id == sku) {
            Some((item, sum, least)) => {
                item.quantity += units(l);
                *sum += price;
                if rank(status) < rank(*least) {
                    *least = status;
                }
            }
            None => folded.push((
                MarketplaceOrderItem {
                    external_id: sku.clone(),
                    product_name: l.item.product_name.clone(),
                    sku_name: None,
                    sku_image: None,
                    quantity: units(l),
                    sale_price_cents: 0,
                    original_price_cents: 0,
                    external_product_id: None,
                    external_sku_id: Some(sku.clone()),
                    seller_sku: Some(sku),
                    display_status: None,
                },
                price,
                status,
            )),
        }
    }
    Ok(folded
        .into_iter()
        .map(|(mut item, sum, status)| {
            let each = sum / item.quantity.max(1);
            item.sale_price_cents = each;
            item.original_price_cents = each;
            item.display_status = Some(status_name(status).to_owned());
            item
        })
        .collect())
}

/// How far along a line is, cancelled last.
fn rank(s: LineStatusKind) -> u8 {
    match s {
        LineStatusKind::Other => 0,
        LineStatusKind::Created => 1,
        LineStatusKind::Acknowledged => 2,
        LineStatusKind::Shipped => 3,
        LineStatusKind::Delivered => 4,
        LineStatusKind::Cancelled => 5,
    }
}

/// Walmart names the country by three letters; the desk and the providers by two.
fn region(country: &str) -> String {
    match country.trim().to_ascii_uppercase().as_str() {
        "USA" | "US" => "US".into(),
        "CAN" | "CA" => "CA".into(),
        "MEX" | "MX" => "MX".into(),
        other => other.to_owned(),
    }
}

/// A Walmart purchase order in Sellerdesk's terms: amounts in cents, lines folded per SKU.
pub fn marketplace_order(po: &PurchaseOrder) -> Result<MarketplaceOrder, String> {
    let a = &po.shipping_info.postal_address;
    let recipient = Recipient {
        name: text(Some(&a.name)),
        phone: text(po.shipping_info.phone.as_deref()),
        address: one_line(&[
            Some(&a.address1),
            a.address2.as_deref(),
            Some(&a.city),
            Some(&a.state),
            Some(&a.postal_code),
            Some(&a.country),
        ]),
        address1: text(Some(&a.address1)),
        address2: text(a.address2.as_deref()),
        city: text(Some(&a.city)),
        state: text(Some(&a.state)),
        postal_code: text(Some(&a.postal_code)),
        region_code: text(Some(&region(&a.country))),
    };
    let total_cents = po
        .lines()
        .iter()
        .try_fold(0, |sum, l| Ok::<_, String>(sum + line_total(l)?))?;
    let currency = po
        .lines()
        .iter()
        .filter_map(|l| l.charges.as_ref())
        .find_map(|c| c.charge.first().map(|c| c.charge_amount.currency.clone()))
        .unwrap_or_else(|| "USD".into());
    let shipped = po
        .lines()
        .iter()
        .filter_map(|l| l.status())
        .find(|s| s.tracking_number().is_some());
    let ordered_at = at_ms(po.order_date);
    Ok(MarketplaceOrder {
        channel: SaleChannel::Walmart,
        external_id: po.purchase_order_id.clone(),
        marketplace_status: order_status(po).to_owned(),
        buyer_email: text(po.customer_email_id.as_deref()),
        buyer_message: None,
        recipient: Some(recipient).filter(|r| *r != Recipient::default()),
        currency,
        total_cents,
        shipping_type: None,
        tracking_number: shipped.and_then(|s| s.tracking_number()).map(str::to_owned),
        shipping_provider: shipped
            .and_then(|s| s.tracking_info.as_ref())
            .and_then(|t| {
                t.pointer("/carrierName/carrier")
                    .or_else(|| t.pointer("/carrierName/otherCarrier"))
            })
            .and_then(|c| c.as_str())
            .map(str::to_owned),
        cancel_reason: None,
        ordered_at,
        // Walmart releases an order once it is paid.
        paid_at: Some(ordered_at),
        ship_by_at: po.shipping_info.estimated_ship_date.map(at_ms),
        updated_at: at_ms(updated_ms(po)),
        items: fold_lines(po)?,
    })
}

// ------------------------------------------------------------------ the write-back

/// Ships the fulfilment order's lines on Walmart with its tracking.
pub async fn write_back(
    ctx: &JobContext,
    client_id: &str,
    order: &FulfillmentOrder,
    shop_id: &str,
    external_order_id: &str,
    tracking_number: &str,
) -> Result<WriteBack, JobError> {
    let Some(shop) = open(ctx, client_id, shop_id).await? else {
        return Ok(WriteBack::ShopGone);
    };
    let mut conn = ctx.db.conn().await?;
    let skus = fulfillment_orders::marketplace_skus(&mut conn, &order.id).await?;
    drop(conn);
    let mut po = walmart!(
        ctx,
        &shop,
        shop.client.order(&shop.credentials, external_order_id)
    );
    let ours = |po: &PurchaseOrder| -> Vec<OrderLine> {
        po.lines()
            .iter()
            .filter(|l| skus.is_empty() || skus.iter().any(|(sku, _)| *sku == l.item.sku))
            .cloned()
            .collect()
    };
    let lines = ours(&po);
    if !lines.is_empty()
        && lines
            .iter()
            .all(|l| line_status(l) == LineStatusKind::Cancelled)
    {
        return Ok(WriteBack::Refused(
            "Walmart shows this order as cancelled: the tracking was not sent".into(),
        ));
    }
    if lines
        .iter()
        .any(|l| line_status(l) == LineStatusKind::Created)
    {
        po = walmart!(
            ctx,
            &shop,
            shop.client
                .acknowledge(&shop.credentials, external_order_id)
        );
    }
    let Some(carrier) = carrier(
        order.tracking_company.as_deref(),
        order.tracking_url.as_deref(),
    ) else {
        return Ok(WriteBack::Refused(format!(
            "Walmart needs a tracking URL for the carrier \"{}\"; set the tracking by hand on Walmart",
            order.tracking_company.as_deref().unwrap_or_default()
        )));
    };
    let shipments = shipments(&ours(&po), &skus, tracking_number, &carrier, &po);
    if shipments.is_empty() {
        // No line of ours is open: an earlier try whose answer was lost went through, or the
        // seller shipped it by hand.
        return Ok(WriteBack::Accepted);
    }
    match shop
        .client
        .ship(&shop.credentials, external_order_id, &shipments)
        .await
    {
        Ok(ShipOutcome::Shipped(_) | ShipOutcome::AlreadyShipped(_)) => Ok(WriteBack::Accepted),
        Err(WalmartError::Rejected { message, .. }) => Ok(WriteBack::Refused(format!(
            "Walmart refused the tracking: {message}"
        ))),
        Err(e) => Err(failed(ctx, &shop, e).await),
    }
}

/// The carrier as Walmart takes it: one of its carriers, or another with its tracking URL.
struct Carrier {
    known: Option<String>,
    other: Option<String>,
    url: Option<String>,
}

fn carrier(company: Option<&str>, url: Option<&str>) -> Option<Carrier> {
    let name = company.map(str::trim).unwrap_or_default();
    let url = text(url);
    let known = match name.to_ascii_lowercase().replace(['-', '_'], " ").as_str() {
        "usps" | "us postal service" | "united states postal service" => Some("USPS"),
        "ups" | "united parcel service" => Some("UPS"),
        "fedex" | "fed ex" | "federal express" => Some("FedEx"),
        "dhl" | "dhl express" | "dhl ecommerce" => Some("DHL"),
        "ontrac" => Some("OnTrac"),
        "lasership" => Some("LaserShip"),
        _ => None,
    };
    match known {
        Some(k) => Some(Carrier {
            known: Some(k.to_owned()),
            other: None,
            url,
        }),
        // Walmart takes another carrier only with the URL where the parcel is tracked.
        None => url.map(|url| Carrier {
            known: None,
            other: Some(if name.is_empty() { "Other" } else { name }.to_owned()),
            url: Some(url),
        }),
    }
}

/// The open (`Acknowledged`) lines of each SKU the fulfilment order ships, up to its quantity
/// (every open line when no item came from the marketplace order).
fn shipments(
    lines: &[OrderLine],
    skus: &[(String, i64)],
    tracking_number: &str,
    carrier: &Carrier,
    po: &PurchaseOrder,
) -> Vec<LineShipment> {
    let method = po
        .shipping_info
        .method_code
        .as_deref()
        .filter(|m| {
            matches!(
                *m,
                "Standard" | "Express" | "OneDay" | "Freight" | "WhiteGlove" | "Value"
            )
        })
        .unwrap_or("Standard");
    let mut left: HashMap<&str, i64> = skus.iter().map(|(s, q)| (s.as_str(), *q)).collect();
    let now = Utc::now().timestamp_millis();
    let mut out = Vec::new();
    for l in lines
        .iter()
        .filter(|l| line_status(l) == LineStatusKind::Acknowledged)
    {
        let quantity = match left.get_mut(l.item.sku.as_str()) {
            _ if skus.is_empty() => units(l),
            Some(n) if *n > 0 => {
                let take = units(l).min(*n);
                *n -= take;
                take
            }
            _ => continue,
        };
        out.push(LineShipment {
            line_number: l.line_number.clone(),
            quantity: u32::try_from(quantity).unwrap_or(1),
            ship_date_ms: now,
            carrier: carrier.known.clone(),
            other_carrier: carrier.other.clone(),
            method_code: method.to_owned(),
            tracking_number: tracking_number.to_owned(),
            tracking_url: carrier.url.clone(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use domain::orders::MarketplaceStage;

    use super::*;

    fn po(lines: serde_json::Value) -> PurchaseOrder {
        serde_json::from_value(json!({
            "purchaseOrderId": "1796277083022",
            "customerOrderId": "5281956426648",
            "customerEmailId": "buyer@relay.walmart.com",
            "orderDate": 1_700_000_000_000i64,
            "shippingInfo": {
                "phone": "2025550100",
                "estimatedShipDate": 1_700_172_800_000i64,
                "methodCode": "Standard",
                "postalAddress": { "name": "Jane Doe", "address1": "702 SW 8th St", "city": "Bentonville",
                    "state": "AR", "postalCode": "72716", "country": "USA" }
            },
            "orderLines": { "orderLine": lines }
        }))
        .expect("a purchase order")
    }

    fn line(n: &str, sku: &str, status: &str, amount: f64, at: i64) -> serde_json::Value {
        json!({
            "lineNumber": n,
            "item": { "productName": "Tee", "sku": sku },
            "charges": { "charge": [{ "chargeType": "PRODUCT", "chargeName": "ItemPrice",
                "chargeAmount": { "currency": "USD", "amount": amount },
                "tax": { "taxName": "Tax1", "taxAmount": { "currency": "USD", "amount": 1.5 } } }] },
            "orderLineQuantity": { "unitOfMeasurement": "EACH", "amount": "1" },
            "statusDate": at,
            "orderLineStatuses": { "orderLineStatus": [{ "status": status,
                "statusQuantity": { "unitOfMeasurement": "EACH", "amount": "1" } }] }
        })
    }

    #[test]
    fn lines_fold_by_sku_and_the_order_reads_as_its_least_advanced_line() {
        let o = po(json!([
            line("1", "TEE-M", "Shipped", 24.99, 1_700_000_100_000),
            line("2", "TEE-M", "Acknowledged", 24.99, 1_700_000_200_000),
            line("3", "MUG", "Cancelled", 12.0, 1_700_000_050_000),
        ]));
        let m = marketplace_order(&o).expect("readable");
        assert_eq!(m.marketplace_status, "Acknowledged");
        assert_eq!(m.stage(), MarketplaceStage::AwaitingShipment);
        assert_eq!(m.total_cents, 2499 + 2499 + 1200 + 3 * 150);
        assert_eq!(m.items.len(), 2);
        assert_eq!(
            (m.items[0].quantity, m.items[0].sale_price_cents),
            (2, 2499)
        );
        assert_eq!(m.items[0].display_status.as_deref(), Some("Acknowledged"));
        assert_eq!(m.updated_at.timestamp_millis(), 1_700_000_200_000);
        assert_eq!(
            m.ship_by_at.map(|t| t.timestamp_millis()),
            Some(1_700_172_800_000)
        );
        let r = m.recipient.expect("recipient");
        assert_eq!(r.region_code.as_deref(), Some("US"));
        let all_cancelled = po(json!([line("1", "TEE-M", "Cancelled", 24.99, 1)]));
        assert_eq!(order_status(&all_cancelled), "Cancelled");
    }

    #[test]
    fn only_orders_not_yet_shipped_are_acknowledged() {
        assert!(wants_acknowledging(&po(json!([line(
            "1", "A", "Created", 1.0, 1
        )]))));
        assert!(!wants_acknowledging(&po(json!([line(
            "1",
            "A",
            "Acknowledged",
            1.0,
            1
        )]))));
        assert!(!wants_acknowledging(&po(json!([
            line("1", "A", "Created", 1.0, 1),
            line("2", "A", "Shipped", 1.0, 1)
        ]))));
    }

    #[test]
    fn open_lines_of_our_skus_ship_up_to_our_quantity() {
        let o = po(json!([
            line("1", "TEE-M", "Acknowledged", 24.99, 1),
            line("2", "TEE-M", "Acknowledged", 24.99, 1),
            line("3", "MUG", "Acknowledged", 12.0, 1),
            line("4", "TEE-M", "Shipped", 24.99, 1),
        ]));
        let usps = carrier(Some("USPS"), None).expect("a carrier Walmart knows");
        let ship = shipments(o.lines(), &[("TEE-M".into(), 1)], "9400", &usps, &o);
        assert_eq!(ship.len(), 1);
        assert_eq!(ship[0].line_number, "1");
        assert_eq!(ship[0].carrier.as_deref(), Some("USPS"));
        let all = shipments(o.lines(), &[], "9400", &usps, &o);
        assert_eq!(all.len(), 3);
        assert!(carrier(Some("Asendia"), None).is_none());
        assert_eq!(
            carrier(Some("Asendia"), Some("https://a.example/t/1"))
                .and_then(|c| c.other)
                .as_deref(),
            Some("Asendia")
        );
    }
}
