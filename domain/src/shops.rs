//! Shops. This area grows with the marketplace connectors; for now what users need to see.
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::db::{Conn, Sql};
use crate::paging::{Page, PageRequest};
use crate::{DomainError, Result, Role, ids, stored, time};

pub use crate::shop_products::LiveStatus;

/// Where a shop sells. What Sellerdesk can do on each channel is asked of the channel (the
/// `supports_*` methods), so a new channel is one match arm each, not a hunt for comparisons.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum SaleChannel {
    Amazon,
    Tiktok,
    Walmart,
}

impl SaleChannel {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// A seller can connect a shop of this channel (the consent flow and its tokens).
    pub fn supports_authorization(self) -> bool {
        matches!(self, SaleChannel::Tiktok | SaleChannel::Amazon)
    }

    /// A seller connects a shop of this channel with an API key pair it enters
    /// (`connectWalmartShop`), not a consent link.
    pub fn supports_key_pair(self) -> bool {
        matches!(self, SaleChannel::Walmart)
    }

    /// Products can be listed on a shop of this channel (listing.publish and its kin).
    pub fn supports_listing(self) -> bool {
        matches!(
            self,
            SaleChannel::Tiktok | SaleChannel::Amazon | SaleChannel::Walmart
        )
    }

    /// A product can be kept on a shop of this channel as a draft (`AS_DRAFT`). Amazon and
    /// Walmart have none: what is submitted there is offered once processed.
    pub fn supports_drafts(self) -> bool {
        matches!(self, SaleChannel::Tiktok)
    }

    /// The marketplace look-ups of the contract (categories, brands, products, activities)
    /// can be asked through a shop of this channel.
    pub fn supports_lookups(self) -> bool {
        matches!(self, SaleChannel::Tiktok)
    }

    /// Flash-sale promotions can run on a shop of this channel.
    pub fn supports_promotions(self) -> bool {
        matches!(self, SaleChannel::Tiktok)
    }

    /// The commission (percent of an order's total) a new shop of this channel starts with,
    /// which the seller may change: what orders' fees are estimated at until the marketplace
    /// settles them. Amazon: the Clothing & Accessories referral fee on items over $20 (17 %),
    /// what a print-on-demand tee sells at; Walmart: its Apparel & Accessories referral fee
    /// (15 %). TikTok's rates vary by category and promotion programme: the seller enters it.
    pub fn default_commission_percent(self) -> f64 {
        match self {
            SaleChannel::Tiktok => 0.0,
            SaleChannel::Amazon => 17.0,
            SaleChannel::Walmart => 15.0,
        }
    }
}

/// Whether Sellerdesk holds a working grant for a shop.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ShopConnection {
    /// Tokens work: marketplace calls can be made.
    Connected,
    /// The grant is gone: the seller must authorise the shop again.
    Open,
}

