//! Shops: the consent flow that connects a marketplace shop, and the client's shops.
//! ADMIN connects and manages shops; STAFF see only the shops assigned to them.
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};

use connectors::tiktok::TiktokError;
use domain::plans;
use domain::shops::{self, GrantedTiktokShop, StateUse};
use jobs::kinds::{CategorySync, Registered, ShopSync, WarehouseSync};
use jobs::{EnqueueOptions, JobKind, Pending};

use crate::errors::{ApiError, ApiResult};
use crate::graphql::types::{PageInfo, SaleChannel, Shop, TargetMarket};
use crate::graphql::{AppState, RoleGuard, caller, state};

#[derive(InputObject)]
pub struct AuthorizeShopInput {
    pub code: String,
    pub state: String,
    pub sale_channel: SaleChannel,
    pub target_market: Option<TargetMarket>,
}

#[derive(InputObject, Default)]
pub struct ShopFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub search: Option<String>,
    pub sale_channel: Option<SaleChannel>,
}

#[derive(SimpleObject)]
pub struct ShopPage {
    pub items: Vec<Shop>,
    pub page_info: PageInfo,
}

#[derive(InputObject)]
pub struct UpdateShopInput {
    pub name: Option<String>,
    pub commission_rate: Option<f64>,
}

#[derive(InputObject)]
pub struct ReassignShopInput {
    pub shop_id: ID,
    pub user_ids: Vec<ID>,
}

#[derive(SimpleObject)]
pub struct Warehouse {
    pub id: ID,
    pub external_id: String,
    pub name: String,
    pub additional_data: Option<Json<serde_json::Value>>,
    pub is_default: bool,
}

/// A queued bulk action: one job per item, all under one batch id (see getJobBatch).
#[derive(SimpleObject)]
pub struct BulkJobResult {
    pub batch_id: ID,
    pub queued: i32,
}

#[derive(Default)]
pub struct ShopsQuery;

#[Object]
impl ShopsQuery {
    /// The client's shops; STAFF see their assigned shops.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_shops(
        &self,
        ctx: &Context<'_>,
        filter: Option<ShopFilter>,
    ) -> ApiResult<ShopPage> {
        let me = caller(ctx)?;
        let filter = filter.unwrap_or_default();
        let request = domain::paging::PageRequest::parse(filter.limit, filter.page)?;
        let query = shops::ShopFilter {
            search: filter.search,
            sale_channel: filter.sale_channel.map(Into::into),
        };
        let mut conn = state(ctx).db.conn().await?;
        let page = shops::list(&mut conn, &me.scope, &query, request).await?;
        Ok(ShopPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Into::into).collect(),
        })
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_shop(&self, ctx: &Context<'_>, id: ID) -> ApiResult<Shop> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(shops::get(&mut conn, &me.scope, &id).await?.into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_warehouses(&self, ctx: &Context<'_>, shop_id: ID) -> ApiResult<Vec<Warehouse>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        let list = shops::warehouses(&mut conn, &me.scope, &shop_id).await?;
        Ok(list
            .into_iter()
            .map(|w| Warehouse {
                id: w.id.into(),
                external_id: w.external_id,
                name: w.name,
                additional_data: w.additional_data.map(Json),
                is_default: w.is_default,
            })
            .collect())
    }
}

/// Queues one job for a shop under a new batch, so the screen can follow it.
async fn queue_shop_job<K: Registered>(
    ctx: &Context<'_>,
    job: K,
    shop_id: &str,
) -> ApiResult<BulkJobResult> {
    let me = caller(ctx)?;
    let app = state(ctx);
    let mut tx = app.db.begin().await?;
    shops::get(&mut tx, &me.scope, shop_id).await?;
    let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
    let (batch_id, pending) = K::enqueue_batch(&mut tx, &[job], &options).await?;
    tx.commit().await?;
    app.dispatch(pending).await;
    Ok(BulkJobResult {
        batch_id: batch_id.into(),
        queued: 1,
    })
}

