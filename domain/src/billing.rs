//! Balances, subscriptions and the gate of paid work. Money is integer cents; the balance never
//! goes negative: a debit is one conditional UPDATE, and every balance change writes its
//! Transaction on the same connection, so a caller's transaction holds both or neither.
//!
//! The rules where the product is silent (pro rata credit, rounding, monthly allowances) are in
//! docs/decisions.md, "Billing".
use chrono::{Datelike, Duration};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Conn, Sql, flag};
use crate::paging::{Page, PageRequest};
use crate::plans::{self, Plan, PlanType};
use crate::{DomainError, Result, ids, stored, time};

/// Why a balance changed.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum TransactionType {
    TopUp,
    PlanPurchase,
    Adjustment,
}

impl TransactionType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// One balance change: credits are positive, debits negative, so a client's transactions sum
/// to its balance.
#[derive(Debug, Clone)]
pub struct Transaction {
    pub id: String,
    pub client_id: String,
    pub amount_cents: i64,
    pub content: String,
    pub kind: TransactionType,
    pub created_at: time::Timestamp,
}

impl Transaction {
    fn from_row(row: &AnyRow) -> Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            amount_cents: row.try_get("amount_cents")?,
            content: row.try_get("content")?,
            kind: stored::column(row, "transactions", "type")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        })
    }
}

/// The most one top-up may add, in cents ($100,000): a slip of the keyboard is refused.
pub const MAX_TOP_UP_CENTS: i64 = 10_000_000;
/// Days before the end of a paid period when the client's admins are reminded.
pub const REMIND_DAYS: i64 = 3;
/// A renewal is attempted for periods that ended within this many days; older ones lapsed.
pub const RENEW_WITHIN_DAYS: i64 = 7;

async fn write_transaction(
    conn: &mut Conn,
    client_id: &str,
    amount_cents: i64,
    kind: TransactionType,
    content: &str,
) -> Result<Transaction> {
    let id = ids::new_id();
    let now = time::now();
    sqlx::query(
        "INSERT INTO transactions (id, client_id, amount_cents, content, type, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(client_id)
    .bind(amount_cents)
    .bind(content)
    .bind(kind.as_str())
    .bind(time::to_db(now))
    .execute(&mut *conn)
    .await?;
    Ok(Transaction {
        id,
        client_id: client_id.to_owned(),
        amount_cents,
        content: content.to_owned(),
        kind,
        created_at: now,
    })
}

/// Adds `cents` (> 0) to the client's balance and writes its Transaction. Call it inside the
/// transaction of whatever paid (a top-up, a checkout webhook) so both commit together.
pub async fn credit(
    conn: &mut Conn,
    client_id: &str,
    cents: i64,
    kind: TransactionType,
    content: &str,
) -> Result<Transaction> {
    if cents <= 0 {
        return Err(DomainError::bad_input("amount", "must be more than 0"));
    }
    let done = sqlx::query(
        "UPDATE client_subscriptions SET balance_cents = balance_cents + $2, updated_at = $3 WHERE client_id = $1",
    )
    .bind(client_id)
    .bind(cents)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Err(DomainError::NotFound("client"));
    }
    write_transaction(conn, client_id, cents, kind, content).await
}

/// Takes `cents` (> 0) from the client's balance in one conditional UPDATE and writes its
/// Transaction (a negative amount). A short balance answers PAYMENT_REQUIRED and changes
/// nothing.
pub async fn debit(
    conn: &mut Conn,
    client_id: &str,
    cents: i64,
    kind: TransactionType,
    content: &str,
) -> Result<Transaction> {
    if cents <= 0 {
        return Err(DomainError::bad_input("amount", "must be more than 0"));
    }
    let done = sqlx::query(
        "UPDATE client_subscriptions SET balance_cents = balance_cents - $2, updated_at = $3
         WHERE client_id = $1 AND balance_cents >= $2",
    )
    .bind(client_id)
    .bind(cents)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Err(DomainError::PaymentRequired);
    }
    write_transaction(conn, client_id, -cents, kind, content).await
}

