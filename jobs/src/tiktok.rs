//! Opening one shop on TikTok Shop: its sealed tokens read, refreshed before they expire, and
//! the refreshed ones stored again. Shared by the API (marketplace look-ups) and the handlers.
use connectors::tiktok::{ShopAuth, TiktokClient, TiktokError, TokenSet};
use domain::secrets::Secrets;
use domain::{Db, DomainError, shops};

#[derive(Debug, thiserror::Error)]
pub enum ShopAccessError {
    #[error("TikTok Shop is not configured on this server (TIKTOK_APP_KEY / TIKTOK_APP_SECRET)")]
    NotConfigured,
    #[error(
        "Amazon is not configured on this server (AMAZON_LWA_CLIENT_ID / AMAZON_LWA_CLIENT_SECRET)"
    )]
    AmazonNotConfigured,
    #[error("Walmart is not reachable with this server's settings (WALMART_BASE_URL)")]
    WalmartNotConfigured,
    #[error("shop not found")]
    NotFound,
    #[error("the shop is not connected: authorise it again")]
    Disconnected,
    #[error(transparent)]
    Domain(#[from] DomainError),
    #[error(transparent)]
    Tiktok(#[from] TiktokError),
    #[error(transparent)]
    Amazon(#[from] connectors::amazon::AmazonError),
    #[error(transparent)]
    Walmart(#[from] connectors::walmart::WalmartError),
}

/// A shop ready for calls: the client and what addresses the shop.
#[derive(Clone)]
pub struct ShopSession {
    pub client: TiktokClient,
    pub auth: ShopAuth,
    pub shop_id: String,
    pub external_shop_id: String,
}

/// Opens a shop of `client_id`, refreshing its access token when it expires within the
/// client's margin. A lost grant marks the shop OPEN (to be authorised again).
pub async fn open_shop(
    db: &Db,
    tiktok: Option<&TiktokClient>,
    secrets: &Secrets,
    client_id: &str,
    shop_id: &str,
) -> Result<ShopSession, ShopAccessError> {
    let client = tiktok.ok_or(ShopAccessError::NotConfigured)?.clone();
    let mut conn = db.conn().await?;
    let creds = shops::credentials(&mut conn, client_id, shop_id)
        .await?
        .ok_or(ShopAccessError::NotFound)?;
    drop(conn);
    let (Some(access), Some(refresh), Some(cipher)) = (
        creds.access_token_sealed.as_deref(),
        creds.refresh_token_sealed.as_deref(),
        creds.shop_cipher.clone(),
    ) else {
        return Err(ShopAccessError::Disconnected);
    };
    let tokens = TokenSet {
        access_token: secrets.open(access)?,
        access_token_expires_at: creds.access_token_expires_at.unwrap_or(0),
        refresh_token: secrets.open(refresh)?,
        refresh_token_expires_at: creds.refresh_token_expires_at.unwrap_or(0),
        open_id: String::new(),
        seller_name: String::new(),
        seller_base_region: String::new(),
        user_type: 0,
        granted_scopes: Vec::new(),
    };
    let access_token = match client.ensure_fresh(&tokens).await {
        Ok(None) => tokens.access_token,
        Ok(Some(fresh)) => {
            store(db, secrets, shop_id, &fresh).await?;
            fresh.access_token
        }
        Err(e @ TiktokError::AuthorizationLost { .. }) => {
            let mut conn = db.conn().await?;
            shops::mark_disconnected(&mut conn, shop_id).await?;
            return Err(e.into());
        }
        Err(e) => return Err(e.into()),
    };
    Ok(ShopSession {
        client,
        auth: ShopAuth::new(access_token, cipher),
        shop_id: creds.shop_id,
        external_shop_id: creds.external_shop_id,
    })
}

/// Seals and stores a token set of a shop.
pub async fn store(
    db: &Db,
    secrets: &Secrets,
    shop_id: &str,
    tokens: &TokenSet,
) -> Result<(), DomainError> {
    let mut conn = db.conn().await?;
    shops::store_tokens(
        &mut conn,
        shop_id,
        &secrets.seal(&tokens.access_token),
        tokens.access_token_expires_at,
        &secrets.seal(&tokens.refresh_token),
        tokens.refresh_token_expires_at,
    )
    .await
}

/// Opens a connected TikTok shop the scope works on (of any client when `None`), for calls any
/// shop can answer: the category tree, category attributes, brands. Shops are tried most
/// recently authorised first; one whose grant is gone is skipped for the next. `Ok(None)` when
/// no shop could be opened. Answers the shop's client id with the session.
pub async fn open_any_shop(
    db: &Db,
    tiktok: Option<&TiktokClient>,
    secrets: &Secrets,
    scope: Option<&domain::Scope>,
) -> Result<Option<(String, ShopSession)>, ShopAccessError> {
    /// A few candidates are enough: the first nearly always works, and every failed one
    /// costs a token refresh attempt.
    const CANDIDATES: i64 = 3;
    if tiktok.is_none() {
        return Err(ShopAccessError::NotConfigured);
    }
    let mut conn = db.conn().await?;
    let candidates =
        domain::marketplace::connected_tiktok_shops(&mut conn, scope, CANDIDATES).await?;
    drop(conn);
    for shop in candidates {
        match open_shop(db, tiktok, secrets, &shop.client_id, &shop.shop_id).await {
            Ok(session) => return Ok(Some((shop.client_id, session))),
            Err(
                e @ (ShopAccessError::NotFound
                | ShopAccessError::Disconnected
                | ShopAccessError::Tiktok(TiktokError::AuthorizationLost { .. })),
            ) => {
                tracing::info!(shop = %shop.shop_id, error = %e, "shop cannot answer marketplace look-ups; trying another");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}
