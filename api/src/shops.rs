//! Shops as use cases callable without HTTP: completing the consent flow that connects
//! marketplace shops. The GraphQL resolvers in `graphql::shops` only convert types around these.
use connectors::tiktok::TiktokError;
use domain::billing::{self, PaidWork};
use domain::shops::{self, GrantedTiktokShop, SaleChannel, StateUse};
use jobs::kinds::{CategorySync, ShopSync};
use jobs::{EnqueueOptions, JobKind, Pending};

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::AppState;

/// The TikTok client, or the error that says the server has no TikTok app.
pub fn tiktok(app: &AppState) -> ApiResult<&connectors::tiktok::TiktokClient> {
    app.tiktok.as_ref().ok_or_else(|| {
        ApiError::new(
            "UPSTREAM_ERROR",
            "TikTok Shop is not configured on this server (TIKTOK_APP_KEY, TIKTOK_APP_SECRET)",
        )
    })
}

/// A marketplace failure as the contract shows it: the marketplace's own words and code
/// (mapped in `crate::errors`).
pub fn upstream(e: TiktokError) -> ApiError {
    e.into()
}

/// Completes the consent flow: checks the state (single use), exchanges the code for tokens,
/// connects every shop the grant covers and queues their first sync. Returns the first shop.
/// The same callback again (a reload, a double submit) answers the shop it connected.
pub async fn authorize(
    app: &AppState,
    me: &Caller,
    code: &str,
    state: &str,
    sale_channel: SaleChannel,
) -> ApiResult<shops::Shop> {
    if code.trim().is_empty() {
        return Err(ApiError::bad_input(
            "code",
            "the authorisation code is missing",
        ));
    }
    let client = tiktok(app)?;
    let mut conn = app.db.conn().await?;
    let peeked = match shops::peek_state(&mut conn, &me.scope, state).await? {
        // The same callback again (a reload, a double submit): the shop it connected.
        StateUse::Repeated(shop_id) => {
            return Ok(shops::get(&mut conn, &me.scope, &shop_id).await?);
        }
        StateUse::Fresh(used) => used,
    };
    drop(conn);
    if peeked.sale_channel != sale_channel {
        return Err(ApiError::bad_input(
            "saleChannel",
            "the link was made for another sale channel",
        ));
    }
    // The remote calls happen outside any transaction; the state is used only when the
    // shop is stored, so a failed exchange leaves the link usable for another try.
    let tokens = client.get_token(code.trim()).await.map_err(|e| match e {
        TiktokError::Rejected { .. } | TiktokError::AuthorizationLost { .. } => {
            ApiError::bad_input(
                "code",
                format!(
                    "TikTok Shop refused the authorisation code: {}",
                    e.message()
                ),
            )
        }
        other => upstream(other),
    })?;
    let granted = client
        .authorized_shops(&tokens.access_token)
        .await
        .map_err(upstream)?;
    if granted.is_empty() {
        return Err(ApiError::new(
            "UPSTREAM_ERROR",
            "TikTok Shop granted no shop to this authorisation",
        ));
    }
    let mut tx = app.db.begin().await?;
    let used = match shops::use_state(&mut tx, &me.scope, state).await? {
        StateUse::Fresh(used) => used,
        StateUse::Repeated(shop_id) => {
            return Ok(shops::get(&mut tx, &me.scope, &shop_id).await?);
        }
    };
    let access_sealed = app.secrets.seal(&tokens.access_token);
    let refresh_sealed = app.secrets.seal(&tokens.refresh_token);
    let mut first = None;
    let mut job_ids = Pending::new();
    let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
    for g in granted {
        let known = shops::find_external(
            &mut tx,
            &me.scope.client_id,
            shops::SaleChannel::Tiktok,
            &g.id,
        )
        .await?
        .is_some();
        billing::require(
            &mut tx,
            &me.scope.client_id,
            PaidWork::Shop {
                reconnecting: known,
            },
        )
        .await?;
        let shop_id = shops::upsert_tiktok(
            &mut tx,
            &me.scope.client_id,
            Some(&me.scope.user_id),
            &used.target_market,
            &GrantedTiktokShop {
                external_shop_id: g.id.clone(),
                name: g.name.clone(),
                shop_code: g.code.clone(),
                shop_cipher: g.cipher.clone(),
                region: g.region.clone(),
                seller_type: g.seller_type.clone(),
                seller_name: tokens.seller_name.clone(),
                open_id: tokens.open_id.clone(),
                granted_scopes: tokens.granted_scopes.clone(),
                access_sealed: access_sealed.clone(),
                access_expires_at: tokens.access_token_expires_at,
                refresh_sealed: refresh_sealed.clone(),
                refresh_expires_at: tokens.refresh_token_expires_at,
            },
        )
        .await?;
        job_ids.add(ShopSync::shop(&shop_id).enqueue(&mut tx, &options).await?);
        first.get_or_insert(shop_id);
    }
    let shop_id = first.ok_or_else(ApiError::internal)?;
    // The category tree can only be fetched through a shop: with the first one connected,
    // fetch it now rather than at the next daily run.
    if !domain::marketplace::has_tiktok_categories(&mut tx).await? {
        let job = CategorySync::for_new_shop(&shop_id);
        // The tree is everyone's: the job is the platform's, not the client's.
        let platform = EnqueueOptions::new(app.config.jobs.max_attempts);
        job_ids.add(job.enqueue(&mut tx, &platform).await?);
    }
    shops::finish_state(&mut tx, &used.id, &shop_id).await?;
    let shop = shops::get(&mut tx, &me.scope, &shop_id).await?;
    tx.commit().await?;
    app.dispatch(job_ids).await;
    Ok(shop)
}

