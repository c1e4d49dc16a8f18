//! Job kinds: each one type in one file — its payload, its name, its dedupe key, its handler
//! and how its failures split into retry, reschedule and permanent — listed once in
//! [`registry!`] below, from which the dispatcher, the list of kinds workers advertise and the
//! monitors' redaction are built. A kind that is not listed cannot be enqueued (it is not
//! [`Registered`]); a listed type that is not a [`JobKind`] does not compile.
//!
//! Handlers are idempotent: delivery is at least once, so each looks for its own earlier effect
//! before acting.
use std::future::Future;

use domain::DomainError;
use domain::db::Conn;
use domain::event_histories::{EventHistory, NewJob};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::JobError;
use crate::context::JobContext;
use crate::enqueue::{EnqueueOptions, Pending};
use crate::queue::Priority;

mod billing_remind;
mod billing_renew;
mod billing_renew_period;
mod category_sync;
mod fulfillment_create;
mod fulfillment_reconcile;
mod fulfillment_ship;
mod fulfillment_track;
mod listing_follow;
mod listing_publish;
mod mail_send;
mod mockup_render;
mod order_export;
mod order_export_purge;
mod order_sync;
mod promotion_deactivate;
mod promotion_renew;
mod promotion_schedule;
mod shop_product_remove;
mod shop_sync;
mod sku_generate;
mod system_probe;
mod telegram_alerts;
mod telegram_notify;
mod telegram_poll;
mod template_apply;
mod tokens_purge;
mod warehouse_sync;

pub use billing_remind::BillingRemind;
pub use billing_renew::BillingRenew;
pub use billing_renew_period::BillingRenewPeriod;
pub use category_sync::CategorySync;
pub use fulfillment_create::{FulfillmentCreate, provider_order};
pub use fulfillment_reconcile::FulfillmentReconcile;
pub use fulfillment_ship::FulfillmentShip;
pub use fulfillment_track::{FulfillmentTrack, track_one};
pub use listing_follow::ListingFollow;
pub use listing_publish::{ListingPublish, listing_key};
pub use mail_send::MailSend;
pub use mockup_render::MockupRender;
pub use order_export::{OrderExport, export_key, file_name as export_file_name};
pub use order_export_purge::OrderExportPurge;
pub use order_sync::{OrderSync, TIKTOK_WEBHOOK_PATH, marketplace_order};
pub use promotion_deactivate::PromotionDeactivate;
pub use promotion_renew::PromotionRenew;
pub use promotion_schedule::PromotionSchedule;
pub use shop_product_remove::ShopProductRemove;
pub use shop_sync::ShopSync;
pub use sku_generate::SkuGenerate;
pub use system_probe::SystemProbe;
pub use telegram_alerts::TelegramAlerts;
pub use telegram_notify::TelegramNotify;
pub use telegram_poll::TelegramPoll;
pub use template_apply::TemplateApply;
pub use tokens_purge::TokensPurge;
pub use warehouse_sync::{WarehouseSync, pull_warehouses, warehouse_rows};

/// A kind of job: a payload that knows its name, its dedupe key and how to run.
pub trait JobKind: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The name stored in `event_histories.type`: unique, and never renamed while rows of it
    /// may be queued.
    const NAME: &'static str;

    /// Where the job joins the queue: [`Priority::High`] for short jobs that finish what a
    /// seller is waiting on, so that they do not wait behind a backlog of long ones.
    const PRIORITY: Priority = Priority::Normal;

    /// A deterministic key: a second job with the same key is never queued (cron ticks,
    /// one publish per product version).
    fn dedupe_key(&self) -> Option<String> {
        None
    }

    /// The shop the job works on: a STAFF user follows a batch only when every shop of its
    /// jobs is assigned to them.
    fn shop_id(&self) -> Option<&str> {
        None
    }

    /// The payload as the monitors may show it.
    fn redact(payload: &Value) -> Value {
        payload.clone()
    }

    /// Does the job's work. `job` is its row: its id (the key of its effects), its client, its
    /// attempt.
    fn run(
        self,
        ctx: &JobContext,
        job: &EventHistory,
    ) -> impl Future<Output = Result<(), JobError>> + Send;

    /// The job's row. [`JobKind::enqueue`] writes it; tests of the sweeper write it themselves.
    fn new_job(&self, options: &EnqueueOptions<'_>) -> Result<NewJob, DomainError> {
        let payload = serde_json::to_value(self).map_err(|e| {
            DomainError::Internal(format!("the payload of a {} job: {e}", Self::NAME))
        })?;
        Ok(NewJob {
            kind: Self::NAME.to_owned(),
            payload,
            client_id: options.client_id.map(str::to_owned),
            batch_id: options.batch_id.map(str::to_owned),
            dedupe_key: self.dedupe_key(),
            max_attempts: options.max_attempts,
            shop_id: self.shop_id().map(str::to_owned),
        })
    }

    /// The one way a job is queued: its row in the caller's transaction (the outbox); push
    /// what it answers once the transaction committed. Empty when a job with the same dedupe
    /// key exists already.
    fn enqueue<'a>(
        &'a self,
        conn: &'a mut Conn,
        options: &'a EnqueueOptions<'_>,
    ) -> impl Future<Output = Result<Pending, DomainError>> + Send + 'a
    where
        Self: Registered,
    {
        async move { crate::enqueue::insert(conn, &self.new_job(options)?, Self::PRIORITY).await }
    }

    /// Queues `jobs` under a new batch (the id a screen follows with `getJobBatch`), in the
    /// caller's transaction.
    fn enqueue_batch<'a>(
        conn: &'a mut Conn,
        jobs: &'a [Self],
        options: &'a EnqueueOptions<'_>,
    ) -> impl Future<Output = Result<(String, Pending), DomainError>> + Send + 'a
    where
        Self: Registered,
    {
        async move {
            let rows = jobs
                .iter()
                .map(|job| job.new_job(options))
                .collect::<Result<Vec<_>, _>>()?;
            crate::enqueue::insert_batch(conn, Self::NAME, options.client_id, rows, Self::PRIORITY)
                .await
        }
    }
}

