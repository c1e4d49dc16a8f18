//! Output types and enumerations shared by several areas, named as the contract names them.
use async_graphql::{ComplexObject, Context, Enum, InputObject, SimpleObject};
use chrono::{DateTime, Utc};

use domain::{clients, paging, plans, settings};

use crate::errors::ApiResult;
use crate::graphql::state;

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(name = "Role", remote = "domain::Role")]
pub enum RoleEnum {
    Admin,
    Staff,
    SuperAdmin,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum JobStatus {
    Failed,
    Pending,
    Processing,
    Success,
}

impl From<domain::event_histories::JobStatus> for JobStatus {
    fn from(s: domain::event_histories::JobStatus) -> Self {
        use domain::event_histories::JobStatus as S;
        match s {
            S::Failed => JobStatus::Failed,
            S::Pending => JobStatus::Pending,
            S::Processing => JobStatus::Processing,
            S::Success => JobStatus::Success,
        }
    }
}

impl From<JobStatus> for domain::event_histories::JobStatus {
    fn from(s: JobStatus) -> Self {
        use domain::event_histories::JobStatus as S;
        match s {
            JobStatus::Failed => S::Failed,
            JobStatus::Pending => S::Pending,
            JobStatus::Processing => S::Processing,
            JobStatus::Success => S::Success,
        }
    }
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "settings::SettingKey")]
pub enum SettingKey {
    Timezone,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "plans::PlanType")]
