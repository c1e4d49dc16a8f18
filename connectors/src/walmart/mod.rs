//! Walmart Marketplace API client (US, v3): the client-credentials token, items through the
//! `MP_ITEM` feed, feed status with per-item ingestion errors, item read and retire, and
//! orders (cursor paging, acknowledge, ship with tracking, cancel).
//!
//! Shaped like [`crate::tiktok`] and [`crate::amazon`]: one [`WalmartClient`] (cheap to
//! clone), the seller's [`WalmartCredentials`] on every call, typed requests and answers, and
//! [`WalmartError::disposition`] for jobs (a 429 reschedules after the bucket's next refill).
//!
//! - Tokens last 15 minutes; the client caches one per client id, renews it a minute before
//!   its end, and once more on a 401. [`WalmartClient::check_credentials`] always asks for a
//!   new one: that is how a key pair is checked at connect.
//! - Every call sends `WM_SEC.ACCESS_TOKEN`, `WM_SVC.NAME` and a fresh
//!   `WM_QOS.CORRELATION_ID`.
//! - Rate limits: a bucket per (client id, API), starting from a plan and then following
//!   `x-current-token-count` / `x-next-replenish-time` (Unix ms ❓): an empty bucket waits for
//!   its refill instead of meeting 429s; a slot further away than `max_retry_wait` (a feed
//!   plan of a few an hour) is not waited for: the call answers as a 429 would, so a job
//!   reschedules instead of holding a worker.
//! - Creates are idempotent by SKU (`MP_ITEM` upserts); shipping twice is recognised as
//!   [`ShipOutcome::AlreadyShipped`].

mod client;
mod error;
mod items;
mod orders;

pub use client::{WalmartClient, WalmartConfig, WalmartCredentials};
pub use error::{SELLER_RETRY_LATER, WalmartError};
pub use items::{
    FeedState, FeedStatus, IngestionError, IngestionStatus, Item, ItemIngestion,
    MP_ITEM_SPEC_VERSION, MpItem,
};
pub use orders::{
    Amount, Charge, Charges, LineItem, LineShipment, LineStatus, LineStatusKind, LineStatuses,
    OrderLine, OrderLines, OrderQuery, OrdersPage, PostalAddress, PurchaseOrder, Quantity,
    ShipOutcome, ShippingInfo, Tax,
};
