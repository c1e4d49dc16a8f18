//! Scheduled tasks. Every process that runs a pool runs the schedules; each tick enqueues its
//! job under a key derived from the tick, so however many processes fire, one job runs.
//! Schedules are parsed by croner and each runs as a plain task (docs/decisions.md says why not
//! tokio-cron-scheduler).
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use chrono::{DurationRound, TimeDelta, Utc};
use croner::Cron;
use croner::parser::{CronParser, Seconds};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::context::JobContext;
use crate::enqueue::EnqueueOptions;
use crate::kinds::{
    BillingRenew, CategorySync, FulfillmentReconcile, FulfillmentTrack, JobKind, OrderExportPurge,
    PromotionRenew, Registered, Scheduled, ShopSync, TelegramAlerts, TelegramPoll, TokensPurge,
};

/// The key of the tick that fired now: the time rounded to the second (ticks fire on whole
/// seconds, a few milliseconds late on each process).
pub fn tick_key(task: &str) -> String {
    let tick = Utc::now()
        .duration_round(TimeDelta::seconds(1))
        .unwrap_or_else(|_| Utc::now());
    format!("cron:{task}:{}", tick.format("%Y-%m-%dT%H:%M:%SZ"))
}

/// Enqueues one tick of `K` unless another process already did.
pub async fn fire<K: Scheduled>(ctx: &JobContext) {
    tracing::debug!(task = K::NAME, "cron: tick");
    enqueue_once(ctx, &K::for_tick(tick_key(K::NAME))).await;
}

/// Enqueues a job with a dedupe key unless some process already did; never fails the caller.
pub async fn enqueue_once<K: Registered>(ctx: &JobContext, job: &K) {
    let options = EnqueueOptions::new(ctx.config.max_attempts);
    let enqueued = match ctx.db.conn().await {
        Ok(mut conn) => job.enqueue(&mut conn, &options).await,
        Err(e) => Err(e),
    };
    match enqueued {
        Ok(pending) if pending.is_empty() => {
            tracing::debug!(task = K::NAME, key = ?job.dedupe_key(), "already enqueued by another process")
        }
        Ok(pending) => ctx.push(pending).await,
        Err(e) => tracing::warn!(task = K::NAME, error = %e, "scheduled job could not be enqueued"),
    }
}

/// What every pool start queues once: the category tree is refreshed at start (once a day
/// whatever the number of processes and restarts), then by the daily schedule.
pub async fn at_start(ctx: &JobContext) {
    enqueue_once(ctx, &CategorySync::at_start(ctx.clock.now())).await;
}

/// Why the schedules could not start.
#[derive(Debug, thiserror::Error)]
#[error("cron schedule '{schedule}' of {task}: {reason}")]
pub struct ScheduleError {
    pub task: &'static str,
    pub schedule: String,
    pub reason: String,
}

/// Parses a schedule (cron with seconds: "sec min hour day month weekday").
pub fn parse(schedule: &str) -> Result<Cron, croner::errors::CronError> {
    CronParser::builder()
        .seconds(Seconds::Required)
        .dom_and_dow(true)
        .build()
        .parse(schedule)
}

/// Fires one tick of a scheduled kind.
type Fire = for<'a> fn(&'a JobContext) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

fn fire_boxed<K: Scheduled>(ctx: &JobContext) -> Pin<Box<dyn Future<Output = ()> + Send + '_>> {
    Box::pin(fire::<K>(ctx))
}

/// Starts one task per scheduled kind: sleep until the schedule's next time, fire, repeat, until
/// `stop` turns true.
pub fn start(
    ctx: Arc<JobContext>,
    stop: watch::Receiver<bool>,
) -> Result<Vec<JoinHandle<()>>, ScheduleError> {
    let mut tasks: Vec<(&'static str, String, Fire)> = vec![
        (
            TokensPurge::NAME,
            ctx.config.cron_tokens_purge.clone(),
            fire_boxed::<TokensPurge>,
        ),
        (
            OrderExportPurge::NAME,
            ctx.config.cron_order_export_purge.clone(),
            fire_boxed::<OrderExportPurge>,
        ),
        (
            CategorySync::NAME,
            ctx.config.cron_category_sync.clone(),
            fire_boxed::<CategorySync>,
        ),
        (
            ShopSync::NAME,
            ctx.config.cron_shop_sync.clone(),
            fire_boxed::<ShopSync>,
        ),
        (
            FulfillmentTrack::NAME,
            ctx.config.cron_fulfillment_track.clone(),
            fire_boxed::<FulfillmentTrack>,
        ),
        (
            FulfillmentReconcile::NAME,
            ctx.config.cron_fulfillment_reconcile.clone(),
            fire_boxed::<FulfillmentReconcile>,
        ),
        (
            BillingRenew::NAME,
            ctx.config.cron_plan_renew.clone(),
            fire_boxed::<BillingRenew>,
        ),
        (
            PromotionRenew::NAME,
            ctx.config.cron_promotion_renew.clone(),
            fire_boxed::<PromotionRenew>,
        ),
    ];
    if let Some(telegram) = &ctx.config.telegram {
        tasks.push((
            TelegramAlerts::NAME,
            ctx.config.cron_telegram_alerts.clone(),
            fire_boxed::<TelegramAlerts>,
        ));
        // With a webhook, updates arrive by themselves.
        if telegram.webhook_secret.is_none() {
            tasks.push((
                TelegramPoll::NAME,
                ctx.config.cron_telegram_poll.clone(),
                fire_boxed::<TelegramPoll>,
            ));
        }
    }
    let mut handles = Vec::new();
    for (task, schedule, fire) in tasks {
        let cron = parse(&schedule).map_err(|e| ScheduleError {
            task,
            schedule: schedule.clone(),
            reason: e.to_string(),
        })?;
        let ctx = ctx.clone();
        let mut stop = stop.clone();
        handles.push(tokio::spawn(async move {
            loop {
                let Ok(next) = cron.find_next_occurrence(&Utc::now(), false) else {
                    tracing::warn!(task, "the schedule has no next time; cron task stops");
                    return;
                };
                let wait = (next - Utc::now()).to_std().unwrap_or_default();
                tracing::debug!(task, %next, ?wait, "cron: sleeping until the next tick");
                tokio::select! {
                    _ = tokio::time::sleep(wait) => fire(&ctx).await,
                    // The guard `wait_for` returns is not Send; drop it inside the branch.
                    _ = async { stop.wait_for(|s| *s).await.map(|_| ()) } => return,
                }
            }
        }));
    }
    Ok(handles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_with_seconds_parse_and_tick_within_their_period() {
        let cron = parse("*/1 * * * * *").expect("every second parses");
        let now = Utc::now();
        let next = cron.find_next_occurrence(&now, false).expect("a next tick");
        assert!(
            next > now && next - now <= TimeDelta::seconds(1),
            "next {next} now {now}"
        );
        let daily = parse("0 30 3 * * *").expect("daily parses");
        let next = daily
            .find_next_occurrence(&now, false)
            .expect("a next tick");
        assert!(next - now <= TimeDelta::days(1));
        assert!(parse("not a schedule").is_err());
    }
}
