//! The product's Telegram bot, as the API uses it: the deep links that link a user, the
//! webhook that receives the bot's updates (`POST /webhooks/telegram`), and the webhook's
//! registration at start.
//!
//! A delivery must carry `X-Telegram-Bot-Api-Secret-Token` equal to `TELEGRAM_WEBHOOK_SECRET`
//! (compared in constant time) or it is refused with 401 and logged without the header or the
//! body. Without a webhook secret the route answers 404 and a cron job polls getUpdates
//! instead; both apply updates through `jobs::telegram::apply_update`.
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRef, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use connectors::telegram::{SECRET_HEADER, TelegramClient, TelegramError, Update, secret_matches};
use jobs::config::TelegramSettings;
use tokio::sync::OnceCell;

use crate::graphql::AppState;

pub const WEBHOOK_PATH: &str = "/webhooks/telegram";

/// An update is a small JSON object; anything bigger is not one we read.
const MAX_BODY_BYTES: usize = 256 * 1024;

/// The bot: its client, its settings, and its username (from the settings, or asked once).
#[derive(Clone)]
pub struct TelegramBot {
    pub client: TelegramClient,
    pub settings: TelegramSettings,
    username: std::sync::Arc<OnceCell<String>>,
}

impl TelegramBot {
    pub fn new(settings: &TelegramSettings) -> anyhow::Result<TelegramBot> {
        Ok(TelegramBot {
            client: settings.client().map_err(anyhow::Error::msg)?,
            settings: settings.clone(),
            username: std::sync::Arc::new(OnceCell::new()),
        })
    }

    /// The bot's username, for `https://t.me/<username>`.
    pub async fn username(&self) -> Result<String, TelegramError> {
        if let Some(name) = &self.settings.bot_username {
            return Ok(name.clone());
        }
        self.username
            .get_or_try_init(|| async {
                let me = self.client.get_me().await?;
                me.username.ok_or_else(|| TelegramError::Unavailable {
                    detail: "getMe answered no username".into(),
                })
            })
            .await
            .cloned()
    }

    /// Where the bot's updates go: the webhook at `public_url` when a secret is set; else none
    /// (polling), so a webhook left from an earlier setup does not keep updates from the poll.
    pub async fn register(&self, public_url: &str) {
        let result = match &self.settings.webhook_secret {
            Some(secret) => self
                .client
                .set_webhook(&format!("{public_url}{WEBHOOK_PATH}"), secret)
                .await
                .map(|_| "webhook registered"),
            None => self
                .client
                .delete_webhook()
                .await
                .map(|_| "polling getUpdates"),
        };
        match result {
            Ok(how) => tracing::info!("Telegram bot: {how}"),
            Err(e) => {
                tracing::warn!(error = %e, detail = e.detail().unwrap_or_default(), "Telegram bot: updates not set up")
            }
        }
    }
}

pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    Router::new()
        .route(WEBHOOK_PATH, post(webhook))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
}

async fn webhook(State(app): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let Some(secret) = app
        .telegram
        .as_ref()
        .and_then(|bot| bot.settings.webhook_secret.as_deref())
    else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let given = headers.get(SECRET_HEADER).and_then(|v| v.to_str().ok());
    if !secret_matches(given, secret) {
        tracing::warn!(
            bytes = body.len(),
            "Telegram webhook refused: wrong secret token"
        );
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let update: Update = match serde_json::from_slice(&body) {
        Ok(update) => update,
        Err(e) => {
            tracing::warn!(error = %e, "Telegram webhook not understood");
            return StatusCode::BAD_REQUEST.into_response();
        }
    };
    match jobs::telegram::apply_update(&app.db, &update).await {
        Ok(pending) => {
            app.dispatch(pending).await;
            StatusCode::OK.into_response()
        }
        Err(e) => {
            // Telegram delivers again later; the log has the cause.
            tracing::error!(error = %e, "Telegram update not applied");
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
    }
}
