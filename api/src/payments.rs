//! Card top-ups, callable without HTTP: a client's ADMIN starts a Stripe Checkout for an amount
//! and is sent to its hosted page; `POST /webhooks/stripe` receives Stripe's signed events and
//! credits the balance once per payment (`domain::payments::credit_paid_session`); the seller,
//! back from the page, reads the payment's status.
//!
//! A delivery is verified on its raw body (`Stripe-Signature`, HMAC-SHA256 with the endpoint's
//! `whsec_` secret, five minutes of tolerance) before anything is parsed; a forged, tampered or
//! stale one answers 400 and is logged with the reason only. Reading a pending payment asks
//! Stripe for its session too, so a seller whose webhook is late (or lost) still sees, and is
//! credited for, what they paid.
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRef, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use connectors::stripe::{self, CheckoutSession, NewCheckout, SignatureError, StripeError};
use domain::payments::{self, Credited, PaidSession, Payment, PaymentStatus};

use crate::auth::Caller;
use crate::errors::{ApiError, ApiResult};
use crate::graphql::AppState;

/// Where Stripe delivers events (the endpoint registered with the `whsec_` secret).
pub const STRIPE_WEBHOOK_PATH: &str = "/webhooks/stripe";

/// An event is a few kilobytes; anything bigger is not one.
const MAX_BODY_BYTES: usize = 256 * 1024;

/// What the seller reads on the hosted page.
const PRODUCT_NAME: &str = "Sellerdesk balance top-up";

/// Where the seller comes back to: the add-balance page, which reads the payment.
const RETURN_PATH: &str = "/subscriptions/add-balance";

pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    Router::new()
        .route(STRIPE_WEBHOOK_PATH, post(stripe_webhook))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

/// A started checkout: the payment and the page to send the seller to.
pub struct TopUpCheckout {
    pub payment: Payment,
    pub url: String,
}

fn client(app: &AppState) -> ApiResult<&stripe::StripeClient> {
    app.stripe.as_ref().ok_or_else(|| {
        ApiError::new(
            "UPSTREAM_ERROR",
            "card payments are not configured on this server",
        )
    })
}

/// Starts a card top-up of `amount` dollars for the caller's client.
pub async fn start_top_up(
    app: &AppState,
    caller: &Caller,
    amount: f64,
) -> ApiResult<TopUpCheckout> {
    let cents = payments::top_up_cents(amount)?;
    let stripe = client(app)?;
    let mut conn = app.db.conn().await?;
    let payment = payments::start(&mut conn, &caller.scope, cents).await?;
    let back = |extra: &str| app.link(&format!("{RETURN_PATH}?payment={}{extra}", payment.id));
    let new = NewCheckout {
        amount_cents: cents,
        currency: payment.currency.clone(),
        product_name: PRODUCT_NAME.into(),
        success_url: back("&session_id={CHECKOUT_SESSION_ID}"),
        cancel_url: back("&cancelled=true"),
        client_reference_id: payment.client_id.clone(),
        metadata: vec![
            ("payment_id".into(), payment.id.clone()),
            ("user_id".into(), caller.user.id.clone()),
        ],
        // The payment's own id: a create retried after a lost answer makes no second session.
        idempotency_key: payment.id.clone(),
    };
    let session = match stripe.create_checkout_session(&new).await {
        Ok(session) => session,
        Err(e) => {
            payments::abandon(&mut conn, &payment.id).await?;
            return Err(e.into());
        }
    };
    let Some(url) = session.url.clone() else {
        payments::abandon(&mut conn, &payment.id).await?;
        return Err(StripeError::Protocol("a new session without a page".into()).into());
    };
    payments::attach_session(&mut conn, &payment.id, &session.id).await?;
    tracing::info!(payment = %payment.id, client = %payment.client_id, cents, "card top-up started");
    let payment = payments::get(&mut conn, &caller.scope, &payment.id).await?;
    Ok(TopUpCheckout { payment, url })
}

/// One of the caller's client's top-ups. A pending one is checked with Stripe first.
pub async fn top_up(app: &AppState, caller: &Caller, id: &str) -> ApiResult<Payment> {
    let mut conn = app.db.conn().await?;
    let payment = payments::get(&mut conn, &caller.scope, id).await?;
    drop(conn);
    if let (PaymentStatus::Pending, Some(session_id), Some(stripe)) = (
        payment.status,
        payment.provider_id.as_deref(),
        app.stripe.as_ref(),
    ) {
        // A failed look leaves the stored status, which the webhook still moves on.
        match stripe.checkout_session(session_id).await {
            Ok(session) if session.is_paid() => {
                credit(app, &session).await?;
            }
            Ok(session) if session.status.as_deref() == Some("expired") => {
                let mut conn = app.db.conn().await?;
                payments::expire_session(&mut conn, session_id).await?;
            }
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(payment = %payment.id, error = %e, "could not read the checkout session")
            }
        }
        let mut conn = app.db.conn().await?;
        return Ok(payments::get(&mut conn, &caller.scope, id).await?);
    }
    Ok(payment)
}

