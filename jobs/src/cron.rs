//! Scheduled tasks. Every process that runs a pool runs the schedules; each tick enqueues its
//! job under a key derived from the tick, so however many processes fire, one job runs.
//! Schedules are parsed by croner and each runs as a plain task (docs/decisions.md says why not
//! tokio-cron-scheduler).
use std::sync::Arc;

use chrono::{DurationRound, TimeDelta, Utc};
use croner::Cron;
use croner::parser::{CronParser, Seconds};
use domain::event_histories::{self, NewJob};
use serde_json::json;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::kinds;
use crate::pool::Runtime;

/// The key of the tick that fired now: the time rounded to the second (ticks fire on whole
/// seconds, a few milliseconds late on each process).
pub fn tick_key(task: &str) -> String {
    let tick = Utc::now()
        .duration_round(TimeDelta::seconds(1))
        .unwrap_or_else(|_| Utc::now());
    format!("cron:{task}:{}", tick.format("%Y-%m-%dT%H:%M:%SZ"))
}

/// Enqueues one tick of `task` unless another process already did.
pub async fn fire(rt: &Runtime, task: &str) {
    let job = NewJob {
        kind: task.to_owned(),
        payload: json!({ "tick": tick_key(task) }),
        client_id: None,
        batch_id: None,
        dedupe_key: Some(tick_key(task)),
        max_attempts: rt.config.max_attempts,
        shop_id: None,
    };
    tracing::debug!(task, "cron: tick");
    enqueue_once(rt, &job).await;
}

/// Enqueues a job with a dedupe key unless some process already did; never fails the caller.
pub async fn enqueue_once(rt: &Runtime, job: &NewJob) {
    let task = job.kind.as_str();
    let inserted = match rt.db.conn().await {
        Ok(mut conn) => event_histories::insert(&mut conn, job).await,
        Err(e) => Err(e),
    };
    match inserted {
        Ok(Some(id)) => rt.queue.push(&rt.db, &[id]).await,
        Ok(None) => {
            tracing::debug!(task, key = ?job.dedupe_key, "already enqueued by another process")
        }
        Err(e) => tracing::warn!(task, error = %e, "scheduled job could not be enqueued"),
    }
}

/// What every pool start queues once: the category tree is refreshed at start (once a day
/// whatever the number of processes and restarts), then by the daily schedule.
pub async fn at_start(rt: &Runtime) {
    enqueue_once(
        rt,
        &crate::shops::category_sync_at_start(rt.config.max_attempts),
    )
    .await;
}

/// Parses a schedule (cron with seconds: "sec min hour day month weekday").
pub fn parse(schedule: &str) -> Result<Cron, String> {
    CronParser::builder()
        .seconds(Seconds::Required)
        .dom_and_dow(true)
        .build()
        .parse(schedule)
        .map_err(|e| format!("cron schedule '{schedule}': {e}"))
}

/// Starts one task per scheduled kind: sleep until the schedule's next time, fire, repeat, until
/// `stop` turns true.
pub fn start(rt: Arc<Runtime>, stop: watch::Receiver<bool>) -> Result<Vec<JoinHandle<()>>, String> {
    let tasks = [
        (kinds::TOKENS_PURGE, rt.config.cron_tokens_purge.clone()),
        (kinds::CATEGORY_SYNC, rt.config.cron_category_sync.clone()),
        (kinds::SHOP_SYNC, rt.config.cron_shop_sync.clone()),
    ];
    let mut handles = Vec::new();
    for (task, schedule) in tasks {
        let cron = parse(&schedule).map_err(|e| format!("{task}: {e}"))?;
        let rt = rt.clone();
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
                    _ = tokio::time::sleep(wait) => fire(&rt, task).await,
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
