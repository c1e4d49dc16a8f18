//! The enqueue port. The queue transports job ids; adapters differ only in where ids wait.
use apalis::prelude::TaskSink;
use apalis_sqlite::{SqlitePool, SqliteStorage};
use serde::{Deserialize, Serialize};

use domain::{event_histories, Db};

/// What travels through the queue: the id of an `event_histories` row.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct JobRef {
    pub id: String,
}

pub const QUEUE_NAME: &str = "sellerdesk";

#[derive(Clone)]
pub enum Queue {
    /// apalis-sqlite in a file of its own beside the database (embedded mode).
    Sqlite(SqliteStorage<JobRef>),
}

impl std::fmt::Debug for Queue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Queue::Sqlite(_) => write!(f, "sqlite queue"),
        }
    }
}

impl Queue {
    /// Opens (and creates) the embedded queue at `path`.
    pub async fn sqlite(path: &std::path::Path) -> Result<(Queue, SqlitePool), String> {
        let url = format!("sqlite://{}?mode=rwc", path.display());
        let pool = SqlitePool::connect(&url).await.map_err(|e| format!("queue database: {e}"))?;
        SqliteStorage::setup(&pool).await.map_err(|e| format!("queue setup: {e}"))?;
        let config = apalis_sqlite::Config::default().queue(QUEUE_NAME);
        Ok((Queue::Sqlite(SqliteStorage::new(&pool).with_config(config)), pool))
    }

    pub async fn ping(&self) -> Result<(), String> {
        match self {
            Queue::Sqlite(storage) => sqlx::query("SELECT 1")
                .execute(storage.pool())
                .await
                .map(|_| ())
                .map_err(|e| e.to_string()),
        }
    }

    async fn push_one(&self, id: &str) -> Result<(), String> {
        match self {
            Queue::Sqlite(storage) => {
                let mut storage = storage.clone();
                storage.push(JobRef { id: id.to_owned() }).await.map_err(|e| e.to_string())
            }
        }
    }

    /// Pushes committed jobs. A failure is logged, not returned: the rows are PENDING with no
    /// `queued_at`, and the sweeper pushes them again.
    pub async fn push(&self, db: &Db, ids: &[String]) {
        for id in ids {
            match self.push_one(id).await {
                Ok(()) => {
                    if let Ok(mut conn) = db.conn().await {
                        if let Err(e) = event_histories::mark_queued(&mut conn, id).await {
                            tracing::warn!(job = %id, error = %e, "could not mark a job as queued");
                        }
                    }
                }
                Err(e) => tracing::warn!(job = %id, error = %e, "queue push failed; the sweeper will retry"),
            }
        }
    }
}
