//! `warehouse.sync`: the shop's warehouses become exactly what the marketplace lists.
//!
//! Errors: a shop removed since the job was queued is nothing to do; a shop not connected
//! fails; marketplace errors split as `From<TiktokError>` says.
use connectors::tiktok::Warehouse;
use domain::Db;
use domain::event_histories::EventHistory;
use domain::shops::{self, NewWarehouse, WarehouseSync as Synced};
use serde::{Deserialize, Serialize};

use super::JobKind;
use crate::JobError;
use crate::context::JobContext;
use crate::tiktok::{ShopAccessError, ShopSession, open_shop};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WarehouseSync {
    pub shop_id: String,
}

impl WarehouseSync {
    pub fn new(shop_id: &str) -> WarehouseSync {
        WarehouseSync {
            shop_id: shop_id.to_owned(),
        }
    }
}

impl JobKind for WarehouseSync {
    const NAME: &'static str = "warehouse.sync";

    fn shop_id(&self) -> Option<&str> {
        Some(&self.shop_id)
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let shop_id = self.shop_id;
        let client_id = job.client_id.as_deref().ok_or_else(|| {
            JobError::Permanent("warehouse.sync needs the client of the shop".into())
        })?;
        let session = match open_shop(
            &ctx.db,
            ctx.tiktok.as_ref(),
            &ctx.secrets,
            client_id,
            &shop_id,
        )
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
        let done = pull_warehouses(&ctx.db, &session, client_id).await?;
        tracing::info!(shop = %shop_id, kept = done.kept, removed = done.removed, "warehouses synced");
        Ok(())
    }
}

/// Fetches an open shop's warehouses and stores them with [`shops::replace_warehouses`], in
/// one transaction. `shop.sync` calls this too.
pub async fn pull_warehouses(
    db: &Db,
    session: &ShopSession,
    client_id: &str,
) -> Result<Synced, JobError> {
    let list = session.client.warehouses(&session.auth).await?;
    let rows = warehouse_rows(&list);
    let mut tx = db.begin().await?;
    let done = shops::replace_warehouses(&mut tx, client_id, &session.shop_id, &rows).await?;
    tx.commit().await?;
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
