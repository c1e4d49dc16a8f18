//! A stand-in for the Telegram Bot API (`https://api.telegram.org/bot<token>/<method>`), with
//! in-memory state: one bot, the updates its users send it, its webhook, and the messages it
//! sends.
//!
//! What it speaks, as Telegram does:
//! - `GET` or `POST` `/bot<token>/<method>` with parameters in the query string, a JSON body or
//!   a form body; method names are case-insensitive.
//! - `getMe`, `getUpdates` (`offset`, `limit`, `timeout`: updates below `offset` are
//!   confirmed and forgotten; `timeout` long-polls), `setWebhook` (`url`, `secret_token`),
//!   `deleteWebhook`, `getWebhookInfo`, `sendMessage` (`chat_id`, `text`, `parse_mode`).
//! - The envelope `{"ok":true,"result":…}` or `{"ok":false,"error_code":N,"description":"…"}`
//!   with the statuses Telegram answers: 401 for a bad token, 404 for an unknown method, 400
//!   "Bad Request: chat not found", 403 "Forbidden: bot was blocked by the user", 409 for
//!   getUpdates while a webhook is set, and 429 with `parameters.retry_after`.
//! - Limits: one message a second to one chat, thirty a second overall.
//! - With a webhook set, every update is POSTed to it with the header
//!   `X-Telegram-Bot-Api-Secret-Token`; one the receiver does not take with a 2xx is tried
//!   again a few times, then stays pending as Telegram keeps it.
//!
//! Where Telegram's documentation is silent the stand-in chooses: a chat is known once its user
//! wrote to the bot (a private chat's id is the user's id); `parse_mode` HTML or MarkdownV2 is
//! accepted and the text stored as sent.
//!
//! Control routes (never faulted, never rate limited) live under `/__sandbox/telegram/…`:
//! `POST start` (a user opens `https://t.me/<bot>?start=<payload>`), `POST block` and
//! `POST unblock` (a user blocks the bot), `GET chats/{chat_id}/messages`, `GET ledger`,
//! `POST throttle` (the next sends answer 429).
use std::collections::{HashMap, HashSet, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use tokio::net::TcpListener;
use tokio::sync::{Notify, oneshot};
use tokio::task::JoinHandle;

use crate::providers::Faults;

/// Messages one chat may receive per second.
const PER_CHAT_PER_SECOND: usize = 1;
/// Messages the bot may send per second, over all chats.
const OVERALL_PER_SECOND: usize = 30;
/// The longest `getUpdates` timeout honoured, in seconds (Telegram allows 50).
const MAX_POLL_SECS: u64 = 50;
/// Telegram's `sendMessage` text limit, in characters.
const MAX_TEXT_CHARS: usize = 4096;

#[derive(Debug, Clone)]
pub struct TelegramConfig {
    /// The bot's token, `<bot id>:<secret>` as BotFather hands it out.
    pub bot_token: String,
    pub bot_username: String,
    pub faults: Faults,
    /// Whether the per-chat and overall limits answer 429.
    pub rate_limits: bool,
    pub seed: u64,
}

impl Default for TelegramConfig {
    fn default() -> Self {
        TelegramConfig::generated(23)
    }
}

impl TelegramConfig {
    /// A bot with a token drawn from `seed`, named `sellerdesk_sandbox_bot`.
    pub fn generated(seed: u64) -> TelegramConfig {
        let mut rng = StdRng::seed_from_u64(seed ^ u64::from(std::process::id()));
        let id: u64 = rng.random_range(1_000_000_000..9_999_999_999);
        let secret: String = (0..35)
            .map(|_| {
                const ALPHABET: &[u8] =
                    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
                ALPHABET[rng.random_range(0..ALPHABET.len())] as char
            })
            .collect();
        TelegramConfig {
            bot_token: format!("{id}:{secret}"),
            bot_username: "sellerdesk_sandbox_bot".into(),
            faults: Faults::default(),
            rate_limits: true,
            seed,
        }
    }

    /// Defaults with faults from `SANDBOX_ERROR_RATE`, `SANDBOX_THROTTLE_RATE` and
    /// `SANDBOX_LATENCY_MS`.
    pub fn from_env() -> TelegramConfig {
        let rate = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|r| (0.0..=1.0).contains(r))
                .unwrap_or(0.0)
        };
        let mut config = TelegramConfig::default();
        config.faults.error_rate = rate("SANDBOX_ERROR_RATE");
        config.faults.throttle_rate = rate("SANDBOX_THROTTLE_RATE");
        config.faults.latency_ms = std::env::var("SANDBOX_LATENCY_MS")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        config
    }

    /// The bot's numeric id: the part of the token before the colon.
    pub fn bot_id(&self) -> i64 {
        self.bot_token
            .split(':')
            .next()
            .and_then(|id| id.parse().ok())
            .unwrap_or(1)
    }
}

