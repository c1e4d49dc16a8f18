//! Items through the `MP_ITEM` feed, feed status with per-item ingestion errors, item read and
//! retire.
//!
//! Creating is idempotent by SKU: `MP_ITEM` is an upsert keyed by the seller's SKU, so a feed
//! sent twice (after a lost answer, a retried job) still leaves one item. Walmart has no
//! idempotency key for feeds; the caller keeps the `feedId` it got and polls it, and may look
//! the SKU up with [`WalmartClient::item`] before submitting again.
use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::client::{Api, Req, WalmartClient, WalmartCredentials};
use super::error::WalmartError;

/// The spec version sent in `MPItemFeedHeader` (it changes often: reference ⚠️).
pub const MP_ITEM_SPEC_VERSION: &str = "4.8";

/// One item of an `MP_ITEM` feed.
#[derive(Debug, Clone, PartialEq)]
pub struct MpItem {
    pub sku: String,
    /// `GTIN`, `UPC`, `EAN` or `ISBN`.
    pub product_id_type: String,
    pub product_id: String,
    pub product_name: String,
    pub brand: String,
    pub price_cents: i64,
    pub shipping_weight_lb: f64,
    /// The `Visible` category (`Clothing`, …) and its item spec (`shortDescription`,
    /// `mainImageUrl`, `color`, `clothingSize`, `gender`, …).
    pub category: String,
    pub spec: Map<String, Value>,
}

