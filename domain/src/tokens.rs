//! Single-use tokens sent by mail. The raw token only ever exists in the mail; the table keeps
//! its SHA-256, so a leaked database cannot be used to verify or reset.
use std::time::Duration;

use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::db::Conn;
use crate::{Result, ids, time};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum TokenKind {
    VerifyEmail,
    ResetPassword,
}

impl TokenKind {
    fn as_str(self) -> &'static str {
        self.into()
    }
    pub fn lifetime(self) -> Duration {
        match self {
            TokenKind::VerifyEmail => Duration::from_secs(24 * 3600),
            TokenKind::ResetPassword => Duration::from_secs(3600),
        }
    }
}

fn digest(raw: &str) -> String {
    hex::encode(Sha256::digest(raw.as_bytes()))
}

/// Creates a token for `user_id` and returns the raw value to put in the mail.
pub async fn issue(conn: &mut Conn, kind: TokenKind, user_id: &str) -> Result<String> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let raw = hex::encode(bytes);
    sqlx::query(
        "INSERT INTO auth_tokens (id, user_id, kind, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(ids::new_id())
    .bind(user_id)
    .bind(kind.as_str())
    .bind(digest(&raw))
    .bind(time::after(kind.lifetime()))
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(raw)
}

/// Uses a token once: returns its user when the token exists, is of this kind, has not expired
/// and was not used before. One conditional UPDATE, so two concurrent uses cannot both win.
pub async fn consume(conn: &mut Conn, kind: TokenKind, raw: &str) -> Result<Option<String>> {
    let now = time::now_db();
    let user_id: Option<String> = sqlx::query_scalar(
        "UPDATE auth_tokens SET used_at = $3
         WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING user_id",
    )
    .bind(digest(raw.trim()))
    .bind(kind.as_str())
    .bind(&now)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(user_id)
}

/// Deletes tokens that expired or were used more than a day ago; returns how many.
pub async fn purge(conn: &mut Conn) -> Result<u64> {
    let cutoff = time::before(Duration::from_secs(24 * 3600));
    let done = sqlx::query("DELETE FROM auth_tokens WHERE expires_at < $1 OR used_at < $1")
        .bind(cutoff)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}
