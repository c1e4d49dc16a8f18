//! `order.sync`: given orders of one shop pulled at once (an `ORDER_STATUS_CHANGE` webhook
//! names them), read by id from the marketplace and stored forward only; their fees are settled
//! from the finance statement when the marketplace has it (TikTok). Amazon and Walmart orders
//! are read by [`crate::orders`]. Also the pieces `shop.sync` shares:
//! reading a TikTok order into Sellerdesk's terms, storing pages of them, settling fees and
//! subscribing the shop's webhook.
//!
//! Errors: a shop removed since the job was queued is nothing to do; a shop not connected
//! fails; marketplace errors split as `From<TiktokError>` says; database ones retry. An order
//! whose amounts cannot be read is skipped with a warning (the next update brings it again).
use chrono::{DateTime, Utc};
use connectors::tiktok::{LineItem, ORDER_STATUS_CHANGE, Order, OrderTransactions};
use domain::event_histories::EventHistory;
use domain::orders::sync::{self, AmountError, cents};
use domain::orders::timeline::EventSource;
use domain::orders::{
    MarketplaceOrder, MarketplaceOrderItem, Recipient, SettledFees, recipient_hidden,
};
use domain::shops::SaleChannel;
use serde::{Deserialize, Serialize};

use super::{JobKind, client_of};
use crate::JobError;
use crate::context::JobContext;
pub use crate::orders::Stored;
use crate::orders::{amazon, channel_of, store_read, walmart};
use crate::tiktok::{ShopAccessError, ShopSession, open_shop};

/// Where the marketplace delivers a shop's webhooks, under `PUBLIC_URL`.
pub const TIKTOK_WEBHOOK_PATH: &str = "/webhooks/tiktok";

/// Most ids the order detail takes in one call.
const DETAIL_IDS: usize = 50;

/// Orders whose settlement one sync asks the finance API for.
const SETTLEMENTS_PER_SYNC: i64 = 50;

/// Orders of one shop to pull now.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OrderSync {
    pub shop_id: String,
    /// Marketplace order ids.
    pub order_ids: Vec<String>,
    /// What asked: a webhook (the timeline says WEBHOOK) or anything else (SYNC).
    #[serde(default)]
    pub webhook: bool,
    /// The one pull of this change: a webhook delivered again (or twice at once) queues no
    /// second job. `None`: no dedupe.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

impl OrderSync {
    /// The pull a webhook asks for: one per order and marketplace update time, so repeated
    /// deliveries of one change pull once, and the next change pulls again.
    pub fn for_webhook(shop_id: &str, order_id: &str, update_time: i64) -> OrderSync {
        OrderSync {
            shop_id: shop_id.to_owned(),
            order_ids: vec![order_id.to_owned()],
            webhook: true,
            key: Some(format!("order-pull:{shop_id}:{order_id}:{update_time}")),
        }
    }
}

impl JobKind for OrderSync {
    const NAME: &'static str = "order.sync";

    fn dedupe_key(&self) -> Option<String> {
        self.key.clone()
    }

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let client_id = client_of(job)?;
        let source = if self.webhook {
            EventSource::Webhook
        } else {
            EventSource::Sync
        };
        let pulled = match channel_of(ctx, &client_id, &self.shop_id).await? {
            None => return Ok(()),
            Some(SaleChannel::Tiktok) => None,
            Some(SaleChannel::Amazon) => {
                Some(amazon::pull(ctx, &client_id, &self.shop_id, &self.order_ids, source).await?)
            }
            Some(SaleChannel::Walmart) => {
                Some(walmart::pull(ctx, &client_id, &self.shop_id, &self.order_ids, source).await?)
            }
        };
        if let Some(stored) = pulled {
            tracing::info!(shop = %self.shop_id, orders = self.order_ids.len(), inserted = stored.inserted,
                updated = stored.updated, stale = stored.stale, "orders pulled");
            return Ok(());
        }
        let session = match open_shop(
            &ctx.db,
            ctx.tiktok.as_ref(),
            &ctx.secrets,
            &client_id,
            &self.shop_id,
        )
        .await
        {
            Ok(session) => session,
            Err(ShopAccessError::NotFound) => return Ok(()),
            Err(e) => return Err(e.into()),
        };
        let mut stored = Stored::default();
        for ids in self.order_ids.chunks(DETAIL_IDS) {
            let orders = session.client.order_detail(&session.auth, ids).await?;
            stored.add(store_orders(ctx, &client_id, &self.shop_id, &orders, source).await?);
        }
        let mut settled = 0;
        for (order_id, external_id) in &stored.delivered {
            if settle_one(ctx, &session, order_id, external_id).await? {
                settled += 1;
            }
        }
        tracing::info!(shop = %self.shop_id, orders = self.order_ids.len(), inserted = stored.inserted,
            updated = stored.updated, stale = stored.stale, settled, "orders pulled");
        Ok(())
    }
}

