//! The enqueue port. The queue transports job ids; adapters differ only in where ids wait.
use apalis::prelude::TaskBuilder;
use apalis_redis::RedisStorage;
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

/// Puts job ids straight on apalis-redis's active list, as its own batch push does for a task
/// that is due now. Its push (`queries::push_tasks`) files every task, due or not, in the
/// scheduled set, which its fetch then promotes in one Lua `unpack`: with some 8,000 ids waiting
/// there (a backlog, workers started late) every fetch fails and the queue stops; and a job
/// waits in that set for the next fetch before it is even listed.
static REDIS_PUSH: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r#"
-- KEYS: task data hash, active list, signal list, metadata prefix, wake channel
-- ARGV[1]: 1 to go to the head of the list (high priority), 0 to its tail; then task id,
-- task data, task id, task data, ...
local push = "rpush"
if ARGV[1] == "1" then push = "lpush" end
local pushed = 0
for i = 2, #ARGV, 2 do
    local task_id = ARGV[i]
    if redis.call("hsetnx", KEYS[1], task_id, ARGV[i + 1]) == 1 then
        redis.call("hmset", KEYS[4] .. ":" .. task_id, "attempts", 0, "max_attempts", 1, "status", "Pending", "idempotency_key", "")
        redis.call(push, KEYS[2], task_id)
        pushed = pushed + 1
    end
end
if pushed > 0 then
    redis.call("del", KEYS[3])
    redis.call("lpush", KEYS[3], 1)
    redis.call("publish", KEYS[5], pushed)
end
return pushed
"#,
    )
});

/// Drops what finished tasks leave in apalis-redis's store: it keeps every acknowledged task's
/// id in a done set, its data in a hash and its metadata in a hash of its own, for ever. The
/// job's row is the record; these only grow Redis's memory (some 300 bytes a job).
static REDIS_VACUUM: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r#"
-- KEYS: done set, task data hash, metadata prefix; ARGV[1]: most tasks to drop
local ids = redis.call("spop", KEYS[1], tonumber(ARGV[1]))
for _, task_id in ipairs(ids) do
    redis.call("hdel", KEYS[2], task_id)
    redis.call("del", KEYS[3] .. ":" .. task_id)
end
return #ids
"#,
    )
});

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
    /// apalis-redis (scaled mode): any number of `worker` processes take from it.
    Redis(RedisStorage<JobRef>, RedisWake),
}

/// How a scaled pool learns of pushes made by other processes: every push publishes on
/// `channel`, and each pool listens on its own connection from `client`.
#[derive(Clone)]
pub struct RedisWake {
    pub client: redis::Client,
    pub channel: String,
    pub local: Wake,
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Queue::Sqlite(..) => write!(f, "sqlite queue"),
            Queue::Redis(..) => write!(f, "redis queue"),
        }
    }
}

/// Wakes an idle queue consumer when jobs are pushed. Both apalis backends park a consumer
/// whose fetch came back empty until its poll interval: a job pushed meanwhile would wait for
/// it (100 ms by default) before it is even fetched. This is a poll strategy that is ready
/// when a push was announced; the interval stays as the fallback.
#[derive(Clone, Default)]
pub struct Wake(std::sync::Arc<WakeState>);

