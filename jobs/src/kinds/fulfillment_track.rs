//! `fulfillment.track`: reads where providers say fulfilment orders are and moves them on —
//! CREATED → IN_TRANSIT → COMPLETED, or CANCELLED — with tracking number, URL, carrier and
//! cost; an order that shipped queues `fulfillment.ship` to write its tracking back to the
//! marketplace. Scheduled (`CRON_FULFILLMENT_TRACK`) for the open orders whose next read is
//! due (`FULFILLMENT_POLL_SECS` after the last word about them; six hours when their provider
//! reports by webhook), and queued for one order when its provider's webhook names it without
//! saying enough to apply as is, or before its create is recorded. A round reads its accounts side by side; an account that
//! reports by webhook has its (cost) reads put off while it has orders waiting to be made.
//!
//! Idempotent: status moves only forward and the tracking is kept from the first report, so a
//! repeated or late read changes nothing. Errors: in a scheduled round, one order's failure is
//! logged and the round goes on (one provider down holds no one else up); for one order, the
//! provider's errors split as `From<ProviderError>` says, and an order whose create is still
//! being recorded is tried again (a retry) until it is, or for a minute when only the provider's
//! id is known.
use std::collections::{BTreeMap, HashMap};

use connectors::fulfillment::{ProviderError, ProviderOrder};
use domain::event_histories::EventHistory;
use domain::fulfillment::orders::{self, Due, EventSource, FulfillmentStatus, Report, Submission};
use serde::{Deserialize, Serialize};

use super::{FulfillmentShip, JobKind, Scheduled};
use crate::context::JobContext;
use crate::fulfillment::{open_account, stage_of, tracking_of};
use crate::{EnqueueOptions, JobError, Priority};

/// Orders read per scheduled round.
const ROUND: i64 = 200;
/// An account with this many orders due is read through its order list.
const LIST_FROM: usize = 3;
/// Orders due that the account's list did not reach, read one by one in a round (the oldest
/// first, so none waits behind newer ones for ever); the rest keep their next read. Reading
/// every one would spend the account's rate on reads while its creates wait.
const ONE_BY_ONE: usize = 5;
/// How long an account's cost reads wait at most for its creates (see [`costs_wait`]).
const COSTS_WAIT_AT_MOST: std::time::Duration = std::time::Duration::from_secs(600);
/// How far a put-off read moves on: far enough that put-off orders do not fill the next rounds'
/// [`ROUND`] ahead of orders whose tracking is due.
const COSTS_PUT_OFF: std::time::Duration = std::time::Duration::from_secs(10);
/// How long a webhook's unknown provider order is looked for among ours: a create's answer is
/// written within moments; an order still unknown after this is not ours.
const UNKNOWN_FOR: std::time::Duration = std::time::Duration::from_secs(60);
/// How long a write-back may be on its way (queued with the tracking, retried by its job)
/// before the schedule queues it again: only lost ones, never a queue that is merely busy.
const SHIP_BACK_RESCUE: std::time::Duration = std::time::Duration::from_secs(600);

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
    /// The stage the webhook reported without a tracking number (`SHIPPED`, `DELIVERED`): if
    /// the tracking is known by the time the job runs (another webhook brought it), the stage
    /// is applied without a read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<String>,
    /// A provider order a webhook named before we knew it as ours: its create's answer is still
    /// being written, and only the provider's id is in the webhook.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heard: Option<HeardOrder>,
}

/// A provider's order as a webhook named it, and when (unix milliseconds).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HeardOrder {
    pub provider_account_id: String,
    pub provider_order_id: String,
    pub heard_at_ms: i64,
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
    pub fn for_order(
        fulfillment_order_id: &str,
        report: String,
        stage: Option<orders::Stage>,
    ) -> FulfillmentTrack {
        FulfillmentTrack {
            tick: String::new(),
            fulfillment_order_id: Some(fulfillment_order_id.to_owned()),
            report: Some(report),
            stage: stage.map(|s| s.as_str().to_owned()),
            heard: None,
        }
    }

    /// A webhook about a provider order we do not know (yet): read once its create is
    /// recorded, or dropped as not ours after [`UNKNOWN_FOR`].
    pub fn for_provider_order(
        provider_account_id: &str,
        provider_order_id: &str,
        report: String,
    ) -> FulfillmentTrack {
        FulfillmentTrack {
            report: Some(report),
            heard: Some(HeardOrder {
                provider_account_id: provider_account_id.to_owned(),
                provider_order_id: provider_order_id.to_owned(),
                heard_at_ms: domain::time::now().timestamp_millis(),
            }),
            ..FulfillmentTrack::default()
        }
    }
}

