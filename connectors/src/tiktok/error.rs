//! Marketplace failures, split by what the caller should do next.
use std::time::Duration;

use thiserror::Error;

/// Codes the client reacts to (reference §7).
pub mod codes {
    pub const SIGN_INVALID: i64 = 106001;
    pub const INVALID_PARAM: i64 = 36009004;
    pub const TOO_MANY_REQUESTS: i64 = 36009002;
    pub const INTERNAL: i64 = 36009003;
    pub const UPSTREAM_TIMEOUT: i64 = 36009007;
    pub const TOKEN_INVALID: i64 = 105001;
    pub const TOKEN_EXPIRED: i64 = 105002;
    pub const TOKEN_MISMATCH: i64 = 105003;
    pub const TOKEN_OTHER: i64 = 105004;
    pub const SCOPE_MISSING: i64 = 105005;
    pub const TOKEN_HEADER_INVALID: i64 = 101000;
    pub const AUTH_CODE_INVALID: i64 = 36004004;
    pub const REFRESH_TOKEN_EXPIRED: i64 = 36004001;
    pub const NO_AUTH_RECORD: i64 = 36004005;
    /// The shop's daily product-creation cap (the sandbox's number; the message also says so).
    pub const DAILY_CREATE_CAP: i64 = 12052700;

    // Seller shipping (fulfilment reference §4 and the endpoints' error tables).
    /// The order is not `AWAITING_SHIPMENT` (unpaid, say).
    pub const NOT_AWAITING_SHIPMENT: i64 = 21042057;
    /// The action is not allowed on the order now (on hold, say).
    pub const FULFILL_ACTION_NOT_ALLOWED: i64 = 21011003;
    /// The order's packages are not shipped by the seller (TikTok ships them).
    pub const NOT_SELLER_SHIPPED: i64 = 21011004;
    /// Fulfilled by TikTok (FBT).
    pub const FULFILLED_BY_PLATFORM: i64 = 21008025;
    pub const ORDER_CANCELLED: i64 = 21011041;
    pub const ORDER_CANCELLED_TOO: i64 = 21011042;
    pub const INVALID_TRACKING_OR_PROVIDER: i64 = 21011022;
    pub const TRACKING_MATCHES_NO_CARRIER: i64 = 11028006;
    pub const TRACKING_SPECIAL_CHARACTERS: i64 = 21004012;
    pub const TRACKING_MISMATCHES_PROVIDER: i64 = 21004015;
    pub const DUPLICATE_TRACKING: i64 = 21011025;
    /// The order is partly shipped: name the lines to ship.
    pub const NAME_THE_LINES: i64 = 21011048;
    /// The delivery option is shipped by TikTok: it has no providers.
    pub const SHIPPED_BY_TIKTOK: i64 = 21008117;
    pub const NO_SUCH_DELIVERY_OPTION: i64 = 21008116;
    pub const ORDER_NOT_OWNED: i64 = 21008111;
    pub const PACKAGE_NOT_OWNED: i64 = 21011028;
    /// "Already shipped", in the several numbers the marketplace uses for it: a repeated Mark
    /// Package As Shipped is done, not failed.
    pub const ALREADY_SHIPPED: &[i64] = &[21011020, 21011006, 21011040, 21008099, 21042056];
}

#[derive(Debug, Clone, Error, PartialEq)]
pub enum TiktokError {
    /// The marketplace refused the request (validation, business rule, permission, signature).
    /// Sending it again unchanged will not help; `message` is the marketplace's own words.
    #[error("TikTok Shop rejected the request ({code}): {message}")]
    Rejected {
        code: i64,
        message: String,
        request_id: String,
    },

    /// The access token expired: refresh it and call again.
    #[error("TikTok Shop access token expired ({code}): {message}")]
    TokenExpired {
        code: i64,
        message: String,
        request_id: String,
    },

    /// The grant is gone (invalid or revoked token, expired refresh token): the seller must
    /// authorise the shop again.
    #[error("TikTok Shop authorisation is no longer valid ({code}): {message}")]
    AuthorizationLost {
        code: i64,
        message: String,
        request_id: String,
    },

    /// The shop reached its daily product-creation cap; creating more works again after
    /// `retry_after`.
    #[error("TikTok Shop daily product-creation cap reached ({code}): {message}")]
    DailyCapReached {
        code: i64,
        message: String,
        retry_after: Duration,
    },

    /// Throttled, failed upstream, timed out or unreachable, after the retries this client
    /// makes itself. Try again later, after `retry_after` when the marketplace suggested one.
    /// `reason` is for the log (it never holds a URL); a seller reads the fixed text.
    #[error("{}", SELLER_RETRY_LATER)]
    RetryLater {
        reason: String,
        code: Option<i64>,
        status: Option<u16>,
        retry_after: Option<Duration>,
    },

    /// The answer did not have the documented shape. The text is for the log.
    #[error("{}", SELLER_PROTOCOL)]
    Protocol(String),

    /// The client is misconfigured (base URL, credentials). The text is for the log.
    #[error("{}", SELLER_CONFIG)]
    Config(String),
}

