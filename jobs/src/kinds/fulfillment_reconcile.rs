//! `fulfillment.reconcile` (scheduled nightly: `CRON_FULFILLMENT_RECONCILE`): compares each
//! provider account's orders of the last 30 days with Sellerdesk's and records the drift — an
//! order at the provider none of ours made, one we think exists that the provider lacks, a
//! status that disagrees — on the monitors screen, mailing the client's admins what is new.
//!
//! Idempotent: a finding is one row, refreshed while it lasts and resolved when gone; a mail
//! goes once per new finding set and tick. Errors: one account's failure is logged and the
//! others go on.
use std::collections::{HashMap, HashSet};

use chrono::Duration;
use connectors::fulfillment::ProviderOrder;
use domain::event_histories::EventHistory;
use domain::fulfillment::drifts::{self, DriftKind, Finding};
use domain::fulfillment::orders::{FulfillmentStatus, Submission};
use domain::fulfillment::{self, ProviderAccount};
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::{JobKind, MailSend, Scheduled};
use crate::context::JobContext;
use crate::fulfillment::{open_account, stage_of};
use crate::{EnqueueOptions, JobError};

/// How far back a night looks.
const WINDOW_DAYS: i64 = 30;
/// Pages of a provider's orders read per account and night.
const MAX_PAGES: u32 = 50;
/// A fresh order may not be listed yet: orders younger than this are not "missing".
const SETTLE_MINUTES: i64 = 60;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FulfillmentReconcile {
    #[serde(default)]
    pub tick: String,
}

impl Scheduled for FulfillmentReconcile {
    fn for_tick(tick: String) -> Self {
        FulfillmentReconcile { tick }
    }
}

impl JobKind for FulfillmentReconcile {
    const NAME: &'static str = "fulfillment.reconcile";

    fn dedupe_key(&self) -> Option<String> {
        Some(self.tick.clone()).filter(|t| !t.is_empty())
    }

    async fn run(self, ctx: &JobContext, _job: &EventHistory) -> Result<(), JobError> {
        let accounts = {
            let mut conn = ctx.db.conn().await?;
            fulfillment::all_accounts(&mut conn).await?
        };
        let mut found = 0;
        for account in &accounts {
            match reconcile(ctx, account, &self.tick).await {
                Ok(n) => found += n,
                Err(e) => {
                    tracing::warn!(provider_account = %account.id, error = %e, "reconciliation skipped an account")
                }
            }
        }
        tracing::info!(
            accounts = accounts.len(),
            found,
            "fulfilment reconciliation"
        );
        Ok(())
    }
}

/// A fulfilment order of ours, as reconciliation compares it.
pub struct Ours {
    pub id: String,
    pub external_id: Option<String>,
    pub status: FulfillmentStatus,
    pub submission: Submission,
    pub created_at: String,
}

