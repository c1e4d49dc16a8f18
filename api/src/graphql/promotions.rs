//! Flash-sale promotions: plans, schedules across shops, the promotions and their windows, and
//! the shop's activities read through from the marketplace.
//!
//! Only the configured promotions client (`PROMOTIONS_CLIENT`) reaches any of it: every
//! operation answers FORBIDDEN to another client, before looking at its input. Writes then need
//! a plan that includes promotions (PAYMENT_REQUIRED). STAFF work on their assigned shops only;
//! plans are an ADMIN's.
use async_graphql::{ComplexObject, Context, Enum, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};

use connectors::tiktok::ActivitySearch;
use domain::paging::PageRequest;
use domain::promotions::{self, ActivityStatus, PlanInput, PromotionFilter, PromotionSort};
use domain::{billing, clients, shops};
use jobs::kinds::{JobKind, PromotionDeactivate, PromotionSchedule};
use jobs::{EnqueueOptions, Pending};

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::marketplace::{
    ACTIVITY_STATUSES, MarketplaceActivity, MarketplaceActivityFilter, MarketplaceActivityList,
    count, non_empty, one_of, open_own_shop, page_size, within_timeout,
};
use crate::graphql::orders::SortDirection;
use crate::graphql::shops::BulkJobResult;
use crate::graphql::types::{JobStatus, PageInfo};
use crate::graphql::{RoleGuard, caller, state};

/// Shops one schedule may cover.
const MAX_SHOPS: usize = 50;
/// Products one schedule may choose.
const MAX_PRODUCTS: usize = 1000;
/// Promotions one bulk update may change.
const MAX_BULK: usize = 100;

/// The caller, when its client is the promotions client; FORBIDDEN otherwise.
async fn promotions_caller<'a>(ctx: &Context<'a>) -> ApiResult<&'a Caller> {
    let me = caller(ctx)?;
    let app = state(ctx);
    let mut conn = app.db.conn().await?;
    let client = clients::by_id(&mut conn, &me.scope.client_id).await?;
    if !app.promotions_enabled(&client.id, &client.key) {
        return Err(ApiError::forbidden(
            "promotions are not enabled for your client",
        ));
    }
    Ok(me)
}

/// The promotions client, for a write: its plan must include promotions.
async fn promotions_writer<'a>(ctx: &Context<'a>) -> ApiResult<&'a Caller> {
    let me = promotions_caller(ctx).await?;
    let mut conn = state(ctx).db.conn().await?;
    billing::require_promotions(&mut conn, &me.scope.client_id).await?;
    Ok(me)
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "promotions::PromotionType")]
pub enum PromotionType {
    Flashsale,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "promotions::ProductLevel")]
pub enum ItemKind {
    Product,
    Variation,
}

/// Where a window's activity is on the marketplace (ours): TikTok's lifecycle.
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "promotions::ActivityStatus")]
pub enum PromotionActivityStatus {
    NotStart,
    Ongoing,
    Expired,
    Deactivated,
}

/// What became of one product of a window (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "promotions::ItemOutcome")]
pub enum PromotionItemStatus {
    Success,
    Failed,
    Dropped,
}

/// How promotions are ordered (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum PromotionSortField {
    BeginTime,
    EndTime,
    CreatedAt,
    Title,
    NextRenewalAt,
}

impl From<PromotionSortField> for PromotionSort {
    fn from(f: PromotionSortField) -> Self {
        match f {
            PromotionSortField::BeginTime => PromotionSort::BeginTime,
            PromotionSortField::EndTime => PromotionSort::EndTime,
            PromotionSortField::CreatedAt => PromotionSort::CreatedAt,
            PromotionSortField::Title => PromotionSort::Title,
            PromotionSortField::NextRenewalAt => PromotionSort::NextRenewalAt,
        }
    }
}

#[derive(SimpleObject)]
pub struct PromotionPlan {
    pub id: ID,
    pub title: String,
    #[graphql(name = "type")]
    pub promotion_type: PromotionType,
    /// Hours one activity runs.
    pub duration: i32,
    pub product_level: ItemKind,
    /// Percent off, 1..99.
    pub discount: f64,
}

impl From<promotions::PromotionPlan> for PromotionPlan {
    fn from(p: promotions::PromotionPlan) -> Self {
        PromotionPlan {
            id: p.id.into(),
            title: p.title,
            promotion_type: p.promotion_type.into(),
            duration: i32::try_from(p.duration_hours).unwrap_or(i32::MAX),
            product_level: p.product_level.into(),
            discount: p.discount_percent,
        }
    }
}

