//! The enqueue port. The queue transports job ids; adapters differ only in where ids wait.
use apalis::prelude::TaskBuilder;
use apalis_redis::RedisStorage;
use apalis_sqlite::{SqlitePool, SqliteStorage};
use serde::{Deserialize, Serialize};

use domain::{event_histories, Db};

/// What travels through the queue: the id of an `event_histories` row.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobRef {
    pub id: String,
}

#[derive(Clone)]
pub enum Queue {
    /// apalis-sqlite in a file of its own beside the database (embedded mode).
    Sqlite(SqliteStorage<JobRef>, String),
    /// apalis-redis (scaled mode): any number of `worker` processes take from it.
    Redis(RedisStorage<JobRef>),
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Queue::Sqlite(..) => write!(f, "sqlite queue"),
            Queue::Redis(_) => write!(f, "redis queue"),
        }
    }
}

impl Queue {
    /// Opens (and creates) the embedded queue at `path`.
    pub async fn sqlite(path: &std::path::Path, name: &str) -> Result<(Queue, SqlitePool), String> {
        let url = format!("sqlite://{}?mode=rwc", path.display());
        let pool = SqlitePool::connect(&url).await.map_err(|e| format!("queue database: {e}"))?;
        SqliteStorage::setup(&pool).await.map_err(|e| format!("queue setup: {e}"))?;
        let config = apalis_sqlite::Config::default().queue(name);
        Ok((Queue::Sqlite(SqliteStorage::new(&pool).with_config(config), name.to_owned()), pool))
    }

    /// Connects to Redis. The connection manager reconnects by itself after Redis restarts.
    pub async fn redis(url: &str, name: &str) -> Result<Queue, String> {
        let conn = apalis_redis::connect(url).await.map_err(|e| format!("redis: {e}"))?;
        let config = apalis_redis::Config::default().queue(name);
        Ok(Queue::Redis(RedisStorage::new(conn).with_config(config)))
    }

    /// The Redis connection of the scaled mode, for state every API replica must share.
    pub fn redis_connection(&self) -> Option<redis::aio::ConnectionManager> {
        match self {
            Queue::Redis(storage) => Some(storage.clone().get_connection().clone()),
            Queue::Sqlite(..) => None,
        }
    }

    pub async fn ping(&self) -> Result<(), String> {
        match self {
            Queue::Sqlite(storage, _) => sqlx::query("SELECT 1")
                .execute(storage.pool())
                .await
                .map(|_| ())
                .map_err(|e| e.to_string()),
            Queue::Redis(storage) => {
                let mut conn = storage.clone().get_connection().clone();
                redis::cmd("PING").query_async::<String>(&mut conn).await.map(|_| ()).map_err(|e| e.to_string())
            }
        }
    }

    /// Pushes a batch of ids in one round trip (one Lua script on Redis, one transaction on
    /// SQLite). The raw push functions are used rather than the backends' `Sink`, whose state is
    /// shared with the worker polling the same backend.
    pub async fn push_batch(&self, ids: &[String]) -> Result<(), String> {
        let mut tasks = Vec::with_capacity(ids.len());
        for id in ids {
            let bytes = serde_json::to_vec(&JobRef { id: id.clone() }).map_err(|e| e.to_string())?;
            tasks.push(TaskBuilder::new(bytes).max_attempts(1).build());
        }
        match self {
            Queue::Sqlite(storage, queue) => {
                let mut tx = storage.pool().begin().await.map_err(|e| e.to_string())?;
                apalis_sqlite::queries::push_tasks(&mut *tx, queue, &tasks).await.map_err(|e| e.to_string())?;
                tx.commit().await.map_err(|e| e.to_string())
            }
            Queue::Redis(storage) => {
                let mut storage = storage.clone();
                let config = storage.get_config().clone();
                let conn = storage.get_connection();
                apalis_redis::queries::push_tasks(conn, &config, &tasks).await.map(|_| ()).map_err(|e| e.to_string())
            }
        }
    }

    /// Pushes committed jobs. A failure is logged, not returned: the rows are PENDING with no
    /// `queued_at`, and the sweeper pushes them again.
    pub async fn push(&self, db: &Db, ids: &[String]) {
        for chunk in ids.chunks(200) {
            match self.push_batch(chunk).await {
                Ok(()) => {
                    let marked = match db.conn().await {
                        Ok(mut conn) => event_histories::mark_queued(&mut conn, chunk).await,
                        Err(e) => Err(e),
                    };
                    if let Err(e) = marked {
                        tracing::warn!(jobs = chunk.len(), error = %e, "could not mark jobs as queued");
                    }
                }
                Err(e) => tracing::warn!(jobs = chunk.len(), error = %e, "queue push failed; the sweeper will retry"),
            }
        }
    }
}