/// One account's drift; answers how many findings are open.
pub async fn reconcile(
    ctx: &JobContext,
    account: &ProviderAccount,
    tick: &str,
) -> Result<usize, JobError> {
    let Some((_, client)) =
        open_account(&ctx.db, &ctx.secrets, &account.client_id, &account.id).await?
    else {
        return Ok(0);
    };
    let since = ctx.clock.now() - Duration::days(WINDOW_DAYS);
    let mut theirs: Vec<ProviderOrder> = Vec::new();
    for page in 1..=MAX_PAGES {
        let got = ctx.fulfillment.orders_since(&client, since, page).await?;
        theirs.extend(got.orders);
        if !got.has_more {
            break;
        }
    }
    let ours: Vec<Ours> = {
        let mut conn = ctx.db.conn().await?;
        let rows = sqlx::query(
            "SELECT id, external_id, status, submission, created_at FROM fulfillment_orders
             WHERE provider_id = $1 AND client_id = $2 AND created_at >= $3",
        )
        .bind(&account.id)
        .bind(&account.client_id)
        .bind(domain::time::to_db(since))
        .fetch_all(&mut *conn)
        .await
        .map_err(domain::DomainError::from)?;
        rows.iter()
            .map(|r| {
                Ok(Ours {
                    id: r.try_get("id")?,
                    external_id: r.try_get("external_id")?,
                    status: domain::stored::column(r, "fulfillment_orders", "status")?,
                    submission: domain::stored::column(r, "fulfillment_orders", "submission")?,
                    created_at: r.try_get("created_at")?,
                })
            })
            .collect::<Result<_, domain::DomainError>>()?
    };
    let settled_before = domain::time::to_db(ctx.clock.now() - Duration::minutes(SETTLE_MINUTES));
    let findings = compare(&theirs, &ours, &settled_before);
    let mut tx = ctx.db.begin().await?;
    let fresh = drifts::replace(&mut tx, &account.client_id, &account.id, &findings).await?;
    let mut pending = crate::Pending::new();
    if !fresh.is_empty() {
        let admins = domain::users::admins_of(&mut tx, &account.client_id).await?;
        let lines: Vec<String> = fresh.iter().map(|f| f.detail.clone()).collect();
        let link = format!("{}/monitors", ctx.config.public_url);
        for (email, first_name) in admins {
            let mail = domain::mail::fulfillment_drift(
                &email,
                &first_name,
                account.provider.display_name(),
                &lines,
                &link,
            );
            let job = MailSend::new(&ctx.secrets, mail)
                .once_per(format!("drift:{}:{}:{email}", account.id, tick));
            pending.add(
                job.enqueue(
                    &mut tx,
                    &EnqueueOptions::new(ctx.config.max_attempts).client(&account.client_id),
                )
                .await?,
            );
        }
    }
    tx.commit().await?;
    ctx.push(pending).await;
    Ok(findings.len())
}

/// What disagrees between the provider's orders and ours.
pub fn compare(theirs: &[ProviderOrder], ours: &[Ours], settled_before: &str) -> Vec<Finding> {
    let by_external: HashMap<&str, &Ours> = ours
        .iter()
        .filter_map(|o| o.external_id.as_deref().map(|e| (e, o)))
        .collect();
    let by_id: HashMap<&str, &Ours> = ours.iter().map(|o| (o.id.as_str(), o)).collect();
    let mut seen: HashSet<&str> = HashSet::new();
    let mut findings = Vec::new();
    for t in theirs {
        let mine = by_external
            .get(t.id.as_str())
            .or_else(|| t.reference.as_deref().and_then(|r| by_id.get(r)))
            .copied();
        match mine {
            None => findings.push(Finding {
                kind: DriftKind::UnknownAtSellerdesk,
                provider_order_id: Some(t.id.clone()),
                fulfillment_order_id: None,
                detail: format!(
                    "order {} at the provider ({}) was not sent from Sellerdesk",
                    t.id, t.status
                ),
            }),
            Some(o) => {
                seen.insert(o.id.as_str());
                let theirs_status = stage_of(t.stage).status();
                // Ours may be ahead (tracking read since the list was made), never behind by
                // more than the cron's period; a provider cancel against ours open, or ours
                // cancelled against theirs going on, is drift.
                let disagree = (theirs_status == FulfillmentStatus::Cancelled)
                    != (o.status == FulfillmentStatus::Cancelled);
                if disagree {
                    findings.push(Finding {
                        kind: DriftKind::StatusMismatch,
                        provider_order_id: Some(t.id.clone()),
                        fulfillment_order_id: Some(o.id.clone()),
                        detail: format!(
                            "order {} is {} at the provider but {} in Sellerdesk",
                            t.id,
                            t.status,
                            o.status.as_str()
                        ),
                    });
                }
            }
        }
    }
    for o in ours {
        if o.submission == Submission::Submitted
            && !seen.contains(o.id.as_str())
            && o.created_at.as_str() < settled_before
        {
            findings.push(Finding {
                kind: DriftKind::MissingAtProvider,
                provider_order_id: o.external_id.clone(),
                fulfillment_order_id: Some(o.id.clone()),
                detail: format!(
                    "fulfilment order {} was sent but the provider does not list it",
                    o.external_id.as_deref().unwrap_or(&o.id)
                ),
            });
        }
    }
    findings
}
