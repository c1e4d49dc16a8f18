//! Scheduled tasks. Every process that runs a pool runs the scheduler; each tick enqueues its
//! job under a key derived from the tick, so however many processes fire, one job runs.
use std::sync::Arc;

use chrono::{DurationRound, TimeDelta, Utc};
use domain::event_histories::{self, NewJob};
use serde_json::json;
use tokio_cron_scheduler::{Job, JobScheduler};

use crate::kinds;
use crate::pool::Runtime;

/// The key of the tick that fired now: the time rounded to the second (ticks fire on whole
/// seconds, a few milliseconds late on each process).
pub fn tick_key(task: &str) -> String {
    let tick = Utc::now().duration_round(TimeDelta::seconds(1)).unwrap_or_else(|_| Utc::now());
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
    };
    let inserted = match rt.db.conn().await {
        Ok(mut conn) => event_histories::insert(&mut conn, &job).await,
        Err(e) => Err(e),
    };
    match inserted {
        Ok(Some(id)) => rt.queue.push(&rt.db, &[id]).await,
        Ok(None) => tracing::debug!(task, "tick already claimed by another process"),
        Err(e) => tracing::warn!(task, error = %e, "cron tick could not be enqueued"),
    }
}

pub async fn start(rt: Arc<Runtime>) -> Result<JobScheduler, String> {
    let scheduler = JobScheduler::new().await.map_err(|e| e.to_string())?;
    // Started before jobs are added: adding to a scheduler that is still starting can lose
    // the job's first ticks.
    scheduler.start().await.map_err(|e| e.to_string())?;
    let tasks = [(kinds::TOKENS_PURGE, rt.config.cron_tokens_purge.clone())];
    for (task, schedule) in tasks {
        let rt = rt.clone();
        let job = Job::new_async(schedule.as_str(), move |_id, _lock| {
            let rt = rt.clone();
            Box::pin(async move { fire(&rt, task).await })
        })
        .map_err(|e| format!("cron schedule '{schedule}' of {task}: {e}"))?;
        scheduler.add(job).await.map_err(|e| e.to_string())?;
    }
    Ok(scheduler)
}
