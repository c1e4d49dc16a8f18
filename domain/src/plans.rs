//! The plan catalogue (seeded by migration 0015, edited by a SUPER_ADMIN) and the plan a new
//! client starts on. Money is integer cents. Balances, subscribing and gating: `billing`.
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::Conn;
use crate::{DomainError, Result, ids, stored, time};

/// The plans of the catalogue, by the type they are stored and shown under.
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
pub enum PlanType {
    Basic,
    Begin,
    Diamond,
    Free,
    Premium,
    Small,
}

impl PlanType {
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

#[derive(Debug, Clone)]
pub struct Plan {
    pub id: String,
    pub plan_type: PlanType,
    pub description: String,
    pub features: Vec<String>,
    pub sale_price_cents: i64,
    pub base_price_cents: i64,
    pub max_shops: i64,
    pub duration_days: i64,
    /// Listings (one product on one shop) a month; `None` = unlimited.
    pub monthly_listings: Option<i64>,
    /// Fulfilment orders sent a month; `None` = unlimited.
    pub monthly_fulfillments: Option<i64>,
    /// Flash-sale promotions are part of the plan.
    pub promotions: bool,
}

impl Plan {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let features: String = row.try_get("features")?;
        Ok(Self {
            id: row.try_get("id")?,
            plan_type: stored::column(row, "subscription_plans", "type")?,
            description: row.try_get("description")?,
            features: serde_json::from_str(&features).unwrap_or_default(),
            sale_price_cents: row.try_get("sale_price_cents")?,
            base_price_cents: row.try_get("base_price_cents")?,
            max_shops: row.try_get("max_shops")?,
            duration_days: row.try_get("duration_days")?,
            monthly_listings: row.try_get("monthly_listings")?,
            monthly_fulfillments: row.try_get("monthly_fulfillments")?,
            promotions: crate::db::flag(row, "promotions")?,
        })
    }
}

/// Every plan, cheapest first.
pub async fn all(conn: &mut Conn) -> Result<Vec<Plan>> {
    let rows = sqlx::query("SELECT * FROM subscription_plans ORDER BY sale_price_cents, type")
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(Plan::from_row).collect()
}

