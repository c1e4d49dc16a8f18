//! Runs jobs: takes ids from the queue, claims each job's row with a lease, runs its handler,
//! records the outcome. Beside it a sweeper rescues orphans and pushes due jobs, a heartbeat
//! tells the monitors this worker lives, and the cron scheduler fires scheduled tasks.
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use domain::{Db, event_histories, workers};
use rand::Rng;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::context::JobContext;
use crate::queue::{Priority, Queue};
use crate::{JobError, cron, kinds};

enum NextStep<'a> {
    Succeed,
    Reschedule {
        delay: Duration,
        refund: bool,
        message: &'a str,
    },
    Fail(&'a str),
}

/// The pool's state beside the handlers' context: which jobs this worker holds, the status
/// batcher, the handler slots.
struct Runner {
    ctx: Arc<JobContext>,
    worker_id: String,
    inflight: Mutex<HashSet<String>>,
    stopping: AtomicBool,
    status: Coalesced<StatusOp, Result<StatusDone, StatusError>>,
    /// Running marks (true) and their clearing (false), coalesced as the status changes are,
    /// on a connection of their own so that they never hold a claim back.
    marks: Coalesced<(String, bool), Result<bool, StatusError>>,
    /// The connection of the status rounds, shared with the lease renewal: statements by id.
    status_db: Db,
    /// Handlers running at once: `WORKER_CONCURRENCY`. The queue delivers up to twice as many
    /// jobs, which are claimed together while the running ones finish.
    running: tokio::sync::Semaphore,
    /// Handlers ended whose running mark is still being cleared: the next job's mark waits for
    /// one of them, so a worker never shows more jobs running than it has handler slots.
    unmarks: Mutex<Vec<tokio::sync::oneshot::Receiver<()>>>,
    /// Scaled only: ids this worker fetched and then claimed (or found not claimable), which
    /// its next fetch stops holding for it in Redis.
    released: Mutex<Vec<String>>,
    /// When this worker's short handlers ended, over the last [`AHEAD_HORIZON`]: how many ids
    /// it may hold, see [`Runner::ahead`].
    ended: Mutex<std::collections::VecDeque<std::time::Instant>>,
    /// The ids this worker holds, delivered and not yet ended.
    held: Held,
}

/// Why a job's status change was not recorded; logged, and the job's lease settles it.
#[derive(Debug, Clone, thiserror::Error)]
enum StatusError {
    /// The statement failed; every change of its round shares the error.
    #[error("{0}")]
    Database(Arc<domain::DomainError>),
    #[error("the status batcher stopped")]
    Stopped,
    #[error("the status batcher answered another question")]
    Mismatch,
}

impl From<domain::DomainError> for StatusError {
    fn from(e: domain::DomainError) -> Self {
        StatusError::Database(Arc::new(e))
    }
}

/// A status change the pool asks of the coalesced round.
enum StatusOp {
    Claim(String),
    Succeed(event_histories::Succeeded),
}

// A value lives for one status round; boxing the row would cost an allocation per claim.
#[allow(clippy::large_enum_variant)]
enum StatusDone {
    /// The job's row when this worker took it; None when it was not claimable.
    Claimed(Option<event_histories::EventHistory>),
    /// False when the job had lost its lease.
    Succeeded(bool),
}