/// Stores TikTok orders of a shop in one transaction, forward only.
pub async fn store_orders(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
    orders: &[Order],
    source: EventSource,
) -> Result<Stored, JobError> {
    let read: Vec<_> = orders
        .iter()
        .map(|o| {
            (
                o.id.clone(),
                marketplace_order(o).map_err(|e| e.to_string()),
            )
        })
        .collect();
    store_read(ctx, client_id, shop_id, read, source).await
}

/// Asks the finance API for an order's settlement and stores it; answers whether it was
/// settled. Not yet settled: remembered as asked, so the next syncs ask for others first.
pub async fn settle_one(
    ctx: &JobContext,
    session: &ShopSession,
    order_id: &str,
    external_id: &str,
) -> Result<bool, JobError> {
    let transactions = session
        .client
        .order_transactions(&session.auth, external_id)
        .await?;
    let mut conn = ctx.db.conn().await?;
    if !transactions.is_settled() {
        sync::fees_checked(&mut conn, order_id).await?;
        return Ok(false);
    }
    match settled_fees(&transactions) {
        Ok(fees) => Ok(sync::settle_fees(&mut conn, order_id, &fees).await?),
        Err(e) => {
            tracing::warn!(order = %external_id, error = %e, "settlement skipped: an amount cannot be read");
            sync::fees_checked(&mut conn, order_id).await?;
            Ok(false)
        }
    }
}

/// Settles the shop's delivered and completed orders still on estimates, a few per sync.
pub async fn settle_unsettled(
    ctx: &JobContext,
    session: &ShopSession,
    shop_id: &str,
) -> Result<usize, JobError> {
    let mut conn = ctx.db.conn().await?;
    let due = sync::unsettled(&mut conn, shop_id, SETTLEMENTS_PER_SYNC).await?;
    drop(conn);
    let mut settled = 0;
    for (order_id, external_id) in &due {
        if settle_one(ctx, session, order_id, external_id).await? {
            settled += 1;
        }
    }
    Ok(settled)
}

/// Subscribes the shop's order status changes to this deployment's webhook route; a read and
/// no write when it already is. A failure is logged, never fatal: the scheduled sync still
/// brings every change.
pub async fn subscribe_webhook(ctx: &JobContext, session: &ShopSession) {
    let address = format!("{}{TIKTOK_WEBHOOK_PATH}", ctx.config.public_url);
    match session
        .client
        .ensure_webhook(&session.auth, ORDER_STATUS_CHANGE, &address)
        .await
    {
        Ok(true) => tracing::info!(shop = %session.shop_id, "order webhook subscribed"),
        Ok(false) => {}
        Err(e) => {
            tracing::warn!(shop = %session.shop_id, error = %e, "order webhook not subscribed")
        }
    }
}

/// The fees of a settled order (deductions come negative; stored positive). Affiliate
/// commissions are the marketplace's to keep as well, so they count as commission.
pub fn settled_fees(t: &OrderTransactions) -> Result<SettledFees, AmountError> {
    let mut fees = SettledFees::default();
    for sku in &t.sku_transactions {
        let fee = &sku.fee_tax_breakdown.fee;
        fees.commission_cents -= cents(&fee.platform_commission_amount)?
            + cents(&fee.referral_fee_amount)?
            + cents(&fee.affiliate_commission_amount)?
            + cents(&fee.affiliate_partner_commission_amount)?
            + cents(&fee.affiliate_ads_commission_amount)?;
        fees.transaction_cents -= cents(&fee.transaction_fee_amount)?;
        fees.shipping_cents -= cents(&sku.shipping_cost_breakdown.actual_shipping_fee_amount)?;
        fees.refund_cents -= cents(&sku.revenue_breakdown.refund_subtotal_before_discount_amount)?;
    }
    Ok(fees)
}

fn text(s: &str) -> Option<String> {
    Some(s.trim().to_owned()).filter(|s| !s.is_empty())
}

fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

fn recipient(o: &Order) -> Option<Recipient> {
    if recipient_hidden(&o.status) {
        return None;
    }
    let a = o.recipient_address.as_ref()?;
    let level = |levels: &[&str]| {
        levels.iter().find_map(|l| {
            a.district_info
                .iter()
                .find(|d| d.address_level == *l)
                .and_then(|d| text(&d.address_name))
        })
    };
    let r = Recipient {
        name: text(&a.name),
        phone: text(&a.phone_number),
        address: text(&a.full_address),
        address1: text(&a.address_line1),
        address2: text(&a.address_line2),
        city: level(&["L3", "L2"]),
        state: level(&["L1"]),
        postal_code: text(&a.postal_code),
        region_code: text(&a.region_code),
    };
    (r != Recipient::default()).then_some(r)
}

