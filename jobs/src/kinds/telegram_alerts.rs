//! `telegram.alerts` (scheduled: `CRON_TELEGRAM_ALERTS`): finds orders still to ship whose
//! deadline is within 24 hours or past, of clients where someone chose that alert, and queues
//! one alert per client and urgency naming the orders not named before. The orders are marked
//! named in the transaction that queues the alerts, so each is named once per urgency.
//!
//! Errors: database ones retry.
use domain::event_histories::EventHistory;
use serde::{Deserialize, Serialize};

use super::{JobKind, Scheduled};
use crate::JobError;
use crate::context::JobContext;
use crate::enqueue::Pending;
use crate::telegram::{Alert, alert_client_users};

/// Orders looked at per tick; the rest wait for the next one.
const ORDERS_PER_TICK: i64 = 1000;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct TelegramAlerts {
    #[serde(default)]
    pub tick: String,
}

impl Scheduled for TelegramAlerts {
    fn for_tick(tick: String) -> Self {
        TelegramAlerts { tick }
    }
}

impl JobKind for TelegramAlerts {
    const NAME: &'static str = "telegram.alerts";

    fn dedupe_key(&self) -> Option<String> {
        Some(self.tick.clone()).filter(|t| !t.is_empty())
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let mut tx = ctx.db.begin().await?;
        let due = domain::telegram::claim_due_orders(
            &mut tx,
            ctx.clock.now(),
            chrono::Duration::hours(24),
            ORDERS_PER_TICK,
        )
        .await?;
        let mut pending = Pending::new();
        for group in &due {
            // The job's id keys the alert: a retry of this tick finds the same orders unnamed
            // only if its transaction did not commit, and then no alert was queued either.
            let alert = Alert::orders_due(group, &job.id);
            pending.add(alert_client_users(&mut tx, &group.client_id, alert).await?);
        }
        tx.commit().await?;
        ctx.push(pending).await;
        Ok(())
    }
}
