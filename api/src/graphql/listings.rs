//! Bulk work from the catalogue to the shops: products from designs and a template, templates
//! applied, products listed or published, SKUs generated, shop products removed; and what each
//! shop has. Every bulk action queues one job per item under one batch (getJobBatch follows it).
use async_graphql::{Context, Enum, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};

use domain::paging::PageRequest;
use domain::products;
use domain::shop_products::{self, StatusFilter, TiktokProductStatus};
use domain::templates::DesignSource;

use crate::errors::ApiResult;
use crate::graphql::products::{ProductImage, ProductStatus};
use crate::graphql::shops::BulkJobResult;
use crate::graphql::types::{LiveStatus, PageInfo};
use crate::graphql::{RoleGuard, caller, state};
use crate::listings;

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "shop_products::ListingMode")]
pub enum ListingMode {
    AsDraft,
    Listing,
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
    /// The marketplace's refusals by the field they are about, in a seller's words; `field`
    /// is null when a refusal names nothing we can point at.
    pub errors: Vec<ListingError>,
    pub updated_at: DateTime<Utc>,
    pub shop_id: ID,
    pub shop_name: String,
    /// The marketplace's product id, once created there.
    pub external_id: Option<String>,
    /// The marketplace refused the product (on submission or in review): `errorMessages` say why.
    pub failed: bool,
    /// How the last publish asked the marketplace to keep it: as a draft or live.
    pub listing_mode: Option<ListingMode>,
}

/// One refusal of a listing: the input field it is about (`packageWeight`,
/// `attributes.<id>`…), or null, and what to do, in a seller's words.
#[derive(SimpleObject, Debug, Clone)]
pub struct ListingError {
    pub field: Option<String>,
    pub message: String,
}

impl From<&domain::completeness::FieldProblem> for ListingError {
    fn from(p: &domain::completeness::FieldProblem) -> Self {
        ListingError {
            field: p.field.clone(),
            message: p.message.clone(),
        }
    }
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
            errors: sp.error_fields.iter().map(ListingError::from).collect(),
            updated_at: sp.updated_at,
            shop_id: sp.shop_id.clone().into(),
            shop_name: sp.shop_name.clone(),
            external_id: sp.external_product_id.clone(),
            failed: sp.failed(),
            listing_mode: sp.listing_mode.map(Into::into),
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

fn ids(ids: &[ID]) -> Vec<String> {
    ids.iter().map(|id| id.as_str().to_owned()).collect()
}

impl From<listings::Queued> for BulkJobResult {
    fn from(q: listings::Queued) -> BulkJobResult {
        BulkJobResult {
            queued: q.count(),
            batch_id: q.batch_id.into(),
        }
    }
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
        let input = listings::NewProducts {
            template_id: input.template_id.as_str().to_owned(),
            designs: input
                .designs
                .into_iter()
                .map(|d| DesignSource {
                    name: d.name,
                    design_front_url: d.design_front_url,
                    design_back_url: d.design_back_url,
                    design_sleeve_url: d.design_sleeve_url,
                    design_hood_url: d.design_hood_url,
                    mockup_urls: d.mockup_urls.unwrap_or_default(),
                })
                .collect(),
            shop_ids: ids(input.shop_ids.as_deref().unwrap_or_default()),
            listing_mode: input.listing_mode.map(Into::into),
        };
        let created =
            listings::create_products_with_template(state(ctx), caller(ctx)?, input).await?;
        Ok(created.product_ids.into_iter().map(ID::from).collect())
    }

    /// Applies a template to products, one `template.apply` job each.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_apply_template(
        &self,
        ctx: &Context<'_>,
        input: BulkApplyTemplateInput,
    ) -> ApiResult<BulkApplyTemplateResult> {
        let (products, queued) = listings::bulk_apply_template(
            state(ctx),
            caller(ctx)?,
            &input.template_id,
            &ids(&input.product_ids),
        )
        .await?;
        Ok(BulkApplyTemplateResult {
            successful_products: products.into_iter().map(ID::from).collect(),
            batch_id: Some(queued.batch_id.into()),
        })
    }

    /// Lists products on one shop, as drafts or live; with a template, applies it first.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_listing_product(
        &self,
        ctx: &Context<'_>,
        input: BulkListingProductInput,
    ) -> ApiResult<BulkJobResult> {
        let queued = listings::bulk_listing(
            state(ctx),
            caller(ctx)?,
            &input.shop_id,
            &ids(&input.product_ids),
            input.mode.into(),
            input.template_id.as_ref().map(|id| id.as_str()),
        )
        .await?;
        Ok(queued.into())
    }

    /// Publishes (lists live) products on several shops: one job per product × shop.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_publish_products(
        &self,
        ctx: &Context<'_>,
        input: BulkPublishProductsInput,
    ) -> ApiResult<BulkJobResult> {
        let queued = listings::bulk_publish(
            state(ctx),
            caller(ctx)?,
            &ids(&input.product_ids),
            &ids(&input.shop_ids),
        )
        .await?;
        Ok(queued.into())
    }

    /// Gives a SKU to every variant without one, for listing on a TikTok shop.
    #[graphql(name = "bulkGenerateTiktokProductSKU", guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_generate_tiktok_product_sku(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        product_ids: Vec<ID>,
    ) -> ApiResult<Option<BulkJobResult>> {
        let queued =
            listings::bulk_generate_skus(state(ctx), caller(ctx)?, &shop_id, &ids(&product_ids))
                .await?;
        Ok(Some(queued.into()))
    }

    /// Removes a product from a shop (deleted on the marketplace too); queued.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn remove_shop_product(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        shop_product_id: ID,
    ) -> ApiResult<bool> {
        listings::remove_shop_products(
            state(ctx),
            caller(ctx)?,
            &shop_id,
            &[shop_product_id.as_str().to_owned()],
        )
        .await?;
        Ok(true)
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_remove_shop_product(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        shop_product_ids: Vec<ID>,
    ) -> ApiResult<BulkJobResult> {
        let queued = listings::remove_shop_products(
            state(ctx),
            caller(ctx)?,
            &shop_id,
            &ids(&shop_product_ids),
        )
        .await?;
        Ok(queued.into())
    }
}
