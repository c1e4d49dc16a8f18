//! Local stand-ins for the marketplaces and providers Sellerdesk talks to (TikTok Shop,
//! Printify, Gearment, Merchize, Lenful, HMFulfill, MangoTee, Stripe), speaking their APIs with
//! in-memory state. Tests use it as the outside world; demo mode runs it in-process.

pub mod providers;
pub mod stripe;
pub mod tiktok;