/// A client's subscription row.
#[derive(Debug, Clone)]
pub struct Subscription {
    pub id: String,
    pub client_id: String,
    pub plan_id: Option<String>,
    pub start_date: Option<time::Timestamp>,
    pub end_date: Option<time::Timestamp>,
    pub balance_cents: i64,
    /// What the current period was paid.
    pub paid_cents: i64,
}

impl Subscription {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let date = |c: &str| -> Result<Option<time::Timestamp>> {
            Ok(row
                .try_get::<Option<String>, _>(c)?
                .map(|d| time::from_db(&d)))
        };
        Ok(Self {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            plan_id: row.try_get("plan_id")?,
            start_date: date("start_date")?,
            end_date: date("end_date")?,
            balance_cents: row.try_get("balance_cents")?,
            paid_cents: row.try_get("paid_cents")?,
        })
    }

    /// True while a period with an end runs.
    pub fn running(&self, now: time::Timestamp) -> bool {
        self.end_date.is_some_and(|end| end > now)
    }
}

pub async fn subscription(conn: &mut Conn, client_id: &str) -> Result<Option<Subscription>> {
    let row = sqlx::query("SELECT * FROM client_subscriptions WHERE client_id = $1")
        .bind(client_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(Subscription::from_row).transpose()
}

/// What a client may do now: its plan while the period runs (or has no end), FREE once a
/// paid period ended and was not renewed. `None` for a client without a subscription (the
/// platform's own), which nothing limits.
pub async fn effective_plan(conn: &mut Conn, client_id: &str) -> Result<Option<Plan>> {
    let Some(sub) = subscription(conn, client_id).await? else {
        return Ok(None);
    };
    let plan = match &sub.plan_id {
        Some(id) => Some(plans::by_id(conn, id).await?),
        None => None,
    };
    match plan {
        Some(plan) if sub.end_date.is_none() || sub.running(time::now()) => Ok(Some(plan)),
        _ => plans::by_type(conn, PlanType::Free).await,
    }
}

/// Work a plan pays for.
#[derive(Debug, Clone, Copy)]
pub enum PaidWork {
    /// Connecting a shop; `reconnecting` when it is one of the client's already.
    Shop { reconnecting: bool },
    /// Listing products on shops: one per product × shop.
    Listings(i64),
    /// Sending fulfilment orders to providers.
    Fulfillments(i64),
    /// Flash-sale promotions.
    Promotions,
}

/// The one gate of paid work: checks `work` against the client's effective plan and, for the
/// monthly allowances, counts it in the caller's transaction (a rolled-back request counts
/// nothing). Beyond the plan: PAYMENT_REQUIRED, and nothing changed. Reads are never gated.
pub async fn require(conn: &mut Conn, client_id: &str, work: PaidWork) -> Result<()> {
    let Some(plan) = effective_plan(conn, client_id).await? else {
        return Ok(());
    };
    match work {
        PaidWork::Shop { reconnecting: true } => Ok(()),
        PaidWork::Shop {
            reconnecting: false,
        } => {
            let shops: i64 = sqlx::query_scalar(
                "SELECT CAST(COUNT(*) AS BIGINT) FROM shops WHERE client_id = $1",
            )
            .bind(client_id)
            .fetch_one(&mut *conn)
            .await?;
            if shops >= plan.max_shops {
                return Err(DomainError::PaymentRequired);
            }
            Ok(())
        }
        PaidWork::Promotions if plan.promotions => Ok(()),
        PaidWork::Promotions => Err(DomainError::PaymentRequired),
        PaidWork::Listings(n) => {
            count_usage(conn, client_id, Usage::Listings, n, plan.monthly_listings).await
        }
        PaidWork::Fulfillments(n) => {
            count_usage(
                conn,
                client_id,
                Usage::Fulfillments,
                n,
                plan.monthly_fulfillments,
            )
            .await
        }
    }
}

/// Promotions need a plan that has them (the promotions work also checks PROMOTIONS_CLIENT).
pub async fn require_promotions(conn: &mut Conn, client_id: &str) -> Result<()> {
    require(conn, client_id, PaidWork::Promotions).await
}

#[derive(Debug, Clone, Copy)]
enum Usage {
    Listings,
    Fulfillments,
}

/// The calendar month (UTC) allowances count in.
pub fn month_of(t: time::Timestamp) -> String {
    format!("{:04}-{:02}", t.year(), t.month())
}

async fn count_usage(
    conn: &mut Conn,
    client_id: &str,
    usage: Usage,
    n: i64,
    allowance: Option<i64>,
) -> Result<()> {
    if n <= 0 {
        return Ok(());
    }
    let month = month_of(time::now());
    sqlx::query(
        "INSERT INTO plan_usage (client_id, month, listings, fulfillments) VALUES ($1, $2, 0, 0)
         ON CONFLICT (client_id, month) DO NOTHING",
    )
    .bind(client_id)
    .bind(&month)
    .execute(&mut *conn)
    .await?;
    // One conditional statement: concurrent requests cannot pass the allowance together.
    let statement = match (usage, allowance.is_some()) {
        (Usage::Listings, true) => {
            "UPDATE plan_usage SET listings = listings + $3 WHERE client_id = $1 AND month = $2 AND listings + $3 <= $4"
        }
        (Usage::Listings, false) => {
            "UPDATE plan_usage SET listings = listings + $3 WHERE client_id = $1 AND month = $2 AND $4 = 0"
        }
        (Usage::Fulfillments, true) => {
            "UPDATE plan_usage SET fulfillments = fulfillments + $3 WHERE client_id = $1 AND month = $2 AND fulfillments + $3 <= $4"
        }
        (Usage::Fulfillments, false) => {
            "UPDATE plan_usage SET fulfillments = fulfillments + $3 WHERE client_id = $1 AND month = $2 AND $4 = 0"
        }
    };
    let done = sqlx::query(statement)
        .bind(client_id)
        .bind(&month)
        .bind(n)
        .bind(allowance.unwrap_or(0))
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Err(DomainError::PaymentRequired);
    }
    Ok(())
}

