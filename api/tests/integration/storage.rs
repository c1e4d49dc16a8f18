//! Files through the storage port over real HTTP, on both adapters: the local directory
//! (DATA_DIR) and an S3-compatible bucket (the sandbox's, which checks SigV4 as S3 does). On the
//! scaled stack the jobs run in `worker` processes, which read the files from the port.

use std::time::Duration;

use crate::common::*;
use serde_json::{Value, json};

const CREATE_TEMPLATE: &str =
    "mutation($i: ProductTemplateInput!) { createProductTemplate(input: $i) { id } }";
const CREATE_PRODUCTS: &str =
    "mutation($i: CreateProductWithTemplateInput!) { createProductWithTemplate(input: $i) }";
const PRESIGN: &str =
    "mutation($i: PresignedUrlInput!) { getPresignedUrl(input: $i) { presignedUrl fileUrl } }";
const EXPORT: &str = "mutation($f: OrderFilter) { exportOrders(filter: $f) { id status batchId } }";
const EXPORT_STATUS: &str = "query($id: ID!) { getOrderExport(id: $id) { id status doneRows totalRows downloadUrl fileName error } }";

/// A T-shirt template in a leaf category the sandbox accepts.
fn tee_template() -> Value {
    json!({
        "name": "Classic tee",
        "title": "{design} Classic Tee",
        "description": "<p>Soft cotton tee</p>",
        "packageWeight": { "value": 0.3, "unit": "KILOGRAM" },
        "packageDimensions": { "width": 20.0, "height": 2.0, "length": 30.0, "unit": "CENTIMETER" },
        "tiktokCategoryId": "601226",
        "variants": [{ "attributes": { "Color": "Black", "Size": "M" }, "sku": "BLK-M", "salePrice": 10.0, "listPrice": 14.0, "quantity": 20 }],
        "tiktokProductAttribute": [{ "attributeId": "100198", "valueIds": ["1001981"] }, { "attributeId": "100392", "valueIds": ["1003921"] }],
        "images": [],
        "type": "POD"
    })
}

/// Lists one product per design (name, image URLs) on a new shop; answers the finished batch.
async fn list_designs(s: &Server, admin: &str, designs: Value) -> Value {
    let template = s
        .ok(CREATE_TEMPLATE, json!({ "i": tee_template() }), Some(admin))
        .await["createProductTemplate"]["id"]
        .as_str()
        .expect("template")
        .to_owned();
    let ids = s
        .ok(
            CREATE_PRODUCTS,
            json!({ "i": { "templateId": template, "designs": designs } }),
            Some(admin),
        )
        .await["createProductWithTemplate"]
        .clone();
    let shop = connect_tiktok_shop(s, admin, "Storage Shop").await;
    let batch = s
        .ok(
            "mutation($i: BulkListingProductInput!) { bulkListingProduct(input: $i) { batchId } }",
            json!({ "i": { "shopId": shop, "productIds": ids, "mode": "AS_DRAFT" } }),
            Some(admin),
        )
        .await["bulkListingProduct"]["batchId"]
        .as_str()
        .expect("batch")
        .to_owned();
    wait_batch(s, admin, &batch, Duration::from_secs(90)).await
}

