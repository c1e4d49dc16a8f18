use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Conn, flag};
use crate::{DomainError, Result, ids, time};

#[derive(Debug, Clone)]
pub struct Client {
    pub id: String,
    pub name: String,
    pub key: String,
    pub is_active: bool,
    pub is_platform: bool,
    pub created_at: time::Timestamp,
}

impl Client {
    fn from_row(row: &AnyRow) -> Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            key: row.try_get("key")?,
            is_active: flag(row, "is_active")?,
            is_platform: flag(row, "is_platform")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        })
    }
}

/// A client key: lowercase letters, digits and '-', 3 to 32 characters, not starting or ending
/// with '-'. Parsed once at the edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientKey(String);

impl ClientKey {
    pub fn parse(field: &str, raw: &str) -> Result<Self> {
        let key = raw.trim();
        let ok_chars = key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !(3..=32).contains(&key.len()) || !ok_chars || key.starts_with('-') || key.ends_with('-')
        {
            return Err(DomainError::bad_input(
                field,
                "use 3 to 32 lowercase letters, digits or '-', not starting or ending with '-'",
            ));
        }
        Ok(Self(key.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub struct NewClient<'a> {
    pub name: &'a str,
    pub key: &'a ClientKey,
    pub is_active: bool,
    pub is_platform: bool,
}

pub async fn create(conn: &mut Conn, new: NewClient<'_>) -> Result<Client> {
    let id = ids::new_id();
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO clients (id, name, key, is_active, is_platform, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(&id)
    .bind(new.name)
    .bind(new.key.as_str())
    .bind(new.is_active)
    .bind(new.is_platform)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    by_id(conn, &id).await
}

pub async fn by_id(conn: &mut Conn, id: &str) -> Result<Client> {
    let row = sqlx::query("SELECT * FROM clients WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref()
        .map(Client::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("client"))
}

pub async fn by_key(conn: &mut Conn, key: &str) -> Result<Option<Client>> {
    let row = sqlx::query("SELECT * FROM clients WHERE key = $1")
        .bind(key)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(Client::from_row).transpose()
}

/// True when a client holds the key, or a sign-up with a taken email reserved it
/// ([`reserve_key`]).
pub async fn key_taken(conn: &mut Conn, key: &str) -> Result<bool> {
    if by_key(conn, key).await?.is_some() {
        return Ok(true);
    }
    let reserved = sqlx::query("SELECT 1 FROM client_key_reservations WHERE key = $1")
        .bind(key)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(reserved.is_some())
}

/// Holds a key that no client was created for, so that a sign-up with a taken email leaves the
/// key taken as a new sign-up does. Holding it twice is harmless.
pub async fn reserve_key(conn: &mut Conn, key: &str) -> Result<()> {
    sqlx::query("INSERT INTO client_key_reservations (key, created_at) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(key)
        .bind(crate::time::now_db())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn platform(conn: &mut Conn) -> Result<Option<Client>> {
    let row =
        sqlx::query("SELECT * FROM clients WHERE is_platform = TRUE ORDER BY created_at LIMIT 1")
            .fetch_optional(&mut *conn)
            .await?;
    row.as_ref().map(Client::from_row).transpose()
}

pub async fn activate(conn: &mut Conn, id: &str) -> Result<()> {
    sqlx::query("UPDATE clients SET is_active = TRUE, updated_at = $2 WHERE id = $1")
        .bind(id)
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Renames and (de)activates a client; `None` keeps the stored value.
pub async fn update(
    conn: &mut Conn,
    id: &str,
    name: Option<&str>,
    is_active: Option<bool>,
) -> Result<Client> {
    let client = by_id(conn, id).await?;
    sqlx::query("UPDATE clients SET name = $2, is_active = $3, updated_at = $4 WHERE id = $1")
        .bind(id)
        .bind(name.unwrap_or(&client.name))
        .bind(is_active.unwrap_or(client.is_active))
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    by_id(conn, id).await
}

pub async fn count(conn: &mut Conn) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM clients")
        .fetch_one(&mut *conn)
        .await?)
}
