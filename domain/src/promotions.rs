//! Flash-sale promotions: a client's plans (the terms a schedule copies), the promotions
//! scheduled from them (one per shop), each promotion's windows (its history: one marketplace
//! activity each) and the products of each window with what became of them.
//!
//! A promotion's row carries its latest window, so the list reads one row per promotion; the
//! windows table is the history and the guard of renewals: a window is unique per promotion and
//! start, so however many workers find a promotion due, its next window is created once.
use std::collections::HashMap;

use chrono::{Duration, Timelike};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::catalogue::like_pattern;
use crate::db::{Conn, Sql};
use crate::event_histories::JobStatus;
use crate::paging::{Page, PageRequest};
use crate::time::{self, Timestamp};
use crate::{DomainError, Result, Scope, ids, stored};

/// The kinds of activity a plan runs (the contract's `PromotionType`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum PromotionType {
    Flashsale,
}

impl PromotionType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Whether the discount applies to whole products or to each variant (the contract's
/// `ItemKind`, TikTok's `product_level`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ProductLevel {
    Product,
    Variation,
}

impl ProductLevel {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// What became of one product of a window.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ItemOutcome {
    /// On sale in the window's activity.
    Success,
    /// Refused by the marketplace, or not on the shop.
    Failed,
    /// Left out of a renewal because it no longer qualified.
    Dropped,
}

impl ItemOutcome {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Where a window's activity is on the marketplace, as its clock puts it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum ActivityStatus {
    NotStart,
    Ongoing,
    Expired,
    Deactivated,
}

impl ActivityStatus {
    /// The marketplace's lifecycle: NOT_START → ONGOING → EXPIRED; DEACTIVATED when the
    /// seller ended it before.
    pub fn at(now: Timestamp, begin: Timestamp, end: Timestamp, deactivated: bool) -> Self {
        if deactivated {
            ActivityStatus::Deactivated
        } else if now < begin {
            ActivityStatus::NotStart
        } else if now < end {
            ActivityStatus::Ongoing
        } else {
            ActivityStatus::Expired
        }
    }
}

/// The marketplace's rules and ours. An activity spans 10 minutes to under 365 days; plans
/// count whole hours.
pub const MIN_DURATION_HOURS: i64 = 1;
pub const MAX_DURATION_HOURS: i64 = 365 * 24 - 1;
/// A plan's title leaves room, in the marketplace's 50 characters, for the window's start and
/// the promotion's tag that make each activity's title unique in its shop.
pub const MAX_PLAN_TITLE: usize = 30;
/// The marketplace's limit on an activity's title.
pub const MAX_ACTIVITY_TITLE: usize = 50;
/// How far ahead a first window may be scheduled.
pub const MAX_LEAD_DAYS: i64 = 90;

#[derive(Debug, Clone)]
pub struct PromotionPlan {
    pub id: String,
    pub title: String,
    pub promotion_type: PromotionType,
    pub duration_hours: i64,
    pub product_level: ProductLevel,
    pub discount_percent: f64,
}

impl PromotionPlan {
    fn from_row(row: &AnyRow) -> Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            title: row.try_get("title")?,
            promotion_type: stored::column(row, "promotion_plans", "type")?,
            duration_hours: row.try_get("duration_hours")?,
            product_level: stored::column(row, "promotion_plans", "product_level")?,
            discount_percent: row.try_get("discount_percent")?,
        })
    }
}

/// A plan as the seller wrote it; [`PlanInput::check`] answers it cleaned or the field at
/// fault.
#[derive(Debug, Clone)]
pub struct PlanInput {
    pub title: String,
    pub promotion_type: PromotionType,
    pub duration_hours: i64,
    pub product_level: ProductLevel,
    pub discount_percent: f64,
}

impl PlanInput {
    pub fn check(mut self) -> Result<PlanInput> {
        self.title = self.title.trim().to_owned();
        let len = self.title.chars().count();
        if len == 0 || len > MAX_PLAN_TITLE {
            return Err(DomainError::bad_input(
                "title",
                format!("must be 1 to {MAX_PLAN_TITLE} characters"),
            ));
        }
        if !(MIN_DURATION_HOURS..=MAX_DURATION_HOURS).contains(&self.duration_hours) {
            return Err(DomainError::bad_input(
                "duration",
                format!(
                    "must be {MIN_DURATION_HOURS} to {MAX_DURATION_HOURS} hours (a TikTok Shop activity lasts less than 365 days)"
                ),
            ));
        }
        if !self.discount_percent.is_finite() || !(1.0..=99.0).contains(&self.discount_percent) {
            return Err(DomainError::bad_input(
                "discount",
                "must be 1 to 99 percent",
            ));
        }
        // Percent with at most two decimals, as prices are computed in cents.
        self.discount_percent = (self.discount_percent * 100.0).round() / 100.0;
        Ok(self)
    }
}

/// The client's plans, newest first.
pub async fn plans(conn: &mut Conn, scope: &Scope) -> Result<Vec<PromotionPlan>> {
    let rows = sqlx::query(
        "SELECT * FROM promotion_plans WHERE client_id = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(&scope.client_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(PromotionPlan::from_row).collect()
}

pub async fn plan(conn: &mut Conn, scope: &Scope, id: &str) -> Result<PromotionPlan> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("promotion plan"));
    }
    let row = sqlx::query("SELECT * FROM promotion_plans WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref()
        .map(PromotionPlan::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("promotion plan"))
}

