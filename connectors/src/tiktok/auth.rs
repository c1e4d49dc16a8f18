//! Shop authorisation: the consent link, token exchange and refresh, authorised shops.
use std::time::Duration;

use reqwest::Method;
use serde::{Deserialize, Serialize};

use super::client::{ApiRequest, TiktokClient};
use super::error::TiktokError;

/// What the token endpoints return. Expiry times are absolute Unix seconds, as sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TokenSet {
    pub access_token: String,
    #[serde(rename = "access_token_expire_in")]
    pub access_token_expires_at: i64,
    pub refresh_token: String,
    #[serde(rename = "refresh_token_expire_in")]
    pub refresh_token_expires_at: i64,
    #[serde(default)]
    pub open_id: String,
    #[serde(default)]
    pub seller_name: String,
    #[serde(default)]
    pub seller_base_region: String,
    #[serde(default)]
    pub user_type: i64,
    #[serde(default)]
    pub granted_scopes: Vec<String>,
}

impl TokenSet {
    /// The access token expires within `margin` of `now` (Unix seconds).
    pub fn needs_refresh(&self, now: i64, margin: Duration) -> bool {
        self.access_token_expires_at - now <= margin.as_secs() as i64
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuthorizedShop {
    pub id: String,
    #[serde(default)]
    pub name: String,
    /// Empty for cross-border shops still in review.
    #[serde(default)]
    pub region: String,
    /// `LOCAL` or `CROSS_BORDER`.
    #[serde(default)]
    pub seller_type: String,
    /// Sent as `shop_cipher` on every call about this shop.
    pub cipher: String,
    #[serde(default)]
    pub code: String,
}

#[derive(Deserialize)]
struct ShopList {
    #[serde(default)]
    shops: Vec<AuthorizedShop>,
}

impl TiktokClient {
    /// The consent link a seller opens; `state` comes back unchanged with the auth code.
    pub fn authorize_url(&self, state: &str) -> String {
        let query = [
            ("service_id", self.config.service_id.as_str()),
            ("state", state),
        ];
        match reqwest::Url::parse_with_params(
            &format!("{}/open/authorize", self.config.consent_base),
            query,
        ) {
            Ok(url) => url.to_string(),
            // A consent base that is not a URL is a configuration mistake; show it as it is.
            Err(_) => format!(
                "{}/open/authorize?service_id={}&state={state}",
                self.config.consent_base, self.config.service_id
            ),
        }
    }

    /// Exchanges the auth code from the consent redirect for tokens.
    pub async fn get_token(&self, auth_code: &str) -> Result<TokenSet, TiktokError> {
        let query = [
            ("app_key", self.config.app_key.as_str()),
            ("app_secret", self.config.app_secret.as_str()),
            ("auth_code", auth_code),
            ("grant_type", "authorized_code"),
        ];
        self.call_auth("/api/v2/token/get", &query).await
    }

    pub async fn refresh_token(&self, refresh_token: &str) -> Result<TokenSet, TiktokError> {
        let query = [
            ("app_key", self.config.app_key.as_str()),
            ("app_secret", self.config.app_secret.as_str()),
            ("refresh_token", refresh_token),
            ("grant_type", "refresh_token"),
        ];
        self.call_auth("/api/v2/token/refresh", &query).await
    }

    /// Refreshes when the access token expires within the configured margin. `Some` carries
    /// the new tokens to store; `None` means the current ones are still good.
    pub async fn ensure_fresh(&self, tokens: &TokenSet) -> Result<Option<TokenSet>, TiktokError> {
        if !tokens.needs_refresh(self.now(), self.config.refresh_margin) {
            return Ok(None);
        }
        self.refresh_token(&tokens.refresh_token).await.map(Some)
    }

    /// The shops the token covers, each with the `cipher` that addresses it.
    pub async fn authorized_shops(
        &self,
        access_token: &str,
    ) -> Result<Vec<AuthorizedShop>, TiktokError> {
        let req = ApiRequest::new(Method::GET, "/authorization/202309/shops").token(access_token);
        let list: ShopList = self.call(req).await?;
        Ok(list.shops)
    }
}
