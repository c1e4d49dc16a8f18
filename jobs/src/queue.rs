//! The enqueue port. The queue transports job ids; adapters differ only in where ids wait.
use apalis::prelude::TaskBuilder;
use apalis_sqlite::{SqlitePool, SqliteStorage};
use serde::{Deserialize, Serialize};

use domain::{Db, event_histories};

/// Why the queue did not answer. Its text goes to logs and to the operator at start, never to
/// a seller.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("queue database: {0}")]
    Sqlite(#[from] sqlx::Error),
    #[error("queue setup: {0}")]
    Setup(#[from] apalis_sqlite::Error),
    #[error("redis: {0}")]
    Redis(#[from] redis::RedisError),
    #[error("a job id could not be encoded: {0}")]
    Encode(#[from] serde_json::Error),
}

/// What travels through the queue: the id of an `event_histories` row.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobRef {
    pub id: String,
}

/// Where a pushed job joins the queue: behind every waiting job, or ahead of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    Normal,
    High,
}

/// The scaled queue's keys, all under its name: `ready` (the list of ids waiting, oldest
/// first), `held:{worker}` (the ids a worker fetched and has not yet claimed in the database),
/// `alive:{worker}` (set while the worker lives), `workers` (every worker that holds or held
/// ids) and the `wake` channel. A job's row is its record and its lease its lock, so Redis only
/// carries ids: a push is one RPUSH and a PUBLISH, a fetch one script that pops a batch.
///
/// KEYS: ready list, wake channel. ARGV[1]: 1 to go to the head of the list (high priority,
/// ids given in reverse), 0 to its tail; then the ids.
static REDIS_PUSH: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r#"
local push = "rpush"
if ARGV[1] == "1" then push = "lpush" end
local pushed = redis.call(push, KEYS[1], unpack(ARGV, 2))
redis.call("publish", KEYS[2], #ARGV - 1)
return pushed
"#,
    )
});

/// Fetch: forgets the ids the worker has claimed since its last fetch (ARGV[4..]), says the
/// worker is alive for ARGV[1] ms, pops up to ARGV[2] ids (none for 0) and files them as held
/// by the worker (ARGV[3]). KEYS: ready list, held set, alive key, workers set.
static REDIS_FETCH: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r#"
if #ARGV > 3 then
    redis.call("srem", KEYS[2], unpack(ARGV, 4))
end
redis.call("set", KEYS[3], 1, "px", ARGV[1])
local n = tonumber(ARGV[2])
if n > 0 then
    local ids = redis.call("lpop", KEYS[1], n)
    if ids then
        redis.call("sadd", KEYS[2], unpack(ids))
        redis.call("sadd", KEYS[4], ARGV[3])
        return ids
    end
end
return {}
"#,
    )
});

/// Hands the ids held by workers that are no longer alive (killed, or stopped) back to the head
/// of the ready list; returns how many. KEYS: ready list, workers set, wake channel. ARGV[1]:
/// the key prefix of held sets and alive keys (`{name}:`); ARGV[2], if given, a worker whose
/// ids go back whether it lives or not (its own graceful stop).
static REDIS_RESCUE: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r#"
local back = 0
for _, worker in ipairs(redis.call("smembers", KEYS[2])) do
    if worker == ARGV[2] or redis.call("exists", ARGV[1] .. "alive:" .. worker) == 0 then
        local held = ARGV[1] .. "held:" .. worker
        local ids = redis.call("smembers", held)
        if #ids > 0 then
            redis.call("lpush", KEYS[1], unpack(ids))
            back = back + #ids
        end
        redis.call("del", held)
        redis.call("srem", KEYS[2], worker)
    end
end
if back > 0 then
    redis.call("publish", KEYS[3], back)
end
return back
"#,
    )
});

/// How long a worker counts as alive after it last said so; it says so every
/// [`REDIS_ALIVE_EVERY`] and at every fetch. A killed worker's fetched ids go back to the queue
/// after this (and the next sweep).
pub const REDIS_ALIVE_FOR: std::time::Duration = std::time::Duration::from_secs(15);
pub const REDIS_ALIVE_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Lua's `unpack` takes some thousands of values at most: pushes and releases go in chunks.
const REDIS_CHUNK: usize = 1000;

