//! Scenario 8: syncing N new orders from the TikTok Shop sandbox (in this process, no faults),
//! embedded and scaled. Every round connects a fresh shop whose sandbox account holds N orders.
//!
//! - **ours**: the shop's first `shop.sync` job, as `authorizeShop` queues it, timed from its
//!   `started_at` to its `finished_at`: search pages of 100 oldest change first, each order
//!   converted (exact money, items folded by SKU), stored forward only with its timeline row and
//!   its estimated fees, the finance statements of up to 50 delivered orders, the webhook
//!   subscription, the cursor.
//! - **bare**: one loop in this process over the same shop after its orders were deleted: the
//!   same search pages from the sandbox, the same conversion, and for each order a plain INSERT of
//!   the order and of its items, one transaction per page — no forward-only checks, no timeline,
//!   no fees, no job.
use std::time::Instant;

use anyhow::Context as _;
use connectors::tiktok::{OrderSearch, OrderSort, Page};
use domain::orders::MarketplaceOrder;

use crate::Ctx;
use crate::harness::{Better, Row, Sample, interleave};
use crate::listing::{self, Kind, Stack};

pub async fn run(ctx: &Ctx) -> anyhow::Result<Vec<Row>> {
    let n = ctx.sizes.sync_orders;
    let config = sandbox::tiktok::SandboxConfig {
        orders_per_shop: n,
        ..Default::default()
    };
    let tiktok = sandbox::tiktok::start(config).await?;
    eprintln!("   {n} orders per shop; sandbox at {}", tiktok.base_url());
    let host = listing::image_host().await?;
    let embedded = listing::start_stack(ctx, Kind::Embedded, &tiktok, &host, 0, "sync")
        .await
        .context("embedded stack")?;
    let scaled = listing::start_stack(ctx, Kind::Scaled, &tiktok, &host, 0, "sync")
        .await
        .context("scaled stack")?;
    let (embedded, scaled, tiktok) = (&embedded, &scaled, &tiktok);
    let rounds = interleave(
        ctx.plan,
        &["embedded", "bare-embedded", "scaled", "bare-scaled"],
        |variant, _| async move {
            let stack = if variant.ends_with("embedded") {
                embedded
            } else {
                scaled
            };
            let shop = listing::connect_shop(ctx, stack, tiktok).await?;
            if variant.starts_with("bare") {
                bare(stack, &shop, n).await
            } else {
                ours(stack, &shop, n).await
            }
        },
    )
    .await?;
    let mut rows = Vec::new();
    for stack in ["embedded", "scaled"] {
        let mut r = rounds.row(
            &format!("8 sync {n} new orders, {stack}"),
            "s",
            Better::Lower,
            (stack, "secs"),
            Some((&format!("bare-{stack}"), "secs")),
        );
        r.note = "baseline: a bare loop doing the same writes; target within 1.5×".into();
        rows.push(r);
    }
    for s in [embedded, scaled] {
        s.db.pool.close().await;
    }
    Ok(rows)
}

/// The shop's first sync, as it ran when the shop was connected.
async fn ours(stack: &Stack, shop: &str, n: usize) -> anyhow::Result<Sample> {
    let stored =
        domain::orders::count_of_shop(&mut *stack.db.pool.acquire().await?, &stack.client_id, shop)
            .await?;
    anyhow::ensure!(
        stored as usize == n,
        "the first sync stored {stored} of {n} orders"
    );
    let (started, finished): (String, String) = sqlx::query_as(
        "SELECT started_at, finished_at FROM event_histories
         WHERE type = 'shop.sync' AND status = 'SUCCESS' AND payload LIKE '%' || $1 || '%'
         ORDER BY finished_at LIMIT 1",
    )
    .bind(shop)
    .fetch_one(&stack.db.pool)
    .await
    .context("the shop's first sync")?;
    let secs = (domain::time::from_db(&finished) - domain::time::from_db(&started))
        .num_milliseconds() as f64
        / 1000.0;
    Ok(Sample::from([
        ("secs", secs),
        ("orders_per_s", n as f64 / secs),
    ]))
}

