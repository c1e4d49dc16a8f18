//! Orders as the marketplaces report them. `status` is Sellerdesk's workflow and is set from
//! the marketplace only when the order is first seen or the marketplace moves it to a final
//! state; `marketplace_status` is always what the marketplace said last.
use crate::time;

pub mod desk;
pub mod export;
pub mod sync;
pub mod timeline;

pub use sync::{count_of_shop, upsert};

/// One order from a marketplace, with amounts in cents.
#[derive(Debug, Clone, Default)]
pub struct MarketplaceOrder {
    pub external_id: String,
    pub marketplace_status: String,
    pub buyer_email: Option<String>,
    pub buyer_message: Option<String>,
    pub recipient_name: Option<String>,
    pub recipient_phone: Option<String>,
    pub recipient_address: Option<String>,
    pub recipient_address1: Option<String>,
    pub recipient_address2: Option<String>,
    pub recipient_postal_code: Option<String>,
    pub recipient_region_code: Option<String>,
    pub currency: String,
    pub total_cents: i64,
    pub shipping_type: Option<String>,
    pub tracking_number: Option<String>,
    pub shipping_provider: Option<String>,
    pub cancel_reason: Option<String>,
    pub ordered_at: time::Timestamp,
    pub paid_at: Option<time::Timestamp>,
    pub updated_at: time::Timestamp,
    pub items: Vec<MarketplaceOrderItem>,
}

#[derive(Debug, Clone, Default)]
pub struct MarketplaceOrderItem {
    pub external_id: String,
    pub product_name: String,
    pub sku_name: Option<String>,
    pub sku_image: Option<String>,
    pub sale_price_cents: i64,
    pub original_price_cents: i64,
    pub external_product_id: Option<String>,
    pub external_sku_id: Option<String>,
    pub seller_sku: Option<String>,
    pub display_status: Option<String>,
}

/// Where an order is in Sellerdesk's workflow.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr, strum::VariantArray,
)]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum OrderStatus {
    AwaitingDesign,
    AwaitingFulfillment,
    AwaitingShipment,
    Cancelled,
    Completed,
    Delivered,
    Fulfilled,
    InTransit,
    Refunded,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Sellerdesk's status for a TikTok order status. TikTok owns its list, so a status it
    /// adds later reads as an order still to fulfil, the state a seller looks at.
    pub fn of_tiktok(marketplace_status: &str) -> OrderStatus {
        match marketplace_status {
            "IN_TRANSIT" | "AWAITING_COLLECTION" | "PARTIALLY_SHIPPING" => OrderStatus::InTransit,
            "DELIVERED" => OrderStatus::Delivered,
            "COMPLETED" => OrderStatus::Completed,
            "CANCELLED" => OrderStatus::Cancelled,
            _ => OrderStatus::AwaitingFulfillment,
        }
    }

    /// The marketplace moved the order past Sellerdesk's workflow: its word wins over ours.
    pub(crate) fn is_final(self) -> bool {
        matches!(
            self,
            OrderStatus::InTransit
                | OrderStatus::Delivered
                | OrderStatus::Completed
                | OrderStatus::Cancelled
        )
    }
}
