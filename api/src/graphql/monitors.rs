//! The job monitor: histories, batches, queue stats, workers. SUPER_ADMIN sees every client's
//! jobs; ADMIN its own client's; any signed-in user can follow a batch of its client.
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};

use domain::event_histories::{self, HistoryFilter, Visibility};
use domain::paging::PageRequest;

use crate::auth::Caller;
use crate::errors::ApiResult;
use crate::graphql::types::{JobStatus, PageInfo};
use crate::graphql::{RoleGuard, caller, state};

#[derive(SimpleObject, Debug, Clone)]
pub struct EventHistory {
    pub id: ID,
    /// job kind, e.g. "listing.publish"
    #[graphql(name = "type")]
    pub kind: String,
    pub status: JobStatus,
    pub error: Option<String>,
    /// the job's payload
    pub event: Json<serde_json::Value>,
    pub attempts: i32,
    pub batch_id: Option<ID>,
    pub client_id: Option<ID>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<event_histories::EventHistory> for EventHistory {
    fn from(e: event_histories::EventHistory) -> Self {
        EventHistory {
            id: e.id.into(),
            status: e.status.into(),
            error: e.error,
            event: Json(jobs::kinds::redacted(&e.kind, &e.payload)),
            kind: e.kind,
            attempts: i32::try_from(e.attempts).unwrap_or(i32::MAX),
            batch_id: e.batch_id.map(ID::from),
            client_id: e.client_id.map(ID::from),
            created_at: e.created_at,
            updated_at: e.updated_at,
        }
    }
}

#[derive(SimpleObject)]
pub struct EventHistoryPage {
    pub items: Vec<EventHistory>,
    pub page_info: PageInfo,
}

#[derive(InputObject, Default)]
pub struct EventHistoryFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    #[graphql(name = "type")]
    pub kind: Option<String>,
    pub status: Option<JobStatus>,
    pub batch_id: Option<ID>,
    pub client_id: Option<ID>,
}

#[derive(SimpleObject)]
pub struct JobBatch {
    pub id: ID,
    #[graphql(name = "type")]
    pub kind: String,
    pub total: i32,
    pub pending: i32,
    pub processing: i32,
    pub succeeded: i32,
    pub failed: i32,
    pub created_at: DateTime<Utc>,
    /// When waiting items run next (a rate limit, a daily cap); null when none wait.
    pub next_run_at: Option<DateTime<Utc>>,
    /// Failed items, newest first (at most 200).
    pub failures: Vec<BatchFailure>,
}

/// One failed item of a batch: what it was and why it failed.
#[derive(SimpleObject)]
pub struct BatchFailure {
    pub job_id: ID,
    pub label: String,
    pub error: String,
    pub attempts: i32,
}

async fn job_batch(conn: &mut domain::Conn, me: &Caller, id: &str) -> ApiResult<JobBatch> {
    let b = event_histories::batch(conn, &visibility(me), id).await?;
    let next_run_at = event_histories::batch_next_run_at(conn, id).await?;
    let failures = event_histories::batch_failures(conn, id, 200)
        .await?
        .into_iter()
        .map(|j| BatchFailure {
            label: j.payload["label"]
                .as_str()
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .unwrap_or_else(|| j.kind.clone()),
            error: j.error.unwrap_or_default(),
            attempts: int(j.attempts),
            job_id: j.id.into(),
        })
        .collect();
    Ok(JobBatch {
        id: b.id.into(),
        kind: b.kind,
        total: int(b.total),
        pending: int(b.counts.pending),
        processing: int(b.counts.processing),
        succeeded: int(b.counts.succeeded),
        failed: int(b.counts.failed),
        created_at: b.created_at,
        next_run_at,
        failures,
    })
}

#[derive(SimpleObject)]
pub struct QueueStats {
    #[graphql(name = "type")]
    pub kind: String,
    pub pending: i32,
    pub processing: i32,
    pub succeeded: i32,
    pub failed: i32,
}

