//! Local stand-ins for the marketplaces and providers Sellerdesk talks to (TikTok Shop,
//! Printify, …), speaking their APIs with in-memory state. Tests use it as the outside world;
//! demo mode runs it in-process.

pub mod tiktok;
