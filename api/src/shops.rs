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
