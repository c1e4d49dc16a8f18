//! Marketplace look-ups: the local TikTok category tree, and the read-through calls the contract
//! exposes (category attributes, brands, a shop's products and activities). Any signed-in user;
//! shop-scoped calls answer only for shops of the caller's client, and STAFF only for their
//! assigned shops (another shop is NOT_FOUND). The snake_case types mirror the marketplace.
use std::future::Future;
use std::time::Duration;

use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use serde_json::Value;

use connectors::tiktok::{self as tt, BrandQuery, Page, ProductSearch, TiktokError};
use domain::marketplace;
use jobs::tiktok::{ShopSession, open_any_shop, open_shop};

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::{AppState, RoleGuard, caller, state};
use crate::shops::tiktok;

/// A request waits at most this long for the marketplace (the client's own retries included).
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(15);
/// Cached category attributes older than this are fetched again.
const ATTRIBUTES_MAX_AGE: chrono::TimeDelta = chrono::TimeDelta::days(1);
/// Product search statuses the marketplace accepts.
const PRODUCT_STATUSES: &[&str] = &[
    "ALL",
    "DRAFT",
    "PENDING",
    "FAILED",
    "ACTIVATE",
    "SELLER_DEACTIVATED",
    "PLATFORM_DEACTIVATED",
    "FREEZE",
    "DELETED",
];
pub(crate) const ACTIVITY_STATUSES: &[&str] = &[
    "DRAFT",
    "NOT_START",
    "ONGOING",
    "EXPIRED",
    "DEACTIVATED",
    "NOT_EFFECTIVE",
];

// ------------------------------------------------------------------ output types

#[derive(SimpleObject, Debug, Clone)]
pub struct LocalMarketplaceCategory {
    pub id: ID,
    pub parent_id: Option<ID>,
    pub name: String,
    pub permission_statuses: Vec<String>,
    pub is_leaf: bool,
}

