//! Product templates: list, read, create, update, remove. Any signed-in user of the client.
use async_graphql::{Context, Enum, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use domain::paging::PageRequest;
use domain::templates::{self, TemplateDraft, TemplateFilter};

use crate::errors::ApiResult;
use crate::graphql::mockups::{MockupBlankInput, checked_blanks};
use crate::graphql::types::{Dimensions, PageInfo, ProductType, Weight, money};
use crate::graphql::{RoleGuard, caller, state};
use crate::requirements;

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "templates::TemplateStatus")]
pub enum TemplateStatus {
    Active,
    Draft,
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(complex)]
pub struct ProductTemplate {
    pub id: ID,
    pub name: String,
    pub title: String,
    pub description: Option<String>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub tiktok_category_id: Option<String>,
    pub tiktok_brand_id: Option<String>,
    pub images: Vec<String>,
    pub size_chart: Option<String>,
    pub variants: Json<Value>,
    pub tiktok_product_attribute: Option<Json<Value>>,
    /// Amazon's product type (SHIRT, HAT…) for listing on Amazon shops.
    pub amazon_product_type: Option<String>,
    /// Amazon attributes by name ({"brand": "…", "color": "…"}).
    pub amazon_attributes: Option<Json<Value>>,
    /// Walmart's category (the MP_ITEM productType: "T-Shirts"…) for listing on Walmart shops.
    pub walmart_category: Option<String>,
    /// Walmart's item spec: the category's fields by name ({"color": "…", "gender": "…"}).
    pub walmart_item_spec: Option<Json<Value>>,
    pub price_formula: Option<String>,
    #[graphql(name = "type")]
    pub product_type: ProductType,
    pub status: TemplateStatus,
    pub created_at: DateTime<Utc>,
}

impl From<templates::Template> for ProductTemplate {
    fn from(t: templates::Template) -> Self {
        // Variants go out as the seller sent them: prices as Float, not the stored cents.
        let variants = t
            .variants
            .iter()
            .map(|v| {
                let mut o = json!({ "attributes": v.attributes });
                if let Some(sku) = &v.sku {
                    o["sku"] = json!(sku);
                }
                if let Some(c) = v.sale_price_cents {
                    o["salePrice"] = json!(money(c));
                }
                if let Some(c) = v.list_price_cents {
                    o["listPrice"] = json!(money(c));
                }
                if let Some(q) = v.quantity {
                    o["quantity"] = json!(q);
                }
                o
            })
            .collect();
        ProductTemplate {
            id: t.id.into(),
            name: t.name,
            title: t.title,
            description: t.description,
            package_weight: t.package_weight.map(Weight::from),
            package_dimensions: t.package_dimensions.map(Dimensions::from),
            tiktok_category_id: t.tiktok_category_id,
            tiktok_brand_id: t.tiktok_brand_id,
            images: t.images,
            size_chart: t.size_chart,
            variants: Json(Value::Array(variants)),
            tiktok_product_attribute: t.tiktok_product_attribute.map(Json),
            amazon_product_type: t.channels.amazon_product_type,
            amazon_attributes: t.channels.amazon_attributes.map(Json),
            walmart_category: t.channels.walmart_category,
            walmart_item_spec: t.channels.walmart_item_spec.map(Json),
            price_formula: t.price_formula,
            product_type: t.product_type.into(),
            status: t.status.into(),
            created_at: t.created_at,
        }
    }
}

#[derive(SimpleObject)]
pub struct ProductTemplatePage {
    pub items: Vec<ProductTemplate>,
    pub page_info: PageInfo,
}

#[derive(InputObject, Default)]
pub struct ProductTemplateFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub search: Option<String>,
    #[graphql(name = "type")]
    pub product_type: Option<ProductType>,
    pub status: Option<TemplateStatus>,
}

#[derive(InputObject)]
pub struct ProductTemplateInput {
    pub name: String,
    pub title: String,
    pub description: Option<String>,
    pub package_weight: Option<Weight>,
    pub package_dimensions: Option<Dimensions>,
    pub tiktok_category_id: Option<String>,
    pub tiktok_brand_id: Option<String>,
    pub images: Option<Vec<String>>,
    pub size_chart: Option<String>,
    pub variants: Json<Value>,
    pub tiktok_product_attribute: Option<Json<Value>>,
    pub amazon_product_type: Option<String>,
    pub amazon_attributes: Option<Json<Value>>,
    pub walmart_category: Option<String>,
    pub walmart_item_spec: Option<Json<Value>>,
    pub price_formula: Option<String>,
    #[graphql(name = "type")]
    pub product_type: ProductType,
    pub status: Option<TemplateStatus>,
    /// The blank photos mockups are rendered on: omitted keeps the template's, given replaces
    /// them (an empty list removes them).
    pub mockup_blanks: Option<Vec<MockupBlankInput>>,
}

