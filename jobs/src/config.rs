use std::path::PathBuf;
use std::time::Duration;

/// What the pool needs to know, read once at start by the binary that runs it.
#[derive(Debug, Clone)]
pub struct JobsConfig {
    /// Jobs one process runs at once.
    pub concurrency: usize,
    /// How long a claimed job is owned before another worker may take it over.
    pub lease: Duration,
    /// How often the sweeper rescues orphans and pushes due jobs.
    pub sweep_every: Duration,
    /// A pushed job still PENDING after this long is pushed again (the queue lost it).
    pub lost_after: Duration,
    /// First retry delay; doubles with each attempt, with jitter.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
    pub max_attempts: i64,
    /// How long in-flight jobs may run on after a shutdown signal before they are handed back.
    pub shutdown_grace: Duration,
    pub mail_dir: PathBuf,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// Cron schedule (with seconds) of the expired-token purge.
    pub cron_tokens_purge: String,
}