/// The embedded queue's settings. The job's row is the lock (a lease claimed in the database):
/// apalis's own lock would be one more write per task.
fn sqlite_config(name: &str) -> apalis_sqlite::Config {
    apalis_sqlite::Config::default()
        .queue(name)
        .lock_tasks(false)
}

// One per process, cloned rarely: the size of the SQLite variant costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum Queue {
    /// apalis-sqlite in a file of its own beside the database (embedded mode).
    Sqlite(SqliteStorage<JobRef>, String, Wake),
    /// A list of ids in Redis (scaled mode): any number of `worker` processes take from it.
    Redis(RedisQueue),
}

/// The scaled queue: see [`REDIS_PUSH`] for its keys.
#[derive(Clone)]
pub struct RedisQueue {
    conn: redis::aio::ConnectionManager,
    /// For the wake listener's own connection (a subscribed connection does nothing else).
    pub client: redis::Client,
    name: String,
    /// How this process's consumer learns of pushes: every push publishes on the `wake`
    /// channel, which the pool relays here, and pushes from this process notify it directly.
    pub local: Wake,
}

impl RedisQueue {
    fn key(&self, part: &str) -> String {
        format!("{}:{part}", self.name)
    }

    pub fn wake_channel(&self) -> String {
        self.key("wake")
    }

    /// Pops up to `n` waiting ids for `worker`, filing them as held by it until it claims
    /// them; `claimed` are ids it claimed (or found not claimable) since its last fetch.
    pub async fn fetch(
        &self,
        worker: &str,
        n: usize,
        claimed: &[String],
    ) -> Result<Vec<String>, QueueError> {
        let mut conn = self.conn.clone();
        let chunks: Vec<&[String]> = if claimed.is_empty() {
            vec![&[]]
        } else {
            claimed.chunks(REDIS_CHUNK).collect()
        };
        let last = chunks.len() - 1;
        let mut ids = Vec::new();
        for (i, chunk) in chunks.into_iter().enumerate() {
            // Releases first, in as many calls as they need; the last call pops.
            let pop = if i == last { n } else { 0 };
            let mut script = REDIS_FETCH.key(self.key("ready"));
            script
                .key(self.key(&format!("held:{worker}")))
                .key(self.key(&format!("alive:{worker}")))
                .key(self.key("workers"))
                .arg(REDIS_ALIVE_FOR.as_millis() as u64)
                .arg(pop)
                .arg(worker)
                .arg(chunk);
            ids = script.invoke_async(&mut conn).await?;
        }
        Ok(ids)
    }

    /// Says the worker is alive, without fetching.
    pub async fn alive(&self, worker: &str) -> Result<(), QueueError> {
        self.fetch(worker, 0, &[]).await.map(|_| ())
    }

    /// Hands back the ids held by dead workers, and by `stopping` (a worker's graceful stop)
    /// whether alive or not; returns how many went back.
    pub async fn rescue(&self, stopping: Option<&str>) -> Result<u64, QueueError> {
        let mut conn = self.conn.clone();
        let mut script = REDIS_RESCUE.key(self.key("ready"));
        script
            .key(self.key("workers"))
            .key(self.wake_channel())
            .arg(format!("{}:", self.name))
            .arg(stopping.unwrap_or(""));
        Ok(script.invoke_async(&mut conn).await?)
    }
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Queue::Sqlite(..) => write!(f, "sqlite queue"),
            Queue::Redis(..) => write!(f, "redis queue"),
        }
    }
}

/// Wakes an idle queue consumer when jobs are pushed. A consumer whose fetch came back empty
/// waits for its poll interval: a job pushed meanwhile would wait for it (100 ms by default)
/// before it is even fetched. For apalis-sqlite this is a poll strategy that is ready when a
/// push was announced; the scaled consumer waits on [`Wake::pushed`]. The interval stays as the
/// fallback.
#[derive(Clone, Default)]
pub struct Wake(std::sync::Arc<WakeState>);

#[derive(Default)]
pub struct WakeState {
    pushed: std::sync::atomic::AtomicBool,
    waker: futures::task::AtomicWaker,
    /// The scaled consumer's side: a notification sent while it fetches is kept for its wait.
    notify: tokio::sync::Notify,
}

