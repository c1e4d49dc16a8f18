//! Shops. This area grows with the marketplace connectors; for now what users need to see.
use sqlx::Row;

use crate::db::Conn;
use crate::{time, Result};

#[derive(Debug, Clone)]
pub struct Shop {
    pub id: String,
    pub name: String,
    pub sale_channel: String,
    pub target_market: String,
    pub commission_rate: f64,
    pub status: String,
    pub connection: String,
    pub created_at: time::Timestamp,
}

/// The shops assigned to a user (STAFF work only on these).
pub async fn of_user(conn: &mut Conn, user_id: &str) -> Result<Vec<Shop>> {
    let rows = sqlx::query(
        "SELECT s.* FROM shops s JOIN user_shops us ON us.shop_id = s.id WHERE us.user_id = $1 ORDER BY s.name",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Shop {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
                sale_channel: row.try_get("sale_channel")?,
                target_market: row.try_get("target_market")?,
                commission_rate: row.try_get("commission_rate")?,
                status: row.try_get("status")?,
                connection: row.try_get("connection")?,
                created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
            })
        })
        .collect()
}

/// True when `shop_id` is a shop of the scope's client.
pub async fn exists(conn: &mut Conn, scope: &crate::Scope, shop_id: &str) -> Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM shops WHERE id = $1 AND client_id = $2")
        .bind(shop_id)
        .bind(&scope.client_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(n > 0)
}

/// Assigns a shop to a user; assigning twice is a no-op.
pub async fn assign(conn: &mut Conn, scope: &crate::Scope, user_id: &str, shop_id: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO user_shops (client_id, user_id, shop_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(&scope.client_id)
    .bind(user_id)
    .bind(shop_id)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}
