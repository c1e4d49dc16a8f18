//! Orders from the marketplaces into the database: insert, refresh forward only, fees settled
//! or estimated, and the net amount kept with every write.
//!
//! An order's state only moves forward. Each write compares the marketplace's update time and
//! the rank of its status ([`MarketplaceStage`], one scale for every channel) with what is
//! stored: an older update is ignored whole, a status ranking below the stored one never
//! replaces it, and CANCELLED ranks last. Syncs and webhook pulls of the same order may run at
//! once, so the refresh is a compare-and-set on what was read (re-read and decided again when
//! another writer won).
use std::str::FromStr;

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use sqlx::Row;

use super::timeline::{self, Change, EventSource};
use super::{
    MarketplaceOrder, MarketplaceStage, OrderStatus, Recipient, SettledFees, derive_status,
};
use crate::db::Conn;
use crate::shops::SaleChannel;
use crate::{DomainError, Result, ids, stored, time};

/// The transaction fee Sellerdesk assumes for a TikTok order until TikTok settles it: 2.9 % of
/// the order's total, the usual card-processing share. The commission is the shop's own
/// `commission_rate`. Amazon and Walmart charge no fee apart from their referral fee (the
/// shop's `commission_rate`, [`SaleChannel::default_commission_percent`] when connected).
pub const ESTIMATED_TRANSACTION_FEE_PERCENT: &str = "2.9";

/// Why a marketplace amount could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0:?} is not an amount of money")]
pub struct AmountError(pub String);

/// A decimal string as the marketplaces send money (`"19.99"`, `"-2"`, `""` for none) in
/// cents, exactly: parsed as a decimal, never through a float. A fraction of a cent (which no
/// currency of ours has) is rounded half away from zero.
pub fn cents(amount: &str) -> std::result::Result<i64, AmountError> {
    let raw = amount.trim();
    if raw.is_empty() {
        return Ok(0);
    }
    let value = Decimal::from_str_exact(raw)
        .or_else(|_| Decimal::from_str(raw))
        .map_err(|_| AmountError(raw.to_owned()))?;
    (value * Decimal::ONE_HUNDRED)
        .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero)
        .to_i64()
        .ok_or_else(|| AmountError(raw.to_owned()))
}

/// What the marketplace keeps of a shop's orders until it settles them, in percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeRates {
    pub commission_percent: Decimal,
    pub transaction_percent: Decimal,
}

impl FeeRates {
    /// A shop's rates: its commission, and the transaction fee its channel adds.
    pub fn for_channel(channel: SaleChannel, commission_percent: Decimal) -> FeeRates {
        match channel {
            SaleChannel::Tiktok => FeeRates::new(commission_percent),
            // The referral fee is all they keep: payment processing is included in it.
            SaleChannel::Amazon | SaleChannel::Walmart => FeeRates {
                commission_percent,
                transaction_percent: Decimal::ZERO,
            },
        }
    }

    /// TikTok's: the commission and the assumed transaction fee.
    pub fn new(commission_percent: Decimal) -> FeeRates {
        FeeRates {
            commission_percent,
            transaction_percent: Decimal::from_str(ESTIMATED_TRANSACTION_FEE_PERCENT)
                .unwrap_or_default(),
        }
    }

    /// The fees of an unsettled order of `total_cents`: commission and transaction fee at
    /// these rates; shipping is the seller's own until the statement says otherwise.
    pub fn estimate(&self, total_cents: i64) -> SettledFees {
        let share = |percent: Decimal| {
            (Decimal::from(total_cents) * percent / Decimal::ONE_HUNDRED)
                .round_dp_with_strategy(0, RoundingStrategy::MidpointAwayFromZero)
                .to_i64()
                .unwrap_or(0)
        };
        SettledFees {
            commission_cents: share(self.commission_percent),
            transaction_cents: share(self.transaction_percent),
            shipping_cents: 0,
            refund_cents: 0,
        }
    }
}