/// The consumer's side of a [`Wake`]. Separate from the handle so that a consumer started
/// again (after its backend failed) does not inherit a stale "armed" state.
pub struct WakeStrategy {
    wake: Wake,
    armed: bool,
}

impl Wake {
    /// Announces a push to the consumer of this process.
    pub fn notify(&self) {
        self.0
            .pushed
            .store(true, std::sync::atomic::Ordering::SeqCst);
        self.0.waker.wake();
        self.0.notify.notify_one();
    }

    /// Waits for the next push announced (or one announced since the last wait).
    pub async fn pushed(&self) {
        self.0.notify.notified().await;
    }

    pub fn strategy(&self) -> WakeStrategy {
        WakeStrategy {
            wake: self.clone(),
            armed: false,
        }
    }
}

impl apalis::prelude::PollStrategy for WakeStrategy {
    fn poll_drive(
        &mut self,
        cx: &mut std::task::Context<'_>,
        _: &apalis::prelude::PollSnapshot,
    ) -> std::task::Poll<Option<()>> {
        self.wake.0.waker.register(cx.waker());
        // A fetch already running when the push was announced may come back empty and park
        // the consumer: one more wake after an announced one makes sure a fetch starts after it.
        if std::mem::take(&mut self.armed) {
            cx.waker().wake_by_ref();
        }
        if self
            .wake
            .0
            .pushed
            .swap(false, std::sync::atomic::Ordering::SeqCst)
        {
            self.armed = true;
            return std::task::Poll::Ready(Some(()));
        }
        std::task::Poll::Pending
    }
}

