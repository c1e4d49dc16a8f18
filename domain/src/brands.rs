//! A client's brands and its variant attributes (Color, Size, …). Attributes are created by the
//! products that use them; here they are only looked up.
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::catalogue::{like_pattern, required_text};
use crate::db::{Conn, Sql};
use crate::{DomainError, Result, Scope, ids, time};

#[derive(Debug, Clone)]
pub struct Brand {
    pub id: String,
    pub name: String,
}

impl Brand {
    fn from_row(row: &AnyRow) -> Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
        })
    }
}

pub async fn list(conn: &mut Conn, scope: &Scope) -> Result<Vec<Brand>> {
    let rows =
        sqlx::query("SELECT id, name FROM brands WHERE client_id = $1 ORDER BY LOWER(name), id")
            .bind(&scope.client_id)
            .fetch_all(&mut *conn)
            .await?;
    rows.iter().map(Brand::from_row).collect()
}

/// A new brand. Names are unique per client regardless of case, so "Acme" and "ACME" cannot
/// both appear in the brand picker.
pub async fn create(conn: &mut Conn, scope: &Scope, raw_name: &str) -> Result<Brand> {
    let name = required_text("name", raw_name, 100)?;
    let taken: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM brands WHERE client_id = $1 AND LOWER(name) = LOWER($2)",
    )
    .bind(&scope.client_id)
    .bind(&name)
    .fetch_one(&mut *conn)
    .await?;
    if taken > 0 {
        return Err(DomainError::Conflict(
            "a brand with this name already exists".into(),
        ));
    }
    let id = ids::new_id();
    let now = time::now_db();
    sqlx::query("INSERT INTO brands (id, client_id, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)")
        .bind(&id)
        .bind(&scope.client_id)
        .bind(&name)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    Ok(Brand { id, name })
}

/// A brand of the caller's client; anything else is NOT_FOUND.
pub async fn get(conn: &mut Conn, scope: &Scope, id: &str) -> Result<Brand> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("brand"));
    }
    let row = sqlx::query("SELECT id, name FROM brands WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref()
        .map(Brand::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("brand"))
}

#[derive(Debug, Clone)]
pub struct Attribute {
    pub id: String,
    pub name: String,
}

pub async fn attributes(
    conn: &mut Conn,
    scope: &Scope,
    search: Option<&str>,
) -> Result<Vec<Attribute>> {
    let mut sql = Sql::new("SELECT id, name FROM attributes WHERE client_id = ");
    sql.bind(&scope.client_id);
    if let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) {
        sql.push(" AND LOWER(name) LIKE ")
            .bind(like_pattern(search))
            .push(" ESCAPE '\\'");
    }
    sql.push(" ORDER BY LOWER(name), id");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|r| {
            Ok(Attribute {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
            })
        })
        .collect()
}

/// The attribute of this name, created on first use. Names are matched exactly, as variants
/// carry them.
pub async fn attribute_by_name(conn: &mut Conn, scope: &Scope, name: &str) -> Result<Attribute> {
    let found = sqlx::query("SELECT id, name FROM attributes WHERE client_id = $1 AND name = $2")
        .bind(&scope.client_id)
        .bind(name)
        .fetch_optional(&mut *conn)
        .await?;
    if let Some(r) = found {
        return Ok(Attribute {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
        });
    }
    let id = ids::new_id();
    sqlx::query("INSERT INTO attributes (id, client_id, name, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(&scope.client_id)
        .bind(name)
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    Ok(Attribute {
        id,
        name: name.to_owned(),
    })
}
