//! Typed clients of the outside world. Knows nothing of the database.

pub mod mail;
pub mod tiktok;
