//! Amazon orders on the order desk, and a fulfilment's tracking confirmed back to Amazon.
//!
//! **Sync** (Orders v0): orders updated since the shop's cursor (`LastUpdatedAfter`, a little
//! before where the last sync got to; the first sync reads
//! [`FIRST_SYNC_DAYS`](super::FIRST_SYNC_DAYS) back), page after
//! page by `NextToken`. An order whose stored version is as new as Amazon's is skipped before
//! its items are read: getOrderItems and getOrderAddress cost half a call per second each. Each
//! new or changed order's items are read (`getOrderItems`) and folded by seller SKU into
//! quantities. Its shipping address is personal data that Amazon gives only through a
//! Restricted Data Token, and Sellerdesk asks for it only while the order needs shipping
//! (`Unshipped`, `PartiallyShipped`) and it has no address yet — as TikTok's recipient is
//! hidden until the order may ship. Orders Amazon fulfils itself (`AFN`) are not the seller's to
//! ship and are left out. Statuses map onto the desk as [`MarketplaceStage`] tabulates; the
//! deadline is `LatestShipDate`; fees are estimated from the shop's referral rate (Amazon's
//! settlement is not read: the estimate stays marked as one).
//!
//! **Write-back**: `confirmShipment` of the items the fulfilment order ships that Amazon still
//! lists unshipped, as one package numbered from the fulfilment order
//! ([`super::package_number`]). Exactly once: Amazon refuses to ship an item twice, and the
//! connector reads such a refusal back as [`ShipmentOutcome::AlreadyShipped`]; an earlier try
//! whose answer was lost leaves nothing unshipped, which is done too.
//!
//! Errors: a 429 reschedules without spending an attempt, outages retry, Amazon's refusals
//! are permanent with its words. A token the client refreshed is stored whatever the calls
//! answered; a lost grant marks the shop OPEN.
use chrono::{DateTime, Utc};
use connectors::amazon::{
    Address, AmazonError, Order, OrderItem, OrderQuery, OrderStatus, ShipmentConfirmation,
    ShipmentOutcome,
};
use domain::DomainError;
use domain::fulfillment::orders::{self as fulfillment_orders, FulfillmentOrder};
use domain::orders::sync::{self, cents};
use domain::orders::timeline::EventSource;
use domain::orders::{MarketplaceOrder, MarketplaceOrderItem, MarketplaceStage, Recipient};
use domain::shops::{self, SaleChannel};
use serde_json::json;

use super::{Stored, WriteBack, one_line, package_number, store_read, sync_window, text};
use crate::JobError;
use crate::channels::{AmazonShop, open_amazon};
use crate::context::JobContext;
use crate::tiktok::ShopAccessError;

/// How a piece of Amazon work failed: Amazon's error is kept whole until the shop has noted
/// it (a lost grant marks the shop OPEN).
enum Failure {
    Amazon(AmazonError),
    Job(JobError),
}

impl From<AmazonError> for Failure {
    fn from(e: AmazonError) -> Self {
        Failure::Amazon(e)
    }
}

impl From<JobError> for Failure {
    fn from(e: JobError) -> Self {
        Failure::Job(e)
    }
}

impl From<DomainError> for Failure {
    fn from(e: DomainError) -> Self {
        Failure::Job(e.into())
    }
}

/// After the calls, whatever they answered: the token the client refreshed is stored (the old
/// one is spent either way), then Amazon's error is noted on the shop and becomes the job's.
async fn settle<T>(
    ctx: &JobContext,
    shop: &AmazonShop,
    outcome: Result<T, Failure>,
) -> Result<T, JobError> {
    shop.keep_tokens(&ctx.db, &ctx.secrets).await?;
    match outcome {
        Ok(v) => Ok(v),
        Err(Failure::Amazon(e)) => {
            shop.note_failure(&ctx.db, &e).await?;
            Err(e.into())
        }
        Err(Failure::Job(e)) => Err(e),
    }
}