async fn credit(
    app: &AppState,
    session: &CheckoutSession,
) -> Result<Credited, domain::DomainError> {
    let credited = payments::credit_paid_session(
        &app.db,
        &PaidSession {
            session_id: session.id.clone(),
            amount_cents: session.amount_total,
            currency: session.currency.clone(),
            client_reference_id: session.client_reference_id.clone(),
        },
    )
    .await?;
    match &credited {
        Credited::Now {
            payment_id,
            transaction_id,
        } => {
            tracing::info!(payment = %payment_id, transaction = %transaction_id, session = %session.id, "card top-up credited")
        }
        Credited::Already => tracing::info!(session = %session.id, "card top-up already credited"),
        Credited::Unknown => {
            tracing::warn!(session = %session.id, "a paid checkout session of no payment of ours")
        }
        Credited::Mismatch(why) => {
            tracing::error!(session = %session.id, why, "a paid checkout session disagrees with its payment; not credited")
        }
    }
    Ok(credited)
}

/// Why a delivery was not taken.
#[derive(Debug, thiserror::Error)]
pub enum StripeWebhookError {
    #[error("Stripe is not configured")]
    NotConfigured,
    #[error(transparent)]
    Signature(#[from] SignatureError),
    #[error("the event is not one we can read: {0}")]
    Malformed(String),
    #[error("the paid session disagrees with its payment")]
    Mismatch,
    #[error(transparent)]
    Domain(#[from] domain::DomainError),
}

/// What a delivery led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Received {
    Credited,
    AlreadyCredited,
    Expired,
    /// Another event type, an unpaid completion (a delayed method), or a session not ours.
    Ignored,
}

async fn stripe_webhook(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let signature = headers
        .get(stripe::SIGNATURE_HEADER)
        .and_then(|v| v.to_str().ok());
    match receive_stripe(&app, signature, &body).await {
        Ok(_) => StatusCode::OK.into_response(),
        Err(StripeWebhookError::NotConfigured) => StatusCode::NOT_FOUND.into_response(),
        Err(e @ StripeWebhookError::Signature(_)) => {
            tracing::warn!(reason = %e, bytes = body.len(), "Stripe webhook refused");
            StatusCode::BAD_REQUEST.into_response()
        }
        Err(e @ (StripeWebhookError::Malformed(_) | StripeWebhookError::Mismatch)) => {
            tracing::warn!(reason = %e, "Stripe webhook not taken");
            StatusCode::BAD_REQUEST.into_response()
        }
        Err(StripeWebhookError::Domain(e)) => {
            // Stripe delivers again later; the log has the cause.
            tracing::error!(error = %e, "Stripe webhook not stored");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}

/// Verifies a Stripe delivery and acts on it.
pub async fn receive_stripe(
    app: &AppState,
    signature: Option<&str>,
    body: &[u8],
) -> Result<Received, StripeWebhookError> {
    let settings = app
        .config
        .stripe
        .as_ref()
        .ok_or(StripeWebhookError::NotConfigured)?;
    stripe::webhook::verify(
        &settings.webhook_secret,
        signature,
        body,
        domain::time::now().timestamp(),
        stripe::DEFAULT_TOLERANCE_SECS,
    )?;
    let event: stripe::Event =
        serde_json::from_slice(body).map_err(|e| StripeWebhookError::Malformed(e.to_string()))?;
    match event.kind.as_str() {
        stripe::CHECKOUT_COMPLETED | stripe::CHECKOUT_ASYNC_SUCCEEDED => {
            let session: CheckoutSession = serde_json::from_value(event.data.object)
                .map_err(|e| StripeWebhookError::Malformed(e.to_string()))?;
            if !session.is_paid() {
                // A delayed method (a bank debit): its async_payment_succeeded comes later.
                return Ok(Received::Ignored);
            }
            Ok(match credit(app, &session).await? {
                Credited::Now { .. } => Received::Credited,
                Credited::Already => Received::AlreadyCredited,
                Credited::Unknown => Received::Ignored,
                Credited::Mismatch(_) => return Err(StripeWebhookError::Mismatch),
            })
        }
        stripe::CHECKOUT_EXPIRED => {
            let session_id = event.data.object["id"]
                .as_str()
                .ok_or_else(|| StripeWebhookError::Malformed("no session id".into()))?;
            let mut conn = app.db.conn().await?;
            payments::expire_session(&mut conn, session_id).await?;
            Ok(Received::Expired)
        }
        // Other events are acknowledged, so they are not resent.
        _ => Ok(Received::Ignored),
    }
}