async fn bare(stack: &Stack, shop: &str, n: usize) -> anyhow::Result<Sample> {
    sqlx::query("DELETE FROM orders WHERE shop_id = $1")
        .bind(shop)
        .execute(&stack.db.pool)
        .await?;
    let rt = &stack.rt;
    let session = jobs::tiktok::open_shop(
        &rt.db,
        rt.tiktok.as_ref(),
        &rt.secrets,
        &stack.client_id,
        shop,
    )
    .await
    .map_err(|e| anyhow::anyhow!("open the shop: {e}"))?;
    let t0 = Instant::now();
    let sort = OrderSort {
        field: "update_time".into(),
        ascending: true,
    };
    let mut page = Page::first(100);
    let mut written = 0usize;
    loop {
        let result = session
            .client
            .search_orders(&session.auth, &OrderSearch::default(), &sort, &page)
            .await
            .map_err(|e| anyhow::anyhow!("search orders: {e}"))?;
        let mut tx = rt.db.begin().await?;
        for order in &result.orders {
            let o = jobs::kinds::marketplace_order(order)
                .map_err(|e| anyhow::anyhow!("convert an order: {e}"))?;
            insert(&mut tx, &stack.client_id, shop, &o).await?;
            written += 1;
        }
        tx.commit().await?;
        if result.next_page_token.is_empty() || result.orders.is_empty() {
            break;
        }
        page = page.next(result.next_page_token);
    }
    let secs = t0.elapsed().as_secs_f64();
    anyhow::ensure!(written == n, "the bare loop wrote {written} of {n} orders");
    Ok(Sample::from([
        ("secs", secs),
        ("orders_per_s", n as f64 / secs),
    ]))
}

/// The order's row and its items' rows, as plain INSERTs.
async fn insert(
    tx: &mut domain::db::Tx,
    client_id: &str,
    shop_id: &str,
    o: &MarketplaceOrder,
) -> anyhow::Result<()> {
    let id = domain::ids::new_id();
    let now = domain::time::now_db();
    let r = o.recipient.clone().unwrap_or_default();
    sqlx::query(
        "INSERT INTO orders (id, client_id, shop_id, external_order_id, status, marketplace_status, buyer_email, buyer_message,
            recipient_name, recipient_phone, recipient_address, recipient_postal_code, recipient_region_code, currency,
            total_amount_cents, tracking_number, ordered_at, paid_at, ship_by_at, marketplace_updated_at, search_text,
            synced_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'AWAITING_FULFILLMENT', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $21,
            $20, $20, $20)",
    )
    .bind(&id)
    .bind(client_id)
    .bind(shop_id)
    .bind(&o.external_id)
    .bind(&o.marketplace_status)
    .bind(&o.buyer_email)
    .bind(&o.buyer_message)
    .bind(&r.name)
    .bind(&r.phone)
    .bind(&r.address)
    .bind(&r.postal_code)
    .bind(&r.region_code)
    .bind(&o.currency)
    .bind(o.total_cents)
    .bind(&o.tracking_number)
    .bind(domain::time::to_db(o.ordered_at))
    .bind(o.paid_at.map(domain::time::to_db))
    .bind(o.ship_by_at.map(domain::time::to_db))
    .bind(domain::time::to_db(o.updated_at))
    .bind(&now)
    .bind(o.search_text(o.buyer_email.as_deref(), r.name.as_deref()))
    .execute(&mut **tx)
    .await
    .context("insert an order")?;
    for item in &o.items {
        sqlx::query(
            "INSERT INTO order_items (id, client_id, order_id, external_item_id, product_name, sku_name, sku_image, quantity,
                sale_price_cents, original_price_cents, external_product_id, seller_sku, external_sku_id, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)",
        )
        .bind(domain::ids::new_id())
        .bind(client_id)
        .bind(&id)
        .bind(&item.external_id)
        .bind(&item.product_name)
        .bind(&item.sku_name)
        .bind(&item.sku_image)
        .bind(item.quantity)
        .bind(item.sale_price_cents)
        .bind(item.original_price_cents)
        .bind(&item.external_product_id)
        .bind(&item.seller_sku)
        .bind(&item.external_sku_id)
        .bind(&now)
        .execute(&mut **tx)
        .await
        .context("insert an order item")?;
    }
    Ok(())
}
