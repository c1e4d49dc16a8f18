//! The timeline of an order: one row per change of its workflow status, whoever made it.
use super::OrderStatus;
use crate::db::Conn;
use crate::{Result, ids, time};

/// What changed an order's status.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum EventSource {
    /// A pull from the marketplace (cron, syncShop).
    Sync,
    /// A marketplace webhook that pulled the order at once.
    Webhook,
    /// A person, through updateOrderStatus.
    User,
    /// Sellerdesk's own fulfilment (a provider order created, shipped, tracked).
    Fulfillment,
}

impl EventSource {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One change: from (none for the order's first status) to, by whom.
#[derive(Debug, Clone)]
pub struct Change<'a> {
    pub source: EventSource,
    pub user_id: Option<&'a str>,
    pub from: Option<OrderStatus>,
    pub to: OrderStatus,
    pub marketplace_status: Option<&'a str>,
}

/// Appends a change to the order's timeline, in the caller's transaction.
pub async fn record(
    conn: &mut Conn,
    client_id: &str,
    order_id: &str,
    change: &Change<'_>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO order_events (id, client_id, order_id, source, user_id, from_status, to_status, marketplace_status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(order_id)
    .bind(change.source.as_str())
    .bind(change.user_id)
    .bind(change.from.map(OrderStatus::as_str))
    .bind(change.to.as_str())
    .bind(change.marketplace_status)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}
