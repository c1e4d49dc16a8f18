//! Uploads over real HTTP to the API's own signed URLs (files under DATA_DIR, on either stack):
//! a presigned PUT stores the file under DATA_DIR/uploads and the public GET serves the same
//! bytes; expired, tampered, mistyped and oversized uploads are refused. The bucket's presigned
//! uploads are tested in storage.rs.

use crate::common::*;
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

const PRESIGN: &str =
    "mutation($i: PresignedUrlInput!) { getPresignedUrl(input: $i) { presignedUrl fileUrl } }";

async fn presign(
    s: &Server,
    token: &str,
    file_name: &str,
    content_type: &str,
    folder: Option<&str>,
) -> (String, String) {
    let data = s
        .ok(PRESIGN, json!({ "i": { "fileName": file_name, "contentType": content_type, "folder": folder } }), Some(token))
        .await;
    let url = &data["getPresignedUrl"];
    (
        url["presignedUrl"].as_str().expect("presigned").to_owned(),
        url["fileUrl"].as_str().expect("file url").to_owned(),
    )
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(30))
        .build()
        .expect("client")
}

async fn put(url: &str, content_type: &str, body: Vec<u8>) -> reqwest::Response {
    http()
        .put(url)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("put")
}

/// A PNG-looking payload of `n` bytes.
fn png(n: usize) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend((0..n.saturating_sub(8)).map(|i| (i % 251) as u8));
    bytes
}

/// The URL with one query parameter replaced.
fn with_param(url: &str, name: &str, value: &str) -> String {
    let mut parsed = reqwest::Url::parse(url).expect("url");
    let pairs: Vec<(String, String)> = parsed
        .query_pairs()
        .map(|(k, v)| {
            (
                k.to_string(),
                if k == name {
                    value.to_owned()
                } else {
                    v.into_owned()
                },
            )
        })
        .collect();
    parsed.query_pairs_mut().clear().extend_pairs(pairs);
    parsed.to_string()
}

fn param(url: &str, name: &str) -> String {
    reqwest::Url::parse(url)
        .expect("url")
        .query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
        .expect("param")
}

#[tokio::test]
async fn a_signed_put_stores_the_file_and_the_get_serves_it() {
    let s = Server::start_with_files(&[], Files::Local).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (presigned, file_url) = presign(
        &s,
        &admin,
        "Front Design.png",
        "image/png",
        Some("designs/front"),
    )
    .await;
    assert!(
        presigned.starts_with(&format!("{}/uploads/", s.url)),
        "{presigned}"
    );
    assert!(
        file_url.contains("/designs/front/") && file_url.ends_with("-Front-Design.png"),
        "{file_url}"
    );
    assert!(
        presigned.starts_with(&format!("{file_url}?")),
        "the same path, signed"
    );

    let bytes = png(5_000);
    let res = put(&presigned, "image/png", bytes.clone()).await;
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );

    // Public: no token needed, served with its type.
    let got = http().get(&file_url).send().await.expect("get");
    assert_eq!(got.status(), 200);
    assert_eq!(got.headers()["content-type"], "image/png");
    assert_eq!(got.headers()["x-content-type-options"], "nosniff");
    assert_eq!(got.bytes().await.expect("bytes").to_vec(), bytes);

    // On disk under DATA_DIR/uploads/{client}/{folder}/.
    let rel = file_url.split("/uploads/").nth(1).expect("path");
    let on_disk = s.data_dir().join("uploads").join(rel);
    assert_eq!(std::fs::read(&on_disk).expect("stored file"), bytes);

    // A URL stores one file once: a second PUT of it (a leaked URL) is refused and changes
    // nothing.
    assert_eq!(put(&presigned, "image/png", png(300)).await.status(), 409);
    assert_eq!(
        http()
            .get(&file_url)
            .send()
            .await
            .expect("get")
            .bytes()
            .await
            .expect("bytes")
            .to_vec(),
        bytes
    );

    // STAFF may upload too; files of a client live under the client's folder.
    let staff = s.login(DEMO_STAFF, DEMO_PASSWORD).await;
    let (_, staff_file) = presign(&s, &staff, "chart.pdf", "application/pdf", None).await;
    let client_part = |u: &str| {
        u.split("/uploads/")
            .nth(1)
            .and_then(|p| p.split('/').next())
            .map(str::to_owned)
    };
    assert_eq!(client_part(&staff_file), client_part(&file_url));
    assert!(staff_file.contains("/files/"), "{staff_file}");

    assert_eq!(
        http()
            .get(format!("{}/uploads/x/files/missing.png", s.url))
            .send()
            .await
            .expect("get")
            .status(),
        404
    );
    assert_eq!(
        http()
            .get(format!("{}/uploads/x/files/..%2Fsecrets-key", s.url))
            .send()
            .await
            .expect("get")
            .status(),
        404
    );
}

