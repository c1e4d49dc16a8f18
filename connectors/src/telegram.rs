//! The Telegram Bot API: `getMe`, `getUpdates`, `setWebhook`, `deleteWebhook`, `sendMessage`,
//! and the check of a webhook delivery's secret.
//!
//! The bot token is part of every request's path (`/bot<token>/<method>`), so no error of this
//! client carries a URL (reqwest's error text does: [`crate::describe`] strips it) nor an
//! answer's description unread: Telegram's descriptions never quote the token, but they are
//! passed through [`scrub`] anyway before they reach an error text.
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// The real Bot API host.
pub const DEFAULT_API_BASE: &str = "https://api.telegram.org";

/// The header a webhook delivery carries the secret in.
pub const SECRET_HEADER: &str = "X-Telegram-Bot-Api-Secret-Token";

#[derive(Clone)]
pub struct TelegramConfig {
    pub bot_token: String,
    /// `https://api.telegram.org`, or the sandbox's base.
    pub api_base: String,
    pub timeout: Duration,
}

impl std::fmt::Debug for TelegramConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramConfig")
            .field("api_base", &self.api_base)
            .finish_non_exhaustive()
    }
}

/// How a call failed; the text is written for the seller and never holds the token or a URL.
#[derive(Debug, Clone, thiserror::Error)]
pub enum TelegramError {
    /// 429: wait `retry_after` (Telegram's `parameters.retry_after`), then send again.
    #[error("Telegram asked us to slow down")]
    RateLimited { retry_after: Duration },
    /// The user blocked the bot (403), or the chat is gone (400 chat not found): nothing will
    /// reach them until they start the bot again.
    #[error("the Telegram user blocked the bot or the chat no longer exists")]
    Unreachable,
    /// 401 or 404 on the bot itself: the token is wrong or revoked.
    #[error("the Telegram bot's token was refused; the operator must check TELEGRAM_BOT_TOKEN")]
    Unauthorized,
    /// 409 on getUpdates: a webhook is set.
    #[error("Telegram delivers this bot's updates to a webhook")]
    WebhookActive,
    /// Another 4xx: the request itself is wrong.
    #[error("Telegram refused the message: {description}")]
    Rejected { status: u16, description: String },
    /// 5xx, a timeout, no connection, an answer we cannot read: try again later.
    #[error("Telegram could not be reached; trying again later")]
    Unavailable { detail: String },
}

impl TelegramError {
    /// Whether another attempt later may succeed.
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            TelegramError::RateLimited { .. } | TelegramError::Unavailable { .. }
        )
    }

    /// What the log may say beyond the text.
    pub fn detail(&self) -> Option<&str> {
        match self {
            TelegramError::Unavailable { detail } => Some(detail),
            _ => None,
        }
    }
}

/// A Telegram user, as updates describe them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    pub id: i64,
    #[serde(default)]
    pub is_bot: bool,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub username: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chat {
    pub id: i64,
    #[serde(default, rename = "type")]
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub message_id: i64,
    #[serde(default)]
    pub from: Option<User>,
    pub chat: Chat,
    #[serde(default)]
    pub date: i64,
    #[serde(default)]
    pub text: Option<String>,
}

/// One update; only what the bot reads is typed (messages), the rest is ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Update {
    pub update_id: i64,
    #[serde(default)]
    pub message: Option<Message>,
}

