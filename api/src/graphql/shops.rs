//! Shops: the consent flow that connects a marketplace shop, and the client's shops.
//! ADMIN connects and manages shops; STAFF see only the shops assigned to them.
use async_graphql::{Context, ID, InputObject, Json, Object, SimpleObject};

use domain::shops;
use jobs::EnqueueOptions;
use jobs::kinds::{Registered, ShopSync, WarehouseSync};

use crate::errors::{ApiError, ApiResult};
use crate::graphql::types::{PageInfo, SaleChannel, Shop, TargetMarket};
use crate::graphql::{RoleGuard, caller, scope_of_client, state};

#[derive(InputObject)]
pub struct AuthorizeShopInput {
    pub code: String,
    pub state: String,
    pub sale_channel: SaleChannel,
    pub target_market: Option<TargetMarket>,
    /// AMAZON: the `selling_partner_id` the consent redirect carried.
    pub selling_partner_id: Option<String>,
}

/// A Walmart seller account's API key pair, from Seller Center's developer portal.
#[derive(InputObject)]
pub struct ConnectWalmartShopInput {
    pub client_id: String,
    pub client_secret: String,
    /// How the shop is called in Sellerdesk (default "Walmart" and the client id's start).
    pub name: Option<String>,
    pub target_market: Option<TargetMarket>,
}

#[derive(InputObject, Default)]
pub struct ShopFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub search: Option<String>,
    pub sale_channel: Option<SaleChannel>,
    /// SUPER_ADMIN: another client's shops (the clients console)
    pub client_id: Option<ID>,
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
        let scope = scope_of_client(&mut conn, me, filter.client_id.as_ref()).await?;
        let page = shops::list(&mut conn, &scope, &query, request).await?;
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

#[derive(Default)]
pub struct ShopsMutation;

#[Object]
impl ShopsMutation {
    /// The consent link a seller opens to connect a shop (TIKTOK, AMAZON). Its `state` is
    /// single use and expires after 30 minutes.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn generate_authorize_link(
        &self,
        ctx: &Context<'_>,
        target_market: TargetMarket,
        sale_channel: SaleChannel,
    ) -> ApiResult<String> {
        let _ = target_market;
        crate::shops::authorize_link(state(ctx), caller(ctx)?, sale_channel.into()).await
    }

    /// Completes the consent flow: checks the state (single use), exchanges the code for
    /// tokens, connects every shop the grant covers and queues their first sync.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn authorize_shop(
        &self,
        ctx: &Context<'_>,
        input: AuthorizeShopInput,
    ) -> ApiResult<Shop> {
        let channel = shops::SaleChannel::from(input.sale_channel);
        let shop = match channel {
            shops::SaleChannel::Amazon => {
                crate::shops::authorize_amazon(
                    state(ctx),
                    caller(ctx)?,
                    &input.code,
                    &input.state,
                    input.selling_partner_id.as_deref(),
                )
                .await?
            }
            shops::SaleChannel::Walmart => {
                return Err(ApiError::bad_input(
                    "saleChannel",
                    "Walmart shops connect with the API key pair from Seller Center (connectWalmartShop)",
                ));
            }
            shops::SaleChannel::Tiktok => {
                crate::shops::authorize(
                    state(ctx),
                    caller(ctx)?,
                    &input.code,
                    &input.state,
                    channel,
                )
                .await?
            }
        };
        Ok(shop.into())
    }

    /// Connects a Walmart shop by the seller's API key pair: checked by a token call, the
    /// secret sealed at rest, the first sync queued. A refused pair is BAD_USER_INPUT on
    /// `clientSecret` and stores nothing.
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn connect_walmart_shop(
        &self,
        ctx: &Context<'_>,
        input: ConnectWalmartShopInput,
    ) -> ApiResult<Shop> {
        let _ = input.target_market;
        let shop = crate::shops::connect_walmart(
            state(ctx),
            caller(ctx)?,
            &input.client_id,
            &input.client_secret,
            input.name.as_deref(),
        )
        .await?;
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
