//! The jobs table: each row is one job's outbox entry, status, attempts and lease. Every
//! status change is one conditional UPDATE, so two workers can never both own a job.
use std::time::Duration;

use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Backend, Conn, Sql};
use crate::paging::{Page, PageRequest};
use crate::{DomainError, Result, Scope, ids, time};

/// Where a job is, stored as its text in `event_histories.status` and converted here only:
/// the SQL of this module spells the same words, and the API maps this enum to its own once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobStatus {
    /// Waiting to run (queued, rescheduled or retried).
    Pending,
    /// Claimed by a worker, under its lease.
    Processing,
    Success,
    /// Out of attempts, or failed for good.
    Failed,
}

/// A status text this build does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown job status {0:?}")]
pub struct UnknownJobStatus(pub String);

impl JobStatus {
    pub const ALL: [JobStatus; 4] = [
        JobStatus::Pending,
        JobStatus::Processing,
        JobStatus::Success,
        JobStatus::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Pending => "PENDING",
            JobStatus::Processing => "PROCESSING",
            JobStatus::Success => "SUCCESS",
            JobStatus::Failed => "FAILED",
        }
    }

    /// A status read from the table. An unknown one (a newer build's, a hand edit) is a fault
    /// the caller answers as INTERNAL (and logs), never read as some other status.
    pub fn from_db(text: &str) -> Result<JobStatus> {
        text.parse()
            .map_err(|e: UnknownJobStatus| DomainError::Internal(format!("event_histories: {e}")))
    }
}

impl std::str::FromStr for JobStatus {
    type Err = UnknownJobStatus;

    fn from_str(text: &str) -> std::result::Result<JobStatus, UnknownJobStatus> {
        JobStatus::ALL
            .into_iter()
            .find(|s| s.as_str() == text)
            .ok_or_else(|| UnknownJobStatus(text.to_owned()))
    }
}

impl std::fmt::Display for JobStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, Clone)]
pub struct EventHistory {
    pub id: String,
    pub kind: String,
    pub status: JobStatus,
    pub payload: Value,
    pub error: Option<String>,
    pub attempts: i64,
    pub max_attempts: i64,
    pub client_id: Option<String>,
    pub batch_id: Option<String>,
    pub dedupe_key: Option<String>,
    pub created_at: time::Timestamp,
    pub updated_at: time::Timestamp,
}

impl EventHistory {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let status: String = row.try_get("status")?;
        let payload: String = row.try_get("payload")?;
        Ok(Self {
            id: row.try_get("id")?,
            kind: row.try_get("type")?,
            status: JobStatus::from_db(&status)?,
            // Every payload is written by `serde_json`; one that does not parse was changed by
            // hand, and reading it as null would hide that.
            payload: serde_json::from_str(&payload).map_err(|e| {
                tracing::error!(error = %e, "event_histories.payload is not JSON");
                DomainError::UnknownValue {
                    table: "event_histories",
                    column: "payload",
                }
            })?,
            error: row.try_get("error")?,
            attempts: row.try_get("attempts")?,
            max_attempts: row.try_get("max_attempts")?,
            client_id: row.try_get("client_id")?,
            batch_id: row.try_get("batch_id")?,
            dedupe_key: row.try_get("dedupe_key")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
            updated_at: time::from_db(&row.try_get::<String, _>("updated_at")?),
        })
    }
}

#[derive(Debug, Clone)]
pub struct NewJob {
    pub kind: String,
    pub payload: Value,
    pub client_id: Option<String>,
    pub batch_id: Option<String>,
    /// A deterministic key: a second insert with the same key is a no-op (cron ticks, renewals).
    pub dedupe_key: Option<String>,
    pub max_attempts: i64,
    /// The shop the job works on, if any: a STAFF user follows a batch only when every shop
    /// of its jobs is assigned to them.
    pub shop_id: Option<String>,
}

/// Writes the job's row, PENDING. Call it inside the transaction of the change that asks for
/// the job; push the id to the queue after commit. Returns None when a job with the same dedupe
/// key exists already.
///
/// The row is stamped queued at once, so a push costs no second write: the sweeper pushes it
/// again only after `lost_after` (or at its next pass when the push fails and is unmarked).
pub async fn insert(conn: &mut Conn, job: &NewJob) -> Result<Option<String>> {
    let id = ids::new_id();
    let now = time::now_db();
    // PostgreSQL writes the job_queue row in the same statement (migration 0028); SQLite's
    // row trigger writes it.
    let sql = match Backend::of(conn) {
        Backend::Postgres => {
            "WITH e AS (
                 INSERT INTO event_histories (id, type, status, payload, attempts, max_attempts, client_id, batch_id, dedupe_key, shop_id, run_at, queued_at, created_at, updated_at)
                 VALUES ($1, $2, 'PENDING', $3, 0, $4, $5, $6, $7, $9, $8, $8, $8, $8)
                 ON CONFLICT (dedupe_key) DO NOTHING
                 RETURNING id, status, run_at, queued_at, lease_until, created_at)
             INSERT INTO job_queue (id, status, run_at, queued_at, lease_until, created_at)
             SELECT id, status, run_at, queued_at, lease_until, created_at FROM e"
        }
        Backend::Sqlite => {
            "INSERT INTO event_histories (id, type, status, payload, attempts, max_attempts, client_id, batch_id, dedupe_key, shop_id, run_at, queued_at, created_at, updated_at)
             VALUES ($1, $2, 'PENDING', $3, 0, $4, $5, $6, $7, $9, $8, $8, $8, $8)
             ON CONFLICT (dedupe_key) DO NOTHING"
        }
    };
    let done = sqlx::query(sql)
        .bind(&id)
        .bind(&job.kind)
        .bind(job.payload.to_string())
        .bind(job.max_attempts)
        .bind(job.client_id.clone())
        .bind(job.batch_id.clone())
        .bind(job.dedupe_key.clone())
        .bind(&now)
        .bind(job.shop_id.clone())
        .execute(&mut *conn)
        .await?;
    Ok((done.rows_affected() == 1).then_some(id))
}

