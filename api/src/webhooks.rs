//! Webhooks from the marketplaces. `POST /webhooks/tiktok` receives TikTok Shop's deliveries:
//! the `Authorization` header must be the app's signature of the exact body
//! (`hex(HMAC_SHA256(app_secret, app_key + body))`, compared in constant time), or the delivery
//! is refused with 401 and logged without the header, the body or any secret. An
//! `ORDER_STATUS_CHANGE` queues an `order.sync` that pulls the order at once, keyed by order and
//! update time, so the marketplace's repeated deliveries pull it once. The answer is an empty
//! 200 within the marketplace's three seconds: the pull runs as a job.
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRef, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use connectors::tiktok::{Notification, ORDER_STATUS_CHANGE_TYPE, OrderStatusChange};
use jobs::EnqueueOptions;
use jobs::kinds::{OrderSync, TIKTOK_WEBHOOK_PATH};

use crate::graphql::AppState;

/// A delivery is a small JSON envelope; anything bigger is not one.
const MAX_BODY_BYTES: usize = 256 * 1024;

pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    Router::new()
        .route(TIKTOK_WEBHOOK_PATH, post(tiktok))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// Why a delivery was not taken.
#[derive(Debug, thiserror::Error)]
pub enum WebhookError {
    /// No TikTok app is configured here: nothing can be verified.
    #[error("TikTok Shop is not configured")]
    NotConfigured,
    #[error("the delivery has no signature")]
    MissingSignature,
    #[error("the delivery's signature does not match its body")]
    BadSignature,
    /// Signed, but not an envelope we can read.
    #[error("the delivery is not a notification: {0}")]
    Malformed(String),
    #[error(transparent)]
    Domain(#[from] domain::DomainError),
}

/// What a delivery led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    /// Pulls queued (0 for another event type, an unknown shop, or a repeated delivery).
    pub queued: usize,
}

async fn tiktok(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let authorization = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    match receive_tiktok(&app, authorization, &body).await {
        Ok(_) => StatusCode::OK.into_response(),
        Err(e @ (WebhookError::MissingSignature | WebhookError::BadSignature)) => {
            tracing::warn!(reason = %e, bytes = body.len(), "TikTok webhook refused");
            StatusCode::UNAUTHORIZED.into_response()
        }
        Err(WebhookError::NotConfigured) => StatusCode::NOT_FOUND.into_response(),
        Err(e @ WebhookError::Malformed(_)) => {
            tracing::warn!(reason = %e, "TikTok webhook not understood");
            StatusCode::BAD_REQUEST.into_response()
        }
        Err(WebhookError::Domain(e)) => {
            // The marketplace delivers again later; the log has the cause.
            tracing::error!(error = %e, "TikTok webhook not stored");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

/// Verifies a TikTok delivery and queues what it asks for.
pub async fn receive_tiktok(
    app: &AppState,
    authorization: Option<&str>,
    body: &[u8],
) -> Result<Received, WebhookError> {
    let client = app.tiktok.as_ref().ok_or(WebhookError::NotConfigured)?;
    let signature = authorization
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .ok_or(WebhookError::MissingSignature)?;
    if !client.verify_webhook(body, signature) {
        return Err(WebhookError::BadSignature);
    }
    let notification: Notification =
        serde_json::from_slice(body).map_err(|e| WebhookError::Malformed(e.to_string()))?;
    if notification.kind != ORDER_STATUS_CHANGE_TYPE {
        // Other events are welcome and not needed yet: acknowledged, so they are not resent.
        return Ok(Received { queued: 0 });
    }
    let change: OrderStatusChange = serde_json::from_value(notification.data)
        .map_err(|e| WebhookError::Malformed(e.to_string()))?;
    if change.order_id.trim().is_empty() {
        return Err(WebhookError::Malformed("no order_id".into()));
    }
    let shops = {
        let mut conn = app.db.conn().await?;
        domain::orders::sync::tiktok_shops_of(&mut conn, &notification.shop_id).await?
    };
    // A delivery's pulls are its only write: committed together with the deliveries that
    // arrive at the same moment (a marketplace sends them in bursts).
    let pulls: Vec<_> = shops
        .iter()
        .map(|(client_id, shop_id)| {
            (
                OrderSync::for_webhook(shop_id, &change.order_id, change.update_time),
                EnqueueOptions::new(app.config.jobs.max_attempts).client(client_id),
            )
        })
        .collect();
    let queued = app.group.enqueue(&pulls).await?.len();
    tracing::info!(order = %change.order_id, status = %change.order_status, shops = shops.len(), queued, "TikTok order status change received");
    Ok(Received { queued })
}