impl MpItem {
    fn to_json(&self) -> Value {
        let mut visible = Map::new();
        visible.insert(self.category.clone(), Value::Object(self.spec.clone()));
        json!({
            "Orderable": {
                "sku": self.sku,
                "productIdentifiers": { "productIdType": self.product_id_type, "productId": self.product_id },
                "productName": self.product_name,
                "brand": self.brand,
                "price": self.price_cents as f64 / 100.0,
                "ShippingWeight": self.shipping_weight_lb,
            },
            "Visible": visible,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum FeedState {
    Received,
    Inprogress,
    Processed,
    Error,
    #[serde(other)]
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum IngestionStatus {
    Success,
    DataError,
    SystemError,
    TimeoutError,
    Inprogress,
    #[serde(other)]
    Other,
}

/// An ingestion error, naming the field a seller fixes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct IngestionError {
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub field: Option<String>,
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemIngestion {
    pub sku: String,
    pub index: Option<u64>,
    pub wpid: Option<String>,
    pub status: IngestionStatus,
    pub errors: Vec<IngestionError>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedStatus {
    pub feed_id: String,
    pub status: FeedState,
    pub items_received: u64,
    pub items_succeeded: u64,
    pub items_failed: u64,
    pub items_processing: u64,
    /// Errors of the feed as a whole (an unreadable file).
    pub errors: Vec<IngestionError>,
    pub items: Vec<ItemIngestion>,
}

impl FeedStatus {
    /// Whether ingestion has ended (each item then has its final status).
    pub fn is_done(&self) -> bool {
        matches!(self.status, FeedState::Processed | FeedState::Error)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FeedStatusWire {
    feed_id: String,
    feed_status: FeedState,
    #[serde(default)]
    items_received: u64,
    #[serde(default)]
    items_succeeded: u64,
    #[serde(default)]
    items_failed: u64,
    #[serde(default)]
    items_processing: u64,
    #[serde(default)]
    ingestion_errors: Option<ErrorsWire>,
    #[serde(default)]
    item_details: Option<DetailsWire>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ErrorsWire {
    #[serde(default)]
    ingestion_error: Vec<IngestionError>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DetailsWire {
    #[serde(default)]
    item_ingestion_status: Vec<ItemWire>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ItemWire {
    #[serde(default)]
    sku: String,
    #[serde(default)]
    index: Option<u64>,
    #[serde(default)]
    wpid: Option<String>,
    ingestion_status: IngestionStatus,
    #[serde(default)]
    ingestion_errors: Option<ErrorsWire>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FeedId {
    feed_id: String,
}

/// An item as `GET /v3/items/{sku}` shows it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    pub sku: String,
    #[serde(default)]
    pub wpid: Option<String>,
    #[serde(default)]
    pub gtin: Option<String>,
    #[serde(default)]
    pub product_name: Option<String>,
    #[serde(default)]
    pub published_status: Option<String>,
    #[serde(default)]
    pub lifecycle_status: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct ItemResponse {
    #[serde(default)]
    item_response: Vec<Item>,
}

/// Details fetched per status call.
const DETAILS_PAGE: u64 = 1000;

fn sku_segment(sku: &str) -> String {
    url::form_urlencoded::byte_serialize(sku.as_bytes())
        .collect::<String>()
        .replace('+', "%20")
}

impl WalmartClient {
    /// Submits items as one `MP_ITEM` feed (at most 10,000) and answers its `feedId`.
    pub async fn submit_items(
        &self,
        creds: &WalmartCredentials,
        items: &[MpItem],
    ) -> Result<String, WalmartError> {
        if items.is_empty() || items.len() > 10_000 {
            return Err(WalmartError::Config(format!(
                "an MP_ITEM feed holds 1 to 10000 items, not {}",
                items.len()
            )));
        }
        let feed = json!({
            "MPItemFeedHeader": {
                "version": MP_ITEM_SPEC_VERSION,
                "sellingChannel": "marketplace",
                "processMode": "REPLACE",
                "subset": "EXTERNAL",
                "locale": "en",
            },
            "MPItem": items.iter().map(MpItem::to_json).collect::<Vec<_>>(),
        });
        let req = Req::new(Method::POST, "/v3/feeds", Api::SubmitFeed)
            .query("feedType", "MP_ITEM")
            .json(&feed)?;
        let id: FeedId = self.call(creds, req).await?;
        Ok(id.feed_id)
    }

    /// The feed's status with every item's ingestion result.
    pub async fn feed_status(
        &self,
        creds: &WalmartCredentials,
        feed_id: &str,
    ) -> Result<FeedStatus, WalmartError> {
        let mut offset = 0u64;
        let mut status: Option<FeedStatus> = None;
        loop {
            let req = Req::new(
                Method::GET,
                format!("/v3/feeds/{}", sku_segment(feed_id)),
                Api::FeedStatus,
            )
            .query("includeDetails", "true")
            .query("offset", offset)
            .query("limit", DETAILS_PAGE);
            let wire: FeedStatusWire = self.call(creds, req).await?;
            let items: Vec<ItemIngestion> = wire
                .item_details
                .map(|d| d.item_ingestion_status)
                .unwrap_or_default()
                .into_iter()
                .map(|i| ItemIngestion {
                    sku: i.sku,
                    index: i.index,
                    wpid: i.wpid,
                    status: i.ingestion_status,
                    errors: i
                        .ingestion_errors
                        .map(|e| e.ingestion_error)
                        .unwrap_or_default(),
                })
                .collect();
            let got = items.len() as u64;
            let s = status.get_or_insert_with(|| FeedStatus {
                feed_id: wire.feed_id.clone(),
                status: wire.feed_status,
                items_received: wire.items_received,
                items_succeeded: wire.items_succeeded,
                items_failed: wire.items_failed,
                items_processing: wire.items_processing,
                errors: wire
                    .ingestion_errors
                    .map(|e| e.ingestion_error)
                    .unwrap_or_default(),
                items: Vec::new(),
            });
            s.items.extend(items);
            offset += got;
            if got < DETAILS_PAGE || offset >= s.items_received {
                break;
            }
        }
        status.ok_or_else(|| WalmartError::Protocol("feed status without an answer".into()))
    }

    /// The item with this SKU; `None` when Walmart has none.
    pub async fn item(
        &self,
        creds: &WalmartCredentials,
        sku: &str,
    ) -> Result<Option<Item>, WalmartError> {
        let req = Req::new(
            Method::GET,
            format!("/v3/items/{}", sku_segment(sku)),
            Api::Items,
        );
        match self.call::<ItemResponse>(creds, req).await {
            Ok(r) => Ok(r.item_response.into_iter().next()),
            Err(WalmartError::NotFound { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Retires an item (it leaves the catalogue within 48 hours). Retiring twice is harmless.
    pub async fn retire_item(
        &self,
        creds: &WalmartCredentials,
        sku: &str,
    ) -> Result<(), WalmartError> {
        let req = Req::new(
            Method::DELETE,
            format!("/v3/items/{}", sku_segment(sku)),
            Api::Items,
        );
        self.call::<Value>(creds, req).await.map(|_| ())
    }
}