impl Runner {
    /// Starts the status batcher; the pool's tasks start in [`Pool::start`].
    fn new(ctx: Arc<JobContext>) -> Arc<Runner> {
        let (db, config) = (&ctx.db, &ctx.config);
        let host = hostname();
        let suffix = uuid::Uuid::new_v4().simple().to_string();
        let worker_id = format!("{host}-{}-{}", std::process::id(), &suffix[..6]);
        // One round at a time: claims and successes asked while one is in flight go together
        // in the next.
        let status_db = db.for_job_status(STATUS_CONNECTIONS);
        // Scaled, a success waits up to SUCCESS_HOLD for a claim to share its round (see
        // SUCCESS_HOLD); the embedded pool's rounds record each success's own time as theirs.
        let hold = (status_db.backend == domain::Backend::Postgres).then_some(Hold {
            for_at_most: SUCCESS_HOLD,
            up_to: SUCCESS_HOLD_UP_TO,
            may_wait: |op: &StatusOp| matches!(op, StatusOp::Succeed(_)),
        });
        let status = Coalesced::spawn(BATCH_MAX, hold, {
            let (db, worker_id, lease) = (status_db.clone(), worker_id.clone(), config.lease);
            let kept = Arc::new(db.kept_conn());
            move |ops: Vec<StatusOp>| {
                let (db, worker_id, kept) = (db.clone(), worker_id.clone(), kept.clone());
                async move {
                    let mut claim = Vec::new();
                    let mut succeed = Vec::new();
                    for op in &ops {
                        match op {
                            StatusOp::Claim(id) => claim.push(id.clone()),
                            StatusOp::Succeed(done) => succeed.push(done.clone()),
                        }
                    }
                    let began = std::time::Instant::now();
                    let round = async {
                        let mut conn = kept.take().await?;
                        let round = event_histories::claim_and_succeed(
                            &mut conn, db.backend, &claim, &succeed, &worker_id, lease,
                        )
                        .await?;
                        kept.keep(conn);
                        Ok::<_, domain::DomainError>(round)
                    }
                    .await;
                    let took = began.elapsed();
                    if took > SLOW_ROUND {
                        tracing::debug!(
                            claims = claim.len(),
                            successes = succeed.len(),
                            ms = took.as_millis() as u64,
                            "slow status round"
                        );
                    }
                    match round {
                        Ok(round) => {
                            let mut claimed: std::collections::HashMap<String, _> = round
                                .claimed
                                .into_iter()
                                .map(|r| (r.id.clone(), r))
                                .collect();
                            let succeeded: HashSet<String> = round.succeeded.into_iter().collect();
                            ops.iter()
                                .map(|op| match op {
                                    StatusOp::Claim(id) => {
                                        Ok(StatusDone::Claimed(claimed.remove(id)))
                                    }
                                    StatusOp::Succeed(done) => {
                                        Ok(StatusDone::Succeeded(succeeded.contains(&done.id)))
                                    }
                                })
                                .collect()
                        }
                        Err(e) => {
                            let e = StatusError::from(e);
                            ops.iter().map(|_| Err(e.clone())).collect()
                        }
                    }
                }
            }
        });
        let marks = Coalesced::spawn(BATCH_MAX, None, {
            let (db, worker_id) = (status_db.clone(), worker_id.clone());
            let kept = Arc::new(db.kept_conn());
            move |ops: Vec<(String, bool)>| {
                let (db, worker_id, kept) = (db.clone(), worker_id.clone(), kept.clone());
                async move {
                    let (on, off): (Vec<_>, Vec<_>) = ops.iter().partition(|(_, running)| *running);
                    let on: Vec<String> = on.into_iter().map(|(id, _)| id.clone()).collect();
                    let off: Vec<String> = off.into_iter().map(|(id, _)| id.clone()).collect();
                    let round = async {
                        let mut conn = kept.take().await?;
                        let matched = event_histories::mark_running(
                            &mut conn, db.backend, &on, &off, &worker_id,
                        )
                        .await?;
                        kept.keep(conn);
                        Ok::<_, domain::DomainError>(matched)
                    }
                    .await;
                    match round {
                        Ok(matched) => {
                            let matched: HashSet<String> = matched.into_iter().collect();
                            ops.iter().map(|(id, _)| Ok(matched.contains(id))).collect()
                        }
                        Err(e) => {
                            let e = StatusError::from(e);
                            ops.iter().map(|_| Err(e.clone())).collect()
                        }
                    }
                }
            }
        });
        let running = tokio::sync::Semaphore::new(config.concurrency.max(1));
        Arc::new(Runner {
            ctx,
            worker_id,
            inflight: Mutex::new(HashSet::new()),
            stopping: AtomicBool::new(false),
            status,
            marks,
            status_db,
            running,
            unmarks: Mutex::new(Vec::new()),
            released: Mutex::new(Vec::new()),
            ended: Mutex::new(std::collections::VecDeque::new()),
            held: Held::default(),
        })
    }

    fn inflight_count(&self) -> usize {
        self.inflight.lock().map(|s| s.len()).unwrap_or(0)
    }

    fn track(&self, id: &str, running: bool) {
        if let Ok(mut set) = self.inflight.lock() {
            if running {
                set.insert(id.to_owned());
            } else {
                set.remove(id);
            }
        }
    }

    /// How many ids a worker holds (delivered, not yet ended): twice its concurrency,
    /// and as many more as it ended jobs shorter than [`SHORT_JOB`] over the last
    /// [`AHEAD_HORIZON`], at most [`AHEAD_MAX`]. A drain of no-ops is claimed and recorded
    /// hundreds per round, as Graphile Worker's local queue takes 500. Anything slower (every
    /// job that calls out: listings, fulfilment, syncs) keeps the worker at twice its
    /// concurrency: it holds back from the other workers, or from a high-priority push, no job
    /// it would not start soon, and a killed worker's claimed jobs (their attempt spent) stay
    /// as few as before. `WORKER_PREFETCH` fixes the number instead.
    fn ahead(&self) -> usize {
        let concurrency = self.ctx.config.concurrency.max(1);
        if let Some(n) = self.ctx.config.prefetch {
            return n.max(1);
        }
        let pace = self
            .ended
            .lock()
            .map(|mut ended| {
                forget_before(&mut ended, AHEAD_HORIZON);
                ended.len()
            })
            .unwrap_or(0);
        (concurrency * 2)
            .saturating_add(pace)
            .min(AHEAD_MAX.max(concurrency * 2))
    }

    /// Notes a short handler's end for [`Runner::ahead`].
    fn paced(&self, took: Duration) {
        if took >= SHORT_JOB {
            return;
        }
        if let Ok(mut ended) = self.ended.lock() {
            forget_before(&mut ended, AHEAD_HORIZON);
            if ended.len() >= AHEAD_MAX {
                ended.pop_front();
            }
            ended.push_back(std::time::Instant::now());
        }
    }

    fn backoff(&self, attempts: i64) -> Duration {
        backoff(
            self.ctx.config.backoff_base,
            self.ctx.config.backoff_max,
            attempts,
        )
    }

