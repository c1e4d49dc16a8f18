//! Marketplace orders into the order desk, whatever the channel: storing orders read into
//! Sellerdesk's terms (forward only, through `domain::orders::sync`), where an incremental
//! sync resumes, and what writing a fulfilment's tracking back to a marketplace can answer.
//! TikTok's reading lives in `kinds::order_sync`; Amazon's and Walmart's, with their
//! write-backs, in [`amazon`] and [`walmart`].
use chrono::{DateTime, Utc};
use domain::orders::sync::{self, FeeRates, Outcome};
use domain::orders::timeline::EventSource;
use domain::orders::{MarketplaceOrder, MarketplaceStage};
use domain::shops::{self, SaleChannel};

use crate::JobError;
use crate::context::JobContext;

pub mod amazon;
pub mod walmart;

/// Re-read this far before the cursor: updates that land while a page is read are not lost.
pub const OVERLAP_SECS: i64 = 300;

/// How far back the first sync of a shop reads (Amazon and Walmart need a start; TikTok's
/// first sync reads everything): the orders a seller may still have to ship or answer for.
pub const FIRST_SYNC_DAYS: i64 = 30;

/// What storing a batch of orders did.
#[derive(Debug, Default)]
pub struct Stored {
    pub inserted: usize,
    pub updated: usize,
    pub stale: usize,
    pub skipped: usize,
    /// Delivered or completed orders whose fees are still estimates: `(id, marketplace id)`.
    pub delivered: Vec<(String, String)>,
}

impl Stored {
    pub fn add(&mut self, other: Stored) {
        self.inserted += other.inserted;
        self.updated += other.updated;
        self.stale += other.stale;
        self.skipped += other.skipped;
        self.delivered.extend(other.delivered);
    }
}

/// Stores orders of a shop read into Sellerdesk's terms, in one transaction, forward only. An
/// order that could not be read (`Err`: the reason, for the log) is skipped with a warning: the
/// next update brings it again.
pub async fn store_read(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
    orders: Vec<(String, Result<MarketplaceOrder, String>)>,
    source: EventSource,
) -> Result<Stored, JobError> {
    let mut stored = Stored::default();
    if orders.is_empty() {
        return Ok(stored);
    }
    let mut tx = ctx.db.begin().await?;
    let rates: FeeRates = sync::fee_rates(&mut tx, shop_id).await?;
    for (external_id, order) in orders {
        let order = match order {
            Ok(o) => o,
            Err(e) => {
                tracing::warn!(shop = %shop_id, order = %external_id, error = %e, "order skipped: it cannot be read");
                stored.skipped += 1;
                continue;
            }
        };
        let done = sync::upsert(&mut tx, client_id, shop_id, &order, &rates, source).await?;
        match done.outcome {
            Outcome::Inserted => stored.inserted += 1,
            Outcome::Updated => stored.updated += 1,
            Outcome::Stale => stored.stale += 1,
        }
        let stage = order.stage();
        if done.outcome != Outcome::Stale
            && stage >= MarketplaceStage::Delivered
            && stage < MarketplaceStage::Cancelled
        {
            stored
                .delivered
                .push((done.order_id, order.external_id.clone()));
        }
    }
    tx.commit().await?;
    Ok(stored)
}

/// Where a shop's incremental order sync starts (Unix seconds, a little before the cursor) and
/// the cursor it keeps when nothing newer is seen.
pub fn sync_window(cursor: &serde_json::Value, now: DateTime<Utc>) -> (i64, i64) {
    let last = cursor["orders"].as_i64();
    let since = last
        .map(|t| t - OVERLAP_SECS)
        .unwrap_or_else(|| now.timestamp() - FIRST_SYNC_DAYS * 86_400)
        .max(0);
    (since, last.unwrap_or(since))
}

/// The channel of a shop of `client_id`; `None` when it is gone.
pub async fn channel_of(
    ctx: &JobContext,
    client_id: &str,
    shop_id: &str,
) -> Result<Option<SaleChannel>, JobError> {
    let mut conn = ctx.db.conn().await?;
    Ok(shops::credentials(&mut conn, client_id, shop_id)
        .await?
        .map(|c| c.sale_channel))
}

/// What a marketplace answered to a fulfilment's tracking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteBack {
    /// The marketplace has it: this call's, or an earlier one's whose answer was lost.
    Accepted,
    /// Refused for good; the text is for the seller (the marketplace's words).
    Refused(String),
    /// The shop was removed since: nothing to write to.
    ShopGone,
}

/// A positive number unique to a fulfilment order, the same at every try: the package number
/// a marketplace keys a shipment by (Amazon's `packageReferenceId`). FNV-1a of the id.
pub fn package_number(fulfillment_order_id: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in fulfillment_order_id.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // Fifteen digits at most: a JavaScript number keeps it whole.
    hash % 999_999_999_999_999 + 1
}

/// The parts of an address joined for the desk's one-line view.
pub fn one_line(parts: &[Option<&str>]) -> Option<String> {
    let text: Vec<&str> = parts
        .iter()
        .flatten()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect();
    (!text.is_empty()).then(|| text.join(", "))
}

/// Text that is there, trimmed.
pub fn text(s: Option<&str>) -> Option<String> {
    s.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_resumes_before_the_cursor_and_starts_a_month_back() {
        let now = DateTime::from_timestamp(10_000_000, 0).unwrap_or_default();
        let (since, keep) = sync_window(&serde_json::json!({ "orders": 9_000_000 }), now);
        assert_eq!((since, keep), (9_000_000 - OVERLAP_SECS, 9_000_000));
        let (since, keep) = sync_window(&serde_json::json!({}), now);
        assert_eq!(since, 10_000_000 - FIRST_SYNC_DAYS * 86_400);
        assert_eq!(keep, since);
    }

    #[test]
    fn a_package_number_is_positive_stable_and_short() {
        let n = package_number("01J0FULFILMENT");
        assert_eq!(n, package_number("01J0FULFILMENT"));
        assert_ne!(n, package_number("01J0FULFILMENT2"));
        assert!(n > 0 && n < 1_000_000_000_000_000);
    }
}
