//! Bulk work from the catalogue to the shops: products from designs and a template, templates
//! applied, products listed or published, SKUs generated, shop products removed; and what each
//! shop has. Every bulk action queues one job per item under one batch (getJobBatch follows it).
use async_graphql::{Context, Enum, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};

use domain::paging::PageRequest;
use domain::shop_products::{self, StatusFilter, TiktokProductStatus};
use domain::templates::{self, DesignSource};
use domain::{plans, products, shops};
use jobs::EnqueueOptions;
use jobs::kinds::{ListingPublish, Registered, ShopProductRemove, SkuGenerate, TemplateApply};

use crate::errors::{ApiError, ApiResult};
use crate::graphql::products::{ProductImage, ProductStatus};
use crate::graphql::shops::BulkJobResult;
use crate::graphql::types::{LiveStatus, PageInfo};
use crate::graphql::{AppState, RoleGuard, caller, state};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "shop_products::ListingMode")]
pub enum ListingMode {
    AsDraft,
    Listing,
}

impl ListingMode {
    fn as_str(self) -> &'static str {
        shop_products::ListingMode::from(self).as_str()
    }
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum ShopProductFilterStatus {
    Activate,
    All,
    Deleted,
    Draft,
    Failed,
    Freeze,
    Pending,
    PlatformDeactivated,
    SellerDeactivated,
}

impl ShopProductFilterStatus {
    fn filter(self) -> StatusFilter {
        match self {
            ShopProductFilterStatus::All => StatusFilter::All,
            ShopProductFilterStatus::Activate => {
                StatusFilter::Marketplace(TiktokProductStatus::Activate)
            }
            ShopProductFilterStatus::Deleted => {
                StatusFilter::Marketplace(TiktokProductStatus::Deleted)
            }
            ShopProductFilterStatus::Draft => StatusFilter::Marketplace(TiktokProductStatus::Draft),
            ShopProductFilterStatus::Failed => {
                StatusFilter::Marketplace(TiktokProductStatus::Failed)
            }
            ShopProductFilterStatus::Freeze => {
                StatusFilter::Marketplace(TiktokProductStatus::Freeze)
            }
            ShopProductFilterStatus::Pending => {
                StatusFilter::Marketplace(TiktokProductStatus::Pending)
            }
            ShopProductFilterStatus::PlatformDeactivated => {
                StatusFilter::Marketplace(TiktokProductStatus::PlatformDeactivated)
            }
            ShopProductFilterStatus::SellerDeactivated => {
                StatusFilter::Marketplace(TiktokProductStatus::SellerDeactivated)
            }
        }
    }
}

#[derive(InputObject, Default)]
pub struct ShopProductFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub search: Option<String>,
    pub status: Option<ShopProductFilterStatus>,
}

#[derive(SimpleObject)]
pub struct ShopProductRef {
    pub id: ID,
    pub name: String,
    pub status: ProductStatus,
    pub images: Vec<ProductImage>,
}

#[derive(SimpleObject)]
pub struct ShopProduct {
    pub id: ID,
    pub brand_name: Option<String>,
    pub category_name: Option<String>,
    pub live_status: LiveStatus,
    pub product: ShopProductRef,
    pub error_messages: Vec<String>,
    pub updated_at: DateTime<Utc>,
    pub shop_id: ID,
    pub shop_name: String,
    /// The marketplace's product id, once created there.
    pub external_id: Option<String>,
}

#[derive(SimpleObject)]
pub struct ShopProductPage {
    pub items: Vec<ShopProduct>,
    pub page_info: PageInfo,
}

#[derive(InputObject)]
pub struct DesignInput {
    pub name: String,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
    pub mockup_urls: Option<Vec<String>>,
}

#[derive(InputObject)]
pub struct CreateProductWithTemplateInput {
    pub template_id: ID,
    pub designs: Vec<DesignInput>,
    pub shop_ids: Option<Vec<ID>>,
    pub listing_mode: Option<ListingMode>,
}

#[derive(InputObject)]
pub struct BulkPublishProductsInput {
    pub product_ids: Vec<ID>,
    pub shop_ids: Vec<ID>,
}

#[derive(InputObject)]
pub struct BulkApplyTemplateInput {
    pub template_id: ID,
    pub product_ids: Vec<ID>,
}

#[derive(SimpleObject)]
pub struct BulkApplyTemplateResult {
    pub successful_products: Vec<ID>,
    pub batch_id: Option<ID>,
}

#[derive(InputObject)]
pub struct BulkListingProductInput {
    pub shop_id: ID,
    pub product_ids: Vec<ID>,
    pub mode: ListingMode,
    pub template_id: Option<ID>,
}