pub async fn create_plan(conn: &mut Conn, scope: &Scope, input: PlanInput) -> Result<String> {
    let input = input.check()?;
    let id = ids::new_id();
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO promotion_plans (id, client_id, title, type, duration_hours, product_level, discount_percent, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(&id)
    .bind(&scope.client_id)
    .bind(&input.title)
    .bind(input.promotion_type.as_str())
    .bind(input.duration_hours)
    .bind(input.product_level.as_str())
    .bind(input.discount_percent)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// Changes a plan. Promotions already scheduled keep the terms they copied; renewals too.
pub async fn update_plan(
    conn: &mut Conn,
    scope: &Scope,
    id: &str,
    input: PlanInput,
) -> Result<PromotionPlan> {
    plan(conn, scope, id).await?;
    let input = input.check()?;
    sqlx::query(
        "UPDATE promotion_plans SET title = $1, type = $2, duration_hours = $3, product_level = $4, discount_percent = $5, updated_at = $6 \
         WHERE id = $7 AND client_id = $8",
    )
    .bind(&input.title)
    .bind(input.promotion_type.as_str())
    .bind(input.duration_hours)
    .bind(input.product_level.as_str())
    .bind(input.discount_percent)
    .bind(time::now_db())
    .bind(id)
    .bind(&scope.client_id)
    .execute(&mut *conn)
    .await?;
    plan(conn, scope, id).await
}

/// Removes a plan, unless an auto-renewing promotion still runs on it (CONFLICT): its seller
/// turns auto-renew off or deactivates it first.
pub async fn remove_plan(conn: &mut Conn, scope: &Scope, id: &str) -> Result<()> {
    plan(conn, scope, id).await?;
    let in_use: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM tiktok_promotions WHERE client_id = $1 AND plan_id = $2 AND auto_renew = $3 AND deactivated_at IS NULL",
    )
    .bind(&scope.client_id)
    .bind(id)
    .bind(true)
    .fetch_one(&mut *conn)
    .await?;
    if in_use > 0 {
        return Err(DomainError::Conflict(format!(
            "{in_use} auto-renewing promotion{} still use{} this plan: turn auto-renew off or deactivate {} first",
            if in_use == 1 { "" } else { "s" },
            if in_use == 1 { "s" } else { "" },
            if in_use == 1 { "it" } else { "them" },
        )));
    }
    sqlx::query("DELETE FROM promotion_plans WHERE id = $1 AND client_id = $2")
        .bind(id)
        .bind(&scope.client_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct Promotion {
    pub id: String,
    pub client_id: String,
    pub shop_id: String,
    pub shop_name: String,
    pub plan_id: Option<String>,
    pub batch_id: Option<String>,
    pub title: String,
    pub promotion_type: PromotionType,
    pub product_level: ProductLevel,
    pub discount_percent: f64,
    pub duration_hours: i64,
    /// Local products chosen; empty = every live product of the shop.
    pub product_ids: Vec<String>,
    pub window_seq: i64,
    pub begin_time: Timestamp,
    pub end_time: Timestamp,
    pub activity_id: Option<String>,
    pub status: JobStatus,
    pub error: Option<String>,
    pub failed_items_count: i64,
    pub success_items_count: i64,
    pub auto_renew: bool,
    pub next_renewal_at: Option<Timestamp>,
    pub deactivated_at: Option<Timestamp>,
    pub created_at: Timestamp,
}

impl Promotion {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let products: String = row.try_get("product_ids")?;
        let optional_time = |column: &str| -> Result<Option<Timestamp>> {
            Ok(row
                .try_get::<Option<String>, _>(column)?
                .map(|t| time::from_db(&t)))
        };
        Ok(Self {
            id: row.try_get("id")?,
            client_id: row.try_get("client_id")?,
            shop_id: row.try_get("shop_id")?,
            shop_name: row.try_get("shop_name")?,
            plan_id: row.try_get("plan_id")?,
            batch_id: row.try_get("batch_id")?,
            title: row.try_get("title")?,
            promotion_type: stored::column(row, "tiktok_promotions", "activity_type")?,
            product_level: stored::column(row, "tiktok_promotions", "product_level")?,
            discount_percent: row.try_get("discount_percent")?,
            duration_hours: row.try_get("duration_hours")?,
            product_ids: serde_json::from_str(&products).unwrap_or_default(),
            window_seq: row.try_get("window_seq")?,
            begin_time: time::from_db(&row.try_get::<String, _>("begin_time")?),
            end_time: time::from_db(&row.try_get::<String, _>("end_time")?),
            activity_id: row.try_get("activity_id")?,
            status: stored::column(row, "tiktok_promotions", "status")?,
            error: row.try_get("error")?,
            failed_items_count: row.try_get("failed_items_count")?,
            success_items_count: row.try_get("success_items_count")?,
            auto_renew: crate::db::flag(row, "auto_renew")?,
            next_renewal_at: optional_time("next_renewal_at")?,
            deactivated_at: optional_time("deactivated_at")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        })
    }

    /// The latest window's activity on the marketplace; `None` before it exists there.
    pub fn activity_status(&self, now: Timestamp) -> Option<ActivityStatus> {
        self.activity_id.as_ref()?;
        Some(ActivityStatus::at(
            now,
            self.begin_time,
            self.end_time,
            self.deactivated_at.is_some(),
        ))
    }

    pub fn duration(&self) -> Duration {
        Duration::hours(self.duration_hours)
    }
}

/// When the renewal cron should queue the next window of a window ending at `end`: `ahead`
/// before it ends (at once when that has passed).
pub fn renewal_time(end: Timestamp, ahead: std::time::Duration) -> Timestamp {
    end - Duration::from_std(ahead).unwrap_or_else(|_| Duration::hours(2))
}

/// The activity's title of one window: the plan's title, the window's start (UTC) and a tag
/// of the promotion, so that every window of every promotion has its own title in its shop
/// (the marketplace wants them unique) and a job can find its activity again by title.
pub fn activity_title(base: &str, begin: Timestamp, promotion_id: &str) -> String {
    let tag: String = promotion_id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(4)
        .collect();
    let base: String = base.chars().take(MAX_PLAN_TITLE).collect();
    let title = format!("{base} {} #{tag}", begin.format("%m-%d %H:%M"));
    title.chars().take(MAX_ACTIVITY_TITLE).collect()
}

const SELECT: &str = "SELECT p.*, s.name AS shop_name FROM tiktok_promotions p JOIN shops s ON s.id = p.shop_id WHERE p.client_id = ";
const COUNT: &str = "SELECT COUNT(*) FROM tiktok_promotions p JOIN shops s ON s.id = p.shop_id WHERE p.client_id = ";

#[derive(Debug, Clone, Default)]
pub struct PromotionFilter {
    pub search: Option<String>,
    pub shop_id: Option<String>,
    pub status: Option<JobStatus>,
    pub auto_renew: Option<bool>,
}

/// How a list of promotions is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PromotionSort {
    #[default]
    BeginTime,
    EndTime,
    CreatedAt,
    Title,
    NextRenewalAt,
}

fn filtered(base: &'static str, scope: &Scope, filter: &PromotionFilter) -> Sql {
    let mut sql = Sql::new(base);
    sql.bind(&scope.client_id);
    scope.push_shop_filter(&mut sql, "p.shop_id");
    if let Some(shop) = &filter.shop_id {
        sql.push(" AND p.shop_id = ").bind(shop);
    }
    if let Some(status) = filter.status {
        sql.push(" AND p.status = ").bind(status.as_str());
    }
    if let Some(on) = filter.auto_renew {
        sql.push(" AND p.auto_renew = ").bind(on);
    }
    if let Some(p) = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(like_pattern)
    {
        sql.push(" AND (LOWER(p.title) LIKE ")
            .bind(p.clone())
            .push(" ESCAPE '\\' OR LOWER(s.name) LIKE ")
            .bind(p)
            .push(" ESCAPE '\\')");
    }
    sql
}

/// The promotions the scope may see (STAFF: of its assigned shops), paged.
pub async fn list(
    conn: &mut Conn,
    scope: &Scope,
    filter: &PromotionFilter,
    sort: PromotionSort,
    descending: bool,
    page: PageRequest,
) -> Result<Page<Promotion>> {
    let total: i64 = filtered(COUNT, scope, filter)
        .query_scalar()
        .fetch_one(&mut *conn)
        .await?;
    let mut sql = filtered(SELECT, scope, filter);
    sql.push(match sort {
        PromotionSort::BeginTime => " ORDER BY p.begin_time",
        PromotionSort::EndTime => " ORDER BY p.end_time",
        PromotionSort::CreatedAt => " ORDER BY p.created_at",
        PromotionSort::Title => " ORDER BY LOWER(p.title)",
        // Promotions that do not renew last, whichever the direction.
        PromotionSort::NextRenewalAt => {
            " ORDER BY CASE WHEN p.next_renewal_at IS NULL THEN 1 ELSE 0 END, p.next_renewal_at"
        }
    });
    sql.push(if descending {
        " DESC, p.id DESC"
    } else {
        " ASC, p.id ASC"
    });
    sql.push(" LIMIT ")
        .bind(page.limit)
        .push(" OFFSET ")
        .bind(page.offset());
    let rows = sql.query().fetch_all(&mut *conn).await?;
    let items = rows
        .iter()
        .map(Promotion::from_row)
        .collect::<Result<_>>()?;
    Ok(Page {
        items,
        total,
        request: page,
    })
}

/// Promotions of the scope by id; NOT_FOUND when any is not the scope's.
pub async fn get_many(conn: &mut Conn, scope: &Scope, ids: &[String]) -> Result<Vec<Promotion>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if !ids::looks_like_id(id) {
            return Err(DomainError::NotFound("promotion"));
        }
        let mut sql = Sql::new(SELECT);
        sql.bind(&scope.client_id).push(" AND p.id = ").bind(id);
        scope.push_shop_filter(&mut sql, "p.shop_id");
        let row = sql.query().fetch_optional(&mut *conn).await?;
        out.push(
            row.as_ref()
                .map(Promotion::from_row)
                .transpose()?
                .ok_or(DomainError::NotFound("promotion"))?,
        );
    }
    Ok(out)
}

