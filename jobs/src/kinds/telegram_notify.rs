//! `telegram.notify`: sends one message to one user's Telegram chat (or to one chat, for the
//! bot's answer to a link that did not work), once.
//!
//! Errors: a 429 reschedules after Telegram's `retry_after` without spending an attempt; a user
//! who blocked the bot (or whose chat is gone) loses the link and the job fails for good; an
//! unreachable Telegram retries; a refused token fails for good.
use connectors::telegram::{ParseMode, TelegramError};
use domain::event_histories::{self, EventHistory};
use domain::telegram;
use serde::{Deserialize, Serialize};

use super::JobKind;
use crate::JobError;
use crate::context::JobContext;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TelegramNotify {
    /// The user whose linked chat receives it; sent nowhere when they are no longer linked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    /// A chat with no user behind it (an answer to the bot's own user).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_id: Option<i64>,
    /// The alert's key: one message per key and recipient, ever.
    pub key: String,
    /// Telegram HTML.
    pub text: String,
}

impl TelegramNotify {
    pub fn to_user(user_id: &str, key: &str, text: &str) -> TelegramNotify {
        TelegramNotify {
            user_id: Some(user_id.to_owned()),
            chat_id: None,
            key: key.to_owned(),
            text: text.to_owned(),
        }
    }

    pub fn to_chat(chat_id: i64, key: &str, text: &str) -> TelegramNotify {
        TelegramNotify {
            user_id: None,
            chat_id: Some(chat_id),
            key: key.to_owned(),
            text: text.to_owned(),
        }
    }
}

impl From<TelegramError> for JobError {
    fn from(e: TelegramError) -> Self {
        if let Some(detail) = e.detail() {
            tracing::warn!(error = detail, "Telegram call failed");
        }
        match e {
            TelegramError::RateLimited { retry_after } => JobError::RateLimited {
                after: retry_after,
                message: e.to_string(),
            },
            TelegramError::Unavailable { .. } | TelegramError::WebhookActive => {
                JobError::Retry(e.to_string())
            }
            TelegramError::Unreachable
            | TelegramError::Unauthorized
            | TelegramError::Rejected { .. } => JobError::Permanent(e.to_string()),
        }
    }
}

impl JobKind for TelegramNotify {
    const NAME: &'static str = "telegram.notify";

    fn dedupe_key(&self) -> Option<String> {
        let to = match (&self.user_id, self.chat_id) {
            (Some(user), _) => format!("user:{user}"),
            (None, Some(chat)) => format!("chat:{chat}"),
            (None, None) => "nobody".to_owned(),
        };
        Some(format!("telegram:{}:{to}", self.key))
    }

    async fn run(self, ctx: &JobContext, job: &EventHistory) -> Result<(), JobError> {
        let effect = format!("telegram:{}", job.id);
        let mut conn = ctx.db.conn().await?;
        if event_histories::effect_exists(&mut conn, &effect).await? {
            return Ok(());
        }
        let chat_id = match (&self.user_id, self.chat_id) {
            (Some(user_id), _) => match telegram::link_of_user(&mut conn, user_id).await? {
                Some(link) => link.chat_id,
                // Disconnected since: the user wants nothing more.
                None => return Ok(()),
            },
            (None, Some(chat_id)) => chat_id,
            (None, None) => return Err(JobError::Permanent("the message has no recipient".into())),
        };
        drop(conn);
        let bot = ctx
            .telegram
            .as_ref()
            .ok_or_else(|| JobError::Permanent("no Telegram bot is configured".into()))?;
        match bot
            .send_message(chat_id, &self.text, Some(ParseMode::Html))
            .await
        {
            Ok(_) => {}
            Err(TelegramError::Unreachable) => {
                if let Some(user_id) = &self.user_id {
                    let mut conn = ctx.db.conn().await?;
                    telegram::drop_link(&mut conn, user_id, chat_id).await?;
                    tracing::info!(user = %user_id, "the user blocked the Telegram bot; link removed");
                }
                return Err(JobError::Permanent(
                    "the Telegram user blocked the bot or deleted the chat; the link was removed"
                        .into(),
                ));
            }
            Err(e) => return Err(e.into()),
        }
        let mut conn = ctx.db.conn().await?;
        event_histories::record_effect(&mut conn, &effect, &job.id, None).await?;
        Ok(())
    }
}
