//! Local stand-ins for the marketplaces and providers Sellerdesk talks to (TikTok Shop,
//! Printify, Gearment, Merchize, Lenful, HMFulfill, MangoTee, Stripe) and the Telegram Bot API,
//! speaking their APIs with in-memory state. Tests use it as the outside world; demo mode runs it
//! in-process.

pub mod providers;
pub mod stripe;
pub mod telegram;
pub mod tiktok;
