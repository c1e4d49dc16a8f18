//! Fulfilment over GraphQL: types as the contract names them (plus our extensions), and
//! resolvers that convert and call the use cases of `crate::fulfillment`.
use async_graphql::{ComplexObject, Context, Enum, ID, InputObject, Json, Object, SimpleObject};
use chrono::{DateTime, Utc};
use connectors::fulfillment::{self as provider, ProductQuery};
use domain::fulfillment::drifts::Drift;
use domain::fulfillment::mappings::{Mapping, Source};
use domain::fulfillment::orders::{self as fo, Event, Filter, Shipping, SortField};
use domain::fulfillment::{ProviderAccount, ProviderType};
use domain::time;

use crate::errors::{ApiError, ApiResult};
use crate::fulfillment::{self as cases, NewProvider};
use crate::graphql::orders::SortDirection;
use crate::graphql::types::{PageInfo, money};
use crate::graphql::{RoleGuard, caller, state};

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::fulfillment::ProviderType")]
pub enum FulfillmentProviderType {
    Gearment,
    #[graphql(name = "HMFULFILL")]
    HmFulfill,
    Lenful,
    MangoTee,
    Merchize,
    Printify,
}

#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::fulfillment::orders::FulfillmentStatus")]
pub enum FulfillmentOrderStatus {
    Cancelled,
    Completed,
    Created,
    InTransit,
}

/// Whether the provider has the order yet (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::fulfillment::orders::Submission")]
pub enum FulfillmentSubmission {
    /// Being sent.
    Pending,
    /// The provider has it.
    Submitted,
    /// The provider refused it (`error` says why); retryFulfillmentOrder sends it again.
    Failed,
}

/// How the fulfilment orders list is ordered (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
pub enum FulfillmentOrderSortField {
    /// When the fulfilment order was made (the default).
    CreatedAt,
    /// When it last changed (a status or tracking update).
    UpdatedAt,
    /// What the provider charges; orders without a total last.
    Total,
}

/// Who changed a fulfilment order (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::fulfillment::orders::EventSource")]
pub enum FulfillmentEventSource {
    Person,
    Provider,
    Webhook,
    System,
}

/// What reconciliation found (ours).
#[derive(Enum, Copy, Clone, Eq, PartialEq, Debug)]
#[graphql(remote = "domain::fulfillment::drifts::DriftKind")]
pub enum FulfillmentDriftKind {
    UnknownAtSellerdesk,
    MissingAtProvider,
    StatusMismatch,
}