async fn page_of(
    ctx: &Context<'_>,
    shop_id: Option<&str>,
    filter: Option<ShopProductFilter>,
) -> ApiResult<ShopProductPage> {
    let me = caller(ctx)?;
    let filter = filter.unwrap_or_default();
    let request = PageRequest::parse(filter.limit, filter.page)?;
    let query = shop_products::ShopProductFilter {
        search: filter.search,
        status: filter
            .status
            .map(ShopProductFilterStatus::filter)
            .unwrap_or(StatusFilter::All),
    };
    let mut conn = state(ctx).db.conn().await?;
    let page = shop_products::list(&mut conn, &me.scope, shop_id, &query, request).await?;
    let mut items = Vec::with_capacity(page.items.len());
    for sp in &page.items {
        let images = products::images(&mut conn, &me.scope, &sp.product_id).await?;
        items.push(ShopProduct {
            id: sp.id.clone().into(),
            brand_name: sp.brand_name.clone(),
            category_name: sp.category_name.clone(),
            live_status: sp.live_status.into(),
            product: ShopProductRef {
                id: sp.product_id.clone().into(),
                name: sp.product_name.clone(),
                status: sp.product_status.into(),
                images: images
                    .into_iter()
                    .map(|i| ProductImage {
                        id: i.id.into(),
                        image_url: i.url,
                        is_primary: i.is_primary,
                        sequence: i32::try_from(i.sequence).unwrap_or(0),
                    })
                    .collect(),
            },
            error_messages: sp.error_messages.clone(),
            updated_at: sp.updated_at,
            shop_id: sp.shop_id.clone().into(),
            shop_name: sp.shop_name.clone(),
            external_id: sp.external_product_id.clone(),
        });
    }
    Ok(ShopProductPage {
        page_info: PageInfo::of(&page),
        items,
    })
}

#[derive(Default)]
pub struct ListingsQuery;

#[Object]
impl ListingsQuery {
    /// What one shop has, with its live status and the marketplace's messages.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_shop_products(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        filter: Option<ShopProductFilter>,
    ) -> ApiResult<ShopProductPage> {
        page_of(ctx, Some(&shop_id), filter).await
    }

    /// What every shop of the client has (STAFF: their assigned shops).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_all_shop_products(
        &self,
        ctx: &Context<'_>,
        filter: Option<ShopProductFilter>,
    ) -> ApiResult<ShopProductPage> {
        page_of(ctx, None, filter).await
    }
}

/// The distinct ids of a bulk request, at most `products::MAX_BULK`.
fn bulk_ids(field: &str, ids: &[ID]) -> ApiResult<Vec<String>> {
    if ids.is_empty() {
        return Err(ApiError::bad_input(field, "give at least one id"));
    }
    if ids.len() > products::MAX_BULK {
        return Err(ApiError::bad_input(
            field,
            format!("at most {} at once", products::MAX_BULK),
        ));
    }
    let mut out: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        if !out.iter().any(|o| o == id.as_str()) {
            out.push(id.to_string());
        }
    }
    Ok(out)
}

/// A shop products can be listed on now: the caller's, TikTok, connected.
async fn listable_shop(
    conn: &mut domain::Conn,
    me: &crate::auth::Caller,
    field: &str,
    shop_id: &str,
) -> ApiResult<shops::Shop> {
    let shop = shops::get(conn, &me.scope, shop_id).await?;
    if !shop.sale_channel.supports_listing() {
        return Err(ApiError::bad_input(
            field,
            format!(
                "listing on {} is not available yet; only TikTok Shop",
                shop.sale_channel.as_str()
            ),
        ));
    }
    if shop.connection != shops::ShopConnection::Connected {
        return Err(ApiError::bad_input(
            field,
            format!(
                "shop {} is disconnected: authorise it again first",
                shop.name
            ),
        ));
    }
    Ok(shop)
}

/// Creates a batch of `jobs`, commits, pushes.
async fn commit_batch<K: Registered>(
    app: &AppState,
    mut tx: domain::db::Tx,
    client_id: &str,
    jobs: Vec<K>,
) -> ApiResult<(String, Vec<String>)> {
    let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(client_id);
    let (batch_id, pending) = K::enqueue_batch(&mut tx, &jobs, &options).await?;
    tx.commit().await?;
    let ids = pending.ids().to_vec();
    app.dispatch(pending).await;
    Ok((batch_id, ids))
}