/// Opens the Amazon shop; `None` when it was removed since the job was queued.
async fn open(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
) -> Result<Option<AmazonShop>, JobError> {
    match open_amazon(
        &ctx.db,
        ctx.amazon.as_ref(),
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

/// `shop.sync` of an Amazon shop: its orders brought up to date.
pub async fn sync_shop(ctx: &JobContext, client_id: &str, shop_id: &str) -> Result<(), JobError> {
    let Some(shop) = open(ctx, client_id, shop_id).await? else {
        return Ok(());
    };
    let outcome = sync_orders(ctx, &shop, client_id).await;
    settle(ctx, &shop, outcome).await
}

async fn sync_orders(ctx: &JobContext, shop: &AmazonShop, client_id: &str) -> Result<(), Failure> {
    let mut conn = ctx.db.conn().await?;
    let mut cursor = shops::sync_cursor(&mut conn, &shop.shop_id).await?;
    drop(conn);
    let (since, mut newest) = sync_window(&cursor, Utc::now());
    let mut query =
        OrderQuery::updated_since(DateTime::from_timestamp(since, 0).unwrap_or_default());
    let mut stored = Stored::default();
    let (mut pages, mut unchanged, mut amazon_fulfilled) = (0, 0, 0);
    loop {
        let page = shop.client.orders(&shop.session, &query).await?;
        pages += 1;
        let mut read = Vec::new();
        for order in &page.orders {
            if let Some(updated) = time(&order.last_update_date) {
                newest = newest.max(updated.timestamp());
            }
            if order.fulfillment_channel.as_deref() == Some("AFN") {
                amazon_fulfilled += 1;
                continue;
            }
            match read_order(ctx, shop, order).await? {
                Some(o) => read.push((order.amazon_order_id.clone(), o)),
                None => unchanged += 1,
            }
        }
        stored.add(store_read(ctx, client_id, &shop.shop_id, read, EventSource::Sync).await?);
        match page.next_token {
            Some(token) if !page.orders.is_empty() => query.next_token = Some(token),
            _ => break,
        }
    }
    let mut conn = ctx.db.conn().await?;
    cursor["orders"] = json!(newest);
    shops::finish_sync(&mut conn, &shop.shop_id, &cursor).await?;
    tracing::info!(shop = %shop.shop_id, pages, orders_new = stored.inserted, orders_updated = stored.updated,
        orders_stale = stored.stale, orders_skipped = stored.skipped, unchanged, amazon_fulfilled, "Amazon orders synced");
    Ok(())
}

/// `order.sync` of an Amazon shop: the named orders read and stored now.
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
    let outcome = async {
        let mut read = Vec::new();
        for id in order_ids {
            let order = shop.client.order(&shop.session, id).await?;
            if let Some(o) = read_order(ctx, &shop, &order).await? {
                read.push((id.clone(), o));
            }
        }
        Ok::<_, Failure>(store_read(ctx, client_id, shop_id, read, source).await?)
    }
    .await;
    settle(ctx, &shop, outcome).await
}

/// An order in Sellerdesk's terms with its items (and its address when it needs shipping and
/// none is stored yet); `None` when the stored version is as new already.
async fn read_order(
    ctx: &JobContext,
    shop: &AmazonShop,
    order: &Order,
) -> Result<Option<Result<MarketplaceOrder, String>>, Failure> {
    let status = status_name(&order.order_status);
    let stage = MarketplaceStage::of(SaleChannel::Amazon, status);
    let mut conn = ctx.db.conn().await?;
    let seen = sync::last_seen(&mut conn, &shop.shop_id, &order.amazon_order_id).await?;
    drop(conn);
    let wants_address = needs_shipping(stage) && !seen.as_ref().is_some_and(|s| s.has_recipient);
    // Amazon's update times have whole seconds: a change within the second of the stored
    // version shows only in its status.
    let updated = time(&order.last_update_date);
    let current = seen.as_ref().is_some_and(|s| {
        updated.is_some()
            && s.updated_at >= updated
            && s.marketplace_status.as_deref() == Some(status)
    });
    if current && !wants_address {
        return Ok(None);
    }
    let items = match one_order(
        shop.client
            .order_items(&shop.session, &order.amazon_order_id)
            .await,
    )? {
        Ok(items) => items,
        Err(why) => return Ok(Some(Err(why))),
    };
    let address = if wants_address {
        match one_order(
            shop.client
                .order_address(&shop.session, &order.amazon_order_id)
                .await,
        )? {
            Ok(a) => Some(a),
            Err(why) => return Ok(Some(Err(why))),
        }
    } else {
        None
    };
    Ok(Some(marketplace_order(order, &items, address.as_ref())))
}

/// A read about one order: Amazon refusing it, or answering it in a shape that cannot be read,
/// skips that order (`Ok(Err)`, the reason for the log) rather than failing the whole sync over
/// and over at the same order; its next update brings it again. Outages, limits and a lost
/// grant stop the sync.
fn one_order<T>(r: Result<T, AmazonError>) -> Result<Result<T, String>, Failure> {
    match r {
        Ok(v) => Ok(Ok(v)),
        Err(
            e @ (AmazonError::Rejected { .. }
            | AmazonError::NotFound { .. }
            | AmazonError::Protocol(_)),
        ) => Ok(Err(e.detail().map_or_else(|| e.message(), str::to_owned))),
        Err(e) => Err(e.into()),
    }
}

/// The order still has items to ship: the seller needs where they go.
fn needs_shipping(stage: MarketplaceStage) -> bool {
    matches!(
        stage,
        MarketplaceStage::AwaitingShipment | MarketplaceStage::PartiallyShipped
    )
}

/// Amazon's word for a status, as it spells it.
fn status_name(s: &OrderStatus) -> &'static str {
    match s {
        OrderStatus::Pending => "Pending",
        OrderStatus::Unshipped => "Unshipped",
        OrderStatus::PartiallyShipped => "PartiallyShipped",
        OrderStatus::Shipped => "Shipped",
        OrderStatus::Canceled => "Canceled",
        OrderStatus::Unfulfillable => "Unfulfillable",
        OrderStatus::InvoiceUnconfirmed => "InvoiceUnconfirmed",
        OrderStatus::PendingAvailability => "PendingAvailability",
        OrderStatus::Unknown => "Unknown",
    }
}