fn at(s: &str) -> DateTime<Utc> {
    time::from_db(s)
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentProvider {
    pub id: ID,
    pub provider: FulfillmentProviderType,
    pub shop_id: Option<String>,
    pub name: Option<String>,
    pub created_at: Option<DateTime<Utc>>,
}

impl From<ProviderAccount> for FulfillmentProvider {
    fn from(a: ProviderAccount) -> Self {
        FulfillmentProvider {
            id: a.id.into(),
            provider: a.provider.into(),
            shop_id: a.shop_id,
            name: a.name,
            created_at: Some(at(&a.created_at)),
        }
    }
}

#[derive(InputObject, Debug, Clone)]
pub struct CreateFulfillmentProviderInput {
    pub provider: FulfillmentProviderType,
    pub name: Option<String>,
    pub api_key: String,
    pub api_secret: Option<String>,
    /// Printify shop id
    pub shop_id: Option<String>,
    /// ours: Merchize serves each seller from its own host (`https://bo-{tenant}.merchize.com/bo-api`).
    pub base_url: Option<String>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentOrderItem {
    pub id: ID,
    pub image: Option<String>,
    pub quantity: i32,
    pub fulfillment_sku: String,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub bg_color_code: Option<String>,
    /// ours: what the provider charges for one unit, when it said.
    pub cost: Option<f64>,
    /// ours: the item's name on the marketplace order, when it came from one.
    pub product_name: Option<String>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentOrderShopRef {
    pub id: ID,
    pub name: String,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentOrderOrderRef {
    pub id: ID,
    pub external_order_id: String,
    pub shop: Option<FulfillmentOrderShopRef>,
}

/// A step of a fulfilment order's timeline (ours).
#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentOrderEvent {
    pub source: FulfillmentEventSource,
    pub from_status: Option<FulfillmentOrderStatus>,
    pub to_status: FulfillmentOrderStatus,
    pub provider_status: Option<String>,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Event> for FulfillmentOrderEvent {
    fn from(e: Event) -> Self {
        FulfillmentOrderEvent {
            source: e.source.into(),
            from_status: e.from.map(Into::into),
            to_status: e.to.into(),
            provider_status: e.provider_status,
            note: e.note,
            created_at: at(&e.created_at),
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(complex)]
pub struct FulfillmentOrder {
    pub id: ID,
    pub items: Vec<FulfillmentOrderItem>,
    #[graphql(skip)]
    pub provider_id: String,
    #[graphql(skip)]
    pub order_id: Option<String>,
    pub ref_order_id: Option<String>,
    pub external_id: Option<String>,
    pub shipping_name: String,
    pub shipping_phone: Option<String>,
    pub shipping_address1: String,
    pub shipping_address2: Option<String>,
    pub shipping_city: String,
    pub shipping_postal_code: String,
    pub shipping_region_code: String,
    pub shipping_method: Option<String>,
    pub tracking_number: Option<String>,
    pub tracking_url: Option<String>,
    pub tracking_company: Option<String>,
    pub status: FulfillmentOrderStatus,
    pub total_amount: Option<f64>,
    pub label_url: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// ours: the recipient's state or province (every provider asks for it).
    pub shipping_state: Option<String>,
    /// ours: the provider's own status text as last read (`in_production`, …).
    pub provider_status: Option<String>,
    /// ours: whether the provider has the order yet.
    pub submission: FulfillmentSubmission,
    /// ours: why the provider refused the order, when it did (its last rejection).
    pub error: Option<String>,
    /// ours: when the provider accepted the order (null until then).
    pub submitted_at: Option<DateTime<Utc>>,
    /// ours: when the tracking reached the marketplace (null until then).
    pub shipped_back_at: Option<DateTime<Utc>>,
    /// ours: why the marketplace refused the tracking, when it did.
    pub ship_back_error: Option<String>,
}

impl From<fo::FulfillmentOrder> for FulfillmentOrder {
    fn from(o: fo::FulfillmentOrder) -> Self {
        FulfillmentOrder {
            id: o.id.into(),
            items: o
                .items
                .into_iter()
                .map(|i| FulfillmentOrderItem {
                    id: i.id.into(),
                    image: i.image,
                    quantity: i32::try_from(i.quantity).unwrap_or(i32::MAX),
                    fulfillment_sku: i.fulfillment_sku,
                    design_front_url: i.design_front_url,
                    design_back_url: i.design_back_url,
                    bg_color_code: i.bg_color_code,
                    cost: i.cost_cents.map(money),
                    product_name: i.product_name,
                })
                .collect(),
            provider_id: o.provider_id,
            order_id: o.order_id,
            ref_order_id: o.ref_order_id,
            external_id: o.external_id,
            shipping_name: o.shipping.name,
            shipping_phone: o.shipping.phone,
            shipping_address1: o.shipping.address1,
            shipping_address2: o.shipping.address2,
            shipping_city: o.shipping.city,
            shipping_postal_code: o.shipping.postal_code,
            shipping_region_code: o.shipping.region_code,
            shipping_method: o.shipping.method,
            tracking_number: o.tracking_number,
            tracking_url: o.tracking_url,
            tracking_company: o.tracking_company,
            status: o.status.into(),
            total_amount: o.total_amount_cents.map(money),
            label_url: o.label_url,
            created_at: at(&o.created_at),
            updated_at: at(&o.updated_at),
            shipping_state: o.shipping.state,
            provider_status: o.provider_status,
            submission: o.submission.into(),
            error: o.error,
            submitted_at: o.submitted_at.as_deref().map(at),
            shipped_back_at: o.shipped_back_at.as_deref().map(at),
            ship_back_error: o.ship_back_error,
        }
    }
}

#[ComplexObject]
impl FulfillmentOrder {
    async fn provider(&self, ctx: &Context<'_>) -> ApiResult<FulfillmentProvider> {
        cases::account_of_order(state(ctx), caller(ctx)?, &self.provider_id)
            .await?
            .map(Into::into)
            .ok_or_else(|| ApiError::not_found("fulfillment provider"))
    }

    async fn order(&self, ctx: &Context<'_>) -> ApiResult<Option<FulfillmentOrderOrderRef>> {
        let Some(order_id) = &self.order_id else {
            return Ok(None);
        };
        match crate::orders::get(state(ctx), caller(ctx)?, order_id).await {
            Ok(o) => Ok(Some(FulfillmentOrderOrderRef {
                id: o.id.into(),
                external_order_id: o.external_order_id,
                shop: Some(FulfillmentOrderShopRef {
                    id: o.shop_id.into(),
                    name: o.shop_name,
                }),
            })),
            Err(_) => Ok(None),
        }
    }

    /// ours: the status timeline, oldest first.
    async fn events(&self, ctx: &Context<'_>) -> ApiResult<Vec<FulfillmentOrderEvent>> {
        Ok(cases::events(state(ctx), caller(ctx)?, &self.id)
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentOrderPage {
    pub items: Vec<FulfillmentOrder>,
    pub page_info: PageInfo,
}

#[derive(InputObject, Debug, Clone, Default)]
pub struct FulfillmentOrderFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub search: Option<String>,
    pub status: Option<FulfillmentOrderStatus>,
    pub provider_id: Option<ID>,
    /// ours: the order of the list (default: newest first).
    pub sort: Option<FulfillmentOrderSortField>,
    /// ours
    pub sort_direction: Option<SortDirection>,
    /// ours: the fulfilment orders of one marketplace order.
    pub order_id: Option<ID>,
}

#[derive(InputObject, Debug, Clone)]
pub struct FulfillmentItemInput {
    pub order_item_id: Option<ID>,
    pub fulfillment_sku: String,
    pub quantity: i32,
    pub image: Option<String>,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    pub bg_color_code: Option<String>,
}

impl From<FulfillmentItemInput> for fo::NewItem {
    fn from(i: FulfillmentItemInput) -> Self {
        fo::NewItem {
            order_item_id: i.order_item_id.map(|id| id.to_string()),
            fulfillment_sku: i.fulfillment_sku,
            quantity: i64::from(i.quantity),
            image: i.image,
            design_front_url: i.design_front_url,
            design_back_url: i.design_back_url,
            bg_color_code: i.bg_color_code,
        }
    }
}

#[derive(InputObject, Debug, Clone)]
pub struct ShippingInput {
    pub name: String,
    pub phone: Option<String>,
    pub address1: String,
    pub address2: Option<String>,
    pub city: String,
    pub postal_code: String,
    pub region_code: String,
    pub method: Option<String>,
    /// ours: state or province code (every provider asks for it).
    pub state: Option<String>,
}

impl From<ShippingInput> for Shipping {
    fn from(s: ShippingInput) -> Self {
        Shipping {
            name: s.name,
            phone: s.phone,
            address1: s.address1,
            address2: s.address2,
            city: s.city,
            state: s.state,
            postal_code: s.postal_code,
            region_code: s.region_code,
            method: s.method,
        }
    }
}

#[derive(InputObject, Debug, Clone)]
pub struct CreateFulfillmentOrderInput {
    pub order_id: ID,
    pub provider_id: ID,
    pub items: Vec<FulfillmentItemInput>,
    pub shipping: Option<ShippingInput>,
}

#[derive(InputObject, Debug, Clone)]
pub struct CreateSimpleFulfillmentOrderInput {
    pub provider_id: ID,
    pub ref_order_id: Option<String>,
    pub items: Vec<FulfillmentItemInput>,
    pub shipping: ShippingInput,
    pub label_url: Option<String>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentVariant {
    pub sku: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub stock: Option<i32>,
    pub color_code: Option<String>,
    pub print_area: Option<String>,
    /// ours: the provider's base cost of one unit, when its catalogue says.
    pub cost: Option<f64>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentProduct {
    pub id: ID,
    pub name: String,
    pub image: Option<String>,
    pub print_areas: Vec<String>,
    pub variants: Vec<FulfillmentVariant>,
    /// ours: the provider's description (HTML from outside; the web app sanitizes it), where
    /// its catalogue has one.
    pub description: Option<String>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentProductPage {
    pub items: Vec<FulfillmentProduct>,
    pub page_info: PageInfo,
}

#[derive(InputObject, Debug, Clone, Default)]
pub struct FulfillmentProductFilter {
    pub limit: Option<i32>,
    pub page: Option<i32>,
    pub search: Option<String>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct PrintifyShop {
    pub id: ID,
    pub title: String,
    #[graphql(name = "sales_channel")]
    pub sales_channel: String,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct PrintifyBlueprint {
    pub id: ID,
    pub title: String,
    /// ours: Printify's description of the blueprint (HTML from outside; the web app sanitizes it).
    pub description: Option<String>,
    pub brand: Option<String>,
    pub model: Option<String>,
    pub images: Vec<String>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct PrintifyPrintProvider {
    pub id: ID,
    pub title: String,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct PrintifyVariant {
    pub id: ID,
    pub title: String,
    pub options: Option<Json<serde_json::Value>>,
    pub placeholders: Option<Json<serde_json::Value>>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct MangoteeProductLine {
    pub id: ID,
    pub name: String,
    pub sku: Option<String>,
    pub stock: Option<i32>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct MangoteeProduct {
    pub id: ID,
    pub name: String,
    pub sku: Option<String>,
    pub stock: Option<i32>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct MangoteeVariant {
    pub id: ID,
    pub name: String,
    pub sku: String,
    pub stock: i32,
}

#[derive(InputObject, Debug, Clone, Default)]
pub struct MangoteeProductFilter {
    pub product_line_id: Option<ID>,
    pub search: Option<String>,
    pub limit: Option<i32>,
    pub page: Option<i32>,
}

/// ours: the provider variant and print files saved for an order item's product variant (on
/// the product, or inherited from its template).
#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentSkuMapping {
    pub order_item_id: ID,
    pub fulfillment_sku: String,
    pub design_front_url: Option<String>,
    pub design_back_url: Option<String>,
    /// Inherited from the product's template rather than saved on the product.
    pub from_template: bool,
    /// The variant's base cost per unit, when the provider's catalogue says.
    pub cost: Option<f64>,
}

/// ours: a difference the nightly reconciliation found between a provider and Sellerdesk.
#[derive(SimpleObject, Debug, Clone)]
pub struct FulfillmentDrift {
    pub id: ID,
    pub client_id: ID,
    pub provider_id: ID,
    pub kind: FulfillmentDriftKind,
    pub provider_order_id: Option<String>,
    pub fulfillment_order_id: Option<ID>,
    pub detail: String,
    pub found_at: DateTime<Utc>,
}

impl From<Drift> for FulfillmentDrift {
    fn from(d: Drift) -> Self {
        FulfillmentDrift {
            id: d.id.into(),
            client_id: d.client_id.into(),
            provider_id: d.provider_id.into(),
            kind: d.kind.into(),
            provider_order_id: d.provider_order_id,
            fulfillment_order_id: d.fulfillment_order_id.map(Into::into),
            detail: d.detail,
            found_at: at(&d.found_at),
        }
    }
}

fn clamp_i32(v: Option<i64>) -> Option<i32> {
    v.map(|n| i32::try_from(n).unwrap_or(i32::MAX))
}

fn page_arg(v: Option<i32>, default: u32) -> u32 {
    v.and_then(|n| u32::try_from(n).ok()).unwrap_or(default)
}

#[derive(Default)]
pub struct FulfillmentQuery;

#[Object]
impl FulfillmentQuery {
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_fulfillment_providers(
        &self,
        ctx: &Context<'_>,
    ) -> ApiResult<Vec<FulfillmentProvider>> {
        Ok(cases::providers(state(ctx), caller(ctx)?)
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }

    /// The accounts a simple (hand-typed) order can go to: all of them.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_simple_fulfillment_providers(
        &self,
        ctx: &Context<'_>,
    ) -> ApiResult<Vec<FulfillmentProvider>> {
        Ok(cases::providers(state(ctx), caller(ctx)?)
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_fulfillment_orders(
        &self,
        ctx: &Context<'_>,
        filter: Option<FulfillmentOrderFilter>,
    ) -> ApiResult<FulfillmentOrderPage> {
        let f = filter.unwrap_or_default();
        let page = cases::list(
            state(ctx),
            caller(ctx)?,
            Filter {
                search: f.search,
                status: f.status.map(Into::into),
                provider_id: f.provider_id.map(|p| p.to_string()),
                order_id: f.order_id.map(|p| p.to_string()),
                sort: match f.sort {
                    Some(FulfillmentOrderSortField::UpdatedAt) => SortField::UpdatedAt,
                    Some(FulfillmentOrderSortField::Total) => SortField::Total,
                    _ => SortField::CreatedAt,
                },
                ascending: f.sort_direction == Some(SortDirection::Asc),
            },
            f.limit,
            f.page,
        )
        .await?;
        Ok(FulfillmentOrderPage {
            page_info: PageInfo::of(&page),
            items: page.items.into_iter().map(Into::into).collect(),
        })
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_fulfillment_order_by_id(
        &self,
        ctx: &Context<'_>,
        order_id: ID,
    ) -> ApiResult<FulfillmentOrder> {
        Ok(cases::get(state(ctx), caller(ctx)?, &order_id)
            .await?
            .into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_fulfillment_products(
        &self,
        ctx: &Context<'_>,
        provider_id: ID,
        filter: Option<FulfillmentProductFilter>,
    ) -> ApiResult<FulfillmentProductPage> {
        let f = filter.unwrap_or_default();
        let query = ProductQuery {
            page: page_arg(f.page, 1),
            limit: page_arg(f.limit, 20),
            search: f.search.filter(|s| !s.trim().is_empty()),
        };
        let (page_no, limit) = (query.page, query.limit);
        let page = cases::products(state(ctx), caller(ctx)?, &provider_id, query).await?;
        let shown = page.products.len() as u64;
        let before = u64::from(page_no.saturating_sub(1)) * u64::from(limit);
        let total = page
            .total
            .unwrap_or(before + shown + u64::from(page.has_more));
        Ok(FulfillmentProductPage {
            page_info: PageInfo {
                has_next_page: page.has_more,
                has_previous_page: page_no > 1,
                total_count: i32::try_from(total).unwrap_or(i32::MAX),
            },
            items: page.products.into_iter().map(product).collect(),
        })
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_printify_shops(&self, ctx: &Context<'_>) -> ApiResult<Vec<PrintifyShop>> {
        Ok(cases::printify_shops(state(ctx), caller(ctx)?)
            .await?
            .into_iter()
            .map(|s| PrintifyShop {
                id: s.id.into(),
                title: s.title,
                sales_channel: s.sales_channel,
            })
            .collect())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_printify_blueprints(
        &self,
        ctx: &Context<'_>,
    ) -> ApiResult<Vec<PrintifyBlueprint>> {
        Ok(cases::printify_blueprints(state(ctx), caller(ctx)?)
            .await?
            .into_iter()
            .map(|b| PrintifyBlueprint {
                id: b.id.into(),
                title: b.title,
                description: b.description,
                brand: b.brand,
                model: b.model,
                images: b.images,
            })
            .collect())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_printify_print_providers(
        &self,
        ctx: &Context<'_>,
        blueprint_id: ID,
    ) -> ApiResult<Vec<PrintifyPrintProvider>> {
        Ok(
            cases::printify_print_providers(state(ctx), caller(ctx)?, &blueprint_id)
                .await?
                .into_iter()
                .map(|p| PrintifyPrintProvider {
                    id: p.id.into(),
                    title: p.title,
                })
                .collect(),
        )
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_printify_variants(
        &self,
        ctx: &Context<'_>,
        blueprint_id: ID,
        print_provider_id: ID,
    ) -> ApiResult<Vec<PrintifyVariant>> {
        Ok(
            cases::printify_variants(state(ctx), caller(ctx)?, &blueprint_id, &print_provider_id)
                .await?
                .into_iter()
                .map(|v| PrintifyVariant {
                    id: v.id.into(),
                    title: v.title,
                    options: Some(Json(v.options)),
                    placeholders: Some(Json(v.placeholders)),
                })
                .collect(),
        )
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_mangotee_product_lines(
        &self,
        ctx: &Context<'_>,
    ) -> ApiResult<Vec<MangoteeProductLine>> {
        Ok(cases::mangotee_product_lines(state(ctx), caller(ctx)?)
            .await?
            .into_iter()
            .map(|l| MangoteeProductLine {
                id: l.id.into(),
                name: l.name,
                sku: l.sku,
                stock: clamp_i32(l.stock),
            })
            .collect())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_mangotee_products(
        &self,
        ctx: &Context<'_>,
        filter: Option<MangoteeProductFilter>,
    ) -> ApiResult<Vec<MangoteeProduct>> {
        let f = filter.unwrap_or_default();
        Ok(cases::mangotee_products(
            state(ctx),
            caller(ctx)?,
            f.product_line_id.map(|p| p.to_string()),
            f.search.filter(|s| !s.trim().is_empty()),
            page_arg(f.page, 1),
            page_arg(f.limit, 50),
        )
        .await?
        .into_iter()
        .map(|p| MangoteeProduct {
            id: p.id.into(),
            name: p.name,
            sku: p.sku,
            stock: clamp_i32(p.stock),
        })
        .collect())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_mangotee_variants(
        &self,
        ctx: &Context<'_>,
        product_id: ID,
        product_line_id: ID,
    ) -> ApiResult<Vec<MangoteeVariant>> {
        Ok(
            cases::mangotee_variants(state(ctx), caller(ctx)?, &product_id, &product_line_id)
                .await?
                .into_iter()
                .map(|v| MangoteeVariant {
                    id: v.id.into(),
                    name: v.name,
                    sku: v.sku,
                    stock: i32::try_from(v.stock).unwrap_or(i32::MAX),
                })
                .collect(),
        )
    }

    /// ours: the SKU mappings saved for these order items' product variants at one provider
    /// (items without one are left out).
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_fulfillment_sku_mappings(
        &self,
        ctx: &Context<'_>,
        provider_id: ID,
        order_item_ids: Vec<ID>,
    ) -> ApiResult<Vec<FulfillmentSkuMapping>> {
        let ids: Vec<String> = order_item_ids.iter().map(|i| i.to_string()).collect();
        Ok(
            cases::sku_mappings(state(ctx), caller(ctx)?, &provider_id, &ids)
                .await?
                .into_iter()
                .map(
                    |(id, m, source): (String, Mapping, Source)| FulfillmentSkuMapping {
                        order_item_id: id.into(),
                        fulfillment_sku: m.fulfillment_sku,
                        design_front_url: m.design_front_url,
                        design_back_url: m.design_back_url,
                        from_template: source == Source::Template,
                        cost: None,
                    },
                )
                .collect(),
        )
    }

    /// ours: open findings of the nightly reconciliation (an admin's client; a super-admin's:
    /// every client).
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn get_fulfillment_drifts(&self, ctx: &Context<'_>) -> ApiResult<Vec<FulfillmentDrift>> {
        Ok(cases::drifts(state(ctx), caller(ctx)?)
            .await?
            .into_iter()
            .map(Into::into)
            .collect())
    }
}

fn product(p: provider::CatalogProduct) -> FulfillmentProduct {
    FulfillmentProduct {
        id: p.id.into(),
        name: p.name,
        image: p.image,
        variants: p
            .variants
            .into_iter()
            .map(|v| FulfillmentVariant {
                sku: v.sku,
                size: v.size,
                color: v.color,
                stock: clamp_i32(v.stock),
                color_code: v.color_code,
                print_area: p.print_areas.first().cloned(),
                cost: v.cost_cents.map(money),
            })
            .collect(),
        print_areas: p.print_areas,
        description: None,
    }
}

#[derive(Default)]
pub struct FulfillmentMutation;

#[Object]
impl FulfillmentMutation {
    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn create_fulfillment_provider(
        &self,
        ctx: &Context<'_>,
        input: CreateFulfillmentProviderInput,
    ) -> ApiResult<FulfillmentProvider> {
        Ok(cases::create_provider(
            state(ctx),
            caller(ctx)?,
            NewProvider {
                provider: ProviderType::from(input.provider),
                name: input.name,
                api_key: input.api_key,
                api_secret: input.api_secret,
                shop_id: input.shop_id,
                base_url: input.base_url,
            },
        )
        .await?
        .into())
    }

    #[graphql(guard = "RoleGuard::ADMIN")]
    async fn remove_fulfillment_provider(
        &self,
        ctx: &Context<'_>,
        provider_id: ID,
    ) -> ApiResult<bool> {
        cases::remove_provider(state(ctx), caller(ctx)?, &provider_id).await?;
        Ok(true)
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn create_fulfillment_order(
        &self,
        ctx: &Context<'_>,
        input: CreateFulfillmentOrderInput,
    ) -> ApiResult<FulfillmentOrder> {
        Ok(cases::create_order(
            state(ctx),
            caller(ctx)?,
            &input.order_id,
            &input.provider_id,
            input.items.into_iter().map(Into::into).collect(),
            input.shipping.map(Into::into),
        )
        .await?
        .into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn create_simple_fulfillment_order(
        &self,
        ctx: &Context<'_>,
        input: CreateSimpleFulfillmentOrderInput,
    ) -> ApiResult<ID> {
        Ok(cases::create_simple_order(
            state(ctx),
            caller(ctx)?,
            &input.provider_id,
            input.ref_order_id,
            input.items.into_iter().map(Into::into).collect(),
            input.shipping.into(),
            input.label_url,
        )
        .await?
        .id
        .into())
    }

    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn remove_fulfillment_order(&self, ctx: &Context<'_>, order_id: ID) -> ApiResult<bool> {
        cases::remove_order(state(ctx), caller(ctx)?, &order_id).await?;
        Ok(true)
    }

    /// ours: sends an order the provider refused again, or asks the marketplace again to take a
    /// tracking it refused.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn retry_fulfillment_order(
        &self,
        ctx: &Context<'_>,
        order_id: ID,
    ) -> ApiResult<FulfillmentOrder> {
        Ok(cases::retry_order(state(ctx), caller(ctx)?, &order_id)
            .await?
            .into())
    }
}
