//! The one way a job is queued, by a mutation, a cron tick or a handler: its `event_histories`
//! row is written in the caller's transaction (the outbox of docs/decisions.md) and its id is
//! handed back as [`Pending`], pushed to the queue once the caller has committed. A crash
//! between the commit and the push loses nothing: the sweeper pushes what was not.
use domain::db::Conn;
use domain::event_histories::{self, NewJob};
use domain::{Db, DomainError};

use crate::Queue;
use crate::kinds::Registered;
use crate::queue::Priority;

/// Who a job is for and how often it may be tried.
#[derive(Debug, Clone, Copy)]
pub struct EnqueueOptions<'a> {
    /// The client the job works for; `None` for platform work (cron, probes).
    pub client_id: Option<&'a str>,
    /// The batch a screen follows it in; see [`JobKind::enqueue_batch`](crate::JobKind::enqueue_batch).
    pub batch_id: Option<&'a str>,
    pub max_attempts: i64,
}

impl<'a> EnqueueOptions<'a> {
    pub fn new(max_attempts: i64) -> Self {
        EnqueueOptions {
            client_id: None,
            batch_id: None,
            max_attempts,
        }
    }

    pub fn client(self, client_id: &'a str) -> Self {
        EnqueueOptions {
            client_id: Some(client_id),
            ..self
        }
    }

    pub fn batch(self, batch_id: &'a str) -> Self {
        EnqueueOptions {
            batch_id: Some(batch_id),
            ..self
        }
    }
}

/// Ids of jobs written in a transaction, to push once it committed. Dropping it unpushed is
/// not a loss (the sweeper pushes the rows after `JOB_LOST_AFTER_SECS`), only a delay.
#[must_use = "push the jobs after the commit, or they wait for the sweeper"]
#[derive(Debug, Default)]
pub struct Pending {
    normal: Vec<String>,
    high: Vec<String>,
}

impl Pending {
    pub fn new() -> Pending {
        Pending::default()
    }

    fn of(ids: Vec<String>, priority: Priority) -> Pending {
        match priority {
            Priority::Normal => Pending {
                normal: ids,
                high: Vec::new(),
            },
            Priority::High => Pending {
                normal: Vec::new(),
                high: ids,
            },
        }
    }

    /// Adds the jobs of another enqueue in the same transaction.
    pub fn add(&mut self, other: Pending) {
        self.normal.extend(other.normal);
        self.high.extend(other.high);
    }

    /// Every job's id, the ones that go first first.
    pub fn ids(&self) -> Vec<String> {
        self.high.iter().chain(&self.normal).cloned().collect()
    }

