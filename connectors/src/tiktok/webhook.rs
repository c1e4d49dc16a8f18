//! Webhooks: the shop's subscriptions (`/event/202309/webhooks`) and the signature of what the
//! marketplace delivers to them.
//!
//! A delivery carries `Authorization: hex(HMAC_SHA256(app_secret, app_key + raw body))`
//! (reference §5), different from the signature of API calls.
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::ShopAuth;
use super::client::{ApiRequest, TiktokClient};
use super::error::TiktokError;

/// The event a shop's order status changes are delivered as.
pub const ORDER_STATUS_CHANGE: &str = "ORDER_STATUS_CHANGE";

/// `type` of an order status change in a delivery's envelope.
pub const ORDER_STATUS_CHANGE_TYPE: i64 = 1;

/// One subscription of a shop.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Webhook {
    pub event_type: String,
    pub address: String,
    pub create_time: i64,
    pub update_time: i64,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct WebhookList {
    webhooks: Vec<Webhook>,
}

#[derive(Serialize)]
struct WebhookInput<'a> {
    address: &'a str,
    event_type: &'a str,
}

/// A delivery: `{type, tts_notification_id, shop_id, timestamp, data}`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct Notification {
    #[serde(rename = "type")]
    pub kind: i64,
    pub tts_notification_id: String,
    pub shop_id: String,
    pub timestamp: i64,
    pub data: serde_json::Value,
}

/// The `data` of an `ORDER_STATUS_CHANGE`. The status is spelled `CANCEL` in the docs and
/// `CANCELLED` by the API; the order is read again anyway.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default)]
pub struct OrderStatusChange {
    pub order_id: String,
    pub order_status: String,
    pub is_on_hold_order: bool,
    pub update_time: i64,
}

/// `hex(HMAC_SHA256(app_secret, app_key + body))`: the signature of a delivery.
pub fn webhook_signature(app_key: &str, app_secret: &str, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(app_secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(app_key.as_bytes());
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `authorization` is the signature of `body`. The comparison takes the same time
/// wherever the first wrong byte is (`Mac::verify_slice`), so it tells a forger nothing.
pub fn verify_webhook(app_key: &str, app_secret: &str, body: &[u8], authorization: &str) -> bool {
    let Ok(sent) = hex::decode(authorization.trim()) else {
        return false;
    };
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(app_secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes keys of any length"));
    mac.update(app_key.as_bytes());
    mac.update(body);
    mac.verify_slice(&sent).is_ok()
}

impl TiktokClient {
    /// Whether a delivery to this app is genuine.
    pub fn verify_webhook(&self, body: &[u8], authorization: &str) -> bool {
        verify_webhook(
            &self.config.app_key,
            &self.config.app_secret,
            body,
            authorization,
        )
    }

    /// `GET /event/202309/webhooks`: the shop's subscriptions.
    pub async fn webhooks(&self, shop: &ShopAuth) -> Result<Vec<Webhook>, TiktokError> {
        let req = ApiRequest::new(Method::GET, "/event/202309/webhooks")
            .shop(&shop.access_token, &shop.shop_cipher);
        let list: WebhookList = self.call(req).await?;
        Ok(list.webhooks)
    }

    /// `PUT /event/202309/webhooks`: delivers `event_type` of the shop to `address` (replacing
    /// the address it had). Safe to repeat.
    pub async fn set_webhook(
        &self,
        shop: &ShopAuth,
        event_type: &str,
        address: &str,
    ) -> Result<(), TiktokError> {
        let req = ApiRequest::new(Method::PUT, "/event/202309/webhooks")
            .shop(&shop.access_token, &shop.shop_cipher)
            .json(&WebhookInput {
                address,
                event_type,
            })?;
        let _: serde_json::Value = self.call(req).await?;
        Ok(())
    }

    /// Subscribes the shop's `event_type` to `address` unless it already is: one read, and a
    /// write only when the address differs. Answers whether it wrote.
    pub async fn ensure_webhook(
        &self,
        shop: &ShopAuth,
        event_type: &str,
        address: &str,
    ) -> Result<bool, TiktokError> {
        let current = self.webhooks(shop).await?;
        if current
            .iter()
            .any(|w| w.event_type == event_type && w.address == address)
        {
            return Ok(false);
        }
        self.set_webhook(shop, event_type, address).await?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_is_key_then_body() {
        let body = br#"{"type":1,"shop_id":"7494"}"#;
        let sig = webhook_signature("key", "secret", body);
        assert_eq!(sig.len(), 64);
        assert!(verify_webhook("key", "secret", body, &sig));
        assert!(verify_webhook("key", "secret", body, &sig.to_uppercase()));
        assert!(!verify_webhook("key", "other", body, &sig));
        assert!(!verify_webhook("key", "secret", b"{}", &sig));
        assert!(!verify_webhook("key", "secret", body, ""));
        assert!(!verify_webhook("key", "secret", body, "not hex"));
        assert!(!verify_webhook("key", "secret", body, &sig[..62]));
    }
}