    /// Runs one delivered job id to its outcome. Never fails: every outcome is recorded in the
    /// job's row, and a duplicate delivery is a no-op.
    async fn run(self: &Arc<Self>, id: &str) {
        if self.stopping.load(Ordering::SeqCst) {
            return; // left PENDING: pushed again when a pool starts or the sweeper finds it
        }
        let claimed = self
            .status
            .call(StatusOp::Claim(id.to_owned()))
            .await
            .unwrap_or(Err(StatusError::Stopped));
        // Claimed, the row's lease protects the job; not claimable, it is another delivery's.
        // Either way Redis need no longer hold its id for this worker.
        if matches!(self.ctx.queue, Queue::Redis(_))
            && let Ok(mut released) = self.released.lock()
        {
            released.push(id.to_owned());
        }
        let job = match claimed {
            Ok(StatusDone::Claimed(Some(job))) => job,
            Ok(_) => return,
            Err(e) => {
                tracing::warn!(job = %id, error = %e, "could not claim a job; the sweeper will push it again");
                return;
            }
        };
        // Tracked jobs have their lease renewed and are waited for by a graceful stop.
        self.track(id, true);
        // A claimed job waits here for a handler slot, under its lease.
        let Ok(_slot) = self.running.acquire().await else {
            self.track(id, false);
            return;
        };
        if self.stopping.load(Ordering::SeqCst) {
            // A graceful stop began while it waited: back to the queue, its attempt refunded.
            if let Ok(mut conn) = self.ctx.db.conn().await {
                let _ = event_histories::reschedule(
                    &mut conn,
                    id,
                    &self.worker_id,
                    None,
                    Duration::ZERO,
                    true,
                )
                .await;
            }
            self.track(id, false);
            return;
        }
        // The batch's progress counts it as running from here to the handler's end (the real
        // concurrency, not the jobs claimed ahead of a slot).
        let (ended, end_seen) = tokio::sync::oneshot::channel::<()>();
        let (unmarked, unmark_seen) = tokio::sync::oneshot::channel::<()>();
        let after = self.unmarks.lock().ok().and_then(|mut u| u.pop());
        self.mark_running(id, after, end_seen, unmarked);
        let started = std::time::Instant::now();
        // A panic in a handler becomes a failed attempt, not a dead worker.
        let (outcome, own) = {
            let ctx = self.ctx.clone();
            let job = job.clone();
            let job_id = job.id.clone();
            // The handler's own time, from its first poll: on a busy runtime the spawned task
            // may wait for a thread first, which says nothing of the job.
            // Boxed: the future of every kind's handler is as large as the largest one (kilobytes),
            // and spawning it by value copied it several times per job: a fifth of a worker's
            // CPU in a drain of no-ops went to those copies (docs/benchmarks.md, step 31).
            let handler = async move {
                let began = std::time::Instant::now();
                let result = Box::pin(kinds::run(&ctx, &job)).await;
                (result, began.elapsed())
            };
            match tokio::spawn(handler).await {
                Ok(done) => done,
                Err(e) => {
                    tracing::error!(job = %job_id, error = %e, "a job handler panicked");
                    (
                        Err(JobError::Retry(crate::error::INTERNAL_FAILED.into())),
                        started.elapsed(),
                    )
                }
            }
        };
        self.paced(own);
        // Before the slot is free: the next job in it marks itself running once this one's
        // mark is cleared.
        if let Ok(mut u) = self.unmarks.lock() {
            u.push(unmark_seen);
        }
        let _ = ended.send(());
        // The queue slot is free as soon as the outcome is handed over: recording it waits for
        // the batch statement in flight and then its own, and a worker that held the slot for
        // that would run at half its concurrency. Until recorded the job stays tracked (a
        // graceful stop waits for it) and PROCESSING under its lease, so a crash in between
        // only means it runs again, as any delivery may.
        let took = started.elapsed();
        let rt = self.clone();
        let id = id.to_owned();
        tokio::spawn(async move {
            rt.record(&job, outcome, took).await;
            rt.track(&id, false);
        });
    }

    /// Marks a job running (once `after`, an earlier handler's unmark, is done, and its handler
    /// has run for [`MARK_RUNNING_AFTER`]) and unmarks it
    /// once `end_seen` fires (or its sender is dropped), then says so on `unmarked`; in one task
    /// beside the handler: the marks add no latency to the job or its slot, the unmark always
    /// follows the mark, and no more jobs are marked at once than there are slots. Each only
    /// matches the job while it is this worker's PROCESSING job, and every recorded outcome
    /// clears the mark as well, so a mark landing late changes nothing that lasts. Losing one
    /// only makes a batch's running count off for that job until its outcome is recorded:
    /// logged, not fatal.
    fn mark_running(
        self: &Arc<Self>,
        id: &str,
        after: Option<tokio::sync::oneshot::Receiver<()>>,
        mut end_seen: tokio::sync::oneshot::Receiver<()>,
        unmarked: tokio::sync::oneshot::Sender<()>,
    ) {
        let (rt, id) = (self.clone(), id.to_owned());
        tokio::spawn(async move {
            let mark = async |running: bool| {
                let marked = rt
                    .marks
                    .call((id.clone(), running))
                    .await
                    .unwrap_or(Err(StatusError::Stopped));
                if let Err(e) = marked {
                    tracing::warn!(job = %id, error = %e, "job's running mark not written");
                }
            };
            if let Some(after) = after {
                let _ = after.await;
            }
            // A handler that ends within MARK_RUNNING_AFTER (most jobs) is never shown running:
            // nobody would see the mark, its outcome clears it anyway, and two writes would be
            // spent on it. Marked at once, 38% of the latency bench's no-op jobs were (step 28).
            if tokio::time::timeout(MARK_RUNNING_AFTER, &mut end_seen)
                .await
                .is_ok()
            {
                let _ = unmarked.send(());
                return;
            }
            mark(true).await;
            let _ = end_seen.await;
            mark(false).await;
            let _ = unmarked.send(());
        });
    }

