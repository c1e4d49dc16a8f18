//! `plan.renew` (scheduled: `CRON_PLAN_RENEW`, hourly): finds paid periods that ended (within
//! the last days) and queues one `plan.renew_period` each, and periods ending within three days
//! and queues one `plan.remind` each. Both are keyed by subscription and period end, so however
//! many ticks and workers find a period, it is renewed and reminded of once.
//!
//! Errors: database ones retry; a job that cannot be queued is queued by the next tick.
use domain::billing;
use domain::event_histories::EventHistory;
use serde::{Deserialize, Serialize};

use super::{BillingRemind, BillingRenewPeriod, JobKind, Scheduled};
use crate::context::JobContext;
use crate::{EnqueueOptions, JobError, Pending};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct BillingRenew {
    #[serde(default)]
    pub tick: String,
}

impl Scheduled for BillingRenew {
    fn for_tick(tick: String) -> Self {
        BillingRenew { tick }
    }
}

impl JobKind for BillingRenew {
    const NAME: &'static str = "plan.renew";

    fn dedupe_key(&self) -> Option<String> {
        Some(self.tick.clone()).filter(|t| !t.is_empty())
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let mut conn = ctx.db.conn().await?;
        let (due, ending) = billing::due_periods(&mut conn, ctx.clock.now()).await?;
        let mut pending = Pending::new();
        for period in &due {
            let options = EnqueueOptions::new(ctx.config.max_attempts).client(&period.client_id);
            let job = BillingRenewPeriod {
                subscription_id: period.subscription_id.clone(),
                client_id: period.client_id.clone(),
                period_end: period.end_date.clone(),
            };
            pending.add(job.enqueue(&mut conn, &options).await?);
        }
        for period in &ending {
            let options = EnqueueOptions::new(ctx.config.max_attempts).client(&period.client_id);
            let job = BillingRemind {
                subscription_id: period.subscription_id.clone(),
                client_id: period.client_id.clone(),
                period_end: period.end_date.clone(),
            };
            pending.add(job.enqueue(&mut conn, &options).await?);
        }
        drop(conn);
        let queued = pending.len();
        ctx.push(pending).await;
        tracing::info!(
            due = due.len(),
            ending = ending.len(),
            queued,
            "plan renewals and reminders"
        );
        Ok(())
    }
}