impl From<marketplace::Category> for LocalMarketplaceCategory {
    fn from(c: marketplace::Category) -> Self {
        LocalMarketplaceCategory {
            id: c.id.into(),
            parent_id: c.parent_id.map(ID::from),
            name: c.name,
            permission_statuses: c.permission_statuses,
            is_leaf: c.is_leaf,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
pub struct CategoryAttributeValue {
    pub id: ID,
    pub name: String,
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct RequirementCondition {
    pub condition_type: String,
    pub attribute_id: String,
    pub attribute_value_id: Option<String>,
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct CategoryAttribute {
    pub id: ID,
    pub name: String,
    #[graphql(name = "type")]
    pub kind: String,
    /// Spelt as the marketplace (and the contract) spell it.
    #[graphql(name = "is_requried")]
    pub is_requried: bool,
    pub is_customizable: bool,
    pub is_multiple_selection: bool,
    pub values: Vec<CategoryAttributeValue>,
    pub value_data_format: Option<String>,
    pub requirement_conditions: Vec<RequirementCondition>,
}

impl From<tt::CategoryAttribute> for CategoryAttribute {
    fn from(a: tt::CategoryAttribute) -> Self {
        CategoryAttribute {
            id: a.id.into(),
            name: a.name,
            kind: a.kind,
            is_requried: a.is_required,
            is_customizable: a.is_customizable,
            is_multiple_selection: a.is_multiple_selection,
            values: a
                .values
                .into_iter()
                .map(|v| CategoryAttributeValue {
                    id: v.id.into(),
                    name: v.name,
                })
                .collect(),
            value_data_format: a.value_data_format,
            requirement_conditions: a
                .requirement_conditions
                .into_iter()
                .map(|c| RequirementCondition {
                    condition_type: c.condition_type,
                    attribute_id: c.attribute_id,
                    attribute_value_id: (!c.attribute_value_id.is_empty())
                        .then_some(c.attribute_value_id),
                })
                .collect(),
        }
    }
}

/// A product property a TikTok category requires, always or once another holds a value.
#[derive(SimpleObject, Debug, Clone)]
pub struct RequiredCategoryAttribute {
    pub id: ID,
    pub name: String,
    /// Required only when this attribute holds `whenValueId`.
    pub when_attribute_id: Option<String>,
    pub when_value_id: Option<String>,
}

/// What a TikTok category requires of a listing, for a form to mark what is missing where it
/// is. `known` is false when no connected shop or cached copy could tell: only what every
/// listing needs (weight, a price, an image) is then listed.
#[derive(SimpleObject, Debug, Clone)]
pub struct TiktokCategoryRules {
    pub category_id: ID,
    pub known: bool,
    pub package_weight_required: bool,
    pub package_dimensions_required: bool,
    pub size_chart_required: bool,
    pub required_attributes: Vec<RequiredCategoryAttribute>,
    /// Images a listed product needs at least (its designs' mockups count).
    pub min_images: i32,
}

impl TiktokCategoryRules {
    fn of(category_id: &str, rules: Option<&domain::completeness::CategoryRules>) -> Self {
        TiktokCategoryRules {
            category_id: category_id.to_owned().into(),
            known: rules.is_some(),
            package_weight_required: true,
            package_dimensions_required: rules.is_some_and(|r| r.package_dimensions_required),
            size_chart_required: rules.is_some_and(|r| r.size_chart_required),
            required_attributes: rules
                .map(|r| {
                    r.required_attributes
                        .iter()
                        .map(|a| RequiredCategoryAttribute {
                            id: a.id.clone().into(),
                            name: a.name.clone(),
                            when_attribute_id: a.when.as_ref().map(|w| w.0.clone()),
                            when_value_id: a.when.as_ref().map(|w| w.1.clone()),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            min_images: 1,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceBrand {
    pub id: ID,
    pub name: String,
    pub authorized_status: Option<String>,
    pub brand_status: Option<String>,
    // The snake_case rule would write `is_t_1_brand`.
    #[graphql(name = "is_t1_brand")]
    pub is_t1_brand: bool,
}

impl From<tt::Brand> for MarketplaceBrand {
    fn from(b: tt::Brand) -> Self {
        MarketplaceBrand {
            id: b.id.into(),
            name: b.name,
            authorized_status: non_empty(b.authorized_status),
            brand_status: non_empty(b.brand_status),
            is_t1_brand: b.is_t1_brand,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct SkuPrice {
    pub currency: String,
    pub sale_price: Option<String>,
    pub tax_exclusive_price: Option<String>,
}

impl From<tt::SkuPrice> for SkuPrice {
    fn from(p: tt::SkuPrice) -> Self {
        SkuPrice {
            currency: p.currency,
            sale_price: non_empty(p.sale_price),
            tax_exclusive_price: non_empty(p.tax_exclusive_price),
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct SkuInventory {
    pub warehouse_id: String,
    pub quantity: i32,
}

fn inventory(list: Vec<tt::Inventory>) -> Vec<SkuInventory> {
    list.into_iter()
        .map(|i| SkuInventory {
            warehouse_id: i.warehouse_id,
            quantity: i32::try_from(i.quantity).unwrap_or(i32::MAX),
        })
        .collect()
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct Sku {
    pub id: ID,
    pub seller_sku: Option<String>,
    pub price: Option<SkuPrice>,
    pub inventory: Vec<SkuInventory>,
}

impl From<tt::SkuSummary> for Sku {
    fn from(s: tt::SkuSummary) -> Self {
        Sku {
            id: s.id.into(),
            seller_sku: non_empty(s.seller_sku),
            price: Some(s.price.into()),
            inventory: inventory(s.inventory),
        }
    }
}

impl From<tt::SkuDetail> for Sku {
    fn from(s: tt::SkuDetail) -> Self {
        Sku {
            id: s.id.into(),
            seller_sku: non_empty(s.seller_sku),
            price: Some(s.price.into()),
            inventory: inventory(s.inventory),
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceProduct {
    pub id: ID,
    pub title: String,
    pub status: String,
    pub is_not_for_sale: bool,
    pub create_time: i64,
    pub update_time: i64,
    pub skus: Vec<Sku>,
}

impl From<tt::ProductSummary> for MarketplaceProduct {
    fn from(p: tt::ProductSummary) -> Self {
        MarketplaceProduct {
            id: p.id.into(),
            title: p.title,
            status: p.status,
            is_not_for_sale: p.is_not_for_sale,
            create_time: p.create_time,
            update_time: p.update_time,
            skus: p.skus.into_iter().map(Sku::from).collect(),
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceProductList {
    pub products: Vec<MarketplaceProduct>,
    pub total_count: i32,
    pub next_page_token: Option<String>,
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct CategoryChain {
    pub id: ID,
    pub local_name: String,
    pub parent_id: Option<ID>,
    pub is_leaf: bool,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct MainImage {
    pub uri: String,
    pub urls: Vec<String>,
}

#[derive(SimpleObject, Debug, Clone)]
pub struct MarketplaceBrandRef {
    pub id: ID,
    pub name: String,
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceProductDetail {
    pub id: ID,
    pub title: String,
    pub description: Option<String>,
    pub status: String,
    pub category_chains: Vec<CategoryChain>,
    pub brand: Option<MarketplaceBrandRef>,
    pub main_images: Vec<MainImage>,
    pub skus: Vec<Sku>,
}

impl From<tt::ProductDetail> for MarketplaceProductDetail {
    fn from(p: tt::ProductDetail) -> Self {
        MarketplaceProductDetail {
            id: p.id.into(),
            title: p.title,
            description: non_empty(p.description),
            status: p.status,
            category_chains: p
                .category_chains
                .into_iter()
                .map(|c| CategoryChain {
                    id: c.id.into(),
                    local_name: c.local_name,
                    parent_id: match c.parent_id.as_str() {
                        "" | "0" => None,
                        _ => Some(c.parent_id.into()),
                    },
                    is_leaf: c.is_leaf,
                })
                .collect(),
            brand: p
                .brand
                .filter(|b| !b.id.is_empty())
                .map(|b| MarketplaceBrandRef {
                    id: b.id.into(),
                    name: b.name,
                }),
            main_images: p
                .main_images
                .into_iter()
                .map(|i| MainImage {
                    uri: i.uri,
                    urls: i.urls,
                })
                .collect(),
            skus: p.skus.into_iter().map(Sku::from).collect(),
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceActivity {
    pub id: ID,
    pub activity_type: String,
    pub begin_time: i64,
    pub end_time: i64,
    pub product_level: String,
    pub status: String,
    pub title: String,
    pub update_time: i64,
}

impl From<tt::ActivitySummary> for MarketplaceActivity {
    fn from(a: tt::ActivitySummary) -> Self {
        MarketplaceActivity {
            id: a.id.into(),
            activity_type: a.activity_type,
            begin_time: a.begin_time,
            end_time: a.end_time,
            product_level: a.product_level,
            status: a.status,
            title: a.title,
            update_time: a.update_time,
        }
    }
}

#[derive(SimpleObject, Debug, Clone)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceActivityList {
    pub activities: Vec<MarketplaceActivity>,
    pub next_page_token: Option<String>,
    pub total_count: i32,
}

// ------------------------------------------------------------------ inputs

#[derive(InputObject, Default)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceProductFilter {
    pub page_size: Option<i32>,
    pub page_token: Option<String>,
    pub status: Option<String>,
    pub seller_skus: Option<Vec<String>>,
}

#[derive(InputObject, Default)]
#[graphql(rename_fields = "snake_case")]
pub struct MarketplaceActivityFilter {
    pub page_size: Option<i32>,
    pub page_token: Option<String>,
    pub status: Option<String>,
    pub activity_type: Option<String>,
}

// ------------------------------------------------------------------ helpers

pub(crate) fn non_empty(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

pub(crate) fn count(n: i64) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// `page_size` as the marketplace takes it: 1 to 100, 20 when not given.
pub(crate) fn page_size(given: Option<i32>) -> ApiResult<u32> {
    match given {
        None => Ok(20),
        Some(n @ 1..=100) => Ok(n as u32),
        Some(_) => Err(ApiError::bad_input(
            "page_size",
            "must be between 1 and 100",
        )),
    }
}

/// An optional enumerated filter, upper-cased and checked against what the marketplace takes.
pub(crate) fn one_of(
    field: &str,
    given: Option<&str>,
    allowed: &[&str],
) -> ApiResult<Option<String>> {
    let Some(v) = given.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let v = v.to_ascii_uppercase();
    if allowed.contains(&v.as_str()) {
        Ok(Some(v))
    } else {
        Err(ApiError::bad_input(
            field,
            format!("must be one of {}", allowed.join(", ")),
        ))
    }
}

/// Marketplace ids are decimal digits; checking keeps anything else out of request paths.
fn marketplace_id(field: &str, id: &str) -> ApiResult<String> {
    let id = id.trim();
    if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_input(field, "is not a TikTok Shop id"));
    }
    Ok(id.to_owned())
}

/// Runs a marketplace call with the look-up timeout.
pub(crate) async fn within_timeout<T>(
    call: impl Future<Output = Result<T, TiktokError>>,
) -> ApiResult<T> {
    match tokio::time::timeout(LOOKUP_TIMEOUT, call).await {
        Ok(result) => result.map_err(ApiError::from),
        Err(_) => Err(ApiError::new(
            "UPSTREAM_ERROR",
            "TikTok Shop did not answer in time; try again",
        )),
    }
}

/// Opens one of the caller's shops: another client's shop, or an unassigned one for STAFF, is
/// NOT_FOUND (the repository does that filtering); a shop of another channel is bad input.
pub(crate) async fn open_own_shop(
    app: &AppState,
    me: &Caller,
    shop_id: &str,
) -> ApiResult<ShopSession> {
    let client = tiktok(app)?;
    let mut conn = app.db.conn().await?;
    let shop = domain::shops::get(&mut conn, &me.scope, shop_id).await?;
    drop(conn);
    if !shop.sale_channel.supports_lookups() {
        return Err(ApiError::bad_input(
            "shopId",
            "this shop is not a TikTok Shop shop",
        ));
    }
    Ok(open_shop(
        &app.db,
        Some(client),
        &app.secrets,
        &me.scope.client_id,
        &shop.id,
    )
    .await?)
}

/// Opens any connected TikTok shop the caller works on (STAFF: an assigned one), for
/// reference data every shop answers alike.
async fn open_client_shop(app: &AppState, me: &Caller) -> ApiResult<ShopSession> {
    let client = tiktok(app)?;
    match open_any_shop(&app.db, Some(client), &app.secrets, Some(&me.scope)).await? {
        Some((_, session)) => Ok(session),
        None if me.scope.limited_to_assigned_shops() => Err(ApiError::new(
            "UPSTREAM_ERROR",
            "TikTok Shop answers this only through a connected shop, and none is assigned to you: ask an admin",
        )),
        None => Err(ApiError::new(
            "UPSTREAM_ERROR",
            "TikTok Shop answers this only through a connected shop: connect a TikTok shop first",
        )),
    }
}

/// The attributes as the contract shows them, from the marketplace's JSON (cached or fresh).
fn attributes_from_json(json: &Value) -> ApiResult<Vec<CategoryAttribute>> {
    let list: Vec<tt::CategoryAttribute> = serde_json::from_value(json.clone()).map_err(|e| {
        tracing::error!(error = %e, "cached category attributes do not parse");
        ApiError::internal()
    })?;
    Ok(list.into_iter().map(CategoryAttribute::from).collect())
}

// ------------------------------------------------------------------ queries

#[derive(Default)]
pub struct MarketplaceQuery;

#[Object]
impl MarketplaceQuery {
    /// The TikTok category tree as last synced (flat: children name their `parentId`). Empty
    /// until `category.sync` has run with a connected shop.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_local_tiktok_categories(
        &self,
        ctx: &Context<'_>,
    ) -> ApiResult<Vec<LocalMarketplaceCategory>> {
        caller(ctx)?;
        let mut conn = state(ctx).db.conn().await?;
        Ok(marketplace::tiktok_categories(&mut conn)
            .await?
            .into_iter()
            .map(LocalMarketplaceCategory::from)
            .collect())
    }

    /// A category's attributes: from the local cache when fetched within a day, otherwise
    /// through a connected shop of the caller's client (and cached). When the marketplace
    /// cannot be reached, an older cached copy is answered rather than nothing.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_tiktok_category_attributes(
        &self,
        ctx: &Context<'_>,
        category_id: ID,
    ) -> ApiResult<Vec<CategoryAttribute>> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let category_id = marketplace_id("categoryId", &category_id)?;
        let mut conn = app.db.conn().await?;
        let cached = marketplace::cached_tiktok_attributes(&mut conn, &category_id).await?;
        drop(conn);
        if let Some(c) = cached
            .as_ref()
            .filter(|c| domain::time::now() - c.synced_at < ATTRIBUTES_MAX_AGE)
        {
            return attributes_from_json(&c.attributes);
        }
        let fetched = async {
            let session = open_client_shop(app, me).await?;
            within_timeout(session.client.category_attributes(
                &session.auth,
                &category_id,
                Some("en-US"),
                Some(marketplace::TIKTOK_CATEGORY_VERSION),
            ))
            .await
        }
        .await;
        match (fetched, cached) {
            (Ok(list), _) => {
                let json = serde_json::to_value(&list).map_err(|_| ApiError::internal())?;
                let mut conn = app.db.conn().await?;
                marketplace::store_tiktok_attributes(&mut conn, &category_id, &json).await?;
                Ok(list.into_iter().map(CategoryAttribute::from).collect())
            }
            (Err(e), Some(stale)) if e.code == "UPSTREAM_ERROR" => {
                tracing::warn!(category = %category_id, error = %e.message, "answering cached category attributes older than a day");
                attributes_from_json(&stale.attributes)
            }
            (Err(e), _) => Err(e),
        }
    }

    /// What a TikTok category requires of a listing (package weight and dimensions, required
    /// properties, images), from the category's rules: cached for a day, otherwise read
    /// through `shopId` or any connected TikTok shop of the caller. Another client's shop is
    /// NOT_FOUND.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_tiktok_category_rules(
        &self,
        ctx: &Context<'_>,
        category_id: ID,
        shop_id: Option<ID>,
    ) -> ApiResult<TiktokCategoryRules> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let category_id = marketplace_id("categoryId", &category_id)?;
        if let Some(shop_id) = &shop_id {
            let mut conn = app.db.conn().await?;
            let shop = domain::shops::get(&mut conn, &me.scope, shop_id).await?;
            if !shop.sale_channel.supports_lookups() {
                return Err(ApiError::bad_input(
                    "shopId",
                    "this shop is not a TikTok Shop shop",
                ));
            }
        }
        let rules = crate::requirements::tiktok_rules(
            app,
            me,
            shop_id.as_deref().map(|s| s.as_str()),
            &category_id,
        )
        .await?;
        match rules {
            crate::requirements::Rules::Known(r) => {
                Ok(TiktokCategoryRules::of(&category_id, Some(&r)))
            }
            crate::requirements::Rules::Unknown => Ok(TiktokCategoryRules::of(&category_id, None)),
            crate::requirements::Rules::NoSuchCategory => Err(ApiError::bad_input(
                "categoryId",
                "TikTok Shop does not know this category",
            )),
        }
    }

    /// Brands the marketplace offers (authorised ones first), through a connected shop of the
    /// caller's client; `brandName` filters by part of the name. At most 100.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_tiktok_brands(
        &self,
        ctx: &Context<'_>,
        brand_name: Option<String>,
    ) -> ApiResult<Vec<MarketplaceBrand>> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let brand_name = brand_name
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.is_empty());
        if brand_name.as_ref().is_some_and(|n| n.chars().count() > 100) {
            return Err(ApiError::bad_input("brandName", "at most 100 characters"));
        }
        let session = open_client_shop(app, me).await?;
        let query = BrandQuery {
            brand_name,
            category_version: Some(marketplace::TIKTOK_CATEGORY_VERSION.into()),
            ..BrandQuery::default()
        };
        let page = within_timeout(
            session
                .client
                .brands(&session.auth, &query, &Page::first(100)),
        )
        .await?;
        Ok(page
            .brands
            .into_iter()
            .map(MarketplaceBrand::from)
            .collect())
    }

    /// One page of a shop's products as the marketplace holds them.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn search_tiktok_products(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        filter: Option<MarketplaceProductFilter>,
    ) -> ApiResult<MarketplaceProductList> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let filter = filter.unwrap_or_default();
        let size = page_size(filter.page_size)?;
        let status = one_of("status", filter.status.as_deref(), PRODUCT_STATUSES)?;
        let seller_skus: Vec<String> = filter
            .seller_skus
            .unwrap_or_default()
            .into_iter()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect();
        if seller_skus.len() > 10 {
            return Err(ApiError::bad_input("seller_skus", "at most 10"));
        }
        let session = open_own_shop(app, me, &shop_id).await?;
        let search = ProductSearch {
            status,
            seller_skus,
            ..ProductSearch::default()
        };
        let page = Page {
            page_size: size,
            page_token: filter.page_token.filter(|t| !t.is_empty()),
        };
        let found = within_timeout(
            session
                .client
                .search_products(&session.auth, &search, &page),
        )
        .await?;
        Ok(MarketplaceProductList {
            products: found
                .products
                .into_iter()
                .map(MarketplaceProduct::from)
                .collect(),
            total_count: count(found.total_count),
            next_page_token: non_empty(found.next_page_token),
        })
    }

    /// One product of a shop as the marketplace holds it.
    #[graphql(guard = "RoleGuard::SIGNED_IN")]
    async fn get_tiktok_product_detail(
        &self,
        ctx: &Context<'_>,
        shop_id: ID,
        product_id: ID,
    ) -> ApiResult<MarketplaceProductDetail> {
        let me = caller(ctx)?;
        let app = state(ctx);
        let product_id = marketplace_id("productId", &product_id)?;
        let session = open_own_shop(app, me, &shop_id).await?;
        let detail =
            within_timeout(session.client.product_detail(&session.auth, &product_id)).await?;
        Ok(detail.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marketplace_ids_are_digits_only() {
        assert_eq!(
            marketplace_id("categoryId", " 601226 ").ok(),
            Some("601226".to_owned())
        );
        for bad in [
            "",
            "60/1226",
            "../x",
            "12?a=b",
            "1234567890123456789012345678901234",
        ] {
            let err = marketplace_id("categoryId", bad).err().map(|e| e.field);
            assert_eq!(err, Some(Some("categoryId".to_owned())), "{bad}");
        }
    }

    #[test]
    fn filters_are_checked() {
        assert_eq!(page_size(None).ok(), Some(20));
        assert_eq!(page_size(Some(100)).ok(), Some(100));
        assert!(page_size(Some(0)).is_err() && page_size(Some(101)).is_err());
        assert_eq!(
            one_of("status", Some("activate"), PRODUCT_STATUSES).ok(),
            Some(Some("ACTIVATE".to_owned()))
        );
        assert_eq!(
            one_of("status", Some("  "), PRODUCT_STATUSES).ok(),
            Some(None)
        );
        assert!(one_of("status", Some("LIVE"), PRODUCT_STATUSES).is_err());
    }
}