fn time(iso: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(iso)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

fn money(m: Option<&connectors::amazon::Money>) -> Result<i64, String> {
    m.map_or(Ok(0), |m| cents(&m.amount).map_err(|e| e.to_string()))
}

/// An item's key: its seller SKU, else Amazon's item id.
fn sku_of(item: &OrderItem) -> String {
    text(item.seller_sku.as_deref()).unwrap_or_else(|| item.order_item_id.clone())
}

/// Amazon's items folded by seller SKU into quantities. `ItemPrice` is the price of all the
/// item's units; the sale price is what the buyer paid per unit after the item's promotion.
fn fold_items(items: &[OrderItem]) -> Result<Vec<MarketplaceOrderItem>, String> {
    // (item, units shipped, price of all units, discount of all units)
    let mut folded: Vec<(MarketplaceOrderItem, i64, i64, i64)> = Vec::new();
    for i in items {
        let key = sku_of(i);
        let ordered = i64::from(i.quantity_ordered);
        let shipped = i64::from(i.quantity_shipped);
        let price = money(i.item_price.as_ref())?;
        let discount = money(i.promotion_discount.as_ref())?;
        match folded.iter_mut().find(|(f, ..)| f.external_id == key) {
            Some((f, s, p, d)) => {
                f.quantity += ordered;
                *s += shipped;
                *p += price;
                *d += discount;
            }
            None => folded.push((
                MarketplaceOrderItem {
                    external_id: key,
                    product_name: text(i.title.as_deref()).unwrap_or_else(|| i.asin.clone()),
                    sku_name: None,
                    sku_image: None,
                    quantity: ordered,
                    sale_price_cents: 0,
                    original_price_cents: 0,
                    external_product_id: Some(i.asin.clone()),
                    external_sku_id: text(i.seller_sku.as_deref()),
                    seller_sku: text(i.seller_sku.as_deref()),
                    display_status: None,
                },
                shipped,
                price,
                discount,
            )),
        }
    }
    Ok(folded
        .into_iter()
        .map(|(mut f, shipped, price, discount)| {
            // A cancelled item may list no units: it still shows, as one.
            let units = f.quantity.max(1);
            f.original_price_cents = price / units;
            f.sale_price_cents = ((price - discount) / units).max(0);
            f.display_status = Some(
                match shipped {
                    0 => "Unshipped",
                    s if s >= f.quantity => "Shipped",
                    _ => "PartiallyShipped",
                }
                .to_owned(),
            );
            f
        })
        .collect())
}

fn recipient(a: &Address) -> Option<Recipient> {
    let r = Recipient {
        name: text(a.name.as_deref()),
        phone: text(a.phone.as_deref()),
        address: one_line(&[
            a.address_line1.as_deref(),
            a.address_line2.as_deref(),
            a.city.as_deref(),
            a.state_or_region.as_deref(),
            a.postal_code.as_deref(),
            a.country_code.as_deref(),
        ]),
        address1: text(a.address_line1.as_deref()),
        address2: text(a.address_line2.as_deref()),
        city: text(a.city.as_deref()),
        state: text(a.state_or_region.as_deref()),
        postal_code: text(a.postal_code.as_deref()),
        region_code: text(a.country_code.as_deref()),
    };
    (r != Recipient::default()).then_some(r)
}

/// An Amazon order in Sellerdesk's terms: amounts in cents, items folded per SKU, the
/// recipient when its address was read. Pending orders carry no `OrderTotal`: their items'
/// prices, shipping and tax stand for it.
pub fn marketplace_order(
    o: &Order,
    items: &[OrderItem],
    address: Option<&Address>,
) -> Result<MarketplaceOrder, String> {
    let status = status_name(&o.order_status);
    let stage = MarketplaceStage::of(SaleChannel::Amazon, status);
    let ordered_at = time(&o.purchase_date).ok_or("PurchaseDate is not a time")?;
    let updated_at = time(&o.last_update_date).ok_or("LastUpdateDate is not a time")?;
    let total_cents = match &o.order_total {
        Some(total) => cents(&total.amount).map_err(|e| e.to_string())?,
        None => items.iter().try_fold(0, |sum, i| {
            Ok::<_, String>(
                sum + money(i.item_price.as_ref())?
                    + money(i.shipping_price.as_ref())?
                    + money(i.item_tax.as_ref())?
                    - money(i.promotion_discount.as_ref())?,
            )
        })?,
    };
    let currency = o
        .order_total
        .as_ref()
        .map(|m| m.currency_code.clone())
        .or_else(|| {
            items
                .iter()
                .find_map(|i| i.item_price.as_ref().map(|m| m.currency_code.clone()))
        })
        .unwrap_or_else(|| "USD".into());
    Ok(MarketplaceOrder {
        channel: SaleChannel::Amazon,
        external_id: o.amazon_order_id.clone(),
        marketplace_status: status.to_owned(),
        // The buyer's email is personal data behind another token; the desk does without.
        buyer_email: None,
        buyer_message: None,
        recipient: address.filter(|_| !stage.is_held()).and_then(recipient),
        currency,
        total_cents,
        shipping_type: text(o.fulfillment_channel.as_deref()),
        tracking_number: None,
        shipping_provider: None,
        cancel_reason: None,
        ordered_at,
        // Amazon names no payment time; an order past Pending is paid.
        paid_at: (!stage.is_held() && stage != MarketplaceStage::Cancelled).then_some(ordered_at),
        ship_by_at: o.latest_ship_date.as_deref().and_then(time),
        updated_at,
        items: fold_items(items)?,
    })
}

// ------------------------------------------------------------------ the write-back

/// Confirms the fulfilment order's package to Amazon.
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
    let outcome = confirm(&shop, order, external_order_id, tracking_number, &skus).await;
    settle(ctx, &shop, outcome).await
}

