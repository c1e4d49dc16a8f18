//! Every API call a stand-in answered, in order: what was asked, by which account, with which
//! of our references, what it created and how it was answered (faults included).
use chrono::{DateTime, Utc};
use serde::Serialize;

use super::Provider;

/// A fault the stand-in injected into a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// An injected 429.
    Throttle,
    /// An injected 500 before anything happened.
    Error,
    /// The write was made, then answered 500.
    FailAfterWrite,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LedgerEntry {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub provider: Provider,
    pub method: String,
    /// The path as received, without the query.
    pub path: String,
    /// The HTTP status answered.
    pub status: u16,
    /// The account the credentials named (`SandboxAccount::id`), when they named one.
    pub account: Option<String>,
    /// Our reference, when the call carried one.
    pub reference: Option<String>,
    /// The order the call created.
    pub order_id: Option<String>,
    pub fault: Option<Fault>,
}
