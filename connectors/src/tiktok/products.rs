//! Products: create, full and partial edit, delete, activate/deactivate, search, detail.
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::client::{ApiRequest, Retry, TiktokClient};
use super::error::TiktokError;
use super::{Page, ShopAuth};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Money {
    /// A decimal string, e.g. `"19.99"`, tax excluded.
    pub amount: String,
    pub currency: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inventory {
    pub warehouse_id: String,
    pub quantity: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImageUri {
    pub uri: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PackageWeight {
    pub value: String,
    /// `KILOGRAM` (with `CENTIMETER`) or `POUND` (with `INCH`, US only).
    pub unit: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PackageDimensions {
    pub length: String,
    pub width: String,
    pub height: String,
    pub unit: String,
}

/// A variant axis value: by id, or by name for custom values.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SalesAttributeInput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sku_img: Option<ImageUri>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IdentifierCode {
    pub code: String,
    /// `GTIN`, `EAN`, `UPC`, `ISBN`.
    #[serde(rename = "type")]
    pub kind: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SkuInput {
    /// Set on edits to keep an existing SKU; SKUs left out of a full edit are deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seller_sku: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external_sku_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_price: Option<Money>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inventory: Option<Vec<Inventory>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sales_attributes: Option<Vec<SalesAttributeInput>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identifier_code: Option<IdentifierCode>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AttributeValueInput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ProductAttributeInput {
    pub id: String,
    pub values: Vec<AttributeValueInput>,
}

/// The body of create, full edit and partial edit. A partial edit sends only what changes;
/// create and full edit send everything (a full edit replaces the product).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ProductInput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// HTML, a small set of tags, at most 10,000 characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A leaf category.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brand_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category_version: Option<String>,
    /// `LISTING` (default: goes to audit, then live) or `AS_DRAFT`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub save_mode: Option<String>,
    /// Makes a create safe to repeat: the same key answers the product created first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idempotency_key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external_product_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub main_images: Option<Vec<ImageUri>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skus: Option<Vec<SkuInput>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_attributes: Option<Vec<ProductAttributeInput>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package_weight: Option<PackageWeight>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub package_dimensions: Option<PackageDimensions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_chart: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listing_platforms: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_cod_allowed: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SalesAttributeRef {
    pub id: String,
    pub value_id: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WrittenSku {
    pub id: String,
    #[serde(default)]
    pub seller_sku: String,
    #[serde(default)]
    pub external_sku_id: String,
    #[serde(default)]
    pub sales_attributes: Vec<SalesAttributeRef>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Warning {
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Audit {
    /// `AUDITING`, `REJECTED`, `APPROVED`/`PASSED`.
    pub status: String,
}

/// The answer to create and edits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProductWrite {
    pub product_id: String,
    #[serde(default)]
    pub skus: Vec<WrittenSku>,
    #[serde(default)]
    pub warnings: Vec<Warning>,
    #[serde(default)]
    pub audit: Option<Audit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ItemError {
    pub code: i64,
    pub message: String,
    #[serde(default)]
    pub detail: Value,
}

/// Batch writes answer success overall and list the items refused.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BatchResult {
    #[serde(default)]
    pub errors: Vec<ItemError>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ProductSearch {
    /// `ALL`, `DRAFT`, `PENDING`, `FAILED`, `ACTIVATE`, `SELLER_DEACTIVATED`,
    /// `PLATFORM_DEACTIVATED`, `FREEZE`, `DELETED`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// At most 10.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub seller_skus: Vec<String>,
    /// At most 10.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub sku_ids: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub create_time_ge: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub create_time_le: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_time_ge: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_time_le: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category_version: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SkuPrice {
    pub tax_exclusive_price: String,
    pub sale_price: String,
    pub currency: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkuSummary {
    pub id: String,
    #[serde(default)]
    pub seller_sku: String,
    #[serde(default)]
    pub price: SkuPrice,
    #[serde(default)]
    pub inventory: Vec<Inventory>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProductSummary {
    pub id: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub skus: Vec<SkuSummary>,
    #[serde(default)]
    pub sales_regions: Vec<String>,
    #[serde(default)]
    pub create_time: i64,
    #[serde(default)]
    pub update_time: i64,
    #[serde(default)]
    pub is_not_for_sale: bool,
    #[serde(default)]
    pub audit: Option<Audit>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProductPage {
    #[serde(default)]
    pub products: Vec<ProductSummary>,
    #[serde(default)]
    pub total_count: i64,
    /// Empty on the last page.
    #[serde(default)]
    pub next_page_token: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CategoryChainItem {
    pub id: String,
    #[serde(default)]
    pub parent_id: String,
    #[serde(default)]
    pub local_name: String,
    #[serde(default)]
    pub is_leaf: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BrandRef {
    pub id: String,
    #[serde(default)]
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProductImage {
    pub uri: String,
    pub urls: Vec<String>,
    pub thumb_urls: Vec<String>,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SalesAttribute {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub value_id: String,
    #[serde(default)]
    pub value_name: String,
    #[serde(default)]
    pub sku_img: Option<ProductImage>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SkuDetail {
    pub id: String,
    #[serde(default)]
    pub seller_sku: String,
    #[serde(default)]
    pub price: SkuPrice,
    #[serde(default)]
    pub inventory: Vec<Inventory>,
    #[serde(default)]
    pub sales_attributes: Vec<SalesAttribute>,
    #[serde(default)]
    pub external_sku_id: String,
    #[serde(default)]
    pub identifier_code: Option<IdentifierCode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttributeValueRef {
    pub id: String,
    #[serde(default)]
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProductAttribute {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub values: Vec<AttributeValueRef>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AuditFailedReason {
    pub position: String,
    pub reasons: Vec<String>,
    pub suggestions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProductDetail {
    pub id: String,
    /// See [`ProductSearch::status`].
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub category_chains: Vec<CategoryChainItem>,
    #[serde(default)]
    pub brand: Option<BrandRef>,
    #[serde(default)]
    pub main_images: Vec<ProductImage>,
    #[serde(default)]
    pub skus: Vec<SkuDetail>,
    #[serde(default)]
    pub product_attributes: Vec<ProductAttribute>,
    #[serde(default)]
    pub package_weight: Option<PackageWeight>,
    #[serde(default)]
    pub package_dimensions: Option<PackageDimensions>,
    #[serde(default)]
    pub audit: Option<Audit>,
    /// Why the audit failed, for showing to the seller.
    #[serde(default)]
    pub audit_failed_reasons: Vec<AuditFailedReason>,
    #[serde(default)]
    pub create_time: i64,
    #[serde(default)]
    pub update_time: i64,
    #[serde(default)]
    pub external_product_id: String,
    #[serde(default)]
    pub listing_quality_tier: Option<String>,
    #[serde(default)]
    pub is_cod_allowed: bool,
}

impl ProductDetail {
    /// The reasons of a failed audit, one line each, as a listing error message.
    pub fn audit_failure_message(&self) -> Option<String> {
        let lines: Vec<String> = self
            .audit_failed_reasons
            .iter()
            .flat_map(|r| {
                r.reasons
                    .iter()
                    .map(move |reason| format!("{}: {reason}", r.position))
            })
            .collect();
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

#[derive(Serialize)]
struct ProductIds<'a> {
    product_ids: &'a [String],
}

impl TiktokClient {
    /// Creates a product. With `idempotency_key` set the call is retried on 5xx and timeouts,
    /// and a repeat answers the product created first; without it only throttling is retried.
    pub async fn create_product(
        &self,
        shop: &ShopAuth,
        product: &ProductInput,
    ) -> Result<ProductWrite, TiktokError> {
        let retry = if product
            .idempotency_key
            .as_deref()
            .is_some_and(|k| !k.is_empty())
        {
            Retry::Always
        } else {
            Retry::ThrottleOnly
        };
        let req = ApiRequest::new(Method::POST, "/product/202309/products")
            .shop(&shop.access_token, &shop.shop_cipher)
            .json(product)?
            .retry(retry);
        self.call(req).await
    }

    /// Replaces the product; SKUs left out are deleted.
    pub async fn edit_product(
        &self,
        shop: &ShopAuth,
        product_id: &str,
        product: &ProductInput,
    ) -> Result<ProductWrite, TiktokError> {
        let req = ApiRequest::new(
            Method::PUT,
            format!("/product/202309/products/{product_id}"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .json(product)?;
        self.call(req).await
    }

    /// Changes only the fields set in `changes`.
    pub async fn partial_edit_product(
        &self,
        shop: &ShopAuth,
        product_id: &str,
        changes: &ProductInput,
    ) -> Result<ProductWrite, TiktokError> {
        let req = ApiRequest::new(
            Method::POST,
            format!("/product/202309/products/{product_id}/partial_edit"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .json(changes)?;
        self.call(req).await
    }

    /// Deletes up to 20 products; refused ones are listed in the result.
    pub async fn delete_products(
        &self,
        shop: &ShopAuth,
        product_ids: &[String],
    ) -> Result<BatchResult, TiktokError> {
        self.product_batch(
            shop,
            Method::DELETE,
            "/product/202309/products",
            product_ids,
        )
        .await
    }

    pub async fn activate_products(
        &self,
        shop: &ShopAuth,
        product_ids: &[String],
    ) -> Result<BatchResult, TiktokError> {
        self.product_batch(
            shop,
            Method::POST,
            "/product/202309/products/activate",
            product_ids,
        )
        .await
    }

    pub async fn deactivate_products(
        &self,
        shop: &ShopAuth,
        product_ids: &[String],
    ) -> Result<BatchResult, TiktokError> {
        self.product_batch(
            shop,
            Method::POST,
            "/product/202309/products/deactivate",
            product_ids,
        )
        .await
    }

    async fn product_batch(
        &self,
        shop: &ShopAuth,
        method: Method,
        path: &str,
        ids: &[String],
    ) -> Result<BatchResult, TiktokError> {
        let req = ApiRequest::new(method, path)
            .shop(&shop.access_token, &shop.shop_cipher)
            .json(&ProductIds { product_ids: ids })?;
        self.call(req).await
    }

    /// One page of the shop's products.
    pub async fn search_products(
        &self,
        shop: &ShopAuth,
        filter: &ProductSearch,
        page: &Page,
    ) -> Result<ProductPage, TiktokError> {
        let req = ApiRequest::new(Method::POST, "/product/202502/products/search")
            .shop(&shop.access_token, &shop.shop_cipher)
            .query("page_size", page.page_size)
            .query_opt("page_token", page.token())
            .json(filter)?;
        self.call(req).await
    }

    /// Every product matching `filter`, walking all pages.
    pub async fn search_all_products(
        &self,
        shop: &ShopAuth,
        filter: &ProductSearch,
    ) -> Result<Vec<ProductSummary>, TiktokError> {
        let mut page = Page::first(100);
        let mut out = Vec::new();
        loop {
            let result = self.search_products(shop, filter, &page).await?;
            out.extend(result.products);
            if result.next_page_token.is_empty() {
                return Ok(out);
            }
            page = page.next(result.next_page_token);
        }
    }

    pub async fn product_detail(
        &self,
        shop: &ShopAuth,
        product_id: &str,
    ) -> Result<ProductDetail, TiktokError> {
        let req = ApiRequest::new(
            Method::GET,
            format!("/product/202309/products/{product_id}"),
        )
        .shop(&shop.access_token, &shop.shop_cipher);
        self.call(req).await
    }
}