#[derive(SimpleObject)]
pub struct WorkerInfo {
    pub id: String,
    pub queues: Vec<String>,
    pub last_seen_at: DateTime<Utc>,
}

fn int(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn visibility(me: &Caller) -> Visibility {
    Visibility::of(&me.scope)
}

#[derive(Default)]
pub struct MonitorsQuery;

#[Object]
impl MonitorsQuery {
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn get_event_histories(
        &self,
        ctx: &Context<'_>,
        filter: Option<EventHistoryFilter>,
    ) -> ApiResult<EventHistoryPage> {
        let me = caller(ctx)?;
        let filter = filter.unwrap_or_default();
        let request = PageRequest::parse(filter.limit, filter.page)?;
        let query = HistoryFilter {
            kind: filter.kind.filter(|k| !k.trim().is_empty()),
            status: filter.status.map(Into::into),
            batch_id: filter.batch_id.map(|id| id.to_string()),
            client_id: filter.client_id.map(|id| id.to_string()),
        };
        let mut conn = state(ctx).db.conn().await?;
        // Another client's id in a filter is NOT_FOUND, as it is anywhere else.
        if query
            .client_id
            .as_ref()
            .is_some_and(|c| !me.scope.is_super_admin() && *c != me.scope.client_id)
        {
            return Err(domain::DomainError::NotFound("client").into());
        }
        if let Some(batch_id) = &query.batch_id {
            event_histories::batch(&mut conn, &visibility(me), batch_id).await?;
        }
        let page = event_histories::list(&mut conn, &visibility(me), &query, request).await?;
        Ok(EventHistoryPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Into::into).collect(),
        })
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_job_batch(&self, ctx: &Context<'_>, id: ID) -> ApiResult<JobBatch> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        job_batch(&mut conn, me, &id).await
    }

    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn get_queue_stats(&self, ctx: &Context<'_>) -> ApiResult<Vec<QueueStats>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        let stats = event_histories::stats(&mut conn, &visibility(me)).await?;
        Ok(stats
            .into_iter()
            .map(|(kind, c)| QueueStats {
                kind,
                pending: int(c.pending),
                processing: int(c.processing),
                succeeded: int(c.succeeded),
                failed: int(c.failed),
            })
            .collect())
    }

    /// Workers that sent a heartbeat in the last minute.
    #[graphql(guard = "RoleGuard::SUPER_ADMIN")]
    async fn get_workers(&self, ctx: &Context<'_>) -> ApiResult<Vec<WorkerInfo>> {
        let mut conn = state(ctx).db.conn().await?;
        let alive = domain::workers::alive(&mut conn, std::time::Duration::from_secs(60)).await?;
        Ok(alive
            .into_iter()
            .map(|w| WorkerInfo {
                id: w.id,
                queues: w.queues,
                last_seen_at: w.last_seen_at,
            })
            .collect())
    }
}

#[derive(Default)]
pub struct MonitorsMutation;

#[Object]
impl MonitorsMutation {
    /// Queues a FAILED job again.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn retry_event_history(&self, ctx: &Context<'_>, id: ID) -> ApiResult<EventHistory> {
        let st = state(ctx);
        let me = caller(ctx)?;
        let mut conn = st.db.conn().await?;
        let job = event_histories::requeue_failed(&mut conn, &visibility(me), &id).await?;
        drop(conn);
        st.dispatch(vec![job.id.clone()].into()).await;
        Ok(job.into())
    }

    /// Queues the failed items of a batch again (any user of the batch's client).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn retry_job_batch(&self, ctx: &Context<'_>, id: ID) -> ApiResult<JobBatch> {
        let st = state(ctx);
        let me = caller(ctx)?;
        let mut conn = st.db.conn().await?;
        let ids = event_histories::requeue_batch_failures(&mut conn, &visibility(me), &id).await?;
        st.dispatch(ids.into()).await;
        job_batch(&mut conn, me, &id).await
    }
}
