//! TikTok Shop Open API client (versioned API, 202309 and later).
//!
//! Requests are signed as the marketplace specifies, carry the access token in
//! `x-tts-access-token` and `shop_cipher` on shop-scoped calls, are rate limited per shop, and
//! are retried on 429/5xx/timeouts within bounds. Failures come back as [`TiktokError`], which
//! tells a permanent rejection (with the marketplace's message) from "retry later".
//! Credentials are plain strings here; storing them encrypted is the caller's job.

mod auth;
mod catalog;
mod client;
mod error;
mod finance;
mod orders;
mod products;
mod promotions;
mod shipping;
pub mod signing;
mod webhook;

pub use auth::{AuthorizedShop, TokenSet};
pub use catalog::{
    AttributeValue, Brand, BrandPage, BrandQuery, Category, CategoryAttribute, CategoryQuery,
    CategoryRules, RequirementCondition, RuleFlag, UploadedImage, Warehouse, WarehouseAddress,
};
pub use client::{TiktokClient, TiktokConfig, install_tls_provider};
pub use error::{TiktokError, codes};
pub use finance::{
    FeeTaxBreakdown, Fees, OrderTransactions, RevenueBreakdown, ShippingCostBreakdown,
    SkuTransaction, Taxes,
};
pub use orders::{
    DistrictInfo, LineItem, Order, OrderPage, OrderSearch, OrderSort, PackageRef, Payment,
    RecipientAddress,
};
pub use products::{
    AttributeValueInput, AttributeValueRef, Audit, AuditFailedReason, BatchResult, BrandRef,
    CategoryChainItem, IdentifierCode, ImageUri, Inventory, ItemError, Money, PackageDimensions,
    PackageWeight, ProductAttribute, ProductAttributeInput, ProductDetail, ProductImage,
    ProductInput, ProductPage, ProductSearch, ProductSummary, ProductWrite, SalesAttribute,
    SalesAttributeInput, SalesAttributeRef, SkuDetail, SkuInput, SkuPrice, SkuSummary, Warning,
    WrittenSku,
};
pub use promotions::{
    ActivityChanged, ActivityCreated, ActivityDetail, ActivityInput, ActivityPage,
    ActivityProductInput, ActivitySearch, ActivitySkuInput, ActivitySummary, ActivityUpdate,
    ParticipationLimit,
};
pub use shipping::{
    MarkShipped, PackageDetail, PackageOrder, ShipOutcome, ShippingProvider,
    match_shipping_provider,
};
pub use webhook::{
    Notification, ORDER_STATUS_CHANGE, ORDER_STATUS_CHANGE_TYPE, OrderStatusChange, Webhook,
    verify_webhook, webhook_signature,
};

/// What addresses one shop: the seller's access token and the shop's cipher.
#[derive(Clone, PartialEq, Eq)]
pub struct ShopAuth {
    pub access_token: String,
    pub shop_cipher: String,
}

impl ShopAuth {
    pub fn new(access_token: impl Into<String>, shop_cipher: impl Into<String>) -> ShopAuth {
        ShopAuth {
            access_token: access_token.into(),
            shop_cipher: shop_cipher.into(),
        }
    }
}

impl std::fmt::Debug for ShopAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The token stays out of logs.
        f.debug_struct("ShopAuth")
            .field("shop_cipher", &self.shop_cipher)
            .finish_non_exhaustive()
    }
}

/// A cursor page request: `page_size` (at most 100) and the token of the previous answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    pub page_size: u32,
    pub page_token: Option<String>,
}

impl Page {
    pub fn first(page_size: u32) -> Page {
        Page {
            page_size: page_size.clamp(1, 100),
            page_token: None,
        }
    }

    pub fn next(&self, token: String) -> Page {
        Page {
            page_size: self.page_size,
            page_token: Some(token),
        }
    }

    fn token(&self) -> Option<&str> {
        self.page_token.as_deref().filter(|t| !t.is_empty())
    }
}