pub async fn by_id(conn: &mut Conn, id: &str) -> Result<Plan> {
    if !ids::looks_like_id(id) {
        return Err(DomainError::NotFound("plan"));
    }
    let row = sqlx::query("SELECT * FROM subscription_plans WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref()
        .map(Plan::from_row)
        .transpose()?
        .ok_or(DomainError::NotFound("plan"))
}

/// A plan's editable terms, each optional (`None` keeps the stored value). An allowance of
/// `Some(None)` makes it unlimited.
#[derive(Debug, Clone, Default)]
pub struct PlanChanges {
    pub description: Option<String>,
    pub features: Option<Vec<String>>,
    pub sale_price_cents: Option<i64>,
    pub base_price_cents: Option<i64>,
    pub max_shops: Option<i64>,
    pub duration_days: Option<i64>,
    pub monthly_listings: Option<Option<i64>>,
    pub monthly_fulfillments: Option<Option<i64>>,
    pub promotions: Option<bool>,
}

/// The most a plan may cost, in cents: a typo of a few zeros is refused.
pub const MAX_PRICE_CENTS: i64 = 10_000_000;
const MAX_FEATURES: usize = 20;
const MAX_TEXT: usize = 200;

/// Checks the changes against the plan they apply to and writes them.
pub async fn update(conn: &mut Conn, id: &str, changes: PlanChanges) -> Result<Plan> {
    let mut plan = by_id(conn, id).await?;
    if let Some(d) = changes.description {
        let d = d.trim();
        if d.is_empty() || d.chars().count() > MAX_TEXT {
            return Err(DomainError::bad_input(
                "description",
                format!("give 1 to {MAX_TEXT} characters"),
            ));
        }
        plan.description = d.to_owned();
    }
    if let Some(features) = changes.features {
        if features.len() > MAX_FEATURES {
            return Err(DomainError::bad_input(
                "features",
                format!("at most {MAX_FEATURES} features"),
            ));
        }
        let mut clean = Vec::with_capacity(features.len());
        for (i, f) in features.iter().enumerate() {
            let f = f.trim();
            if f.is_empty() || f.chars().count() > MAX_TEXT {
                return Err(DomainError::bad_input(
                    format!("features.{i}"),
                    format!("give 1 to {MAX_TEXT} characters"),
                ));
            }
            clean.push(f.to_owned());
        }
        plan.features = clean;
    }
    let price = |field: &str, v: i64| -> Result<i64> {
        if !(0..=MAX_PRICE_CENTS).contains(&v) {
            return Err(DomainError::bad_input(
                field,
                format!("must be between 0 and {}", MAX_PRICE_CENTS / 100),
            ));
        }
        Ok(v)
    };
    if let Some(v) = changes.sale_price_cents {
        plan.sale_price_cents = price("salePrice", v)?;
    }
    if let Some(v) = changes.base_price_cents {
        plan.base_price_cents = price("basePrice", v)?;
    }
    if let Some(v) = changes.max_shops {
        if !(1..=10_000).contains(&v) {
            return Err(DomainError::bad_input(
                "maxShops",
                "must be between 1 and 10000",
            ));
        }
        plan.max_shops = v;
    }
    if let Some(v) = changes.duration_days {
        if !(1..=3660).contains(&v) {
            return Err(DomainError::bad_input(
                "durationDays",
                "must be between 1 and 3660",
            ));
        }
        plan.duration_days = v;
    }
    for (field, change, slot) in [
        (
            "monthlyListings",
            changes.monthly_listings,
            &mut plan.monthly_listings,
        ),
        (
            "monthlyFulfillments",
            changes.monthly_fulfillments,
            &mut plan.monthly_fulfillments,
        ),
    ] {
        if let Some(v) = change {
            if v.is_some_and(|n| !(0..=100_000_000).contains(&n)) {
                return Err(DomainError::bad_input(
                    field,
                    "must be between 0 and 100000000, or null for unlimited",
                ));
            }
            *slot = v;
        }
    }
    if let Some(p) = changes.promotions {
        plan.promotions = p;
    }
    // FREE is what every client falls back to: it stays free and without an end.
    if plan.plan_type == PlanType::Free {
        if plan.sale_price_cents != 0 {
            return Err(DomainError::bad_input("salePrice", "FREE stays free"));
        }
    } else if plan.sale_price_cents == 0 {
        return Err(DomainError::bad_input(
            "salePrice",
            "a paid plan needs a price above 0",
        ));
    }
    if plan.sale_price_cents > plan.base_price_cents && plan.base_price_cents > 0 {
        return Err(DomainError::bad_input(
            "salePrice",
            "must not be above the base price",
        ));
    }
    sqlx::query(
        "UPDATE subscription_plans SET description = $2, features = $3, sale_price_cents = $4, base_price_cents = $5,
         max_shops = $6, duration_days = $7, monthly_listings = $8, monthly_fulfillments = $9, promotions = $10, updated_at = $11
         WHERE id = $1",
    )
    .bind(&plan.id)
    .bind(&plan.description)
    .bind(serde_json::to_string(&plan.features).unwrap_or_else(|_| "[]".into()))
    .bind(plan.sale_price_cents)
    .bind(plan.base_price_cents)
    .bind(plan.max_shops)
    .bind(plan.duration_days)
    .bind(plan.monthly_listings)
    .bind(plan.monthly_fulfillments)
    .bind(plan.promotions)
    .bind(time::now_db())
    .execute(&mut *conn)
    .await?;
    Ok(plan)
}

pub async fn by_type(conn: &mut Conn, plan_type: PlanType) -> Result<Option<Plan>> {
    let row = sqlx::query("SELECT * FROM subscription_plans WHERE type = $1")
        .bind(plan_type.as_str())
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(Plan::from_row).transpose()
}

/// The plan a client subscribed to, if any, whether or not its period has ended (the plan
/// that limits it now is `billing::effective_plan`).
pub async fn of_client(conn: &mut Conn, client_id: &str) -> Result<Option<Plan>> {
    let row = sqlx::query(
        "SELECT p.* FROM subscription_plans p JOIN client_subscriptions s ON s.plan_id = p.id WHERE s.client_id = $1",
    )
    .bind(client_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(Plan::from_row).transpose()
}

/// Puts a new client on FREE (one shop, no end date).
pub async fn start_free(conn: &mut Conn, client_id: &str) -> Result<()> {
    start_on(conn, client_id, PlanType::Free).await
}

/// Puts a new client on a plan with no end date (the demo client shows several shops).
pub async fn start_on(conn: &mut Conn, client_id: &str, plan_type: PlanType) -> Result<()> {
    let plan_id: Option<String> =
        sqlx::query_scalar("SELECT id FROM subscription_plans WHERE type = $1")
            .bind(plan_type.as_str())
            .fetch_optional(&mut *conn)
            .await?;
    let now = time::now_db();
    sqlx::query(
        "INSERT INTO client_subscriptions (id, client_id, plan_id, start_date, end_date, balance_cents, created_at, updated_at)
         VALUES ($1, $2, $3, $4, NULL, 0, $4, $4) ON CONFLICT (client_id) DO NOTHING",
    )
    .bind(ids::new_id())
    .bind(client_id)
    .bind(plan_id)
    .bind(&now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