impl From<ProductTemplateInput> for TemplateDraft {
    fn from(i: ProductTemplateInput) -> Self {
        TemplateDraft {
            name: i.name,
            title: i.title,
            description: i.description,
            package_weight: i.package_weight.map(Into::into),
            package_dimensions: i.package_dimensions.map(Into::into),
            tiktok_category_id: i.tiktok_category_id,
            tiktok_brand_id: i.tiktok_brand_id,
            images: i.images,
            size_chart: i.size_chart,
            variants: i.variants.0,
            tiktok_product_attribute: i.tiktok_product_attribute.map(|j| j.0),
            channels: templates::ChannelFields {
                amazon_product_type: i.amazon_product_type,
                amazon_attributes: i.amazon_attributes.map(|j| j.0),
                walmart_category: i.walmart_category,
                walmart_item_spec: i.walmart_item_spec.map(|j| j.0),
            },
            price_formula: i.price_formula,
            product_type: i.product_type.into(),
            status: i.status.map(Into::into),
        }
    }
}

#[derive(Default)]
pub struct TemplatesQuery;

#[Object]
impl TemplatesQuery {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_product_templates(
        &self,
        ctx: &Context<'_>,
        filter: Option<ProductTemplateFilter>,
    ) -> ApiResult<ProductTemplatePage> {
        let me = caller(ctx)?;
        let filter = filter.unwrap_or_default();
        let request = PageRequest::parse(filter.limit, filter.page)?;
        let domain_filter = TemplateFilter {
            search: filter.search,
            product_type: filter.product_type.map(Into::into),
            status: filter.status.map(Into::into),
        };
        let mut conn = state(ctx).db.conn().await?;
        let page = templates::list(&mut conn, &me.scope, &domain_filter, request).await?;
        Ok(ProductTemplatePage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Into::into).collect(),
        })
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_product_template(
        &self,
        ctx: &Context<'_>,
        template_id: ID,
    ) -> ApiResult<ProductTemplate> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(templates::get(&mut conn, &me.scope, &template_id)
            .await?
            .into())
    }
}

/// The rules of the template's TikTok category, read before the write transaction so no
/// marketplace call happens while it is open.
async fn rules_for(
    app: &crate::graphql::AppState,
    me: &crate::auth::Caller,
    category: Option<&str>,
) -> ApiResult<requirements::RuleBook> {
    requirements::rule_book(app, me, None, category.map(str::trim)).await
}

/// An ACTIVE template must have everything its channels need; a DRAFT may be unfinished.
/// Called inside the write transaction: a refusal drops it, so nothing is written.
fn ready_or_refused(
    template: &templates::Template,
    book: &requirements::RuleBook,
) -> ApiResult<()> {
    if template.status != templates::TemplateStatus::Active {
        return Ok(());
    }
    let problems = requirements::check_template(template, book);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(requirements::refuse_template(problems))
    }
}

#[derive(Default)]
pub struct TemplatesMutation;

#[Object]
impl TemplatesMutation {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn create_product_template(
        &self,
        ctx: &Context<'_>,
        mut input: ProductTemplateInput,
    ) -> ApiResult<ProductTemplate> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let blanks = checked_blanks(app, me, input.mockup_blanks.take()).await?;
        let book = rules_for(app, me, input.tiktok_category_id.as_deref()).await?;
        let mut tx = app.db.begin().await?;
        let template = templates::create(&mut tx, &me.scope, input.into()).await?;
        ready_or_refused(&template, &book)?;
        if let Some(blanks) = blanks {
            domain::mockups::replace_blanks(&mut tx, &me.scope, &template.id, &blanks).await?;
        }
        tx.commit().await?;
        Ok(template.into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn update_product_template(
        &self,
        ctx: &Context<'_>,
        template_id: ID,
        mut input: ProductTemplateInput,
    ) -> ApiResult<ProductTemplate> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let blanks = checked_blanks(app, me, input.mockup_blanks.take()).await?;
        let book = rules_for(app, me, input.tiktok_category_id.as_deref()).await?;
        let mut tx = app.db.begin().await?;
        let template = templates::update(&mut tx, &me.scope, &template_id, input.into()).await?;
        ready_or_refused(&template, &book)?;
        if let Some(blanks) = blanks {
            domain::mockups::replace_blanks(&mut tx, &me.scope, &template.id, &blanks).await?;
        }
        tx.commit().await?;
        Ok(template.into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn remove_product_template(&self, ctx: &Context<'_>, template_id: ID) -> ApiResult<bool> {
        let me = caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        templates::delete(&mut conn, &me.scope, &template_id).await?;
        Ok(true)
    }
}
