//! Marketplace reference data kept locally: the TikTok category tree (shared by every client,
//! refreshed by `category.sync`) and each category's attributes (cached on first use).
//!
//! A sync writes every category it saw with one `synced_at`; rows it did not see keep an older
//! one. The current tree is therefore the set of rows carrying the newest `synced_at`, and a
//! category the marketplace dropped disappears from it without its row being deleted (templates
//! may still name it).
use serde_json::Value;
use sqlx::Row;

use crate::db::{Conn, Sql, flag};
use crate::shops::{SaleChannel, ShopConnection};
use crate::{Result, ids, time};

/// The TikTok category tree this deployment uses. US shops list in the v2 tree; v1 ids differ,
/// so every call that names a category (attributes, product create) must send this version.
pub const TIKTOK_CATEGORY_VERSION: &str = "v2";
/// The only target market the contract knows so far.
pub const TARGET_MARKET: &str = "US";

/// A category as the marketplace sent it.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCategory {
    pub external_id: String,
    /// `None` at the top level (TikTok sends `"0"`).
    pub parent_external_id: Option<String>,
    pub name: String,
    pub permission_statuses: Vec<String>,
    pub is_leaf: bool,
}

/// A category of the current local tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Category {
    /// The marketplace's id: what templates and listings send back.
    pub id: String,
    pub parent_id: Option<String>,
    pub name: String,
    pub permission_statuses: Vec<String>,
    pub is_leaf: bool,
}

/// What one sync changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeSync {
    /// Categories written (new or refreshed).
    pub seen: usize,
    /// Categories of earlier syncs the marketplace no longer sent.
    pub stale: i64,
}

/// Rows per INSERT: 8 placeholders each keeps a statement far below both engines' limits.
const CHUNK: usize = 100;

/// Writes the TikTok category tree as seen at `synced_at` (an RFC 3339 time from
/// [`time::now_db`]). Call it in one transaction so readers see the old tree or the new one,
/// never half of each. A row already written by a newer sync is left alone, so two syncs that
/// overlap end with the newer one's tree.
pub async fn replace_tiktok_categories(
    conn: &mut Conn,
    categories: &[NewCategory],
    synced_at: &str,
) -> Result<TreeSync> {
    for chunk in categories.chunks(CHUNK) {
        let mut sql = Sql::new(
            "INSERT INTO marketplace_categories (id, sale_channel, target_market, category_version, external_id, \
             parent_external_id, name, permission_statuses, is_leaf, synced_at, created_at, updated_at) VALUES ",
        );
        for (i, c) in chunk.iter().enumerate() {
            if i > 0 {
                sql.push(", ");
            }
            sql.push("(")
                .bind(ids::new_id())
                .push(", ")
                .bind(SaleChannel::Tiktok.as_str())
                .push(", 'US', ")
                .bind(TIKTOK_CATEGORY_VERSION)
                .push(", ");
            sql.bind(&c.external_id).push(", ");
            match &c.parent_external_id {
                Some(p) => sql.bind(p),
                None => sql.push("NULL"),
            };
            sql.push(", ").bind(&c.name).push(", ");
            sql.bind(serde_json::to_string(&c.permission_statuses).unwrap_or_else(|_| "[]".into()))
                .push(", ");
            sql.bind(c.is_leaf).push(", ");
            // The same time three times: synced, created (kept on update), updated.
            sql.bind(synced_at)
                .push(", ")
                .bind(synced_at)
                .push(", ")
                .bind(synced_at)
                .push(")");
        }
        sql.push(
            " ON CONFLICT (sale_channel, target_market, category_version, external_id) DO UPDATE SET \
             parent_external_id = excluded.parent_external_id, name = excluded.name, \
             permission_statuses = excluded.permission_statuses, is_leaf = excluded.is_leaf, \
             synced_at = excluded.synced_at, updated_at = excluded.updated_at \
             WHERE marketplace_categories.synced_at <= excluded.synced_at",
        );
        sql.query().execute(&mut *conn).await?;
    }
    let stale: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM marketplace_categories \
         WHERE sale_channel = $1 AND target_market = $2 AND category_version = $3 AND synced_at < $4",
    )
    .bind(SaleChannel::Tiktok.as_str())
    .bind(TARGET_MARKET)
    .bind(TIKTOK_CATEGORY_VERSION)
    .bind(synced_at)
    .fetch_one(&mut *conn)
    .await?;
    Ok(TreeSync {
        seen: categories.len(),
        stale,
    })
}

/// The current TikTok tree (the rows of the newest sync), parents before children is not
/// promised: callers build the tree from `parent_id`. Empty before the first sync.
pub async fn tiktok_categories(conn: &mut Conn) -> Result<Vec<Category>> {
    let rows = sqlx::query(
        "SELECT external_id, parent_external_id, name, permission_statuses, is_leaf FROM marketplace_categories c \
         WHERE c.sale_channel = $1 AND c.target_market = $2 AND c.category_version = $3 \
           AND c.synced_at = (SELECT MAX(m.synced_at) FROM marketplace_categories m \
                              WHERE m.sale_channel = $1 AND m.target_market = $2 AND m.category_version = $3) \
         ORDER BY c.name, c.external_id",
    )
    .bind(SaleChannel::Tiktok.as_str())
    .bind(TARGET_MARKET)
    .bind(TIKTOK_CATEGORY_VERSION)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            let statuses: String = row.try_get("permission_statuses")?;
            Ok(Category {
                id: row.try_get("external_id")?,
                parent_id: row.try_get("parent_external_id")?,
                name: row.try_get("name")?,
                permission_statuses: serde_json::from_str(&statuses).unwrap_or_default(),
                is_leaf: flag(row, "is_leaf")?,
            })
        })
        .collect()
}

