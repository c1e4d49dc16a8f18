//! `plan.remind`: mails a client's admins that its paid period ends within three days and
//! renews from the balance (or, short, falls back to FREE's limits); a balance short of the
//! renewal also alerts them on Telegram.
//!
//! Idempotent: keyed by subscription and period end, and its mails too, so a period is reminded
//! of once; a period changed since it was queued (a new subscription) is not. Errors: database
//! ones retry.
use domain::billing;
use domain::event_histories::EventHistory;
use serde::{Deserialize, Serialize};

use super::{JobKind, MailSend};
use crate::context::JobContext;
use crate::telegram::{Alert, alert_client_admins};
use crate::{EnqueueOptions, JobError, Pending};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BillingRemind {
    pub subscription_id: String,
    pub client_id: String,
    /// The end of the period, as stored.
    pub period_end: String,
}

impl JobKind for BillingRemind {
    const NAME: &'static str = "plan.remind";

    fn dedupe_key(&self) -> Option<String> {
        Some(format!(
            "plan.remind:{}:{}",
            self.subscription_id, self.period_end
        ))
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let mut tx = ctx.db.begin().await?;
        let Some(sub) = billing::subscription(&mut tx, &self.client_id).await? else {
            return Ok(());
        };
        let (Some(end), Some(plan_id)) = (sub.end_date, sub.plan_id.as_deref()) else {
            return Ok(());
        };
        if sub.id != self.subscription_id || domain::time::to_db(end) != self.period_end {
            return Ok(());
        }
        let plan = domain::plans::by_id(&mut tx, plan_id).await?;
        let admins = domain::users::admins_of(&mut tx, &self.client_id).await?;
        let link = format!("{}/subscriptions", ctx.config.public_url);
        let options = EnqueueOptions::new(ctx.config.max_attempts).client(&self.client_id);
        let mut pending = Pending::new();
        for (email, first_name) in admins {
            let mail = domain::mail::plan_ending(
                &email,
                &first_name,
                plan.plan_type.as_str(),
                &billing::day(end),
                &billing::dollars(plan.sale_price_cents),
                &billing::dollars(sub.balance_cents),
                &link,
            );
            let job = MailSend::new(&ctx.secrets, mail).once_per(format!(
                "plan.remind:{}:{}:{email}",
                self.subscription_id, self.period_end
            ));
            pending.add(job.enqueue(&mut tx, &options).await?);
        }
        if sub.balance_cents < plan.sale_price_cents {
            // The same alert as a failed renewal's (one key per period): sent once either way.
            let alert = Alert::low_balance(
                &format!("{}:{}", self.subscription_id, self.period_end),
                sub.balance_cents,
            );
            pending.add(alert_client_admins(&mut tx, &self.client_id, alert).await?);
        }
        tx.commit().await?;
        ctx.push(pending).await;
        Ok(())
    }
}
