//! Categories, category attributes, brands, warehouses and image upload.
use reqwest::Method;
use serde::{Deserialize, Serialize};

use super::client::{ApiRequest, Body, Retry, TiktokClient};
use super::error::TiktokError;
use super::{Page, ShopAuth};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Category {
    pub id: String,
    /// `"0"` for top-level categories.
    pub parent_id: String,
    pub local_name: String,
    pub is_leaf: bool,
    /// `AVAILABLE`, `INVITE_ONLY`, `NON_MAIN_CATEGORY`; only leaves that are `AVAILABLE` list.
    #[serde(default)]
    pub permission_statuses: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct CategoryQuery {
    pub locale: Option<String>,
    pub keyword: Option<String>,
    pub category_version: Option<String>,
    pub listing_platform: Option<String>,
    pub include_prohibited_categories: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttributeValue {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RequirementCondition {
    #[serde(default)]
    pub condition_type: String,
    #[serde(default)]
    pub attribute_id: String,
    #[serde(default)]
    pub attribute_value_id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CategoryAttribute {
    pub id: String,
    pub name: String,
    /// `SALES_PROPERTY` (a variant axis) or `PRODUCT_PROPERTY`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The marketplace spells it `is_requried`; `is_required` is accepted too.
    #[serde(rename = "is_requried", alias = "is_required", default)]
    pub is_required: bool,
    #[serde(default)]
    pub is_customizable: bool,
    #[serde(default)]
    pub is_multiple_selection: bool,
    #[serde(default)]
    pub values: Vec<AttributeValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_data_format: Option<String>,
    /// Required once another attribute holds a given value.
    #[serde(default)]
    pub requirement_conditions: Vec<RequirementCondition>,
}

/// `is_supported` / `is_required` pairs of the category rules.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleFlag {
    pub is_supported: bool,
    pub is_required: bool,
}

/// What a category requires of a product beyond its attributes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CategoryRules {
    /// Certifications the category asks for (kept as sent: ids, names, whether required).
    pub product_certifications: Vec<serde_json::Value>,
    pub size_chart: RuleFlag,
    pub package_dimension: RuleFlag,
    pub cod: RuleFlag,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Brand {
    pub id: String,
    pub name: String,
    /// `AUTHORIZED` or `UNAUTHORIZED`.
    #[serde(default)]
    pub authorized_status: String,
    /// `AVAILABLE` or `UNAVAILABLE`.
    #[serde(default)]
    pub brand_status: String,
    #[serde(default)]
    pub is_t1_brand: bool,
}

#[derive(Debug, Clone, Default)]
pub struct BrandQuery {
    pub category_id: Option<String>,
    pub is_authorized: Option<bool>,
    pub brand_name: Option<String>,
    pub category_version: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BrandPage {
    #[serde(default)]
    pub brands: Vec<Brand>,
    #[serde(default)]
    pub total_count: i64,
    #[serde(default)]
    pub next_page_token: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WarehouseAddress {
    pub region: String,
    pub state: String,
    pub city: String,
    /// Spelt as the marketplace spells it.
    pub distict: String,
    pub town: String,
    pub contact_person: String,
    pub postal_code: String,
    pub full_address: String,
    pub region_code: String,
    pub phone_number: String,
    pub address_line1: String,
    pub address_line2: String,
    pub address_line3: String,
    pub address_line4: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Warehouse {
    pub id: String,
    pub name: String,
    /// `ENABLED`, `DISABLED`, `RESTRICTED`.
    #[serde(default)]
    pub effect_status: String,
    /// `SALES_WAREHOUSE` or `RETURN_WAREHOUSE`; SKU inventory names a sales warehouse.
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub sub_type: String,
    #[serde(default)]
    pub is_default: bool,
    #[serde(default)]
    pub address: WarehouseAddress,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UploadedImage {
    /// Goes in product bodies (`main_images[].uri`, `sku_img.uri`).
    pub uri: String,
    /// Goes inside description HTML.
    pub url: String,
    #[serde(default)]
    pub width: u32,
    #[serde(default)]
    pub height: u32,
    #[serde(default)]
    pub use_case: String,
}

#[derive(Deserialize)]
struct Categories {
    #[serde(default)]
    categories: Vec<Category>,
}

#[derive(Deserialize)]
struct Attributes {
    #[serde(default)]
    attributes: Vec<CategoryAttribute>,
}

#[derive(Deserialize)]
struct Warehouses {
    #[serde(default)]
    warehouses: Vec<Warehouse>,
}

#[derive(Deserialize)]
struct CreatedBrand {
    id: String,
}

impl TiktokClient {
    /// The category tree as a flat list (children point at `parent_id`).
    pub async fn categories(
        &self,
        shop: &ShopAuth,
        q: &CategoryQuery,
    ) -> Result<Vec<Category>, TiktokError> {
        let req = ApiRequest::new(Method::GET, "/product/202309/categories")
            .shop(&shop.access_token, &shop.shop_cipher)
            .query_opt("locale", q.locale.as_ref())
            .query_opt("keyword", q.keyword.as_ref())
            .query_opt("category_version", q.category_version.as_ref())
            .query_opt("listing_platform", q.listing_platform.as_ref())
            .query_opt(
                "include_prohibited_categories",
                q.include_prohibited_categories,
            );
        let out: Categories = self.call(req).await?;
        Ok(out.categories)
    }

    pub async fn category_attributes(
        &self,
        shop: &ShopAuth,
        category_id: &str,
        locale: Option<&str>,
        category_version: Option<&str>,
    ) -> Result<Vec<CategoryAttribute>, TiktokError> {
        let req = ApiRequest::new(
            Method::GET,
            format!("/product/202309/categories/{category_id}/attributes"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .query_opt("locale", locale)
        .query_opt("category_version", category_version);
        let out: Attributes = self.call(req).await?;
        Ok(out.attributes)
    }

    /// What the category requires beyond attributes: package dimensions, a size chart,
    /// certifications.
    pub async fn category_rules(
        &self,
        shop: &ShopAuth,
        category_id: &str,
        category_version: Option<&str>,
    ) -> Result<CategoryRules, TiktokError> {
        let req = ApiRequest::new(
            Method::GET,
            format!("/product/202309/categories/{category_id}/rules"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .query("locale", "en-US")
        .query_opt("category_version", category_version);
        self.call(req).await
    }

    /// One page of brands (`page.page_size` is required by the marketplace, at most 100).
    pub async fn brands(
        &self,
        shop: &ShopAuth,
        q: &BrandQuery,
        page: &Page,
    ) -> Result<BrandPage, TiktokError> {
        let req = ApiRequest::new(Method::GET, "/product/202309/brands")
            .shop(&shop.access_token, &shop.shop_cipher)
            .query("page_size", page.page_size)
            .query_opt("page_token", page.token())
            .query_opt("category_id", q.category_id.as_ref())
            .query_opt("is_authorized", q.is_authorized)
            .query_opt("brand_name", q.brand_name.as_ref())
            .query_opt("category_version", q.category_version.as_ref());
        self.call(req).await
    }

    /// Creates a custom brand (seller-level: no `shop_cipher`); answers the brand id.
    pub async fn create_brand(
        &self,
        access_token: &str,
        name: &str,
    ) -> Result<String, TiktokError> {
        let req = ApiRequest::new(Method::POST, "/product/202309/brands")
            .token(access_token)
            .json(&serde_json::json!({ "name": name }))?;
        let out: CreatedBrand = self.call(req).await?;
        Ok(out.id)
    }

    pub async fn warehouses(&self, shop: &ShopAuth) -> Result<Vec<Warehouse>, TiktokError> {
        let req = ApiRequest::new(Method::GET, "/logistics/202309/warehouses")
            .shop(&shop.access_token, &shop.shop_cipher);
        let out: Warehouses = self.call(req).await?;
        Ok(out.warehouses)
    }

    /// Uploads an image (multipart, body unsigned, no `shop_cipher`). `use_case` is one of
    /// `MAIN_IMAGE`, `ATTRIBUTE_IMAGE`, `DESCRIPTION_IMAGE`, `CERTIFICATION_IMAGE`,
    /// `SIZE_CHART_IMAGE`.
    pub async fn upload_image(
        &self,
        access_token: &str,
        bytes: Vec<u8>,
        file_name: &str,
        use_case: &str,
    ) -> Result<UploadedImage, TiktokError> {
        let mut req =
            ApiRequest::new(Method::POST, "/product/202309/images/upload").token(access_token);
        req.body = Body::Multipart {
            file: bytes,
            file_name: file_name.to_string(),
            fields: vec![("use_case".into(), use_case.to_string())],
        };
        // Uploading the same picture twice only leaves an unused copy behind.
        self.call(req.retry(Retry::Always)).await
    }
}
