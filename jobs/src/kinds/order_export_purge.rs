//! `order.export_purge` (scheduled: `CRON_ORDER_EXPORT_PURGE`, daily): drops the order exports
//! made more than [`KEEP_DAYS`] days ago, their files first and then their rows. An export holds
//! buyers' names and addresses; it is a download, not an archive. Also folds the orders'
//! pending version rows (PostgreSQL, `domain::orders::matches`) of clients whose desk nobody
//! read since they were written: the orders area's daily housekeeping.
//!
//! Idempotent: a file already gone counts as deleted, so a run stopped between a file and its
//! row finishes the row the next time. Errors: database and storage ones retry.
use domain::event_histories::EventHistory;
use domain::orders::export::{self, KEEP_DAYS};
use serde::{Deserialize, Serialize};

use super::{JobKind, Scheduled, export_key};
use crate::JobError;
use crate::context::JobContext;

/// Exports dropped per run at most; the rest wait for the next day's run.
const ROUND: i64 = 1000;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OrderExportPurge {
    /// The schedule's tick that queued it: one purge per tick whatever the number of workers.
    #[serde(default)]
    pub tick: String,
}

impl Scheduled for OrderExportPurge {
    fn for_tick(tick: String) -> Self {
        OrderExportPurge { tick }
    }
}

impl JobKind for OrderExportPurge {
    const NAME: &'static str = "order.export_purge";

    fn dedupe_key(&self) -> Option<String> {
        Some(self.tick.clone()).filter(|t| !t.is_empty())
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let before = domain::time::to_db(domain::time::now() - chrono::Duration::days(KEEP_DAYS));
        let expired = {
            let mut conn = ctx.db.conn().await?;
            export::expired(&mut conn, &before, ROUND).await?
        };
        for e in &expired {
            if let Some(name) = &e.file_name {
                let key = export_key(&e.client_id, name).map_err(|error| {
                    tracing::error!(export = %e.id, %error, "order export purge: a stored file name is not a key");
                    JobError::Permanent("an export's file name is not valid".into())
                })?;
                ctx.files.delete(&key).await.map_err(|error| {
                    tracing::warn!(export = %e.id, %error, "order export purge: the file could not be deleted");
                    JobError::Retry("an export file could not be deleted; it will be tried again".into())
                })?;
            }
            let mut conn = ctx.db.conn().await?;
            export::remove(&mut conn, &e.id).await?;
        }
        tracing::info!(purged = expired.len(), "old order exports purged");
        let folded = domain::orders::matches::fold_all(&ctx.db, ROUND).await?;
        tracing::info!(clients = folded, "order version rows folded");
        Ok(())
    }
}