/// Writes many jobs' rows in one statement, as [`insert`] writes one: PENDING, stamped queued.
/// Answers, for each job in order, its id, or None when a job with the same dedupe key exists
/// already (an earlier row, or one before it in `jobs`). The rows travel as one JSON value,
/// so the statement's text is the same whatever their number (prepared once per connection).
pub async fn insert_many(conn: &mut Conn, jobs: &[NewJob]) -> Result<Vec<Option<String>>> {
    if jobs.is_empty() {
        return Ok(Vec::new());
    }
    let backend = Backend::of(conn);
    let ids: Vec<String> = jobs.iter().map(|_| ids::new_id()).collect();
    let rows: Vec<Value> = jobs
        .iter()
        .zip(&ids)
        .enumerate()
        .map(|(ord, (job, id))| {
            serde_json::json!({
                "ord": ord,
                "id": id,
                "type": job.kind,
                "payload": job.payload.to_string(),
                "max_attempts": job.max_attempts,
                "client_id": job.client_id,
                "batch_id": job.batch_id,
                "dedupe_key": job.dedupe_key,
                "shop_id": job.shop_id,
            })
        })
        .collect();
    let rows = Value::from(rows).to_string();
    // `WHERE true`: SQLite reads an upsert's `ON` after a bare `SELECT … FROM` as a join's.
    let sql = match backend {
        Backend::Postgres => {
            "WITH e AS (
                 INSERT INTO event_histories (id, type, status, payload, attempts, max_attempts, client_id, batch_id, dedupe_key, shop_id, run_at, queued_at, created_at, updated_at)
                 SELECT r.id, r.type, 'PENDING', r.payload, 0, r.max_attempts, r.client_id, r.batch_id, r.dedupe_key, r.shop_id, $2, $2, $2, $2
                 FROM jsonb_to_recordset(CAST($1 AS jsonb)) AS r(ord int, id text, type text, payload text, max_attempts int, client_id text, batch_id text, dedupe_key text, shop_id text)
                 WHERE true ORDER BY r.ord
                 ON CONFLICT (dedupe_key) DO NOTHING
                 RETURNING id, status, run_at, queued_at, lease_until, created_at)
             INSERT INTO job_queue (id, status, run_at, queued_at, lease_until, created_at)
             SELECT id, status, run_at, queued_at, lease_until, created_at FROM e
             RETURNING id"
        }
        Backend::Sqlite => {
            "INSERT INTO event_histories (id, type, status, payload, attempts, max_attempts, client_id, batch_id, dedupe_key, shop_id, run_at, queued_at, created_at, updated_at)
             SELECT value ->> 'id', value ->> 'type', 'PENDING', value ->> 'payload', 0, value ->> 'max_attempts', value ->> 'client_id', value ->> 'batch_id', value ->> 'dedupe_key', value ->> 'shop_id', $2, $2, $2, $2
             FROM json_each($1)
             WHERE true ORDER BY CAST(key AS INTEGER)
             ON CONFLICT (dedupe_key) DO NOTHING RETURNING id"
        }
    };
    let inserted: std::collections::HashSet<String> = sqlx::query_scalar(sql)
        .bind(rows)
        .bind(time::now_db())
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .collect();
    Ok(ids
        .into_iter()
        .map(|id| inserted.contains(&id).then_some(id))
        .collect())
}