async fn confirm(
    shop: &AmazonShop,
    order: &FulfillmentOrder,
    external_order_id: &str,
    tracking_number: &str,
    skus: &[(String, i64)],
) -> Result<WriteBack, Failure> {
    let theirs = shop.client.order(&shop.session, external_order_id).await?;
    let stage = MarketplaceStage::of(SaleChannel::Amazon, status_name(&theirs.order_status));
    if stage == MarketplaceStage::Cancelled {
        return Ok(WriteBack::Refused(format!(
            "Amazon shows this order as {}: the tracking was not sent",
            status_name(&theirs.order_status)
        )));
    }
    let items = shop
        .client
        .order_items(&shop.session, external_order_id)
        .await?;
    let package = package_items(&items, skus);
    if package.is_empty() {
        // Nothing of this package is left unshipped: an earlier try whose answer was lost
        // went through, or the seller confirmed it by hand.
        return Ok(WriteBack::Accepted);
    }
    let (carrier_code, carrier_name) = carrier(order.tracking_company.as_deref());
    let shipment = ShipmentConfirmation {
        package_reference_id: package_number(&order.id).to_string(),
        carrier_code,
        carrier_name,
        shipping_method: None,
        tracking_number: tracking_number.to_owned(),
        ship_date: Utc::now(),
        items: package,
    };
    match shop
        .client
        .confirm_shipment(&shop.session, external_order_id, &shipment)
        .await
    {
        Ok(ShipmentOutcome::Confirmed | ShipmentOutcome::AlreadyShipped) => Ok(WriteBack::Accepted),
        Err(AmazonError::Rejected { message, .. }) => Ok(WriteBack::Refused(format!(
            "Amazon refused the tracking: {message}"
        ))),
        Err(e) => Err(e.into()),
    }
}