impl JobKind for FulfillmentTrack {
    const NAME: &'static str = "fulfillment.track";
    // Tracking is what a seller's ship-by deadline waits on; a round must not wait behind a
    // bulk send of provider orders that the providers' rates hold back.
    const PRIORITY: Priority = Priority::High;

    fn dedupe_key(&self) -> Option<String> {
        match (&self.fulfillment_order_id, &self.report) {
            (Some(id), Some(report)) => Some(format!("fulfillment-track:{id}:{report}")),
            (None, Some(report)) if self.heard.is_some() => {
                let heard = self.heard.as_ref()?;
                Some(format!(
                    "fulfillment-track:{}:{}:{report}",
                    heard.provider_account_id, heard.provider_order_id
                ))
            }
            _ => Some(self.tick.clone()).filter(|t| !t.is_empty()),
        }
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        if let Some(heard) = &self.heard {
            let client_id = super::client_of(job)?;
            let order = {
                let mut conn = ctx.db.conn().await?;
                orders::by_external(
                    &mut conn,
                    &heard.provider_account_id,
                    &heard.provider_order_id,
                )
                .await?
            };
            let waited = domain::time::now().timestamp_millis() - heard.heard_at_ms;
            return match order {
                Some(o) if o.client_id == client_id => {
                    track_one(ctx, &client_id, &o.id, EventSource::Webhook).await
                }
                // Its create's answer takes a moment to be written.
                _ if waited < i64::try_from(UNKNOWN_FOR.as_millis()).unwrap_or(i64::MAX) => Err(
                    JobError::Retry("waiting for the provider order to be recorded".into()),
                ),
                // Not ours (reconciliation reports it).
                _ => Ok(()),
            };
        }
        if let Some(id) = &self.fulfillment_order_id {
            let client_id = super::client_of(job)?;
            if still_being_recorded(ctx, &client_id, id).await? {
                // The webhook came before the create's answer was written; that takes a moment.
                return Err(JobError::Retry(
                    "waiting for the provider order to be recorded".into(),
                ));
            }
            let stage = self.stage.as_deref().and_then(|s| s.parse().ok());
            if let Some(stage) = stage
                && let Some(order) = open_order(ctx, &client_id, id).await?
                && order.tracking_number.is_some()
            {
                return apply_reported(ctx, &order, stage).await;
            }
            return track_one(ctx, &client_id, id, EventSource::Webhook).await;
        }
        let due = {
            let mut conn = ctx.db.conn().await?;
            orders::due_for_tracking(&mut conn, ROUND, ctx.config.fulfillment_poll_every).await?
        };
        // One account's orders together: several are read with its order list, a page for
        // many, rather than one request each against its rate limit.
        let mut by_account: BTreeMap<(&str, &str), Vec<&Due>> = BTreeMap::new();
        for d in &due {
            by_account
                .entry((d.client_id.as_str(), d.provider_id.as_str()))
                .or_default()
                .push(d);
        }
        // Each account has its own rate, so the accounts are read side by side: one with many
        // orders due (or a provider slow to answer) holds no other account's tracking up.
        let rounds =
            futures::future::join_all(by_account.into_iter().map(
                |((client_id, provider_id), due)| read_account(ctx, client_id, provider_id, due),
            ))
            .await;
        let (mut read, mut failed, mut left) = (0, 0, 0);
        for r in rounds {
            let r = r?;
            read += r.read;
            failed += r.failed;
            left += r.left;
        }
        // Write-backs lost on their way (a crash between the tracking and its job) are queued
        // again.
        let pending = {
            let mut conn = ctx.db.conn().await?;
            orders::due_for_ship_back(&mut conn, ROUND, SHIP_BACK_RESCUE).await?
        };
        for (id, client_id) in &pending {
            queue_ship(ctx, client_id, id, Some(&self.tick)).await?;
        }
        tracing::info!(
            read,
            failed,
            left,
            ship_backs = pending.len(),
            "fulfilment tracking round"
        );
        Ok(())
    }
}

/// What a round did with one account's orders due.
#[derive(Debug, Default)]
struct AccountRound {
    read: usize,
    failed: usize,
    left: usize,
}