pub async fn create_batch(
    conn: &mut Conn,
    client_id: Option<&str>,
    kind: &str,
    total: i64,
) -> Result<String> {
    let id = ids::new_id();
    sqlx::query("INSERT INTO job_batches (id, client_id, type, total, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(client_id.map(str::to_owned))
        .bind(kind)
        .bind(total)
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    Ok(id)
}

/// A job whose handler succeeded, and when it ended.
#[derive(Debug, Clone)]
pub struct Succeeded {
    pub id: String,
    /// `finished_at`, in the database's time format.
    pub finished_at: String,
}

/// What one status round trip did: the jobs it claimed and the successes it recorded.
#[derive(Debug, Default)]
pub struct StatusRound {
    pub claimed: Vec<EventHistory>,
    /// Ids whose success was recorded; a job missing here had lost its lease.
    pub succeeded: Vec<String>,
}

/// Claims and successes of one worker, recorded in one round trip: the jobs in `succeed` go
/// from PROCESSING to SUCCESS, the jobs in `claim` that are due and PENDING go to PROCESSING
/// with one more attempt and a lease for `worker_id`. The pool coalesces what its jobs ask
/// while a round is in flight into the next one, so a busy worker spends one statement and one
/// commit per batch, not two per job. A claimed id missing from the answer
/// was not claimable: another worker has it, it already ran or is not due (a duplicate
/// delivery).
///
/// No column these updates change is indexed on event_histories, so on PostgreSQL they are
/// heap-only updates; the job_queue row follows in the same statement, a claim's as a
/// heap-only update of its lease.
pub async fn claim_and_succeed(
    conn: &mut Conn,
    backend: Backend,
    claim: &[String],
    succeed: &[Succeeded],
    worker_id: &str,
    lease: Duration,
) -> Result<StatusRound> {
    let mut round = StatusRound::default();
    if claim.is_empty() && succeed.is_empty() {
        return Ok(round);
    }
    let now = time::now_db();
    let succeed_ids: Vec<String> = succeed.iter().map(|s| s.id.clone()).collect();
    let all: Vec<String> = claim.iter().chain(&succeed_ids).cloned().collect();
    // One UPDATE for both (one statement and one commit on either engine): each SET reads the
    // row as it was, so its current status tells a job being claimed (PENDING) from one
    // succeeding (PROCESSING), and RETURNING tells them apart by the new one.
    // On PostgreSQL the statement writes job_queue as well (migration 0028): a success leaves
    // it, a claim writes its lease there and nothing else, so that update is heap-only too
    // (migration 0031: job_queue's status stays PENDING while the job runs). A success's row
    // comes back as its id and status only: the worker reads nothing else of it, and each
    // column it does not send is one value fewer to encode and to decode.
    let mut sql = Sql::new(match backend {
        Backend::Postgres => "WITH u AS (UPDATE event_histories SET ",
        Backend::Sqlite => "UPDATE event_histories SET ",
    });
    sql.push("status = CASE WHEN status = 'PENDING' THEN 'PROCESSING' ELSE 'SUCCESS' END, ");
    sql.push("attempts = CASE WHEN status = 'PENDING' THEN attempts + 1 ELSE attempts END, ");
    sql.push("lease_until = CASE WHEN status = 'PENDING' THEN ")
        .bind(time::after(lease))
        .push(" ELSE NULL END, ");
    sql.push("started_at = CASE WHEN status = 'PENDING' THEN ")
        .bind(now.as_str())
        .push(" ELSE started_at END, ");
    sql.push("finished_at = CASE WHEN status = 'PENDING' THEN finished_at ELSE ");
    match backend {
        // Each job's own end: a worker may hold a success back for the next claim's round.
        // The object is read once per statement (an init plan), each row's end found by key.
        Backend::Postgres => {
            let ends: serde_json::Map<String, serde_json::Value> = succeed
                .iter()
                .map(|s| (s.id.clone(), s.finished_at.clone().into()))
                .collect();
            sql.push("COALESCE((SELECT CAST(")
                .bind(serde_json::Value::Object(ends).to_string())
                .push(" AS jsonb)) ->> id, ")
                .bind(now.as_str())
                .push(")")
        }
        // The embedded pool holds no success back: the round's time is its end's.
        Backend::Sqlite => sql.bind(now.as_str()),
    };
    sql.push(" END, ");
    sql.push("error = CASE WHEN status = 'PENDING' THEN error ELSE NULL END, ");
    // A claimed job waits for a handler slot before it runs; a finished one runs no more.
    sql.push("running_at = NULL, ");
    sql.push("worker_id = ")
        .bind(worker_id)
        .push(", updated_at = ")
        .bind(now.as_str());
    sql.push(" WHERE ");
    sql.in_ids(backend, "id", &all);
    sql.push(" AND ((status = 'PENDING' AND run_at <= ")
        .bind(now.as_str())
        .push(" AND ");
    sql.in_id_set(backend, "id", claim);
    sql.push(") OR (status = 'PROCESSING' AND worker_id = ")
        .bind(worker_id)
        .push(" AND ");
    sql.in_id_set(backend, "id", &succeed_ids);
    match backend {
        Backend::Postgres => {
            sql.push(
                ")) RETURNING id, type, status, payload, error, attempts, max_attempts, client_id, batch_id, dedupe_key, created_at, updated_at, run_at, queued_at, lease_until),
                 d AS (DELETE FROM job_queue q USING u WHERE q.id = u.id AND u.status = 'SUCCESS'),
                 m AS (UPDATE job_queue q SET lease_until = u.lease_until FROM u WHERE q.id = u.id AND u.status <> 'SUCCESS')
                 SELECT id, status, type, payload, error, attempts, max_attempts, client_id, batch_id, dedupe_key, created_at, updated_at FROM u WHERE status <> 'SUCCESS'
                 UNION ALL
                 SELECT id, status, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM u WHERE status = 'SUCCESS'",
            );
        }
        Backend::Sqlite => {
            sql.push(")) RETURNING id, type, status, payload, error, attempts, max_attempts, client_id, batch_id, dedupe_key, created_at, updated_at");
        }
    }
    let rows = sql.query().fetch_all(&mut *conn).await?;
    for row in &rows {
        let status: String = row.try_get("status")?;
        if JobStatus::from_db(&status)? == JobStatus::Success {
            round.succeeded.push(row.try_get("id")?);
        } else {
            round.claimed.push(EventHistory::from_row(row)?);
        }
    }
    Ok(round)
}

/// Extends the leases of the running jobs a worker holds; returns how many it still held (a
/// job missing had lost its lease: expired and rescued).
pub async fn renew_leases(
    conn: &mut Conn,
    backend: Backend,
    ids: &[String],
    worker_id: &str,
    lease: Duration,
) -> Result<u64> {
    // On PostgreSQL the statement writes job_queue's lease as well (migration 0028); every
    // renewed job is PROCESSING, so it has its row there, and the count is the same.
    let mut sql = Sql::new(match backend {
        Backend::Postgres => "WITH u AS (UPDATE event_histories SET lease_until = ",
        Backend::Sqlite => "UPDATE event_histories SET lease_until = ",
    });
    sql.bind(time::after(lease))
        .push(" WHERE worker_id = ")
        .bind(worker_id)
        .push(" AND status = 'PROCESSING' AND ");
    sql.in_ids(backend, "id", ids);
    if backend == Backend::Postgres {
        sql.push(
            " RETURNING id, lease_until)
             UPDATE job_queue q SET lease_until = u.lease_until FROM u WHERE q.id = u.id",
        );
    }
    Ok(sql.query().execute(&mut *conn).await?.rows_affected())
}

/// Marks a claimed job's handler as started (`running`) or ended: a batch's progress counts as
/// running only the marked jobs (a claimed job may wait for a handler slot first, and an ended
/// one for its outcome to be recorded). Not watched by job_queue's triggers, so this is one
/// small update. False when the job is no longer this worker's PROCESSING job.
///
/// Many at once: `on` are marked, `off` cleared, in one statement; returns the ids it matched.
pub async fn mark_running(
    conn: &mut Conn,
    backend: Backend,
    on: &[String],
    off: &[String],
    worker_id: &str,
) -> Result<Vec<String>> {
    if on.is_empty() && off.is_empty() {
        return Ok(Vec::new());
    }
    let all: Vec<String> = on.iter().chain(off).cloned().collect();
    let mut sql = Sql::new("UPDATE event_histories SET running_at = CASE WHEN ");
    sql.in_ids(backend, "id", on)
        .push(" THEN ")
        .bind(time::now_db())
        .push(" ELSE NULL END WHERE worker_id = ")
        .bind(worker_id)
        .push(" AND status = 'PROCESSING' AND ");
    sql.in_ids(backend, "id", &all);
    sql.push(" RETURNING id");
    Ok(sql.query_scalar::<String>().fetch_all(&mut *conn).await?)
}

pub async fn fail(conn: &mut Conn, id: &str, worker_id: &str, error: &str) -> Result<bool> {
    let now = time::now_db();
    let done = sqlx::query(
        "UPDATE event_histories SET status = 'FAILED', error = $3, lease_until = NULL, running_at = NULL, finished_at = $4, updated_at = $4
         WHERE id = $1 AND worker_id = $2 AND status = 'PROCESSING'",
    )
    .bind(id)
    .bind(worker_id)
    .bind(error)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Puts a running job back to PENDING until `delay` has passed. `refund` gives the attempt back:
/// an upstream rate limit or a shutdown is not the job's failure.
pub async fn reschedule(
    conn: &mut Conn,
    id: &str,
    worker_id: &str,
    error: Option<&str>,
    delay: Duration,
    refund: bool,
) -> Result<bool> {
    let now = time::now_db();
    let done = sqlx::query(
        "UPDATE event_histories
         SET status = 'PENDING', error = COALESCE($3, error), run_at = $4, queued_at = NULL, lease_until = NULL, running_at = NULL,
             attempts = CASE WHEN $5 THEN attempts - 1 ELSE attempts END, updated_at = $6
         WHERE id = $1 AND worker_id = $2 AND status = 'PROCESSING'",
    )
    .bind(id)
    .bind(worker_id)
    .bind(error.map(str::to_owned))
    .bind(time::after(delay))
    .bind(refund)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes up to `limit` PENDING jobs that are due and not in the queue and marks them queued,
/// in one statement per kind: first those never pushed (a crash between commit and push, a
/// failed push, a retry delay that ended, a rescued orphan), then those pushed so long ago that
/// the queue must have lost them (pushed before `lost_before`, from [`lost_cutoff`]). Each pick
/// reads a job_queue index that holds only the rows it looks for (and the few jobs running,
/// whose rows hold a lease), so jobs waiting in the queue cost a sweep nothing. Concurrent
/// sweepers take disjoint sets (SKIP LOCKED on PostgreSQL; SQLite has one writer at a time).
/// The caller pushes them. A sweep that takes several batches computes the cutoff once: the
/// rows it marks are then newer than the cutoff and are not taken again.
pub async fn take_due_for_push(
    conn: &mut Conn,
    backend: Backend,
    lost_before: &str,
    limit: i64,
) -> Result<Vec<String>> {
    let now = time::now_db();
    // The ids are picked once, then locked and updated by key: as `id IN (subquery)`,
    // PostgreSQL planned with the statistics of a table still empty (a bulk enqueue right after
    // start) and ran the pick again for every row. Rows are locked in event_histories, as every
    // writer locks them, before the trigger touches job_queue: one lock order, no deadlock.
    let (unqueued, lost) = match backend {
        Backend::Postgres => (
            "WITH picked AS MATERIALIZED (
                 SELECT id FROM job_queue WHERE status = 'PENDING' AND queued_at IS NULL AND run_at <= $1 AND lease_until IS NULL
                 ORDER BY run_at LIMIT $2),
             due AS MATERIALIZED (
                 SELECT e.id FROM event_histories e JOIN picked p ON p.id = e.id
                 WHERE e.status = 'PENDING' AND e.queued_at IS NULL FOR UPDATE OF e SKIP LOCKED)
             UPDATE event_histories SET queued_at = $1 FROM due WHERE event_histories.id = due.id
             RETURNING event_histories.id",
            "WITH picked AS MATERIALIZED (
                 SELECT id FROM job_queue WHERE status = 'PENDING' AND queued_at IS NOT NULL AND queued_at < $3 AND lease_until IS NULL
                 ORDER BY queued_at LIMIT $2),
             due AS MATERIALIZED (
                 SELECT e.id FROM event_histories e JOIN picked p ON p.id = e.id
                 WHERE e.status = 'PENDING' AND e.queued_at < $3 FOR UPDATE OF e SKIP LOCKED)
             UPDATE event_histories SET queued_at = $1 FROM due WHERE event_histories.id = due.id
             RETURNING event_histories.id",
        ),
        Backend::Sqlite => (
            "UPDATE event_histories SET queued_at = $1
             WHERE id IN (SELECT id FROM job_queue WHERE status = 'PENDING' AND queued_at IS NULL AND run_at <= $1 AND lease_until IS NULL
                          ORDER BY run_at LIMIT $2)
               AND status = 'PENDING' AND queued_at IS NULL
             RETURNING id",
            "UPDATE event_histories SET queued_at = $1
             WHERE id IN (SELECT id FROM job_queue WHERE status = 'PENDING' AND queued_at IS NOT NULL AND queued_at < $3 AND lease_until IS NULL
                          ORDER BY queued_at LIMIT $2)
               AND status = 'PENDING' AND queued_at < $3
             RETURNING id",
        ),
    };
    let mut ids: Vec<String> = sqlx::query_scalar(unqueued)
        .bind(&now)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
    let left = limit - ids.len() as i64;
    if left > 0 {
        let more: Vec<String> = sqlx::query_scalar(lost)
            .bind(&now)
            .bind(left)
            .bind(lost_before)
            .fetch_all(&mut *conn)
            .await?;
        ids.extend(more);
    }
    Ok(ids)
}

/// Records the server instance that holds `queue`; true when it is not the one recorded before,
/// for the one caller that records the change (a conditional UPDATE), so a restart is acted on
/// once however many sweepers notice it. The first instance ever recorded is not a change.
pub async fn queue_instance_changed(conn: &mut Conn, queue: &str, instance: &str) -> Result<bool> {
    let now = time::now_db();
    let changed = sqlx::query("UPDATE queue_instances SET instance = $2, seen_at = $3 WHERE queue = $1 AND instance <> $2")
        .bind(queue)
        .bind(instance)
        .bind(&now)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if changed > 0 {
        return Ok(true);
    }
    sqlx::query("INSERT INTO queue_instances (queue, instance, seen_at) VALUES ($1, $2, $3) ON CONFLICT (queue) DO NOTHING")
        .bind(queue)
        .bind(instance)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    Ok(false)
}

/// The `lost_before` of [`take_due_for_push`]: a job pushed longer than `lost_after` ago.
pub fn lost_cutoff(lost_after: Duration) -> String {
    time::before(lost_after)
}

/// Gives jobs back to the sweeper after a failed push.
pub async fn unmark_queued(conn: &mut Conn, ids: &[String]) -> Result<()> {
    if ids.is_empty() {
        return Ok(());
    }
    let mut sql = Sql::new(
        "UPDATE event_histories SET queued_at = NULL WHERE status = 'PENDING' AND id IN (",
    );
    sql.bind_list(ids);
    sql.push(")");
    sql.query().execute(&mut *conn).await?;
    Ok(())
}

/// Orphan rescue: a PROCESSING job whose lease expired lost its worker. It goes back to PENDING,
/// or FAILED once its attempts are spent (a job that kills its worker must not loop forever).
/// Returns (requeued, failed).
///
/// The running jobs have no index of their own (a claim writes only job_queue's lease, migration
/// 0031): a job is claimed after it was pushed and once due, so one whose lease of `lease` ran
/// out was pushed (or, never pushed, was due) more than `lease` ago, and only those rows are
/// read. A worker configured with a longer lease is found as soon; one with a shorter lease up
/// to the difference later.
pub async fn rescue_orphans(conn: &mut Conn, lease: Duration) -> Result<(u64, u64)> {
    let now = time::now_db();
    let claimed_before = time::before(lease);
    // One statement for both outcomes: a backlog older than a lease is read once per sweep.
    let statuses: Vec<String> = sqlx::query_scalar(
        "UPDATE event_histories
         SET status = CASE WHEN attempts >= max_attempts THEN 'FAILED' ELSE 'PENDING' END,
             error = CASE WHEN attempts >= max_attempts THEN 'the worker running this job stopped before it finished' ELSE error END,
             finished_at = CASE WHEN attempts >= max_attempts THEN $1 ELSE finished_at END,
             queued_at = CASE WHEN attempts >= max_attempts THEN queued_at ELSE NULL END,
             worker_id = CASE WHEN attempts >= max_attempts THEN worker_id ELSE NULL END,
             run_at = CASE WHEN attempts >= max_attempts THEN run_at ELSE $1 END,
             lease_until = NULL, running_at = NULL, updated_at = $1
         WHERE id IN (SELECT id FROM job_queue WHERE status = 'PENDING' AND queued_at IS NOT NULL AND queued_at < $2 AND lease_until < $1
                      UNION ALL
                      SELECT id FROM job_queue WHERE status = 'PENDING' AND queued_at IS NULL AND run_at < $2 AND lease_until < $1)
           AND status = 'PROCESSING' AND lease_until < $1
         RETURNING status",
    )
    .bind(&now)
    .bind(&claimed_before)
    .fetch_all(&mut *conn)
    .await?;
    let failed = statuses.iter().filter(|s| s.as_str() == "FAILED").count() as u64;
    let requeued = statuses.len() as u64 - failed;
    Ok((requeued, failed))
}

/// Which jobs a caller may see: all (the platform operator), or those of a scope: its client's,
/// and of a STAFF user only those on the shops they work on (jobs bound to no shop, such as a
/// template applied to products, are the whole client's).
#[derive(Debug, Clone)]
pub enum Visibility {
    All,
    Scoped(Scope),
}

impl Visibility {
    pub fn of(scope: &Scope) -> Visibility {
        if scope.is_super_admin() {
            Visibility::All
        } else {
            Visibility::Scoped(scope.clone())
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct HistoryFilter {
    pub kind: Option<String>,
    pub status: Option<JobStatus>,
    pub batch_id: Option<String>,
    pub client_id: Option<String>,
}

/// Narrows a query of event_histories rows to the visible ones.
fn scoped(sql: &mut Sql, visibility: &Visibility) {
    if let Visibility::Scoped(scope) = visibility {
        sql.push(" AND client_id = ").bind(&scope.client_id);
        if scope.limited_to_assigned_shops() {
            sql.push(" AND (shop_id IS NULL");
            sql.push(" OR shop_id IN ");
            scope.push_assigned_shops(sql);
            sql.push(")");
        }
    }
}

/// Narrows a query of job_batches rows to the visible ones: a batch is seen whole or not at
/// all, so a STAFF user sees it only when none of its jobs is on a shop they do not work on.
fn scoped_batches(sql: &mut Sql, visibility: &Visibility) {
    if let Visibility::Scoped(scope) = visibility {
        sql.push(" AND b.client_id = ").bind(&scope.client_id);
        if scope.limited_to_assigned_shops() {
            sql.push(" AND NOT EXISTS (SELECT 1 FROM event_histories e WHERE e.batch_id = b.id AND e.shop_id IS NOT NULL");
            sql.push(" AND e.shop_id NOT IN ");
            scope.push_assigned_shops(sql);
            sql.push(")");
        }
    }
}

pub async fn get(conn: &mut Conn, visibility: &Visibility, id: &str) -> Result<EventHistory> {
    let mut sql = Sql::new("SELECT * FROM event_histories WHERE id = ");
    sql.bind(id);
    scoped(&mut sql, visibility);
    let row = sql.query().fetch_optional(&mut *conn).await?;
    row.as_ref()
        .map(EventHistory::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("event history"))
}

/// Unscoped read, for workers.
pub async fn find(conn: &mut Conn, id: &str) -> Result<Option<EventHistory>> {
    let row = sqlx::query("SELECT * FROM event_histories WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(EventHistory::from_row).transpose()
}

pub async fn list(
    conn: &mut Conn,
    visibility: &Visibility,
    filter: &HistoryFilter,
    page: PageRequest,
) -> Result<Page<EventHistory>> {
    let build = |base: &'static str| {
        let mut sql = Sql::new(base);
        scoped(&mut sql, visibility);
        if let Some(kind) = &filter.kind {
            sql.push(" AND type = ").bind(kind);
        }
        // The jobs not done are found through job_queue's indexes (FAILED, the monitors' usual
        // filter, has one of its own); written out, not bound, as a planner picks a partial
        // index for a literal, not for a placeholder. job_queue's PENDING holds the running
        // jobs too (migration 0031): the record's own status tells them apart.
        match filter.status {
            Some(JobStatus::Pending) => sql.push(
                " AND id IN (SELECT id FROM job_queue WHERE status = 'PENDING') AND status = 'PENDING'",
            ),
            Some(JobStatus::Processing) => sql.push(
                " AND id IN (SELECT id FROM job_queue WHERE status = 'PENDING') AND status = 'PROCESSING'",
            ),
            Some(JobStatus::Failed) => {
                sql.push(" AND id IN (SELECT id FROM job_queue WHERE status = 'FAILED')")
            }
            Some(JobStatus::Success) => sql.push(" AND status = 'SUCCESS'"),
            None => &mut sql,
        };
        if let Some(batch) = &filter.batch_id {
            sql.push(" AND batch_id = ").bind(batch);
        }
        if let Some(client) = &filter.client_id {
            sql.push(" AND client_id = ").bind(client);
        }
        sql
    };
    let total: i64 = build("SELECT COUNT(*) FROM event_histories WHERE 1 = 1")
        .query_scalar()
        .fetch_one(&mut *conn)
        .await?;
    let mut sql = build("SELECT * FROM event_histories WHERE 1 = 1");
    sql.push(" ORDER BY created_at DESC, id DESC LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let items = rows
        .iter()
        .map(EventHistory::from_row)
        .collect::<Result<_>>()?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// Queues a FAILED job again with a fresh set of attempts. Its last error stays visible until
/// it succeeds. NOT_FOUND for another client's job, CONFLICT when it is not FAILED.
pub async fn requeue_failed(
    conn: &mut Conn,
    visibility: &Visibility,
    id: &str,
) -> Result<EventHistory> {
    let current = get(conn, visibility, id).await?;
    if current.status != JobStatus::Failed {
        return Err(DomainError::Conflict(format!(
            "only a FAILED job can be retried; this one is {}",
            current.status.as_str()
        )));
    }
    let now = time::now_db();
    let row = sqlx::query(
        "UPDATE event_histories
         SET status = 'PENDING', attempts = 0, run_at = $2, queued_at = NULL, finished_at = NULL, running_at = NULL, worker_id = NULL, updated_at = $2
         WHERE id = $1 AND status = 'FAILED' RETURNING *",
    )
    .bind(id)
    .bind(&now)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref()
        .map(EventHistory::from_row)
        .transpose()?
        .ok_or_else(|| {
            DomainError::Conflict("the job changed meanwhile; reload and try again".into())
        })
}

#[derive(Debug, Clone, Default)]
pub struct StatusCounts {
    pub pending: i64,
    pub processing: i64,
    pub succeeded: i64,
    pub failed: i64,
}

impl StatusCounts {
    /// Counts `n` jobs of a stored status; an unknown one fails the count rather than vanish
    /// from it.
    fn add(&mut self, status: &str, n: i64) -> Result<()> {
        match JobStatus::from_db(status)? {
            JobStatus::Pending => self.pending += n,
            JobStatus::Processing => self.processing += n,
            JobStatus::Success => self.succeeded += n,
            JobStatus::Failed => self.failed += n,
        }
        Ok(())
    }
}

/// Counts per job kind and status.
pub async fn stats(
    conn: &mut Conn,
    visibility: &Visibility,
) -> Result<Vec<(String, StatusCounts)>> {
    let mut sql = Sql::new("SELECT type, status, COUNT(*) AS n FROM event_histories WHERE 1 = 1");
    scoped(&mut sql, visibility);
    sql.push(" GROUP BY type, status ORDER BY type");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let mut out: Vec<(String, StatusCounts)> = Vec::new();
    for row in rows {
        let kind: String = row.try_get("type")?;
        let status: String = row.try_get("status")?;
        let n: i64 = row.try_get("n")?;
        match out.last_mut() {
            Some((k, counts)) if *k == kind => counts.add(&status, n)?,
            _ => {
                let mut counts = StatusCounts::default();
                counts.add(&status, n)?;
                out.push((kind, counts));
            }
        }
    }
    Ok(out)
}

#[derive(Debug, Clone)]
pub struct JobBatch {
    pub id: String,
    pub kind: String,
    pub total: i64,
    pub counts: StatusCounts,
    pub created_at: time::Timestamp,
}

pub async fn batch(conn: &mut Conn, visibility: &Visibility, id: &str) -> Result<JobBatch> {
    let mut sql = Sql::new("SELECT b.* FROM job_batches b WHERE b.id = ");
    sql.bind(id);
    scoped_batches(&mut sql, visibility);
    let row = sql
        .query()
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(DomainError::NotFound("job batch"))?;
    // A claimed job whose handler has not started yet is still waiting: counted as pending,
    // so `processing` is the handlers actually running.
    let rows = sqlx::query(
        "SELECT CASE WHEN status = 'PROCESSING' AND running_at IS NULL THEN 'PENDING' ELSE status END AS status,
                COUNT(*) AS n
         FROM event_histories WHERE batch_id = $1
         GROUP BY CASE WHEN status = 'PROCESSING' AND running_at IS NULL THEN 'PENDING' ELSE status END",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let mut counts = StatusCounts::default();
    for r in rows {
        counts.add(&r.try_get::<String, _>("status")?, r.try_get("n")?)?;
    }
    Ok(JobBatch {
        id: row.try_get("id")?,
        kind: row.try_get("type")?,
        total: row.try_get("total")?,
        counts,
        created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
    })
}

/// Records a side effect under its idempotency key. False when the key was recorded before:
/// the effect already happened and must not happen again.
pub async fn record_effect(
    conn: &mut Conn,
    key: &str,
    event_id: &str,
    result: Option<&str>,
) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO job_effects (key, event_id, result, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING",
    )
    .bind(key)
    .bind(event_id)
    .bind(result.map(str::to_owned))
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn effect_exists(conn: &mut Conn, key: &str) -> Result<bool> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM job_effects WHERE key = $1")
        .bind(key)
        .fetch_one(&mut *conn)
        .await?;
    Ok(n > 0)
}

/// When the batch's waiting jobs run next, if some wait past now (a rate limit, a daily cap).
pub async fn batch_next_run_at(conn: &mut Conn, batch_id: &str) -> Result<Option<time::Timestamp>> {
    let next: Option<String> = sqlx::query_scalar("SELECT MIN(run_at) FROM event_histories WHERE batch_id = $1 AND status = 'PENDING' AND run_at > $2")
        .bind(batch_id)
        .bind(time::now_db())
        .fetch_one(&mut *conn)
        .await?;
    Ok(next.map(|t| time::from_db(&t)))
}

/// The failed jobs of a batch, newest first.
pub async fn batch_failures(
    conn: &mut Conn,
    batch_id: &str,
    limit: i64,
) -> Result<Vec<EventHistory>> {
    let rows = sqlx::query("SELECT * FROM event_histories WHERE batch_id = $1 AND status = 'FAILED' ORDER BY updated_at DESC, id LIMIT $2")
        .bind(batch_id)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(EventHistory::from_row).collect()
}

/// Queues every FAILED job of a batch again with fresh attempts; returns their ids.
pub async fn requeue_batch_failures(
    conn: &mut Conn,
    visibility: &Visibility,
    batch_id: &str,
) -> Result<Vec<String>> {
    batch(conn, visibility, batch_id).await?;
    let now = time::now_db();
    let ids: Vec<String> = sqlx::query_scalar(
        "UPDATE event_histories
         SET status = 'PENDING', attempts = 0, run_at = $2, queued_at = NULL, finished_at = NULL, running_at = NULL, worker_id = NULL, updated_at = $2
         WHERE batch_id = $1 AND status = 'FAILED' RETURNING id",
    )
    .bind(batch_id)
    .bind(&now)
    .fetch_all(&mut *conn)
    .await?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_statuses_read_back_as_written_and_an_unknown_one_is_an_internal_fault() {
        for status in JobStatus::ALL {
            assert_eq!(JobStatus::from_db(status.as_str()).ok(), Some(status));
            assert_eq!(status.to_string(), status.as_str());
        }
        for stored in ["PAUSED", "pending", ""] {
            assert!(matches!(
                JobStatus::from_db(stored),
                Err(DomainError::Internal(_))
            ));
        }
        let mut counts = StatusCounts::default();
        assert!(counts.add("SUCCESS", 2).is_ok());
        assert!(counts.add("PAUSED", 1).is_err());
        assert_eq!((counts.succeeded, counts.pending), (2, 0));
    }

    /// One statement both claims and records successes: a claim sharing the round with a
    /// success still comes back whole, and a success is recorded only for the worker whose
    /// job it is.
    #[tokio::test]
    async fn a_status_round_claims_whole_rows_and_records_only_its_own_successes() {
        let temp = crate::db::TempSqlite::open("status-round", 2).await;
        let db = &temp.db;
        db.migrate().await.expect("migrations");
        let mut conn = db.conn().await.expect("connection");
        let job = |n: i64| NewJob {
            kind: "system.probe".into(),
            payload: serde_json::json!({ "n": n }),
            client_id: None,
            batch_id: None,
            dedupe_key: Some(format!("probe-{n}")),
            max_attempts: 5,
            shop_id: None,
        };
        let mut ids = Vec::new();
        for n in 0..3 {
            ids.push(
                insert(&mut conn, &job(n))
                    .await
                    .expect("insert")
                    .expect("new"),
            );
        }
        let lease = Duration::from_secs(60);
        let first = claim_and_succeed(
            &mut conn,
            Backend::Sqlite,
            &ids[..2],
            &[],
            "worker-a",
            lease,
        )
        .await
        .expect("first round");
        assert_eq!(first.claimed.len(), 2);
        assert!(first.succeeded.is_empty());

        let done = |id: &String| Succeeded {
            id: id.clone(),
            finished_at: time::now_db(),
        };
        // worker-b's success of worker-a's job matches nothing.
        let foreign = claim_and_succeed(
            &mut conn,
            Backend::Sqlite,
            &[],
            &[done(&ids[1])],
            "worker-b",
            lease,
        )
        .await
        .expect("foreign round");
        assert!(foreign.succeeded.is_empty() && foreign.claimed.is_empty());

        let round = claim_and_succeed(
            &mut conn,
            Backend::Sqlite,
            &ids[2..],
            &[done(&ids[0])],
            "worker-a",
            lease,
        )
        .await
        .expect("mixed round");
        assert_eq!(round.succeeded, vec![ids[0].clone()]);
        assert_eq!(round.claimed.len(), 1);
        let claimed = &round.claimed[0];
        assert_eq!(claimed.id, ids[2]);
        assert_eq!(claimed.kind, "system.probe");
        assert_eq!(claimed.status, JobStatus::Processing);
        assert_eq!(claimed.payload, serde_json::json!({ "n": 2 }));
        assert_eq!(claimed.dedupe_key.as_deref(), Some("probe-2"));
        assert_eq!((claimed.attempts, claimed.max_attempts), (1, 5));

        for (id, status) in [
            (&ids[0], JobStatus::Success),
            (&ids[1], JobStatus::Processing),
            (&ids[2], JobStatus::Processing),
        ] {
            let job = find(&mut conn, id).await.expect("read").expect("the job");
            assert_eq!(job.status, status);
        }
    }
}
