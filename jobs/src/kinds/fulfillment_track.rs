//! `fulfillment.track`: reads where providers say fulfilment orders are and moves them on —
//! CREATED → IN_TRANSIT → COMPLETED, or CANCELLED — with tracking number, URL, carrier and
//! cost; an order that shipped queues `fulfillment.ship` to write its tracking back to the
//! marketplace. Scheduled (`CRON_FULFILLMENT_TRACK`) for the open orders whose next read is
//! due (`FULFILLMENT_POLL_SECS` after the last word about them; six hours when their provider
//! reports by webhook), and queued for one order when its provider's webhook names it without
//! saying enough to apply as is.
//!
//! Idempotent: status moves only forward and the tracking is kept from the first report, so a
//! repeated or late read changes nothing. Errors: in a scheduled round, one order's failure is
//! logged and the round goes on (one provider down holds no one else up); for one order, the
//! provider's errors split as `From<ProviderError>` says.
use connectors::fulfillment::ProviderError;
use domain::event_histories::EventHistory;
use domain::fulfillment::orders::{self, EventSource, Submission};
use serde::{Deserialize, Serialize};

use super::{FulfillmentShip, JobKind, Scheduled};
use crate::context::JobContext;
use crate::fulfillment::{open_account, stage_of, tracking_of};
use crate::{EnqueueOptions, JobError};

/// Orders read per scheduled round.
const ROUND: i64 = 200;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct FulfillmentTrack {
    /// The schedule's tick: one round per tick whatever the number of workers.
    #[serde(default)]
    pub tick: String,
    /// One order (a webhook named it), with the client it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fulfillment_order_id: Option<String>,
    /// What the webhook reported (its delivery), so two deliveries of one report read once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report: Option<String>,
}

impl Scheduled for FulfillmentTrack {
    fn for_tick(tick: String) -> Self {
        FulfillmentTrack {
            tick,
            ..FulfillmentTrack::default()
        }
    }
}

impl FulfillmentTrack {
    pub fn for_order(fulfillment_order_id: &str, report: String) -> FulfillmentTrack {
        FulfillmentTrack {
            tick: String::new(),
            fulfillment_order_id: Some(fulfillment_order_id.to_owned()),
            report: Some(report),
        }
    }
}

impl JobKind for FulfillmentTrack {
    const NAME: &'static str = "fulfillment.track";

    fn dedupe_key(&self) -> Option<String> {
        match (&self.fulfillment_order_id, &self.report) {
            (Some(id), Some(report)) => Some(format!("fulfillment-track:{id}:{report}")),
            _ => Some(self.tick.clone()).filter(|t| !t.is_empty()),
        }
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        if let Some(id) = &self.fulfillment_order_id {
            let client_id = super::client_of(job)?;
            return track_one(ctx, &client_id, id, EventSource::Webhook).await;
        }
        let due = {
            let mut conn = ctx.db.conn().await?;
            orders::due_for_tracking(&mut conn, ROUND, ctx.config.fulfillment_poll_every).await?
        };
        let (mut read, mut failed) = (0, 0);
        for (id, client_id) in &due {
            match track_one(ctx, client_id, id, EventSource::Provider).await {
                Ok(()) => read += 1,
                Err(e) => {
                    failed += 1;
                    tracing::warn!(fulfillment_order = %id, error = %e, "tracking not read this round");
                }
            }
        }
        // Write-backs that did not happen (a crash, a marketplace down) are queued again.
        let pending = {
            let mut conn = ctx.db.conn().await?;
            orders::due_for_ship_back(&mut conn, ROUND, ctx.config.fulfillment_poll_every).await?
        };
        for (id, client_id) in &pending {
            queue_ship(ctx, client_id, id, &self.tick).await?;
        }
        tracing::info!(
            read,
            failed,
            ship_backs = pending.len(),
            "fulfilment tracking round"
        );
        Ok(())
    }
}

/// Reads one order at its provider and applies what it says.
pub async fn track_one(
    ctx: &JobContext,
    client_id: &str,
    id: &str,
    source: EventSource,
) -> Result<(), JobError> {
    let order = {
        let mut conn = ctx.db.conn().await?;
        match orders::get_any(&mut conn, client_id, id).await {
            Ok(o) => o,
            Err(domain::DomainError::NotFound(_)) => return Ok(()),
            Err(e) => return Err(e.into()),
        }
    };
    let Some(external_id) = order.external_id.clone() else {
        return Ok(());
    };
    if order.submission != Submission::Submitted || !order.status.is_open() {
        return Ok(());
    }
    let Some((_, account)) =
        open_account(&ctx.db, &ctx.secrets, client_id, &order.provider_id).await?
    else {
        return Ok(());
    };
    let found = match ctx.fulfillment.order(&account, &external_id).await {
        Ok(found) => found,
        Err(ProviderError::NotFound(_)) => {
            // Reconciliation reports an order the provider lost; tracking waits for it.
            let mut conn = ctx.db.conn().await?;
            orders::tracked(&mut conn, id, ctx.config.fulfillment_poll_every).await?;
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    let tracking = tracking_of(&found);
    let mut tx = ctx.db.begin().await?;
    let applied = orders::apply_stage(
        &mut tx,
        &order,
        stage_of(found.stage),
        &found.status,
        tracking.as_ref(),
        source,
        ctx.config.fulfillment_poll_every,
    )
    .await?;
    tx.commit().await?;
    if applied.ship_back {
        queue_ship(ctx, client_id, id, "shipped").await?;
    }
    Ok(())
}

async fn queue_ship(
    ctx: &JobContext,
    client_id: &str,
    id: &str,
    round: &str,
) -> Result<(), JobError> {
    let mut tx = ctx.db.begin().await?;
    let pending = FulfillmentShip::for_round(id, round)
        .enqueue(
            &mut tx,
            &EnqueueOptions::new(ctx.config.max_attempts.max(5)).client(client_id),
        )
        .await?;
    tx.commit().await?;
    ctx.push(pending).await;
    Ok(())
}
