//! The platform's secrets stay on the server. TikTok Shop's token calls carry the app secret,
//! the seller's auth code and refresh token in their query string; when the host cannot be
//! reached, none of them (nor the URL) may reach a GraphQL answer, a stored job error or a
//! line of the server's log.

use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const APP_SECRET: &str = "sek-RECOGNISABLE-123";
const AUTH_CODE: &str = "code-RECOGNISABLE-456";

const HISTORIES: &str = "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { id type status error event attempts batchId clientId } } }";
const BATCH: &str = "query($id: ID!) { getJobBatch(id: $id) { id type total pending processing succeeded failed failures { jobId label error attempts } } }";

/// The refresh token the server holds for a shop, unsealed with the key in its DATA_DIR.
async fn refresh_token_of(s: &Server, shop: &str) -> String {
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let sealed: String =
        sqlx::query_scalar("SELECT refresh_token_encrypted FROM shops WHERE id = $1")
            .bind(shop)
            .fetch_one(&mut *conn)
            .await
            .expect("the shop's sealed refresh token");
    let secrets =
        domain::secrets::Secrets::load(s.env.get("SECRETS_KEY").map(String::as_str), s.data_dir())
            .expect("secrets key");
    secrets.open(&sealed).expect("unsealed")
}

fn assert_clean(what: &str, text: &str, secrets: &[&str]) {
    for secret in secrets {
        assert!(!text.contains(secret), "{what} holds {secret:?}:\n{text}");
    }
}

#[tokio::test]
async fn an_unreachable_tiktok_auth_host_leaks_no_secret() {
    // Access tokens living an hour are always within the refresh margin (a day): every job
    // that opens the shop asks the auth host for new tokens.
    let mut tiktok = sandbox_config();
    tiktok.app_secret = APP_SECRET.into();
    tiktok.access_token_ttl = Duration::from_secs(3600);
    let mut s = Server::start_with_sandbox(&[("JOB_MAX_ATTEMPTS", "1")], tiktok).await;
    assert_eq!(s.env["TIKTOK_APP_SECRET"], APP_SECRET);
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let shop = connect_tiktok_shop(&s, &admin, "Secret Shop").await;

    // Every TikTok host now points at a port where nothing listens.
    let dead = format!("http://127.0.0.1:{}", free_port());
    s.restart_with(&[("TIKTOK_BASE_URL", &dead)]).await;
    let refresh_token = refresh_token_of(&s, &shop).await;
    let secrets = [
        APP_SECRET,
        AUTH_CODE,
        refresh_token.as_str(),
        dead.as_str(),
        "app_secret=",
    ];
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;

    // authorizeShop: the token exchange cannot reach the auth host.
    let link = s
        .ok(
            "mutation { generateAuthorizeLink(targetMarket: US, saleChannel: TIKTOK) }",
            json!({}),
            Some(&admin),
        )
        .await["generateAuthorizeLink"]
        .as_str()
        .expect("link")
        .to_owned();
    let res = s
        .gql(
            "mutation($i: AuthorizeShopInput!) { authorizeShop(input: $i) { id } }",
            json!({ "i": { "code": AUTH_CODE, "state": state_of(&link), "saleChannel": "TIKTOK", "targetMarket": "US" } }),
            Some(&admin),
        )
        .await;
    assert_eq!(code(&res), "UPSTREAM_ERROR", "{res}");
    assert!(
        message(&res).contains("could not be reached"),
        "a message written for the seller: {res}"
    );
    assert_clean("the authorizeShop answer", &res.to_string(), &secrets);

    // A job that refreshes the shop's token: the refresh cannot reach the auth host.
    let batch = s
        .ok(
            "mutation($id: ID!) { syncShop(id: $id) { batchId queued } }",
            json!({ "id": shop }),
            Some(&admin),
        )
        .await["syncShop"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    let done = wait_batch(&s, &admin, &batch, Duration::from_secs(60)).await;
    assert_eq!(
        done["failed"], 1,
        "the sync fails without the auth host: {done}"
    );
    let failure = done["failures"][0]["error"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        failure.contains("could not be reached"),
        "a message written for the seller: {done}"
    );

    let mut answers: Vec<(String, Value)> = Vec::new();
    answers.push((
        "getJobBatch as the ADMIN".into(),
        s.ok(BATCH, json!({ "id": batch }), Some(&admin)).await,
    ));
    answers.push((
        "getJobBatch as the SUPER_ADMIN".into(),
        s.ok(BATCH, json!({ "id": batch }), Some(&root)).await,
    ));
    answers.push((
        "getEventHistories as the ADMIN".into(),
        s.ok(HISTORIES, json!({ "f": { "limit": 100 } }), Some(&admin))
            .await,
    ));
    answers.push((
        "getEventHistories as the SUPER_ADMIN".into(),
        s.ok(HISTORIES, json!({ "f": { "limit": 100 } }), Some(&root))
            .await,
    ));
    let failed = s
        .ok(
            HISTORIES,
            json!({ "f": { "limit": 100, "status": "FAILED" } }),
            Some(&root),
        )
        .await;
    assert!(
        failed["getEventHistories"]["items"]
            .as_array()
            .is_some_and(|items| items.iter().any(|j| j["type"] == "shop.sync")),
        "the failed sync is listed: {failed}"
    );
    answers.push(("the failed jobs".into(), failed));
    for (what, answer) in &answers {
        assert_clean(what, &answer.to_string(), &secrets);
    }

    // The stored rows themselves, whoever reads the table.
    let db = database(&s).await;
    let mut conn = db.conn().await.expect("connection");
    let errors: Vec<Option<String>> = sqlx::query_scalar("SELECT error FROM event_histories")
        .fetch_all(&mut *conn)
        .await
        .expect("errors");
    let errors: Vec<String> = errors.into_iter().flatten().collect();
    assert!(!errors.is_empty(), "some job failed");
    assert_clean("event_histories.error", &errors.join("\n"), &secrets);

    // And the log of every process (the API, and the workers on the scaled stack).
    let log = s.log();
    assert!(
        log.contains("TikTok Shop request failed"),
        "the failure is logged:\n{}",
        tail(&log, 40)
    );
    for line in log.lines() {
        assert_clean("a log line", line, &secrets);
    }
}
