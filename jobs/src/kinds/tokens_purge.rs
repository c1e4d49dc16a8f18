//! `tokens.purge` (scheduled: `CRON_TOKENS_PURGE`): drops expired single-use tokens (mailed ones
//! and Telegram link tokens) and upload URL records. Errors: database ones retry.
use domain::event_histories::EventHistory;
use serde::{Deserialize, Serialize};

use super::{JobKind, Scheduled};
use crate::JobError;
use crate::context::JobContext;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TokensPurge {
    /// The schedule's tick that queued it: one purge per tick whatever the number of workers.
    #[serde(default)]
    pub tick: String,
}

impl Scheduled for TokensPurge {
    fn for_tick(tick: String) -> Self {
        TokensPurge { tick }
    }
}

impl JobKind for TokensPurge {
    const NAME: &'static str = "tokens.purge";

    fn dedupe_key(&self) -> Option<String> {
        Some(self.tick.clone()).filter(|t| !t.is_empty())
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let mut conn = ctx.db.conn().await?;
        let purged = domain::tokens::purge(&mut conn).await?
            + domain::telegram::purge_link_tokens(&mut conn).await?;
        let uploads = domain::uploads::purge_expired(&mut conn).await?;
        tracing::info!(
            purged,
            uploads,
            "expired tokens and upload URL records purged"
        );
        Ok(())
    }
}
