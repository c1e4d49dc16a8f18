//! The job pipeline: job kinds (payloads and handlers), the enqueue port, status recording in
//! `event_histories`, the pool that runs jobs (in `worker`, or in `api` when embedded), and cron.
//!
//! The queue carries only job ids. The `event_histories` row is the truth: written in the
//! transaction that asks for the job, claimed with a lease, finished with its outcome. The queue
//! can lose or repeat an id and nothing is lost or done twice.

pub mod config;
pub mod cron;
pub mod error;
pub mod images;
pub mod kinds;
pub mod listings;
pub mod pool;
pub mod queue;
pub mod shop_sync;
pub mod shops;
pub mod tiktok;

pub use config::{JobsConfig, StorageConfig};
pub use error::JobError;
pub use pool::{Pool, PoolHandle, Runtime};
pub use queue::Queue;
