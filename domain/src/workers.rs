//! Worker heartbeats, for the monitors screen.
use sqlx::Row;

use crate::db::Conn;
use crate::{Result, time};

#[derive(Debug, Clone)]
pub struct WorkerInfo {
    pub id: String,
    pub queues: Vec<String>,
    pub last_seen_at: time::Timestamp,
}

pub async fn heartbeat(
    conn: &mut Conn,
    id: &str,
    queues: &[String],
    hostname: &str,
    pid: i64,
) -> Result<()> {
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO workers (id, queues, hostname, pid, started_at, last_seen_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (id) DO UPDATE SET last_seen_at = excluded.last_seen_at, queues = excluded.queues",
    )
    .bind(id)
    .bind(serde_json::to_string(queues).unwrap_or_else(|_| "[]".into()))
    .bind(hostname)
    .bind(pid)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn remove(conn: &mut Conn, id: &str) -> Result<()> {
    sqlx::query("DELETE FROM workers WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Workers seen within `within`; older rows are deleted (the process is gone).
pub async fn alive(conn: &mut Conn, within: std::time::Duration) -> Result<Vec<WorkerInfo>> {
    let cutoff = time::before(within);
    sqlx::query("DELETE FROM workers WHERE last_seen_at < $1")
        .bind(&cutoff)
        .execute(&mut *conn)
        .await?;
    let rows = sqlx::query("SELECT * FROM workers ORDER BY started_at")
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|row| {
            let queues: String = row.try_get("queues")?;
            Ok(WorkerInfo {
                id: row.try_get("id")?,
                queues: serde_json::from_str(&queues).unwrap_or_default(),
                last_seen_at: time::from_db(&row.try_get::<String, _>("last_seen_at")?),
            })
        })
        .collect()
}