/// The rates of a shop: its `commission_rate` (percent) and the transaction fee its channel
/// adds ([`FeeRates::for_channel`]).
pub async fn fee_rates(conn: &mut Conn, shop_id: &str) -> Result<FeeRates> {
    let row = sqlx::query("SELECT commission_rate, sale_channel FROM shops WHERE id = $1")
        .bind(shop_id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(row) = row else {
        return Ok(FeeRates::new(Decimal::ZERO));
    };
    let rate: f64 = row.try_get("commission_rate")?;
    let channel: SaleChannel = stored::column(&row, "shops", "sale_channel")?;
    // A REAL column: read back to four places, the precision a person types a rate with.
    let percent = Decimal::from_f64_retain(rate)
        .map(|d| d.round_dp(4))
        .unwrap_or_default();
    Ok(FeeRates::for_channel(channel, percent))
}

/// What a write did to an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// First seen.
    Inserted,
    /// Refreshed by an update at least as new as the stored one.
    Updated,
    /// Older than what is stored: nothing written.
    Stale,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upserted {
    pub order_id: String,
    pub outcome: Outcome,
    pub status: OrderStatus,
    /// The workflow status changed (a timeline row was written).
    pub status_changed: bool,
}

/// What a refresh compares and computes from.
struct Stored {
    id: String,
    status: OrderStatus,
    marketplace_status: Option<String>,
    rank: i64,
    updated_at: Option<String>,
    fees_settled: bool,
    commission: i64,
    transaction: i64,
    shipping: i64,
    refund: i64,
    fulfillment: i64,
    buyer_email: Option<String>,
    recipient_name: Option<String>,
}

// fees_settled is read as a number: SQLite reports a BOOLEAN column's type, which the Any driver
// cannot map.
const STORED: &str = "SELECT id, status, marketplace_status, marketplace_rank, marketplace_updated_at,
    CASE WHEN fees_settled THEN 1 ELSE 0 END AS fees_settled,
    commission_fee_cents, transaction_fee_cents, shipping_fee_cents, refund_amount_cents, fulfillment_cost_cents,
    buyer_email, recipient_name
    FROM orders WHERE shop_id = $1 AND external_order_id = $2";

async fn stored_of(conn: &mut Conn, shop_id: &str, external_id: &str) -> Result<Option<Stored>> {
    let Some(row) = sqlx::query(STORED)
        .bind(shop_id)
        .bind(external_id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    Ok(Some(Stored {
        id: row.try_get("id")?,
        status: stored::column(&row, "orders", "status")?,
        marketplace_status: row.try_get("marketplace_status")?,
        rank: row.try_get("marketplace_rank")?,
        updated_at: row.try_get("marketplace_updated_at")?,
        fees_settled: row.try_get::<i64, _>("fees_settled")? != 0,
        commission: row.try_get("commission_fee_cents")?,
        transaction: row.try_get("transaction_fee_cents")?,
        shipping: row.try_get("shipping_fee_cents")?,
        refund: row.try_get("refund_amount_cents")?,
        fulfillment: row.try_get("fulfillment_cost_cents")?,
        buyer_email: row.try_get("buyer_email")?,
        recipient_name: row.try_get("recipient_name")?,
    }))
}

/// Money of an order after a write: fees, refund, what the marketplace pays out (the revenue
/// estimate) and the net after fulfilment.
struct Money {
    fees: SettledFees,
    revenue: i64,
    net: i64,
}

fn money(total: i64, fees: SettledFees, fulfillment: i64) -> Money {
    let revenue = total - fees.commission_cents - fees.transaction_cents - fees.shipping_cents;
    let revenue = revenue - fees.refund_cents;
    Money {
        fees,
        revenue,
        net: revenue - fulfillment,
    }
}

/// A cancelled order keeps nothing: its whole total counts as refunded (a paid one is paid
/// back, an unpaid one never paid), so its net is zero less any fulfilment already spent.
fn order_money(
    total: i64,
    cancelled: bool,
    settled: Option<SettledFees>,
    rates: &FeeRates,
    fulfillment: i64,
) -> Money {
    let fees = match (cancelled, settled) {
        (_, Some(settled)) => SettledFees {
            refund_cents: if cancelled {
                total
            } else {
                settled.refund_cents
            },
            ..settled
        },
        (true, None) => SettledFees {
            refund_cents: total,
            ..SettledFees::default()
        },
        (false, None) => rates.estimate(total),
    };
    money(total, fees, fulfillment)
}

/// Inserts an order first seen, or refreshes a stored one when the update is at least as new;
/// its items (one per SKU) follow the order, and a change of workflow status writes a timeline
/// row by `source`. Safe to repeat, and to run concurrently for the same order.
pub async fn upsert(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    o: &MarketplaceOrder,
    rates: &FeeRates,
    source: EventSource,
) -> Result<Upserted> {
    // Another writer of the same order between our read and our write makes the write find
    // nothing to change; read again and decide again. A handful of rounds is plenty: each lost
    // round means someone else made progress on this very order.
    for _ in 0..8 {
        let found = match stored_of(conn, shop_id, &o.external_id).await? {
            None => insert(conn, client_id, shop_id, o, rates, source).await?,
            Some(current) => refresh(conn, client_id, shop_id, o, rates, source, current).await?,
        };
        if let Some(done) = found {
            return Ok(done);
        }
    }
    Err(DomainError::Conflict(format!(
        "order {} kept changing while it was written",
        o.external_id
    )))
}

fn recipient_parts(r: Option<&Recipient>) -> [Option<String>; 9] {
    match r {
        Some(r) => [
            r.name.clone(),
            r.phone.clone(),
            r.address.clone(),
            r.address1.clone(),
            r.address2.clone(),
            r.city.clone(),
            r.state.clone(),
            r.postal_code.clone(),
            r.region_code.clone(),
        ],
        None => Default::default(),
    }
}

async fn insert(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    o: &MarketplaceOrder,
    rates: &FeeRates,
    source: EventSource,
) -> Result<Option<Upserted>> {
    let now = time::now_db();
    let id = ids::new_id();
    let stage = o.stage();
    let rank = stage.rank();
    let total = o.total_cents.max(0);
    let cancelled = stage == MarketplaceStage::Cancelled;
    let m = order_money(total, cancelled, None, rates, 0);
    let provisional = derive_status(None, stage, false, false);
    let r = recipient_parts(o.recipient.as_ref());
    let inserted = sqlx::query(
        "INSERT INTO orders (id, client_id, shop_id, external_order_id, status, marketplace_status, marketplace_rank,
            buyer_email, buyer_message, recipient_name, recipient_phone, recipient_address, recipient_address1,
            recipient_address2, recipient_city, recipient_state, recipient_postal_code, recipient_region_code,
            currency, total_amount_cents, refund_amount_cents, revenue_estimate_cents, shipping_type, tracking_number,
            shipping_provider, cancel_reason, ordered_at, paid_at, ship_by_at, marketplace_updated_at,
            commission_fee_cents, transaction_fee_cents, shipping_fee_cents, net_amount_cents, search_text,
            synced_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
            $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $36, $36)
         ON CONFLICT (shop_id, external_order_id) DO NOTHING",
    )
    .bind(&id)
    .bind(client_id)
    .bind(shop_id)
    .bind(&o.external_id)
    .bind(provisional.as_str())
    .bind(&o.marketplace_status)
    .bind(rank)
    .bind(&o.buyer_email)
    .bind(&o.buyer_message)
    .bind(&r[0])
    .bind(&r[1])
    .bind(&r[2])
    .bind(&r[3])
    .bind(&r[4])
    .bind(&r[5])
    .bind(&r[6])
    .bind(&r[7])
    .bind(&r[8])
    .bind(&o.currency)
    .bind(total)
    .bind(m.fees.refund_cents)
    .bind(m.revenue)
    .bind(&o.shipping_type)
    .bind(&o.tracking_number)
    .bind(&o.shipping_provider)
    .bind(&o.cancel_reason)
    .bind(time::to_db(o.ordered_at))
    .bind(o.paid_at.map(time::to_db))
    .bind(o.ship_by_at.map(time::to_db))
    .bind(time::to_db(o.updated_at))
    .bind(m.fees.commission_cents)
    .bind(m.fees.transaction_cents)
    .bind(m.fees.shipping_cents)
    .bind(m.net)
    .bind(o.search_text(o.buyer_email.as_deref(), r[0].as_deref()))
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    if inserted.rows_affected() == 0 {
        // Inserted by another writer since we looked: refresh it instead.
        return Ok(None);
    }
    write_items(conn, client_id, shop_id, &id, o, &now).await?;
    let status = settle_status(conn, &id, None, provisional, stage).await?;
    timeline::record(
        conn,
        client_id,
        &id,
        &Change {
            source,
            user_id: None,
            from: None,
            to: status,
            marketplace_status: Some(&o.marketplace_status),
        },
    )
    .await?;
    Ok(Some(Upserted {
        order_id: id,
        outcome: Outcome::Inserted,
        status,
        status_changed: true,
    }))
}

#[allow(clippy::too_many_arguments)]
async fn refresh(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    o: &MarketplaceOrder,
    rates: &FeeRates,
    source: EventSource,
    current: Stored,
) -> Result<Option<Upserted>> {
    let incoming_rank = o.stage().rank();
    let incoming_at = time::to_db(o.updated_at);
    let stored_at = current.updated_at.clone().unwrap_or_default();
    // Fixed-width UTC text: text order is time order.
    let older =
        incoming_at < stored_at || (incoming_at == stored_at && incoming_rank < current.rank);
    if older {
        return Ok(Some(Upserted {
            order_id: current.id,
            outcome: Outcome::Stale,
            status: current.status,
            status_changed: false,
        }));
    }
    // Newer by time, yet behind by status (a replica lagging on one field): the status stays.
    let (marketplace_status, rank) = if incoming_rank >= current.rank {
        (o.marketplace_status.clone(), incoming_rank)
    } else {
        (
            current
                .marketplace_status
                .clone()
                .unwrap_or_else(|| o.marketplace_status.clone()),
            current.rank,
        )
    };
    let stage = MarketplaceStage::of(o.channel, &marketplace_status);
    let total = o.total_cents.max(0);
    let cancelled = rank == MarketplaceStage::Cancelled.rank();
    let settled = current.fees_settled.then_some(SettledFees {
        commission_cents: current.commission,
        transaction_cents: current.transaction,
        shipping_cents: current.shipping,
        refund_cents: current.refund,
    });
    let m = order_money(total, cancelled, settled, rates, current.fulfillment);
    let now = time::now_db();
    let r = recipient_parts(o.recipient.as_ref());
    // What the row holds after this write: a hidden recipient or a missing buyer keeps the stored one.
    let search = o.search_text(
        o.buyer_email.as_deref().or(current.buyer_email.as_deref()),
        if o.recipient.is_some() {
            r[0].as_deref()
        } else {
            current.recipient_name.as_deref()
        },
    );
    let changed = sqlx::query(
        "UPDATE orders SET marketplace_status = $1, marketplace_rank = $2,
            buyer_email = COALESCE($3, buyer_email), buyer_message = COALESCE($4, buyer_message),
            recipient_name = CASE WHEN $5 THEN $6 ELSE recipient_name END,
            recipient_phone = CASE WHEN $5 THEN $7 ELSE recipient_phone END,
            recipient_address = CASE WHEN $5 THEN $8 ELSE recipient_address END,
            recipient_address1 = CASE WHEN $5 THEN $9 ELSE recipient_address1 END,
            recipient_address2 = CASE WHEN $5 THEN $10 ELSE recipient_address2 END,
            recipient_city = CASE WHEN $5 THEN $11 ELSE recipient_city END,
            recipient_state = CASE WHEN $5 THEN $12 ELSE recipient_state END,
            recipient_postal_code = CASE WHEN $5 THEN $13 ELSE recipient_postal_code END,
            recipient_region_code = CASE WHEN $5 THEN $14 ELSE recipient_region_code END,
            currency = $15, total_amount_cents = $16, refund_amount_cents = $17, revenue_estimate_cents = $18,
            shipping_type = COALESCE($19, shipping_type), tracking_number = COALESCE($20, tracking_number),
            shipping_provider = COALESCE($21, shipping_provider), cancel_reason = COALESCE($22, cancel_reason),
            paid_at = COALESCE($23, paid_at), ship_by_at = COALESCE($24, ship_by_at), marketplace_updated_at = $25,
            commission_fee_cents = $26, transaction_fee_cents = $27, shipping_fee_cents = $28, net_amount_cents = $29,
            synced_at = $30, updated_at = $30, search_text = $37
         WHERE id = $31 AND status = $32 AND marketplace_rank = $33 AND COALESCE(marketplace_updated_at, '') = $34
            AND fulfillment_cost_cents = $35 AND (CASE WHEN fees_settled THEN 1 ELSE 0 END) = $36",
    )
    .bind(&marketplace_status)
    .bind(rank)
    .bind(&o.buyer_email)
    .bind(&o.buyer_message)
    .bind(o.recipient.is_some())
    .bind(&r[0])
    .bind(&r[1])
    .bind(&r[2])
    .bind(&r[3])
    .bind(&r[4])
    .bind(&r[5])
    .bind(&r[6])
    .bind(&r[7])
    .bind(&r[8])
    .bind(&o.currency)
    .bind(total)
    .bind(m.fees.refund_cents)
    .bind(m.revenue)
    .bind(&o.shipping_type)
    .bind(&o.tracking_number)
    .bind(&o.shipping_provider)
    .bind(&o.cancel_reason)
    .bind(o.paid_at.map(time::to_db))
    .bind(o.ship_by_at.map(time::to_db))
    .bind(&incoming_at)
    .bind(m.fees.commission_cents)
    .bind(m.fees.transaction_cents)
    .bind(m.fees.shipping_cents)
    .bind(m.net)
    .bind(&now)
    .bind(&current.id)
    .bind(current.status.as_str())
    .bind(current.rank)
    .bind(&stored_at)
    .bind(current.fulfillment)
    .bind(i64::from(current.fees_settled))
    .bind(search)
    .execute(&mut *conn)
    .await?;
    if changed.rows_affected() == 0 {
        return Ok(None);
    }
    write_items(conn, client_id, shop_id, &current.id, o, &now).await?;
    let status = settle_status(
        conn,
        &current.id,
        Some(current.status),
        current.status,
        stage,
    )
    .await?;
    let status_changed = status != current.status;
    if status_changed {
        timeline::record(
            conn,
            client_id,
            &current.id,
            &Change {
                source,
                user_id: None,
                from: Some(current.status),
                to: status,
                marketplace_status: Some(&marketplace_status),
            },
        )
        .await?;
    }
    Ok(Some(Upserted {
        order_id: current.id,
        outcome: Outcome::Updated,
        status,
        status_changed,
    }))
}

/// Derives the workflow status now that the items are written and stores it when it differs
/// from `written` (what the row holds). The design look-up and the manual check run only when
/// they can change the answer.
async fn settle_status(
    conn: &mut Conn,
    order_id: &str,
    current: Option<OrderStatus>,
    written: OrderStatus,
    stage: MarketplaceStage,
) -> Result<OrderStatus> {
    let marketplace = stage.order_status();
    let derivable = marketplace.is_final()
        || matches!(
            current,
            None | Some(OrderStatus::AwaitingDesign | OrderStatus::AwaitingFulfillment)
        );
    if !derivable {
        return Ok(written);
    }
    let needs_design = !marketplace.is_final() && needs_design(conn, order_id).await?;
    let mut status = derive_status(current, stage, needs_design, false);
    if status != written
        && current.is_some()
        && !marketplace.is_final()
        && chosen_by_hand(conn, order_id).await?
    {
        status = written;
    }
    if status != written {
        sqlx::query("UPDATE orders SET status = $1 WHERE id = $2")
            .bind(status.as_str())
            .bind(order_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(status)
}

/// A print-on-demand item whose local product has no design file yet.
async fn needs_design(conn: &mut Conn, order_id: &str) -> Result<bool> {
    let missing: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM order_items i JOIN products p ON p.id = i.product_id
         WHERE i.order_id = $1 AND p.type = 'POD' AND NOT EXISTS (
            SELECT 1 FROM product_designs d WHERE d.product_id = p.id AND d.client_id = i.client_id
              AND COALESCE(d.design_front_url, d.design_back_url, d.design_sleeve_url, d.design_hood_url) IS NOT NULL)",
    )
    .bind(order_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(missing > 0)
}

/// The order's last status change was a person's.
async fn chosen_by_hand(conn: &mut Conn, order_id: &str) -> Result<bool> {
    let last: Option<String> = sqlx::query_scalar(
        "SELECT source FROM order_events WHERE order_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(order_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(last.as_deref() == Some(EventSource::User.as_str()))
}

/// The order's items as the marketplace lists them now: each SKU's row inserted or refreshed,
/// rows the marketplace no longer lists removed, local product and variant resolved through
/// the shop's listings (Amazon and Walmart name an item by its seller SKU only: see
/// [`by_seller_sku`]), and the order's owner taken from the first item's product.
async fn write_items(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    order_id: &str,
    o: &MarketplaceOrder,
    now: &str,
) -> Result<()> {
    for item in &o.items {
        let (sku_product, sku_variant) = match (o.channel, item.seller_sku.as_deref()) {
            (SaleChannel::Tiktok, _) | (_, None) => (None, None),
            (_, Some(sku)) => by_seller_sku(conn, client_id, shop_id, sku)
                .await?
                .map_or((None, None), |(p, v)| (Some(p), v)),
        };
        sqlx::query(
            "INSERT INTO order_items (id, client_id, order_id, external_item_id, product_name, sku_name, sku_image, quantity,
                sale_price_cents, original_price_cents, external_product_id, seller_sku, external_sku_id, display_status,
                product_id, variant_id, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                COALESCE((SELECT sp.product_id FROM shop_products sp WHERE sp.shop_id = $15 AND sp.external_product_id = $11), $17),
                COALESCE((SELECT k.variant_id FROM shop_product_skus k JOIN shop_products sp ON sp.id = k.shop_product_id
                  WHERE sp.shop_id = $15 AND k.external_sku_id = $13), $18),
                $16, $16)
             ON CONFLICT (order_id, external_item_id) DO UPDATE SET quantity = $8, sale_price_cents = $9,
                original_price_cents = $10, display_status = $14, sku_image = COALESCE($7, order_items.sku_image),
                product_id = COALESCE(order_items.product_id, excluded.product_id),
                variant_id = COALESCE(order_items.variant_id, excluded.variant_id), updated_at = $16",
        )
        .bind(ids::new_id())
        .bind(client_id)
        .bind(order_id)
        .bind(&item.external_id)
        .bind(&item.product_name)
        .bind(&item.sku_name)
        .bind(&item.sku_image)
        .bind(item.quantity.max(1))
        .bind(item.sale_price_cents.max(0))
        .bind(item.original_price_cents.max(0))
        .bind(&item.external_product_id)
        .bind(&item.seller_sku)
        .bind(&item.external_sku_id)
        .bind(&item.display_status)
        .bind(shop_id)
        .bind(now)
        .bind(sku_product)
        .bind(sku_variant)
        .execute(&mut *conn)
        .await?;
    }
    let stored: Vec<String> =
        sqlx::query_scalar("SELECT external_item_id FROM order_items WHERE order_id = $1")
            .bind(order_id)
            .fetch_all(&mut *conn)
            .await?;
    for gone in stored
        .iter()
        .filter(|s| !o.items.iter().any(|i| &i.external_id == *s))
    {
        // A line the marketplace dropped, or one unit-line stored before lines were folded.
        sqlx::query("DELETE FROM order_items WHERE order_id = $1 AND external_item_id = $2")
            .bind(order_id)
            .bind(gone)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query(
        "UPDATE orders SET owner_user_id = (
            SELECT p.created_by_user_id FROM order_items i JOIN products p ON p.id = i.product_id
            WHERE i.order_id = $1 AND p.created_by_user_id IS NOT NULL ORDER BY i.external_item_id LIMIT 1)
         WHERE id = $1 AND owner_user_id IS NULL",
    )
    .bind(order_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The local product and variant an order item of `shop_id` names by its seller SKU: the
/// variant listed on this shop under that SKU (its marketplace SKU, or the variant's own SKU on
/// a product listed there), else the one variant of the client with that SKU. A SKU several
/// products share (one template's SKUs land on many products) resolves only through the shop's
/// listings, and not at all when even they disagree: no link is better than a wrong one.
async fn by_seller_sku(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    sku: &str,
) -> Result<Option<(String, Option<String>)>> {
    let listed = sqlx::query(
        "SELECT DISTINCT sp.product_id, k.variant_id FROM shop_product_skus k JOIN shop_products sp ON sp.id = k.shop_product_id
         WHERE sp.shop_id = $1 AND sp.client_id = $2 AND (k.external_sku_id = $3 OR k.seller_sku = $3)
         UNION
         SELECT DISTINCT v.product_id, v.id FROM product_variants v JOIN shop_products sp ON sp.product_id = v.product_id
         WHERE sp.shop_id = $1 AND v.client_id = $2 AND v.sku = $3
         LIMIT 2",
    )
    .bind(shop_id)
    .bind(client_id)
    .bind(sku)
    .fetch_all(&mut *conn)
    .await?;
    let rows = if listed.is_empty() {
        sqlx::query(
            "SELECT v.product_id, v.id AS variant_id FROM product_variants v WHERE v.client_id = $1 AND v.sku = $2 LIMIT 2",
        )
        .bind(client_id)
        .bind(sku)
        .fetch_all(&mut *conn)
        .await?
    } else {
        listed
    };
    match rows.as_slice() {
        [one] => Ok(Some((one.try_get(0)?, one.try_get(1)?))),
        _ => Ok(None),
    }
}

/// Stores the fees the marketplace settled for an order and marks them settled; the net is
/// recomputed from them. A cancelled order stays fully refunded.
pub async fn settle_fees(conn: &mut Conn, order_id: &str, fees: &SettledFees) -> Result<bool> {
    let Some(row) = sqlx::query(
        "SELECT total_amount_cents, marketplace_rank, fulfillment_cost_cents FROM orders WHERE id = $1",
    )
    .bind(order_id)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(false);
    };
    let total: i64 = row.try_get("total_amount_cents")?;
    let rank: i64 = row.try_get("marketplace_rank")?;
    let cancelled = rank == MarketplaceStage::Cancelled.rank();
    let refund = if cancelled {
        total
    } else {
        fees.refund_cents.clamp(0, total)
    };
    let now = time::now_db();
    // The fulfilment cost is read in the statement itself, so a concurrent change of it still
    // lands in the net.
    let changed = sqlx::query(
        "UPDATE orders SET commission_fee_cents = $1, transaction_fee_cents = $2, shipping_fee_cents = $3,
            refund_amount_cents = $4, fees_settled = TRUE, fees_checked_at = $5,
            revenue_estimate_cents = total_amount_cents - $1 - $2 - $3 - $4,
            net_amount_cents = total_amount_cents - $1 - $2 - $3 - $4 - fulfillment_cost_cents, updated_at = $5
         WHERE id = $6",
    )
    .bind(fees.commission_cents)
    .bind(fees.transaction_cents)
    .bind(fees.shipping_cents)
    .bind(refund)
    .bind(&now)
    .bind(order_id)
    .execute(&mut *conn)
    .await?;
    Ok(changed.rows_affected() > 0)
}

/// Records that the marketplace was asked for an order's settlement (and had none yet), so
/// the next syncs ask for other orders first.
pub async fn fees_checked(conn: &mut Conn, order_id: &str) -> Result<()> {
    sqlx::query("UPDATE orders SET fees_checked_at = $1 WHERE id = $2")
        .bind(time::now_db())
        .bind(order_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Delivered or completed orders of a shop whose fees are still estimates, the longest
/// unchecked first: `(order id, marketplace order id)`.
pub async fn unsettled(
    conn: &mut Conn,
    shop_id: &str,
    limit: i64,
) -> Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT id, external_order_id FROM orders
         WHERE shop_id = $1 AND fees_settled = FALSE AND marketplace_rank IN ($2, $3)
         ORDER BY COALESCE(fees_checked_at, ''), marketplace_updated_at LIMIT $4",
    )
    .bind(shop_id)
    .bind(MarketplaceStage::Delivered.rank())
    .bind(MarketplaceStage::Completed.rank())
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("external_order_id")?)))
        .collect()
}

/// Connected TikTok shops with this marketplace shop id, as `(client, shop)`: where a
/// webhook about that shop belongs (several clients may have connected the same shop).
pub async fn tiktok_shops_of(
    conn: &mut Conn,
    external_shop_id: &str,
) -> Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT client_id, id FROM shops WHERE external_shop_id = $1 AND sale_channel = 'TIKTOK' AND connection = 'CONNECTED'",
    )
    .bind(external_shop_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("client_id")?, r.try_get("id")?)))
        .collect()
}