/// Statistics for SQLite's query planner on apalis-sqlite's `Jobs` table, as `ANALYZE` finds them
/// on a queue some thousands of jobs in. Without any, the planner answers apalis's ack
/// (`… FROM json_each(?) WHERE Jobs.id = … AND Jobs.lock_by = ?`) and lock queries by walking
/// every job the worker ever ran (the `lock_by` index) or every waiting one, instead of looking
/// each id up: the embedded drain slowed from 300 jobs/s to 90 over 10,000 jobs. Written once,
/// when the table has none; a later `ANALYZE` replaces them with real ones.
async fn seed_planner_stats(pool: &SqlitePool) -> Result<(), sqlx::Error> {
    let have: i64 = match sqlx::query_scalar("SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'Jobs'")
        .fetch_one(pool)
        .await
    {
        Ok(n) => n,
        Err(_) => {
            // No sqlite_stat1 yet: analysing the (tiny) schema table creates it.
            sqlx::query("ANALYZE sqlite_schema").execute(pool).await?;
            0
        }
    };
    if have > 0 {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    for (idx, stat) in [
        ("sqlite_autoindex_Jobs_1", "10000 1"),
        ("LIdx", "10000 5000"),
        ("idx_jobs_status_run_at", "10000 2500 2"),
        ("idx_jobs_job_type_status_run_at", "10000 10000 2500 2"),
        ("idx_jobs_idempotency_key", "10000 10000 1"),
    ] {
        sqlx::query("INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES ('Jobs', ?1, ?2)")
            .bind(idx)
            .bind(stat)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

impl Queue {
    /// Opens (and creates) the embedded queue at `path`.
    pub async fn sqlite(
        path: &std::path::Path,
        name: &str,
    ) -> Result<(Queue, SqlitePool), QueueError> {
        // Every connection, not only the one apalis's setup tunes: WAL, and commits that do not
        // wait for the disk (the queue only carries ids; the database's rows are the record).
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal)
            .synchronous(sqlx::sqlite::SqliteSynchronous::Normal)
            .busy_timeout(std::time::Duration::from_secs(15));
        // No ping before each use: see `domain::Db::connect`. One connection: every statement on
        // this file writes (a push, a fetch, an acknowledgement), and writers on connections of
        // their own meet in SQLite's busy handler, which sleeps 1, 2, 5 … 100 ms between tries
        // (an enqueue's push waited tens of ms at p99); on one connection they wait in order in
        // the process. No statement here holds it while asking for another.
        let connect = || {
            sqlx::sqlite::SqlitePoolOptions::new()
                .max_connections(1)
                .test_before_acquire(false)
                .connect_with(options.clone())
        };
        let pool = connect().await?;
        SqliteStorage::setup(&pool).await?;
        seed_planner_stats(&pool)
            .await
            .map_err(|e| QueueError::Setup(e.into()))?;
        // Connections read the planner's statistics when they open: start them afresh.
        pool.close().await;
        let pool = connect().await?;
        Ok((
            Queue::Sqlite(
                SqliteStorage::new(&pool).with_config(sqlite_config(name)),
                name.to_owned(),
                Wake::default(),
            ),
            pool,
        ))
    }

    /// The same queue, for a consumer that takes `n` ids per fetch. apalis takes 10: a pool
    /// delivering more jobs at once than that fetches again for every 10 (on SQLite a fetch and
    /// an acknowledgement, one after the other, per 10 jobs).
    pub fn with_fetch_batch(&self, n: usize) -> Queue {
        let n = n.max(1);
        match self {
            Queue::Sqlite(storage, name, wake) => Queue::Sqlite(
                storage
                    .clone()
                    .with_config(sqlite_config(name).batch_size(n)),
                name.clone(),
                wake.clone(),
            ),
            // The scaled consumer says how many at each fetch.
            Queue::Redis(q) => Queue::Redis(q.clone()),
        }
    }

    /// Connects to Redis. The connection manager reconnects by itself after Redis restarts.
    pub async fn redis(url: &str, name: &str) -> Result<Queue, QueueError> {
        let client = redis::Client::open(url)?;
        let conn = redis::aio::ConnectionManager::new(client.clone()).await?;
        Ok(Queue::Redis(RedisQueue {
            conn,
            client,
            name: name.to_owned(),
            local: Wake::default(),
        }))
    }

    /// The Redis connection of the scaled mode, for state every API replica must share.
    pub fn redis_connection(&self) -> Option<redis::aio::ConnectionManager> {
        match self {
            Queue::Redis(q) => Some(q.conn.clone()),
            Queue::Sqlite(..) => None,
        }
    }

    /// The queue's name: its Redis key prefix, or its job type in the embedded queue's file.
    pub fn name(&self) -> &str {
        match self {
            Queue::Sqlite(_, name, _) => name,
            Queue::Redis(q) => &q.name,
        }
    }

    /// Which server instance holds the queue: Redis's `run_id`, new whenever the server starts
    /// (its waiting ids may then be gone). None for the embedded queue, a file kept with the
    /// database.
    pub async fn instance(&self) -> Result<Option<String>, QueueError> {
        let Queue::Redis(q) = self else {
            return Ok(None);
        };
        let mut conn = q.conn.clone();
        let info: String = redis::cmd("INFO")
            .arg("server")
            .query_async(&mut conn)
            .await?;
        Ok(info
            .lines()
            .find_map(|l| l.strip_prefix("run_id:"))
            .map(|id| id.trim().to_owned()))
    }

    /// Drops up to `max` finished tasks from the queue's store; returns how many it dropped.
    /// apalis-sqlite keeps them for ever.
    pub async fn vacuum(&self, max: usize) -> Result<usize, QueueError> {
        match self {
            Queue::Sqlite(storage, name, _) => {
                let done = sqlx::query(
                    "DELETE FROM Jobs WHERE ROWID IN (SELECT ROWID FROM Jobs WHERE job_type = ?1 AND status = 'Done' LIMIT ?2)",
                )
                .bind(name)
                .bind(max as i64)
                .execute(storage.pool())
                .await
                ?;
                Ok(done.rows_affected() as usize)
            }
            // Redis keeps nothing of a job once its id is popped.
            Queue::Redis(_) => Ok(0),
        }
    }

    /// How many tasks the queue's store holds: waiting, and on SQLite also running or finished
    /// and not yet vacuumed.
    pub async fn stored_tasks(&self) -> Result<u64, QueueError> {
        match self {
            Queue::Sqlite(storage, name, _) => {
                sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM Jobs WHERE job_type = ?1")
                    .bind(name)
                    .fetch_one(storage.pool())
                    .await
                    .map(|n| n as u64)
                    .map_err(QueueError::from)
            }
            Queue::Redis(q) => {
                let mut conn = q.conn.clone();
                redis::cmd("LLEN")
                    .arg(q.key("ready"))
                    .query_async(&mut conn)
                    .await
                    .map_err(QueueError::from)
            }
        }
    }

    /// The embedded queue only: forgets every task not yet acknowledged, so that a pool starting
    /// can push every due job again from the table, each once. Its one process is the queue's
    /// only consumer and producer, so nothing else can be waiting in it.
    pub async fn clear_waiting(&self) -> Result<(), QueueError> {
        if let Queue::Sqlite(storage, name, _) = self {
            sqlx::query("DELETE FROM Jobs WHERE job_type = ?1 AND status NOT IN ('Done', 'Failed', 'Killed')")
                .bind(name)
                .execute(storage.pool())
                .await
                ?;
        }
        Ok(())
    }

    pub async fn ping(&self) -> Result<(), QueueError> {
        match self {
            Queue::Sqlite(storage, ..) => sqlx::query("SELECT 1")
                .execute(storage.pool())
                .await
                .map(|_| ())
                .map_err(QueueError::from),
            Queue::Redis(q) => {
                let mut conn = q.conn.clone();
                redis::cmd("PING")
                    .query_async::<String>(&mut conn)
                    .await
                    .map(|_| ())
                    .map_err(QueueError::from)
            }
        }
    }

    /// Pushes a batch of ids in one round trip (one Lua script on Redis, one transaction on
    /// SQLite). The raw push functions are used rather than the backends' `Sink`, whose state is
    /// shared with the worker polling the same backend.
    pub async fn push_batch(&self, ids: &[String], priority: Priority) -> Result<(), QueueError> {
        if ids.is_empty() {
            return Ok(());
        }
        match self {
            Queue::Sqlite(storage, queue, wake) => {
                let mut payloads = Vec::with_capacity(ids.len());
                for id in ids {
                    payloads.push(serde_json::to_vec(&JobRef { id: id.clone() })?);
                }
                let tasks: Vec<_> = payloads
                    .into_iter()
                    .map(|bytes| {
                        // apalis-sqlite fetches by priority first, then by due time.
                        let task = TaskBuilder::new(bytes).max_attempts(1);
                        match priority {
                            Priority::Normal => task.build(),
                            Priority::High => task.priority(1).build(),
                        }
                    })
                    .collect();
                let mut tx = storage.pool().begin().await?;
                apalis_sqlite::queries::push_tasks(&mut *tx, queue, &tasks).await?;
                tx.commit().await?;
                wake.notify();
                Ok(())
            }
            Queue::Redis(q) => {
                let mut conn = q.conn.clone();
                let mut script = REDIS_PUSH.key(q.key("ready"));
                script
                    .key(q.wake_channel())
                    .arg(u8::from(priority == Priority::High));
                // LPUSH puts each id ahead of the one before: reversed, they run in order.
                match priority {
                    Priority::Normal => script.arg(ids),
                    Priority::High => script.arg(ids.iter().rev().collect::<Vec<_>>()),
                };
                script.invoke_async::<u64>(&mut conn).await?;
                q.local.notify();
                Ok(())
            }
        }
    }

    /// Pushes committed jobs (inserted already stamped queued). A failure is logged, not
    /// returned: the rows are given back to the sweeper, which pushes them at its next pass.
    pub async fn push(&self, db: &Db, ids: &[String], priority: Priority) {
        for chunk in ids.chunks(200) {
            if let Err(e) = self.push_batch(chunk, priority).await {
                tracing::warn!(jobs = chunk.len(), error = %e, "queue push failed; the sweeper will retry");
                let unmarked = match db.conn().await {
                    Ok(mut conn) => event_histories::unmark_queued(&mut conn, chunk).await,
                    Err(e) => Err(e),
                };
                if let Err(e) = unmarked {
                    tracing::warn!(jobs = chunk.len(), error = %e, "could not give the jobs back to the sweeper; it pushes them after JOB_LOST_AFTER_SECS");
                }
            }
        }
    }
}