/// A Telegram user, as a control route or a test describes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TelegramUser {
    pub id: i64,
    pub first_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
}

/// A message the bot sent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SentMessage {
    pub message_id: i64,
    pub chat_id: i64,
    pub text: String,
    pub parse_mode: Option<String>,
    pub at: DateTime<Utc>,
}

/// One Bot API call the stand-in answered. The token is never recorded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LedgerEntry {
    pub seq: u64,
    pub at: DateTime<Utc>,
    pub http_method: String,
    /// The Bot API method as called (`sendMessage`).
    pub method: String,
    pub status: u16,
    pub chat_id: Option<i64>,
    /// `throttle`, `error`, `rate_limit` when the answer was a fault or a limit.
    pub fault: Option<String>,
}

/// One webhook delivery and the receiver's answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Delivery {
    pub update_id: i64,
    pub url: String,
    /// The receiver's status; `None` when it could not be reached.
    pub status: Option<u16>,
    pub at: DateTime<Utc>,
}

struct Webhook {
    url: String,
    secret: Option<String>,
}

struct Inner {
    config: TelegramConfig,
    rng: StdRng,
    next_update_id: i64,
    next_message_id: i64,
    seq: u64,
    /// Updates not yet confirmed (getUpdates) or delivered (webhook).
    pending: VecDeque<Value>,
    webhook: Option<Webhook>,
    users: HashMap<i64, TelegramUser>,
    blocked: HashSet<i64>,
    messages: Vec<SentMessage>,
    ledger: Vec<LedgerEntry>,
    deliveries: Vec<Delivery>,
    sends_per_chat: HashMap<i64, VecDeque<Instant>>,
    sends: VecDeque<Instant>,
    /// The next this many sends answer 429 with this retry_after.
    throttle_next: (u32, u64),
}

/// The stand-in's state; cheap to clone.
#[derive(Clone)]
pub struct TelegramSandbox {
    inner: Arc<Mutex<Inner>>,
    arrived: Arc<Notify>,
    http: reqwest::Client,
}