/// What is stored of a marketplace order a sync meets again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastSeen {
    /// The marketplace's update time of the stored version.
    pub updated_at: Option<time::Timestamp>,
    pub marketplace_status: Option<String>,
    pub has_recipient: bool,
}

/// The stored version of a shop's marketplace order, if any: a sync whose marketplace reads
/// cost calls per order (Amazon's items and address) skips those it has already.
pub async fn last_seen(
    conn: &mut Conn,
    shop_id: &str,
    external_id: &str,
) -> Result<Option<LastSeen>> {
    let row = sqlx::query(
        "SELECT marketplace_updated_at, marketplace_status, recipient_address1 FROM orders WHERE shop_id = $1 AND external_order_id = $2",
    )
    .bind(shop_id)
    .bind(external_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(LastSeen {
        updated_at: row
            .try_get::<Option<String>, _>("marketplace_updated_at")?
            .map(|t| time::from_db(&t)),
        marketplace_status: row.try_get("marketplace_status")?,
        has_recipient: row
            .try_get::<Option<String>, _>("recipient_address1")?
            .is_some(),
    }))
}

/// Orders of a shop, for tests and the sync's report.
pub async fn count_of_shop(conn: &mut Conn, client_id: &str, shop_id: &str) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE shop_id = $1 AND client_id = $2")
            .bind(shop_id)
            .bind(client_id)
            .fetch_one(&mut *conn)
            .await?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_exactly() {
        assert_eq!(cents("19.99"), Ok(1999));
        assert_eq!(cents("0.1"), Ok(10));
        assert_eq!(cents("1234567.89"), Ok(123_456_789));
        assert_eq!(cents("-2"), Ok(-200));
        assert_eq!(cents(" 4.5 "), Ok(450));
        assert_eq!(cents(""), Ok(0));
        assert_eq!(cents("0.005"), Ok(1));
        assert!(cents("12,50").is_err());
        assert!(cents("NaN").is_err());
        // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 30.
        assert_eq!(cents("0.1").unwrap_or(0) + cents("0.2").unwrap_or(0), 30);
    }

    #[test]
    fn estimates_round_to_the_cent() {
        let rates = FeeRates::new(Decimal::from_str("12.5").unwrap_or_default());
        let fees = rates.estimate(2349);
        // 12.5 % of 23.49 = 2.93625 → 2.94; 2.9 % = 0.68121 → 0.68.
        assert_eq!(fees.commission_cents, 294);
        assert_eq!(fees.transaction_cents, 68);
        let m = order_money(2349, false, None, &rates, 0);
        assert_eq!(m.net, 2349 - 294 - 68);
        let cancelled = order_money(2349, true, None, &rates, 0);
        assert_eq!(cancelled.net, 0);
        assert_eq!(cancelled.fees.refund_cents, 2349);
    }
}