impl ShopConnection {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// How long a consent link stays usable.
pub const STATE_LIFETIME: std::time::Duration = std::time::Duration::from_secs(30 * 60);

#[derive(Debug, Clone)]
pub struct Shop {
    pub id: String,
    pub name: String,
    pub sale_channel: SaleChannel,
    pub target_market: String,
    pub commission_rate: f64,
    pub status: LiveStatus,
    pub connection: ShopConnection,
    pub last_synced_at: Option<time::Timestamp>,
    pub created_at: time::Timestamp,
}

/// The shops assigned to a user (STAFF work only on these).
pub async fn of_user(conn: &mut Conn, user_id: &str) -> Result<Vec<Shop>> {
    let rows = sqlx::query(
        "SELECT s.* FROM shops s JOIN user_shops us ON us.shop_id = s.id WHERE us.user_id = $1 ORDER BY s.name",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(Shop::from_row).collect()
}

impl Shop {
    pub fn from_row(row: &sqlx::any::AnyRow) -> Result<Shop> {
        Ok(Shop {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            sale_channel: stored::column(row, "shops", "sale_channel")?,
            target_market: row.try_get("target_market")?,
            commission_rate: row.try_get("commission_rate")?,
            status: stored::column(row, "shops", "status")?,
            connection: stored::column(row, "shops", "connection")?,
            last_synced_at: row
                .try_get::<Option<String>, _>("last_synced_at")?
                .map(|t| time::from_db(&t)),
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        })
    }
}

/// A shop of the scope's client; STAFF see only their assigned shops (others are NOT_FOUND).
pub async fn get(conn: &mut Conn, scope: &crate::Scope, shop_id: &str) -> Result<Shop> {
    let mut sql = Sql::new("SELECT s.* FROM shops s WHERE s.id = ");
    sql.bind(shop_id)
        .push(" AND s.client_id = ")
        .bind(&scope.client_id);
    scope.push_shop_filter(&mut sql, "s.id");
    let row = sql.query().fetch_optional(&mut *conn).await?;
    row.as_ref()
        .map(Shop::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("shop"))
}

fn digest(raw: &str) -> String {
    hex::encode(Sha256::digest(raw.as_bytes()))
}

/// Starts a consent flow: returns the raw `state` to put on the link; only its hash is kept.
pub async fn create_state(
    conn: &mut Conn,
    scope: &crate::Scope,
    sale_channel: SaleChannel,
    target_market: &str,
) -> Result<String> {
    let mut bytes = [0u8; 24];
    rand::rng().fill_bytes(&mut bytes);
    let raw = hex::encode(bytes);
    sqlx::query(
        "INSERT INTO shop_authorization_states (id, client_id, user_id, state_hash, sale_channel, target_market, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(ids::new_id())
    .bind(&scope.client_id)
    .bind(&scope.user_id)
    .bind(digest(&raw))
    .bind(sale_channel.as_str())
    .bind(target_market)
    .bind(time::after(STATE_LIFETIME))
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(raw)
}

/// A consent flow's state, once used.
#[derive(Debug, Clone)]
pub struct UsedState {
    pub id: String,
    pub sale_channel: SaleChannel,
    pub target_market: String,
}

/// What using a state found.
#[derive(Debug, Clone)]
pub enum StateUse {
    /// First use: go on and connect.
    Fresh(UsedState),
    /// Used before and finished: the shop it connected (a repeated callback).
    Repeated(String),
}

/// Uses a state of the caller's client once. One conditional UPDATE, so two concurrent uses
/// cannot both connect. Unknown, expired, other client's, or used but unfinished: BAD_USER_INPUT.
pub async fn use_state(conn: &mut Conn, scope: &crate::Scope, raw: &str) -> Result<StateUse> {
    let hash = digest(raw.trim());
    let now = time::now_db();
    let row = sqlx::query(
        "UPDATE shop_authorization_states SET used_at = $1 \
         WHERE state_hash = $2 AND client_id = $3 AND used_at IS NULL AND expires_at > $1 \
         RETURNING id, sale_channel, target_market",
    )
    .bind(&now)
    .bind(&hash)
    .bind(&scope.client_id)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(row) = row {
        return Ok(StateUse::Fresh(UsedState {
            id: row.try_get("id")?,
            sale_channel: stored::column(&row, "shop_authorization_states", "sale_channel")?,
            target_market: row.try_get("target_market")?,
        }));
    }
    let shop: Option<Option<String>> = sqlx::query_scalar(
        "SELECT shop_id FROM shop_authorization_states WHERE state_hash = $1 AND client_id = $2 AND used_at IS NOT NULL",
    )
    .bind(&hash)
    .bind(&scope.client_id)
    .fetch_optional(&mut *conn)
    .await?;
    match shop {
        Some(Some(shop_id)) => Ok(StateUse::Repeated(shop_id)),
        _ => Err(DomainError::bad_input(
            "state",
            "this authorisation link is unknown, expired or already used: start again",
        )),
    }
}

/// Looks at a state without using it: `Repeated` for a finished one, an error for an unknown,
/// expired or other client's one, `Fresh` otherwise. Lets the caller check the state before a
/// remote call, and use it (with [`use_state`]) only in the transaction that connects.
pub async fn peek_state(conn: &mut Conn, scope: &crate::Scope, raw: &str) -> Result<StateUse> {
    let row = sqlx::query(
        "SELECT id, sale_channel, target_market, used_at, shop_id, expires_at FROM shop_authorization_states \
         WHERE state_hash = $1 AND client_id = $2",
    )
    .bind(digest(raw.trim()))
    .bind(&scope.client_id)
    .fetch_optional(&mut *conn)
    .await?;
    let bad = || {
        DomainError::bad_input(
            "state",
            "this authorisation link is unknown, expired or already used: start again",
        )
    };
    let Some(row) = row else { return Err(bad()) };
    let used_at: Option<String> = row.try_get("used_at")?;
    let shop_id: Option<String> = row.try_get("shop_id")?;
    let expires_at: String = row.try_get("expires_at")?;
    match (used_at, shop_id) {
        (Some(_), Some(shop_id)) => Ok(StateUse::Repeated(shop_id)),
        (Some(_), None) => Err(bad()),
        (None, _) if expires_at <= time::now_db() => Err(bad()),
        (None, _) => Ok(StateUse::Fresh(UsedState {
            id: row.try_get("id")?,
            sale_channel: stored::column(&row, "shop_authorization_states", "sale_channel")?,
            target_market: row.try_get("target_market")?,
        })),
    }
}

pub async fn finish_state(conn: &mut Conn, state_id: &str, shop_id: &str) -> Result<()> {
    sqlx::query("UPDATE shop_authorization_states SET shop_id = $1 WHERE id = $2")
        .bind(shop_id)
        .bind(state_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A TikTok shop as the marketplace granted it, with its tokens already sealed.
#[derive(Debug, Clone)]
pub struct GrantedTiktokShop {
    pub external_shop_id: String,
    pub name: String,
    pub shop_code: String,
    pub shop_cipher: String,
    pub region: String,
    pub seller_type: String,
    pub seller_name: String,
    pub open_id: String,
    pub granted_scopes: Vec<String>,
    pub access_sealed: String,
    pub access_expires_at: i64,
    pub refresh_sealed: String,
    pub refresh_expires_at: i64,
}

/// The shop of the client with this marketplace id, if connected before.
pub async fn find_external(
    conn: &mut Conn,
    client_id: &str,
    sale_channel: SaleChannel,
    external_shop_id: &str,
) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM shops WHERE client_id = $1 AND sale_channel = $2 AND external_shop_id = $3",
    )
    .bind(client_id)
    .bind(sale_channel.as_str())
    .bind(external_shop_id)
    .fetch_optional(&mut *conn)
    .await?)
}

/// Connects a granted shop: a new row, or the same row updated when the client connected this
/// store before (re-authorisation keeps its id, products and orders). Returns the shop id.
pub async fn upsert_tiktok(
    conn: &mut Conn,
    client_id: &str,
    user_id: Option<&str>,
    target_market: &str,
    g: &GrantedTiktokShop,
) -> Result<String> {
    let at = |secs: i64| {
        time::to_db(chrono::DateTime::from_timestamp(secs, 0).unwrap_or_else(time::now))
    };
    let now = time::now_db();
    let id: String = sqlx::query_scalar(
        "INSERT INTO shops (id, client_id, name, sale_channel, target_market, status, connection, external_shop_id, shop_code, \
           shop_cipher, open_id, seller_name, shop_region, seller_type, granted_scopes, access_token_encrypted, access_token_expires_at, \
           refresh_token_encrypted, refresh_token_expires_at, authorized_at, created_by_user_id, created_at, updated_at) \
         VALUES ($1, $2, $3, 'TIKTOK', $4, 'LIVE', 'CONNECTED', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $17, $17) \
         ON CONFLICT (client_id, sale_channel, external_shop_id) DO UPDATE SET \
           shop_code = excluded.shop_code, shop_cipher = excluded.shop_cipher, open_id = excluded.open_id, \
           seller_name = excluded.seller_name, shop_region = excluded.shop_region, seller_type = excluded.seller_type, \
           granted_scopes = excluded.granted_scopes, access_token_encrypted = excluded.access_token_encrypted, \
           access_token_expires_at = excluded.access_token_expires_at, refresh_token_encrypted = excluded.refresh_token_encrypted, \
           refresh_token_expires_at = excluded.refresh_token_expires_at, authorized_at = excluded.authorized_at, \
           connection = 'CONNECTED', updated_at = excluded.updated_at \
         RETURNING id",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(if g.name.is_empty() { &g.external_shop_id } else { &g.name })
    .bind(target_market)
    .bind(&g.external_shop_id)
    .bind(&g.shop_code)
    .bind(&g.shop_cipher)
    .bind(&g.open_id)
    .bind(&g.seller_name)
    .bind(&g.region)
    .bind(&g.seller_type)
    .bind(serde_json::to_string(&g.granted_scopes).unwrap_or_else(|_| "[]".into()))
    .bind(&g.access_sealed)
    .bind(at(g.access_expires_at))
    .bind(&g.refresh_sealed)
    .bind(at(g.refresh_expires_at))
    .bind(&now)
    .bind(user_id.map(str::to_owned))
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}

/// An Amazon seller that granted the app access: the selling partner, its store name and its
/// LWA tokens, sealed.
#[derive(Debug, Clone)]
pub struct GrantedAmazonSeller {
    pub selling_partner_id: String,
    pub name: String,
    pub region: Option<String>,
    pub access_sealed: String,
    pub access_expires_at: i64,
    pub refresh_sealed: String,
}

/// Connects (or reconnects in place) an Amazon seller as a shop of the client.
pub async fn upsert_amazon(
    conn: &mut Conn,
    client_id: &str,
    user_id: Option<&str>,
    target_market: &str,
    g: &GrantedAmazonSeller,
) -> Result<String> {
    let expires = time::to_db(
        chrono::DateTime::from_timestamp(g.access_expires_at, 0).unwrap_or_else(time::now),
    );
    let now = time::now_db();
    let id: String = sqlx::query_scalar(
        "INSERT INTO shops (id, client_id, name, sale_channel, target_market, status, connection, external_shop_id, \
           seller_name, shop_region, access_token_encrypted, access_token_expires_at, refresh_token_encrypted, \
           authorized_at, created_by_user_id, created_at, updated_at, commission_rate) \
         VALUES ($1, $2, $3, 'AMAZON', $4, 'LIVE', 'CONNECTED', $5, $3, $6, $7, $8, $9, $10, $11, $10, $10, CAST($12 AS DOUBLE PRECISION)) \
         ON CONFLICT (client_id, sale_channel, external_shop_id) DO UPDATE SET \
           seller_name = excluded.seller_name, shop_region = excluded.shop_region, \
           access_token_encrypted = excluded.access_token_encrypted, access_token_expires_at = excluded.access_token_expires_at, \
           refresh_token_encrypted = excluded.refresh_token_encrypted, authorized_at = excluded.authorized_at, \
           connection = 'CONNECTED', updated_at = excluded.updated_at \
         RETURNING id",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(if g.name.is_empty() { &g.selling_partner_id } else { &g.name })
    .bind(target_market)
    .bind(&g.selling_partner_id)
    .bind(&g.region)
    .bind(&g.access_sealed)
    .bind(expires)
    .bind(&g.refresh_sealed)
    .bind(&now)
    .bind(user_id.map(str::to_owned))
    .bind(SaleChannel::Amazon.default_commission_percent())
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}

/// Connects (or reconnects in place, with a new secret) a Walmart seller account by its API key
/// pair; the secret arrives sealed.
pub async fn upsert_walmart(
    conn: &mut Conn,
    client_id: &str,
    user_id: Option<&str>,
    target_market: &str,
    name: &str,
    api_client_id: &str,
    secret_sealed: &str,
) -> Result<String> {
    let now = time::now_db();
    let id: String = sqlx::query_scalar(
        "INSERT INTO shops (id, client_id, name, sale_channel, target_market, status, connection, external_shop_id, \
           api_secret_encrypted, authorized_at, created_by_user_id, created_at, updated_at, commission_rate) \
         VALUES ($1, $2, $3, 'WALMART', $4, 'LIVE', 'CONNECTED', $5, $6, $7, $8, $7, $7, CAST($9 AS DOUBLE PRECISION)) \
         ON CONFLICT (client_id, sale_channel, external_shop_id) DO UPDATE SET \
           api_secret_encrypted = excluded.api_secret_encrypted, authorized_at = excluded.authorized_at, \
           connection = 'CONNECTED', updated_at = excluded.updated_at \
         RETURNING id",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(name)
    .bind(target_market)
    .bind(api_client_id)
    .bind(secret_sealed)
    .bind(&now)
    .bind(user_id.map(str::to_owned))
    .bind(SaleChannel::Walmart.default_commission_percent())
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}

/// Stores an Amazon shop's refreshed access token (the refresh token stays the same).
pub async fn store_access_token(
    conn: &mut Conn,
    shop_id: &str,
    access_sealed: &str,
    access_expires_at: i64,
) -> Result<()> {
    let expires = time::to_db(
        chrono::DateTime::from_timestamp(access_expires_at, 0).unwrap_or_else(time::now),
    );
    sqlx::query(
        "UPDATE shops SET access_token_encrypted = $1, access_token_expires_at = $2, connection = $5, updated_at = $3 WHERE id = $4",
    )
    .bind(access_sealed)
    .bind(expires)
    .bind(time::now_db())
    .bind(shop_id)
    .bind(ShopConnection::Connected.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// True when `shop_id` is a shop the scope works on.
pub async fn exists(conn: &mut Conn, scope: &crate::Scope, shop_id: &str) -> Result<bool> {
    let mut sql = Sql::new("SELECT COUNT(*) FROM shops s WHERE s.id = ");
    sql.bind(shop_id)
        .push(" AND s.client_id = ")
        .bind(&scope.client_id);
    scope.push_shop_filter(&mut sql, "s.id");
    let n: i64 = sql.query_scalar().fetch_one(&mut *conn).await?;
    Ok(n > 0)
}

/// Assigns a shop to a user; assigning twice is a no-op.
pub async fn assign(
    conn: &mut Conn,
    scope: &crate::Scope,
    user_id: &str,
    shop_id: &str,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO user_shops (client_id, user_id, shop_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(&scope.client_id)
    .bind(user_id)
    .bind(shop_id)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// What a marketplace call about one shop needs, tokens still sealed.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub shop_id: String,
    pub client_id: String,
    pub sale_channel: SaleChannel,
    pub connection: ShopConnection,
    pub external_shop_id: String,
    pub shop_cipher: Option<String>,
    pub access_token_sealed: Option<String>,
    /// Unix seconds, as the marketplace said.
    pub access_token_expires_at: Option<i64>,
    pub refresh_token_sealed: Option<String>,
    pub refresh_token_expires_at: Option<i64>,
    /// Walmart: the seller's API client secret, sealed (the client id is `external_shop_id`).
    pub api_secret_sealed: Option<String>,
}

/// The credentials of a shop of `client_id` (workers pass the job's client).
pub async fn credentials(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
) -> Result<Option<Credentials>> {
    let row = sqlx::query(
        "SELECT id, client_id, sale_channel, connection, external_shop_id, shop_cipher, access_token_encrypted, \
         access_token_expires_at, refresh_token_encrypted, refresh_token_expires_at, api_secret_encrypted \
         FROM shops WHERE id = $1 AND client_id = $2",
    )
    .bind(shop_id)
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let unix = |col: &str| -> Result<Option<i64>> {
        let text: Option<String> = row.try_get(col)?;
        Ok(text.map(|t| time::from_db(&t).timestamp()))
    };
    Ok(Some(Credentials {
        shop_id: row.try_get("id")?,
        client_id: row.try_get("client_id")?,
        sale_channel: stored::column(&row, "shops", "sale_channel")?,
        connection: stored::column(&row, "shops", "connection")?,
        external_shop_id: row.try_get("external_shop_id")?,
        shop_cipher: row.try_get("shop_cipher")?,
        access_token_sealed: row.try_get("access_token_encrypted")?,
        access_token_expires_at: unix("access_token_expires_at")?,
        refresh_token_sealed: row.try_get("refresh_token_encrypted")?,
        refresh_token_expires_at: unix("refresh_token_expires_at")?,
        api_secret_sealed: row.try_get("api_secret_encrypted")?,
    }))
}

/// Stores freshly issued tokens (already sealed) with their expiry (Unix seconds).
pub async fn store_tokens(
    conn: &mut Conn,
    shop_id: &str,
    access_sealed: &str,
    access_expires_at: i64,
    refresh_sealed: &str,
    refresh_expires_at: i64,
) -> Result<()> {
    let at = |secs: i64| {
        time::to_db(chrono::DateTime::from_timestamp(secs, 0).unwrap_or_else(time::now))
    };
    sqlx::query(
        "UPDATE shops SET access_token_encrypted = $1, access_token_expires_at = $2, refresh_token_encrypted = $3, \
         refresh_token_expires_at = $4, connection = $7, updated_at = $5 WHERE id = $6",
    )
    .bind(access_sealed)
    .bind(at(access_expires_at))
    .bind(refresh_sealed)
    .bind(at(refresh_expires_at))
    .bind(time::now_db())
    .bind(shop_id)
    .bind(ShopConnection::Connected.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Every connected shop of every client, whatever its channel, as (client, shop), the longest
/// unsynced first: what the scheduled sync visits.
pub async fn connected_for_sync(conn: &mut Conn) -> Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT client_id, id FROM shops WHERE connection = $1
         ORDER BY COALESCE(last_synced_at, ''), id",
    )
    .bind(ShopConnection::Connected.as_str())
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("client_id")?, r.try_get("id")?)))
        .collect()
}

/// Marks a shop whose grant is gone: the seller must authorise it again.
pub async fn mark_disconnected(conn: &mut Conn, shop_id: &str) -> Result<()> {
    sqlx::query("UPDATE shops SET connection = $3, updated_at = $1 WHERE id = $2")
        .bind(time::now_db())
        .bind(shop_id)
        .bind(ShopConnection::Open.as_str())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

#[derive(Debug, Clone, Default)]
pub struct ShopFilter {
    pub search: Option<String>,
    pub sale_channel: Option<SaleChannel>,
}

/// The shops the scope may see: the client's, or a STAFF user's assigned ones.
fn visible(base: &'static str, scope: &crate::Scope, filter: &ShopFilter) -> Sql {
    let mut sql = Sql::new(base);
    sql.bind(&scope.client_id);
    scope.push_shop_filter(&mut sql, "s.id");
    if let Some(p) = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(crate::catalogue::like_pattern)
    {
        sql.push(" AND LOWER(s.name) LIKE ")
            .bind(p)
            .push(" ESCAPE '\\'");
    }
    if let Some(channel) = filter.sale_channel {
        sql.push(" AND s.sale_channel = ").bind(channel.as_str());
    }
    sql
}

pub async fn list(
    conn: &mut Conn,
    scope: &crate::Scope,
    filter: &ShopFilter,
    page: PageRequest,
) -> Result<Page<Shop>> {
    let total: i64 = visible(
        "SELECT COUNT(*) FROM shops s WHERE s.client_id = ",
        scope,
        filter,
    )
    .query_scalar()
    .fetch_one(&mut *conn)
    .await?;
    let mut sql = visible(
        "SELECT s.* FROM shops s WHERE s.client_id = ",
        scope,
        filter,
    );
    sql.push(" ORDER BY s.created_at DESC, s.id DESC LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let items = rows.iter().map(Shop::from_row).collect::<Result<_>>()?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// Renames a shop or changes its commission (a share of each sale, 0 to 100 percent).
pub async fn update(
    conn: &mut Conn,
    scope: &crate::Scope,
    id: &str,
    name: Option<&str>,
    commission_rate: Option<f64>,
) -> Result<Shop> {
    let current = get(conn, scope, id).await?;
    let name = match name {
        Some(n) => crate::catalogue::required_text("name", n, 200)?,
        None => current.name.clone(),
    };
    let rate = match commission_rate {
        Some(r) if !r.is_finite() || !(0.0..=100.0).contains(&r) => {
            return Err(DomainError::bad_input(
                "commissionRate",
                "must be between 0 and 100",
            ));
        }
        Some(r) => r,
        None => current.commission_rate,
    };
    sqlx::query("UPDATE shops SET name = $1, commission_rate = CAST($2 AS DOUBLE PRECISION), updated_at = $3 WHERE id = $4 AND client_id = $5")
        .bind(&name)
        .bind(rate.to_string())
        .bind(time::now_db())
        .bind(id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    get(conn, scope, id).await
}

/// Forgets a shop and everything synced from it (warehouses, listings, orders); the products
/// of the catalogue stay. The marketplace keeps its copy: this only disconnects Sellerdesk.
pub async fn remove(conn: &mut Conn, scope: &crate::Scope, id: &str) -> Result<()> {
    get(conn, scope, id).await?;
    sqlx::query("DELETE FROM shops WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Sets exactly which STAFF users work on a shop. Run in a transaction.
pub async fn reassign(
    conn: &mut Conn,
    scope: &crate::Scope,
    shop_id: &str,
    user_ids: &[String],
) -> Result<Shop> {
    let shop = get(conn, scope, shop_id).await?;
    for (i, user_id) in user_ids.iter().enumerate() {
        let role: Option<String> = if crate::ids::looks_like_id(user_id) {
            sqlx::query_scalar("SELECT role FROM users WHERE id = $1 AND client_id = $2")
                .bind(user_id)
                .bind(&scope.client_id)
                .fetch_optional(&mut *conn)
                .await?
        } else {
            None
        };
        let role = role
            .map(|r| stored::decode::<Role>("users", "role", &r))
            .transpose()?;
        match role {
            // Another client's user, like an unknown id, is NOT_FOUND.
            None => return Err(DomainError::NotFound("user")),
            Some(Role::Staff) => {}
            Some(_) => {
                return Err(DomainError::bad_input(
                    format!("userIds.{i}"),
                    "only STAFF users are assigned shops; admins see every shop",
                ));
            }
        }
    }
    sqlx::query("DELETE FROM user_shops WHERE shop_id = $1 AND client_id = $2")
        .bind(shop_id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    for user_id in user_ids {
        assign(conn, scope, user_id, shop_id).await?;
    }
    Ok(shop)
}

/// The STAFF users assigned to a shop.
pub async fn assigned_user_ids(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT user_id FROM user_shops WHERE shop_id = $1 AND client_id = $2 ORDER BY created_at",
    )
    .bind(shop_id)
    .bind(client_id)
    .fetch_all(&mut *conn)
    .await?)
}

#[derive(Debug, Clone)]
pub struct Warehouse {
    pub id: String,
    pub external_id: String,
    pub name: String,
    pub is_default: bool,
    pub warehouse_type: Option<String>,
    pub additional_data: Option<serde_json::Value>,
}

/// The warehouses of a shop the scope may see, default first.
pub async fn warehouses(
    conn: &mut Conn,
    scope: &crate::Scope,
    shop_id: &str,
) -> Result<Vec<Warehouse>> {
    get(conn, scope, shop_id).await?;
    warehouses_of(conn, &scope.client_id, shop_id).await
}

pub async fn warehouses_of(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
) -> Result<Vec<Warehouse>> {
    let rows = sqlx::query("SELECT * FROM warehouses WHERE shop_id = $1 AND client_id = $2 ORDER BY is_default DESC, name")
        .bind(shop_id)
        .bind(client_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(Warehouse {
                id: row.try_get("id")?,
                external_id: row.try_get("external_id")?,
                name: row.try_get("name")?,
                is_default: crate::db::flag(row, "is_default")?,
                warehouse_type: row.try_get("warehouse_type")?,
                additional_data: row
                    .try_get::<Option<String>, _>("additional_data")?
                    .and_then(|t| serde_json::from_str(&t).ok()),
            })
        })
        .collect()
}

pub async fn warehouse_count(conn: &mut Conn, client_id: &str, shop_id: &str) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM warehouses WHERE shop_id = $1 AND client_id = $2")
            .bind(shop_id)
            .bind(client_id)
            .fetch_one(&mut *conn)
            .await?,
    )
}

/// Where the incremental sync of a shop resumes (JSON object per resource).
pub async fn sync_cursor(conn: &mut Conn, shop_id: &str) -> Result<serde_json::Value> {
    let text: Option<String> = sqlx::query_scalar("SELECT sync_cursor FROM shops WHERE id = $1")
        .bind(shop_id)
        .fetch_optional(&mut *conn)
        .await?
        .flatten();
    Ok(text
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| serde_json::json!({})))
}

/// Records a finished sync and where the next one resumes.
pub async fn finish_sync(conn: &mut Conn, shop_id: &str, cursor: &serde_json::Value) -> Result<()> {
    let now = time::now_db();
    sqlx::query(
        "UPDATE shops SET sync_cursor = $1, last_synced_at = $2, updated_at = $2 WHERE id = $3",
    )
    .bind(cursor.to_string())
    .bind(&now)
    .bind(shop_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The marketplace id of the warehouse new listings stock: the default enabled sales one.
pub async fn default_sales_warehouse(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
) -> Result<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT external_id FROM warehouses WHERE shop_id = $1 AND client_id = $2          AND (warehouse_type IS NULL OR warehouse_type = 'SALES_WAREHOUSE') AND (effect_status IS NULL OR effect_status = 'ENABLED')          ORDER BY is_default DESC, name LIMIT 1",
    )
    .bind(shop_id)
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?)
}

/// A warehouse as the marketplace sent it.
#[derive(Debug, Clone, PartialEq)]
pub struct NewWarehouse {
    pub external_id: String,
    pub name: String,
    /// The marketplace's own flag (TikTok marks one default per warehouse type).
    pub is_default: bool,
    /// TikTok `SALES_WAREHOUSE` or `RETURN_WAREHOUSE`: SKU inventory must name a sales one.
    pub warehouse_type: Option<String>,
    /// TikTok `ENABLED`, `DISABLED` or `RESTRICTED`.
    pub effect_status: Option<String>,
    /// Everything else worth showing (address, sub type), as JSON.
    pub additional_data: serde_json::Value,
}

/// What [`replace_warehouses`] changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WarehouseSync {
    /// Warehouses written (new or refreshed).
    pub kept: usize,
    /// Warehouses the marketplace no longer returned, deleted.
    pub removed: u64,
}

/// Makes the shop's warehouses exactly `warehouses`: upserts each by its marketplace id
/// (unique per shop) and deletes the ones not in the list. `shop_id` must be a shop of
/// `client_id` (NOT_FOUND otherwise). Idempotent; call it inside a transaction so readers never
/// see a half-replaced list. Used by `warehouse.sync` and `shop.sync`.
pub async fn replace_warehouses(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    warehouses: &[NewWarehouse],
) -> Result<WarehouseSync> {
    let owned: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM shops WHERE id = $1 AND client_id = $2")
            .bind(shop_id)
            .bind(client_id)
            .fetch_one(&mut *conn)
            .await?;
    if owned == 0 {
        return Err(DomainError::NotFound("shop"));
    }
    let now = time::now_db();
    for w in warehouses {
        sqlx::query(
            "INSERT INTO warehouses (id, client_id, shop_id, external_id, name, is_default, warehouse_type, effect_status, \
               additional_data, synced_at, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $10) \
             ON CONFLICT (shop_id, external_id) DO UPDATE SET \
               name = excluded.name, is_default = excluded.is_default, warehouse_type = excluded.warehouse_type, \
               effect_status = excluded.effect_status, additional_data = excluded.additional_data, \
               synced_at = excluded.synced_at, updated_at = excluded.updated_at",
        )
        .bind(ids::new_id())
        .bind(client_id)
        .bind(shop_id)
        .bind(&w.external_id)
        .bind(&w.name)
        .bind(w.is_default)
        .bind(w.warehouse_type.clone())
        .bind(w.effect_status.clone())
        .bind(w.additional_data.to_string())
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    }
    let mut sql = crate::db::Sql::new("DELETE FROM warehouses WHERE shop_id = ");
    sql.bind(shop_id).push(" AND client_id = ").bind(client_id);
    if !warehouses.is_empty() {
        sql.push(" AND external_id NOT IN (");
        for (i, w) in warehouses.iter().enumerate() {
            if i > 0 {
                sql.push(", ");
            }
            sql.bind(&w.external_id);
        }
        sql.push(")");
    }
    let removed = sql.query().execute(&mut *conn).await?.rows_affected();
    Ok(WarehouseSync {
        kept: warehouses.len(),
        removed,
    })
}
