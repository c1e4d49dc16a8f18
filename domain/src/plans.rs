//! Subscription plans and each client's subscription. Money is integer cents.
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::Conn;
use crate::{Result, ids, stored, time};

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
        })
    }
}

/// One plan of the catalogue: (type, description, features, sale, base, shops, days).
type CataloguePlan = (
    PlanType,
    &'static str,
    &'static [&'static str],
    i64,
    i64,
    i64,
    i64,
);

const CATALOGUE: &[CataloguePlan] = &[
    (
        PlanType::Free,
        "Try Sellerdesk with one shop",
        &["1 shop", "Catalogue and templates", "Order tracking"],
        0,
        0,
        1,
        0,
    ),
    (
        PlanType::Begin,
        "For a first store finding its feet",
        &["3 shops", "Bulk listing", "Fulfilment providers"],
        1900,
        2900,
        3,
        30,
    ),
    (
        PlanType::Small,
        "For a small team",
        &["5 shops", "Bulk listing", "Staff accounts"],
        3900,
        4900,
        5,
        30,
    ),
    (
        PlanType::Basic,
        "For a growing seller",
        &["10 shops", "Flash-sale automation", "Priority sync"],
        7900,
        9900,
        10,
        30,
    ),
    (
        PlanType::Premium,
        "For established sellers",
        &["25 shops", "Everything in Basic", "Priority support"],
        14900,
        19900,
        25,
        30,
    ),
    (
        PlanType::Diamond,
        "For large operations",
        &["100 shops", "Everything in Premium", "Dedicated onboarding"],
        39900,
        49900,
        100,
        30,
    ),
];

/// Creates the plans that do not exist yet; safe to run at every start.
pub async fn seed(conn: &mut Conn) -> Result<()> {
    let now = time::now_db();
    for (plan_type, description, features, sale, base, shops, days) in CATALOGUE {
        sqlx::query(
            "INSERT INTO subscription_plans (id, type, description, features, sale_price_cents, base_price_cents, max_shops, duration_days, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (type) DO NOTHING",
        )
        .bind(ids::new_id())
        .bind(plan_type.as_str())
        .bind(*description)
        .bind(serde_json::to_string(features).unwrap_or_else(|_| "[]".into()))
        .bind(*sale)
        .bind(*base)
        .bind(*shops)
        .bind(*days)
        .bind(&now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

pub async fn by_type(conn: &mut Conn, plan_type: PlanType) -> Result<Option<Plan>> {
    let row = sqlx::query("SELECT * FROM subscription_plans WHERE type = $1")
        .bind(plan_type.as_str())
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(Plan::from_row).transpose()
}

/// The plan a client is on now, if any.
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

/// Paid work (bulk jobs, fulfilment orders) needs a plan that has not ended. A client with no
/// subscription row (the platform client) is not limited.
pub async fn require_active(conn: &mut Conn, client_id: &str) -> Result<()> {
    let end: Option<Option<String>> =
        sqlx::query_scalar("SELECT end_date FROM client_subscriptions WHERE client_id = $1")
            .bind(client_id)
            .fetch_optional(&mut *conn)
            .await?;
    match end {
        Some(Some(end)) if time::from_db(&end) <= time::now() => {
            Err(crate::DomainError::PaymentRequired)
        }
        _ => Ok(()),
    }
}

/// Connecting one more shop must stay within the plan's quota (and the plan must be active).
/// `reconnecting` is true when the shop is already one of the client's.
pub async fn require_shop_quota(
    conn: &mut Conn,
    client_id: &str,
    reconnecting: bool,
) -> Result<()> {
    require_active(conn, client_id).await?;
    if reconnecting {
        return Ok(());
    }
    let Some(plan) = of_client(conn, client_id).await? else {
        return Ok(());
    };
    let shops: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM shops WHERE client_id = $1")
            .bind(client_id)
            .fetch_one(&mut *conn)
            .await?;
    if shops >= plan.max_shops {
        return Err(crate::DomainError::PaymentRequired);
    }
    Ok(())
}
