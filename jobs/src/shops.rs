//! Shop jobs: `shop.sync` (warehouses, products, orders, incremental with a cursor),
//! `warehouse.sync` and `category.sync`.
use domain::event_histories::{EventHistory, NewJob};
use serde::{Deserialize, Serialize};

use crate::pool::Runtime;
use crate::JobError;

pub async fn sync_shop(rt: &Runtime, job: &EventHistory) -> Result<(), JobError> {
    crate::shop_sync::run(rt, job).await
}

pub async fn sync_warehouses(_rt: &Runtime, _job: &EventHistory) -> Result<(), JobError> {
    Err(JobError::Permanent("warehouse.sync is not built yet".into()))
}

pub async fn sync_categories(_rt: &Runtime, _job: &EventHistory) -> Result<(), JobError> {
    Err(JobError::Permanent("category.sync is not built yet".into()))
}

/// Payload of `shop.sync` and `warehouse.sync`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShopJob {
    pub shop_id: String,
}

pub fn shop_job(kind: &str, client_id: &str, shop_id: &str, batch_id: Option<String>, max_attempts: i64) -> NewJob {
    NewJob {
        kind: kind.to_owned(),
        payload: serde_json::json!({ "shop_id": shop_id }),
        client_id: Some(client_id.to_owned()),
        batch_id,
        dedupe_key: None,
        max_attempts,
    }
}
