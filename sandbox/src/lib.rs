//! Local stand-ins for the marketplaces and providers Sellerdesk talks to (TikTok Shop,
//! Printify, Gearment, Merchize, Lenful, HMFulfill, MangoTee, Stripe), the Telegram Bot API and
//! S3-compatible object storage, speaking their APIs with in-memory state (the bucket keeps its
//! objects in a directory). Tests use it as the outside world; demo mode runs it
//! in-process.

pub mod amazon;
pub mod gateway;
pub mod providers;
pub mod s3;
pub mod stripe;
pub mod telegram;
pub mod tiktok;
pub mod walmart;