/// What a client used of its allowances this month: (listings, fulfilment orders).
pub async fn usage(conn: &mut Conn, client_id: &str) -> Result<(i64, i64)> {
    let row = sqlx::query(
        "SELECT listings, fulfillments FROM plan_usage WHERE client_id = $1 AND month = $2",
    )
    .bind(client_id)
    .bind(month_of(time::now()))
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(row) => Ok((row.try_get("listings")?, row.try_get("fulfillments")?)),
        None => Ok((0, 0)),
    }
}

/// Cents as a mail shows them: "$19.00".
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let c = cents.unsigned_abs();
    format!("{sign}${}.{:02}", c / 100, c % 100)
}

/// A date as a mail or a transaction shows it: "2026-11-24".
pub fn day(t: time::Timestamp) -> String {
    t.format("%Y-%m-%d").to_string()
}

/// The unused part of a running paid period, pro rata by time of what was paid, rounded down
/// to the cent.
pub fn unused_cents(sub: &Subscription, now: time::Timestamp) -> i64 {
    let (Some(start), Some(end)) = (sub.start_date, sub.end_date) else {
        return 0;
    };
    if end <= now || sub.paid_cents <= 0 || end <= start {
        return 0;
    }
    let total = (end - start).num_seconds().max(1) as i128;
    let left = (end - now.max(start)).num_seconds().clamp(0, total as i64) as i128;
    (i128::from(sub.paid_cents) * left / total) as i64
}