#[tokio::test]
async fn bad_requests_for_a_url_name_their_field() {
    let s = Server::start_with_files(&[], Files::Local).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let ask = |name: &'static str, ct: &'static str, folder: Option<&'static str>| {
        let s = &s;
        let admin = admin.clone();
        async move {
            let res = s
                .gql(
                    PRESIGN,
                    json!({ "i": { "fileName": name, "contentType": ct, "folder": folder } }),
                    Some(&admin),
                )
                .await;
            (code(&res), field(&res))
        }
    };
    let bad = |f: &str| ("BAD_USER_INPUT".to_owned(), f.to_owned());
    assert_eq!(
        ask("page.html", "text/html", None).await,
        bad("contentType")
    );
    assert_eq!(
        ask("logo.svg", "image/svg+xml", None).await,
        bad("contentType")
    );
    assert_eq!(
        ask("../../secrets-key", "image/png", None).await,
        bad("fileName")
    );
    assert_eq!(ask("   ", "image/png", None).await, bad("fileName"));
    assert_eq!(ask("invoice.pdf", "image/png", None).await, bad("fileName"));
    assert_eq!(
        ask("a.png", "image/png", Some("../up")).await,
        bad("folder")
    );
    let res = s
        .gql(
            PRESIGN,
            json!({ "i": { "fileName": "a.png", "contentType": "image/png" } }),
            None,
        )
        .await;
    assert_eq!(code(&res), "UNAUTHENTICATED");
}

#[tokio::test]
async fn expired_tampered_and_mistyped_uploads_are_refused() {
    let s = Server::start_with_files(&[], Files::Local).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (presigned, file_url) = presign(&s, &admin, "mug.png", "image/png", None).await;
    let body = png(1_000);

    // Tampered: another signature, another expiry, another path.
    let sig = param(&presigned, "signature");
    let flipped = format!(
        "{}{}",
        if sig.starts_with('0') { '1' } else { '0' },
        &sig[1..]
    );
    let forged_expiry = (param(&presigned, "expires")
        .parse::<i64>()
        .expect("expires")
        + 3600)
        .to_string();
    let other_path = presigned.replace("-mug.png", "-other.png");
    for url in [
        with_param(&presigned, "signature", &flipped),
        with_param(&presigned, "expires", &forged_expiry),
        other_path,
        file_url.clone(),
    ] {
        let res = put(&url, "image/png", body.clone()).await;
        assert_eq!(res.status(), 403, "{url}");
    }

    // Another allowed type than the one signed: the signature does not hold.
    assert_eq!(
        put(&presigned, "image/jpeg", body.clone()).await.status(),
        403
    );
    // A type never accepted.
    assert_eq!(
        put(&presigned, "text/html", b"<script>1</script>".to_vec())
            .await
            .status(),
        415
    );

    // Expired: a URL signed exactly as the server signs, with the server's key, but whose
    // time is up.
    let secrets =
        domain::secrets::Secrets::load(s.env.get("SECRETS_KEY").map(String::as_str), s.data_dir())
            .expect("secrets");
    let path = reqwest::Url::parse(&file_url)
        .expect("url")
        .path()
        .to_owned();
    let past = chrono::Utc::now().timestamp() - 1;
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(&secrets.derive_key("uploads")).expect("hmac");
    mac.update(format!("PUT\n{path}\n{past}\nimage/png").as_bytes());
    let signature = hex::encode(mac.finalize().into_bytes());
    let expired = format!("{file_url}?expires={past}&signature={signature}");
    let res = put(&expired, "image/png", body.clone()).await;
    assert_eq!(res.status(), 403);
    let text: Value = res.json().await.expect("json");
    assert!(
        text["error"]
            .as_str()
            .unwrap_or_default()
            .contains("expired"),
        "{text}"
    );
    // The same forgery with a time still ahead is accepted: the scheme is what we think it is.
    let ahead = chrono::Utc::now().timestamp() + 60;
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(&secrets.derive_key("uploads")).expect("hmac");
    mac.update(format!("PUT\n{path}\n{ahead}\nimage/png").as_bytes());
    let fresh = format!(
        "{file_url}?expires={ahead}&signature={}",
        hex::encode(mac.finalize().into_bytes())
    );

    // Nothing was stored by any refused attempt.
    assert_eq!(
        http().get(&file_url).send().await.expect("get").status(),
        404
    );
    assert_eq!(put(&fresh, "image/png", body.clone()).await.status(), 200);
    assert_eq!(
        http().get(&file_url).send().await.expect("get").status(),
        200
    );
}

#[tokio::test]
async fn uploads_over_the_limit_are_refused() {
    let s = Server::start_with_files(&[("UPLOAD_MAX_BYTES", "4096")], Files::Local).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let (presigned, file_url) = presign(&s, &admin, "big.png", "image/png", None).await;
    let res = put(&presigned, "image/png", png(4097)).await;
    assert_eq!(res.status(), 413);
    assert_eq!(
        http().get(&file_url).send().await.expect("get").status(),
        404
    );
    // At the limit exactly: fine.
    assert_eq!(put(&presigned, "image/png", png(4096)).await.status(), 200);
}