/// True once a sync has stored a tree.
pub async fn has_tiktok_categories(conn: &mut Conn) -> Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM marketplace_categories WHERE sale_channel = $1 AND target_market = $2 AND category_version = $3",
    )
    .bind(SaleChannel::Tiktok.as_str())
    .bind(TARGET_MARKET)
    .bind(TIKTOK_CATEGORY_VERSION)
    .fetch_one(&mut *conn)
    .await?;
    Ok(n > 0)
}

/// A category's attributes as last fetched: the marketplace's JSON and when it was fetched.
#[derive(Debug, Clone)]
pub struct CachedAttributes {
    pub attributes: Value,
    pub synced_at: time::Timestamp,
}

pub async fn cached_tiktok_attributes(
    conn: &mut Conn,
    category_id: &str,
) -> Result<Option<CachedAttributes>> {
    let row = sqlx::query(
        "SELECT attributes, synced_at FROM marketplace_category_attributes \
         WHERE sale_channel = $1 AND target_market = $2 AND category_version = $3 AND category_external_id = $4",
    )
    .bind(SaleChannel::Tiktok.as_str())
    .bind(TARGET_MARKET)
    .bind(TIKTOK_CATEGORY_VERSION)
    .bind(category_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let text: String = row.try_get("attributes")?;
    let synced: String = row.try_get("synced_at")?;
    Ok(Some(CachedAttributes {
        // A row we wrote ourselves; an unreadable one counts as missing and is fetched again.
        attributes: match serde_json::from_str(&text) {
            Ok(v) => v,
            Err(_) => return Ok(None),
        },
        synced_at: time::from_db(&synced),
    }))
}

/// Stores a category's attributes (the marketplace's JSON array), replacing the cached copy.
pub async fn store_tiktok_attributes(
    conn: &mut Conn,
    category_id: &str,
    attributes: &Value,
) -> Result<()> {
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO marketplace_category_attributes (id, sale_channel, target_market, category_version, \
           category_external_id, attributes, synced_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
         ON CONFLICT (sale_channel, target_market, category_version, category_external_id) DO UPDATE SET \
           attributes = excluded.attributes, synced_at = excluded.synced_at",
    )
    .bind(ids::new_id())
    .bind(SaleChannel::Tiktok.as_str())
    .bind(TARGET_MARKET)
    .bind(TIKTOK_CATEGORY_VERSION)
    .bind(category_id)
    .bind(attributes.to_string())
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A category's rules as last fetched (`completeness::CategoryRules`), and when.
#[derive(Debug, Clone)]
pub struct CachedRules {
    pub rules: crate::completeness::CategoryRules,
    pub fetched_at: time::Timestamp,
}

pub async fn cached_rules(
    conn: &mut Conn,
    channel: SaleChannel,
    category_id: &str,
) -> Result<Option<CachedRules>> {
    let row = sqlx::query(
        "SELECT rules, fetched_at FROM marketplace_category_rules WHERE sale_channel = $1 AND category_id = $2",
    )
    .bind(channel.as_str())
    .bind(category_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let text: String = row.try_get("rules")?;
    let fetched: String = row.try_get("fetched_at")?;
    // A row we wrote ourselves; an unreadable one (an older shape) counts as missing.
    let Ok(rules) = serde_json::from_str(&text) else {
        return Ok(None);
    };
    Ok(Some(CachedRules {
        rules,
        fetched_at: time::from_db(&fetched),
    }))
}

/// Keeps a category's rules, replacing the cached copy.
pub async fn store_rules(
    conn: &mut Conn,
    channel: SaleChannel,
    rules: &crate::completeness::CategoryRules,
) -> Result<()> {
    let text = serde_json::to_string(rules)
        .map_err(|e| crate::DomainError::Internal(format!("category rules: {e}")))?;
    sqlx::query(
        "INSERT INTO marketplace_category_rules (sale_channel, category_id, rules, fetched_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (sale_channel, category_id) DO UPDATE SET rules = excluded.rules, fetched_at = excluded.fetched_at",
    )
    .bind(channel.as_str())
    .bind(&rules.category_id)
    .bind(text)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A connected TikTok shop that can answer marketplace look-ups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectedShop {
    pub client_id: String,
    pub shop_id: String,
}

/// Connected TikTok shops, most recently authorised first (the likeliest to hold a working
/// grant): those a scope works on (a STAFF user's assigned ones), or of any client when `scope`
/// is `None` (shared reference data such as the category tree). At most `limit`.
pub async fn connected_tiktok_shops(
    conn: &mut Conn,
    scope: Option<&crate::Scope>,
    limit: i64,
) -> Result<Vec<ConnectedShop>> {
    let mut sql = Sql::new("SELECT id, client_id FROM shops WHERE sale_channel = ");
    sql.bind(SaleChannel::Tiktok.as_str())
        .push(" AND connection = ")
        .bind(ShopConnection::Connected.as_str())
        .push(" AND access_token_encrypted IS NOT NULL AND shop_cipher IS NOT NULL");
    if let Some(scope) = scope {
        sql.push(" AND client_id = ").bind(&scope.client_id);
        scope.push_shop_filter(&mut sql, "id");
    }
    sql.push(" ORDER BY authorized_at DESC, id LIMIT ")
        .bind(limit.clamp(1, 100));
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|row| {
            Ok(ConnectedShop {
                client_id: row.try_get("client_id")?,
                shop_id: row.try_get("id")?,
            })
        })
        .collect()
}