/// A promotion for a job of `client_id`.
pub async fn find(conn: &mut Conn, client_id: &str, id: &str) -> Result<Option<Promotion>> {
    let row = sqlx::query(
        "SELECT p.*, s.name AS shop_name FROM tiktok_promotions p JOIN shops s ON s.id = p.shop_id
         WHERE p.client_id = $1 AND p.id = $2",
    )
    .bind(client_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(Promotion::from_row).transpose()
}

/// What a schedule asks for on one shop.
#[derive(Debug, Clone)]
pub struct NewPromotion<'a> {
    pub shop_id: &'a str,
    pub plan: &'a PromotionPlan,
    pub product_ids: &'a [String],
    pub begin: Timestamp,
    pub auto_renew: bool,
    pub user_id: Option<&'a str>,
}

/// Writes a promotion and its first window (PENDING); answers both ids and the window's start
/// as stored (the job's key).
pub async fn create(
    conn: &mut Conn,
    scope: &Scope,
    new: &NewPromotion<'_>,
) -> Result<(String, String, String)> {
    let id = ids::new_id();
    let window_id = ids::new_id();
    let now = time::now_db();
    let begin = time::to_db(new.begin);
    let end = time::to_db(new.begin + Duration::hours(new.plan.duration_hours));
    let products = serde_json::to_string(new.product_ids)
        .map_err(|e| DomainError::Internal(format!("product ids: {e}")))?;
    sqlx::query(
        "INSERT INTO tiktok_promotions (id, client_id, shop_id, plan_id, title, activity_type, product_level, discount_percent, duration_hours, product_ids, \
         window_seq, begin_time, end_time, status, auto_renew, created_by_user_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1, $11, $12, 'PENDING', $13, $14, $15, $15)",
    )
    .bind(&id)
    .bind(&scope.client_id)
    .bind(new.shop_id)
    .bind(&new.plan.id)
    .bind(&new.plan.title)
    .bind(new.plan.promotion_type.as_str())
    .bind(new.plan.product_level.as_str())
    .bind(new.plan.discount_percent)
    .bind(new.plan.duration_hours)
    .bind(products)
    .bind(&begin)
    .bind(&end)
    .bind(new.auto_renew)
    .bind(new.user_id)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    insert_window(
        conn,
        &scope.client_id,
        &window_id,
        &id,
        1,
        &begin,
        &end,
        &activity_title(&new.plan.title, new.begin, &id),
    )
    .await?;
    Ok((id, window_id, begin))
}

