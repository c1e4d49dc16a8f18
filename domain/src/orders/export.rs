//! Order exports: a filtered order list written as CSV by an `order.export` job. The row keeps
//! the query as it was asked (resolved, with the set of orders fixed at the moment of asking),
//! its progress and, once written, the file's name under `exports/{client}/` in the storage port
//! (`DATA_DIR/exports/…` or the bucket).
use chrono_tz::Tz;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::desk::{Order, OrderQuery};
use crate::db::Conn;
use crate::{DomainError, Result, Scope, stored, time};

/// Where an export is: its own status, which the job moves.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ExportStatus {
    Pending,
    Processing,
    Success,
    Failed,
}

impl ExportStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone)]
pub struct OrderExport {
    pub id: String,
    pub client_id: String,
    pub user_id: Option<String>,
    pub batch_id: Option<String>,
    pub status: ExportStatus,
    pub query: OrderQuery,
    pub total_rows: i64,
    pub done_rows: i64,
    pub file_name: Option<String>,
    pub created_at: time::Timestamp,
    pub updated_at: time::Timestamp,
}

impl OrderExport {
    fn from_row(row: &AnyRow) -> Result<OrderExport> {
        Ok(OrderExport {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            user_id: row.try_get("user_id")?,
            batch_id: row.try_get("batch_id")?,
            status: stored::column(row, "order_exports", "status")?,
            query: OrderQuery::from_json(&row.try_get::<String, _>("filter")?)?,
            total_rows: row.try_get("total_rows")?,
            done_rows: row.try_get("done_rows")?,
            file_name: row.try_get("file_name")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
            updated_at: time::from_db(&row.try_get::<String, _>("updated_at")?),
        })
    }

    /// The name a download is saved under: when it was asked, in the asker's zone.
    pub fn download_name(&self) -> String {
        format!(
            "orders-{}.csv",
            self.created_at
                .with_timezone(&self.query.timezone)
                .format("%Y%m%d-%H%M")
        )
    }
}

