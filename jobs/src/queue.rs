//! The enqueue port. The queue transports job ids; adapters differ only in where ids wait.
use sqlx::sqlite::SqlitePool;

use domain::{Db, event_histories};

/// Why the queue did not answer. Its text goes to logs and to the operator at start, never to
/// a seller.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error("queue database: {0}")]
    Sqlite(#[from] sqlx::Error),
    #[error("redis: {0}")]
    Redis(#[from] redis::RedisError),
}

/// Where a pushed job joins the queue: behind every waiting job, or ahead of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Priority {
    Normal,
    High,
}

/// The scaled queue's keys, all under its name: `ready` (the list of ids waiting, oldest
/// first), `held:{worker}` (the ids a worker fetched and has not yet claimed in the database),
/// `incoming:{worker}` (the id a worker's blocking wait took, until its next fetch files it as
/// held), `alive:{worker}` (set while the worker lives), `workers` (every worker that fetched)
/// and the `wake` channel, where every push says how many ids it added (for whoever watches the
/// queue). A job's row is its record and its lease its lock, so Redis only carries ids: a push
/// is one RPUSH and a PUBLISH, a fetch one script that pops a batch, and a worker that found the
/// list empty waits in Redis itself (`BLMOVE` from `ready` to its `incoming` list): a push
/// hands the id to one waiting worker in the same step, where an announcement woke every
/// worker to race for it with a fetch each.
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

/// Fetch: files the id its blocking wait took as held (KEYS[5], the incoming list), forgets the
/// ids the worker has claimed since its last fetch (ARGV[4..]; after the filing, so that an id
/// taken and claimed in between is forgotten too), says the worker is alive for ARGV[1] ms and
/// one of the workers (ARGV[3]), pops up to ARGV[2] ids (none for 0) and files them as held.
/// KEYS: ready list, held set, alive key, workers set, incoming list.
static REDIS_FETCH: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r#"
local incoming = redis.call("lrange", KEYS[5], 0, -1)
if #incoming > 0 then
    redis.call("sadd", KEYS[2], unpack(incoming))
    redis.call("del", KEYS[5])
end
if #ARGV > 3 then
    redis.call("srem", KEYS[2], unpack(ARGV, 4))
end
redis.call("set", KEYS[3], 1, "px", ARGV[1])
redis.call("sadd", KEYS[4], ARGV[3])
local n = tonumber(ARGV[2])
if n > 0 then
    local ids = redis.call("lpop", KEYS[1], n)
    if ids then
        redis.call("sadd", KEYS[2], unpack(ids))
        return ids
    end
end
return {}
"#,
    )
});