/// Puts a client on `plan` in the caller's transaction: credits the unused part of a running
/// paid period (ADJUSTMENT), debits the plan's sale price (PLAN_PURCHASE) and starts a new
/// period now. A short balance answers PAYMENT_REQUIRED; the caller's rollback undoes the
/// credit. Subscribing again to the running plan is a CONFLICT (it renews from the balance).
pub async fn subscribe(conn: &mut Conn, client_id: &str, plan: &Plan) -> Result<Subscription> {
    // Take the row's lock before reading it: two switches at once would otherwise both credit
    // the same unused period (PostgreSQL re-checks only an UPDATE's own WHERE after a wait).
    // SQLite's transactions are serial already (BEGIN IMMEDIATE).
    sqlx::query("UPDATE client_subscriptions SET updated_at = $2 WHERE client_id = $1")
        .bind(client_id)
        .bind(time::now_db())
        .execute(&mut *conn)
        .await?;
    let Some(sub) = subscription(conn, client_id).await? else {
        return Err(DomainError::Forbidden(
            "the platform's client has no subscription".into(),
        ));
    };
    let now = time::now();
    let running = sub.running(now);
    if sub.plan_id.as_deref() == Some(plan.id.as_str())
        && (running || (sub.end_date.is_none() && plan.sale_price_cents == 0))
    {
        return Err(DomainError::Conflict(match sub.end_date {
            Some(end) => format!(
                "already on this plan until {}; it renews from the balance",
                day(end)
            ),
            None => "already on this plan".into(),
        }));
    }
    if running {
        let unused = unused_cents(&sub, now);
        if unused > 0 {
            let current = match &sub.plan_id {
                Some(id) => plans::by_id(conn, id).await?.plan_type.as_str(),
                None => "previous",
            };
            let content = format!(
                "Unused part of the {current} plan until {} credited on switching to {}",
                sub.end_date.map(day).unwrap_or_default(),
                plan.plan_type.as_str()
            );
            credit(
                conn,
                client_id,
                unused,
                TransactionType::Adjustment,
                &content,
            )
            .await?;
        }
    }
    let (end, paid) = if plan.sale_price_cents > 0 {
        let end = now + Duration::days(plan.duration_days);
        let content = format!(
            "{} plan, {} days ({} to {})",
            plan.plan_type.as_str(),
            plan.duration_days,
            day(now),
            day(end)
        );
        debit(
            conn,
            client_id,
            plan.sale_price_cents,
            TransactionType::PlanPurchase,
            &content,
        )
        .await?;
        (Some(time::to_db(end)), plan.sale_price_cents)
    } else {
        (None, 0)
    };
    sqlx::query(
        "UPDATE client_subscriptions SET plan_id = $2, start_date = $3, end_date = $4, paid_cents = $5, updated_at = $3
         WHERE client_id = $1",
    )
    .bind(client_id)
    .bind(&plan.id)
    .bind(time::to_db(now))
    .bind(end)
    .bind(paid)
    .execute(&mut *conn)
    .await?;
    subscription(conn, client_id)
        .await?
        .ok_or(DomainError::NotFound("client"))
}

/// A paid period that ended (within [`RENEW_WITHIN_DAYS`]) or ends within [`REMIND_DAYS`].
#[derive(Debug, Clone)]
pub struct DuePeriod {
    pub subscription_id: String,
    pub client_id: String,
    /// The period's end as stored: the key of its renewal and reminder.
    pub end_date: String,
}

/// Paid periods to renew now, and those to remind of.
pub async fn due_periods(
    conn: &mut Conn,
    now: time::Timestamp,
) -> Result<(Vec<DuePeriod>, Vec<DuePeriod>)> {
    let rows = sqlx::query(
        "SELECT s.id, s.client_id, s.end_date FROM client_subscriptions s
         JOIN subscription_plans p ON p.id = s.plan_id
         WHERE p.sale_price_cents > 0 AND s.end_date IS NOT NULL AND s.end_date > $1 AND s.end_date <= $2
         ORDER BY s.end_date, s.id",
    )
    .bind(time::to_db(now - Duration::days(RENEW_WITHIN_DAYS)))
    .bind(time::to_db(now + Duration::days(REMIND_DAYS)))
    .fetch_all(&mut *conn)
    .await?;
    let (mut renew, mut remind) = (Vec::new(), Vec::new());
    for row in &rows {
        let period = DuePeriod {
            subscription_id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            end_date: row.try_get("end_date")?,
        };
        if time::from_db(&period.end_date) <= now {
            renew.push(period);
        } else {
            remind.push(period);
        }
    }
    Ok((renew, remind))
}

/// What a renewal did.
#[derive(Debug, Clone)]
pub enum Renewal {
    /// The next period was paid.
    Renewed { plan: Plan, end: time::Timestamp },
    /// The balance was short: the client is on FREE's limits until it subscribes again.
    Short { plan: Plan, balance_cents: i64 },
    /// The period was renewed or changed already (another worker, a new subscription).
    Unchanged,
}

