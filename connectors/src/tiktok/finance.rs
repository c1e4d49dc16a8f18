//! Finance: what the marketplace settled for one order (statement transactions, 202501).
//!
//! Amounts are signed decimal strings (deductions negative) and are handed over as such:
//! reading them as money is the caller's business.
use reqwest::Method;
use serde::{Deserialize, Serialize};

use super::ShopAuth;
use super::client::{ApiRequest, TiktokClient};
use super::error::TiktokError;

/// An order's settled transactions. Empty `sku_transactions` while the order is not settled.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OrderTransactions {
    pub order_id: String,
    pub currency: String,
    pub revenue_amount: String,
    pub fee_and_tax_amount: String,
    pub shipping_cost_amount: String,
    pub settlement_amount: String,
    pub sku_transactions: Vec<SkuTransaction>,
}

impl OrderTransactions {
    pub fn is_settled(&self) -> bool {
        !self.sku_transactions.is_empty()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SkuTransaction {
    pub sku_id: String,
    pub quantity: i64,
    pub statement_id: String,
    pub settlement_amount: String,
    pub revenue_amount: String,
    pub revenue_breakdown: RevenueBreakdown,
    pub shipping_cost_amount: String,
    pub shipping_cost_breakdown: ShippingCostBreakdown,
    pub fee_tax_amount: String,
    pub fee_tax_breakdown: FeeTaxBreakdown,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RevenueBreakdown {
    pub subtotal_before_discount_amount: String,
    pub seller_discount_amount: String,
    /// Paid back to the buyer (negative).
    pub refund_subtotal_before_discount_amount: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShippingCostBreakdown {
    /// The label the marketplace bought for the seller (negative); none for seller shipping.
    pub actual_shipping_fee_amount: String,
    pub customer_paid_shipping_fee_amount: String,
    pub shipping_fee_discount_amount: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FeeTaxBreakdown {
    pub fee: Fees,
    pub tax: Taxes,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Fees {
    pub platform_commission_amount: String,
    /// The US name of the platform commission.
    pub referral_fee_amount: String,
    pub transaction_fee_amount: String,
    pub affiliate_commission_amount: String,
    pub affiliate_partner_commission_amount: String,
    pub affiliate_ads_commission_amount: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Taxes {
    pub sales_tax_amount: String,
}

impl TiktokClient {
    /// `GET /finance/202501/orders/{order_id}/statement_transactions`.
    pub async fn order_transactions(
        &self,
        shop: &ShopAuth,
        order_id: &str,
    ) -> Result<OrderTransactions, TiktokError> {
        let path = format!("/finance/202501/orders/{order_id}/statement_transactions");
        let req = ApiRequest::new(Method::GET, path).shop(&shop.access_token, &shop.shop_cipher);
        self.call(req).await
    }
}