    /// Extends the leases of every job this worker holds, in one statement.
    async fn renew_leases(&self) {
        let ids: Vec<String> = self
            .inflight
            .lock()
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default();
        if ids.is_empty() {
            return;
        }
        let renewed = match self.status_db.conn().await {
            Ok(mut conn) => {
                event_histories::renew_leases(
                    &mut conn,
                    self.status_db.backend,
                    &ids,
                    &self.worker_id,
                    self.ctx.config.lease,
                )
                .await
            }
            Err(e) => Err(e),
        };
        match renewed {
            Ok(n) if (n as usize) < ids.len() => {
                tracing::warn!(
                    held = ids.len(),
                    renewed = n,
                    "some running jobs had lost their lease; they may run elsewhere too"
                )
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(jobs = ids.len(), error = %e, "lease renewal failed"),
        }
    }

    /// What happens to a job after an attempt, decided once from its outcome.
    fn next_step<'a>(
        &self,
        job: &event_histories::EventHistory,
        outcome: &'a Result<(), JobError>,
    ) -> NextStep<'a> {
        match outcome {
            Ok(()) => NextStep::Succeed,
            Err(JobError::RateLimited { after, message }) => NextStep::Reschedule {
                delay: *after,
                refund: true,
                message,
            },
            Err(JobError::Retry(message)) if job.attempts < job.max_attempts => {
                NextStep::Reschedule {
                    delay: self.backoff(job.attempts),
                    refund: false,
                    message,
                }
            }
            Err(JobError::Retry(message)) | Err(JobError::Permanent(message)) => {
                NextStep::Fail(message)
            }
        }
    }

    async fn record(
        &self,
        job: &event_histories::EventHistory,
        outcome: Result<(), JobError>,
        took: Duration,
    ) {
        let step = self.next_step(job, &outcome);
        let label = match &step {
            NextStep::Succeed => "SUCCESS",
            NextStep::Reschedule { refund: true, .. } => "RESCHEDULED",
            NextStep::Reschedule { refund: false, .. } => "RETRY",
            NextStep::Fail(_) => "FAILED",
        };
        // A rescheduled job is pushed by the sweeper once it is due.
        let recorded = match &step {
            NextStep::Succeed => match self
                .status
                .call(StatusOp::Succeed(event_histories::Succeeded {
                    id: job.id.clone(),
                    finished_at: domain::time::now_db(),
                }))
                .await
            {
                Some(Ok(StatusDone::Succeeded(recorded))) => Ok(recorded),
                Some(Ok(StatusDone::Claimed(_))) => Err(StatusError::Mismatch),
                Some(Err(e)) => Err(e),
                None => Err(StatusError::Stopped),
            },
            NextStep::Reschedule {
                delay,
                refund,
                message,
            } => match self.ctx.db.conn().await {
                Ok(mut conn) => {
                    event_histories::reschedule(
                        &mut conn,
                        &job.id,
                        &self.worker_id,
                        Some(message),
                        *delay,
                        *refund,
                    )
                    .await
                }
                Err(e) => Err(e),
            }
            .map_err(StatusError::from),
            NextStep::Fail(message) => match self.ctx.db.conn().await {
                Ok(mut conn) => {
                    event_histories::fail(&mut conn, &job.id, &self.worker_id, message).await
                }
                Err(e) => Err(e),
            }
            .map_err(StatusError::from),
        };
        if job.batch_id.is_some()
            && matches!(step, NextStep::Succeed | NextStep::Fail(_))
            && matches!(recorded, Ok(true))
        {
            // Boxed for the same reason as the handler: it is rare, and large.
            Box::pin(crate::telegram::after_batch_job(&self.ctx, job)).await;
        }
        metrics::counter!("sellerdesk_jobs_finished_total", "kind" => job.kind.clone(), "outcome" => label).increment(1);
        metrics::histogram!("sellerdesk_job_seconds", "kind" => job.kind.clone())
            .record(took.as_secs_f64());
        match (&outcome, recorded) {
            (_, Err(e)) => {
                tracing::error!(job = %job.id, kind = %job.kind, error = %e, "could not record a job's outcome; its lease will expire and it will run again")
            }
            (_, Ok(false)) => {
                tracing::warn!(job = %job.id, "the job's lease was lost before it finished; its outcome was not recorded")
            }
            (Ok(()), Ok(true)) => {
                tracing::info!(job = %job.id, kind = %job.kind, attempt = job.attempts, "job done")
            }
            (Err(e), Ok(true)) => {
                tracing::warn!(job = %job.id, kind = %job.kind, attempt = job.attempts, outcome = label, error = %e, "job attempt failed")
            }
        }
    }

    /// Rescues orphans, pushes every due PENDING job the queue does not hold, and drops what
    /// finished tasks leave in the queue's store.
    async fn sweep(&self, lost_after: Duration) -> Result<(), domain::DomainError> {
        let mut conn = self.ctx.db.conn().await?;
        let (requeued, failed) =
            event_histories::rescue_orphans(&mut conn, self.ctx.config.lease).await?;
        if requeued + failed > 0 {
            tracing::warn!(
                requeued,
                failed,
                "rescued jobs whose worker stopped answering"
            );
        }
        if let Queue::Redis(q) = &self.ctx.queue {
            match q.rescue(None).await {
                Ok(0) => {}
                Ok(n) => tracing::warn!(
                    jobs = n,
                    "handed back the queued jobs of workers that stopped answering"
                ),
                Err(e) => tracing::debug!(error = %e, "could not look for stopped workers' jobs"),
            }
        }
        let mut lost_after = lost_after;
        match self.ctx.queue.instance().await {
            Ok(Some(instance)) => {
                if event_histories::queue_instance_changed(
                    &mut conn,
                    self.ctx.queue.name(),
                    &instance,
                )
                .await?
                {
                    tracing::warn!(
                        "the queue's Redis restarted since it was last seen; every waiting job is pushed again"
                    );
                    lost_after = Duration::ZERO;
                }
            }
            Ok(None) => {}
            Err(e) => tracing::debug!(error = %e, "could not tell which Redis holds the queue"),
        }
        const BATCH: i64 = 500;
        // Fixed for the whole sweep: a cutoff taken per batch would let the jobs this sweep just
        // pushed count as lost again (with `lost_after` zero) and loop for ever.
        let cutoff = event_histories::lost_cutoff(lost_after);
        loop {
            let due =
                event_histories::take_due_for_push(&mut conn, self.ctx.db.backend, &cutoff, BATCH)
                    .await?;
            if due.is_empty() {
                break;
            }
            if let Err(e) = self.ctx.queue.push_batch(&due, Priority::Normal).await {
                tracing::warn!(jobs = due.len(), error = %e, "queue push failed; will try again");
                event_histories::unmark_queued(&mut conn, &due).await?;
                break;
            }
            if (due.len() as i64) < BATCH {
                break;
            }
        }
        Ok(())
    }
}

