//! Telegram alerts through the Bot API stand-in: linking by deep link (polling and webhook),
//! single-use tokens, the alerts a user chose arriving once (a 429 only delays them), no
//! alerts after a disconnect or a block, a forged webhook refused, and the bot token in no
//! answer and no stored job error.

use std::time::Duration;

use crate::common::*;
use sandbox::telegram::{TelegramConfig, TelegramHandle, TelegramUser};
use serde_json::{Value, json};

const LINK: &str = "mutation { createTelegramLink { url botUsername expiresAt } }";
const ME: &str = "{ getTelegramUser { id firstName lastName username } }";
const ALERTS: &str = "mutation($a: [TelegramAlert!]!) { setTelegramAlerts(alerts: $a) }";
const HISTORIES: &str = "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { id type status error attempts } } }";
const WEBHOOK_SECRET: &str = "hook_Secret-0123456789";

fn ann() -> TelegramUser {
    TelegramUser {
        id: 7_001,
        first_name: "Ann".into(),
        last_name: Some("Lee".into()),
        username: Some("annlee".into()),
    }
}

fn bob() -> TelegramUser {
    TelegramUser {
        id: 7_002,
        first_name: "Bob".into(),
        last_name: None,
        username: Some("bobby".into()),
    }
}

fn carol() -> TelegramUser {
    TelegramUser {
        id: 7_003,
        first_name: "Carol".into(),
        last_name: Some("Ng".into()),
        username: None,
    }
}

/// A server whose bot is a stand-in of this test; `webhook` makes it take updates by webhook.
async fn start(webhook: bool) -> (Server, TelegramHandle) {
    let telegram = sandbox::telegram::start(TelegramConfig::default())
        .await
        .expect("Telegram sandbox");
    let token = telegram.sandbox().bot_token();
    let mut env = vec![
        ("TELEGRAM_BOT_TOKEN", token.as_str()),
        ("TELEGRAM_API_BASE", telegram.base_url()),
        ("CRON_TELEGRAM_POLL", "*/1 * * * * *"),
    ];
    if webhook {
        env.push(("TELEGRAM_WEBHOOK_SECRET", WEBHOOK_SECRET));
    }
    let server = Server::start_with(&env).await;
    (server, telegram)
}

/// Creates a link as `token`'s user; answers the deep link's start payload.
async fn link_payload(s: &Server, token: &str) -> String {
    let link = s.ok(LINK, json!({}), Some(token)).await["createTelegramLink"].clone();
    assert_eq!(link["botUsername"], "sellerdesk_sandbox_bot", "{link}");
    let url = link["url"].as_str().expect("url").to_owned();
    let prefix = "https://t.me/sellerdesk_sandbox_bot?start=";
    assert!(url.starts_with(prefix), "{url}");
    let payload = url[prefix.len()..].to_owned();
    assert!(
        !payload.is_empty()
            && payload.len() <= 64
            && payload
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
        "Telegram's start payload rules: {payload}"
    );
    payload
}

async fn linked(s: &Server, token: &str) -> Value {
    s.ok(ME, json!({}), Some(token)).await["getTelegramUser"].clone()
}

async fn wait_linked(s: &Server, token: &str) -> Value {
    wait_for(Duration::from_secs(20), || async {
        let user = linked(s, token).await;
        (!user.is_null()).then_some(user)
    })
    .await
    .unwrap_or_else(|| panic!("not linked in time\n{}", tail(&s.log(), 40)))
}

/// Messages sent to `chat` whose text contains `needle`.
fn messages(t: &TelegramHandle, chat: i64, needle: &str) -> Vec<String> {
    t.sandbox()
        .messages(chat)
        .into_iter()
        .map(|m| m.text)
        .filter(|text| text.contains(needle))
        .collect()
}

async fn wait_message(s: &Server, t: &TelegramHandle, chat: i64, needle: &str) -> Vec<String> {
    wait_for(Duration::from_secs(30), || async {
        let found = messages(t, chat, needle);
        (!found.is_empty()).then_some(found)
    })
    .await
    .unwrap_or_else(|| {
        panic!(
            "no message with {needle:?} in chat {chat}: {:?}\n{}",
            t.sandbox().messages(chat),
            tail(&s.log(), 40)
        )
    })
}

