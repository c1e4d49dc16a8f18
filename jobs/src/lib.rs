//! The job pipeline: job kinds (payloads and handlers), the enqueue port, status recording in
//! `event_histories`, the pool that runs jobs (in `worker`, or in `api` when embedded), and cron.
//!
//! The queue carries only job ids. The `event_histories` row is the truth: written in the
//! transaction that asks for the job, claimed with a lease, finished with its outcome. The queue
//! can lose or repeat an id and nothing is lost or done twice.
//!
//! Modules depend one way (jobs/README.md draws it): handlers (`kinds`) on `context`, `enqueue`
//! and `error`; `cron` on `kinds`; `pool` on all of them, and nothing on `pool`.

pub mod channels;
pub mod config;
pub mod context;
pub mod cron;
pub mod enqueue;
pub mod error;
pub mod fulfillment;
pub mod images;
pub mod kinds;
pub mod mockups;
pub mod orders;
pub mod pool;
pub mod queue;
pub mod telegram;
pub mod tiktok;

pub use config::{JobsConfig, StorageConfig};
pub use context::{Clock, JobContext};
pub use enqueue::{EnqueueOptions, GroupCommit, Pending};
pub use error::JobError;
pub use kinds::JobKind;
pub use pool::{Pool, PoolHandle};
pub use queue::{Priority, Queue};