/// A status round slower than this is logged (at debug): every claim waits for the round.
const SLOW_ROUND: Duration = Duration::from_millis(5);

/// How long an idle scaled worker's blocking wait in Redis lasts before it asks again: a push
/// ends it at once, so this only bounds how long a wait outlives a broken connection unnoticed.
const REDIS_WAIT: Duration = Duration::from_secs(1);

/// The most job rows one coalesced statement touches: a whole fetch of short jobs.
const BATCH_MAX: usize = AHEAD_MAX;

/// The job status pool's connections: the claims and successes, the running marks (each kept by
/// its batcher between rounds), and the lease renewal.
const STATUS_CONNECTIONS: u32 = 3;

/// How long a success may wait for a claim to go in the same status round, scaled. At a
/// steady rate nearly every claim and every success was a round of its own (19,219 rounds for
/// 10,000 jobs at 1,000 a second, docs/benchmarks.md step 28), and a claim often waited behind a
/// success's round; held back, a success rides the next claim's round (one statement and one
/// commit for both). Its `finished_at` is its own end, carried with it; only its status shows
/// later, by this at most (a round with no claim then goes alone).
const SUCCESS_HOLD: Duration = Duration::from_millis(10);

/// As many successes as this go at once, claim or no claim (see [`Hold`]).
const SUCCESS_HOLD_UP_TO: usize = 16;

/// How long a handler runs before its job is marked running (see `Runner::mark_running`).
const MARK_RUNNING_AFTER: Duration = Duration::from_millis(50);

/// How long a starting pool waits to open its status connections before going on without them.
const STATUS_CONNECT_WAIT: Duration = Duration::from_secs(5);

/// A worker holds beyond twice its concurrency as many ids as it ended short jobs over
/// this.
const AHEAD_HORIZON: Duration = Duration::from_millis(50);

/// A handler quicker than this counts for [`Runner::ahead`]: bookkeeping in the database, not a
/// call out.
const SHORT_JOB: Duration = Duration::from_millis(2);

/// Drops the times older than `horizon` from the front of `times` (oldest first).
fn forget_before(times: &mut std::collections::VecDeque<std::time::Instant>, horizon: Duration) {
    let now = std::time::Instant::now();
    while times
        .front()
        .is_some_and(|t| now.saturating_duration_since(*t) > horizon)
    {
        times.pop_front();
    }
}

/// The most ids a worker holds ahead (Graphile Worker's speed settings take 500).
const AHEAD_MAX: usize = 512;

/// Coalesces the requests that arrive while a statement runs into the next statement: alone, a
/// request goes out at once (no added latency); under load, one round trip and one commit serve
/// a whole batch, as the fastest queues batch their completions.
struct Coalesced<T, R> {
    tx: tokio::sync::mpsc::UnboundedSender<(T, tokio::sync::oneshot::Sender<R>)>,
}

