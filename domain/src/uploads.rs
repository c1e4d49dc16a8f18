//! Signed upload URLs are single use: the PUT that stores a file records the URL's path (unique
//! per URL: it carries a random UUID), and a second PUT of the same URL finds it taken. The
//! primary key decides between two PUTs racing, on either engine.
use crate::db::Conn;
use crate::{Result, time};

/// Records the use of the upload URL of `path`; false when it was used before.
pub async fn claim(
    conn: &mut Conn,
    path: &str,
    client_id: &str,
    expires_at: time::Timestamp,
) -> Result<bool> {
    let done = sqlx::query("INSERT INTO upload_uses (path, client_id, expires_at, used_at) VALUES ($1, $2, $3, $4) ON CONFLICT (path) DO NOTHING")
        .bind(path)
        .bind(client_id)
        .bind(time::to_db(expires_at))
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives a use back when the file could not be stored, so the same URL can be tried again.
pub async fn release(conn: &mut Conn, path: &str) -> Result<()> {
    sqlx::query("DELETE FROM upload_uses WHERE path = $1")
        .bind(path)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Forgets the uses of URLs that have expired (their signature refuses them anyway).
pub async fn purge_expired(conn: &mut Conn) -> Result<u64> {
    let done = sqlx::query("DELETE FROM upload_uses WHERE expires_at < $1")
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}