/// The Amazon client, or the error that says the server has no Amazon app.
pub fn amazon(app: &AppState) -> ApiResult<&connectors::amazon::AmazonClient> {
    app.amazon.as_ref().ok_or_else(|| {
        ApiError::new(
            "UPSTREAM_ERROR",
            "Amazon is not configured on this server (AMAZON_LWA_CLIENT_ID, AMAZON_LWA_CLIENT_SECRET)",
        )
    })
}

/// The consent link a seller opens to connect a shop of `sale_channel`; its `state` is single
/// use and expires after 30 minutes.
pub async fn authorize_link(
    app: &AppState,
    me: &Caller,
    sale_channel: SaleChannel,
) -> ApiResult<String> {
    // Checked before a state is stored: a refused request changes nothing.
    match sale_channel {
        SaleChannel::Tiktok => {
            tiktok(app)?;
        }
        SaleChannel::Amazon => {
            amazon(app)?;
        }
        SaleChannel::Walmart => {
            return Err(ApiError::bad_input(
                "saleChannel",
                "Walmart shops connect with the API key pair from Seller Center (connectWalmartShop), not a link",
            ));
        }
    }
    let mut conn = app.db.conn().await?;
    // Not gated: the link may reconnect a shop of the client's; the quota is checked when
    // the consent comes back (authorizeShop).
    let raw = shops::create_state(&mut conn, &me.scope, sale_channel, "US").await?;
    Ok(match sale_channel {
        SaleChannel::Amazon => amazon(app)?.authorize_url(&raw),
        _ => tiktok(app)?.authorize_url(&raw),
    })
}

/// Completes Amazon's consent flow: checks the state (single use), exchanges the
/// `spapi_oauth_code` for tokens, reads the seller's store in the marketplace, connects it and
/// queues its first sync. The same callback again answers the shop it connected.
pub async fn authorize_amazon(
    app: &AppState,
    me: &Caller,
    code: &str,
    state: &str,
    selling_partner_id: Option<&str>,
) -> ApiResult<shops::Shop> {
    use connectors::amazon::{AmazonError, SellerSession};
    let code = code.trim();
    if code.is_empty() {
        return Err(ApiError::bad_input(
            "code",
            "the authorisation code is missing",
        ));
    }
    let Some(selling_partner_id) = selling_partner_id.map(str::trim).filter(|s| !s.is_empty())
    else {
        return Err(ApiError::bad_input(
            "sellingPartnerId",
            "Amazon's consent names the selling partner: sellingPartnerId is required",
        ));
    };
    let client = amazon(app)?;
    let redirect_url = app
        .config
        .jobs
        .amazon
        .as_ref()
        .map(|a| a.redirect_url.clone())
        .unwrap_or_default();
    let mut conn = app.db.conn().await?;
    let peeked = match shops::peek_state(&mut conn, &me.scope, state).await? {
        StateUse::Repeated(shop_id) => {
            return Ok(shops::get(&mut conn, &me.scope, &shop_id).await?);
        }
        StateUse::Fresh(used) => used,
    };
    drop(conn);
    if peeked.sale_channel != SaleChannel::Amazon {
        return Err(ApiError::bad_input(
            "saleChannel",
            "the link was made for another sale channel",
        ));
    }
    // Remote calls outside any transaction; the state is used only when the shop is stored.
    let tokens = client
        .exchange_code(code, &redirect_url)
        .await
        .map_err(|e| match e {
            AmazonError::Rejected { .. } | AmazonError::AuthorizationLost { .. } => {
                ApiError::bad_input(
                    "code",
                    format!("Amazon refused the authorisation code: {}", e.message()),
                )
            }
            other => other.into(),
        })?;
    let session = SellerSession::new(selling_partner_id, tokens);
    let participations = client.marketplace_participations(&session).await?;
    let tokens = session.tokens();
    let store = participations
        .iter()
        .find(|p| p.marketplace.id == client.marketplace_id() && p.participation.is_participating)
        .ok_or_else(|| {
            ApiError::new(
                "UPSTREAM_ERROR",
                "Amazon: this seller does not sell in the US marketplace",
            )
        })?;
    let granted = shops::GrantedAmazonSeller {
        selling_partner_id: selling_partner_id.to_owned(),
        name: store
            .store_name
            .clone()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| format!("Amazon {selling_partner_id}")),
        region: Some(store.marketplace.country_code.clone()),
        access_sealed: app.secrets.seal(&tokens.access_token),
        access_expires_at: tokens.expires_at,
        refresh_sealed: app.secrets.seal(&tokens.refresh_token),
    };
    let mut tx = app.db.begin().await?;
    let used = match shops::use_state(&mut tx, &me.scope, state).await? {
        StateUse::Fresh(used) => used,
        StateUse::Repeated(shop_id) => {
            return Ok(shops::get(&mut tx, &me.scope, &shop_id).await?);
        }
    };
    let known = shops::find_external(
        &mut tx,
        &me.scope.client_id,
        SaleChannel::Amazon,
        selling_partner_id,
    )
    .await?
    .is_some();
    billing::require(
        &mut tx,
        &me.scope.client_id,
        PaidWork::Shop {
            reconnecting: known,
        },
    )
    .await?;
    let shop_id = shops::upsert_amazon(
        &mut tx,
        &me.scope.client_id,
        Some(&me.scope.user_id),
        &used.target_market,
        &granted,
    )
    .await?;
    let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
    let mut job_ids = Pending::new();
    job_ids.add(ShopSync::shop(&shop_id).enqueue(&mut tx, &options).await?);
    shops::finish_state(&mut tx, &used.id, &shop_id).await?;
    let shop = shops::get(&mut tx, &me.scope, &shop_id).await?;
    tx.commit().await?;
    app.dispatch(job_ids).await;
    Ok(shop)
}

