//! Telegram links and alert choices: a user links the product's bot through a single-use
//! token (stored hashed, with an expiry) that the bot receives as `/start <token>`; each user
//! chooses which alerts reach their chat. Also the bookkeeping of the bot's updates (applied
//! once each, the polling offset) and of the orders an "orders due" alert already named.
use std::time::Duration;

use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Conn, Sql};
use crate::orders::desk::TO_SHIP;
use crate::{DomainError, Result, ids, stored, time};

/// How long a link token may be used.
pub const LINK_TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// What a user may choose to hear about.
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
pub enum AlertKind {
    /// A bulk action finished and some of its items failed.
    BulkBatchFailed,
    /// Orders must ship within 24 hours, or are late.
    OrdersDue,
    /// A promotion could not be renewed.
    PromotionRenewalFailed,
    /// The balance is low.
    LowBalance,
}

impl AlertKind {
    pub const ALL: [AlertKind; 4] = [
        AlertKind::BulkBatchFailed,
        AlertKind::OrdersDue,
        AlertKind::PromotionRenewalFailed,
        AlertKind::LowBalance,
    ];

    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// A user's link to their Telegram account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub id: String,
    pub user_id: String,
    pub client_id: String,
    pub telegram_user_id: i64,
    pub chat_id: i64,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub created_at: time::Timestamp,
}

impl Link {
    fn from_row(row: &AnyRow) -> Result<Link> {
        let created_at: String = row.try_get("created_at")?;
        Ok(Link {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            client_id: row.try_get("client_id")?,
            telegram_user_id: telegram_id(row, "telegram_user_id")?,
            chat_id: telegram_id(row, "chat_id")?,
            first_name: row.try_get("first_name")?,
            last_name: row.try_get("last_name")?,
            username: row.try_get("username")?,
            created_at: time::from_db(&created_at),
        })
    }
}

/// Telegram's ids are stored as text (they exceed 32 bits; 0002 keeps every id as text).
fn telegram_id(row: &AnyRow, column: &'static str) -> Result<i64> {
    let raw: String = row.try_get(column)?;
    raw.trim().parse().map_err(|_| {
        tracing::error!(column, value = %raw, "a stored Telegram id is not a number");
        DomainError::UnknownValue {
            table: "telegram_users",
            column,
        }
    })
}

/// The Telegram side of a link, as the bot's update names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TelegramAccount {
    pub telegram_user_id: i64,
    pub chat_id: i64,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
}

fn digest(raw: &str) -> String {
    hex::encode(Sha256::digest(raw.trim().as_bytes()))
}

/// A new link token for `user_id`; answers the raw token (it goes into the deep link only)
/// and when it expires. Telegram allows 64 characters of `[A-Za-z0-9_-]` in a start payload.
pub async fn issue_link_token(conn: &mut Conn, user_id: &str) -> Result<(String, time::Timestamp)> {
    let mut bytes = [0u8; 24];
    rand::rng().fill_bytes(&mut bytes);
    let raw = hex::encode(bytes);
    let expires_at = time::now()
        + chrono::Duration::from_std(LINK_TOKEN_LIFETIME).unwrap_or(chrono::Duration::minutes(15));
    sqlx::query(
        "INSERT INTO telegram_links (id, client_id, user_id, token_hash, expires_at, used_at, created_at)
         SELECT $1, client_id, id, $3, $4, NULL, $5 FROM users WHERE id = $2",
    )
    .bind(ids::new_id())
    .bind(user_id)
    .bind(digest(&raw))
    .bind(time::to_db(expires_at))
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok((raw, expires_at))
}

/// What applying one `/start <token>` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartOutcome {
    /// This update was applied before: nothing done.
    Repeated,
    /// The token is unknown, used or expired: nothing linked.
    TokenRefused,
    Linked(Link),
}