#[derive(Default)]
pub struct WakeState {
    pushed: std::sync::atomic::AtomicBool,
    waker: futures::task::AtomicWaker,
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
        // No ping before each use: see `domain::Db::connect`.
        let connect = || {
            sqlx::sqlite::SqlitePoolOptions::new()
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
            Queue::Redis(storage, wake) => {
                let config = storage.get_config().clone().batch_size(n);
                Queue::Redis(storage.clone().with_config(config), wake.clone())
            }
        }
    }

    /// Connects to Redis. The connection manager reconnects by itself after Redis restarts.
    pub async fn redis(url: &str, name: &str) -> Result<Queue, QueueError> {
        let conn = apalis_redis::connect(url).await?;
        let client = redis::Client::open(url)?;
        // The job's row is the lock (a lease claimed in the database) and the record of its
        // events, so apalis's own per-task lock and events are left off: its lock runs an LREM
        // over the whole waiting list for every task (a 30,000-job backlog drained at a quarter
        // of the speed, Redis busy scanning), and each event is one more PUBLISH per job.
        //
        // A worker that dies holds the ids it fetched but had not claimed yet (up to two fetches'
        // worth) in its in-flight set; the other workers' heartbeats hand them back once it has
        // missed three of five seconds each (apalis's default waits 300 s).
        let config = apalis_redis::Config::default()
            .queue(name)
            .emit_events(false)
            .lock_tasks(false)
            .heartbeat_interval(std::time::Duration::from_secs(5))
            .missed_heartbeats(3);
        let wake = RedisWake {
            client,
            channel: format!("{name}:wake"),
            local: Wake::default(),
        };
        Ok(Queue::Redis(
            RedisStorage::new(conn).with_config(config),
            wake,
        ))
    }

    /// The Redis connection of the scaled mode, for state every API replica must share.
    pub fn redis_connection(&self) -> Option<redis::aio::ConnectionManager> {
        match self {
            Queue::Redis(storage, _) => Some(storage.clone().get_connection().clone()),
            Queue::Sqlite(..) => None,
        }
    }

    /// The queue's name: its Redis key prefix, or its job type in the embedded queue's file.
    pub fn name(&self) -> &str {
        match self {
            Queue::Sqlite(_, name, _) => name,
            Queue::Redis(storage, _) => storage.get_config().queue.as_ref(),
        }
    }

    /// Which server instance holds the queue: Redis's `run_id`, new whenever the server starts
    /// (its waiting ids may then be gone). None for the embedded queue, a file kept with the
    /// database.
    pub async fn instance(&self) -> Result<Option<String>, QueueError> {
        let Queue::Redis(storage, _) = self else {
            return Ok(None);
        };
        let mut conn = storage.clone().get_connection().clone();
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
    /// apalis keeps them for ever on both backends.
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
            Queue::Redis(storage, _) => {
                let mut storage = storage.clone();
                let config = storage.get_config().clone();
                let mut script = REDIS_VACUUM.key(config.done_jobs_set());
                script
                    .key(config.job_data_hash())
                    .key(config.job_meta_hash())
                    .arg(max);
                script
                    .invoke_async::<usize>(storage.get_connection())
                    .await
                    .map_err(QueueError::from)
            }
        }
    }

    /// How many tasks the queue's store holds, waiting, running or finished and not yet
    /// vacuumed.
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
            Queue::Redis(storage, _) => {
                let mut storage = storage.clone();
                let key = storage.get_config().job_data_hash();
                redis::cmd("HLEN")
                    .arg(key)
                    .query_async(storage.get_connection())
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
            Queue::Redis(storage, _) => {
                let mut conn = storage.clone().get_connection().clone();
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
        let mut payloads = Vec::with_capacity(ids.len());
        for id in ids {
            payloads.push(serde_json::to_vec(&JobRef { id: id.clone() })?);
        }
        match self {
            Queue::Sqlite(storage, queue, wake) => {
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
            Queue::Redis(storage, wake) => {
                let mut storage = storage.clone();
                let config = storage.get_config().clone();
                let mut script = REDIS_PUSH.key(config.job_data_hash());
                script
                    .key(config.active_jobs_list())
                    .key(config.signal_list())
                    .key(config.job_meta_hash())
                    .key(&wake.channel)
                    .arg(u8::from(priority == Priority::High));
                for bytes in payloads {
                    // A fresh task id per push: a job pushed again (retried, or lost by the
                    // queue) must not be mistaken for the earlier delivery.
                    script.arg(uuid::Uuid::now_v7().to_string()).arg(bytes);
                }
                let conn = storage.get_connection();
                script.invoke_async::<u32>(conn).await?;
                wake.local.notify();
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