/// Renews the period ending at `end_date` (as stored) from the balance, in the caller's
/// transaction: one UPDATE conditional on that end and on the balance moves the period on and
/// takes the price, so any number of workers renew it once. The new period starts at the old
/// end.
pub async fn renew(conn: &mut Conn, subscription_id: &str, end_date: &str) -> Result<Renewal> {
    let row = sqlx::query("SELECT * FROM client_subscriptions WHERE id = $1")
        .bind(subscription_id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(sub) = row.as_ref().map(Subscription::from_row).transpose()? else {
        return Ok(Renewal::Unchanged);
    };
    let Some(plan_id) = &sub.plan_id else {
        return Ok(Renewal::Unchanged);
    };
    let plan = plans::by_id(conn, plan_id).await?;
    if plan.sale_price_cents <= 0 {
        return Ok(Renewal::Unchanged);
    }
    let start = time::from_db(end_date);
    let end = start + Duration::days(plan.duration_days);
    let done = sqlx::query(
        "UPDATE client_subscriptions SET balance_cents = balance_cents - $3, start_date = $2, end_date = $4,
         paid_cents = $3, updated_at = $5
         WHERE id = $1 AND end_date = $2 AND balance_cents >= $3",
    )
    .bind(subscription_id)
    .bind(end_date)
    .bind(plan.sale_price_cents)
    .bind(time::to_db(end))
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        let still: Option<Option<String>> =
            sqlx::query_scalar("SELECT end_date FROM client_subscriptions WHERE id = $1")
                .bind(subscription_id)
                .fetch_optional(&mut *conn)
                .await?;
        return Ok(if still.flatten().as_deref() == Some(end_date) {
            Renewal::Short {
                balance_cents: sub.balance_cents,
                plan,
            }
        } else {
            Renewal::Unchanged
        });
    }
    let content = format!(
        "{} plan renewed, {} days ({} to {})",
        plan.plan_type.as_str(),
        plan.duration_days,
        day(start),
        day(end)
    );
    write_transaction(
        conn,
        &sub.client_id,
        -plan.sale_price_cents,
        TransactionType::PlanPurchase,
        &content,
    )
    .await?;
    Ok(Renewal::Renewed { plan, end })
}

/// The reference a client writes on a bank transfer, so the operator knows whose balance to
/// credit: derived from its key, so it never changes.
pub fn bank_reference(client_key: &str) -> String {
    format!("SD-{}", client_key.to_ascii_uppercase())
}

/// A line of the clients console: a client, its subscription and counts.
#[derive(Debug, Clone)]
pub struct ClientLine {
    pub subscription: Subscription,
    pub client: crate::clients::Client,
    pub users: i64,
    pub shops: i64,
}

/// How the console sorts clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ClientSort {
    #[default]
    Newest,
    Name,
    BalanceDesc,
    EndDate,
}

#[derive(Debug, Clone, Default)]
pub struct ClientFilter {
    pub search: Option<String>,
    pub plan_type: Option<PlanType>,
    pub is_active: Option<bool>,
    pub sort: ClientSort,
}

const LINE_SELECT: &str = "SELECT s.*, c.name AS c_name, c.key AS c_key, c.is_active AS c_is_active, c.is_platform AS c_is_platform,
   c.created_at AS c_created_at,
   (SELECT CAST(COUNT(*) AS BIGINT) FROM users u WHERE u.client_id = c.id) AS users_count,
   (SELECT CAST(COUNT(*) AS BIGINT) FROM shops h WHERE h.client_id = c.id) AS shops_count
 FROM client_subscriptions s JOIN clients c ON c.id = s.client_id
 LEFT JOIN subscription_plans p ON p.id = s.plan_id WHERE 1 = 1";

fn line_from_row(row: &AnyRow) -> Result<ClientLine> {
    let subscription = Subscription::from_row(row)?;
    Ok(ClientLine {
        client: crate::clients::Client {
            id: subscription.client_id.clone(),
            name: row.try_get("c_name")?,
            key: row.try_get("c_key")?,
            is_active: flag(row, "c_is_active")?,
            is_platform: flag(row, "c_is_platform")?,
            created_at: time::from_db(&row.try_get::<String, _>("c_created_at")?),
        },
        users: row.try_get("users_count")?,
        shops: row.try_get("shops_count")?,
        subscription,
    })
}