/// Records `update_id` as applied; false when it was applied before. Run it in the
/// transaction that applies the update, so a failure leaves it to be applied again.
pub async fn mark_update_applied(conn: &mut Conn, update_id: i64) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO telegram_updates (update_id, applied_at) VALUES ($1, $2) ON CONFLICT DO NOTHING",
    )
    .bind(update_id)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Applies `/start <token>` from `account` (update `update_id`), once: the token is used up by
/// one conditional UPDATE, and the user's link is made (or replaced), with every alert chosen
/// when the user had chosen none. Run in a transaction.
pub async fn apply_start(
    conn: &mut Conn,
    update_id: i64,
    token: &str,
    account: &TelegramAccount,
) -> Result<StartOutcome> {
    if !mark_update_applied(conn, update_id).await? {
        return Ok(StartOutcome::Repeated);
    }
    let now = time::now_db();
    let user_id: Option<String> = sqlx::query_scalar(
        "UPDATE telegram_links SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id",
    )
    .bind(digest(token))
    .bind(&now)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(user_id) = user_id else {
        return Ok(StartOutcome::TokenRefused);
    };
    let client_id: Option<String> = sqlx::query_scalar("SELECT client_id FROM users WHERE id = $1")
        .bind(&user_id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(client_id) = client_id else {
        return Ok(StartOutcome::TokenRefused);
    };
    sqlx::query("DELETE FROM telegram_users WHERE user_id = $1")
        .bind(&user_id)
        .execute(&mut *conn)
        .await?;
    let row = sqlx::query(
        "INSERT INTO telegram_users (id, client_id, user_id, telegram_user_id, chat_id, first_name, last_name, username, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *",
    )
    .bind(ids::new_id())
    .bind(&client_id)
    .bind(&user_id)
    .bind(account.telegram_user_id.to_string())
    .bind(account.chat_id.to_string())
    .bind(account.first_name.clone())
    .bind(account.last_name.clone())
    .bind(account.username.clone())
    .bind(&now)
    .fetch_one(&mut *conn)
    .await?;
    let chosen: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM telegram_alert_choices WHERE user_id = $1",
    )
    .bind(&user_id)
    .fetch_one(&mut *conn)
    .await?;
    if chosen == 0 {
        set_choices(conn, &user_id, &AlertKind::ALL).await?;
    }
    Ok(StartOutcome::Linked(Link::from_row(&row)?))
}