/// Reads one account's orders due: through its order list when several are, else one by one.
/// An account that reports by webhook is due only for costs (and its backstop read): while it
/// has orders waiting to be made, those reads are put off, so its rate goes to the creates.
async fn read_account(
    ctx: &JobContext,
    client_id: &str,
    provider_id: &str,
    mut due: Vec<&Due>,
) -> Result<AccountRound, JobError> {
    let mut round = AccountRound::default();
    if costs_wait(ctx, provider_id, &due).await? {
        let ids: Vec<&str> = due.iter().map(|d| d.id.as_str()).collect();
        let mut conn = ctx.db.conn().await?;
        orders::put_off_tracking(
            &mut conn,
            &ids,
            COSTS_PUT_OFF.max(ctx.config.fulfillment_poll_every),
        )
        .await?;
        round.left = due.len();
        return Ok(round);
    }
    let listed = if due.len() >= LIST_FROM {
        match list_account(ctx, client_id, provider_id, &due).await {
            Ok(listed) => Some(listed),
            Err(e) => {
                tracing::warn!(provider_account = %provider_id, error = %e, "order list not read this round");
                None
            }
        }
    } else {
        None
    };
    due.sort_by_key(|d| d.submitted_at);
    let mut singles = 0;
    for d in due {
        let done = match listed.as_ref().map(|l| l.get(&d.external_id)) {
            Some(Some(found)) => {
                apply_read(ctx, client_id, &d.id, found, EventSource::Provider).await
            }
            Some(None) if singles >= ONE_BY_ONE => {
                round.left += 1;
                continue;
            }
            _ => {
                singles += 1;
                track_one(ctx, client_id, &d.id, EventSource::Provider).await
            }
        };
        match done {
            Ok(()) => round.read += 1,
            Err(e) => {
                round.failed += 1;
                tracing::warn!(fulfillment_order = %d.id, error = %e, "tracking not read this round");
            }
        }
    }
    Ok(round)
}

/// Whether an account's reads this round are only for what can wait (it reports by webhook, so
/// they are for costs and the backstop) while it has orders waiting to be made, sent within
/// [`COSTS_WAIT_AT_MOST`] — a create stuck on a provider's outage holds nothing for longer.
async fn costs_wait(ctx: &JobContext, provider_id: &str, due: &[&Due]) -> Result<bool, JobError> {
    let mut conn = ctx.db.conn().await?;
    if !orders::reports_by_webhook(&mut conn, provider_id).await? {
        return Ok(false);
    }
    let since =
        domain::time::now() - chrono::Duration::from_std(COSTS_WAIT_AT_MOST).unwrap_or_default();
    if due.iter().any(|d| d.submitted_at < since) {
        return Ok(false);
    }
    Ok(orders::creates_waiting(&mut conn, provider_id, COSTS_WAIT_AT_MOST).await?)
}

/// The account's orders made since the oldest of `due` was sent, by the provider's id: as many
/// pages as the orders due fill at the first page's size, and one more (other orders of the
/// account share the pages). A list that is newest first, as Printify's, reaches the newest
/// orders due; the older ones it misses are read one by one or left for their next read.
async fn list_account(
    ctx: &JobContext,
    client_id: &str,
    provider_id: &str,
    due: &[&Due],
) -> Result<HashMap<String, ProviderOrder>, JobError> {
    let Some((_, account)) = open_account(&ctx.db, &ctx.secrets, client_id, provider_id).await?
    else {
        return Ok(HashMap::new());
    };
    let Some(oldest) = due.iter().map(|d| d.submitted_at).min() else {
        return Ok(HashMap::new());
    };
    // A provider's clock and ours differ a little; the list's window is a bit wider.
    let since = oldest - chrono::Duration::minutes(10);
    let mut found = HashMap::new();
    let mut pages = u32::try_from(due.len()).unwrap_or(u32::MAX);
    let mut page = 0;
    while page < pages {
        page += 1;
        let listed = ctx.fulfillment.orders_since(&account, since, page).await?;
        if page == 1 && !listed.orders.is_empty() {
            let filled = due.len().div_ceil(listed.orders.len()).saturating_add(1);
            pages = pages.min(u32::try_from(filled).unwrap_or(u32::MAX));
        }
        for o in listed.orders {
            found.insert(o.id.clone(), o);
        }
        if !listed.has_more || due.iter().all(|d| found.contains_key(&d.external_id)) {
            break;
        }
    }
    Ok(found)
}