#[derive(InputObject)]
pub struct PromotionPlanInput {
    pub title: String,
    #[graphql(name = "type")]
    pub promotion_type: PromotionType,
    pub duration: i32,
    pub product_level: ItemKind,
    pub discount: f64,
}

impl From<PromotionPlanInput> for PlanInput {
    fn from(i: PromotionPlanInput) -> Self {
        PlanInput {
            title: i.title,
            promotion_type: i.promotion_type.into(),
            duration_hours: i64::from(i.duration),
            product_level: i.product_level.into(),
            discount_percent: i.discount,
        }
    }
}

#[derive(SimpleObject)]
pub struct SyncShop {
    pub id: ID,
    pub shop_name: String,
}

/// A promotion on one shop, with its latest window.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct TiktokPromotion {
    pub id: ID,
    /// The latest window's activity on the marketplace, once created.
    pub activity_id: Option<String>,
    pub title: String,
    pub activity_type: PromotionType,
    /// The latest window.
    pub begin_time: DateTime<Utc>,
    pub end_time: DateTime<Utc>,
    pub product_level: ItemKind,
    /// The latest window's job.
    pub status: JobStatus,
    pub sync_shop: SyncShop,
    pub failed_items_count: i32,
    pub success_items_count: i32,
    pub auto_renew: bool,
    /// Ours: the latest window's activity on the marketplace (none before it exists).
    pub activity_status: Option<PromotionActivityStatus>,
    /// Ours: when the next window is created (none when it does not renew).
    pub next_renewal_at: Option<DateTime<Utc>>,
    /// Ours: why the latest window failed, or what it waits for.
    pub error: Option<String>,
    /// Ours: the plan it was scheduled from (none once the plan is removed).
    pub plan_id: Option<ID>,
    /// Ours: percent off.
    pub discount: f64,
    /// Ours: hours each window runs.
    pub duration: i32,
    /// Ours: set once deactivated (it never renews again).
    pub deactivated_at: Option<DateTime<Utc>>,
    /// Ours: the batch of the schedule that created it.
    pub batch_id: Option<ID>,
    pub created_at: DateTime<Utc>,
    #[graphql(skip)]
    client_id: String,
}

impl TiktokPromotion {
    fn of(p: promotions::Promotion, now: DateTime<Utc>) -> Self {
        TiktokPromotion {
            activity_status: p.activity_status(now).map(Into::into),
            id: p.id.into(),
            activity_id: p.activity_id,
            title: p.title,
            activity_type: p.promotion_type.into(),
            begin_time: p.begin_time,
            end_time: p.end_time,
            product_level: p.product_level.into(),
            status: p.status.into(),
            sync_shop: SyncShop {
                id: p.shop_id.into(),
                shop_name: p.shop_name,
            },
            failed_items_count: count(p.failed_items_count),
            success_items_count: count(p.success_items_count),
            auto_renew: p.auto_renew,
            next_renewal_at: p.next_renewal_at,
            error: p.error,
            plan_id: p.plan_id.map(Into::into),
            discount: p.discount_percent,
            duration: i32::try_from(p.duration_hours).unwrap_or(i32::MAX),
            deactivated_at: p.deactivated_at,
            batch_id: p.batch_id.map(Into::into),
            created_at: p.created_at,
            client_id: p.client_id,
        }
    }
}

#[ComplexObject]
impl TiktokPromotion {
    /// Ours: every window, oldest first: the renewal history.
    async fn windows(&self, ctx: &Context<'_>) -> ApiResult<Vec<TiktokPromotionWindow>> {
        let mut conn = state(ctx).db.conn().await?;
        let windows = promotions::windows(&mut conn, &self.client_id, &self.id).await?;
        let now = Utc::now();
        let deactivated = self.deactivated_at.is_some();
        Ok(windows
            .into_iter()
            .map(|w| TiktokPromotionWindow::of(w, &self.client_id, now, deactivated))
            .collect())
    }
}

/// One window of a promotion: one activity on the marketplace (ours).
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct TiktokPromotionWindow {
    pub id: ID,
    /// 1 for the first window, then one more per renewal.
    pub seq: i32,
    pub title: String,
    pub begin_time: DateTime<Utc>,
    pub end_time: DateTime<Utc>,
    pub activity_id: Option<String>,
    pub activity_status: Option<PromotionActivityStatus>,
    pub status: JobStatus,
    pub error: Option<String>,
    pub success_items_count: i32,
    pub failed_items_count: i32,
    /// Products a renewal left out because they no longer qualified.
    pub dropped_items_count: i32,
    pub created_at: DateTime<Utc>,
    #[graphql(skip)]
    client_id: String,
}