/// Records an export asked by the scope's user, in the caller's transaction. Fixes the set of
/// orders to those Sellerdesk has seen by now, so a list growing meanwhile does not shift the
/// file's pages.
pub async fn create(
    conn: &mut Conn,
    scope: &Scope,
    id: &str,
    batch_id: &str,
    query: &OrderQuery,
) -> Result<()> {
    let now = time::now_db();
    let fixed = OrderQuery {
        seen_by: Some(query.now),
        ..query.clone()
    };
    sqlx::query(
        "INSERT INTO order_exports (id, client_id, user_id, batch_id, status, filter, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'PENDING', $5, $6, $6)",
    )
    .bind(id)
    .bind(&scope.client_id)
    .bind(&scope.user_id)
    .bind(batch_id)
    .bind(fixed.to_json())
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// An export the scope may see: its client's, asked by the same user or seen by one who runs
/// the client (a STAFF export holds only that user's shops, but an admin's holds every shop).
/// Anything else is NOT_FOUND.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<OrderExport> {
    let row = sqlx::query("SELECT * FROM order_exports WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(DomainError::NotFound("order export"))?;
    let export = OrderExport::from_row(&row)?;
    if !scope.role.manages_client() && export.user_id.as_deref() != Some(&scope.user_id) {
        return Err(DomainError::NotFound("order export"));
    }
    Ok(export)
}

/// For the job: the export of a client, whoever asked.
pub async fn find(conn: &mut Conn, client_id: &str, id: &str) -> Result<Option<OrderExport>> {
    let row = sqlx::query("SELECT * FROM order_exports WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(client_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(OrderExport::from_row).transpose()
}

/// The job started (again): how many rows it will write.
pub async fn start(conn: &mut Conn, id: &str, total_rows: i64) -> Result<()> {
    sqlx::query(
        "UPDATE order_exports SET status = 'PROCESSING', total_rows = $2, done_rows = 0, file_name = NULL, updated_at = $3
         WHERE id = $1 AND status <> 'SUCCESS'",
    )
    .bind(id)
    .bind(total_rows)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn progress(conn: &mut Conn, id: &str, done_rows: i64) -> Result<()> {
    sqlx::query("UPDATE order_exports SET done_rows = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(done_rows)
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn finish(conn: &mut Conn, id: &str, file_name: &str, rows: i64) -> Result<()> {
    sqlx::query(
        "UPDATE order_exports SET status = 'SUCCESS', file_name = $2, done_rows = $3, total_rows = $3, updated_at = $4
         WHERE id = $1",
    )
    .bind(id)
    .bind(file_name)
    .bind(rows)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn fail(conn: &mut Conn, id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE order_exports SET status = 'FAILED', updated_at = $2 WHERE id = $1 AND status <> 'SUCCESS'",
    )
    .bind(id)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// How long an export's file is kept: long enough to download it again, short enough that the
/// buyers' addresses in it do not pile up.
pub const KEEP_DAYS: i64 = 7;

/// An export made before `before`: its row and, once written, its file go together.
#[derive(Debug, Clone)]
pub struct Expired {
    pub id: String,
    pub client_id: String,
    pub file_name: Option<String>,
}

/// Exports made before `before`, oldest first, at most `limit`.
pub async fn expired(conn: &mut Conn, before: &str, limit: i64) -> Result<Vec<Expired>> {
    let rows: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT id, client_id, file_name FROM order_exports WHERE created_at < $1
         ORDER BY created_at LIMIT $2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, client_id, file_name)| Expired {
            id,
            client_id,
            file_name,
        })
        .collect())
}

/// Drops an export's row (its file is gone already).
pub async fn remove(conn: &mut Conn, id: &str) -> Result<()> {
    sqlx::query("DELETE FROM order_exports WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The columns of an export, in order.
pub const HEADER: &[&str] = &[
    "Order ID",
    "Shop",
    "Sale channel",
    "Status",
    "Marketplace status",
    "Ordered at",
    "Ship by",
    "Buyer email",
    "Recipient",
    "Items",
    "Units",
    "Currency",
    "Total",
    "Commission fee",
    "Transaction fee",
    "Shipping fee",
    "Fees settled",
    "Fulfilment cost",
    "Refund",
    "Net",
    "Tracking number",
];

/// One order as a row of [`HEADER`]: times in the asker's zone with their offset, money in
/// units with two decimals, items as `SKU × quantity` joined by `; `.
pub fn row(o: &Order, tz: Tz) -> Vec<String> {
    let at = |t: time::Timestamp| t.with_timezone(&tz).to_rfc3339();
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let items: Vec<String> = o
        .items
        .iter()
        .map(|i| {
            let name = i
                .seller_sku
                .clone()
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| i.product_name.clone());
            format!("{name} × {}", i.quantity)
        })
        .collect();
    let units: i64 = o.items.iter().map(|i| i.quantity).sum();
    vec![
        o.external_order_id.clone(),
        o.shop_name.clone(),
        o.sale_channel.as_str().to_owned(),
        o.status.as_str().to_owned(),
        text(&o.marketplace_status),
        at(o.ordered_at),
        o.ship_by_at.map(at).unwrap_or_default(),
        text(&o.buyer_email),
        text(&o.recipient_name),
        items.join("; "),
        units.to_string(),
        o.currency.clone(),
        money(o.total_cents),
        money(o.profit.commission_fee_cents),
        money(o.profit.transaction_fee_cents),
        money(o.profit.shipping_fee_cents),
        if o.profit.fees_settled {
            "yes"
        } else {
            "estimated"
        }
        .to_owned(),
        money(o.profit.fulfillment_cost_cents),
        money(o.refund_cents),
        money(o.profit.net_cents),
        text(&o.tracking_number),
    ]
}

/// Cents as a decimal amount: 123456 → "1234.56", -5 → "-0.05".
pub fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_written_with_two_decimals() {
        assert_eq!(money(123_456), "1234.56");
        assert_eq!(money(5), "0.05");
        assert_eq!(money(-5), "-0.05");
        assert_eq!(money(-1_200), "-12.00");
        assert_eq!(money(0), "0.00");
    }

    #[test]
    fn export_statuses_are_spelled_as_the_check_constraint() {
        crate::stored::assert_round_trip::<ExportStatus>();
        let spelled: Vec<&str> = <ExportStatus as strum::VariantArray>::VARIANTS
            .iter()
            .map(|s| s.as_str())
            .collect();
        assert_eq!(spelled, ["PENDING", "PROCESSING", "SUCCESS", "FAILED"]);
    }
}