/// A shop sync that fails (TikTok answers 500 to everything): a batch that ends with failures.
async fn failing_sync(s: &Server, admin: &str, shop: &str) {
    s.sandbox().set_faults(sandbox::tiktok::Faults {
        error_rate: 1.0,
        ..Default::default()
    });
    let batch = s
        .ok(
            "mutation($id: ID!) { syncShop(id: $id) { batchId } }",
            json!({ "id": shop }),
            Some(admin),
        )
        .await["syncShop"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(s, admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(done["failed"], 1, "{done}");
    s.sandbox().set_faults(sandbox::tiktok::Faults::default());
}

#[tokio::test]
async fn a_deep_link_links_once_and_shows_the_names() {
    let (s, t) = start(false).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let mut answers: Vec<String> = Vec::new();
    assert!(linked(&s, &admin).await.is_null());

    let payload = link_payload(&s, &admin).await;
    t.sandbox().open_deep_link(&ann(), &payload);
    let user = wait_linked(&s, &admin).await;
    assert_eq!(user["firstName"], "Ann");
    assert_eq!(user["lastName"], "Lee");
    assert_eq!(user["username"], "annlee");
    answers.push(user.to_string());
    wait_message(&s, &t, ann().id, "now linked").await;

    // The same token again, from someone else: nothing linked, they are told why.
    t.sandbox().open_deep_link(&bob(), &payload);
    wait_message(&s, &t, bob().id, "expired or was already used").await;
    assert_eq!(linked(&s, &admin).await, user, "the first link stays");
    assert!(linked(&s, &staff).await.is_null());

    // An expired token links nothing.
    let expired = link_payload(&s, &staff).await;
    let db = database(&s).await;
    let mut conn = db.conn().await.expect("connection");
    sqlx::query("UPDATE telegram_links SET expires_at = '2000-01-01T00:00:00.000000Z' WHERE used_at IS NULL")
        .execute(&mut *conn)
        .await
        .expect("expire");
    t.sandbox().open_deep_link(&carol(), &expired);
    wait_message(&s, &t, carol().id, "expired or was already used").await;
    assert!(linked(&s, &staff).await.is_null());
    let stored: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM telegram_links WHERE token_hash = $1 OR token_hash = $2",
    )
    .bind(&payload)
    .bind(&expired)
    .fetch_one(&mut *conn)
    .await
    .expect("count");
    assert_eq!(stored, 0, "tokens are stored hashed");

    // Another user's link is not found, and stays.
    let res = s
        .gql(
            "mutation($id: ID!) { disconnectTelegramBot(id: $id) }",
            json!({ "id": user["id"] }),
            Some(&staff),
        )
        .await;
    assert_eq!(code(&res), "NOT_FOUND", "{res}");
    answers.push(res.to_string());
    assert_eq!(linked(&s, &admin).await, user);

    let token = t.sandbox().bot_token();
    for answer in &answers {
        assert!(!answer.contains(&token), "{answer}");
    }
    assert!(
        !s.log().contains(&token),
        "the bot token is in the server's log"
    );
}

#[tokio::test]
async fn chosen_alerts_arrive_once_and_stop_after_disconnect_or_block() {
    let (s, t) = start(false).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Alerts Shop").await;

    let a = link_payload(&s, &admin).await;
    t.sandbox().open_deep_link(&ann(), &a);
    let admin_link = wait_linked(&s, &admin).await;
    let b = link_payload(&s, &staff).await;
    t.sandbox().open_deep_link(&bob(), &b);
    let staff_link = wait_linked(&s, &staff).await;
    wait_message(&s, &t, ann().id, "now linked").await;
    wait_message(&s, &t, bob().id, "now linked").await;

    // Linking chose every alert; the admin keeps only orders.
    let chosen =
        s.ok("{ getTelegramAlerts }", json!({}), Some(&staff)).await["getTelegramAlerts"].clone();
    assert_eq!(
        chosen,
        json!([
            "BULK_BATCH_FAILED",
            "ORDERS_DUE",
            "PROMOTION_RENEWAL_FAILED",
            "LOW_BALANCE"
        ])
    );
    let set = s
        .ok(ALERTS, json!({ "a": ["ORDERS_DUE"] }), Some(&admin))
        .await["setTelegramAlerts"]
        .clone();
    assert_eq!(set, json!(["ORDERS_DUE"]));

    // Telegram throttles the first send: the alert comes later, not lost, not twice.
    t.sandbox().throttle_next(1, 1);
    failing_sync(&s, &admin, &shop).await;
    let alert = wait_message(&s, &t, bob().id, "Syncing a shop").await;
    assert!(alert[0].contains("1 of 1 item failed"), "{alert:?}");
    assert!(
        t.sandbox()
            .ledger()
            .iter()
            .any(|e| e.method == "sendMessage" && e.status == 429),
        "the stand-in answered 429 once"
    );
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(messages(&t, bob().id, "Syncing a shop").len(), 1, "once");
    assert!(
        messages(&t, ann().id, "Syncing a shop").is_empty(),
        "the admin did not choose it"
    );

    // The staff disconnects; the admin chooses it now: the next failure reaches the admin only.
    let res = s
        .ok(
            "mutation($id: ID!) { disconnectTelegramBot(id: $id) }",
            json!({ "id": staff_link["id"] }),
            Some(&staff),
        )
        .await;
    assert_eq!(res["disconnectTelegramBot"], true);
    assert!(linked(&s, &staff).await.is_null());
    s.ok(ALERTS, json!({ "a": ["BULK_BATCH_FAILED"] }), Some(&admin))
        .await;
    failing_sync(&s, &admin, &shop).await;
    wait_message(&s, &t, ann().id, "Syncing a shop").await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(messages(&t, bob().id, "Syncing a shop").len(), 1);

    // The admin blocks the bot: the next alert fails for good and removes the link.
    t.sandbox().block(ann().id);
    failing_sync(&s, &admin, &shop).await;
    wait_for(Duration::from_secs(30), || async {
        linked(&s, &admin).await.is_null().then_some(())
    })
    .await
    .unwrap_or_else(|| panic!("the link stays after a block\n{}", tail(&s.log(), 40)));
    assert_eq!(messages(&t, ann().id, "Syncing a shop").len(), 1);
    assert_ne!(admin_link["id"], Value::Null);

    // Stored job errors and answers hold no token.
    let token = t.sandbox().bot_token();
    let histories = s
        .ok(
            HISTORIES,
            json!({ "f": { "type": "telegram.notify", "limit": 100 } }),
            Some(&root),
        )
        .await;
    let items = histories["getEventHistories"]["items"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        items
            .iter()
            .any(|j| j["status"] == "FAILED"
                && j["error"].as_str().unwrap_or("").contains("blocked")),
        "{histories}"
    );
    let text = histories.to_string();
    assert!(!text.contains(&token), "{text}");
    let (_, secret) = token.split_once(':').expect("token shape");
    assert!(!text.contains(secret), "{text}");
    assert!(
        !s.log().contains(secret),
        "the bot token is in the server's log"
    );
}

#[tokio::test]
async fn orders_due_within_a_day_or_late_are_named_once() {
    let telegram = sandbox::telegram::start(TelegramConfig::default())
        .await
        .expect("Telegram sandbox");
    let token = telegram.sandbox().bot_token();
    let s = Server::start_with(&[
        ("TELEGRAM_BOT_TOKEN", token.as_str()),
        ("TELEGRAM_API_BASE", telegram.base_url()),
        ("TELEGRAM_BOT_USERNAME", "sellerdesk_sandbox_bot"),
        ("CRON_TELEGRAM_POLL", "*/1 * * * * *"),
        ("CRON_TELEGRAM_ALERTS", "*/2 * * * * *"),
    ])
    .await;
    let t = telegram;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Due Shop").await;
    let a = link_payload(&s, &admin).await;
    t.sandbox().open_deep_link(&ann(), &a);
    wait_linked(&s, &admin).await;

    // Three orders to ship: one due in 3 hours, one late, one due in 3 days.
    let db = database(&s).await;
    let mut conn = db.conn().await.expect("connection");
    let client: String = sqlx::query_scalar("SELECT client_id FROM shops WHERE id = $1")
        .bind(&shop)
        .fetch_one(&mut *conn)
        .await
        .expect("client");
    let now = chrono::Utc::now();
    for (n, hours) in [("DUE-1", 3), ("LATE-1", -2), ("LATER-1", 72)] {
        let at = (now + chrono::Duration::hours(hours))
            .format("%Y-%m-%dT%H:%M:%S%.3fZ")
            .to_string();
        sqlx::query(
            "INSERT INTO orders (id, client_id, shop_id, external_order_id, status, ordered_at, ship_by_at, created_at, updated_at)
             VALUES ($1, $2, $3, $4, 'AWAITING_SHIPMENT', $5, $6, $5, $5)",
        )
        .bind(domain::ids::new_id())
        .bind(&client)
        .bind(&shop)
        .bind(n)
        .bind(now.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
        .bind(at)
        .execute(&mut *conn)
        .await
        .expect("order");
    }
    // The shop's own synced orders may be named too; these three are ours.
    let due = wait_message(&s, &t, ann().id, "#DUE-1").await;
    assert!(
        due[0].contains("must ship within 24 hours") && !due[0].contains("LATER-1"),
        "{due:?}"
    );
    let late = wait_message(&s, &t, ann().id, "#LATE-1").await;
    assert!(late[0].contains("late"), "{late:?}");
    // Later ticks name nothing again.
    tokio::time::sleep(Duration::from_secs(5)).await;
    assert_eq!(messages(&t, ann().id, "#DUE-1").len(), 1);
    assert_eq!(messages(&t, ann().id, "#LATE-1").len(), 1);
    assert!(messages(&t, ann().id, "#LATER-1").is_empty());
}

#[tokio::test]
async fn the_webhook_links_and_refuses_a_forged_secret() {
    let (s, t) = start(true).await;
    assert_eq!(
        t.sandbox().webhook_url().as_deref(),
        Some(format!("{}/webhooks/telegram", s.url).as_str()),
        "the API registered its webhook"
    );
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let payload = link_payload(&s, &admin).await;
    let update = json!({
        "update_id": 555,
        "message": {
            "message_id": 1,
            "from": { "id": 9_001, "is_bot": false, "first_name": "Mallory" },
            "chat": { "id": 9_001, "type": "private" },
            "date": 0,
            "text": format!("/start {payload}"),
        }
    });
    let http = reqwest::Client::new();
    let url = format!("{}/webhooks/telegram", s.url);
    for secret in [Some("forged"), Some(""), None] {
        let mut req = http.post(&url).json(&update);
        if let Some(secret) = secret {
            req = req.header("X-Telegram-Bot-Api-Secret-Token", secret);
        }
        let res = req.send().await.expect("post");
        assert_eq!(res.status(), 401, "secret {secret:?}");
    }
    assert!(
        linked(&s, &admin).await.is_null(),
        "a forged delivery links nothing"
    );

    // The real user, through Telegram's own delivery.
    t.sandbox().open_deep_link(&ann(), &payload);
    let user = wait_linked(&s, &admin).await;
    assert_eq!(user["firstName"], "Ann");
    wait_message(&s, &t, ann().id, "now linked").await;
    let update_id = t
        .sandbox()
        .deliveries()
        .last()
        .map(|d| d.update_id)
        .expect("a delivery");

    // Telegram delivers the same update again: applied once.
    let again = json!({
        "update_id": update_id,
        "message": {
            "message_id": 2,
            "from": { "id": ann().id, "is_bot": false, "first_name": "Ann" },
            "chat": { "id": ann().id, "type": "private" },
            "date": 0,
            "text": format!("/start {payload}"),
        }
    });
    let res = http
        .post(&url)
        .header("X-Telegram-Bot-Api-Secret-Token", WEBHOOK_SECRET)
        .json(&again)
        .send()
        .await
        .expect("post");
    assert_eq!(res.status(), 200);
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(messages(&t, ann().id, "now linked").len(), 1);
    assert!(messages(&t, ann().id, "expired").is_empty());
    assert_eq!(linked(&s, &admin).await, user);
}

/// A paid period that cannot renew from the balance alerts the admins who chose low-balance
/// alerts, once, and not the staff.
#[tokio::test]
async fn a_renewal_short_of_balance_alerts_the_admins_once() {
    let telegram = sandbox::telegram::start(TelegramConfig::default())
        .await
        .expect("Telegram sandbox");
    let token = telegram.sandbox().bot_token();
    let s = Server::start_with(&[
        ("TELEGRAM_BOT_TOKEN", token.as_str()),
        ("TELEGRAM_API_BASE", telegram.base_url()),
        ("CRON_TELEGRAM_POLL", "*/1 * * * * *"),
        ("CRON_PLAN_RENEW", "*/1 * * * * *"),
    ])
    .await;
    let t = telegram;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let a = link_payload(&s, &admin).await;
    t.sandbox().open_deep_link(&ann(), &a);
    wait_linked(&s, &admin).await;
    let b = link_payload(&s, &staff).await;
    t.sandbox().open_deep_link(&bob(), &b);
    wait_linked(&s, &staff).await;

    // BASIC's period ended an hour ago with $1.00 left: the renewal is short.
    let db = database(&s).await;
    let mut conn = db.conn().await.expect("connection");
    let ended = domain::time::to_db(chrono::Utc::now() - chrono::Duration::hours(1));
    let started = domain::time::to_db(chrono::Utc::now() - chrono::Duration::days(30));
    sqlx::query(
        "UPDATE client_subscriptions SET plan_id = (SELECT id FROM subscription_plans WHERE type = 'BASIC'),
            start_date = $1, end_date = $2, balance_cents = 100
         WHERE client_id = (SELECT client_id FROM users WHERE email = $3)",
    )
    .bind(&started)
    .bind(&ended)
    .bind(DEMO_ADMIN)
    .execute(&mut *conn)
    .await
    .expect("a period that ended");
    drop(conn);

    let alert = wait_message(&s, &t, ann().id, "balance is low").await;
    assert!(alert[0].contains("$1.00"), "{alert:?}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(messages(&t, ann().id, "balance is low").len(), 1, "once");
    assert!(
        messages(&t, bob().id, "balance is low").is_empty(),
        "only admins hear of the balance"
    );
}