/// The TikTok client, or the error that says the server has no TikTok app.
pub fn tiktok(app: &AppState) -> ApiResult<&connectors::tiktok::TiktokClient> {
    app.tiktok.as_ref().ok_or_else(|| {
        ApiError::new(
            "UPSTREAM_ERROR",
            "TikTok Shop is not configured on this server (TIKTOK_APP_KEY, TIKTOK_APP_SECRET)",
        )
    })
}

/// A marketplace failure as the contract shows it: the marketplace's own words and code
/// (mapped in `crate::errors`).
pub fn upstream(e: TiktokError) -> ApiError {
    e.into()
}

#[derive(Default)]
pub struct ShopsMutation;

#[Object]
impl ShopsMutation {
    /// The consent link a seller opens to connect a shop. Its `state` is single use and
    /// expires after 30 minutes.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn generate_authorize_link(
        &self,
        ctx: &Context<'_>,
        target_market: TargetMarket,
        sale_channel: SaleChannel,
    ) -> ApiResult<String> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let sale_channel = shops::SaleChannel::from(sale_channel);
        if !sale_channel.supports_authorization() {
            return Err(ApiError::bad_input(
                "saleChannel",
                "only TikTok Shop can be connected for now",
            ));
        }
        let client = tiktok(app)?;
        let _ = target_market;
        let mut conn = app.db.conn().await?;
        plans::require_active(&mut conn, &me.scope.client_id).await?;
        let raw = shops::create_state(&mut conn, &me.scope, sale_channel, "US").await?;
        Ok(client.authorize_url(&raw))
    }

    /// Completes the consent flow: checks the state (single use), exchanges the code for
    /// tokens, connects every shop the grant covers and queues their first sync.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn authorize_shop(
        &self,
        ctx: &Context<'_>,
        input: AuthorizeShopInput,
    ) -> ApiResult<Shop> {
        let me = caller(ctx)?;
        let app = state(ctx);
        if input.code.trim().is_empty() {
            return Err(ApiError::bad_input(
                "code",
                "the authorisation code is missing",
            ));
        }
        let client = tiktok(app)?;
        let mut conn = app.db.conn().await?;
        let peeked = match shops::peek_state(&mut conn, &me.scope, &input.state).await? {
            // The same callback again (a reload, a double submit): the shop it connected.
            StateUse::Repeated(shop_id) => {
                return Ok(shops::get(&mut conn, &me.scope, &shop_id).await?.into());
            }
            StateUse::Fresh(used) => used,
        };
        drop(conn);
        if peeked.sale_channel != input.sale_channel.into() {
            return Err(ApiError::bad_input(
                "saleChannel",
                "the link was made for another sale channel",
            ));
        }
        // The remote calls happen outside any transaction; the state is used only when the
        // shop is stored, so a failed exchange leaves the link usable for another try.
        let tokens = client
            .get_token(input.code.trim())
            .await
            .map_err(|e| match e {
                TiktokError::Rejected { .. } | TiktokError::AuthorizationLost { .. } => {
                    ApiError::bad_input(
                        "code",
                        format!(
                            "TikTok Shop refused the authorisation code: {}",
                            e.message()
                        ),
                    )
                }
                other => upstream(other),
            })?;
        let granted = client
            .authorized_shops(&tokens.access_token)
            .await
            .map_err(upstream)?;
        if granted.is_empty() {
            return Err(ApiError::new(
                "UPSTREAM_ERROR",
                "TikTok Shop granted no shop to this authorisation",
            ));
        }
        let mut tx = app.db.begin().await?;
        let used = match shops::use_state(&mut tx, &me.scope, &input.state).await? {
            StateUse::Fresh(used) => used,
            StateUse::Repeated(shop_id) => {
                return Ok(shops::get(&mut tx, &me.scope, &shop_id).await?.into());
            }
        };
        let access_sealed = app.secrets.seal(&tokens.access_token);
        let refresh_sealed = app.secrets.seal(&tokens.refresh_token);
        let mut first = None;
        let mut job_ids = Pending::new();
        let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
        for g in granted {
            let known = shops::find_external(
                &mut tx,
                &me.scope.client_id,
                shops::SaleChannel::Tiktok,
                &g.id,
            )
            .await?
            .is_some();
            plans::require_shop_quota(&mut tx, &me.scope.client_id, known).await?;
            let shop_id = shops::upsert_tiktok(
                &mut tx,
                &me.scope.client_id,
                Some(&me.scope.user_id),
                &used.target_market,
                &GrantedTiktokShop {
                    external_shop_id: g.id.clone(),
                    name: g.name.clone(),
                    shop_code: g.code.clone(),
                    shop_cipher: g.cipher.clone(),
                    region: g.region.clone(),
                    seller_type: g.seller_type.clone(),
                    seller_name: tokens.seller_name.clone(),
                    open_id: tokens.open_id.clone(),
                    granted_scopes: tokens.granted_scopes.clone(),
                    access_sealed: access_sealed.clone(),
                    access_expires_at: tokens.access_token_expires_at,
                    refresh_sealed: refresh_sealed.clone(),
                    refresh_expires_at: tokens.refresh_token_expires_at,
                },
            )
            .await?;
            job_ids.add(ShopSync::shop(&shop_id).enqueue(&mut tx, &options).await?);
            first.get_or_insert(shop_id);
        }
        let shop_id = first.ok_or_else(ApiError::internal)?;
        // The category tree can only be fetched through a shop: with the first one connected,
        // fetch it now rather than at the next daily run.
        if !domain::marketplace::has_tiktok_categories(&mut tx).await? {
            let job = CategorySync::for_new_shop(&shop_id);
            // The tree is everyone's: the job is the platform's, not the client's.
            let platform = EnqueueOptions::new(app.config.jobs.max_attempts);
            job_ids.add(job.enqueue(&mut tx, &platform).await?);
        }
        shops::finish_state(&mut tx, &used.id, &shop_id).await?;
        let shop = shops::get(&mut tx, &me.scope, &shop_id).await?;
        tx.commit().await?;
        app.dispatch(job_ids).await;
        Ok(shop.into())
    }

    /// Renames a shop or sets its commission (percent of each sale, 0 to 100).
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn update_shop(
        &self,
        ctx: &Context<'_>,
        id: ID,
        input: UpdateShopInput,
    ) -> ApiResult<Shop> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(shops::update(
            &mut conn,
            &me.scope,
            &id,
            input.name.as_deref(),
            input.commission_rate,
        )
        .await?
        .into())
    }

    /// Disconnects a shop: it and what was synced from it are forgotten; the catalogue stays.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn remove_shop(&self, ctx: &Context<'_>, id: ID) -> ApiResult<bool> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        shops::remove(&mut conn, &me.scope, &id).await?;
        Ok(true)
    }

    /// Sets exactly which STAFF users work on a shop.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn reassign_shop(&self, ctx: &Context<'_>, input: ReassignShopInput) -> ApiResult<Shop> {
        let me = caller(ctx)?;
        let user_ids: Vec<String> = input.user_ids.iter().map(|u| u.to_string()).collect();
        let mut tx = state(ctx).db.begin().await?;
        let shop = shops::reassign(&mut tx, &me.scope, &input.shop_id, &user_ids).await?;
        tx.commit().await?;
        Ok(shop.into())
    }

    /// Queues a refresh of the shop's warehouses.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn sync_warehouse(&self, ctx: &Context<'_>, id: ID) -> ApiResult<BulkJobResult> {
        queue_shop_job(ctx, WarehouseSync::new(&id), &id).await
    }

    /// Queues a full marketplace sync of the shop (warehouses, listings' status, orders).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn sync_shop(&self, ctx: &Context<'_>, id: ID) -> ApiResult<BulkJobResult> {
        queue_shop_job(ctx, ShopSync::shop(&id), &id).await
    }
}
