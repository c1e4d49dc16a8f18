use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::Conn;
use crate::paging::{Page, PageRequest};
use crate::{DomainError, Result, Role, Scope, ids, stored, time};

#[derive(Debug, Clone)]
pub struct User {
    pub id: String,
    pub client_id: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub token_version: i64,
    pub created_at: time::Timestamp,
}

impl User {
    fn from_row(row: &AnyRow) -> Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            email: row.try_get("email")?,
            password_hash: row.try_get("password_hash")?,
            first_name: row.try_get("first_name")?,
            last_name: row.try_get("last_name")?,
            role: stored::column(row, "users", "role")?,
            token_version: row.try_get("token_version")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        })
    }
}

/// An email address, trimmed and lower-cased: the form in which it is stored and compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(field: &str, raw: &str) -> Result<Self> {
        let email = raw.trim().to_lowercase();
        let valid = email.len() <= 254
            && match email.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                        && !email.chars().any(|c| c.is_whitespace())
                        && !domain.contains('@')
                }
                None => false,
            };
        if !valid {
            return Err(DomainError::bad_input(
                field,
                "is not a valid email address",
            ));
        }
        Ok(Self(email))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A person's name part: trimmed, 1 to 100 characters.
pub fn parse_name(field: &str, raw: &str) -> Result<String> {
    let name = raw.trim();
    if name.is_empty() || name.chars().count() > 100 {
        return Err(DomainError::bad_input(field, "must be 1 to 100 characters"));
    }
    Ok(name.to_owned())
}

pub struct NewUser<'a> {
    pub client_id: &'a str,
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub role: Role,
}

pub async fn create(conn: &mut Conn, new: NewUser<'_>) -> Result<User> {
    let id = ids::new_id();
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO users (id, client_id, email, password_hash, first_name, last_name, role, token_version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $8)",
    )
    .bind(&id)
    .bind(new.client_id)
    .bind(new.email.as_str())
    .bind(new.password_hash)
    .bind(new.first_name)
    .bind(new.last_name)
    .bind(new.role.as_str())
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    find(conn, &id).await?.ok_or(DomainError::NotFound("user"))
}

/// Unscoped look-up, for authentication only (the token names the user).
pub async fn find(conn: &mut Conn, id: &str) -> Result<Option<User>> {
    let row = sqlx::query("SELECT * FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(User::from_row).transpose()
}

/// The user, when its client is active: what every signed-in request checks, in one statement.
pub async fn find_with_active_client(conn: &mut Conn, id: &str) -> Result<Option<User>> {
    Ok(find_session(conn, id).await?.map(|s| s.user))
}

/// What every signed-in request reads first, in one statement.
#[derive(Debug, Clone)]
pub struct SessionRow {
    pub user: User,
    /// The desk reads its date filters in this zone.
    pub saved_timezone: Option<String>,
    /// The client's order version at the start of the request, as
    /// [`orders::desk::version`](crate::orders::desk::version) reads it: a desk page kept under it
    /// is answered with no other statement.
    pub order_version: crate::orders::desk::Version,
}

/// A user of an active client, their saved time zone and their client's order version.
pub async fn find_session(conn: &mut Conn, id: &str) -> Result<Option<SessionRow>> {
    const SQL: &str = concat!(
        "SELECT u.*, (SELECT s.value FROM user_settings s WHERE s.user_id = u.id AND s.name = 'TIMEZONE') AS saved_timezone, ",
        crate::orders::desk::version_columns!("u.client_id"),
        " FROM users u JOIN clients c ON c.id = u.client_id WHERE u.id = $1 AND c.is_active = TRUE"
    );
    let row = sqlx::query(SQL).bind(id).fetch_optional(&mut *conn).await?;
    row.as_ref()
        .map(|row| {
            Ok(SessionRow {
                user: User::from_row(row)?,
                saved_timezone: row.try_get("saved_timezone")?,
                order_version: crate::orders::desk::Version::from_row(row)?,
            })
        })
        .transpose()
}

pub async fn by_email(conn: &mut Conn, email: &Email) -> Result<Option<User>> {
    let row = sqlx::query("SELECT * FROM users WHERE email = $1")
        .bind(email.as_str())
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(User::from_row).transpose()
}

/// A user of the caller's client; another client's user is NOT_FOUND.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<User> {
    let row = sqlx::query("SELECT * FROM users WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref()
        .map(User::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("user"))
}

pub async fn list(conn: &mut Conn, scope: &Scope, page: PageRequest) -> Result<Page<User>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE client_id = $1")
        .bind(&scope.client_id)
        .fetch_one(&mut *conn)
        .await?;
    let rows = sqlx::query(
        "SELECT * FROM users WHERE client_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3",
    )
    .bind(&scope.client_id)
    .bind(page.limit)
    .bind(page.offset())
    .fetch_all(&mut *conn)
    .await?;
    let items = rows.iter().map(User::from_row).collect::<Result<_>>()?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// A client's admins: (email, first name), for notices.
pub async fn admins_of(conn: &mut Conn, client_id: &str) -> Result<Vec<(String, String)>> {
    Ok(sqlx::query_as(
        "SELECT email, first_name FROM users WHERE client_id = $1 AND role = 'ADMIN' ORDER BY created_at",
    )
    .bind(client_id)
    .fetch_all(&mut *conn)
    .await?)
}

pub async fn count_admins(conn: &mut Conn, client_id: &str) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM users WHERE client_id = $1 AND role IN ('ADMIN', 'SUPER_ADMIN')",
    )
    .bind(client_id)
    .fetch_one(&mut *conn)
    .await?)
}

/// Sets a new password and bumps the token version, so tokens issued before stop working.
pub async fn set_password(conn: &mut Conn, user_id: &str, password_hash: &str) -> Result<()> {
    sqlx::query(
        "UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = $3 WHERE id = $1",
    )
    .bind(user_id)
    .bind(password_hash)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn delete(conn: &mut Conn, scope: &Scope, id: &str) -> Result<()> {
    let done = sqlx::query("DELETE FROM users WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Err(DomainError::NotFound("user"));
    }
    Ok(())
}