pub enum PlanType {
    Basic,
    Begin,
    Diamond,
    Free,
    Premium,
    Small,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::shops::SaleChannel")]
pub enum SaleChannel {
    Amazon,
    Tiktok,
    Walmart,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum TargetMarket {
    Us,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::shop_products::LiveStatus")]
pub enum LiveStatus {
    Draft,
    Listed,
    Live,
    Pending,
    Suspended,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::shops::ShopConnection")]
pub enum ShopConnection {
    Connected,
    Open,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct PageInfo {
    pub has_next_page: bool,
    pub has_previous_page: bool,
    pub total_count: i32,
}

impl PageInfo {
    pub fn of<T>(page: &paging::Page<T>) -> PageInfo {
        PageInfo {
            has_next_page: page.has_next(),
            has_previous_page: page.has_previous(),
            total_count: i32::try_from(page.total).unwrap_or(i32::MAX),
        }
    }
}

pub fn money(cents: i64) -> f64 {
    cents as f64 / 100.0
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(complex)]
pub struct Client {
    pub id: async_graphql::ID,
    pub name: String,
    pub key: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

#[ComplexObject]
impl Client {
    /// True only for the one client with promotions (PROMOTIONS_CLIENT).
    async fn promotions_enabled(&self, ctx: &Context<'_>) -> bool {
        state(ctx).promotions_enabled(&self.id, &self.key)
    }
}

impl From<clients::Client> for Client {
    fn from(c: clients::Client) -> Self {
        Client {
            id: c.id.into(),
            name: c.name,
            key: c.key,
            is_active: c.is_active,
            created_at: c.created_at,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
pub struct SubscriptionPlan {
    pub id: async_graphql::ID,
    #[graphql(name = "type")]
    pub plan_type: PlanType,
    pub description: String,
    pub features: Vec<String>,
    pub sale_price: f64,
    pub base_price: f64,
    pub max_shops: i32,
    pub duration_days: i32,
    /// Listings (a product on a shop) a calendar month; null = unlimited.
    pub monthly_listings: Option<i32>,
    /// Fulfilment orders a calendar month; null = unlimited.
    pub monthly_fulfillments: Option<i32>,
    /// Flash-sale promotions are part of the plan.
    pub promotions: bool,
}

impl From<plans::Plan> for SubscriptionPlan {
    fn from(p: plans::Plan) -> Self {
        SubscriptionPlan {
            id: p.id.into(),
            plan_type: p.plan_type.into(),
            description: p.description,
            features: p.features,
            sale_price: money(p.sale_price_cents),
            base_price: money(p.base_price_cents),
            max_shops: i32::try_from(p.max_shops).unwrap_or(i32::MAX),
            duration_days: i32::try_from(p.duration_days).unwrap_or(i32::MAX),
            monthly_listings: p
                .monthly_listings
                .map(|n| i32::try_from(n).unwrap_or(i32::MAX)),
            monthly_fulfillments: p
                .monthly_fulfillments
                .map(|n| i32::try_from(n).unwrap_or(i32::MAX)),
            promotions: p.promotions,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
pub struct UserSetting {
    pub id: async_graphql::ID,
    pub name: SettingKey,
    pub value: String,
    pub created_at: DateTime<Utc>,
}

impl From<settings::UserSetting> for UserSetting {
    fn from(s: settings::UserSetting) -> Self {
        UserSetting {
            id: s.id.into(),
            name: s.name.into(),
            value: s.value,
            created_at: s.created_at,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(complex)]
pub struct Shop {
    pub id: async_graphql::ID,
    pub name: String,
    pub sale_channel: SaleChannel,
    pub target_market: TargetMarket,
    pub commission_rate: f64,
    pub status: LiveStatus,
    pub connection: ShopConnection,
    pub created_at: DateTime<Utc>,
    /// End of the newest successful shop.sync.
    pub last_synced_at: Option<DateTime<Utc>>,
}

#[async_graphql::ComplexObject]
impl Shop {
    /// STAFF users assigned to the shop.
    async fn assigned_user_ids(
        &self,
        ctx: &async_graphql::Context<'_>,
    ) -> crate::errors::ApiResult<Vec<async_graphql::ID>> {
        let me = crate::graphql::caller(ctx)?;
        let mut conn = crate::graphql::state(ctx).db.conn().await?;
        let ids =
            domain::shops::assigned_user_ids(&mut conn, &me.scope.client_id, &self.id).await?;
        Ok(ids.into_iter().map(Into::into).collect())
    }

    async fn warehouse_count(
        &self,
        ctx: &async_graphql::Context<'_>,
    ) -> crate::errors::ApiResult<i32> {
        let me = crate::graphql::caller(ctx)?;
        let mut conn = crate::graphql::state(ctx).db.conn().await?;
        let n = domain::shops::warehouse_count(&mut conn, &me.scope.client_id, &self.id).await?;
        Ok(i32::try_from(n).unwrap_or(i32::MAX))
    }
}

impl From<domain::shops::Shop> for Shop {
    fn from(s: domain::shops::Shop) -> Self {
        Shop {
            id: s.id.into(),
            name: s.name,
            sale_channel: s.sale_channel.into(),
            target_market: TargetMarket::Us,
            commission_rate: s.commission_rate,
            status: s.status.into(),
            connection: s.connection.into(),
            created_at: s.created_at,
            last_synced_at: s.last_synced_at,
        }
    }
}

/// A user; `plan`, `client` and `settings` are read when asked for.
#[derive(Debug, Clone)]
pub struct User(pub domain::users::User);

#[async_graphql::Object(name = "User")]
impl User {
    async fn id(&self) -> async_graphql::ID {
        self.0.id.clone().into()
    }
    async fn email(&self) -> &str {
        &self.0.email
    }
    async fn first_name(&self) -> &str {
        &self.0.first_name
    }
    async fn last_name(&self) -> &str {
        &self.0.last_name
    }
    async fn role(&self) -> RoleEnum {
        self.0.role.into()
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    /// The shops this user works on.
    async fn shops(&self, ctx: &Context<'_>) -> ApiResult<Vec<Shop>> {
        let mut conn = state(ctx).db.conn().await?;
        Ok(domain::shops::of_user(&mut conn, &self.0.id)
            .await?
            .into_iter()
            .map(Shop::from)
            .collect())
    }
    /// The plan whose limits apply now: FREE once a paid period ended without renewal.
    async fn plan(&self, ctx: &Context<'_>) -> ApiResult<Option<SubscriptionPlan>> {
        let mut conn = state(ctx).db.conn().await?;
        Ok(
            domain::billing::effective_plan(&mut conn, &self.0.client_id)
                .await?
                .map(SubscriptionPlan::from),
        )
    }
    async fn client(&self, ctx: &Context<'_>) -> ApiResult<Option<Client>> {
        let mut conn = state(ctx).db.conn().await?;
        Ok(Some(
            clients::by_id(&mut conn, &self.0.client_id).await?.into(),
        ))
    }
    async fn settings(&self, ctx: &Context<'_>) -> ApiResult<Vec<UserSetting>> {
        let mut conn = state(ctx).db.conn().await?;
        Ok(settings::list(&mut conn, &self.0.id)
            .await?
            .into_iter()
            .map(UserSetting::from)
            .collect())
    }
}

#[derive(SimpleObject, Debug, Clone)]
pub struct UserPage {
    pub items: Vec<User>,
    pub page_info: PageInfo,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::catalogue::ProductType")]
pub enum ProductType {
    Dropship,
    Pod,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::catalogue::WeightUnit")]
pub enum WeightUnit {
    Kilogram,
    Pound,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::catalogue::DimensionUnit")]
pub enum DimensionUnit {
    Centimeter,
    Inch,
}

#[derive(SimpleObject, InputObject, Debug, Clone, Copy)]
#[graphql(input_name = "WeightInput")]
pub struct Weight {
    pub value: f64,
    pub unit: WeightUnit,
}

#[derive(SimpleObject, InputObject, Debug, Clone, Copy)]
#[graphql(input_name = "DimensionsInput")]
pub struct Dimensions {
    pub width: f64,
    pub height: f64,
    pub length: f64,
    pub unit: DimensionUnit,
}

impl From<domain::catalogue::Weight> for Weight {
    fn from(w: domain::catalogue::Weight) -> Self {
        Weight {
            value: w.value,
            unit: w.unit.into(),
        }
    }
}

impl From<Weight> for domain::catalogue::Weight {
    fn from(w: Weight) -> Self {
        domain::catalogue::Weight {
            value: w.value,
            unit: w.unit.into(),
        }
    }
}

impl From<domain::catalogue::Dimensions> for Dimensions {
    fn from(d: domain::catalogue::Dimensions) -> Self {
        Dimensions {
            width: d.width,
            height: d.height,
            length: d.length,
            unit: d.unit.into(),
        }
    }
}

impl From<Dimensions> for domain::catalogue::Dimensions {
    fn from(d: Dimensions) -> Self {
        domain::catalogue::Dimensions {
            width: d.width,
            height: d.height,
            length: d.length,
            unit: d.unit.into(),
        }
    }
}