impl TiktokPromotionWindow {
    fn of(w: promotions::Window, client_id: &str, now: DateTime<Utc>, deactivated: bool) -> Self {
        let activity_status = w.activity_id.as_ref().map(|_| {
            // Only windows that had not ended when it was deactivated were ended early.
            ActivityStatus::at(
                now,
                w.begin_time,
                w.end_time,
                deactivated && w.end_time > now,
            )
            .into()
        });
        TiktokPromotionWindow {
            id: w.id.into(),
            seq: i32::try_from(w.seq).unwrap_or(i32::MAX),
            title: w.title,
            begin_time: w.begin_time,
            end_time: w.end_time,
            activity_id: w.activity_id,
            activity_status,
            status: w.status.into(),
            error: w.error,
            success_items_count: count(w.success_items_count),
            failed_items_count: count(w.failed_items_count),
            dropped_items_count: count(w.dropped_items_count),
            created_at: w.created_at,
            client_id: client_id.to_owned(),
        }
    }
}

#[ComplexObject]
impl TiktokPromotionWindow {
    /// The window's products that failed or were left out, each with its reason.
    async fn failed_items(&self, ctx: &Context<'_>) -> ApiResult<Vec<TiktokPromotionItem>> {
        let mut conn = state(ctx).db.conn().await?;
        let items = promotions::items(&mut conn, &self.client_id, &self.id, true).await?;
        Ok(items.into_iter().map(TiktokPromotionItem::from).collect())
    }
}

/// One product of a window and what became of it (ours).
#[derive(SimpleObject)]
pub struct TiktokPromotionItem {
    pub id: ID,
    /// The local product, when known.
    pub product_id: Option<ID>,
    /// The marketplace's product id.
    pub external_product_id: Option<String>,
    pub title: Option<String>,
    /// The activity price (the lowest SKU's at VARIATION level).
    pub activity_price: Option<f64>,
    pub status: PromotionItemStatus,
    pub reason: Option<String>,
}

impl From<promotions::Item> for TiktokPromotionItem {
    fn from(i: promotions::Item) -> Self {
        TiktokPromotionItem {
            id: i.id.into(),
            product_id: i.product_id.map(Into::into),
            external_product_id: i.external_product_id,
            title: i.title,
            activity_price: i.activity_price_cents.map(crate::graphql::types::money),
            status: i.status.into(),
            reason: i.reason,
        }
    }
}

#[derive(SimpleObject)]
pub struct TiktokPromotionPage {
    pub items: Vec<TiktokPromotion>,
    pub page_info: PageInfo,
}

#[derive(InputObject, Default)]
pub struct TiktokPromotionFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    /// Title or shop name.
    pub search: Option<String>,
    pub shop_id: Option<ID>,
    pub status: Option<JobStatus>,
    pub auto_renew: Option<bool>,
    /// Ours: default BEGIN_TIME.
    pub sort: Option<PromotionSortField>,
    /// Ours: default DESC.
    pub sort_direction: Option<SortDirection>,
}

#[derive(InputObject)]
pub struct BulkUpdateTiktokPromotionInput {
    pub ids: Vec<ID>,
    pub auto_renew: Option<bool>,
    /// Ends the promotions' activities on the marketplace; they never renew again.
    pub deactivate: Option<bool>,
}

#[derive(InputObject)]
pub struct CreateTiktokPromotionScheduleInput {
    pub plan_id: ID,
    pub shop_ids: Vec<ID>,
    /// Local products; empty = all the shop's live products.
    pub product_ids: Option<Vec<ID>>,
    /// The first activity's start.
    pub begin_time: DateTime<Utc>,
    pub auto_renew: bool,
}

#[derive(Default)]
pub struct PromotionsQuery;

