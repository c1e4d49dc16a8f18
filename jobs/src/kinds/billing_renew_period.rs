//! `plan.renew_period`: renews one paid period that ended, from the client's balance; when the
//! balance is short, mails the client's admins and alerts them on Telegram (once per period)
//! and leaves the client on FREE's limits until it subscribes again.
//!
//! Idempotent: the renewal is one UPDATE conditional on the period's end, so a second delivery
//! (or another worker) finds the period moved on and does nothing; the mails are keyed by the
//! period. Errors: database ones retry.
use domain::billing::{self, Renewal};
use domain::event_histories::EventHistory;
use serde::{Deserialize, Serialize};

use super::{JobKind, MailSend};
use crate::context::JobContext;
use crate::telegram::{Alert, alert_client_admins};
use crate::{EnqueueOptions, JobError, Pending};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BillingRenewPeriod {
    pub subscription_id: String,
    pub client_id: String,
    /// The end of the period to renew, as stored.
    pub period_end: String,
}

impl JobKind for BillingRenewPeriod {
    const NAME: &'static str = "plan.renew_period";

    fn dedupe_key(&self) -> Option<String> {
        Some(format!(
            "plan.renew:{}:{}",
            self.subscription_id, self.period_end
        ))
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let mut tx = ctx.db.begin().await?;
        let renewal = billing::renew(&mut tx, &self.subscription_id, &self.period_end).await?;
        let mut pending = Pending::new();
        match &renewal {
            Renewal::Renewed { plan, end } => {
                tracing::info!(client = %self.client_id, plan = plan.plan_type.as_str(), %end, "plan renewed");
            }
            Renewal::Short {
                plan,
                balance_cents,
            } => {
                let admins = domain::users::admins_of(&mut tx, &self.client_id).await?;
                let link = format!("{}/subscriptions", ctx.config.public_url);
                let options = EnqueueOptions::new(ctx.config.max_attempts).client(&self.client_id);
                for (email, first_name) in admins {
                    let mail = domain::mail::plan_renewal_failed(
                        &email,
                        &first_name,
                        plan.plan_type.as_str(),
                        &billing::dollars(plan.sale_price_cents),
                        &billing::dollars(*balance_cents),
                        &link,
                    );
                    let job = MailSend::new(&ctx.secrets, mail).once_per(format!(
                        "plan.renew-failed:{}:{}:{email}",
                        self.subscription_id, self.period_end
                    ));
                    pending.add(job.enqueue(&mut tx, &options).await?);
                }
                // And on Telegram, to the admins who chose low-balance alerts: once a period.
                let alert = Alert::low_balance(
                    &format!("{}:{}", self.subscription_id, self.period_end),
                    *balance_cents,
                );
                pending.add(alert_client_admins(&mut tx, &self.client_id, alert).await?);
                tracing::info!(client = %self.client_id, plan = plan.plan_type.as_str(), "plan not renewed: balance short");
            }
            Renewal::Unchanged => {}
        }
        tx.commit().await?;
        ctx.push(pending).await;
        Ok(())
    }
}
