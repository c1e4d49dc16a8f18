//! Amazon failures, split by what the caller should do next.
use std::time::Duration;

use thiserror::Error;

use crate::channel::Disposition;

#[derive(Debug, Clone, Error, PartialEq)]
pub enum AmazonError {
    /// Amazon refused the request (`InvalidInput`, a missing role, a business rule). Sending it
    /// again unchanged will not help; `message` is Amazon's own words.
    #[error("Amazon rejected the request ({code}): {message}")]
    Rejected {
        status: u16,
        code: String,
        message: String,
        details: String,
    },

    /// The resource does not exist (an unknown SKU or order).
    #[error("Amazon has no such resource: {message}")]
    NotFound { message: String },

    /// The access token expired and could not be refreshed in this call: refresh and call
    /// again. The client refreshes a [`super::SellerSession`] by itself, so callers rarely see it.
    #[error("Amazon access token expired: {message}")]
    TokenExpired { message: String },

    /// The grant is gone (refresh token revoked or invalid, access token revoked): the seller
    /// must authorise the app again.
    #[error("Amazon authorisation is no longer valid: {message}")]
    AuthorizationLost { message: String },

    /// Throttled, failed upstream, timed out or unreachable, after the retries this client
    /// makes itself. Try again after `retry_after` when known. `reason` is for the log (never
    /// a URL); a seller reads the fixed text.
    #[error("{}", SELLER_RETRY_LATER)]
    RetryLater {
        reason: String,
        status: Option<u16>,
        retry_after: Option<Duration>,
    },

    /// The answer did not have the documented shape. The text is for the log.
    #[error("{}", SELLER_PROTOCOL)]
    Protocol(String),

    /// The client is misconfigured (hosts, app credentials). The text is for the log.
    #[error("{}", SELLER_CONFIG)]
    Config(String),
}

pub const SELLER_RETRY_LATER: &str =
    "Amazon could not be reached or is busy right now; try again in a few minutes";
const SELLER_PROTOCOL: &str = "Amazon sent an answer this server could not read; try again later";
const SELLER_CONFIG: &str =
    "Amazon is not reachable with this server's settings; the operator has been told";

impl AmazonError {
    /// What a job does next: a 429 reschedules after its wait without spending an attempt;
    /// outages and expired tokens retry; rejections and lost grants are final.
    pub fn disposition(&self) -> Disposition {
        match self {
            AmazonError::RetryLater {
                status: Some(429),
                retry_after,
                ..
            } => Disposition::Reschedule(retry_after.unwrap_or(Duration::from_secs(1))),
            AmazonError::RetryLater { .. }
            | AmazonError::TokenExpired { .. }
            | AmazonError::Protocol(_) => Disposition::Retry,
            AmazonError::Rejected { .. }
            | AmazonError::NotFound { .. }
            | AmazonError::AuthorizationLost { .. }
            | AmazonError::Config(_) => Disposition::Permanent,
        }
    }

    pub fn is_permanent(&self) -> bool {
        self.disposition() == Disposition::Permanent
    }

    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            AmazonError::RetryLater { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    /// What a seller reads: Amazon's words for its decisions, a fixed text otherwise.
    pub fn message(&self) -> String {
        match self {
            AmazonError::Rejected { message, .. }
            | AmazonError::NotFound { message }
            | AmazonError::TokenExpired { message }
            | AmazonError::AuthorizationLost { message } => message.clone(),
            _ => self.to_string(),
        }
    }

    /// For the log only (never a URL); `None` when [`AmazonError::message`] says it all.
    pub fn detail(&self) -> Option<&str> {
        match self {
            AmazonError::RetryLater { reason, .. } => Some(reason),
            AmazonError::Protocol(m) | AmazonError::Config(m) => Some(m),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throttling_reschedules_and_rejections_are_final() {
        let throttled = AmazonError::RetryLater {
            reason: "429".into(),
            status: Some(429),
            retry_after: Some(Duration::from_secs(60)),
        };
        assert_eq!(
            throttled.disposition(),
            Disposition::Reschedule(Duration::from_secs(60))
        );
        let outage = AmazonError::RetryLater {
            reason: "503".into(),
            status: Some(503),
            retry_after: None,
        };
        assert_eq!(outage.disposition(), Disposition::Retry);
        let rejected = AmazonError::Rejected {
            status: 400,
            code: "InvalidInput".into(),
            message: "bad".into(),
            details: String::new(),
        };
        assert!(rejected.is_permanent());
        assert_eq!(rejected.message(), "bad");
    }
}
