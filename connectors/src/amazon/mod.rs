//! Amazon Selling Partner API client: Login with Amazon (consent link, code exchange,
//! refresh), Sellers, Product Type Definitions, Listings Items 2021-08-01, Orders v0 with
//! Restricted Data Tokens, and shipment confirmation.
//!
//! Shaped like [`crate::tiktok`]: one [`AmazonClient`] per app (cheap to clone), a
//! [`SellerSession`] per seller call site, typed requests and answers, and [`AmazonError`]
//! whose [`AmazonError::disposition`] tells a job to retry, reschedule (a 429, with the
//! bucket's refill time, since Amazon sends no `Retry-After`) or stop.
//!
//! - Calls carry `x-amz-access-token`; the session's token is refreshed before it expires and
//!   once more if Amazon answers 403 "expired"; [`SellerSession::take_refreshed`] hands the new
//!   token to store.
//! - Rate limits are token buckets per (selling partner, operation), starting from the usage
//!   plan table and learning the rate from `x-amzn-RateLimit-Limit` on every reply; a 429
//!   empties the bucket for one refill. Calls wait for their slot instead of meeting 429s; a
//!   slot further away than `max_retry_wait` is not waited for: the call answers as a 429
//!   would, so a job reschedules instead of holding a worker.
//! - Retries: 429 and 5xx and transport failures, within `max_retries` and `max_retry_wait`.
//!   Every write is safe to repeat: listings are keyed by SKU (PUT replaces), and a repeated
//!   shipment confirmation is recognised as [`ShipmentOutcome::AlreadyShipped`].
//! - Buyer addresses only through a Restricted Data Token ([`OrderQuery::with_addresses`],
//!   [`AmazonClient::order_address`]).
//!
//! Assumptions (❓ in the reference): a new listing still processing has neither summaries nor
//! issues ([`ListingState::Processing`]); a repeated shipment confirmation is refused with 400.

mod client;
mod error;
mod listings;
mod orders;

pub use client::{AmazonClient, AmazonConfig, AmazonTokens, SellerSession, US_MARKETPLACE_ID};
pub use error::{AmazonError, SELLER_RETRY_LATER};
pub use listings::{
    IssueSeverity, Link, ListingIssue, ListingItem, ListingPatch, ListingPut, ListingRequirements,
    ListingState, ListingSubmission, ListingSummary, ProductTypeDefinition, ProductTypeSummary,
    SchemaLink, SubmissionStatus, text_attribute, value_attribute,
};
pub use orders::{
    Address, Money, Order, OrderItem, OrderQuery, OrderSince, OrderStatus, OrdersPage,
    RestrictedDataToken, RestrictedResource, ShipmentConfirmation, ShipmentOutcome,
};

/// A seller's marketplace, from `getMarketplaceParticipations`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MarketplaceParticipation {
    pub marketplace: Marketplace,
    pub participation: Participation,
    #[serde(default)]
    pub store_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Marketplace {
    pub id: String,
    pub name: String,
    pub country_code: String,
    pub default_currency_code: String,
    #[serde(default)]
    pub domain_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Participation {
    pub is_participating: bool,
    pub has_suspended_listings: bool,
}

#[derive(serde::Deserialize)]
struct ParticipationsPayload {
    payload: Vec<MarketplaceParticipation>,
}

impl AmazonClient {
    /// The marketplaces the seller sells in (the shop's name and currency on connect).
    pub async fn marketplace_participations(
        &self,
        session: &SellerSession,
    ) -> Result<Vec<MarketplaceParticipation>, AmazonError> {
        let req = client::Req::new(
            reqwest::Method::GET,
            "/sellers/v1/marketplaceParticipations",
            client::Op::MarketplaceParticipations,
        );
        let p: ParticipationsPayload = self.call_some(session, req).await?;
        Ok(p.payload)
    }
}