/// Requests that may wait, for a while, for one that may not: a batch made only of them goes
/// out when such a request joins it, when it has `up_to` of them, or after `for_at_most`. A
/// busy worker's batches are large and go at once: held, they would leave its connection idle
/// (a drain slowed by a sixth).
struct Hold<T> {
    for_at_most: Duration,
    up_to: usize,
    may_wait: fn(&T) -> bool,
}

impl<T: Send + 'static, R: Send + 'static> Coalesced<T, R> {
    /// `flush` answers a batch with one result per item, in order.
    fn spawn<F, Fut>(max: usize, hold: Option<Hold<T>>, mut flush: F) -> Self
    where
        F: FnMut(Vec<T>) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Vec<R>> + Send,
    {
        let (tx, mut rx) =
            tokio::sync::mpsc::unbounded_channel::<(T, tokio::sync::oneshot::Sender<R>)>();
        tokio::spawn(async move {
            let mut batch = Vec::with_capacity(max);
            // Ends when the runtime (every sender) is gone.
            while rx.recv_many(&mut batch, max).await > 0 {
                if let Some(hold) = &hold {
                    let until = tokio::time::Instant::now() + hold.for_at_most;
                    let up_to = hold.up_to.min(max);
                    while batch.len() < up_to && batch.iter().all(|(t, _)| (hold.may_wait)(t)) {
                        let room = up_to - batch.len();
                        match tokio::time::timeout_at(until, rx.recv_many(&mut batch, room)).await {
                            Ok(0) | Err(_) => break,
                            Ok(_) => {}
                        }
                    }
                }
                let (items, replies): (Vec<T>, Vec<_>) = batch.drain(..).unzip();
                let results = flush(items).await;
                for (reply, result) in replies.into_iter().zip(results) {
                    let _ = reply.send(result);
                }
            }
        });
        Coalesced { tx }
    }

    /// None when the batcher has stopped (the process is going down).
    async fn call(&self, item: T) -> Option<R> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.tx.send((item, tx)).ok()?;
        rx.await.ok()
    }
}

/// Delay before the next attempt after `attempts` failed ones: base, 2×base, 4×base … capped
/// at `max`, with ±25 % jitter so that jobs failing together do not retry together.
pub fn backoff(base: Duration, max: Duration, attempts: i64) -> Duration {
    let exp = u32::try_from(attempts.saturating_sub(1).clamp(0, 16)).unwrap_or(16);
    let raw = base.saturating_mul(2u32.saturating_pow(exp)).min(max);
    raw.mul_f64(rand::rng().random_range(0.75..1.25))
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .filter(|h| !h.is_empty())
        .or_else(|| {
            std::fs::read_to_string("/etc/hostname")
                .ok()
                .map(|h| h.trim().to_owned())
        })
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into())
}

pub struct Pool;

/// Why a pool could not start.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    #[error(transparent)]
    Schedule(#[from] cron::ScheduleError),
}

/// A running pool; `shutdown` stops it gracefully.
pub struct PoolHandle {
    rt: Arc<Runner>,
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
}

impl Pool {
    /// Starts running jobs with `ctx`: the queue's consumer, the sweeper, lease renewal, the
    /// heartbeat and the schedules.
    pub async fn start(ctx: JobContext) -> Result<PoolHandle, PoolError> {
        let rt = Runner::new(Arc::new(ctx));
        // The status connections open now, not under the first jobs: opened on demand, the
        // first second's claims waited for them (docs/benchmarks.md, step 27). A database not
        // up yet only means they open on demand later.
        let opened = tokio::time::timeout(
            STATUS_CONNECT_WAIT,
            rt.status_db.open_connections(STATUS_CONNECTIONS),
        )
        .await;
        if !matches!(opened, Ok(Ok(()))) {
            tracing::warn!("the job status connections did not open at start; they open on demand");
        }
        let (stop, stop_rx) = watch::channel(false);
        let mut tasks = Vec::new();

        // The embedded queue has no other consumer: it is emptied, and every due job goes out
        // again from the table, each once (jobs committed while no pool ran, or taken by a pool
        // that was killed). A Redis queue may be shared with running workers, so a pool starting
        // pushes again only what the sweeper would: a Redis that restarted since it was last
        // seen has every waiting job pushed again, at once.
        let lost_after = if matches!(rt.ctx.queue, Queue::Sqlite(..)) {
            match rt.ctx.queue.clear_waiting().await {
                Ok(()) => Duration::ZERO,
                Err(e) => {
                    tracing::warn!(error = %e, "could not empty the embedded queue; its jobs are pushed again when lost");
                    rt.ctx.config.lost_after
                }
            }
        } else {
            rt.ctx.config.lost_after
        };
        if let Err(e) = rt.sweep(lost_after).await {
            tracing::warn!(error = %e, "first sweep failed");
        }

        // The queue delivers more jobs than run at once (`Runner::ahead`): the ones waiting for
        // a handler are claimed together with the running ones' successes.
        let poll = rt.ctx.config.poll_every;
        tasks.push(tokio::spawn(consume(rt.clone(), poll, stop_rx.clone())));
        if let Queue::Redis(q) = &rt.ctx.queue {
            tasks.push(tokio::spawn(periodic(
                stop_rx.clone(),
                crate::queue::REDIS_ALIVE_EVERY,
                {
                    let (rt, q) = (rt.clone(), q.clone());
                    move || {
                        let (rt, q) = (rt.clone(), q.clone());
                        async move {
                            if let Err(e) = q.alive(&rt.worker_id).await {
                                tracing::debug!(error = %e, "could not tell the queue this worker lives");
                            }
                        }
                    }
                },
            )));
        }

        tasks.push(tokio::spawn(periodic(
            stop_rx.clone(),
            rt.ctx.config.sweep_every,
            {
                let rt = rt.clone();
                move || {
                    let rt = rt.clone();
                    async move {
                        if let Err(e) = rt.sweep(rt.ctx.config.lost_after).await {
                            tracing::warn!(error = %e, "sweep failed");
                        }
                    }
                }
            },
        )));

        tasks.push(tokio::spawn(periodic(
            stop_rx.clone(),
            rt.ctx.config.lease / 3,
            {
                let rt = rt.clone();
                move || {
                    let rt = rt.clone();
                    async move { rt.renew_leases().await }
                }
            },
        )));

        let queues: Vec<String> = kinds::ALL.iter().map(|k| (*k).to_owned()).collect();
        tasks.push(tokio::spawn(periodic(
            stop_rx.clone(),
            Duration::from_secs(5),
            {
                let rt = rt.clone();
                move || {
                    let rt = rt.clone();
                    let queues = queues.clone();
                    async move {
                        if let Ok(mut conn) = rt.ctx.db.conn().await {
                            let pid = i64::from(std::process::id());
                            if let Err(e) = workers::heartbeat(
                                &mut conn,
                                &rt.worker_id,
                                &queues,
                                &hostname(),
                                pid,
                            )
                            .await
                            {
                                tracing::warn!(error = %e, "heartbeat failed");
                            }
                        }
                    }
                }
            },
        )));

        tasks.extend(cron::start(rt.ctx.clone(), stop_rx.clone())?);
        cron::at_start(&rt.ctx).await;
        tracing::info!(worker = %rt.worker_id, concurrency = rt.ctx.config.concurrency, "job pool started");
        Ok(PoolHandle { rt, stop, tasks })
    }
}