/// Connects a Walmart seller account by the API key pair the seller created in Seller Center:
/// the pair is checked by a token call, the secret sealed, the first sync queued. The same pair
/// again reconnects the shop in place (a changed secret replaces the old one).
pub async fn connect_walmart(
    app: &AppState,
    me: &Caller,
    client_id: &str,
    client_secret: &str,
    name: Option<&str>,
) -> ApiResult<shops::Shop> {
    use connectors::walmart::{WalmartCredentials, WalmartError};
    let client_id = client_id.trim();
    let client_secret = client_secret.trim();
    if client_id.is_empty() || client_id.len() > 200 {
        return Err(ApiError::bad_input(
            "clientId",
            "enter the client id of the API key from Walmart Seller Center",
        ));
    }
    if client_secret.is_empty() || client_secret.len() > 500 {
        return Err(ApiError::bad_input(
            "clientSecret",
            "enter the client secret of the API key from Walmart Seller Center",
        ));
    }
    let name = name.map(str::trim).filter(|n| !n.is_empty());
    if name.is_some_and(|n| n.chars().count() > 120) {
        return Err(ApiError::bad_input(
            "name",
            "a shop name has at most 120 characters",
        ));
    }
    let credentials = WalmartCredentials::new(client_id, client_secret);
    // A new secret must not ride on a token cached for the old one.
    let walmart = app.walmart.as_ref().ok_or_else(|| {
        ApiError::new(
            "UPSTREAM_ERROR",
            "Walmart is not reachable with this server's settings (WALMART_BASE_URL)",
        )
    })?;
    walmart.forget_token(client_id);
    walmart
        .check_credentials(&credentials)
        .await
        .map_err(|e| match e {
            WalmartError::CredentialsRefused { .. } | WalmartError::Rejected { .. } => {
                ApiError::bad_input(
                    "clientSecret",
                    format!("Walmart refused this client id and secret: {}", e.message()),
                )
            }
            other => other.into(),
        })?;
    let mut tx = app.db.begin().await?;
    let known = shops::find_external(
        &mut tx,
        &me.scope.client_id,
        SaleChannel::Walmart,
        client_id,
    )
    .await?
    .is_some();
    billing::require(
        &mut tx,
        &me.scope.client_id,
        PaidWork::Shop {
            reconnecting: known,
        },
    )
    .await?;
    let fallback = format!("Walmart {}", client_id.chars().take(8).collect::<String>());
    let shop_id = shops::upsert_walmart(
        &mut tx,
        &me.scope.client_id,
        Some(&me.scope.user_id),
        "US",
        name.unwrap_or(&fallback),
        client_id,
        &app.secrets.seal(client_secret),
    )
    .await?;
    let options = EnqueueOptions::new(app.config.jobs.max_attempts).client(&me.scope.client_id);
    let mut job_ids = Pending::new();
    job_ids.add(ShopSync::shop(&shop_id).enqueue(&mut tx, &options).await?);
    let shop = shops::get(&mut tx, &me.scope, &shop_id).await?;
    tx.commit().await?;
    app.dispatch(job_ids).await;
    Ok(shop)
}