/// The order items and quantities the package confirms: of each SKU the fulfilment order ships,
/// as many units as it ships and Amazon still lists unshipped (every unshipped unit when no
/// item of the fulfilment order came from the marketplace order).
fn package_items(items: &[OrderItem], skus: &[(String, i64)]) -> Vec<(String, u32)> {
    let unshipped = |i: &OrderItem| i.quantity_ordered.saturating_sub(i.quantity_shipped);
    if skus.is_empty() {
        return items
            .iter()
            .filter(|i| unshipped(i) > 0)
            .map(|i| (i.order_item_id.clone(), unshipped(i)))
            .collect();
    }
    let mut package = Vec::new();
    for (sku, quantity) in skus {
        let mut left = u32::try_from(*quantity).unwrap_or(0);
        for item in items.iter().filter(|i| &sku_of(i) == sku) {
            let take = left.min(unshipped(item));
            if take > 0 {
                package.push((item.order_item_id.clone(), take));
                left -= take;
            }
        }
    }
    package
}

/// Amazon's carrier code for a provider's carrier; `Other` with the name for the rest.
fn carrier(company: Option<&str>) -> (String, Option<String>) {
    let name = company.map(str::trim).unwrap_or_default();
    let code = match name.to_ascii_lowercase().replace(['-', '_'], " ").as_str() {
        "usps" | "us postal service" | "united states postal service" => "USPS",
        "ups" | "united parcel service" => "UPS",
        "fedex" | "fed ex" | "federal express" => "FedEx",
        "dhl" | "dhl express" => "DHL",
        "dhl ecommerce" | "dhl e commerce" => "DHL eCommerce",
        "ontrac" => "OnTrac",
        "lasership" => "LaserShip",
        _ => {
            return (
                "Other".into(),
                Some(if name.is_empty() { "Other" } else { name }.to_owned()),
            );
        }
    };
    (code.to_owned(), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, sku: &str, ordered: u32, shipped: u32, price: &str) -> OrderItem {
        OrderItem {
            asin: "B0TEST".into(),
            seller_sku: Some(sku.into()),
            order_item_id: id.into(),
            title: Some("Tee".into()),
            quantity_ordered: ordered,
            quantity_shipped: shipped,
            item_price: Some(connectors::amazon::Money {
                currency_code: "USD".into(),
                amount: price.into(),
            }),
            item_tax: None,
            shipping_price: None,
            promotion_discount: None,
        }
    }

    #[test]
    fn items_of_a_sku_fold_and_prices_are_per_unit() {
        let items = fold_items(&[
            item("1", "TEE-M", 2, 0, "49.98"),
            item("2", "MUG", 1, 1, "12.00"),
            item("3", "TEE-M", 1, 1, "24.99"),
        ])
        .expect("amounts");
        assert_eq!(items.len(), 2);
        assert_eq!(
            (items[0].quantity, items[0].sale_price_cents),
            (3, 2499),
            "{items:?}"
        );
        assert_eq!(items[0].display_status.as_deref(), Some("PartiallyShipped"));
        assert_eq!(items[1].display_status.as_deref(), Some("Shipped"));
        assert_eq!(items[0].seller_sku.as_deref(), Some("TEE-M"));
    }

    #[test]
    fn a_package_ships_what_is_ours_and_still_unshipped() {
        let items = [
            item("1", "TEE-M", 2, 1, "49.98"),
            item("2", "MUG", 1, 0, "12.00"),
        ];
        assert_eq!(
            package_items(&items, &[("TEE-M".into(), 2)]),
            [("1".to_owned(), 1)]
        );
        assert_eq!(
            package_items(&items, &[]),
            [("1".to_owned(), 1), ("2".to_owned(), 1)]
        );
        let shipped = [item("1", "TEE-M", 2, 2, "49.98")];
        assert!(package_items(&shipped, &[("TEE-M".into(), 2)]).is_empty());
    }

    #[test]
    fn carriers_take_amazons_codes() {
        assert_eq!(carrier(Some("usps")), ("USPS".into(), None));
        assert_eq!(
            carrier(Some("DHL eCommerce")),
            ("DHL eCommerce".into(), None)
        );
        assert_eq!(
            carrier(Some("Asendia")),
            ("Other".into(), Some("Asendia".into()))
        );
    }
}
