//! HMFulfill (being written).
use chrono::{DateTime, Utc};
use reqwest::header::HeaderMap;

use super::{
    Account, FulfillmentClient, NewOrder, OrderPage, ProductPage, ProductQuery, ProviderError,
    ProviderOrder, Result, WebhookError, WebhookEvent,
};

fn missing() -> ProviderError {
    ProviderError::Config("HMFulfill is not connected yet".into())
}

pub(crate) async fn verify(_c: &FulfillmentClient, _a: &Account) -> Result<()> {
    Err(missing())
}

pub(crate) async fn products(
    _c: &FulfillmentClient,
    _a: &Account,
    _q: &ProductQuery,
) -> Result<ProductPage> {
    Err(missing())
}

pub(crate) async fn create_order(
    _c: &FulfillmentClient,
    _a: &Account,
    _o: &NewOrder,
) -> Result<ProviderOrder> {
    Err(missing())
}

pub(crate) async fn find_order(
    _c: &FulfillmentClient,
    _a: &Account,
    _reference: &str,
) -> Result<Option<ProviderOrder>> {
    Err(missing())
}

pub(crate) async fn order(
    _c: &FulfillmentClient,
    _a: &Account,
    _id: &str,
) -> Result<ProviderOrder> {
    Err(missing())
}

pub(crate) async fn cancel_order(
    _c: &FulfillmentClient,
    _a: &Account,
    _id: &str,
) -> Result<ProviderOrder> {
    Err(missing())
}

pub(crate) async fn orders_since(
    _c: &FulfillmentClient,
    _a: &Account,
    _since: DateTime<Utc>,
    _page: u32,
) -> Result<OrderPage> {
    Err(missing())
}

pub(crate) async fn register_webhook(
    _c: &FulfillmentClient,
    _a: &Account,
    _url: &str,
    _secret: &str,
) -> Result<bool> {
    Ok(false)
}

pub(crate) fn parse_webhook(
    _secret: &str,
    _headers: &HeaderMap,
    _body: &[u8],
) -> Result<WebhookEvent, WebhookError> {
    Err(WebhookError::BadSignature)
}
