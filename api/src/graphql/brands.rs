//! A client's brands and variant attributes. Any signed-in user of the client.
use async_graphql::{Context, ID, InputObject, Object, SimpleObject};

use domain::brands;

use crate::errors::ApiResult;
use crate::graphql::{RoleGuard, caller, state};

#[derive(SimpleObject, Debug, Clone)]
pub struct Brand {
    pub id: ID,
    pub name: String,
}

impl From<brands::Brand> for Brand {
    fn from(b: brands::Brand) -> Self {
        Brand {
            id: b.id.into(),
            name: b.name,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
pub struct Attribute {
    pub id: ID,
    pub name: String,
}

impl From<brands::Attribute> for Attribute {
    fn from(a: brands::Attribute) -> Self {
        Attribute {
            id: a.id.into(),
            name: a.name,
        }
    }
}

#[derive(InputObject)]
pub struct CreateBrandInput {
    pub name: String,
}

#[derive(Default)]
pub struct BrandsQuery;

#[Object]
impl BrandsQuery {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_brands(&self, ctx: &Context<'_>) -> ApiResult<Vec<Brand>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(brands::list(&mut conn, &me.scope)
            .await?
            .into_iter()
            .map(Brand::from)
            .collect())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_attributes(
        &self,
        ctx: &Context<'_>,
        search: Option<String>,
    ) -> ApiResult<Vec<Attribute>> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(brands::attributes(&mut conn, &me.scope, search.as_deref())
            .await?
            .into_iter()
            .map(Attribute::from)
            .collect())
    }
}

#[derive(Default)]
pub struct BrandsMutation;

#[Object]
impl BrandsMutation {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn create_brand(&self, ctx: &Context<'_>, input: CreateBrandInput) -> ApiResult<Brand> {
        let me = caller(ctx)?;
        let mut tx = state(ctx).db.begin().await?;
        let brand = brands::create(&mut tx, &me.scope, &input.name).await?;
        tx.commit().await?;
        Ok(brand.into())
    }
}