/// The queue's consumer: whenever it holds fewer ids than `Runner::ahead` (delivered and not
/// yet ended), pops the difference (on Redis one script, which also stops holding the ids
/// claimed since; embedded one statement), and runs each; when the queue is empty, waits: in
/// Redis for the next id (a blocking pop), embedded for a push to be announced, the poll
/// interval as the fallback.
async fn consume(rt: Arc<Runner>, poll: Duration, mut stop: watch::Receiver<bool>) {
    let q = rt.ctx.queue.clone();
    let held = &rt.held;
    loop {
        if held.count() >= rt.ahead() {
            tokio::select! {
                _ = held.ended.notified() => continue,
                _ = stop.wait_for(|s| *s) => return,
            }
        }
        // Jobs that end together free their places together: one fetch for all of them.
        tokio::task::yield_now().await;
        let want = rt.ahead().saturating_sub(held.count()).max(1);
        let released = rt
            .released
            .lock()
            .map(|mut r| std::mem::take(&mut *r))
            .unwrap_or_default();
        match q.fetch(&rt.worker_id, want, &released).await {
            Ok(ids) => {
                let drained = ids.len() < want;
                for id in ids {
                    start(&rt, id);
                }
                if drained {
                    match &q {
                        // Waits in Redis: the next push hands its id to this wait or another
                        // worker's, one of them and at once.
                        Queue::Redis(rq) => {
                            let waited = tokio::select! {
                                waited = rq.wait_one(&rt.worker_id, REDIS_WAIT) => waited,
                                _ = stop.wait_for(|s| *s) => return,
                            };
                            match waited {
                                Ok(Some(id)) => start(&rt, id),
                                Ok(None) => {}
                                Err(e) => {
                                    tracing::debug!(error = %e, "waiting in the queue failed; polling");
                                    tokio::select! {
                                        _ = tokio::time::sleep(poll) => {}
                                        _ = stop.wait_for(|s| *s) => return,
                                    }
                                }
                            }
                        }
                        Queue::Sqlite(_) => {
                            tokio::select! {
                                _ = q.local_wake().pushed() => {}
                                _ = tokio::time::sleep(poll) => {}
                                _ = stop.wait_for(|s| *s) => return,
                            }
                        }
                    }
                }
            }
            Err(e) => {
                if let Ok(mut r) = rt.released.lock() {
                    r.extend(released);
                }
                tracing::warn!(error = %e, "queue fetch failed; trying again");
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                    _ = stop.wait_for(|s| *s) => return,
                }
            }
        }
    }
}

/// Runs a delivered id in a task of its own, held by this worker until it ends.
fn start(rt: &Arc<Runner>, id: String) {
    let rt = rt.clone();
    rt.held.count.fetch_add(1, Ordering::SeqCst);
    tokio::spawn(async move {
        rt.run(&id).await;
        rt.held.leave();
    });
}

/// The ids a worker holds: delivered and not yet ended. An ending wakes the consumer (a
/// notification given while it was not waiting is kept for its next wait).
#[derive(Default)]
struct Held {
    count: std::sync::atomic::AtomicUsize,
    ended: tokio::sync::Notify,
}

