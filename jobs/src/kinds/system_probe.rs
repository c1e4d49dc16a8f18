//! `system.probe`: a job that does nothing but record its key once. Operators and benchmarks
//! use it to measure the pipeline end to end, and tests to count executions. Errors: database
//! ones retry.
use domain::event_histories::{self, EventHistory};
use serde::{Deserialize, Serialize};

use super::JobKind;
use crate::JobError;
use crate::context::JobContext;

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SystemProbe {
    /// The effect to record once; without one the probe is a true no-op (the drain benchmark).
    #[serde(default)]
    pub key: String,
    /// Work to simulate before recording, in milliseconds.
    #[serde(default)]
    pub work_ms: u64,
}

impl SystemProbe {
    pub fn new(key: &str, work_ms: u64) -> SystemProbe {
        SystemProbe {
            key: key.to_owned(),
            work_ms,
        }
    }
}

impl JobKind for SystemProbe {
    const NAME: &'static str = "system.probe";

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let SystemProbe { key, work_ms } = self;
        if work_ms > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(work_ms)).await;
        }
        if key.is_empty() {
            return Ok(());
        }
        let mut conn = ctx.db.conn().await?;
        let first =
            event_histories::record_effect(&mut conn, &format!("probe:{key}"), &job.id, None)
                .await?;
        if !first {
            tracing::info!(job = %job.id, key, "probe effect already recorded; nothing done twice");
        }
        Ok(())
    }
}