/// Inserts a window unless the promotion has one starting then; answers whether it did.
#[allow(clippy::too_many_arguments)]
async fn insert_window(
    conn: &mut Conn,
    client_id: &str,
    id: &str,
    promotion_id: &str,
    seq: i64,
    begin: &str,
    end: &str,
    title: &str,
) -> Result<bool> {
    let now = time::now_db();
    let done = sqlx::query(
        "INSERT INTO tiktok_promotion_windows (id, client_id, promotion_id, seq, begin_time, end_time, title, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', $8, $8) ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(client_id)
    .bind(promotion_id)
    .bind(seq)
    .bind(begin)
    .bind(end)
    .bind(title)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Names the batch that follows the promotions' first windows.
pub async fn set_batch(
    conn: &mut Conn,
    client_id: &str,
    ids: &[String],
    batch: &str,
) -> Result<()> {
    for id in ids {
        sqlx::query("UPDATE tiktok_promotions SET batch_id = $1 WHERE id = $2 AND client_id = $3")
            .bind(batch)
            .bind(id)
            .bind(client_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

#[derive(Debug, Clone)]
pub struct Window {
    pub id: String,
    pub promotion_id: String,
    pub seq: i64,
    pub begin_time: Timestamp,
    pub end_time: Timestamp,
    /// As stored: the key of the window's job.
    pub begin_db: String,
    pub title: String,
    pub activity_id: Option<String>,
    pub status: JobStatus,
    pub error: Option<String>,
    pub success_items_count: i64,
    pub failed_items_count: i64,
    pub dropped_items_count: i64,
    pub created_at: Timestamp,
}

impl Window {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let begin: String = row.try_get("begin_time")?;
        Ok(Self {
            id: row.try_get("id")?,
            promotion_id: row.try_get("promotion_id")?,
            seq: row.try_get("seq")?,
            begin_time: time::from_db(&begin),
            end_time: time::from_db(&row.try_get::<String, _>("end_time")?),
            begin_db: begin,
            title: row.try_get("title")?,
            activity_id: row.try_get("activity_id")?,
            status: stored::column(row, "tiktok_promotion_windows", "status")?,
            error: row.try_get("error")?,
            success_items_count: row.try_get("success_items_count")?,
            failed_items_count: row.try_get("failed_items_count")?,
            dropped_items_count: row.try_get("dropped_items_count")?,
            created_at: time::from_db(&row.try_get::<String, _>("created_at")?),
        })
    }
}

/// A promotion's windows, oldest first (the promotion is the caller's: checked by the caller).
pub async fn windows(conn: &mut Conn, client_id: &str, promotion_id: &str) -> Result<Vec<Window>> {
    let rows = sqlx::query(
        "SELECT * FROM tiktok_promotion_windows WHERE client_id = $1 AND promotion_id = $2 ORDER BY seq",
    )
    .bind(client_id)
    .bind(promotion_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(Window::from_row).collect()
}

/// The window of a promotion by sequence number.
pub async fn window(
    conn: &mut Conn,
    client_id: &str,
    promotion_id: &str,
    seq: i64,
) -> Result<Option<Window>> {
    let row = sqlx::query(
        "SELECT * FROM tiktok_promotion_windows WHERE client_id = $1 AND promotion_id = $2 AND seq = $3",
    )
    .bind(client_id)
    .bind(promotion_id)
    .bind(seq)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(Window::from_row).transpose()
}

#[derive(Debug, Clone)]
pub struct Item {
    pub id: String,
    pub window_id: String,
    pub product_id: Option<String>,
    pub external_product_id: Option<String>,
    pub title: Option<String>,
    pub activity_price_cents: Option<i64>,
    pub status: ItemOutcome,
    pub reason: Option<String>,
}

impl Item {
    fn from_row(row: &AnyRow) -> Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            window_id: row.try_get("window_id")?,
            product_id: row.try_get("product_id")?,
            external_product_id: row.try_get("external_product_id")?,
            title: row.try_get("title")?,
            activity_price_cents: row.try_get("activity_price_cents")?,
            status: stored::column(row, "tiktok_promotion_items", "status")?,
            reason: row.try_get("reason")?,
        })
    }
}

/// The products of a window; only those that failed or were dropped with `problems_only`.
pub async fn items(
    conn: &mut Conn,
    client_id: &str,
    window_id: &str,
    problems_only: bool,
) -> Result<Vec<Item>> {
    let mut sql = Sql::new("SELECT * FROM tiktok_promotion_items WHERE client_id = ");
    sql.bind(client_id)
        .push(" AND window_id = ")
        .bind(window_id);
    if problems_only {
        sql.push(" AND status <> 'SUCCESS'");
    }
    sql.push(" ORDER BY status, product_key");
    let rows = sql.query().fetch_all(&mut *conn).await?;
    rows.iter().map(Item::from_row).collect()
}

/// A window's job took it: PROCESSING, on the promotion too while it is the latest.
pub async fn start_window(conn: &mut Conn, promotion: &Promotion, window: &Window) -> Result<()> {
    let now = time::now_db();
    sqlx::query("UPDATE tiktok_promotion_windows SET status = 'PROCESSING', error = NULL, updated_at = $1 WHERE id = $2")
        .bind(&now)
        .bind(&window.id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE tiktok_promotions SET status = 'PROCESSING', error = NULL, updated_at = $1 WHERE id = $2 AND window_seq = $3")
        .bind(&now)
        .bind(&promotion.id)
        .bind(window.seq)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Moves a window that could not start on time (a renewal queued late) to `begin`, keeping
/// its length; the promotion follows while it is the latest.
pub async fn move_window(
    conn: &mut Conn,
    promotion: &Promotion,
    window: &Window,
    begin: Timestamp,
    title: &str,
) -> Result<()> {
    let end = time::to_db(begin + promotion.duration());
    let begin = time::to_db(begin);
    sqlx::query(
        "UPDATE tiktok_promotion_windows SET begin_time = $1, end_time = $2, title = $3, updated_at = $4 WHERE id = $5",
    )
    .bind(&begin)
    .bind(&end)
    .bind(title)
    .bind(time::now_db())
    .bind(&window.id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE tiktok_promotions SET begin_time = $1, end_time = $2 WHERE id = $3 AND window_seq = $4")
        .bind(&begin)
        .bind(&end)
        .bind(&promotion.id)
        .bind(window.seq)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Records the window's activity as soon as the marketplace has it, so a later attempt never
/// creates another.
pub async fn set_activity(
    conn: &mut Conn,
    promotion: &Promotion,
    window: &Window,
    activity_id: &str,
) -> Result<()> {
    let now = time::now_db();
    sqlx::query(
        "UPDATE tiktok_promotion_windows SET activity_id = $1, updated_at = $2 WHERE id = $3",
    )
    .bind(activity_id)
    .bind(&now)
    .bind(&window.id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE tiktok_promotions SET activity_id = $1, updated_at = $2 WHERE id = $3 AND window_seq = $4")
        .bind(activity_id)
        .bind(&now)
        .bind(&promotion.id)
        .bind(window.seq)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// One product's outcome in a window.
#[derive(Debug, Clone)]
pub struct ItemRecord {
    pub product_id: Option<String>,
    pub external_product_id: Option<String>,
    pub title: Option<String>,
    pub activity_price_cents: Option<i64>,
    pub status: ItemOutcome,
    pub reason: Option<String>,
}

impl ItemRecord {
    fn key(&self) -> String {
        match (&self.external_product_id, &self.product_id) {
            (Some(external), _) => external.clone(),
            (None, Some(local)) => format!("local:{local}"),
            (None, None) => String::from("unknown"),
        }
    }
}

/// Writes a window's outcome: its products (replacing an earlier attempt's), its counts and
/// status; the promotion takes them while the window is its latest, with the time of its next
/// renewal (`None`: none) if it auto-renews by then (read in the statement, so a toggle made
/// while the job ran counts). Failed and dropped products count as failed items.
pub async fn finish_window(
    conn: &mut Conn,
    promotion: &Promotion,
    window: &Window,
    items: &[ItemRecord],
    status: JobStatus,
    error: Option<&str>,
    next_renewal_at: Option<Timestamp>,
) -> Result<()> {
    let now = time::now_db();
    sqlx::query("DELETE FROM tiktok_promotion_items WHERE window_id = $1")
        .bind(&window.id)
        .execute(&mut *conn)
        .await?;
    let mut seen = std::collections::HashSet::new();
    for item in items {
        let key = item.key();
        if !seen.insert(key.clone()) {
            continue;
        }
        sqlx::query(
            "INSERT INTO tiktok_promotion_items (id, client_id, window_id, promotion_id, product_key, product_id, external_product_id, title, activity_price_cents, status, reason, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)",
        )
        .bind(ids::new_id())
        .bind(&promotion.client_id)
        .bind(&window.id)
        .bind(&promotion.id)
        .bind(key)
        .bind(item.product_id.as_deref())
        .bind(item.external_product_id.as_deref())
        .bind(item.title.as_deref())
        .bind(item.activity_price_cents)
        .bind(item.status.as_str())
        .bind(item.reason.as_deref())
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    }
    let count = |s: ItemOutcome| items.iter().filter(|i| i.status == s).count() as i64;
    let (success, failed, dropped) = (
        count(ItemOutcome::Success),
        count(ItemOutcome::Failed),
        count(ItemOutcome::Dropped),
    );
    sqlx::query(
        "UPDATE tiktok_promotion_windows SET status = $1, error = $2, success_items_count = $3, failed_items_count = $4, dropped_items_count = $5, updated_at = $6 WHERE id = $7",
    )
    .bind(status.as_str())
    .bind(error)
    .bind(success)
    .bind(failed)
    .bind(dropped)
    .bind(&now)
    .bind(&window.id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE tiktok_promotions SET status = $1, error = $2, success_items_count = $3, failed_items_count = $4, \
         next_renewal_at = CASE WHEN auto_renew = $9 AND deactivated_at IS NULL THEN $5 ELSE NULL END, updated_at = $6 \
         WHERE id = $7 AND window_seq = $8",
    )
    .bind(status.as_str())
    .bind(error)
    .bind(success)
    .bind(failed + dropped)
    .bind(next_renewal_at.map(time::to_db))
    .bind(&now)
    .bind(&promotion.id)
    .bind(window.seq)
    .bind(true)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A promotion whose latest window ends soon enough to renew.
#[derive(Debug, Clone)]
pub struct DueRenewal {
    pub promotion_id: String,
    pub client_id: String,
    pub shop_id: String,
    pub window_seq: i64,
}

/// Auto-renewing promotions, still active, whose latest window succeeded and whose renewal
/// time has come.
pub async fn due_renewals(conn: &mut Conn, now: Timestamp) -> Result<Vec<DueRenewal>> {
    let rows = sqlx::query(
        "SELECT id, client_id, shop_id, window_seq FROM tiktok_promotions \
         WHERE next_renewal_at IS NOT NULL AND next_renewal_at <= $1 AND auto_renew = $2 AND deactivated_at IS NULL AND status = 'SUCCESS' \
         ORDER BY next_renewal_at, id",
    )
    .bind(time::to_db(now))
    .bind(true)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(DueRenewal {
                promotion_id: r.try_get("id")?,
                client_id: r.try_get("client_id")?,
                shop_id: r.try_get("shop_id")?,
                window_seq: r.try_get("window_seq")?,
            })
        })
        .collect()
}

/// Opens the window after `seq`: it begins exactly where window `seq` ends and lasts the
/// promotion's duration, so windows neither overlap nor leave a gap. Answers the new window,
/// or `None` when it exists already (another worker or tick opened it) or the promotion moved
/// on. The promotion's row then shows the new window, PENDING, until its job finishes.
pub async fn open_next_window(
    conn: &mut Conn,
    client_id: &str,
    promotion_id: &str,
    seq: i64,
) -> Result<Option<Window>> {
    let Some(promotion) = find(conn, client_id, promotion_id).await? else {
        return Ok(None);
    };
    let Some(last) = window(conn, client_id, promotion_id, seq).await? else {
        return Ok(None);
    };
    if promotion.window_seq != seq || promotion.deactivated_at.is_some() || !promotion.auto_renew {
        return Ok(None);
    }
    let begin = last.end_time;
    let end = begin + promotion.duration();
    let (begin_db, end_db) = (time::to_db(begin), time::to_db(end));
    let id = ids::new_id();
    let title = activity_title(&promotion.title, begin, &promotion.id);
    if !insert_window(
        conn,
        client_id,
        &id,
        promotion_id,
        seq + 1,
        &begin_db,
        &end_db,
        &title,
    )
    .await?
    {
        return Ok(None);
    }
    let moved = sqlx::query(
        "UPDATE tiktok_promotions SET window_seq = $1, begin_time = $2, end_time = $3, activity_id = NULL, status = 'PENDING', error = NULL, \
         success_items_count = 0, failed_items_count = 0, next_renewal_at = NULL, updated_at = $4 WHERE id = $5 AND window_seq = $6",
    )
    .bind(seq + 1)
    .bind(&begin_db)
    .bind(&end_db)
    .bind(time::now_db())
    .bind(promotion_id)
    .bind(seq)
    .execute(&mut *conn)
    .await?;
    if moved.rows_affected() != 1 {
        return Err(DomainError::Conflict(
            "the promotion moved on while its next window was opened".into(),
        ));
    }
    window(conn, client_id, promotion_id, seq + 1).await
}

/// Turns auto-renew on or off. On, the next renewal is due `ahead` before the latest window
/// ends; off, none is.
pub async fn set_auto_renew(
    conn: &mut Conn,
    promotion: &Promotion,
    on: bool,
    ahead: std::time::Duration,
) -> Result<()> {
    let next = (on && promotion.deactivated_at.is_none() && promotion.status == JobStatus::Success)
        .then(|| time::to_db(renewal_time(promotion.end_time, ahead)));
    sqlx::query("UPDATE tiktok_promotions SET auto_renew = $1, next_renewal_at = $2, updated_at = $3 WHERE id = $4 AND client_id = $5")
        .bind(on)
        .bind(next)
        .bind(time::now_db())
        .bind(&promotion.id)
        .bind(&promotion.client_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Marks a promotion deactivated (it never renews again); false when it already was.
pub async fn mark_deactivated(conn: &mut Conn, promotion: &Promotion) -> Result<bool> {
    let now = time::now_db();
    let done = sqlx::query(
        "UPDATE tiktok_promotions SET deactivated_at = $1, auto_renew = $2, next_renewal_at = NULL, updated_at = $1 \
         WHERE id = $3 AND client_id = $4 AND deactivated_at IS NULL",
    )
    .bind(&now)
    .bind(false)
    .bind(&promotion.id)
    .bind(&promotion.client_id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The activities a deactivation must end: every window's that has not ended by `now`.
pub async fn live_activities(
    conn: &mut Conn,
    promotion: &Promotion,
    now: Timestamp,
) -> Result<Vec<String>> {
    let rows: Vec<String> = sqlx::query_scalar(
        "SELECT activity_id FROM tiktok_promotion_windows WHERE promotion_id = $1 AND client_id = $2 AND activity_id IS NOT NULL AND end_time > $3 ORDER BY seq",
    )
    .bind(&promotion.id)
    .bind(&promotion.client_id)
    .bind(time::to_db(now))
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows)
}

/// A product a renewal considers: on sale or dropped in the window before.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub product_id: Option<String>,
    pub external_product_id: String,
    pub title: Option<String>,
    /// On sale in the previous window (dropping it now is news the seller hears about).
    pub was_on_sale: bool,
}

pub async fn renewal_candidates(
    conn: &mut Conn,
    client_id: &str,
    previous_window_id: &str,
) -> Result<Vec<Candidate>> {
    let rows = sqlx::query(
        "SELECT product_id, external_product_id, title, status FROM tiktok_promotion_items \
         WHERE client_id = $1 AND window_id = $2 AND external_product_id IS NOT NULL AND status IN ('SUCCESS', 'DROPPED') ORDER BY product_key",
    )
    .bind(client_id)
    .bind(previous_window_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Candidate {
                product_id: r.try_get("product_id")?,
                external_product_id: r.try_get("external_product_id")?,
                title: r.try_get("title")?,
                was_on_sale: r.try_get::<String, _>("status")? == ItemOutcome::Success.as_str(),
            })
        })
        .collect()
}

/// The shop's products (marketplace id) on sale in another promotion's window that overlaps
/// `[begin, end)`, with that window's title: a product is in one flash sale at a time.
pub async fn busy_products(
    conn: &mut Conn,
    promotion: &Promotion,
    begin: Timestamp,
    end: Timestamp,
) -> Result<HashMap<String, String>> {
    let rows = sqlx::query(
        "SELECT i.external_product_id, w.title FROM tiktok_promotion_items i \
         JOIN tiktok_promotion_windows w ON w.id = i.window_id \
         JOIN tiktok_promotions p ON p.id = w.promotion_id \
         WHERE p.client_id = $1 AND p.shop_id = $2 AND p.id <> $3 AND p.deactivated_at IS NULL \
         AND i.status = 'SUCCESS' AND i.external_product_id IS NOT NULL AND w.begin_time < $4 AND w.end_time > $5",
    )
    .bind(&promotion.client_id)
    .bind(&promotion.shop_id)
    .bind(&promotion.id)
    .bind(time::to_db(end))
    .bind(time::to_db(begin))
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("external_product_id")?, r.try_get("title")?)))
        .collect()
}

/// The marketplace's ids of the chosen local products on a shop (`None`: not listed there).
pub async fn listed_on_shop(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
    product_ids: &[String],
) -> Result<Vec<(String, Option<String>)>> {
    let mut out = Vec::with_capacity(product_ids.len());
    for id in product_ids {
        let external: Option<Option<String>> = sqlx::query_scalar(
            "SELECT external_product_id FROM shop_products WHERE client_id = $1 AND shop_id = $2 AND product_id = $3",
        )
        .bind(client_id)
        .bind(shop_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
        out.push((id.clone(), external.flatten()));
    }
    Ok(out)
}

/// Local product ids of a shop's marketplace products, where known.
pub async fn local_ids(
    conn: &mut Conn,
    client_id: &str,
    shop_id: &str,
) -> Result<HashMap<String, String>> {
    let rows = sqlx::query(
        "SELECT external_product_id, product_id FROM shop_products WHERE client_id = $1 AND shop_id = $2 AND external_product_id IS NOT NULL",
    )
    .bind(client_id)
    .bind(shop_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("external_product_id")?, r.try_get("product_id")?)))
        .collect()
}

/// The activity price in cents of a regular price in cents: the discount off, rounded to the
/// cent; `None` when it would not be a real discount (the marketplace wants it above zero and
/// below the price).
pub fn discounted_cents(regular_cents: i64, discount_percent: f64) -> Option<i64> {
    let price = (regular_cents as f64 * (100.0 - discount_percent) / 100.0).round() as i64;
    (price > 0 && price < regular_cents).then_some(price)
}

/// Cents of a decimal amount as the marketplace writes them ("19.99").
pub fn cents_of(amount: &str) -> Option<i64> {
    let amount = amount.trim();
    let (whole, fraction) = amount.split_once('.').unwrap_or((amount, ""));
    if fraction.len() > 2 || whole.is_empty() {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = if fraction.is_empty() {
        0
    } else {
        format!("{fraction:0<2}").parse().ok()?
    };
    (whole >= 0).then_some(whole * 100 + fraction)
}

/// "19.99" of 1999 cents.
pub fn amount_of(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// A first window's start: in the future (the marketplace refuses a start in the past; a
/// minute of margin for the job to run) and at most [`MAX_LEAD_DAYS`] ahead, to the second.
pub fn check_begin(begin: Timestamp, now: Timestamp) -> Result<Timestamp> {
    let begin = begin.with_nanosecond(0).unwrap_or(begin);
    if begin < now + Duration::minutes(1) {
        return Err(DomainError::bad_input(
            "beginTime",
            "must be at least a minute in the future",
        ));
    }
    if begin > now + Duration::days(MAX_LEAD_DAYS) {
        return Err(DomainError::bad_input(
            "beginTime",
            format!("must be within {MAX_LEAD_DAYS} days"),
        ));
    }
    Ok(begin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_fit_the_marketplace_and_differ_per_window_and_promotion() {
        let begin = time::from_db("2030-05-14T10:00:00.000Z");
        let t = activity_title(&"W".repeat(40), begin, "a1b2c3d4-0000");
        assert!(t.chars().count() <= MAX_ACTIVITY_TITLE, "{t}");
        assert!(t.ends_with("05-14 10:00 #a1b2"), "{t}");
        assert_ne!(
            activity_title("Sale", begin, "a1b2"),
            activity_title("Sale", begin + Duration::hours(1), "a1b2")
        );
        assert_ne!(
            activity_title("Sale", begin, "a1b2"),
            activity_title("Sale", begin, "ffff")
        );
    }

    #[test]
    fn prices_are_real_discounts_in_cents() {
        assert_eq!(discounted_cents(2000, 25.0), Some(1500));
        assert_eq!(discounted_cents(1999, 10.0), Some(1799));
        assert_eq!(discounted_cents(1, 10.0), None);
        assert_eq!(cents_of("19.99"), Some(1999));
        assert_eq!(cents_of("20"), Some(2000));
        assert_eq!(cents_of("20.5"), Some(2050));
        assert_eq!(cents_of("x"), None);
        assert_eq!(amount_of(1799), "17.99");
    }

    #[test]
    fn plans_are_checked() {
        let ok = PlanInput {
            title: " Weekend ".into(),
            promotion_type: PromotionType::Flashsale,
            duration_hours: 24,
            product_level: ProductLevel::Product,
            discount_percent: 20.0,
        };
        assert_eq!(
            ok.clone().check().map(|p| p.title).ok(),
            Some("Weekend".into())
        );
        let field = |input: PlanInput| match input.check() {
            Err(DomainError::BadInput { field, .. }) => field,
            other => format!("{other:?}"),
        };
        assert_eq!(
            field(PlanInput {
                title: "x".repeat(31),
                ..ok.clone()
            }),
            "title"
        );
        assert_eq!(
            field(PlanInput {
                duration_hours: 0,
                ..ok.clone()
            }),
            "duration"
        );
        assert_eq!(
            field(PlanInput {
                duration_hours: 8760,
                ..ok.clone()
            }),
            "duration"
        );
        assert_eq!(
            field(PlanInput {
                discount_percent: 0.5,
                ..ok.clone()
            }),
            "discount"
        );
        assert_eq!(
            field(PlanInput {
                discount_percent: 100.0,
                ..ok
            }),
            "discount"
        );
    }

    #[test]
    fn the_lifecycle_follows_the_clock() {
        let begin = time::from_db("2030-05-14T10:00:00.000Z");
        let end = begin + Duration::hours(1);
        let at = |m: i64| ActivityStatus::at(begin + Duration::minutes(m), begin, end, false);
        assert_eq!(at(-1), ActivityStatus::NotStart);
        assert_eq!(at(0), ActivityStatus::Ongoing);
        assert_eq!(at(60), ActivityStatus::Expired);
        assert_eq!(
            ActivityStatus::at(begin, begin, end, true),
            ActivityStatus::Deactivated
        );
    }
}