#[Object]
impl PromotionsQuery {
    /// The client's promotion plans, newest first.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_promotion_plans(&self, ctx: &Context<'_>) -> ApiResult<Vec<PromotionPlan>> {
        let me = promotions_caller(ctx).await?;
        let mut conn = state(ctx).db.conn().await?;
        let plans = promotions::plans(&mut conn, &me.scope).await?;
        Ok(plans.into_iter().map(PromotionPlan::from).collect())
    }

    /// Promotions across the caller's shops, filtered, sorted and paged.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_tiktok_promotions(
        &self,
        ctx: &Context<'_>,
        filter: Option<TiktokPromotionFilter>,
    ) -> ApiResult<TiktokPromotionPage> {
        let me = promotions_caller(ctx).await?;
        let filter = filter.unwrap_or_default();
        let request = PageRequest::parse(filter.limit, filter.page)?;
        let mut conn = state(ctx).db.conn().await?;
        if let Some(shop) = &filter.shop_id {
            shops::get(&mut conn, &me.scope, shop).await?;
        }
        let query = PromotionFilter {
            search: filter.search,
            shop_id: filter.shop_id.map(|s| s.to_string()),
            status: filter.status.map(Into::into),
            auto_renew: filter.auto_renew,
        };
        let page = promotions::list(
            &mut conn,
            &me.scope,
            &query,
            filter.sort.map(Into::into).unwrap_or_default(),
            filter.sort_direction != Some(SortDirection::Asc),
            request,
        )
        .await?;
        let now = Utc::now();
        Ok(TiktokPromotionPage {
            page_info: PageInfo::of(&page),
            items: page
                .items
                .into_iter()
                .map(|p| TiktokPromotion::of(p, now))
                .collect(),
        })
    }

    /// One page of a shop's promotion activities as the marketplace holds them.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_tiktok_activities(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        filter: Option<MarketplaceActivityFilter>,
    ) -> ApiResult<MarketplaceActivityList> {
        let me = promotions_caller(ctx).await?;
        let app = state(ctx);
        let filter = filter.unwrap_or_default();
        let size = page_size(filter.page_size)?;
        let status = one_of("status", filter.status.as_deref(), ACTIVITY_STATUSES)?;
        let activity_type = filter
            .activity_type
            .map(|t| t.trim().to_ascii_uppercase())
            .filter(|t| !t.is_empty());
        let session = open_own_shop(app, me, &shop_id).await?;
        let search = ActivitySearch {
            status,
            activity_type,
            activity_title: None,
            page_size: Some(size),
            page_token: filter.page_token.filter(|t| !t.is_empty()),
        };
        let found =
            within_timeout(session.client.search_activities(&session.auth, &search)).await?;
        Ok(MarketplaceActivityList {
            activities: found
                .activities
                .into_iter()
                .map(MarketplaceActivity::from)
                .collect(),
            next_page_token: non_empty(found.next_page_token),
            total_count: count(found.total_count),
        })
    }
}

#[derive(Default)]
pub struct PromotionsMutation;

#[Object]
impl PromotionsMutation {
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn create_promotion_plan(
        &self,
        ctx: &Context<'_>,
        input: PromotionPlanInput,
    ) -> ApiResult<ID> {
        let me = promotions_writer(ctx).await?;
        let mut conn = state(ctx).db.conn().await?;
        let id = promotions::create_plan(&mut conn, &me.scope, input.into()).await?;
        Ok(id.into())
    }

