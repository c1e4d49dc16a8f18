//! `promotion.renew` (scheduled: `CRON_PROMOTION_RENEW`, every five minutes): finds the
//! auto-renewing promotions whose latest window ends within `PROMOTION_RENEW_AHEAD_MINUTES`,
//! opens each one's next window — beginning exactly where the last ends, so there is no gap and
//! no overlap — and queues its `promotion.schedule` job in the same transaction.
//!
//! Once per window whatever the number of workers and ticks: the window is unique per
//! promotion and start (a second insert does nothing), the promotion's row moves on only from
//! the window it was at, and the job's key is the promotion and window.
//!
//! Errors: database ones retry; a promotion that could not be opened is found again by the
//! next tick.
use domain::event_histories::EventHistory;
use domain::promotions;
use serde::{Deserialize, Serialize};

use super::{JobKind, PromotionSchedule, Scheduled};
use crate::context::JobContext;
use crate::{EnqueueOptions, JobError, Pending};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PromotionRenew {
    #[serde(default)]
    pub tick: String,
}

impl Scheduled for PromotionRenew {
    fn for_tick(tick: String) -> Self {
        PromotionRenew { tick }
    }
}

impl JobKind for PromotionRenew {
    const NAME: &'static str = "promotion.renew";

    fn dedupe_key(&self) -> Option<String> {
        Some(self.tick.clone()).filter(|t| !t.is_empty())
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let mut conn = ctx.db.conn().await?;
        let due = promotions::due_renewals(&mut conn, ctx.clock.now()).await?;
        drop(conn);
        let mut opened = 0;
        for promotion in &due {
            let mut tx = ctx.db.begin().await?;
            let window = match promotions::open_next_window(
                &mut tx,
                &promotion.client_id,
                &promotion.promotion_id,
                promotion.window_seq,
            )
            .await
            {
                Ok(Some(window)) => window,
                Ok(None) => continue,
                // Another worker moved it on between the read and the write.
                Err(domain::DomainError::Conflict(_)) => continue,
                Err(e) => return Err(e.into()),
            };
            let job = PromotionSchedule {
                promotion_id: promotion.promotion_id.clone(),
                client_id: promotion.client_id.clone(),
                shop_id: promotion.shop_id.clone(),
                seq: window.seq,
            };
            let options = EnqueueOptions::new(ctx.config.max_attempts).client(&promotion.client_id);
            let pending: Pending = job.enqueue(&mut tx, &options).await?;
            tx.commit().await?;
            ctx.push(pending).await;
            opened += 1;
        }
        tracing::info!(due = due.len(), opened, "flash-sale renewals");
        Ok(())
    }
}