/// Listing jobs for products × shops, each with its new listing version.
async fn listing_jobs(
    tx: &mut domain::db::Tx,
    client_id: &str,
    product_ids: &[(String, String)],
    shops: &[shops::Shop],
    mode: ListingMode,
) -> ApiResult<Vec<ListingPublish>> {
    let mut jobs = Vec::new();
    for shop in shops {
        for (product_id, name) in product_ids {
            let (_, version) =
                shop_products::request_listing(tx, client_id, &shop.id, product_id, mode.into())
                    .await?;
            jobs.push(ListingPublish {
                shop_id: shop.id.clone(),
                product_id: product_id.clone(),
                version,
                mode: mode.as_str().into(),
                label: format!("{name} → {}", shop.name),
            });
        }
    }
    Ok(jobs)
}

/// The products of the caller's client, with their names; another client's id is NOT_FOUND.
async fn own_products(
    conn: &mut domain::Conn,
    me: &crate::auth::Caller,
    ids: &[String],
) -> ApiResult<Vec<(String, String)>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        let p = products::get(conn, &me.scope, id).await?;
        out.push((p.id, p.name));
    }
    Ok(out)
}

#[derive(Default)]
pub struct ListingsMutation;

#[Object]
impl ListingsMutation {
    /// Turns designs into products with a template (one product per design), and lists them on
    /// the given shops when asked. Returns the new products' ids.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn create_product_with_template(
        &self,
        ctx: &Context<'_>,
        input: CreateProductWithTemplateInput,
    ) -> ApiResult<Vec<ID>> {
        let me = caller(ctx)?;
        let app = state(ctx);
        if input.designs.is_empty() {
            return Err(ApiError::bad_input("designs", "give at least one design"));
        }
        if input.designs.len() > templates::MAX_DESIGNS {
            return Err(ApiError::bad_input(
                "designs",
                format!("at most {} designs at once", templates::MAX_DESIGNS),
            ));
        }
        let mut tx = app.db.begin().await?;
        plans::require_active(&mut tx, &me.scope.client_id).await?;
        let template = templates::get(&mut tx, &me.scope, &input.template_id).await?;
        let mut shops = Vec::new();
        for (i, shop_id) in input.shop_ids.iter().flatten().enumerate() {
            shops.push(listable_shop(&mut tx, me, &format!("shopIds.{i}"), shop_id).await?);
        }
        let mut created = Vec::with_capacity(input.designs.len());
        for (i, d) in input.designs.into_iter().enumerate() {
            let source = DesignSource {
                name: d.name,
                design_front_url: d.design_front_url,
                design_back_url: d.design_back_url,
                design_sleeve_url: d.design_sleeve_url,
                design_hood_url: d.design_hood_url,
                mockup_urls: d.mockup_urls.unwrap_or_default(),
            };
            let id = templates::create_product(&mut tx, &me.scope, &template, &source, i).await?;
            let name = templates::product_name(&template.title, source.name.trim());
            created.push((id, name));
        }
        let ids: Vec<ID> = created.iter().map(|(id, _)| ID::from(id.clone())).collect();
        if shops.is_empty() {
            tx.commit().await?;
        } else {
            let mode = input.listing_mode.unwrap_or(ListingMode::AsDraft);
            let jobs = listing_jobs(&mut tx, &me.scope.client_id, &created, &shops, mode).await?;
            commit_batch(app, tx, &me.scope.client_id, jobs).await?;
        }
        Ok(ids)
    }

    /// Applies a template to products, one `template.apply` job each.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_apply_template(
        &self,
        ctx: &Context<'_>,
        input: BulkApplyTemplateInput,
    ) -> ApiResult<BulkApplyTemplateResult> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let ids = bulk_ids("productIds", &input.product_ids)?;
        let mut tx = app.db.begin().await?;
        let template = templates::get(&mut tx, &me.scope, &input.template_id).await?;
        if let Some(f) = template.price_formula.as_deref() {
            domain::price_formula::PriceFormula::parse(f)?;
        }
        let products = own_products(&mut tx, me, &ids).await?;
        let jobs = products
            .iter()
            .map(|(id, name)| TemplateApply {
                template_id: template.id.clone(),
                product_id: id.clone(),
                label: name.clone(),
            })
            .collect();
        let (batch_id, _) = commit_batch(app, tx, &me.scope.client_id, jobs).await?;
        Ok(BulkApplyTemplateResult {
            successful_products: products.into_iter().map(|(id, _)| id.into()).collect(),
            batch_id: Some(batch_id.into()),
        })
    }

    /// Lists products on one shop, as drafts or live; with a template, applies it first.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_listing_product(
        &self,
        ctx: &Context<'_>,
        input: BulkListingProductInput,
    ) -> ApiResult<BulkJobResult> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let ids = bulk_ids("productIds", &input.product_ids)?;
        let mut tx = app.db.begin().await?;
        plans::require_active(&mut tx, &me.scope.client_id).await?;
        let shop = listable_shop(&mut tx, me, "shopId", &input.shop_id).await?;
        let products = own_products(&mut tx, me, &ids).await?;
        if let Some(template_id) = &input.template_id {
            let template = templates::get(&mut tx, &me.scope, template_id).await?;
            for (id, _) in &products {
                templates::apply_to_product(&mut tx, &me.scope, &template, id).await?;
            }
        }
        let jobs =
            listing_jobs(&mut tx, &me.scope.client_id, &products, &[shop], input.mode).await?;
        let (batch_id, queued) = commit_batch(app, tx, &me.scope.client_id, jobs).await?;
        Ok(BulkJobResult {
            batch_id: batch_id.into(),
            queued: i32::try_from(queued.len()).unwrap_or(i32::MAX),
        })
    }

    /// Publishes (lists live) products on several shops: one job per product × shop.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_publish_products(
        &self,
        ctx: &Context<'_>,
        input: BulkPublishProductsInput,
    ) -> ApiResult<BulkJobResult> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let ids = bulk_ids("productIds", &input.product_ids)?;
        let shop_ids = bulk_ids("shopIds", &input.shop_ids)?;
        if ids.len() * shop_ids.len() > products::MAX_BULK {
            return Err(ApiError::bad_input(
                "productIds",
                format!("at most {} products × shops at once", products::MAX_BULK),
            ));
        }
        let mut tx = app.db.begin().await?;
        plans::require_active(&mut tx, &me.scope.client_id).await?;
        let mut shops = Vec::new();
        for (i, id) in shop_ids.iter().enumerate() {
            shops.push(listable_shop(&mut tx, me, &format!("shopIds.{i}"), id).await?);
        }
        let products = own_products(&mut tx, me, &ids).await?;
        let jobs = listing_jobs(
            &mut tx,
            &me.scope.client_id,
            &products,
            &shops,
            ListingMode::Listing,
        )
        .await?;
        let (batch_id, queued) = commit_batch(app, tx, &me.scope.client_id, jobs).await?;
        Ok(BulkJobResult {
            batch_id: batch_id.into(),
            queued: i32::try_from(queued.len()).unwrap_or(i32::MAX),
        })
    }

    /// Gives a SKU to every variant without one, for listing on a TikTok shop.
    #[graphql(name = "bulkGenerateTiktokProductSKU", guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_generate_tiktok_product_sku(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        product_ids: Vec<ID>,
    ) -> ApiResult<Option<BulkJobResult>> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let ids = bulk_ids("productIds", &product_ids)?;
        let mut tx = app.db.begin().await?;
        shops::get(&mut tx, &me.scope, &shop_id).await?;
        let products = own_products(&mut tx, me, &ids).await?;
        let jobs = products
            .iter()
            .map(|(id, name)| SkuGenerate {
                shop_id: shop_id.to_string(),
                product_id: id.clone(),
                label: name.clone(),
            })
            .collect();
        let (batch_id, queued) = commit_batch(app, tx, &me.scope.client_id, jobs).await?;
        Ok(Some(BulkJobResult {
            batch_id: batch_id.into(),
            queued: i32::try_from(queued.len()).unwrap_or(i32::MAX),
        }))
    }

    /// Removes a product from a shop (deleted on the marketplace too); queued.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn remove_shop_product(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        shop_product_id: ID,
    ) -> ApiResult<bool> {
        queue_removals(ctx, &shop_id, &[shop_product_id]).await?;
        Ok(true)
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_remove_shop_product(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        shop_product_ids: Vec<ID>,
    ) -> ApiResult<BulkJobResult> {
        queue_removals(ctx, &shop_id, &shop_product_ids).await
    }
}

async fn queue_removals(
    ctx: &Context<'_>,
    shop_id: &str,
    shop_product_ids: &[ID],
) -> ApiResult<BulkJobResult> {
    let me = caller(ctx)?;
    let app = state(ctx);
    let ids = bulk_ids("shopProductIds", shop_product_ids)?;
    let mut tx = app.db.begin().await?;
    let mut jobs = Vec::with_capacity(ids.len());
    for id in &ids {
        let sp = shop_products::get(&mut tx, &me.scope, shop_id, id).await?;
        jobs.push(ShopProductRemove {
            shop_id: shop_id.to_owned(),
            shop_product_id: sp.id,
            label: format!("{} → {}", sp.product_name, sp.shop_name),
        });
    }
    let (batch_id, queued) = commit_batch(app, tx, &me.scope.client_id, jobs).await?;
    Ok(BulkJobResult {
        batch_id: batch_id.into(),
        queued: i32::try_from(queued.len()).unwrap_or(i32::MAX),
    })
}
