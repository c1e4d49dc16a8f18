//! A client's products: list, read, update (with variant changes), delete. Any signed-in user
//! of the client.
use async_graphql::{Context, Enum, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};

use domain::paging::PageRequest;
use domain::products::{
    self, ChangeAction as Action, ImageInput, ProductChanges, ProductFilter as Filter,
    VariantChange,
};

use crate::errors::ApiResult;
use crate::graphql::brands::Attribute;
use crate::graphql::types::{Dimensions, LiveStatus, PageInfo, ProductType, Weight, money};
use crate::graphql::{RoleGuard, caller, state};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "products::ProductStatus")]
pub enum ProductStatus {
    Published,
    Sold,
    Unpublished,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "Action")]
pub enum ChangeAction {
    Create,
    Delete,
    Unchanged,
    Update,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct NamedRef {
    pub id: Option<ID>,
    pub name: String,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct ProductImage {
    pub id: ID,
    pub image_url: String,
    pub is_primary: bool,
    pub sequence: i32,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct PublishedShop {
    pub id: ID,
    pub name: String,
    pub live_status: LiveStatus,
    pub product_id: Option<String>,
    /// The marketplace refused the product on this shop (on submission or in review).
    pub failed: bool,
    /// The marketplace's messages about it on this shop: why it failed, when it did.
    pub error_messages: Vec<String>,
    /// How the last publish on this shop asked to keep it: as a draft or live.
    pub listing_mode: Option<super::listings::ListingMode>,
}

/// A product; images and shops are read when asked for.
pub struct Product(products::Product);

#[Object]
impl Product {
    async fn id(&self) -> ID {
        self.0.id.clone().into()
    }
    async fn name(&self) -> &str {
        &self.0.name
    }
    async fn description(&self) -> Option<&str> {
        self.0.description.as_deref()
    }
    async fn brand(&self) -> Option<NamedRef> {
        let name = self.0.brand_name.clone()?;
        Some(NamedRef {
            id: self.0.brand_id.clone().map(ID::from),
            name,
        })
    }
    async fn category(&self) -> Option<NamedRef> {
        let name = self
            .0
            .category_name
            .clone()
            .or_else(|| self.0.category_id.clone())?;
        Some(NamedRef {
            id: self.0.category_id.clone().map(ID::from),
            name,
        })
    }
    async fn images(&self, ctx: &Context<'_>) -> ApiResult<Vec<ProductImage>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(products::images(&mut conn, &me.scope, &self.0.id)
            .await?
            .into_iter()
            .map(|i| ProductImage {
                id: i.id.into(),
                image_url: i.url,
                is_primary: i.is_primary,
                sequence: i32::try_from(i.sequence).unwrap_or(0),
            })
            .collect())
    }
    async fn published_shops(&self, ctx: &Context<'_>) -> ApiResult<Vec<PublishedShop>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(products::published_shops(&mut conn, &me.scope, &self.0.id)
            .await?
            .into_iter()
            .map(|s| PublishedShop {
                id: s.shop_id.into(),
                name: s.shop_name,
                live_status: s.live_status.into(),
                product_id: s.external_product_id,
                failed: s.failed,
                error_messages: s.error_messages,
                listing_mode: s.listing_mode.map(Into::into),
            })
            .collect())
    }
    /// Its mockups (its designs on its template's blank photos), rendered before listing or by
    /// bulkRenderMockups; the listing's main images. Kept apart from `images`.
    async fn mockup_images(&self, ctx: &Context<'_>) -> ApiResult<Vec<String>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(domain::mockups::images(&mut conn, &me.scope, &self.0.id).await?)
    }
    async fn status(&self) -> ProductStatus {
        self.0.status.into()
    }
    async fn source(&self) -> ProductType {
        self.0.source.into()
    }
    #[graphql(name = "type")]
    async fn product_type(&self) -> ProductType {
        self.0.product_type.into()
    }
    async fn origin_url(&self) -> Option<&str> {
        self.0.origin_url.as_deref()
    }
    async fn package_weight(&self) -> Option<Weight> {
        self.0.package_weight.map(Weight::from)
    }
    async fn package_dimensions(&self) -> Option<Dimensions> {
        self.0.package_dimensions.map(Dimensions::from)
    }
    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }
    async fn updated_at(&self) -> DateTime<Utc> {
        self.0.updated_at
    }
}

#[derive(SimpleObject)]
pub struct ProductPage {
    pub items: Vec<Product>,
    pub page_info: PageInfo,
}

#[derive(InputObject, Default)]
pub struct ProductFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub status: Option<ProductStatus>,
    #[graphql(name = "type")]
    pub product_type: Option<ProductType>,
    pub shop_id: Option<ID>,
    pub template_id: Option<ID>,
}

#[derive(SimpleObject)]
pub struct VariantAttribute {
    pub id: ID,
    pub attribute: Attribute,
    pub value: String,
}

#[derive(SimpleObject)]
pub struct Variant {
    pub id: ID,
    pub quantity: i32,
    pub sale_price: f64,
    pub list_price: f64,
    pub sku: String,
    pub attributes: Vec<VariantAttribute>,
}

#[derive(SimpleObject)]
pub struct ProductAttribute {
    pub attribute_id: ID,
    pub values: Vec<String>,
}

#[derive(InputObject)]
pub struct ProductImageInput {
    pub image_url: String,
    pub is_primary: Option<bool>,
    pub sequence: Option<i32>,
}

#[derive(InputObject)]
pub struct VariantAttributeInput {
    pub name: String,
    pub value: String,
}

