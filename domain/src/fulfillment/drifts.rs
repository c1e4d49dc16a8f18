//! What the nightly reconciliation finds between a provider's orders and ours. A finding is
//! one open row, refreshed while it lasts and resolved when a later run no longer sees it.
use sqlx::Row;

use crate::db::Conn;
use crate::{Result, ids, stored, time};

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum DriftKind {
    /// An order at the provider that no fulfilment order of ours made.
    UnknownAtSellerdesk,
    /// A fulfilment order we think the provider has, which it does not list.
    MissingAtProvider,
    /// The provider's status and ours disagree.
    StatusMismatch,
}

impl DriftKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub kind: DriftKind,
    pub provider_order_id: Option<String>,
    pub fulfillment_order_id: Option<String>,
    pub detail: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drift {
    pub id: String,
    pub client_id: String,
    pub provider_id: String,
    pub kind: DriftKind,
    pub provider_order_id: Option<String>,
    pub fulfillment_order_id: Option<String>,
    pub detail: String,
    pub found_at: String,
}

/// Stores one run's findings for an account: new ones inserted, lasting ones refreshed, those
/// no longer found resolved. Answers the findings that are new since the last run.
pub async fn replace(
    conn: &mut Conn,
    client_id: &str,
    provider_id: &str,
    findings: &[Finding],
) -> Result<Vec<Finding>> {
    let now = time::now_db();
    let open = open_of(conn, provider_id).await?;
    let mut fresh = Vec::new();
    for f in findings {
        let existing = open.iter().find(|d| {
            d.kind == f.kind
                && d.provider_order_id == f.provider_order_id
                && d.fulfillment_order_id == f.fulfillment_order_id
        });
        match existing {
            Some(d) => {
                sqlx::query("UPDATE fulfillment_drifts SET detail = $1 WHERE id = $2")
                    .bind(&f.detail)
                    .bind(&d.id)
                    .execute(&mut *conn)
                    .await?;
            }
            None => {
                // A finding resolved before and seen again opens anew.
                sqlx::query(
                    "DELETE FROM fulfillment_drifts WHERE provider_id = $1 AND kind = $2
                        AND COALESCE(provider_order_id, '') = $3 AND COALESCE(fulfillment_order_id, '') = $4",
                )
                .bind(provider_id)
                .bind(f.kind.as_str())
                .bind(f.provider_order_id.as_deref().unwrap_or(""))
                .bind(f.fulfillment_order_id.as_deref().unwrap_or(""))
                .execute(&mut *conn)
                .await?;
                sqlx::query(
                    "INSERT INTO fulfillment_drifts (id, client_id, provider_id, kind, provider_order_id, fulfillment_order_id,
                        detail, found_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(ids::new_id())
                .bind(client_id)
                .bind(provider_id)
                .bind(f.kind.as_str())
                .bind(&f.provider_order_id)
                .bind(&f.fulfillment_order_id)
                .bind(&f.detail)
                .bind(&now)
                .execute(&mut *conn)
                .await?;
                fresh.push(f.clone());
            }
        }
    }
    for d in &open {
        let still = findings.iter().any(|f| {
            d.kind == f.kind
                && d.provider_order_id == f.provider_order_id
                && d.fulfillment_order_id == f.fulfillment_order_id
        });
        if !still {
            sqlx::query("UPDATE fulfillment_drifts SET resolved_at = $1 WHERE id = $2")
                .bind(&now)
                .bind(&d.id)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(fresh)
}

async fn open_of(conn: &mut Conn, provider_id: &str) -> Result<Vec<Drift>> {
    let rows = sqlx::query(
        "SELECT * FROM fulfillment_drifts WHERE provider_id = $1 AND resolved_at IS NULL ORDER BY found_at, id",
    )
    .bind(provider_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(from_row).collect()
}

fn from_row(r: &sqlx::any::AnyRow) -> Result<Drift> {
    Ok(Drift {
        id: r.try_get("id")?,
        client_id: r.try_get("client_id")?,
        provider_id: r.try_get("provider_id")?,
        kind: stored::column(r, "fulfillment_drifts", "kind")?,
        provider_order_id: r.try_get("provider_order_id")?,
        fulfillment_order_id: r.try_get("fulfillment_order_id")?,
        detail: r.try_get("detail")?,
        found_at: r.try_get("found_at")?,
    })
}

/// Open findings, newest first: one client's, or every client's (`None`, for super-admins).
pub async fn open(conn: &mut Conn, client_id: Option<&str>, limit: i64) -> Result<Vec<Drift>> {
    let rows = match client_id {
        Some(c) => {
            sqlx::query(
                "SELECT * FROM fulfillment_drifts WHERE client_id = $1 AND resolved_at IS NULL
                 ORDER BY found_at DESC, id DESC LIMIT $2",
            )
            .bind(c)
            .bind(limit)
            .fetch_all(&mut *conn)
            .await?
        }
        None => {
            sqlx::query(
                "SELECT * FROM fulfillment_drifts WHERE resolved_at IS NULL ORDER BY found_at DESC, id DESC LIMIT $1",
            )
            .bind(limit)
            .fetch_all(&mut *conn)
            .await?
        }
    };
    rows.iter().map(from_row).collect()
}
