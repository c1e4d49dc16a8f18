//! Shop jobs: `shop.sync` (warehouses, products, orders, incremental with a cursor),
//! `warehouse.sync` and `category.sync`.
use connectors::tiktok::{Category, CategoryQuery, Warehouse};
use domain::Db;
use domain::event_histories::{EventHistory, NewJob};
use domain::marketplace::{self, NewCategory};
use domain::shops::{self, NewWarehouse, WarehouseSync};
use serde::{Deserialize, Serialize};

use crate::JobError;
use crate::kinds::{self, payload};
use crate::pool::Runtime;
use crate::tiktok::{ShopAccessError, ShopSession, open_any_shop, open_shop};

pub async fn sync_shop(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    crate::shop_sync::run(rt, job).await
}

/// `warehouse.sync`: the shop's warehouses become exactly what the marketplace lists.
pub async fn sync_warehouses(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    let ShopJob { shop_id } = payload(job)?;
    let client_id = job
        .client_id
        .as_deref()
        .ok_or_else(|| JobError::Permanent("warehouse.sync needs the client of the shop".into()))?;
    let session = match open_shop(&rt.db, rt.tiktok.as_ref(), &rt.secrets, client_id, &shop_id)
        .await
    {
        Ok(session) => session,
        // Removed since the job was queued: nothing left to refresh.
        Err(ShopAccessError::NotFound) => {
            tracing::info!(shop = %shop_id, "warehouse.sync: the shop no longer exists; nothing to do");
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    let done = pull_warehouses(&rt.db, &session, client_id).await?;
    tracing::info!(shop = %shop_id, kept = done.kept, removed = done.removed, "warehouses synced");
    Ok(())
}

/// Fetches an open shop's warehouses and stores them with [`shops::replace_warehouses`], in
/// one transaction. `shop.sync` calls this too.
pub async fn pull_warehouses(
    db: &Db,
    session: &ShopSession,
    client_id: &str,
) -> Result<WarehouseSync, JobError> {
    let list = session.client.warehouses(&session.auth).await?;
    let rows = warehouse_rows(&list);
    let mut tx = db.begin().await?;
    let done = shops::replace_warehouses(&mut tx, client_id, &session.shop_id, &rows).await?;
    tx.commit().await.map_err(domain::DomainError::from)?;
    Ok(done)
}

/// TikTok's warehouses as rows: the address and sub type go in `additional_data`.
pub fn warehouse_rows(list: &[Warehouse]) -> Vec<NewWarehouse> {
    let text = |s: &str| (!s.is_empty()).then(|| s.to_owned());
    list.iter()
        .map(|w| NewWarehouse {
            external_id: w.id.clone(),
            name: if w.name.is_empty() {
                w.id.clone()
            } else {
                w.name.clone()
            },
            is_default: w.is_default,
            warehouse_type: text(&w.kind),
            effect_status: text(&w.effect_status),
            additional_data: serde_json::json!({
                "type": w.kind,
                "sub_type": w.sub_type,
                "effect_status": w.effect_status,
                "address": w.address,
            }),
        })
        .collect()
}

/// `category.sync`: refreshes the local TikTok category tree. The marketplace answers the
/// tree only through a shop, any shop: with no connected TikTok shop anywhere there is nothing
/// to ask, and the job succeeds having done nothing (connecting the first shop queues it again).
pub async fn sync_categories(rt: &Runtime, _job: &EventHistory) -> Result<(), JobError> {
    if rt.tiktok.is_none() {
        tracing::info!("category.sync: no TikTok Shop app is configured; nothing to sync");
        return Ok(());
    }
    let Some((client_id, session)) =
        open_any_shop(&rt.db, rt.tiktok.as_ref(), &rt.secrets, None).await?
    else {
        tracing::info!(
            "category.sync: no connected TikTok shop to ask; the tree is synced once a shop is connected"
        );
        return Ok(());
    };
    let query = CategoryQuery {
        locale: Some("en-US".into()),
        category_version: Some(marketplace::TIKTOK_CATEGORY_VERSION.into()),
        ..CategoryQuery::default()
    };
    let categories = session.client.categories(&session.auth, &query).await?;
    if categories.is_empty() {
        // An empty tree is an upstream glitch, not a marketplace without categories: keep the
        // tree we have rather than hiding every category.
        return Err(JobError::Retry(
            "TikTok Shop answered an empty category tree".into(),
        ));
    }
    let rows = category_rows(&categories);
    let synced_at = domain::time::now_db();
    let mut tx = rt.db.begin().await?;
    let done = marketplace::replace_tiktok_categories(&mut tx, &rows, &synced_at).await?;
    tx.commit().await.map_err(domain::DomainError::from)?;
    tracing::info!(seen = done.seen, stale = done.stale, via_client = %client_id, via_shop = %session.shop_id, "TikTok category tree synced");
    Ok(())
}

/// The marketplace's flat list as rows; `"0"` (or nothing) as a parent means the top level.
pub fn category_rows(list: &[Category]) -> Vec<NewCategory> {
    list.iter()
        .filter(|c| !c.id.is_empty())
        .map(|c| NewCategory {
            external_id: c.id.clone(),
            parent_external_id: match c.parent_id.as_str() {
                "" | "0" => None,
                p => Some(p.to_owned()),
            },
            name: c.local_name.clone(),
            permission_statuses: c.permission_statuses.clone(),
            is_leaf: c.is_leaf,
        })
        .collect()
}

/// A `category.sync` job under `dedupe_key`: at most one job per key is ever queued.
pub fn category_sync_job(dedupe_key: String, max_attempts: i64) -> NewJob {
    NewJob {
        kind: kinds::CATEGORY_SYNC.to_owned(),
        payload: serde_json::json!({ "reason": dedupe_key }),
        client_id: None,
        batch_id: None,
        dedupe_key: Some(dedupe_key),
        max_attempts,
        shop_id: None,
    }
}

/// The `category.sync` every start queues: one per UTC day however many processes start or
/// restart (the daily cron keeps it fresh after that).
pub fn category_sync_at_start(max_attempts: i64) -> NewJob {
    category_sync_job(
        format!(
            "start:{}:{}",
            kinds::CATEGORY_SYNC,
            chrono::Utc::now().format("%Y-%m-%d")
        ),
        max_attempts,
    )
}

/// The `category.sync` queued when a shop is connected while the local tree is still empty;
/// once per shop.
pub fn category_sync_for_new_shop(shop_id: &str, max_attempts: i64) -> NewJob {
    category_sync_job(
        format!("shop:{}:{shop_id}", kinds::CATEGORY_SYNC),
        max_attempts,
    )
}

/// Payload of `shop.sync` and `warehouse.sync`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShopJob {
    pub shop_id: String,
}

pub fn shop_job(
    kind: &str,
    client_id: &str,
    shop_id: &str,
    batch_id: Option<String>,
    max_attempts: i64,
) -> NewJob {
    NewJob {
        kind: kind.to_owned(),
        payload: serde_json::json!({ "shop_id": shop_id }),
        client_id: Some(client_id.to_owned()),
        batch_id,
        dedupe_key: None,
        max_attempts,
        shop_id: Some(shop_id.to_owned()),
    }
}
