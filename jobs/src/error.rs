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

/// A job's error is stored and shown (monitors, batches): the database's own words (SQL,
/// constraint names, values) and internal faults go to the log, the row gets a fixed text.
impl From<domain::DomainError> for JobError {
    fn from(e: domain::DomainError) -> Self {
        match e {
            domain::DomainError::Database(error) => {
                tracing::warn!(%error, "a job met a database error");
                JobError::Retry(DATABASE_FAILED.into())
            }
            domain::DomainError::Internal(error) => {
                tracing::error!(%error, "a job met an internal error");
                JobError::Retry(INTERNAL_FAILED.into())
            }
            other => JobError::Retry(other.to_string()),
        }
    }
}

/// Stored for a job interrupted by the database.
pub const DATABASE_FAILED: &str =
    "the job was interrupted by a database error (logged for the operator)";
/// Stored for a job that failed by a fault of ours.
pub const INTERNAL_FAILED: &str = "something went wrong on our side (logged for the operator)";
