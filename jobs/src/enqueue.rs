//! The one way a job is queued, by a mutation, a cron tick or a handler: its `event_histories`
//! row is written in the caller's transaction (the outbox of docs/decisions.md) and its id is
//! handed back as [`Pending`], pushed to the queue once the caller has committed. A crash
//! between the commit and the push loses nothing: the sweeper pushes what was not.
use domain::db::Conn;
use domain::event_histories::{self, NewJob};
use domain::{Db, DomainError};

use crate::Queue;
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
    let mut pending = Pending::new();
    for mut row in rows {
        row.batch_id = Some(batch_id.clone());
        pending.add(insert(conn, &row, priority).await?);
    }
    Ok((batch_id, pending))
}
