//! Orders: search with cursor pages, and detail by ids.
use reqwest::Method;
use serde::{Deserialize, Serialize};

use super::client::{ApiRequest, TiktokClient};
use super::error::TiktokError;
use super::{Page, ShopAuth};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OrderSearch {
    /// `UNPAID`, `ON_HOLD`, `AWAITING_SHIPMENT`, `PARTIALLY_SHIPPING`, `AWAITING_COLLECTION`,
    /// `IN_TRANSIT`, `DELIVERED`, `COMPLETED`, `CANCELLED`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub create_time_ge: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub create_time_lt: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_time_ge: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub update_time_lt: Option<i64>,
    /// `TIKTOK` or `SELLER`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipping_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buyer_user_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_buyer_request_cancel: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub warehouse_ids: Vec<String>,
}

/// Sorting of an order search: `create_time` or `update_time`, ascending or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSort {
    pub field: String,
    pub ascending: bool,
}

impl Default for OrderSort {
    fn default() -> Self {
        OrderSort {
            field: "create_time".into(),
            ascending: false,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Payment {
    pub currency: String,
    pub sub_total: String,
    pub shipping_fee: String,
    pub seller_discount: String,
    pub platform_discount: String,
    pub total_amount: String,
    pub original_total_product_price: String,
    pub original_shipping_fee: String,
    pub tax: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DistrictInfo {
    pub address_level: String,
    pub address_level_name: String,
    pub address_name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecipientAddress {
    pub name: String,
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub full_address: String,
    pub address_line1: String,
    pub address_line2: String,
    pub address_line3: String,
    pub address_line4: String,
    pub address_detail: String,
    pub postal_code: String,
    pub region_code: String,
    pub district_info: Vec<DistrictInfo>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PackageRef {
    pub id: String,
}

/// One unit of a SKU: quantity 2 is two line items with the same `sku_id`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LineItem {
    pub id: String,
    pub product_id: String,
    pub product_name: String,
    pub sku_id: String,
    pub sku_name: String,
    pub seller_sku: String,
    pub sku_image: String,
    pub sale_price: String,
    pub original_price: String,
    pub platform_discount: String,
    pub seller_discount: String,
    pub currency: String,
    pub display_status: String,
    /// US lines have no package until they are shipped.
    pub package_id: String,
    pub package_status: String,
    pub tracking_number: String,
    pub shipping_provider_id: String,
    pub shipping_provider_name: String,
    /// When the line was shipped (Unix seconds); 0 before.
    pub rts_time: i64,
    pub is_gift: bool,
    pub cancel_reason: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Order {
    pub id: String,
    pub status: String,
    pub create_time: i64,
    pub update_time: i64,
    pub paid_time: i64,
    pub buyer_message: String,
    pub buyer_email: String,
    pub user_id: String,
    pub shipping_type: String,
    pub fulfillment_type: String,
    pub delivery_option_id: String,
    pub delivery_option_name: String,
    pub warehouse_id: String,
    pub tracking_number: String,
    pub shipping_provider: String,
    pub shipping_provider_id: String,
    pub is_cod: bool,
    pub is_sample_order: bool,
    pub is_on_hold_order: bool,
    pub is_replacement_order: bool,
    pub cancel_reason: String,
    pub cancellation_initiator: String,
    /// Ship-by time (Unix seconds): not `AWAITING_COLLECTION` by then is a late dispatch.
    /// 0 when the marketplace left it out (unpaid orders).
    pub rts_sla_time: i64,
    /// Collect-by time: not `IN_TRANSIT` by then is a late dispatch too.
    pub tts_sla_time: i64,
    pub delivery_sla_time: i64,
    /// Auto-cancel deadlines.
    pub shipping_due_time: i64,
    pub collection_due_time: i64,
    pub delivery_due_time: i64,
    pub rts_time: i64,
    pub collection_time: i64,
    pub delivery_time: i64,
    pub cancel_time: i64,
    pub packages: Vec<PackageRef>,
    pub payment: Payment,
    /// Hidden while the order is `UNPAID` or `ON_HOLD`.
    pub recipient_address: Option<RecipientAddress>,
    pub line_items: Vec<LineItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderPage {
    #[serde(default)]
    pub orders: Vec<Order>,
    #[serde(default)]
    pub total_count: i64,
    /// Empty on the last page.
    #[serde(default)]
    pub next_page_token: String,
}

#[derive(Deserialize)]
struct OrderList {
    #[serde(default)]
    orders: Vec<Order>,
}

impl TiktokClient {
    pub async fn search_orders(
        &self,
        shop: &ShopAuth,
        filter: &OrderSearch,
        sort: &OrderSort,
        page: &Page,
    ) -> Result<OrderPage, TiktokError> {
        let req = ApiRequest::new(Method::POST, "/order/202309/orders/search")
            .shop(&shop.access_token, &shop.shop_cipher)
            .query("page_size", page.page_size)
            .query_opt("page_token", page.token())
            .query("sort_field", &sort.field)
            .query("sort_order", if sort.ascending { "ASC" } else { "DESC" })
            .json(filter)?;
        self.call(req).await
    }

    /// Orders by id, at most 50 (sent comma-joined, as the marketplace signs them).
    pub async fn order_detail(
        &self,
        shop: &ShopAuth,
        ids: &[String],
    ) -> Result<Vec<Order>, TiktokError> {
        let req = ApiRequest::new(Method::GET, "/order/202309/orders")
            .shop(&shop.access_token, &shop.shop_cipher)
            .query("ids", ids.join(","));
        let list: OrderList = self.call(req).await?;
        Ok(list.orders)
    }
}