    pub fn len(&self) -> usize {
        self.normal.len() + self.high.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Pushes the committed jobs. Never fails: a failed push hands the rows back to the sweeper.
    pub async fn push(self, queue: &Queue, db: &Db) {
        if !self.high.is_empty() {
            queue.push(db, &self.high, Priority::High).await;
        }
        if !self.normal.is_empty() {
            queue.push(db, &self.normal, Priority::Normal).await;
        }
    }
}

/// Jobs made PENDING again by a committed statement (a retry of failed jobs), to push.
impl From<Vec<String>> for Pending {
    fn from(ids: Vec<String>) -> Pending {
        Pending::of(ids, Priority::Normal)
    }
}

/// Writes a job's row in the caller's transaction. Empty when a job with the same dedupe key
/// exists already (another process, an earlier delivery). Reached through
/// [`JobKind::enqueue`](crate::JobKind::enqueue), which only registered kinds have.
pub(crate) async fn insert(
    conn: &mut Conn,
    row: &NewJob,
    priority: Priority,
) -> Result<Pending, DomainError> {
    let ids = event_histories::insert(conn, row)
        .await?
        .into_iter()
        .collect();
    Ok(Pending::of(ids, priority))
}

/// Writes a batch of `kind` for `client_id` and its jobs' rows, in the caller's transaction.
pub(crate) async fn insert_batch(
    conn: &mut Conn,
    kind: &str,
    client_id: Option<&str>,
    rows: Vec<NewJob>,
    priority: Priority,
) -> Result<(String, Pending), DomainError> {
    let batch_id = event_histories::create_batch(conn, client_id, kind, rows.len() as i64).await?;
    let rows: Vec<NewJob> = rows
        .into_iter()
        .map(|row| NewJob {
            batch_id: Some(batch_id.clone()),
            ..row
        })
        .collect();
    let mut pending = Pending::new();
    // A statement per chunk, not per job: a bulk listing of thousands is a few round trips.
    for chunk in rows.chunks(500) {
        let ids = event_histories::insert_many(conn, chunk).await?;
        pending.add(Pending::of(ids.into_iter().flatten().collect(), priority));
    }
    Ok((batch_id, pending))
}

/// Jobs that are a request's only write (a webhook delivery's pull), committed together with
/// the ones other requests ask for at the same moment: one transaction, one statement and one
/// push for all of them, where each alone costs a transaction, three round trips and a push.
/// A request alone goes out at once; under load, requests that arrive while a group commits
/// make the next group. Each caller is answered once its jobs are committed and pushed (the
/// outbox rule holds: nothing is pushed before its commit). A group that fails is written
/// again request by request, so one request's failure is its own.
#[derive(Clone)]
pub struct GroupCommit {
    tx: tokio::sync::mpsc::UnboundedSender<GroupRequest>,
}

struct GroupRequest {
    jobs: Vec<(NewJob, Priority)>,
    reply: tokio::sync::oneshot::Sender<Result<Vec<String>, DomainError>>,
}

/// The most requests one group takes.
const GROUP_MAX: usize = 256;

impl GroupCommit {
    /// Starts the committer's task on the current runtime.
    pub fn start(db: Db, queue: Queue) -> GroupCommit {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<GroupRequest>();
        tokio::spawn(async move {
            let mut group = Vec::with_capacity(GROUP_MAX);
            // Ends when every handle is gone.
            while rx.recv_many(&mut group, GROUP_MAX).await > 0 {
                let requests = std::mem::take(&mut group);
                let jobs: Vec<(NewJob, Priority)> = requests
                    .iter()
                    .flat_map(|r| r.jobs.iter().cloned())
                    .collect();
                match commit(&db, &jobs).await {
                    Ok(ids) => {
                        committed(&jobs, &ids).push(&queue, &db).await;
                        let mut ids = ids.into_iter();
                        for request in requests {
                            let answer = ids.by_ref().take(request.jobs.len()).flatten().collect();
                            let _ = request.reply.send(Ok(answer));
                        }
                    }
                    Err(e) => {
                        tracing::warn!(requests = requests.len(), error = %e, "a group of enqueues failed; writing each alone");
                        for request in requests {
                            let answer = match commit(&db, &request.jobs).await {
                                Ok(ids) => {
                                    committed(&request.jobs, &ids).push(&queue, &db).await;
                                    Ok(ids.into_iter().flatten().collect())
                                }
                                Err(e) => Err(e),
                            };
                            let _ = request.reply.send(answer);
                        }
                    }
                }
            }
        });
        GroupCommit { tx }
    }

    /// Queues `jobs`, each with its options, committed with whatever other requests ask at the
    /// same moment; answers the ids queued (a job whose dedupe key exists already has none).
    pub async fn enqueue<K: Registered>(
        &self,
        jobs: &[(K, EnqueueOptions<'_>)],
    ) -> Result<Vec<String>, DomainError> {
        let rows = jobs
            .iter()
            .map(|(job, options)| Ok((job.new_job(options)?, K::PRIORITY)))
            .collect::<Result<Vec<_>, DomainError>>()?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let (reply, answer) = tokio::sync::oneshot::channel();
        let stopped = || DomainError::Internal("the job committer stopped".into());
        self.tx
            .send(GroupRequest { jobs: rows, reply })
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }
}

/// Writes `jobs` in one transaction; answers each one's id (None: its dedupe key exists).
async fn commit(db: &Db, jobs: &[(NewJob, Priority)]) -> Result<Vec<Option<String>>, DomainError> {
    let rows: Vec<NewJob> = jobs.iter().map(|(job, _)| job.clone()).collect();
    let mut tx = db.begin().await?;
    let ids = event_histories::insert_many(&mut tx, &rows).await?;
    tx.commit().await?;
    Ok(ids)
}

/// The committed jobs of `jobs` (`ids` answers each), to push.
fn committed(jobs: &[(NewJob, Priority)], ids: &[Option<String>]) -> Pending {
    let mut pending = Pending::new();
    for ((_, priority), id) in jobs.iter().zip(ids) {
        if let Some(id) = id {
            pending.add(Pending::of(vec![id.clone()], *priority));
        }
    }
    pending
}