mod sealed {
    pub trait Sealed {}
}

/// A kind listed in [`registry!`]: only those can be enqueued, so a queued job always has a
/// handler.
pub trait Registered: JobKind + sealed::Sealed {}

/// A kind a schedule fires: one job per tick, keyed by the tick (see `cron`).
pub trait Scheduled: Registered {
    fn for_tick(tick: String) -> Self;
}

/// The one list of kinds.
macro_rules! registry {
    ($($kind:ty),+ $(,)?) => {
        $(
            impl sealed::Sealed for $kind {}
            impl Registered for $kind {}
        )+

        /// Every kind this build runs; workers advertise them in their heartbeat.
        pub const ALL: &[&str] = &[$(<$kind as JobKind>::NAME),+];

        /// Runs a claimed job with the handler of its kind.
        pub async fn run(ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
            $(
                if job.kind == <$kind as JobKind>::NAME {
                    return run_as::<$kind>(ctx, job).await;
                }
            )+
            Err(JobError::Permanent(format!(
                "no handler for job kind '{}'",
                job.kind
            )))
        }

        /// The payload as the monitors may show it: a mail's envelope only (its body is sealed
        /// anyway).
        pub fn redacted(kind: &str, payload: &Value) -> Value {
            $(
                if kind == <$kind as JobKind>::NAME {
                    return <$kind as JobKind>::redact(payload);
                }
            )+
            payload.clone()
        }
    };
}

registry![
    MailSend,
    TokensPurge,
    SystemProbe,
    ShopSync,
    WarehouseSync,
    CategorySync,
    TemplateApply,
    ListingPublish,
    ListingFollow,
    MockupRender,
    SkuGenerate,
    ShopProductRemove,
    OrderExport,
    OrderExportPurge,
    OrderSync,
    FulfillmentCreate,
    FulfillmentTrack,
    FulfillmentShip,
    FulfillmentReconcile,
    BillingRenew,
    BillingRenewPeriod,
    BillingRemind,
    TelegramNotify,
    TelegramPoll,
    TelegramAlerts,
    PromotionSchedule,
    PromotionRenew,
    PromotionDeactivate,
];

async fn run_as<K: JobKind>(ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
    let payload: K = serde_json::from_value(job.payload.clone()).map_err(|e| {
        JobError::Permanent(format!(
            "the job's payload is not a valid {}: {e}",
            job.kind
        ))
    })?;
    payload.run(ctx, job).await
}

/// The client a job works for; jobs of a client's data cannot run without it.
fn client_of(job: &EventHistory) -> Result<String, JobError> {
    job.client_id
        .clone()
        .ok_or_else(|| JobError::Permanent(format!("a {} job needs a client", job.kind)))
}

/// For jobs on one product or template: what was removed or made invalid since the job was
/// queued will not come back, so the job fails at once rather than retrying.
fn permanent_if_gone(e: DomainError) -> JobError {
    match e {
        DomainError::NotFound(what) => JobError::Permanent(format!("the {what} no longer exists")),
        DomainError::BadInput { field, message } => {
            JobError::Permanent(format!("{field}: {message}"))
        }
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::ALL;

    #[test]
    fn kind_names_are_unique() {
        let mut names = ALL.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len(), "{ALL:?}");
    }
}