impl Held {
    fn count(&self) -> usize {
        self.count.load(Ordering::SeqCst)
    }

    fn leave(&self) {
        self.count.fetch_sub(1, Ordering::SeqCst);
        self.ended.notify_one();
    }
}

async fn periodic<F, Fut>(mut stop: watch::Receiver<bool>, every: Duration, mut tick: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    loop {
        tick().await;
        tokio::select! {
            _ = tokio::time::sleep(every) => {}
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}

impl PoolHandle {
    pub fn worker_id(&self) -> &str {
        &self.rt.worker_id
    }

    /// Stops taking jobs, lets running ones finish within the grace period, and hands the rest
    /// back to the queue without spending their attempt.
    pub async fn shutdown(mut self) {
        self.rt.stopping.store(true, Ordering::SeqCst);
        let _ = self.stop.send(true);
        let deadline = tokio::time::Instant::now() + self.rt.ctx.config.shutdown_grace;
        while self.rt.inflight_count() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let left: Vec<String> = self
            .rt
            .inflight
            .lock()
            .map(|s| s.iter().cloned().collect())
            .unwrap_or_default();
        if let Ok(mut conn) = self.rt.ctx.db.conn().await {
            for id in &left {
                let _ = event_histories::reschedule(
                    &mut conn,
                    id,
                    &self.rt.worker_id,
                    None,
                    Duration::ZERO,
                    true,
                )
                .await;
            }
            let _ = workers::remove(&mut conn, &self.rt.worker_id).await;
        }
        // Ids fetched and not run go back to the queue now, not when this worker's silence is
        // noticed; first the blocking wait's connection closes, so Redis hands it no more.
        if let Queue::Redis(q) = &self.rt.ctx.queue {
            q.close_waiter().await;
        }
        if let Queue::Redis(q) = &self.rt.ctx.queue
            && let Err(e) = q.rescue(Some(&self.rt.worker_id)).await
        {
            tracing::warn!(error = %e, "could not hand this worker's queued jobs back; the other workers will");
        }
        if !left.is_empty() {
            tracing::warn!(
                jobs = left.len(),
                "handed unfinished jobs back to the queue"
            );
        }
        for task in self.tasks.drain(..) {
            task.abort();
        }
        tracing::info!("job pool stopped");
    }
}

#[cfg(test)]
mod tests {
    use super::{Coalesced, Hold, backoff};
    use std::time::{Duration, Instant};

    /// A batcher whose even requests may wait; each is answered with the size of its batch.
    fn batcher(for_at_most: Duration, up_to: usize) -> std::sync::Arc<Coalesced<u32, usize>> {
        let hold = Hold {
            for_at_most,
            up_to,
            may_wait: |n: &u32| n.is_multiple_of(2),
        };
        std::sync::Arc::new(Coalesced::spawn(
            64,
            Some(hold),
            |items: Vec<u32>| async move { vec![items.len(); items.len()] },
        ))
    }

    #[tokio::test]
    async fn a_held_request_goes_with_the_next_one_that_may_not_wait() {
        let b = batcher(Duration::from_secs(30), 16);
        let began = Instant::now();
        let held = tokio::spawn({
            let b = b.clone();
            async move { b.call(2).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(
            !held.is_finished(),
            "a request that may wait went alone at once"
        );
        assert_eq!(b.call(1).await, Some(2));
        assert_eq!(held.await.expect("joined"), Some(2));
        assert!(began.elapsed() < Duration::from_secs(10));
    }

    #[tokio::test]
    async fn a_held_request_goes_alone_once_its_hold_is_over() {
        let b = batcher(Duration::from_millis(200), 16);
        let began = Instant::now();
        assert_eq!(b.call(4).await, Some(1));
        assert!(began.elapsed() >= Duration::from_millis(200));
    }

    #[tokio::test]
    async fn requests_that_may_wait_go_at_once_when_there_are_enough_of_them() {
        let b = batcher(Duration::from_secs(30), 3);
        let began = Instant::now();
        let calls: Vec<_> = [2, 4, 6]
            .into_iter()
            .map(|n| {
                let b = b.clone();
                tokio::spawn(async move { b.call(n).await })
            })
            .collect();
        for c in calls {
            assert!(c.await.expect("joined").is_some());
        }
        assert!(began.elapsed() < Duration::from_secs(10));
    }

    #[tokio::test]
    async fn a_request_that_may_not_wait_goes_at_once() {
        let b = batcher(Duration::from_secs(30), 16);
        let began = Instant::now();
        assert_eq!(b.call(3).await, Some(1));
        assert!(began.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn backoff_doubles_with_jitter_and_stays_under_the_cap() {
        let base = Duration::from_secs(2);
        let max = Duration::from_secs(60);
        for (attempts, nominal) in [
            (1, 2.0),
            (2, 4.0),
            (3, 8.0),
            (5, 32.0),
            (6, 60.0),
            (40, 60.0),
        ] {
            for _ in 0..50 {
                let d = backoff(base, max, attempts).as_secs_f64();
                assert!(
                    d >= nominal * 0.75 - 1e-9 && d <= nominal * 1.25 + 1e-9,
                    "attempt {attempts}: {d}"
                );
            }
        }
    }
}
