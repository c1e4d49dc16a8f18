//! Product designs: cache, list (paged and whole), remove. Any signed-in user of the client.
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};

use domain::designs::{self, DesignFilter, DesignInput};
use domain::paging::PageRequest;

use crate::errors::ApiResult;
use crate::graphql::types::PageInfo;
use crate::graphql::{RoleGuard, caller, state};

#[derive(SimpleObject, Debug, Clone)]
pub struct ProductDesignProductRef {
    pub id: ID,
    pub name: String,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct ProductDesign {
    pub id: ID,
    pub external_product_id: Option<String>,
    pub seller_product_id: Option<String>,
    pub images: Vec<String>,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
    pub variant: Option<String>,
    pub product: Option<ProductDesignProductRef>,
}

impl From<designs::Design> for ProductDesign {
    fn from(d: designs::Design) -> Self {
        let product = match (d.product_id, d.product_name) {
            (Some(id), Some(name)) => Some(ProductDesignProductRef {
                id: id.into(),
                name,
            }),
            _ => None,
        };
        ProductDesign {
            id: d.id.into(),
            external_product_id: d.external_product_id,
            seller_product_id: d.seller_product_id,
            images: d.images,
            design_front_url: d.design_front_url,
            design_back_url: d.design_back_url,
            design_sleeve_url: d.design_sleeve_url,
            design_hood_url: d.design_hood_url,
            variant: d.variant,
            product,
        }
    }
}

#[derive(SimpleObject)]
pub struct ProductDesignPage {
    pub items: Vec<ProductDesign>,
    pub page_info: PageInfo,
}

#[derive(InputObject, Default)]
pub struct ProductDesignFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub search: Option<String>,
    pub product_id: Option<ID>,
}

impl ProductDesignFilter {
    fn domain(&self) -> DesignFilter {
        DesignFilter {
            search: self.search.clone(),
            product_id: self.product_id.as_ref().map(|id| id.to_string()),
        }
    }
}

#[derive(InputObject)]
pub struct CacheProductDesignInput {
    pub product_id: Option<ID>,
    pub external_product_id: Option<String>,
    pub seller_product_id: Option<String>,
    pub variant: Option<String>,
    pub images: Option<Vec<String>>,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub design_sleeve_url: Option<String>,
    pub design_hood_url: Option<String>,
}

#[derive(Default)]
pub struct DesignsQuery;

#[Object]
impl DesignsQuery {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_list_product_designs(
        &self,
        ctx: &Context<'_>,
        filter: Option<ProductDesignFilter>,
    ) -> ApiResult<ProductDesignPage> {
        let me = caller(ctx)?;
        let filter = filter.unwrap_or_default();
        let request = PageRequest::parse(filter.limit, filter.page)?;
        let mut conn = state(ctx).db.conn().await?;
        let page = designs::list(&mut conn, &me.scope, &filter.domain(), request).await?;
        Ok(ProductDesignPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Into::into).collect(),
        })
    }

    /// Every matching design; `limit` and `page` are ignored.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_full_list_product_designs(
        &self,
        ctx: &Context<'_>,
        filter: Option<ProductDesignFilter>,
    ) -> ApiResult<Vec<ProductDesign>> {
        let me = caller(ctx)?;
        let filter = filter.unwrap_or_default();
        let mut conn = state(ctx).db.conn().await?;
        Ok(designs::list_all(&mut conn, &me.scope, &filter.domain())
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }
}

#[derive(Default)]
pub struct DesignsMutation;

#[Object]
impl DesignsMutation {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn cache_product_design(
        &self,
        ctx: &Context<'_>,
        input: CacheProductDesignInput,
    ) -> ApiResult<ProductDesign> {
        let me = caller(ctx)?;
        let input = DesignInput {
            product_id: input.product_id.map(|id| id.to_string()),
            external_product_id: input.external_product_id,
            seller_product_id: input.seller_product_id,
            variant: input.variant,
            images: input.images,
            design_front_url: input.design_front_url,
            design_back_url: input.design_back_url,
            design_sleeve_url: input.design_sleeve_url,
            design_hood_url: input.design_hood_url,
        };
        let mut tx = state(ctx).db.begin().await?;
        let design = designs::cache(&mut tx, &me.scope, input).await?;
        tx.commit().await?;
        Ok(design.into())
    }

    /// Deletes a design (the web app asks for confirmation first).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn remove_product_design(&self, ctx: &Context<'_>, design_id: ID) -> ApiResult<bool> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        designs::delete(&mut conn, &me.scope, &design_id).await?;
        Ok(true)
    }
}
