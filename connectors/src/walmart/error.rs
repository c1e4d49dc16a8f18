//! Walmart failures, split by what the caller should do next.
use std::time::Duration;

use thiserror::Error;

use crate::channel::Disposition;

#[derive(Debug, Clone, Error, PartialEq)]
pub enum WalmartError {
    /// Walmart refused the request; `message` is its own words and `field` what it is about.
    #[error("Walmart rejected the request ({code}): {message}")]
    Rejected {
        status: u16,
        code: String,
        message: String,
        field: Option<String>,
    },

    #[error("Walmart has no such resource: {message}")]
    NotFound { message: String },

    /// The seller's client id or secret is refused (a fresh token was asked for first): the
    /// seller must enter the key pair again.
    #[error("Walmart refused the API key pair: {message}")]
    CredentialsRefused { message: String },

    /// Throttled, failed upstream, timed out or unreachable, after this client's own retries.
    /// `reason` is for the log (never a URL); a seller reads the fixed text.
    #[error("{}", SELLER_RETRY_LATER)]
    RetryLater {
        reason: String,
        status: Option<u16>,
        retry_after: Option<Duration>,
    },

    #[error("{}", SELLER_PROTOCOL)]
    Protocol(String),

    #[error("{}", SELLER_CONFIG)]
    Config(String),
}

pub const SELLER_RETRY_LATER: &str =
    "Walmart could not be reached or is busy right now; try again in a few minutes";
const SELLER_PROTOCOL: &str = "Walmart sent an answer this server could not read; try again later";
const SELLER_CONFIG: &str =
    "Walmart is not reachable with this server's settings; the operator has been told";

impl WalmartError {
    /// A 429 reschedules after the bucket's next refill without spending an attempt;
    /// outages retry; refusals are final.
    pub fn disposition(&self) -> Disposition {
        match self {
            WalmartError::RetryLater {
                status: Some(429),
                retry_after,
                ..
            } => Disposition::Reschedule(retry_after.unwrap_or(Duration::from_secs(1))),
            WalmartError::RetryLater { .. } | WalmartError::Protocol(_) => Disposition::Retry,
            WalmartError::Rejected { .. }
            | WalmartError::NotFound { .. }
            | WalmartError::CredentialsRefused { .. }
            | WalmartError::Config(_) => Disposition::Permanent,
        }
    }

    pub fn is_permanent(&self) -> bool {
        self.disposition() == Disposition::Permanent
    }

    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            WalmartError::RetryLater { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    /// What a seller reads.
    pub fn message(&self) -> String {
        match self {
            WalmartError::Rejected { message, .. }
            | WalmartError::NotFound { message }
            | WalmartError::CredentialsRefused { message } => message.clone(),
            _ => self.to_string(),
        }
    }

    /// For the log only (never a URL).
    pub fn detail(&self) -> Option<&str> {
        match self {
            WalmartError::RetryLater { reason, .. } => Some(reason),
            WalmartError::Protocol(m) | WalmartError::Config(m) => Some(m),
            _ => None,
        }
    }
}
