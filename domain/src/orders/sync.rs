//! Orders from the marketplaces into the database: insert, refresh, and the sync's counts.
use super::{MarketplaceOrder, OrderStatus};
use crate::db::Conn;
use crate::{Result, ids, time};

/// Inserts or refreshes an order of a shop and its items. Safe to repeat.
pub async fn upsert(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    o: &MarketplaceOrder,
) -> Result<()> {
    let now = time::now_db();
    let status = OrderStatus::of_tiktok(&o.marketplace_status);
    sqlx::query(
        "INSERT INTO orders (id, client_id, shop_id, external_order_id, status, marketplace_status, buyer_email, buyer_message,
            recipient_name, recipient_phone, recipient_address, recipient_address1, recipient_address2, recipient_postal_code,
            recipient_region_code, currency, total_amount_cents, shipping_type, tracking_number, shipping_provider, cancel_reason,
            ordered_at, paid_at, marketplace_updated_at, synced_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $25, $25)
         ON CONFLICT (shop_id, external_order_id) DO UPDATE SET
            status = CASE WHEN $26 THEN $5 ELSE orders.status END, marketplace_status = $6,
            recipient_name = $9, recipient_phone = $10, recipient_address = $11, recipient_address1 = $12, recipient_address2 = $13,
            recipient_postal_code = $14, recipient_region_code = $15, total_amount_cents = $17, tracking_number = $19,
            shipping_provider = $20, cancel_reason = $21, paid_at = $23, marketplace_updated_at = $24, synced_at = $25, updated_at = $25",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(shop_id)
    .bind(&o.external_id)
    .bind(status.as_str())
    .bind(&o.marketplace_status)
    .bind(&o.buyer_email)
    .bind(&o.buyer_message)
    .bind(&o.recipient_name)
    .bind(&o.recipient_phone)
    .bind(&o.recipient_address)
    .bind(&o.recipient_address1)
    .bind(&o.recipient_address2)
    .bind(&o.recipient_postal_code)
    .bind(&o.recipient_region_code)
    .bind(&o.currency)
    .bind(o.total_cents.max(0))
    .bind(&o.shipping_type)
    .bind(&o.tracking_number)
    .bind(&o.shipping_provider)
    .bind(&o.cancel_reason)
    .bind(time::to_db(o.ordered_at))
    .bind(o.paid_at.map(time::to_db))
    .bind(time::to_db(o.updated_at))
    .bind(&now)
    .bind(status.is_final())
    .execute(&mut *conn)
    .await?;
    let order_id: String =
        sqlx::query_scalar("SELECT id FROM orders WHERE shop_id = $1 AND external_order_id = $2")
            .bind(shop_id)
            .bind(&o.external_id)
            .fetch_one(&mut *conn)
            .await?;
    for item in &o.items {
        sqlx::query(
            "INSERT INTO order_items (id, client_id, order_id, external_item_id, product_name, sku_name, sku_image, quantity,
                sale_price_cents, original_price_cents, external_product_id, seller_sku, external_sku_id, display_status,
                product_id, variant_id, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11, $12, $13,
                (SELECT sp.product_id FROM shop_products sp WHERE sp.shop_id = $14 AND sp.external_product_id = $10),
                (SELECT k.variant_id FROM shop_product_skus k JOIN shop_products sp ON sp.id = k.shop_product_id
                  WHERE sp.shop_id = $14 AND k.external_sku_id = $12),
                $15, $15)
             ON CONFLICT (order_id, external_item_id) DO UPDATE SET display_status = $13, updated_at = $15",
        )
        .bind(ids::new_id())
        .bind(client_id)
        .bind(&order_id)
        .bind(&item.external_id)
        .bind(&item.product_name)
        .bind(&item.sku_name)
        .bind(&item.sku_image)
        .bind(item.sale_price_cents.max(0))
        .bind(item.original_price_cents.max(0))
        .bind(&item.external_product_id)
        .bind(&item.seller_sku)
        .bind(&item.external_sku_id)
        .bind(&item.display_status)
        .bind(shop_id)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
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