    /// Changes a plan; promotions already scheduled keep the terms they were scheduled with.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn update_promotion_plan(
        &self,
        ctx: &Context<'_>,
        id: ID,
        input: PromotionPlanInput,
    ) -> ApiResult<PromotionPlan> {
        let me = promotions_writer(ctx).await?;
        let mut conn = state(ctx).db.conn().await?;
        let plan = promotions::update_plan(&mut conn, &me.scope, &id, input.into()).await?;
        Ok(plan.into())
    }

    /// Removes a plan; CONFLICT while an auto-renewing promotion uses it.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn remove_promotion_plan(&self, ctx: &Context<'_>, id: ID) -> ApiResult<bool> {
        let me = promotions_writer(ctx).await?;
        let mut conn = state(ctx).db.conn().await?;
        promotions::remove_plan(&mut conn, &me.scope, &id).await?;
        Ok(true)
    }

    /// Queues one `promotion.schedule` job per shop under one batch (getJobBatch follows it):
    /// each creates the plan's activity on its shop from `beginTime` and adds the products.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn create_tiktok_promotion_schedule(
        &self,
        ctx: &Context<'_>,
        input: CreateTiktokPromotionScheduleInput,
    ) -> ApiResult<BulkJobResult> {
        let me = promotions_writer(ctx).await?;
        let app = state(ctx);
        if input.shop_ids.is_empty() {
            return Err(ApiError::bad_input("shopIds", "choose at least one shop"));
        }
        if input.shop_ids.len() > MAX_SHOPS {
            return Err(ApiError::bad_input(
                "shopIds",
                format!("at most {MAX_SHOPS} shops at once"),
            ));
        }
        let mut shop_ids: Vec<String> = input.shop_ids.iter().map(|s| s.to_string()).collect();
        shop_ids.sort();
        shop_ids.dedup();
        let mut product_ids: Vec<String> = input
            .product_ids
            .unwrap_or_default()
            .iter()
            .map(|p| p.to_string())
            .collect();
        product_ids.sort();
        product_ids.dedup();
        if product_ids.len() > MAX_PRODUCTS {
            return Err(ApiError::bad_input(
                "productIds",
                format!("at most {MAX_PRODUCTS} products at once"),
            ));
        }
        let begin = promotions::check_begin(input.begin_time, Utc::now())?;
        let mut tx = app.db.begin().await?;
        let plan = promotions::plan(&mut tx, &me.scope, &input.plan_id).await?;
        for shop_id in &shop_ids {
            let shop = shops::get(&mut tx, &me.scope, shop_id).await?;
            if !shop.sale_channel.supports_promotions() {
                return Err(ApiError::bad_input(
                    "shopIds",
                    format!("{} is not a TikTok Shop shop", shop.name),
                ));
            }
        }
        for product_id in &product_ids {
            domain::products::get(&mut tx, &me.scope, product_id).await?;
        }
        let mut jobs = Vec::with_capacity(shop_ids.len());
        let mut created = Vec::with_capacity(shop_ids.len());
        for shop_id in &shop_ids {
            let new = promotions::NewPromotion {
                shop_id,
                plan: &plan,
                product_ids: &product_ids,
                begin,
                auto_renew: input.auto_renew,
                user_id: Some(&me.scope.user_id),
            };
            let (promotion_id, _, _) = promotions::create(&mut tx, &me.scope, &new).await?;
            jobs.push(PromotionSchedule {
                promotion_id: promotion_id.clone(),
                client_id: me.scope.client_id.clone(),
                shop_id: shop_id.clone(),
                seq: 1,
            });
            created.push(promotion_id);
        }
        let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
        let (batch_id, pending) =
            PromotionSchedule::enqueue_batch(&mut tx, &jobs, &options).await?;
        promotions::set_batch(&mut tx, &me.scope.client_id, &created, &batch_id).await?;
        tx.commit().await?;
        app.dispatch(pending).await;
        Ok(BulkJobResult {
            batch_id: batch_id.into(),
            queued: i32::try_from(jobs.len()).unwrap_or(i32::MAX),
        })
    }

    /// Turns auto-renew on or off and/or deactivates promotions (their activities end on the
    /// marketplace, in the background; they never renew again). Answers how many changed.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_update_tiktok_promotion(
        &self,
        ctx: &Context<'_>,
        input: BulkUpdateTiktokPromotionInput,
    ) -> ApiResult<i32> {
        let me = promotions_writer(ctx).await?;
        let app = state(ctx);
        if input.ids.is_empty() {
            return Err(ApiError::bad_input("ids", "choose at least one promotion"));
        }
        if input.ids.len() > MAX_BULK {
            return Err(ApiError::bad_input(
                "ids",
                format!("at most {MAX_BULK} promotions at once"),
            ));
        }
        let deactivate = input.deactivate == Some(true);
        if input.auto_renew.is_none() && !deactivate {
            return Err(ApiError::bad_input(
                "autoRenew",
                "say what to change: autoRenew or deactivate",
            ));
        }
        if deactivate && input.auto_renew == Some(true) {
            return Err(ApiError::bad_input(
                "autoRenew",
                "a deactivated promotion cannot renew",
            ));
        }
        let mut ids: Vec<String> = input.ids.iter().map(|i| i.to_string()).collect();
        ids.sort();
        ids.dedup();
        let mut tx = app.db.begin().await?;
        let found = promotions::get_many(&mut tx, &me.scope, &ids).await?;
        if input.auto_renew == Some(true)
            && let Some(p) = found.iter().find(|p| p.deactivated_at.is_some())
        {
            return Err(ApiError::new(
                "CONFLICT",
                format!("the promotion {} was deactivated: it cannot renew", p.title),
            ));
        }
        let mut changed = 0;
        let mut pending = Pending::new();
        let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
        for promotion in &found {
            if deactivate {
                if promotions::mark_deactivated(&mut tx, promotion).await? {
                    let job = PromotionDeactivate {
                        promotion_id: promotion.id.clone(),
                        client_id: promotion.client_id.clone(),
                        shop_id: promotion.shop_id.clone(),
                    };
                    pending.add(job.enqueue(&mut tx, &options).await?);
                    changed += 1;
                }
            } else if let Some(on) = input.auto_renew
                && promotion.deactivated_at.is_none()
            {
                promotions::set_auto_renew(
                    &mut tx,
                    promotion,
                    on,
                    app.config.jobs.promotion_renew_ahead,
                )
                .await?;
                changed += 1;
            }
        }
        tx.commit().await?;
        app.dispatch(pending).await;
        Ok(changed)
    }
}