fn with_param(url: &str, name: &str, value: &str) -> String {
    let mut parsed = reqwest::Url::parse(url).expect("url");
    let pairs: Vec<(String, String)> = parsed
        .query_pairs()
        .map(|(k, v)| {
            let v = if k == name {
                value.to_owned()
            } else {
                v.into_owned()
            };
            (k.into_owned(), v)
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

/// The key of a file URL in the store: its path without the leading slash.
fn key_of(file_url: &str) -> String {
    reqwest::Url::parse(file_url)
        .expect("url")
        .path()
        .trim_start_matches('/')
        .to_owned()
}

#[tokio::test]
async fn uploads_go_to_the_bucket_by_presigned_put_and_are_listed_from_it() {
    let s = Server::start_with_files(&[("JOB_MAX_ATTEMPTS", "2")], Files::Bucket).await;
    let s3 = s.s3.as_ref().expect("bucket");
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;

    // The bucket signs for one size: it must be given, and within the limit.
    let ask = |i: Value| {
        let (s, admin) = (&s, &admin);
        async move { s.gql(PRESIGN, json!({ "i": i }), Some(admin)).await }
    };
    let res = ask(json!({ "fileName": "a.png", "contentType": "image/png" })).await;
    assert_eq!(
        (code(&res), field(&res)),
        ("BAD_USER_INPUT".into(), "contentLength".into()),
        "{res}"
    );
    let res = ask(
        json!({ "fileName": "a.png", "contentType": "image/png", "contentLength": 30_000_000 }),
    )
    .await;
    assert_eq!(field(&res), "contentLength", "{res}");
    let res =
        ask(json!({ "fileName": "a.png", "contentType": "text/html", "contentLength": 10 })).await;
    assert_eq!(field(&res), "contentType", "{res}");

    let (presigned, file_url) = presign_upload(
        &s,
        &admin,
        "Front Design.png",
        "image/png",
        "designs/front",
        DESIGN_PNG.len(),
    )
    .await;
    // The bucket's own URL, signed; the file's URL is the API's, the same as without a bucket.
    assert!(presigned.starts_with(s3.base_url()), "{presigned}");
    assert!(
        !presigned.contains(&s3.config().secret_access_key),
        "the secret never leaves the server"
    );
    assert!(
        file_url.starts_with(&format!("{}/uploads/", s.url))
            && file_url.ends_with("-Front-Design.png"),
        "{file_url}"
    );
    let key = key_of(&file_url);

    // Refused by the bucket: a changed signature, another key, another type, another size,
    // and no signature at all. Nothing is stored.
    let sig = param(&presigned, "X-Amz-Signature");
    let flipped = format!(
        "{}{}",
        if sig.starts_with('0') { '1' } else { '0' },
        &sig[1..]
    );
    let refused = [
        (
            with_param(&presigned, "X-Amz-Signature", &flipped),
            "image/png",
            DESIGN_PNG.to_vec(),
        ),
        (
            presigned.replace("-Front-Design.png", "-Other.png"),
            "image/png",
            DESIGN_PNG.to_vec(),
        ),
        (presigned.clone(), "image/jpeg", DESIGN_PNG.to_vec()),
        (presigned.clone(), "image/png", [DESIGN_PNG, b"x"].concat()),
        (
            presigned.split('?').next().expect("path").to_owned(),
            "image/png",
            DESIGN_PNG.to_vec(),
        ),
    ];
    for (url, content_type, body) in refused {
        let res = put_upload(&url, content_type, body).await;
        assert_eq!(res.status(), 403, "{url} as {content_type}");
    }
    assert!(!s.bucket_object(&key).expect("bucket").exists());

    let res = put_upload(&presigned, "image/png", DESIGN_PNG.to_vec()).await;
    assert_eq!(
        res.status(),
        200,
        "{}",
        res.text().await.unwrap_or_default()
    );
    // Once only: the URL again (leaked) cannot replace the file.
    assert_eq!(
        put_upload(&presigned, "image/png", vec![0u8; DESIGN_PNG.len()])
            .await
            .status(),
        412
    );
    // In the bucket, not on the API's disk; the API's own upload route signs nothing here.
    assert_eq!(
        std::fs::read(s.bucket_object(&key).expect("bucket")).expect("object"),
        DESIGN_PNG
    );
    assert!(!s.data_dir().join("uploads").exists());
    let own_put = reqwest::Client::new()
        .put(format!("{file_url}?expires=9999999999&signature=00"))
        .header("content-type", "image/png")
        .body(DESIGN_PNG.to_vec())
        .send()
        .await
        .expect("put");
    assert_eq!(own_put.status(), 404);

    // Served by the API from the bucket, which stays private.
    let got = reqwest::get(&file_url).await.expect("get");
    assert_eq!(got.status(), 200);
    assert_eq!(got.headers()["content-type"], "image/png");
    assert_eq!(got.headers()["x-content-type-options"], "nosniff");
    assert_eq!(got.bytes().await.expect("bytes").to_vec(), DESIGN_PNG);
    let direct = reqwest::get(format!("{}/{}/{key}", s3.base_url(), s3.config().bucket))
        .await
        .expect("get");
    assert_eq!(direct.status(), 403, "no public reads of the bucket");
    assert_eq!(
        reqwest::get(file_url.replace("-Front-Design.png", "-Missing.png"))
            .await
            .expect("get")
            .status(),
        404
    );

    // The web app may PUT to the bucket: its origin is in the pages' connect-src.
    let answer = s.get("/healthz").await;
    let csp = answer.headers()["content-security-policy"]
        .to_str()
        .expect("policy")
        .to_owned();
    let connect = csp
        .split(';')
        .find(|d| d.trim().starts_with("connect-src"))
        .expect("connect-src")
        .to_owned();
    assert!(connect.contains(s3.base_url()), "{csp}");

    // Listed: the job (in a worker process on the scaled stack) reads the picture from the
    // bucket and hands it to the marketplace.
    let done = list_designs(
        &s,
        &admin,
        json!([{ "name": "Uploaded", "mockupUrls": [file_url] }]),
    )
    .await;
    assert_eq!(done["succeeded"], 1, "{done}\n{}", tail(&s.log(), 40));
    // No credential in the log of any process.
    let log = s.log();
    assert!(!log.contains(&s3.config().secret_access_key));
    assert!(!log.contains(&s3.config().access_key_id));
}

#[tokio::test]
async fn a_missing_upload_fails_the_job_for_good_naming_the_file_on_both_adapters() {
    for files in [Files::Local, Files::Bucket] {
        let s = Server::start_with_files(&[("JOB_MAX_ATTEMPTS", "3")], files).await;
        let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
        // A URL asked for and never used: the file was never stored.
        let (_, ghost) = presign_upload(
            &s,
            &admin,
            "ghost.png",
            "image/png",
            "designs",
            DESIGN_PNG.len(),
        )
        .await;
        let name = ghost.rsplit('/').next().expect("name").to_owned();
        let done = list_designs(
            &s,
            &admin,
            json!([{ "name": "Ghost", "mockupUrls": [ghost] }]),
        )
        .await;
        assert_eq!(done["failed"], 1, "{files:?}: {done}");
        let failure = &done["failures"][0];
        let error = failure["error"].as_str().unwrap_or_default();
        assert!(
            error.contains(&format!("designs/{name}")) && error.contains("no longer exists"),
            "{files:?}: {error}"
        );
        assert_eq!(failure["attempts"], 1, "permanent: not retried ({files:?})");
    }
}

#[tokio::test]
async fn another_clients_files_are_unreachable() {
    let s = Server::start_with_files(&[("JOB_MAX_ATTEMPTS", "1")], Files::Bucket).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let other = new_client(&s, "other-prints", "ola@other.test").await;
    let theirs = upload(&s, &other, "theirs.png", "image/png", "designs", DESIGN_PNG).await;
    let ours = upload(&s, &admin, "ours.png", "image/png", "designs", DESIGN_PNG).await;

    // A job reads only its client's files.
    let done = list_designs(
        &s,
        &admin,
        json!([{ "name": "Ours", "mockupUrls": [ours] }, { "name": "Borrowed", "mockupUrls": [theirs] }]),
    )
    .await;
    assert_eq!(done["succeeded"], 1, "{done}");
    assert_eq!(done["failed"], 1, "{done}");
    assert!(
        done["failures"][0]["label"]
            .as_str()
            .unwrap_or_default()
            .starts_with("Borrowed"),
        "{done}"
    );

    // An export is its client's: another client's token gets 404 for it.
    let export = export_and_wait(&s, &admin).await;
    let url = export["downloadUrl"].as_str().expect("url").to_owned();
    assert_eq!(download(&url, Some(&admin)).await.status(), 200);
    assert_eq!(download(&url, Some(&other)).await.status(), 404);
    assert_eq!(download(&url, None).await.status(), 401);
}

async fn export_and_wait(s: &Server, admin: &str) -> Value {
    let queued = s.ok(EXPORT, json!({ "f": {} }), Some(admin)).await;
    let export_id = queued["exportOrders"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let done = wait_for(Duration::from_secs(60), || async {
        let e = s
            .ok(EXPORT_STATUS, json!({ "id": export_id }), Some(admin))
            .await["getOrderExport"]
            .clone();
        (e["status"] == "SUCCESS" || e["status"] == "FAILED").then_some(e)
    })
    .await
    .unwrap_or_else(|| panic!("the export did not finish; log:\n{}", tail(&s.log(), 40)));
    assert_eq!(done["status"], "SUCCESS", "{done}");
    done
}

async fn download(url: &str, token: Option<&str>) -> reqwest::Response {
    let mut req = reqwest::Client::new().get(url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.send().await.expect("download")
}

#[tokio::test]
async fn exports_and_mockups_are_written_and_read_back_on_both_adapters() {
    for files in [Files::Local, Files::Bucket] {
        let s = Server::start_with_files(&[], files).await;
        let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
        let client = s
            .ok("{ getMe { client { id } } }", json!({}), Some(&admin))
            .await["getMe"]["client"]["id"]
            .as_str()
            .expect("client")
            .to_owned();
        let done = export_and_wait(&s, &admin).await;
        // Stored as `{export id}.csv` (fileName is the name the download is saved as).
        let file_name = format!("{}.csv", done["id"].as_str().expect("id"));
        let res = download(done["downloadUrl"].as_str().expect("url"), Some(&admin)).await;
        assert_eq!(res.status(), 200, "{files:?}");
        assert_eq!(res.headers()["cache-control"], "private, no-store");
        let csv = res.text().await.expect("csv");
        assert!(csv.starts_with("Order ID,"), "{files:?}: {csv}");

        // Where the adapter keeps it: DATA_DIR/exports/…, or the bucket (and not the disk).
        let key = format!("exports/{client}/{file_name}");
        match files {
            Files::Bucket => {
                assert_eq!(
                    std::fs::read_to_string(s.bucket_object(&key).expect("bucket"))
                        .expect("object"),
                    csv
                );
                assert!(!s.data_dir().join("exports").exists());
            }
            _ => assert_eq!(
                std::fs::read_to_string(s.data_dir().join(&key)).expect("file"),
                csv
            ),
        }

        // A mockup (mockups are rendered by another issue): a stored picture under the
        // client's mockups, served back as it was written.
        let mockup = upload(&s, &admin, "mockup.png", "image/png", "mockups", DESIGN_PNG).await;
        let got = reqwest::get(&mockup).await.expect("get");
        assert_eq!(got.status(), 200, "{files:?}");
        assert_eq!(got.bytes().await.expect("bytes").to_vec(), DESIGN_PNG);
        let key = key_of(&mockup);
        assert!(
            key.starts_with(&format!("uploads/{client}/mockups/")),
            "{key}"
        );
        match files {
            Files::Bucket => assert!(s.bucket_object(&key).expect("bucket").exists()),
            _ => assert!(s.data_dir().join(&key).exists()),
        }
    }
}

#[tokio::test]
async fn a_fulfilment_order_with_a_missing_design_fails_naming_it_on_both_adapters() {
    const PROVIDER: &str = "mutation($i: CreateFulfillmentProviderInput!) { createFulfillmentProvider(input: $i) { id } }";
    const SIMPLE: &str = "mutation($i: CreateSimpleFulfillmentOrderInput!) { createSimpleFulfillmentOrder(input: $i) }";
    const ONE: &str = "query($id: ID!) { getFulfillmentOrderById(orderId: $id) { id status submission error externalId } }";
    for files in [Files::Local, Files::Bucket] {
        let s = Server::start_with_files(&[], files).await;
        let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
        let a = s
            .providers()
            .account(sandbox::providers::Provider::Printify);
        let provider = s
            .ok(
                PROVIDER,
                json!({ "i": { "provider": "PRINTIFY", "name": "Printify test", "apiKey": a.api_key, "shopId": a.shop_id } }),
                Some(&admin),
            )
            .await["createFulfillmentProvider"]["id"]
            .as_str()
            .expect("provider")
            .to_owned();
        let sku = s
            .ok(
                "query($p: ID!) { getFulfillmentProducts(providerId: $p, filter: { limit: 5 }) { items { variants { sku } } } }",
                json!({ "p": provider }),
                Some(&admin),
            )
            .await["getFulfillmentProducts"]["items"][0]["variants"][0]["sku"]
            .as_str()
            .expect("sku")
            .to_owned();
        let stored = upload(&s, &admin, "front.png", "image/png", "designs", DESIGN_PNG).await;
        let (_, missing) = presign_upload(
            &s,
            &admin,
            "lost.png",
            "image/png",
            "designs",
            DESIGN_PNG.len(),
        )
        .await;
        let send = |design: &str, reference: &str| {
            json!({ "i": { "providerId": provider, "refOrderId": reference,
                "items": [{ "fulfillmentSku": sku, "quantity": 1, "designFrontUrl": design }],
                "shipping": { "name": "Storage Buyer", "address1": "1 Main St", "city": "Austin", "postalCode": "73301", "regionCode": "US" } } })
        };
        let wait = |id: String| {
            let (s, admin) = (&s, &admin);
            async move {
                wait_for(Duration::from_secs(60), || async {
                    let o = s.ok(ONE, json!({ "id": id }), Some(admin)).await
                        ["getFulfillmentOrderById"]
                        .clone();
                    (o["externalId"].is_string() || o["submission"] == "FAILED").then_some(o)
                })
                .await
                .unwrap_or_else(|| {
                    panic!(
                        "the order never went out nor failed; log:\n{}",
                        tail(&s.log(), 40)
                    )
                })
            }
        };
        let ok = s.ok(SIMPLE, send(&stored, "STORE-1"), Some(&admin)).await
            ["createSimpleFulfillmentOrder"]
            .as_str()
            .expect("id")
            .to_owned();
        let sent = wait(ok).await;
        assert!(sent["externalId"].is_string(), "{files:?}: {sent}");

        let bad = s.ok(SIMPLE, send(&missing, "STORE-2"), Some(&admin)).await
            ["createSimpleFulfillmentOrder"]
            .as_str()
            .expect("id")
            .to_owned();
        let failed = wait(bad).await;
        assert_eq!(failed["submission"], "FAILED", "{files:?}: {failed}");
        let name = missing.rsplit('/').next().expect("name");
        assert!(
            failed["error"]
                .as_str()
                .unwrap_or_default()
                .contains(&format!("designs/{name}")),
            "{files:?}: {failed}"
        );
        assert!(failed["externalId"].is_null(), "the provider was not asked");
    }
}

#[tokio::test]
async fn a_refusing_bucket_shows_no_credential_in_an_answer_a_log_or_a_stored_error() {
    let mut s = Server::start_with_files(&[("JOB_MAX_ATTEMPTS", "1")], Files::Bucket).await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;
    let stored = upload(&s, &admin, "kept.png", "image/png", "designs", DESIGN_PNG).await;
    let endpoint = s.s3.as_ref().expect("bucket").base_url().to_owned();
    // The operator rotates the key in the bucket but configures a wrong one: every request of
    // the server is refused by the bucket.
    let wrong_id = "AKIDWRONGKEY00000000";
    let wrong_secret = "wrong-secret-that-must-never-show-0001";
    s.restart_with(&[
        ("S3_ACCESS_KEY_ID", wrong_id),
        ("S3_SECRET_ACCESS_KEY", wrong_secret),
    ])
    .await;
    let admin = s.login(DEMO_ADMIN, DEMO_PASSWORD).await;

    let served = reqwest::get(&stored).await.expect("get");
    assert_eq!(served.status(), 503);
    let body = served.text().await.expect("body");
    let done = list_designs(
        &s,
        &admin,
        json!([{ "name": "Kept", "mockupUrls": [stored] }]),
    )
    .await;
    assert_eq!(done["failed"], 1, "{done}");
    let stored_error = done["failures"][0]["error"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(stored_error.contains("could not be read"), "{stored_error}");
    let presigned = s
        .ok(
            PRESIGN,
            json!({ "i": { "fileName": "a.png", "contentType": "image/png", "contentLength": 10 } }),
            Some(&admin),
        )
        .await
        .to_string();
    // A presigned URL carries the key's id (SigV4 needs it), never its secret.
    assert!(presigned.contains(wrong_id), "{presigned}");
    let log = s.log();
    for (what, text) in [
        ("answer", body.as_str()),
        ("presigned answer", presigned.as_str()),
        ("stored error", stored_error.as_str()),
        ("log", log.as_str()),
    ] {
        assert!(!text.contains(wrong_secret), "{what} shows the secret");
    }
    for (what, text) in [
        ("answer", body.as_str()),
        ("stored error", stored_error.as_str()),
        ("log", log.as_str()),
    ] {
        assert!(!text.contains(wrong_id), "{what} shows the key id");
        assert!(
            what == "log" || !text.contains(&endpoint),
            "{what} shows the bucket's address"
        );
    }
}
