//! `telegram.poll` (scheduled: `CRON_TELEGRAM_POLL`, only when no Telegram webhook is
//! configured): reads the bot's new updates with getUpdates and applies each (a `/start` of a
//! link), then confirms them by moving the stored offset on. Applying is idempotent by
//! update_id, so a crash between applying and storing the offset applies nothing twice.
//!
//! Errors: an unreachable Telegram retries (the next tick reads the same updates anyway); a
//! 429 reschedules; a webhook set elsewhere ends the tick quietly.
use connectors::telegram::TelegramError;
use domain::event_histories::EventHistory;
use serde::{Deserialize, Serialize};

use super::{JobKind, Scheduled};
use crate::JobError;
use crate::context::JobContext;

/// Updates read per call (Telegram's maximum).
const PAGE: u32 = 100;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TelegramPoll {
    #[serde(default)]
    pub tick: String,
}

impl Scheduled for TelegramPoll {
    fn for_tick(tick: String) -> Self {
        TelegramPoll { tick }
    }
}

impl JobKind for TelegramPoll {
    const NAME: &'static str = "telegram.poll";

    fn dedupe_key(&self) -> Option<String> {
        Some(self.tick.clone()).filter(|t| !t.is_empty())
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let Some(bot) = &ctx.telegram else {
            return Ok(());
        };
        let mut conn = ctx.db.conn().await?;
        let mut offset = domain::telegram::poll_offset(&mut conn).await?;
        drop(conn);
        loop {
            let updates = match bot
                .get_updates(offset, PAGE, std::time::Duration::ZERO)
                .await
            {
                Ok(updates) => updates,
                Err(TelegramError::WebhookActive) => return Ok(()),
                Err(e) => return Err(e.into()),
            };
            let Some(last) = updates.iter().map(|u| u.update_id).max() else {
                return Ok(());
            };
            for update in &updates {
                let pending = crate::telegram::apply_update(&ctx.db, update).await?;
                ctx.push(pending).await;
            }
            let mut conn = ctx.db.conn().await?;
            domain::telegram::set_poll_offset(&mut conn, last + 1).await?;
            offset = Some(last + 1);
            if updates.len() < PAGE as usize {
                return Ok(());
            }
        }
    }
}