#[derive(InputObject)]
pub struct VariantInput {
    /// required for UPDATE / DELETE / UNCHANGED
    pub id: Option<ID>,
    pub action: ChangeAction,
    pub sku: Option<String>,
    pub quantity: Option<i32>,
    pub sale_price: Option<f64>,
    pub list_price: Option<f64>,
    pub attributes: Option<Vec<VariantAttributeInput>>,
}

#[derive(InputObject)]
pub struct UpdateProductInput {
    pub name: Option<String>,
    pub description: Option<String>,
    pub brand_id: Option<ID>,
    pub category_name: Option<String>,
    pub images: Option<Vec<ProductImageInput>>,
    pub status: Option<ProductStatus>,
    pub origin_url: Option<String>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub variants: Option<Vec<VariantInput>>,
}

impl From<UpdateProductInput> for ProductChanges {
    fn from(i: UpdateProductInput) -> Self {
        ProductChanges {
            name: i.name,
            description: i.description,
            brand_id: i.brand_id.map(|b| b.to_string()),
            category_name: i.category_name,
            images: i.images.map(|list| {
                list.into_iter()
                    .map(|m| ImageInput {
                        url: m.image_url,
                        is_primary: m.is_primary,
                        sequence: m.sequence.map(i64::from),
                    })
                    .collect()
            }),
            status: i.status.map(Into::into),
            origin_url: i.origin_url,
            package_weight: i.package_weight.map(Into::into),
            package_dimensions: i.package_dimensions.map(Into::into),
            variants: i.variants.map(|list| {
                list.into_iter()
                    .map(|v| VariantChange {
                        id: v.id.map(|id| id.to_string()),
                        action: v.action.into(),
                        sku: v.sku,
                        quantity: v.quantity.map(i64::from),
                        sale_price: v.sale_price,
                        list_price: v.list_price,
                        attributes: v
                            .attributes
                            .map(|a| a.into_iter().map(|a| (a.name, a.value)).collect()),
                    })
                    .collect()
            }),
        }
    }
}

#[derive(Default)]
pub struct ProductsQuery;

#[Object]
impl ProductsQuery {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_products(
        &self,
        ctx: &Context<'_>,
        search: Option<String>,
        filter: Option<ProductFilter>,
    ) -> ApiResult<ProductPage> {
        let me = caller(ctx)?;
        let filter = filter.unwrap_or_default();
        let request = PageRequest::parse(filter.limit, filter.page)?;
        let domain_filter = Filter {
            search,
            status: filter.status.map(Into::into),
            product_type: filter.product_type.map(Into::into),
            shop_id: filter.shop_id.map(|id| id.to_string()),
            template_id: filter.template_id.map(|id| id.to_string()),
        };
        let st = state(ctx);
        let mut conn = st.db.conn().await?;
        let page = products::list(
            &mut conn,
            &me.scope,
            &domain_filter,
            request,
            &st.catalogue_orders,
        )
        .await?;
        Ok(ProductPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Product).collect(),
        })
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_product_by_id(&self, ctx: &Context<'_>, id: ID) -> ApiResult<Product> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(Product(products::get(&mut conn, &me.scope, &id).await?))
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_product_variants(
        &self,
        ctx: &Context<'_>,
        product_id: ID,
    ) -> ApiResult<Vec<Variant>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(products::variants(&mut conn, &me.scope, &product_id)
            .await?
            .into_iter()
            .map(|v| Variant {
                id: v.id.into(),
                quantity: i32::try_from(v.quantity).unwrap_or(i32::MAX),
                sale_price: money(v.sale_price_cents),
                list_price: money(v.list_price_cents),
                sku: v.sku.unwrap_or_default(),
                attributes: v
                    .attributes
                    .into_iter()
                    .map(|a| VariantAttribute {
                        id: a.id.into(),
                        attribute: Attribute {
                            id: a.attribute_id.into(),
                            name: a.attribute_name,
                        },
                        value: a.value,
                    })
                    .collect(),
            })
            .collect())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_product_attributes(
        &self,
        ctx: &Context<'_>,
        product_id: ID,
    ) -> ApiResult<Vec<ProductAttribute>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(products::attributes(&mut conn, &me.scope, &product_id)
            .await?
            .into_iter()
            .map(|a| ProductAttribute {
                attribute_id: a.attribute_id.into(),
                values: a.values,
            })
            .collect())
    }
}

#[derive(Default)]
pub struct ProductsMutation;

#[Object]
impl ProductsMutation {
    /// Changes a product and its variants in one transaction; answers the product's id.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn update_product(
        &self,
        ctx: &Context<'_>,
        id: ID,
        input: UpdateProductInput,
    ) -> ApiResult<ID> {
        let me = caller(ctx)?;
        let mut tx = state(ctx).db.begin().await?;
        products::update(&mut tx, &me.scope, &id, input.into()).await?;
        tx.commit().await?;
        Ok(id)
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn delete_product(&self, ctx: &Context<'_>, id: ID) -> ApiResult<bool> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        products::delete(&mut conn, &me.scope, &id).await?;
        Ok(true)
    }

    /// Deletes the caller's products among `productIds`; answers how many were deleted.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn bulk_delete_products(
        &self,
        ctx: &Context<'_>,
        product_ids: Vec<ID>,
    ) -> ApiResult<i32> {
        let me = caller(ctx)?;
        let ids: Vec<String> = product_ids.into_iter().map(|id| id.to_string()).collect();
        let mut tx = state(ctx).db.begin().await?;
        let deleted = products::bulk_delete(&mut tx, &me.scope, &ids).await?;
        tx.commit().await?;
        Ok(i32::try_from(deleted).unwrap_or(i32::MAX))
    }
}
