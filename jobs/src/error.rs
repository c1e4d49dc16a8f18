//! How a job attempt fails, and every conversion into it: a handler uses `?` on database,
//! marketplace, mail and shop-access errors, and the stored text is always written for the
//! seller (the cause, which may hold SQL or a URL, goes to the log).
use std::time::Duration;

use connectors::mail::MailError;
use connectors::tiktok::TiktokError;
use thiserror::Error;

use crate::tiktok::ShopAccessError;

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
            // A stored value this build cannot read (the value itself was logged where it was
            // read): another attempt reads the same row, so it fails at once.
            domain::DomainError::UnknownValue { table, column } => {
                tracing::error!(
                    table,
                    column,
                    "a job read a stored value this build does not know"
                );
                JobError::Permanent(INTERNAL_FAILED.into())
            }
            other => JobError::Retry(other.to_string()),
        }
    }
}

/// A statement or commit that failed: as a database error of the domain (logged, fixed text).
impl From<sqlx::Error> for JobError {
    fn from(e: sqlx::Error) -> Self {
        domain::DomainError::from(e).into()
    }
}

/// How a marketplace failure ends a job attempt: throttling and the daily cap reschedule
/// without spending an attempt, outages retry, rejections fail with the marketplace's words.
impl From<TiktokError> for JobError {
    fn from(e: TiktokError) -> Self {
        // The stored error is the seller's text; the cause (never a URL) goes to the log.
        if let Some(detail) = e.detail() {
            tracing::warn!(error = detail, "TikTok Shop call failed");
        }
        match &e {
            TiktokError::DailyCapReached { retry_after, .. } => JobError::RateLimited {
                after: *retry_after,
                message: e.to_string(),
            },
            TiktokError::RetryLater {
                retry_after: Some(after),
                status: Some(429),
                ..
            } => JobError::RateLimited {
                after: *after,
                message: e.to_string(),
            },
            TiktokError::RetryLater {
                status: Some(429), ..
            } => JobError::RateLimited {
                after: Duration::from_secs(1),
                message: e.to_string(),
            },
            TiktokError::RetryLater { .. }
            | TiktokError::TokenExpired { .. }
            | TiktokError::Protocol(_) => JobError::Retry(e.to_string()),
            TiktokError::Rejected { .. }
            | TiktokError::AuthorizationLost { .. }
            | TiktokError::Config(_) => JobError::Permanent(e.to_string()),
        }
    }
}

/// What a channel's [`Disposition`] means for a job: a 429 reschedules without spending an
/// attempt, outages retry, rejections fail with the marketplace's words. The detail (never a
/// URL or a credential) goes to the log.
fn from_disposition(
    disposition: connectors::channel::Disposition,
    message: String,
    detail: Option<&str>,
    channel: &str,
) -> JobError {
    use connectors::channel::Disposition;
    if let Some(detail) = detail {
        tracing::warn!(error = detail, channel, "marketplace call failed");
    }
    match disposition {
        Disposition::Reschedule(after) => JobError::RateLimited { after, message },
        Disposition::Retry => JobError::Retry(message),
        Disposition::Permanent => JobError::Permanent(message),
    }
}

impl From<connectors::amazon::AmazonError> for JobError {
    fn from(e: connectors::amazon::AmazonError) -> Self {
        from_disposition(e.disposition(), e.message(), e.detail(), "amazon")
    }
}

impl From<connectors::walmart::WalmartError> for JobError {
    fn from(e: connectors::walmart::WalmartError) -> Self {
        from_disposition(e.disposition(), e.message(), e.detail(), "walmart")
    }
}

impl From<ShopAccessError> for JobError {
    fn from(e: ShopAccessError) -> Self {
        match e {
            ShopAccessError::Tiktok(t) => t.into(),
            ShopAccessError::Amazon(a) => a.into(),
            ShopAccessError::Walmart(w) => w.into(),
            ShopAccessError::Domain(d) => d.into(),
            other => JobError::Permanent(other.to_string()),
        }
    }
}

/// A provider's refusal fails with its words (written for the seller: no URL, no credential);
/// throttling reschedules; the rest retries.
impl From<connectors::fulfillment::ProviderError> for JobError {
    fn from(e: connectors::fulfillment::ProviderError) -> Self {
        use connectors::fulfillment::ProviderError as P;
        match &e {
            P::RetryLater {
                reason,
                retry_after,
                ..
            } => {
                tracing::warn!(%reason, "provider call failed");
                match retry_after {
                    Some(after) => JobError::RateLimited {
                        after: *after,
                        message: e.to_string(),
                    },
                    None => JobError::Retry(e.to_string()),
                }
            }
            P::Protocol { detail, .. } => {
                tracing::warn!(%detail, "provider answered something unexpected");
                JobError::Retry(e.to_string())
            }
            P::Unauthorized(_)
            | P::Rejected { .. }
            | P::NotFound(_)
            | P::NotCancellable { .. }
            | P::Config(_) => JobError::Permanent(e.to_string()),
        }
    }
}

/// A refused message fails, an unreachable server retries; the server's words (which may name
/// the SMTP host) go to the log.
impl From<MailError> for JobError {
    fn from(e: MailError) -> Self {
        tracing::warn!(error = %e.detail(), "mail not delivered");
        match e {
            MailError::Permanent(_) => JobError::Permanent(e.to_string()),
            MailError::Transient(_) => JobError::Retry(e.to_string()),
        }
    }
}

/// Stored for a job interrupted by the database.
pub const DATABASE_FAILED: &str =
    "the job was interrupted by a database error (logged for the operator)";
/// Stored for a job that failed by a fault of ours.
pub const INTERNAL_FAILED: &str = "something went wrong on our side (logged for the operator)";
