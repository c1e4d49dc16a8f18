//! Secrets at rest: the `mail.send` rows of `event_histories` hold nothing a reader of the table
//! could use (the mails' bodies are sealed), while the mails themselves carry working links;
//! a signed upload URL stores one file once.

use crate::common::*;
use serde_json::{Value, json};

const SIGN_UP: &str = "mutation($i: SignUpClientInput!) { signUpClient(input: $i) }";
const FORGOT: &str = "mutation($e: String!) { forgotPassword(email: $e) }";
const RESET: &str =
    "mutation($t: String!, $p: String!) { resetPasswordWithToken(token: $t, password: $p) }";
const VERIFY: &str = "mutation($t: String!) { verifyClient(token: $t) }";
const HISTORIES: &str = "query($f: EventHistoryFilter) { getEventHistories(filter: $f) { items { id type status event error } } }";
const PRESIGN: &str =
    "mutation($i: PresignedUrlInput!) { getPresignedUrl(input: $i) { presignedUrl fileUrl } }";

/// Every row of the jobs table as the database holds it: (type, payload, error).
async fn raw_jobs(s: &Server) -> Vec<(String, String, Option<String>)> {
    use sqlx::Row;
    let db = database(s).await;
    let mut conn = db.conn().await.expect("connection");
    let rows = sqlx::query("SELECT type, payload, error FROM event_histories")
        .fetch_all(&mut *conn)
        .await
        .expect("rows");
    rows.iter()
        .map(|r| {
            (
                r.try_get("type").expect("type"),
                r.try_get("payload").expect("payload"),
                r.try_get("error").expect("error"),
            )
        })
        .collect()
}

#[tokio::test]
async fn mail_jobs_store_no_usable_link_and_the_mailed_links_work() {
    let s = Server::start().await;
    s.ok(FORGOT, json!({ "e": DEMO_STAFF }), None).await;
    let owner = "owner@at-rest.test";
    s.ok(
        SIGN_UP,
        json!({ "i": { "clientName": "At Rest", "clientKey": "at-rest", "email": owner, "password": "at-rest-password",
                        "firstName": "Rae", "lastName": "Rest" } }),
        None,
    )
    .await;
    // Waiting for the mails also waits for their jobs to have run.
    let reset_token = s.mailed_token(DEMO_STAFF, "/auth/reset-password").await;
    let verify_token = s.mailed_token(owner, "/verify-email").await;

    // The table, read directly: no token, no link, no body; each mail's envelope and its body
    // sealed.
    let rows = raw_jobs(&s).await;
    let mails: Vec<&(String, String, Option<String>)> = rows
        .iter()
        .filter(|(kind, _, _)| kind == "mail.send")
        .collect();
    assert_eq!(mails.len(), 2, "{rows:?}");
    for (kind, payload, error) in &rows {
        let text = format!("{payload} {}", error.as_deref().unwrap_or_default());
        for secret in [reset_token.as_str(), verify_token.as_str(), "token="] {
            assert!(
                !text.contains(secret),
                "a {kind} row holds {secret:?}: {text}"
            );
        }
    }
    for (_, payload, _) in mails {
        let payload: Value = serde_json::from_str(payload).expect("json payload");
        let mail = &payload["mail"];
        assert!(
            [DEMO_STAFF, owner].contains(&mail["to"].as_str().unwrap_or_default()),
            "{payload}"
        );
        assert!(
            mail["subject"]
                .as_str()
                .is_some_and(|s| s.starts_with("Sellerdesk")),
            "{payload}"
        );
        assert!(
            mail["sealed"]
                .as_str()
                .is_some_and(|s| s.starts_with("v1:")),
            "{payload}"
        );
        assert!(
            mail.get("text").is_none() && mail.get("html").is_none(),
            "{payload}"
        );
    }

    // The monitors: recipient and subject, nothing else.
    let root = s.login(SUPER_EMAIL, SUPER_PASSWORD).await;
    let seen = s
        .ok(
            HISTORIES,
            json!({ "f": { "type": "mail.send" } }),
            Some(&root),
        )
        .await;
    let items = seen["getEventHistories"]["items"]
        .as_array()
        .expect("items");
    assert_eq!(items.len(), 2);
    for item in items {
        let text = item.to_string();
        assert!(
            !text.contains(&reset_token)
                && !text.contains(&verify_token)
                && !text.contains("token=")
                && !text.contains("v1:"),
            "{text}"
        );
        assert!(
            item["event"]["mail"]["to"].is_string() && item["event"]["mail"]["subject"].is_string(),
            "{item}"
        );
    }

    // The links in the mails work.
    s.ok(
        RESET,
        json!({ "t": reset_token, "p": "a-new-staff-password" }),
        None,
    )
    .await;
    s.login(DEMO_STAFF, "a-new-staff-password").await;
    s.ok(VERIFY, json!({ "t": verify_token }), None).await;
    s.login(owner, "at-rest-password").await;
}

fn png(n: usize, seed: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend((0..n.saturating_sub(8)).map(|i| (i % 251) as u8 ^ seed));
    bytes
}

#[tokio::test]
async fn a_signed_upload_url_stores_one_file_once() {
    // The API's own signed URLs; a bucket's presigned ones are once-only by If-None-Match
    // (storage.rs).
    let s = Server::start_with_files(&[], Files::Local).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let http = reqwest::Client::new();
    let presign = || {
        let (s, admin) = (&s, &admin);
        async move {
            let data = s
                .ok(
                    PRESIGN,
                    json!({ "i": { "fileName": "design.png", "contentType": "image/png" } }),
                    Some(admin),
                )
                .await;
            let url = &data["getPresignedUrl"];
            (
                url["presignedUrl"].as_str().expect("presigned").to_owned(),
                url["fileUrl"].as_str().expect("file").to_owned(),
            )
        }
    };
    let put = |url: String, body: Vec<u8>| {
        let http = http.clone();
        async move {
            http.put(&url)
                .header("content-type", "image/png")
                .body(body)
                .send()
                .await
                .expect("put")
                .status()
                .as_u16()
        }
    };
    let read = |url: String| {
        let http = http.clone();
        async move {
            http.get(&url)
                .send()
                .await
                .expect("get")
                .bytes()
                .await
                .expect("bytes")
                .to_vec()
        }
    };

    let (presigned, file_url) = presign().await;
    let first = png(2_000, 1);
    assert_eq!(put(presigned.clone(), first.clone()).await, 200);
    // The same URL again (leaked through a log, a proxy, a history) is refused and the file
    // stays as it was.
    assert_eq!(put(presigned.clone(), png(500, 2)).await, 409);
    assert_eq!(read(file_url.clone()).await, first);

    // Racing PUTs of one URL: exactly one stores its file.
    let (presigned, file_url) = presign().await;
    let bodies: Vec<Vec<u8>> = (0..6).map(|i| png(50_000, i as u8 + 10)).collect();
    let answers =
        futures::future::join_all(bodies.iter().map(|b| put(presigned.clone(), b.clone()))).await;
    let won: Vec<usize> = answers
        .iter()
        .enumerate()
        .filter(|(_, a)| **a == 200)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(won.len(), 1, "{answers:?}");
    assert!(
        answers.iter().all(|a| *a == 200 || *a == 409),
        "{answers:?}"
    );
    assert_eq!(read(file_url).await, bodies[won[0]]);
}
