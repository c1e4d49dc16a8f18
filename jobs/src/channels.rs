//! Opening one Amazon or Walmart shop for calls: its sealed credentials read, and (Amazon) the
//! access token the client refreshed stored again. Shared by the API and the handlers, as
//! [`crate::tiktok`] is for TikTok Shop.
use connectors::amazon::{AmazonClient, AmazonError, AmazonTokens, SellerSession};
use connectors::walmart::{WalmartClient, WalmartCredentials};
use domain::secrets::Secrets;
use domain::shops::{self, SaleChannel};
use domain::{Db, DomainError};

use crate::tiktok::ShopAccessError;

/// An Amazon shop ready for calls.
pub struct AmazonShop {
    pub client: AmazonClient,
    pub session: SellerSession,
    pub shop_id: String,
}

impl AmazonShop {
    /// Stores the access token the client refreshed during the calls, if it did. Call after
    /// the calls, whatever they answered: the old token is spent either way.
    pub async fn keep_tokens(&self, db: &Db, secrets: &Secrets) -> Result<(), DomainError> {
        let Some(fresh) = self.session.take_refreshed() else {
            return Ok(());
        };
        let mut conn = db.conn().await?;
        shops::store_access_token(
            &mut conn,
            &self.shop_id,
            &secrets.seal(&fresh.access_token),
            fresh.expires_at,
        )
        .await
    }

    /// A lost grant marks the shop OPEN: the seller must authorise it again.
    pub async fn note_failure(&self, db: &Db, e: &AmazonError) -> Result<(), DomainError> {
        if matches!(e, AmazonError::AuthorizationLost { .. }) {
            let mut conn = db.conn().await?;
            shops::mark_disconnected(&mut conn, &self.shop_id).await?;
        }
        Ok(())
    }
}

/// Opens an Amazon shop of `client_id`. The client refreshes the access token when it is due
/// (or Amazon says it expired); [`AmazonShop::keep_tokens`] stores the new one.
pub async fn open_amazon(
    db: &Db,
    amazon: Option<&AmazonClient>,
    secrets: &Secrets,
    client_id: &str,
    shop_id: &str,
) -> Result<AmazonShop, ShopAccessError> {
    let client = amazon.ok_or(ShopAccessError::AmazonNotConfigured)?.clone();
    let mut conn = db.conn().await?;
    let creds = shops::credentials(&mut conn, client_id, shop_id)
        .await?
        .filter(|c| c.sale_channel == SaleChannel::Amazon)
        .ok_or(ShopAccessError::NotFound)?;
    drop(conn);
    let (Some(access), Some(refresh)) = (
        creds.access_token_sealed.as_deref(),
        creds.refresh_token_sealed.as_deref(),
    ) else {
        return Err(ShopAccessError::Disconnected);
    };
    if creds.connection == shops::ShopConnection::Open {
        return Err(ShopAccessError::Disconnected);
    }
    let tokens = AmazonTokens {
        access_token: secrets.open(access)?,
        refresh_token: secrets.open(refresh)?,
        expires_at: creds.access_token_expires_at.unwrap_or(0),
    };
    Ok(AmazonShop {
        client,
        session: SellerSession::new(creds.external_shop_id, tokens),
        shop_id: creds.shop_id,
    })
}

/// A Walmart shop ready for calls: the client caches its 15-minute token per key pair.
pub struct WalmartShop {
    pub client: WalmartClient,
    pub credentials: WalmartCredentials,
    pub shop_id: String,
}

/// Opens a Walmart shop of `client_id` with its key pair.
pub async fn open_walmart(
    db: &Db,
    walmart: Option<&WalmartClient>,
    secrets: &Secrets,
    client_id: &str,
    shop_id: &str,
) -> Result<WalmartShop, ShopAccessError> {
    let walmart = walmart.ok_or(ShopAccessError::WalmartNotConfigured)?;
    let mut conn = db.conn().await?;
    let creds = shops::credentials(&mut conn, client_id, shop_id)
        .await?
        .filter(|c| c.sale_channel == SaleChannel::Walmart)
        .ok_or(ShopAccessError::NotFound)?;
    drop(conn);
    let Some(secret) = creds.api_secret_sealed.as_deref() else {
        return Err(ShopAccessError::Disconnected);
    };
    if creds.connection == shops::ShopConnection::Open {
        return Err(ShopAccessError::Disconnected);
    }
    Ok(WalmartShop {
        client: walmart.clone(),
        credentials: WalmartCredentials::new(creds.external_shop_id, secrets.open(secret)?),
        shop_id: creds.shop_id,
    })
}