impl Update {
    /// The payload of `/start <payload>` (a deep link `https://t.me/<bot>?start=<payload>`),
    /// with the user and chat it came from.
    pub fn start_payload(&self) -> Option<(&str, &User, &Chat)> {
        let message = self.message.as_ref()?;
        let text = message.text.as_deref()?.trim();
        let rest = text.strip_prefix("/start")?;
        // `/start@bot_name payload` is how groups address one bot.
        let rest = match rest.strip_prefix('@') {
            Some(named) => named.split_once(' ').map(|(_, p)| p).unwrap_or(""),
            None => rest,
        };
        let payload = rest.trim();
        let from = message.from.as_ref()?;
        (!payload.is_empty()).then_some((payload, from, &message.chat))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseMode {
    Html,
}

#[derive(Deserialize)]
struct Envelope {
    ok: bool,
    #[serde(default)]
    result: Option<Value>,
    #[serde(default)]
    error_code: Option<u16>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    parameters: Option<Parameters>,
}

#[derive(Deserialize)]
struct Parameters {
    #[serde(default)]
    retry_after: Option<u64>,
}

#[derive(Clone)]
pub struct TelegramClient {
    http: reqwest::Client,
    config: TelegramConfig,
}

impl std::fmt::Debug for TelegramClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramClient")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl TelegramClient {
    pub fn new(config: TelegramConfig) -> Result<TelegramClient, TelegramError> {
        // Long polls wait up to their own timeout; each call adds it to this one.
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .build()
            .map_err(|e| TelegramError::Unavailable {
                detail: crate::describe(e),
            })?;
        Ok(TelegramClient { http, config })
    }

    pub async fn get_me(&self) -> Result<User, TelegramError> {
        self.call("getMe", json!({}), Duration::ZERO).await
    }

    /// Updates from `offset` on (confirming every one below it); waits up to `timeout` for one
    /// to arrive.
    pub async fn get_updates(
        &self,
        offset: Option<i64>,
        limit: u32,
        timeout: Duration,
    ) -> Result<Vec<Update>, TelegramError> {
        let mut params = json!({ "limit": limit.clamp(1, 100), "timeout": timeout.as_secs(), "allowed_updates": ["message"] });
        if let Some(offset) = offset {
            params["offset"] = json!(offset);
        }
        // Updates of kinds we do not read arrive anyway from some servers: read them loosely.
        let raw: Vec<Value> = self.call("getUpdates", params, timeout).await?;
        Ok(raw
            .into_iter()
            .filter_map(|u| serde_json::from_value(u).ok())
            .collect())
    }

    pub async fn set_webhook(&self, url: &str, secret_token: &str) -> Result<bool, TelegramError> {
        self.call(
            "setWebhook",
            json!({ "url": url, "secret_token": secret_token, "allowed_updates": ["message"] }),
            Duration::ZERO,
        )
        .await
    }

    pub async fn delete_webhook(&self) -> Result<bool, TelegramError> {
        self.call("deleteWebhook", json!({}), Duration::ZERO).await
    }

    pub async fn send_message(
        &self,
        chat_id: i64,
        text: &str,
        parse_mode: Option<ParseMode>,
    ) -> Result<Message, TelegramError> {
        let mut params = json!({ "chat_id": chat_id, "text": text, "link_preview_options": { "is_disabled": true } });
        if let Some(ParseMode::Html) = parse_mode {
            params["parse_mode"] = json!("HTML");
        }
        self.call("sendMessage", params, Duration::ZERO).await
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
        long_poll: Duration,
    ) -> Result<T, TelegramError> {
        let url = format!(
            "{}/bot{}/{method}",
            self.config.api_base.trim_end_matches('/'),
            self.config.bot_token
        );
        let response = self
            .http
            .post(url)
            .timeout(self.config.timeout + long_poll)
            .json(&params)
            .send()
            .await
            .map_err(|e| TelegramError::Unavailable {
                detail: self.scrub(&crate::describe(e)),
            })?;
        let status = response.status().as_u16();
        let retry_after_header = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        let body = response
            .bytes()
            .await
            .map_err(|e| TelegramError::Unavailable {
                detail: self.scrub(&crate::describe(e)),
            })?;
        let envelope: Option<Envelope> = serde_json::from_slice(&body).ok();
        match envelope {
            Some(Envelope {
                ok: true,
                result: Some(result),
                ..
            }) if status < 300 => {
                serde_json::from_value(result).map_err(|e| TelegramError::Unavailable {
                    detail: format!("{method}: unexpected result: {e}"),
                })
            }
            Some(envelope) => Err(self.classify(
                method,
                envelope.error_code.unwrap_or(status),
                envelope.description.unwrap_or_default(),
                envelope
                    .parameters
                    .and_then(|p| p.retry_after)
                    .or(retry_after_header),
            )),
            None => Err(self.classify(method, status, String::new(), retry_after_header)),
        }
    }

    fn classify(
        &self,
        method: &str,
        code: u16,
        description: String,
        retry_after: Option<u64>,
    ) -> TelegramError {
        let description = self.scrub(&description);
        let lower = description.to_ascii_lowercase();
        match code {
            429 => TelegramError::RateLimited {
                retry_after: Duration::from_secs(retry_after.unwrap_or(1).max(1)),
            },
            401 | 404 => TelegramError::Unauthorized,
            403 => TelegramError::Unreachable,
            400 if lower.contains("chat not found") || lower.contains("user is deactivated") => {
                TelegramError::Unreachable
            }
            409 => TelegramError::WebhookActive,
            500.. => TelegramError::Unavailable {
                detail: format!("{method}: {code} {description}"),
            },
            _ => TelegramError::Rejected {
                status: code,
                description,
            },
        }
    }

    /// `text` without the token, should an answer or a cause ever quote it.
    fn scrub(&self, text: &str) -> String {
        scrub_token(text, &self.config.bot_token)
    }
}

/// `text` with every occurrence of `token` (and of its secret half) replaced.
pub fn scrub_token(text: &str, token: &str) -> String {
    let mut out = crate::redact_urls(text);
    if !token.is_empty() {
        out = out.replace(token, "<token>");
        if let Some((_, secret)) = token.split_once(':')
            && !secret.is_empty()
        {
            out = out.replace(secret, "<token>");
        }
    }
    out
}

/// Whether a webhook delivery's `X-Telegram-Bot-Api-Secret-Token` is `expected`, compared in
/// constant time (digests of both, so their lengths do not show either).
pub fn secret_matches(given: Option<&str>, expected: &str) -> bool {
    let Some(given) = given else {
        return false;
    };
    if expected.is_empty() {
        return false;
    }
    let a = Sha256::digest(given.as_bytes());
    let b = Sha256::digest(expected.as_bytes());
    a.iter()
        .zip(b.iter())
        .fold(0u8, |acc, (x, y)| acc | (x ^ y))
        == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(base: &str, token: &str) -> TelegramClient {
        TelegramClient::new(TelegramConfig {
            bot_token: token.to_owned(),
            api_base: base.to_owned(),
            timeout: Duration::from_secs(5),
        })
        .expect("client")
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(secret_matches(Some("abc_DEF-1"), "abc_DEF-1"));
        assert!(!secret_matches(Some("abc_DEF-2"), "abc_DEF-1"));
        assert!(!secret_matches(Some(""), "abc"));
        assert!(!secret_matches(None, "abc"));
        assert!(!secret_matches(Some(""), ""));
    }

    #[test]
    fn start_payloads_are_read_from_commands() {
        let update: Update = serde_json::from_value(json!({
            "update_id": 7,
            "message": { "message_id": 1, "from": { "id": 5, "first_name": "Ann" }, "chat": { "id": 5, "type": "private" }, "date": 0, "text": "/start abc123" }
        }))
        .expect("update");
        let (payload, from, chat) = update.start_payload().expect("a start");
        assert_eq!((payload, from.id, chat.id), ("abc123", 5, 5));
        let plain: Update = serde_json::from_value(json!({
            "update_id": 8,
            "message": { "message_id": 2, "from": { "id": 5, "first_name": "Ann" }, "chat": { "id": 5 }, "text": "/start" }
        }))
        .expect("update");
        assert!(plain.start_payload().is_none());
    }

    #[tokio::test]
    async fn the_sandbox_answers_typed_and_errors_never_hold_the_token() {
        let handle = sandbox::telegram::start(sandbox::telegram::TelegramConfig::default())
            .await
            .expect("sandbox");
        let token = handle.sandbox().bot_token();
        let bot = client(handle.base_url(), &token);
        let me = bot.get_me().await.expect("getMe");
        assert_eq!(me.username.as_deref(), Some("sellerdesk_sandbox_bot"));

        let wrong = client(handle.base_url(), "123:not-the-token");
        assert!(matches!(
            wrong.get_me().await,
            Err(TelegramError::Unauthorized)
        ));

        let user = sandbox::telegram::TelegramUser {
            id: 4242,
            first_name: "Ann".into(),
            last_name: Some("Lee".into()),
            username: Some("annlee".into()),
        };
        handle.sandbox().open_deep_link(&user, "tok");
        let updates = bot
            .get_updates(None, 10, Duration::ZERO)
            .await
            .expect("updates");
        assert_eq!(updates.len(), 1);
        assert_eq!(updates[0].start_payload().map(|p| p.0), Some("tok"));
        // Confirmed by the next offset.
        let next = bot
            .get_updates(Some(updates[0].update_id + 1), 10, Duration::ZERO)
            .await
            .expect("updates");
        assert!(next.is_empty());

        let sent = bot
            .send_message(4242, "hello", Some(ParseMode::Html))
            .await
            .expect("sent");
        assert_eq!(sent.chat.id, 4242);
        // One a second per chat.
        match bot.send_message(4242, "again", None).await {
            Err(TelegramError::RateLimited { retry_after }) => {
                assert!(retry_after >= Duration::from_secs(1))
            }
            other => panic!("expected 429, got {other:?}"),
        }
        assert!(matches!(
            bot.send_message(999, "nobody", None).await,
            Err(TelegramError::Unreachable)
        ));
        handle.sandbox().block(4242);
        tokio::time::sleep(Duration::from_millis(1100)).await;
        assert!(matches!(
            bot.send_message(4242, "blocked", None).await,
            Err(TelegramError::Unreachable)
        ));

        assert!(
            bot.set_webhook("http://127.0.0.1:9/hook", "s3cret")
                .await
                .expect("set")
        );
        assert!(matches!(
            bot.get_updates(None, 1, Duration::ZERO).await,
            Err(TelegramError::WebhookActive)
        ));
        assert!(bot.delete_webhook().await.expect("delete"));

        // Nothing reachable: the error names neither the URL nor the token.
        let down = client("http://127.0.0.1:9", &token);
        let e = down.get_me().await.expect_err("refused");
        let text = format!("{e} {:?} {}", e, e.detail().unwrap_or_default());
        assert!(!text.contains(&token), "{text}");
        assert!(!text.contains("127.0.0.1:9/bot"), "{text}");
    }
}