/// Hands the ids held (or taken by a blocking wait) by workers that are no longer alive
/// (killed, or stopped) back to the head of the ready list; returns how many. KEYS: ready list,
/// workers set, wake channel. ARGV[1]: the key prefix of held sets, incoming lists and alive keys (`{name}:`);
/// ARGV[2], if given, a worker whose ids go back whether it lives or not (its own graceful
/// stop).
static REDIS_RESCUE: std::sync::LazyLock<redis::Script> = std::sync::LazyLock::new(|| {
    redis::Script::new(
        r#"
local back = 0
for _, worker in ipairs(redis.call("smembers", KEYS[2])) do
    if worker == ARGV[2] or redis.call("exists", ARGV[1] .. "alive:" .. worker) == 0 then
        local held = ARGV[1] .. "held:" .. worker
        local incoming = ARGV[1] .. "incoming:" .. worker
        local ids = redis.call("smembers", held)
        for _, id in ipairs(redis.call("lrange", incoming, 0, -1)) do
            table.insert(ids, id)
        end
        if #ids > 0 then
            redis.call("lpush", KEYS[1], unpack(ids))
            back = back + #ids
        end
        redis.call("del", held, incoming)
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

#[derive(Clone)]
pub enum Queue {
    /// A table of ids in a SQLite file of its own beside the database (embedded mode).
    Sqlite(SqliteQueue),
    /// A list of ids in Redis (scaled mode): any number of `worker` processes take from it.
    Redis(RedisQueue),
}

/// The scaled queue: see [`REDIS_PUSH`] for its keys.
#[derive(Clone)]
pub struct RedisQueue {
    conn: redis::aio::ConnectionManager,
    client: redis::Client,
    name: String,
    /// Pushes from this process notify it (the consumer itself waits in Redis, see
    /// [`RedisQueue::wait_one`]).
    pub local: Wake,
    /// The blocking wait's own connection: a command that blocks holds its connection, so it
    /// never shares the one every other command goes through. Opened at the first wait, and
    /// again after an error.
    waiter: std::sync::Arc<tokio::sync::Mutex<Option<redis::aio::MultiplexedConnection>>>,
}

impl RedisQueue {
    fn key(&self, part: &str) -> String {
        format!("{}:{part}", self.name)
    }

    /// Where every push says how many ids it added.
    pub fn wake_channel(&self) -> String {
        self.key("wake")
    }

    /// Waits up to `timeout` for a push and takes the first id waiting, moving it to this
    /// worker's incoming list (its next fetch files it as held, so a worker killed meanwhile
    /// has it rescued); None when nothing came.
    pub async fn wait_one(
        &self,
        worker: &str,
        timeout: std::time::Duration,
    ) -> Result<Option<String>, QueueError> {
        let mut waiter = self.waiter.lock().await;
        let conn = match waiter.as_mut() {
            Some(conn) => conn,
            None => {
                // The client's default answer timeout (500 ms) would cut a longer wait short.
                let config = redis::AsyncConnectionConfig::new()
                    .set_response_timeout(Some(timeout + std::time::Duration::from_secs(5)));
                waiter.insert(
                    self.client
                        .get_multiplexed_async_connection_with_config(&config)
                        .await?,
                )
            }
        };
        let taken = redis::cmd("BLMOVE")
            .arg(self.key("ready"))
            .arg(self.key(&format!("incoming:{worker}")))
            .arg("LEFT")
            .arg("RIGHT")
            .arg(timeout.as_secs_f64())
            .query_async::<Option<String>>(conn)
            .await;
        if taken.is_err() {
            *waiter = None;
        }
        Ok(taken?)
    }

    /// Closes the blocking wait's connection (a graceful stop), so that Redis hands no more ids
    /// to a wait nobody reads; call before giving the worker's ids back.
    pub async fn close_waiter(&self) {
        *self.waiter.lock().await = None;
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
                .key(self.key(&format!("incoming:{worker}")))
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

/// Wakes this process's idle consumer when jobs are pushed. Embedded, a consumer whose fetch
/// came back empty waits for a push announced here, its poll interval as the fallback (pushes
/// from other processes, found by the poll); scaled, it waits in Redis instead.
#[derive(Clone, Default)]
pub struct Wake(std::sync::Arc<tokio::sync::Notify>);

impl Wake {
    /// Announces a push to the consumer of this process.
    pub fn notify(&self) {
        self.0.notify_one();
    }

    /// Waits for the next push announced (or one announced since the last wait: a push while
    /// the consumer fetches is kept for its wait).
    pub async fn pushed(&self) {
        self.0.notified().await;
    }
}

/// The embedded queue: a table of ids in a SQLite file of its own, popped as the Redis list
/// is. A job's row is its record and its lease its lock, so the queue keeps nothing of an id
/// once popped: a push is one insert, a fetch one delete that returns what it took.
#[derive(Clone)]
pub struct SqliteQueue {
    pool: SqlitePool,
    name: String,
    pub local: Wake,
    /// Keeps the file's background checkpoints going while the queue lives
    /// (`domain::db::checkpoint_in_background`).
    _checkpoints: std::sync::Arc<()>,
}

/// Ids waiting, by queue name; popped highest priority first, then in push order (a rowid is
/// above every rowid present when it is given, so `seq` follows the pushes).
const SQLITE_SCHEMA: [&str; 2] = [
    "CREATE TABLE IF NOT EXISTS waiting (
        seq INTEGER PRIMARY KEY,
        queue TEXT NOT NULL,
        priority INTEGER NOT NULL,
        job_id TEXT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS waiting_next ON waiting (queue, priority DESC, seq)",
];

impl SqliteQueue {
    /// Pops up to `n` waiting ids.
    async fn fetch(&self, n: usize) -> Result<Vec<String>, QueueError> {
        let mut rows: Vec<(i64, i64, String)> = sqlx::query_as(
            "DELETE FROM waiting WHERE seq IN (
                SELECT seq FROM waiting WHERE queue = ?1 ORDER BY priority DESC, seq LIMIT ?2
            ) RETURNING priority, seq, job_id",
        )
        .bind(&self.name)
        .bind(i64::try_from(n).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        // RETURNING gives the rows in no promised order.
        rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        Ok(rows.into_iter().map(|(.., id)| id).collect())
    }
}

impl Queue {
    /// Opens (and creates) the embedded queue at `path`.
    pub async fn sqlite(path: &std::path::Path, name: &str) -> Result<Queue, QueueError> {
        // WAL, and commits that do not wait for the disk: the queue only carries ids, the
        // database's rows are the record, and a pool starting pushes every due job again.
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal)
            .synchronous(sqlx::sqlite::SqliteSynchronous::Normal)
            .busy_timeout(std::time::Duration::from_secs(15))
            .pragma(
                "wal_autocheckpoint",
                domain::db::SQLITE_AUTOCHECKPOINT_PAGES.to_string(),
            );
        // No ping before each use: see `domain::Db::connect`. One connection: every statement on
        // this file writes (a push, a fetch), and writers on connections of their own meet in
        // SQLite's busy handler, which sleeps 1, 2, 5 … 100 ms between tries (an enqueue's push
        // waited tens of ms at p99); on one connection they wait in order in the process.
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .test_before_acquire(false)
            .connect_with(options.clone())
            .await?;
        // Every push and fetch is a commit on that one connection: the log is copied back
        // beside them, not in one of them.
        let checkpoints = std::sync::Arc::new(());
        domain::db::checkpoint_in_background(options, std::sync::Arc::downgrade(&checkpoints));
        for statement in SQLITE_SCHEMA {
            sqlx::query(statement).execute(&pool).await?;
        }
        // Files written before the queue was this table held apalis-sqlite's tables; every job
        // they carried is pushed again from the database when a pool starts.
        for drop in [
            "DROP TABLE IF EXISTS Jobs",
            "DROP TABLE IF EXISTS Workers",
            "DROP TABLE IF EXISTS Jobs_old",
            "DROP TABLE IF EXISTS _sqlx_migrations",
        ] {
            sqlx::query(drop).execute(&pool).await?;
        }
        Ok(Queue::Sqlite(SqliteQueue {
            pool,
            name: name.to_owned(),
            local: Wake::default(),
            _checkpoints: checkpoints,
        }))
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
            waiter: Default::default(),
        }))
    }

    /// The Redis connection of the scaled mode, for state every API replica must share.
    pub fn redis_connection(&self) -> Option<redis::aio::ConnectionManager> {
        match self {
            Queue::Redis(q) => Some(q.conn.clone()),
            Queue::Sqlite(..) => None,
        }
    }

    /// The queue's name: its Redis key prefix, or its rows' name in the embedded queue's file.
    pub fn name(&self) -> &str {
        match self {
            Queue::Sqlite(q) => &q.name,
            Queue::Redis(q) => &q.name,
        }
    }

    /// How this process's consumer learns of this process's pushes.
    pub fn local_wake(&self) -> &Wake {
        match self {
            Queue::Sqlite(q) => &q.local,
            Queue::Redis(q) => &q.local,
        }
    }

    /// Pops up to `n` waiting ids for `worker`. Scaled, they are filed as held by it until it
    /// claims them, and `claimed` are the ids it claimed (or found not claimable) since its last
    /// fetch; embedded, the one process is the queue's only consumer and a pool starting pushes
    /// everything again, so nothing is held.
    pub async fn fetch(
        &self,
        worker: &str,
        n: usize,
        claimed: &[String],
    ) -> Result<Vec<String>, QueueError> {
        match self {
            Queue::Sqlite(q) => q.fetch(n).await,
            Queue::Redis(q) => q.fetch(worker, n, claimed).await,
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

    /// How many ids wait in the queue.
    pub async fn stored_tasks(&self) -> Result<u64, QueueError> {
        match self {
            Queue::Sqlite(q) => {
                sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM waiting WHERE queue = ?1")
                    .bind(&q.name)
                    .fetch_one(&q.pool)
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

    /// The embedded queue only: forgets every id waiting, so that a pool starting can push every
    /// due job again from the table, each once. Its one process is the queue's only consumer,
    /// so nothing else is waiting for those ids.
    pub async fn clear_waiting(&self) -> Result<(), QueueError> {
        if let Queue::Sqlite(q) = self {
            sqlx::query("DELETE FROM waiting WHERE queue = ?1")
                .bind(&q.name)
                .execute(&q.pool)
                .await?;
        }
        Ok(())
    }

    pub async fn ping(&self) -> Result<(), QueueError> {
        match self {
            Queue::Sqlite(q) => sqlx::query("SELECT 1")
                .execute(&q.pool)
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

    /// Pushes a batch of ids in one round trip (one Lua script on Redis, one statement on
    /// SQLite).
    pub async fn push_batch(&self, ids: &[String], priority: Priority) -> Result<(), QueueError> {
        if ids.is_empty() {
            return Ok(());
        }
        match self {
            Queue::Sqlite(q) => {
                // json_each gives the ids in order: they get rising rowids, and run in order.
                let ids = serde_json::Value::from(ids.to_vec()).to_string();
                sqlx::query(
                    "INSERT INTO waiting (queue, priority, job_id)
                     SELECT ?1, ?2, value FROM json_each(?3) ORDER BY key",
                )
                .bind(&q.name)
                .bind(i64::from(priority == Priority::High))
                .bind(ids)
                .execute(&q.pool)
                .await?;
                q.local.notify();
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

#[cfg(test)]
mod tests {
    use super::{Priority, Queue};

    /// A high-priority push goes ahead of every id waiting, in its own order; the rest keep
    /// theirs; fetches take what they are asked for and no more.
    #[tokio::test]
    async fn the_embedded_queue_pops_high_priority_first_then_in_push_order() {
        let dir = tempfile::tempdir().expect("temp dir");
        let q = Queue::sqlite(&dir.path().join("queue.sqlite"), "q")
            .await
            .expect("queue");
        let other = Queue::sqlite(&dir.path().join("queue.sqlite"), "other")
            .await
            .expect("queue");
        let ids = |names: &[&str]| names.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        q.push_batch(&ids(&["a", "b", "c"]), Priority::Normal)
            .await
            .expect("push");
        other
            .push_batch(&ids(&["x"]), Priority::High)
            .await
            .expect("push");
        q.push_batch(&ids(&["h1", "h2"]), Priority::High)
            .await
            .expect("push");
        q.push_batch(&ids(&["d"]), Priority::Normal)
            .await
            .expect("push");
        assert_eq!(q.stored_tasks().await.expect("count"), 6);
        assert_eq!(
            q.fetch("w", 3, &[]).await.expect("fetch"),
            ids(&["h1", "h2", "a"])
        );
        assert_eq!(
            q.fetch("w", 10, &[]).await.expect("fetch"),
            ids(&["b", "c", "d"])
        );
        assert!(q.fetch("w", 10, &[]).await.expect("fetch").is_empty());
        assert_eq!(other.stored_tasks().await.expect("count"), 1);
        other.clear_waiting().await.expect("clear");
        assert_eq!(other.stored_tasks().await.expect("count"), 0);
    }
}