/// Reads one order at its provider and applies what it says.
pub async fn track_one(
    ctx: &JobContext,
    client_id: &str,
    id: &str,
    source: EventSource,
) -> Result<(), JobError> {
    let Some(order) = open_order(ctx, client_id, id).await? else {
        return Ok(());
    };
    let Some(external_id) = order.external_id.clone() else {
        return Ok(());
    };
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
    apply(ctx, &order, &found, source).await
}

/// Applies what the provider's order list said of one order.
async fn apply_read(
    ctx: &JobContext,
    client_id: &str,
    id: &str,
    found: &ProviderOrder,
    source: EventSource,
) -> Result<(), JobError> {
    match open_order(ctx, client_id, id).await? {
        Some(order) => apply(ctx, &order, found, source).await,
        None => Ok(()),
    }
}

/// Whether the order's create is still being recorded (sent, its answer not yet written).
async fn still_being_recorded(
    ctx: &JobContext,
    client_id: &str,
    id: &str,
) -> Result<bool, JobError> {
    let mut conn = ctx.db.conn().await?;
    match orders::get_any(&mut conn, client_id, id).await {
        Ok(o) => {
            Ok(o.submission == Submission::Pending && o.status != FulfillmentStatus::Cancelled)
        }
        Err(domain::DomainError::NotFound(_)) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// The order, while the provider has it and it is worth reading: not cancelled here, and open
/// or with its cost still unknown.
async fn open_order(
    ctx: &JobContext,
    client_id: &str,
    id: &str,
) -> Result<Option<orders::FulfillmentOrder>, JobError> {
    let mut conn = ctx.db.conn().await?;
    let order = match orders::get_any(&mut conn, client_id, id).await {
        Ok(o) => o,
        Err(domain::DomainError::NotFound(_)) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let worth = order.status.is_open()
        || (order.status == FulfillmentStatus::Completed && order.total_amount_cents.is_none());
    Ok(
        (order.submission == Submission::Submitted && order.external_id.is_some() && worth)
            .then_some(order),
    )
}

/// A webhook's stage, applied as it stands now that the order's tracking is known.
async fn apply_reported(
    ctx: &JobContext,
    order: &orders::FulfillmentOrder,
    stage: orders::Stage,
) -> Result<(), JobError> {
    let status = stage.as_str().to_ascii_lowercase();
    let report = Report {
        stage,
        provider_status: &status,
        tracking: None,
        total_cents: None,
        currency: None,
    };
    apply_report(ctx, order, &report, EventSource::Webhook).await
}

/// Applies what the provider's copy of the order says.
async fn apply(
    ctx: &JobContext,
    order: &orders::FulfillmentOrder,
    found: &ProviderOrder,
    source: EventSource,
) -> Result<(), JobError> {
    let tracking = tracking_of(found);
    let report = Report {
        stage: stage_of(found.stage),
        provider_status: &found.status,
        tracking: tracking.as_ref(),
        total_cents: found.total_cents,
        currency: found.currency.as_deref(),
    };
    apply_report(ctx, order, &report, source).await
}

/// Applies a report, and queues the write-back when the tracking should now go back.
async fn apply_report(
    ctx: &JobContext,
    order: &orders::FulfillmentOrder,
    report: &Report<'_>,
    source: EventSource,
) -> Result<(), JobError> {
    let mut tx = ctx.db.begin().await?;
    let applied = orders::apply_stage(
        &mut tx,
        order,
        report,
        source,
        ctx.config.fulfillment_poll_every,
    )
    .await?;
    tx.commit().await?;
    if applied.ship_back {
        queue_ship(ctx, &order.client_id, &order.id, None).await?;
    }
    Ok(())
}

async fn queue_ship(
    ctx: &JobContext,
    client_id: &str,
    id: &str,
    round: Option<&str>,
) -> Result<(), JobError> {
    let mut tx = ctx.db.begin().await?;
    let ship = match round {
        Some(round) => FulfillmentShip::for_round(id, round),
        None => FulfillmentShip::on_tracking(id),
    };
    let pending = ship
        .enqueue(
            &mut tx,
            &EnqueueOptions::new(ctx.config.max_attempts.max(5)).client(client_id),
        )
        .await?;
    tx.commit().await?;
    ctx.push(pending).await;
    Ok(())
}
