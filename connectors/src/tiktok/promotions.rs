//! Promotion activities (flash sales): create, update, add/update and remove products,
//! deactivate, get, search.
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ShopAuth;
use super::client::{ApiRequest, Retry, TiktokClient};
use super::error::TiktokError;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParticipationLimit {
    /// `BUYER_NO_LIMIT` or `BUYER_LIMIT_ONLY_ONE`.
    #[serde(rename = "type")]
    pub kind: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivityInput {
    /// At most 50 characters, unique in the shop.
    pub title: String,
    /// `FIXED_PRICE`, `DIRECT_DISCOUNT`, `FLASHSALE`; cannot change after creation.
    pub activity_type: String,
    /// Unix seconds, in the future.
    pub begin_time: i64,
    /// At least 10 minutes after `begin_time`, less than 365 days.
    pub end_time: i64,
    /// `PRODUCT` or `VARIATION`.
    pub product_level: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participation_limit: Option<Vec<ParticipationLimit>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount: Option<Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivityUpdate {
    pub title: String,
    pub begin_time: i64,
    pub end_time: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participation_limit: Option<Vec<ParticipationLimit>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount: Option<Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivitySkuInput {
    pub id: String,
    /// FIXED_PRICE and FLASHSALE.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activity_price_amount: Option<String>,
    /// DIRECT_DISCOUNT: percent off, `"10"` = 10 %.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount: Option<String>,
    /// `-1` = unlimited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity_limit: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity_per_user: Option<i64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivityProductInput {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activity_price_amount: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity_limit: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quantity_per_user: Option<i64>,
    /// Empty at `PRODUCT` level, filled at `VARIATION` level.
    #[serde(default)]
    pub skus: Vec<ActivitySkuInput>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityCreated {
    pub activity_id: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub create_time: i64,
    #[serde(default)]
    pub update_time: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityChanged {
    pub activity_id: String,
    #[serde(default)]
    pub title: String,
    /// `DRAFT`, `NOT_START`, `ONGOING`, `EXPIRED`, `DEACTIVATED`, `NOT_EFFECTIVE`.
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub update_time: i64,
    #[serde(default)]
    pub total_count: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivitySummary {
    /// Search items say `id` where other answers say `activity_id`.
    pub id: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub activity_type: String,
    #[serde(default)]
    pub begin_time: i64,
    #[serde(default)]
    pub end_time: i64,
    #[serde(default)]
    pub product_level: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub create_time: i64,
    #[serde(default)]
    pub update_time: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityDetail {
    pub activity_id: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub activity_type: String,
    #[serde(default)]
    pub begin_time: i64,
    #[serde(default)]
    pub end_time: i64,
    #[serde(default)]
    pub product_level: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub products: Vec<Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ActivitySearch {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activity_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activity_title: Option<String>,
    /// At most 100 (50 when unset). Activities page in the body, not the query.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_size: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page_token: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivityPage {
    #[serde(default)]
    pub activities: Vec<ActivitySummary>,
    #[serde(default)]
    pub total_count: i64,
    #[serde(default)]
    pub next_page_token: String,
}

#[derive(Serialize)]
struct ProductsBody<'a> {
    activity_id: &'a str,
    products: &'a [ActivityProductInput],
}

#[derive(Serialize)]
struct RemoveBody<'a> {
    product_ids: &'a [String],
    sku_ids: &'a [String],
}

impl TiktokClient {
    /// Creates an activity. There is no idempotency key here, so a 5xx is not retried (the
    /// activity may exist): search by title before creating again.
    pub async fn create_activity(
        &self,
        shop: &ShopAuth,
        activity: &ActivityInput,
    ) -> Result<ActivityCreated, TiktokError> {
        let req = ApiRequest::new(Method::POST, "/promotion/202309/activities")
            .shop(&shop.access_token, &shop.shop_cipher)
            .json(activity)?
            .retry(Retry::ThrottleOnly);
        self.call(req).await
    }

    pub async fn update_activity(
        &self,
        shop: &ShopAuth,
        activity_id: &str,
        update: &ActivityUpdate,
    ) -> Result<ActivityChanged, TiktokError> {
        let req = ApiRequest::new(
            Method::PUT,
            format!("/promotion/202309/activities/{activity_id}"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .json(update)?;
        self.call(req).await
    }

    /// Adds products to the activity, or updates the ones already in it.
    pub async fn update_activity_products(
        &self,
        shop: &ShopAuth,
        activity_id: &str,
        products: &[ActivityProductInput],
    ) -> Result<ActivityChanged, TiktokError> {
        let req = ApiRequest::new(
            Method::PUT,
            format!("/promotion/202309/activities/{activity_id}/products"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .json(&ProductsBody {
            activity_id,
            products,
        })?;
        self.call(req).await
    }

    pub async fn remove_activity_products(
        &self,
        shop: &ShopAuth,
        activity_id: &str,
        product_ids: &[String],
        sku_ids: &[String],
    ) -> Result<ActivityChanged, TiktokError> {
        let req = ApiRequest::new(
            Method::DELETE,
            format!("/promotion/202309/activities/{activity_id}/products"),
        )
        .shop(&shop.access_token, &shop.shop_cipher)
        .json(&RemoveBody {
            product_ids,
            sku_ids,
        })?;
        self.call(req).await
    }

    pub async fn deactivate_activity(
        &self,
        shop: &ShopAuth,
        activity_id: &str,
    ) -> Result<ActivityChanged, TiktokError> {
        let req = ApiRequest::new(
            Method::POST,
            format!("/promotion/202309/activities/{activity_id}/deactivate"),
        )
        .shop(&shop.access_token, &shop.shop_cipher);
        self.call(req).await
    }

    pub async fn activity(
        &self,
        shop: &ShopAuth,
        activity_id: &str,
    ) -> Result<ActivityDetail, TiktokError> {
        let req = ApiRequest::new(
            Method::GET,
            format!("/promotion/202309/activities/{activity_id}"),
        )
        .shop(&shop.access_token, &shop.shop_cipher);
        self.call(req).await
    }

    pub async fn search_activities(
        &self,
        shop: &ShopAuth,
        search: &ActivitySearch,
    ) -> Result<ActivityPage, TiktokError> {
        let req = ApiRequest::new(Method::POST, "/promotion/202309/activities/search")
            .shop(&shop.access_token, &shop.shop_cipher)
            .json(search)?;
        self.call(req).await
    }
}