impl TelegramSandbox {
    pub fn new(config: TelegramConfig) -> TelegramSandbox {
        let rng = StdRng::seed_from_u64(config.seed);
        TelegramSandbox {
            inner: Arc::new(Mutex::new(Inner {
                config,
                rng,
                next_update_id: 100_000_000,
                next_message_id: 1,
                seq: 0,
                pending: VecDeque::new(),
                webhook: None,
                users: HashMap::new(),
                blocked: HashSet::new(),
                messages: Vec::new(),
                ledger: Vec::new(),
                deliveries: Vec::new(),
                sends_per_chat: HashMap::new(),
                sends: VecDeque::new(),
                throttle_next: (0, 0),
            })),
            arrived: Arc::new(Notify::new()),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .unwrap_or_default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn bot_token(&self) -> String {
        self.lock().config.bot_token.clone()
    }

    pub fn bot_username(&self) -> String {
        self.lock().config.bot_username.clone()
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/{bot}/{method}", any(bot_api))
            .route("/__sandbox/telegram/start", post(control_start))
            .route("/__sandbox/telegram/block", post(control_block))
            .route("/__sandbox/telegram/unblock", post(control_unblock))
            .route("/__sandbox/telegram/throttle", post(control_throttle))
            .route(
                "/__sandbox/telegram/chats/{chat_id}/messages",
                get(control_messages),
            )
            .route("/__sandbox/telegram/ledger", get(control_ledger))
            .with_state(self.clone())
    }

    /// `user` opens `https://t.me/<bot>?start=<payload>` and presses Start: the bot receives
    /// a message `/start <payload>` in the user's private chat. Answers the update's id.
    pub fn open_deep_link(&self, user: &TelegramUser, payload: &str) -> i64 {
        self.user_writes(user, &format!("/start {payload}"))
    }

    /// `user` writes `text` to the bot in their private chat. Answers the update's id.
    pub fn user_writes(&self, user: &TelegramUser, text: &str) -> i64 {
        let (update_id, update) = {
            let mut inner = self.lock();
            inner.users.insert(user.id, user.clone());
            // Writing to a bot again (Start after a block) unblocks it, as in the app.
            inner.blocked.remove(&user.id);
            let update_id = inner.next_update_id;
            inner.next_update_id += 1;
            let message_id = inner.next_message_id;
            inner.next_message_id += 1;
            let from = user_json(user);
            let mut chat = from.clone();
            if let Some(chat) = chat.as_object_mut() {
                chat.remove("is_bot");
                chat.insert("type".into(), json!("private"));
            }
            let mut message = json!({
                "message_id": message_id,
                "from": from,
                "chat": chat,
                "date": Utc::now().timestamp(),
                "text": text,
            });
            if let Some(command) = text
                .split_whitespace()
                .next()
                .filter(|c| c.starts_with('/'))
            {
                message["entities"] = json!([{
                    "offset": 0,
                    "length": command.encode_utf16().count(),
                    "type": "bot_command",
                }]);
            }
            let update = json!({ "update_id": update_id, "message": message });
            inner.pending.push_back(update.clone());
            (update_id, update)
        };
        self.arrived.notify_waiters();
        self.deliver(update);
        update_id
    }

    /// The user blocks the bot: sends to their chat answer 403 from now on.
    pub fn block(&self, user_id: i64) {
        self.lock().blocked.insert(user_id);
    }

    pub fn unblock(&self, user_id: i64) {
        self.lock().blocked.remove(&user_id);
    }

    /// The next `count` sends answer 429 with `retry_after` seconds.
    pub fn throttle_next(&self, count: u32, retry_after_secs: u64) {
        self.lock().throttle_next = (count, retry_after_secs.max(1));
    }

    /// Turns the per-chat and overall limits on or off.
    pub fn set_rate_limits(&self, on: bool) {
        self.lock().config.rate_limits = on;
    }

    pub fn set_faults(&self, faults: Faults) {
        self.lock().config.faults = faults;
    }

    /// The messages the bot sent to `chat_id`, oldest first.
    pub fn messages(&self, chat_id: i64) -> Vec<SentMessage> {
        self.lock()
            .messages
            .iter()
            .filter(|m| m.chat_id == chat_id)
            .cloned()
            .collect()
    }

    pub fn ledger(&self) -> Vec<LedgerEntry> {
        self.lock().ledger.clone()
    }

    pub fn deliveries(&self) -> Vec<Delivery> {
        self.lock().deliveries.clone()
    }

    /// The webhook's URL, when one is set.
    pub fn webhook_url(&self) -> Option<String> {
        self.lock().webhook.as_ref().map(|w| w.url.clone())
    }

    /// Posts pending updates to the webhook, when one is set; each one the receiver takes is
    /// forgotten.
    fn deliver(&self, update: Value) {
        let Some((url, secret)) = self
            .lock()
            .webhook
            .as_ref()
            .map(|w| (w.url.clone(), w.secret.clone()))
        else {
            return;
        };
        let sandbox = self.clone();
        tokio::spawn(async move {
            let update_id = update["update_id"].as_i64().unwrap_or_default();
            for attempt in 0..4u32 {
                if attempt > 0 {
                    tokio::time::sleep(Duration::from_millis(500 * u64::from(attempt))).await;
                }
                let mut request = sandbox.http.post(&url).json(&update);
                if let Some(secret) = &secret {
                    request = request.header("X-Telegram-Bot-Api-Secret-Token", secret);
                }
                let status = request.send().await.ok().map(|r| r.status().as_u16());
                let mut inner = sandbox.lock();
                inner.deliveries.push(Delivery {
                    update_id,
                    url: url.clone(),
                    status,
                    at: Utc::now(),
                });
                if status.is_some_and(|s| (200..300).contains(&s)) {
                    inner
                        .pending
                        .retain(|u| u["update_id"].as_i64() != Some(update_id));
                    return;
                }
            }
        });
    }
}

fn user_json(user: &TelegramUser) -> Value {
    let mut from = json!({ "id": user.id, "is_bot": false, "first_name": user.first_name });
    if let Some(last) = &user.last_name {
        from["last_name"] = json!(last);
    }
    if let Some(username) = &user.username {
        from["username"] = json!(username);
    }
    from
}

/// A Bot API failure: its status, description and, for 429, the seconds to wait.
struct BotError {
    code: u16,
    description: String,
    retry_after: Option<u64>,
}

impl BotError {
    fn new(code: u16, description: impl Into<String>) -> BotError {
        BotError {
            code,
            description: description.into(),
            retry_after: None,
        }
    }

    fn too_many(retry_after: u64) -> BotError {
        BotError {
            code: 429,
            description: format!("Too Many Requests: retry after {retry_after}"),
            retry_after: Some(retry_after),
        }
    }

    fn bad_request(what: &str) -> BotError {
        BotError::new(400, format!("Bad Request: {what}"))
    }
}

fn ok(result: Value) -> Response {
    (
        StatusCode::OK,
        axum::Json(json!({ "ok": true, "result": result })),
    )
        .into_response()
}

fn failure(e: &BotError) -> Response {
    let mut body = json!({ "ok": false, "error_code": e.code, "description": e.description });
    if let Some(after) = e.retry_after {
        body["parameters"] = json!({ "retry_after": after });
    }
    let status = StatusCode::from_u16(e.code).unwrap_or(StatusCode::BAD_REQUEST);
    (status, axum::Json(body)).into_response()
}

/// The request's parameters: the query string, then a JSON or form body over it.
fn parameters(
    query: &HashMap<String, String>,
    headers: &HeaderMap,
    body: &[u8],
) -> Map<String, Value> {
    let mut params: Map<String, Value> = query
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    if body.is_empty() {
        return params;
    }
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if content_type.starts_with("application/json") {
        if let Ok(Value::Object(map)) = serde_json::from_slice::<Value>(body) {
            params.extend(map);
        }
    } else {
        for (k, v) in form_urlencoded::parse(body) {
            params.insert(k.into_owned(), Value::String(v.into_owned()));
        }
    }
    params
}

/// An integer parameter given as a number or as text.
fn int(params: &Map<String, Value>, name: &str) -> Option<i64> {
    match params.get(name)? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn text(params: &Map<String, Value>, name: &str) -> Option<String> {
    match params.get(name)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

async fn bot_api(
    State(sandbox): State<TelegramSandbox>,
    Path((bot, method)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
    http_method: axum::http::Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let params = parameters(&query, &headers, &body);
    let method_lower = method.to_ascii_lowercase();
    let (latency, fault) = {
        let mut inner = sandbox.lock();
        let faults = inner.config.faults;
        let throttle =
            faults.throttle_rate > 0.0 && inner.rng.random_bool(faults.throttle_rate.min(1.0));
        let error = !throttle
            && faults.error_rate > 0.0
            && inner.rng.random_bool(faults.error_rate.min(1.0));
        (faults.latency_ms, (throttle, error))
    };
    if latency > 0 {
        tokio::time::sleep(Duration::from_millis(latency)).await;
    }
    let token_ok = bot
        .strip_prefix("bot")
        .is_some_and(|token| token == sandbox.lock().config.bot_token);
    let (answer, fault_name) = if !token_ok {
        (Err(BotError::new(401, "Unauthorized")), None)
    } else if fault.0 {
        (Err(BotError::too_many(1)), Some("throttle"))
    } else if fault.1 {
        (
            Err(BotError::new(500, "Internal Server Error")),
            Some("error"),
        )
    } else {
        match method_lower.as_str() {
            "getme" => (Ok(get_me(&sandbox)), None),
            "getupdates" => (get_updates(&sandbox, &params).await, None),
            "setwebhook" => (set_webhook(&sandbox, &params), None),
            "deletewebhook" => (delete_webhook(&sandbox, &params), None),
            "getwebhookinfo" => (Ok(webhook_info(&sandbox)), None),
            "sendmessage" => {
                let answer = send_message(&sandbox, &params);
                let limited = matches!(&answer, Err(e) if e.code == 429);
                (answer, limited.then_some("rate_limit"))
            }
            _ => (Err(BotError::new(404, "Not Found")), None),
        }
    };
    let status = match &answer {
        Ok(_) => 200,
        Err(e) => e.code,
    };
    {
        let mut inner = sandbox.lock();
        inner.seq += 1;
        let seq = inner.seq;
        inner.ledger.push(LedgerEntry {
            seq,
            at: Utc::now(),
            http_method: http_method.to_string(),
            method: method.clone(),
            status,
            chat_id: int(&params, "chat_id"),
            fault: fault_name.map(str::to_owned),
        });
    }
    match answer {
        Ok(result) => ok(result),
        Err(e) => failure(&e),
    }
}

fn get_me(sandbox: &TelegramSandbox) -> Value {
    let inner = sandbox.lock();
    json!({
        "id": inner.config.bot_id(),
        "is_bot": true,
        "first_name": "Sellerdesk",
        "username": inner.config.bot_username,
        "can_join_groups": false,
        "can_read_all_group_messages": false,
        "supports_inline_queries": false,
    })
}

async fn get_updates(
    sandbox: &TelegramSandbox,
    params: &Map<String, Value>,
) -> Result<Value, BotError> {
    let offset = int(params, "offset");
    let limit = int(params, "limit").unwrap_or(100).clamp(1, 100) as usize;
    let timeout = int(params, "timeout")
        .unwrap_or(0)
        .clamp(0, MAX_POLL_SECS as i64) as u64;
    let deadline = Instant::now() + Duration::from_secs(timeout);
    loop {
        // Registered before looking, so an update that arrives in between wakes this call.
        let arrived = sandbox.arrived.notified();
        {
            let mut inner = sandbox.lock();
            if inner.webhook.is_some() {
                return Err(BotError::new(
                    409,
                    "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
                ));
            }
            if let Some(offset) = offset {
                // Telegram: an offset confirms every update below it; a negative one counts
                // from the end of the queue.
                if offset >= 0 {
                    inner
                        .pending
                        .retain(|u| u["update_id"].as_i64().is_some_and(|id| id >= offset));
                } else {
                    let keep = offset.unsigned_abs() as usize;
                    while inner.pending.len() > keep {
                        inner.pending.pop_front();
                    }
                }
            }
            if !inner.pending.is_empty() || Instant::now() >= deadline {
                let updates: Vec<Value> = inner.pending.iter().take(limit).cloned().collect();
                return Ok(Value::Array(updates));
            }
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let _ = tokio::time::timeout(left, arrived).await;
    }
}

fn set_webhook(sandbox: &TelegramSandbox, params: &Map<String, Value>) -> Result<Value, BotError> {
    let url = text(params, "url").unwrap_or_default();
    if url.is_empty() {
        sandbox.lock().webhook = None;
        return Ok(json!(true));
    }
    if !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(BotError::bad_request(
            "bad webhook: An HTTPS URL must be provided for webhook",
        ));
    }
    let secret = text(params, "secret_token").filter(|s| !s.is_empty());
    if let Some(secret) = &secret
        && (secret.len() > 256
            || !secret
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
    {
        return Err(BotError::bad_request(
            "secret token contains unallowed characters",
        ));
    }
    let drop_pending = text(params, "drop_pending_updates").is_some_and(|v| v == "true");
    let pending: Vec<Value> = {
        let mut inner = sandbox.lock();
        inner.webhook = Some(Webhook { url, secret });
        if drop_pending {
            inner.pending.clear();
        }
        inner.pending.iter().cloned().collect()
    };
    for update in pending {
        sandbox.deliver(update);
    }
    Ok(json!(true))
}

fn delete_webhook(
    sandbox: &TelegramSandbox,
    params: &Map<String, Value>,
) -> Result<Value, BotError> {
    let mut inner = sandbox.lock();
    inner.webhook = None;
    if text(params, "drop_pending_updates").is_some_and(|v| v == "true") {
        inner.pending.clear();
    }
    Ok(json!(true))
}

fn webhook_info(sandbox: &TelegramSandbox) -> Value {
    let inner = sandbox.lock();
    json!({
        "url": inner.webhook.as_ref().map(|w| w.url.clone()).unwrap_or_default(),
        "has_custom_certificate": false,
        "pending_update_count": inner.pending.len(),
    })
}

fn send_message(sandbox: &TelegramSandbox, params: &Map<String, Value>) -> Result<Value, BotError> {
    let Some(chat_id) = int(params, "chat_id") else {
        return Err(match params.get("chat_id") {
            None => BotError::bad_request("chat_id is empty"),
            Some(_) => BotError::bad_request("chat not found"),
        });
    };
    let body = text(params, "text").unwrap_or_default();
    if body.trim().is_empty() {
        return Err(BotError::bad_request("message text is empty"));
    }
    if body.chars().count() > MAX_TEXT_CHARS {
        return Err(BotError::bad_request("message is too long"));
    }
    let parse_mode = text(params, "parse_mode").filter(|p| !p.is_empty());
    if let Some(mode) = &parse_mode
        && !["HTML", "Markdown", "MarkdownV2"].contains(&mode.as_str())
    {
        return Err(BotError::bad_request("unsupported parse_mode"));
    }
    let mut inner = sandbox.lock();
    let Some(user) = inner.users.get(&chat_id).cloned() else {
        return Err(BotError::bad_request("chat not found"));
    };
    if inner.blocked.contains(&chat_id) {
        return Err(BotError::new(403, "Forbidden: bot was blocked by the user"));
    }
    if inner.throttle_next.0 > 0 {
        inner.throttle_next.0 -= 1;
        return Err(BotError::too_many(inner.throttle_next.1));
    }
    let now = Instant::now();
    if inner.config.rate_limits {
        let second = Duration::from_secs(1);
        let overall_full = {
            let sends = &mut inner.sends;
            while sends
                .front()
                .is_some_and(|t| now.duration_since(*t) >= second)
            {
                sends.pop_front();
            }
            sends.len() >= OVERALL_PER_SECOND
        };
        let chat = inner.sends_per_chat.entry(chat_id).or_default();
        while chat
            .front()
            .is_some_and(|t| now.duration_since(*t) >= second)
        {
            chat.pop_front();
        }
        if overall_full || chat.len() >= PER_CHAT_PER_SECOND {
            return Err(BotError::too_many(1));
        }
        chat.push_back(now);
        inner.sends.push_back(now);
    }
    let message_id = inner.next_message_id;
    inner.next_message_id += 1;
    let at = Utc::now();
    inner.messages.push(SentMessage {
        message_id,
        chat_id,
        text: body.clone(),
        parse_mode,
        at,
    });
    let bot = json!({
        "id": inner.config.bot_id(),
        "is_bot": true,
        "first_name": "Sellerdesk",
        "username": inner.config.bot_username,
    });
    let mut chat = user_json(&user);
    if let Some(chat) = chat.as_object_mut() {
        chat.remove("is_bot");
        chat.insert("type".into(), json!("private"));
    }
    Ok(json!({
        "message_id": message_id,
        "from": bot,
        "chat": chat,
        "date": at.timestamp(),
        "text": body,
    }))
}

#[derive(Deserialize)]
struct StartRequest {
    user: TelegramUser,
    payload: String,
}

async fn control_start(
    State(sandbox): State<TelegramSandbox>,
    axum::Json(req): axum::Json<StartRequest>,
) -> Response {
    let update_id = sandbox.open_deep_link(&req.user, &req.payload);
    axum::Json(json!({ "update_id": update_id })).into_response()
}

#[derive(Deserialize)]
struct UserRequest {
    user_id: i64,
}

async fn control_block(
    State(sandbox): State<TelegramSandbox>,
    axum::Json(req): axum::Json<UserRequest>,
) -> Response {
    sandbox.block(req.user_id);
    StatusCode::NO_CONTENT.into_response()
}

async fn control_unblock(
    State(sandbox): State<TelegramSandbox>,
    axum::Json(req): axum::Json<UserRequest>,
) -> Response {
    sandbox.unblock(req.user_id);
    StatusCode::NO_CONTENT.into_response()
}

#[derive(Deserialize)]
struct ThrottleRequest {
    count: u32,
    #[serde(default)]
    retry_after: Option<u64>,
}

async fn control_throttle(
    State(sandbox): State<TelegramSandbox>,
    axum::Json(req): axum::Json<ThrottleRequest>,
) -> Response {
    sandbox.throttle_next(req.count, req.retry_after.unwrap_or(1));
    StatusCode::NO_CONTENT.into_response()
}

async fn control_messages(
    State(sandbox): State<TelegramSandbox>,
    Path(chat_id): Path<i64>,
) -> Response {
    axum::Json(sandbox.messages(chat_id)).into_response()
}

async fn control_ledger(State(sandbox): State<TelegramSandbox>) -> Response {
    axum::Json(sandbox.ledger()).into_response()
}

/// A running stand-in; dropping it stops the server.
pub struct TelegramHandle {
    base_url: String,
    sandbox: TelegramSandbox,
    shutdown: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl TelegramHandle {
    /// `http://127.0.0.1:PORT`: the Bot API's base (`{base}/bot<token>/getMe`).
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn sandbox(&self) -> &TelegramSandbox {
        &self.sandbox
    }

    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for TelegramHandle {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

pub async fn serve(addr: SocketAddr, config: TelegramConfig) -> std::io::Result<TelegramHandle> {
    let listener = TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let sandbox = TelegramSandbox::new(config);
    let (tx, rx) = oneshot::channel::<()>();
    let app = sandbox.router();
    let task = tokio::spawn(async move {
        let server = axum::serve(listener, app).with_graceful_shutdown(async {
            let _ = rx.await;
        });
        if let Err(e) = server.await {
            tracing::error!(error = %e, "Telegram sandbox stopped");
        }
    });
    Ok(TelegramHandle {
        base_url: format!("http://{addr}"),
        sandbox,
        shutdown: Some(tx),
        task: Some(task),
    })
}

/// The stand-in on a free loopback port: the in-process form tests and the demo use.
pub async fn start(config: TelegramConfig) -> std::io::Result<TelegramHandle> {
    serve(SocketAddr::from(([127, 0, 0, 1], 0)), config).await
}