/// What a seller reads when TikTok Shop could not be reached, timed out, failed or throttled.
pub const SELLER_RETRY_LATER: &str =
    "TikTok Shop could not be reached or is busy right now; try again in a few minutes";
const SELLER_PROTOCOL: &str =
    "TikTok Shop sent an answer this server could not read; try again later";
const SELLER_CONFIG: &str =
    "TikTok Shop is not reachable with this server's settings; the operator has been told";

impl TiktokError {
    /// Worth trying again later, as is, without the seller doing anything.
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            TiktokError::RetryLater { .. } | TiktokError::DailyCapReached { .. }
        )
    }

    /// A final answer for this request: record the message and stop.
    pub fn is_permanent(&self) -> bool {
        !self.is_retryable() && !matches!(self, TiktokError::TokenExpired { .. })
    }

    /// The wait the marketplace asked for, when it asked.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            TiktokError::RetryLater { retry_after, .. } => *retry_after,
            TiktokError::DailyCapReached { retry_after, .. } => Some(*retry_after),
            _ => None,
        }
    }

    pub fn code(&self) -> Option<i64> {
        match self {
            TiktokError::Rejected { code, .. }
            | TiktokError::TokenExpired { code, .. }
            | TiktokError::AuthorizationLost { code, .. }
            | TiktokError::DailyCapReached { code, .. } => Some(*code),
            TiktokError::RetryLater { code, .. } => *code,
            TiktokError::Protocol(_) | TiktokError::Config(_) => None,
        }
    }

    /// What a seller reads: the marketplace's own words for its decisions, a fixed text for
    /// outages and faults of ours.
    pub fn message(&self) -> String {
        match self {
            TiktokError::Rejected { message, .. }
            | TiktokError::TokenExpired { message, .. }
            | TiktokError::AuthorizationLost { message, .. }
            | TiktokError::DailyCapReached { message, .. } => message.clone(),
            TiktokError::RetryLater { .. } | TiktokError::Protocol(_) | TiktokError::Config(_) => {
                self.to_string()
            }
        }
    }

    /// What went wrong, for the log only: the transport's or the parser's words (never a URL).
    /// `None` when [`TiktokError::message`] already says everything.
    pub fn detail(&self) -> Option<&str> {
        match self {
            TiktokError::RetryLater { reason, .. } => Some(reason),
            TiktokError::Protocol(m) | TiktokError::Config(m) => Some(m),
            _ => None,
        }
    }
}

/// Classifies a non-zero envelope code. `now` is Unix seconds, for the cap's reset time.
pub(crate) fn from_code(code: i64, message: String, request_id: String, now: i64) -> TiktokError {
    match code {
        codes::TOO_MANY_REQUESTS => TiktokError::RetryLater {
            reason: message,
            code: Some(code),
            status: None,
            retry_after: None,
        },
        codes::INTERNAL | codes::UPSTREAM_TIMEOUT => TiktokError::RetryLater {
            reason: message,
            code: Some(code),
            status: None,
            retry_after: None,
        },
        codes::TOKEN_EXPIRED => TiktokError::TokenExpired {
            code,
            message,
            request_id,
        },
        codes::TOKEN_INVALID
        | codes::TOKEN_MISMATCH
        | codes::TOKEN_OTHER
        | codes::TOKEN_HEADER_INVALID
        | codes::REFRESH_TOKEN_EXPIRED
        | codes::NO_AUTH_RECORD => TiktokError::AuthorizationLost {
            code,
            message,
            request_id,
        },
        // 36009004 is overloaded; a token complaint means the grant is unusable.
        codes::INVALID_PARAM if message.to_ascii_lowercase().contains("access token") => {
            TiktokError::AuthorizationLost {
                code,
                message,
                request_id,
            }
        }
        codes::DAILY_CREATE_CAP => {
            let next_midnight = (now.div_euclid(86_400) + 1) * 86_400;
            let wait = u64::try_from(next_midnight - now).unwrap_or(86_400);
            TiktokError::DailyCapReached {
                code,
                message,
                retry_after: Duration::from_secs(wait),
            }
        }
        _ => TiktokError::Rejected {
            code,
            message,
            request_id,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        let rejected = from_code(12052024, "not a leaf".into(), String::new(), 0);
        assert!(rejected.is_permanent());
        assert_eq!(rejected.message(), "not a leaf");
        let throttled = from_code(
            codes::TOO_MANY_REQUESTS,
            "slow down".into(),
            String::new(),
            0,
        );
        assert!(throttled.is_retryable());
        let expired = from_code(codes::TOKEN_EXPIRED, "expired".into(), String::new(), 0);
        assert!(!expired.is_permanent() && !expired.is_retryable());
        let cap = from_code(
            codes::DAILY_CREATE_CAP,
            "cap".into(),
            String::new(),
            86_400 + 3_600,
        );
        assert_eq!(cap.retry_after(), Some(Duration::from_secs(82_800)));
        let lost = from_code(
            codes::INVALID_PARAM,
            "Invalid access token".into(),
            String::new(),
            0,
        );
        assert!(matches!(lost, TiktokError::AuthorizationLost { .. }));
    }
}
