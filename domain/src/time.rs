//! Times are stored as fixed-width RFC 3339 UTC text with milliseconds, so that text order is
//! time order on both SQLite and PostgreSQL.
use chrono::{DateTime, SecondsFormat, Utc};

pub type Timestamp = DateTime<Utc>;

pub fn now() -> Timestamp {
    Utc::now()
}

pub fn to_db(t: Timestamp) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

pub fn now_db() -> String {
    to_db(now())
}

pub fn from_db(s: &str) -> Timestamp {
    DateTime::parse_from_rfc3339(s)
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_default()
}

pub fn after(d: std::time::Duration) -> String {
    to_db(now() + chrono::Duration::from_std(d).unwrap_or_default())
}

pub fn before(d: std::time::Duration) -> String {
    to_db(now() - chrono::Duration::from_std(d).unwrap_or_default())
}