/// The user's link, if any.
pub async fn link_of_user(conn: &mut Conn, user_id: &str) -> Result<Option<Link>> {
    let row = sqlx::query("SELECT * FROM telegram_users WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(Link::from_row).transpose()
}

/// Removes the caller's link `link_id`; another user's link (or none) is NOT_FOUND.
pub async fn disconnect(conn: &mut Conn, user_id: &str, link_id: &str) -> Result<()> {
    let done = sqlx::query("DELETE FROM telegram_users WHERE id = $1 AND user_id = $2")
        .bind(link_id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Err(DomainError::NotFound("Telegram link"));
    }
    Ok(())
}

/// Removes the link of `user_id` to `chat_id` (the user blocked the bot); false when it was
/// gone already or points elsewhere now.
pub async fn drop_link(conn: &mut Conn, user_id: &str, chat_id: i64) -> Result<bool> {
    let done = sqlx::query("DELETE FROM telegram_users WHERE user_id = $1 AND chat_id = $2")
        .bind(user_id)
        .bind(chat_id.to_string())
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The alerts the user chose, in [`AlertKind::ALL`]'s order.
pub async fn choices(conn: &mut Conn, user_id: &str) -> Result<Vec<AlertKind>> {
    let rows: Vec<String> =
        sqlx::query_scalar("SELECT alert FROM telegram_alert_choices WHERE user_id = $1")
            .bind(user_id)
            .fetch_all(&mut *conn)
            .await?;
    let mut chosen = rows
        .iter()
        .map(|raw| stored::decode::<AlertKind>("telegram_alert_choices", "alert", raw))
        .collect::<Result<Vec<_>>>()?;
    chosen.sort_by_key(|a| AlertKind::ALL.iter().position(|b| b == a));
    Ok(chosen)
}

/// Replaces the user's choices with `alerts`.
pub async fn set_choices(conn: &mut Conn, user_id: &str, alerts: &[AlertKind]) -> Result<()> {
    sqlx::query("DELETE FROM telegram_alert_choices WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    for alert in AlertKind::ALL.iter().filter(|a| alerts.contains(a)) {
        sqlx::query(
            "INSERT INTO telegram_alert_choices (user_id, alert) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(user_id)
        .bind(alert.as_str())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Who receives one alert of a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recipient {
    pub user_id: String,
    pub chat_id: i64,
}

/// The linked users of `client_id` who chose `alert` (only its ADMINs when `admins_only`).
pub async fn recipients(
    conn: &mut Conn,
    client_id: &str,
    alert: AlertKind,
    admins_only: bool,
) -> Result<Vec<Recipient>> {
    let mut sql = Sql::new(
        "SELECT l.user_id, l.chat_id FROM telegram_users l
         JOIN telegram_alert_choices c ON c.user_id = l.user_id AND c.alert = ",
    );
    sql.bind(alert.as_str());
    sql.push(" JOIN users u ON u.id = l.user_id WHERE l.client_id = ")
        .bind(client_id);
    if admins_only {
        sql.push(" AND u.role = 'ADMIN'");
    }
    sql.push(" ORDER BY l.created_at, l.user_id");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|r| {
            Ok(Recipient {
                user_id: r.try_get("user_id")?,
                chat_id: telegram_id(r, "chat_id")?,
            })
        })
        .collect()
}

/// Whether anyone of `client_id` would receive `alert`: a cheap check before the work of
/// composing one.
pub async fn anyone_listens(conn: &mut Conn, client_id: &str, alert: AlertKind) -> Result<bool> {
    let found: Option<String> = sqlx::query_scalar(
        "SELECT l.user_id FROM telegram_users l
         JOIN telegram_alert_choices c ON c.user_id = l.user_id AND c.alert = $2
         WHERE l.client_id = $1 LIMIT 1",
    )
    .bind(client_id)
    .bind(alert.as_str())
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Where polling goes on from; `None` before the first poll.
pub async fn poll_offset(conn: &mut Conn) -> Result<Option<i64>> {
    Ok(
        sqlx::query_scalar("SELECT next_offset FROM telegram_poll_state WHERE id = 'bot'")
            .fetch_optional(&mut *conn)
            .await?,
    )
}

/// Moves the polling offset forward (never back).
pub async fn set_poll_offset(conn: &mut Conn, next_offset: i64) -> Result<()> {
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO telegram_poll_state (id, next_offset, updated_at) VALUES ('bot', $1, $2)
         ON CONFLICT (id) DO UPDATE SET next_offset = excluded.next_offset, updated_at = excluded.updated_at
         WHERE telegram_poll_state.next_offset < excluded.next_offset",
    )
    .bind(next_offset)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A bulk action that ended with failures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettledBatch {
    pub id: String,
    pub client_id: String,
    /// The job kind of its items (`listing.publish`).
    pub kind: String,
    pub total: i64,
    pub failed: i64,
}

/// The batch, when none of its jobs waits or runs any more and some failed.
pub async fn settled_with_failures(
    conn: &mut Conn,
    batch_id: &str,
) -> Result<Option<SettledBatch>> {
    let Some(row) = sqlx::query("SELECT id, client_id, type, total FROM job_batches WHERE id = $1")
        .bind(batch_id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let Some(client_id) = row.try_get::<Option<String>, _>("client_id")? else {
        return Ok(None);
    };
    let counts = sqlx::query(
        "SELECT CAST(COALESCE(SUM(CASE WHEN status IN ('PENDING', 'PROCESSING') THEN 1 ELSE 0 END), 0) AS BIGINT) AS open,
                CAST(COALESCE(SUM(CASE WHEN status = 'FAILED' THEN 1 ELSE 0 END), 0) AS BIGINT) AS failed
         FROM event_histories WHERE batch_id = $1",
    )
    .bind(batch_id)
    .fetch_one(&mut *conn)
    .await?;
    let open: i64 = counts.try_get("open")?;
    let failed: i64 = counts.try_get("failed")?;
    if open > 0 || failed == 0 {
        return Ok(None);
    }
    Ok(Some(SettledBatch {
        id: row.try_get("id")?,
        client_id,
        kind: row.try_get("type")?,
        total: row.try_get::<i64, _>("total")?,
        failed,
    }))
}

/// Whether an order is late or only due soon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum Urgency {
    DueSoon,
    Late,
}

/// Orders of one client an alert names for the first time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueOrders {
    pub client_id: String,
    pub urgency: Urgency,
    /// The marketplace's order numbers, soonest deadline first.
    pub orders: Vec<String>,
}

/// Orders still to ship whose deadline is within `window` of `now` (due soon) or past (late),
/// of clients where someone chose the alert and not named before for that urgency; marks them
/// named. At most `limit` orders per call; run it in the transaction that queues the alerts.
pub async fn claim_due_orders(
    conn: &mut Conn,
    now: time::Timestamp,
    window: chrono::Duration,
    limit: i64,
) -> Result<Vec<DueOrders>> {
    let statuses: Vec<String> = TO_SHIP.iter().map(|s| s.as_str().to_owned()).collect();
    let mut sql = Sql::new(
        "SELECT o.id, o.client_id, o.external_order_id, o.ship_by_at FROM orders o WHERE o.ship_by_at IS NOT NULL AND o.ship_by_at < ",
    );
    sql.bind(time::to_db(now + window));
    sql.push(" AND o.status IN (")
        .bind_list(&statuses)
        .push(")");
    sql.push(
        " AND EXISTS (SELECT 1 FROM telegram_users l JOIN telegram_alert_choices c ON c.user_id = l.user_id AND c.alert = 'ORDERS_DUE' WHERE l.client_id = o.client_id)",
    );
    sql.push(" AND NOT EXISTS (SELECT 1 FROM telegram_order_alerts a WHERE a.order_id = o.id AND a.kind = CASE WHEN o.ship_by_at < ")
        .bind(time::to_db(now))
        .push(" THEN 'LATE' ELSE 'DUE_SOON' END)");
    sql.push(" ORDER BY o.ship_by_at, o.id LIMIT ").bind(limit);
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let mut out: Vec<DueOrders> = Vec::new();
    let created = time::now_db();
    for row in &rows {
        let id: String = row.try_get("id")?;
        let client_id: String = row.try_get("client_id")?;
        let number: String = row.try_get("external_order_id")?;
        let ship_by: String = row.try_get("ship_by_at")?;
        let urgency = if time::from_db(&ship_by) < now {
            Urgency::Late
        } else {
            Urgency::DueSoon
        };
        let kind: &'static str = urgency.into();
        let claimed = sqlx::query(
            "INSERT INTO telegram_order_alerts (order_id, kind, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(&id)
        .bind(kind)
        .bind(&created)
        .execute(&mut *conn)
        .await?;
        if claimed.rows_affected() == 0 {
            continue;
        }
        match out
            .iter_mut()
            .find(|d| d.client_id == client_id && d.urgency == urgency)
        {
            Some(group) => group.orders.push(number),
            None => out.push(DueOrders {
                client_id,
                urgency,
                orders: vec![number],
            }),
        }
    }
    Ok(out)
}

/// Deletes link tokens that expired or were used more than a day ago; returns how many.
pub async fn purge_link_tokens(conn: &mut Conn) -> Result<u64> {
    let cutoff = time::before(Duration::from_secs(24 * 3600));
    let done = sqlx::query("DELETE FROM telegram_links WHERE expires_at < $1 OR used_at < $1")
        .bind(cutoff)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected())
}
