//! `shop.sync`: one shop brought up to date — on TikTok Shop warehouses, the live status of
//! what Sellerdesk listed there, and orders (forward only, with the fees of those the
//! marketplace settled since); on Amazon and Walmart their orders ([`crate::orders`]) — each
//! resuming from the update time the last sync reached, so a repeated or overlapping run only
//! re-reads a little. On TikTok it also subscribes the shop's order webhook. Scheduled
//! (`CRON_SHOP_SYNC`), a tick queues one `shop.sync` per connected shop of every channel.
//!
//! Errors: a shop removed since the job was queued is nothing to do; a shop not connected
//! fails; marketplace errors split as `From<TiktokError>` says; database ones retry.
use connectors::tiktok::{OrderSearch, OrderSort, Page, ProductSearch};
use domain::event_histories::EventHistory;
use domain::orders::timeline::EventSource;
use domain::shops::SaleChannel;
use domain::{shop_products, shops};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::order_sync::{Stored, settle_unsettled, store_orders, subscribe_webhook};
use super::{JobKind, Scheduled, pull_warehouses};
use crate::JobError;
use crate::context::JobContext;
use crate::enqueue::{EnqueueOptions, Pending};
use crate::orders::{amazon, channel_of, walmart};
use crate::tiktok::{ShopAccessError, open_shop};

/// One shop (queued by a seller or by a tick), or a tick of the schedule (every shop).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ShopSync {
    Shop {
        shop_id: String,
        /// The tick that queued it: one sync per shop and tick.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tick: Option<String>,
    },
    Tick {
        tick: String,
    },
}

impl ShopSync {
    pub fn shop(shop_id: &str) -> ShopSync {
        ShopSync::Shop {
            shop_id: shop_id.to_owned(),
            tick: None,
        }
    }
}

impl Scheduled for ShopSync {
    fn for_tick(tick: String) -> Self {
        ShopSync::Tick { tick }
    }
}

impl JobKind for ShopSync {
    const NAME: &'static str = "shop.sync";

    fn dedupe_key(&self) -> Option<String> {
        match self {
            ShopSync::Shop {
                shop_id,
                tick: Some(tick),
            } => Some(format!("{tick}:{shop_id}")),
            ShopSync::Shop { tick: None, .. } => None,
            ShopSync::Tick { tick } => Some(tick.clone()),
        }
    }

    fn shop_id(&self) -> Option<&str> {
        match self {
            ShopSync::Shop { shop_id, .. } => Some(shop_id),
            ShopSync::Tick { .. } => None,
        }
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        match self {
            ShopSync::Shop { shop_id, .. } => sync_one(ctx, job, shop_id).await,
            ShopSync::Tick { tick } => every_shop(ctx, &tick).await,
        }
    }
}

/// The schedule's tick: one `shop.sync` per connected shop of every client, each keyed by the
/// tick and the shop, so a tick delivered twice queues each shop once.
async fn every_shop(ctx: &JobContext, tick: &str) -> Result<(), JobError> {
    let mut tx = ctx.db.begin().await?;
    let shops = shops::connected_for_sync(&mut tx).await?;
    let mut pending = Pending::new();
    for (client_id, shop_id) in &shops {
        let each = ShopSync::Shop {
            shop_id: shop_id.clone(),
            tick: Some(tick.to_owned()),
        };
        let options = EnqueueOptions::new(ctx.config.max_attempts).client(client_id);
        pending.add(each.enqueue(&mut tx, &options).await?);
    }
    tx.commit().await?;
    let queued = pending.len();
    // Queued by an earlier delivery of this tick and not pushed (a crash in between): the
    // sweeper pushes those after JOB_LOST_AFTER_SECS.
    ctx.push(pending).await;
    tracing::info!(%tick, shops = shops.len(), queued, "scheduled shop sync queued");
    Ok(())
}

/// Re-read this far before the cursor: updates that land while a page is read are not lost.
const OVERLAP_SECS: i64 = 300;

