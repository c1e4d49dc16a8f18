use std::time::Duration;

use thiserror::Error;

/// How a job attempt ended when it did not succeed; decides what happens next.
#[derive(Debug, Error)]
pub enum JobError {
    /// Worth another attempt, after a backoff.
    #[error("{0}")]
    Retry(String),
    /// Will never succeed (a rejection, a bad payload): FAILED at once.
    #[error("{0}")]
    Permanent(String),
    /// An upstream limit: run again after `after` without spending an attempt.
    #[error("{message}")]
    RateLimited { after: Duration, message: String },
}

impl From<domain::DomainError> for JobError {
    fn from(e: domain::DomainError) -> Self {
        JobError::Retry(e.to_string())
    }
}