/// TikTok lists one line per unit: lines of one SKU become one item with its quantity, keyed
/// by the SKU id (a line without one stays alone, keyed by its line id). Prices are per unit.
pub fn fold_lines(lines: &[LineItem]) -> Result<Vec<MarketplaceOrderItem>, AmountError> {
    let mut items: Vec<(MarketplaceOrderItem, i64, i64)> = Vec::new();
    for line in lines {
        let key = text(&line.sku_id).unwrap_or_else(|| line.id.clone());
        let sale = cents(&line.sale_price)?;
        let original = cents(&line.original_price)?;
        match items.iter_mut().find(|(i, _, _)| i.external_id == key) {
            Some((item, sale_sum, original_sum)) => {
                item.quantity += 1;
                *sale_sum += sale;
                *original_sum += original;
            }
            None => items.push((
                MarketplaceOrderItem {
                    external_id: key,
                    product_name: line.product_name.clone(),
                    sku_name: text(&line.sku_name),
                    sku_image: text(&line.sku_image),
                    quantity: 1,
                    sale_price_cents: 0,
                    original_price_cents: 0,
                    external_product_id: text(&line.product_id),
                    external_sku_id: text(&line.sku_id),
                    seller_sku: text(&line.seller_sku),
                    display_status: text(&line.display_status),
                },
                sale,
                original,
            )),
        }
    }
    Ok(items
        .into_iter()
        .map(|(mut item, sale, original)| {
            // Units of one SKU normally cost the same; a discount on one shows as the mean.
            item.sale_price_cents = sale / item.quantity;
            item.original_price_cents = original / item.quantity;
            item
        })
        .collect())
}

/// A TikTok order in Sellerdesk's terms: amounts in cents, lines folded per SKU, the
/// recipient only when the marketplace shows it.
pub fn marketplace_order(o: &Order) -> Result<MarketplaceOrder, AmountError> {
    Ok(MarketplaceOrder {
        channel: SaleChannel::Tiktok,
        external_id: o.id.clone(),
        marketplace_status: o.status.clone(),
        buyer_email: text(&o.buyer_email),
        buyer_message: text(&o.buyer_message),
        recipient: recipient(o),
        currency: text(&o.payment.currency).unwrap_or_else(|| "USD".into()),
        total_cents: cents(&o.payment.total_amount)?,
        shipping_type: text(&o.shipping_type),
        tracking_number: text(&o.tracking_number),
        shipping_provider: text(&o.shipping_provider),
        cancel_reason: text(&o.cancel_reason),
        ordered_at: at(o.create_time),
        paid_at: (o.paid_time > 0).then(|| at(o.paid_time)),
        ship_by_at: (o.rts_sla_time > 0).then(|| at(o.rts_sla_time)),
        updated_at: at(o.update_time),
        items: fold_lines(&o.line_items)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: &str, sku: &str, price: &str) -> LineItem {
        LineItem {
            id: id.into(),
            sku_id: sku.into(),
            product_name: "Tee".into(),
            sale_price: price.into(),
            original_price: price.into(),
            ..LineItem::default()
        }
    }

    #[test]
    fn units_of_a_sku_fold_into_a_quantity() {
        let items = fold_lines(&[
            line("1", "A", "19.99"),
            line("2", "B", "5"),
            line("3", "A", "19.99"),
            line("4", "", "1.10"),
        ])
        .expect("amounts");
        assert_eq!(items.len(), 3);
        assert_eq!(
            (
                items[0].external_id.as_str(),
                items[0].quantity,
                items[0].sale_price_cents
            ),
            ("A", 2, 1999)
        );
        assert_eq!((items[1].quantity, items[1].sale_price_cents), (1, 500));
        assert_eq!(items[2].external_id, "4");
    }

    #[test]
    fn a_hidden_recipient_reads_as_none() {
        let mut o = Order {
            status: "ON_HOLD".into(),
            recipient_address: Some(connectors::tiktok::RecipientAddress {
                name: "Mia Chen".into(),
                ..Default::default()
            }),
            ..Order::default()
        };
        assert!(recipient(&o).is_none());
        o.status = "AWAITING_SHIPMENT".into();
        assert_eq!(
            recipient(&o).and_then(|r| r.name).as_deref(),
            Some("Mia Chen")
        );
        o.recipient_address = None;
        assert!(recipient(&o).is_none());
    }
}