/// One shop brought up to date, as its channel allows: Amazon's and Walmart's orders
/// ([`crate::orders`]), or TikTok's warehouses, listings and orders.
async fn sync_one(ctx: &JobContext, job: &EventHistory, shop_id: String) -> Result<(), JobError> {
    let client_id = job
        .client_id
        .clone()
        .ok_or_else(|| JobError::Permanent("shop.sync needs a client".into()))?;
    match channel_of(ctx, &client_id, &shop_id).await? {
        // Removed since the job was queued: nothing left to sync.
        None => Ok(()),
        Some(SaleChannel::Amazon) => amazon::sync_shop(ctx, &client_id, &shop_id).await,
        Some(SaleChannel::Walmart) => walmart::sync_shop(ctx, &client_id, &shop_id).await,
        Some(SaleChannel::Tiktok) => sync_tiktok(ctx, client_id, shop_id).await,
    }
}

/// One TikTok shop brought up to date.
async fn sync_tiktok(ctx: &JobContext, client_id: String, shop_id: String) -> Result<(), JobError> {
    let session = match open_shop(
        &ctx.db,
        ctx.tiktok.as_ref(),
        &ctx.secrets,
        &client_id,
        &shop_id,
    )
    .await
    {
        Ok(session) => session,
        // Removed since the job was queued: nothing left to sync.
        Err(ShopAccessError::NotFound) => return Ok(()),
        Err(e) => return Err(e.into()),
    };
    pull_warehouses(&ctx.db, &session, &client_id).await?;
    subscribe_webhook(ctx, &session).await;
    let mut conn = ctx.db.conn().await?;
    let mut cursor = shops::sync_cursor(&mut conn, &shop_id).await?;
    drop(conn);

    let since = |key: &str, cursor: &serde_json::Value| {
        cursor[key].as_i64().map(|t| (t - OVERLAP_SECS).max(0))
    };
    let products_since = since("products", &cursor);
    let filter = ProductSearch {
        update_time_ge: products_since,
        ..Default::default()
    };
    // Rows written after this (a listing's audit result) are newer than the answer.
    let read_at = domain::time::now_db();
    let found = session
        .client
        .search_all_products(&session.auth, &filter)
        .await?;
    let mut newest = products_since.unwrap_or(0);
    let mut conn = ctx.db.conn().await?;
    let mut updated = 0;
    for product in &found {
        newest = newest.max(product.update_time);
        let mut messages = Vec::new();
        if product.status == "FAILED" {
            // The search omits the reasons; the detail has them.
            if let Ok(detail) = session
                .client
                .product_detail(&session.auth, &product.id)
                .await
            {
                messages.extend(detail.audit_failure_message());
            }
        }
        if shop_products::record_status(
            &mut conn,
            &shop_id,
            &product.id,
            &product.status,
            &messages,
            Some(&read_at),
        )
        .await?
        {
            updated += 1;
        }
    }
    cursor["products"] = json!(newest);

    drop(conn);
    let orders_since = since("orders", &cursor);
    let filter = OrderSearch {
        update_time_ge: orders_since,
        ..Default::default()
    };
    // Oldest change first: a sync cut short has stored everything up to where it stopped.
    let sort = OrderSort {
        field: "update_time".into(),
        ascending: true,
    };
    let mut page = Page::first(100);
    let mut newest = orders_since.unwrap_or(0);
    let mut stored = Stored::default();
    loop {
        let result = session
            .client
            .search_orders(&session.auth, &filter, &sort, &page)
            .await?;
        newest = result
            .orders
            .iter()
            .map(|o| o.update_time)
            .fold(newest, i64::max);
        stored
            .add(store_orders(ctx, &client_id, &shop_id, &result.orders, EventSource::Sync).await?);
        if result.next_page_token.is_empty() || result.orders.is_empty() {
            break;
        }
        page = page.next(result.next_page_token);
    }
    let settled = settle_unsettled(ctx, &session, &shop_id).await?;
    let mut conn = ctx.db.conn().await?;
    cursor["orders"] = json!(newest);
    shops::finish_sync(&mut conn, &shop_id, &cursor).await?;
    tracing::info!(shop = %shop_id, products = found.len(), updated, orders_new = stored.inserted,
        orders_updated = stored.updated, orders_stale = stored.stale, orders_skipped = stored.skipped, settled, "shop synced");
    Ok(())
}