/// The console's page of clients (those with a subscription: every seller).
pub async fn clients_page(
    conn: &mut Conn,
    filter: &ClientFilter,
    page: PageRequest,
) -> Result<Page<ClientLine>> {
    let mut sql = Sql::new(LINE_SELECT);
    let mut count = Sql::new(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM client_subscriptions s JOIN clients c ON c.id = s.client_id
         LEFT JOIN subscription_plans p ON p.id = s.plan_id WHERE 1 = 1",
    );
    for q in [&mut sql, &mut count] {
        if let Some(search) = filter
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let like = format!("%{}%", search.to_lowercase());
            q.push(" AND (LOWER(c.name) LIKE ")
                .bind(like.clone())
                .push(" OR LOWER(c.key) LIKE ")
                .bind(like)
                .push(")");
        }
        if let Some(t) = filter.plan_type {
            q.push(" AND p.type = ").bind(t.as_str());
        }
        if let Some(active) = filter.is_active {
            q.push(" AND c.is_active = ").bind(active);
        }
    }
    sql.push(match filter.sort {
        ClientSort::Newest => " ORDER BY c.created_at DESC, c.id",
        ClientSort::Name => " ORDER BY LOWER(c.name), c.id",
        ClientSort::BalanceDesc => " ORDER BY s.balance_cents DESC, c.id",
        ClientSort::EndDate => {
            " ORDER BY CASE WHEN s.end_date IS NULL THEN 1 ELSE 0 END, s.end_date, c.id"
        }
    });
    sql.push(" LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let total: i64 = count.query_scalar().fetch_one(&mut *conn).await?;
    let rows = sql.query().fetch_all(&mut *conn).await?;
    Ok(Page {
        items: rows.iter().map(line_from_row).collect::<Result<_>>()?,
        total,
        request: page,
    })
}

/// One client's console line; NOT_FOUND when it has no subscription.
pub async fn client_line(conn: &mut Conn, client_id: &str) -> Result<ClientLine> {
    let mut sql = Sql::new(LINE_SELECT);
    sql.push(" AND s.client_id = ").bind(client_id);
    let row = sql.query().fetch_optional(&mut *conn).await?;
    row.as_ref()
        .map(line_from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("client"))
}

/// A client's transactions, newest first.
pub async fn transactions(
    conn: &mut Conn,
    client_id: &str,
    page: PageRequest,
) -> Result<Page<Transaction>> {
    let total: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM transactions WHERE client_id = $1",
    )
    .bind(client_id)
    .fetch_one(&mut *conn)
    .await?;
    let rows = sqlx::query(
        "SELECT * FROM transactions WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(client_id)
    .bind(page.limit)
    .bind(page.offset())
    .fetch_all(&mut *conn)
    .await?;
    Ok(Page {
        items: rows
            .iter()
            .map(Transaction::from_row)
            .collect::<Result<_>>()?,
        total,
        request: page,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(start: &str, end: &str, paid: i64) -> Subscription {
        Subscription {
            id: "s".into(),
            client_id: "c".into(),
            plan_id: None,
            start_date: Some(time::from_db(start)),
            end_date: Some(time::from_db(end)),
            balance_cents: 0,
            paid_cents: paid,
        }
    }

    #[test]
    fn unused_part_is_pro_rata_by_time_rounded_down() {
        let s = sub("2026-01-01T00:00:00.000Z", "2026-01-31T00:00:00.000Z", 1900);
        // 20 of 30 days left: 1266.66… → 1266.
        assert_eq!(
            unused_cents(&s, time::from_db("2026-01-11T00:00:00.000Z")),
            1266
        );
        assert_eq!(
            unused_cents(&s, time::from_db("2026-01-31T00:00:00.000Z")),
            0
        );
        assert_eq!(
            unused_cents(&s, time::from_db("2025-12-01T00:00:00.000Z")),
            1900
        );
        assert_eq!(
            unused_cents(
                &sub("2026-01-01T00:00:00.000Z", "2026-01-31T00:00:00.000Z", 0),
                time::from_db("2026-01-11T00:00:00.000Z")
            ),
            0
        );
    }

    #[test]
    fn bank_reference_is_the_key_in_capitals() {
        assert_eq!(bank_reference("acme-prints"), "SD-ACME-PRINTS");
    }
}
